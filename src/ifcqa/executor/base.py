"""The one interface for per-file work, and the loop both implementations share.

An :class:`Executor` runs a picklable function over a list of inputs (one per file) and returns one
:class:`Outcome` per input, **in input order** whatever order the workers finish in, so the same
inputs give the same output on any executor and any number of workers. While it runs it reports
progress (files done / failed / running) and each finished file; a file whose work raised is tried
again up to ``retries`` more times (a lost worker, a full disk, an out-of-memory kill), except for
an input error (:class:`~ifcqa.errors.IfcqaError`: the file itself is bad, so every try would fail
the same way). A file that failed every try is an :class:`Outcome` carrying a :class:`TaskFailure`
(the error and the number of tries), or, with ``fail_fast``, stops the run and its error is raised.

The implementations only say how to submit one call, wait for some to finish and read a result:
:mod:`ifcqa.executor.local` (processes on this machine, the default) and
:mod:`ifcqa.executor.dask_cluster` (a Dask distributed cluster). Nothing above this package knows
which one runs.
"""

from __future__ import annotations

import itertools
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ifcqa.errors import IfcqaError

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_RETRIES = 2  # tries after the first, for a file whose work failed for a reason other than its input
POLL_SECONDS = 0.5  # how often progress (the running count) is refreshed while nothing finishes


@dataclass(frozen=True)
class TaskFailure:
    """A file that failed every try: its key (the file), the last error and how many tries were made."""

    key: str
    error: str  # one line: the exception's message, prefixed by its class unless it is an input error
    error_type: str
    attempts: int

    def to_json(self) -> dict[str, Any]:
        return {"file": self.key, "error": self.error, "error_type": self.error_type, "attempts": self.attempts}


@dataclass
class Outcome(Generic[R]):
    """What one input gave: a value, or a failure (and the exception, in this process only)."""

    index: int
    key: str
    value: R | None = None
    failure: TaskFailure | None = None
    attempts: int = 1


@dataclass(frozen=True)
class ProgressState:
    """Where a run stands: files done, failed (every try), running now, out of ``total``."""

    total: int
    done: int
    failed: int
    running: int


OnProgress = Callable[[ProgressState], None]
OnOutcome = Callable[[Outcome[Any]], None]  # each finished file, in completion order


class Requeue(Exception):
    """Raised by an implementation for work lost before it started (not charged as a try)."""


