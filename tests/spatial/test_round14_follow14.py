"""Round 14, a question and its follow-up in one message (bench/spatial/follow_ups.py, src/ifcqa/spatial/follow_ups.py).

The follow-up asks the same in another view (answered once, in that view), narrows the request (applied, or declined
when not understood), or asks another question (declined when it asks for part of what the request asks). Each
sentence below is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
(``plain_walks.storey_of``).
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
from ifcqa.spatial.follow_ups import narrowing, views_of

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "follow_ups.py"
DEV = REPO / "bench" / "spatial" / "follow_up_cases.json"
HELD = REPO / "bench" / "spatial" / "follow_up_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey`` (None: anywhere), plain IfcOpenShell."""
    def get(name: str, storey: str | None, cls: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls)
                if (storey is None or storey_of(e) == storey) and (where is None or where(e))}
    return get


def _external(pset: str, value: bool) -> Callable[[Any], bool]:
    return lambda e: ue.get_pset(e, pset, "IsExternal") is value


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], said: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert said in answer["answer"], answer["answer"]


# --- the follow-up, read alone ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "views"), [
    ("and if so, which ones exactly?", {"list"}),
    ("Could you also list them?", {"list"}),
    ("how many do we have, and which?", {"count", "list"}),
    ("Falls ja, wie viele sind es?", {"count"}),
    ("On which levels are they?", {"storeys"}),
    ("storey names only pls", {"storeys"}),
    ("The names will do.", {"names"}),
    ("Nur die Namen, danke.", {"names"}),
])
def test_a_view_follow_up_is_read_as_its_views(said: str, views: set[str]) -> None:
    assert views_of(said) == views


@pytest.mark.parametrize("said", ["Which of those are external?", "And on Level 2?", "How wide are they?",
                                  "No rush.", "Just curious.", "Only the external ones."])
def test_a_question_or_a_closer_is_no_view(said: str) -> None:
    assert views_of(said) is None


@pytest.mark.parametrize(("said", "read"), [
    ("Just count the load-bearing ones, thanks.", "only the load-bearing ones."),
    ("Do not include the external ones!", "not the external ones!"),
    ("Only the ones on Level 1 though", "Only the ones on Level 1."),
    ("Nur die tragenden, bitte.", "Nur die tragenden."),
])
def test_a_narrowing_is_read_as_the_parser_reads_it(said: str, read: str) -> None:
    assert narrowing(said) == read


@pytest.mark.parametrize("said", ["Just curious.", "Not urgent.", "Only asking.", "Which ones are external?"])
def test_what_opens_like_a_narrowing_without_a_head_is_none(said: str) -> None:
    assert narrowing(said) is None


# --- (a) the same request in another view ---------------------------------------------------------------------------

