"""Yes/no questions read as yes/no wherever they stand, and about what they ask.

- After a context sentence ("der Handwerker kommt am Montag. Ist die Küche größer als 15 m²?") the question's verb
  no longer starts the text; it was answered as a list of kitchens over 15 m².
- "Is the 1stFloor larger than 15 m²?", "does the 1stFloor have more than 80 m²?" ask about the storey's floor area;
  they were answered about each element's wall side area ("No: 5 of the 17 elements ... NetSideArea > 15 m²").
- "Does the GroundFloor have more than 10 m² of windows?" asks about the windows' total area, not each window's.

Oracles: the spaces' Qto_SpaceBaseQuantities read with plain IfcOpenShell.
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, open_cached, storey_of

HOM = "ExampleHOM.ifc"


def _floor_area(shared_ifc: Path, storey: str) -> float:
    f = open_cached(str(shared_ifc / HOM))
    return sum(ue.get_psets(s)["Qto_SpaceBaseQuantities"]["NetFloorArea"] for s in f.by_type("IfcSpace")
               if (ue.get_container(s) or ue.get_aggregate(s)).Name == storey)


def _kitchen_area(shared_ifc: Path) -> float:
    f = open_cached(str(shared_ifc / HOM))
    (kitchen,) = [s for s in f.by_type("IfcSpace") if str(s.Name).startswith("Kitchen")]
    return float(ue.get_psets(kitchen)["Qto_SpaceBaseQuantities"]["NetFloorArea"])


@pytest.mark.parametrize("question", [
    "Guten Tag,\nder Handwerker kommt am Montag um 8 Uhr. Ist die Küche größer als {n} m²?",
    "Hello,\nthe plumber comes on Monday. Is the kitchen larger than {n} m2?",
])
def test_a_yes_no_after_a_context_sentence_is_answered_yes_or_no(question: str, shared_ifc: Path,
                                                                   index_of: Index) -> None:
    area = _kitchen_area(shared_ifc)
    below, above = ask(index_of, HOM, question.format(n=int(area) - 1)), ask(index_of, HOM,
                                                                             question.format(n=int(area) + 1))
    assert below["yes_no"] is True, below["answer"]
    assert above["yes_no"] is False, above["answer"]


@pytest.mark.parametrize("question, storey", [
    ("Is the 1stFloor larger than {n} m2?", "1stFloor"),
    ("Ist das 1. OG größer als {n} m²?", "1stFloor"),
    ("Is the GroundFloor more than {n} m2?", "GroundFloor"),
    ("Does the 1stFloor have more than {n} m2?", "1stFloor"),
    ("Does the GroundFloor have more than {n} m2 of floor area?", "GroundFloor"),
    ("Hat das EG mehr als {n} m²?", "GroundFloor"),
])
def test_a_storey_against_an_area_is_its_floor_area(question: str, storey: str, shared_ifc: Path,
                                                    index_of: Index) -> None:
    total = _floor_area(shared_ifc, storey)
    yes, no = (ask(index_of, HOM, question.format(n=n)) for n in (int(total) - 1, int(total) + 1))
    assert yes["yes_no"] is True and no["yes_no"] is False, (yes["answer"], no["answer"])
    assert f"{total:.3f}" in yes["answer"] and "NetFloorArea" in yes["answer"], yes["answer"]


def test_an_amount_of_a_class_is_its_total(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOM))
    windows = [w for w in f.by_type("IfcWindow") if storey_of(w) == "GroundFloor"]
    total = sum(ue.get_psets(w)["Qto_WindowBaseQuantities"]["Area"] for w in windows)
    assert max(ue.get_psets(w)["Qto_WindowBaseQuantities"]["Area"] for w in windows) < total - 1  # the readings differ
    yes, no = (ask(index_of, HOM, f"does the GroundFloor have more than {n} m2 of windows?")
               for n in (int(total) - 1, int(total) + 1))
    assert yes["yes_no"] is True and no["yes_no"] is False, (yes["answer"], no["answer"])
    assert f"{total:.2f}" in yes["answer"], yes["answer"]
