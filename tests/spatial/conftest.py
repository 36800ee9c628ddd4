"""Fixtures of the spatial tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest
from plain_walks import open_cached

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA


@pytest.fixture
def model(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """A shared model by file name, opened once with plain IfcOpenShell."""
    return lambda name: open_cached(str(shared_ifc / name))


@pytest.fixture(scope="module")
def qa(index_of: Callable[[str], ModelIndex]) -> Callable[[str], SpatialQA]:
    """A shared model's rules-only question answerer (no graph, no embedder) by file name, made once per module."""
    made: dict[str, SpatialQA] = {}

    def get(name: str) -> SpatialQA:
        if name not in made:
            made[name] = SpatialQA(index_of(name), use_graph=False, embedder=None)
        return made[name]

    return get
