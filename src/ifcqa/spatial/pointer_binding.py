"""Typed pointers in a message's request, bound to the ONE referent of their type named elsewhere (issue 22, round 20
pointer20).

People state the scope in one unit of a message (a ticket field "Location: Keller", an earlier sentence "the painter
does the 1stFloor; the ground floor is finished already", a chat turn "only the GroundFloor gets it") and ask in
another with a pointer: "how many doors does that storey have?", "the walls on that storey", "those two levels",
"which windows does that room have?", "the rooms there", "wie viele Möbel stehen da drin?". Round 13's
``message_antecedents`` and round 19's ``room_pointers`` bind such pointers only in the forms they list (a
preposition before "that floor"), count every storey named as a candidate (a dismissed one too) and keep every
context unit that says "only", so these messages declined.

The mechanism (:func:`read`):

1. **units**: the message (its layout already blanked) is cut at ticket bars, line breaks, sentence ends and
   semicolons; a field label ("Location:", "Scope:", "Question:") is set off its value. The request is the unit
   holding the pointer; after it only a sign-off may follow.
2. **the pointer's type** (``data/pointer_binding.json``): ONE storey ("that storey", "dieses Geschoss"), a SET of
   storeys ("those two levels", "diesen beiden Geschossen": its number word is checked), a ROOM ("that room",
   "that corridor": a head noun other than room/space must be grounded in the room's own name), a PLACE of either
   type ("there" closing the request, "up there", "da drin", "dort").
3. **candidates**: every other unit is parsed alone (``message_antecedents._named``: storeys grounded in the model's
   storeys with what it lacks, rooms grounded in its spaces); storeys said together ("Keller, Erdgeschoss", "Level 2
   and the Roof") are one place. A referent in a DISMISSING statement ("is finished already", "isn't getting any",
   "was done last year", "is handled by the landlord", "stays as it is", "bleibt wie es ist", "skip the ...") is no
   antecedent. The same referent named twice counts once; a room's storey said beside it ("Corridor3 (GroundFloor)")
   is the room's place, not a second one.
4. **binding**: exactly one candidate of the type: the pointer (with its preposition) is replaced by the referent's
   name as the model writes it, and the plan's notes say which words the pointer was read as. Two or more: declined,
   naming the candidates; none, with a storey the model lacks said: declined, naming it; none at all: declined for a
   storey, room or set pointer, left to the other readings for "there" (it may be existential).
5. **the rest of the message**: a unit that served only as an antecedent or dismissal, or that names nothing but the
   referent, the dismissed places and no restriction (no qualifier, bound, negation, class said with words not
   understood; "only" is read as the referent's own restriction, which the binding applies) is set aside, recorded
   in the notes ("context set aside: ..."); then the bound request is parsed alone. Otherwise the whole message is
   parsed with the pointer bound (a restriction there is applied or declines), and when that declines too the
   message is left to the other readings (never answered broader).

Called from one place: ``Parser._parse_message``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import context_units, message_antecedents, message_sentences
from ifcqa.spatial.plan import Plan

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

_CAN = ("I can answer where elements, rooms and storeys are, counts, yes/no thresholds, property filters and "
        "quantities; name the storey or room in the question itself.")
_CUT = re.compile(r"\s*\|\s*|\s{3,}|\s*\n+\s*|(?<=[^\W\d_]{2}[.!?])\s+|(?<=\)[.!?])\s+|(?<=[?!])\s+|\s*;\s*"
                  # "... Level 1 and Level 2. How many ...": a number's dot before a question word ends a sentence
                  r"|(?<=\d[.])\s+(?=(?:How|Which|What|Where|Who|When|Can|Could|Is|Are|Do|Does|Please|List|Wie|"
                  r"Welche|Was|Wo|Gibt|Sind|Ist)\b)")
_NUMBERS = {"two": 2, "both": 2, "beiden": 2, "zwei": 2, "three": 3, "drei": 3}


@cache
def _words() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/pointer_binding.json").read_text("utf-8"))
    return raw


@cache
def _pointers() -> list[tuple[str, re.Pattern[str]]]:
    return [(kind, re.compile(p, re.I)) for kind, ps in _words()["pointers"].items() for p in ps]


@dataclass
class Part:
    """One unit of the message: its text (label set off) and where it starts."""

    start: int
    text: str
    label: str = ""


@dataclass
class Referent:
    """A place named in a unit: its GlobalIds, the model's names, how it was said, its type."""

    kind: str  # storey | room
    guids: tuple[str, ...]
    names: tuple[str, ...]
    said: str
    part: int
    dismissed: str = ""  # the words that dismiss it


