"""GlobalIds that do not identify one entity: shared by several, or empty.

IFC requires every IfcRoot (objects, types, relationships, property sets) to carry a GlobalId of its
own, but edited exports copy elements with their GlobalId, or blank it. IfcOpenShell reads such a file
(``by_guid`` then returns one of the entities); ifcqa tells the entities apart by step id instead, and
reports each problem as a :class:`~ifcqa.ifc.diagnostics.ParseWarning` naming the GlobalId and the
step ids, so that nothing is collapsed or listed as ``guid ""`` without a word.
"""

from __future__ import annotations

import weakref
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ifcqa.ifc.diagnostics import ParseWarning

if TYPE_CHECKING:
    import ifcopenshell

_LISTED = 10
EMPTY = "empty"
SHARED = "shared"


@dataclass(slots=True)
class GlobalIdProblems:
    """The IfcRoot entities of a file whose GlobalId does not identify them.

    Attributes:
        shared: GlobalId -> ``(step id, class)`` of every entity holding it, for GlobalIds held by two or more.
        empty: ``(step id, class)`` of every entity whose GlobalId is empty or unset.
    """

    shared: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    empty: list[tuple[int, str]] = field(default_factory=list)

    def issue(self, guid: str | None) -> str | None:
        """``shared``, ``empty`` or ``None`` (the GlobalId identifies one entity)."""
        if not is_present(guid):
            return EMPTY
        return SHARED if guid in self.shared else None


def is_present(guid: str | None) -> bool:
    """Whether a GlobalId value is set (not ``None``, not empty or blank)."""
    return bool(guid and guid.strip())


_FOUND: weakref.WeakKeyDictionary[ifcopenshell.file, GlobalIdProblems] = weakref.WeakKeyDictionary()


def global_id_problems(model: ifcopenshell.file) -> GlobalIdProblems:
    """Every shared or empty GlobalId of the file's IfcRoot entities (found once per opened model)."""
    found = _FOUND.get(model)
    if found is None:
        found = _FOUND[model] = _find(model)
    return found


def _find(model: ifcopenshell.file) -> GlobalIdProblems:
    roots = model.by_type("IfcRoot")
    guids = [entity.get_argument(0) for entity in roots]  # GlobalId is the first attribute of every IfcRoot
    counts = Counter(guids)
    wanted = {guid for guid, n in counts.items() if n > 1 or not is_present(guid)}
    problems = GlobalIdProblems()
    if not wanted:  # the usual file: one pass in C, nothing more
        return problems
    holders: dict[str, list[tuple[int, str]]] = {}
    for entity, guid in zip(roots, guids, strict=True):
        if guid not in wanted:
            continue
        if is_present(guid):
            holders.setdefault(guid, []).append(_row(entity))
        else:
            problems.empty.append(_row(entity))
    problems.shared = {guid: sorted(rows) for guid, rows in holders.items()}
    problems.empty.sort()
    return problems


def _row(entity: ifcopenshell.entity_instance) -> tuple[int, str]:
    return (entity.id(), entity.is_a())


def global_id_warnings(problems: GlobalIdProblems) -> list[ParseWarning]:
    """One warning per shared GlobalId (naming it and its step ids), one for all empty GlobalIds."""
    warnings = [
        ParseWarning(
            rows[0][0],
            rows[0][1],
            "GlobalId",
            f"GlobalId {guid!r} is shared by {len(rows)} entities: {listing(rows)}; ifcqa tells them apart by "
            "step id (pass #<step id> to refer to one)",
        )
        for guid, rows in sorted(problems.shared.items(), key=lambda item: item[1][0][0])
    ]
    if problems.empty:
        rows = problems.empty
        warnings.append(
            ParseWarning(
                rows[0][0],
                rows[0][1],
                "GlobalId",
                f"{len(rows)} entit{'y has' if len(rows) == 1 else 'ies have'} an empty GlobalId: {listing(rows)}; "
                "ifcqa identifies such entities by step id (pass #<step id> to refer to one)",
            )
        )
    return warnings


def reference_note(issue: str, guid: str | None, step_id: int) -> str:
    """Why an element's GlobalId does not identify it (``issue``: shared or empty), and the step id to use instead."""
    if issue == EMPTY:
        return f"this element has no GlobalId in the file: refer to it by its step id #{step_id}"
    return f"GlobalId {guid} is shared with other entities of the file: refer to this one by its step id #{step_id}"


def listing(rows: list[tuple[int, str]]) -> str:
    """``#12 IfcWall, #40 IfcWall`` (the first few, and how many more)."""
    shown = ", ".join(f"#{step_id} {ifc_class}" for step_id, ifc_class in rows[:_LISTED])
    return shown + (f" and {len(rows) - _LISTED} more" if len(rows) > _LISTED else "")
