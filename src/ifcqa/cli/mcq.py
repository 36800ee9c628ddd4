"""The ``ifcqa mcq`` commands: build, re-check, summarise and audit an IFC-MCQ benchmark.

Commands::

    ifcqa mcq generate FILE... -o BENCH.jsonl   items of every file (parallel), plus BENCH.manifest.json
    ifcqa mcq verify BENCH.jsonl                re-verify every item against its model; exit 1 on any failure
    ifcqa mcq stats BENCH.jsonl                 items per model x category (or subtype), cells under 10 flagged
    ifcqa mcq audit-sheet BENCH.jsonl -o a.csv  one seeded item per model x category, for a human audit
    ifcqa mcq export BENCH.jsonl --format hf|csv|inspect -o DIR   a dataset folder, a CSV, or Inspect samples

Input errors (a file that cannot be opened, an unknown category, a malformed line) go through the
shared error channel of :mod:`ifcqa.cli.main`: one ``error: ...`` line and exit code 1. Progress goes
to stderr: a progress bar on a terminal, otherwise one line per file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ifcqa.cli.common import CacheDir, NoCache, print_json, status
from ifcqa.cli.export import export
from ifcqa.cli.runopts import Dask, Jobs, KeepGoing, Retries, ShipFiles, file_progress, open_executor
from ifcqa.executor.base import Outcome
from ifcqa.mcq.audit import audit_rows, audit_sample, write_audit_csv
from ifcqa.mcq.benchfile import manifest_path, read_items, read_manifest
from ifcqa.mcq.coverage import REPORTING_THRESHOLD, Axis, Coverage, coverage, short_names
from ifcqa.mcq.pipeline import DEFAULT_CAP, DEFAULT_SEED
from ifcqa.mcq.registry import get_generators
from ifcqa.mcq.runner import FileResult, RunSettings, generate_bench, resolve_categories, verify_bench

if TYPE_CHECKING:
    from rich.table import Table

app = typer.Typer(
    name="mcq",
    help="Build, verify, summarise and audit an IFC-MCQ multiple-choice benchmark.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

BenchArg = Annotated[
    Path, typer.Argument(metavar="BENCH.jsonl", help="A benchmark written by `ifcqa mcq generate`.", show_default=False)
]
ModelsDir = Annotated[
    Path | None,
    typer.Option(
        "--models-dir",
        metavar="DIR",
        help="Folder holding the models, found by file name (default: each item's source_file as stored).",
        show_default=False,
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
app.command("export")(export)


@app.command("generate")
def generate(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="The .ifc files.", show_default=False)],
    output: Annotated[
        Path, typer.Option("-o", "--output", metavar="BENCH.jsonl", help="The benchmark to write.", show_default=False)
    ],
    seed: Annotated[int, typer.Option(help="Random seed (the paper's: 10).")] = DEFAULT_SEED,
    cap: Annotated[int, typer.Option(min=1, help="Verified items kept per category per model.")] = DEFAULT_CAP,
    categories: Annotated[
        str | None,
        typer.Option(metavar="CODES", help="Comma-separated category codes, e.g. direct.class,relational.spatial."),
    ] = None,
    jobs: Jobs = None,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
    keep_going: KeepGoing = False,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Generate and verify items from every FILE; write BENCH.jsonl and BENCH.manifest.json (all or nothing).

    With --keep-going, a file that fails every try is left out and listed under "failed" in the manifest
    (exit code 1). --cache-dir is the index cache folder on each worker.
    """
    codes = [c.strip() for c in categories.split(",") if c.strip()] if categories is not None else None
    settings = RunSettings(
        categories=resolve_categories(codes), seed=seed, cap=cap, cache_dir=cache_dir, use_cache=not no_cache
    )
    registered = {code.rsplit(".", 1)[0] for code in get_generators()}
    missing = [c for c in settings.categories if c not in registered]
    if missing:
        typer.echo(f"note: no generator registered yet for {', '.join(missing)}", err=True)
    with (
        open_executor(jobs, dask, retries, len(files)) as executor,
        file_progress(len(files), "Generating", _line) as (on_progress, on_outcome),
    ):
        manifest = generate_bench(
            files, output, settings, executor=executor, ship_files=ship_files, on_progress=on_progress,
            on_outcome=on_outcome, keep_going=keep_going,
        )  # fmt: skip
    rejected = sum(len(entry.rejections) for entry in manifest.files)
    typer.echo(
        f"Wrote {manifest.total_items} items from {_count(len(manifest.files), 'file')} to {output} "
        f"({rejected} candidates rejected; manifest {manifest_path(output)})"
    )
    if manifest.failed:
        typer.echo(f"{_count(len(manifest.failed), 'file')} failed every try (listed in the manifest)", err=True)
        raise typer.Exit(1)


def _line(outcome: Outcome[FileResult]) -> str:
    result = outcome.value
    assert result is not None
    rejected = len(result.entry.rejections)
    return f"{result.path.name}: {len(result.items)} items, {rejected} rejected, {result.entry.seconds:.1f} s"


