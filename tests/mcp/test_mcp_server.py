"""``ifcqa mcp`` spoken to by the MCP client library over stdio, answers checked against IfcOpenShell."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import ifcopenshell
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult, TextContent

from ifcqa.errors import IfcqaError
from ifcqa.index import ModelIndex
from ifcqa.mcp.server import ModelTools
from ifcqa.tools import get_tools

FZK = "AC20-FZK-Haus.ifc"
HOUSE = "IfcOpenHouse_IFC4.ifc"
UNKNOWN_GUID = "0000000000000000000000"


def serve(files: list[Path], cache_dir: Path, mode: str = "auto") -> Client:
    """A client of ``python -m ifcqa.cli.main mcp FILES`` run as a subprocess."""
    args = ["-m", "ifcqa.cli.main", "mcp", *map(str, files), "--cache-dir", str(cache_dir)]
    return Client(StdioServerParameters(command=sys.executable, args=args), mode=mode, read_timeout_seconds=120)


def session(client: Client, body: Callable[[Client], Awaitable[None]]) -> None:
    async def run() -> None:
        async with client:
            await body(client)

    anyio.run(run)


def text_of(result: CallToolResult) -> str:
    assert len(result.content) == 1 and isinstance(result.content[0], TextContent)
    return result.content[0].text


def answer(result: CallToolResult) -> Any:
    assert result.is_error is False, text_of(result)
    return json.loads(text_of(result))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp-cache")


def test_one_model_serves_every_registered_tool_with_its_schema_marked_read_only(
    shared_ifc: Path, cache_dir: Path
) -> None:
    specs = get_tools()

    async def body(client: Client) -> None:
        listed = (await client.list_tools()).tools
        assert [t.name for t in listed] == list(specs)
        for item in listed:
            assert item.description == specs[item.name].description
            assert item.input_schema == specs[item.name].json_schema()
            assert item.annotations is not None and item.annotations.read_only_hint is True
        assert client.server_info is not None and client.server_info.name == "ifcqa"

    session(serve([shared_ifc / FZK], cache_dir), body)


def test_list_storeys_and_find_elements_answer_as_ifcopenshell_reads_the_model(
    shared_ifc: Path, cache_dir: Path
) -> None:
    model = ifcopenshell.open(shared_ifc / FZK)
    storeys = sorted(model.by_type("IfcBuildingStorey"), key=lambda s: s.Elevation)
    ground = storeys[0]
    doors_on_ground = {
        d.GlobalId for d in model.by_type("IfcDoor") if d.ContainedInStructure[0].RelatingStructure == ground
    }

    async def body(client: Client) -> None:
        listed = answer(await client.call_tool("list_storeys", {}))
        assert [(s["guid"], s["name"]) for s in listed["storeys"]] == [(s.GlobalId, s.Name) for s in storeys]
        assert [s["elevation"] for s in listed["storeys"]] == pytest.approx([s.Elevation for s in storeys])
        doors = answer(await client.call_tool("find_elements", {"ifc_class": "IfcDoor"}))
        assert {d["guid"] for d in doors["elements"]} == {d.GlobalId for d in model.by_type("IfcDoor")}
        on_ground = answer(await client.call_tool("find_elements", {"ifc_class": "IfcDoor", "storey": ground.Name}))
        assert {d["guid"] for d in on_ground["elements"]} == doors_on_ground

    session(serve([shared_ifc / FZK], cache_dir), body)


def test_tool_errors_come_back_as_error_results_the_model_can_read(shared_ifc: Path, cache_dir: Path) -> None:
    async def body(client: Client) -> None:
        unknown = await client.call_tool("get_element", {"element": UNKNOWN_GUID})
        assert unknown.is_error is True
        error = json.loads(text_of(unknown))["error"]
        assert error["code"] == "tool_error"
        assert error["message"].startswith(f"No element with GlobalId '{UNKNOWN_GUID}' in {FZK}.")
        assert "find_elements" in error["message"]
        bad_argument = await client.call_tool("find_elements", {"ifc_class": "IfcWal"})
        assert bad_argument.is_error is True and "'IfcWal' is not an entity of IFC4" in text_of(bad_argument)
        no_tool = await client.call_tool("delete_everything", {})
        assert no_tool.is_error is True and "Unknown tool 'delete_everything'" in text_of(no_tool)
        assert answer(await client.call_tool("list_storeys", {}))["total"] == 2  # the session goes on

    session(serve([shared_ifc / FZK], cache_dir), body)


def test_the_initialize_handshake_of_older_clients_works(shared_ifc: Path, cache_dir: Path) -> None:
    async def body(client: Client) -> None:
        assert client.protocol_version < "2026"
        summary = answer(await client.call_tool("model_summary", {}))
        assert summary["project"]["name"] == "IfcOpenHouse"

    session(serve([shared_ifc / HOUSE], cache_dir, mode="legacy"), body)


def test_two_models_add_a_required_model_parameter_and_a_list_models_tool(shared_ifc: Path, cache_dir: Path) -> None:
    files = [shared_ifc / FZK, shared_ifc / HOUSE]
    doors = {path.name: {d.GlobalId for d in ifcopenshell.open(path).by_type("IfcDoor")} for path in files}
    specs = get_tools()

    async def body(client: Client) -> None:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        assert set(listed) == {*specs, "list_models"}
        for name, spec in specs.items():
            schema = listed[name].input_schema
            assert schema["properties"]["model"]["enum"] == [FZK, HOUSE, "all"]  # "all": every served file at once
            assert schema["required"][0] == "model"
            without_model = {k: v for k, v in schema["properties"].items() if k != "model"}
            assert without_model == spec.json_schema()["properties"]
        models = answer(await client.call_tool("list_models", {}))
        assert [(m["model"], m["schema"]) for m in models["models"]] == [(FZK, "IFC4"), (HOUSE, "IFC4")]
        for name in (FZK, HOUSE):
            found = answer(await client.call_tool("find_elements", {"model": name, "ifc_class": "IfcDoor"}))
            assert {d["guid"] for d in found["elements"]} == doors[name]
        missing = await client.call_tool("find_elements", {"ifc_class": "IfcDoor"})
        assert missing.is_error is True and "Missing parameter model" in text_of(missing)
        wrong = await client.call_tool("find_elements", {"model": "Other.ifc", "ifc_class": "IfcDoor"})
        assert wrong.is_error is True and "No served model 'Other.ifc'" in text_of(wrong)

    session(serve(files, cache_dir), body)


def test_one_model_has_no_model_parameter_and_no_list_models(index_of: Callable[[str], ModelIndex]) -> None:
    tools = ModelTools([index_of(HOUSE)])
    names = [t.name for t in tools.tools()]
    assert "list_models" not in names
    assert all("model" not in t.input_schema.get("properties", {}) for t in tools.tools())


def test_two_files_with_the_same_name_are_refused(index_of: Callable[[str], ModelIndex]) -> None:
    with pytest.raises(IfcqaError, match="Two served files are both named 'IfcOpenHouse_IFC4.ifc'"):
        ModelTools([index_of(HOUSE), index_of(HOUSE)])


def test_a_bad_file_stops_the_server_before_it_serves(tmp_path: Path) -> None:
    empty = tmp_path / "empty.ifc"
    empty.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "ifcqa.cli.main", "mcp", str(empty), "--no-cache"], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stderr == f"error: {empty}: the file is empty (0 bytes). Re-export or re-download it.\n"
