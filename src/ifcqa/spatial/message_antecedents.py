"""A message's request that refers back to what an earlier sentence named (issue 22, round 13 ctx13).

People set up the storey, the things or both in one sentence (a subject line, a ticket's "Location:" field, a
statement) and ask in the next with a pronoun or an ellipsis: "We're checking Level 2 this week. How many doors
are there?", "Re: Dachgeschoss windows - can you list them?", "Ticket #4411 - Location: Level 1 - Issue: door
inspection / How many doors are on that floor?", "Erdgeschoss and Dachgeschoss get new paint. How many windows
are on the latter?", "We did the walls on Level 1. What about Level 2?".

:func:`resolve` reads the message by its units (``message_sentences.units``: greetings and signatures dropped),
takes the last request and the context units before it, parses each context unit alone (ticket and mail field
labels blanked) and collects what they name: storeys (with the ones the model lacks), rooms, class phrases. The
reference words of the request (``data/message_anaphors.json``: a storey "on that floor", a place "up there" /
"there", a room "in that room", "the latter / the former", the things "them / those / which of those / how many
are there", a follow-up "What about <S>?" / "And on <S>?") are resolved only when exactly ONE antecedent of the
kind they need exists:

- one: the request is rewritten with it ("how many doors are on Level 2?") and parsed; the note says so;
- two or more ("that floor" after "Level 1 and Level 2"): declined, naming the reference and the candidates;
- none (or a storey the model lacks): declined, naming the reference ("there" closing a question may be
  existential, "how many walls are there?", and is left to the parser when nothing is named for it).

Round 11's rule stands: a context unit that says WHICH of the things with words not understood ("the broken
doors", "some walls ... were painted red", "doors that are cracked", "only", a qualifier) leaves the message to
the parser, which declines naming those words. A definite subject with a predicate ("The doors on Level 1 are
being inspected next week") describes all of them and narrows nothing. A decline here replaces any answer (a
reference that cannot be resolved was answered broader before: "that floor" after two storeys listed both,
"And on Level 2?" listed everything on it); a rewrite replaces only a declined plan, or any plan for a
follow-up on another place ("Thanks for the doors on Keller. How about 1. Obergeschoss?" listed both storeys).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import mail_layout, message_sentences
from ifcqa.spatial.plan import Plan

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

_WORD = re.compile(r"[^\W\d_][\w'-]*")
# a sentence end after a number ("on Level 1. The doors ..."), never a German ordinal ("1. Obergeschoss")
_SENTENCE = re.compile(r"(?<=\d[.!])\s+(?=[A-ZÄÖÜ])(?!(?:Obergeschoss|OG|Untergeschoss|UG|Etage|Stock|Geschoss|Ebene|"
                       r"Dachgeschoss)\b)")
# between a class or storey word and a word not understood: a relative or prepositional modifier ("doors with panic
# bars", "walls that are cracked"); a be-verb alone ("The doors on Level 1 are old") is a predicate of all of them
_RELATIVE = frozenset({"with", "without", "having", "that", "which", "whose", "who", "featuring", "fitted", "made",
                       "mit", "ohne", "die", "welche"})
_BE = frozenset({"are", "is", "were", "was", "be", "been", "being", "sind", "ist", "waren", "get", "got", "gets"})
_VERB_BEFORE = frozenset({"to", "will", "would", "can", "could", "must", "should", "shall", "may", "might", "zu",
                          "am", "is", "are", "was", "were", "we", "i", "they", "you"})
_SUBJECT_LEAD = frozenset({"the", "all", "our", "these", "those", "some", "several", "few", "a", "many", "most", "die",
                           "alle", "unsere", "einige", "re", "subject", "ticket", "location", "issue", "task"})
_PLACE_WORDS = frozenset({"on", "in", "at", "of", "the", "im", "auf", "der", "dem", "floor", "level", "storey"})
_CAN = ("I can answer where elements, rooms and storeys are, counts, yes/no thresholds, property filters and "
        "quantities; name the storey, room or things in the question itself.")


@cache
def _words() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/message_anaphors.json").read_text("utf-8"))
    return raw


def _rx(key: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.I) for p in _words()[key]]


@dataclass
class Named:
    """What one context unit names, parsed alone."""

    storeys: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)  # (position, term, GlobalIds)
    missing: list[str] = field(default_factory=list)  # storey words the model has no storey for
    rooms: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    things: list[str] = field(default_factory=list)  # class words, in order
    narrows: bool = False  # says which of the things with words not understood (or a restricting word)


@dataclass
class Resolution:
    text: str = ""  # the request with its references resolved
    decline: str = ""  # why the reference cannot be resolved
    words: list[str] = field(default_factory=list)
    note: str = ""
    contrast: bool = False  # a follow-up on another place: the context's own place is never asked


def resolve(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of ``question`` with its request's references resolved (a decline when one cannot be), or None
    when the message has none, or when ``plan`` already answers and the reference resolves."""
    found = read(question, lambda t: _named(parser, t), lambda t: _own(parser, t),
                 frozenset(s.name for s in parser.resolver.storeys if s.name))
    if found is None:
        return None
    if found.decline:
        out = Plan(question=question, intent="declined")
        out.notes.append(found.note)
        out.declined = {"reason": found.decline, "not_understood": found.words, "can_answer": _CAN}
        return out
    if plan.declined is None and not found.contrast:
        return None
    parser._message = True
    try:
        sub = parser.parse(found.text)
    finally:
        parser._message = False
    if sub.declined is not None:
        return None
    sub.question = question
    sub.notes.append(found.note)
    sub.resolved["framing"] = [*sub.resolved.get("framing", []), found.note]
    return sub


