"""A message read by its units, every unit that does not ask judged by its grounding in the model (issue 22, round
20 tails20).

People ask inside messages: "need the door qty for Keller - locksmith keeps asking me since monday", a chat whose
lines go between people ("@Lena can you also book the cherry picker?") before the line to the assistant, an FM
ticket ("Category: Locksmith | Requester: ... | Question: ..."), a mail with a greeting, a reason, a side request
to a colleague ("(Tom - please forward me the landlord's contact separately.)") and a signature with a role.
Earlier rounds set such units aside by narrow triggers (a list of purposes, of roles, of lead words); a message
whose talk used other words declined on them. This module reads the STRUCTURE in general and judges each unit by
what it names in the model.

**Units** (:func:`units`, spans of the message, so blanking keeps every position): lines; ticket fields (" | ");
a line's label ("Tom:", "[09:13] Tom:", "Description:", "Frage:"; never a label the model grounds, "EG: ..."); in a
line's body the sentences, the pieces after a spaced dash or a semicolon, parentheticals, and after the request the
comma-attached tails; after a sign-off line ("Thanks,", "Kind regards") the signature lines.

**The request** is the unit that asks: in a chat the line addressed to the assistant ("@assistant ..."), in a ticket
the field labelled as the question ("Question:", "Frage:", "Request:"), else every unit that asks by its form
(a "?" or a question word, an imperative or the asker's need: ``message_sentences._role``).

**Every other unit** is one of:

- *addressed to another person* ("@Lena can you ...", "(Tom - please ...)", "Tom, please ..."): set aside
  whatever it names, unless the request points back (them, those, that storey, there, then, dort ...);
- *talk*: a greeting or signature, a ticket field other than a scope field, a clause (a pronoun, an auxiliary or a
  finite verb of its own) or a purpose / reason phrase ("for the heating design", "wegen Rollladen-Angebot"): set
  aside only when it is NOT GROUNDED (:func:`read`'s ``grounded``, the parser's reading of the unit alone: no
  storey, room, space name, class or type word, property name or value, material, and no number other than a
  time, date or ticket number), holds no restricting word (only, except, without, not, skip ...), no condition
  (if, unless, wenn ...) and no pronoun for things (they, those, them ...);
- anything else (a verbless fragment, "facing north", "double leaf"; a scope field, "Scope: ..."): kept.

What is kept is read with the request by the rules as before, so a kept unit that restricts is applied or declines
the answer: this reading only removes what provably cannot restrict it (it names nothing the model holds), and
the pipeline uses it only when the whole message declines (``SpatialQA._compute``), recording "context set aside"
in the plan's notes. Words of form (labels, pointers) live in ``data/message_units.json``; restricting words in
``data/restricting_words.json`` (``restricting.py``, one list for every reader).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ifcqa.spatial import context_clauses, framing, message_sentences
from ifcqa.spatial.restricting import RESTRICTS
from ifcqa.spatial.word_patterns import alternation


@dataclass(frozen=True)
class _Words:
    assistant: frozenset[str]
    request_labels: frozenset[str]
    scope_labels: frozenset[str]
    restricting: re.Pattern[str]
    condition: re.Pattern[str]
    about_things: re.Pattern[str]
    pointers: re.Pattern[str]
    purpose: re.Pattern[str]
    clause: re.Pattern[str]


def _place_label(label: str) -> bool:
    """A field label naming a place in the mail layouts' vocabulary ("Standort", "Location", "Ort"): its value says
    where, so the unit is never talk."""
    from ifcqa.spatial import mail_layout  # (mail_layout reads message units' neighbours at import)

    return mail_layout._words().place.match(f"{label}: x") is not None


def _alt(words: Iterable[str]) -> str:
    return alternation(words)


@functools.cache
def _words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/message_units.json").read_text("utf-8"))

    def bounded(key: str) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w'-])(?:{_alt(raw[key])})(?![\w-])", re.I)

    return _Words(
        assistant=frozenset(raw["assistant_handles"]),
        request_labels=frozenset(raw["request_labels"]),
        scope_labels=frozenset(raw["scope_labels"]),
        restricting=RESTRICTS,  # one list for every reader (restricting.py)
        condition=bounded("conditions"),
        about_things=bounded("about_things"),
        pointers=re.compile(rf"(?<![\w'-])(?:{_alt(raw['request_pointers'])})(?![\w-])"
                            r"(?<!\bare\sthere)(?<!\bis\sthere)", re.I),
        purpose=re.compile(rf"^\s*(?:{_alt(raw['purpose_markers'])})\b", re.I),
        clause=bounded("clause_words"),
    )


@dataclass
class Unit:
    """A span of the message and its role: request, context, addressed (to another person), layout (a label, a
    handle, a timestamp: how it is sent, never what is asked), signature."""

    start: int
    end: int
    text: str
    role: str
    label: str = ""  # the label of the field or line it stands in ("" for none)
    line: int = 0  # the line or field it stands in


@dataclass
class Reading:
    """The message with its set-aside units blanked, what was set aside, and the request's text."""

    text: str
    request: str
    aside: list[str] = field(default_factory=list)  # talk that names nothing the model holds
    addressed: list[str] = field(default_factory=list)  # units addressed to another person

    def notes(self) -> list[str]:
        """What was set aside, for the plan's notes."""
        return ([f"context set aside (names nothing the model holds): {'; '.join(map(repr, self.aside))}"]
                if self.aside else []) + ([f"addressed to another person, set aside: "
                                           f"{'; '.join(map(repr, self.addressed))}"] if self.addressed else [])


