""""This system", "die Anlage": the whole model, when the model groups nothing into systems.

People who open an MEP model call it by what it models: "are there more valves than pumps in this system?",
"wieviele Pumpen hat die Anlage?", "how many radiators does the installation have?". When the model holds no
IfcSystem (zones and structural analysis models are not what is meant), the one installation it models is the
whole model, so the noun narrows nothing and is read as the whole model, saying so in the plan's notes. When the
model does group elements into systems, "this system" may be one of them: the words are left unread, so the
question declines naming them rather than answering over every system. A noun with a discipline before it ("the
heating system", "die Lüftungsanlage") is never read here: it could single out a part of a model that holds several;
nor a noun that modifies the next one ("the plant rooms", round 22: a typo in "roomss" left "the plant" to be read
as the whole model and every space was listed).
"""

from __future__ import annotations

import re

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial.building_scope import FOLLOW
from ifcqa.spatial.plan import Plan

_SYSTEM_NOUN = re.compile(
    r"\b(?:(?:in|of|for|across|throughout|im|in\s+der|von\s+der|für\s+die)\s+)?"
    r"(?P<w>(?:this|the|our|that|whole|entire|die|der|diese|dieser|unsere|unserer|ganze|ganzen|gesamte|gesamten)\s+"
    r"(?:(?:whole|entire|ganze|ganzen|gesamte|gesamten)\s+)?"
    r"(?:system|installation|plant|anlage))\b(?![-\w])",
    re.IGNORECASE)
_HEADS = re.compile(FOLLOW, re.IGNORECASE)  # after the noun in the question as written: it heads its phrase
_NOT_MEANT = ("IfcZone", "IfcStructuralAnalysisModel")


def groups_nothing(index: ModelIndex) -> bool:
    """Whether the model holds no system a question could single out."""
    return not any(e.ifc_class not in _NOT_MEANT for e in index.by_class("IfcSystem"))


def read(index: ModelIndex, plan: Plan, text: str, masked: str) -> str:
    """``masked`` with "this system", "die Anlage" blanked when the model groups nothing into systems."""
    if not _SYSTEM_NOUN.search(masked) or not groups_nothing(index):
        return masked
    for m in list(_SYSTEM_NOUN.finditer(masked)):
        start, end = m.span()
        if not _HEADS.match(text, end):
            continue  # "the plant rooms": the noun modifies the next word, which other passes may have masked
        masked = masked[:start] + " " * (end - start) + masked[end:]
        plan.notes.append(f"{text[m.start('w'):m.end('w')]!r}: the model groups no elements into systems, so the "
                          "installation it models is the whole model")
    return masked
