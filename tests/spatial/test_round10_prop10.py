"""Round 10 (prop10), properties and attributes asked in people's words (issue 22): a property named by some of the
words of the model's own name ("output" = OutputCapacity), a word two properties share declined naming both, a
property written with its set read in that set only, long held names read whole, the type's name. Every answer is
checked against the IFC file read with plain IfcOpenShell (``plain_walks``), never the project's index; sentences
where the mechanism must not apply check that the words still filter or still decline."""

from __future__ import annotations

import json
import random
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

from ifcqa.spatial.bench import _people_record
from ifcqa.spatial.property_match import match, words

pytestmark = pytest.mark.usefixtures("shared_ifc")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
HE = "Heizung-Elektro_080729.ifc"
RQ = "revit_quantities.ifc"
DHW = "domestic-hot-water.ifc"
HOM = "ExampleHOM.ifc"
DUP = "Duplex_A_20110907.ifc"
LB = "LargeBuilding.ifc"
SH = "Ifc4_SampleHouse.ifc"
Model = Callable[[str], ifcopenshell.file]


def _values(answer: dict[str, Any]) -> Counter[Any]:
    assert answer["declined"] is None, answer["answer"]
    return Counter({row["value"]: row["count"] for row in answer["value"]["values"]})


def _declined(answer: dict[str, Any]) -> str:
    assert answer["declined"] is not None, answer["answer"]
    assert answer["elements"] == [] and not (answer.get("value") or {}).get("values")
    return str(answer["declined"]["reason"])


def _radiators(f: ifcopenshell.file, storey: str) -> list[ifcopenshell.entity_instance]:
    return [e for e in f.by_type("IfcElement") if (t := ue.get_type(e)) is not None
            and t.is_a("IfcSpaceHeaterType") and storey_of(e) == storey]


def _space(f: ifcopenshell.file, name: str) -> ifcopenshell.entity_instance:
    found = [s for s in f.by_type("IfcSpace") if s.Name == name]
    assert len(found) == 1
    return found[0]


# --- the matcher ------------------------------------------------------------------------------------------------
def test_words_split_camel_case_units_umlauts_and_plurals() -> None:
    assert words("OutputCapacity") == ("output", "capacity")
    assert words("output capacities") == ("output", "capacity")
    assert words("Max. Operating temperature") == ("maximum", "operating", "temperature")
    assert words("Heat Transfer Coefficient (U)") == words("heat transfer coefficients")
    assert len(words("Heat Transfer Coefficient (U)")) == 3  # the symbol in parentheses is no word
    assert words("Oberflächenbereich") == words("Oberflaechenbereich") == words("oberflachenbereich")


def test_one_name_is_read_two_are_ambiguous_and_whole_words_win() -> None:
    names = ["OutputCapacity", "Floor Finish", "Wall Finish", "Actual Power Load", "Actual Power Load per area"]
    assert match("output", names).name == "OutputCapacity"
    found = match("finish", names)
    assert found.name is None and found.ambiguous and found.candidates == ["Floor Finish", "Wall Finish"]
    assert match("actual power loads", names).name == "Actual Power Load"
    assert match("of", names).candidates == [] and match("acoustic rating", names).candidates == []


# --- sentences: the model's own names -----------------------------------------------------------------------------
def test_output_of_the_radiators_reads_output_capacity_and_says_so(index_of: Index, model: Model) -> None:
    radiators = _radiators(model(HE), "EG")
    want = Counter(ue.get_psets(e)["Pset_SpaceHeaterTypeCommon"]["OutputCapacity"] for e in radiators)
    for question in ("What output do the radiators on the EG have?", "Radiators on EG output capacities?",
                     "Can you tell me what the output of the radiators on EG is?", "what's the radiators' output on EG",
                     "Pset_SpaceHeaterTypeCommon.OutputCapacity of the radiators on EG"):
        got = ask(index_of, HE, question)
        assert _values(got) == want, question
        assert guids(got) == {e.GlobalId for e in radiators}
    assert "'output' read as OutputCapacity" in ask(index_of, HE, "What output do the radiators on the EG have?")[
        "answer"]


