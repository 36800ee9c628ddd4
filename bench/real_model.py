"""The agents and the baselines on a stratified IFC-MCQ sample, answered by real local GGUF models.

Generates a benchmark from IFC files (or reads one), takes a stratified sample (round robin over the
subtypes, ``--per-subtype`` items each, seeded), answers it with every ``--agents`` agent on every
``--model`` GGUF file through ``--model local:PATH`` (llama.cpp's server in process, see
docs/LOCAL_MODEL.md) and with the baselines, and prints one JSON line per run on stdout and a Markdown
table on stderr: accuracy with its Wilson 95% interval, tool calls per item, the share of tool calls
the model wrote as text, errors, and seconds per item (wall time of the run / items, cold response
cache). Writes nothing into the repository: runs go to ``--out`` (default: a new temporary folder).

    python bench/real_model.py --model /models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf \\
        --ifc ../shared/ifc/AC20-FZK-Haus.ifc --ifc ../shared/ifc/Duplex_A_20110907.ifc --items 12

Run it niced on a shared machine (``nice -n 10``); ``--threads`` is llama.cpp's CPU threads.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.agents.base import AgentConfig
from ifcqa.eval.runner import run_eval
from ifcqa.index import IndexCache
from ifcqa.llm.local import file_sha256
from ifcqa.mcq.benchfile import dump_items, read_items
from ifcqa.mcq.items import Item
from ifcqa.mcq.pipeline import generate_for_file

LLM_AGENTS = ("tool", "code", "no-access")
BASELINES = ("random", "first-option")


def stratified(items: list[Item], per_subtype: int, limit: int | None, seed: int) -> list[Item]:
    """Round robin over the subtypes (their order and each one's items shuffled with ``seed``): every
    subtype gets its first item before any gets a second, so a short ``limit`` still spreads over them."""
    rng = random.Random(seed)
    by_subtype: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        by_subtype[item.subtype].append(item)
    pools = []
    subtypes = sorted(by_subtype)
    rng.shuffle(subtypes)  # a short --items takes a random set of subtypes, not the alphabetically first
    for subtype in subtypes:
        pool = by_subtype[subtype]
        rng.shuffle(pool)
        pools.append(pool[:per_subtype])
    sample = [pool[i] for i in range(per_subtype) for pool in pools if i < len(pool)]
    return sample[:limit] if limit else sample


def make_bench(args: argparse.Namespace, out: Path) -> Path:
    """The sample's BENCH.jsonl in ``out``: from ``--bench`` or generated from ``--ifc`` files."""
    if args.bench:
        items = read_items(Path(args.bench))
    else:
        items = []
        cache = IndexCache(out / "index-cache")
        for path in args.ifc:
            found, _ = generate_for_file(path, cap=args.cap, cache=cache)
            items.extend(found)
    sample = stratified(items, args.per_subtype, args.items, args.seed)
    bench = out / "sample.jsonl"
    bench.write_bytes(dump_items(sample))
    subtypes = len({item.subtype for item in sample})
    print(f"sample: {len(sample)} items, {subtypes} subtypes, of {len(items)} generated", file=sys.stderr)
    return bench


def row(model: str, agent: str, summary: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The measured numbers of one run."""
    n = summary["n_items"]
    calls = summary.get("native_tool_calls", 0) + summary.get("text_tool_calls", 0)
    return {
        "model": model,
        "agent": agent,
        "items": n,
        "correct": summary["n_correct"],
        "accuracy": summary["accuracy"],
        "wilson_low": summary["wilson_low"],
        "wilson_high": summary["wilson_high"],
        "tool_calls_per_item": round(summary.get("tool_calls", 0) / n, 2) if n else 0.0,
        "text_call_share": round(summary.get("text_tool_calls", 0) / calls, 3) if calls else None,
        "failed_tool_calls": summary.get("failed_tool_calls", 0),
        "blocked_calls": summary.get("blocked_calls", 0),
        "errors": summary["n_errors"],
        "errors_by_kind": summary.get("errors_by_kind", {}),
        "no_answer_rate": summary.get("no_answer_rate"),
        "example_copied": summary.get("example_copied", 0),
        "fallback_rate": summary.get("fallback_rate"),
        "seconds_per_item": round(seconds / n, 1) if n else 0.0,
        "tokens_in_per_item": round(summary.get("tokens_in", 0) / n) if n else 0,
        "tokens_out_per_item": round(summary.get("tokens_out", 0) / n) if n else 0,
        "cache_hits": summary.get("cache_hits", 0),
        "warnings": summary.get("warnings", []),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The Markdown table of the runs."""
    lines = [
        "| model | agent | correct | accuracy (Wilson 95%) | tool calls / item | text-call share | failed calls "
        "| errors | no answer | copied example | s / item |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        share = "–" if r["text_call_share"] is None else f"{r['text_call_share']:.0%}"
        errors = str(r["errors"]) + (
            f" ({', '.join(f'{k} {v}' for k, v in r['errors_by_kind'].items())})" * bool(r["errors"])
        )
        lines.append(
            f"| {r['model']} | {r['agent']} | {r['correct']}/{r['items']} | {r['accuracy']:.0%} "
            f"({r['wilson_low']:.0%}–{r['wilson_high']:.0%}) | {r['tool_calls_per_item']:.2f} | {share} "
            f"| {r['failed_tool_calls']} | {errors} | {r['no_answer_rate']:.0%} | {r['example_copied']} "
            f"| {r['seconds_per_item']:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", action="append", required=True, help="a GGUF file, or `local` (repeatable)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--bench", help="a BENCH.jsonl to sample from")
    source.add_argument("--ifc", action="append", help="an IFC file to generate items from (repeatable)")
    parser.add_argument("--cap", type=int, default=4, help="items generated per category and file")
    parser.add_argument("--per-subtype", type=int, default=1)
    parser.add_argument("--items", type=int, default=None, help="sample size at most (round robin over subtypes)")
    parser.add_argument("--agents", default=",".join(LLM_AGENTS))
    parser.add_argument("--tools", default="all", help="the tool agent's tool set: all, core or names")
    parser.add_argument("--max-steps", type=int, default=6)
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--n-ctx", type=int, default=16384)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="folder for the sample and the runs (default: a new temporary folder)")
    args = parser.parse_args()

    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="ifcqa-real-model-"))
    out.mkdir(parents=True, exist_ok=True)
    bench = make_bench(args, out)
    rows = []
    for agent in BASELINES:
        summary = run_eval(bench, agent, AgentConfig(seed=args.seed), out / f"baseline-{agent}", cache_dir=out / "ic")
        rows.append(row("–", agent, summary, 0.0))
        print(json.dumps(rows[-1]), flush=True)
    for model in args.model:
        name = "local" if model == "local" else f"local:{Path(model).resolve()}"
        label = "SmolLM2-135M (bundled)" if model == "local" else f"{Path(model).name} ({file_sha256(Path(model))[:8]})"
        for agent in args.agents.split(","):
            config = AgentConfig(
                model=name,
                tools=args.tools,
                max_steps=args.max_steps,
                max_tokens=args.max_tokens,
                timeout_s=args.timeout,
                seed=args.seed,
                cache_dir=out / "ic",
                cache_salt=f"bench-{time.time_ns()}",  # a cold cache: the seconds are real
                extra={"n_threads": args.threads, "n_ctx": args.n_ctx},
            )
            started = time.perf_counter()
            run_dir = out / f"{Path(model).stem}-{agent}"
            summary = run_eval(bench, agent, config, run_dir, concurrency=1, cache_dir=out / "ic")
            rows.append(row(label, agent, summary, time.perf_counter() - started))
            print(json.dumps(rows[-1]), flush=True)
            print(table(rows), file=sys.stderr, flush=True)
    print(table(rows), file=sys.stderr)
    print(f"runs: {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
