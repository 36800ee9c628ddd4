"""Round 14, storeys as people name them across naming conventions (bench/spatial/storey_refs.py,
src/ifcqa/spatial/storey_refs.py).

German counted storeys ("1. Stock", "im zweiten Stock", "1. OG" of a model named Level 1 / Level 2), counted
offsets ("one floor up from EG", "zwei Geschosse unter dem 2.OG"), "upstairs" / "downstairs" declined where the
model has several candidates, "Dachboden". Each sentence below is none of the bench's; answers are checked against
the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``, the storey order from Elevation).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "storey_refs.py"
LB = "LargeBuilding.ifc"
KIT = "KIT-EDC_with_SB.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
HE = "Heizung-Elektro_080729.ifc"
HOM = "ExampleHOM.ifc"

pytestmark = pytest.mark.usefixtures("shared_ifc")


@pytest.fixture
def on(shared_ifc: Path) -> Callable[[str, str, str], set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on storey ``storey`` of model ``name`` (plain)."""
    def get(name: str, storey: str, cls: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}
    return get


def _order(shared_ifc: Path, name: str) -> list[str]:
    f = open_cached(str(shared_ifc / name))
    return [str(s.Name) for s in sorted(f.by_type("IfcBuildingStorey"), key=lambda s: float(s.Elevation))]


def _guids(answer: dict[str, Any]) -> set[str]:
    assert answer["declined"] is None, answer["answer"]
    return {e["guid"] for e in answer["elements"]}


def _declined(answer: dict[str, Any], *said: str) -> str:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None, answer["answer"]
    for word in said:
        assert word in answer["answer"], answer["answer"]
    return str(answer["answer"])


def test_german_counted_storeys_count_from_the_ground_storey(qa: Callable[[str], SpatialQA], on: Any,
                                                             shared_ifc: Path) -> None:
    order = _order(shared_ifc, LB)  # Level 1 (elevation 0), Level 2
    assert order == ["Level 1", "Level 2"]
    # "1. OG" is the first storey above the ground storey, never the "Level 1" whose name carries the 1
    want = on(LB, order[1], "IfcWindow")
    assert want and _guids(qa(LB).ask("Welche Fenster liegen im 1. OG?")) == want
    assert _guids(qa(LB).ask("Fenster im ersten Stock bitte auflisten")) == want
    assert _guids(qa(LB).ask("windows in the OG 1")) == want
    _declined(qa(LB).ask("Fenster im 2. Stock?"), "1 storey above its ground storey")
    # numbered upper storeys: the model's own numbering
    order = _order(shared_ifc, INST)  # Keller, Erdgeschoss, 1. Obergeschoss, ...
    assert _guids(qa(INST).ask("Türen in der 2. Etage")) == on(INST, "2. Obergeschoss", "IfcDoor")
    assert order.index("2. Obergeschoss") == order.index("Erdgeschoss") + 2
    _declined(qa(KIT).ask("Fenster im 4. Stock"), "none 4")


def test_a_count_landing_on_a_roof_level_or_the_one_obergeschoss(qa: Callable[[str], SpatialQA], on: Any,
                                                                 shared_ifc: Path) -> None:
    # FZK: Erdgeschoss, Dachgeschoss -- the storey above ground is a roof level, no "1. Stock"
    _declined(qa(FZK).ask("Fenster im 1. OG"), "Dachgeschoss", "roof or attic level")
    assert _guids(qa(FZK).ask("Fenster im 1. Stock")) == on(FZK, "Dachgeschoss", "IfcWindow")  # a Stock, no OG
    _declined(qa(DUP).ask("Fenster im 2. Stock"), "Roof", "roof level")
    # Heizung: one Obergeschoss without a number is the "erste Stock"
    f = open_cached(str(shared_ifc / HE))
    pipes = {e.GlobalId for e in f.by_type("IfcFlowSegment") if storey_of(e) == "Obergeschoss"
             and (t := ue.get_type(e)) is not None and t.is_a("IfcPipeSegmentType")}
    assert pipes and _guids(qa(HE).ask("Wie viele Rohre gibt es im ersten Stock?")) == pipes


def test_counted_offsets_from_a_named_storey(qa: Callable[[str], SpatialQA], on: Any, shared_ifc: Path) -> None:
    order = _order(shared_ifc, KIT)  # EG, 1.OG, 2.OG
    assert _guids(qa(KIT).ask("doors two floors above the EG?")) == on(KIT, order[2], "IfcDoor")
    assert _guids(qa(KIT).ask("Türen ein Geschoss unter dem 2.OG")) == on(KIT, order[1], "IfcDoor")
    answer = qa(KIT).ask("windows a level below 1.OG")
    assert _guids(answer) == on(KIT, order[0], "IfcWindow")
    assert "1 below 1.OG" in " ".join(answer["plan"]["notes"]), answer["plan"]["notes"]
    _declined(qa(KIT).ask("doors three floors up from EG"), "no storey 3 above EG")
    order = _order(shared_ifc, DUP)  # T/FDN, Level 1, Level 2, Roof
    assert _guids(qa(DUP).ask("walls one level below Level 1")) == on(DUP, order[0], "IfcWall")


def test_the_two_floors_above_is_a_set_not_an_offset(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(KIT).ask("how many doors are on the two floors above the EG?")
    assert "2.OG (2 above" not in answer["answer"] and "1.OG (1 above" not in answer["answer"], answer["answer"]


def test_upstairs_and_downstairs_decline_where_the_model_has_several(qa: Callable[[str], SpatialQA], on: Any) -> None:
    text = _declined(qa(KIT).ask("any doors upstairs?"), "1.OG", "2.OG")
    assert "EG" in text
    _declined(qa(HE).ask("Heizkörper oben?"), "Obergeschoss", "Dachgeschoss")
    _declined(qa(INST).ask("how many windows are downstairs?"), "Keller", "Erdgeschoss")
    # one candidate: read (a two-storey house, an attic or roof level above is no upstairs, a foundation no basement)
    assert _guids(qa(FZK).ask("windows upstairs")) == on(FZK, "Dachgeschoss", "IfcWindow")
    assert _guids(qa(HOM).ask("doors upstairs")) == on(HOM, "1stFloor", "IfcDoor")
    assert _guids(qa(DUP).ask("doors downstairs")) == on(DUP, "Level 1", "IfcDoor")
    # said beside one of the candidates: that storey, restated
    assert _guids(qa(KIT).ask("the doors upstairs on 2.OG")) == on(KIT, "2.OG", "IfcDoor")


def test_dachboden_is_the_attic(qa: Callable[[str], SpatialQA], on: Any) -> None:
    assert _guids(qa(HOM).ask("Welche Wände gibt es im Dachboden?")) == on(HOM, "attic", "IfcWall")
    _declined(qa(KIT).ask("Türen im Spitzboden"))


def test_committed_storey_ref_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
