"""A narrative message read as sentences in order, corrections applied (issue 22, round 22 story22).

People tell the question inside a story: a mail thread quoting the earlier message ("---- original ----", "> From:
Sam ..."), a story around the ask ("Long story short: my mother-in-law moves in ..."), a self-correction ("EG, 1.OG -
sorry, not EG, EG is someone else's contract - so 1.OG and 2.OG", "the Roof level? No, it doesn't, only the Ground
Floor", "the Bad doesn't count - actually it does"), two asks of which one is for a person ("the skip - can you move
it? (that part is for you, not for the model)"), the price or duration of something else ("(390 GBP)", "(3 hours, 2
people)"), and a pointer back to the scope stated before ("that floor", "those two floors", "in there", "dieser
Flur"). Read as one text, every sentence fires the parser's triggers: a refusal on a price that is not asked, a write
refusal on "move it", a pointer bound before the correction, story words "not understood".

The mechanism (:func:`read`):

1. **sentences in order** (:func:`sentences`): lines, then sentence ends; a quoted block (">" lines, between an
   "original / forwarded message" line and a rule line) is marked quoted; header lines ("From:", "Subject:"),
   greetings, sign-offs and a name alone are layout.
2. **roles from structure**: a REQUEST TO A PERSON (a request whose act is not reading the model: "can you move it",
   "could you ask Jens to ...", "Paul, can you ...", or one a parenthetical says is "for you, not for the model")
   never decides a refusal or a write; a question ANSWERED BY THE WRITER ("... covers the Roof level? No, it
   doesn't, only ...") is a statement; a request naming nothing the model holds ("Can you look that up?", "Can
   someone answer Hannah?") POINTS BACK at the quoted request; the one other request that names the model's things
   is THE request (two such: None, the rules read the message as before).
3. **scope with corrections** (:func:`_scope`): every statement before the request that names storeys or rooms edits
   one running scope, in order. A sentence without a correction states it (a clause with "stays", "is done",
   "not X" excludes); after a correction marker ("sorry", "no wait", "actually", "I mean", "nein", "No," answering
   one's own question) the conclusion ("so 1.OG and 2.OG", "only the Ground Floor", "I mean Level 1") replaces it,
   else the names it says replace it ("also" adds), else the names it negates leave it; "actually it does" cancels
   the negation before it. A correction that says no name ("sorry, not that one") or hesitates ("or was it ...",
   "not sure") cannot be read: the reading declines naming it.
4. **pointers bind to what survives**: "that floor" / "those two floors" / "dieser Flur" / "in there" in the
   request are replaced by the scope's names when the kind (storey or room) and the number agree, else the reading
   declines naming the pointer; a request naming no place after a statement that restricts to the scope ("only that
   floor is affected") gets the scope.
5. **the rest is set aside only when it cannot restrict** (:func:`_can_restrict`): after blanking the scope it
   stated, the correction words, prices, durations, times and dates of other things, a sentence is set aside when it
   holds no restricting or conditional word (a person's "I don't need much" is no restriction of things), no other
   number, and names no storey, room, property, bound or place the request leaves open; a sentence that may restrict
   is kept for the rules (which apply or decline it). Round 24 (:func:`_points_at_asked`): a sentence pointing at
   or naming the asked things ("They need new seals.", "The windows are dirty."; not a pronoun for people, not the
   class placed on another storey) or a reason naming another class ("Because the windows get new locks.") is kept,
   and a request on a storey the scope statements exclude is left to the rules (:func:`_contradicts`). The plan's
   notes say what was set aside and how the scope was read.

Called from one place: ``SpatialQA._compute``, beside request_decides, only when the whole message declines and the
earlier readings did not answer it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import message_sentences

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

ENABLED = True


@functools.cache
def _words() -> dict[str, Any]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/story_reading.json").read_text("utf-8"))
    return {k: (re.compile(v, re.I) if isinstance(v, str) and not k.startswith("_") else v) for k, v in raw.items()}


@dataclass
class Sentence:
    """One sentence of the message: its span, whether it stands in a quoted block, and its role."""

    start: int
    end: int
    text: str
    quoted: bool
    role: str  # layout, ask, point_back, person, person_note, answered, statement


@dataclass
class Reading:
    """The message read as its request asks it: ``text`` (the request, its pointer bound, with what may restrict),
    what was set aside and how the scope was read; ``declined``: why it cannot be read (a correction or a pointer)."""

    text: str
    asked: str
    aside: list[str] = field(default_factory=list)
    read_as: list[str] = field(default_factory=list)
    declined: str | None = None

    def notes(self) -> list[str]:
        out = [f"narrative read in order (round 22): request {self.asked!r}", *self.read_as]
        if self.aside:
            out.append("context set aside (it cannot restrict what is asked): "
                       + "; ".join(map(repr, self.aside)))
        return out


def sentences(question: str, placed: Any = None) -> list[Sentence]:
    """The sentences of ``question`` in order, quoted blocks and layout lines marked (roles other than layout are
    given by :func:`_roles`)."""
    w = _words()
    out: list[Sentence] = []
    quoting = False
    at = 0
    for line in question.split("\n"):
        a, b = at, at + len(line)
        at = b + 1
        if not line.strip():
            continue
        if w["quote_open"].match(line):
            quoting = True
            out.append(Sentence(a, b, line, True, "layout"))
            continue
        if w["rule_line"].match(line):
            quoting = False
            out.append(Sentence(a, b, line, False, "layout"))
            continue
        quoted = quoting
        m = re.match(r"\s*>+\s?", line)
        off = 0
        if m is not None:
            quoted, off = True, m.end()
        body = line[off:]
        if (w["header"].match(body) or message_sentences._GREETING.match(body)
                or message_sentences._SIGN_OFF.match(body) or w["name_only"].fullmatch(body.strip())):
            out.append(Sentence(a, b, line, quoted, "layout"))
            continue
        lab = w["lead_label"].match(body)
        if lab is not None and not re.search(r"[?]", lab.group(0)) and len(lab.group(0).split()) <= 7 and \
                body.rstrip().endswith(":") is False and not (placed is not None and placed(lab.group(0).rstrip(": "))):
            # (a lead naming a storey, room or class, "Buero: which windows ...", is the place asked, never a label)
            out.append(Sentence(a + off, a + off + lab.end(), lab.group(0), quoted, "layout"))
            off += lab.end()
        elif body.rstrip().endswith(":") and "?" not in body and len(body.split()) <= 8:
            out.append(Sentence(a + off, b, body, quoted, "lead"))
            continue
        start = a + off
        for s, e in _split(question, start, b):
            text = question[s:e]
            mk = w["list_marker"].match(text)
            if mk is not None:
                s, text = s + mk.end(), text[mk.end():]
            if text.strip():
                out.append(Sentence(s, e, text, quoted, "statement"))
    return out


_ABBREVIATION = re.compile(r"(?:\b(?:i\.e|e\.g|z\.b|d\.h|u\.a|etc|approx|ca|bzw|nr|no|vs|incl|excl|inkl|zzgl|usw)"
                           r"|(?<![\w.])[^\W\d_])$", re.I)


def _split(question: str, start: int, end: int) -> list[tuple[int, int]]:
    """The sentences of ``question[start:end]``: ends at ".", "?", "!" before a space, never after an abbreviation
    ("i.e.", "z.B.", "approx.")."""
    out: list[tuple[int, int]] = []
    at = start
    for m in re.finditer(r"[.?!]+(?=\s|$)", question[start:end]):
        cut = start + m.end()
        if m.group(0) == "." and (_ABBREVIATION.search(question[at:start + m.start()]) or _words()[
                "ordinal_storey"].match(question, start + m.start() - 2 if question[start + m.start() - 2].isdigit()
                                        else start + m.start() - 1)):
            continue  # ("5. Obergeschoss": an ordinal, no sentence end)
        if question[at:cut].strip():
            lead = len(question[at:cut]) - len(question[at:cut].lstrip())
            out.append((at + lead, cut))
        at = cut
    if question[at:end].strip():
        lead = len(question[at:end]) - len(question[at:end].lstrip())
        out.append((at + lead, end))
    return out


def _is_ask(text: str) -> bool:
    return message_sentences._role(text) in ("request", "point-back") and not message_sentences._SIGN_OFF.match(text)


def _person(parser: Parser, text: str, grounded: Any) -> bool:
    """Whether a request is one to a person: it asks a person to ask someone, it is said to a named person, or its
    act is not reading the model and it names nothing the model holds."""
    w = _words()
    voc = w["vocative"].match(text)
    if w["ask_person"].search(text) or (voc is not None and voc.group("name").casefold() not in w["not_names"]):
        return True
    if re.search(r"\b(?:model|modell|ifc|file|datei)\b", text, re.I):
        return False
    m = w["act_request"].search(text)
    if m is None:
        return False
    verb = (m.group("verb") or m.group("verb2") or m.group("verb3") or "").casefold()
    if verb not in w["acts"]:
        return False
    rest = text[m.end():]
    return not grounded(rest, "")


def _roles(parser: Parser, found: list[Sentence], grounded: Any) -> None:
    w = _words()
    for i, s in enumerate(found):
        if s.role in ("layout", "lead"):
            continue
        nxt = next((x for x in found[i + 1:] if x.role != "layout"), None)
        if s.text.strip().startswith("(") and w["person_note"].search(s.text):
            s.role = "person_note"
            prev = next((x for x in reversed(found[:i]) if x.role not in ("layout", "lead")), None)
            if prev is not None and _is_ask(prev.text) and not prev.quoted:
                prev.role = "person"
            continue
        if s.role == "person":
            continue
        if _is_ask(s.text) and not s.quoted and _person(parser, s.text, grounded):
            s.role = "person"
        elif s.text.rstrip().endswith("?") and nxt is not None and w["answer_lead"].match(nxt.text) and \
                w["answer_lead"].match(nxt.text).group("lead"):
            s.role = "answered"
        elif _is_ask(s.text) and not (i > 0 and found[i - 1].role == "answered" and w["answer_lead"].match(s.text)):
            s.role = "ask"


@dataclass
class _Mention:
    start: int  # in the sentence
    end: int
    key: str  # a storey's GlobalId group (its name) or a room's GlobalIds
    label: str  # as written in the message
    kind: str  # storey / room
    negated: bool


def _mentions(parser: Parser, text: str) -> list[_Mention]:
    """The storeys and rooms a sentence names, each with whether it is negated or excluded ("not EG", "the bedroom
    stuff stays")."""
    from ifcqa.spatial import request_decides

    w = _words()
    low = text.casefold() if len(text.casefold()) == len(text) else text.lower()
    out: list[_Mention] = []
    taken: list[tuple[int, int]] = []
    for group, p in parser._name_patterns:
        for m in p.finditer(low):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            out.append(_Mention(m.start(), m.end(), group[0].name, text[m.start():m.end()], "storey", False))
    for term in sorted(request_decides._room_terms(parser, text), key=len, reverse=True):
        # (whole words, the longest first: "Buero Studenten I" is no part of "Buero Studenten II")
        for m in re.finditer(r"(?<!\w)" + re.escape(term.casefold()) + r"(?!\w)", low):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            names = parser._context_names(term)
            if not names.rooms:
                continue
            taken.append((m.start(), m.end()))
            out.append(_Mention(m.start(), m.end(), ",".join(sorted(names.rooms)), term, "room", False))
    out.sort(key=lambda x: x.start)
    # clauses: a clause saying it stays / is done excludes what it names
    bounds = [0, *[m.end() for m in w["clause_break"].finditer(text)], len(text)]
    for x in out:
        before = text[:x.start]
        if w["negated_before"].search(before[-40:]):
            x.negated = True
            continue
        lo = max(b for b in bounds if b <= x.start)
        hi = min(b for b in bounds if b >= x.end)
        if w["stays"].search(text[lo:hi]):
            x.negated = True
        elif w["additive"].search(text[lo:hi]) and any(y.negated for y in out if y.end <= lo):
            x.negated = True  # "the EG was done in April, the 1.OG ... too": what the clause before says of its own
    return out


@dataclass
class _Scope:
    names: list[_Mention] = field(default_factory=list)
    unreadable: str | None = None
    consumed: list[tuple[Sentence, list[tuple[int, int]]]] = field(default_factory=list)  # spans read as scope
    read_as: list[str] = field(default_factory=list)
    cancelled: list[Sentence] = field(default_factory=list)
    states: list[Sentence] = field(default_factory=list)  # the sentences that stated or edited the scope
    excluded: set[str] = field(default_factory=set)  # what a statement excludes ("not EG", "Level 2 was done")


def _unique(ms: list[_Mention]) -> list[_Mention]:
    seen: dict[str, _Mention] = {}
    for m in ms:
        seen.setdefault(m.key, m)
    return list(seen.values())


def _edit(parser: Parser, s: Sentence, scope: _Scope, answer: bool) -> None:
    """Apply sentence ``s`` to the running scope (see the module doc, step 3)."""
    w = _words()
    text = s.text
    spans: list[tuple[int, int]] = []
    markers = list(w["correction"].finditer(text))
    lead = w["answer_lead"].match(text) if answer else None
    if lead is not None and lead.group("lead"):
        markers = [lead, *[m for m in markers if m.start() >= lead.end()]]
    mentions = _mentions(parser, text)
    scope.excluded |= {m.key for m in mentions if m.negated}
    if not mentions and not markers:
        return
    if not markers:
        pos = [m for m in mentions if not m.negated]
        if pos:
            if scope.names and {m.key for m in scope.names} != {m.key for m in pos} and not (
                    w["additive"].search(text)):
                scope.unreadable = (f"{s.text.strip()!r} names {', '.join(m.label for m in pos)} after "
                                    f"{', '.join(m.label for m in scope.names)} was said")
                return
            scope.names = _unique([*scope.names, *pos]) if w["additive"].search(text) else _unique(pos)
            scope.states.append(s)
            spans += [(m.start, m.end) for m in mentions]
            scope.consumed.append((s, spans))
        return
    first = markers[0]
    head = [m for m in mentions if m.end <= first.start()]
    if head:
        pos = [m for m in head if not m.negated]
        if pos:
            scope.names = _unique([*scope.names, *pos]) if scope.names and w["additive"].search(
                text[:first.start()]) else _unique(pos)
    tail_at = first.start()
    tail_start = first.end()
    tail = text[tail_start:]
    cancel = w["cancel"].match(tail)
    if cancel is not None:  # "the Bad doesn't count - actually it does": the negation before is cancelled
        scope.cancelled.append(s)
        scope.read_as.append(f"the correction {text[first.start():].strip()!r} cancels what it corrects")
        return
    if w["uncertain"].search(tail):
        scope.unreadable = f"the correction {text[tail_at:].strip()!r} does not say which is meant"
        return
    after = [m for m in mentions if m.start >= tail_start]
    conclusion = None
    for c in w["conclusion"].finditer(text, tail_start):
        clause_end = next((b.start() for b in w["clause_break"].finditer(text, c.end())), len(text))
        named = [m for m in after if c.end() <= m.start and m.end <= clause_end + 1 and not m.negated]
        if named:
            conclusion = named
    before_names = scope.names or [m for m in head if not m.negated]
    if conclusion:
        new = _unique(conclusion)
    elif [m for m in after if not m.negated]:
        pos = [m for m in after if not m.negated]
        new = _unique([*before_names, *pos]) if w["additive"].search(tail) else _unique(pos)
    elif after:
        gone = {m.key for m in after}
        new = [m for m in before_names if m.key not in gone]
        if not new:
            scope.unreadable = f"the correction {text[tail_at:].strip()!r} leaves no storey or room"
            return
    else:
        if not (before_names or head):
            return  # a correction of something other than the scope ("sorry, I mean the doors"): left to the rules
        scope.unreadable = f"the correction {text[tail_at:].strip()!r} names no storey or room"
        return
    old = ", ".join(m.label for m in before_names)
    scope.names = new
    scope.states.append(s)
    scope.read_as.append(f"the correction {text[tail_at:].strip()!r} edits the scope"
                         + (f" {old!r}" if old else "") + f" to {', '.join(m.label for m in new)!r}")
    spans += [(m.start, m.end) for m in mentions]
    spans += [(m.start(), m.end()) for m in markers]
    scope.consumed.append((s, spans))


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


# a purpose fragment ("For the doors.", "Für die Fenster.")
_FOR_THE = re.compile(r"\s*(?:for|für|fuer)\s+(?:the|die|den|das|dem|der|our|my)\s+[^\W\d_]", re.IGNORECASE)


def _can_restrict(parser: Parser, said: str, asked: Any, asked_text: str, grounded: Any, *,
                  after: bool = False, raw: str | None = None) -> bool:
    """Whether a sentence (its scope and correction words blanked; ``raw``: as sent) may restrict what the request
    asks (see the module doc, step 5)."""
    from ifcqa.spatial import message_units

    w = _words()
    said = w["context_measure"].sub(lambda m: " " * len(m.group(0)), said)
    said = message_sentences._WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), said)
    said = w["person_negation"].sub(lambda m: " " * len(m.group(0)), said)
    said = w["when"].sub(lambda m: " " * len(m.group(0)), said)
    if not re.search(r"[^\W\d_]{2}", said):
        return False
    if any(message_units._place_label(m.group(1)) for m in re.finditer(
            r"(?:^|[|•])\s*([^\W\d_][\w .-]{0,30}?)\s*:(?!\S)", said)):
        return True  # a place field ("Location: Building C"): where the request's place may lie
    np_ = w["negated_pointer"].search(said)
    if np_ is not None and _excludes_the_excluded(parser, said[:np_.start()] + said[np_.end():], asked):
        said = said[:np_.start()] + " " * (np_.end() - np_.start()) + said[np_.end():]
    if re.search(r"\d", said):
        return True
    if w["restricting"].search(said) or w["conditions"].search(said) or w["quantifier"].search(said):
        return True  # ("the tenant painted some doors": which ones)
    if _points_at_asked(parser, said, raw if raw is not None else said, asked_text):
        return True  # ("They need new seals.", "The windows are dirty.", "Because the windows get new locks.")
    subject = after and re.match(r"\s*(?:and\s+)?" + w["things_back"].pattern + r"\s+(?!(?:that|which|who|with|on|in|"
                                  r"at|of|from|near|next|die|welche|mit|im|auf|von)\b)[^\W\d_]", said, re.I)
    if after and not subject and not message_units._talk(said):
        return True  # a verbless fragment after the request says which ones ("the rusty ones")
    if w["things_back"].search(said) and not subject and (w["relative"].search(said) or grounded(
            w["things_back"].sub(" ", said), asked_text)):
        return True  # ("Those get the new handles." after the request says what becomes of the answer)
    n = parser._context_names(said)
    asked_storeys = set(asked.storeys) | set(parser._context_names(asked_text).storeys)
    if (set(n.storeys) - asked_storeys and (not asked_storeys or w["additive"].search(said))) or (
            n.rooms and not set(n.rooms) <= set(asked.rooms)):
        return True  # (another storey beside a request naming its own is talk: "Level 2 I have already")
    props = {re.split(r"\s*(?:!=|=|<|>|\bcontains\b)", r)[0].strip() for r in asked.qualifiers}
    if any(re.split(r"\s*(?:!=|=|<|>|\bcontains\b)", r)[0].strip() not in props for r in n.qualifiers):
        return True
    req = parser._context_names(asked_text)
    asked_keys = set(asked.classes) | set(req.class_keys) | ({"spaces"} if asked.rooms else set())
    if _FOR_THE.match(said) and set(n.class_keys) - asked_keys:
        return True  # "Slabs on EG, how many? For the doors.": what a purpose naming other things says is not clear
    if n.bounds and not (req.bounds and n.class_keys <= asked_keys):
        return True  # a bound, a comparison of its own; the request's own comparison said again is none
    # (a place beside a request naming its rooms cannot select among them)
    return bool(_place_said(parser, said, asked_text) and not asked.rooms) or _narrows(parser, said, asked_text)


