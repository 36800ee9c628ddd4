"""IFCMemoryBench: the real mem0 and Graphiti packages beside the patterns, extraction held equal.

Run from the repository root (``pip install -e '.[memory-adapters]'``)::

    python bench/memory_adapters.py                          # 2 shared models, 1 task per template, 25-40 sessions
    python bench/memory_adapters.py --all-models --per-template 2   # the 94 tasks of bench/memory.py
    python bench/memory_adapters.py --models AC20-FZK-Haus.ifc --systems mem0,vector

The packages' extraction LLM is :mod:`ifcqa.memory.rulemodel` behind a loopback ScriptedServer: it keeps
each durable sentence whole, as the rule extractor of the pattern memories (``vector``, ``graph``) does.
So the packages' own storage, deduplication and search are compared with the patterns' on the same tasks
with the same (idealised) extraction; with a real LLM the packages' extraction would be measured too.
Retrieval only (k = 5), user + final answer; prints coverage, relevance and ingest time per task.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ifcqa.agents.base import AgentConfig
from ifcqa.files.atomic import write_atomic
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.facts import RuleExtractor
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.rulemodel import extraction_model
from ifcqa.memory.runner import config_for, run_memory_eval
from memory import MODELS as ALL_MODELS  # bench/memory.py: the main memory bench's 7 shared models

MODELS = ("AC20-FZK-Haus.ifc", "Ifc4_SampleHouse.ifc")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "ifc")
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--all-models", action="store_true", help="the 7 models of bench/memory.py")
    parser.add_argument("--out", type=Path, default=Path("/tmp/ifcqa-memory-adapters"))
    parser.add_argument("--per-template", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--systems", default="vector,graph,ifc-aware,mem0,graphiti")
    parser.add_argument("--scope", default="user+final")
    parser.add_argument("--k", type=int, default=5, help="items retrieved per probe")
    args = parser.parse_args(argv)
    names = ALL_MODELS if args.all_models else tuple(args.models.split(","))
    files = [args.ifc_dir / name for name in names if (args.ifc_dir / name).is_file()]
    if not files:
        sys.exit(f"error: none of {args.models} is in {args.ifc_dir}; pass --ifc-dir DIR")
    tasks, stats = generate_tasks(files, seed=args.seed, per_template=args.per_template)
    tasks_file = args.out / "tasks.json"
    write_atomic(tasks_file, tasks.to_json().encode())
    with ScriptedServer(extraction_model, model="rules") as server:
        agent = AgentConfig(base_url=server.base_url, no_cache=True)
        config = config_for(
            tasks_file,
            args.systems.split(","),
            [args.scope],
            k=args.k,
            window_tokens=32_000,
            extractor="llm:rules",  # the packages' LLM: the rule stand-in; the patterns get the rule extractor
            agent=agent,
            limit=None,
        )
        started = time.perf_counter()
        summary = run_memory_eval(
            tasks_file, args.out / f"run-k{args.k}", config, agent_config=agent, extractor=RuleExtractor()
        )
        eval_s = time.perf_counter() - started
        requests = len(server.requests)
    sessions = sum(len(t.sessions) for t in tasks.tasks)
    print(json.dumps({"tasks": stats.tasks, "sessions": sessions, "requests": requests, "eval_s": round(eval_s, 1)}))
    print(f"\nretrieval under {args.scope}, k = {args.k}, {stats.tasks} tasks (95% Wilson)")
    print(f"{'system':<11}{'coverage':>24}{'relevance':>12}{'ingest s/task':>15}{'errors':>8}")
    for system in summary["systems"]:
        cell = summary["table"][system][args.scope]
        cov, rel = cell["coverage"], cell["relevance"]
        print(
            f"{system:<11}{100 * (cov['rate'] or 0):7.1f}% [{100 * cov['ci95'][0]:3.0f}-{100 * cov['ci95'][1]:3.0f}]"
            f"{100 * (rel['rate'] or 0):>11.1f}%{cell['mean_ingest_s'] or 0:>15}{cell['errors']:>8}"
        )


if __name__ == "__main__":
    main()
