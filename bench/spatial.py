"""Spatial QA: mean GlobalId-level F1 and warm in-process latency of `SpatialQA.ask`, without an LLM.

Run from the repository root::

    python bench/spatial.py                                  # bench/spatial/queries.json on ../shared/ifc
    python bench/spatial.py QUERIES.json --ifc-dir DIR --repeat 5
    python bench/spatial.py --no-graph                       # the in-memory route only

Every model is indexed and its graph loaded (into a temporary Kùzu store) before timing; each query
is then asked once to warm up and ``--repeat`` more times, and its latency is the median of those.
p50/p95 are over queries. Scores are against :class:`ifcqa.spatial.oracle.Oracle` (IfcOpenShell only);
a query set in the people format (``bench/spatial/people.json``: each query carries its own oracle) is
scored by :func:`ifcqa.spatial.bench_score.score`, and the summary adds the mean score and the silent
broadenings.
Prints one JSON line per query and a summary line on stdout, a table on stderr beside BIM-Graph's
published numbers (its README: mean F1 0.816, 7.6 s per query, its own 30 queries).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ifcqa.index import IndexCache, load_index
from ifcqa.spatial.bench import BIM_GRAPH, load_queries, percentile, prf
from ifcqa.spatial.bench_score import is_people_format, score
from ifcqa.spatial.oracle import Oracle
from ifcqa.spatial.pipeline import SpatialQA

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("queries", nargs="?", type=Path, default=ROOT / "bench" / "spatial" / "queries.json")
    parser.add_argument("--ifc-dir", type=Path, default=SHARED)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-graph", action="store_true")
    args = parser.parse_args()
    queries = load_queries(args.queries)
    with tempfile.TemporaryDirectory(prefix="ifcqa-spatial-bench-") as work:
        cache = IndexCache(Path(work) / "cache")
        pipelines: dict[str, SpatialQA] = {}
        oracles: dict[str, Oracle] = {}
        rows = []
        for q in queries:
            name = q["ifc_filename"]
            if name not in pipelines:
                start = time.perf_counter()
                qa = SpatialQA(load_index(args.ifc_dir / name, cache=cache), use_graph=not args.no_graph,
                               store_dir=Path(work) / "graph")
                qa.graph()
                pipelines[name] = qa
                print(f"loaded {name} in {time.perf_counter() - start:.2f} s", file=sys.stderr)
            qa = pipelines[name]
            answer = qa.ask(q["query"])  # warm-up
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                qa.ask(q["query"])
                times.append((time.perf_counter() - start) * 1000)
            ms = round(statistics.median(times), 3)
            if is_people_format(q):
                scored = score(q["oracle"], answer)
                row = {"id": q["id"], "kind": q.get("kind"), "route": answer["route"], "score": scored.score,
                       "broadened": scored.broadened, "declined": scored.declined, "ms": ms}
            else:
                if name not in oracles:
                    oracles[name] = Oracle(args.ifc_dir / name)
                p, r, f = prf({e["guid"] for e in answer["elements"]}, oracles[name].expected(q).guids)
                row = {"id": q["id"], "category": q.get("category"), "route": answer["route"], "f1": round(f, 4),
                       "precision": round(p, 4), "recall": round(r, 4), "ms": ms}
            rows.append(row)
            print(json.dumps(row))
        for qa in pipelines.values():
            qa.close()
    latencies = [r["ms"] for r in rows]
    f1s = [r["f1"] for r in rows if "f1" in r]
    scores = [r["score"] for r in rows if "score" in r]
    summary = {
        "queries": len(rows), "models": len(pipelines), "graph": not args.no_graph,
        "mean_f1": round(statistics.fmean(f1s), 4) if f1s else None,
        **({"mean_score": round(statistics.fmean(scores), 4),
            "broadenings": sum(1 for r in rows if r.get("broadened"))} if scores else {}),
        "p50_ms": round(percentile(latencies, 0.5), 3), "p95_ms": round(percentile(latencies, 0.95), 3),
        "routes": {k: sum(1 for r in rows if r["route"] == k) for k in sorted({r["route"] for r in rows})},
        "targets": {"mean_f1": 0.98, "p50_ms": 50.0}, "bim_graph": BIM_GRAPH,
    }
    print(json.dumps(summary))
    label = "mean F1" if summary["mean_f1"] is not None else "score"
    print(f"\n{'system':<34}{'queries':>8}{label:>9}{'p50':>12}{'p95':>12}", file=sys.stderr)
    shown = summary["mean_f1"] if summary["mean_f1"] is not None else summary["mean_score"]
    print(f"{'ifcqa (no LLM, warm, in-process)':<34}{len(rows):>8}{shown:>9.3f}"
          f"{summary['p50_ms']:>9.1f} ms{summary['p95_ms']:>9.1f} ms", file=sys.stderr)
    print(f"{'BIM-Graph (published README)':<34}{30:>8}{BIM_GRAPH['f1']:>9.3f}{'7.6 s mean':>12}{'-':>12}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
