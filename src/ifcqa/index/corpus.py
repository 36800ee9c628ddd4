"""Indexing many files at once on an executor (``ifcqa index FILE...``): the index and, if asked, the boxes.

Each worker loads (or builds and caches) the index of its file in its own cache folder, keyed by
content hash, so later commands on a machine that shares that folder start warm. The rows come back
in the order of the files, whatever executor ran them.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ifcqa.executor import Executor, FileRef, TaskFailure, local_path, ship
from ifcqa.executor.base import OnOutcome, OnProgress


@contextmanager
def native_stdout_silenced() -> Iterator[None]:
    """Send what native code writes to file descriptor 1 to /dev/null while the block runs.

    IfcOpenShell's geometry kernel prints debugging lines (``local z: ...``) straight to the C
    stdout on some models (linear-placement-of-signal.ifc); they would land in the command's output.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


@dataclass(frozen=True)
class IndexJob:
    """One file to index, as it travels to a worker."""

    ref: FileRef
    cache_dir: str | None  # on the worker; None: its default cache folder
    geometry: bool


def index_one(job: IndexJob) -> dict[str, Any]:
    """Load or build one file's index (and its bounding boxes); a row describing it."""
    from ifcqa.index.cache import IndexCache
    from ifcqa.index.model_index import load_index

    started = time.perf_counter()
    index = load_index(local_path(job.ref), cache=IndexCache(job.cache_dir))
    data = index.data
    row: dict[str, Any] = {
        "file": job.ref.path,
        "sha256": data.source.sha256,
        "schema": data.source.schema,
        "elements": len(data.elements),
        "max_step_id": data.source.max_id,
        "warnings": len(data.warnings),
    }
    if job.geometry:
        with native_stdout_silenced():
            row["bboxes"] = len(index.bboxes())
    row["seconds"] = round(time.perf_counter() - started, 3)
    return row


def index_files(
    files: Sequence[Path],
    executor: Executor,
    *,
    cache_dir: Path | None = None,
    geometry: bool = False,
    ship_files: bool = False,
    on_progress: OnProgress | None = None,
    on_outcome: OnOutcome | None = None,
    keep_going: bool = False,
) -> tuple[list[dict[str, Any]], list[TaskFailure]]:
    """Index every file on ``executor``; rows in the order of ``files``, and the files that failed every try.

    Raises:
        the first file's error when it failed every try and not ``keep_going``.
    """
    folder = str(cache_dir) if cache_dir is not None else None

    def job(i: int) -> IndexJob:
        return IndexJob(ship(files[i], ship_files), folder, geometry)

    outcomes = executor.map(
        index_one, job, [str(path) for path in files], on_progress=on_progress, on_outcome=on_outcome,
        fail_fast=not keep_going,
    )  # fmt: skip
    rows = [outcome.value for outcome in outcomes if outcome.value is not None]
    return rows, [outcome.failure for outcome in outcomes if outcome.failure is not None]
