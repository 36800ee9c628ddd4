"""A question and its follow-up in one message (issue 22, round 14 follow14).

People ask, then say it again another way or narrow it, in the same message: "How many windows on EG? Which
ones?", "Which floors have radiators? Just the floor names please.", "Any columns on the 2. OG? If so how many?",
"Wo gibt es überall Fenster? Welche Geschosse?", "List the walls on Level 2. Only the external ones.", "What's in
room 101? Just the furniture.". :func:`read` takes the units of the message (``message_sentences.units``; greetings
and signatures after the follow-up stay where they are) and classifies the trailing ones by their FORM, with the
closed-class phrases of ``data/follow_ups.json`` (leads such as "and", "if so", "wenn ja" and fillers such as
"please", "too", "as well", "though" set aside first):

- **view**: the same request in another view, a unit made only of view phrases joined by "and" / ",": count ("How
  many?", "If so how many?", "Just give me the number.", "Wie viele?"), list ("Which ones?", "Can you list them
  too?", "Welche?"), storeys ("Which storey?", "Just the floor names please.", "Welche Geschosse?") and names
  ("Names only.", "Nur die Namen bitte."; the list, whose answer is the names). The request without the follow-up
  is parsed (the whole pipeline: a message's context is read as before) and its plan is put in the view asked:
  a list or yes/no counted, a yes/no listed, any of them answered by storey; said in the notes and the rule. A
  plan with a threshold, measure, lookup or comparison takes no view (left to the parser);
- **narrowing**: a unit opening with a restricting word before a determiner or preposition ("only the external
  ones", "just the furniture", "not the external ones", "don't count the external ones", "nur die tragenden",
  "only on Level 2"): the message is parsed with it (rewritten where the parser needs it: "just count" -> "only",
  "don't count" -> "not"; fillers such as "though" dropped), so a narrowing not understood declines naming its
  words, as before. It must narrow: one that changes nothing the request asks, or names a storey or room outside
  the request's, is declined naming it;
- **a purpose fragment** after the question ("Slabs on Erdgeschoss, how many? For the doors."): when it names a
  class, room or storey of the model, declined naming it (round 23: main asked for slabs AND doors); one naming
  nothing ("For the tender.") is left to the readers after;
- **another question**: the last unit a question that is neither. When the whole message reads as a strictly
  narrower question than the request without it (a qualifier or an exclusion more, the same things and place:
  "How many walls on 2.OG? Which of them are external?", "Windows on EG - how many, and which are external?"), it
  asks for part of what the request asks: two questions one answer cannot both answer, declined (the parser used
  to answer the second as if it were the first). Anything else is the parser's, which declines two requests that
  stand alone (round 11).

:func:`read` returns None when no follow-up is found (the caller parses as before), else the plan to answer. It
parses through ``Parser.parse`` with itself switched off (a context variable), so every other reading applies to
the request and no reading loops.
"""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import message_sentences, several_requests
from ifcqa.spatial.plan import Plan

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

_BUSY: ContextVar[bool] = ContextVar("follow_ups_busy", default=False)
_CAN = "Ask them one at a time."
_CANONICAL = {"count": "How many", "list": "Which ones", "storeys": "on which storeys"}
_VIEW_WORDS = {"count": "counted", "list": "listed", "storeys": "by storey", "names": "by name"}
_QUESTION_START = re.compile(r"^\s*(?:(?:and|so|ok|also|but|und|aber)\s*,?\s+)?(?:how|which|what|where|who|when|why|"
                             r"is|are|do|does|did|can|could|has|have|was|were|any|wie|welche\w*|wo|was|gibt|sind|ist|"
                             r"hat|haben)\b", re.I)
# a sentence end after a number ("on Level 1. The number ..."), never a German ordinal ("1. Obergeschoss")
_NUMBER_END = re.compile(r"(?<=\d[.!])\s+(?=[A-ZÄÖÜ])(?!(?:Obergeschoss|OG|Untergeschoss|UG|Etage|Stock|Geschoss|"
                         r"Ebene|Dachgeschoss|Stockwerk)\b)")
_COORDINATION = re.compile(r"\s*(?:,\s*(?:and|und)?|\band\b|\bund\b|&|\+)\s*", re.I)