def _points_at_asked(parser: Parser, said: str, raw: str, asked_text: str) -> bool:
    """Whether a sentence beside the request names or points at the things asked, so it may say which of them are
    meant (round 24): a pronoun for things ("They need new seals.", "Those are rusty."; never one for people: "They
    want to plan the route.", "I asked them"), a class word of the request ("The windows are dirty." beside "how many
    windows ..."; never one only modifying a noun the model does not hold, "the window cleaners", and never one the
    sentence places on a storey or room apart from the request's, "the 1.OG windows were cleaned" beside "... on the
    2.OG?"), or a reason naming another class ("Because the windows get new locks." beside "which doors ...": which
    things are meant is not clear)."""
    from ifcqa.spatial import message_units

    w = _words()
    for m in w["things_pronoun"].finditer(said):
        if m.group(0).casefold().startswith("they") and w["person_predicate"].match(said, m.end()):
            continue  # people: "They want to plan the route."
        if m.group(0).casefold() == "them" and w["person_object"].search(said[:m.start()]):
            continue  # people: "I asked them"
        return True
    n = parser._context_names(said)
    if not n.class_keys:
        return False
    asked = parser._asked_alone(asked_text).classes | parser._context_names(asked_text).class_keys
    if not n.class_keys & asked:
        return bool(w["reason_lead"].match(said))
    if message_units.class_modifies_only(parser, said, frozenset(asked)):
        return False
    return not _placed_apart(parser, raw, asked_text)


