"""The one error shape of the HTTP API, ``{"error": {"code": str, "message": str}}``, for every failure.

Routes raise :class:`ApiError` (a status, a code and a message naming the problem and the fix) or let an
:class:`~ifcqa.errors.IfcqaError` through (a tool's bad argument, a file that cannot be opened): the handlers
installed by :func:`install_error_handlers` turn both, FastAPI's own 404/405/422 and any unexpected exception
(500, ``internal_error``, one line, no traceback) into that shape.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ifcqa.errors import IfcOpenError, IfcqaError, ToolError

log = logging.getLogger("ifcqa.service")

_STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                 405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type",
                 422: "invalid_request", 429: "too_many_requests", 500: "internal_error", 501: "not_implemented",
                 503: "unavailable"}


class ApiError(Exception):
    """An HTTP error with the shared shape: ``status`` (4xx/5xx), ``code`` and a one-line ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def error_body(code: str, message: str) -> dict[str, Any]:
    """The shared error shape (the CLI's ``--json-errors`` and MCP's)."""
    return {"error": {"code": code, "message": " ".join(str(message).split())}}


def error_response(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_body(code, message), status_code=status, headers=headers)


def status_of(error: IfcqaError) -> int:
    """The HTTP status of an input error: a file that cannot be read is 422, any other bad input 400."""
    if isinstance(error, IfcOpenError):
        return 422
    if isinstance(error, ToolError):
        return 400
    return 400


def _validation_message(exc: RequestValidationError) -> str:
    problems = []
    for problem in exc.errors()[:3]:
        where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body") or "body"
        problems.append(f"{where}: {problem.get('msg', 'invalid')}")
    return "Invalid request: " + "; ".join(problems) + ". See /openapi.json for the expected shape."


def install_error_handlers(app: FastAPI) -> None:
    """Make every error of ``app`` (its own and FastAPI's) answer with the shared shape."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        from ifcqa.service.guard import without_paths

        return error_response(exc.status, exc.code, without_paths(exc.message))

    @app.exception_handler(IfcqaError)
    async def input_error(request: Request, exc: IfcqaError) -> JSONResponse:
        from ifcqa.service.guard import without_paths

        return error_response(status_of(exc), exc.code, without_paths(str(exc)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(exc.status_code, "error")
        message = str(exc.detail)
        if exc.status_code == 404 and message == "Not Found":
            message = f"No such route: {request.method} {request.url.path}. See /openapi.json for the routes."
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}. See /openapi.json for the routes."
        return error_response(exc.status_code, code, message, headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "invalid_request", _validation_message(exc))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        message = f"{request.method} {request.url.path} failed unexpectedly ({type(exc).__name__}); a bug in ifcqa."
        return error_response(500, "internal_error", message)
