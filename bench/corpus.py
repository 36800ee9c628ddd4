"""Corpus throughput against the number of workers, and the index's memory against IfcOpenShell's.

Run from the repository root (by hand, not part of the tests)::

    python bench/corpus.py                                   # the default corpus, 1 and 2 workers, local + dask
    python bench/corpus.py --corpus 10k:4,100k:2 --workers 1,2,4 --executors local
    python bench/corpus.py --work memory --corpus 10k:6,100k:2      # memory generate's per-file work instead
    python bench/corpus.py --memory                          # index vs IfcOpenShell memory, 100k and 1M models
    python bench/corpus.py --memory --memory-sizes 2m --geometry-max 100k   # the same on a 2M model, no geometry
    python bench/corpus.py --workdir /tmp/ifcqa-corpus       # keep the generated models between runs

**Throughput.** A corpus of generated sample buildings (``ifcqa.sample``; ``SIZE:COUNT`` pairs, each
copy with its own seed, so every file is a different model) is indexed cold (fresh cache folder per
run, what ``ifcqa index FILE...`` does on each worker) on ``local`` processes (``--jobs N``) and on a
Dask ``LocalCluster`` of N processes (``--dask local:N``). Per run: seconds, files/s, entities/s,
scaling efficiency = throughput / (N x throughput with one worker of the same executor), and the
peak resident memory of each worker process (``VmHWM``, reported by the workers themselves).
Files are submitted largest first, so the biggest file does not start last. Workers are started and
have imported ifcqa before the clock starts (a run over thousands of files pays that once).

**Memory** (``--memory``). For each model, in fresh subprocesses: ``ifcopenshell.open`` alone; a cold
index (build only, no cache; then with the cache written); a warm load; IfcOpenShell opening the file
and running its geometry iterator over it; a cold index plus its bounding boxes. Each is the peak
resident memory above the interpreter's baseline after imports (``VmHWM`` - ``VmRSS`` before the
work), and ``x_ifcopenshell``: the ratio to IfcOpenShell's own peak for the same work on the same file
(the open alone; with geometry, the open plus the iterator); ``process_peak_mb`` and
``x_ifcopenshell_process``: the same for the whole process's peak (interpreter and imports included,
what a worker's memory limit sees). ``--memory-code DIR`` runs the children
on another ifcqa source tree (e.g. an older commit's ``src``), to compare before and after a change.

Generating the 1M-entity model takes about 2 minutes (about 110 µs per entity on a loaded 2-core
machine), the 2M one (``--memory-sizes 2m``, for the memory only) about 10; each is written once into
``--workdir``. Everything prints JSON lines to stdout and a table
to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# label -> write_sample_model arguments (the sizes of bench/index.py; entity counts in bench/README.md)
SIZES: dict[str, dict[str, int]] = {
    "10k": {"storeys": 4, "rooms_per_storey": 9},
    "100k": {"storeys": 10, "rooms_per_storey": 36},
    "1m": {"storeys": 40, "rooms_per_storey": 90},
    "2m": {"storeys": 80, "rooms_per_storey": 90},  # --memory only: checks that the ratios hold as models grow
}
DEFAULT_CORPUS = "10k:6,100k:3,1m:1"


def vm(field: str) -> float:
    """A /proc/self/status memory field in MiB (VmHWM: the peak resident set; VmRSS: now)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


# -- the corpus ------------------------------------------------------------------------------------


