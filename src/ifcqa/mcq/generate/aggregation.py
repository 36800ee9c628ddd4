"""Aggregation: the sum or mean of a quantity over the elements of a class, in the model or on a storey.

A *scope* is a class (subclasses included), a quantity (set and name) and optionally a storey (as
the index resolves it: the container, a space's storey, the aggregate's storey). An item is made
only when every element of the scope has the quantity, in one unit ("incomplete quantity set"
otherwise): the total is then the same for every reading. Sums and means use ``math.fsum`` so their
rounding does not depend on the order elements are visited. Distractors: totals over other sets
(other storeys, the whole model, other classes with the quantity) and off-by-one-element totals
(one element left out, one element from outside the set added), distinct from the key as formatted.
The comparison generators read scopes through :func:`scopes` and :func:`scope_quantities` too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.quantities import (
    Quantity,
    class_choices,
    quantities_of,
    quantity_of,
    quantity_phrase,
    set_family,
)
from ifcqa.mcq.generate.spatial import STOREY_RULE
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_value, quote

Statistic = Callable[[Sequence[float]], float]


@dataclass(frozen=True, order=True)
class Scope:
    """The elements of ``ifc_class`` (subclasses included), on ``storey`` if given, and a quantity of theirs."""

    ifc_class: str
    qto: str
    name: str
    storey: int | None


def _located(element: Element) -> bool:
    return element.storey is not None and element.storey != element.id


def scopes(ctx: GenContext) -> list[Scope]:
    """Every scope some product's usable quantity suggests, sorted (shuffle before use; read once per index)."""
    known: list[Scope] | None = ctx.memo.get("scopes")
    if known is None:
        known = ctx.memo["scopes"] = _scopes(ctx)
    return list(known)


def _scopes(ctx: GenContext) -> list[Scope]:
    found: set[Scope] = set()
    for element in ctx.products():
        for q in quantities_of(ctx, element):
            qto = set_family(q.qto)  # one name for the unnamed sets of many elements
            for cls in class_choices(ctx, element.ifc_class):
                found.add(Scope(cls, qto, q.name, None))
                if _located(element):
                    found.add(Scope(cls, qto, q.name, element.storey))
    return sorted(found, key=lambda s: (s.ifc_class, s.qto, s.name, s.storey or 0))


def members(ctx: GenContext, scope: Scope) -> list[Element]:
    """The elements of a scope, by step id (read once per index and scope: drafts re-read the other storeys' sets)."""
    memo: dict[tuple[str, int | None], list[Element]] = ctx.memo.setdefault("scope_members", {})
    key = (scope.ifc_class, scope.storey)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _members(ctx, scope)
    return list(found)


def _members(ctx: GenContext, scope: Scope) -> list[Element]:
    elements = ctx.index.by_class(scope.ifc_class)
    if scope.storey is None:
        return elements
    return [e for e in elements if _located(e) and e.storey == scope.storey]


def scope_quantities(ctx: GenContext, scope: Scope) -> list[Quantity] | Skip:
    """The quantity of every element of the scope, or why the scope cannot be asked about (read once per index:
    sums, means and extrema ask about the same scopes)."""
    memo: dict[Scope, list[Quantity] | Skip] = ctx.memo.setdefault("scope_quantities", {})
    found = memo.get(scope)
    if found is None:
        found = memo[scope] = _scope_quantities(ctx, scope)
    return found if isinstance(found, Skip) else list(found)


def _scope_quantities(ctx: GenContext, scope: Scope) -> list[Quantity] | Skip:
    if scope.storey is not None and not ctx.unique_name(ctx.elements[scope.storey]):
        return Skip("storey name not unique")
    elements = members(ctx, scope)
    if len(elements) < 2:
        return Skip("fewer than 2 elements in the set")
    found = [quantity_of(ctx, e, scope.qto, scope.name) for e in elements]
    complete = [q for q in found if q is not None]
    if len(complete) != len(found):
        return Skip("incomplete quantity set")
    if len({q.unit for q in complete}) != 1:
        return Skip("mixed units")
    return complete


def scope_phrase(ctx: GenContext, scope: Scope) -> str:
    """``all IfcWall elements (subclasses included) on the storey 'Level 0'`` (plus the storey rule when on one)."""
    if scope.storey is None:
        return f"all {scope.ifc_class} elements (instances of subclasses included)"
    storey = quote(ctx.elements[scope.storey].name or "")
    return f"all {scope.ifc_class} elements (instances of subclasses included) on the storey {storey} ({STOREY_RULE})"


