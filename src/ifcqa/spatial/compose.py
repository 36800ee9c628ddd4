"""Comparisons as composition (issue 22, round 9): a comparison is its sides, a measure taken of each side and an
operator that composes them; each side is asked as its own single question of the existing machinery, so every
storey, class, room, qualifier and measure form the parser reads works inside a comparison.

>>> frame = find(plan, text)        # the sides the parser found, the operator words, the measure
>>> frame.questions                 # ["how many windows are on level 1", "how many windows are on level 2"]

:func:`find` reads the frame from the parsed plan (the sides are what the parser resolved: two or more storeys, two
rooms, two classes, a part of a class against its whole, or every storey for a superlative or a ranking) and from
the operator words of the normalised question (``OPERATORS``: which-more/most/fewest, is-A-more-than-B, how many
more / the difference, twice / double / half, the same number, more than half of). Only the side terms, the operator
words and the frame's filler words (``_FILLER``) are taken out of the question; every other word goes into each
side's question, so a word the parser cannot read declines that side, and a side that declines declines the whole
comparison naming it: nothing is answered broader than asked. :func:`compose` takes each side's count (or summed
quantity, with its unit) and states the rule: "Level 1 has 4 windows, Level 2 has 18: Level 2 has more".

Round 22 (cmp22) made the frame general over how people join and ask the sides: sides joined as alternatives by
"vs" / "versus" / "compared to" choose like "or" ("GroundFloor vs 1stFloor: more windows?"); "A more than B?" with no
chooser is the yes/no A > B; two rooms with "which one" are compared even when the rules read a per-storey
superlative ("wohnen and kitchen, which one got more windows?", see :func:`overrides`); the winner of a "which"
between ROOMS is the room itself (its element row, through ``rows_of``), as the winner between storeys is the
storey; the verb of a difference ("differ", "unterscheiden sich") is the operator's. Before a frame is read,
:func:`ifcqa.spatial.compared_sides.ungrounded` declines a comparison whose side is held twice (a room name of two
spaces) or grounded in nothing ("on that floor or on Level 2").

Used by :class:`ifcqa.spatial.pipeline.SpatialQA` when the rules' plan of the whole question declined (the
existing comparison passes keep every question they answer), and when it compared a count where the question asks
for a quantity ("the difference in total room area between A and B").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ifcqa.spatial import compared_sides, units_asked
from ifcqa.spatial.plan import Plan

# comparative words: True when the larger value answers them
_MORE_WORDS = ("exceed", "exceeds", "outnumber", "outnumbers", "more", "larger", "bigger", "greater", "higher",
               "taller", "longer", "wider", "most", "largest",
               "biggest", "greatest", "highest", "mehr", "grösser", "größer", "meisten", "grössten", "größten",
               "höher", "länger")
_LESS_WORDS = ("fewer", "less", "smaller", "lower", "shorter", "fewest", "least", "smallest", "lowest", "weniger",
               "kleiner", "wenigsten", "kleinsten", "niedriger", "kürzer")
_SUPERLATIVES = ("most", "largest", "biggest", "greatest", "highest", "fewest", "least", "smallest", "lowest",
                 "meisten", "grössten", "größten", "wenigsten", "kleinsten")
# a size comparative with no measure named: the measure it implies
_IMPLIED = {"larger": "floor area", "bigger": "floor area", "smaller": "floor area", "grösser": "floor area",
            "größer": "floor area", "kleiner": "floor area", "taller": "height", "higher": "height",
            "höher": "height", "niedriger": "height", "longer": "length", "shorter": "length", "länger": "length",
            "kürzer": "length", "largest": "floor area", "biggest": "floor area", "smallest": "floor area"}
_MEASURE = re.compile(r"\b(?:(?:net|gross|total|room|floor|wall|window|door)\s+)*(?:floor\s+area|area|volume|length|"
                      r"height|fläche|grundfläche|volumen|länge|höhe)\b")
# an area or volume unit said as what there is more of ("which one has more sqm / m³"): the measure it is a unit of
_UNIT_MEASURE = {"area": "floor area", "volume": "volume"}
_MORE_LESS = ("more", "less", "fewer", "mehr", "weniger")
_SIZE = re.compile(r"\b(?:size|grösse|größe)\b")
_AS_BIG = re.compile(r"\b(?:big|large|small|gross|groß|klein)\b")  # "twice as big as", "halb so groß wie"
_COUNTING = re.compile(r"\b(?:number|count|amount|anzahl|many|viele)\b")
_CMP = re.compile(r"\b(" + "|".join(sorted(_MORE_WORDS + _LESS_WORDS, key=len, reverse=True)) + r")\b")

_DIFF = re.compile(r"\bby\s+how\s+(?:many|much)\b|\bhow\s+(?:many|much)\s+(?:more|fewer|less|bigger|larger|smaller|"
                   r"longer|shorter|taller|higher)\b|\b(?:how\s+(?:big|large)\s+is\s+)?the\s+difference\b|\bdifference\b|\bunterschied\b|\bum\s+wie\s+viele?\b|\bwie\s+viel\s+(?:grösser|größer|kleiner|länger)\b")
# the verb of a difference asked ("by how many doors do A and B differ", "um wie viele Türen unterscheiden sich A und
# B"): the operator's own words, never asked of a side (round 22)
_DIFF_VERB = re.compile(r"\b(?:differ|differs|unterscheiden\s+sich|unterscheidet\s+sich)\b")
_DIFF_DE = re.compile(r"\bwie\s+viele?\b(?=.*\b(?P<more>mehr|weniger)\s+als\b)")  # "wie viele X hat A mehr als B"
_RATIO = re.compile(r"\b(?:(?P<bound>at\s+least|at\s+most|more\s+than|fewer\s+than|less\s+than|exactly|mindestens|"
                    r"höchstens|mehr\s+als|weniger\s+als|genau)\s+)?(?P<factor>twice|double|three\s+times|"
                    r"3\s+times|four\s+times|half|doppelt|dreimal|halb)\b(?:\s+(?:as\s+many|so\s+viele))?")
_SAME = re.compile(r"\b(?:the\s+same(?:\s+(?:number|count|amount))?|as\s+many|equal(?:ly\s+many)?|gleich\s+viele|"
                   r"genauso\s+viele|dieselbe\s+anzahl|die\s+gleiche\s+anzahl)\b")
_SHARE = re.compile(r"\b(?P<bound>more\s+than|less\s+than|fewer\s+than|at\s+least|at\s+most|over|under|mehr\s+als|"
                    r"weniger\s+als|mindestens|höchstens)\s+(?P<part>half|a\s+third|a\s+quarter|(?P<pct>\d+)\s*"
                    r"(?:%|percent|prozent)|die\s+hälfte|ein\s+drittel|ein\s+viertel)\s+(?:of\s+|der\s+|von\s+)?|"
                    r"\b(?P<most>most|die\s+meisten)\s+(?:of\s+|der\s+)")
_RANK = re.compile(r"\b(?:rank(?:ed)?|sort(?:ed)?|order(?:ed)?)\s+(?:(?:the|all)\s+)*"
                   r"(?:(?:storeys|stories|floors|levels|geschosse|etagen)\s+)?(?:by|according\s+to|nach)\b")
_EACH_STOREY = re.compile(r"\b(?:per|each|every|by)\s+(?:storey|floor|level|geschoss)\b|\bcompare\b")
_ROOM_NOUN = re.compile(r"\b(?:rooms?|spaces?|räume?|raum)\b")
# two noun phrases a comparative opposes: "more fixed windows than casement windows (on level 2)"
_PHRASES = re.compile(r"\b(?:more|fewer|less|mehr|weniger)\s+(?P<a>[^?,;:]+?)\s+(?:or|than|oder|als)\s+(?P<b>[^?,;:]+?)"
                      r"(?=\s+(?:on|in|im|auf|at|across)\s|\s*[?.!,]|\s*$)")
_QUALIFIED_JOINED = re.compile(r"\s*(?:[^\W\d_]+\s+)?(?:(?:the|die|number|of)\s+)*(?:or|oder|than|als|vs\.?|versus|"
                               r"to)\s+(?:the\s+|die\s+)?")
_JOINED = re.compile(r"\s*(?:(?:or|oder|to|than|als|and|und|vs\.?|versus|the|die|more|mehr|fewer|weniger|number|"
                     r"of|many|as)\s+)+")
_TIMES = re.compile(r"\bhow\s+many\s+times\s+(?:more|as\s+many|fewer)?|\b(?:the\s+)?ratio\s+(?:of|between)\b|"
                    r"\bverhältnis\s+(?:von|zwischen)\b|\bwie\s+viel\s*mal\s+(?:mehr|so\s+viele)\b")
_VERSUS = re.compile(r"\b(?:compare[sd]?|comparing|comparison|vs\.?|versus|vergleiche?n?)(?![\w])")
_ALL_STOREYS = re.compile(r"\b(?:on\s+|in\s+|across\s+)?(?:both|all|every|each|beiden|allen)\s+(?:the\s+|of\s+the\s+)?"
                          r"(?:storeys?|stories|floors?|levels?|geschossen?|etagen?)\b")
_UNIT = re.compile(r"(?:\bin\s+)?(?<![\w])(?P<unit>m²|m2|m³|m3|sqm|square\s+met(?:re|er)s?|cubic\s+met(?:re|er)s?|"
                   r"mm|cm|m)(?![\w²³])")
_YES_NO = re.compile(r"^\s*(?:is|are|does|do|has|have|did|was|were|can|hat|haben|ist|sind|gibt|gibt\s+es)\b")
_TAG = re.compile(r"[,\s\-]+(?:true\s+or\s+(?:false|not)|yes\s+or\s+no|right|correct|true|"
                  r"is\s+that\s+(?:right|correct|true)|oder|stimmt\s+das|richtig|yes|ja)\s*[?.!]*\s*$")
_WHICH = re.compile(r"\b(?:which|what|where|welche[srmn]?|wo|who)\b")
# never "floor" in "floor area" / "floor space": a room's quantity (round 19)
_STOREY_NOUN = re.compile(r"\b(?:the\s+)?(?:storeys?|stories|floors?|levels?|geschosse?|etagen?|stockwerke?)\b"
                          r"(?!\s+(?:area|areas|space|surface)\b)")
# the frame's own words: taken out of the question around the sides and the operator (nothing else is)
_FILLER = frozenset((
    "which", "what", "where", "who", "one", "ones", "of", "them", "these", "both", "either", "is", "are", "was",
    "were", "does", "do", "did", "has", "have", "had", "got", "there", "the", "a", "an", "or", "and", "than",
    "between", "vs", "versus", "compare", "compared", "comparing", "comparison", "as", "to", "in", "on", "at", "for",
    "by", "with", "number", "count", "amount", "many", "how", "much", "more", "fewer", "less", "twice", "double",
    "half", "times", "same", "equal", "common", "often", "right", "correct", "true", "that", "it", "its", "their",
    "they", "those", "one's", "on?", "so", "viele", "wie", "als", "oder", "und", "im", "am", "auf", "dem", "der",
    "die", "das", "den", "des", "hat", "haben", "ist", "sind", "gibt", "es", "welche", "welcher", "welches",
    "welchem", "wo", "mehr", "weniger", "gleich", "genauso", "anzahl", "zwischen", "vergleich", "beide", "beiden",
    "all", "there's", "please", "tell", "me", "can", "you", "could", "would", "say", "hey", "hi", "quick",
    "question", "ticket", "total", "overall", "insgesamt", "altogether", "together", "list", "show", "give", "ihre",
    "ihrer", "nach",
))


@dataclass
class Side:
    """One side of a comparison: how the answer names it, the question asked of it, and its answer."""

    name: str
    question: str
    kind: str  # storey | room | class | part | whole
    answer: dict[str, Any] | None = None
    value: float | None = None
    unit: str | None = None
    scope: str = ""  # a storey side: its GlobalId (the side's answer must be scoped to exactly it)
    guid: str = ""  # a room side: its space's GlobalId (a "which" answer cites the winning room itself)


@dataclass
class Frame:
    """A comparison split into its sides and its operator."""

    op: str  # which | most | yesno | diff | ratio | same | share | rank
    larger: bool  # the larger value answers the comparative (False: fewer / smaller)
    measure: str  # "count" or the quantity phrase asked ("floor area", "total room area")
    sides: list[Side]
    rest: str  # the words asked of every side
    cmp: str = ">"  # yes/no, ratio, share: the relation of side A to factor x side B
    factor: float = 1.0
    notes: list[str] = field(default_factory=list)

    @property
    def questions(self) -> list[str]:
        return [s.question for s in self.sides]


def _span(text: str, term: str, taken: list[tuple[int, int]]) -> tuple[int, int] | None:
    """Where ``term`` stands in ``text`` outside ``taken`` (whole words), or None."""
    for m in re.finditer(r"(?<![\w.])" + re.escape(term) + r"(?![\w])", text):
        if not any(m.start() < b and a < m.end() for a, b in taken):
            return m.start(), m.end()
    return None


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def _rest(text: str, spans: list[tuple[int, int]], keep_scope: bool = True) -> str:
    """The words of ``text`` outside ``spans`` that are no filler of the frame, in order."""
    left = _blank(text, spans)
    left = re.sub(r"[?!:;,–()\"]|(?<!\w)[-.]|[-.](?!\w)", " ", left)  # ("load-bearing", "1.og" kept whole)
    words = [w for w in left.split() if w not in _FILLER]
    return " ".join(w for i, w in enumerate(words) if i == 0 or w != words[i - 1])  # "internal doors than external
    # doors": the class said on each side once


def _direction(text: str, default: bool = True) -> tuple[bool, re.Match[str] | None]:
    found = _CMP.search(text)
    if found is None:
        return default, None
    return found.group(1) in _MORE_WORDS, found


def _measure_of(rest: str, comparative: str | None, text: str) -> tuple[str, str]:
    """("count" | the quantity phrase, the rest without it); ``text`` the whole question (a counting word in it,
    "the higher window count", makes a size comparative compare counts)."""
    found = _MEASURE.search(rest)
    if found is not None:
        phrase = re.sub(r"\btotal\s+", "", found.group(0))
        return phrase, " ".join((rest[:found.start()] + rest[found.end():]).split())
    said = _UNIT.search(rest)
    unit = units_asked.named_by(said["unit"]) if said is not None and not said.group(0).startswith("in") else None
    if said is not None and unit is not None and unit.unit.kind in _UNIT_MEASURE and comparative in _MORE_LESS:
        # "which one has more sqm": the unit says what there is more of (never "in m²", which only asks the unit)
        return _UNIT_MEASURE[unit.unit.kind], " ".join((rest[:said.start()] + rest[said.end():]).split())
    size = _SIZE.search(rest)
    if size is not None:  # "twice the size of", "the same size as": the floor area
        return "floor area", " ".join((rest[:size.start()] + rest[size.end():]).split())
    if comparative in _IMPLIED and not _COUNTING.search(text):
        return _IMPLIED[comparative], rest
    return "count", rest


def find(plan: Plan, text: str, storeys: list[tuple[str, str]], spaces: list[tuple[str, str]] = ()) -> Frame | None:  # type: ignore[assignment]
    """The comparison frame of the normalised question ``text`` whose rules' ``plan`` found its sides; ``storeys``
    the model's (guid, name), lowest first (the sides of a superlative or a ranking over every storey), ``spaces``
    its spaces' (guid, name) for naming room sides. None when the question is no comparison this module composes."""
    more, cmp_match = _direction(text)
    comparative = cmp_match.group(1) if cmp_match else None
    share = _SHARE.search(text)
    if share is not None and _YES_NO.search(text) and not plan.mentions[1:] and len(plan.rooms) < 2:
        return _share_frame(plan, text, share)
    named = [m for m in plan.mentions if m.storeys and not m.negated]
    rooms = [r for r in plan.rooms if not r.negated and len(r.guids) == 1]
    spans: list[tuple[int, int]] = []
    sides: list[tuple[str, str]] = []  # (term as written in text, kind)
    shown: dict[str, str] = {}  # a storey or room side's term -> its name in the model
    scopes: dict[str, str] = {}  # a storey side's term -> its GlobalId
    room_guids: dict[str, str] = {}  # a room side's term -> its space's GlobalId
    names = dict(storeys) | dict(spaces)
    if len(named) >= 2 and len({g for m in named for g in m.storeys}) == len(named):
        for m in named:
            at = _span(text, m.term, spans)
            if at is None or len(m.storeys) != 1:
                return None
            spans.append(at)
            sides.append((m.term, "storey"))
            shown[m.term] = names.get(m.storeys[0], m.term)
            scopes[m.term] = m.storeys[0]
        noun = _STOREY_NOUN.search(_blank(text, spans))  # "which level has more ...": the sides' noun, no subject
        if noun is not None:
            spans.append(noun.span())
    elif len(rooms) >= 2 and len(plan.rooms) == len(rooms) and len({r.role for r in rooms}) == 1 and not named \
            and len({r.guids[0] for r in rooms}) == len(rooms):
        for r in rooms:
            at = _span(text, r.term, spans)
            if at is None:
                return None
            spans.append(at)
            sides.append((r.term, "room"))
            shown[r.term] = names.get(r.guids[0], r.term)
            room_guids[r.term] = r.guids[0]
        noun = _ROOM_NOUN.search(_blank(text, spans))  # "which room has more windows, A or B": the sides' noun
        if noun is not None:
            spans.append(noun.span())
    elif len(plan.qualifiers) == 2 and len(plan.classes) == 1 and not plan.rooms and not any(
            q.negated for q in plan.qualifiers):  # "more internal doors than external doors"
        for q in plan.qualifiers:
            at = _span(text, q.term, spans)
            if at is None:
                return None
            spans.append(at)
            sides.append((q.term, "qualified"))
        between = text[min(spans[0][1], spans[1][1]):max(spans[0][0], spans[1][0])]
        if not _QUALIFIED_JOINED.fullmatch(between):
            return None
    elif plan.declined is not None and len({c.key for c in plan.classes}) == 1 and not plan.rooms and len(named) <= 1 \
            and (
            phrases := _PHRASES.search(text)) is not None and all(
            len(phrases.group(k).split()) <= 4 for k in ("a", "b")) and not re.match(
            r"\s*\d", phrases.group("b")):  # "more fixed windows than casement windows" ("than 10m": a bound)
        for k in ("a", "b"):
            spans.append(phrases.span(k))
            sides.append((phrases.group(k), "phrase"))
    elif len(plan.classes) == 2 and not any(c.inventory for c in plan.classes) and not plan.rooms:
        for c in plan.classes:
            found = _class_term(text, c.key, c.label, spans)
            if found is None:
                return None
            spans.append(found[1])
            sides.append((found[0], "class"))
        between = text[min(spans[0][1], spans[1][1]):max(spans[0][0], spans[1][0])]
        if not _JOINED.fullmatch(between):  # "doors or windows", "windows to doors", "windows than doors" only
            return None
    ops: list[tuple[int, int]] = []
    op, cmp, factor = "", ">" if more else "<", 1.0
    ratio, same, diff, diff_de = _RATIO.search(text), _SAME.search(text), _DIFF.search(text), _DIFF_DE.search(text)
    times = _TIMES.search(text)
    if times is not None:
        op = "times"
        ops.append(times.span())
    elif diff is not None:
        op = "diff"
        ops.append(diff.span())
        ops.extend(m.span() for m in _DIFF_VERB.finditer(text))
    elif diff_de is not None:
        op = "diff"
        ops.append(diff_de.span())
    elif ratio is not None:
        op = "ratio"
        ops.append(ratio.span())
        word = ratio.group("factor")
        factor = {"twice": 2, "double": 2, "doppelt": 2, "half": 0.5, "halb": 0.5, "dreimal": 3}.get(
            word, 3 if word.startswith("three") or word.startswith("3") else 4)
        bound = (ratio.group("bound") or "").replace("  ", " ")
        cmp = {"at least": ">=", "mindestens": ">=", "at most": "<=", "höchstens": "<=", "more than": ">",
               "mehr als": ">", "fewer than": "<", "less than": "<", "weniger als": "<", "exactly": "=",
               "genau": "="}.get(bound, ">=")  # "twice as many": at least twice, as the count comparison reads it
    elif same is not None:
        op, cmp = "same", "="
        ops.append(same.span())
    elif _VERSUS.search(text) and sides and cmp_match is None:  # "compare Level 1 and Level 2 by windows"
        op = "rank"
        ops.append(_VERSUS.search(text).span())  # type: ignore[union-attr]
    elif _RANK.search(text) and not sides:
        op = "rank"
        ops.append(_RANK.search(text).span())  # type: ignore[union-attr]
    elif cmp_match is not None:
        if re.match(r"\s+(?:than|als)\s+(?:\d|one|two|three|four|five|ten)\b", text[cmp_match.end():]):
            return None  # "more than 5 doors", "wider than 1 m": a bound, not a second side
        # the sides joined as alternatives ("A or B", "A vs B", "A compared to B"): the question chooses one
        joined = re.search(r"\b(?:or|oder)\b", text) is not None or (bool(sides) and re.search(
            r"\b(?:vs\.?|versus)(?![\w])", text) is not None)  # ("compared to" after a comparative is its "than")
        than = re.search(r"\b(?:than|als)\b", text[cmp_match.end():]) is not None
        if _TAG.search(text) or (_YES_NO.search(text) and not joined):
            op = "yesno"
        elif _WHICH.search(text) or joined:
            op = "which"
        elif than and sides:  # "valves more than pumps?", "Level 2 more windows than Level 1?": A > B, asked
            op = "yesno"
        else:
            return None  # "list the doors wider on level 1 and level 2": neither a yes/no nor a choice
    if cmp_match is not None:
        ops.append(cmp_match.span())
    tag = _TAG.search(text)
    if tag is not None:  # "..., right?", "- true or false?": the question's frame, nothing asked of a side
        ops.append(tag.span())
    if not op:
        return None
    if not sides:  # every storey: a superlative ("which floor has the fewest X"), a ranking, "the same on all floors"
        if op == "same" and _ALL_STOREYS.search(text):
            if re.search(r"\b(?:both|beiden)\b", text) and len(storeys) != 2:
                return None  # "both floors" of a model with four: which two is not said
            return _every_storey(plan, _blank(text, [_ALL_STOREYS.search(text).span()]),  # type: ignore[union-attr]
                                 ops, "same", more, None, storeys)
        if op == "rank" or (op == "which" and comparative in _SUPERLATIVES and _STOREY_NOUN.search(text)):
            return _every_storey(plan, text, spans + ops, op if op == "rank" else "most", more, comparative,
                                 storeys)
        return None
    if len(sides) > 2 and op not in ("same", "which"):
        return None
    rest = _rest(text, spans + ops)
    as_big = _AS_BIG.search(rest) if op in ("ratio", "same") else None
    if as_big is not None:  # "is A twice as big as B", "as large as": their sizes
        rest, comparative = " ".join((rest[:as_big.start()] + rest[as_big.end():]).split()), "bigger"
    measure, rest = _measure_of(rest, comparative, text)
    unit = _UNIT.search(rest)
    if unit is not None and measure != "count":  # "how much larger ..., in m²": asked of each side in that unit
        rest = " ".join((rest[:unit.start()] + rest[unit.end():]).split())
    asked_unit = f" in {unit.group('unit')}" if unit is not None and measure != "count" else ""
    kind = sides[0][1]
    if kind == "storey" and (re.search(r"\b(?:height|höhe)\b", measure) or (measure == "length" and not rest)):
        return None  # "is the EG taller than the DG": its height or its elevation? never a sum of heights
    if measure == "count" and not rest and kind not in ("class", "qualified", "phrase"):
        return None  # nothing counted ("how many ... on A"): never every element
    if kind in ("class", "qualified", "phrase"):
        measure, rest = "count", rest
        if _MEASURE.search(_rest(text, spans + ops)):
            return None  # "more door area or window area": not a count of two classes
    out = Frame(op, more, measure, [], rest, cmp, factor)
    for term, k in sides:
        out.sides.append(Side(shown.get(term, term), side_question(k, term, measure, rest) + asked_unit, k,
                              scope=scopes.get(term, ""), guid=room_guids.get(term, "")))
    return out


