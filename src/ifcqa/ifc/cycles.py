"""Reference cycles a file must not have: placements, the decomposition and representation maps.

A placement whose ``PlacementRelTo`` leads back to itself makes IfcOpenShell's geometry recurse
until its stack overflows (the process dies by SIGSEGV); an object that is (through aggregation,
nesting or containment) part of itself, or a representation map whose mapped items map it again,
makes any walk up or down the tree endless. :func:`reference_cycles` finds each such cycle once
(iteratively, so the search itself cannot overflow) and :func:`cycle_warnings` turns them into
:class:`~ifcqa.ifc.diagnostics.ParseWarning` s, which :func:`ifcqa.ifc.open.open_model` keeps with the
model: ``ifcqa check`` lists them, the index carries them, strict mode refuses the file.

A cycle is a warning, not fatal: everything else in the file reads, and the elements placed on a
placement cycle are reported as without geometry (the geometry kernel is never trusted with them
outside a worker process, see :mod:`ifcqa.native`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ifcqa.ifc.diagnostics import ParseWarning

if TYPE_CHECKING:
    import ifcopenshell

Graph = dict[int, list[int]]


@dataclass(frozen=True)
class Cycle:
    """One reference cycle: its kind and the step ids along it, starting at the smallest."""

    kind: str  # "placement", "decomposition" or "representation map"
    ids: tuple[int, ...]
    via: str  # the attribute or relationships that close it

    def describe(self) -> str:
        path = " -> ".join(f"#{i}" for i in (*self.ids, self.ids[0]))
        return f"{self.kind} cycle {path} (through {self.via})"


def reference_cycles(model: ifcopenshell.file) -> list[Cycle]:
    """Every placement, decomposition and representation-map cycle of ``model``, each once."""
    found: list[Cycle] = []
    placements: Graph = {}
    for placement in model.by_type("IfcObjectPlacement"):
        relative = getattr(placement, "PlacementRelTo", None)
        if relative is not None:
            placements.setdefault(placement.id(), []).append(relative.id())
    found += [Cycle("placement", ids, "PlacementRelTo") for ids in find_cycles(placements)]
    found += [Cycle("decomposition", ids, "IfcRelAggregates, IfcRelNests, IfcRelContainedInSpatialStructure")
              for ids in find_cycles(_decomposition(model))]
    found += [Cycle("representation map", ids, "IfcMappedItem.MappingSource")
              for ids in find_cycles(_maps(model))]
    return found


def cycle_warnings(model: ifcopenshell.file) -> list[ParseWarning]:
    """:func:`reference_cycles` as warnings on the first entity of each cycle."""
    warnings = []
    for cycle in reference_cycles(model):
        first = model.by_id(cycle.ids[0])
        consequence = {
            "placement": "IfcOpenShell cannot place or shape what is placed on it: those elements get no geometry",
            "decomposition": "an object is part of itself: walks of the spatial tree stop at the cycle",
            "representation map": "a mapped shape maps itself: those elements get no geometry",
        }[cycle.kind]
        warnings.append(ParseWarning(
            entity_id=cycle.ids[0], ifc_class=first.is_a(), attribute=None,
            problem=f"{cycle.describe()}; {consequence}. Fix the reference in the authoring tool and re-export.",
        ))
    return warnings


def cycle_hint(problems: Iterable[str]) -> str | None:
    """What a crash of the geometry kernel may come from, given the file's warnings (``None``: no cycle)."""
    cycles = [problem.split(";")[0] for problem in problems if " cycle #" in problem]
    if not cycles:
        return None
    more = f" and {len(cycles) - 1} more" if len(cycles) > 1 else ""
    return f"the file may contain a {cycles[0]}{more} (ifcqa check FILE lists them)"


def cycle_hint_of(path: str) -> str | None:
    """:func:`cycle_hint` of the model at ``path`` (a worker's function, :mod:`ifcqa.native`)."""
    from ifcqa.ifc.open import model_warnings
    from ifcqa.native.worker import model

    return cycle_hint(w.problem for w in model_warnings(model(path)))


def unshapeable(model: ifcopenshell.file) -> dict[int, str]:
    """Products the geometry kernel must not see, with why: those on a decomposition cycle.

    IfcOpenShell never finishes shaping an element that is (through aggregation) part of itself; the
    cycles come from the warnings :func:`ifcqa.ifc.open.open_model` kept (none for another model).
    """
    from ifcqa.ifc.open import model_warnings

    members: dict[int, str] = {}
    for warning in model_warnings(model):
        if warning.problem.startswith("decomposition cycle "):
            cycle = warning.problem.split(" (through")[0]
            for step_id in re.findall(r"#(\d+)", cycle):
                members[int(step_id)] = f"not shaped: it is on a {cycle}, which IfcOpenShell never finishes shaping"
    return members


def on_placement_cycle(placement: ifcopenshell.entity_instance | None) -> bool:
    """Whether following ``PlacementRelTo`` from ``placement`` ever comes back to a placement already seen."""
    seen: set[int] = set()
    while placement is not None:
        if placement.id() in seen:
            return True
        seen.add(placement.id())
        placement = getattr(placement, "PlacementRelTo", None)
    return False


def _decomposition(model: ifcopenshell.file) -> Graph:
    """Part -> whole edges of aggregation, nesting and containment."""
    graph: Graph = {}

    def add(parts: Iterable[ifcopenshell.entity_instance] | None, whole: ifcopenshell.entity_instance | None) -> None:
        if whole is None:
            return
        for part in parts or ():
            if part is not None:
                graph.setdefault(part.id(), []).append(whole.id())

    for rel in model.by_type("IfcRelAggregates"):
        add(rel.RelatedObjects, rel.RelatingObject)
    for rel in model.by_type("IfcRelNests"):
        add(rel.RelatedObjects, rel.RelatingObject)
    for rel in model.by_type("IfcRelContainedInSpatialStructure"):
        add(rel.RelatedElements, rel.RelatingStructure)
    return graph


def _maps(model: ifcopenshell.file) -> Graph:
    """Representation map -> the maps its mapped representation's items map (through IfcMappedItem)."""
    graph: Graph = {}
    for item in model.by_type("IfcMappedItem"):
        source = item.MappingSource
        if source is None:
            continue
        representation = source.MappedRepresentation
        for inner in (representation.Items or ()) if representation is not None else ():
            if inner is not None and inner.is_a("IfcMappedItem") and inner.MappingSource is not None:
                graph.setdefault(source.id(), []).append(inner.MappingSource.id())
    return graph


def find_cycles(graph: Graph) -> list[tuple[int, ...]]:
    """The cycles of a directed graph, each once (rotated to start at its smallest id), by iterative DFS."""
    state: dict[int, int] = {}  # 1 on the current path, 2 finished
    cycles: set[tuple[int, ...]] = set()
    for root in sorted(graph):
        if root in state:
            continue
        path: list[int] = [root]
        position = {root: 0}
        pending = [iter(graph.get(root, ()))]
        state[root] = 1
        while pending:
            following = next(pending[-1], None)
            if following is None:
                done = path.pop()
                del position[done]
                state[done] = 2
                pending.pop()
                continue
            mark = state.get(following)
            if mark == 1:
                cycle = path[position[following]:]
                start = cycle.index(min(cycle))
                cycles.add(tuple(cycle[start:] + cycle[:start]))
            elif mark is None:
                state[following] = 1
                position[following] = len(path)
                path.append(following)
                pending.append(iter(graph.get(following, ())))
    return sorted(cycles)
