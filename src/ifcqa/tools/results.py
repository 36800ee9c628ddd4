"""How tool results look: compact element references, units, and pages that fit the output cap.

Every tool answers with JSON no longer than :data:`~ifcqa.tools.registry.MAX_OUTPUT_CHARS`. Lists
are sorted, cut into pages, and say so: ``total``, ``truncated`` and a ``next_offset`` to ask for
the rest. Aggregation tools exist so that no question needs a second page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, EntityRef, Value

MAX_OUTPUT_CHARS = 6000
DEFAULT_PAGE = 50
COMPACT_COLUMNS = ("id", "guid", "class", "name")
_UNNAMED_SET = re.compile(r"^\(unnamed #\d+\)$")
UNNAMED_SET_NOTE = (
    "A set named '(unnamed #N)' has no Name in the file; '(unnamed #N)' is ifcqa's placeholder (N is the set's "
    "step id). Address it by that placeholder in tools, and quoted in selectors: '\"(unnamed #N)\".Prop'."
)


def ref(element: Element | None) -> dict[str, Any] | None:
    """The compact reference of an element: step id, GlobalId, class, name (and LongName when it has one).

    Spaces, zones and storeys are known by their LongName ("OPEN OFFICE") as much as by their Name
    (the room number), so a LongName is shown whenever the element has one.
    """
    if element is None:
        return None
    out = {"id": element.id, "guid": element.guid, "class": element.ifc_class, "name": element.name}
    if element.long_name:
        out["long_name"] = element.long_name
    return out


def refs(index: ModelIndex, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [ref(index.data.elements[i]) or {} for i in ids]


def label(element: Element) -> str:
    """A readable name for an element that never is null: Name, else LongName, else '(unnamed IfcBuilding #12)'."""
    return element.name or element.long_name or f"(unnamed {element.ifc_class} #{element.id})"


def row(element: Element, compact: bool) -> dict[str, Any] | list[Any]:
    """An element as a reference, or (compact) as the row ``[id, guid, class, name]`` of :data:`COMPACT_COLUMNS`."""
    if compact:
        return [element.id, element.guid, element.ifc_class, element.name]
    return ref(element) or {}


def compact_head(compact: bool) -> dict[str, Any]:
    """The ``columns`` key that says what a compact row holds (nothing for references)."""
    return {"columns": list(COMPACT_COLUMNS)} if compact else {}


def is_unnamed_set(name: str) -> bool:
    """Whether a set name is the placeholder of a set without a Name (``(unnamed #123)``)."""
    return bool(_UNNAMED_SET.match(name))


def unnamed_note(names: Iterable[str]) -> dict[str, str]:
    """``{"unnamed_sets": note}`` when any of ``names`` is an unnamed-set placeholder, else ``{}``."""
    return {"unnamed_sets": UNNAMED_SET_NOTE} if any(is_unnamed_set(n) for n in names) else {}


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
) -> dict[str, Any]:
    """Cut ``items[offset:offset+limit]`` into a result that fits ``budget`` characters.

    ``wrap`` builds the result around a page of items. When a full page would not fit, the page is
    shortened; ``truncated`` and ``next_offset`` tell the caller how to continue.
    """
    total = len(items)
    offset = max(0, offset)
    count = max(0, min(limit, total - offset))
    while True:
        page = list(items[offset : offset + count])
        result = wrap(page)
        truncated = offset + count < total
        result.update({"total": total, "offset": offset, "returned": count, "truncated": truncated})
        if truncated:
            result["next_offset"] = offset + count
            result["hint"] = f"{total - offset - count} more: call again with offset={offset + count}."
        if count <= 1 or len(json.dumps(result, ensure_ascii=False, default=str, separators=(",", ":"))) <= budget:
            return result
        count = max(1, count * 2 // 3)


def round_number(value: float, digits: int = 6) -> float:
    """Round for presentation without turning 2.9999999997 into noise."""
    return round(float(value), digits) + 0.0
