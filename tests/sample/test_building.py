"""The generated sample building, checked with raw ifcopenshell."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from pathlib import Path
from typing import TypeAlias

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element as element_util
import ifcopenshell.util.system
import ifcopenshell.util.unit
import ifcopenshell.validate
import numpy as np
import pytest

from ifcqa.sample import SUPPORTED_SCHEMAS, build_sample_model, write_sample_model

Entity: TypeAlias = ifcopenshell.entity_instance


@pytest.fixture(scope="module")
def model() -> ifcopenshell.file:
    """Two storeys of four rooms: a 2 × 2 plan, so every kind of wall and door occurs."""
    return build_sample_model(storeys=2, rooms_per_storey=4, seed=0)


@pytest.fixture(scope="module")
def ifc2x3() -> ifcopenshell.file:
    return build_sample_model(storeys=2, rooms_per_storey=4, seed=0, schema="IFC2X3")


def _by_name(model: ifcopenshell.file, ifc_class: str, name: str) -> Entity:
    return next(entity for entity in model.by_type(ifc_class) if entity.Name == name)


def _guids(model: ifcopenshell.file) -> list[str]:
    return [root.GlobalId for root in model.by_type("IfcRoot")]


def _property_values(model: ifcopenshell.file) -> list[tuple[str, str, object]]:
    values = []
    for product in model.by_type("IfcElement") + model.by_type("IfcSpace"):
        for pset_name, props in sorted(element_util.get_psets(product).items()):
            values += [(product.Name, f"{pset_name}.{key}", value) for key, value in props.items() if key != "id"]
    return values


def test_counts_of_storeys_spaces_walls_doors_and_windows_match_the_arguments(model: ifcopenshell.file) -> None:
    assert len(model.by_type("IfcProject")) == len(model.by_type("IfcSite")) == len(model.by_type("IfcBuilding")) == 1
    assert [storey.Name for storey in model.by_type("IfcBuildingStorey")] == ["Level 0", "Level 1"]
    assert [storey.Elevation for storey in model.by_type("IfcBuildingStorey")] == [0.0, 3.0]
    assert len(model.by_type("IfcSpace")) == 2 * 4
    assert len(model.by_type("IfcWall")) == 2 * 7  # 4 exterior, 1 spine wall, 2 partitions per storey
    assert len(model.by_type("IfcDoor")) == 2 * 4  # one door per room
    assert len(model.by_type("IfcWindow")) == 6 + 8  # one per façade a room touches, none beside an entrance
    assert len(model.by_type("IfcSlab", include_subtypes=False)) == 2 + 1 + 1  # floors, roof, one landing


def test_spaces_are_aggregated_in_their_storey_with_distinct_names(model: ifcopenshell.file) -> None:
    spaces = model.by_type("IfcSpace")
    assert len({space.Name for space in spaces}) == len(spaces)
    office = next(space for space in spaces if space.Name.endswith(" 1.03"))
    assert element_util.get_aggregate(office).Name == "Level 1"
    assert office.LongName
    assert all(space.PredefinedType == "INTERNAL" for space in spaces)


def test_element_names_are_unique_within_each_class(model: ifcopenshell.file) -> None:
    for ifc_class in ("IfcWall", "IfcDoor", "IfcWindow", "IfcSlab", "IfcOpeningElement", "IfcAirTerminal"):
        names = [entity.Name for entity in model.by_type(ifc_class)]
        assert len(set(names)) == len(names), ifc_class
    assert _by_name(model, "IfcWall", "Wall L1-03")
    assert _by_name(model, "IfcDoor", "Door L1-02").Tag == "D1.02"


def test_every_door_and_window_fills_an_opening_that_voids_a_wall(model: ifcopenshell.file) -> None:
    for filling in model.by_type("IfcDoor") + model.by_type("IfcWindow"):
        (fills,) = filling.FillsVoids
        (voids,) = fills.RelatingOpeningElement.VoidsElements
        wall = voids.RelatingBuildingElement
        assert wall.is_a("IfcWall")
        assert element_util.get_container(filling) == element_util.get_container(wall)
        assert element_util.get_type(filling) is not None
        assert filling.ObjectPlacement.PlacementRelTo == fills.RelatingOpeningElement.ObjectPlacement


def test_stair_flights_reach_their_storey_through_the_stair_aggregate(model: ifcopenshell.file) -> None:
    (stair,) = model.by_type("IfcStair")
    assert element_util.get_container(stair, should_get_direct=True).Name == "Level 0"
    parts = element_util.get_parts(stair)
    flights = [part for part in parts if part.is_a("IfcStairFlight")]
    assert len(flights) == 2 and any(part.is_a("IfcSlab") and part.PredefinedType == "LANDING" for part in parts)
    for flight in flights:
        assert element_util.get_container(flight, should_get_direct=True) is None
        assert element_util.get_aggregate(flight) == stair
        assert element_util.get_container(flight).Name == "Level 0"


def test_type_psets_are_inherited_and_an_occurrence_value_overrides_the_type(model: ifcopenshell.file) -> None:
    exterior_type = _by_name(model, "IfcWallType", "WT-Exterior-300")
    type_values = element_util.get_psets(exterior_type)["Pset_WallCommon"]
    assert type_values["ThermalTransmittance"] == 0.25 and type_values["IsExternal"] is True
    south = element_util.get_psets(_by_name(model, "IfcWall", "Wall L0-01"))["Pset_WallCommon"]
    assert south["ThermalTransmittance"] != 0.25  # the occurrence wins
    assert south["FireRating"] == "REI90"  # the rest comes from the type
    spine = element_util.get_psets(_by_name(model, "IfcWall", "Wall L0-05"))["Pset_WallCommon"]
    interior_type = element_util.get_psets(_by_name(model, "IfcWallType", "WT-Interior-100"))["Pset_WallCommon"]
    assert interior_type["LoadBearing"] is False and spine["LoadBearing"] is True
    assert "ThermalTransmittance" not in spine  # missing values stay missing


def test_walls_carry_layer_set_usages_of_their_type_with_several_materials(model: ifcopenshell.file) -> None:
    materials_by_type: dict[str, set[str]] = {}
    for wall in model.by_type("IfcWall"):
        usage = element_util.get_material(wall, should_inherit=False)
        assert usage.is_a("IfcMaterialLayerSetUsage")
        wall_type = element_util.get_type(wall)
        assert usage.ForLayerSet == element_util.get_material(wall_type)
        thickness = sum(layer.LayerThickness for layer in usage.ForLayerSet.MaterialLayers)
        assert usage.OffsetFromReferenceLine == pytest.approx(-thickness / 2)
        materials_by_type[wall_type.Name] = {material.Name for material in element_util.get_materials(wall)}
    assert {"Concrete", "Insulation"} <= materials_by_type["WT-Exterior-300"]
    assert len(materials_by_type["WT-Interior-100"]) >= 2
    assert not materials_by_type["WT-Exterior-300"] & materials_by_type["WT-Interior-100"]


def test_slabs_have_a_predefined_type_a_material_and_load_bearing_values(model: ifcopenshell.file) -> None:
    slabs = {slab.Name: slab for slab in model.by_type("IfcSlab")}
    assert slabs["Slab L0"].PredefinedType == "BASESLAB"
    assert slabs["Slab L1"].PredefinedType == "FLOOR"
    assert slabs["Roof Slab"].PredefinedType == "ROOF"
    assert element_util.get_container(slabs["Roof Slab"]).Name == "Level 1"
    for slab in slabs.values():
        assert element_util.get_materials(slab)
        assert element_util.get_psets(slab)["Pset_SlabCommon"]["LoadBearing"] is True


def test_units_are_metres_square_metres_cubic_metres_and_radians(model: ifcopenshell.file) -> None:
    assert ifcopenshell.util.unit.calculate_unit_scale(model) == 1.0
    units = {unit.UnitType: (unit.Prefix, unit.Name) for unit in model.by_type("IfcProject")[0].UnitsInContext.Units}
    assert units == {
        "LENGTHUNIT": (None, "METRE"),
        "AREAUNIT": (None, "SQUARE_METRE"),
        "VOLUMEUNIT": (None, "CUBIC_METRE"),
        "PLANEANGLEUNIT": (None, "RADIAN"),
    }


def test_the_same_seed_gives_identical_guids_and_property_values(model: ifcopenshell.file) -> None:
    again = build_sample_model(storeys=2, rooms_per_storey=4, seed=0)
    assert _guids(again) == _guids(model)
    assert _property_values(again) == _property_values(model)
    assert again.to_string().split("DATA;")[1] == model.to_string().split("DATA;")[1]


def test_a_different_seed_gives_different_guids_and_values(model: ifcopenshell.file) -> None:
    other = build_sample_model(storeys=2, rooms_per_storey=4, seed=1)
    assert not set(_guids(other)) & set(_guids(model))
    assert _property_values(other) != _property_values(model)


def test_property_values_vary_and_some_are_missing() -> None:
    model = build_sample_model(storeys=3, rooms_per_storey=9, seed=3)
    exterior = [w for w in model.by_type("IfcWall") if element_util.get_psets(w)["Pset_WallCommon"]["IsExternal"]]
    u_values = {element_util.get_psets(wall)["Pset_WallCommon"]["ThermalTransmittance"] for wall in exterior}
    assert len(u_values) >= 3
    doors = [element_util.get_psets(door)["Pset_DoorCommon"] for door in model.by_type("IfcDoor")]
    assert len({door.get("FireRating") for door in doors} - {None}) >= 2
    assert any("FireRating" not in door for door in doors)


def test_two_buildings_each_get_their_own_storeys() -> None:
    model = build_sample_model(storeys=2, rooms_per_storey=3, buildings=2)
    buildings = model.by_type("IfcBuilding")
    assert [building.Name for building in buildings] == ["Building A", "Building B"]
    for building in buildings:
        storeys = [part for part in element_util.get_parts(building) if part.is_a("IfcBuildingStorey")]
        assert sorted(storey.Name for storey in storeys) == ["Level 0", "Level 1"]
        spaces = [space for storey in storeys for space in element_util.get_parts(storey)]
        assert len(spaces) == 2 * 3
    assert len(model.by_type("IfcStair")) == 2
    systems = {system.Name for system in model.by_type("IfcDistributionSystem")}
    assert systems == {"Supply Air A", "Lighting A", "Supply Air B", "Lighting B"}


def test_every_space_is_bounded_by_its_four_walls_its_floor_and_its_ceiling(model: ifcopenshell.file) -> None:
    for space in model.by_type("IfcSpace"):
        boundaries = space.BoundedBy
        kinds = Counter(boundary.RelatedBuildingElement.is_a() for boundary in boundaries)
        assert kinds == {"IfcWall": 4, "IfcSlab": 2}
        assert all(boundary.PhysicalOrVirtualBoundary == "PHYSICAL" for boundary in boundaries)
        assert all(boundary.ConnectionGeometry.SurfaceOnRelatingElement for boundary in boundaries)
        assert any(boundary.InternalOrExternalBoundary == "EXTERNAL" for boundary in boundaries)


def test_terminals_are_typed_contained_in_storeys_and_grouped_in_systems(model: ifcopenshell.file) -> None:
    for ifc_class, system_name in (("IfcAirTerminal", "Supply Air"), ("IfcLightFixture", "Lighting")):
        terminals = model.by_type(ifc_class)
        assert len(terminals) == 2 * 4
        for terminal in terminals:
            assert element_util.get_container(terminal, should_get_direct=True).is_a("IfcBuildingStorey")
            assert element_util.get_type(terminal).is_a(f"{ifc_class}Type")
            assert [system.Name for system in ifcopenshell.util.system.get_element_systems(terminal)] == [system_name]


def _shapes(model: ifcopenshell.file) -> dict[Entity, tuple[np.ndarray, np.ndarray]]:
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    iterator = ifcopenshell.geom.iterator(settings, model, multiprocessing.cpu_count())
    assert iterator.initialize()
    boxes = {}
    while True:
        shape = iterator.get()
        verts = np.array(shape.geometry.verts).reshape(-1, 3)
        boxes[model.by_id(shape.id)] = (verts.min(axis=0), verts.max(axis=0))
        if not iterator.next():
            return boxes


def test_the_geometry_iterator_makes_plausible_shapes_for_walls_slabs_doors_and_windows(
    model: ifcopenshell.file,
) -> None:
    boxes = _shapes(model)
    for ifc_class in ("IfcWall", "IfcSlab", "IfcDoor", "IfcWindow", "IfcStairFlight", "IfcSpace"):
        assert all(entity in boxes for entity in model.by_type(ifc_class)), ifc_class
    for wall in model.by_type("IfcWall"):
        low, high = boxes[wall]
        size = sorted(high[:2] - low[:2])
        quantities = element_util.get_psets(wall)["Qto_WallBaseQuantities"]
        assert size[1] == pytest.approx(quantities["Length"], abs=1e-6)
        assert size[0] == pytest.approx(quantities["Width"], abs=1e-6)
        assert high[2] - low[2] == pytest.approx(quantities["Height"], abs=1e-6)
    for filling in model.by_type("IfcDoor") + model.by_type("IfcWindow"):
        wall = filling.FillsVoids[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement
        (low, high), (wall_low, wall_high) = boxes[filling], boxes[wall]
        assert np.all(low >= wall_low - 1e-6) and np.all(high <= wall_high + 1e-6), filling.Name
        assert high[2] - low[2] == pytest.approx(filling.OverallHeight, abs=1e-6)


def test_space_and_slab_quantities_match_their_geometry(model: ifcopenshell.file) -> None:
    boxes = _shapes(model)
    for space in model.by_type("IfcSpace"):
        low, high = boxes[space]
        quantities = element_util.get_psets(space)["Qto_SpaceBaseQuantities"]
        assert (high[0] - low[0]) * (high[1] - low[1]) == pytest.approx(quantities["NetFloorArea"], abs=1e-6)
    slab = _by_name(model, "IfcSlab", "Slab L0")
    low, high = boxes[slab]
    quantities = element_util.get_psets(slab)["Qto_SlabBaseQuantities"]
    assert (high[0] - low[0]) * (high[1] - low[1]) == pytest.approx(quantities["GrossArea"], abs=1e-6)
    assert high[2] - low[2] == pytest.approx(quantities["Width"], abs=1e-6)


def test_the_written_file_reopens_with_the_same_entity_count(tmp_path: Path) -> None:
    target = tmp_path / "out" / "sample.ifc"
    written = write_sample_model(target, storeys=1, rooms_per_storey=3, seed=2)
    assert written == target
    assert [path.name for path in target.parent.iterdir()] == ["sample.ifc"]  # no temporary file left
    reopened = ifcopenshell.open(str(target))
    expected = build_sample_model(storeys=1, rooms_per_storey=3, seed=2)
    assert len(list(reopened)) == len(list(expected))
    assert _guids(reopened) == _guids(expected)


def test_the_same_arguments_and_file_name_write_the_same_bytes(tmp_path: Path) -> None:
    """The header's time is fixed too, so the content hash (which seeds a benchmark made from the file) is stable."""
    import time

    first = write_sample_model(tmp_path / "a" / "house.ifc", storeys=1, rooms_per_storey=2, seed=4).read_bytes()
    time.sleep(1.1)  # the header's time stamp has a resolution of one second
    second = write_sample_model(tmp_path / "b" / "house.ifc", storeys=1, rooms_per_storey=2, seed=4).read_bytes()
    other = write_sample_model(tmp_path / "c" / "house.ifc", storeys=1, rooms_per_storey=2, seed=5).read_bytes()
    assert first == second != other
    assert b"'2024-01-01T00:00:00+00:00'" in first.split(b"ENDSEC;")[0]


