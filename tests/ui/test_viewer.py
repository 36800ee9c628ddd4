"""The 3D viewer's working tools in a real headless Chromium against a real uvicorn server on loopback.

A small model written with ``ifcopenshell.api`` (a 10 x 6 m slab, a 6 m column, a wall, an upper slab; metres)
is opened in the page (its scene is not cached: web-ifc draws it in the page) with a percentage, then each tool
is checked on the screenshot (pixels at points computed from the IFC coordinates): the tree hides the column, the
class list hides it, the section plane cuts its top off, measuring two points of the slab gives their distance,
the ghost slider changes the ghosted pixels, the highlighted column differs from the ghosted slab. A federated
project's models load into one view from the server's streamed scenes and toggle independently. No console
error anywhere. Every wait is on a page signal (``window.ifcqaUI`` / ``window.ifcqaScene``), never a fixed sleep.
Skipped without /usr/bin/chromium.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.util.element as ue
import numpy as np
import pytest
from test_browser import ARGS, CHROMIUM, Server, sync_api

Image = pytest.importorskip("PIL.Image", reason="Pillow reads the screenshots")

BACKGROUND = np.array([0xF4, 0xF6, 0xF9])
LOAD_TIMEOUT = 240_000  # ms: a loaded machine tessellates slowly


def _place(model: ifcopenshell.file, product: Any, x: float, y: float, z: float) -> None:
    matrix = np.eye(4)
    matrix[:3, 3] = (x, y, z)
    ifcopenshell.api.geometry.edit_object_placement(model, product=product, matrix=matrix)


def write_test_model(path: Path) -> dict[str, str]:
    """The model of this file's tests; returns name -> GlobalId."""
    model = ifcopenshell.api.project.create_file(version="IFC4")
    project = ifcopenshell.api.root.create_entity(model, ifc_class="IfcProject", name="Viewer test")
    length = ifcopenshell.api.unit.add_si_unit(model, unit_type="LENGTHUNIT")
    ifcopenshell.api.unit.assign_unit(model, units=[length])
    context = ifcopenshell.api.context.add_context(model, context_type="Model")
    body = ifcopenshell.api.context.add_context(model, context_type="Model", context_identifier="Body",
                                                target_view="MODEL_VIEW", parent=context)
    site = ifcopenshell.api.root.create_entity(model, ifc_class="IfcSite", name="Site")
    building = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuilding", name="Building")
    ground = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Ground")
    upper = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Upper")
    ifcopenshell.api.aggregate.assign_object(model, products=[site], relating_object=project)
    ifcopenshell.api.aggregate.assign_object(model, products=[building], relating_object=site)
    ifcopenshell.api.aggregate.assign_object(model, products=[ground, upper], relating_object=building)
    for spatial in (site, building, ground):
        _place(model, spatial, 0, 0, 0)
    _place(model, upper, 0, 0, 3)
    ground.Elevation, upper.Elevation = 0.0, 3.0

    def element(ifc_class: str, name: str, storey: Any, representation: Any, at: tuple[float, float, float]) -> Any:
        product = ifcopenshell.api.root.create_entity(model, ifc_class=ifc_class, name=name)
        ifcopenshell.api.geometry.assign_representation(model, product=product, representation=representation)
        _place(model, product, *at)
        ifcopenshell.api.spatial.assign_container(model, products=[product], relating_structure=storey)
        return product

    def prism(outline: list[tuple[float, float]], depth: float) -> Any:
        return ifcopenshell.api.geometry.add_slab_representation(model, context=body, depth=depth,
                                                                 polyline=[*outline, outline[0]])

    def box(length_m: float, thickness: float, height: float) -> Any:
        return ifcopenshell.api.geometry.add_wall_representation(model, context=body, length=length_m,
                                                                 height=height, thickness=thickness)

    found = {
        "slab": element("IfcSlab", "Ground slab", ground, prism([(0, 0), (10, 0), (10, 6), (0, 6)], 0.2), (0, 0, 0)),
        "column": element("IfcColumn", "Column C1", ground, box(0.4, 0.4, 6.0), (8, 1, 0.2)),
        "wall": element("IfcWall", "Wall W1", ground, box(4.0, 0.2, 2.5), (0, 5, 0.2)),
        "upper": element("IfcSlab", "Upper slab", upper, prism([(0, 0), (2, 0), (2, 2), (0, 2)], 0.2), (0, 0, 3)),
    }
    model.write(str(path))
    return {name: product.GlobalId for name, product in found.items()}


