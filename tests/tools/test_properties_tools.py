"""The property and quantity tools, checked against ifcopenshell.util.element on the shared corpus."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import ifcopenshell.util.unit as unit_util
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import ModelIndex
from ifcqa.tools import MAX_OUTPUT_CHARS, call_tool, render

IndexOf = Callable[[str], ModelIndex]
# (model, whether some of its occurrences get named property values from their type)
PSET_MODELS = [
    ("AC20-FZK-Haus.ifc", True),
    ("Duplex_A_20110907.ifc", False),
    ("AC11-Institute-Var-2-IFC.ifc", False),
    ("LargeBuilding.ifc", True),
]


@pytest.fixture(scope="session")
def raw_of(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """A factory: shared file name -> the file opened by IfcOpenShell (memoized)."""
    opened: dict[str, ifcopenshell.file] = {}

    def open_raw(name: str) -> ifcopenshell.file:
        if name not in opened:
            opened[name] = ifcopenshell.open(str(shared_ifc / name))
        return opened[name]

    return open_raw


def sample(items: list[Any], count: int) -> list[Any]:
    return items[:: max(1, len(items) // count)][:count]


def same_value(raw: Any, got: Any) -> bool:
    """IfcOpenShell's plain value vs the tool's typed one (IfcLogical is a bool or null in the tools)."""
    if isinstance(raw, str) and raw in ("TRUE", "FALSE") and isinstance(got, bool):
        return got == (raw == "TRUE")
    if raw == "UNKNOWN" and got is None:
        return True
    if isinstance(raw, float) and isinstance(got, float):
        return math.isclose(raw, got, rel_tol=1e-12)
    if isinstance(raw, list | tuple):
        return isinstance(got, list) and len(raw) == len(got) and all(map(same_value, raw, got))
    return bool(raw == got)


def pages(index: ModelIndex, name: str, args: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """Every item of a paginated tool, checking each page fits the cap and says how to continue."""
    items: list[dict[str, Any]] = []
    offset = 0
    while True:
        result = call_tool(index, name, {**args, "offset": offset})
        assert len(render(result)) <= MAX_OUTPUT_CHARS
        items.extend(result[key])
        assert result["returned"] == len(result[key])
        if not result["truncated"]:
            assert "next_offset" not in result and len(items) == result["total"]
            return items
        assert result["next_offset"] == offset + result["returned"] > offset
        offset = result["next_offset"]


def assert_cut_covers(result: dict[str, Any], shown: dict[str, Any], expected: set[str]) -> None:
    """The properties shown plus those said to be omitted are exactly ``expected``."""
    omitted = result.get("omitted_properties", [])
    assert set(shown) <= expected and set(omitted) <= expected and not set(shown) & set(omitted)
    assert len(shown) + result.get("omitted_properties_total", len(omitted)) == len(expected)


def ids(rows: list[dict[str, Any]]) -> set[int]:
    return {row["id"] for row in rows}


@pytest.mark.parametrize(("name", "inherits"), PSET_MODELS)
def test_property_values_and_sources_match_get_psets_with_type_inheritance(
    name: str, inherits: bool, index_of: IndexOf, raw_of
):
    index, raw = index_of(name), raw_of(name)
    typed = [e for e in raw.by_type("IfcElement") if (t := element_util.get_type(e)) and element_util.get_psets(t)]
    checked_type_values = 0
    for entity in sample(typed, 25):
        qtos = element_util.get_psets(entity, qtos_only=True)
        own = element_util.get_psets(entity, should_inherit=False)
        for set_name, props in element_util.get_psets(entity).items():
            if set_name in qtos or set_name is None:
                continue
            result = call_tool(index, "get_properties", {"element": entity.GlobalId, "pset": set_name})
            got = result["property_sets"][set_name]
            assert_cut_covers(result, got, set(props) - {"id"})
            for prop, value in props.items():
                if prop not in got or isinstance(value, dict | ifcopenshell.entity_instance):
                    continue
                assert same_value(value, got[prop]["value"]), (entity, set_name, prop)
                from_type = prop not in own.get(set_name, {})
                assert got[prop].get("source", "occurrence") == ("type" if from_type else "occurrence")
                checked_type_values += from_type
    assert (checked_type_values > 0) is inherits


def test_an_occurrence_value_overrides_its_type_value_and_the_set_is_flagged(index_of: IndexOf, raw_of):
    index, raw = index_of("LargeBuilding.ifc"), raw_of("LargeBuilding.ifc")
    wall = next(
        w
        for w in raw.by_type("IfcWall")
        if element_util.get_psets(w, should_inherit=False).get("Pset_WallCommon", {}).get("IsExternal")
        != element_util.get_psets(element_util.get_type(w)).get("Pset_WallCommon", {}).get("IsExternal")
    )
    expected = element_util.get_psets(wall)["Pset_WallCommon"]["IsExternal"]
    args = {"element": wall.GlobalId, "pset": "Pset_WallCommon", "property": "IsExternal"}
    result = call_tool(index, "get_property", args)
    assert result["available"] is True and result["value"] is expected
    assert "source" not in result and result["ambiguous_set"] is True
    listed = call_tool(index, "get_properties", {"element": wall.GlobalId})
    assert "Pset_WallCommon" in listed["ambiguous_sets"]


def test_get_properties_cuts_an_oversized_answer_and_names_the_omitted_sets(index_of: IndexOf, raw_of):
    index, raw = index_of("AC20-FZK-Haus.ifc"), raw_of("AC20-FZK-Haus.ifc")
    window = next(w for w in raw.by_type("IfcWindow") if w.Name == "OG-Fenster-2")
    result = call_tool(index, "get_properties", {"element": window.GlobalId})
    assert len(render(result)) <= MAX_OUTPUT_CHARS and result["truncated"] is True
    qtos = element_util.get_psets(window, qtos_only=True)
    all_sets = {n for n in element_util.get_psets(window) if n not in qtos}
    assert set(result["property_sets"]) | set(result["omitted_sets"]) == all_sets
    assert not set(result["property_sets"]) & set(result["omitted_sets"])
    assert set(result["quantity_sets"]) == set(qtos)
    omitted = result["omitted_sets"][0]
    alone = call_tool(index, "get_properties", {"element": window.GlobalId, "pset": omitted})
    assert list(alone["property_sets"]) == [omitted] and len(render(alone)) <= MAX_OUTPUT_CHARS
    props = set(element_util.get_psets(window)[omitted]) - {"id"}
    assert_cut_covers(alone, alone["property_sets"][omitted], props)


def test_an_unknown_pset_is_an_error_listing_the_elements_sets(index_of: IndexOf, raw_of):
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    wall = raw.by_type("IfcWall")[0]
    with pytest.raises(ToolError, match="has no property set 'Pset_Bogus'") as caught:
        call_tool(index, "get_properties", {"element": wall.GlobalId, "pset": "Pset_Bogus"})
    assert "'Pset_WallCommon'" in str(caught.value)
    with pytest.raises(ToolError, match="has no quantity set 'Qto_Bogus'"):
        call_tool(index, "get_quantities", {"element": wall.GlobalId, "qto": "Qto_Bogus"})


def test_an_unknown_globalid_is_an_error_that_names_find_elements(index_of: IndexOf):
    index = index_of("Duplex_A_20110907.ifc")
    for tool in ("get_properties", "get_quantities"):
        with pytest.raises(ToolError, match="No element with GlobalId '0000000000000000000000'.*find_elements"):
            call_tool(index, tool, {"element": "0000000000000000000000"})
    with pytest.raises(ToolError, match="No element with GlobalId"):
        call_tool(index, "get_property", {"element": "0000000000000000000000", "pset": "P", "property": "X"})


def test_a_mistyped_argument_is_an_error_naming_the_parameter(index_of: IndexOf):
    index = index_of("Duplex_A_20110907.ifc")
    with pytest.raises(ToolError, match="element: input should be a valid string"):
        call_tool(index, "get_property", {"element": [5], "pset": "Pset_WallCommon", "property": "IsExternal"})
    with pytest.raises(ToolError, match="limit: input should be a valid integer"):
        call_tool(index, "find_by_property", {"pset": "Pset_WallCommon", "property": "IsExternal", "limit": "ten"})


@pytest.mark.parametrize(
    ("name", "symbols"), [("ExampleHOM.ifc", ("m", "m²", "m³")), ("LargeBuilding.ifc", ("mm", "m²", "m³"))]
)
def test_quantities_match_get_psets_qtos_only_with_the_models_units(name: str, symbols, index_of: IndexOf, raw_of):
    index, raw = index_of(name), raw_of(name)
    length = unit_util.get_project_unit(raw, "LENGTHUNIT")
    assert length.Prefix == ("MILLI" if symbols[0] == "mm" else None)
    expected_unit = dict(zip(("IfcQuantityLength", "IfcQuantityArea", "IfcQuantityVolume"), symbols, strict=True))
    checked = 0
    for entity in raw.by_type("IfcElement"):
        qtos = element_util.get_psets(entity, qtos_only=True)
        result = call_tool(index, "get_quantities", {"element": entity.GlobalId})
        assert set(result["quantity_sets"]) == set(qtos) - {None}
        for set_name, quantities in qtos.items():
            for qty in raw.by_id(quantities["id"]).Quantities:
                got = result["quantity_sets"][set_name][qty.Name]
                assert same_value(quantities[qty.Name], got["value"])
                if qty.is_a() in expected_unit:
                    assert got["unit"] == expected_unit[qty.is_a()]
                    checked += 1
    assert checked > 50


def test_get_property_gives_a_quantity_with_its_unit(index_of: IndexOf, raw_of):
    index, raw = index_of("LargeBuilding.ifc"), raw_of("LargeBuilding.ifc")
    wall = raw.by_type("IfcWall")[0]
    args = {"element": wall.GlobalId, "pset": "BaseQuantities", "property": "Length"}
    result = call_tool(index, "get_property", args)
    assert result["available"] is True and result["unit"] == "mm"
    assert result["value"] == element_util.get_psets(wall, qtos_only=True)["BaseQuantities"]["Length"]


def test_get_property_says_a_type_value_comes_from_the_type(index_of: IndexOf, raw_of):
    index, raw = index_of("AC20-FZK-Haus.ifc"), raw_of("AC20-FZK-Haus.ifc")
    door = raw.by_type("IfcDoor")[0]
    type_sets = element_util.get_psets(element_util.get_type(door))
    set_name = next(n for n in type_sets if n not in element_util.get_psets(door, should_inherit=False))
    prop = next(p for p in type_sets[set_name] if p != "id")
    result = call_tool(index, "get_property", {"element": door.GlobalId, "pset": set_name, "property": prop})
    assert result["source"] == "type" and same_value(type_sets[set_name][prop], result["value"])


def test_get_property_answers_a_missing_set_or_property_as_not_available(index_of: IndexOf, raw_of):
    index, raw = index_of("AC20-FZK-Haus.ifc"), raw_of("AC20-FZK-Haus.ifc")
    door = raw.by_type("IfcDoor")[0]
    assert "IsExternal" not in element_util.get_psets(door)["Pset_DoorCommon"]
    args = {"element": door.GlobalId, "pset": "Pset_DoorCommon", "property": "IsExternal"}
    missing_prop = call_tool(index, "get_property", args)
    assert missing_prop["available"] is False
    assert "no property 'IsExternal'" in missing_prop["reason"] and "'ThermalTransmittance'" in missing_prop["reason"]
    missing_set = call_tool(index, "get_property", {"element": door.GlobalId, "pset": "Pset_Nope", "property": "X"})
    assert missing_set["available"] is False and "no set 'Pset_Nope'" in missing_set["reason"]


def _expected(raw: ifcopenshell.file, pset: str, prop: str, keep: Callable[[Any], bool]) -> set[int]:
    found = set()
    for entity in raw.by_type("IfcProduct"):
        props = element_util.get_psets(entity).get(pset, {})
        if prop in props and keep(props[prop]):
            found.add(entity.id())
    return found


def test_find_by_property_matches_booleans_given_as_true_or_text(index_of: IndexOf, raw_of):
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    external = _expected(raw, "Pset_WallCommon", "IsExternal", lambda v: v is True)
    internal = _expected(raw, "Pset_WallCommon", "IsExternal", lambda v: v is False)
    assert external and internal
    base = {"pset": "Pset_WallCommon", "property": "IsExternal"}
    for value in (True, "TRUE", "true"):
        rows = pages(index, "find_by_property", {**base, "value": value}, "matches")
        assert ids(rows) == external and all(row["value"] is True for row in rows)
    assert ids(pages(index, "find_by_property", {**base, "value": "false"}, "matches")) == internal
    assert ids(pages(index, "find_by_property", base, "matches")) == external | internal


def test_find_by_property_compares_numbers_numerically_and_text_exactly(index_of: IndexOf, raw_of):
    index, raw = index_of("LargeBuilding.ifc"), raw_of("LargeBuilding.ifc")
    width = element_util.get_psets(raw.by_type("IfcWall")[0], qtos_only=True)["BaseQuantities"]["Width"]
    expected = _expected(raw, "BaseQuantities", "Width", lambda v: math.isclose(v, width, rel_tol=1e-9))
    for value in (width, str(width), int(width)):
        args = {"pset": "BaseQuantities", "property": "Width", "value": value}
        rows = pages(index, "find_by_property", args, "matches")
        assert ids(rows) == expected and rows[0]["unit"] == "mm"
    references = [element_util.get_psets(e)["Pset_WallCommon"].get("Reference") for e in raw.by_type("IfcWall")]
    text = next(v for v in references if isinstance(v, str) and v.swapcase() != v)
    base = {"pset": "Pset_WallCommon", "property": "Reference"}
    same_text = _expected(raw, "Pset_WallCommon", "Reference", lambda v: v == text)
    assert same_text and ids(pages(index, "find_by_property", {**base, "value": text}, "matches")) == same_text
    assert ids(pages(index, "find_by_property", {**base, "value": text.swapcase()}, "matches")) == _expected(
        raw, "Pset_WallCommon", "Reference", lambda v: v == text.swapcase()
    )


def test_find_by_property_filters_by_class_and_storey(index_of: IndexOf, raw_of):
    index, raw = index_of("AC11-Institute-Var-2-IFC.ifc"), raw_of("AC11-Institute-Var-2-IFC.ifc")
    storey = raw.by_type("IfcBuildingStorey")[1]
    expected = {
        e.id()
        for e in raw.by_type("IfcWall")
        if element_util.get_psets(e).get("Pset_WallCommon", {}).get("IsExternal") is True
        and element_util.get_container(e) == storey
    }
    args = {"pset": "Pset_WallCommon", "property": "IsExternal", "value": True, "ifc_class": "IfcWall"}
    assert expected
    assert ids(pages(index, "find_by_property", {**args, "storey": storey.GlobalId}, "matches")) == expected


def test_find_by_property_rejects_a_set_no_element_has(index_of: IndexOf):
    index = index_of("Duplex_A_20110907.ifc")
    with pytest.raises(ToolError, match="No element has a property or quantity set 'Pset_Bogus'.*list_property_sets"):
        call_tool(index, "find_by_property", {"pset": "Pset_Bogus", "property": "X"})
    with pytest.raises(ToolError, match="No element has property 'Bogus' in 'Pset_WallCommon'.*'IsExternal'"):
        call_tool(index, "find_by_property", {"pset": "Pset_WallCommon", "property": "Bogus"})


def test_list_property_sets_counts_the_elements_carrying_each_set(index_of: IndexOf, raw_of):
    index, raw = index_of("ExampleHOM.ifc"), raw_of("ExampleHOM.ifc")
    expected: dict[tuple[str, str], int] = {}
    for entity in raw.by_type("IfcProduct"):
        qtos = element_util.get_psets(entity, qtos_only=True)
        for set_name in element_util.get_psets(entity):
            key = ("qto" if set_name in qtos else "pset", set_name)
            expected[key] = expected.get(key, 0) + 1
    rows = pages(index, "list_property_sets", {}, "sets")
    assert {(r["kind"], r["name"]): r["elements"] for r in rows} == expected
    walls = {r["name"] for r in pages(index, "list_property_sets", {"ifc_class": "IfcWall"}, "sets")}
    assert "Qto_WallBaseQuantities" in walls and "Qto_DoorBaseQuantities" not in walls


def test_every_property_tool_result_on_a_big_model_fits_the_output_cap(index_of: IndexOf, raw_of):
    name = "AC11-Institute-Var-2-IFC.ifc"
    index, raw = index_of(name), raw_of(name)
    for element in index.elements():
        for tool in ("get_properties", "get_quantities"):
            assert len(render(call_tool(index, tool, {"element": element.guid}))) <= MAX_OUTPUT_CHARS
    sets = pages(index, "list_property_sets", {"limit": 200}, "sets")
    widest = max(sets, key=lambda row: row["elements"])
    assert widest["elements"] > 200
    psets = {e.id(): element_util.get_psets(e) for e in raw.by_type("IfcProduct")}
    named = [row for row in sets if not row["name"].startswith("(unnamed #")]  # get_psets files those under None
    for row in (widest, *named[:5]):
        prop = row["properties"][0]
        expected = {i for i, found in psets.items() if prop in found.get(row["name"], {})}
        args = {"pset": row["name"], "property": prop, "limit": 200}
        assert ids(pages(index, "find_by_property", args, "matches")) == expected
