"""The runner: one graded record per item, durable and resumable, in a folder tied to one configuration."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ifcqa.agents.base import AgentConfig
from ifcqa.errors import IfcqaError
from ifcqa.eval.records import RunError
from ifcqa.eval.runner import run_eval
from ifcqa.mcq.items import Item


def records_of(run_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]


def test_first_option_records_every_item_graded_against_its_key(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    summary = run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", concurrency=3, cache_dir=eval_cache)
    records = {r["item_id"]: r for r in records_of(tmp_path / "run")}
    assert set(records) == {item.id for item in items}
    for item in items:
        record = records[item.id]
        assert record["selected"] == ["A"]
        assert record["answer"] == sorted(item.answer)
        assert record["correct"] is (item.answer == ["A"])
        assert (record["agent"], record["category"], record["subtype"]) == ("first-option", item.category, item.subtype)
        assert (record["group"], record["question_type"]) == (item.group, item.question_type)
        assert record["steps"] == 0 and record["tool_calls"] == [] and record["error"] is None
        assert record["source_file"] == item.source_file and record["n_options"] == len(item.options)
    n_correct = sum(item.answer == ["A"] for item in items)
    assert (summary["n_items"], summary["n_correct"]) == (len(items), n_correct)
    assert json.loads((tmp_path / "run" / "summary.json").read_text()) == summary


def test_run_json_records_the_configuration_and_the_benchmark_hash(
    bench: Path, eval_cache: Path, tmp_path: Path
) -> None:
    config = AgentConfig(model="m", base_url="http://127.0.0.1:9/v1", seed=5, max_steps=3)
    run_eval(bench, "random", config, tmp_path / "run", limit=2, cache_dir=eval_cache)
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert (run["agent"], run["model"], run["base_url"], run["seed"], run["max_steps"]) == (
        "random",
        "m",
        "http://127.0.0.1:9/v1",
        5,
        3,
    )
    assert run["bench"] == str(bench.resolve()) and len(run["bench_sha256"]) == 64
    assert run["observation_chars"] == 6000 and run["limit"] == 2 and run["ifcqa_version"]


def test_a_rerun_after_a_kill_resumes_without_duplicates_and_repairs_a_torn_last_line(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    run_dir = tmp_path / "run"
    run_eval(bench, "random", AgentConfig(seed=1), run_dir, limit=5, cache_dir=eval_cache)
    first = records_of(run_dir)
    assert len(first) == 5
    # a kill in the middle of writing the sixth record leaves half a line
    torn = json.dumps({**first[0], "item_id": items[5].id})[:80]
    with open(run_dir / "records.jsonl", "a") as handle:
        handle.write(torn)
    run_eval(bench, "random", AgentConfig(seed=1), run_dir, concurrency=4, cache_dir=eval_cache)
    text = (run_dir / "records.jsonl").read_text()
    assert text.endswith("\n") and torn not in text
    again = records_of(run_dir)
    ids = [r["item_id"] for r in again]
    assert len(ids) == len(set(ids)) == len(items)
    assert set(ids) == {item.id for item in items}
    assert again[:5] == first  # finished items were not answered again


def test_a_finished_run_answers_nothing_when_run_again(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    before = (tmp_path / "run" / "records.jsonl").read_bytes()
    summary = run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    assert (tmp_path / "run" / "records.jsonl").read_bytes() == before
    assert summary["n_items"] == len(before.splitlines())


def test_a_run_folder_made_with_another_configuration_is_refused(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    run_eval(bench, "random", AgentConfig(seed=1), tmp_path / "run", limit=2, cache_dir=eval_cache)
    with pytest.raises(RunError, match=r"another configuration \(seed: 1 -> 2\).*new --out folder"):
        run_eval(bench, "random", AgentConfig(seed=2), tmp_path / "run", cache_dir=eval_cache)
    with pytest.raises(RunError, match="agent: 'random' -> 'first-option'"):
        run_eval(bench, "first-option", AgentConfig(seed=1), tmp_path / "run", cache_dir=eval_cache)
    assert len(records_of(tmp_path / "run")) == 2


def test_a_run_folder_of_another_benchmark_is_refused(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    other = tmp_path / "OTHER.jsonl"
    other.write_text("".join(bench.read_text().splitlines(keepends=True)[:3]))
    shutil.copytree(bench.parent / "models", tmp_path / "models")
    run_eval(other, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    with pytest.raises(RunError, match="bench_sha256"):
        run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)


def test_random_answers_do_not_depend_on_concurrency(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    run_eval(bench, "random", AgentConfig(seed=9), tmp_path / "one", concurrency=1, cache_dir=eval_cache)
    run_eval(bench, "random", AgentConfig(seed=9), tmp_path / "many", concurrency=6, cache_dir=eval_cache)
    one = {r["item_id"]: r["selected"] for r in records_of(tmp_path / "one")}
    many = {r["item_id"]: r["selected"] for r in records_of(tmp_path / "many")}
    assert one == many


def test_a_malformed_benchmark_line_is_an_error_naming_the_line(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    broken = tmp_path / "BENCH.jsonl"
    lines = bench.read_text().splitlines(keepends=True)
    broken.write_text(lines[0] + '{"id": "half an item"\n' + "".join(lines[1:]))
    with pytest.raises(IfcqaError, match=r"BENCH.jsonl, line 2: not a valid item"):
        run_eval(broken, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    assert not (tmp_path / "run").exists()


def test_a_missing_model_is_an_error_naming_it_and_models_dir_finds_it(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    moved = tmp_path / "BENCH.jsonl"
    shutil.copy(bench, moved)  # its models stayed behind
    with pytest.raises(IfcqaError, match=r"model 'models/house-a.ifc' of the benchmark not found. Pass --models-dir"):
        run_eval(moved, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    summary = run_eval(
        moved, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache, models_dir=bench.parent / "models"
    )
    assert summary["n_items"] == len(items)


def test_categories_and_limit_select_the_items_answered(
    bench: Path, items: list[Item], eval_cache: Path, tmp_path: Path
) -> None:
    run_eval(
        bench,
        "first-option",
        AgentConfig(),
        tmp_path / "a",
        categories=["direct.class.elements_of_class"],
        cache_dir=eval_cache,
    )
    wanted = {i.id for i in items if i.subtype == "direct.class.elements_of_class"}
    assert {r["item_id"] for r in records_of(tmp_path / "a")} == wanted
    run_eval(
        bench,
        "first-option",
        AgentConfig(),
        tmp_path / "b",
        categories=["Class identification"],
        limit=4,
        cache_dir=eval_cache,
    )
    assert {r["item_id"] for r in records_of(tmp_path / "b")} == {i.id for i in items[:4]}
    with pytest.raises(IfcqaError, match="No item matches --categories geometric.*direct.class"):
        run_eval(bench, "first-option", AgentConfig(), tmp_path / "c", categories=["geometric"], cache_dir=eval_cache)


def test_an_unknown_agent_is_an_error_listing_the_known_ones(bench: Path, eval_cache: Path, tmp_path: Path) -> None:
    with pytest.raises(IfcqaError, match="Unknown agent 'oracle-x'. Available agents: .*first-option.*random"):
        run_eval(bench, "oracle-x", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
    assert not (tmp_path / "run").exists()


def test_a_damaged_record_in_the_middle_is_an_error_naming_the_line(
    bench: Path, eval_cache: Path, tmp_path: Path
) -> None:
    run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", limit=3, cache_dir=eval_cache)
    path = tmp_path / "run" / "records.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + "not json\n" + "".join(lines[1:]))
    with pytest.raises(RunError, match=r"records.jsonl, line 2: not a run record. Delete that line"):
        run_eval(bench, "first-option", AgentConfig(), tmp_path / "run", cache_dir=eval_cache)
