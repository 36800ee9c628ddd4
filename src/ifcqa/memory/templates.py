"""Task drafts from scenario records: the invented project facts, the probe, the gold answer.

:func:`draft` turns one :class:`~ifcqa.memory.scenarios.Scenario` into a :class:`Draft` on a model: it
picks a subject the model has (:mod:`ifcqa.memory.subjects`), a value of the scenario's pattern, and
states the fact in one of the scenario's phrasings with one of the ways people refer to that subject
("the doors upstairs", "the bathrooms", "the 864-wide doors"). A task has 1-3 key facts: the scenario's
fact, and sometimes one or two more about the same subject from other scenarios (the probe then asks all
of them); any of them may first be said with an earlier value and revised later (said any way:
:data:`~ifcqa.memory.scenarios.REVISIONS`). The gold answer comes from the model through the live tool
call (the fact's value with the count, or the rate times the measured area or count). Near-miss
statements (the same scenario about other subjects, with other values) go into distractor sessions.

Every scenario is a template: :data:`TEMPLATES` maps each scenario's name to its draft function. Add one
in :mod:`ifcqa.memory.scenarios`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ifcqa.memory.modelfacts import ModelFacts
from ifcqa.memory.scenarios import AREA_WORK, REVISIONS, SCENARIOS, Scenario
from ifcqa.memory.subjects import Subject, area_of, build, candidates
from ifcqa.memory.tasks import EntityLink, Gold

REVISED_SHARE = 0.3  # how often a revisable fact is said first with an earlier value
FACTS_PER_TASK = (1, 1, 2, 2, 3)  # drawn per task (as far as the subject has companion scenarios)
NEAR_MISSES = 4


@dataclass
class FactDraft:
    statement: str
    value: float | str
    unit: str | None
    anchor: str
    attribute: str
    entities: list[EntityLink] = field(default_factory=list)
    links: dict[str, list[str]] = field(default_factory=dict)
    request: str = ""  # what the user asks the assistant in the session that says it
    call: tuple[str, dict[str, Any]] = ("list_storeys", {})  # the tool call answering ``request`` (run for real)
    topic: str = ""  # how a user asks the assistant to restate it
    scenario: str = ""


@dataclass
class Draft:
    template: str
    facts: list[FactDraft]
    probe: str
    gold: Gold
    request: str  # what the user asks the assistant in the seeded session
    call: tuple[str, dict[str, Any]]  # the tool call answering ``request`` (run for real)
    live: tuple[str, dict[str, Any]]  # the live query the probe needs
    topic: str  # how a user asks the assistant to restate the fact
    superseded: list[FactDraft] = field(default_factory=list)
    near_miss: list[str] = field(default_factory=list)
    revises: dict[int, int] = field(default_factory=dict)  # superseded position -> key fact position


Template = Callable[[ModelFacts, random.Random], "Draft | None"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bare(value: float | str) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _words(scenario: Scenario, subject: Subject, rng: random.Random, probe: bool = False) -> dict[str, str]:
    """The placeholders of a phrasing or probe for ``subject`` (the probe's names when ``probe``); a fact never
    names the subject the way the probe does ("the doors of type X" is not said when the probe asks for it)."""
    asked = [a.casefold() for a in subject.asks]
    says = [s for s in subject.says if not any(a in s.casefold() for a in asked)] or subject.says
    ref = rng.choice(says)
    wheres = subject.ask_wheres if probe else subject.wheres
    work = rng.choice(AREA_WORK.get(subject.ifc_class or "", ("the work",)))
    return {
        "subject": ref, "Subject": _cap(ref), "things": rng.choice(subject.asks),
        "where": rng.choice(wheres) if wheres else "", "work": work, "Work": _cap(work),
        "element": subject.element or "",
    }  # fmt: skip


def _say(scenario: Scenario, subject: Subject, value: float | str, rng: random.Random, avoid: set[str]) -> str:
    """One statement of ``scenario`` about ``subject`` with ``value`` (``{other}``: a value not in ``avoid``)."""
    others = [v for v in scenario.values if v != value and scenario.anchor_of(v).casefold() not in avoid]
    phrasings = [p for p in scenario.phrasings if "{other}" not in p or others]
    words = _words(scenario, subject, rng)
    other = scenario.anchor_of(rng.choice(others)) if others else ""
    return rng.choice(phrasings).format(anchor=scenario.anchor_of(value), other=other, **words)


def _fact(scenario: Scenario, subject: Subject, value: float | str, statement: str, rng: random.Random) -> FactDraft:
    words = _words(scenario, subject, rng)
    return FactDraft(
        statement, value, scenario.unit, scenario.anchor_of(value), scenario.attribute, subject.entities,
        subject.links, rng.choice(subject.request), subject.live, scenario.ask.format(**words), scenario.name,
    )  # fmt: skip


def _subject(scenario: Scenario, mf: ModelFacts, rng: random.Random) -> Subject | None:
    keys = candidates(scenario.subject, mf, scenario.classes)
    rng.shuffle(keys)
    for key in keys[:12]:
        subject = build(scenario.subject, mf, key, scenario.classes)
        if scenario.live == "area":
            area = area_of(mf, subject)
            if area is None:
                continue
            subject = area
        if scenario.live in ("count", "class_count", "type_count") and not subject.count:
            continue
        return subject
    return None


def _companions(scenario: Scenario, subject: Subject) -> list[Scenario]:
    """Other scenarios that can state a fact about the same subject (the probe then asks both)."""
    return [
        s
        for s in SCENARIOS
        if s.name != scenario.name and s.attribute != scenario.attribute and s.subject == subject.kind
        and s.gold == "value" and s.live != "area" and (not s.classes or subject.ifc_class in s.classes)
    ]  # fmt: skip


def _gold(scenario: Scenario, subject: Subject, value: float | str, things: str) -> Gold | None:
    anchor = scenario.anchor_of(value)
    if scenario.gold == "rate_x_area":
        assert subject.area is not None and isinstance(value, float)
        total = round(value * subject.area, 2)
        text = f"{total:.2f} EUR = {anchor} x {subject.area:.2f} m² ({subject.area_path} of {subject.ifc_class}"
        return Gold(total, "EUR", f"{text} {subject.wheres[0]})")
    if scenario.gold == "rate_x_count":
        assert subject.count and isinstance(value, float)
        total = round(value * subject.count, 2)
        return Gold(total, "EUR", f"{total:.2f} EUR = {anchor} x {subject.count} {things}")
    counted = f" for the {subject.count} {things}" if subject.count is not None else f" for {things}"
    return Gold(value, scenario.unit, f"{anchor} ({scenario.key}){counted}")


def draft(scenario: Scenario, mf: ModelFacts, rng: random.Random) -> Draft | None:
    """A task draft of ``scenario`` on the model (see the module docstring), or None when it has no subject."""
    subject = _subject(scenario, mf, rng)
    if subject is None:
        return None
    companions = _companions(scenario, subject)
    n = min(rng.choice(FACTS_PER_TASK), 1 + len(companions))
    chosen = [scenario, *rng.sample(companions, n - 1)]
    values = [rng.choice(s.values) for s in chosen]
    anchors = {s.anchor_of(v).casefold() for s, v in zip(chosen, values, strict=True)}
    facts: list[FactDraft] = []
    superseded: list[FactDraft] = []
    revises: dict[int, int] = {}
    for i, (s, value) in enumerate(zip(chosen, values, strict=True)):
        if s.revisable and rng.random() < REVISED_SHARE:
            old = rng.choice([v for v in s.values if v != value])
            superseded.append(_fact(s, subject, old, _say(s, subject, old, rng, anchors), rng))
            words = _words(s, subject, rng)
            if s.live == "area":
                words["subject"] = f"{words['work']} {words['where']}"
            statement = rng.choice(REVISIONS).format(old=_bare(old), anchor=s.anchor_of(value), **{
                k: v for k, v in words.items() if k != "Subject"}, Subject=_cap(words["subject"]))  # fmt: skip
            revises[len(superseded) - 1] = i
        else:
            statement = _say(s, subject, value, rng, anchors)
        facts.append(_fact(s, subject, value, statement, rng))
    probe_words = _words(scenario, subject, rng, probe=True)
    questions = [rng.choice(s.probes).format(**_words(s, subject, rng, probe=True) | {
        "things": probe_words["things"], "where": probe_words["where"]}) for s in chosen]  # fmt: skip
    probe = " ".join([questions[0], *(f"Also, {q[:1].lower()}{q[1:]}" for q in questions[1:])])
    gold = _gold(scenario, subject, values[0], probe_words["things"])
    if gold is None:
        return None
    if len(chosen) > 1:
        extra = "; ".join(f"{s.anchor_of(v)} ({s.key})" for s, v in zip(chosen[1:], values[1:], strict=True))
        gold = Gold(gold.value, gold.unit, f"{gold.text}; also {extra}")
    near = _near_misses(chosen, subject, mf, rng, anchors)
    first = facts[0]
    return Draft(
        scenario.name, facts, probe, gold, first.request, first.call, subject.live, first.topic,
        superseded=superseded, near_miss=near, revises=revises,
    )  # fmt: skip


def _near_misses(
    chosen: list[Scenario], subject: Subject, mf: ModelFacts, rng: random.Random, anchors: set[str]
) -> list[str]:
    """The chosen scenarios stated about other subjects of the same kind, with values the task's facts do not say."""
    out: list[str] = []
    for s in chosen:
        keys = [k for k in candidates(s.subject, mf, s.classes) if str(k) != subject.key and _key(k) != subject.key]
        for key in rng.sample(keys, min(len(keys), NEAR_MISSES)):
            other = build(s.subject, mf, key, s.classes)
            if s.live == "area" and not other.wheres:
                continue
            values = [v for v in s.values if not any(a in s.anchor_of(v).casefold() or s.anchor_of(v).casefold() in a
                                                     for a in anchors)]  # fmt: skip
            if not values:
                continue
            text = _say(s, other, rng.choice(values), rng, anchors)
            if not any(a in text.casefold() for a in anchors):
                out.append(text)
    return out


def _key(key: Any) -> str:
    return f"{key[0]}:{key[1]}" if isinstance(key, tuple) else str(key)


TEMPLATES: dict[str, Template] = {s.name: partial(draft, s) for s in SCENARIOS}
