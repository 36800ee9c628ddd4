"""Round 22, a message written as a document of fields whose request is one field (src/ifcqa/spatial/form_fields.py,
bench/spatial/form22_cases.py).

A form with one blank to fill, a ticket or RFI with a "Question:" field, an invite whose "Prep:" asks, a punch list
row pointed at by "Q on #n:", a checklist's one unticked item, a requisition's "Quantity: = number of ...". The
scope field the request points at is bound ("Storey:", "Room:", "Levels in scope:"), the who/when/status/budget
fields are set aside. Each positive form has a variant that must still decline (two candidates, a scope the model
cannot ground, a restriction in a context field, a price asked by the request itself). No message below is one of
the bench's; answers are checked against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA, form_fields

DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
LARGE = "LargeBuilding.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"
ROOMS3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model)."""
    def get(name: str, cls: str, *storeys: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls)
                if (not storeys or storey_of(e) in storeys) and (where is None or where(e))}
    return get


def _space(shared_ifc: Path, name: str, space: str) -> Any:
    f = open_cached(str(shared_ifc / name))
    return next(s for s in f.by_type("IfcSpace") if space in (s.Name, s.LongName))


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any]) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]


def _noted(answer: dict[str, Any], text: str) -> None:
    assert any(text in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]


def test_a_blank_bound_to_the_storey_field(qa: Callable[[str], SpatialQA], on: Any) -> None:
    form = ("Skirting board order\nClient: Fam. Otto\nStorey: {s}\nWalls on this storey: _____ (please fill from "
            "the model)\nBoard colour: oak\nSigned: ______")
    answer = qa(FZK).ask(form.format(s="Dachgeschoss"))
    walls = on(FZK, "IfcWall", "Dachgeschoss")
    assert _guids(answer) == walls != set() and walls != on(FZK, "IfcWall"), answer["answer"]
    _noted(answer, "read as a document of fields")
    _noted(answer, "context set aside")
    _declined(qa(FZK).ask(form.format(s="Keller")))  # a storey the model lacks
    _declined(qa(FZK).ask(form.format(s="Erdgeschoss, Dachgeschoss")))  # 'this storey': two candidates


def test_levels_in_scope_and_an_excluded_level(qa: Callable[[str], SpatialQA], on: Any) -> None:
    form = "Door survey - sheet D2\nLevels in scope: {s}\n{x}: excluded (new doors)\nDoors on those levels: ____"
    answer = qa(DUPLEX).ask(form.format(s="Level 1, Level 2", x="Roof"))
    doors = on(DUPLEX, "IfcDoor", "Level 1", "Level 2")
    assert _guids(answer) == doors != set(), answer["answer"]
    _declined(qa(DUPLEX).ask(form.format(s="Level 1, Level 2", x="Level 2")))  # excluded and in scope


