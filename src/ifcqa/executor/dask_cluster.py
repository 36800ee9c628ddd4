"""Per-file work on a Dask distributed cluster (``--dask ADDRESS`` or ``--dask local:N``).

``ADDRESS`` is a running scheduler (``tcp://host:8786``; a cluster started by ``dask scheduler`` /
``dask worker``, dask-kubernetes or dask-jobqueue: docs/SCALE.md). ``local:N`` starts a
``LocalCluster`` of N worker processes (one thread each: IfcOpenShell's parsing holds the GIL) for
this run only, and stops it afterwards.

Workers must have ifcqa installed (the same version). They read each file from the path given, so
the path must be one they can see (a shared file system), unless the caller ships the bytes
(:mod:`ifcqa.executor.files`). A worker lost mid-run is Dask's to handle: its unfinished calls are
rescheduled on the others; a call that lost several workers ends as ``KilledWorker``, which the
shared loop tries again up to ``--retries`` times like any other failure.

``distributed`` is an optional dependency (``pip install 'ifcqa[dask]'``); it is imported only here.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.executor.base import DEFAULT_RETRIES, Executor

LOCAL_PREFIX = "local:"
CONNECT_TIMEOUT = "20s"


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise IfcqaError(
            "--dask needs Dask distributed, which is not installed. Install it with: pip install 'ifcqa[dask]'"
        ) from None
    return distributed


def parse_address(address: str) -> int | None:
    """The worker count of ``local:N`` (``None`` for a scheduler address); a bad value is an IfcqaError."""
    text = address.strip()
    if not text:
        raise IfcqaError("--dask needs a scheduler address (tcp://host:8786) or local:N.")
    if not text.startswith(LOCAL_PREFIX):
        return None
    count = text[len(LOCAL_PREFIX) :]
    if not count.isdigit() or int(count) < 1:
        raise IfcqaError(f"--dask {address!r}: write local:N with N a number of worker processes, e.g. local:4.")
    return int(count)


class DaskExecutor(Executor):
    """Calls run as Dask tasks, one file each; see the module docstring."""

    def __init__(self, address: str, retries: int = DEFAULT_RETRIES) -> None:
        super().__init__(retries)
        distributed = _import_distributed()
        self._distributed = distributed
        self.address = address
        self._run = uuid.uuid4().hex[:8]  # task keys of one run never collide with another client's
        self._cluster: Any = None
        local = parse_address(address)
        try:
            if local is not None:
                self._cluster = distributed.LocalCluster(
                    n_workers=local,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self.client = distributed.Client(self._cluster)
            else:
                self.client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise IfcqaError(
                f"--dask {address}: cannot reach the Dask scheduler ({exc}). Start one (dask scheduler) or use local:N."
            ) from None

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info(n_workers=-1).get("workers", {})))

    def _submit(self, fn: Callable[[Any], Any], arg: Any, key: str) -> Any:
        name = getattr(fn, "__name__", "task")
        return self.client.submit(fn, arg, key=f"ifcqa-{name}-{self._run}-{key}", pure=False)

    def _wait(self, handles: Sequence[Any], timeout: float) -> set[Any]:
        try:
            done, _ = self._distributed.wait(list(handles), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return set()
        return set(done)

    def _result(self, handle: Any) -> Any:
        try:
            return handle.result()
        finally:
            handle.release()

    def _running(self, handles: Sequence[Any]) -> int:
        try:
            processing = self.client.processing()
        except (OSError, TimeoutError):
            return 0
        busy = {key for keys in processing.values() for key in keys}
        return sum(1 for handle in handles if handle.key in busy)

    def _cancel_one(self, handle: Any) -> None:
        with contextlib.suppress(Exception):  # best effort: the caller is being interrupted
            self.client.cancel([handle])

    def _cancel(self, handles: Sequence[Any]) -> None:
        if handles:
            with contextlib.suppress(Exception):  # best effort while a run is failing anyway
                self.client.cancel(list(handles))

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None
