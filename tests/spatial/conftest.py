"""Fixtures of the spatial tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest
from plain_walks import open_cached


@pytest.fixture
def model(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """A shared model by file name, opened once with plain IfcOpenShell."""
    return lambda name: open_cached(str(shared_ifc / name))
