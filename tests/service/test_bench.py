"""MCQ generation as a job with progress events, benchmark browsing, evaluation runs and their reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from service_helpers import LiveServer

from ifcqa.agents.base import AgentConfig
from ifcqa.eval.runner import run_eval
from ifcqa.mcq.benchfile import read_items
from ifcqa.service.sse import parse_events


@pytest.fixture(scope="module")
def generated(live: LiveServer, model_id: str) -> dict[str, object]:
    """An MCQ job run to its end through the API: its id, its events and its final state."""
    with live.client() as client:
        started = client.post(f"/api/models/{model_id}/mcq", json={"cap": 2, "seed": 7})
        assert started.status_code == 202, started.text
        job = started.json()["job"]
        events = parse_events(client.get(f"/api/jobs/{job}/events", timeout=300).text)
        status = client.get(f"/api/jobs/{job}").json()
    return {"job": job, "events": events, "status": status}


def test_mcq_job_reports_progress_then_done(generated: dict[str, object], live: LiveServer, model_id: str) -> None:
    events = generated["events"]
    assert isinstance(events, list)
    names = [name for name, _ in events]
    assert names[-1] == "done" and set(names[:-1]) == {"progress"}
    progress = [data["progress"] for name, data in events if name == "progress"]
    assert progress == sorted(progress) and progress[0] == 0.0
    stages = [data["stage"] for name, data in events if name == "progress"]
    assert stages[:2] == ["queued", "started"] and "generating" in stages
    status = generated["status"]
    assert isinstance(status, dict)
    assert status["state"] == "done" and status["progress"] == 1.0 and status["kind"] == "mcq"
    result = status["result"]
    bench = live.models_dir / "benchmarks" / f"{result['benchmark']}.jsonl"
    items = read_items(bench)
    assert result["items"] == len(items) > 0 and result["model"] == model_id
    assert all(item.source_sha256.startswith(model_id) for item in items)


def test_benchmarks_are_listed_and_browsed_with_filters(
    generated: dict[str, object], live: LiveServer, model_id: str
) -> None:
    status = generated["status"]
    assert isinstance(status, dict)
    bench_id = status["result"]["benchmark"]
    items = read_items(live.models_dir / "benchmarks" / f"{bench_id}.jsonl")
    subtype = items[0].subtype
    with live.client() as client:
        listed = client.get("/api/benchmarks").json()["benchmarks"]
        page = client.get(f"/api/benchmarks/{bench_id}/items", params={"limit": 3}).json()
        by_subtype = client.get(f"/api/benchmarks/{bench_id}/items", params={"subtype": subtype}).json()
        by_category = client.get(f"/api/benchmarks/{bench_id}/items",
                                 params={"category": items[0].category}).json()
        missing = client.get("/api/benchmarks/nope/items")
        sneaky = client.get("/api/benchmarks/..%2F..%2Fetc/items")
    row = next(b for b in listed if b["id"] == bench_id)
    assert row["items"] == len(items) and row["model"] == model_id and row["created"].endswith("Z")
    assert page["total"] == len(items) and len(page["items"]) == min(3, len(items))
    assert page["items"][0] == json.loads(items[0].model_dump_json())
    assert "provenance" in page["items"][0]
    assert by_subtype["total"] == sum(i.subtype == subtype for i in items) > 0
    assert {i["subtype"] for i in by_subtype["items"]} == {subtype}
    assert by_category["total"] == sum(i.category == items[0].category for i in items)
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert sneaky.status_code == 404


def test_a_benchmark_replaced_on_disk_is_browsed_as_it_now_is(
    generated: dict[str, object], live: LiveServer
) -> None:
    """Pages come from a parsed copy kept per version of the file: a file replaced in place is read anew."""
    from ifcqa.mcq.benchfile import dump_items

    status = generated["status"]
    assert isinstance(status, dict)
    items = read_items(live.models_dir / "benchmarks" / f"{status['result']['benchmark']}.jsonl")
    assert len(items) >= 2
    copy = live.models_dir / "benchmarks" / "replaced.jsonl"
    copy.write_bytes(dump_items(items))
    with live.client() as client:
        before = [client.get("/api/benchmarks/replaced/items", params={"offset": n, "limit": 1}).json()
                  for n in range(2)]
        copy.write_bytes(dump_items(items[1:]))
        after = client.get("/api/benchmarks/replaced/items", params={"limit": 1}).json()
    assert [page["total"] for page in before] == [len(items)] * 2
    assert [page["items"][0]["id"] for page in before] == [items[0].id, items[1].id]
    assert after["total"] == len(items) - 1 and after["items"][0]["id"] == items[1].id


def test_unknown_jobs_and_bad_settings(live: LiveServer, model_id: str) -> None:
    with live.client() as client:
        unknown = client.get("/api/jobs/nothing")
        bad_cap = client.post(f"/api/models/{model_id}/mcq", json={"cap": 0})
        no_model = client.post("/api/models/0123456789abcdef/mcq", json={})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    assert bad_cap.status_code == 422 and "cap" in bad_cap.json()["error"]["message"]
    assert no_model.status_code == 404


def test_runs_and_their_reports(generated: dict[str, object], live: LiveServer) -> None:
    status = generated["status"]
    assert isinstance(status, dict)
    bench = live.models_dir / "benchmarks" / f"{status['result']['benchmark']}.jsonl"
    summary = run_eval(bench, "first-option", AgentConfig(), live.models_dir / "runs" / "first",
                       cache_dir=live.state.store.cache_dir)
    with live.client() as client:
        runs = client.get("/api/runs").json()["runs"]
        markdown = client.get("/api/runs/first/report.md")
        html = client.get("/api/runs/first/report.html")
        plot = client.get("/api/runs/first/plot.png")
        unknown = client.get("/api/runs/first/secrets.txt")
        no_run = client.get("/api/runs/other/report.md")
    (row,) = runs
    assert row["id"] == "first" and row["agent"] == "first-option"
    assert row["n"] == summary["n_items"] and row["accuracy"] == pytest.approx(summary["accuracy"])
    assert markdown.status_code == 200 and markdown.headers["content-type"].startswith("text/markdown")
    assert "first" in markdown.text and "|" in markdown.text
    assert html.status_code == 200 and html.text.lstrip().lower().startswith("<!doctype html")
    assert plot.status_code == 200 and plot.content.startswith(b"\x89PNG")
    assert unknown.status_code == 404 and "report.md" in unknown.json()["error"]["message"]
    assert no_run.status_code == 404 and "ifcqa eval" in no_run.json()["error"]["message"]
    assert (Path(live.models_dir) / "runs" / "first" / "report" / "report.md").is_file()
