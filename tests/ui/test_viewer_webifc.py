"""The viewer's cold path: web-ifc tessellates the model in the page, then the server's cached scene takes over.

Real headless Chromium under the server's Content-Security-Policy (no ``bypass_csp``: web-ifc's WebAssembly must
be allowed by it, so every wait polls ``page.evaluate`` instead of evaluating strings in the page), a real uvicorn
server, a model written with ``ifcopenshell.api`` (tests/ui/test_viewer.py). Checked: web-ifc draws every element
with a body where the IFC coordinates say (pixels), under its GlobalId; an answer's element highlighted by GlobalId
differs from the ghosted rest (pixels); a click in the view selects the element under it; the server's cached
scene is built once web-ifc's view is complete and a reload draws it; an ``.ifczip`` (web-ifc reads IFC-SPF text
only) falls back to the server's streamed scene with the reason on the status line; the file route serves only
registered models. No console error. Skipped without /usr/bin/chromium.
"""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from test_browser import ARGS, CHROMIUM, Server, sync_api
from test_viewer import BACKGROUND, COLUMN_TOP, write_test_model

Image = pytest.importorskip("PIL.Image", reason="Pillow reads the screenshots")

TIMEOUT_S = 300.0  # a loaded machine tessellates slowly; the waits end on page signals long before


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("webifc-profile")), executable_path=str(CHROMIUM), args=ARGS,
            headless=True, viewport={"width": 1400, "height": 860})  # the app's CSP applies
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    folder = Path(__file__).parent / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_CACHE_DIR", str(tmp_path / "cache"))


