"""Counting: how many elements of a class (in the model or on a storey), and how many instances of a type.

Every question states its counting rule: whether instances of subclasses count (IfcWall with or
without IfcWallStandardCase), and, on a storey, that elements count where they are contained
(directly or through a space), parts of an aggregate (stair flights) on their aggregate's storey and
uncontained doors/windows on their host's storey (the index's ``Element.storey``). Distractors are
file-derived counts first (the count under the other subclass rule, counts on other storeys or of
other types), then nearby integers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.quantities import class_choices
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_value, quote

_FILE_DERIVED = 3
_STOREY_RULE = (
    "An element counts on the storey that contains it (directly or through a space); parts of an "
    "aggregate, such as stair flights, count on their aggregate's storey, and doors or windows that "
    "no storey contains on their host's storey."
)


def count_options(ctx: GenContext, key: int, derived: Iterable[int]) -> list[str]:
    """Distractor texts: up to 3 file-derived counts, then nearby integers (never negative, never the key)."""
    texts = distinct_texts((format_value(n) for n in derived if n >= 0), exclude=[format_value(key)])
    nearby = [key + d for d in ctx.shuffled([-3, -2, -1, 1, 2, 3]) if key + d >= 0]
    nearby.sort(key=lambda n: abs(n - key))
    candidates = texts[:_FILE_DERIVED] + [format_value(n) for n in nearby]
    return distinct_texts(candidates, exclude=[format_value(key)], limit=4)


def _class_pool(ctx: GenContext, elements: Iterable[Element]) -> list[str]:
    return sorted({c for e in elements for c in class_choices(ctx, e.ifc_class)})


def _subclass_rule(cls: str, subclasses: bool) -> str:
    if subclasses:
        return f"instances of subclasses of {cls} count too"
    return f"exactly {cls}: instances of its subclasses do not count"


@generator("quantitative.count.by_class", version=2)
def by_class(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "How many IfcWall elements does the model contain (subclasses included / excluded)?"."""
    for cls in ctx.shuffled(_class_pool(ctx, ctx.products())):
        with_sub = len(ctx.index.by_class(cls))
        exact = len(ctx.index.by_class(cls, exact=True))
        subclasses = exact == 0 or ctx.rng.random() < 0.5
        key, other = (with_sub, exact) if subclasses else (exact, with_sub)
        distractors = count_options(ctx, key, [other])
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other counts")
            continue
        yield Draft(
            question=f"How many {cls} elements does the model contain ({_subclass_rule(cls, subclasses)})?",
            question_type="single",
            correct=[format_value(key)],
            distractors=distractors,
            provenance={"elements": [], "ifc_class": cls, "subclasses": subclasses},
        )


def storey_counts(ctx: GenContext, cls: str) -> dict[int, int]:
    """Storey id -> how many elements of ``cls`` (subclasses included) are on it, for every storey."""
    counts = dict.fromkeys(ctx.index.storeys, 0)
    for e in ctx.index.by_class(cls):
        if e.storey is not None and e.storey != e.id and e.storey in counts:
            counts[e.storey] += 1
    return counts


@generator("quantitative.count.by_class_on_storey", version=2)
def by_class_on_storey(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "How many IfcDoor elements are on storey S?" Distractors: counts on other storeys, in the model, nearby."""
    located = [e for e in ctx.products() if e.storey is not None and e.storey != e.id]
    counts = {cls: storey_counts(ctx, cls) for cls in _class_pool(ctx, located)}
    pool = [(cls, s) for cls in sorted(counts) for s in ctx.index.storeys if counts[cls][s] > 0]
    for cls, storey_id in ctx.shuffled(pool):
        storey = ctx.elements[storey_id]
        if not ctx.unique_name(storey):
            yield Skip("storey name not unique")
            continue
        key = counts[cls][storey_id]
        others = [n for s, n in ctx.shuffled(sorted(counts[cls].items())) if s != storey_id]
        distractors = count_options(ctx, key, [*others, sum(counts[cls].values())])
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other counts")
            continue
        yield Draft(
            question=(
                f"How many {cls} elements are on the storey {quote(storey.name or '')} "
                f"(instances of subclasses of {cls} count too)? {_STOREY_RULE}"
            ),
            question_type="single",
            correct=[format_value(key)],
            distractors=distractors,
            provenance={"elements": [storey.guid], "ifc_class": cls, "storey": storey.guid},
        )


@generator("quantitative.count.by_type", version=2)
def by_type(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "How many elements are instances of the type T?" Distractors: counts of other types, nearby integers."""
    types = [e for e in ctx.index.by_class("IfcTypeObject") if e.instances]
    for type_ in ctx.shuffled(types):
        if not ctx.unique_name(type_):
            yield Skip("type name not unique")
            continue
        key = len(type_.instances)
        same_class = [len(t.instances) for t in ctx.shuffled(types) if t.ifc_class == type_.ifc_class]
        other_class = [len(t.instances) for t in ctx.shuffled(types) if t.ifc_class != type_.ifc_class]
        distractors = count_options(ctx, key, same_class + other_class)
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other counts")
            continue
        yield Draft(
            question=(
                f"How many elements are instances of the {type_.ifc_class} {quote(type_.name or '')} "
                "(assigned to it by IfcRelDefinesByType)?"
            ),
            question_type="single",
            correct=[format_value(key)],
            distractors=distractors,
            provenance={"elements": [type_.guid], "type": type_.guid},
        )
