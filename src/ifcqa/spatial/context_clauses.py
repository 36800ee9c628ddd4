"""Context words inside the request's own sentence, and refusals fired by context (issue 22, round 18 ctx18).

People say why they ask, who asks and what they will do in the same sentence as the request: "can you list the
doors on Level 1 so I can order spare parts?", "Before I replace them all, how many windows are on Level 2?",
"which walls are on EG, we want to book the painters.", "Wie viele Türen sind im EG, damit ich das Angebot
schreiben kann?", "which doors are on Level 1 for I can make the offer?", or in a sentence of everyday words
around it ("I am ordering fly screens for the cottage. ... One screen per window."). Parsed whole, the clause's
words decline the request ("order", "spare"), or a write, cost or schedule word of the clause refuses a count the
model holds ("replace them", "price").

:func:`read` (called once by ``Parser.parse``, after ``purpose_clauses``) finds such clauses by FORM
(``data/context_clauses.json``): a clause opening the request's sentence up to its first comma or colon
("before/after/once I ...", "in order to ...", "to <verb> ...", "for the <noun>:", "We are pricing X, so",
"bevor", "damit", "um ... zu"), a clause after a complete request to the end of its sentence ("so (that) I/we
...", "before I ...", "because ...", "to <verb> ...", ", I/we want/need to <verb> ...", "for I can ...", "is for
<verb>", ", damit ...", ", um ... zu"), and every other sentence of the message that has no request form
(``message_sentences.units``). The request is then parsed alone, so a refusal fires on what is ASKED, never on
the context ("what do the doors cost, so I can plan the budget?" is still refused).

Never broader. A clause is set aside only when it grounds nothing the request does not already name: parsed
alone it names no storey or room beyond the request's, no class the request does not ask, no qualifier, bound or
negation, holds no restricting word (only, just, except, not, the ones, which ..., nur, nicht, ohne ...), no part
of the building ("east wing"), and the request points back at nothing ("them", "there") and asks a subject of its
own. A clause inside the request's sentence (or a context sentence with an adding word: "I want to replace the
windows too.") that names a storey, room or class the request does not ask about declines, naming it, even when
the whole question would have been answered ("which doors are on Level 1, before I repaint Level 2?", "how many
columns are there? I want to replace the windows too."). A sentence of its own naming only a class the model holds
that the request does not ask ("The tenant says it's cold in two rooms. How many windows are on EG?") is set aside
when the request names its own storey or room; a class the model holds none of grounds nothing ("we are pricing
blinds, so ..."). Everything else keeps the whole question's reading.
"""

from __future__ import annotations

import contextvars
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import context_restrict, context_units, framing, mail_context, message_sentences, request_decides

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan

_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("context_clauses_active", default=False)
_WORD = re.compile(r"[^\W\d_]{2}")
_BUILDING_PART = re.compile(r"\b(?:wings?|blocks?|annex\w*|towers?|tracts?|\w*flügel|trakt|bauteil\w*|anbau|sides?|"
                            r"facing|garden|street|yard|north|south|east|west)\b", re.I)


# a storey said in words the model may not hold ("3. Obergeschoss", "the upper floor", "2nd level")
_STOREY_WORD = re.compile(r"\b(?:levels?|floors?|storeys?|stor(?:y|ies)|stockwerk\w*|etage\w*|\w*geschoss\w*|"
                          r"keller\w*|basement|attic|loft|dachboden|[eu]g|\d\.?\s*og|og|dg|kg|upstairs|downstairs|"
                          r"\d+(?:st|nd|rd|th)\s*(?:floor|level|storey)s?)\b",
                          re.I)
# a storey named by its number ("4. Obergeschoss", "Level 7", "the 5th floor", "Ebene 3")
_NUMBERED_STOREY = re.compile(r"\b(?:\d+\.?\s*(?:og|ug|obergeschoss|untergeschoss|stock|etage)|(?:level|ebene|floor|"
                              r"storey|etage|stock)\s*-?\d+|\d+(?:st|nd|rd|th)\s*(?:floor|level|storey))\b", re.I)
