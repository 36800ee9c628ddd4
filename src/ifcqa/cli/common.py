"""What every CLI command shares: the file options, index loading, JSON output and the error channel.

One error channel: :class:`ReportingGroup` catches every :class:`~ifcqa.errors.IfcqaError` raised by
any command (sub-commands of ``ifcqa q`` included) and reports it the same way, reports usage errors
as JSON too under ``--json-errors``, and turns any other exception into one line naming the file
being read (``IFCQA_DEBUG=1`` shows the traceback); see :mod:`ifcqa.cli.main` for the rule.

It also loads the commands lazily: :attr:`ReportingGroup.lazy_commands` names each command's module,
imported only when that command runs (or its help is shown), so ``ifcqa summary`` never imports what
``ifcqa eval`` needs. This module itself stays light: typer, the standard library, the index cache.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer
import typer.core
import typer.main
from typer.core import DEFAULT_MARKUP_MODE, TyperGroup, TyperOption
from typer.models import CommandInfo, TyperInfo

from ifcqa.cli.output import (
    CURRENT_FILE,
    DEBUG_ENV,
    GeometryProgress,
    UnexpectedProblem,
    UsageProblem,
    failure_exit,
    one_line,
    open_index,
    print_json,
    report_error,
    status,
    stderr_console,
)

__all__ = [  # the typer-free helpers are re-exported: command modules import them from here
    "DEBUG_ENV",
    "CacheDir",
    "GeometryProgress",
    "IfcFile",
    "NoCache",
    "ReportingGroup",
    "UnexpectedProblem",
    "UsageProblem",
    "load_command",
    "open_index",
    "print_json",
    "report_error",
    "status",
    "stderr_console",
]

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


def _click_classes(name: str) -> tuple[type[BaseException], ...]:
    """``name`` from the click that typer vendors (typer >= 0.20 raises its own copy) and from click.

    Plain click is looked at only when something imported it (a click exception cannot exist
    otherwise), so the error channel does not import a second click at start-up.
    """
    vendored = getattr(getattr(typer.core, "_click", None), "exceptions", None)
    plain = sys.modules.get("click.exceptions")
    found = [getattr(vendored, name, None), getattr(plain, name, None)]
    return tuple(dict.fromkeys(c for c in found if isinstance(c, type)))


def _usage_errors() -> tuple[type[BaseException], ...]:
    return _click_classes("UsageError")


def _pass_through() -> tuple[type[BaseException], ...]:
    return _click_classes("ClickException") + _click_classes("Exit") + _click_classes("Abort") + (typer.Exit,)


def load_command(name: str, target: str, rich_markup_mode: Any = DEFAULT_MARKUP_MODE) -> Any:
    """The click command for ``target``: ``"module:function"`` (a typer command function),
    ``"module:app"`` (a ``typer.Typer`` group) or ``"module:factory()"`` (a function returning one)."""
    module_name, _, attribute = target.partition(":")
    found = getattr(importlib.import_module(module_name), attribute.removesuffix("()"))
    if attribute.endswith("()"):
        found = found()
    if isinstance(found, typer.Typer):  # the same settings add_typer would give it under the root
        return typer.main.get_group_from_info(
            TyperInfo(found, name=name),
            pretty_exceptions_short=True,
            suggest_commands=True,
            rich_markup_mode=rich_markup_mode,
        )
    return typer.main.get_command_from_info(
        CommandInfo(name=name, callback=found), pretty_exceptions_short=True, rich_markup_mode=rich_markup_mode
    )


def resolve_suggesting(group: Any, ctx: Any, args: list[str], resolve: Any) -> Any:
    """``resolve(ctx, args)``; an unknown command's error suggests close names among all the group's commands.

    typer suggests only among the commands already built, which in a lazily loaded group may be none.
    """
    try:
        return resolve(ctx, args)
    except _usage_errors() as error:
        message = getattr(error, "message", None)
        if args and isinstance(message, str) and message.startswith("No such command"):  # click's wording
            matches = difflib.get_close_matches(args[0], group.list_commands(ctx))
            base = message.split(". Did you mean")[0].rstrip(".")
            suggestion = f"{base}. Did you mean {', '.join(repr(m) for m in matches)}?" if matches else base + "."
            setattr(error, "message", suggestion)  # noqa: B010  (a click UsageError; typed as BaseException here)
        raise


class ReportingGroup(TyperGroup):
    """The root command group: the one error channel of every command (see :mod:`ifcqa.cli.main`).

    Commands named in :attr:`lazy_commands` (name -> ``"module:attribute"``, see :func:`load_command`)
    are imported when they are resolved (to run, or for help), never at start-up.
    """

    lazy_commands: ClassVar[dict[str, str]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        return listed + [name for name in self.lazy_commands if name not in listed]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            mode = getattr(self, "rich_markup_mode", DEFAULT_MARKUP_MODE)
            self.add_command(load_command(cmd_name, self.lazy_commands[cmd_name], mode), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        return resolve_suggesting(self, ctx, args, super().resolve_command)

    def invoke(self, ctx: Any) -> Any:  # typer's vendored click Context, which typer does not export
        as_json = bool(ctx.params.get("json_errors"))
        CURRENT_FILE.set(None)
        try:
            return super().invoke(ctx)
        except (Exception, RecursionError) as error:
            if isinstance(error, _usage_errors()):
                if not as_json:
                    raise
                message = one_line(error) if not hasattr(error, "format_message") else error.format_message()
                report_error(UsageProblem(message), as_json=True)
                raise typer.Exit(2) from None
            if isinstance(error, _pass_through()):
                raise
            raise typer.Exit(failure_exit(error, as_json)) from None
