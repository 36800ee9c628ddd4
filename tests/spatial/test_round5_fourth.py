"""Round 5a (issue 22): one sentence test per mechanism built from people_fourth.json's failures, each answer
checked against plain IfcOpenShell, with the declines that guard them. The sentences are neither those of
bench/spatial/people_fourth.json nor of dev_round5_fourth.json."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
from plain_walks import ask as _ask
from plain_walks import guids as _guids
from plain_walks import storey_of as _storey

from ifcqa.index import ModelIndex
from ifcqa.spatial.named_properties import name_words

Index = Callable[[str], ModelIndex]
Model = Callable[[str], ifcopenshell.file]
DUPLEX = "Duplex_A_20110907.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
KIT = "KIT-EDC_with_SB.ifc"
HEATING = "Heizung-Elektro_080729.ifc"
ELECTRICAL = "Duplex_Electrical_20121207.ifc"
HOM = "ExampleHOM.ifc"


def _on(f: ifcopenshell.file, storeys: set[str], cls: str = "IfcProduct",
        where: Callable[[ifcopenshell.entity_instance], bool] | None = None) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if _storey(e) in storeys and (where is None or where(e))}


def _typed(type_class: str) -> Callable[[ifcopenshell.entity_instance], bool]:
    return lambda e: (t := ue.get_type(e)) is not None and t.is_a(type_class)


def _declined(answer: dict[str, Any], *words: str) -> None:
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None
    said = " ".join(answer["declined"]["not_understood"]).casefold() + " " + answer["answer"].casefold()
    assert all(w.casefold() in said for w in words), answer["answer"]


# -- the frame: a request lead-in, a trade before the role ----------------------------------------------------
def test_a_request_lead_in_and_a_trade_before_the_role_are_the_frame(index_of: Index, model: Model) -> None:
    f = model(DUPLEX)
    windows = _on(f, {"Level 2"}, "IfcWindow")
    assert windows and _guids(_ask(index_of, DUPLEX, "we're searching for the windows on Level 2")) == windows
    heaters = _on(model(HEATING), {"Dachgeschoss"}, where=_typed("IfcSpaceHeaterType"))
    answer = _ask(index_of, HEATING, "radiators on the Dachgeschoss for the HVAC engineer")
    assert heaters and _guids(answer) == heaters
    _declined(_ask(index_of, DUPLEX, "I'm looking for the saunas on Level 1"), "saunas")
    _declined(_ask(index_of, DUPLEX, "doors on Level 2 for the acoustic consultant"), "acoustic")  # no role noun


# -- "A or B - where are more / fewer X" ----------------------------------------------------------------------
def test_where_are_fewer_between_two_storeys_names_the_one(index_of: Index, model: Model) -> None:
    f = model(DUPLEX)
    counts = {s: len(_on(f, {s}, "IfcWindow")) for s in ("Level 1", "Level 2")}
    assert counts["Level 1"] != counts["Level 2"]
    answer = _ask(index_of, DUPLEX, "Level 1 or Level 2 - where are fewer windows?")
    assert answer["storeys"] == [min(counts, key=lambda s: counts[s])]
    assert answer["declined"] is None
    assert _ask(index_of, DUPLEX, "Level 1 or Level 9 - where are more windows?")["elements"] == []


# -- a class word with two letters swapped --------------------------------------------------------------------
def test_a_class_word_with_two_neighbouring_letters_swapped_is_the_class(index_of: Index, model: Model) -> None:
    walls = _on(model(DUPLEX), {"Level 2"}, "IfcWall")
    answer = _ask(index_of, DUPLEX, "how many wlals on Level 2")
    assert walls and answer["count"] == len(walls) and _guids(answer) == walls
    _declined(_ask(index_of, DUPLEX, "odors on Level 1"), "odors")  # the first letter is never swapped
    _declined(_ask(index_of, DUPLEX, "list the wodnos on level 1"), "wodnos")  # two changes


# -- inside / within a room -----------------------------------------------------------------------------------
def test_inside_a_room_is_its_contents_never_the_internal_qualifier(index_of: Index, model: Model) -> None:
    f = model(DUPLEX)
    space = next(s for s in f.by_type("IfcSpace") if s.Name == "A203")
    contents = {e.GlobalId for e in f.by_type("IfcElement")
                if ue.get_container(e) == space and not e.is_a("IfcFeatureElement")}
    answer = _ask(index_of, DUPLEX, "what's inside A203")
    assert contents and _guids(answer) == contents and not answer["plan"]["qualifiers"]
    g = model(INSTITUTE)
    wc = next(s for s in g.by_type("IfcSpace") if s.Name == "006")
    inside = {e.GlobalId for e in g.by_type("IfcElement")
              if ue.get_container(e) == wc and not e.is_a("IfcFeatureElement")}
    assert inside and _guids(_ask(index_of, INSTITUTE, "what is within 006?")) == inside
    _declined(_ask(index_of, INSTITUTE, "what is inside 999?"), "999")


# -- properties named by their own words ----------------------------------------------------------------------
def test_property_names_split_into_words() -> None:
    assert name_words("IsPluggableOutlet") == ("is", "pluggable", "outlet")
    assert name_words("Phase Created") == ("phase", "created")
    assert name_words("StatusConstruction") == ("status", "construction")


def test_a_boolean_property_named_by_its_words_is_that_property_true(index_of: Index, model: Model) -> None:
    f = model(DUPLEX)
    wanted = {w.GlobalId for w in f.by_type("IfcWall")
              if ue.get_pset(w, "Pset_WallCommon", "ExtendToStructure") is True}
    assert wanted and _guids(_ask(index_of, DUPLEX, "which walls extend to the structure?")) == wanted
    h = model(HEATING)
    switches = [e for e in h.by_type("IfcFlowController") if _typed("IfcSwitchingDeviceType")(e)]
    lit = {e.GlobalId for e in switches if ue.get_pset(e, "Pset_SwitchingDeviceTypeToggleSwitch", "IsIlluminated")}
    answer = _ask(index_of, HEATING, "are there any illuminated switches?")
    assert answer["declined"] is None and answer["yes_no"] is bool(lit)
    unlit = {e.GlobalId for e in switches} - lit
    assert unlit and _guids(_ask(index_of, HEATING, "switches that are not illuminated")) == unlit
    _declined(_ask(index_of, HEATING, "which cables are flame retardant"), "flame")


def test_a_text_property_named_with_its_value_filters_by_it(index_of: Index, model: Model) -> None:
    f = model(ELECTRICAL)
    wanted = {e.GlobalId for e in f.by_type("IfcFlowTerminal")
              if _typed("IfcLightFixtureType")(e) and ue.get_pset(e, "Electrical", "Lamp") == "R-30"}
    assert wanted and _guids(_ask(index_of, ELECTRICAL, "list the light fixtures whose lamp is R-30")) == wanted
    _declined(_ask(index_of, ELECTRICAL, "light fixtures whose lamp is B-99"), "b-99")


def test_a_class_made_of_a_material_without_a_verb_is_a_filter(index_of: Index, model: Model) -> None:
    f = model(INSTITUTE)
    wanted = {e.GlobalId for e in f.by_type("IfcSlab")
              if any("aluminium" in (m.Name or "").lower() for m in ue.get_materials(e))}
    answer = _ask(index_of, INSTITUTE, "slabs made of Aluminium")
    assert wanted and _guids(answer) == wanted and answer["plan"]["lookup"] is None
    _declined(_ask(index_of, INSTITUTE, "slabs made of unobtainium"), "unobtainium")


# -- the unit in parentheses; a storey glossed in parentheses -------------------------------------------------
def test_a_unit_in_parentheses_is_the_unit_asked(index_of: Index, model: Model) -> None:
    f = model(HOM)
    walls = [w for w in f.by_type("IfcWall") if _storey(w) == "GroundFloor"]
    total = sum(ue.get_pset(w, "Qto_WallBaseQuantities", "NetVolume") for w in walls)
    answer = _ask(index_of, HOM, "total net volume of the walls on the GroundFloor (m³)")
    assert walls and answer["value"] is not None and math.isclose(answer["value"]["number"], total, rel_tol=1e-3)
    _declined(_ask(index_of, INSTITUTE, "total area of the rooms on the Erdgeschoss (kg)"), "kg")
    _declined(_ask(index_of, INSTITUTE, "total area of the rooms on the Erdgeschoss (m3)"), "m3")


# -- storeys relative to a named storey -----------------------------------------------------------------------
def test_storeys_above_or_below_a_named_storey(index_of: Index, model: Model) -> None:
    doors = _on(model(KIT), {"EG"}, "IfcDoor")
    answer = _ask(index_of, KIT, "how many doors below the 1.OG")
    assert doors and answer["count"] == len(doors)
    upper = _on(model(INSTITUTE), {"1. Obergeschoss"}, "IfcDoor")
    assert upper and _guids(_ask(index_of, INSTITUTE, "doors on the floor above the Erdgeschoss")) == upper
    _declined(_ask(index_of, INSTITUTE, "windows above the Dachgeschoss"), "above")


def test_a_question_ending_on_inside_asks_the_internal_ones_not_every_one(index_of: Index, model: Model) -> None:
    # "which doors are inside?" had listed every door (the word was read as a preposition with nothing after it)
    f = model(DUPLEX)
    internal = {d.GlobalId for d in f.by_type("IfcDoor") if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is False}
    assert internal and internal != {d.GlobalId for d in f.by_type("IfcDoor")}
    assert _guids(_ask(index_of, DUPLEX, "which doors are inside?")) == internal
