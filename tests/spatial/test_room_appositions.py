"""Two names of one room side by side ("B201 (the hallway)") mean the room both names fit, never either one.

Read as two rooms, "the doors of B201 (the hallway)" listed the doors of every hallway of the Duplex (7 doors, 3
right). The oracles are the model's space boundaries read with plain IfcOpenShell.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from plain_walks import Index, ask, guids, open_cached

DUPLEX = "Duplex_A_20110907.ifc"


def _doors_bounding(shared_ifc: Path, space_name: str) -> set[str]:
    f = open_cached(str(shared_ifc / DUPLEX))
    (space,) = [s for s in f.by_type("IfcSpace") if s.Name == space_name]
    return {b.RelatedBuildingElement.GlobalId for b in space.BoundedBy or ()
            if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a("IfcDoor")}


@pytest.mark.parametrize("question", [
    "Doors of B201 (the hallway) which are they",
    "which doors does B201, the hallway, have?",
    "the doors of the hallway (B201)",
])
def test_a_room_named_twice_is_the_room_both_names_fit(question: str, shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    hallways = [s for s in f.by_type("IfcSpace") if "hall" in (s.LongName or "").lower()]
    assert len(hallways) >= 2  # the broader reading would differ: more than one hallway
    expected = _doors_bounding(shared_ifc, "B201")
    answer = ask(index_of, DUPLEX, question)
    assert answer["declined"] is None, answer["answer"]
    assert guids(answer) == expected, answer["answer"]


def test_two_names_no_room_fits_are_declined_saying_what_the_room_is(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    (b101,) = [s for s in f.by_type("IfcSpace") if s.Name == "B101"]
    assert "hall" not in (b101.LongName or "").lower()
    answer = ask(index_of, DUPLEX, "doors of B101 (the hallway)")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert "no room of this model is both" in answer["answer"] and str(b101.LongName) in answer["answer"]


def test_a_list_of_rooms_stays_a_list(shared_ifc: Path, index_of: Index) -> None:
    answer = ask(index_of, DUPLEX, "doors of B201, the hallway, and the kitchen")
    assert answer["declined"] is None, answer["answer"]
    assert _doors_bounding(shared_ifc, "B201") < guids(answer)
