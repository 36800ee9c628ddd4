"""Property retrieval: the value of Pset.Prop set on an element itself, or inherited from its type.

The shared part of the property-based categories (boolean, existence) lives here too: a
:class:`Catalogue` of every askable property value in the index, the option text of a value, a
round-robin over properties (so that a capped sample asks about many properties, not 40 values of
one), and the distractor search "same property on other elements, then other properties of the set".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ifcqa.index.records import Element, Value
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_number, format_value, normalise, quote, set_reference
from ifcqa.mcq.textonly import contains_phrase

ASKABLE_KINDS = frozenset({"bool", "number", "text", "enum"})
AMBIGUOUS = "ambiguous property set"
MAX_DISTRACTORS = 4
UNITS_NOTE = "Numeric values are stated in the model's units."

Key = tuple[str, str]  # (property set, property)
T = TypeVar("T")


@dataclass(frozen=True)
class Fact:
    """One property value of one element, as the index holds it (type values merged in)."""

    element: Element
    pset: str
    prop: str
    value: Value
    text: str  # the option text of the value

    @property
    def key(self) -> Key:
        return (self.pset, self.prop)

    @property
    def ambiguous(self) -> bool:
        return self.pset in self.element.ambiguous_sets


def option_text(value: Value) -> str | None:
    """The option text of a property value, or ``None`` when it cannot be stated as an option.

    Booleans, numbers, texts and enumerations qualify, but not: empty texts, non-finite numbers, numbers
    that would read as ``0`` at three decimals, and numbers of predefined property sets (attributes of
    e.g. IfcDoorLiningProperties, which have no ``measure`` in the index and so no unit).
    """
    if value.kind not in ASKABLE_KINDS or value.value is None:
        return None
    if value.measure is None and value.kind not in ("text", "bool"):
        return None
    raw = value.value
    if value.kind == "enum" and (not raw or not all(isinstance(v, str | int | float) for v in raw)):
        return None
    if value.kind == "number":
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            return None
        if raw != 0 and format_number(raw) == "0":
            return None
    text = format_value(raw, value.unit)
    return text if text.strip() else None


def is_placeholder(fact: Fact) -> bool:
    """A text value that only repeats the property's name (Revit's ``SerialNumber = 'SerialNumber'``)."""
    return fact.value.kind == "text" and fact.text.strip().casefold() == fact.prop.strip().casefold()


def answer_in_name(element: Element, text: str) -> bool:
    """Whether the answer can be read off the element's name (Revit's ``...:181096`` with Tag ``181096``)."""
    if not element.name:
        return False
    return contains_phrase(normalise(element.name), normalise(text))  # a whole word or run of words


GIVEAWAY = "the answer is part of the element's name"


class Catalogue:
    """Every askable property value of every indexed record, by property and by property set.

    Built once per index (:meth:`of`) and only read afterwards: four subtypes ask from it.
    """

    @classmethod
    def of(cls, ctx: GenContext) -> Catalogue:
        """The catalogue of ``ctx``'s index, built on first use."""
        catalogue: Catalogue | None = ctx.memo.get("catalogue")
        if catalogue is None:
            catalogue = ctx.memo["catalogue"] = cls(ctx)
        return catalogue

    def __init__(self, ctx: GenContext) -> None:
        self.by_key: dict[Key, list[Fact]] = {}
        self.by_pset: dict[str, list[Fact]] = {}
        self._splits: dict[tuple[Key, Hashable], tuple[list[Fact], list[Fact]]] = {}
        self._compatible: dict[tuple[str, str, str, str | None], list[Fact]] = {}
        for element in ctx.index.elements():
            for pset, props in sorted(element.psets.items()):
                for prop, value in sorted(props.items()):
                    text = option_text(value)
                    if text is None or prop == "id":
                        continue
                    fact = Fact(element, pset, prop, value, text)
                    self.by_key.setdefault(fact.key, []).append(fact)
                    self.by_pset.setdefault(pset, []).append(fact)

    def facts(self, keep: Callable[[Fact], bool]) -> list[Fact]:
        """The facts ``keep`` accepts, in a stable order."""
        return [fact for facts in self.by_key.values() for fact in facts if keep(fact)]

    def split(
        self, key: Key, preferred: Callable[[Fact], bool], preferred_key: Hashable | None = None
    ) -> tuple[list[Fact], list[Fact]]:
        """The facts of property ``key`` that ``preferred`` accepts and the others, in catalogue order; kept
        per ``preferred_key`` when one is given (it must name what ``preferred`` accepts)."""
        memo_key = (key, preferred_key)
        found = self._splits.get(memo_key) if preferred_key is not None else None
        if found is None:
            facts = self.by_key.get(key, [])
            found = ([f for f in facts if preferred(f)], [f for f in facts if not preferred(f)])
            if preferred_key is not None:
                self._splits[memo_key] = found
        return found

    def compatible(self, fact: Fact) -> list[Fact]:
        """The facts of the other properties of ``fact``'s set whose values read as plausible answers about it
        (:func:`_compatible`), in catalogue order; kept per set, property and kind of value."""
        value = fact.value
        memo_key = (fact.pset, fact.prop, value.kind, value.unit if value.kind == "number" else None)
        found = self._compatible.get(memo_key)
        if found is None:
            found = self._compatible[memo_key] = [
                f for f in self.by_pset.get(fact.pset, ()) if f.prop != fact.prop and _compatible(fact, f)
            ]
        return found


def subject_filter(ctx: GenContext) -> Callable[[Element], bool]:
    """Whether a record can be the subject of a question: a product (no opening) with a unique name."""
    products = {e.id for e in ctx.products()}
    return lambda element: element.id in products and ctx.unique_name(element) is not None


