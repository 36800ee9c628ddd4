"""What people write around a question that asks nothing itself (issue 22, round 4): two passes.

**The talk** (:func:`mask_talk`): people write to a colleague, not to a parser: "site walk tmrw - pls send me a
list of every door on Level 1",
"Dear BIM coordinator, for the glazing survey I need the windows on the GroundFloor", "Ticket 2291: the
contractor claims Level 1 has at least 10 walls - does it?", "Do we have over 50 windows on the 2. OG, or am I
misremembering?". :func:`mask_talk` blanks (with spaces, so offsets stay) the parts that carry no constraint:

- a salutation up to its comma ("Dear BIM coordinator,", "Hi Tom,", "Hallo Frau Weber,");
- the verbs that open a request ("I'm looking for", "we are searching for", "I'm trying to find", "ich suche"),
  where the request starts;
- a preamble before a colon or a spaced dash ("Note from site walk:", "site walk tmrw -"), only when the
  ``is_context`` callback says it names nothing of the model (no class, storey, room, qualifier, measure);
- a purpose phrase "for the <words> survey / plan / audit ..." whose words name no class, storey, room or
  qualifier (a topic such as "glazing" may be a quantity word: the survey's topic is not what is asked);
- a reported claim's frame ("the contractor claims (that)", "I was told (that)", "someone said"), whose
  proposition is then asked as a yes/no question; its speaker must name nothing of the model;
- a tag asking to confirm ("- does it?", "- true?", ", or am I misremembering?", "which would surprise me").

Anything else stays for the word accounting: a preamble that names a storey or a class ("Level 2: doors?") is
read as part of the question, never dropped.

**The frame** (:func:`mask_context`, :func:`confirm_question`): people wrap a request in its context: a ticket's
topic line ("Door hardware audit: list the doors of room B203"),
who it is for or who needs it ("... for the locksmith", "... for the heating engineer": up to two words naming the
trade before the role noun; "walls around room A104 - the tiler needs them"), or a
statement to confirm ("Is it true that the model has no columns?"). None of these narrows or widens what is asked,
so the parser reads them as filler, but only in those frames: a role word elsewhere, a topic line holding a word
that could be a qualifier, or a role word the model's own names hold is left for the other passes (and declined
when nothing reads it). The words are data (``data/framing_words.json``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

from ifcqa.spatial.restricting import RESTRICTS


@dataclass(frozen=True)
class _Words:
    roles: tuple[str, ...]
    activities: tuple[str, ...]
    topics: frozenset[str]
    confirm: tuple[str, ...]
    purposes: tuple[str, ...]
    lead: frozenset[str]


@functools.cache
def _words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/framing_words.json").read_text("utf-8"))
    by_length = functools.partial(sorted, key=len, reverse=True)
    return _Words(tuple(by_length(raw["roles"])), tuple(by_length(raw["activities"])), frozenset(raw["topics"]),
                  tuple(by_length(raw["confirm"])), tuple(by_length(raw["purposes"])), frozenset(raw["lead_words"]))


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    w = _words()
    roles = _alternatives(w.roles)
    det = r"(?:(?:the|our|my|your|a|an|der|die|den|dem|unsere[mnr]?)\s+)?"
    # up to two words before the role say which trade ("the heating engineer", "the fire safety inspector"): the
    # role noun closes the phrase, so they qualify the person, never the elements asked for
    purpose = re.compile(rf"\s*[,;:(-]?\s*\b(?:for|to\s+send\s+to|für)\s+{det}(?:new\s+)?"
                         rf"(?P<role>(?:[^\W\d_][\w-]*\s+){{0,2}}?(?:{roles}))\b\)?\s*[?.!]*\s*$")
    need = re.compile(rf"\s*[,;:(-]\s*{det}(?P<role>{roles})\s+(?:needs?|wants?|asked\s+for|asks\s+for|requires?|"
                      r"braucht|brauchen)(?:\s+(?:them|it|this|these|those|that|the\s+list|a\s+list|the\s+count|sie|"
                      r"es|die\s+liste))?\s*\)?\s*[?.!]*\s*$")
    header = re.compile(rf"^\s*(?P<head>(?:[^\W\d_][\w-]*\s+){{0,3}}?(?:{_alternatives(w.activities)}))"
                        r"\s*(?:\b(?:pls|please|bitte)\b\s*)?[:\u2013-]\s+")
    confirm = re.compile(rf"^\s*(?:(?:so|ok|okay|hi|hello|hey|quick\s+one)\s*[,:!-]?\s+)*"
                         rf"(?:{_alternatives(w.confirm)})\s*[,:]?\s+(?P<s>.+?)\s*[?.!]*\s*$")
    return purpose, need, header, confirm


def mask(text: str) -> str:
    return " " * len(text)


def mask_context(text: str, named: Callable[[str], bool],
                 class_words: Callable[[str], set[str]]) -> tuple[str, list[str]]:
    """``text`` (normalised) with the frame around the request blanked; returns it and a note per frame.

    ``named(word)``: whether the model's own names hold the word (then it is never filler here).
    ``class_words(text)``: the class keys a stretch of text names (a topic line may repeat the request's class)."""
    purpose, need, header, _ = _patterns()
    notes: list[str] = []
    for pattern in (purpose, need):
        found = pattern.search(text)
        if found is not None and found.start() > 0 and not any(named(w) for w in found.group("role").split()):
            notes.append(f"{found.group(0).strip()!r}: who the request is for, not what it asks")
            text = text[: found.start()] + mask(found.group(0)) + text[found.end():]
    found = header.match(text)
    if found is not None:
        body = text[found.end():]
        head_classes = class_words(found.group("head"))
        activities = set(_words().activities)
        words = re.findall(r"[^\W\d_][\w-]*", found.group("head"))
        rest = [w for w in words if w not in activities and not any(w in a.split() for a in activities)]
        topical = all(w in _words().topics and not named(w) for w in rest if not class_words(w))
        if topical and head_classes <= class_words(body) and re.search(r"[^\W\d_]", body):
            notes.append(f"{found.group(0).strip()!r}: the request's topic line")
            text = mask(text[: found.end()]) + body
    return text, notes


_HAS = re.compile(r"(?P<subj>[^\W\d_][\w.-]*(?:\s+[\w.-]+){0,5}?)\s+(?P<v>has|have|hat|haben)\s+(?P<rest>.+)$")
_IS = re.compile(r"(?P<subj>(?:[\w.-]+\s+){0,5}?[\w.-]+)\s+(?P<v>is|are)\s+(?P<rest>.+)$")


def confirm_question(text: str) -> str | None:
    """"is it true that the model has no columns" -> "does the model have no columns?": a statement to confirm
    asked as its own yes/no question; ``None`` when ``text`` is not such a frame or its statement has no verb
    this reads (it then stays as written, and its words are accounted for as usual)."""
    found = _patterns()[3].match(text)
    if found is None:
        return None
    statement = found.group("s")
    there = re.match(r"there\s+(?P<v>is|are)\s+(?P<rest>.+)$", statement)
    if there is not None:
        return f"{there.group('v')} there {there.group('rest')}?"
    if re.match(r"(?:is|are|does|do|has|have)\b", statement):
        return statement + "?"
    has = _HAS.match(statement)
    if has is not None and not re.search(r"\b(?:is|are|has|have|does|do)\b", has.group("subj")):
        verb = "does" if has.group("v") in ("has", "hat") else "do"
        return f"{verb} {has.group('subj')} have {has.group('rest')}?"
    be = _IS.match(statement)
    if be is not None:
        return f"{be.group('v')} {be.group('subj')} {be.group('rest')}?"
    return None


# the verbs that open a request without saying what is asked: "I'm looking for", "we are searching for", "I'm
# trying to find", "I would like to see", "ich suche" (what follows is the question)
_REQUEST = re.compile(r"^\s*(?:(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:(?:currently|just|still)\s+)?"
                      r"(?:looking\s+for|searching\s+for|hunting\s+for|trying\s+to\s+(?:find|locate|get|see|list)|"
                      r"interested\s+in)"
                      r"|(?:i|we)(?:'d|\s+would)\s+like\s+(?:to\s+(?:see|know|get|find|have)\s+)?"
                      r"|(?:i|we)\s+(?:need|want)\s+to\s+(?:find|see|know|locate)"
                      r"|(?:ich\s+suche|wir\s+suchen)(?:\s+nach)?"
                      # "Kannst du mir sagen, wo ...", "Weißt du, welche ...": the German request before the question
                      r"|(?:kannst\s+du|können\s+sie|könnten\s+sie|koennen\s+sie)\s+mir\s+sagen|(?:weisst|weißt)\s+du"
                      r"|wissen\s+sie)\b\s*,?\s*")
_SALUTATION = re.compile(r"^\s*(?:dear|hi|hello|hey|hiya|howdy|yo|good\s+(?:morning|afternoon|evening)|morning|hallo|"
                         r"moin|servus|grüß\s+gott|liebe[rs]?|sehr\s+geehrte[rs]?|guten\s+(?:tag|morgen|abend))\b"
                         r"(?P<who>[^,:!?]{0,40})[,:!]\s*")
# a lead-in closed by a colon or a dash with spaces around it (never "1.OG-Wand", "T/FDN")
_PREAMBLE = re.compile(r"^\s*(?P<pre>[^:?!]{1,60}?)\s*(?::|\s-+\s)\s*(?=\S)")
# "for the glazing survey", "for a survey", "for an inspection", "need them for a quote", "for our records", "for the
# locksmith's offer", "für die Inbetriebnahme": what the list is for (``framing_words.json`` ``purposes``); the topic
# words before the noun are optional and, like a role's possessive, must name nothing of the model (``is_context``)
@functools.cache
def _purpose() -> re.Pattern[str]:
    nouns = _alternatives(tuple(sorted(_words().purposes, key=len, reverse=True)))
    return re.compile(r"(?:^|(?<=[\s,]))(?:(?:(?:i\s+)?need(?:ed)?\s+(?:them|it|this|these|those|the\s+list)\s+)?"
                      r"(?:for|für|fuer))\s+(?:the|a|an|our|my|this|die|den|das|unsere[nm]?|meine[nm]?)\s+"
                      rf"(?P<what>(?:[\w-]+(?:'s)?\s+){{0,3}})(?:{nouns})(?![\w-])\s*,?"
                      # "(for the security audit)", "(security audit)", "(Begehung)": an aside in parentheses
                      rf"|\(\s*(?:(?:for|für|fuer)\s+(?:the|a|an|our|my|this|die|den|das|unsere[nm]?)\s+)?"
                      rf"(?P<aside>(?:[\w-]+(?:'s)?\s+){{0,3}})(?:{nouns})(?![\w-])\s*\)")
# when the asker will act ("we repaint the doors next month", "need them for the inspection tomorrow"): context
# only in a question whose speaker acts or asks (_ACTING); the past ("last year") is never blanked, and the verb a
# time phrase may modify ("replaced next month") stays unread, so such a question still declines
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag)"
_WHEN = re.compile(r"(?:^|(?<=[\s,]))(?:(?:by|on|until|before|bis)\s+)?(?:(?:tomorrow|tmrw|today)\s+(?:morning|noon|"
                   r"afternoon|evening|night)|(?:next|this|coming)\s+(?:week|month|year|"
                   rf"weekend|{_WEEKDAY}|morning|afternoon)|{_WEEKDAY}|tomorrow|tmrw|today|tonight|soon|asap|"
                   r"(?:the\s+)?end\s+of\s+(?:the\s+)?(?:day|week|month)|eod|"
                   # round 19: "before lunch", "by noon", "tomorrow morning", "before the meeting", "bis Mittag"
                   r"(?<=by\s)(?:noon|midday|lunch(?:time)?|cob|close\s+of\s+business)|"
                   r"(?<=before\s)(?:noon|midday|lunch(?:time)?|cob|close\s+of\s+business|the\s+meeting|"
                   r"the\s+weekend|the\s+deadline)|(?<=until\s)(?:noon|midday|lunch(?:time)?)|"
                   r"(?<=bis\s)(?:mittag|feierabend|morgen\s+früh)|"
                   r"in\s+(?:a|one|two|three|four|\d+)\s+(?:days?|weeks?|months?)|"
                   r"(?:nächste[nr]?|naechste[nr]?|kommende[nr]?|diese[nr]?)\s+(?:woche|monat|jahr)|"
                   r"übermorgen|uebermorgen|morgen|heute)\b")
