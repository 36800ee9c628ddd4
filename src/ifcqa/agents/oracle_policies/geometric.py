"""Oracle policies for bounding-box geometry: extents, base elevations, point containment.

compare_extents orders the option elements along the axis, get_bbox gives a named element's base
(min z), elements_at_point lists the boxes holding a point and point_in_box tests one box.
"""

from __future__ import annotations

from ifcqa.agents.oracle_policies._plan import (
    PAGE,
    Call,
    GiveUp,
    Plan,
    Question,
    checked,
    on_element,
    on_elements,
    policy,
)

_NAMED = r"the (?P<cls>Ifc\w+) '(?P<name>.*)'"
_POINT = r"the point \((?P<x>[-\d.e]+), (?P<y>[-\d.e]+), (?P<z>[-\d.e]+)\) (?P<unit>\S+)"


@policy("geometric.geometry.extent_compare")
def extent_compare(q: Question) -> Plan:
    """compare_extents(elements=the options, axis=A) -> the largest."""
    found = q.parse(r"^Which of the following elements has the largest extent along the (?P<axis>[XYZ]) axis")
    result = yield from on_elements("compare_extents", q.texts, axis=found["axis"].lower())
    if result.get("largest_tie") or not result.get("largest"):
        raise GiveUp("no single element has the largest extent")
    return q.choose_row(result["largest"][0])


@policy("geometric.geometry.base_elevation")
def base_elevation(q: Question) -> Plan:
    """get_bbox(element=NAME) -> min z, rounded to 3 decimals, in the unit the question states."""
    found = q.parse(rf"^What is the base elevation of {_NAMED}, that is the minimum Z .* in (?P<unit>\S+), rounded")
    result = yield from on_element("get_bbox", found["name"], found["cls"])
    box = result.get("bbox")
    if box is None or result.get("unit") != found["unit"]:
        raise GiveUp("no box in the unit asked")
    return q.choose_value(round(float(box["min"]["z"]), 3), found["unit"])


def _point(found: dict[str, str]) -> dict[str, float]:
    return {axis: float(found[axis]) for axis in ("x", "y", "z")}


@policy("geometric.geometry.point_in_box")
def point_in_box(q: Question) -> Plan:
    """elements_at_point(x, y, z) for "which box holds P"; point_in_box(element=NAME, ...) for "is P in N's box"."""
    if q.question_type == "boolean":
        found = q.parse(rf"^Is {_POINT} inside the axis-aligned bounding box \(in project coordinates\) of {_NAMED}\?$")
        result = yield from on_element("point_in_box", found["name"], found["cls"], _point(found))
        if result.get("inside") is None:
            raise GiveUp("the element has no box")
        return q.choose_yes_no(bool(result["inside"]))
    found = q.parse(rf"^Which of the following elements has an axis-aligned bounding box .* contains {_POINT}\?$")
    hits = checked((yield Call("elements_at_point", _point(found) | {"limit": PAGE})))
    if hits.get("truncated"):
        raise GiveUp("more boxes hold the point than one page shows")
    return q.choose_rows(hits["elements"])
