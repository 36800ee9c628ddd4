"""Round 11, comparisons and sets of storeys (bench/spatial/comparisons.py, src/ifcqa/spatial/comparison_words.py).

Storeys compared and taken together with the verbs, connectives, word orders and answer requests of everyday speech:
"which level houses more windows", "fewer ... compared with", "how many walls fewer does A have than B", "Wie viele
Türen mehr hat A als B", "... just yes or no please", "zusammen", "between them", "both levels, 1 and 2", "the two
residential levels: A or B", "the two upper floors" where the model makes them two, "of the school", a storey named
like a class listed first. Each sentence below is none of the bench's; answers are checked against the IFC file read
with plain IfcOpenShell (``plain_walks.storey_of``); the sentences where a reading must not apply decline.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "comparisons.py"
DEV = REPO / "bench" / "spatial" / "comparison_cases.json"
HELD = REPO / "bench" / "spatial" / "comparison_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
KIT = "KIT-EDC_with_SB.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"
HEIZ = "Heizung-Elektro_080729.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[[str, str, str], set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey`` of model ``name``, plain IfcOpenShell."""
    def get(name: str, storey: str, cls: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}
    return get


def _radiators(shared_ifc: Path, storey: str) -> int:
    import ifcopenshell.util.element as ue

    f = open_cached(str(shared_ifc / HEIZ))
    return sum(1 for e in f.by_type("IfcElement") if storey_of(e) == storey
               and (t := ue.get_type(e)) is not None and t.is_a("IfcSpaceHeaterType"))


def _declined(answer: dict[str, Any], word: str | None = None) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert answer["storeys"] is None, answer["answer"]
    if word is not None:
        assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


# --- storeys compared -------------------------------------------------------------------------------------------

def test_a_having_verb_before_the_compared_amount(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(DUPLEX, "Level 1", "IfcWindow")), len(on(DUPLEX, "Level 2", "IfcWindow"))
    answer = qa(DUPLEX).ask("Which level houses more windows, Level 1 or Level 2?")
    assert answer["storeys"] == ["Level 2" if two > one else "Level 1"], answer["answer"]
    sizes = {s: len(on(DUPLEX, s, "IfcWall")) for s in ("T/FDN", "Level 1", "Level 2", "Roof")}
    answer = qa(DUPLEX).ask("which level features the most walls?")  # over every storey
    assert answer["storeys"] == [s for s, n in sizes.items() if n == max(sizes.values())], answer["answer"]


def test_compared_with_is_than(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(DUPLEX, "Level 1", "IfcWindow")), len(on(DUPLEX, "Level 2", "IfcWindow"))
    answer = qa(DUPLEX).ask("Does Level 1 have fewer windows compared with Level 2?")
    assert answer["yes_no"] is (one < two), answer["answer"]
    answer = qa(DUPLEX).ask("Does Level 2 have more windows in comparison to Level 1, yes or no?")
    assert answer["yes_no"] is (two > one), answer["answer"]


def test_the_amount_after_the_class(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(DUPLEX, "Level 1", "IfcWall")), len(on(DUPLEX, "Level 2", "IfcWall"))
    answer = qa(DUPLEX).ask("how many walls fewer does Level 1 have than Level 2?")
    assert answer["count"] == abs(two - one), answer["answer"]
    eg, og = len(on(INST, "Erdgeschoss", "IfcDoor")), len(on(INST, "1. Obergeschoss", "IfcDoor"))
    answer = qa(INST).ask("Wie viele Türen mehr hat das 1. Obergeschoss als das Erdgeschoss?")
    assert answer["count"] == og - eg, answer["answer"]


def test_the_answers_form_asked_after_a_yes_no(qa: Callable[[str], SpatialQA], on: Any) -> None:
    keller, eg = len(on(INST, "Keller", "IfcDoor")), len(on(INST, "Erdgeschoss", "IfcDoor"))
    answer = qa(INST).ask("are there more doors on the Keller than on the Erdgeschoss? just yes or no please")
    assert answer["yes_no"] is (keller > eg), answer["answer"]
    walls_k, walls_e = len(on(INST, "Keller", "IfcWall")), len(on(INST, "Erdgeschoss", "IfcWall"))
    answer = qa(INST).ask("Erdgeschoss has more walls than Keller, ja oder nein?")
    assert answer["yes_no"] is (walls_e > walls_k), answer["answer"]
    # a question that is no yes/no keeps its tag unread: declined, never a count
    _declined(qa(INST).ask("how many doors are on the Keller? yes or no"))


