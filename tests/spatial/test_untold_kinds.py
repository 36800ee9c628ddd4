"""A kind is read from the names a model gives it, or declined; never answered with the whole class.

"Give me the combined length of the two partition walls in metres." on Ifc4_SampleHouse summed all 5 walls
(38.86 m): no wall has a predefined type, and the whole class was listed with a note. The model's names do say it:
Revit writes "Wall-Partn" (``data/name_forms.json``), so the partition walls are the 2 walls the plain IfcOpenShell
walk below finds internal. A kind no name tells apart is declined (tests/spatial/test_predefined_kinds.py).
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, open_cached

HOUSE = "Ifc4_SampleHouse.ifc"


def _internal_walls(shared_ifc: Path) -> list:  # type: ignore[type-arg]
    f = open_cached(str(shared_ifc / HOUSE))
    walls = f.by_type("IfcWall")
    assert all(w.PredefinedType in (None, "NOTDEFINED") for w in walls)  # no predefined type says it
    return [w for w in walls if ue.get_psets(w).get("Pset_WallCommon", {}).get("IsExternal") is False]


def test_the_kind_is_read_from_the_names(shared_ifc: Path, index_of: Index) -> None:
    internal = _internal_walls(shared_ifc)
    assert len(internal) == 2
    answer = ask(index_of, HOUSE, "list the partition walls")
    assert guids(answer) == {w.GlobalId for w in internal}, answer["answer"]


@pytest.mark.parametrize("question", ["Give me the combined length of the two partition walls in metres."])
def test_the_total_is_over_the_kind_only(question: str, shared_ifc: Path, index_of: Index) -> None:
    length_mm = sum(ue.get_psets(w)["BaseQuantities"]["Length"] for w in _internal_walls(shared_ifc))
    answer = ask(index_of, HOUSE, question)
    assert answer["declined"] is None and answer["value"]["unit"] == "m", answer["answer"]
    assert answer["value"]["number"] == pytest.approx(length_mm / 1000, rel=1e-3), answer["answer"]
