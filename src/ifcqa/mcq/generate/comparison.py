"""Comparison / extremum: which element of a set has the largest or smallest quantity, and which of two is larger.

Extremum items use the aggregation scopes (a class with subclasses, a quantity, optionally a storey):
every element of the set must have the quantity in one unit, the extremum must be unique (no other
element within a relative 1e-9 of it) and named uniquely; the options are the extremum and other
uniquely named elements of the set. Pair items offer two elements with the same quantity in the same
unit, named only in the options, and :data:`EQUAL`: values that differ (relatively by more than 1e-9,
and as formatted), or, for about a third of the items where the model has such pairs, values that
are equal (then :data:`EQUAL` is the key), so that no option is filler.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.aggregation import Scope, scope_phrase, scope_provenance, scope_quantities, scopes
from ifcqa.mcq.generate.quantities import Quantity, quantities_of, quantity_of, quantity_phrase, set_family
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_value

EQUAL = "They are equal"
_TIE = 1e-9


def tied(a: float, b: float) -> bool:
    """Whether two values are equal within a relative 1e-9."""
    return math.isclose(a, b, rel_tol=_TIE, abs_tol=0.0)


def _extremum(ctx: GenContext, largest: bool) -> Iterator[Draft | Skip]:
    word = "largest" if largest else "smallest"
    for scope in ctx.shuffled(scopes(ctx)):
        found = scope_quantities(ctx, scope)
        if isinstance(found, Skip):
            yield found
            continue
        ranked = sorted(found, key=lambda q: (q.value, q.element.id), reverse=largest)
        best = ranked[0]
        if tied(best.value, ranked[1].value):
            yield Skip("tied extremum")
            continue
        if not ctx.unique_name(best.element):
            yield Skip("extremum element has no unique name")
            continue
        named = {q.element.name or "": q.element for q in ctx.shuffled(ranked[1:]) if ctx.unique_name(q.element)}
        others = [named[n] for n in distinct_texts(named, exclude=[best.element.name or ""])][:4]
        if len(others) < 2:
            yield Skip("fewer than 2 other named elements")
            continue
        yield _extremum_draft(ctx, scope, best, others, word)


def _extremum_draft(ctx: GenContext, scope: Scope, best: Quantity, others: list[Element], word: str) -> Draft:
    provenance = {**scope_provenance(ctx, scope), "extremum": word}
    return Draft(
        question=(f"Which of {scope_phrase(ctx, scope)} has the {word} {quantity_phrase(scope.qto, scope.name)}?"),
        question_type="single",
        correct=[best.element.name or ""],
        distractors=[e.name or "" for e in others],
        provenance=provenance,
        option_elements={e.name or "": e.guid for e in [best.element, *others]},
    )


@generator("quantitative.compare.largest", version=2)
def largest(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of all IfcWall elements on storey S has the largest NetSideArea?" Options: elements of the set."""
    yield from _extremum(ctx, largest=True)


@generator("quantitative.compare.smallest", version=2)
def smallest(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of all IfcSpace elements has the smallest NetFloorArea?" Options: elements of the set."""
    yield from _extremum(ctx, largest=False)


def _differ(a: Quantity, b: Quantity, shown: dict[int, str]) -> bool:
    """Not tied and shown differently (``shown``: each quantity's option text by ``id``, formatted once)."""
    return not tied(a.value, b.value) and shown[id(a)] != shown[id(b)]


@generator("quantitative.compare.pair", version=2)
def pair(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of the two elements in the options has the larger NetSideArea?" Options: A, B, "They are equal".

    The question does not name the elements (a name in both question and option tells a text matcher
    nothing, but the options alone must carry the choice), and where the model has two elements with
    equal values a third of the items ask such a pair, so "They are equal" is a real answer, not filler.
    """
    named = [e for e in ctx.products() if ctx.unique_name(e)]
    found = (quantity_of(ctx, e, set_family(q.qto), q.name) for e in named for q in quantities_of(ctx, e))
    pool = [q for q in found if q is not None]  # unnamed sets read as one: (unnamed).Name
    groups: dict[tuple[str, str, str], list[Quantity]] = {}
    for q in pool:
        groups.setdefault((q.qto, q.name, q.unit), []).append(q)
    shown = {id(q): format_value(q.value) for q in pool}  # compared for every pair: formatted once
    for first in ctx.shuffled(pool):
        partners = [q for q in groups[(first.qto, first.name, first.unit)] if _differ(first, q, shown)]
        if not partners:
            yield Skip("no other element with a different value")
            continue
        equals = [
            q
            for q in groups[(first.qto, first.name, first.unit)]
            if q.element.id != first.element.id and not _differ(first, q, shown) and tied(first.value, q.value)
        ]
        if equals and ctx.rng.random() < 1 / 3:
            partners = equals
        same_class = [q for q in partners if q.element.ifc_class == first.element.ifc_class]
        second = ctx.rng.choice(same_class or partners)  # two walls rather than a wall and a window
        winner: Quantity | None = None
        if not tied(first.value, second.value):
            winner = first if first.value > second.value else second
        names = [first.element.name or "", second.element.name or ""]
        if len(distinct_texts([*names, EQUAL])) < 3:
            yield Skip("element name reads like an option")
            continue
        yield Draft(
            question=(
                f"Which of the two elements given as options has the larger "
                f"{quantity_phrase(first.qto, first.name)}? If neither is larger, choose the option that says so."
            ),
            question_type="single",
            correct=[winner.element.name or ""] if winner is not None else [EQUAL],
            distractors=[n for n in names if winner is None or n != winner.element.name]
            + ([EQUAL] if winner is not None else []),
            provenance={
                "elements": [first.element.guid, second.element.guid],
                "qto": first.qto,
                "quantity": first.name,
            },
            option_elements={names[0]: first.element.guid, names[1]: second.element.guid},
        )