def _class_term(text: str, key: str, label: str, taken: list[tuple[int, int]]) -> tuple[str, tuple[int, int]] | None:
    """The word of ``text`` that names the class ``key`` (its label, its key, or a plural of either)."""
    for word in re.findall(r"[^\W\d_]+", text):
        if word.rstrip("s") in (key.rstrip("s"), label.rstrip("s")) or word in (key, label):
            at = _span(text, word, taken)
            if at is not None:
                return word, at
    from ifcqa.spatial.vocabulary import CLASS_WORDS

    for word in re.findall(r"[^\W\d_]+", text):
        if CLASS_WORDS.get(word) == key:
            at = _span(text, word, taken)
            if at is not None:
                return word, at
    return None


def side_question(kind: str, term: str, measure: str, rest: str) -> str:
    """The single question asked of one side (English frame; the rest keeps the question's own words)."""
    if kind == "class":
        return f"how many {term} {rest}".strip()
    if kind in ("qualified", "phrase"):
        return f"how many {term} {rest}".strip()
    if kind == "room":
        if measure == "count":
            return f"how many {rest} are in {term}".strip()
        return f"what is the {(rest + ' ') if rest else ''}{measure} of {term}"
    if measure == "count":
        return f"how many {rest} are on {term}"
    if rest:
        return f"what is the total {measure} of the {rest} on {term}"
    if re.search(r"\b(?:wall|window|door|slab|roof)", measure):  # "the total wall length": the class is in it
        return f"what is the total {measure} on {term}"
    return f"what is the total {measure} of the rooms on {term}"