def _until(page: Any, expression: str, timeout: float = TIMEOUT_S) -> Any:
    """Poll ``expression`` in the page until it is truthy (no string evaluated by the page itself: CSP)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still falsy after {timeout} s: {expression}")
        time.sleep(0.1)


def _ready(page: Any) -> None:
    state = _until(page, "window.ifcqaUI && ['ready', 'error'].includes(window.ifcqaUI.state) && window.ifcqaUI.state")
    assert state == "ready", page.evaluate("window.ifcqaScene.error")


def _frames(page: Any) -> int:
    return int(page.evaluate("window.ifcqaScene.frames"))


def _drawn_after(page: Any, action: Any) -> None:
    frames = _frames(page)
    action()
    _until(page, f"window.ifcqaScene.frames > {frames}")


def _pixels(page: Any) -> np.ndarray:
    data = page.locator("#viewport canvas").screenshot()
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)


def _at(page: Any, point: list[float]) -> tuple[int, int]:
    client = page.evaluate("p => window.ifcqaScene.screenOfIfc(p)", point)
    box = page.locator("#viewport canvas").bounding_box()
    return int(round(client["x"] - box["x"])), int(round(client["y"] - box["y"]))


def _colour(image: np.ndarray, pixel: tuple[int, int]) -> np.ndarray:
    x, y = pixel
    patch: np.ndarray = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)
    return patch


def _errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


def test_web_ifc_draws_highlights_picks_then_the_cached_scene_takes_over(browser: Any, tmp_path: Path,
                                                                        artifacts: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    guids = write_test_model(folder / "viewer-test.ifc")
    with Server(folder) as server:
        page = browser.new_page()
        errors = _errors(page)
        page.goto(server.url)
        _ready(page)
        model_id = page.evaluate("window.ifcqaScene.modelId")
        assert page.evaluate("window.ifcqaUI.sources") == {model_id: "web-ifc"}
        assert page.evaluate("window.ifcqaUI.fallbacks") == []
        assert [m["source"] for m in page.evaluate("window.ifcqaScene.models")] == ["web-ifc"]
        assert sorted(page.evaluate("window.ifcqaScene.nodeNames")) == sorted(guids.values())
        classes = {g: page.evaluate("g => window.ifcqaScene.materialOf(g)", g) for g in guids.values()}
        assert set(classes.values()) == {"model"}
        assert "web-ifc" in page.locator("#scene-status").inner_text()
        page.wait_for_selector(f'#tree-pane input[data-guid="{guids["column"]}"]')  # the tree, by GlobalId
        page.screenshot(path=str(artifacts / "webifc-1-cold.png"))

        base = _pixels(page)
        top = _at(page, COLUMN_TOP)
        column = _colour(base, top)
        assert np.abs(column - BACKGROUND).max() > 12, "web-ifc drew the column where its IFC coordinates say"

        # an answer's element, by GlobalId: highlighted (orange), the rest ghosted, the pixels differ
        slab = [5.0, 3.0, 0.2]
        _drawn_after(page, lambda: page.evaluate("g => window.ifcqaScene.highlight([g])", guids["column"]))
        assert page.evaluate("window.ifcqaScene.highlighted") == [guids["column"]]
        assert page.evaluate("g => window.ifcqaScene.materialOf(g)", guids["slab"]) == "ghost"
        shot = _pixels(page)
        highlighted, ghosted = _colour(shot, _at(page, COLUMN_TOP)), _colour(shot, _at(page, slab))
        assert highlighted[0] - highlighted[2] > 80, highlighted
        assert np.abs(highlighted - ghosted).sum() > 100, (highlighted, ghosted)
        page.screenshot(path=str(artifacts / "webifc-2-highlight.png"))

        # a click on the column selects it (its GlobalId), as on the server's scene
        point = page.evaluate("g => window.ifcqaScene.screenPoint(g)", guids["column"])
        page.mouse.click(point["x"], point["y"])
        _until(page, "window.ifcqaScene.selected")
        assert page.evaluate("window.ifcqaScene.selected") == guids["column"]
        _until(page, f"window.ifcqaUI.infoGuid === {guids['column']!r}")

        # the server built its cached scene once web-ifc's view was complete: a reload draws that one
        deadline = time.monotonic() + TIMEOUT_S
        while not httpx.get(f"{server.url}api/models/{model_id}", timeout=60).json()["scene_cached"]:
            assert time.monotonic() < deadline, "the server's cached scene was never built"
            time.sleep(0.2)
        page.reload()
        _ready(page)
        assert page.evaluate("window.ifcqaUI.sources") == {model_id: "cached"}
        assert sorted(page.evaluate("window.ifcqaScene.nodeNames")) == sorted(guids.values())
        assert page.evaluate("window.ifcqaScene.profile.loaderParts") == 0  # our GLB layout, read directly
        warm = _colour(_pixels(page), _at(page, COLUMN_TOP))
        assert np.abs(warm - BACKGROUND).max() > 12
        assert errors == []


def test_a_file_web_ifc_cannot_read_falls_back_to_the_server_scene(browser: Any, tmp_path: Path,
                                                                     artifacts: Path) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    guids = write_test_model(tmp_path / "viewer-test.ifc")
    with zipfile.ZipFile(folder / "zipped.ifczip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(tmp_path / "viewer-test.ifc", "viewer-test.ifc")
    with Server(folder) as server:
        page = browser.new_page()
        errors = _errors(page)
        page.goto(server.url)
        _ready(page)
        model_id = page.evaluate("window.ifcqaScene.modelId")
        fallbacks = page.evaluate("window.ifcqaUI.fallbacks")
        assert [f["model"] for f in fallbacks] == [model_id]
        assert "ifczip" in fallbacks[0]["reason"]
        assert page.evaluate("window.ifcqaUI.sources") == {model_id: "server-build"}
        status = page.locator("#scene-status").inner_text()
        assert "web-ifc could not read zipped.ifczip" in status and "server's scene is drawn instead" in status
        assert sorted(page.evaluate("window.ifcqaScene.nodeNames")) == sorted(guids.values())
        assert [m["source"] for m in page.evaluate("window.ifcqaScene.models")] == ["server"]
        column = _colour(_pixels(page), _at(page, COLUMN_TOP))
        assert np.abs(column - BACKGROUND).max() > 12
        page.screenshot(path=str(artifacts / "webifc-3-fallback.png"))
        assert errors == []

        # the file route: the registered model's bytes, revalidated by its content hash; nothing else
        body = httpx.get(f"{server.url}api/models/{model_id}/file", timeout=60)
        assert body.status_code == 200 and body.content == (folder / "zipped.ifczip").read_bytes()
        again = httpx.get(f"{server.url}api/models/{model_id}/file", headers={"If-None-Match": body.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        for other in ("0123456789abcdef", "..%2F..%2Fetc%2Fpasswd", "zipped.ifczip"):
            refused = httpx.get(f"{server.url}api/models/{other}/file", timeout=60)
            assert refused.status_code == 404, (other, refused.status_code)


def test_a_project_s_models_are_read_by_one_web_ifc_worker_in_turn(browser: Any, tmp_path: Path) -> None:
    import ifcopenshell

    from ifcqa.sample.federated import write_federated_project

    sample = write_federated_project(tmp_path / "models", storeys=2, rooms_per_storey=2)
    expected = {}
    for path in sample.files:
        model = ifcopenshell.open(str(path))
        expected[path.name] = {p.GlobalId for p in model.by_type("IfcProduct")
                               if p.Representation is not None and not p.is_a("IfcOpeningElement")}
    with Server(tmp_path / "models") as server:
        page = browser.new_page()
        errors = _errors(page)
        page.goto(server.url)
        _until(page, "window.ifcqaUI && window.ifcqaUI.started")
        page.wait_for_selector("#project-select:not([hidden])")
        page.select_option("#project-select", label=page.locator("#project-select option").nth(1).inner_text())
        _ready(page)
        models = page.evaluate("window.ifcqaScene.models")
        assert [m["name"] for m in models] == [p.name for p in sample.files]
        assert {m["source"] for m in models} == {"web-ifc"}
        for model in models:
            assert model["complete"] and model["elements"] == len(expected[model["name"]]), model
        assert page.evaluate("window.ifcqaScene.webIfcWorkers") == 1  # web-ifc's module and WASM loaded once
        names = page.evaluate("window.ifcqaScene.nodeNames")
        assert {key.split(":")[-1] for key in names} == set().union(*expected.values())
        assert errors == []
