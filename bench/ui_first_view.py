"""First view of a model in the web UI: web-ifc in the page (the cold path), the cached server scene (the warm
path) and the streamed server scene, against bare web-ifc parsing the same IFC in the same browser.

Run from the repository root (needs /usr/bin/chromium, the playwright package, and `cd web && npm ci` for the
bare web-ifc comparison; the UI's own web-ifc is vendored)::

    python bench/ui_first_view.py                    # the largest file in ../shared/ifc
    python bench/ui_first_view.py path/to/model.ifc [--no-server-cold]

Prints one JSON line per model and a summary table. What is measured (all on this machine, in Debian's headless
Chromium with software WebGL, `--disable-gpu`), on the UI served by ``create_app`` with an empty scene cache:

- ``ui_first_triangles_cold_s`` / ``ui_first_view_cold_s``: opening the model in the page until its first
  elements are drawn (``window.ifcqaUI.firstTrianglesMs``) / until the whole model, the spatial tree, storeys
  and summary are shown (``firstViewMs``). The scene is not cached, so the page tessellates the file with
  web-ifc in a Web Worker (``ui_cold_source``: ``web-ifc``); ``ui_cold_vs_webifc`` is
  ``ui_first_view_cold_s / webifc_parse_s`` (the target: <= 1.5);
- ``server_scene_cached_s``: from that cold open until the server's cached scene (built once the page's view is
  complete) exists;
- ``ui_first_triangles_warm_s`` / ``ui_first_view_warm_s``: the same after a page reload (the cached GLB, one
  part; the target: <= 0.5 s);
- ``ui_first_triangles_server_cold_s`` / ``ui_first_view_server_cold_s`` (unless ``--no-server-cold``): the
  alternative cold path, the server's scene streamed as IfcOpenShell tessellates it (``?scene=server``, cache
  emptied first), as the page does when web-ifc cannot read a file;
- ``webifc_first_mesh_s`` / ``webifc_parse_s``: bare web-ifc (WASM) in the same browser: fetch the IFC,
  ``OpenModel`` and ``StreamAllMeshes`` reading every vertex and index array, until its first mesh / its last
  (no three.js meshes built: a lower bound of its first view), the module imported with the page before the
  clock starts; ``webifc_with_import_s`` the same with the module's import (download, parse) inside the timing,
  on a page that had not imported it, as a viewer's page pays it; ``webifc_wasm_mb`` what the browser downloads
  for it besides the model (the npm package's full module: the page's own is a 124 KiB build without web-ifc's
  schema classes, ``web/web-ifc-slim.mjs``; the WASM is the same file);
- ``ui_first_triangles_cold_revisit_s`` / ``ui_first_view_cold_revisit_s`` (added 2026-12-02; the fields above
  are measured as before): a model without a cached scene opened on a later visit, in a new page of the same
  browser (a copy of the model one byte longer, so another content hash), with web-ifc's module and WASM in the
  browser's cache (the page asks for them by content hash, served immutable, so Chromium keeps the compiled WASM
  too); ``webifc_*_again`` bare web-ifc measured again just before it (on a fresh origin, so nothing of it is
  cached: its module import stays outside the clock as above), and ``ui_cold_revisit_vs_webifc`` their ratio:
  two measurements minutes apart on a loaded machine differ by more than these changes, so each ratio is taken
  against the web-ifc time measured next to it;
- ``ui_first_view_shown_<path>_s`` (added 2026-12-02): as ``ui_first_view_<path>_s`` until the frame after the
  complete view was drawn (two animation frames): under software WebGL the page waits for each frame's pixels, so
  this is when the complete view is on screen; the fields above end when the page's code is done (as always);
- ``ui_software_gl``: the page found a software WebGL rasteriser (SwiftShader here, with ``--disable-gpu``) and so
  draws without multisampling and with Lambert surfaces (``viewer.js`` ``softwareGl``); a browser with a GPU
  draws as before.
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
IMPORT
window.run = async () => {
  const started = performance.now();
  LAZY
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


def _open(page: Any, url: str, model_id: str) -> None:
    page.goto(url)
    page.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
    if page.evaluate("window.ifcqaScene.modelId") != model_id:  # one model: the page opens it itself
        page.select_option("#model-select", model_id)
    page.wait_for_function("window.ifcqaUI.state === 'ready' || window.ifcqaUI.state === 'error'", timeout=600_000)
    if page.evaluate("window.ifcqaUI.state") == "error":
        raise RuntimeError(f"the UI could not open the model: {page.evaluate('window.ifcqaScene.error')}")


def _read(page: Any, label: str, row: dict[str, Any]) -> None:
    first, complete = page.evaluate("[window.ifcqaUI.firstTrianglesMs, window.ifcqaUI.firstViewMs]")
    page.wait_for_function("window.ifcqaUI.shownMs !== null", timeout=60_000)
    row[f"ui_first_view_shown_{label}_s"] = round(page.evaluate("window.ifcqaUI.shownMs") / 1000, 2)
    row[f"ui_first_triangles_{label}_s"] = round(first / 1000, 2)
    row[f"ui_first_view_{label}_s"] = round(complete / 1000, 2)
    row[f"ui_{label}_source"] = ",".join(sorted(set(page.evaluate("Object.values(window.ifcqaUI.sources)"))))
    row[f"ui_parts_{label}"] = page.evaluate("window.ifcqaScene.parts")
    row[f"ui_timings_ms_{label}"] = page.evaluate("window.ifcqaUI.timings")
    profile = page.evaluate("window.ifcqaScene.profile")
    row[f"ui_profile_ms_{label}"] = {key: round(value) for key, value in profile.items()}
    row[f"ui_nodes_{label}"] = page.evaluate("window.ifcqaScene.nodeCount")
    row[f"ui_ready_since_navigation_{label}_s"] = round(page.evaluate("window.ifcqaUI.readyAt") / 1000, 2)
    row["ui_software_gl"] = page.evaluate("window.ifcqaScene.softwareGl")
    if label.startswith("warm"):  # the warm path's profile: each request from navigation start (ms)
        row[f"ui_requests_ms_{label}"] = page.evaluate("""performance.getEntriesByType('resource')
          .filter((r) => /api\\/|vendor|\\.js$/.test(r.name))
          .map((r) => [r.name.replace(/^.*?\\/\\/[^/]+\\//, '').slice(0, 48), Math.round(r.startTime),
                       Math.round(r.responseStart), Math.round(r.responseEnd), r.transferSize])""")
    steps = [m["webIfcSteps"] for m in page.evaluate("window.ifcqaScene.models") if m["webIfcSteps"]]
    if steps:
        row[f"ui_webifc_steps_ms_{label}"] = steps[0]


def measure_ours(model: Path, work: Path, browser: Any, server_cold: bool = True,
                 bare_again: Any = None) -> dict[str, Any]:
    import httpx
    import uvicorn

    from ifcqa.service.app import create_app

    row: dict[str, Any] = {}
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
        started = time.perf_counter()
        _open(page, url, model_id)
        _read(page, "cold", row)
        row["ui_cold_fallbacks"] = page.evaluate("window.ifcqaUI.fallbacks")
        while not httpx.get(f"{url}api/models/{model_id}", timeout=60).json()["scene_cached"]:
            if time.perf_counter() - started > 900:
                raise RuntimeError("the server's cached scene was not built within 15 minutes")
            time.sleep(0.25)
        row["server_scene_cached_s"] = round(time.perf_counter() - started, 2)
        glbs = list(work.rglob("*.scene.v*.glb"))
        row["glb_mb"] = round(sum(p.stat().st_size for p in glbs) / 1e6, 2)
        for label in ("warm", "warm2"):  # two reloads: the second has the static files revalidated, not compiled
            _open(page, url, model_id)
            _read(page, label, row)
        page.close()
        if server_cold:
            for glb in glbs:
                glb.unlink()
            page = browser.new_page()
            _open(page, url + "?scene=server", model_id)
            _read(page, "server_cold", row)
            page.close()
        # a model without a cached scene on a later visit: a copy of the model one byte longer (another content
        # hash: no cached scene), opened in a new page of the same browser, which has web-ifc's files cached
        if bare_again is not None:
            row |= {f"{key}_again": value for key, value in bare_again().items() if key.startswith("webifc_")}
        variant = work / f"revisit-{model.name}"
        variant.write_bytes(model.read_bytes() + b"\n")
        with open(variant, "rb") as handle:
            response = httpx.post(url + "api/models", files={"file": (variant.name, handle)}, timeout=600)
        response.raise_for_status()
        revisit_id = response.json()["id"]
        page = browser.new_page()
        _open(page, url, revisit_id)
        _read(page, "cold_revisit", row)
        page.close()
        while not httpx.get(f"{url}api/models/{revisit_id}", timeout=60).json()["scene_cached"]:
            time.sleep(0.25)  # its scene build ends before the server does
    finally:
        server.should_exit = True
        thread.join(timeout=15)
    return row


def measure_web_ifc(model: Path, work: Path, browser: Any, folder: str = "webifc") -> dict[str, Any]:
    if not (WEB_IFC / "web-ifc-api.js").is_file():
        return {"webifc": "skipped: run `cd web && npm ci` first"}
    site = work / folder
    site.mkdir()
    for name in ("web-ifc-api.js", "web-ifc.wasm"):
        shutil.copy(WEB_IFC / name, site / name)
    shutil.copy(model, site / "model.ifc")
    # index.html: the module imported with the page, before the clock starts (what web-ifc's time always was here);
    # lazy.html: imported inside the timing, as a page that draws a model pays it (a viewer's page load)
    (site / "index.html").write_text(WEB_IFC_PAGE.replace("IMPORT", "import * as WebIFC from './web-ifc-api.js';")
                                     .replace("LAZY", ""))
    (site / "lazy.html").write_text(WEB_IFC_PAGE.replace("IMPORT", "")
                                    .replace("LAZY", "const WebIFC = await import('./web-ifc-api.js');"))
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        results = []
        for name in ("index.html", "lazy.html"):
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/{name}")
            page.wait_for_function("window.ready === true")
            results.append(page.evaluate("window.run()"))
            page.close()
        result, lazy = results
    finally:
        httpd.shutdown()
    wasm = (site / "web-ifc.wasm").stat().st_size + (site / "web-ifc-api.js").stat().st_size
    return {"webifc_first_mesh_s": round((result["firstMs"] or 0) / 1000, 2),
            "webifc_parse_s": round(result["ms"] / 1000, 2), "webifc_with_import_s": round(lazy["ms"] / 1000, 2),
            "webifc_meshes": result["meshes"],
            "webifc_triangles": int(result["triangles"]), "webifc_wasm_mb": round(wasm / 1e6, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", type=Path, help="IFC file (default: the largest shared model)")
    parser.add_argument("--no-server-cold", action="store_true",
                        help="skip the streamed server scene on an empty cache (the slow alternative)")
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
                row |= measure_web_ifc(model, work, browser)
                again = functools.partial(measure_web_ifc, model, work, browser, "again")
                row |= measure_ours(model, work, browser, server_cold=not args.no_server_cold,
                                    bare_again=again if row.get("webifc_parse_s") else None)
                if row.get("webifc_parse_s"):
                    row["ui_cold_vs_webifc"] = round(row["ui_first_view_cold_s"] / row["webifc_parse_s"], 2)
                    row["ui_cold_revisit_vs_webifc"] = round(
                        row["ui_first_view_cold_revisit_s"] / row["webifc_parse_s_again"], 2)
            finally:
                browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    row["load_avg_1m_after"] = round(os.getloadavg()[0], 2)
    _emit(row)
    for key, value in row.items():
        print(f"{key:>24}  {value}", file=sys.stderr)


if __name__ == "__main__":
    main()
