"""The web UI in a real headless Chromium (Debian's package) against a real uvicorn server on loopback.

Load the page, upload a generated sample model, ask a storey question, check that the answer's elements are
the ones highlighted in the 3D scene (the rest ghosted), click one in the list and one in the 3D view and check
the properties panel against the IFC file read by raw IfcOpenShell. Screenshots go to
``tests/ui/artifacts/`` (or ``$IFCQA_UI_ARTIFACTS``); the folder is printed. Skipped without /usr/bin/chromium.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ifc_element
import pytest

from ifcqa.sample import write_sample_model

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("/usr/bin/chromium is absent: install Debian's chromium package (apt-get install -y chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip)")
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn is not installed (the service's dependency)")
app_module = pytest.importorskip("ifcqa.service.app", reason="the service app (ifcqa.service.app) is not available")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
QUESTION = "What doors are on Level 1?"
TOKEN = "ui-test-token"


class Server:
    """``create_app`` served by uvicorn in a thread on a free loopback port."""

    def __init__(self, models_dir: Path, token: str | None = None) -> None:
        app = app_module.create_app(models_dir, token=token or "", embedder="none")
        # proto IPPROTO_TCP: asyncio sets TCP_NODELAY only on sockets that say so (else each keep-alive response
        # waits 40 ms for a delayed ACK, as `ifcqa serve`, which binds by host and port, never does)
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}/"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.socket.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    folder = Path(os.environ.get("IFCQA_UI_ARTIFACTS") or Path(__file__).parent / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nUI screenshots: {folder}")
    return folder


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sample_model(tmp_path_factory.mktemp("ui") / "sample-house.ifc", storeys=2, rooms_per_storey=3)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=ARGS, headless=True,
            bypass_csp=True,  # wait_for_function evaluates strings; the app runs under the CSP in test_cross_origin
            viewport={"width": 1400, "height": 860},
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_CACHE_DIR", str(tmp_path / "cache"))


def _storey_of(element: ifcopenshell.entity_instance) -> str | None:
    """The storey name by raw IfcOpenShell: the container, else the host of the filled opening."""
    container = ifc_element.get_container(element)
    if container is None:
        for fill in getattr(element, "FillsVoids", ()) or ():
            container = ifc_element.get_container(fill.RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement)
    return container.Name if container is not None and container.is_a("IfcBuildingStorey") else None


def _shown(value: Any) -> str:
    """How the panel writes a value (dom.js `show`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{float(f'{value:.8g}')}"
    return str(value)


def _panel_set(page: Any, set_name: str) -> dict[str, str]:
    rows = page.locator(f'#info .set[data-set="{set_name}"] tr')
    return {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").inner_text() for i in range(rows.count())}


def _check_panel(page: Any, model: ifcopenshell.file, guid: str) -> None:
    page.wait_for_selector(f'#info[data-guid="{guid}"]', timeout=30_000)
    element = model.by_guid(guid)
    assert element.Name in page.locator("#info h2").inner_text()
    assert element.is_a() in page.locator("#info h2 .badge").inner_text()
    expected = ifc_element.get_psets(element)
    assert expected, "the sample's doors carry property sets"
    for set_name, properties in expected.items():
        shown = _panel_set(page, set_name)
        want = {k: _shown(v) for k, v in properties.items() if k != "id"}
        assert shown == want, set_name
    summary = page.locator('#info table[aria-label="Summary"]').inner_text()
    assert _storey_of(element) in summary


def _check_highlight_pixels(page: Any, highlighted: set[str], ghosted: set[str]) -> None:
    """On the screenshot, the highlighted elements are orange where they are drawn; the ghosted ones are not."""
    import io

    import numpy as np
    from PIL import Image

    frames = page.evaluate("window.ifcqaScene.frames")
    page.wait_for_function(f"window.ifcqaScene.frames >= {frames}")
    canvas = page.locator("#viewport canvas")
    box = canvas.bounding_box()
    image = np.asarray(Image.open(io.BytesIO(canvas.screenshot())).convert("RGB")).astype(int)

    def colour(guid: str) -> np.ndarray | None:
        point = page.evaluate("g => window.ifcqaScene.screenPoint(g)", guid)
        x, y = int(point["x"] - box["x"]), int(point["y"] - box["y"])
        if not (2 <= x < image.shape[1] - 2 and 2 <= y < image.shape[0] - 2):
            return None
        found: np.ndarray = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)
        return found

    def orange(rgb: np.ndarray) -> bool:
        return bool(rgb[0] - rgb[2] > 80)

    lit = [colour(g) for g in sorted(highlighted)]
    assert all(c is not None and orange(c) for c in lit), lit
    ghosts = [c for c in (colour(g) for g in sorted(ghosted)) if c is not None]
    assert len(ghosts) >= 10
    assert sum(not orange(c) for c in ghosts) >= 0.8 * len(ghosts)  # a few lie behind a door on screen


def test_upload_ask_highlight_and_inspect(browser: Any, sample: Path, tmp_path: Path, artifacts: Path) -> None:
    model = ifcopenshell.open(str(sample))
    doors = {d.GlobalId for d in model.by_type("IfcDoor") if _storey_of(d) == "Level 1"}
    assert doors, "the sample has doors on Level 1"
    with Server(tmp_path / "models") as server:
        page = browser.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(server.url)
        page.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
        page.set_input_files("#model-upload", {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not IFC"})
        page.wait_for_selector("#alert:not([hidden])")
        assert page.locator("#alert").inner_text().startswith("Upload failed: ")
        assert "(no models yet)" in page.locator("#model-select").inner_text()
        page.set_input_files("#model-upload", str(sample))
        page.wait_for_function("window.ifcqaScene.loaded", timeout=120_000)
        bodies = {p.GlobalId for p in model.by_type("IfcProduct")
                  if not p.is_a("IfcOpeningElement") and p.Representation is not None}
        assert set(page.evaluate("window.ifcqaScene.nodeNames")) == bodies
        assert "sample-house.ifc" in page.locator("#model-select option:checked").inner_text()
        assert page.locator("#alert").is_hidden()  # the failed upload's message is gone once a model opens
        page.screenshot(path=str(artifacts / "1-model-loaded.png"))

        page.fill("#question", QUESTION)
        page.click("#ask-button")
        page.wait_for_function("window.ifcqaUI.answers === 1", timeout=60_000)
        stages = page.locator(".turn .stage").evaluate_all("nodes => nodes.map(n => n.dataset.stage)")
        assert stages == ["plan", "route", "retrieval", "answer", "check", "final"]
        listed = page.locator(".turn button.element").evaluate_all("nodes => nodes.map(n => n.dataset.guid)")
        assert set(listed) == doors and len(listed) == len(doors)
        assert set(page.evaluate("window.ifcqaScene.highlighted")) == doors
        assert page.evaluate("window.ifcqaScene.ghosted") == len(bodies) - len(doors)
        for guid in bodies:
            want = "highlight" if guid in doors else "ghost"
            assert page.evaluate("g => window.ifcqaScene.materialOf(g)", guid) == want
        page.screenshot(path=str(artifacts / "2-answer-highlighted.png"))
        _check_highlight_pixels(page, doors, bodies - doors)

        first = listed[0]
        page.click(f'.turn button.element[data-guid="{first}"]')
        _check_panel(page, model, first)
        assert page.evaluate("window.ifcqaScene.selected") == first
        assert page.evaluate("g => window.ifcqaScene.materialOf(g)", first) == "selected"
        page.screenshot(path=str(artifacts / "3-element-from-list.png"))

        other = sorted(doors - {first})[0]
        page.click("#fit-button")  # frame the answer again (the list click framed one door)
        point = page.evaluate("g => window.ifcqaScene.screenPoint(g)", other)
        assert page.evaluate("p => window.ifcqaScene.pick(p.x, p.y)", point) == other
        page.mouse.click(point["x"], point["y"])
        _check_panel(page, model, other)
        assert page.evaluate("window.ifcqaScene.selected") == other
        page.screenshot(path=str(artifacts / "4-element-from-3d.png"))

        storeys = page.evaluate("fetch('api/models/' + window.ifcqaScene.modelId + '/storeys').then(r => r.json())")
        level0 = next(s for s in storeys["storeys"] if s["name"] == "Level 0")
        page.select_option("#storey-select", level0["guid"])
        on_level0 = set(level0["elements"]) & bodies
        assert page.evaluate("window.ifcqaScene.visible") == len(on_level0)
        walls0 = {w.GlobalId for w in model.by_type("IfcWall") if _storey_of(w) == "Level 0"}
        assert walls0 and walls0 <= on_level0
        assert page.evaluate("window.ifcqaScene.ghosted") == 0  # no answer element on show: drawn plainly
        level1 = next(s for s in storeys["storeys"] if s["name"] == "Level 1")
        page.select_option("#storey-select", level1["guid"])
        on_level1 = set(level1["elements"]) & bodies
        assert doors <= on_level1 and page.evaluate("window.ifcqaScene.visible") == len(on_level1)
        assert page.evaluate("window.ifcqaScene.ghosted") == len(on_level1) - len(doors)
        page.screenshot(path=str(artifacts / "5-storey-isolated.png"))
        assert problems == []


def test_token_from_url_is_kept_and_sent(browser: Any, tmp_path: Path) -> None:
    with Server(tmp_path / "models", token=TOKEN) as server:
        page = browser.new_page()
        page.goto(server.url)
        page.evaluate("localStorage.clear()")
        page.reload()
        page.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
        assert page.locator("#token-form").is_visible()  # a 401 asked for the token
        assert "token" in page.locator("#alert").inner_text().lower()
        page.goto(f"{server.url}?token={TOKEN}#/ask")
        page.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
        assert "token=" not in page.url  # removed from the address bar, kept in localStorage
        assert page.evaluate("localStorage.getItem('ifcqa.token')") == TOKEN
        assert page.locator("#token-form").is_hidden()
        assert page.locator("#alert").is_hidden()
        assert "(no models yet)" in page.locator("#model-select").inner_text()


@pytest.fixture(scope="module")
def bench_and_run(sample: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A models folder with the sample, a small IFC-MCQ benchmark of it and a first-option baseline run."""
    from ifcqa.agents.base import AgentConfig
    from ifcqa.eval.runner import run_eval
    from ifcqa.mcq.runner import RunSettings, generate_bench

    models = tmp_path_factory.mktemp("bench-models")
    model = models / sample.name
    model.write_bytes(sample.read_bytes())
    (models / "benchmarks").mkdir()
    bench = models / "benchmarks" / "house.jsonl"
    generate_bench([model], bench, RunSettings(cap=2, cache_dir=models / ".cache"), jobs=1)
    run_eval(bench, "first-option", AgentConfig(), models / "runs" / "first", concurrency=1,
             cache_dir=models / ".cache", models_dir=models)
    return models


def test_benchmark_and_report_pages(browser: Any, bench_and_run: Path, artifacts: Path) -> None:
    items = [json.loads(line) for line in (bench_and_run / "benchmarks" / "house.jsonl").read_text().splitlines()]
    subtype = sorted({i["subtype"] for i in items}, key=lambda s: -sum(i["subtype"] == s for i in items))[0]
    chosen = [i for i in items if i["subtype"] == subtype]
    with Server(bench_and_run) as server:
        page = browser.new_page()
        page.goto(server.url + "#/benchmarks")
        page.wait_for_selector("#bench-items tr")
        assert page.locator("#bench-items tr").count() == min(len(items), 50)
        page.fill("#bench-subtype", subtype)
        page.click("#bench-filter button[type=submit]")
        page.wait_for_function(f"document.querySelectorAll('#bench-items tr').length === {len(chosen)}")
        shown = page.locator("#bench-items tr td:nth-child(2)").all_inner_texts()
        assert shown == [subtype] * len(chosen)
        assert page.locator("#bench-count").inner_text().endswith(f"of {len(chosen)}")
        page.locator("#bench-items button").first.click()
        provenance = json.loads(page.locator("#bench-item pre.json").first.inner_text())
        assert provenance == chosen[0]["provenance"]
        keys = page.locator("#bench-item .options li.correct strong").all_inner_texts()
        assert [k.rstrip(". ") for k in keys] == chosen[0]["answer"]
        page.screenshot(path=str(artifacts / "6-benchmarks.png"))

        page.goto(server.url + "#/reports")
        page.wait_for_selector("#run-list button")
        assert page.locator("#run-list tr").count() == 1
        page.locator("#run-list button").first.click()
        page.wait_for_function("document.querySelector('#report-plot').naturalWidth > 0")
        frame = page.frame_locator("#report-frame")
        assert "first" in frame.locator("body").inner_text()
        assert frame.locator("table").count() >= 1
        page.screenshot(path=str(artifacts / "7-report.png"), full_page=True)