@dataclass
class Binding:
    text: str = ""
    notes: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # the units the referent or a dismissal came from


def parts(question: str) -> list[Part]:
    """The units of ``question`` with their field labels set off."""
    out: list[Part] = []
    at = 0
    for m in [*_CUT.finditer(question), None]:
        end = m.start() if m is not None else len(question)
        text = question[at:end]
        if re.search(r"[^\W\d_]", text):
            label = re.match(_words()["label"], text)
            lab = label.group(0) if label is not None and not re.search(r"\d:\d", label.group(0)) else ""
            out.append(Part(at + len(lab), text[len(lab):].strip(), lab.strip(" :")))
        at = m.end() if m is not None else len(question)
    return out


def _pointer(request: str) -> tuple[str, re.Match[str]] | None:
    for kind, p in _pointers():
        for m in p.finditer(request):
            if kind == "room" and m.group("head").casefold() in ("storey", "story", "floor", "level", "geschoss",
                                                                "stockwerk", "etage", "ebene"):
                continue
            return kind, m
    return None


def _referents(parser: Parser, items: list[Part]) -> tuple[list[Referent], list[str]]:
    """The places each unit names (with what dismisses them) and the storeys said that the model lacks."""
    out: list[Referent] = []
    missing: list[str] = []
    by_guid = {s.guid: s.name for s in parser.resolver.storeys}
    after = re.compile(_words()["dismiss_after"], re.I)
    before = re.compile(_words()["dismiss_before"], re.I)
    for i, part in enumerate(items):
        named = message_antecedents._named(parser, part.text)
        missing += named.missing
        text = part.text
        for group in message_antecedents._together(text, sorted(named.storeys)):
            # each storey's own clause may dismiss it ("the 2.OG, the EG was done"); one said with "and" before a
            # dismissed one shares its predicate ("Level 1 and Level 2 are done")
            why: list[str] = []
            for k in range(len(group) - 1, -1, -1):
                a, term, _ = group[k]
                b = a + len(term)
                tail = re.split(r"[,;()|]", text[b:], maxsplit=1)[0] if a >= 0 else ""
                head = re.split(r"[,;()|]", text[:a])[-1] if a >= 0 else ""
                m = after.match(tail) or before.search(head)
                joined = k < len(group) - 1 and re.fullmatch(r"\s*(?:and|und|&)\s+(?:(?:on|in|im|auf|the|das|dem|den|"
                                                            r"die)\s+)*", text[b:group[k + 1][0]], re.I)
                why.insert(0, m.group(0).strip() if m is not None else why[0] if joined and why else "")
            runs: list[tuple[list[Any], str]] = []
            for item, w in zip(group, why, strict=True):
                if runs and runs[-1][1] == w:
                    runs[-1][0].append(item)
                else:
                    runs.append(([item], w))
            for run, w in runs:
                a = run[0][0]
                b = run[-1][0] + len(run[-1][1])
                guids = tuple(g for _, _, gs in run for g in gs)
                said = text[a:b] if a >= 0 else " and ".join(t for _, t, _ in run)
                out.append(Referent("storey", guids, tuple(by_guid.get(g, g) for g in guids), said, i, w))
        rooms: list[tuple[int, Referent]] = []
        for term, guids in named.rooms:
            at = text.casefold().find(term.casefold())
            ref = Referent("room", tuple(guids), (term,), text[at:at + len(term)] if at >= 0 else term, i)
            if at >= 0:
                tail = re.split(r"[,;()|]", text[at + len(term):], maxsplit=1)[0]
                head = re.split(r"[,;()|]", text[:at])[-1]
                if (m := after.match(tail)) is not None or (m := before.search(head)) is not None:
                    ref.dismissed = m.group(0).strip()
            rooms.append((at, ref))
            out.append(ref)
        # round 21: a room said with "and" before a dismissed one shares its predicate ("Küche and Bad are done"),
        # as storeys do above (before, only "Bad" was dismissed and "that room" was bound to "Küche")
        placed = sorted((r for r in rooms if r[0] >= 0), key=lambda r: r[0])
        for (a, first), (b, second) in reversed(list(zip(placed, placed[1:], strict=False))):
            if not first.dismissed and second.dismissed and re.fullmatch(
                    r"\s*(?:and|und|&)\s+(?:(?:in|im|the|das|dem|den|die|der)\s+)*", text[a + len(first.said):b], re.I):
                first.dismissed = second.dismissed
    return out, list(dict.fromkeys(missing))


