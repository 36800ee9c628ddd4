"""Elements of one file located in another file's spaces: by containment, else by box centre."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.project.locate import locate_in_spaces
from ifcqa.sample.federated import FederatedSample


def test_hvac_terminals_are_placed_in_the_architects_spaces_by_geometry(
    federated: FederatedSample, tmp_path: Path
) -> None:
    cache = IndexCache(tmp_path / "cache")
    arc, hvac = (load_index(path, cache=cache) for path in (federated.files[0], federated.files[2]))
    locations = locate_in_spaces(hvac, "Sample-HVAC.ifc", arc, "Sample-ARC.ifc")
    model = ifcopenshell.open(str(federated.files[2]))
    diffusers = model.by_type("IfcAirTerminal")
    assert all(d.ContainedInStructure[0].RelatingStructure.is_a("IfcBuildingStorey") for d in diffusers)  # no space
    by_guid = {location.element.guid: location for location in locations}
    arc_spaces = {
        space.GlobalId: space.Name for space in ifcopenshell.open(str(federated.files[0])).by_type("IfcSpace")
    }
    for diffuser in diffusers:  # Tag AT1.03 hangs in room 3 of level 1, named "<function> 1.03"
        location = by_guid[diffuser.GlobalId]
        assert location.how == "geometry" and location.space is not None
        assert location.space.file == "Sample-ARC.ifc" and arc_spaces[location.space.guid].endswith(diffuser.Tag[2:])
    assert len(diffusers) == 8


def test_elements_a_file_contains_in_its_spaces_are_located_by_containment(
    shared_ifc: Path, index_of: Callable[[str], ModelIndex]
) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    truth = {
        element.GlobalId: rel.RelatingStructure.GlobalId
        for rel in model.by_type("IfcRelContainedInSpatialStructure")
        if rel.RelatingStructure.is_a("IfcSpace")
        for element in rel.RelatedElements
    }
    elements = [element for element in index.elements() if element.guid in truth]
    locations = locate_in_spaces(index, "A", index, "A", elements)  # no box needed: containment says it
    assert len(locations) == len(truth) == 61
    for location in locations:
        assert location.how == "contained" and location.space is not None
        assert location.space.guid == truth[location.element.guid]
