"""``summary.json``: the numbers of one run, overall and per taxonomy level, from its records.

Everything here is a pure function of the records, so a summary can be recomputed from
``records.jsonl`` at any time (the report does, rather than trusting a stale file). Breakdowns are
keyed by the item's label (``Class identification``, ``direct.class.of_named_element``,
``single``...), each with ``n``, ``n_correct``, ``accuracy`` and its Wilson 95% interval.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ifcqa.eval.grading import expected_chance_accuracy, wilson_interval
from ifcqa.eval.records import RunRecord

BREAKDOWNS: dict[str, Callable[[RunRecord], str]] = {
    "by_group": lambda r: r.group,
    "by_category": lambda r: r.category,
    "by_subtype": lambda r: r.subtype,
    "by_question_type": lambda r: r.question_type,
    "by_source": lambda r: Path(r.source_file).name,
}


def accuracy_cell(records: Sequence[RunRecord]) -> dict[str, Any]:
    """``n``, ``n_correct``, ``accuracy`` and the Wilson 95% interval of some records."""
    n = len(records)
    correct = sum(r.correct for r in records)
    low, high = wilson_interval(correct, n)
    return {
        "n": n,
        "n_correct": correct,
        "accuracy": round(correct / n, 6) if n else 0.0,
        "wilson_low": round(low, 6),
        "wilson_high": round(high, 6),
    }


def breakdown(records: Sequence[RunRecord], key: Callable[[RunRecord], str]) -> dict[str, dict[str, Any]]:
    """:func:`accuracy_cell` per value of ``key``, sorted by that value."""
    groups: dict[str, list[RunRecord]] = defaultdict(list)
    for record in records:
        groups[key(record)].append(record)
    return {name: accuracy_cell(groups[name]) for name in sorted(groups)}


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 6) if values else 0.0


def usage(records: Sequence[RunRecord]) -> dict[str, Any]:
    """Interaction and cost numbers: tool calls, truncations, tokens, latency, fallbacks."""
    n = len(records)
    calls = [len(r.tool_calls) for r in records]
    return {
        "mean_tool_calls": _mean(calls),
        "one_call_rate": _mean([c == 1 for c in calls]),
        "tool_calls": sum(calls),
        "failed_tool_calls": sum(not c.ok for r in records for c in r.tool_calls),
        "truncated_observations": sum(r.truncated_observations for r in records),
        "mean_steps": _mean([r.steps for r in records]),
        "tokens_in": sum(r.tokens_in for r in records),
        "tokens_out": sum(r.tokens_out for r in records),
        "mean_tokens_in": _mean([r.tokens_in for r in records]),
        "mean_tokens_out": _mean([r.tokens_out for r in records]),
        "mean_latency_s": _mean([r.latency_s for r in records]),
        "no_answer_rate": _mean([not r.selected for r in records]) if n else 0.0,
        "fallback_rate": _mean([r.fallback_used for r in records]),
        "error_rate": _mean([r.error is not None for r in records]),
    }


def summarize(records: Sequence[RunRecord], config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The summary of a run.

    Args:
        records: the graded records (one per item).
        config: the run's ``run.json`` content; its agent, model and bench are copied in.

    Returns:
        A JSON-ready dict: agent, model, bench, the overall :func:`accuracy_cell` (``n_items``,
        ``n_correct``, ``accuracy``, ``wilson_low``, ``wilson_high``), :func:`usage`, the random
        baseline's expected accuracy on these items, and the breakdowns of :data:`BREAKDOWNS`.
    """
    config = config or {}
    overall = accuracy_cell(records)
    summary: dict[str, Any] = {
        "agent": config.get("agent", records[0].agent if records else None),
        "model": config.get("model", records[0].model if records else None),
        "bench": config.get("bench"),
        "bench_sha256": config.get("bench_sha256"),
        "n_items": overall.pop("n"),
        **overall,
        **usage(records),
        "expected_random_accuracy": round(
            expected_chance_accuracy([(r.question_type, r.n_options) for r in records]), 6
        ),
    }
    for name, key in BREAKDOWNS.items():
        summary[name] = breakdown(records, key)
    return summary
