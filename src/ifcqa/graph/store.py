"""The graph store interface and its registry: a second backend is one module with :func:`graph_store`.

A store holds the graphs of several models (each node tagged with its model) and answers read-only
Cypher. Loading is idempotent and incremental by file hash: a model whose SHA-256 is already stored
is skipped; a file whose content changed replaces its old graph.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ifcqa.errors import IfcqaError
from ifcqa.files.cachedir import default_cache_dir
from ifcqa.index.model_index import ModelIndex
from ifcqa.registry import Loader, kind

if TYPE_CHECKING:
    from ifcqa.graph.projection import GraphData


class GraphError(IfcqaError):
    """The graph store cannot be used (missing backend, locked or damaged folder, failing query)."""

    code = "graph_error"


@dataclass(frozen=True)
class LoadReport:
    """What loading one model did: ``loaded``, ``unchanged`` (hash already stored) or ``replaced``."""

    path: str
    model: str
    sha256: str
    status: str
    nodes: int
    edges: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path, "model": self.model, "sha256": self.sha256, "status": self.status,
            "nodes": self.nodes, "edges": self.edges, "seconds": round(self.seconds, 3),
        }


MODELS_QUERY = (
    "MATCH (m:Model) RETURN m.sha256 AS sha256, m.model AS model, m.path AS path, m.file AS file, "
    "m.schema AS schema, m.nodes AS nodes, m.edges AS edges ORDER BY m.path"
)
_STORED_QUERY = (
    "MATCH (m:Model) RETURN m.sha256 AS sha256, m.model AS model, m.path AS path, m.nodes AS nodes, "
    "m.edges AS edges, m.digest AS digest"
)


@dataclass
class LoadPlan:
    """What loading one model into a store has to do, the same for every backend.

    ``unchanged`` is the report to return when the stored projection is the same (nothing to do);
    ``replaced`` are the stored models to delete first: the same path with other content, or the same
    file projected differently (a newer index build).
    """

    path: str
    tag: str
    graph: GraphData
    digest: str
    unchanged: LoadReport | None
    replaced: list[dict[str, Any]]


def plan_load(index: ModelIndex, read: Callable[[str], list[dict[str, Any]]], start: float) -> LoadPlan:
    """Project ``index`` and compare it with the models ``read`` (a read query of the store) returns."""
    from ifcqa.graph.projection import model_tag, project

    source = index.data.source
    path = str(Path(source.path).resolve())
    tag = model_tag(index)
    graph = project(index)
    digest = graph.digest()
    stored = {m["sha256"]: m for m in read(_STORED_QUERY)}
    same = stored.get(source.sha256)
    unchanged = None
    if same is not None and same["digest"] == digest:
        unchanged = LoadReport(path, tag, source.sha256, "unchanged", same["nodes"], same["edges"],
                               time.perf_counter() - start)
    replaced = [m for m in stored.values() if m["path"] == path or m["sha256"] == source.sha256]
    return LoadPlan(path, tag, graph, digest, unchanged, replaced)


class GraphStore(ABC):
    """A graph database holding the projections of several models (see :mod:`ifcqa.graph.projection`)."""

    name: str = "abstract"

    @abstractmethod
    def load(self, index: ModelIndex) -> LoadReport:
        """Store the graph of ``index`` unless its file hash is stored already (then report ``unchanged``)."""

    @abstractmethod
    def models(self) -> list[dict[str, Any]]:
        """The stored models: ``sha256``, ``model`` (tag), ``path``, ``schema``, ``nodes``, ``edges``."""

    @abstractmethod
    def run(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a trusted read query (ifcqa's own) and return rows as dicts keyed by the RETURN names."""

    def query(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a user's query after the read-only check (:func:`~ifcqa.graph.readonly.check_read_only`)."""
        from ifcqa.graph.readonly import check_read_only

        check_read_only(query)
        return self.run(query, parameters)

    def close(self) -> None:  # noqa: B027  (optional for backends)
        """Release the database."""

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


StoreFactory = Callable[..., GraphStore]
# graph_store:<backend>; the built-in backends, then the ``ifcqa.graph_stores`` plug-ins
GRAPH_STORES = kind(
    "graph_store",
    "graph backends",
    Loader(modules=("ifcqa.graph.kuzu_store", "ifcqa.graph.neo4j_store"), groups=("ifcqa.graph_stores",)),
)


def graph_store(
    name: str, *, location: Literal["folder", "uri"] = "uri", schemes: tuple[str, ...] = ()
) -> Callable[[StoreFactory], StoreFactory]:
    """Register a store factory under ``name`` (called with ``location`` and ``read_only``).

    ``location``: what the store lives in: a ``folder`` (given as a :class:`~pathlib.Path`; the default is
    :func:`default_store_dir`), or a ``uri`` of a server, which must be given. ``schemes``: the URI schemes that
    name this backend (``bolt``, ``neo4j``), so ``open_store("bolt://host:7687")`` and ``--graph-server URI``
    reach it with no other change.
    """
    return GRAPH_STORES.decorator(name, location=location, schemes=schemes)


def backend_of(uri: str) -> str:
    """The registered backend whose schemes hold ``uri``'s scheme.

    Raises:
        GraphError: no backend registers that scheme (the message lists the schemes that do).
    """
    scheme = uri.split("://", 1)[0].casefold() if "://" in uri else ""
    known = {s: name for name, entry in GRAPH_STORES.entries().items() for s in entry.info.get("schemes", ())}
    if scheme not in known:
        raise GraphError(
            f"No graph backend serves {uri!r}. Give a URI of one of the schemes {', '.join(sorted(known))} "
            "(e.g. bolt://localhost:7687), or a folder for the embedded store."
        )
    return known[scheme]


def default_store_dir() -> Path:
    """``<index cache folder>/graph``: where ``ifcqa graph load`` keeps the embedded database by default."""
    return default_cache_dir() / "graph"


def open_store(
    location: str | Path | None = None, *, backend: str | None = None, read_only: bool = False
) -> GraphStore:
    """Open the store of ``backend`` at ``location``: a folder for ``kuzu`` (default :func:`default_store_dir`),
    a Bolt URI for ``neo4j``. Without ``backend``, a URI picks the backend registering its scheme
    (:func:`backend_of`) and anything else is the embedded store.

    Raises:
        GraphError: unknown backend, or the database cannot be opened (the message says why).
    """
    if backend is None:
        backend = backend_of(location) if isinstance(location, str) and "://" in location else "kuzu"
    backends = GRAPH_STORES.entries()  # a backend's driver is imported only when it is opened
    if backend not in backends:
        raise GraphError(f"Unknown graph backend {backend!r}. Available: {', '.join(sorted(backends))}.")
    factory: StoreFactory = backends[backend].obj
    if backends[backend].info["location"] == "folder":
        return factory(location=Path(location) if location else default_store_dir(), read_only=read_only)
    if not location:
        raise GraphError(f"The {backend} graph store needs a location (e.g. --neo4j bolt://localhost:7687).")
    return factory(location=str(location), read_only=read_only)
