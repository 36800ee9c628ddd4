"""MCP over streamable HTTP at ``/mcp``: the tools of ``ifcqa mcp``, on every model the service holds.

The tool list, schemas, read-only annotations, error results and ``list_models`` are those of
:class:`ifcqa.mcp.server.ModelTools`; here the served models are the service's (they change as models are
uploaded and deleted), so every tool always takes the ``model`` parameter (a model id, as in
``GET /api/models``) and ``list_models`` describes them. The session manager runs in the app's lifespan.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from starlette.routing import Route
from starlette.types import ASGIApp

from ifcqa.errors import ToolError
from ifcqa.index import ModelIndex
from ifcqa.mcp.server import LIST_MODELS, SUMMARY_TOOL, ModelTools, _warnings_of, build_server
from ifcqa.service.errors import ApiError
from ifcqa.service.store import LoadedModel, ModelStore
from ifcqa.tools import call_tool


class ServiceModelTools(ModelTools):
    """:class:`ModelTools` over the models of a :class:`ModelStore`, looked up at each call."""

    def __init__(self, store: ModelStore) -> None:  # no super().__init__: the models are not fixed
        import threading

        from ifcqa.tools import get_tools

        self.store = store
        self.specs = get_tools()
        self._lock = threading.Lock()

    @property
    def multi(self) -> bool:
        return True

    @property
    def models(self) -> dict[str, ModelIndex]:  # type: ignore[override]
        return {record.id: self.store.load(record).index for record in self.store.records()}

    def _model_property(self) -> dict[str, Any]:
        ids = [record.id for record in self.store.records()]
        return {"type": "string", "enum": ids or [""],
                "description": f"The model to ask: a model id of the service (see {LIST_MODELS})."}

    def _run(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """As :meth:`ModelTools._run`, under the model's own lock (the one the HTTP routes take)."""
        self._known(name)
        if name == LIST_MODELS:
            return super()._run(name, arguments)
        loaded = self._loaded_of(arguments)
        with loaded.lock:
            result = call_tool(loaded.index, name, arguments)
        if name == SUMMARY_TOOL and "warnings" not in result:
            result = {**result, **_warnings_of(loaded.index)}
        return result

    def _loaded_of(self, arguments: dict[str, Any]) -> LoadedModel:
        model = arguments.pop("model", None)
        if isinstance(model, str):
            try:  # one metadata read for an uploaded model; the folder is listed only for a found file or an error
                return self.store.load(self.store.get(model))
            except ApiError as error:
                if error.status != 404:
                    raise
        served = ", ".join(record.id for record in self.store.records()) or "none yet: upload one with POST /api/models"
        if model is None:
            raise ToolError(f"Missing parameter model: name one of the served models ({served}); see {LIST_MODELS}.")
        raise ToolError(f"No served model {model!r}. Served models: {served} (see {LIST_MODELS}).")

    def describe_models(self) -> dict[str, Any]:
        answer = super().describe_models()
        names = {record.id: record.name for record in self.store.records()}
        for row in answer["models"]:
            row["name"] = names.get(row["model"])
        return answer

    def instructions(self) -> str:
        return ("Read-only tools over the IFC building models of this ifcqa service. Call list_models first: "
                "every tool takes `model`, one of its ids. Then model_summary tells the schema, classes, storeys "
                "and units; tool results are compact JSON.")


def mcp_app(store: ModelStore) -> tuple[Route, StreamableHTTPSessionManager]:
    """The ``/mcp`` route and its session manager (run it in the app's lifespan with :func:`mcp_lifespan`)."""
    server = build_server(ServiceModelTools(store))
    manager = StreamableHTTPSessionManager(server)
    asgi: ASGIApp = StreamableHTTPASGIApp(manager)
    return Route("/mcp", endpoint=asgi, methods=["GET", "POST", "DELETE"], include_in_schema=False), manager


@asynccontextmanager
async def mcp_lifespan(manager: StreamableHTTPSessionManager) -> AsyncIterator[None]:
    async with manager.run():
        yield
