"""Work functions for the executor tests (a module of their own, so spawned worker processes can import them)."""

from __future__ import annotations

import os
from pathlib import Path

from ifcqa.errors import IfcqaError


def square(n: int) -> int:
    return n * n


def flaky(arg: tuple[str, int, int]) -> int:
    """Fail (an OSError) the first ``failures`` times it is called for ``n``; a marker file counts the calls."""
    folder, n, failures = arg
    marker = Path(folder) / f"calls-{n}"
    calls = int(marker.read_text()) if marker.exists() else 0
    marker.write_text(str(calls + 1))
    if calls < failures:
        raise OSError(f"disk hiccup on {n}")
    return n * 10


def bad_input(n: int) -> int:
    if n == 2:
        raise IfcqaError(f"model {n}: not an IFC/STEP file")
    return n


def dies_once(arg: tuple[str, int]) -> int:
    """The worker process running ``n == 1`` dies (os._exit) the first time, as a killed worker would."""
    folder, n = arg
    marker = Path(folder) / f"died-{n}"
    if n == 1 and not marker.exists():
        marker.write_text("x")
        os._exit(9)
    return n + 100


def pid_of(n: int) -> tuple[int, int]:
    return n, os.getpid()
