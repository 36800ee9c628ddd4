"""Relation-verb bench (issue 22, round 10): answered questions with their relation re-expressed, generated.

    python bench/spatial/relations.py --bases-from RUN_ROOT   # refresh relation_bases.json from a score_all run
    python bench/spatial/relations.py [--ifc-dir ../shared/ifc] [--part a|b] [--check]
    python bench/spatial/relations.py --report RUN_DIR [--part a|b]   # per family and template, from a bench run

People relate things with many verbs and prepositions: "what door leads in there?", "door type used on the
1stFloor", "how many outlets are down there". This bench takes questions the parser answers (score 1.0 on main,
development sets only: nothing named ``*sixth_b*``, ``people_sixth.json``, ``*seventh_b*``, ``people_seventh.json``
or ``*eighth*`` is read) and re-expresses ONE relation of each with another verb or preposition of the same
relation. Its oracle is the base question's oracle (computed with plain IfcOpenShell by the base set's oracle
script); the relation does not change what is asked (metamorphic, like ``typos.py``).

**The taxonomy** (written first, from how people talk in e-mails, FM tickets, chat and non-native English; not
from the parser's vocabulary):

==============  =========================================================================================
family          re-expressions (templates, below)
==============  =========================================================================================
containment     located / installed / placed / fitted / mounted / housed / sitting / found / hung / put in
                on/in a storey or room; "can be found on"; particles "up on", "down on/in", "over on";
                "inside", "within"; the place first and "in there" / "up there" after it; relative clauses
                ("that are located on", "that sit in", "we have on")
boundary        doors / windows / walls OF a room: "lead into", "open onto / into", "give access to",
                "let you into", "connect to", "are the way into" (doors); "open onto / into" (windows);
                "enclose", "surround", "bound", "border" (walls)
typing          elements of a type: "that use type X", "specified as X", "built with type X", "made as type
                X"; the type asked: "which X type is specified / used on", "X type used on" (no verb of being)
existence       "how many X are there / exist / have we got on P", "how many X does P contain / hold /
                include / have / feature / come with", "does P contain / feature / include any X",
                "have we got any X on P", "do any X exist on P", "what X does P contain"
unsupported     (NEGATIVE, oracle decline) relations the parser does not compute, put where the base had its
                containment: "next to", "adjacent to", "near", "close to", "beside", "facing", "opposite",
                "above" / "below" / "under" a room (above/below a STOREY is a supported storey range and is not
                used), "that serve", "serving", "that feed", "feeding", "connected to the boiler"
==============  =========================================================================================

Answering an unsupported relation as plain containment would answer a broader question, so its oracle is a
decline (the premise: the relation word is no word of any string the model holds, checked like ``broaden.py``).

**Parts.** A seeded third of each family's templates is held back: ``relation_cases.json`` (part a, the
development part) draws the other two thirds; ``relation_cases_b.json`` (part b, scored only at the end) draws
the held-back templates, over a second seeded sample of bases. Generation is deterministic (seeded per base and
template).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generated_bench  # noqa: E402
from generated_bench import dumps  # noqa: E402
from generated_bench import seed as _seed  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
BASES = HERE / "relation_bases.json"
OUT = {"a": HERE / "relation_cases.json", "b": HERE / "relation_cases_b.json"}
PER_TEMPLATE = 6  # cases per template and part (fewer where fewer bases fit)
PER_BASE = 3  # at most this many cases from one base question, per part
PER_MODEL = 3  # at most this many cases per template from one model

# the development sets read for bases (score_all.sh's oracle-style sets; the held-out ones are not named here)
SETS = ("people", "people_third", "people_heldout", "people_fourth", "dev_round2", "dev_round3_filters",
        "dev_round3_lookup", "dev_round3_measure", "dev_round5_fourth", "dev_round5_gaps", "dev_round5_fifth",
        "dev_round6_rooms", "dev_round6_lookup", "people_fifth_a", "people_fifth_b", "dev_round7_lookup",
        "dev_round7_rooms", "dev_round7_measure", "people_sixth_a", "people_seventh_a", "dev_round9_compare")

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- places -----------------------------------------------------------------------------------------------

STOREY_WORDS = re.compile(
    r"^(?:the\s+)?(?:level|floor|storey|story|ground|basement|attic|roof|upper|lower|first|second|third|top|"
    r"1st|2nd|3rd|\d+(?:st|nd|rd|th)?\s*floor|erdgeschoss|obergeschoss|dachgeschoss|kellergeschoss|keller|"
    r"untergeschoss|geschoss|etage|ebene|stock|eg|og|dg|ug|kg|\d+\.?\s*og|\d+\.\s*obergeschoss|t/fdn)\b", re.I)
ROOM_WORDS = re.compile(
    r"^(?:the\s+|a\s+|an\s+)?(?:\w+\s+)?(?:room|rooms|rm|space|kitchen|kitchens|bathroom|bathrooms|bath|bedroom|"
    r"bedrooms|office|offices|corridor|hall|hallway|living|dining|storage|garage|wc|toilets?|lobby|laundry|"
    r"meeting|conference|küche|bad|büro|flur|wohnen|schlafen|zimmer|raum|gallery|galerie|stair\w*)\b", re.I)
STOP = _words("what which how many is are the a an there me show list give all of that who where any "
                 "does do it everything down up not used isn aren r")
# nouns that are a measure, not the elements placed: "the total room area on Level 2" is no containment of areas
MEASURE_NOUNS = _words("area areas thickness length volume height width perimeter elevation size floorspace "
                          "space number count total sum average mean")
# an "in"/"on" that is no place: "in total", "in m2", "in square feet", "on average"
NOT_PLACE = re.compile(r"^(?:total|m2|m²|m3|m³|mm|cm|square|cubic|meters|metres|average|each|terms|this\s+house|"
                       r"the\s+building|the\s+model|the\s+house|the\s+file|the\s+project|german|english)\b", re.I)
MEP = _words("pipes pipe ducts duct radiators radiator valves valve pumps pump terminals heaters heater fittings "
                "outlets receptacles lights lamps fixtures sensors")
LOWER = re.compile(r"basement|keller|untergeschoss|\bug\b|\bkg\b|-1|ground|erdgeschoss|\beg\b", re.I)
ROOM_NOUNS = _words("room rooms space spaces bathroom bathrooms bedroom bedrooms kitchen kitchens office offices "
                       "corridors toilets accessible ceiling ceilings")
SERVICE = MEP | _words("equipment switches boards units")
GERMAN = re.compile(r"\b(?:der|die|das|dem|den|zeig|alle|wie|welche[rsmn]?|im|gibt|sind|ist|mir|auf)\b", re.I)
HEATING = _words("pipes pipe radiators radiator valves valve pumps pump heaters heater")
HANGABLE = _words("doors door windows window lamps lights fixtures radiators radiator heaters")


@dataclass
class Place:
    kind: str  # "storey" | "room"
    text: str


class ModelWords:
    """The storey names, space names and every word of every string of one file (plain IfcOpenShell)."""

    def __init__(self, path: Path) -> None:
        f = ifcopenshell.open(str(path))
        self.storeys = [s.Name.lower() for s in f.by_type("IfcBuildingStorey") if isinstance(s.Name, str)]
        self.spaces: list[str] = []
        for s in f.by_type("IfcSpace"):
            for v in (s.Name, getattr(s, "LongName", None)):
                if isinstance(v, str) and v.strip():
                    self.spaces.append(v.lower())
        words: set[str] = set()
        for e in f:
            for value in e:
                if isinstance(value, str):
                    words.update(w.lower() for w in re.findall(r"[^\W\d_]+", value))
        self.words = frozenset(words)

    def place(self, text: str) -> Place | None:
        low = text.lower().strip()
        if NOT_PLACE.match(low):
            return None
        bare = re.sub(r"^the\s+", "", low)
        if any(bare.startswith(s) for s in self.storeys if len(s) >= 2) or STOREY_WORDS.match(low):
            return Place("storey", text)
        if ROOM_WORDS.match(low) or any(bare.startswith(s) for s in self.spaces if len(s) >= 3):
            return Place("room", text)
        return None


# --- templates --------------------------------------------------------------------------------------------

# a relation of containment: "<head> [are|is] [there] on|in <place>[?]"
CONTAIN = re.compile(r"^(?P<head>.*?\b(?P<noun>[^\W\d_]+))(?P<be>\s+(?:are|is))?(?P<there>\s+there)?"
                     r"\s+(?P<prep>on|in)\s+(?P<place>[^?!.]+?)\s*(?P<tail>[?!.]*)\s*$", re.I)
# the rooms' bounding elements: "doors|windows|walls of|in <room>"
BOUND = re.compile(r"^(?P<head>.*?\b(?P<noun>doors?|windows?|walls?))\s+(?P<prep>of|in)\s+(?P<place>[^?!.]+?)\s*"
                   r"(?P<tail>[?!.]*)\s*$", re.I)
OF_TYPE = re.compile(r"^(?P<head>.*?\b(?P<noun>[^\W\d_]+))\s+of\s+type\s+(?P<rest>.+)$", re.I)
TYPE_USED = re.compile(r"^(?P<q>which|what)\s+(?P<cls>[^\W\d_]+)\s+(?P<types>types?)\s+(?P<be>is|are)\s+used\s+"
                       r"(?P<prep>on|in)\s+(?P<place>[^?!.]+?)\s*(?P<tail>[?!.]*)\s*$", re.I)
TYPE_OF = re.compile(r"^(?P<q>what|which)\s+(?P<types>types?)\s+of\s+(?P<cls>[^\W\d_]+)\s+(?P<be>is|are)\s+"
                     r"(?P<verb>installed|used|there)\s+(?P<prep>on|in)\s+(?P<place>[^?!.]+?)\s*(?P<tail>[?!.]*)\s*$",
                     re.I)
COUNT = re.compile(r"^how\s+many\s+(?P<cls>(?:[^\W\d_]+\s+){0,2}[^\W\d_]+)\s+(?:are|is)(?:\s+there)?\s+"
                   r"(?P<prep>on|in)\s+(?P<place>[^?!.,]+?)\s*(?P<tail>[?!.]*)\s*$", re.I)
ANY = re.compile(r"^(?:are|is)\s+there\s+(?P<det>any|a|an)\s+(?P<cls>(?:[^\W\d_]+\s+){0,2}[^\W\d_]+)\s+"
                 r"(?P<prep>on|in)\s+(?P<place>[^?!.,]+?)\s*(?P<tail>[?!.]*)\s*$", re.I)
WHICH = re.compile(r"^(?P<q>which|what)\s+(?P<cls>(?:[^\W\d_]+\s+){0,2}[^\W\d_]+)\s+(?:are|is)\s+"
                   r"(?P<prep>on|in)\s+(?P<place>[^?!.,]+?)\s*(?P<tail>[?!.]*)\s*$", re.I)


@dataclass
class Template:
    family: str
    name: str
    make: Callable[[str, ModelWords], str | None]  # the base question -> the re-expressed question, or None
    decline: bool = False  # an unsupported relation: the oracle is a decline


class _Not:
    """Every noun but these (``-ROOM_NOUNS``)."""

    def __init__(self, words: frozenset[str]) -> None:
        self.words = words

    def __contains__(self, word: object) -> bool:
        return word not in self.words


NOT_ROOMS = _Not(ROOM_NOUNS)


def _placed(noun: str) -> bool:
    """Whether ``noun`` (the word before the relation) names elements that can be placed somewhere."""
    low = noun.lower()
    return len(low) >= 3 and low not in STOP and low not in MEASURE_NOUNS


def _short_place(text: str) -> bool:
    """A place that can be moved in front of the question: one storey or room, no list or comparison."""
    return len(text.split()) <= 4 and not re.search(r"\b(?:and|or|compared|than|vs)\b|[-,&]", text, re.I)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _contain(verb_be: str | None, verb_bare: str, *, places: tuple[str, ...] = ("storey", "room"),
             prep: str | None = None, nouns: frozenset[str] | _Not | None = None,
             lower: bool | None = None) -> Callable[[str, ModelWords], str | None]:
    """Replace "[are] on|in" before a place: ``verb_be`` after a verb of being ("are {v}"), ``verb_bare`` right
    after the noun; ``{p}`` is the base's preposition, or ``prep``."""

    def make(query: str, mw: ModelWords) -> str | None:
        m = CONTAIN.match(query)
        if m is None or not _placed(m.group("noun")):
            return None
        place = mw.place(m.group("place"))
        if place is None or place.kind not in places or (nouns is not None and m.group("noun").lower() not in nouns):
            return None
        if lower is not None and bool(LOWER.search(place.text)) != lower:
            return None
        p = prep or m.group("prep").lower()
        if m.group("be"):  # "are there on": "are installed on" (the "there" goes with the verb)
            if verb_be is None:
                return None
            rel = m.group("be") + " " + verb_be.format(p=p)
        else:
            rel = " " + verb_bare.format(p=p)
        return f"{m.group('head')}{rel} {m.group('place')}{m.group('tail')}"

    return make


