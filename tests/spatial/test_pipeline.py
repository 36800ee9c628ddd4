"""The spatial pipeline end to end: routes, the GUID check and its fallback, answers vs raw IfcOpenShell."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.graph import model_tag, open_store
from ifcqa.graph.store import GraphStore
from ifcqa.index import ModelIndex
from ifcqa.spatial import ANSWER_KEYS, SpatialQA
from ifcqa.spatial.oracle import located_storey
from ifcqa.tools.registry import call_tool, render

DUPLEX = "Duplex_A_20110907.ifc"
HEIZUNG = "Heizung-Elektro_080729.ifc"
GUID = re.compile(r"(?<![\w$])[0-3][0-9A-Za-z_$]{21}(?![\w$])")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with open_store(tmp_path_factory.mktemp("spatial-store")) as graph:
        yield graph


@pytest.fixture(scope="module")
def duplex_qa(store: GraphStore, index_of: Callable[[str], ModelIndex]) -> SpatialQA:
    return SpatialQA(index_of(DUPLEX), store)


@pytest.fixture(scope="module")
def duplex(shared_ifc: Path) -> ifcopenshell.file:
    return ifcopenshell.open(shared_ifc / DUPLEX)


def on_storey(model: ifcopenshell.file, storey: str, ifc_class: str) -> set[str]:
    """GlobalIds of ``ifc_class`` elements whose storey (containment, aggregate, host) is named ``storey``."""
    return {
        e.GlobalId for e in model.by_type(ifc_class)
        if (s := located_storey(e)) is not None and s.Name == storey
    }


def guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


def test_graph_route_answers_with_the_exact_elements(duplex_qa: SpatialQA, duplex: ifcopenshell.file) -> None:
    answer = duplex_qa.ask("What doors are on Level 1?")
    assert tuple(answer) == ANSWER_KEYS
    assert answer["route"] == "graph"
    assert guids(answer) == on_storey(duplex, "Level 1", "IfcDoor")
    assert all(e["storey"] == "Level 1" and e["class"] == "IfcDoor" for e in answer["elements"])
    assert answer["answer"].startswith(f"{len(answer['elements'])} doors on Level 1")
    assert answer["timings_ms"]["total"] > 0 and "graph" in answer["timings_ms"]


def test_negation_and_several_floors(duplex_qa: SpatialQA, duplex: ifcopenshell.file) -> None:
    not_l1 = duplex_qa.ask("Which windows are NOT on Level 1?")
    assert guids(not_l1) == on_storey(duplex, "Level 2", "IfcWindow") | on_storey(duplex, "Roof", "IfcWindow")
    both = duplex_qa.ask("windows on floors 1 and 2")
    assert guids(both) == on_storey(duplex, "Level 1", "IfcWindow") | on_storey(duplex, "Level 2", "IfcWindow")


def test_count_most_and_breakdown(duplex_qa: SpatialQA, duplex: ifcopenshell.file) -> None:
    per = {s: len(on_storey(duplex, s, "IfcWindow")) for s in ("T/FDN", "Level 1", "Level 2", "Roof")}
    count = duplex_qa.ask("How many windows are on Level 2?")
    assert count["answer"].startswith(f"There are {per['Level 2']} windows on Level 2")
    most = duplex_qa.ask("Which floor has the most windows?")
    best = max(per, key=lambda s: per[s])
    assert most["answer"].startswith(f"{best} has the most windows ({per[best]})")
    assert guids(most) == on_storey(duplex, best, "IfcWindow")
    breakdown = duplex_qa.ask("How many windows per floor?")
    for storey, n in per.items():
        assert f"{storey}: {n}" in breakdown["answer"]


def test_ifc2x3_generic_flow_classes_are_found_by_their_type(
    store: GraphStore, index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    model = ifcopenshell.open(shared_ifc / HEIZUNG)
    lights = {
        e.GlobalId for e in model.by_type("IfcFlowTerminal")
        if any(r.is_a("IfcRelDefinesByType") and r.RelatingType.is_a("IfcLightFixtureType") for r in e.IsDefinedBy)
        and located_storey(e).Name == "Obergeschoss"
    }
    answer = SpatialQA(index_of(HEIZUNG), store).ask("How many light fixtures are on the Obergeschoss?")
    assert answer["route"] == "graph" and guids(answer) == lights and len(lights) > 0


def test_absent_class_gives_none_found(duplex_qa: SpatialQA) -> None:
    answer = duplex_qa.ask("Which air terminals are on Level 1?")
    assert answer["elements"] == []
    assert answer["answer"] == "No air terminals found on Level 1. The model has none at all."
    elsewhere = duplex_qa.ask("Are there any doors on the Roof?")
    assert elsewhere["answer"].startswith("No: there are no doors on Roof. Elsewhere in the model: Level 1 (6)")


def test_unknown_storey_and_unparseable_questions_say_so(duplex_qa: SpatialQA) -> None:
    unknown = duplex_qa.ask("What doors are on Level 9?")
    assert unknown["route"] == "none" and unknown["elements"] == []
    assert "no storey matching 'level 9'" in unknown["answer"]
    assert "T/FDN, Level 1, Level 2 and Roof" in unknown["answer"]
    joke = duplex_qa.ask("Tell me a joke")
    assert joke["route"] == "none" and joke["elements"] == [] and joke["plan"]["intent"] == "declined"
    assert joke["declined"]["not_understood"] == ["joke"] and joke["count"] is None
    assert "I can answer" in joke["answer"]


def test_a_storey_the_model_lacks_beside_one_it_has_declines_the_whole_question(duplex_qa: SpatialQA) -> None:
    # Answering on Level 1 alone would answer a broader question than "Level 1 and Level 7" (and "Yes" to a
    # comparison with a storey that does not exist would be a confident wrong answer).
    for question, term in (("which doors are on level 1 and level 7", "level 7"),
                           ("does level 5 have more windows than level 1", "level 5")):
        answer = duplex_qa.ask(question)
        assert answer["route"] == "none" and answer["elements"] == [] and answer["count"] is None, question
        assert answer["declined"]["not_understood"] == [term], question
        assert answer["yes_no"] is None and f"no storey matching '{term}'" in answer["answer"], question


def test_answer_text_never_names_a_guid_outside_the_list(duplex_qa: SpatialQA) -> None:
    for question in ("What doors are on Level 1?", "everything on Level 2", "Which floor has the most walls?",
                     "doors on level 2", "How many walls per floor?"):
        answer = duplex_qa.ask(question)
        assert set(GUID.findall(answer["answer"])) <= guids(answer), question


def test_large_inventory_is_paged_not_truncated(duplex_qa: SpatialQA) -> None:
    full = duplex_qa.ask("everything on Level 2")
    total = len(full["elements"])
    assert total > 60 and f"and {total - 10} more" in full["answer"]
    seen: list[str] = []
    offset = 0
    while True:
        page = duplex_qa.ask("everything on Level 2", offset=offset, limit=40)
        seen += [e["guid"] for e in page["elements"]]
        info = page["plan"]["page"]
        assert info["total"] == total
        if "next_offset" not in info:
            break
        assert f"ask again with offset {info['next_offset']}" in page["answer"]
        offset = info["next_offset"]
    assert seen == [e["guid"] for e in full["elements"]]


def test_graph_unavailable_route_answers_from_the_index(
    tmp_path: Path, index_of: Callable[[str], ModelIndex], duplex_qa: SpatialQA
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    qa = SpatialQA(index_of(DUPLEX), store_dir=blocker)
    answer = qa.ask("What doors are on Level 1?")
    assert answer["route"] == "graph_unavailable"
    assert guids(answer) == guids(duplex_qa.ask("What doors are on Level 1?"))
    assert any(n.startswith("graph unavailable: Cannot open the graph store") for n in answer["plan"]["notes"])


def test_no_graph_is_the_fallback_route(index_of: Callable[[str], ModelIndex], duplex_qa: SpatialQA) -> None:
    answer = SpatialQA(index_of(DUPLEX), use_graph=False).ask("everything not on level 1")
    assert answer["route"] == "fallback"
    assert guids(answer) == guids(duplex_qa.ask("everything not on level 1"))


def test_a_graph_answer_failing_the_check_falls_back(tmp_path: Path, index_of: Callable[[str], ModelIndex],
                                                     duplex: ifcopenshell.file) -> None:
    index = index_of(DUPLEX)
    with open_store(tmp_path / "store") as graph:
        qa = SpatialQA(index, graph)
        assert qa.ask("What doors are on Level 1?")["route"] == "graph"
        # damage the stored graph: one Level 2 door now claims to be on Level 1
        door = next(iter(on_storey(duplex, "Level 2", "IfcDoor")))
        level1 = next(s for s in index.storeys if index.data.elements[s].name == "Level 1")
        graph.run("MATCH (e:Element {guid: $g})-[r:ON_STOREY]->() DELETE r", {"g": door})
        graph.run("MATCH (e:Element {guid: $g}), (s:Storey {uid: $s}) CREATE (e)-[:ON_STOREY {via: 'contained'}]->(s)",
                  {"g": door, "s": f"{model_tag(index)}:{level1}"})
        answer = qa.ask("What doors are on Level 1?")
    assert answer["route"] == "fallback"
    assert guids(answer) == on_storey(duplex, "Level 1", "IfcDoor")
    assert any("check failed" in n and door in n for n in answer["plan"]["notes"])


def test_ask_cli_json_matches_ifcopenshell(tmp_path: Path, shared_ifc: Path, duplex: ifcopenshell.file) -> None:
    result = CliRunner().invoke(app, [
        "ask", str(shared_ifc / DUPLEX), "Which walls are on the ground floor?", "--json",
        "--store", str(tmp_path / "store"), "--cache-dir", str(tmp_path / "cache"),
    ])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert list(answer) == list(ANSWER_KEYS)
    assert set(answer["elements"][0]) == {"guid", "class", "name", "storey"}
    assert "total" in answer["timings_ms"] and answer["route"] == "graph"
    walls = on_storey(duplex, "Level 1", "IfcWall")
    assert guids(answer) == walls and len(walls) == 21


def test_ask_cli_text_lists_the_elements(tmp_path: Path, shared_ifc: Path) -> None:
    result = CliRunner().invoke(app, ["ask", str(shared_ifc / DUPLEX), "doors on Level 2", "--no-graph",
                                      "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("8 doors on Level 2") and len(lines) == 9
    assert "route: fallback" in result.stderr


def test_ask_spatial_tool_pages_under_the_output_cap(index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of(DUPLEX)
    first = call_tool(index, "ask_spatial", {"question": "everything on Level 2", "limit": 200})
    assert len(render(first)) <= 6000 and first["truncated"] is True
    assert first["answer"].startswith(f"{first['total']} elements on Level 2")
    rest = call_tool(index, "ask_spatial", {"question": "everything on Level 2", "offset": first["next_offset"],
                                            "limit": 200})
    assert rest["offset"] == first["returned"]


def test_several_buildings_get_their_own_ground_floor(tmp_path: Path) -> None:
    from ifcqa.index import IndexCache, load_index
    from ifcqa.sample import write_sample_model

    path = write_sample_model(tmp_path / "campus.ifc", storeys=3, buildings=2)
    model = ifcopenshell.open(path)
    grounds = {s.GlobalId for s in model.by_type("IfcBuildingStorey") if s.Elevation == 0.0}
    doors = {d.GlobalId for d in model.by_type("IfcDoor") if located_storey(d).GlobalId in grounds}
    index = load_index(path, cache=IndexCache(tmp_path / "cache"))
    with open_store(tmp_path / "store") as graph:
        answer = SpatialQA(index, graph, embedder=None).ask("Which doors are on the ground floor?")
    assert answer["route"] == "graph" and len(grounds) == 2
    assert guids(answer) == doors and len(doors) > 0
    assert {e["storey"] for e in answer["elements"]} == {"Level 0 (Building A)", "Level 0 (Building B)"}
    in_b = SpatialQA(index, use_graph=False, embedder=None).ask("doors on the ground floor of building B")
    assert {e["storey"] for e in in_b["elements"]} == {"Level 0 (Building B)"}
    assert guids(in_b) == {d for d in doors if model.by_guid(d).Name.startswith("Door B")} and guids(in_b)
