"""Round 8, comparison / lookup / quantities / edge side: a storey alias beside the storey's name, words describing the
one building, a storey's elevation asked "at what height", counts a part records as a property ("NumberOfRiser"),
a class word's second IFC reading, two rooms compared by the area they offer and heat output summed as a power, in
phrasings of our own (not ``bench/spatial/people_sixth_a.json``'s); every answer checked against a plain IfcOpenShell
walk of the file."""

from __future__ import annotations

from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, storey_of

DUP, DEL, HOUSE = "Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc", "IfcOpenHouse_IFC4.ifc"
HOM, HE, DHW = "ExampleHOM.ifc", "Heizung-Elektro_080729.ifc", "domestic-hot-water.ifc"
FT = 0.3048


def _per_storey(f: Any, ifc_class: str, storey: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(ifc_class) if storey_of(e) == storey}


# --- a storey alias beside the storey's own name -------------------------------------------------------------------

def test_an_alias_apposed_to_a_storey_name_is_one_storey_and_the_comparison_is_yes_no(index_of: Index,
                                                                                     model: Any) -> None:
    f = model(DUP)
    low, high = _per_storey(f, "IfcDoor", "Level 1"), _per_storey(f, "IfcDoor", "Level 2")
    assert low and high and len(low) != len(high)  # premise: a comparison with an answer
    answer = ask(index_of, DUP, "Do we have fewer doors downstairs on Level 1 than upstairs on Level 2?")
    assert answer["declined"] is None and answer["yes_no"] is (len(low) < len(high))
    assert answer["plan"]["compare_op"] == "<"
    answer = ask(index_of, DUP, "Does Level 2 (upstairs) have more windows than Level 1?")
    windows = _per_storey(f, "IfcWindow", "Level 2"), _per_storey(f, "IfcWindow", "Level 1")
    assert answer["declined"] is None and answer["yes_no"] is (len(windows[0]) > len(windows[1]))


def test_an_alias_beside_another_storeys_name_declines_naming_both(index_of: Index, model: Any) -> None:
    """ "upstairs on Level 1" in a model whose upstairs is Level 2: which one is meant is not said, so neither one
    nor both (the union would be a broader answer)."""
    f = model(DUP)
    above = sorted((s for s in f.by_type("IfcBuildingStorey") if s.Elevation > 0 and s.Name != "Roof"),
                   key=lambda s: s.Elevation)
    assert above[-1].Name == "Level 2"  # premise: upstairs is Level 2 (the roof level is no upstairs)
    answer = ask(index_of, DUP, "which windows are upstairs on Level 1?")
    assert answer["declined"] is not None and not answer["elements"]
    assert "Level 1" in answer["declined"]["reason"] and "Level 2" in answer["declined"]["reason"]


# --- words describing the one building ----------------------------------------------------------------------------

def test_adjectives_describing_the_one_building_narrow_nothing(index_of: Index, model: Any) -> None:
    f = model(HOUSE)
    assert len(f.by_type("IfcBuilding")) == 1  # premise
    for question, cls in (("how many doors are in this tiny house?", "IfcDoor"),
                          ("list every wall of our small building", "IfcWall")):
        answer = ask(index_of, HOUSE, question)
        assert answer["declined"] is None and guids(answer) == {e.GlobalId for e in f.by_type(cls)}, question


def test_an_adjective_elsewhere_is_still_read_or_declined(index_of: Index) -> None:
    answer = ask(index_of, HOUSE, "how many tiny doors are in the house?")
    assert answer["declined"] is not None and not answer["elements"]
    assert "tiny" in answer["declined"]["not_understood"]


# --- a storey's elevation asked "at what height" ------------------------------------------------------------------