def _in_there(query: str, mw: ModelWords) -> str | None:
    """The place first, then the question with "in there" / "up there" / "down there"."""
    m = CONTAIN.match(query)
    if m is None or not _placed(m.group("noun")) or not _short_place(m.group("place")):
        return None
    if not re.match(r"(?:how many|which|what|list|show)\b", query, re.I) or re.search(r"\bnot\b|n't", query):
        return None
    place = mw.place(m.group("place"))
    if place is None:
        return None
    low = place.text.lower()
    there = ("in there" if place.kind == "room" else
             "down there" if LOWER.search(low) else "up there")
    be = m.group("be") or ""
    return f"{_cap(place.text)} - {m.group('head')[:1].lower() + m.group('head')[1:]}{be} {there}?"


def _bound(phrase: str, nouns: tuple[str, ...]) -> Callable[[str, ModelWords], str | None]:
    def make(query: str, mw: ModelWords) -> str | None:
        m = BOUND.match(query)
        if m is None or not m.group("noun").lower().startswith(nouns):
            return None
        place = mw.place(m.group("place"))
        if place is None or place.kind != "room":
            return None
        plural = m.group("noun").lower().endswith("s")
        verb = phrase.split("|")[0 if plural else 1] if "|" in phrase else phrase
        return f"{m.group('head')} {verb} {m.group('place')}{m.group('tail')}"

    return make


