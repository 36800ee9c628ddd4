"""The model index agrees with direct IfcOpenShell queries on every model of the shared corpus.

Each fact the index holds is re-derived here element by element with ``ifcopenshell.util.element``
(the index builds the same facts relationship-first, in bulk), so a disagreement points at a bug.

Deliberate differences, normalised below:

* Property sets without a ``Name`` are indexed under the placeholder ``(unnamed #<step id>)``;
  ``get_psets`` files them all under the key ``None``, where they overwrite each other, so these
  comparisons leave them out on both sides and ``tests/index/test_index_facts.py`` checks them
  per set (KIT-EDC's unnamed IfcDoorLiningProperties, and a copy of a model with every
  IfcElementQuantity Name unset).
* IFC2X3's predefined property sets (IfcDoorLiningProperties, IfcWindowPanelProperties...) are
  indexed as property sets, like IFC4's IfcPreDefinedPropertySet; ``get_psets(psets_only=True)``
  keeps the IFC4 ones but drops the IFC2X3 ones, so the expectation adds them back from
  ``get_psets(element)`` (the sets that are neither in ``psets_only`` nor in ``qtos_only``).
* Attribute values of predefined property sets that are entity references are not indexed.
* An IfcLogical ``UNKNOWN`` property is indexed as ``None`` (kind ``logical``); IfcOpenShell gives
  the text ``UNKNOWN``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import ifcopenshell.util.unit as unit_util
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index

SHARED_IFC = Path(__file__).resolve().parents[2].parent / "shared" / "ifc"
CORPUS = sorted(p.name for p in SHARED_IFC.glob("*.ifc")) if SHARED_IFC.is_dir() else []
STOREY_CLASSES = ("IfcDoor", "IfcWindow", "IfcSpace", "IfcWall", "IfcSlab", "IfcStairFlight")
COUNTED_CLASSES = ("IfcWall", "IfcDoor", "IfcWindow", "IfcSpace", "IfcSlab", "IfcBuildingStorey")

Pair = tuple[ifcopenshell.file, ModelIndex]


@pytest.fixture(scope="module")
def corpus_cache(tmp_path_factory: pytest.TempPathFactory) -> IndexCache:
    return IndexCache(tmp_path_factory.mktemp("corpus-cache"))


@pytest.fixture(scope="module", params=CORPUS)
def pair(request: pytest.FixtureRequest, shared_ifc: Path, corpus_cache: IndexCache) -> Pair:
    """The raw IfcOpenShell model and the index of one corpus file."""
    path = shared_ifc / request.param
    return ifcopenshell.open(str(path)), load_index(path, cache=corpus_cache)


def objects(model: ifcopenshell.file) -> Iterator[ifcopenshell.entity_instance]:
    yield from model.by_type("IfcProduct")
    yield from model.by_type("IfcTypeObject")


def expected_storey(element: ifcopenshell.entity_instance, depth: int = 0) -> int | None:
    """The storey of an element as IfcOpenShell's relationships give it, one hop at a time."""
    if depth > 32:
        return None
    if element.is_a("IfcBuildingStorey"):
        return int(element.id())
    container = element_util.get_container(element, should_get_direct=True)
    if container is not None:  # a storey, or a space / other structure on one
        return expected_storey(container, depth + 1)
    parent = element_util.get_aggregate(element)
    if parent is not None:
        return expected_storey(parent, depth + 1)
    fills = getattr(element, "FillsVoids", None)
    if fills:  # a door or window: the storey of the element its opening voids
        voids = fills[0].RelatingOpeningElement.VoidsElements
        return expected_storey(voids[0].RelatingBuildingElement, depth + 1) if voids else None
    voids = getattr(element, "VoidsElements", None)
    return expected_storey(voids[0].RelatingBuildingElement, depth + 1) if voids else None


def norm(value: Any) -> Any:
    """An IfcOpenShell property value in the index's shape."""
    if isinstance(value, tuple | list):
        return [norm(v) for v in value]
    if isinstance(value, ifcopenshell.entity_instance):
        return norm(value.wrappedValue) if value.id() == 0 else value.Name if hasattr(value, "Name") else None
    if isinstance(value, dict) and "properties" in value:  # complex property / quantity
        return {k: norm(v) for k, v in value["properties"].items()}
    if isinstance(value, dict) and "UpperBoundValue" in value:  # bounded value
        return {"lower": norm(value.get("LowerBoundValue")), "upper": norm(value.get("UpperBoundValue"))}
    return value