def test_at_what_height_is_a_storey_is_its_elevation_in_the_unit_asked(index_of: Index, model: Any) -> None:
    f = model(DEL)
    level2 = next(s for s in f.by_type("IfcBuildingStorey") if s.Name == "Level 2")
    answer = ask(index_of, DEL, "at which height is Level 2, in meters?")
    assert answer["declined"] is None
    assert answer["value"]["number"] == pytest.approx(level2.Elevation * FT, rel=1e-3)
    assert answer["value"]["unit"] == "m"


def test_a_storeys_elevation_asked_of_elements_declines(index_of: Index) -> None:
    for question in ("at what height are the light fixtures on Level 2?", "what is the elevation of the doors on "
                     "level 1"):
        answer = ask(index_of, DEL, question)
        assert answer["declined"] is not None and answer["value"] is None, question


# --- a count of parts recorded as a property ----------------------------------------------------------------------

def test_how_many_treads_reads_the_number_the_stairs_record(index_of: Index, model: Any) -> None:
    f = model(DUP)
    want = {ue.get_psets(s).get("Pset_StairCommon", {}).get("NumberOfTreads") for s in f.by_type("IfcStair")}
    assert want and None not in want  # premise: every stair records it
    answer = ask(index_of, DUP, "How many treads does each staircase have?")
    assert answer["declined"] is None and {v["value"] for v in answer["value"]["values"]} == want
    assert guids(answer) == {s.GlobalId for s in f.by_type("IfcStair")}


def test_how_many_of_a_class_stays_a_count(index_of: Index, model: Any) -> None:
    f = model(DUP)
    answer = ask(index_of, DUP, "how many doors does Level 2 have")
    assert answer["declined"] is None and answer["count"] == len(_per_storey(f, "IfcDoor", "Level 2"))


# --- a class word's second IFC reading ----------------------------------------------------------------------------

def test_water_heaters_are_the_boilers_when_the_model_has_no_appliance_ones(index_of: Index, model: Any) -> None:
    f = model(DHW)
    assert not f.by_type("IfcElectricAppliance") and f.by_type("IfcBoiler")  # premise
    answer = ask(index_of, DHW, "which water heaters are there?")
    assert answer["declined"] is None and guids(answer) == {b.GlobalId for b in f.by_type("IfcBoiler")}
    assert "IfcBoiler" in answer["answer"]  # the reading is said


def test_water_heaters_in_a_model_without_boilers_are_none(index_of: Index, model: Any) -> None:
    f = model(DUP)
    assert not f.by_type("IfcBoilerType") and not f.by_type("IfcElectricApplianceType")  # premise (IFC2X3)
    answer = ask(index_of, DUP, "how many water heaters are installed")
    assert answer["count"] == 0 and not answer["elements"]


# --- two rooms compared by the area they offer --------------------------------------------------------------------

def _net_area(f: Any, name: str) -> float:
    space = next(s for s in f.by_type("IfcSpace") if s.Name == name)
    return float(ue.get_psets(space)["Qto_SpaceBaseQuantities"]["NetFloorArea"])


def test_more_floor_space_than_compares_two_rooms_areas(index_of: Index, model: Any) -> None:
    f = model(HOM)
    kitchen, hobby = _net_area(f, "Kitchen5"), _net_area(f, "Hobby2")
    answer = ask(index_of, HOM, "has Hobby2 got more usable floor area than Kitchen5?")
    assert answer["declined"] is None and answer["yes_no"] is (hobby > kitchen)
    answer = ask(index_of, HOM, "does Hobby2 have less space than Kitchen5")
    assert answer["declined"] is None and answer["yes_no"] is (hobby < kitchen)


def test_which_of_two_rooms_has_more_area_names_the_larger(index_of: Index, model: Any) -> None:
    f = model(HOM)
    larger = max(("Kitchen5", "Hobby2"), key=lambda n: _net_area(f, n))
    want = {s.GlobalId for s in f.by_type("IfcSpace") if s.Name == larger}
    for question in ("Hobby2 or Kitchen5: which has more floor area?", "Hobby2 versus Kitchen5, which one has more "
                     "space?"):
        answer = ask(index_of, HOM, question)
        assert answer["declined"] is None and guids(answer) == want, question


