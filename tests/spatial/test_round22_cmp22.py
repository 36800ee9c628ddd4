"""Round 22 (cmp22), comparisons of two named sides and totals over listed storeys (bench/spatial/cmp22_cases.py,
src/ifcqa/spatial/compose.py, compared_sides.py, comparative_shapes.py, spoken_voice.py).

A "which" between two rooms answers the winning room itself; "A vs B: more X?" chooses; two rooms with "which one"
are compared (never the storeys holding them); "A more than B?" is a yes/no; the verb of a difference is the
operator's; "sum" closing a request over two storeys is their total; a person's clause as a tail is set aside. Each
positive form has a variant that must still decline (a side the model lacks or holds twice, a pointer side, a
restricting word). No message below is one of the bench's; answers are checked against the IFC file read with
plain IfcOpenShell.
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
SCRIPT = REPO / "bench" / "spatial" / "cmp22_cases.py"
DEV = REPO / "bench" / "spatial" / "cmp22_cases.json"
HELD = REPO / "bench" / "spatial" / "cmp22_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
HOM = "ExampleHOM.ifc"
LARGE = "LargeBuilding.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model)."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if not storeys or storey_of(e) in storeys}
    return get


def _space(shared_ifc: Path, name: str, space: str) -> Any:
    f = open_cached(str(shared_ifc / name))
    found = [s for s in f.by_type("IfcSpace") if space in (s.Name, s.LongName)]
    assert len(found) == 1
    return found[0]


def _bounding(space: Any, cls: str) -> set[str]:
    return {b.RelatedBuildingElement.GlobalId for b in space.BoundedBy
            if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a(cls)}


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any]) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert answer["storeys"] is None, answer["answer"]


def test_which_of_two_rooms_answers_the_room(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    bad, buero = _space(shared_ifc, FZK, "Bad"), _space(shared_ifc, FZK, "Buero")
    assert len(_bounding(buero, "IfcWindow")) > len(_bounding(bad, "IfcWindow"))
    answer = qa(FZK).ask("Bad vs Buero, which one has more windows?")
    assert _guids(answer) == {buero.GlobalId}, answer["answer"]
    _declined(qa(FZK).ask("Bad vs Abstellraum, which one has more windows?"))


def test_two_rooms_and_which_one_never_the_storeys(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    child, corridor = _space(shared_ifc, HOM, "Children10"), _space(shared_ifc, HOM, "Corridor8")
    assert len(_bounding(corridor, "IfcDoor")) > len(_bounding(child, "IfcDoor"))
    answer = qa(HOM).ask("children10 and corridor8 - which one got more doors")
    assert _guids(answer) == {corridor.GlobalId} and answer["storeys"] is None, answer["answer"]
    _declined(qa(DUPLEX).ask("bedroom 1 and hallway - which one got more doors"))  # two of each in the Duplex


def test_storeys_joined_by_vs_choose_one(qa: Callable[[str], SpatialQA], on: Any) -> None:
    assert len(on(DUPLEX, "IfcWall", "Level 2")) > len(on(DUPLEX, "IfcWall", "Level 1"))
    answer = qa(DUPLEX).ask("Level 1 vs Level 2: more walls?")
    assert answer["storeys"] == ["Level 2"], answer["answer"]
    _declined(qa(DUPLEX).ask("Level 1 vs Level 4: more walls?"))


def test_a_place_side_grounded_in_nothing_declines(qa: Callable[[str], SpatialQA], on: Any) -> None:
    assert len(on(LARGE, "IfcDoor", "Level 1")) > len(on(LARGE, "IfcDoor", "Level 2"))
    answer = qa(LARGE).ask("more doors on Level 2 or on Level 1?")
    assert answer["storeys"] == ["Level 1"], answer["answer"]
    _declined(qa(LARGE).ask("more doors on this floor or on Level 1?"))


def test_two_classes_with_more_than_between_them(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors, windows = on(DUPLEX, "IfcDoor"), on(DUPLEX, "IfcWindow")
    answer = qa(DUPLEX).ask("doors more than windows?")
    assert answer["yes_no"] is (len(doors) > len(windows)) and answer["declined"] is None, answer["answer"]
    _declined(qa(DUPLEX).ask("doors more than gizmos?"))


def test_a_persons_clause_tail_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    walls, doors = on(FZK, "IfcWall"), on(FZK, "IfcDoor")
    answer = qa(FZK).ask("walls more than doors yes or no? maler bring brushes")
    assert answer["yes_no"] is (len(walls) > len(doors)) and answer["declined"] is None, answer["answer"]
    assert any("set aside" in n and "maler" in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]
    _declined(qa(FZK).ask("walls more than doors yes or no? maler bring brushes for the damaged ones"))


def test_sum_closing_a_request_over_two_storeys(qa: Callable[[str], SpatialQA], on: Any) -> None:
    union = on(LARGE, "IfcDoor", "Level 1", "Level 2")
    answer = qa(LARGE).ask("doors of level 1 and level 2 sum?")
    assert answer["count"] == len(union) > 0 and _guids(answer) == union, answer["answer"]
    _declined(qa(LARGE).ask("doors of level 1 and level 9 sum?"))


def test_the_verb_of_a_difference(qa: Callable[[str], SpatialQA], on: Any) -> None:
    a, b = len(on(LARGE, "IfcWindow", "Level 1")), len(on(LARGE, "IfcWindow", "Level 2"))
    answer = qa(LARGE).ask("by how many windows do level 1 and level 2 differ?")
    assert answer["count"] == abs(a - b) and a != b, answer["answer"]
    _declined(qa(LARGE).ask("by how many windows do level 1 and level 7 differ?"))


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for path, held in ((DEV, False), (HELD, True)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} is stale: run python {SCRIPT.relative_to(REPO)}")
