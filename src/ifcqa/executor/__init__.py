"""Per-file work on local processes or a Dask cluster, behind one interface.

>>> with make_executor(jobs=4) as executor:          # or make_executor(dask="local:4"), dask="tcp://host:8786"
...     outcomes = executor.map(work, inputs, keys=[str(p) for p in paths])

:class:`Executor` (``base.py``) is the interface and the shared loop (input order, retries, failure
records, progress); ``local.py`` and ``dask_cluster.py`` are the two implementations; ``files.py``
says how a worker gets a file (its path, or shipped bytes). Callers choose one with
:func:`make_executor` from the command-line options and never look at which one they got.
"""

from __future__ import annotations

from ifcqa.errors import IfcqaError
from ifcqa.executor.base import (
    DEFAULT_RETRIES,
    Executor,
    Outcome,
    ProgressState,
    TaskFailure,
    describe,
)
from ifcqa.executor.files import FileRef, NotShipped, by_hash, local_path, ship
from ifcqa.executor.local import LocalExecutor, available_cores, worker_count


def make_executor(jobs: int | None = None, dask: str | None = None, retries: int = DEFAULT_RETRIES) -> Executor:
    """The executor the options ask for: Dask when ``dask`` is given, else ``jobs`` local processes.

    Raises:
        IfcqaError: both ``jobs`` and ``dask`` given, a bad ``--dask`` value, Dask missing or unreachable.
    """
    if dask is not None:
        if jobs is not None:
            raise IfcqaError("--jobs and --dask do not go together: --dask local:N runs N worker processes.")
        from ifcqa.executor.dask_cluster import DaskExecutor  # distributed is imported only when asked for

        return DaskExecutor(dask, retries=retries)
    return LocalExecutor(jobs, retries=retries)


__all__ = [
    "DEFAULT_RETRIES",
    "Executor",
    "FileRef",
    "LocalExecutor",
    "NotShipped",
    "Outcome",
    "ProgressState",
    "TaskFailure",
    "available_cores",
    "worker_count",
    "by_hash",
    "describe",
    "local_path",
    "make_executor",
    "ship",
]
