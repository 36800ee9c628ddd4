"""``ifcqa report`` reads Inspect logs of ``ifcqa/ifc_mcq`` as runs, beside ``ifcqa eval`` runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalLog, write_eval_log
from typer.testing import CliRunner

from ifcqa.agents.base import AgentConfig
from ifcqa.cli.main import app
from ifcqa.eval.grading import is_correct
from ifcqa.eval.inspect_reader import is_inspect_log
from ifcqa.eval.loaders import get_run_readers, load_run
from ifcqa.eval.records import RunError, RunRecord
from ifcqa.eval.report import write_report
from ifcqa.eval.runner import run_eval
from ifcqa.llm.scripted import ScriptedServer


def log_path(log: EvalLog) -> Path:
    return Path(log.location)


def test_the_inspect_reader_is_registered_after_the_run_folder_reader() -> None:
    assert list(get_run_readers())[:2] == ["ifcqa-run", "inspect-log"]


def test_an_inspect_log_reads_as_a_run_with_the_runners_record_fields(
    bench: Any, tool_run: tuple[EvalLog, Any]
) -> None:
    log, _ = tool_run
    run = load_run(log_path(log))
    assert (run.agent, run.model, run.bench, run.bench_sha256) == (
        "tool",
        "mockllm/model",
        bench.path.resolve(),
        log.eval.metadata["bench_sha256"],  # type: ignore[index]
    )
    records = {record.item_id: record for record in run.records}
    assert set(records) == {item.id for item in bench.items}
    for number, item in enumerate(bench.items):
        record = records[item.id]
        assert (record.subtype, record.category, record.group) == (item.subtype, item.category, item.group)
        assert (record.source_file, record.question_type, record.n_options) == (
            item.source_file,
            item.question_type,
            len(item.options),
        )
        assert record.answer == sorted(item.answer)
        assert record.correct is (number % 2 == 0) and record.correct == is_correct(record.selected, record.answer)
        assert record.selected and record.parse == "inspect" and record.error is None


def test_tokens_steps_and_tool_calls_come_from_the_log(bench: Any, tool_run: tuple[EvalLog, Any], replies: Any) -> None:
    log, _ = tool_run
    TOKENS_IN, TOKENS_OUT = replies.TOKENS_IN, replies.TOKENS_OUT
    records = {record.item_id: record for record in load_run(log_path(log)).records}
    first, second = records[bench.items[0].id], records[bench.items[1].id]
    assert (first.steps, first.tokens_in, first.tokens_out) == (2, 2 * TOKENS_IN, 2 * TOKENS_OUT)
    assert [(c.name, c.arguments, c.ok, c.truncated) for c in first.tool_calls] == [
        ("find_elements", {"ifc_class": "IfcWall"}, True, False)
    ]
    assert first.tool_calls[0].chars > 0 and first.truncated_observations == 0
    assert (second.steps, second.tool_calls, second.tokens_in) == (1, [], TOKENS_IN)
    assert first.raw_answer is not None and first.raw_answer.endswith("ANSWER: " + ",".join(bench.items[0].answer))
    assert first.latency_s > 0 and not first.fallback_used
    assert [m["role"] for m in first.transcript] == ["system", "user", "assistant", "tool", "assistant"]


def test_a_json_log_reads_like_the_eval_log(tool_run: tuple[EvalLog, Any], tmp_path: Path) -> None:
    log, _ = tool_run
    as_json = tmp_path / "run.json"
    write_eval_log(log, str(as_json))
    assert is_inspect_log(as_json)

    def strip(records: list[RunRecord]) -> list[dict[str, Any]]:
        return sorted((r.model_dump(exclude={"transcript"}) for r in records), key=lambda r: r["item_id"])

    assert strip(load_run(as_json).records) == strip(load_run(log_path(log)).records)


def test_an_inspect_run_and_an_ifcqa_run_of_one_benchmark_land_in_one_report(
    bench: Any, tool_run: tuple[EvalLog, Any], tmp_path: Path
) -> None:
    log, _ = tool_run
    ifcqa_run = tmp_path / "first-option"
    run_eval(bench.path, "first-option", AgentConfig(), ifcqa_run, cache_dir=bench.cache_dir)
    write_report([ifcqa_run, log_path(log)], tmp_path / "report")
    text = (tmp_path / "report" / "report.md").read_text()
    overall = text.split("\n## ")[1]
    rows = [line for line in overall.splitlines() if line.startswith("| ") and "---" not in line][1:]
    labels = [row.split(" | ")[0].strip("| ") for row in rows]
    assert labels[:2] == ["first-option", log_path(log).name]
    inspect_row = rows[1]
    expected = sum(n % 2 == 0 for n in range(len(bench.items))) / len(bench.items)
    assert f"{100 * expected:.1f}%" in inspect_row and "mockllm/model" in inspect_row
    # first-option is a run of the report, so it is shown once, as that run
    assert "baseline: random" in text and "baseline: first-option" not in text


def test_a_log_of_another_task_is_refused_naming_the_task(tmp_path: Path, replies: Any) -> None:
    from inspect_ai.model import get_model

    task = Task(dataset=[Sample(input="2+2?", target="4")], name="arithmetic")
    model = get_model("mockllm/model", custom_outputs=[replies.say("4")], memoize=False)
    [log] = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")
    with pytest.raises(RunError, match="not of ifcqa/ifc_mcq"):
        load_run(log_path(log))


def test_a_json_file_that_is_not_a_log_is_not_taken_for_one(tmp_path: Path) -> None:
    other = tmp_path / "summary.json"
    other.write_text(json.dumps({"agent": "tool", "accuracy": 1.0}))
    assert not is_inspect_log(other)
    with pytest.raises(RunError, match="not a run this version can read"):
        load_run(other)


def test_a_damaged_eval_file_is_an_error_naming_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.eval"
    broken.write_bytes(b"not a zip")
    with pytest.raises(RunError, match="broken.eval: not a readable Inspect log"):
        load_run(broken)


def server_script(items: list[Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """For a scripted chat-completions server: call find_elements once, then give the key."""

    def step(request: dict[str, Any]) -> dict[str, Any]:
        user = next(m["content"] for m in request["messages"] if m["role"] == "user")
        text = user if isinstance(user, str) else " ".join(part.get("text", "") for part in user)
        item = next(i for i in items if f"Question: {i.question}\n" in text)
        if request.get("tools") and not any(m["role"] == "tool" for m in request["messages"]):
            return {"tool_calls": [{"name": "find_elements", "arguments": {"ifc_class": "IfcWall"}}]}
        return {"content": "ANSWER: " + ",".join(item.answer)}

    return step


def test_inspect_eval_and_ifcqa_eval_through_one_model_server_agree_item_by_item(bench: Any, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    with ScriptedServer(server_script(bench.items)) as server:
        command = [sys.executable, "-m", "inspect_ai", "eval", "ifcqa/ifc_mcq", "-T", f"bench={bench.path}"]
        command += ["-T", "agent=tool", "-T", f"cache_dir={bench.cache_dir}", "--model", "openai/scripted"]
        command += ["-M", "responses_api=false", "--model-base-url", server.base_url, "--log-dir", str(logs)]
        done = subprocess.run(command, env=os.environ | {"OPENAI_API_KEY": "x"}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-3000:]
        config = AgentConfig(model="scripted", base_url=server.base_url, cache_dir=tmp_path / "llm-cache")
        run_eval(bench.path, "tool", config, tmp_path / "ifcqa-run", cache_dir=bench.cache_dir)
    [log_file] = logs.glob("*.eval")
    inspect_run, ifcqa_run = load_run(log_file), load_run(tmp_path / "ifcqa-run")

    def per_item(records: list[RunRecord]) -> dict[str, tuple[Any, ...]]:
        return {
            r.item_id: (r.selected, r.correct, r.steps, [(c.name, c.arguments, c.ok, c.chars) for c in r.tool_calls])
            for r in records
        }

    assert per_item(inspect_run.records) == per_item(ifcqa_run.records)
    assert all(r.correct and r.tokens_in > 0 and r.tokens_out > 0 for r in inspect_run.records)
    out = tmp_path / "report"
    assert (
        CliRunner().invoke(app, ["report", str(tmp_path / "ifcqa-run"), str(log_file), "-o", str(out)]).exit_code == 0
    )
    assert "ifcqa-run" in (out / "report.md").read_text() and log_file.name in (out / "report.md").read_text()