def scope_provenance(ctx: GenContext, scope: Scope) -> dict[str, object]:
    storey = ctx.elements[scope.storey].guid if scope.storey is not None else None
    return {
        "elements": [storey] if storey else [],
        "ifc_class": scope.ifc_class,
        "qto": scope.qto,
        "quantity": scope.name,
        "storey": storey,
    }


def _values(ctx: GenContext, scope: Scope, unit: str, without: Scope | None = None) -> list[float]:
    """Values in ``unit`` of the elements of a (possibly incomplete) scope that have the quantity, but for the
    members of ``without``. Read once per index, scope and unit: each draft reads every storey's set of its class
    (the distractors), so reading them again per draft made drafting grow with the model times the questions."""
    memo: dict[tuple[Scope, str, Scope | None], list[float]] = ctx.memo.setdefault("scope_values", {})
    key = (scope, unit, without)
    values = memo.get(key)
    if values is None:
        left_out = frozenset(e.id for e in members(ctx, without)) if without is not None else frozenset()
        found = (quantity_of(ctx, e, scope.qto, scope.name) for e in members(ctx, scope) if e.id not in left_out)
        values = memo[key] = [q.value for q in found if q is not None and q.unit == unit]
    return values


def _other_sets(ctx: GenContext, scope: Scope, unit: str, statistic: Statistic, pool: list[Scope]) -> list[float]:
    """The statistic over the class on other storeys or in the whole model, and over other classes."""
    same_class = [Scope(scope.ifc_class, scope.qto, scope.name, s) for s in [None, *ctx.index.storeys]]
    other_class = _same_quantity(ctx, pool).get((scope.storey, scope.qto, scope.name), [])
    out = []
    for other in ctx.shuffled(same_class) + ctx.shuffled(other_class):
        values = _values(ctx, other, unit) if other != scope else []
        if values:
            out.append(statistic(values))
    return out


def _same_quantity(ctx: GenContext, pool: list[Scope]) -> dict[tuple[int | None, str, str], list[Scope]]:
    """The scopes of ``pool`` (the sorted :func:`scopes`) by storey and quantity, in pool order (grouped once)."""
    grouped: dict[tuple[int | None, str, str], list[Scope]] | None = ctx.memo.get("scopes_by_quantity")
    if grouped is None:
        grouped = ctx.memo["scopes_by_quantity"] = {}
        for s in pool:
            grouped.setdefault((s.storey, s.qto, s.name), []).append(s)
    return grouped


def _off_by_one(ctx: GenContext, scope: Scope, unit: str, values: list[float], statistic: Statistic) -> list[float]:
    """The statistic with one element left out, and with one element of the class from outside the set added."""
    dropped = [statistic(values[:i] + values[i + 1 :]) for i in range(len(values))]
    outside = _values(ctx, Scope(scope.ifc_class, scope.qto, scope.name, None), unit, without=scope)
    added = [statistic([*values, v]) for v in outside]
    return ctx.shuffled(dropped)[:2] + ctx.shuffled(added)[:2]


def _interleave(first: list[str], second: list[str]) -> list[str]:
    out: list[str] = []
    for i in range(max(len(first), len(second))):
        out += first[i : i + 1] + second[i : i + 1]
    return out


def _aggregate(ctx: GenContext, statistic: Statistic, word: str) -> Iterator[Draft | Skip]:
    pool = scopes(ctx)
    for scope in ctx.shuffled(pool):
        found = scope_quantities(ctx, scope)
        if isinstance(found, Skip):
            yield found
            continue
        unit = found[0].unit
        values = [q.value for q in found]
        key = format_value(statistic(values), unit)
        others = [format_value(v, unit) for v in _other_sets(ctx, scope, unit, statistic, pool)]
        slips = [format_value(v, unit) for v in _off_by_one(ctx, scope, unit, values, statistic)]
        distractors = distinct_texts(_interleave(others, slips), exclude=[key], limit=4)
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other values")
            continue
        yield Draft(
            question=f"What is the {word} {quantity_phrase(scope.qto, scope.name)} of {scope_phrase(ctx, scope)}?",
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance=scope_provenance(ctx, scope),
        )


def total(values: Sequence[float]) -> float:
    return math.fsum(values)


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


@generator("quantitative.aggregate.sum", version=2)
def aggregate_sum(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the total NetSideArea of all IfcWall elements on storey S?" (every element has it)."""
    yield from _aggregate(ctx, total, "total")


@generator("quantitative.aggregate.mean", version=2)
def aggregate_mean(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the mean NetSideArea of all IfcWall elements on storey S?" (every element has it)."""
    yield from _aggregate(ctx, mean, "mean")