def _distinct(refs: list[Referent]) -> list[Referent]:
    seen: dict[frozenset[str], Referent] = {}
    for r in refs:
        seen.setdefault(frozenset(r.guids), r)
    return list(seen.values())


def _appositions(rooms: list[Referent], items: list[Part]) -> list[Referent]:
    """Rooms without the ones said as an apposition of another that they hold ("room 4 (one of the small
    offices)": the small offices are no second candidate, they say what room 4 is)."""
    out = []
    for r in rooms:
        text = items[r.part].text
        at = text.find(r.said)
        before = text[:at] if at >= 0 else ""
        said_as = re.search(r"(?:\(|,)\s*(?:one\s+of|eines?\s+der|einer\s+der)\s+(?:the\s+|our\s+|den\s+|die\s+)?$",
                            before, re.I)
        if said_as is not None and any(o is not r and set(o.guids) < set(r.guids) for o in rooms):
            continue
        out.append(r)
    return out


def _room_storeys(parser: Parser, room: Referent) -> set[str]:
    out = set()
    for g in room.guids:
        e = parser.index.find(g)
        if e is not None and e.storey is not None:
            s = parser.index.data.elements.get(e.storey)
            if s is not None:
                out.add(s.guid)
    return out


def settled(plan: Plan) -> bool:
    """Whether a decline is this reading's (a pointer with two candidates, none, or a place the model lacks): about
    the message's structure, so no word of it is to be re-read by spelling ("dieses" is never a room "dieles")."""
    return plan.declined is not None and any(n.startswith(_SETTLED) for n in plan.notes)


_SETTLED = "pointer binding declined: "


def _decline(question: str, reason: str, words: list[str], note: str) -> Plan:
    plan = Plan(question=question, intent="declined")
    plan.notes.append(_SETTLED + note)
    plan.declined = {"reason": reason, "not_understood": words, "can_answer": _CAN}
    return plan


