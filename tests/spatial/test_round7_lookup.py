"""Round 7, lookups and comparisons (issue 22): weights, property names as people write them, types asked with a verb
of use, a fault reported before "where is it", storeys of elements on no storey, the wall between two rooms, rooms
named in quotes and compared by count, two named elements compared by an attribute. Every answer is checked against
the IFC file read with plain IfcOpenShell (``plain_walks``), never the project's index."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, storey_of

pytestmark = pytest.mark.usefixtures("shared_ifc")
SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "spatial" / "dev_round7_lookup_oracles.py"

WP = "WP_Puffer_FWS_FBH10.ifc"
HOM = "ExampleHOM.ifc"
FZK = "AC20-FZK-Haus.ifc"
SH = "Ifc4_SampleHouse.ifc"
DUP = "Duplex_A_20110907.ifc"
HE = "Heizung-Elektro_080729.ifc"
RQ = "revit_quantities.ifc"
LIN = "linear-placement-of-signal.ifc"
Model = Callable[[str], ifcopenshell.file]


def _values(answer: dict[str, Any]) -> Counter[Any]:
    return Counter({row["value"]: row["count"] for row in answer["value"]["values"]})


def _named(f: ifcopenshell.file, cls: str, name: str) -> ifcopenshell.entity_instance:
    found = [e for e in f.by_type(cls) if e.Name == name]
    assert len(found) == 1, (cls, name, len(found))
    return found[0]


def _declined(answer: dict[str, Any]) -> str:
    assert answer["declined"] is not None, answer["answer"]
    assert answer["elements"] == []
    return str(answer["declined"]["reason"])


def test_committed_dev_round7_lookup_json_equals_the_oracles(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


# --- weight ---------------------------------------------------------------------------------------------------
def test_weight_read_from_a_property_without_unit_says_so(index_of: Index, model: Model) -> None:
    station = _named(model(WP), "IfcUnitaryEquipment", "Frischwasserstation")
    got = ask(index_of, WP, "How heavy is the Frischwasserstation?")
    assert got["value"]["number"] == pytest.approx(ue.get_psets(station)["Pset_UnitaryEquipmentTypeCommon"]["Weight"])
    assert got["value"]["unit"] is None and "No unit is recorded" in got["answer"]
    assert guids(got) == {station.GlobalId}


def test_what_do_they_weigh_reads_each_element(index_of: Index, model: Model) -> None:
    pumps = model(WP).by_type("IfcPump")
    got = ask(index_of, WP, "what does a pump weigh?")
    assert _values(got) == Counter(ue.get_pset(p, "Pset_PumpTypeCommon", "Weight") for p in pumps)


def test_weight_from_the_quantity_set_and_gross_weight_by_name(index_of: Index, model: Model) -> None:
    wall = _named(model(HOM), "IfcWall", "GroundFloor_OW_right")
    got = ask(index_of, HOM, "how heavy is the wall GroundFloor_OW_right")
    assert got["value"]["number"] == pytest.approx(ue.get_pset(wall, "Qto_WallBaseQuantities", "NetWeight"))
    slab = _named(model(HOM), "IfcSlab", "1stFloor_Floor")
    got = ask(index_of, HOM, "Gross weight of the 1stFloor_Floor slab?")
    assert got["value"]["number"] == pytest.approx(ue.get_pset(slab, "Qto_SlabBaseQuantities", "GrossWeight"))


def test_a_weight_of_zero_is_not_recorded(index_of: Index, model: Model) -> None:
    door = _named(model(FZK), "IfcDoor", "Haustuer")
    assert ue.get_pset(door, "AC_Pset_Eingangstür", "Gewicht") == 0.0  # the premise: ArchiCAD's unset default
    assert "placeholder" in _declined(ask(index_of, FZK, "how heavy is the Haustuer?"))
    _declined(ask(index_of, FZK, "Welches Gewicht hat die Terrassentuer?"))


def test_thermal_mass_is_no_weight(index_of: Index, model: Model) -> None:
    roof = model(SH).by_type("IfcRoof")[0]
    assert "Thermal mass" in ue.get_psets(roof)["Analytical Properties"]  # a heat capacity, which is no mass
    assert "weight" in _declined(ask(index_of, SH, "how much does the roof weigh?"))


# --- property names as people write them -----------------------------------------------------------------------
def test_max_and_maximum_read_the_abbreviated_property(index_of: Index, model: Model) -> None:
    pumps = model(WP).by_type("IfcPump")
    want = Counter(ue.get_pset(p, "Pset_PumpTypeCommon", "Max. Operating temperature") for p in pumps)
    for question in ("What is the maximum operating temperature of the pumps?",
                     "max operating temperature of the pumps"):
        got = ask(index_of, WP, question)
        assert _values(got) == want, question
        assert guids(got) == {p.GlobalId for p in pumps}


def test_a_parenthesised_symbol_may_be_written_or_left_out(index_of: Index, model: Model) -> None:
    walls = [w for w in model(SH).by_type("IfcWall") if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is True]
    want = Counter(round(ue.get_pset(w, "Analytical Properties", "Heat Transfer Coefficient (U)"), 6) for w in walls)
    got = ask(index_of, SH, "Heat transfer coefficient (U) of the external walls?")
    assert _values(got) == want
    windows = model(SH).by_type("IfcWindow")
    got = ask(index_of, SH, "thermal resistance of the windows")
    assert _values(got) == Counter(round(ue.get_pset(w, "Analytical Properties", "Thermal Resistance (R)"), 6)
                                   for w in windows)


def test_each_element_read_under_its_own_spelling(index_of: Index, model: Model) -> None:
    cables = [e for e in model(HE).by_type("IfcFlowSegment")
              if (t := ue.get_type(e)) is not None and t.is_a("IfcCableSegmentType")]
    def temperature(e: Any) -> Any:
        psets = ue.get_psets(e)
        return (psets.get("Pset_CableSegmentTypeCableSegment", {}).get("MaxOperatingTemperature")
                or psets.get("Pset_CableSegmentTypeConductorSegment", {}).get("MaximumOperatingTemperature"))
    got = ask(index_of, HE, "max. operating temperature of the cables?")
    assert _values(got) == Counter(temperature(c) for c in cables)
    assert None not in _values(got)


def test_a_maximum_no_property_is_named_by_stays_an_aggregate(index_of: Index, model: Model) -> None:
    got = ask(index_of, HOM, "what is the maximum width of the doors?")
    widths = [v for d in model(HOM).by_type("IfcDoor")
              if (v := ue.get_pset(d, "Qto_DoorBaseQuantities", "Width")) is not None]
    assert got["value"]["op"] == "max" and got["value"]["number"] == pytest.approx(max(widths))


# --- types ----------------------------------------------------------------------------------------------------
def test_class_type_with_a_verb_of_use_reads_the_types(index_of: Index, model: Model) -> None:
    f = model(HOM)
    windows = [w for w in f.by_type("IfcWindow") if storey_of(w) == "1stFloor"]
    got = ask(index_of, HOM, "which window type is used on the 1stFloor?")
    assert _values(got) == Counter(ue.get_type(w).Name for w in windows)
    got = ask(index_of, HOM, "What kind of doors are fitted in this house")
    assert _values(got) == Counter(ue.get_type(d).Name for d in f.by_type("IfcDoor"))


def test_counting_types_is_never_counting_the_elements(index_of: Index) -> None:
    got = ask(index_of, HOM, "how many door types are there?")
    assert got["count"] is None
    assert "types" in got["declined"]["not_understood"]


# --- a fault reported on a named element, then "where is it" ----------------------------------------------------
def test_report_then_question_about_it(index_of: Index, model: Model) -> None:
    window = [w for w in model(DUP).by_type("IfcWindow") if w.Tag == "145788"]
    assert len(window) == 1
    got = ask(index_of, DUP, "FM ticket 5521 - window 145788 is leaking. What level is it on?")
    assert got["storeys"] == [storey_of(window[0])]
    door = _named(model(FZK), "IfcDoor", "Terrassentuer")
    got = ask(index_of, FZK, "Ticket 118: the Terrassentuer is sticking - what floor is it on?")
    assert got["storeys"] == [storey_of(door)]


def test_report_on_elements_not_named_exactly_is_not_dropped(index_of: Index) -> None:
    got = ask(index_of, HOM, "The doors on the GroundFloor are sticking. Which floor are they on?")
    assert "sticking" in got["declined"]["not_understood"]


# --- storeys of elements on no storey ---------------------------------------------------------------------------
def test_storey_of_elements_in_a_model_without_storeys_declines(index_of: Index, model: Model) -> None:
    assert not model(LIN).by_type("IfcBuildingStorey") and model(LIN).by_type("IfcSignal")
    assert "no storeys" in _declined(ask(index_of, LIN, "which floor are the signals located on"))


# --- the wall between two rooms ---------------------------------------------------------------------------------
def _between(f: ifcopenshell.file, a: str, b: str) -> set[str]:
    def bounding(name: str) -> set[str]:
        space = [s for s in f.by_type("IfcSpace") if s.Name == name][0]
        return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
                if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcWall")
                and r.InternalOrExternalBoundary == "INTERNAL"}
    return bounding(a) & bounding(b)


def test_the_wall_between_two_rooms(index_of: Index, model: Model) -> None:
    f = model(HOM)
    want = _between(f, "Kitchen5", "Corridor3")
    assert len(want) == 1
    got = ask(index_of, HOM, "How thick is the wall between the kitchen and the corridor?")
    assert guids(got) == want
    wall = f.by_guid(next(iter(want)))
    layers = ue.get_material(wall).ForLayerSet.MaterialLayers
    assert got["value"]["number"] == pytest.approx(sum(layer.LayerThickness for layer in layers))


def test_no_wall_between_declines_never_the_walls_of_either(index_of: Index, model: Model) -> None:
    f = model(FZK)
    kitchen = [s for s in f.by_type("IfcSpace") if s.LongName == "Küche"][0]
    living = [s for s in f.by_type("IfcSpace") if s.LongName == "Wohnen"][0]
    def bounding(space: Any) -> set[int]:
        return {r.RelatedBuildingElement.id() for r in space.BoundedBy if r.RelatedBuildingElement is not None
                and r.InternalOrExternalBoundary == "INTERNAL" and r.RelatedBuildingElement.is_a("IfcWall")}
    assert not bounding(kitchen) & bounding(living)  # the premise
    assert "both" in _declined(ask(index_of, FZK, "how thick is the wall between the Küche and the Wohnen"))


# --- rooms named in quotes, compared by count -------------------------------------------------------------------
def test_rooms_called_a_name_compared_by_count(index_of: Index, model: Model) -> None:
    spaces = model(RQ).by_type("IfcSpace")
    rooms = sum(s.LongName == "Room" for s in spaces)
    offices = sum(s.LongName == "small office" for s in spaces)
    got = ask(index_of, RQ, "are there more rooms called 'Room' than small offices?")
    assert got["yes_no"] is (rooms > offices)
    got = ask(index_of, RQ, "Are there fewer rooms named 'small office' than rooms named 'Room'?")
    assert got["yes_no"] is (offices < rooms)
    got = ask(index_of, RQ, "which rooms are called 'Room'?")
    assert guids(got) == {s.GlobalId for s in spaces if s.LongName == "Room"}


def test_a_quoted_name_no_room_has_is_not_dropped(index_of: Index) -> None:
    got = ask(index_of, RQ, "what's the area of the room called 'Lager'?")
    assert got["declined"] is not None and got["elements"] == []


# --- two named elements compared by an attribute ----------------------------------------------------------------
def test_two_doors_compared_by_width(index_of: Index, model: Model) -> None:
    doors = {d.Tag: d for d in model(SH).by_type("IfcDoor")}
    got = ask(index_of, SH, "is door 285860 wider than door 285959?")
    assert got["yes_no"] is (doors["285860"].OverallWidth > doors["285959"].OverallWidth)
    assert guids(got) == {doors["285860"].GlobalId, doors["285959"].GlobalId}


def test_which_of_two_walls_is_thicker(index_of: Index, model: Model) -> None:
    f = model(HOM)
    def thick(name: str) -> float:
        wall = _named(f, "IfcWall", name)
        return float(sum(layer.LayerThickness for layer in ue.get_material(wall).ForLayerSet.MaterialLayers))
    got = ask(index_of, HOM, "which one is thicker, GroundFloor_IW1 or GroundFloor_IW2?")
    thicker = max(("GroundFloor_IW1", "GroundFloor_IW2"), key=thick)
    assert guids(got) == {_named(f, "IfcWall", thicker).GlobalId}


def test_two_room_functions_compared_for_equal_counts(index_of: Index, model: Model) -> None:
    spaces = model(DUP).by_type("IfcSpace")
    baths = sum("bathroom" in (s.LongName or "").lower() for s in spaces)
    beds = sum("bedroom" in (s.LongName or "").lower() for s in spaces)
    got = ask(index_of, DUP, "are there as many bathrooms as bedrooms?")
    assert got["yes_no"] is (baths == beds)
    got = ask(index_of, DUP, "are there fewer bedrooms than bathrooms?")
    assert got["yes_no"] is (beds < baths)


# --- one layer of a wall asked by its material ------------------------------------------------------------------
def test_thickness_of_the_insulation_layer_of_the_external_walls(index_of: Index, model: Model) -> None:
    def insulation(e: Any) -> float | None:
        usage = ue.get_material(e)
        layer_set = getattr(usage, "ForLayerSet", None)
        found = [layer.LayerThickness for layer in (layer_set.MaterialLayers if layer_set else ())
                 if layer.Material is not None and "insulation" in layer.Material.Name.lower()]
        return round(float(sum(found)), 6) if found else None
    walls = [w for w in model(DUP).by_type("IfcWall") if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is True]
    got = ask(index_of, DUP, "What is the thickness of the insulation of the external walls?")
    assert _values(got) == Counter(insulation(w) for w in walls)
    assert guids(got) == {w.GlobalId for w in walls}


def test_a_layer_no_asked_element_has_declines(index_of: Index, model: Model) -> None:
    walls = [w for w in model(SH).by_type("IfcWall") if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is True]
    assert not any("insulation" in m.Name.lower() for w in walls for m in ue.get_materials(w))  # the premise
    assert "layer" in _declined(ask(index_of, SH, "how thick is the insulation in the external walls?"))
