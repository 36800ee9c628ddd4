"""Whole-process time of ``ifcqa`` against ``ifcquery`` for summary, select and info, warm and cold.

Run from the repository root in the project's venv::

    python bench/cli.py                                  # every ../shared/ifc/*.ifc, median of 5
    python bench/cli.py --repeat 3 AC20-FZK-Haus.ifc     # shared file names or any paths
    python bench/cli.py --modes warm                     # only warm (or: cold, box)

Each call is a fresh process, as people and shell-out agents use a CLI: ``ifcqa summary FILE``,
``ifcqa select FILE IfcWall``, ``ifcqa info FILE ID`` against ``ifcquery FILE summary|select IfcWall|
info ID`` (the console scripts of this venv; ``ifcquery`` is pinned in the dev extra). The two are
run alternately (which goes first alternates too), ``--repeat`` times, and the median is reported.

* ``warm``: ifcqa's index cache holds the file (and, for info, its box: the info call includes it).
* ``cold``: ifcqa starts from an empty cache folder each run (it parses, indexes and writes the
  entry); ``info`` with ``--no-bbox``.
* ``box``: ``ifcqa info FILE ID`` with its bounding box, from an empty cache (parse, index, shape one
  element), against ``ifcquery info`` (which computes no box).

The element of ``info`` is the model's first wall (else its first shaped product) by step id.
Reported per call: medians in seconds, ``speedup`` = ifcquery / ifcqa, and the CPU seconds (user +
system) of each, which a busy machine distorts less than wall time. Targets (issue 13): a warm call
<= 0.150 s and >= 4x faster than ifcquery on every model above 1 MB; a cold call no slower than
ifcquery; ``box`` <= 1.5x ``ifcquery info``. JSON lines go to stdout, a markdown table to stderr; the
caches live in a temporary folder. ifcqa's bytecode is compiled first (``compileall``), as an installed
package's is: with ``PYTHONDONTWRITEBYTECODE`` set, every run would otherwise compile the edited modules.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "ifc"
BIN = Path(sys.executable).parent
WARM_LIMIT_S = 0.150
WARM_SPEEDUP = 4.0
BOX_LIMIT = 1.5
BIG_MB = 1.0


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process; it must succeed."""
    cpu = child_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return wall, child_cpu() - cpu


def pick_element(path: Path, cache: Path) -> int:
    from ifcqa.index import IndexCache, load_index

    index = load_index(path, cache=IndexCache(cache))
    for cls in ("IfcWall", "IfcSlab", "IfcBuildingElement", "IfcProduct"):
        try:
            found = [e for e in index.by_class(cls) if e.ifc_class not in ("IfcOpeningElement", "IfcSpace")]
        except Exception:  # a class the schema lacks (IFC4X3 renames)
            continue
        for element in found:
            if element.attributes.get("Representation") is not None:
                return int(element.id)
    return int(next(iter(index.data.by_class.get("IfcProject", [1]))))


