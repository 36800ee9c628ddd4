"""Every registered command: its help text, its usage error and its error on a missing input file.

The commands are found by walking the typer app, so a command added later is checked with no edit here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from ifcqa.cli.main import app

INPUT_METAVARS = ("FILE", "FILE...", "BENCH.jsonl", "RUN_DIR...", "QUERIES.json", "PROJECT.json")


def leaf_commands() -> Iterator[tuple[list[str], Any]]:
    """Every leaf command, through click's own API (the groups load their commands lazily)."""

    def walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
        if hasattr(command, "list_commands"):
            ctx = command.make_context(command.name or "ifcqa", [], resilient_parsing=True)
            for name in sorted(command.list_commands(ctx)):
                yield from walk(command.get_command(ctx, name), [*path, name])
        else:
            yield path, command

    yield from walk(typer.main.get_command(app), [])


COMMANDS = {" ".join(path): command for path, command in leaf_commands()}


def invoke(*args: str, json_errors: bool = False) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, (["--json-errors"] if json_errors else []) + list(args), env={"COLUMNS": "250"})
    return result.exit_code, result.stdout, result.stderr


def test_the_walk_finds_the_commands_of_every_group() -> None:
    assert {"summary", "check", "select", "info", "tool", "q get_element", "mcq generate", "eval"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_names_the_command_its_arguments_and_options_without_type_noise(name: str) -> None:
    code, stdout, stderr = invoke(*name.split(), "--help")
    assert code == 0, stderr
    text = " ".join(stdout.split())
    assert f"Usage: ifcqa {name}" in text
    command = COMMANDS[name]
    assert command.help, f"{name} has no help text"
    assert " ".join(command.help.split()[:4]) in text
    for param in command.params:
        for opt in getattr(param, "opts", []):
            if opt.startswith("-"):
                assert opt in text, f"{opt} missing from the help of {name}"
    assert "<bool>" not in text  # flags take no value
    assert "[default: (" not in text
    assert "Traceback" not in stdout + stderr


REQUIRED = sorted(name for name, command in COMMANDS.items() if any(p.required for p in command.params))


@pytest.mark.parametrize("name", REQUIRED)
def test_a_missing_argument_is_a_usage_error_also_as_json(name: str) -> None:
    code, stdout, stderr = invoke(*name.split())
    assert code == 2 and "Missing" in stderr and "Traceback" not in stderr
    code, stdout, stderr = invoke(*name.split(), json_errors=True)
    assert code == 2, stdout + stderr
    error = json.loads(stdout)["error"]
    assert error["code"] == "usage_error" and error["message"].startswith("Missing")


def arguments_with_a_missing_input(name: str, tmp_path: Path) -> tuple[list[str], Path] | None:
    """Arguments for ``name`` whose input file does not exist, every other required parameter filled."""
    command = COMMANDS[name]
    args: list[str] = []
    options: list[str] = []
    absent: Path | None = None
    for param in command.params:
        if not param.required:
            continue
        metavar = getattr(param, "metavar", None) or ""
        if not param.opts[0].startswith("-"):
            if metavar in INPUT_METAVARS and absent is None:
                suffixes = {"BENCH.jsonl": ".jsonl", "QUERIES.json": ".json", "PROJECT.json": ".json", "RUN_DIR...": ""}
                suffix = suffixes.get(metavar, ".ifc")
                absent = tmp_path / f"absent{suffix}"
                args.append(str(absent))
            else:
                args.append("model_summary" if metavar == "NAME" else "x")
            continue
        descriptor = getattr(param, "type_descriptor", None)
        choices = getattr(descriptor, "choices", None)
        annotation = getattr(descriptor, "annotation", None)
        if choices:
            value = str(list(choices)[0])
        elif annotation in (int, float):
            value = "1"
        elif metavar in ("RUN_DIR", "REPORT_DIR", "DIR", "RUN") or "out" in param.name:
            value = str(tmp_path / "out")
        else:
            value = "x"
        options += [param.opts[0], value]
    return (args + options, absent) if absent is not None else None


MISSING_INPUT = sorted(name for name in COMMANDS if arguments_with_a_missing_input(name, Path("/nowhere")))


@pytest.mark.parametrize("name", MISSING_INPUT)
def test_a_missing_input_file_is_one_error_line_naming_it(name: str, tmp_path: Path) -> None:
    made = arguments_with_a_missing_input(name, tmp_path)
    assert made is not None
    args, absent = made
    code, stdout, stderr = invoke(*name.split(), *args)
    assert code == 1, (code, stdout, stderr)
    assert stderr.count("\n") == 1 and stderr.startswith("error: ") and str(absent) in stderr, stderr
    assert "Traceback" not in stdout + stderr and "internal_error" not in stdout
    assert not (tmp_path / "out").exists()  # nothing half-written
