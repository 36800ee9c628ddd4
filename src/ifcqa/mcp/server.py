"""The MCP face: every registered tool served over stdio, read-only, on one or more loaded models.

Built on the low-level ``mcp.server.Server`` of the ``mcp`` package (2.x: handlers are passed to
the constructor as ``on_list_tools`` / ``on_call_tool``; the runner serves both the initialize
handshake and the newer per-request protocol era). Each :class:`~ifcqa.tools.ToolSpec` becomes an
MCP tool with the same name, description and ``inputSchema`` (``spec.json_schema()``), marked
read-only. Calls go through :func:`ifcqa.tools.call_tool`; the result is the compact JSON text of
:func:`ifcqa.tools.render`.

An :class:`~ifcqa.errors.IfcqaError` (a bad argument, an unknown GlobalId or tool) is returned as a
tool result with ``isError`` set and the shared error shape ``{"error": {"code", "message"}}`` as its
text, so the model reads the message and can recover; a bug in a tool is returned the same way (code
``internal_error``), so one bad call never ends the session.

With several models, every tool takes an extra required ``model`` parameter (the file name, one of
an enum) and a ``list_models`` tool describes the served models. ``model="all"`` asks every served file at
once as one project (:class:`ifcqa.project.tools.ProjectTools`: storeys aligned across the files, the first
file the reference, elements written ``FILE#GlobalId``); a project file (``ifcqa mcp P.ifcqa-project.json``)
gives the files, their order and the storey overrides.

A served file's recoverable parse problems (values read as unset, see :mod:`ifcqa.ifc.open`) are
added under ``"warnings"`` to ``model_summary`` and to each ``list_models`` row (at most 20, with
``warnings_total`` when there are more).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

import ifcqa
from ifcqa.errors import IfcqaError, ToolError
from ifcqa.ifc.diagnostics import warnings_json
from ifcqa.index import ModelIndex
from ifcqa.index.geometry import reporting_progress
from ifcqa.project.project import Project
from ifcqa.project.tools import ALL, ProjectTools
from ifcqa.tools import ToolSpec, call_tool, get_tools, render

LIST_MODELS = "list_models"
SUMMARY_TOOL = "model_summary"
_SHOWN_WARNINGS = 20
_GEOMETRY_MESSAGE = "Computing the bounding boxes of the whole model"
_READ_ONLY = types.ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


class ModelTools:
    """The tools of a set of served models: their MCP descriptions and their calls (synchronous)."""

    def __init__(self, indexes: Sequence[ModelIndex], project: Project | None = None) -> None:
        if not indexes:
            raise IfcqaError("No model to serve. Give at least one .ifc file.")
        self.models: dict[str, ModelIndex] = {}
        for index in indexes:
            name = index.path.name
            if name in self.models:
                raise IfcqaError(f"Two served files are both named {name!r}; give each model a distinct file name.")
            self.models[name] = index
        self.specs = get_tools()
        if LIST_MODELS in self.specs and self.multi:
            raise IfcqaError(f"A registered tool is named {LIST_MODELS!r}, which the multi-model server needs.")
        self._lock = threading.Lock()  # tools fill lazy caches (geometry): one call at a time
        self._project = project
        self._project_tools: ProjectTools | None = None

    def project_tools(self) -> ProjectTools:
        """Every served file as one project (the project given, else the files in the order served)."""
        if self._project_tools is None:
            from ifcqa.project.align import align_storeys
            from ifcqa.project.project import Project

            project = self._project
            if project is None:
                first = next(iter(self.models.values()))
                project = Project("served", first.path.resolve().parent, list(self.models))
            by_name = {Path(file).name: file for file in project.files}
            indexes = {by_name.get(name, name): index for name, index in self.models.items()}
            self._project_tools = ProjectTools(indexes, align_storeys(project, indexes))
        return self._project_tools

    @property
    def multi(self) -> bool:
        return len(self.models) > 1

    def tools(self) -> list[types.Tool]:
        """The MCP tool list."""
        tools = [self._tool(spec) for spec in self.specs.values()]
        if self.multi:
            schema = {"type": "object", "properties": {}, "additionalProperties": False}
            description = "The served IFC models: file name (the value of `model`), schema, project and storeys."
            tools.insert(
                0, types.Tool(name=LIST_MODELS, description=description, input_schema=schema, annotations=_READ_ONLY)
            )
        return tools

    def _tool(self, spec: ToolSpec) -> types.Tool:
        schema = spec.json_schema()
        if self.multi:
            properties = {"model": self._model_property(), **schema.get("properties", {})}
            schema = {**schema, "properties": properties, "required": ["model", *schema.get("required", [])]}
        return types.Tool(name=spec.name, description=spec.description, input_schema=schema, annotations=_READ_ONLY)

    def _model_property(self) -> dict[str, Any]:
        return {
            "type": "string",
            "enum": [*self.models, ALL],
            "description": f"The model to ask: one of the served file names (see {LIST_MODELS}), or {ALL!r}: every "
            "file at once as one project (storeys aligned across files, elements written FILE#GlobalId).",
        }

    def call(self, name: str, arguments: dict[str, Any] | None) -> types.CallToolResult:
        """Run a tool; an input error becomes an ``isError`` result with the error's JSON."""
        try:
            with self._lock:
                result = self._run(name, dict(arguments or {}))
        except IfcqaError as error:
            return _text_result(render(error.to_dict()), is_error=True)
        except (Exception, RecursionError) as exc:  # a bug: the agent still gets one readable line, the server lives
            message = (
                f"{name} failed unexpectedly ({type(exc).__name__}: {' '.join(str(exc).split())}); a bug in ifcqa."
            )
            return _text_result(render({"error": {"code": "internal_error", "message": message}}), is_error=True)
        return _text_result(render(result))

    def _run(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self._known(name)
        if self.multi and name == LIST_MODELS:
            if arguments:
                raise ToolError(f"{LIST_MODELS} takes no arguments.")
            return self.describe_models()
        if self.multi and arguments.get("model") == ALL:
            arguments.pop("model")
            return self.project_tools().call(name, arguments)
        index = self._model_of(arguments) if self.multi else next(iter(self.models.values()))
        result = call_tool(index, name, arguments)
        if name == SUMMARY_TOOL and "warnings" not in result:
            result = {**result, **_warnings_of(index)}
        return result

    def _known(self, name: str) -> None:
        """Refuse a tool this server does not have, before its arguments are read (an unknown tool is unknown)."""
        if name not in self.specs and not (self.multi and name == LIST_MODELS):
            listed = [LIST_MODELS] if self.multi else []
            raise ToolError(f"Unknown tool {name!r}. Available tools: {', '.join([*listed, *self.specs])}.")

    def _model_of(self, arguments: dict[str, Any]) -> ModelIndex:
        model = arguments.pop("model", None)
        if model in self.models:
            return self.models[model]
        served = ", ".join(self.models)
        if model is None:
            raise ToolError(f"Missing parameter model: name one of the served models ({served}); see {LIST_MODELS}.")
        raise ToolError(f"No served model {model!r}. Served models: {served} (see {LIST_MODELS}).")

    def describe_models(self) -> dict[str, Any]:
        """The ``list_models`` answer."""
        rows = []
        for name, index in self.models.items():
            project = index.data.elements.get(index.data.project) if index.data.project is not None else None
            storeys = [index.data.elements[i].name for i in index.storeys]
            rows.append(
                {
                    "model": name,
                    "schema": index.schema,
                    "project": project.name if project else None,
                    "storeys": storeys,
                    **_warnings_of(index),
                }
            )
        return {"models": rows, "total": len(rows)}

    def instructions(self) -> str:
        names = ", ".join(self.models)
        extra = (f" Every tool takes `model`, one of: {names} ({LIST_MODELS} describes them), or {ALL!r} for every "
                 "file at once (one project: storeys aligned, elements FILE#GlobalId)." if self.multi else "")
        return (
            f"Read-only tools over the IFC building model(s) {names}. Start with model_summary to learn the "
            f"schema, classes, storeys and units; tool results are compact JSON.{extra}"
        )


def _warnings_of(index: ModelIndex) -> dict[str, Any]:
    """The recoverable parse problems of a served model (values read as unset), shortened to fit a tool result."""
    warnings = index.data.warnings
    shown: dict[str, Any] = {"warnings": warnings_json(warnings, limit=_SHOWN_WARNINGS)}
    if len(warnings) > _SHOWN_WARNINGS:
        shown["warnings_total"] = len(warnings)
    return shown


def _text_result(text: str, is_error: bool = False) -> types.CallToolResult:
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # a damaged file's lone surrogates
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)


