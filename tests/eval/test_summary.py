"""summary.json: overall and per-level accuracy with Wilson intervals, and usage numbers, checked by hand."""

from __future__ import annotations

from typing import Any

import pytest

from ifcqa.eval.records import RunRecord, ToolCallSummary
from ifcqa.eval.runner import latest_records
from ifcqa.eval.summary import summarize

CATEGORY_GROUP = {"Class identification": "Direct retrieval", "Counting": "Quantitative", "Geometry": "Geometric"}


def record(number: int, category: str, correct: bool, calls: int = 1, **fields: Any) -> RunRecord:
    kind = fields.pop("question_type", "single")
    return RunRecord(
        item_id=f"item-{number}",
        agent="tool",
        model="m",
        source_file=fields.pop("source_file", "models/house-a.ifc"),
        source_sha256="0" * 64,
        group=CATEGORY_GROUP[category],
        category=category,
        subtype=fields.pop("subtype", f"{category}.sub"),
        question_type=kind,
        n_options=fields.pop("n_options", 4),
        selected=fields.pop("selected", ["A"] if correct else ["B"]),
        answer=["A"],
        correct=correct,
        tool_calls=fields.pop(
            "tool_calls", [ToolCallSummary(name="find_elements", ok=True, chars=100, truncated=False)] * calls
        ),
        **fields,
    )


@pytest.fixture
def records() -> list[RunRecord]:
    """10 items: Class identification 4/4, Counting 2/4, Geometry 1/2."""
    return [
        record(1, "Class identification", True),
        record(2, "Class identification", True),
        record(3, "Class identification", True, calls=2, tokens_in=1000, tokens_out=100),
        record(4, "Class identification", True, question_type="boolean", n_options=2),
        record(5, "Counting", True, truncated_observations=1, source_file="models/house-b.ifc"),
        record(6, "Counting", True, source_file="models/house-b.ifc"),
        record(7, "Counting", False, calls=3, fallback_used=True, selected=[], latency_s=4.0),
        record(8, "Counting", False, calls=0, question_type="multi", n_options=3),
        record(9, "Geometry", True, truncated_observations=2, tokens_in=500, tokens_out=50),
        record(10, "Geometry", False, error="timeout", latency_s=6.0),
    ]


def test_overall_accuracy_and_its_wilson_interval(records: list[RunRecord]) -> None:
    summary = summarize(records, {"agent": "tool", "model": "m", "bench": "/b/BENCH.jsonl"})
    assert (summary["agent"], summary["model"], summary["bench"]) == ("tool", "m", "/b/BENCH.jsonl")
    assert (summary["n_items"], summary["n_correct"], summary["accuracy"]) == (10, 7, 0.7)
    assert summary["wilson_low"] == pytest.approx(0.3968, abs=1e-4)
    assert summary["wilson_high"] == pytest.approx(0.8922, abs=1e-4)


def test_per_category_group_and_question_type_numbers(records: list[RunRecord]) -> None:
    summary = summarize(records)
    by_category = summary["by_category"]
    assert {name: (c["n"], c["n_correct"], c["accuracy"]) for name, c in by_category.items()} == {
        "Class identification": (4, 4, 1.0),
        "Counting": (4, 2, 0.5),
        "Geometry": (2, 1, 0.5),
    }
    assert by_category["Class identification"]["wilson_low"] == pytest.approx(0.5101, abs=1e-4)
    assert by_category["Counting"]["wilson_low"] == pytest.approx(0.1500, abs=1e-4)
    assert by_category["Counting"]["wilson_high"] == pytest.approx(0.8500, abs=1e-4)
    assert summary["by_group"]["Quantitative"]["n"] == 4
    assert {name: c["n"] for name, c in summary["by_question_type"].items()} == {"boolean": 1, "multi": 1, "single": 8}
    assert summary["by_subtype"]["Geometry.sub"]["accuracy"] == 0.5
    assert {name: c["n_correct"] for name, c in summary["by_source"].items()} == {"house-a.ifc": 5, "house-b.ifc": 2}


def test_usage_numbers(records: list[RunRecord]) -> None:
    summary = summarize(records)
    assert summary["mean_tool_calls"] == pytest.approx(1.2)  # (1+1+2+1+1+1+3+0+1+1) / 10
    assert summary["one_call_rate"] == pytest.approx(0.7)
    assert summary["truncated_observations"] == 3
    assert (summary["tokens_in"], summary["tokens_out"]) == (1500, 150)
    assert summary["mean_latency_s"] == pytest.approx(1.0)
    assert summary["no_answer_rate"] == pytest.approx(0.1)
    assert summary["fallback_rate"] == pytest.approx(0.1)
    assert summary["error_rate"] == pytest.approx(0.1)


