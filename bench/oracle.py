"""Benchmark the oracle: accuracy, tool calls and observation sizes per subtype over the shared corpus.

Run from the repository root::

    python bench/oracle.py                         # generate over every ../shared/ifc/*.ifc (cap 40, seed 10)
    python bench/oracle.py --files a.ifc b.ifc     # other models
    python bench/oracle.py --bench BENCH.jsonl     # an existing benchmark (models where its items say)

Items are generated in this process (``generate_for_file``, all categories unless ``--categories``)
into a temporary index cache, then answered by the ``oracle`` agent (no LLM: one deterministic
policy per subtype, calling the tools through the tool agent's call executor).

One JSON line per subtype, then a total line, goes to stdout:

| field | meaning |
|---|---|
| `n` | items of the subtype |
| `accuracy` | share answered with exactly the key's option set |
| `mean_calls`, `max_calls` | tool calls per item |
| `max_obs_chars` | the longest observation (rendered tool result) of any call, before any cut |
| `truncated` | observations cut at the agent's ``observation_chars`` (6,000) |
| `no_answer` | items the oracle gave up on (its reason is in the ``misses`` line) |

A text table goes to stderr, with the targets: accuracy >= 99.5 %, mean calls <= 1.2, 0 truncated.
Nothing is written into the repository; the cache lives in a temporary folder removed at the end.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
TARGETS = {"accuracy": 0.995, "mean_calls": 1.2, "truncated": 0}
COLUMNS = [
    ("subtype", 48), ("n", 5), ("accuracy", 8), ("mean_calls", 10), ("max_calls", 9),
    ("max_obs_chars", 13), ("truncated", 9), ("no_answer", 9),
]  # fmt: skip


def generated(files: list[Path], categories: list[str] | None, seed: int, cap: int, scratch: Path) -> list[Any]:
    """Items of every file, generated and verified as ``ifcqa mcq generate`` does."""
    from ifcqa.index import IndexCache
    from ifcqa.mcq.pipeline import generate_for_file
    from ifcqa.mcq.runner import native_stdout_silenced

    items = []
    for path in files:
        started = time.perf_counter()
        with native_stdout_silenced():  # IfcOpenShell's geometry kernel prints to the C stdout on some models
            found, _ = generate_for_file(path, seed=seed, cap=cap, categories=categories, cache=IndexCache(scratch))
        items.extend(found)
        seconds = time.perf_counter() - started
        print(f"generated {len(found):4d} items from {path.name} in {seconds:.1f} s", file=sys.stderr)
    return items


def answered(items: list[Any], scratch: Path) -> list[tuple[Any, Any]]:
    """(item, oracle result) for every item, models loaded once each."""
    from ifcqa.agents.base import AgentConfig, AgentEnv, make_agent
    from ifcqa.index import IndexCache, load_index
    from ifcqa.mcq.runner import native_stdout_silenced

    oracle = make_agent("oracle", AgentConfig())
    envs: dict[str, Any] = {}
    out = []
    for item in items:
        if item.source_file not in envs:
            path = Path(item.source_file)
            envs[item.source_file] = AgentEnv(index=load_index(path, cache=IndexCache(scratch)), model_path=path)
        with native_stdout_silenced():  # the first geometry question computes boxes
            out.append((item, oracle.answer(item, envs[item.source_file])))
    return out


def per_subtype(results: list[tuple[Any, Any]]) -> list[dict[str, Any]]:
    """One row per subtype (taxonomy order), then the total."""
    from ifcqa.mcq.taxonomy import SUBTYPES

    groups: dict[str, list[tuple[Any, Any]]] = defaultdict(list)
    for item, result in results:
        groups[item.subtype].append((item, result))
    order = list(SUBTYPES)
    rows = [row(code, groups[code]) for code in sorted(groups, key=lambda c: order.index(c) if c in order else 99)]
    return [*rows, row("TOTAL", results)]


def row(name: str, pairs: list[tuple[Any, Any]]) -> dict[str, Any]:
    calls = [len(r.tool_calls) for _, r in pairs]
    return {
        "subtype": name,
        "n": len(pairs),
        "accuracy": round(sum(r.selected == sorted(i.answer) for i, r in pairs) / len(pairs), 4),
        "mean_calls": round(sum(calls) / len(pairs), 3),
        "max_calls": max(calls),
        "max_obs_chars": max((c.observation_chars for _, r in pairs for c in r.tool_calls), default=0),
        "truncated": sum(r.truncated_observations for _, r in pairs),
        "no_answer": sum(not r.selected for _, r in pairs),
    }


def misses(results: list[tuple[Any, Any]], limit: int = 20) -> dict[str, Any]:
    wrong = [(i, r) for i, r in results if r.selected != sorted(i.answer)]
    shown = [{"subtype": i.subtype, "question": i.question, "answer": r.raw_answer} for i, r in wrong[:limit]]
    return {"run": "misses", "total": len(wrong), "first": shown}


def table(rows: list[dict[str, Any]]) -> str:
    lines = ["  ".join(name.rjust(width) if i else name.ljust(width) for i, (name, width) in enumerate(COLUMNS))]
    for values in rows:
        cells = []
        for i, (name, width) in enumerate(COLUMNS):
            value = values[name]
            text = f"{value:.3f}" if isinstance(value, float) else str(value)
            cells.append(text.rjust(width) if i else text[:width].ljust(width))
        lines.append("  ".join(cells))
    total = rows[-1]
    met = [
        total["accuracy"] >= TARGETS["accuracy"],
        total["mean_calls"] <= TARGETS["mean_calls"],
        total["truncated"] <= TARGETS["truncated"],
    ]
    lines.append(f"targets: accuracy >= 0.995, mean calls <= 1.2, 0 truncated -> {'met' if all(met) else 'NOT met'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", type=Path, help="models to generate from (default: ../shared/ifc/*.ifc)")
    parser.add_argument("--bench", type=Path, help="answer this BENCH.jsonl instead of generating")
    parser.add_argument("--categories", help="comma-separated category codes (default: all)")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--cap", type=int, default=40)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from ifcqa.mcq.benchfile import read_items

    scratch = Path(tempfile.mkdtemp(prefix="ifcqa-bench-oracle-"))
    try:
        if args.bench:
            items = read_items(args.bench)
        else:
            files = args.files or sorted(SHARED.glob("*.ifc"))
            categories = args.categories.split(",") if args.categories else None
            items = generated(files, categories, args.seed, args.cap, scratch)
        started = time.perf_counter()
        results = answered(items, scratch)
        seconds = time.perf_counter() - started
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    rows = per_subtype(results)
    for values in rows:
        print(json.dumps(values), flush=True)
    print(json.dumps(misses(results)), flush=True)
    print(table(rows), file=sys.stderr)
    print(f"answered {len(results)} items in {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
