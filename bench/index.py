"""Benchmark the model index: open, cold index, warm load and geometry, per model.

Run from the repository root::

    python bench/index.py                      # shared models + generated 10k/100k/1M
    python bench/index.py --models shared
    python bench/index.py --models generated --sizes 10k,100k --workdir /tmp/ifcqa-bench
    python bench/index.py path/to/model.ifc    # any files

Every model is measured in a fresh subprocess (so ``peak_rss_mb`` is that model's peak) which
prints one JSON line; this script relays the lines to stdout and prints a summary table to stderr.
Generated models are written with :func:`ifcqa.sample.write_sample_model` into ``--workdir``
(default: a temporary folder), never into the repository. See bench/README.md for what each
number means.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
# Generated sizes: label -> write_sample_model arguments (see the table in ifcqa.sample.building).
SIZES: dict[str, dict[str, int]] = {
    "10k": {"storeys": 4, "rooms_per_storey": 9},
    "100k": {"storeys": 10, "rooms_per_storey": 36},
    "1m": {"storeys": 40, "rooms_per_storey": 90},
}
COLUMNS = [
    ("file", 34), ("entities", 9), ("open_s", 8), ("index_cold_s", 12), ("build_only_s", 12), ("warm_s", 8),
    ("geometry_s", 10), ("bare_geometry_s", 15), ("peak_rss_mb", 11),
    ("cold/open", 9), ("warm/open", 9), ("geom/bare", 9),
]  # fmt: skip


def best_of(runs: int, action: Callable[[], Any]) -> float:
    """The fastest of ``runs`` timed calls of ``action``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def bare_geometry(path: Path) -> float:
    """Seconds of the bare geometry iterator loop, settings and threads as ifcqa's compute_bboxes."""
    import ifcopenshell
    import ifcopenshell.geom

    from ifcqa.index.geometry import geometry_settings

    model = ifcopenshell.open(str(path))
    started = time.perf_counter()
    iterator = ifcopenshell.geom.iterator(geometry_settings(), model, multiprocessing.cpu_count())
    if model.by_type("IfcProduct") and iterator.initialize():
        while True:
            iterator.get()
            if not iterator.next():
                break
    return time.perf_counter() - started


def measure(path: Path, geometry: bool, repeat: int, geometry_repeat: int) -> dict[str, Any]:
    """Every number of one model (runs inside the per-model subprocess)."""
    import ifcopenshell

    from ifcqa.index import IndexCache, load_index

    row: dict[str, Any] = {"file": path.name}
    row["open_s"] = best_of(3, lambda: ifcopenshell.open(str(path)))
    model = ifcopenshell.open(str(path))
    row["entities"] = sum(len(model.by_type(cls, include_subtypes=False)) for cls in model.types())
    del model
    cold, build = float("inf"), float("inf")
    with tempfile.TemporaryDirectory(prefix="ifcqa-bench-") as scratch:
        for attempt in range(repeat):
            cache = IndexCache(Path(scratch) / f"cold{attempt}")  # empty: hash, open, build, save
            started = time.perf_counter()
            index = load_index(path, cache=cache)
            cold = min(cold, time.perf_counter() - started)
            build = min(build, index.data.build_seconds)
        row["schema"] = index.schema
        row["index_cold_s"], row["build_only_s"] = cold, build
        row["warm_s"] = best_of(5, lambda: load_index(path, cache=cache))
    if geometry:
        row["geometry_s"], row["bare_geometry_s"] = float("inf"), float("inf")
        for _ in range(geometry_repeat):  # interleaved, so a busy spell of the machine hits both
            fresh = load_index(path, use_cache=False)  # the file is open; no bbox cache to read
            row["geometry_s"] = min(row["geometry_s"], best_of(1, fresh.bboxes))
            row["bare_geometry_s"] = min(row["bare_geometry_s"], bare_geometry(path))
        row["bboxes"] = len(fresh.bboxes())
    row["peak_rss_mb"] = peak_rss_mb()
    row["threads"] = multiprocessing.cpu_count()
    row["load_avg_1m"] = os.getloadavg()[0]  # other work on the machine makes every number slower
    row["cold/open"] = cold / row["open_s"]
    row["warm/open"] = row["warm_s"] / row["open_s"]
    if geometry and row["bare_geometry_s"] > 0:
        row["geom/bare"] = row["geometry_s"] / row["bare_geometry_s"]
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in row.items()}


