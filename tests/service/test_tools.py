"""Every tool route, summary, element info and storeys over HTTP, answers checked against raw IfcOpenShell."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from service_helpers import LiveServer

from ifcqa.tools import get_tools


@pytest.fixture(scope="module")
def model(sample_ifc: Path) -> ifcopenshell.file:
    return ifcopenshell.open(str(sample_ifc))


@pytest.fixture(scope="module")
def client(live: LiveServer) -> httpx.Client:
    with live.client() as client:
        yield client


def tool_arguments(model: ifcopenshell.file) -> dict[str, dict[str, Any]]:
    """Arguments for every tool, built from the raw file."""
    wall, other_wall = model.by_type("IfcWall")[:2]
    door = model.by_type("IfcDoor")[0]
    space = model.by_type("IfcSpace")[0]
    storey = model.by_type("IfcBuildingStorey")[0]
    wall_type = ue.get_type(wall)
    system = model.by_type("IfcSystem")[0]
    length = "Qto_WallBaseQuantities.Length"
    return {
        "aggregate_values": {"ifc_class": "IfcWall", "quantity": length, "stat": "sum"},
        "ask_spatial": {"question": f"How many doors are on {storey.Name}?"},
        "compare_elements": {"elements": [wall.GlobalId, other_wall.GlobalId], "quantity": length},
        "compare_extents": {"elements": [wall.GlobalId, other_wall.GlobalId], "axis": "z"},
        "count_elements": {"ifc_class": "IfcDoor"},
        "elements_at_point": {"x": 0, "y": 0, "z": 1},
        "find_by_material": {"material": "Concrete"},
        "find_by_property": {"property": "Pset_WallCommon.IsExternal", "value": True},
        "find_elements": {"ifc_class": "IfcWindow"},
        "get_adjacent_spaces": {"space": space.GlobalId},
        "get_bbox": {"element": wall.GlobalId},
        "get_element": {"element": wall.GlobalId},
        "get_host": {"element": door.GlobalId},
        "get_materials": {"element": wall.GlobalId},
        "get_openings": {"host": wall.GlobalId},
        "get_properties": {"element": wall.GlobalId},
        "get_property": {"element": wall.GlobalId, "property": "Pset_WallCommon.IsExternal"},
        "get_quantities": {"element": wall.GlobalId},
        "get_space_boundaries": {"element": space.GlobalId},
        "get_spatial_context": {"element": door.GlobalId},
        "get_system": {"element": system.GlobalId},
        "get_type": {"element": wall.GlobalId},
        "get_type_instances": {"type": wall_type.GlobalId},
        "list_buildings": {},
        "list_classes": {},
        "list_property_sets": {"ifc_class": "IfcWall"},
        "list_storeys": {},
        "list_systems": {},
        "list_types": {},
        "lookup_elements": {"elements": [door.GlobalId], "facts": ["storey"]},
        "model_summary": {},
        "point_in_box": {"element": wall.GlobalId, "x": 0, "y": 0, "z": 1},
        "rank_elements": {"ifc_class": "IfcWall", "quantity": length},
    }


def test_tool_list_matches_the_registry(client: httpx.Client) -> None:
    listed = client.get("/api/tools").json()["tools"]
    specs = get_tools()
    assert [t["name"] for t in listed] == list(specs)
    for row in listed:
        assert row["parameters"] == specs[row["name"]].json_schema() and row["description"]


def test_every_tool_answers_over_http(client: httpx.Client, model_id: str, model: ifcopenshell.file) -> None:
    arguments = tool_arguments(model)
    assert set(arguments) == set(get_tools()), "give the new tool arguments here"
    results = {}
    for name, args in arguments.items():
        response = client.post(f"/api/models/{model_id}/tools/{name}", json=args)
        assert response.status_code == 200, (name, response.text)
        results[name] = response.json()
        assert "error" not in results[name], name
    wall = model.by_type("IfcWall")[0]
    storeys = model.by_type("IfcBuildingStorey")
    assert results["count_elements"]["count"] == len(model.by_type("IfcDoor"))
    assert {e["guid"] for e in results["find_elements"]["elements"]} == {w.GlobalId for w in model.by_type("IfcWindow")}
    assert [s["name"] for s in results["list_storeys"]["storeys"]] == sorted(
        (s.Name for s in storeys), key=lambda n: next(s.Elevation for s in storeys if s.Name == n))
    element = results["get_element"]
    assert (element["id"], element["guid"], element["name"]) == (wall.id(), wall.GlobalId, wall.Name)
    assert element["attributes"]["Description"] == wall.Description
    assert results["get_type"]["type"]["guid"] == ue.get_type(wall).GlobalId
    raw_value = ue.get_psets(wall)["Pset_WallCommon"]["IsExternal"]
    assert results["get_property"]["value"] == raw_value
    lengths = [ue.get_psets(w, qtos_only=True)["Qto_WallBaseQuantities"]["Length"] for w in model.by_type("IfcWall")]
    assert results["aggregate_values"]["value"] == pytest.approx(sum(lengths))
    assert set(results["get_properties"]["property_sets"]) == set(ue.get_psets(wall, psets_only=True))
    door = model.by_type("IfcDoor")[0]
    opening = door.FillsVoids[0].RelatingOpeningElement
    assert results["get_host"]["host"]["guid"] == opening.VoidsElements[0].RelatingBuildingElement.GlobalId
    assert results["model_summary"]["schema"] == model.schema
    storey = storeys[0]
    on_storey = [e for e in ue.get_decomposition(storey) if e.is_a("IfcDoor")]
    assert f"{len(on_storey)} door" in results["ask_spatial"]["answer"]


def test_tool_errors_keep_the_agent_message(client: httpx.Client, model_id: str) -> None:
    unknown = client.post(f"/api/models/{model_id}/tools/count_elemnts", json={})
    bad = client.post(f"/api/models/{model_id}/tools/get_element", json={"element": "0000000000000000000000"})
    extra = client.post(f"/api/models/{model_id}/tools/list_classes", json={"bogus": 1})
    not_object = client.post(f"/api/models/{model_id}/tools/list_classes", json=[1, 2])
    assert unknown.status_code == 404 and "count_elements" in unknown.json()["error"]["message"]
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "tool_error"
    assert "0000000000000000000000" in bad.json()["error"]["message"]
    assert extra.status_code == 400 and "bogus" in extra.json()["error"]["message"]
    assert not_object.status_code == 422 and not_object.json()["error"]["code"] == "invalid_request"


def test_summary_matches_the_file(client: httpx.Client, model_id: str, model: ifcopenshell.file) -> None:
    summary = client.get(f"/api/models/{model_id}/summary").json()
    assert summary["schema"] == model.schema and summary["warnings"] == []
    assert summary["counts"]["IfcDoor"] == len(model.by_type("IfcDoor"))


def test_element_info_matches_the_file(client: httpx.Client, model_id: str, model: ifcopenshell.file) -> None:
    door = model.by_type("IfcDoor")[0]
    info = client.get(f"/api/models/{model_id}/elements/{door.GlobalId}", params={"bbox": "false"}).json()
    assert (info["guid"], info["class"], info["name"], info["matched_by"]) == (
        door.GlobalId, "IfcDoor", door.Name, "global_id")
    raw = ue.get_psets(door, psets_only=True)
    assert set(info["psets"]) == set(raw)
    assert info["storey"]["guid"] == ue.get_container(door).GlobalId and info["bbox"] is None
    by_step = client.get(f"/api/models/{model_id}/elements/%23{door.id()}").json()  # "#123", URL-encoded
    assert by_step["guid"] == door.GlobalId and by_step["matched_by"] == "step_id"
    boxed = client.get(f"/api/models/{model_id}/elements/{door.GlobalId}").json()
    assert boxed["bbox"]["min"] < boxed["bbox"]["max"]
    missing = client.get(f"/api/models/{model_id}/elements/0000000000000000000000")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_storeys_list_the_contained_elements(client: httpx.Client, model_id: str, model: ifcopenshell.file) -> None:
    rows = client.get(f"/api/models/{model_id}/storeys").json()["storeys"]
    assert {r["guid"] for r in rows} == {s.GlobalId for s in model.by_type("IfcBuildingStorey")}
    for row in rows:
        storey = model.by_guid(row["guid"])
        contained = {e.GlobalId for rel in storey.ContainsElements for e in rel.RelatedElements}
        assert contained <= set(row["elements"])
        assert row["elevation"] == pytest.approx(storey.Elevation)


def test_scene_is_a_glb_with_a_node_per_element(client: httpx.Client, model_id: str, model: ifcopenshell.file) -> None:
    import json as _json
    import struct

    response = client.get(f"/api/models/{model_id}/scene.glb")
    assert response.status_code == 200 and response.headers["content-type"] == "model/gltf-binary"
    data = response.content
    magic, version, length = struct.unpack_from("<4sII", data)
    assert (magic, version, length) == (b"glTF", 2, len(data))
    chunk_length, chunk_type = struct.unpack_from("<I4s", data, 12)
    document = _json.loads(data[20:20 + chunk_length])
    names = {node.get("name") for node in document["nodes"]}
    assert {door.GlobalId for door in model.by_type("IfcDoor")} <= names
    missing = client.get("/api/models/0123456789abcdef/scene.glb")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
