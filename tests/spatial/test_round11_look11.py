"""Round 11 (look11), a value of a named storey, element or class asked in people's words (issue 22): a storey's
elevation asked as a height above zero or where the storey sits (with the unit asked honoured), the attribute
written before or after the storey's name, a storey named like a class; the material asked as "consist of which
material"; "the door's width" of the one door read, of several declined naming how many; a value of a class the
model lacks declined. Every answer is checked against the IFC file read with plain IfcOpenShell (``plain_walks``),
never the project's index; sentences where the mechanism must not apply check that they still filter, list each or
decline."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu
import pytest
from plain_walks import Index, ask, guids, storey_of

from ifcqa.spatial import singular_asked, storey_values
from ifcqa.spatial.bench import _people_record

pytestmark = pytest.mark.usefixtures("shared_ifc")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
LB = "LargeBuilding.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
SH = "Ifc4_SampleHouse.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
RQ = "revit_quantities.ifc"
HE = "Heizung-Elektro_080729.ifc"
Model = Callable[[str], ifcopenshell.file]


def _elevation_m(f: ifcopenshell.file, name: str) -> float:
    found = [s for s in f.by_type("IfcBuildingStorey") if s.Name == name]
    assert len(found) == 1 and found[0].Elevation is not None
    return float(found[0].Elevation) * uu.calculate_unit_scale(f)  # the file's unit to metres


def _declined(answer: dict[str, Any]) -> str:
    assert answer["declined"] is not None, answer["answer"]
    assert answer["elements"] == [] and not (answer.get("value") or {}).get("values")
    return str(answer["declined"]["reason"])


def _number(answer: dict[str, Any]) -> tuple[float, str]:
    assert answer["declined"] is None, answer["answer"]
    return float(answer["value"]["number"]), str(answer["value"]["unit"])


def _materials(elements: list[ifcopenshell.entity_instance]) -> Counter[str]:
    return Counter(n for e in elements for n in dict.fromkeys(m.Name for m in ue.get_materials(e) if m.Name))


# --- the storey's elevation ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "unit", "scale"), [
    ("elevation level 2 in m", "m", 1.0),
    ("Level 2 height above zero - how many meters?", "m", 1.0),
    ("At what height in metres does Level 2 sit according to the model?", "m", 1.0),
    ("how high above zero is Level 2 in mm?", "mm", 1000.0),
    ("how many mm above zero is Level 2?", "mm", 1000.0),
    ("Level 2 - elevation in cm?", "cm", 100.0),
])
def test_the_elevation_asked_in_other_words_is_the_storeys_in_the_asked_unit(index_of: Index, model: Model,
                                                                             question: str, unit: str,
                                                                             scale: float) -> None:
    want = _elevation_m(model(LB), "Level 2") * scale  # LargeBuilding's unit is mm: every answer is converted
    got = _number(ask(index_of, LB, question))
    assert got == (pytest.approx(want, rel=1e-6), unit)
    assert want != 0


def test_a_storey_named_like_a_class_is_the_storey_when_its_elevation_is_asked(index_of: Index, model: Model) -> None:
    want = _elevation_m(model(DUP), "Roof")
    for question in ("What is the elevation of Roof?", "Roof - elevation?", "Roof elevation (m)?"):
        assert _number(ask(index_of, DUP, question)) == (pytest.approx(want), "m"), question
    roofs = {e.GlobalId for e in model(DUP).by_type("IfcRoof")}
    got = ask(index_of, DUP, "what is the roof made of?")  # a material: the roof element, never the storey
    assert got["declined"] is None and guids(got) == roofs and roofs


def test_the_german_height_above_zero_reads_the_elevation(index_of: Index, model: Model) -> None:
    assert _number(ask(index_of, INST, "wie hoch über Null liegt das Dachgeschoss?")) == (
        pytest.approx(_elevation_m(model(INST), "Dachgeschoss")), "m")


def test_an_elevation_of_a_storey_the_model_lacks_or_in_no_length_unit_declines(index_of: Index) -> None:
    _declined(ask(index_of, LB, "how high above zero is Level 7?"))
    reason = _declined(ask(index_of, LB, "how high above zero is Level 2 in m²?"))
    assert "m²" in reason
    _declined(ask(index_of, LB, "how high above sea level is Level 2?"))  # no datum the file's storeys record


def test_the_rewrites_leave_other_questions_alone() -> None:
    for text in ("which walls are higher than 3 m", "how high is the wall on level 2", "doors above level 1"):
        assert storey_values.rewrite(text) == (text, [])


# --- materials --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", ["the walls consist of which material", "what do the walls consist of?",
                                      "which material do the walls have?",
                                      "Hi, we need the material of the walls please."])
def test_consist_of_which_material_reads_the_associated_materials(index_of: Index, model: Model,
                                                                  question: str) -> None:
    walls = model(OH).by_type("IfcWall")
    got = ask(index_of, OH, question)
    assert got["declined"] is None, got["answer"]
    assert Counter({r["value"]: r["count"] for r in got["value"]["values"]}) == _materials(walls)
    assert guids(got) == {w.GlobalId for w in walls}


def test_materials_of_a_class_on_a_storey_in_consist_form(index_of: Index, model: Model) -> None:
    f = model(INST)
    walls = [w for w in f.by_type("IfcWall") if storey_of(w) == "Keller"]
    got = ask(index_of, INST, "the walls on Keller consist of which material")
    assert Counter({r["value"]: r["count"] for r in got["value"]["values"]}) == _materials(walls)
    assert guids(got) == {w.GlobalId for w in walls}


def test_walls_consisting_of_a_named_material_is_no_lookup(index_of: Index) -> None:
    got = ask(index_of, INST, "which walls are made of Kalksandstein?")  # a filter by material, listed
    assert got["plan"]["intent"] != "lookup" and got["declined"] is None


def test_a_value_of_a_class_the_model_lacks_declines_naming_it(index_of: Index, model: Model) -> None:
    assert not model(OH).by_type("IfcColumn")
    reason = _declined(ask(index_of, OH, "what are the columns made of?"))
    assert "no columns" in reason


# --- one element ------------------------------------------------------------------------------------------------------
def test_the_doors_width_of_the_only_door_is_read(index_of: Index, model: Model) -> None:
    doors = model(RQ).by_type("IfcDoor")
    assert len(doors) == 1
    got = ask(index_of, RQ, "What is the door's width in metres?")
    assert _number(got) == (pytest.approx(float(doors[0].OverallWidth) * uu.calculate_unit_scale(model(RQ))), "m")


def test_the_doors_width_of_several_doors_declines_naming_how_many(index_of: Index, model: Model) -> None:
    doors = [d for d in model(LB).by_type("IfcDoor") if storey_of(d) == "Level 1"]
    assert len(doors) > 1
    for question in ("What is the door's width on Level 1?", "How wide is the door on Level 1 in meters?",
                     "The only door on Level 1: what is its width?"):
        reason = _declined(ask(index_of, LB, question))
        assert f"there are {len(doors)} doors" in reason, question


def test_each_door_or_the_compound_still_lists_every_value(index_of: Index, model: Model) -> None:
    doors = [d for d in model(LB).by_type("IfcDoor") if storey_of(d) == "Level 1"]
    want = Counter(round(float(d.OverallWidth), 3) for d in doors)
    for question in ("what is the width of each door on Level 1?", "what is the door width on Level 1?"):
        got = ask(index_of, LB, question)
        assert got["declined"] is None, question
        assert Counter({round(float(r["value"]), 3): r["count"] for r in got["value"]["values"]}) == want


def test_a_named_window_with_the_unit_after_the_attribute(index_of: Index, model: Model) -> None:
    windows = [w for w in model(INST).by_type("IfcWindow") if w.Name == "Fenster-009"]
    assert len(windows) == 1
    got = ask(index_of, INST, "Fenster-009 width in meters?")
    assert _number(got) == (pytest.approx(float(windows[0].OverallWidth)), "m")
    assert guids(got) == {windows[0].GlobalId}


def test_singular_reading() -> None:
    def is_class(w: str) -> bool:
        return w in {"door", "doors", "window", "windows"}
    assert singular_asked.find("what is the door's width", is_class) == "door"
    assert singular_asked.find("how wide is the door on level 1", is_class) == "door"
    assert singular_asked.find("what is the door width on level 1", is_class) is None  # a compound
    assert singular_asked.find("the width of each door", is_class) is None
    assert singular_asked.find("what are the doors made of", is_class) is None


# --- the bench ------------------------------------------------------------------------------------------------------
def test_committed_lookup_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "lookups.py"), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_seeded_sample_of_the_dev_bench_scores_and_never_broadens(index_of: Index) -> None:
    cases = json.loads((BENCH / "lookup_cases.json").read_text(encoding="utf-8"))
    sample = random.Random(11).sample(cases, 50)
    records = [_people_record(q, q["ifc_filename"], ask(index_of, q["ifc_filename"], q["query"]), 0.0)
               for q in sample]
    misses = [(r["query"], r["answer"]) for r in records if r["score"] < 1.0]
    assert not any(r["broadened"] for r in records)
    # the only misses allowed: the e-mail template's context sentence ("I'm preparing a report", "we're setting out
    # the stair"), which the message reading of round 11 (msg11) owns, not the lookup
    assert all("preparing" in q or "setting out" in q for q, _ in misses), misses
    assert len(misses) <= 5, misses
