"""Round 14, requests inside e-mails and FM tickets (bench/spatial/mail_forms.py, src/ifcqa/spatial/mail_layout.py).

A whole mail or ticket around one request: header fields, quote markers, signatures, device lines and the name
block are layout (blanked); a place field ("Location: Level 2") narrows the request; a sentence of a request's form
saying what is planned is context; a leading reference ("following our call, ...") is split off. Every mail below
is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
(``plain_walks.storey_of``); context the model cannot ground, or a second request, declines.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.mail_layout import blank, plans_only
from ifcqa.spatial.message_sentences import units

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "mail_forms.py"
DEV = REPO / "bench" / "spatial" / "mail_cases.json"
HELD = REPO / "bench" / "spatial" / "mail_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on ``storey``, plain IfcOpenShell; ``where`` filters."""
    def get(name: str, storey: str, cls: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey and (where is None or where(e))}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str | None = None) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    if word is not None:
        assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


# --- the layout, read alone ------------------------------------------------------------------------------------

def test_ticket_fields_are_blanked_and_a_place_field_stays() -> None:
    mail = "Ticket #88 | Priority: low\nLocation: Level 2\nStatus: new\nDetails: which doors?"
    text, said = blank(mail)
    assert len(text) == len(mail) and text.count("\n") == 3
    assert text.split() == ["Location:", "Level", "2", "which", "doors?"], text
    assert "'Priority: low'" in said and "'Details:'" in said


def test_quote_marks_go_the_quoted_sentence_stays() -> None:
    mail = "And the windows?\n\nOn Mon, 2 Mar 2026, Kim wrote:\n> we only care about the external ones\n> Kim"
    text, _ = blank(mail)
    assert "wrote" not in text and ">" not in text
    assert "we only care about the external ones" in text  # a quoted restriction is still read


def test_signature_device_and_name_block_are_blanked() -> None:
    mail = ("Hi,\nhow many doors are on Level 1?\nKind regards,\nJo Weber\nEstates Team\n+44 20 7946 0958\n\n"
            "Sent from my iPhone")
    text, _ = blank(mail)
    assert text.split() == ["Hi,", "how", "many", "doors", "are", "on", "Level", "1?"], text


def test_a_name_block_with_a_restriction_is_no_signature() -> None:
    text, _ = blank("Which doors are on Level 1?\nThanks,\nonly the external ones please\nJo")
    assert "only the external ones" in text


def test_a_single_line_question_is_left_alone() -> None:
    assert blank("Which doors are on Level 1?") == ("Which doors are on Level 1?", [])


@pytest.mark.parametrize(("said", "planned"), [
    ("We want to repaint the stairwell in May.", True),
    ("I'd like to get the roofer in before winter.", True),
    ("Wir möchten im Herbst die Heizung tauschen lassen.", True),
    ("We need to hand back the keys on Friday.", True),
    ("I'd like to get a list of the doors on Level 1.", False),
    ("We need to know which doors are on Level 1.", False),
    ("Ich möchte eine Liste der Fenster im EG.", False),
    ("Wir möchten wissen, wie viele Fenster es gibt.", False),
    ("We want to repaint which doors?", False),
])
def test_a_plan_of_request_form_is_context(said: str, planned: bool) -> None:
    assert plans_only(said) is planned


def test_a_leading_reference_is_split_off() -> None:
    found = units("Dear Ms Hale,\nfurther to my mail of Monday, which doors are on Level 1?")
    assert [(u.text.strip(), u.role) for u in found][-2:] == [
        ("further to my mail of Monday,", "context"), ("which doors are on Level 1?", "request")]


# --- whole mails, answered against the IFC file ---------------------------------------------------------------

def test_a_ticket_with_its_header_and_signature_is_answered(qa: Callable[[str], SpatialQA], on: Any) -> None:
    mail = ("Ticket #3120 | Prio: high | Status: open | Reporter: K. Brandt\n"
            "Description: the handover walk is on Friday.\nWhich doors are on Level 2?\n\nRegards,\nKarin Brandt\n"
            "Facilities Team\nTel. 0151 2233445")
    answer = qa(DUPLEX).ask(mail)
    assert _guids(answer) == on(DUPLEX, "Level 2", "IfcDoor") != set(), answer["answer"]


def test_a_location_field_narrows_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    doors = on(DUPLEX, "Level 1", "IfcDoor")
    assert doors and doors != on(DUPLEX, "Level 1", "IfcDoor") | on(DUPLEX, "Level 2", "IfcDoor")
    answer = qa(DUPLEX).ask("Job 5561\nLocation: Level 1\nStatus: new\nWhich doors are there?")
    assert _guids(answer) == doors, answer["answer"]


def test_a_location_the_model_does_not_name_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("Ticket #77 | Location: east wing | Prio: low\nHow many doors are there?"))


def test_a_plan_and_a_lead_reference_around_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    mail = ("Hi Sam,\nwe want to replace the carpets in the offices next spring.\n"
            "Following our call yesterday, how many windows are on Level 2?\nCheers,\nDana")
    answer = qa(DUPLEX).ask(mail)
    assert answer["count"] == len(on(DUPLEX, "Level 2", "IfcWindow")), answer["answer"]


def test_a_quoted_mail_below_the_request(qa: Callable[[str], SpatialQA], on: Any) -> None:
    walls = on(INST, "Erdgeschoss", "IfcWall", lambda e: ue.get_pset(e, "Pset_WallCommon", "IsExternal") is True)
    mail = ("Thanks! Which external walls are on the Erdgeschoss?\n\nOn Wed, 4 Mar 2026 at 11:02, Ulf wrote:\n"
            "> the scaffolders arrive next week.\n> Ulf")
    answer = qa(INST).ask(mail)
    assert walls and _guids(answer) == walls, answer["answer"]


def test_a_quoted_restriction_the_model_cannot_ground_declines(qa: Callable[[str], SpatialQA]) -> None:
    mail = "Which doors are on Level 1?\n\nOn Mon, Kim wrote:\n> only the ones the painters missed"
    _declined(qa(DUPLEX).ask(mail))


def test_two_requests_in_one_mail_decline(qa: Callable[[str], SpatialQA]) -> None:
    mail = "Hi,\nwhich doors are on Level 1?\nAlso, how many windows are on Level 2?\nThanks\n\nSent from my iPhone"
    _declined(qa(DUPLEX).ask(mail))


# --- the bench: the committed cases ----------------------------------------------------------------------------

def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from mail_forms.py: run `python bench/spatial/mail_forms.py`")


def test_a_ticket_description_narrowing_the_class_declines(qa: Callable[[str], SpatialQA]) -> None:
    mail = ("Ticket #3121 | Prio: high\nDescription: annual check of the fire doors.\nWhich doors are on Level 2?\n"
            "Regards,\nKarin")
    _declined(qa(DUPLEX).ask(mail), "fire")
