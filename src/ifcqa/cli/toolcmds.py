"""The tool commands: ``tools`` (list), ``tool`` (run with JSON arguments) and ``q`` (one command per tool).

``ifcqa q NAME FILE --param value`` is generated from the same :class:`~ifcqa.tools.ToolSpec` as the
MCP tool and the function-calling schema: each parameter of the tool's arguments model becomes an
option ``--param-name`` with the parameter's ``Args:`` text as help. ``str``/``int``/``float``/
``bool``/``Literal`` parameters map to typed options (``bool`` as ``--x/--no-x``), ``list[...]`` to a
repeatable option, and any other type to an option taking JSON. Options left out are not sent, so
the tool's own defaults apply; the tool validates the arguments as it does for an agent.
"""

from __future__ import annotations

import inspect
import json
import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

import typer
import typer.main
from typer.core import TyperGroup
from typer.models import CommandInfo

from ifcqa.cli.common import CacheDir, IfcFile, NoCache, open_index, print_json, resolve_suggesting
from ifcqa.errors import ToolError
from ifcqa.ifc.open import SUPPORTED_SUFFIXES
from ifcqa.tools import ToolSpec, call_tool, get_tool, get_tools

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

_SCALARS: tuple[type, ...] = (str, int, float, bool)
_SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)(?<!\.\.)[.!?]\s+(?=\S)")
_OWN_PARAMETERS = ("cli_file", "cli_cache_dir", "cli_no_cache")
_MARKUP = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")  # rich.markup.escape's pattern (rich itself not imported)


def escape(text: str) -> str:
    """``text`` with rich markup escaped, as ``rich.markup.escape`` does: typer renders help with rich."""
    text = _MARKUP.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        return text + "\\"
    return text


def list_tools(
    as_json: Annotated[bool, typer.Option("--json", help="Print the function-calling schemas as JSON.")] = False,
) -> None:
    """List the registered tools (name, group, description)."""
    tools = get_tools()
    if as_json:
        print_json(
            [{"name": s.name, "description": s.description, "parameters": s.json_schema()} for s in tools.values()]
        )
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("name", "group", "description", title=f"{len(tools)} tools")
    for spec in tools.values():
        table.add_row(spec.name, spec.group, spec.description)
    Console().print(table)


def run_tool(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="An .ifc or .ifczip file (FILE and NAME may come in either order).")
    ],
    name: Annotated[str, typer.Argument(metavar="NAME", help="Tool name (see `ifcqa tools`).")],
    args: Annotated[str, typer.Option("--args", metavar="JSON", help="The arguments as a JSON object.")] = "{}",
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
) -> None:
    """Run any tool with its arguments given as JSON; prints the tool's JSON result.

    Same order as every command that reads a file: FILE first (``ifcqa tool house.ifc list_storeys``);
    ``ifcqa tool list_storeys house.ifc`` is understood too.
    """
    tools = get_tools()
    if file in tools and name not in tools:
        file, name = name, file
    get_tool(name)  # an unknown name fails before the file is read
    print_json(call_tool(open_index(Path(file), cache_dir, no_cache), name, args))