@pytest.fixture(scope="module")
def models_dir(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("viewer-models")
    guids = write_test_model(folder / "viewer-test.ifc")
    return folder, guids


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("viewer-profile")), executable_path=str(CHROMIUM), args=ARGS,
            headless=True, bypass_csp=True, viewport={"width": 1400, "height": 860})
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    folder = Path(__file__).parent / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Page:
    """A page of the UI with the checks the tests share; console errors are collected."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)

    def ready(self) -> None:
        self.page.wait_for_function("window.ifcqaUI && window.ifcqaUI.state === 'ready'", timeout=LOAD_TIMEOUT)

    def drawn_after(self, action: Any) -> None:
        """Do ``action`` and wait until the view was drawn again."""
        frames = self.page.evaluate("window.ifcqaScene.frames")
        action()
        self.page.wait_for_function(f"window.ifcqaScene.frames > {frames}")

    def pixels(self) -> np.ndarray:
        data = self.page.locator("#viewport canvas").screenshot()
        return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(int)

    def at(self, point: list[float]) -> tuple[int, int]:
        """Canvas pixel of an IFC point (metres)."""
        client = self.page.evaluate("p => window.ifcqaScene.screenOfIfc(p)", point)
        box = self.page.locator("#viewport canvas").bounding_box()
        return int(round(client["x"] - box["x"])), int(round(client["y"] - box["y"]))

    def colour(self, image: np.ndarray, pixel: tuple[int, int]) -> np.ndarray:
        x, y = pixel
        patch: np.ndarray = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)
        return patch


def _near(colour: np.ndarray, other: np.ndarray, tolerance: float = 12) -> bool:
    return bool(np.abs(colour - other).max() <= tolerance)


COLUMN_TOP = [8.2, 1.2, 5.0]  # inside the column, above everything else
COLUMN_LOW = [8.2, 1.2, 1.0]


def _open(browser: Any, server: Server) -> Page:
    page = Page(browser.new_page())
    page.page.goto(server.url)
    page.ready()
    page.page.wait_for_selector("#tree-pane input[data-guid]")
    return page


def test_stream_tree_classes_section_measure_ghost(browser: Any, models_dir: tuple[Path, dict[str, str]],
                                                     artifacts: Path) -> None:
    folder, guids = models_dir
    with Server(folder) as server:
        page = _open(browser, server)
        ui = page.page
        # the scene is not cached: web-ifc drew it in the page (the server's stream: the project test below)
        assert ui.evaluate("window.ifcqaUI.sources") == {ui.evaluate("window.ifcqaScene.modelId"): "web-ifc"}
        percents = ui.evaluate("window.ifcqaUI.percents")
        assert percents and percents[-1] == 100, percents  # a percentage was shown until the model was complete
        first, complete = ui.evaluate("[window.ifcqaUI.firstTrianglesMs, window.ifcqaUI.firstViewMs]")
        assert first is not None and first <= complete
        assert ui.locator("#scene-progress").is_hidden()
        assert sorted(ui.evaluate("window.ifcqaScene.nodeNames")) == sorted(guids.values())
        ui.screenshot(path=str(artifacts / "viewer-1-loaded.png"))

        base = page.pixels()
        top, low = page.at(COLUMN_TOP), page.at(COLUMN_LOW)
        column = page.colour(base, top)
        assert not _near(column, BACKGROUND), "the column is drawn where its IFC coordinates say"

        # the tree: the column's check box hides it (its pixels become the background), then shows it again
        box = ui.locator(f'#tree-pane input[data-guid="{guids["column"]}"]')
        page.drawn_after(box.uncheck)
        assert ui.evaluate("g => window.ifcqaScene.isShown(g)", guids["column"]) is False
        assert _near(page.colour(page.pixels(), top), BACKGROUND)
        assert ui.evaluate("g => window.ifcqaScene.isShown(g)", guids["slab"]) is True
        ui.screenshot(path=str(artifacts / "viewer-2-tree-hidden.png"))
        storey = ui.locator('#tree-pane li[data-class="IfcBuildingStorey"] input[data-guid]').first
        page.drawn_after(storey.uncheck)  # the storey hides everything on it
        assert ui.evaluate("window.ifcqaScene.visible") == 1  # the upper slab only
        page.drawn_after(storey.check)
        assert box.is_checked()
        assert _near(page.colour(page.pixels(), top), column)

        # the class list: hide every IfcColumn
        ui.click('#scene-panel [data-tab="classes"]')
        column_class = ui.locator('#class-pane input[data-class="IfcColumn"]')
        page.drawn_after(column_class.uncheck)
        assert _near(page.colour(page.pixels(), top), BACKGROUND)
        assert ui.evaluate("window.ifcqaScene.visible") == 3
        page.drawn_after(column_class.check)
        assert _near(page.colour(page.pixels(), top), column)
        ui.click('#scene-panel [data-tab="tree"]')

        # the section plane at 1.5 m (the model spans 0 to 6.2 m): the column's top is cut, its foot stays
        ui.select_option("#section-axis", "z")
        page.drawn_after(lambda: ui.locator("#section-range").fill(str(round(100 * 1.5 / 6.2))))
        cut = page.pixels()
        assert _near(page.colour(cut, top), BACKGROUND)
        assert _near(page.colour(cut, low), page.colour(base, low))
        ui.screenshot(path=str(artifacts / "viewer-3-section.png"))
        page.drawn_after(lambda: ui.select_option("#section-axis", ""))
        assert _near(page.colour(page.pixels(), top), column)

        # measuring: two points on the slab's top face, 5 m apart (3-4-5)
        ui.click("#measure-button")
        for point in ([3.0, 1.5, 0.2], [7.0, 4.5, 0.2]):
            client = ui.evaluate("p => window.ifcqaScene.screenOfIfc(p)", point)
            ui.mouse.click(client["x"], client["y"])
        ui.wait_for_function("window.ifcqaScene.measurement !== null")
        distance = ui.evaluate("window.ifcqaScene.measurement")
        assert math.isclose(distance, 5.0, abs_tol=0.08), distance
        shown = ui.locator("#measure-result").inner_text()
        assert shown.endswith(" m") and math.isclose(float(shown.split()[0]), distance, abs_tol=0.001)
        ui.screenshot(path=str(artifacts / "viewer-4-measure.png"))
        ui.click("#measure-button")
        assert ui.evaluate("window.ifcqaScene.measurement") is None

        # ghost: highlight the column; the ghosted slab's pixels follow the slider, the column's differ from them
        slab_point = page.at([5.0, 3.0, 0.2])
        page.drawn_after(lambda: ui.evaluate("g => window.ifcqaScene.highlight([g])", guids["column"]))
        assert ui.evaluate("g => window.ifcqaScene.materialOf(g)", guids["slab"]) == "ghost"
        top, slab_point = page.at(COLUMN_TOP), page.at([5.0, 3.0, 0.2])  # the view framed the column
        faint = page.pixels()
        page.drawn_after(lambda: ui.locator("#ghost-range").fill("80"))
        assert ui.evaluate("window.ifcqaScene.ghostOpacity") == pytest.approx(0.8)
        strong = page.pixels()
        ghost_faint, ghost_strong = page.colour(faint, slab_point), page.colour(strong, slab_point)
        assert np.abs(ghost_faint - ghost_strong).sum() > 30, (ghost_faint, ghost_strong)
        highlighted = page.colour(strong, top)
        assert highlighted[0] - highlighted[2] > 80, highlighted  # the orange highlight
        assert np.abs(highlighted - ghost_strong).sum() > 100
        assert np.abs(highlighted - ghost_faint).sum() > 100
        ui.screenshot(path=str(artifacts / "viewer-5-ghost.png"))
        assert page.errors == []


def test_project_models_in_one_view_toggle_independently(browser: Any, tmp_path: Path, artifacts: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from ifcqa.sample.federated import write_federated_project
    from ifcqa.service import scene

    monkeypatch.setattr(scene, "FIRST_PART_S", 0.0)  # a part per element: the page must assemble many
    monkeypatch.setattr(scene, "PART_EVERY_S", 0.0)
    sample = write_federated_project(tmp_path / "models", storeys=2, rooms_per_storey=2)
    expected = {}
    for path in sample.files:
        model = ifcopenshell.open(str(path))
        expected[path.name] = {p.GlobalId for p in model.by_type("IfcProduct")
                               if p.Representation is not None and not p.is_a("IfcOpeningElement")}
    with Server(tmp_path / "models") as server:
        page = Page(browser.new_page())
        ui = page.page
        ui.goto(server.url + "?scene=server")  # the streamed server scene (web-ifc's path: test_viewer_webifc.py)
        ui.wait_for_function("window.ifcqaUI && window.ifcqaUI.started")
        ui.wait_for_selector("#project-select:not([hidden])")
        ui.select_option("#project-select", label=ui.locator("#project-select option").nth(1).inner_text())
        page.ready()
        models = ui.evaluate("window.ifcqaScene.models")
        assert [m["name"] for m in models] == [p.name for p in sample.files]
        assert {m["source"] for m in models} == {"server"}
        assert all(m["complete"] for m in models)
        for model in models:
            assert model["elements"] == len(expected[model["name"]])
        assert ui.evaluate("window.ifcqaScene.parts") > len(models)  # streamed in several parts
        ui.wait_for_selector("#tree-pane input[data-model]")
        assert ui.locator("#tree-pane input[data-model]").count() == len(models)
        ui.screenshot(path=str(artifacts / "viewer-6-project.png"))

        # a question goes to the project: walls of the architecture file and columns of the structure file on the
        # level both call their own way ("Level 1" / "L1", 5 cm apart), highlighted in their own models
        by_name = {p.name: p for p in sample.files}
        arc, stru = (ifcopenshell.open(str(by_name[name])) for name in ("Sample-ARC.ifc", "Sample-STR.ifc"))
        level1 = next(s for s in arc.by_type("IfcBuildingStorey") if s.Name == "Level 1")
        str_level1 = [s for s in stru.by_type("IfcBuildingStorey") if abs(s.Elevation - level1.Elevation) <= 0.5]
        walls = {w.GlobalId for w in arc.by_type("IfcWall") if ue.get_container(w) == level1}
        columns = {c.GlobalId for c in stru.by_type("IfcColumn") if ue.get_container(c) in str_level1}
        ui.fill("#question", "Which walls and columns are on Level 1?")
        ui.click("#ask-button")
        ui.wait_for_function("window.ifcqaUI.answers === 1", timeout=LOAD_TIMEOUT)
        highlighted = {key.split(":")[-1] for key in ui.evaluate("window.ifcqaScene.highlighted")}
        assert highlighted == walls | columns and walls and columns
        ui.screenshot(path=str(artifacts / "viewer-6b-project-answer.png"))
        page.drawn_after(lambda: ui.click("#clear-button"))

        def shown() -> dict[str, int]:
            keys = ui.evaluate("window.ifcqaScene.nodeNames")
            flags = ui.evaluate("keys => keys.map((k) => window.ifcqaScene.isShown(k))", keys)
            per: dict[str, int] = {m["name"]: 0 for m in models}
            names = {m["id"]: m["name"] for m in models}
            for key, flag in zip(keys, flags, strict=True):
                model_id = key.split(":")[0] if ":" in key else None
                guid = key.split(":")[-1]
                name = names[model_id] if model_id else next(n for n, g in expected.items() if guid in g)
                per[name] += int(flag)
            return per

        full = shown()
        assert full == {name: len(guids) for name, guids in expected.items()}
        before = page.pixels()
        structure = next(m for m in models if "STR" in m["name"].upper() or "struct" in m["name"].lower())
        others = [m for m in models if m is not structure]
        page.drawn_after(lambda: ui.locator(f'#tree-pane input[data-model="{structure["id"]}"]').uncheck())
        hidden = shown()
        assert hidden[structure["name"]] == 0
        assert all(hidden[m["name"]] == full[m["name"]] for m in others)
        without = page.pixels()
        assert (np.abs(before - without).sum(axis=2) > 30).sum() > 200  # the structure's pixels went
        page.drawn_after(lambda: ui.locator(f'#tree-pane input[data-model="{others[0]["id"]}"]').uncheck())
        both = shown()
        assert both[structure["name"]] == 0 and both[others[0]["name"]] == 0
        assert both[others[1]["name"]] == full[others[1]["name"]]
        page.drawn_after(lambda: ui.locator(f'#tree-pane input[data-model="{structure["id"]}"]').check())
        again = shown()
        assert again[structure["name"]] == full[structure["name"]] and again[others[0]["name"]] == 0
        ui.screenshot(path=str(artifacts / "viewer-7-project-toggled.png"))
        assert page.errors == []
