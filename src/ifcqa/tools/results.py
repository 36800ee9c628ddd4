"""How tool results look: compact element references, units, and pages that fit the output cap.

Every tool answers with JSON no longer than :data:`~ifcqa.tools.registry.MAX_OUTPUT_CHARS`. Lists
are sorted, cut into pages, and say so: ``total``, ``truncated`` and a ``next_offset`` to ask for
the rest. Aggregation tools exist so that no question needs a second page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value

MAX_OUTPUT_CHARS = 6000
DEFAULT_PAGE = 50


def ref(element: Element | None) -> dict[str, Any] | None:
    """The compact reference of an element: step id, GlobalId, class, name."""
    if element is None:
        return None
    return {"id": element.id, "guid": element.guid, "class": element.ifc_class, "name": element.name}


def refs(index: ModelIndex, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [ref(index.data.elements[i]) or {} for i in ids]


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
