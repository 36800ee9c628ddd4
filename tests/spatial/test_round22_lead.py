"""Round 22 (lead): a facility named as the whole model.

People name the railway, road or bridge a model holds the way they name its building ("how many signals are
placed along this railway alignment?"). Main declined 'along', 'railway', 'alignment'. A model holding exactly
one facility and at most one alignment is that facility: the phrase in scope position names the whole model
(building_scope.facility_nouns). With two alignments "this alignment" may be either, and a facility the model
does not hold ("along the tunnel") names nothing: both still decline. Oracles are read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.api
import pytest
from plain_walks import open_cached

from ifcqa.index.model_index import load_index
from ifcqa.spatial import SpatialQA

RAIL = "linear-placement-of-signal.ifc"


@pytest.mark.parametrize("question", ["How many signals are placed along this railway alignment?",
                                      "how many signals are on this railway?",
                                      "how many signals along the track?"])
def test_the_one_railway_and_alignment_name_the_whole_model(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    signals = open_cached(str(shared_ifc / RAIL)).by_type("IfcSignal")
    answer = qa(RAIL).ask(question)
    assert answer["declined"] is None, answer["answer"]
    assert answer["count"] == len(signals) == 2
    assert {e["guid"] for e in answer["elements"]} == {s.GlobalId for s in signals}
    assert any("the building itself (the whole model)" in n for n in answer["plan"]["notes"]), answer["plan"]


def test_a_facility_the_model_does_not_hold_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(RAIL).ask("how many signals are along the tunnel?")
    assert answer["declined"] is not None and "tunnel" in answer["answer"], answer["answer"]
    building = qa("Duplex_A_20110907.ifc").ask("how many doors along this railway?")
    assert building["declined"] is not None and "railway" in building["answer"], building["answer"]


def _two_alignments(path: Path) -> Path:
    f = ifcopenshell.file(schema="IFC4X3")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    railway = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcRailway", name="R")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[railway], relating_object=site)
    for name in ("Track 1", "Track 2"):
        alignment = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcAlignment", name=name)
        ifcopenshell.api.run("aggregate.assign_object", f, products=[alignment], relating_object=project)
    # typed as the shared rail model's signals are ("signal" is an IFC4X3 class no class word names yet)
    kind = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSignalType", name="Default Signal Type")
    for name in ("S1", "S2", "S3"):
        signal = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSignal", name=name)
        ifcopenshell.api.run("type.assign_type", f, related_objects=[signal], relating_type=kind)
        ifcopenshell.api.run("spatial.assign_container", f, products=[signal], relating_structure=railway)
    f.write(str(path))
    return path


def test_with_two_alignments_this_alignment_declines(tmp_path: Path) -> None:
    path = _two_alignments(tmp_path / "two.ifc")
    assert len(ifcopenshell.open(str(path)).by_type("IfcAlignment")) == 2
    qa = SpatialQA(load_index(path), use_graph=False, embedder=None)
    answer = qa.ask("how many signals are placed along this alignment?")
    assert answer["declined"] is not None and "alignment" in answer["answer"], answer["answer"]
    railway = qa.ask("how many signals are on this railway?")  # one railway: still the whole model
    assert railway["declined"] is None and railway["count"] == 3, railway["answer"]
