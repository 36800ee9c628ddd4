"""Which discipline a project file is, from its name: "Duplex_Electrical_...", "Sample-HVAC", "Clinic_STR".

In a federated project people name the files' contents by discipline: "the electrical equipment on Level 2"
means what the electrical model holds (its boilers and pumps too, when the electrician modelled them), not
only the classes IFC files under electrical. :func:`discipline_of` reads a file name's words; a class group
of the spatial vocabulary that names a discipline (``hvac``, ``electrical``, ``plumbing``, ``structural``)
then also takes every element of the files of that discipline (see :mod:`ifcqa.project.qa`).
"""

from __future__ import annotations

import re
from pathlib import PurePath

# the spatial vocabulary's class group key -> the words file names use for that discipline
DISCIPLINES: dict[str, tuple[str, ...]] = {
    "hvac": ("hvac", "mech", "mechanical", "ventilation", "lueftung", "luftung", "hlk"),
    "electrical": ("elec", "electrical", "electric", "ele", "elt", "elektro"),
    "plumbing": ("plumbing", "plumb", "sanitary", "san", "sanitaer", "pipes"),
    "structural": ("str", "struct", "structural", "structure", "tragwerk", "statik"),
}


def discipline_of(file: str) -> str | None:
    """The class group key of the discipline ``file``'s name says (``None``: none, or several)."""
    stem = PurePath(file).name.split(".")[0]
    words = {w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", stem)}
    found = {key for key, names in DISCIPLINES.items() if words & set(names)}
    return found.pop() if len(found) == 1 else None
