"""Failed evaluations never look like results: every failure mode of `ifcqa eval` through real HTTP,
with its exit code, its summary fields and its report rows, and the resume that retries only errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ifcqa.agents.answer import user_prompt
from ifcqa.agents.base import public_view
from ifcqa.agents.tool_agent import CORE_TOOLS
from ifcqa.cli.main import app
from ifcqa.llm.scripted import ScriptedServer, unused_port_url
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import get_tools

MALFORMED = "model produced output that does not match the expected format"


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def eval_args(bench: Path, run: Path, cache: Path, agent: str = "no-access", base_url: str = "") -> list[str | Path]:
    args: list[str | Path] = ["eval", bench, "--agent", agent, "--model", "m", "-o", run, "--cache-dir", cache]
    return args + ["--base-url", base_url, "--max-retries", "0", "--concurrency", "1"]


def error_line(err: str) -> str:
    """The one ``error:`` line of stderr (a run header and warnings may come before it)."""
    (line,) = [line for line in err.splitlines() if line.startswith("error: ")]
    return line


def summary_of(run: Path) -> dict[str, Any]:
    return dict(json.loads((run / "summary.json").read_text()))


def records_of(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "records.jsonl").read_text().splitlines()]


def answering(items: list[Item], fail: Callable[[Item], dict[str, Any] | None] = lambda item: None) -> Any:
    """A script answering every item with its key, except where ``fail`` gives a step for it."""
    by_prompt = {user_prompt(public_view(item)): item for item in items}

    def reply(request: dict[str, Any]) -> dict[str, Any]:
        item = by_prompt[next(m["content"] for m in request["messages"] if m["role"] == "user")]
        return fail(item) or {"content": f"ANSWER: {','.join(item.answer)}"}

    return reply


def test_nothing_listening_stops_the_run_early_with_exit_3_and_the_errors_recorded(
    bench: Path, eval_cache: Path, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    code, out, err = invoke(*eval_args(bench, run, eval_cache, "tool", unused_port_url()))
    assert code == 3
    assert error_line(err).startswith("error: stopped: the first 3 items all failed with the same connection error")
    assert "cannot connect (connection refused; 1 attempt)" in err and "--base-url" in err
    assert "rerun the same command" in err
    assert "0/3 correct" in out and "errors: 3 of 3 items failed (100.0%)" in out
    summary = summary_of(run)
    assert (summary["n_items"], summary["n_errors"], summary["error_rate"], summary["n_answered"]) == (3, 3, 1.0, 0)
    assert summary["errors_by_kind"] == {"connection": 3} and summary["accuracy"] == 0.0
    assert summary["accuracy_over"]["accuracy_answered"] == "correct / items answered without an error"
    assert all(r["error_kind"] == "connection" and not r["correct"] and r["selected"] == [] for r in records_of(run))


def test_a_refused_key_stops_the_run_early_without_retrying(
    bench: Path, eval_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with ScriptedServer(lambda request: {"status": 401, "body": "Incorrect API key provided"}) as server:
        code, _, err = invoke(*eval_args(bench, tmp_path / "run", eval_cache, "no-access", server.base_url))
        sent = len(server.requests)
    assert code == 3 and sent == 3
    assert "same authentication error" in err and "HTTP 401: Incorrect API key provided" in err
    assert "$OPENAI_API_KEY is not set" in err and "--api-key-env" in err
    assert {(r["error_kind"], r["error_status"]) for r in records_of(tmp_path / "run")} == {("auth", 401)}


def test_a_malformed_output_500_is_recorded_once_per_item_and_exits_4(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    with ScriptedServer(lambda request: {"status": 500, "body": MALFORMED}) as server:
        code, out, err = invoke(*eval_args(bench, tmp_path / "run", eval_cache, "no-access", server.base_url)[:-4])
        sent = len(server.requests)
    assert code == 4 and sent == len(items)  # not retried (the default allows 4 retries), not stopped early
    assert f"{len(items)} of {len(items)} items failed (100.0%), above --max-error-rate 0" in err
    assert "not retried" in err and "--timeout" not in err
    records = records_of(tmp_path / "run")
    assert all(r["error_kind"] == "request" and r["error_status"] == 500 for r in records)
    assert all(MALFORMED in r["error_body"] for r in records)
    assert summary_of(tmp_path / "run")["retries"] == 0


def test_timeouts_are_errors_whose_message_names_the_timeout_option(
    bench: Path, eval_cache: Path, tmp_path: Path
) -> None:
    with ScriptedServer(lambda request: {"delay_s": 1.5, "content": "ANSWER: A"}) as server:
        args = eval_args(bench, tmp_path / "run", eval_cache, "no-access", server.base_url)
        code, _, err = invoke(*args, "--timeout", "0.3", "--limit", "2")
    assert code == 4 and "no answer within 0.3 s (1 attempt)" in err and "longer --timeout" in err
    summary = summary_of(tmp_path / "run")
    assert summary["errors_by_kind"] == {"timeout": 2} and summary["n_errors"] == 2


def test_some_errors_are_counted_apart_and_a_resume_retries_only_them(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    broken = {items[1].id, items[4].id}
    failing = set(broken)
    fail = answering(items, lambda item: {"status": 503, "body": "overloaded"} if item.id in failing else None)
    run = tmp_path / "run"
    with ScriptedServer(fail) as server:
        args = eval_args(bench, run, eval_cache, "no-access", server.base_url)
        code, out, err = invoke(*args)
        assert code == 4 and "2 of 12 items failed (16.7%)" in err
        summary = summary_of(run)
        assert (summary["n_correct"], summary["n_errors"], summary["n_answered"]) == (10, 2, 10)
        assert summary["accuracy"] == pytest.approx(10 / 12, abs=1e-6) and summary["accuracy_answered"] == 1.0
        assert "accuracy over the 10 answered items 100.0%" in out
        assert any("2 of 12 items failed (server 2)" in w for w in summary["warnings"])

        failing.clear()  # the server is fine again
        server.requests.clear()
        code, _, _ = invoke(*args, "--no-retry-errors")  # errors kept as they are: still above the limit
        assert code == 4 and server.requests == []
        code, _, _ = invoke(*args, "--no-retry-errors", "--max-error-rate", "0.2")  # a tolerated error rate
        assert code == 0 and server.requests == []
        code, out, err = invoke(*args)  # the default: only the failed items are asked again
        asked = [m["content"] for r in server.requests for m in r["messages"] if m["role"] == "user"]
    assert code == 0, err
    assert sorted(asked) == sorted(user_prompt(public_view(item)) for item in items if item.id in broken)
    records = records_of(run)
    assert len(records) == len(items) + 2 and [r["attempt"] for r in records[-2:]] == [2, 2]
    summary = summary_of(run)
    assert (summary["n_correct"], summary["n_errors"], summary["n_items"]) == (12, 0, 12)
    assert "12/12 correct" in out


def test_the_report_shows_errors_and_lists_failed_and_wrong_items(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    def fail(item: Item) -> dict[str, Any] | None:
        if item.id == items[0].id:
            return {"status": 500, "body": MALFORMED}
        wrong = next(o.label for o in item.options if o.label not in item.answer)
        return {"content": f"ANSWER: {wrong}"} if item.id == items[2].id else None

    with ScriptedServer(answering(items, fail)) as server:
        invoke(*eval_args(bench, tmp_path / "run", eval_cache, "no-access", server.base_url))
    code, _, err = invoke("report", tmp_path / "run", "-o", tmp_path / "rep")
    assert code == 0, err
    text = (tmp_path / "rep" / "report.md").read_text()
    overall = text.split("## Overall", 1)[1].split("##", 1)[0]
    header, _, row = overall.strip().splitlines()[:3]
    cells = dict(zip(header.strip("|").split("|"), row.strip("|").split("|"), strict=True))
    cells = {k.strip(): v.strip() for k, v in cells.items()}
    assert cells["Errors"] == "1 (8.3%)" and cells["Accuracy (all items)"] == "83.3%"
    assert cells["Accuracy (answered)"] == "90.9% (11)"
    failures = text.split("## Failed and wrong items", 1)[1].split("##", 1)[0]
    lines = [line for line in failures.splitlines() if line.startswith("| run |")]
    assert len(lines) == 2
    assert lines[0].startswith(f"| run | {items[0].id} | {items[0].subtype} | (failed) | {','.join(items[0].answer)} |")
    assert "[request]" in lines[0] and "does not match the expected format" in lines[0]
    assert lines[1].startswith(f"| run | {items[2].id} |") and lines[1].endswith("|  |")
    assert "tokens.png" in {p.name for p in (tmp_path / "rep").iterdir()}  # this run used tokens
    assert "Warning:" in text and "1 of 12 items failed" in text


def test_runs_of_different_benchmarks_are_reported_with_a_warning(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    other = bench.parent / "OTHER.jsonl"
    other.write_bytes(dump_items(items[:6]))
    assert invoke("eval", bench, "--agent", "first-option", "-o", tmp_path / "a", "--cache-dir", eval_cache)[0] == 0
    assert invoke("eval", other, "--agent", "random", "-o", tmp_path / "b", "--cache-dir", eval_cache)[0] == 0
    assert summary_of(tmp_path / "b")["bench_sha256"] != summary_of(tmp_path / "a")["bench_sha256"]
    invoke("report", tmp_path / "a", tmp_path / "b", "-o", tmp_path / "rep")
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "**Warning:** These runs answered 2 different benchmarks" in text and "not comparable" in text
    assert "different benchmarks" in (tmp_path / "rep" / "report.html").read_text()
    invoke("report", tmp_path / "a", tmp_path / "a", "-o", tmp_path / "same")
    assert "different benchmarks" not in (tmp_path / "same" / "report.md").read_text()


def test_a_tool_agent_that_makes_no_tool_call_is_warned_about(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    with ScriptedServer(answering(items)) as server:
        code, _, err = invoke(*eval_args(bench, tmp_path / "run", eval_cache, "tool", server.base_url))
    assert code == 0
    assert "warning: NO TOOL CALLS: the model was offered tools but made no tool call on 12 of 12" in err
    summary = summary_of(tmp_path / "run")
    assert any(w.startswith("NO TOOL CALLS") for w in summary["warnings"])
    assert (summary["tool_calls"], summary["native_tool_calls"], summary["text_tool_calls"]) == (0, 0, 0)


def test_calls_written_as_text_are_run_and_counted_apart_from_native_ones(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    by_prompt = {user_prompt(public_view(item)): item for item in items}

    def reply(request: dict[str, Any]) -> dict[str, Any]:
        item = by_prompt[next(m["content"] for m in request["messages"] if m["role"] == "user")]
        if not any(m["role"] == "tool" for m in request["messages"]):
            call = {"name": "list_classes", "arguments": {}}
            if item.id in (items[0].id, items[1].id):
                return {"tool_calls": [call]}
            return {"text_call": call, "format": "hermes"}
        return {"content": f"ANSWER: {','.join(item.answer)}"}

    with ScriptedServer(reply) as server:
        code, out, err = invoke(*eval_args(bench, tmp_path / "run", eval_cache, "tool", server.base_url))
    assert code == 0, err
    summary = summary_of(tmp_path / "run")
    assert (summary["native_tool_calls"], summary["text_tool_calls"]) == (2, 10)
    assert summary["text_call_forms"] == {"hermes": 10} and summary["n_correct"] == 12 and not summary["warnings"]
    assert "native 2, as text 10" in out and "NO TOOL CALLS" not in err
    records = records_of(tmp_path / "run")
    assert sorted(r["tool_calls"][0]["source"] for r in records) == ["hermes"] * 10 + ["native"] * 2
    assert all(r["steps_log"][0]["text_calls"] + r["steps_log"][0]["native_calls"] == 1 for r in records)


def test_cache_hits_are_marked_and_no_cache_or_a_new_salt_asks_again(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    llm_cache = tmp_path / "cache"
    with ScriptedServer(answering(items)) as server:
        for name, extra in (
            ("first", []),
            ("again", []),
            ("nocache", ["--no-cache"]),
            ("salted", ["--cache-salt", "q4"]),
        ):
            args = eval_args(bench, tmp_path / name, llm_cache, "no-access", server.base_url)
            assert invoke(*args, "--limit", "3", *extra)[0] == 0
        sent = len(server.requests)
    assert sent == 9  # first, no-cache and salted were sent; again was read from the cache
    again = summary_of(tmp_path / "again")
    assert (again["cache_hits"], again["cached_items"], again["model_calls"]) == (3, 3, 3)
    assert all(r["cache_hits"] == 1 and r["steps_log"][0]["cached"] for r in records_of(tmp_path / "again"))
    for name in ("first", "nocache", "salted"):
        assert summary_of(tmp_path / name)["cache_hits"] == 0
    run = json.loads((tmp_path / "salted" / "run.json").read_text())
    assert run["cache_salt"] == "q4" and run["max_tokens"] == 2048 and run["temperature"] == 0.0


def test_a_copied_answer_example_is_counted(bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path) -> None:
    with ScriptedServer(lambda request: {"content": "ANSWER: <label>"}) as server:
        code, out, err = invoke(*eval_args(bench, tmp_path / "run", eval_cache, "no-access", server.base_url))
    assert code == 0
    summary = summary_of(tmp_path / "run")
    assert summary["example_copied"] == 12 and summary["example_copied_rate"] == 1.0 and summary["n_correct"] == 0
    assert "12 of 12 replies copied the answer-format example" in err


def test_the_tool_sets_are_listed_with_their_prompt_sizes() -> None:
    code, out, _ = invoke("eval", "--list-tool-sets")
    assert code == 0
    assert out.startswith("Tool sets of --tools")
    assert f"  all   {len(get_tools()):>3} tools" in out and f"  core  {len(CORE_TOOLS):>3} tools" in out
    assert "characters" in out and "tokens" in out


def test_an_unknown_tool_set_is_one_error_line_and_no_run_folder(bench: Path, tmp_path: Path) -> None:
    args = ["eval", bench, "--agent", "tool", "--model", "m", "--tools", "nope", "-o", tmp_path / "run"]
    code, _, err = invoke(*args)
    assert (
        code == 1 and err.startswith("error: --tools 'nope': unknown tool(s) nope") and not (tmp_path / "run").exists()
    )


def test_the_run_header_gives_the_prompt_prefix_size_and_the_limits(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    with ScriptedServer(answering(items)) as server:
        args = eval_args(bench, tmp_path / "run", eval_cache, "tool", server.base_url)
        code, _, err = invoke(*args, "--tools", "core", "--limit", "1", "--timeout", "42", "--max-tokens", "300")
    assert code == 0
    assert "tool agent: tools core (13), fixed prompt prefix" in err
    assert "timeout 42 s, max tokens 300, temperature 0.0" in err
    assert len(server.requests[0]["tools"]) == 13 and server.requests[0]["max_tokens"] == 300
