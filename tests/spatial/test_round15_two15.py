"""Round 15, a message holding several requests or a request and a tail saying how to answer
(bench/spatial/several_requests.py, src/ifcqa/spatial/several_requests.py).

Two requests that each stand alone are declined naming both, in any language and with any closing; a closing is
never read by the spelling corrector; a second question reading its subject from the first but asking about another
place is declined; a second question asking for part of the first with a number tail is answered as that number.
Answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA, message_sentences, several_requests

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "several_requests.py"
DEV = REPO / "bench" / "spatial" / "several_request_cases.json"
HELD = REPO / "bench" / "spatial" / "several_request_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` storey-deep on ``storey``, plain IfcOpenShell."""
    def get(name: str, storey: str, cls: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey and (where is None or where(e))}
    return get


def _declined_two(answer: dict[str, Any], *said: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert "two different questions" in answer["answer"] and "one at a time" in answer["answer"], answer["answer"]
    for s in said:
        assert s in answer["answer"], answer["answer"]
    assert "Read '" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("text", ["Gruß", "Grüße", "Schöne Grüße", "Grüßle, Eva", "LG Anna", "Danke dir", "Tschüss",
                                  "Servus, Max", "VG", "Danke und Gruß, Jens"])
def test_closings_are_greetings(text: str) -> None:
    assert message_sentences._role(text) == "greeting"
    assert several_requests.closing(text)


@pytest.mark.parametrize("text", ["Grüße vom Keller?", "Gruß an die Türen im EG, wie viele sind es?",
                                  "Danke, wie viele Türen gibt es?", "Best doors on Level 1?"])
def test_no_request_is_a_closing(text: str) -> None:
    assert not several_requests.closing(text)


def test_closing_words_are_never_re_read() -> None:
    q = "Wie viele Türen gibt es auf Level 1? Und welche Fenster sind auf Level 2?\nViele Grüße\nAnna"
    assert {"viele", "grüße".casefold()} <= several_requests.closing_words(q)
    assert "türen" not in several_requests.closing_words(q)


@pytest.mark.parametrize("question", [
    "What's the height of the doors on Level 2? Und wie viele Türen gibt es auf Level 1? Gruß",
    "Which windows are on Level 1? Und wie viele Türen gibt es auf Level 2?\nViele Grüße\nAnna",
    "How many IfcColumn elements are on Level 1?\nUnd welche Fenster sind auf Level 2?\nGrüße, Tom",
])
def test_two_requests_across_languages_are_declined(qa: Callable[[str], SpatialQA], question: str) -> None:
    answer = qa(DUPLEX).ask(question)
    _declined_two(answer, "Level 1", "Level 2")


@pytest.mark.parametrize("question", [
    "How many doors on Level 1? Which are on Level 2?",
    "How many doors on Level 1? Which are on Level 2? Just the number.",
    "Which windows are on Level 1? Welche sind auf Level 2? Nur die Anzahl bitte.",
    "Doors that are not on level 1? Which are on Level 2?",  # main: "No doors found ... except Level 1 or Level 2"
    "How many doors? Which are on Level 2?",
])
def test_a_second_question_about_another_place_is_declined(qa: Callable[[str], SpatialQA], question: str) -> None:
    answer = qa(DUPLEX).ask(question)
    _declined_two(answer, "Level 2")
    assert "another place" in answer["answer"]


def test_a_narrowing_question_with_a_number_tail_is_the_number(qa: Callable[[str], SpatialQA],
                                                               on: Callable[..., set[str]]) -> None:
    external = on(DUPLEX, "Level 1", "IfcDoor", lambda e: ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is True)
    every = on(DUPLEX, "Level 1", "IfcDoor")
    assert 0 < len(external) < len(every)
    answer = qa(DUPLEX).ask("How many doors on Level 1? Which are external? Just the number.")
    assert answer["declined"] is None and answer["count"] == len(external), answer["answer"]
    assert {r["guid"] for r in answer["elements"]} == external
    assert "IsExternal" in answer["answer"]


@pytest.mark.parametrize("closing", ["Gruß", "Schöne Grüße", "Grüßle, Eva", "Tschüss", "Servus\nMax"])
def test_a_german_question_with_a_closing_is_answered(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]],
                                                      closing: str) -> None:
    answer = qa(DUPLEX).ask(f"Wie viele Türen gibt es auf Level 1? {closing}")
    assert answer["declined"] is None and answer["count"] == len(on(DUPLEX, "Level 1", "IfcDoor")), answer["answer"]
    assert "Read '" not in answer["answer"]


def test_the_same_request_again_elsewhere_is_not_declined(qa: Callable[[str], SpatialQA],
                                                          on: Callable[..., set[str]]) -> None:
    """"And on Level 2?" asks the same again for another storey: no question word, left as before (both)."""
    answer = qa(DUPLEX).ask("Which doors are on Level 1? And on Level 2?")
    assert answer["declined"] is None, answer["answer"]
    assert {r["guid"] for r in answer["elements"]} == on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2",
                                                                                           "IfcDoor")


def test_the_bench_files_are_what_the_script_computes(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from several_requests.py: run `python bench/spatial/several_requests.py`")
    assert script.main(["--check", "--ifc-dir", str(shared_ifc)]) == 0