# --- heat output summed as a power --------------------------------------------------------------------------------

def _radiators_on(f: Any, storey: str) -> list[Any]:
    typed = [e for t in f.by_type("IfcSpaceHeaterType") for rel in (t.ObjectTypeOf or ()) for e in rel.RelatedObjects]
    return [e for e in typed if storey_of(e) == storey]  # IFC2X3: flow terminals typed by IfcSpaceHeaterType


def test_total_heating_capacity_of_a_storeys_radiators_in_kw(index_of: Index, model: Any) -> None:
    f = model(HE)
    heaters = _radiators_on(f, "Obergeschoss")
    outputs = [ue.get_psets(e).get("Pset_SpaceHeaterTypeCommon", {}).get("OutputCapacity") for e in heaters]
    assert heaters and None not in outputs  # premise: every one records its output (in W, the project unit)
    answer = ask(index_of, HE, "What is the combined heat output of the radiators in the Obergeschoss, in kW?")
    assert answer["declined"] is None and answer["value"]["unit"] == "kW"
    assert answer["value"]["number"] == pytest.approx(sum(outputs) / 1000.0, rel=1e-6)
    assert guids(answer) == {e.GlobalId for e in heaters}


def test_heat_output_in_an_area_unit_declines(index_of: Index) -> None:
    answer = ask(index_of, HE, "total heat output of the radiators in the Obergeschoss in square metres")
    assert answer["declined"] is not None and answer["value"] is None


def test_heat_output_of_elements_without_one_is_no_number(index_of: Index) -> None:
    answer = ask(index_of, HE, "sum of the heat output of all pipes")
    assert answer["declined"] is not None or answer["value"] is None


# --- rooms listed by their endings, and a side of a comparison summed --------------------------------------------

INS = "AC11-Institute-Var-2-IFC.ifc"


def _spaces_long_named(f: Any, *names: str) -> dict[str, Any]:
    return {s.LongName: s for s in f.by_type("IfcSpace") if s.LongName in names}


def test_numerals_listed_after_a_room_name_name_their_rooms(index_of: Index, model: Any) -> None:
    rooms = _spaces_long_named(model(INS), "Besprechungsraum I", "Besprechungsraum II")
    assert len(rooms) == 2  # premise
    answer = ask(index_of, INS, "show me Besprechungsraum I & II")
    assert answer["declined"] is None and guids(answer) == {s.GlobalId for s in rooms.values()}


def test_a_numeral_no_room_ends_in_declines_naming_it(index_of: Index, model: Any) -> None:
    assert not _spaces_long_named(model(INS), "Besprechungsraum IV")  # premise
    answer = ask(index_of, INS, "show me Besprechungsraum I and IV")
    assert answer["declined"] is not None and not answer["elements"]
    assert "IV" in answer["declined"]["not_understood"]


def test_two_rooms_combined_compared_with_a_third(index_of: Index, model: Any) -> None:
    rooms = _spaces_long_named(model(INS), "Besprechungsraum I", "Besprechungsraum II", "Seminarraum")
    area = {n: float(ue.get_psets(s)["BaseQuantities"]["NetFloorArea"]) for n, s in rooms.items()}
    pair = area["Besprechungsraum I"] + area["Besprechungsraum II"]
    answer = ask(index_of, INS, "Do Besprechungsraum I and II combined have more floor area than the Seminarraum?")
    assert answer["declined"] is None and answer["yes_no"] is (pair > area["Seminarraum"])
    assert f"{pair:g}" in answer["answer"]


def test_a_room_on_both_sides_of_a_summed_comparison_declines(index_of: Index) -> None:
    answer = ask(index_of, INS, "is the Seminarraum bigger than Besprechungsraum I and the Seminarraum together?")
    assert answer["declined"] is not None and answer["yes_no"] is None
