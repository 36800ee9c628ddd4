"""The viewer's routes: the streamed 3D scene, the model file for the page's own tessellation (web-ifc) while the
server's scene builds, the spatial tree, and projects (several models in one view)."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, StreamingResponse

from ifcqa.service.routes_models import loaded_model, locked
from ifcqa.service.scene_stream import MEDIA_TYPE, scene_frames
from ifcqa.service.state import get_state, off_loop

router = APIRouter()


@router.get("/api/models/{model_id}/scene.stream", response_class=StreamingResponse,
            responses={200: {"content": {MEDIA_TYPE: {}}}})
async def scene_stream(request: Request, model_id: str) -> Response:
    """The 3D scene as framed GLB parts while it is tessellated, with progress (:mod:`ifcqa.service.scene_stream`).

    A cached scene (one part) has an ETag (its file's name, size and time), so a page reload revalidates it (304:
    the browser reads the 0.3-1.5 MB from its own cache); one being built is ``no-store``.
    """
    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    cached = await off_loop(_cached_scene, store, record.sha256)
    if cached is not None:
        path, size, mtime_ns = cached
        headers = {"ETag": f'"{path.name}-{size}-{mtime_ns}"', "Cache-Control": "private, no-cache"}
        if headers["ETag"] in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
    frames = scene_frames(record.path, store.cache_dir / "scenes", record.sha256)
    return StreamingResponse(frames, media_type=MEDIA_TYPE, headers=headers)


def _cached_scene(store: Any, sha256: str) -> tuple[Path, int, int] | None:
    """The cached scene file of a model's content, its size and modification time (ns), or None."""
    from ifcqa.service.scene import scene_path

    path = scene_path(sha256, store.cache_dir / "scenes")
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return path, stat.st_size, stat.st_mtime_ns


def _scene_cached(store: Any, sha256: str) -> bool:
    from ifcqa.service.scene import scene_path

    return scene_path(sha256, store.cache_dir / "scenes").is_file()


@router.post("/api/models/{model_id}/scene.build")
async def scene_build(request: Request, model_id: str) -> dict[str, Any]:
    """Start building the model's cached scene unless it is cached: ``{"cached": bool}`` (whether it already was).

    The page asks first: when the scene is not cached it draws the model with web-ifc from ``/file`` meanwhile,
    and the next view of the model is the cached one (one GLB part from ``scene.stream``).
    """
    from ifcqa.service.scene_stream import join_build

    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    if await off_loop(_scene_cached, store, record.sha256):
        return {"cached": True}
    join_build(record.path, store.cache_dir / "scenes", record.sha256)
    return {"cached": False}


@router.get("/api/models/{model_id}/file", response_class=FileResponse,
            responses={200: {"content": {"application/octet-stream": {}}}})
async def model_file(request: Request, model_id: str) -> Response:
    """The model file as stored (read-only; registered models only: the id is checked against the store, never a
    path), for the page's web-ifc. Its ETag is the content hash, so a reload revalidates without a download."""
    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    etag = f'"{record.sha256}"'
    headers = {"ETag": etag, "Cache-Control": "private, no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return FileResponse(record.path, media_type="application/octet-stream", headers=headers,
                        filename=f"{model_id}{record.path.suffix.lower()}")


# the trees served, as JSON bytes with their ETag, by the model file's content hash (the last TREES_KEPT)
_TREES: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
TREES_KEPT = 16


@router.get("/api/models/{model_id}/tree", responses={200: {"content": {"application/json": {}}}})
async def tree(request: Request, model_id: str) -> Response:
    """The spatial tree: project > site > building > storey > space > elements (:mod:`ifcqa.service.tree`).

    Built once per model content and kept as JSON (a 674-element tree took ~50 ms to build and encode here, on
    the warm view's critical path); its ETag is the JSON's hash, so a page reload revalidates it (304, no body).
    """
    from ifcqa.service.tree import spatial_tree

    record = await off_loop(get_state(request).store.get, model_id)
    kept = _TREES.get(record.sha256)
    if kept is None:
        loaded = await loaded_model(request, model_id)
        result = await off_loop(locked(loaded, spatial_tree, loaded.index))
        body = json.dumps(result, ensure_ascii=False, separators=(",", ":")).encode()
        kept = (f'"{hashlib.sha256(body).hexdigest()[:32]}"', body)
        _TREES[record.sha256] = kept
        while len(_TREES) > TREES_KEPT:
            _TREES.popitem(last=False)
    _TREES.move_to_end(record.sha256)
    etag, body = kept
    headers = {"ETag": etag, "Cache-Control": "private, no-cache"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/api/projects")
async def list_projects(request: Request) -> dict[str, Any]:
    """The projects (``*.ifcqa-project.json`` in the models folder) with their models' ids."""
    from ifcqa.service.projects import served_projects

    store = get_state(request).store

    def run() -> list[dict[str, Any]]:
        return [project.to_json(store) for project in served_projects(store)]

    return {"projects": await off_loop(run)}


@router.get("/api/projects/{project_id}")
async def get_project(request: Request, project_id: str) -> dict[str, Any]:
    """One project: its name and models (file as the project lists it, model id, or ``missing``)."""
    from ifcqa.service.projects import served_project

    store = get_state(request).store

    def run() -> dict[str, Any]:
        return served_project(store, project_id).to_json(store)

    result: dict[str, Any] = await off_loop(run)
    return result
