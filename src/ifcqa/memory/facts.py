"""Fact extraction from ingested session text: every statement, by rules, or by an LLM when one is configured.

Statements (the default, no model; ``StatementExtractor``): every sentence of the user turns and the
assistant's answers is a fact in its own words, value and unit read where they can be, nothing dropped
(:mod:`ifcqa.memory.statements`, the IFC-aware memory's reading), so that the memories compare on
retrieval, not on which sentences survive ingestion.

Rules (``--extract rules``, the earlier default, kept for comparison): a fact is a sentence that states
something durable (a decision, a requirement, a rate, a convention, a revision, an exclusion:
:data:`DURABLE` cues, or a number with a unit) and is not a question. Its value and unit are read by
patterns (``EI 60``, ``85 EUR/m²``, ``0.9 W/m²K``, ``prefix QX4-``, ``phase 2``). A sentence with a
revision cue (:data:`REVISION`) marks the fact as an update of an earlier one.

LLM (``LLMExtractor``): one chat request per session asks for JSON facts; a reply that is not usable
falls back to every statement of that session (counted in ``fallbacks``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from ifcqa.memory.tasks import Session

DURABLE = (
    "agreed",
    "decision",
    "decided",
    "chosen",
    "chose",
    "must",
    "need",
    "needs",
    "required",
    "spec",
    "strategy",
    "convention",
    "prefix",
    "deferred",
    "phase",
    "out of scope",
    "not in this phase",
    "rate",
    "budget",
    "priced",
    "revised",
    "update",
    "replaces",
    "change of plan",
    "target",
    "client",
    "rated",
    "get ",
    "only need",
    "keep",
    "use the",
    "will ",
    "moves to",
    "should",
)
REVISION = ("revised", "replaces", "no longer", "change of plan", "now reach", "instead of", "changed to")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
_VALUE_PATTERNS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"\bEI\s?(\d+)\b"), "min"),
    (re.compile(r"(\d+(?:\.\d+)?)\s?(?:EUR|€)\s?(?:/|per)\s?m(?:²|2)"), "EUR/m²"),
    (re.compile(r"(\d+(?:\.\d+)?)\s?W/m(?:²|2)K"), "W/m²K"),
    (re.compile(r"(\d+(?:\.\d+)?)\s?(m²|m2|mm|cm|m|min|%|kg|kN)\b"), None),
]
_PREFIX = re.compile(r"prefix\s+([A-Z0-9]{1,5}-)")
_PHASE = re.compile(r"\b(phase\s+\d+)\b", re.IGNORECASE)


@dataclass
class Fact:
    """One extracted fact."""

    text: str
    session: str
    at: str  # when it was said (the turn's timestamp)
    role: str
    value: float | str | None = None
    unit: str | None = None
    revision: bool = False
    subject: str | None = None  # what it is about (LLM extraction)
    attribute: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def read_value(text: str) -> tuple[float | str | None, str | None]:
    """The value and unit a sentence states, by the patterns above (first match wins)."""
    for pattern, unit in _VALUE_PATTERNS:
        m = pattern.search(text)
        if m:
            return float(m.group(1)), unit or m.group(2)
    for pattern in (_PREFIX, _PHASE):
        m = pattern.search(text)
        if m:
            return m.group(1), None
    return None, None


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.replace("\n", " ")) if s.strip()]


def is_durable(sentence: str) -> bool:
    lowered = sentence.casefold()
    if sentence.rstrip().endswith("?"):
        return False
    if any(cue in lowered for cue in DURABLE):
        return True
    value, unit = read_value(sentence)
    return value is not None and unit is not None


def rule_facts(session: Session) -> list[Fact]:
    """The durable sentences of every turn of ``session`` (tool outputs: never; they are model data)."""
    out: list[Fact] = []
    for turn in session.turns:
        if not turn.content or turn.role == "tool":
            continue
        for sentence in split_sentences(turn.content):
            if is_durable(sentence):
                value, unit = read_value(sentence)
                revision = any(cue in sentence.casefold() for cue in REVISION)
                out.append(Fact(sentence, session.id, turn.at, turn.role, value, unit, revision))
    return out


class Extractor(Protocol):
    name: str

    def facts(self, session: Session) -> list[Fact]: ...


class RuleExtractor:
    name = "rules"

    def facts(self, session: Session) -> list[Fact]:
        return rule_facts(session)


EXTRACT_PROMPT = (
    "You extract durable project facts from a chat session about a building project (specifications, client "
    "decisions, conventions, cost rates, revisions, exclusions). Ignore questions and model query results. "
    'Reply with JSON only: {"facts": [{"fact": "self-contained sentence", "subject": "what it is about", '
    '"attribute": "what property", "value": "exact value", "unit": "unit or null", "revision": true|false}]}.'
)


def statement_facts(session: Session) -> list[Fact]:
    """Every statement of ``session`` as a fact (:func:`ifcqa.memory.statements.read_statements`): nothing dropped.

    Each sentence of the user turns and the assistant's answers is kept in its own words (a question answered
    in the same turn is one statement with its answer), with the value, unit and attribute read where they can
    be; a sentence that retracts something ("stop using the 45") or carries a revision cue is marked as a
    revision. Tool outputs are model data, never facts.
    """
    from ifcqa.memory.statements import read_statements

    return [
        Fact(s.text, s.session, s.at, s.role, s.value, s.unit,
             bool(s.retracts) or any(cue in s.text.casefold() for cue in REVISION), None, s.attribute)
        for s in read_statements(session)
    ]  # fmt: skip


class StatementExtractor:
    """Every statement kept (the default for the vector and graph memories, as for the IFC-aware one)."""

    name = "statements"

    def facts(self, session: Session) -> list[Fact]:
        return statement_facts(session)


class LLMExtractor:
    """Facts extracted by a chat model (one request per session); rules when the reply is not usable."""

    name = "llm"

    def __init__(self, client: Any) -> None:
        self.client = client
        self.calls = 0
        self.fallbacks = 0

    def facts(self, session: Session) -> list[Fact]:
        text = "\n".join(f"{t.role}: {t.content}" for t in session.turns if t.content)
        if not text:
            return []
        self.calls += 1
        at = session.turns[0].at if session.turns else session.started_at
        try:
            reply = self.client.complete(
                [{"role": "system", "content": EXTRACT_PROMPT}, {"role": "user", "content": text}],
                temperature=0,
                max_tokens=1024,
            )
            parsed = _json_object(reply.content)
            facts = []
            for item in parsed["facts"]:
                sentence = str(item["fact"]).strip()
                if not sentence:
                    continue
                value, unit = item.get("value"), item.get("unit")
                number = _number(value)
                facts.append(
                    Fact(
                        sentence,
                        session.id,
                        at,
                        "llm",
                        number if number is not None else (str(value) if value else None),
                        str(unit) if unit else None,
                        bool(item.get("revision")),
                        item.get("subject"),
                        item.get("attribute"),
                    )
                )
            return facts
        except Exception:  # noqa: BLE001 - any unusable reply (transport, JSON, shape): every statement is kept
            self.fallbacks += 1
            return statement_facts(session)


def _json_object(text: str) -> dict[str, Any]:
    start, end = text.find("{"), text.rfind("}")
    data = json.loads(text[start : end + 1])
    if not isinstance(data, dict) or not isinstance(data.get("facts"), list):
        raise ValueError("no facts list")
    return data


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).replace(",", "."))
    except ValueError:
        return None
