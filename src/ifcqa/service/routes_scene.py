"""The viewer's routes: the streamed 3D scene, the spatial tree, and projects (several models in one view)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

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
