"""The start-up fast path: ``summary``, ``select`` and ``info`` answered without building the typer app.

A warm ``ifcqa summary FILE`` answers from the cached index in a few milliseconds; importing typer
and building its commands (typer >= 0.20 imports pydantic to convert parameters) would cost several
times that. So :func:`ifcqa.cli.main.main` first offers the command line to :func:`run_fast`, which
handles the plain forms of the three ``ifcquery``-like commands itself::

    ifcqa [--json-errors] [--strict] summary FILE [--cache-dir DIR] [--no-cache]
    ifcqa [--json-errors] [--strict] select FILE SELECTOR [--cache-dir DIR] [--no-cache]
    ifcqa [--json-errors] [--strict] info FILE ID_OR_GUID [--no-bbox] [--cache-dir DIR] [--no-cache]

and returns ``None`` for anything else (``--help``, another command, an unknown option, a missing or
extra argument, ``--``), which typer then parses and reports exactly as before. Answers come from
:mod:`ifcqa.cli.answers`, as for the typer commands, and errors follow the rule of
:mod:`ifcqa.cli.main` (exit 1 with one ``error:`` line or the JSON shape, exit 3 for a bug).
Only the standard library and light ifcqa modules are imported here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

_GLOBAL_FLAGS = ("--json-errors", "--strict")
_STRICT_ENV = "IFCQA_STRICT"  # ifcqa.ifc.open.STRICT_ENV (not imported: kept light; a test checks they agree)


class FastCall(NamedTuple):
    """A parsed fast-path command line."""

    command: str
    arguments: tuple[str, ...]
    flags: frozenset[str]
    cache_dir: Path | None
    json_errors: bool
    strict: bool


# command -> (number of positional arguments, its own flags)
_COMMANDS: dict[str, tuple[int, frozenset[str]]] = {
    "summary": (1, frozenset()),
    "select": (2, frozenset()),
    "info": (2, frozenset({"--no-bbox"})),
}


def parse_fast(argv: Sequence[str]) -> FastCall | None:
    """The call ``argv`` makes when it is a plain form of summary/select/info, else ``None`` (typer's turn)."""
    args = list(argv)
    flags: set[str] = set()
    while args and args[0] in _GLOBAL_FLAGS:
        flags.add(args.pop(0))
    if not args or args[0] not in _COMMANDS:
        return None
    command, rest = args[0], args[1:]
    wanted, own_flags = _COMMANDS[command]
    positional: list[str] = []
    cache_dir: Path | None = None
    i = 0
    while i < len(rest):
        token = rest[i]
        if token == "--cache-dir" and i + 1 < len(rest) and not rest[i + 1].startswith("-"):
            cache_dir, i = Path(rest[i + 1]), i + 2
            continue
        if token.startswith("--cache-dir=") and len(token) > len("--cache-dir="):
            cache_dir, i = Path(token.split("=", 1)[1]), i + 1
            continue
        if token == "--no-cache" or token in own_flags:
            flags.add(token)
        elif token.startswith("-"):
            return None  # --help, an unknown option, '--', a value that looks like an option: typer decides
        else:
            positional.append(token)
        i += 1
    if len(positional) != wanted:
        return None
    return FastCall(
        command, tuple(positional), frozenset(flags), cache_dir, "--json-errors" in flags, "--strict" in flags
    )


def run_fast(argv: Sequence[str]) -> int | None:
    """Answer ``argv`` on the fast path and return the exit code, or ``None`` when typer must handle it."""
    call = parse_fast(argv)
    if call is None:
        return None
    before = os.environ.get(_STRICT_ENV)
    if call.strict:
        os.environ[_STRICT_ENV] = "1"
    try:
        return _answer(call)
    finally:
        if call.strict:  # leave the environment as it was (the CLI may run in-process)
            if before is None:
                os.environ.pop(_STRICT_ENV, None)
            else:
                os.environ[_STRICT_ENV] = before


def _answer(call: FastCall) -> int:
    from ifcqa.cli import answers
    from ifcqa.cli.output import CURRENT_FILE, failure_exit, print_json

    no_cache = "--no-cache" in call.flags
    file = Path(call.arguments[0])
    answer: Callable[[], Any]
    if call.command == "summary":
        answer = lambda: answers.summary_answer(file, call.cache_dir, no_cache)  # noqa: E731
    elif call.command == "select":
        answer = lambda: answers.select_answer(file, call.arguments[1], call.cache_dir, no_cache)  # noqa: E731
    else:
        no_bbox = "--no-bbox" in call.flags
        answer = lambda: answers.info_answer(file, call.arguments[1], no_bbox, call.cache_dir, no_cache)  # noqa: E731
    CURRENT_FILE.set(None)
    try:
        print_json(answer())
        return 0
    except (Exception, RecursionError) as error:
        return failure_exit(error, call.json_errors)