def _share_frame(plan: Plan, text: str, share: re.Match[str]) -> Frame | None:
    """ "Are more than half of the doors external?": the part (the question with its qualifiers; with none, its one
    storey: "does Level 1 have more than half of all the doors?") against the whole (the same question without
    them), the part's share compared with the bound."""
    if any(q.negated for q in plan.qualifiers):
        return None
    storeys = [m for m in plan.mentions if m.storeys and not m.negated]
    if plan.qualifiers:
        terms = [q.term for q in plan.qualifiers]
    elif len(storeys) == 1 and len(plan.mentions) == 1 and not plan.rooms:
        terms = [storeys[0].term]
    else:
        return None
    if share.group("most"):
        bound, fraction = ">", 0.5
    else:
        word = share.group("bound")
        bound = {"more than": ">", "over": ">", "less than": "<", "fewer than": "<", "under": "<",
                 "at least": ">=", "at most": "<=", "mehr als": ">", "weniger als": "<", "mindestens": ">=",
                 "höchstens": "<="}[" ".join(word.split())]
        part = share.group("part")
        fraction = 0.5 if "half" in part or "hälfte" in part else 1 / 3 if "third" in part or "drittel" in part \
            else 0.25 if "quarter" in part or "viertel" in part else int(share.group("pct")) / 100
    lead = _YES_NO.search(text)
    spans = [share.span()] + ([lead.span()] if lead else [])
    rest = _rest(text, spans)
    whole = rest
    for t in terms:
        whole = re.sub(r"(?<![\w])" + re.escape(t) + r"(?![\w])", " ", whole)
    whole = " ".join(whole.split())
    if not whole or whole == rest:
        return None
    out = Frame("share", True, "count", [], rest, bound, fraction)
    out.sides = [Side("part", f"how many {rest}", "part"), Side("whole", f"how many {whole}", "whole")]
    out.notes.append(f"the share of {rest!r} among {whole!r} {bound} {fraction:g}")
    return out


