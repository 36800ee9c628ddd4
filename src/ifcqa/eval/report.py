"""``ifcqa report RUN_DIR... -o REPORT_DIR``: runs side by side, in Markdown, HTML and PNG.

The report folder gets ``report.md`` (tables, figures linked as files), ``report.html`` (the same,
self-contained: inline CSS, figures embedded as ``data:`` URIs, no external reference) and the
PNG figures, each written atomically. Summaries are recomputed from the records, and both chance
baselines are computed from the runs' benchmark files (:func:`ifcqa.eval.tables.computed_baselines`).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.eval.loaders import RunData, load_run
from ifcqa.eval.plots import all_plots
from ifcqa.eval.tables import Table, all_tables, baseline_columns, bench_warning, computed_baselines
from ifcqa.files.atomic import write_atomic

FIGURE_TITLES = {
    "accuracy_by_category.png": "Accuracy by category (runs and baselines)",
    "tool_calls.png": "Tool calls per item",
    "tokens.png": "Tokens per item",
}

CSS = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; color: #222; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; font-size: 0.85rem; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f2f2f2; } tr:nth-child(even) td { background: #fafafa; }
p.note { font-size: 0.8rem; color: #555; } img { max-width: 100%; }
p.warning { background: #fff3cd; border: 1px solid #e0c060; padding: 0.5rem; }
"""


def _unique_labels(runs: Sequence[RunData]) -> None:
    """Make run labels unique: the folder name, else its parent too, else a number."""
    seen: set[str] = set()
    for run in runs:
        label = run.label
        if label in seen:
            label = f"{run.path.parent.name}/{run.path.name}"
        number = 2
        while label in seen:
            label, number = f"{run.label} #{number}", number + 1
        run.label = label
        seen.add(label)


def markdown_table(table: Table) -> str:
    """A GitHub-flavoured Markdown table, with its title and note."""

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    parts = [f"## {table.title}", "", line(table.headers), line(["---"] * len(table.headers))]
    parts += [line(row) for row in table.rows]
    if table.note:
        parts += ["", f"_{table.note}_"]
    return "\n".join(parts) + "\n"


def html_table(table: Table) -> str:
    """An HTML ``<table>`` with its title and note (all text escaped)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
    return (
        f'<section id="{html.escape(table.key)}"><h2>{html.escape(table.title)}</h2>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}</section>"
    )


def _header(runs: Sequence[RunData]) -> list[str]:
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"ifcqa {ifcqa.__version__}, {stamp}. Runs:"]
    for run in runs:
        bench = run.bench.name if run.bench else "unknown benchmark"
        digest = f" (SHA-256 {run.bench_sha256[:12]})" if run.bench_sha256 else ""
        lines.append(
            f"{run.label}: agent {run.agent}, LLM {run.model or '–'}, {len(run.records)} items of {bench}{digest}"
        )
    return lines


def warnings(runs: Sequence[RunData]) -> list[str]:
    """What a reader must know before reading the numbers: different benchmarks, and each run's warnings."""
    from ifcqa.eval.summary import warnings_of

    found = [bench_warning(runs)] + [f"{run.label}: {text}" for run in runs for text in warnings_of(run.records)]
    return [text for text in found if text]


def render_markdown(runs: Sequence[RunData], tables: Sequence[Table], figures: Sequence[str]) -> str:
    """The Markdown report; figures are linked as the PNG files beside it."""
    head = _header(runs)
    parts = ["# ifcqa evaluation report", "", head[0], ""] + [f"- {line}" for line in head[1:]] + [""]
    parts += [f"> **Warning:** {text}\n" for text in warnings(runs)]
    parts += [markdown_table(table) for table in tables]
    parts += ["## Figures", ""] + [f"![{FIGURE_TITLES.get(name, name)}]({name})\n" for name in figures]
    return "\n".join(parts)


def render_html(runs: Sequence[RunData], tables: Sequence[Table], figures: dict[str, bytes]) -> str:
    """The self-contained HTML report: inline CSS, figures as base64 ``data:`` URIs."""
    head = _header(runs)
    items = "".join(f"<li>{html.escape(line)}</li>" for line in head[1:])
    items += "".join(f'<p class="warning"><b>Warning:</b> {html.escape(text)}</p>' for text in warnings(runs))
    images = "".join(
        f'<figure><img alt="{html.escape(FIGURE_TITLES.get(name, name))}" '
        f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}"></figure>'
        for name, png in figures.items()
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>ifcqa evaluation report</title><style>{CSS}</style></head><body>"
        f"<h1>ifcqa evaluation report</h1><p>{html.escape(head[0])}</p><ul>{items}</ul>"
        + "".join(html_table(table) for table in tables)
        + f"<h2>Figures</h2>{images}</body></html>\n"
    )


def write_report(run_paths: Sequence[Path], out_dir: Path) -> list[Path]:
    """Read the runs and write the report files into ``out_dir``; returns the files written.

    Raises:
        IfcqaError: no run given, a path is not a run, or ``out_dir`` is a file.
    """
    if not run_paths:
        raise IfcqaError("No run given. Pass one or more folders written by `ifcqa eval -o`.")
    if out_dir.exists() and not out_dir.is_dir():
        raise IfcqaError(f"{out_dir}: is a file. Give a folder for the report with -o.")
    runs = [load_run(path) for path in run_paths]
    _unique_labels(runs)
    baselines = computed_baselines(runs)
    tables = all_tables(runs, baselines)
    figures = all_plots(runs, list(runs) + baseline_columns(runs, baselines))
    files = {name: png for name, png in figures.items()}
    files["report.md"] = render_markdown(runs, tables, list(figures)).encode("utf-8")
    files["report.html"] = render_html(runs, tables, figures).encode("utf-8")
    written = []
    for name, payload in files.items():
        write_atomic(out_dir / name, payload)
        written.append(out_dir / name)
    return written
