"""One argument convention and one error channel: argument orders, class names, check, warnings, strict mode."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.ifc.open import STRICT_ENV
from ifcqa.tools import registry

HOUSE = "IfcOpenHouse_IFC4.ifc"
OWNER_HISTORY = "#5=IFCOWNERHISTORY(#3,#4,$,.ADDED.,1399297334,#3,#4,1399297334);"
WARNING = {
    "entity_id": 5,
    "ifc_class": "IfcOwnerHistory",
    "attribute": "ChangeAction",
    "problem": "'.READWRITE.' is not a literal of IfcChangeActionEnum; read as unset",
}


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def house(shared_ifc: Path) -> str:
    return str(shared_ifc / HOUSE)


@pytest.fixture
def warned(shared_ifc: Path, tmp_path: Path) -> Path:
    """The house with one bad enumeration literal (as a BlenderBIM export writes it)."""
    text = (shared_ifc / HOUSE).read_text()
    assert text.count(OWNER_HISTORY) == 1
    path = tmp_path / "warned.ifc"
    path.write_text(text.replace(OWNER_HISTORY, OWNER_HISTORY.replace(".ADDED.", ".READWRITE.")))
    return path


def test_select_names_an_unknown_class_and_suggests_the_close_ones(house: str, tmp_path: Path) -> None:
    code, stdout, stderr = invoke("select", house, "IfcWal", "--cache-dir", str(tmp_path))
    assert (code, stdout) == (1, "")
    assert stderr == (
        "error: 'IfcWal' in selector 'IfcWal' is not an entity of IFC4. "
        "Did you mean IfcWall, IfcWallElementedCase, IfcWallStandardCase?\n"
    )


@pytest.mark.parametrize("selector", ["ifcwall", "IFCWALL", 'ifcWall, Name="South wall"'])
def test_select_reads_class_names_in_any_case(selector: str, house: str, shared_ifc: Path, tmp_path: Path) -> None:
    code, stdout, stderr = invoke("select", house, selector, "--cache-dir", str(tmp_path))
    assert code == 0, stderr
    walls = ifcopenshell.open(str(shared_ifc / HOUSE)).by_type("IfcWall")
    if "Name" in selector:
        walls = [w for w in walls if w.Name == "South wall"]
    assert sorted(row["guid"] for row in json.loads(stdout)) == sorted(w.GlobalId for w in walls) != []


def test_a_quoted_value_that_looks_like_a_class_is_left_alone(house: str, tmp_path: Path) -> None:
    code, stdout, stderr = invoke("select", house, 'IfcWall, Name="IfcNothing"', "--cache-dir", str(tmp_path))
    assert (code, json.loads(stdout)) == (0, []), stderr


def test_tool_and_q_take_the_file_and_tool_name_in_either_order(house: str, tmp_path: Path) -> None:
    cache = ["--cache-dir", str(tmp_path)]
    answers = [
        invoke("tool", house, "list_storeys", *cache),
        invoke("tool", "list_storeys", house, *cache),
        invoke("q", "list_storeys", house, *cache),
        invoke("q", house, "list_storeys", *cache),
    ]
    assert all(code == 0 for code, _, _ in answers), answers
    assert len({stdout for _, stdout, _ in answers}) == 1
    assert json.loads(answers[0][1])["storeys"]


def test_q_with_a_misspelt_tool_after_the_file_names_the_tool(house: str) -> None:
    code, _, stderr = invoke("q", house, "lst_storeys")
    assert code == 2 and "No such command 'lst_storeys'" in stderr and "list_storeys" in stderr


def test_check_passes_a_clean_file(house: str) -> None:
    code, stdout, stderr = invoke("check", house)
    assert (code, stderr) == (0, "")
    record = json.loads(stdout)
    assert record["readable"] is True and record["fatal"] == [] and record["warnings"] == []
    assert record["schema"] == "IFC4"
    assert record["products"] == len(ifcopenshell.open(house).by_type("IfcProduct"))


def test_check_lists_warnings_and_exits_0_but_fails_under_strict(warned: Path) -> None:
    code, stdout, stderr = invoke("check", str(warned))
    assert (code, stderr) == (0, "")
    assert json.loads(stdout)["warnings"] == [WARNING]
    code, stdout, stderr = invoke("--strict", "check", str(warned))
    assert code == 1 and json.loads(stdout)["readable"] is False
    assert (
        stderr.startswith(f"error: {warned}: 1 recoverable problem(s), refused in strict mode")
        and stderr.count("\n") == 1
    )


def test_check_lists_every_fatal_problem_and_exits_1(shared_ifc: Path, tmp_path: Path) -> None:
    text = (shared_ifc / HOUSE).read_text()
    path = tmp_path / "dangling.ifc"
    path.write_text(text.replace("(#40),#38);", "(#40,#777777,#888888),#38);", 1))
    code, stdout, stderr = invoke("check", str(path))
    assert code == 1
    fatal = json.loads(stdout)["fatal"]
    assert [p.split(" used by")[0] for p in fatal] == ["Instance reference #777777", "Instance reference #888888"]
    assert stderr.startswith(f"error: {path}: corrupt IFC file: Instance reference #777777") and "1 more" in stderr


def test_summary_shows_warnings_and_strict_refuses_from_flag_and_environment(warned: Path, tmp_path: Path) -> None:
    cache = ["--cache-dir", str(tmp_path / "cache")]
    code, stdout, stderr = invoke("summary", str(warned), *cache)
    assert code == 0, stderr
    summary = json.loads(stdout)
    assert summary["warnings"] == [WARNING] and summary["project"]["name"] == "IfcOpenHouse"
    for args, env in (((("--strict",)), {}), ((), {STRICT_ENV: "1"})):
        code, stdout, stderr = invoke(*args, "summary", str(warned), *cache, env=env)
        assert code == 1 and stdout == "" and "refused in strict mode" in stderr, (args, env, stderr)
    code, _, _ = invoke("summary", str(warned), *cache)
    assert code == 0  # --strict did not stay on for the next command


@pytest.mark.usefixtures("scratch_registries")
def test_a_bug_is_one_line_naming_the_file_and_debug_shows_the_traceback(
    house: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = registry.get_tool("list_storeys")

    def broken(index: Any, **kwargs: Any) -> dict[str, Any]:
        raise KeyError("boom")

    registry.TOOLS.override("list_storeys", broken, spec=dataclasses.replace(spec, function=broken))
    code, stdout, stderr = invoke("tool", house, "list_storeys", "--cache-dir", str(tmp_path))
    assert code == 3 and stdout == ""
    assert (
        stderr.startswith(f"error: {house}: unexpected KeyError: 'boom'. This is a bug in ifcqa")
        and stderr.count("\n") == 1
    )
    result = CliRunner().invoke(
        app, ["tool", house, "list_storeys", "--cache-dir", str(tmp_path)], env={"IFCQA_DEBUG": "1"}
    )
    assert isinstance(result.exception, KeyError)


def test_an_unknown_command_under_json_errors_is_json(house: str) -> None:
    code, stdout, _ = invoke("--json-errors", "summray", house)
    assert code == 2
    error = json.loads(stdout)["error"]
    assert error["code"] == "usage_error"  # close names among every command, loaded or not ('memory' too)
    assert error["message"].startswith("No such command 'summray'. Did you mean 'summary'")
