"""One argument convention across tools: the same element filters, pages past 200 rows, set names and paths.

* count_elements, aggregate_values and rank_elements take the filters of find_elements (ifc_class,
  name, storey, selector, elements) and agree with it and with raw IfcOpenShell;
* get_openings and elements_at_point page past 200 rows like every list tool: total, next_offset,
  a capped limit said out loud, and every row reached by following next_offset;
* get_properties and get_quantities take a set name, a quoted one, a placeholder, or a 'Set.Prop' path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.context
import ifcopenshell.api.feature
import ifcopenshell.api.geometry
import ifcopenshell.api.project
import ifcopenshell.api.pset
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.unit
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools.registry import call_tool

INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
DUPLEX = "Duplex_A_20110907.ifc"
IndexOf = Callable[[str], ModelIndex]
MANY = 230  # more rows than one page (200) can hold


def walk(index: ModelIndex, name: str, arguments: dict[str, Any], key: str) -> tuple[list[dict[str, Any]], int]:
    """Every row of a paged tool, following next_offset from offset 0 with limit=500; and the pages it took."""
    rows: list[dict[str, Any]] = []
    offset, pages = 0, 0
    while True:
        result = call_tool(index, name, {**arguments, "offset": offset, "limit": 500})
        pages += 1
        assert result["limit_capped_to"] == 200 and result["returned"] <= 200
        assert result["total"] == MANY and result["offset"] == offset
        rows.extend(result[key])
        if not result["truncated"]:
            assert "next_offset" not in result
            return rows, pages
        assert result["next_offset"] == offset + result["returned"] > offset
        offset = result["next_offset"]


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModelIndex, ifcopenshell.file]:
    """A generated IFC4 model: a slab with MANY openings, MANY identical walls on one spot, two named psets."""
    model = ifcopenshell.api.project.create_file(version="IFC4")
    create = ifcopenshell.api.root.create_entity
    project = create(model, ifc_class="IfcProject", name="Crowded")
    ifcopenshell.api.unit.assign_unit(model)
    model3d = ifcopenshell.api.context.add_context(model, context_type="Model")
    body = ifcopenshell.api.context.add_context(
        model, context_type="Model", context_identifier="Body", target_view="MODEL_VIEW", parent=model3d
    )
    storey = create(model, ifc_class="IfcBuildingStorey", name="L0")
    ifcopenshell.api.aggregate.assign_object(model, products=[storey], relating_object=project)
    slab = create(model, ifc_class="IfcSlab", name="Slab")
    for i in range(MANY):
        opening = create(model, ifc_class="IfcOpeningElement", name=f"O{i}")
        ifcopenshell.api.feature.add_feature(model, feature=opening, element=slab)
    walls = []
    for i in range(MANY):
        wall = create(model, ifc_class="IfcWall", name=f"W{i}")
        ifcopenshell.api.geometry.edit_object_placement(model, product=wall)
        shape = ifcopenshell.api.geometry.add_wall_representation(
            model, context=body, length=1.0, height=2.0, thickness=0.2
        )
        ifcopenshell.api.geometry.assign_representation(model, product=wall, representation=shape)
        walls.append(wall)
    ifcopenshell.api.spatial.assign_container(model, products=[slab, *walls], relating_structure=storey)
    pset = ifcopenshell.api.pset.add_pset(model, product=slab, name="Pset_SlabCommon")
    ifcopenshell.api.pset.edit_pset(model, pset=pset, properties={"IsExternal": True, "LoadBearing": False})
    dotted = ifcopenshell.api.pset.add_pset(model, product=slab, name="Acme.Fire")
    ifcopenshell.api.pset.edit_pset(model, pset=dotted, properties={"Rating": "REI60"})
    qto = ifcopenshell.api.pset.add_qto(model, product=slab, name="Qto_SlabBaseQuantities")
    ifcopenshell.api.pset.edit_qto(model, qto=qto, properties={"Width": 0.25, "GrossArea": 30.0})
    path = tmp_path_factory.mktemp("crowded") / "crowded.ifc"
    model.write(str(path))
    return load_index(path, cache=IndexCache(path.parent / "cache")), ifcopenshell.open(str(path))


@pytest.fixture(scope="module")
def raw_of(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """A factory: shared file name -> the file opened by IfcOpenShell (memoized)."""
    opened: dict[str, ifcopenshell.file] = {}

    def open_raw(name: str) -> ifcopenshell.file:
        if name not in opened:
            opened[name] = ifcopenshell.open(str(shared_ifc / name))
        return opened[name]

    return open_raw


# -- one filter set --------------------------------------------------------------------------
def _named(entity: ifcopenshell.entity_instance, text: str) -> bool:
    return any(text.lower() in (n or "").lower() for n in (entity.Name, getattr(entity, "LongName", None)))


# filters, and the raw IfcOpenShell reading of the elements they keep
FILTERS: list[tuple[dict[str, Any], Callable[[ifcopenshell.file], list[Any]]]] = [
    ({"ifc_class": "IfcDoor"}, lambda m: m.by_type("IfcDoor")),
    ({"ifc_class": "IfcWall", "exact_class": True}, lambda m: m.by_type("IfcWall", include_subtypes=False)),
    ({"selector": "IfcWall, IfcDoor"}, lambda m: m.by_type("IfcWall") + m.by_type("IfcDoor")),
    (
        {"ifc_class": "IfcSpace", "name": "~bedroom"},
        lambda m: [s for s in m.by_type("IfcSpace") if _named(s, "bedroom")],
    ),
    ({"name": "kitchen"}, lambda m: [s for s in m.by_type("IfcProduct") if _named(s, "kitchen")]),
]


@pytest.mark.parametrize(
    ("filters", "expected"),
    FILTERS,
    ids=["class", "exact_class", "selector", "class+name~", "name"],
)
def test_count_elements_takes_every_filter_of_find_elements_and_agrees_with_it(
    index_of: IndexOf, raw_of: Any, filters: dict[str, Any], expected: Callable[[ifcopenshell.file], list[Any]]
) -> None:
    index = index_of(DUPLEX)
    found = call_tool(index, "find_elements", {**filters, "limit": 0})
    counted = call_tool(index, "count_elements", filters)
    raw = {e.id() for e in expected(raw_of(DUPLEX))}
    assert raw and counted["count"] == found["total"] == len(raw)


def test_count_elements_with_candidates_answers_how_many_of_these(index_of: IndexOf, raw_of: Any) -> None:
    index, raw = index_of(DUPLEX), raw_of(DUPLEX)
    doors = [d.GlobalId for d in raw.by_type("IfcDoor")[:3]]
    windows = [w.GlobalId for w in raw.by_type("IfcWindow")[:4]]
    result = call_tool(index, "count_elements", {"ifc_class": "IfcDoor", "elements": [*doors, *windows, "nope"]})
    assert result["count"] == 3 and result["among"] == 7 and result["unknown_elements"] == ["nope"]
    assert result["counted"].endswith("among 7 given elements")
    grouped = call_tool(index, "count_elements", {"elements": [*doors, *windows], "group_by": "class"})
    assert {g["group"]: g["count"] for g in grouped["groups"]} == {"IfcDoor": 3, "IfcWindow": 4}


def test_count_elements_with_a_selector_matches_raw_ifcopenshell(index_of: IndexOf, raw_of: Any) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    external = [
        w for w in raw.by_type("IfcWall") if element_util.get_psets(w).get("Pset_WallCommon", {}).get("IsExternal")
    ]
    result = call_tool(index, "count_elements", {"selector": "IfcWall, Pset_WallCommon.IsExternal=TRUE"})
    assert external and result["count"] == len(external)


def test_count_elements_without_any_filter_names_the_filters(index_of: IndexOf) -> None:
    with pytest.raises(ToolError, match="Give at least one of ifc_class, name, storey, selector or elements"):
        call_tool(index_of(DUPLEX), "count_elements", {})


def test_aggregate_values_over_given_elements_sums_only_those(index_of: IndexOf, raw_of: Any) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    spaces = [
        s for s in raw.by_type("IfcSpace") if element_util.get_psets(s).get("BaseQuantities", {}).get("NetFloorArea")
    ]
    chosen = spaces[:5]
    expected = sum(element_util.get_psets(s)["BaseQuantities"]["NetFloorArea"] for s in chosen)
    result = call_tool(
        index,
        "aggregate_values",
        {"elements": [s.GlobalId for s in chosen], "quantity": "BaseQuantities.NetFloorArea", "stat": "sum"},
    )
    assert result["n_used"] == 5 and result["value"] == pytest.approx(expected)
    ranked = call_tool(
        index, "rank_elements", {"elements": [s.GlobalId for s in chosen], "quantity": "BaseQuantities.NetFloorArea"}
    )
    assert {r["guid"] for r in ranked["elements"]} == {s.GlobalId for s in chosen}


def test_rank_elements_pages_with_offset(index_of: IndexOf) -> None:
    index = index_of(INSTITUTE)
    args = {"ifc_class": "IfcSpace", "quantity": "BaseQuantities.NetFloorArea", "limit": 3}
    first = call_tool(index, "rank_elements", args)
    second = call_tool(index, "rank_elements", {**args, "offset": first["next_offset"]})
    assert first["truncated"] and first["next_offset"] == 3
    assert [r["rank"] for r in second["elements"]] == [4, 5, 6]


# -- pages past 200 --------------------------------------------------------------------------
def test_get_openings_pages_past_200_to_every_opening(crowded: tuple[ModelIndex, ifcopenshell.file]) -> None:
    index, raw = crowded
    slab = raw.by_type("IfcSlab")[0]
    rows, pages = walk(index, "get_openings", {"host": slab.GlobalId}, "openings")
    expected = {rel.RelatedOpeningElement.id() for rel in slab.HasOpenings}
    assert len(expected) == MANY and [r["id"] for r in rows] == sorted(expected) and pages >= 2


def test_elements_at_point_pages_past_200_to_every_element(crowded: tuple[ModelIndex, ifcopenshell.file]) -> None:
    index, raw = crowded
    rows, pages = walk(index, "elements_at_point", {"x": 0.5, "y": 0.1, "z": 1.0, "ifc_class": "IfcWall"}, "elements")
    assert [r["id"] for r in rows] == sorted(w.id() for w in raw.by_type("IfcWall")) and pages >= 2


def test_a_limit_within_the_page_size_is_not_flagged(crowded: tuple[ModelIndex, ifcopenshell.file]) -> None:
    index, raw = crowded
    result = call_tool(index, "get_openings", {"host": raw.by_type("IfcSlab")[0].GlobalId, "limit": 10})
    assert "limit_capped_to" not in result and result["returned"] == 10 and result["next_offset"] == 10


# -- set names and paths ---------------------------------------------------------------------
def test_get_properties_takes_a_set_name_a_path_or_a_quoted_name(crowded: tuple[ModelIndex, ifcopenshell.file]) -> None:
    index, raw = crowded
    slab = raw.by_type("IfcSlab")[0].GlobalId
    whole = call_tool(index, "get_properties", {"element": slab, "pset": "pset_slabcommon"})
    assert {k: v["value"] for k, v in whole["property_sets"]["Pset_SlabCommon"].items()} == {
        "IsExternal": True,
        "LoadBearing": False,
    }
    one = call_tool(index, "get_properties", {"element": slab, "pset": "Pset_SlabCommon.IsExternal"})
    assert one["property_sets"] == {"Pset_SlabCommon": {"IsExternal": {"value": True}}}
    dotted = call_tool(index, "get_properties", {"element": slab, "pset": "Acme.Fire"})
    quoted = call_tool(index, "get_properties", {"element": slab, "pset": '"Acme.Fire".Rating'})
    assert dotted["property_sets"] == quoted["property_sets"] == {"Acme.Fire": {"Rating": {"value": "REI60"}}}


def test_get_quantities_takes_a_path_and_get_properties_shows_a_named_quantity_set(
    crowded: tuple[ModelIndex, ifcopenshell.file],
) -> None:
    index, raw = crowded
    slab = raw.by_type("IfcSlab")[0].GlobalId
    width = call_tool(index, "get_quantities", {"element": slab, "qto": "Qto_SlabBaseQuantities.Width"})
    assert width["quantity_sets"]["Qto_SlabBaseQuantities"]["Width"]["value"] == pytest.approx(0.25)
    assert list(width["quantity_sets"]["Qto_SlabBaseQuantities"]) == ["Width"]
    crossed = call_tool(index, "get_properties", {"element": slab, "pset": "Qto_SlabBaseQuantities"})
    assert set(crossed["quantity_sets"]["Qto_SlabBaseQuantities"]) == {"Width", "GrossArea"}
    assert "is a quantity set" in crossed["note"]


@pytest.mark.parametrize(
    ("tool", "argument", "message"),
    [
        ("get_properties", {"pset": "Pset_SlabCommon.Colour"}, "Set 'Pset_SlabCommon' of element .* has no property"),
        ("get_properties", {"pset": "Pset_Nope"}, "has no property set 'Pset_Nope'.*'SetName.PropName'"),
        ("get_quantities", {"qto": "Qto_Nope.Width"}, "has no quantity set 'Qto_Nope.Width'"),
    ],
)
def test_a_set_or_property_the_element_lacks_is_named(
    crowded: tuple[ModelIndex, ifcopenshell.file], tool: str, argument: dict[str, str], message: str
) -> None:
    index, raw = crowded
    with pytest.raises(ToolError, match=message):
        call_tool(index, tool, {"element": raw.by_type("IfcSlab")[0].GlobalId, **argument})


def test_compact_rows_carry_the_long_name_of_spaces_found_by_it(index_of: IndexOf, raw_of: Any) -> None:
    index, raw = index_of(DUPLEX), raw_of(DUPLEX)
    living = sorted((s.id(), s.Name, s.LongName) for s in raw.by_type("IfcSpace") if s.LongName == "Living Room")
    result = call_tool(index, "find_elements", {"name": "living room", "compact": True})
    assert result["columns"] == ["id", "guid", "class", "name", "long_name"]
    assert [(r[0], r[3], r[4]) for r in result["elements"]] == living and len(living) == 2
    walls = call_tool(index, "find_elements", {"ifc_class": "IfcWall", "compact": True, "limit": 3})
    assert walls["columns"] == ["id", "guid", "class", "name"] and all(len(r) == 4 for r in walls["elements"])


def test_list_storeys_and_list_classes_page_like_the_other_list_tools(index_of: IndexOf, raw_of: Any) -> None:
    index, raw = index_of(INSTITUTE), raw_of(INSTITUTE)
    storeys = sorted(raw.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation)
    first = call_tool(index, "list_storeys", {"limit": 1})
    second = call_tool(index, "list_storeys", {"offset": first["next_offset"], "limit": 1})
    assert first["total"] == len(storeys) > 1 and first["elevation_unit"] == "m"
    assert [first["storeys"][0]["id"], second["storeys"][0]["id"]] == [s.id() for s in storeys[:2]]
    classes = call_tool(index, "list_classes", {})
    assert classes["total"] == len({e.is_a() for e in raw.by_type("IfcObjectDefinition")}) and not classes["truncated"]
