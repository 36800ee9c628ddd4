"""Round 21, a message read so that only its request decides (src/ifcqa/spatial/request_decides.py,
bench/spatial/msg21_cases.py).

A price, a date or a side clause in another unit of the message neither refuses nor relates; a task item ("ACTION
Ina: ..."), an item pointed at ("Could you do point 1?"), a chooser over a "whichever" unit, a correction after a
dash and a parenthetical that contrasts are read as the request says them. Each positive form has a variant that
must still decline: the request itself asks a price, the item pointed at does not exist, two tasks, a unit that
restricts with words the model cannot ground, a pointer with two candidates, a correction that is not a storey.
No message below is one of the bench's; answers are checked against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import ask as ask_pipeline
from plain_walks import guids, open_cached, storey_of

from ifcqa.spatial import request_decides
from ifcqa.spatial.pipeline import SpatialQA

LB = "LargeBuilding.ifc"
HOM = "ExampleHOM.ifc"
EDC = "KIT-EDC_with_SB.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys``."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) in storeys}
    return get


def ask(index_of: Any, name: str, question: str) -> dict[str, Any]:
    """The pipeline's answer, and when it declines, the answer to the message as its request reads it (what
    ``SpatialQA._compute`` does with ``request_decides.ENABLED``)."""
    first = ask_pipeline(index_of, name, question)
    if first["declined"] is None:
        return first
    qa = SpatialQA(index_of(name), use_graph=False, embedder=None)
    reading = request_decides.read(qa.parser, question)
    if reading is None:
        return first
    again = qa.ask(reading.text)
    if again["declined"] is not None:
        return first
    again["plan"]["notes"].extend(reading.notes())
    return again


def _declined(answer: dict[str, Any]) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]


def test_a_price_beside_the_request_does_not_refuse(index_of: Any, on: Any) -> None:
    a = ask(index_of, LB, "Notes\n- the glazier charges 9 EUR per pane\n- how many windows are on Level 2?")
    assert a["declined"] is None and guids(a) == on(LB, "IfcWindow", "Level 2"), a["answer"]
    # the request itself asks the price: refused
    _declined(ask(index_of, LB, "Notes\n- the glazier charges 9 EUR per pane\n- how much does the glass for the "
                                "Level 2 windows cost?"))


def test_a_task_item_is_the_request(index_of: Any, on: Any) -> None:
    a = ask(index_of, HOM, "Minutes\n- facade cleaning next Tuesday\n- ACTION Ina: count the doors on the "
                           "GroundFloor\n- next meeting Friday")
    assert a["count"] == len(on(HOM, "IfcDoor", "GroundFloor")) == 7, a["answer"]
    # a unit that restricts the asked doors with words the model cannot ground is part of the question
    _declined(ask(index_of, HOM, "Minutes\n- only the doors Tom marked in red get new locks\n- ACTION Ina: count "
                                 "the doors on the GroundFloor"))
    # two tasks: which one is asked is not said
    _declined(ask(index_of, HOM, "Minutes\n- ACTION Ina: count the doors on the GroundFloor\n- ACTION Tom: count "
                                 "the windows on the attic"))


def test_a_request_pointing_at_an_item(index_of: Any, on: Any) -> None:
    a = ask(index_of, HOM, "Open items\n1. windows on the 1stFloor: how many?\n2. paint: later\nCould you do "
                           "point 1?")
    assert a["count"] == len(on(HOM, "IfcWindow", "1stFloor")), a["answer"]
    _declined(ask(index_of, HOM, "Open items\n1. windows on the 1stFloor: how many?\n2. paint: later\nCould you "
                                 "do point 3?"))


def test_a_contrasting_parenthetical_is_no_candidate(index_of: Any, on: Any) -> None:
    a = ask(index_of, LB, "Ana: the new film goes on Level 1 only (Level 2 has blinds already)\nBen: ok\n"
                          "Ana: how many windows are on that level?")
    assert a["count"] == len(on(LB, "IfcWindow", "Level 1")), a["answer"]
    _declined(ask(index_of, LB, "Ana: the new film goes on Level 1 and Level 2\nBen: ok\nAna: how many windows "
                                "are on that level?"))
    # stated_scope: "both of those floors" over the storeys said plainly, the parenthetical one set aside
    b = ask(index_of, EDC, "Mia: new seals for EG and 1.OG (2.OG is done by the landlord)\nMia: how many windows "
                           "is that on both of those floors?")
    assert guids(b) == on(EDC, "IfcWindow", "EG", "1.OG"), b["answer"]
    said = "covers EG and 2.OG (1.OG is rented out)"
    at = [said.index(x) for x in ("EG", "2.OG", "1.OG")]
    assert request_decides.in_contrast(said, at[2], at) and not request_decides.in_contrast(said, at[1], at)
    said = "covers EG (and 1.OG)"
    at = [said.index(x) for x in ("EG", "1.OG")]
    assert not request_decides.in_contrast(said, at[1], at)


def test_a_chooser_over_a_whichever_unit(index_of: Any, shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / HOM))
    area = {s.Name: ue.get_pset(s, "Qto_SpaceBaseQuantities", "NetFloorArea") for s in f.by_type("IfcSpace")}
    bigger = max(("Bedroom6", "Children10"), key=lambda n: area[n])
    a = ask(index_of, HOM, "Lisa: the new carpet goes in Bedroom6 or Children10\nLisa: whichever is bigger\n"
                           "Lisa: which one is that?")
    assert a["declined"] is None and a["answer"].casefold().startswith(f"'{bigger.casefold()}' is bigger"), \
        a["answer"]
    # no "whichever" said: the pointer has nothing to choose by
    _declined(ask(index_of, HOM, "Lisa: the new carpet goes in Bedroom6 or Children10\nLisa: which one is that?"))


def test_a_correction_after_a_dash(index_of: Any, on: Any) -> None:
    a = ask(index_of, HOM, "Hi,\nWhich doors are on the GroundFloor - no wait, the 1stFloor I mean?")
    assert guids(a) == on(HOM, "IfcDoor", "1stFloor"), a["answer"]
    _declined(ask(index_of, HOM, "Hi,\nWhich doors are on the GroundFloor - no wait, the broken ones?"))


def test_a_gap_filled_by_the_request(index_of: Any, shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / LB))
    trees = {storey_of(e) for e in f.by_type("IfcBuildingElementProxy") if "Tree" in (e.Name or "")}
    a = ask(index_of, LB, "Draft to the gardener:\nThe trees are on ... (which level? please fill in from the "
                          "model)")
    assert a["declined"] is None and trees == {"Level 1"} and "Level 1" in a["answer"], a["answer"]
    assert not any(s in a["answer"] for s in ("Level 2",)), a["answer"]


def test_a_request_naming_nothing_is_left_to_the_rules(index_of: Any) -> None:
    _declined(ask(index_of, LB, "Owners' meeting: the windows are old.\nThe owners want to know what new glass "
                                "would cost.\nCan the model tell us?"))


def test_units_that_restrict_are_kept_whatever_they_name(index_of: Any) -> None:
    """What the all-sets gate caught: a unit restricting with words the model cannot ground is never set aside."""
    _declined(ask(index_of, HOM, "Tom: only the ones the movers marked\nTom: @assistant how many doors are on the "
                                 "GroundFloor?"))
    _declined(ask(index_of, HOM, "Ana: if the movers come, leave out the heavy doors\nBen: @assistant how many "
                                 "doors are on the GroundFloor?"))
    _declined(ask(index_of, HOM, "Scope: GroundFloor | Details: every door with a broken hinge gets fixed | "
                                 "Question: which doors on that level are those?"))
    assert request_decides.ENABLED is True  # (on since the merge's score_many --compare showed 0 new broadenings)
    _declined(ask(index_of, HOM, "Hi,\nwe only need the ones in the tenant's area.\nHow many doors are on the "
                                 "GroundFloor?"))  # a refused word inside a restricting unit is never blanked