def _placed_apart(parser: Parser, raw: str, asked_text: str) -> bool:
    """Whether a sentence names storeys or rooms and none of them is one the request asks on: the request names
    places of its own, or it excludes the ones the sentence names ("the doors that are not on the EG")."""
    said = _mentions(parser, raw)
    if not said:
        return False
    req = _mentions(parser, asked_text)
    on = {m.key for m in req if not m.negated}
    off = {m.key for m in req if m.negated}
    keys = {m.key for m in said}
    return bool(keys) and not keys & on and (bool(on) or keys <= off)


def _prop(rule: str) -> tuple[str, str]:
    parts = re.split(r"\s*(=|!=|<|>|\bcontains\b)\s*", rule, maxsplit=1)
    return parts[0].strip(), "".join(parts[1:]).strip()


def _excludes_the_excluded(parser: Parser, said: str, asked: Any) -> bool:
    """Whether a sentence saying "X ..., so not that one" excludes only what the request excludes already: X is of
    the request's classes and each of its qualifiers is one the request holds on the same property with another
    value ("the external door ..., so not that one" beside "which doors are not external?")."""
    n = parser._context_names(said)
    if not n.qualifiers or n.storeys or n.rooms or not n.class_keys or not n.class_keys <= set(asked.classes):
        return False
    mine = dict(_prop(r) for r in asked.qualifiers)
    return all(p in mine and mine[p] != v for p, v in map(_prop, n.qualifiers))


