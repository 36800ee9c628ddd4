"""Round 5b: four gaps of question understanding, answers checked against plain IfcOpenShell.

a. the storeys as the subject with one value each ("the elevation of each storey");
b. several attributes in one lookup ("the width and height of door X");
c. the unit asked differs from the model's ("total wall length in m" on a millimetre model, "in square feet");
d. names in the model's language or abbreviated ("sliding doors" = "Schiebetür", "double" = "Dbl"), "upstairs"
   in a model with an attic;
e. the LLM planner fills lookups (several attributes, per storey, elements, the unit) through the scripted server.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.placement as up
import pytest

from ifcqa.index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.spatial import SpatialQA, units_asked
from ifcqa.spatial.llm_plan import LLMPlanner

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "dev_round5_gaps_oracles.py"
DUP, LB, SH = "Duplex_A_20110907.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"
INS, FZK, HOM, EDC = "AC11-Institute-Var-2-IFC.ifc", "AC20-FZK-Haus.ifc", "ExampleHOM.ifc", "KIT-EDC_with_SB.ifc"
DOOR_DUP = "1hOSvn6df7F8_7GcBWlRGQ"
DOOR_LB = "2cXV28XOjE6f6irgi0COhu"


def ask(index: ModelIndex, question: str) -> dict[str, Any]:
    return SpatialQA(index, use_graph=False, embedder=None).ask(question)


def elevations(model: ifcopenshell.file) -> dict[str, float]:
    """Storey name -> Elevation, else the z of its placement (plain IfcOpenShell)."""
    out = {}
    for s in model.by_type("IfcBuildingStorey"):
        out[s.Name] = float(s.Elevation) if s.Elevation is not None else float(
            up.get_local_placement(s.ObjectPlacement)[2][3])
    return out


def rows(answer: dict[str, Any]) -> dict[Any, int]:
    return {r["value"]: r["count"] for r in answer["value"]["values"]}


def test_committed_dev_round5_gaps_json_equals_the_oracles(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


# --- a. one value per storey ----------------------------------------------------------------------------------

@pytest.mark.parametrize("question", ["what is the elevation of each storey", "list the levels with their elevations",
                                      "Elevations of all levels?", "at what height is each storey?"])
def test_each_storeys_elevation(index_of: Callable[[str], ModelIndex], shared_ifc: Path, question: str) -> None:
    model = ifcopenshell.open(str(shared_ifc / DUP))
    answer = ask(index_of(DUP), question)
    want = elevations(model)
    assert answer["declined"] is None
    assert {round(k, 6): v for k, v in rows(answer).items()} == {round(v, 6): 1 for v in want.values()}
    assert {e["guid"] for e in answer["elements"]} == {s.GlobalId for s in model.by_type("IfcBuildingStorey")}
    per = answer["value"]["per_storey"]
    assert [p["storey"] for p in per] == sorted(want, key=want.__getitem__)  # lowest first


def test_each_storeys_floor_to_floor_height_the_top_has_none(index_of: Callable[[str], ModelIndex],
                                                             shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / INS))
    levels = sorted(elevations(model).values())
    answer = ask(index_of(INS), "Wie hoch ist jedes Geschoss?")
    diffs = [round(b - a, 6) for a, b in zip(levels, levels[1:], strict=False)]
    assert rows(answer) == {**{d: diffs.count(d) for d in diffs}, None: 1}
    assert "top storey" in answer["answer"]


def test_each_storeys_attribute_the_model_lacks_declines(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DUP), "what is the fire rating of each storey?")
    assert answer["declined"] and not answer["elements"] and "fire rating" in answer["declined"]["reason"]


def test_each_storey_with_a_filter_is_not_answered_as_every_storey(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DUP), "what is the elevation of each storey with a kitchen")
    assert answer["declined"] and answer["value"] is None


# --- c. the unit asked --------------------------------------------------------------------------------------------

def test_a_millimetre_total_asked_in_metres(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / LB))
    storey = next(s for s in model.by_type("IfcBuildingStorey") if s.Name == "Level 1")
    walls = [w for w in model.by_type("IfcWall") if ue.get_container(w) == storey]
    total_mm = sum(ue.get_pset(w, "BaseQuantities", "Length") for w in walls)
    answer = ask(index_of(LB), "total wall length on level 1 in m")
    assert answer["value"]["unit"] == "m" and answer["value"]["number"] == pytest.approx(total_mm / 1000)
    assert "converted from mm to m" in answer["answer"] and f"{total_mm / 1000:g} m" in answer["answer"]


def test_an_area_in_square_feet_and_a_width_in_cm(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / DUP))
    space = next(s for s in model.by_type("IfcSpace") if s.Name == "B102")
    area = ue.get_pset(space, "GSA Space Areas", "GSA BIM Area")
    answer = ask(index_of(DUP), "What is the area of room B102 in square feet?")
    assert answer["value"]["unit"] == "ft²" and answer["value"]["number"] == pytest.approx(area / 0.09290304, rel=1e-4)
    width = model.by_guid(DOOR_DUP).OverallWidth
    answer = ask(index_of(DUP), f"how wide is door {DOOR_DUP} in cm")
    assert answer["value"]["unit"] == "cm" and answer["value"]["number"] == pytest.approx(width * 100)
    assert answer["value"]["values"] == [{"value": pytest.approx(width * 100), "count": 1}]


@pytest.mark.parametrize(("name", "question", "unit"), [
    (LB, f"how wide is door {DOOR_LB} in square metres", "square metres"),
    (DUP, "what is the total floor area of the rooms on level 2 in metres?", "metres"),
    (SH, "what's the width of door 3cUkl32yn9qRSPvBJVyWYp in kg", "kg"),
])
def test_a_unit_of_another_kind_declines_naming_it(index_of: Callable[[str], ModelIndex], name: str, question: str,
                                                   unit: str) -> None:
    answer = ask(index_of(name), question)
    assert answer["declined"] and answer["declined"]["not_understood"] == [unit]
    assert not answer["elements"] and answer["value"] is None and "a unit of" in answer["declined"]["reason"]


def test_unit_words_convert_both_ways() -> None:
    asked = units_asked.find("how wide is it in inches")
    assert asked is not None and asked.unit.symbol == "in"
    assert units_asked.factor("mm", asked.unit) == pytest.approx(1 / 25.4)
    assert units_asked.find("what is in the kitchen") is None  # "in" alone is no unit
    assert units_asked.convert_text("Total: 159000 mm (BaseQuantities)", "mm", units_asked.unit_of("m")) \
        == "Total: 159 m (BaseQuantities)"  # type: ignore[arg-type]


# --- b. several attributes --------------------------------------------------------------------------------------

def test_width_and_height_of_one_door(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    door = ifcopenshell.open(str(shared_ifc / DUP)).by_guid(DOOR_DUP)
    answer = ask(index_of(DUP), f"what are the width and height of door {DOOR_DUP}?")
    parts = answer["value"]["parts"]
    assert [p["number"] for p in parts] == [pytest.approx(door.OverallWidth), pytest.approx(door.OverallHeight)]
    assert [e["guid"] for e in answer["elements"]] == [DOOR_DUP]


def test_a_part_not_recorded_is_said_while_the_other_is_answered(index_of: Callable[[str], ModelIndex],
                                                                 shared_ifc: Path) -> None:
    door = ifcopenshell.open(str(shared_ifc / DUP)).by_guid(DOOR_DUP)
    answer = ask(index_of(DUP), f"What is the width and colour of door {DOOR_DUP}?")
    width, colour = answer["value"]["parts"]
    assert width["number"] == pytest.approx(door.OverallWidth)
    assert "declined" in colour and "colour" in colour["declined"] and answer["declined"] is None


def test_three_attributes_and_a_missing_material(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / HOM))
    door = next(d for d in model.by_type("IfcDoor") if d.Name == "GroundFloor_Door1")
    answer = ask(index_of(HOM), "the width, height and material of GroundFloor_Door1")
    width, height, material = answer["value"]["parts"]
    assert width["number"] == pytest.approx(ue.get_pset(door, "Qto_DoorBaseQuantities", "Width"))
    assert height["number"] == pytest.approx(ue.get_pset(door, "Qto_DoorBaseQuantities", "Height"))
    assert not ue.get_materials(door) and "declined" in material


def test_how_wide_and_how_tall(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    door = next(d for d in ifcopenshell.open(str(shared_ifc / FZK)).by_type("IfcDoor") if d.Name == "Haustuer")
    answer = ask(index_of(FZK), "how wide and how tall is the Haustuer")
    assert [p["number"] for p in answer["value"]["parts"]] == [pytest.approx(door.OverallWidth),
                                                               pytest.approx(door.OverallHeight)]


def test_a_list_of_classes_is_no_list_of_attributes(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DUP), "what are the doors and windows on level 1")
    assert answer["value"] is None or "parts" not in (answer["value"] or {})
    assert answer["elements"]


# --- d. names in the model's language or abbreviated ---------------------------------------------------------

def _named(model: ifcopenshell.file, cls: str, *words: str) -> set[str]:
    out = set()
    for e in model.by_type(cls):
        t = ue.get_type(e)
        text = f"{e.Name or ''} {t.Name if t is not None else ''}".lower()
        if any(w in text for w in words):
            out.add(e.GlobalId)
    return out


def test_sliding_doors_in_a_german_model(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    want = _named(ifcopenshell.open(str(shared_ifc / FZK)), "IfcDoor", "schiebetür")
    answer = ask(index_of(FZK), "how many sliding doors are there?")
    assert answer["count"] == len(want) == 1 and {e["guid"] for e in answer["elements"]} == want
    assert "Schiebetür" in answer["answer"] or "schiebetur" in answer["answer"]


def test_revit_abbreviations_double_and_single(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / SH))
    answer = ask(index_of(SH), "how many double doors does the house have?")
    assert {e["guid"] for e in answer["elements"]} == _named(model, "IfcDoor", "dbl") != set()
    answer = ask(index_of(SH), "list the single doors")
    assert {e["guid"] for e in answer["elements"]} == _named(model, "IfcDoor", "sgl") != set()


def test_double_and_single_in_one_type_name(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    """'IFC2x_DblDoorSnglSwing' is a double door (Dbl before Door), never a single one."""
    model = ifcopenshell.open(str(shared_ifc / INS))
    double = _named(model, "IfcDoor", "dbldoor")
    answer = ask(index_of(INS), "how many double doors are there")
    assert answer["count"] == len(double) > 0
    single = ask(index_of(INS), "list the single doors")
    assert not {e["guid"] for e in single["elements"]} & double


def test_an_abbreviated_property_word_in_names_is_no_evidence(index_of: Callable[[str], ModelIndex],
                                                                shared_ifc: Path) -> None:
    """No wall records IsExternal; 'Wand-Ext-1' in a name does not make it external (people_third's rule)."""
    model = ifcopenshell.open(str(shared_ifc / FZK))
    assert all(ue.get_pset(w, "Pset_WallCommon", "IsExternal") is None for w in model.by_type("IfcWall"))
    assert any("-Ext-" in w.Name for w in model.by_type("IfcWall"))
    for question in ("list the exterior walls", "how many interior walls are on the Erdgeschoss?"):
        answer = ask(index_of(FZK), question)
        assert answer["declined"] and not answer["elements"] and answer["count"] is None


def test_inside_walls_by_the_type_name_as_written(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / HOM))
    want = {w.GlobalId for w in model.by_type("IfcWall")
            if ue.get_type(w) is not None and "Inside" in ue.get_type(w).Name}
    answer = ask(index_of(HOM), "list the inside walls")
    assert {e["guid"] for e in answer["elements"]} == want != set() and "'inside'" in answer["answer"]


