"""A scripted model server: a real chat-completions endpoint on loopback that replays a script.

Tests drive agents through it over HTTP, so the client, its retries, its timeouts and its cache are
exercised exactly as against a real server. Each request to ``POST /v1/chat/completions`` consumes
the next step of the script (or asks a callable for one); every request body is recorded in
:attr:`ScriptedServer.requests` so tests can check what an agent sent. Steps:

* ``{"content": "text"}``: an assistant message (``finish_reason`` ``stop``).
* ``{"tool_calls": [{"name": "tool", "arguments": {...} | "raw text"}], "content": ...?}``: tool
  calls (``finish_reason`` ``tool_calls``); a string is sent as the raw arguments text.
* ``{"status": 500 | 429 | 400 ..., "body": dict | str, "retry_after": seconds}``: an HTTP error.
* ``{"delay_s": x, ...}``: wait ``x`` seconds before answering with the rest of the step (an empty
  message when there is no rest), to make a client time out.
* ``{"text_call": {"name": ..., "arguments": {...}}, "format": "json"}``: a tool call written as text
  in ``content`` with ``tool_calls`` null, as servers without a tool-call parser send them; ``format``
  is one of :data:`TEXT_CALL_FORMATS` (bare JSON, a fenced block, Hermes ``<tool_call>`` tags, Llama's
  ``<|python_tag|>``, Mistral's ``[TOOL_CALLS]``, ``{"function", "parameters"}``); ``content`` before it
  is kept.
* ``{"drop": true}``: close the connection without an answer (a connection reset).
* ``{"usage": false, ...}``: answer without a ``usage`` block (servers that report no tokens).

:func:`unused_port_url` gives an endpoint where nothing listens (connection refused).

When the script runs out the server answers HTTP 500 saying so. ``GET /v1/models`` lists one model.
Token counts are derived from text lengths (about four characters a token). For an offline dry run:
``python -m ifcqa.llm.scripted --script steps.json --port 8765``.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any

Step = dict[str, Any]
Script = Sequence[Step] | Callable[[dict[str, Any]], Step | None]


def _tokens(text: str) -> int:
    return max(1, len(text) // 4) if text else 0


def unused_port_url() -> str:
    """``http://127.0.0.1:PORT/v1`` for a port nothing listens on (a request is refused at once)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free again once closed
    return f"http://127.0.0.1:{port}/v1"


def text_call(name: str, arguments: dict[str, Any], form: str = "json") -> str:
    """A tool call written as text the way models without a tool parser write one.

    Args:
        name: the tool.
        arguments: its arguments.
        form: one of :data:`TEXT_CALL_FORMATS`.
    """
    call = json.dumps({"name": name, "arguments": arguments})
    forms = {
        "json": call,
        "fenced": f"```json\n{call}\n```",
        "hermes": f"<tool_call>\n{call}\n</tool_call>",
        "python_tag": "<|python_tag|>" + json.dumps({"name": name, "parameters": arguments}),
        "mistral": "[TOOL_CALLS] " + json.dumps([{"name": name, "arguments": arguments}]),
        "function_parameters": json.dumps({"function": name, "parameters": arguments}),
        "pythonic": f"[{name}({', '.join(f'{k}={v!r}' for k, v in arguments.items())})]",
    }
    if form not in forms:
        raise ValueError(f"unknown text call format {form!r}; known: {', '.join(forms)}")
    return forms[form]


TEXT_CALL_FORMATS = ("json", "fenced", "hermes", "python_tag", "mistral", "function_parameters", "pythonic")


