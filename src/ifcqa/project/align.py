"""Storeys aligned across the files of a project, by elevation and by name.

Each file has its own spatial tree: the HVAC model's "01 - Level 1" is another IfcBuildingStorey, with
another GlobalId and an elevation a few centimetres off, than the architect's "Level 1". The first file
of the project is the reference: every storey of it is a *level*, and every storey of another file is
paired with at most one level, each level taking at most one storey per file:

* ``both``: the elevations agree within the tolerance (metres, after converting each file's length unit)
  and the names are the same once normalised (``Level 1``, ``L1``, ``01 - Level 1`` and ``level-1`` all
  read ``level 1``);
* ``elevation``: only the elevations agree (the nearest first);
* ``name``: only the names agree (a storey placed far off but named alike);
* ``override``: the project file says so (``"overrides"``), which also can leave a storey unmatched.

Pairs are taken best first (both, then elevation, then name; closer elevations first). A storey no level
takes is reported as unmatched, with the nearest level. A storey without an Elevation is matched by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ifcqa.index import ModelIndex
from ifcqa.project.project import Override, Project, ProjectError

LEVEL_WORDS = {"level", "lvl", "lev", "l", "storey", "story", "floor", "fl", "etage", "geschoss", "og"}
RANK = {"both": 0, "elevation": 1, "name": 2}


def normalise_storey_name(name: str | None) -> str:
    """A storey name reduced to compare across files: ``01 - Level 1`` -> ``level 1``, ``L1`` -> ``level 1``.

    Lower case, words and numbers only, numbers without leading zeros; a level word (level, L, storey,
    floor...) followed by a number is ``level N``, and when the name has such a phrase only it counts.
    """
    tokens = re.findall(r"[a-z]+|\d+", (name or "").lower().replace("ß", "ss"))
    words = [str(int(token)) if token.isdigit() else token for token in tokens]
    for i, word in enumerate(words[:-1]):
        if word in LEVEL_WORDS and words[i + 1].isdigit():
            return f"level {words[i + 1]}"
    return " ".join(words)


@dataclass(frozen=True)
class Storey:
    """One storey of one file: elevation in metres (``None`` when the file gives none)."""

    file: str
    guid: str
    name: str | None
    elevation_m: float | None

    def to_dict(self) -> dict[str, Any]:
        elevation = None if self.elevation_m is None else round(self.elevation_m, 4)
        return {"file": self.file, "guid": self.guid, "name": self.name, "elevation_m": elevation}


@dataclass
class Level:
    """A storey of the reference file and the storeys of the other files matched to it."""

    reference: Storey
    members: dict[str, tuple[Storey, str]] = field(default_factory=dict)  # file -> (storey, matched_by)

    def to_dict(self, files: list[str]) -> dict[str, Any]:
        storeys = [{**self.reference.to_dict(), "matched_by": "reference"}]
        for file in files[1:]:
            if file in self.members:
                storey, how = self.members[file]
                storeys.append({**storey.to_dict(), "matched_by": how, "delta_m": _delta(storey, self.reference)})
        return {
            "level": self.reference.name,
            "elevation_m": self.reference.to_dict()["elevation_m"],
            "storeys": storeys,
            "missing_in": [file for file in files[1:] if file not in self.members],
        }


@dataclass
class Alignment:
    """The levels of a project (one per reference storey) and the storeys no level took."""

    files: list[str]
    tolerance_m: float
    levels: list[Level]
    unmatched: list[Storey]

    def level_of(self, file: str, guid: str) -> Level | None:
        """The level a storey (file + GlobalId) belongs to, or ``None``."""
        for level in self.levels:
            if (level.reference.file, level.reference.guid) == (file, guid):
                return level
            member = level.members.get(file)
            if member is not None and member[0].guid == guid:
                return level
        return None

    def to_dict(self) -> dict[str, Any]:
        """The alignment as ``ifcqa project show`` reports it."""
        return {
            "reference": self.files[0],
            "tolerance_m": self.tolerance_m,
            "levels": [level.to_dict(self.files) for level in self.levels],
            "unmatched": [{**storey.to_dict(), **self._nearest(storey)} for storey in self.unmatched],
        }

    def _nearest(self, storey: Storey) -> dict[str, Any]:
        placed = [level for level in self.levels if _delta(storey, level.reference) is not None]
        if not placed:
            return {"nearest_level": None}
        best = min(placed, key=lambda level: abs(_delta(storey, level.reference) or 0.0))
        return {"nearest_level": best.reference.name, "delta_m": _delta(storey, best.reference)}


def file_storeys(file: str, index: ModelIndex) -> list[Storey]:
    """The storeys of one file, elevations converted to metres with the file's length unit."""
    length = index.units.get("LENGTHUNIT")
    factor = length.si_factor if length is not None else 1.0
    storeys = []
    for step_id in index.storeys:
        element = index.data.elements[step_id]
        elevation = None if element.elevation is None else element.elevation * factor
        storeys.append(Storey(file, element.guid, element.name, elevation))
    return storeys


