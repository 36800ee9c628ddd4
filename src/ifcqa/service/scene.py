"""The 3D scene of a model: one GLB per file content hash, tessellated by IfcOpenShell on the server.

``scene_glb(path_or_index, cache_dir)`` returns the path of ``<sha256>.scene.v<N>.glb`` in the cache folder,
building it on the first call for that content (the multi-threaded geometry iterator, once) and reading it
from disk after that. The web UI loads it with three.js's GLTFLoader.

What the file holds:

- one node per product the iterator can shape (openings excepted: they are already cut out of their hosts),
  named by its GlobalId, with ``extras`` ``{"id": step id, "class": IFC class}``;
- one mesh per node (never shared or merged across elements, so each element can be highlighted, ghosted or
  hidden alone), one primitive per colour the element's surface styles give (styles of one colour share one:
  every primitive is a draw call);
- positions as float32 in metres, Y up (IFC's Z), re-centred on the model's box so float32 keeps millimetres
  on georeferenced models (the offset is in ``asset.extras.ifcqa.offset``, IFC axes); indices as uint16 where
  the element has fewer than 65,536 vertices, else uint32; no normals (three.js shades meshes without normals
  flat, which suits IFC's planar faces and halves the file);
- materials from the IFC surface styles, else a colour per class (``CLASS_COLOURS``); spaces are always
  see-through.
"""

from __future__ import annotations

import json
import os
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ifcopenshell
import ifcopenshell.geom
import numpy as np

from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.cachedir import default_cache_dir
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc.cycles import unshapeable
from ifcqa.ifc.open import open_model
from ifcqa.index.geometry import shape_each_guarded
from ifcqa.native import NativeCrash, call_native, worker_path
from ifcqa.native.worker import tell

if TYPE_CHECKING:
    from ifcqa.index.model_index import ModelIndex

THREADS_ENV = "IFCQA_SCENE_THREADS"
FIRST_PART_S = 0.0  # a streamed scene's first part goes as soon as an element is shaped: first triangles first
PART_EVERY_S = 0.6  # then the next part after this long, each wait 1.5 times the last (at most PART_MAX_S): the
PART_MAX_S = 4.0  # page parses and draws each part, on the cores that tessellate when browser and server share them
Listener = Callable[[tuple[Any, ...]], None]

SCENE_FORMAT = 3  # bump when the GLB layout changes: old cache entries are then ignored
EXCLUDED_CLASSES = ("IfcOpeningElement",)

RGBA = tuple[float, float, float, float]

# Checked in order with ``is_a`` (subclasses included); the first match colours an element without a style.
CLASS_COLOURS: tuple[tuple[str, RGBA], ...] = (
    ("IfcSpace", (0.55, 0.75, 0.95, 0.18)),
    ("IfcWindow", (0.62, 0.80, 0.92, 0.45)),
    ("IfcPlate", (0.62, 0.80, 0.92, 0.45)),
    ("IfcDoor", (0.62, 0.45, 0.30, 1.0)),
    ("IfcWall", (0.90, 0.88, 0.82, 1.0)),
    ("IfcCurtainWall", (0.70, 0.82, 0.90, 0.6)),
    ("IfcSlab", (0.66, 0.66, 0.66, 1.0)),
    ("IfcRoof", (0.65, 0.32, 0.25, 1.0)),
    ("IfcCovering", (0.80, 0.78, 0.74, 1.0)),
    ("IfcColumn", (0.60, 0.60, 0.64, 1.0)),
    ("IfcBeam", (0.58, 0.58, 0.62, 1.0)),
    ("IfcMember", (0.58, 0.58, 0.62, 1.0)),
    ("IfcStair", (0.72, 0.68, 0.60, 1.0)),
    ("IfcStairFlight", (0.72, 0.68, 0.60, 1.0)),
    ("IfcRamp", (0.72, 0.68, 0.60, 1.0)),
    ("IfcRailing", (0.40, 0.40, 0.44, 1.0)),
    ("IfcFurnishingElement", (0.80, 0.62, 0.38, 1.0)),
    ("IfcDistributionElement", (0.95, 0.60, 0.20, 1.0)),
    ("IfcSite", (0.55, 0.68, 0.45, 1.0)),
    ("IfcBuildingElementProxy", (0.70, 0.70, 0.60, 1.0)),
    ("IfcProduct", (0.78, 0.78, 0.78, 1.0)),
)

