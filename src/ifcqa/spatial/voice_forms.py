"""Requests in another voice: naming forms, superlatives said around the noun, notes, conditionals (round 19).

People who write in a second language, in a hurry or in notes say a request the parser knows in another shape
(``bench/spatial/voice_forms.py``, written first). :func:`canonical` reads, on the normalised question, by structure
(the phrases live in ``data/voice_forms.json``):

- a **naming form**: "the storey called X", "the floor named X", "the level which is called X", "storey 'X'",
  "das Geschoss namens X", "mit dem Namen X": X itself, ONLY when X is a storey of the model (its Name, or its
  LongName, read as its Name); any other X declines naming it (never the nearest storey);
- a **superlative said around the noun**: "on which floor the number of X is highest", "in which storey the X are
  the most", "the floor where are the most X, which one is?": "which storey has the most X";
- a **note**: "material windows EG" is "material of windows EG"; "nr of X" is "number of X"; "X S - number?" /
  "X S how many" / "S: X count?" is "how many X S"; a storey named like a class after the class ("windows Roof")
  is the storey;
  "X S list pls" is "list X S"; a closing "pls" / "thx" is a courtesy.

:func:`conditional` finds a conditional sentence or clause after the request: one about the answer only ("If there
are none the electrician needs no extra visit.") may be set aside by the caller when the rest of it names nothing;
one about the elements ("if they are older than ten years ...") states a condition the model cannot ground.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ifcqa.spatial.word_patterns import alternation


@lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("voice_forms.json").read_text(encoding="utf-8"))
    return data


def _alt(items: Iterable[str]) -> str:
    return alternation(items, group=True)


@dataclass
class Read:
    """The text with the voice forms read, a note per rewrite, and a decline (reason, words) when a named storey is
    none of the model's."""

    text: str
    notes: list[str] = field(default_factory=list)
    decline: tuple[str, list[str]] | None = None


_QUOTE = "['\"\u2018\u2019\u201c\u201d\u201e]"


def _naming(r: Read, storeys: Mapping[str, str], shown: Sequence[str]) -> None:
    """"the storey called X" / "storey 'X'": X when it is a storey of the model; else a decline naming X."""
    w = _words()
    noun = _alt(w["storey_nouns"])
    how = _alt(w["naming_words"])
    names = sorted(storeys, key=len, reverse=True)
    known = "(?:" + "|".join(re.escape(n) for n in names) + ")" if names else "(?!)"
    head = rf"(?P<art>\b(?:the|a|dem|das|der|die|den)\s+)?\b(?P<noun>{noun})\s*,?\s+"
    place = r"\b(?:on|in|at|of|auf|im|in|vom|von)\s+(?:the\s+|dem\s+|das\s+)?"  # "on storey 'X'" (a quote alone)
    named = re.compile(rf"{head}(?:(?P<how>{how})\s*:?\s+(?P<q>{_QUOTE})?|(?P<q2>{_QUOTE}))(?P<x>{known})"
                       rf"(?P<q3>{_QUOTE})?(?!\w|\.\w)")
    out = r.text
    found = named.search(out)
    if found is not None and (found["q2"] is None or found["q3"] is not None):
        german = found["noun"] in ("geschoss", "stockwerk", "etage", "ebene")
        keep = found["art"] if german and found["art"] else ""
        name = storeys[found["x"]]
        r.text = out[: found.start()] + keep + name + out[found.end():]
        r.notes.append(f"naming form read: '{found.group(0).strip()}' as the storey {name!r}")
        return
    # a naming form whose name is no storey of the model: declined naming it
    other = re.compile(rf"{head}(?:(?P<how>{how})\s*:?\s+(?P<q>{_QUOTE})?(?P<x>[^,;?!()\"'\u201c\u201d]+?)"
                       rf"(?:{_QUOTE})?(?=\s*(?:[,;?!()]|\.(?:\s|$)|\s+(?:bitte|please|pls|and|und|auflisten|"
                       rf"aufzählen|nennen|zeigen|auf|how|which|wie)\b|$))|(?P<q2>{_QUOTE})(?P<y>[^'\"\u2018\u2019"
                       rf"\u201c\u201d]+){_QUOTE})")
    found = other.search(out)
    if found is not None:
        said = (found["x"] or found["y"] or "").strip()
        if said and said not in storeys:
            if found["q2"] is not None and not re.search(rf"{place}{_STOREY_NOUN}\s*,?\s*$", out[: found.start("q2")]):
                return  # "the floor 'Finish Floor'": a quote after a noun alone may be a type's name
            r.decline = (f"'{said}' is named as a storey, but the model has no storey of that name (it has "
                         f"{', '.join(shown or sorted(set(storeys.values())))})", [said])


_STOREY_NOUN = r"(?:storey|story|floor|level|geschoss|stockwerk|etage|ebene)"


