"""Two names of one room side by side: "the doors of B201 (the hallway)", "Bad (Raum 0.12)", "B201, the hallway".

The second name says which room the first one is, so the room meant is the one both names fit (their
intersection), never every room either name fits: "B201 (the hallway)" read as "B201 or any hallway" lists the
doors of every hallway. When no room fits both names the question is declined, naming the two, rather than
answering for either one alone.

A room word right before a name is one too: "the corridor Flur EG Eingang" is the corridor named so (round 19),
never every corridor and that one.

A comma stands for an apposition only before an article and when no list goes on after the second name ("B201,
the hallway, and the kitchen" and "B201, the hallway, the kitchen" are lists of three).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ifcqa.index import ModelIndex
from ifcqa.spatial.resolve import Room

# between the two names: an opening parenthesis (an article may follow), or a comma or dash and an article
_BETWEEN = re.compile(r"\s*(?:(?P<paren>\()\s*(?:(?:the|a|die|der|das|i\.\s?e\.,?|namely|also)\s+)?|"
                      r"[,–—-]\s*(?:the|die|der|das)\s+)$", re.I)
_CLOSE = re.compile(r"\s*\)")
_COORDINATED = re.compile(r"\s*,?\s*\b(?:and|or|und|oder|as well as|sowie)\b", re.I)
_NEXT_IN_LIST = re.compile(r"\s*,\s*(?:(?:the|die|der|das)\s+)?$", re.I)


def join(text: str, rooms: list[Room]) -> tuple[list[Room], tuple[Room, Room] | None]:
    """``rooms`` (in text order) with each apposed pair joined into one room that both names fit, and the first
    pair no room fits both names of (then nothing is joined: the question is declined)."""
    ordered = sorted(rooms, key=lambda r: r.start)
    out: list[Room] = []
    for room in ordered:
        first = out[-1] if out else None
        between = _BETWEEN.fullmatch(text, first.end, room.start) if first is not None else None
        if first is not None and first.guids and room.guids and _kind_then_name(text, first, room):
            both = [g for g in first.guids if g in set(room.guids)]  # round 19: "the corridor Flur EG Eingang"
            if not both:
                return rooms, (first, room)
            out[-1] = replace(first, term=f"{first.term} ({room.term})", end=room.end, guids=both)
            continue
        if first is None or between is None or not first.guids or not room.guids:
            out.append(room)
            continue
        if between.group("paren"):
            closed = _CLOSE.match(text, room.end)
            if closed is None:
                out.append(room)
                continue
            end = closed.end()
        else:
            listed = any(_NEXT_IN_LIST.fullmatch(text, room.end, later.start) for later in ordered)
            if listed or _COORDINATED.match(text, room.end):
                out.append(room)
                continue
            end = room.end
        both = [g for g in first.guids if g in set(room.guids)]
        if not both:
            return rooms, (first, room)
        out[-1] = replace(first, term=f"{first.term} ({room.term})", end=end, guids=both)
    return out, None


def _kind_then_name(text: str, first: Room, second: Room) -> bool:
    """A room word right before a room's name, nothing between: "the corridor Flur EG Eingang" (round 19)."""
    return first.how.startswith("function:") and not second.how.startswith(("function:", "zone:")) and \
        not text[first.end:second.start].strip()


def unfit_reason(index: ModelIndex, first: Room, second: Room) -> str:
    """Why the two names are declined, saying what the first one is when it names one space."""
    said = ""
    if len(first.guids) == 1 and (space := index.find(first.guids[0])) is not None:
        names = [n for n in dict.fromkeys((space.name, space.long_name)) if n]
        said = f": {first.term!r} is the space {' '.join(names)!r}" if names else ""
    return f"no room of this model is both {first.term!r} and {second.term!r}{said}"
