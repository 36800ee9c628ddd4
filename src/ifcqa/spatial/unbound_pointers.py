"""A place pointed at but not taken up: the last check before an answer (issue 22, round 22).

"Yes, only the Kitchen. ... how many windows does that room have?" was answered "7 windows in the model": a pass
that binds pointers put a blank where "that room" stood, and nothing noticed that the question's place was gone.
Every pass that reads a pointer ("that room", "this floor", "those two levels", "dort", "in there") either binds it
(the plan then holds a storey, a room or a storey-naming mention) or declines; this check holds them to it. When
the question points at a place with a demonstrative and the plan holds no place at all (no storey, excluded storey,
room, storey mention, comparison side, named element or lookup), the plan declines naming the pointer. Articles
("der Raum", "the floor") are not pointers here: they name a place the other passes read or decline.

The same holds for a place the question names outright (:func:`dropped_place`): a storey or room name of the model
said in the question while the plan holds no place means a pass lost it, and the answer would be the whole model's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ifcqa.spatial.plan import Plan

_POINTER = re.compile(
    r"\b(?:that|this|those|these|both\s+of\s+those|dieses?|diesem|diesen|dieser)\s+(?:(?:two|three|zwei|drei)\s+)?"
    r"(?:storeys?|story|stories|floors?|levels?|rooms?|spaces?|geschoss\w*|stockwerk\w*|etage\w*|ebene\w*|"
    r"zimmer[n]?|r(?:a|ä)ume?n?)\b|\b(?:in\s+there|up\s+there|down\s+there|da\s+drin|dort|darin)\b",
    re.IGNORECASE)


def _has_place(plan: Plan) -> bool:
    return bool(plan.storeys or plan.exclude or plan.rooms or plan.compare or plan.every_storey or plan.elements
                or plan.lookup is not None
                or any(m.storeys and not m.how.startswith("alias:all") for m in plan.mentions))  # not "in total"


def unbound(plan: Plan) -> str | None:
    """The pointer at a place the question says and the plan did not take up (None: none, or the plan has a
    place)."""
    if plan.declined is not None or _has_place(plan):
        return None
    found = _POINTER.search(plan.question)
    return found.group(0) if found is not None else None


_GENERIC = frozenset({"room", "rooms", "space", "spaces", "raum", "zimmer", "storey", "floor", "level", "default",
                      "unnamed", "none"})


def place_names(storeys: Iterable[str], spaces: Iterable[str | None]) -> tuple[str, ...]:
    """The model's storey and space names a question may say (folded; three letters or more, not only digits, not a
    generic room or storey noun), longest first."""
    from ifcqa.spatial.vocabulary import CLASS_WORDS  # a name that is a class word ('Roof') is read as either

    out = {" ".join(n.casefold().split()) for n in (*storeys, *spaces) if n}
    return tuple(sorted((n for n in out if len(n) >= 3 and not n.isdigit() and n not in _GENERIC
                         and n not in CLASS_WORDS
                         and re.search(r"[^\W\d_]", n)), key=lambda n: (-len(n), n)))


def dropped_place(question: str, plan: Plan, names: tuple[str, ...]) -> str | None:
    """A storey or room of the model ``question`` (as asked, before any pass rewrote it) names when the plan holds
    no place at all (None: none, or the plan has a place): "We are re-tiling Bad and Empfang. How many square
    metres is that in total?" answered with every room's total. Whatever named the place (a scope, a pointer's
    antecedent) was not taken up."""
    if plan.declined is not None or _has_place(plan) or plan.intent == "unanswerable" or plan.asks_storey:
        return None  # "Which storey is the boiler on? Last year I went up to the Dachgeschoss": the place is asked
    text = " ".join(question.casefold().split())
    for name in names:
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            return name
    return None
