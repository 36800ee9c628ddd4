"""``ifcqa mcp PROJECT.ifcqa-project.json`` spoken to by the MCP client over stdio: model='all' asks every file."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import ifcopenshell
from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult, TextContent

from ifcqa.sample.federated import FederatedSample


def _serve(args: list[str], cache_dir: Path) -> Client:
    command = ["-m", "ifcqa.cli.main", "mcp", *args, "--cache-dir", str(cache_dir)]
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else None  # the stdio client
    return Client(StdioServerParameters(command=sys.executable, args=command, env=env),  # passes few variables
                  read_timeout_seconds=120)


def _answer(result: CallToolResult) -> Any:
    assert len(result.content) == 1 and isinstance(result.content[0], TextContent)
    assert result.is_error is False, result.content[0].text
    return json.loads(result.content[0].text)


def test_mcp_serves_a_project_with_model_all(federated: FederatedSample, tmp_path: Path) -> None:
    folder = federated.project.parent
    hvac = ifcopenshell.open(folder / "Sample-HVAC.ifc")
    stru = ifcopenshell.open(folder / "Sample-STR.ifc")
    terminals = {f"Sample-HVAC.ifc#{t.GlobalId}" for t in hvac.by_type("IfcAirTerminal")}
    l1 = [s for s in hvac.by_type("IfcBuildingStorey") if s.Name == "01 - Level 1"]
    on_l1 = {f"Sample-HVAC.ifc#{t.GlobalId}" for t in hvac.by_type("IfcAirTerminal")
             if t.ContainedInStructure and t.ContainedInStructure[0].RelatingStructure in l1}
    column = stru.by_type("IfcColumn")[0]

    async def body(client: Client) -> None:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "all" in tools["find_elements"].input_schema["properties"]["model"]["enum"]
        found = _answer(await client.call_tool("find_elements", {"model": "all", "ifc_class": "IfcAirTerminal"}))
        assert {e["guid"] for e in found["elements"]} == terminals
        counted = _answer(await client.call_tool("count_elements", {"model": "all", "ifc_class": "IfcColumn"}))
        assert counted["count"] == len(stru.by_type("IfcColumn"))
        level = _answer(await client.call_tool(
            "find_elements", {"model": "all", "ifc_class": "IfcAirTerminal", "storey": "Level 1"}))
        assert {e["guid"] for e in level["elements"]} == on_l1 and len(on_l1) == 4  # the reference's "Level 1"
        one = _answer(await client.call_tool(
            "get_element", {"model": "all", "element": f"Sample-STR.ifc#{column.GlobalId}"}))
        assert one["per_model"]["Sample-STR.ifc"]["guid"] == column.GlobalId
        asked = _answer(await client.call_tool(
            "ask_spatial", {"model": "all", "question": "Which air terminal is in room 1.03?"}))
        assert len(asked["elements"]) == 1 and asked["elements"][0]["via"] == "geometry"
        single = _answer(await client.call_tool(
            "count_elements", {"model": "Sample-STR.ifc", "ifc_class": "IfcColumn"}))
        assert single["count"] == counted["count"]  # one file still answers alone
        bad = await client.call_tool("get_element", {"model": "all", "element": "Nope.ifc#0000000000000000000000"})
        assert bad.is_error is True and "no project file 'Nope.ifc'" in bad.content[0].text  # type: ignore[union-attr]

    async def run() -> None:
        async with _serve([str(federated.project)], tmp_path / "cache") as client:
            await body(client)

    anyio.run(run)
