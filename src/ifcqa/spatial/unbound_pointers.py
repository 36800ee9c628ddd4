"""A place pointed at but not taken up: the last check before an answer (issue 22, round 22).

"Yes, only the Kitchen. ... how many windows does that room have?" was answered "7 windows in the model": a pass
that binds pointers put a blank where "that room" stood, and nothing noticed that the question's place was gone.
Every pass that reads a pointer ("that room", "this floor", "those two levels", "dort", "in there") either binds it
(the plan then holds a storey, a room or a storey-naming mention) or declines; this check holds them to it. When
the question points at a place with a demonstrative and the plan holds no place at all (no storey, excluded storey,
room, storey mention, comparison side, named element or lookup), the plan declines naming the pointer. Articles
("der Raum", "the floor") are not pointers here: they name a place the other passes read or decline.
"""

from __future__ import annotations

import re

from ifcqa.spatial.plan import Plan

_POINTER = re.compile(
    r"\b(?:that|this|those|these|both\s+of\s+those|dieses?|diesem|diesen|dieser)\s+(?:(?:two|three|zwei|drei)\s+)?"
    r"(?:storeys?|story|stories|floors?|levels?|rooms?|spaces?|geschoss\w*|stockwerk\w*|etage\w*|ebene\w*|"
    r"zimmer[n]?|r(?:a|ä)ume?n?)\b|\b(?:in\s+there|up\s+there|down\s+there|da\s+drin|dort|darin)\b",
    re.IGNORECASE)


def _has_place(plan: Plan) -> bool:
    return bool(plan.storeys or plan.exclude or plan.rooms or plan.compare or plan.every_storey or plan.elements
                or plan.lookup is not None or any(m.storeys for m in plan.mentions))


def unbound(plan: Plan) -> str | None:
    """The pointer at a place the question says and the plan did not take up (None: none, or the plan has a
    place)."""
    if plan.declined is not None or _has_place(plan):
        return None
    found = _POINTER.search(plan.question)
    return found.group(0) if found is not None else None