def _every_storey(plan: Plan, text: str, spans: list[tuple[int, int]], op: str, more: bool,
                  comparative: str | None, storeys: list[tuple[str, str]]) -> Frame | None:
    if plan.mentions or plan.rooms or len(storeys) < 2:
        return None
    noun = _STOREY_NOUN.search(_blank(text, spans))
    if noun is None and op != "same" and not (op == "rank" and _STOREY_NOUN.search(text)):
        return None  # ("the same on all floors", "rank levels by": the storeys were read with the operator)
    rest = _rest(text, spans + ([noun.span()] if noun is not None else []))
    measure, rest = _measure_of(rest, comparative, text)
    if measure != "count" and (comparative not in _SUPERLATIVES or not _MEASURE.search(text)):
        return None  # "which floor has the largest room": one room's size, not a total (a quantity must be named)
    if not rest and measure == "count":
        return None
    if op == "same":
        more = True
    out = Frame(op, more, measure, [], rest)
    for _, name in storeys:
        out.sides.append(Side(name, side_question("storey", name, measure, rest), "storey"))
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fmt(x: float) -> str:
    return f"{round(x, 3):g}"


def compose(frame: Frame) -> dict[str, Any]:
    """The answer keys of a frame whose every side was answered (``Side.value`` set): text, rule, the contract keys
    and which sides' elements to cite (``cite``: side indexes)."""
    sides = frame.sides
    unit = sides[0].unit or ""
    what = frame.rest if frame.measure == "count" else f"{frame.measure}" + (f" of the {frame.rest}" if frame.rest
                                                                            else "")
    shown = ", ".join(f"{s.name}: {_fmt(s.value or 0)}{(' ' + unit) if unit else ''}" for s in sides)
    out: dict[str, Any] = {"count": None, "value": None, "yes_no": None, "storeys": None, "cite": list(
        range(len(sides)))}
    values = [s.value or 0.0 for s in sides]
    asked = "count" if frame.measure == "count" else frame.measure
    rule = f"the {asked} of each side, asked alone ({'; '.join(repr(s.question) for s in sides)})"
    if frame.op in ("which", "most"):
        best = (max if frame.larger else min)(values)
        won = [i for i, v in enumerate(values) if abs(v - best) <= 1e-9 * max(1.0, abs(best))]
        word = ("more" if frame.measure == "count" else "larger") if frame.larger else \
            ("fewer" if frame.measure == "count" else "smaller")
        if frame.op == "most":
            word = ("the most" if frame.measure == "count" else "the largest") if frame.larger else \
                ("the fewest" if frame.measure == "count" else "the smallest")
        names = " and ".join(sides[i].name for i in won)
        tie = " (a tie)" if len(won) > 1 else ""
        text = f"{names} {'has' if len(won) == 1 else 'have'} {word} {what}{tie}: {shown}."
        kinds = {s.kind for s in sides}
        if kinds <= {"class", "qualified", "phrase"}:  # "more doors or windows on Level 1?": the class counted more
            text = f"{_capital(word)} {names}{(' ' + frame.rest) if frame.rest else ''}{tie}: {shown}."
        if kinds == {"storey"}:
            out["storeys"] = [sides[i].name for i in won]
        elif kinds == {"room"} and all(sides[i].guid for i in won):  # the answer is the winning room itself
            out["cite"], out["rooms"] = [], [sides[i].guid for i in won]
        else:
            out["cite"] = won
        return out | {"text": text, "rule": rule}
    if frame.op == "rank":
        order = sorted(range(len(sides)), key=lambda i: -values[i])
        text = f"Storeys by {what}, highest first: " + ", ".join(
            f"{sides[i].name}: {_fmt(values[i])}{(' ' + unit) if unit else ''}" for i in order) + "."
        return out | {"text": text, "rule": rule}
    a, b = values[0], values[1]
    if frame.op == "diff":
        d = a - b if frame.larger else b - a
        if frame.measure == "count":
            out["count"] = int(round(abs(d)))
            text = f"{out['count']}: {shown} (the difference of the two counts)."
        else:
            out["value"] = {"number": round(abs(d), 3), "unit": sides[0].unit, "op": "difference",
                            "quantity": frame.measure}
            text = f"{_fmt(abs(d))} {unit}: {shown} (the difference of the two)."
        return out | {"text": text, "rule": rule + ", subtracted"}
    if frame.op == "times":  # "the ratio of windows to doors", "how many times more": A / B
        if b == 0:
            return out | {"text": "", "rule": rule, "undefined": f"{sides[1].name} counts 0, so there is no ratio"}
        out["value"] = {"number": round(a / b, 3), "unit": None, "op": "ratio", "quantity": frame.measure}
        return out | {"text": f"{_fmt(a / b)} ({_fmt(a)} / {_fmt(b)}): {shown}.", "rule": rule + ", A / B"}
    if frame.op == "share":
        holds = _holds(frame.cmp, a, frame.factor * b)
        out["yes_no"] = holds
        out["cite"] = [0]
        text = (f"{'Yes' if holds else 'No'}: {int(a)} of {int(b)} ({_fmt(100 * a / b) if b else '0'}%) "
                f"— {frame.notes[0] if frame.notes else ''}.")
        return out | {"text": text, "rule": rule + f", share {frame.cmp} {frame.factor:g}"}
    if frame.op == "same":
        holds = len({round(v, 6) for v in values}) == 1
        out["yes_no"] = holds
        return out | {"text": f"{'Yes' if holds else 'No'}: {shown}.", "rule": rule + ", all equal"}
    if frame.op == "ratio":
        holds = _holds(frame.cmp, a, frame.factor * b)
        out["yes_no"] = holds
        text = f"{'Yes' if holds else 'No'}: {shown} ({_fmt(a)} {frame.cmp} {frame.factor:g} x {_fmt(b)} is {holds})."
        return out | {"text": text, "rule": rule + f", A {frame.cmp} {frame.factor:g} x B"}
    holds = a > b if frame.larger else a < b
    out["yes_no"] = holds
    text = f"{'Yes' if holds else 'No'}: {shown}."
    return out | {"text": text, "rule": rule + f", A {'>' if frame.larger else '<'} B"}


