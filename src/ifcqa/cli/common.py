"""What every CLI command shares: the file options, index loading, JSON output and the error channel.

One error channel: :class:`ReportingGroup` catches every :class:`~ifcqa.errors.IfcqaError` raised by
any command (sub-commands of ``ifcqa q`` included) and reports it the same way; see
:mod:`ifcqa.cli.main` for the rule.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from ifcqa.errors import IfcqaError
from ifcqa.index import IndexCache, ModelIndex, load_index

IfcFile = Annotated[Path, typer.Argument(metavar="FILE", help="An .ifc or .ifczip file.", show_default=False)]
CacheDir = Annotated[
    Path | None,
    typer.Option(
        "--cache-dir",
        metavar="DIR",
        help="Folder of the index cache (default: $IFCQA_CACHE_DIR, else ~/.cache/ifcqa).",
        show_default=False,
    ),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Build the index from the file; read and write no cache.")]


def stderr_console() -> Console:
    """A console on stderr (created per call, so redirected streams in tests are honoured)."""
    return Console(stderr=True)


@contextmanager
def status(message: str) -> Iterator[None]:
    """Show a spinner with ``message`` on stderr while the block runs, only when stderr is a terminal."""
    console = stderr_console()
    if not console.is_terminal:
        yield
        return
    with console.status(message):
        yield


def open_index(path: Path, cache_dir: Path | None = None, no_cache: bool = False) -> ModelIndex:
    """Load the index of ``path`` with the CLI's cache options.

    Raises:
        IfcOpenError: the file cannot be read.
        CacheError: the cache folder cannot be used.
    """
    cache = None if no_cache else IndexCache(cache_dir)
    with status(f"Indexing {path.name}"):
        return load_index(path, cache=cache, use_cache=not no_cache)


def print_json(value: Any) -> None:
    """Print ``value`` to stdout as pretty JSON (UTF-8 kept as is)."""
    typer.echo(json.dumps(value, indent=2, ensure_ascii=False, default=str))


def report_error(error: IfcqaError, as_json: bool) -> None:
    """Report an input error: ``{"error": ...}`` on stdout, or one ``error: ...`` line on stderr."""
    if as_json:
        print_json(error.to_dict())
    else:
        typer.echo("error: " + " ".join(str(error).splitlines()), err=True)


class ReportingGroup(TyperGroup):
    """The root command group: turns an :class:`IfcqaError` from any command into exit code 1."""

    def invoke(self, ctx: Any) -> Any:  # typer's vendored click Context, which typer does not export
        try:
            return super().invoke(ctx)
        except IfcqaError as error:
            report_error(error, as_json=bool(ctx.params.get("json_errors")))
            raise typer.Exit(1) from None
