"""The embedded graph store: Kùzu (``kuzu==0.11.3``), in process, one database file, Cypher.

Why Kùzu: it runs in process with no server, speaks Cypher (the subset ifcqa uses is also Neo4j's),
and 0.11.3 installs from PyPI as a wheel with its extensions bundled, so it works offline. Its
upstream repository is archived; the maintained fork downloads extensions at run time, which fails
offline. The version is pinned; another backend is one module registered with ``@graph_store``.

Schema: one node table per label of :mod:`ifcqa.graph.projection` plus ``Model`` (one row per
stored file), and one relationship table per edge type between the label pairs of ``EDGE_PAIRS``.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.graph.projection import EDGE_PAIRS, EDGE_TYPES, NODE_LABELS, NODE_PROPERTIES, model_tag, project
from ifcqa.graph.store import GraphError, GraphStore, LoadReport, graph_store
from ifcqa.index.model_index import ModelIndex

SCHEMA_VERSION = "4"
DB_FILE = f"ifcqa-v{SCHEMA_VERSION}.kuzu"  # a new schema gets a new file: old stores are never misread
_MODEL_PROPS = "sha256 STRING PRIMARY KEY, model STRING, path STRING, file STRING, schema STRING, " \
    "nodes INT64, edges INT64, schema_version STRING, digest STRING"


@graph_store("kuzu")
class KuzuStore(GraphStore):
    """A Kùzu database in ``location`` (a folder; the database is the file :data:`DB_FILE` in it)."""

    name = "kuzu"

    def __init__(self, location: Path, read_only: bool = False) -> None:
        try:
            import kuzu
        except ImportError:  # pragma: no cover - kuzu is a dependency
            raise GraphError("The embedded graph store needs kuzu: pip install 'kuzu==0.11.3'.") from None
        self.location = location
        self.read_only = read_only
        path = location / DB_FILE
        if read_only and not path.exists():
            raise GraphError(
                f"No graph store in {location}. Load models first: ifcqa graph load FILE --store {location}"
            )
        try:
            location.mkdir(parents=True, exist_ok=True)
            self._db = kuzu.Database(str(path), read_only=read_only)
            self._conn = kuzu.Connection(self._db)
        except (RuntimeError, OSError, MemoryError) as exc:  # locked by another process, or damaged
            raise GraphError(
                f"Cannot open the graph store {path}: {_first_line(exc)}. If no other ifcqa process uses it, the "
                f"store may be damaged: delete {location} and load the models again (ifcqa graph load)."
            ) from None
        self._lock = threading.Lock()
        if not read_only:
            self._ensure_schema()

    # -- schema ----------------------------------------------------------------------------
    def _tables(self) -> set[str]:
        rows = self._execute("CALL show_tables() RETURN name")
        return {r["name"] for r in rows}

    def _ensure_schema(self) -> None:
        existing = self._tables()
        if "Model" in existing:
            return
        props = ", ".join(
            f"{name} {kind}" + (" PRIMARY KEY" if name == "uid" else "") for name, kind in NODE_PROPERTIES
        )
        statements = [f"CREATE NODE TABLE {label}({props})" for label in NODE_LABELS]
        for edge in EDGE_TYPES:
            sources, targets = EDGE_PAIRS[edge]
            pairs = ", ".join(f"FROM {a} TO {b}" for a in sources for b in targets)
            statements.append(f"CREATE REL TABLE {edge}({pairs}, via STRING)")
        statements.append(f"CREATE NODE TABLE Model({_MODEL_PROPS})")
        self._transaction(statements)

    # -- loading ---------------------------------------------------------------------------
    def models(self) -> list[dict[str, Any]]:
        return self._execute(
            "MATCH (m:Model) RETURN m.sha256 AS sha256, m.model AS model, m.path AS path, m.file AS file, "
            "m.schema AS schema, m.nodes AS nodes, m.edges AS edges ORDER BY m.path"
        )

    def load(self, index: ModelIndex) -> LoadReport:
        if self.read_only:
            raise GraphError("This graph store was opened read-only; open it writable to load models.")
        start = time.perf_counter()
        source = index.data.source
        path = str(Path(source.path).resolve())
        tag = model_tag(index)
        graph = project(index)
        digest = graph.digest()
        stored = {m["sha256"]: m for m in self._execute(
            "MATCH (m:Model) RETURN m.sha256 AS sha256, m.model AS model, m.path AS path, m.nodes AS nodes, "
            "m.edges AS edges, m.digest AS digest"
        )}
        same = stored.get(source.sha256)
        if same is not None and same["digest"] == digest:
            return LoadReport(path, tag, source.sha256, "unchanged", same["nodes"], same["edges"],
                              time.perf_counter() - start)
        # the same path with other content, or the same file projected differently (a newer index build)
        replaced = [m for m in stored.values() if m["path"] == path or m["sha256"] == source.sha256]
        statements: list[tuple[str, dict[str, Any] | None]] = []
        for old in replaced:
            for label in NODE_LABELS:
                statements.append((f"MATCH (n:{label}) WHERE n.model = $m DETACH DELETE n", {"m": old["model"]}))
            statements.append(("MATCH (m:Model) WHERE m.sha256 = $s DELETE m", {"s": old["sha256"]}))
        assignments = ", ".join(
            f"{n}: r.{n}" if kind == "STRING" else f"{n}: CAST(r.{n} AS {kind})" for n, kind in NODE_PROPERTIES
        )
        for label, rows in graph.nodes.items():
            if rows:
                statements.append((f"UNWIND $rows AS r CREATE (:{label} {{{assignments}}})", {"rows": rows}))
        edge_count = 0
        for edge_type, edges in graph.edges.items():
            by_pair: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
            sources, targets = EDGE_PAIRS[edge_type]
            for a, b, via in edges:
                pair = (graph.labels[a], graph.labels[b])
                if pair[0] not in sources or pair[1] not in targets:
                    raise GraphError(
                        f"Cannot store {edge_type} from {pair[0]} to {pair[1]} ({a} -> {b}): the graph schema has no "
                        "such pair. Please report this model; EDGE_PAIRS in ifcqa/graph/projection.py lists the pairs."
                    )
                by_pair[pair].append({"a": a, "b": b, "v": via or ""})
            for (la, lb), rows in by_pair.items():
                edge_count += len(rows)
                statements.append((
                    f"UNWIND $rows AS r MATCH (a:{la} {{uid: r.a}}), (b:{lb} {{uid: r.b}}) "
                    f"CREATE (a)-[:{edge_type} {{via: r.v}}]->(b)",
                    {"rows": rows},
                ))
        node_count = sum(len(rows) for rows in graph.nodes.values())
        statements.append((
            "CREATE (:Model {sha256: $s, model: $m, path: $p, file: $f, schema: $schema, nodes: $n, edges: $e, "
            "schema_version: $v, digest: $d})",
            {"s": source.sha256, "m": tag, "p": path, "f": Path(path).name, "schema": source.schema,
             "n": node_count, "e": edge_count, "v": SCHEMA_VERSION, "d": digest},
        ))
        self._transaction(statements)
        status = "replaced" if replaced else "loaded"
        return LoadReport(path, tag, source.sha256, status, node_count, edge_count, time.perf_counter() - start)

    # -- queries ---------------------------------------------------------------------------
    def run(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self._execute(query, parameters)

    def _execute(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        with self._lock:
            try:
                result = self._conn.execute(query, parameters or {})
            except RuntimeError as exc:
                raise GraphError(f"Cypher query failed: {_first_line(exc)}") from None
            results = result if isinstance(result, list) else [result]
            last = results[-1]
            columns = last.get_column_names()
            return [dict(zip(columns, row, strict=True)) for row in last.get_all()]

    def _transaction(self, statements: list[Any]) -> None:
        with self._lock:
            self._conn.execute("BEGIN TRANSACTION")
            try:
                for statement in statements:
                    query, params = statement if isinstance(statement, tuple) else (statement, None)
                    self._conn.execute(query, params or {})
            except RuntimeError as exc:
                with contextlib.suppress(RuntimeError):  # the failed statement may have rolled back already
                    self._conn.execute("ROLLBACK")
                raise GraphError(f"Loading the graph failed (nothing was written): {_first_line(exc)}") from None
            self._conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
            if conn is not None:
                conn.close()
            if db is not None:
                db.close()
            self._conn = None  # type: ignore[assignment]
            self._db = None  # type: ignore[assignment]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
