"""Round 14 rank14: a superlative that chooses the scope of another question (spatial/chosen_scope.py), every answer
checked against the IFC file through plain IfcOpenShell (storey-deep walks, space boundaries, quantity sets)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial.chosen_scope import find
from ifcqa.spatial.pipeline import SpatialQA

pytestmark = pytest.mark.usefixtures("shared_ifc")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
INS = "AC11-Institute-Var-2-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
SH = "Ifc4_SampleHouse.ifc"
EDC = "KIT-EDC_with_SB.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
QA = Callable[[str], SpatialQA]


@pytest.fixture(scope="module")
def ifc(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    return lambda name: open_cached(str(shared_ifc / name))


def _on(f: ifcopenshell.file, storey: str, cls: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}


def _most(f: ifcopenshell.file, cls: str) -> tuple[str, int]:
    counts = {s.Name: len(_on(f, s.Name, cls)) for s in f.by_type("IfcBuildingStorey")}
    best = max(counts.values())
    winners = [s for s, n in counts.items() if n == best]
    assert len(winners) == 1, counts
    return winners[0], best


def _area(space: Any) -> float:
    for qset in ("Qto_SpaceBaseQuantities", "BaseQuantities"):
        value = ue.get_pset(space, qset, "NetFloorArea")
        if isinstance(value, float):
            return value
    raise AssertionError(space.Name)


def _bounding(space: Any, cls: str) -> set[str]:
    return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
            if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(cls)}


def _declined(answer: dict[str, Any]) -> str:
    assert answer.get("declined"), answer["answer"]
    assert not answer["elements"]
    return str(answer["declined"]["reason"])


def test_a_storey_chosen_by_a_count_scopes_the_rest(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(INS)
    storey, n = _most(f, "IfcDoor")
    want = _on(f, storey, "IfcWindow")
    answer = qa(INS).ask("how many windows are on the floor with the most doors?")
    assert answer["count"] == len(want) and {r["guid"] for r in answer["elements"]} == want
    assert answer["answer"].startswith(f"{storey} has the most doors ({n})")
    german = qa(INS).ask("Wie viele Fenster gibt es auf der Etage mit den meisten Türen?")
    assert german["count"] == len(want)


def test_two_clauses_ask_the_second_of_what_the_first_chose(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    # main answered "Level 1 has the most furniture and walls (62)": the two classes counted together
    f = ifc(DUP)
    storey, _ = _most(f, "IfcFurnishingElement")
    want = _on(f, storey, "IfcWall")
    for question in ("which floor has the most furniture, and how many walls does it have?",
                     "Which floor has the most furniture? How many walls are on it?",
                     "Which floor has the most furniture and how many walls are on that floor?",
                     "Wie viele Wände hat das Geschoss mit den meisten Möbeln?"):
        answer = qa(DUP).ask(question)
        assert answer["count"] == len(want), (question, answer["answer"])
        assert {r["guid"] for r in answer["elements"]} == want


def test_a_measure_of_the_chosen_storey(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    # main summed the area of the furniture ("Total Area of the 14 furniture in the model")
    f = ifc(SH)
    storey, _ = _most(f, "IfcFurnishingElement")
    want = sum(_area(s) for s in f.by_type("IfcSpace") if storey_of(s) == storey)
    answer = qa(SH).ask("how much floor area is on the story with the most furniture?")
    assert answer["value"]["number"] == pytest.approx(want, rel=1e-3)


def test_a_room_chosen_by_size_on_a_storey(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(INS)
    spaces = [s for s in f.by_type("IfcSpace") if storey_of(s) == "Erdgeschoss"]
    largest = max(spaces, key=_area)
    assert sorted(_area(s) for s in spaces)[-2] < _area(largest)
    want = _bounding(largest, "IfcDoor")
    answer = qa(INS).ask("which doors are in the largest room on Erdgeschoss?")
    assert {r["guid"] for r in answer["elements"]} == want and want


def test_a_place_after_the_chosen_room_is_part_of_the_choice(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc("AC20-FZK-Haus.ifc")
    downstairs = max((s for s in f.by_type("IfcSpace") if storey_of(s) == "Erdgeschoss"), key=_area)
    assert max(f.by_type("IfcSpace"), key=_area) != downstairs  # the gallery upstairs is larger
    answer = qa("AC20-FZK-Haus.ifc").ask("which windows are in the biggest room downstairs?")
    assert {r["guid"] for r in answer["elements"]} == _bounding(downstairs, "IfcWindow")
    f = ifc(INS)
    offices = [s for s in f.by_type("IfcSpace") if storey_of(s) == "1. Obergeschoss" and "Buero" in (s.LongName or "")]
    largest = max(offices, key=_area)
    assert sorted(_area(s) for s in offices)[-2] < _area(largest)
    answer = qa(INS).ask("list the doors of the largest office on the first upper floor (1. Obergeschoss)")
    assert {r["guid"] for r in answer["elements"]} == _bounding(largest, "IfcDoor")


def test_a_fronted_room_chosen_by_a_count_then_its_area(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    # main answered "Room with most doors: area in m2?" with the total over every space
    for name, cls, question in ((R3, "IfcWindow", "the room with the most windows - what's its area?"),
                                (R3, "IfcDoor", "Room with most doors: area in m2?"),
                                (FZK11, "IfcDoor", "which room has the most doors, and how large is it?")):
        spaces = ifc(name).by_type("IfcSpace")
        counts = sorted(((len(_bounding(s, cls)), s) for s in spaces), key=lambda t: t[0])
        assert counts[-1][0] > counts[-2][0]
        answer = qa(name).ask(question)
        assert answer["value"]["number"] == pytest.approx(_area(counts[-1][1]), rel=1e-3), answer["answer"]
        assert {r["guid"] for r in answer["elements"]} == {counts[-1][1].GlobalId}


def test_ties_absent_classes_and_missing_measures_decline(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(DUP)
    assert len(_on(f, "Level 1", "IfcSpace")) == len(_on(f, "Level 2", "IfcSpace")) == 10
    reason = _declined(qa(DUP).ask("how many doors are on the floor with the most rooms"))
    assert "Level 1 and Level 2 tie" in reason
    assert not ifc(SH).by_type("IfcColumn")
    _declined(qa(SH).ask("Which windows are on the floor that has the most columns?"))
    assert not any(ue.get_pset(s, q) for s in ifc(EDC).by_type("IfcSpace")
                   for q in ("Qto_SpaceBaseQuantities", "BaseQuantities"))
    _declined(qa(EDC).ask("how many doors are on the biggest storey?"))
    _declined(qa(DUP).ask("what's the area of the room with the most windows?"))  # A203 and B203: 3 each
    # the plan answered "1. Obergeschoss has the most windows and doors (76)": a tie now declines it
    assert "tie" in _declined(qa(INS).ask("which story has the most windows, and how many doors does it have?"))


def test_questions_the_rules_answer_are_kept(qa: QA) -> None:
    yes_no = qa(INS).ask("is Erdgeschoss the floor with the most doors?")
    assert yes_no["yes_no"] is False
    largest = qa(INS).ask("what is the area of the largest room")
    assert largest["value"]["number"] == pytest.approx(201.78, rel=1e-3) and len(largest["elements"]) == 2
    assert find("which storey has the most rooms", []) is None
    assert find("what's on the top floor", []) is None


def test_the_bench_files_are_fresh(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "chosen_scopes.py"), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
