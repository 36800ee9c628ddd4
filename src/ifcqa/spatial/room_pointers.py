"""A request that points at ONE room named before it (issue 22, round 19 rel19).

People name the room first and ask of it with a pointer: "Kitchen3: the windows of this room?", "I'm standing in
A205. Which doors bound that room?", "We are renovating room 301. List the windows bounding that room.", "Flur -
how many walls enclose it?". :func:`read` finds the pointer (``data/room_pointers.json``: "this / that / the same
room", German "diesem Raum", and "it" closing the request right after a boundary verb), splits the message where
the part naming the room ends (a sentence end, a colon, a spaced dash, else a comma), parses that part alone and
asks the request with the room put in the pointer's place ("Which doors bound A205?"), when:

- the part before names exactly ONE room of the model and nothing else that restricts (no storey, class,
  qualifier, restricting word; ``message_antecedents._named``; a word before a room naming several spaces may say
  which of them, before one space it cannot); the rewritten request is parsed as any
  question (its own words still decline it) and must read that same room;
- a part before that asks a question of its own ("Where is the Küche? Which windows bound that room?") is
  left to the other readings (two requests);
- a room the model has no space for ("Sauna: the walls of this room?") declines, naming it; two rooms declines,
  naming both; no room named leaves the question to the other readings (which decline "that room").
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import message_antecedents, message_sentences, relation_verbs
from ifcqa.spatial.plan import Plan

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

# a question word opening a part: a request of its own
_ASKS = r"(?:where|what|which|how|who|when|why|is|are|does|do|can|could|wo|was|welche[mnrs]?|wie|ist|sind|gibt)\b"
_CAN = ("Name the room in the question itself, e.g. 'which windows bound the kitchen?', or ask which rooms the "
        "model has.")


@cache
def _words() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/room_pointers.json").read_text("utf-8"))
    return raw


def pointer(question: str) -> re.Match[str] | None:
    """The first room pointer of ``question`` ("that room", "this room's", "it" after a boundary verb)."""
    found = [m for p in _words()["pointers"] for m in re.finditer(p, question, re.I)]
    it = re.search(_words()["it_pronoun"], question, re.I)
    if it is not None:
        before = question[:it.start()].rstrip()
        if any(r.kind == "boundary" and r.end == len(before)
               for r in relation_verbs.find(before.casefold())):
            found.append(it)  # "how many walls enclose it?"
    return min(found, key=lambda m: m.start()) if found else None


def _split(question: str, at: int) -> tuple[str, str] | None:
    """(the part naming the room, the request holding the pointer at ``at``), or None when nothing comes before."""
    head = question[:at]
    for pattern in _words()["breaks"]:
        cuts = list(re.finditer(pattern, head))
        if cuts:
            cut = cuts[-1]
            lead = head[:cut.start()].rstrip(" ,;:.-\u2013\u2014")
            if lead.strip():
                return lead, question[cut.end():]
    return None


def _decline(question: str, reason: str, words: list[str]) -> Plan:
    out = Plan(question=question, intent="declined")
    out.notes.append(reason)
    out.declined = {"reason": reason, "not_understood": words, "can_answer": _CAN}
    return out


def _unread_before(lead: str, term: str, unread: set[str]) -> bool:
    """Whether a word not understood stands right before the room ("the broken kitchen"): it may say which."""
    at = lead.casefold().find(term.casefold())
    before = re.findall(r"[^\W\d_][\w'-]*", lead[:max(at, 0)])
    words = [w for w in before if w.casefold() not in ("the", "a", "an", "our", "my", "this", "that")]
    return at > 0 and bool(words) and words[-1].casefold() in {w.casefold() for w in unread}


def guids_of(named: message_antecedents.Named) -> set[str]:
    return {g for _, gs in named.rooms for g in gs}


def read(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of ``question`` with its room pointer read as the room named before it, a decline when that room
    is not one space of the model, or None (no pointer, no room named before it, or the rewritten request does
    not read)."""
    m = pointer(question)
    if m is None:
        return None
    parts = _split(question, m.start())
    if parts is None:
        return None
    lead, request = parts
    ref = m.group(0)
    if re.search(r"\?", lead) or any(u.role == "request" and re.match(_ASKS, u.text.strip(), re.I)
                                     for u in message_sentences.units(lead)):
        return None  # "Where is the Küche? Which windows bound that room?": two requests (round 11's rule)
    parser._framing = True
    try:
        sub = parser.parse(lead)
    finally:
        parser._framing = False
    rooms = [r for r in sub.rooms if not r.negated]
    if not rooms:
        return None
    lacking = [r.term for r in rooms if not r.guids]
    if lacking:
        said = message_antecedents._as_written(lead, lacking[0])
        return _decline(question, f"{ref!r} points at {said!r}, and this model has no space named so", [said])
    if len({tuple(sorted(r.guids)) for r in rooms}) > 1:
        names = " or ".join(repr(message_antecedents._as_written(lead, r.term)) for r in rooms)
        return _decline(question, f"{ref!r} could mean {names}, and the question does not say which", [ref])
    named = message_antecedents._named(parser, lead)
    others = [t for t in named.things if t not in {r for r, _ in named.rooms}]  # the room itself is no thing
    # one space named: a word before it cannot say which of it ("We just repainted B201."), a condition can
    narrows = bool(sub.qualifiers or sub.threshold or sub.exclude or sub.exclude_classes or sub.explicit
                   or sub.elements or sub.compare or any(m.negated for m in sub.mentions)) or (
        len(guids_of(named)) != 1 and (named.narrows or bool(message_sentences._RESTRICTS.search(lead))
                                       or _unread_before(lead, named.rooms[0][0] if named.rooms else "",
                                                         set(sub.unconsumed))))
    if named.storeys or named.missing or others or narrows or len(named.rooms) != 1:
        return None  # the part before says more than the room: the other readings judge it
    term, guids = named.rooms[0]
    room = message_antecedents._as_written(lead, term)
    start, end = m.start() - (len(question) - len(request)), m.end() - (len(question) - len(request))
    text = request[:start] + room + request[end:]
    if ref.casefold().endswith("'s"):  # "this room's boundary" -> "the boundary of Labor I"
        noun = re.match(r"\s+([^\W\d_]+)", request[end:])
        text = (request[:start] + f"the {noun.group(1)} of {room}" + request[end + noun.end():] if noun else
                request[:start] + f"{room}'s" + request[end:])
    parser._message = True
    try:
        out = parser.parse(text)
    finally:
        parser._message = False
    if out.declined is not None or not any(set(r.guids) == set(guids) for r in out.rooms):
        return None
    note = f"the request points at the room named before it ({ref!r} = {room!r}): read as {text!r}"
    out.question = question
    out.notes.append(note)
    out.resolved["framing"] = [*out.resolved.get("framing", []), note]
    return out
