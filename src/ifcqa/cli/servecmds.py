"""``ifcqa serve``: the HTTP service (API, web UI, MCP over HTTP) in one process.

    ifcqa serve [--host 127.0.0.1] [--port 8000] [--models-dir DIR] [--token TOKEN] [--cors-origin URL]
                [--model M [--planner-mode fallback|first]]

FastAPI and uvicorn are imported inside the command only (start-up of every other command stays light).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ifcqa.cli.spatialcmds import PlannerMode
from ifcqa.errors import IfcqaError
from ifcqa.spatial.fallback import DEFAULT_MODE

TOKEN_ENV = "IFCQA_TOKEN"  # named in --help; create_app reads it (service/auth.py)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")  # on a loopback address only these Host names are served


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this machine only).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port (0: any free port).")] = 8000,
    models_dir: Annotated[
        Path,
        typer.Option("--models-dir", metavar="DIR", help="Folder of the models, benchmarks and runs (created)."),
    ] = Path("ifcqa-models"),
    token: Annotated[
        str | None,
        typer.Option("--token", metavar="TOKEN", show_default=False,
                     help=f"Require 'Authorization: Bearer TOKEN' on every route but /api/health (also ${TOKEN_ENV})."),
    ] = None,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option("--cors-origin", metavar="URL", help="Allow this browser origin (CORS; off by default).",
                     show_default=False),
    ] = None,
    max_upload_mb: Annotated[
        int, typer.Option("--max-upload-mb", min=1, help="Uploads larger than this are refused (413).")
    ] = 512,
    cache_dir: Annotated[
        Path | None,
        typer.Option("--cache-dir", metavar="DIR", show_default=False,
                     help="Index, answer, graph and scene caches (default: DIR/.cache)."),
    ] = None,
    no_graph: Annotated[bool, typer.Option("--no-graph", help="Answer spatial questions from the index only.")] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn's log level.")] = "info",
    http: Annotated[
        str, typer.Option("--http", help="uvicorn's HTTP parser: auto (httptools when installed), h11, httptools.")
    ] = "auto",
    model: Annotated[
        str | None,
        typer.Option("--model", metavar="NAME", show_default=False,
                     help="Plan spatial questions with this LLM (as `ifcqa ask --model`; rules when absent)."),
    ] = None,
    planner_mode: PlannerMode = DEFAULT_MODE,
    base_url: Annotated[
        str | None, typer.Option("--base-url", metavar="URL", help="An OpenAI-compatible endpoint for --model.")
    ] = None,
    api_key_env: Annotated[
        str, typer.Option("--api-key-env", metavar="VAR", help="Environment variable holding the endpoint's key.")
    ] = "OPENAI_API_KEY",
) -> None:
    """Serve the models over HTTP: the API with streamed answers, the web UI at /, MCP at /mcp, /openapi.json."""
    try:
        import uvicorn

        from ifcqa.service.app import create_app
    except ImportError as exc:
        raise IfcqaError(f"ifcqa serve needs FastAPI and uvicorn ({exc}): pip install 'ifcqa[serve]'.") from None

    if models_dir.exists() and not models_dir.is_dir():
        raise IfcqaError(f"{models_dir}: is a file. Give a folder with --models-dir.")
    if http not in ("auto", "h11", "httptools"):  # before the app opens its stores
        raise IfcqaError(f"--http {http!r}: give auto, h11 or httptools.")
    from ifcqa.spatial.llm_plan import planner_factory

    app = create_app(models_dir, token=token,  # None: create_app reads $IFCQA_TOKEN
                     planner=planner_factory(model, base_url, api_key_env, planner_mode) if model else None,
                     cache_dir=cache_dir, max_upload_bytes=max_upload_mb * 1024 * 1024,
                     cors_origins=cors_origin or (), use_graph=not no_graph,
                     trusted_hosts=LOOPBACK_NAMES if host in LOOPBACK_NAMES else ())
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    typer.echo(f"ifcqa serving {models_dir.resolve()} at http://{shown}:{port}/ (MCP: /mcp)", err=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, http=http)
