"""Templated answers read naturally and name what was asked: the storeys (with the question's alias words),
the exclusions, counted nouns; never a GlobalId outside the element list."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.sample import write_sample_model
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.answer import counted, scrub
from ifcqa.spatial.oracle import located_storey

PUFFER = "WP_Puffer_FWS_FBH10.ifc"
HEIZUNG = "Heizung-Elektro_080729.ifc"
GUID = re.compile(r"(?<![\w$])[0-3][0-9A-Za-z_$]{21}(?![\w$])")


@pytest.fixture(scope="module")
def one_storey(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SpatialQA]:
    folder = tmp_path_factory.mktemp("one-storey")
    path = write_sample_model(folder / "bungalow.ifc", storeys=1, seed=3)
    index = load_index(path, cache=IndexCache(folder / "cache"))
    return path, SpatialQA(index, use_graph=False, embedder=None)


def test_the_only_storey_asked_for_by_alias_is_named_and_constrains(one_storey: tuple[Path, SpatialQA]) -> None:
    path, qa = one_storey
    model = ifcopenshell.open(path)
    (storey,) = model.by_type("IfcBuildingStorey")
    doors = {d.GlobalId for d in model.by_type("IfcDoor") if located_storey(d) == storey}
    answer = qa.ask("How many doors are on the ground floor?")
    assert answer["plan"]["storeys"] == [storey.GlobalId]  # a named storey constrains even when it is every storey
    assert {e["guid"] for e in answer["elements"]} == doors and doors
    assert answer["answer"].startswith(f"There are {len(doors)} doors on {storey.Name} (ground floor): ")
    hvac = qa.ask("what HVAC equipment is on the ground floor?")
    n = len(hvac["elements"])
    assert hvac["answer"].startswith(f"{n} pieces of HVAC equipment on {storey.Name} (ground floor)")


def test_everything_excluded_leaves_nothing_and_says_where(one_storey: tuple[Path, SpatialQA]) -> None:
    path, qa = one_storey
    (storey,) = ifcopenshell.open(path).by_type("IfcBuildingStorey")
    answer = qa.ask("Which doors are not on the ground floor?")
    assert answer["elements"] == []
    assert answer["answer"] == f"No doors found outside {storey.Name} (ground floor) (the model has no other storey)."


def test_counted_nouns() -> None:
    assert counted(["doors"], 1) == "door" and counted(["doors"], 2) == "doors"
    assert counted(["HVAC equipment"], 1) == "piece of HVAC equipment"
    assert counted(["furniture"], 3) == "pieces of furniture"
    assert counted(["doors", "windows"], 1) == "door or window"
    assert counted(["space heaters"], 1) == "space heater" and counted(["shelves"], 1) == "shelf"


def test_scrub_removes_globalids_outside_the_list() -> None:
    listed, other = "2O2Fr$t4X7Zf8NOew3FLOH", "3cUkl32yn9qRSPvBJVyWYp"
    assert scrub(f"{listed} and {other}", {listed}) == f"{listed} and [GlobalId not listed]"


def test_the_flagged_question_names_the_floor_and_the_exact_elements(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    qa = SpatialQA(index_of(PUFFER), use_graph=False, embedder=None)
    answer = qa.ask("what HVAC equipment is on the ground floor?")
    wanted = set(answer["plan"]["classes"][0]["ifc_classes"])
    model = ifcopenshell.open(shared_ifc / PUFFER)
    (storey,) = model.by_type("IfcBuildingStorey")
    expected = {e.GlobalId for e in model.by_type("IfcProduct") if e.is_a() in wanted and located_storey(e) == storey}
    assert {e["guid"] for e in answer["elements"]} == expected and expected
    assert answer["answer"].startswith(f"{len(expected)} pieces of HVAC equipment on {storey.Name} (ground floor): ")


def test_ifc2x3_unnamed_flow_elements_are_counted_by_type_and_german_words_kept(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    qa = SpatialQA(index_of(HEIZUNG), use_graph=False, embedder=None)
    answer = qa.ask("Wie viele Steckdosen sind im UG?")
    model = ifcopenshell.open(shared_ifc / HEIZUNG)
    outlets = [
        e for e in model.by_type("IfcFlowTerminal")
        if any(r.is_a("IfcRelDefinesByType") and r.RelatingType.is_a("IfcOutletType") for r in e.IsDefinedBy)
        and located_storey(e).Name == "Kellergeschoss"
    ]
    assert {e["guid"] for e in answer["elements"]} == {e.GlobalId for e in outlets} and outlets
    assert answer["answer"].startswith(f"There are {len(outlets)} outlets on Kellergeschoss (UG): ")
    text = answer["answer"]
    assert "unnamed IfcFlowTerminal" not in text or " x unnamed IfcFlowTerminal of type " in text
    for question in ("electrical elements not in the basement", "What HVAC equipment is on the ground floor?",
                     "luminaires per floor", "Which floor has the most outlets?", "Heizkessel im Untergeschoss"):
        text = qa.ask(question)
        assert set(GUID.findall(text["answer"])) <= {e["guid"] for e in text["elements"]}, question
    excluded = qa.ask("electrical elements not in the basement")["answer"]
    assert "(every storey except Kellergeschoss, i.e. basement): " in excluded


@pytest.mark.parametrize(("question", "key"), [
    ("protective devices per level", "protective"),
    ("How many electrical appliances are on the roof?", "appliance"),
    ("Are there circuit breakers on level 1?", "protective"),
    ("smoke detectors on the ground floor", "sensor"),
])
def test_more_distribution_classes_have_words(one_storey: tuple[Path, SpatialQA], question: str, key: str) -> None:
    _, qa = one_storey
    plan = qa.parser.parse(question)
    assert [c.key for c in plan.classes] == [key]


def test_a_storey_inventory_lists_what_its_spaces_hold(index_of: Callable[[str], ModelIndex],
                                                        shared_ifc: Path) -> None:
    """The storey holds nothing directly, its one space R301 the two rooftop fans: an inventory is storey-deep
    (round 7's documented rule), so they are listed, and the storey is never named as elsewhere."""
    model = ifcopenshell.open(shared_ifc / "Duplex_Electrical_20121207.ifc")
    roof = next(s for s in model.by_type("IfcBuildingStorey") if s.Name == "Roof")
    direct = [e for r in roof.ContainsElements or () for e in r.RelatedElements]
    in_spaces = {e.GlobalId for space in ifcopenshell.util.element.get_decomposition(roof) if space.is_a("IfcSpace")
                 for r in space.ContainsElements or () for e in r.RelatedElements}
    assert not direct and in_spaces  # premise
    qa = SpatialQA(index_of("Duplex_Electrical_20121207.ifc"), use_graph=False, embedder=None)
    answer = qa.ask("what's on the roof?")
    assert {e["guid"] for e in answer["elements"]} == in_spaces
    assert "Roof (" not in answer["answer"]


def test_several_storeys_say_how_the_count_splits(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(shared_ifc / "Duplex_A_20110907.ifc")
    per = {name: sum(1 for w in model.by_type("IfcWall") if (s := located_storey(w)) is not None and s.Name == name)
           for name in ("Level 1", "Level 2")}
    answer = SpatialQA(index_of("Duplex_A_20110907.ifc"), use_graph=False, embedder=None).ask(
        "how many walls are on level 1 vs level 2")
    assert answer["answer"].startswith(f"There are {sum(per.values())} walls on Level 1 and Level 2: ")
    assert answer["answer"].endswith(f" Per storey: Level 1: {per['Level 1']}, Level 2: {per['Level 2']}.")


def test_upstairs_in_a_one_storey_building_names_no_storey(one_storey: tuple[Path, SpatialQA]) -> None:
    _, qa = one_storey
    answer = qa.ask("doors upstairs")
    assert answer["route"] == "none" and answer["elements"] == []
    assert answer["answer"].startswith("This model has no storey matching 'upstairs'")
    assert qa.ask("doors on the top floor")["elements"]  # the top floor of a bungalow is its only floor


def test_an_unnamed_storey_is_described_never_named_by_its_globalid(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    model = ifcopenshell.open(shared_ifc / "IfcOpenHouse_IFC4.ifc")
    (storey,) = model.by_type("IfcBuildingStorey")
    assert not storey.Name
    answer = SpatialQA(index_of("IfcOpenHouse_IFC4.ifc"), use_graph=False, embedder=None).ask(
        "what's on the ground floor?")
    assert storey.GlobalId not in answer["answer"] and "[GlobalId not listed]" not in answer["answer"]
    assert answer["answer"].startswith(f"{len(answer['elements'])} elements on the unnamed storey at elevation ")
    assert {e["storey"] for e in answer["elements"]} == {answer["plan"]["storey_names"][0]}
