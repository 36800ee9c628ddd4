"""A scope said in a statement, then a question pointing back at it (issue 22, round 18 back18).

People first say which part of the building they mean, in a statement, and then ask with a pointer: "the new
signs are only for 1.OG and 2.OG; the EG keeps the old ones. How many doors is that?", "He does the Keller and
the Erdgeschoss first - how many windows is that in total?", "We only care about the internal ones: which doors on
Level 2 are those?", "every room on Level 1 apart from the bathrooms. Which rooms are those?", "film goes on two
floors only, i.e. 1.OG and 2.OG (not the Dachgeschoss). How many windows is that?". Before, these declined on the
statement's words ("vinyl", "film") or, worse, were answered without the statement's restriction (all doors of
the model; the walls of Level 1 for "the external walls ... which walls on Level 1 are those?").

:func:`read` splits the message at its last sentence (the request), finds a pointer standing for a set in it
(``data/stated_scope_words.json``: "is that", "are those", "on those two floors", "them", "sind das"; a place
pointer "there" / "dort" only after storeys said), and reads the statement before it as a SCOPE:

- storeys, each included or set aside by its clause ("not S", "(nicht S)", "S keeps the old ones", "S next year",
  "S was done", "We skip S"); the storeys set aside only drop out (the scope is the same either way);
- one qualifier ("the internal ones", "the external walls"; its opposite said "not part of it" agrees);
- an exclusion of rooms by a word ("every room on S apart from the bathrooms");
- a word saying which of the things that is not read ("the broken ones", "the windows we refurbished", "die
  defekten Türen") and a storey the model lacks: declined, naming them.

The request is rewritten as that scope applied to the request's own class ("how many doors on 1.OG and 2.OG",
"which internal doors on Level 2", "which rooms on Level 1 apart from the bathrooms") and parsed; the plan must
hold every part of the scope (its storeys, the qualifier, the room exclusion) or the question declines. It also
declines when two sentences of the statement could be meant, when the request's own storey is not in the
statement's scope, or when a scope word stands where the request has nothing for it. The rule the answer states
is the rewritten plan's (storeys, property, exclusion); the note says which statement it was read from. Messages
whose statement holds one plain storey and nothing else are left to the antecedent readers before
(``message_antecedents``), which answer them already.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import request_decides
from ifcqa.spatial.plan import Plan

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

_CAN = ("I can answer where elements, rooms and storeys are, counts, yes/no thresholds, property filters and "
        "quantities; say the storeys, the property or the rooms left out in the question itself.")
# a sentence end: ". " "? " "! " "; " ": " or a dash between spaces or a line break; never after "i.e." / "e.g." /
# "z.B." nor a German ordinal ("1. Obergeschoss", "the 1. and 2. Obergeschoss")
_BREAK = re.compile(r"[.!?;:]+\s+|\s+[-–—]+\s+|\s*\n+\s*")
_ABBREV = re.compile(r"(?:\bi\.e|\be\.g|\bz\.b|\bbzw|\bca|\bvs|\betc|\bno|\bnr)\.$", re.I)
_ORDINAL_NEXT = re.compile(r"(?:obergeschoss|og|untergeschoss|ug|etage|stock|geschoss|ebene|dachgeschoss|und|and|"
                           r"&|\+|,|oder|or)\b", re.I)
_SENTENCE = re.compile(r"[.!?]+\s+|\s*\n+\s*")
_CLAUSE = re.compile(r"[,;()]|\s-\s|[.!?:]\s")
_WORD = re.compile(r"[^\W\d_][\w'-]*")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "both": 2, "zwei": 2, "drei": 3, "vier": 4, "beiden": 2, "beide": 2}
_COUNTED = re.compile(r"\b(?:the\s+|die\s+)?(" + "|".join(_NUMBERS) + r")\s+(?:(?:upper|lower|top|bottom|obere[n]?|"
                      r"untere[n]?)\s+)?(?:floors|storeys|stories|levels|geschosse|etagen|stockwerke)")


@cache
def _words() -> dict[str, Any]:
    from ifcqa.spatial.parser import normalise

    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/stated_scope_words.json").read_text("utf-8"))
    raw["qualifiers"] = {k: {normalise(w) for w in v} for k, v in raw["qualifiers"].items()}
    raw["modifier_ok"] = frozenset(normalise(w) for w in raw["modifier_ok"])
    return raw


def _rx(key: str) -> re.Pattern[str]:
    return re.compile(_words()[key], re.I)


@dataclass
class Scope:
    """What a statement says the request means."""

    included: list[tuple[int, str, str]] = field(default_factory=list)  # (position, term as written, GlobalId)
    set_aside: list[tuple[int, str, str]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    qualifier: str | None = None
    qualifier_class: str | None = None  # the class word the qualifier is said with ("the external walls")
    rooms_out: list[str] = field(default_factory=list)  # "apart from the bathrooms"
    things: str | None = None  # the one class word the statement says (for a request that names none)
    carried: list[str] = field(default_factory=list)  # the parser's other qualifiers ("load-bearing", "wider than")
    unread: list[str] = field(default_factory=list)  # words saying which of the things that are not read
    why: str = ""  # a decline found while reading
    sentences: int = 0  # sentences of the statement that name a part of the scope

    def restricts(self) -> bool:
        return bool(len(self.included) > 1 or self.set_aside or self.missing or self.qualifier or self.rooms_out
                    or self.unread or self.why or self.carried)


# a negation in the statement ("den Keller und das Erdgeschoss nicht gleichzeitig")
_NEGATION = re.compile(r"(?<![\w'-])(?:not|nicht|never|nie|kein\w*|no|none|nor|weder|noch\s+nicht)(?![\w'-])|n't\b",
                       re.IGNORECASE)


def split(question: str) -> tuple[str, str] | None:
    """(statement, request): the request is the message's last sentence, the statement all before it."""
    cuts = [m for m in _breaks(question, _BREAK) if m.end() < len(question.rstrip())]
    if not cuts:
        return None
    last = cuts[-1]
    statement, request = question[:last.start()].strip(), question[last.end():].strip()
    if not statement or not request or "?" in question[:last.end()]:
        return None
    return statement, request


