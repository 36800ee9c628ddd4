"""Counting, aggregation and comparison tools: one call answers a question about a set of elements.

Every result states the set it covers (the class rule, the storey) and the elements it could not
use, so an agent can tell "no value" from "zero". A value ``SetName.PropName`` is read from the
element's quantity and property sets, into which the index has merged its type object's sets
(IfcOpenShell's ``get_psets`` rule: the occurrence wins); ``bbox.dx`` and the like read its box.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ifcqa.errors import ToolError
from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, in_unnamed_set, is_unnamed_set
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value
from ifcqa.tools.filters import filter_elements
from ifcqa.tools.geometry import BBOX_FIELDS, bbox_field
from ifcqa.tools.paths import lookup, split_path
from ifcqa.tools.registry import tool
from ifcqa.tools.results import MAX_OUTPUT_CHARS, label, paginate, ref, round_number

GROUPINGS = ("storey", "class", "type", "predefined_type", "material", "container", "building", "site")
_PLACES = ("storey", "type", "container", "building", "site")  # groupings keyed by a record id
STATS = ("sum", "mean", "min", "max", "count")
_SHOWN = 20  # elements listed when some lack the value
_NONE = "(none)"
_GROUP_PAGE = 100


@dataclass(frozen=True)
class Quantity:
    """A value to read per element: a property/quantity (``set_name.prop``) or a box number (``bbox``)."""

    set_name: str
    prop: str

    @property
    def text(self) -> str:
        return f"{self.set_name}.{self.prop}"


@dataclass(frozen=True)
class Reading:
    """One element's numeric value, its unit symbol, and where it came from."""

    value: float
    unit: str | None
    source: str  # occurrence | type | geometry


def scope(
    index: ModelIndex,
    ifc_class: str | None,
    storey: str | None,
    exact_class: bool,
    name: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
) -> tuple[list[Element], str, dict[str, Any]]:
    """The elements the filters keep (see :mod:`ifcqa.tools.filters`), the rule in words, and the filter's head."""
    chosen = filter_elements(index, ifc_class, name, storey, selector, elements, exact_class)
    return chosen.elements, chosen.counted, chosen.head


def set_value(index: ModelIndex, element: Element, set_name: str, prop: str) -> Value | None:
    """``set_name.prop`` of an element (quantity sets first); the index has merged in type values.

    ``(unnamed).prop`` reads ``prop`` from the element's one set without a Name that holds it.
    """
    for sets in (element.qtos, element.psets):
        value = in_unnamed_set(sets, prop) if set_name == UNNAMED_FAMILY else sets.get(set_name, {}).get(prop)
        if value is not None and value.value is not None:
            return value
    return None


def _is_number(value: Value | None) -> bool:
    return value is not None and isinstance(value.value, int | float) and not isinstance(value.value, bool)


def read(index: ModelIndex, element: Element, quantity: Quantity) -> Reading | None:
    """The numeric value of ``quantity`` for an element, or ``None`` when it has none."""
    if quantity.set_name == "bbox":
        box = index.bbox(element)
        if box is None:
            return None
        return Reading(bbox_field(box, quantity.prop), index.unit_symbol("LENGTHUNIT"), "geometry")
    value = set_value(index, element, quantity.set_name, quantity.prop)
    if value is None or not _is_number(value):
        return None
    return Reading(float(value.value), value.unit, value.source)


def _carried(index: ModelIndex, elements: Sequence[Element], set_name: str | None = None) -> Counter[str]:
    """Set names (or, given ``set_name``, its property names) -> number of elements carrying them."""
    counts: Counter[str] = Counter()
    for e in elements:
        sets = {**e.psets, **e.qtos}
        if set_name is None:
            counts.update(set(sets) | ({UNNAMED_FAMILY} if any(is_unnamed_set(s) for s in sets) else set()))
        elif set_name == UNNAMED_FAMILY:
            counts.update({p for s, props in sets.items() if is_unnamed_set(s) for p in props})
        else:
            counts.update(set(sets.get(set_name, {})))
    return counts


def _listing(counts: Counter[str], limit: int = 25) -> str:
    if not counts:
        return "none"
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    text = ", ".join(f"{name} ({n})" for name, n in rows)
    return text + (f", ... {len(counts) - limit} more" if len(counts) > limit else "")


