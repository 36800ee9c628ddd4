"""Attribute retrieval: Name by GlobalId, ObjectType or PredefinedType, Description or Tag of an element.

PredefinedType is asked with ``ifcopenshell.util.element.get_predefined_type`` semantics, stated in
the question: a value on the element's type object comes first. Only values that are items of the
schema's enumeration (not USERDEFINED/NOTDEFINED) are asked, since a custom value is indistinguishable
in the index from an ObjectType fallback; distractors are siblings' values, then the enumeration's
other items (read from the schema, not the file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import chain, zip_longest

from ifcqa.ifc import schema as ifc_schema
from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.properties import GIVEAWAY, answer_in_name
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import quote

_MAX_DISTRACTORS = 4
_PLACEHOLDERS = ("USERDEFINED", "NOTDEFINED")
PREDEFINED_RULE = (
    "If its type object defines a PredefinedType, that value applies rather than the element's own attribute."
)

Reader = Callable[[Element], str | None]


def _text(value: str | None) -> str | None:
    return value if value is not None and value.strip() else None


def _sibling_values(ctx: GenContext, element: Element, pool: list[Element], read: Reader) -> list[str]:
    """Distinct values of ``read`` on same-class elements of ``pool`` first, then on the rest."""
    others = [e for e in pool if e.id != element.id]
    same = [read(e) for e in ctx.shuffled([e for e in others if e.ifc_class == element.ifc_class])]
    rest = [read(e) for e in ctx.shuffled([e for e in others if e.ifc_class != element.ifc_class])]
    return distinct_texts((t for t in same + rest if t), exclude=[read(element) or ""], limit=_MAX_DISTRACTORS)


def _attribute_draft(
    ctx: GenContext, element: Element, attribute: str, key: str, distractors: list[str]
) -> Draft | Skip:
    if len(distractors) < 2:
        return Skip(f"fewer than 2 distinct other {attribute} values")
    if attribute != "PredefinedType" and answer_in_name(element, key):
        return Skip(GIVEAWAY)
    if attribute == "PredefinedType":
        question = f"What is the predefined type (PredefinedType) of {ctx.describe(element)}? {PREDEFINED_RULE}"
    else:
        question = f"What is the {attribute} attribute of {ctx.describe(element)}?"
    return Draft(
        question=question,
        question_type="single",
        correct=[key],
        distractors=distractors,
        provenance={"elements": [element.guid], "attribute": attribute},
    )


def _alternate(ctx: GenContext, *pools: list[tuple[str, Element]]) -> Iterator[tuple[str, Element]]:
    """The pools shuffled and taken one from each in turn."""
    for drawn in chain.from_iterable(zip_longest(*(ctx.shuffled(pool) for pool in pools))):
        if drawn is not None:
            yield drawn


@generator("direct.attribute.name_of_guid", version=2)
def name_of_guid(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the Name of the element with GlobalId G?" Distractors: names of same-class elements."""
    products = [e for e in ctx.products() if _text(e.name)]
    for element in ctx.shuffled(products):
        distractors = _sibling_values(ctx, element, products, lambda e: e.name)
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other names")
            continue
        yield Draft(
            question=f"What is the Name of the {element.ifc_class} with GlobalId {quote(element.guid)}?",
            question_type="single",
            correct=[element.name or ""],
            distractors=distractors,
            provenance={"elements": [element.guid]},
        )


def predefined_items(schema: str, ifc_class: str) -> tuple[str, ...]:
    """The items of the PredefinedType enumeration of ``ifc_class`` (empty when it has no such attribute)."""
    return ifc_schema.predefined_types(schema, ifc_class)


def _enumeration(ctx: GenContext, element: Element) -> tuple[str, ...]:
    """The enumeration the element's predefined type is read from: its class's, else its type's."""
    items = predefined_items(ctx.index.schema, element.ifc_class)
    if not items and element.type is not None:
        items = predefined_items(ctx.index.schema, ctx.elements[element.type].ifc_class)
    return tuple(item for item in items if item not in _PLACEHOLDERS)


def _predefined_draft(ctx: GenContext, element: Element, pool: list[Element]) -> Draft | Skip:
    items = _enumeration(ctx, element)
    key = element.predefined_type or ""

    def read(e: Element) -> str | None:
        return e.predefined_type if e.predefined_type in items else None

    siblings = [e for e in pool if e.ifc_class == element.ifc_class]
    values = _sibling_values(ctx, element, siblings, read) + ctx.shuffled(list(items))
    return _attribute_draft(
        ctx, element, "PredefinedType", key, distinct_texts(values, exclude=[key], limit=_MAX_DISTRACTORS)
    )


@generator("direct.attribute.object_type_or_predefined", version=2)
def object_type_or_predefined(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the ObjectType / predefined type of N?" Distractors: siblings' values, the enumeration."""
    products = ctx.named(ctx.products())
    with_object_type = [e for e in products if _text(e.object_type)]
    with_predefined = [e for e in products if e.predefined_type and e.predefined_type in _enumeration(ctx, e)]
    object_pool = [("ObjectType", e) for e in with_object_type]
    predefined_pool = [("PredefinedType", e) for e in with_predefined]
    for attribute, element in _alternate(ctx, object_pool, predefined_pool):
        if attribute == "PredefinedType":
            yield _predefined_draft(ctx, element, with_predefined)
        else:
            distractors = _sibling_values(ctx, element, with_object_type, lambda e: e.object_type)
            yield _attribute_draft(ctx, element, "ObjectType", element.object_type or "", distractors)


@generator("direct.attribute.description_or_tag", version=2)
def description_or_tag(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the Description / Tag of N?" Distractors: siblings' values."""
    products = ctx.named(ctx.products())
    described = [e for e in products if _text(e.description)]
    tagged = [e for e in products if _text(e.tag)]
    pools = ([("Description", e) for e in described], [("Tag", e) for e in tagged])
    for attribute, element in _alternate(ctx, *pools):
        if attribute == "Description":
            distractors = _sibling_values(ctx, element, described, lambda e: e.description)
            yield _attribute_draft(ctx, element, attribute, element.description or "", distractors)
        else:
            distractors = _sibling_values(ctx, element, tagged, lambda e: e.tag)
            yield _attribute_draft(ctx, element, attribute, element.tag or "", distractors)
