"""Geometry: extents, base elevations and point containment of axis-aligned bounding boxes.

Boxes come from :meth:`~ifcqa.index.ModelIndex.bboxes_of` (IfcOpenShell's geometry iterator over the
askable elements only, not the whole model, started in a worker while the other categories are
drafted: :func:`prefetch`; project coordinates, the model's length unit). Only physical elements with
a body of their own and a unique name are asked about: no spaces, storeys, openings or virtual
elements, and no aggregates with parts (their own box is not what a reader takes for "the stair's
box"). Every comparison keeps a margin of 1 cm (in the model's unit) so that tessellation or rounding
differences cannot flip an answer.

Draft and verify: the pool is shaped without cutting openings (``draft=True``: the kernel's boolean cuts were
half its time), which gives the exact box of every element without openings and, for one with openings, the
uncut body's box, which holds the exact one. Items are drafted from these boxes; the elements with openings
an item rests on are then shaped exactly (:meth:`_Frame.exact`): the anchor (whose extent, base or centre is
asked) before the item is drafted, each option after, re-checked by the same 1 cm rule; an item whose check
fails is skipped. So every item holds on exact boxes, and only a handful of elements per file are cut.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from ifcqa.index.geometry import BBox
from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import NO, YES, format_number, format_value

AXES = ("X", "Y", "Z")
MARGIN_METRES = 0.01  # 1 cm: the least difference or distance an item relies on
_NEAREST = 8  # point-in-box distractors come from this many nearest boxes not containing the point
_EXCLUDED = ("IfcFeatureElement", "IfcVirtualElement")
POOL_LIMIT = 600  # elements questions may name, about (whole storeys are drawn until there are as many)


@dataclass(frozen=True)
class Boxed:
    """An element that questions may name, with its box (model length unit).

    ``box`` is a *draft* (shaped without cutting openings, :meth:`~ifcqa.index.ModelIndex.bboxes_of`): the exact
    box unless ``cut``, that is unless the element (or an element it is a part of) has openings; then it is the
    uncut body's, which holds the exact box, and :meth:`_Frame.exact` gives the exact one.
    """

    element: Element
    name: str
    box: BBox
    cut: bool = False

    def extent(self, axis: int) -> float:
        return self.box[axis + 3] - self.box[axis]


@dataclass(frozen=True)
class _Frame:
    """What every geometry generator of one file needs: the pool, the unit and the margin."""

    pool: list[Boxed]
    unit: str
    margin: float  # 1 cm in the model's length unit
    index: ModelIndex
    exact_boxes: dict[int, BBox | None]  # of elements with openings, shaped (with the cuts) when an item needs them

    def exact(self, boxed: Boxed) -> Boxed | None:
        """``boxed`` with its exact box (openings cut), or ``None`` when the cut shape has none."""
        if not boxed.cut:
            return boxed
        step_id = boxed.element.id
        if step_id not in self.exact_boxes:
            self.exact_boxes.update(self.index.bboxes_of([boxed.element]))
        box = self.exact_boxes.get(step_id)
        return Boxed(boxed.element, boxed.name, box) if box is not None else None


def _frame(ctx: GenContext) -> _Frame | Skip:
    length = ctx.index.units.get("LENGTHUNIT")
    if length is None or not length.si_factor:
        return Skip("model has no length unit")
    named = _named(ctx)
    boxes = ctx.index.bboxes_of((e for e, _ in named), draft=True)  # only these are shaped, not the whole model
    pool = []
    for element, name in named:  # step-id order, so shuffles are reproducible
        box = boxes.get(element.id)
        if box is not None:
            pool.append(Boxed(element, name, box, _has_openings(ctx.index, element)))
    if len(pool) < 3:
        return Skip("fewer than 3 named elements with geometry")
    exact: dict[int, BBox | None] = ctx.memo.setdefault("geometry_exact", {})
    return _Frame(pool, length.symbol, MARGIN_METRES / length.si_factor, ctx.index, exact)


def _has_openings(index: ModelIndex, element: Element) -> bool:
    """The element, or an element it is a part of, has openings: IfcOpenShell cuts them all from its body."""
    seen: set[int] = set()
    current: Element | None = element
    while current is not None and current.id not in seen:
        if current.openings:
            return True
        seen.add(current.id)
        current = index.data.elements.get(current.parent) if current.parent is not None else None
    return False


def _exact_or_skip(frame: _Frame, named: list[Boxed]) -> list[Boxed] | Skip:
    """``named`` with exact boxes, or a Skip when one has no exact box (its cut shape came out empty)."""
    exact = [frame.exact(b) for b in named]
    if any(b is None for b in exact):
        return Skip("an element's shape with its openings cut has no box")
    return [b for b in exact if b is not None]


def _named(ctx: GenContext) -> list[tuple[Element, str]]:
    """The elements questions may name, with their names (before their boxes are known), in step-id order.

    At most about ``POOL_LIMIT`` of them, whole storeys at a time (see :func:`_storeys_drawn`), so that a
    model's geometry costs the same whatever its size: the category keeps a few dozen items, and shaping
    every element of a large model cost 5x a cold ``summary`` (docs/SCALE.md, 2026-12-02).
    """
    named: list[tuple[Element, str]] | None = ctx.memo.get("geometry_named")
    if named is None:
        named = [(e, name) for e in ctx.products() if (name := ctx.unique_name(e)) and _askable(ctx, e)]
        if len(named) > POOL_LIMIT:
            kept = _storeys_drawn(ctx, named)
            named = [(e, name) for e, name in named if e.storey in kept]
        ctx.memo["geometry_named"] = named
    return named


def _storeys_drawn(ctx: GenContext, named: list[tuple[Element, str]]) -> set[int | None]:
    """Storeys (``None``: elements on none) drawn in a seeded order until they hold ``POOL_LIMIT`` elements.

    Whole storeys, so that an element's neighbours (the point-in-box distractors) are still in the pool;
    the order is seeded by the file's content alone (every subtype, and the prefetch, draw the same).
    """
    sizes: dict[int | None, int] = {}
    for element, _ in named:
        sizes[element.storey] = sizes.get(element.storey, 0) + 1
    order = sorted(sizes, key=lambda s: (s is None, s or 0))
    random.Random(f"geometry-pool:{ctx.index.data.source.sha256}").shuffle(order)
    kept: set[int | None] = set()
    total = 0
    for storey in order:
        kept.add(storey)
        total += sizes[storey]
        if total >= POOL_LIMIT:
            break
    return kept


def prefetch(index: ModelIndex) -> bool:
    """Start shaping the elements geometry questions may name, in a worker, while other categories are drafted.

    Only a head start: the boxes, and so the items, are the same as without it. ``False``: not started.
    """
    return index.prefetch_bboxes((e for e, _ in _named(GenContext(index, random.Random(0)))), draft=True)


def _askable(ctx: GenContext, element: Element) -> bool:
    if not ctx.index.is_a(element, "IfcElement") or element.parts:
        return False
    return not any(ctx.index.is_a(element, cls) for cls in _EXCLUDED)


def _names(elements: list[Boxed]) -> dict[str, str]:
    return {b.name: b.element.guid for b in elements}


@generator("geometric.geometry.extent_compare", version=2)
def extent_compare(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks which of 3-5 elements has the largest box extent along X, Y or Z; the others are >= 1 cm smaller."""
    frame = _frame(ctx)
    if isinstance(frame, Skip):
        yield frame
        return
    for drafted in ctx.shuffled(frame.pool):
        axis = ctx.rng.randrange(3)
        anchor = frame.exact(drafted)
        if anchor is None:
            yield Skip("an element's shape with its openings cut has no box")
            continue
        largest = anchor.extent(axis)
        smaller = [b for b in ctx.shuffled(frame.pool) if b.extent(axis) <= largest - frame.margin]
        others = _distinct_named(smaller, exclude=anchor)[: ctx.rng.randint(2, 4)]
        if len(others) < 2:
            yield Skip("fewer than 2 elements clearly smaller along the axis")
            continue
        checked = _exact_or_skip(frame, others)  # a draft extent holds the exact one: checked, not assumed
        if isinstance(checked, Skip) or any(b.extent(axis) > largest - frame.margin for b in checked):
            yield Skip("an option's exact box is not clearly smaller along the axis")
            continue
        yield Draft(
            question=(
                f"Which of the following elements has the largest extent along the {AXES[axis]} axis, "
                "measured on its axis-aligned bounding box in project coordinates?"
            ),
            question_type="single",
            correct=[anchor.name],
            distractors=[b.name for b in others],
            provenance={"elements": [], "axis": AXES[axis].lower()},
            option_elements=_names([anchor, *others]),
        )


