"""Boolean properties: whether Pset.Prop is true for an element, and which elements have it true.

Values follow ``get_psets`` semantics (a value on the type object counts unless the occurrence sets
its own); sets defined twice for an element are ambiguous and never asked about.
"""

from __future__ import annotations

from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip
from ifcqa.mcq.generate.properties import AMBIGUOUS, Catalogue, Fact, property_phrase, round_robin, subject_filter
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import NO, YES

INHERITANCE_NOTE = "A value set on the element's type object counts unless the element sets its own."
_PER_ITEM = 4  # at most this many true and this many false elements offered per draft


def _boolean_facts(ctx: GenContext) -> list[Fact]:
    subject = subject_filter(ctx)
    return Catalogue.of(ctx).facts(lambda f: f.value.kind == "bool" and subject(f.element))


@generator("direct.boolean.value", version=2)
def boolean_value(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Is Pset.Prop true for N?" Yes/No."""
    for fact in round_robin(ctx, _boolean_facts(ctx), lambda f: f.key):
        if fact.ambiguous:
            yield Skip(AMBIGUOUS)
            continue
        yield Draft(
            question=f"Is {property_phrase(fact)} true for {ctx.describe(fact.element)}? {INHERITANCE_NOTE}",
            question_type="boolean",
            correct=[YES if fact.value.value else NO],
            distractors=[],
            provenance={"elements": [fact.element.guid], "pset": fact.pset, "property": fact.prop},
        )


def _lacking(subjects: list[Element], key: tuple[str, str], classes: set[str]) -> list[Element]:
    """Subjects of ``classes`` that have no value at all for ``key`` (and no ambiguous set of that name)."""
    pset, prop = key
    return [
        e
        for e in subjects
        if e.ifc_class in classes and prop not in e.psets.get(pset, {}) and pset not in e.ambiguous_sets
    ]


@generator("direct.boolean.elements_true", version=2)
def elements_true(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these elements have Pset.Prop = true?" Distractors: elements where it is false.

    When too few elements have it false, same-class elements without the property complete the
    distractors (the question says they do not count). A property gives about one draft per five
    elements that have it, each a fresh random sample.
    """
    by_key: dict[tuple[str, str], list[Fact]] = {}
    for fact in _boolean_facts(ctx):
        if not fact.ambiguous:
            by_key.setdefault(fact.key, []).append(fact)
    subject = subject_filter(ctx)
    subjects = [e for e in ctx.products() if subject(e)]
    rounds = [key for key in sorted(by_key) for _ in range(max(1, len(by_key[key]) // 5))]
    for key in ctx.shuffled(rounds):
        group = by_key[key]
        true = ctx.shuffled([f.element for f in group if f.value.value is True])[:_PER_ITEM]
        if not true:
            yield Skip("no element has the property set to true")
            continue
        false = ctx.shuffled([f.element for f in group if f.value.value is False])[:_PER_ITEM]
        lacking = ctx.shuffled(_lacking(subjects, key, {e.ifc_class for e in true}))
        wrong = false + lacking[: _PER_ITEM - len(false)]
        if not wrong or len(true) + len(wrong) < 3:
            yield Skip("too few elements without the property set to true")
            continue
        yield Draft(
            question=(
                f"Which of the following elements have {property_phrase(group[0])} set to true? "
                f"Elements without the property do not count. {INHERITANCE_NOTE}"
            ),
            question_type="multi",
            correct=[e.name or "" for e in true],
            distractors=[e.name or "" for e in wrong],
            provenance={"elements": [], "pset": key[0], "property": key[1]},
            option_elements={e.name or "": e.guid for e in true + wrong},
        )
