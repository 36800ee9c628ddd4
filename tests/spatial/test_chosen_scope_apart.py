"""A superlative asked as a question of its own chooses no scope for the next sentence.

"Largest room on GroundFloor? Also the walls on attic." was read as the walls bounding the largest room, on the
attic, and answered "No walls ... found" (the attic has walls: plain IfcOpenShell below). Two requests are answered
as two or declined, never the second asked of the first's choice; a pronoun still points back ("... what is its
area?").
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, open_cached, storey_of

HOM = "ExampleHOM.ifc"


@pytest.mark.parametrize("question", ["Largest room on GroundFloor? Also the walls on attic.",
                                      "Largest room on GroundFloor? Plus I'd need the walls on attic."])
def test_the_second_request_is_not_asked_of_the_first_choice(question: str, shared_ifc: Path,
                                                              index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOM))
    attic_walls = {w.GlobalId for w in f.by_type("IfcWall") if storey_of(w) == "attic"}
    assert attic_walls
    answer = ask(index_of, HOM, question)
    assert answer["declined"] is not None or attic_walls <= guids(answer), answer["answer"]
    assert "No walls" not in answer["answer"], answer["answer"]


def test_a_pronoun_still_points_back_at_the_choice(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOM))
    rooms = [s for s in f.by_type("IfcSpace") if storey_of(s) == "GroundFloor"]
    largest = max(rooms, key=lambda s: ue.get_psets(s)["Qto_SpaceBaseQuantities"]["NetFloorArea"])
    area = ue.get_psets(largest)["Qto_SpaceBaseQuantities"]["NetFloorArea"]
    answer = ask(index_of, HOM, "the largest room on the GroundFloor? what is its area?")
    assert answer["declined"] is None and str(largest.Name) in answer["answer"], answer["answer"]
    assert f"{area:.3f}" in answer["answer"], answer["answer"]
