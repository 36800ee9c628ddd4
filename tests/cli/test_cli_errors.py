"""Every input error of the CLI: one ``error: ...`` line on stderr and exit code 1, or JSON with --json-errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app

HOUSE = "IfcOpenHouse_IFC4.ifc"
FIRST_WALL = "#40=IFCWALLSTANDARDCASE('3g46_woBL6sugXeY5_WP6n',#5,'South wall',$,$,#65,#42,$,.STANDARD.);"


def _edited(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, f"{old!r} is not in the model text any more"
    return text.replace(old, new, 1)


BAD_FILES: dict[str, tuple[Callable[[str], str | None], str]] = {
    # name: (the file's text made from the good model's text, or None for no file; expected message)
    "missing": (lambda text: None, "no such file"),
    "empty": (lambda text: "", "the file is empty (0 bytes)"),
    "not_step": (
        lambda text: "name,area\nKitchen,12.5\n",
        "not an IFC/STEP file (it does not start with 'ISO-10303-21;')",
    ),
    "truncated": (lambda text: text[: len(text) // 2], "truncated: the file does not end with 'END-ISO-10303-21;'"),
    "ifc2x_final": (
        lambda text: _edited(text, "FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC2X_FINAL'))"),
        "Unsupported schema: IFC2X_FINAL. ifcqa reads IFC2X3, IFC4 and IFC4X3",
    ),
    "corrupt_reference": (
        lambda text: _edited(text, FIRST_WALL, FIRST_WALL.replace("#65,", "#999999,")),
        "corrupt IFC file: Instance reference #999999 used by instance #40",
    ),
}


@pytest.fixture
def house_text(shared_ifc: Path) -> str:
    return (shared_ifc / HOUSE).read_text()


def invoke(*args: str, json_errors: bool = False) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, (["--json-errors"] if json_errors else []) + list(args))
    return result.exit_code, result.stdout, result.stderr


def assert_one_error_line(code: int, stdout: str, stderr: str, *expected: str) -> None:
    assert code == 1
    assert stdout == ""
    assert stderr.count("\n") == 1 and stderr.startswith("error: "), stderr
    assert "Traceback" not in stderr
    for text in expected:
        assert text in stderr


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_file_that_cannot_be_opened_is_one_error_line_naming_the_problem(
    kind: str, house_text: str, tmp_path: Path
) -> None:
    make, message = BAD_FILES[kind]
    path = tmp_path / f"{kind}.ifc"
    text = make(house_text)
    if text is not None:
        path.write_text(text)
    code, stdout, stderr = invoke("summary", str(path), "--cache-dir", str(tmp_path / "cache"))
    assert_one_error_line(code, stdout, stderr, f"error: {path}: ", message)


def test_a_folder_given_as_file_is_an_error(tmp_path: Path) -> None:
    code, stdout, stderr = invoke("summary", str(tmp_path), "--no-cache")
    assert_one_error_line(code, stdout, stderr, f"{tmp_path}: is a folder, not an IFC file")


def test_json_errors_prints_the_shared_error_shape_on_stdout(tmp_path: Path) -> None:
    empty = tmp_path / "empty.ifc"
    empty.write_text("")
    code, stdout, stderr = invoke("summary", str(empty), "--no-cache", json_errors=True)
    assert code == 1 and stderr == ""
    assert json.loads(stdout) == {
        "error": {
            "code": "open_error",
            "message": f"{empty}: the file is empty (0 bytes). Re-export or re-download it.",
        }
    }


def test_an_unknown_global_id_is_an_error_naming_the_fix(shared_ifc: Path, tmp_path: Path) -> None:
    code, stdout, stderr = invoke(
        "info", str(shared_ifc / HOUSE), "0000000000000000000000", "--cache-dir", str(tmp_path)
    )
    assert_one_error_line(
        code, stdout, stderr, f"No element with GlobalId '0000000000000000000000' in {HOUSE}", "Use find_elements"
    )


def test_an_unknown_tool_is_an_error_listing_the_tools(shared_ifc: Path, tmp_path: Path) -> None:
    code, stdout, stderr = invoke("tool", str(shared_ifc / HOUSE), "list_floors", "--cache-dir", str(tmp_path))
    assert_one_error_line(code, stdout, stderr, "Unknown tool 'list_floors'. Available tools: ", "list_storeys")


def test_bad_json_arguments_are_an_error_asking_for_a_json_object(shared_ifc: Path, tmp_path: Path) -> None:
    path = str(shared_ifc / HOUSE)
    code, stdout, stderr = invoke(
        "tool", path, "find_elements", "--args", "{ifc_class: IfcWall}", "--cache-dir", str(tmp_path)
    )
    assert_one_error_line(code, stdout, stderr, "Arguments of find_elements are not valid JSON", "Pass a JSON object.")
    code, stdout, stderr = invoke("tool", path, "find_elements", "--args", '["IfcWall"]', "--cache-dir", str(tmp_path))
    assert_one_error_line(code, stdout, stderr, "Arguments of find_elements must be a JSON object, not list.")


def test_an_unknown_parameter_is_an_error_naming_it(shared_ifc: Path, tmp_path: Path) -> None:
    args = '{"klass": "IfcWall"}'
    code, stdout, stderr = invoke(
        "tool", str(shared_ifc / HOUSE), "find_elements", "--args", args, "--cache-dir", str(tmp_path)
    )
    assert_one_error_line(code, stdout, stderr, "Bad arguments for find_elements: klass: unknown parameter")


def test_a_cache_dir_that_is_a_file_is_an_error(shared_ifc: Path, tmp_path: Path) -> None:
    not_a_folder = tmp_path / "cache.txt"
    not_a_folder.write_text("x")
    code, stdout, stderr = invoke("summary", str(shared_ifc / HOUSE), "--cache-dir", str(not_a_folder))
    assert_one_error_line(code, stdout, stderr, f"{not_a_folder}: the cache location is a file", "--cache-dir")


def test_a_cache_dir_inside_a_file_cannot_be_written(shared_ifc: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    code, stdout, stderr = invoke("summary", str(shared_ifc / HOUSE), "--cache-dir", str(blocker / "cache"))
    assert_one_error_line(code, stdout, stderr, "cannot write the index cache", "--no-cache")


def test_a_selector_that_does_not_parse_is_an_error_with_the_syntax(shared_ifc: Path, tmp_path: Path) -> None:
    code, stdout, stderr = invoke("select", str(shared_ifc / HOUSE), "IfcWall,,", "--cache-dir", str(tmp_path))
    assert_one_error_line(code, stdout, stderr, "Selector 'IfcWall,,' does not parse", "Syntax:")


def test_a_generated_tool_command_reports_tool_errors_the_same_way(shared_ifc: Path, tmp_path: Path) -> None:
    path = str(shared_ifc / HOUSE)
    args = ("q", "find_elements", path, "--storey", "Basement", "--cache-dir", str(tmp_path))
    code, stdout, stderr = invoke(*args)
    assert_one_error_line(code, stdout, stderr, "No storey 'Basement'.", "Use list_storeys")
    code, stdout, stderr = invoke(*args, json_errors=True)
    assert code == 1 and stderr == ""
    assert json.loads(stdout)["error"]["code"] == "tool_error"
    assert "No storey 'Basement'" in json.loads(stdout)["error"]["message"]


def test_usage_errors_exit_with_code_2() -> None:
    code, _, stderr = invoke("summary")
    assert code == 2 and "Missing argument 'FILE'" in stderr
    code, _, stderr = invoke("q", "find_elements", "x.ifc", "--colour", "red")
    assert code == 2 and "No such option: --colour" in stderr


@pytest.mark.parametrize("args", [["tools", "--json"], ["summary", "{house}"]])
def test_a_reader_that_goes_away_ends_the_command_quietly(args: list[str], shared_ifc: Path) -> None:
    """``ifcqa ... | head``: a closed stdout is no bug report (typer commands and the fast path alike)."""
    import subprocess
    import sys

    argv = [a.format(house=shared_ifc / "AC20-FZK-Haus.ifc") for a in args]
    process = subprocess.Popen([sys.executable, "-m", "ifcqa.cli.main", *argv], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=120) == 1, stderr
    assert "bug in ifcqa" not in stderr and "Traceback" not in stderr, stderr