def _place_said(parser: Parser, said: str, asked: str) -> bool:
    """Whether ``said`` names a place the model may not name (round 20's test, :func:`request_decides._place_said`),
    a place phrase counted only when its object is no pronoun or function word ("in with us"), no word of the
    request ("on the smallest room" beside "which room is the smallest") and no class ("in the boiler")."""
    from ifcqa.spatial import context_clauses, framing

    w = _words()
    if framing._ORIENTATION.search(said) or message_sentences._PLACE_NOUN.search(said) or \
            context_clauses._BUILDING_PART.search(said):
        return True
    own = {x.casefold() for x in re.findall(r"[^\W\d_][\w-]*", asked)}
    for m in w["place_phrase"].finditer(said):
        obj = m.group("obj").casefold()
        if obj in w["not_a_place"] or obj in own:
            continue
        if framing._PLACE_SAID.search(m.group(0).casefold()):
            return True  # (a class as its object is a relation: "near the stairs")
    return False


def _narrows(parser: Parser, said: str, asked: str) -> bool:
    """Whether ``said`` says a class word of the request's with a modifier before it that the request does not say
    ("the fire doors" beside "which doors ...", never "the smallest room" beside "which room is the smallest")."""
    from ifcqa.spatial.request_decides import _PLAIN_BEFORE

    own = {x.casefold() for x in re.findall(r"[^\W\d_][\w-]*", asked)}
    for word in {x for x in own if len(x) >= 4 and parser._context_names(x).class_keys}:
        for m in re.finditer(rf"(?<![\w-])([^\W\d_][\w-]*)\s+{re.escape(word)}\b", said, re.IGNORECASE):
            if m.group(1).casefold() not in _PLAIN_BEFORE and m.group(1).casefold() not in own:
                return True
    return False


