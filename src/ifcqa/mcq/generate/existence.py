"""Existence / absence: a property value that may be "Not available in the model", and class presence.

``value_or_null`` mixes two kinds of candidate, alternately: an element that lacks a property its
same-class siblings have (key: "Not available in the model"; distractors: the siblings' values, the
paper's main error source), and an element that has it (key: its value; "Not available" is then a
distractor). ``class_present`` alternates classes present in the model with plausible building
classes of its schema that are absent.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, zip_longest

from ifcqa.errors import ToolError
from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.generate.properties import (
    AMBIGUOUS,
    GIVEAWAY,
    MAX_DISTRACTORS,
    UNITS_NOTE,
    Catalogue,
    Fact,
    answer_in_name,
    is_placeholder,
    property_phrase,
    round_robin,
    subject_filter,
    value_distractors,
)
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import NO, NOT_AVAILABLE, YES

# Building classes a user might plausibly ask about (those the schema lacks are left out).
PLAUSIBLE_CLASSES = (
    "IfcWall", "IfcSlab", "IfcRoof", "IfcDoor", "IfcWindow", "IfcStair", "IfcStairFlight", "IfcRamp",
    "IfcRampFlight", "IfcColumn", "IfcBeam", "IfcMember", "IfcPlate", "IfcRailing", "IfcCovering",
    "IfcCurtainWall", "IfcChimney", "IfcFooting", "IfcPile", "IfcShadingDevice", "IfcFurniture",
    "IfcFurnishingElement", "IfcBuildingElementProxy", "IfcSpace", "IfcFlowTerminal", "IfcAirTerminal",
    "IfcLightFixture", "IfcSanitaryTerminal", "IfcPipeSegment", "IfcDuctSegment", "IfcTransportElement",
    "IfcElectricAppliance",
)  # fmt: skip


def _question(subject: str, phrase: str, numeric: bool) -> str:
    question = (
        f"What is the value of {phrase} for {subject}? A value set on its type object counts; "
        "if the element has no such property, choose the option that says so."
    )
    return f"{question} {UNITS_NOTE}" if numeric else question


def _absent_candidates(ctx: GenContext, catalogue: Catalogue) -> list[tuple[Element, Fact]]:
    """(element, a sibling's fact) for every property some same-class sibling has and the element lacks."""
    subject = subject_filter(ctx)
    subjects = [e for e in ctx.products() if subject(e)]
    by_class: dict[str, dict[tuple[str, str], Fact]] = {}
    for fact in catalogue.facts(lambda f: not ctx.index.is_a(f.element, "IfcTypeObject")):
        by_class.setdefault(fact.element.ifc_class, {}).setdefault(fact.key, fact)
    candidates = []
    for element in subjects:
        for key, fact in by_class.get(element.ifc_class, {}).items():
            if key[1] not in element.psets.get(key[0], {}):
                candidates.append((element, fact))
    return candidates


def _absent_draft(ctx: GenContext, catalogue: Catalogue, element: Element, sibling: Fact) -> Draft | Skip:
    if sibling.pset in element.ambiguous_sets:
        return Skip(AMBIGUOUS)
    facts = [f for f in ctx.shuffled(catalogue.by_key[sibling.key]) if not is_placeholder(f)]
    same_class = [f.text for f in facts if f.element.ifc_class == element.ifc_class]
    other = [f.text for f in facts if f.element.ifc_class != element.ifc_class]
    distractors = distinct_texts(same_class + other, exclude=[NOT_AVAILABLE], limit=MAX_DISTRACTORS)
    if len(distractors) < 2:
        return Skip("fewer than 2 distinct sibling values")
    return Draft(
        question=_question(ctx.describe(element) or "", property_phrase(sibling), sibling.value.kind == "number"),
        question_type="single",
        correct=[NOT_AVAILABLE],
        distractors=distractors,
        provenance={"elements": [element.guid], "pset": sibling.pset, "property": sibling.prop},
    )


def _present_draft(ctx: GenContext, catalogue: Catalogue, fact: Fact) -> Draft | Skip:
    if fact.ambiguous:
        return Skip(AMBIGUOUS)
    if is_placeholder(fact):
        return Skip("placeholder value (the property's own name)")
    if answer_in_name(fact.element, fact.text):
        return Skip(GIVEAWAY)
    cls = fact.element.ifc_class
    distractors = value_distractors(
        ctx, catalogue, fact, lambda f: f.element.ifc_class == cls, first=[NOT_AVAILABLE], preferred_key=("class", cls)
    )
    if len(distractors) < 2:
        return Skip("fewer than 2 distinct other values")
    return Draft(
        question=_question(ctx.describe(fact.element) or "", property_phrase(fact), fact.value.kind == "number"),
        question_type="single",
        correct=[fact.text],
        distractors=distractors,
        provenance={"elements": [fact.element.guid], "pset": fact.pset, "property": fact.prop},
    )


@generator("direct.existence.value_or_null", version=2)
def value_or_null(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is Pset.Prop of N?" where the key is a value or "Not available in the model", alternately."""
    catalogue = Catalogue.of(ctx)
    subject = subject_filter(ctx)
    present = round_robin(ctx, catalogue.facts(lambda f: subject(f.element)), lambda f: f.key)
    absent = round_robin(ctx, _absent_candidates(ctx, catalogue), lambda c: c[1].key)
    for drawn in chain.from_iterable(zip_longest(absent, present)):
        if isinstance(drawn, Fact):
            yield _present_draft(ctx, catalogue, drawn)
        elif drawn is not None:
            yield _absent_draft(ctx, catalogue, *drawn)


def _schema_class(ctx: GenContext, name: str) -> str | None:
    """The schema's spelling of a product class, or ``None`` when the schema has no such class."""
    try:
        return ctx.index.canonical_class(name)
    except ToolError:
        return None


@generator("direct.existence.class_present", version=2)
def class_present(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Does the model contain any element of class C (subclasses count)?" Yes and No alternately."""
    present_chain = {cls for e in ctx.elements.values() for cls in ctx.index.data.ancestors.get(e.ifc_class, ())}
    plausible = [c for c in (_schema_class(ctx, name) for name in PLAUSIBLE_CLASSES) if c is not None]
    present = sorted({e.ifc_class for e in ctx.products()} | {c for c in plausible if c in present_chain})
    absent = sorted({c for c in plausible if c not in present_chain})
    for cls in chain.from_iterable(zip_longest(ctx.shuffled(present), ctx.shuffled(absent))):
        if cls is None:
            continue
        yield Draft(
            question=(
                f"Does the model contain at least one element of IFC class {cls}? "
                "Instances of its subclasses count too."
            ),
            question_type="boolean",
            correct=[YES if cls in present_chain else NO],
            distractors=[],
            provenance={"elements": [], "ifc_class": cls},
        )
