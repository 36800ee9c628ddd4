"""What a generator works with: the index, a seeded RNG, and the shapes it yields.

A generator forms a fact pool from the index, shuffles it with ``ctx.rng``, and for each fact yields
a :class:`Draft` (question text, the true option texts, distractor texts, provenance) or a
:class:`Skip` with a reason when no valid distinct options can be formed. The pipeline assembles
drafts into items (option sampling, shuffling, labels), verifies them and applies the cap.
"""

from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.mcq.items import QuestionType
from ifcqa.mcq.text import normalise, quote
from ifcqa.mcq.textonly import PATTERNS, name_feature_items


@dataclass
class Draft:
    """A candidate item before option sampling and shuffling.

    Attributes:
        question: the question text (states units and the counting rule where they matter).
        question_type: single, multi or boolean.
        correct: option texts that are true (exactly one for single and boolean).
        distractors: option texts that are false, best first; the pipeline keeps 2-4 (single) or
            enough to make 3-5 options (multi).
        provenance: what the verifier needs (see :class:`ifcqa.mcq.items.Item`).
        option_elements: option text -> GlobalId, when options stand for elements.
    """

    question: str
    question_type: QuestionType
    correct: list[str]
    distractors: list[str]
    provenance: dict[str, Any]
    option_elements: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Skip:
    """A fact that could not become an item, and why (reasons are short and stable, for counting)."""

    reason: str


_MEMOS: weakref.WeakKeyDictionary[ModelIndex, dict[str, Any]] = weakref.WeakKeyDictionary()


def model_memo(index: ModelIndex) -> dict[str, Any]:
    """What generators read of one index, remembered for the index's life: every subtype gets its own
    :class:`GenContext` (its own RNG), but the model's name counts, products and property catalogue are the
    same for all of them. Only what depends on the index alone goes here, never anything drawn with an RNG."""
    memo = _MEMOS.get(index)
    if memo is None:
        memo = _MEMOS[index] = {}
    return memo


class GenContext:
    """The index of one file, a seeded RNG, and helpers every generator needs."""

    def __init__(self, index: ModelIndex, rng: random.Random) -> None:
        self.index = index
        self.rng = rng
        self.memo = model_memo(index)

    @property
    def elements(self) -> dict[int, Element]:
        return self.index.data.elements

    def unique_name(self, element: Element) -> str | None:
        """The element's Name if no other product (openings aside), type, group or project is called so, else ``None``.

        Questions identify elements only by unique names, so a question can never be ambiguous. An element
        is called by its Name, its LongName and "Name LongName" (a space reads '103 WC'), so a Name is unique
        only when no other element has it in any of the three ('WC' as a toilet's Name and a space's
        LongName is not), and so is the label a question shows (:meth:`label`). Names are compared as
        options are (case-insensitively): 'h1' and 'H1' in one model are not unique. An element whose
        GlobalId is shared or empty has no unique name either: no question names it (it is still counted).
        """
        unique: dict[int, str | None] | None = self.memo.get("unique_name")
        if unique is None:
            unique = self.memo["unique_name"] = {}
        if element.id in unique:
            return unique[element.id]
        name = element.name
        if element.guid_issue is not None or not name or not name.strip():
            found = None
        else:
            counts = self._name_counts()
            found = None if any(counts[normalise(text)] != 1 for text in {name, self.label(element)}) else name
        unique[element.id] = found
        return found

    def _name_counts(self) -> Counter[str]:
        counts: Counter[str] | None = self.memo.get("name_counts")
        if counts is None:
            # Openings are never asked about, and ArchiCAD names each one after its door or window.
            counts = self.memo["name_counts"] = Counter(
                text
                for e in self.elements.values()
                if not self.index.is_a(e, "IfcFeatureElementSubtraction")
                for text in called(e.name, e.long_name)
            )
        return counts

    def label(self, element: Element) -> str:
        """How an element reads in questions and options: its Name; a space's Name and LongName ("140 Open Office").

        A room number alone ('140') reads like a value; with its LongName it reads as the room it is.
        """
        name = element.name or ""
        long_name = (element.long_name or "").strip()
        if long_name and self.index.is_a(element, "IfcSpace") and normalise(long_name) not in normalise(name):
            return f"{name} {long_name}".strip()
        return name

    def describe(self, element: Element) -> str | None:
        """``the IfcDoor 'D-01'``, or ``None`` when the name cannot identify the element."""
        name = self.unique_name(element)
        return f"the {element.ifc_class} {quote(self.label(element))}" if name else None

    def kind_of(self, ifc_class: str) -> str:
        """The kind of a class: its ancestor just below IfcElement (IfcBuildingElement, IfcDistributionElement...),
        IfcElementType, IfcSpatialElement or IfcProduct (the class itself when none applies).

        Distractor classes and types are drawn from the same kind: other building elements for a wall.
        """
        chain = self.index.data.ancestors.get(ifc_class, (ifc_class,))
        for root in ("IfcElement", "IfcElementType", "IfcSpatialElement", "IfcTypeProduct", "IfcProduct"):
            if root in chain:
                at = chain.index(root)
                return chain[at - 1] if at > 0 else root
        return ifc_class

    def named(self, elements: Iterable[Element]) -> list[Element]:
        """The elements that have unique names, in step-id order."""
        return sorted((e for e in elements if self.unique_name(e)), key=lambda e: e.id)

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        """A shuffled copy (seeded), so that capped samples are random but reproducible."""
        copy = list(items)
        self.rng.shuffle(copy)
        return copy

    def products(self) -> list[Element]:
        """Physical and spatial products, without openings and parts of type templates (the elements questions
        are about: those in the building). A new list each call: generators may sort or filter it in place."""
        products: list[Element] | None = self.memo.get("products")
        if products is None:
            products = self.memo["products"] = [
                e
                for e in self.index.elements()
                if self.index.is_a(e, "IfcProduct")
                and not self.index.is_a(e, "IfcFeatureElementSubtraction")
                and e.template_of is None
            ]
        return list(products)