@cache
def _data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/follow_ups.json").read_text("utf-8"))
    return raw


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    views = {name: re.compile(rf"(?:{'|'.join(phrases)})", re.I) for name, phrases in d["views"].items()}
    one_view = "|".join(rf"(?P<{name}>{p.pattern})" for name, p in views.items())
    return {
        "lead": re.compile(rf"^\s*(?:(?:{'|'.join(d['leads'])})\b\s*[,:!-]?\s*)+", re.I),
        "filler": re.compile(rf"\s*,?\s*\b(?:{'|'.join(d['fillers'])})\b", re.I),
        "view": re.compile(rf"\s*(?:{one_view})\s*", re.I),
        "narrow": re.compile(rf"^\s*{d['narrow']}\s+(?:(?:count|list|include)\s+)?{d['narrow_head']}", re.I),
    }


@dataclass
class FollowUp:
    """One trailing unit of the message: its span, its kind (view | narrow | ask) and what it says."""

    start: int
    end: int
    text: str
    kind: str
    views: frozenset[str] = frozenset()
    rewritten: str = ""  # a narrowing as the parser reads it


def views_of(text: str) -> frozenset[str] | None:
    """The views a unit asks when it is made only of view phrases ("If so, which ones?" -> {"list"}), else None."""
    p = _patterns()
    rest = text.strip().rstrip("?.!:;,…").strip()
    lead = p["lead"].match(rest)
    rest = rest[lead.end():] if lead is not None else rest
    rest = p["filler"].sub(" ", rest).strip(" ,.?!")
    if not rest:
        return None
    found: set[str] = set()
    for part in _COORDINATION.split(rest):
        if not part.strip():
            continue
        m = p["view"].fullmatch(part)
        if m is None:
            return None
        found.update(k for k, v in m.groupdict().items() if v is not None)
    return frozenset(found) or None


def narrowing(text: str) -> str | None:
    """A unit that narrows the request ("Only the external ones.", "Don't count the external ones."), as the parser
    reads it ("only the external ones.", "not the external ones."), or None."""
    p = _patterns()
    body = text.strip()
    lead = p["lead"].match(body)
    if lead is not None and not p["narrow"].match(body):
        body = body[lead.end():]
    if not p["narrow"].match(body):
        return None
    for pattern, repl in _data()["narrow_rewrites"]:
        body = re.sub(pattern, repl, body, flags=re.I)
    end = re.search(r"[?.!]*\s*$", body)
    mark = end.group(0).strip() if end is not None else ""
    body = body[:end.start()] if end is not None else body
    body = p["filler"].sub("", body).strip(" ,")
    return body + (mark or ".")


def trailing(question: str) -> tuple[list[FollowUp], int] | None:
    """The follow-up units at the end of ``question`` (last first) and where the request before them ends; None when
    its last unit (greetings aside) is no follow-up, or no request (a question or a request by its form) comes
    before them: a statement before "Which ones?" is message_antecedents' ("The doors on Level 2 get painted.")."""
    found = _units(question)
    while found and found[-1].role == "greeting":
        found.pop()
    out: list[FollowUp] = []
    for u in reversed(found[1:]):
        views = views_of(u.text)
        if views is not None:
            out.append(FollowUp(u.start, u.end, u.text, "view", views))
            continue
        narrowed = narrowing(u.text)
        if narrowed is not None:
            out.append(FollowUp(u.start, u.end, u.text, "narrow", rewritten=narrowed))
            continue
        if not out and ("?" in u.text or _QUESTION_START.match(u.text)):
            out.append(_asked_part(u))
        break
    if not out:
        return None
    head_end = out[-1].start
    if not any(u.role in ("request", "point-back") and u.start < head_end for u in found):
        return None
    return out, head_end


def _units(question: str) -> list[message_sentences.Unit]:
    """The message's units, a unit also split after a number's dot before a capital ("... on Level 1. The number is
    enough."; never a German ordinal, "1. Obergeschoss"); a piece split off keeps the unit's role only first."""
    out: list[message_sentences.Unit] = []
    for u in message_sentences.units(question):
        at = u.start
        for m in _NUMBER_END.finditer(question, u.start, u.end):
            out.append(message_sentences.Unit(at, m.start(), question[at:m.start()], u.role if at == u.start
                                              else "context"))
            at = m.end()
        out.append(u if at == u.start else message_sentences.Unit(at, u.end, question[at:u.end], "context"))
    return out


