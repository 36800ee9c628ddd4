"""What the LLM planner's plan format and checks do, measured without a capable LLM (not a measure of any LLM).

    python bench/spatial_llm_plan.py bench/spatial/people.json --ifc-dir ../shared/ifc

For every question the rules plan without declining, the rules' plan is written as the LLM would write it
(:class:`~ifcqa.spatial.llm_schema.LLMPlan`, by names) and served by the scripted model server on loopback, so the
real path runs: HTTP, structured output, validation against the model, the check, the answer. It prints:

1. **round trip**: the mean score (people-set contract) of those questions answered through the LLM path next to
   the rules' own answers: what the LLM plan format cannot say shows as a lower score (a perfect LLM that read
   each question as the rules do would score this);
2. **dropped constraints**: the same plans with one constraint taken out (the first qualifier, room, storey
   constraint, excluded storey, excluded class or measure), as a weak LLM might: how many the check declines,
   how many still answer the same, how many answer differently without declining (broader or another question);
3. the planning overhead per question (HTTP + validation), p50.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.spatial.bench_score import score
from ifcqa.spatial.llm_plan import LLMPlanner
from ifcqa.spatial.pipeline import SpatialQA
from ifcqa.spatial.plan import Plan


def as_llm_plan(plan: Plan, index: ModelIndex, parser: Any) -> dict[str, Any]:
    """``plan`` (the rules') by names, in the LLM plan format."""
    name = {s.guid: s.name for s in parser.resolver.storeys}
    spaces = {e.guid: e for e in index.data.elements.values() if e.ifc_class == "IfcSpace"}
    classes = [c.kind or c.key for c in plan.classes if not c.inventory and c.key not in plan.explicit]
    classes += list(plan.explicit)
    rooms = []
    for r in plan.rooms:
        rooms += [{"name": spaces[g].name or spaces[g].long_name or "", "role": r.role} for g in r.guids
                  if g in spaces] or [{"name": r.term, "role": r.role}]
    qualifiers = []
    for q, ref in zip(plan.resolved.get("qualifiers", []), plan.qualifiers, strict=False):
        m = q.raw if q.raw is not None else q
        paths = list(getattr(m, "paths", None) or [m.path])
        props = {p.rpartition(".")[2] for p in paths}
        path = paths[0] if len(paths) == 1 else f"*.{props.pop()}" if len(props) == 1 else paths[0]
        op = "~" if getattr(m, "how", "") in ("name", "type") else m.op
        qualifiers.append({"path": path, "op": op, "value": m.value, "unit": m.unit, "negated": ref.negated})
    measure = plan.resolved.get("measure")
    raw = getattr(measure, "raw", None)
    out: dict[str, Any] = {
        "intent": plan.intent, "storeys": [name[g] for g in plan.storeys] if not plan.exclude else [],
        "exclude_storeys": [name[g] for g in plan.exclude], "classes": classes,
        "exclude_classes": [c.key for c in plan.exclude_classes], "rooms": rooms, "qualifiers": qualifiers,
        "measure": {"quantity": raw.quantity, "op": raw.op if raw.op != "count" else "sum", "gross": raw.gross}
        if raw is not None else None,
        "threshold": {"op": plan.threshold["op"], "n": plan.threshold["n"]} if plan.threshold else None,
        "compare": [name[g] for g in plan.compare], "group_by": plan.group_by, "least": plan.least,
        "asks_storey": plan.asks_storey, "universal": plan.universal,
    }
    if plan.lookup is not None:  # round 5b: the LLM plan format holds lookups too
        parts = plan.lookup.get("parts") or [plan.lookup]
        out["lookup"] = [{"attribute": str(p.get("key") or p["term"])} for p in parts]
        out["each_storey"] = bool(plan.lookup.get("each_storey"))
        out["intent"] = "list"
    if plan.elements:
        out["elements"] = list(plan.elements)
        out["classes"] = [c for c in classes if not c.startswith("Ifc")]
    unit = plan.resolved.get("asked_unit")
    if unit:
        out["unit"] = unit["symbol"]
    return out


DROPS = ("qualifiers", "rooms", "storeys", "exclude_storeys", "exclude_classes", "measure")


def dropped(plan: dict[str, Any], key: str) -> dict[str, Any] | None:
    """``plan`` with its first ``key`` constraint taken out, or ``None`` when it has none."""
    if not plan.get(key):
        return None
    out = json.loads(json.dumps(plan))
    if key == "measure":
        out["measure"] = None
    else:
        out[key] = out[key][1:]
        if key == "storeys" and not out[key]:
            out["compare"] = []
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("queries", type=Path)
    ap.add_argument("--ifc-dir", type=Path, required=True)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    queries = json.loads(args.queries.read_text(encoding="utf-8"))
    replies: dict[str, str] = {}

    def step(request: dict[str, Any]) -> dict[str, Any]:
        if request["messages"][0]["content"].startswith("You answer a question"):
            return {"status": 400, "body": "templated answers"}
        return {"content": replies[request["messages"][-1]["content"]]}

    rules_scores: dict[str, list[float]] = defaultdict(list)
    llm_scores: dict[str, list[float]] = defaultdict(list)
    outcomes: Counter[str] = Counter()
    by_drop: dict[str, Counter[str]] = defaultdict(Counter)
    overhead: list[float] = []
    with ScriptedServer(step) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0, timeout_s=60)
        qas: dict[str, tuple[SpatialQA, SpatialQA, LLMPlanner]] = {}
        for q in queries:
            file = q["ifc_filename"]
            if file not in qas:
                index = load_index(args.ifc_dir / file)
                planner = LLMPlanner(index, client)
                qas[file] = (SpatialQA(index, use_graph=False, embedder=None),
                             SpatialQA(index, use_graph=False, embedder=None, planner=planner), planner)
            rules_qa, llm_qa, planner = qas[file]
            plan = planner.parser.parse(q["query"])
            if plan.declined is not None:
                continue
            written = as_llm_plan(plan, planner.index, planner.parser)
            rules = rules_qa.ask(q["query"])
            replies[q["query"]] = json.dumps(written)
            started = time.perf_counter()
            planner.plan(q["query"])
            overhead.append((time.perf_counter() - started) * 1000)
            answer = llm_qa.ask(q["query"])
            kind = q.get("kind", "-")
            rules_scores[kind].append(score(q["oracle"], rules).score)
            llm_scores[kind].append(score(q["oracle"], answer).score)
            if args.verbose and llm_scores[kind][-1] < rules_scores[kind][-1]:
                print(f"  lower: {q['query']!r}: {answer['answer'][:160]}")
            for key in DROPS:
                weak = dropped(written, key)
                if weak is None:
                    continue
                replies[q["query"]] = json.dumps(weak)
                got = llm_qa.ask(q["query"])
                same = [e["guid"] for e in got["elements"]] == [e["guid"] for e in answer["elements"]] and all(
                    got[k] == answer[k] for k in ("count", "value", "yes_no", "storeys"))
                what = "declined" if got["declined"] else "same answer" if same else "answered differently"
                outcomes[what] += 1
                by_drop[key][what] += 1
                if args.verbose and what == "answered differently":
                    print(f"  not caught ({key}): {q['query']!r}: {got['rule']}")

    n = sum(len(v) for v in llm_scores.values())
    print(f"round trip over {n} questions the rules plan without declining (of {len(queries)}):")
    print(f"  {'kind':<14} {'n':>4} {'rules':>7} {'llm path':>9}")
    for kind in sorted(llm_scores):
        print(f"  {kind:<14} {len(llm_scores[kind]):>4} {statistics.fmean(rules_scores[kind]):>7.3f} "
              f"{statistics.fmean(llm_scores[kind]):>9.3f}")
    every_rules = [s for v in rules_scores.values() for s in v]
    every_llm = [s for v in llm_scores.values() for s in v]
    print(f"  {'all':<14} {n:>4} {statistics.fmean(every_rules):>7.3f} {statistics.fmean(every_llm):>9.3f}")
    print(f"dropped constraints: {sum(outcomes.values())} plans; " + ", ".join(f"{k} {v}" for k, v in
                                                                               outcomes.most_common()))
    for key in DROPS:
        if by_drop[key]:
            print(f"  {key:<16} " + ", ".join(f"{k} {v}" for k, v in by_drop[key].most_common()))
    print(f"planning overhead (scripted server on loopback, validation): p50 {statistics.median(overhead):.1f} ms")


if __name__ == "__main__":
    main()
