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
import warnings
from collections import defaultdict
from pathlib import Path
from typing import Any

from ifcqa.graph.projection import EDGE_PAIRS, EDGE_TYPES, NODE_LABELS, NODE_PROPERTIES
from ifcqa.graph.store import MODELS_QUERY, GraphError, GraphStore, LoadReport, graph_store, plan_load
from ifcqa.index.model_index import ModelIndex

PREPARED_CACHE = 512  # prepared statements kept per connection (queries differ by shape, not by values)

SCHEMA_VERSION = "5"  # 5: nodes carry type_name
DB_FILE = f"ifcqa-v{SCHEMA_VERSION}.kuzu"  # a new schema gets a new file: old stores are never misread
_MODEL_PROPS = "sha256 STRING PRIMARY KEY, model STRING, path STRING, file STRING, schema STRING, " \
    "nodes INT64, edges INT64, schema_version STRING, digest STRING"


@graph_store("kuzu", location="folder")
class KuzuStore(GraphStore):
    """A Kùzu database in ``location`` (a folder; the database is the file :data:`DB_FILE` in it)."""

    name = "kuzu"

    def __init__(self, location: Path, read_only: bool = False) -> None:
        try:
            from ifcqa.graph.kuzu_module import import_kuzu

            kuzu = import_kuzu()
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
            self._shared = _Shared.acquire(kuzu, path, read_only)
            self._db = self._shared.db
            self._conn = kuzu.Connection(self._db)
        except (RuntimeError, OSError, MemoryError) as exc:  # locked by another process, or damaged
            raise GraphError(
                f"Cannot open the graph store {path}: {_first_line(exc)}. If no other ifcqa process uses it, the "
                f"store may be damaged: delete {location} and load the models again (ifcqa graph load)."
            ) from None
        self._lock = self._shared.lock
        self._prepared: dict[str, Any] = {}
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
        return self._execute(MODELS_QUERY)

    def load(self, index: ModelIndex) -> LoadReport:
        if self.read_only:
            raise GraphError("This graph store was opened read-only; open it writable to load models.")
        start = time.perf_counter()
        plan = plan_load(index, self._execute, start)
        if plan.unchanged is not None:
            return plan.unchanged
        source, path, tag, graph, replaced = index.data.source, plan.path, plan.tag, plan.graph, plan.replaced
        statements: list[tuple[str, dict[str, Any] | None]] = []
        for old in replaced:
            for label in NODE_LABELS:
                statements.append((f"MATCH (n:{label}) WHERE n.model = $m DETACH DELETE n", {"m": old["model"]}))
            statements.append(("MATCH (m:Model) WHERE m.sha256 = $s DELETE m", {"s": old["sha256"]}))
        arrow = _pyarrow()
        assignments = ", ".join(
            f"{n}: r.{n}" if kind == "STRING" else f"{n}: CAST(r.{n} AS {kind})" for n, kind in NODE_PROPERTIES
        )
        for label, rows in graph.nodes.items():
            if rows and arrow is not None:
                statements.append((f"COPY {label} FROM $rows", {"rows": _node_table(arrow, rows)}))
            elif rows:
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
                if arrow is not None:
                    statements.append((
                        f"COPY {edge_type} FROM $rows (from='{la}', to='{lb}')", {"rows": _edge_table(arrow, rows)}
                    ))
                    continue
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
             "n": node_count, "e": edge_count, "v": SCHEMA_VERSION, "d": plan.digest},
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
                result = self._conn.execute(self._statement(query), parameters or {})
            except RuntimeError as exc:
                raise GraphError(f"Cypher query failed: {_first_line(exc)}") from None
            results = result if isinstance(result, list) else [result]
            last = results[-1]
            columns = last.get_column_names()
            return [dict(zip(columns, row, strict=True)) for row in last.get_all()]

    def _statement(self, query: str) -> Any:
        """``query`` prepared once per connection: kuzu 0.11 keeps ~9 KB per call of a query string executed with
        parameters (measured: 100k questions would hold ~1 GB), none per call of a prepared statement."""
        statement = self._prepared.get(query)
        if statement is None:
            if len(self._prepared) >= PREPARED_CACHE:
                self._prepared.clear()
            with warnings.catch_warnings():  # "separate prepare + execute is deprecated": the leak is worse
                warnings.simplefilter("ignore", DeprecationWarning)
                try:
                    statement = self._conn.prepare(query)
                except RuntimeError:
                    return query
            if not statement.is_success():
                return query  # let execute() raise its own error message
            self._prepared[query] = statement
        return statement

    def _transaction(self, statements: list[Any]) -> None:
        with self._lock:
            self._prepared.clear()  # compiled against the schema and data as they were
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
            conn, shared = getattr(self, "_conn", None), getattr(self, "_shared", None)
            if conn is not None:
                conn.close()
            self._conn = None
            self._db = None
            self._shared = None  # type: ignore[assignment]
        if shared is not None and conn is not None:
            shared.release()


class _Shared:
    """One ``kuzu.Database`` per file and process, shared by every store opened on it (reference counted).

    Two Database objects on one file in one process do not see each other's writes: loading through
    both links edges to the wrong nodes. So a second :class:`KuzuStore` on the same folder gets a new
    connection to the same database, and writes are serialised by one lock per database.
    """

    _open: dict[Path, _Shared] = {}
    _guard = threading.Lock()

    def __init__(self, db: Any, path: Path, read_only: bool) -> None:
        self.db = db
        self.path = path
        self.read_only = read_only
        self.users = 0
        self.lock = threading.Lock()

    @classmethod
    def acquire(cls, kuzu: Any, path: Path, read_only: bool) -> _Shared:
        key = path.resolve()
        with cls._guard:
            shared = cls._open.get(key)
            if shared is not None and shared.read_only and not read_only:
                raise GraphError(
                    f"The graph store {path} is open read-only in this process; close that store before opening it "
                    "writable (or open this one read-only)."
                )
            if shared is None:
                shared = cls._open[key] = _Shared(kuzu.Database(str(path), read_only=read_only), key, read_only)
            shared.users += 1
            return shared

    def release(self) -> None:
        with _Shared._guard:
            self.users -= 1
            if self.users > 0:
                return
            _Shared._open.pop(self.path, None)
        with self.lock:
            self.db.close()


def _pyarrow() -> Any:
    """pyarrow, or ``None``: with it a model is loaded by ``COPY FROM`` (linear in its size); without it by
    ``UNWIND ... MATCH``, whose MATCH by uid kùzu 0.11 answers by scanning the table (measured: 20,000 edges
    took 500 s, against 0.15 s by COPY)."""
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - pyarrow comes with the dev and hf extras
        return None
    return pyarrow


_ARROW_KINDS = {"STRING": "string", "INT64": "int64", "DOUBLE": "float64"}


def _node_table(pa: Any, rows: list[dict[str, Any]]) -> Any:
    """Node rows as an Arrow table with the columns (and types) of :data:`NODE_PROPERTIES`, in their order."""
    return pa.table({
        name: pa.array([row[name] for row in rows], type=getattr(pa, _ARROW_KINDS[kind])())
        for name, kind in NODE_PROPERTIES
    })


def _edge_table(pa: Any, rows: list[dict[str, Any]]) -> Any:
    """Edge rows (``a``, ``b``, ``v``) as an Arrow table: from uid, to uid, then the ``via`` property."""
    return pa.table({
        "from": pa.array([r["a"] for r in rows], type=pa.string()),
        "to": pa.array([r["b"] for r in rows], type=pa.string()),
        "via": pa.array([r["v"] for r in rows], type=pa.string()),
    })


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
