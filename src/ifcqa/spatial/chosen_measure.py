"""A measure or aggregate asked of a storey or room a superlative chooses (issue 22, round 15 scope15).

"how many square metres has the floor with the most rooms", "How big is the level with the most doors?", "average
room size on the level with the fewest doors", "Wie groß ist das Geschoss mit den meisten Räumen?", "How big is the
largest storey?". Round 14's :mod:`ifcqa.spatial.chosen_scope` composes a choice only where the rules' plan declined
or the choice follows a preposition ("the doors ON the floor with the most rooms"). Without the preposition the
rules read the measure over the class of the choice ("the doors' area") or over THE WHOLE MODEL ("Total GSA BIM Area
of the 21 spaces in the model": the superlative dropped, a confident broader answer). Two rules, called from
``chosen_scope`` (one line each):

- :func:`asks_measure`: a storey chosen by a count ("the floor with the most rooms") or by its size ("the largest
  storey"), or a room chosen by a count ("the room with the most doors"), whose question asks a measure or an
  aggregate (the closed-class words of ``data/chosen_measure_words.json``: area, square metres, how big, volume,
  length, average, total, Fläche, wie groß, Durchschnitt ...) is always composed: the chooser picks one storey or
  room (a tie or nothing to rank declines, as in round 14), the measure is asked of it, and the answer states both
  rules. A room chosen by its own size ("the area of the largest room") stays the rules' own question.
- :func:`off_scope`: the composed part must be asked of the chosen storey. A chosen storey whose name the rules read
  as something else ("How big is Roof?" read as the roof element of Duplex) is named again as "the Roof storey"
  (:func:`storey_forms`); a part still answered over the whole model or another storey declines, naming the chosen
  storey: never an answer over another scope.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from ifcqa.spatial.word_patterns import alternation


@cache
def _words() -> dict[str, Any]:
    text = resources.files("ifcqa.spatial.data").joinpath("chosen_measure_words.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def measured(text: str) -> bool:
    """Whether ``text`` asks a measure or an aggregate: a measure word, or a German compound ending in one
    ("Gesamtfläche", "Raumgröße")."""
    w = _words()
    words = set(w["words"])
    endings = tuple(w["compound_endings"])
    for token in re.findall(r"\bm[²³23](?!\w)|[^\W\d_]+", text.lower()):
        if token in words or (len(token) > 6 and token.endswith(endings)):
            return True
    return any(re.search(p, text, re.IGNORECASE) for p in w["phrases"])


def asks_measure(choice: Any) -> bool:
    """Whether the choice (a ``chosen_scope.Choice``) is composed because its question asks a measure of it."""
    if choice.how not in ("with", "size"):
        return False
    if choice.how == "size" and choice.kind != "storey":
        return False  # "the area of the largest room": the largest area, the rules' own question
    return measured(choice.rest.replace("{scope}", " "))


def storey_forms(name: str) -> list[str]:
    """The ways to name a chosen storey in the part asked of it, tried in order: its name, then "the <name>
    storey" (a storey named like a class, Duplex's "Roof", reads as that class alone)."""
    return [name, f"the {name} storey"]


def off_scope(got: dict[str, Any], scope: str) -> str | None:
    """Why the part asked of the chosen storey ``scope`` was not answered of it (None when it was, or declined)."""
    if got.get("declined"):
        return None
    plan = got.get("plan") or {}
    storeys = [s for s in plan.get("storey_names") or [] if s]
    if scope in storeys:
        return None
    if not storeys:
        return f"asked of {scope}, the rules read it over the whole model ({scope!r} was not read as that storey)"
    return f"asked of {scope}, the rules read it over {', '.join(storeys)}"


def _alt(words: Iterable[str]) -> str:
    return alternation(words)


@cache
def _holder_pattern() -> re.Pattern[str]:
    from ifcqa.spatial import chosen_scope

    cs, w = chosen_scope._words(), _words()
    return re.compile(
        rf"(?<![\w])(?:{_alt(cs['determiners'])})\s+(?P<noun>{_alt(cs['storey_nouns'])})\s*,?\s+"
        rf"(?:{_alt(w['holder_links'])})\s+(?P<room>[^,;:?!()]+?)(?:\s+(?:{_alt(w['holder_ends'])}))?"
        r"(?=\s*[,;:?!()]|\s*\.(?:\s|$)|\s*$|\s+[-–]\s|\s+(?:and|und|have|has|hat|got|pls|please|bitte)\b)",
        re.IGNORECASE)


def holder(question: str) -> Any:
    """A storey chosen by the room it holds ("how big is the floor where room A205 is", "the doors on the level with
    the kitchens", "average room size on the floor with room A205"), as a ``chosen_scope.Choice`` asked "which floor
    is <room> on" (:func:`holder_ok` keeps it only when that reads a room), or None. Before round 15 the storey word
    was dropped and the room itself measured ("Total GSA BIM Area of the 1 spaces named like 'room A205'")."""
    from ifcqa.spatial import chosen_scope

    m = _holder_pattern().search(question)
    if m is None:
        return None
    room = m.group("room").strip()
    words = re.findall(r"[^\W_]+", room.lower())
    if not words or set(words) & set(_words()["holder_not"]) or words[0].isdigit():
        return None  # "the floor with 8 doors", "the level with more than 5 doors": a count, not a room
    rest = question[:m.start()] + "{scope}" + question[m.end():]
    rest, fronted = chosen_scope._pronouns_after(rest)
    return chosen_scope.Choice("storey", question[m.start():m.end()], f"which floor is {room} on", rest, "holds",
                               "fronted" if fronted else "with")


def holder_ok(choice: Any, chosen: dict[str, Any]) -> bool:
    """Whether the chooser of a storey chosen by what it holds read a room (a class or anything else: not ours)."""
    return choice.superlative != "holds" or bool((chosen.get("plan") or {}).get("rooms"))
