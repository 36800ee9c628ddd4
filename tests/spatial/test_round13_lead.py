"""Round 13 (lead): a place said by a pronoun that a class asked accounts for; room functions a house may have but
most models lack; a bare-noun lead-in is the place asked; "how many rooms are in the sauna" has no count; a German
"rooms without doors" is answered (it raised); a question that raises is a scored failure of spatial-bench, not a
lost run. Answers checked against the files with plain IfcOpenShell."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import storey_of
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.spatial import SpatialQA

FZK = "AC20-FZK-Haus.ifc"  # a house: Erdgeschoss, Dachgeschoss; no sauna, no pool
SAMPLE = "Ifc4_SampleHouse.ifc"
DHW = "domestic-hot-water.ifc"
File = Callable[[str], ifcopenshell.file]


def _guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


def test_in_them_after_a_class_is_that_class(qa: Callable[[str], SpatialQA], model: File) -> None:
    brick = {w.GlobalId for w in model(SAMPLE).by_type("IfcWall")
             if any("brick" in (m.Name or "").lower() for m in ue.get_materials(w))}
    assert brick
    answer = qa(SAMPLE).ask("which walls have brick in them?")
    assert answer["declined"] is None and _guids(answer) == brick, answer["answer"]


def test_in_here_with_a_class_is_the_model(qa: Callable[[str], SpatialQA], model: File) -> None:
    assert not model(DHW).by_type("IfcPump")
    answer = qa(DHW).ask("is there any IfcPump in here?")
    assert answer["declined"] is None and answer["yes_no"] is False, answer["answer"]


@pytest.mark.parametrize("question", ["what's in it?", "sauna - which doors are in it", "how many are in there?"])
def test_in_it_with_no_place_given_declines(question: str, qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask(question)
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, answer["answer"]


@pytest.mark.parametrize("question", ["sauna: which windows?", "which windows does the home cinema have",
                                      "doors of the bike room", "how many rooms are in the sauna",
                                      "wie viele Fenster hat der Wintergarten?"])
def test_a_room_function_the_model_lacks_declines(question: str, qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask(question)
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, answer["answer"]
    assert "no space named like" in answer["answer"], answer["answer"]


def test_counting_the_rooms_of_a_function_the_model_lacks_is_zero(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask("how many saunas are there?")
    assert answer["count"] == 0 and answer["elements"] == [], answer["answer"]


@pytest.mark.parametrize("question", ["gazebo: which windows?", "Gazebo - how many doors?", "facade: list the windows"])
def test_a_bare_noun_lead_in_is_the_place_asked(question: str, qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask(question)
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, answer["answer"]
    said = question.split(":")[0].split(" -")[0]
    assert said in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", ["Quick question: which windows are there?", "RE: which windows are there?",
                                      "Hi team: which windows are there?", "FM ticket 2207 - which windows are there?"])
def test_a_talk_lead_in_is_still_set_aside(question: str, qa: Callable[[str], SpatialQA], model: File) -> None:
    windows = {w.GlobalId for w in model(FZK).by_type("IfcWindow")}
    answer = qa(FZK).ask(question)
    assert answer["declined"] is None and _guids(answer) == windows, answer["answer"]


def test_a_bare_noun_lead_in_before_a_request_with_its_own_place_is_set_aside(
        qa: Callable[[str], SpatialQA], model: File) -> None:
    eg = {w.GlobalId for w in model(FZK).by_type("IfcWindow") if storey_of(w) == "Erdgeschoss"}
    answer = qa(FZK).ask("Cleaning contract: which windows are on the Erdgeschoss?")
    assert answer["declined"] is None and _guids(answer) == eg, answer["answer"]


def test_german_rooms_without_doors_are_the_rooms_no_door_bounds(qa: Callable[[str], SpatialQA], model: File) -> None:
    spaces = [s for s in model(FZK).by_type("IfcSpace") if storey_of(s) == "Erdgeschoss"]
    doorless = {s.GlobalId for s in spaces if not any(
        r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcDoor") for r in s.BoundedBy or ())}
    assert doorless and len(doorless) < len(spaces)
    answer = qa(FZK).ask("Räume im Erdgeschoss ohne Türen")  # raised IndexError in the parser before
    assert answer["declined"] is None and _guids(answer) == doorless, answer["answer"]


def test_a_question_that_raises_is_scored_zero_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         shared_ifc: Path) -> None:
    ask = SpatialQA.ask

    def failing(self: SpatialQA, question: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        if "BOOM" in question:
            raise IndexError("list index out of range")
        return ask(self, question, *args, **kwargs)

    monkeypatch.setattr(SpatialQA, "ask", failing)
    windows = [w.GlobalId for w in ifcopenshell.open(str(shared_ifc / FZK)).by_type("IfcWindow")]
    path = tmp_path / "set.json"
    path.write_text(json.dumps([
        {"id": "bad", "query": "BOOM which doors", "ifc_filename": FZK, "kind": "edge", "oracle": {"type": "decline"}},
        {"id": "good", "query": "which windows are there?", "ifc_filename": FZK, "kind": "storey_class",
         "oracle": {"type": "elements", "guids": windows}},
    ]))  # fmt: skip
    result = CliRunner().invoke(app, ["spatial-bench", str(path), "-o", str(tmp_path / "run"), "--no-graph",
                                      "--ifc-dir", str(shared_ifc), "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 1 and "1 question(s) raised" in result.output and "(bad)" in result.output, result.output
    records = {r["id"]: r for r in map(json.loads, (tmp_path / "run" / "records.jsonl").read_text().splitlines())}
    assert records["bad"]["score"] == 0.0 and records["bad"]["broadened"] is False
    assert records["bad"]["error"] == "IndexError: list index out of range"
    assert records["good"]["score"] == 1.0  # the run went on past the failure
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["errors"] == ["bad"] and summary["score"] == 0.5


@pytest.mark.parametrize("question", ["when are the Erdgeschoss windows fitted?", "When do the doors get painted",
                                      "when should the Dachgeschoss slabs be poured?"])
def test_when_with_an_auxiliary_asks_a_time_the_file_does_not_hold(question: str,
                                                                   qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask(question)
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, answer["answer"]
    assert "schedules" in answer["answer"], answer["answer"]