# a share per element ("one screen per window", "eins pro Tür", "a sticker for each door")
_EACH = re.compile(r"\b(?:per|pro|je|for\s+each|for\s+every|each|every)\s+[^\W\d_][\w-]*", re.I)
# how to answer ("yes or no", "ja oder nein"): the request's form, never context (round 11)
_ANSWER_FORM = re.compile(r"\b(?:yes\s+or\s+no|yes/no|ja\s+oder\s+nein|ja/nein)\b", re.I)
# a reason said of another class may say which of the asked ones it concerns (round 16: never set aside here)
_REASON = re.compile(r"\s*(?:because|'?cause|since|as|so|weil|da|denn|damit)\b", re.I)
# a part of the site named by a letter or number ("Building C", "Haus 2", "Block B")
_PART_NAMED = re.compile(r"\b(?:buildings?|house|haus|gebäude|block|bauteil|wing|tract|trakt)\s+(?:[A-Z]|\d+)\b")


# a greeting's title before a name, whose period ends a sentence for message_sentences ("Dear Dr. Roth, ...")
_TITLE_END = re.compile(r"\b(?:dear|hi|hello|liebe[rs]?|sehr\s+geehrte[rs]?|guten\s+tag)\s+(?:dr|mr|mrs|ms|prof|hr|fr)"
                        r"\.\s*$", re.I)
_NAME_AFTER_TITLE = re.compile(r"\s*[A-ZÄÖÜ][\w'-]+(?:\s+[A-ZÄÖÜ][\w'-]+)?\s*,\s*")


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("context_clauses.json").read_text(encoding="utf-8"))
    return data


def _alt(items: list[str]) -> str:
    return "|".join(sorted(items, key=len, reverse=True))


_COMMA = re.compile(r"^,\??\\s\*")
_COMMA_ONLY = re.compile(r"^,\\s\*")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    verbs = _alt([re.escape(v) for v in w["verbs"]])

    def forms(key: str) -> str:
        return _alt([f.replace("VERBS", verbs) for f in w[key]])

    trails = [f.replace("VERBS", verbs) for f in w["trails"]]

    return {
        "lead": re.compile(rf"\s*(?:(?:hi|hello|hey|ok|okay|so|and|also|please|pls)\s*[,!]?\s+)?(?:{forms('leads')})"
                           r"(?:(?<=,\sso)\s+|[^,:?]*[,:]\s*)", re.I),  # ("We are pricing paint, so ...")
        # a form written ",\s*..." follows a comma only; ",?\s*..." a comma or a space
        "trail": re.compile(rf"(?:\s*,\s*(?:{_alt([_COMMA.sub('', f) for f in trails])})"
                            rf"|\s+(?:{_alt([_COMMA.sub('', f) for f in trails if not _COMMA_ONLY.match(f)])}))",
                            re.I),
        "restrict": re.compile(rf"(?:\b|(?<=n))(?:{_alt(w['restrict'])})\b", re.I),
        "adds": re.compile(rf"\b(?:{_alt(w['adds'])})\b", re.I),
    }


@dataclass
class Clause:
    start: int
    end: int
    text: str
    inner: bool  # inside the request's sentence (else a sentence of its own)
    trail: bool = False  # after the request ("... so I can ..."), not opening its sentence