_ACTING = re.compile(r"\b(?:we|we're|i|i'm|us|our|wir|ich|uns|please|pls|bitte)\b|\bneed\s+(?:them|it|these|those)\b"
                     r"|^\s*(?:list|show|give|send|count|find|get|pull|tell)\b")  # round 19: an imperative asks
_REPORTED = re.compile(r"(?:^|(?<=[\s,]))(?:(?:the|my|our|a|an|der|die|unser)\s+)?(?P<who>[\w-]+(?:\s+[\w-]+){0,2}?)"
                       r"\s+(?:claims?|claimed|says|said|insists?|insisted|reckons?|thinks|believes|told\s+me|"
                       r"behauptet|sagt|meint)\s+(?:that\s+|dass\s+|,\s*)?"
                       r"|(?:^|(?<=[\s,]))(?:i|we)\s+(?:was|were|have\s+been|had\s+been)\s+told\s+(?:that\s+)?"
                       r"|(?:^|(?<=[\s,]))(?:i\s+)?heard\s+(?:that\s+)?")
_TAGS = re.compile(r"(?:,?\s*or\s+am\s+i\s+(?:misremembering|mistaken|wrong|confused|imagining(?:\s+things)?|"
                   r"remembering\s+(?:it\s+)?wrong(?:ly)?)"
                   r"|,?\s*which\s+would\s+(?:surprise|shock|astonish|amaze)\s+me"
                   r"|\s-+\s*(?:does\s+it|do\s+they|is\s+it|are\s+they|is\s+that\s+(?:so|true|right|correct)|true|"
                   r"right|correct|stimmt\s+das))\s*(?=[?.!]*\s*(?:$|-|,))")