_ARRAY_BUFFER, _ELEMENT_ARRAY_BUFFER = 34962, 34963
_FLOAT, _UNSIGNED_SHORT, _UNSIGNED_INT = 5126, 5123, 5125
_GLB_MAGIC, _JSON_CHUNK, _BIN_CHUNK = 0x46546C67, 0x4E4F534A, 0x004E4942

_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


@dataclass
class _Part:
    """One element's triangles in one style."""

    positions: np.ndarray  # (n, 3) float64, IFC axes, metres
    indices: np.ndarray  # (m,) int, into positions
    colour: RGBA


@dataclass
class _Shape:
    guid: str
    step_id: int
    ifc_class: str
    parts: list[_Part] = field(default_factory=list)


def scene_path(sha256: str, cache_dir: str | Path | None = None) -> Path:
    """Where the GLB of the file with this content hash is cached."""
    directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return directory / f"{sha256}.scene.v{SCENE_FORMAT}.glb"


def scene_glb(
    source: str | Path | ModelIndex,
    cache_dir: str | Path | None = None,
    *,
    threads: int | None = None,
    sha256: str | None = None,
    listener: Listener | None = None,
) -> Path:
    """Return the path of the model's GLB scene, tessellating it on the first call for this content.

    Blocking (seconds on a large model when cold): call it off the event loop. Concurrent calls for the
    same content wait for one build.

    Args:
        source: an IFC file, or a loaded :class:`~ifcqa.index.model_index.ModelIndex` (its file is read,
            and its already-opened model reused).
        cache_dir: the cache folder (the index cache's, by default ``$IFCQA_CACHE_DIR`` or ``~/.cache/ifcqa``).
        threads: geometry iterator threads, default all cores.
        sha256: the file's SHA-256 when the caller knows it (saves reading the file on a cached scene).
        listener: when given and the scene is built by this call, it receives the scene as it is tessellated:
            ``("part", glb_bytes, done, total)`` (a GLB of the elements shaped since the last part, each
            re-centred on the first part's ``offset``) and ``("progress", done, total)``. A rebuild after
            a crash sends some elements again: the receiver keeps the first of each GlobalId.

    Returns:
        ``<cache_dir>/<sha256>.scene.v<N>.glb``.
    """
    index = None if isinstance(source, (str, Path)) else source
    path = Path(source) if isinstance(source, (str, Path)) else source.path
    if sha256 is None:
        sha256 = index.data.source.sha256 if index is not None else file_sha256(path)
    target = scene_path(sha256, cache_dir)
    if target.is_file():
        return target
    with _locks_guard:
        lock = _locks.setdefault(sha256, threading.Lock())
    failed = target.with_suffix(".error")
    with lock:
        if target.is_file():  # built by the call we waited for
            return target
        if failed.is_file():  # tessellating it crashed IfcOpenShell before: not tried again
            raise IfcqaError(failed.read_text(encoding="utf-8"))
        worker_file = worker_path(path)
        if worker_file is None:  # a model without its file: in this process
            model = index.model() if index is not None else open_model(path)
            write_atomic(target, build_glb(model, threads=threads))
            return target
        try:
            write_atomic(target, _build_in_workers(worker_file, threads, listener))
        except NativeCrash as crash:
            message = f"{crash}: the 3D scene of this model cannot be built."
            write_atomic(failed, message.encode())
            raise IfcqaError(message) from None
    return target


