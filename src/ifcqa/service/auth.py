"""The optional bearer token: with a token set, every request but the health check and the static UI needs
``Authorization: Bearer <token>`` (the scheme in any case, as RFC 7235 says; 401 with the shared error shape
otherwise).

A pure ASGI middleware, so it guards the mounted MCP endpoint (``/mcp``) exactly like the API routes. The
token is compared in constant time. CORS preflight requests (``OPTIONS``) pass, so an opted-in CORS layer
can answer them; they reach no route.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Sequence

from starlette.types import ASGIApp, Receive, Scope, Send

from ifcqa.service.errors import error_body

TOKEN_ENV = "IFCQA_TOKEN"
OPEN_PATHS = ("/api/health", "/", "/index.html", "/favicon.ico")
OPEN_PREFIXES = ("/static/",)


def is_open(path: str) -> bool:
    """Routes that never need the token: the health check and the static UI assets."""
    return path in OPEN_PATHS or path.startswith(OPEN_PREFIXES)


class BearerAuth:
    """Refuse requests without the right bearer token (``token`` must be non-empty)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        if not token:
            raise ValueError("BearerAuth needs a non-empty token")
        self.app = app
        self._expected = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] == "OPTIONS" or is_open(scope["path"]):
            await self.app(scope, receive, send)
            return
        given = next((value for key, value in scope["headers"] if key == b"authorization"), b"")
        scheme, _, credentials = given.strip().partition(b" ")
        if scheme.lower() == b"bearer" and hmac.compare_digest(credentials.strip(), self._expected):  # RFC 7235
            await self.app(scope, receive, send)
            return
        message = (
            "Missing bearer token: send 'Authorization: Bearer <token>' (the token the server was started with)."
            if not given else "Wrong bearer token: send the token the server was started with (IFCQA_TOKEN or --token)."
        )
        body = json.dumps(error_body("unauthorized", message)).encode()
        await send({"type": "http.response.start", "status": 401,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"www-authenticate", b'Bearer realm="ifcqa"')]})
        await send({"type": "http.response.body", "body": body})


class TrustedHosts:
    """Refuse requests whose ``Host`` header names another host (DNS rebinding against a loopback server).

    ``ifcqa serve`` on a loopback address accepts only ``localhost``, ``127.0.0.1`` and ``[::1]`` (any port), so a
    web page whose domain was re-pointed at 127.0.0.1 cannot reach the API or ``/mcp`` from a victim's browser.
    """

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = {host.lower().strip("[]") for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        raw = next((value for key, value in scope["headers"] if key == b"host"), b"").decode("latin-1").lower()
        host = raw[1:].split("]")[0] if raw.startswith("[") else raw.rsplit(":", 1)[0] if raw.count(":") == 1 else raw
        if host in self.hosts:
            await self.app(scope, receive, send)
            return
        message = (f"Host {raw or '(none)'!r} is not served here: this server answers to "
                   f"{', '.join(sorted(self.hosts))} only (start it with --host to serve another address).")
        body = json.dumps(error_body("bad_host", message)).encode()
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