class ScriptedServer:
    """A chat-completions server on ``127.0.0.1`` (a free port) replaying ``script``; a context manager."""

    def __init__(self, script: Script, model: str = "scripted", port: int = 0) -> None:
        self.script = script
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []  # the HTTP headers of each recorded request
        self._steps: Iterator[Step] = iter(list(script)) if not callable(script) else iter(())
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), _handler_for(self))
        self._httpd.daemon_threads = True  # a delayed reply nobody waits for must not block close()
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="scripted-llm", daemon=True
        )

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def start(self) -> ScriptedServer:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and free the port."""
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> ScriptedServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def next_step(self, request: dict[str, Any], headers: dict[str, str] | None = None) -> Step | None:
        """Record ``request`` and return the step that answers it (``None`` when the script ran out)."""
        with self._lock:
            self.requests.append(request)
            self.headers.append(headers or {})
            if callable(self.script):
                return self.script(request)
            return next(self._steps, None)

    def completion(self, request: dict[str, Any], step: Step) -> dict[str, Any]:
        """The ``chat.completion`` JSON answering ``request`` with a content or tool-calls step."""
        content = step.get("content")
        if step.get("text_call"):
            call = step["text_call"]
            written = text_call(call["name"], call.get("arguments", {}), step.get("format", "json"))
            content = f"{content}\n{written}" if content else written
        message: dict[str, Any] = {"role": "assistant", "content": content}
        out_text = str(content or "")
        calls = []
        for call in step.get("tool_calls") or []:
            arguments = call.get("arguments", {})
            raw = arguments if isinstance(arguments, str) else json.dumps(arguments)
            calls.append(
                {
                    "id": f"call_{next(self._ids)}",
                    "type": "function",
                    "function": {"name": call["name"], "arguments": raw},
                }
            )
            out_text += call["name"] + raw
        if calls:
            message["tool_calls"] = calls
        elif message["content"] is None:
            message["content"] = ""
        prompt_text = json.dumps(request.get("messages", [])) + json.dumps(request.get("tools") or [])
        tokens = {"prompt_tokens": _tokens(prompt_text), "completion_tokens": _tokens(out_text)}
        tokens["total_tokens"] = tokens["prompt_tokens"] + tokens["completion_tokens"]
        usage = None if step.get("usage") is False else tokens
        return {
            "id": f"chatcmpl-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": request.get("model", self.model),
            "choices": [
                {"index": 0, "message": message, "logprobs": None, "finish_reason": "tool_calls" if calls else "stop"}
            ],
            "usage": usage,
        }


def _handler_for(server: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 — the stdlib's name
            pass  # tests and dry runs stay quiet

        def do_GET(self) -> None:  # noqa: N802 — the stdlib's name
            if self.path.rstrip("/") != "/v1/models":
                self._send(404, _error(f"No route GET {self.path}. Use GET /v1/models.", "not_found"))
                return
            self._send(200, {"object": "list", "data": [{"id": server.model, "object": "model", "owned_by": "ifcqa"}]})

        def do_POST(self) -> None:  # noqa: N802 — the stdlib's name
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, _error(f"No route POST {self.path}. Use POST /v1/chat/completions.", "not_found"))
                return
            length = int(self.headers.get("Content-Length") or 0)
            try:
                request = json.loads(self.rfile.read(length) or b"{}")
            except json.JSONDecodeError:
                self._send(400, _error("The request body is not JSON.", "invalid_request_error"))
                return
            step = server.next_step(request, {k.lower(): v for k, v in self.headers.items()})
            if step is None:
                self._send(500, _error("The scripted server's script ran out: add a step for this request.", "script"))
                return
            time.sleep(float(step.get("delay_s", 0)))
            if step.get("drop"):
                self.close_connection = True
                with contextlib.suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)
                return
            if "status" in step:
                body = step.get("body") or f"scripted HTTP {step['status']}"
                retry = step.get("retry_after")
                headers = {"Retry-After": str(retry)} if retry is not None else {}
                self._send(int(step["status"]), body if isinstance(body, dict) else _error(str(body)), headers)
                return
            self._send(200, server.completion(request, step))

        def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
            data = json.dumps(payload).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a scripted timeout): nobody is left to answer

    return Handler


def _error(message: str, kind: str = "server_error") -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


def main(argv: list[str] | None = None) -> None:
    """Serve a script from a JSON file (a list of steps) until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m ifcqa.llm.scripted", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--script", type=Path, required=True, help="a JSON file holding a list of steps")
    parser.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (0: a free one)")
    args = parser.parse_args(argv)
    steps = json.loads(args.script.read_text(encoding="utf-8"))
    if not isinstance(steps, list):
        parser.error(f"{args.script}: the script must be a JSON list of steps")
    with ScriptedServer(steps, port=args.port) as server:
        print(f"scripted model server at {server.base_url} ({len(steps)} steps); Ctrl-C to stop", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