class ToolGroup(TyperGroup):
    """The ``q`` group: ``ifcqa q NAME FILE``, and ``ifcqa q FILE NAME`` understood as the same call.

    A tool's command is built when it is resolved (to run it, or for help), not all of them at start-up.
    """

    def list_commands(self, ctx: Any) -> list[str]:
        return list(get_tools())

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            spec = get_tools().get(cmd_name)
            if spec is None:
                return None
            self.add_command(_click_command(spec, getattr(self, "rich_markup_mode", None)), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        tools = get_tools()
        swap = args and args[0] not in tools and len(args) > 1 and not args[1].startswith("-")
        if swap and (args[1] in tools or _looks_like_file(args[0])):
            args = [args[1], args[0], *args[2:]]  # FILE NAME: an unknown-tool error then names NAME
        return resolve_suggesting(self, ctx, args, super().resolve_command)


def _click_command(spec: ToolSpec, rich_markup_mode: Any) -> Any:
    """The click command of one tool (help escaped: typer renders it with rich, brackets must not read as markup)."""
    info = CommandInfo(
        name=spec.name,
        callback=tool_command(spec),
        help=escape(spec.description),
        short_help=escape(first_sentence(spec.description)),
    )
    return typer.main.get_command_from_info(info, pretty_exceptions_short=True, rich_markup_mode=rich_markup_mode)


def _looks_like_file(text: str) -> bool:
    return text.lower().endswith(SUPPORTED_SUFFIXES) or Path(text).exists()


def build_tool_app() -> typer.Typer:
    """The ``q`` command group: one command per registered tool (each built when first resolved)."""
    app = typer.Typer(
        cls=ToolGroup,
        name="q",
        help="Run one tool, with its parameters as options (generated from the tool's definition). "
        "ifcqa q NAME FILE [--param value ...]; ifcqa q FILE NAME works too.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    app.callback()(_no_group_options)  # a group whose commands all come from ToolGroup.get_command
    return app


def _no_group_options() -> None:
    """Run one tool, with its parameters as options (generated from the tool's definition)."""


def first_sentence(text: str) -> str:
    """The first sentence of a description (for command listings); "e.g." and "i.e." do not end one."""
    match = _SENTENCE_END.search(text)
    return text[: match.start() + 1] if match else text


def tool_command(spec: ToolSpec) -> Callable[..., None]:
    """A typer command function for ``spec``, with a signature built from its arguments model."""
    fields = spec.arguments.model_fields

    def command(**kwargs: Any) -> None:
        file, cache_dir, no_cache = (kwargs.pop(name) for name in _OWN_PARAMETERS)
        arguments = _given_arguments(spec, kwargs)
        print_json(call_tool(open_index(file, cache_dir, no_cache), spec.name, arguments))

    own = [
        inspect.Parameter("cli_file", inspect.Parameter.KEYWORD_ONLY, annotation=IfcFile),
        inspect.Parameter("cli_cache_dir", inspect.Parameter.KEYWORD_ONLY, annotation=CacheDir, default=None),
        inspect.Parameter("cli_no_cache", inspect.Parameter.KEYWORD_ONLY, annotation=NoCache, default=False),
    ]
    tool_params = [_parameter(name, field) for name, field in fields.items()]
    command.__signature__ = inspect.Signature(own[:1] + tool_params + own[1:])  # type: ignore[attr-defined]
    command.__name__ = spec.name
    command.__doc__ = spec.description
    return command


def _given_arguments(spec: ToolSpec, options: dict[str, Any]) -> dict[str, Any]:
    """The tool arguments from the parsed options; options left out are not sent (tool defaults apply)."""
    fields = spec.arguments.model_fields
    arguments = {}
    for name, value in options.items():
        field = fields[name]
        if value is None or (isinstance(value, list | tuple) and not value and not field.is_required()):
            continue
        if _option_type(field.annotation) is None:
            arguments[name] = _parse_json(spec.name, name, value, field.annotation)
        else:
            arguments[name] = list(value) if isinstance(value, tuple) else value
    return arguments


def _parameter(name: str, field: FieldInfo) -> inspect.Parameter:
    option_type = _option_type(field.annotation)
    help_text = field.description or ""
    if option_type is None:
        as_text = "; other text is taken as a string" if str in get_args(field.annotation) else ""
        option_type, help_text = str, f"{help_text} (a JSON value, e.g. true or 2.5{as_text})".strip()
    flag = "--" + name.replace("_", "-")
    if not field.is_required() and field.default is not None and field.default != []:
        shown = f"--{flag[2:]}" if field.default is True else f"--no-{flag[2:]}" if field.default is False else None
        help_text = f"{help_text} [default: {shown or json.dumps(field.default, default=str)}]".strip()
    help_text = escape(help_text)  # typer renders option help with rich: "[id, guid]" would vanish as markup
    option = typer.Option(
        f"{flag}/--no-{flag[2:]}" if option_type is bool else flag, help=help_text, show_default=False
    )
    required = field.is_required()
    annotation = Annotated[option_type if required else option_type | None, option]  # type: ignore[valid-type]
    default = inspect.Parameter.empty if required else None
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


def _option_type(annotation: Any) -> Any | None:
    """The option type for a parameter annotation, or ``None`` when it must be passed as JSON."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return _option_type(members[0]) if len(members) == 1 else None
    if annotation in _SCALARS:
        return annotation
    if origin is Literal and all(isinstance(v, str) for v in get_args(annotation)):
        return annotation
    if origin in (list, tuple) and len(set(get_args(annotation)) - {Ellipsis}) == 1:
        item = next(a for a in get_args(annotation) if a is not Ellipsis)
        return list[item] if item in (str, int, float) else None  # type: ignore[valid-type]
    return None


def _parse_json(tool: str, name: str, text: str, annotation: Any) -> Any:
    """A JSON option value; text that is not JSON passes as a string where the parameter takes one."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if str in get_args(annotation):
            return text
        raise ToolError(f"--{name.replace('_', '-')} of {tool} is not valid JSON ({exc.msg}).") from None
