"""A class word followed by a parenthesised list of its kinds: "outlets (power, data, AV)", "lights (point source,
directional)", "Steckdosen (Schuko, Daten)".

Each item of the list is grounded as a kind of the class (``grounding.ground`` with the class as the head: a
predefined type of its enumeration, even one no element has, else a name or type name; abbreviations a list writes,
such as "AV", are spelled out from ``data/name_forms.json`` ``kind_abbreviations`` first). Then

* with "all" / "every" / "alle" / "sämtliche" before the class word, or "of any kind / of all types" between it and
  the list (round 10), the list glosses the class ("all outlets (power,
  data, AV)": every outlet, the list says what the asker counts as one): the class as it is, the rule saying so;
* otherwise the list names what is asked: the union of the listed kinds ("outlets (power and communication)": the
  POWEROUTLET and COMMUNICATIONSOUTLET ones), the rule naming them;
* items given as examples ("sanitary terminals like basins and baths", "such as", "e.g.", or a list ending "and so on"
  / "etc." / "usw.", round 11) are checked the same way and gloss the class: every element of it, the rule saying so;
* an item that grounds to nothing leaves the list unread, so the question declines naming those words (never the
  whole class).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, replace
from importlib import resources

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial import grounding
from ifcqa.spatial.classes import enumeration_values
from ifcqa.spatial.plan import ClassFilter

_PAREN = re.compile(r"\s*\((?P<body>[^()]{1,120})\)")
# "sanitary terminals like basins and baths", "such as", "e.g.", "z.B.": examples of the class, up to the place,
# verb or punctuation that ends them
_EXAMPLES = re.compile(r"\s*,?\s*(?:like|such\s+as|e\.\s?g\.?|for\s+example|for\s+instance|z\.\s?b\.?|"
                       r"wie\s+z\.\s?b\.?)\s+(?P<body>[^\W\d_][^()?!.;:]{0,100}?)"
                       r"(?=\s*,?\s+(?:on|in|im|auf|at|are|is|sind|ist|sit|sits|that|which|do|does|there)\b|"
                       r"\s*[?!.;:]|\s*,\s*$|\s*$)")
# "(basins, baths and so on)", "etc.", "usw.": the list gives examples, not every kind asked
_OPEN_TAIL = re.compile(r"\s*,?\s*(?:and\s+so\s+on|and\s+so\s+forth|etc\.?|usw\.?|u\.\s?a\.?|and\s+the\s+like|"
                        r"and\s+similar|or\s+similar|and\s+others|and\s+more|und\s+so\s+weiter|o\.\s?ä\.?)\s*$")
_SPLIT = re.compile(r"\s*(?:,|/|&|;|\+|\b(?:and|or|und|oder|sowie)\b)\s*")
# "outlets of any kind (power, data, TV)", "lights of all types (...)": the list glosses the class, as after "all"
_ANY_KIND = re.compile(r"\s+(?:of\s+)?(?:any|all|every|whatever)\s+(?:kinds?|types?|sorts?)(?:\s+of\s+them)?")
_ALL = re.compile(r"\b(?:all|every|each|alle[nrs]?|sämtliche[nr]?|jede[nrs]?)\s+(?:(?:the|of\s+the|die|der)\s+)?$")


def open_tail(text: str) -> bool:
    """Whether a list (its text, the closing parenthesis left out) ends "and so on", "etc.", "usw." ..."""
    return _OPEN_TAIL.search(text.rstrip(") ")) is not None


@functools.cache
def _abbreviations() -> dict[str, str]:
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath("name_forms.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.get("kind_abbreviations", {}).items() if not k.startswith("_")}


def _later_kind(words: list[str], head: ClassFilter) -> tuple[str, ...] | None:
    """The predefined types of the class that later IFC schemas name with every one of ``words`` ("data" ->
    DATAOUTLET), or None."""
    stems = [grounding.stem(w) for w in words]
    if not stems or any(len(s) < 4 for s in stems):
        return None
    names = head.classes + head.type_classes
    values = enumeration_values("IFC4", names) | enumeration_values("IFC4X3", names)
    found = tuple(sorted(v for v in values if all(s in v.casefold().replace("_", "") for s in stems)))
    return found or None


@dataclass
class Listed:
    """What a parenthesised list after a class word was read as."""

    start: int  # the list's span in the text (parentheses included)
    end: int
    filter: ClassFilter  # the class (a gloss) or the union of the listed kinds
    rule: str
    gloss: bool


def read(index: ModelIndex, text: str, class_end: int, class_start: int, head: ClassFilter) -> Listed | None:
    """The list right after the class word ending at ``class_end``, grounded against ``head``; None when there is
    no list or one of its items names no kind of the class (the caller leaves the words unread: a decline)."""
    found = _PAREN.match(text, class_end)
    any_kind = _ANY_KIND.match(text, class_end) if found is None else None  # round 10: "outlets of any kind (...)"
    if any_kind is not None:
        found = _PAREN.match(text, any_kind.end())
    examples = found is None and (found := _EXAMPLES.match(text, class_end)) is not None
    if found is None:
        return None
    start = class_end if any_kind is not None else found.start()
    body = found.group("body")
    tail = _OPEN_TAIL.search(body)
    if tail is not None:
        body = body[:tail.start()]
    items = [i.strip() for i in _SPLIT.split(body) if i.strip()]
    if len(items) < 1 or any(not re.search(r"[^\W\d_]", i) for i in items):
        return None
    groundings: list[tuple[str, str, ClassFilter]] = []
    for item in items:
        words = _abbreviations().get(item.casefold(), item).split()
        got = grounding.ground(index, words, head, whole=False)
        if got is not None and got.filter is not None:
            groundings.append((got.term, got.rule, got.filter))
            continue
        later = _later_kind(words, head)  # "data" outlets in an IFC2X3 file: IFC4's DATAOUTLET, none here
        if later is None:
            return None
        groundings.append((item, f"predefined type {' or '.join(later)} (a kind of a later IFC schema; none in "
                                 "this file)", replace(head, predefined=later, enumerated=later, names=(),
                                                       type_names=())))
    if any_kind is not None or _ALL.search(text[:class_start]):
        rule = (f"all {head.label}: the list ({', '.join(items)}) read as what the class covers, "
                f"every {head.label[:-1] if head.label.endswith('s') else head.label} counted")
        return Listed(start, found.end(), replace(head, note=rule), rule, True)
    if examples or tail is not None:  # kinds given as examples ("like ...", "... and so on"): the whole class
        rule = (f"all {head.label}: {', '.join(items)} read as examples of the class (each one of its kinds), "
                f"every {head.label[:-1] if head.label.endswith('s') else head.label} counted")
        return Listed(start, found.end(), replace(head, note=rule), rule, True)
    filters = [f for _, _, f in groundings]
    predefined = tuple(sorted({p for f in filters for p in f.predefined}))
    names = tuple(sorted({n for f in filters for n in f.names}))
    type_names = tuple(sorted({n for f in filters for n in f.type_names}))
    every_enumerated = all(f.predefined and f.enumerated for f in filters)
    enumerated = tuple(sorted({v for f in filters for v in f.enumerated})) if every_enumerated else ()
    label = f"{' / '.join(items)} {head.label}"
    rule = f"{head.label} of the listed kinds: " + "; ".join(f"{term!r}: {how}" for term, how, _ in groundings)
    union = replace(head, label=label, kind="grounded:" + " / ".join(items), predefined=predefined,
                    enumerated=enumerated, names=names, type_names=type_names, note=rule + ".")
    return Listed(found.start(), found.end(), union, rule, False)