def build_server(indexes: Sequence[ModelIndex] | ModelTools, project: Project | None = None) -> Server[Any]:
    """The MCP server of ``indexes`` (not yet running); a :class:`ModelTools` is served as it is (``ifcqa serve``)."""
    tools = indexes if isinstance(indexes, ModelTools) else ModelTools(indexes, project)

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools.tools())

    async def on_call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        # In a worker thread: a first geometry question can take seconds and must not stall the session;
        # a whole-model geometry pass reports its progress (notifications/progress, when the client asked).
        def progress(fraction: float) -> None:
            with contextlib.suppress(Exception):  # best effort: a lost notification never fails the call
                anyio.from_thread.run(ctx.session.report_progress, round(fraction * 100), 100, _GEOMETRY_MESSAGE)

        def call() -> types.CallToolResult:
            with reporting_progress(progress):
                return tools.call(params.name, params.arguments)

        return await anyio.to_thread.run_sync(call)

    return Server(
        "ifcqa",
        version=ifcqa.__version__,
        instructions=tools.instructions(),
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )


async def serve_stdio(indexes: Sequence[ModelIndex], project: Project | None = None) -> None:
    """Serve ``indexes`` over stdin/stdout until the client closes the connection."""
    server = build_server(indexes, project)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(indexes: Sequence[ModelIndex], project: Project | None = None) -> None:
    """Blocking entry point of ``ifcqa mcp``."""
    anyio.run(serve_stdio, indexes, project)
