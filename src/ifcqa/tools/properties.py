"""Tools that read property sets and quantity sets, and find elements by a property value.

Values come from the index, where an occurrence already carries the sets of its type object with its
own values winning (``ifcopenshell.util.element.get_psets`` semantics); a value that comes from the
type says ``"source": "type"``. Set names defined more than once for an element are listed as
``ambiguous_sets`` so an agent knows the merged value may not be the one a question means.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from ifcqa.errors import ToolError
from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, in_unnamed_set, is_unnamed_set
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value
from ifcqa.tools.batch import among, among_head, filtered
from ifcqa.tools.paths import find_value, join_path, lookup, split_path
from ifcqa.tools.registry import render, tool
from ifcqa.tools.results import (
    DEFAULT_PAGE,
    MAX_OUTPUT_CHARS,
    compact_columns,
    compact_note,
    paginate,
    ref,
    row,
    unnamed_note,
    value_json,
)

__all__ = ["equals", "find_value", "lookup"]

Sets = dict[str, dict[str, Value]]
_NAMES_SHOWN = 40  # omitted names listed in a cut result
_TRUE = frozenset({"true", "t", "yes", "y", ".t."})
_FALSE = frozenset({"false", "f", "no", "n", ".f."})
_AMBIGUOUS_NOTE = (
    "defined more than once for this element (on the occurrence and on its type, or twice); the values "
    "shown are merged, the occurrence's winning."
)


def _names(names: Iterable[str], cap: int = 40) -> str:
    names = sorted(names)
    shown = ", ".join(repr(n) for n in names[:cap]) or "none"
    return shown + (f" (+{len(names) - cap} more)" if len(names) > cap else "")


def _shorten(result: dict[str, Any], items: dict[str, Any], field: str, hint: str, keep_at_least: int) -> None:
    """Drop entries from the end of ``items`` (a dict inside ``result``) until ``result`` fits the cap."""
    names = list(items)
    keep = len(names)
    while keep > keep_at_least and len(render(result)) > MAX_OUTPUT_CHARS:
        keep -= 1
        del items[names[keep]]
        omitted = names[keep:]
        result.update({"truncated": True, field: omitted[:_NAMES_SHOWN]})
        if len(omitted) > _NAMES_SHOWN:
            result[field + "_total"] = len(omitted)
        if hint not in result.get("hint", ""):
            result["hint"] = (result.get("hint", "") + " " + hint).strip()


def _fit_sets(result: dict[str, Any], key: str, tool_name: str, arg: str) -> dict[str, Any]:
    """Drop whole sets, then properties of the one set left, until ``result`` renders within the cap."""
    sets: dict[str, dict[str, Any]] = result[key]
    _shorten(result, sets, "omitted_sets", f"Call {tool_name} with {arg}=NAME for an omitted set.", 1)
    if sets:
        props = next(iter(sets.values()))
        _shorten(result, props, "omitted_properties", "Call get_property for an omitted property.", 0)
    return result


def _wanted_sets(
    element: Element, sets: Sets, other: Sets, wanted: str, kind: str, tool_name: str, arg: str
) -> tuple[Sets, bool]:
    """The sets (or the one property) a ``pset``/``qto`` argument names, and whether they are of the other kind.

    ``wanted`` is a set name (``Pset_WallCommon``, a placeholder ``(unnamed #12)``, a quoted
    ``"My.Set"``) or a path ``SetName.PropName``, matched as every tool matches paths (see
    :mod:`ifcqa.tools.paths`). A name of the element's other kind of set (a quantity set asked of
    get_properties) is served too, flagged.
    """
    text = wanted.strip()
    unquoted = text[1:-1] if len(text) > 1 and text[0] == text[-1] == '"' else text
    for pool, swapped in ((sets, False), (other, True)):
        name = lookup(pool, text) or lookup(pool, unquoted)
        if name is not None:
            return {name: pool[name]}, swapped
    if "." in text:
        for pool, swapped in ((sets, False), (other, True)):
            set_part, prop_part = split_path(text, pool)
            name = lookup(pool, set_part)
            if name is None:
                continue
            prop = lookup(pool[name], prop_part)
            if prop is None:
                raise ToolError(
                    f"Set {name!r} of element {element.guid} has no property {prop_part!r}; it has: "
                    f"{_names(pool[name])}."
                )
            return {name: {prop: pool[name][prop]}}, swapped
    raise ToolError(
        f"Element {element.guid} has no {kind} {wanted!r}. Its {kind}s: {_names(sets)}. "
        f"Call {tool_name} without {arg} to see them all, or give {arg}='SetName' or 'SetName.PropName'."
    )


def _sets_result(
    element: Element, sets: Sets, key: str, wanted: str | None, kind: str, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    tool_name, arg = ("get_properties", "pset") if key == "property_sets" else ("get_quantities", "qto")
    swapped = False
    if wanted is not None:
        other = element.qtos if key == "property_sets" else element.psets
        sets, swapped = _wanted_sets(element, sets, other, wanted, kind, tool_name, arg)
    if swapped:
        key = "quantity_sets" if key == "property_sets" else "property_sets"
    result: dict[str, Any] = {
        "element": ref(element),
        key: {name: {p: value_json(v) for p, v in props.items()} for name, props in sets.items()},
    }
    if swapped:
        result["note"] = f"{next(iter(sets))!r} is a {key[:-5].replace('_', ' ')} set, not a {kind}; shown under {key}."
    ambiguous = [n for n in element.ambiguous_sets if n in sets]
    if ambiguous:
        result.update(ambiguous_sets=ambiguous, note="ambiguous_sets are " + _AMBIGUOUS_NOTE)
    result.update(unnamed_note(sets))
    result.update(extra or {}, truncated=False)
    return _fit_sets(result, key, tool_name, arg)


@tool("properties")
def get_properties(index: ModelIndex, element: str, pset: str | None = None) -> dict[str, Any]:
    """All property sets of an element with values, units and source, including those inherited from its type.

    A value marked "source": "type" comes from the element's type object; the occurrence's own value
    overrides the type's. Quantity sets are read with get_quantities (their names are listed here).

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
        pset: only this set (e.g. Pset_WallCommon), or one property of it as a path 'Pset_WallCommon.IsExternal'
            (a name holding a dot in quotes: '"My.Set".Prop'); a quantity set named here is shown too. Omit for
            all sets.
    """
    e = index.get(element)
    extra = {"quantity_sets": sorted(e.qtos)} if pset is None and e.qtos else None
    return _sets_result(e, e.psets, "property_sets", pset, "property set", extra)


@tool("quantities")
def get_quantities(index: ModelIndex, element: str, qto: str | None = None) -> dict[str, Any]:
    """The quantity sets of an element (Qto_*BaseQuantities, BaseQuantities, vendor sets) with units.

    Every value is stated in the unit shown next to it (the model's unit for that measure).

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
        qto: only this set (e.g. Qto_WallBaseQuantities), or one quantity of it as a path
            'Qto_WallBaseQuantities.Length' (a set without a Name: '(unnamed #123)'); omit for all sets.
    """
    e = index.get(element)
    return _sets_result(e, e.qtos, "quantity_sets", qto, "quantity set")


@tool("properties")
def get_property(index: ModelIndex, element: str, property: str, pset: str | None = None) -> dict[str, Any]:
    """One property (or quantity) value of an element with unit and source, or "available": false if absent.

    Use it for "what is the value of Pset.Prop" and "does the element have it" questions: a missing
    set or property is not an error but an answer ("available": false with the reason).

    Args:
        element: GlobalId, step id (#123) or unique Name of the element.
        property: 'SetName.PropName', e.g. 'Pset_WallCommon.IsExternal' or 'Qto_WallBaseQuantities.NetSideArea'
            (a set without a Name: '(unnamed #123).NetArea').
        pset: older form: the set name, with property then the bare property name.
    """
    e = index.get(element)
    path = join_path(pset, property)
    set_name, prop_name, value = find_value(e, path)
    wanted_set, wanted_prop = split_path(path, {*e.psets, *e.qtos})
    out: dict[str, Any] = {"element": ref(e), "pset": set_name or wanted_set, "property": prop_name or wanted_prop}
    if set_name is None:
        sets = sorted({*e.psets, *e.qtos})
        reason = f"The element has no set {wanted_set!r}; its sets: {_names(sets)}."
        return out | {"available": False, "reason": reason} | unnamed_note(sets)
    if value is None:
        props = {**e.qtos, **e.psets}[set_name]
        reason = f"Set {set_name!r} of the element has no property {wanted_prop!r}; it has: {_names(props)}."
        return out | {"available": False, "reason": reason}
    out.update(available=True, **value_json(value))
    if value.value is None:
        out["note"] = "The property exists but holds no value."
    if set_name in e.ambiguous_sets:
        out.update(ambiguous_set=True, note="This set is " + _AMBIGUOUS_NOTE)
    out.update(unnamed_note([set_name]))
    if len(render(out)) > MAX_OUTPUT_CHARS:
        out.update(value=render(out["value"])[: MAX_OUTPUT_CHARS // 2] + "...", clipped=True)
    return out


def _as_bool(wanted: bool | float | str) -> bool | None:
    if isinstance(wanted, bool):
        return wanted
    if isinstance(wanted, str) and wanted.strip().lower() in _TRUE | _FALSE:
        return wanted.strip().lower() in _TRUE
    return None


def _as_number(wanted: Any) -> float | None:
    if isinstance(wanted, bool):
        return None
    if isinstance(wanted, int | float):
        return float(wanted)
    try:
        return float(str(wanted).strip())
    except ValueError:
        return None


def equals(stored: Any, wanted: bool | float | str) -> bool:
    """Typed equality of a stored value and a query value (booleans, numbers within 1e-9, exact text)."""
    if isinstance(stored, list):
        return any(equals(item, wanted) for item in stored)
    if isinstance(stored, bool):
        return _as_bool(wanted) is stored
    if isinstance(stored, int | float):
        number = _as_number(wanted)
        return number is not None and math.isclose(stored, number, rel_tol=1e-9)
    if isinstance(stored, str):
        if isinstance(wanted, str):
            return stored == wanted
        stored_number, number = _as_number(stored), _as_number(wanted)
        return stored_number is not None and number is not None and math.isclose(stored_number, number, rel_tol=1e-9)
    return stored is None and isinstance(wanted, str) and wanted.strip().upper() == "UNKNOWN"


def _model_names(index: ModelIndex, path: str) -> tuple[str, str]:
    """The model's spelling of a property path's set and property; names no element carries are a ToolError."""
    props: dict[str, set[str]] = {}
    for e in index.data.elements.values():
        for name, values in (*e.psets.items(), *e.qtos.items()):
            props.setdefault(name, set()).update(values)
            if is_unnamed_set(name):
                props.setdefault(UNNAMED_FAMILY, set()).update(values)
    pset, prop = split_path(path, props)
    set_name = lookup(props, pset)
    if set_name is None:
        raise ToolError(
            f"No element has a property or quantity set {pset!r}. Sets in this model: {_names(props, 30)}. "
            "Use list_property_sets for the names and their properties."
        )
    prop_name = lookup(props[set_name], prop)
    if prop_name is None:
        raise ToolError(
            f"No element has property {prop!r} in {set_name!r}. Its properties in this model: "
            f"{_names(props[set_name], 60)}."
        )
    return set_name, prop_name


def _value_of(element: Element, set_name: str, prop_name: str) -> Value | None:
    """``set_name.prop_name`` of an element (``(unnamed).X``: its one unnamed set holding X)."""
    if set_name == UNNAMED_FAMILY:
        return in_unnamed_set(element.psets, prop_name) or in_unnamed_set(element.qtos, prop_name)
    return (element.psets.get(set_name) or element.qtos.get(set_name) or {}).get(prop_name)


@tool("properties")
def find_by_property(
    index: ModelIndex,
    property: str,
    value: bool | float | str | None = None,
    ifc_class: str | None = None,
    storey: str | None = None,
    elements: list[str] | None = None,
    compact: bool = False,
    offset: int = 0,
    limit: int = DEFAULT_PAGE,
    pset: str | None = None,
) -> dict[str, Any]:
    """Elements whose property (or quantity) equals a value, or that have it at all; each hit with its value.

    Comparison is typed: true/"TRUE"/"true" match a boolean, numbers match within 1e-9 (relative),
    text matches exactly (case-sensitive). Type-inherited values count. Give elements to ask "which
    of these" in one call; limit=0 returns only the counts.

    Args:
        property: 'SetName.PropName', e.g. 'Pset_WallCommon.IsExternal'.
        value: the value to match; omit to list every element that has the property.
        ifc_class: only elements of this class (subclasses included), e.g. IfcWall.
        storey: only elements on this storey (name or GlobalId, see list_storeys).
        elements: only these candidates (GlobalIds, step ids or Names, at most 200): "which of these".
        compact: rows as [id, guid, class, name, value] (long_name before value when a row has one; see columns)
            instead of objects.
        offset: first result to return (for the next page).
        limit: page size (at most 200; 0 for the counts only).
        pset: older form: the set name, with property then the bare property name.
    """
    set_name, prop_name = _model_names(index, join_path(pset, property))
    ids, unknown = among(index, elements)
    if ifc_class:
        candidates = index.by_class(ifc_class)
    elif ids is not None:
        candidates = index.records(sorted(ids))
    else:
        candidates = [e for e in index.elements() if index.is_a(e, "IfcProduct")]
    candidates = filtered(candidates, ids)
    if storey:
        storey_id = index.resolve_storey(storey).id
        candidates = [e for e in candidates if e.storey == storey_id and e.id != storey_id]
    having = [(e, v) for e in candidates if (v := _value_of(e, set_name, prop_name))]
    hits = [(e, v) for e, v in having if value is None or equals(v.value, value)]
    head: dict[str, Any] = {"property": f"{set_name}.{prop_name}", "value": value}
    head.update(candidates=len(candidates), with_property=len(having), **among_head(ids, unknown))
    head.update(unnamed_note([set_name]))

    def wrap(page: list[tuple[Element, Value]]) -> dict[str, Any]:
        if not compact:
            return head | {"matches": [(ref(e) or {}) | value_json(v) for e, v in page]}
        columns = compact_columns(e for e, _ in page)
        long = "long_name" in columns
        matches = [[*row(e, True, long), v.value] for e, v in page]
        return head | {"columns": [*columns, "value"], "matches": matches} | compact_note(e for e, _ in page)

    return paginate(hits, offset, limit, wrap)


@tool("properties")
def list_property_sets(
    index: ModelIndex, ifc_class: str | None = None, offset: int = 0, limit: int = DEFAULT_PAGE
) -> dict[str, Any]:
    """The property and quantity set names used in the model, with how many elements carry each and their properties.

    Use it to discover valid set and property names for get_property and find_by_property. A set
    named '(unnamed #N)' has no Name in the file (the placeholder is ifcqa's; tools accept it).

    Args:
        ifc_class: only sets on elements of this class (subclasses included), e.g. IfcDoor.
        offset: first set to return (for the next page).
        limit: page size (at most 200).
    """
    elements = index.by_class(ifc_class) if ifc_class else [e for e in index.elements() if index.is_a(e, "IfcProduct")]
    rows: dict[tuple[str, str], tuple[int, dict[str, None]]] = {}
    for e in elements:
        for kind, sets in (("pset", e.psets), ("qto", e.qtos)):
            for name, props in sets.items():
                count, names = rows.get((kind, name), (0, {}))
                names.update(dict.fromkeys(props))
                rows[(kind, name)] = (count + 1, names)
    items = [
        {"name": name, "kind": kind, "elements": count, "properties": list(names)[:40]}
        | ({"properties_total": len(names)} if len(names) > 40 else {})
        for (kind, name), (count, names) in sorted(rows.items())
    ]
    note = unnamed_note(name for _, name in rows)
    return paginate(items, offset, limit, lambda page: note | {"sets": page})
