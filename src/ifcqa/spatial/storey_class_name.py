"""The storey class written out as the storeys asked: "On which IfcBuildingStorey entities are there IfcRailing
elements?" is "on which storeys are there IfcRailing elements?".

Read as a class of elements to list, IfcBuildingStorey was joined with the railings ("Yes: there are 12
IfcBuildingStorey elements and IfcRailing elements"); the storeys are what the question's "which" asks, and the
words that ask for storeys already read them. The name is recorded as read (``plan.resolved
["classes_read_as_words"]``), which the check that every explicit IFC class is in the plan accepts.
"""

from __future__ import annotations

import re

from ifcqa.spatial.plan import Plan

_STOREY_CLASS = re.compile(r"\bifcbuildingstoreys?\b(?:\s+(?:entities|entity|elements|element|instances|instance|"
                           r"objects|object|occurrences))?")


def read(plan: Plan, text: str) -> str:
    """``text`` (normalised) with IfcBuildingStorey written "storeys"; said in the plan's notes."""
    found = _STOREY_CLASS.search(text)
    if found is None:
        return text
    plan.resolved.setdefault("classes_read_as_words", []).append("IfcBuildingStorey")
    plan.notes.append(f"{found.group(0)!r}: the storeys")
    return as_words(text)


def as_words(text: str) -> str:
    """``text`` (normalised) with IfcBuildingStorey written "storeys" ("list all IfcBuildingStorey": the storeys)."""
    return _STOREY_CLASS.sub("storeys", text)
