"""The facts issue 11 added to the index agree with raw IfcOpenShell on shared models.

Every attribute of an element's class, unnamed property and quantity sets (kept under a placeholder),
space boundaries with their flags, layer thicknesses, the site above an element, the step ids of
every entity, and storey elevations without float noise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.ifc.diagnostics import unnamed_set_name
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.index.records import EntityRef

MODELS = [
    "AC11-Institute-Var-2-IFC.ifc",
    "KIT-EDC_with_SB.ifc",
    "Duplex_A_20110907.ifc",
    "linear-placement-of-signal.ifc",
]
Pair = tuple[ifcopenshell.file, ModelIndex]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> IndexCache:
    return IndexCache(tmp_path_factory.mktemp("facts-cache"))


@pytest.fixture(scope="module", params=MODELS)
def pair(request: pytest.FixtureRequest, shared_ifc: Path, cache: IndexCache) -> Pair:
    path = shared_ifc / request.param
    load_index(path, cache=cache)  # build and store, then read the warm (unpickled) index as users do
    return ifcopenshell.open(str(path)), load_index(path, cache=cache)


def plain(value: Any) -> Any:
    """An IfcOpenShell attribute value in the index's shape (references as (id, class))."""
    if isinstance(value, ifcopenshell.entity_instance):
        return plain(value.wrappedValue) if value.id() == 0 else EntityRef(value.id(), value.is_a())
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def close(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-6 * max(1.0, abs(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def test_every_attribute_of_the_class_is_indexed_as_get_info_reads_it(pair: Pair) -> None:
    model, index = pair
    wrong = []
    for entity in model.by_type("IfcProduct") + model.by_type("IfcTypeObject"):
        info = entity.get_info(include_identifier=False, recursive=False)
        info.pop("type")
        expected = {name: plain(value) for name, value in info.items()}
        got = index.get(entity.id()).attributes
        if list(got) != list(expected) or not all(close(got[k], expected[k]) for k in expected):
            wrong.append((entity.id(), got, expected))
    assert wrong == []


def test_ifc2x3_doors_have_no_predefined_type_attribute_but_a_derived_one(shared_ifc: Path, cache: IndexCache) -> None:
    index = load_index(shared_ifc / "AC11-Institute-Var-2-IFC.ifc", cache=cache)
    door = index.by_class("IfcDoor")[0]
    assert "PredefinedType" not in door.attributes and {"OverallHeight", "OverallWidth"} <= set(door.attributes)
    space = index.by_class("IfcSpace")[0]
    assert {"CompositionType", "InteriorOrExteriorSpace", "ElevationWithFlooring", "LongName"} <= set(space.attributes)


def test_every_step_id_of_the_file_is_known_and_no_other(pair: Pair) -> None:
    model, index = pair
    ids = set(model.entity_names())
    assert all(index.data.has_step_id(i) for i in ids)
    assert [i for i in range(int(model.get_max_id()) + 9) if index.data.has_step_id(i) != (i in ids)] == []


def test_space_boundaries_keep_their_flags_level_and_the_space_across(pair: Pair) -> None:
    model, index = pair
    expected: dict[int, set[tuple[Any, ...]]] = {}
    for rel in model.by_type("IfcRelSpaceBoundary"):
        if rel.RelatingSpace is None or index.data.elements.get(rel.RelatingSpace.id()) is None:
            continue
        element = rel.RelatedBuildingElement
        corresponding = getattr(rel, "CorrespondingBoundary", None)
        across = corresponding.RelatingSpace.id() if corresponding is not None else None
        level = 2 if rel.is_a("IfcRelSpaceBoundary2ndLevel") else 1 if rel.is_a("IfcRelSpaceBoundary1stLevel") else None
        row = (
            rel.id(),
            element.id() if element is not None and element.id() in index.data.elements else None,
            rel.PhysicalOrVirtualBoundary,
            rel.InternalOrExternalBoundary,
            level,
            across if across != rel.RelatingSpace.id() else None,
        )
        expected.setdefault(rel.RelatingSpace.id(), set()).add(row)
    got = {e.id: {tuple(b) for b in e.boundaries} for e in index.elements() if e.boundaries}
    assert got == expected


def test_layer_sets_keep_each_layer_with_its_thickness(pair: Pair) -> None:
    model, index = pair
    checked = 0
    for entity in model.by_type("IfcElement"):
        material = element_util.get_material(entity, should_inherit=True)
        if material is None or material.is_a() not in ("IfcMaterialLayerSetUsage", "IfcMaterialLayerSet"):
            continue
        layer_set = material.ForLayerSet if material.is_a("IfcMaterialLayerSetUsage") else material
        expected = [
            (layer.Material.Name if layer.Material else None, round(layer.LayerThickness, 6))
            for layer in layer_set.MaterialLayers
        ]
        got = [(layer.material, layer.thickness) for layer in index.get(entity.id()).layers]
        assert got == expected, entity
        checked += 1
    if model.by_type("IfcMaterialLayerSetUsage"):
        assert checked > 0


def test_the_site_above_an_element_is_the_site_of_its_spatial_structure(pair: Pair) -> None:
    model, index = pair
    sites = model.by_type("IfcSite")
    for entity in model.by_type("IfcElement"):
        container = element_util.get_container(entity) or element_util.get_aggregate(entity)
        chain = []
        while container is not None and len(chain) < 64:
            chain.append(container)
            container = element_util.get_aggregate(container) or element_util.get_container(container)
        site = next((c.id() for c in chain if c.is_a("IfcSite")), None)
        if site is not None:
            assert index.get(entity.id()).site == site
    if len(sites) == 1 and model.by_type("IfcBuildingStorey"):
        assert {e.site for e in index.by_class("IfcWall") + index.by_class("IfcDoor")} <= {sites[0].id()}


def test_storey_elevations_are_the_attribute_without_float_noise(pair: Pair) -> None:
    model, index = pair
    for storey in model.by_type("IfcBuildingStorey"):
        if storey.Elevation is not None:
            assert index.get(storey.id()).elevation == round(storey.Elevation, index.data.length_digits) + 0.0
    assert all(str(index.get(s.id()).elevation) != "-0.0" for s in model.by_type("IfcBuildingStorey"))


def test_unnamed_property_sets_are_kept_under_their_placeholder(shared_ifc: Path, cache: IndexCache) -> None:
    model = ifcopenshell.open(str(shared_ifc / "KIT-EDC_with_SB.ifc"))
    index = load_index(shared_ifc / "KIT-EDC_with_SB.ifc", cache=cache)
    rels = model.by_type("IfcRelDefinesByProperties")
    holders = [(rel.RelatingPropertyDefinition, rel.RelatedObjects) for rel in rels]
    holders += [(d, (t,)) for t in model.by_type("IfcTypeObject") for d in t.HasPropertySets or ()]
    checked = 0
    for definition, objects in holders:
        if definition.Name:
            continue
        expected = {k: v for k, v in element_util.get_property_definition(definition).items() if k != "id"}
        expected = {k: v for k, v in expected.items() if not isinstance(v, ifcopenshell.entity_instance)}
        for element in objects:
            values = index.get(element.id()).psets[unnamed_set_name(definition.id())]
            assert {k: v.value for k, v in values.items()} == expected
            checked += 1
    assert checked > 0
