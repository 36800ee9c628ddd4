"""Round 16, one value of a named thing asked the short way (bench/spatial/value_lookups.py,
src/ifcqa/spatial/value_lookups.py).

A bare length unit after a length word or ending the question is the unit asked (converted with the model's unit,
a unit after a number stays a quantity); a storey's position asked as "X - at which height?", "how high up is X",
"wie hoch liegt X" is its Elevation; "the door" with a bare unit presumes one door; a named element's value asked
in a unit of another kind declines. Every question below is none of the bench's; values are read from the IFC file
with plain IfcOpenShell.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.unit as uu
import pytest
from plain_walks import open_cached

from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "spatial"
DUPLEX = "Duplex_A_20110907.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
LARGE = "LargeBuilding.ifc"  # millimetres


def _elevation_m(shared_ifc: Path, model: str, name: str) -> float:
    f = open_cached(str(shared_ifc / model))
    storey = next(s for s in f.by_type("IfcBuildingStorey") if s.Name == name)
    return float(storey.Elevation) * uu.calculate_unit_scale(f)


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["value"] is None or not (answer["value"] or {}).get("number"), \
        answer["answer"]
    assert word in answer["answer"], answer["answer"]


def test_a_bare_unit_after_the_elevation_is_the_unit_asked(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    expected = _elevation_m(shared_ifc, LARGE, "Level 2")  # the file holds 4000 (mm)
    for question, unit, factor in (("Level 2 elevation m", "m", 1.0), ("level 2 elevation - cm pls", "cm", 100.0),
                                   ("elevation of Level 2, metres thx", "m", 1.0)):
        answer = qa(LARGE).ask(question)
        assert answer["value"]["unit"] == unit, (question, answer["answer"])
        assert answer["value"]["number"] == pytest.approx(expected * factor), (question, answer["answer"])


def test_a_bare_unit_ending_a_named_elements_lookup(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / INSTITUTE))
    door = next(d for d in f.by_type("IfcDoor") if d.Name == "Tür-003")
    answer = qa(INSTITUTE).ask("Tür-003 height mm?")
    assert answer["value"]["unit"] == "mm", answer["answer"]
    assert answer["value"]["number"] == pytest.approx(float(door.OverallHeight) * 1000), answer["answer"]
    assert [r["guid"] for r in answer["elements"]] == [door.GlobalId]


def test_a_number_before_a_unit_is_a_quantity_not_the_unit_asked(qa: Callable[[str], SpatialQA],
                                                                 shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    wide = {d.GlobalId for d in f.by_type("IfcDoor") if d.OverallWidth and float(d.OverallWidth) > 1.0}
    answer = qa(DUPLEX).ask("doors with a width over 1 m")
    assert {r["guid"] for r in answer["elements"]} == wide and wide, answer["answer"]


def test_where_a_storey_lies_is_its_elevation(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    for model, question, name in ((DUPLEX, "ok so Level 2 - at which height is it?", "Level 2"),
                                  (DUPLEX, "how high up is T/FDN", "T/FDN"),
                                  (INSTITUTE, "Wie hoch liegt das 2. OG?", "2. Obergeschoss"),
                                  (INSTITUTE, "at which height does dachgeschoss lie", "Dachgeschoss")):
        answer = qa(model).ask(question)
        assert "Elevation" in answer["answer"], (question, answer["answer"])
        assert answer["value"]["number"] == pytest.approx(_elevation_m(shared_ifc, model, name)), question


def test_a_storey_the_model_lacks_declines(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(INSTITUTE).ask("wie hoch liegt das 6. OG")
    assert answer["declined"] is not None or "no storey" in answer["answer"], answer["answer"]
    assert answer["value"] is None or not answer["value"].get("number"), answer["answer"]
    assert not answer["elements"]


def test_the_door_with_a_bare_unit_is_one_door(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    doors = open_cached(str(shared_ifc / DUPLEX)).by_type("IfcDoor")
    assert len(doors) > 3
    _declined(qa(DUPLEX).ask("height of the door mm"), f"there are {len(doors)} doors")


def test_a_named_element_in_a_unit_of_another_kind_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(INSTITUTE).ask("width of Tür-003 in kg"), "'kg', a unit of mass")
    _declined(qa(INSTITUTE).ask("Fenster-013 - height in m²?"), "a unit of area")


def test_committed_value_lookup_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "value_lookups.py"), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    cases = json.loads((BENCH / "value_lookup_cases.json").read_text(encoding="utf-8"))
    assert {c["group"] for c in cases} == {"elevation", "floor_to_floor", "single", "decline"}


def test_an_elevation_asked_already_is_read_once(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    for question, name in (("What is the elevation of 1. Obergeschoss?", "1. Obergeschoss"),
                           ("what's Dachgeschoss's elevation in cm?", "Dachgeschoss"),
                           ("Höhenlage DG in cm", "Dachgeschoss")):
        answer = qa(INSTITUTE).ask(question)
        factor = 100.0 if "cm" in question else 1.0
        assert answer["value"]["number"] == pytest.approx(_elevation_m(shared_ifc, INSTITUTE, name) * factor), \
            (question, answer["answer"])
    answer = qa(DUPLEX).ask("Level 2 height above zero - how many millimetres?")  # round 11's "how many <unit>"
    assert answer["value"]["number"] == pytest.approx(_elevation_m(shared_ifc, DUPLEX, "Level 2") * 1000)
