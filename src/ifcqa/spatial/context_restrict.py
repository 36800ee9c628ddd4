"""Context units that cannot restrict the request, and context that agrees with it (issue 22, round 19 ctx19).

A message wraps ONE request in sentences about people, dates, deliveries, trades and reasons ("The installer
arrives on Thursday.", "The boxes hold ten each.", "Der Monteur kommt nächste Woche."). The passes before this one
keep a context unit (and so decline, naming its words) whenever it holds words they do not understand. This pass
runs only after they declined, and decides by FORM whether each unit other than the request can restrict it:

- **cannot restrict** (:func:`_free`): the unit does not refer to what is asked (no class word of the request, its
  singular or its class key; no 'them / those / these / ones / such / each one'; 'it' / 'they' only as the subject
  of a person's or a delivery's verb: "They deliver on Friday."), names no storey or room the request does not name,
  no place the model does not ground, no place said after a preposition, holds no scope word (only, just, except,
  not, also, nur, außer, nicht, ohne, ...), no number with a unit, and no qualifier, bound or negation the parser
  reads;
- **agrees** (:func:`_agrees`): every clause of the unit that names a storey names only the request's own storeys
  and leaves none of them out ("We start on Level 3.", "This round is only about Keller."), or only storeys the
  request does not ask, said to be left out of this round ("Level 1 was done last month, so this time only
  Level 2.", "We leave 2.OG for next year."); the unit's other clauses cannot restrict;
- in a chat with timestamps, an earlier turn that asks something of the other speaker and is answered before the
  request ("did the hinges arrive?" - "yes, two boxes") is context (the reply's yes / no / not yet answers that
  turn); a note on top of a forwarded mail asking only for help ("Can you help with this one?") is set aside.

Every other unit is kept: the whole reading stands (it declines naming the words), so a context that restricts
("Only the ones facing the street.", "We only work in the east wing.", "{S} is not part of the job.") never gives
a broader answer. The request read alone must answer, and the reading with the units set aside must ask the same
storeys and classes as the request alone. Words live in ``data/context_restrict.json``. One call in
``parser.Parser.parse`` (after ``_by_sentences`` declined).
"""

from __future__ import annotations

import contextvars
import json
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import context_clauses, context_units, framing, mail_context, message_sentences

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan

_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("context_restrict_active", default=False)
# the message as sent to the outermost ``Parser.parse`` (its layout blanked keeps every position)
_RAW: contextvars.ContextVar[str | None] = contextvars.ContextVar("context_restrict_raw", default=None)
# a chat turn: "[09:14] Anna: ...", "09:14 Anna: ..."
_TURN = re.compile(r"^[ \t]*(?:\[\s*\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:am|pm)?\s*\]|\d{1,2}:\d{2})[ \t]*[-,]?[ \t]*"
                   r"(?P<who>[^\W\d_][\w.'-]*(?:[ \t][^\W\d_][\w.'-]*)?)[ \t]*:", re.I | re.M)
_DAY = re.compile(r"\b(?:(?:on|at|until|till|by|from|in|for|next|this|last|am|ab|bis)\s+)?(?:(?:next|this|last|"
                  r"nächste\w*|diese\w*|letzte\w*)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                  r"mondays|tuesdays|wednesdays|thursdays|fridays|weekend|tomorrow|today|tonight|yesterday|morning|"
                  r"afternoon|evening|noon|lunch|week|month|year|spring|summer|autumn|fall|winter|january|february|"
                  r"march|april|june|july|august|september|october|november|december|montag|dienstag|mittwoch|"
                  r"donnerstag|freitag|samstag|sonntag|morgen|heute|gestern|woche|monat|jahr)\b", re.I)


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("context_restrict.json").read_text(encoding="utf-8"))
    return data