def _of_type(phrase: str) -> Callable[[str, ModelWords], str | None]:
    def make(query: str, mw: ModelWords) -> str | None:
        m = OF_TYPE.match(query)
        if m is None or re.search(r"\b(?:not|n't|aren't|isn't)\b", m.group("head"), re.I):
            return None
        return f"{m.group('head')} {phrase} {m.group('rest')}"

    return make


def _type_used(verb: str, bare: bool = False) -> Callable[[str, ModelWords], str | None]:
    def make(query: str, mw: ModelWords) -> str | None:
        m = TYPE_USED.match(query)
        if m is not None:
            if bare:
                return f"{m.group('cls')} {m.group('types')} {verb} {m.group('prep')} {m.group('place')}"
            return (f"{m.group('q')} {m.group('cls')} {m.group('types')} {m.group('be')} {verb} {m.group('prep')} "
                    f"{m.group('place')}{m.group('tail')}")
        m = TYPE_OF.match(query)
        if m is not None:
            if bare:
                return f"{m.group('types')} of {m.group('cls')} {verb} {m.group('prep')} {m.group('place')}"
            return (f"{m.group('q')} {m.group('types')} of {m.group('cls')} {m.group('be')} {verb} {m.group('prep')} "
                    f"{m.group('place')}{m.group('tail')}")
        return None

    return make