def _superlatives(r: Read) -> None:
    most = _alt(_words()["most_words"])
    thing = r"(?P<x>[^\W\d_][^,;:.?!()]*?)"
    shapes = [
        # "on which floor (is) the number of X (is) highest"
        rf"\b(?:(?:on|in|at)\s+)?which\s+{_STOREY_NOUN}\s+(?:is\s+|has\s+)?the\s+(?:number|count|amount|quantity)\s+"
        rf"of\s+(?:the\s+)?{thing}\s+(?:is\s+)?{most}\b",
        # "in which storey the X are the most"
        rf"\b(?:(?:on|in|at)\s+)?which\s+{_STOREY_NOUN}\s+(?:the\s+)?{thing}\s+(?:are|is)\s+(?:the\s+)?most"
        r"(?:\s+many)?\b",
        # "the floor where are the most X, which one is?"
        rf"\bthe\s+{_STOREY_NOUN}\s+(?:where|in\s+which|on\s+which)\s+(?:are|is|there\s+are|we\s+have)\s+the\s+most\s+"
        rf"{thing}\s*,?\s*which\s+(?:one\s+)?(?:is|it\s+is)\b(?:\s+it)?",
    ]
    for shape in shapes:
        found = re.search(shape, r.text)
        if found is None:
            continue
        r.text = r.text[: found.start()] + f"which storey has the most {found['x'].strip()}" + r.text[found.end():]
        r.notes.append(f"superlative read: '{found.group(0).strip()}' as 'which storey has the most "
                       f"{found['x'].strip()}'")
        return


_ASKING = re.compile(r"\b(?:how|which|what|where|who|when|why|is|are|do|does|did|can|could|has|have|list|show|give|"
                     r"tell|count|name|find|wie|welche\w*|was|wo|gibt|sind|ist|hat|haben|zeig\w*|nenn\w*|liste\w*|"
                     r"zähl\w*)\b")


def _notes(r: Read, is_class: Callable[[str], bool] | None) -> None:
    w = _words()
    props = [p for p in w["note_properties"] if not p.endswith(" of")]
    found = re.match(rf"^\s*(?P<p>{_alt(props)})\s+(?:the\s+|all\s+)?(?P<c>[^\W\d_][\w-]*)\b", r.text)
    if found is not None and is_class is not None and is_class(found["c"]):  # "material windows EG"
        r.text = r.text[: found.end("p")] + " of" + r.text[found.end("p"):]
        r.notes.append(f"note read: '{found['p']} {found['c']}' as '{found['p']} of {found['c']}'")
    abbreviations = [a for a in w["count_abbreviations"] if a != "number of"]
    out = re.sub(rf"(?<![\w.])(?:{_alt(abbreviations)})(?=\s)", "number of", r.text)
    if out != r.text:
        r.notes.append("note read: 'nr of' as 'number of'")
        r.text = out
    closer = _alt(w["note_closers"])
    text = re.sub(rf"(?:\s*[,-]?\s*\b{closer})+\s*([?.!]*)\s*$", r"\1", r.text)
    body = text.rstrip(" ?.!")
    if _ASKING.search(body):
        return  # a request of its own: its closers are the voice frames' (voice_frames.py)
    count_tail = re.match(rf"^(?P<b>[^\W\d_].*?)\s*(?:[-:,]\s*)?\b{_alt(w['count_tails'])}\s*[?.!]*$", body)
    count_head = re.match(rf"^(?P<s>[^:]+?)\s*:\s*(?P<b>[^\W\d_].*?)\s+{_alt(w['count_tails'])}\s*[?.!]*$", body)
    list_tail = re.match(rf"^(?P<b>[^\W\d_].*?)\s*(?:[-:,]\s*)?\b{_alt(w['list_tails'])}\s*[?.!]*$", body)
    if is_class is None or not any(is_class(x) for x in re.findall(r"[^\W\d_][\w-]*", body)):
        count_head = count_tail = list_tail = None  # a note of no class ("area level 1 - number?"): left as written
    if count_head is not None:
        r.text = f"how many {count_head['b']} on {count_head['s']}?"
        r.notes.append(f"note read: '{body}' as '{r.text}'")
    elif count_tail is not None:
        r.text = f"how many {count_tail['b']}?"
        r.notes.append(f"note read: '{body}' as '{r.text}'")
    elif list_tail is not None:
        r.text = f"list {list_tail['b']}"
        r.notes.append(f"note read: '{body}' as '{r.text}'")
    elif text != r.text and re.search(r"[^\W\d_]", text):
        r.notes.append("note read: a closing courtesy ('pls', 'thx') set aside")
        r.text = text


_REL = r"(?:which|what|who|that)"
# between the class word and a relative: no verb or conjunction ("doors on Level 1 what are", never "rooms have
# windows and what is their area")
_VERBS = frozenset({"is", "are", "was", "were", "have", "has", "had", "do", "does", "did", "and", "or", "but", "also",
                    "then", "so", "can", "could", "will", "would", "there"})