def read(parser: Parser, question: str) -> Plan | None:
    """The plan of ``question`` with its request's typed pointer bound (or declined), or None: no pointer, a
    request naming its own place, or a message the other readings handle."""
    items = parts(question)
    if (chosen := _chooser(parser, question, items)) is not None:
        return chosen
    at = next((i for i in range(len(items) - 1, -1, -1) if _pointer(items[i].text) is not None), None)
    if at is None or at == 0:
        return None
    if any(not message_sentences._SIGN_OFF.match(p.text) and not message_sentences._GREETING.match(p.text)
           for p in items[at + 1:]):
        return None  # something said after the request: the other readings
    if any("?" in p.text for p in items[:at]):
        return None  # an earlier unit asks a question of its own: two requests (round 11, 15)
    request = items[at].text
    found = _pointer(request)
    assert found is not None
    kind, m = found
    pointer = m.group(0).strip()
    own = message_antecedents._named(parser, request[:m.start()] + " " * len(m.group(0)) + request[m.end():])
    if own.storeys or own.rooms or own.missing:
        return None  # the request names its own place: the pointer is something else
    others = items[:at]
    refs, missing = _referents(parser, others)
    live = [r for r in refs if not r.dismissed]
    dismissed = [r for r in refs if r.dismissed]
    if kind == "room":
        head = m.group("head").casefold()
        rooms = _distinct([r for r in live if r.kind == "room"])
        if head not in _words()["room_heads"]:
            stem = head.rstrip("s")
            if not rooms or not all(stem in " ".join(r.names + (r.said,)).casefold() for r in rooms):
                return None  # "that kitchen" naming no room said: not this reading's pointer
        cands = _appositions(rooms, items)
    elif kind == "storey":
        cands = _distinct([r for r in live if r.kind == "storey"])
        # "that storey" stands for one storey: never for "the upper floors" said as a group beside one (round 19)
        singles = [r for r in cands if len(r.guids) == 1 and not message_antecedents.plural_storeys(r.said)]
        if singles and len(singles) < len(cands):
            cands = singles
        elif any(len(r.guids) > 1 for r in cands):
            cands = _distinct([c for r in cands for c in _split(r)])
    elif kind == "storeys":
        storeys = _distinct([c for r in live if r.kind == "storey" for c in _split(r)])
        number = _NUMBERS.get((m.group("number") or "").casefold())
        if len(storeys) > 2 and (number is None or len(storeys) > number):
            return None  # more storeys left than it stands for: the other readings (stated_scope) say which
        if len(storeys) < 2 or (number is not None and len(storeys) != number):
            said = ", ".join(repr(r.said) for r in storeys) or "none"
            why = (f"it stands for {number or 'several'} storeys and the message leaves {said}"
                   + (f" ({', '.join(repr(r.said) for r in dismissed)} set aside as done or not part of it)"
                      if dismissed else ""))
            return _decline(question, f"{pointer!r} refers back, and {why}", [pointer],
                            f"pointer {pointer!r}: {why}")
        merged = Referent("storey", tuple(g for r in storeys for g in r.guids),
                          tuple(n for r in storeys for n in r.names), " and ".join(r.said for r in storeys),
                          storeys[0].part)
        cands = [merged]
    else:  # a place: a storey (or storeys said together) or a room
        rooms = _distinct([r for r in live if r.kind == "room"])
        storeys = _distinct([r for r in live if r.kind == "storey"])
        if len(rooms) == 1 and storeys and all(set(s.guids) <= _room_storeys(parser, rooms[0]) for s in storeys):
            storeys = []  # "Corridor3 (GroundFloor)": the room's own storey
        cands = rooms + storeys
    if not cands:
        if missing:
            why = f"it refers to {missing[0]!r}, which this model has no storey for"
            return _decline(question, f"{pointer!r} refers back, and {why}", [pointer, missing[0]],
                            f"pointer {pointer!r}: {why}")
        if kind == "place":
            return None  # "how many walls are there?": existential when nothing is named
        what = {"storey": "storey", "room": "room"}.get(kind, "place")
        why = (f"every {what} the message names is set aside ("
               + "; ".join(f"{r.said!r} {r.dismissed}" for r in dismissed) + ")") if dismissed else \
            f"the message names no {what} for it to stand for"
        if kind == "room" and not dismissed:
            return None  # round 19's room pointers say which room the model lacks
        return _decline(question, f"{pointer!r} refers back, and {why}", [pointer], f"pointer {pointer!r}: {why}")
    if len(cands) > 1:
        said = " or ".join(repr(c.said) for c in cands)
        why = f"it could mean {said}, and the message does not say which"
        return _decline(question, f"{pointer!r} refers back, and {why}", [pointer, *(c.said for c in cands)],
                        f"pointer {pointer!r}: {why}")
    ref = cands[0]
    return _bound(parser, question, items, at, m, ref, dismissed)


def _chooser(parser: Parser, question: str, items: list[Part]) -> Plan | None:
    """A request asking which one a description in another unit chooses ("Could you check which of those two it
    is?" after "whichever upper storey has the greater number of doors - the 1. Obergeschoss or the 2.
    Obergeschoss"; "which floor would that be?" after "pick the floor with the smallest number of doors"): the
    description asked as its own question ("which storey has the greater number of doors: the 1. Obergeschoss or the
    2. Obergeschoss?"), when exactly one unit describes a choice; the rest of the message is judged as for any
    binding (set aside only when it restricts nothing)."""
    asks = [i for i, p in enumerate(items) if re.search(_words()["chooser_request"], p.text, re.I)]
    if not asks:
        return None
    at = asks[-1]
    found = [(i, m) for i, p in enumerate(items) if i != at for rx in _words()["chooser_described"]
             if (m := re.search(rx, p.text, re.I)) is not None]
    if len(found) != 1:
        return None
    i, m = found[0]
    alts = m.groupdict().get("alts") or m.groupdict().get("alts2")
    noun = (m.group("noun") or "").strip()
    noun = "storey" if alts or not noun else noun
    what = " ".join(m.group("what").split())
    text = f"which {noun} has {what}" + (f": {alts.strip()}?" if alts else "?")
    plan = parser.parse(text)
    if plan.declined is not None:
        return None
    if alts and len(plan.storeys) != len(re.split(r"\s+(?:or|oder)\s+|,\s*", alts.strip())):
        return None  # each alternative must be one storey of the plan: never one dropped
    pointer = re.search(_words()["chooser_request"], items[at].text, re.I)
    assert pointer is not None
    probe = Referent("storey", (), (), "", i)
    alone = parser._asked_alone(text)
    rest = [p for k, p in enumerate(items) if k not in (i, at)]
    rest.append(Part(items[i].start, items[i].text.replace(m.group(0), " ")))
    request_rest = items[at].text.replace(pointer.group(0), " ")
    rest.append(Part(items[at].start, request_rest))
    if not all(_restricts_nothing(parser, p, probe, [], alone, text) for p in rest):
        return None
    plan.question = question
    said = "; ".join(repr(" ".join(p.text.split())) for p in rest if p.text.strip())
    plan.notes += [f"pointer {pointer.group(0)!r} asks which one {m.group(0).strip()!r} chooses: read as {text!r}",
                   f"context set aside: {said}"]
    plan.resolved["framing"] = [*plan.resolved.get("framing", []), f"context set aside: {said}"]
    return plan


