"""Counting, aggregation and comparison tools, checked against raw IfcOpenShell on the shared corpus."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.api.project
import ifcopenshell.api.pset
import ifcopenshell.api.root
import ifcopenshell.api.type
import ifcopenshell.util.element as element_util
import ifcopenshell.util.placement as placement_util
import ifcopenshell.util.unit
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools.aggregate import aggregate_values, compare_elements, count_elements, rank_elements
from ifcqa.tools.registry import MAX_OUTPUT_CHARS, call_tool, render

IndexOf = Callable[[str], ModelIndex]
HAUS, DUPLEX, INSTITUTE = "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc"
HOM, LARGE = "ExampleHOM.ifc", "LargeBuilding.ifc"


@pytest.fixture(scope="module")
def raw(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """The shared model opened by IfcOpenShell itself, independent of the index."""
    return cache(lambda name: ifcopenshell.open(str(shared_ifc / name)))


def qto(element: ifcopenshell.entity_instance, set_name: str, prop: str) -> float | None:
    value = element_util.get_psets(element, qtos_only=True).get(set_name, {}).get(prop)
    return float(value) if isinstance(value, int | float) else None


def storey_of(element: ifcopenshell.entity_instance) -> ifcopenshell.entity_instance | None:
    """The storey that contains the element, or its aggregate; or the storey it is a part of (spaces)."""
    parent = element_util.get_aggregate(element)
    if parent is not None and parent.is_a("IfcBuildingStorey"):
        return parent
    return element_util.get_container(element, ifc_class="IfcBuildingStorey")


@pytest.mark.parametrize("name", [HAUS, DUPLEX, INSTITUTE])
@pytest.mark.parametrize(
    "ifc_class", ["IfcWall", "IfcDoor", "IfcWindow", "IfcSlab", "IfcBuildingElement", "IfcProduct"]
)
def test_a_count_includes_subclasses_like_by_type(index_of: IndexOf, raw: Any, name: str, ifc_class: str) -> None:
    result = count_elements(index_of(name), ifc_class)
    assert result["count"] == len(raw(name).by_type(ifc_class))
    assert result["counted"].startswith(f"{ifc_class} including subclasses")


@pytest.mark.parametrize("name", [HAUS, DUPLEX, INSTITUTE])
@pytest.mark.parametrize("ifc_class", ["IfcWall", "IfcWallStandardCase", "IfcDoor", "IfcBuildingElementProxy"])
def test_an_exact_class_count_excludes_subclasses_and_says_so(
    index_of: IndexOf, raw: Any, name: str, ifc_class: str
) -> None:
    result = count_elements(index_of(name), ifc_class, exact_class=True)
    assert result["count"] == len(raw(name).by_type(ifc_class, include_subtypes=False))
    assert result["counted"] == f"{ifc_class} only (subclasses excluded)"


def test_the_counted_rule_names_the_subclasses_present(index_of: IndexOf) -> None:
    assert count_elements(index_of(INSTITUTE), "IfcWall")["counted"] == (
        "IfcWall including subclasses (here: IfcWallStandardCase)"
    )


@pytest.mark.parametrize("name", [HAUS, DUPLEX, INSTITUTE])
@pytest.mark.parametrize("ifc_class", ["IfcWall", "IfcSlab", "IfcStairFlight", "IfcSpace"])
def test_a_count_on_a_storey_matches_the_storey_ifcopenshell_finds_through_aggregates(
    index_of: IndexOf, raw: Any, name: str, ifc_class: str
) -> None:
    model = raw(name)
    expected = Counter(getattr(storey_of(e), "GlobalId", None) for e in model.by_type(ifc_class))
    for storey in model.by_type("IfcBuildingStorey"):
        result = count_elements(index_of(name), ifc_class, storey=storey.GlobalId)
        assert result["count"] == expected[storey.GlobalId], storey.Name
        assert result["counted"].endswith(f"on storey {storey.Name!r}")


@pytest.mark.parametrize(("name", "ifc_class"), [(INSTITUTE, "IfcWall"), (HOM, "IfcSpace")])
def test_group_by_storey_lists_storeys_by_elevation_with_their_counts(
    index_of: IndexOf, raw: Any, name: str, ifc_class: str
) -> None:
    model = raw(name)
    expected = Counter(storey_of(e).Name for e in model.by_type(ifc_class))
    result = count_elements(index_of(name), ifc_class, group_by="storey")
    assert {g["group"]: g["count"] for g in result["groups"]} == dict(expected)
    storeys = sorted(model.by_type("IfcBuildingStorey"), key=placement_util.get_storey_elevation)
    assert [g["group"] for g in result["groups"]] == [s.Name for s in storeys if s.Name in expected]


def test_group_by_type_counts_the_instances_of_each_type(index_of: IndexOf, raw: Any) -> None:
    expected = Counter(getattr(element_util.get_type(e), "Name", None) for e in raw(LARGE).by_type("IfcWall"))
    result = count_elements(index_of(LARGE), "IfcWall", group_by="type")
    assert {g["group"]: g["count"] for g in result["groups"]} == dict(expected)
    assert [g["count"] for g in result["groups"]] == sorted(expected.values(), reverse=True)


def test_group_by_a_property_counts_elements_per_value(index_of: IndexOf, raw: Any) -> None:
    walls = raw(INSTITUTE).by_type("IfcWall")
    values = Counter(element_util.get_psets(w).get("Pset_WallCommon", {}).get("IsExternal") for w in walls)
    result = count_elements(index_of(INSTITUTE), "IfcWall", group_by="Pset_WallCommon.IsExternal")
    assert {g["group"]: g["count"] for g in result["groups"]} == dict(values)


@pytest.mark.parametrize(
    ("name", "ifc_class", "set_name", "prop"),
    [
        (INSTITUTE, "IfcWall", "BaseQuantities", "Length"),
        (INSTITUTE, "IfcSpace", "BaseQuantities", "NetFloorArea"),
        (HOM, "IfcWall", "Qto_WallBaseQuantities", "NetSideArea"),
        (HOM, "IfcSpace", "Qto_SpaceBaseQuantities", "NetFloorArea"),
    ],
)
def test_sum_and_mean_match_a_direct_computation_from_get_psets(
    index_of: IndexOf, raw: Any, name: str, ifc_class: str, set_name: str, prop: str
) -> None:
    values = [qto(e, set_name, prop) for e in raw(name).by_type(ifc_class)]
    present = [v for v in values if v is not None]
    total = aggregate_values(index_of(name), ifc_class, quantity=f"{set_name}.{prop}", stat="sum")
    mean = aggregate_values(index_of(name), ifc_class, quantity=f"{set_name}.{prop}", stat="mean")
    assert total["value"] == pytest.approx(sum(present), abs=1e-5)
    assert mean["value"] == pytest.approx(sum(present) / len(present), abs=1e-5)
    assert (total["n_used"], total["n_missing"]) == (len(present), len(values) - len(present))


def test_elements_lacking_the_value_are_counted_and_listed(index_of: IndexOf, raw: Any) -> None:
    elements = raw(HOM).by_type("IfcBuildingElement")
    lacking = sorted(e.id() for e in elements if qto(e, "Qto_WallBaseQuantities", "NetSideArea") is None)
    result = aggregate_values(
        index_of(HOM), "IfcBuildingElement", quantity="Qto_WallBaseQuantities.NetSideArea", stat="count"
    )
    assert lacking and result["n_missing"] == len(lacking)
    assert result["value"] == result["n_used"] == len(elements) - len(lacking)
    assert [r["id"] for r in result["missing"]] == lacking[:20]


def test_min_and_max_per_storey_match_get_psets(index_of: IndexOf, raw: Any) -> None:
    by_storey: dict[str, list[float]] = {}
    for space in raw(INSTITUTE).by_type("IfcSpace"):
        by_storey.setdefault(storey_of(space).Name, []).append(qto(space, "BaseQuantities", "NetFloorArea") or 0.0)
    result = aggregate_values(
        index_of(INSTITUTE), "IfcSpace", quantity="BaseQuantities.NetFloorArea", stat="max", group_by="storey"
    )
    expected = {k: max(v) for k, v in by_storey.items()}
    assert {g["group"]: g["value"] for g in result["groups"]} == pytest.approx(expected)


def test_a_millimetre_model_reports_its_values_in_millimetres(index_of: IndexOf, raw: Any) -> None:
    model = raw(LARGE)
    assert ifcopenshell.util.unit.get_project_unit(model, "LENGTHUNIT").Prefix == "MILLI"
    result = aggregate_values(index_of(LARGE), "IfcWall", quantity="BaseQuantities.Length", stat="sum")
    assert result["unit"] == "mm"
    expected = sum(qto(w, "BaseQuantities", "Length") or 0.0 for w in model.by_type("IfcWall"))
    assert result["value"] == pytest.approx(expected)


def test_a_value_set_on_the_type_object_counts_for_its_instances(tmp_path: Path) -> None:
    api = ifcopenshell.api
    model = api.project.create_file(version="IFC4")
    api.root.create_entity(model, ifc_class="IfcProject", name="P")
    wall_type = api.root.create_entity(model, ifc_class="IfcWallType", name="T")
    type_pset = api.pset.add_pset(model, product=wall_type, name="Pset_Custom")
    api.pset.edit_pset(model, pset=type_pset, properties={"Cost": 10.0})
    walls = [api.root.create_entity(model, ifc_class="IfcWall", name=f"W{i}") for i in range(3)]
    api.type.assign_type(model, related_objects=walls, relating_type=wall_type)
    own_pset = api.pset.add_pset(model, product=walls[0], name="Pset_Custom")
    api.pset.edit_pset(model, pset=own_pset, properties={"Cost": 25.0})
    model.write(str(tmp_path / "typed.ifc"))
    index = load_index(tmp_path / "typed.ifc", cache=IndexCache(tmp_path / "cache"))
    expected = sum(element_util.get_psets(w)["Pset_Custom"]["Cost"] for w in walls)
    result = aggregate_values(index, "IfcWall", quantity="Pset_Custom.Cost", stat="sum")
    assert expected == 45.0
    assert (result["value"], result["n_used"], result["n_from_type"]) == (expected, 3, 2)


def test_rank_elements_puts_the_direct_maximum_first(index_of: IndexOf, raw: Any) -> None:
    values = {e.GlobalId: qto(e, "Qto_SpaceBaseQuantities", "NetFloorArea") for e in raw(HOM).by_type("IfcSpace")}
    result = rank_elements(index_of(HOM), "IfcSpace", quantity="Qto_SpaceBaseQuantities.NetFloorArea", limit=3)
    top = max(v for v in values.values() if v is not None)
    assert result["elements"][0]["value"] == pytest.approx(top)
    assert values[result["elements"][0]["guid"]] == top
    assert [r["value"] for r in result["elements"]] == sorted((r["value"] for r in result["elements"]), reverse=True)
    assert len(result["elements"]) == 3


def test_rank_elements_ascending_puts_the_minimum_first(index_of: IndexOf, raw: Any) -> None:
    values = [qto(e, "Qto_WallBaseQuantities", "Length") for e in raw(HOM).by_type("IfcWall")]
    result = rank_elements(index_of(HOM), "IfcWall", quantity="Qto_WallBaseQuantities.Length", order="asc", limit=1)
    assert result["elements"][0]["value"] == pytest.approx(min(v for v in values if v is not None))


def test_a_shared_extremum_is_flagged_as_a_tie(index_of: IndexOf, raw: Any) -> None:
    lengths = [qto(e, "BaseQuantities", "Length") for e in raw(INSTITUTE).by_type("IfcWall")]
    n_at_max = sum(1 for v in lengths if v == max(v for v in lengths if v is not None))
    result = rank_elements(index_of(INSTITUTE), "IfcWall", quantity="BaseQuantities.Length", limit=2)
    assert n_at_max > 1
    assert (result["extremum_tie"], result["n_at_extremum"]) == (True, n_at_max)
    assert all(row["tie"] for row in result["elements"])


def test_compare_elements_sorts_values_and_names_the_extremes(index_of: IndexOf, raw: Any) -> None:
    walls = raw(HOM).by_type("IfcWall")[:4]
    values = {w.GlobalId: qto(w, "Qto_WallBaseQuantities", "NetSideArea") for w in walls}
    result = compare_elements(index_of(HOM), [w.GlobalId for w in walls], "Qto_WallBaseQuantities.NetSideArea")
    assert [r["guid"] for r in result["values"]] == sorted(values, key=lambda g: -(values[g] or 0.0))
    assert result["largest"]["elements"][0]["guid"] == max(values, key=lambda g: values[g] or 0.0)
    assert result["smallest"]["elements"][0]["guid"] == min(values, key=lambda g: values[g] or 0.0)


def test_compare_elements_reports_a_missing_value_per_element(index_of: IndexOf, raw: Any) -> None:
    wall, door = raw(HOM).by_type("IfcWall")[0], raw(HOM).by_type("IfcDoor")[0]
    result = compare_elements(index_of(HOM), [wall.GlobalId, f"#{door.id()}"], "Qto_WallBaseQuantities.NetSideArea")
    assert [r["guid"] for r in result["values"]] == [wall.GlobalId]
    assert result["missing"] == [
        {"id": door.id(), "guid": door.GlobalId, "class": "IfcDoor", "name": door.Name, "value": None,
         "reason": "no Qto_WallBaseQuantities.NetSideArea"}
    ]


def test_an_unknown_class_is_an_error_that_points_to_list_classes(index_of: IndexOf) -> None:
    with pytest.raises(ToolError, match="'IfcWal' is not an entity of IFC2X3. Did you mean IfcWall.*Use list_classes"):
        count_elements(index_of(INSTITUTE), "IfcWal")


def test_an_unknown_set_is_an_error_listing_the_sets_the_class_carries(index_of: IndexOf) -> None:
    with pytest.raises(ToolError, match=r"No set 'Qto_X'.*BaseQuantities \(119\).*Pset_WallCommon \(119\)"):
        aggregate_values(index_of(INSTITUTE), "IfcWall", quantity="Qto_X.Length", stat="sum")


def test_an_unknown_property_is_an_error_listing_the_properties_of_the_set(index_of: IndexOf) -> None:
    with pytest.raises(ToolError, match=r"has no property 'Lenght'.*numeric ones: .*Length, NetSideArea"):
        aggregate_values(index_of(INSTITUTE), "IfcWall", quantity="BaseQuantities.Lenght", stat="sum")


def test_a_non_numeric_property_is_an_error_that_suggests_counting_per_value(index_of: IndexOf) -> None:
    with pytest.raises(ToolError, match="is not a number here.*count_elements with group_by='Pset_WallCommon.IsExt"):
        aggregate_values(index_of(INSTITUTE), "IfcWall", quantity="Pset_WallCommon.IsExternal", stat="sum")


def test_a_bad_stat_a_bad_grouping_and_a_bad_box_value_are_errors(index_of: IndexOf) -> None:
    index = index_of(INSTITUTE)
    with pytest.raises(ToolError, match="Unknown stat 'median'. Use one of sum, mean, min, max, count"):
        aggregate_values(index, "IfcWall", quantity="BaseQuantities.Length", stat="median")  # type: ignore[arg-type]
    with pytest.raises(ToolError, match="Unknown group_by 'level'. Use one of storey, class"):
        count_elements(index, "IfcWall", group_by="level")
    with pytest.raises(ToolError, match=r"Unknown box value 'bbox.width'. Use bbox.xmin\|"):
        rank_elements(index, "IfcWall", quantity="bbox.width")
    with pytest.raises(ToolError, match="Give 2 to 20 elements to compare, not 1"):
        compare_elements(index, ["#1"], "BaseQuantities.Length")


def test_a_bad_stat_through_call_tool_names_the_allowed_values(index_of: IndexOf) -> None:
    arguments = {"ifc_class": "IfcWall", "quantity": "BaseQuantities.Length", "stat": "avg"}
    with pytest.raises(ToolError, match="stat: input should be 'sum', 'mean', 'min', 'max' or 'count'"):
        call_tool(index_of(INSTITUTE), "aggregate_values", arguments)


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("count_elements", {"ifc_class": "IfcProduct", "group_by": "type"}),
        ("count_elements", {"ifc_class": "IfcProduct", "group_by": "class"}),
        ("count_elements", {"ifc_class": "IfcSpace", "group_by": "BaseQuantities.NetFloorArea"}),
        ("aggregate_values", {"ifc_class": "IfcBuildingElement", "quantity": "BaseQuantities.Width",
                              "stat": "mean", "group_by": "type"}),
        ("rank_elements", {"ifc_class": "IfcProduct", "quantity": "BaseQuantities.Width", "limit": 50}),
    ],
)
def test_every_result_renders_within_the_output_cap(index_of: IndexOf, tool: str, arguments: dict[str, Any]) -> None:
    result = call_tool(index_of(INSTITUTE), tool, arguments)
    assert len(render(result)) <= MAX_OUTPUT_CHARS
    if "groups" in result:
        assert result["returned"] == len(result["groups"]) and result["total"] >= result["returned"]
