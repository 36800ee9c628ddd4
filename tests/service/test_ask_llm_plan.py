"""``ask`` over HTTP with an LLM planner (``serve --model``): the LLM's plan reaches the stream, with the same keys
as ``ifcqa ask --model --json``; the scripted model server on loopback plays the LLM."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
from service_helpers import start_server
from typer.testing import CliRunner

from ifcqa.cli.main import app as cli
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.service.app import create_app
from ifcqa.service.sse import parse_events
from ifcqa.spatial.llm_plan import planner_factory
from ifcqa.spatial.pipeline import ANSWER_KEYS


def plans_only(plan: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Every plan request gets ``plan``; answer-writing requests are refused (the templated answer stays)."""
    def step(request: dict[str, Any]) -> dict[str, Any]:
        if request["messages"][0]["content"].startswith("You answer a question"):
            return {"status": 400, "body": "templated answers in this test"}
        return {"content": json.dumps(plan)}

    return step


def test_the_stream_carries_the_llm_plan_with_the_cli_keys(sample_ifc: Path, tmp_path: Path) -> None:
    model = ifcopenshell.open(str(sample_ifc))
    storey = model.by_type("IfcBuildingStorey")[1]
    doors = {e.GlobalId for e in ue.get_decomposition(storey) if e.is_a("IfcDoor")}
    question = "Türen dort oben?"  # planner mode first: the LLM plans it (and names the storey)
    plan = {"intent": "list", "storeys": [storey.Name], "classes": ["door"],
            "words": [{"word": "oben", "read_as": storey.Name}]}
    with ScriptedServer(plans_only(plan)) as llm:
        live = start_server(create_app(tmp_path / "models", embedder="none", answer_cache=False,
                                       planner=planner_factory("scripted", llm.base_url, mode="first")))
        try:
            with live.client() as client:
                uploaded = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())})
                model_id = uploaded.json()["id"]
                response = client.post(f"/api/models/{model_id}/ask", json={"question": question})
        finally:
            live.stop()
        result = CliRunner().invoke(cli, ["ask", str(sample_ifc), question, "--json", "--embedder", "none",
                                          "--no-cache", "--model", "scripted", "--base-url", llm.base_url,
                                          "--planner-mode", "first"])
    data = dict(parse_events(response.text))
    final = data["final"]
    assert tuple(final) == ANSWER_KEYS and final["plan"]["parser"] == "llm:scripted"
    assert data["plan"]["parser"] == "llm:scripted" and final["declined"] is None
    assert {row["guid"] for row in final["elements"]} == doors and doors
    assert result.exit_code == 0, result.output
    cli_answer = json.loads(result.stdout)
    assert tuple(cli_answer) == ANSWER_KEYS and cli_answer["plan"]["parser"] == "llm:scripted"
    assert [r["guid"] for r in cli_answer["elements"]] == [r["guid"] for r in final["elements"]]
    assert cli_answer["answer"] == final["answer"]



def test_the_fallback_mode_streams_the_rules_answer_or_the_llm_plan_of_their_decline(sample_ifc: Path,
                                                                                      tmp_path: Path) -> None:
    """serve's default mode: a question the rules answer never reaches the LLM; one they decline for not understanding
    it is answered by the LLM's plan, checked, and the streamed answer says who planned it."""
    model = ifcopenshell.open(str(sample_ifc))
    outside = {d.GlobalId for d in model.by_type("IfcDoor") if ue.get_container(d).Name == "Level 0"
               and ue.get_psets(d).get("Pset_DoorCommon", {}).get("IsExternal") is True}
    plan = {"intent": "list", "storeys": ["Level 0"], "classes": ["door"],
            "qualifiers": [{"path": "Pset_DoorCommon.IsExternal", "op": "=", "value": True}],
            "words": [{"word": w, "read_as": "Pset_DoorCommon.IsExternal"} for w in ("nach", "draußen", "führen")]}
    with ScriptedServer(plans_only(plan)) as llm:
        live = start_server(create_app(tmp_path / "models", embedder="none", answer_cache=False,
                                       planner=planner_factory("scripted", llm.base_url)))
        try:
            with live.client() as client:
                uploaded = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())})
                model_id = uploaded.json()["id"]
                answered = client.post(f"/api/models/{model_id}/ask", json={"question": "doors on Level 0"})
                sent_before = len(llm.requests)
                declined = client.post(f"/api/models/{model_id}/ask",
                                       json={"question": "Türen im Level 0, die nach draußen führen"})
        finally:
            live.stop()
    rules = dict(parse_events(answered.text))
    assert sent_before == 0 and rules["final"]["plan"]["parser"] == "rules" and len(rules["final"]["elements"]) == 2
    data = dict(parse_events(declined.text))
    final = data["final"]
    assert len(llm.requests) == 1 and final["plan"]["parser"] == "llm:scripted" and final["declined"] is None
    assert {row["guid"] for row in final["elements"]} == outside and len(outside) == 2
    assert "(Planned by llm:scripted, since the rules did not understand 'nach', 'draussen', 'führen'.)" in (
        final["answer"]) and data["answer"]["text"] == final["answer"]