def clauses(question: str) -> list[Clause]:
    """The context clauses of ``question`` by form (positions in it); empty unless exactly one unit asks."""
    units = message_sentences.units(question)
    requests = [u for u in units if u.role == "request"]
    if len(requests) != 1:
        return []
    p = _patterns()
    out: list[Clause] = []
    for u in units:
        if u.role in ("context", "greeting"):
            out.append(Clause(u.start, u.end, u.text, False))
    req = requests[0]
    text = req.text
    lo, hi = 0, len(text.rstrip(" ?!.")) if text.rstrip(" ?!.") else len(text)
    named = _NAME_AFTER_TITLE.match(text) if _TITLE_END.search(question[:req.start]) else None
    if named is not None:  # "Dear Dr. Roth, how many ...": the name after a title's period is the greeting's
        out.append(Clause(req.start, req.start + named.end(), named.group(0), False))
        lo = named.end()
    lead = p["lead"].match(text, lo)
    if lead is not None and _WORD.search(text[lead.end():]):
        out.append(Clause(req.start + lo, req.start + lead.end(), text[lo:lead.end()], True))
        lo = lead.end()
    for m in p["trail"].finditer(text, lo):
        head = text[lo:m.start()]
        if len(_WORD.findall(head)) < 2:
            continue  # a complete request before it
        end = hi if hi > m.start() else len(text)
        out.append(Clause(req.start + m.start(), req.start + end, text[m.start():end], True, True))
        break
    out.sort(key=lambda c: c.start)
    return out


def _blank(question: str, found: list[Clause]) -> str:
    chars = list(question)
    for c in found:
        for i in range(c.start, c.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)