def _own(parser: Parser, text: str) -> tuple[bool, bool]:
    """(names its own storey or room, names its own things) of a request read alone."""
    parser._framing = True
    try:
        sub = parser.parse(text)
    finally:
        parser._framing = False
    place = bool([m for m in sub.mentions if m.how != "alias:all"] or sub.rooms or sub.storeys or sub.unresolved
                 or sub.compare or sub.asks_storey)
    things = bool(sub.resolved.get("class_spans") or sub.rooms or sub.explicit or sub.elements)
    return place, things


def _named(parser: Parser, text: str) -> Named:
    parser._framing = True
    try:
        sub = parser.parse(text)
    finally:
        parser._framing = False
    low = text.casefold()
    out = Named()
    for m in sub.mentions:
        if m.negated or m.how == "alias:all":
            continue
        at = low.find(m.term.casefold())
        partial = at > 0 and (low[at - 1].isalnum())  # "4thFloor" read as "thFloor": a storey the model lacks
        if not m.storeys or partial:
            out.missing.append(text[at - 1: at + len(m.term)].strip() if partial else _as_written(text, m.term))
            continue
        out.storeys.append((at, text[at:at + len(m.term)] if at >= 0 else m.term, tuple(m.storeys)))
    out.missing += [_as_written(text, w) for w in sub.unresolved if _as_written(text, w) not in out.missing]
    for shape in re.finditer(_words()["storey_shape"], text, re.I):
        read = any(at <= shape.start() < at + len(t) or shape.start() <= at < shape.end() for at, t, _ in out.storeys)
        if not read and shape.group(0) not in out.missing:
            out.missing.append(shape.group(0))
    # a room named alone ("A104 (Bathroom 1) - what door leads in there?") is a place too
    out.rooms = [(r.term, tuple(r.guids)) for r in sub.rooms if r.guids and not r.negated]
    spans = list(sub.resolved.get("class_spans", []))
    # "We're checking Roof this week.": a storey's name as the model writes it, read as a class, is the storey
    by_name = {st.name: st.guid for st in parser.resolver.storeys if st.name}
    for a, b, w in list(spans):
        if text[a:b] in by_name and by_name[text[a:b]] not in {g for _, _, gs in out.storeys for g in gs}:
            out.storeys.append((a, text[a:b], (by_name[text[a:b]],)))
            spans.remove((a, b, w))
    out.things = list(dict.fromkeys(w for _, _, w in spans))
    kinds = [c for c in sub.classes if c.kind]  # "the double doors", "the communication outlets": a kind of them
    if kinds and len(spans) == len(sub.classes) == 1:
        out.things = [kinds[0].label]  # round 22: the kind goes with them (main put back "doors": all 18)
    out.things += [r.term for r in sub.rooms if r.guids and r.role == "subject" and r.term not in out.things]
    unread = {w.casefold() for w in sub.unconsumed}
    if sub.declined is not None:
        unread |= {str(w).casefold() for w in sub.declined.get("not_understood") or []}
    out.narrows = bool(sub.qualifiers or sub.threshold or sub.exclude or sub.exclude_classes or sub.explicit
                       or (kinds and out.things != [kinds[0].label])  # a kind that cannot be put back
                       or sub.elements or sub.compare or any(m.negated for m in sub.mentions)
                       or message_sentences._RESTRICTS.search(text)
                       or _modifies(text, [(a, b) for a, b, _ in spans], list(sub.resolved.get("storey_spans", [])),
                                    unread))
    return out