def raw_sets(sets: dict[Any, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {
        name: {p: norm(v) for p, v in props.items() if p != "id" and not _is_reference(v)}
        for name, props in sets.items()
        if name is not None  # unnamed sets are not indexed (see the module docstring)
    }


def _is_reference(value: Any) -> bool:
    return isinstance(value, ifcopenshell.entity_instance) and value.id() != 0


def indexed_sets(sets: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Index values as IfcOpenShell gives them (an unknown IfcLogical is the text ``UNKNOWN`` there)."""
    return {
        name: {p: "UNKNOWN" if v.kind == "logical" and v.value is None else v.value for p, v in props.items()}
        for name, props in sets.items()
        if not name.startswith("(unnamed #")  # unnamed sets are compared in test_index_facts.py
    }


def expected_psets(element: ifcopenshell.entity_instance) -> dict[str, dict[str, Any]]:
    psets = raw_sets(element_util.get_psets(element, psets_only=True))
    qtos = raw_sets(element_util.get_psets(element, qtos_only=True))
    for name, props in raw_sets(element_util.get_psets(element)).items():
        if name not in psets and name not in qtos:
            assert element.file.schema == "IFC2X3", f"{name} of #{element.id()} is neither a pset nor a qto"
            psets[name] = props  # an IFC2X3 predefined property set (see the module docstring)
    return psets


def test_the_corpus_holds_the_manifest_models_in_three_schemas(shared_ifc: Path) -> None:
    schemas = {ifcopenshell.open(str(shared_ifc / name)).schema_identifier for name in CORPUS}
    assert len(CORPUS) >= 12
    assert schemas == {"IFC2X3", "IFC4", "IFC4X3_ADD2"}


def test_doors_windows_spaces_walls_slabs_and_flights_are_on_the_storey_ifcopenshell_gives(pair: Pair) -> None:
    model, index = pair
    wrong = [
        (el.is_a(), el.id(), expected_storey(el), index.get(el.id()).storey)
        for cls in STOREY_CLASSES
        for el in model.by_type(cls)
        if index.get(el.id()).storey != expected_storey(el)
    ]
    assert wrong == []


def test_class_counts_with_subclasses_equal_by_type(pair: Pair) -> None:
    model, index = pair
    assert {c: len(index.by_class(c)) for c in COUNTED_CLASSES} == {c: len(model.by_type(c)) for c in COUNTED_CLASSES}


def test_exact_class_counts_equal_by_type_without_subtypes(pair: Pair) -> None:
    model, index = pair
    present = {e.is_a() for e in objects(model)} | set(COUNTED_CLASSES)
    expected = {c: len(model.by_type(c, include_subtypes=False)) for c in present}
    assert {c: len(index.by_class(c, exact=True)) for c in present} == expected


def test_property_sets_merged_with_the_type_equal_get_psets(pair: Pair) -> None:
    model, index = pair
    wrong = [el.id() for el in objects(model) if indexed_sets(index.get(el.id()).psets) != expected_psets(el)]
    assert wrong == []


def test_quantity_sets_equal_get_psets_qtos_only(pair: Pair) -> None:
    model, index = pair
    wrong = [
        el.id()
        for el in objects(model)
        if indexed_sets(index.get(el.id()).qtos) != raw_sets(element_util.get_psets(el, qtos_only=True))
    ]
    assert wrong == []


def test_values_set_on_the_type_only_say_they_come_from_the_type(pair: Pair) -> None:
    model, index = pair
    wrong = []
    for el in model.by_type("IfcProduct"):
        element_type = element_util.get_type(el)
        if element_type is None:
            continue
        own = raw_sets(element_util.get_psets(el, should_inherit=False))
        record = index.get(el.id())
        for name, props in raw_sets(element_util.get_psets(element_type)).items():
            for prop in props:
                value = record.psets.get(name, record.qtos.get(name, {})).get(prop)
                expected = "occurrence" if prop in own.get(name, {}) else "type"
                if value is None or value.source != expected:
                    wrong.append((el.id(), name, prop, expected, value))
    assert wrong == []


def test_materials_equal_get_materials_inheriting_from_the_type(pair: Pair) -> None:
    model, index = pair
    wrong = []
    for el in objects(model):
        expected = {m.Name for m in element_util.get_materials(el) if m is not None}
        if expected and set(index.get(el.id()).materials) != expected:
            wrong.append((el.id(), expected, index.get(el.id()).materials))
    assert wrong == []


def test_types_and_their_instances_equal_get_type(pair: Pair) -> None:
    model, index = pair
    for el in model.by_type("IfcProduct"):
        element_type = element_util.get_type(el)
        assert index.get(el.id()).type == (element_type.id() if element_type else None)
    for element_type in model.by_type("IfcTypeObject"):
        instances = {i.id() for i in element_util.get_types(element_type)}
        assert set(index.get(element_type.id()).instances) == instances


def test_hosts_list_exactly_their_openings(pair: Pair) -> None:
    model, index = pair
    for host in model.by_type("IfcElement"):
        expected = {r.RelatedOpeningElement.id() for r in getattr(host, "HasOpenings", ()) or ()}
        assert set(index.get(host.id()).openings) == expected


def test_doors_and_windows_know_the_element_hosting_their_opening(pair: Pair) -> None:
    model, index = pair
    for filling in model.by_type("IfcDoor") + model.by_type("IfcWindow"):
        fills = filling.FillsVoids
        voids = fills[0].RelatingOpeningElement.VoidsElements if fills else ()
        expected = voids[0].RelatingBuildingElement.id() if voids else None
        assert index.get(filling.id()).host == expected


def test_spaces_are_bounded_by_the_elements_of_their_space_boundaries(pair: Pair) -> None:
    model, index = pair
    for space in model.by_type("IfcSpace"):
        expected = {
            r.RelatedBuildingElement.id()
            for r in model.by_type("IfcRelSpaceBoundary")
            if r.RelatingSpace == space and r.RelatedBuildingElement
        }
        assert set(index.get(space.id()).bounded_by) == expected


def test_names_descriptions_object_types_tags_and_global_ids_are_the_attributes(pair: Pair) -> None:
    model, index = pair
    for el in objects(model):
        record = index.get(el.id())
        got = (record.name, record.description, record.object_type, record.tag, record.guid)
        expected = tuple(getattr(el, a, None) for a in ("Name", "Description", "ObjectType", "Tag", "GlobalId"))
        assert got == expected


def test_predefined_types_equal_get_predefined_type(pair: Pair) -> None:
    model, index = pair
    wrong = [
        (el.id(), element_util.get_predefined_type(el), index.get(el.id()).predefined_type)
        for el in objects(model)
        if index.get(el.id()).predefined_type != element_util.get_predefined_type(el)
    ]
    assert wrong == []


def test_the_length_unit_factor_equals_calculate_unit_scale(pair: Pair) -> None:
    model, index = pair
    assert math.isclose(index.units["LENGTHUNIT"].si_factor, unit_util.calculate_unit_scale(model))


def test_large_building_states_lengths_in_millimetres(index_of: Any) -> None:
    assert index_of("LargeBuilding.ifc").units["LENGTHUNIT"].si_factor == pytest.approx(0.001)


def test_the_ifc2x3_and_ifc4_exports_of_fzk_haus_agree(index_of: Any) -> None:
    ifc4, ifc2x3 = index_of("AC20-FZK-Haus.ifc"), index_of("AC11-FZK-Haus-IFC.ifc")
    assert (ifc4.schema, ifc2x3.schema) == ("IFC4", "IFC2X3")
    names = [sorted(index.get(i).name or "" for i in index.storeys) for index in (ifc4, ifc2x3)]
    assert names[0] == names[1] and len(names[0]) == 2
    for cls, count in (("IfcDoor", 5), ("IfcWindow", 11), ("IfcSpace", 7)):
        assert len(ifc4.by_class(cls)) == len(ifc2x3.by_class(cls)) == count
