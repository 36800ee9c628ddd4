"""Geometry tools: axis-aligned bounding boxes of elements, their extents, and point containment.

Boxes come from :meth:`~ifcqa.index.ModelIndex.bboxes` (IfcOpenShell's geometry iterator, project
coordinates, the model's length unit). They are computed on the first geometry question and cached,
so the first call on a large model takes a few seconds.
"""

from __future__ import annotations

from typing import Any, Literal

from ifcqa.errors import ToolError
from ifcqa.index.geometry import BBox
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.tools.registry import tool
from ifcqa.tools.results import DEFAULT_PAGE, paginate, ref, round_number

AXES = ("x", "y", "z")
BBOX_FIELDS = ("xmin", "ymin", "zmin", "xmax", "ymax", "zmax", "dx", "dy", "dz")
MAX_ELEMENTS = 20


def bbox_field(box: BBox, name: str) -> float:
    """One number of a box: ``xmin``..``zmax`` or an extent ``dx``/``dy``/``dz``."""
    if name.startswith("d"):
        axis = AXES.index(name[1])
        return box[axis + 3] - box[axis]
    return box[BBOX_FIELDS.index(name)]


def box_json(box: BBox) -> dict[str, Any]:
    """A box for a tool result: min and max corners and the extents, rounded."""
    low, high = box[:3], box[3:]
    return {
        "min": {a: round_number(v) for a, v in zip(AXES, low, strict=True)},
        "max": {a: round_number(v) for a, v in zip(AXES, high, strict=True)},
        **{f"d{a}": round_number(bbox_field(box, f"d{a}")) for a in AXES},
    }


def no_box_reason(index: ModelIndex, element: Element) -> str:
    """Why an element has no bounding box, phrased so the agent knows what to try instead."""
    if not index.is_a(element, "IfcProduct"):
        return f"{element.ifc_class} is not a placed product, so it has no geometry."
    note = index.geometry_note(element)  # IfcOpenShell's own reason, or its crash on this element
    if note is not None:
        return f"{note[0].upper()}{note[1:]}"
    records = index.data.elements  # the first part with a box, each shaped alone (no whole-model pass)
    boxed = next((p for p in element.parts if p in records and index.bbox(records[p]) is not None), None)
    if boxed is not None:
        return (
            f"It has no body geometry of its own: it aggregates {len(element.parts)} parts "
            f"(e.g. #{boxed}); ask get_bbox for the parts."
        )
    if index.is_a(element, "IfcSpatialStructureElement"):
        return f"{element.ifc_class} is a spatial container without body geometry."
    return "It has no body representation IfcOpenShell can shape."


def _check_axis(axis: str) -> int:
    if axis not in AXES:
        raise ToolError(f"Unknown axis {axis!r}. Use 'x', 'y' or 'z' (z is vertical).")
    return AXES.index(axis)


def _contains(box: BBox, point: tuple[float, float, float], tolerance: float) -> bool:
    return all(box[i] - tolerance <= point[i] <= box[i + 3] + tolerance for i in range(3))


def _check_tolerance(tolerance: float) -> None:
    if tolerance < 0:
        raise ToolError(f"tolerance must be >= 0, not {tolerance}; it is in the model's length unit.")


@tool("geometry")
def get_bbox(index: ModelIndex, element: str) -> dict[str, Any]:
    """The axis-aligned bounding box of one element in project coordinates: min/max x, y, z and extents.

    Numbers are in the model's length unit (given as unit). z is vertical: min.z is the element's base
    elevation. The box is null, with a reason, when the element has no body geometry (e.g. a storey,
    or an aggregate such as a roof whose parts carry the geometry).

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
    """
    e = index.get(element)
    box = index.bbox(e)
    out: dict[str, Any] = {"element": ref(e), "unit": index.unit_symbol("LENGTHUNIT")}
    if box is None:
        out.update({"bbox": None, "reason": no_box_reason(index, e)})
    else:
        out["bbox"] = box_json(box)
    return out