def _numeric_props(index: ModelIndex, elements: Sequence[Element], set_name: str, props: Counter[str]) -> str:
    numeric = [p for p in props if any(_is_number(set_value(index, e, set_name, p)) for e in elements)]
    return ", ".join(sorted(numeric)) or "none"


def parse_quantity(
    index: ModelIndex, text: str, elements: Sequence[Element], counted: str, numeric: bool = True
) -> Quantity:
    """Resolve ``SetName.PropName`` or ``bbox.<field>`` against the sets the elements carry.

    Raises:
        ToolError: the set or property is not carried by these elements (the message lists what
            is), or ``numeric`` and the property holds no numbers.
    """
    head, _, tail = text.strip().partition(".")
    if head.lower() == "bbox":
        if tail.lower() not in BBOX_FIELDS:
            raise ToolError(f"Unknown box value {text!r}. Use bbox.{'|'.join(BBOX_FIELDS)} (model length unit).")
        return Quantity("bbox", tail.lower())
    if not elements:
        return Quantity(head, tail)
    sets = _carried(index, elements)
    set_part, prop_part = split_path(text, sets) if "." in text else (text, "")  # as spelt, spaces included
    set_name = lookup(sets, set_part)
    if set_name is None:
        raise ToolError(
            f"No set {set_part!r} on {counted}. Give 'SetName.PropName'. Sets these elements carry "
            f"(number of elements): {_listing(sets)}; or bbox.dx|dy|dz|zmin|zmax for geometry."
        )
    props = _carried(index, elements, set_name)
    prop = lookup(props, prop_part)
    if prop is None:
        raise ToolError(
            f"Set {set_name!r} on {counted} has no property {prop_part!r}. Its properties (number of elements): "
            f"{_listing(props)}; numeric ones: {_numeric_props(index, elements, set_name, props)}."
        )
    values = [set_value(index, e, set_name, prop) for e in elements]
    if numeric and not any(_is_number(v) for v in values):
        sample = next((v.value for v in values if v is not None), None)
        raise ToolError(
            f"{set_name}.{prop} is not a number here (e.g. {sample!r}). Numeric properties of {set_name}: "
            f"{_numeric_props(index, elements, set_name, props)}. To count elements per value use "
            f"count_elements with group_by='{set_name}.{prop}'."
        )
    return Quantity(set_name, prop)


def _group_keys(index: ModelIndex, e: Element, group_by: str, quantity: Quantity | None) -> list[Hashable]:
    if quantity is not None:
        value = set_value(index, e, quantity.set_name, quantity.prop)
        raw = value.value if value is not None else None
        if isinstance(raw, float):
            raw = round_number(raw)
        return [tuple(raw) if isinstance(raw, list) else str(raw) if isinstance(raw, dict) else raw]
    if group_by == "material":
        return list(e.materials) or [None]
    if group_by == "container":
        return [container_of(index, e)]
    keys = {"storey": e.storey, "class": e.ifc_class, "type": e.type, "predefined_type": e.predefined_type}
    return [keys[group_by] if group_by in keys else getattr(e, group_by)]


def container_of(index: ModelIndex, element: Element) -> int | None:
    """The spatial element holding an element: its direct container, else its whole's, else its host's."""
    current: Element | None = element
    for _ in range(64):
        if current is None:
            return None
        if current.container is not None:
            return current.container
        next_id = next((i for i in (current.parent, current.host, current.voids) if i is not None), None)
        current = index.data.elements.get(next_id) if next_id is not None else None
    return None


def group(
    index: ModelIndex, elements: Sequence[Element], group_by: str, counted: str
) -> list[tuple[Any, list[Element]]]:
    """Elements split by ``group_by``, as ``(label, members)`` in presentation order.

    Storeys come in elevation order; other groups by size, largest first. An element with several
    materials is in each of their groups.
    """
    quantity = None
    if group_by not in GROUPINGS:
        if "." not in group_by:
            raise ToolError(
                f"Unknown group_by {group_by!r}. Use one of {', '.join(GROUPINGS)}, or 'SetName.PropName' "
                "to group by a property value (e.g. 'Pset_WallCommon.IsExternal')."
            )
        quantity = parse_quantity(index, group_by, elements, counted, numeric=False)
        if quantity.set_name == "bbox":
            raise ToolError("group_by cannot be a box value; use rank_elements to order elements by it.")
    groups: dict[Hashable, list[Element]] = {}
    for e in elements:
        for key in _group_keys(index, e, group_by, quantity):
            groups.setdefault(key, []).append(e)
    if group_by == "storey":
        order = {s: i for i, s in enumerate(index.storeys)}
        keys = sorted(groups, key=lambda k: order.get(k, len(order)) if isinstance(k, int) else len(order))
    else:
        keys = sorted(groups, key=lambda k: (-len(groups[k]), k is None, str(k)))
    names = _labels(index, [k for k in keys if isinstance(k, int)]) if group_by in _PLACES else {}
    return [(_label(k, names), groups[k]) for k in keys]


