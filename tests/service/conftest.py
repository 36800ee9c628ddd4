"""Fixtures of the HTTP service tests: a generated sample model and real uvicorn servers on loopback ports."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from service_helpers import LiveServer, start_server

from ifcqa.sample import write_sample_model
from ifcqa.service.app import create_app


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Code that uses the default cache (the ask_spatial tool) writes into a temporary one, not ~/.cache."""
    mp = pytest.MonkeyPatch()
    mp.setenv("IFCQA_CACHE_DIR", str(tmp_path_factory.mktemp("default-cache")))
    mp.delenv("IFCQA_TOKEN", raising=False)
    yield
    mp.undo()


@pytest.fixture(scope="session")
def sample_ifc(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small generated building: 2 storeys, 2 rooms each (doors, windows, walls, spaces, psets, qtos)."""
    return write_sample_model(tmp_path_factory.mktemp("sample") / "house.ifc", storeys=2, rooms_per_storey=2)


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The shared server without a token (upload limit 2 MiB so the oversize tests stay small)."""
    server = start_server(create_app(tmp_path_factory.mktemp("models"), max_upload_bytes=2 * 1024 * 1024,
                                     embedder="none"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def model_id(live: LiveServer, sample_ifc: Path) -> str:
    """The sample model uploaded to the shared server."""
    with live.client() as client:
        response = client.post("/api/models", files={"file": ("house.ifc", sample_ifc.read_bytes())})
    assert response.status_code in (200, 201), response.text
    model: str = response.json()["id"]
    return model
