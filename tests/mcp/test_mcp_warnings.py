"""The MCP face shows a served file's recoverable parse problems and survives a failing tool."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from mcp_types import TextContent

from ifcqa.index import load_index
from ifcqa.mcp.server import ModelTools
from ifcqa.tools import registry

HOUSE = "IfcOpenHouse_IFC4.ifc"
OWNER_HISTORY = "#5=IFCOWNERHISTORY(#3,#4,$,.ADDED.,1399297334,#3,#4,1399297334);"


def payload(result: Any) -> Any:
    [content] = result.content
    assert isinstance(content, TextContent)
    return json.loads(content.text)


@pytest.fixture
def served(shared_ifc: Path, tmp_path: Path) -> ModelTools:
    text = (shared_ifc / HOUSE).read_text()
    warned = tmp_path / "warned.ifc"
    warned.write_text(text.replace(OWNER_HISTORY, OWNER_HISTORY.replace(".ADDED.", ".READWRITE.")))
    clean = tmp_path / HOUSE
    shutil.copyfile(shared_ifc / HOUSE, clean)
    return ModelTools([load_index(warned, use_cache=False), load_index(clean, use_cache=False)])


def test_model_summary_and_list_models_carry_the_warnings(served: ModelTools) -> None:
    summary = payload(served.call("model_summary", {"model": "warned.ifc"}))
    assert summary["warnings"] == [
        {
            "entity_id": 5,
            "ifc_class": "IfcOwnerHistory",
            "attribute": "ChangeAction",
            "problem": "'.READWRITE.' is not a literal of IfcChangeActionEnum; read as unset",
        }
    ]
    assert payload(served.call("model_summary", {"model": HOUSE}))["warnings"] == []
    rows = {row["model"]: row for row in payload(served.call("list_models", {}))["models"]}
    assert len(rows["warned.ifc"]["warnings"]) == 1 and rows[HOUSE]["warnings"] == []


@pytest.mark.usefixtures("scratch_registries")
def test_a_tool_that_fails_unexpectedly_is_an_error_result_not_a_dead_session(
    served: ModelTools, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(index: Any, **kwargs: Any) -> dict[str, Any]:
        raise ZeroDivisionError("division by zero")

    spec = registry.get_tool("list_storeys")
    registry.TOOLS.override("list_storeys", broken, spec=dataclasses.replace(spec, function=broken))
    result = served.call("list_storeys", {"model": HOUSE})
    assert result.is_error is True
    assert payload(result) == {
        "error": {
            "code": "internal_error",
            "message": "list_storeys failed unexpectedly (ZeroDivisionError: division by zero); a bug in ifcqa.",
        }
    }
    assert payload(served.call("list_buildings", {"model": HOUSE}))["buildings"]  # the session goes on
