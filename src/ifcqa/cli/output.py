"""What the command line shows, without typer: index loading with its progress, JSON output and the error shapes.

Everything here imports only the standard library and the light parts of ifcqa, so that the fast
path of :mod:`ifcqa.cli.fast` answers ``summary``/``select``/``info`` without importing typer (or the
pydantic it builds commands with); :mod:`ifcqa.cli.common` re-exports all of it for the typer commands.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.errors import IfcOpenError, IfcqaError
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.index.geometry import set_progress

if TYPE_CHECKING:
    from rich.console import Console

CURRENT_FILE: ContextVar[Path | None] = ContextVar("ifcqa_current_file", default=None)


def stderr_console() -> Console:
    """A console on stderr (created per call, so redirected streams in tests are honoured)."""
    from rich.console import Console  # rich only when something is shown

    return Console(stderr=True)


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal, asked without rich (a piped or redirected call need not import it)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


@contextmanager
def status(message: str) -> Iterator[None]:
    """Show a spinner with ``message`` on stderr while the block runs, only when stderr is a terminal."""
    if not stderr_is_terminal():  # checked before importing rich: a piped call stays light
        yield
        return
    console = stderr_console()
    if not console.is_terminal:
        yield
        return
    with console.status(message):
        yield


class GeometryProgress:
    """A progress bar on stderr for a whole-model geometry pass (fed by :func:`ifcqa.index.geometry.compute_bboxes`)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._progress: Any = None
        self._task: Any = None
        self._disabled = False

    def __call__(self, fraction: float) -> None:
        if self._disabled:
            return
        if self._progress is None:
            if fraction >= 1.0:
                return
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TaskProgressColumn(),
                TimeElapsedColumn(),
                console=stderr_console(),
                transient=True,
            )
            try:
                self._progress.start()
            except Exception:  # another live display (a spinner) is on: it stays, the bar is skipped
                self._progress, self._disabled = None, True
                return
            self._task = self._progress.add_task(self.label, total=100)
        self._progress.update(self._task, completed=round(fraction * 100))
        if fraction >= 1.0:
            self._progress.stop()
            self._progress = None


def open_index(path: Path, cache_dir: Path | None = None, no_cache: bool = False) -> ModelIndex:
    """Load the index of ``path`` with the CLI's cache options.

    Raises:
        IfcOpenError: the file cannot be read.
        CacheError: the cache folder cannot be used.
    """
    cache = None if no_cache else IndexCache(cache_dir)
    CURRENT_FILE.set(path)  # named by the error channel if anything later fails unexpectedly
    if stderr_is_terminal():  # a tool that needs every box shows the whole-model pass as a bar
        set_progress(GeometryProgress(f"Computing the geometry of {path.name}"))
    try:
        with status(f"Indexing {path.name}"):
            return load_index(path, cache=cache, use_cache=not no_cache)
    except IfcqaError:
        raise
    except (Exception, RecursionError) as exc:  # a file no check foresaw: still one line naming it
        if debug():
            raise
        raise IfcOpenError(
            f"{path}: cannot be indexed ({type(exc).__name__}: {one_line(exc)}). The file is damaged in a way "
            "ifcqa does not recognise; re-export it, and please report the file."
        ) from None


def print_json(value: Any) -> None:
    """Print ``value`` to stdout as pretty JSON (UTF-8 kept as is)."""
    text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    _echo(text.encode("utf-8", "backslashreplace").decode("utf-8"), sys.stdout)  # lone surrogates (damaged file)


def report_error(error: IfcqaError, as_json: bool) -> None:
    """Report an input error: ``{"error": ...}`` on stdout, or one ``error: ...`` line on stderr."""
    if as_json:
        print_json(error.to_dict())
    else:
        _echo(("error: " + one_line(error)).encode("utf-8", "backslashreplace").decode("utf-8"), sys.stderr)


def _echo(text: str, stream: Any) -> None:
    stream.write(text + "\n")
    stream.flush()


def reader_gone(error: BaseException) -> bool:
    """Whether ``error`` says the reader of stdout went away (``ifcqa select ... | head``)."""
    return isinstance(error, OSError) and error.errno == errno.EPIPE


def silence_stdout() -> None:
    """Point stdout at /dev/null until the process exits, so nothing more fails on the closed pipe
    (the quiet exit click gives a closed pipe)."""
    with contextlib.suppress(OSError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (replaces the closed pipe until the process exits)


class UsageProblem(IfcqaError):
    """A command line that does not parse (reported as JSON only under ``--json-errors``)."""

    code = "usage_error"


class UnexpectedProblem(IfcqaError):
    """An exception no check foresaw (a bug), reported on one line like any other error."""

    code = "internal_error"


def unexpected_problem(error: BaseException) -> UnexpectedProblem:
    """The one-line report of an exception no check foresaw, naming the file being read."""
    path = CURRENT_FILE.get()
    where = f"{path}: " if path is not None else ""
    return UnexpectedProblem(
        f"{where}unexpected {type(error).__name__}: {one_line(error)}. This is a bug in ifcqa; "
        f"rerun with {DEBUG_ENV}=1 for the traceback and please report it."
    )


def failure_exit(error: BaseException, as_json: bool) -> int:
    """Report what a command failed with and return its exit code (both the fast path and typer's use this).

    1 for a problem of the input (``IfcqaError``) or a closed stdout (quiet), 3 for anything else, which is a
    bug: one line naming the file being read. Under ``IFCQA_DEBUG=1`` a bug is raised with its traceback.
    """
    if isinstance(error, IfcqaError):
        report_error(error, as_json=as_json)
        return 1
    if reader_gone(error):  # `ifcqa ask ... | head`
        silence_stdout()
        return 1
    if debug():
        raise error
    report_error(unexpected_problem(error), as_json=as_json)
    return 3


DEBUG_ENV = "IFCQA_DEBUG"


def debug() -> bool:
    return os.environ.get(DEBUG_ENV, "").strip() not in ("", "0")


def one_line(error: BaseException) -> str:
    return " ".join(str(error).split())