# a clause or sentence about the asker before the question ("I'm new in the building,", "sorry if this is obvious -",
# "Ich bin neu hier,", "The cleaners are coming on Monday.") or after it ("It's for the locksmith's offer.",
# "Thanks!"): the person or the occasion, never what is asked. Only a clause that starts with the asker (a first-person
# word, an apology) or, as a sentence of its own, says something with a verb; and never one holding a word that
# restricts ("only", "not", "except", "the ones", "nur", "ohne"), which stays for the word accounting
_ASKER = (r"(?:i|i'm|im|i've|i'd|we|we're|we've|we'd|my|our|us|sorry|apologies|excuse\s+me|thanks|thank\s+you|"
          r"cheers|fyi|btw|ich|wir|mein|meine|unser|unsere|entschuldigung|danke)")
_STATEMENT_VERB = re.compile(r"\b(?:am|is|are|was|were|be|been|have|has|had|need|needs|want|wants|will|'m|'re|"
                             r"bin|ist|sind|war|habe|hat|haben|brauche|brauchen|möchte|wollen|kommt|kommen)\b"
                             r"|\b[^\W\d_]{3,}ing\b")
_QUESTION = re.compile(r"\s*(?:which|what|where|when|how|is|are|do|does|did|can|could|list|show|give|tell|count|"
                       r"welche[mnrs]?|was|wo|wie|gibt|sind|ist|zeig\w*)\b")
