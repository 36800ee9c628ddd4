"""Questions over a project answered by ProjectQA, checked against the IFC files read with plain IfcOpenShell."""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu
import numpy as np
import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.project import Project, load_project
from ifcqa.project.qa import ProjectQA
from ifcqa.project.readings import read
from ifcqa.sample.federated import FederatedSample

DUPLEX = ["Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc"]


@pytest.fixture(scope="module")
def sample_qa(federated: FederatedSample, tmp_path_factory: pytest.TempPathFactory) -> ProjectQA:
    project = load_project(federated.project)
    cache = IndexCache(tmp_path_factory.mktemp("cache"))
    indexes = {f: load_index(project.path_of(f), cache=cache) for f in project.files}
    return ProjectQA(indexes, align_storeys(project, indexes))


@pytest.fixture(scope="module")
def duplex_qa(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> ProjectQA:
    project = Project("duplex", shared_ifc, list(DUPLEX))
    cache = IndexCache(tmp_path_factory.mktemp("cache"))
    indexes = {f: load_index(project.path_of(f), cache=cache) for f in project.files}
    return ProjectQA(indexes, align_storeys(project, indexes))


def _centre(element: ifcopenshell.entity_instance) -> np.ndarray:
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    verts = np.array(ifcopenshell.geom.create_shape(settings, element).geometry.verts).reshape(-1, 3)
    return (verts.min(axis=0) + verts.max(axis=0)) / 2


def _box(element: ifcopenshell.entity_instance) -> tuple[np.ndarray, np.ndarray]:
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    verts = np.array(ifcopenshell.geom.create_shape(settings, element).geometry.verts).reshape(-1, 3)
    return verts.min(axis=0), verts.max(axis=0)


def test_readings_take_out_only_the_project_words() -> None:
    assert read("How many outlets are there across both models?").text == "How many outlets are there?"
    rooms = read("What HVAC equipment is in the rooms of Level 1?")
    assert rooms.text == "What HVAC equipment is on Level 1?" and rooms.all_rooms == "in the rooms of"
    holding = read("Which rooms on Level 0 have an air terminal?")
    assert holding.holding is not None and holding.text == "which air terminal on Level 0?"
    assert read("what is in rooms 101 and 102").all_rooms is None  # numbered rooms are the parser's


def test_hvac_elements_in_the_architects_rooms_by_geometry(federated: FederatedSample, sample_qa: ProjectQA) -> None:
    folder = federated.project.parent
    arc, hvac = ifcopenshell.open(folder / "Sample-ARC.ifc"), ifcopenshell.open(folder / "Sample-HVAC.ifc")
    room = next(s for s in arc.by_type("IfcSpace") if s.Name.endswith("1.03"))
    low, high = _box(room)
    inside = {t.GlobalId for t in hvac.by_type("IfcAirTerminal")
              if (low[:2] <= _centre(t)[:2]).all() and (_centre(t)[:2] <= high[:2]).all()
              and low[2] - 0.05 <= _centre(t)[2] <= high[2] + 0.5}
    answer = sample_qa.ask("Which air terminal is in room 1.03?")
    assert {e["file_guid"] for e in answer["elements"]} == inside and len(inside) == 1
    assert all(e["file"] == "Sample-HVAC.ifc" and e["via"] == "geometry" for e in answer["elements"])
    assert "1 by geometry" in answer["rule"] and "0 contained" in answer["rule"]
    assert answer["elements"][0]["space"] == f"Sample-ARC.ifc#{room.GlobalId}"


def test_storeys_through_the_alignment_and_counts_summed_across_files(
    federated: FederatedSample, sample_qa: ProjectQA
) -> None:
    folder = federated.project.parent
    arc, stru = ifcopenshell.open(folder / "Sample-ARC.ifc"), ifcopenshell.open(folder / "Sample-STR.ifc")
    level1 = next(s for s in arc.by_type("IfcBuildingStorey") if s.Name == "Level 1")
    z = level1.Elevation * uu.calculate_unit_scale(arc)
    str_level1 = [s for s in stru.by_type("IfcBuildingStorey")
                  if abs(s.Elevation * uu.calculate_unit_scale(stru) - z) <= 0.5]
    walls = [w for w in arc.by_type("IfcWall") if ue.get_container(w) == level1]
    columns = [c for c in stru.by_type("IfcColumn") if ue.get_container(c) in str_level1]
    answer = sample_qa.ask("How many walls and columns are on Level 1?")
    assert answer["count"] == len(walls) + len(columns) > 0
    assert {e["guid"] for e in answer["elements"]} == {f"Sample-ARC.ifc#{w.GlobalId}" for w in walls} | {
        f"Sample-STR.ifc#{c.GlobalId}" for c in columns}
    assert {e["storey"] for e in answer["elements"]} == {"Level 1"}


def test_a_level_the_project_lacks_is_declined_and_lists_nothing(sample_qa: ProjectQA) -> None:
    answer = sample_qa.ask("Which spaces are on Level 7?")
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None
    assert "Level 0" in answer["declined"]["can_answer"]


def test_a_write_is_declined_over_a_project(sample_qa: ProjectQA) -> None:
    answer = sample_qa.ask("Delete the air terminals in room 1.03")
    assert answer["declined"] is not None and answer["elements"] == []


def test_duplex_outlets_in_the_kitchens_as_an_independent_box_rule_finds_them(
    shared_ifc: Path, duplex_qa: ProjectQA
) -> None:
    arc = ifcopenshell.open(shared_ifc / DUPLEX[0])
    elec = ifcopenshell.open(shared_ifc / DUPLEX[1])
    feet = uu.calculate_unit_scale(elec)
    assert feet == pytest.approx(0.3048)
    kitchens = [s for s in arc.by_type("IfcSpace") if "kitchen" in (s.LongName or "").lower()]
    boxes = [_box(s) for s in kitchens]
    outlets = [e for e in elec.by_type("IfcFlowTerminal")
               if (t := ue.get_type(e)) is not None and t.is_a("IfcOutletType")]
    expected = set()
    for outlet in outlets:
        c = _centre(outlet)  # world coordinates in metres (the geometry iterator converts units)
        for low, high in boxes:
            gap = np.hypot(*np.maximum(np.maximum(low[:2] - c[:2], c[:2] - high[:2]), 0.0))
            if gap <= 0.3 and low[2] - 0.05 <= c[2] <= high[2] + 0.5:
                expected.add(outlet.GlobalId)
    answer = duplex_qa.ask("Which outlets are in the kitchen?")
    got = {e["file_guid"] for e in answer["elements"]}
    assert got == expected and len(got) >= 6
    assert {e["space_name"] for e in answer["elements"]} <= {s.Name for s in kitchens}


def test_duplex_rooms_holding_outlets_and_every_bedroom(shared_ifc: Path, duplex_qa: ProjectQA) -> None:
    answer = duplex_qa.ask("Which rooms on Level 1 have a power outlet?")
    arc = ifcopenshell.open(shared_ifc / DUPLEX[0])
    level1 = {s.GlobalId for s in arc.by_type("IfcSpace") if ue.get_aggregate(s).Name == "Level 1"}
    assert answer["elements"] and all(e["file_guid"] in level1 and e["holds"] >= 1 for e in answer["elements"])
    assert all(e["class"] == "IfcSpace" for e in answer["elements"])
    every = duplex_qa.ask("Is there a light fixture in every bedroom?")
    assert every["yes_no"] is True and "each of the" in every["answer"]


def test_duplex_electrical_equipment_is_the_electrical_models_elements(shared_ifc: Path, duplex_qa: ProjectQA) -> None:
    elec = ifcopenshell.open(shared_ifc / DUPLEX[1])
    level2 = [s for s in elec.by_type("IfcBuildingStorey") if s.Name == "Level 2"]
    expected = {e.GlobalId for e in elec.by_type("IfcElement") if not e.is_a("IfcFeatureElement")
                and ue.get_container(e) in level2}
    answer = duplex_qa.ask("What electrical equipment is on Level 2?")
    assert {e["file_guid"] for e in answer["elements"]} == expected
    assert "every element of the electrical model" in answer["rule"]


def test_duplex_room_with_the_most_outlets_by_an_independent_box_rule(shared_ifc: Path, duplex_qa: ProjectQA) -> None:
    arc = ifcopenshell.open(shared_ifc / DUPLEX[0])
    elec = ifcopenshell.open(shared_ifc / DUPLEX[1])
    spaces = sorted(((float(np.prod(b[1] - b[0])), s.id(), s, b) for s in arc.by_type("IfcSpace")
                     if (b := _box(s)) is not None), key=lambda item: item[:2])
    held: dict[str, int] = {}
    for outlet in elec.by_type("IfcFlowTerminal"):
        kind = ue.get_type(outlet)
        if kind is None or not kind.is_a("IfcOutletType"):
            continue
        c = _centre(outlet)
        near = []
        for volume, step, space, (low, high) in spaces:
            gap = float(np.hypot(*np.maximum(np.maximum(low[:2] - c[:2], c[:2] - high[:2]), 0.0)))
            if gap <= 0.3 and low[2] - 0.05 <= c[2] <= high[2] + 0.5:
                near.append((gap, volume, step, space.GlobalId))
        if near:
            best = min(near)[3]
            held[best] = held.get(best, 0) + 1
    top = max(held.values())
    answer = duplex_qa.ask("Which room has the most outlets?")
    assert {e["file_guid"] for e in answer["elements"]} == {g for g, n in held.items() if n == top}
    assert all(e["holds"] == top for e in answer["elements"])


def test_project_tree_puts_every_element_once_under_its_level_space_or_unmatched_storey(
    federated: FederatedSample, sample_qa: ProjectQA
) -> None:
    from ifcqa.project.summary import project_tree

    tree = project_tree(sample_qa, "Sample")
    folder = federated.project.parent
    expected = {f"{f}#{e.GlobalId}" for f in sample_qa.files
                for e in ifcopenshell.open(folder / f).by_type("IfcElement") if not e.is_a("IfcFeatureElement")}
    placed = [e["ref"] for level in tree["levels"] for space in level["spaces"] for e in space["elements"]]
    placed += [e["ref"] for level in tree["levels"] for e in level["outside_spaces"]]
    placed += [e["ref"] for storey in tree["unmatched"] for e in storey["elements"]]
    assert sorted(placed) == sorted(expected)  # each once
    assert [level["level"] for level in tree["levels"]] == ["Level 0", "Level 1"]
    assert [s["name"] for s in tree["unmatched"]] == ["Foundation"] and tree["unmatched"][0]["elements"]
    room = next(s for level in tree["levels"] for s in level["spaces"] if s["name"] == "Copy 1.03")
    assert [(e["class"], e["via"]) for e in room["elements"] if e["ref"].startswith("Sample-HVAC")] == [
        ("IfcAirTerminal", "geometry")]
    assert {f["file"]: f["discipline"] for f in tree["files"]} == {
        "Sample-ARC.ifc": None, "Sample-STR.ifc": "structural", "Sample-HVAC.ifc": "hvac"}
