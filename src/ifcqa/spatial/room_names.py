"""Rooms named by a quoted or "called" name, and two groups of rooms compared by count (issue 22, round 7).

People name rooms by the label a plan shows, in quotes or after "called" / "named": "rooms called 'Room'",
"spaces named \"small office\"", "the room called Lager". :func:`find` reads such a mention as the spaces whose
Name or LongName is exactly that text (case-insensitive); a quoted text no space is named is left alone (its words
stay unread, so the answer declines naming them).

"Are there more rooms called 'Room' than small offices?", "are there fewer bedrooms than bathrooms?" compare the
counts of two groups of rooms: :func:`comparison` reads the comparative ("more / fewer / less ... than", "mehr /
weniger ... als") between two room mentions, and the answer is a yes/no stating both counts
(``plan.resolved["room_counts"]``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ifcqa.index.model_index import ModelIndex

_QUOTED = re.compile(r"(?:\b(?P<noun>rooms?|spaces?|räume|raum|zimmer)\s+(?:(?:that|which)\s+)?(?:are\s+|is\s+)?)?"
                     r"(?:\b(?P<verb>called|named|labell?ed|titled|namens|genannt|mit\s+dem\s+namen)\s+)?"
                     r"(?P<q>['\"])(?P<name>[^'\"]{1,60}?)(?P=q)")
_CALLED = re.compile(r"\b(?P<noun>rooms?|spaces?|räume|raum|zimmer)\s+(?:(?:that|which)\s+)?(?:are\s+|is\s+)?"
                     r"(?P<verb>called|named|labell?ed|namens|genannt)"
                     r"\s+(?P<name>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2})")
COMPARATIVE = re.compile(r"\b(?P<word>more|fewer|less|mehr|weniger)\b(?P<rest>.*?)\b(?P<than>than|als)\b")


@dataclass(frozen=True)
class Named:
    """Spaces named exactly ``name``; ``span`` the words that said so (noun, verb, quotes)."""

    name: str
    guids: tuple[str, ...]
    span: tuple[int, int]


def _named(index: ModelIndex, name: str) -> tuple[str, ...]:
    want = name.strip().casefold()
    return tuple(e.guid for e in index.data.elements.values() if e.ifc_class == "IfcSpace" and want and (
        (e.name or "").strip().casefold() == want or (e.long_name or "").strip().casefold() == want))


def find(index: ModelIndex, text: str) -> list[Named]:
    """The rooms ``text`` (normalised) names by a quoted name or after "called" / "named", left to right."""
    out: list[Named] = []
    taken: list[tuple[int, int]] = []
    for found in _QUOTED.finditer(text):
        guids = _named(index, found.group("name"))
        if guids:
            out.append(Named(found.group("name").strip(), guids, found.span()))
            taken.append(found.span())
    for found in _CALLED.finditer(text):
        if any(a < found.end() and found.start() < b for a, b in taken):
            continue
        words = found.group("name").split()
        for k in range(len(words), 0, -1):  # the longest run of words a space is named
            guids = _named(index, " ".join(words[:k]))
            if guids:
                end = found.start("name") + len(" ".join(words[:k]))
                out.append(Named(" ".join(words[:k]), guids, (found.start(), end)))
                break
    return sorted(out, key=lambda n: n.span[0])
