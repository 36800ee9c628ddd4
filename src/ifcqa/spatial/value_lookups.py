"""One value of a named thing asked the short way (round 16, look16): "entrance door width mm", "Level 2
elevation m", "height - mm pls", "Level 2 - at which height?", "how high up is 1. OG", "wie hoch liegt das EG".

:func:`rewrite` runs before the storey-attribute and lookup passes and puts these forms into the order those
passes read, so the value is read, converted and stated exactly as for the plain question:

* a bare length unit right after a length attribute word ("width mm", "elevation - m", "floor-to-floor, cm pls")
  is the unit the answer is asked in: read as "in <unit>" (``units_asked`` then converts with the model's unit,
  or declines a unit of another kind); a unit after a number ("wider than 1 m") is a quantity and stays;
* a question where a storey *lies* ("at what height does X sit", "X - at which height?", "how high up is X", "wie
  hoch liegt X") asks the storey's Elevation: read as "what is the elevation of X", only when X is one of the
  model's storeys (``storeys``: the parser's storey-name patterns) or a storey word ("1. OG", "level 7": the
  lookup then resolves it or declines it), so "at what height is the window" is left to the lookup as it was.

:func:`check` runs on the finished plan: a lookup whose subject is elements named by their name or GlobalId and
whose unit was of another kind ("the width of EG-Fenster-7 in kg") declines naming the unit, as every other
lookup does (the named-element path cleared the earlier decline and dropped the mismatch).
Words and forms are data (``data/value_lookup_words.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ifcqa.spatial import singular_asked

if TYPE_CHECKING:
    from ifcqa.spatial.plan import Plan

_DATA = "value_lookup_words.json"
# "wider than 1 m": a quantity, no unit asked ("storey height level 1 - mm": the dash sets the unit apart)
_NUMBER_BEFORE = re.compile(r"(?<![\w-])\d+(?:[.,]\d+)?\s*$")
_ARTICLE = re.compile(r"^(?:the|das|der|die|dem|den)\s+")


@dataclass(frozen=True)
class _Words:
    bare_unit: re.Pattern[str]
    unit_last: re.Pattern[str]
    attrs: re.Pattern[str]
    storey_words: re.Pattern[str]
    storey_forms: tuple[tuple[re.Pattern[str], str], ...]


def _alternatives(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@cache
def _words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath(_DATA).read_text(encoding="utf-8"))
    units = json.loads(resources.files("ifcqa.spatial.data").joinpath("unit_words.json").read_text(encoding="utf-8"))
    lengths = [w for spec in units["units"].values() if spec["kind"] == "length" for w in spec["words"]]
    attrs = _alternatives(raw["unit_after"]) + "|h(?:ö|oe|o)he|geschossh(?:ö|oe|o)he|h(?:ö|oe|o)henlage"
    closers = _alternatives(raw["closers"])
    bare = re.compile(
        rf"\b(?P<attr>{attrs})(?P<gap>\s*[-–:,]\s*|\s+)(?P<unit>{_alternatives(lengths)})"
        rf"(?=\s*(?:(?:{closers})\b|[?!.)]|$))", re.IGNORECASE)
    last = re.compile(rf"(?P<gap>\s*[-–:,]\s*|\s+)(?P<unit>{_alternatives(lengths)})"
                      rf"(?=\s*(?:(?:{closers})\b\s*)?[?!.)]*\s*$)", re.IGNORECASE)
    forms = tuple((re.compile(f.replace(" ", r"\s+").replace("{x}", r"(?P<x>[\w./' -]+?)") +
                              r"(?P<end>\s*(?:in\s+\w+)?\s*[?!.]*\s*(?:$|[,;]|\s(?:thanks|thx|please|pls|bitte)\b))",
                              re.IGNORECASE), read_as)
                  for f, read_as in raw["storey_elevation"])
    return _Words(bare, last, re.compile(rf"\b(?:{attrs})\b", re.IGNORECASE),
                  re.compile(raw["storey_words"], re.IGNORECASE), forms)


def rewrite(plan: Plan, text: str, storeys: Iterable[tuple[object, re.Pattern[str]]]) -> str:
    """``text`` (normalised) with a bare unit after a length word read as "in <unit>" and a storey's position
    asked in other words read as "what is the elevation of <storey>"; the plan's notes say what was read."""
    notes = plan.notes
    words = _words()
    written = text
    found = words.bare_unit.search(text)
    if found is not None:  # the attribute word right before the unit: no number is in between
        notes.append(f"read {found.group(0).strip()!r} as {found.group('attr')!r} asked in {found.group('unit')!r}")
        text = text[:found.start("gap")] + f" in {found.group('unit')}" + text[found.end():]
    else:
        found = words.unit_last.search(text)
        if found is not None and words.attrs.search(text[:found.start()]) \
                and not re.search(r"(?:\bin|\bim|\bhow\s+(?:many|much))(?:\s+(?:square|cubic|sq|quadrat|kubik))?\s*$",
                                  text[:found.start()]) \
                and (not _NUMBER_BEFORE.search(text[:found.start()]) or found.group("gap").strip()):
            notes.append(f"read {found.group(0).strip()!r} ending the question as the unit asked")
            text = text[:found.start()] + f" in {found.group('unit')}" + text[found.end():]
    if text != written:  # "the width of the door mm": the singular read on the unit's own words (see check)
        plan.resolved["value_text"] = text
    patterns = [p for _, p in storeys]
    for start in (m.start() for m in re.finditer(r"\b\w", text)):  # "quick one - level 2 - at which height"
        for form, read_as in words.storey_forms:
            match = form.match(text, start)
            if match is None:
                continue
            storey = _ARTICLE.sub("", match.group("x").strip(" '"))
            if not any(p.fullmatch(storey) for p in patterns) and not words.storey_words.fullmatch(storey):
                continue
            notes.append(f"read {match.group(0).strip()!r} as the elevation of the storey {storey!r}")
            if re.search(r"\b(?:what|which)\b[^?]*$", text[:start]):  # "what's DG's elevation": asked already
                read_as = read_as.replace("what is the ", "")
            return text[:start] + read_as.format(x=storey) + match.group("end") + text[match.end():]
    return text


def check(plan: Plan) -> None:
    """On the finished lookup plan: "the door" asked with a bare unit after it ("width of the door mm") presumes
    one door as when written "in mm" (``singular_asked`` read on the rewritten words); a lookup of named elements
    asked in a unit of another kind is declined naming the unit (never answered in the model's unit as if the
    unit had not been written)."""
    from ifcqa.spatial.parser import _CLASS_KEYS, _decline

    if plan.declined is not None or plan.intent != "lookup" or plan.lookup is None:
        return
    rewritten = plan.resolved.get("value_text")
    if rewritten and "singular" not in plan.lookup and not plan.lookup.get("layer"):
        singular = singular_asked.find(rewritten, _CLASS_KEYS.__contains__)  # "width of the door mm": one door
        if singular is not None and any(c.key == _CLASS_KEYS[singular] for c in plan.classes):
            plan.lookup["singular"] = singular
    mismatch = plan.resolved.get("unit_mismatch")
    if mismatch is None:
        return

    written, kind, said, term = mismatch
    term = term.replace("_", " ")
    article = "an" if said and said[0] in "aeiou" else "a"
    what = f"'{term}' is {article + ' ' + said if said else 'no quantity with a unit'}"
    _decline(plan, f"the answer is asked in '{written}', a unit of {kind}, and {what}", [written],
             f"Ask for it in a unit of {said} (or without a unit)." if said else "Ask without a unit.")
