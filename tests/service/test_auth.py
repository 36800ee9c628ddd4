"""The bearer token (on and off, from the argument or $IFCQA_TOKEN) and CORS (off unless asked for)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from service_helpers import LiveServer, start_server

from ifcqa.service.app import create_app


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_server(create_app(tmp_path_factory.mktemp("guarded"), token="t0ken", embedder="none"))
    yield server
    server.stop()


def test_with_a_token_every_route_but_health_needs_it(guarded: LiveServer) -> None:
    with guarded.client() as client:
        health = client.get("/api/health")
        missing = client.get("/api/models")
        wrong = client.get("/api/models", headers={"Authorization": "Bearer nope"})
        schema = client.get("/openapi.json")
        upload = client.post("/api/models", files={"file": ("x.ifc", b"ISO-10303-21;")})
        right = client.get("/api/models", headers={"Authorization": "Bearer t0ken"})
        right_schema = client.get("/openapi.json", headers={"Authorization": "Bearer t0ken"})
    assert health.status_code == 200 and health.json()["status"] == "ok"
    for response in (missing, wrong, schema, upload):
        assert response.status_code == 401 and response.headers["www-authenticate"].startswith("Bearer")
        assert response.json()["error"]["code"] == "unauthorized"
    assert "Missing bearer token" in missing.json()["error"]["message"]
    assert "Wrong bearer token" in wrong.json()["error"]["message"]
    assert right.status_code == 200 and right.json() == {"models": []}
    assert right_schema.status_code == 200
    assert list(guarded.models_dir.glob("*.ifc")) == []  # the refused upload wrote nothing


def test_without_a_token_nothing_is_asked(live: LiveServer) -> None:
    with live.client() as client:
        assert client.get("/api/models").status_code == 200
        assert client.get("/openapi.json").status_code == 200


def test_the_token_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_TOKEN", "from-env")
    with TestClient(create_app(tmp_path)) as client:
        assert client.get("/api/models").status_code == 401
        assert client.get("/api/models", headers={"Authorization": "Bearer from-env"}).status_code == 200
    monkeypatch.setenv("IFCQA_TOKEN", "")
    with TestClient(create_app(tmp_path)) as client:
        assert client.get("/api/models").status_code == 200


def test_cors_is_off_by_default_and_opt_in(tmp_path: Path) -> None:
    origin = {"Origin": "http://elsewhere.example"}
    preflight = {**origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}
    with TestClient(create_app(tmp_path)) as client:
        plain = client.get("/api/health", headers=origin)
        asked = client.options("/api/models", headers=preflight)
    assert "access-control-allow-origin" not in plain.headers
    assert "access-control-allow-origin" not in asked.headers
    allowed = create_app(tmp_path, token="t", cors_origins=["http://elsewhere.example"])
    with TestClient(allowed) as client:
        plain = client.get("/api/health", headers=origin)
        asked = client.options("/api/models", headers=preflight)
        other = client.get("/api/health", headers={"Origin": "http://evil.example"})
    assert plain.headers["access-control-allow-origin"] == "http://elsewhere.example"
    assert asked.status_code == 200 and "authorization" in asked.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-origin" not in other.headers


def test_trusted_hosts_refuse_other_host_names(tmp_path: Path) -> None:
    app = create_app(tmp_path, trusted_hosts=("127.0.0.1", "localhost", "::1"))
    with TestClient(app, base_url="http://localhost:8000") as client:
        local = client.get("/api/health")
        bracketed = client.get("/api/health", headers={"Host": "[::1]:8000"})
        rebound = client.get("/api/health", headers={"Host": "attacker.example:8000"})
        mcp = client.post("/mcp", headers={"Host": "attacker.example"}, json={})
    assert local.status_code == 200 and bracketed.status_code == 200
    for response in (rebound, mcp):
        assert response.status_code == 400 and response.json()["error"]["code"] == "bad_host"
    assert "attacker.example" in rebound.json()["error"]["message"]
