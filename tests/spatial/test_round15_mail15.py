"""Round 15, more mails and tickets (bench/spatial/mail_more.py, src/ifcqa/spatial/mail_context.py).

A header line holding a place field among other fields keeps the place field and blanks the others; a place field
the model does not name declines even when the request names its own storey; another storey named in a sentence of
its own is context when the request names its own storey and subject (a second request said as a statement, or a
clause fused to the request by a colon, is not); the questions of earlier mails in a chain, a "PS:" label and an
out-of-office text are layout. Every mail below is none of the bench's; answers are checked against the IFC file
read with plain IfcOpenShell (``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.mail_layout import blank

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "mail_more.py"
DEV = REPO / "bench" / "spatial" / "mail_more_cases.json"
HELD = REPO / "bench" / "spatial" / "mail_more_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[[str, str, str], set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey``, plain IfcOpenShell."""
    def get(name: str, storey: str, cls: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str | None = None) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    if word is not None:
        assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


# --- the layout, read alone ------------------------------------------------------------------------------------

def test_a_header_line_keeps_its_place_field_and_blanks_the_others() -> None:
    mail = "Vorgang 2231 | Ort: Level 2 | Status: neu\nWhich doors are there?"
    text, said = blank(mail)
    assert len(text) == len(mail)
    assert text.split() == ["Ort:", "Level", "2", "Which", "doors", "are", "there?"], text
    assert "'Status: neu'" in said and "'Vorgang 2231'" in said
    # a ticket's title line with a spaced dash stays whole for round 13 ("Ticket #4411 - Location: ... - Issue: ...")
    title = "Ticket #4411 - Location: Level 1 - Issue: door inspection\nHow many doors are on that floor?"
    assert blank(title)[0].split()[:2] == ["Ticket", "#4411"]


def test_earlier_questions_ps_and_out_of_office_are_layout() -> None:
    chain = ("Fwd: Re: check\n\nHow many doors are on Level 1?\n\n-----Original Message-----\nFrom: Karl\n"
             "When is it due?")
    text, _ = blank(chain)
    assert "When is it due" not in text and "How many doors are on Level 1?" in text
    # a request below the forward header (nothing asked above it) stays
    fwd = ("FW: tenant\n\nSee below, can you help?\n\n-----Original Message-----\nFrom: Tenant\n\n"
           "Which doors are on Level 1?")
    text, _ = blank(fwd)
    assert "Which doors are on Level 1?" in text and "See below" not in text
    text, said = blank("Which walls are on Level 2?\nCheers\nTom\n\nPS: the printer is jammed again.")
    assert text.split() == ["Which", "walls", "are", "on", "Level", "2?", "the", "printer", "is", "jammed", "again."]
    assert "'PS:'" in said
    text, _ = blank("How many windows are on Level 1?\n\nI'm on holiday until the 14th, Sara covers for me.\nBest, Ole")
    assert text.split() == ["How", "many", "windows", "are", "on", "Level", "1?"], text
    # a restriction is never whereabouts
    assert "only" in blank("Which doors?\nI'm in the office only on Level 2 today.")[0]


# --- answers, checked against the file -------------------------------------------------------------------------

def test_a_place_field_among_ticket_fields_narrows_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("Vorgang 2231 | Ort: Level 2 | Status: neu\nWhich doors are there?")
    assert answer["declined"] is None and _guids(answer) == doors != set(), answer["answer"][:200]


def test_a_place_field_the_model_does_not_name_declines(qa: Callable[[str], SpatialQA]) -> None:
    # the request names its own storey: before round 15 the field was set aside and Level 1's windows listed
    _declined(qa(DUPLEX).ask("Case 310 | Location: Building D | Status: open\nHow many windows are on Level 1?"),
              "Building")
    _declined(qa(DUPLEX).ask("Standort: Bauteil B, Westflügel\nWhich doors are on Level 2?"))


def test_another_storey_in_a_sentence_of_its_own_is_context(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "Level 1", "IfcDoor")
    answer = qa(DUPLEX).ask("The electricians finished Level 2 yesterday. Which doors are on Level 1?")
    assert answer["declined"] is None and _guids(answer) == doors != set(), answer["answer"][:200]
    # a second request said as a statement names its own things: two questions, declined (never the first alone)
    _declined(qa(DUPLEX).ask("Which doors are on Level 1? Plus I'd need the windows on Level 2."))
    # a clause fused to the request by a colon stays (round 8)
    _declined(qa(DUPLEX).ask("Before the survey of Level 2: which doors are on Level 1?"))


def test_a_chain_ps_and_out_of_office_around_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "Level 1", "IfcDoor")
    answer = qa(DUPLEX).ask("Fwd: Re: check\n\nHow many doors are on Level 1?\n\n-----Original Message-----\n"
                            "From: Karl\nWhen is the painter coming?")
    assert answer["count"] == len(doors) > 0 and _guids(answer) == doors, answer["answer"][:200]
    walls = on(DUPLEX, "Level 2", "IfcWall")
    answer = qa(DUPLEX).ask("Hi,\nwhich walls are on Level 2?\nCheers\nTom\n\nPS: the printer is jammed again.")
    assert answer["declined"] is None and _guids(answer) == walls != set(), answer["answer"][:200]
    windows = on(DUPLEX, "Level 1", "IfcWindow")
    answer = qa(DUPLEX).ask("How many windows are on Level 1?\n\nI'm on holiday until the 14th, Sara covers for me.\n"
                            "Best, Ole")
    assert answer["count"] == len(windows) > 0, answer["answer"][:200]


# --- the bench: the committed cases ----------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from mail_more.py: run `python bench/spatial/mail_more.py`")
