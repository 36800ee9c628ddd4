"""Round 23, a DOCUMENT with one ask inside (bench/spatial/doc23_cases.py, src/ifcqa/spatial/document_layout.py).

A chat export whose ask points at the speaker's own line, a delimited paste whose ask points at a row, numbered or
lettered items whose ask points at an item by its key, an item series whose other items are requests of their own.
Each positive form has a variant that must still decline (two candidates, a record that restricts, a place the model
lacks). No message below is one of the bench's; answers are checked against the IFC file read with plain
IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA, document_layout

DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model)."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if not storeys or storey_of(e) in storeys}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any]) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]


def _noted(answer: dict[str, Any], text: str) -> None:
    assert any(text in n for n in answer["plan"]["notes"]), answer["plan"]["notes"]


def test_a_chat_ask_bound_to_the_speakers_own_line(qa: Callable[[str], SpatialQA], on: Any) -> None:
    chat = ("[07:50] {a}: {first} in the morning, the {second} after the break\n[07:52] olaf: fine, van is here\n"
            "[07:55] {a}: how many walls are on the floor I'm doing in the morning? paint is 30 EUR a bucket")
    answer = qa(HOM).ask(chat.format(a="sina", first="attic", second="GroundFloor"))
    walls = on(HOM, "IfcWall", "attic")
    assert _guids(answer) == walls != set() and walls != on(HOM, "IfcWall"), answer["answer"]
    _noted(answer, "read as a document of records")
    _noted(answer, "context set aside")
    # another speaker's line is not 'the floor I'm doing': the asker said no floor of her own
    other = ("[07:50] olaf: attic in the morning, the GroundFloor after the break\n[07:52] sina: fine\n"
             "[07:55] sina: how many walls are on the floor I'm doing in the morning?")
    _declined(qa(HOM).ask(other))
    # 'that floor' after two speakers' floors: two candidates
    _declined(qa(HOM).ask("[08:00] sina: I take the attic\n[08:01] olaf: I take the 1stFloor\n"
                          "[08:02] sina: how many walls are on that floor?"))


def test_a_row_of_a_delimited_paste(qa: Callable[[str], SpatialQA], on: Any) -> None:
    paste = "Plan\nNo;Level;Crew\n1;Level 1;Ana\n2;Level 2;Ben\nHow many doors are on the level in row {n}?"
    for n, level in (("1", "Level 1"), ("2", "Level 2")):
        answer = qa(DUPLEX).ask(paste.format(n=n))
        doors = on(DUPLEX, "IfcDoor", level)
        assert _guids(answer) == doors != set(), answer["answer"]
        _noted(answer, f"bound to {level}")
    _declined(qa(DUPLEX).ask(paste.format(n="3")))  # no row 3
    # a row naming two levels for 'the level': declines by name
    two = "No;Level;Crew\n1;Level 1 and Level 2;Ana\n2;Roof;Ben\nHow many doors are on the level in row 1?"
    assert isinstance(document_layout.verdict(qa(DUPLEX).parser, two), str)
    _declined(qa(DUPLEX).ask(two))


def test_a_keyed_item_and_the_table_of_two(qa: Callable[[str], SpatialQA], on: Any) -> None:
    items = ("TOP 1 Treppe: Geländer fehlt\nTOP 2 Fenster: neue Griffe im {s}\n"
             "TOP 3 Frage: wie viele Fenster hat das Geschoss aus TOP 2?")
    answer = qa(FZK).ask(items.format(s="Dachgeschoss"))
    windows = on(FZK, "IfcWindow", "Dachgeschoss")
    assert _guids(answer) == windows != set() and windows != on(FZK, "IfcWindow"), answer["answer"]
    _declined(qa(FZK).ask(items.format(s="Keller")))  # a storey the model lacks
    table = ("Storey | Doors | Crew\nGroundFloor | ? | A\n1stFloor | ? | B\n"
             "Which of the two storeys in the table has more doors?")
    answer = qa(HOM).ask(table)
    assert answer["declined"] is None and "GroundFloor" in answer["answer"].split(" has")[0], answer["answer"]


def test_a_restricting_record_keeps_the_message_declined(qa: Callable[[str], SpatialQA]) -> None:
    # the ask points back ('sind das') at an item that restricts by what the model does not record
    _declined(qa(FZK).ask("a) Fenster im Erdgeschoss putzen\nb) nur die mit Gardinen\nc) Frage ans Modell: wie "
                          "viele Fenster sind das im Erdgeschoss?"))
    # an item of the series naming the asked things restricts them
    _declined(qa(FZK).ask("Protokoll\nTOP 1 Türen: nur die Außentüren bekommen Schlösser\nTOP 2 Frage: wie viele "
                          "Türen hat das Erdgeschoss?"))


def test_another_item_of_the_series_is_its_own_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    sheet = ("Exercise sheet 7\nExercise 1: open the model (done)\nExercise 2: how many walls does the 1stFloor "
             "have?\nExercise 3: sketch the roof by hand, not on the computer")
    answer = qa(HOM).ask(sheet)
    walls = on(HOM, "IfcWall", "1stFloor")
    assert _guids(answer) == walls != set(), answer["answer"]
    # the same sheet with the other item about the asked walls: it may restrict them
    _declined(qa(HOM).ask(sheet.replace("sketch the roof by hand", "only the outer walls count")))


def test_no_document_no_reading(qa: Callable[[str], SpatialQA]) -> None:
    parser = qa(HOM).parser
    assert document_layout.read(parser, "how many doors are on the GroundFloor?") is None
    assert document_layout.read(parser, "Hi,\nhow many doors are on the GroundFloor?\nThanks") is None  # prose
    reading = document_layout.read(parser, "1. buy paint\n2. call Jo\n3. how many doors are on the attic?")
    assert reading is not None and reading.text == "how many doors are on the attic?", reading


def test_the_switch(qa: Callable[[str], SpatialQA], monkeypatch: pytest.MonkeyPatch) -> None:
    chat = "<ida> I do the 1stFloor today\n<bo> ok\n<ida> how many doors are on the floor I do today?"
    assert len(_guids(qa(HOM).ask(chat))) == 4
    monkeypatch.setattr(document_layout, "ENABLED", False)
    _declined(SpatialQA(qa(HOM).index, use_graph=False, embedder=None).ask(chat))
