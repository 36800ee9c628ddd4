"""Benchmark IFC-MCQ generation: per model, and the whole corpus in one ``ifcqa mcq generate`` run.

Run from the repository root::

    python bench/mcq.py                               # every ../shared/ifc/*.ifc, then the corpus run
    python bench/mcq.py --files a.ifc b.ifc           # other models
    python bench/mcq.py --skip-corpus                 # per-model numbers only
    python bench/mcq.py --categories direct.class     # a subset of the categories

Per model (in this process, one model after the other, each with its own empty index cache):

| field | meaning |
|---|---|
| `open_s` | `ifcopenshell.open(path)`, best of 3 |
| `index_cold_s` | `load_index` into an empty cache (hash, open, build, save) |
| `geometry_s` | `index.bboxes()` on that fresh index (no bbox cache yet; then saved to the cache) |
| `generate_s` | `generate_for_file(path)`, index and boxes cached: warm load, open, generate, verify |
| `candidates`, `skipped`, `rejected`, `items` | summed over subtypes (the manifest's counts) |
| `items_per_s`, `candidates_per_s` | `items / generate_s`, `candidates / generate_s` |
| `retained` | items kept per category code |

The corpus run (`--jobs`, default 2) is `ifcqa mcq generate FILES -o BENCH.jsonl --jobs 2` in a
subprocess with an empty cache, so its wall clock pays everything a first run pays (start-up,
indexing, geometry, generation, verification, writing); then `ifcqa mcq verify BENCH.jsonl` is
timed too. The target is the whole shared corpus in at most 5 minutes on 2 cores.

One JSON line per measurement goes to stdout, text tables to stderr. Nothing is written into the
repository; caches and the benchmark live in a temporary folder that is removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
TARGET_S = 300.0
COLUMNS = [
    ("file", 32), ("open_s", 7), ("index_cold_s", 12), ("geometry_s", 10), ("generate_s", 10),
    ("candidates", 10), ("skipped", 8), ("rejected", 8), ("items", 6), ("items_per_s", 11),
]  # fmt: skip


def measure(path: Path, categories: list[str], scratch: Path) -> dict[str, Any]:
    """Every per-model number of one file."""
    import ifcopenshell

    from ifcqa.index import IndexCache, load_index
    from ifcqa.mcq.pipeline import generate_for_file
    from ifcqa.mcq.runner import native_stdout_silenced

    row: dict[str, Any] = {"file": path.name}
    row["open_s"] = min(_timed(lambda: ifcopenshell.open(str(path)))[0] for _ in range(3))
    cache = IndexCache(scratch / path.stem)
    row["index_cold_s"], index = _timed(lambda: load_index(path, cache=cache))
    with native_stdout_silenced():  # IfcOpenShell's geometry kernel prints to the C stdout on some models
        row["geometry_s"], boxes = _timed(index.bboxes)
        row["generate_s"], (items, entry) = _timed(lambda: generate_for_file(path, categories=categories, cache=cache))
    row["bboxes"] = len(boxes)
    counts = entry.counts.values()
    row["candidates"] = sum(c.candidates for c in counts)
    row["skipped"] = sum(sum(c.skipped.values()) for c in counts)
    row["rejected"] = sum(sum(c.rejected.values()) for c in counts)
    row["items"] = len(items)
    row["items_per_s"] = len(items) / row["generate_s"] if row["generate_s"] else 0.0
    row["candidates_per_s"] = row["candidates"] / row["generate_s"] if row["generate_s"] else 0.0
    retained: dict[str, int] = {}
    for item in items:
        code = item.subtype.rsplit(".", 1)[0]
        retained[code] = retained.get(code, 0) + 1
    row["retained"] = retained
    row["load_avg_1m"] = os.getloadavg()[0]
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in row.items()}


def _timed(action: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def corpus_run(files: list[Path], categories: list[str], jobs: int, scratch: Path) -> dict[str, Any]:
    """Wall clock of one `ifcqa mcq generate` over every file (empty cache), then of `ifcqa mcq verify`."""
    ifcqa = Path(sys.executable).parent / "ifcqa"
    command = [str(ifcqa)] if ifcqa.exists() else [sys.executable, "-m", "ifcqa.cli.main"]
    out = scratch / "corpus" / "BENCH.jsonl"
    generate = [*command, "mcq", "generate", *map(str, files), "-o", str(out), "--jobs", str(jobs)]
    generate += ["--cache-dir", str(scratch / "corpus-cache"), "--categories", ",".join(categories)]
    row: dict[str, Any] = {"run": "corpus", "files": len(files), "jobs": jobs}
    row["generate_wall_s"], done = _timed(lambda: subprocess.run(generate, capture_output=True, text=True))
    if done.returncode != 0:
        return {**row, "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    manifest = json.loads(out.with_name("BENCH.manifest.json").read_text())
    row["items"] = manifest["total_items"]
    row["rejected"] = sum(len(entry["rejections"]) for entry in manifest["files"])
    row["sum_of_file_seconds"] = sum(entry["seconds"] for entry in manifest["files"])
    row["items_per_s"] = row["items"] / row["generate_wall_s"]
    row["verify_wall_s"], verified = _timed(
        lambda: subprocess.run([*command, "mcq", "verify", str(out)], capture_output=True, text=True)
    )
    row["verify_ok"] = verified.returncode == 0
    row["verify_summary"] = (verified.stdout.strip().splitlines() or ["?"])[-1]
    row["target_s"] = TARGET_S
    row["within_target"] = row["generate_wall_s"] <= TARGET_S
    row["load_avg_1m"] = os.getloadavg()[0]
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()}


def registered(categories: list[str]) -> dict[str, Any]:
    """Which asked-for categories have generators, and which subtypes lack a verifier."""
    from ifcqa.mcq.registry import get_generators, get_verifiers
    from ifcqa.mcq.taxonomy import SUBTYPES

    generators, verifiers = get_generators(), get_verifiers()
    wanted = [code for code in SUBTYPES if code.rsplit(".", 1)[0] in categories]
    return {
        "run": "registry",
        "subtypes_registered": [code for code in wanted if code in generators],
        "subtypes_missing": [code for code in wanted if code not in generators],
        "categories_missing": [c for c in categories if not any(s.startswith(c + ".") for s in generators)],
        "without_verifier": [code for code in generators if code not in verifiers],
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The per-model table, then retained items per model x category."""
    lines = ["  ".join(name.rjust(width) if i else name.ljust(width) for i, (name, width) in enumerate(COLUMNS))]
    for row in rows:
        cells = []
        for i, (name, width) in enumerate(COLUMNS):
            value = row.get(name, "-")
            text = f"{value:.3f}" if isinstance(value, float) else str(value)
            cells.append(text.rjust(width) if i else text[:width].ljust(width))
        lines.append("  ".join(cells))
    codes = sorted({code for row in rows for code in row.get("retained", {})}, key=_category_order)
    lines += ["", "retained per category: " + ", ".join(f"{i + 1}={code}" for i, code in enumerate(codes))]
    lines.append("file".ljust(32) + "".join(f"{i + 1:>5}" for i in range(len(codes))))
    for row in rows:
        lines.append(row["file"][:32].ljust(32) + "".join(f"{row['retained'].get(c, 0):>5}" for c in codes))
    return "\n".join(lines)


