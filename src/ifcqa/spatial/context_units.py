"""The context around a request that names only what the request names or places it does not ask about (issue 22,
round 17 ctx17), set aside; a context clause inside the request's sentence carved out first.

:func:`message_sentences.read` sets a context unit aside only when it restricts nothing asked. Three forms of
context still kept it (and declined the request on the context's words):

- **another place, said to be done or later**: "Which stairs are on Level 1? The Level 2 ones were done last
  month.", "{S2} is not part of it", "We finished 2.OG already." A unit whose grounded names are only storeys the
  request does not ask about is set aside when the request names its own storey and points back at nothing, and the
  unit holds no restricting word (only, just, except, a negation other than one of its own verb: "is not urgent") and
  no adding word (also, too, as well, plus, auch, ebenfalls ...), and says something of that place (a bare "And
  Level 2." or "Level 2 too." adds to the request: never set aside);
- **a class word as a compound's modifier**: "we're pricing wall paint", "the door handles came today", "the
  window cleaner comes Friday": the class word in its singular form right before a word the model does not hold
  names that thing (paint, handles, a cleaner), not the class; set aside when the request asks that class by its
  own subject and points back at nothing (an adjective before the class, "the broken doors", still keeps the unit);
- **the English verb "am"** ("I am the new caretaker") read as German "am" (a place preposition).

:func:`split` carves a clause of who asks or what is going on out of the end of a request sentence ("how many
columns are on Level 1, the site engineer wants to know", "..., we're preparing the handover"): after the last
comma, a subject (a pronoun with its verb, or "the/my/our" and up to three words) and a verb of asking, needing or
doing; it becomes a context unit and is judged like any other (a clause that names something the model grounds, a
restriction or a word pointing back is kept by that judgement).

Words live in ``data/context_units.json``. Called from one place each in :func:`message_sentences.read`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import framing

if TYPE_CHECKING:
    from ifcqa.spatial.message_sentences import Asked, Names, Unit
    from ifcqa.spatial.plan import Plan


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("context_units.json").read_text(encoding="utf-8"))
    return data


def _alt(items: list[str]) -> str:
    return "|".join(sorted(items, key=len, reverse=True))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    return {
        "adds": re.compile(rf"(?<![\w-])(?:{_alt(w['adds'])})(?![\w-])", re.I),
        "restricts": re.compile(rf"(?<![\w-])(?:{_alt(w['restricts'])})(?![\w-])", re.I),
        # a negation of the unit's own verb: "is not urgent", "isn't part of it", "ist nicht dran"
        "own_negation": re.compile(rf"\b(?:{_alt(w['negated_verbs'])})\s+(?:not|nicht|noch\s+nicht)\b|"
                                   rf"\b(?:{_alt(w['negated_verbs'])})n't\b", re.I),
        "negation": re.compile(r"\b(?:not|no|none|nor|nicht|kein\w*|never)\b|n't\b", re.I),
        "filler": re.compile(rf"(?<![\w-])(?:{_alt(w['fragment_words'])})(?![\w-])", re.I),
        "tail": re.compile(rf"(?:,|\s[-\u2013\u2014])\s+(?P<tail>(?:{_alt(w['clause_subjects'])})\s+"
                           rf"(?:[^\W\d_][\w'-]*\s+){{0,3}}?"
                           rf"(?:{_alt(w['clause_verbs'])})\b[^,?]*?)\s*[.!?]*\s*$", re.I),
        # a clause with its own subject and verb: "..., the Level 1 ones are already done"
        "statement_tail": re.compile(rf",\s+(?P<tail>(?:{_alt(w['clause_subjects'])}|das|die|der)\s+"
                                     rf"(?:[\w.'-]+\s+){{1,4}}?(?:{_alt(w['statement_verbs'])})\b[^,?]*?)\s*[.!?]*\s*$",
                                     re.I),
        "pronoun_tail": re.compile(rf",\s+(?P<tail>(?:{_alt(w['pronoun_subjects'])})\s+[^,?]+?)\s*[.!?]*\s*$",
                                   re.I),
        "back": re.compile(r"\b(?:them|they|those|these|it|its|their|there|that|this|sie|dort|da)\b", re.I),
        "stop": re.compile(rf"(?:{_alt(w['stop_words'])})$", re.I),
        "english_am": re.compile(r"\b(?:i|I)\s+am\b"),
        # a unit that adds: opening with an adding word, or closing with one ("And the doors on Level 2.", "Level 2
        # too.", "Das OG auch.")
        "adds_said": re.compile(r"^\s*(?:and|also|plus|as\s+well\s+as|additionally|und|auch|sowie|dazu|außerdem)\b"
                                r"|\b(?:too|as\s+well|also|auch|ebenfalls|dazu)\s*(?:please|pls|bitte)?\s*[.!]*\s*$",
                                re.I),
        # a day or month after a preposition is a time, never a place ("moved to Thursday", "on Monday")
        "when": re.compile(r"\b(?:to|on|at|until|till|by|from|in)\s+(?:(?:next|this|last)\s+)?(?:monday|tuesday|"
                           r"wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|"
                           r"august|september|october|november|december|montag|dienstag|mittwoch|donnerstag|freitag|"
                           r"samstag|sonntag)\b", re.I),
        # a chat's lead word before a question ("anyway doors wider than 1.5 m?", "lol ok which ..."): no word of it
        "lead": re.compile(rf"^\s*(?:(?:{_alt(w['chat_leads'])})\b\s*[,:!.]?\s*)+", re.I),
        # people as the subject: "They want to plan the deliveries.", "He needs it for the quote."
        "people": re.compile(rf"^\s*(?:they|he|she)\s+(?:{_alt(w['people_verbs'])})\b", re.I),
    }


def named(plan: Plan, class_keys: dict[str, str], asked: bool = False) -> dict[str, Any]:
    """What a unit's plan names beyond storeys, for ``Names`` (a context) or ``Asked`` (``asked``: the request):
    its qualifiers' rules and rooms; for a context also its class keys and whether it restricts otherwise."""
    out: dict[str, Any] = {
        "qualifiers": frozenset(_rule(q.rule) + (" (negated)" if q.negated else "") for q in plan.qualifiers),
        "rooms": frozenset(g for r in plan.rooms for g in r.guids)}
    if not asked:
        out["class_keys"] = frozenset(class_keys.get(w, w) for _, _, w in plan.resolved.get("class_spans", []))
        out["bounds"] = bool(plan.threshold or plan.exclude or plan.exclude_classes or plan.explicit or plan.elements
                             or plan.compare or any(m.negated for m in plan.mentions) or plan.measure)
    return out


