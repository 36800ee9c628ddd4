"""Models: health, list, upload, delete, summary, storeys, one element's ``info`` and the 3D scene."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from starlette.datastructures import UploadFile
from starlette.types import Message

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.service.errors import ApiError
from ifcqa.service.state import get_state, off_loop
from ifcqa.service.store import LoadedModel, ModelRecord, ModelStore, too_large_message

router = APIRouter()
FORM_OVERHEAD = 64 * 1024  # multipart boundaries and headers around the file

_UPLOAD_SCHEMA = {
    "requestBody": {
        "required": True,
        "content": {"multipart/form-data": {"schema": {
            "type": "object", "required": ["file"],
            "properties": {"file": {"type": "string", "format": "binary", "description": "An .ifc or .ifczip file."}},
        }}},
    }
}


class _BodyTooLarge(Exception):
    pass


def _limited(receive: Callable[[], Awaitable[Message]], limit: int) -> Callable[[], Awaitable[Message]]:
    """``receive`` that fails once more than ``limit`` body bytes arrived (uploads sent without a length too)."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _BodyTooLarge()
        return message

    return wrapped


@router.get("/api/health")
async def health() -> dict[str, Any]:
    """Liveness; never needs the token."""
    return {"status": "ok", "version": ifcqa.__version__}


@router.get("/api/models")
async def list_models(request: Request) -> dict[str, Any]:
    """The models: uploaded ones and model files found in the models folder."""
    store = get_state(request).store

    def listing() -> list[dict[str, Any]]:
        return [_row(store, record) for record in store.records()]

    return {"models": await off_loop(listing)}


@router.post("/api/models", status_code=201, openapi_extra=_UPLOAD_SCHEMA)
async def upload_model(request: Request, response: Response) -> dict[str, Any]:
    """Upload a model (multipart field ``file``): stored under its content hash, indexed, then listed."""
    store = get_state(request).store
    limit = store.max_upload_bytes
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit + FORM_OVERHEAD:
        raise ApiError(413, "too_large", too_large_message(limit))
    limited = Request(request.scope, receive=_limited(request.receive, limit + FORM_OVERHEAD))
    try:
        form = await limited.form(max_files=1, max_fields=8)
    except _BodyTooLarge:
        raise ApiError(413, "too_large", too_large_message(limit)) from None
    try:
        upload = form.get("file")
        if not isinstance(upload, UploadFile):
            raise ApiError(422, "missing_file", 'No file: send the model as the multipart/form-data field "file".')
        record, new = await off_loop(store.receive, upload.file, upload.filename)
    finally:
        await form.close()
    if not new:
        response.status_code = 200
    return {**await off_loop(_row, store, record), "existing": not new}


@router.get("/api/models/{model_id}")
async def get_model(request: Request, model_id: str) -> dict[str, Any]:
    """One model's listing row."""
    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    return await off_loop(_row, store, record)


def _row(store: ModelStore, record: ModelRecord) -> dict[str, Any]:
    """A model's listing row; ``scene_cached``: the viewer draws the cached scene, else web-ifc's meanwhile."""
    from ifcqa.service.scene import scene_path

    return {**store.describe(record), "scene_cached": scene_path(record.sha256, store.cache_dir / "scenes").is_file()}


@router.delete("/api/models/{model_id}", status_code=204)
async def delete_model(request: Request, model_id: str) -> Response:
    """Delete an uploaded model (models found in the folder are read-only: 409)."""
    await off_loop(get_state(request).store.delete, model_id)
    return Response(status_code=204)


async def loaded_model(request: Request, model_id: str) -> LoadedModel:
    """The model's index (loaded or built in a worker thread)."""
    return await off_loop(get_state(request).store.loaded, model_id)


def locked(loaded: LoadedModel, function: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    def run() -> Any:
        with loaded.lock:
            return function(*args)

    return run


@router.get("/api/models/{model_id}/summary")
async def summary(request: Request, model_id: str) -> dict[str, Any]:
    """The JSON of ``ifcqa summary``."""
    from ifcqa.ifc.diagnostics import warnings_json
    from ifcqa.tools.model import summarize

    loaded = await loaded_model(request, model_id)

    def run() -> dict[str, Any]:
        return {**summarize(loaded.index), "warnings": warnings_json(loaded.index.data.warnings)}

    result: dict[str, Any] = await off_loop(locked(loaded, run))
    return result


@router.get("/api/models/{model_id}/storeys")
async def storeys(request: Request, model_id: str) -> dict[str, Any]:
    """Storeys bottom-up with the GlobalIds of the elements on each (the index's resolved storey)."""
    loaded = await loaded_model(request, model_id)

    def run() -> dict[str, Any]:
        index = loaded.index
        on: dict[int, list[str]] = {storey: [] for storey in index.storeys}
        for element in index.elements():
            if element.storey is not None and element.storey in on and element.id != element.storey:
                on[element.storey].append(element.guid)
        rows = []
        for storey_id in index.storeys:
            storey = index.data.elements[storey_id]
            rows.append({"guid": storey.guid, "name": storey.name, "elevation": storey.elevation,
                         "elements": on[storey_id]})
        return {"storeys": rows}

    result: dict[str, Any] = await off_loop(locked(loaded, run))
    return result


@router.get("/api/models/{model_id}/elements/{ref:path}")
async def element(request: Request, model_id: str, ref: str, bbox: bool = True) -> dict[str, Any]:
    """The JSON of ``ifcqa info`` for ``ref`` (GlobalId, step id, ``#id`` or name); ``bbox=false`` skips geometry."""
    from ifcqa.tools.element_json import element_info
    from ifcqa.tools.model import get_element

    loaded = await loaded_model(request, model_id)

    def run() -> dict[str, Any]:
        try:
            resolved = loaded.index.resolve(ref)
        except IfcqaError as error:
            raise ApiError(404, "not_found", str(error)) from None
        if resolved.element is None:  # not an element (a property, a material...): shown generically
            generic: dict[str, Any] = get_element(loaded.index, f"#{resolved.step_id}")
            return generic
        return element_info(loaded.index, resolved.element, with_bbox=bbox) | {"matched_by": resolved.matched_by}

    result: dict[str, Any] = await off_loop(locked(loaded, run))
    return result


@router.get("/api/models/{model_id}/scene.glb", response_class=FileResponse,
            responses={200: {"content": {"model/gltf-binary": {}}}})
async def scene(request: Request, model_id: str) -> FileResponse:
    """The model's 3D scene: one node per element named by its GlobalId (tessellated once, cached)."""
    store = get_state(request).store
    record = await off_loop(store.get, model_id)
    try:
        from ifcqa.service.scene import scene_glb
    except ImportError as exc:
        raise ApiError(501, "not_implemented", f"The 3D scene is not available in this build ({exc}).") from None
    path = await off_loop(partial(scene_glb, sha256=record.sha256), record.path, store.cache_dir / "scenes")
    return FileResponse(path, media_type="model/gltf-binary", filename=f"{model_id}.glb")
