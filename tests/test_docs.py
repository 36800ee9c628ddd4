"""The documentation names what exists, and everything that exists is named (datasette's tests/test_docs.py manner).

A command line written in README.md or docs/*.md (a line of a fenced block, or an inline code span, that starts
with ``ifcqa``) must name a real command and, for a command group, a real sub-command; every command and
sub-command must be shown somewhere; every registered tool is named in ARCHITECTURE.md, and the tool counts the
two pages state are the registry's.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest
import typer

from ifcqa.cli.main import COMMANDS
from ifcqa.tools.registry import get_tools

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.S)
_INLINE = re.compile(r"`(ifcqa [^`\n]+)`")
_WORD = re.compile(r"^[a-z][a-z0-9-]*$")
_VALUED_GLOBALS: set[str] = set()  # global options that take a value (--json-errors and --strict are flags)


def mentions(line: str) -> list[tuple[str, str]]:
    """(command, sub-command or "") pairs a command line shows; ``ask/spatial-bench`` and
    ``project create/show/ask`` are shorthand for several, and global options before the command are skipped."""
    words = line.split()[1:]
    while words and words[0].startswith("-"):
        words = words[2:] if words[0] in _VALUED_GLOBALS else words[1:]
    if not words:
        return []
    sub = words[1] if len(words) > 1 else ""
    subs = sub.split("/") if all(_WORD.match(s) for s in sub.split("/")) else [""]
    return [(command, s) for command in words[0].split("/") for s in subs]


@cache
def command_lines() -> list[tuple[str, str]]:
    """(page name, command line) for every ``ifcqa ...`` command the pages show."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in _FENCE.findall(text):
            for line in block.splitlines():
                line = line.strip().removeprefix("$ ")
                for part in re.split(r"&&|\|", line):  # `. .venv/bin/activate && ifcqa demo`
                    if part.strip().startswith("ifcqa "):
                        found.append((page.name, part.strip()))
        found.extend((page.name, inline) for inline in _INLINE.findall(text))
    return found


@cache
def groups() -> dict[str, set[str]]:
    """Command group -> its sub-commands (typer groups among COMMANDS)."""
    result = {}
    for name, target in COMMANDS.items():
        module, attribute = target.split(":")
        if attribute.endswith("()"):
            continue
        obj = getattr(importlib.import_module(module), attribute)
        if isinstance(obj, typer.Typer):
            result[name] = set(typer.main.get_command(obj).commands)  # type: ignore[attr-defined]
    return result


def test_every_command_line_in_the_docs_names_a_real_command_and_sub_command() -> None:
    wrong = []
    for page, line in command_lines():
        for command, sub in mentions(line):
            if command not in COMMANDS:
                wrong.append(f"{page}: `{line}`: no command {command!r}")
            elif command in groups() and sub and sub not in groups()[command]:
                wrong.append(f"{page}: `{line}`: `ifcqa {command}` has no sub-command {sub!r}")
    assert not wrong, "\n".join(wrong)


def test_every_command_and_sub_command_is_shown_in_the_docs() -> None:
    shown = {pair for _, line in command_lines() for pair in mentions(line)}
    commands = {command for command, _ in shown}
    missing = [f"ifcqa {name}" for name in COMMANDS if name not in commands]
    missing += [
        f"ifcqa {group} {sub}"
        for group, subs in groups().items()
        for sub in sorted(subs)
        if (group, sub) not in shown
    ]
    assert not missing, f"not shown in README.md or docs/*.md: {missing}"


def test_every_registered_tool_is_named_in_the_architecture_page() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = [name for name in get_tools() if f"`{name}`" not in text]
    assert not missing, f"tools not named in docs/ARCHITECTURE.md: {missing}"


@pytest.mark.parametrize(
    ("page", "pattern"),
    [
        ("README.md", r"One set of (\d+) \*\*read-only tools\*\*"),
        ("README.md", r"(\d+) read-only tools"),
    ],
)
def test_the_tool_count_a_page_states_is_the_registry_s(page: str, pattern: str) -> None:
    stated = re.findall(pattern, (ROOT / page).read_text(encoding="utf-8"))
    assert stated, f"{page} no longer says {pattern!r}: update this test with the page"
    assert {int(n) for n in stated} == {len(get_tools())}


def test_the_architecture_page_counts_the_tools_defined_in_the_tools_package() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    stated = re.search(r"### The tools \((\d+) in `tools/`", text)
    assert stated is not None
    in_package = [spec for spec in get_tools().values() if spec.function.__module__.startswith("ifcqa.tools.")]
    assert int(stated.group(1)) == len(in_package)


def test_every_registry_kind_and_its_entry_point_group_is_named_in_the_architecture_page() -> None:
    from ifcqa import registry

    registry.names()  # every built-in kind declared
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = [f"`{name}`" for name in registry.KINDS if f"`{name}`" not in text]
    missing += [f"`{group}`" for k in registry.KINDS.values() for group in k.loader.groups if f"`{group}`" not in text]
    assert not missing, f"not named in docs/ARCHITECTURE.md: {missing}"
    stated = set(re.findall(r"`(ifcqa\.[a-z_]+)` entry.point group", text))
    groups = {group for k in registry.KINDS.values() for group in k.loader.groups}
    assert stated <= groups, f"ARCHITECTURE.md names entry-point groups that do not exist: {stated - groups}"