def _rule(rule: str) -> str:
    """A qualifier's rule without its property sets ("Pset_WallCommon.IsExternal or Pset_DoorCommon.IsExternal =
    TRUE": "IsExternal = TRUE"): said of no class in a context, of the class asked in the request."""
    bare = re.sub(r"\b[A-Za-z_]\w*\.(?=[A-Za-z_])", "", rule)
    return re.sub(r"\b(\w+)(?:\s+or\s+\1\b)+", r"\1", bare)


def split(question: str, found: list[Unit]) -> list[Unit]:
    """``found`` with a context clause carved out of the end of each request unit ("..., the site engineer wants
    to know", "..., we're preparing the handover")."""
    from ifcqa.spatial.message_sentences import Unit

    p = _patterns()
    out: list[Unit] = []
    for u in found:
        lead = p["lead"].match(u.text) if u.role == "request" and "?" in u.text else None
        if lead is not None and re.search(r"[^\W\d_]", u.text[lead.end():]):
            out.append(Unit(u.start, u.start + lead.end(), u.text[:lead.end()], "point-back"))
            u = Unit(u.start + lead.end(), u.end, u.text[lead.end():], u.role)
        m = p["tail"].search(u.text) if u.role == "request" else None
        for other in ("statement_tail", "pronoun_tail"):
            if m is None and u.role == "request":
                m = p[other].search(u.text)
        if m is None or p["back"].search(m["tail"]) or p["restricts"].search(m["tail"]) or p["adds"].search(
                re.sub(r"\b(?:and|und)\b", " ", m["tail"])) or p["negation"].search(m["tail"]):
            out.append(u)
            continue
        cut = u.start + m.start()
        head = question[u.start:cut]
        if not re.search(r"[^\W\d_]", head):
            out.append(u)
            continue
        tail_start = u.start + m.start("tail")
        out.append(Unit(u.start, cut, head, u.role))
        out.append(Unit(tail_start, u.start + m.end("tail"), m["tail"], "context"))
    return out


def aside(question: str, unit: Unit, said: str, names: Names, alone: Asked, asked_text: str,
          points_back: bool) -> bool | None:
    """True: the context ``unit`` is set aside (:func:`_aside`); False: it is kept whatever else holds, because it
    adds something the model grounds to the request ("And the doors on Level 2.", "Also Level 2 and Roof."); None:
    :func:`message_sentences.read`'s own judgement."""
    if _patterns()["adds_said"].search(unit.text) and (names.storeys or names.classes or names.rooms
                                                        or names.qualifiers or names.places):
        return False
    return True if _aside(question, unit, said, names, alone, asked_text, points_back) else None