@tool("geometry")
def compare_extents(index: ModelIndex, elements: list[str], axis: Literal["x", "y", "z"]) -> dict[str, Any]:
    """Extents (box size) of 2 to 20 elements along one axis, largest first, in the model's length unit.

    Use it for "which element is the longest / tallest along X, Y or Z". Ties are flagged; elements
    without geometry are listed apart with the reason.

    Args:
        elements: GlobalIds, step ids (#123) or unique Names of the elements to compare.
        axis: 'x', 'y' or 'z' (z is vertical, so dz is the height).
    """
    i = _check_axis(axis)
    if not 2 <= len(elements) <= MAX_ELEMENTS:
        raise ToolError(f"Give 2 to {MAX_ELEMENTS} elements to compare, not {len(elements)}.")
    records = list({e.id: e for e in (index.get(r) for r in elements)}.values())
    rows, without = [], []
    for e in records:
        box = index.bbox(e)
        if box is None:
            without.append({"element": ref(e), "reason": no_box_reason(index, e)})
        else:
            rows.append({**(ref(e) or {}), "extent": round_number(box[i + 3] - box[i])})
    rows.sort(key=lambda r: (-r["extent"], r["id"]))
    out: dict[str, Any] = {"axis": axis, "unit": index.unit_symbol("LENGTHUNIT"), "extents": rows}
    if rows:
        top = [r for r in rows if r["extent"] == rows[0]["extent"]]
        out["largest"] = [{k: r[k] for k in ("guid", "name", "long_name", "guid_note") if k in r} for r in top]
        out["largest_tie"] = len(top) > 1
    if without:
        out["without_geometry"] = without
    return out


@tool("geometry")
def elements_at_point(
    index: ModelIndex,
    x: float,
    y: float,
    z: float,
    ifc_class: str | None = None,
    tolerance: float = 1e-6,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
) -> dict[str, Any]:
    """Elements whose axis-aligned bounding box contains the point (x, y, z), sorted by step id.

    Coordinates are project coordinates in the model's length unit. A box is a coarse envelope: a point
    in an L-shaped wall's box need not lie in the wall itself. Openings (IfcOpeningElement) have boxes
    too; pass ifc_class to keep one class.

    Args:
        x: x coordinate.
        y: y coordinate.
        z: z coordinate (vertical).
        ifc_class: keep only this class (subclasses included), e.g. IfcSpace or IfcWall.
        tolerance: how far outside a box a point may be and still count, in the model's length unit.
        offset: first result to return (for the next page).
        limit: page size (at most 200).
    """
    _check_tolerance(tolerance)
    point = (x, y, z)
    boxes = index.bboxes()
    allowed = {e.id for e in index.by_class(ifc_class)} if ifc_class else None
    hits = [
        index.data.elements[i]
        for i, box in sorted(boxes.items())
        if (allowed is None or i in allowed) and i in index.data.elements and _contains(box, point, tolerance)
    ]
    head = {"point": {"x": x, "y": y, "z": z}, "unit": index.unit_symbol("LENGTHUNIT")}
    return paginate(hits, offset, limit, lambda page: {**head, "elements": [ref(e) for e in page]})


@tool("geometry")
def point_in_box(
    index: ModelIndex, element: str, x: float, y: float, z: float, tolerance: float = 1e-6
) -> dict[str, Any]:
    """Whether the point (x, y, z) lies inside the element's axis-aligned bounding box, with the box.

    Coordinates are project coordinates in the model's length unit; the box boundary counts as inside.
    inside is null, with a reason, when the element has no body geometry.

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
        x: x coordinate.
        y: y coordinate.
        z: z coordinate (vertical).
        tolerance: how far outside the box the point may be and still count, in the model's length unit.
    """
    _check_tolerance(tolerance)
    e = index.get(element)
    box = index.bbox(e)
    point = {"x": x, "y": y, "z": z}
    out: dict[str, Any] = {"element": ref(e), "point": point, "unit": index.unit_symbol("LENGTHUNIT")}
    if box is None:
        out.update({"inside": None, "bbox": None, "reason": no_box_reason(index, e)})
    else:
        out.update({"inside": _contains(box, (x, y, z), tolerance), "bbox": box_json(box)})
    return out
