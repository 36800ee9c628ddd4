"""How tool results look: compact element references, units, and pages that fit the output cap.

Every tool answers with JSON no longer than :data:`~ifcqa.tools.registry.MAX_OUTPUT_CHARS`. Lists
are sorted, cut into pages, and say so: ``total``, ``truncated`` and a ``next_offset`` to ask for
the rest. Aggregation tools exist so that no question needs a second page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, is_unnamed_set
from ifcqa.ifc.globalids import reference_note
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, EntityRef, Value

MAX_OUTPUT_CHARS = 6000
DEFAULT_PAGE = 50
MAX_PAGE = 200
COMPACT_COLUMNS = ("id", "guid", "class", "name")
UNNAMED_SET_NOTE = (
    "A set named '(unnamed #N)' has no Name in the file; '(unnamed #N)' is ifcqa's placeholder (N is the set's "
    "step id). Address it by that placeholder in tools, and quoted in selectors: '\"(unnamed #N)\".Prop'; "
    "'(unnamed).Prop' reads Prop from each element's one unnamed set that has it (to aggregate or compare)."
)


def ref(element: Element | None) -> dict[str, Any] | None:
    """The compact reference of an element: step id, GlobalId, class, name (and LongName when it has one).

    Spaces, zones and storeys are known by their LongName ("OPEN OFFICE") as much as by their Name
    (the room number), so a LongName is shown whenever the element has one. An element whose GlobalId
    is shared with another entity or empty gets a ``guid_note`` saying so and naming its step id, the
    reference that reaches it (the GlobalId is kept as the file spells it).
    """
    if element is None:
        return None
    out = {"id": element.id, "guid": element.guid, "class": element.ifc_class, "name": element.name}
    if element.long_name:
        out["long_name"] = element.long_name
    if element.guid_issue is not None:
        out["guid_note"] = guid_note(element)
    return out


def guid_note(element: Element) -> str:
    """Why an element's GlobalId does not identify it, and the step id to use instead (``""`` when it does)."""
    return reference_note(element.guid_issue, element.guid, element.id) if element.guid_issue is not None else ""


def compact_note(page: Iterable[Element]) -> dict[str, Any]:
    """``{"guid_notes": {step id: note}}`` for the rows of a compact page whose GlobalId is shared or empty."""
    notes = {e.id: guid_note(e) for e in page if e.guid_issue is not None}
    return {"guid_notes": notes} if notes else {}


def refs(index: ModelIndex, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [ref(index.data.elements[i]) or {} for i in ids]


def label(element: Element) -> str:
    """A readable name for an element that never is null: Name, else LongName, else '(unnamed IfcBuilding #12)'."""
    return element.name or element.long_name or f"(unnamed {element.ifc_class} #{element.id})"


def row(element: Element, compact: bool, long_name: bool = False) -> dict[str, Any] | list[Any]:
    """An element as a reference, or (compact) as the row ``[id, guid, class, name]`` of :data:`COMPACT_COLUMNS`.

    With ``long_name`` a compact row ends with the LongName too (``None`` when the element has none).
    """
    if compact:
        return [element.id, element.guid, element.ifc_class, element.name, *([element.long_name] if long_name else [])]
    return ref(element) or {}


def compact_columns(page: Iterable[Element]) -> list[str]:
    """The columns of compact rows for a page: :data:`COMPACT_COLUMNS`, plus ``long_name`` when any row has one."""
    has_long = any(e.long_name for e in page)
    return [*COMPACT_COLUMNS, *(["long_name"] if has_long else [])]


def unnamed_note(names: Iterable[str]) -> dict[str, str]:
    """``{"unnamed_sets": note}`` when any of ``names`` is an unnamed-set placeholder, else ``{}``."""
    return {"unnamed_sets": UNNAMED_SET_NOTE} if any(is_unnamed_set(n) or n == UNNAMED_FAMILY for n in names) else {}


def attribute_json(index: ModelIndex, value: Any) -> Any:
    """An attribute value for a tool result: references as element references (or ``{id, class}``)."""
    if isinstance(value, EntityRef):
        element = index.data.elements.get(value.id)
        return ref(element) if element is not None else {"id": value.id, "class": value.ifc_class}
    if isinstance(value, list):
        return [attribute_json(index, v) for v in value]
    return value


def value_json(value: Value) -> dict[str, Any]:
    """A property/quantity value with its unit and source, for a tool result."""
    out: dict[str, Any] = {"value": value.value}
    if value.unit:
        out["unit"] = value.unit
    if value.source != "occurrence":
        out["source"] = value.source
    return out


def paginate(
    items: Sequence[Any],
    offset: int,
    limit: int,
    wrap: Callable[[list[Any]], dict[str, Any]],
    budget: int = MAX_OUTPUT_CHARS,
    max_limit: int = MAX_PAGE,
) -> dict[str, Any]:
    """Cut ``items[offset:offset+limit]`` into a result that fits ``budget`` characters.

    ``wrap`` builds the result around a page of items. A page holds at most ``max_limit`` items (a
    larger ``limit`` is capped, and ``limit_capped_to`` says so); when a full page would not fit the
    budget it is shortened. Every page states ``total``; ``truncated`` and ``next_offset`` tell the
    caller how to continue, so no list is ever cut silently, however long.
    """
    total = len(items)
    offset = max(0, offset)
    count = max(0, min(limit, max_limit, total - offset))
    while True:
        page = list(items[offset : offset + count])
        result = wrap(page)
        truncated = offset + count < total
        result.update({"total": total, "offset": offset, "returned": count, "truncated": truncated})
        if limit > max_limit:
            result["limit_capped_to"] = max_limit
        if truncated:
            result["next_offset"] = offset + count
            result["hint"] = f"{total - offset - count} more: call again with offset={offset + count}."
        if count <= 1 or len(json.dumps(result, ensure_ascii=False, default=str, separators=(",", ":"))) <= budget:
            return result
        count = max(1, count * 2 // 3)


def round_number(value: float, digits: int = 6) -> float:
    """Round for presentation without turning 2.9999999997 into noise."""
    return round(float(value), digits) + 0.0
