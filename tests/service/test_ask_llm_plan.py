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
    question = "Türen dort oben?"  # the rules could not plan this one; the LLM names the storey
    plan = {"intent": "list", "storeys": [storey.Name], "classes": ["door"],
            "words": [{"word": "oben", "read_as": storey.Name}]}
    with ScriptedServer(plans_only(plan)) as llm:
        live = start_server(create_app(tmp_path / "models", embedder="none", answer_cache=False,
                                       planner=planner_factory("scripted", llm.base_url)))
        try:
            with live.client() as client:
                uploaded = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())})
                model_id = uploaded.json()["id"]
                response = client.post(f"/api/models/{model_id}/ask", json={"question": question})
        finally:
            live.stop()
        result = CliRunner().invoke(cli, ["ask", str(sample_ifc), question, "--json", "--embedder", "none",
                                          "--no-cache", "--model", "scripted", "--base-url", llm.base_url])
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
