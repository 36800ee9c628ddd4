"""Round 8 (issue 22): occasions and asides around a question, storey elevations asked "at what height", power
qualifiers, and a fault reported on elements named by class and place; one sentence test per mechanism, answers checked
against plain IfcOpenShell, each with the decline that guards it. The sentences are our own, not those of
bench/spatial/people_sixth_a.json."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu
from plain_walks import ask as _ask
from plain_walks import guids as _guids
from plain_walks import storey_of as _storey

from ifcqa.index import ModelIndex

Index = Callable[[str], ModelIndex]
Model = Callable[[str], ifcopenshell.file]
FZK = "AC20-FZK-Haus.ifc"
HEIZ = "Heizung-Elektro_080729.ifc"
DUP = "Duplex_A_20110907.ifc"
BIG = "LargeBuilding.ifc"
RQ = "revit_quantities.ifc"


def _on(f: ifcopenshell.file, cls: str, *storeys: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if _storey(e) in storeys}


def _typed(f: ifcopenshell.file, type_class: str) -> list[Any]:
    return [e for e in f.by_type("IfcProduct") if (t := ue.get_type(e)) is not None and t.is_a(type_class)]


def _bounding(space: Any, cls: str) -> set[str]:
    return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy
            if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(cls)}


def _power(e: Any) -> float:
    return float(ue.get_psets(e).get("Pset_ElectricalDeviceCommon", {}).get("ElectricalDeviceNominalPower") or 0.0)


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert word in str(answer["declined"]).lower(), answer["declined"]


# -- an occasion before the question: its topic may name the class asked ------------------------------------------
def test_an_occasion_before_the_question_is_talk(index_of: Index, model: Model) -> None:
    f = model(FZK)
    answer = _ask(index_of, FZK, "Ahead of the window cleaning on Monday: which windows are on the Erdgeschoss?")
    assert _guids(answer) == _on(f, "IfcWindow", "Erdgeschoss") != set()
    heaters = {e.GlobalId for e in _typed(model(HEIZ), "IfcSpaceHeaterType") if _storey(e) == "EG"}
    answer = _ask(index_of, HEIZ, "for the servicing of the heating, how many radiators are on the EG?")
    assert answer["count"] == len(heaters) > 0 and _guids(answer) == heaters
    answer = _ask(index_of, HEIZ, "Vor der Wartung der Heizkörper: welche Heizkörper sind im EG?")
    assert _guids(answer) == heaters


def test_an_occasion_that_restricts_or_names_a_place_declines(index_of: Index) -> None:
    # a condition, not an occasion: no action noun after "for the"
    _declined(_ask(index_of, FZK, "for the broken windows, which windows are on the Erdgeschoss?"), "broken")
    # the occasion names another storey: never dropped
    answer = _ask(index_of, FZK, "Before the inspection of the Dachgeschoss: which windows are on the Erdgeschoss?")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    # a qualifier the model does not record for radiators is read, so the occasion is no talk (main listed all 7)
    answer = _ask(index_of, HEIZ, "After the repair of the external radiators: which radiators are in the EG?")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]


# -- asides in parentheses and a sentence after the question --------------------------------------------------------
def test_an_aside_in_parentheses_is_talk(index_of: Index, model: Model) -> None:
    doors = _on(model(DUP), "IfcDoor", "Level 2")
    assert _guids(_ask(index_of, DUP, "Which doors are on Level 2? (hardware survey)")) == doors != set()
    assert _guids(_ask(index_of, DUP, "Which doors are on Level 2? (for the locks inventory)")) == doors
    _declined(_ask(index_of, DUP, "Which doors are on Level 2? (east wing survey)"), "east")
    _declined(_ask(index_of, DUP, "Which doors are on Level 2? (fire doors audit)"), "fire")


def test_a_sentence_after_the_question_with_a_subject_is_talk(index_of: Index, model: Model) -> None:
    f = model(FZK)
    answer = _ask(index_of, FZK, "How many windows are on the Dachgeschoss? A new tenant arrives next month.")
    assert answer["count"] == len(_on(f, "IfcWindow", "Dachgeschoss")) > 0
    _declined(_ask(index_of, FZK, "How many windows are on the Dachgeschoss? The windows are dirty."), "dirty")


# -- "at what height is <storey>": its elevation ---------------------------------------------------------------------
def test_at_what_height_a_storey_lies_is_its_elevation(index_of: Index, model: Model) -> None:
    f = model(FZK)
    scale = uu.calculate_unit_scale(f)
    (roof,) = [s for s in f.by_type("IfcBuildingStorey") if s.Name == "Dachgeschoss"]
    for question in ("In welcher Höhe befindet sich das Dachgeschoss?", "at what height is the Dachgeschoss, in m?"):
        answer = _ask(index_of, FZK, question)
        assert answer["declined"] is None, answer["answer"]
        assert "Elevation" in answer["answer"] and f"{roof.Elevation * scale:g} m" in answer["answer"]
    answer = _ask(index_of, FZK, "Auf welcher Höhe liegt jedes Geschoss?")
    for storey in f.by_type("IfcBuildingStorey"):
        assert f"{storey.Name}: {storey.Elevation * scale:g} m" in answer["answer"], answer["answer"]
    _declined(_ask(index_of, FZK, "at what height is the front door?"), "at what height")  # the door is read (round 18)


# -- power qualifiers (W, kW); a number with a unit is never a count -------------------------------------------------
def test_a_power_bound_filters_by_nominal_power(index_of: Index, model: Model) -> None:
    lights = _typed(model(HEIZ), "IfcLightFixtureType")
    answer = _ask(index_of, HEIZ, "light fixtures with a nominal power of more than 0.1 kW")
    assert _guids(answer) == {e.GlobalId for e in lights if _power(e) > 100} != set()
    answer = _ask(index_of, HEIZ, "Leuchten über 30 W im Kellergeschoss")
    assert _guids(answer) == {e.GlobalId for e in lights if _power(e) > 30 and _storey(e) == "Kellergeschoss"} != set()
    answer = _ask(index_of, HEIZ, "which lamps are more than 55 W?")  # a list, never "which storey has the most"
    assert _guids(answer) == {e.GlobalId for e in lights if _power(e) > 55} != set()
    answer = _ask(index_of, HEIZ, "windows over 40 W")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]


def test_which_elements_are_more_than_a_length_lists_them(index_of: Index, model: Model) -> None:
    f = model(BIG)
    scale = uu.calculate_unit_scale(f)
    wide = {d.GlobalId for d in f.by_type("IfcDoor") if d.OverallWidth and d.OverallWidth * scale > 1.2}
    answer = _ask(index_of, BIG, "which doors are more than 1.2 m wide?")
    assert "the most" not in answer["answer"] and _guids(answer) == wide != set()


# -- a fault reported on elements named by class and place, then "which <class> is it" ------------------------------
def test_a_fault_on_a_rooms_element_then_which_is_it(index_of: Index, model: Model) -> None:
    (bath,) = [s for s in model(FZK).by_type("IfcSpace") if s.LongName == "Bad"]
    answer = _ask(index_of, FZK, "The window in the Bad rattles. Which window is that?")
    assert _guids(answer) == _bounding(bath, "IfcWindow") != set()
    (space,) = [s for s in model(RQ).by_type("IfcSpace") if s.Name == "4"]
    answer = _ask(index_of, RQ, "FM call 88: the door of room 4 keeps slamming. which door is it?")
    assert _guids(answer) == _bounding(space, "IfcDoor") != set()
    _declined(_ask(index_of, FZK, "The window rattles. Which window is it?"), "rattles")