def _holds(op: str, a: float, b: float) -> bool:
    return {">": a > b + 1e-9, "<": a < b - 1e-9, ">=": a >= b - 1e-9, "<=": a <= b + 1e-9,
            "=": abs(a - b) <= 1e-9}[op]


def side_value(frame: Frame, side: Side) -> str | None:
    """Reads ``side.answer`` into ``side.value`` / ``side.unit``; the reason it cannot be used, or None."""
    answer = side.answer or {}
    if answer.get("declined"):
        reason = answer["declined"].get("reason", "not understood")
        return f"the side {side.name!r} ({side.question!r}) was declined: {reason}"
    plan = answer.get("plan") or {}
    if plan.get("intent") in ("compare", "most", "breakdown") or plan.get("threshold"):
        return f"the side {side.name!r} ({side.question!r}) is itself a comparison"
    if answer.get("storeys") is not None or answer.get("yes_no") is not None:
        return f"the side {side.name!r} ({side.question!r}) was read as a question about storeys or a yes/no"
    if side.scope and list(plan.get("storeys") or []) != [side.scope]:
        return f"the side {side.name!r} ({side.question!r}) was not read on that storey alone"
    if frame.measure == "count":
        n = answer.get("count")
        if not isinstance(n, int):
            return f"the side {side.name!r} ({side.question!r}) gave no count"
        side.value = float(n)
        return None
    value = answer.get("value") or {}
    number = value.get("number") if isinstance(value, dict) else None
    if not isinstance(number, (int, float)) or isinstance(number, bool):
        return f"the side {side.name!r} ({side.question!r}) gave no number"
    side.value, side.unit = float(number), value.get("unit")
    return None


