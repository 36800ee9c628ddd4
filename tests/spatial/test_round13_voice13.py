"""Round 13, another voice (bench/spatial/voices.py, src/ifcqa/spatial/voice_frames.py).

The same requests said the way people type them: lead-ins, frames around an embedded request, fronted topics,
closers, "just the number", claims to confirm, a restriction said in a desire frame. Each sentence below is none of
the bench's; answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``);
where a frame carries a word the model cannot ground, or a write, the answer declines.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score
from ifcqa.spatial.parser import normalise
from ifcqa.spatial.voice_frames import read

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "voices.py"
DEV = REPO / "bench" / "spatial" / "voice_cases.json"
HELD = REPO / "bench" / "spatial" / "voice_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey``, plain IfcOpenShell; ``where`` filters."""
    def get(name: str, storey: str, cls: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey and (where is None or where(e))}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str | None = None) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    if word is not None:
        assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


# --- the frames, read alone ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "asked"), [
    ("Right so, which doors are on level 2?", "which doors are on level 2?"),
    ("Would you be able to tell me how many windows are on level 2?", "how many windows are on level 2?"),
    ("Hunting for the doors on level 2, much appreciated", "the doors on level 2"),
    ("I'm looking for the number of doors on level 2", "how many doors on level 2?"),
    ("just checking: 8 doors on level 2?", "are there exactly 8 doors on level 2?"),
    ("level 2 contains 9 doors, is that correct?", "does level 2 have exactly 9 doors?"),
    ("With regard to the doors on level 2 - which ones are external?",
     "the doors on level 2 - which ones are external?"),
])
def test_the_frame_is_taken_out_and_the_request_left(said: str, asked: str) -> None:
    found = read(normalise(said))
    assert found.frames and found.text.strip() == asked, found


@pytest.mark.parametrize("said", ["how many doors are on level 2?", "so many doors?", "the walls on level 2",
                                  "about 20 doors on level 2"])
def test_no_frame_no_change(said: str) -> None:
    assert read(normalise(said)).frames == []


# --- answers on the shared models ------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "Hey there - would you be able to tell me how many doors are on Level 2? Much appreciated",
    "silly question but how many doors are on Level 2, if you can",
    "I'm searching for the number of doors on Level 2",
    "Concerning the doors on Level 2: how many are there? no hurry",
])
def test_a_framed_count_is_the_count(question: str, qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask(question)
    assert answer["count"] == len(on(DUPLEX, "Level 2", "IfcDoor")), answer["answer"]
    assert _guids(answer) == on(DUPLEX, "Level 2", "IfcDoor")


def test_just_the_number_turns_which_into_a_count(qa: Callable[[str], SpatialQA], on: Any) -> None:
    lb = on(INST, "1. Obergeschoss", "IfcWall", lambda e: ue.get_pset(e, "Pset_WallCommon", "LoadBearing") is True)
    answer = qa(INST).ask("which walls on 1. Obergeschoss are load-bearing? only need the number")
    assert answer["count"] == len(lb) and _guids(answer) == lb, answer["answer"]


@pytest.mark.parametrize(("claim", "delta"), [("I reckon there are {n} windows on Level 2, right?", 0),
                                              ("as far as I know Level 2 has {n} windows", 0),
                                              ("i counted {n} windows on Level 2 - does the model agree?", 1),
                                              ("by my count {n} windows on Level 2, is that true?", 2)])
def test_a_count_claim_is_an_exact_yes_no(claim: str, delta: int, qa: Callable[[str], SpatialQA], on: Any) -> None:
    real = len(on(DUPLEX, "Level 2", "IfcWindow"))
    answer = qa(DUPLEX).ask(claim.format(n=real + delta))
    assert answer["yes_no"] is (delta == 0), answer["answer"]


def test_a_restriction_in_a_desire_frame_is_kept(qa: Callable[[str], SpatialQA], on: Any) -> None:
    ext = on(DUPLEX, "Level 1", "IfcDoor", lambda e: ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is True)
    assert ext and ext != on(DUPLEX, "Level 1", "IfcDoor")
    answer = qa(DUPLEX).ask("We're only interested in the external ones - which doors are on Level 1?")
    assert _guids(answer) == ext, answer["answer"]


@pytest.mark.parametrize(("question", "word"), [
    ("help me locate the wobbly doors on Level 2", "wobbly"),
    ("would you be able to tell me which doors on Level 2 were replaced", "replaced"),
    ("quick q - how many doors are on the Galerie level?", None),
    ("I reckon there are 8 painted doors on Level 2, right?", "painted"),
])
def test_a_frame_around_what_cannot_be_grounded_declines(question: str, word: str | None,
                                                         qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask(question), word)


def test_a_frame_around_a_write_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(HOM).ask("would you be able to delete the doors on GroundFloor? no rush"))


def test_german_frames(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(INST).ask("Wissen Sie, ob es Fenster im Keller gibt?")
    assert answer["yes_no"] is bool(on(INST, "Keller", "IfcWindow")), answer["answer"]
    answer = qa(INST).ask("Könnten Sie mir sagen, wie viele Türen es im Erdgeschoss gibt?")
    assert answer["count"] == len(on(INST, "Erdgeschoss", "IfcDoor")), answer["answer"]


# --- the bench: the committed cases, and a seeded sample -------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from voices.py: run `python bench/spatial/voices.py`")
    assert script.main(["--check", "--ifc-dir", str(shared_ifc)]) == 0


def _sample() -> list[dict[str, Any]]:
    """The first case of each voice kind and every 6th case (by the committed order)."""
    cases = list(json.loads(DEV.read_text(encoding="utf-8")))
    firsts = {c["voice"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::6]]}
    return sorted(picked.values(), key=lambda c: c["id"])


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_voice_sample_answers_as_the_oracle(case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened and result.score == 1.0, answer["answer"][:300]
