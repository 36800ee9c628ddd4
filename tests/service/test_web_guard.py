"""Requests from other sites, job bounds and cancel, security headers, the bearer scheme, paths in errors.

The browser side (a page on a second loopback origin driving the server) is tests/ui/test_cross_origin.py;
here the same headers are sent by hand to a real server.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from mcp import Client
from service_helpers import LiveServer, start_server
from test_mcp_http import run, text_of

from ifcqa.service.app import create_app
from ifcqa.service.jobs import JobCancelled, Jobs


def test_state_changes_from_another_origin_or_site_are_refused(live: LiveServer, sample_ifc: Path) -> None:
    files = {"file": ("house.ifc", sample_ifc.read_bytes())}
    with live.client() as client:
        foreign = client.post("/api/models", files=files, headers={"Origin": "http://127.0.0.1:1"})
        null = client.post("/api/models", files=files, headers={"Origin": "null"})
        fetched = client.post("/api/models", files=files, headers={"Sec-Fetch-Site": "same-site"})
        image = client.get("/api/models", headers={"Sec-Fetch-Site": "cross-site"})
        text = client.post("/api/models/feedfeedfeedfeed/mcq", content=b"", headers={"Content-Type": "text/plain"})
        plain_upload = client.post("/api/models", content=b"ISO-10303-21;", headers={"Content-Type": "text/plain"})
        own = client.post("/api/models", files=files, headers={"Origin": live.url, "Sec-Fetch-Site": "same-origin"})
        listed = client.get("/api/models").json()["models"]
    for refused in (foreign, null, fetched, image):
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_site", refused.text
    assert "http://127.0.0.1:1" in foreign.json()["error"]["message"]
    assert text.status_code == 415 and "application/json" in text.json()["error"]["message"]
    assert plain_upload.status_code == 422 and plain_upload.json()["error"]["code"] == "missing_file"
    assert own.status_code in (200, 201) and own.json()["id"] in [m["id"] for m in listed]


def test_an_allowed_cors_origin_may_change_state(tmp_path: Path, sample_ifc: Path) -> None:
    server = start_server(create_app(tmp_path / "models", embedder="none", cors_origins=["http://app.example"]))
    try:
        with server.client() as client:
            allowed = client.post("/api/models", files={"file": ("h.ifc", sample_ifc.read_bytes())},
                                  headers={"Origin": "http://app.example", "Sec-Fetch-Site": "cross-site"})
            other = client.post("/api/models", files={"file": ("h.ifc", sample_ifc.read_bytes())},
                                headers={"Origin": "http://evil.example"})
    finally:
        server.stop()
    assert allowed.status_code == 201 and other.status_code == 403


def test_every_response_carries_the_security_headers(live: LiveServer) -> None:
    with live.client() as client:
        responses = [client.get("/"), client.get("/api/health"), client.get("/api/nope"),
                     client.post("/api/models", headers={"Origin": "http://evil.example"})]
    for response in responses:
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, response.url
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"


def test_the_bearer_scheme_is_read_in_any_case(tmp_path: Path) -> None:
    server = start_server(create_app(tmp_path / "models", token="s3cret", embedder="none"))
    try:
        with server.client() as client:
            codes = {scheme: client.get("/api/models", headers={"Authorization": f"{scheme} s3cret"}).status_code
                     for scheme in ("Bearer", "bearer", "BEARER", "Basic")}
            wrong = client.get("/api/models", headers={"Authorization": "bearer other"}).status_code
    finally:
        server.stop()
    assert codes == {"Bearer": 200, "bearer": 200, "BEARER": 200, "Basic": 401} and wrong == 401


def test_jobs_beyond_the_bound_are_refused_and_jobs_can_be_cancelled() -> None:
    jobs = Jobs(workers=1, max_pending=2)
    release = threading.Event()
    stopped: list[str] = []

    def slow(report: Any) -> dict[str, Any]:
        while not release.is_set():
            try:
                report("working", 0.5, None)
            except JobCancelled:
                stopped.append("cancelled")
                raise
            time.sleep(0.02)
        return {"ok": True}

    running, queued = jobs.submit("mcq", slow), jobs.submit("mcq", slow)
    try:
        jobs.submit("mcq", slow)
        raise AssertionError("a third job was accepted")
    except Exception as error:  # noqa: BLE001 - checked below
        assert getattr(error, "status", None) == 429 and "at most 2" in str(error)
    assert jobs.cancel(queued.id).state == "cancelled"
    jobs.cancel(running.id)
    deadline = time.monotonic() + 10
    while running.state != "cancelled":
        assert time.monotonic() < deadline, running.state
        time.sleep(0.02)
    assert stopped == ["cancelled"]
    assert jobs.submit("mcq", lambda report: {"ok": True}).id  # room again
    release.set()
    jobs.close()


def test_the_cancel_route_ends_a_job_and_refuses_an_ended_one(live: LiveServer, model_id: str) -> None:
    with live.client() as client:
        job = client.post(f"/api/models/{model_id}/mcq", json={"cap": 1}).json()["job"]
        cancelled = client.post(f"/api/jobs/{job}/cancel")
        deadline = time.monotonic() + 120
        while (state := client.get(f"/api/jobs/{job}").json()["state"]) not in ("cancelled", "done", "failed"):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        again = client.post(f"/api/jobs/{job}/cancel")
        missing = client.post("/api/jobs/nojob/cancel")
    assert cancelled.status_code == 200 and state == "cancelled"
    assert again.status_code == 409 and again.json()["error"]["code"] == "job_ended"
    assert missing.status_code == 404


def test_errors_name_no_server_path(live: LiveServer, tmp_path: Path) -> None:
    broken = live.models_dir / "broken.ifc"
    broken.write_text("ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n#1=IFCWALL(;\n")
    try:
        with live.client() as client:
            listed = client.get("/api/models").json()["models"]
            row = next(m for m in listed if m["name"] == "broken.ifc")
            answer = client.get(f"/api/models/{row['id']}/summary")
    finally:
        broken.unlink()
    assert answer.status_code == 422, answer.text
    message = answer.json()["error"]["message"]
    assert "broken.ifc" in message and str(live.models_dir) not in message and "/tmp" not in message


def test_an_unknown_mcp_tool_is_answered_as_unknown(live: LiveServer, model_id: str) -> None:
    seen: dict[str, Any] = {}

    async def body(client: Client) -> None:
        seen["bare"] = await client.call_tool("no_such_tool", {})
        seen["with_model"] = await client.call_tool("no_such_tool", {"model": model_id})

    run(Client(f"{live.url}/mcp", read_timeout_seconds=60), body)
    for result in seen.values():
        error = text_of(result)["error"]
        assert result.is_error and error["message"].startswith("Unknown tool 'no_such_tool'. Available tools: ")
