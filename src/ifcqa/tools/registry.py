"""The read-only tool registry: one typed function per tool, rendered for every face.

A tool is a plain function whose first parameter is the :class:`~ifcqa.index.ModelIndex` and whose
other parameters are JSON-friendly and annotated. Its docstring (Google style) is the description
for the model; its ``Args:`` section describes the parameters. From that one definition come:

* the JSON Schema used for function calling (``ifcqa tools --json``, the agents),
* the MCP tool (``ifcqa mcp``),
* the CLI command (``ifcqa q NAME FILE --param ...``) and ``ifcqa tool FILE NAME --args JSON``.

Built-in tools register with :func:`tool` like any plug-in; other packages add tools through the
``ifcqa.tools`` entry point group (a module that applies :func:`tool` on import).
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_args, get_type_hints

import pydantic

from ifcqa.errors import ToolError
from ifcqa.index.model_index import ModelIndex
from ifcqa.registry import Loader, kind
from ifcqa.tools.paths import collecting_name_notes
from ifcqa.tools.results import MAX_OUTPUT_CHARS  # noqa: F401  (re-exported)

ToolFunction = Callable[..., dict[str, Any]]
# Parameters that name elements (GlobalId, step id, Name): an integer given for them is a step id.
ELEMENT_ARGUMENTS = frozenset({"element", "elements", "host", "type", "space"})


@dataclass(frozen=True)
class ToolSpec:
    """A registered tool: its function, and what every face needs to present it."""

    name: str
    function: ToolFunction
    description: str
    group: str
    arguments: type[pydantic.BaseModel]

    def json_schema(self) -> dict[str, Any]:
        """The parameters as JSON Schema (the ``parameters`` of an OpenAI function)."""
        schema = self.arguments.model_json_schema()
        schema.pop("title", None)
        for prop in schema.get("properties", {}).values():
            prop.pop("title", None)
        schema["additionalProperties"] = False
        return schema

    def openai_schema(self) -> dict[str, Any]:
        """The tool as an OpenAI-compatible ``tools`` entry."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.json_schema()},
        }


# tool:<name>; the built-in tools (``ifcqa.tools.builtin`` imports them), then the ``ifcqa.tools`` plug-ins
TOOLS = kind("tool", "tools", Loader(modules=("ifcqa.tools.builtin",), groups=("ifcqa.tools",)))


def tool(group: str) -> Callable[[ToolFunction], ToolFunction]:
    """Register a function as a read-only tool in ``group`` (models, properties, relations, ...)."""

    def register(function: ToolFunction) -> ToolFunction:
        spec = _spec_of(function, group)
        return TOOLS.register(spec.name, function, spec=spec)

    return register


def get_tools() -> dict[str, ToolSpec]:
    """All registered tools by name (built-ins and ``ifcqa.tools`` entry points), in name order.

    The first call, from whichever thread, imports them all; every other caller waits until it is
    done (:class:`~ifcqa.once.LoadOnce`, through :mod:`ifcqa.registry`), so no one sees part of the registry.

    Raises:
        PluginError: a tool module or plug-in failed to import (then on every call).
    """
    return {name: entry.info["spec"] for name, entry in sorted(TOOLS.entries().items())}


def get_tool(name: str) -> ToolSpec:
    """The tool called ``name``; an unknown name is a :class:`ToolError` listing the valid ones."""
    tools = get_tools()
    if name not in tools:
        raise ToolError(f"Unknown tool {name!r}. Available tools: {', '.join(tools)}.")
    return tools[name]


def call_tool(index: ModelIndex, name: str, arguments: dict[str, Any] | str | None = None) -> dict[str, Any]:
    """Validate ``arguments`` against the tool's schema and run it.

    Raises:
        ToolError: unknown tool, arguments that are not a JSON object, a missing or mistyped
            parameter, or a value the model does not hold (the message names the fix).
    """
    spec = get_tool(name)
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            raise ToolError(f"Arguments of {name} are not valid JSON ({exc.msg}). Pass a JSON object.") from None
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolError(f"Arguments of {name} must be a JSON object, not {type(arguments).__name__}.")
    arguments = _integers_as_references(spec, arguments)
    valid = list(spec.arguments.model_fields)
    unknown = [key for key in arguments if key not in spec.arguments.model_fields]
    if unknown:
        listed = ", ".join(valid) or "none (call it with {})"
        raise ToolError(
            f"Bad arguments for {name}: {', '.join(unknown)}: unknown parameter; the arguments of {name} are: "
            f"{listed}.\n{_argument_help(spec)}"
        )
    try:
        parsed = spec.arguments.model_validate(arguments)
    except pydantic.ValidationError as exc:
        raise ToolError(f"Bad arguments for {name}: {_describe_validation(exc)}. See the tool's parameters.") from None
    with collecting_name_notes() as notes:
        result = spec.function(index, **parsed.model_dump())
    if notes:  # a name found only by ignoring spaces: say how the file spells it
        result = {**result, "names_matched": notes}
    return result


def _integers_as_references(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    """Integers where a text is expected, as models often send them: a step id for an element reference.

    ``{"element": 140}`` means entity #140 (``"#140"``); in a list of references likewise; any other
    text parameter takes the number's text.
    """
    fields = spec.arguments.model_fields
    out = dict(arguments)
    for key, value in arguments.items():
        field = fields.get(key)
        if field is None:
            continue
        accepts = get_args(field.annotation) or (field.annotation,)
        if _is_int(value) and str in accepts:
            out[key] = f"#{value}" if key in ELEMENT_ARGUMENTS else str(value)
        elif isinstance(value, list) and key in ELEMENT_ARGUMENTS:
            out[key] = [f"#{v}" if _is_int(v) else v for v in value]
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _argument_help(spec: ToolSpec) -> str:
    """One line per argument: name, required or default, description."""
    lines = []
    for field_name, info in spec.arguments.model_fields.items():
        need = "required" if info.is_required() else f"default {info.default!r}"
        lines.append(f"  {field_name} ({need}): {info.description or ''}".rstrip())
    return "\n".join(lines)


def render(result: dict[str, Any]) -> str:
    """A tool result as the compact JSON text an agent sees."""
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"), default=str)


def _describe_validation(exc: pydantic.ValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"]) or "arguments"
        message = "unknown parameter" if error["type"] == "extra_forbidden" else error["msg"].lower()
        parts.append(f"{where}: {message}")
    return "; ".join(parts)


def _spec_of(function: ToolFunction, group: str) -> ToolSpec:
    doc = inspect.getdoc(function) or ""
    summary, arg_docs = _parse_docstring(doc)
    hints = get_type_hints(function)
    fields: dict[str, Any] = {}
    for name, parameter in list(inspect.signature(function).parameters.items())[1:]:
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        fields[name] = (hints[name], pydantic.Field(default, description=arg_docs.get(name)))
    model = pydantic.create_model(
        f"{function.__name__}_arguments", __config__=pydantic.ConfigDict(extra="forbid"), **fields
    )
    return ToolSpec(function.__name__, function, summary, group, model)


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into the description and per-argument texts."""
    description, _, rest = doc.partition("\nArgs:\n")
    args: dict[str, str] = {}
    current = None
    for line in rest.splitlines():
        if line and not line.startswith(" "):
            break  # the next section (Returns:, ...)
        match = re.match(r"^\s{4}(\w+)(?: \([^)]*\))?:\s*(.*)$", line)
        if match:
            current = match.group(1)
            args[current] = match.group(2).strip()
        elif current and line.strip():
            args[current] += " " + line.strip()
    return " ".join(description.split()), args