def _asked_part(u: message_sentences.Unit) -> FollowUp:
    """A last unit asking anew; when it starts with views joined to a question ("how many, and which are
    external?"), only the question after them."""
    pieces = list(_COORDINATION.finditer(u.text))
    for m in pieces:
        head, tail = u.text[:m.start()], u.text[m.end():]
        if tail.strip() and views_of(head) is not None and views_of(tail) is None:
            return FollowUp(u.start + m.start(), u.end, tail, "ask")
    return FollowUp(u.start, u.end, u.text, "ask")


def _blank(question: str, parts: list[FollowUp]) -> str:
    out = question
    for f in parts:
        out = out[:f.start] + re.sub(r"[^\n]", " ", out[f.start:f.end]) + out[f.end:]
    return out


def _put(question: str, f: FollowUp) -> str:
    """``question`` with the narrowing ``f`` as the parser reads it (padded, so later positions stay)."""
    said = f.rewritten.ljust(f.end - f.start) if len(f.rewritten) <= f.end - f.start else f.rewritten
    return question[:f.start] + said + question[f.end:]


# a verbless purpose fragment after the question: "Slabs on Erdgeschoss, how many? For the doors." (the doors are
# neither asked nor set aside: main asked for slabs AND doors)
_PURPOSE_AFTER = re.compile(r"\?\s*(?P<f>(?:for|für|fuer)\s+(?:the|die|den|das|dem|der|our|my|unsere\w*)\s+"
                            r"[^.?!,;:]{1,40}?)\s*[.!]*\s*$", re.IGNORECASE)


def _parse(parser: Parser, text: str) -> Plan:
    token = _BUSY.set(True)
    try:
        return parser.parse(text)
    finally:
        _BUSY.reset(token)


def read(parser: Parser, question: str) -> Plan | None:
    """The plan of a message whose last units follow up its request, or None (no follow-up: parse as before)."""
    if _BUSY.get() or "?" not in question and "." not in question.rstrip(". ") and " - " not in question:
        return None
    purpose = _PURPOSE_AFTER.search(question)
    if purpose is not None:
        named = _parse(parser, purpose["f"])
        if any(not c.inventory for c in named.classes) or named.rooms or named.storeys:
            said = purpose["f"].strip()
            return _declined(question, f"the fragment {said!r} after the question names what the model holds, and "
                             "what it says of the request is not clear", [said],
                             "Ask for what you need in the question itself.")
    got = trailing(question)
    if got is None:
        return None
    follow = got[0]
    if follow[0].kind == "ask":
        return _another_question(parser, question, follow[0])
    narrows = [f for f in follow if f.kind == "narrow"]
    views = frozenset(v for f in follow for v in f.views)
    text = _blank(question, [f for f in follow if f.kind == "view"])
    if views and not narrows and (two := several_requests.before_views(parser, question, text)) is not None:
        return two  # round 15: "How many doors on Level 1? Which are on Level 2? Just the number."
    for f in narrows:
        text = _put(text, f)
    plan = _parse(parser, text)
    plan.question = question
    if plan.declined is not None:
        return plan if narrows else None
    if narrows:
        alone = _parse(parser, _blank(question, follow))
        problem = _not_narrower(plan, alone)
        if problem is not None:
            said = " ".join(f.text.strip() for f in reversed(narrows))
            return _declined(question, f"the follow-up {said!r} {problem}", [said],
                             "Say which of them in the question itself (a storey, a room, a class or a property).")
    if views:
        need = _needed(plan, views)
        if need == "":
            return None
        if need is not None:  # the view said in the request's own sentence, read by the parser with its checks
            plan = _parse(parser, _joined(text, follow[-1].start, need))
            plan.question = question
            if plan.declined is not None or not _answers(plan, need):
                return None
    note = "; ".join(f"the follow-up {f.text.strip()!r} " + (
        "asks the same request " + " and ".join(_VIEW_WORDS[v] for v in sorted(f.views)) if f.kind == "view"
        else "narrows the request") for f in reversed(follow))
    plan.notes.append(note)
    plan.resolved["framing"] = [*plan.resolved.get("framing", []), note]
    return plan


def _needed(plan: Plan, views: frozenset[str]) -> str | None:
    """The view ``plan`` still lacks of those asked (None: it answers in them; "": it takes none, being no plain
    list, count or yes/no: left to the parser)."""
    if plan.intent not in ("list", "count", "exists") or plan.threshold is not None or plan.measure is not None \
            or plan.lookup is not None or plan.compare or plan.resolved.get("count_storeys"):
        return ""
    if "storeys" in views and not plan.asks_storey:
        return "storeys"
    if "count" in views and plan.intent != "count":
        return "count"
    if views & {"list", "names"} and plan.intent == "exists":
        return "list"
    return None