# a place named in a statement ("in the east wing", "at the north entrance"), other than the whole building, the
# asker's site or a time ("on Friday", "in the morning", "at the moment")
_NOT_A_PLACE = (r"(?:building|house|model|project|site|file|moment|morning|afternoon|evening|night|week|weekend|month|"
                r"year|time|way|gebäude|haus|modell|projekt|moment|morgen|abend|woche|monat|jahr|monday|tuesday|"
                r"wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
                r"january|february|march|april|may|june|july|august|september|october|november|december|januar|"
                r"februar|märz|mai|juni|juli|oktober|dezember|charge|touch|hurry|short|general|person|team|company|"
                r"firma|here|hier|there|advance|voraus|particular|detail|total|spring|summer|autumn|fall|winter|frühjahr|"
                r"frühling|sommer|herbst|before|after|urlaub|holiday|\d)\b")
_DETERMINER = r"(?:the|a|an|our|my|this|der|dem|den|die|das|unserem|meinem)"
_PLACE_SAID = re.compile(rf"\b(?:in|on|at|im|auf|inside|within|near|beside|behind|next\s+to|am|beim)\s+"
                         rf"(?:{_DETERMINER}\s+(?!{_NOT_A_PLACE})|(?!{_DETERMINER}\b|{_NOT_A_PLACE}))[^\W\d_]")