def test_a_room_field_and_a_quantity_blank(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    room = _space(shared_ifc, ROOMS3, "Empfang")
    volume = ue.get_psets(room)["Qto_SpaceBaseQuantities"]["NetVolume"]
    form = "Heating load sheet\nRoom: {r}\nDesign temperature: 20 °C\nVolume of that room (m³): ____ <- from the model"
    answer = qa(ROOMS3).ask(form.format(r="Empfang"))
    assert answer["declined"] is None and f"{volume:g}" in answer["answer"], answer["answer"]
    _declined(qa(ROOMS3).ask(form.format(r="Sauna")))


def test_a_place_field_the_model_cannot_ground_declines(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(LARGE).ask("Glass cleaning sheet\nLevel: Level 1\nDoors on this level: ___ (from the model)\n"
                           "Cleaner: B. Ode")
    assert _guids(answer) == on(LARGE, "IfcDoor", "Level 1") != set(), answer["answer"]
    _declined(qa(LARGE).ask("Glass cleaning sheet\nWing: south wing\nDoors in that wing: ___ (from the model)\n"
                            "Cleaner: B. Ode"))


def test_a_ticket_question_field_with_its_antecedent(qa: Callable[[str], SpatialQA], on: Any) -> None:
    ticket = ("Ticket FM-7781\nStatus: open\nAssignee: BIM desk\nText: the {s} gets new door numbers in March. "
              "How many doors are on that storey? {t}")
    answer = qa(KIT).ask(ticket.format(s="2.OG", t="The EG keeps its numbers."))
    doors = on(KIT, "IfcDoor", "2.OG")
    assert answer["count"] == len(doors) > 0 and _guids(answer) == doors, answer["answer"]
    _declined(qa(KIT).ask(ticket.format(s="2.OG and the 1.OG", t="")))  # two candidates
    _declined(qa(KIT).ask(ticket.format(s="2.OG", t="Only the ones with old numbers.")))  # restricts


def test_a_refusal_only_when_the_request_field_asks_it(qa: Callable[[str], SpatialQA], on: Any) -> None:
    req = ("Purchase requisition\nRequester: heating team\nArticle: pump seal, one per pump\n"
           "Quantity: = {q} (please fill in)\nCost centre: 410\nUnit price: 12 EUR")
    answer = qa(WP).ask(req.format(q="number of pumps in the model"))
    assert answer["count"] == len(on(WP, "IfcPump")) > 0, answer["answer"]
    _declined(qa(WP).ask(req.format(q="total price of the seals for the pumps")))


def test_a_punch_list_row_and_an_invite(qa: Callable[[str], SpatialQA], on: Any) -> None:
    punch = ("Snag list 3 Dec\n#14 | {a} | door leaf scratched | joiner | open\n#15 | {b} | paint | closed\n"
             "Q on #14: how many doors are on that floor?")
    answer = qa(HOM).ask(punch.format(a="1stFloor", b="GroundFloor"))
    assert answer["count"] == len(on(HOM, "IfcDoor", "1stFloor")) > 0, answer["answer"]
    _declined(qa(HOM).ask(punch.format(a="1stFloor + GroundFloor", b="attic")))  # the row names two: not the other row
    invite = ("Invite: radiator check\nWhen: Fri 11:00\nAttendees: plumber\nScope: {s} (attic locked)\n"
              "Prep: count the walls on those two storeys combined so the plumber can plan")
    answer = qa(HOM).ask(invite.format(s="GroundFloor and 1stFloor"))
    assert answer["count"] == len(on(HOM, "IfcWall", "GroundFloor", "1stFloor")) > 0, answer["answer"]
    _declined(qa(HOM).ask(invite.format(s="GroundFloor")))  # 'those two' with one storey


def test_the_unticked_item_of_a_checklist(qa: Callable[[str], SpatialQA], on: Any) -> None:
    def external(e: Any) -> bool:
        return bool(ue.get_psets(e).get("Pset_WallCommon", {}).get("IsExternal"))

    check = ("Insulation checklist\n[x] loft hatch sealed\n[ ] walls: {item}\nAuditor: K. Berg\n"
             "Please complete the open point from the model.")
    answer = qa(SAMPLE).ask(check.format(item="list the external walls"))
    walls = on(SAMPLE, "IfcWall", where=external)
    assert _guids(answer) == walls != set() and walls != on(SAMPLE, "IfcWall"), answer["answer"]
    _declined(qa(SAMPLE).ask(check.format(item="list the external walls with damp patches")))


def test_no_document_no_reading(qa: Callable[[str], SpatialQA]) -> None:
    parser = qa(HOM).parser
    assert form_fields.read(parser, "how many doors are on the GroundFloor?") is None
    assert form_fields.read(parser, "Nina: ok\nLeo: fine\nNina: how many doors are on that floor?") is None  # chat
    reading = form_fields.read(parser, "Door form\nFloor: attic\nDoors on this floor: ____ (from the model)")
    assert reading is not None and reading.text == "Doors on attic?", reading


def test_the_switch(qa: Callable[[str], SpatialQA], monkeypatch: pytest.MonkeyPatch) -> None:
    form = "Door form\nFloor: 1stFloor\nOwner: caretaker\nDoors on that floor: ____ (please fill from the model)"
    assert len(_guids(qa(HOM).ask(form))) == 4
    monkeypatch.setattr(form_fields, "ENABLED", False)
    _declined(SpatialQA(qa(HOM).index, use_graph=False, embedder=None).ask(form))
