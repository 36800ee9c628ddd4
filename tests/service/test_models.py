"""Models over HTTP: upload (content-hash names, hostile names, size limit, non-IFC), list, delete, errors."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from service_helpers import LiveServer, start_server

from ifcqa.service.app import create_app


def multipart(filename: bytes, payload: bytes, field: bytes = b"file") -> tuple[bytes, dict[str, str]]:
    """A multipart body written byte for byte, so a file name can hold what clients would escape (NUL, ../)."""
    boundary = b"ifcqa-test-boundary"
    body = (b"--" + boundary + b"\r\nContent-Disposition: form-data; name=\"" + field + b"\"; filename=\"" + filename
            + b"\"\r\nContent-Type: application/octet-stream\r\n\r\n" + payload + b"\r\n--" + boundary + b"--\r\n")
    return body, {"content-type": f"multipart/form-data; boundary={boundary.decode()}"}


def assert_error(response: httpx.Response, status: int, code: str, *words: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}
    assert body["error"]["code"] == code
    message: str = body["error"]["message"]
    for word in words:
        assert word in message
    return message


def files_in(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and ".cache" not in p.parts}


def test_upload_stores_the_model_under_its_content_hash_and_lists_it(live: LiveServer, sample_ifc: Path) -> None:
    payload = sample_ifc.read_bytes()
    sha = hashlib.sha256(payload).hexdigest()
    with live.client() as client:
        first = client.post("/api/models", files={"file": ("My House.ifc", payload)})
        again = client.post("/api/models", files={"file": ("other name.ifc", payload)})
        one = client.get(f"/api/models/{sha[:16]}").json()
        listed = client.get("/api/models").json()["models"]
    assert first.status_code in (200, 201)  # 200 when another test uploaded it first
    model = first.json()
    assert model["id"] == sha[:16] and model["sha256"] == sha and model["size"] == len(payload)
    assert model["schema"] == "IFC4" and model["indexed"] is True
    assert (live.models_dir / f"{sha[:16]}.ifc").read_bytes() == payload
    assert again.status_code == 200 and again.json()["existing"] is True and again.json()["id"] == model["id"]
    assert [m["id"] for m in listed].count(model["id"]) == 1
    assert one == {k: v for k, v in model.items() if k != "existing"}


@pytest.mark.parametrize(
    ("filename", "shown"),
    [
        (b"../../../../tmp/evil.ifc", "evil.ifc"),
        (b"/etc/passwd.ifc", "passwd.ifc"),
        (b"C:\\Users\\x\\..\\plan.ifc", "plan.ifc"),
        (b"a\x00b.ifc", "ab.ifc"),
        (b"..", "model.ifc"),
    ],
)
def test_hostile_file_names_are_display_text_only(
    live: LiveServer, tmp_path: Path, filename: bytes, shown: str
) -> None:
    from ifcqa.sample import write_sample_model

    # a model of its own per case (another seed): the name is recorded for a new upload only
    seed = 10 + [b"../../../../tmp/evil.ifc", b"/etc/passwd.ifc", b"C:\\Users\\x\\..\\plan.ifc", b"a\x00b.ifc",
                 b".."].index(filename)
    payload = write_sample_model(tmp_path / "m.ifc", storeys=1, rooms_per_storey=1, seed=seed).read_bytes()
    before = files_in(live.models_dir)
    body, headers = multipart(filename, payload)
    with live.client() as client:
        response = client.post("/api/models", content=body, headers=headers)
    assert response.status_code == 201, response.text
    model = response.json()
    assert model["name"] == shown
    added = files_in(live.models_dir) - before
    assert added == {f"{model['id']}.ifc", f"{model['id']}.json"}
    assert not Path("/tmp/evil.ifc").exists()


def test_non_ifc_uploads_are_refused_with_a_clear_message(live: LiveServer) -> None:
    before = files_in(live.models_dir)
    with live.client() as client:
        text = client.post("/api/models", files={"file": ("notes.ifc", b"just some text\n")})
        xml = client.post("/api/models", files={"file": ("m.ifcxml", b"<?xml version='1.0'?><ifcXML/>")})
        empty = client.post("/api/models", files={"file": ("empty.ifc", b"")})
        truncated = b"ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'"
        broken = client.post("/api/models", files={"file": ("broken.ifc", truncated)})
        no_file = client.post("/api/models", data={"other": "x"})
        not_form = client.post("/api/models", json={"file": "x"})
    assert_error(text, 415, "not_ifc", "not an IFC file", "Upload an .ifc")
    assert_error(xml, 415, "not_ifc", "XML", "IFC-SPF")
    assert_error(empty, 415, "not_ifc", "empty")
    message = assert_error(broken, 422, "open_error", "broken.ifc")
    assert str(live.models_dir) not in message  # the server's paths are not shown
    assert_error(no_file, 422, "missing_file", '"file"')
    assert_error(not_form, 422, "missing_file")
    assert files_in(live.models_dir) == before  # nothing half-written, nothing listed


@pytest.fixture(scope="module")
def small_limit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_server(create_app(tmp_path_factory.mktemp("small"), max_upload_bytes=20_000))
    yield server
    server.stop()


def test_oversized_uploads_get_413_with_or_without_a_content_length(small_limit: LiveServer, sample_ifc: Path) -> None:
    payload = sample_ifc.read_bytes()
    # over the limit plus the form's allowance: refused by its Content-Length, or while it streams in
    assert len(payload) > 20_000 + 64 * 1024
    body, headers = multipart(b"big.ifc", payload)

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(body), 8192):
            yield body[start:start + 8192]

    with small_limit.client() as client:
        declared = client.post("/api/models", content=body, headers=headers)
        streamed = client.post("/api/models", content=chunks(), headers=headers)  # chunked: no Content-Length
        # under the allowance but over the limit: refused by the file's own size
        padded = client.post("/api/models", files={"file": ("pad.ifc", b"ISO-10303-21;" + b" " * 30_000)})
        listed = client.get("/api/models").json()["models"]
    for response in (declared, streamed, padded):
        assert_error(response, 413, "too_large", "limit", "--max-upload-mb")
    assert listed == []
    assert files_in(small_limit.models_dir) == set()


def test_delete_removes_an_upload_and_unknown_ids_are_404(live: LiveServer, tmp_path: Path) -> None:
    from ifcqa.sample import write_sample_model

    payload = write_sample_model(tmp_path / "d.ifc", storeys=1, rooms_per_storey=1, seed=99).read_bytes()
    with live.client() as client:
        model = client.post("/api/models", files={"file": ("d.ifc", payload)}).json()
        deleted = client.delete(f"/api/models/{model['id']}")
        again = client.delete(f"/api/models/{model['id']}")
        summary = client.get(f"/api/models/{model['id']}/summary")
        dotted = client.get("/api/models/..%2F..%2Fetc/summary")
        listed = [m["id"] for m in client.get("/api/models").json()["models"]]
    assert deleted.status_code == 204 and deleted.content == b""
    assert_error(again, 404, "not_found", model["id"], "GET /api/models")
    assert_error(summary, 404, "not_found")
    assert dotted.status_code == 404 and dotted.json()["error"]["code"] == "not_found"
    assert model["id"] not in listed
    assert not (live.models_dir / f"{model['id']}.ifc").exists()


def test_model_files_found_in_the_folder_are_listed_read_only(tmp_path: Path, sample_ifc: Path) -> None:
    folder = tmp_path / "found"
    folder.mkdir()
    (folder / "Existing House.ifc").write_bytes(sample_ifc.read_bytes())
    server = start_server(create_app(folder, embedder="none"))
    try:
        with server.client() as client:
            (model,) = client.get("/api/models").json()["models"]
            refused = client.delete(f"/api/models/{model['id']}")
            summary = client.get(f"/api/models/{model['id']}/summary")
    finally:
        server.stop()
    assert model["name"] == "Existing House.ifc" and model["uploaded"] is False and model["schema"] == "IFC4"
    assert_error(refused, 409, "read_only", "remove the file itself")
    assert summary.status_code == 200 and (folder / "Existing House.ifc").is_file()


def test_framework_errors_use_the_same_shape(live: LiveServer, model_id: str) -> None:
    with live.client() as client:
        missing = client.get("/api/nothing-here")
        method = client.put("/api/health")
        invalid = client.post(f"/api/models/{model_id}/ask", json={"question": 42})
        blank = client.post(f"/api/models/{model_id}/ask", json={"question": "   "})
        bad_json = client.post(f"/api/models/{model_id}/tools/count_elements", content=b"{not json",
                               headers={"content-type": "application/json"})
    assert_error(missing, 404, "not_found", "GET /api/nothing-here")
    assert_error(method, 405, "method_not_allowed", "PUT")
    assert_error(invalid, 422, "invalid_request", "question")
    assert_error(blank, 422, "invalid_request", "blank")
    assert_error(bad_json, 422, "invalid_request")


def test_openapi_lists_the_contract_routes(live: LiveServer) -> None:
    with live.client() as client:
        schema = client.get("/openapi.json").json()
        health = client.get("/api/health").json()
    paths = set(schema["paths"])
    for path in ("/api/health", "/api/models", "/api/models/{model_id}", "/api/models/{model_id}/summary",
                 "/api/tools", "/api/models/{model_id}/tools/{name}", "/api/models/{model_id}/elements/{ref}",
                 "/api/models/{model_id}/ask", "/api/models/{model_id}/scene.glb", "/api/models/{model_id}/storeys",
                 "/api/models/{model_id}/mcq", "/api/jobs/{job_id}", "/api/jobs/{job_id}/events", "/api/benchmarks",
                 "/api/benchmarks/{bench_id}/items", "/api/runs", "/api/runs/{run_id}/{name}"):
        assert path in paths, path
    upload = schema["paths"]["/api/models"]["post"]["requestBody"]["content"]
    assert "file" in upload["multipart/form-data"]["schema"]["properties"]
    assert health["status"] == "ok" and health["version"]


def test_an_ifczip_upload_is_stored_and_read(live: LiveServer, tmp_path: Path) -> None:
    import io
    import zipfile

    from ifcqa.sample import write_sample_model

    model = write_sample_model(tmp_path / "zipped.ifc", storeys=1, rooms_per_storey=1, seed=42)
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(model, "zipped.ifc")
    with live.client() as client:
        response = client.post("/api/models", files={"file": ("zipped.ifczip", packed.getvalue())})
        summary = client.get(f"/api/models/{response.json()['id']}/summary")
    assert response.status_code == 201, response.text
    stored = live.models_dir / f"{response.json()['id']}.ifczip"
    assert stored.read_bytes() == packed.getvalue()
    assert summary.status_code == 200 and summary.json()["schema"] == "IFC4"
