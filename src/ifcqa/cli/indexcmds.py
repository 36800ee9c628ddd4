"""``ifcqa index FILE...``: index many models at once (and their bounding boxes), warming the cache.

Runs on local processes (``--jobs``) or a Dask cluster (``--dask``); each worker writes the index into
its own ``--cache-dir`` (keyed by content hash), so later commands that share the folder start warm.
Prints one JSON document: a row per file in the order given, and the files that failed every try.
Heavy imports (IfcOpenShell, Dask) happen inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ifcqa.cli.common import CacheDir, print_json
from ifcqa.cli.runopts import Dask, Jobs, KeepGoing, Retries, ShipFiles, file_progress, open_executor

if TYPE_CHECKING:
    from ifcqa.executor import Outcome


def index_command(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="The .ifc files.", show_default=False)],
    geometry: Annotated[bool, typer.Option("--geometry", help="Compute and cache the bounding boxes too.")] = False,
    jobs: Jobs = None,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
    keep_going: KeepGoing = False,
    cache_dir: CacheDir = None,
) -> None:
    """Index every FILE into the cache (with --geometry, its bounding boxes too); print a JSON row per file."""
    from ifcqa.index.cache import IndexCache
    from ifcqa.index.corpus import index_files
    from ifcqa.mcq.runner import check_inputs

    check_inputs(files)
    IndexCache(cache_dir)  # an unusable cache folder fails here, not in a worker
    with (
        open_executor(jobs, dask, retries, len(files)) as executor,
        file_progress(len(files), "Indexing", _line) as (on_progress, on_outcome),
    ):
        rows, failures = index_files(
            files, executor, cache_dir=cache_dir, geometry=geometry, ship_files=ship_files,
            on_progress=on_progress, on_outcome=on_outcome, keep_going=keep_going,
        )  # fmt: skip
    print_json({"files": rows, "failed": [failure.to_json() for failure in failures]})
    if failures:
        raise typer.Exit(1)


def _line(outcome: Outcome[Any]) -> str:
    row = outcome.value or {}
    boxes = f", {row['bboxes']} boxes" if "bboxes" in row else ""
    return f"{Path(outcome.key).name}: {row.get('elements', 0)} elements{boxes}, {row.get('seconds', 0.0):.1f} s"
