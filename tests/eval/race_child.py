"""Run in a cold interpreter by test_eval_race.py: agents answering in many threads at once, printed as JSON.

``python race_child.py BENCH OUT WORKERS``. Nothing of ifcqa is imported before the threads start, so
every registry (agents, tools, policies) is filled while they race for it. Three parts:

* ``direct``: WORKERS threads released together, each building its own oracle and answering one item
  (the way a service, an MCP server or an Inspect task answers: no runner to warm anything up);
* ``oracle`` and ``tool``: ``run_eval`` at concurrency WORKERS with the oracle, and with the tool agent
  talking to a scripted model on loopback (:class:`~ifcqa.llm.scripted.ScriptedServer`).

The printed records leave out what legitimately varies between runs (timings, call ids, ports).
"""

from __future__ import annotations

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

SCRIPT_CALLS = (("model_summary", {}), ("count_elements", {"ifc_class": "IfcWall"}), ("get_element", {"element": 1}))


def scripted_step(request: dict[str, Any]) -> dict[str, Any]:
    """The scripted model: the same three tool calls for every item, then option A."""
    done = sum(m.get("role") == "tool" for m in request.get("messages", []))
    if done < len(SCRIPT_CALLS):
        name, arguments = SCRIPT_CALLS[done]
        return {"tool_calls": [{"name": name, "arguments": arguments}]}
    return {"content": "ANSWER: A"}


def normalised(record: Any) -> dict[str, Any]:
    observations = [m["content"] for m in record.transcript if m.get("role") == "tool"]
    return {
        "item": record.item_id,
        "selected": record.selected,
        "correct": record.correct,
        "raw_answer": record.raw_answer,
        "error": record.error,
        "tools_offered": record.tools_offered,
        "calls": [(c.name, c.arguments, c.ok, c.error) for c in record.tool_calls],
        "observations": observations,
    }


def main(bench: Path, out: Path, workers: int) -> None:
    barrier = threading.Barrier(workers)

    def direct(k: int) -> list[Any]:
        from ifcqa.agents.base import AgentConfig, AgentEnv, make_agent
        from ifcqa.index import IndexCache, load_index
        from ifcqa.mcq.benchfile import read_items

        barrier.wait()
        try:
            items = read_items(bench)
            item = items[k % len(items)]
            env = AgentEnv(load_index(item.source_file, cache=IndexCache(out / "cache")), Path(item.source_file))
            result = make_agent("oracle", AgentConfig()).answer(item, env)
            return [item.id, result.selected, sorted(item.answer), result.raw_answer, result.error]
        except Exception as exc:  # a registry seen half-filled: an unknown agent, a missing policy...
            return ["failed", f"{type(exc).__name__}: {exc}"]

    with ThreadPoolExecutor(workers) as pool:
        answers = list(pool.map(direct, range(workers)))

    from ifcqa.agents.base import AgentConfig
    from ifcqa.eval.records import read_records
    from ifcqa.eval.runner import run_eval
    from ifcqa.llm.scripted import ScriptedServer

    runs: dict[str, Any] = {"direct": answers}
    run_eval(bench, "oracle", AgentConfig(), out / "oracle", concurrency=workers, cache_dir=out / "cache-oracle")
    with ScriptedServer(scripted_step) as server:
        config = AgentConfig(model="scripted", base_url=server.base_url, cache_dir=out / "llm-cache", timeout_s=30)
        run_eval(bench, "tool", config, out / "tool", concurrency=workers, cache_dir=out / "cache-tool")
    for name in ("oracle", "tool"):
        records = read_records(out / name / "records.jsonl")
        runs[name] = sorted((normalised(r) for r in records), key=lambda r: str(r["item"]))
    print(json.dumps(runs, sort_keys=True))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]))
