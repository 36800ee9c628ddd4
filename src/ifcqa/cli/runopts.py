"""Options and progress shared by the commands that do per-file work (``--jobs``, ``--dask``, ...).

Commands never look at which executor runs: they build one with :func:`open_executor` from these
options and hand it to the library (``ifcqa.mcq.runner``, ``ifcqa.index.corpus``). Progress is one
bar across every worker (files done / failed / running) on stderr when it is a terminal; otherwise one
plain line per finished file. Light imports only (the executor and Dask are imported when a command runs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ifcqa.cli.common import status, stderr_console
from ifcqa.cli.output import stderr_is_terminal

if TYPE_CHECKING:
    from ifcqa.executor import Executor, Outcome, ProgressState

Jobs = Annotated[
    int | None,
    typer.Option(min=1, help="Files processed at once in local processes (default: cores, at most one per file)."),
]
Dask = Annotated[
    str | None,
    typer.Option(
        "--dask",
        metavar="ADDRESS",
        help="Run on a Dask cluster: its scheduler (tcp://host:8786), or local:N for N local worker processes.",
        show_default=False,
    ),
]
Retries = Annotated[
    int,
    typer.Option(min=0, help="Tries after the first for a file or sandboxed run whose worker failed or was lost."),
]
ShipFiles = Annotated[
    bool, typer.Option("--ship-files", help="Send each file's bytes to the workers (no shared file system).")
]
KeepGoing = Annotated[
    bool,
    typer.Option("--keep-going", help="Go on when a file fails every try; list it (and its error) in the output."),
]


def open_executor(jobs: int | None, dask: str | None, retries: int, n_files: int) -> Executor:
    """The executor the options ask for (local processes unless ``--dask``)."""
    from ifcqa.executor import make_executor, worker_count

    if dask is None:
        jobs = worker_count(jobs, n_files)
    return make_executor(jobs, dask, retries)


@contextmanager
def file_progress(
    total: int, verb: str, line: Callable[[Outcome[Any]], str]
) -> Iterator[tuple[Callable[[ProgressState], None], Callable[[Outcome[Any]], None]]]:
    """``(on_progress, on_outcome)`` for :meth:`Executor.map`: one bar on a terminal, else a line per file.

    ``line(outcome)`` says what one finished file gave; a failed file shows its error instead.
    """
    finished = 0

    def text(outcome: Outcome[Any]) -> str:
        if outcome.failure is not None:
            return f"FAILED {outcome.key} after {outcome.attempts} tries: {outcome.failure.error}"
        return line(outcome)

    # a file or a pipe is known without rich (a piped run stays light); a terminal is then asked of rich
    console = stderr_console() if stderr_is_terminal() else None
    if console is None or not console.is_terminal:

        def plain(outcome: Outcome[Any]) -> None:
            nonlocal finished
            finished += 1
            typer.echo(f"[{finished}/{total}] {text(outcome)}", err=True)

        yield (lambda state: None), plain
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[counts]}"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{verb} {total} files", total=total, counts="")

        def update(state: ProgressState) -> None:
            counts = f"done {state.done}, failed {state.failed}, running {state.running}"
            progress.update(task, completed=state.done + state.failed, counts=counts)

        def outcome_line(outcome: Outcome[Any]) -> None:
            progress.console.print(text(outcome), markup=False, highlight=False)

        yield update, outcome_line


@contextmanager
def optional_executor(jobs: int | None, dask: str | None, retries: int, n_files: int) -> Iterator[Executor | None]:
    """The executor of ``--jobs``/``--dask`` when either is given, else ``None``: the work runs in this process.

    For commands whose default stays in their own process (``memory generate``).
    """
    if jobs is None and dask is None:
        yield None
        return
    with open_executor(jobs, dask, retries, n_files) as executor:
        yield executor


@contextmanager
def work_progress(
    executor: Executor | None, total: int, verb: str, line: Callable[[Outcome[Any]], str]
) -> Iterator[tuple[Callable[[ProgressState], None] | None, Callable[[Outcome[Any]], None] | None]]:
    """:func:`file_progress` on an executor; without one, a spinner saying ``verb`` and no callbacks."""
    if executor is None:
        with status(verb):
            yield None, None
        return
    with file_progress(total, verb, line) as callbacks:
        yield callbacks
