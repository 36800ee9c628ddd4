"""The LLM planner through a real model, as a fallback for what the rules decline (``--planner-mode``).

    python bench/spatial_llm_fallback.py bench/spatial/people_sixth_a.json -o RUN \\
        --model local:/tmp/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf [--mode fallback|first] \\
        [--sample 120 --seed 9 --declines-only] [--ifc-dir ../shared/ifc] [--ids ID,ID...]

Every question of a people-format set is answered by :class:`~ifcqa.spatial.pipeline.SpatialQA` with the LLM
planner in the mode given, and scored as ``ifcqa spatial-bench`` scores it. Each record is appended to
``RUN/records.jsonl`` as soon as it is answered (a slow CPU model takes minutes a question): a rerun skips the ids
already there, so an interrupted run resumes. ``--sample N --seed S`` takes a seeded sample of the set
(``--declines-only``: of the questions whose right answer is a decline, as for ``broaden_cases.json``).

Besides the spatial-bench record, each record says whether the question went to the LLM (``sent``: in fallback
mode, only what the rules declined for not understanding it), whether the LLM's answer was used (``used``), the
note saying why, the rules' own score on it (``rules_score``, from the same run's rules answer) and the seconds of
each LLM completion (``llm_s``). The summary (``RUN/summary.json``, printed) gives the score by kind, broadenings,
how many declines were sent, how many became right / wrong / broader, and the seconds per LLM call.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from ifcqa.index.model_index import load_index
from ifcqa.spatial.bench import _people_record, load_queries
from ifcqa.spatial.bench_score import is_people_format
from ifcqa.spatial.bench_score import score as score_answer
from ifcqa.spatial.fallback import MODES
from ifcqa.spatial.llm_plan import planner_factory
from ifcqa.spatial.pipeline import SpatialQA

FALLBACK_NOTE = "the rules declined"  # the start of every note fallback.usable writes


def _done(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            out[record["id"]] = record
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    items = [q for q in load_queries(args.queries) if is_people_format(q)]
    if args.declines_only:
        items = [q for q in items if q["oracle"]["type"] == "decline"]
    if args.ids:
        wanted = set(args.ids.split(","))
        items = [q for q in items if q["id"] in wanted]
    if args.sample:
        items = random.Random(args.seed).sample(items, min(args.sample, len(items)))
    per_model = Counter(q["ifc_filename"] for q in items)  # one model at a time (the server keeps its prompt read),
    items.sort(key=lambda q: (-per_model[q["ifc_filename"]], q["ifc_filename"]))  # the most questions first
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "records.jsonl"
    done = _done(path)
    factory = planner_factory(args.model, args.base_url, mode=args.mode)
    pipelines: dict[str, SpatialQA] = {}
    rules_only: dict[str, SpatialQA] = {}  # the same model without the LLM: the rules' own answer
    with path.open("a", encoding="utf-8") as sink:
        for i, q in enumerate(items, 1):
            if q["id"] in done:
                continue
            name = q["ifc_filename"]
            if name not in pipelines:
                index = load_index(args.ifc_dir / name)
                pipelines[name] = SpatialQA(index, use_graph=False, embedder=None, planner=factory(index))
                rules_only[name] = SpatialQA(index, use_graph=False, embedder=None)
            qa = pipelines[name]
            planner = qa.planner
            assert planner is not None
            before = len(planner.calls)
            rules = rules_only[name].ask(q["query"])
            start = time.perf_counter()
            answer = qa.ask(q["query"])
            ms = (time.perf_counter() - start) * 1000
            record = _people_record(q, name, answer, ms)
            notes = answer["plan"].get("notes", [])
            fell = [n for n in notes if n.startswith(FALLBACK_NOTE)]
            record |= {
                "mode": args.mode,
                "sent": bool(fell) if args.mode == "fallback" else True,
                "used": str(answer["plan"].get("parser", "")).startswith("llm:"),
                "note": fell[-1] if fell else next((n for n in notes if "llm" in n.lower()), None),
                "rules_score": score_answer(q["oracle"], rules).score,
                "rules_declined": bool(rules.get("declined")),
                "llm_s": [round(c["s"], 2) for c in planner.calls[before:]],
                "llm_calls": planner.calls[before:],  # tokens in/out and the reply of each completion
                "plan": {k: answer["plan"].get(k) for k in ("intent", "parser", "classes", "storeys", "rooms",
                                                             "qualifiers", "unconsumed")},
            }
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            sink.flush()
            done[q["id"]] = record
            print(f"[{i}/{len(items)}] {q['id']} sent={record['sent']} used={record['used']} "
                  f"score={record['score']:.2f} rules={record['rules_score']:.2f} llm_s={record['llm_s']}",
                  file=sys.stderr, flush=True)
    for qa in (*pipelines.values(), *rules_only.values()):
        qa.close()
    records = [done[q["id"]] for q in items if q["id"] in done]
    summary = summarise(records)
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", "utf-8")
    return summary


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_kind[r["kind"]].append(r)
    sent = [r for r in records if r["sent"]]
    used = [r for r in sent if r["used"]]
    calls = [s for r in records for s in r["llm_s"]]
    return {
        "questions": len(records),
        "score": round(statistics.fmean(r["score"] for r in records), 4) if records else None,
        "rules_score": round(statistics.fmean(r["rules_score"] for r in records), 4) if records else None,
        "broadenings": sum(r["broadened"] for r in records),
        "wider": sum(bool(r.get("wider")) for r in records),
        "declined": sum(r["declined"] for r in records),
        "kinds": {k: {"n": len(v), "score": round(statistics.fmean(r["score"] for r in v), 4),
                      "rules_score": round(statistics.fmean(r["rules_score"] for r in v), 4),
                      "broadenings": sum(r["broadened"] for r in v), "sent": sum(r["sent"] for r in v),
                      "used": sum(r["used"] for r in v)} for k, v in sorted(by_kind.items())},
        "sent": len(sent),
        "sent_right_answer_decline": sum(r["oracle_type"] == "decline" for r in sent),
        "used": len(used),
        "became_right": sum(r["score"] >= 1 and r["rules_score"] < 1 for r in used),
        "became_broader": sum(bool(r["broadened"] or r.get("wider")) for r in used),
        "became_wrong": sum(r["score"] < r["rules_score"] and not (r["broadened"] or r.get("wider")) for r in used),
        "used_same_score": sum(r["score"] == r["rules_score"] for r in used),
        "changed_answers_the_rules_gave": sum(not r["rules_declined"] and r["score"] != r["rules_score"]
                                              for r in records),
        "llm_calls": len(calls),
        "llm_s": {"mean": round(statistics.fmean(calls), 1), "p50": round(statistics.median(calls), 1),
                  "max": round(max(calls), 1)} if calls else None,
        "not_used_because": _reasons([r for r in sent if not r["used"]]),
    }


def _reasons(records: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for r in records:
        note = r.get("note") or ""
        key = ("no plan (" + note.split("gave no plan (", 1)[1].split(":")[0] + ")" if "gave no plan (" in note
               else "its plan declined: " + note.split("declined too (", 1)[1][:60] if "declined too (" in note
               else "no class/storey/room" if "found no element class" in note else note[:60])
        out[key] += 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("queries", type=Path)
    parser.add_argument("-o", "--out", type=Path, required=True)
    parser.add_argument("--model", required=True, help="local:PATH.gguf, local, or a model at --base-url")
    parser.add_argument("--base-url")
    parser.add_argument("--mode", choices=MODES, default="fallback")
    parser.add_argument("--ifc-dir", type=Path, default=Path("../shared/ifc"))
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--declines-only", action="store_true")
    parser.add_argument("--ids", help="only these ids (comma-separated)")
    summary = run(parser.parse_args(argv))
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