def describe(exc: BaseException) -> str:
    """One line for an error: an input error's own message, anything else prefixed with its class."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if isinstance(exc, IfcqaError) else f"{type(exc).__name__}: {text}"


def retryable(exc: BaseException) -> bool:
    """Whether another try could succeed: not for an input error (the file is what is wrong)."""
    return not isinstance(exc, IfcqaError)


class Executor(ABC):
    """Runs per-file work; see the module docstring. Use as a context manager (it owns its workers)."""

    def __init__(self, retries: int = DEFAULT_RETRIES) -> None:
        if retries < 0:
            raise IfcqaError(f"--retries must be 0 or more, not {retries}.")
        self.retries = retries
        self._calls = itertools.count(1)  # numbers the single calls of :meth:`call` (unique task keys)

    # -- what an implementation provides ---------------------------------------------------
    @property
    @abstractmethod
    def workers(self) -> int:
        """How many files can run at once."""

    @abstractmethod
    def _submit(self, fn: Callable[[Any], Any], arg: Any, key: str) -> Any:
        """Start ``fn(arg)``; return a handle (hashable)."""

    @abstractmethod
    def _wait(self, handles: Sequence[Any], timeout: float) -> set[Any]:
        """Block until at least one handle finished or ``timeout`` passed; return the finished ones."""

    @abstractmethod
    def _result(self, handle: Any) -> Any:
        """The value of a finished handle; raises its error (:class:`Requeue` for work never started)."""

    @abstractmethod
    def _running(self, handles: Sequence[Any]) -> int:
        """How many of ``handles`` are running now."""

    def _cancel(self, handles: Sequence[Any]) -> None:  # noqa: B027 - optional: nothing to stop by default
        """Stop work not yet finished (best effort)."""

    def close(self) -> None:  # noqa: B027 - optional: nothing to release by default
        """Release the workers."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one call at a time, from any thread ----------------------------------------------
    def call(self, fn: Callable[[T], R], arg: T, key: str) -> R:
        """Run ``fn(arg)`` on a worker and wait for its value, in the calling thread; retried as in :meth:`map`.

        For work that comes one piece at a time from several threads (the code agent's sandboxed runs:
        each run depends on the model's reply to the one before). Safe to call from many threads at
        once; each call is its own task. ``key`` names it in the cluster's task list.

        Raises:
            the error of the last try (an input error on the first), like ``map(..., fail_fast=True)``.
        """
        number = next(self._calls)
        attempts = requeued = 0
        while True:
            attempts += 1
            handle = self._submit(fn, arg, f"{key}@{number}#{attempts}")
            try:
                while not self._wait([handle], POLL_SECONDS):
                    pass
                return self._result(handle)  # type: ignore[no-any-return]
            except Requeue:
                attempts -= 1
                requeued += 1
                if requeued > 10:
                    raise IfcqaError("workers keep dying before starting any work; see their logs") from None
            except Exception as exc:
                if not retryable(exc) or attempts > self.retries:
                    raise
            except BaseException:
                self._cancel_one(handle)
                raise

    def _cancel_one(self, handle: Any) -> None:  # noqa: B027 - optional: nothing to stop by default
        """Stop one call of :meth:`call` that its caller no longer waits for (best effort)."""

    # -- the shared loop -------------------------------------------------------------------
    def map(
        self,
        fn: Callable[[T], R],
        args: Sequence[T] | Callable[[int], T],
        keys: Sequence[str],
        *,
        on_progress: OnProgress | None = None,
        on_outcome: OnOutcome | None = None,
        fail_fast: bool = False,
    ) -> list[Outcome[R]]:
        """Run ``fn`` over every input; return one outcome per input, in input order.

        ``args`` is a sequence, or a function of the input's position called just before it is
        submitted (so that, say, a file's bytes are read only when it is sent). At most twice as many
        calls as workers are in flight (re-read as a cluster grows), so inputs are not all held at once.

        Raises:
            the error of the first input that failed every try, when ``fail_fast`` (the rest is cancelled).
        """
        total = len(keys)
        arg_of: Callable[[int], T] = args if callable(args) else args.__getitem__
        results: list[Outcome[R] | None] = [None] * total
        attempts = [0] * total
        queue: deque[int] = deque(range(total))
        pending: dict[Any, int] = {}
        done = failed = requeued = 0
        window = max(2, 2 * self.workers)
        last_state: ProgressState | None = None
        last_report = 0.0

        def report(force: bool = False) -> None:
            nonlocal last_state, last_report
            if on_progress is None:
                return
            now = time.monotonic()
            if not force and now - last_report < POLL_SECONDS:
                return
            state = ProgressState(total, done, failed, self._running(list(pending)) if pending else 0)
            last_report = now
            if state != last_state:
                last_state = state
                on_progress(state)

        try:
            report(force=True)
            while queue or pending:
                if queue and len(pending) >= window:
                    window = max(2, 2 * self.workers)  # a cluster may have grown (adaptive scaling)
                while queue and len(pending) < window:
                    i = queue.popleft()
                    attempts[i] += 1
                    pending[self._submit(fn, arg_of(i), f"{keys[i]}#{attempts[i]}")] = i
                finished = self._wait(list(pending), POLL_SECONDS)
                for handle in sorted(finished, key=pending.__getitem__):
                    i = pending.pop(handle)
                    try:
                        value = self._result(handle)
                    except Requeue:
                        attempts[i] -= 1
                        requeued += 1
                        if requeued > 10 * total + 10:
                            raise IfcqaError("workers keep dying before starting any work; see their logs") from None
                        queue.appendleft(i)
                        continue
                    except Exception as exc:  # noqa: BLE001 - every worker error is retried or recorded
                        if retryable(exc) and attempts[i] <= self.retries:
                            queue.appendleft(i)
                            continue
                        if fail_fast:
                            raise
                        failure = TaskFailure(keys[i], describe(exc), type(exc).__name__, attempts[i])
                        results[i] = Outcome(i, keys[i], failure=failure, attempts=attempts[i])
                        failed += 1
                    else:
                        results[i] = Outcome(i, keys[i], value=value, attempts=attempts[i])
                        done += 1
                    if on_outcome is not None:
                        outcome = results[i]
                        assert outcome is not None
                        on_outcome(outcome)
                    report(force=True)
                report()
        except BaseException:
            self._cancel(list(pending))
            raise
        return [outcome for outcome in results if outcome is not None]
