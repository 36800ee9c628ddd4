"""A web page on another loopback origin cannot drive the server (Chromium, a real server, a real page).

The ifcqa server runs without a token (the default); a tiny ``http.server`` on a second port serves an
attacker's page that tries, as any site the user visits could: a ``no-cors`` multipart upload, a
``text/plain`` POST that would start an MCQ job, ``new Image().src`` on the scene, and a readable
CORS ``fetch``. Afterwards the server holds no new model and no job; the server's own UI still uploads.
Skipped without /usr/bin/chromium.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser import ARGS, CHROMIUM, Server, sync_api

PAGE = """<!doctype html><meta charset="utf-8"><title>attacker</title><script>
const target = TARGET;
const model = MODEL;
window.outcome = (async () => {
  const seen = {};
  const form = new FormData();
  form.append('file', new Blob(['ISO-10303-21;\\nHEADER;ENDSEC;DATA;ENDSEC;END-ISO-10303-21;']), 'evil.ifc');
  try { await fetch(target + 'api/models', { method: 'POST', mode: 'no-cors', body: form }); seen.upload = 'sent'; }
  catch (e) { seen.upload = 'blocked: ' + e; }
  try {
    await fetch(target + 'api/models/' + model + '/mcq', { method: 'POST', mode: 'no-cors',
      headers: { 'Content-Type': 'text/plain' }, body: '' });
    seen.job = 'sent';
  } catch (e) { seen.job = 'blocked: ' + e; }
  seen.image = await new Promise((done) => {
    const image = new Image(); image.onload = () => done('loaded'); image.onerror = () => done('error');
    image.src = target + 'api/models/' + model + '/scene.glb';
  });
  try { const r = await fetch(target + 'api/models'); seen.read = 'read ' + r.status; }
  catch (e) { seen.read = 'blocked'; }
  return seen;
})();
</script>"""


class _Attacker(http.server.BaseHTTPRequestHandler):
    page = b""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture()
def attacker_site() -> Iterator[tuple[http.server.HTTPServer, str]]:
    site = http.server.HTTPServer(("127.0.0.1", 0), _Attacker)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield site, f"http://127.0.0.1:{site.server_address[1]}/"
    site.shutdown()
    site.server_close()


@pytest.fixture()
def browser(tmp_path: Path) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield context
        finally:
            context.close()


def test_a_page_of_another_origin_can_neither_upload_nor_start_a_job(
    tmp_path: Path, attacker_site: tuple[http.server.HTTPServer, str], browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ifcqa.sample import write_sample_model
    from ifcqa.service.guard import SiteGuard

    refused: list[tuple[str, str, int]] = []
    decide = SiteGuard.refusal

    def recording(self: SiteGuard, scope: Any) -> tuple[int, str, str] | None:  # the real decision, noted
        answer = decide(self, scope)
        if answer is not None:
            refused.append((scope["method"], scope["path"], answer[0]))
        return answer

    monkeypatch.setattr(SiteGuard, "refusal", recording)
    monkeypatch.setenv("IFCQA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("IFCQA_TOKEN", raising=False)
    sample = write_sample_model(tmp_path / "house.ifc", storeys=1, rooms_per_storey=1)
    with Server(tmp_path / "models") as server:
        model = httpx.post(f"{server.url}api/models", files={"file": ("house.ifc", sample.read_bytes())}).json()["id"]
        _, attacker_url = attacker_site
        _Attacker.page = PAGE.replace("TARGET", json.dumps(server.url)).replace("MODEL", json.dumps(model)).encode()
        page = browser.new_page()
        page.goto(attacker_url)
        seen = page.evaluate("window.outcome")
        models = httpx.get(f"{server.url}api/models").json()["models"]
        jobs = server.server.config.app.state.ifcqa.jobs
        started = list(jobs._jobs.values())
        violations: list[str] = []
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text else None)
        page.goto(server.url)  # the server's own page runs under its CSP and still uploads
        booted = page.evaluate("""async () => {
            for (let i = 0; i < 200 && !window.ifcqaUI; i += 1) await new Promise((r) => setTimeout(r, 50));
            return Boolean(window.ifcqaUI); }""")
        own = page.evaluate("""async (body) => {
            const form = new FormData(); form.append('file', new Blob([body]), 'own.ifc');
            const r = await fetch('api/models', { method: 'POST', body: form }); return r.status; }""",
                            sample.read_text())
    assert ("POST", "/api/models", 403) in refused  # the browser sent them and the server refused them...
    assert ("POST", f"/api/models/{model}/mcq", 403) in refused
    assert ("GET", f"/api/models/{model}/scene.glb", 403) in refused
    assert [m["id"] for m in models] == [model]  # ...and kept nothing: no model, no job
    assert started == []
    assert seen["image"] == "error"  # the scene is not served to another origin's <img>
    assert seen["read"] == "blocked"  # no CORS: the page cannot read the API
    assert own == 200  # the same file again: known already, from the server's own origin
    assert booted and violations == []