def _answers(plan: Plan, view: str) -> bool:
    """Whether the plan read with ``view`` said answers in it (a yes/no answer also counts and lists)."""
    if plan.intent not in ("list", "count", "exists") or plan.threshold is not None or plan.measure is not None:
        return False
    if view == "storeys":
        return plan.asks_storey
    return plan.intent != "list" if view == "count" else True


def _joined(text: str, at: int, view: str) -> str:
    """``text`` with ``view`` said where the follow-up stood (``at``): "how many" and "which ones" as a sentence of
    their own (they point back, so they are never a second request), the storeys as a clause of the request's
    sentence ("Are there any windows, on which storeys?": a sentence of its own would be a request of its own)."""
    head = text[:at].rstrip()
    if view != "storeys":
        return f"{head} {_CANONICAL[view]}?{text[at:]}"
    end = re.search(r"[?.!]*$", head)
    cut = end.start() if end is not None else len(head)
    return f"{head[:cut]}, {_CANONICAL[view]}?{text[at:]}"


def _what(plan: Plan) -> tuple[Any, ...]:
    return (tuple(sorted(c.key for c in plan.classes)), tuple(sorted(plan.storeys)),
            tuple(sorted(g for r in plan.rooms for g in r.guids)), _quals(plan), tuple(sorted(plan.exclude)),
            tuple(sorted(c.key for c in plan.exclude_classes)), tuple(sorted(plan.elements)),
            bool(plan.threshold), bool(plan.measure))


def _quals(plan: Plan) -> frozenset[tuple[str, bool]]:
    return frozenset((q.rule or q.term, q.negated) for q in plan.qualifiers)


def _not_narrower(plan: Plan, alone: Plan) -> str | None:
    """Why a narrowed plan does not narrow the request read alone, or None (it narrows, or the request alone
    declines: then the narrowed plan stands on its own)."""
    if alone.declined is not None:
        return None
    if _what(plan) == _what(alone):
        return "keeps everything the request asks: I could not read which of them it means"
    if alone.storeys and not set(plan.storeys) <= set(alone.storeys):
        return "names a storey the request does not ask about"
    rooms = {g for r in alone.rooms for g in r.guids}
    if rooms and not {g for r in plan.rooms for g in r.guids} <= rooms:
        return "names a room the request does not ask about"
    return None


def _narrower(whole: Plan, head: Plan) -> bool:
    """Whether ``whole`` asks strictly part of what ``head`` asks: the same things and place, with a qualifier, an
    exclusion or an excluded class more."""
    if {c.key for c in whole.classes} != {c.key for c in head.classes} or set(whole.storeys) != set(head.storeys):
        return False
    if {g for r in whole.rooms for g in r.guids} != {g for r in head.rooms for g in r.guids}:
        return False
    return (_quals(whole) > _quals(head) or set(whole.exclude) > set(head.exclude)
            or {c.key for c in whole.exclude_classes} > {c.key for c in head.exclude_classes})


def _another_question(parser: Parser, question: str, asked: FollowUp) -> Plan:
    """A last unit asking anew: declined when the message reads as part of what the request before it asks."""
    whole = _parse(parser, question)
    if whole.declined is not None:
        return whole
    head = _parse(parser, _blank(question, [asked]))
    first = question[:asked.start].strip(" ,-\u2013\n")
    if (two := several_requests.second_question(question, whole, head, first, asked.text.strip())) is not None:
        return two  # round 15: "How many doors on Level 1? Which are on Level 2?" asks more than either
    if head.declined is not None or not _narrower(whole, head):
        return whole
    said = f"{first!r} and {asked.text.strip()!r}"
    return _declined(question, f"it asks two different questions ({said}): the second asks about part of what "
                     "the first asks, and one answer would read them as one", [], _CAN, note=f"two requests: {said}")


def _declined(question: str, reason: str, words: list[str], can: str, note: str = "") -> Plan:
    out = Plan(question=question, intent="declined")
    out.notes.append(note or f"follow-up: {reason}")
    out.declined = {"reason": reason, "not_understood": words, "can_answer": can}
    return out