def _aside(question: str, unit: Unit, said: str, names: Names, alone: Asked, asked_text: str,
           points_back: bool) -> bool:
    """Whether the context ``unit`` (``said``: its text with times and dates blanked; ``names``: what it names,
    parsed alone) is set aside although :func:`message_sentences.read`'s own judgement would keep it: it names only
    other storeys to say they are done or later, only a class as a compound's modifier, or reads "I am" as a
    place. Never when the request points back at anything (``points_back``) or the unit restricts or adds."""
    p = _patterns()
    text = unit.text
    if points_back or not alone.answered or p["adds"].search(text) or p["restricts"].search(text):
        return False
    negation = p["negation"].search(p["own_negation"].sub(" ", text))
    if negation is not None:
        return False
    from ifcqa.spatial.context_restrict import leaves_out

    if names.storeys & alone.storeys and leaves_out(text):
        return False  # round 19: "Level 1 is not part of the job. Which doors are on Level 1?" contradicts it
    if _restates(said, names, alone, asked_text):
        return True
    if names.restricts:
        return False
    if names.storeys:  # (a sentence of its own: "Before the inspection of the Dachgeschoss: ..." stays, round 8)
        return not re.match(r"[ \t]*[:\u2013\u2014-]", question[unit.end:]) and _other_storeys(text, names, alone,
                                                                                              asked_text)
    if names.places:
        return False  # a room: read's own judgement
    if names.classes:
        return not names.storeys and _compound_modifiers(said, names, alone)
    if p["people"].match(text) and not (names.places or names.classes or names.qualifiers or names.rooms):
        return True  # "They want to plan the deliveries.": what people do, never which things
    # "I am the new caretaker": the English verb, never German "am" before a place; "moved to Thursday": a day
    if names.places or names.classes or names.qualifiers or names.rooms:
        return False
    blanked = p["english_am"].sub(" ", p["when"].sub(" ", said))
    return blanked != said and framing.place_said(said) and not framing.place_said(blanked) and not re.search(
        r"\b(?:wings?|blocks?|annex\w*|towers?|tracts?|flügel|trakt|bauteil|building|haus)\b", blanked, re.I)


def _restates(said: str, names: Names, alone: Asked, asked_text: str) -> bool:
    """A unit naming only what the request names ("I'm surveying the facade. Which external walls are on Level
    2?", "We work on the Erdgeschoss today. Which doors are on the Erdgeschoss?"), each class word without a word
    before it that the request does not hold ("the broken doors" may say which)."""
    grounded = names.storeys | names.class_keys | names.qualifiers | names.rooms
    if (not grounded or names.bounds or not names.storeys <= alone.storeys or not names.rooms <= alone.rooms
            or not names.qualifiers <= alone.qualifiers or not names.class_keys <= alone.classes
            or (names.places and not names.storeys and not names.rooms)):
        return False
    for key in names.class_keys:  # "The windows are dirty.": a state said of them may say which (round 13)
        if re.search(rf"\b{re.escape(key)}\w*\s+(?:is|are|was|were|seem\w*|look\w*|need\w*|have|has|get|gets|got|"
                     r"ist|sind|war|waren|haben|hat)\b", said, re.I):
            return False
    return _plain_classes(said, names, asked_text)


def _plain_classes(said: str, names: Names, asked_text: str) -> bool:
    """Every class word of the unit said without a word before it that the request does not hold (a determiner, a
    storey's name or number, a word of the request, or the unit's verb: never "the broken doors")."""
    asked_words = {w.casefold() for w in re.findall(r"[^\W\d_][\w'-]*", asked_text)}
    for key in names.class_keys:
        hits = list(re.finditer(rf"\b{re.escape(key)}\w*", said, re.I))
        if not hits:
            return False  # a class said in other words: judged as before
        for h in hits:
            before = re.search(r"([^\W\d_][\w'-]*)\s+$", said[:h.start()])
            if before is None or before.group(1).casefold() in asked_words or re.fullmatch(
                    r"the|a|an|our|my|all|every|some|any|their|your|his|her|these|die|der|das|den|alle",
                    before.group(1), re.I):
                continue
            if not re.search(r"\b(?:i'm|we're|they're|i\s+am|we\s+are|they\s+are|we|i|they|will|to)\s+$",
                             said[:before.start(1)], re.I):
                return False
    return True


