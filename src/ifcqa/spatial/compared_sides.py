"""Whether every side of a comparison is one thing of the model (issue 22, round 22 cmp22).

A comparison chooses between its sides ("Wohnen or Kitchen - more windows?", "more windows on that floor or on
Level 2?"): each side must name exactly one storey or one room of the model, else there is nothing to choose
between and any answer is broader than asked (main listed the windows of both "Living Room"s and both "Kitchen"s,
or the windows of Level 2 alone). :func:`ungrounded` reads the sides the parser grounded and the words that join
them as alternatives (``data/compared_sides.json``) and names what cannot be a side:

- **a room side held twice**: two or more rooms are compared and a room term names more than one space (the Duplex
  has a "Living Room" in each unit): which one is meant is not said;
- **a place side grounded in nothing**: "on A or on B" / "in A vs in B" where the parser grounded one place and the
  other place phrase is none of the storeys or rooms it read ("that floor", "the basement" in a model without one).

Only comparisons are judged (a comparative word and a join of alternatives); the caller (:func:`ifcqa.spatial.
compose.answer`) declines naming the words. Nothing is set aside here.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from ifcqa.spatial.plan import Plan


@cache
def _words() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/compared_sides.json").read_text("utf-8"))
    return data


def _alt(phrases: list[str]) -> str:
    return "(?:" + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in sorted(phrases, key=len,
                                                                                           reverse=True)) + ")"


@cache
def _places() -> re.Pattern[str]:
    """ "on A or on B": the two place phrases, each after a place word, joined as alternatives."""
    w = _words()
    place, join = _alt(w["place_words"]), _alt(w["joins"])
    stop = "|".join(re.escape(s) for s in w["side_end"])
    return re.compile(rf"(?<![\w])(?P<pa>{place})\s+(?P<a>[^?!,;:]+?)\s+{join}\s+(?P<pb>{place})\s+"
                      rf"(?P<b>[^?!,;:]+?)(?=\s*(?:{stop})|\s*$)")


def joined(text: str) -> bool:
    """Whether ``text`` joins two things as alternatives ("A or B", "A vs B", "A compared to B")."""
    return re.search(rf"(?<![\w]){_alt(_words()['joins'])}(?![\w])", text) is not None


def ungrounded(plan: Plan, text: str, comparative: bool) -> tuple[str, list[str]] | None:
    """(why, the words) when a side of the comparison in ``text`` (normalised) is not one thing of the model, else
    None; ``comparative``: whether the question holds a comparative word (else it is no comparison)."""
    if not comparative:
        return None
    rooms = [r for r in plan.rooms if not r.negated]
    if len(rooms) >= 2 and joined(text) or len(rooms) >= 2 and re.search(r"\bwhich\b", text):
        twice = [r for r in rooms if len(r.guids) > 1]
        if twice:
            r = twice[0]
            return (f"{r.term!r} names {len(r.guids)} rooms of this model (which one is compared is not said)",
                    [r.term for r in twice])
    m = _places().search(text)
    if m is None:
        return None
    known = [t.casefold() for t in [*(x.term for x in plan.mentions if x.storeys), *(r.term for r in rooms
                                                                                    if len(r.guids) == 1)]]
    sides = [m["a"].strip(), m["b"].strip()]
    found = [any(k and (k == s.casefold() or re.search(rf"(?<![\w]){re.escape(k)}(?![\w])", s.casefold()))
                 for k in known) for s in sides]
    if all(found) or not any(found):
        return None  # both grounded (the comparison reads them), or neither (no place comparison read here)
    side = sides[found.index(False)]
    return f"the side {side!r} of the comparison is none of this model's storeys or rooms", [side]