@pytest.mark.parametrize("schema", SUPPORTED_SCHEMAS)
def test_a_small_model_passes_schema_validation_with_express_rules(schema: str) -> None:
    model = build_sample_model(storeys=1, rooms_per_storey=2, schema=schema)
    logger = ifcopenshell.validate.json_logger()
    ifcopenshell.validate.validate(model, logger, express_rules=True)
    assert logger.statements == []


def test_the_ifc2x3_model_uses_the_classes_of_its_schema(ifc2x3: ifcopenshell.file) -> None:
    assert ifc2x3.schema == "IFC2X3"
    assert len(ifc2x3.by_type("IfcWallStandardCase")) == 2 * 7
    assert all(element_util.get_type(door).is_a("IfcDoorStyle") for door in ifc2x3.by_type("IfcDoor"))
    terminals = ifc2x3.by_type("IfcFlowTerminal")
    terminal_types = {element_util.get_type(terminal).is_a() for terminal in terminals}
    assert terminal_types == {"IfcAirTerminalType", "IfcLightFixtureType"}
    assert {system.Name for system in ifc2x3.by_type("IfcSystem")} == {"Supply Air", "Lighting"}
    assert len(ifc2x3.by_type("IfcOwnerHistory")) == 1
    assert ifcopenshell.util.unit.calculate_unit_scale(ifc2x3) == 1.0


@pytest.mark.parametrize(
    "kwargs",
    [{"schema": "IFC4X3"}, {"storeys": 0}, {"rooms_per_storey": 0}, {"buildings": 0}, {"buildings": 27}],
)
def test_unsupported_schemas_and_out_of_range_arguments_raise_value_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        build_sample_model(**kwargs)
