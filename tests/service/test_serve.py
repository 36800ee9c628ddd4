"""``ifcqa serve`` as a process, and blocking work kept off the event loop."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from service_helpers import LiveServer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_ifcqa_serve_runs_the_service_with_the_token_from_the_environment(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "IFCQA_TOKEN": "env-token"}
    command = [sys.executable, "-m", "ifcqa.cli.main", "serve", "--port", str(port), "--models-dir",
               str(tmp_path / "models"), "--log-level", "warning"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                health = httpx.get(f"{url}/api/health", timeout=2)
                break
            except httpx.TransportError:
                assert process.poll() is None, process.communicate()[1].decode()
                assert time.monotonic() < deadline, "ifcqa serve did not answer"
                time.sleep(0.2)
        refused = httpx.get(f"{url}/api/models")
        allowed = httpx.get(f"{url}/api/models", headers={"Authorization": "Bearer env-token"})
        rebound = httpx.get(f"{url}/api/health", headers={"Host": f"attacker.example:{port}"})
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=20)
    assert health.json()["status"] == "ok"
    assert refused.status_code == 401 and allowed.json() == {"models": []}
    assert rebound.status_code == 400 and rebound.json()["error"]["code"] == "bad_host"  # loopback: no DNS rebinding
    assert f"http://localhost:{port}/" in stderr.decode()
    assert (tmp_path / "models").is_dir()


def test_a_long_call_on_one_model_does_not_stall_other_requests(live: LiveServer, model_id: str) -> None:
    loaded = live.state.store.loaded(model_id)
    finished: dict[str, int] = {}

    def slow_call() -> None:
        with live.client() as client:
            finished["status"] = client.post(f"/api/models/{model_id}/tools/list_storeys", json={}).status_code

    loaded.lock.acquire()  # as if a first geometry computation were running on this model
    caller = threading.Thread(target=slow_call)
    try:
        caller.start()
        time.sleep(0.2)
        with live.client(timeout=5) as client:
            assert client.get("/api/health").status_code == 200
            assert client.get("/api/models").status_code == 200
            assert client.get("/api/tools").status_code == 200
        assert "status" not in finished  # still waiting for the model
    finally:
        loaded.lock.release()
    caller.join(timeout=30)
    assert finished["status"] == 200


def test_bad_serve_options_are_refused_before_anything_is_created(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ifcqa.cli.main import app

    parser = CliRunner().invoke(app, ["serve", "--http", "fast", "--models-dir", str(tmp_path / "models")])
    assert parser.exit_code == 1 and "error: --http 'fast': give auto, h11 or httptools." in parser.stderr
    assert not (tmp_path / "models").exists()
    (tmp_path / "file").write_text("x")
    not_a_folder = CliRunner().invoke(app, ["serve", "--models-dir", str(tmp_path / "file")])
    assert not_a_folder.exit_code == 1 and "is a file. Give a folder with --models-dir." in not_a_folder.stderr
