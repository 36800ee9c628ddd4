"""IFC-MCQ generation jobs, benchmarks (browse with filters) and evaluation runs with their reports.

Benchmarks are ``<models_dir>/benchmarks/<id>.jsonl`` (+ ``<id>.manifest.json``), written by generation jobs
through :func:`ifcqa.mcq.runner.generate_bench` (the code of ``ifcqa mcq generate``) or copied there. Runs are
folders ``<models_dir>/runs/<id>/`` written by ``ifcqa eval -o``; their report is the one of ``ifcqa report``
(:func:`ifcqa.eval.report.write_report`), written to ``runs/<id>/report/`` on first request and again when
the run has changed since.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, StreamingResponse
from pydantic import BaseModel, Field

from ifcqa.service.errors import ApiError
from ifcqa.service.jobs import Report
from ifcqa.service.sse import MEDIA_TYPE, SSE_HEADERS, sse_event
from ifcqa.service.state import get_state, off_loop
from ifcqa.service.store import ModelStore, check_id

router = APIRouter()
POLL_S = 0.1
REPORT_FILES = {"report.md": "text/markdown; charset=utf-8", "report.html": "text/html; charset=utf-8",
                "plot.png": "image/png"}
PLOT_FIGURE = "accuracy_by_category.png"  # plot.png: the report's main figure


class McqBody(BaseModel):
    """What decides the benchmark's content (as ``ifcqa mcq generate --cap --seed``)."""

    cap: int = Field(default=10, ge=1, le=200, description="Items per category at most.")
    seed: int = Field(default=0, ge=0, le=2**31 - 1, description="Seed of option sampling and shuffling.")


# -- MCQ generation jobs ---------------------------------------------------------------------------
@router.post("/api/models/{model_id}/mcq", status_code=202)
async def generate_mcq(request: Request, model_id: str, body: McqBody | None = None) -> dict[str, Any]:
    """Start generating an IFC-MCQ benchmark of the model; follow it at ``/api/jobs/{job}`` or its events."""
    state = get_state(request)
    store = state.store
    record = await off_loop(store.get, model_id)
    settings = body or McqBody()
    bench_id = f"{record.id}-cap{settings.cap}-seed{settings.seed}"

    def work(report: Report) -> dict[str, Any]:
        from ifcqa.index.geometry import reporting_progress
        from ifcqa.mcq.runner import RunSettings, generate_bench

        report("indexing", 0.05, None)
        store.load(record)  # the index, cached: generation then reads it from the cache
        report("generating", 0.1, None)
        store.benchmarks_dir.mkdir(parents=True, exist_ok=True)
        out = store.benchmarks_dir / f"{bench_id}.jsonl"
        geometry = lambda done: report("geometry", 0.1 + 0.6 * done, None)  # noqa: E731 - the box pass, in this thread
        with reporting_progress(geometry):
            manifest = generate_bench([record.path], out, RunSettings(seed=settings.seed, cap=settings.cap,
                                                                      cache_dir=store.cache_dir), jobs=1,
                                      on_done=lambda result: report("verified", 0.9, {"items": len(result.items)}))
        return {"benchmark": bench_id, "items": manifest.total_items, "model": record.id}

    job = state.jobs.submit("mcq", work)
    return {"job": job.id}


@router.get("/api/jobs/{job_id}")
async def job_status(request: Request, job_id: str) -> dict[str, Any]:
    """A job's state, progress (0..1), stage, and its result or error."""
    return get_state(request).jobs.get(job_id).to_json()


@router.post("/api/jobs/{job_id}/cancel")
async def cancel_job(request: Request, job_id: str) -> dict[str, Any]:
    """Cancel a queued job, or a running one at its next progress step; answers the job's state."""
    return get_state(request).jobs.cancel(job_id).to_json()


@router.get("/api/jobs/{job_id}/events", response_class=StreamingResponse,
            responses={200: {"content": {MEDIA_TYPE: {}}, "description": "progress events, then done or error"}})
async def job_events(request: Request, job_id: str) -> StreamingResponse:
    """The job's events from its start: ``progress`` ones, then ``done`` (with the result) or ``error``."""
    jobs = get_state(request).jobs
    job = jobs.get(job_id)

    async def events() -> AsyncIterator[bytes]:
        sent = 0
        while True:
            new, ended = jobs.events_since(job, sent)
            for event, data in new:
                yield sse_event(event, data)
            sent += len(new)
            if ended and not new or await request.is_disconnected():
                return
            if not new:
                await asyncio.sleep(POLL_S)

    return StreamingResponse(events(), media_type=MEDIA_TYPE, headers=SSE_HEADERS)


# -- benchmarks ------------------------------------------------------------------------------------
def _bench_path(store: ModelStore, bench_id: str) -> Path:
    check_id(bench_id, "benchmark")
    path = store.benchmarks_dir / f"{bench_id}.jsonl"
    if not path.is_file():
        raise ApiError(404, "not_found", f"No benchmark {bench_id!r}. List them with GET /api/benchmarks.")
    return path


