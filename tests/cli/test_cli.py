"""The ``ifcqa`` commands, checked against raw IfcOpenShell and the ``ifcquery`` CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element as element_util
import ifcopenshell.util.selector as selector_util
import ifcopenshell.util.unit
import numpy as np
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.cli.toolcmds import build_tool_app, first_sentence
from ifcqa.tools import get_tools, tool

FZK = "AC20-FZK-Haus.ifc"
HOUSE = "IfcOpenHouse_IFC4.ifc"
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli-cache")


@pytest.fixture(scope="module")
def run(cache_dir: Path) -> Callable[..., Any]:
    """Run ``ifcqa ARGS --cache-dir <tmp>``; return the parsed JSON of stdout (exit code 0 asserted)."""

    def invoke(*args: str) -> Any:
        result = CliRunner().invoke(app, [*args, "--cache-dir", str(cache_dir)])
        assert result.exit_code == 0, result.stderr or result.output
        assert result.stderr == ""  # no spinner or log when stderr is not a terminal
        return json.loads(result.stdout)

    return invoke


@pytest.fixture(scope="module")
def fzk(shared_ifc: Path) -> ifcopenshell.file:
    return ifcopenshell.open(shared_ifc / FZK)


def ifcquery(*args: str) -> Any:
    if shutil.which("ifcquery", path=str(BIN)) is None:
        pytest.skip("ifcquery is not installed (pip install ifcquery)")
    done = subprocess.run([str(BIN / "ifcquery"), *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def storey_names(tree: dict[str, Any]) -> Iterator[str]:
    if tree.get("type") == "IfcBuildingStorey":
        yield tree["name"]
    for child in tree.get("children", []):
        yield from storey_names(child)


def test_summary_reports_schema_project_and_storeys_as_ifcopenshell_reads_them(
    run: Callable[..., Any], shared_ifc: Path, fzk: ifcopenshell.file
) -> None:
    summary = run("summary", str(shared_ifc / FZK))
    assert summary["schema"] == fzk.schema == "IFC4"
    assert summary["project"]["name"] == fzk.by_type("IfcProject")[0].Name
    storeys = sorted(fzk.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation)
    assert [(s["guid"], s["name"], s["elevation"]) for s in summary["storeys"]] == [
        (s.GlobalId, s.Name, pytest.approx(s.Elevation)) for s in storeys
    ]
    assert summary["counts"]["IfcWallStandardCase"] == len(fzk.by_type("IfcWallStandardCase")) == 13
    assert summary["counts"]["IfcDoor"] == 5


def test_summary_agrees_with_ifcquery_on_schema_project_and_storey_names(
    run: Callable[..., Any], shared_ifc: Path
) -> None:
    path = str(shared_ifc / FZK)
    ours = run("summary", path)
    theirs = ifcquery(path, "summary")
    assert ours["schema"] == theirs["schema"]
    assert ours["project"]["name"] == theirs["project"]["name"]
    assert ours["project"]["description"] == theirs["project"]["description"]
    assert sorted(s["name"] for s in ours["storeys"]) == sorted(storey_names(ifcquery(path, "tree")))


@pytest.mark.parametrize(
    "query", ["IfcWall", "IfcDoor, Name=/.*Tür.*/", "IfcSpace + IfcSlab", "IfcWindow, ! IfcWindow"]
)
def test_select_returns_the_elements_ifcopenshell_selector_finds(
    run: Callable[..., Any], shared_ifc: Path, fzk: ifcopenshell.file, query: str
) -> None:
    rows = run("select", str(shared_ifc / FZK), query)
    expected = sorted(selector_util.filter_elements(fzk, query), key=lambda e: e.id())
    assert [row["id"] for row in rows] == [e.id() for e in expected]
    assert [(row["guid"], row["class"], row["name"]) for row in rows] == [
        (e.GlobalId, e.is_a(), e.Name) for e in expected
    ]


def test_select_ids_are_the_ones_ifcquery_selects(run: Callable[..., Any], shared_ifc: Path) -> None:
    path = str(shared_ifc / FZK)
    ours = run("select", path, "IfcWall")
    theirs = ifcquery(path, "select", "IfcWall")
    assert {row["id"] for row in ours} == {row["id"] for row in theirs}
    assert len(ours) == 13


def test_info_describes_a_wall_as_ifcopenshell_utilities_do(
    run: Callable[..., Any], shared_ifc: Path, fzk: ifcopenshell.file
) -> None:
    wall = fzk.by_id(15042)
    info = run("info", str(shared_ifc / FZK), wall.GlobalId, "--no-bbox")
    assert (info["id"], info["guid"], info["class"], info["name"]) == (15042, wall.GlobalId, wall.is_a(), wall.Name)
    assert info["attributes"]["Tag"] == wall.Tag
    psets = element_util.get_psets(wall, psets_only=True)
    assert info["psets"]["Pset_WallCommon"]["ThermalTransmittance"] == psets["Pset_WallCommon"]["ThermalTransmittance"]
    assert info["qtos"]["BaseQuantities"]["Length"] == pytest.approx(4.17)
    wall_type = element_util.get_type(wall)
    assert info["type"] == {
        "id": wall_type.id(),
        "guid": wall_type.GlobalId,
        "class": "IfcWallType",
        "name": wall_type.Name,
    }
    container = element_util.get_container(wall)
    assert info["storey"] == {"guid": container.GlobalId, "name": container.Name}
    assert info["container"]["id"] == container.id()
    assert info["materials"] == [m.Name for m in element_util.get_materials(wall)]
    assert info["bbox"] is None


def test_info_accepts_a_step_id_and_agrees_with_ifcquery_on_class_and_name(
    run: Callable[..., Any], shared_ifc: Path
) -> None:
    path = str(shared_ifc / FZK)
    ours = run("info", path, "#15042", "--no-bbox")
    theirs = ifcquery(path, "info", "15042")
    assert (ours["id"], ours["class"], ours["name"]) == (theirs["id"], theirs["type"], theirs["attributes"]["Name"])
    assert ours["container"]["name"] == theirs["container"]["name"]
    assert ours["type"]["name"] == theirs["element_type"]["name"]


def test_info_bbox_is_the_extent_of_the_element_shape(run: Callable[..., Any], shared_ifc: Path) -> None:
    model = ifcopenshell.open(shared_ifc / HOUSE)
    wall = model.by_type("IfcWall")[0]
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    metres = np.array(ifcopenshell.geom.create_shape(settings, wall).geometry.verts).reshape(-1, 3)
    verts = metres / ifcopenshell.util.unit.calculate_unit_scale(model)  # the box is in the model's unit (mm here)
    box = run("info", str(shared_ifc / HOUSE), wall.GlobalId)["bbox"]
    assert box["min"] == pytest.approx(list(verts.min(axis=0)), abs=1e-6)
    assert box["max"] == pytest.approx(list(verts.max(axis=0)), abs=1e-6)


def test_info_with_no_bbox_computes_no_geometry(shared_ifc: Path, tmp_path: Path) -> None:
    wall = ifcopenshell.open(shared_ifc / HOUSE).by_type("IfcWall")[0]
    result = CliRunner().invoke(
        app, ["info", str(shared_ifc / HOUSE), wall.GlobalId, "--no-bbox", "--cache-dir", str(tmp_path)]
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["bbox"] is None
    assert [p.name for p in tmp_path.iterdir() if ".bbox." in p.name] == []
    assert [p.name for p in tmp_path.iterdir() if ".index." in p.name] != []


def test_no_cache_builds_the_index_without_writing_a_cache(shared_ifc: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["summary", str(shared_ifc / HOUSE), "--no-cache", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["schema"] == "IFC4"
    assert list(tmp_path.iterdir()) == []


def test_tools_json_lists_every_registered_tool_with_its_schema() -> None:
    result = CliRunner().invoke(app, ["tools", "--json"])
    assert result.exit_code == 0, result.stderr
    listed = json.loads(result.stdout)
    specs = get_tools()
    assert [t["name"] for t in listed] == list(specs)
    for entry in listed:
        assert entry["description"] == specs[entry["name"]].description
        assert entry["parameters"] == specs[entry["name"]].json_schema()


def test_tools_table_names_every_tool_with_its_group() -> None:
    result = CliRunner().invoke(app, ["tools"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    for spec in get_tools().values():
        assert any(spec.name in line and spec.group in line for line in lines), spec.name


def test_tool_runs_a_tool_with_json_arguments(
    run: Callable[..., Any], shared_ifc: Path, fzk: ifcopenshell.file
) -> None:
    answer = run("tool", str(shared_ifc / FZK), "find_elements", "--args", '{"ifc_class": "IfcDoor"}')
    assert {e["guid"] for e in answer["elements"]} == {d.GlobalId for d in fzk.by_type("IfcDoor")}
    assert answer["total"] == 5


def test_q_command_gives_the_answer_of_the_same_call_with_json_arguments(
    run: Callable[..., Any], shared_ifc: Path
) -> None:
    path = str(shared_ifc / FZK)
    by_options = run("q", "find_elements", path, "--ifc-class", "IfcWall", "--storey", "Erdgeschoss", "--limit", "3")
    by_json = run("tool", path, "find_elements", "--args", '{"ifc_class":"IfcWall","storey":"Erdgeschoss","limit":3}')
    assert by_options == by_json
    assert by_options["returned"] == 3 and by_options["truncated"] is True


def test_q_boolean_parameter_is_a_flag_pair(run: Callable[..., Any], shared_ifc: Path) -> None:
    path = str(shared_ifc / FZK)
    assert run("q", "find_elements", path, "--ifc-class", "IfcWall", "--exact-class")["total"] == 0
    assert run("q", "find_elements", path, "--ifc-class", "IfcWall", "--no-exact-class")["total"] == 13


def test_every_tool_has_a_q_command_whose_help_shows_its_description_and_parameters() -> None:
    for spec in get_tools().values():
        result = CliRunner().invoke(app, ["q", spec.name, "--help"], env={"COLUMNS": "400"})
        assert result.exit_code == 0, result.stderr
        help_text = " ".join(result.stdout.split())
        assert " ".join(spec.description.split())[:60] in help_text
        for name, field in spec.arguments.model_fields.items():
            assert "--" + name.replace("_", "-") in help_text
            if field.description:
                assert " ".join(field.description.split())[:40] in help_text


def test_q_listing_shows_the_first_sentence_of_each_description() -> None:
    assert first_sentence("Find walls (e.g. IfcWall, i.e. Walls). Then more. And more.") == (
        "Find walls (e.g. IfcWall, i.e. Walls)."
    )
    assert first_sentence("One sentence only") == "One sentence only"
    result = CliRunner().invoke(app, ["q", "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    listing = " ".join(result.stdout.split())
    for spec in get_tools().values():
        assert f"{spec.name} {first_sentence(spec.description)}" in listing


@pytest.mark.usefixtures("scratch_registries")  # the tool registered here is gone after the test
def test_q_maps_lists_flags_and_mixed_values_to_options(
    monkeypatch: pytest.MonkeyPatch, shared_ifc: Path, cache_dir: Path
) -> None:

    def echo_arguments(
        index: Any, words: list[str], loud: bool = False, value: bool | float | str | None = None, times: int = 1
    ) -> dict[str, Any]:
        """Echo the arguments.

        Args:
            words: some words.
            loud: say it loud.
            value: any value.
            times: how often.
        """
        return {"words": words, "loud": loud, "value": value, "times": times}

    tool("test")(echo_arguments)
    q = build_tool_app()
    base = ["echo_arguments", str(shared_ifc / HOUSE), "--cache-dir", str(cache_dir)]

    def echo(*args: str) -> Any:
        result = CliRunner().invoke(q, [*base, *args])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    assert echo("--words", "a", "--words", "b") == {"words": ["a", "b"], "loud": False, "value": None, "times": 1}
    assert echo("--words", "a", "--loud", "--value", "2.5", "--times", "3")["value"] == 2.5
    assert echo("--words", "a", "--value", "true")["value"] is True
    assert echo("--words", "a", "--value", "EI30")["value"] == "EI30"
    assert echo("--words", "a", "--value", '"30"')["value"] == "30"


def test_sample_model_writes_the_requested_storeys_and_rooms(tmp_path: Path) -> None:
    out = tmp_path / "sample.ifc"
    result = CliRunner().invoke(
        app, ["sample-model", str(out), "--storeys", "3", "--rooms-per-storey", "2", "--seed", "1"]
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["path"] == str(out)
    model = ifcopenshell.open(out)
    assert len(model.by_type("IfcBuildingStorey")) == 3
    assert len(model.by_type("IfcSpace")) == 6


def test_demo_shows_the_summary_and_the_answers_of_example_tool_calls(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path)], terminal_width=200)
    assert result.exit_code == 0, result.stderr or result.output
    model = ifcopenshell.open(tmp_path / "sample-building.ifc")
    for storey in model.by_type("IfcBuildingStorey"):
        assert storey.Name in result.stdout
    assert "list_storeys(" in result.stdout and "find_elements(" in result.stdout
    first_door = sorted(model.by_type("IfcDoor"), key=lambda d: d.id())[0]
    assert first_door.GlobalId in result.stdout


def test_demo_builds_a_verified_benchmark_that_the_oracle_answers_and_the_baselines_do_not(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path)], terminal_width=200)
    assert result.exit_code == 0, result.stderr or result.output
    lines = (tmp_path / "BENCH.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 30
    assert f"{len(lines)} passed, 0 failed" in result.stdout
    summaries = {a: json.loads((tmp_path / "runs" / a / "summary.json").read_text()) for a in ("oracle", "random")}
    assert summaries["oracle"]["accuracy"] == 1.0
    assert summaries["random"]["accuracy"] < 0.6


def test_installed_console_script_runs(shared_ifc: Path, tmp_path: Path) -> None:
    script = BIN / "ifcqa"
    assert script.exists(), "the ifcqa console script is not installed (pip install -e .)"
    done = subprocess.run(
        [str(script), "summary", str(shared_ifc / HOUSE), "--cache-dir", str(tmp_path)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["project"]["name"] == "IfcOpenHouse"


def test_python_m_runs_the_cli_module(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ifcqa.cli.main", "--version"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ifcqa ")
