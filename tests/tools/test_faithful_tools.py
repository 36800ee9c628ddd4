"""Issue 11: tools show every fact the file holds, each checked against raw IfcOpenShell.

Unnamed quantity sets (a copy of a shared model with every IfcElementQuantity Name unset), every
attribute of an element's class, spaces by LongName, batch lookups and "which of these" filters,
space boundary flags and adjacent spaces, layer thicknesses, grouping by container, the one
property-path convention, and errors that list the arguments a tool takes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.errors import ToolError
from ifcqa.ifc.diagnostics import unnamed_set_name
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.index.selector import select
from ifcqa.tools import MAX_OUTPUT_CHARS, call_tool, render

IndexOf = Callable[[str], ModelIndex]
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"


@pytest.fixture(scope="module")
def raw_of(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    opened: dict[str, ifcopenshell.file] = {}

    def load(name: str) -> ifcopenshell.file:
        if name not in opened:
            opened[name] = ifcopenshell.open(str(shared_ifc / name))
        return opened[name]

    return load


@pytest.fixture(scope="module")
def unnamed(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[ifcopenshell.file, ModelIndex]:
    """The Institute model with every IfcElementQuantity Name unset (as older ArchiCAD exports write them)."""
    model = ifcopenshell.open(str(shared_ifc / INSTITUTE))
    for qto in model.by_type("IfcElementQuantity"):
        qto.Name = None
    folder = tmp_path_factory.mktemp("unnamed")
    model.write(str(folder / "unnamed.ifc"))
    raw = ifcopenshell.open(str(folder / "unnamed.ifc"))
    return raw, load_index(folder / "unnamed.ifc", cache=IndexCache(folder / "cache"))


def every_row(index: ModelIndex, tool: str, args: dict[str, Any], key: str) -> list[Any]:
    """All rows of a paged tool result, following next_offset."""
    rows: list[Any] = []
    offset = 0
    while True:
        result = call_tool(index, tool, {**args, "offset": offset, "limit": 200})
        rows += result[key]
        if not result["truncated"]:
            return rows
        offset = result["next_offset"]


def raw_quantities(entity: ifcopenshell.entity_instance) -> dict[str, dict[str, Any]]:
    """The quantity sets of an element as the file holds them, unnamed ones under their placeholder."""
    sets: dict[str, dict[str, Any]] = {}
    for rel in entity.IsDefinedBy or ():
        definition = getattr(rel, "RelatingPropertyDefinition", None)
        if definition is not None and definition.is_a("IfcElementQuantity"):
            name = definition.Name or unnamed_set_name(definition.id())
            sets[name] = {q.Name: q[3] for q in definition.Quantities}
    return sets


def test_get_quantities_of_every_space_equals_the_unnamed_sets_in_the_file(unnamed) -> None:
    raw, index = unnamed
    spaces = raw.by_type("IfcSpace")
    assert len(spaces) == 82
    for space in spaces:
        result = call_tool(index, "get_quantities", {"element": space.GlobalId})
        got = {name: {q: v["value"] for q, v in props.items()} for name, props in result["quantity_sets"].items()}
        expected = raw_quantities(space)
        assert expected and got == expected
        assert "has no Name in the file" in result["unnamed_sets"]
        assert all(v["unit"] for props in result["quantity_sets"].values() for v in props.values())


def test_unnamed_sets_are_addressed_by_their_placeholder_in_tools_and_selectors(unnamed) -> None:
    raw, index = unnamed
    space = raw.by_type("IfcSpace")[0]
    placeholder, values = next(iter(raw_quantities(space).items()))
    prop = "NetFloorArea" if "NetFloorArea" in values else next(iter(values))
    got = call_tool(index, "get_property", {"element": space.GlobalId, "property": f"{placeholder}.{prop}"})
    assert got["available"] and got["value"] == values[prop] and got["pset"] == placeholder
    assert [e.guid for e in select(index, f'IfcSpace, "{placeholder}".{prop}>=0')] == [space.GlobalId]
    listed = every_row(index, "list_property_sets", {"ifc_class": "IfcSpace"}, "sets")
    assert placeholder in {row["name"] for row in listed}
    assert "unnamed_sets" in call_tool(index, "list_property_sets", {"ifc_class": "IfcSpace", "limit": 1})


def test_get_element_shows_every_attribute_of_the_class_as_get_info(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    for entity in raw.by_type("IfcDoor")[:20] + raw.by_type("IfcSpace")[:20] + raw.by_type("IfcWall")[:20]:
        shown = call_tool(index, "get_element", {"element": entity.GlobalId})
        info = entity.get_info(include_identifier=False, recursive=False)
        info.pop("type")
        assert list(shown["attributes"]) == list(info)
        for name, value in info.items():
            got = shown["attributes"][name]
            if isinstance(value, ifcopenshell.entity_instance):
                assert (got["id"], got["class"]) == (value.id(), value.is_a())
            else:
                assert got == pytest.approx(value) if isinstance(value, float) else got == value
        assert shown["derived"]["predefined_type"] == element_util.get_predefined_type(entity)
        assert "PredefinedType" not in shown["attributes"]  # IFC2X3 doors, walls and spaces have none
        assert len(render(shown)) <= MAX_OUTPUT_CHARS
    door = call_tool(index, "get_element", {"element": raw.by_type("IfcDoor")[0].GlobalId})
    assert door["attribute_units"] == {"OverallHeight": "m", "OverallWidth": "m"}


def test_spaces_are_found_by_long_name_and_refs_show_it(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    space = next(s for s in raw.by_type("IfcSpace") if s.LongName == "Seminarraum")
    found = call_tool(index, "find_elements", {"name": "SEMINARRAUM"})
    assert [(r["guid"], r["name"], r["long_name"]) for r in found["elements"]] == [
        (space.GlobalId, space.Name, space.LongName)
    ]
    shown = call_tool(index, "get_element", {"element": "Seminarraum"})
    assert (shown["guid"], shown["matched_by"]) == (space.GlobalId, "long_name")
    partial = {r["guid"] for r in every_row(index, "find_elements", {"name": "~labor"}, "elements")}
    named = [(e, f"{e.Name} {getattr(e, 'LongName', '')}".lower()) for e in raw.by_type("IfcProduct")]
    assert partial == {e.GlobalId for e, text in named if "labor" in text} and len(partial) > 5


def test_which_of_these_use_a_material_is_one_call_whatever_the_material(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    users = {e.GlobalId for e in raw.by_type("IfcProduct") if "Leer" in {m.Name for m in element_util.get_materials(e)}}
    assert len(users) > 200  # the common value that made the oracle page before
    candidates = [e.GlobalId for e in raw.by_type("IfcProduct")][:150]
    result = call_tool(index, "find_by_material", {"material": "Leer", "elements": candidates})
    assert {r["guid"] for r in result["elements"]} == users & set(candidates)
    assert not result["truncated"] and result["among"] == len(set(candidates))
    counted = call_tool(index, "find_by_material", {"material": "Leer", "limit": 0})
    assert counted["total"] == len(users) and counted["elements"] == []
    compact = call_tool(index, "find_by_material", {"material": "Leer", "compact": True, "limit": 200})
    objects = call_tool(index, "find_by_material", {"material": "Leer", "limit": 200})
    assert compact["columns"] == ["id", "guid", "class", "name"]
    assert compact["returned"] > 1.5 * objects["returned"] and len(render(compact)) <= MAX_OUTPUT_CHARS
    assert [row[1] for row in compact["elements"]] == [r["guid"] for r in every_row(
        index, "find_by_material", {"material": "Leer"}, "elements")][: compact["returned"]]


def test_lookup_elements_reads_type_storey_and_materials_of_many_elements_at_once(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    walls = raw.by_type("IfcWall")[:20]
    result = call_tool(
        index, "lookup_elements", {"elements": [w.GlobalId for w in walls] + ["no such wall"], "facts": None}
    )
    assert result["columns"] == ["id", "name", "class", "type", "storey", "materials"]
    assert result["unknown_elements"] == ["no such wall"] and not result["truncated"]
    rows = {row[0]: row for row in result["rows"]}
    for wall in walls:
        element_type = element_util.get_type(wall)
        storey = element_util.get_container(wall, ifc_class="IfcBuildingStorey")
        materials = sorted({m.Name for m in element_util.get_materials(wall)})  # one name per material
        row = rows[wall.id()]
        assert row[2:5] == [wall.is_a(), element_type.Name if element_type else None, storey.Name]
        assert sorted(row[5]) == materials
    facts = ["Pset_WallCommon.IsExternal"]
    props = call_tool(index, "lookup_elements", {"elements": [walls[0].GlobalId], "facts": facts})
    assert props["rows"][0][2] == element_util.get_psets(walls[0])["Pset_WallCommon"]["IsExternal"]


def test_space_boundaries_carry_their_flags(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of("KIT-EDC_with_SB.ifc"), raw_of("KIT-EDC_with_SB.ifc")
    for space in raw.by_type("IfcSpace")[:15]:
        rels = [r for r in space.BoundedBy if r.RelatedBuildingElement is not None]
        result = call_tool(index, "get_space_boundaries", {"element": space.GlobalId, "limit": 200})
        expected: dict[str, int] = {}
        for r in space.BoundedBy:
            key = f"{r.PhysicalOrVirtualBoundary} {r.InternalOrExternalBoundary}"
            expected[key] = expected.get(key, 0) + 1
        assert result["counts_by_flags"] == expected
        external = call_tool(index, "get_space_boundaries", {"element": space.GlobalId, "internal": "EXTERNAL"})
        shown = {row["id"] for rows in external["by_class"].values() for row in rows}
        wanted = {r.RelatedBuildingElement.id() for r in rels if r.InternalOrExternalBoundary == "EXTERNAL"}
        assert shown == wanted


def test_adjacent_spaces_share_a_bounding_element_or_a_corresponding_boundary(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of("KIT-EDC_with_SB.ifc"), raw_of("KIT-EDC_with_SB.ifc")
    bounded: dict[int, set[int]] = {}
    for rel in raw.by_type("IfcRelSpaceBoundary"):
        if rel.RelatedBuildingElement is not None:
            bounded.setdefault(rel.RelatedBuildingElement.id(), set()).add(rel.RelatingSpace.id())
    for space in raw.by_type("IfcSpace")[:15]:
        mine = {r.RelatedBuildingElement.id() for r in space.BoundedBy if r.RelatedBuildingElement is not None}
        by_element = {s for e in mine for s in bounded[e]} - {space.id()}
        across = {
            r.CorrespondingBoundary.RelatingSpace.id()
            for r in space.BoundedBy
            if getattr(r, "CorrespondingBoundary", None) is not None
        } - {space.id()}
        result = every_row(index, "get_adjacent_spaces", {"space": space.GlobalId}, "spaces")
        assert {r["id"] for r in result} == by_element | across
        doors = {e for e in mine if raw.by_id(e).is_a("IfcDoor")}
        through = call_tool(index, "get_adjacent_spaces", {"space": space.GlobalId, "through": "IfcDoor"})
        assert {r["id"] for r in through["spaces"]} == {s for e in doors for s in bounded[e]} - {space.id()}


def test_layer_sets_give_each_layer_with_its_thickness_and_unit(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    wall = next(w for w in raw.by_type("IfcWall") if element_util.get_material(w).is_a("IfcMaterialLayerSetUsage"))
    layers = element_util.get_material(wall).ForLayerSet.MaterialLayers
    result = call_tool(index, "get_materials", {"element": wall.GlobalId})
    assert [(r["material"], r["thickness"]) for r in result["layers"]] == [
        (layer.Material.Name, pytest.approx(layer.LayerThickness)) for layer in layers
    ]
    assert result["total_thickness"] == pytest.approx(sum(layer.LayerThickness for layer in layers))
    assert result["thickness_unit"] == "m"


def test_an_infrastructure_model_without_storeys_groups_by_container_and_site(index_of: IndexOf, raw_of) -> None:
    name = "linear-placement-of-signal.ifc"
    index, raw = index_of(name), raw_of(name)
    expected: dict[str, int] = {}
    for signal in raw.by_type("IfcSignal"):
        container = element_util.get_container(signal)
        key = container.Name or f"(unnamed {container.is_a()} #{container.id()})"
        expected[key] = expected.get(key, 0) + 1
    grouped = call_tool(index, "count_elements", {"ifc_class": "IfcSignal", "group_by": "container"})
    assert {g["group"]: g["count"] for g in grouped["groups"]} == expected
    by_storey = call_tool(index, "count_elements", {"ifc_class": "IfcSignal", "group_by": "storey"})
    assert [g["group"] for g in by_storey["groups"]] == ["(none)"]
    assert "group_by='container'" in call_tool(index, "list_storeys", {})["note"]
    sites = {s.id() for s in raw.by_type("IfcSite")}
    placed = [call_tool(index, "get_spatial_context", {"element": s.GlobalId}) for s in raw.by_type("IfcSignal")]
    assert all(p["container"]["id"] == element_util.get_container(s).id() for p, s in zip(
        placed, raw.by_type("IfcSignal"), strict=True))
    assert len(sites) == 1 and {p["site"]["id"] for p in placed} == sites  # the site above the railway


def test_a_property_is_named_by_one_path_and_the_older_two_argument_form_still_works(index_of: IndexOf) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    path = call_tool(index, "find_by_property", {"property": "Pset_WallCommon.IsExternal", "value": True})
    older = call_tool(index, "find_by_property", {"pset": "Pset_WallCommon", "property": "IsExternal", "value": True})
    assert path == older and path["property"] == "Pset_WallCommon.IsExternal" and path["total"] > 0
    with pytest.raises(ToolError, match="'IsExternal' is not a property path. Give 'SetName.PropName'"):
        call_tool(index, "find_by_property", {"property": "IsExternal"})


def test_an_unknown_argument_error_lists_the_tools_arguments_first(index_of: IndexOf) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    with pytest.raises(ToolError) as caught:
        call_tool(index, "get_property", {"element": "x", "pset_name": "P"})
    first = str(caught.value).splitlines()[0]
    assert first == (
        "Bad arguments for get_property: pset_name: unknown parameter; the arguments of get_property are: "
        "element, property, pset."
    )
    assert "  property (required): 'SetName.PropName'" in str(caught.value)


def test_storey_elevations_carry_no_float_noise_and_unnamed_buildings_read_clearly(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    noisy = {s.Name: s.Elevation for s in raw.by_type("IfcBuildingStorey")}
    assert any(repr(v) != repr(round(v, 6)) for v in noisy.values())  # the file holds 3.100000000000378
    rows = call_tool(index, "list_storeys", {})["storeys"]
    assert {r["name"]: r["elevation"] for r in rows} == {k: round(v, 6) + 0.0 for k, v in noisy.items()}
    assert all(json.dumps(r["elevation"]) == json.dumps(round(r["elevation"], 6)) for r in rows)
    for building in raw.by_type("IfcBuilding"):
        expected = building.Name or f"(unnamed IfcBuilding #{building.id()})"
        assert {r["building"] for r in rows} == {expected}


def test_any_entity_is_shown_by_step_id_within_the_cap(index_of: IndexOf, raw_of) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    rel = max(raw.by_type("IfcRelContainedInSpatialStructure"), key=lambda r: len(r.RelatedElements))
    shown = call_tool(index, "get_element", {"element": rel.id()})
    assert (shown["class"], shown["matched_by"]) == (rel.is_a(), "step_id")
    assert shown["attributes"]["GlobalId"] == rel.GlobalId
    assert shown["shortened"] == {"RelatedElements": len(rel.RelatedElements)} and len(rel.RelatedElements) > 100
    kept = [r["id"] for r in shown["attributes"]["RelatedElements"]]
    assert kept == [e.id() for e in rel.RelatedElements][: len(kept)] and len(render(shown)) <= MAX_OUTPUT_CHARS
    quantity = raw.by_type("IfcQuantityArea")[0]
    area = call_tool(index, "get_element", {"element": f"#{quantity.id()}"})
    assert area["attributes"]["AreaValue"] == quantity.AreaValue and area["referenced_by"]
