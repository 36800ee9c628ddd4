"""Round 5c (issue 22): the causes of people_fifth half a's failures, one sentence test per mechanism, each answer
checked against plain IfcOpenShell, with the declines that guard them. The sentences are not those of
bench/spatial/dev_round5_fifth.json nor of people_fifth_a.json."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import ask as _ask
from plain_walks import guids as _guids
from plain_walks import storey_of as _storey

from ifcqa.index import ModelIndex
from ifcqa.spatial import antecedent

Index = Callable[[str], ModelIndex]
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"


def _on(f: ifcopenshell.file, cls: str, *storeys: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if _storey(e) in storeys}


def _declined(answer: dict[str, Any], *words: str) -> None:
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None
    said = " ".join(answer["declined"]["not_understood"]).casefold() + " " + answer["answer"].casefold()
    assert all(w.casefold() in said for w in words), answer["answer"]


# -- never broaden ---------------------------------------------------------------------------------------------
def test_no_volume_or_area_from_a_bounding_box(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(R3)
    assert f.by_type("IfcFurniture") and all(not ue.get_psets(e, qtos_only=True) for e in f.by_type("IfcFurniture"))
    _declined(_ask(index_of, R3, "total volume of the tables"), "volume", "bounding box")


def test_a_property_written_only_empty_declines_a_list(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                       ) -> None:
    f = model("revit_quantities.ifc")
    assert {ue.get_pset(d, "Pset_DoorCommon", "FireRating") for d in f.by_type("IfcDoor")} == {""}
    _declined(_ask(index_of, "revit_quantities.ifc", "list the fire-rated doors"), "FireRating", "never with a value")
    answer = _ask(index_of, "revit_quantities.ifc", "are any doors fire rated?")  # yes/no: no, none holds one
    assert answer["yes_no"] is False


def test_an_unset_storey_elevation_declines(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model("ExampleHOM.ifc")
    assert next(s for s in f.by_type("IfcBuildingStorey") if s.Name == "GroundFloor").Elevation is None
    _declined(_ask(index_of, "ExampleHOM.ifc", "elevation of the GroundFloor?"), "Elevation")


# -- a question that refers back to the sentence before it -----------------------------------------------------
def test_split_finds_the_question_and_its_back_reference() -> None:
    pair = antecedent.split("we are tiling the keller next week. which walls down there are external?")
    assert pair is not None and pair.context == "we are tiling the keller next week"
    assert pair.place is not None and pair.place.group(0) == "down there"
    assert antecedent.split("which walls are on the keller?") is None
    assert antecedent.split("doors on level 1. windows on level 2.") is None  # no back-reference


def test_modifier_words_keep_a_constraint() -> None:
    ctx = "looking at the doors with panic bars on level 1"
    at = ctx.index("doors")
    assert "panic" in antecedent.modifier_words(ctx, ["looking", "panic", "bars"], [(at, at + 5)])
    ctx = "we need to fix the broken doors"
    at = ctx.index("doors")
    assert antecedent.modifier_words(ctx, ["fix", "broken"], [(at, at + 5)]) == ["broken"]
    ctx = "door painting is booked for level 1"
    assert antecedent.modifier_words(ctx, ["painting", "booked"], [(0, 4)]) == []  # "painting" heads the compound


def test_context_then_question(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INS)
    answer = _ask(index_of, INS, "The sprinkler survey covers the 2. Obergeschoss. How many windows are up there?")
    assert answer["count"] == len(_on(f, "IfcWindow", "2. Obergeschoss")) > 0
    answer = _ask(index_of, INS, "We are replastering walls in the Keller - which ones are load-bearing?")
    wanted = {w.GlobalId for w in f.by_type("IfcWall") if _storey(w) == "Keller"
              and ue.get_pset(w, "Pset_WallCommon", "LoadBearing") is True}
    assert _guids(answer) == wanted and wanted


def test_context_with_a_modifier_still_declines(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                ) -> None:
    _declined(_ask(index_of, INS, "Checking the doors with broken hinges on the Keller. Which ones are those?"),
              "hinges")
    for question in ("The doors in the Keller that are broken. Which ones are those?",  # a clause after the place
                     "Some doors in the Keller were painted red. Which ones?",  # a statement about the doors
                     "Walls need repair in the Keller. Which ones are those?"):
        assert _ask(index_of, INS, question)["declined"] is not None, question
    answer = _ask(index_of, INS, "We are repainting all doors. How many are there?")  # never every element's count
    assert answer["count"] is None or answer["count"] == len(model(INS).by_type("IfcDoor"))


# -- rooms and storeys lacking a class ---------------------------------------------------------------------------
def test_rooms_with_no_window(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INS)
    wanted = {s.GlobalId for s in f.by_type("IfcSpace") if _storey(s) == "Keller" and not any(
        (r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcWindow")) for r in s.BoundedBy)}
    assert _guids(_ask(index_of, INS, "Keller rooms without a window")) == wanted and wanted


def test_storeys_that_do_not_have_a_class(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model("Duplex_A_20110907.ifc")
    wanted = {s.Name for s in f.by_type("IfcBuildingStorey") if not _on(f, "IfcDoor", s.Name)}
    answer = _ask(index_of, "Duplex_A_20110907.ifc", "levels that do not have a door")
    assert set(answer["storeys"]) == wanted and wanted


# -- storeys relative to a storey, in a list, either-or ------------------------------------------------------------
def test_storeys_above_and_below(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INS)
    z = {s.Name: s.Elevation for s in f.by_type("IfcBuildingStorey")}
    above = [n for n, e in z.items() if e > z["1. Obergeschoss"]]
    assert _guids(_ask(index_of, INS, "doors above the 1. Obergeschoss")) == _on(f, "IfcDoor", *above)
    below = [n for n, e in z.items() if e < z["Erdgeschoss"]]
    assert _guids(_ask(index_of, INS, "Fenster unter dem Erdgeschoss")) == _on(f, "IfcWindow", *below)
    _declined(_ask(index_of, INS, "doors below the Keller"), "below")


def test_a_storey_named_like_a_class_in_a_storey_list(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                      ) -> None:
    f = model("Ifc4_SampleHouse.ifc")
    answer = _ask(index_of, "Ifc4_SampleHouse.ifc", "windows on Ground Floor and Roof")
    assert _guids(answer) == _on(f, "IfcWindow", "Ground Floor", "Roof")


def test_either_or_between_two_storeys(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INS)
    a, b = len(_on(f, "IfcDoor", "Keller")), len(_on(f, "IfcDoor", "Dachgeschoss"))
    assert a != b
    answer = _ask(index_of, INS, "more doors in the Keller or in the Dachgeschoss?")
    assert answer["storeys"] == ["Keller" if a > b else "Dachgeschoss"]


# -- frames, spellings --------------------------------------------------------------------------------------------
def test_frames_around_the_question(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model("Heizung-Elektro_080729.ifc")
    typed = [e for e in f.by_type("IfcProduct") if (t := ue.get_type(e)) is not None and t.is_a("IfcSpaceHeaterType")]
    assert _ask(index_of, "Heizung-Elektro_080729.ifc", "radiators in the MEP model - how many?")["count"] == len(typed)
    f = model("AC20-FZK-Haus.ifc")
    storey = next(s for s in f.by_type("IfcBuildingStorey") if s.Name == "Erdgeschoss")
    gross = ue.get_pset(storey, "BaseQuantities", "GrossFloorArea")
    answer = _ask(index_of, "AC20-FZK-Haus.ifc", "gross floor area of the Erdgeschoss itself")
    assert answer["value"]["number"] == pytest.approx(gross)


def test_typos_swapped_letters_and_confused_vowels(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                   ) -> None:
    f = model(INS)
    assert _guids(_ask(index_of, INS, "wndiows in the Keller")) == _on(f, "IfcWindow", "Keller")
    assert _guids(_ask(index_of, INS, "furnitore in the Keller")) == _on(f, "IfcFurnishingElement", "Keller")
    _declined(_ask(index_of, INS, "pilots in the Keller"), "pilots")  # no class word is two letters away


def test_words_the_model_writes_as_one(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(R3)
    wanted = {w.GlobalId for w in f.by_type("IfcWall") if any("mineralwool" in (m.Name or "").lower()
                                                              for m in ue.get_materials(w))}
    assert _guids(_ask(index_of, R3, "which walls have mineral wool?")) == wanted and wanted


def test_a_lift_and_hyphenated_german(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    assert not model(R3).by_type("IfcTransportElement")
    assert _ask(index_of, R3, "is there a lift?")["yes_no"] is False
    f = model("AC20-FZK-Haus.ifc")
    bad = next(s for s in f.by_type("IfcSpace") if s.LongName == "Bad")
    answer = _ask(index_of, "AC20-FZK-Haus.ifc", "Netto-Grundfläche vom Bad?")
    assert answer["value"]["number"] == pytest.approx(ue.get_pset(bad, "BaseQuantities", "NetFloorArea"), rel=1e-3)


def test_a_power_typed_with_a_caret_is_the_unit(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    from ifcqa.spatial.parser import normalise

    assert normalise("area in m^2, volume in ft**3, x^2") == "area in m², volume in ft³, x^2"
    f = model(INS)
    keller = [s for s in f.by_type("IfcSpace") if _storey(s) == "Keller"]
    answer = _ask(index_of, INS, "net floor area of the Keller rooms, m^2")
    assert answer["value"]["number"] == pytest.approx(
        sum(ue.get_pset(s, "BaseQuantities", "NetFloorArea") for s in keller), rel=1e-3)


def test_are_there_floors_lacking_a_class(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INS)
    empty = [s.Name for s in f.by_type("IfcBuildingStorey") if not _on(f, "IfcWindow", s.Name)]
    answer = _ask(index_of, INS, "Are there floors without windows?")
    assert answer["yes_no"] is bool(empty) and set(answer["storeys"] or []) == set(empty)


def test_a_storey_attribute_written_after_the_storey(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                     ) -> None:
    f = model("Duplex_A_20110907.ifc")
    level = next(s for s in f.by_type("IfcBuildingStorey") if s.Name == "Level 2")
    answer = _ask(index_of, "Duplex_A_20110907.ifc", "Level 2 elevation?")
    assert answer["value"]["number"] == pytest.approx(level.Elevation, rel=1e-3)
