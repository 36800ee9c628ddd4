"""Round 21 (neg21): a negation attached to exactly one thing, read by what follows it
(src/ifcqa/spatial/negation_reading.py, bench/spatial/neg21_cases.py).

A qualifier said as a verb ("not bearing load", "don't carry any load", "keine Last tragen"), a room or storey
related by "part of" / "from" / "belong to", what is "left" after an explicit exclusion in the same sentence, and
"there is not any X" (the storeys whose count is 0, the negation read once). Each positive form has a variant that
must still decline (a qualifier no asked element records, a room the model lacks, "left" with no exclusion, two
negations on one qualifier, a word no class holds). No message below is one of the bench's; answers are checked
against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA, negation_reading
from ifcqa.spatial.parser import normalise

REPO = Path(__file__).resolve().parents[2]
DUPLEX = "Duplex_A_20110907.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
FZK = "AC20-FZK-Haus.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
HEIZ = "Heizung-Elektro_080729.ifc"
ELEC = "Duplex_Electrical_20121207.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"


@pytest.fixture
def model(shared_ifc: Path) -> Callable[[str], Any]:
    return lambda name: open_cached(str(shared_ifc / name))


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str = "") -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    said = " ".join(answer["declined"].get("not_understood") or []) + answer["answer"]
    assert word.casefold() in said.casefold(), answer["answer"]


def _load_bearing(f: Any, storey: str | None = None) -> dict[str, Any]:
    return {w.GlobalId: ue.get_psets(w).get("Pset_WallCommon", {}).get("LoadBearing") for w in f.by_type("IfcWall")
            if storey is None or storey_of(w) == storey}


def _bounding(f: Any, cls: str, room: str) -> set[str]:
    space = next(s for s in f.by_type("IfcSpace") if room in (s.Name, s.LongName))
    return {b.RelatedBuildingElement.GlobalId for b in space.BoundedBy or ()
            if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a(cls)}


def spell_out(text: str, scopes: negation_reading.Scopes) -> tuple[str, list[str]]:
    return negation_reading.spell_out(normalise(text), scopes)


def test_spelling_by_scope() -> None:
    scopes = negation_reading.Scopes(lambda p: p in ("wohnen", "kitchen5"), lambda p: p == "level 1",
                                     lambda p: p == "windows")
    text, notes = spell_out("how many walls are not bearing load?", scopes)
    assert text == "how many walls are not load-bearing?" and notes
    assert spell_out("walls that don't carry any loads", scopes)[0] == "walls that are not load-bearing"
    assert spell_out("walls carrying no load", scopes)[0] == "walls that are not load-bearing"
    assert spell_out("walls that carry load", scopes)[0] == "walls that are load-bearing"
    assert spell_out("walls not bearing no load", scopes)[0] == "walls not bearing no load"  # two negations: unread
    assert spell_out("wände, die keine last tragen", scopes)[0] == "wände, die nicht tragend sind"
    assert spell_out("which windows are not part of the wohnen room?", scopes)[0] == \
        "which windows are not in the wohnen?"
    assert spell_out("doors that do not belong to kitchen5", scopes)[0] == "doors that are not in the kitchen5"
    assert spell_out("doors not part of level 1", scopes)[0] == "doors not on level 1"
    assert spell_out("doors not part of the sauna", scopes)[0] == "doors not part of the sauna"  # no such room
    assert spell_out("doors except level 1, how many left?", scopes)[0] == "doors except level 1, how many?"
    assert spell_out("how many doors are left?", scopes)[0] == "how many doors are left?"  # no exclusion: stays
    assert spell_out("level 1 is done except the hall. how many doors are left?", scopes)[0].endswith("are left?")
    assert spell_out("on which floor there is not any radiator?", scopes)[0] == "on which floor there is no radiator?"
    assert spell_out("what storey has not got any door?", scopes)[0] == "what storey has no door?"
    assert spell_out("welche Fenster gehören nicht zur Wohnen?", scopes)[0] == \
        "welche fenster sind nicht in der wohnen?"
    assert spell_out("Fenster, die nicht Teil vom Level 1 sind", scopes)[0] == "fenster, die nicht im level 1 sind"
    assert spell_out("Türen ausser Level 1 - wie viele bleiben übrig?", scopes)[0] == \
        "türen ausser level 1 - wie viele?"


def test_a_qualifier_said_as_a_verb(qa: Callable[[str], SpatialQA], model: Any) -> None:
    lb = _load_bearing(model(FZK11))
    assert None not in lb.values()
    answer = qa(FZK11).ask("how many walls are not bearing load?")
    assert answer["count"] == sum(v is False for v in lb.values()) > 0, answer["answer"]
    lb2 = _load_bearing(model(DUPLEX), "Level 2")
    answer = qa(DUPLEX).ask("which walls on Level 2 aren't carrying any loads")
    assert _guids(answer) == {g for g, v in lb2.items() if v is False} != set(), answer["answer"]
    answer = qa(DUPLEX).ask("Wände auf Level 2, die keine Last tragen?")
    assert _guids(answer) == {g for g, v in lb2.items() if v is False}, answer["answer"]
    fdn = _load_bearing(model(DUPLEX), "T/FDN")
    answer = qa(DUPLEX).ask("walls on T/FDN that do bear load")
    assert _guids(answer) == {g for g, v in fdn.items() if v is True} != set(), answer["answer"]


def test_a_qualifier_said_as_a_verb_still_declines(qa: Callable[[str], SpatialQA], model: Any) -> None:
    assert set(_load_bearing(model(HOM)).values()) == {None}  # no wall records it: unset is never FALSE
    _declined(qa(HOM).ask("which walls are not bearing load?"))
    _declined(qa(DUPLEX).ask("doors not carrying any load"))  # doors record no LoadBearing
    _declined(qa(FZK11).ask("walls not bearing no load"), "no")  # two negations on one qualifier


def test_unset_values_are_said_and_left_out(qa: Callable[[str], SpatialQA], model: Any) -> None:
    lb = _load_bearing(model(INST), "Keller")
    unset = sum(v is None for v in lb.values())
    assert unset > 0
    answer = qa(INST).ask("how many Keller walls don't bear any load?")
    assert answer["count"] == sum(v is False for v in lb.values()), answer["answer"]
    assert f"{unset} of the {len(lb)} record no LoadBearing" in answer["answer"], answer["answer"]
    answer = qa(FZK11).ask("walls that are not load bearing")
    assert "record no" not in answer["answer"], answer["answer"]  # every wall records it: nothing said


def test_a_room_taken_out_by_part_of_or_from(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(FZK)
    windows = {w.GlobalId for w in f.by_type("IfcWindow")}
    answer = qa(FZK).ask("Which windows are not part of the Schlafzimmer room?")
    assert _guids(answer) == windows - _bounding(f, "IfcWindow", "Schlafzimmer") != windows, answer["answer"]
    h = model(HOM)
    answer = qa(HOM).ask("how many doors don't belong to Bath9?")
    assert answer["count"] == len(h.by_type("IfcDoor")) - len(_bounding(h, "IfcDoor", "Bath9")), answer["answer"]


def test_a_room_taken_out_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(HOM).ask("which windows are not part of the Wintergarten?"), "Wintergarten")
    _declined(qa(SAMPLE).ask("doors that are not part of the bedroom"))  # no space boundaries in this model


def test_what_is_left_after_a_storey_taken_out(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(ELEC)
    lights = [e for e in f.by_type("IfcElement") if (t := ue.get_type(e)) is not None and t.is_a("IfcLightFixtureType")]
    answer = qa(ELEC).ask("light fixtures apart from Level 1 - how many remain?")
    assert answer["count"] == sum(storey_of(e) != "Level 1" for e in lights) > 0, answer["answer"]
    d = model(DUPLEX)
    answer = qa(DUPLEX).ask("How many windows are left if you take away the Level 2 ones?")
    assert answer["count"] == sum(storey_of(w) != "Level 2" for w in d.by_type("IfcWindow")) > 0, answer["answer"]


def test_left_without_an_exclusion_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("how many windows are left?"), "left")
    _declined(qa(DUPLEX).ask("windows except the mezzanine ones, how many are left?"))


def test_storeys_where_there_is_not_any(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(HEIZ)
    held = {storey_of(e) for e in f.by_type("IfcElement")
            if (t := ue.get_type(e)) is not None and t.is_a("IfcSpaceHeaterType")}
    expected = [s.Name for s in f.by_type("IfcBuildingStorey") if s.Name not in held]
    answer = qa(HEIZ).ask("which storey is there not a single radiator on?")
    assert answer["storeys"] == expected != [], answer["answer"]
    assert "except" not in answer["rule"], answer["rule"]  # the negation read once: never "elements except radiators"
    d = model(DUPLEX)
    held = {storey_of(e) for e in d.by_type("IfcDoor")}
    answer = qa(DUPLEX).ask("on which level has there not been any door?")
    if answer["declined"] is None:  # a tense the threshold may not read: never answered otherwise
        assert answer["storeys"] == [s.Name for s in d.by_type("IfcBuildingStorey") if s.Name not in held]
    answer = qa(DUPLEX).ask("on which level is there not any door?")
    assert answer["storeys"] == [s.Name for s in d.by_type("IfcBuildingStorey") if s.Name not in held] != []


def test_storeys_where_there_is_not_any_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(HEIZ).ask("on which floor there is not any zorblat?"), "zorblat")


def test_two_rooms_done_leave_that_room_unbound(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(FZK).ask("Buero and Galerie are finished. which windows remain, not counting that room?"),
              "that room")


def test_cases_are_what_the_script_writes(shared_ifc: Path) -> None:
    before = {p: (REPO / "bench" / "spatial" / p).read_text(encoding="utf-8")
              for p in ("neg21_cases.json", "neg21_cases_b.json")}
    subprocess.run([sys.executable, str(REPO / "bench" / "spatial" / "neg21_cases.py")], check=True, cwd=REPO)
    for p, text in before.items():
        assert (REPO / "bench" / "spatial" / p).read_text(encoding="utf-8") == text, p
        assert all(r["source"] == "ifcopenshell" for r in json.loads(text))
