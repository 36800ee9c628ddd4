"""Geometry tools on the small IfcOpenHouse model, checked against IfcOpenShell's create_shape."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.unit
import numpy as np
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import ModelIndex
from ifcqa.tools.geometry import compare_extents, elements_at_point, get_bbox, point_in_box
from ifcqa.tools.registry import MAX_OUTPUT_CHARS, call_tool, render

HOUSE = "IfcOpenHouse_IFC4.ifc"
Box = tuple[np.ndarray, np.ndarray]


@pytest.fixture(scope="module")
def index(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of(HOUSE)


@pytest.fixture(scope="module")
def boxes(shared_ifc: Path) -> dict[str, Box]:
    """GlobalId -> (min, max) of every product create_shape can shape, in the model's length unit."""
    model = ifcopenshell.open(str(shared_ifc / HOUSE))
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    metres_per_unit = ifcopenshell.util.unit.calculate_unit_scale(model)
    out = {}
    for product in model.by_type("IfcProduct"):
        if product.Representation is None:
            continue
        try:
            shape = ifcopenshell.geom.create_shape(settings, product)
        except RuntimeError:
            continue
        verts = np.asarray(shape.geometry.verts, dtype=float).reshape(-1, 3) / metres_per_unit
        if verts.size:
            out[product.GlobalId] = (verts.min(axis=0), verts.max(axis=0))
    return out


def guid_of(index: ModelIndex, name: str) -> str:
    return next(e.guid for e in index.by_class("IfcProduct") if e.name == name)


def corners(result: dict[str, Any]) -> Box:
    box = result["bbox"]
    return np.array([box["min"][a] for a in "xyz"]), np.array([box["max"][a] for a in "xyz"])


def test_the_model_is_in_millimetres_and_the_tools_say_so(index: ModelIndex, shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / HOUSE))
    assert ifcopenshell.util.unit.calculate_unit_scale(model) == pytest.approx(0.001)
    assert get_bbox(index, guid_of(index, "South wall"))["unit"] == "mm"


@pytest.mark.parametrize("name", ["South wall", "East wall", "Footing", "South roof", "North roof"])
def test_get_bbox_matches_the_vertices_of_create_shape(index: ModelIndex, boxes: dict[str, Box], name: str) -> None:
    guid = guid_of(index, name)
    low, high = corners(get_bbox(index, guid))
    assert low == pytest.approx(boxes[guid][0], abs=1e-3)
    assert high == pytest.approx(boxes[guid][1], abs=1e-3)


def test_get_bbox_gives_the_extents_of_the_box(index: ModelIndex) -> None:
    result = get_bbox(index, guid_of(index, "South wall"))
    low, high = corners(result)
    assert [result["bbox"][f"d{a}"] for a in "xyz"] == pytest.approx(list(high - low))


def test_get_bbox_of_the_door_matches_create_shape(index: ModelIndex, boxes: dict[str, Box]) -> None:
    door = index.by_class("IfcDoor")[0]
    low, high = corners(get_bbox(index, f"#{door.id}"))
    assert (low, high) == (pytest.approx(boxes[door.guid][0], abs=1e-3), pytest.approx(boxes[door.guid][1], abs=1e-3))


def test_an_aggregate_without_its_own_body_has_a_null_box_and_points_to_its_parts(index: ModelIndex) -> None:
    window = index.by_class("IfcWindow")[0]
    result = get_bbox(index, window.guid)
    assert result["bbox"] is None
    assert result["reason"].startswith(f"It has no body geometry of its own: it aggregates {len(window.parts)} parts")


def test_a_storey_has_a_null_box_with_a_reason(index: ModelIndex) -> None:
    storey = index.get(index.storeys[0])
    assert get_bbox(index, storey.guid) == {
        "element": {"id": storey.id, "guid": storey.guid, "class": "IfcBuildingStorey", "name": storey.name},
        "unit": "mm",
        "bbox": None,
        "reason": "IfcBuildingStorey is a spatial container without body geometry.",
    }


@pytest.mark.parametrize("name", ["South wall", "Footing", "North roof"])
def test_the_centre_of_the_box_is_inside_and_a_point_beyond_it_is_not(
    index: ModelIndex, boxes: dict[str, Box], name: str
) -> None:
    guid = guid_of(index, name)
    low, high = boxes[guid]
    centre = (low + high) / 2
    assert point_in_box(index, guid, *centre)["inside"] is True
    outside = centre + np.array([high[0] - low[0], 0.0, 0.0])
    assert point_in_box(index, guid, *outside)["inside"] is False
    assert point_in_box(index, guid, *(high + 0.5))["inside"] is False