def test_on_which_level_with_a_compared_amount_is_a_choice(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(DUPLEX, "Level 1", "IfcDoor")), len(on(DUPLEX, "Level 2", "IfcDoor"))
    answer = qa(DUPLEX).ask("on which level are there fewer doors, Level 1 or Level 2?")
    assert answer["storeys"] == ["Level 1" if one < two else "Level 2"], answer["answer"]


def test_the_sides_described_stand_for_the_storeys_named(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(DUPLEX, "Level 1", "IfcWindow")), len(on(DUPLEX, "Level 2", "IfcWindow"))
    answer = qa(DUPLEX).ask("which of the two residential levels carries fewer windows, Level 1 or Level 2?")
    assert answer["storeys"] == ["Level 1" if one < two else "Level 2"], answer["answer"]
    # no storeys named: the description is what selects them, and 'residential' is not understood
    _declined(qa(DUPLEX).ask("which of the two residential levels has fewer windows?"), "residential")


def test_a_tie_is_stated(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    eg, og = _radiators(shared_ifc, "EG"), _radiators(shared_ifc, "Obergeschoss")
    assert eg == og  # the premise of the tie
    answer = qa(HEIZ).ask("where do we have more radiators, EG or Obergeschoss?")
    assert sorted(answer["storeys"] or []) == ["EG", "Obergeschoss"], answer["answer"]
    assert "tie" in answer["answer"] or "each" in answer["answer"], answer["answer"]


def test_which_of_a_named_group_has_more(qa: Callable[[str], SpatialQA], on: Any) -> None:
    one, two = len(on(INST, "1. Obergeschoss", "IfcDoor")), len(on(INST, "2. Obergeschoss", "IfcDoor"))
    answer = qa(INST).ask("die beiden Obergeschosse: wo gibt es weniger Türen?")
    assert answer["storeys"] == ["1. Obergeschoss" if one < two else "2. Obergeschoss"], answer["answer"]


def test_a_side_the_model_lacks_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("Which floor carries more windows, Level 2 or Level 3?"))
    _declined(qa(INST).ask("Wie viele Türen mehr hat das 3. Obergeschoss als das Erdgeschoss?"))


# --- storeys taken together -----------------------------------------------------------------------------------

def test_sum_words_of_a_set(qa: Callable[[str], SpatialQA], on: Any) -> None:
    want = on(INST, "Erdgeschoss", "IfcWindow") | on(INST, "1. Obergeschoss", "IfcWindow")
    answer = qa(INST).ask("Wie viele Fenster haben Erdgeschoss und 1. Obergeschoss zusammen?")
    assert answer["count"] == len(want), answer["answer"]
    doors = on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("How many doors do Level 1 and Level 2 have between them?")
    assert answer["count"] == len(doors), answer["answer"]
    answer = qa(INST).ask("total number of windows across Keller and Erdgeschoss")
    assert answer["count"] == len(on(INST, "Keller", "IfcWindow") | on(INST, "Erdgeschoss", "IfcWindow"))
    answer = qa(INST).ask("Gesamtzahl der Wände im Keller und im Erdgeschoss")
    assert answer["count"] == len(on(INST, "Keller", "IfcWall") | on(INST, "Erdgeschoss", "IfcWall"))


def test_a_set_with_a_storey_the_model_lacks_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("How many doors do Level 2 and Level 4 have between them?"))
    _declined(qa(INST).ask("Wie viele Fenster haben Erdgeschoss und 3. Obergeschoss zusammen?"))


def test_numbers_apposed_to_both_levels(qa: Callable[[str], SpatialQA], on: Any) -> None:
    want = on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("show me the doors of both levels, 1 and 2")
    assert {e["guid"] for e in answer["elements"]} == want, answer["answer"]
    # the count said and the numbers listed disagree: never a guess
    _declined(qa(DUPLEX).ask("show me the doors of both levels, 1, 2 and 3"))


