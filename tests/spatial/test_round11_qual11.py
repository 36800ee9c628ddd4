"""Round 11, qualifiers as people say them (bench/spatial/qualifier_cases.json, src/ifcqa/spatial/qualifier_forms.py).

A property filter comes in a frame that says how the model holds it ("doors marked as external in the model",
"walls whose thickness is more than 250 mm", "Wände, die als tragend markiert sind"), a boolean word may also be a
class-group word ("structural walls"), and some filters cannot be answered ("not external" where most walls leave
IsExternal unset, "wider than 90" with no unit). The answers below are checked against the IFC file with plain
IfcOpenShell.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "qualifier_phrasings.py"
CASES = REPO / "bench" / "spatial" / "qualifier_cases.json"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
HOUSE = "Ifc4_SampleHouse.ifc"
ROOMS3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"


def _guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


def _flag(e: ifcopenshell.entity_instance, prop: str) -> bool | None:
    for name, props in ue.get_psets(e).items():
        if (name or "").startswith("Pset_") and isinstance(props.get(prop), bool):
            return bool(props[prop])
    return None


def _flagged(f: ifcopenshell.file, cls: str, prop: str, value: bool, storey: str | None = None) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls)
            if _flag(e, prop) is value and (storey is None or storey_of(e) == storey)}


# --- frames around a filter: read, never a decline ------------------------------------------------------------


def test_whose_thickness_is_the_walls_width_on_the_storey(qa: Callable[[str], SpatialQA],
                                                           model: Callable[[str], ifcopenshell.file]) -> None:
    """people_eighth's 'whose': the relative pronoun before a dimension is the filter's frame."""
    f = model(HOM)
    thick = {e.GlobalId for e in f.by_type("IfcWall") if storey_of(e) == "GroundFloor"
             and (ue.get_psets(e, qtos_only=True).get("Qto_WallBaseQuantities") or {}).get("Width", 0) > 0.25}
    answer = qa(HOM).ask("list walls of GroundFloor whose thickness is more than 250 mm")
    assert answer["declined"] is None and _guids(answer) == thick and 0 < len(thick) < 10, answer["answer"]
    assert "Width > 0.25 m" in answer["rule"]


@pytest.mark.parametrize("question", [
    "Which doors are marked as external in the model?",
    "doors flagged as external",
    "how many doors are tagged exterior?",
    "which doors have been set as external?",
    "doors that are classified as external",
])
def test_a_recording_verb_frames_the_flag(question: str, qa: Callable[[str], SpatialQA],
                                          model: Callable[[str], ifcopenshell.file]) -> None:
    external = _flagged(model(HOUSE), "IfcDoor", "IsExternal", True)
    answer = qa(HOUSE).ask(question)
    assert answer["declined"] is None and _guids(answer) == external and len(external) == 1, answer["answer"]


def test_a_negation_before_the_frame_negates_the_flag(qa: Callable[[str], SpatialQA],
                                                      model: Callable[[str], ifcopenshell.file]) -> None:
    """'walls not marked as external': every wall of the institute records IsExternal, the FALSE ones answer."""
    f = model(INSTITUTE)
    assert all(_flag(e, "IsExternal") is not None for e in f.by_type("IfcWall"))
    answer = qa(INSTITUTE).ask("walls not marked as external")
    assert answer["declined"] is None and _guids(answer) == _flagged(f, "IfcWall", "IsExternal", False), \
        answer["answer"]


def test_german_als_markiert_frames_the_flag(qa: Callable[[str], SpatialQA],
                                             model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(INSTITUTE).ask("Welche Wände im Erdgeschoss sind als tragend markiert?")
    wanted = _flagged(model(INSTITUTE), "IfcWall", "LoadBearing", True, "Erdgeschoss")
    assert answer["declined"] is None and _guids(answer) == wanted and wanted, answer["answer"]


def test_a_where_question_keeps_its_where(qa: Callable[[str], SpatialQA]) -> None:
    """The question's own opening is never a frame: 'where are the external doors' still says where."""
    answer = qa(INSTITUTE).ask("where are the external doors?")
    assert answer["declined"] is None and "Erdgeschoss" in answer["answer"], answer["answer"]


# --- a boolean word that is also a class-group word -----------------------------------------------------------


@pytest.mark.parametrize("question", ["structural walls on the Erdgeschoss",
                                      "which walls on Erdgeschoss are structural?",
                                      "walls on Erdgeschoss tagged structural"])
