"""``ifcqa spatial-bench``: run a query set, score each answer at GlobalId level, summarise.

Scores per query: precision, recall and F1 of the answer's element GlobalIds against
:class:`~ifcqa.spatial.oracle.Oracle` (both empty counts as 1.0), the route, and the wall time of
``SpatialQA.ask`` (the model is indexed and its graph loaded before the clock starts, so latencies
are warm). ``summary.json`` holds the means, per-category F1, route counts and p50/p95 latency;
``summary.md`` the same as Markdown beside BIM-Graph's published numbers.

A query that carries its own ``oracle`` (the people format of issue 22, :mod:`ifcqa.spatial.bench_score`)
is scored by its oracle type instead: each record then also holds its ``kind``, ``score`` (0..1),
``broadened`` (a silent broadening) and ``declined``, and the summary the per-kind mean score, broadenings
and declines. Its ``f1`` is the GlobalId F1 when the oracle names elements (elements, count, number), else
the question's score. Both formats may be mixed in one file.
"""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.graph.store import GraphStore
from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.spatial.bench_score import is_people_format, oracle_problem
from ifcqa.spatial.bench_score import score as score_answer
from ifcqa.spatial.oracle import Oracle
from ifcqa.spatial.pipeline import SpatialQA

if TYPE_CHECKING:  # the LLM planner is imported only when one is configured
    from ifcqa.spatial.llm_plan import LLMPlanner

BIM_GRAPH = {"system": "BIM-Graph (published README)", "queries": 30, "f1": 0.816, "precision": 0.839,
             "recall": 0.828, "mean_latency_ms": 7600.0}
REQUIRED = ("id", "query", "ifc_filename")


class QuerySetError(IfcqaError):
    code = "query_set_error"


def load_queries(path: Path) -> list[dict[str, Any]]:
    """Read a query set (a JSON list); a malformed one is a :class:`QuerySetError` naming the entry."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise QuerySetError(f"Query set {path} does not exist.") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise QuerySetError(f"Query set {path} is not valid JSON ({exc}). It must be a JSON list of queries.") from None
    if not isinstance(data, list) or not data:
        raise QuerySetError(f"Query set {path} must be a non-empty JSON list of query objects.")
    for i, q in enumerate(data):
        missing = [k for k in REQUIRED if not isinstance(q, dict) or k not in q]
        if missing:
            raise QuerySetError(
                f"Query #{i} of {path} lacks {', '.join(missing)} (each needs id, query, ifc_filename)."
            )
        problem = oracle_problem(q) if is_people_format(q) else None
        if problem:
            raise QuerySetError(f"Query {q['id']} of {path}: {problem}.")
    return data


def prf(answer: set[str], expected: set[str]) -> tuple[float, float, float]:
    if not answer and not expected:
        return 1.0, 1.0, 1.0
    hit = len(answer & expected)
    precision = hit / len(answer) if answer else 0.0
    recall = hit / len(expected) if expected else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def run_bench(
    queries: list[dict[str, Any]],
    ifc_dir: Path,
    *,
    store: GraphStore | None = None,
    store_dir: Path | None = None,
    use_graph: bool = True,
    cache: IndexCache | None = None,
    planner: Callable[[ModelIndex], LLMPlanner | None] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Run and score every query; returns the per-query records and the summary."""
    pipelines: dict[str, SpatialQA] = {}
    oracles: dict[str, Oracle] = {}
    records = []
    for q in queries:
        name = q["ifc_filename"]
        path = ifc_dir / name
        if name not in pipelines:
            if not path.is_file():
                raise QuerySetError(f"Query {q['id']}: model {name} is not in {ifc_dir}. Pass --ifc-dir.")
            index = load_index(path, cache=cache)
            qa = SpatialQA(index, store, use_graph=use_graph, store_dir=store_dir, embedder=None,
                           planner=planner(index) if planner else None)
            qa.graph()  # load the graph before timing
            pipelines[name] = qa
        qa = pipelines[name]
        start = time.perf_counter()
        try:
            answer = qa.ask(q["query"])
        except Exception as exc:  # noqa: BLE001 - one question's bug is a failed record, never a lost run
            records.append(_crash_record(q, name, exc, (time.perf_counter() - start) * 1000))
            continue
        ms = (time.perf_counter() - start) * 1000
        if is_people_format(q):
            records.append(_people_record(q, name, answer, ms))
            continue
        if name not in oracles:
            oracles[name] = Oracle(path)
        expected = oracles[name].expected(q)
        got = {e["guid"] for e in answer["elements"]}
        p, r, f = prf(got, expected.guids)
        record = {
            "id": q["id"], "category": q.get("category", "uncategorised"), "query": q["query"], "model": name,
            "route": answer["route"], "intent": answer["plan"]["intent"], "parser": answer["plan"]["parser"],
            "precision": p, "recall": r, "f1": f,
            "returned": len(got), "expected": len(expected.guids), "latency_ms": round(ms, 3),
            "answer": answer["answer"], "oracle_problems": expected.problems,
        }
        if "expected_count" in q:
            record["count_ok"] = len(got) == q["expected_count"] == len(expected.guids)
        if expected.storey is not None or q.get("expected_storey"):
            record["storey_ok"] = (q.get("expected_storey") or expected.storey) == expected.storey and bool(
                expected.storey and expected.storey.split(", ")[0] in answer["answer"]
            )
        records.append(record)
    for qa in pipelines.values():
        qa.close()
    return records, summarise(records)


