"""`ifcqa memory eval` and its report: every system x scope, resuming, scoring, the probe agent end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.agents.base import AgentConfig
from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.report import sign_test
from ifcqa.memory.runner import RECORDS_FILE, config_for, read_records, run_memory_eval
from ifcqa.memory.scoring import answer_correct, has_value
from ifcqa.memory.tasks import Gold, TaskSet

SYSTEMS = ["none", "full-context", "file", "vector", "graph", "ifc-aware"]
SCOPES = ["user", "user+final", "full"]


def test_scoring_is_deterministic_with_the_papers_tolerance() -> None:
    assert has_value("at 85 EUR/m² of floor area", 85.0, "EUR/m²")
    assert has_value("total 8,950.12 EUR", 8950.0, "EUR") and not has_value("total 8,950 m²", 8950.0, "EUR")
    assert has_value("about 9,100 €", 8950.0, "EUR") and not has_value("about 9,200 €", 8950.0, "EUR")  # 2%
    assert has_value("EI 60", 60.0, "min") and not has_value("60 doors, see terminal list", 60.0, "min")
    assert has_value("Use the prefix qx4-", "QX4-", None) and not has_value("prefix QX5-", "QX4-", None)
    assert answer_correct("ANSWER: phase 2", Gold("phase 2", None, "")) and not answer_correct(
        None, Gold(1.0, None, "")
    )
    assert sign_test(0, 0) == 1.0 and sign_test(10, 0) == pytest.approx(2 / 1024)


def test_every_system_and_scope_then_resume_and_report(tasks_file: Path, sample_tasks: TaskSet, tmp_path: Path) -> None:
    run = tmp_path / "run"
    config = config_for(
        tasks_file, SYSTEMS, SCOPES, k=5, window_tokens=32_000, extractor="statements", agent=None, limit=None
    )
    summary = run_memory_eval(tasks_file, run, config)
    records = read_records(run)
    assert len(records) == len(sample_tasks.tasks) * len(SYSTEMS) * len(SCOPES)
    assert all(r["error"] is None for r in records), [r["error"] for r in records if r["error"]]
    table = summary["table"]
    assert table["none"]["user"]["coverage"]["k"] == 0
    assert table["full-context"]["user+final"]["coverage_unbudgeted"]["rate"] == 1.0  # the oracle, beyond the budget
    assert table["ifc-aware"]["user+final"]["coverage"]["rate"] == 1.0
    assert table["ifc-aware"]["user"]["relevance"]["ci95"][1] == 1.0
    assert {p["b"] for p in summary["paired"]} == set(SYSTEMS) - {"ifc-aware"}
    # a second run resumes: nothing is done twice
    run_memory_eval(tasks_file, run, config)
    assert len(read_records(run)) == len(records)
    # a run killed mid-write: the last record torn; resuming cuts it and runs that cell again, on a clean line
    data = (run / RECORDS_FILE).read_bytes()
    (run / RECORDS_FILE).write_bytes(data[: data.rfind(b"\n", 0, -1) + 1] + data[data.rfind(b"\n", 0, -1) + 1 :][:20])
    assert len(read_records(run)) == len(records) - 1
    run_memory_eval(tasks_file, run, config)
    assert len(read_records(run)) == len(records)
    whole = (run / RECORDS_FILE).read_bytes()
    (run / RECORDS_FILE).write_bytes(whole + b"not json\n")
    with pytest.raises(IfcqaError, match=f"line {len(records) + 1}: not a record"):
        read_records(run)
    (run / RECORDS_FILE).write_bytes(whole)
    # another configuration into the same folder is refused
    other = config_for(
        tasks_file, SYSTEMS, SCOPES, k=3, window_tokens=32_000, extractor="statements", agent=None, limit=None
    )
    with pytest.raises(IfcqaError, match="k differ"):
        run_memory_eval(tasks_file, run, other)
    # `ifcqa report RUN` dispatches a memory run to the memory report
    result = CliRunner().invoke(app, ["report", str(run), "-o", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "rep" / "memory_report.md").read_text()
    assert "| ifc-aware | 100.0%" in report and "| user | user+final | full |" in report
    assert (tmp_path / "rep" / "memory_coverage.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_errored_record_is_run_again(tasks_file: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    config = config_for(tasks_file, ["file"], ["user"], k=5, window_tokens=1000, extractor="rules", agent=None, limit=1)
    run_memory_eval(tasks_file, run, config)
    (record,) = read_records(run)
    record["error"] = "internal: boom"
    (run / RECORDS_FILE).write_text(json.dumps(record) + "\n")
    run_memory_eval(tasks_file, run, config)
    assert [r["error"] for r in read_records(run)] == ["internal: boom", None]


def test_cli_eval_errors_are_one_line(tasks_file: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["memory", "eval", str(tasks_file), "-o", str(tmp_path / "r"), "--systems", "mem9"])
    assert result.exit_code == 1 and "Unknown memory system(s) mem9" in result.output
    result = runner.invoke(app, ["memory", "eval", str(tasks_file), "-o", str(tmp_path / "r"), "--scopes", "tools"])
    assert result.exit_code == 1 and "Unknown ingestion scope(s) tools" in result.output
    result = runner.invoke(app, ["memory", "eval", str(tmp_path / "missing.json"), "-o", str(tmp_path / "r")])
    assert result.exit_code == 1 and "not found" in result.output
    result = runner.invoke(app, ["memory", "report", str(tmp_path)])
    assert result.exit_code == 1 and "not a memory run folder" in result.output


def test_probe_agent_end_to_end_through_the_scripted_server(sample_tasks: TaskSet, tmp_path: Path) -> None:
    from dataclasses import replace

    task = next(t for t in sample_tasks.tasks if t.template == "fire_rating")
    task = replace(task, key_facts=task.key_facts[:1])  # the fire rating alone (the agent searches for it once)
    one = tmp_path / "fire.json"
    one.write_text(TaskSet([task], sample_tasks.generator).to_json())
    storey = task.metadata["live_query"]["arguments"]["storey"]
    value = task.gold.value
    script = [
        {"tool_calls": [{"name": "search_project_memory", "arguments": {"query": f"fire rating doors {storey}"}}]},
        {"tool_calls": [{"name": "count_elements", "arguments": {"ifc_class": "IfcDoor", "storey": storey}}]},
        {"content": f"The spec asks for EI {value}.\nANSWER: EI {value} ({value} min)"},
        {"tool_calls": [{"name": "search_project_memory", "arguments": {"query": "doors"}}]},
        {"content": "ANSWER: EI 5"},
    ]
    agent = AgentConfig(model="scripted", tools="core", no_cache=True, max_retries=0)
    with ScriptedServer(script) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0)
        config = config_for(
            one,
            ["ifc-aware", "none"],
            ["user+final"],
            k=5,
            window_tokens=1000,
            extractor="rules",
            agent=agent,
            limit=None,
        )
        summary = run_memory_eval(one, tmp_path / "run", config, agent_config=agent, agent_client=client)
        requests = server.requests
    good, bad = read_records(tmp_path / "run")
    assert good["system"] == "ifc-aware" and good["answer"]["correct"] is True
    assert good["answer"]["tool_calls"] == ["search_project_memory", "count_elements"]
    assert good["answer"]["agent_retrieval"]["covered"] is True
    assert bad["system"] == "none" and bad["answer"]["correct"] is False
    assert any(t["function"]["name"] == "search_project_memory" for t in requests[0]["tools"])
    memory_observation = requests[1]["messages"][-1]["content"]
    assert task.key_facts[0].anchor in memory_observation  # what the memory found reached the model
    count_observation = json.loads(requests[2]["messages"][-1]["content"])
    assert count_observation["count"] == int(task.gold.text.split(" for the ")[1].split()[0])
    assert summary["table"]["ifc-aware"]["user+final"]["accuracy"]["k"] == 1


def test_attached_memory_reaches_a_model_that_never_searches(sample_tasks: TaskSet, tmp_path: Path) -> None:
    """``--memory-mode attached``: the system's top-k hits precede the question, so a model that calls no tool
    can still use memory (utilization apart from tool use); ``tool`` (the default) gives it nothing."""
    import re

    from ifcqa.memory.agent import ATTACHED_HEADER

    task = next(t for t in sample_tasks.tasks if t.template == "fire_rating")
    one = tmp_path / "fire.json"
    one.write_text(TaskSet([task], sample_tasks.generator).to_json())

    def script(request: dict[str, object]) -> dict[str, object]:
        """No tool calls: the first remembered value and unit in the question's turn, else unknown."""
        messages = request["messages"]
        assert isinstance(messages, list)
        found = re.search(r"value:? ([\d.]+) ([^;\]\s]+)", messages[1]["content"])
        return {"content": f"ANSWER: {found.group(1)} {found.group(2)}" if found else "ANSWER: unknown"}

    runs = {}
    with ScriptedServer(script) as server:
        for mode in ("attached", "tool"):
            args = ["memory", "eval", str(one), "-o", str(tmp_path / mode), "--systems", "ifc-aware,none",
                    "--scopes", "user+final", "--model", "scripted", "--base-url", server.base_url, "--no-cache",
                    "--memory-mode", mode]  # fmt: skip
            result = CliRunner().invoke(app, args)
            assert result.exit_code == 0, result.output
            runs[mode] = {r["system"]: r for r in read_records(tmp_path / mode)}
        questions = [r["messages"][1]["content"] for r in server.requests]
    attached, tool = runs["attached"], runs["tool"]
    assert attached["ifc-aware"]["answer"]["correct"] is True and attached["ifc-aware"]["answer"]["attached"] > 0
    assert attached["ifc-aware"]["answer"]["agent_retrieval"]["covered"] is True  # what it was shown
    assert attached["none"]["answer"]["correct"] is False and attached["none"]["answer"]["attached"] == 0
    assert tool["ifc-aware"]["answer"]["correct"] is False and tool["ifc-aware"]["answer"]["attached"] == 0
    assert questions[0].startswith(ATTACHED_HEADER) and task.key_facts[0].anchor in questions[0]
    assert questions[1:] == [f"Question: {task.probe['question']}"] * 3  # none attached, and the tool mode's two
    report = CliRunner().invoke(app, ["memory", "report", str(tmp_path / "attached")])
    assert report.exit_code == 0, report.output
    from ifcqa.memory.report import REPORT_MD

    assert "memory attached to the question" in (tmp_path / "attached" / REPORT_MD).read_text()