def _split(ref: Referent) -> list[Referent]:
    """Storeys said together, one by one (for a pointer standing for one storey)."""
    if len(ref.guids) == 1:
        return [ref]
    return [Referent("storey", (g,), (n,), n, ref.part, ref.dismissed) for g, n in zip(ref.guids, ref.names,
                                                                                         strict=True)]


def _bound(parser: Parser, question: str, items: list[Part], at: int, m: re.Match[str], ref: Referent,
           dismissed: list[Referent]) -> Plan | None:
    request = items[at].text
    german = re.search(_words()["german_pointer"], m.group(0), re.I) is not None
    names = [ref.said] if ref.kind == "room" else list(ref.names)
    joined = (" und " if german else " and ").join(names)
    prep = (m.groupdict().get("prep") or "")
    if m.re.pattern in _words()["pointers"]["place"]:
        prep = "im " if german else ("in " if ref.kind == "room" else "on ")
    to = f"{prep}{joined}"
    text = " ".join((request[:m.start()] + " " + to + " " + request[m.end():]).split())
    pointer = m.group(0).strip()
    notes = [f"pointer {pointer!r} read as {joined!r} (said as {ref.said!r} in {items[ref.part].text!r})"]
    notes += [f"{r.said!r} is no antecedent: dismissed by {r.dismissed!r}" for r in dismissed]
    addressed = re.match(_words()["addressee"], text)
    if addressed is not None:  # "@assistant how many ...": whom the request is for, never what it asks
        notes.append(f"addressee set aside: {addressed.group(0).strip()!r}")
        text = text[addressed.end():]
    alone = parser._asked_alone(text)
    things = any(p.search(text) for p in message_antecedents._rx("things"))  # "which doors ... are those?"
    restricted = _restricted(parser, items, at, text, alone) if things else None
    if restricted is not None:  # "every door that leads outside" said of the things the request points at
        unit, text, phrase = restricted
        notes.append(f"{pointer!r} carries the restriction {phrase!r} said in {items[unit].text!r}: read as {text!r}")
        alone = parser._asked_alone(text)
        things = False
        items = [p if i != unit else Part(p.start, _without(p.text, phrase)) for i, p in enumerate(items)]
    kept = [p for i, p in enumerate(items) if i != at and not _restricts_nothing(parser, p, ref, dismissed, alone,
                                                                                text, things)]
    if not kept:
        plan = parser.parse(text)  # the bound request with every reading of a request (its own purpose clause ...)
        if restricted is not None and plan.declined is None and not plan.qualifiers:
            return _decline(question, f"{pointer!r} points at the things said with {restricted[2]!r}, which I cannot "
                            "read as a restriction", [restricted[2]], notes[-1])
        if restricted is not None and plan.declined is not None:
            plan.notes += notes
            return plan  # the restriction the pointer carries, not readable: declined naming its words
        if plan.declined is None:
            said = "; ".join(repr(" ".join(p.text.split())) for i, p in enumerate(items) if i != at and p.text.strip())
            plan.question = question
            plan.notes += notes + [f"read the request as {text!r}; context set aside: {said}"]
            plan.resolved["framing"] = [*plan.resolved.get("framing", []), f"{pointer!r} = {joined!r}",
                                        f"context set aside: {said}"]
            return plan
        return None
    # a unit that may restrict is read with the bound request (applied, or the message declines as before)
    whole = "\n".join([*(p.text for p in kept), text])
    plan = parser.parse(whole)
    if plan.declined is not None:
        return None
    plan.question = question
    plan.notes += notes + [f"read the message with the pointer bound: {whole!r}"]
    return plan


