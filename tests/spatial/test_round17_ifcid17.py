"""Round 17, questions naming IFC identifiers (bench/spatial/identifier_forms.py, src/ifcqa/spatial/ifc_identifiers.py).

Property, quantity and set names ("ThermalTransmittance", "Pset_WallCommon.IsExternal",
"Qto_SpaceBaseQuantities.NetFloorArea") are resolved against the model before the word passes: a held name is read
as the qualifier or measure it names, a name or set the asked elements do not hold declines naming it, and a
parenthesised boolean restates the words before it (one qualifier; the opposite value declines). Every question
below is none of the bench's; the answers are checked with plain IfcOpenShell.
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
from plain_walks import open_cached

from ifcqa.spatial import SpatialQA

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "spatial"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
HOM = "ExampleHOM.ifc"


def _guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] if isinstance(e, dict) else e for e in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["value"] is None, answer["answer"]
    assert word in answer["answer"], answer["answer"]


def _storey(e: Any) -> str | None:
    c = ue.get_container(e)
    while c is not None and not c.is_a("IfcBuildingStorey"):
        c = ue.get_aggregate(c)
    return c.Name if c is not None else None


def _walls(shared_ifc: Path, model: str, pset: str, prop: str, value: Any, storey: str | None = None) -> set[str]:
    f = open_cached(str(shared_ifc / model))
    return {w.GlobalId for w in f.by_type("IfcWall") if ue.get_pset(w, pset, prop) == value
            and (storey is None or _storey(w) == storey)}


def test_a_bare_boolean_in_parentheses_restates_the_words(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    expected = _walls(shared_ifc, DUPLEX, "Pset_WallCommon", "IsExternal", True, "Level 1")
    assert expected
    answer = qa(DUPLEX).ask("external walls (IsExternal) on Level 1")
    assert _guids(answer) == expected, answer["answer"]
    internal = _walls(shared_ifc, DUPLEX, "Pset_WallCommon", "IsExternal", False, "Level 1")
    answer = qa(DUPLEX).ask("the internal walls (Pset_WallCommon.IsExternal) on Level 1 pls")
    assert _guids(answer) == internal, answer["answer"]


def test_a_value_said_twice_is_one_qualifier_and_the_opposite_declines(qa: Callable[[str], SpatialQA],
                                                                        shared_ifc: Path) -> None:
    expected = _walls(shared_ifc, DUPLEX, "Pset_WallCommon", "LoadBearing", True)
    answer = qa(DUPLEX).ask("Which walls are structural (LoadBearing = TRUE)?")
    assert _guids(answer) == expected, answer["answer"]
    assert answer["answer"].count("LoadBearing = TRUE") == 1, answer["answer"]
    _declined(qa(DUPLEX).ask("list the load-bearing walls (LoadBearing = FALSE)"), "LoadBearing")
    _declined(qa(DUPLEX).ask("internal walls (IsExternal = TRUE) on Level 2"), "opposite")


def test_a_boolean_name_without_a_value_is_its_true_and_after_not_its_false(qa: Callable[[str], SpatialQA],
                                                                           shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    windows = {w.GlobalId: ue.get_pset(w, "Pset_WindowCommon", "IsExternal") for w in f.by_type("IfcWindow")}
    assert True in windows.values() and False in windows.values()
    answer = qa(DUPLEX).ask("IsExternal windows")
    assert _guids(answer) == {g for g, v in windows.items() if v is True}, answer["answer"]
    answer = qa(DUPLEX).ask("windows that are not IsExternal")
    assert _guids(answer) == {g for g, v in windows.items() if v is False}, answer["answer"]


def test_the_values_an_identifier_takes(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / "LargeBuilding.ifc"))
    values = {ue.get_pset(d, "Pset_ProductRequirements", "Category") for d in f.by_type("IfcDoor")}
    answer = qa("LargeBuilding.ifc").ask("What values does Pset_ProductRequirements.Category take on the doors?")
    assert answer["declined"] is None, answer["answer"]
    assert all(f"'{v}'" in answer["answer"] for v in values), answer["answer"]


def test_a_numeric_property_name_is_its_comparison(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK))
    below = {w.GlobalId for w in f.by_type("IfcWall")
             if ue.get_pset(w, "Pset_WallCommon", "ThermalTransmittance") < 0.5}
    assert below and len(below) < len(f.by_type("IfcWall"))
    answer = qa(FZK).ask("Which IfcWall elements have ThermalTransmittance below 0.5?")
    assert _guids(answer) == below, answer["answer"]
    answer = qa(FZK).ask("walls where Pset_WallCommon.ThermalTransmittance < 0.5 ?")
    assert _guids(answer) == below, answer["answer"]


def test_a_net_quantity_compared_with_a_number(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK))
    big = {s.GlobalId for s in f.by_type("IfcSpace") if ue.get_pset(s, "BaseQuantities", "NetFloorArea") > 20}
    assert big and len(big) < len(f.by_type("IfcSpace"))
    answer = qa(FZK).ask("IfcSpace with NetFloorArea > 20")
    assert _guids(answer) == big, answer["answer"]
    assert "NetFloorArea" in answer["answer"], answer["answer"]


def test_a_quantity_identifier_is_summed(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / HOM))
    total = sum(ue.get_pset(s, "Qto_SpaceBaseQuantities", "NetFloorArea") for s in f.by_type("IfcSpace"))
    answer = qa(HOM).ask("Sum of Qto_SpaceBaseQuantities.NetFloorArea of all IfcSpace elements")
    assert answer["value"]["number"] == pytest.approx(total, rel=1e-3), answer["answer"]


def test_identifiers_the_model_or_the_asked_elements_do_not_hold_decline(qa: Callable[[str], SpatialQA],
                                                                       shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    assert not any("ThermalTransmittance" in props for w in f.by_type("IfcWall") for props in ue.get_psets(w).values())
    _declined(qa(DUPLEX).ask("Which IfcWall elements have ThermalTransmittance below 0.3?"), "ThermalTransmittance")
    answer = qa(DUPLEX).ask("list doors where Pset_DorCommon.IsExternal = TRUE")
    _declined(answer, "Pset_DorCommon")
    assert "Pset_DoorCommon" in answer["answer"], answer["answer"]
    _declined(qa(DUPLEX).ask("list walls where Pset_DoorCommon.IsExternal = TRUE"), "Pset_DoorCommon")
    fzk = open_cached(str(shared_ifc / FZK))
    assert not any(ue.get_pset(w, "BaseQuantities", "NetFloorArea") for w in fzk.by_type("IfcWall"))
    _declined(qa(FZK).ask("Sum of BaseQuantities.NetFloorArea of the IfcWall elements"), "NetFloorArea")
    _declined(qa(FZK).ask("total NetFloorArea of the walls"), "NetFloorArea")


def test_an_identifier_read_as_another_property_declines(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / HOM))
    assert any(ue.get_pset(w, "Qto_WallBaseQuantities", "GrossWeight") for w in f.by_type("IfcWall"))
    # the words "gross weight over 5000" were read as GrossSideArea > 5000 m², "finish ceiling height" as Height
    _declined(qa(HOM).ask("which walls have a GrossWeight over 5000"), "GrossWeight")
    _declined(qa(HOM).ask("total FinishCeilingHeight of the spaces"), "FinishCeilingHeight")
    total = sum(ue.get_pset(s, "Qto_SlabBaseQuantities", "NetWeight") for s in f.by_type("IfcSlab"))
    answer = qa(HOM).ask("sum of NetWeight of the slabs")
    assert answer["value"]["number"] == pytest.approx(total, rel=1e-3), answer["answer"]


def test_the_models_own_camel_case_names_are_not_identifiers(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / HOM))
    walls = [w for w in f.by_type("IfcWall") if _storey(w) == "GroundFloor"]
    assert walls
    answer = qa(HOM).ask("how many walls are on GroundFloor?")
    assert answer["count"] == len(walls), answer["answer"]


def test_entities_named_with_their_relation(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    space = next(s for s in f.by_type("IfcSpace") if s.Name == "A101")
    doors = {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
             if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcDoor")}
    assert doors
    answer = qa(DUPLEX).ask("Which IfcDoor elements are space boundaries of A101?")
    assert _guids(answer) == doors, answer["answer"]
    answer = qa(DUPLEX).ask("doors bounding A101 (IfcRelSpaceBoundary)")
    assert _guids(answer) == doors, answer["answer"]
    walls = [w for w in f.by_type("IfcWall") if _storey(w) == "Level 2"]
    names = {m.Name for w in walls for m in ue.get_materials(w)}
    answer = qa(DUPLEX).ask("Which IfcMaterial is associated with the walls on Level 2?")
    assert answer["declined"] is None, answer["answer"]
    assert names and all(f"'{n}'" in answer["answer"] for n in list(names)[:3]), answer["answer"]


def test_relationship_and_resource_entities_are_no_elements(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("List all IfcRelAggregates on Level 1"), "IfcRelAggregates")
    _declined(qa(DUPLEX).ask("How many IfcPropertySet are on Level 2?"), "IfcPropertySet")


def test_committed_identifier_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "identifier_forms.py"), "--ifc-dir", str(shared_ifc),
                           "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    cases = json.loads((BENCH / "identifier_cases.json").read_text(encoding="utf-8"))
    assert {c["group"] for c in cases} == {"bool_filter", "num_filter", "quantity", "relation", "decline"}
    assert len({c["ifc_filename"] for c in cases}) >= 6