def test_the_expected_random_accuracy_is_the_mean_chance_rate_of_the_items(records: list[RunRecord]) -> None:
    # 8 single items with 4 options, one boolean, one multi with 3 options
    assert summarize(records)["expected_random_accuracy"] == pytest.approx((8 * 0.25 + 0.5 + 1 / 7) / 10, abs=1e-6)


def test_an_empty_run_summarizes_to_zeros() -> None:
    summary = summarize([])
    assert (summary["n_items"], summary["accuracy"], summary["mean_tool_calls"]) == (0, 0.0, 0.0)
    assert summary["by_category"] == {}


def test_errors_are_counted_apart_and_both_accuracies_are_given() -> None:
    rows = [record(n, "Counting", True) for n in range(1, 7)]
    rows += [record(7, "Counting", False, selected=[], error="refused", error_kind="auth", error_status=401)]
    rows += [record(8, "Counting", False, selected=[], error="slow", error_kind="timeout")]
    rows += [record(9, "Counting", False)]
    summary = summarize(rows)
    assert (summary["n_items"], summary["n_errors"], summary["n_answered"], summary["n_correct"]) == (9, 2, 7, 6)
    assert summary["error_rate"] == pytest.approx(2 / 9, abs=1e-6)
    assert summary["accuracy"] == pytest.approx(6 / 9, abs=1e-6)
    assert summary["accuracy_answered"] == pytest.approx(6 / 7, abs=1e-6)
    assert summary["wilson_low_answered"] < 6 / 7 < summary["wilson_high_answered"]
    assert summary["errors_by_kind"] == {"auth": 1, "timeout": 1}
    assert set(summary["accuracy_over"]) == {"accuracy", "accuracy_answered"}
    assert summary["by_category"]["Counting"]["n_errors"] == 2
    assert summary["warnings"][0].startswith("2 of 9 items failed (auth 1, timeout 1)")


def test_a_tool_run_with_almost_no_tool_calls_is_warned_about_and_a_control_is_not() -> None:
    silent = [record(n, "Counting", True, calls=0, tools_offered=30) for n in range(1, 10)]
    one = [record(10, "Counting", True, calls=1, tools_offered=30)]
    (warning,) = summarize(silent + one)["warnings"]
    assert warning.startswith("NO TOOL CALLS") and "no tool call on 9 of 10 answered items" in warning
    calling = [record(n, "Counting", True, calls=1, tools_offered=30) for n in range(1, 4)]
    assert summarize(silent[:7] + calling)["warnings"] == []  # 7 of 10 without a call: under the 80% line
    control = [record(n, "Counting", True, calls=0) for n in range(1, 10)]  # no tools offered (no-access)
    assert summarize(control)["warnings"] == []


def test_call_sources_invalid_arguments_repeats_cache_and_copies_are_counted() -> None:
    def call(**fields: Any) -> ToolCallSummary:
        return ToolCallSummary(name="get_element", ok=fields.pop("ok", True), chars=10, truncated=False, **fields)

    rows = [
        record(1, "Counting", True, calls=0, tool_calls=[call(), call(source="hermes"), call(source="json")]),
        record(
            2,
            "Counting",
            False,
            calls=0,
            tool_calls=[call(ok=False, error_kind="arguments"), call(ok=False, error_kind="unknown_tool")],
            repeated_calls=3,
            blocked_calls=1,
            example_copied=True,
        ),
        record(3, "Counting", True, calls=0, cache_hits=2, retries=1),
    ]
    summary = summarize(rows)
    assert (summary["native_tool_calls"], summary["text_tool_calls"]) == (3, 2)
    assert summary["text_call_forms"] == {"hermes": 1, "json": 1}
    assert (summary["invalid_argument_calls"], summary["unknown_tool_calls"]) == (1, 1)
    assert (summary["repeated_calls"], summary["blocked_calls"]) == (3, 1)
    assert (summary["cache_hits"], summary["cached_items"], summary["retries"]) == (2, 1, 1)
    assert summary["example_copied"] == 1 and summary["example_copied_rate"] == pytest.approx(1 / 3, abs=1e-6)
    assert any("copied the answer-format example" in w for w in summary["warnings"])
    assert any("identical repeated tool calls were not run, on 1 items" in w for w in summary["warnings"])


def test_the_newest_record_of_an_item_counts() -> None:
    first = record(1, "Counting", False, selected=[], error="refused", error_kind="connection")
    retried = record(1, "Counting", True, attempt=2)
    assert latest_records([first, record(2, "Counting", True), retried]) == [retried, record(2, "Counting", True)]
