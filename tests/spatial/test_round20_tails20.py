"""Round 20, units of a message that only report, explain or talk to someone else (src/ifcqa/spatial/message_units.py,
bench/spatial/tails20_cases.py).

A reason after a dash or a comma, a chat line to another person, an FM ticket's background fields, a mail's side
request to a colleague and its signature name nothing the model holds: the request is answered without them, and
the plan's notes say what was set aside. Each positive form has a variant whose unit really restricts (a restricting
word, a condition, a pointer from the request into a line addressed to someone else, a class word the request does
not ask), which still declines. No message below is one of the benches'; answers are checked against the IFC file
read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA, message_units

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "tails20_cases.py"
DEV = REPO / "bench" / "spatial" / "tails20_cases.json"
HELD = REPO / "bench" / "spatial" / "tails20_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"


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


def _noted(answer: dict[str, Any], said: str) -> None:
    assert any(said in n for n in answer["plan"]["notes"] if "set aside" in n), answer["plan"]["notes"]


def test_units_of_a_message() -> None:
    never: Callable[[str], bool] = lambda _: False  # noqa: E731
    found = message_units.units("[10:01] Ines: @Karl did you ring the glazier?\n[10:02] Karl: not yet\n"
                                "[10:02] Ines: @assistant which windows are on EG?", never)
    roles = [(u.role, u.text.strip()) for u in found]
    assert ("addressed", "@Karl did you ring the glazier?") in roles  # a line to another person, whole
    assert ("addressed", "not yet") in roles  # Karl's reply in that exchange
    assert ("request", "which windows are on EG?") in roles
    ticket = message_units.units("Case 77 | Priority: high | Background: the auditor calls tomorrow | "
                                 "Question: how many doors on EG?", never)
    assert [(u.role, u.label) for u in ticket if u.text.strip() == "the auditor calls tomorrow"] == [
        ("context", "background")]
    # a lead word before a comma is no person addressed: the second request stays a request
    assert [u.role for u in message_units.units("Which doors are on EG?\nAlso, please list the windows on 1.OG.",
                                                never) if "windows" in u.text] == ["request"]
    assert [u.role for u in message_units.units("Which doors are on EG?\n(Ute, please book the van.)", never)
            if "van" in u.text] == ["addressed"]
    tail = message_units.units("Please list the walls on EG, the surveyor arrives at noon.", never)
    assert [u.role for u in tail if "surveyor" in u.text] == ["context"]
    # a participle or a relative after a comma says which ones: never cut off as talk
    assert not any(u.role == "context" for u in message_units.units("Please list the walls on EG, painted white.",
                                                                    never))
    assert not any(u.role == "context" for u in message_units.units("List the windows on EG, which face north.",
                                                                    never))
    assert not any(u.role == "context" for u in message_units.units(
        "Welche Türen sind im EG, die Frau Roth gestrichen hat?", never))  # a German relative: the verb last


def test_a_reason_after_the_request_names_nothing(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(KIT).ask("Which windows are on 2.OG - the glazier keeps phoning me since Tuesday")
    assert _guids(answer) == on(KIT, "IfcWindow", "2.OG") != set(), answer["answer"]
    _noted(answer, "glazier")
    answer = qa(INSTITUTE).ask("How many doors are on Erdgeschoss, the caterers want it for Friday?")
    assert answer["count"] == len(on(INSTITUTE, "IfcDoor", "Erdgeschoss")) > 0, answer["answer"]
    answer = qa(FZK).ask("Bitte die Anzahl Fenster im Dachgeschoss nennen, der Gutachter braucht es heute.")
    assert answer["count"] == len(on(FZK, "IfcWindow", "Dachgeschoss")) > 0, answer["answer"]
    # the same forms restricting: a restricting word, a condition, a class the request does not ask
    _declined(qa(KIT).ask("Which windows are on 2.OG - only the ones the glazier flagged"))
    _declined(qa(KIT).ask("Which windows are on 2.OG? If the glazier is late, skip the cracked ones."))
    _declined(qa(KIT).ask("Olga: the glazier replaced a few\nPiet: which windows are on 2.OG, just those?"))
    _declined(qa(FZK).ask("Welche Fenster sind im Dachgeschoss, die Frau Roth geputzt hat?"))
    _declined(qa(INSTITUTE).ask("How many doors are on Erdgeschoss, the caterers want the walls too?"))


def test_chat_lines_to_other_people(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(DUPLEX).ask("[08:40] Vera: the scaffolders arrive at nine\n[08:41] Olaf: @Vera can you ring the "
                            "crane company?\n[08:41] Olaf: @assistant how many walls are on Level 2?")
    assert answer["count"] == len(on(DUPLEX, "IfcWall", "Level 2")) > 0, answer["answer"]
    _noted(answer, "crane company")
    # the request points into the line addressed to someone else: that line says which ones, so it declines
    _declined(qa(DUPLEX).ask("Vera: @Olaf the scaffolders only need the mossy walls\nOlaf: @assistant how many of "
                             "those are on Level 2?"))


def test_ticket_fields_and_mail_talk(qa: Callable[[str], SpatialQA], on: Any) -> None:
    answer = qa(HOM).ask("Case 310 | Priority: normal | Requester: Jo (caretaker) | Background: the insurer "
                         "visits next month | Question: which doors are on GroundFloor?")
    assert _guids(answer) == on(HOM, "IfcDoor", "GroundFloor") != set(), answer["answer"]
    answer = qa(INSTITUTE).ask("Good afternoon,\n\nhow many windows are on Keller? The surveyor asked twice.\n\n"
                               "(Ute - please send me the parking permit separately.)\n\nRegards, Nils (HR)")
    assert answer["count"] == len(on(INSTITUTE, "IfcWindow", "Keller")) > 0, answer["answer"]
    _noted(answer, "parking permit")
    # a background field that restricts the asked things, and a storey the model lacks, still decline
    _declined(qa(HOM).ask("Case 310 | Background: the insurer only checks the oak doors | Question: which doors "
                          "are on GroundFloor?"))
    _declined(qa(HOM).ask("Case 310 | Background: the insurer visits next month | Question: which doors are on "
                          "Level 12?"))


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from tails20_cases.py: run `python bench/spatial/tails20_cases.py`")
