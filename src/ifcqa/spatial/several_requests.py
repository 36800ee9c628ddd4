"""A message holding several requests, or a request and a tail saying how to answer (issue 22, round 15 two15).

People put more than one thing in a message: "What's the height of the doors on Level 2? Und wie viele Türen gibt
es auf Level 1? Gruß", "How many doors on Level 1? Which are on Level 2?", "How many doors on Level 1? Which are
external? Just the number.". Round 11 declines two requests that each stand alone (``Parser._two_requests``) and
round 14 declines a second question asking for part of the first (``follow_ups``); three ways around them answered
a merged, broader question with confidence:

- **a closing read by the spelling corrector**: the two-requests decline was re-read by spelling ('Gruß' as 'Gross')
  and the message so read answered as one question. A decline that is about the message's structure (several
  requests) is :func:`settled`: spelling never re-reads it; and the words of greeting and closing units
  (:func:`closing_words`, ``data/several_requests.json``: "Gruß", "Grüßle", "LG", "Danke dir", "Tschüss") are never
  read as other words;
- **a closing not known as one** ("Schöne Grüße", "Grüßle", "Servus"): :func:`closing` tells one, so
  ``message_sentences`` gives it the greeting role;
- **a second question that reads its subject from the first but asks about another place** ("How many doors on
  Level 1? Which are on Level 2?"): read with the first it asks for more than either (or, after an exclusion,
  something else: "Doors that are not on level 1? Which are on Level 2?" excluded Level 2 too);
  :func:`second_question` declines it naming both when the message read whole names other storeys or rooms than
  the first request read alone, the second opening with a question word ("And on Level 2?" asks the same again
  elsewhere and is left as before). A second question asking for part of the first, with a tail saying which
  single answer is wanted ("Which are external? Just the number."), is answered: the part, in the form asked, its
  rule said.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan

_CAN = "Ask them one at a time."
# a second question by its question word ("Which are on Level 2?"); "And on Level 2?" asks the same again elsewhere
_ASKS = re.compile(r"^\s*(?:(?:and|so|also|but|plus|und|aber|außerdem|ausserdem|zudem)\s*[,:]?\s+)?(?:how|which|what|"
                   r"where|who|when|is|are|do|does|wie|welche\w*|wo|was|gibt|sind)\b", re.I)


@cache
def _closing() -> re.Pattern[str]:
    data = json.loads(resources.files("ifcqa.spatial").joinpath("data/several_requests.json").read_text("utf-8"))
    # a closing, then at most a name or two ("Grüßle, Eva", "Servus Max", "Danke und Gruß, Jens")
    return re.compile(rf"^\s*(?:{'|'.join(data['closings'])})\b[\s,!.]*(?:[A-ZÄÖÜ][\w.-]*\s*){{0,2}}[!.]?\s*$",
                      re.I)


def closing(text: str) -> bool:
    """Whether a unit is a closing or greeting line ("Schöne Grüße", "Grüßle, Eva", "Tschüss", "LG Anna")."""
    return "?" not in text and bool(_closing().match(text))


def closing_words(question: str) -> set[str]:
    """The casefolded words of the message's greeting and closing units: never read as other words."""
    from ifcqa.spatial import message_sentences

    return {w.casefold() for u in message_sentences.units(question) if u.role == "greeting"
            for w in re.findall(r"[^\W\d_][\w'-]*", u.text)}


def settled(plan: Plan) -> bool:
    """Whether a decline is about the message's structure (several requests): no word of it is to be re-read."""
    return plan.declined is not None and any(n.startswith("two requests") for n in plan.notes)


def second_question(question: str, whole: Plan, head: Plan, first: str, second: str) -> Plan | None:
    """A decline when the message read whole (``whole``) asks about another place than its first request read alone
    (``head``): the second question reads its subject from the first and names a storey or room of its own ("How
    many doors on Level 1? Which are on Level 2?"), so one answer would merge two questions, or read the second
    place into the first's (an exclusion taking it too); else None."""
    if whole.declined is not None or head.declined is not None or not _ASKS.match(second):
        return None
    # any other place: more storeys merge two questions; fewer are no sure narrowing ("Doors that are not on level 1?
    # Which are on Level 2?" read whole excludes Level 2 as well)
    if set(whole.storeys) == set(head.storeys) and {g for r in whole.rooms for g in r.guids} == {
            g for r in head.rooms for g in r.guids}:
        return None
    from ifcqa.spatial.plan import Plan as _Plan

    said = f"{first!r} and {second!r}"
    out = _Plan(question=question, intent="declined")
    out.notes.append(f"two requests: {said}")
    out.resolved["several_requests"] = "another place"
    out.declined = {"reason": f"it asks two different questions ({said}): the second asks about another place than "
                              "the first, and one answer would read them as one",
                    "not_understood": [], "can_answer": _CAN}
    return out


def before_views(parser: Parser, question: str, text: str) -> Plan | None:
    """The decline of :func:`second_question` when the message without its answer-form tail (``text``: "How many
    doors on Level 1? Which are on Level 2?" of "... Just the number.") ends in a second question about another
    place; else None (the tail picks the one answer: a second question asking for part of the first is answered)."""
    from ifcqa.spatial import follow_ups

    got = follow_ups.trailing(text)
    if got is None or got[0][0].kind != "ask":
        return None
    plan = follow_ups._another_question(parser, text, got[0][0])
    if plan.resolved.get("several_requests") != "another place":
        return None
    plan.question = question
    return plan