_LINE_OR_FIELD = re.compile(r"\n|\s\|\s")
_STAMP = re.compile(r"^\s*(?:\[\s*\d{1,2}:\d{2}(?::\d{2})?\s*\]|\d{1,2}:\d{2}(?::\d{2})?\s*[-\u2013]?)\s*")
_LABEL = re.compile(r"^\s*(?P<label>[^\W\d_][\w'.&/-]*(?:\s+[\w'.&/-]+){0,2}?)\s*:\s+(?=\S)")
_HANDLE = re.compile(r"@(?P<who>[^\W\d_][\w.-]*)")
_PIECE_BREAK = re.compile(r"(?<=[?!])\s+|(?<=[^\W\d_]{2}[.])\s+(?=\S)|\s+[-\u2013\u2014]+\s+(?=\S)|;\s+")
_PAREN = re.compile(r"\(([^()]*)\)")
# a person addressed at a unit's start: "Tom - please ...", "Tom, can you ...", "@Lena ..."
# (a bare capitalised word before a comma is no name: "Also, please send ..." asks; inside parentheses or before a
# spaced dash it is: "(Tom, please ...)", "Tom - please ...")
_VOCATIVE = re.compile(r"^\s*(?:\(\s*(?-i:[A-ZÄÖÜ][a-zäöüß]+)\s*[-\u2013,:]?\s*|(?-i:[A-ZÄÖÜ][a-zäöüß]+)\s+[-\u2013]\s*"
                       r"|@[^\W\d_][\w.-]*\s*[,:]?\s*)"
                       r"(?=(?:please|pls|can\s+you|could\s+you|would\s+you|bitte|kannst\s+du|könntest\s+du)\b)", re.I)


def _labelled(text: str, placed: Callable[[str], bool]) -> tuple[int, str]:
    """The offset after a line's timestamp and label (not one the model grounds: "EG: ...") and the label."""
    at = 0
    stamp = _STAMP.match(text)
    if stamp is not None:
        at = stamp.end()
    found = _LABEL.match(text[at:])
    if found is not None and not placed(found["label"]):
        return at + found.end(), found["label"].casefold()
    return at, ""


