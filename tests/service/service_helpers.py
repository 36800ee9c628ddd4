"""Helpers of the HTTP service tests: a real uvicorn server on a loopback port, in a thread of the test process."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

from ifcqa.service.state import ServiceState


@dataclass
class LiveServer:
    """A uvicorn server running ``app`` in a thread of the test process (so tests can read ``app.state``)."""

    app: FastAPI
    url: str
    server: uvicorn.Server
    thread: threading.Thread

    @property
    def state(self) -> ServiceState:
        state: ServiceState = self.app.state.ifcqa
        return state

    @property
    def models_dir(self) -> Path:
        return self.state.models_dir

    def client(self, timeout: float = 60, **kwargs: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout, **kwargs)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def start_server(app: FastAPI) -> LiveServer:
    """Serve ``app`` on a free loopback port; returns once the server accepts connections."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    return LiveServer(app, f"http://127.0.0.1:{port}", server, thread)
