"""``ifcqa spatial-bench --jobs N | --dask ADDRESS``: each model's queries as one unit of work.

The queries of one model depend on that model only: its index, its graph, its IfcOpenShell oracle and
its answers. So each model with its queries is one task (:func:`run_model_queries`, which is
:func:`ifcqa.spatial.bench.run_bench` over those queries on the worker), and the records are put
back in the query set's order, so ``records.jsonl`` and ``summary.json`` are the same as a run in
one process apart from the latencies.

What differs on workers, and why:

* **latency** is measured on the worker around each ``ask`` (warm, as in one process), while other
  workers run on the same machine: compare latencies between runs of the same executor setup only;
  the default (no ``--jobs``/``--dask``) keeps every query in the command's own process.
* **the embedded graph store**: one Kùzu database takes one writing process, so a worker loads each
  model into a database of its own, ``<store>/by-model/<sha256 prefix>/`` (``<store>`` being
  ``--store``, else ``<cache dir>/graph`` on the worker). ``--neo4j``: each worker opens its own
  connection to the server.
* **the LLM planner** (``--model``): each worker makes its own client from the model name, endpoint
  and API key variable (which must be set on the worker).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.spatial.bench import QuerySetError, run_bench, summarise
from ifcqa.spatial.fallback import DEFAULT_MODE

if TYPE_CHECKING:
    from ifcqa.executor import Executor, FileRef, Outcome, ProgressState

BY_MODEL = "by-model"  # the folder of per-model embedded databases under the store folder


@dataclass(frozen=True)
class Planner:
    """What a worker needs to make its own LLM planner (``--model``); ``model`` None: the rules only."""

    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    mode: str = DEFAULT_MODE  # ifcqa.spatial.fallback.MODES


@dataclass(frozen=True)
class BenchSettings:
    """The settings of a run that every model's task carries (the command's options)."""

    use_graph: bool = True
    store_dir: str | None = None  # the embedded store folder (None: <worker cache dir>/graph)
    neo4j: str | None = None
    cache_dir: str | None = None
    no_cache: bool = False
    planner: Planner = Planner()


@dataclass(frozen=True)
class ModelQueries:
    """One model's queries, as a unit of work: the model (a path or its bytes), its queries, the settings."""

    model: FileRef
    queries: tuple[dict[str, Any], ...]
    settings: BenchSettings


def run_model_queries(job: ModelQueries) -> list[dict[str, Any]]:
    """Run and score ``job``'s queries on this machine; the records in ``job.queries`` order."""
    from ifcqa.executor import local_path
    from ifcqa.graph import open_store
    from ifcqa.index.cache import IndexCache

    settings = job.settings
    path = local_path(job.model)
    cache = None if settings.no_cache else IndexCache(Path(settings.cache_dir) if settings.cache_dir else None)
    server = open_store(settings.neo4j) if settings.neo4j and settings.use_graph else None
    (name,) = {q["ifc_filename"] for q in job.queries}
    queries = [{**q, "ifc_filename": path.name} for q in job.queries]  # the worker's copy may have another folder
    try:
        records, _ = run_bench(
            queries, path.parent, store=server, store_dir=_model_store(job, path), use_graph=settings.use_graph,
            cache=cache, planner=_planner(settings.planner),
        )  # fmt: skip
    finally:
        if server is not None:
            server.close()
    return [{**record, "model": name} for record in records]


def _model_store(job: ModelQueries, path: Path) -> Path | None:
    """The worker's embedded database for this model: ``<store>/by-model/<sha256 prefix>``."""
    settings = job.settings
    if settings.neo4j or not settings.use_graph:
        return None
    from ifcqa.files.hashing import file_sha256
    from ifcqa.graph.store import default_store_dir

    sha = job.model.sha256 or file_sha256(path)
    base = Path(settings.store_dir) if settings.store_dir else default_store_dir()
    return base / BY_MODEL / sha[:16]


def _planner(planner: Planner) -> Callable[[Any], Any] | None:
    if not planner.model:
        return None
    from ifcqa.spatial.llm_plan import planner_factory

    return planner_factory(planner.model, planner.base_url, planner.api_key_env, planner.mode)


def run_bench_on(
    executor: Executor,
    queries: Sequence[dict[str, Any]],
    ifc_dir: Path,
    settings: BenchSettings,
    *,
    ship_files: bool = False,
    on_progress: Callable[[ProgressState], None] | None = None,
    on_outcome: Callable[[Outcome[Any]], None] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """:func:`~ifcqa.spatial.bench.run_bench` with each model's queries a task on ``executor``.

    The records come back in the order of ``queries``; the summary is made from them here.

    Raises:
        QuerySetError: a query's model is not in ``ifc_dir`` (the first such query, as in one process).
        the first task's error that failed every try.
    """
    from ifcqa.executor import ship

    groups: dict[str, list[int]] = {}
    for position, q in enumerate(queries):
        name = q["ifc_filename"]
        if name not in groups and not (ifc_dir / name).is_file():
            raise QuerySetError(f"Query {q['id']}: model {name} is not in {ifc_dir}. Pass --ifc-dir.")
        groups.setdefault(name, []).append(position)
    names = list(groups)

    def job(i: int) -> ModelQueries:
        positions = groups[names[i]]
        ref = ship(ifc_dir / names[i], ship_files)
        return ModelQueries(ref, tuple(queries[p] for p in positions), settings)

    outcomes = executor.map(run_model_queries, job, names, on_progress=on_progress, on_outcome=on_outcome,
                            fail_fast=True)  # fmt: skip
    records: list[dict[str, Any]] = [{} for _ in queries]
    for name, outcome in zip(names, outcomes, strict=True):
        for position, record in zip(groups[name], outcome.value or [], strict=True):
            records[position] = record
    return records, summarise(records)
