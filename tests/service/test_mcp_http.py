"""MCP over streamable HTTP at /mcp, spoken to by the ``mcp`` client library, answers checked against the file."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import ifcopenshell
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp_types import CallToolResult, TextContent
from service_helpers import LiveServer, start_server

from ifcqa.service.app import create_app
from ifcqa.tools import get_tools


def run(client: Client, body: Callable[[Client], Awaitable[None]]) -> None:
    async def main() -> None:
        async with client:
            await body(client)

    anyio.run(main)


def text_of(result: CallToolResult) -> Any:
    assert len(result.content) == 1 and isinstance(result.content[0], TextContent)
    return json.loads(result.content[0].text)


def test_mcp_over_http_serves_the_tools_on_the_service_models(
    live: LiveServer, model_id: str, sample_ifc: Path
) -> None:
    model = ifcopenshell.open(str(sample_ifc))
    seen: dict[str, Any] = {}

    async def body(client: Client) -> None:
        seen["tools"] = (await client.list_tools()).tools
        seen["models"] = text_of(await client.call_tool("list_models", {}))
        seen["count"] = await client.call_tool("count_elements", {"model": model_id, "ifc_class": "IfcDoor"})
        seen["summary"] = await client.call_tool("model_summary", {"model": model_id})
        seen["unknown"] = await client.call_tool("count_elements", {"model": "feedfeedfeedfeed"})
        seen["malformed"] = await client.call_tool("count_elements", {"model": "../etc/passwd"})
        seen["bad"] = await client.call_tool("get_element", {"model": model_id, "element": "0000000000000000000000"})

    run(Client(f"{live.url}/mcp", read_timeout_seconds=60), body)
    tools = {tool.name: tool for tool in seen["tools"]}
    assert set(tools) == {"list_models", *get_tools()}
    for name, tool in tools.items():
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        if name != "list_models":
            assert tool.input_schema["required"][0] == "model" and model_id in tool.input_schema["properties"][
                "model"]["enum"]
    assert model_id in [row["model"] for row in seen["models"]["models"]]
    assert seen["count"].is_error is False and text_of(seen["count"])["count"] == len(model.by_type("IfcDoor"))
    summary = text_of(seen["summary"])
    assert summary["schema"] == model.schema and summary["warnings"] == []
    assert seen["unknown"].is_error is True
    for wrong in ("unknown", "malformed"):  # a tool error naming the served models, never a path looked up
        error = text_of(seen[wrong])["error"]
        assert seen[wrong].is_error is True and error["code"] == "tool_error" and model_id in error["message"]
    assert seen["bad"].is_error is True and text_of(seen["bad"])["error"]["code"] == "tool_error"


def test_mcp_needs_the_token_when_one_is_set(tmp_path: Path, sample_ifc: Path) -> None:
    import httpx

    server = start_server(create_app(tmp_path / "models", token="s3cret", embedder="none"))
    try:
        headers = {"Authorization": "Bearer s3cret"}
        with server.client(headers=headers) as client:
            model_id = client.post("/api/models", files={"file": ("h.ifc", sample_ifc.read_bytes())}).json()["id"]
        refused = httpx.post(f"{server.url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        seen: dict[str, Any] = {}

        async def body(client: Client) -> None:
            seen["storeys"] = text_of(await client.call_tool("list_storeys", {"model": model_id}))

        transport = streamable_http_client(f"{server.url}/mcp", http_client=create_mcp_http_client(headers=headers))
        run(Client(transport, read_timeout_seconds=60), body)
    finally:
        server.stop()
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "unauthorized"
    names = {s.Name for s in ifcopenshell.open(str(sample_ifc)).by_type("IfcBuildingStorey")}
    assert {s["name"] for s in seen["storeys"]["storeys"]} == names
