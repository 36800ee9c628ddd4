"""The index cache: warm loads skip the file, edits invalidate, damage is rebuilt, writes are atomic."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest

import ifcqa.index.model_index as model_index
from ifcqa.errors import CacheError
from ifcqa.files.hashing import file_sha256
from ifcqa.index import IndexCache, IndexData, load_index
from ifcqa.index.records import INDEX_FORMAT

HOUSE = "IfcOpenHouse_IFC4.ifc"


@pytest.fixture
def house(shared_ifc: Path, tmp_path: Path) -> Path:
    """A private copy of the small IfcOpenHouse model."""
    return Path(shutil.copy(shared_ifc / HOUSE, tmp_path / HOUSE))


@pytest.fixture
def cache(tmp_path: Path) -> IndexCache:
    return IndexCache(tmp_path / "cache")


@pytest.fixture
def opens(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every path load_index (and the index's lazy model()) opens with IfcOpenShell."""
    seen: list[Path] = []
    real = model_index.open_model

    def spy(path: Any) -> Any:
        seen.append(Path(path))
        return real(path)

    monkeypatch.setattr(model_index, "open_model", spy)
    return seen


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_the_second_load_is_served_from_the_cache_without_opening_the_file(
    house: Path, cache: IndexCache, opens: list[Path]
) -> None:
    cold = load_index(house, cache=cache)
    warm = load_index(house, cache=cache)
    assert opens == [house]
    assert cold._model is not None and warm._model is None
    assert warm.data.elements.keys() == cold.data.elements.keys()
    assert [warm.get(i).name for i in warm.storeys] == [cold.get(i).name for i in cold.storeys]
    assert files_in(cache.directory) == [f"{file_sha256(house)}.index.v{INDEX_FORMAT}.pickle"]


def test_a_copied_file_reuses_the_entry_and_reports_its_own_path(
    house: Path, cache: IndexCache, opens: list[Path], tmp_path: Path
) -> None:
    load_index(house, cache=cache)
    copy = Path(shutil.copy(house, tmp_path / "renamed.ifc"))
    index = load_index(copy, cache=cache)
    assert opens == [house]
    assert index.path == copy


def test_an_edited_file_gets_a_new_index(house: Path, cache: IndexCache, opens: list[Path]) -> None:
    before = load_index(house, cache=cache)
    wall = before.data.guids["3g46_woBL6sugXeY5_WP6n"]
    assert before.get(wall).name == "South wall"
    house.write_text(house.read_text().replace("'South wall'", "'Garden wall'"))
    after = load_index(house, cache=cache)
    assert after.data.source.sha256 != before.data.source.sha256
    assert after.get(wall).name == "Garden wall"
    assert opens == [house, house]
    assert len(files_in(cache.directory)) == 2


def test_use_cache_false_writes_nothing(house: Path, cache: IndexCache, opens: list[Path]) -> None:
    index = load_index(house, cache=cache, use_cache=False)
    load_index(house, cache=cache, use_cache=False)
    index.bboxes()
    assert opens == [house, house]
    assert files_in(cache.directory) == []


@pytest.mark.parametrize(
    "garbage",
    [
        b"this is not a pickle",
        pickle.dumps(list(range(100)))[:50],  # cut short
        b"\x80\x05\x95\x10\x00\x00\x00\x00\x00\x00\x00\x8c\x08nomodule\x94\x8c\x03Foo\x94\x93\x94.",  # gone class
        pickle.dumps({"format": INDEX_FORMAT}),  # readable, but not an index
    ],
    ids=["text", "truncated", "missing-module", "wrong-object"],
)
def test_a_corrupt_entry_is_rebuilt_not_trusted(
    house: Path, cache: IndexCache, opens: list[Path], garbage: bytes
) -> None:
    sha = file_sha256(house)
    cache.directory.mkdir()
    cache.path(sha).write_bytes(garbage)
    index = load_index(house, cache=cache)
    assert opens == [house]
    assert len(index.by_class("IfcWall")) == 4
    assert isinstance(cache.load(sha), IndexData)


def test_saving_leaves_no_temporary_file(house: Path, cache: IndexCache) -> None:
    load_index(house, cache=cache).bboxes()
    assert not [name for name in files_in(cache.directory) if name.endswith(".tmp")]
    assert len(files_in(cache.directory)) == 2


def test_a_write_failing_midway_keeps_the_old_entry_and_leaves_no_temporary_file(
    house: Path, cache: IndexCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    sha = file_sha256(house)
    load_index(house, cache=cache)
    before = cache.path(sha).read_bytes()

    def fail(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(CacheError, match="cannot write the index cache \\(No space left on device\\)"):
        cache.save(sha, {"something": "else"})
    assert cache.path(sha).read_bytes() == before
    assert files_in(cache.directory) == [cache.path(sha).name]


def test_a_cache_location_that_is_a_file_is_a_cache_error(tmp_path: Path) -> None:
    spot = tmp_path / "cache"
    spot.write_text("I am a file")
    with pytest.raises(CacheError, match="the cache location is a file. Give a folder with --cache-dir"):
        IndexCache(spot)


def test_a_cache_folder_that_cannot_be_made_is_a_cache_error_naming_the_fix(house: Path, tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where a folder should be")
    with pytest.raises(CacheError, match="cannot write the index cache .*--cache-dir .*--no-cache"):
        load_index(house, cache=IndexCache(tmp_path / "blocker" / "cache"))


def test_bounding_boxes_are_cached_after_the_first_call(house: Path, cache: IndexCache, opens: list[Path]) -> None:
    first = load_index(house, cache=cache)
    boxes = first.bboxes()
    assert cache.path(first.data.source.sha256, "bbox").is_file()
    wall = first.data.guids["3g46_woBL6sugXeY5_WP6n"]
    assert wall in boxes

    second = load_index(house, cache=cache)
    assert second.bboxes() == boxes
    assert second._model is None
    assert opens == [house]


def test_atomically_written_files_get_the_mode_a_plain_open_would_give(tmp_path: Path) -> None:
    from ifcqa.files.atomic import UMASK, write_atomic

    target = tmp_path / "out.json"
    write_atomic(target, b"{}")
    assert target.stat().st_mode & 0o777 == 0o666 & ~UMASK
