"""The typer application of ``ifcqa``: the root options, the error channel, the lazily loaded commands.

The commands themselves are listed in :data:`ifcqa.cli.main.COMMANDS` (add new ones there); the rules
(argument order, errors, exit codes) are in :mod:`ifcqa.cli.main`. ``ifcqa.cli.main.app`` is this
module's :data:`app`.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

import ifcqa
from ifcqa.cli.common import ReportingGroup
from ifcqa.cli.main import COMMANDS
from ifcqa.ifc.open import STRICT_ENV


class RootGroup(ReportingGroup):
    """``ifcqa``: the error channel of :class:`ReportingGroup` over the lazily loaded :data:`COMMANDS`."""

    lazy_commands = COMMANDS


app = typer.Typer(
    cls=RootGroup,
    name="ifcqa",
    help="Answer questions about IFC building models, for people and LLM agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ifcqa {ifcqa.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    json_errors: Annotated[
        bool, typer.Option("--json-errors", help='Print input errors as {"error": {...}} JSON on stdout.')
    ] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help=f"Refuse files with recoverable problems (values read as unset) too; also {STRICT_ENV}=1.",
        ),
    ] = False,
) -> None:
    """Answer questions about IFC building models, for people and LLM agents."""
    if strict:
        _set_strict(ctx)


def _set_strict(ctx: typer.Context) -> None:
    """Strict opening for this command (and the worker processes it starts), through the environment."""
    before = os.environ.get(STRICT_ENV)
    os.environ[STRICT_ENV] = "1"

    def restore() -> None:  # the CLI may run in-process (tests): leave the environment as it was
        if before is None:
            os.environ.pop(STRICT_ENV, None)
        else:
            os.environ[STRICT_ENV] = before

    ctx.call_on_close(restore)
