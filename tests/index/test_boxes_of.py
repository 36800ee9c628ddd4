"""Boxes of a chosen set of elements (what MCQ geometry reads), without the whole-model pass.

Checked against the whole-model pass of the same file (which tests/tools/test_geometry_tools.py checks
against IfcOpenShell's create_shape): the same boxes, the whole pass not made, the boxes kept in the
cache for the next process; and a prefetch started in a worker gives the same boxes as shaping on demand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ifcqa.native
from ifcqa.index import IndexCache, load_index
from ifcqa.index.geometry import EACH_LIMIT
from ifcqa.index.records import Element
from ifcqa.native.pool import start_native

HOUSE = "IfcOpenHouse_IFC4.ifc"


def _some_elements(path: Path, cache: IndexCache) -> list[Element]:
    index = load_index(path, cache=cache)
    walls = index.by_class("IfcWall")[:3]
    others = [e for e in index.by_class("IfcProduct") if e.ifc_class in ("IfcDoor", "IfcWindow", "IfcSlab")][:3]
    spatial = index.by_class("IfcBuildingStorey")[:1]  # a product without a body of its own: no box
    return [*walls, *others, *spatial]


def test_the_chosen_elements_boxes_are_the_whole_passes_and_no_whole_pass_is_made(
    shared_ifc: Path, tmp_path: Path
) -> None:
    path = shared_ifc / HOUSE
    whole = load_index(path, cache=IndexCache(tmp_path / "whole")).bboxes()
    cache = IndexCache(tmp_path / "some")
    index = load_index(path, cache=cache)
    chosen = _some_elements(path, cache)
    boxes = index.bboxes_of(chosen)
    assert set(boxes) == {e.id for e in chosen}
    assert {i: b for i, b in boxes.items() if b is not None} == {e.id: whole[e.id] for e in chosen if e.id in whole}
    assert sum(b is not None for b in boxes.values()) == len(chosen) - 1  # every one but the storey
    sha = index.data.source.sha256
    assert not cache.path(sha, "bbox").exists(), "the whole-model pass was made"
    assert cache.path(sha, "bbox1").is_file()


def test_a_second_process_reads_the_chosen_boxes_from_the_cache_without_shaping(
    shared_ifc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = shared_ifc / HOUSE
    cache = IndexCache(tmp_path / "cache")
    chosen = _some_elements(path, cache)
    first = load_index(path, cache=cache).bboxes_of(chosen)

    def no_kernel(*_: object, **__: object) -> None:
        raise AssertionError("a box was shaped again")

    monkeypatch.setattr(ifcqa.native, "call_native", no_kernel)
    assert load_index(path, cache=cache).bboxes_of(chosen) == first


def test_a_few_boxes_shaped_one_by_one_are_the_whole_passes_bit_for_bit(shared_ifc: Path, tmp_path: Path) -> None:
    path = shared_ifc / HOUSE
    whole = load_index(path, cache=IndexCache(tmp_path / "whole")).bboxes()
    index = load_index(path, cache=IndexCache(tmp_path / "few"))
    with_openings = [e for e in index.by_class("IfcWall") if e.openings]
    assert 0 < len(with_openings) <= EACH_LIMIT  # shaped each with create_shape, not by an iterator
    assert index.bboxes_of(with_openings) == {e.id: whole[e.id] for e in with_openings}


def test_drafts_are_the_exact_boxes_without_openings_and_hold_the_exact_ones_with_them(
    shared_ifc: Path, tmp_path: Path
) -> None:
    path = shared_ifc / HOUSE
    cache = IndexCache(tmp_path / "cache")
    index = load_index(path, cache=cache)
    exact = index.bboxes()  # the whole-model pass, cached: drafts do not read it
    elements = [e for e in index.by_class("IfcElement") if e.id in exact and not e.parts and not e.parent]
    drafts = index.bboxes_of(elements, draft=True)
    assert cache.path(index.data.source.sha256, "bboxdraft").is_file()
    cut = [e for e in elements if e.openings]
    assert cut and len(cut) < len(elements)
    for element in elements:
        draft, box = drafts[element.id], exact[element.id]
        assert draft is not None
        if element.openings:
            assert all(draft[i] <= box[i] + 1e-9 and box[i + 3] <= draft[i + 3] + 1e-9 for i in range(3)), element
        else:
            assert draft == box, element


PREFETCH = """
import json, sys
from ifcqa.index import IndexCache, load_index
index = load_index(sys.argv[1], cache=IndexCache(sys.argv[2]))
chosen = [e for e in index.by_class("IfcProduct") if e.ifc_class in ("IfcWall", "IfcDoor", "IfcWindow")]
started = index.prefetch_bboxes(chosen)
print(json.dumps({"started": started, "boxes": sorted(index.bboxes_of(chosen).items())}))
"""


def test_a_prefetch_in_a_worker_gives_the_boxes_shaping_on_demand_gives(shared_ifc: Path, tmp_path: Path) -> None:
    path = shared_ifc / HOUSE
    env = dict(os.environ, IFCQA_NATIVE_WORKERS="2")
    done = subprocess.run([sys.executable, "-c", PREFETCH, str(path), str(tmp_path / "fetched")], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    fetched = json.loads(done.stdout)
    assert fetched["started"] is True  # a one-thread process with two workers starts it
    index = load_index(path, cache=IndexCache(tmp_path / "plain"))
    chosen = [e for e in index.by_class("IfcProduct") if e.ifc_class in ("IfcWall", "IfcDoor", "IfcWindow")]
    plain = sorted(index.bboxes_of(chosen).items())
    assert [[i, list(b) if b else None] for i, b in plain] == fetched["boxes"]
    assert any(b is not None for _, b in plain)


def test_a_call_is_not_started_ahead_when_it_would_hold_the_only_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_NATIVE_WORKERS", "1")
    assert start_native("ifcqa.index.geometry:shape_some", "x.ifc", [1], 1.0) is None


STARTED_ERROR = """
import sys
from ifcqa.native.pool import start_native
call = start_native("ifcqa.index.geometry:shape_some", sys.argv[1], [1], 1.0)
assert call is not None
try:
    call.result()
except Exception as exc:
    print(type(exc).__name__, exc)
"""


def test_the_error_of_a_call_started_ahead_is_raised_when_its_result_is_taken(tmp_path: Path) -> None:
    missing = tmp_path / "missing.ifc"
    env = dict(os.environ, IFCQA_NATIVE_WORKERS="2")
    done = subprocess.run([sys.executable, "-c", STARTED_ERROR, str(missing)], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    assert "missing.ifc" in done.stdout, done.stdout + done.stderr
