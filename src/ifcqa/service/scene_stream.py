"""The 3D scene streamed to the page as it is tessellated: framed GLB parts and progress.

``GET /api/models/{id}/scene.stream`` answers ``application/x-ifcqa-scene`` (:data:`MEDIA_TYPE`), a
sequence of frames, each ``u32 header length, header JSON, u32 payload length, payload`` (little-endian):

- ``{"kind": "progress", "done": n, "total": N}`` (no payload): elements shaped so far, of about N;
- ``{"kind": "part", "done": n, "total": N}`` + a GLB: the elements shaped since the last part (the
  layout of :mod:`ifcqa.service.scene`; its ``asset.extras.ifcqa.offset`` places it). On a cached scene
  one part holds the whole cached GLB;
- ``{"kind": "end", "elements": n, "parts": {...}, "untessellated": {...}, "offset": [x, y, z]}``: the
  scene is complete (the aggregate parts and the elements IfcOpenShell could not shape, as in the
  cached GLB's extras);
- ``{"kind": "error", "message": "..."}``: the scene cannot be built.

A cold stream sends its first part once the first elements are shaped (``FIRST_PART_S`` after the
first), so the page draws triangles long before the model is complete; the complete GLB is cached as
before and a warm stream is one part.
"""

from __future__ import annotations

import asyncio
import json
import struct
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path
from typing import Any

from ifcqa.errors import IfcqaError

MEDIA_TYPE = "application/x-ifcqa-scene"


def frame(header: dict[str, Any], payload: bytes = b"") -> bytes:
    """One frame of the stream."""
    text = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<I", len(text)) + text + struct.pack("<I", len(payload)) + payload


def read_frames(data: bytes) -> list[tuple[dict[str, Any], bytes]]:
    """The frames of a whole stream body (for tests and clients)."""
    frames = []
    at = 0
    while at < len(data):
        (size,) = struct.unpack_from("<I", data, at)
        header = json.loads(data[at + 4 : at + 4 + size])
        at += 4 + size
        (length,) = struct.unpack_from("<I", data, at)
        frames.append((header, data[at + 4 : at + 4 + length]))
        at += 4 + length
    return frames


def glb_extras(data: bytes) -> dict[str, Any]:
    """``asset.extras.ifcqa`` of a GLB's bytes (its JSON chunk only is read)."""
    (json_length,) = struct.unpack_from("<I", data, 12)
    document = json.loads(data[20 : 20 + json_length])
    extras: dict[str, Any] = document.get("asset", {}).get("extras", {}).get("ifcqa", {})
    return extras


def _end(extras: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "end", "elements": extras.get("elements", 0), "parts": extras.get("parts", {}),
            "untessellated": extras.get("untessellated", {}), "offset": extras.get("offset", [0, 0, 0])}


async def scene_frames(path: Path, cache_dir: Path, sha256: str) -> AsyncIterator[bytes]:
    """The frames of the scene of the model file at ``path`` (see the module docstring)."""
    from ifcqa.service.scene import scene_glb

    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[dict[str, Any], bytes] | None] = asyncio.Queue()
    streamed = False

    def listener(message: tuple[Any, ...]) -> None:
        nonlocal streamed
        if message[0] == "part":
            streamed = True
            item = ({"kind": "part", "done": message[2], "total": message[3]}, message[1])
        elif message[0] == "progress":
            item = ({"kind": "progress", "done": message[1], "total": message[2]}, b"")
        else:
            return
        loop.call_soon_threadsafe(queue.put_nowait, item)

    def build() -> Path:
        try:
            return scene_glb(path, cache_dir, sha256=sha256, listener=listener)
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, None)

    task = asyncio.ensure_future(asyncio.to_thread(build))  # goes on when the page leaves: it fills the cache
    while (item := await queue.get()) is not None:
        yield frame(*item)
    try:
        built = await task
    except IfcqaError as error:
        yield frame({"kind": "error", "message": str(error)})
        return
    data = await asyncio.to_thread(partial(built.read_bytes))
    extras = glb_extras(data)
    if not streamed:  # cached (or built without a worker): the whole scene in one part
        count = int(extras.get("elements", 0))
        yield frame({"kind": "part", "done": count, "total": count}, data)
    yield frame(_end(extras))