def _bind(parser: Parser, asked_text: str, scope: _Scope) -> tuple[str, str] | str | None:
    """The request with its pointer replaced by the scope's names and what was read, a decline's reason (str), or
    None when it holds no pointer."""
    w = _words()
    found = None
    for m in w["pointer"].finditer(asked_text):
        head = m.group("head").casefold()
        if head in w["storey_heads"] or head in w["room_heads"]:
            found = (m, "storey" if head in w["storey_heads"] else "room")
            break
    if found is None:
        m2 = w["place_pointer"].search(asked_text)
        if m2 is None:
            return None
        found = (m2, "any")
    m, kind = found
    names = scope.names
    said = m.group(0)
    if not names:
        return f"{said.strip()!r} points back, and the message names no storey or room before it"
    kinds = {x.kind for x in names}
    if len(kinds) != 1 or (kind != "any" and kinds != {kind}):
        return f"{said.strip()!r} points back, and what the message names before it is not of that kind"
    det = m.group("det").casefold()
    n = m.groupdict().get("n")
    want = w["numbers"].get(n.casefold()) if n else None
    plural = kind != "any" and (m.group("head").casefold().endswith("s") or det in ("those", "these") or
                                det.startswith("both") or want is not None)
    if (want is not None and want != len(names)) or (not plural and kind != "any" and len(names) != 1) or (
            kind == "any" and len(names) != 1):
        return (f"{said.strip()!r} points back, and it could mean "
                + " or ".join(repr(x.label) for x in names) + ": which is not said")
    german = det in w["german_det"] or bool(re.search(r"\b(?:wie|welche|hat|sind|gibt)\b", asked_text, re.I))
    joined = (" und " if german else " and ").join(x.label for x in names)
    repl = (("im " if german else "in the ") + joined) if kind == "any" else joined
    text = asked_text[:m.start()] + repl + asked_text[m.end():]
    return text, f"{said.strip()!r} read as {joined!r} (the scope the message states, corrections applied)"


