"""The Redis answer cache, against Debian's redis-server started and stopped by this test module."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.index import IndexCache, load_index
from ifcqa.sample import write_sample_model
from ifcqa.spatial import SpatialQA

redis = pytest.importorskip("redis", reason="the redis package is not installed (pip install 'ifcqa[redis]')")
from ifcqa.spatial.cache import RedisAnswerCache  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    port = _free_port()
    workdir = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(workdir)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        client = redis.Redis.from_url(url)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        else:
            pytest.fail("redis-server did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_redis_cache_stores_and_returns_answers(redis_url: str, tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "house.ifc", storeys=2)
    cache = RedisAnswerCache(redis_url)
    qa = SpatialQA(load_index(path, cache=IndexCache(tmp_path / "c")), use_graph=False, embedder=None, answers=cache)
    first = qa.ask("Which doors are on the ground floor?")
    second = qa.ask("which doors are on the GROUND floor")
    assert "cache" in second["timings_ms"] and second["elements"] == first["elements"] and first["elements"]
    keys = redis.Redis.from_url(redis_url).keys("ifcqa:answer:*")
    assert len(keys) == 1
    stored = json.loads(redis.Redis.from_url(redis_url).get(keys[0]))
    assert stored["answer"] == first["answer"]


def test_ttl_expires_entries(redis_url: str) -> None:
    cache = RedisAnswerCache(redis_url, ttl_seconds=1)
    cache.put("k", {"answer": "x"})
    assert cache.get("k") == {"answer": "x"}
    assert 0 < redis.Redis.from_url(redis_url).ttl("ifcqa:answer:k") <= 1


def test_unreachable_redis_is_a_clear_error(tmp_path: Path, shared_ifc: Path) -> None:
    url = f"redis://127.0.0.1:{_free_port()}/0"
    with pytest.raises(IfcqaError, match=r"Cannot use Redis at redis://127\.0\.0\.1:\d+/0: .*Check --redis"):
        RedisAnswerCache(url)
    result = CliRunner().invoke(app, ["ask", str(shared_ifc / "Duplex_A_20110907.ifc"), "doors on level 1",
                                      "--redis", url, "--cache-dir", str(tmp_path)])
    assert result.exit_code == 1 and "error: Cannot use Redis at" in result.stderr


def test_ask_cli_with_redis(redis_url: str, tmp_path: Path, shared_ifc: Path) -> None:
    args = ["ask", str(shared_ifc / "Duplex_A_20110907.ifc"), "windows on Level 2", "--json", "--no-graph",
            "--redis", redis_url, "--cache-dir", str(tmp_path)]
    first = json.loads(CliRunner().invoke(app, args).stdout)
    second = json.loads(CliRunner().invoke(app, args).stdout)
    assert "cache" in second["timings_ms"] and second["elements"] == first["elements"]
    assert not (tmp_path / "answers").exists()  # Redis instead of the disk cache