def _label(key: Hashable, names: dict[int, str]) -> Any:
    if key is None:
        return _NONE
    if isinstance(key, int) and key in names:
        return names[key]
    return list(key) if isinstance(key, tuple) else key


def _labels(index: ModelIndex, ids: Sequence[int]) -> dict[int, str]:
    """Record ids -> names; a name shared by several records (or none) gets the GlobalId (or #step id, see key)."""
    records = [index.data.elements[i] for i in ids]
    seen = Counter(label(r) for r in records)
    return {r.id: label(r) if seen[label(r)] == 1 else f"{label(r)} ({index.key(r)})" for r in records}


def statistic(values: Sequence[float], stat: str) -> float | int | None:
    """``sum``, ``mean``, ``min``, ``max`` or ``count`` of the values (``None`` when there are none)."""
    if stat == "count":
        return len(values)
    if not values:
        return None
    result = {"sum": sum(values), "mean": sum(values) / len(values), "min": min(values), "max": max(values)}[stat]
    return round_number(result)


def _unit_fields(readings: Sequence[Reading]) -> dict[str, Any]:
    units = sorted({r.unit or "" for r in readings})
    out: dict[str, Any] = {"unit": units[0] or None if len(units) == 1 else None}
    if len(units) > 1:
        out["warning"] = f"values are stated in several units ({', '.join(u or 'none' for u in units)})"
    return out


def _check_stat(stat: str) -> None:
    if stat not in STATS:
        raise ToolError(f"Unknown stat {stat!r}. Use one of {', '.join(STATS)}.")


def _readings(
    index: ModelIndex, elements: Sequence[Element], quantity: Quantity
) -> tuple[list[tuple[Element, Reading]], list[Element]]:
    """The elements that have the value (with it) and those that lack it."""
    found, missing = [], []
    for e in elements:
        reading = read(index, e, quantity)
        if reading is None:
            missing.append(e)
        else:
            found.append((e, reading))
    return found, missing


def _summary(stat: str, found: Sequence[tuple[Element, Reading]], missing: Sequence[Element]) -> dict[str, Any]:
    readings = [r for _, r in found]
    out: dict[str, Any] = {"value": statistic([r.value for r in readings], stat)}
    out.update(_unit_fields(readings) if stat != "count" else {})
    out.update({"n_used": len(found), "n_missing": len(missing)})
    return out


@tool("counting")
def count_elements(
    index: ModelIndex,
    ifc_class: str | None = None,
    storey: str | None = None,
    exact_class: bool = False,
    group_by: str | None = None,
    offset: int = 0,
    name: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
) -> dict[str, Any]:
    """Count the elements of an IFC class (or any filter of find_elements), optionally split into groups.

    Takes the filters of find_elements (ifc_class, name, storey, selector, elements; at least one).
    Subclasses count unless exact_class (IfcWall includes IfcWallStandardCase); "counted" states the
    rule applied. group_by="type" gives the number of instances per type object, "storey" the count
    per storey, "Pset_WallCommon.IsExternal" the count per property value.

    Args:
        ifc_class: IFC class, e.g. IfcWall, IfcDoor, IfcSpace, IfcWallType (list_classes shows them).
        storey: storey name or GlobalId; counts only elements on that storey (see list_storeys).
        exact_class: count only the class itself, not its subclasses.
        group_by: one of storey, class, type, predefined_type, material (an element with several
            materials counts once in each), container (the spatial element holding it: storey, space,
            site, facility part... for models without storeys), building, site, or 'SetName.PropName'
            to count per property value.
        offset: first group to return when the groups do not fit one page.
        name: only elements with this Name or LongName (exact ignoring case; a substring after '~').
        selector: only elements matching this IfcOpenShell selector, e.g. "IfcWall, Pset_WallCommon.IsExternal=TRUE".
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "how many of these".
    """
    chosen, counted, among = scope(index, ifc_class, storey, exact_class, name, selector, elements)
    head: dict[str, Any] = {"counted": counted, "count": len(chosen), **among}
    if not group_by:
        return head
    rows = [{"group": label, "count": len(members)} for label, members in group(index, chosen, group_by, counted)]
    return paginate(rows, offset, _GROUP_PAGE, lambda page: {**head, "group_by": group_by, "groups": page})