def _count(form: str) -> Callable[[str, ModelWords], str | None]:
    """``form`` with {cls}, {p}, {place}: "how many {cls} does {place} contain"."""

    def make(query: str, mw: ModelWords) -> str | None:
        m = COUNT.match(query)
        if m is None or mw.place(m.group("place")) is None or m.group("cls").split()[0].lower() in STOP:
            return None
        if not _short_place(m.group("place")):
            return None
        out = form.format(cls=m.group("cls"), p=m.group("prep").lower(), place=m.group("place"))
        return (_cap(out) if query[:1].isupper() else out) + (m.group("tail") or "?")

    return make


def _any(form: str) -> Callable[[str, ModelWords], str | None]:
    def make(query: str, mw: ModelWords) -> str | None:
        m = ANY.match(query)
        if m is None or mw.place(m.group("place")) is None or not _short_place(m.group("place")):
            return None
        det = "any" if m.group("det").lower() == "any" else m.group("det")
        out = form.format(det=det, cls=m.group("cls"), p=m.group("prep").lower(), place=m.group("place"))
        return (_cap(out) if query[:1].isupper() else out) + "?"

    return make


def _which(form: str) -> Callable[[str, ModelWords], str | None]:
    def make(query: str, mw: ModelWords) -> str | None:
        m = WHICH.match(query)
        if m is None or mw.place(m.group("place")) is None or m.group("cls").split()[0].lower() in STOP:
            return None
        if not _short_place(m.group("place")):
            return None
        out = form.format(q=m.group("q"), cls=m.group("cls"), p=m.group("prep").lower(), place=m.group("place"))
        return (_cap(out) if query[:1].isupper() else out) + "?"

    return make


