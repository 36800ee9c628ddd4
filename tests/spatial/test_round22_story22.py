"""Round 22, narrative messages read as sentences in order (src/ifcqa/spatial/story_reading.py,
bench/spatial/story22_cases.py).

A correction edits the scope stated before it, a pointer binds to what survives, a request to a person never decides
a refusal, a quoted earlier message holds the request a point-back asks, the price or duration of something else is
set aside. Each positive form has a variant that must still decline (the correction unreadable, the pointer with two
candidates, a story sentence that restricts). No message below is one of the bench's; answers are checked against the
IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA, story_reading

pytestmark = pytest.mark.skipif(not story_reading.ENABLED, reason="story_reading is off again since the round-23 "
                                "merge: local CI found older must-decline messages it answers (bench/spatial/README)")

DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model), for which
    ``where`` holds."""
    def get(name: str, cls: str, *storeys: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls)
                if (not storeys or storey_of(e) in storeys) and (where is None or where(e))}
    return get


def _space(shared_ifc: Path, name: str, space: str) -> Any:
    f = open_cached(str(shared_ifc / name))
    return next(s for s in f.by_type("IfcSpace") if space in (s.Name, s.LongName))


def _declined(answer: dict[str, Any]) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]


def _noted(answer: dict[str, Any], text: str) -> None:
    assert any(text in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]


def test_a_correction_replaces_the_scope_before_the_pointer(qa: Callable[[str], SpatialQA], on: Any) -> None:
    both = on(KIT, "IfcDoor", "EG", "2.OG")
    answer = qa(KIT).ask("Hello,\n\nthe glazier quoted for 1.OG, EG - sorry, not 1.OG, that one is rented out - so EG "
                         "and 2.OG. How many doors do those two floors have together?\n\nMaria")
    assert answer["count"] == len(both) > 0 and both != on(KIT, "IfcDoor"), answer["answer"]
    _noted(answer, "edits the scope")
    # the correction names no storey: which one is corrected away is not said
    _declined(qa(KIT).ask("Hello,\n\nthe glazier quoted for 1.OG, EG - sorry, no, hmm, or maybe not. How many doors "
                          "do those two floors have together?\n\nMaria"))


def test_a_question_answered_by_the_writer(qa: Callable[[str], SpatialQA], on: Any) -> None:
    level = on(DUPLEX, "IfcWindow", "Level 2")
    answer = qa(DUPLEX).ask("Hi Sam,\n\nthe window film - does the offer include Level 1 as well? No, it doesn't, only "
                            "Level 2. How many windows are on that level?\n\nBen")
    assert answer["count"] == len(level) > 0, answer["answer"]
    # the writer answers with two storeys: 'that level' has two candidates
    _declined(qa(DUPLEX).ask("Hi Sam,\n\nthe window film - does the offer include Level 1? Yes, and Level 2 too. How "
                             "many windows are on that level?\n\nBen"))


def test_a_request_to_a_person_decides_no_refusal(qa: Callable[[str], SpatialQA], on: Any) -> None:
    walls = on(HOM, "IfcWall", "attic")
    answer = qa(HOM).ask("Hi Lu, two things. How many walls are in the attic? And second, the scaffold - can you move "
                         "it to the back? (that one is for you, not for the model)")
    assert answer["count"] == len(walls) > 0, answer["answer"]
    _noted(answer, "to a person")
    # the move is asked of the model: refused
    _declined(qa(HOM).ask("Hi Lu, two things. How many walls are in the attic? And second, can you move the walls "
                          "in the model to the 1stFloor?"))


def test_a_quoted_request_and_a_point_back(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK))

    def u(e: Any) -> Any:
        return ue.get_psets(e).get("Pset_WindowCommon", {}).get("ThermalTransmittance")

    below = {e.GlobalId for e in f.by_type("IfcWindow") if u(e) is not None and u(e) < 1.2}
    everything = {e.GlobalId for e in f.by_type("IfcWindow")}
    answer = qa(FZK).ask("Subject: Fwd: Förderantrag\n\n---- original ----\nFor the grant I need the number of "
                         "windows whose U-value is below 1.2 W/m²K.\n----\n\nCan you look that up? The doors I have "
                         "done myself.")
    assert answer["count"] == len(below) and below != everything, answer["answer"]
    # the quoted request restricts with what the model does not hold: declined
    _declined(qa(FZK).ask("Subject: Fwd: Förderantrag\n\n---- original ----\nFor the grant I need the number of "
                          "windows with the old brass latches.\n----\n\nCan you look that up? The doors I have done "
                          "myself."))


def test_a_room_pointer_after_a_contrast(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    room = _space(shared_ifc, SH, "Bedroom")
    inside = {e.GlobalId for r in room.ContainsElements for e in r.RelatedElements if e.is_a("IfcFurnishingElement")}
    answer = qa(SH).ask("> From: Kim\n> The bedroom furniture goes to my sister, the living room stuff stays.\n\n"
                        "Hi, as Kim says only that room is cleared. How many pieces of furniture are in there? Van "
                        "comes at 9:30.")
    assert answer["count"] == len(inside) > 0, answer["answer"]
    # both rooms stay named as moving: 'in there' has two candidates
    _declined(qa(SH).ask("> From: Kim\n> The bedroom furniture and the living room stuff go to my sister.\n\nHi, as "
                         "Kim says only that room is cleared. How many pieces of furniture are in there? Van comes at "
                         "9:30."))


def test_a_price_and_a_duration_of_something_else(qa: Callable[[str], SpatialQA], on: Any) -> None:
    rest = on(KIT, "IfcWindow", "EG", "2.OG")
    answer = qa(KIT).ask("Message from Ola: the 1.OG windows got new seals on Friday (4 hours, 2 people, 180 EUR). "
                         "How many windows are left, so all windows that are not on the 1.OG?")
    assert answer["count"] == len(rest) > 0, answer["answer"]
    # a story sentence that restricts: only some of them
    _declined(qa(KIT).ask("Message from Ola: only the windows with the cracked seals get done (4 hours, 2 people). "
                          "How many windows are on the 1.OG?"))


def test_the_reading_itself() -> None:
    """The roles found from structure, without the model: a quoted block, a request to a person, a self-answer."""
    found = story_reading.sentences("> From: Kim\n> The doors stay.\n\nCan you ask Tom to move the van? Which doors "
                                    "are on EG? Thanks")
    quoted = [s.text for s in found if s.quoted and s.role != "layout"]
    assert quoted == ["The doors stay."]
    assert story_reading._words()["ask_person"].search("Can you ask Tom to move the van?")
    assert not story_reading._words()["ask_person"].search("Can you ask the model which doors are on EG?")
    assert story_reading._words()["uncertain"].search("or was it Level 2? not sure")
