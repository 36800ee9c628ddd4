"""Type resolution: which type object defines an element, and which elements a type defines.

Both subtypes read the index's ``Element.type`` / ``Element.instances`` (IfcRelDefinesByType, which
also relates IFC2X3 door and window styles). Types are named in questions and options only when
their name is unique in the file, so an option can never stand for two types.
"""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, alike_first, distinct_texts
from ifcqa.mcq.registry import generator

_MAX_OPTIONS = 4


def _types(ctx: GenContext) -> list[Element]:
    return [e for e in ctx.index.elements() if ctx.index.is_a(e, "IfcTypeObject")]


@generator("relational.type.type_of_element", version=3)
def type_of_element(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which type object defines N?"; distractors: other types a reader could take for N's type.

    A type is such an alternative when it is of the key's class (another IfcDoorType) or types elements of
    N's class (IFC2X3 types one class with several: an IfcFlowTerminal by an IfcLightFixtureType or an
    IfcElectricApplianceType). A type of another kind would be the odd one out: a wall type among the options
    of a window, named "Basic Wall:..." where the key reads "1810x1210mm". Alternatives whose names share the
    key's pattern come first (:func:`alike_first`), so no option stands out by its name either. Distractor
    types, like the key, have names unique in the file (case ignored), so an option never names two types.
    """
    types = [t for t in _types(ctx) if ctx.unique_name(t)]
    defines = {t.id: {ctx.elements[i].ifc_class for i in t.instances if i in ctx.elements} for t in types}
    typed = [e for e in ctx.products() if e.type is not None and ctx.unique_name(e)]
    for element in ctx.shuffled(typed):
        type_element = ctx.elements[element.type or 0]
        key = ctx.unique_name(type_element)
        if key is None:
            yield Skip("type name not unique")
            continue
        alternatives = [
            t
            for t in types
            if t.id != type_element.id
            and (t.ifc_class == type_element.ifc_class or element.ifc_class in defines[t.id])
        ]
        ordered = alike_first([key], ctx.shuffled(alternatives), lambda t: t.name or "")
        distractors = distinct_texts((t.name or "" for t in ordered), exclude=[key], limit=_MAX_OPTIONS)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other types of its class")
            continue
        yield Draft(
            question=(
                f"Which type object defines {ctx.describe(element)} "
                "(the relating type of its IfcRelDefinesByType relationship)?"
            ),
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance={"elements": [element.guid], "type": type_element.guid},
        )


@generator("relational.type.instances_of_type", version=3)
def instances_of_type(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these elements are instances of type T?"; distractors: same-class elements of other types."""
    products = [e for e in ctx.products() if ctx.unique_name(e)]
    for type_element in ctx.shuffled([t for t in _types(ctx) if t.instances]):
        if ctx.unique_name(type_element) is None:
            yield Skip("type name not unique")
            continue
        instances = [e for e in products if e.type == type_element.id]
        if not instances:
            yield Skip("no instance with a unique name")
            continue
        classes = {e.ifc_class for e in instances}
        same_class = [e for e in products if e.ifc_class in classes and e.type != type_element.id]
        # elements typed by another type first, then untyped ones: neither is an instance of T
        wrong = ctx.shuffled([e for e in same_class if e.type is not None])
        wrong += ctx.shuffled([e for e in same_class if e.type is None])
        correct = distinct_texts((e.name or "" for e in ctx.shuffled(instances)), limit=_MAX_OPTIONS)
        wrong = alike_first(correct, wrong, lambda e: e.name or "")  # the same family first: no odd one out
        distractors = distinct_texts((e.name or "" for e in wrong), exclude=correct, limit=_MAX_OPTIONS)
        if not distractors or len(correct) + len(distractors) < 3:
            yield Skip("too few same-class elements of other types")
            continue
        yield Draft(
            question=(
                f"Which of the following elements are instances of {ctx.describe(type_element)}, "
                "i.e. typed by it through IfcRelDefinesByType?"
            ),
            question_type="multi",
            correct=correct,
            distractors=distractors,
            provenance={"elements": [type_element.guid]},
            option_elements={e.name or "": e.guid for e in instances + wrong if e.name in correct + distractors},
        )
