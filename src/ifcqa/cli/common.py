"""What every CLI command shares: the file options, index loading, JSON output and the error channel.

One error channel: :class:`ReportingGroup` catches every :class:`~ifcqa.errors.IfcqaError` raised by
any command (sub-commands of ``ifcqa q`` included) and reports it the same way, reports usage errors
as JSON too under ``--json-errors``, and turns any other exception into one line naming the file
being read (``IFCQA_DEBUG=1`` shows the traceback); see :mod:`ifcqa.cli.main` for the rule.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any

import click
import typer
import typer.core
from rich.console import Console
from typer.core import TyperGroup, TyperOption

from ifcqa.errors import IfcOpenError, IfcqaError
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


def _display_type_without_flags(self: TyperOption, ctx: Any) -> str | None:
    """Typer shows ``<bool>`` beside every flag (``--no-cache <bool>``), which reads as if it took a value."""
    if self.is_flag:
        return None
    return _typer_display_type(self, ctx)


_typer_display_type = TyperOption.display_type_rich
TyperOption.display_type_rich = _display_type_without_flags  # type: ignore[method-assign]


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
    _CURRENT_FILE.set(path)  # named by the error channel if anything later fails unexpectedly
    try:
        with status(f"Indexing {path.name}"):
            return load_index(path, cache=cache, use_cache=not no_cache)
    except IfcqaError:
        raise
    except (Exception, RecursionError) as exc:  # a file no check foresaw: still one line naming it
        if _debug():
            raise
        raise IfcOpenError(
            f"{path}: cannot be indexed ({type(exc).__name__}: {_one_line(exc)}). The file is damaged in a way "
            "ifcqa does not recognise; re-export it, and please report the file."
        ) from None


def print_json(value: Any) -> None:
    """Print ``value`` to stdout as pretty JSON (UTF-8 kept as is)."""
    text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    typer.echo(text.encode("utf-8", "backslashreplace").decode("utf-8"))  # lone surrogates from a damaged file


def report_error(error: IfcqaError, as_json: bool) -> None:
    """Report an input error: ``{"error": ...}`` on stdout, or one ``error: ...`` line on stderr."""
    if as_json:
        print_json(error.to_dict())
    else:
        typer.echo(("error: " + _one_line(error)).encode("utf-8", "backslashreplace").decode("utf-8"), err=True)


class UsageProblem(IfcqaError):
    """A command line that does not parse (reported as JSON only under ``--json-errors``)."""

    code = "usage_error"


class UnexpectedProblem(IfcqaError):
    """An exception no check foresaw (a bug), reported on one line like any other error."""

    code = "internal_error"


def _click_classes(name: str) -> tuple[type[BaseException], ...]:
    """``name`` from click and from the click that typer vendors (typer >= 0.20 raises its own copy)."""
    vendored = getattr(getattr(typer.core, "_click", None), "exceptions", None)
    found = [getattr(click.exceptions, name), getattr(vendored, name, None)]
    return tuple(dict.fromkeys(c for c in found if isinstance(c, type)))


_USAGE_ERRORS = _click_classes("UsageError")
_PASS_THROUGH = _click_classes("ClickException") + _click_classes("Exit") + _click_classes("Abort") + (typer.Exit,)
_CURRENT_FILE: ContextVar[Path | None] = ContextVar("ifcqa_current_file", default=None)
DEBUG_ENV = "IFCQA_DEBUG"


def _debug() -> bool:
    return os.environ.get(DEBUG_ENV, "").strip() not in ("", "0")


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split())


class ReportingGroup(TyperGroup):
    """The root command group: the one error channel of every command (see :mod:`ifcqa.cli.main`)."""

    def invoke(self, ctx: Any) -> Any:  # typer's vendored click Context, which typer does not export
        as_json = bool(ctx.params.get("json_errors"))
        _CURRENT_FILE.set(None)
        try:
            return super().invoke(ctx)
        except IfcqaError as error:
            report_error(error, as_json=as_json)
            raise typer.Exit(1) from None
        except _USAGE_ERRORS as error:
            if not as_json:
                raise
            report_error(
                UsageProblem(_one_line(error) if not hasattr(error, "format_message") else error.format_message()),
                as_json=True,
            )
            raise typer.Exit(2) from None
        except _PASS_THROUGH:
            raise
        except (Exception, RecursionError) as exc:
            if _debug():
                raise
            path = _CURRENT_FILE.get()
            where = f"{path}: " if path is not None else ""
            report_error(
                UnexpectedProblem(
                    f"{where}unexpected {type(exc).__name__}: {_one_line(exc)}. This is a bug in ifcqa; "
                    f"rerun with {DEBUG_ENV}=1 for the traceback and please report it."
                ),
                as_json=as_json,
            )
            raise typer.Exit(3) from None