@tool("aggregation")
def aggregate_values(
    index: ModelIndex,
    ifc_class: str | None = None,
    *,
    quantity: str,
    stat: Literal["sum", "mean", "min", "max", "count"],
    storey: str | None = None,
    exact_class: bool = False,
    group_by: str | None = None,
    offset: int = 0,
    name: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
) -> dict[str, Any]:
    """Sum, mean, min, max or count of a numeric quantity/property over the elements of a class.

    The result gives the value with its unit, how many elements had the value (n_used) and which ones
    lacked it (n_missing, the first 20 listed), so you know exactly which set was aggregated. Values
    set on an element's type object count when the element has none of its own.

    Args:
        ifc_class: IFC class, subclasses included unless exact_class (e.g. IfcWall, IfcSpace, IfcSlab).
        quantity: 'SetName.PropName' of a quantity or numeric property, e.g.
            'Qto_WallBaseQuantities.NetSideArea' or 'BaseQuantities.Length' ('(unnamed).NetFloorArea': from each
            element's one set without a Name that holds it); or a bounding-box value 'bbox.dx', 'bbox.dy',
            'bbox.dz', 'bbox.zmin', 'bbox.zmax' (model length unit).
        stat: sum, mean, min, max or count (count = elements having the value).
        storey: storey name or GlobalId; only elements on that storey (see list_storeys).
        exact_class: only the class itself, not its subclasses.
        group_by: compute the statistic per group: storey, class, type, predefined_type, material,
            container, building, site or 'SetName.PropName' (see count_elements).
        offset: first group to return when the groups do not fit one page.
        name: only elements with this Name or LongName (exact ignoring case; a substring after '~').
        selector: only elements matching this IfcOpenShell selector, e.g. "IfcWall, Pset_WallCommon.IsExternal=TRUE".
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "over these".
    """
    _check_stat(stat)
    chosen, counted, among = scope(index, ifc_class, storey, exact_class, name, selector, elements)
    q = parse_quantity(index, quantity, chosen, counted)
    found, missing = _readings(index, chosen, q)
    head: dict[str, Any] = {"counted": counted, "quantity": q.text, "stat": stat, **_summary(stat, found, missing)}
    head.update(among)
    if missing:
        head["missing"] = [ref(e) for e in missing[:_SHOWN]]
    from_type = sum(1 for _, r in found if r.source == "type")
    if from_type:
        head["n_from_type"] = from_type
    if not chosen:
        head["note"] = "no elements match: nothing to aggregate"
    if not group_by:
        return head
    rows = []
    for group_label, members in group(index, chosen, group_by, counted):
        g_found, g_missing = _readings(index, members, q)
        rows.append({"group": group_label, **_summary(stat, g_found, g_missing)})
    return paginate(rows, offset, _GROUP_PAGE, lambda page: {**head, "group_by": group_by, "groups": page})


def _ranked_rows(found: Sequence[tuple[Element, Reading]], descending: bool) -> list[dict[str, Any]]:
    found = sorted(found, key=lambda fr: ((-fr[1].value if descending else fr[1].value), fr[0].id))
    shared = Counter(round_number(r.value) for _, r in found)
    rows = []
    for rank, (e, r) in enumerate(found, start=1):
        row: dict[str, Any] = {"rank": rank, **(ref(e) or {}), "value": round_number(r.value), "unit": r.unit}
        if r.source == "type":
            row["source"] = "type"
        if shared[row["value"]] > 1:
            row["tie"] = True
        rows.append(row)
    return rows


