"""Rooms named by the parts of their names people use (issue 22, round 10; bench ``bench/spatial/room_refs.py``).

The room-reference reader is :func:`ifcqa.spatial.spaces.find_spaces` (a space's Name / LongName token by token,
umlauts and transliterations folded, a number after a room word, a function word, a number glossed with a name:
"A104 (Bathroom 1)"). This module holds what the parser adds around it:

* :func:`name_spans`: a space's name that holds a storey's name ("Flur 1.OG West", "Flur EG Eingang") is read as
  the room, never as the storey plus words left over (the storey pass is kept away from those words).
* :func:`series`: numerals listed after a room whose name ends in a numeral, or after the plural of a name's head
  ("Besprechungsraum I or II", "Technikräume I, II and III", "bedrooms 1 and 2", "Labor K3, K4 and K5"): each the
  space named so; a numeral no space carries is no room (the caller declines naming it).
* :func:`ambiguous`: a room named in the singular ("the Büro", "Müller's office", "Bedroom 1") that several spaces
  answer to, asked for something only one room has (its contents, doors, area, its storey when they lie on
  different storeys, whether it is on a storey): the answer declines naming the candidates, never their union.
* :func:`on_storey_question`: "Liegt X im Keller?", "X is on Level 2, right?", "Befindet sich X im EG?": a yes/no
  question whether the room is on that storey (the plan's ``exists`` intent).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import spaces
from ifcqa.spatial.plan import Plan, RoomRef

_LITERAL = ("name", "long_name", "name_and_long_name", "number_and_name")


def name_spans(index: ModelIndex, text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` that write a space's whole name of three words or more ("flur 1.og west": flur|1|og|west),
    read before the storeys so that the storey a name holds stays part of the name."""
    out = []
    for m in spaces.find_spaces(index, text):
        if m.how in _LITERAL and m.guids and len(spaces.tokens(spaces.fold(m.term))) >= 3:
            out.append((m.start, m.end))
    return out


# -- series ------------------------------------------------------------------------------------------------
_NUMERAL = r"(?:\d+|[ivx]+|[a-z]\d+|[a-z])"
_LIST_NEXT = re.compile(rf"\s*(?:,\s*(?:and\s+|und\s+|or\s+|oder\s+)?|\s(?:and|und|&|or|oder|/)\s+|/\s*)"
                        rf"(?P<n>{_NUMERAL})\b")
_FIRST = re.compile(rf"\s+(?P<n>{_NUMERAL})\b")
_PLURAL_ENDINGS = (("räume", "raum"), ("raume", "raum"), ("rooms", "room"), ("zimmer", "zimmer"), ("ies", "y"),
                   ("s", ""), ("e", ""), ("en", ""), ("n", ""))


def space_names(index: ModelIndex, normalise: Callable[[str], str]) -> dict[str, list[str]]:
    """Normalised Name / LongName of every space -> GlobalIds."""
    names: dict[str, list[str]] = {}
    for e in index.data.elements.values():
        if e.ifc_class == "IfcSpace" and e.guid:
            for written in {normalise(t) for t in (e.name, e.long_name) if t}:
                for n in {written, re.sub(r"(?<=\w\s[^\W\d_])(?=\d)", " ", written)}:  # "labor k3", "labor k 3"
                    names.setdefault(n, []).append(e.guid)
    return names


def singular_heads(term: str, names: dict[str, list[str]]) -> list[str]:
    """The heads a plural room term may stand for among the spaces' names ("technikräume" -> "technikraum",
    "bedrooms" -> "bedroom"): those with which some name starts followed by a numeral."""
    out = []
    for plural, single in _PLURAL_ENDINGS:
        if term.endswith(plural) and len(term) > len(plural) + 2:
            head = term[: len(term) - len(plural)] + single
            if any(re.fullmatch(rf"{re.escape(head)}\s+{_NUMERAL}", n) for n in names):
                out.append(head)
    return out


def series(masked: str, start: int, head: str, names: dict[str, list[str]], first: bool
           ) -> list[tuple[str, int, int, list[str]]]:
    """The numerals listed at ``start`` of ``masked`` after a room named ``head`` + numeral (``first``: the head
    alone was written, so the first numeral follows it directly): ``(name, start, end, guids)`` each; a numeral no
    space of that head carries ends the list with ``guids == []`` (a room the model lacks)."""
    out: list[tuple[str, int, int, list[str]]] = []
    end = start
    pattern = _FIRST if first else _LIST_NEXT
    while (nxt := pattern.match(masked, end)) is not None:
        n = nxt["n"]
        previous = out[-1][0] if out else ""
        letter = re.fullmatch(r".*\s([a-z])\d+", previous)
        if n.isdigit() and letter is not None:  # "Labor K3, 4 and 5": the letter carries on
            n = letter.group(1) + n
        term = f"{head} {n}"
        guids = names.get(term, [])
        out.append((term, nxt.start("n"), nxt.end(), guids))
        end = nxt.end()
        pattern = _LIST_NEXT
        if not guids:
            break
    return out


