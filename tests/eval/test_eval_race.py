"""Every run gives the same records at any concurrency: no thread ever sees a half-filled registry.

Each run is a cold interpreter (tests/eval/race_child.py), so the tool, agent and policy registries
are filled while 32 threads race for them: oracles built and answering in threads released together,
then ``run_eval`` with the oracle and with the tool agent over a scripted model on loopback. Before
the registries were loaded under a lock, such runs scored 67-73 of 81 with "Unknown tool
'get_element'. Available tools: ." graded as wrong answers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ifcqa
from ifcqa.agents.base import AgentResult, ToolCallRecord
from ifcqa.eval.runner import tool_list_mismatch
from ifcqa.index import IndexCache
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.tools.registry import get_tools

CHILD = Path(__file__).with_name("race_child.py")
WORKERS = 32
RUNS = 3


@pytest.fixture(scope="module")
def house_bench(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every category generated on IfcOpenHouse_IFC4.ifc (81 items), naming the model by its absolute path."""
    folder = tmp_path_factory.mktemp("race-bench")
    model = shared_ifc / "IfcOpenHouse_IFC4.ifc"
    items, _ = generate_for_file(model, cache=IndexCache(folder / "cache"))
    bench = folder / "BENCH.jsonl"
    bench.write_bytes(dump_items(item.model_copy(update={"source_file": str(model)}) for item in items))
    return bench


def cold_run(bench: Path, out: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(Path(ifcqa.__file__).parents[1]), "IFCQA_CACHE_DIR": str(out / "cache")}
    done = subprocess.run(
        [sys.executable, str(CHILD), str(bench), str(out), str(WORKERS)],
        capture_output=True, text=True, env=env, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    runs: dict[str, Any] = json.loads(done.stdout)
    return runs


def test_cold_runs_at_high_concurrency_give_identical_records(house_bench: Path, tmp_path: Path) -> None:
    first = cold_run(house_bench, tmp_path / "run0")
    failed = [a for a in first["direct"] if a[0] == "failed"]
    assert not failed, failed[:3]
    wrong = [a for a in first["direct"] if a[1] != a[2]]
    assert not wrong, wrong[:3]
    oracle = first["oracle"]
    assert len(oracle) == 81
    assert [r for r in oracle if not r["correct"] or r["error"]] == []
    assert {r["tools_offered"] for r in oracle} == {len(get_tools())}
    tool = first["tool"]
    assert len(tool) == 81 and all(r["error"] is None for r in tool)
    assert all(ok for r in tool for _, _, ok, _ in r["calls"]), [r["calls"] for r in tool if r["error"]][:1]
    assert all(len(r["calls"]) == 3 and r["selected"] == ["A"] for r in tool)
    for n in range(1, RUNS):
        again = cold_run(house_bench, tmp_path / f"run{n}")
        assert again == first


def result_with(names: tuple[str, ...], calls: list[ToolCallRecord]) -> AgentResult:
    return AgentResult(selected=["A"], tool_calls=calls, tools_offered=len(names), tool_names=names)


def test_an_answer_given_with_another_tool_list_is_an_error_not_a_graded_answer() -> None:
    registry = frozenset({"count_elements", "get_element", "list_storeys"})
    expected = ("count_elements", "get_element", "list_storeys")
    assert tool_list_mismatch(result_with(expected, []), expected, registry) is None
    partial = tool_list_mismatch(result_with(("count_elements",), []), expected, registry)
    assert partial is not None
    assert "offered 1 tools where the run's registry gives 3 (missing: get_element, list_storeys" in partial
    unknown = ToolCallRecord("get_element", {}, False, 80, False, error="Unknown tool 'get_element'.",
                             error_kind="unknown_tool")  # fmt: skip
    told = tool_list_mismatch(result_with(expected, [unknown]), expected, registry)
    assert told is not None and "registered tool(s) get_element were reported unknown" in told
    misspelt = ToolCallRecord("get_elemnt", {}, False, 80, False, error="Unknown tool.", error_kind="unknown_tool")
    assert tool_list_mismatch(result_with(expected, [misspelt]), expected, registry) is None  # the agent's mistake
