"""Comparison / extremum: which element of a set has the largest or smallest quantity, and which of two is larger.

Extremum items use the aggregation scopes (a class with subclasses, a quantity, optionally a storey):
every element of the set must have the quantity in one unit, the extremum must be unique (no other
element within a relative 1e-9 of it) and named uniquely; the options are the extremum and other
uniquely named elements of the set. Pair items name two elements with the same quantity in the same
unit whose values differ (relatively by more than 1e-9, and as formatted); the options are both names
and :data:`EQUAL`, which is always a distractor since ties are never asked.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.aggregation import Scope, scope_phrase, scope_provenance, scope_quantities, scopes
from ifcqa.mcq.generate.quantities import Quantity, quantities, quantity_phrase
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


@generator("quantitative.compare.largest", version=1)
def largest(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of all IfcWall elements on storey S has the largest NetSideArea?" Options: elements of the set."""
    yield from _extremum(ctx, largest=True)


@generator("quantitative.compare.smallest", version=1)
def smallest(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of all IfcSpace elements has the smallest NetFloorArea?" Options: elements of the set."""
    yield from _extremum(ctx, largest=False)


def _differ(a: Quantity, b: Quantity) -> bool:
    return not tied(a.value, b.value) and format_value(a.value) != format_value(b.value)


@generator("quantitative.compare.pair", version=1)
def pair(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which has the larger NetSideArea: the IfcWall 'A' or the IfcWall 'B'?" Options: A, B, "They are equal"."""
    named = [e for e in ctx.products() if ctx.unique_name(e)]
    pool = [q for e in named for q in quantities(e)]
    groups: dict[tuple[str, str, str], list[Quantity]] = {}
    for q in pool:
        groups.setdefault((q.qto, q.name, q.unit), []).append(q)
    for first in ctx.shuffled(pool):
        partners = [q for q in groups[(first.qto, first.name, first.unit)] if _differ(first, q)]
        if not partners:
            yield Skip("no other element with a different value")
            continue
        same_class = [q for q in partners if q.element.ifc_class == first.element.ifc_class]
        second = ctx.rng.choice(same_class or partners)  # two walls rather than a wall and a window
        winner = first if first.value > second.value else second
        names = [first.element.name or "", second.element.name or ""]
        if len(distinct_texts([*names, EQUAL])) < 3:
            yield Skip("element name reads like an option")
            continue
        yield Draft(
            question=(
                f"Which has the larger {quantity_phrase(first.qto, first.name)}: "
                f"{ctx.describe(first.element)} or {ctx.describe(second.element)}?"
            ),
            question_type="single",
            correct=[winner.element.name or ""],
            distractors=[n for n in names if n != winner.element.name] + [EQUAL],
            provenance={
                "elements": [first.element.guid, second.element.guid],
                "qto": first.qto,
                "quantity": first.name,
            },
            option_elements={names[0]: first.element.guid, names[1]: second.element.guid},
        )
