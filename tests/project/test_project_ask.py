"""Per-file answers merged into one project answer: elements keep their file, storeys named by the reference."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.index import IndexCache, load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.ask import merge_answers
from ifcqa.project.project import load_project
from ifcqa.sample.federated import FederatedSample


def test_merging_tags_files_sums_counts_and_names_reference_levels(federated: FederatedSample, tmp_path: Path) -> None:
    project = load_project(federated.project)
    cache = IndexCache(tmp_path / "cache")
    alignment = align_storeys(project, {f: load_index(project.path_of(f), cache=cache) for f in project.files})
    answers = {
        "Sample-ARC.ifc": {"declined": {"reason": "no such class"}, "elements": []},
        "Sample-STR.ifc": {"elements": [{"guid": "A"}], "count": 1, "storeys": ["L1"]},
        "Sample-HVAC.ifc": {"elements": [{"guid": "A"}, {"guid": "B"}], "count": 2, "storeys": ["01 - Level 1"]},
    }
    merged = merge_answers("q", answers, alignment)
    assert [e["guid"] for e in merged["elements"]] == ["Sample-STR.ifc#A", "Sample-HVAC.ifc#A", "Sample-HVAC.ifc#B"]
    assert merged["count"] == 3 and merged["storeys"] == ["Level 1"] and merged["declined"] is None
    assert [row["declined"] for row in merged["per_file"]] == [True, False, False]
    refused = merge_answers("q", {file: {"declined": {"reason": "a write"}} for file in answers}, alignment)
    assert refused["declined"] == {"reason": "a write"} and refused["elements"] == [] and refused["count"] is None


def test_project_ask_lists_each_files_elements(federated: FederatedSample, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["project", "ask", str(federated.project), "Which air terminals are on Level 1?"],
        env={"IFCQA_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    hvac = {e["name"] for e in answer["elements"] if e["file"] == "Sample-HVAC.ifc"}
    assert hvac == {f"Air Terminal L1-0{n}" for n in range(1, 5)}
    assert all(e["guid"] == f"{e['file']}#{e['file_guid']}" for e in answer["elements"])