def _people_record(q: dict[str, Any], name: str, answer: dict[str, Any], ms: float) -> dict[str, Any]:
    """The record of a people-format query: its score by oracle type, broadening and decline."""
    oracle = q["oracle"]
    scored = score_answer(oracle, answer, q["query"])
    got = {e["guid"] for e in answer.get("elements") or [] if isinstance(e, dict) and e.get("guid")}
    names_elements = oracle["type"] in ("elements", "count") or (oracle["type"] == "number" and scored.expected)
    p, r, f = prf(got, set(scored.expected)) if names_elements else (scored.score, scored.score, scored.score)
    plan = answer.get("plan") or {}
    return {
        "id": q["id"], "category": q.get("kind", q.get("category", "uncategorised")), "kind": q.get("kind", "-"),
        "query": q["query"], "model": name, "route": answer.get("route"), "intent": plan.get("intent"),
        "parser": plan.get("parser", "rules"), "oracle_type": oracle["type"],
        "score": scored.score, "broadened": scored.broadened, "declined": scored.declined, "wider": scored.wider,
        "precision": p, "recall": r, "f1": f, "returned": len(got), "expected": len(scored.expected),
        "latency_ms": round(ms, 3), "answer": answer.get("answer"), "rule": answer.get("rule"),
        "oracle_rule": q.get("oracle_rule"), "phrasing": phrasing(q),
        "oracle_problems": [],
    }  # fmt: skip


def phrasing(q: dict[str, Any]) -> str | None:
    """The phrasing of a question asked several ways: the suffix of its id after its ``intent``
    (``fourteenth-rooms-02-c`` of intent ``fourteenth-rooms-02``: ``c``), else None."""
    intent, qid = q.get("intent"), str(q.get("id", ""))
    if not isinstance(intent, str) or not qid.startswith(intent + "-"):
        return None
    return qid[len(intent) + 1:] or None


def _crash_record(q: dict[str, Any], name: str, exc: Exception, ms: float) -> dict[str, Any]:
    """The record of a question whose answering raised: score 0 (no broadening: nothing was answered) and the
    error, so that the run goes on and its summary names the question (``errors``)."""
    record: dict[str, Any] = {
        "id": q["id"], "category": q.get("kind", q.get("category", "uncategorised")), "query": q["query"],
        "model": name, "route": "error", "intent": None, "parser": "rules", "precision": 0.0, "recall": 0.0,
        "f1": 0.0, "returned": 0, "expected": 0, "latency_ms": round(ms, 3), "answer": None, "oracle_problems": [],
        "error": f"{type(exc).__name__}: {exc}",
    }
    if is_people_format(q):
        record.update(kind=q.get("kind", "-"), oracle_type=q["oracle"]["type"], score=0.0, broadened=False,
                      declined=False, wider=False, rule=None, oracle_rule=q.get("oracle_rule"))
    return record


