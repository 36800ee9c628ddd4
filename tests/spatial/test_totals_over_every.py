"""A total asked over "every" room is the total, not every room's value listed.

"Sum up the m² of every space on Level 2." listed the 10 areas (people_tenth): "every" read as "each one's", over
the sum the question asks. "per room" and "the total area of each room" still list each one's value. Oracle: the
spaces' 'GSA Space Areas'.'GSA BIM Area' read with plain IfcOpenShell.
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, open_cached, storey_of

DUPLEX = "Duplex_A_20110907.ifc"


def _areas(shared_ifc: Path, storey: str) -> list[float]:
    f = open_cached(str(shared_ifc / DUPLEX))
    return [float(ue.get_psets(s)["GSA Space Areas"]["GSA BIM Area"]) for s in f.by_type("IfcSpace")
            if storey_of(s) == storey]


@pytest.mark.parametrize("question, storey", [
    ("Sum up the m² of every space on Level 2.", "Level 2"),
    ("total area of every room on level 1", "Level 1"),
    ("area of each room on level 1 added up", "Level 1"),
])
def test_a_total_over_every_room_is_one_number(question: str, storey: str, shared_ifc: Path,
                                               index_of: Index) -> None:
    areas = _areas(shared_ifc, storey)
    answer = ask(index_of, DUPLEX, question)
    assert answer["declined"] is None and answer["answer"].startswith("Total"), answer["answer"]
    assert f"{sum(areas):.3f}" in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", ["total area per room on level 1", "total area of each room on level 1"])
def test_each_ones_value_is_still_listed(question: str, shared_ifc: Path, index_of: Index) -> None:
    areas = _areas(shared_ifc, "Level 1")
    answer = ask(index_of, DUPLEX, question)
    assert f"each of the {len(areas)} spaces" in answer["answer"], answer["answer"]
