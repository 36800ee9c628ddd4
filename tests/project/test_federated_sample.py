"""The federated sample: three discipline files of one building, the same bytes for the same arguments."""

from __future__ import annotations

from pathlib import Path

import ifcopenshell

from ifcqa.sample.federated import FederatedSample, write_federated_project


def test_same_arguments_same_bytes_and_another_seed_differs(federated: FederatedSample, tmp_path: Path) -> None:
    again = write_federated_project(tmp_path / "again")
    for first, second in zip(federated.files, again.files, strict=True):
        assert first.name == second.name and first.read_bytes() == second.read_bytes()
    assert federated.project.read_text() == again.project.read_text()
    other = write_federated_project(tmp_path / "other", seed=1)
    assert other.files[0].read_bytes() != federated.files[0].read_bytes()


def test_each_file_has_its_own_tree_and_globalids(federated: FederatedSample) -> None:
    models = {path.name: ifcopenshell.open(str(path)) for path in federated.files}
    storeys = {name: [s.Name for s in model.by_type("IfcBuildingStorey")] for name, model in models.items()}
    assert storeys == {
        "Sample-ARC.ifc": ["Level 0", "Level 1"],
        "Sample-STR.ifc": ["L0", "L1", "Foundation"],
        "Sample-HVAC.ifc": ["00 - Level 0", "01 - Level 1"],
    }
    guids = [{root.GlobalId for root in model.by_type("IfcRoot")} for model in models.values()]
    assert not (guids[0] & guids[1]) and not (guids[0] & guids[2]) and not (guids[1] & guids[2])
    counts = {
        name: {c: len(model.by_type(c)) for c in ("IfcSpace", "IfcColumn", "IfcAirTerminal", "IfcWall")}
        for name, model in models.items()
    }
    assert counts["Sample-ARC.ifc"]["IfcSpace"] == 8 and counts["Sample-ARC.ifc"]["IfcAirTerminal"] == 0
    assert counts["Sample-STR.ifc"]["IfcColumn"] > 0 and counts["Sample-STR.ifc"]["IfcSpace"] == 0
    assert counts["Sample-HVAC.ifc"]["IfcAirTerminal"] == 8 and counts["Sample-HVAC.ifc"]["IfcWall"] == 0
