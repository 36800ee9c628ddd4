"""IFCMemoryBench: key-fact coverage and retrieval relevance of every memory system x ingestion scope.

Run from the repository root::

    python bench/memory.py                                  # 7 shared models, 2 tasks per template each
    python bench/memory.py --ifc-dir DIR --per-template 3 --out /tmp/memory-bench
    python bench/memory.py --seed-in all                    # facts also in assistant replies (falsification)
    python bench/memory.py --phrase-model M --base-url URL  # user turns and probes reworded by an LLM (guarded)

Generates tasks (seed 7, 25-40 sessions) from the shared models, runs `ifcqa memory eval` retrieval-only
(every statement ingested, k = 5, no LLM) into OUT/run-<seed_in>, writes the Markdown report there, and
prints the coverage table (systems x scopes) with 95% Wilson intervals, mean ingest time per task and
the paper's reference numbers (its best general system, Mem0 pattern, under user + final answer:
key-fact coverage 49.3%, retrieval relevance 90.1%). The target: IFC-aware memory >= 95% coverage
under user + final answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ifcqa.files.atomic import write_atomic
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.report import write_memory_report
from ifcqa.memory.runner import config_for, run_memory_eval

MODELS = (
    "AC20-FZK-Haus.ifc",
    "Duplex_A_20110907.ifc",
    "AC11-Institute-Var-2-IFC.ifc",
    "KIT-EDC_with_SB.ifc",
    "ExampleHOM.ifc",
    "LargeBuilding.ifc",
    "Ifc4_SampleHouse.ifc",
)
SYSTEMS = ["none", "full-context", "file", "vector", "graph", "ifc-aware"]
SCOPES = ["user", "user+final", "full"]
PAPER = {"coverage": 0.493, "relevance": 0.901}  # Mem0 pattern, user + final answer (the paper's best)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "ifc")
    parser.add_argument("--out", type=Path, default=Path("/tmp/ifcqa-memory-bench"))
    parser.add_argument("--per-template", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--seed-in", default="user", choices=["user", "all"])
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--scopes", default=",".join(SCOPES))
    parser.add_argument("--window", type=int, default=32_000, help="full-context window in tokens")
    parser.add_argument("--small-window", type=int, default=4_000, help="also run full-context with this window")
    parser.add_argument("--phrase-model", default=None, help="reword user turns and probes with this LLM")
    parser.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint of --phrase-model")
    args = parser.parse_args(argv)
    files = [args.ifc_dir / name for name in MODELS if (args.ifc_dir / name).is_file()]
    if len(files) < 5:
        sys.exit(f"error: fewer than 5 of the models are in {args.ifc_dir}; pass --ifc-dir DIR")
    started = time.perf_counter()
    phraser = None
    if args.phrase_model:
        from ifcqa.agents.answer import client_for
        from ifcqa.agents.base import AgentConfig
        from ifcqa.memory.phrasing import Phraser

        phraser = Phraser(client_for(AgentConfig(model=args.phrase_model, base_url=args.base_url)))
    tasks, stats = generate_tasks(
        files, seed=args.seed, seed_in=args.seed_in, per_template=args.per_template, phraser=phraser
    )
    generated_s = time.perf_counter() - started
    if phraser is not None:
        print(f"LLM phrasing by {phraser.model}: {phraser.stats.to_dict()}")
    suffix = f"{args.seed_in}-llm" if phraser is not None else args.seed_in
    tasks_file = args.out / f"tasks-{suffix}.json"
    write_atomic(tasks_file, tasks.to_json().encode())
    run = args.out / f"run-{suffix}"
    config = config_for(
        tasks_file,
        args.systems.split(","),
        args.scopes.split(","),
        k=5,
        window_tokens=args.window,
        extractor="statements",
        agent=None,
        limit=None,
    )
    started = time.perf_counter()
    summary = run_memory_eval(tasks_file, run, config)
    eval_s = time.perf_counter() - started
    write_memory_report(run)
    sessions = [len(t.sessions) for t in tasks.tasks]
    print(
        json.dumps(
            {
                "tasks": stats.tasks,
                "models": len(stats.per_model),
                "per_model": stats.per_model,
                "skipped": dict(stats.skipped),
                "sessions_mean": round(sum(sessions) / len(sessions), 1),
                "generate_s": round(generated_s, 1),
                "eval_s": round(eval_s, 1),
                "seed_in": args.seed_in,
            }
        )
    )
    table = summary["table"]
    print(f"\nkey-fact coverage / retrieval relevance, {stats.tasks} tasks, seed-in {args.seed_in} (95% Wilson)")
    print(f"{'system':<13}" + "".join(f"{scope:>36}" for scope in summary["scopes"]) + f"{'ingest s/task':>15}")
    for system in summary["systems"]:
        cells = []
        for scope in summary["scopes"]:
            cov, rel = table[system][scope]["coverage"], table[system][scope]["relevance"]
            cells.append(
                f"{100 * cov['rate']:5.1f}% [{100 * cov['ci95'][0]:3.0f}-{100 * cov['ci95'][1]:3.0f}]"
                f" / {100 * rel['rate']:5.1f}%"
            )
        ingest = table[system][summary["scopes"][0]]["mean_ingest_s"]
        print(f"{system:<13}" + "".join(f"{c:>36}" for c in cells) + f"{ingest:>15}")
    print(f"{'paper (Mem0)':<13}{'':>36}{100 * PAPER['coverage']:>21.1f}% / {100 * PAPER['relevance']:.1f}%")
    target = table.get("ifc-aware", {}).get("user+final", {}).get("coverage", {}).get("rate")
    if target is not None:
        print(f"\nIFC-aware coverage under user+final: {100 * target:.1f}% (target >= 95%)")
    if args.small_window:
        small = config_for(
            tasks_file,
            ["full-context"],
            args.scopes.split(","),
            k=5,
            window_tokens=args.small_window,
            extractor="statements",
            agent=None,
            limit=None,
        )
        cut = run_memory_eval(tasks_file, args.out / f"run-{args.seed_in}-window{args.small_window}", small)
        cells = cut["table"]["full-context"]
        print(
            f"full-context cut to {args.small_window} tokens: "
            + ", ".join(
                f"{scope} {100 * cells[scope]['coverage']['rate']:.1f}% ({cells[scope]['context_truncated']} cut)"
                for scope in cut["scopes"]
            )
        )
    print(f"report: {run / 'memory_report.md'}")


if __name__ == "__main__":
    main()
