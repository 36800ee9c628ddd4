"""Deterministic scores: retrieval relevance, key-fact coverage, answer correctness.

* **Relevance**: a retrieved item comes from a seeded session.
* **Key-fact coverage**: every key fact's value and unit are present in what was retrieved (a number
  within :data:`TOLERANCE` with its unit written in one of its forms, or the anchor as said; a text
  value as written, ignoring case, spaces and hyphens).
  On a revision task, a hit stating a superseded value (and not the current one) ranked ahead of the
  first hit stating the current value is a failure: a reader takes the first value it meets.
* **Answer correctness**: the gold value (and unit) in the answer, by the same rule: numbers within
  2% (the paper's tolerance), units in any of their written forms; refused when every mention of the
  gold is negated ("not phase 3"), when the answer also states another value in the gold's unit ("EI 30
  or EI 60"), or a superseded value it does not negate.

Every system is scored on what fits one retrieval budget in characters (:func:`fit_budget`, default
:data:`DEFAULT_BUDGET`), the full-context oracle included; what it covers without the budget is kept
apart (``retrieval_unbudgeted``) and reported as the oracle it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ifcqa.memory.base import MemoryHit, hit_text
from ifcqa.memory.tasks import Gold, KeyFact, Task

TOLERANCE = 0.02
DEFAULT_BUDGET = 2000  # characters of retrieved text every system is scored on
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


SEPARATOR = 2  # hit_text joins hits with a blank line


def fit_budget(hits: Sequence[MemoryHit], budget: int | None) -> list[MemoryHit]:
    """The hits a reader sees within ``budget`` characters of :func:`hit_text`, in rank order.

    The hit that crosses the budget is cut (its start kept; a chronological context, ``meta["order"] ==
    "chronological"`` as the full-context oracle's, keeps its newest end, as its window does) and marked
    ``meta["cut_to_budget"]``; later hits are dropped. ``None``: no budget.
    """
    if budget is None:
        return list(hits)
    out: list[MemoryHit] = []
    used = 0
    for hit in hits:
        room = budget - used - (SEPARATOR if out else 0)
        if room <= 0:
            break
        if len(hit.text) <= room:
            out.append(hit)
            used += len(hit.text) + (SEPARATOR if len(out) > 1 else 0)
            continue
        newest = hit.meta.get("order") == "chronological"
        text = hit.text[-room:] if newest else hit.text[:room]
        sessions = [s for s in hit.sessions if f"Session {s} " in text] if newest else hit.sessions
        if newest and not sessions and hit.sessions:
            sessions = hit.sessions[-1:]
        out.append(replace(hit, text=text, sessions=sessions, meta={**hit.meta, "cut_to_budget": True}))
        break
    return out


def stale_ahead(task: Task, hits: Sequence[MemoryHit]) -> list[str]:
    """The superseded facts a hit states ahead of the first hit stating the current value (and not it).

    A superseded fact is compared with the key facts of its attribute (all key facts when none shares
    it); a hit that states both (a revision: "stop using the 45, go with the 60") counts as current.
    """
    out = []
    for old in task.superseded:
        current = [f for f in task.key_facts if f.attribute == old.attribute] or task.key_facts
        first_current = next(
            (i for i, h in enumerate(hits) if any(covers(h.text, f) for f in current)), len(hits)
        )
        if any(covers(h.text, old) for h in hits[:first_current]):
            out.append(old.id)
    return out


def retrieval_scores(task: Task, hits: Sequence[MemoryHit]) -> dict[str, object]:
    seeded = set(task.metadata.get("seeded_sessions", []))
    key_sessions = {f.session for f in task.key_facts}
    text = hit_text(list(hits))
    covered = [f.id for f in task.key_facts if covers(text, f)]
    stale = stale_ahead(task, hits)
    return {
        "relevant": any(set(h.sessions) & seeded for h in hits),
        "key_session_retrieved": any(set(h.sessions) & key_sessions for h in hits),
        "covered": len(covered) == len(task.key_facts) and not stale,
        "key_facts_covered": covered,
        "superseded_retrieved": [f.id for f in task.superseded if covers(text, f)],
        "superseded_ahead": stale,
        "hits": len(hits),
        "retrieved_chars": len(text),
    }


_NEGATION = re.compile(
    r"(?<![a-z])(?:not|no|never|without|instead of|rather than|no longer|excluding|except|previously|"
    r"formerly|replaced|superseded|scrapped|dropped|n't)(?![a-z])[^.;:,]{0,16}$"
)


def _negated(text: str, start: int) -> bool:
    """Whether the words just before ``start`` negate it: a cue ("not", "instead of", "no longer"...) at most
    16 characters before it in the same clause (no ``.,;:`` between)."""
    return bool(_NEGATION.search(text[max(0, start - 40) : start].casefold()))


def unit_of(text: str, start: int, end: int) -> str | None:
    """The unit a number at ``text[start:end]`` is written with: right after it ("60 min", "52 EUR/m²"),
    or "EI" right before it for minutes; the longest form wins, so "EUR/m²" is not "EUR"."""
    after = text[end : end + 24].casefold().lstrip()
    best: tuple[int, str] | None = None
    for unit, forms in UNIT_FORMS.items():
        for form in (*forms, unit.casefold()):
            if form == "ei":
                continue
            fits = after.startswith(form) and not after[len(form) : len(form) + 1].isalpha()
            if fits and (best is None or len(form) > best[0]):
                best = (len(form), unit)
    if best is not None:
        return best[1]
    if re.search(r"(?<![a-z])ei\s?$", text[max(0, start - 4) : start].casefold()):
        return "min"
    return None


def answer_correct(answer: str | None, gold: Gold, superseded: Sequence[KeyFact] = ()) -> bool:
    """The deterministic answer check: the gold value (and unit) is in the answer, not negated, and the
    answer states no other value in the gold's unit and no superseded value it does not negate."""
    if not answer or not has_value(answer, gold.value, gold.unit):
        return False
    if isinstance(gold.value, str):
        folded, target = _fold(answer), _fold(gold.value)
        spots = [m.start() for m in re.finditer(re.escape(target), folded)]
        if spots and all(_negated(folded, s) for s in spots):
            return False
    else:
        spots = []
        for number, start, end in numbers(answer):
            same = abs(number - gold.value) <= TOLERANCE * abs(gold.value)
            unit = unit_of(answer, start, end)
            if same:
                spots.append(start)
            elif gold.unit and unit == gold.unit and not _negated(answer, start):
                return False  # another value in the gold's unit: a list of candidates, or a contradiction
        if spots and all(_negated(answer, s) for s in spots):
            return False
    for old in superseded:
        folded = _fold(answer)
        anchor = _fold(old.anchor)
        at = folded.find(anchor) if anchor else -1
        if at >= 0 and not _negated(folded, at):
            return False
        if isinstance(old.value, str) and old.value != gold.value:
            at = folded.find(_fold(old.value))
            if at >= 0 and not _negated(folded, at) and _fold(old.value) not in _fold(str(gold.value)):
                return False
    return True