def read(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of ``question`` with its context clauses set aside, a decline naming a clause inside the request's
    sentence that names what the request does not ask, or None (``plan`` stands)."""
    if _ACTIVE.get():
        return None
    found = clauses(question)
    if plan.declined is None and not any(c.inner or _patterns()["adds"].search(c.text) for c in found):
        return None
    if not found:
        return None
    token = _ACTIVE.set(True)
    try:
        return _read(parser, question, plan, found)
    finally:
        _ACTIVE.reset(token)


def _read(parser: Parser, question: str, plan: Plan, found: list[Clause]) -> Plan | None:
    p = _patterns()
    rest = _blank(question, found)
    if not _WORD.search(rest):
        return None
    sub = parser.parse(rest)
    if sub.declined is not None:
        return None  # the request alone declines (or is refused: a price or date asked): the whole reading stands
    if not (any(not c.inventory for c in sub.classes) or sub.rooms or sub.explicit or sub.asks_storey):
        return None  # the request asks no subject of its own ("How many are there?")
    asked_keys = _class_keys(sub)
    alone = message_sentences.stands_alone(_request_words(rest))
    for c in found:
        said = c.text.strip(" ,;:-")
        if request_decides.write_of_listed(parser, c.text):
            return None  # "Which doors does room 9 have? Then please delete them.": a write asked of what is listed
            # is refused with the message (round 10's rule), never set aside as talk
        grounded = _grounds_other(parser, c.text, sub, asked_keys)
        restricts = bool(p["restrict"].search(c.text) or _BUILDING_PART.search(c.text) or grounded == "says"
                         or framing.orientation_said(c.text)  # "für die Südseite" (round 21)
                         or _ANSWER_FORM.search(c.text)
                         or _place_kept(question, c) or (not c.inner and message_sentences._ABOUT_THEM.match(c.text))
                         or (not c.inner and context_restrict.said_of_asked(c.text, _class_words(sub))))  # round 19
        grounded = "" if grounded == "says" else grounded
        # the request's own place beside another one the clause names; a lead's place with none is the request's
        # ("Before I start on Level 1: which light fixtures are 150W?", round 8), as is one it points back at
        # a class a lead names is an occasion the passes after judge ("for the servicing of the heating, how many
        # radiators ...", round 8)
        placed = (grounded == "class" and (c.trail or not c.inner)) or (grounded == "place" and (_own_place(sub)
                                                                                                or c.trail))
        adds = grounded == "class" and p["adds"].search(c.text) and not restricts  # (storeys: round 17's join)
        if grounded and alone and placed and (c.inner or adds):
            return _refuse(plan, question, said)  # "... before I paint the walls on 2.OG", "the windows too"
        if plan.declined is None:
            continue
        if not _own_place(sub) and (framing.place_said(_untimed(c.text)) or _STOREY_WORD.search(c.text)
                                    or framing.bare_topic(said)):  # ("gazebo: which windows?", round 13)
            if _NUMBERED_STOREY.search(c.text) and not grounded:  # a storey the model does not hold, maybe the
                return _refuse(plan, question, said, "names a storey this model does not have, which may be "
                               "where the request asks")  # (main answered the whole model)
            return None  # "We're checking Level 2. How many doors are there?": judged by the passes after
        if restricts or (grounded and (c.inner or grounded == "place" or not _own_place(sub)
                                       or _REASON.match(c.text))):  # ("Because the windows get new locks.")
            return None  # judged by the passes after (or declines naming its words, as before)
        # a sentence of its own naming only a class the request does not ask ("The tenant says it's cold in two
        # rooms."), beside a request with its own subject and place: what happens elsewhere, never which ones
    if plan.declined is None:
        return None
    if not alone:
        return None  # "How many are on that floor?", "Which of them ...": the request may mean the context's
    sub.question = question
    note = "; ".join(repr(c.text.strip(" ,;:-")) for c in found)
    sub.notes.append(f"context clause set aside: {note}")
    sub.resolved["framing"] = [*sub.resolved.get("framing", []), f"context clause set aside: {note}"]
    return sub


def _request_words(rest: str) -> str:
    return re.sub(r"\s+", " ", rest)


def _class_words(sub: Plan) -> list[str]:
    return [w for _, _, w in sub.resolved.get("class_spans", [])]


def _class_keys(sub: Plan) -> frozenset[str]:
    from ifcqa.spatial.parser import _CLASS_KEYS

    return frozenset(_CLASS_KEYS.get(w, w) for _, _, w in sub.resolved.get("class_spans", []))


def _place_kept(question: str, c: Clause) -> bool:
    """A place said in the clause that the passes after judge ("we're in the east wing", "Location: Building C",
    "Ort: Bauteil B, Nordflügel": round 15's place fields), never set aside here."""
    return bool(mail_context.unground_place_field(question, c.start, c.end, False)
                or message_sentences._PLACE_NOUN.search(c.text) or _PART_NAMED.search(c.text))


def _untimed(text: str) -> str:
    """``text`` without the English "I am" and days or months after a preposition ("on Monday"), which
    ``framing.place_said`` would read as places (German "am", round 17)."""
    p = context_units._patterns()
    return str(p["english_am"].sub(" ", p["when"].sub(" ", text)))


def _own_place(sub: Plan) -> bool:
    return bool(sub.storeys or sub.rooms)


def _grounds_other(parser: Parser, text: str, sub: Plan, asked_keys: frozenset[str]) -> str:
    """What a clause, parsed alone, names that the request does not: "place" (a storey, room, qualifier, bound or
    negation), "class" (only a class the model holds), "says" (words it does not understand said of a class the
    request asks: they may say which), or "" (nothing)."""
    if not _WORD.search(text):
        return ""
    names = parser._context_names(text)
    each = _EACH.sub(" ", text)  # "one blind per window", "eins pro Tür": a share per element says no which
    if names.modified & asked_keys and (each == text or parser._context_names(each).modified & asked_keys):
        return "says"  # "We're replacing the warped doors on Level 1.": a word said of the class asked may say which
    if names.storeys - set(sub.storeys):
        return "place"
    if names.rooms or (names.places and not names.storeys):
        return "place"
    if names.qualifiers or names.bounds or names.restricts:
        return "place"
    # a class the model holds none of grounds nothing ("we are pricing blinds, so ..." in a model without them)
    return "class" if any(_held(parser, k) for k in names.class_keys - asked_keys) else ""


def _held(parser: Parser, key: str) -> bool:
    try:
        return parser._present(key)
    except (KeyError, ValueError):
        return True  # a key this cannot resolve: as if held (never set aside)


def _refuse(plan: Plan, question: str, said: str, why: str = "") -> Plan:
    from ifcqa.spatial.parser import _decline

    plan.notes.append(f"context clause names what the request does not ask: {said!r}")
    plan.question = question
    why = why or ("names a storey, room or class the request does not ask about, and I cannot tell whether it "
                  "belongs to the question")
    declined: Plan = _decline(plan, f"the clause {said!r} {why}", [said],
                              "Ask for each storey, room or class you mean in the request itself.")
    return declined
