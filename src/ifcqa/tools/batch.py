"""Batch lookups: facts about many elements in one call, and "which of these" filters for list tools.

A question such as "which of these six elements use Plasterboard" should not need the 451 users of
Plasterboard listed page by page: list tools take ``elements`` (the candidates, by GlobalId, step id
or Name) and answer only about them, and :func:`lookup_elements` reads the type, storey, materials
or a property of up to 200 elements at once, one compact row each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ifcqa.errors import ToolError
from ifcqa.index.model_index import NAME_PREFIX, ModelIndex
from ifcqa.index.records import Element
from ifcqa.tools.paths import find_value
from ifcqa.tools.registry import tool
from ifcqa.tools.results import compact_columns, compact_note, label, paginate, round_number, row

MAX_BATCH = 200
FACTS = (
    "class", "name", "long_name", "type", "predefined_type", "storey", "building", "site", "container",
    "materials", "material_set", "layers", "host", "parent",
)
DEFAULT_FACTS = ("class", "type", "storey", "materials")


def among(index: ModelIndex, references: Sequence[str | int] | None) -> tuple[set[int] | None, list[str]]:
    """The step ids that ``references`` name (every element of a shared Name), and the references that name none.

    ``None`` (no filter) stays ``None``. A Name several elements carry stands for all of them: as a
    filter, "which of these" is answered for each.
    """
    if references is None:
        return None, []
    if len(references) > MAX_BATCH:
        raise ToolError(f"Give at most {MAX_BATCH} elements, not {len(references)}; split the list into calls.")
    ids: set[int] = set()
    unknown: list[str] = []
    for reference in references:
        try:
            ids.add(index.get(reference).id)
        except ToolError:
            text = str(reference).strip()
            name = text[len(NAME_PREFIX) :].strip() if text.lower().startswith(NAME_PREFIX) else text
            shared = index.named(name) or index.named(name, long=True) or index.named(name, label=True)
            if shared:
                ids.update(e.id for e in shared)
            else:
                unknown.append(str(reference))
    return ids, unknown


def filtered(elements: list[Element], ids: set[int] | None) -> list[Element]:
    """``elements`` kept to the step ids of an :func:`among` filter (all of them without a filter)."""
    return elements if ids is None else [e for e in elements if e.id in ids]


def among_head(ids: set[int] | None, unknown: list[str]) -> dict[str, Any]:
    """What a filtered result says about its filter: how many candidates, and the references that named none."""
    if ids is None:
        return {}
    head: dict[str, Any] = {"among": len(ids)}
    if unknown:
        head["unknown_elements"] = unknown
    return head


def _name_of(index: ModelIndex, element_id: int | None) -> str | None:
    element = index.data.elements.get(element_id) if element_id is not None else None
    return label(element) if element is not None else None


def fact(index: ModelIndex, element: Element, name: str) -> Any:
    """One fact of an element for a compact row (related elements by name; ``SetName.PropName`` by value)."""
    if name == "class":
        return element.ifc_class
    if name in ("name", "long_name", "predefined_type", "material_set"):
        return getattr(element, name)
    if name in ("type", "storey", "building", "site", "container", "host", "parent"):
        return _name_of(index, getattr(element, name))
    if name == "materials":
        return list(element.materials)
    if name == "layers":
        return [[layer.material, layer.thickness] for layer in element.layers]
    _, _, value = find_value(element, name)  # a property path: 'SetName.PropName'

    if value is None:
        return None
    return round_number(value.value) if isinstance(value.value, float) else value.value


@tool("batch")
def lookup_elements(
    index: ModelIndex,
    elements: list[str],
    facts: list[str] | None = None,
    offset: int = 0,
    limit: int = MAX_BATCH,
) -> dict[str, Any]:
    """Facts about many elements in one call: one compact row per element (class, type, storey, materials...).

    Use it instead of one call per element: "which storey / type / material / value does each of these
    elements have". References that resolve to nothing are listed under unknown_elements; a Name
    shared by several elements gives a row for each.

    Args:
        elements: up to 200 GlobalIds, step ids (#123) or Names.
        facts: what each row holds, any of class, name, long_name, type, predefined_type, storey,
            building, site, container, materials, material_set, layers ([material, thickness] in the
            model's length unit), host, parent, or a property 'SetName.PropName' (its value). Default:
            class, type, storey, materials.
        offset: first row to return (for the next page).
        limit: page size (at most 200).
    """
    wanted = list(facts or DEFAULT_FACTS)
    bad = [f for f in wanted if f not in FACTS and "." not in f]
    if bad:
        raise ToolError(
            f"Unknown fact {', '.join(map(repr, bad))}. Use any of {', '.join(FACTS)}, or 'SetName.PropName'."
        )
    ids, unknown = among(index, elements)
    records = index.records(sorted(ids or ()))
    columns = ["id", "name", *[f for f in wanted if f != "name"]]

    def line(e: Element) -> list[Any]:
        return [e.id, e.name, *[fact(index, e, f) for f in wanted if f != "name"]]

    head: dict[str, Any] = {"columns": columns}
    if unknown:
        head["unknown_elements"] = unknown
    if "layers" in wanted:
        head["length_unit"] = index.unit_symbol("LENGTHUNIT")
    return paginate(
        records, offset, limit, lambda page: head | {"rows": [line(e) for e in page]}, max_limit=MAX_BATCH
    )


def page_of(
    elements: list[Element], offset: int, limit: int, key: str, head: dict[str, Any], compact: bool = False
) -> dict[str, Any]:
    """A page of elements under ``key`` as references (or compact rows), after ``head``."""

    def wrap(page: list[Element]) -> dict[str, Any]:
        if not compact:
            return head | {key: [row(e, compact) for e in page]}
        columns = compact_columns(page)
        rows = [row(e, True, "long_name" in columns) for e in page]
        return head | {"columns": columns, key: rows} | compact_note(page)

    return paginate(elements, offset, limit, wrap)