def _category_order(code: str) -> int:
    from ifcqa.mcq.taxonomy import CATEGORIES

    return list(CATEGORIES).index(code) if code in CATEGORIES else len(CATEGORIES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", type=Path, help="models to measure (default: ../shared/ifc/*.ifc)")
    parser.add_argument("--categories", help="comma-separated category codes (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="jobs of the corpus run")
    parser.add_argument("--skip-corpus", action="store_true", help="no whole-corpus run")
    parser.add_argument("--skip-models", action="store_true", help="no per-model measurements")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from ifcqa.mcq.runner import resolve_categories

    files = args.files or sorted(SHARED.glob("*.ifc"), key=lambda p: p.stat().st_size)
    categories = list(resolve_categories(args.categories.split(",") if args.categories else None))
    info = registered(categories)
    print(json.dumps(info), flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="ifcqa-bench-mcq-"))
    try:
        rows = []
        for path in [] if args.skip_models else files:
            rows.append(measure(path, categories, scratch))
            print(json.dumps(rows[-1]), flush=True)
        if rows:
            print(table(rows), file=sys.stderr)
        if not args.skip_corpus:
            corpus = corpus_run(files, categories, args.jobs, scratch)
            print(json.dumps(corpus), flush=True)
            print("\n" + "  ".join(f"{k}={v}" for k, v in corpus.items()), file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if info["categories_missing"]:
        print("categories with no generator: " + ", ".join(info["categories_missing"]), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
