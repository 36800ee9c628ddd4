"""What the spatial sentence tests share: the model opened once with plain IfcOpenShell, a question asked without
the graph, and the storey-deep walk their oracles use (independent of the project's index)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

from ifcqa.index import ModelIndex
from ifcqa.spatial.pipeline import SpatialQA

Index = Callable[[str], ModelIndex]


@cache
def open_cached(path: str) -> ifcopenshell.file:
    return ifcopenshell.open(path)


def ask(index_of: Index, name: str, question: str) -> dict[str, Any]:
    return SpatialQA(index_of(name), use_graph=False, embedder=None).ask(question)


def guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def storey_of(e: ifcopenshell.entity_instance) -> str | None:
    """Storey-deep: contained in the storey, in one of its spaces, or part of / filling an element that is."""
    for _ in range(10):
        if e is None:
            return None
        if e.is_a("IfcBuildingStorey"):
            return str(e.Name)
        container = ue.get_container(e)
        if container is not None:
            e = container
            continue
        parent = ue.get_aggregate(e)
        if parent is not None:
            e = parent
            continue
        fills = getattr(e, "FillsVoids", None) or ()
        e = fills[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement if fills else None
    return None
