"""Every command-line option a message names exists: a fix that names a flag nobody has is no fix.

Scans every string in ``src/ifcqa`` (messages, help texts, docstrings) for ``--option`` words and
checks each against the options of the ``ifcqa`` commands. Messages raised while ``ifcqa eval`` runs
(the LLM client, the agents, the runner) must name options of ``ifcqa eval`` itself.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import click
import pytest
from typer.main import get_command

import ifcqa
from ifcqa.cli.main import app

SOURCE = Path(ifcqa.__file__).parent
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
# Options of other programs a message may name, and placeholders in help texts.
ELSEWHERE = {
    "--grammar": "llama-server's",
    "--no-log-samples": "inspect eval's",
    "--tool-call-parser": "vLLM's",
    "--port": "python -m ifcqa.llm.scripted's",
    "--script": "python -m ifcqa.llm.scripted's",
    "--write": "python -m ifcqa.spatial.schema_words's (rewrites its data file)",
    "--param": "a placeholder for a tool parameter (ifcqa q NAME --param VALUE)",
    "--param-name": "a placeholder for a tool parameter",
    "--kebab-case": "a placeholder for a tool parameter",
    "--x": "a placeholder for a boolean parameter",
    "--no-x": "a placeholder for a boolean parameter",
    "--no-": "a placeholder prefix",
    "--help": "click's, on every command",
}
# Modules whose messages reach the user of `ifcqa eval`.
EVAL_MESSAGES = [
    "llm/client.py",
    "llm/cache.py",
    "agents/answer.py",
    "agents/tool_agent.py",
    "agents/protocol.py",
    "eval/runner.py",
    "eval/records.py",
    "cli/evalcmds.py",
]


def options_of(command: Any) -> set[str]:
    """Every option of ``command`` and its subcommands (groups load their commands lazily: ask them)."""
    found: set[str] = set()
    for param in command.params:
        found.update(getattr(param, "opts", []), getattr(param, "secondary_opts", []))
    if hasattr(command, "list_commands"):
        context = click.Context(command)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None:
                found |= options_of(sub)
    return found


def named_options(path: Path) -> set[str]:
    """The ``--options`` named in the string constants of one module."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.update(OPTION.findall(node.value))
    return names


def test_every_option_named_anywhere_is_an_option_of_some_command() -> None:
    known = options_of(get_command(app)) | set(ELSEWHERE)
    missing = {
        f"{path.relative_to(SOURCE)}: {name}"
        for path in SOURCE.rglob("*.py")
        for name in named_options(path)
        if name not in known
    }
    assert not missing, f"options named but not defined: {sorted(missing)}"


@pytest.mark.parametrize("module", EVAL_MESSAGES)
def test_options_named_while_evaluating_are_options_of_eval(module: str) -> None:
    root: Any = get_command(app)
    eval_command = root.get_command(click.Context(root), "eval")
    global_options = {opt for param in root.params for opt in getattr(param, "opts", [])}  # --json-errors...
    known = options_of(eval_command) | global_options | set(ELSEWHERE)
    missing = named_options(SOURCE / module) - known
    assert not missing, f"{module} names options `ifcqa eval` does not have: {sorted(missing)}"


def test_the_scan_finds_the_options_it_checks() -> None:
    names = named_options(SOURCE / "llm/client.py")
    assert {"--timeout", "--base-url", "--api-key-env"} <= names
