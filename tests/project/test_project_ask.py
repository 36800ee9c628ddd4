"""ask_project and `ifcqa project ask`: elements keep their file, storeys named by the reference."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.index import IndexCache, load_index
from ifcqa.project.align import align_storeys
from ifcqa.project.ask import ask_project
from ifcqa.project.project import load_project
from ifcqa.sample.federated import FederatedSample


def test_ask_project_keeps_one_answerer_for_the_project(federated: FederatedSample, tmp_path: Path) -> None:
    project = load_project(federated.project)
    cache = IndexCache(tmp_path / "cache")
    indexes = {f: load_index(project.path_of(f), cache=cache) for f in project.files}
    alignment = align_storeys(project, indexes)
    kept: dict[str, object] = {}
    first = ask_project(indexes, alignment, "How many air terminals are on Level 1?", kept)
    again = ask_project(indexes, alignment, "How many air terminals are on Level 1?", kept)
    assert first["count"] == again["count"] == 4 and list(kept) == ["project"]
    assert {e["storey"] for e in first["elements"]} == {"Level 1"}  # the HVAC model's "01 - Level 1"


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


def test_project_ask_through_the_graph_and_ask_with_several_files(federated: FederatedSample, tmp_path: Path) -> None:
    env = {"IFCQA_CACHE_DIR": str(tmp_path / "cache")}
    question = "Which air terminal is in room 1.03?"
    graphed = CliRunner().invoke(app, ["project", "ask", str(federated.project), question, "--graph",
                                       "--store", str(tmp_path / "graph")], env=env)
    assert graphed.exit_code == 0, graphed.stderr
    by_graph = json.loads(graphed.stdout)
    assert by_graph["route"] == "project:graph" and "1 by geometry" in by_graph["rule"]
    files = [str(path) for path in federated.files]  # the architecture file first: the reference
    assert Path(files[0]).name == "Sample-ARC.ifc"
    several = CliRunner().invoke(app, ["ask", *files, question, "--json"], env=env)
    assert several.exit_code == 0, several.stderr
    assert json.loads(several.stdout)["elements"] == by_graph["elements"]
    mixed = CliRunner().invoke(app, ["ask", str(federated.project), files[0], question], env=env)
    assert mixed.exit_code != 0 and "a project file is given alone" in mixed.stderr