def _unsupported(rel: str, bare: str | None = None, *, places: tuple[str, ...] = ("room",),
                 nouns: frozenset[str] | _Not = NOT_ROOMS) -> Callable[[str, ModelWords], str | None]:
    """The base's containment replaced by a relation the parser does not compute (``rel`` before the place after
    a verb of being, ``bare`` right after the noun)."""
    words = re.findall(r"[^\W\d_]+", rel.lower() + " " + (bare or "").lower())

    def make(query: str, mw: ModelWords) -> str | None:
        if any(w in mw.words for w in words if w not in ("to", "the", "that", "are", "is", "by", "from")):
            return None  # the premise: the model's strings do not hold the relation's words
        m = CONTAIN.match(query)
        if m is None or not _placed(m.group("noun")):
            return None
        place = mw.place(m.group("place"))
        if place is None or place.kind not in places or m.group("noun").lower() not in nouns:
            return None
        relation = f"{m.group('be')} {rel}" if m.group("be") else f" {bare or rel}"
        return f"{m.group('head')}{relation} {m.group('place')}{m.group('tail')}"

    return make


def _connected(rel: str, nouns: frozenset[str]) -> Callable[[str, ModelWords], str | None]:
    """An MEP class's containment question plus a connection to equipment ("connected to the boiler")."""
    words = re.findall(r"[^\W\d_]+", rel.lower())

    def make(query: str, mw: ModelWords) -> str | None:
        if any(w in mw.words for w in words if w not in ("to", "the", "that", "are", "is", "by", "from")):
            return None
        m = CONTAIN.match(query)
        if m is None or m.group("noun").lower() not in nouns or mw.place(m.group("place")) is None:
            return None
        return f"{m.group('head')} {rel}{m.group('be') or ''} {m.group('prep')} {m.group('place')}{m.group('tail')}"

    return make