def _pieces(question: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentences, dash and semicolon pieces and parentheticals of ``question[start:end]``."""
    spans: list[tuple[int, int]] = []
    body = question[start:end]
    parens = [(start + m.start(), start + m.end()) for m in _PAREN.finditer(body) if re.search(r"[^\W\d_]", m[1])]
    at = start
    for a, b in [*parens, (end, end)]:
        at_ = at
        for m in _PIECE_BREAK.finditer(question, at_, a):
            if question[at_:m.start()].strip():
                spans.append((at_, m.start()))
            at_ = m.end()
        if question[at_:a].strip():
            spans.append((at_, a))
        if a < b:
            spans.append((a, b))
        at = b
    return spans


def units(question: str, placed: Callable[[str], bool]) -> list[Unit]:
    """The units of ``question`` with their roles (see the module doc); ``placed`` tells a line's lead that names a
    storey, room or class ("EG: ...", "Keller - ..."), never a label."""
    w = _words()
    lines: list[tuple[int, int]] = []
    at = 0
    for m in _LINE_OR_FIELD.finditer(question):
        lines.append((at, m.start()))
        at = m.end()
    lines.append((at, len(question)))
    lines = [(a, b) for a, b in lines if question[a:b].strip()]
    out: list[Unit] = []
    to_assistant = [i for i, (a, b) in enumerate(lines)
                    if any(h["who"].casefold() in w.assistant for h in _HANDLE.finditer(question, a, b))]
    labels = []
    for a, b in lines:
        off, label = _labelled(question[a:b], placed)
        labels.append((a + off, label))
    asked_field = [i for i, (_, label) in enumerate(labels) if label in w.request_labels]
    signed = False
    spoken_to: set[str] = set()  # the people addressed so far: their next line replies in that exchange
    for i, (a, b) in enumerate(lines):
        body, label = labels[i]
        if body > a:
            out.append(Unit(a, body, question[a:body], "layout", label, i))
        text = question[body:b]
        if signed and "?" not in text:
            out.append(Unit(body, b, text, "signature", label, i))
            continue
        if message_sentences._SIGN_OFF.match(text) and i > 0 and "?" not in text:
            signed = True
            out.append(Unit(body, b, text, "signature", label, i))
            continue
        handles = list(_HANDLE.finditer(question, body, b))
        mine = i in to_assistant
        other = [h for h in handles if h["who"].casefold() not in w.assistant]
        if label and label in spoken_to and not mine and "?" not in text:
            spoken_to.discard(label)  # "Jonas: not yet" after "@Jonas did you call the landlord?"
            out.append(Unit(body, b, text, "addressed", label, i))
            continue
        spoken_to |= {h["who"].casefold() for h in other}
        if not mine and (text.lstrip().startswith("@") and other or to_assistant and "?" in text):
            # a line to another person ("@Lena can you ..."), or a question in a chat that is not put to the
            # assistant ("Jonas: did they draw the heat generator in, or only pipes?"): the whole line is theirs
            out.append(Unit(body, b, text, "addressed", label, i))
            continue
        for c, d in _pieces(question, body, b):
            piece = question[c:d]
            lead = re.match(r"\s*\(?\s*@(?P<who>[^\W\d_][\w.-]*)\s*:?\s*", piece)
            if lead is not None and lead["who"].casefold() in w.assistant:
                out.append(Unit(c, c + lead.end(), piece[:lead.end()], "handle", label, i))
                c, piece = c + lead.end(), piece[lead.end():]
                if not piece.strip():
                    continue
            if (lead is not None and lead["who"].casefold() not in w.assistant) or _VOCATIVE.match(piece) or (
                    other and not mine and to_assistant and handles[0].start() <= c + 2):
                out.append(Unit(c, d, piece, "addressed", label, i))
                continue
            role = message_sentences._role(piece)
            if to_assistant and not mine:
                role = "greeting" if role == "greeting" else "context"  # a line between people asks nothing
            elif asked_field and i not in asked_field:
                role = "greeting" if role == "greeting" else "context"  # a ticket's other fields ask nothing
            elif role == "point-back":
                role = "request"
            out.append(Unit(c, d, piece, role, label, i))
    return _tails(out)


def _tails(found: list[Unit]) -> list[Unit]:
    """A request unit's comma-attached tails that are talk ("..., the movers come tomorrow", "..., for the heating
    design") cut off as units of their own (judged like any context unit); never the last tail with the question
    mark that opens with an asking word when what comes before it does not ask by its form (the tail is then the
    question itself)."""
    out: list[Unit] = []
    for u in found:
        if u.role != "request":
            out.append(u)
            continue
        cuts: list[Unit] = []
        text, start = u.text, u.start
        while True:
            m = re.search(r",\s+(?P<tail>[^,?]+?)\s*[.!?]*\s*$", text)
            if m is None or not re.search(r"[^\W\d_]", text[:m.start()]) or not _talk(m["tail"], sentence=False):
                break
            if "?" in m.group(0) and _asks_what(m["tail"]) and message_sentences._role(text[:m.start()]) != "request":
                break  # "Küche or Bad, wich one has more paint?": the head does not ask, the tail is the question
            cuts.insert(0, Unit(start + m.start("tail"), start + m.end("tail"), m["tail"], "context", u.label, u.line))
            text = text[:m.start()]
        out.append(Unit(start, start + len(text), text, "request", u.label, u.line))
        out.extend(cuts)
    return out


def _asks_what(tail: str) -> bool:
    """Whether a tail opens with an asking word ("which one ...", "how many ..."), or a word one letter from one
    ("wich one ..."): a question about the model, never a request to act ("can you look it up ...")."""
    from ifcqa.spatial import spoken_voice

    first = re.match(r"\s*([^\W\d_]+)", tail)
    if first is None:
        return False
    word = first.group(1).casefold()
    asking = [*spoken_voice._data()["asking_words"], "how", "wie", "welche", "welcher", "welches", "wo", "was"]
    return word in asking or any(spoken_voice._one_edit(word, a) is not None for a in asking if len(a) > 3)


def _talk(text: str, *, sentence: bool = True) -> bool:
    """Whether ``text`` has the form of talk: a clause (a pronoun, an auxiliary or a finite verb of its own) or a
    purpose / reason phrase; a verbless fragment ("facing north", "double leaf") never is. A comma tail must be a
    clause with a subject before the verb or a purpose phrase ("the movers are coming", "for the tender"), never a
    participle or a relative ("painted white", "which are old")."""
    w = _words()
    if w.purpose.match(text):
        return True
    if not w.clause.search(text):
        return False
    if sentence:
        return True
    first = re.match(r"\s*([^\W\d_][\w'-]*)(?:\s+(\S+))?", text)
    if first is None or re.match(r"(?:which|that|who|whose|where|what|welche\w*)$|\w+(?:ed|ing|en)$", first[1], re.I):
        return False  # a relative or a participle says which ones ("..., which are old", "..., painted white")
    # German "die/der/das" opens a relative clause ("..., die kaputt sind", "..., die Herr Nowak abgenommen hat":
    # the verb last) unless it is the article of a subject with the verb second ("..., die Umzugsfirma braucht es")
    words = re.findall(r"[^\W\d_][\w'-]*", text)
    return not re.match(r"(?:die|der|das)$", first[1], re.I) or (
        len(words) > 3 and words[1][:1].isupper() and bool(w.clause.fullmatch(words[2])))


def read(question: str, grounded: Callable[[str, str], bool], placed: Callable[[str], bool]) -> Reading | None:
    """``question`` with every unit that cannot restrict the answer blanked (see the module doc), or None when
    there is no request by form or nothing to set aside."""
    w = _words()
    found = units(question, placed)
    requests = [u for u in found if u.role == "request"]
    if not requests:  # no unit asks by its form ("need the door qty for Keller - ..."): the first naming the model
        first = next((u for u in found if u.role == "context" and grounded(u.text, "")), None)
        if first is not None:
            first.role = "request"  # (the others are judged against it: "- door stoppers are needed")
        found = _tails(found)
        requests = [u for u in found if u.role == "request"]
    if not requests:
        return None
    asked = " ".join(u.text for u in requests)
    points = bool(w.pointers.search(asked))
    if points and w.restricting.search(asked):
        return None  # "..., only those?": the request restricts to what the message says around it
    aside: list[Unit] = []
    for u in found:
        if u.role == "request":
            continue
        if u.role in ("layout", "handle"):
            continue
        if u.role == "addressed":
            if not points:
                aside.append(u)
            continue
        said = message_sentences._WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), u.text)
        if u.label in w.scope_labels or w.restricting.search(said) or w.condition.search(said) or (
                w.about_things.search(said)):
            continue
        if framing.place_said(said) or message_sentences._PLACE_NOUN.search(said) or \
                context_clauses._BUILDING_PART.search(said) or (u.label and _place_label(u.label)):
            continue  # "we are in the west tower today", "Standort: Bauteil B, Westflügel": a part of the building
            # the model does not name may be where the request's place lies (round 7's rule): never set aside
        form = u.role in ("greeting", "signature") or bool(u.label) or _talk(said)
        if not form or grounded(said, asked):
            continue
        aside.append(u)
    if not aside:
        return None
    for u in found:  # a line's label and handle go with its units: the request's, or a line all set aside
        if u.role == "handle" or (u.role == "layout" and (
                any(r.line == u.line for r in requests)
                or all(x in aside for x in found if x.line == u.line and x.role not in ("layout", "handle")))):
            aside.append(u)
    return Reading(message_sentences._blank(question, [message_sentences.Unit(u.start, u.end, u.text) for u in aside]),
                   asked.strip(), [u.text.strip() for u in aside if u.role not in ("layout", "handle", "addressed")],
                   [u.text.strip() for u in aside if u.role == "addressed"])


def class_modifies_only(parser: Any, said: str, asked: frozenset[str]) -> bool:
    """Whether every class word of ``said`` is one of the ``asked`` class keys said in the singular before a noun the
    model does not hold ("the door retrofit", "window cleaners"): it names that thing, not the class."""
    from ifcqa.spatial.parser import _CLASS_KEYS, normalise

    parser._framing = True
    try:
        sub = parser.parse(said)
    finally:
        parser._framing = False
    text = normalise(said)
    unknown = {w.casefold() for w in sub.unconsumed}
    spans = sub.resolved.get("class_spans", [])
    return bool(spans) and all(
        _CLASS_KEYS.get(w, w) in asked and not w.endswith("s")
        and (after := re.match(r"[\s-]*([^\W\d_][\w'-]*)", text[b:])) is not None and after[1] in unknown
        for _, b, w in spans)


def grounded_in(parser: Any) -> Callable[[str, str], bool]:
    """The test of :func:`read` on ``parser``'s model: whether a unit names anything the model holds, read by the
    parser alone (a storey, room, class word, qualifier, bound, negation, GlobalId) or word by word against the
    model's own names (storey, space and zone names, type names, property and quantity set names, held property
    names), or holds a number (times, dates and ticket numbers blanked first). A class word that only modifies a
    noun the model does not hold ("the door retrofit", "window cleaners") names that thing, not the class: it
    grounds nothing when the request (``request``, its text) asks that class itself (any other class grounds)."""
    from ifcqa.spatial.parser import _CLASS_KEYS

    asked_keys: dict[str, frozenset[str]] = {}

    def keys(request: str) -> frozenset[str]:
        if request not in asked_keys:
            asked_keys[request] = parser._asked_alone(request).classes
        return asked_keys[request]

    def modifiers_only(said: str, request: str) -> bool:
        return class_modifies_only(parser, said, keys(request))

    def grounded(text: str, request: str = "") -> bool:
        said = message_sentences._WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), text)
        if re.search(r"\d", said):
            return True  # a number could be a threshold, a storey or a room
        if not re.search(r"[^\W\d_]", said):
            return False
        names = parser._context_names(said)
        if (names.restricts or names.places or names.storeys or names.bounds or names.qualifiers or names.rooms
                or (names.classes and not (request and modifiers_only(said, request)))):
            return True
        held = parser._name_words() | parser._set_names()
        return any(len(w) > 2 and w not in _CLASS_KEYS and (w in held or parser._holds_words(w))  # (class words:
                   for w in re.findall(r"[^\W\d_][\w'-]*", said.casefold()))  # read by the parser above)

    return grounded


def placed_in(parser: Any) -> Callable[[str], bool]:
    """Whether a line's lead names a storey, room or class of ``parser``'s model ("EG: ...", "Keller: ..."), so it
    is no label ("Description:", "Tom:")."""

    def placed(text: str) -> bool:
        names = parser._context_names(text)
        return bool(names.places or names.storeys or names.classes or names.rooms)

    return placed
