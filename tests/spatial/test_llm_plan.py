"""LLM plan extraction through a real chat-completions server on loopback (the scripted model)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer, unused_port_url
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.llm_plan import LLMPlanner
from ifcqa.spatial.oracle import located_storey

DUPLEX = "Duplex_A_20110907.ifc"


def windows_not_on(model: ifcopenshell.file, storey: str) -> set[str]:
    return {
        w.GlobalId for w in model.by_type("IfcWindow")
        if (s := located_storey(w)) is not None and s.Name != storey
    }


def ask(index: ModelIndex, url: str, question: str) -> dict[str, object]:
    client = ChatClient("scripted", base_url=url, max_retries=0, timeout_s=10)
    return SpatialQA(index, use_graph=False, embedder=None, planner=LLMPlanner(index, client)).ask(question)


def test_llm_plan_is_used_and_recorded(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    plan = {"intent": "list", "storeys": [], "exclude_storeys": ["Level 1"], "classes": ["window"],
            "inventory": False}
    with ScriptedServer([{"content": "Here you go: " + json.dumps(plan)}]) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "Fenster, aber nicht unten")
        request = server.requests[0]
    assert answer["plan"]["parser"] == "llm:scripted"  # type: ignore[index]
    got = {e["guid"] for e in answer["elements"]}  # type: ignore[attr-defined]
    assert got == windows_not_on(ifcopenshell.open(shared_ifc / DUPLEX), "Level 1")
    prompt = request["messages"][0]["content"]
    assert "'Level 1'" in prompt and "- window: windows" in prompt
    assert request["response_format"] == {"type": "json_object"}


def test_llm_plan_may_name_a_predefined_type_kind(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    plan = {"intent": "count", "storeys": [], "exclude_storeys": [], "classes": ["table"], "inventory": False}
    with ScriptedServer([{"content": json.dumps(plan)}]) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "Wie viele Couchtische hat das Haus?")
        prompt = server.requests[0]["messages"][0]["content"]
    assert "- table: tables (a kind of furniture, by predefined type)" in prompt
    assert answer["plan"]["parser"] == "llm:scripted"  # type: ignore[index]
    model = ifcopenshell.open(shared_ifc / DUPLEX)  # IFC2X3: no TABLE enumeration, Revit names say it
    tables = {e.GlobalId for e in model.by_type("IfcFurnishingElement") if (e.Name or "").startswith("M_Table")}
    assert {e["guid"] for e in answer["elements"]} == tables and tables  # type: ignore[attr-defined]
    assert str(answer["answer"]).startswith(f"There are {len(tables)} tables in the model")


@pytest.mark.parametrize("step", [
    {"content": json.dumps({"intent": "list", "storeys": ["Level 9"], "classes": ["door"]})},
    {"content": json.dumps({"intent": "list", "storeys": ["Level 1"], "classes": ["spaceship"]})},
    {"content": json.dumps({"intent": "dance", "storeys": [], "classes": []})},
    {"content": "I think it is the doors."},
    {"status": 400, "body": {"error": {"message": "response_format not supported"}}},
])
def test_unusable_llm_plans_fall_back_to_the_rules(step: dict[str, object],
                                                   index_of: Callable[[str], ModelIndex]) -> None:
    with ScriptedServer([step]) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "doors on Level 1")
    plan = answer["plan"]
    assert plan["parser"] == "rules"  # type: ignore[index]
    assert any(n.startswith("LLM plan not used (") for n in plan["notes"])  # type: ignore[index]
    assert len(answer["elements"]) == 6  # type: ignore[arg-type]


def test_unreachable_llm_falls_back(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DUPLEX), unused_port_url(), "doors on Level 1")
    assert answer["plan"]["parser"] == "rules" and len(answer["elements"]) == 6  # type: ignore[index,arg-type]


def test_ask_cli_with_a_model(tmp_path: Path, shared_ifc: Path) -> None:
    plan = {"intent": "count", "storeys": ["Level 2"], "exclude_storeys": [], "classes": ["door"]}
    with ScriptedServer([{"content": json.dumps(plan)}]) as server:
        result = CliRunner().invoke(app, [
            "ask", str(shared_ifc / DUPLEX), "wie viele Türen oben?", "--json", "--no-graph", "--model", "scripted",
            "--base-url", server.base_url, "--cache-dir", str(tmp_path),
        ])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["plan"]["parser"] == "llm:scripted" and answer["answer"].startswith("There are 8 doors on Level 2")


def test_llm_written_answer_is_used_only_when_its_guids_are_in_the_list(
    index_of: Callable[[str], ModelIndex]
) -> None:
    index = index_of(DUPLEX)
    plan = json.dumps({"intent": "count", "storeys": ["Level 2"], "classes": ["door"]})
    level2_door = next(e.guid for e in index.by_class("IfcDoor") if index.data.elements[e.storey].name == "Level 2")
    level1_door = next(e.guid for e in index.by_class("IfcDoor") if index.data.elements[e.storey].name == "Level 1")
    good = f"Level 2 has 8 doors, for example {level2_door}."
    bad = f"Level 2 has 8 doors, among them {level1_door}."
    with ScriptedServer([{"content": plan}, {"content": good}, {"content": plan}, {"content": bad}]) as server:
        used = ask(index, server.base_url, "doors upstairs?")
        refused = ask(index, server.base_url, "doors upstairs?")
    assert used["answer"] == good
    assert "answer written by llm:scripted (GlobalIds checked)" in used["plan"]["notes"]  # type: ignore[index]
    assert refused["answer"].startswith("There are 8 doors on Level 2")  # type: ignore[union-attr]
    notes = refused["plan"]["notes"]  # type: ignore[index]
    assert any(n.startswith("LLM answer not used (it names GlobalIds not in the list") for n in notes)
