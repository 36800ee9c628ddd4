"""Round 6: attribute lookups phrased the way people ask, answers checked against plain IfcOpenShell.

The sentences here are other phrasings than those of ``bench/spatial/dev_round6_lookup.json`` (whose JSON is kept
equal to its oracles below): an element named by a Tag its opening shares, by a type name, by a Name or Tag outside
a lookup ("is door 285959 external?"), "what is X called", "who made X" (a Manufacturer, while other "who"
questions stay refused), fragments ("Haustuer U-value?"), a property named around a quantity word ("storage
volume"), and a grounded name that one element holds exactly (not the pipes whose names mention it).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "dev_round6_lookup_oracles.py"
FZK, HOM, SH, LB = "AC20-FZK-Haus.ifc", "ExampleHOM.ifc", "Ifc4_SampleHouse.ifc", "LargeBuilding.ifc"
WP, DHW = "WP_Puffer_FWS_FBH10.ifc", "domestic-hot-water.ifc"


def ask(index: ModelIndex, question: str) -> dict[str, Any]:
    return SpatialQA(index, use_graph=False, embedder=None).ask(question)


def guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


def tagged(model: ifcopenshell.file, cls: str, tag: str) -> list[Any]:
    return [e for e in model.by_type(cls) if e.Tag == tag]


def test_committed_dev_round6_lookup_json_equals_the_oracles(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_tag_the_opening_shares_names_the_door(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / LB))
    assert any(e.is_a("IfcOpeningElement") for e in model.by_type("IfcElement") if e.Tag == "353875")  # premise
    door = tagged(model, "IfcDoor", "353875")
    answer = ask(index_of(LB), "what is the height of door 353875?")
    assert answer["declined"] is None
    assert guids(answer) == {d.GlobalId for d in door}
    assert answer["value"]["number"] == pytest.approx(door[0].OverallHeight)


def test_a_type_name_names_its_occurrences(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / HOM))
    of_type = {d.GlobalId for d in model.by_type("IfcDoor") if (t := ue.get_type(d)) is not None and t.Name == "DT01"}
    answer = ask(index_of(HOM), "how tall are the DT01 doors")
    assert answer["declined"] is None and guids(answer) == of_type
    assert any("DT01" in n for n in answer["plan"]["notes"])


def test_a_tag_after_a_class_word_outside_a_lookup(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / SH))
    door = tagged(model, "IfcDoor", "285959")[0]
    answer = ask(index_of(SH), "Is door 285959 external?")
    assert answer["declined"] is None
    assert answer["yes_no"] is (ue.get_pset(door, "Pset_DoorCommon", "IsExternal") is True)
    assert door.GlobalId in answer["plan"]["elements"]


def test_what_is_it_called(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / SH))
    door = model.by_guid("3cUkl32yn9qRSPvBJVyWYp")
    answer = ask(index_of(SH), "what is 3cUkl32yn9qRSPvBJVyWYp called")
    assert answer["declined"] is None
    assert [r["value"] for r in answer["value"]["values"]] == [door.Name]


def test_who_made_is_the_manufacturer(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / SH))
    door = tagged(model, "IfcDoor", "285996")[0]
    answer = ask(index_of(SH), "who manufactured door 285996?")
    assert answer["declined"] is None
    want = ue.get_pset(door, "Pset_ManufacturerTypeInformation", "Manufacturer")
    assert [r["value"] for r in answer["value"]["values"]] == [want]


@pytest.mark.parametrize("question", ["who works in the kitchen?", "who is the architect of the house?",
                                      "who lives on the Ground Floor?"])
def test_other_who_questions_stay_refused(index_of: Callable[[str], ModelIndex], question: str) -> None:
    answer = ask(index_of(SH), question)
    assert answer["declined"] is not None and answer["elements"] == []


def test_a_fragment_subject_then_attribute(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / FZK))
    door = next(d for d in model.by_type("IfcDoor") if d.Name == "Haustuer")
    answer = ask(index_of(FZK), "Haustuer U-value?")
    assert answer["declined"] is None and guids(answer) == {door.GlobalId}
    assert [r["value"] for r in answer["value"]["values"]] == [
        ue.get_pset(door, "Pset_DoorCommon", "ThermalTransmittance")]


@pytest.mark.parametrize("question", ["list the doors", "doors on the Erdgeschoss?", "Erdgeschoss doors"])
def test_a_fragment_never_takes_a_class_or_list(index_of: Callable[[str], ModelIndex], question: str) -> None:
    answer = ask(index_of(FZK), question)
    assert answer["plan"]["intent"] != "lookup"


def test_a_property_named_around_a_quantity_word(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / WP))
    tank = model.by_type("IfcFlowStorageDevice")[0]
    answer = ask(index_of(WP), "what's the storage volume of the Pufferspeicher")
    assert answer["declined"] is None and guids(answer) == {tank.GlobalId}
    assert [r["value"] for r in answer["value"]["values"]] == [ue.get_pset(tank, "Pset_TankTypeCommon",
                                                                           "Storage volume")]


def test_an_exact_name_narrows_a_grounded_lookup(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / WP))
    mention = [e for e in model.by_type("IfcElement") if "Frischwasserstation" in (e.Name or "")]
    exact = [e for e in mention if e.Name == "Frischwasserstation"]
    assert len(exact) == 1 and len(mention) > 1  # premise: pipes mention it
    answer = ask(index_of(WP), "what is the transmission power of the Frischwasserstation?")
    assert answer["declined"] is None and guids(answer) == {exact[0].GlobalId}
    assert [r["value"] for r in answer["value"]["values"]] == [
        ue.get_pset(exact[0], "Pset_UnitaryEquipmentTypeCommon", "Transmission power")]
    assert "named exactly so" in answer["answer"]


def test_the_only_boiler_without_a_manufacturer_declines(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DHW), "who made the boiler?")
    assert answer["declined"] is not None and "manufacturer" in answer["answer"]


def test_a_yes_no_on_a_named_element_that_does_not_record_it_declines(index_of: Callable[[str], ModelIndex],
                                                                      shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / FZK))
    door = next(d for d in model.by_type("IfcDoor") if d.Name == "Innentuer-1")
    assert ue.get_pset(door, "Pset_DoorCommon", "FireExit") is None  # premise: not recorded
    answer = ask(index_of(FZK), "Is Innentuer-1 a fire exit?")
    assert answer["declined"] is not None and answer["yes_no"] is None
    assert "FireExit" in answer["answer"]
    recorded = next(d for d in model.by_type("IfcDoor") if d.Name == "Innentuer-2")
    answer = ask(index_of(FZK), "Is Innentuer-2 a fire exit?")
    assert answer["declined"] is None
    assert answer["yes_no"] is (ue.get_pset(recorded, "Pset_DoorCommon", "FireExit") is True)