@app.command("verify")
def verify(
    bench: BenchArg,
    models_dir: ModelsDir = None,
    as_json: AsJson = False,
    jobs: Jobs = None,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
    keep_going: KeepGoing = False,
) -> None:
    """Re-verify every item against its source model; exit 1 listing the items that fail."""
    models = len({(item.source_file, item.source_sha256) for item in read_items(bench)})
    with (
        open_executor(jobs if jobs is not None or dask is not None else 1, dask, retries, models) as executor,
        file_progress(models, "Verifying", _verified) as (on_progress, on_outcome),
    ):
        report = verify_bench(
            bench, models_dir, executor=executor, ship_files=ship_files, on_progress=on_progress,
            on_outcome=on_outcome, keep_going=keep_going,
        )  # fmt: skip
    passed = report.items - len(report.failures)
    if as_json:
        print_json(
            {
                "items": report.items,
                "files": report.files,
                "passed": passed,
                "failures": [{"id": f.item_id, "subtype": f.subtype, "reason": f.reason} for f in report.failures],
                "problems": report.problems,
            }
        )
    else:
        for failure in report.failures:
            typer.echo(f"FAIL {failure.item_id} {failure.subtype}: {failure.reason}")
        for problem in report.problems:
            typer.echo(f"PROBLEM {problem}")
        typer.echo(
            f"{report.items} items from {_count(report.files, 'file')}: {passed} passed, {len(report.failures)} failed"
            + (f", {len(report.problems)} benchmark problems" if report.problems else "")
        )
    if not report.ok:
        raise typer.Exit(1)


def _verified(outcome: Outcome[list[str | None]]) -> str:
    return f"verified {len(outcome.value or [])} items of {Path(outcome.key).name}"


@app.command("stats")
def stats(
    bench: BenchArg,
    by: Annotated[str, typer.Option("--by", metavar="category|subtype", help="Count per category or subtype.")] = (
        "category"
    ),
    as_json: AsJson = False,
) -> None:
    """Items per model x category (or subtype); cells under the paper's reporting threshold (10) are flagged."""
    if by not in ("category", "subtype"):
        raise typer.BadParameter("must be 'category' or 'subtype'", param_hint="--by")
    axis: Axis = "category" if by == "category" else "subtype"
    table = coverage(read_items(bench), read_manifest(bench), by=axis)
    if as_json:
        print_json(table.to_dict())
        return
    from rich.console import Console  # rich only when a table is shown (generate never imports it)

    names = {model: name.removesuffix(".ifc") for model, name in short_names(table.models).items()}
    natural = max(map(len, table.keys), default=8) + sum(max(len(n), 5) + 3 for n in names.values()) + 14
    console = Console()
    if not console.is_terminal:  # a file or a pipe: as wide as the table, so no name is cut
        console = Console(width=max(80, natural))
    numbered = natural > console.width  # a narrow terminal: number the models and list them below
    headers = {model: str(i) if numbered else names[model] for i, model in enumerate(table.models, start=1)}
    console.print(_rich_table(table, headers))
    if numbered:
        console.print("  ".join(f"{headers[m]} = {names[m]}" for m in table.models))


def _rich_table(table: Coverage, headers: dict[str, str]) -> Table:
    from rich.table import Table

    flagged = len(table.below_threshold())
    plural = "cell" if flagged == 1 else "cells"
    rich_table = Table(
        title=f"Items per model and {table.by}",
        caption=(
            f"* under the reporting threshold of {REPORTING_THRESHOLD} items ({flagged} {plural}); dup. = share of "
            "items whose model, subtype and answer repeat"
        ),
    )
    rich_table.add_column(table.by, overflow="fold")
    for model in table.models:
        rich_table.add_column(headers[model], justify="right", overflow="fold")
    rich_table.add_column("total", justify="right")
    rich_table.add_column("dup.", justify="right")
    for key in table.keys:
        cells = []
        for model in table.models:
            n = table.count(model, key)
            cells.append(f"[bold red]{n}*[/]" if n < table.threshold else str(n))
        cells.append(str(sum(table.count(m, key) for m in table.models)))
        cells.append(f"{table.duplication.get(key, 0.0):.0%}")
        rich_table.add_row(key, *cells)
    totals = [str(sum(table.count(m, k) for k in table.keys)) for m in table.models]
    rich_table.add_row("total", *totals, str(sum(map(int, totals))), "", end_section=True)
    return rich_table


@app.command("audit-sheet")
def audit_sheet(
    bench: BenchArg,
    output: Annotated[
        Path, typer.Option("-o", "--output", metavar="audit.csv", help="The CSV sheet to write.", show_default=False)
    ],
    seed: Annotated[int, typer.Option(help="Random seed of the sample.")] = DEFAULT_SEED,
    models_dir: ModelsDir = None,
) -> None:
    """Write a CSV audit sheet: one seeded item per model x category, with its facts re-read from the file."""
    sample = audit_sample(read_items(bench), seed)
    with status("Reading the models"):
        rows = audit_rows(sample, models_dir, bench)
    write_audit_csv(output, rows)
    models = len({item.source_file for item in sample})
    typer.echo(f"Wrote {_count(len(rows), 'item')} ({_count(models, 'model')}) to {output}")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
