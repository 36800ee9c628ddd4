"""A kind said as the predicate of the class asked: "which proxies on Level 1 are trees?", "which walls are
partitions?", "which of the furniture items are tables?", "welche Möbel sind Stühle?" (round 17, lead).

Parsed whole, the two class words joined by "are" read as a relation between two classes and decline. The
question asks for the elements that are both: :func:`read` parses the predicate alone ("which trees") and the
subject alone ("which proxies on Level 1"), and when every element the predicate names is one of the subject's
classes (a kind of it, or elements named so among them) it answers the predicate on the subject's storey or room:
the same elements. When the predicate reaches elements outside the subject ("which doors are windows", "which
walls are slabs") or either part is not understood alone, nothing is read here and the decline stands: the
intersection of two unrelated readings is never guessed.
"""

from __future__ import annotations

import contextvars
import re
from typing import TYPE_CHECKING

from ifcqa.spatial.classes import matches

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser
    from ifcqa.spatial.plan import Plan

_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("copula_kinds_active", default=False)
_FORM = re.compile(r"^\s*(?P<lead>which|what|welche[rs]?)\s+(?:(?:ones\s+)?of\s+(?:the\s+|these\s+|those\s+)?)?"
                   r"(?P<subject>[^?]+?)\s+(?:are|is|sind|ist)\s+(?:(?:actually|really|eigentlich)\s+)?"
                   r"(?P<kind>[^?,;:]+?)\s*[?.!]*\s*$", re.IGNORECASE)


def read(parser: Parser, question: str, plan: Plan) -> Plan | None:
    """The plan of "which <subject> are <kind>" as the kind on the subject's place, or None (``plan`` stands)."""
    if plan.declined is None or _ACTIVE.get():
        return None
    found = _FORM.match(question)
    if found is None:
        return None
    token = _ACTIVE.set(True)
    try:
        return _read(parser, question, found)
    finally:
        _ACTIVE.reset(token)


def _read(parser: Parser, question: str, found: re.Match[str]) -> Plan | None:
    lead = found.group("lead")
    subject = parser.parse(f"{lead} {found.group('subject')}")
    kind = parser.parse(f"{lead} {found.group('kind')}")
    wanted = [c for c in subject.classes if not c.inventory]
    kinds = [c for c in kind.classes if not c.inventory]
    if subject.declined is not None or kind.declined is not None or not wanted or not kinds or kind.storeys or (
            kind.rooms or kind.intent != "list" or subject.intent != "list"):
        return None
    index = parser.index
    named = [e for e in index.data.elements.values() if any(matches(index, e, c) for c in kinds)]
    if not named or not all(any(matches(index, e, c) for c in wanted) for e in named):
        return None  # the kind reaches elements outside the subject's classes: not one of its kinds
    if subject.qualifiers or subject.rooms or subject.elements or subject.exclude or len(subject.storey_names) > 1:
        return None  # only a storey is carried over to the kind; anything more the subject says stays declined
    rest = f" on {subject.storey_names[0]}" if subject.storey_names else ""
    asked = parser.parse(f"{lead} {found.group('kind')}{rest}")
    if asked.declined is not None or {c.key for c in asked.classes} != {c.key for c in kind.classes} or (
            set(asked.storeys) != set(subject.storeys)) or len(asked.qualifiers) != len(kind.qualifiers):
        return None
    asked.question = question
    # the subject's explicit classes ("IfcBuildingElementProxy") are honoured: every element answered is one
    asked.resolved["classes_read_as_words"] = [*asked.resolved.get("classes_read_as_words", ()),
                                               *subject.explicit, *(c for w in wanted for c in w.classes)]
    asked.notes.append(f"'{found.group(0).strip()}': the {found.group('kind').strip()!r}, every one of which is one "
                       f"of the {', '.join(c.label for c in wanted)}")
    return asked