def _kinds(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per-kind n, mean score, silent broadenings and declines over the people-format records."""
    people = [r for r in records if "score" in r]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in people:
        by_kind[r["kind"]].append(r)
    kinds = {
        k: {"n": len(v), "score": round(statistics.fmean(r["score"] for r in v), 4),
            "broadenings": sum(1 for r in v if r["broadened"]), "declined": sum(1 for r in v if r["declined"]),
            "wider": sum(1 for r in v if r.get("wider"))}
        for k, v in sorted(by_kind.items())
    }  # fmt: skip
    return {
        **_phrasings(people),
        "score": round(statistics.fmean(r["score"] for r in people), 4),
        "broadenings": sum(1 for r in people if r["broadened"]),
        "declined": sum(1 for r in people if r["declined"]),
        "wider": sum(1 for r in people if r.get("wider")),
        "kinds": kinds,
    }


def _phrasings(people: list[dict[str, Any]]) -> dict[str, Any]:
    """For a set that asks each intent several ways: per phrasing n, mean score, broadenings and declines, and how
    many intents are answered right (score 1) in every phrasing, which says whether an answer survives rewording.
    Empty for a set without phrasings."""
    by_form: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_intent: dict[str, list[float]] = defaultdict(list)
    for r in people:
        if r.get("phrasing"):
            by_form[r["phrasing"]].append(r)
            by_intent[r["id"][: -len(r["phrasing"]) - 1]].append(r["score"])
    if not by_form:
        return {}
    forms = {
        k: {"n": len(v), "score": round(statistics.fmean(r["score"] for r in v), 4),
            "broadenings": sum(1 for r in v if r["broadened"]), "declined": sum(1 for r in v if r["declined"])}
        for k, v in sorted(by_form.items())
    }  # fmt: skip
    right = sum(1 for v in by_intent.values() if all(s >= 1.0 for s in v))
    return {"phrasings": forms, "intents": {"n": len(by_intent), "right_in_every_phrasing": right}}


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    latencies = [r["latency_ms"] for r in records]
    by_category: dict[str, list[float]] = defaultdict(list)
    for r in records:
        by_category[r["category"]].append(r["f1"])
    mean = statistics.fmean
    people = _kinds(records) if any("score" in r for r in records) else {}
    return {
        **people,
        "queries": len(records),
        "models": len({r["model"] for r in records}),
        "f1": round(mean(r["f1"] for r in records), 4),
        "precision": round(mean(r["precision"] for r in records), 4),
        "recall": round(mean(r["recall"] for r in records), 4),
        "perfect": sum(1 for r in records if r["f1"] == 1.0),
        "categories": {c: {"n": len(v), "f1": round(mean(v), 4)} for c, v in sorted(by_category.items())},
        "routes": dict(Counter(r["route"] for r in records)),
        "parsers": dict(Counter(r.get("parser", "rules") for r in records)),
        "latency_ms": {"p50": round(percentile(latencies, 0.5), 3), "p95": round(percentile(latencies, 0.95), 3),
                       "mean": round(mean(latencies), 3)},
        "count_ok": sum(1 for r in records if r.get("count_ok")),
        "count_checked": sum(1 for r in records if "count_ok" in r),
        "storey_ok": sum(1 for r in records if r.get("storey_ok")),
        "storey_checked": sum(1 for r in records if "storey_ok" in r),
        "errors": [r["id"] for r in records if r.get("error")],  # questions whose answering raised (scored 0)
        "reference": BIM_GRAPH,
    }


def markdown(summary: dict[str, Any], records: list[dict[str, Any]]) -> str:
    ref = summary["reference"]
    lines = [
        "# Spatial QA benchmark", "",
        "| system | queries | mean F1 | precision | recall | p50 latency | p95 latency |",
        "|---|---:|---:|---:|---:|---:|---:|",
        f"| ifcqa (this run, no LLM) | {summary['queries']} | {summary['f1']:.3f} | {summary['precision']:.3f} | "
        f"{summary['recall']:.3f} | {summary['latency_ms']['p50']:.1f} ms | {summary['latency_ms']['p95']:.1f} ms |",
        f"| {ref['system']} | {ref['queries']} | {ref['f1']:.3f} | {ref['precision']:.3f} | {ref['recall']:.3f} | "
        f"{ref['mean_latency_ms'] / 1000:.1f} s (mean) | - |",
        "", "BIM-Graph's numbers are from its README, on its own 30 queries over 4 models: not the same query set.",
        "", "| category | n | mean F1 |", "|---|---:|---:|",
    ]
    lines += [f"| {c} | {v['n']} | {v['f1']:.3f} |" for c, v in summary["categories"].items()]
    if "kinds" in summary:
        lines += ["", f"Questions with their own oracle: mean score {summary['score']:.3f}, "
                  f"{summary['broadenings']} silent broadenings, {summary.get('wider', 0)} wider answers with "
                  f"their rule stated, {summary['declined']} declined.", "",
                  "| kind | n | mean score | silent broadenings | wider, rule stated | declined |",
                  "|---|---:|---:|---:|---:|---:|"]
        lines += [f"| {k} | {v['n']} | {v['score']:.3f} | {v['broadenings']} | {v.get('wider', 0)} | {v['declined']} |"
                  for k, v in summary["kinds"].items()]
    if "phrasings" in summary:
        intents = summary["intents"]
        lines += ["", f"Each intent asked in several phrasings: {intents['right_in_every_phrasing']} of "
                  f"{intents['n']} intents answered right in every phrasing.", "",
                  "| phrasing | n | mean score | silent broadenings | declined |", "|---|---:|---:|---:|---:|"]
        lines += [f"| {k} | {v['n']} | {v['score']:.3f} | {v['broadenings']} | {v['declined']} |"
                  for k, v in summary["phrasings"].items()]
    lines += ["", "Routes: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["routes"].items())), ""]
    broad = [r for r in records if r.get("broadened")]
    if broad:
        lines += ["## Silent broadenings", "", "| id | kind | returned | expected | query |", "|---|---|---:|---:|---|"]
        lines += [f"| {r['id']} | {r['kind']} | {r['returned']} | {r['expected']} | {r['query']} |" for r in broad]
        lines += [""]
    misses = [r for r in records if r.get("score", r["f1"]) < 1.0]
    if misses:
        if "kinds" in summary:
            lines += ["## Queries below score 1.0", "", "| id | kind | score | F1 | returned | expected | query |"]
            lines += ["|---|---|---:|---:|---:|---:|---|"]
            lines += [f"| {r['id']} | {r.get('kind', r['category'])} | {r.get('score', r['f1']):.3f} | "
                      f"{r['f1']:.3f} | {r['returned']} | {r['expected']} | {r['query']} |" for r in misses]
        else:
            lines += ["## Queries below F1 1.0", "", "| id | F1 | returned | expected | query |"]
            lines += ["|---|---:|---:|---:|---|"]
            lines += [f"| {r['id']} | {r['f1']:.3f} | {r['returned']} | {r['expected']} | {r['query']} |"
                      for r in misses]
    return "\n".join(lines) + "\n"


def write_run(out: Path, records: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    """Write ``records.jsonl``, ``summary.json`` and ``summary.md`` into ``out`` (atomically, each)."""
    out.mkdir(parents=True, exist_ok=True)
    body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    write_atomic(out / "records.jsonl", body.encode())
    write_atomic(out / "summary.json", (json.dumps(summary, indent=2, ensure_ascii=False) + "\n").encode())
    write_atomic(out / "summary.md", markdown(summary, records).encode())