def _other_storeys(text: str, names: Names, alone: Asked, asked_text: str) -> bool:
    """A unit naming storeys the request does not ask about (it names its own), saying something of them."""
    if not alone.storeys or names.storeys & alone.storeys or names.bounds or names.qualifiers or names.rooms:
        return False
    if names.classes and not (names.class_keys <= alone.classes and _plain_classes(text, names, asked_text)):
        return False  # "The Level 1 windows were cleaned yesterday.": the class asked, said plainly
    rest = _patterns()["filler"].sub(" ", text)
    rest = re.sub(r"[^\W\d_]*\d[\w.]*|[^\w\s]", " ", rest)  # storey names with digits ("2.OG", "Level 2")
    # what is left besides the storey's name: a statement about it ("were done last month"), never a bare fragment
    words = re.findall(r"[^\W\d_][\w'-]*", rest)
    return len(words) >= 2


def _compound_modifiers(said: str, names: Names, alone: Asked) -> bool:
    """Every class the unit names is the modifier of a compound ("wall paint", "door handles"): its singular word
    right before another word that is no function word, its plural absent; the request asks those classes."""
    if not alone.subject or not names.modified or not names.modified <= alone.classes:
        return False
    p = _patterns()
    for key in names.modified:
        if not re.fullmatch(r"[a-z]{3,}", key) or re.search(rf"\b{key}(?:s|es)\b", said, re.I):
            return False
        hits = list(re.finditer(rf"\b{key}\s+([^\W\d_][\w'-]*)", said, re.I))
        if not hits or any(p["stop"].fullmatch(h.group(1)) for h in hits):
            return False
        before = [re.search(r"([^\W\d_][\w'-]*)\s+$", said[:h.start()]) for h in hits]
        for b in before:
            if b is None or re.fullmatch(r"the|a|an|our|my|new|some|any|their|your|his|her", b.group(1), re.I):
                continue
            if not re.search(r"\b(?:i'm|we're|they're|i\s+am|we\s+are|they\s+are|we|i|they|will|to)\s+$",
                             said[:b.start(1)], re.I):
                return False  # "the broken door frames": a word before the compound that is no verb may say which
    return True


def added(question: str, only_request: str, unit: Unit, requests: list[Unit], names: Names, alone: Asked,
          asked: Callable[[str], Asked], points_back: bool) -> tuple[str, str] | None:
    """``question`` with a fragment that adds another storey right after the request ("Which doors are on Level 1?
    Also the Level 2 ones.", "... And Level 2.", "... EG too please.") joined to it ("Which doors are on Level 1
    and Level 2"), the same length (every other unit keeps its place), when the joined request asks exactly the
    request's classes on both storeys; else None (the fragment is kept, and declines as before).
    ``only_request``: the question with every unit but the requests blanked; both are returned joined."""
    p = _patterns()
    request = next((r for r in reversed(requests) if r.end <= unit.start), None)
    text = unit.text
    if (request is None or points_back or not alone.answered or not alone.storeys or not names.storeys
            or names.storeys & alone.storeys or names.restricts or not p["adds"].search(text)
            or p["restricts"].search(text) or p["negation"].search(text)
            or question[request.end:unit.start].strip() or not question[:request.end].rstrip().endswith("?")):
        return None
    rest = p["adds"].sub(" ", text)
    rest = re.sub(r"(?<![\w-])(?:the|ones|one|please|pls|bitte|die|das|der|on|auf|im|in)(?![\w-])", " ", rest,
                  flags=re.I)
    rest = re.sub(r"\s+", " ", re.sub(r"[,;:!?]|\.(?=\s*$)|^\s*\.", " ", rest)).strip(" .")
    joined = f"and {rest}"
    if not rest or len(joined) > len(text):
        return None
    mark = question.rindex("?", 0, request.end)

    def join(t: str) -> str:
        return t[:mark] + " " + t[mark + 1:unit.start] + joined.ljust(len(text)) + t[unit.end:]

    now = asked(join(only_request))
    if not now.answered or now.storeys != alone.storeys | names.storeys or now.classes != alone.classes:
        return None
    return join(question), join(only_request)


def adds_storey(sentence: str, term: str) -> bool:
    """Whether ``sentence`` is a fragment that only adds the storey ``term`` to the request before it ("Also the
    Level 2 ones.", "And Level 2.", "EG too please.", "Das OG auch."): an adding word, the storey, and nothing
    else but articles, "ones" and courtesy; never a restricting or negating word."""
    p = _patterns()
    if not p["adds"].search(sentence) or p["restricts"].search(sentence) or p["negation"].search(sentence):
        return False
    folded = sentence.casefold()
    at = folded.find(term.casefold())
    if at < 0:
        return False
    rest = folded[:at] + " " + folded[at + len(term):]
    rest = p["adds"].sub(" ", rest)
    rest = re.sub(r"(?<![\w-])(?:the|ones|one|please|pls|bitte|die|das|der|den|on|auf|im|in|floor|level|storey|"
                  r"thanks|thank you|danke)(?![\w-])", " ", rest)
    return not re.search(r"[^\W\d_]", rest)
