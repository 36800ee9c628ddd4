"""Load on the HTTP service: N concurrent streaming ``ask`` clients on loopback for a bounded time, no LLM.

Run from the repository root::

    python bench/api_load.py                          # 100 clients, 60 s per phase, the generated sample model
    python bench/api_load.py --clients 20 --duration 10 --model ../shared/ifc/Duplex_A_20110907.ifc

``ifcqa serve`` runs as its own process on a free loopback port (so the clients do not share its GIL and its
memory can be read apart); the model is uploaded and each question asked once to warm up (index, graph store).
Then two phases run for ``--duration`` seconds each, every client asking one question after another and
reading the whole event stream:

- ``cached``: a fixed set of questions, so answers come from the answer cache (what repeated questions cost);
- ``computed``: each request asks with a ``limit`` not used before, which misses the answer cache, so every
  request runs the pipeline (parse, route, graph query, check).

Per phase: requests, errors (non-200, an ``error`` event, a stream without ``final``, a dropped connection),
latency to the ``final`` event and to the first event (p50/p99), throughput, and the server's RSS (start,
peak, end; psutil). One JSON line per phase on stdout, a table on stderr. The clients run in this process
(asyncio, raw HTTP/1.1 keep-alive connections) and share the machine's cores with the server: say so when
reporting numbers. ``--http httptools`` (needs ``pip install httptools``) serves with uvicorn's C parser
instead of the default pure-Python h11, for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil

QUESTIONS = [
    "Which doors are on Level 0?",
    "How many windows are on Level 1?",
    "What is on the ground floor?",
    "How many spaces are there?",
    "Which walls are not on Level 0?",
    "Which storey has the most doors?",
    "Wie viele Fenster gibt es im Erdgeschoss?",
    "List the slabs per storey.",
]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(models_dir: Path, port: int, no_graph: bool, http: str = "auto") -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "ifcqa.cli.main", "serve", "--port", str(port), "--models-dir", str(models_dir),
               "--log-level", "warning", "--http", http] + (["--no-graph"] if no_graph else [])
    env = {k: v for k, v in os.environ.items() if k != "IFCQA_TOKEN"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
            return process
        except httpx.TransportError:
            if process.poll() is not None:
                raise SystemExit(f"ifcqa serve exited: {process.communicate()[1].decode()[-2000:]}") from None
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("ifcqa serve did not answer within 120 s")


class Connection:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams: POST JSON, read a chunked event stream.

    httpx costs more CPU per request than the server does (measured: 100 httpx clients managed 13 health
    checks/s where raw connections got 900/s on the same loaded machine), which would measure the client.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post_stream(self, path: str, body: dict[str, Any]) -> tuple[int, list[tuple[float, str]]]:
        """(status, [(seconds since the request, event name), ...]) of one streamed POST."""
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.reader, self.writer
        payload = json.dumps(body).encode()
        start = time.perf_counter()
        writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
        events: list[tuple[float, str]] = []
        if "content-length" in headers:
            await reader.readexactly(int(headers["content-length"]))
            return status, events
        buffer = b""
        while True:  # chunked transfer encoding
            size = int((await reader.readline()).strip(), 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            buffer += chunk[:-2]
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                for line in block.split(b"\n"):
                    if line.startswith(b"event:"):
                        events.append((time.perf_counter() - start, line[6:].strip().decode()))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, events

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def ask_once(connection: Connection, path: str, body: dict[str, Any]) -> tuple[float, float, str | None]:
    """(seconds to the final event, seconds to the first event, error or None)."""
    start = time.perf_counter()
    try:
        status, events = await connection.post_stream(path, body)
    except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
        await connection.close()
        return time.perf_counter() - start, float("nan"), type(exc).__name__
    total = time.perf_counter() - start
    if status != 200:
        return total, float("nan"), f"HTTP {status}"
    names = [name for _, name in events]
    if "error" in names:
        return total, events[0][0], "error event"
    if not names or names[-1] != "final":
        return total, events[0][0] if events else float("nan"), f"stream ended after {names[-1:]}"
    return events[-1][0], events[0][0], None


async def phase(port: int, model_id: str, clients: int, duration: float, computed: bool,
                server: psutil.Process) -> dict[str, Any]:
    latencies: list[float] = []
    firsts: list[float] = []
    errors: dict[str, int] = {}
    limits = itertools.count(1000)  # a fresh limit per request: never in the answer cache
    rss = [server.memory_info().rss]
    stop_at = time.monotonic() + duration
    path = f"/api/models/{model_id}/ask"

    async def worker(number: int) -> None:
        connection = Connection(port)
        for turn in itertools.count():
            if time.monotonic() >= stop_at:
                break
            body: dict[str, Any] = {"question": QUESTIONS[(number + turn) % len(QUESTIONS)]}
            if computed:
                body["limit"] = next(limits)
            total, first, error = await ask_once(connection, path, body)
            if error is None:
                latencies.append(total)
                firsts.append(first)
            else:
                errors[error] = errors.get(error, 0) + 1
        await connection.close()

    async def sample_memory() -> None:
        while time.monotonic() < stop_at:
            rss.append(server.memory_info().rss)
            await asyncio.sleep(0.5)

    started = time.perf_counter()
    await asyncio.gather(sample_memory(), *(worker(n) for n in range(clients)))
    elapsed = time.perf_counter() - started
    rss.append(server.memory_info().rss)
    ms = [x * 1000 for x in latencies]
    first_ms = [x * 1000 for x in firsts]
    return {
        "phase": "computed" if computed else "cached", "clients": clients, "seconds": round(elapsed, 1),
        "requests": len(latencies) + sum(errors.values()), "errors": sum(errors.values()), "error_kinds": errors,
        "per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 1) if ms else None, "p99_ms": round(percentile(ms, 99), 1),
        "max_ms": round(max(ms), 1) if ms else None,
        "first_event_p50_ms": round(statistics.median(first_ms), 1) if first_ms else None,
        "first_event_p99_ms": round(percentile(first_ms, 99), 1),
        "rss_mb": {"start": round(rss[0] / 2**20), "peak": round(max(rss) / 2**20), "end": round(rss[-1] / 2**20)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0, help="Seconds per phase.")
    parser.add_argument("--model", type=Path, help="An IFC file (default: the generated sample, 2 storeys).")
    parser.add_argument("--phases", default="cached,computed", help="cached, computed or both (comma-separated).")
    parser.add_argument("--no-graph", action="store_true", help="Serve with --no-graph (the in-memory route).")
    parser.add_argument("--http", default="auto", choices=["auto", "h11", "httptools"], help="uvicorn's HTTP parser.")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ifcqa-api-load-") as tmp:
        folder = Path(tmp)
        model = args.model
        if model is None:
            from ifcqa.sample import write_sample_model

            model = write_sample_model(folder / "sample.ifc", storeys=2, rooms_per_storey=4)
        port = free_port()
        process = start_server(folder / "models", port, args.no_graph, args.http)
        url = f"http://127.0.0.1:{port}"
        try:
            server = psutil.Process(process.pid)
            with httpx.Client(base_url=url, timeout=600) as client:
                uploaded = client.post("/api/models", files={"file": (model.name, model.read_bytes())})
                uploaded.raise_for_status()
                model_id = uploaded.json()["id"]
                for question in QUESTIONS:  # warm: index, graph store, parser
                    client.post(f"/api/models/{model_id}/ask", json={"question": question}).raise_for_status()
            print(f"server pid {process.pid}, model {model.name} ({model_id}), {args.clients} clients, "
                  f"{args.duration:g} s per phase, HTTP parser {args.http}, {os.cpu_count()} cores shared by server "
                  f"and clients, "
                  f"load average before {os.getloadavg()[0]:.1f}",
                  file=sys.stderr)
            rows = []
            for name in args.phases.split(","):
                row = asyncio.run(phase(port, model_id, args.clients, args.duration, name.strip() == "computed",
                                        server))
                rows.append(row)
                print(json.dumps(row), flush=True)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"{'phase':<10}{'requests':>9}{'errors':>7}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'1st p99':>9}"
          f"{'RSS peak MB':>12}", file=sys.stderr)
    for row in rows:
        print(f"{row['phase']:<10}{row['requests']:>9}{row['errors']:>7}{row['per_s']:>8}{row['p50_ms']:>9}"
              f"{row['p99_ms']:>9}{row['first_event_p99_ms']:>9}{row['rss_mb']['peak']:>12}", file=sys.stderr)


if __name__ == "__main__":
    main()
