"""Class identification: which IFC class an element is, and which elements are of a class."""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import quote

_MAX_DISTRACTORS = 4


@generator("direct.class.of_named_element", version=2)
def of_named_element(ctx: GenContext) -> Iterator[Draft | Skip]:
    """ "What is the exact IFC class of the element named N?" Distractors: classes of the same kind in the file.

    The kind (:meth:`GenContext.kind_of`) keeps distractors plausible: other building elements for a
    wall, other distribution elements for an air terminal, never IfcSite for a wall.
    """
    products = [e for e in ctx.products() if ctx.unique_name(e)]
    classes = sorted({e.ifc_class for e in ctx.products()})
    for element in ctx.shuffled(products):
        ancestors = ctx.index.data.ancestors
        kind = ctx.kind_of(element.ifc_class)
        # A supertype (IfcWall for an IfcWallStandardCase) or a subtype reads as "also true": never offer one.
        pool = [
            c
            for c in ctx.shuffled(classes)
            if c not in ancestors.get(element.ifc_class, ())
            and element.ifc_class not in ancestors.get(c, ())
            and ctx.kind_of(c) == kind
        ]
        distractors = distinct_texts(pool, exclude=[element.ifc_class], limit=_MAX_DISTRACTORS)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other classes of the same kind")
            continue
        yield Draft(
            question=f"What is the exact IFC class (entity type) of the element named {quote(element.name or '')}?",
            question_type="single",
            correct=[element.ifc_class],
            distractors=distractors,
            provenance={"elements": [element.guid], "ifc_class": element.ifc_class},
        )


@generator("direct.class.elements_of_class", version=2)
def elements_of_class(ctx: GenContext) -> Iterator[Draft | Skip]:
    """ "Which of these elements are of class C (subclasses included)?" Distractors: same storey, other classes."""
    products = [e for e in ctx.products() if ctx.unique_name(e) and e.storey is not None and e.storey != e.id]
    by_storey: dict[int, list[int]] = {}
    for e in products:
        by_storey.setdefault(e.storey or 0, []).append(e.id)
    classes = sorted({e.ifc_class for e in products})
    for cls in ctx.shuffled(classes):
        members = [e for e in products if ctx.index.is_a(e, cls)]
        if not members:
            continue
        anchor = ctx.rng.choice(members)
        same_storey = [ctx.elements[i] for i in by_storey[anchor.storey or 0]]
        correct = [e for e in same_storey if ctx.index.is_a(e, cls)]
        wrong = [e for e in same_storey if not ctx.index.is_a(e, cls)]
        if not wrong:
            yield Skip("no element of another class on the storey")
            continue
        correct = ctx.shuffled(correct)[:4]
        wrong = ctx.shuffled(wrong)[:4]
        yield Draft(
            question=(
                f"Which of the following elements are of IFC class {cls} (instances of its subclasses count too)?"
            ),
            question_type="multi",
            correct=[ctx.label(e) for e in correct],
            distractors=[ctx.label(e) for e in wrong],
            provenance={"elements": [], "ifc_class": cls, "storey": ctx.elements[anchor.storey or 0].guid},
            option_elements={ctx.label(e): e.guid for e in correct + wrong},
        )