# words naming a part of the building ("the north wing", "block B", "der Westflügel"): never a purpose's topic
_PART_OF_BUILDING = re.compile(r"\b(?:wing|block|annex|annexe|tower|section|zone|area|side|part|corner|half|flügel|"
                               r"fluegel|trakt|bauteil|bereich|seite|teil|abschnitt)\b|(?:flügel|fluegel|trakt)\b")
# an orientation ("facing north", "the south facade", "für die Südseite", "nach Westen"): it can select among the
# asked elements (which the model may not record), so a clause saying one is never talk set aside (round 21)
_ORIENTATION = re.compile(r"\b(?:north|south|east|west)(?:ern|erly|wards?)?\b|\b(?:north|south)-?(?:east|west)\w*|"
                          r"\bfacing\b|\b(?:nord|süd|sued|ost|west)(?:en|lich\w*|seite\w*|seitig\w*|fassade\w*)?\b|"
                          r"\b(?:nord|süd|sued|ost|west)(?:ost|west)\w*", re.IGNORECASE)
# a sentence opening with a subject ("The painters arrive on Friday", "Tomorrow the electrician comes")
_SUBJECT = re.compile(r"\s*(?:the|a|an|our|my|your|their|they|he|she|someone|somebody|everyone|tomorrow|today|next|"
                      r"der|die|das|unser|unsere|morgen|heute|nächste\w*)\b")
_RESTRICTS = RESTRICTS  # one list for every reader (restricting.py)
# (a dot after a digit is an ordinal's, "on 1. Obergeschoss", never the clause's end: round 10)
_LEAD_CLAUSE = re.compile(rf"^\s*(?P<pre>{_ASKER}\b[^,.;:!?]{{0,80}}?)\s*(?:(?<!\d)[,.;:!]+|(?<=\d)[,;:!]+|\s-+)\s+"
                          r"(?=\S)")
_LEAD_SENTENCE = re.compile(r"^\s*(?P<pre>[^,.;:!?]{3,100}?)(?<!\d)\s*[.!]+\s+(?=\S)")  # never "the 2. OG"
_TRAIL_SENTENCE = re.compile(rf"(?<=[?.!])\s+(?P<post>(?:it|it's|it\s+is|this|this\s+is|that\s+is|{_ASKER}|"
                             # "... wider than 1 m? a wheelchair user visits on friday": a subject's sentence
                             # (never "they": the elements asked, "They should be painted.")
                             r"a|an|the|he|she|someone|somebody|der|die|das|ein|eine)\b"
                             r"[^?]{0,100}?)\s*[.!]*\s*$")


