"""The Neo4j backend: the same projection and the same (shared) Cypher answers as the embedded Kùzu store.

The server tests run only when ``NEO4J_URI`` is set (with ``NEO4J_USER``/``NEO4J_PASSWORD`` or ``NEO4J_AUTH``);
no Neo4j server can be installed from the package registries this project's CI uses. The errors without a
server are tested always.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.graph import GraphError, model_tag, open_store, project
from ifcqa.graph.store import GraphStore
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.sample import write_sample_model
from ifcqa.spatial import SpatialQA

URI = os.environ.get("NEO4J_URI")
needs_server = pytest.mark.skipif(not URI, reason="NEO4J_URI is not set: no Neo4j server to test against")
QUESTIONS = ("doors on the ground floor", "How many windows are not on Level 1?", "everything on Level 2",
             "Which floor has the most walls?", "air terminals per floor", "light fixtures in the building",
             "floor slabs on Level 1", "How many roof slabs are there?", "gates")  # kinds: predefined-type Cypher


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_server_is_a_clear_error() -> None:
    uri = f"bolt://127.0.0.1:{_closed_port()}"
    with pytest.raises(GraphError, match=rf"Cannot reach Neo4j at {uri}.*--neo4j"):
        open_store(uri, backend="neo4j")


def test_cli_names_the_unreachable_server(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "house.ifc", storeys=2)
    uri = f"bolt://127.0.0.1:{_closed_port()}"
    result = CliRunner().invoke(app, ["graph", "load", str(model), "--neo4j", uri, "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code != 0
    assert f"Cannot reach Neo4j at {uri}" in result.output


def test_store_and_neo4j_together_are_refused(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "house.ifc", storeys=2)
    result = CliRunner().invoke(app, ["ask", str(model), "doors on level 1", "--store", str(tmp_path / "s"),
                                      "--neo4j", "bolt://127.0.0.1:1", "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code != 0
    assert "not both" in result.output


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> ModelIndex:
    folder = tmp_path_factory.mktemp("neo4j")
    return load_index(write_sample_model(folder / "house.ifc", storeys=3, seed=7), cache=IndexCache(folder / "cache"))


@pytest.fixture(scope="module")
def neo4j(index: ModelIndex) -> Iterator[GraphStore]:
    assert URI is not None
    with open_store(URI, backend="neo4j") as store:
        yield store
        store.run("MATCH (n) WHERE n.model = $m DETACH DELETE n", {"m": model_tag(index)})


@needs_server
def test_load_stores_the_projection_and_is_idempotent(neo4j: GraphStore, index: ModelIndex) -> None:
    first = neo4j.load(index)
    assert first.status in ("loaded", "unchanged", "replaced")
    assert neo4j.load(index).status == "unchanged"
    graph = project(index)
    tag = model_tag(index)
    for label, rows in graph.nodes.items():
        stored = neo4j.run(f"MATCH (n:{label}) WHERE n.model = $m RETURN count(n) AS n", {"m": tag})
        assert stored == [{"n": len(rows)}], label
    for edge_type, edges in graph.edges.items():
        stored = neo4j.run(f"MATCH (a)-[r:{edge_type}]->(b) WHERE a.model = $m AND b.model = $m RETURN count(r) AS n",
                           {"m": tag})
        assert stored == [{"n": len(edges)}], edge_type


@needs_server
def test_the_shared_cypher_answers_as_on_kuzu(neo4j: GraphStore, index: ModelIndex, tmp_path: Path) -> None:
    neo4j.load(index)
    with open_store(tmp_path / "kuzu") as kuzu:
        on_kuzu = SpatialQA(index, kuzu, embedder=None)
        on_neo4j = SpatialQA(index, neo4j, embedder=None)
        for question in QUESTIONS:
            a, b = on_kuzu.ask(question), on_neo4j.ask(question)
            assert b["route"] == "graph" == a["route"], question
            assert (b["answer"], b["elements"]) == (a["answer"], a["elements"]), question


@needs_server
def test_a_read_only_store_refuses_writes(neo4j: GraphStore, index: ModelIndex) -> None:
    assert URI is not None
    neo4j.load(index)
    with open_store(URI, backend="neo4j", read_only=True) as store:
        with pytest.raises(GraphError):
            store.run("CREATE (:Storey {uid: 'ifcqa-test-intruder'})")
        assert store.run("MATCH (s:Storey {uid: 'ifcqa-test-intruder'}) RETURN s.uid AS uid") == []
        with pytest.raises(GraphError, match="read-only"):
            store.load(index)
