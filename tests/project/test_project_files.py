"""``ifcqa project create`` / ``show``: the project file, and one clear error per bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.project.project import PROJECT_SUFFIX, ProjectError, create_project, load_project
from ifcqa.sample.federated import FederatedSample


def invoke(*args: str, cwd_cache: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "250", "IFCQA_CACHE_DIR": str(cwd_cache)})
    return result.exit_code, result.stdout, result.stderr


def test_create_writes_relative_paths_and_show_reads_them_back(federated: FederatedSample, tmp_path: Path) -> None:
    out = tmp_path / "projects"
    code, stdout, stderr = invoke(
        "project", "create", "Tower", *map(str, federated.files), "-o", str(out), cwd_cache=tmp_path / "cache"
    )
    assert code == 0, stderr
    written = out / f"Tower{PROJECT_SUFFIX}"
    document = json.loads(written.read_text())
    assert document["name"] == "Tower" and document["tolerance_m"] == 0.5 and document["overrides"] == []
    assert [path.startswith("../") for path in document["files"]] == [True] * 3  # relative to the project file
    assert [(out / path).resolve() for path in document["files"]] == [path.resolve() for path in federated.files]
    assert json.loads(stdout)["project"] == str(written)
    code, stdout, stderr = invoke("project", "show", str(written), cwd_cache=tmp_path / "cache")
    assert code == 0, stderr
    shown = json.loads(stdout)
    assert [row["file"] for row in shown["files"]] == document["files"]
    assert [row["storeys"] for row in shown["files"]] == [2, 3, 2]  # STR has its Foundation storey
    assert shown["alignment"]["reference"] == document["files"][0]


def error_of(*args: str, tmp_path: Path) -> str:
    code, stdout, stderr = invoke(*args, cwd_cache=tmp_path / "cache")
    assert code == 1, (code, stdout, stderr)
    assert stderr.count("\n") == 1 and stderr.startswith("error: ") and "Traceback" not in stderr
    return stderr


def test_a_missing_model_file_is_named(federated: FederatedSample, tmp_path: Path) -> None:
    absent = tmp_path / "absent.ifc"
    stderr = error_of(
        "project", "create", "P", str(federated.files[0]), str(absent), "-o", str(tmp_path), tmp_path=tmp_path
    )
    assert f"{absent}: no such file" in stderr
    assert not list(tmp_path.glob(f"*{PROJECT_SUFFIX}"))  # nothing written


def test_a_file_listed_twice_is_named(federated: FederatedSample, tmp_path: Path) -> None:
    arc = federated.files[0]
    stderr = error_of(
        "project", "create", "P", str(arc), str(federated.files[1]), str(arc), "-o", str(tmp_path), tmp_path=tmp_path
    )
    assert f"{arc}: listed twice" in stderr


def test_a_file_that_is_not_ifc_is_named(federated: FederatedSample, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    stderr = error_of("project", "create", "P", str(federated.files[0]), str(notes), tmp_path=tmp_path)
    assert f"{notes}: not an IFC model (expected .ifc or .ifczip)" in stderr
    fake = tmp_path / "fake.ifc"
    fake.write_text("<html>not a model</html>")
    stderr = error_of("project", "create", "P", str(fake), tmp_path=tmp_path)
    assert f"{fake}: not an IFC model (no ISO-10303-21 header)" in stderr


def test_show_names_a_model_the_project_lost(federated: FederatedSample, tmp_path: Path) -> None:
    project = tmp_path / f"P{PROJECT_SUFFIX}"
    document = {"format": "ifcqa-project/1", "name": "P", "files": [str(federated.files[0]), "gone.ifc"]}
    project.write_text(json.dumps(document))
    stderr = error_of("project", "show", str(project), tmp_path=tmp_path)
    assert "the model gone.ifc is missing" in stderr
    project.write_text("{not json")
    assert "not a project file (not JSON" in error_of("project", "show", str(project), tmp_path=tmp_path)
    assert "no such project file" in error_of("project", "show", str(tmp_path / "nope.json"), tmp_path=tmp_path)


def test_a_project_round_trips_with_overrides(federated: FederatedSample, tmp_path: Path) -> None:
    target = tmp_path / f"P{PROJECT_SUFFIX}"
    project = create_project("P", federated.files, target)
    project.save(target)
    document = json.loads(target.read_text())
    document["overrides"] = [{"file": "Sample-HVAC.ifc", "storey": "01 - Level 1", "matches": None}]
    target.write_text(json.dumps(document))
    loaded = load_project(target)
    assert [Path(file).name for file in loaded.files] == ["Sample-ARC.ifc", "Sample-STR.ifc", "Sample-HVAC.ifc"]
    assert loaded.overrides[0].file == loaded.files[2]  # named by its file name alone
    assert loaded.overrides[0].matches is None and loaded.overrides[0].storey == "01 - Level 1"
    document["overrides"] = [{"file": "Other.ifc", "storey": "L1", "matches": None}]
    target.write_text(json.dumps(document))
    with pytest.raises(ProjectError, match="names Other.ifc, which the project does not list"):
        load_project(target)
