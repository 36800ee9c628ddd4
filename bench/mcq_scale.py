"""Large generated models: cold ``summary``, ``mcq generate`` and the first ``ask`` against IfcOpenShell's plain open.

Run by hand from the repository root (not part of the tests)::

    python bench/mcq_scale.py                         # both models, every measurement
    python bench/mcq_scale.py --models ifc4           # the ~20 MB IFC4 model only
    python bench/mcq_scale.py --skip mcq,mcq_warm     # no MCQ generation (minutes on a shared machine)
    python bench/mcq_scale.py --models 100k --repeat 3  # the least of 3 runs of each (a loaded machine)
    python bench/mcq_scale.py --models 100k --repeat 3 --median --skip ask,ask_text  # the median of 3 instead
    python bench/mcq_scale.py --models 100k --repeat 5 --before /tmp/base/src  # before/after, interleaved

The models are written by the sample writer (:mod:`ifcqa.sample`) into ``--dir`` (default
``/tmp/ifcqa-scale``, never the repository) and reused when already there (same arguments, same
GlobalIds and values: only the header timestamp differs):

| model | arguments | size |
|---|---|---|
| `100k` | IFC4, 10 storeys x 36 rooms | ~5 MB, ~100k entities, ~2.6k products (the issue's target size) |
| `ifc4` | IFC4, 20 storeys x 75 rooms | ~20 MB, ~350k entities, ~10.6k products |
| `ifc2x3` | IFC2X3, 30 storeys x 100 rooms | ~40 MB, ~750k entities |

Each measurement is a fresh process (``ifcqa`` as a person runs it, each with an empty index cache
unless said otherwise), so its peak RSS is its own (``os.wait4``):

| name | what runs |
|---|---|
| `open` | ``ifcopenshell.open(path)`` and nothing else: the floor |
| `summary` | ``ifcqa summary FILE``, empty cache (parse, check, index, save) |
| `mcq` | ``ifcqa mcq generate FILE -o B.jsonl --jobs 1``, empty cache (index, every box, generate, verify) |
| `mcq_warm` | the same, the index and boxes cached by the run before: generation and verification alone |
| `ask` | ``ifcqa ask FILE "What doors are on Level 1?"``, empty cache (index, graph load, Cypher, check) |
| `ask_text` | ``ifcqa ask FILE "Where is the stairwell?"``, index cached (text retrieval: BM25 + embeddings) |

One JSON line per measurement on stdout: ``model``, ``name``, ``wall_s``, ``cpu_s`` (user + system:
steadier than wall time on a shared machine), ``rss_mb``, ``per_10k_products_s`` (wall) and
``per_10k_products_cpu_s``, ``x_summary`` (wall over the cold summary's), ``x_summary_cpu`` (CPU over the cold
summary's: the ratio to read on a loaded machine, where wall times of seconds stretch several-fold), with
``--repeat`` the CPU seconds of every run (``cpu_runs``) and, for ``mcq``, the items written. With ``--before SRC``
(interleaved rounds): one line per round (CPU seconds; wall seconds under ``wall``), one per version with the
medians and their ratios (``x_summary_cpu``, ``x_summary_wall``, and the medians of the rounds' own ratios), and
``items_identical``: whether the last round's two benchmarks are the same bytes. Targets (issue 21):
``mcq`` on a 100k-element model within 5x ``summary``; the first ``ask`` within 2x ``summary``. Measured
numbers, before and after each change: docs/SCALE.md ("MCQ generation on large models").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MODELS: dict[str, dict[str, Any]] = {
    "100k": {"schema": "IFC4", "storeys": 10, "rooms_per_storey": 36},
    "ifc4": {"schema": "IFC4", "storeys": 20, "rooms_per_storey": 75},
    "ifc2x3": {"schema": "IFC2X3", "storeys": 30, "rooms_per_storey": 100},
}
MEASUREMENTS = ("open", "summary", "mcq", "mcq_warm", "ask", "ask_text")
OPEN_SCRIPT = (
    "import json, sys, ifcopenshell; f = ifcopenshell.open(sys.argv[1]); "
    "print(json.dumps({'entities': len(list(f)), 'products': len(f.by_type('IfcProduct'))}))"
)


def ensure_model(folder: Path, name: str) -> Path:
    """The model ``name`` in ``folder``, written by the sample writer if it is not there yet."""
    path = folder / f"sample-{name}.ifc"
    if not path.exists():
        from ifcqa.sample import write_sample_model

        started = time.perf_counter()
        write_sample_model(path, **MODELS[name])
        print(f"wrote {path} in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return path


REPEAT = 1  # --repeat: runs of each measurement
MEDIAN = False  # --median: keep the median wall and CPU seconds of the runs instead of the least
CPU_RUNS: list[float] = []  # the CPU seconds of each run of the last measurement, in run order


def run(command: list[str], env: dict[str, str], setup: Any = None) -> tuple[float, float, float, str]:
    """Run ``command`` ``REPEAT`` times (``setup()`` before each); least (or median) wall and CPU seconds, peak RSS,
    stdout."""
    runs = []
    for _ in range(REPEAT):
        if setup is not None:
            setup()
        runs.append(_run_once(command, env))
    CPU_RUNS[:] = [round(r[1], 2) for r in runs]
    keep = statistics.median if MEDIAN else min
    return keep(r[0] for r in runs), keep(r[1] for r in runs), max(r[2] for r in runs), runs[-1][3]


def _run_once(command: list[str], env: dict[str, str]) -> tuple[float, float, float, str]:
    """Run ``command``; wall seconds, CPU seconds, peak RSS in MB, stdout."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit code {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def measure(name: str, path: Path, scratch: Path, skip: set[str]) -> None:
    """Print one JSON line per measurement of one model."""
    ifcqa = [sys.executable, "-m", "ifcqa.cli.main"] if shutil.which("ifcqa") is None else ["ifcqa"]
    env = dict(os.environ)
    wall, cpu, rss, out = run([sys.executable, "-c", OPEN_SCRIPT, str(path)], env)
    counts = json.loads(out)
    base = {"model": name, "file_mb": round(path.stat().st_size / 1e6, 1), **counts}
    per_10k = 1e4 / max(counts["products"], 1)
    summary_s: float | None = None
    summary_cpu: float | None = None

    def emit(measurement: str, wall: float, cpu: float, rss: float, **extra: Any) -> None:
        row = {**base, "name": measurement, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "rss_mb": round(rss),
               "per_10k_products_s": round(wall * per_10k, 2), "per_10k_products_cpu_s": round(cpu * per_10k, 2)}
        if summary_s:
            row["x_summary"] = round(wall / summary_s, 2)
        if summary_cpu:
            row["x_summary_cpu"] = round(cpu / summary_cpu, 2)
        if len(CPU_RUNS) > 1:
            row["cpu_runs"] = list(CPU_RUNS)
        print(json.dumps(row | extra), flush=True)

    emit("open", wall, cpu, rss)
    caches = {m: scratch / f"{name}-{m}" for m in MEASUREMENTS}
    def empty(cache: Path) -> Any:
        return lambda: shutil.rmtree(cache, ignore_errors=True)

    if "summary" not in skip:
        wall, cpu, rss, _ = run([*ifcqa, "summary", str(path)], env | {"IFCQA_CACHE_DIR": str(caches["summary"])},
                                empty(caches["summary"]))
        summary_s, summary_cpu = wall, cpu
        emit("summary", wall, cpu, rss)
    bench = scratch / f"{name}.jsonl"
    for measurement, cache in (("mcq", caches["mcq"]), ("mcq_warm", caches["mcq"])):
        if measurement in skip or (measurement == "mcq_warm" and "mcq" in skip):
            continue
        command = [*ifcqa, "mcq", "generate", str(path), "-o", str(bench), "--jobs", "1"]
        wall, cpu, rss, _ = run(command, env | {"IFCQA_CACHE_DIR": str(cache)},
                                empty(cache) if measurement == "mcq" else None)
        emit(measurement, wall, cpu, rss, items=sum(1 for _ in bench.open(encoding="utf-8")))
    questions = (("ask", "What doors are on Level 1?"), ("ask_text", "Where is the stairwell?"))
    for measurement, question in questions:
        cache = caches["ask"]  # ask_text: the index the first ask left
        if measurement in skip:
            continue
        wall, cpu, rss, out = run([*ifcqa, "ask", str(path), question, "--json"], env | {"IFCQA_CACHE_DIR": str(cache)},
                                  empty(cache) if measurement == "ask" else None)
        answer = json.loads(out)
        emit(measurement, wall, cpu, rss, route=answer["route"], elements=len(answer["elements"]))


