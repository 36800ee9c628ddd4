"""Round 9, typos (bench/spatial/typo_cases.json, src/ifcqa/spatial/spelling.py).

A question the rules decline is read again with its unknown words matched against the closed vocabularies (the
parser's content words, the model's storey and space names): abbreviations, compounds written apart or together,
and misspellings within a length-scaled number of edits, one reading only (two at the same distance: declined,
naming both). The answers below are checked against the IFC file with plain IfcOpenShell; the readings must be
recorded in the plan and said in the answer, and a correction never makes the question broader.
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
from ifcqa.spatial.spelling import distance, max_edits

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "typos.py"
CASES = REPO / "bench" / "spatial" / "typo_cases.json"
DUPLEX = "Duplex_A_20110907.ifc"
EDC = "KIT-EDC_with_SB.ifc"
FZK4 = "AC20-FZK-Haus.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"



def _on(f: ifcopenshell.file, cls: str, storey: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}


def _guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


# --- the distance and its threshold -------------------------------------------------------------------------


def test_distance_counts_a_transposition_as_one_edit_and_stops_at_the_limit() -> None:
    assert distance("doros", "doors", 1) == 1  # two letters swapped
    assert distance("dorrs", "doors", 1) == 1
    assert distance("wndows", "windows", 1) == 1
    assert distance("extednal", "external", 1) == 1
    assert distance("kitchen", "chicken", 1) == 2  # beyond the limit: limit + 1
    assert [max_edits(w) for w in ("rom", "dorr", "external", "Obergsechoss")] == [0, 1, 1, 2]


# --- readings, said in the answer and recorded in the plan ---------------------------------------------------


def test_a_misspelled_class_word_is_read_and_said(qa: Callable[[str], SpatialQA],
                                                  model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask("which dorrs are on Level 1")
    expected = _on(model(DUPLEX), "IfcDoor", "Level 1")
    assert answer["declined"] is None and _guids(answer) == expected and expected
    assert answer["answer"].startswith("(Read 'dorrs' as 'doors'.)")
    assert answer["plan"]["spelling"] == [{"word": "dorrs", "read_as": "doors", "how": "edit", "edits": 1}]
    assert "read 'dorrs' as 'doors' (1 edit)" in answer["plan"]["notes"]


def test_a_misspelled_storey_noun_and_property_word_are_read(qa: Callable[[str], SpatialQA],
                                                             model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    storeys = {storey_of(e) for e in f.by_type("IfcWindow")}
    windows = qa(DUPLEX).ask("which flkors have windows?")  # a neighbouring key: 'k' for 'o'
    assert windows["declined"] is None and set(windows["storeys"]) == storeys, windows["answer"]
    external = {d.GlobalId for d in f.by_type("IfcDoor") if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True}
    doors = qa(DUPLEX).ask("extegnal doors?")
    assert doors["declined"] is None and _guids(doors) == external and external
    assert doors["plan"]["spelling"][0]["read_as"] == "external"


def test_an_abbreviation_is_read_and_its_period_does_not_end_the_sentence(
        qa: Callable[[str], SpatialQA], model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(EDC)
    walls = [w for w in f.by_type("IfcWall") if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is not True]
    answer = qa(EDC).ask("How many walls are there apart from the ext. ones?")  # main: every wall (a broadening)
    assert answer["declined"] is None and answer["count"] == len(walls) and len(walls) < len(f.by_type("IfcWall"))
    assert answer["plan"]["spelling"][0] == {"word": "ext.", "read_as": "external", "how": "abbreviation",
                                             "edits": 0}
    rooms = qa(DUPLEX).ask("Which rms are on Level 2?")
    assert rooms["declined"] is None and _guids(rooms) == _on(model(DUPLEX), "IfcSpace", "Level 2")


def test_compounds_written_apart_or_together_and_umlauts_spelled_out(
        qa: Callable[[str], SpatialQA], model: Callable[[str], ifcopenshell.file]) -> None:
    windows = qa(FZK4).ask("are there fewer than 5 windows in the Erd geschoss")
    count = len(_on(model(FZK4), "IfcWindow", "Erdgeschoss"))
    assert windows["declined"] is None and windows["yes_no"] is (count < 5)
    assert windows["plan"]["spelling"][0]["how"] == "apart"
    rooms = qa(INST).ask("Wie viele Raeume hat das 2.OG?")
    assert rooms["declined"] is None and rooms["count"] == len(_on(model(INST), "IfcSpace", "2. Obergeschoss"))


# --- never broader ---------------------------------------------------------------------------------------------


def _declined(answer: dict[str, Any]) -> str:
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert answer["count"] is None and answer["yes_no"] is None
    return str(answer["declined"]["reason"])


def test_two_readings_at_the_same_distance_are_declined_naming_both(qa: Callable[[str], SpatialQA]) -> None:
    reason = _declined(qa(DUPLEX).ask("how many doors on the ground flor"))
    assert "'flor' is as close to 'floor'" in reason and "'flow'" in reason
    reason = _declined(qa(INST).ask("list the single doos on the Keller"))  # 'does' competes: no reading
    assert "'doos' is as close to 'does' as to 'doors'" in reason


def test_a_correction_never_drops_a_word_the_model_cannot_ground(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("which dorrs are purple")  # 'dorrs' is read, 'purple' still is not: declined
    assert "purple" in answer["declined"]["not_understood"] and not answer["elements"]
    assert "spelling: read 'dorrs' as 'doors', and the question was still not understood" in answer["plan"]["notes"]
    short = qa(DUPLEX).ask("how many rom are on level 1")  # three letters: too many words lie one edit away
    assert _declined(short) and short["declined"]["not_understood"] == ["rom"]


# --- the bench: the committed cases, and a seeded sample that must not regress -------------------------------


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    cases, _ = script.build(shared_ifc)
    assert CASES.read_text(encoding="utf-8") == script.dumps(cases), (
        "bench/spatial/typo_cases.json differs from typos.py: run `python bench/spatial/typos.py` and commit it")
    assert len(cases) >= 200 and len({c["ifc_filename"] for c in cases}) >= 8
    assert all(c["query"] != c["base_query"] for c in cases)


def _sample() -> list[dict[str, Any]]:
    """The first case of each perturbation kind and every 7th case (seeded by the committed order)."""
    cases = list(json.loads(CASES.read_text(encoding="utf-8")))
    firsts = {c["perturbation"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::7]]}
    return sorted(picked.values(), key=lambda c: c["id"])


# sampled cases still declined on this branch, each for a reason the mechanism keeps on purpose
STILL_DECLINED = {
    "typo-drop-fifth-german-12",  # 'Wäde': as close to 'wände' as to 'wide' (uniqueness)
    "typo-transpose-fifth-lookup-09",  # 'doro': as close to 'door' as to 'dort' (uniqueness)
    "typo-drop-fifth-storey_class-07",  # 'pie' (pipe): three letters are never read
    "typo-drop-round5c-edge-04",  # 'pie' (pipe): three letters are never read
    "typo-double-fifth-lookup-02",  # 'meetres': the parser's own class matching reads it as 'motors' (no decline
    # by the parser, so no spelling pass; declined later by the lookup)
}


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_typo_sample_answers_as_the_base_or_declines_never_wrong(case: dict[str, Any],
                                                                 qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"]
    if case["id"] in STILL_DECLINED:
        assert answer["declined"] is not None, answer["answer"]
        return
    assert result.score == 1.0, f"{case['changed']}: {answer['answer'][:300]}"
