"""Aggregates as people phrase them (round 13, agg13): which set an aggregate runs over when a room FUNCTION word
names it.

"how big is the kitchen?" asks the size of ONE room. Where the scope holds several spaces the word names (the Duplex
has a kitchen in each unit), summing them answers "how big are the kitchens together" - a broader question than the
one asked, given with confidence. A function word said in the singular after a definite determiner (the word as the
room vocabulary holds it, not its plural: "the kitchen", "die Küche", "our meeting room"), with no word asking for
all of them together or each of them (``data/aggregate_phrasing.json``: total, combined, together, both, each, all,
insgesamt, zusammen ...), presumes one room: the measure declines, naming the rooms and how to ask for one, their
total or each.

The plural ("the kitchens", "how much space do the offices take up"), an explicit total ("total area of the
bedroom(s)"), a mean ("average bedroom size") and a superlative ("the largest bedroom") are aggregates over the set
and are left to the measure as before.

>>> presumes_one("how big is the kitchen?", "kitchen", 2)
True
>>> presumes_one("how much corridor area is there on level 2", "corridor", 3)
False
>>> presumes_one("total floor area of the kitchens", "kitchens", 2)
False
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial.spaces import fold

if TYPE_CHECKING:
    from ifcqa.spatial.execute import Hit
    from ifcqa.spatial.plan import Plan


@functools.cache
def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/aggregate_phrasing.json").read_text("utf-8"))
    return data


def _folded(words: list[str]) -> frozenset[str]:
    return frozenset(" ".join(fold(w).split()) for w in words)


def asks_extreme_value(op_phrase: str, gap: int) -> bool:
    """Whether a sum's question words (``op_phrase``, folded: "how much", "how many m2") followed ``gap`` words later
    by a superlative ask the extreme one's value: "how much floor area does the largest room have" is the largest
    room's floor area, never the total of all rooms."""
    return op_phrase in _folded(_raw()["asked_sums"]) and gap <= int(_raw()["asked_gap"])


@functools.cache
def _over_all() -> re.Pattern[str]:
    raw = _raw()
    words = sorted({" ".join(fold(w).split()) for w in raw["over_all"]}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, w.split())) for w in words) + r")(?!\w)")


@functools.cache
def _singular_words() -> frozenset[str]:
    """The room vocabulary's words (``data/space_functions.json``): singular forms, folded."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/space_functions.json").read_text("utf-8"))
    out: set[str] = set()
    for entry in raw["functions"].values():
        if isinstance(entry, dict):
            out.update(" ".join(fold(w).split()) for w in entry.get("words", []))
    return frozenset(out)


def presumes_one(question: str, term: str, n: int) -> bool:
    """Whether the room word ``term`` of ``question`` presumes one room where ``n`` spaces are named so."""
    if n < 2:
        return False
    said = " ".join(fold(term).split())
    if said not in _singular_words() or said.endswith("toiletten"):
        return False  # a plural, a name or number ("Buero" of a name list is the name resolver's), not a function
    folded = " ".join(fold(question).split())
    if re.search(rf"\b(?:{_DEFINITE})\s+{re.escape(said)}\b", folded) is None:
        return False  # "how much corridor area", "m² of office space": the word says a kind, not one room
    return _over_all().search(folded) is None


_DEFINITE = "the|this|that|our|my|your|its|their|die|der|das|den|dem|des|unsere|unser|meine|mein"


def one_presumed(question: str, terms: list[str], names: list[str], op: str, superlative: bool) -> str | None:
    """The reason to decline a measure of ``names`` (the spaces asked, as the answer names them) asked by the room
    words ``terms``, or None when the question asks for an aggregate over them (or there is one)."""
    if op != "sum" or superlative or len(terms) != 1 or not presumes_one(question, terms[0], len(names)):
        return None
    shown = "; ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"'the {terms[0]}' presumes one room, but {len(names)} spaces are named like {terms[0]!r} ({shown}); "
            "adding them up would answer a broader question")


def instead(term: str, example: str) -> str:
    return (f"Ask for one of them by its name or number ('{example}'), for their total ('the total area of every "
            f"{term}') or for each ('the area of each {term}').")


def check(plan: Plan, hits: list[Hit], op: str, superlative: bool,
          storey_name: Callable[[str | None], str | None]) -> tuple[str, str] | None:
    """(reason, what can be asked) when a measure of ``hits`` asks about one room a function word names and the
    scope holds several (see the module); else None. The one call of ``outcome._measured``."""
    subjects = [r for r in plan.rooms if r.role == "subject" and not r.negated and r.guids]
    if len(subjects) != 1 or len(plan.rooms) != 1:
        return None
    asked = set(subjects[0].guids)
    named = [h for h in hits if h.guid in asked]
    if len(named) != len(hits):
        return None
    names = [f"{h.name or h.guid}{f' ({s})' if (s := storey_name(h.storey)) else ''}" for h in named]
    reason = one_presumed(plan.question, [subjects[0].term], names, op, superlative)
    return None if reason is None else (reason, instead(subjects[0].term, named[0].name or named[0].guid))


_TAKE_UP = re.compile(r"\b(?:take|takes|taken|taking)\s+up\b")
_TAKE = re.compile(r"\b(?:take|takes|taken|taking)\b(?=\s*(?:up\b|[.?!,]|$))")


def take_up_spans(question: str, text: str, op: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (the parser's masked text) holding the verb of "the area the offices take up" when the
    question (normalised) says "take(s) up" of a sum or mean measure: the verb says the aggregate already read
    ("up" is a filler the parser masked before)."""
    if op not in ("sum", "mean") or _TAKE_UP.search(question) is None:
        return []
    return [(m.start(), m.end()) for m in _TAKE.finditer(text)]


_SPACE_ASKED = re.compile(r"\b(?:how\s+much|wie\s+viel)\s+(?:space|room|platz|raum)\b")
_SPACE_MASKED = re.compile(r"\b(?:how\s+much|wie\s+viel)\s(?P<gap>\s{4,5})(?=\s)")


def space_as_area(question: str, text: str) -> str:
    """The parser's masked ``text`` with "how much space" (the class word 'space' already read as the rooms asked)
    read as "how much area": the floor area of the rooms ("how much space do the offices take up", "wie viel Platz
    nehmen die Büros ein"). Same length, so offsets hold; unchanged unless the question (normalised) says it."""
    from ifcqa.spatial.measures import words  # measures imports this module

    asked = _SPACE_ASKED.search(question)
    if asked is None or words().quantity_pattern.match(question, asked.end() + 1) is not None:
        return text  # "how much room area": the quantity is said
    found = _SPACE_MASKED.search(text)
    if found is None:
        return text
    a, b = found.span("gap")
    return text[:a] + "area" + " " * (b - a - 4) + text[b:]
