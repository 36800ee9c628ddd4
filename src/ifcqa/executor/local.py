"""Per-file work in processes on this machine (``--jobs N``, the default executor).

One job runs in this process (no start-up cost, errors with their full traceback under a debugger);
more run in a pool of ``spawn``-started worker processes, which start clean, without copies of this
process's threads, locks or open models. A worker process that dies (killed, out of memory) breaks
the whole pool: it is replaced, the files that were handed to its workers (running, or in the pipe to
them) are charged a try and run again, and the files still queued are resubmitted without being charged.

Worker processes are replaced after :data:`RECYCLE_AFTER` files each: IfcOpenShell 0.9 does not give
back the memory of a file it opened when the file is released (measured in bench/README.md, "Corpus
scale"), so a process that opened thousands of models would keep growing. The old pool finishes what
it runs while a new one takes the next files.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ifcqa.executor.base import DEFAULT_RETRIES, Executor, Requeue

RECYCLE_AFTER = 20  # files per worker process before the pool is replaced (see the module docstring)


def available_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def worker_count(jobs: int | None, n_files: int) -> int:
    """The local workers for ``n_files`` files: ``jobs`` (default one per core), never more than files, at least 1."""
    return max(1, min(jobs if jobs is not None else available_cores(), n_files))


class _Done:
    """The handle of a call run in this process (one job): already finished."""

    def __init__(self, fn: Callable[[Any], Any], arg: Any) -> None:
        try:
            self.value, self.error = fn(arg), None
        except Exception as exc:  # noqa: BLE001 - handed to the shared loop, which retries or records it
            self.value, self.error = None, exc


class LocalExecutor(Executor):
    """``jobs`` files at a time in local processes (``jobs=1``: in this process)."""

    def __init__(self, jobs: int | None = None, retries: int = DEFAULT_RETRIES) -> None:
        super().__init__(retries)
        self.jobs = max(1, jobs if jobs is not None else available_cores())
        self._pool: ProcessPoolExecutor | None = None
        self._started: set[Future[Any]] = set()
        self._owner: dict[Future[Any], ProcessPoolExecutor] = {}  # the pool each call was submitted to
        self._given = 0  # calls submitted to the current pool
        self._lock = threading.RLock()  # :meth:`Executor.call` may come from several threads at once
        self._started_lock = threading.Lock()  # also taken on the pool's own thread (see _track_start)

    @property
    def workers(self) -> int:
        return self.jobs

    def _pool_now(self) -> ProcessPoolExecutor:
        if self._pool is not None and self._given >= RECYCLE_AFTER * self.jobs:
            self._pool.shutdown(wait=False)  # it finishes the calls it has; its processes then exit
            self._pool = None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=multiprocessing.get_context("spawn"))
            self._given = 0
        return self._pool

    def _submit(self, fn: Callable[[Any], Any], arg: Any, key: str) -> Any:
        if self.jobs == 1:
            return _Done(fn, arg)  # in the calling thread (several at once when :meth:`call` is used by threads)
        with self._lock:
            try:
                pool = self._pool_now()
                future = pool.submit(fn, arg)
            except BrokenProcessPool:  # a worker died since the last wait: start a new pool
                self._replace_pool()
                pool = self._pool_now()
                future = pool.submit(fn, arg)
            self._track_start(future)
            self._given += 1
            self._owner[future] = pool
            return future

    def _track_start(self, future: Future[Any]) -> None:
        """Record the moment the pool hands ``future`` to its workers (it marks it running then, on its own thread).

        A crash charges a try to exactly the files handed over before it; watching ``running()`` from
        the waiting loop instead missed a file handed over and crashed on between two looks (a flaky
        test under load), which then ran again for free.
        """
        mark_running = future.set_running_or_notify_cancel
        started, lock = self._started, self._started_lock

        def handed_over() -> bool:
            running = mark_running()
            if running:
                with lock:
                    started.add(future)
            return running

        future.set_running_or_notify_cancel = handed_over  # type: ignore[method-assign]
        if future.running():  # handed over in the instant between submit() and the line above
            with lock:
                started.add(future)

    def _wait(self, handles: Sequence[Any], timeout: float) -> set[Any]:
        if self.jobs == 1:
            return set(handles)
        done, _ = wait(handles, timeout=timeout, return_when=FIRST_COMPLETED)
        return set(done)

    def _result(self, handle: Any) -> Any:
        if isinstance(handle, _Done):
            if handle.error is not None:
                raise handle.error
            return handle.value
        future: Future[Any] = handle
        try:
            return future.result()
        except BrokenProcessPool:
            with self._lock:
                if self._owner.get(future) is self._pool:
                    self._replace_pool()  # once per crash: later calls of the dead pool find a new one
            with self._started_lock:
                handed = future in self._started
            if handed:  # a worker had it when the pool broke: that costs the file a try
                raise
            raise Requeue() from None
        finally:
            with self._started_lock:
                self._started.discard(future)
            with self._lock:
                self._owner.pop(future, None)

    def _running(self, handles: Sequence[Any]) -> int:
        if self.jobs == 1:
            return 0
        # the pool marks one call more than it has workers as running (queued in the pipe to them)
        return min(self.jobs, sum(1 for f in handles if f.running()))

    def _replace_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _cancel_one(self, handle: Any) -> None:
        if not isinstance(handle, _Done):
            handle.cancel()

    def _cancel(self, handles: Sequence[Any]) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)  # files not started are not started
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