# an occasion opening the question: "Before the handrail inspection next week: which railings ...", "for the bleeding
# of the heating, which radiators ...", "Vor der Wartung der Heizung: welche ...": a preposition, an action noun (a
# purpose or activity word, an English -ing or German -ung noun; never a participle before it: "for the doors needing
# paint") with up to two topic words before it and its object after "of", a time phrase, then a colon or comma right
# before a question word. Its topic may name the very class the question asks ("handrail" for railings): see
# ``mask_talk``'s ``topic_of``.
@functools.cache
def _occasion() -> re.Pattern[str]:
    w = _words()
    nouns = _alternatives(tuple(sorted({*w.purposes, *w.activities}, key=len, reverse=True)))
    det = r"(?:the|a|an|our|my|this|next|die|der|den|das|dem|unsere[nmr]?)"
    return re.compile(rf"^\s*(?:for|before|after|ahead\s+of|during|für|fuer|vor|nach|bei)\s+{det}\s+"
                      rf"(?P<what>(?:(?![\w-]+(?:ing|ed)\s)[^\W\d_][\w-]*\s+){{0,2}}"
                      rf"(?P<act>{nouns}|[^\W\d_]{{3,}}ing|[^\W\d_]{{3,}}ung)(?![\w-])"
                      rf"(?:\s+(?:of|von|der|des)\s+(?:{det}\s+)?[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){{0,2}}?)?)"
                      rf"(?:\s+{_WHEN.pattern})?\s*[,:]\s*(?={_QUESTION.pattern})")


def is_statement(part: str, *, sentence: bool = True) -> bool:
    """Whether ``part`` can only say who asks or why: nothing in it restricts ("only", "not", "the ones"), and, as
    a sentence of its own, it has a verb or starts with the asker ("Wooden ones." is no statement)."""
    if _RESTRICTS.search(part) or not re.search(r"[^\W\d_]", part) or _QUESTION.match(part):
        return False  # "which floor is rm. 2.11 on": a question cut at an abbreviation's dot is never talk
    asker = re.match(rf"\s*{_ASKER}\b", part)  # "Im new here": the asker, never the German "im"
    if _PLACE_SAID.search(part, asker.end() if asker else 0) or _ORIENTATION.search(part):
        return False  # "we're in the east wing", "I work in the north block": a place the asker may mean
    return not sentence or bool(_STATEMENT_VERB.search(part) or re.match(rf"\s*{_ASKER}\b", part) or (
        _SUBJECT.match(part) and len(part.split()) >= 3))


# the request pointing back at a place said before it: "there" (also "which doors are there?", which after a place
# asks what is in it), "in it", "that floor", "dort"
_PLACE_BACK = re.compile(r"\bthere\b|\b(?:in|into|from|of)\s+it\b|\b(?:that|this|the\s+same)\s+(?:floor|level|storey|"
                         r"story|room|space|area|wing|part)\b|\bdort\b|\bda\s+drin\b", re.IGNORECASE)


def orientation_said(part: str) -> bool:
    """Whether ``part`` names an orientation ("facing north", "die Südseite"): it may say which of the asked
    elements are meant (the model's containment does not record it), so it is never context set aside."""
    return _ORIENTATION.search(part) is not None


def place_said(part: str) -> bool:
    """Whether ``part`` names a place with a preposition ("in the east wing", "to Roof"), other than the whole
    building, the asker's site or a time (round 11: a message's context saying where is never set aside)."""
    return bool(_PLACE_SAID.search(part.casefold()) or _ORIENTATION.search(part)
                or re.search(r"\b(?:to|into|towards)\s+(?:the\s+)?[A-Z][\w.-]*", part))


def _about_asker(part: str, is_context: Callable[[str, bool], bool], *, sentence: bool) -> bool:
    """Whether ``part`` (a clause before or a sentence after the question) is only about the asker: a statement
    (:func:`is_statement`) that names nothing of the model (``is_context``)."""
    return is_statement(part, sentence=sentence) and is_context(part, False)