def _as_written(text: str, term: str) -> str:
    """``term`` (normalised) as ``text`` writes it."""
    at = text.casefold().find(term.casefold())
    return text[at:at + len(term)] if at >= 0 else term


def _modifies(text: str, named: list[tuple[int, int]], places: list[tuple[int, int]], unread: set[str]) -> bool:
    """Whether a word not understood says which of the things named: a narrowing determiner or an adjective right
    before a class word ("some walls", "the broken doors"), or one after a class or storey word past a relative
    word ("doors with panic bars", "walls on Level 1 that are cracked")."""
    tokens = [(m.start(), m.end(), m.group(0).casefold()) for m in _WORD.finditer(text)]
    starts = {a for a, _ in named}
    ends = {b for _, b in named} | {b for _, b in places}
    narrowing = set(_words()["narrowing_determiners"])
    if _states_which(tokens, named, places):
        return True
    for i, (a, _, word) in enumerate(tokens):
        if a in starts and i > 0:
            prev = tokens[i - 1][2]
            before = tokens[i - 2][2] if i > 1 else ""
            if prev in narrowing or (prev in unread and before not in _VERB_BEFORE and not prev.endswith("ing")):
                return True
        if word not in unread or any(x <= a < y for x, y in named):
            continue
        j, between = i - 1, []
        while j >= 0 and tokens[j][1] not in ends and tokens[j][2] in (_RELATIVE | _BE):
            between.append(tokens[j][2])
            j -= 1
        if j >= 0 and tokens[j][1] in ends and set(between) & _RELATIVE:
            return True
    return False


def _states_which(tokens: list[tuple[int, int, str]], named: list[tuple[int, int]],
                  places: list[tuple[int, int]]) -> bool:
    """Whether a sentence whose subject is the things named says which of them: a subject without a definite
    determiner ("Walls need repair in the Keller", "Some walls ..."), or after a definite one a state ("The windows
    on Level 1 are old", "... are cracked", "... need repair"), never an event done to all of them ("The doors on
    Level 1 are being inspected next week", "get repainted", "were serviced last year", "are done")."""
    words = _words()
    first = next((i for i, t in enumerate(tokens) if t[2] not in _SUBJECT_LEAD), None)
    if first is None or tokens[first][0] not in {a for a, _ in named}:
        return False  # the subject is the asker, a trade, an event: round 5c's rules (modifiers only)
    if not set(t[2] for t in tokens[:first]) & set(words["definite"]):
        return True
    inside = [*named, *places]
    i = first
    while i < len(tokens) and (any(a <= tokens[i][0] < b for a, b in inside) or tokens[i][2] in _PLACE_WORDS):
        i += 1
    rest = [t[2] for t in tokens[i:i + 3]] + ["", "", ""]
    verb, then, after = rest[0], rest[1], rest[2]
    if verb in words["event_verbs"]:
        return False
    if verb in ("are", "is", "were", "was", "sind", "ist", "wurden", "waren"):
        return not (then in words["event_predicates"] or (then.endswith("ed") and after in words["time_words"]))
    return verb in ("need", "needs", "have", "has", "had", "lack", "lacks", "brauchen", "haben")


# nothing but a coordinator between two storeys: "the Keller and the Erdgeschoss", "EG, 1.OG und 2.OG"
_COORDINATED = re.compile(r"\s*(?:,|,?\s*(?:and|und|&|\+|plus|sowie|as\s+well\s+as))\s*(?:(?:on|in|im|auf|at)\s+)?"
                          r"(?:(?:the|das|dem|den|die)\s+)?", re.I)


_Said = tuple[int, str, tuple[str, ...]]  # a storey said: (position, term, GlobalIds)


def _together(text: str, storeys: list[_Said]) -> list[list[_Said]]:
    """``storeys`` (by position in ``text``) in runs said together: "there" after "the windows on the Keller and the
    Erdgeschoss" is both storeys, one place, while two storeys said apart ("Keller is done; EG is next") stay two."""
    groups: list[list[_Said]] = []
    for item in storeys:
        last = groups[-1][-1] if groups else None
        if last is not None and last[0] >= 0 and item[0] >= 0 and _COORDINATED.fullmatch(
                text[last[0] + len(last[1]):item[0]]):
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups


def _clean(text: str) -> str:
    """A context unit with its ticket number and field labels blanked (spaces: positions kept)."""
    for key in ("ticket_number", "label_fields"):
        text = re.sub(_words()[key], lambda m: " " * len(m.group(0)), text, flags=re.I)
    return text


