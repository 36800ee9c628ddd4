"""The graph projection and the embedded Kùzu store: counts equal the index's, loading, read-only Cypher."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.graph import CypherWriteError, GraphError, check_read_only, model_tag, open_store, project
from ifcqa.graph.projection import EDGE_TYPES, NODE_LABELS, label_of
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.sample import write_sample_model

CORPUS = sorted(p.name for p in (Path(__file__).resolve().parents[2].parent / "shared" / "ifc").glob("*.ifc"))
STORED = ["Duplex_A_20110907.ifc", "Heizung-Elektro_080729.ifc", "AC20-FZK-Haus.ifc"]


def _expected_edges(index: ModelIndex) -> dict[str, int]:
    """Edge counts straight from the index records (one edge per relationship fact)."""
    records = list(index.elements())
    return {
        "CONTAINS": sum(e.container is not None for e in records),
        "AGGREGATES": sum(e.parent is not None for e in records),
        "HAS_TYPE": sum(e.type is not None for e in records),
        "HAS_MATERIAL": sum(len(set(e.materials)) for e in records),
        "VOIDS": sum(e.voids is not None for e in records),
        "FILLS": sum(e.fills is not None for e in records),
        "BOUNDS": sum(len(e.bounds) for e in records),
        "IN_SYSTEM": sum(len(e.groups) for e in records),
        "ON_STOREY": sum(e.storey is not None and e.storey != e.id for e in records),
    }


@pytest.mark.parametrize("name", CORPUS or ["(no corpus)"])
def test_projection_counts_equal_the_index(name: str, index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of(name)
    graph = project(index)
    records = list(index.elements())
    assert sum(graph.node_count(label) for label in NODE_LABELS if label != "Material") == len(records)
    materials = {m for e in records for m in e.materials}
    assert graph.node_count("Material") == len(materials)
    for label in ("Storey", "Space", "Type", "System"):
        assert graph.node_count(label) == sum(label_of(index, e) == label for e in records)
    assert graph.node_count("Storey") == len(index.storeys)
    assert {t: graph.edge_count(t) for t in EDGE_TYPES} == _expected_edges(index)


@pytest.mark.parametrize("name", ["Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc"])
def test_containment_edges_match_raw_ifcopenshell(name: str, index_of: Callable[[str], ModelIndex],
                                                  shared_ifc: Path) -> None:
    model = ifcopenshell.open(shared_ifc / name)
    pairs = {
        (rel.RelatingStructure.GlobalId, element.GlobalId)
        for rel in model.by_type("IfcRelContainedInSpatialStructure")
        for element in rel.RelatedElements
    }
    index = index_of(name)
    graph = project(index)
    guid_of = {f"{graph.model}:{e.id}": e.guid for e in index.elements()}
    assert {(guid_of[a], guid_of[b]) for a, b, _ in graph.edges["CONTAINS"]} == pairs


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("graph-store")


def test_store_holds_several_models_with_the_projected_counts(
    store_dir: Path, index_of: Callable[[str], ModelIndex]
) -> None:
    with open_store(store_dir) as store:
        for name in STORED:
            report = store.load(index_of(name))
            assert report.status in ("loaded", "unchanged")
        for name in STORED:
            index = index_of(name)
            graph = project(index)
            tag = model_tag(index)
            for label in NODE_LABELS:
                rows = store.run(f"MATCH (n:{label}) WHERE n.model = $m RETURN count(n) AS n", {"m": tag})
                assert rows[0]["n"] == graph.node_count(label), (name, label)
            for edge in EDGE_TYPES:
                rows = store.run(f"MATCH (a)-[r:{edge}]->(b) WHERE a.model = $m RETURN count(r) AS n", {"m": tag})
                assert rows[0]["n"] == graph.edge_count(edge), (name, edge)
        assert {m["file"] for m in store.models()} == set(STORED)


def test_loading_is_idempotent_and_incremental_by_hash(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "house.ifc", storeys=2)
    cache = IndexCache(tmp_path / "cache")
    with open_store(tmp_path / "store") as store:
        first = store.load(load_index(model, cache=cache))
        again = store.load(load_index(model, cache=cache))
        assert (first.status, again.status) == ("loaded", "unchanged")
        assert (again.nodes, again.edges) == (first.nodes, first.edges)
        count = store.run("MATCH (n) RETURN count(n) AS n")[0]["n"]
        write_sample_model(model, storeys=3)  # same path, new content
        changed = store.load(load_index(model, cache=cache))
        assert changed.status == "replaced"
        assert [m["sha256"] for m in store.models()] == [changed.sha256]
        storeys = store.run("MATCH (s:Storey) RETURN s.model AS model")
        assert len(storeys) == 3 and {r["model"] for r in storeys} == {changed.model}
        assert store.run("MATCH (n) RETURN count(n) AS n")[0]["n"] > count


def test_a_stale_projection_of_the_same_file_is_replaced(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "house.ifc", storeys=2)
    index = load_index(model, cache=IndexCache(tmp_path / "cache"))
    with open_store(tmp_path / "store") as store:
        first = store.load(index)
        # as if an older ifcqa had projected this file differently
        store.run("MATCH (m:Model) SET m.digest = 'older build'")
        store.run("MATCH (s:Storey) SET s.name = 'stale'")
        again = store.load(index)
        assert (first.status, again.status) == ("loaded", "replaced")
        assert "stale" not in {r["name"] for r in store.run("MATCH (s:Storey) RETURN s.name AS name")}
        assert store.load(index).status == "unchanged"


@pytest.mark.parametrize("query", [
    "CREATE (:Storey {uid: 'x'})",
    "MATCH (n) DETACH DELETE n",
    "MATCH (n:Element) SET n.name = 'x' RETURN n",
    "MERGE (n:Storey {uid: 'x'})",
    "match (n) remove n.name",
    "DROP TABLE Element",
    "COPY Element FROM 'x.csv'",
])
def test_writes_are_refused_with_a_clear_error(query: str) -> None:
    with pytest.raises(CypherWriteError, match="read-only queries only"):
        check_read_only(query)


def test_read_queries_pass_even_with_write_words_in_literals() -> None:
    check_read_only("MATCH (n:Element) WHERE n.name = 'CREATE SET DELETE' RETURN n.name // drop it")


def test_read_only_store_refuses_writes_that_bypass_the_guard(
    store_dir: Path, index_of: Callable[[str], ModelIndex]
) -> None:
    with open_store(store_dir) as store:
        store.load(index_of(STORED[0]))
    with open_store(store_dir, read_only=True) as store:
        with pytest.raises(GraphError, match="read-only"):
            store.run("CREATE (:Storey {uid: 'intruder'})")
        assert store.run("MATCH (s:Storey {uid: 'intruder'}) RETURN s")  == []


def test_read_only_open_of_a_missing_store_says_how_to_fill_it(tmp_path: Path) -> None:
    with pytest.raises(GraphError, match="ifcqa graph load"):
        open_store(tmp_path / "nothing", read_only=True)


def test_cli_graph_load_and_cypher(tmp_path: Path, shared_ifc: Path) -> None:
    path = str(shared_ifc / "Duplex_A_20110907.ifc")
    common = ["--store", str(tmp_path / "store"), "--cache-dir", str(tmp_path / "cache")]
    runner = CliRunner()
    loaded = runner.invoke(app, ["graph", "load", path, *common])
    assert loaded.exit_code == 0, loaded.output
    assert json.loads(loaded.stdout)[0]["status"] == "loaded"
    assert json.loads(runner.invoke(app, ["graph", "load", path, *common]).stdout)[0]["status"] == "unchanged"
    result = runner.invoke(app, ["cypher", path, "MATCH (s:Storey) WHERE s.model = $model "
                                 "RETURN s.name AS name ORDER BY s.elevation", *common])
    assert result.exit_code == 0, result.output
    model = ifcopenshell.open(path)
    expected = [s.Name for s in sorted(model.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation)]
    assert [row["name"] for row in json.loads(result.stdout)] == expected
    refused = runner.invoke(app, ["cypher", path, "MATCH (n) DETACH DELETE n", *common])
    assert refused.exit_code == 1
    assert "read-only queries only" in refused.stderr
    rows = json.loads(runner.invoke(app, ["cypher", path, "MATCH (n) RETURN count(n) AS n", *common]).stdout)
    assert rows[0]["n"] > 0  # nothing was deleted


def test_stores_opened_twice_in_one_process_share_one_database(tmp_path: Path) -> None:
    """Two Kùzu Database objects on one file do not see each other's writes and corrupted the uid index
    (edges linked to other models' nodes); a second store on the same folder must reuse the first's database."""
    cache = IndexCache(tmp_path / "cache")
    indexes = [load_index(write_sample_model(tmp_path / f"m{i}.ifc", storeys=2, seed=i), cache=cache) for i in range(3)]
    stores = [open_store(tmp_path / "store") for _ in indexes]
    try:
        assert all(s._db is stores[0]._db for s in stores)  # type: ignore[attr-defined]
        for store, index in zip(stores, indexes, strict=True):
            store.load(index)
        assert len(stores[0].models()) == 3  # each store sees the others' loads
    finally:
        for store in stores:
            store.close()
    with open_store(tmp_path / "store", read_only=True) as store:
        assert store.run("MATCH (a)-[r]->(b) WHERE a.model <> b.model RETURN count(*) AS n") == [{"n": 0}]
        for index in indexes:
            expected = sum(e.storey is not None and e.storey != e.id for e in index.elements())
            query = "MATCH (a)-[:ON_STOREY]->(s:Storey) WHERE a.model = $m AND s.model = $m RETURN count(*) AS n"
            rows = store.run(query, {"m": model_tag(index)})
            assert rows == [{"n": expected}]


@pytest.mark.parametrize("name", ["3rooms_Heater_AirTerminal_Table_with_SB.ifc", "Heizung-Elektro_080729.ifc"])
def test_nodes_carry_the_effective_predefined_type_and_type_name(name: str, index_of: Callable[[str], ModelIndex],
                                                                 shared_ifc: Path) -> None:
    """What kind filters ("tables", "radiators") read on the graph, checked against raw IfcOpenShell."""
    if not (shared_ifc / name).is_file():
        pytest.skip(f"{name} is not in the shared corpus")
    model = ifcopenshell.open(shared_ifc / name)
    rows = project(index_of(name)).nodes["Element"]
    assert rows
    for row in rows:
        entity = model.by_guid(row["guid"])
        kind = ifcopenshell.util.element.get_type(entity)
        assert row["predefined_type"] == ifcopenshell.util.element.get_predefined_type(entity), row["guid"]
        assert row["type_name"] == (kind.Name if kind is not None else None), row["guid"]