def _distinct_named(candidates: list[Boxed], exclude: Boxed) -> list[Boxed]:
    """``candidates`` whose names stay distinct (after normalisation) from each other and ``exclude``."""
    keep = set(distinct_texts([b.name for b in candidates], exclude=[exclude.name]))
    return [b for b in candidates if b.name in keep and b.element is not exclude.element]


@generator("geometric.geometry.base_elevation", version=2)
def base_elevation(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks the minimum Z of an element's box; distractors are other elements' base elevations (>= 1 cm off)."""
    frame = _frame(ctx)
    if isinstance(frame, Skip):
        yield frame
        return
    shown: dict[float, str] = {}  # base elevation -> its option text (a storey's elements share a few)
    for drafted in ctx.shuffled(frame.pool):
        description = ctx.describe(drafted.element)
        anchor = frame.exact(drafted)
        if anchor is None:
            yield Skip("an element's shape with its openings cut has no box")
            continue
        key = round(anchor.box[2], 3)
        others = [round(b.box[2], 3) for b in ctx.shuffled(frame.pool)]
        texts = [shown.get(z) or shown.setdefault(z, format_value(z, frame.unit))
                 for z in others if abs(z - key) >= frame.margin]
        distractors = distinct_texts(texts, exclude=[format_value(key, frame.unit)], limit=4)
        if len(distractors) < 2 or description is None:
            yield Skip("fewer than 2 other base elevations")
            continue
        yield Draft(
            question=(
                f"What is the base elevation of {description}, that is the minimum Z of its axis-aligned "
                f"bounding box in project coordinates, in {frame.unit}, rounded to three decimals?"
            ),
            question_type="single",
            correct=[format_value(key, frame.unit)],
            distractors=distractors,
            provenance={"elements": [anchor.element.guid]},
        )


def centre(box: BBox) -> tuple[float, float, float]:
    """The centre of a box, rounded to the 3 decimals the question shows."""
    return (round((box[0] + box[3]) / 2, 3), round((box[1] + box[4]) / 2, 3), round((box[2] + box[5]) / 2, 3))


def clearly_inside(box: BBox, point: tuple[float, float, float], margin: float) -> bool:
    """``point`` lies inside ``box`` at least ``margin`` from every face."""
    return all(box[i] + margin <= point[i] <= box[i + 3] - margin for i in range(3))


def clearly_outside(box: BBox, point: tuple[float, float, float], margin: float) -> bool:
    """``point`` lies outside ``box`` by at least ``margin`` along some axis."""
    return any(point[i] < box[i] - margin or point[i] > box[i + 3] + margin for i in range(3))


def _distance(box: BBox, point: tuple[float, float, float]) -> float:
    return math.sqrt(sum(max(box[i] - point[i], 0.0, point[i] - box[i + 3]) ** 2 for i in range(3)))


def _point_text(point: tuple[float, float, float], unit: str) -> str:
    return f"({', '.join(format_number(c) for c in point)}) {unit}"


@generator("geometric.geometry.point_in_box", version=2)
def point_in_box(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Point P is the centre of an element's box: "which box contains P?" or "is P inside N's box?"."""
    frame = _frame(ctx)
    if isinstance(frame, Skip):
        yield frame
        return
    for drafted in ctx.shuffled(frame.pool):
        anchor = frame.exact(drafted)
        if anchor is None:
            yield Skip("an element's shape with its openings cut has no box")
            continue
        point = centre(anchor.box)
        if not clearly_inside(anchor.box, point, frame.margin):
            yield Skip("box thinner than 2 cm")
            continue
        outside = [b for b in frame.pool if clearly_outside(b.box, point, frame.margin)]
        nearest = sorted(outside, key=lambda b: (_distance(b.box, point), b.element.id))[:_NEAREST]
        others = _distinct_named(ctx.shuffled(nearest), exclude=anchor)
        variant = ctx.rng.choice(("single", "single", YES, NO))
        named = others[: ctx.rng.randint(2, 4)] if variant == "single" else others[:1] if variant == NO else []
        checked = _exact_or_skip(frame, named)  # a draft box holds the exact one: checked, not assumed
        if isinstance(checked, Skip) or not all(clearly_outside(b.box, point, frame.margin) for b in checked):
            yield Skip("an option's exact box is not clearly away from the point")
            continue
        if variant == "single":
            yield _which_box(frame, anchor, checked, point)
        else:
            yield _is_inside(ctx, frame, anchor if variant == YES else None, checked, point)


def _which_box(frame: _Frame, anchor: Boxed, others: list[Boxed], point: tuple[float, float, float]) -> Draft | Skip:
    if len(others) < 2:
        return Skip("fewer than 2 nearby boxes not containing the point")
    return Draft(
        question=(
            f"Which of the following elements has an axis-aligned bounding box (in project coordinates) "
            f"that contains the point {_point_text(point, frame.unit)}?"
        ),
        question_type="single",
        correct=[anchor.name],
        distractors=[b.name for b in others],
        provenance={"elements": [], "point": list(point)},
        option_elements=_names([anchor, *others]),
    )


def _is_inside(
    ctx: GenContext, frame: _Frame, inside: Boxed | None, others: list[Boxed], point: tuple[float, float, float]
) -> Draft | Skip:
    """A Yes item about the box the point is the centre of, or a No item about a nearby box."""
    subject = inside if inside is not None else (others[0] if others else None)
    description = ctx.describe(subject.element) if subject is not None else None
    if subject is None or description is None:
        return Skip("no nearby box without the point")
    return Draft(
        question=(
            f"Is the point {_point_text(point, frame.unit)} inside the axis-aligned bounding box (in project "
            f"coordinates) of {description}?"
        ),
        question_type="boolean",
        correct=[YES if inside is not None else NO],
        distractors=[],
        provenance={"elements": [subject.element.guid], "point": list(point)},
    )