def alike_first(keys: Iterable[str], candidates: Sequence[Any], text_of: Callable[[Any], str]) -> list[Any]:
    """``candidates`` (distractors, in their order) with those whose names share most name patterns with the keys
    first, a more specific pattern weighing more (a Revit stem more than a family, a room block more than a word;
    stable: ties keep their order).

    Revit names an instance after its family and type ("M_Fixed:750mm x 2200mm:147051") and rooms after their
    block ("A204 Bathroom"): distractors drawn from other families or blocks would make the keys the odd ones
    out. Drawn alike, no option stands out by its name (:func:`ifcqa.mcq.textonly.pattern_leak` checks the rest).
    """
    wanted: set[tuple[str, str]] = set()
    for key in keys:
        wanted.update(name_feature_items(key))
    scored = [
        (-sum(_weight(kind) for kind in wanted.intersection(name_feature_items(text_of(c)))), at)
        for at, c in enumerate(candidates)
    ]
    return [candidates[at] for _, at in sorted(scored)]


def _weight(feature: tuple[str, str]) -> int:
    """How much sharing a name-pattern feature makes two names alike: the more specific its kind, the more."""
    return len(PATTERNS) - PATTERNS.index(feature[0].split(":", 1)[0])


def called(name: str | None, long_name: str | None) -> set[str]:
    """The normalised texts an element is called by: its Name, its LongName and "Name LongName" (each once)."""
    texts = {normalise(t) for t in (name, long_name) if t and t.strip()}
    if name and name.strip() and long_name and long_name.strip():
        texts.add(normalise(f"{name.strip()} {long_name.strip()}"))
    return texts


def distinct_texts(texts: Iterable[str], exclude: Iterable[str] = (), limit: int | None = None) -> list[str]:
    """``texts`` without duplicates after normalisation, and without any of ``exclude``; the first ``limit``.

    With a ``limit``, ``texts`` is read only until that many are found: a generator of every other
    element's value is formatted only as far as the options need.
    """
    seen = {normalise(t) for t in exclude}
    out: list[str] = []
    if limit is not None and limit <= 0:
        return out
    for text in texts:
        key = normalise(text)
        if key and key not in seen:
            seen.add(key)
            out.append(text)
            if limit is not None and len(out) >= limit:
                break
    return out
