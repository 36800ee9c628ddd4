"""What a project question says that no single file's parser reads: the words about the set of files, rooms
in general ("in the rooms of Level 1"), rooms as the answer ("which rooms on Level 1 have an outlet") and
"every room" ("is there a light in every bedroom").

Each reading takes its words out of the question and says what it took, so that the single-file parser
(:class:`ifcqa.spatial.parser.Parser`, reached only through its public ``parse``) reads the rest and still
declines anything it does not understand. Nothing here names a class or a room: those stay the parser's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# "across both models", "in all files", "over every discipline model", "in the three models"
_SCOPE = re.compile(
    r"\s*\b(?:across|in|over|from|throughout|of|für|in\s+allen|über)\s+"
    r"(?:(?:both|all|each|every|the|these|our|beide[nr]?|alle[nr]?)\s+)*(?:(?:two|three|four|five|\d+)\s+)?"
    r"(?:(?:discipline|ifc|project|federated)\s+)?(?:models?|files?|disciplines?|modelle[n]?|dateien)\b"
    r"(?:\s+(?:combined|together|zusammen))?",
    re.IGNORECASE,
)
# "in the rooms of Level 1", "in any room", "inside the spaces on the ground floor" (not "in rooms 101 and 102")
_ROOMS_OF = re.compile(
    r"\b(?:in|inside|within)\s+(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?|any\s+(?:of\s+the\s+)?|its\s+|their\s+)?"
    r"(?:rooms?|spaces?)\b(?!\s*[\w.-]*\d)(?:\s+(?P<link>of|on|at|in)\b)?",
    re.IGNORECASE,
)
# "which rooms on Level 1 have a power outlet", "what spaces contain air terminals"
_HOLDING = re.compile(
    r"^\s*(?:which|what|list(?:\s+the)?|name\s+the)\s+(?:rooms|spaces)\s+(?P<where>.*?)\s*\b"
    r"(?:have|has|contain|contains|hold|holds|with|house|houses)\s+"
    r"(?:(?:an?|any|some|one or more|at least one)\s+)?(?P<what>[^?]+?)\s*[?.!]?\s*$",
    re.IGNORECASE,
)
_EVERY = r"\b(?:every|each|all(?:\s+of)?(?:\s+the)?)\s+$"


@dataclass
class Reading:
    """The question as the parser gets it and what the project layer took from it."""

    question: str  # as asked
    text: str  # what the parser reads
    scope: list[str] = field(default_factory=list)  # words about the set of files, taken out
    all_rooms: str | None = None  # "in the rooms of": every space (of the storeys named), the words taken
    holding: str | None = None  # "which rooms ... have X": the words that asked for rooms

    def notes(self) -> list[str]:
        out = [f"read {words!r} as: every file of the project" for words in self.scope]
        if self.all_rooms:
            out.append(f"read {self.all_rooms!r} as: in any space of the reference file (on the storeys named)")
        if self.holding:
            out.append(f"read {self.holding!r} as: the spaces of the reference file that hold at least one of them")
        return out


def read(question: str) -> Reading:
    """The project readings of ``question`` (the text for the parser has their words taken out)."""
    reading = Reading(question, question)
    text = question
    for found in list(_SCOPE.finditer(text)):
        reading.scope.append(found.group(0).strip())
    text = _SCOPE.sub("", text)
    holding = _HOLDING.match(text)
    if holding is not None:
        where, what = holding.group("where").strip(), holding.group("what").strip()
        reading.holding = text[: holding.start("where")].strip() + " ... " + text[holding.end("where"): holding.start(
            "what")].strip()
        text = f"which {what} {where}".strip() + "?"
    rooms = _ROOMS_OF.search(text)
    if rooms is not None and reading.holding is None:
        reading.all_rooms = rooms.group(0)
        text = text[: rooms.start()] + ("on" if rooms.group("link") else "") + text[rooms.end():]
    reading.text = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", text)).strip()
    return reading


def every_before(question: str, term: str) -> bool:
    """Whether ``term`` (a room the parser found) follows "every", "each" or "all the" in ``question``."""
    found = re.search(re.escape(term).replace(r"\ ", r"\s+"), question, re.IGNORECASE)
    return found is not None and re.search(_EVERY, question[: found.start()], re.IGNORECASE) is not None
