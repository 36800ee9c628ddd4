"""bench/spatial/broaden_cases.json: answerable questions, and the same questions with one constraint the model
cannot ground, which must be declined (never answered as the broader question without it).

The committed cases equal what bench/spatial/broaden.py computes with plain IfcOpenShell (the premise of every
perturbed case is checked there: the inserted words match nothing the model holds). A sample is asked here:
every control must be answered right, every sampled perturbation declined naming nothing but what it did not
understand. The sentence tests below pin the causes of broadening that the bench found, each with its
neighbour that must still be answered.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell.util.unit
import pytest

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "broaden.py"
CASES = REPO / "bench" / "spatial" / "broaden_cases.json"
KINDS = {"b_adjective", "b_clause", "b_place", "b_class", "b_unit", "b_threshold", "b_german", "b_negated",
         "b_grouping"}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def _cases() -> list[dict[str, Any]]:
    return list(json.loads(CASES.read_text(encoding="utf-8")))


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = _script()
    cases, _ = script.build(shared_ifc)
    assert CASES.read_text(encoding="utf-8") == script.dumps(cases), (
        "bench/spatial/broaden_cases.json differs from broaden.py: run "
        "`python bench/spatial/broaden.py --ifc-dir ../shared/ifc` and commit the result")


def test_the_bench_covers_every_kind_over_six_models() -> None:
    cases = _cases()
    kinds = {c["kind"] for c in cases}
    assert kinds == KINDS | {"control"}
    assert len([c for c in cases if c["kind"] == "control"]) >= 40
    assert len({c["ifc_filename"] for c in cases}) >= 6
    for c in cases:
        if c["kind"] != "control":
            assert c["oracle"] == {"type": "decline"} and c["inserted"] in c["query"]


def _sample() -> list[dict[str, Any]]:
    """Every control, the first case of each perturbation kind and every 12th perturbed case."""
    cases = _cases()
    perturbed = [c for c in cases if c["kind"] != "control"]
    firsts = {c["kind"]: c for c in reversed(perturbed)}
    picked = {c["id"]: c for c in [*firsts.values(), *perturbed[::12]]}
    return [c for c in cases if c["kind"] == "control"] + sorted(picked.values(), key=lambda c: c["id"])



@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_controls_answer_right_and_perturbations_decline(case: dict[str, Any],
                                                         qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    if case["kind"] == "control":
        assert answer["declined"] is None and result.score == 1.0, answer["answer"]
        return
    assert result.score == 1.0 and not result.broadened, answer["answer"]
    inserted = case["inserted"].casefold()
    named = [w for w in answer["declined"]["not_understood"] if w.casefold() in inserted]
    assert named, f"the decline names {answer['declined']['not_understood']}, none of {case['inserted']!r}"


# --- the causes found by the bench, each beside the neighbour that must still be answered ---------------------

DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"


def _declined(answer: dict[str, Any]) -> list[str]:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["value"] is None, answer["answer"]
    assert answer["yes_no"] is None
    return list(answer["declined"]["not_understood"])


@pytest.fixture(scope="module")
def model_of(shared_ifc: Path) -> Callable[[str], Any]:
    """The bench script's plain-IfcOpenShell reading of a shared model (storey-deep containment)."""
    script = _script()
    made: dict[str, Any] = {}

    def get(name: str) -> Any:
        if name not in made:
            made[name] = script.Model(shared_ifc / name)
        return made[name]

    return get


def test_lower_case_kg_after_in_is_a_unit_not_the_kellergeschoss(qa: Callable[[str], SpatialQA],
                                                                  model_of: Callable[[str], Any]) -> None:
    inst = qa(INST)
    assert _declined(inst.ask("How many windows are there in the 1. Obergeschoss in kg?")) == ["kg"]
    assert _declined(inst.ask("what is the total net floor area of the rooms on the Erdgeschoss in kg")) == ["kg"]
    keller = inst.ask("how many doors are in the KG")  # the Keller's abbreviation, written so
    expected = {d.GlobalId for d in model_of(INST).elements("IfcDoor", "Keller")}
    assert keller["declined"] is None and keller["count"] == len(expected) and {
        e["guid"] for e in keller["elements"]} == expected


def test_a_unit_after_in_or_per_is_not_the_quantity_asked(qa: Callable[[str], SpatialQA]) -> None:
    duplex = qa(DUPLEX)
    assert _declined(duplex.ask("How many windows are on Level 2 in square metres?")) == ["square", "metres"]
    assert _declined(duplex.ask("How many doors are on Level 1 per square metre?")) == ["square", "metre"]
    assert _declined(qa(INST).ask("what is the area of the Seminarraum in t")) == ["t"]
    area = qa("ExampleHOM.ifc").ask("how many square metres of rooms are on the ground floor")
    assert area["declined"] is None and area["value"]["unit"] == "m²"
    assert area["value"]["number"] == pytest.approx(83.006, rel=1e-3)


def test_a_room_the_model_lacks_as_a_place_or_taken_out_is_declined(qa: Callable[[str], SpatialQA]) -> None:
    hom = qa("ExampleHOM.ifc")
    assert _declined(hom.ask("How many doors are in the boardroom?")) == ["boardroom"]
    assert _declined(qa(DUPLEX).ask("how many rooms are there besides the atrium")) == ["atrium"]
    assert qa(DUPLEX).ask("how many server rooms are there?")["count"] == 0  # the rooms themselves: none


def test_comparisons_no_pass_built_are_declined(qa: Callable[[str], SpatialQA],
                                                model_of: Callable[[str], Any]) -> None:
    duplex = qa(DUPLEX)
    for question in ("does the kitchen have more windows than the living room?",
                     "are there more windows in the kitchen than in the bedroom?",
                     "does level 1 have more doors than the kitchen?"):
        assert _declined(duplex.ask(question)) == ["more ... than"], question
    storeys = duplex.ask("does level 2 have more doors than level 1?")
    assert storeys["declined"] is None and storeys["yes_no"] is True
    model = model_of(DUPLEX)
    metre = 1.0 / ifcopenshell.util.unit.calculate_unit_scale(model.f)
    expected = {d.GlobalId for d in model.elements("IfcDoor", "Level 1") if d.OverallWidth < metre}
    narrow = duplex.ask("which doors on level 1 are less than 1 m wide")
    assert narrow["declined"] is None and {e["guid"] for e in narrow["elements"]} == expected and expected


def test_groupings_and_relations_read_as_filler_are_declined(qa: Callable[[str], SpatialQA],
                                                              model_of: Callable[[str], Any]) -> None:
    duplex = qa(DUPLEX)
    assert _declined(duplex.ask("How many doors are on Level 1 per apartment?")) == ["per apartment"]
    assert _declined(duplex.ask("which rooms are by the kitchen on level 1")) == ["by the kitchen"]
    assert _declined(duplex.ask("what are the three largest rooms on level 2")) == ["three"]
    per_storey = duplex.ask("How many doors per storey?")
    assert per_storey["declined"] is None and per_storey["answer"].startswith("Doors per storey")
    space = next(s for s in model_of(DUPLEX).f.by_type("IfcSpace") if s.Name == "A104")
    bounding = {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
                if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcWall")}
    walls = duplex.ask("walls around room A104")  # "around" a room whose walls are asked: the walls bounding it
    assert walls["declined"] is None and {e["guid"] for e in walls["elements"]} == bounding and bounding


def test_none_at_all_is_not_said_of_a_class_the_model_holds(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("which doors are by the kitchen on level 1")
    assert "none at all" not in answer["answer"]  # the Duplex has 14 doors, none bounding a kitchen