_RELATIVES = [  # (pattern, replacement): a relative clause after a class word in non-native grammar
    (rf"\b{_REL}\s+they\s+(?=(?:are|is)\b)", "that "),  # "doors which they are external"
    (rf"\b{_REL}\s+(?:is|are)\s+not\s+having\b", "that do not have"),  # "rooms which are not having windows"
    (rf"\b{_REL}\s+(?:is|are)\s+having\b", "that have"),
    (rf"\b{_REL}\s+(?P<v>is|are)\s+being\b", "that \\g<v>"),  # "which are being external"
    (r"\b(?:which|what|who)\s+(?P<v>is|are)\b", "that \\g<v>"),  # "walls which is load bearing", "doors what are"
]


def _relatives(r: Read, is_class: Callable[[str], bool]) -> None:
    """A relative clause in non-native grammar after a class word ("doors what are external", "walls which is load
    bearing", "rooms which are not having windows"): the relative the parser reads ("that are", "that do not
    have"); the words of the clause are kept."""
    w = _words()
    for pattern, repl in _RELATIVES:
        for found in reversed(list(re.finditer(pattern, r.text))):
            clause = re.split(r"[,;:.?!()]|\s-\s", r.text[: found.start()])[-1]
            words = re.findall(r"[^\W\d_][\w-]*", clause)
            last = max((i for i, x in enumerate(words) if is_class(x)), default=None)
            if last is None or _VERBS.intersection(words[last + 1:]):
                continue  # "which is the biggest room", "rooms have windows and what is ...": no relative
            said = found.group(0)
            new = re.sub(pattern, repl, said)
            r.text = r.text[: found.start()] + new + r.text[found.end():]
            r.notes.append(f"relative read: '{said}' as '{new}'")
    for said, meant in w["word_orders"].items():
        out = re.sub(rf"\b(?:that|which|who|what)\s+(?:are|is)\s+{re.escape(said)}\b", f"that are {meant}", r.text)
        if out != r.text:
            r.notes.append(f"relative read: '{said}' as '{meant}'")
            r.text = out


def _storey_after_class(r: Read, storeys: Mapping[str, str], is_class: Callable[[str], bool]) -> None:
    """A note naming a storey whose name is a class word too right after the class asked, at the note's end
    ("count windows Roof pls"): the storey ("windows on roof"), never a second class."""
    after = _alt(_words()["note_closers"] + _words()["note_properties"])
    for name in sorted({n for n in storeys.values() if is_class(n)}, key=len, reverse=True):
        found = re.search(rf"\b(?P<c>[^\W\d_][\w-]*)\s+(?P<s>{re.escape(name)})(?=\s*(?:[,;:?!.]|$|\s+-\s|\s+"
                          rf"(?:{after}|how|list|count|number)\b))", r.text)
        if found is not None and is_class(found["c"]) and found["c"] != name:
            r.text = r.text[: found.end("c")] + " on" + r.text[found.end("c"):]
            r.notes.append(f"note read: '{found.group(0)}' as '{found['c']} on {found['s']}' (the storey)")
            return


def canonical(text: str, storeys: Mapping[str, str], shown: Sequence[str] = (),
              is_class: Callable[[str], bool] | None = None) -> Read:
    """``text`` (normalised) with the voice forms of the module doc read; ``storeys`` maps each storey Name and
    LongName of the model (normalised) to the Name (normalised); ``shown`` the names as the model writes them."""
    r = Read(text)
    _naming(r, storeys, shown)
    if r.decline is not None:
        return r
    _superlatives(r)
    if is_class is not None:
        _relatives(r, is_class)
        _storey_after_class(r, storeys, is_class)
    _notes(r, is_class)
    return r


@dataclass(frozen=True)
class Conditional:
    """A conditional after the request: its words as written (``said``), the request without it (``rest``), what it
    says besides the answer phrase (``words``), and whether its condition is about the answer only."""

    said: str
    rest: str
    words: str
    about_answer: bool


_IF = re.compile(r"(?:^|(?<=[.?!;,])|(?<=\s-))\s*(?P<c>(?:if|wenn|falls)\b[^.?!;]*[.?!]*)\s*$", re.I)
_ON_ELEMENTS = re.compile(r"^(?:if|wenn|falls)\s+(?:they|these|those|some|any\s+of\s+them|the\s+[^\W\d_]+|sie|diese)"
                          r"\s+(?:are|is|were|have|has|need|sind|haben|ist)\b", re.I)


def conditional(question: str) -> Conditional | None:
    """The conditional sentence or clause ending ``question`` (as written) after a request, or None."""
    found = _IF.search(question)
    if found is None or found.start("c") == 0:
        return None
    said = found["c"].strip()
    rest = question[: found.start("c")].rstrip(" ,;-")
    if not re.search(r"[^\W\d_]", rest):
        return None
    low = " ".join(said.casefold().split())
    answer = re.match(rf"{_alt(_words()['condition_answers'])}(?![\w])", low)
    if answer is not None:
        # the consequence's subject a person ("the electrician needs no extra visit"): no class it names
        words = re.sub(rf"\b(?:the|our|my|a|an|der|die|unser|unsere)\s+{_alt(_words()['people'])}\b", " ",
                       low[answer.end():])
        return Conditional(said, rest, " ".join(words.split()).strip(" ,.?!"), True)
    if _ON_ELEMENTS.match(low):
        return Conditional(said, rest, low, False)
    return None
