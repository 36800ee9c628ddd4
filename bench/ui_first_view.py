"""First view of a model in the web UI: our streamed server scene against parsing the IFC in the browser (web-ifc).

Run from the repository root (needs /usr/bin/chromium, the playwright package, and `cd web && npm ci` for the
web-ifc comparison)::

    python bench/ui_first_view.py                    # the largest file in ../shared/ifc
    python bench/ui_first_view.py path/to/model.ifc

Prints one JSON line per measurement and a summary table. What is measured (all on this machine, in Debian's
headless Chromium with software WebGL, `--disable-gpu`):

- ``tessellate_cold_s``: ``scene_glb`` on an empty cache, in process (open the file, the geometry iterator on
  all cores, GLB encoding, atomic write); ``glb_mb`` the file written;
- ``ui_first_triangles_cold_s``: the UI served by ``create_app`` on a server whose scene cache is empty, from
  opening the model in the page until the first streamed part of the scene is drawn
  (``window.ifcqaUI.firstTrianglesMs``; scene.stream tessellates in a native worker and sends GLB parts);
- ``ui_first_view_cold_s``: the same until the whole scene, the spatial tree, storeys and summary are shown
  (``window.ifcqaUI.firstViewMs``);
- ``ui_first_view_warm_s`` (and ``ui_first_triangles_warm_s``): the same after a page reload (the cached GLB,
  one part);
- ``webifc_first_mesh_s`` / ``webifc_parse_s``: the alternative, web-ifc (WASM) in the same browser: fetch
  the IFC, ``OpenModel`` and ``StreamAllMeshes`` reading every vertex and index array, until its first
  mesh / its last, paid on every view (no three.js meshes built, so lower bounds of its first triangles and
  first view); ``webifc_wasm_mb`` what the browser downloads for it besides the model.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "ifc"
WEB_IFC = ROOT / "web" / "node_modules" / "web-ifc"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

WEB_IFC_PAGE = """<!doctype html><meta charset="utf-8"><title>web-ifc</title><script type="module">
import * as WebIFC from './web-ifc-api.js';
window.run = async () => {
  const started = performance.now();
  const api = new WebIFC.IfcAPI();
  api.SetWasmPath('./');
  await api.Init();
  const data = new Uint8Array(await (await fetch('model.ifc')).arrayBuffer());
  const model = api.OpenModel(data);
  let meshes = 0, triangles = 0, floats = 0, firstMs = null;
  api.StreamAllMeshes(model, (mesh) => {
    if (firstMs === null) firstMs = performance.now() - started;
    const geometries = mesh.geometries;
    for (let i = 0; i < geometries.size(); i++) {
      const geometry = api.GetGeometry(model, geometries.get(i).geometryExpressID);
      const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
      const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
      floats += vertices.length; triangles += indices.length / 3;
      geometry.delete();
    }
    meshes += 1;
  });
  api.CloseModel(model);
  return { ms: performance.now() - started, firstMs, meshes, triangles, floats };
};
window.ready = true;
</script>"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's signature
        pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _emit(row: dict[str, Any]) -> None:
    print(json.dumps(row), flush=True)


def measure_ours(model: Path, work: Path, browser: Any) -> dict[str, Any]:
    import httpx
    import uvicorn

    from ifcqa.service.app import create_app
    from ifcqa.service.scene import scene_glb

    started = time.perf_counter()
    glb = scene_glb(model, work / "scene-only")
    row: dict[str, Any] = {"tessellate_cold_s": round(time.perf_counter() - started, 2),
                           "glb_mb": round(glb.stat().st_size / 1e6, 2)}
    app = create_app(work / "models", token="", embedder="none")
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}/"
    try:
        with open(model, "rb") as handle:
            started = time.perf_counter()
            response = httpx.post(url + "api/models", files={"file": (model.name, handle)}, timeout=600)
        response.raise_for_status()
        row["upload_and_index_s"] = round(time.perf_counter() - started, 2)
        model_id = response.json()["id"]
        page = browser.new_page()
        for label in ("cold", "warm"):
            page.goto(url)
            page.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
            if page.evaluate("window.ifcqaScene.modelId") != model_id:  # one model: the page opens it itself
                page.select_option("#model-select", model_id)
            page.wait_for_function("window.ifcqaUI.state === 'ready'", timeout=600_000)
            first, complete = page.evaluate("[window.ifcqaUI.firstTrianglesMs, window.ifcqaUI.firstViewMs]")
            row[f"ui_first_triangles_{label}_s"] = round(first / 1000, 2)
            row[f"ui_first_view_{label}_s"] = round(complete / 1000, 2)
            row[f"ui_parts_{label}"] = page.evaluate("window.ifcqaScene.parts")
            row[f"ui_timings_ms_{label}"] = page.evaluate("window.ifcqaUI.timings")
            row[f"ui_profile_ms_{label}"] = page.evaluate("window.ifcqaScene.profile")
            row[f"ui_percents_{label}"] = len(page.evaluate("window.ifcqaUI.percents"))
            row["nodes"] = page.evaluate("window.ifcqaScene.nodeCount")
        page.close()
    finally:
        server.should_exit = True
        thread.join(timeout=15)
    return row


def measure_web_ifc(model: Path, work: Path, browser: Any) -> dict[str, Any]:
    if not (WEB_IFC / "web-ifc-api.js").is_file():
        return {"webifc": "skipped: run `cd web && npm ci` first"}
    site = work / "webifc"
    site.mkdir()
    for name in ("web-ifc-api.js", "web-ifc.wasm"):
        shutil.copy(WEB_IFC / name, site / name)
    shutil.copy(model, site / "model.ifc")
    (site / "index.html").write_text(WEB_IFC_PAGE)
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        page.wait_for_function("window.ready === true")
        result = page.evaluate("window.run()")
        page.close()
    finally:
        httpd.shutdown()
    wasm = (site / "web-ifc.wasm").stat().st_size + (site / "web-ifc-api.js").stat().st_size
    return {"webifc_first_mesh_s": round((result["firstMs"] or 0) / 1000, 2),
            "webifc_parse_s": round(result["ms"] / 1000, 2), "webifc_meshes": result["meshes"],
            "webifc_triangles": int(result["triangles"]), "webifc_wasm_mb": round(wasm / 1e6, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", type=Path, help="IFC file (default: the largest shared model)")
    args = parser.parse_args()
    model = args.model or max(SHARED.glob("*.ifc"), key=lambda p: p.stat().st_size)
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="ifcqa-first-view-"))
    os.environ["IFCQA_CACHE_DIR"] = str(work / "cache")
    row: dict[str, Any] = {"file": model.name, "mb": round(model.stat().st_size / 1e6, 2), "cores": os.cpu_count(),
                           "load_avg_1m": round(os.getloadavg()[0], 2)}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch_persistent_context(
                str(work / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True, bypass_csp=True,
                viewport={"width": 1400, "height": 860})
            try:
                row |= measure_ours(model, work, browser)
                row |= measure_web_ifc(model, work, browser)
            finally:
                browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _emit(row)
    for key, value in row.items():
        print(f"{key:>24}  {value}", file=sys.stderr)


if __name__ == "__main__":
    main()
