"""``ask``: a spatial question answered as Server-Sent Events, one event per pipeline stage (a project: two).

Events, in order: ``plan``, ``route``, ``retrieval``, ``answer``, ``check``, then ``final`` whose data is
exactly the JSON of ``ifcqa ask --json`` (what :meth:`ifcqa.spatial.SpatialQA.stream` yields last). An error
after the stream started is an ``error`` event with the shared shape. The stages run in one worker thread
under the model's lock and are sent as each completes; after each event the server checks whether the client
is still there, and a client that left stops the work (the pipeline's generator is closed, no further stage
runs).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field, field_validator

from ifcqa.errors import IfcqaError
from ifcqa.service.errors import error_body
from ifcqa.service.routes_models import loaded_model
from ifcqa.service.sse import MEDIA_TYPE, SSE_HEADERS, sse_event
from ifcqa.service.state import get_state, off_loop
from ifcqa.service.store import LoadedModel, ModelStore

router = APIRouter()
STAGES = ("plan", "route", "retrieval", "answer", "check", "final")


class AskBody(BaseModel):
    """A question, with the paging of ``ifcqa ask --offset/--limit``."""

    question: str = Field(min_length=1, max_length=4000, description="The question (English or German).")
    offset: int = Field(default=0, ge=0, description="First element of the list (paging).")
    limit: int | None = Field(default=None, ge=1, description="At most this many elements (default: all).")

    @field_validator("question")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the question is blank; ask something about the model")
        return value


class _Stream:
    """One question's pipeline, run in one worker thread under the model's lock, its events handed to the loop.

    The worker pushes each stage's event to the loop as soon as it is produced and, before the next stage,
    looks at ``cancelled``: once set (the client left), it closes the pipeline's generator, so no further stage
    runs. One thread hop per question (not one per stage) keeps the cost per stream low under load.
    """

    END: tuple[str, dict[str, Any]] = ("", {})

    def __init__(self, store: ModelStore, loaded: LoadedModel, body: AskBody) -> None:
        self.store, self.loaded, self.body = store, loaded, body
        self.cancelled = threading.Event()
        self.queue: asyncio.Queue[tuple[str, dict[str, Any]] | BaseException] = asyncio.Queue()
        self.loop = asyncio.get_running_loop()

    def _emit(self, item: tuple[str, dict[str, Any]] | BaseException) -> None:
        self.loop.call_soon_threadsafe(self.queue.put_nowait, item)

    def run(self) -> bool:
        """Run the stages (in a worker thread); ``True`` when the pipeline ran to its end."""
        try:
            with self.loaded.lock:
                if self.cancelled.is_set():
                    return False
                qa = self.store.spatial(self.loaded)
                stages = qa.stream(self.body.question, offset=self.body.offset, limit=self.body.limit)
                try:
                    for event in stages:
                        self._emit(event)
                        if self.cancelled.is_set():
                            return False
                finally:
                    close = getattr(stages, "close", None)  # the generator's clean-up runs in this thread
                    if close is not None:
                        close()
            return True
        except BaseException as exc:  # reported to the client as an error event
            self._emit(exc)
            return True
        finally:
            self._emit(self.END)


@router.post("/api/models/{model_id}/ask", response_class=StreamingResponse,
             responses={200: {"content": {MEDIA_TYPE: {}}, "description": "plan, route, retrieval, answer, check, "
                                                                           "final (or error) events"}})
async def ask(request: Request, model_id: str, body: AskBody) -> StreamingResponse:
    """Answer a spatial question, streaming each stage as it completes."""
    state = get_state(request)
    loaded = state.store.peek(model_id) or await loaded_model(request, model_id)  # 404/422 before the stream
    metrics = state.metrics

    async def events() -> AsyncIterator[bytes]:
        metrics["ask_started"] += 1
        stream = _Stream(state.store, loaded, body)
        worker = asyncio.ensure_future(off_loop(stream.run))
        ended = False
        try:
            while not ended:
                items = [await stream.queue.get()]
                while not stream.queue.empty():  # what is ready goes out in one write (a replay: all of it)
                    items.append(stream.queue.get_nowait())
                chunk = b""
                for item in items:
                    if item is _Stream.END:
                        ended = True
                    elif isinstance(item, IfcqaError):
                        metrics["ask_failed"] += 1
                        chunk += sse_event("error", item.to_dict())
                    elif isinstance(item, BaseException):  # a bug: the client still gets the error shape
                        metrics["ask_failed"] += 1
                        message = f"ask failed unexpectedly ({type(item).__name__}: {item}); a bug in ifcqa."
                        chunk += sse_event("error", error_body("internal_error", message))
                    else:
                        chunk += sse_event(*item)
                if chunk:
                    yield chunk
                if not ended and await request.is_disconnected():
                    break
        finally:
            stream.cancelled.set()  # the client left (or the stream ended): no further stage runs
            if not ended:
                metrics["ask_disconnected"] += 1  # the client left before the last event
            with anyio.CancelScope(shield=True):
                finished = await worker
            metrics["ask_completed" if finished else "ask_cancelled"] += 1

    return StreamingResponse(events(), media_type=MEDIA_TYPE, headers=SSE_HEADERS)


@router.post("/api/projects/{project_id}/ask", response_class=StreamingResponse,
             responses={200: {"content": {MEDIA_TYPE: {}}, "description": "plan, final events"}})
async def ask_project(request: Request, project_id: str, body: AskBody) -> StreamingResponse:
    """Answer a spatial question over every model of a project (``*.ifcqa-project.json`` in the models folder).

    Events ``plan`` and ``final``, whose data is the JSON of ``ifcqa ask PROJECT.ifcqa-project.json --json``:
    storeys aligned across the files, elements of any file placed in the first file's rooms (contained, else by
    geometry), each cited as ``FILE#GlobalId`` with its ``file``. A project that cannot be used is answered 404/422
    before the stream starts.
    """
    state = get_state(request)
    state.metrics["ask_started"] += 1
    answer = await off_loop(state.projects.ask, state.store, project_id, body.question)
    end = body.offset + body.limit if body.limit is not None else None
    final = {**answer, "elements": answer["elements"][body.offset : end]}
    state.metrics["ask_completed"] += 1

    async def events() -> AsyncIterator[bytes]:
        yield sse_event("plan", answer.get("plan") or {}) + sse_event("final", final)

    return StreamingResponse(events(), media_type=MEDIA_TYPE, headers=SSE_HEADERS)