def scene_threads() -> int:
    """Geometry iterator threads of a scene build: ``$IFCQA_SCENE_THREADS``, default 1.

    One thread, because IfcOpenShell 0.9's iterator took twice as long with 2 threads as with 1 on the
    2-core machine of bench/ui_first_view.py (FZK-Haus 14.6 s against 7.3 s; Heizung-Elektro 15.4 s
    against 10.1 s): set it higher on a machine where threads pay.
    """
    raw = os.environ.get(THREADS_ENV, "").strip()
    if not raw:
        return 1
    try:
        return max(1, int(raw))
    except ValueError:
        raise IfcqaError(f"{THREADS_ENV}={raw!r} is not a number of threads; use e.g. 1 or 4.") from None


def _build_in_workers(path: str, threads: int | None, listener: Listener | None = None) -> bytes:
    """Tessellate in a worker; elements that crash it are found one by one, left out and noted."""
    notes: dict[int, str] = {}
    stream = (FIRST_PART_S, PART_EVERY_S) if listener is not None else None
    try:
        document, binary, missing = call_native(
            "ifcqa.service.scene:tessellate_file", path, threads, [], stream, listener=listener,
            doing="tessellating the 3D scene")
    except NativeCrash:
        hint = _CycleHint(path)
        notes = shape_each_guarded(path, 1.0, lambda *_: None, hint)
        document, binary, missing = call_native(
            "ifcqa.service.scene:tessellate_file", path, threads, sorted(notes), stream, listener=listener,
            doing="tessellating the 3D scene")

    def keep(step_id: int, box: Any, note: str | None) -> None:
        if note is not None:
            notes[step_id] = note

    unexplained = [step_id for step_id, _, _ in missing if step_id not in notes]
    if unexplained:
        notes.update(shape_each_guarded(path, 1.0, keep, _CycleHint(path), only=unexplained))
    document["asset"]["extras"]["ifcqa"]["untessellated"] = {
        guid: {"id": step_id, "class": ifc_class, "reason": notes.get(step_id, "no body IfcOpenShell can shape")}
        for step_id, guid, ifc_class in missing
    }
    return _glb(document, binary)


