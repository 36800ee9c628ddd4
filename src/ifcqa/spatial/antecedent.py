"""A question that refers back to the sentence before it (issue 22, round 5c).

People give the reason first and then ask about it: "Before we open up the Keller: which walls down there are
load-bearing?", "We want to core-drill through walls on the 1stFloor. Which ones are thicker than 20 cm?", "FM
ticket: lock check needed on all doors of room 101. Which doors are those?". The question alone lacks its storey,
room or class ("down there", "which ones", "those"); the sentence before names them, wrapped in words that say why
(open up, core-drill, lock check) and constrain nothing.

:func:`split` finds such a pair: a context part, then (after ". ", ":", ";", "!" or a spaced dash) a question part
holding a back-reference: a place ("up/down/in there", "there" closing the sentence, "dort") or a thing ("which
ones", "those", "these", "them", "they"). The parser (``Parser._antecedent``) parses the context by itself and
accepts it only when every word it did not read is a reason, never a modifier of what it names
(:func:`modifier_words`): a word right before a class or room word ("broken doors"), or after one with a
connector ("doors with panic bars", "walls that are cracked"), keeps the question as written, so it declines
naming them. :func:`rewrite` then puts the context's storey, room and class phrases where the question refers
back, and the parser reads that question; the note says how it was read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# the storey nouns a German ordinal's dot stands before ("1. Obergeschoss", "2. OG", "3. Etage")
_ORDINAL_NOUNS = r"(?:obergeschoss\w*|og|untergeschoss\w*|ug|etage|stock\w*|geschoss\w*|ebene|dachgeschoss)\b"
# the boundary between the context and the question: the last one before the question part
_BOUNDARY = re.compile(r"(?<=[^\s?\d])(?:[.:;!]+\s+|\s+-+\s+)|(?<=\d)(?:[:;!]+|\.(?!\s*" + _ORDINAL_NOUNS + r"))\s+"
                       r"|(?<=[^\s?]),\s+(?=(?:please|pls|can\s+you|could\s+you|bitte|kannst\s+du|können\s+sie)\b)")
# (never the dot of an ordinal: "1. Obergeschoss"; a comma before a request: "..., please list them all")
_PLACE = re.compile(r"\b(?:(?:up|down|over|in|out)\s+there|on\s+th(?:at|is)\s+(?:floor|level|storey)|"
                    # round 10: "We're redoing the living room. What furniture is in it?": the room the context names
                    r"in\s+th(?:at|is)\s+(?:room|space)|in\s+it(?=\s*(?:[?.!]|$|right\s+now|now|today|currently))|"
                    r"there(?=\s*[?.!]*\s*$)|dort(?:\s+(?:oben|unten))?|da\s+(?:oben|unten))\b")
_THING = re.compile(r"\b(?:which\s+ones|those|these|them|they|ones|welche\s+davon|diese)\b"
                    # "how many doors is that?", "which walls is that?": "that" closing the question (round 7)
                    r"|\b(?:that|das)(?=\s*[?.!]*\s*$)"
                    r"|\bhow\s+many(?=\s+(?:are|were|is)\s+there\b)")  # "... - how many are there?" (round 7)
# "which doors are those?", "which ones are they?", "what are they": the question asks for the context's thing
_IDENTIFY = re.compile(r"^\s*(?:so\s+)?(?:which|what|welche)(?:\s+(?P<head>[^\W\d_][\w-]*))?\s+(?:are|is|sind)\s+"
                       r"(?:those|these|they|them|that|it|das|diese|die)\s*[?.!]*\s*$")
# words between a class/room word and an unread word that make the unread word its modifier
_CONNECTORS = frozenset({"with", "without", "having", "that", "which", "whose", "who", "featuring", "fitted", "made",
                         "of", "are", "is", "were", "was", "mit", "ohne", "die", "der", "das", "aus"})
# function words an unread reason word may stand before a class word with ("core-drill through walls")
_PREPOSITIONS = frozenset({"through", "on", "in", "into", "onto", "at", "to", "for", "from", "behind", "along",
                           "across", "around", "near", "upon", "within", "between", "over", "under", "all", "the",
                           "every", "each", "some", "any", "our", "my", "their", "durch", "auf", "an", "im", "am",
                           "alle", "allen", "den", "dem"})
# a word after these is a verb, not an adjective before the class word ("we want to core-drill walls", "we are
# replastering walls"; "we are checking cracked walls" still has "cracked" right before the class word)
_TO_VERB = frozenset({"to", "will", "would", "can", "could", "must", "should", "shall", "may", "might", "zu"})
_AUXILIARIES = frozenset({"am", "is", "are", "was", "were", "be", "been", "being"})
_DETERMINERS = frozenset({"the", "a", "an", "some", "all", "these", "those", "our", "my", "their", "many", "few",
                          "several", "most", "every", "each", "any", "die", "der", "das", "alle", "einige"})
# nouns that name an activity, heading a compound after a class word ("window cleaning", "door maintenance")
_ACTIVITIES = frozenset({"maintenance", "check", "checks", "inspection", "audit", "survey", "service", "servicing",
                         "repair", "repairs", "replacement", "installation", "works", "work", "walk", "review",
                         "wartung", "prüfung", "pruefung", "reinigung", "austausch", "sanierung"})


def _activity(word: str) -> bool:
    w = word.casefold()
    return w in _ACTIVITIES or (w.endswith("ing") and len(w) > 5)


_WORD = re.compile(r"[^\W\d_][\w'-]*|\d[\w.]*")


@dataclass(frozen=True)
class Pair:
    context: str  # the part before the question (normalised text, as written)
    question: str  # the question part
    place: re.Match[str] | None  # the place it refers back with, in ``question``
    thing: re.Match[str] | None  # the thing it refers back with, in ``question``


def split(text: str) -> Pair | None:
    """The context and the question referring back to it, or ``None`` (one sentence, or no back-reference)."""
    # the talk blanked before ("next week") leaves runs of spaces, also before the sentence's end
    stripped = re.sub(r"\s+(?=[.,:;!?])", "", " ".join(text.split()))
    bounds = list(_BOUNDARY.finditer(stripped))
    for found in reversed(bounds):
        context, question = stripped[: found.start()].strip(), stripped[found.end():].strip()
        if not context or not re.search(r"[^\W\d_]", question) or "?" in context:
            continue
        if _ASKS.match(context):  # a question is never the context ("how many walls are there apart from X. ones?")
            continue
        place, thing = _PLACE.search(question), _THING.search(question)
        if place is None and thing is None:
            return None
        return Pair(context, question, place, thing)
    return None


# a question part that stands by itself: a question mark, or a question word / request verb opening it
_ASKS = re.compile(r"^\s*(?:(?:please|pls|so|and|also|bitte)\s+)?(?:which|what|where|how|is|are|does|do|can|could|list|"
                   r"show|give|tell|count|welche[mnrs]?|was|wo|wie|gibt|sind|ist|zeig\w*|nenn\w*)\b")


def split_any(text: str) -> Pair | None:
    """A context sentence and, after the last boundary, a question that stands by itself ("We're doing a window
    audit. How many windows are upstairs?"), with no back-reference; ``None`` when there is no such pair."""
    stripped = re.sub(r"\s+(?=[.,:;!?])", "", " ".join(text.split()))  # as in ``split``
    for found in reversed(list(_BOUNDARY.finditer(stripped))):
        context, question = stripped[: found.start()].strip(), stripped[found.end():].strip()
        if not context or "?" in context or not re.search(r"[^\W\d_]", question):
            continue
        if _ASKS.match(context):
            continue  # a question is never the context
        if "?" in question or _ASKS.match(question):
            return Pair(context, question, None, None)
        return None
    return None


# a part of what the context names: "some walls", "a few doors", "einige Türen"; "only those", "nur die" (round 23)
_SOME = re.compile(r"(?<![\w'-])(?:some|several|a\s+few|few|certain|einige\w*|manche\w*|mehrere\w*|ein\s+paar|"
                   r"wenige\w*)\s+$", re.I)
_ONLY_THOSE = re.compile(r"(?<![\w'-])(?:only|just|nur)\s+(?:those|these|them|they|diese\w*|die)(?![\w'-])", re.I)


def part_said(context: str, named: list[tuple[int, int]]) -> str | None:
    """What in ``context`` says that only part of a thing it names is meant ("the kids drew on some walls. Only
    those get painted."): a partitive quantifier right before a class or room word, or "only those". The question
    referring back then asks about that part, which the model cannot tell (round 23 story23): None when none."""
    for a, _ in named:
        m = _SOME.search(context[:a])
        if m is not None:
            return (context[m.start():a] + (context[a:].split() or [""])[0]).strip()
    m2 = _ONLY_THOSE.search(context)
    return m2.group(0) if m2 is not None else None


def modifier_words(context: str, unread: list[str], named: list[tuple[int, int]],
                   places: Sequence[tuple[int, int]] = ()) -> list[str]:
    """The unread words of ``context`` that modify or state something of a thing it names (``named``: spans of its
    class and room words; ``places``: its storey mentions): right before one ("broken doors"; a preposition or
    article is no modifier), after one or a place past a connector ("doors with panic bars", "the doors on Level
    1 that are broken"), or a statement whose subject the thing is ("Some doors on Level 1 were painted red":
    every unread word then). A word right after a class word is the head of a compound only when it names an
    activity ("window cleaning", "door maintenance")."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(context)]
    starts = {a for a, _ in named}
    ends = {b for _, b in named} | {b for _, b in places}
    first = next((t for t in tokens if t[2].casefold() not in _DETERMINERS), None)
    if first is not None and first[0] in starts:  # the thing is the statement's subject
        after = next((t for t in tokens if t[0] >= next(b for a, b in named if a == first[0])), None)
        if after is None or not _activity(after[2]):
            return [w for w in unread if w.casefold() not in _DETERMINERS]
    wanted = {w.casefold() for w in unread}
    out: list[str] = []
    for i, (a, _, word) in enumerate(tokens):
        if word.casefold() not in wanted or any(x <= a < y for x, y in named):
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        prev = tokens[i - 1][2].casefold() if i > 0 else ""
        verb = prev in _TO_VERB or (prev in _AUXILIARIES and word.casefold().endswith("ing"))
        if nxt is not None and nxt[0] in starts and word not in _PREPOSITIONS and not verb:
            out.append(word)  # "broken doors": an adjective before the class word
            continue
        j = i - 1
        between: list[str] = []
        while j >= 0 and tokens[j][1] not in ends and tokens[j][2] in _CONNECTORS:
            between.append(tokens[j][2])
            j -= 1
        if between and j >= 0 and tokens[j][1] in ends:
            out.append(word)  # "doors with panic bars", "walls that are cracked"
    return out


def rewrite(pair: Pair, *, place: str, thing: str, asks_place: bool, asks_thing: bool,
            same_thing: bool = True) -> str | None:
    """The question with the context's ``place`` ("on keller", "of room 101") and ``thing`` ("walls",
    "load-bearing walls") where it refers back; ``asks_place`` / ``asks_thing``: the question names no storey or
    room / no class of its own; ``same_thing``: the classes it names are the context's. ``None`` when the
    reference has nothing to stand for."""
    question = pair.question
    if pair.thing is not None and pair.thing.group(0).startswith("how") and thing and asks_thing:
        # "how many are there?": the things counted first, then "there" may stand for the context's place
        question = question[: pair.thing.end()] + f" {thing}" + question[pair.thing.end():]
        pair = Pair(pair.context, question, _PLACE.search(question), None)
    identify = _IDENTIFY.match(question)
    if identify is not None and thing:  # "which doors are those?": the context's things, listed
        if not asks_thing and not same_thing:
            return None  # "which windows are those?" after naming doors: not the same things
        return f"list the {thing} {place}".strip() + "?"
    if identify is not None and identify.group("head") and not asks_thing and place:
        return f"list the {identify.group('head')} {place}?"  # "we retile the Bad. which walls is that?"
    if pair.place is not None and place and asks_place:
        question = question[: pair.place.start()] + place + question[pair.place.end():]
    elif pair.place is not None and not asks_place:
        return None  # "there" while the question names its own storey: nothing to stand for
    if pair.thing is not None and thing and asks_thing:
        found = _THING.search(question)
        if found is None:
            return None
        said = (f"which {thing}" if found.group(0).startswith("which") else
                f"how many {thing}" if found.group(0).startswith("how") else thing)
        question = question[: found.start()] + said + question[found.end():]
    elif pair.thing is not None and not thing and asks_thing:
        return None
    if asks_place and place and pair.place is None:  # "which ones are thicker than 20 cm": the place goes along
        question = re.sub(r"\s*([?.!]*)\s*$", lambda m: f" {place}{m.group(1)}", question, count=1)
    if asks_thing and thing and thing not in question:
        return None  # "We are repainting all doors. How many are there?": never every element's count
    return question
