"""Round-4 mechanisms of the comparison / quantity / storey-class side of the spatial parser, each named by
sentences it reads (none of them in ``bench/spatial/people_third.json`` or ``people_heldout.json``) and checked
against the IFC file read with plain IfcOpenShell: the talk around a question (salutation, preamble, purpose phrase,
reported claim, confirmation tags: spatial/framing.py), kept when it names something of the model; units asked after
a comma or in mm; NFA/GFA; "qty"; "light fittings"; "add up"; storeys by bare numbers ("which level ..., 1 or 2?");
"all four levels"; a comparison without its verb; "the roof slabs" as the roof-slab kind."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.oracle import located_storey

INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
DUPLEX = "Duplex_A_20110907.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
HEIZUNG = "Heizung-Elektro_080729.ifc"
LARGE = "LargeBuilding.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"
PUFFER = "WP_Puffer_FWS_FBH10.ifc"


def _qa(index_of: Callable[[str], ModelIndex], name: str) -> SpatialQA:
    return SpatialQA(index_of(name), use_graph=False, embedder=None)


def _model(shared_ifc: Path, name: str) -> Any:
    return ifcopenshell.open(str(shared_ifc / name))


def _per_storey(model: Any, ifc_class: str) -> Counter[str]:
    out: Counter[str] = Counter({s.Name: 0 for s in model.by_type("IfcBuildingStorey")})
    for e in model.by_type(ifc_class):
        s = located_storey(e)
        if s is not None:
            out[s.Name] += 1
    return out


def _on(model: Any, ifc_class: str, storey: str) -> set[str]:
    return {e.GlobalId for e in model.by_type(ifc_class) if (s := located_storey(e)) is not None and s.Name == storey}


def _listed(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


def _spaces_on(model: Any, storey: str) -> list[Any]:
    return [s for s in model.by_type("IfcSpace") if (st := located_storey(s)) is not None and st.Name == storey]


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-3, abs_tol=1e-6)


# -- the talk around a question ----------------------------------------------------------------------------------
def test_salutation_purpose_and_sign_off_are_dropped(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, FZK11)
    answer = _qa(index_of, FZK11).ask("Hello Mr Berger, for the move-out meeting I need the doors on the "
                                      "Dachgeschoss. Best regards, Lena")
    assert answer["declined"] is None
    assert _listed(answer) == _on(model, "IfcDoor", "Dachgeschoss")


def test_a_preamble_naming_nothing_is_dropped_one_naming_a_storey_is_read(index_of: Callable[[str], ModelIndex],
                                                                          shared_ifc: Path) -> None:
    model = _model(shared_ifc, DUPLEX)
    qa = _qa(index_of, DUPLEX)
    answer = qa.ask("quick one before lunch - which windows are on Level 1?")
    assert answer["declined"] is None and _listed(answer) == _on(model, "IfcWindow", "Level 1")
    kept = qa.ask("Level 2: the doors please")  # the preamble is the storey: never dropped
    assert kept["declined"] is None and _listed(kept) == _on(model, "IfcDoor", "Level 2")


def test_a_purpose_phrase_naming_a_class_is_not_dropped(index_of: Callable[[str], ModelIndex]) -> None:
    answer = _qa(index_of, DUPLEX).ask("for the stair audit: the windows on Level 1")
    assert answer["declined"] is not None and not answer["elements"]


def test_a_lead_in_naming_the_model_or_a_write_is_not_dropped(index_of: Callable[[str], ModelIndex],
                                                               shared_ifc: Path) -> None:
    per = _per_storey(_model(shared_ifc, DUPLEX), "IfcWall")
    qa = _qa(index_of, DUPLEX)
    claim = qa.ask("Issue 77: the architect says Level 2 has at least 12 walls - does it?")
    assert claim["declined"] is None and claim["yes_no"] is (per["Level 2"] >= 12)
    write = qa.ask("remove them - the walls on Level 2")
    assert write["declined"] is not None and not write["elements"]


def test_a_reported_claim_is_checked_with_its_tag(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    per = _per_storey(_model(shared_ifc, INSTITUTE), "IfcWindow")
    qa = _qa(index_of, INSTITUTE)
    answer = qa.ask("My colleague says the Erdgeschoss has more than 20 windows - is that right?")
    assert answer["declined"] is None and answer["yes_no"] is (per["Erdgeschoss"] > 20)
    heard = qa.ask("I heard that the Keller has more windows than the Dachgeschoss, or am I wrong?")
    assert heard["declined"] is None and heard["yes_no"] is (per["Keller"] > per["Dachgeschoss"])


def test_the_whole_facility_named_as_a_place_is_the_whole_model(index_of: Callable[[str], ModelIndex],
                                                                  shared_ifc: Path) -> None:
    model = _model(shared_ifc, PUFFER)
    answer = _qa(index_of, PUFFER).ask("are there fewer pumps than valves across the whole facility?")
    assert answer["declined"] is None
    assert answer["yes_no"] is (len(model.by_type("IfcPump")) < len(model.by_type("IfcValve")))


# -- quantities -----------------------------------------------------------------------------------------------------
def test_unit_after_a_comma_and_gfa(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, FZK11)
    spaces = _spaces_on(model, "Dachgeschoss")
    gross = sum(float(ue.get_pset(s, "BaseQuantities", "GrossFloorArea")) for s in spaces)
    answer = _qa(index_of, FZK11).ask("GFA of all the rooms on the Dachgeschoss, sq m")
    assert answer["declined"] is None and _close(answer["value"]["number"], gross)
    assert answer["value"]["quantity"] == "GrossFloorArea"
    wrong = _qa(index_of, FZK11).ask("GFA of all the rooms on the Dachgeschoss, m3")  # an area in cubic metres
    assert wrong["declined"] is not None and "m3" in wrong["declined"]["not_understood"]


def test_add_up_is_a_sum_not_a_write(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, FZK11)
    spaces = _spaces_on(model, "Erdgeschoss")
    total = sum(float(ue.get_pset(s, "BaseQuantities", "GrossVolume")) for s in spaces)
    answer = _qa(index_of, FZK11).ask("add up the gross volumes of the spaces on the Erdgeschoss")
    assert answer["declined"] is None and _close(answer["value"]["number"], total)
    write = _qa(index_of, FZK11).ask("add a door to the Erdgeschoss")
    assert write["declined"] is not None and "change the model" in write["declined"]["reason"]


def test_a_length_lookup_asked_in_millimetres(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, SAMPLE)
    (living,) = [s for s in model.by_type("IfcSpace") if "living" in f"{s.Name} {s.LongName}".lower()]
    height = float(ue.get_pset(living, "BaseQuantities", "Height"))
    answer = _qa(index_of, SAMPLE).ask("what is the height of the living room, in mm")
    assert answer["declined"] is None and _close(answer["value"]["number"], height)


def test_the_roof_slabs_are_the_roof_kind_not_the_top_storey(index_of: Callable[[str], ModelIndex],
                                                              shared_ifc: Path) -> None:
    model = _model(shared_ifc, FZK11)
    roof = [s for s in model.by_type("IfcSlab") if s.PredefinedType == "ROOF"]
    top = _on(model, "IfcSlab", "Dachgeschoss")
    assert roof and len(top) > len(roof)  # the storey holds more slabs than the roof's: reading it so is wider
    total = sum(float(ue.get_pset(s, "BaseQuantities", "NetVolume")) for s in roof)
    answer = _qa(index_of, FZK11).ask("how much net volume do the roof slabs have altogether?")
    assert answer["declined"] is None and _close(answer["value"]["number"], total)


# -- storey_class -------------------------------------------------------------------------------------------------
def test_qty_and_light_fittings_count(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, HEIZUNG)
    lights = [e for e in model.by_type("IfcProduct") if (t := ue.get_type(e)) is not None
              and t.is_a("IfcLightFixtureType") and (s := located_storey(e)) is not None and s.Name == "Kellergeschoss"]
    answer = _qa(index_of, HEIZUNG).ask("Kellergeschoss light fittings qty")
    assert answer["declined"] is None and answer["count"] == len(lights)


# -- comparisons ---------------------------------------------------------------------------------------------------
def test_storeys_by_bare_numbers_after_the_noun(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    per = _per_storey(_model(shared_ifc, LARGE), "IfcDoor")
    answer = _qa(index_of, LARGE).ask("which floor has fewer doors, 2 or 1?")
    assert answer["declined"] is None
    least = min(per["Level 1"], per["Level 2"])
    assert answer["storeys"] == [n for n in ("Level 1", "Level 2") if per[n] == least]


def test_all_n_levels_is_every_storey_only_when_the_model_has_n(index_of: Callable[[str], ModelIndex],
                                                                  shared_ifc: Path) -> None:
    model = _model(shared_ifc, DUPLEX)
    per = _per_storey(model, "IfcWindow")
    assert len(per) == 4
    qa = _qa(index_of, DUPLEX)
    answer = qa.ask("do all four levels have the same number of windows?")
    assert answer["declined"] is None and answer["yes_no"] is (len(set(per.values())) == 1)
    wrong = qa.ask("do all three levels have the same number of windows?")  # the model has four
    assert wrong["declined"] is not None and wrong["yes_no"] is None


def test_a_comparison_without_its_verb(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = _model(shared_ifc, DUPLEX)
    doors, windows = _on(model, "IfcDoor", "Level 2"), _on(model, "IfcWindow", "Level 2")
    answer = _qa(index_of, DUPLEX).ask("fewer doors than windows on Level 2?")
    assert answer["declined"] is None and answer["yes_no"] is (len(doors) < len(windows))


@pytest.mark.parametrize("question", ["Dear team, doors qty on Level 1", "RE: site check - the doors on Level 1 pls"])
def test_talk_and_count_words_do_not_widen(index_of: Callable[[str], ModelIndex], shared_ifc: Path,
                                           question: str) -> None:
    model = _model(shared_ifc, DUPLEX)
    answer = _qa(index_of, DUPLEX).ask(question)
    assert answer["declined"] is None
    assert (answer["count"] if answer["count"] is not None else len(_listed(answer))) == len(
        _on(model, "IfcDoor", "Level 1"))
