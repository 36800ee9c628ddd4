"""The project graph in the embedded Kùzu store: files tagged, SAME_LEVEL and IN_SPACE edges, and project
questions answered through Cypher with the same elements as the in-memory route."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifcqa.graph.projection import model_tag
from ifcqa.graph.store import open_store
from ifcqa.index import IndexCache, load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.locate import located_elements
from ifcqa.project.project import Project, load_project
from ifcqa.project.qa import ProjectQA
from ifcqa.sample.federated import FederatedSample

SAMPLE_QUESTIONS = [
    "Which air terminals are on Level 1?",
    "How many columns are on Level 0?",
    "What HVAC equipment is in the rooms of Level 1?",
    "Which air terminal is in room 1.03?",
    "Which rooms on Level 0 have an air terminal?",
    "How many walls and columns are on Level 1?",
    "list the footings",
    "Which floor is the air handling unit on?",
]
DUPLEX_QUESTIONS = [
    "What light fixtures are on Level 2?",
    "Which outlets are in the kitchen?",
    "What is in the utility rooms?",
    "Is there a light fixture in every bedroom?",
    "Which floor has the most outlets?",
    "What electrical equipment is on Level 2?",
    "Which room has the most outlets?",
    "How many outlets per room on Level 1?",
]


def _qa(project: Project, cache: IndexCache) -> ProjectQA:
    indexes = {f: load_index(project.path_of(f), cache=cache) for f in project.files}
    return ProjectQA(indexes, align_storeys(project, indexes))


def _same(memory: ProjectQA, graph: ProjectQA, questions: list[str]) -> None:
    for question in questions:
        a, b = memory.ask(question), graph.ask(question)
        assert b["route"].startswith("project:graph"), (question, b["route"])
        assert a["route"] == "project:index", (question, a["route"])
        for key in ("count", "yes_no", "storeys", "value", "declined"):
            assert a[key] == b[key], (question, key)
        assert a["elements"] == b["elements"], question
        assert a["elements"] or a["yes_no"] is not None or a["storeys"], question


def test_sample_project_graph_edges_and_answers(federated: FederatedSample, tmp_path: Path) -> None:
    project = load_project(federated.project)
    cache = IndexCache(tmp_path / "cache")
    memory, graphed = _qa(project, cache), _qa(project, cache)
    store = open_store(tmp_path / "graph")
    try:
        report = graphed.use_graph(store, project.name)
        tags = {f: model_tag(i) for f, i in graphed.indexes.items()}
        files = store.run("MATCH (f:ProjectFile) WHERE f.project = $p RETURN f.file AS file, f.model AS model, "
                          "f.position AS position ORDER BY position", {"p": project.name})
        assert [(r["file"], r["model"]) for r in files] == [(f, tags[f]) for f in project.files]
        same = store.run("MATCH (a:Storey)-[l:SAME_LEVEL]->(b:Storey) WHERE l.project = $p RETURN a.model AS m, "
                         "a.name AS a, b.name AS b, l.matched_by AS how", {"p": project.name})
        assert {(r["a"], r["b"]) for r in same if r["m"] == tags["Sample-HVAC.ifc"]} >= {("01 - Level 1", "Level 1")}
        assert len(same) == report.same_level == sum(1 + len(level.members) for level in graphed.alignment.levels)
        located = sum(1 for f, i in graphed.indexes.items()
                      for loc in graphed.locate(f, located_elements(i)).values() if loc.space is not None)
        vias = store.run("MATCH (e:Element)-[i:IN_SPACE]->(s:Space) WHERE i.project = $p RETURN i.via AS via, "
                         "count(*) AS n", {"p": project.name})
        assert sum(r["n"] for r in vias) == report.in_space == located > 0
        assert {r["via"] for r in vias} <= {"contained", "geometry"}
        _same(memory, graphed, SAMPLE_QUESTIONS)
        again = graphed.use_graph(store, project.name)  # loading again replaces the project's edges
        assert again.in_space == report.in_space
        assert store.run("MATCH ()-[i:IN_SPACE]->() RETURN count(*) AS n")[0]["n"] == report.in_space
    finally:
        store.close()


def test_duplex_graph_answers_equal_the_in_memory_route(shared_ifc: Path, tmp_path: Path) -> None:
    project = Project("duplex", shared_ifc, ["Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc"])
    cache = IndexCache(tmp_path / "cache")
    memory, graphed = _qa(project, cache), _qa(project, cache)
    store = open_store(tmp_path / "graph")
    try:
        graphed.use_graph(store, project.name)
        _same(memory, graphed, DUPLEX_QUESTIONS)
        with_qualifier = graphed.ask("Which doors on Level 1 are external?")
        assert with_qualifier["route"] == "project:index"  # qualifiers: the in-memory route answers
    finally:
        store.close()


@pytest.mark.parametrize("question", ["Which spaces are on Level 2?"])
def test_plans_cypher_does_not_express_stay_in_memory(federated: FederatedSample, tmp_path: Path,
                                                     question: str) -> None:
    project = load_project(federated.project)
    graphed = _qa(project, IndexCache(tmp_path / "cache"))
    store = open_store(tmp_path / "graph")
    try:
        graphed.use_graph(store, project.name)
        assert graphed.ask(question)["declined"] is not None
        spaces = graphed.ask("list the spaces on Level 1")
        assert spaces["route"] == "project:index" and spaces["elements"]
    finally:
        store.close()