def peak_rss_mb() -> float:
    """This process's peak resident set size in MiB.

    ``VmHWM`` of /proc/self/status where it exists: ``getrusage`` ``ru_maxrss`` survives ``exec`` on
    Linux, so a child would report its parent's peak when that was larger.
    """
    status = Path("/proc/self/status")
    if status.is_file():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def generated_models(sizes: list[str], workdir: Path) -> list[tuple[Path, int]]:
    """Write (or reuse) the generated sample models; returns (path, expected entities)."""
    from ifcqa.sample import write_sample_model

    models = []
    for label in sizes:
        arguments = SIZES[label]
        path = workdir / f"sample-{label}-s{arguments['storeys']}-r{arguments['rooms_per_storey']}.ifc"
        if not path.is_file():
            started = time.perf_counter()
            write_sample_model(path, **arguments)
            print(f"wrote {path.name} in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
        models.append((path, int(label.replace("k", "000").replace("1m", "1000000"))))
    return models


def run_child(path: Path, geometry: bool, repeat: int, geometry_repeat: int, timeout: float) -> dict[str, Any]:
    """Measure one model in a fresh interpreter; a failure or timeout is reported as a row."""
    command = [sys.executable, __file__, "--child", str(path), "--repeat", str(repeat)]
    command += ["--geometry-repeat", str(geometry_repeat)]
    command += [] if geometry else ["--skip-geometry"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"file": path.name, "error": f"timed out after {timeout:.0f} s"}
    if done.returncode != 0:
        return {"file": path.name, "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def table(rows: list[dict[str, Any]]) -> str:
    """The summary table (fixed-width text)."""
    lines = ["  ".join(name.rjust(width) if i else name.ljust(width) for i, (name, width) in enumerate(COLUMNS))]
    for row in rows:
        cells = []
        for i, (name, width) in enumerate(COLUMNS):
            value = row.get(name, "error" if name == "open_s" and "error" in row else "-")
            text = str(value)
            if isinstance(value, int | float):
                text = f"{value:,}" if isinstance(value, int) else f"{value:.4f}"
            cells.append(text.rjust(width) if i else text[:width].ljust(width))
        lines.append("  ".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="extra IFC files to measure")
    parser.add_argument("--models", choices=["shared", "generated", "all", "none"], default="all")
    parser.add_argument("--sizes", default="10k,100k,1m", help="generated sizes: " + ",".join(SIZES))
    parser.add_argument("--workdir", type=Path, help="folder for generated models (default: a temp dir)")
    parser.add_argument("--skip-geometry", action="store_true", help="measure no geometry at all")
    parser.add_argument("--geometry-max-entities", type=int, default=200_000, help="no geometry above this size")
    parser.add_argument("--repeat", type=int, default=3, help="cold index runs per model (best is kept)")
    parser.add_argument("--geometry-repeat", type=int, default=2, help="geometry runs per model (best is kept)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds allowed per model")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child, not args.skip_geometry, args.repeat, args.geometry_repeat)), flush=True)
        return 0

    models: list[tuple[Path, int]] = [(p, 0) for p in args.files]
    if args.models in ("shared", "all"):
        models += [(p, 0) for p in sorted(SHARED.glob("*.ifc"), key=lambda p: p.stat().st_size)]
    scratch = None
    if args.models in ("generated", "all"):
        workdir = args.workdir or Path(scratch := tempfile.mkdtemp(prefix="ifcqa-bench-models-"))
        models += generated_models([s.strip().lower() for s in args.sizes.split(",") if s.strip()], workdir)
    rows = []
    for path, expected in models:
        big = expected > args.geometry_max_entities
        geometry = not args.skip_geometry and not big
        repeat = 1 if expected >= 500_000 else args.repeat
        row = run_child(path, geometry, repeat, 1 if expected >= 100_000 else args.geometry_repeat, args.timeout)
        if big and not args.skip_geometry:
            row["geometry"] = f"skipped: over --geometry-max-entities {args.geometry_max_entities:,}"
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(table(rows), file=sys.stderr)
    if scratch:
        print(f"generated models left in {scratch} (pass --workdir to reuse them)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
