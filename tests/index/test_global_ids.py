"""Shared and empty GlobalIds (issue 21): every element is kept, told apart by step id, everywhere.

The model is the sample building with the edits real exports carry: three walls on two storeys that share
one GlobalId (copies), a window with an empty GlobalId, a door whose GlobalId a property set reuses, and two
storeys sharing one. Counts are checked against plain IfcOpenShell, through the index, the tools, the graph
(projection and a Kùzu store) and the spatial answers on both routes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.errors import IfcOpenError, ToolError
from ifcqa.graph import model_tag, open_store, project
from ifcqa.graph.store import GraphStore
from ifcqa.ifc.open import describe_warning, model_warnings, open_model
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.index.selector import select
from ifcqa.sample import write_sample_model
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.check import check
from ifcqa.spatial.execute import run_index
from ifcqa.tools import call_tool


@dataclass
class Edited:
    path: Path
    model: ifcopenshell.file  # plain IfcOpenShell's reading of the file
    index: ModelIndex
    shared: str  # the GlobalId of the three walls
    walls: list[int]  # their step ids
    window: int  # the window without a GlobalId
    door: int  # the door whose GlobalId a property set reuses
    storeys: list[int]  # the two storeys sharing a GlobalId


def _edit(path: Path) -> tuple[str, list[int], int, int, list[int]]:
    model = ifcopenshell.open(str(path))
    walls = sorted(model.by_type("IfcWall"), key=lambda w: w.Name)
    lower = [w for w in walls if w.Name.startswith("Wall L0")][:2]
    upper = [w for w in walls if w.Name.startswith("Wall L1")][:1]
    copies = lower + upper
    for wall in copies[1:]:
        wall.GlobalId = copies[0].GlobalId
    window = sorted(model.by_type("IfcWindow"), key=lambda w: w.Name)[0]
    window.GlobalId = ""
    door = sorted(model.by_type("IfcDoor"), key=lambda d: d.Name)[0]
    pset = next(iter(element_util.get_psets(door, psets_only=True).values()))
    model.by_id(pset["id"]).GlobalId = door.GlobalId
    storeys = sorted(model.by_type("IfcBuildingStorey"), key=lambda s: s.Name)
    storeys[1].GlobalId = storeys[0].GlobalId
    model.write(str(path))
    return copies[0].GlobalId, [w.id() for w in copies], window.id(), door.id(), [s.id() for s in storeys]


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Edited:
    folder = tmp_path_factory.mktemp("guids")
    path = write_sample_model(folder / "edited.ifc", storeys=2, rooms_per_storey=3, seed=0)
    shared, walls, window, door, storeys = _edit(path)
    index = load_index(path, cache=IndexCache(folder / "cache"))
    return Edited(path, ifcopenshell.open(str(path)), index, shared, walls, window, door, storeys)


def _on_storey(model: ifcopenshell.file, ifc_class: str, storey_id: int) -> set[int]:
    """Step ids of the ``ifc_class`` elements plain IfcOpenShell finds contained in the storey."""
    return {
        e.id()
        for e in model.by_type(ifc_class)
        if (container := element_util.get_container(e)) is not None and container.id() == storey_id
    }


# -- the file's warnings ----------------------------------------------------------------------------------------


def test_each_shared_globalid_is_a_warning_naming_it_and_its_step_ids(edited: Edited) -> None:
    warnings = [w for w in model_warnings(open_model(edited.path)) if w.attribute == "GlobalId"]
    text = [describe_warning(w) for w in warnings]
    walls = next(t for t in text if edited.shared in t)
    assert "shared by 3 entities" in walls
    assert all(f"#{i} IfcWall" in walls for i in edited.walls)
    door = next(t for t in text if f"#{edited.door} IfcDoor" in t)
    assert "shared by 2 entities" in door and "IfcPropertySet" in door
    assert any(f"#{edited.storeys[0]} IfcBuildingStorey, #{edited.storeys[1]} IfcBuildingStorey" in t for t in text)
    empty = next(t for t in text if "empty GlobalId" in t)
    assert f"#{edited.window} IfcWindow" in empty and empty.startswith(f"#{edited.window} IfcWindow.GlobalId")
    assert len(warnings) == 4
    assert [describe_warning(w) for w in edited.index.data.warnings if w.attribute == "GlobalId"] == text


def test_strict_mode_refuses_such_a_file_naming_the_globalid(edited: Edited) -> None:
    with pytest.raises(IfcOpenError, match=rf"refused in strict mode: .*{edited.shared.replace('$', '.')}"):
        open_model(edited.path, strict=True)


def test_a_clean_file_has_no_globalid_warning(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "clean.ifc", storeys=1, rooms_per_storey=2)
    assert [w for w in model_warnings(open_model(path)) if w.attribute == "GlobalId"] == []


# -- the index ----------------------------------------------------------------------------------------------


def test_no_element_is_lost_and_each_is_flagged(edited: Edited) -> None:
    data = edited.index.data
    plain = Counter(e.is_a() for e in edited.model.by_type("IfcProduct"))
    assert {cls: len(data.by_class.get(cls, ())) for cls in plain} == dict(plain)
    assert [data.elements[i].guid_issue for i in edited.walls] == ["shared"] * 3
    assert data.elements[edited.window].guid_issue == "empty"
    assert data.elements[edited.door].guid_issue == "shared"  # the property set holds it too
    assert {i for i, _ in data.shared_guids[edited.shared]} == set(edited.walls)
    assert edited.shared not in data.guids and "" not in data.guids
    unflagged = [e for e in edited.index.elements() if e.guid_issue is None]
    assert all(data.guids[e.guid] == e.id for e in unflagged)


def test_resolving_a_shared_globalid_is_ambiguous_and_names_the_step_ids(edited: Edited) -> None:
    with pytest.raises(ToolError, match="ambiguous") as caught:
        edited.index.resolve(edited.shared)
    assert all(f"#{i} IfcWall" in str(caught.value) for i in edited.walls)
    assert edited.index.find(edited.shared) is None
    for step_id in edited.walls:
        assert edited.index.resolve(f"#{step_id}").element is edited.index.data.elements[step_id]
    assert edited.index.key(edited.index.data.elements[edited.walls[0]]) == f"#{edited.walls[0]}"
    with pytest.raises(ToolError, match="No element with reference or Name ''"):
        edited.index.resolve("")


def test_a_globalid_selector_selects_every_element_holding_it(edited: Edited) -> None:
    assert sorted(e.id for e in select(edited.index, edited.shared)) == sorted(edited.walls)


# -- the tools ----------------------------------------------------------------------------------------------


def test_tool_counts_equal_ifcopenshell_and_refs_carry_the_step_id(edited: Edited) -> None:
    for cls in ("IfcWall", "IfcWindow", "IfcDoor", "IfcBuildingStorey"):
        counted = call_tool(edited.index, "count_elements", {"ifc_class": cls})
        assert counted["count"] == len(edited.model.by_type(cls)), cls
    found = call_tool(edited.index, "find_elements", {"ifc_class": "IfcWall", "limit": 200})
    notes = {row["id"]: row.get("guid_note") for row in found["elements"]}
    assert len(notes) == len(edited.model.by_type("IfcWall"))
    for step_id in edited.walls:
        assert notes[step_id] is not None and f"#{step_id}" in notes[step_id] and "shared" in notes[step_id]
    assert sum(note is not None for note in notes.values()) == 3
    window = call_tool(edited.index, "get_element", {"element": f"#{edited.window}"})
    assert "no GlobalId" in str(window) and f"#{edited.window}" in str(window)
    compact = call_tool(edited.index, "find_elements", {"ifc_class": "IfcWindow", "compact": True})
    assert set(compact["guid_notes"]) == {edited.window}


def test_a_tool_given_a_shared_globalid_says_it_is_ambiguous(edited: Edited) -> None:
    with pytest.raises(ToolError, match="ambiguous") as caught:
        call_tool(edited.index, "get_element", {"element": edited.shared})
    assert all(f"#{i}" in str(caught.value) for i in edited.walls)
    with pytest.raises(ToolError, match="ambiguous"):
        call_tool(edited.index, "get_type_instances", {"type": edited.shared})


# -- the graph ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with open_store(tmp_path_factory.mktemp("guids-store")) as graph:
        yield graph


def test_graph_nodes_are_one_per_element_with_the_globalid_as_attribute(edited: Edited, store: GraphStore) -> None:
    graph = project(edited.index)
    walls = [row for row in graph.nodes["Element"] if row["ifc_class"] == "IfcWall"]
    assert len(walls) == len(edited.model.by_type("IfcWall"))
    assert sum(row["guid"] == edited.shared for row in walls) == 3
    uids = [row["uid"] for rows in graph.nodes.values() for row in rows]
    assert len(uids) == len(set(uids))
    store.load(edited.index)
    rows = store.run(
        "MATCH (e:Element) WHERE e.model = $m AND e.guid = $g RETURN e.step_id AS id",
        {"m": model_tag(edited.index), "g": edited.shared},
    )
    assert sorted(r["id"] for r in rows) == sorted(edited.walls)


# -- spatial answers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("route", ["graph", "index"])
def test_spatial_answers_count_every_element(edited: Edited, store: GraphStore, route: str) -> None:
    qa = SpatialQA(edited.index, store if route == "graph" else None, use_graph=route == "graph")
    lower, upper = edited.storeys  # Level 0, Level 1 (sharing a GlobalId)
    for storey_name, storey_id in (("Level 0", lower), ("Level 1", upper)):
        answer = qa.ask(f"Which walls are on {storey_name}?")
        expected = _on_storey(edited.model, "IfcWall", storey_id)
        listed = answer["elements"]
        assert len(listed) == len(expected), (route, storey_name, answer["answer"])
        ids = {row["id"] for row in listed if "id" in row}
        assert ids <= expected and {i for i in edited.walls if i in expected} <= ids
        assert f"{len(expected)} walls" in answer["answer"] or f"{len(expected)} IfcWall" in answer["answer"]
    windows = qa.ask("Which windows are on Level 0?")["elements"]
    assert len(windows) == len(_on_storey(edited.model, "IfcWindow", lower))
    blank = [row for row in windows if row["guid"] == ""]  # the window without a GlobalId is on Level 0
    assert len(blank) == 1 and blank[0]["id"] == edited.window and f"#{edited.window}" in blank[0]["guid_note"]
    everywhere = qa.ask("How many walls are there?")
    assert str(len(edited.model.by_type("IfcWall"))) in everywhere["answer"]


def test_the_answer_check_tells_elements_apart_by_step_id(edited: Edited) -> None:
    qa = SpatialQA(edited.index, None, use_graph=False)
    parsed = qa.parser.parse("Which walls are on Level 0?")
    hits = run_index(edited.index, parsed)
    assert check(edited.index, parsed, hits) == []
    assert any("cited twice" in p for p in check(edited.index, parsed, [*hits, hits[0]]))


def test_an_unset_globalid_is_a_warning_not_a_corrupt_file_and_reads_warm_and_cold(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "unset.ifc", storeys=1, rooms_per_storey=2)
    model = ifcopenshell.open(str(path))
    door = sorted(model.by_type("IfcDoor"), key=lambda d: d.Name)[0]
    door.GlobalId = None  # written as $
    model.write(str(path))
    assert f"#{door.id()}=IFCDOOR($," in path.read_text()
    warnings = [describe_warning(w) for w in model_warnings(open_model(path))]
    assert warnings == [f"#{door.id()} IfcDoor.GlobalId: 1 entity has an empty GlobalId: #{door.id()} IfcDoor; "
                        "ifcqa identifies such entities by step id (pass #<step id> to refer to one)"]
    cache = IndexCache(tmp_path / "cache")
    for _ in ("cold", "warm"):
        index = load_index(path, cache=cache)
        record = index.data.elements[door.id()]
        assert (record.guid, record.guid_issue) == (None, "empty")
        found = call_tool(index, "find_elements", {"ifc_class": "IfcDoor"})
        row = next(r for r in found["elements"] if r["id"] == door.id())
        assert row["guid"] is None and f"#{door.id()}" in row["guid_note"]
        assert call_tool(index, "count_elements", {"ifc_class": "IfcDoor"})["count"] == len(model.by_type("IfcDoor"))
