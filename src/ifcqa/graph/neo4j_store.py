"""The Neo4j graph store: the same projection in a Neo4j server, through the official ``neo4j`` driver.

For teams that already run Neo4j as the shared graph of many models. Opened with a Bolt URI
(``bolt://host:7687``, ``neo4j://...``, ``neo4j+s://...``); the user and password come from
``NEO4J_USER`` / ``NEO4J_PASSWORD`` (or ``NEO4J_AUTH`` as ``user/password``, Neo4j's Docker form), the
database from ``NEO4J_DATABASE`` (default: the server's default). Install with ``pip install 'ifcqa[neo4j]'``.

The schema is the one of :mod:`ifcqa.graph.projection`: one node label per table plus ``Model``, a
uniqueness constraint on ``uid`` per label, one relationship type per edge type with ``via``.
ifcqa's own queries are the Cypher subset Kùzu and Neo4j both accept (no label alternatives, no
backend functions); they are tested on Kùzu always and on Neo4j when ``NEO4J_URI`` is set.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.graph.projection import EDGE_TYPES, NODE_LABELS
from ifcqa.graph.store import MODELS_QUERY, GraphError, GraphStore, LoadReport, graph_store, plan_load
from ifcqa.index.model_index import ModelIndex

BATCH = 5000  # rows per UNWIND statement


def neo4j_auth() -> tuple[str, str] | None:
    """``(user, password)`` from ``NEO4J_USER``/``NEO4J_PASSWORD`` or ``NEO4J_AUTH`` (``user/password``)."""
    if os.environ.get("NEO4J_PASSWORD"):
        return os.environ.get("NEO4J_USER", "neo4j"), os.environ["NEO4J_PASSWORD"]
    auth = os.environ.get("NEO4J_AUTH", "")
    if "/" in auth:
        user, password = auth.split("/", 1)
        return user, password
    return None


@graph_store("neo4j", schemes=("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"))
class Neo4jStore(GraphStore):
    """A Neo4j database at ``location`` (a Bolt URI)."""

    name = "neo4j"

    def __init__(self, location: str | Path, read_only: bool = False) -> None:
        try:
            import neo4j
        except ImportError:
            raise GraphError("The Neo4j graph store needs the neo4j driver: pip install 'ifcqa[neo4j]'.") from None
        self.uri = str(location)
        self.read_only = read_only
        self.database = os.environ.get("NEO4J_DATABASE") or None
        self._neo4j = neo4j
        self._errors: tuple[type[BaseException], ...] = (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError,
                                                         OSError, ValueError)
        try:
            self._driver = neo4j.GraphDatabase.driver(self.uri, auth=neo4j_auth())
        except self._errors as exc:
            raise GraphError(f"Cannot use the Neo4j URI {self.uri!r}: {_first_line(exc)}") from None
        try:
            self._driver.verify_connectivity()
        except self._errors as exc:
            self._driver.close()
            raise GraphError(
                f"Cannot reach Neo4j at {self.uri}: {_first_line(exc)}. Check --neo4j (bolt://host:7687) and "
                "NEO4J_USER/NEO4J_PASSWORD."
            ) from None
        if not read_only:
            self._write([(f"CREATE CONSTRAINT ifcqa_{label.lower()}_uid IF NOT EXISTS FOR (n:{label}) "
                          "REQUIRE n.uid IS UNIQUE", None) for label in (*NODE_LABELS, "Model")], schema=True)

    # -- loading ---------------------------------------------------------------------------
    def models(self) -> list[dict[str, Any]]:
        return self._read(MODELS_QUERY)

    def load(self, index: ModelIndex) -> LoadReport:
        if self.read_only:
            raise GraphError("This graph store was opened read-only; open it writable to load models.")
        start = time.perf_counter()
        plan = plan_load(index, self._read, start)
        if plan.unchanged is not None:
            return plan.unchanged
        source, path, tag, graph, replaced = index.data.source, plan.path, plan.tag, plan.graph, plan.replaced
        statements: list[tuple[str, dict[str, Any] | None]] = []
        for old in replaced:
            statements.append(("MATCH (n) WHERE n.model = $m AND NOT n:Model DETACH DELETE n", {"m": old["model"]}))
            statements.append(("MATCH (m:Model {sha256: $s}) DELETE m", {"s": old["sha256"]}))
        for label, rows in graph.nodes.items():
            for chunk in _chunks(rows):
                statements.append((f"UNWIND $rows AS r CREATE (n:{label}) SET n = r", {"rows": chunk}))
        edge_count = 0
        for edge_type in EDGE_TYPES:
            by_pair: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
            for a, b, via in graph.edges.get(edge_type, ()):
                by_pair[(graph.labels[a], graph.labels[b])].append({"a": a, "b": b, "v": via or ""})
            for (la, lb), rows in by_pair.items():
                edge_count += len(rows)
                for chunk in _chunks(rows):
                    statements.append((
                        f"UNWIND $rows AS r MATCH (a:{la} {{uid: r.a}}), (b:{lb} {{uid: r.b}}) "
                        f"CREATE (a)-[:{edge_type} {{via: r.v}}]->(b)",
                        {"rows": chunk},
                    ))
        node_count = sum(len(rows) for rows in graph.nodes.values())
        statements.append((
            "CREATE (:Model {sha256: $s, model: $m, path: $p, file: $f, schema: $schema, nodes: $n, edges: $e, "
            "digest: $d})",
            {"s": source.sha256, "m": tag, "p": path, "f": Path(path).name, "schema": source.schema,
             "n": node_count, "e": edge_count, "d": plan.digest},
        ))
        self._write(statements)
        status = "replaced" if replaced else "loaded"
        return LoadReport(path, tag, source.sha256, status, node_count, edge_count, time.perf_counter() - start)

    # -- queries ---------------------------------------------------------------------------
    def run(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        if self.read_only:
            return self._read(query, parameters)
        try:
            records, _, keys = self._driver.execute_query(query, parameters or {}, database_=self.database)
        except self._errors as exc:
            raise GraphError(f"Cypher query failed: {_first_line(exc)}") from None
        return [dict(zip(keys, record.values(), strict=True)) for record in records]

    def _read(self, query: str, parameters: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """A query in a READ transaction: the server refuses writes in it."""

        def work(tx: Any) -> list[dict[str, Any]]:
            result = tx.run(query, parameters or {})
            keys = result.keys()
            return [dict(zip(keys, record.values(), strict=True)) for record in result]

        try:
            with self._driver.session(database=self.database) as session:
                rows: list[dict[str, Any]] = session.execute_read(work)
                return rows
        except self._errors as exc:
            text = _first_line(exc)
            if "read" in text.lower() and "access mode" in text.lower():
                text = "read-only store: " + text
            raise GraphError(f"Cypher query failed: {text}") from None

    def _write(self, statements: list[tuple[str, dict[str, Any] | None]], *, schema: bool = False) -> None:
        """Run ``statements`` in one write transaction (schema statements each in their own, as Neo4j needs)."""

        def work(tx: Any, batch: list[tuple[str, dict[str, Any] | None]]) -> None:
            for query, params in batch:
                tx.run(query, params or {}).consume()

        try:
            with self._driver.session(database=self.database) as session:
                for batch in ([[s] for s in statements] if schema else [statements]):
                    session.execute_write(work, batch)
        except self._errors as exc:
            raise GraphError(f"Loading the graph failed (nothing was written): {_first_line(exc)}") from None

    def close(self) -> None:
        driver = getattr(self, "_driver", None)
        if driver is not None:
            driver.close()
            self._driver = None  # type: ignore[assignment]


def _chunks(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [rows[i: i + BATCH] for i in range(0, len(rows), BATCH)] or []


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].rstrip(":") if text else type(exc).__name__
