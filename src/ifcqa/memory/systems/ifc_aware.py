"""IFC-aware memory: facts with value, unit, validity time and links to the model's entities.

Each extracted fact is stored with its value and unit, ``valid_from`` (when it was said), ``valid_to``
(when a later fact about the same attribute, the same entities and the same subject superseded it: the
latest wins; "the same subject": the statements share 80% of their words, a fifth for a revision),
its attribute concept (fire rating, U-value, cost rate, finish, naming prefix, phase) and its links
resolved against the model index (:mod:`ifcqa.memory.linking`: storeys, class groups, room types,
spaces, types, materials). A query is linked the same way, so "the doors on Dachgeschoss" finds the
fact said about "the upper-floor doors". Ranking: the attribute matches (+4, another attribute -2);
storeys, classes, room types and materials that both name must agree (+3/+2/+3/+3) or the fact is
pushed down (-3/-2/-3/-3); BM25 over the statements breaks ties (+ up to 1). Superseded facts are never returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ifcqa.index.model_index import ModelIndex
from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.facts import Fact
from ifcqa.memory.linking import Linker, Links, attributes
from ifcqa.memory.systems.lexical import Lexical
from ifcqa.memory.tasks import Session
from ifcqa.retrieval.hybrid import tokenize

SAME_OVERLAP = 0.8  # a restatement with another value supersedes an older fact about the same entities
REVISED_OVERLAP = 0.2  # a revision ("revised", "replaces", "no longer"...) needs less

_LINKERS: dict[str, Linker] = {}


def linker_for(index: ModelIndex) -> Linker:
    """One linker per model (keyed by the file's SHA-256)."""
    key = index.data.source.sha256
    if key not in _LINKERS:
        _LINKERS[key] = Linker(index)
    return _LINKERS[key]


@dataclass
class IfcFact:
    fact: Fact
    attribute: str | None
    links: Links
    sessions: list[str] = field(default_factory=list)
    valid_to: str | None = None

    def signature(self) -> tuple[object, ...]:
        return (
            self.attribute,
            frozenset(self.links.storeys),
            frozenset(self.links.classes),
            frozenset(self.links.rooms),
        )


class IfcAwareMemory:
    name = "ifc-aware"

    def __init__(self, context: MemoryContext) -> None:
        self.index = context.index
        self.extractor = context.extractor
        self.linker = linker_for(context.index)
        self.facts: list[IfcFact] = []
        self.lexical = Lexical()
        self.superseded = 0

    def ingest(self, session: Session) -> None:
        for fact in self.extractor.facts(session):
            found = attributes(fact.text)
            if not found or fact.attribute in found:
                attribute = fact.attribute
            else:
                attribute = next(iter(found)) if len(found) == 1 else _main_attribute(fact, found)
            stored = IfcFact(fact, attribute, self.linker.link(fact.text), [fact.session])
            for old in self.facts:
                if old.valid_to is None and attribute is not None and old.signature() == stored.signature():
                    if _overlap(old.fact.text, fact.text) < (REVISED_OVERLAP if fact.revision else SAME_OVERLAP):
                        continue  # same attribute and entities, another subject ("screed" vs "floor finish")
                    if old.fact.value == fact.value:
                        old.sessions.append(fact.session)  # said again: one fact, several sessions
                        break
                    old.valid_to = fact.at  # the latest wins
                    self.superseded += 1
            else:
                self.facts.append(stored)
                self.lexical.add(fact.text)

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        q_links = self.linker.link_query(query)
        q_attributes = attributes(query)
        lexical = self.lexical.scores(query)
        top_lexical = max(lexical, default=0.0) or 1.0
        scored = []
        for i, stored in enumerate(self.facts):
            if stored.valid_to is not None:
                continue
            score = lexical[i] / top_lexical
            if q_attributes and stored.attribute is not None:
                score += 4 if stored.attribute in q_attributes else -2
            score += _agree(q_links.storeys, stored.links.storeys, 3)
            score += _agree(q_links.classes, stored.links.classes, 2)
            score += _agree(q_links.rooms, stored.links.rooms, 3)
            score += _agree(q_links.materials, stored.links.materials, 3)
            if score > 0:
                scored.append((score, i))
        scored.sort(key=lambda p: (-p[0], -p[1]))  # ties: the newer fact first
        return [self._hit(self.facts[i], s) for s, i in scored[:k]]

    def _hit(self, stored: IfcFact, score: float) -> MemoryHit:
        f = stored.fact
        value = f" | value: {f.value:g}" if isinstance(f.value, float) else f" | value: {f.value}" if f.value else ""
        unit = f" {f.unit}" if f.unit else ""
        links = stored.links.describe(self.index)
        text = f"{f.text}{value}{unit} | valid from {f.at[:10]}" + (f" | concerns: {links}" if links else "")
        return MemoryHit(text, list(stored.sessions), score, {"attribute": stored.attribute})


def _overlap(a: str, b: str) -> float:
    """Jaccard overlap of two statements' words (numbers left out)."""
    wa, wb = ({t for t in tokenize(x) if not t.isdigit()} for x in (a, b))
    return len(wa & wb) / len(wa | wb) if wa | wb else 0.0


def _agree(query: set[str], fact: set[str], weight: int) -> int:
    if not query or not fact:
        return 0
    return weight if query & fact else -weight


def _main_attribute(fact: Fact, found: set[str]) -> str:
    """The attribute a fact with several cues states: the one its unit or value belongs to."""
    by_unit = {"min": "fire_rating", "W/m²K": "u_value", "EUR/m²": "cost_rate"}
    if fact.unit in by_unit and by_unit[fact.unit] in found:
        return by_unit[fact.unit]
    if isinstance(fact.value, str):
        if fact.value.casefold().startswith("phase") and "phase" in found:
            return "phase"
        if fact.value.endswith("-") and "naming_prefix" in found:
            return "naming_prefix"
    for preferred in ("supplier", "floor_finish", "naming_prefix", "phase", "fire_rating", "u_value", "cost_rate"):
        if preferred in found:
            return preferred
    return sorted(found)[0]


@memory_system("ifc-aware")
def make_ifc_aware(context: MemoryContext) -> IfcAwareMemory:
    return IfcAwareMemory(context)
