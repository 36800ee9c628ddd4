"""A request said as a need or with a purpose or reason clause (round 16 need16).

People state what they need and why instead of asking: "The count of pumps in the basement is required.", "Stairs
on level 1, I need them for the handrail quote", "which slabs are load bearing, we cannot drill them", "Anzahl der
Türen im OG wird gebraucht, für das Angebot". The frame asks nothing: its words (and a write verb inside a reason
clause, "we cannot drill them") are set aside and the rest is parsed as the request (:func:`read`, called once by
``Parser.parse``). Words live in ``data/purpose_clauses.json``.

Never broader: a frame that names a storey or room the request does not, a class it does not ask, a qualifier, a
bound or a restriction word ("only", "nur") restricts the request. "Only the external ones" (a qualifier word the
parser reads) is read as that restriction (the request and "Only the <word> ones.", round 14's follow-up); any
other restricting frame is declined naming it. A write verb in the main clause ("Delete the walls, we do not need
them") still declines: the main clause is parsed as it stands.
"""

from __future__ import annotations

import contextvars
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan

_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("purpose_clauses_active", default=False)


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("purpose_clauses.json").read_text(encoding="utf-8"))
    return data


# a part of the building named in a frame restricts where the request is asked, whatever the model calls it
_BUILDING_PART = re.compile(r"\b(?:east|west|north|south|eastern|western|northern|southern|left|right|front|rear|"
                            r"back)?\s*(?:wing|wings|side|block|annex|annexe|tower|unit|section|zone|flügel|trakt|"
                            r"anbau|seite|bauteil)\b", re.I)


