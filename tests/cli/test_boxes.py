"""One element's box from its own shape equals its box in the whole-model pass; the pass runs only when needed."""

from __future__ import annotations

import io
from pathlib import Path

import ifcopenshell
import pytest
from rich.console import Console

from ifcqa.cli import output
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.index.geometry import SINGLE_LIMIT, SINGLE_PART, WHOLE_PART, compute_bboxes, element_bbox
from ifcqa.sample import write_sample_model


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("boxes") / "sample.ifc"
    write_sample_model(path)
    return path


def fresh(sample: Path, cache: Path) -> ModelIndex:
    return load_index(sample, cache=IndexCache(cache))


def test_single_boxes_equal_the_whole_model_pass_and_do_not_trigger_it(sample: Path, tmp_path: Path) -> None:
    index = fresh(sample, tmp_path)
    sha = index.data.source.sha256
    chosen = [index.by_class(c)[0] for c in ("IfcWall", "IfcSlab", "IfcDoor", "IfcWindow", "IfcSpace")]
    singles = {e.id: index.bbox(e) for e in chosen}
    assert all(box is not None for box in singles.values())
    cache = IndexCache(tmp_path)
    assert not cache.path(sha, WHOLE_PART).exists()  # five boxes, no whole-model pass
    assert set(cache.load(sha, SINGLE_PART) or ()) == set(singles)  # and each is cached for the next process

    whole = compute_bboxes(ifcopenshell.open(str(sample)), index.units["LENGTHUNIT"].si_factor, threads=1)
    for element_id, box in singles.items():
        assert box == pytest.approx(whole[element_id], abs=1e-9)
    assert fresh(sample, tmp_path).bbox(chosen[0]) == singles[chosen[0].id]  # read back from the cache


def test_non_products_and_shapeless_elements_have_no_box_without_shaping(sample: Path, tmp_path: Path) -> None:
    index = fresh(sample, tmp_path)
    storey = index.data.elements[index.storeys[0]]
    assert index.bbox(storey) is None  # a storey has no body
    project = index.data.elements[index.data.project]
    assert index.bbox(project) is None
    assert element_bbox(index.model(), project.id, 1.0) is None


def test_many_single_questions_switch_to_the_whole_model_pass(sample: Path, tmp_path: Path) -> None:
    index = fresh(sample, tmp_path)
    products = [e for e in index.elements() if index.is_a(e, "IfcBuildingElement")]
    assert len(products) > SINGLE_LIMIT
    boxes = [index.bbox(e) for e in products[: SINGLE_LIMIT + 1]]
    assert IndexCache(tmp_path).path(index.data.source.sha256, WHOLE_PART).exists()
    whole = index.bboxes()
    assert boxes == [whole.get(e.id) for e in products[: SINGLE_LIMIT + 1]]


def test_the_whole_model_pass_reports_its_progress_up_to_the_end(sample: Path) -> None:
    seen: list[float] = []
    boxes = compute_bboxes(ifcopenshell.open(str(sample)), 1.0, threads=1, progress=seen.append)
    assert boxes
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen.count(1.0) == 1
    assert seen == sorted(seen)


def test_the_cli_progress_bar_draws_on_a_terminal_and_goes_away_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    monkeypatch.setattr(output, "stderr_console", lambda: console)
    bar = output.GeometryProgress("Computing the geometry of x.ifc")
    for fraction in (0.0, 0.5, 1.0):
        bar(fraction)
    assert "Computing the geometry of x.ifc" in console.file.getvalue()  # type: ignore[attr-defined]
    assert bar._progress is None  # stopped: the terminal is the command's again
