"""Score many query sets in one process, each model's index loaded once, and compare two runs question by question.

    python bench/spatial/score_many.py OUT [SET ...] [--ifc-dir DIR]       # every set of bench/spatial by default
    python bench/spatial/score_many.py --compare BEFORE AFTER                  # worse / better / new broadenings, wider

``OUT/<set>/records.jsonl`` and ``summary.json`` are what ``ifcqa spatial-bench`` writes per set; one process for all
sets takes a third of the time of one ``spatial-bench`` per set (measured on the 120 sets of round 20: 16k
questions in 9-11 CPU minutes against 20). ``--compare`` is the regression gate of a change: no question may score
lower, newly broaden or newly answer wider (a rule stated beside a broader answer: round 22).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ifcqa.files.cachedir import default_cache_dir
from ifcqa.index.cache import IndexCache
from ifcqa.spatial.bench import load_queries, run_bench, summarise

HERE = Path(__file__).resolve().parent


def query_sets() -> list[Path]:
    """The files of ``bench/spatial`` that are query sets with models (``project*.json`` hold no ifc_filename)."""
    found = []
    for path in sorted(HERE.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        queries = data if isinstance(data, list) else data.get("queries") if isinstance(data, dict) else None
        if isinstance(queries, list) and queries and isinstance(queries[0], dict) and "ifc_filename" in queries[0]:
            found.append(path)
    return found


def score(out: Path, paths: list[Path], ifc_dir: Path) -> None:
    spans, queries = [], []
    for path in paths:
        qs = load_queries(path)
        spans.append((path.stem, len(queries), len(queries) + len(qs)))
        queries += qs
    order = sorted(range(len(queries)), key=lambda i: queries[i]["ifc_filename"])  # one model at a time
    done, _ = run_bench([queries[i] for i in order], ifc_dir, use_graph=False, cache=IndexCache(default_cache_dir()))
    records: list[dict[str, Any]] = [{}] * len(queries)
    for pos, i in enumerate(order):
        records[i] = done[pos]
    for name, a, b in spans:
        (out / name).mkdir(parents=True, exist_ok=True)
        rows = records[a:b]
        (out / name / "records.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        summary = summarise(rows)
        (out / name / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
        print(name, {k: summary[k] for k in ("score", "broadenings", "wider", "queries") if k in summary}, flush=True)


def _score_of(r: dict[str, Any]) -> float:
    return float(r.get("score", r["f1"]))


def compare(before: Path, after: Path) -> int:
    """Print, per set, the questions that score lower, newly broaden or newly answer wider; the count of them (0:
    the gate passes)."""
    bad = 0
    for run in sorted(p for p in after.iterdir() if (p / "records.jsonl").is_file()):
        old_file = before / run.name / "records.jsonl"
        if not old_file.is_file():
            continue
        old = {r["id"]: r for r in map(json.loads, old_file.read_text().splitlines())}
        new = {r["id"]: r for r in map(json.loads, (run / "records.jsonl").read_text().splitlines())}
        worse = [i for i in new if i in old and _score_of(new[i]) < _score_of(old[i]) - 1e-9]
        better = [i for i in new if i in old and _score_of(new[i]) > _score_of(old[i]) + 1e-9]
        broad = [i for i in new if new[i].get("broadened") and not old.get(i, {}).get("broadened")]
        wider = [i for i in new if new[i].get("wider") and not old.get(i, {}).get("wider")]  # round 22: a rule
        # stated does not make a broader question the one asked
        if worse or better or broad or wider:
            print(f"{run.name}: worse {len(worse)}, better {len(better)}, new broadenings {len(broad)}, "
                  f"new wider answers {len(wider)}")
        for i in worse + broad + [i for i in wider if i not in worse]:
            was = _score_of(old[i]) if i in old else "-"
            print(f"    {i}: {was} -> {_score_of(new[i])}  {new[i]['query'][:100]!r}")
        bad += len(worse) + len(broad) + len([i for i in wider if i not in worse])
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", type=Path, help="folder for the runs")
    ap.add_argument("sets", nargs="*", help="set names in bench/spatial or paths (default: all)")
    ap.add_argument("--ifc-dir", type=Path, default=HERE.parents[1].parent / "shared" / "ifc")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        return 1 if compare(*args.compare) else 0
    if args.out is None:
        ap.error("give OUT (or --compare BEFORE AFTER)")
    paths = [Path(s) if Path(s).is_file() else HERE / f"{s}.json" for s in args.sets] or query_sets()
    score(args.out, paths, args.ifc_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