def test_spiral_staircase_is_the_wendeltreppe(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / FZK))
    stair = next(s for s in model.by_type("IfcStair") if s.Name == "Wendeltreppe")
    answer = ask(index_of(FZK), "which storey is the spiral staircase on?")
    assert answer["storeys"] == [ue.get_container(stair).Name]


@pytest.mark.parametrize("question", ["list the pocket doors", "how many DblHung windows are there?"])
def test_a_word_no_name_writes_declines(index_of: Callable[[str], ModelIndex], question: str) -> None:
    answer = ask(index_of(SH if "pocket" in question else INS), question)
    assert answer["declined"] and not answer["elements"]


def test_upstairs_skips_the_attic_and_says_so(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / HOM))
    first = next(s for s in model.by_type("IfcBuildingStorey") if s.Name == "1stFloor")
    want = {w.GlobalId for w in model.by_type("IfcWindow") if ue.get_container(w) == first}
    answer = ask(index_of(HOM), "how many windows are upstairs?")
    assert answer["count"] == len(want) > 0 and {e["guid"] for e in answer["elements"]} == want
    assert "no roof level or attic" in answer["answer"]


# --- e. the LLM planner fills lookups ---------------------------------------------------------------------------

def _llm(index: ModelIndex, plans: list[dict[str, Any]], questions: list[str]) -> list[dict[str, Any]]:
    steps = iter(plans)

    def step(request: dict[str, Any]) -> dict[str, Any] | None:
        if request["messages"][0]["content"].startswith("You answer a question"):
            return {"status": 400, "body": "this test keeps the templated answer"}
        return {"content": json.dumps(next(steps))}

    with ScriptedServer(step) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0, timeout_s=30)
        qa = SpatialQA(index, use_graph=False, embedder=None, planner=LLMPlanner(index, client))
        return [qa.ask(q) for q in questions]