def test_memory_modes_are_checked_before_any_work(tasks_file: Path, tmp_path: Path) -> None:
    base = ["memory", "eval", str(tasks_file), "-o", str(tmp_path / "r")]
    bogus = CliRunner().invoke(app, [*base, "--model", "m", "--memory-mode", "inline"])
    assert bogus.exit_code == 1 and "Unknown memory mode 'inline': give tool or attached." in bogus.output
    no_model = CliRunner().invoke(app, [*base, "--memory-mode", "attached"])
    assert no_model.exit_code == 1 and "--memory-mode attached attaches memory" in no_model.output
    assert not (tmp_path / "r").exists()


def test_cli_eval_with_a_model_asks_it_once_per_probe(tasks_file: Path, tmp_path: Path) -> None:
    def script(request: dict[str, object]) -> dict[str, object]:
        return {"content": "I cannot tell.\nANSWER: unknown"}

    with ScriptedServer(script) as server:
        result = CliRunner().invoke(
            app,
            [
                "memory",
                "eval",
                str(tasks_file),
                "-o",
                str(tmp_path / "run"),
                "--systems",
                "ifc-aware",
                "--scopes",
                "user",
                "--limit",
                "2",
                "--model",
                "scripted",
                "--base-url",
                server.base_url,
                "--no-cache",
            ],
        )
        assert result.exit_code == 0, result.output
        assert len(server.requests) == 2
    assert json.loads(result.output)["ifc-aware"]["user"]["accuracy"] == 0.0
    records = read_records(tmp_path / "run")
    assert [r["answer"]["text"] for r in records] == ["unknown", "unknown"]