def _contradicts(parser: Parser, text: str, scope: _Scope) -> bool:
    """Whether the request names a storey or room the scope statements exclude ("Level 2 was done last month, so this
    time only Level 1. How many doors are on Level 2?") or one outside a scope they restrict to ("Only the EG is
    affected. How many doors on the 1.OG?"): which one is meant is not clear (round 24)."""
    on = {m.key for m in _mentions(parser, text) if not m.negated}
    if not on:
        return False
    kept = {m.key for m in scope.names}
    if on & (scope.excluded - kept):
        return True
    return bool(kept) and not on <= kept and any(_words()["restricting"].search(s.text) for s in scope.states)


def read(parser: Parser, question: str) -> Reading | None:
    """The message read in order (see the module doc), or None when it is no narrative this reading handles."""
    from ifcqa.spatial import message_units, request_decides

    grounded = message_units.grounded_in(parser)
    found = sentences(question, message_units.placed_in(parser))
    if len([s for s in found if s.role != "layout"]) < 2:
        return None
    _roles(parser, found, grounded)
    asks = [s for s in found if s.role == "ask" and not s.quoted]

    def names_asked(text: str) -> bool:  # a class, storey, room, property, bound or place: "Can the model tell
        n = parser._context_names(text)  # us?" names none of them
        return bool(n.classes or n.class_keys or n.storeys or n.rooms or n.qualifiers or n.bounds or n.places)

    content = [s for s in asks if names_asked(s.text)]
    needs = [s for s in found if s.role == "statement" and not s.quoted and _words()["need_form"].search(s.text)]
    if content and needs:
        return None  # a second ask said as a need ("The owners want to know what new glass would cost.")
    backs = [s for s in asks if s not in content]
    if any(not _words()["point_back"].search(s.text) or request_decides._refused(parser, s.text) for s in backs):
        return None  # a second ask naming nothing ("How much did they cost?", "Which ones?") or asking a cost,
        # schedule or write ("And what will they cost?"): left to the rules, which refuse it with the message
    quoted_asks = [s for s in found if s.quoted and s.role in ("ask", "statement") and (
        _is_ask(s.text) or _words()["need_form"].search(s.text))]
    if len(content) > 1:
        return None
    if content:
        request = content[0]
        asked_text = request.text
    else:
        if not backs or len(quoted_asks) != 1:
            return None
        request = quoted_asks[0]
        asked_text = request.text
        lead = re.match(r"\s*(?:for|für)\s+(?:the|a|an|our|die|den|das|unsere?n?)\s+(?:[^\W\d_][\w-]*\s+){0,2}?"
                        r"[^\W\d_][\w-]*\s*,?\s*(?=(?:i|we|ich|wir)\b)", asked_text, re.I)
        if lead is not None and not grounded(lead.group(0), ""):
            asked_text = asked_text[lead.end():]
    others = [s for s in found if s is not request and s.role not in ("layout",)]
    # 3. the scope, in order, from the statements before the request (quoted ones too)
    scope = _Scope()
    before = [s for s in others if s.start < request.start or (s.quoted and s is not request)]
    for i, s in enumerate(before):
        if s.role in ("person", "person_note", "lead") or s in backs:
            continue
        prev = before[i - 1] if i > 0 else None
        _edit(parser, s, scope, answer=prev is not None and prev.role == "answered")
        if scope.unreadable:
            return Reading("", asked_text, declined=scope.unreadable)
    # 4. the pointer
    w_ = _words()
    read_as = list(scope.read_as)
    bound = _bind(parser, asked_text, scope)
    if isinstance(bound, str):
        return Reading("", asked_text, declined=bound)
    text = asked_text
    if bound is not None:
        text, note = bound
        read_as.append(note)
    if not names_asked(text):
        return None  # a request naming nothing asks what the message says around it: left to the rules
    if bound is None and (w_["bare_pointer"].search(text) or w_["bare_place_pointer"].search(text)) and any(
            s.start < request.start and s.role not in ("person", "person_note", "layout", "lead") and s not in backs
            and grounded(s.text, "") for s in others):
        return None  # "How many doors on the GroundFloor is that?": what it points at is read by the rules
    asked = parser._asked_alone(text)
    if bound is None and _contradicts(parser, text, scope):
        return None  # the request asks on what the message excludes or leaves out: left to the rules (declined)
    aside: list[str] = []
    keep: list[Sentence] = []
    w = _words()
    consumed = {id(s): spans for s, spans in scope.consumed}
    for s in others:
        if s.role == "person":
            aside.append(f"to a person: {s.text.strip()}")
            continue
        if s.role == "person_note" or s in backs:
            aside.append(s.text.strip())
            continue
        if s.role == "lead" and not grounded(s.text, ""):
            aside.append(s.text.strip())
            continue
        said = s.text
        spans = consumed.get(id(s), [])
        if spans:
            ms = _mentions(parser, said)
            for mm in ms:  # "only that floor", "not EG": the scope's own words
                pre = re.search(r"(?:\b(?:only|just|nur|not|nicht|except|außer|on|in|at|im|auf|am|for|für)\s+"
                                r"(?:the\s+|das\s+|die\s+|der\s+|dem\s+|den\s+)?)$", said[:mm.start])
                if pre is not None:
                    spans.append((pre.start(), mm.start))
            if w["answer_lead"].match(said):
                spans.append((0, w["answer_lead"].match(said).end()))
            said = _blank(said, spans)
        if s in scope.cancelled:
            first = w["correction"].search(said)
            said = said[first.end():] if first is not None else said
            c = w["cancel"].match(said)
            said = said[c.end():] if c is not None else said
        for pm in list(w["pointer"].finditer(said)) + list(w["place_pointer"].finditer(said)):
            if bound is not None or scope.names:  # "only that room is moving": the scope, said again
                pre = re.search(r"(?:\b(?:only|just|nur)\s+)$", said[:pm.start()])
                a = pre.start() if pre is not None else pm.start()
                said = said[:a] + " " * (pm.end() - a) + said[pm.end():]
        if s.role == "answered":
            said = w["conditions"].sub(lambda m: " " * len(m.group(0)), said)  # "asked whether X is included?"
        if _can_restrict(parser, said, asked, text, grounded, after=s.start > request.start and not s.quoted,
                         raw=s.text):
            if spans or s in scope.cancelled:
                return None  # a scope statement that says more than its scope: left to the rules
            keep.append(s)
        else:
            aside.append(s.text.strip())
    if bound is None and scope.names and not (asked.storeys or asked.rooms):
        said_only = any(w["restricting"].search(s.text) for s in scope.states) or any(
            re.search(r"\b(?:only|nur|just)\b", s.text, re.I) and (w["pointer"].search(s.text) or
                                                                   w["place_pointer"].search(s.text))
            for s in others)
        if not said_only:
            return None  # a scope stated beside a request naming none: whether it restricts is not said
        where = " and ".join(x.label for x in scope.names)
        kind = scope.names[0].kind
        text = text.rstrip(" ?.!") + (" on " if kind == "storey" else " in ") + where + "?"
        read_as.append(f"the scope the message restricts to ({where!r}) applied to the request")
    if not aside and not read_as:
        return None
    pieces = sorted([*((s.start, s.end, s.text.strip()) for s in keep), (request.start, request.end, text.strip())])
    full = ""
    at = 0
    for a, b, said in pieces:  # the kept sentences on their lines: the rules read a field or a line as sent
        full += ("\n" if "\n" in question[at:a] else " ") if full else ""
        full += said
        at = b
    return Reading(full, asked_text.strip(), aside, read_as)


