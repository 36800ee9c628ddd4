"""Identifiers asked beside a list: "every window on My Storey, with its id", "which doors are on EG, with their
GlobalIds?", "Fenster im DG mit GUID" (round 19, lead).

Every list ifcqa answers names each element with its GlobalId, so asking for the ids beside the list asks for the
list itself: :func:`blank` blanks the phrase (positions kept) and notes it. Only "with" + a possessive or article +
an identifier word is read, so "the door with id 2O2Fr..." (a GlobalId said as a value) and "what is the id of the
front door" (a lookup) are left to the passes that read them.
"""

from __future__ import annotations

import re

from ifcqa.spatial.plan import Plan

_WITH_IDS = re.compile(
    r"\s*,?\s*\b(?:(?:together|along)\s+)?(?:with|incl(?:uding|\.)?|mit)\s+(?:(?:its|their|the|all|each|ihrer|ihren|"
    r"ihre|der|den|jeweils)\s+)?(?:(?:own|eigenen?)\s+)?(?:ids?|global\s*ids?|guids?|ifc\s+ids?|ifc\s+guids?)"
    r"(?:\s+(?:and|und)\s+(?:their|ihren?)?\s*names?|\s*\(\s*globalids?\s*\))?\b", re.IGNORECASE)


def blank(plan: Plan, text: str) -> str:
    """``text`` (normalised) with "with their ids" beside a request blanked, noted in ``plan``."""
    found = _WITH_IDS.search(text)
    if found is None or re.search(r"\b(?:with|mit)\s+(?:the\s+)?(?:id|guid|globalid)\s+\S*\d", text, re.IGNORECASE):
        return text
    plan.notes.append(f"{found.group(0).strip(' ,')!r}: every element listed is named with its GlobalId")
    return text[:found.start()] + " " * len(found.group(0)) + text[found.end():]
