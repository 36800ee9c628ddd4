"""Score ``SpatialQA.ask`` on a question set in the issue-22 contract format (``kind`` + ``oracle``).

    python bench/spatial_people.py bench/spatial/dev_people.json --ifc-dir ../shared/ifc [-v]

Prints the per-kind mean score, the count of silent broadenings and the warm p50 latency (the index answers;
no graph, no LLM). Scoring and broadening follow notes/spatial-contract.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.index.model_index import load_index
from ifcqa.spatial.pipeline import SpatialQA


def _unit(u: str | None) -> str:
    return (u or "").replace("m2", "m²").replace("m3", "m³").replace("^2", "²").strip()


def _f1(got: set[str], want: set[str]) -> float:
    if not got and not want:
        return 1.0
    hit = len(got & want)
    return 2 * hit / (len(got) + len(want)) if hit else 0.0


def score(answer: dict[str, Any], oracle: dict[str, Any]) -> tuple[float, bool]:
    """The question's score (0..1) and whether the answer silently broadened it."""
    declined = answer.get("declined")
    got = {e["guid"] for e in answer.get("elements", [])}
    kind = oracle["type"]
    if kind == "decline":
        gave = bool(got) or any(answer.get(k) is not None for k in ("count", "value", "yes_no"))
        return (1.0 if declined and not got else 0.0), gave
    want = set(oracle.get("guids") or ())
    broad = not declined and bool(want) and got > want and not answer.get("rule")
    if declined:
        return 0.0, False
    if kind == "elements":
        return _f1(got, want), broad
    if kind == "count":
        count = answer.get("count")
        ok = count == oracle["value"] if count is not None else len(got) == oracle["value"]
        return float(ok), broad
    if kind == "number":
        value = answer.get("value") or {}
        number = value.get("number")
        ok = number is not None and abs(oracle["value"] - number) <= oracle.get("rel_tol", 0.01) * abs(oracle["value"])
        ok = ok and _unit(value.get("unit")) == _unit(oracle.get("unit"))
        return float(ok), broad
    if kind == "yes_no":
        return float(answer.get("yes_no") == oracle["value"]), broad
    if kind == "storeys":
        return float(set(answer.get("storeys") or ()) == set(oracle["value"])), broad
    raise ValueError(f"unknown oracle type {kind!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("queries", type=Path)
    ap.add_argument("--ifc-dir", type=Path, required=True)
    ap.add_argument("-v", "--verbose", action="store_true", help="print every question below 1.0")
    args = ap.parse_args()
    queries = json.loads(args.queries.read_text(encoding="utf-8"))
    qas: dict[str, SpatialQA] = {}
    by_kind: dict[str, list[float]] = defaultdict(list)
    broadened: dict[str, int] = defaultdict(int)
    latencies = []
    for q in queries:
        name = q["ifc_filename"]
        if name not in qas:
            qas[name] = SpatialQA(load_index(args.ifc_dir / name), use_graph=False, embedder=None)
            qas[name].ask("doors")  # warm
        start = time.perf_counter()
        answer = qas[name].ask(q["query"])
        latencies.append((time.perf_counter() - start) * 1000)
        s, broad = score(answer, q["oracle"])
        by_kind[q["kind"]].append(s)
        broadened[q["kind"]] += broad
        if args.verbose and (s < 1.0 or broad):
            print(f"{q['id']} {s:.2f}{' BROAD' if broad else ''} {q['query']!r} oracle={q['oracle']['type']}:"
                  f"{q['oracle'].get('value', len(q['oracle'].get('guids', [])))} -> "
                  f"n={len(answer['elements'])} count={answer.get('count')} yes_no={answer.get('yes_no')} "
                  f"storeys={answer.get('storeys')} value={answer.get('value')} declined={bool(answer.get('declined'))}"
                  f"\n    {answer['answer'][:220]}")
    scores = [s for v in by_kind.values() for s in v]
    print(f"{len(scores)} questions, mean {statistics.fmean(scores):.3f}, "
          f"silent broadenings {sum(broadened.values())}, "
          f"p50 {statistics.median(latencies):.1f} ms")
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:13s} n={len(values):3d} mean={statistics.fmean(values):.3f} broadened={broadened[kind]}")


if __name__ == "__main__":
    main()