def test_floor_finish_of_room_4_and_finish_alone_is_ambiguous(index_of: Index, model: Model) -> None:
    space = _space(model(RQ), "4")
    psets = ue.get_psets(space)
    got = ask(index_of, RQ, "What's the floor finish in room 4?")
    assert _values(got) == Counter([psets["PSet_Revit_Identity Data"]["Floor Finish"]])
    reason = _declined(ask(index_of, RQ, "What's the finish in room 4?"))
    finishes = {p for props in psets.values() for p in props if p.endswith("Finish")}
    assert len(finishes) >= 2 and all(repr(p) in reason for p in finishes)


def test_type_name_and_a_type_used_on_a_storey_read_the_type_objects_name(index_of: Index, model: Model) -> None:
    boilers = model(DHW).by_type("IfcBoiler")
    got = ask(index_of, DHW, "type name of the water heater?")
    assert _values(got) == Counter(ue.get_type(b).Name for b in boilers)
    doors = [d for d in model(HOM).by_type("IfcDoor") if storey_of(d) == "1stFloor"]
    got = ask(index_of, HOM, "door type used on the 1stFloor")
    assert _values(got) == Counter(ue.get_type(d).Name for d in doors) and guids(got) == {d.GlobalId for d in doors}


def test_long_names_with_per_and_of_are_read_whole(index_of: Index, model: Model) -> None:
    space = _space(model(LB), "5")
    got = ask(index_of, LB, "what's the Latent Heat Gain per person (Energy Analysis) of room 5?")
    assert _values(got) == Counter([round(ue.get_psets(space)["Energy Analysis"]["Latent Heat Gain per person"], 6)])
    stairs = [s for s in model(DUP).by_type("IfcStair") if storey_of(s) == "Level 1"]
    got = ask(index_of, DUP, "what's the underside of winders of the stairs on Level 1?")
    assert _values(got) == Counter(ue.get_psets(s)["PSet_Revit_Type_Construction"]["Underside of Winder"]
                                   for s in stairs)


def test_every_asked_word_of_a_name_picks_it_over_a_longer_one(index_of: Index, model: Model) -> None:
    rooms = [s for s in model(SH).by_type("IfcSpace") if storey_of(s) == "Ground Floor"]
    got = ask(index_of, SH, "What actual power loads do the rooms on Ground Floor have?")
    assert _values(got) == Counter(ue.get_psets(s)["Energy Analysis"]["Actual Power Load"] for s in rooms)


def test_class_then_property_then_place_is_a_terse_lookup(index_of: Index, model: Model) -> None:
    doors = [d for d in model(DUP).by_type("IfcDoor") if storey_of(d) == "Level 1"]
    got = ask(index_of, DUP, "door mark on level 1?")
    assert _values(got) == Counter(ue.get_psets(d)["PSet_Revit_Identity Data"]["Mark"] for d in doors)


def test_german_property_of_the_class_after_der(index_of: Index, model: Model) -> None:
    walls = [w for w in model("AC20-FZK-Haus.ifc").by_type("IfcWall") if storey_of(w) == "Erdgeschoss"]
    want = Counter(ue.get_psets(w)["ArchiCADProperties"]["Umbau-Status"] for w in walls)
    for question in ("Was ist der Umbau-Status der Wände im Erdgeschoss?", "Umbaustatus der Wände im Erdgeschoss?"):
        got = ask(index_of, "AC20-FZK-Haus.ifc", question)
        assert _values(got) == want and guids(got) == {w.GlobalId for w in walls}, question


# --- sentences where the mechanism must not apply -------------------------------------------------------------------
def test_a_count_asked_with_a_held_names_words_stays_a_count(index_of: Index, model: Model) -> None:
    doors = [d for d in model("AC20-FZK-Haus.ifc").by_type("IfcDoor") if storey_of(d) == "Erdgeschoss"]
    got = ask(index_of, "AC20-FZK-Haus.ifc", "Was ist die Anzahl der Türen im Erdgeschoss?")  # 'Anzahl der Türen'
    assert got["plan"]["intent"] == "count" and guids(got) == {d.GlobalId for d in doors}  # is a space property


