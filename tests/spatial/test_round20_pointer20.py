"""Round 20, pointers in the request bound to the scope stated elsewhere in the message
(src/ifcqa/spatial/pointer_binding.py).

A typed pointer ("that storey", "those two levels", "that room", "there", "da drin", "dieses Geschoss") is bound to
the ONE referent of its type named in another unit (a ticket field, an earlier sentence, a chat turn); a referent in
a dismissing statement ("is finished already", "isn't getting any", "bleibt wie es ist") is no antecedent; two
candidates, none, or a place the model lacks decline naming them; a restriction the pointer carries ("every door that
leads outside") is read or declines. No message below is one of the bench's; answers are checked against the IFC
file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA
from ifcqa.spatial.pointer_binding import parts

DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` storey-deep on any of ``storeys`` for which ``where`` holds."""
    def get(name: str, cls: str, *storeys: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) in storeys and (where is None or where(e))}
    return get


@pytest.fixture
def bounding(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` in the space boundaries of the space named (or long-named) ``room``."""
    def get(name: str, cls: str, room: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        (space,) = [s for s in f.by_type("IfcSpace") if room in (s.Name, s.LongName)]
        return {b.RelatedBuildingElement.GlobalId for b in space.BoundedBy or ()
                if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a(cls)}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], *words: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    said = (" ".join(answer["declined"]["not_understood"]) + answer["answer"]).casefold()
    for word in words:
        assert word.casefold() in said, answer["answer"]


def test_units_set_off_their_field_labels() -> None:
    found = parts("Ticket 7 | Location: Level 2 | Question: how many doors does that level have?")
    assert [(p.label, p.text) for p in found][-2:] == [("Location", "Level 2"),
                                                      ("Question", "how many doors does that level have?")]


def test_one_storey_from_a_ticket_field(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("Job 5 | Trade: flooring | Location: Level 2 | Question: how many doors does that level "
                            "have?")
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 2")), answer["answer"]
    assert any("read as 'Level 2'" in n for n in answer["plan"]["notes"])
    _declined(qa(DUPLEX).ask("Job 5 | Location: Level 9 | Question: how many doors does that level have?"),
              "level 9")


def test_a_dismissed_storey_is_no_antecedent(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(KIT).ask("The carpenter takes the 1.OG, the EG was done in April. How many doors are on that floor?")
    assert answer["count"] == len(on(KIT, "IfcDoor", "1.OG")), answer["answer"]
    assert any("dismissed" in n for n in answer["plan"]["notes"])
    answer = qa(FZK).ask("Das Erdgeschoss bleibt wie es ist, der Maler macht das Dachgeschoss. Wie viele Wände hat "
                         "dieses Geschoss?")
    assert answer["count"] == len(on(FZK, "IfcWall", "Dachgeschoss")), answer["answer"]
    # both named, neither dismissed: two candidates
    _declined(qa(KIT).ask("The carpenter takes the 1.OG and the EG in April. How many doors are on that floor?"),
              "1.OG", "EG")
    # every storey named is dismissed: nothing to bind
    _declined(qa(KIT).ask("The EG was done in April, the 1.OG is finished too. How many doors are on that floor?"),
              "that floor")


def test_a_set_of_storeys(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("The Roof isn't getting any; it's Level 1 and Level 2. How many doors on those two "
                            "levels?")
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 1", "Level 2")), answer["answer"]
    _declined(qa(DUPLEX).ask("Level 2 is done already. How many doors on those two levels?"), "those two levels")


def test_a_room(qa: Callable[[str], SpatialQA], bounding: Any) -> None:
    answer = qa(HOM).ask("Ticket 4 | Room: Bedroom6 (1stFloor) | Request: which windows does that room have?")
    assert _guids(answer) == bounding(HOM, "IfcWindow", "Bedroom6"), answer["answer"]
    answer = qa(FZK).ask("Das Bad bekommt neue Vorhänge, die anderen Räume bleiben wie sie sind. Welche Fenster hat "
                         "dieser Raum?")
    assert _guids(answer) == bounding(FZK, "IfcWindow", "Bad"), answer["answer"]
    _declined(qa(FZK).ask("Bad und Küche bekommen neue Vorhänge. Welche Fenster hat dieser Raum?"), "bad", "küche")


def test_a_place_of_either_type(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    answer = qa(INST).ask("Olaf: Buero Studenten I wird morgen geräumt.\nJan: Ok. @Assistent wie viele Möbel stehen "
                          "da drin?")
    f = open_cached(str(shared_ifc / INST))
    (space,) = [s for s in f.by_type("IfcSpace") if s.LongName == "Buero Studenten I"]
    inside = {e.GlobalId for rel in space.ContainsElements for e in rel.RelatedElements
              if e.is_a("IfcFurnishingElement")}
    assert answer["count"] == len(inside) and inside, answer["answer"]
    _declined(qa(INST).ask("Olaf: Buero Studenten I and Buero Studenten II are cleared tomorrow.\nJan: how many "
                           "pieces of furniture are in there?"), "in there")


def test_a_pointer_carrying_a_restriction(qa: Callable[[str], SpatialQA], on: Any) -> None:
    def external(e: Any) -> bool:
        return ue.get_psets(e).get("Pset_DoorCommon", {}).get("IsExternal") is True

    answer = qa(DUPLEX).ask("Scope: Level 1 | Details: our locksmith checks each door that leads outside | Question: "
                            "how many doors on that level are those?")
    assert answer["count"] == len(on(DUPLEX, "IfcDoor", "Level 1", where=external)) > 0, answer["answer"]
    answer = qa(DUPLEX).ask("Scope: Level 1 | Details: we check every door that leads outside | Question: which "
                            "doors on that level are those?")
    assert _guids(answer) == on(DUPLEX, "IfcDoor", "Level 1", where=external) and _guids(answer), answer["answer"]
    # a restriction that cannot be read: declined naming it, never every door of the storey
    _declined(qa(DUPLEX).ask("Scope: Level 1 | Details: every door with a sticky handle gets oiled | Question: which "
                             "doors on that level are those?"), "sticky")