def test_llm_judges_are_recorded_and_compared_with_the_deterministic_checks(tasks_file: Path, tmp_path: Path) -> None:
    def script(request: dict[str, object]) -> dict[str, object]:
        system = str(request["messages"][0]["content"])  # type: ignore[index]
        if "retrieval_covers_key_facts" in system:
            return {"content": '{"retrieval_relevant": true, "retrieval_covers_key_facts": true}'}
        return {"content": "not a verdict"}

    with ScriptedServer(script) as server:
        judge = ChatClient("judge", base_url=server.base_url, max_retries=0)
        config = config_for(
            tasks_file,
            ["none", "ifc-aware"],
            ["user"],
            k=5,
            window_tokens=1000,
            extractor="rules",
            agent=None,
            limit=2,
            judge_model="judge",
        )
        summary = run_memory_eval(tasks_file, tmp_path / "run", config, judge_client=judge)
        assert len(server.requests) == 4  # one memory verdict per record, no answers to judge
    judges = summary["judges"]
    assert judges["judged"] == 4 and judges["errors"] == 0
    # the judge says "covered" everywhere: it agrees with the check on ifc-aware (covered), not on none
    assert judges["agreement"]["coverage"] == {"n": 4, "agreement": 0.5, "kappa": 0.0}
    result = CliRunner().invoke(app, ["memory", "report", str(tmp_path / "run")])
    assert result.exit_code == 0
    assert "| key-fact coverage | 100.0%" in (tmp_path / "run" / "memory_report.md").read_text()