def measure(path: Path, modes: list[str], repeat: int, work: Path) -> list[dict[str, Any]]:
    ifcqa, ifcquery = str(BIN / "ifcqa"), str(BIN / "ifcquery")
    warm_cache = work / "warm"
    element = str(pick_element(path, warm_cache))
    calls = {
        "summary": (["summary", str(path)], [str(path), "summary"]),
        "select": (["select", str(path), "IfcWall"], [str(path), "select", "IfcWall"]),
        "info": (["info", str(path), element], [str(path), "info", element]),
    }
    subprocess.run([ifcqa, *calls["info"][0], "--cache-dir", str(warm_cache)], stdout=subprocess.DEVNULL, check=True)
    rows = []
    plan: list[tuple[str, str, list[str], list[str]]] = []
    for mode in modes:
        for name, (ours, theirs) in calls.items():
            if mode == "box" and name != "info":
                continue
            plan.append((mode, name, ours, theirs))
    for mode, name, ours, theirs in plan:
        times: dict[str, list[tuple[float, float]]] = {"ifcqa": [], "ifcquery": []}
        for run in range(repeat):
            if mode == "warm":
                options = ["--cache-dir", str(warm_cache)]
            else:
                options = ["--cache-dir", str(work / f"cold-{mode}-{name}-{run}")]
            if mode == "cold" and name == "info":
                options.append("--no-bbox")
            order = [("ifcqa", [ifcqa, *ours, *options]), ("ifcquery", [ifcquery, *theirs])]
            for tool, command in order if run % 2 == 0 else order[::-1]:
                times[tool].append(timed(command))
        ours_s = statistics.median(w for w, _ in times["ifcqa"])
        theirs_s = statistics.median(w for w, _ in times["ifcquery"])
        row = {
            "file": path.name,
            "mb": round(path.stat().st_size / 1e6, 2),
            "call": name,
            "mode": mode,
            "ifcqa_s": round(ours_s, 3),
            "ifcquery_s": round(theirs_s, 3),
            "speedup": round(theirs_s / ours_s, 2),
            "ifcqa_cpu_s": round(statistics.median(c for _, c in times["ifcqa"]), 3),
            "ifcquery_cpu_s": round(statistics.median(c for _, c in times["ifcquery"]), 3),
            "load_avg_1m": round(os.getloadavg()[0], 2),
        }
        row["target"] = target(row)
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def target(row: dict[str, Any]) -> str:
    """``met``/``MISSED`` against the issue's target for this row (``-`` where none applies)."""
    if row["mode"] == "warm":
        if row["mb"] <= BIG_MB:
            return "-"
        ok = row["ifcqa_s"] <= WARM_LIMIT_S and row["speedup"] >= WARM_SPEEDUP
    elif row["mode"] == "cold":
        ok = row["speedup"] >= 1.0
    else:
        ok = row["ifcqa_s"] <= BOX_LIMIT * row["ifcquery_s"]
    return "met" if ok else "MISSED"


def table(rows: list[dict[str, Any]]) -> str:
    head = "| file | MB | call | mode | ifcqa s | ifcquery s | speedup | ifcqa cpu s | ifcquery cpu s | target |"
    lines = [head, "|---|---:|---|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        lines.append(
            f"| `{r['file']}` | {r['mb']} | {r['call']} | {r['mode']} | {r['ifcqa_s']:.3f} | {r['ifcquery_s']:.3f} "
            f"| {r['speedup']:.2f} | {r['ifcqa_cpu_s']:.3f} | {r['ifcquery_cpu_s']:.3f} | {r['target']} |"
        )
    return "\n".join(lines)


def compile_bytecode() -> None:
    """Write ifcqa's ``.pyc`` files first, as an installed package has them (ifcquery's are in site-packages).

    Under ``PYTHONDONTWRITEBYTECODE`` (or in a tree edited since its last import) each ifcqa process would
    otherwise compile every edited module from source: about 10 ms for ``ifcqa.ifc.open`` alone.
    """
    compileall.compile_dir(REPO / "src" / "ifcqa", quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="shared file names or paths (default: every shared model)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each call per tool (median; default 5)")
    parser.add_argument("--modes", default="warm,cold,box", help="comma-separated: warm, cold, box")
    args = parser.parse_args()
    files = [Path(f) if Path(f).exists() else SHARED / f for f in args.files] or sorted(
        SHARED.glob("*.ifc"), key=lambda p: p.stat().st_size
    )
    modes = [m for m in args.modes.split(",") if m]
    compile_bytecode()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="ifcqa-bench-cli-") as work:
        for path in files:
            rows.extend(measure(path, modes, args.repeat, Path(work) / path.stem))
    print(table(rows), file=sys.stderr)
    missed = [r for r in rows if r["target"] == "MISSED"]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} rows meet their target; missed: {len(missed)}", file=sys.stderr)


if __name__ == "__main__":
    main()
