"""Space boundaries: which elements bound a space, and which spaces an element bounds (IfcRelSpaceBoundary).

The index records both ends of every IfcRelSpaceBoundary (of any level) that names a building
element: the space's ``bounded_by`` and the element's ``bounds``. Boundaries without a related
element (virtual boundaries in IFC2X3) relate nothing and are not asked about.
"""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, alike_first, distinct_texts
from ifcqa.mcq.registry import generator

_MAX_OPTIONS = 4
_RULE = "according to the model's space boundaries (IfcRelSpaceBoundary)"


def _multi(
    ctx: GenContext, question: str, right: list[Element], wrong: list[Element], provenance: dict[str, list[str]]
) -> Draft | Skip:
    """A multi-choice draft whose options are element labels (unique names; spaces with their LongName)."""
    correct = distinct_texts((ctx.label(e) for e in right), limit=_MAX_OPTIONS)
    distractors = distinct_texts((ctx.label(e) for e in wrong), exclude=correct, limit=_MAX_OPTIONS)
    if not distractors or len(correct) + len(distractors) < 3:
        return Skip("too few elements on the other side of other boundaries")
    picked = set(correct + distractors)
    return Draft(
        question=question,
        question_type="multi",
        correct=correct,
        distractors=distractors,
        provenance=dict(provenance),
        option_elements={ctx.label(e): e.guid for e in right + wrong if ctx.label(e) in picked},
    )


@generator("relational.boundaries.elements_bounding_space", version=2)
def elements_bounding_space(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these elements bound space S?"; distractors: elements bounding other spaces."""
    products = {e.id: e for e in ctx.products() if ctx.unique_name(e)}
    bounding = [e for e in products.values() if e.bounds]
    bounded_on: dict[int | None, set[int]] = {}
    for e in ctx.elements.values():
        if e.bounded_by:
            bounded_on.setdefault(e.storey, set()).add(e.id)
    for space in ctx.shuffled([e for e in products.values() if e.bounded_by]):
        right = ctx.shuffled([products[i] for i in space.bounded_by if i in products])
        if not right:
            yield Skip("no bounding element with a unique name")
            continue
        others = [e for e in bounding if space.id not in e.bounds]
        # elements that bound a neighbouring space of the same storey first
        near = bounded_on.get(space.storey, set()) - {space.id} if space.storey is not None else set()
        wrong = ctx.shuffled([e for e in others if near.intersection(e.bounds)])
        wrong += ctx.shuffled([e for e in others if not near.intersection(e.bounds)])
        question = f"Which of the following elements bound {ctx.describe(space)}, {_RULE}?"
        yield _multi(ctx, question, right, wrong, {"elements": [space.guid]})


@generator("relational.boundaries.spaces_bounded_by_element", version=3)
def spaces_bounded_by_element(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these spaces does N bound?"; distractors: other spaces, same storey first."""
    products = {e.id: e for e in ctx.products() if ctx.unique_name(e)}
    spaces = [e for e in products.values() if e.bounded_by or ctx.index.is_a(e, "IfcSpace")]
    for element in ctx.shuffled([e for e in products.values() if e.bounds]):
        right = ctx.shuffled([products[i] for i in element.bounds if i in products])
        if not right:
            yield Skip("no bounded space with a unique name")
            continue
        storeys = {s.storey for s in right}
        others = [s for s in spaces if s.id not in element.bounds]
        wrong = ctx.shuffled([s for s in others if s.storey in storeys])
        wrong += ctx.shuffled([s for s in others if s.storey not in storeys])
        wrong = alike_first((ctx.label(s) for s in right), wrong, ctx.label)  # alike names first: no odd one out
        question = f"Which of the following spaces does {ctx.describe(element)} bound, {_RULE}?"
        yield _multi(ctx, question, right, wrong, {"elements": [element.guid]})
