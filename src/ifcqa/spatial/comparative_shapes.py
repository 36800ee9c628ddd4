"""Comparatives, thresholds and inclusion / exclusion phrases said in other words (issue 22, round 18).

``bench/spatial/comparative_forms.py`` (written first) found questions whose plan the parser can say but whose
WORDING it did not read: a comparative noun or verb ("which of the two floors is having the bigger number of
doors?", "which level holds the greater count of windows", "die größere Anzahl an Fenstern"), a threshold in other
words ("over 100 doors", "more than a dozen", "no more than twenty ..., correct?"), a total over storeys said by
inclusion words ("counting both floors", "Level 1 plus Level 2", "EG & OG"), and a part said to be included in or
left out of a count ("including the corridor", "Flur mitgerechnet", "not counting the heat pump itself", "(Küche
nicht mitgezählt)"). :func:`spell_out` runs once on the normalised question (right after ``two_sided``) and spells
each shape in the form the existing passes read, naming each rewrite in the plan's notes:

- "the greater / bigger / larger / higher number (count, amount) of X" is "more X" (smaller / lower: "fewer X"),
  and a verb before more / fewer ("holds", "is having", "contains") is "has"; German "die größere Anzahl an X" is
  "mehr X" and "ist die Anzahl der X größer" is "gibt es mehr X";
- a number written in words after a threshold word or a room noun is its digits ("a dozen" 12, "room three"
  room 3); "over / above / in excess of N X" is "more than N X" and "no more than N" "at most N" ONLY before a
  class or room word (never before a unit: "over 20 m²" stays the qualifier passes'); ", correct?" is ", right?";
- "A plus B", "A + B", "A & B" between two of the model's storeys is "A and B"; "counting both floors" (all three
  floors ...) is the model's storeys by name ONLY when the model has exactly that many, else the question declines
  saying how many storeys the model has;
- "including R" / "R mitgerechnet" / "(R included)": R is one of what the request already counts, so nothing
  changes, but it is CHECKED: R must be a room of the model, the request must count rooms, and each space R names
  must be on the storeys the request names (or the whole model), else the question declines naming R and why;
  "including the X" of a class in a count of every element is checked the same way (X is one of them);
- "not counting R" / "R nicht mitgezählt" / "excluding R" / "R ausgenommen" / "(R not included)" is "except R"
  (the set difference the exclusion passes compute and state in the answer; an R they cannot ground declines);
  "R itself" / "R selbst" is R;
- a chooser ("which one", "welches von beiden") with no sides said ("which one has more area?") or with sides and
  nothing to choose by ("Küche or Bad, which one?", round 23) declines naming the chooser.

Nothing is dropped: every rewrite keeps the part it is about (a side, a threshold, an included or excluded part)
for the passes after to ground, or declines naming it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

_WORDS: dict[str, Any] = json.loads(
    resources.files("ifcqa.spatial").joinpath("data/comparative_shape_words.json").read_text("utf-8"))


def _alt(key: str) -> str:
    """The phrases of ``data/comparative_shape_words.json`` under ``key`` as one regex group, longest first."""
    return _alt_of(_WORDS[key])


def _alt_of(phrases: Iterable[str]) -> str:
    ordered = sorted(phrases, key=len, reverse=True)
    return "(?:" + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered) + ")"


_NUMBERS: dict[str, int] = {k.casefold(): int(v) for k, v in _WORDS["number_words"].items()}
_NUMBER_WORD = _alt_of(_NUMBERS)
_THRESHOLD = _alt("threshold_words")
_COUNT_NOUN = _alt("count_nouns")
_ART = r"(?:(?:the|a|an|die|der|den|dem|das|des)\s+)?"
_END = r"(?=\s*(?:[,;:.?!()]|\s-\s|$))"  # the end of a clause or of the text
_PART = r"(?P<r>[^\W\d_][^,;.?!()]*?)"  # what an inclusion or exclusion is about: one clause's words


@dataclass
class Shapes:
    """What :func:`spell_out` read: the rewritten text, a note per rewrite, and a decline (reason, words) when a
    part said could not be grounded."""

    text: str
    notes: list[str] = field(default_factory=list)
    decline: tuple[str, list[str]] | None = None


@dataclass(frozen=True)
class Model:
    """What the shapes consult in the model: its storey names (normalised, in the model's order), whether a word
    is a class word, and the storey names of the spaces a room phrase names (None: no space)."""

    storeys: Sequence[str]
    is_class: Callable[[str], bool]
    room_storeys: Callable[[str], list[str] | None]
    shown: Sequence[str] = ()  # the storey names as the model writes them (for the answer), in the same order
    class_on: Callable[[str, list[str]], bool] | None = None  # whether a class word has elements on the storeys

    def show(self, names: Iterable[str]) -> str:
        labels = dict(zip(self.storeys, self.shown, strict=False))
        return ", ".join(labels.get(n, n) for n in dict.fromkeys(names))


def _num(word: str) -> str:
    return str(_NUMBERS[re.sub(r"\s+", " ", word.casefold())])


def _subject_ahead(text: str, start: int, is_class: Callable[[str], bool]) -> bool:
    """Whether a class or room word follows ``start`` (within two words): "over 6 doors", "above 12 exterior
    doors"; never a unit ("over 20 m²")."""
    first = re.match(r"\s*([^\s,;:?!()]+)", text[start:])
    if first is None or first.group(1) in _WORDS["units"]:
        return False
    words = re.findall(r"[^\W\d_][\w-]*", text[start:start + 60])[:3]
    rooms = set(_WORDS["room_subjects"]) | set(_WORDS["element_subjects"])
    return any(is_class(w) or w in rooms for w in words[:3])


def _numbers(s: Shapes, is_class: Callable[[str], bool]) -> None:
    text = s.text
    # a number word after a threshold word: "more than a dozen", "mehr als zwanzig"
    out = re.sub(rf"\b(?P<t>{_THRESHOLD})\s+(?P<n>{_NUMBER_WORD})\b(?!\s+(?:of|von)\b)",
                 lambda m: f"{m['t']} {_num(m['n'])}", text)
    # "twenty or more doors"
    out = re.sub(rf"(?<![\w.])(?P<n>{_NUMBER_WORD})\s+(?=or\s+(?:more|fewer|less)\b|oder\s+mehr\b)",
                 lambda m: f"{_num(m['n'])} ", out)
    # "room three", "Raum sechs"
    out = re.sub(rf"\b(?P<r>{_alt('room_nouns')})\s+(?P<n>{_NUMBER_WORD})\b", lambda m: f"{m['r']} {_num(m['n'])}",
                 out)
    if out != text:
        s.notes.append("comparative shape read: a number written in words (after a threshold word or a room noun)")
    text = out

    def threshold(repl: str) -> Callable[[re.Match[str]], str]:
        return lambda m: f"{repl} {m['n']}" if _subject_ahead(text, m.end(), is_class) else m.group(0)

    # "does the number of windows exceed 10?": "are there more than 10 windows?"
    out = re.sub(rf"^(?:does|do|will)\s+the\s+(?:total\s+)?(?:number|count)\s+of\s+(?P<x>[^?]+?)\s+"
                 rf"{_alt('exceed_verbs')}\s+(?P<n>\d+)\b", lambda m: f"are there more than {m['n']} {m['x']}", text)
    if out != text:
        s.notes.append('comparative shape read: "does the number of X exceed N" as "are there more than N X"')
        text = out
    for key, repl in (("at_most", "at most"), ("at_least", "at least"), ("more_than", "more than"),
                      ("fewer_than", "fewer than")):
        out = re.sub(rf"\b{_alt(key)}\s+(?P<n>\d+)\b", threshold(repl), text)
        if out != text:
            s.notes.append(f'comparative shape read: "{key.replace("_", " ")}" said in other words')
            text = out
    if re.search(rf"\b(?:{_THRESHOLD}|more|fewer|less|mehr|weniger)\b", text):
        out = re.sub(rf"\s*,?\s*\b{_alt('right_tails')}\s*(?P<q>\?)\s*$", r", right?", text)
        if out != text:
            s.notes.append('comparative shape read: ", correct?" as ", right?"')
            text = out
    # "windows: more than 50?", "Level 1 doors - at least 5, right?": the topic is what the threshold counts
    topic = re.match(r"^(?P<x>[^:;,?!-]+?)\s*(?::|\s-)\s*(?P<t>more than|fewer than|less than|at least|at most|"
                     r"mehr als|weniger als|mindestens|höchstens)\s+(?P<n>\d+)(?P<end>\s*(?:[,?!.].*)?)$", text)
    if topic is not None and any(is_class(w) for w in topic["x"].split()):
        text = f"are there {topic['t']} {topic['n']} {topic['x'].strip()}{topic['end']}"
        s.notes.append('comparative shape read: "X: more than N?" as "are there more than N X?"')
    s.text = text


def analytic(text: str) -> str:
    """``text`` with "more big", "more bigger", "most big", "the most biggest" (round 19) read as the adjective's
    comparative / superlative ("bigger", "biggest"); "more many" is "more" (also the text a composed comparison
    splits, ``Parser.comparison_text``)."""
    forms: dict[str, list[str]] = _WORDS["analytic_comparatives"]
    said = {w: pair for adj, pair in forms.items() for w in (adj, *pair)}
    return re.sub(rf"\b(?P<m>more|most)\s+(?P<a>{_alt_of(said)})\b",
                  lambda m: said[m["a"]][0 if m["m"] == "more" else 1], text)


def _analytic(s: Shapes) -> None:
    out = analytic(s.text)
    if out != s.text:
        s.notes.append('comparative shape read: "more big" / "most big" as "bigger" / "biggest"')
        s.text = out


def _comparatives(s: Shapes) -> None:
    _analytic(s)
    text = s.text
    more, fewer = _alt("more_adjectives"), _alt("fewer_adjectives")
    out = re.sub(rf"\b(?:the\s+|a\s+)?(?P<adj>{more}|{fewer})\s+{_COUNT_NOUN}\s+of\s+(?:the\s+)?",
                 lambda m: "more " if re.fullmatch(more, m["adj"]) else "fewer ", text)
    if out != text:
        out = re.sub(r"\b(?P<c>more|fewer)\b(?P<x>[^?.!,;]*?)\s+than\s+of\s+", r"\g<c>\g<x> than ", out)
    de_more, de_fewer, de_noun = _alt("german_more"), _alt("german_fewer"), _alt("german_count_nouns")
    out = re.sub(rf"\b(?:die\s+|eine\s+)?(?P<adj>{de_more}|{de_fewer})\s+{de_noun}\s+(?:an|von|der)?\s*",
                 lambda m: "mehr " if re.fullmatch(de_more, m["adj"]) else "weniger ", out)
    out = re.sub(rf"\bdie\s+(?P<adj>gr(?:ö|oe|o)(?:ß|ss)te|h(?:ö|oe)chste|kleinste|geringste|niedrigste)\s+{de_noun}"
                 r"\s+(?:an|von|der)?\s*",
                 lambda m: "die meisten " if m["adj"][0] in "gh" else "die wenigsten ", out)
    # "auf welchem Geschoss ist die Anzahl der Fenster größer": "gibt es mehr Fenster"
    out = re.sub(rf"\b(?:auf|in)\s+welche[mr]\s+[^\W\d_]+\s+ist\s+die\s+{de_noun}\s+(?:der|an|von)\s+"
                 r"(?P<x>[^\W\d_]+)\s+(?P<adj>gr(?:ö|oe|o)(?:ß|ss)er|h(?:ö|oe)her|kleiner|geringer)\b",
                 lambda m: f"which storeys have {'mehr' if m['adj'][0] in 'gh' else 'weniger'} {m['x']}", out)
    if out != text:
        s.notes.append('comparative shape read: "the greater number of X" as "more X"')
        text = out
    out = re.sub(rf"\b{_alt('has_verbs')}\s+(?=(?:more|fewer)\b)", "has ", text)
    out = re.sub(rf"\b{_alt('german_has_verbs')}\s+(?=(?:mehr|weniger|die\s+meisten|die\s+wenigsten|die\s+gr\S+\s+"
                 r"(?:anzahl|zahl|menge))\b)", "hat ", out)
    out = re.sub(rf"\b{_alt('have_verbs')}\s+(?=(?:more|fewer)\b)", "have ", out)
    if out != text:
        s.notes.append('comparative shape read: "holds / contains / is having more" as "has more"')
        text = out
    # "more doors then windows": "then" for "than" after a comparative, in the same clause
    out = re.sub(rf"\b(?P<c>{_alt('comparatives')})\b(?P<x>[^,;:.?!]*?)\s+then\s+(?=[^\W\d_]|\d+\.?\s*[^\W\d_])",
                 r"\g<c>\g<x> than ", text)  # (round 19: "then 1.OG", a storey's name starting with a digit)
    if out != text:
        s.notes.append('comparative shape read: "more X then Y" as "more X than Y"')
        text = out
    s.text = text


def _storey_alt(storeys: Iterable[str]) -> str | None:
    names = sorted((n for n in storeys if n), key=len, reverse=True)
    return "(?:" + "|".join(re.escape(n) for n in names) + ")" if names else None


_HOW_MANY = {"both": 2, "two": 2, "beide": 2, "three": 3, "drei": 3}


def _totals(s: Shapes, model: Model) -> None:
    alt = _storey_alt(model.storeys)
    ref = rf"(?:{alt + '|' if alt else ''}{_alt('storey_nouns')}|{_alt('storey_ordinals')})"
    join = "(?:" + "|".join(rf"\s*{re.escape(j)}\s*" if not j[0].isalpha() else rf"\s+{_alt_of([j])}\s+"
                            for j in _WORDS["storey_joins"]) + ")"
    # "A + B", "A plus B", "1. & 2. Obergeschoss", "the first floor together with the second": two storey references
    right = rf"(?:{ref}\b|\d+\.|\d+(?=\s*(?:[,:;?!)]|$|{_alt('storey_nouns')}\b)))"
    out = re.sub(rf"(?P<a>(?<![\w.]){ref}\b|(?<![\w.])\d+\.){join}(?=(?:the\s+|das\s+|dem\s+|im\s+)?{right})",
                 lambda m: f"{m['a']} and ", s.text)
    if out != s.text:
        s.notes.append('comparative shape read: "A plus / + / & / together with B" (two storeys) as "A and B"')
        s.text = out
    both = re.search(rf"(?:\s*,\s*|\s*\(\s*|\s+-\s+|\s+)(?P<w>{_alt('both_named')})\s*\)?{_END}", s.text)
    # "A and B, both counted" (round 19): restates the two storeys named, else left unread
    if both is not None and re.search(rf"\b{_alt('both_storeys')}\b", s.text) is None:
        rest = s.text[: both.start()] + s.text[both.end():]
        if len(_named_storeys(rest, model)) == 2:
            s.text = rest
            s.notes.append(f"comparative shape read: '{both['w']}' restates the two storeys named")
            return
    found = re.search(rf"\b{_alt('both_storeys')}\b", s.text)
    if found is None:
        return
    n = next(v for k, v in _HOW_MANY.items() if re.search(rf"\b{k}\b", found.group(0)))
    storeys, rest = list(model.storeys), s.text[: found.start()] + s.text[found.end():]
    if len(_named_storeys(rest, model)) == n:  # "on Level 1 and on Level 2, counting both floors" (round 19)
        s.text = re.sub(r"\s+,", ",", (s.text[: found.start()].rstrip(" ,") + " " + s.text[found.end():].lstrip(" ,"))
                        ).strip()
        s.notes.append(f"comparative shape read: '{found.group(0)}' restates the {n} storeys named")
        return
    if len(storeys) != n:
        # the storeys holding the kind asked, when exactly that many do ("radiators, counting both floors" in a house
        # whose radiators are on EG and OG only)
        kinds = [w for w in re.findall(r"[^\W\d_][\w-]*", rest) if model.is_class(w)]
        holding = [st for st in storeys if kinds and model.class_on is not None
                   and any(model.class_on(w, [st]) for w in kinds)]
        if len(holding) != n:
            held = f", and {len(holding)} of them hold {' / '.join(kinds)}" if kinds and model.class_on else ""
            s.decline = (f"'{found.group(0)}' speaks of {n} storeys, but the model has {len(storeys)} "
                         f"({model.show(storeys)}){held}; name the storeys to count", [found.group(0)])
            return
        storeys = holding
    german = bool(re.search(r"geschoss|etage|stockwerk", found.group(0)))
    named = alt is not None and re.search(rf"\b{alt}\b", rest)
    if named:
        said = ""
    elif german:
        said = " im " + " und ".join(storeys)
    else:
        said = " on " + " and ".join(storeys)
    s.text = (s.text[: found.start()].rstrip() + said + " " + s.text[found.end():].lstrip(" ")).strip()
    s.text = re.sub(r"^\s*,\s*", "", re.sub(r"\s+,", ",", s.text))
    s.notes.append(f"comparative shape read: '{found.group(0)}' as the {n} storeys {model.show(storeys)}")


def _named_storeys(text: str, model: Model) -> list[str]:
    """The model's storeys ``text`` names (longest names first, each place read once)."""
    named: list[str] = []
    for name in sorted((n for n in model.storeys if n), key=len, reverse=True):
        pattern = rf"(?<![\w.]){re.escape(name)}(?![\w])"
        if re.search(pattern, text):
            named.append(name)
            text = re.sub(pattern, " ", text)
    return named


def _clean(part: str) -> str:
    part = re.sub(rf"\s+{_alt('itself')}$", "", part.strip())
    return re.sub(rf"^(?:(?:with|mit)\s+)?{_ART}", "", part).strip()


def _itself(s: Shapes) -> None:
    """"except the heat pump itself", "außer der Wärmepumpe selbst": the excluded thing; "what is there apart from
    X": what is in the model apart from X."""
    excl = _alt("exclusion_words")
    out = re.sub(rf"\b(?P<x>{excl}\s+[^,;.?!()]*?)\s+{_alt('itself')}{_END}", r"\g<x>", s.text)
    out = re.sub(rf"^\s*{_alt('inventory_there')}\s+(?=(?:{excl})\b)", "what is in the model ", out)
    if out != s.text:
        s.notes.append('comparative shape read: "X itself" after an exclusion word as X')
        s.text = out


def _exclusions(s: Shapes, model: Model) -> None:
    german = bool(re.search(r"\b(?:wie|viele|gibt|hat|anzahl|im|der|die|das|räume)\b", s.text))
    alt = _storey_alt(model.storeys)  # a storey's name read whole ("1.og not counted", round 19)
    part = _PART if alt is None else _PART.replace("(?P<r>", rf"(?P<r>(?<![\w.]){alt}(?![\w])|", 1)
    front = re.compile(rf"^\s*(?P<art>{_ART}){part}\s+{_alt('exclude_after')}\s*[,:;-]\s*(?P<rest>.+)$")
    found = front.search(s.text)  # "die Wärmepumpe selbst ausgenommen, wie viele Bauteile gibt es?"
    if found is not None and not re.fullmatch(_alt("nothing"), _clean(found["r"])):
        part = _clean(found["r"])
        rest = found["rest"].rstrip()
        mark = rest[-1] if rest[-1] in "?.!" else ""
        said = f" ausser {part}" if german else f", excluding {found['art'] or ''}{part}"
        s.text = rest[: len(rest) - len(mark)] + said + mark
        s.notes.append(f"comparative shape read: '{found.group(0)[: found.start('rest')].strip(' ,:;-')}' as "
                       f"'except {part}'")
        return
    after = re.compile(rf"(?:\s*,\s*|\s*\(\s*|\s+-\s+)(?P<art>{_ART}){part}\s+{_alt('exclude_after')}\s*\)?{_END}")
    before = re.compile(rf"(?:\s*,\s*|\s*\(\s*|\s+){_alt('exclude_before')}\s+(?P<art>{_ART}){part}\s*\)?{_END}")
    for pattern in (after, before):
        found = pattern.search(s.text)
        if found is None or re.fullmatch(_alt("nothing"), _clean(found["r"])):
            continue
        part = _clean(found["r"])
        said = f" ausser {part}" if german else f", excluding {found['art'] or ''}{part}"
        if not german and part in model.storeys:  # "(Roof not counting)": the storey, as "without counting the Roof"
            said = f", excluding the ones on {part}"  # reads it (a storey's name that is a class word too, round 19)
        s.text = s.text[: found.start()] + said + s.text[found.end():]
        s.notes.append(f"comparative shape read: '{found.group(0).strip(' ,()')}' as 'except {part}'")
        return


def _inclusions(s: Shapes, model: Model) -> None:
    after = re.compile(rf"(?:\s*,\s*|\s*\(\s*|\s+-\s+){_ART}{_PART}\s+{_alt('include_after')}\s*\)?{_END}")
    before = re.compile(rf"(?:\s*,\s*|\s*\(\s*|\s+){_alt('include_before')}\s+{_ART}{_PART}\s*\)?{_END}")
    for pattern in (after, before):
        found = pattern.search(s.text)
        if found is None or re.search(r"\bnicht\s*$|\bnot\s*$", found["r"]) or re.fullmatch(_alt("nothing"),
                                                                                        _clean(found["r"])):
            continue
        if re.match(r"(?:their|its|his|her|ihre[mnrs]?|seine[mnrs]?)\b", found["r"]):
            continue  # "the doors including their widths": what to show, read by the lookup passes
        part = _clean(found["r"])
        rest = s.text[: found.start()] + s.text[found.end():]
        said = found.group(0).strip(" ,()-")
        ones = re.fullmatch(r"ones\s+(?:on|in|at)\s+(?:the\s+)?(?P<st>.+)", part)
        kinds = [w for w in re.findall(r"[^\W\d_][\w-]*", rest) if model.is_class(w)]
        if ones is not None and ones["st"] in model.storeys and kinds and model.class_on is not None:
            # "how many windows, including the ones on the roof": the kind asked has elements there, nothing changes
            if not any(model.class_on(w, [ones["st"]]) for w in kinds):
                s.decline = (f"'{said}': there are no {' / '.join(kinds)} on {model.show([ones['st']])}", [said])
                return
            s.notes.append(f"comparative shape read: '{said}': they are among the {' / '.join(kinds)} counted")
            s.text = rest
            return
        rooms_asked = re.search(rf"\b{_alt('room_subjects')}\b", rest) is not None
        elements_asked = re.search(rf"\b{_alt('element_subjects')}\b", rest) is not None
        alt = _storey_alt(model.storeys)
        asked = [n for n in model.storeys if alt is not None and re.search(rf"\b{re.escape(n)}\b", rest)]
        if model.is_class(part) and elements_asked:
            if model.class_on is not None and not model.class_on(part, asked):
                s.decline = (f"'{said}': there are no {part} {'on ' + model.show(asked) if asked else 'in the model'}"
                             f", so they are not among the elements asked", [said])
                return
            s.notes.append(f"comparative shape read: '{said}': {part} are among the elements counted, nothing changes")
            s.text = rest
            return
        where = model.room_storeys(part)
        if where is None:
            s.decline = (f"'{part}' in '{said}' is no room of the model I can find", [part])
            return
        if not rooms_asked:
            s.decline = (f"'{said}': {part} is a room, but the request does not count rooms, so I cannot tell what "
                         f"including it adds", [said])
            return
        if asked and not set(where) & set(asked):  # none of the spaces R names is on the storeys asked
            s.decline = (f"'{said}': {part} is on {model.show(where)}, not among the rooms asked (on "
                         f"{model.show(asked)})", [said])
            return
        s.notes.append(f"comparative shape read: '{said}': {part} is one of the rooms counted, nothing changes")
        s.text = rest
        return


def _statement_asked(s: Shapes, model: Model) -> None:
    """"Level 1 has more doors than Level 2?", "the Keller have more doors then the EG?": a statement with a question
    mark is its yes/no question ("does Level 1 have more doors than Level 2?")."""
    alt = _storey_alt(model.storeys)
    subject = rf"(?:(?:the\s+)?{alt}|{_alt('model_subjects')})" if alt else _alt("model_subjects")
    # "the GroundFloor, does it have more doors than ...": the subject said before, "it" pointing back at it
    out = re.sub(rf"^(?P<s>{subject})\s*[,:-]\s*(?:does|do)\s+(?:it|this\s+one|that\s+one)\s+(?:have|contain|hold)\s+"
                 r"(?=(?:more|fewer)\b)", lambda m: f"does {m['s']} have ", s.text)
    out = re.sub(rf"^(?P<s>{subject})\s+(?:has\s+got|has|have|got)\s+(?=(?:more|fewer)\b[^?]*\bthan\b[^?]*\?\s*$)",
                 lambda m: f"does {m['s']} have ", out)
    if out != s.text:
        s.notes.append('comparative shape read: "A has more X than B?" as "does A have more X than B?"')
        s.text = out
    # round 22 (cmp22): "valves more than pumps?", "doors fewer than windows, yes or no?": two class words and the
    # comparative between them, no verb: the yes/no question "are there more A than B?" (each word stays a side)
    two = re.match(r"^(?P<a>[^\W\d_]+)\s+(?P<c>more|fewer|less)\s+than\s+(?P<b>[^\W\d_]+)(?=\s*(?:[,-]\s*)?"
                   r"(?:(?:yes\s+or\s+no|true\s+or\s+false|right|correct)\s*)?\?)", s.text)
    if two is not None and model.is_class(two["a"]) and model.is_class(two["b"]) and two["a"] != two["b"]:
        s.text = f"are there {two['c']} {two['a']} than {two['b']}" + s.text[two.end():]
        s.notes.append('comparative shape read: "A more than B?" (two classes) as "are there more A than B?"')


def _chooser_without_sides(s: Shapes) -> None:
    """"which one has more area?" with no sides said: nothing to choose between (main answered the total area of
    every space), declined naming the chooser."""
    said = rf"(?:more|fewer|less|mehr|weniger|{_alt('more_adjectives')}|{_alt('fewer_adjectives')}|" \
        r"grö(?:ß|ss)er|kleiner)"
    # only a chooser standing alone before its verb ("which of the two levels" names its sides: storey sets)
    found = re.match(rf"^\s*(?P<w>{_alt('choosers')})\b(?=\s+(?:is|are|has|have|got|hat|ist|sind|haben)\b)"
                     rf"(?=[^?]*\b{said}\b)", s.text)
    if found is None or re.search(rf"\b{_alt('side_words')}(?!\w)|[(/]", s.text[found.end():]):
        return
    s.decline = (f"'{found['w']}' chooses between two things, but the question does not say which two",
                 [found["w"]])


def _chooser_without_criterion(s: Shapes) -> None:
    """"Küche or Bad, which one?": two things said, a chooser closing the question, and nothing to choose by (main
    listed both rooms), declined naming the chooser."""
    found = re.search(rf"\b(?:or|oder)\b[^?]*?[,:;-]\s*(?P<w>{_alt('choosers')})\s*\?*\s*$", s.text)
    if found is not None:
        s.decline = (f"'{found['w']}' chooses between the things named, but the question does not say by what "
                     "(more of which elements, a larger area, ...)", [found["w"]])


def spell_out(text: str, model: Model) -> Shapes:
    """``text`` (normalised) with the shapes of the module docstring spelled out (see :class:`Shapes`)."""
    s = Shapes(text)
    _chooser_without_sides(s)
    if s.decline is None:
        _chooser_without_criterion(s)
    if s.decline is not None:
        return s
    _comparatives(s)
    _statement_asked(s, model)
    # "which of the two is larger: A or B": "which is larger: A or B" ("the two" is no storey nor quantity)
    out = re.sub(r"\b(?P<w>which|welche[rs]?)\s+(?:one\s+)?(?:of|von)\s+(?:the\s+|den\s+)?(?:two|both|beiden)"
                 r"(?=\s+(?:is|are|has|have|got|contains?|holds?|ist|hat)\b)", r"\g<w>", s.text)
    if out != s.text:
        s.notes.append('comparative shape read: "which of the two is X: A or B" as "which is X: A or B"')
        s.text = out
    _numbers(s, model.is_class)
    _totals(s, model)
    if s.decline is None:
        _itself(s)
        _exclusions(s, model)
        _inclusions(s, model)
    return s


_CHOOSER_FRAME = re.compile(r"(?i)\b(?P<w>which|welche[rs]?)\s+(?:one\s+)?(?:of|von)\s+(?:the\s+|den\s+)?"
                            r"(?:two|both|beiden)\s+(?P<q>(?:is|are|has|have|got|ist|hat)\s+[^:;?!.()]+?)\s*:\s+(?=[^\W\d_]|\d)")


def join_chooser(question: str) -> str:
    """``question`` (as written) with "which of the two is larger: A or B?" joined as "which is larger, A or B?" (else
    the message reader takes the part before the colon for a topic, and the sides, asked alone, read "the two" as
    a storey)."""
    return _CHOOSER_FRAME.sub(lambda m: f"{m['w']} {m['q']}, ", question)