def corpus(spec: str, workdir: Path) -> list[tuple[Path, int]]:
    """Write (or reuse) the models of ``SIZE:COUNT,...``; (path, entities), largest first."""
    from ifcqa.sample import write_sample_model

    models = []
    for part in spec.split(","):
        label, _, count = part.strip().lower().partition(":")
        for seed in range(int(count or 1)):
            args = SIZES[label]
            path = workdir / f"corpus-{label}-s{args['storeys']}-r{args['rooms_per_storey']}-seed{seed}.ifc"
            if not path.is_file():
                started = time.perf_counter()
                write_sample_model(path, seed=seed, **args)
                print(f"wrote {path.name} in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
            models.append((path, entity_count(path)))
    return sorted(models, key=lambda model: -model[1])


def entity_count(path: Path) -> int:
    """Entity instances of an IFC-SPF file: its lines that start with ``#`` (one entity per line here)."""
    with open(path, "rb") as handle:
        return sum(1 for line in handle if line.startswith(b"#"))


def index_and_report(job: Any) -> dict[str, Any]:
    """The per-file work (``ifcqa.index.corpus.index_one``), plus who ran it and that process's peak memory."""

    from ifcqa.index.corpus import index_one

    row: dict[str, Any] = dict(index_one(job))
    row["pid"] = os.getpid()
    row["worker_peak_mb"] = vm("VmHWM")
    return row


def warm_up(_: int) -> int:
    """Import what the work needs and linger a moment, so every worker is started before the clock runs."""

    import ifcqa.index.build  # noqa: F401

    time.sleep(0.3)
    return os.getpid()


def throughput_run(
    models: list[tuple[Path, int]], executor_kind: str, workers: int, scratch: Path, work: str = "index"
) -> dict[str, Any]:
    """Run the work over the corpus cold (a fresh cache folder) on one executor; one row of numbers.

    ``work``: ``index`` (``ifcqa index``'s per-file work) or ``memory`` (``ifcqa memory generate``: each
    file's index, facts and tasks, one task per template; worker peaks are not reported for it).
    """
    from ifcqa.executor import make_executor
    from ifcqa.executor.files import ship
    from ifcqa.index.corpus import IndexJob

    cache = scratch / f"cache-{executor_kind}-{workers}-{time.monotonic_ns()}"
    jobs = [IndexJob(ship(path, False), str(cache), False) for path, _ in models]
    dask = f"local:{workers}" if executor_kind == "dask" else None
    previous_cache = os.environ.get("IFCQA_CACHE_DIR")
    os.environ["IFCQA_CACHE_DIR"] = str(cache)  # before the workers start: they inherit it
    try:
        with make_executor(None if dask else workers, dask, retries=0) as executor:
            executor.map(warm_up, list(range(2 * workers)), [f"warm-{i}" for i in range(2 * workers)])
            started = time.perf_counter()
            if work == "memory":
                from ifcqa.memory.generate import generate_tasks

                generate_tasks([path for path, _ in models], per_template=1, executor=executor)
                outcomes = []
            else:
                outcomes = executor.map(index_and_report, jobs, [str(path) for path, _ in models], fail_fast=True)
            seconds = time.perf_counter() - started
    finally:
        if previous_cache is None:
            os.environ.pop("IFCQA_CACHE_DIR", None)
        else:
            os.environ["IFCQA_CACHE_DIR"] = previous_cache
    rows = [outcome.value for outcome in outcomes if outcome.value is not None]
    peaks: dict[int, float] = {}
    for row in rows:
        peaks[row["pid"]] = max(peaks.get(row["pid"], 0.0), row["worker_peak_mb"])
    entities = sum(n for _, n in models)
    return {
        "work": work,
        "executor": executor_kind,
        "workers": workers,
        "files": len(models),
        "entities": entities,
        "seconds": round(seconds, 2),
        "files_per_s": round(len(models) / seconds, 3),
        "entities_per_s": round(entities / seconds),
        "worker_peak_mb": sorted((round(p) for p in peaks.values()), reverse=True),
    }


# -- memory ----------------------------------------------------------------------------------------

MEMORY_MODES = (
    "ifcopenshell", "index_build", "index_cold_cached", "index_warm", "ifcopenshell_geometry", "index_with_geometry"
)  # fmt: skip


def memory_child(mode: str, path: Path, cache_dir: Path) -> dict[str, Any]:
    """One measurement in this (fresh) process: peak memory above the baseline after imports."""
    import ifcopenshell
    import ifcopenshell.geom  # noqa: F401 - imported before the baseline, as the index imports it

    from ifcqa.index import IndexCache, load_index
    from ifcqa.index.geometry import geometry_settings

    baseline = vm("VmRSS")
    started = time.perf_counter()
    if mode == "ifcopenshell":
        model = ifcopenshell.open(str(path))
        count = len(model.by_type("IfcRoot"))
    elif mode == "index_build":
        count = len(load_index(path, use_cache=False).data.elements)
    elif mode in ("index_cold_cached", "index_warm"):
        count = len(load_index(path, cache=IndexCache(cache_dir)).data.elements)
    elif mode == "ifcopenshell_geometry":  # IfcOpenShell's own: open, then its geometry iterator over the file
        import multiprocessing

        model = ifcopenshell.open(str(path))
        iterator = ifcopenshell.geom.iterator(geometry_settings(), model, multiprocessing.cpu_count())
        count = 0
        if model.by_type("IfcProduct") and iterator.initialize():
            while True:
                iterator.get()
                count += 1
                if not iterator.next():
                    break
    else:
        index = load_index(path, use_cache=False)
        count = len(index.bboxes())
    return {
        "mode": mode,
        "peak_mb": round(vm("VmHWM") - baseline, 1),
        "process_peak_mb": round(vm("VmHWM"), 1),  # the whole process: interpreter and imports included
        "steady_mb": round(vm("VmRSS") - baseline, 1),
        "seconds": round(time.perf_counter() - started, 2),
        "count": count,
    }


def memory_rows(
    path: Path, scratch: Path, geometry: bool, code: Path | None = None, only: str | None = None
) -> list[dict[str, Any]]:
    """Every memory mode for one model, each in a fresh interpreter (warm after the cached cold run)."""
    cache_dir = scratch / f"memory-cache-{path.stem}"
    rows: list[dict[str, Any]] = []
    for mode in MEMORY_MODES:
        if (mode.endswith("geometry") and not geometry) or (only and mode not in only.split(",")):
            continue
        command = [sys.executable, __file__, "--memory-child", mode, str(path), str(cache_dir)]
        env = {**os.environ, "PYTHONPATH": str(code)} if code is not None else None
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
        if done.returncode != 0:
            rows.append({"mode": mode, "error": (done.stderr.strip().splitlines() or ["?"])[-1]})
            continue
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    peaks = {r["mode"]: r["peak_mb"] for r in rows if "peak_mb" in r}
    process_peaks = {r["mode"]: r["process_peak_mb"] for r in rows if "process_peak_mb" in r}
    for row in rows:
        row["file"], row["entities"] = path.name, entity_count(path)
        # compared with IfcOpenShell doing the same: opening the file (with geometry: and iterating its shapes)
        own = peaks.get("ifcopenshell_geometry" if row["mode"].endswith("geometry") else "ifcopenshell")
        if own and "peak_mb" in row:
            row["x_ifcopenshell"] = round(row["peak_mb"] / own, 2)
        own_process = process_peaks.get("ifcopenshell_geometry" if row["mode"].endswith("geometry") else "ifcopenshell")
        if own_process and "process_peak_mb" in row:
            row["x_ifcopenshell_process"] = round(row["process_peak_mb"] / own_process, 2)
    return rows


# -- main ------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help="SIZE:COUNT,... with SIZE in " + ",".join(SIZES))
    parser.add_argument("--workers", default="1,2", help="worker counts to run, e.g. 1,2,4")
    parser.add_argument("--executors", default="local,dask", help="local, dask or both")
    parser.add_argument("--work", default="index", choices=("index", "memory"),
                        help="the per-file work: index (ifcqa index) or memory (ifcqa memory generate)")
    parser.add_argument("--memory", action="store_true", help="measure index vs IfcOpenShell memory instead")
    parser.add_argument("--memory-sizes", default="100k,1m", help="models for --memory")
    parser.add_argument("--geometry-max", default="100k", help="--memory: bounding boxes only up to this size")
    parser.add_argument("--workdir", type=Path, help="folder for the generated models (default: a temp dir)")
    parser.add_argument("--memory-code", type=Path, help="--memory: import ifcqa from this src folder instead")
    parser.add_argument("--memory-modes", help="--memory: only these modes (comma-separated)")
    parser.add_argument("--memory-child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child:
        mode, path, cache_dir = args.memory_child
        print(json.dumps(memory_child(mode, Path(path), Path(cache_dir))), flush=True)
        return 0
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="ifcqa-corpus-"))
    workdir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="ifcqa-corpus-run-"))
    if args.memory:
        sizes = [s.strip().lower() for s in args.memory_sizes.split(",") if s.strip()]
        order = list(SIZES)
        for label in sizes:
            [(path, _)] = corpus(f"{label}:1", workdir)
            geometry = order.index(label) <= order.index(args.geometry_max.lower())
            for row in memory_rows(path, scratch, geometry, args.memory_code, args.memory_modes):
                print(json.dumps(row), flush=True)
        return 0
    models = corpus(args.corpus, workdir)
    print(f"corpus: {len(models)} files, {sum(n for _, n in models):,} entities", file=sys.stderr, flush=True)
    rows = []
    for kind in [k.strip() for k in args.executors.split(",") if k.strip()]:
        single: float | None = None
        for workers in [int(w) for w in args.workers.split(",")]:
            row = throughput_run(models, kind, workers, scratch, args.work)
            if workers == 1:
                single = row["entities_per_s"]
            if single:
                row["efficiency"] = round(row["entities_per_s"] / (workers * single), 2)
            rows.append(row)
            print(json.dumps(row), flush=True)
    header = f"{'executor':8} {'workers':>7} {'seconds':>8} {'files/s':>8} {'entities/s':>11} {'eff.':>5}"
    print(header + "  worker peaks MB", file=sys.stderr)
    for row in rows:
        print(
            f"{row['executor']:8} {row['workers']:>7} {row['seconds']:>8} {row['files_per_s']:>8} "
            f"{row['entities_per_s']:>11,} {row.get('efficiency', '-'):>5}  {row['worker_peak_mb']}",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