def answer(ask: Any, question: str, plan: Plan, text: str, storeys: list[tuple[str, str]],
           spaces: list[tuple[str, str]],
           rows_of: Callable[[list[str]], list[dict[str, Any]]] | None = None) -> dict[str, Any] | None:
    """The composed answer to ``question`` (``ask``: the single-question machinery, ``SpatialQA.ask``), or None
    when it holds no comparison this module composes. A side that declines declines the whole, naming the side.
    ``rows_of`` makes the element rows of GlobalIds: a "which" between rooms cites the winning room itself."""
    bad_side = compared_sides.ungrounded(plan, text, _CMP.search(text) is not None)
    if bad_side is not None:  # round 22: a side held twice or grounded in nothing: nothing to choose between
        why, side_words = bad_side
        plan_dict = plan.to_dict() | {"intent": "declined"}
        plan_dict["declined"] = {"reason": why, "not_understood": side_words,
                                 "can_answer": "Name each side as one storey or one room of the model"}
        return {"question": question, "answer": f"I cannot answer this comparison: {why}, so nothing is listed.",
                "elements": [], "plan": plan_dict, "route": "composed", "timings_ms": {},
                "declined": plan_dict["declined"], "count": None, "value": None, "yes_no": None, "storeys": None,
                "rule": None}
    frame = find(plan, text, storeys, spaces)
    if frame is None:
        return None
    problems = []
    for side in frame.sides:
        side.answer = ask(side.question)
        problem = side_value(frame, side)
        if problem is not None:
            problems.append((side, problem))
    if frame.measure != "count" and not problems and len({s.unit for s in frame.sides}) != 1:
        problems.append((frame.sides[0], "the sides are measured in different units: "
                         + ", ".join(f"{s.name}: {s.unit}" for s in frame.sides)))
    plan_dict = plan.to_dict()
    plan_dict["composed"] = {"op": frame.op, "measure": frame.measure, "rest": frame.rest,
                             "sides": [{"name": s.name, "question": s.question, "value": s.value, "unit": s.unit}
                                       for s in frame.sides]}
    plan_dict["notes"] = [*plan_dict["notes"], f"comparison composed of {len(frame.sides)} single questions: "
                          + "; ".join(repr(s.question) for s in frame.sides)]
    rows: list[dict[str, Any]] = []
    out = compose(frame) if not problems else {}
    if out.get("undefined"):  # "the ratio of windows to doors" with no door
        problems.append((frame.sides[1], out["undefined"]))
    if problems:
        side, why = problems[0]
        words: list[str] = []
        for s, _ in problems:
            declined = (s.answer or {}).get("declined") or {}
            words += [w for w in declined.get("not_understood") or [] if w not in words]
        declined_keys = {"reason": why, "not_understood": words or [side.name],
                         "can_answer": "Ask about each side on its own, e.g. " + repr(side.question)}
        plan_dict["declined"] = declined_keys
        plan_dict["intent"] = "declined"
        text_out = f"I cannot answer this comparison: {why}, so nothing is listed."
        keys = {"declined": declined_keys, "count": None, "value": None, "yes_no": None, "storeys": None,
                "rule": None}
    else:
        seen: set[str] = set()
        if out.get("rooms") and rows_of is not None:  # "which room has more windows, A or B": the room is the answer
            rows.extend(rows_of(out["rooms"]))
            seen.update(out["rooms"])
        elif out.get("rooms"):
            out["cite"] = [i for i, s in enumerate(frame.sides) if s.guid in out["rooms"]]
        for i in out["cite"]:
            for row in (frame.sides[i].answer or {}).get("elements") or []:
                if row.get("guid") not in seen:
                    seen.add(row.get("guid"))
                    rows.append(row)
        plan_dict["declined"] = None
        plan_dict["intent"] = "compare"
        text_out = out["text"] + f" (rule: {out['rule']})"
        keys = {"declined": None, "count": out["count"], "value": out["value"], "yes_no": out["yes_no"],
                "storeys": out["storeys"], "rule": out["rule"]}
    return {"question": question, "answer": text_out, "elements": rows, "plan": plan_dict, "route": "composed",
            "timings_ms": {}, **keys}


