"""Background jobs (MCQ generation): a worker thread each, their progress as a list of events.

A job is ``queued`` until a worker takes it, ``running`` while it works, then ``done`` (with ``result``) or
``failed`` (with ``error`` in the shared shape). Every change is appended to the job's events, which
``GET /api/jobs/{job}/events`` streams (all past events first, so a late client sees the whole history).
Jobs live in memory; the newest :data:`KEEP` are kept. At most ``workers`` jobs run at once, and at most
``max_pending`` are queued or running: one more is refused with 429. :meth:`Jobs.cancel` ends a queued
job at once and a running one at its next progress report (state ``cancelled``).
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.service.errors import ApiError, error_body

KEEP = 200
TERMINAL = ("done", "failed", "cancelled")
MAX_PENDING = 4  # jobs queued or running at once, by default


class JobCancelled(Exception):
    """Raised inside a job's work by its progress report once the job was cancelled."""

Report = Callable[[str, float, dict[str, Any] | None], None]  # (stage, progress 0..1, extra) from the worker
Work = Callable[[Report], dict[str, Any]]


@dataclass
class Job:
    id: str
    kind: str
    state: str = "queued"
    progress: float = 0.0
    stage: str = "queued"
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    cancelled: bool = False

    def to_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state,
                                 "progress": round(self.progress, 3), "stage": self.stage}
        if self.result is not None:
            shown["result"] = self.result
        if self.error is not None:
            shown.update(self.error)
        return shown


class Jobs:
    """The job registry of one service."""

    def __init__(self, workers: int = 1, max_pending: int = MAX_PENDING) -> None:
        self.max_pending = max_pending
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ifcqa-job")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def submit(self, kind: str, work: Work) -> Job:
        job = Job(uuid.uuid4().hex[:16], kind)
        job.events.append(("progress", {"state": "queued", "stage": "queued", "progress": 0.0}))
        with self._lock:
            pending = sum(1 for other in self._jobs.values() if other.state not in TERMINAL)
            if pending >= self.max_pending:
                raise ApiError(429, "too_many_jobs", f"{pending} jobs are queued or running already (at most "
                                                     f"{self.max_pending}); wait for one to end or cancel one.")
            self._jobs[job.id] = job
            while len(self._jobs) > KEEP:
                oldest = next(iter(self._jobs))
                if self._jobs[oldest].state not in TERMINAL:
                    break
                self._jobs.popitem(last=False)
        self._pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str) -> Job:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise ApiError(404, "not_found", f"No job {job_id!r}: jobs are kept in memory until the server stops.")
        return job

    def cancel(self, job_id: str) -> Job:
        """Cancel a queued or running job (409 for one that has ended)."""
        job = self.get(job_id)
        with self._lock:
            if job.state in TERMINAL:
                raise ApiError(409, "job_ended", f"Job {job_id} has ended ({job.state}); there is nothing to cancel.")
            job.cancelled = True
            if job.state == "queued":
                self._cancelled(job)
        return job

    def _cancelled(self, job: Job) -> None:
        job.state, job.stage = "cancelled", "cancelled"
        job.events.append(("error", error_body("cancelled", f"Job {job.id} was cancelled.")))

    def _run(self, job: Job, work: Work) -> None:
        with self._lock:
            if job.cancelled:  # cancelled while queued
                return

        def report(stage: str, progress: float, extra: dict[str, Any] | None = None) -> None:
            with self._lock:
                if job.cancelled:
                    raise JobCancelled()
                job.state, job.stage, job.progress = "running", stage, max(job.progress, min(progress, 1.0))
                job.events.append(("progress", {"state": "running", "stage": stage, "progress": job.progress,
                                                **(extra or {})}))

        try:
            report("started", 0.0)
            result = work(report)
        except JobCancelled:
            with self._lock:
                self._cancelled(job)
        except ApiError as exc:
            self._finish(job, error=error_body(exc.code, exc.message))
        except IfcqaError as exc:
            from ifcqa.service.guard import without_paths

            self._finish(job, error=error_body(exc.code, without_paths(str(exc))))
        except Exception as exc:  # a bug: the job fails with one line, the server lives
            self._finish(job, error=error_body("internal_error", f"{job.kind} job failed unexpectedly "
                                                                 f"({type(exc).__name__}: {exc}); a bug in ifcqa."))
        else:
            self._finish(job, result=result)

    def _finish(self, job: Job, result: dict[str, Any] | None = None, error: dict[str, Any] | None = None) -> None:
        with self._lock:
            if error is not None:
                job.state, job.error = "failed", error
                job.events.append(("error", error))
            else:
                job.state, job.result, job.progress, job.stage = "done", result, 1.0, "done"
                job.events.append(("done", {"state": "done", "progress": 1.0, "result": result}))

    def events_since(self, job: Job, start: int) -> tuple[list[tuple[str, dict[str, Any]]], bool]:
        """The job's events from ``start`` on, and whether the job has ended."""
        with self._lock:
            return list(job.events[start:]), job.state in TERMINAL

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
