"""The read-only tools: their list with JSON schemas, and one call on one model."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request

from ifcqa.errors import IfcqaError
from ifcqa.service.errors import ApiError
from ifcqa.service.routes_models import loaded_model, locked
from ifcqa.service.state import off_loop

router = APIRouter()


@router.get("/api/tools")
async def list_tools() -> dict[str, Any]:
    """Every registered tool: name, description and its parameters' JSON schema (as ``ifcqa tools --json``)."""
    from ifcqa.tools import get_tools

    return {"tools": [{"name": spec.name, "description": spec.description, "parameters": spec.json_schema()}
                      for spec in get_tools().values()]}


@router.post("/api/models/{model_id}/tools/{name}")
async def call(
    request: Request, model_id: str, name: str, arguments: dict[str, Any] | None = Body(default=None)  # noqa: B008
) -> dict[str, Any]:
    """Run tool ``name`` on the model with the JSON object ``arguments``; the result is the tool's JSON.

    A bad argument is a 400 whose message is the one an agent sees (it lists the tool's arguments).
    """
    from ifcqa.tools import call_tool, get_tool, get_tools

    if name not in get_tools():
        try:
            get_tool(name)
        except IfcqaError as error:  # its message names close matches
            raise ApiError(404, "unknown_tool", str(error)) from None
    loaded = await loaded_model(request, model_id)
    result: dict[str, Any] = await off_loop(locked(loaded, call_tool, loaded.index, name, arguments or {}))
    return result
