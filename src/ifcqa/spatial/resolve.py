"""The parser's one adapter to the resolvers: rooms (:mod:`~ifcqa.spatial.spaces`), property qualifiers
(:mod:`~ifcqa.spatial.qualifiers`) and quantities (:mod:`~ifcqa.spatial.measures`).

Every route (the rule parser, the LLM planner's validation, the pipeline, the outcome texts) reads rooms,
qualifiers and quantities through these functions, so every one carries the same fields: a qualifier its
``note`` (placeholder values, a unit read as the model's) and every path it tests, an aggregate its ``total``,
``missing``, ``chosen`` and per-class ``paths``. Each mention carries its span in the (normalised) question, so
the parser can account for the words it consumed. (Before issue 22's resolvers existed this module held a small
reading of its own; it is gone: one reading, not two that can disagree.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import measures, qualifiers, quantity_reading, spaces
from ifcqa.spatial.classes import matches
from ifcqa.spatial.measures import Aggregate
from ifcqa.spatial.plan import ClassFilter

__all__ = ["Aggregate", "Measure", "Qualifier", "Room", "aggregate", "apply_qualifier", "describe",
           "elements_in_rooms", "find_measure", "find_qualifiers", "find_rooms", "for_kinds", "measure_spans",
           "storeys_of"]


@dataclass
class Room:
    """Spaces a question names: ``how`` says by what (``number``, ``name``, ``function:kitchen``, ``zone:Labor``)."""

    term: str
    start: int
    end: int
    guids: list[str]
    how: str


@dataclass
class Qualifier:
    """A property or attribute condition: ``path`` (``Pset_DoorCommon.IsExternal``, ``OverallWidth``) ``op`` value;
    ``raw`` is the resolver's mention (:class:`~ifcqa.spatial.qualifiers.QualifierMention`), which applies it."""

    term: str
    start: int
    end: int
    path: str
    op: str  # "=", "!=", ">", ">=", "<", "<=", "~"
    value: Any
    unit: str | None = None
    how: str = ""
    raw: qualifiers.QualifierMention | None = field(default=None, repr=False)
    note: str = ""
    paths: list[str] = field(default_factory=list)


@dataclass
class Measure:
    """A quantity the question aggregates: ``quantity`` (``floor_area``, ``height``...) by ``op``."""

    term: str
    start: int
    end: int
    quantity: str
    op: str  # sum, mean, min, max
    raw: measures.MeasureMention | None = field(default=None, repr=False)


# -- rooms ---------------------------------------------------------------------------------------
def find_rooms(index: ModelIndex, text: str) -> list[Room]:
    """Spaces named in ``text`` (lower case, as the parser normalised it)."""
    return [Room(m.term, m.start, m.end, list(m.guids), str(m.how)) for m in spaces.find_spaces(index, text)]


def elements_in_rooms(index: ModelIndex, guids: list[str], *, bounding: bool) -> list[str]:
    """GlobalIds of the elements in the spaces (contained in them, or bounding them when ``bounding``)."""
    return [str(g) for g in spaces.elements_in_spaces(index, guids, bounding=bounding)]


def storeys_of(index: ModelIndex, guids: list[str]) -> list[str]:
    """Storey GlobalIds of the spaces, in storey order, each once."""
    return [str(g) for g in spaces.storeys_of(index, guids)]


# -- qualifiers ------------------------------------------------------------------------------------
def wrap(q: qualifiers.QualifierMention, start: int | None = None, end: int | None = None) -> Qualifier:
    """The adapter's view of a resolver mention (every field kept)."""
    return Qualifier(q.term, q.start if start is None else start, q.end if end is None else end, str(q.path),
                     str(q.op), q.value, q.unit, str(q.how), raw=q, note=q.note, paths=list(q.paths))


def find_qualifiers(index: ModelIndex, text: str, ifc_classes: list[str], context: str | None = None
                    ) -> list[Qualifier]:
    """Property/attribute conditions in ``text`` for elements of ``ifc_classes`` (``context``: ``text`` before
    other passes masked words in it)."""
    return [wrap(q) for q in qualifiers.find_qualifiers(index, text, ifc_classes, context)]


def for_kinds(index: ModelIndex, found: list[Qualifier], filters: list[ClassFilter]) -> list[Qualifier]:
    """``found`` with each dimension read again on the elements the class filters select, when the property read
    on their whole classes is one none of them records (:func:`ifcqa.spatial.qualifiers.for_elements`)."""
    if not filters or not any(q.raw is not None and q.raw.dimension is not None for q in found):
        return found
    classes = [c for f in filters for c in f.classes]
    elements = [e for e in qualifiers.elements_of(index, classes) if any(matches(index, e, f) for f in filters)]
    out = []
    for q in found:
        again = qualifiers.for_elements(index, q.raw, elements) if q.raw is not None else None
        out.append(q if again is None or again is q.raw else wrap(again))
    return out


def apply_qualifier(index: ModelIndex, q: Qualifier, guids: list[str]) -> list[str]:
    """The GlobalIds among ``guids`` that satisfy ``q``."""
    if q.raw is None:
        raise ValueError(f"qualifier {q.term!r} has no resolver mention to apply")
    return [str(g) for g in qualifiers.apply(index, q.raw, guids)]


def describe(q: Qualifier) -> str:
    """``Pset_DoorCommon.IsExternal = TRUE``, ``OverallWidth > 1000 mm``."""
    if q.raw is None:
        raise ValueError(f"qualifier {q.term!r} has no resolver mention to describe")
    return str(qualifiers.describe(q.raw))


# -- measures --------------------------------------------------------------------------------------
def find_measure(index: ModelIndex, text: str, ifc_classes: list[str]) -> Measure | None:
    """The quantity aggregate ``text`` asks for, or ``None``."""
    m = measures.find_measure(index, text, ifc_classes)
    return None if m is None else Measure(m.term, m.start, m.end, str(m.quantity), str(m.op), raw=m)


def measure_spans(m: Measure, text: str, held: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The character spans of ``text`` a measure consumed (its op word and quantity words; ``held``: the words of
    the model's quantity names, read with them, :func:`ifcqa.spatial.quantity_reading.consumed`)."""
    out = []
    for word in dict.fromkeys(m.term.split()):
        if not quantity_reading.consumed(word, held) and quantity_reading.near_reading(word) is None:
            continue  # "how much heated floor area": 'heated' narrows the question; left unread, so it is named
        for found in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text[m.start: m.end]):
            out.append((m.start + found.start(), m.start + found.end()))
    return out or [(m.start, m.end)]


def model_unit(index: ModelIndex, m: Measure) -> str | None:
    """The model's unit symbol for the kind of ``m``'s quantity (``m²`` for an area), or ``None``."""
    return measures.model_unit(index, m.quantity)


def unit_factor(index: ModelIndex, symbol: str) -> float | None:
    """The factor to SI of a unit symbol (:func:`ifcqa.spatial.qualifiers.unit_factor`)."""
    return qualifiers.unit_factor(index, symbol)


def aggregate(index: ModelIndex, guids: list[str], m: Measure) -> Aggregate:
    """The aggregate of ``m`` over the elements ``guids`` (:func:`ifcqa.spatial.measures.aggregate`: quantity sets,
    else attributes, else bounding boxes), with every field (``total``, ``missing``, ``chosen``, ``paths``)."""
    if m.raw is None:
        raise ValueError(f"measure {m.term!r} has no resolver mention to aggregate")
    return measures.aggregate(index, guids, m.raw, m.op)
