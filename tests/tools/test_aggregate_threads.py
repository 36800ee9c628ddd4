"""``aggregate_values`` called from 24 threads at once on one cold index gives the single-threaded answer.

The calls cross every lazily filled structure of the index: the name maps, the class lookups, the
selector's facet class, and the boxes (57 walls: more than the 24 single shapes after which one
whole-model pass serves the rest, so threads read boxes while the pass replaces the single ones).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.tools.registry import call_tool

DUPLEX = "Duplex_A_20110907.ifc"
THREADS = 24
CALLS: list[dict[str, Any]] = [
    {"ifc_class": "IfcWall", "quantity": "bbox.dz", "stat": "mean", "group_by": "storey"},
    {"selector": "IfcDoor", "quantity": "PSet_Revit_Type_Dimensions.Height", "stat": "mean"},
]


@pytest.fixture(scope="module")
def expected(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Each call answered alone, one after the other, on its own cold index."""
    answers = []
    for arguments in CALLS:
        index = load_index(shared_ifc / DUPLEX, cache=IndexCache(tmp_path_factory.mktemp("alone")))
        answers.append(call_tool(index, "aggregate_values", arguments))
    return answers


@pytest.mark.parametrize("which", range(len(CALLS)))
def test_concurrent_calls_on_a_cold_index_give_the_single_threaded_result(
    which: int, expected: list[dict[str, Any]], shared_ifc: Path, tmp_path: Path
) -> None:
    index = load_index(shared_ifc / DUPLEX, cache=IndexCache(tmp_path))
    start = threading.Barrier(THREADS)

    def call(_: int) -> dict[str, Any]:
        start.wait()
        return call_tool(index, "aggregate_values", CALLS[which])

    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(call, range(THREADS)))
    assert expected[which]["n_used"] > 0
    assert all(answer == expected[which] for answer in answers), [a for a in answers if a != expected[which]][:1]