def _breaks(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """The sentence breaks of ``text``, never after an abbreviation ("i.e.") nor a German ordinal ("1. OG")."""
    out = []
    for m in pattern.finditer(text):
        before = text[:m.start() + 1].rstrip()
        if m.group(0).strip().startswith(".") and (_ABBREV.search(before) or (
                re.search(r"\d\.$", before) and _ORDINAL_NEXT.match(text, m.end()))):
            continue
        out.append(m)
    return out


def read(parser: Parser, question: str) -> Plan | None:
    """The plan of a message whose request points back at a scope its statement says (a decline when the scope
    cannot be applied exactly), or None when the message is not of that form or its statement restricts nothing
    beyond one storey (left to the readers after). Never re-entered for the same text: a part parsed alone
    (``_alone``) whose own readers reset the parser's framing flag would read the statement again, endlessly (round
    24: a message no longer refused for a price said beside the ask reached that path)."""
    reading: set[str] = parser.__dict__.setdefault("_stated_scope_reading", set())
    if question in reading:
        return None
    reading.add(question)
    try:
        return _read(parser, question)
    finally:
        reading.discard(question)


def _read(parser: Parser, question: str) -> Plan | None:
    from ifcqa.spatial.parser import normalise

    parts = split(question)
    if parts is None:
        return None
    statement, request = normalise(parts[0]), normalise(parts[1])
    words = _words()
    pointer = next((m for p in words["pointers"] if (m := re.search(p, request, re.I))), None)
    place = next((m for p in words["place_pointers"] if (m := re.search(p, request, re.I))), None)
    if pointer is None and place is None:
        return None
    hit = pointer or place
    assert hit is not None
    blanked = request
    for p in [*words["pointers"], *words["place_pointers"]]:  # every pointer ("which ones ... are those")
        blanked = re.sub(p, lambda m: " " * len(m.group(0)), blanked, flags=re.I)
    blanked = blanked.strip()
    blanked = _rx("request_lead").sub("", blanked)  # "ok, how many doors is that?"
    own = _alone(parser, blanked)
    spans = [(a, b, w) for a, b, w in own.resolved.get("class_spans", [])]
    if own.declined is not None and (spans or own.unconsumed or own.storeys):
        return None  # the request itself is not understood: the parser's own decline names its words
    if own.declined is None and (own.intent not in ("list", "count") or own.compare):
        return None  # a comparison, a ranking, a measure over the storeys: not a set pointed back at
    if not spans and not _rx("asks").search(blanked):
        return None  # "Is that right?", "Are any of them external?": not a set asked for
    scope = _scope(parser, statement, {w for _, _, w in spans}, set(own.storeys))
    if pointer is None and not (scope.included and _together(statement, scope.included)):
        return None  # "there" after storeys said apart ("L1 on Monday and L2 on Tuesday"): which one is not said
    if not scope.restricts() and not (scope.included and own.storeys
                                      and set(own.storeys) != {g for _, _, g in scope.included}):
        return None
    said = hit.group(0).strip()
    note = f"{said!r} points back at the statement {parts[0]!r}"
    negation = _NEGATION.search(statement)  # ("only" / "nur" is the scope's own restriction: it names the storeys)
    if negation is not None and not (scope.set_aside or scope.qualifier or scope.rooms_out or scope.carried
                                     or scope.why or scope.unread):
        return _decline(question, note, f"the statement says {negation.group(0).strip()!r}, which the scope it "
                        "names does not read", [negation.group(0).strip()])  # "den Keller und das EG nicht zugleich"
    if scope.why:
        return _decline(question, note, scope.why, scope.unread or [said])
    if scope.sentences > 1:
        if pointer is None:
            return None  # "there" after two sentences: the antecedent reader names the storeys
        return _decline(question, note, f"{said!r} could point back at more than one sentence of the message",
                        [said])
    if scope.missing:
        return _decline(question, note, "the statement names " + ", ".join(repr(m) for m in scope.missing)
                        + ", which this model has no storey for", scope.missing)
    if scope.unread and _alone(parser, question).declined is None:
        return None  # "rooms more then 20 sqm - which ones?": read whole, every word of it is understood
    if scope.unread:
        return _decline(question, note, "the statement says which ones with " + ", ".join(
            repr(w) for w in scope.unread) + ", which I cannot read as a restriction", scope.unread)
    included = [g for _, _, g in scope.included]
    aside = {g for _, _, g in scope.set_aside}
    if set(included) & aside:
        return _decline(question, note, "the statement both includes and sets aside the same storey", [said])
    if own.storeys:
        if aside & set(own.storeys) or (included and not set(own.storeys) <= set(included)):
            return _decline(question, note, "the request's storey is not in the scope the statement says ("
                            + (", ".join(t for _, t, _ in scope.included) or "not " + ", ".join(
                                t for _, t, _ in scope.set_aside)) + ")", [said])
        storeys: list[str] = []
    elif scope.included:
        storeys = [t for _, t, _ in sorted(scope.included)]
    elif scope.set_aside:
        return _decline(question, note, "the statement only says which storeys are left out", [said])
    else:
        storeys = []
    counted = _COUNTED.search(request)
    if counted and storeys and len(storeys) != _NUMBERS[counted.group(1)]:
        return _decline(question, note, f"{counted.group(0)!r} counts {_NUMBERS[counted.group(1)]} storeys and the "
                        f"statement names {len(storeys)} ({', '.join(storeys)})", [counted.group(0)])
    text = _compose(blanked, spans, scope, storeys)
    if text is None:
        return None  # no things asked for the scope to apply to: left to the antecedent readers
    parser._message = True
    try:
        plan = parser.parse(text)
    finally:
        parser._message = False
    expected = set(own.storeys) or set(included)
    lost = []
    if expected and set(plan.storeys) != expected:
        lost.append("its storeys")
    if len(plan.qualifiers) < bool(scope.qualifier) + len(scope.carried) + len(own.qualifiers):
        lost.append(", ".join(repr(q) for q in [scope.qualifier, *scope.carried] if q))
    if scope.rooms_out and not any(r.negated for r in plan.rooms):
        lost.append("the rooms left out")
    if own.declined is None and (plan.intent != own.intent or not {c.key for c in own.classes if not c.inventory}
                                 <= {c.key for c in plan.classes}):
        lost.append("what the request asks")
    if plan.declined is not None or lost:
        why = (plan.declined or {}).get("reason") or "the scope could not be applied whole (" + ", ".join(lost) + ")"
        return _decline(question, note, f"read as {text!r}: {why}", [said])
    plan.question = question
    read_as = f"{note}: read as {text!r}"
    if scope.set_aside:
        read_as += "; set aside: " + ", ".join(t for _, t, _ in scope.set_aside)
    plan.notes.append(read_as)
    plan.resolved["framing"] = [*plan.resolved.get("framing", []), read_as]
    return plan


def _together(statement: str, storeys: list[tuple[int, str, str]]) -> bool:
    """Whether the storeys are said as one run ("the Keller and the Erdgeschoss", "EG, 1.OG und 2.OG")."""
    from ifcqa.spatial.message_antecedents import _COORDINATED

    ordered = sorted(storeys)
    return all(_COORDINATED.fullmatch(statement[a + len(t):b]) for (a, t, _), (b, _, _) in zip(
        ordered, ordered[1:], strict=False))


def _alone(parser: Parser, text: str) -> Plan:
    parser._framing = True
    try:
        return parser.parse(text)
    finally:
        parser._framing = False


def _compose(blanked: str, spans: list[tuple[int, int, str]], scope: Scope, storeys: list[str]) -> str | None:
    """The request with the statement's scope written in."""
    text = blanked.rstrip(" ?.!")
    before = [q for q in [scope.qualifier, *scope.carried] if q and " " not in q]  # "load-bearing walls"
    after = [q for q in scope.carried if " " in q]  # "doors wider than 1 m"
    qualifier = "".join(f"{q} " for q in before)
    if not spans:
        noun = "rooms" if scope.rooms_out else scope.qualifier_class or scope.things
        asks = _rx("asks").search(text)
        if noun is None:
            return None
        if asks is None:
            return None  # "Is that right?", "Are any of them external?": not a set asked for
        text = text[:asks.end()] + f" {qualifier}{noun}" + text[asks.end():]  # "how many on level 2 is that?"
    elif qualifier:
        a = spans[0][0]
        text = text[:a] + qualifier + text[a:]
    if storeys:
        end = max(b for _, b, _ in spans) + len(qualifier) if spans else len(text)
        text = text[:end] + " on " + " and ".join(storeys) + text[end:]
    for q in after:
        text += f" {q}"
    for room in scope.rooms_out:
        text += f" apart from the {room}"
    return text + "?"


# an ordinal right before a storey's name makes it another storey ("2. Obergeschoss" is no "Obergeschoss")
_ORDINAL_BEFORE = re.compile(r"(?:\b\d+\s*\.?|\b(?:erste|zweite|dritte|vierte|first|second|third|fourth)[nrs]?)\s*$")


def _scope(parser: Parser, statement: str, asked: set[str], asked_storeys: set[str]) -> Scope:
    """The scope a (normalised) statement says; ``asked``: the request's class words, ``asked_storeys`` its
    storeys."""
    from ifcqa.spatial.message_antecedents import _words as anaphor_words
    from ifcqa.spatial.parser import _CLASS_KEYS, normalise

    words = _words()
    out = Scope()
    sub = _alone(parser, statement)
    found: list[tuple[int, int, str, str]] = []  # (start, end, term, GlobalId)
    several: list[tuple[str, set[str] | int]] = []  # "the upper floors" / "two floors", said by name after
    for group, pattern in parser._name_patterns:
        for m in pattern.finditer(statement):
            ordinal = _ORDINAL_BEFORE.search(statement, 0, m.start())
            if ordinal is not None:  # "the 2. Obergeschoss" where the model has one "Obergeschoss": another storey
                out.missing.append(statement[ordinal.start():m.end()].strip())
                continue
            if not any(a < m.end() and m.start() < b for a, b, _, _ in found) and len(group) == 1:
                found.append((m.start(), m.end(), m.group(0), group[0].guid))
    for mention in sub.mentions:
        if mention.how == "alias:all":
            continue
        at = statement.find(mention.term)
        if at < 0 or any(a < at + len(mention.term) and at < b for a, b, _, _ in found):
            continue
        if _COUNTED.fullmatch(mention.term):
            continue  # counted below
        if at > 0 and statement[at - 1].isalnum() or not mention.storeys:
            out.missing.append(statement[max(at - 1, 0) if at > 0 and statement[at - 1].isalnum() else at:
                                         at + len(mention.term)].strip())
            continue
        if len(mention.storeys) == 1:
            found.append((at, at + len(mention.term), mention.term, mention.storeys[0]))
        else:
            several.append((mention.term, set(mention.storeys)))
    # "two floors, i.e. EG and 1.OG", "the three upper floors": the storeys said by name, counted
    several += [(m.group(0), _NUMBERS[m.group(1)]) for m in _COUNTED.finditer(statement)]
    out.missing += [w for w in sub.unresolved if w not in out.missing and not _COUNTED.fullmatch(w)]
    for shape in re.finditer(anaphor_words()["storey_shape"], statement, re.I):
        if not any(a <= shape.start() < b or shape.start() <= a < shape.end() for a, b, _, _ in found) and \
                shape.group(0) not in out.missing and not any(shape.group(0) in m for m in out.missing):
            out.missing.append(shape.group(0))
    before, after, weak = _rx("set_aside_before"), _rx("set_aside_after"), _rx("set_aside_weak")
    aside_clauses: list[tuple[int, int]] = []
    storey_spans = [(a, b) for a, b, _, _ in found]
    marked = []
    for a, b, term, guid in sorted(found):
        start, end = _clause(statement, a, b)
        strong = bool(before.search(statement, start, a) or after.search(statement, b, end)
                      or request_decides.in_contrast(statement, a, [x for x, _, _, g in found if g != guid]))
        # round 21: "(1.OG is rented out and does its own)" beside other storeys said plainly; never an apposition
        # naming the same storey again ("the first upper floor (1.OG)")
        timed = weak.search(statement, b, end)
        timed_alone = False  # the clause holds nothing but storeys, the time or state and fillers ("2.OG next year")
        if timed:
            clause = list(statement[start:end])
            for x, y in [*storey_spans, (timed.start(), timed.end())]:
                if start <= x < end:
                    clause[x - start:y - start] = " " * (min(y, end) - x)
            timed_alone = all(w in words["weak_fillers"] for w in _WORD.findall("".join(clause)))
        marked.append((a, term, guid, start, end, strong, timed_alone))
    # a time or a state sets a storey aside when another storey is said plainly or asked in the request
    contrast = any(not s and not w for *_, s, w in marked)
    for a, term, guid, start, end, strong, alone in marked:
        aside = strong or (alone and (contrast or bool(asked_storeys and guid not in asked_storeys)))
        (out.set_aside if aside else out.included).append((a, term, guid))
        if aside:
            aside_clauses.append((start, end))
    named = {g for _, _, g in out.included}
    for term, said in several:  # a group of storeys is the storeys said by name, or it is not read
        if not named or (not named <= said if isinstance(said, set) else len(named) != said):
            out.why = f"{term!r} stands for {said if isinstance(said, int) else len(said)} storeys"
    # the qualifier: one said positively; its opposite may be said "not part of it"
    positive: set[str] = set()
    negative: set[str] = set()
    said_at: list[tuple[int, int]] = []
    tokens = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(statement)]
    for i, (a, b, w) in enumerate(tokens):
        for key, forms in words["qualifiers"].items():
            if w in forms:
                start, end = _clause(statement, a, b)
                (negative if _rx("negative").search(statement, start, end) else positive).add(key)
                said_at.append((a, b))
                nxt = tokens[i + 1][2] if i + 1 < len(tokens) else ""
                if nxt in _CLASS_KEYS and positive and key in positive:
                    out.qualifier_class = nxt
    if negative and not positive:
        out.why = ("the statement leaves out the " + " and ".join(sorted(negative)) + " ones, which I cannot read "
                   "as saying which are meant (the property may be unset)")
    elif len(positive) > 1 or (positive & negative):
        out.why = "the statement says both " + " and ".join(sorted(positive | negative))
    elif positive:
        out.qualifier = next(iter(positive))
        if negative and negative != {"internal" if out.qualifier == "external" else "external"}:
            out.why = "the statement's qualifiers do not agree"
    # the other qualifiers the parser reads in the statement ("the load-bearing walls", "doors wider than 1 m"):
    # carried into the request; one left out or negated is not read
    for q in sub.qualifiers:
        term = normalise(q.term)
        if set(term.split()) & set().union(*words["qualifiers"].values()):
            continue  # external / internal: read above
        at = statement.find(term)
        if at < 0:
            out.unread.append(q.term)
        elif not any(x <= at < y for x, y in aside_clauses):
            start, end = _clause(statement, at, at + len(term))
            if q.negated or _rx("negative").search(statement, start, end):
                out.why = f"the statement leaves out {q.term!r}, which I cannot read as saying which are meant"
            elif term not in out.carried:
                out.carried.append(term)
                said_at.append((at, at + len(term)))
    if sub.threshold or sub.explicit or sub.elements:
        out.why = "the statement restricts the things in a way I cannot carry into the request"
    # rooms left out by a word
    for m in _rx("room_exclusion").finditer(statement):
        left = m.group("x").strip()
        if any(m.start("x") <= a < m.end("x") for a, _ in storey_spans) or not left:
            continue
        if not _rx("room_words").search(statement):
            out.unread.append(f"{m.group(0).strip()}")
            continue
        out.rooms_out.append(left)
    # a word saying which of the things, not read: "the broken ones", "die defekten Türen", "the windows we ..."
    known = set().union(*words["qualifiers"].values()) | words["modifier_ok"]
    not_read = {normalise(w) for w in [*sub.unconsumed, *((sub.declined or {}).get("not_understood") or [])]}
    for i, (a, b, w) in enumerate(tokens):
        if i == 0 or any(x <= a < y for x, y in aside_clauses):
            continue  # what a storey set aside keeps ("the EG keeps the old ones") says nothing of the scope
        prev = tokens[i - 1][2]
        if any(x <= tokens[i - 1][0] < y for x, y in storey_spans):
            continue  # "all Level 1 rooms"
        if w in ("ones", "one") or (w in _CLASS_KEYS and (not asked or _CLASS_KEYS[w] in {_CLASS_KEYS.get(x, x)
                                                                                         for x in asked})):
            if prev not in known and prev not in _CLASS_KEYS and i > 1 and tokens[i - 2][2] in words["modifier_ok"] \
                    and prev in not_read:
                out.unread.append(prev)
            if w != "ones" and re.match(words["relative"], statement[b:], re.I) and w in _CLASS_KEYS and not re.match(
                    words["existential"], statement[b:], re.I):  # "what walls we have down in the Keller": all of them
                out.unread.append(_some_words(statement[b:]))
    for _, b in storey_spans:  # "the doors on EG and 1.OG that have panic bars"
        if re.match(words["relative"], statement[b:], re.I) and not any(x <= b < y for x, y in aside_clauses):
            out.unread.append(_some_words(statement[b:]))
    # the things the statement speaks of, for a request that names none ("The doors on EG get checked. How many
    # is that?")
    things = {_CLASS_KEYS[w]: w for a, _, w in tokens if w in _CLASS_KEYS and not any(
        x <= a < y for x, y in storey_spans) and not any(x <= a < y for x, y in aside_clauses)}
    if len(things) == 1:
        out.things = next(iter(things.values()))
    # sentences of the statement that name a part of the scope
    marks = [a for a, _, _, _ in found] + [a for a, _ in said_at] + [m.start() for m in
                                                                    _rx("room_exclusion").finditer(statement)]
    bounds = [0, *[m.end() for m in _breaks(statement, _SENTENCE)], len(statement) + 1]
    out.sentences = sum(1 for s, e in zip(bounds, bounds[1:], strict=False) if any(s <= x < e for x in marks))
    return out


def _some_words(text: str) -> str:
    """The first words of a modifier, up to its clause's end."""
    return " ".join(re.split(r"[,.;:!?()]", text, maxsplit=1)[0].split()[:5])


def _clause(text: str, a: int, b: int) -> tuple[int, int]:
    """The clause around text[a:b]: between commas, semicolons, brackets, dashes and sentence ends."""
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, a)), default=0)
    nxt = _CLAUSE.search(text, b)
    return start, nxt.start() if nxt else len(text)


def _decline(question: str, note: str, why: str, words: list[str]) -> Plan:
    from ifcqa.spatial.message_antecedents import _as_written

    out = Plan(question=question, intent="declined")
    out.notes.append(note)
    for w in words:  # the words as the message writes them
        why = why.replace(repr(w), repr(_as_written(question, w)))
    out.declined = {"reason": why, "not_understood": list(dict.fromkeys(_as_written(question, w) for w in words)),
                    "can_answer": _CAN}
    return out