def test_a_yes_no_followed_by_which_ones_lists(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("Do we have doors on Level 2? And if so, which ones exactly?")
    assert doors and _guids(answer) == doors, answer["answer"]
    assert "follow-up" in (answer["rule"] or ""), answer["rule"]


def test_a_yes_no_followed_by_how_many_counts(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(INST).ask("Gibt es Fenster im Keller? Falls ja, wie viele sind es?")
    assert answer["count"] == len(on(INST, "Keller", "IfcWindow")), answer["answer"]


def test_a_list_followed_by_the_number_counts(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("Show me the windows on Level 1. The number is enough.")
    assert answer["count"] == len(on(DUPLEX, "Level 1", "IfcWindow")) > 0, answer["answer"]


def test_where_followed_by_which_storey_names_the_storeys(qa: Callable[[str], SpatialQA], on: Any,
                                                          shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / INST))
    want = {storey_of(e) for e in f.by_type("IfcStair")} - {None}
    for question in ("Are there any stairs in the building? On which levels are they?",
                     "Wo finde ich Treppen? Auf welchen Etagen?"):
        answer = qa(INST).ask(question)
        assert set(answer["storeys"] or ()) == want, answer["answer"]


def test_rooms_followed_by_names_only_lists_the_rooms(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("What rooms are on Level 2? The names will do.")
    assert _guids(answer) == on(DUPLEX, "Level 2", "IfcSpace") != set(), answer["answer"]


# --- (b) a narrowing -------------------------------------------------------------------------------------------------

def test_a_narrowing_by_a_boolean_is_applied(qa: Callable[[str], SpatialQA], on: Any) -> None:
    ext = on(DUPLEX, "Level 1", "IfcWall", _external("Pset_WallCommon", True))
    assert ext and ext != on(DUPLEX, "Level 1", "IfcWall")
    answer = qa(DUPLEX).ask("Show me the walls on Level 1. Just the external ones, thanks.")
    assert _guids(answer) == ext, answer["answer"]


def test_dont_count_takes_the_others(qa: Callable[[str], SpatialQA], on: Any) -> None:
    inner = on(FZK11, "Erdgeschoss", "IfcDoor", _external("Pset_DoorCommon", False))
    assert inner and inner != on(FZK11, "Erdgeschoss", "IfcDoor")
    answer = qa(FZK11).ask("How many doors does the Erdgeschoss have? Do not count the external ones.")
    assert answer["count"] == len(inner) and _guids(answer) == inner, answer["answer"]


def test_a_narrowing_to_a_class_is_applied(qa: Callable[[str], SpatialQA], on: Any, shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK11))
    wohnen = next(s for s in f.by_type("IfcSpace") if s.LongName == "Wohnen")
    inside = [e for rel in wohnen.ContainsElements or () for e in rel.RelatedElements]
    furniture = {e.GlobalId for e in inside if e.is_a("IfcFurnishingElement")}
    assert furniture and len(furniture) < len(inside)  # the room holds something else too
    answer = qa(FZK11).ask("what is inside the Wohnen? only the furniture pls")
    assert _guids(answer) == furniture, answer["answer"]


def test_a_narrowing_not_understood_declines_naming_it(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("List the doors on Level 2. Only the wobbly ones."), "wobbly")


def test_a_narrowing_outside_the_request_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("Which doors are on Level 1? Only the ones on Level 2."), "storey the request")


def test_a_narrowing_that_keeps_everything_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("Which doors are on Level 1? Only those."), "which of them")


# --- (c) another question ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "How many doors on Level 1? Which ones are external?",
    "Level 1 doors - how many, and which of them are external?",
    "Which walls are on Level 2? Are any of them external?",
])
def test_part_of_the_request_asked_anew_declines(question: str, qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask(question), "two different questions")


def test_another_request_still_declines_and_a_closer_still_answers(qa: Callable[[str], SpatialQA], on: Any) -> None:
    _declined(qa(DUPLEX).ask("Which doors are on Level 1? How many windows are on Level 2?"), "I cannot answer")
    answer = qa(DUPLEX).ask("Which doors are on Level 1? No rush.")
    assert _guids(answer) == on(DUPLEX, "Level 1", "IfcDoor"), answer["answer"]


# --- the bench: the committed cases, and a seeded sample -------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from follow_ups.py: run `python bench/spatial/follow_ups.py`")
    assert script.main(["--check", "--ifc-dir", str(shared_ifc)]) == 0


def _sample() -> list[dict[str, Any]]:
    """The first case of each kind and every 7th case (by the committed order)."""
    cases = list(json.loads(DEV.read_text(encoding="utf-8")))
    firsts = {c["follow"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::7]]}
    return sorted(picked.values(), key=lambda c: c["id"])


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_follow_up_sample_answers_as_the_oracle(case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    if case["id"] == "fu-same_names-04":
        pytest.skip("'What rooms does Roof have?' reads Roof as IfcRoof (the request alone; not a follow-up)")
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened and result.score == 1.0, answer["answer"][:300]