def _restricted(parser: Parser, items: list[Part], at: int, request: str, alone: Any) -> tuple[int, str, str] | None:
    """A request identifying the things a unit said with a restriction ("every door that leads outside gets a new
    lock | which doors on Level 1 are those?"): (that unit, the request asking the restriction itself, "which doors on
    Level 1 lead outside?", the restriction's words), or None. Only an identify question ("which/how many <things>
    ... are those?") and only ONE unit naming the asked things with a relative or "with" phrase."""
    asks = re.match(_words()["identify"], request, re.I)
    if asks is None or not alone.classes:
        return None
    found = []
    for i, part in enumerate(items):
        if i == at:
            continue
        names = parser._context_names(part.text)
        if not names.class_keys & alone.classes:
            continue
        for key in names.class_keys & alone.classes:
            m = re.search(_words()["restriction"].replace("CLASS", re.escape(key)), part.text, re.I)
            if m is not None:
                found.append((i, m))
    if len(found) != 1:
        return None
    i, m = found[0]
    phrase = m.group("phrase").strip()
    words = phrase.split()
    if m.group("rel").casefold() in ("that", "which", "who"):
        plural = m.group("noun").casefold().endswith("s")
        verb = {"is": "are", "was": "were", "has": "have"}.get(words[0].casefold(), words[0])
        if not plural and verb == words[0] and re.fullmatch(r"[a-z]{3,}[^s]s", verb):
            verb = verb[:-1]  # "every door that leads outside": "which doors ... lead outside"
        said = " ".join([verb, *words[1:]])
    else:
        said = f"{m.group('rel')} {phrase}"
    return i, f"{asks.group('head').strip()} {said}?", m.group(0).strip()


def _without(text: str, phrase: str) -> str:
    return text.replace(phrase, " " * len(phrase), 1)


def _blank_dismissing(text: str, ref: Referent, dismissed: list[Referent], asked: frozenset[str]) -> str:
    """``text`` with the clauses that dismiss something other than the referent or the asked things blanked ("the
    ground floor is finished already", "the other rooms stay as they are", "(the Keller is handled by the
    landlord)"): they say what is not part of the job, never which of the asked things."""
    pattern = re.compile(_words()["dismissing"], re.I)
    out = text
    for clause in re.split(r"[,;()|]|\s-\s|\bbut\b|\baber\b", text):
        if not pattern.search(clause):
            continue
        low = clause.casefold()
        if ref.said.casefold() in low or any(n.casefold() in low for n in ref.names):
            continue  # a clause saying something of the referent: judged as it is
        if any(re.search(rf"\b{re.escape(k)}", low) for k in asked):
            continue  # "the external doors stay as they are": may say which of the asked things
        out = out.replace(clause, " " * len(clause), 1)
    return out


def _restricts_nothing(parser: Parser, part: Part, ref: Referent, dismissed: list[Referent], alone: Any,
                       request: str, things: bool = False) -> bool:
    """Whether a unit other than the request can be set aside: it names no place but the referent and the dismissed
    ones, no storey the model lacks, no restriction, and no class but as a compound's modifier or restated."""
    text = part.text
    if message_sentences._SIGN_OFF.match(text) or message_sentences._GREETING.match(text):
        return True
    for r in dismissed:  # the dismissing clause says "not" / "isn't" / "done" of the dismissed place only
        if r.dismissed and r.said in text:
            text = re.sub(rf"{re.escape(r.said)}(.{{0,40}}?){re.escape(r.dismissed)}|{re.escape(r.dismissed)}"
                          rf"(.{{0,12}}?){re.escape(r.said)}", " ", text, count=1)
    text = _blank_dismissing(text, ref, dismissed, alone.classes)
    if not re.search(r"[^\W\d_]{2}", text):
        return True
    if ref.said in text:  # "only the GroundFloor": the referent's own restriction, which the binding applies
        text = re.sub(_words()["restricting_referent"], " ", text, flags=re.I)
    named = message_antecedents._named(parser, text)
    allowed = set(ref.guids) | (_room_storeys(parser, ref) if ref.kind == "room" else set())  # "Kitchen5 (EG)"
    if named.missing or any(not set(gs) <= allowed for _, _, gs in named.storeys) or any(
            not set(gs) <= allowed for _, gs in named.rooms):
        return False
    if message_sentences._RESTRICTS.search(text) is not None or named.narrows:
        return False
    names = parser._context_names(text)
    if names.restricts or names.bounds or names.qualifiers:
        return False
    if not (names.classes or names.modified or named.things):
        return True
    if things and names.class_keys & alone.classes:
        return False  # the request's "those" may point at the things this unit says
    said = text
    return context_units._restates(said, names, alone, request) or context_units._compound_modifiers(
        said, replace(names, modified=names.modified or names.class_keys), alone)