def read(question: str, named: Any, own: Any, storey_names: frozenset[str] = frozenset()) -> Resolution | None:
    """The request of ``question`` with its references resolved, a decline, or None (no reference to resolve,
    or a message the other readings handle). ``named``: a context unit's :class:`Named`; ``own``: (place, things)
    the request names itself."""
    units = message_sentences.units(question)
    asks = [i for i, u in enumerate(units) if u.role in ("request", "point-back")]
    if not asks:
        return None
    last = asks[-1]
    units = [u for i, u in enumerate(units) if i <= last or u.role != "greeting"]
    request = units[last].text.strip()
    earlier = [u for u in units[:last] if u.role in ("request", "point-back")]
    if any(u.role == "context" for u in units[last + 1:]):
        return None  # a reason after the request: the message readings of round 11
    # a greeting before the request may name things ("Thanks for the doors on Level 1."); a sentence after a
    # number's dot is a sentence of its own ("... on Level 1. The doors follow in May.")
    contexts = [t for u in units[:last] if u.role in ("context", "greeting") for t in _SENTENCE.split(u.text)
                if t.strip() and not mail_layout.place_label(t)]  # "Room: B103": the value is the place
    follow = next((m for p in _rx("follow_up") if (m := p.match(request))), None)
    refs = _references(request)
    if follow is None and not refs:
        return None
    own_place, own_things = own(request)
    if follow is not None and follow.group("place").strip() in storey_names:
        own_place, own_things = True, False  # "How about Roof?": the storey, as the model writes its name
    if earlier:
        return None  # an earlier question in the message: two requests (round 11)
    cleaned = [_clean(t) for t in contexts]
    said = [named(t) for t in cleaned]
    if any(n.narrows for n in said):
        return None  # round 11: a context that says which of the things declines, naming its words
    storeys: dict[tuple[str, ...], str] = {}
    for n in said:
        for _, term, guids in sorted(n.storeys):
            storeys.setdefault(guids, term)
    places: dict[tuple[str, ...], str] = {}  # storeys said together ("on the Keller and the Erdgeschoss") are one
    for t, n in zip(cleaned, said, strict=True):
        for group in _together(t, sorted(n.storeys)):
            places.setdefault(tuple(g for _, _, gs in group for g in gs), " and ".join(term for _, term, _ in group))
    rooms = dict((g, t) for n in said for t, g in n.rooms)
    missing = [w for n in said for w in n.missing]
    things = list(dict.fromkeys(" and ".join(n.things) for n in said if n.things))

    def decline(ref: str, why: str) -> Resolution:
        return Resolution(decline=f"{ref!r} refers back, and {why}", words=[ref], note=f"{ref!r} refers back: {why}")

    if follow is not None:
        place = follow.group("place")
        if not own_place or own_things:
            return None
        if re.match(r"^\s*(?:the\s+)?same\b", request, re.I):
            return decline(request.rstrip("?.! "), "it asks a question again that this message does not hold")
        if len(things) != 1:
            why = ("the message names nothing to look for there" if not things else
                   f"it could mean the {' or the '.join(things)}")
            return decline(request.rstrip("?.! "), why)
        where = place if re.match(r"(?:on|in|at|for|auf|im)\b", place, re.I) else f"on {place}"
        text = f"list the {things[0]} {where.replace('for ', 'on ', 1)}?"
        return Resolution(text=text, note=f"{request!r} asks the {things[0]} named before on its own place, read "
                                          f"as {text!r}", contrast=True)
    text = request
    notes: list[str] = []
    placed = False
    chose_one = False
    for kind, m in refs:
        ref = m.group(0).strip()
        if kind in ("storey", "room", "place", "there"):
            if own_place:
                if kind == "there":
                    continue
                return None
            cands = ({**{g: f"on {t}" for g, t in storeys.items()}} if kind == "storey" else
                     {g: f"in {t}" for g, t in rooms.items()} if kind == "room" else
                     {**{g: f"on {t}" for g, t in places.items()}, **{g: f"in {t}" for g, t in rooms.items()}})
            if len(cands) > 1 and kind == "storey" and _SINGULAR_STOREY.search(ref):
                # "that storey" stands for one storey: never for "the upper floors" said as a group (the
                # whole-message reading may have joined them: this reading replaces it)
                one = {g: t for g, t in cands.items() if len(g) == 1 and not plural_storeys(t)}
                chose_one = 0 < len(one) < len(cands)
                cands = one or cands
            if len(cands) == 1:
                to = next(iter(cands.values()))
                # "up there", "on that floor": the whole phrase; "there" after a verb: "on <S>" in its place
                text = text.replace(m.group(0), f" {to}", 1)
                notes.append(f"{ref!r} = {to[3:]!r}")
                placed = True
                continue
            if len(cands) > 1:
                return decline(ref, f"it could mean {' or '.join(repr(c[3:]) for c in cands.values())}, and the "
                                    "question does not say which")
            if missing:
                return decline(ref, f"it refers to {missing[0]!r}, which is no storey of this model")
            if kind == "there":
                continue  # "How many walls are there?": existential when nothing is named
            return decline(ref, "the message names no storey or room for it to stand for")
        if kind in ("latter", "former"):
            if own_place:
                return None
            pair = [(at, t) for n in said for at, t, _ in sorted(n.storeys)]
            if len(storeys) != 2 or len(pair) != 2:
                return decline(ref, f"it needs two storeys named before it, and the message names {len(storeys)}"
                               + (f" ({missing[0]!r} is no storey of this model)" if missing else ""))
            term = pair[1][1] if kind == "latter" else pair[0][1]
            text = text.replace(m.group(0), f" on {term}", 1)
            notes.append(f"{ref!r} = {term!r}")
            placed = True
    thing_refs = [m for kind, m in refs if kind == "things"]
    if thing_refs and not own_things:
        m = thing_refs[0]
        ref = m.group(0).strip()
        if len(things) != 1:
            why = ("the message names no things for it to stand for" if not things else
                   f"it could mean the {' or the '.join(things)}, and the question does not say which")
            return decline(ref, why)
        thing = things[0]
        whole = re.match(r"^\s*(?:which|what)\s+(?:ones\s+)?(?:are|is)\s+(?:they|those|these|them)\s*[?.!]*\s*$",
                         text, re.I)
        if whole is not None:
            text = f"list the {thing}?"
        else:
            low = ref.casefold()
            head = re.match(r"(how\s+many|which|what|any|all|some|each|most)\s+of\b", low)
            to = (f"{head.group(1)} {thing}" if head else f"which {thing}" if low.startswith("which") else
                  f"how many {thing}" if low.startswith("how") else f"the {thing}")
            text = text[: m.start()] + to + text[m.end():] if text[m.start():m.end()] == m.group(0) else \
                text.replace(m.group(0), to, 1)
        notes.append(f"{ref!r} = the {thing!r}")
        if not own_place and not placed:
            unit = next(n for n in said if n.things and " and ".join(n.things) == thing)
            here = list(dict.fromkeys(t for _, t, _ in sorted(unit.storeys)))
            there = here or list(storeys.values())
            if len(there) > 1 and not here:
                return decline(ref, f"the place is not said: it could be {' or '.join(repr(t) for t in there)}")
            if there:
                text = re.sub(r"\s*([?.!]*)\s*$", lambda x: f" on {' and '.join(there)}{x.group(1)}", text, count=1)
            elif unit.missing or missing:
                return decline(ref, f"it refers to {(unit.missing or missing)[0]!r}, which is no storey of this "
                                    "model")
    elif not placed:
        return None
    text = " ".join(text.split())
    return Resolution(text=text, note=f"the request refers back ({'; '.join(notes)}): read as {text!r}",
                      contrast=chose_one)


