"""Requests from other web sites, and the headers every response carries.

A server on loopback without a token is reachable by every page the user's browser opens: a page can
send a "simple" request (a ``no-cors`` multipart POST, a ``text/plain`` POST, an ``<img>`` GET) without
any CORS preflight. :class:`SiteGuard` refuses, on the API and ``/mcp``:

* any request a browser marks as coming from another site or origin (``Sec-Fetch-Site`` other than
  ``same-origin`` or ``none``; another port on 127.0.0.1 is another origin), unless its ``Origin`` is one
  the server was started to allow (``--cors-origin``);
* a state-changing request (POST, PUT, PATCH, DELETE) whose ``Origin`` is not this server's own origin
  (nor an allowed one); ``Origin: null`` (sandboxed frames, files) included;
* a state-changing request whose body is not JSON (415), except the upload (``POST /api/models``), which
  takes ``multipart/form-data`` (the route answers anything else with 422). A ``text/plain`` body is what
  a page may send without asking.

Requests without these headers (curl, httpx, MCP clients: not browsers) pass. :class:`SecurityHeaders`
adds a Content-Security-Policy (scripts, styles and connections from this origin only, WebAssembly compiled
from them too: the viewer's web-ifc; no framing),
``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY``, ``Referrer-Policy: no-referrer`` and
``Cross-Origin-Resource-Policy: same-origin`` to every response.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ifcqa.service.errors import error_body

GUARDED_PREFIXES = ("/api/", "/mcp")
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SAME_SITE_VALUES = frozenset({"same-origin", "none"})
UPLOAD_PATH = "/api/models"
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


class SiteGuard:
    """Refuse requests from other sites and non-JSON state changes (see the module docstring)."""

    def __init__(self, app: ASGIApp, allowed_origins: Sequence[str] = ()) -> None:
        self.app = app
        self.allowed = {origin.rstrip("/").lower() for origin in allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(GUARDED_PREFIXES) or scope["method"] == "OPTIONS":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, code, message = refusal
        body = json.dumps(error_body(code, message)).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """``(status, code, message)`` for a request to refuse, else ``None``."""
        origin = (_header(scope, b"origin") or "").rstrip("/").lower()
        site = (_header(scope, b"sec-fetch-site") or "").lower()
        allowed = bool(origin) and origin in self.allowed
        own = bool(origin) and origin == self._own_origin(scope)
        if site and site not in SAME_SITE_VALUES and not allowed:
            return 403, "cross_site", (
                f"Refused: this request comes from another web site ({origin or site}); the API answers pages of "
                "its own origin only (start the server with --cors-origin to allow one).")
        method = scope["method"]
        if method not in UNSAFE_METHODS:
            return None
        if origin and not (own or allowed):
            return 403, "cross_site", (
                f"Refused: a {method} from origin {origin} changes this server's state; only its own pages may "
                "(start the server with --cors-origin to allow one).")
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if scope["path"].rstrip("/") == UPLOAD_PATH and method == "POST":
            return None  # multipart/form-data; anything else is refused by the route (422, no file)
        if kind and kind != "application/json" and not kind.endswith("+json"):
            return 415, "unsupported_media_type", (
                f"This route takes a JSON body (Content-Type: application/json), not {kind}.")
        return None

    @staticmethod
    def _own_origin(scope: Scope) -> str:
        host = (_header(scope, b"host") or "").lower()
        return f"{scope.get('scheme', 'http')}://{host}"


class SecurityHeaders:
    """Add the security headers of the module docstring to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {key.lower() for key, _ in message.get("headers", [])}
                extra = [(key, value) for key, value in SECURITY_HEADERS if key not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


_PATH = re.compile(r"(?<![\w.:/])(/(?:[^\s/'\"():,]+/)+)([^\s/'\"():,]+)")


def without_paths(message: str) -> str:
    """``message`` with each absolute path of this machine shortened to its file name (no server layout shown)."""

    def short(match: re.Match[str]) -> str:
        folder, name = match.group(1), match.group(2)
        return name if os.path.isdir(folder) else match.group(0)

    return _PATH.sub(short, message)
