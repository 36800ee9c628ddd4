"""Storey alignment on the Duplex pair (metres vs feet) and on the federated sample, checked with plain IfcOpenShell."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.unit
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.project.align import align_storeys, normalise_storey_name
from ifcqa.project.project import Project, ProjectError, load_project
from ifcqa.sample.federated import FederatedSample

DUPLEX = ["Duplex_A_20110907.ifc", "Duplex_Electrical_20121207.ifc"]


def elevations_m(path: Path) -> dict[str, tuple[str, float]]:
    """GlobalId -> (name, elevation in metres), read with plain IfcOpenShell."""
    model = ifcopenshell.open(str(path))
    scale = ifcopenshell.util.unit.calculate_unit_scale(model)
    return {storey.GlobalId: (storey.Name, storey.Elevation * scale) for storey in model.by_type("IfcBuildingStorey")}


def pairs(alignment: dict, file: str) -> dict[str, tuple[str, str]]:
    """Reference storey name -> (the storey of ``file`` matched to it, how)."""
    found = {}
    for level in alignment["levels"]:
        for storey in level["storeys"]:
            if storey["file"] == file:
                found[level["level"]] = (storey["name"], storey["matched_by"])
    return found


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Level 1", "level 1"),
        ("L1", "level 1"),
        ("01 - Level 1", "level 1"),
        ("level-01", "level 1"),
        ("Roof", "roof"),
        ("T/FDN", "t fdn"),
        ("1.OG", "1 og"),
    ],
)
def test_storey_names_normalise_across_conventions(name: str, key: str) -> None:
    assert normalise_storey_name(name) == key


def test_duplex_storeys_pair_up_across_metres_and_feet(shared_ifc: Path, index_of: Callable[[str], ModelIndex]) -> None:
    project = Project("Duplex", shared_ifc, list(DUPLEX))
    alignment = align_storeys(project, {file: index_of(file) for file in DUPLEX}).to_dict()
    arc, elec = (elevations_m(shared_ifc / file) for file in DUPLEX)
    assert pairs(alignment, DUPLEX[1]) == {
        "Level 1": ("Level 1", "both"),
        "Level 2": ("Level 2", "both"),
        "Roof": ("Roof", "both"),
    }
    for level in alignment["levels"]:  # elevations in metres, though the electrical model is in feet
        for storey in level["storeys"]:
            truth = (arc if storey["file"] == DUPLEX[0] else elec)[storey["guid"]]
            assert storey["name"] == truth[0] and storey["elevation_m"] == pytest.approx(truth[1], abs=1e-3)
    t_fdn = next(level for level in alignment["levels"] if level["level"] == "T/FDN")
    assert t_fdn["missing_in"] == [DUPLEX[1]] and alignment["unmatched"] == []
    assert elec[pairs_guid(alignment, "Level 2", DUPLEX[1])][1] == pytest.approx(3.1, abs=1e-3)  # 10.17 ft


def pairs_guid(alignment: dict, level: str, file: str) -> str:
    row = next(row for row in alignment["levels"] if row["level"] == level)
    return next(storey["guid"] for storey in row["storeys"] if storey["file"] == file)


def sample_alignment(federated: FederatedSample, tmp_path: Path, **changes: object) -> dict:
    document = json.loads(federated.project.read_text())
    document.update(changes)
    path = federated.project.with_name(f"{tmp_path.name}.ifcqa-project.json")
    path.write_text(json.dumps(document))
    project = load_project(path)
    cache = IndexCache(tmp_path / "cache")
    return align_storeys(
        project, {file: load_index(project.path_of(file), cache=cache) for file in project.files}
    ).to_dict()


def test_sample_storeys_pair_by_elevation_and_name(federated: FederatedSample, tmp_path: Path) -> None:
    alignment = sample_alignment(federated, tmp_path)
    assert pairs(alignment, "Sample-STR.ifc") == {"Level 0": ("L0", "both"), "Level 1": ("L1", "both")}
    assert pairs(alignment, "Sample-HVAC.ifc") == {
        "Level 0": ("00 - Level 0", "both"),
        "Level 1": ("01 - Level 1", "both"),
    }
    truth = {**elevations_m(federated.files[1]), **elevations_m(federated.files[2])}
    for level in alignment["levels"]:
        for storey in level["storeys"][1:]:
            reference = level["elevation_m"]
            assert storey["delta_m"] == pytest.approx(truth[storey["guid"]][1] - reference, abs=1e-6)
            assert 0 < abs(storey["delta_m"]) <= 0.05  # slightly different per file
    [foundation] = alignment["unmatched"]
    assert (foundation["file"], foundation["name"], foundation["elevation_m"]) == ("Sample-STR.ifc", "Foundation", -1.2)
    assert foundation["nearest_level"] == "Level 0"


def test_a_tight_tolerance_leaves_the_names_and_an_override_wins(federated: FederatedSample, tmp_path: Path) -> None:
    tight = sample_alignment(federated, tmp_path, tolerance_m=0.01)
    assert pairs(tight, "Sample-HVAC.ifc") == {"Level 0": ("00 - Level 0", "name"), "Level 1": ("01 - Level 1", "name")}
    overrides = [
        {"file": "Sample-HVAC.ifc", "storey": "01 - Level 1", "matches": None},
        {"file": "Sample-STR.ifc", "storey": "Foundation", "matches": {"file": "Sample-ARC.ifc", "storey": "Level 0"}},
    ]
    overridden = sample_alignment(federated, tmp_path, overrides=overrides)
    assert pairs(overridden, "Sample-HVAC.ifc") == {"Level 0": ("00 - Level 0", "both")}
    assert pairs(overridden, "Sample-STR.ifc") == {"Level 0": ("Foundation", "override"), "Level 1": ("L1", "both")}
    assert sorted(row["name"] for row in overridden["unmatched"]) == ["01 - Level 1", "L0"]


def test_an_override_naming_an_unknown_storey_is_refused(federated: FederatedSample, tmp_path: Path) -> None:
    overrides = [{"file": "Sample-HVAC.ifc", "storey": "Level 9", "matches": None}]
    with pytest.raises(ProjectError, match="Sample-HVAC.ifc has no storey with GlobalId or name 'Level 9'"):
        sample_alignment(federated, tmp_path, overrides=overrides)
