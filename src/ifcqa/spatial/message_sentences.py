"""A message read by its sentences (issue 22, round 11): the request answered on its own, the context set aside
only when it restricts nothing that is asked.

People ask inside e-mails, FM tickets and chat messages: "Hi, we're pricing new blinds for the upper floor.
Before I send the order I need every window on Level 2 listed. Thanks, Maren". Parsed whole, the context's words
decline the request ('pricing' is a refusal word, 'blinds' and 'order' are read as what is asked). :func:`read`
splits the message into units and gives each a role by its FORM, never by a list of topics:

- **units**: sentences (a '?' or '!' ends one, a '.' after a word of two letters or more, a line break), then
  clauses: after ": " or a spaced dash, before the asker's need after a leading adverbial ("Before I send the order
  | I need ...", "for the window cleaning contract | I need to know ..."), before a question word after "to know",
  "asks", "wondering" ("... and the driver wants to know | which floor the kitchen is on");
- **request**: a unit holding '?', or opening with a question word, an auxiliary, an imperative request verb
  ("please list", "show me", "give me"), the asker's need ("I need", "I'd like", "we must know") or "can/could you";
  a unit that asks to change the model ("Please remove it.", "delete ...") is a request, so it is refused;
- **point-back**: a request whose words only point at the model or at the request ("What does the model show?",
  "Can you check?", "Could you add it up?", "Which are they?"): set aside when another request is complete;
- **context**: every other unit (what happened, what is planned, who comes and why, greetings, signatures).

A context unit is set aside only when it restricts nothing that is asked (``judge``: the parser parses it alone):
never a unit with a restricting word ("only", "not", "except", "leave out", "the ones") or a qualifier, bound,
negation, explicit class or GlobalId; a unit naming a storey or room only when the request names its own place and
points back at none ("there", "that floor", "in it"); a unit naming a class only when the request names its own
subject and points back at none ("them", "the ones", "it"). Whatever is kept is read with the request, so a context
that restricts is applied or declines the answer. Units are blanked with spaces, so every character of the request
keeps its position in the question (round 10, d64af1c).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ifcqa.spatial import context_units, framing, mail_context, mail_layout, several_requests
from ifcqa.spatial.restricting import RESTRICTS

_SENTENCE_END = re.compile(r"(?<=[?!])\s+|(?<=[^\W\d_]{2}[.])\s+(?=\S)|\s*\n+\s*"
                           # "at 9. How many ...": a number's dot before a capitalised question word ends a sentence
                           r"|(?<=\d[.])\s+(?=(?:How|Which|What|Where|Who|When|Can|Could|Is|Are|Do|Does|Please|I|We)\b)")
# clause breaks inside a sentence: after a colon (never "10:30", "T/FDN:" is fine) or a spaced dash
_CLAUSE_BREAK = re.compile(r"(?<!\d):\s+(?=\S)|\s+[-\u2013\u2014]+\s+(?=\S)")
_NEED = (r"(?:(?:i|we)(?:'d|\s+would|\s+will|\s+also|\s+really|\s+just)?\s+(?:need|want|like|require)\b"
         r"|(?:i|we)\s+(?:must|have\s+to|need\s+to)\s+(?:know|find\s+out|see|check|get)\b)")
# a leading adverbial before the asker's need: "Before I send the order I need ...", "For the cost plan I'd need"
_LEAD_ADVERBIAL = re.compile(
    r"^(?:(?:hi|hello|hey|hallo|dear\s+\w+|good\s+(?:morning|afternoon|evening))\s*[,!]?\s*)?"
    r"(?:before|after|when|once|while|until|since|because|as|for|to|given|in\s+order\s+to|ahead\s+of)\b"
    rf"[^?]{{2,140}}?\s(?={_NEED})", re.I)
# the same in German, with the verb second: "für den Reinigungsplan | brauche ich die Anzahl ..."
_LEAD_ADVERBIAL_DE = re.compile(
    r"^(?:(?:hallo|hi|guten\s+(?:tag|morgen)|liebe\w*|sehr\s+geehrte\w*)(?:\s+\w+)?\s*[,!]\s*)?"
    r"(?:für|fuer|vor|nach|wegen|zum|zur|bevor|wenn|da|weil)\b[^?]{2,140}?\s"
    r"(?=(?:brauche|brauchen|benötige|benötigen|bräuchte|bräuchten|möchte|möchten|muss|müssen)\s+(?:ich|wir)\b)",
    re.I)
# where the answer is to come from, said in the request: "according to the model", "laut Modell" (restricts nothing)
_SOURCE = re.compile(r"\s*,?\s*\b(?:according\s+to|as\s+per|per)\s+the\s+(?:model|file|ifc(?:\s+file)?|bim\s+model)\b"
                     r"|\s*,?\s*\b(?:laut|gemäß|gemaess|lt\.)\s+(?:dem\s+)?(?:modell|ifc|datei)\b", re.I)
# a ticket or mail header line: "Ticket #4711 - replace broken handles.", "RE: cost estimate phase 2", "Subject: ..."
_TITLE = re.compile(r"^\s*(?:(?:fm|facility|facilities|maintenance|service|support|helpdesk)\s+)?(?:ticket|issue|case|"
                    r"job|work\s+order|request|re|aw|fwd?|wg|subject|betreff)\b\s*(?:#\s*)?[\w-]*\s*(?:\([^)]*\))?"
                    r"\s*[:\-\u2013]", re.I)
# closing and opening lines: "Thanks, Maren", "Best regards, the FM office", "Regards, Tom (site electrician)"
_SIGN_OFF = re.compile(r"^\s*(?:(?:many|big|huge)\s+)?(?:thanks|thank\s+you|thx|ty|cheers|ta|"
                       r"(?:best|kind|warm)\s+regards|regards|best(?:\s+wishes)?|all\s+the\s+best|greetings(?:\s+from)?|sent\s+from|danke|"
                       r"(?:viele|liebe|beste)\s+grüße|gruß|grüße|mit\s+freundlichen\s+grüßen|mfg|lg|vg)\b"
                       r"[^?]{0,60}$", re.I)
_GREETING = re.compile(r"^\s*(?:hi|hello|hey|hiya|dear|good\s+(?:morning|afternoon|evening)|morning|hallo|moin|"
                       r"guten\s+(?:tag|morgen))\b[^?.!,]{0,30}[,!.]?\s*$", re.I)
# times, dates and numbers of a ticket in a context are no storeys or rooms: "at 9", "on 1 March", "#4711"
_WHEN_NUMBER = re.compile(r"\b(?:at|by|from|until|till|before|after|um|ab|bis)\s+\d{1,2}(?:[:.]\d{2})?\s*"
                          r"(?:am|pm|h|uhr)?\b"
                          r"|\b\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
                          r"januar|februar|märz|mai|juni|juli|oktober|dezember)\w*\b|\bthe\s+\d{1,2}(?:st|nd|rd|th)\b"
                          r"|#\s*\d+|\b(?:ticket|no\.?|nr\.?)\s*#?\d+|\b(?:19|20)\d\d\b", re.I)
# a lead word of chat before the request: "anyway how many ...", "btw which ..."
_CHAT_LEAD = re.compile(r"^\s*(?:anyway|anyways|btw|so|ok|okay|also|and|oh\s+and|right|well)\b\s*[,:]?\s*", re.I)
# a request ranging over the storeys ("on which floor are the most doors", "doors per level"): its own place
_OVER_STOREYS = re.compile(r"\b(?:which|what|on\s+which|in\s+which)\s+(?:floors?|levels?|storeys?|story|stories|"
                           r"geschoss\w*|etage\w*|stockwerk\w*)\b|\b(?:per|each|every|by)\s+(?:floor|level|storey|story)\b",
                           re.I)
_ANSWER_FORM = re.compile(r"^\s*(?:(?:a|just\s+a|just\s+the|the)\s+)?(?:yes\s+or\s+no|yes/no|number|count|list|"
                          r"rough\s+number)\s+(?:is|will\s+do|would\s+be)\s+(?:enough|fine|ok|okay|great|perfect)\b"
                          r"[^?]*$", re.I)
_EVERYTHING = re.compile(r"\b(?:everything|anything|all\s+(?:the\s+)?(?:elements|objects|items|things|components|"
                         r"products)|alles)\b", re.I)
# a question word after a verb of asking or knowing: "... and the driver wants to know | which floor ..."
_ASKS_WH = re.compile(r"\b(?:to\s+know|to\s+find\s+out|to\s+check|asks?|asked(?:\s+(?:me|us))?|asking|wondering|"
                      r"wonder|know)\s+(?=(?:which|what|where|how|whether|who|when|if)\b)", re.I)
# the asker's need in the middle of a statement: "I'm quoting the fit-out and | need to know which ..."
_MID_NEED = re.compile(r"(?<=\s)(?:and|so)\s+(?=(?:(?:i|we)\s+)?(?:need|want|must|have\s+to)\s+(?:to\s+)?know\b)",
                       re.I)

_QUESTION_WORD = (r"(?:how|which|what|what's|where|who|whom|whose|when|why|is|are|do|does|did|can|could|would|will|"
                  r"has|have|was|were|should|may|in\s+which|on\s+which|welche\w*|wie|wo|was|gibt|sind|ist|"
                  r"kannst|können|koennen|könnten|hat|haben)")
_IMPERATIVE = (r"(?:please|pls|kindly|list|show|give|tell|count|name|find|send|pull|provide|get|fetch|let\s+me\s+know|"
               r"look\s+up|check|zeig\w*|liste\w*|nenn\w*|gib)")
_REQUEST_FORM = re.compile(
    r"^\s*(?:(?:so|ok|okay|anyway|also|and|und|quick\s+(?:one|question|q)|one\s+more\s+thing|hi|hello|hey|hallo)"
    r"\s*[,:!-]?\s+)*"
    rf"(?:{_QUESTION_WORD}\b|{_IMPERATIVE}\b|{_NEED}|(?:i|we)(?:'d|\s+would)\s+(?:like|love)\b|"
    r"(?:need|want|must|have\s+to)\s+(?:to\s+)?know\b|(?:ich|wir)\s+(?:brauche\w*|möchte\w*|müssen|muss)\b|"
    r"(?:i|we)\s+(?:was|am|were|are)\s+wondering\b|(?:brauche|brauchen|benötige|benötigen|bräuchte|bräuchten|"
    r"möchte|möchten|muss|müssen)\s+(?:ich|wir)\b|"
    # round 19: a ticket field's value after its label ("What we need: the number of doors in that room"): what is
    # asked, as a noun phrase with no verb of its own ("The number of doors is high." states)
    r"(?:the|a)\s+(?:number|count|list|total\s+number|names)\s+of\b(?!.*\b(?:is|are|was|were|has|have|seems?)\b)|"
    r"(?:die\s+anzahl|eine\s+liste)\b(?!.*\b(?:ist|sind|war|waren|hat|haben)\b))", re.I)
# the words a point-back is made of: it asks nothing by itself ("What does the model show?", "Can you check?")
_POINT_BACK_WORDS = frozenset(re.findall(r"\w+",
    "what which does do did the model show shows have has say says give gives record records contain contains "
    "hold holds can could would will you u please pls check look it them up in from pull add put together for me "
    "us are is they there those these that this how many much total sum tell find out get see let know thanks "
    "thank a list of in the file ifc data according to one ones quickly kindly maybe just"))
# a point-back asking for the list ("Which ones?", "What are they?", "List them."): it changes a yes/no or a count
# into a list, so it is set aside only after a request that lists
_LIST_BACK = re.compile(r"\b(?:which|what)\b.*\b(?:they|them|ones|those|these)\b|\b(?:list|show|name)\b", re.I)
_YES_NO = re.compile(r"^\s*(?:(?:so|ok|okay|and|also|anyway)\s*,?\s+)?(?:are|is|do|does|did|has|have|was|were|"
                     r"gibt|sind|ist|hat|haben)\b", re.I)
_COUNT_ASKED = re.compile(r"\b(?:how\s+many|how\s+much|number\s+of|count|total|sum|combined|altogether|in\s+total|"
                          r"anzahl|wie\s+viele)\b", re.I)
_POINT_BACK_COUNTS = re.compile(r"\b(?:how\s+many|how\s+much|add\s+(?:it|them|those|these)\s+up|sum|total)\b", re.I)
# words that restrict wherever they stand (a context holding one is never set aside)
_RESTRICTS = RESTRICTS  # one list for every reader (restricting.py)
# a write asked as a command: never context ("Please remove it.", "Delete the doors on Level 1.")
_WRITE_COMMAND = re.compile(r"^\s*(?:(?:please|pls|kindly|can\s+you|could\s+you|would\s+you)\s+)?(?:delete|remove|"
                            r"move|change|rename|add(?!\s+(?:it|them|these|those|that|this)\s+up)|insert|replace|modify|update|edit|demolish|set|lösche\w*|"
                            r"entferne\w*|verschieb\w*|änder\w*)\b", re.I)
# a reference back to a place or a thing the request does not name itself ("there" as a place, never "are there")
_PLACE_BACK = re.compile(r"(?<!\bare\s)(?<!\bis\s)(?<!\bwas\s)(?<!\bwere\s)\bthere\b(?!\s+(?:is|are|was|were|be|'s)\b)"
                         r"|\b(?:in|into|from|of)\s+it\b|\b(?:that|this|the\s+same)\s+(?:floor|level|storey|story|"
                         r"room|space|area|one)\b|\bdort\b|\bda\s+drin\b", re.I)
_THING_BACK = re.compile(r"\b(?:them|they|those|these|their|its|ones|it)\b|\bsie\b", re.I)
# the asker's need closed by what to do with it: "I need every window on Level 2 listed": the participle says "list"
_NEED_DONE = re.compile(rf"^\s*{_NEED}\s.+?\s(?P<done>(?:listed|counted|checked|sent(?:\s+over)?|pulled(?:\s+out)?|"
                        r"looked\s+up|summed\s+up|added\s+up|put\s+together))\s*[.!]*\s*$", re.I)
_WHOLE_MODEL = re.compile(r"\b(?:in|of|across|throughout)\s+(?:this|the\s+whole|the\s+entire|the|our)\s+"
                          r"(?:model|building|house|project|file)\b|\bin\s+total\b|\boverall\b|\beverywhere\b", re.I)


@dataclass
class Unit:
    """One sentence or clause of the message: its span in the question and its role."""

    start: int
    end: int
    text: str
    role: str = "context"  # request | point-back | greeting | context


# a part of a building named by its noun ("east wing", "north block", "annex")
_PLACE_NOUN = re.compile(r"\b(?:wings?|blocks?|annex(?:e|es)?|towers?|tracts?|flügel|trakt)\b", re.IGNORECASE)
# "They should be painted.", "Those are the old ones.": a sentence about the things asked may say which (round 7)
_ABOUT_THEM = re.compile(r"\s*(?:they|these|those|them|sie|diese)\b", re.IGNORECASE)


@dataclass
class Names:
    """What a unit names, parsed alone (the caller's ``judge``)."""

    restricts: bool = False  # a qualifier, bound, negation, explicit class, GlobalId, comparison
    places: bool = False  # a storey or a room
    classes: bool = False  # a class word other than "everything"
    modified: frozenset[str] = frozenset()  # class keys heading a phrase with words not understood ("the broken doors")
    storeys: frozenset[str] = frozenset()  # the storeys it names
    # round 17 (context_units): what it names, to tell a context restating the request
    bounds: bool = False  # a restriction other than a qualifier (bound, negation, explicit class, GlobalId ...)
    qualifiers: frozenset[str] = frozenset()  # the qualifiers' rules
    class_keys: frozenset[str] = frozenset()  # the class keys it names
    rooms: frozenset[str] = frozenset()  # the GlobalIds of the rooms it names


@dataclass
class Asked:
    """What the request, read alone, names (the caller's ``asked``)."""

    answered: bool
    place: bool = False
    subject: bool = False
    classes: frozenset[str] = frozenset()  # the class keys it asks
    storeys: frozenset[str] = frozenset()  # the storeys it asks on
    qualifiers: frozenset[str] = frozenset()  # the qualifiers' rules (round 17)
    rooms: frozenset[str] = frozenset()  # the GlobalIds of the rooms it asks in (round 17)


@dataclass
class Reading:
    """The question with the set-aside context blanked, and the notes that say so."""

    text: str
    request: str
    aside: list[str] = field(default_factory=list)


def units(question: str) -> list[Unit]:
    """The sentences and clauses of ``question`` with their roles."""
    out: list[Unit] = []
    for a, b in _spans(question, _SENTENCE_END, 0, len(question)):
        if _TITLE.match(question[a:b]) and "?" not in question[a:b]:
            out.append(Unit(a, b, question[a:b], "context"))
            continue
        clauses: list[tuple[int, int]] = []
        for c, d in _spans(question, _CLAUSE_BREAK, a, b):
            # "I need to know which has more windows: Level 1 or Level 2?": what follows a request's colon or dash
            # continues it, unless it asks anew ("... - how many does the model show?")
            last = _inner(question, *clauses[-1])[-1] if clauses else (0, 0)
            if clauses and _REQUEST_FORM.match(question[last[0]:last[1]]) and not _REQUEST_FORM.match(
                    question[c:d]) and "?" not in question[last[0]:last[1]]:
                clauses[-1] = (clauses[-1][0], d)
                continue
            clauses.append((c, d))
        for c, d in clauses:
            pieces = _inner(question, c, d)
            for i, (e, f) in enumerate(pieces):
                text = question[e:f]
                if re.search(r"[^\W\d_]", text):  # a lead cut off before the asker's need is context
                    out.append(Unit(e, f, text, "context" if i < len(pieces) - 1 else _role(text)))
    return out


def _spans(text: str, pattern: re.Pattern[str], start: int, end: int) -> list[tuple[int, int]]:
    spans, at = [], start
    for m in pattern.finditer(text, start, end):
        if text[at:m.start()].strip():
            spans.append((at, m.start()))
        at = m.end()
    if text[at:end].strip():
        spans.append((at, end))
    return spans


def _inner(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A clause split before the asker's need after a leading adverbial ("Before I send the order | I need ..."),
    or, in a statement, before the asker's need in its middle or a question word after a verb of asking."""
    part = text[start:end]
    leads = [_LEAD_ADVERBIAL, _LEAD_ADVERBIAL_DE, mail_layout.LEAD_CLAUSE]  # round 14: "following our call, ..."
    patterns = leads if _REQUEST_FORM.match(part) else [*leads, _MID_NEED, _ASKS_WH]
    for pattern in patterns:
        found = pattern.search(part)
        if found is not None and 0 < found.end() < len(part.rstrip()):
            cut = start + found.end()
            return [(start, cut), *_inner(text, cut, end)]
    return [(start, end)]


def _role(text: str) -> str:
    if _WRITE_COMMAND.match(text):
        return "request"
    if _SIGN_OFF.match(text) or _GREETING.match(text) or several_requests.closing(text):  # round 15
        return "greeting"  # who writes and to whom, never what is asked
    if _ANSWER_FORM.match(text):
        return "point-back"  # "Yes or no is enough.": how to answer, not what
    if mail_layout.plans_only(text):
        return "context"  # "We want to repaint the stairwell in May.": what is planned (round 14)
    if "?" not in text and not _REQUEST_FORM.match(text):
        # a statement: what happened, what is planned, who comes and why
        # (one with a restricting word, "We only care about the external ones.", is never set aside)
        return "context"
    words = re.findall(r"[^\W\d_][\w']*", text.casefold())
    if words and all(w in _POINT_BACK_WORDS for w in words):
        return "point-back"
    return "request"


def requests(question: str) -> list[str]:
    """The request units of ``question`` that ask by themselves (a question or a request verb; never a point-back),
    each without a chat lead ("And how many windows ...": "how many windows ...")."""
    out = []
    for u in units(question):
        if u.role == "request" and ("?" in u.text or _REQUEST_FORM.match(u.text)):
            lead = _CHAT_LEAD.match(u.text)
            out.append(u.text[lead.end():] if lead is not None else u.text)
    return [t for t in out if t.strip()]


def stands_alone(request: str) -> bool:
    """Whether a request points back at nothing ("Is it on Level 1?", "And the ones on Level 2?" do)."""
    return not (_THING_BACK.search(request) or _PLACE_BACK.search(request))


def read(question: str, judge: Callable[[str], Names], asked: Callable[[str], Asked]) -> Reading | None:
    """The question with the context that restricts nothing asked blanked, or None when nothing is set aside
    (no request by form, no context, or a context needed by the request)."""
    found = context_units.split(question, units(question))  # round 17: "..., the site engineer wants to know"
    requests = [u for u in found if u.role == "request"]
    if not requests or len(found) < 2:
        return None
    backs = [u for u in found if u.role == "point-back"]
    asked_text = " ".join(u.text for u in requests)
    counts = bool(_COUNT_ASKED.search(asked_text))
    yes_no = any(_YES_NO.match(u.text) for u in requests)
    aside_backs = [u for u in backs if (counts or not _POINT_BACK_COUNTS.search(u.text))
                   and not (_LIST_BACK.search(u.text) and (yes_no or counts))]
    contexts = [u for u in found if u.role == "context"]
    greetings = [u for u in found if u.role == "greeting" and not _RESTRICTS.search(u.text)]
    if not contexts and not aside_backs and not greetings:
        return None
    only_request = _blank(question, [u for u in found if u.role != "request"])
    alone = asked(only_request)
    if not alone.answered and len(requests) > 1:
        return None
    place_back = bool(_PLACE_BACK.search(asked_text))
    thing_back = bool(_THING_BACK.search(asked_text))
    own_place = alone.place or bool(_WHOLE_MODEL.search(asked_text) or _OVER_STOREYS.search(asked_text))
    aside: list[Unit] = [*aside_backs, *greetings]
    for u in requests:
        lead = _CHAT_LEAD.match(u.text)
        if lead is not None and lead.end() > 0 and u.start > 0 and _REQUEST_FORM.match(u.text[lead.end():]):
            aside.append(Unit(u.start, u.start + lead.end(), lead.group(0), "point-back"))
        for source in _SOURCE.finditer(u.text):
            aside.append(Unit(u.start + source.start(), u.start + source.end(), source.group(0).strip(), "point-back"))
        done = _NEED_DONE.match(u.text)
        if done is not None:
            aside.append(Unit(u.start + done.start("done"), u.start + done.end("done"), done["done"], "point-back"))
    for u in contexts:
        said = _WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), u.text)
        names = judge(said)
        if (joined := context_units.added(question, only_request, u, requests, names, alone, asked,
                                          place_back or thing_back)) is not None:
            question, only_request = joined  # round 17: "... Also the Level 2 ones.": the request asks both
            continue
        if framing.orientation_said(u.text):
            continue  # "facing north, window cleaner asks": which windows may be meant (round 21)
        if (verdict := context_units.aside(question, u, said, names, alone, asked_text,
                                           place_back or thing_back)) is not None:
            if verdict:  # round 17: a context naming only what is asked or places not asked about; an adding one kept
                aside.append(u)
            continue
        if names.restricts or _RESTRICTS.search(u.text) or _ABOUT_THEM.match(u.text) or names.modified & alone.classes:
            continue  # (a word not understood said of the class asked may say which ones: round 7)
        if names.storeys and alone.storeys and names.storeys != alone.storeys and not mail_context.other_storey_said(
                question, u.start, u.end, alone.subject, place_back or thing_back):  # (round 15: a sentence of its own)
            continue  # "Before the inspection of the Dachgeschoss: which windows are on the Erdgeschoss?" (round 8)
        if mail_context.unground_place_field(question, u.start, u.end, names.places):
            continue  # "Location: Building C": a part of the building the model does not name (round 15)
        if _PLACE_NOUN.search(said) and not names.places:
            continue  # "(east wing survey)": a part of the building the model does not name (round 8)
        # a place said in the context ("I'm heading to Roof now", "we're in the east wing") counts as one too
        if (names.places or framing.place_said(said)) and (not own_place or place_back):
            continue
        if not own_place and framing.bare_topic(said.strip(" :;,-\u2013")) and not mail_context.title_field(
                question, u.start):  # (round 15: a ticket's "Summary:" line is its topic)
            continue  # "sauna: which windows?", "Gazebo - how many doors?": bare nouns before a request with no place
        if framing.place_said(said) and not names.places:  # "We work in the north block.": a place the model does
            continue  # not name may be a part of it the request's place lies in (round 7's rule): never set aside
        if names.classes and (not (alone.subject or _EVERYTHING.search(asked_text)) or thing_back):
            continue
        aside.append(u)
    if not aside and only_request == _blank(question, [u for u in found if u.role != "request"]):
        return None
    aside.sort(key=lambda u: u.start)
    return Reading(_blank(question, aside), asked_text.strip(), [u.text.strip() for u in aside])


def _blank(question: str, parts: list[Unit]) -> str:
    """``question`` with ``parts`` blanked (spaces, so positions stay), with the colon or dash that joined each part
    to its neighbour."""
    out = question
    for u in parts:
        start, end = u.start, u.end
        before = re.search(r"(?:(?<=\s)|^)[:;,\u2013\u2014-]+\s*$", out[:start])
        after = re.match(r"\s*[:;,\u2013\u2014-]+(?=\s|$)", out[end:])
        start = before.start() if before is not None else start
        end = end + after.end() if after is not None else end
        out = out[:start] + re.sub(r"[^\n]", " ", out[start:end]) + out[end:]
    return out