def test_an_llm_plan_with_two_attributes_runs_like_the_rules(index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of(DUP)
    question = f"what are the width and height of door {DOOR_DUP}?"
    plan = {"intent": "list", "elements": [DOOR_DUP], "lookup": [{"attribute": "width"}, {"attribute": "height"}]}
    llm, = _llm(index, [plan], [question])
    rules = ask(index, question)
    assert llm["plan"]["parser"] == "llm:scripted" and llm["declined"] is None
    assert llm["value"]["parts"] == rules["value"]["parts"] and llm["elements"] == rules["elements"]


def test_an_llm_plan_per_storey_in_another_unit(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    index = index_of(EDC)
    question = "list the storeys with their elevation in mm"
    plan = {"intent": "list", "lookup": [{"attribute": "elevation"}], "each_storey": True, "unit": "mm"}
    llm, = _llm(index, [plan], [question])
    want = elevations(ifcopenshell.open(str(shared_ifc / EDC)))
    assert llm["plan"]["parser"] == "llm:scripted" and llm["value"]["unit"] == "mm"
    assert {round(k, 6): v for k, v in rows(llm).items()} == {round(v * 1000, 6): 1 for v in want.values()}


def test_an_llm_plan_dropping_an_attribute_or_the_unit_declines(index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of(DUP)
    one = {"intent": "list", "elements": [DOOR_DUP], "lookup": [{"attribute": "width"}]}
    no_unit = {"intent": "list", "elements": [DOOR_DUP], "lookup": [{"attribute": "width"}]}
    dropped, unitless = _llm(index, [one, no_unit], [f"what are the width and height of door {DOOR_DUP}?",
                                                      f"how wide is door {DOOR_DUP} in cm"])
    assert dropped["declined"] and "height" in dropped["declined"]["not_understood"]
    assert unitless["declined"] and "cm" in unitless["declined"]["not_understood"]


def test_an_llm_plan_naming_an_attribute_or_element_the_model_lacks_declines(
        index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of(DUP)
    plan = {"intent": "list", "elements": ["NoSuchDoor_42"], "lookup": [{"attribute": "AcousticRatingXYZ"}]}
    answer, = _llm(index, [plan], ["what is the acoustic rating of NoSuchDoor_42"])
    assert answer["declined"] and not answer["elements"]
    assert {"NoSuchDoor_42", "AcousticRatingXYZ"} <= set(answer["declined"]["not_understood"])


def test_a_room_word_the_model_has_no_room_for_names_the_door(index_of: Callable[[str], ModelIndex],
                                                               shared_ifc: Path) -> None:
    """'the entrance door' in a model with no entrance room but a door typed 'Eingangstür': that door."""
    name = "AC11-FZK-Haus-IFC.ifc"
    model = ifcopenshell.open(str(shared_ifc / name))
    assert not any("eingang" in f"{s.Name} {s.LongName}".lower() or "entrance" in f"{s.Name} {s.LongName}".lower()
                   for s in model.by_type("IfcSpace"))
    door = next(d for d in model.by_type("IfcDoor") if ue.get_type(d) is not None and ue.get_type(d).Name ==
                "Eingangstür")
    answer = ask(index_of(name), "How wide is the entrance door?")
    assert answer["value"]["number"] == pytest.approx(door.OverallWidth)
    assert [e["guid"] for e in answer["elements"]] == [door.GlobalId] and "Eingangstür" in answer["answer"]


def test_a_lookup_of_a_room_the_model_lacks_declines(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of("AC11-FZK-Haus-IFC.ifc"), "how wide are the doors of the entrance")
    assert answer["declined"] and not answer["elements"] and answer["value"] is None


def test_two_attributes_per_storey(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / DUP))
    levels = sorted(elevations(model).values())
    answer = ask(index_of(DUP), "what are the elevation and floor-to-floor height of each storey")
    elevation, height = answer["value"]["parts"]
    assert {r["value"]: r["count"] for r in elevation["values"]} == {round(v, 6): 1 for v in levels}
    diffs = [round(b - a, 6) for a, b in zip(levels, levels[1:], strict=False)]
    assert sorted(r["value"] for r in height["values"] if r["value"] is not None) == sorted(diffs)
    assert len(answer["elements"]) == len(levels)
