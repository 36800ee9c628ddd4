"""Round 13, sets of storeys as people say them (bench/spatial/storey_sets.py, src/ifcqa/spatial/storey_sets.py).

"the two lower floors", "both upper levels", "the bottom two storeys", "the first two levels", "all floors above
ground", "oberirdisch", a set restated in parentheses ("Of the two lower floors (EG and 1.OG), which have doors?"),
"which of EG and 1.OG have doors": read into the model's storeys by elevation. Each sentence below is none of the
bench's; answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``, the storey
order from IfcBuildingStorey.Elevation); the sets the model cannot make unambiguous decline.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "storey_sets.py"
DEV = REPO / "bench" / "spatial" / "storey_set_cases.json"
HELD = REPO / "bench" / "spatial" / "storey_set_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
KIT = "KIT-EDC_with_SB.ifc"
FZK = "AC20-FZK-Haus.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[[str, list[str], str], set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on the storeys ``names`` of model ``name`` (plain)."""
    def get(name: str, names: list[str], cls: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) in names}
    return get


def _by_elevation(shared_ifc: Path, name: str) -> list[str]:
    f = open_cached(str(shared_ifc / name))
    return [s.Name for s in sorted(f.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation)]


def _declined(answer: dict[str, Any], said: str | None = None) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert answer["storeys"] is None, answer["answer"]
    if said is not None:
        assert said in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def test_a_counted_end_is_the_lowest_or_highest_by_elevation(qa: Callable[[str], SpatialQA], on: Any,
                                                             shared_ifc: Path) -> None:
    order = _by_elevation(shared_ifc, KIT)  # EG, 1.OG, 2.OG
    answer = qa(KIT).ask("give me the walls of the bottom two levels")
    assert {e["guid"] for e in answer["elements"]} == on(KIT, order[:2], "IfcWall"), answer["answer"]
    assert "(the bottom two levels, by elevation)" in answer["rule"], answer["rule"]  # which storeys, said
    answer = qa(KIT).ask("How many windows have the top 2 floors got in total?")
    assert answer["count"] == len(on(KIT, order[-2:], "IfcWindow")), answer["answer"]
    answer = qa(KIT).ask("Zeig mir die Fenster der beiden oberen Etagen")
    assert {e["guid"] for e in answer["elements"]} == on(KIT, order[-2:], "IfcWindow"), answer["answer"]


def test_the_lower_two_of_the_institute_include_the_basement(qa: Callable[[str], SpatialQA], on: Any,
                                                             shared_ifc: Path) -> None:
    order = _by_elevation(shared_ifc, INST)  # Keller, Erdgeschoss, ...
    answer = qa(INST).ask("number of slabs on the lower two storeys")
    assert answer["count"] == len(on(INST, order[:2], "IfcSlab")), answer["answer"]


def test_a_restated_set_is_checked_and_lower_is_no_comparison(qa: Callable[[str], SpatialQA], on: Any) -> None:
    # main read "lower" as a comparison ("EG has fewer two doors"): a confident wrong answer
    answer = qa(KIT).ask("Of the two lower floors (EG and 1.OG), which ones have windows?")
    assert set(answer["storeys"] or []) == {"EG", "1.OG"}, answer["answer"]
    answer = qa(KIT).ask("How many walls are on the upper floors (1.OG and 2.OG)?")
    assert answer["count"] == len(on(KIT, ["1.OG", "2.OG"], "IfcWall")), answer["answer"]
    # the restatement names another storey than the words: never a guess
    _declined(qa(KIT).ask("list the walls on the two upper floors (EG and 2.OG)"), "two upper floors")
    # a parenthesis that names no storey is no restatement
    answer = qa(KIT).ask("how many doors on the two upper floors (approx. is fine)?")
    assert answer["declined"] is None or "two upper floors" not in answer["declined"]["not_understood"]


def test_which_of_a_named_set_asks_the_storeys(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(INST).ask("which of Keller and Dachgeschoss have doors?")
    want = {s for s in ("Keller", "Dachgeschoss") if on(INST, [s], "IfcDoor")}
    assert set(answer["storeys"] or []) == want, answer["answer"]


def test_above_and_below_ground_by_the_storey_at_elevation_zero(qa: Callable[[str], SpatialQA], on: Any,
                                                                shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / INST))
    above = [s.Name for s in f.by_type("IfcBuildingStorey") if s.Elevation > 0]
    answer = qa(INST).ask("list the doors above grade")  # main: "above" read as a vertical relation, declined
    assert {e["guid"] for e in answer["elements"]} == on(INST, above, "IfcDoor"), answer["answer"]
    answer = qa(INST).ask("Wie viele Türen oberirdisch?")
    assert answer["count"] == len(on(INST, above, "IfcDoor")), answer["answer"]


def test_the_first_levels_count_from_the_ground_only_without_a_basement(qa: Callable[[str], SpatialQA],
                                                                        on: Any) -> None:
    answer = qa(KIT).ask("the doors on the first two levels please")
    assert {e["guid"] for e in answer["elements"]} == on(KIT, ["EG", "1.OG"], "IfcDoor"), answer["answer"]
    # the Institute has a Keller below the Erdgeschoss: "first" may count from either
    _declined(qa(INST).ask("the doors on the first two levels please"), "first two levels")


def test_sets_the_model_cannot_make_unambiguous_decline(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(FZK).ask("which windows are on the three lower floors?"), "three lower floors")
    # the Institute's two highest are 2. Obergeschoss and Dachgeschoss; without the roof level 1. and 2. OG
    _declined(qa(INST).ask("windows on the top two floors"), "top two floors")
    # the Duplex's two lowest are T/FDN (a foundation level) and Level 1; without it Level 1 and Level 2
    _declined(qa(DUPLEX).ask("walls on the two lower levels"), "two lower levels")
    # "upper" never takes in the ground storey: KIT has two storeys above its EG
    _declined(qa(KIT).ask("doors on the three upper floors"), "three upper floors")


def test_heights_above_ground_are_not_storeys(qa: Callable[[str], SpatialQA]) -> None:
    from ifcqa.spatial.storey_sets import Sets

    sets = Sets(qa(KIT).parser.resolver.storeys, 1)
    assert sets.read("how high above ground is the 2.og").text == "how high above ground is the 2.og"
    assert sets.read("doors above ground").text == "doors on 1.og and 2.og"


# --- the bench ------------------------------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    dev, held = script.build(shared_ifc, False), script.build(shared_ifc, True)
    assert DEV.read_text(encoding="utf-8") == script.dumps(dev), "run `python bench/spatial/storey_sets.py`"
    assert HELD.read_text(encoding="utf-8") == script.dumps(held), "run `python bench/spatial/storey_sets.py`"
    assert len({c["ifc_filename"] for c in dev + held}) >= 6
    assert sum(c["oracle"]["type"] == "decline" for c in dev + held) >= 12
