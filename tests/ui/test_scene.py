"""The GLB scene of a model (service/scene.py), checked against raw IfcOpenShell on the generated sample."""

from __future__ import annotations

import struct
from pathlib import Path

import ifcopenshell
import ifcopenshell.geom
import numpy as np
import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.sample import write_sample_model
from ifcqa.service import scene
from ifcqa.service.scene import read_glb, scene_glb, scene_path

_COMPONENTS = {5126: np.float32, 5123: np.uint16, 5125: np.uint32}


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sample_model(tmp_path_factory.mktemp("scene") / "house.ifc", storeys=2, rooms_per_storey=2)


def _with_body(model: ifcopenshell.file) -> dict[str, ifcopenshell.entity_instance]:
    """GlobalId -> product, for every product with a Body representation (openings are cut, not drawn)."""
    found = {}
    for product in model.by_type("IfcProduct"):
        if product.is_a("IfcOpeningElement") or product.Representation is None:
            continue
        if any(r.RepresentationIdentifier == "Body" for r in product.Representation.Representations):
            found[product.GlobalId] = product
    return found


def _accessor(document: dict, binary: bytes, index: int) -> np.ndarray:
    accessor = document["accessors"][index]
    view = document["bufferViews"][accessor["bufferView"]]
    dtype = _COMPONENTS[accessor["componentType"]]
    width = 3 if accessor["type"] == "VEC3" else 1
    start = view["byteOffset"] + accessor["byteOffset"]
    data = np.frombuffer(binary, dtype=dtype, count=accessor["count"] * width, offset=start)
    return data.reshape(-1, 3) if width == 3 else data


@pytest.mark.parametrize("schema", ["IFC4", "IFC2X3"])
def test_every_product_with_a_body_is_one_named_node(schema: str, tmp_path: Path) -> None:
    sample = write_sample_model(tmp_path / f"{schema}.ifc", storeys=2, rooms_per_storey=2, schema=schema)
    document, _ = read_glb(scene_glb(sample, tmp_path))
    assert document["asset"]["extras"]["ifcqa"]["schema"] == schema
    model = ifcopenshell.open(str(sample))
    expected = _with_body(model)
    assert len(expected) > 20
    names = [node["name"] for node in document["nodes"]]
    assert sorted(names) == sorted(expected)  # one node each, none twice, no opening
    meshes = [node["mesh"] for node in document["nodes"]]
    assert len(set(meshes)) == len(meshes)  # one mesh per element, never shared
    for node in document["nodes"]:
        product = expected[node["name"]]
        assert node["extras"] == {"id": product.id(), "class": product.is_a()}
        assert document["meshes"][node["mesh"]]["name"] == product.GlobalId
    drawn = [expected[node["name"]] for node in document["nodes"]]
    for kind in ("IfcWall", "IfcSlab", "IfcDoor", "IfcWindow", "IfcSpace"):
        assert any(p.is_a(kind) for p in drawn), kind


def test_geometry_matches_ifcopenshell_in_metres_y_up(sample: Path, tmp_path: Path) -> None:
    document, binary = read_glb(scene_glb(sample, tmp_path))
    offset = np.array(document["asset"]["extras"]["ifcqa"]["offset"])
    model = ifcopenshell.open(str(sample))
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    walls = {w.GlobalId: w for w in model.by_type("IfcWall")}
    checked = 0
    for node in document["nodes"]:
        if node["name"] not in walls:
            continue
        points = []
        for primitive in document["meshes"][node["mesh"]]["primitives"]:
            positions = _accessor(document, binary, primitive["attributes"]["POSITION"]).astype(np.float64)
            indices = _accessor(document, binary, primitive["indices"])
            assert indices.max() < len(positions) and len(indices) % 3 == 0
            points.append(positions)
        gltf = np.concatenate(points)
        ifc = np.column_stack([gltf[:, 0], -gltf[:, 2], gltf[:, 1]]) + offset  # glTF Y up back to IFC Z up
        shape = ifcopenshell.geom.create_shape(settings, walls[node["name"]])
        raw = np.array(shape.geometry.verts, dtype=np.float64).reshape(-1, 3)
        np.testing.assert_allclose(ifc.min(axis=0), raw.min(axis=0), atol=1e-4)
        np.testing.assert_allclose(ifc.max(axis=0), raw.max(axis=0), atol=1e-4)
        checked += 1
    assert checked == len(walls)


def test_layout_is_compact_and_valid(sample: Path, tmp_path: Path) -> None:
    path = scene_glb(sample, tmp_path)
    data = path.read_bytes()
    magic, version, length = struct.unpack_from("<III", data)
    assert (magic, version, length) == (0x46546C67, 2, len(data))
    document, binary = read_glb(path)
    assert len(document["bufferViews"]) == 2 and document["buffers"][0]["byteLength"] == len(binary)
    for primitive in (p for m in document["meshes"] for p in m["primitives"]):
        assert set(primitive["attributes"]) == {"POSITION"}  # no normals: flat shading in three.js
        position = document["accessors"][primitive["attributes"]["POSITION"]]
        indices = document["accessors"][primitive["indices"]]
        assert position["componentType"] == 5126
        assert indices["componentType"] == (5123 if position["count"] < 65536 else 5125)
    spaces = [n for n in document["nodes"] if n["extras"]["class"] == "IfcSpace"]
    for node in spaces:  # spaces are always see-through
        for primitive in document["meshes"][node["mesh"]]["primitives"]:
            assert document["materials"][primitive["material"]]["pbrMetallicRoughness"]["baseColorFactor"][3] < 1


def test_second_call_is_a_cache_hit(sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = scene_glb(sample, tmp_path)
    stamp = first.stat().st_mtime_ns

    def refuse(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("tessellated twice")

    monkeypatch.setattr(scene, "build_glb", refuse)
    assert scene_glb(sample, tmp_path) == first
    index = load_index(sample, cache=IndexCache(tmp_path / "index"))
    assert scene_glb(index, tmp_path) == first  # an index of the same content hits the same entry
    assert first.stat().st_mtime_ns == stamp
    assert first == scene_path(index.data.source.sha256, tmp_path)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".glb")] == [first.name]  # no temp file left


def test_other_content_gets_its_own_entry(tmp_path: Path) -> None:
    one = write_sample_model(tmp_path / "one.ifc", storeys=1, rooms_per_storey=1, seed=1)
    two = write_sample_model(tmp_path / "two.ifc", storeys=1, rooms_per_storey=1, seed=2)
    assert scene_glb(one, tmp_path / "c") != scene_glb(two, tmp_path / "c")
