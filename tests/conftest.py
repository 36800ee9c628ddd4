"""Shared fixtures: the shared IFC corpus and a memoized, tmp-cached index loader."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index

SHARED_IFC = Path(__file__).resolve().parents[1].parent / "shared" / "ifc"


@pytest.fixture(scope="session")
def shared_ifc() -> Path:
    """The folder of the shared IFC models (../shared/ifc); the test is skipped when it is absent."""
    if not SHARED_IFC.is_dir():
        pytest.skip("../shared/ifc not present: the corpus tests need the shared IFC models")
    return SHARED_IFC


@pytest.fixture(scope="session")
def index_of(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], ModelIndex]:
    """A factory: shared file name -> its ModelIndex, built once per session into a tmp cache."""
    cache = IndexCache(tmp_path_factory.mktemp("index-cache"))
    loaded: dict[str, ModelIndex] = {}

    def load(name: str) -> ModelIndex:
        if name not in loaded:
            loaded[name] = load_index(shared_ifc / name, cache=cache)
        return loaded[name]

    return load


@pytest.fixture
def scratch_registries() -> Iterator[None]:
    """Every registry (tools, agents, generators, ...) as it was before the test: a test may register or
    override entries (``TOOLS.override(...)``) without leaking them into others."""
    from ifcqa import registry

    registry.names()  # every built-in kind declared and loaded
    kept = {name: kind.snapshot() for name, kind in registry.KINDS.items()}
    yield
    for name, entries in kept.items():
        registry.KINDS[name].restore(entries)