def overrides(plan: Plan, text: str) -> bool:
    """Whether a plan the rules answered still needs composing: it compares counts where the question compares a
    quantity ("the difference in total room area between A and B"), or it answered whether any element passes its
    qualifiers where the question asks about their share ("are most of the walls load-bearing?")."""
    if _SHARE.search(text) and _YES_NO.search(text) and plan.intent in ("exists", "count", "list") and \
            plan.qualifiers and plan.threshold is None and not plan.rooms:
        return True
    if plan.intent in ("list", "count", "exists") and len(plan.qualifiers) == 2 and len(plan.classes) == 1 and \
            _CMP.search(text) and re.search(r"\b(?:or|oder|than|als)\b", text):  # "more load-bearing walls or
        return True  # external walls": two sides, never their intersection
    if plan.intent == "most" and plan.group_by == "storey" and len(plan.rooms) >= 2 and not plan.mentions and \
            _CMP.search(text) and not _STOREY_NOUN.search(text):  # "wohnen and kitchen, which one got more windows?":
        return True  # the two rooms are the sides chosen between, never the storeys holding them
    if plan.intent in ("list", "count", "exists") and _DIFF.search(text) and _DIFF_VERB.search(text) and len(
            [m for m in plan.mentions if m.storeys and not m.negated]) >= 2:  # "by how many doors do A and B differ"
        return True  # the difference of the two sides, never the elements of both
    rank = _RANK.search(text)
    if rank is not None and _STOREY_NOUN.search(rank.group(0)) and plan.group_by != "storey":
        return True  # "rank levels by room count": the storeys ranked, not the rooms
    if plan.intent in ("list", "count", "exists") and plan.threshold is None and plan.lookup is None and not \
            plan.resolved.get("each") and (_CMP.search(text) or _RATIO.search(text) or _RANK.search(text)) and \
            not plan.resolved.get("space_filter") and not plan.resolved.get("sum_threshold"):  # "what is bigger: the
        return True  # Küche or the Bad?" read as a list of both; a bound on a sum ("do A and B together have more
        # than 30 m²") is the plan's own yes/no
    return (plan.intent == "compare" and plan.measure is not None and not plan.compare_classes
            and not plan.resolved.get("compare_rooms") and bool(plan.compare) and plan.compare_op == "-"
            and bool(_DIFF.search(text)) and not _COUNTING.search(text))