def align_storeys(project: Project, indexes: dict[str, ModelIndex]) -> Alignment:
    """Align the storeys of every file of ``project`` with those of its first file.

    Args:
        project: the project (its tolerance and overrides are used).
        indexes: each listed file's index, by the file as the project lists it.

    Raises:
        ProjectError: an override names a storey a file does not have, or matches a storey of a file other
            than the reference.
    """
    files = project.files
    levels = [Level(storey) for storey in file_storeys(files[0], indexes[files[0]])]
    unmatched: list[Storey] = []
    for file in files[1:]:
        storeys = file_storeys(file, indexes[file])
        fixed = _apply_overrides(project, file, storeys, levels, unmatched)
        free_storeys = [storey for storey in storeys if storey.guid not in fixed]
        taken = {id(level) for level in levels if file in level.members}
        pairs = []
        for storey in free_storeys:
            for position, level in enumerate(levels):
                how = _how(storey, level.reference, project.tolerance_m)
                if how is not None:
                    delta = _delta(storey, level.reference)
                    pairs.append((RANK[how], abs(delta) if delta is not None else 0.0, position, storey, level, how))
        paired: set[str] = set()
        for _rank, _distance, _position, storey, level, how in sorted(pairs, key=lambda pair: pair[:3]):
            if storey.guid in paired or id(level) in taken:
                continue
            level.members[file] = (storey, how)
            paired.add(storey.guid)
            taken.add(id(level))
        unmatched.extend(storey for storey in free_storeys if storey.guid not in paired)
    return Alignment(list(files), project.tolerance_m, levels, unmatched)


def _how(storey: Storey, reference: Storey, tolerance_m: float) -> str | None:
    delta = _delta(storey, reference)
    close = delta is not None and abs(delta) <= tolerance_m + 1e-9
    named = bool(storey.name) and normalise_storey_name(storey.name) == normalise_storey_name(reference.name)
    if close and named:
        return "both"
    return "elevation" if close else "name" if named else None


def _delta(storey: Storey, reference: Storey) -> float | None:
    if storey.elevation_m is None or reference.elevation_m is None:
        return None
    return round(storey.elevation_m - reference.elevation_m, 4) + 0.0  # + 0.0: no -0.0


def _apply_overrides(
    project: Project, file: str, storeys: list[Storey], levels: list[Level], unmatched: list[Storey]
) -> set[str]:
    """Apply the overrides of ``file``; the GlobalIds of the storeys they settle."""
    fixed: set[str] = set()
    for override in (item for item in project.overrides if item.file == file):
        storey = _find(storeys, override.storey, file)
        fixed.add(storey.guid)
        if override.matches is None:
            unmatched.append(storey)
            continue
        level = _target(project, override, levels)
        level.members[file] = (storey, "override")
    return fixed


def _target(project: Project, override: Override, levels: list[Level]) -> Level:
    assert override.matches is not None
    target_file, target_storey = override.matches
    if target_file != project.files[0]:
        raise ProjectError(
            f"override of {override.file} {override.storey!r}: matches must name a storey of the reference file "
            f"{project.files[0]} (the first file), not {target_file}."
        )
    reference = _find([level.reference for level in levels], target_storey, target_file)
    return next(level for level in levels if level.reference.guid == reference.guid)


def _find(storeys: list[Storey], ref: str, file: str) -> Storey:
    found = [storey for storey in storeys if ref in (storey.guid, storey.name)]
    if len(found) != 1:
        known = ", ".join(repr(storey.name) for storey in storeys)
        problem = "no storey" if not found else "several storeys"
        raise ProjectError(
            f"override: {file} has {problem} with GlobalId or name {ref!r}. Its storeys: {known}; give a GlobalId."
        )
    return found[0]