def test_class_then_boolean_property_then_place_still_filters(index_of: Index, model: Model) -> None:
    walls = [w for w in model(DUP).by_type("IfcWall") if storey_of(w) == "T/FDN"
             and ue.get_psets(w).get("Pset_WallCommon", {}).get("LoadBearing") is True]
    got = ask(index_of, DUP, "walls load bearing on T/FDN")
    assert got["plan"]["intent"] != "lookup" and walls and guids(got) == {w.GlobalId for w in walls}


def test_a_set_the_elements_do_not_hold_it_in_declines_naming_the_set(index_of: Index) -> None:
    reason = _declined(ask(index_of, RQ, "Pset_DoorCommon.Reference of the walls"))
    assert "Pset_DoorCommon" in reason


def test_words_no_held_name_has_all_of_decline(index_of: Index, model: Model) -> None:
    doors = model(DUP).by_type("IfcDoor")
    assert all("AcousticRating" not in props for d in doors for props in ue.get_psets(d).values())
    _declined(ask(index_of, DUP, "what's the acoustic rating of the doors on Level 1?"))


def test_a_boolean_property_named_in_a_clause_still_filters(index_of: Index, model: Model) -> None:
    walls = [w for w in model(DUP).by_type("IfcWall") if storey_of(w) == "Level 1"
             and ue.get_psets(w).get("Pset_WallCommon", {}).get("ExtendToStructure") is True]
    got = ask(index_of, DUP, "walls that extend to structure on level 1")
    assert got["plan"]["intent"] != "lookup" and guids(got) == {w.GlobalId for w in walls}


def test_a_class_phrase_before_a_place_is_never_split_into_class_and_property(index_of: Index) -> None:
    for question in ("I'm trying to find the light fixtures on Level 2", "what are the light fixtures on level 2"):
        got = ask(index_of, "Duplex_Electrical_20121207.ifc", question)  # 'FixtureHeight' is held: not read
        assert got["plan"]["intent"] == "list" and got["declined"] is None and got["elements"], question


def test_class_then_quantity_word_stays_a_sum(index_of: Index, model: Model) -> None:
    windows = [w for w in model(LB).by_type("IfcWindow") if storey_of(w) == "Level 1"]
    got = ask(index_of, LB, "window area on level 1")  # every window holds 'Area': still the measures' total
    assert got["plan"]["intent"] != "lookup"
    want = sum(ue.get_psets(w)["BaseQuantities"]["Area"] for w in windows)
    assert got["value"]["number"] == pytest.approx(want, rel=1e-4)  # the answer rounds to 3 decimals


def test_a_word_of_a_property_name_asked_as_contents_is_no_lookup(index_of: Index) -> None:
    got = ask(index_of, LB, "what equipment is on level 1?")  # 'Equipment Load' is a space property, never read here
    assert got["plan"]["intent"] != "lookup" and "Equipment" not in str((got.get("value") or {}).get("property"))


# --- the bench ------------------------------------------------------------------------------------------------------
def test_committed_property_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "property_lookup.py"), "--ifc-dir", str(shared_ifc),
                           "--check"], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_seeded_sample_of_the_dev_bench_scores_and_never_broadens(index_of: Index) -> None:
    cases = json.loads((BENCH / "property_cases.json").read_text(encoding="utf-8"))
    sample = random.Random(10).sample(cases, 60)
    records = [_people_record(q, q["ifc_filename"], ask(index_of, q["ifc_filename"], q["query"]), 0.0)
               for q in sample]
    # WP_Puffer's 10 space heaters are underfloor heating circuits ("Fussbodenheizung1", type "FBH Kreis"): the
    # bench's oracle reads "radiators" as all of them; since round 16 a kind the model cannot tell apart declines
    untold = [r for r in records if r["score"] < 1.0 and "does not say which space heaters are radiators" in
              r["answer"] and r["model"] == "WP_Puffer_FWS_FBH10.ifc"]
    misses = [(r["query"], r["answer"]) for r in records if r["score"] < 1.0 and r not in untold]
    assert not any(r["broadened"] for r in records)
    assert len(misses) <= 2, misses