def hesitates(parser: Parser, question: str) -> dict[str, Any] | None:
    """A decline (the plan's ``declined``) when a statement of the message corrects the storeys or rooms it names
    and the correction hesitates or negates without a name ("Level 1 - no wait, or was it Level 2? not sure", "EG,
    1.OG - sorry, not that one"), or names a numbered storey the model does not have ("Cleaners do the EG - sorry, the
    3.OG", round 23): answering on the names before it would be a confident wrong answer. None for every other
    message (a cheap test of form first)."""
    from ifcqa.spatial.context_clauses import _NUMBERED_STOREY

    w = _words()
    if not w["correction"].search(question) or not (w["uncertain"].search(question) or w["negated_pointer"].search(
            question) or _NUMBERED_STOREY.search(question)):
        return None
    for s in sentences(question):
        if s.role != "statement":
            continue
        first = w["correction"].search(s.text)
        if first is None:
            continue
        tail = s.text[first.end():]
        absent = _NUMBERED_STOREY.search(tail)  # "EG - sorry, the 3.OG" on a model without a 3.OG
        if not (w["uncertain"].search(tail) or ((w["negated_pointer"].search(tail) or absent) and not _mentions(
                parser, tail))):
            continue
        if not [m for m in _mentions(parser, s.text[:first.start()]) if not m.negated]:
            continue
        said = s.text[first.start():].strip()
        if absent is not None and not w["uncertain"].search(tail) and not w["negated_pointer"].search(tail):
            return {"reason": f"the correction {said!r} names a storey this model does not have, and answering on "
                              "the ones before it would be wrong", "not_understood": [absent.group(0)],
                    "can_answer": "Say the storeys or rooms once more, naming storeys of this model."}
        return {"reason": f"the correction {said!r} does not say which storey or room is meant, and answering on "
                          "the ones before it could be wrong", "not_understood": [said],
                "can_answer": "Say the storeys or rooms once more, e.g. 'how many doors are on 1.OG and 2.OG?'."}
    return None