def topic_group(subjects: list[RoomRef]) -> bool:
    """Whether the first of three rooms is the group the other two belong to ("Keller meeting rooms: which is bigger,
    Besprechungsraum I or II?"): a function word in the plural whose spaces include both."""
    group, *named = subjects
    return group.how.startswith("function:") and not _singular_form(group.term) and all(
        r.guids and set(r.guids) <= set(group.guids) for r in named)


# the quantity "bigger" compares two rooms by, said after it; gross is another quantity (left unread: declined)
BY_FLOOR_AREA = re.compile(r"\b(?:by|in\s+terms\s+of|nach|bezüglich|bzgl\.?)\s+(?:the\s+|der\s+)?(?:net\s+|netto\s*)?"
                           r"(?:floor\s+area|floor\s+space|area|size|fläche|grundfläche|nettogrundfläche|nutzfläche)\b")


_ROMAN = r"(?:i{1,3}|iv|v|vi{1,3}|ix|x|xi{1,2})"


def missing_series_member(plan: Plan, names: dict[str, list[str]], asked: str) -> str | None:
    """ "the Technikraum V" where the model names Technikraum I to IV: the words of a room, then a numeral of the
    kind the model numbers that name's series by, that no space carries (returned: "technikraum v"), else None."""
    for room in plan.rooms:
        term = room.term.strip()
        for found in re.finditer(rf"{re.escape(term)}\s+(?P<n>{_ROMAN}|\d+)\b", asked):
            n = found["n"]
            kind = _ROMAN if re.fullmatch(_ROMAN, n) else r"\d+"
            series = [x for x in names if re.fullmatch(rf"{re.escape(term)}\s+{kind}", x)]
            if series and f"{term} {n}" not in names:
                return f"{term} {n}"
    return None


_EXISTENTIAL = re.compile(r"\b(?:there|gibt\s+es|any|exist|exists|existiert)\b")


# a question word asking for content or a choice: "in the conference room - what's there?" asks what is in it
_ASKS_WHAT = re.compile(r"\b(?:what|what's|whats|which|was|welche[nmrs]?|wo)\b")


def asks_what(asked: str) -> bool:
    """Whether the question asks for something (a wh-question), so that "there" in it ("what's there?") is no
    "is there …?" and a room the model lacks leaves nothing to answer, never a "No"."""
    return _ASKS_WHAT.search(asked) is not None


def presupposed(room: RoomRef, asked: str) -> bool:
    """Whether a yes/no question takes the room's existence for granted ("Is the Bibliothek on 1. OG?", "Liegt die
    Sauna im Keller?") rather than asking it ("Is there a sauna on Level 1?": no)."""
    at = asked.find(room.term.strip())
    if at < 0 or _EXISTENTIAL.search(asked):
        return False
    return re.search(r"\b(?:the|der|die|das|dem|den|des)\s+$", asked[max(0, at - 12):at]) is not None


# -- one room asked for, several spaces named so -----------------------------------------------------------
_MANY = re.compile(r"\b(?:all|every|each|both|any|these|those|the\s+two|the\s+three|alle[nms]?|beide[nm]?|jede[nmrs]?|"
                   r"sämtliche[nm]?)\s+(?:of\s+the\s+|der\s+|die\s+)?(?:\w+\s+){0,2}$")


_PLURAL_NOUN = re.compile(r"\s*(?:rooms|spaces|räume|areas|units|ones)\b")
# "is there a WC", "does every storey have a kitchen": any room of the kind, no one room in mind
_INDEFINITE = re.compile(r"\b(?:a|an|any|some|no|ein|eine|einen|einem|einer|kein|keine|keinen|irgendein\w*)\s+"
                         r"(?:\w+\s+)?$")


# "the rooms called 'small office'", "spaces named Buero", "Räume namens Labor": every space named so is asked
_CALLED_PLURAL = re.compile(r"\b(?:rooms|spaces|räume|raume|zimmer)\s+(?:that\s+are\s+|which\s+are\s+)?(?:called|named|"
                            r"labell?ed|titled|with\s+the\s+name|namens|mit\s+(?:dem\s+)?namen)\s*['\"‘’“”]?\s*$")


