"""Round 15 scope15: a measure or aggregate asked of a storey or room a superlative chooses (spatial/chosen_measure.py,
called from chosen_scope.py), every answer checked against the IFC file through plain IfcOpenShell (storey-deep walks,
the spaces' quantity sets)."""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial.chosen_measure import asks_measure, measured, off_scope
from ifcqa.spatial.chosen_scope import find
from ifcqa.spatial.pipeline import SpatialQA

pytestmark = pytest.mark.usefixtures("shared_ifc")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
INS = "AC11-Institute-Var-2-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
SH = "Ifc4_SampleHouse.ifc"
EDC = "KIT-EDC_with_SB.ifc"
FZK = "AC20-FZK-Haus.ifc"
QA = Callable[[str], SpatialQA]


@pytest.fixture(scope="module")
def ifc(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    return lambda name: open_cached(str(shared_ifc / name))


def _on(f: ifcopenshell.file, storey: str, cls: str) -> list[Any]:
    return [e for e in f.by_type(cls) if storey_of(e) == storey]


def _counts(f: ifcopenshell.file, cls: str) -> dict[str, int]:
    return {s.Name: len(_on(f, s.Name, cls)) for s in f.by_type("IfcBuildingStorey")}


def _most(f: ifcopenshell.file, cls: str) -> str:
    counts = _counts(f, cls)
    winners = [s for s, n in counts.items() if n == max(counts.values())]
    assert len(winners) == 1, counts
    return winners[0]


def _area(space: Any) -> float:
    for qset, name in (("Qto_SpaceBaseQuantities", "NetFloorArea"), ("BaseQuantities", "NetFloorArea"),
                       ("GSA Space Areas", "GSA BIM Area")):
        value = ue.get_pset(space, qset, name)
        if isinstance(value, float):
            return value
    raise AssertionError(space.Name)


def _declined(answer: dict[str, Any]) -> str:
    assert answer.get("declined"), answer["answer"]
    assert not answer["elements"]
    return str(answer["declined"]["reason"])


def test_the_floor_area_of_a_storey_chosen_by_a_count(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(INS)
    storey = _most(f, "IfcDoor")
    want = sum(_area(s) for s in _on(f, storey, "IfcSpace"))
    for question in ("how many square metres has the floor with the most doors",
                     "How big is the level with the most doors?",
                     "Wie groß ist das Geschoss mit den meisten Türen?"):
        got = qa(INS).ask(question)
        assert got["value"]["number"] == pytest.approx(want, rel=1e-3), got["answer"]
        assert got["answer"].startswith(f"{storey} has the most doors"), got["answer"]
        assert got["route"] == "chosen_scope"
    # German genitive: "des Geschosses", "des Stockwerks"
    g = ifc(FZK)
    storey = _most(g, "IfcWindow")
    got = qa(FZK).ask("Gesamtfläche des Geschosses mit den meisten Fenstern?")
    assert got["value"]["number"] == pytest.approx(sum(_area(s) for s in _on(g, storey, "IfcSpace")), rel=1e-3)


def test_a_mean_and_a_wall_length_on_the_chosen_storey(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(DUP)
    storey = _most(f, "IfcDoor")
    got = qa(DUP).ask("average room size on the level with the most doors")
    assert got["value"]["number"] == pytest.approx(statistics.fmean(_area(s) for s in _on(f, storey, "IfcSpace")),
                                                   rel=1e-3)
    got = qa(DUP).ask("How big is the floor with the most windows?")
    storey = _most(f, "IfcWindow")
    assert got["value"]["number"] == pytest.approx(sum(_area(s) for s in _on(f, storey, "IfcSpace")), rel=1e-3)
    assert f"on {storey}" in got["answer"]


def test_a_tie_or_nothing_to_rank_declines_never_the_whole_model(qa: QA, ifc: Callable[[str], ifcopenshell.file]
                                                                  ) -> None:
    counts = _counts(ifc(DUP), "IfcSpace")
    assert sorted(counts.values())[-1] == sorted(counts.values())[-2]  # Level 1 and Level 2: 10 rooms each
    for question in ("how many square metres has the floor with the most rooms",
                     "Wie groß ist das Geschoss mit den meisten Räumen?",
                     "Gesamtfläche des Stockwerks mit den meisten Räumen?"):
        reason = _declined(qa(DUP).ask(question))
        assert "tie" in reason and "422" not in reason  # merge14: "Total GSA BIM Area of the 21 spaces in the model"
    assert not ifc(SH).by_type("IfcColumn")
    _declined(qa(SH).ask("How big is the story with the most columns?"))
    assert not any(_area_or_none(s) for s in ifc(EDC).by_type("IfcSpace"))
    _declined(qa(EDC).ask("average room size on the storey with the most walls"))


def _area_or_none(space: Any) -> float | None:
    try:
        return _area(space)
    except AssertionError:
        return None


def test_a_chosen_storey_named_like_a_class_is_asked_as_that_storey(qa: QA, ifc: Callable[[str], ifcopenshell.file]
                                                                     ) -> None:
    f = ifc(DUP)
    areas = {s.Name: sum(_area(x) for x in _on(f, s.Name, "IfcSpace")) for s in f.by_type("IfcBuildingStorey")}
    largest = max(areas, key=lambda k: areas[k])
    assert largest == "Roof"  # "How big is Roof?" alone reads the roof element (132.9 m², PSet_Revit_Dimensions)
    got = qa(DUP).ask("How big is the largest level?")
    assert got["value"]["number"] == pytest.approx(areas["Roof"], rel=1e-3), got["answer"]
    # the measured spaces, in number: "of the 1 space on Roof" (round 20: it said "the 1 spaces")
    on_roof = len(_on(f, "Roof", "IfcSpace"))
    assert f"of the {on_roof} {'space' if on_roof == 1 else 'spaces'} on Roof" in got["answer"], got["answer"]


def test_the_words_and_the_scope_rule() -> None:
    assert measured("how many square metres has {scope}") and measured("Gesamtfläche {scope}?")
    assert measured("How many m2 has {scope}?") and not measured("which doors are in room B2m2")
    assert measured("Durchschnittliche Raumgröße im {scope}") and not measured("which doors are on {scope}")
    choice = find("how many square metres has the floor with the most rooms", [])
    assert choice is not None and asks_measure(choice)
    room = find("what is the area of the largest room", [])
    assert room is not None and not asks_measure(room)  # the rules' own question: the largest area
    assert off_scope({"plan": {"storey_names": []}}, "Level 2") is not None
    assert off_scope({"plan": {"storey_names": ["Level 1"]}}, "Level 2") is not None
    assert off_scope({"plan": {"storey_names": ["Level 2"]}}, "Level 2") is None


def test_questions_the_rules_answer_are_kept(qa: QA) -> None:
    largest = qa(INS).ask("what is the area of the largest room")
    assert largest["value"]["number"] == pytest.approx(201.78, rel=1e-3) and len(largest["elements"]) == 2
    assert qa(INS).ask("which storey has the most doors")["storeys"] == ["1. Obergeschoss"]


def test_the_bench_files_are_fresh(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "chosen_measures.py"), "--ifc-dir", str(shared_ifc),
                           "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_storey_chosen_by_the_room_it_holds(qa: QA, ifc: Callable[[str], ifcopenshell.file]) -> None:
    f = ifc(DUP)
    (a205,) = [s for s in f.by_type("IfcSpace") if s.Name == "A205"]
    storey = storey_of(a205)
    spaces = _on(f, str(storey), "IfcSpace")
    got = qa(DUP).ask("how big is the floor where room A205 is")  # merge14: room A205's own 1.754 m²
    assert got["value"]["number"] == pytest.approx(sum(_area(s) for s in spaces), rel=1e-3), got["answer"]
    got = qa(DUP).ask("how many doors are on the level with room A205?")
    assert got["count"] == len(_on(f, str(storey), "IfcDoor"))
    bathrooms = {storey_of(s) for s in f.by_type("IfcSpace") if "bathroom" in (s.LongName or s.Name or "").lower()}
    assert len(bathrooms) == 2
    _declined(qa(DUP).ask("average room size on the floor with the bathrooms"))
    assert find("How big is the floor with 8 doors?", []) is None


def test_a_comparison_after_the_choice_is_no_part_of_what_it_counts() -> None:
    choice = find("how much bigger is the floor with the most doors than Dachgeschoss", [])
    assert choice is not None and choice.chooser == "which storey has the most doors"  # not "... than D."