# the whole model named as a place: "are there more valves than pumps in this plant?" (never a room: "plant room")
_WHOLE_MODEL = re.compile(r"\b(?:in|of|across|throughout)\s+(?:this|the\s+whole|the\s+entire|our)\s+"
                          r"(?:plant|facility|installation|project|building|model|file|house|site)\b(?!\s+(?:rooms?|"
                          r"spaces?))"
                          # "in the heat pump model", "in the hot water file": words before "model" / "file" describe
                          # the file itself (the only model asked about), never a part of it (round 5c)
                          r"|\b(?:in|of|across|throughout)\s+(?:this|the|our)\s+(?:[^\W\d_][\w-]*\s+){1,3}?"
                          r"(?:model|file|ifc(?:\s+(?:model|file))?)\b(?![\w-])"
                          # German: "im ganzen Gebäude", "in der gesamten Anlage", "alle Ventile der Anlage", "im Haus"
                          # (never a compound: "Haustechnik", "Anlagenteil"; never a room: "im Haus 2" is a building)
                          r"|\b(?:in|im|innerhalb|(?<=\w\s)der|(?<=\w\s)des)\s+(?:(?:der|dem|des|diesem|dieser|"
                          r"unserem|unserer)\s+)?(?:(?:ganzen|gesamten|kompletten)\s+)?(?:anlage|gebäudes?|gebaeudes?|"
                          r"hauses|haus|projekts?|projektes|modells?|objekts?|liegenschaft)\b(?![\w-]|\s+\d)")
# "bigger ... in terms of room floor area": a connector before what is compared (a unit after it is the unit asked)
_IN_TERMS_OF = re.compile(r"\b(?:in\s+terms\s+of|with\s+respect\s+to|with\s+regard\s+to|as\s+regards|"
                          r"when\s+it\s+comes\s+to|"
                          r"hinsichtlich(?:\s+der|\s+des)?|bezüglich(?:\s+der|\s+des)?)\s+(?!(?:m²|m2|m³|m3|sqm|sq|qm|square|cubic|kubik\w*|quadrat\w*|"
                          r"met(?:re|er)s?|millimet\w*|centimet\w*|mm|cm|ft|feet|foot|inch(?:es)?)\b)(?=[^\W\d_])")


# "is the ground floor busier than the first floor in terms of windows": a comparative of how full a storey or room
# is says "more" (or "fewer") of what the connector names; without such a connector it names nothing to count and
# stays unread (the question declines naming it)
_BUSY = re.compile(r"\b(?:(?P<more>busier|fuller|more\s+(?:crowded|packed|full|populated|cluttered))|"
                   r"(?P<fewer>emptier|quieter|less\s+(?:crowded|packed|full|busy|populated|cluttered)))\b")


def _busy_comparative(text: str, before: int) -> str:
    """``text`` with a comparative of busyness before ``before`` (a connector "in terms of") written as the count
    comparative it stands for ("more" / "fewer", padded to its length so spans stay put)."""
    for found in _BUSY.finditer(text, 0, before):
        word = "more" if found["more"] else "fewer"
        text = text[:found.start()] + word.ljust(found.end() - found.start()) + text[found.end():]
    return text


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


_BARE_NOUNS = re.compile(r"\s*[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}\s*")


def bare_topic(pre: str) -> bool:
    """A lead-in of one to three nouns no framing word accounts for ("sauna", "Facade", "east stair"): a topic,
    not talk, unlike a greeting, a ticket line or a sentence ("RE", "FM ticket 2207", "Security audit", "plumber
    here", "my boss asked me this")."""
    if not _BARE_NOUNS.fullmatch(pre) or _STATEMENT_VERB.search(pre.lower()):
        return False
    w = _words()
    talk = w.lead | w.topics | {x for x in (*w.roles, *w.activities, *w.purposes) if " " not in x}
    return not any(word in talk for word in pre.lower().split())


# a lead-in naming two sides ("A vs B:", "A or B -") before a question choosing between them ("which has ...")
_SIDES = re.compile(r"\S\s+(?:vs\.?|versus|or|oder|gegen)\s+\S")
_CHOOSES = re.compile(r"\s*(?:which|what|welche[rs]?|wer)\b")