TEMPLATES: list[Template] = [
    # containment
    Template("containment", "located", _contain("located {p}", "located {p}")),
    Template("containment", "installed", _contain("installed {p}", "installed {p}", nouns=NOT_ROOMS)),
    Template("containment", "placed", _contain("placed {p}", "placed {p}", nouns=NOT_ROOMS)),
    Template("containment", "fitted", _contain("fitted {p}", "fitted {p}", nouns=NOT_ROOMS)),
    Template("containment", "mounted", _contain("mounted {p}", "mounted {p}", nouns=NOT_ROOMS)),
    Template("containment", "housed", _contain("housed {p}", "housed {p}", nouns=NOT_ROOMS)),
    Template("containment", "sitting", _contain("sitting {p}", "sitting {p}")),
    Template("containment", "can-be-found", _contain("to be found {p}", "to be found {p}")),
    Template("containment", "hung", _contain("hung {p}", "hung {p}", nouns=HANGABLE)),
    Template("containment", "put-in", _contain("put in {p}", "put in {p}", places=("storey",), prep="on",
                                               nouns=NOT_ROOMS)),
    Template("containment", "up-on", _contain("up {p}", "up {p}", places=("storey",), prep="on", lower=False)),
    Template("containment", "over-on", _contain("over {p}", "over {p}", places=("storey",), prep="on")),
    Template("containment", "down-in", _contain("down {p}", "down {p}", places=("storey",), prep="in", lower=True)),
    Template("containment", "inside", _contain("inside", "inside", places=("room",))),
    Template("containment", "within", _contain("within", "within")),
    Template("containment", "in-there", _in_there),
    Template("containment", "that-are-located", _contain("located {p}", "that are located {p}")),
    Template("containment", "that-sit", _contain("sitting {p}", "that sit {p}")),
    Template("containment", "we-have", _contain(None, "we have {p}")),
    Template("containment", "you-will-find", _contain("to be found {p}", "you will find {p}")),
    # boundary of a room
    Template("boundary", "lead-into", _bound("that lead into|that leads into", ("door",))),
    Template("boundary", "leading-into", _bound("leading into", ("door",))),
    Template("boundary", "open-onto", _bound("that open onto|that opens onto", ("door", "window"))),
    Template("boundary", "opening-into", _bound("opening into", ("door", "window"))),
    Template("boundary", "give-access", _bound("that give access to|that gives access to", ("door",))),
    Template("boundary", "let-you-into", _bound("that let you into|that lets you into", ("door",))),
    Template("boundary", "connect-to", _bound("that connect to|that connects to", ("door",))),
    Template("boundary", "way-into", _bound("that are the way into|that is the way into", ("door",))),
    Template("boundary", "enclose", _bound("that enclose|that encloses", ("wall",))),
    Template("boundary", "surrounding", _bound("surrounding", ("wall",))),
    Template("boundary", "bound", _bound("that bound|that bounds", ("wall",))),
    Template("boundary", "border", _bound("bordering", ("wall",))),
    # typing
    Template("typing", "use-type", _of_type("that use type")),
    Template("typing", "using-type", _of_type("using type")),
    Template("typing", "specified-as", _of_type("specified as type")),
    Template("typing", "built-with", _of_type("built with type")),
    Template("typing", "made-as", _of_type("made as type")),
    Template("typing", "type-specified", _type_used("specified")),
    Template("typing", "type-used-bare", _type_used("used", bare=True)),
    Template("typing", "type-fitted", _type_used("fitted")),
    Template("typing", "type-specified-bare", _type_used("specified", bare=True)),
    # existence
    Template("existence", "exist", _count("how many {cls} exist {p} {place}")),
    Template("existence", "have-we-got", _count("how many {cls} have we got {p} {place}")),
    Template("existence", "does-contain", _count("how many {cls} does {place} contain")),
    Template("existence", "does-hold", _count("how many {cls} does {place} hold")),
    Template("existence", "does-include", _count("how many {cls} does {place} include")),
    Template("existence", "does-have", _count("how many {cls} does {place} have")),
    Template("existence", "does-feature", _count("how many {cls} does {place} feature")),
    Template("existence", "comes-with", _count("how many {cls} does {place} come with")),
    Template("existence", "any-contain", _any("does {place} contain {det} {cls}")),
    Template("existence", "any-feature", _any("does {place} feature {det} {cls}")),
    Template("existence", "any-have-we-got", _any("have we got {det} {cls} {p} {place}")),
    Template("existence", "any-exist", _any("do any {cls} exist {p} {place}")),
    Template("existence", "any-include", _any("does {place} include {det} {cls}")),
    Template("existence", "which-contain", _which("{q} {cls} does {place} contain")),
    Template("existence", "which-hold", _which("{q} {cls} does {place} hold")),
    Template("existence", "which-include", _which("{q} {cls} does {place} include")),
    # unsupported relations: the oracle is a decline
    Template("unsupported", "next-to", _unsupported("next to"), decline=True),
    Template("unsupported", "adjacent-to", _unsupported("adjacent to"), decline=True),
    Template("unsupported", "near", _unsupported("near"), decline=True),
    Template("unsupported", "close-to", _unsupported("close to"), decline=True),
    Template("unsupported", "beside", _unsupported("beside"), decline=True),
    Template("unsupported", "facing", _unsupported("facing"), decline=True),
    Template("unsupported", "opposite", _unsupported("opposite"), decline=True),
    Template("unsupported", "above-room", _unsupported("above", places=("room",)), decline=True),
    Template("unsupported", "below-room", _unsupported("below", places=("room",)), decline=True),
    Template("unsupported", "under-room", _unsupported("under", places=("room",)), decline=True),
    Template("unsupported", "serving", _unsupported("serving", places=("room", "storey"), nouns=SERVICE), decline=True),
    Template("unsupported", "that-serve",
             _unsupported("serving", "that serve", places=("room", "storey"), nouns=SERVICE), decline=True),
    Template("unsupported", "feeding", _unsupported("feeding", places=("room", "storey"), nouns=SERVICE), decline=True),
    Template("unsupported", "that-feed",
             _unsupported("feeding", "that feed", places=("room", "storey"), nouns=SERVICE), decline=True),
    Template("unsupported", "connected-boiler", _connected("connected to the boiler", HEATING), decline=True),
    Template("unsupported", "fed-by-pump", _connected("fed by the pump", HEATING - {"pumps", "pump"}),
             decline=True),
]