def test_point_in_box_of_an_element_without_geometry_is_null(index: ModelIndex) -> None:
    result = point_in_box(index, index.by_class("IfcWindow")[0].guid, 0.0, 0.0, 0.0)
    assert result["inside"] is None and result["bbox"] is None and "parts" in result["reason"]


@pytest.mark.parametrize("axis", ["x", "y", "z"])
def test_compare_extents_orders_elements_by_their_extent_largest_first(
    index: ModelIndex, boxes: dict[str, Box], axis: str
) -> None:
    names = ["South wall", "East wall", "Footing", "North roof"]
    guids = [guid_of(index, n) for n in names]
    i = "xyz".index(axis)
    expected = sorted(guids, key=lambda g: -(boxes[g][1][i] - boxes[g][0][i]))
    result = compare_extents(index, guids, axis)  # type: ignore[arg-type]
    assert [r["guid"] for r in result["extents"]] == expected
    assert [r["extent"] for r in result["extents"]] == pytest.approx(
        [boxes[g][1][i] - boxes[g][0][i] for g in expected], abs=1e-3
    )


def test_compare_extents_flags_a_shared_largest_extent(index: ModelIndex) -> None:
    walls = [guid_of(index, n) for n in ("South wall", "East wall", "West wall")]
    result = compare_extents(index, walls, "z")
    assert result["largest_tie"] is True
    assert {r["name"] for r in result["largest"]} == {"East wall", "West wall"}


def test_compare_extents_lists_elements_without_geometry_apart(index: ModelIndex) -> None:
    window = index.by_class("IfcWindow")[0]
    result = compare_extents(index, [guid_of(index, "South wall"), window.guid], "x")
    assert [r["name"] for r in result["extents"]] == ["South wall"]
    assert result["without_geometry"][0]["element"]["guid"] == window.guid


def test_elements_at_point_are_those_whose_create_shape_box_contains_it(
    index: ModelIndex, boxes: dict[str, Box]
) -> None:
    low, high = boxes[index.by_class("IfcDoor")[0].guid]
    point = (low + high) / 2
    expected = {g for g, (lo, hi) in boxes.items() if np.all(lo - 1e-3 <= point) and np.all(point <= hi + 1e-3)}
    result = elements_at_point(index, *point, limit=200)
    assert {r["guid"] for r in result["elements"]} == expected
    assert result["total"] == len(expected) and "IfcDoor" in {r["class"] for r in result["elements"]}


def test_elements_at_point_can_keep_one_class(index: ModelIndex, boxes: dict[str, Box]) -> None:
    low, high = boxes[index.by_class("IfcDoor")[0].guid]
    result = elements_at_point(index, *((low + high) / 2), ifc_class="IfcDoor")
    assert [r["class"] for r in result["elements"]] == ["IfcDoor"]


def test_a_point_far_away_is_in_no_box(index: ModelIndex) -> None:
    assert elements_at_point(index, 1e9, 1e9, 1e9)["elements"] == []


def test_bad_axis_bad_tolerance_and_too_few_elements_are_errors(index: ModelIndex) -> None:
    wall = guid_of(index, "South wall")
    with pytest.raises(ToolError, match="Unknown axis 'w'. Use 'x', 'y' or 'z'"):
        compare_extents(index, [wall, guid_of(index, "East wall")], "w")  # type: ignore[arg-type]
    with pytest.raises(ToolError, match="Give 2 to 20 elements to compare, not 1"):
        compare_extents(index, [wall], "x")
    with pytest.raises(ToolError, match="tolerance must be >= 0"):
        point_in_box(index, wall, 0.0, 0.0, 0.0, tolerance=-1.0)
    with pytest.raises(ToolError, match="No element with GlobalId '0000000000000000000000'"):
        get_bbox(index, "0000000000000000000000")


def test_a_bad_axis_through_call_tool_names_the_allowed_values(index: ModelIndex) -> None:
    arguments = {"elements": ["#40", "#221"], "axis": "w"}
    with pytest.raises(ToolError, match="axis: input should be 'x', 'y' or 'z'"):
        call_tool(index, "compare_extents", arguments)


def test_every_geometry_result_renders_within_the_output_cap(index: ModelIndex) -> None:
    site = index.by_class("IfcSite")[0]
    results = [
        call_tool(index, "elements_at_point", {"x": 0.0, "y": 0.0, "z": -1000.0, "limit": 200}),
        call_tool(index, "elements_at_point", {"x": 0.0, "y": 2500.0, "z": 1000.0, "tolerance": 1e4, "limit": 200}),
        call_tool(index, "get_bbox", {"element": site.guid}),
        call_tool(index, "compare_extents", {"elements": [f"#{i}" for i in sorted(index.bboxes())[:20]], "axis": "z"}),
    ]
    assert results[1]["total"] == len(index.bboxes())
    assert all(len(render(r)) <= MAX_OUTPUT_CHARS for r in results)
