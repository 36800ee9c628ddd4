"""Round 16, requests inside chat logs, voice-memo transcripts and mails (bench/spatial/chat_forms.py,
src/ifcqa/spatial/chat_layout.py).

A chat's speaker names, timestamps, header and reply-only turns are layout; a transcript's fillers and courtesy
pieces are layout and its statement pieces are context set aside only when they restrict nothing; a context line
restricting in a way the model cannot ground declines, and so does a bare "only those" pointing back at a context.
Every message below is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
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
from ifcqa.spatial.chat_layout import points_back

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "chat_forms.py"
DEV = REPO / "bench" / "spatial" / "chat_cases.json"
HELD = REPO / "bench" / "spatial" / "chat_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[[str, str, str], set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey``, plain IfcOpenShell."""
    def get(name: str, storey: str, cls: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def test_a_bare_point_back_is_found_only_after_something_to_point_at() -> None:
    assert points_back("Tom: the auditor flagged some\nSara: list the doors on Level 2, only those?") == "only those?"
    assert points_back("We checked it. How many windows on Level 2? Just them.") == "Just them."
    assert points_back("List the windows on Level 2") is None
    assert points_back("Only those on Level 2: which doors?") is None  # "those on Level 2" says which


def test_a_chat_turn_is_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    chat = ("[08:55] Ivo: morning, the crane arrives at 10\n[08:56] Pia: which doors are on Level 1?\n"
            "[08:57] Ivo: no idea, asking the model\n[08:58] Pia: 👍")
    answer = qa(DUPLEX).ask(chat)
    expected = on(DUPLEX, "Level 1", "IfcDoor")
    assert expected and _guids(answer) == expected, answer["answer"]


def test_a_voice_memo_with_fillers_and_context(qa: Callable[[str], SpatialQA], on: Any) -> None:
    memo = ("[voice memo, transcribed] ok so um the roofer called, uh, he comes Thursday, which windows are on "
            "Level 2, right, yeah, that's it")
    answer = qa(DUPLEX).ask(memo)
    expected = on(DUPLEX, "Level 2", "IfcWindow")
    assert expected and _guids(answer) == expected, answer["answer"]
    memo_de = "[Sprachmemo, transkribiert] also ähm, welche Fenster sind im Erdgeschoss? genau. danke, tschüss"
    answer = qa(FZK).ask(memo_de)
    expected = on(FZK, "Erdgeschoss", "IfcWindow")
    assert expected and _guids(answer) == expected, answer["answer"]


def test_a_context_line_that_restricts_is_never_dropped(qa: Callable[[str], SpatialQA], on: Any) -> None:
    _declined(qa(DUPLEX).ask("Ute: only the ones in the north tract\nMax: How many doors are on Level 2?"), "north")
    _declined(qa(DUPLEX).ask("Ute: the inspector flagged a few\nMax: which doors are on Level 1, only those?"),
              "only those")
    # a transcript piece restricting to a storey is applied or declines: never every door of the model
    answer = qa(DUPLEX).ask("[voice memo] um, so this is only about Level 2, ok, how many doors are there? thanks")
    assert answer["count"] != len(on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")), \
        answer["answer"]


# --- the bench: the committed cases ----------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from chat_forms.py: run `python bench/spatial/chat_forms.py`")