def _alt(items: list[str]) -> str:
    return "|".join(sorted(items, key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    asks = _alt([re.escape(v) for v in w["ask_verbs"]])
    purpose = _alt([re.escape(p) for p in w["purposes"]])
    # the noun of a purpose: a purpose word, or a German compound ending in one ("Reinigungsvertrag")
    noun = rf"(?:[^\W\d_]*(?:{purpose}))"
    return {
        # a clause opening so (its start is a clause start), unless it asks ("I need to know ...")
        "opener": re.compile(rf"(?:{_alt(w['openers'])})\b(?!\s+(?:{asks})\b)", re.I),
        "lead": re.compile(rf"(?:please\s+)?(?:{_alt(w['lead_needs'])})\b(?!\s+(?:to|them|it|this|that|you)\b)\s*",
                           re.I),
        "needed": re.compile(rf"\s*,?\s*(?:{_alt(w['needed_after'])})\b(?!\s+(?:to|by|in|on|at|under)\b)", re.I),
        # "for the handrail quote", "for make the offer", "für das Angebot", "fürs Angebot"
        "for": re.compile(rf"\b(?:for|für|fürs)\s+(?:[^\W\d_][\w'-]*\s+){{0,3}}?{noun}\b(?=\s*(?:please|pls|"
                          rf"bitte|thanks?(?:\s+you)?(?:\s+very\s+much)?|danke)?\s*[.!?,;:)\n-]*\s*$)", re.I),
        "lead_for": re.compile(rf"^\s*(?:for|für|fürs)\s+(?:[^\W\d_][\w'-]*\s+){{0,3}}?{noun}\b,?\s*", re.I),
        "restrict": re.compile(rf"\b(?:{_alt(w['restrict'])})\b", re.I),
        "restricted": re.compile(rf"\s*(?:the\s+|die\s+)?(?:{_alt(w['restrict'])})\b", re.I),
        "only_ones": re.compile(r"\b(?:only|just|nur)\s+(?:need\s+)?(?:the\s+|die\s+)?(?!(?:the|die|ones?)\b)"
                                r"(?P<q>[^\W\d_][\w-]*)\s+(?:ones|elements|items)\b", re.I),
    }


# where a clause may start: the text's start, after a sentence end, comma, semicolon, colon or spaced dash
_BOUNDARY = re.compile(r"(?:^|[.?!;:\n]|,|\s[-–—]\s)\s*")
_SENTENCE_END = re.compile(r"[.?!\n]")


@dataclass
class Frame:
    start: int
    end: int
    text: str


def frames(question: str) -> list[Frame]:
    """The framing spans of ``question`` (positions in it): clauses opened by a frame word, the lead of "I need
    <request>", "<request> is needed ...", "for the <purpose>" at a clause's end."""
    p = _patterns()
    out: list[Frame] = []
    taken = [False] * len(question)

    def add(a: int, b: int) -> None:
        while b > a and question[b - 1] in " \t,":
            b -= 1
        if b > a and not any(taken[a:b]):
            out.append(Frame(a, b, question[a:b]))
            for i in range(a, b):
                taken[i] = True

    for bm in _BOUNDARY.finditer(question):
        at = bm.end()
        if at >= len(question):
            continue
        m = p["opener"].match(question, at)
        if m is None:
            continue
        first = bm.start() == 0
        end_m = _SENTENCE_END.search(question, m.end())
        end = end_m.start() if end_m else len(question)
        if first:
            # a frame opening the message reaches its first comma or dash only ("Because we cannot drill,
            # which slabs are load bearing?"); a need without a comma is the request itself
            cut = re.search(r",|\s[-–—]\s", question[m.end():end])
            if cut is None:
                continue
            end = m.end() + cut.start()
        add(at, end)
    # inside the rest: "I need <request>", "<request> is needed ...", "... for the <purpose>"
    for bm in _BOUNDARY.finditer(question):
        at = bm.end()
        if at >= len(question) or taken[at]:
            continue
        end_m = _SENTENCE_END.search(question, at)
        end = end_m.start() if end_m else len(question)
        clause = question[at:end]
        lf = p["lead_for"].match(clause)
        if lf is not None and lf.end() < len(clause):
            add(at, at + lf.end())
            at2 = at + lf.end()
        else:
            at2 = at
        lead = p["lead"].match(question, at2)
        if lead is not None and lead.end() < end:
            # "We need just the ones on Level 2 for the tender": a need of a restriction is judged whole
            add(at2, end if p["restricted"].match(question, lead.end()) else lead.end())
        elif p["restricted"].match(question, at2) and p["needed"].search(question, at2, end):
            add(at2, end)  # "Only the ones on Level 2 are needed."
        nd = p["needed"].search(question, at2, end)
        if nd is not None and nd.start() > at2:
            add(nd.start(), end)
            end = nd.start()
        fr = p["for"].search(question[:end], at2)
        if fr is not None and fr.start() > at2:
            add(fr.start(), end)
    out.sort(key=lambda f: f.start)
    return out


def _blank(text: str, spans: list[Frame]) -> str:
    chars = list(text)
    for f in spans:
        for i in range(f.start, f.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def read(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of ``question`` with its need / purpose / reason frame set aside, a decline naming a frame that
    restricts the request in a way this cannot read, or None (no frame: ``plan`` stands)."""
    if _ACTIVE.get():
        return None
    found = frames(question)
    if not found:
        return None
    token = _ACTIVE.set(True)
    try:
        return _read(parser, question, plan, found)
    finally:
        _ACTIVE.reset(token)


def _asked_sentence_start(question: str) -> int:
    """Where the sentence holding the message's one question mark starts (0 without exactly one)."""
    if question.count("?") != 1:
        return 0
    ends = [m.end() for m in _SENTENCE_END.finditer(question, 0, question.index("?"))]
    return ends[-1] if ends else 0


def _read(parser: Parser, question: str, plan: Plan, found: list[Frame]) -> Plan | None:
    from ifcqa.spatial.parser import _decline

    p = _patterns()
    start = _asked_sentence_start(question)  # a sentence before the question is the message passes' context,
    found = [f for f in found if f.start >= start]  # judged there ("we want to replace the carpets in the offices
    if not found:  # next spring. How many windows are on Level 2?")
        return None
    rest = _blank(question, found)
    if not re.search(r"[^\W\d_]{2}", rest):
        return None
    sub = parser.parse(rest)
    if plan.declined is None and sub.declined is not None:  # the frame holds the request ("The client wants an
        return None  # inventory of the furniture on the Ground Floor, can you pull it?"): the whole reading stands
    # the whole question answered reading a restriction the rest does not hold ("... The client wants the ones
    # that are not external."): a frame restricting by a qualifier or negation is read there, so it stands
    whole_reads = plan.declined is None and _restrictions(plan) > _restrictions(sub)
    kept: list[str] = []
    added: list[str] = []
    for f in found:
        said = f.text.strip()
        # a class the purpose names ("for the stair audit: the windows on Level 1") is checked when the whole question
        # declined (this would answer it); when it answered, the earlier passes judged the purpose ("for the
        # ventilation survey I need a list of the rooms ...") and only its other words are checked
        inner = f.text if plan.declined is not None else p["for"].sub(" ", f.text)
        if p["restrict"].search(f.text):
            only = p["only_ones"].search(f.text)
            if only is not None and not added:
                added.append(f"Only the {only['q']} ones.")
                kept.append(said)
                continue
            if not whole_reads or _places(parser, inner, sub):
                return _refuse(plan, question, said, _decline)
        if _BUILDING_PART.search(f.text):  # "for the east wing audit, which doors ...?": a part of the building
            return _refuse(plan, question, said, _decline)
        names = parser._context_names(inner) if re.search(r"[^\W\d_]{2}", inner) else None
        if names is not None:
            other_storeys = names.storeys - set(sub.storeys)
            if other_storeys or (names.places and not names.storeys) or (names.restricts and not whole_reads):
                return _refuse(plan, question, said, _decline)
            if names.classes:
                asked = parser._asked_alone(inner).classes
                mine = {k for k, _, _ in _class_keys(sub)}
                if asked and not asked <= mine:
                    return _refuse(plan, question, said, _decline)
        kept.append(said)
    if added:
        before = len(sub.qualifiers)
        sub = parser.parse(rest.rstrip() + ("" if rest.rstrip()[-1:] in ".?!" else "?") + " " + " ".join(added))
        if sub.declined is None and len(sub.qualifiers) <= before:
            return _refuse(plan, question, kept[-1], _decline)  # the restriction was not read: never broader
    if plan.declined is None and not added:
        return None  # the whole question answered and its frame restricts nothing: it stands
    if sub.declined is not None:
        return None
    sub.question = question
    note = "; ".join(repr(k) for k in kept)
    sub.notes.append(f"need / purpose / reason frame set aside: {note}"
                     + (f"; read as {' '.join(added)!r}" if added else ""))
    sub.resolved["framing"] = [*sub.resolved.get("framing", []), f"purpose set aside: {note}"]
    return sub


def _restrictions(plan: Plan) -> int:
    return (len(plan.qualifiers) + len(plan.exclude) + len(plan.exclude_classes) + bool(plan.threshold)
            + sum(bool(m.negated) for m in plan.mentions))


def _places(parser: Parser, inner: str, sub: Plan) -> bool:
    """Whether a frame names a storey the request does not, or a place the model does not ground."""
    names = parser._context_names(inner) if re.search(r"[^\W\d_]{2}", inner) else None
    return names is not None and bool(names.storeys - set(sub.storeys) or (names.places and not names.storeys))


def _class_keys(sub: Plan) -> list[tuple[str, int, int]]:
    from ifcqa.spatial.parser import _CLASS_KEYS

    return [(_CLASS_KEYS.get(w, w), a, b) for a, b, w in sub.resolved.get("class_spans", [])]


def _refuse(plan: Plan, question: str, said: str, decline: Any) -> Plan:
    plan.notes.append(f"need / purpose / reason clause restricts the request: {said!r}")
    plan.question = question
    declined: Plan = decline(plan, f"the clause {said!r} restricts what is asked in a way I cannot read, and answering "
                   "without it would answer a broader question", [said],
                   "Ask for the restriction itself (a storey, a room, a class or a property such as IsExternal).")
    return declined
