"""``ask`` over HTTP: the stage events in order, the final event equal to ``ifcqa ask --json``, cancellation."""

from __future__ import annotations

import json
import time
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as ue
from service_helpers import LiveServer
from typer.testing import CliRunner

from ifcqa.cli.main import app as cli
from ifcqa.service.sse import parse_events
from ifcqa.spatial.pipeline import ANSWER_KEYS

STAGES = ["plan", "route", "retrieval", "answer", "check", "final"]


def doors_on(model: ifcopenshell.file, storey_name: str) -> set[str]:
    storey = next(s for s in model.by_type("IfcBuildingStorey") if s.Name == storey_name)
    return {e.GlobalId for e in ue.get_decomposition(storey) if e.is_a("IfcDoor")}


def test_ask_streams_each_stage_then_the_cli_answer(
    live: LiveServer, model_id: str, sample_ifc: Path, tmp_path: Path
) -> None:
    model = ifcopenshell.open(str(sample_ifc))
    storey = model.by_type("IfcBuildingStorey")[1].Name
    question = f"Which doors are on {storey}?"
    with live.client() as client:
        response = client.post(f"/api/models/{model_id}/ask", json={"question": question})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream")
    events = parse_events(response.text)
    assert [name for name, _ in events] == STAGES
    data = dict(events)
    final = data["final"]
    assert tuple(final) == ANSWER_KEYS and final["question"] == question
    assert data["plan"]["storey_names"] == [storey] and data["plan"]["intent"] == final["plan"]["intent"]
    assert data["route"]["route"] == final["route"] == "graph"
    assert data["retrieval"]["count"] == len(final["elements"]) and data["retrieval"]["classes"] == {
        "IfcDoor": len(final["elements"])}
    assert data["answer"]["text"] == final["answer"] and data["answer"]["elements"] == len(final["elements"])
    assert data["check"]["passed"] is True and data["check"]["checked"] == len(final["elements"])
    assert {row["guid"] for row in final["elements"]} == doors_on(model, storey)

    stored = live.models_dir / f"{model_id}.ifc"  # the same file through the command line, with its own cache
    result = CliRunner().invoke(cli, ["ask", str(stored), question, "--json", "--embedder", "none",
                                      "--cache-dir", str(tmp_path / "cli-cache")])
    assert result.exit_code == 0, result.output
    expected = json.loads(result.stdout)
    assert {k: v for k, v in final.items() if k != "timings_ms"} == {
        k: v for k, v in expected.items() if k != "timings_ms"}
    assert set(final["timings_ms"]) >= {"total"}


def test_a_repeated_question_streams_the_cached_answer(live: LiveServer, model_id: str) -> None:
    body = {"question": "How many windows are there?", "limit": 2}
    with live.client() as client:
        first = parse_events(client.post(f"/api/models/{model_id}/ask", json=body).text)
        second = parse_events(client.post(f"/api/models/{model_id}/ask", json=body).text)
    assert [n for n, _ in first] == [n for n, _ in second] == STAGES
    one, two = dict(first)["final"], dict(second)["final"]
    assert len(one["elements"]) == 2 and one["elements"] == two["elements"] and one["answer"] == two["answer"]
    assert dict(second)["route"].get("cached") is True


def test_ask_errors_before_the_stream_use_the_error_shape(live: LiveServer, model_id: str) -> None:
    with live.client() as client:
        unknown = client.post("/api/models/0123456789abcdef/ask", json={"question": "doors?"})
        paging = client.post(f"/api/models/{model_id}/ask", json={"question": "doors?", "offset": -1})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    assert paging.status_code == 422 and "offset" in paging.json()["error"]["message"]


def test_a_client_that_leaves_stops_the_work(live: LiveServer, model_id: str) -> None:
    loaded = live.state.store.loaded(model_id)
    metrics = live.state.metrics
    before = dict(metrics)
    loaded.lock.acquire()  # the first stage waits on the model's lock: the client leaves meanwhile
    try:
        with live.client() as client, client.stream(
            "POST", f"/api/models/{model_id}/ask", json={"question": "Which walls are on Level 0 (cancelled)?"}
        ) as response:
            assert response.status_code == 200  # headers are sent before the first stage runs
        deadline = time.monotonic() + 10  # the server notices the client left while the first stage waits
        while metrics["ask_disconnected"] == before.get("ask_disconnected", 0) and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        loaded.lock.release()
    deadline = time.monotonic() + 10
    while metrics["ask_cancelled"] == before.get("ask_cancelled", 0) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert metrics["ask_cancelled"] == before.get("ask_cancelled", 0) + 1
    assert metrics["ask_completed"] == before.get("ask_completed", 0)


def test_a_question_with_nothing_to_find_still_ends_with_final(live: LiveServer, model_id: str) -> None:
    with live.client() as client:
        events = parse_events(client.post(f"/api/models/{model_id}/ask", json={"question": "xyzzy plugh?"}).text)
    assert [n for n, _ in events] == STAGES
    final = dict(events)["final"]
    assert final["route"] == "none" and final["elements"] == []
