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

A cold stream sends its first part as soon as an element is shaped (``FIRST_PART_S``), so the page
draws triangles long before the model is complete; the complete GLB is cached as before and a warm
stream is one part. A cold build is a :class:`SceneBuild` that every stream of the same
scene joins (a second page gets the parts so far, then the rest); it runs to the end in its own thread
even when no page reads it any more.
"""

from __future__ import annotations

import asyncio
import json
import struct
import threading
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


class SceneBuild:
    """One running cold build of a scene: the parts told so far and the latest progress, for every stream."""

    def __init__(self) -> None:
        self.parts: list[tuple[dict[str, Any], bytes]] = []
        self.progress: tuple[int, int] = (0, 0)
        self.finished = False
        self.path: Path | None = None
        self.error: str | None = None
        self.changed = threading.Condition()

    def tell(self, message: tuple[Any, ...]) -> None:
        """The listener of :func:`~ifcqa.service.scene.scene_glb`."""
        with self.changed:
            if message[0] == "part":
                self.parts.append(({"kind": "part", "done": message[2], "total": message[3]}, message[1]))
                self.progress = (message[2], message[3])
            elif message[0] == "progress":
                self.progress = (message[1], message[2])
            else:
                return
            self.changed.notify_all()

    def wait(self, parts: int, progress: tuple[int, int], timeout: float = 1.0) -> None:
        """Return when there is news (a part beyond ``parts``, other progress, the end) or after ``timeout``."""
        with self.changed:
            self.changed.wait_for(lambda: self.finished or len(self.parts) > parts or self.progress != progress,
                                  timeout)


_builds: dict[tuple[str, str], SceneBuild] = {}
_builds_guard = threading.Lock()


def join_build(path: Path, cache_dir: Path, sha256: str) -> SceneBuild:
    """The running build of this scene, or a new one started in a thread (it runs to the end, filling the cache,
    whoever still reads it: a page that leaves does not stop it, a second page joins it)."""
    from ifcqa.service.scene import scene_glb

    key = (str(cache_dir), sha256)
    with _builds_guard:
        running = _builds.get(key)
        if running is not None:
            return running
        build = _builds[key] = SceneBuild()

    def run() -> None:
        try:
            build.path = scene_glb(path, cache_dir, sha256=sha256, listener=build.tell)
        except IfcqaError as error:
            build.error = str(error)
        except Exception as error:  # noqa: BLE001 - reported to the page; the server goes on
            build.error = f"The 3D scene could not be built: {error}"
        finally:
            with _builds_guard:
                _builds.pop(key, None)
            with build.changed:
                build.finished = True
                build.changed.notify_all()

    threading.Thread(target=run, name=f"scene-{sha256[:8]}", daemon=True).start()
    return build


async def scene_frames(path: Path, cache_dir: Path, sha256: str) -> AsyncIterator[bytes]:
    """The frames of the scene of the model file at ``path`` (see the module docstring)."""
    from ifcqa.service.scene import scene_path

    cached = scene_path(sha256, cache_dir)
    sent = 0
    if not cached.is_file():
        build = join_build(path, cache_dir, sha256)
        progress = (-1, -1)
        while True:
            await asyncio.to_thread(build.wait, sent, progress)
            with build.changed:
                parts, now, finished = build.parts[sent:], build.progress, build.finished
            for part in parts:
                yield frame(*part)
            sent += len(parts)
            if now != progress and not parts and now[1] > 0:
                yield frame({"kind": "progress", "done": now[0], "total": now[1]})
            progress = now
            if finished:
                break
        if build.error is not None:
            yield frame({"kind": "error", "message": build.error})
            return
        cached = build.path or cached
    data = await asyncio.to_thread(partial(cached.read_bytes))
    extras = glb_extras(data)
    if not sent:  # cached (or built without a worker): the whole scene in one part
        count = int(extras.get("elements", 0))
        yield frame({"kind": "part", "done": count, "total": count}, data)
    yield frame(_end(extras))
