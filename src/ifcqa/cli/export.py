"""``ifcqa mcq export BENCH.jsonl --format hf|csv|inspect -o DIR``: a benchmark in evaluators' formats.

Registered on the ``ifcqa mcq`` app by :mod:`ifcqa.cli.mcq`; the formats are
:mod:`ifcqa.mcq.export`'s. Errors (an unknown format, a non-empty folder that is not an earlier
export) go through the shared error channel: one ``error: ...`` line and exit code 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ifcqa.mcq.export import FORMATS, export_bench


def export(
    bench: Annotated[
        Path,
        typer.Argument(metavar="BENCH.jsonl", help="A benchmark written by `ifcqa mcq generate`.", show_default=False),
    ],
    output: Annotated[
        Path,
        typer.Option("-o", "--output", metavar="DIR", help="The folder to write (replaced whole).", show_default=False),
    ],
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="|".join(FORMATS),
            help="hf: a datasets-loadable folder with a dataset card; csv: one row per item; "
            "inspect: Inspect AI sample JSONL.",
        ),
    ] = "hf",
    models_dir: Annotated[
        Path | None,
        typer.Option(
            "--models-dir",
            metavar="DIR",
            help="Folder holding the models (by file name), to read their licences from its MANIFEST.md.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Export a benchmark as a Hugging Face dataset folder, a flat CSV, or Inspect AI samples."""
    written = export_bench(bench, fmt, output, models_dir)
    files = ", ".join(str(path.relative_to(output)) for path in written)
    typer.echo(f"Wrote {output} ({fmt}): {files}")
