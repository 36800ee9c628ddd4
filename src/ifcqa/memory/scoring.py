"""Deterministic scores: retrieval relevance, key-fact coverage, answer correctness.

* **Relevance**: a retrieved item comes from a seeded session.
* **Key-fact coverage**: every key fact's value and unit are present in what was retrieved (a number
  within :data:`TOLERANCE` with its unit written in one of its forms, or the anchor as said; a text
  value as written, ignoring case, spaces and hyphens).
* **Answer correctness**: the gold value (and unit) in the answer, by the same rule: numbers within
  2% (the paper's tolerance), units in any of their written forms.
"""

from __future__ import annotations

import re

from ifcqa.memory.base import MemoryHit, hit_text
from ifcqa.memory.tasks import Gold, KeyFact, Task

TOLERANCE = 0.02
UNIT_FORMS: dict[str, tuple[str, ...]] = {
    "min": ("min", "minute", "ei"),
    "EUR/m²": (
        "eur/m²",
        "eur/m2",
        "€/m²",
        "€/m2",
        "eur per m²",
        "eur per m2",
        "euro per square metre",
        "euros per square metre",
        "eur per square metre",
    ),
    "W/m²K": ("w/m²k", "w/m2k", "w/(m²k)", "w/(m²·k)", "w/m²·k", "w/(m2k)"),
    "EUR": ("eur", "€", "euro"),
    "m²": ("m²", "m2", "square metre"),
}
_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?")


UNIT_WINDOW = 16  # characters around a number where its unit must be written


def numbers(text: str) -> list[tuple[float, int, int]]:
    """Every number written in ``text`` ("8,950.12", "8 950.12", "0.9") with its start and end."""
    out = []
    for m in _NUMBER.finditer(text):
        try:
            out.append((float(m.group(0).replace(",", "").replace(" ", "")), m.start(), m.end()))
        except ValueError:
            continue
    return out


def _fold(text: str) -> str:
    return re.sub(r"[\s\-_]+", " ", text.casefold()).strip()


def has_unit(text: str, unit: str | None) -> bool:
    """Whether ``unit`` is written in ``text`` in one of its forms (as a word, not inside another word)."""
    if not unit:
        return True
    folded = text.casefold()
    return any(
        re.search(rf"(?<![a-z]){re.escape(form)}(?![a-z])", folded) for form in UNIT_FORMS.get(unit, (unit.casefold(),))
    )


def has_value(text: str, value: float | str, unit: str | None) -> bool:
    """Whether ``text`` states ``value`` (a number within 2%, its unit written next to it)."""
    if isinstance(value, str):
        return _fold(value) in _fold(text)
    for number, start, end in numbers(text):
        near = text[max(0, start - UNIT_WINDOW) : end + UNIT_WINDOW]
        if abs(number - value) <= TOLERANCE * abs(value) and has_unit(near, unit):
            return True
    return False


def covers(text: str, fact: KeyFact) -> bool:
    return _fold(fact.anchor) in _fold(text) or has_value(text, fact.value, fact.unit)


def retrieval_scores(task: Task, hits: list[MemoryHit]) -> dict[str, object]:
    seeded = set(task.metadata.get("seeded_sessions", []))
    key_sessions = {f.session for f in task.key_facts}
    text = hit_text(hits)
    covered = [f.id for f in task.key_facts if covers(text, f)]
    return {
        "relevant": any(set(h.sessions) & seeded for h in hits),
        "key_session_retrieved": any(set(h.sessions) & key_sessions for h in hits),
        "covered": len(covered) == len(task.key_facts),
        "key_facts_covered": covered,
        "superseded_retrieved": [f.id for f in task.superseded if _fold(f.anchor) in _fold(text)],
        "hits": len(hits),
        "retrieved_chars": len(text),
    }


def answer_correct(answer: str | None, gold: Gold) -> bool:
    """The deterministic answer check: the gold value (and unit) is in the answer."""
    return bool(answer) and has_value(answer or "", gold.value, gold.unit)