def _alt(items: list[str]) -> str:
    return "|".join(re.escape(i) for i in sorted(items, key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    return {
        "scope": re.compile(rf"(?<![\w'-])(?:{_alt(w['scope'])})(?![\w-])|n't\b", re.I),
        "place_adverb": re.compile(rf"(?<![\w'-])(?:{_alt(w['place_adverbs'])})(?![\w-])", re.I),
        "things": re.compile(rf"(?<![\w'-])(?:{_alt(w['thing_pronouns'])})(?![\w-])", re.I),
        "pronoun": re.compile(rf"(?<![\w'-])(?:{_alt(w['subject_pronouns'])})(?![\w-])", re.I),
        "subject": re.compile(rf"(?:^|[,;.!?:]\s*|\b(?:and|but|so|because|as|since|und|aber|weil|da)\s+)"
                              rf"(?:{_alt(w['subject_pronouns'])})(?:\s+(?:probably|also|usually|only|just|"
                              rf"wohl|auch))?\s*(?:{_alt(w['subject_verbs'])})(?![\w-])", re.I),
        "measure": re.compile(rf"\d(?:[\d.,]*\d)?\s*(?:{_alt(w['units'])})(?![\w-])", re.I),
        "set_aside": re.compile(rf"(?<![\w'-])(?:{_alt(w['set_aside'])})(?![\w-])", re.I),
        "contradicts": re.compile(rf"(?<![\w'-])(?:{_alt(w['contradicts'])})(?![\w-])|n't\b", re.I),
        "reply": re.compile(rf"^\s*(?:(?:{_alt(w['replies'])})\b\s*[,.!]*\s*)+", re.I),
        "not_place": re.compile(rf"\b(?:in|on|at|im|auf|am|beim|into|to)\s+(?:(?:a|an|the|our|my|their|his|her|"
                                rf"this|that|der|die|das|dem|den)\s+)?(?:{_alt(w['not_places'])})\b", re.I),
        "narrow": re.compile(r"(?<![\w'-])(?:only|just|nur|this\s+time|this\s+round|diesmal)(?![\w-])", re.I),
        "clause": re.compile(r"\s*(?:[,;:]|\s[-\u2013\u2014]\s)\s*(?:(?:so|and|but|then|und|aber|also|deshalb)\s+)?"
                             r"|\s+(?:so|but|and\s+then|aber|deshalb)\s+", re.I),
    }


# how deep ``Parser.parse`` calls are nested (this pass reads only the outermost message: a pass before that parses
# a part of it, "the client wants the cheap ones" blanked as a need, never gets the rest answered by this one)
_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("context_restrict_depth", default=0)


def remember(question: str) -> tuple[contextvars.Token[str | None] | None, contextvars.Token[int]]:
    """Keep the message as sent while the outermost parse runs, and count the nested ones."""
    return (_RAW.set(question) if _RAW.get() is None else None), _DEPTH.set(_DEPTH.get() + 1)


# the outermost message with its layout blanked: a nested parse of the same text (follow_ups' whole reading) is read
_OUTER: contextvars.ContextVar[str | None] = contextvars.ContextVar("context_restrict_outer", default=None)


def outer(question: str) -> None:
    """Note the outermost message with its layout blanked (called by ``Parser.parse`` at every depth)."""
    if _DEPTH.get() == 1:
        _OUTER.set(question)


def forget(tokens: tuple[contextvars.Token[str | None] | None, contextvars.Token[int]]) -> None:
    raw, depth = tokens
    _DEPTH.reset(depth)
    if raw is not None:
        _RAW.reset(raw)


def read(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of ``question`` with every unit but its one request set aside, when each cannot restrict it or
    agrees with it; None: ``plan`` stands."""
    raw = _RAW.get() or question
    if len(raw) != len(question):
        raw = question  # (a nested parse of a changed text: no chat turns read)
    if _ACTIVE.get() or plan.declined is None or (_DEPTH.get() > 1 and question != _OUTER.get()):
        return None
    token = _ACTIVE.set(True)
    parser._message = True
    try:
        return _read(parser, question, raw)
    finally:
        parser._message = False
        _ACTIVE.reset(token)


def _read(parser: Parser, question: str, raw: str) -> Plan | None:
    found = context_units.split(question, message_sentences.units(question))
    turns = _turns(raw)
    requests = [u for u in found if u.role == "request"]
    last = requests[-1] if requests else next((u for u in reversed(found) if u.role == "context"), None)
    lead = _lead_statement(question, raw, last) if last is not None else None
    if last is not None and lead is not None:  # "the electrician is booked for Wednesday, um, which doors ...":
        at = found.index(last)  # a statement before the request in its unit
        found[at:at + 1] = [lead, message_sentences.Unit(lead.end, last.end, question[lead.end:last.end], "request")]
        found = [u for u in found if re.search(r"[^\W\d_]", u.text)]
        requests = [u for u in found if u.role == "request"]
    if not requests or len(found) < 2:
        return None
    request = requests[-1]
    replies: set[int] = set()
    for u in requests[:-1]:
        if _answered(u.start, request.start, turns):
            replies.update(i for i, v in enumerate(found) if v.start > u.end and v.end <= request.start)
            continue
        if not _asks_nothing(u.text):
            return None  # two requests: judged by the passes before
    others = [u for u in found if u is not request]
    only_request = message_sentences._blank(question, others)
    if not message_sentences.stands_alone(request.text):
        return None  # "How many are on that floor?": the request may mean the context's
    alone = parser._asked_alone(only_request)
    if not alone.answered or not alone.subject:
        return None  # "The windows are old. How many are on Level 1?": the request's subject is in the context
    asked_plan = parser._parse_whole(only_request)
    words = [w for _, _, w in asked_plan.resolved.get("class_spans", [])]
    aside: list[str] = []
    for u in others:
        text = u.text
        if found.index(u) in replies:
            text = _patterns()["reply"].sub(" ", text)  # "not yet": the answer to the other speaker's question
        if not re.search(r"[^\W\d_]", text) or (u.role == "greeting" and not _patterns()["scope"].search(text)):
            continue
        chat = context_units._patterns()["lead"].match(text)
        if u.role == "point-back" and not _asks_nothing(text) and not (chat and not text[chat.end():].strip()):
            return None  # "Yes or no is enough.", "Which ones?": how or what to answer, judged before ("ok," is not)
        if u.role != "context" and u.role != "request":
            continue
        if u.role == "request" and not _answered(u.start, request.start, turns) and not _asks_nothing(text):
            return None
        if u.role == "request" and _asks_nothing(text):
            aside.append(u.text.strip())
            continue
        if not alone.place and framing.bare_topic(text.strip(" :;,-\u2013")):
            return None  # "gazebo: which windows?": a bare topic is the place asked when the request names none
        if mail_context.unground_place_field(raw, u.start, u.end, False) or mail_context.unground_place_field(
                question, u.start, u.end, False) or context_clauses._BUILDING_PART.search(text):
            return None  # "Location: Building C", "Ort: Bauteil B, Nordflügel": a part the model may not name
        # "If there are none on 1.OG the painter stays home.": a condition on the answer is voice_forms' to read
        verdict = not _CONDITIONAL.match(text) and (_free(parser, text, alone, words) or
                                                    _agrees(parser, text, alone, words))
        if not verdict:
            return None
        aside.append(u.text.strip())
    rest = message_sentences._blank(question, others)
    sub = parser._parse_whole(rest)
    if sub.declined is not None or set(sub.storeys) != set(asked_plan.storeys) or _keys(sub) != _keys(asked_plan):
        return None
    if sub.qualifiers != asked_plan.qualifiers and len(sub.qualifiers) != len(asked_plan.qualifiers):
        return None
    said = "; ".join(repr(a) for a in aside)
    sub.question = question
    sub.notes.append(f"read the request {request.text.strip()!r}; context that cannot restrict it set aside: {said}")
    sub.resolved["framing"] = [*sub.resolved.get("framing", []), f"context that cannot restrict set aside: {said}"]
    return sub


def _lead_statement(question: str, raw: str, request: message_sentences.Unit) -> message_sentences.Unit | None:
    """A statement before the request in its own unit, up to the last comma of the message as sent after which the
    request begins by its form ("(voice memo) the electrician is booked for Wednesday, um, which doors ...")."""
    text = question[request.start:request.end]
    if message_sentences._REQUEST_FORM.match(text):
        return None
    for m in reversed(list(re.finditer(r",", raw[request.start:request.end]))):
        cut = request.start + m.end()
        rest = question[cut:request.end]
        head = question[request.start:cut - 1]
        if message_sentences._REQUEST_FORM.match(rest) and re.search(r"[^\W\d_]", head):
            chat = context_units._patterns()["lead"].match(rest)  # "..., uh, anyway how many": 'anyway' is talk
            end = cut + (chat.end() if chat is not None and re.search(r"[^\W\d_]", rest[chat.end():]) else 0)
            return message_sentences.Unit(request.start, end, question[request.start:end], "context")
    return None


def _keys(plan: Plan) -> frozenset[str]:
    return frozenset(w for _, _, w in plan.resolved.get("class_spans", []))


def _turns(raw: str) -> list[tuple[int, str]]:
    """(start of the line, speaker) of every chat turn with a timestamp, when two speakers or more take turns."""
    found = [(m.start(), m["who"].casefold()) for m in _TURN.finditer(raw)]
    return found if len({w for _, w in found}) >= 2 else []


def _speaker(at: int, turns: list[tuple[int, str]]) -> str | None:
    who = None
    for start, name in turns:
        if start > at:
            break
        who = name
    return who


def _answered(at: int, request_at: int, turns: list[tuple[int, str]]) -> bool:
    """Whether the unit at ``at`` is a chat turn whose speaker another speaker answered before the request."""
    asker = _speaker(at, turns)
    if asker is None or _speaker(request_at, turns) is None:
        return False
    return any(at < start < request_at and name != asker for start, name in turns)


def _asks_nothing(text: str) -> bool:
    """A note asking only for help with what follows ("Can you help with this one?")."""
    words = re.findall(r"[^\W\d_][\w']*", text.casefold())
    return bool(words) and "help" in words + ["helfen"] and all(w in _words()["asks_nothing"] for w in words)


def _untimed(text: str) -> str:
    text = message_sentences._WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), text)
    return _DAY.sub(lambda m: " " * len(m.group(0)), text)


_CONDITIONAL = re.compile(r"\s*(?:if|unless|in\s+case|provided|wenn|falls|sofern)\b", re.IGNORECASE)
_OTHER_SOURCE = re.compile(r"\b(?:according\s+to|as\s+per|going\s+by|based\s+on|as\s+(?:stated|shown|listed)\s+in|"
                           r"laut|gemäß|gemaess|entsprechend)\b", re.IGNORECASE)


def _free(parser: Parser, text: str, alone: message_sentences.Asked, words: list[str]) -> bool:
    """Whether a context unit cannot restrict the request (see the module's doc)."""
    p = _patterns()
    if p["scope"].search(text) or p["measure"].search(text) or p["things"].search(text):
        return False
    if _OTHER_SOURCE.search(text):
        return False  # "According to the survey, ...": another source than the model (round 18's decline)
    if (message_sentences._PLACE_BACK.search(text) or message_sentences._PLACE_NOUN.search(text)
            or p["place_adverb"].search(text)):
        return False
    pronouns = len(p["pronoun"].findall(text))
    if pronouns and len(p["subject"].findall(text)) < pronouns:
        return False  # 'it' / 'they' may stand for the things asked
    if _names_asked(text, words):
        return False
    said = _untimed(text)
    names = parser._context_names(said)
    if names.restricts or names.bounds or names.qualifiers:
        return False
    if names.storeys - alone.storeys or names.rooms - alone.rooms:
        return False
    if names.places and not (names.storeys or names.rooms):
        return False  # a place the model does not ground ("the guest house")
    if framing.place_said(p["not_place"].sub(" ", said)) and not (names.storeys or names.rooms):
        return False  # "in the container by the gate": maybe a part of the building
    return not (names.class_keys & alone.classes or names.modified & alone.classes)


def _names_asked(text: str, words: list[str]) -> bool:
    """Whether ``text`` holds a class word of the request (or its singular)."""
    folded = text.casefold()
    for w in words:
        w = w.casefold()
        stem = w[:-1] if len(w) > 4 and w.endswith("s") else w
        if re.search(rf"(?<![\w-]){re.escape(stem)}", folded):
            return True
    return False


# a phrase after a class word that says which of them: "the windows near the stairs", "doors that stick"
_AFTER_CLASS = re.compile(r"\s+(?:near|next\s+to|close\s+to|by|facing|beside|behind|along|above|below|under|around|"
                          r"with|without|that|which|who|where|we|i|you|they|he|she|in\s+the|on\s+the|at\s+the|"
                          r"of\s+the|from\s+the|neben|an\s+der|am|mit|ohne|die|der|das)\b", re.I)


def said_of_asked(text: str, words: list[str]) -> bool:
    """Whether ``text`` holds a class word of the request (``words``, or its singular) followed by a phrase that may
    say which of them ("The windows near the stairs are the problem.", "the doors we painted")."""
    folded = text.casefold()
    for w in words:
        w = w.casefold()
        stem = w[:-1] if len(w) > 4 and w.endswith("s") else w
        for m in re.finditer(rf"(?<![\w-]){re.escape(stem)}\w*", folded):
            if _AFTER_CLASS.match(folded, m.end()):
                return True
    return False


def leaves_out(text: str) -> bool:
    """Whether ``text`` says something is left out or done ("is not part of the job", "was done", "we skip")."""
    return bool(_patterns()["contradicts"].search(text))


def _agrees(parser: Parser, text: str, alone: message_sentences.Asked, words: list[str]) -> bool:
    """Whether a context unit names storeys only to agree with the request (see the module's doc)."""
    if not alone.storeys:
        return False
    p = _patterns()
    storeyed = False
    for clause in (c for c in p["clause"].split(text) if c and re.search(r"[^\W\d_]", c)):
        said = _untimed(clause)
        names = parser._context_names(said)
        if not names.storeys:
            if not _free(parser, clause, alone, words):
                return False
            continue
        storeyed = True
        if (names.qualifiers or names.rooms or p["things"].search(clause) or _names_asked(clause, words)
                or names.places and not names.storeys):
            return False
        if names.storeys <= alone.storeys:
            # the request's own storey: narrowing to it agrees, leaving it out contradicts
            if p["contradicts"].search(clause) or p["scope"].search(p["narrow"].sub(" ", clause)):
                return False
            continue
        if names.storeys & alone.storeys or not p["set_aside"].search(clause):
            return False  # another storey said plainly may add it or be where the request asks
        if p["narrow"].search(clause) or re.search(r"(?<![\w'-])(?:also|too|as\s+well|plus|auch|ebenfalls)(?![\w-])",
                                                   clause, re.I):
            return False  # "only Level 1 ..." / "Level 1 too": never set aside
    return storeyed
