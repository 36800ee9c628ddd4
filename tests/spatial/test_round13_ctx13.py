"""Round 13 ctx13: a message's request that refers back to what an earlier sentence named
(src/ifcqa/spatial/message_antecedents.py, bench/spatial/message_ref_cases.json).

A reference ("that floor", "there", "them", "the latter", "What about Level 2?") is resolved only when exactly one
antecedent of the kind it needs exists; two candidates, none, or a storey the model lacks decline naming the
reference. Answers are checked against the IFC file with plain IfcOpenShell (storey-deep walk of plain_walks).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
from plain_walks import guids, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "message_refs.py"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
HOM = "ExampleHOM.ifc"


def _on(f: ifcopenshell.file, cls: str, storey: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None and not answer["elements"], answer["answer"][:200]
    assert word in answer["answer"], answer["answer"][:300]


def test_that_floor_is_the_one_storey_named_before(qa: Callable[[str], SpatialQA],
                                                   model: Callable[[str], ifcopenshell.file]) -> None:
    doors = _on(model(DUPLEX), "IfcDoor", "Level 2")
    answer = qa(DUPLEX).ask("We're checking Level 2 this week. How many doors are on that floor?")
    assert answer["declined"] is None and guids(answer) == doors and len(doors) == 8, answer["answer"][:200]
    windows = _on(model(FZK), "IfcWindow", "Dachgeschoss")
    answer = qa(FZK).ask("Painters start on Dachgeschoss tomorrow. Can you list the windows up there?")
    assert answer["declined"] is None and guids(answer) == windows and len(windows) == 2, answer["answer"][:200]


def test_them_is_the_things_and_their_storey(qa: Callable[[str], SpatialQA],
                                             model: Callable[[str], ifcopenshell.file]) -> None:
    """The definite subject with a predicate ('are being inspected') describes all of them: nothing narrowed."""
    walls = _on(model(HOM), "IfcWall", "1stFloor")
    answer = qa(HOM).ask("The walls on 1stFloor are being inspected next week. How many of them are there?")
    assert answer["declined"] is None and guids(answer) == walls and len(walls) == 8, answer["answer"][:200]
    assert "refers back" in " ".join(answer.get("notes") or []) or "refers back" in answer["rule"]
    doors = _on(model(DUPLEX), "IfcDoor", "Level 1")
    answer = qa(DUPLEX).ask("Hi team,\nthe doors on Level 1 get repainted soon. Can you list them?\nThanks, Tom\n"
                            "Sent from my iPhone")
    assert answer["declined"] is None and guids(answer) == doors and len(doors) == 6, answer["answer"][:200]


def test_ticket_fields_and_which_of_those(qa: Callable[[str], SpatialQA],
                                          model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    doors = _on(f, "IfcDoor", "Level 1")
    answer = qa(DUPLEX).ask("Ticket #4411 - Location: Level 1 - Issue: door inspection\nHow many doors are on that "
                            "floor?")
    assert answer["declined"] is None and guids(answer) == doors, answer["answer"][:200]
    import ifcopenshell.util.element as ue
    external = {g for g in _on(f, "IfcWall", "Level 1")
                if ue.get_pset(f.by_guid(g), "Pset_WallCommon", "IsExternal") is True}
    answer = qa(DUPLEX).ask("We are repainting the walls on Level 1. Which of those are external?")
    assert answer["declined"] is None and guids(answer) == external and 0 < len(external) < len(
        _on(f, "IfcWall", "Level 1")), answer["answer"][:200]


def test_the_latter_and_what_about(qa: Callable[[str], SpatialQA], model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    answer = qa(DUPLEX).ask("Level 2 and Level 1 are next on the list. How many doors are on the latter?")
    assert answer["declined"] is None and guids(answer) == _on(f, "IfcDoor", "Level 1"), answer["answer"][:200]
    answer = qa(DUPLEX).ask("Level 2 and Level 1 are next on the list. How many doors are on the former?")
    assert answer["declined"] is None and guids(answer) == _on(f, "IfcDoor", "Level 2"), answer["answer"][:200]
    answer = qa(DUPLEX).ask("We did the windows on Level 1 last week. What about Level 2?")
    assert answer["declined"] is None and guids(answer) == _on(f, "IfcWindow", "Level 2"), answer["answer"][:200]


def test_a_follow_up_asks_only_its_own_place(qa: Callable[[str], SpatialQA],
                                             model: Callable[[str], ifcopenshell.file]) -> None:
    """main listed the doors of both storeys; a thanks line names the things too; 'Roof' as the model writes it."""
    f = model("AC11-Institute-Var-2-IFC.ifc")
    answer = qa("AC11-Institute-Var-2-IFC.ifc").ask("Thanks for the doors on Keller. How about 1. Obergeschoss?")
    wanted = _on(f, "IfcDoor", "1. Obergeschoss")
    assert answer["declined"] is None and guids(answer) == wanted and len(wanted) == 22, answer["answer"][:200]
    answer = qa(DUPLEX).ask("Thanks for the windows on Level 2. How about Roof?")
    wanted = _on(model(DUPLEX), "IfcWindow", "Roof")
    assert answer["declined"] is None and guids(answer) == wanted and len(wanted) == 2, answer["answer"][:200]


def test_two_candidates_decline_naming_the_reference(qa: Callable[[str], SpatialQA]) -> None:
    """main answered these with both storeys (and 'there' with the first): a broader answer than asked."""
    _declined(qa(DUPLEX).ask("We're checking Level 1 and Level 2 this week. How many doors are on that floor?"),
              "'on that floor'")
    _declined(qa(DUPLEX).ask("We replaced the doors on Level 1 last year. The windows are next. Can you list "
                             "them?"), "'them'")
    _declined(qa(DUPLEX).ask("Level 1 is next on the list. How many doors are on the latter?"), "latter")


def test_no_antecedent_or_one_the_model_lacks_declines(qa: Callable[[str], SpatialQA]) -> None:
    """main listed every element on Level 2 for 'And on Level 2?' and every wall for 'that floor' with none said."""
    _declined(qa(DUPLEX).ask("And on Level 2?"), "'And on Level 2'")
    _declined(qa(DUPLEX).ask("The inspector comes on Monday. How many walls are on that floor?"), "'on that floor'")
    _declined(qa(DUPLEX).ask("We're checking Level 7 this week. How many doors are there?"), "Level 7")
    _declined(qa(HOM).ask("We're checking 4thFloor this week. How many walls are there?"), "4thFloor")
    _declined(qa("Ifc4_SampleHouse.ifc").ask("Ticket #4411 - Location: 4thFloor - Issue: window inspection\nHow many "
                                             "windows are there?"), "4thFloor")
    _declined(qa("LargeBuilding.ifc").ask("We are repainting the walls on Level 1. The doors follow in May. Which "
                                          "ones are they?"), "'Which ones'")
    # 'there' closing a question with nothing named before is existential: the whole model, as before
    answer = qa(DUPLEX).ask("The inspector comes on Monday. How many walls are there?")
    assert answer["declined"] is None and len(guids(answer)) == 57


def test_a_context_saying_which_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    """Round 11's rule: words not understood that say which of the things are never dropped."""
    _declined(qa(DUPLEX).ask("The broken doors on Level 1 will be replaced. How many are there?"), "broken")
    _declined(qa(DUPLEX).ask("Some walls on Level 1 were painted red. Can you list them?"), "painted")


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, script.OUT), (True, script.OUT_HELD)):
        cases = script.build(shared_ifc, held)
        assert path.read_text(encoding="utf-8") == script.dumps(cases), f"{path.name}: run message_refs.py"
        assert len(cases) >= (130 if held is False else 65) and len({c["ifc_filename"] for c in cases}) >= 8
        assert sum(c["oracle"]["type"] == "decline" for c in cases) >= len(cases) // 3
