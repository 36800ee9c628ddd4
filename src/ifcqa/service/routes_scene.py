"""The viewer's routes: the streamed 3D scene, the model file for the page's own tessellation (web-ifc) while the
server's scene builds, the spatial tree, and projects (several models in one view)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse, StreamingResponse

from ifcqa.service.routes_models import loaded_model, locked
from ifcqa.service.scene_stream import MEDIA_TYPE, scene_frames
from ifcqa.service.state import get_state, off_loop

router = APIRouter()


@router.get("/api/models/{model_id}/scene.stream", response_class=StreamingResponse,
            responses={200: {"content": {MEDIA_TYPE: {}}}})
async def scene_stream(request: Request, model_id: str) -> StreamingResponse:
    """The 3D scene as framed GLB parts while it is tessellated, with progress (:mod:`ifcqa.service.scene_stream`)."""
    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    frames = scene_frames(record.path, store.cache_dir / "scenes", record.sha256)
    return StreamingResponse(frames, media_type=MEDIA_TYPE, headers={"Cache-Control": "no-store",
                                                                     "X-Accel-Buffering": "no"})


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


@router.get("/api/models/{model_id}/tree")
async def tree(request: Request, model_id: str) -> dict[str, Any]:
    """The spatial tree: project > site > building > storey > space > elements (:mod:`ifcqa.service.tree`)."""
    from ifcqa.service.tree import spatial_tree

    loaded = await loaded_model(request, model_id)
    result: dict[str, Any] = await off_loop(locked(loaded, spatial_tree, loaded.index))
    return result


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
