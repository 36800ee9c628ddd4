"""``summary.json``: the numbers of one run, overall and per taxonomy level, from its records.

Everything here is a pure function of the records, so a summary can be recomputed from
``records.jsonl`` at any time (the report does, rather than trusting a stale file). Breakdowns are
keyed by the item's label (``Class identification``, ``direct.class.of_named_element``,
``single``...), each with ``n``, ``n_correct``, ``n_errors``, ``accuracy`` and its Wilson 95% interval.

A failed request is not a wrong answer: ``n_errors`` and ``error_rate`` count items whose request
failed, ``accuracy`` is over all items (a failed item counts as not correct) and
``accuracy_answered`` over the items answered without an error; ``accuracy_over`` says so in words.
``warnings`` lists what makes the numbers less than they seem (errors, a tool agent that made
(almost) no tool call, copied answer-format examples, blocked call loops).
"""

from __future__ import annotations

from collections import Counter, defaultdict
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


NO_CALLS_WARNING_SHARE = 0.8  # a tool agent that made no call on this share of its items is warned about
ACCURACY_OVER = {
    "accuracy": "correct / all items (an item whose request failed counts as not correct)",
    "accuracy_answered": "correct / items answered without an error",
}


def accuracy_cell(records: Sequence[RunRecord]) -> dict[str, Any]:
    """``n``, ``n_correct``, ``n_errors``, ``accuracy`` (over all) and the Wilson 95% interval of some records."""
    n = len(records)
    correct = sum(r.correct for r in records)
    low, high = wilson_interval(correct, n)
    return {
        "n": n,
        "n_correct": correct,
        "n_errors": sum(r.error is not None for r in records),
        "accuracy": round(correct / n, 6) if n else 0.0,
        "wilson_low": round(low, 6),
        "wilson_high": round(high, 6),
    }


def answered_cell(records: Sequence[RunRecord]) -> dict[str, Any]:
    """Accuracy over the records answered without an error, with its Wilson interval."""
    answered = [r for r in records if r.error is None]
    cell = accuracy_cell(answered)
    return {
        "n_answered": cell["n"],
        "accuracy_answered": cell["accuracy"],
        "wilson_low_answered": cell["wilson_low"],
        "wilson_high_answered": cell["wilson_high"],
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
    """Interaction and cost numbers: tool calls (native and as text, invalid, repeated), truncations,
    tokens, latency, fallbacks, cache hits and retries, copied examples, errors."""
    n = len(records)
    calls = [len(r.tool_calls) for r in records]
    every_call = [c for r in records for c in r.tool_calls]
    forms = Counter(c.source for c in every_call if c.source != "native")
    answered = [r for r in records if r.error is None]
    errors = Counter(r.error_kind or "error" for r in records if r.error is not None)
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
        "errors_by_kind": dict(sorted(errors.items())),
        "native_tool_calls": sum(c.source == "native" for c in every_call),
        "text_tool_calls": sum(forms.values()),
        "text_call_forms": dict(sorted(forms.items())),
        "invalid_argument_calls": sum(c.error_kind == "arguments" for c in every_call),
        "unknown_tool_calls": sum(c.error_kind == "unknown_tool" for c in every_call),
        "repeated_calls": sum(r.repeated_calls for r in records),
        "blocked_calls": sum(r.blocked_calls for r in records),
        "model_calls": sum(len(r.steps_log) for r in records),
        "cache_hits": sum(r.cache_hits for r in records),
        "cached_items": sum(r.cache_hits > 0 for r in records),
        "retries": sum(r.retries for r in records),
        "example_copied": sum(r.example_copied for r in records),
        "example_copied_rate": _mean([r.example_copied for r in answered]),
    }


def warnings_of(records: Sequence[RunRecord]) -> list[str]:
    """What makes a run's numbers less than they seem, one sentence each (empty when nothing does)."""
    out: list[str] = []
    n = len(records)
    failed = [r for r in records if r.error is not None]
    if failed:
        kinds = Counter(r.error_kind or "error" for r in failed)
        listed = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
        out.append(
            f"{len(failed)} of {n} items failed ({listed}) and have no answer: they count as not correct in "
            "accuracy, and are left out of accuracy_answered. Rerun the same command to retry them."
        )
    with_tools = [r for r in records if r.tools_offered and r.error is None]
    silent = [r for r in with_tools if not r.tool_calls]
    if with_tools and len(silent) >= NO_CALLS_WARNING_SHARE * len(with_tools):
        out.append(
            f"NO TOOL CALLS: the model was offered tools but made no tool call on {len(silent)} of "
            f"{len(with_tools)} answered items, so this run measures what the model guesses without reading "
            "the model. Check that the server passes tool calls (a chat template with tool support, or a "
            "tool-call parser) and that the model can call tools."
        )
    copied = sum(r.example_copied for r in records)
    if copied:
        out.append(f"{copied} of {n} replies copied the answer-format example instead of choosing options.")
    blocked = sum(r.blocked_calls for r in records)
    if blocked:
        looping = sum(r.blocked_calls > 0 for r in records)
        out.append(f"{blocked} identical repeated tool calls were not run, on {looping} items (the model looped).")
    return out


def summarize(records: Sequence[RunRecord], config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The summary of a run.

    Args:
        records: the graded records (one per item).
        config: the run's ``run.json`` content; its agent, model and bench are copied in.

    Returns:
        A JSON-ready dict: agent, model, bench and its SHA-256, the overall :func:`accuracy_cell`
        (``n_items``, ``n_correct``, ``n_errors``, ``accuracy``, ``wilson_low``, ``wilson_high``),
        :func:`answered_cell`, ``accuracy_over``, ``warnings`` (:func:`warnings_of`), :func:`usage`, the
        random baseline's expected accuracy on these items, and the breakdowns of :data:`BREAKDOWNS`.
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
        **answered_cell(records),
        "accuracy_over": ACCURACY_OVER,
        "warnings": warnings_of(records),
        **usage(records),
        "expected_random_accuracy": round(
            expected_chance_accuracy([(r.question_type, r.n_options) for r in records]), 6
        ),
    }
    for name, key in BREAKDOWNS.items():
        summary[name] = breakdown(records, key)
    return summary
