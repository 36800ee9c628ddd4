"""Round 19, context units that cannot restrict the request and context that agrees with it
(bench/spatial/context_restrict_forms.py, src/ifcqa/spatial/context_restrict.py).

A context unit that refers to nothing asked, names no place the request lacks and holds no scope word, number with a
unit or qualifier is set aside, so is one that only agrees with the request's storey; a context that restricts (a
modifier on the asked class, a place, a scope word, the request's own storey left out) still declines. Every message
below is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
(``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.context_restrict import leaves_out, said_of_asked

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "context_restrict_forms.py"
DEV = REPO / "bench" / "spatial" / "context_restrict_cases.json"
HELD = REPO / "bench" / "spatial" / "context_restrict_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys``."""
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


def test_a_chat_turn_asked_and_answered_before_the_request_is_context(
        qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    chat = ("[07:10] Rosa: did the crane company call?\n[07:11] Tim: no, not yet\n"
            "[07:12] Rosa: which windows are on Level 2?")
    answer = qa(DUPLEX).ask(chat)  # main: "I did not understand 'crane', 'company', 'call', 'not', 'yet'"
    assert answer["declined"] is None, answer["answer"]
    assert _guids(answer) == on(DUPLEX, "IfcWindow", "Level 2")
    assert "cannot restrict" in " ".join(answer["plan"]["notes"])


def test_a_reply_that_restricts_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    chat = ("[09:00] Ana: which doors get new locks?\n[09:01] Ben: only the ones facing the garden\n"
            "[09:02] Ana: how many doors are on Level 1?")
    _declined(qa(DUPLEX).ask(chat), "facing")


def test_a_statement_before_the_request_in_a_voice_memo(
        qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    memo = "(transcribed voice message) uh, the plumber is booked for Friday, um, how many doors are on Level 1?"
    answer = qa(DUPLEX).ask(memo)  # main: "it relates 'plumbing' ..." / words not understood
    assert answer["declined"] is None, answer["answer"]
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 1"))
    memo = "so yeah the van is stuck in traffic, uh, anyway which walls are on Level 1?"
    answer = qa(DUPLEX).ask(memo)
    assert answer["declined"] is None, answer["answer"]
    assert _guids(answer) == on(DUPLEX, "IfcWall", "Level 1")


def test_a_voice_memo_statement_that_restricts_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("um so the north block, uh, how many windows are on Level 2?"), "north")
    _declined(qa(DUPLEX).ask("(transcribed voice message) uh, only the ones by the stairs, um, how many doors are on "
                             "Level 1?"), "only")


def test_a_context_that_agrees_with_the_request_storey(
        qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    answer = qa(DUPLEX).ask("Level 1 was finished in May, so this time only Level 2. Which doors are on Level 2?")
    assert answer["declined"] is None, answer["answer"]  # main: "I did not understand 'finished', 'time'"
    assert _guids(answer) == on(DUPLEX, "IfcDoor", "Level 2")
    answer = qa(FZK).ask("This visit is only about the Erdgeschoss. How many windows are on Erdgeschoss?")
    assert answer["declined"] is None, answer["answer"]
    assert answer["count"] == len(on(FZK, "IfcWindow", "Erdgeschoss"))


def test_a_context_that_contradicts_the_request_storey_declines(qa: Callable[[str], SpatialQA]) -> None:
    # main answered both with the doors of the request's storey
    _declined(qa(DUPLEX).ask("Level 2 is not part of the job. Which doors are on Level 2?"), "not")
    _declined(qa(DUPLEX).ask("Level 2 was done last month, so this time only Level 1. How many doors are on "
                             "Level 2?"), "done")


def test_a_context_saying_which_of_the_asked_things_declines(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("The doors near the stairs are the problem. How many doors are on Level 1?")
    assert answer["declined"] is not None and answer["count"] is None, answer["answer"]  # main: all doors on Level 1


def test_a_context_with_a_measure_or_a_pronoun_for_the_things_declines(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("[08:00] Kim: did the order go out?\n[08:01] Raj: yes, the ones wider than 2 m\n"
                            "[08:02] Kim: how many doors are on Level 1?")
    assert answer["declined"] is not None and answer["count"] is None, answer["answer"]
    answer = qa(DUPLEX).ask("[08:00] Kim: did the order go out?\n[08:01] Raj: yes, the boxes are 2 m long\n"
                            "[08:02] Kim: how many doors are on Level 1?")
    assert answer["declined"] is not None and answer["count"] is None, answer["answer"]


def test_unit_forms() -> None:
    assert said_of_asked("The windows near the stairs are the problem.", ["windows"])
    assert said_of_asked("the doors we painted last year", ["doors"])
    assert not said_of_asked("The window cleaner comes on Friday.", ["windows"])
    assert not said_of_asked("The installer arrives on Thursday.", ["doors"])
    assert leaves_out("Level 2 isn't part of the job.")
    assert leaves_out("We skip the Keller.")
    assert not leaves_out("We start on Level 3 on Monday.")


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from context_restrict_forms.py: run `python bench/spatial/context_restrict_forms.py`")
