"""Round 17, the context around a request (bench/spatial/context_forms.py, src/ifcqa/spatial/context_units.py).

A context that names only what the request names, another storey said to be done or later, a class as a compound's
modifier ("wall paint"), or a clause of who asks at the end of the request's sentence is set aside; a fragment
adding another storey ("Also the Level 1 ones.") makes the request ask both; a context that restricts, adds what the
model cannot ground or says which with a word the model does not hold still declines. Every message below is none of
the bench's; answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.context_units import adds_storey

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "context_forms.py"
DEV = REPO / "bench" / "spatial" / "context_cases.json"
HELD = REPO / "bench" / "spatial" / "context_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
LARGE = "LargeBuilding.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys``, plain IfcOpenShell."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) in storeys}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def test_a_fragment_adds_a_storey_only_with_an_adding_word_and_nothing_else() -> None:
    assert adds_storey("Also the Level 2 ones.", "Level 2")
    assert adds_storey("EG too please.", "EG")
    assert adds_storey("Das Dachgeschoss auch.", "Dachgeschoss")
    assert not adds_storey("The Level 2 ones were done last month.", "Level 2")  # no adding word
    assert not adds_storey("Also the Level 2 ones, the broken ones.", "Level 2")  # says which
    assert not adds_storey("And not Level 2.", "Level 2")


def test_another_storey_said_to_be_done_or_later_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    expected = on(DUPLEX, "IfcStair", "Level 1")
    for mail in ("Which stairs are on Level 1? The Level 2 ones were refurbished in spring.",
                 "Hi,\nwhich stairs are on Level 1? Level 2 isn't part of the job.\nThanks"):
        answer = qa(DUPLEX).ask(mail)
        assert expected and _guids(answer) == expected, answer["answer"]
    # the same sentence restricting is never set aside
    _declined(qa(DUPLEX).ask("Which stairs are on Level 1? Only the Level 2 ones were checked."), "checked")


def test_a_fragment_adding_a_storey_asks_both(qa: Callable[[str], SpatialQA], on: Any) -> None:
    both = on(DUPLEX, "IfcDoor", "Level 1", "Level 2")
    for mail in ("Which doors are on Level 2? Also the Level 1 ones.", "Which doors are on Level 2? And Level 1.",
                 "Hello,\nwhich doors are on Level 2? The Level 1 ones as well.\nRegards"):
        answer = qa(DUPLEX).ask(mail)
        assert _guids(answer) == both and len(both) > len(on(DUPLEX, "IfcDoor", "Level 2")), answer["answer"]
    _declined(qa(DUPLEX).ask("Which doors are on Level 2? Also the ones in the garage."), "garage")
    # a sentence adding another class is never set aside (main answered the windows of Level 1 alone)
    answer = qa(DUPLEX).ask("Which windows are on Level 1? And the doors on Level 2.")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    _declined(qa(DUPLEX).ask("Which doors are on Level 2? Also the Level 1 ones, the painted ones."), "painted")


def test_a_clause_of_who_asks_inside_the_request_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "IfcDoor", "Level 1")
    for mail in ("how many doors are on Level 1, the site engineer wants to know",
                 "how many doors are on Level 1, we're preparing the tenancy handover",
                 "I need the doors on Level 1 for the annual check"):
        answer = qa(DUPLEX).ask(mail)
        got = answer["count"] if answer["count"] is not None else len(_guids(answer))
        assert answer["declined"] is None and got == len(doors), answer["answer"]
    # a clause naming what the model cannot ground is no clause of who asks
    _declined(qa(DUPLEX).ask("how many doors are on Level 1, the ones facing the garden"), "facing")


def test_a_context_restating_the_request_is_set_aside(qa: Callable[[str], SpatialQA], shared_ifc: Path,
                                                      on: Any) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    external = {w.GlobalId for w in f.by_type("IfcWall") if storey_of(w) == "Level 2" and ifcopenshell.util.element
                .get_psets(w).get("Pset_WallCommon", {}).get("IsExternal") is True}
    answer = qa(DUPLEX).ask("I'm surveying the facade this week. Which external walls are on Level 2?")
    assert external and _guids(answer) == external, answer["answer"]
    answer = qa(DUPLEX).ask("We're replacing the doors on Level 1 in May. Which doors are on Level 1?")
    assert _guids(answer) == on(DUPLEX, "IfcDoor", "Level 1"), answer["answer"]
    # a word before the class that the request does not hold may say which: kept, declined
    _declined(qa(DUPLEX).ask("We're replacing the warped doors on Level 1. Which doors are on Level 1?"), "warped")
    # the class asked said plainly of another storey: that storey is not asked about
    answer = qa(DUPLEX).ask("We're replacing the doors on Level 1. Which doors are on Level 2?")
    assert _guids(answer) == on(DUPLEX, "IfcDoor", "Level 2"), answer["answer"]
    # ... never when an adjective the request does not hold says which of the class asked
    _declined(qa(DUPLEX).ask("We're replacing the warped doors on Level 2. Which doors are on Level 2?"), "warped")


def test_a_class_as_a_compound_modifier_names_no_class(qa: Callable[[str], SpatialQA], on: Any) -> None:
    walls = on(LARGE, "IfcWall", "Level 1")
    answer = qa(LARGE).ask("Hi,\nwe're pricing wall paint for the whole house. Which walls are on Level 1?\nThanks")
    assert walls and _guids(answer) == walls, answer["answer"]
    _declined(qa(LARGE).ask("We're checking the cracked walls. Which walls are on Level 1?"), "cracked")


def test_german_context_around_a_german_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(FZK).ask("Hallo, das Dachgeschoss wird im Herbst gestrichen. Welche Türen sind im Erdgeschoss? "
                         "Gruß, Familie Kurz")
    assert _guids(answer) == on(FZK, "IfcDoor", "Erdgeschoss"), answer["answer"]
    answer = qa(FZK).ask("Welche Fenster sind im Erdgeschoss? Das Dachgeschoss machen wir später.")
    assert _guids(answer) == on(FZK, "IfcWindow", "Erdgeschoss"), answer["answer"]
    answer = qa(FZK).ask("Welche Fenster sind im Erdgeschoss? Das Dachgeschoss auch.")
    assert _guids(answer) == on(FZK, "IfcWindow", "Erdgeschoss", "Dachgeschoss"), answer["answer"]


def test_people_days_and_chat_leads_are_context(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "IfcDoor", "Level 2")
    for mail in ("Hi Sam, the removal crew starts on Monday. Which doors are on Level 2? They want to plan the "
                 "route. Thanks, Lea",
                 "lol the coffee machine broke again. anyway doors on Level 2?",
                 "Hello, I am the new caretaker, I start Monday. Which doors are on Level 2? Thank you very much"):
        answer = qa(DUPLEX).ask(mail)
        assert doors and _guids(answer) == doors, answer["answer"]
    # a sentence about the things asked may say which: kept, declined
    _declined(qa(DUPLEX).ask("Which doors are on Level 2? They need new seals."), "seals")


# --- the bench: the committed cases ----------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from context_forms.py: run `python bench/spatial/context_forms.py`")