def round_robin(ctx: GenContext, items: Iterable[T], group: Callable[[T], Key]) -> Iterator[T]:
    """``items`` grouped by ``group``, groups and members shuffled, taken one per group in turn."""
    groups: dict[Key, list[T]] = {}
    for item in items:
        groups.setdefault(group(item), []).append(item)
    queues = [ctx.shuffled(groups[key]) for key in ctx.shuffled(sorted(groups))]
    while queues:
        for queue in queues:
            yield queue.pop()
        queues = [q for q in queues if q]


def _compatible(fact: Fact, other: Fact) -> bool:
    """Whether ``other``'s value reads as a plausible answer to a question about ``fact``."""
    if fact.value.kind == "number":
        return other.value.kind == "number" and other.value.unit == fact.value.unit
    if fact.value.kind in ("text", "enum"):
        return other.value.kind in ("text", "enum")
    return other.value.kind == fact.value.kind


def value_distractors(
    ctx: GenContext,
    catalogue: Catalogue,
    fact: Fact,
    preferred: Callable[[Fact], bool],
    first: Sequence[str] = (),
    preferred_key: Hashable | None = None,
) -> list[str]:
    """Distinct false option texts for a question about ``fact``, best first.

    Order: ``first``; the same property on other records that ``preferred`` accepts, then on the rest;
    then compatible values of other properties of the same set (this element's first).

    ``preferred_key``: names what ``preferred`` accepts when that depends on the index alone (the same
    class, a type object): the property's records are then split once per key, not once per question (a
    property of every wall is asked about many times). The lists are shuffled whole either way.
    """
    element_id = fact.element.id
    preferred_facts, rest = catalogue.split(fact.key, preferred, preferred_key)
    others = catalogue.compatible(fact)
    ordered = (
        ctx.shuffled([f for f in preferred_facts if f.element.id != element_id])
        + ctx.shuffled([f for f in rest if f.element.id != element_id])
        + ctx.shuffled([f for f in others if f.element.id == element_id])
        + ctx.shuffled([f for f in others if f.element.id != element_id])
    )
    texts = itertools.chain(first, _shown(ordered))  # read only as far as needed
    return distinct_texts(texts, exclude=[fact.text], limit=MAX_DISTRACTORS)


def _shown(facts: Iterable[Fact]) -> Iterator[str]:
    """The option texts of ``facts`` that are not placeholders, each (text, property) once: a text met again
    would be refused as a duplicate anyway, and most records of a property repeat a few values."""
    seen: set[tuple[str, str]] = set()
    for f in facts:
        key = (f.text, f.prop)
        if key not in seen:
            seen.add(key)
            if not is_placeholder(f):
                yield f.text


def property_phrase(fact: Fact) -> str:
    """``the property 'FireRating' of property set 'Pset_WallCommon'``."""
    return f"the property {quote(fact.prop)} of {set_reference('property set', fact.pset)}"


def _value_question(ctx: GenContext, fact: Fact, inherited: bool) -> str:
    if inherited:
        question = (
            f"The {fact.element.ifc_class} {quote(fact.element.name or '')} does not set {property_phrase(fact)} "
            "itself. What value does it get from its type object?"
        )
    else:
        question = f"What is the value of {property_phrase(fact)} set directly on {ctx.describe(fact.element)}?"
    return f"{question} {UNITS_NOTE}" if fact.value.kind == "number" else question


def _value_draft(ctx: GenContext, catalogue: Catalogue, fact: Fact, inherited: bool) -> Draft | Skip:
    if fact.ambiguous:
        return Skip(AMBIGUOUS)
    if is_placeholder(fact):
        return Skip("placeholder value (the property's own name)")
    if answer_in_name(fact.element, fact.text):
        return Skip(GIVEAWAY)
    cls = fact.element.ifc_class
    preferred: Callable[[Fact], bool]
    preferred_key: tuple[str, ...]
    if inherited:
        preferred = lambda f: ctx.index.is_a(f.element, "IfcTypeObject")  # noqa: E731 — values on other types
        preferred_key = ("type object",)
    else:
        preferred = lambda f: f.element.ifc_class == cls  # noqa: E731 — same-class elements first
        preferred_key = ("class", cls)
    distractors = value_distractors(ctx, catalogue, fact, preferred, preferred_key=preferred_key)
    if len(distractors) < 2:
        return Skip("fewer than 2 distinct other values")
    return Draft(
        question=_value_question(ctx, fact, inherited),
        question_type="single",
        correct=[fact.text],
        distractors=distractors,
        provenance={"elements": [fact.element.guid], "pset": fact.pset, "property": fact.prop},
    )


_VALUE_KINDS = frozenset({"number", "text", "enum"})  # a boolean has one alternative: see direct.boolean


@generator("direct.property.instance_value", version=2)
def instance_value(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the value of Pset.Prop set on N?" Distractors: the property on other elements, other props."""
    catalogue = Catalogue.of(ctx)
    subject = subject_filter(ctx)
    pool = catalogue.facts(
        lambda f: f.value.source == "occurrence" and f.value.kind in _VALUE_KINDS and subject(f.element)
    )
    for fact in round_robin(ctx, pool, lambda f: f.key):
        yield _value_draft(ctx, catalogue, fact, inherited=False)


@generator("direct.property.type_inherited_value", version=2)
def type_inherited_value(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What value of Pset.Prop does N get from its type?" Distractors: values on other types, other elements."""
    catalogue = Catalogue.of(ctx)
    subject = subject_filter(ctx)
    pool = catalogue.facts(
        lambda f: (
            f.value.source == "type"
            and f.value.kind in _VALUE_KINDS
            and f.element.type is not None
            and subject(f.element)
        )
    )
    for fact in round_robin(ctx, pool, lambda f: f.key):
        yield _value_draft(ctx, catalogue, fact, inherited=True)