def test_an_unreadable_verdict_is_an_error_never_a_guess(sample_tasks: TaskSet) -> None:
    from ifcqa.memory.judges import agreement, judge_answer, judge_memory

    task = sample_tasks.tasks[0]
    script = [
        {"content": "Sure! correct"},
        {"content": '{"correct": true, "complete": false, "relevant": true}'},
        {"content": '{"retrieval_relevant": true, "retrieval_covers_key_facts": false}'},
    ]
    with ScriptedServer(script) as server:
        judge = ChatClient("judge", base_url=server.base_url, max_retries=0)
        assert "error" in judge_answer(judge, task, "ANSWER: 1")
        assert judge_answer(judge, task, "ANSWER: 1") == {"correct": True, "complete": False, "relevant": True}
        assert "error" in judge_memory(judge, task, "retrieved", answer="ANSWER: 1")  # answer_uses_memory missing
        assert task.gold.text in server.requests[0]["messages"][1]["content"]
    assert agreement([(True, True), (False, False)]) == {"n": 2, "agreement": 1.0, "kappa": 1.0}


def test_judges_ask_for_exactly_their_booleans_and_fall_back_without_structured_output(sample_tasks: TaskSet) -> None:
    from ifcqa.memory.judges import judge_answer

    task = sample_tasks.tasks[0]
    verdict = '{"correct": false, "complete": false, "relevant": true}'
    script = [{"content": verdict}, {"status": 400, "body": "response_format not supported"}, {"content": verdict}]
    with ScriptedServer(script) as server:
        judge = ChatClient("judge", base_url=server.base_url, max_retries=0)
        assert judge_answer(judge, task, "ANSWER: 1") == {"correct": False, "complete": False, "relevant": True}
        schema = server.requests[0]["response_format"]["json_schema"]["schema"]
        assert schema["required"] == ["correct", "complete", "relevant"] and not schema["additionalProperties"]
        # a server without structured output answers 400: asked again without it, the verdict still counts
        assert judge_answer(judge, task, "ANSWER: 2")["relevant"] is True
        assert "response_format" in server.requests[1] and "response_format" not in server.requests[2]
        assert all(r["max_tokens"] == 200 for r in server.requests)


def test_a_changed_model_file_is_refused(sample_tasks: TaskSet, tmp_path: Path) -> None:
    task = sample_tasks.tasks[0]
    copy = tmp_path / "house.ifc"
    copy.write_text(Path(task.model["path"]).read_text() + "\n")
    moved = TaskSet([type(task).from_dict({**task.to_dict(), "model": {**task.model, "path": str(copy)}})])
    tasks = tmp_path / "tasks.json"
    tasks.write_text(moved.to_json())
    config = config_for(tasks, ["none"], ["user"], k=5, window_tokens=1000, extractor="rules", agent=None, limit=None)
    with pytest.raises(IfcqaError, match="not the model the task was generated from"):
        run_memory_eval(tasks, tmp_path / "run", config)
