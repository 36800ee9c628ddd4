"""Attribute lookups (ifcqa.spatial.lookup, round 3): each mechanism checked against plain IfcOpenShell, with
phrasings that are not in bench/spatial/dev_round3_lookup.json."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import ModelIndex
from ifcqa.spatial.lookup import explicit_guids, find_frame, letters
from ifcqa.spatial.pipeline import SpatialQA

Index = Callable[[str], ModelIndex]
DUP = "Duplex_A_20110907.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"


def _ask(index: ModelIndex, question: str) -> dict[str, Any]:
    return SpatialQA(index, use_graph=False, embedder=None).ask(question)


_OPEN: dict[str, ifcopenshell.file] = {}  # kept open: an entity read after its file is freed is gone


def _open(shared_ifc: Path, name: str) -> ifcopenshell.file:
    if name not in _OPEN:
        _OPEN[name] = ifcopenshell.open(str(shared_ifc / name))
    return _OPEN[name]


def _values(answer: dict[str, Any]) -> dict[Any, int]:
    return {row["value"]: row["count"] for row in answer["value"]["values"]}


def _storey_of(e: ifcopenshell.entity_instance) -> str | None:
    container = ue.get_container(e)
    return str(container.Name) if container is not None and container.is_a("IfcBuildingStorey") else None


# -- the frame and the GlobalIds (no model) ----------------------------------------------------------------------
def test_a_globalid_is_read_whole_and_ordinary_long_words_are_not() -> None:
    text, found = explicit_guids("width of door 1hOSvn6df7F8_7GcBWlRGQ and of 2O2Fr$t4X7Zf8NOew3FKau, please")
    assert found == ["1hOSvn6df7F8_7GcBWlRGQ", "2O2Fr$t4X7Zf8NOew3FKau"]
    assert "1hOS" not in text and text.startswith("width of door ")
    assert explicit_guids("internationalisationss walls")[1] == []  # 22 lower-case letters: a word


@pytest.mark.parametrize("question, term", [
    ("what is the fire rating of the doors", "fire rating"),
    ("what are the walls on level 1 made of", "material"),
    ("how thick are the slabs", "thick"),
    ("what colour are the walls", "colour"),
    ("what type of windows are on level 2", "type"),
])
def test_lookup_frames_name_the_attribute(question: str, term: str) -> None:
    frame = find_frame(question, lambda words: False, lambda term: False)
    assert frame is not None and frame.term == term


@pytest.mark.parametrize("question", [
    "what is the total area of the rooms on level 2",  # an aggregate: measures answer it
    "what is the largest room",
    "what are the doors of room a102",  # the doors: a class, not an attribute
    "how many doors are on level 1",
])
def test_aggregates_and_classes_are_not_lookups(question: str) -> None:
    is_class = lambda words: any(w in words.split() for w in ("doors", "room"))  # noqa: E731
    assert find_frame(question, is_class, lambda term: True) is None


# -- on the shared models, against IfcOpenShell ------------------------------------------------------------------
def test_a_door_named_by_globalid_gives_its_overall_height(shared_ifc: Path, index_of: Index) -> None:
    door = _open(shared_ifc, DUP).by_guid("1s1jVhK8z0pgKYcr9jt781")
    answer = _ask(index_of(DUP), "could you tell me the height of 1s1jVhK8z0pgKYcr9jt781")
    assert answer["value"]["number"] == pytest.approx(door.OverallHeight)
    assert answer["value"]["unit"] == "m" and [r["guid"] for r in answer["elements"]] == [door.GlobalId]


def test_a_globalid_not_in_the_file_is_declined_naming_it(index_of: Index) -> None:
    answer = _ask(index_of(DUP), "how tall is 0000000000000000000000?")
    assert explicit_guids("how tall is 0000000000000000000000?")[1] == ["0" * 22]
    assert answer["declined"] and not answer["elements"] and "0000000000000000000000" in answer["declined"]["reason"]


def test_materials_are_counted_per_element_holding_each(shared_ifc: Path, index_of: Index) -> None:
    model = _open(shared_ifc, DUP)
    walls = [w for w in model.by_type("IfcWall") if _storey_of(w) == "Level 1"
             and ue.get_pset(w, "Pset_WallCommon", "IsExternal") is True]
    want = Counter(name for w in walls for name in {m.Name for m in ue.get_materials(w)})
    answer = _ask(index_of(DUP), "which materials are the external walls on Level 1 built from?")
    assert _values(answer) == dict(want)
    assert {r["guid"] for r in answer["elements"]} == {w.GlobalId for w in walls}


def test_a_material_property_is_read_where_no_material_is_associated(shared_ifc: Path, index_of: Index) -> None:
    name = "WP_Puffer_FWS_FBH10.ifc"
    pipes = _open(shared_ifc, name).by_type("IfcPipeSegment")
    assert pipes and not any(ue.get_materials(p) for p in pipes)  # the premise: no IfcRelAssociatesMaterial
    want = Counter(v for p in pipes for pset in ue.get_psets(p).values() if (v := pset.get("Material")) is not None)
    answer = _ask(index_of(name), "what are the pipes made of?")
    assert want and _values(answer) == dict(want)


def test_a_placeholder_fire_rating_is_declined_as_not_recorded(shared_ifc: Path, index_of: Index) -> None:
    ratings = {ue.get_pset(d, "Pset_DoorCommon", "FireRating") for d in _open(shared_ifc, DUP).by_type("IfcDoor")}
    assert ratings == {"Fire Rating"}  # Revit's placeholder: the premise of this test
    answer = _ask(index_of(DUP), "fire rating of the external doors?")
    assert answer["declined"] and "placeholder" in answer["declined"]["reason"] and not answer["elements"]


def test_a_property_read_by_its_name_gives_the_distribution(shared_ifc: Path, index_of: Index) -> None:
    walls = [w for w in _open(shared_ifc, INS).by_type("IfcWall") if _storey_of(w) == "Dachgeschoss"]
    want = Counter(ue.get_pset(w, "Pset_WallCommon", "ThermalTransmittance") for w in walls)
    answer = _ask(index_of(INS), "What's the thermal transmittance value of the walls on the Dachgeschoss?")
    assert _values(answer) == dict(want) and "Pset_WallCommon" in answer["value"]["property"]


def test_a_property_the_elements_do_not_hold_is_declined(index_of: Index) -> None:
    answer = _ask(index_of(INS), "what is the acoustic rating of the windows on the Keller?")
    assert answer["declined"] and not answer["elements"] and answer["value"] is None


def test_ceiling_height_is_the_rooms_height_not_a_coverings_thickness(shared_ifc: Path, index_of: Index) -> None:
    space = next(s for s in _open(shared_ifc, DUP).by_type("IfcSpace") if s.Name == "B203")
    want = ue.get_pset(space, "PSet_Revit_Dimensions", "Unbounded Height")
    answer = _ask(index_of(DUP), "What is the height of the ceiling in B203?")
    assert answer["value"]["number"] == pytest.approx(want) and answer["elements"][0]["guid"] == space.GlobalId


def test_wall_thickness_is_the_layer_set_total(shared_ifc: Path, index_of: Index) -> None:
    walls = [w for w in _open(shared_ifc, DUP).by_type("IfcWall") if _storey_of(w) == "Level 2"]

    def total(w: ifcopenshell.entity_instance) -> float:
        return round(sum(layer.LayerThickness for layer in ue.get_material(w).ForLayerSet.MaterialLayers), 6)

    answer = _ask(index_of(DUP), "how thick are the walls on level 2?")
    assert {round(k, 6): v for k, v in _values(answer).items()} == dict(Counter(total(w) for w in walls))


def test_storey_elevation_and_floor_to_floor_height(shared_ifc: Path, index_of: Index) -> None:
    storeys = {s.Name: s.Elevation for s in _open(shared_ifc, INS).by_type("IfcBuildingStorey")}
    answer = _ask(index_of(INS), "what's the elevation of the Keller?")
    assert answer["value"]["number"] == pytest.approx(storeys["Keller"]) and answer["value"]["unit"] == "m"
    answer = _ask(index_of(INS), "storey height of the 2. Obergeschoss")  # one storey: up to the next one
    assert answer["value"]["number"] == pytest.approx(storeys["Dachgeschoss"] - storeys["2. Obergeschoss"])


def test_an_element_named_by_its_name_token(shared_ifc: Path, index_of: Index) -> None:
    doors = [d for d in _open(shared_ifc, INS).by_type("IfcDoor") if d.Name == "Tür-015"]
    answer = _ask(index_of(INS), "how wide is Tür-015")
    assert {r["guid"] for r in answer["elements"]} == {d.GlobalId for d in doors}
    assert _values(answer) == dict(Counter(round(d.OverallWidth, 6) for d in doors))


def test_the_type_of_an_element(shared_ifc: Path, index_of: Index) -> None:
    door = _open(shared_ifc, DUP).by_guid("1hOSvn6df7F8_7GcBWlRGQ")
    answer = _ask(index_of(DUP), "which type is 1hOSvn6df7F8_7GcBWlRGQ?")
    assert _values(answer) == {ue.get_type(door).Name: 1}


def test_whole_model_words_in_a_model_without_storeys(shared_ifc: Path, index_of: Index) -> None:
    model = _open(shared_ifc, "linear-placement-of-signal.ifc")
    assert not model.by_type("IfcBuildingStorey")
    answer = _ask(index_of("linear-placement-of-signal.ifc"), "how many signals does the model have in total?")
    assert answer["count"] == len(model.by_type("IfcSignal")) and not answer["declined"]


def test_a_property_name_outside_the_vocabulary_by_letters() -> None:
    assert letters("Riser height") == letters("RiserHeight") == "riserheight"
    assert letters("Höhe") == "hohe"


def test_the_mcp_tool_carries_the_lookup_value(shared_ifc: Path, index_of: Index) -> None:
    from ifcqa.tools.registry import call_tool

    model = _open(shared_ifc, DUP)
    external = [d for d in model.by_type("IfcDoor") if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True]
    got = call_tool(index_of(DUP), "ask_spatial", {"question": "how wide are the external doors?"})
    assert got["plan"]["intent"] == "lookup" and got["value"]["unit"] == "m"
    assert {row["value"]: row["count"] for row in got["value"]["values"]} == dict(
        Counter(round(d.OverallWidth, 6) for d in external))


def test_a_list_valued_property_is_counted_by_its_value(shared_ifc: Path, index_of: Index) -> None:
    model = _open(shared_ifc, "Heizung-Elektro_080729.ifc")
    pipes = model.by_type("IfcFlowSegment")

    def nominal(p: ifcopenshell.entity_instance) -> Any:
        value = ue.get_pset(p, "Pset_PipeSegmentTypeCommon", "NominalDiameter")
        value = value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value
        return round(value, 6) if isinstance(value, float) else value

    answer = _ask(index_of("Heizung-Elektro_080729.ifc"), "what is the nominal diameter of the pipes?")
    got = {(round(k, 6) if isinstance(k, float) else k): v for k, v in _values(answer).items()}
    assert got == dict(Counter(nominal(p) for p in pipes if p.is_a("IfcFlowSegment")
                               and p.GlobalId in {r["guid"] for r in answer["elements"]}))


def test_a_class_word_before_the_attribute_stays_the_subject(shared_ifc: Path, index_of: Index) -> None:
    doors = [d for d in _open(shared_ifc, DUP).by_type("IfcDoor") if _storey_of(d) == "Level 1"]
    answer = _ask(index_of(DUP), "what's the door width on level 1")  # the values, not their mean
    assert {r["guid"] for r in answer["elements"]} == {d.GlobalId for d in doors}
    assert _values(answer) == dict(Counter(round(d.OverallWidth, 6) for d in doors))
    assert answer["value"]["number"] is None  # they differ: no single number is claimed


def test_an_llm_plan_without_the_lookup_is_caught_by_the_check(index_of: Index) -> None:
    from ifcqa.spatial.check import dropped
    from ifcqa.spatial.parser import Parser

    parser = Parser(index_of(DUP))
    rules = parser.parse("what is the width of door 1hOSvn6df7F8_7GcBWlRGQ?")
    assert rules.intent == "lookup" and rules.elements == ["1hOSvn6df7F8_7GcBWlRGQ"]
    as_list = parser.parse("which doors are there?")  # what an LLM dropping the attribute and the element plans
    assert {what for _, what in dropped(as_list, rules)} >= {"the attribute asked for", "the elements named"}
    assert not dropped(rules, rules)


def test_the_stream_ends_with_the_lookup_value(shared_ifc: Path, index_of: Index) -> None:
    want = next(s.Elevation for s in _open(shared_ifc, INS).by_type("IfcBuildingStorey") if s.Name == "Dachgeschoss")
    events = list(SpatialQA(index_of(INS), use_graph=False, embedder=None).stream("elevation of the Dachgeschoss?"))
    assert [e for e, _ in events][-1] == "final"
    final = events[-1][1]
    assert final["plan"]["intent"] == "lookup" and final["value"]["number"] == pytest.approx(want)