def test_a_count_of_described_storeys(qa: Callable[[str], SpatialQA], on: Any) -> None:
    walls = on(KIT, "1.OG", "IfcWall") | on(KIT, "2.OG", "IfcWall")
    answer = qa(KIT).ask("how many walls are on the two upper floors together?")
    assert answer["count"] == len(walls), answer["answer"]
    # the Institute's storeys above ground are three (1. and 2. Obergeschoss, Dachgeschoss): which two is not said
    _declined(qa(INST).ask("which of the two upper floors has more doors?"), "two")


def test_a_count_of_storeys_the_model_does_not_make_unique_declines(qa: Callable[[str], SpatialQA], on: Any) -> None:
    # the Duplex has four storeys (T/FDN, Level 1, Level 2, Roof): "the two floors" is not every storey (main listed
    # the 57 walls of the model)
    answer = qa(DUPLEX).ask("how many walls are on the two floors?")
    _declined(answer, "the two floors")
    assert "which 2 is not said" in answer["answer"]
    # round 18: "both floors together" is the two storeys holding the kind asked when exactly two do (the doors are
    # on Level 1 and Level 2 only); "the two floors" of walls (on three storeys) still declines above
    doors = on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")
    assert qa(DUPLEX).ask("how many doors on both floors together?")["count"] == len(doors)
    # two of the four are called levels (Level 1, Level 2): "both levels" are those two
    walls = on(DUPLEX, "Level 1", "IfcWall") | on(DUPLEX, "Level 2", "IfcWall")
    answer = qa(DUPLEX).ask("how many walls are on both levels?")
    assert answer["count"] == len(walls), answer["answer"]
    # the storeys named beside the count are the two: answered on them
    want = on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("the doors on both floors, Level 1 and Level 2")
    assert {e["guid"] for e in answer["elements"]} == want, answer["answer"]


def test_a_building_noun_in_a_one_building_model(qa: Callable[[str], SpatialQA], on: Any) -> None:
    sizes = {s: len(on(INST, s, "IfcWall")) for s in ("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss",
                                                        "Dachgeschoss")}
    fewest = min(sizes.values())
    answer = qa(INST).ask("Which storey of the school has the fewest walls?")
    assert answer["storeys"] == [s for s, n in sizes.items() if n == fewest], answer["answer"]
    # a part of a building is no building noun: not understood, declined
    _declined(qa(INST).ask("Which storey of the east wing has the fewest walls?"))


def test_a_storey_named_like_a_class_listed_first(qa: Callable[[str], SpatialQA], on: Any) -> None:
    want = on(SAMPLE, "Ground Floor", "IfcWindow") | on(SAMPLE, "Roof", "IfcWindow")
    answer = qa(SAMPLE).ask("How many windows do Roof and Ground Floor have together?")
    assert answer["count"] == len(want), answer["answer"]
    answer = qa(SAMPLE).ask("list the doors on both Roof and Ground Floor")
    assert {e["guid"] for e in answer["elements"]} == on(SAMPLE, "Ground Floor", "IfcDoor") | on(
        SAMPLE, "Roof", "IfcDoor"), answer["answer"]


# --- the bench ------------------------------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    dev, held = script.generate(shared_ifc)
    assert DEV.read_text(encoding="utf-8") == script.dumps(dev), "run `python bench/spatial/comparisons.py`"
    assert HELD.read_text(encoding="utf-8") == script.dumps(held), "run `python bench/spatial/comparisons.py`"
    assert len(dev) >= 200 and len(held) >= 200 and len({c["ifc_filename"] for c in dev + held}) >= 8
    assert sum(c["oracle"]["type"] == "decline" for c in dev + held) >= 40


def _sample() -> list[dict[str, Any]]:
    return list(json.loads(DEV.read_text(encoding="utf-8")))[::4]


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_comparison_bench_sample(case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"]
    assert result.score == 1.0, f"{case['oracle_rule']}: {answer['answer']}"