def test_structural_before_or_after_a_class_is_load_bearing(question: str, qa: Callable[[str], SpatialQA],
                                                            model: Callable[[str], ifcopenshell.file]) -> None:
    wanted = _flagged(model(INSTITUTE), "IfcWall", "LoadBearing", True, "Erdgeschoss")
    answer = qa(INSTITUTE).ask(question)
    assert answer["declined"] is None and _guids(answer) == wanted and wanted, answer["answer"]
    assert "LoadBearing = TRUE" in answer["rule"]


def test_a_property_written_with_its_value_is_not_the_hvac_group(qa: Callable[[str], SpatialQA],
                                                                 model: Callable[[str], ifcopenshell.file]) -> None:
    wanted = _flagged(model(INSTITUTE), "IfcSpace", "AirConditioning", True)
    answer = qa(INSTITUTE).ask("rooms where AirConditioning is true")
    assert answer["declined"] is None and _guids(answer) == wanted and len(wanted) == 12, answer["answer"]


# --- comparisons written after the number ---------------------------------------------------------------------


def test_or_thicker_after_the_value_is_at_least(qa: Callable[[str], SpatialQA],
                                                model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INSTITUTE)
    wanted = {e.GlobalId for e in f.by_type("IfcWall")
              if (ue.get_psets(e, qtos_only=True).get("BaseQuantities") or {}).get("Width", 0) >= 0.25 - 1e-9}
    answer = qa(INSTITUTE).ask("walls 0.25 m or thicker")
    assert answer["declined"] is None and _guids(answer) == wanted and wanted, answer["answer"]
    assert ">= 0.25" in answer["rule"]


# --- must NOT answer ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", ["walls that are not external", "which walls are not load-bearing?",
                                      "list the non-exterior walls"])
def test_not_x_where_most_elements_leave_x_unset_declines(question: str, qa: Callable[[str], SpatialQA],
                                                         model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(ROOMS3)
    walls = f.by_type("IfcWall")
    assert sum(_flag(e, "IsExternal") is not None for e in walls) == 1 and len(walls) == 8
    answer = qa(ROOMS3).ask(question)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert "only 1 of the 8" in answer["answer"], answer["answer"]


def test_the_one_explicit_flag_still_answers_x(qa: Callable[[str], SpatialQA],
                                               model: Callable[[str], ifcopenshell.file]) -> None:
    """'external walls' there: the one wall that records IsExternal = TRUE, with the rule stated."""
    wanted = _flagged(model(ROOMS3), "IfcWall", "IsExternal", True)
    answer = qa(ROOMS3).ask("external walls")
    assert answer["declined"] is None and _guids(answer) == wanted and len(wanted) == 1, answer["answer"]
    assert "IsExternal = TRUE" in answer["rule"]


@pytest.mark.parametrize("question", ["doors wider than 90", "which windows are taller than 80?",
                                      "walls thinner than 25"])
def test_a_two_digit_length_without_a_unit_declines_naming_it(question: str,
                                                              qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(INSTITUTE).ask(question)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert "centimetres or millimetres" in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("name", "question"), [
    (HOM, "which walls are marked as external in the model?"),  # no wall records IsExternal
    (INSTITUTE, "the red doors"),
    (HOUSE, "doors that are fire-rated"),
    (INSTITUTE, "walls that are marked as acoustic"),
])
def test_a_frame_never_grounds_what_the_model_does_not_hold(name: str, question: str,
                                                            qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(name).ask(question)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]


# --- the bench: the committed cases, and a seeded sample that must not regress -------------------------------


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    cases = script.build(shared_ifc, False)
    assert CASES.read_text(encoding="utf-8") == script.dumps(cases), (
        "bench/spatial/qualifier_cases.json differs from qualifier_phrasings.py: run it")
    assert len(cases) >= 200 and len({c["ifc_filename"] for c in cases}) >= 8


def _sample() -> list[dict[str, Any]]:
    """The first case of each form and every 5th case (by the committed order)."""
    cases = list(json.loads(CASES.read_text(encoding="utf-8")))
    firsts = {c["form"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::5]]}
    return sorted(picked.values(), key=lambda c: c["id"])


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_qualifier_sample_answers_as_the_oracle(case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"][:300]
    assert result.score == 1.0, answer["answer"][:300]
