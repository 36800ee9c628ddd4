"""A kind the model cannot tell apart from the rest of its class is declined, never answered with the whole class.

"Give me the combined length of the two partition walls in metres." on Ifc4_SampleHouse summed all 5 walls (38.86
m): no wall has a predefined type or a name the reader takes for a partition, and the whole class was listed with a
note. The plain IfcOpenShell walk below shows why that answer is wrong: the class holds external walls too.
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, open_cached

HOUSE = "Ifc4_SampleHouse.ifc"


@pytest.mark.parametrize("question", ["list the partition walls",
                                      "Give me the combined length of the two partition walls in metres."])
def test_the_kind_is_declined_naming_it(question: str, shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOUSE))
    walls = f.by_type("IfcWall")
    assert any(ue.get_psets(w).get("Pset_WallCommon", {}).get("IsExternal") for w in walls)  # not all partitions
    assert all(w.PredefinedType in (None, "NOTDEFINED") for w in walls)
    answer = ask(index_of, HOUSE, question)
    assert answer["declined"] is not None and not answer["elements"] and answer["value"] is None, answer["answer"]
    assert "does not say which walls are partition walls" in answer["answer"]
    assert answer["declined"]["not_understood"] == ["partition walls"]


def test_the_class_itself_is_still_answered(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOUSE))
    answer = ask(index_of, HOUSE, "how many walls are there?")
    assert answer["count"] == len(f.by_type("IfcWall")), answer["answer"]