def _singular(room: RoomRef, text: str) -> bool:
    """Whether the question names the room as one room: a space's name as written (never plural), or a function
    word in its singular form ("the kitchen", not "the kitchens", "the Buero rooms"), with no "all/both/each"
    before it."""
    term = room.term.strip()
    at = text.find(term)
    before = text[max(0, at - 40):at] if at >= 0 else ""
    if at >= 0 and (_MANY.search(before) or _INDEFINITE.search(before) or _PLURAL_NOUN.match(text, at + len(term))
                    or _CALLED_PLURAL.search(before)):
        return False
    if room.how in _LITERAL or room.how == "number":
        return True
    if room.how.startswith("function:"):
        return _singular_form(term)
    return False


def _singular_form(term: str) -> bool:
    """Whether a function word is written in its singular form ("kitchen", "Hausmeister's office"; not "offices")."""
    folded = spaces.fold(term)
    last = folded.split()[-1] if folded else ""
    vocab = spaces.vocabulary()
    return last in vocab.words or folded in vocab.words


def ambiguous(index: ModelIndex, plan: Plan, text: str) -> tuple[RoomRef, list[str]] | None:
    """The first room the question names in the singular that several spaces answer to, when what is asked differs
    between them: its contents or bounding elements, a quantity of it, a comparison, whether it is on a storey, or
    its storey when they lie on different storeys. ``(room, ["A202 Bedroom 1 (Level 2)", ...])`` or None."""
    if plan.declined is not None or (plan.measure is not None and plan.measure.get("op") not in ("sum", None)):
        return None  # "the largest office", "the average Buero": chosen or summarised among them, not one room
    if plan.intent == "count" or plan.every_storey or plan.threshold is not None or plan.resolved.get("room_counts"):
        return None  # "more rooms called 'Room' than small offices?", "does every storey have a WC": counted
    for room in plan.rooms:
        if room.negated or len(room.guids) < 2 or not _singular(room, text):
            continue
        scope = set(plan.storeys)
        candidates = [g for g in room.guids if not scope or set(spaces.storeys_of(index, [g])) & scope]
        storeys = set(spaces.storeys_of(index, candidates))
        if len(candidates) < 2:
            continue
        if _function_word_only(room) and len(storeys) < 2:
            continue  # "der Flur im EG", "the kitchen" of two units on one floor: that function's rooms (stated)
        per_room = room.role in ("in", "of") or plan.measure is not None or plan.intent in ("compare", "exists") \
            or plan.lookup is not None
        if not per_room and not (plan.asks_storey and len(storeys) > 1):
            continue
        return room, [describe(index, g) for g in candidates]
    return None


def _function_word_only(room: RoomRef) -> bool:
    """A function word by itself ("the kitchen", "Büro"), not narrowed by a name's part ("Müller's office")."""
    return room.how.startswith("function:") and spaces.fold(room.term.strip()) in spaces.vocabulary().words


def describe(index: ModelIndex, guid: str) -> str:
    """ "A202 Bedroom 1 (Level 2)": a space as a person picks it from a list."""
    e = index.find(guid)
    if e is None:
        return guid
    label = " ".join(t for t in (e.name, e.long_name) if t)
    storey = index.data.elements.get(e.storey) if e.storey is not None else None
    return f"{label} ({storey.name})" if storey is not None and storey.name else label


# -- is the room on that storey? ---------------------------------------------------------------------------
_ON_STOREY = re.compile(r"\s*(?:liegt|liegen|befindet\s+sich|befinden\s+sich|ist|sind|is|are)\b")
_TAGGED = re.compile(r"(?:,|\s-)\s*(?:right|correct|true|isn'?t\s+it|is\s+it\s+not|oder|stimmt'?s?|richtig|gell|ne)"
                     r"\s*\??\s*$")


def on_storey_question(plan: Plan, question: str) -> bool:
    """Whether the question asks if its rooms are on the storey it names: "Liegt X im Keller?", "Befindet sich X im
    EG?", "X is on Level 2, right?" (a room and a storey, nothing else asked)."""
    if plan.intent != "list" or plan.asks_storey or not plan.storeys or plan.exclude or plan.measure is not None:
        return False
    if not plan.rooms or any(r.role != "subject" or r.negated for r in plan.rooms):
        return False
    if any(c.key != "spaces" for c in plan.classes):
        return False
    text = question.strip().casefold()
    return bool(re.match(r"(?:liegt|liegen|befindet|befinden)\b", text)) or bool(
        _TAGGED.search(text) and re.search(r"\b(?:is|are|liegt|liegen|ist|sind|befindet|befinden)\b", text))
