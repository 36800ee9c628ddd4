"""`ifcqa eval` and `ifcqa report` end to end: baselines offline, an LLM agent through the scripted server."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ifcqa.agents.answer import user_prompt
from ifcqa.agents.base import public_view
from ifcqa.cli.main import app
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.mcq.items import Item


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def test_eval_runs_the_first_option_baseline_and_prints_a_short_summary(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    code, out, err = invoke("eval", bench, "--agent", "first-option", "-o", tmp_path / "run", "--cache-dir", eval_cache)
    assert code == 0, err
    right = sum(item.answer == ["A"] for item in items)
    assert f"first-option: {right}/{len(items)} correct, accuracy over all items {100 * right / len(items):.1f}%" in out
    assert "calls/item 0.00" in out and f"run folder: {tmp_path / 'run'}" in out
    assert {p.name for p in (tmp_path / "run").iterdir()} == {"run.json", "records.jsonl", "summary.json"}


def test_eval_and_report_compare_two_baseline_runs(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    for agent in ("first-option", "random"):
        code, _, err = invoke(
            "eval",
            bench,
            "--agent",
            agent,
            "-o",
            tmp_path / agent,
            "--cache-dir",
            eval_cache,
            "--seed",
            "4",
            "--concurrency",
            "2",
        )
        assert code == 0, err
    code, out, err = invoke("report", tmp_path / "first-option", tmp_path / "random", "-o", tmp_path / "report")
    assert code == 0, err
    assert {Path(line).name for line in out.splitlines()} == {
        "report.md",
        "report.html",
        "accuracy_by_category.png",
        "tool_calls.png",
    }  # no token chart: no run used tokens
    text = (tmp_path / "report" / "report.md").read_text()
    assert "| first-option | first-option |" in text and "| random | random |" in text
    # the baselines that are runs of the report are shown once, as those runs; text-only is computed
    assert "baseline: random" not in text and "baseline: first-option" not in text
    assert "baseline: text-only" in text and "| random (baseline) |" in text


def test_eval_limit_and_comma_separated_categories_select_items(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    code, out, err = invoke(
        "eval",
        bench,
        "--agent",
        "random",
        "-o",
        tmp_path / "run",
        "--cache-dir",
        eval_cache,
        "--categories",
        "direct.class.elements_of_class,direct.class.of_named_element",
        "--limit",
        "3",
    )
    assert code == 0, err
    assert "/3 correct" in out


def test_eval_into_a_folder_of_another_configuration_is_one_error_line_naming_the_fix(
    bench: Path, eval_cache: Path, tmp_path: Path
) -> None:
    invoke("eval", bench, "--agent", "random", "-o", tmp_path / "run", "--cache-dir", eval_cache, "--limit", "1")
    code, out, err = invoke("eval", bench, "--agent", "random", "-o", tmp_path / "run", "--seed", "3")
    assert code == 1 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert "another configuration (seed: 0 -> 3)" in err and "new --out folder" in err


def test_eval_errors_share_the_json_error_shape(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["--json-errors", "eval", str(bench), "--agent", "nobody", "-o", str(tmp_path / "r")]
    )
    assert result.exit_code == 1
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "error" and error["message"].startswith("Unknown agent 'nobody'. Available agents:")


def test_eval_names_a_missing_model_and_the_models_dir_option(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    shutil.copy(bench, tmp_path / "BENCH.jsonl")
    code, _, err = invoke("eval", tmp_path / "BENCH.jsonl", "--agent", "first-option", "-o", tmp_path / "run")
    assert code == 1 and "models/house-a.ifc" in err and "Pass --models-dir" in err
    code, _, err = invoke(
        "eval",
        tmp_path / "BENCH.jsonl",
        "--agent",
        "first-option",
        "-o",
        tmp_path / "run",
        "--models-dir",
        bench.parent / "models",
        "--cache-dir",
        eval_cache,
    )
    assert code == 0, err


def test_report_of_a_folder_that_is_not_a_run_is_an_error(tmp_path: Path) -> None:
    code, _, err = invoke("report", tmp_path, "-o", tmp_path / "rep")
    assert code == 1 and "not a run this version can read" in err


def test_eval_runs_the_no_access_agent_against_the_scripted_server(
    bench: Path, items: list[Item], tmp_path: Path
) -> None:
    keys = {user_prompt(public_view(item)): ",".join(item.answer) for item in items}

    def reply(request: dict[str, Any]) -> dict[str, Any]:
        question = next(m["content"] for m in request["messages"] if m["role"] == "user")
        return {"content": f"From the options alone.\nANSWER: {keys[question]}"}

    with ScriptedServer(reply) as server:
        code, out, err = invoke(
            "eval",
            bench,
            "--agent",
            "no-access",
            "--model",
            "scripted",
            "--base-url",
            server.base_url,
            "-o",
            tmp_path / "run",
            "--cache-dir",
            tmp_path / "cache",
            "--concurrency",
            "3",
        )
        assert code == 0, err
        assert len(server.requests) == len(items)
    assert f"no-access / scripted: {len(items)}/{len(items)} correct, accuracy over all items 100.0%" in out
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["tokens_in"] > 0 and summary["tokens_out"] > 0 and summary["mean_tool_calls"] == 0
    records = [json.loads(line) for line in (tmp_path / "run" / "records.jsonl").read_text().splitlines()]
    assert all(r["parse"] == "strict" and r["transcript"] for r in records)


def test_a_run_killed_mid_way_resumes_from_its_records_without_answering_an_item_twice(
    bench: Path, items: list[Item], tmp_path: Path
) -> None:
    keys = {user_prompt(public_view(item)): ",".join(item.answer) for item in items}

    def slow_reply(request: dict[str, Any]) -> dict[str, Any]:
        question = next(m["content"] for m in request["messages"] if m["role"] == "user")
        return {"delay_s": 0.15, "content": f"ANSWER: {keys[question]}"}

    records = tmp_path / "run" / "records.jsonl"
    with ScriptedServer(slow_reply) as server:
        args = ["eval", str(bench), "--agent", "no-access", "--model", "scripted", "--base-url", server.base_url]
        args += ["-o", str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"), "--concurrency", "1"]
        process = subprocess.Popen([sys.executable, "-m", "ifcqa.cli.main", *args], stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and (not records.exists() or len(records.read_bytes().splitlines()) < 3):
                time.sleep(0.02)
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
        written = [json.loads(line) for line in records.read_text().splitlines()]
        assert 3 <= len(written) < len(items)
        code, out, err = invoke(*args)
        assert code == 0, err
    again = [json.loads(line)["item_id"] for line in records.read_text().splitlines()]
    assert len(again) == len(set(again)) == len(items)
    assert [r["item_id"] for r in written] == again[: len(written)]
    assert f"{len(items)}/{len(items)} correct" in out