def compare(name: str, path: Path, scratch: Path, before: Path) -> None:
    """Cold ``summary`` and cold ``mcq`` with the sources in ``before`` and with the current ones, interleaved.

    Each of the ``REPEAT`` rounds runs both versions (the order alternating from round to round), so a change
    of the machine's load falls on both alike; one JSON line per round, then one per version with the median CPU
    and wall seconds, their ratios (``x_summary_cpu``, ``x_summary_wall``) and the medians of the rounds' own
    ratios; last, whether the two versions wrote the same benchmark bytes (``items_identical``).
    """
    ifcqa = [sys.executable, "-m", "ifcqa.cli.main"]  # the interpreter of this venv, the sources of PYTHONPATH
    versions = {"before": dict(os.environ, PYTHONPATH=str(before)), "after": dict(os.environ)}
    cpu: dict[str, dict[str, list[float]]] = {v: {"summary": [], "mcq": []} for v in versions}
    wall: dict[str, dict[str, list[float]]] = {v: {"summary": [], "mcq": []} for v in versions}
    for round_ in range(REPEAT):
        for version in list(versions)[:: 1 if round_ % 2 == 0 else -1]:
            cache = scratch / f"{name}-{version}"
            for measurement, args in (("summary", ["summary", str(path)]),
                                      ("mcq", ["mcq", "generate", str(path), "-o",
                                               str(scratch / f"{version}.jsonl"), "--jobs", "1"])):
                shutil.rmtree(cache, ignore_errors=True)
                took = _run_once([*ifcqa, *args], versions[version] | {"IFCQA_CACHE_DIR": str(cache)})
                wall[version][measurement].append(took[0])
                cpu[version][measurement].append(took[1])
        print(json.dumps({"model": name, "round": round_ + 1, "load": round(os.getloadavg()[0], 1),
                          **{v: {m: round(c[m][-1], 2) for m in c} for v, c in cpu.items()},
                          "wall": {v: {m: round(c[m][-1], 2) for m in c} for v, c in wall.items()}}), flush=True)
    for version, c in cpu.items():
        summary, mcq = statistics.median(c["summary"]), statistics.median(c["mcq"])
        summary_wall, mcq_wall = statistics.median(wall[version]["summary"]), statistics.median(wall[version]["mcq"])
        print(json.dumps({"model": name, "version": version, "summary_cpu_s": round(summary, 2),
                          "mcq_cpu_s": round(mcq, 2), "x_summary_cpu": round(mcq / summary, 2),
                          "median_of_round_ratios": round(statistics.median(
                              m / s for s, m in zip(c["summary"], c["mcq"], strict=True)), 2),
                          "summary_wall_s": round(summary_wall, 2), "mcq_wall_s": round(mcq_wall, 2),
                          "x_summary_wall": round(mcq_wall / summary_wall, 2),
                          "median_of_round_wall_ratios": round(statistics.median(
                              m / s for s, m in zip(wall[version]["summary"], wall[version]["mcq"], strict=True)),
                              2)}), flush=True)
    items = {v: (scratch / f"{v}.jsonl").read_bytes() for v in versions}
    print(json.dumps({"model": name, "items_identical": items["before"] == items["after"],
                      "items": items["after"].count(b"\n")}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated: " + ", ".join(MODELS))
    parser.add_argument("--skip", default="", help="comma-separated measurements to leave out: "
                        + ", ".join(MEASUREMENTS[1:]))
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "ifcqa-scale",
                        help="where the models are written and reused (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each measurement, the least wall and CPU seconds kept (default: %(default)s)")
    parser.add_argument("--before", type=Path, metavar="SRC",
                        help="compare: cold summary and cold mcq with the ifcqa sources in SRC (e.g. an exported "
                        "src/ of main) and with the current ones, --repeat rounds interleaved")
    parser.add_argument("--median", action="store_true",
                        help="keep the median of the --repeat runs instead of the least (each run's CPU seconds "
                        "are printed as cpu_runs either way)")
    options = parser.parse_args()
    global REPEAT, MEDIAN
    REPEAT = max(1, options.repeat)
    MEDIAN = options.median
    skip = {s for s in options.skip.split(",") if s}
    unknown = skip - set(MEASUREMENTS[1:])
    names = [n for n in options.models.split(",") if n]
    if unknown or not set(names) <= set(MODELS):
        parser.error(f"unknown model or measurement: {sorted(unknown | (set(names) - set(MODELS)))}")
    options.dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        path = ensure_model(options.dir, name)
        with tempfile.TemporaryDirectory(prefix="ifcqa-scale-") as scratch:
            if options.before is not None:
                compare(name, path, Path(scratch), options.before)
            else:
                measure(name, path, Path(scratch), skip)


if __name__ == "__main__":
    main()