def held_back() -> set[str]:
    """A seeded third of each family's templates: drawn only into part b."""
    out: set[str] = set()
    fams: dict[str, list[str]] = defaultdict(list)
    for t in TEMPLATES:
        fams[t.family].append(t.name)
    for fam, names in fams.items():
        order = sorted(names, key=lambda n: _seed("held", fam, n))
        out.update(order[: len(names) // 3])
    return out


# --- building ---------------------------------------------------------------------------------------------


def read_bases(run_root: Path) -> list[list[str]]:
    """(set, id) of every non-decline question of :data:`SETS` that the run scored 1.0."""
    return generated_bench.read_bases(SETS, HERE, run_root)


def build(ifc_dir: Path, part: str) -> list[dict[str, Any]]:
    bases = json.loads(BASES.read_text(encoding="utf-8"))
    sets: dict[str, dict[str, dict[str, Any]]] = {}
    for name, _ in bases:
        if name not in sets:
            sets[name] = {c["id"]: c for c in json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))}
    models: dict[str, ModelWords] = {}
    back = held_back()
    used: dict[str, int] = defaultdict(int)
    cases: list[dict[str, Any]] = []
    for t in TEMPLATES:
        if (t.name in back) != (part == "b"):
            continue
        order = sorted(bases, key=lambda b: _seed(part, t.family, t.name, *b))
        taken = 0
        per_model: dict[str, int] = defaultdict(int)
        for name, bid in order:
            if taken == PER_TEMPLATE:
                break
            base = sets[name][bid]
            fname = base["ifc_filename"]
            if used[bid] >= PER_BASE or per_model[fname] >= PER_MODEL:
                continue
            if not (ifc_dir / fname).is_file():
                continue
            if fname not in models:
                models[fname] = ModelWords(ifc_dir / fname)
            if GERMAN.search(base["query"]):
                continue  # the relations are re-expressed in English
            query = t.make(base["query"].strip(), models[fname])
            if query is None or query == base["query"]:
                continue
            oracle = {"type": "decline"} if t.decline else base["oracle"]
            rule = (f"decline: {t.name!r} relates the elements to the place by a relation the model does not "
                    f"record (no containment, space boundary, type or aggregation says it), so answering it as "
                    f"containment would answer a broader question" if t.decline else
                    f"the base question's oracle ({name} {bid}): the relation re-expressed ({t.family}, "
                    f"{t.name}) asks the same; {base.get('oracle_rule', '')}")
            cases.append({
                "id": f"rel{part}-{t.family}-{t.name}-{bid}", "query": query, "ifc_filename": fname,
                "kind": base["kind"], "family": t.family, "template": t.name, "base": bid, "base_set": name,
                "base_query": base["query"],
                "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell",
            })  # fmt: skip
            taken += 1
            used[bid] += 1
            per_model[fname] += 1
    cases.sort(key=lambda c: c["id"])
    return cases


# --- the report -------------------------------------------------------------------------------------------


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        for key in (case["family"], f"{case['family']}/{case['template']}", "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r["broadened"])
        if r["score"] < 1.0:
            misses.append(f"- {r['id']} ({r['score']:.2f}): {r['query']} -> {(r['answer'] or '')[:140]}")
    lines = ["| family / template | n | mean score | right | declined | wrong (answered) | broadenings |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for key in sorted(rows, key=lambda k: (k == "all", k)):
        row = rows[key]
        lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                     f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['broadened'])} |")
    if misses:
        lines += ["", "Misses:", *misses]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("--part", choices=("a", "b"), default="a", help="a: development part; b: held back")
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    ap.add_argument("--bases-from", type=Path, metavar="RUN_ROOT", help="write relation_bases.json from a run")
    ap.add_argument("--report", type=Path, metavar="RUN_DIR", help="per-family table of a spatial-bench run")
    args = ap.parse_args(argv)
    out = OUT[args.part]
    if args.report:
        print(report(args.report, out))
        return 0
    if args.bases_from:
        bases = read_bases(args.bases_from)
        BASES.write_text(json.dumps(bases, indent=0) + "\n", encoding="utf-8")
        print(f"{len(bases)} bases -> {BASES}")
        return 0
    cases = build(args.ifc_dir, args.part)
    body = dumps(cases)
    if args.check:
        same = out.is_file() and out.read_text(encoding="utf-8") == body
        print("up to date" if same else f"{out} differs from what the script computes")
        return 0 if same else 1
    out.write_text(body, encoding="utf-8")
    per: dict[str, int] = defaultdict(int)
    for c in cases:
        per[c["family"]] += 1
    print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {out}")
    print("  " + ", ".join(f"{k} {n}" for k, n in sorted(per.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
