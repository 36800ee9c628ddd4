"""The report's figures as PNG bytes: accuracy by category, tool calls per item, tokens per run.

Figures are drawn with matplotlib's object API on the Agg canvas (no pyplot, no global state, no
display), so reports can be written from threads and servers alike.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ifcqa.eval.loaders import RunData
from ifcqa.eval.summary import accuracy_cell, usage
from ifcqa.mcq.taxonomy import SUBTYPES

MAX_CALLS_BIN = 8  # calls per item at or above this share the last bar


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return buffer.getvalue()


def _categories(runs: Sequence[RunData]) -> list[str]:
    present = {r.category for run in runs for r in run.records}
    order = list(dict.fromkeys(s.category for s in SUBTYPES.values()))
    return [c for c in order if c in present] + sorted(present - set(order))


def accuracy_heatmap(runs: Sequence[RunData]) -> bytes:
    """Runs (rows) × categories (columns), each cell the run's accuracy on that category."""
    categories = _categories(runs)
    grid: list[list[float]] = []
    for run in runs:
        row = []
        for category in categories:
            records = [r for r in run.records if r.category == category]
            row.append(accuracy_cell(records)["accuracy"] if records else float("nan"))
        grid.append(row)
    figure = Figure(figsize=(max(6.0, 0.9 * len(categories) + 3), max(2.5, 0.5 * len(runs) + 1.8)))
    axes = figure.add_subplot()
    image = axes.imshow(grid or [[float("nan")]], cmap="RdYlGn", vmin=0.0, vmax=1.0, aspect="auto")
    axes.set_xticks(range(len(categories)), categories, rotation=40, ha="right", fontsize=8)
    axes.set_yticks(range(len(runs)), [run.label for run in runs], fontsize=8)
    for y, row in enumerate(grid):
        for x, value in enumerate(row):
            if value == value:  # not NaN
                axes.text(x, y, f"{100 * value:.0f}", ha="center", va="center", fontsize=7)
    figure.colorbar(image, ax=axes, label="accuracy")
    axes.set_title("Accuracy by category")
    return _png(figure)


def tool_calls_chart(runs: Sequence[RunData]) -> bytes:
    """Share of items answered with 0, 1, 2, ... tool calls, one bar per run in each group."""
    figure = Figure(figsize=(7.5, 3.6))
    axes = figure.add_subplot()
    bins = list(range(MAX_CALLS_BIN + 1))
    width = 0.8 / max(1, len(runs))
    for offset, run in enumerate(runs):
        counts = Counter(min(len(r.tool_calls), MAX_CALLS_BIN) for r in run.records)
        total = max(1, len(run.records))
        shares = [counts.get(b, 0) / total for b in bins]
        axes.bar([b + offset * width - 0.4 + width / 2 for b in bins], shares, width=width, label=run.label)
    axes.set_xticks(bins, [str(b) for b in bins[:-1]] + [f"≥{MAX_CALLS_BIN}"])
    axes.set_xlabel("tool calls per item")
    axes.set_ylabel("share of items")
    axes.set_ylim(0, 1)
    axes.set_title("Tool calls per item")
    if runs:
        axes.legend(fontsize=7)
    return _png(figure)


def tokens_chart(runs: Sequence[RunData]) -> bytes:
    """Mean input and output tokens per item, per run."""
    figure = Figure(figsize=(max(5.0, 1.1 * len(runs) + 2), 3.6))
    axes = figure.add_subplot()
    means = [usage(run.records) for run in runs]
    positions = list(range(len(runs)))
    axes.bar([p - 0.2 for p in positions], [m["mean_tokens_in"] for m in means], width=0.4, label="input")
    axes.bar([p + 0.2 for p in positions], [m["mean_tokens_out"] for m in means], width=0.4, label="output")
    axes.set_xticks(positions, [run.label for run in runs], rotation=30, ha="right", fontsize=8)
    axes.set_ylabel("tokens per item")
    axes.set_title("Tokens per item")
    axes.legend(fontsize=7)
    return _png(figure)


def all_plots(runs: Sequence[RunData], with_baselines: Sequence[RunData]) -> dict[str, bytes]:
    """File name -> PNG bytes for every figure of the report (baselines only in the heatmap; the token
    chart only when some run used tokens)."""
    figures = {
        "accuracy_by_category.png": accuracy_heatmap(with_baselines),
        "tool_calls.png": tool_calls_chart(runs),
    }
    if any(r.tokens_in or r.tokens_out for run in runs for r in run.records):
        figures["tokens.png"] = tokens_chart(runs)
    return figures