@tool("comparison")
def rank_elements(
    index: ModelIndex,
    ifc_class: str | None = None,
    *,
    quantity: str,
    order: Literal["desc", "asc"] = "desc",
    limit: int = 5,
    storey: str | None = None,
    exact_class: bool = False,
    name: str | None = None,
    selector: str | None = None,
    elements: list[str] | None = None,
    offset: int = 0,
) -> dict[str, Any]:
    """The elements of a class with the largest (desc) or smallest (asc) value of a numeric quantity.

    Use it for "which wall is the longest / which space is the smallest". Rows sharing a value with
    another element are marked "tie": true; "extremum_tie" says whether the top value is shared, in
    which case no single element is the answer.

    Args:
        ifc_class: IFC class, subclasses included unless exact_class.
        quantity: 'SetName.PropName' (e.g. 'Qto_SpaceBaseQuantities.NetFloorArea', 'BaseQuantities.Width')
            or 'bbox.dx', 'bbox.dy', 'bbox.dz', 'bbox.zmin', 'bbox.zmax'.
        order: desc for the largest first, asc for the smallest first.
        limit: how many elements to return (1 to 50).
        storey: storey name or GlobalId; only elements on that storey.
        exact_class: only the class itself, not its subclasses.
        name: only elements with this Name or LongName (exact ignoring case; a substring after '~').
        selector: only elements matching this IfcOpenShell selector, e.g. "IfcWall, Pset_WallCommon.IsExternal=TRUE".
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "rank these".
        offset: rank of the first row to return, from 0 (for the next page).
    """
    if order not in ("desc", "asc"):
        raise ToolError(f"Unknown order {order!r}. Use 'desc' (largest first) or 'asc' (smallest first).")
    chosen, counted, among = scope(index, ifc_class, storey, exact_class, name, selector, elements)
    q = parse_quantity(index, quantity, chosen, counted)
    found, missing = _readings(index, chosen, q)
    rows = _ranked_rows(found, order == "desc")
    out: dict[str, Any] = {"counted": counted, "quantity": q.text, "order": order, "n_used": len(found)}
    out["n_missing"] = len(missing)
    out.update(among)
    if rows:
        out["n_at_extremum"] = sum(1 for r in rows if r["value"] == rows[0]["value"])
        out["extremum_tie"] = out["n_at_extremum"] > 1
    start = max(0, offset)
    page = rows[start : start + max(1, min(limit, 50))]
    out = _fit(out, "elements", page)
    shown = start + len(out["elements"])
    if shown < len(rows):
        out.update(truncated=True, next_offset=shown, hint=f"{len(rows) - shown} more: call again with offset={shown}.")
    return out


def _fit(result: dict[str, Any], key: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Put ``rows`` under ``key``, dropping rows from the end until the result fits the output cap."""
    while True:
        result[key] = rows
        if len(rows) <= 1 or len(json.dumps(result, ensure_ascii=False, separators=(",", ":"))) <= MAX_OUTPUT_CHARS:
            return result
        rows = rows[: len(rows) * 3 // 4]
        result["shortened_to_fit"] = True


@tool("comparison")
def compare_elements(index: ModelIndex, elements: list[str], quantity: str) -> dict[str, Any]:
    """The value of one numeric quantity for 2 to 20 given elements, largest first.

    Names the largest and smallest (with a tie flag). An element without the value is listed with
    value null instead of failing the call.

    Args:
        elements: GlobalIds, step ids (#123) or unique Names of the elements.
        quantity: 'SetName.PropName' (e.g. 'BaseQuantities.GrossVolume') or 'bbox.dx', 'bbox.dy',
            'bbox.dz', 'bbox.zmin', 'bbox.zmax'.
    """
    if not 2 <= len(elements) <= 20:
        raise ToolError(f"Give 2 to 20 elements to compare, not {len(elements)}.")
    records = list({e.id: e for e in (index.get(r) for r in elements)}.values())
    q = parse_quantity(index, quantity, records, "the given elements")
    found, missing = _readings(index, records, q)
    rows = _ranked_rows(found, descending=True)
    out: dict[str, Any] = {"quantity": q.text, "values": rows}
    for end, row in (("largest", rows[0] if rows else None), ("smallest", rows[-1] if rows else None)):
        if row is not None:
            tied = [r for r in rows if r["value"] == row["value"]]
            named = [{k: r[k] for k in ("guid", "name", "long_name", "guid_note") if k in r} for r in tied]
            out[end] = {"elements": named, "tie": len(tied) > 1}
    if missing:
        out["missing"] = [{**(ref(e) or {}), "value": None, "reason": f"no {q.text}"} for e in missing]
    return out
