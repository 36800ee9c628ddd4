"""A small generated building and a small generated task set, shared by the memory tests."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.tasks import TaskSet
from ifcqa.sample import write_sample_model


@pytest.fixture(scope="session")
def memory_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A private index cache for the session (the generator and runner use the default cache)."""
    folder = tmp_path_factory.mktemp("memory-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IFCQA_CACHE_DIR", str(folder))
        yield folder


@pytest.fixture(scope="session")
def sample_ifc(tmp_path_factory: pytest.TempPathFactory, memory_cache: Path) -> Path:
    path: Path = write_sample_model(
        tmp_path_factory.mktemp("memory-model") / "house.ifc", storeys=2, rooms_per_storey=3
    )
    # the header these tests were written against (the writer's own fixed time differs): the file's hash, and so
    # the seeded tasks, stay those the assertions were checked on
    text = re.sub(
        r"FILE_NAME\('[^']*','[^']*'", "FILE_NAME('house.ifc','2026-01-01T00:00:00+00:00'", path.read_text(), count=1
    )
    path.write_text(text)
    return path


@pytest.fixture(scope="session")
def sample_index(sample_ifc: Path, memory_cache: Path) -> ModelIndex:
    return load_index(sample_ifc, cache=IndexCache(memory_cache))


@pytest.fixture(scope="session")
def sample_tasks(sample_ifc: Path) -> TaskSet:
    tasks, _ = generate_tasks([sample_ifc], sessions=(6, 9), seed=3, per_template=1)
    return tasks


@pytest.fixture(scope="session")
def tasks_file(sample_tasks: TaskSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("memory-tasks") / "tasks.json"
    path.write_text(sample_tasks.to_json(), encoding="utf-8")
    return path