_SINGULAR_STOREY = re.compile(r"\b(?:that|this|the\s+same|dieses|diesem|dieser|jenem|jenes)\s+"
                              r"(?:storey|story|floor|level|geschoss|stockwerk|etage|ebene)\b", re.IGNORECASE)


_PLURAL_STOREYS = re.compile(r"\b(?:floors|storeys|stories|levels|geschosse|obergeschosse|etagen|stockwerke|ebenen)\b",
                             re.IGNORECASE)


def plural_storeys(term: str) -> bool:
    """Whether a storey phrase is said as several ("the upper floors"), even where it names one storey."""
    return _PLURAL_STOREYS.search(term) is not None


def singular_storey(text: str) -> bool:
    """Whether ``text`` points back at ONE storey ("that storey", "this floor", "dieses Geschoss")."""
    return _SINGULAR_STOREY.search(text) is not None


def _references(request: str) -> list[tuple[str, re.Match[str]]]:
    """The reference words of ``request``, by kind, strongest first (a place before "there")."""
    out: list[tuple[str, re.Match[str]]] = []
    for kind in ("storey", "room", "place"):
        out += [(kind, m) for p in _rx(kind) for m in p.finditer(request)]
    for kind, pattern in _words()["ordinal"].items():
        out += [(kind, m) for m in re.finditer(pattern, request, re.I)]
    taken = [(m.start(), m.end()) for _, m in out]
    out += [("there", m) for p in _rx("there") for m in p.finditer(request)
            if not any(a <= m.start() < b for a, b in taken)]
    for p in _rx("things"):
        m = p.search(request)
        if m is not None:
            out.append(("things", m))
            break
    return out