class _CycleHint:
    """The reference cycle a crash may come from, read (once, in a worker) when a crash happens."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._text: str | None | bool = False

    def __call__(self, step_id: int) -> str | None:
        if self._text is False:
            self._text = call_native("ifcqa.ifc.cycles:cycle_hint_of", self.path, doing="reading reference cycles")
        return self._text if isinstance(self._text, str) else None


def tessellate_file(
    path: str, threads: int | None, exclude: list[int], stream: tuple[float, float] | None = None
) -> tuple[dict[str, Any], bytes, list[tuple[int, str, str]]]:
    """The scene of the model at ``path`` without ``exclude`` (a worker's function, :mod:`ifcqa.native`).

    Returns the GLB's document and binary chunk, and the products with a representation that are not
    in it (step id, GlobalId, class). With ``stream`` (seconds before the first part, between parts), parts
    of the scene are told as they are shaped (see :func:`scene_glb`'s ``listener``).
    """
    from ifcqa.native.worker import model

    opened = model(path)
    streamer = _PartStreamer(opened.schema, *stream) if stream is not None else None
    shapes = _tessellate(opened, threads or scene_threads(), exclude, streamer)
    shaped = {shape.step_id for shape in shapes}
    missing = [
        (product.id(), str(product.GlobalId), product.is_a()) for product in opened.by_type("IfcProduct")
        if product.Representation is not None and product.id() not in shaped
        and not any(product.is_a(c) for c in EXCLUDED_CLASSES)
    ]
    document, binary = _document(shapes, schema=opened.schema)
    document["asset"]["extras"]["ifcqa"]["parts"] = aggregate_parts(opened)
    return document, binary, sorted(missing)


def build_glb(model: ifcopenshell.file, *, threads: int | None = None) -> bytes:
    """Tessellate every shaped product of ``model`` into GLB bytes (see the module docstring)."""
    shapes = _tessellate(model, threads or scene_threads())
    document, binary = _document(shapes, schema=model.schema)
    document["asset"]["extras"]["ifcqa"]["parts"] = aggregate_parts(model)
    return _glb(document, binary)


def aggregate_parts(model: ifcopenshell.file) -> dict[str, list[str]]:
    """GlobalId of each aggregating element (a stair, a roof, a curtain wall) -> its parts' GlobalIds.

    The viewer highlights an aggregate through its parts: the aggregate itself usually has no body.
    Spatial elements (site, building, storey) are left out: their parts are the whole model.
    """
    parts: dict[str, list[str]] = {}
    for rel in model.by_type("IfcRelAggregates"):
        whole = rel.RelatingObject
        if whole is None or not whole.is_a("IfcElement"):
            continue
        guids = [str(p.GlobalId) for p in rel.RelatedObjects or () if p is not None and p.is_a("IfcProduct")]
        parts.setdefault(str(whole.GlobalId), []).extend(guids)
    return parts


def _settings() -> ifcopenshell.geom.settings:
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    settings.set("weld-vertices", True)
    settings.set("no-normals", True)
    settings.set("apply-default-materials", False)
    return settings


class _PartStreamer:
    """Tells the shapes of a running tessellation as GLB parts: the first soon, then at growing intervals."""

    def __init__(self, schema: str, first: float = FIRST_PART_S, every: float = PART_EVERY_S) -> None:
        self.schema = schema
        self.first = first
        self.every = every
        self.wait = first
        self.parts = 0
        self.pending: list[_Shape] = []
        self.offset: np.ndarray | None = None
        self.total = 0
        self.done = 0
        self.last = time.monotonic()
        self.told = 0.0

    def start(self, total: int) -> None:
        self.total = total
        self.last = time.monotonic()
        tell("progress", 0, total)

    def shaped(self, shape: _Shape | None) -> None:
        self.done += 1
        if shape is not None:
            self.pending.append(shape)
        now = time.monotonic()
        if self.pending and now - self.last >= self.wait:
            self.flush()
        elif now - self.told >= 0.1:
            self.told = now
            tell("progress", self.done, self.total)

    def flush(self) -> None:
        if not self.pending:
            return
        if self.offset is None:
            self.offset = _centre(self.pending)
        document, binary = _document(self.pending, schema=self.schema, offset=self.offset)
        tell("part", _glb(document, binary), self.done, self.total)
        self.parts += 1
        self.wait = min(self.every * 1.5 ** (self.parts - 1), max(PART_MAX_S, self.every))
        self.pending = []
        self.last = self.told = time.monotonic()


def _tessellate(
    model: ifcopenshell.file, threads: int, exclude: list[int] | None = None, streamer: _PartStreamer | None = None
) -> list[_Shape]:
    shapes: list[_Shape] = []
    if not model.by_type("IfcProduct"):
        return shapes
    left_out = [model.by_id(i) for i in {*(exclude or ()), *unshapeable(model)}]
    left_out += [p for c in EXCLUDED_CLASSES for p in model.by_type(c)]
    if len(left_out) == len(model.by_type("IfcProduct")):
        return shapes
    if streamer is not None:
        skipped = {p.id() for p in left_out}
        streamer.start(sum(1 for p in model.by_type("IfcProduct")
                           if p.Representation is not None and p.id() not in skipped))
    iterator = ifcopenshell.geom.iterator(_settings(), model, threads, exclude=left_out or list(EXCLUDED_CLASSES))
    if not iterator.initialize():
        return shapes
    while True:
        shape = _read_shape(iterator.get())
        if shape is not None:
            shapes.append(shape)
        if streamer is not None:
            streamer.shaped(shape)
        tell("tick")
        if not iterator.next():
            break
    if streamer is not None:
        streamer.flush()
    shapes.sort(key=lambda s: s.step_id)  # the iterator's order depends on its threads; the file must not
    return shapes


def _read_shape(element: Any) -> _Shape | None:
    geometry = element.geometry
    verts = np.frombuffer(geometry.verts_buffer, dtype=np.float64)
    faces = np.frombuffer(geometry.faces_buffer, dtype=np.int32)
    if not verts.size or not faces.size:
        return None
    product = element.product
    guid = str(element.guid or product.GlobalId)
    shape = _Shape(guid=guid, step_id=int(element.id), ifc_class=product.is_a())
    positions = verts.reshape(-1, 3)
    triangles = faces.reshape(-1, 3)
    material_ids = np.frombuffer(geometry.material_ids_buffer, dtype=np.int32)
    if material_ids.size != len(triangles):
        material_ids = np.full(len(triangles), -1, dtype=np.int32)
    styles = list(geometry.materials)
    fallback = class_colour(product)
    by_colour: dict[RGBA, list[int]] = {}  # one part per colour: styles of one colour share a draw call
    for material_id in np.unique(material_ids):
        colour = fallback if material_id < 0 or material_id >= len(styles) else _style_colour(styles[material_id])
        if shape.ifc_class == "IfcSpace":
            colour = (colour[0], colour[1], colour[2], min(colour[3], fallback[3]))
        by_colour.setdefault(colour, []).append(int(material_id))
    for colour, ids in by_colour.items():
        chosen = triangles[np.isin(material_ids, ids)]
        used, remapped = np.unique(chosen.ravel(), return_inverse=True)
        shape.parts.append(_Part(positions=positions[used], indices=remapped.astype(np.int64), colour=colour))
    return shape


def class_colour(product: ifcopenshell.entity_instance) -> RGBA:
    """The colour of an element without a surface style, by its class."""
    for ifc_class, colour in CLASS_COLOURS:
        try:
            if product.is_a(ifc_class):
                return colour
        except RuntimeError:  # a class this schema does not have
            continue
    return CLASS_COLOURS[-1][1]


def _style_colour(style: Any) -> RGBA:
    red, green, blue = (float(c) for c in style.diffuse.components)
    transparency = float(style.transparency)
    alpha = 1.0 if not np.isfinite(transparency) else max(0.05, min(1.0, 1.0 - transparency))
    return (_unit(red), _unit(green), _unit(blue), alpha)


def _unit(value: float) -> float:
    return max(0.0, min(1.0, value)) if np.isfinite(value) else 0.7


def _document(
    shapes: list[_Shape], *, schema: str, offset: np.ndarray | None = None
) -> tuple[dict[str, Any], bytes]:
    """The shapes as a GLB's document and binary chunk: two buffer views, one accessor pair per part.

    Positions are re-centred on ``offset`` (IFC axes, metres), by default the centre of the shapes' box.
    """
    if offset is None:
        offset = _centre(shapes)
    positions_blob: list[bytes] = []
    indices_blob: list[bytes] = []
    positions_size = indices_size = 0
    accessors: list[dict[str, Any]] = []
    materials: list[dict[str, Any]] = []
    material_of: dict[RGBA, int] = {}
    meshes: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = []
    for shape in shapes:
        primitives = []
        for part in shape.parts:
            local = part.positions - offset
            gltf = np.empty_like(local, dtype=np.float32)  # IFC (x, y, z) -> glTF (x, z, -y): Y up
            gltf[:, 0], gltf[:, 1], gltf[:, 2] = local[:, 0], local[:, 2], -local[:, 1]
            data = gltf.tobytes()
            accessors.append({
                "bufferView": 0, "byteOffset": positions_size, "componentType": _FLOAT, "count": len(gltf),
                "type": "VEC3", "min": [round(float(v), 5) for v in gltf.min(axis=0)],
                "max": [round(float(v), 5) for v in gltf.max(axis=0)],
            })
            positions_blob.append(data)
            positions_size += len(data)
            small = len(gltf) < 65536
            index_data = part.indices.astype(np.uint16 if small else np.uint32).tobytes()
            pad = (-len(index_data)) % 4
            accessors.append({
                "bufferView": 1, "byteOffset": indices_size, "count": len(part.indices), "type": "SCALAR",
                "componentType": _UNSIGNED_SHORT if small else _UNSIGNED_INT,
            })
            indices_blob.append(index_data + b"\0" * pad)
            indices_size += len(index_data) + pad
            if part.colour not in material_of:
                material_of[part.colour] = len(materials)
                materials.append(_material(part.colour))
            primitives.append({
                "attributes": {"POSITION": len(accessors) - 2}, "indices": len(accessors) - 1,
                "material": material_of[part.colour],
            })
        meshes.append({"name": shape.guid, "primitives": primitives})
        nodes.append({
            "name": shape.guid, "mesh": len(meshes) - 1, "extras": {"id": shape.step_id, "class": shape.ifc_class},
        })
    binary = b"".join(positions_blob) + b"".join(indices_blob)
    document: dict[str, Any] = {
        "asset": {
            "version": "2.0", "generator": f"ifcqa scene v{SCENE_FORMAT} (IfcOpenShell {ifcopenshell.version})",
            "extras": {"ifcqa": {"offset": [round(float(v), 6) for v in offset], "units": "m", "schema": schema,
                                 "up": "+Y is IFC +Z; glTF -Z is IFC +Y", "elements": len(nodes)}},
        },
        "scene": 0,
        "scenes": [{"name": "model", "nodes": list(range(len(nodes)))}],
        "nodes": nodes,
    }
    if nodes:
        document["meshes"] = meshes
        document["materials"] = materials
        document["accessors"] = accessors
        document["bufferViews"] = [
            {"buffer": 0, "byteOffset": 0, "byteLength": positions_size, "byteStride": 12, "target": _ARRAY_BUFFER},
            {"buffer": 0, "byteOffset": positions_size, "byteLength": indices_size, "target": _ELEMENT_ARRAY_BUFFER},
        ]
        document["buffers"] = [{"byteLength": len(binary)}]
    return document, binary if nodes else b""


def _centre(shapes: list[_Shape]) -> np.ndarray:
    boxes = [(p.positions.min(axis=0), p.positions.max(axis=0)) for s in shapes for p in s.parts]
    if not boxes:
        return np.zeros(3)
    low = np.min([b[0] for b in boxes], axis=0)
    high = np.max([b[1] for b in boxes], axis=0)
    centre: np.ndarray = np.round((low + high) / 2.0, 3)
    return centre


def _material(colour: RGBA) -> dict[str, Any]:
    material: dict[str, Any] = {
        "pbrMetallicRoughness": {
            "baseColorFactor": [round(c, 4) for c in colour], "metallicFactor": 0.0, "roughnessFactor": 0.9,
        },
        "doubleSided": True,
    }
    if colour[3] < 1.0:
        material["alphaMode"] = "BLEND"
    return material


def _glb(document: dict[str, Any], binary: bytes) -> bytes:
    text = json.dumps(document, separators=(",", ":")).encode()
    text += b" " * ((-len(text)) % 4)
    binary += b"\0" * ((-len(binary)) % 4)
    chunks = struct.pack("<II", len(text), _JSON_CHUNK) + text
    if binary:
        chunks += struct.pack("<II", len(binary), _BIN_CHUNK) + binary
    return struct.pack("<III", _GLB_MAGIC, 2, 12 + len(chunks)) + chunks


def read_glb(path: str | Path) -> tuple[dict[str, Any], bytes]:
    """Split a GLB file into its JSON document and binary chunk (for tests and tools)."""
    data = Path(path).read_bytes()
    magic, version, length = struct.unpack_from("<III", data, 0)
    if magic != _GLB_MAGIC or version != 2 or length != len(data):
        raise ValueError(f"{path}: not a GLB 2.0 file")
    json_length, _ = struct.unpack_from("<II", data, 12)
    document = json.loads(data[20 : 20 + json_length])
    rest = 20 + json_length
    binary = data[rest + 8 :] if rest < len(data) else b""
    return document, binary