def mask_talk(text: str, is_context: Callable[[str, bool], bool],
              topic_of: Callable[[str, str, str], bool] | None = None,
              asked: str | None = None, placed: Callable[[str], bool] | None = None) -> tuple[str, list[str], bool]:
    """``text`` (normalised) with the talk around the question blanked, and what was blanked (for the notes);
    ``is_context(words, topic)`` says whether ``words`` name nothing of the model (``topic``: quantity words
    allowed); ``topic_of(words, act, question)`` whether an occasion's ``words`` read whole, their action noun
    ``act`` aside, and name nothing but classes the question asks too; the last item says whether a claim or a tag
    asked to confirm what follows (a yes/no question); ``asked``: the question before an earlier pass took its
    framing out (``request_core``: "My boss needs ... by Friday"), where the asker's acting is read; ``placed(words)``:
    whether the request names a place of its own (a storey, room or element), without which a lead-in of bare nouns
    ("sauna: which windows?") is the place asked and stays."""
    acting = _ACTING.search(text if asked is None else asked) is not None  # before any talk is blanked
    blanked: list[str] = []
    confirm = False

    def take(start: int, end: int) -> None:
        nonlocal text
        if text[start:end].strip():
            blanked.append(text[start:end].strip(" ,:-"))
            text = _blank(text, start, end)

    found = _SALUTATION.match(text)
    if found and (not found["who"].strip() or is_context(found["who"], False)):
        take(found.start(), found.end())
    found = _REQUEST.search(text)
    if found and not text[: found.start()].strip(" ,:-"):  # "I'm looking for ...": only where the request starts
        take(found.start(), found.end())
    for _ in range(2):  # "I'm new here, ...", "The cleaners are coming Monday. ...": about the asker
        found = _LEAD_CLAUSE.match(text)
        sentence = found is None
        found = found or _LEAD_SENTENCE.match(text)
        if not found or not _about_asker(found["pre"], is_context, sentence=sentence):
            break
        if (place_said(found["pre"]) or _PART_OF_BUILDING.search(found["pre"])) and _PLACE_BACK.search(
                text[found.end():]):
            break  # "We moved to the east wing. Which doors are there?": 'there' is that place, never the model
        take(found.start(), found.end())
    found = _TRAIL_SENTENCE.search(text)  # "... on the 1stFloor? It's for the locksmith's offer."
    if found and _about_asker(found["post"], is_context, sentence=True):
        take(found.start("post"), found.end())
    found = _occasion().match(text)  # "Before the handrail inspection next week: which railings ...?"
    if found and topic_of is not None and not _RESTRICTS.search(found["what"]) and not _PART_OF_BUILDING.search(
            found["what"]) and topic_of(found["what"], found["act"], text[found.end():]):
        take(found.start(), found.end())
    for _ in range(2):  # "RE: site check - ...": a subject, then a lead-in
        found = _PREAMBLE.match(text)
        if not found or not is_context(found["pre"], False):
            break
        if placed is not None and bare_topic(found["pre"]) and not placed(text[found.end():]):
            break  # "sauna: which windows?": the request asks in what the lead-in names, which stays to be read
        if _SIDES.search(found["pre"]) and _CHOOSES.match(text[found.end():]):
            break  # "1stFloor vs 2ndFloor: which has fewer walls?": the lead-in names the sides chosen between
        take(found.start(), found.end())
    for found in list(_purpose().finditer(text)):
        if _PART_OF_BUILDING.search(found["what"] or found["aside"] or ""):
            continue  # "for the north wing survey": a part of the building the model may not single out, kept
        topic = found["what"] if found["what"] is not None else found["aside"]
        if not topic.strip() or is_context(topic, True):
            take(found.start(), found.end())
    if acting:  # "we repaint them next month", "need them tomorrow": when the asker acts, not what
        for found in list(_WHEN.finditer(text)):
            take(found.start(), found.end())
    found = _REPORTED.search(text)
    if found and (found["who"] is None or is_context(found["who"], False)):
        take(found.start(), found.end())
        confirm = True
    for found in list(_WHOLE_MODEL.finditer(text)):
        take(found.start(), found.end())
    for found in list(_IN_TERMS_OF.finditer(text)):
        text = _busy_comparative(text, found.start())
        take(found.start(), found.end())
    for found in list(_TAGS.finditer(text)):
        take(found.start(), found.end())
        confirm = True
    return text, blanked, confirm
