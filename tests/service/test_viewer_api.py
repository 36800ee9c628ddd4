"""The viewer API on a real server: the streamed scene, the spatial tree and projects, checked with IfcOpenShell."""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as ifc_element
import pytest
from service_helpers import LiveServer, start_server

from ifcqa.service import scene
from ifcqa.service.app import create_app
from ifcqa.service.scene_stream import read_frames


def _bodies(path: Path) -> set[str]:
    model = ifcopenshell.open(str(path))
    return {p.GlobalId for p in model.by_type("IfcProduct")
            if p.Representation is not None and not p.is_a("IfcOpeningElement")}


def _glb_nodes(data: bytes) -> tuple[list[str], dict]:
    (length,) = struct.unpack_from("<I", data, 12)
    document = json.loads(data[20 : 20 + length])
    return [node["name"] for node in document.get("nodes", [])], document["asset"]["extras"]["ifcqa"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = start_server(create_app(tmp_path / "models", embedder="none"))
    yield live
    live.stop()


def test_scene_stream_sends_parts_then_the_cached_scene(server: LiveServer, sample_ifc: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene, "FIRST_PART_S", 0.0)  # a part per shaped element
    monkeypatch.setattr(scene, "PART_EVERY_S", 0.0)
    with server.client(timeout=300) as client:
        model_id = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())}).json()["id"]
        cold = client.get(f"/api/models/{model_id}/scene.stream")
        assert cold.status_code == 200 and cold.headers["content-type"] == "application/x-ifcqa-scene"
        frames = read_frames(cold.content)
        kinds = [header["kind"] for header, _ in frames]
        assert kinds[-1] == "end" and "error" not in kinds
        parts = [(header, payload) for header, payload in frames if header["kind"] == "part"]
        assert len(parts) > 5  # streamed, not one block
        done = [header["done"] for header, _ in frames if header["kind"] in ("part", "progress")]
        assert done == sorted(done) and done[-1] == frames[0][0]["total"]
        streamed: list[str] = []
        offsets = set()
        for _, payload in parts:
            names, extras = _glb_nodes(payload)
            streamed += names
            offsets.add(tuple(extras["offset"]))
        expected = _bodies(sample_ifc)
        assert sorted(streamed) == sorted(expected)  # every element once, across the parts
        assert len(offsets) == 1  # one origin for every part
        assert frames[-1][0]["elements"] == len(expected)

        cached = client.get(f"/api/models/{model_id}/scene.glb").content
        assert sorted(_glb_nodes(cached)[0]) == sorted(expected)
        response = client.get(f"/api/models/{model_id}/scene.stream")
        warm = read_frames(response.content)
        again = client.get(f"/api/models/{model_id}/scene.stream", headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304 and not again.content  # a reload reads the cached scene from its own cache
        assert [header["kind"] for header, _ in warm] == ["part", "end"]
        assert warm[0][1] == cached  # the cached GLB, whole
        assert warm[1][0] == frames[-1][0]


def test_tree_matches_the_spatial_structure(live: LiveServer, model_id: str, sample_ifc: Path) -> None:
    with live.client() as client:
        response = client.get(f"/api/models/{model_id}/tree")
        again = client.get(f"/api/models/{model_id}/tree")
        revalidated = client.get(f"/api/models/{model_id}/tree", headers={"If-None-Match": response.headers["etag"]})
    tree = response.json()
    # built once, kept: the same bytes and ETag again; a reload that has them gets a 304 without a body
    assert again.content == response.content and again.headers["etag"] == response.headers["etag"]
    assert response.headers["content-type"] == "application/json" and "no-cache" in response.headers["cache-control"]
    assert revalidated.status_code == 304 and not revalidated.content
    model = ifcopenshell.open(str(sample_ifc))
    parent_of: dict[str, str] = {}

    def walk(node: dict, parent: str | None) -> None:
        if parent is not None:
            parent_of[node["guid"]] = parent
        for child in node["children"]:
            walk(child, node["guid"])

    (root,) = tree["roots"]
    assert root["class"] == "IfcProject"
    walk(root, None)
    for product in model.by_type("IfcProduct"):
        if product.is_a("IfcOpeningElement"):
            assert product.GlobalId not in parent_of
            continue
        aggregate = ifc_element.get_aggregate(product)
        contained = [rel.RelatingStructure for rel in getattr(product, "ContainedInStructure", ()) or ()]
        want = aggregate if aggregate is not None or product.is_a("IfcSpatialStructureElement") else (
            contained[0] if contained else None)
        if want is None:  # a door: under its resolved storey, through its host
            assert product.GlobalId in parent_of
            continue
        assert parent_of[product.GlobalId] == want.GlobalId, product
    storeys = [n for n in root["children"][0]["children"][0]["children"] if n["class"] == "IfcBuildingStorey"]
    elevations = [model.by_guid(n["guid"]).Elevation for n in storeys]
    assert elevations == sorted(elevations)


def test_projects_list_their_models_and_serve_their_scenes(tmp_path: Path) -> None:
    from ifcqa.sample.federated import write_federated_project

    sample = write_federated_project(tmp_path / "elsewhere", storeys=1, rooms_per_storey=1)
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    project_file = models_dir / sample.project.name  # the project in the folder, its models outside it
    document = json.loads(sample.project.read_text())
    document["files"] = [f"../elsewhere/{name}" for name in document["files"]]
    project_file.write_text(json.dumps(document))
    (models_dir / "Broken.ifcqa-project.json").write_text("{not json")
    live = start_server(create_app(models_dir, embedder="none"))
    try:
        with live.client(timeout=300) as client:
            projects = client.get("/api/projects").json()["projects"]
            assert [p["name"] for p in projects] == [document["name"]]  # the unreadable one is left out
            (project,) = projects
            assert [m["file"] for m in project["models"]] == document["files"]
            assert client.get(f"/api/projects/{project['id']}").json() == project
            for row, path in zip(project["models"], sample.files, strict=True):
                assert not row["missing"] and row["name"] == path.name
                frames = read_frames(client.get(f"/api/models/{row['id']}/scene.stream").content)
                streamed = [n for header, payload in frames if header["kind"] == "part" for n in _glb_nodes(payload)[0]]
                assert sorted(streamed) == sorted(_bodies(path))
            missing = client.get("/api/projects/Nope")
            assert missing.status_code == 404 and "GET /api/projects" in missing.json()["error"]["message"]
            broken = client.get("/api/projects/Broken")
            assert broken.status_code == 422
    finally:
        live.stop()


def test_two_pages_opening_a_cold_scene_share_one_build(server: LiveServer, sample_ifc: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from ifcqa.service import scene_stream

    monkeypatch.setattr(scene, "FIRST_PART_S", 0.0)
    monkeypatch.setattr(scene, "PART_EVERY_S", 0.0)
    builds: list[str] = []
    real = scene.scene_glb

    def counted(*args: object, **kwargs: object) -> Path:
        builds.append("build")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scene, "scene_glb", counted)
    with server.client(timeout=300) as client:
        model_id = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())}).json()["id"]
    bodies: list[list[tuple[dict, bytes]]] = [[], []]

    def read(slot: int) -> None:
        with server.client(timeout=300) as client:
            bodies[slot] = read_frames(client.get(f"/api/models/{model_id}/scene.stream").content)

    threads = [threading.Thread(target=read, args=(slot,)) for slot in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    expected = sorted(_bodies(sample_ifc))
    for frames in bodies:
        assert frames and frames[-1][0]["kind"] == "end"
        names = [n for header, payload in frames if header["kind"] == "part" for n in _glb_nodes(payload)[0]]
        assert sorted(names) == expected
    assert builds == ["build"]  # the second page joined the first one's build (or read its cached result)
    assert scene_stream._builds == {}


def test_scene_build_starts_the_cached_scene_and_the_file_route_serves_registered_models(
        server: LiveServer, sample_ifc: Path) -> None:
    import time

    with server.client(timeout=300) as client:
        upload = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())}).json()
        model_id = upload["id"]
        assert upload["scene_cached"] is False
        assert client.post(f"/api/models/{model_id}/scene.build", json={}).json() == {"cached": False}
        deadline = time.monotonic() + 300
        while not client.get(f"/api/models/{model_id}").json()["scene_cached"]:
            assert time.monotonic() < deadline, "the scene was never built"
            time.sleep(0.2)
        assert client.post(f"/api/models/{model_id}/scene.build", json={}).json() == {"cached": True}
        assert [m["scene_cached"] for m in client.get("/api/models").json()["models"]] == [True]
        stream = read_frames(client.get(f"/api/models/{model_id}/scene.stream").content)
        names, _ = _glb_nodes(next(payload for header, payload in stream if header["kind"] == "part"))
        assert set(names) == _bodies(sample_ifc)  # the build's scene is the cached one the stream sends

        served = client.get(f"/api/models/{model_id}/file")
        assert served.status_code == 200 and served.content == sample_ifc.read_bytes()
        assert served.headers["etag"] == f'"{upload["sha256"]}"'
        for route in ("file", "scene.build"):
            method = client.get if route == "file" else client.post
            missing = method(f"/api/models/0123456789abcdef/{route}", **({} if route == "file" else {"json": {}}))
            assert missing.status_code == 404 and "No model" in missing.json()["error"]["message"]
