"""The geometry fuzz corpus (geometry_corpus.py) through every face that shapes geometry: 0 process deaths.

Each file goes through a real ``ifcqa serve`` process (upload, the 3D scene, every element's ``info``
with its box, the ``get_bbox`` tool, an MCQ generation job, whose geometric generators read every box),
and through ``ifcqa info FILE GUID`` and ``ifcqa mcp``'s ``get_bbox``. After each request the server
process must still run and answer; a CLI call ends with 0, or 1 and one ``error:`` line, never a signal.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import ifcopenshell
import pytest
from geometry_corpus import CASES, placement_cycle, write_corpus

HANG_SECONDS = "5"  # IfcOpenShell loops for ever on an aggregation cycle: killed after this long without progress


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_corpus(tmp_path_factory.mktemp("geometry-corpus"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    def __init__(self, process: subprocess.Popen[bytes], url: str) -> None:
        self.process, self.url = process, url

    def alive(self) -> None:
        assert self.process.poll() is None, f"ifcqa serve died: exit code {self.process.returncode}"
        assert httpx.get(f"{self.url}/api/health", timeout=10).json()["status"] == "ok"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    env = {**os.environ, "IFCQA_CACHE_DIR": str(folder / "cache"), "IFCQA_NATIVE_TIMEOUT": HANG_SECONDS}
    env.pop("IFCQA_TOKEN", None)
    command = [sys.executable, "-m", "ifcqa.cli.main", "serve", "--port", str(port), "--models-dir",
               str(folder / "models"), "--log-level", "warning"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            httpx.get(f"{url}/api/health", timeout=2)
            break
        except httpx.TransportError:
            assert process.poll() is None, process.communicate()[1].decode()
            assert time.monotonic() < deadline, "ifcqa serve did not answer"
            time.sleep(0.2)
    yield Server(process, url)
    process.terminate()
    process.communicate(timeout=30)


def _products(path: Path) -> list[Any]:
    return [p for p in ifcopenshell.open(str(path)).by_type("IfcProduct") if p.Representation is not None]


def _follow(client: httpx.Client, job: str) -> dict[str, Any]:
    deadline = time.monotonic() + 300
    while True:
        status: dict[str, Any] = client.get(f"/api/jobs/{job}").json()
        if status["state"] in ("done", "failed", "cancelled"):
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.3)


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_server_survives_every_geometry_call_on_each_file(
    server: Server, corpus: dict[str, Path], case: str
) -> None:
    path = corpus[case]
    with httpx.Client(base_url=server.url, timeout=300) as client:
        upload = client.post("/api/models", files={"file": (path.name, path.read_bytes())})
        server.alive()
        if case == "huge_and_nan_coordinates":  # NaN is not STEP: refused at the parse, in one line
            assert upload.status_code == 422 and "NAN" in upload.json()["error"]["message"]
            return
        assert upload.status_code in (200, 201), upload.text
        model = upload.json()["id"]
        scene = client.get(f"/api/models/{model}/scene.glb")
        server.alive()
        assert scene.status_code == 200, scene.text
        for product in _products(path):
            info = client.get(f"/api/models/{model}/elements/{product.GlobalId}")
            server.alive()
            assert info.status_code == 200, info.text
            box = client.post(f"/api/models/{model}/tools/get_bbox", json={"element": product.GlobalId})
            server.alive()
            assert box.status_code == 200, box.text
            answer = box.json()
            if answer.get("bbox") is None:  # no box: said why, in one line
                assert answer["reason"] and "\n" not in answer["reason"]
        job = client.post(f"/api/models/{model}/mcq", json={"cap": 2})
        assert job.status_code == 202, job.text
        status = _follow(client, job.json()["job"])
        server.alive()
        assert status["state"] == "done", status


def test_a_placement_cycle_is_one_error_for_its_element_and_remembered(server: Server, tmp_path: Path) -> None:
    path = placement_cycle(tmp_path / "cycle.ifc")
    wall = next(p for p in _products(path) if p.Name == "Cyclic wall")
    good = next(p for p in _products(path) if p.Name == "Good wall")
    with httpx.Client(base_url=server.url, timeout=300) as client:
        model = client.post("/api/models", files={"file": (path.name, path.read_bytes())}).json()["id"]
        first = client.post(f"/api/models/{model}/tools/get_bbox", json={"element": wall.GlobalId}).json()
        again = client.post(f"/api/models/{model}/tools/get_bbox", json={"element": wall.GlobalId}).json()
        other = client.post(f"/api/models/{model}/tools/get_bbox", json={"element": good.GlobalId}).json()
        info = client.get(f"/api/models/{model}/elements/{wall.GlobalId}").json()
    server.alive()
    placement = wall.ObjectPlacement.id()
    expected = (f"IfcOpenShell crashed computing the geometry of #{wall.id()} (SIGSEGV); the file may contain a "
                f"placement cycle #{placement} -> #{placement} (through PlacementRelTo)")
    assert first["bbox"] is None and first["reason"].startswith(expected), first
    assert again == first
    assert other["bbox"]["max"]["z"] == pytest.approx(3.0)  # the rest of the file still shapes
    assert info["bbox"] is None and info["bbox_note"].startswith(expected)


def test_ifcqa_info_on_a_crashing_element_exits_1_with_one_line(tmp_path: Path) -> None:
    path = placement_cycle(tmp_path / "cycle.ifc")
    wall = next(p for p in _products(path) if p.Name == "Cyclic wall")
    env = {**os.environ, "IFCQA_CACHE_DIR": str(tmp_path / "cache"), "IFCQA_NATIVE_TIMEOUT": HANG_SECONDS}
    for _ in range(2):  # computed, then remembered: the same line
        done = subprocess.run([sys.executable, "-m", "ifcqa.cli.main", "info", str(path), wall.GlobalId],
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 1, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: IfcOpenShell crashed computing the geometry of "
                                                       f"#{wall.id()} (SIGSEGV); the file may contain a placement")
    rest = subprocess.run([sys.executable, "-m", "ifcqa.cli.main", "info", str(path), wall.GlobalId, "--no-bbox"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert rest.returncode == 0 and json.loads(rest.stdout)["name"] == "Cyclic wall"


@pytest.mark.parametrize("case", sorted(CASES))
def test_ifcqa_info_never_dies_by_a_signal(corpus: dict[str, Path], case: str, tmp_path: Path) -> None:
    path = corpus[case]
    env = {**os.environ, "IFCQA_CACHE_DIR": str(tmp_path / "cache"), "IFCQA_NATIVE_TIMEOUT": HANG_SECONDS}
    try:
        products = _products(path)[:6]
    except RuntimeError:
        products = []
    guids = [p.GlobalId for p in products] or ["0000000000000000000000"]
    for guid in guids:
        done = subprocess.run([sys.executable, "-m", "ifcqa.cli.main", "info", str(path), guid],
                              capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode in (0, 1), (done.returncode, done.stderr)
        if done.returncode == 1:
            assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error: ")


def test_the_scene_says_why_elements_are_not_drawn_and_lists_aggregate_parts(
    corpus: dict[str, Path], tmp_path: Path
) -> None:
    from ifcqa.service.scene import read_glb, scene_glb

    def about(case: str) -> dict[str, Any]:
        document, _ = read_glb(scene_glb(corpus[case], tmp_path / "scenes"))
        extras: dict[str, Any] = document["asset"]["extras"]["ifcqa"]
        return extras

    model = ifcopenshell.open(str(corpus["degenerate_profile"]))
    slabs = {s.GlobalId for s in model.by_type("IfcSlab")}
    degenerate = about("degenerate_profile")["untessellated"]
    assert degenerate and set(degenerate) <= slabs  # degenerate slabs, each with IfcOpenShell's own message
    assert all(v["reason"].startswith("could not be tessellated: Failed to process shape") for v in degenerate.values())
    cycle = ifcopenshell.open(str(corpus["aggregation_cycle"]))
    stair, flight = cycle.by_type("IfcStair")[0], cycle.by_type("IfcStairFlight")[0]
    aggregated = about("aggregation_cycle")
    assert aggregated["parts"][stair.GlobalId] == [flight.GlobalId]
    assert aggregated["untessellated"][flight.GlobalId]["reason"].startswith(
        f"not shaped: it is on a decomposition cycle #{stair.id()} -> #{flight.id()} -> #{stair.id()}")
    crashed = about("self_mapping_item")["untessellated"]
    assert [v["reason"].split(";")[0] for v in crashed.values()] == [
        f"IfcOpenShell crashed computing the geometry of #{v['id']} (SIGSEGV)" for v in crashed.values()]


def test_ifcqa_mcp_answers_get_bbox_on_a_placement_cycle_and_stays_up(tmp_path: Path) -> None:
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp_types import TextContent

    path = placement_cycle(tmp_path / "cycle.ifc")
    wall = next(p for p in _products(path) if p.Name == "Cyclic wall")
    good = next(p for p in _products(path) if p.Name == "Good wall")
    args = ["-m", "ifcqa.cli.main", "mcp", str(path), "--cache-dir", str(tmp_path / "cache")]
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else None  # the stdio client
    client = Client(StdioServerParameters(command=sys.executable, args=args, env=env),  # passes few variables
                    read_timeout_seconds=120)
    seen: list[Any] = []

    async def run() -> None:
        async with client:
            for guid in (wall.GlobalId, good.GlobalId, "no-such-tool"):
                if guid == "no-such-tool":
                    seen.append(await client.call_tool("no_such_tool", {}))
                else:
                    seen.append(await client.call_tool("get_bbox", {"element": guid}))

    anyio.run(run)
    texts = [r.content[0].text for r in seen if isinstance(r.content[0], TextContent)]
    crashed, fine, unknown = (json.loads(t) for t in texts)
    assert crashed["bbox"] is None and crashed["reason"].startswith(
        f"IfcOpenShell crashed computing the geometry of #{wall.id()} (SIGSEGV)")
    assert fine["bbox"]["max"]["z"] == pytest.approx(3.0)  # the server answered after the crash
    assert unknown["error"]["message"].startswith("Unknown tool 'no_such_tool'")