def _created(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _list_benchmarks(store: ModelStore) -> list[dict[str, Any]]:
    from ifcqa.mcq.benchfile import read_manifest

    rows: list[dict[str, Any]] = []
    if not store.benchmarks_dir.is_dir():
        return rows
    for path in sorted(store.benchmarks_dir.glob("*.jsonl")):
        if not check_safe(path.stem):
            continue
        try:
            manifest = read_manifest(path)
        except Exception:  # a damaged manifest: the benchmark is still listed, counted by its lines
            manifest = None
        if manifest is not None:
            items = manifest.total_items
            models = [entry.sha256[:16] for entry in manifest.files]
        else:
            with path.open("rb") as handle:
                items = sum(1 for line in handle if line.strip())
            models = []
        rows.append({"id": path.stem, "items": items, "model": models[0] if len(models) == 1 else models or None,
                     "created": _created(path)})
    return rows


def check_safe(name: str) -> bool:
    try:
        check_id(name, "benchmark")
    except ApiError:
        return False
    return True


@router.get("/api/benchmarks")
async def benchmarks(request: Request) -> dict[str, Any]:
    """The benchmarks in ``<models_dir>/benchmarks``: id, item count, model id(s), created."""
    return {"benchmarks": await off_loop(_list_benchmarks, get_state(request).store)}


@router.get("/api/benchmarks/{bench_id}/items")
async def benchmark_items(
    request: Request,
    bench_id: str,
    subtype: str | None = Query(None, description="A subtype code (exact) or a prefix ending in '.'."),
    category: str | None = Query(None, description="A category code (group.category) or its last part."),
    offset: int = Query(0, ge=0),
    limit: int = Query(50, ge=0, le=1000),
) -> dict[str, Any]:
    """A page of a benchmark's items (question, options, key and provenance), filtered by subtype/category."""
    store = get_state(request).store
    path = await off_loop(_bench_path, store, bench_id)
    items = await off_loop(store.benchmark_items, path)

    def keep(item: Any) -> bool:
        if subtype and not (item.subtype == subtype or (subtype.endswith(".") and item.subtype.startswith(subtype))):
            return False
        return not category or category in (item.category, item.category.rsplit(".", 1)[-1])

    chosen = [item for item in items if keep(item)]
    return {"total": len(chosen), "offset": offset,
            "items": [item.model_dump(mode="json") for item in chosen[offset: offset + limit]]}


# -- evaluation runs and reports -------------------------------------------------------------------
def _run_dir(store: ModelStore, run_id: str) -> Path:
    check_id(run_id, "run")
    path = store.runs_dir / run_id
    if not path.is_dir():
        raise ApiError(404, "not_found", f"No run {run_id!r}. List them with GET /api/runs; write one with "
                                         f"`ifcqa eval BENCH.jsonl --agent NAME -o {store.runs_dir}/NAME`.")
    return path


def _list_runs(store: ModelStore) -> list[dict[str, Any]]:
    from ifcqa.errors import IfcqaError
    from ifcqa.eval.loaders import load_run
    from ifcqa.eval.summary import accuracy_cell

    rows: list[dict[str, Any]] = []
    if not store.runs_dir.is_dir():
        return rows
    for path in sorted(store.runs_dir.iterdir()):
        if not path.is_dir() or not check_safe(path.name):
            continue
        try:
            run = load_run(path)
        except IfcqaError:
            continue  # not a run folder
        cell = accuracy_cell(run.records)
        rows.append({"id": path.name, "agent": run.agent, "model": run.model, "n": cell["n"],
                     "accuracy": cell["accuracy"], "n_errors": cell["n_errors"]})
    return rows


@router.get("/api/runs")
async def runs(request: Request) -> dict[str, Any]:
    """The evaluation runs in ``<models_dir>/runs``: id, agent, model, items, accuracy, errors."""
    return {"runs": await off_loop(_list_runs, get_state(request).store)}


def _report(store: ModelStore, run_id: str) -> Path:
    """The run's report folder, written by ``ifcqa report``'s code when missing or older than the run."""
    from ifcqa.eval.report import write_report

    run = _run_dir(store, run_id)
    out = run / "report"
    sources = [p.stat().st_mtime_ns for p in run.iterdir() if p.is_file()]
    newest = max(sources, default=0)
    done = out / "report.html"
    if not done.is_file() or done.stat().st_mtime_ns < newest:
        write_report([run], out)
    return out


@router.get("/api/runs/{run_id}/{name}", response_class=FileResponse,
            responses={200: {"content": {"text/markdown": {}, "text/html": {}, "image/png": {}}}})
async def run_report(request: Request, run_id: str, name: str) -> FileResponse:
    """``report.md``, ``report.html`` or ``plot.png`` (accuracy by category) of ``ifcqa report`` on this run;
    the report's other figures by their file name (``tool_calls.png``...)."""
    folder = await off_loop(_report, get_state(request).store, run_id)
    file = PLOT_FIGURE if name == "plot.png" else name
    path = folder / file
    if not check_safe(file) or not path.is_file() or (name not in REPORT_FILES and not name.endswith(".png")):
        shown = ", ".join(sorted({*REPORT_FILES, *(p.name for p in folder.glob('*.png'))}))
        raise ApiError(404, "not_found", f"No report file {name!r} for run {run_id}. Files: {shown}.")
    media = REPORT_FILES.get(name, "image/png")
    return FileResponse(path, media_type=media)
