"""Round 24, context that must not be read as the question (bench/spatial/ctx24_cases.py;
src/ifcqa/spatial/refusal_scope.py, src/ifcqa/spatial/text_deixis.py).

A price said of another thing beside the ask refuses nothing (the ask decides whether a price is asked); "above" /
"below" said of the text ("the floor mentioned above", "das oben genannte Geschoss", "(see the mail below)") is a
pointer into the message or talk, never a vertical relation. Each positive has a variant that must still decline
(two candidates, a storey the model lacks, a price asked, a real vertical relation). No message below is one of the
bench's; answers are checked against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA, refusal_scope, text_deixis
from ifcqa.spatial.vocabulary import REFUSALS

HOM = "ExampleHOM.ifc"
FZK = "AC20-FZK-Haus.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model)."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if not storeys or storey_of(e) in storeys}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], *said: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    for s in said:
        assert s in answer["answer"], answer["answer"]


def _noted(answer: dict[str, Any], text: str) -> None:
    assert any(text in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]


def test_the_floor_mentioned_above_points_into_the_message(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(HOM).ask("Snag list for the 1stFloor\nHow many doors are on the floor mentioned above?")
    doors = on(HOM, "IfcDoor", "1stFloor")
    assert _guids(answer) == doors != set() and doors != on(HOM, "IfcDoor"), answer["answer"]
    assert answer["count"] == len(doors)
    _noted(answer, "points into the message")
    # the same pointer with two storeys above it, or with a storey the model lacks, declines naming why
    _declined(qa(HOM).ask("Snag list for the 1stFloor and the attic\nHow many doors are on the floor mentioned "
                          "above?"), "1stFloor", "attic")
    _declined(qa(HOM).ask("Snag list for the cellar\nHow many doors are on the floor mentioned above?"), "cellar")


def test_das_oben_genannte_geschoss_is_the_one_the_note_names(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(FZK).ask("Notiz: Dachgeschoss\nWie viele Fenster hat das oben genannte Geschoss?")
    windows = on(FZK, "IfcWindow", "Dachgeschoss")
    assert _guids(answer) == windows != set() and windows != on(FZK, "IfcWindow"), answer["answer"]
    _declined(qa(FZK).ask("Notiz: Dachgeschoss und Erdgeschoss\nWie viele Fenster hat das oben genannte Geschoss?"),
              "Dachgeschoss", "Erdgeschoss")


def test_see_the_mail_below_is_talk_but_the_room_above_stays_a_relation(qa: Callable[[str], SpatialQA],
                                                                        on: Any) -> None:
    answer = qa(HOM).ask("Re: doors (see the mail below)\nHow many doors are on the 1stFloor?")
    assert _guids(answer) == on(HOM, "IfcDoor", "1stFloor") != set(), answer["answer"]
    # no word of a text beside it: 'above' is said of the building, a relation the model does not record
    _declined(qa(HOM).ask("Which windows does the room above Kitchen5 have?"), "above")


def test_text_deixis_rewrites_keep_every_position() -> None:
    for message in ("How many doors are on the floor mentioned above?", "(siehe oben) Wie viele Türen?",
                    "Wie viele Fenster hat das oben genannte Geschoss?", "what is the volume of the room above?"):
        out, _ = text_deixis.read(message)
        assert len(out) == len(message)
    assert text_deixis.read("what is the volume of the room above?") == ("what is the volume of the room above?", [])


def test_a_price_said_beside_the_ask_refuses_nothing_a_price_asked_does(qa: Callable[[str], SpatialQA],
                                                                        on: Any) -> None:
    cost = REFUSALS["cost"][0]
    assert refusal_scope.said_only_beside("Closers: 35 EUR each, cheaper than last year.\nHow many doors?", cost)
    assert refusal_scope.said_only_beside("How many doors are there? (the budget is 300 EUR, separate topic)", cost)
    assert not refusal_scope.said_only_beside("How much do the doors cost? The closers are 35 EUR each.", cost)
    assert not refusal_scope.said_only_beside("Total cost of the doors on Level 2. How many are there?", cost)
    assert not refusal_scope.said_only_beside("Please get me the prices. The doors are on Level 2.", cost)
    assert not refusal_scope.said_only_beside("Closers are 35 EUR each.", cost)  # nothing else asks: read whole
    answer = qa(HOM).ask("Closers: 35 EUR each, cheaper than last year.\nHow many doors are on the GroundFloor?")
    assert _guids(answer) == on(HOM, "IfcDoor", "GroundFloor") != set(), answer["answer"]
    _declined(qa(HOM).ask("How much do the doors on the GroundFloor cost? The closers are 35 EUR each."),
              "costs and prices")


def test_a_stated_scope_beside_a_price_is_read_without_looping(qa: Callable[[str], SpatialQA], on: Any) -> None:
    """A message no longer refused for its price reaches stated_scope, whose part-parses once re-read the same
    statement endlessly (RecursionError); now each text is read once."""
    answer = qa(WP).ask("Auftrag: Pumpentausch, Stundensatz 70 €.\nUmfang: alle Pumpen der Anlage, die Ventile macht "
                        "jemand anderes.\nFrage: wie viele Pumpen sind das insgesamt?")
    pumps = on(WP, "IfcPump")
    assert answer["declined"] is not None or _guids(answer) == pumps, answer["answer"]
    assert not (_guids(answer) & on(WP, "IfcValve")), answer["answer"]
