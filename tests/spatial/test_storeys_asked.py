"""Questions whose subject is the storeys: "how many storeys does the building have" is the storeys themselves
(never every element on them), and "how many floors have windows" counts the storeys holding one (never the
windows). Checked against the shared Duplex model read with plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA

DUPLEX = "Duplex_A_20110907.ifc"


@pytest.fixture(scope="module")
def duplex(shared_ifc: Path) -> ifcopenshell.file:
    return ifcopenshell.open(str(shared_ifc / DUPLEX))


def _ask(index_of: Callable[[str], ModelIndex], question: str) -> dict[str, Any]:
    return SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None).ask(question)


def _storey(e: ifcopenshell.entity_instance) -> str | None:
    """Storey-deep: contained in the storey directly, or in one of its spaces."""
    container = ue.get_container(e)
    if container is not None and container.is_a("IfcSpace"):
        container = ue.get_aggregate(container)
    return container.Name if container is not None and container.is_a("IfcBuildingStorey") else None


@pytest.mark.parametrize("question", ["how many storeys does the building have", "list the levels",
                                      "what floors are there", "wie viele Geschosse hat das Gebäude"])
def test_the_storeys_themselves(index_of: Callable[[str], ModelIndex], duplex: ifcopenshell.file,
                                question: str) -> None:
    storeys = sorted(duplex.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation or 0.0)
    answer = _ask(index_of, question)
    assert answer["declined"] is None and answer["storeys"] == [s.Name for s in storeys]
    assert {e["guid"] for e in answer["elements"]} == {s.GlobalId for s in storeys}
    assert answer["count"] == (len(storeys) if question.startswith(("how many", "wie viele")) else None)


@pytest.mark.parametrize(("question", "ifc_class"), [("how many floors have windows", "IfcWindow"),
                                                     ("on how many levels are there doors", "IfcDoor")])
def test_how_many_floors_have_a_class_counts_the_floors(index_of: Callable[[str], ModelIndex],
                                                        duplex: ifcopenshell.file, question: str,
                                                        ifc_class: str) -> None:
    holding = {s for e in duplex.by_type(ifc_class) if (s := _storey(e)) is not None}
    answer = _ask(index_of, question)
    assert answer["count"] == len(holding) and set(answer["storeys"]) == holding
    assert len(holding) < len(duplex.by_type(ifc_class))  # the premise: counting the elements would differ


def test_a_storey_question_with_an_unknown_word_still_declines(index_of: Callable[[str], ModelIndex]) -> None:
    answer = _ask(index_of, "how many floors have a sauna")
    assert answer["declined"] is not None and answer["count"] is None and answer["elements"] == []
