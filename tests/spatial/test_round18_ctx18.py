"""Round 18, context words inside the request's own sentence (bench/spatial/clause_forms.py,
src/ifcqa/spatial/context_clauses.py).

A purpose, plan or reason clause inside the request's sentence ("so I can order ...", "before I repaint ...",
"damit ...", "um ... zu"), a sentence of everyday words around it ("One blind per window.") and a cost or write word
of that context are set aside when they ground nothing the request does not name; a request that asks a price or a
date is still refused; a clause that restricts, or names a storey or class the request does not ask about, declines.
Every message below is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
(``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.context_clauses import clauses

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "clause_forms.py"
DEV = REPO / "bench" / "spatial" / "clause_cases.json"
HELD = REPO / "bench" / "spatial" / "clause_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
KIT = "KIT-EDC_with_SB.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` (with subtypes) storey-deep on any of ``storeys`` (none: the whole model)."""
    def get(name: str, cls: str, *storeys: str) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls) if not storeys or storey_of(e) in storeys}
    return get


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def test_clauses_are_found_by_form() -> None:
    def said(q: str) -> list[tuple[str, bool]]:
        return [(c.text.strip(" ,"), c.inner) for c in clauses(q)]

    assert said("which doors are on EG so that we can plan the cleaning?") == [
        ("so that we can plan the cleaning", True)]
    assert said("Before I replace them all, how many windows are on EG?") == [("Before I replace them all", True)]
    assert said("welche Türen sind im EG, damit ich bestellen kann?") == [("damit ich bestellen kann", True)]
    assert said("how many doors are on EG to order new seals?") == [("to order new seals", True)]
    assert said("I am ordering fly screens. How many windows? One per window.") == [
        ("I am ordering fly screens.", False), ("One per window.", False)]
    # "to" before a word that is no verb of what people do, and a comparison asked, are no clause
    assert said("how many doors lead to the kitchen?") == []
    assert said("how many doors are on EG to compare with 1.OG?") == []
    assert said("How many doors? Which windows?") == []  # two requests: nothing is judged here


def test_a_purpose_clause_in_the_request_sentence_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    expected = on(DUPLEX, "IfcDoor", "Level 1")
    for mail in ("can you list the doors on Level 1 so I can order spare hinges?",
                 "which doors are on Level 1, before I repaint the frames?",
                 "which doors are on Level 1, we want to book the locksmith.",
                 "In order to prepare the quote, which doors are on Level 1?",
                 "which doors are on Level 1, we're going to insulate them"):
        answer = qa(DUPLEX).ask(mail)
        assert expected and _guids(answer) == expected, (mail, answer["answer"])
    # main declined all four on the clause's words ('order', 'spare' ...)
    windows = on(FZK, "IfcWindow", "Erdgeschoss")
    answer = qa(FZK).ask("Wie viele Fenster sind im Erdgeschoss, damit ich die Rollos bestellen kann?")
    assert answer["count"] == len(windows) and _guids(answer) == windows, answer["answer"]


def test_a_title_s_name_and_a_german_infinitive_clause_are_context(qa: Callable[[str], SpatialQA], on: Any) -> None:
    windows = on(KIT, "IfcWindow", "1.OG")
    for mail in ("Welche Fenster sind im 1.OG, um die Reinigung anzubieten?",  # main: 'um', 'anzubieten'
                 "Dear Dr. Roth, which windows are on 1.OG? Thanks, a parent"):  # main: 'Roth'
        answer = qa(KIT).ask(mail)
        assert windows and _guids(answer) == windows, (mail, answer["answer"])


def test_a_write_or_cost_word_of_the_context_does_not_refuse_the_request(qa: Callable[[str], SpatialQA],
                                                                         on: Any) -> None:
    level2 = on(DUPLEX, "IfcDoor", "Level 2")
    answer = qa(DUPLEX).ask("before I replace them all, how many doors are on Level 2?")  # main: "asks to change"
    assert answer["count"] == len(level2) and _guids(answer) == level2, answer["answer"]
    answer = qa(DUPLEX).ask("pull the doors on Level 2 so I can price the testing")
    assert _guids(answer) == level2, answer["answer"]
    answer = qa(DUPLEX).ask("we are pricing blinds, so which level has more windows, 1 or 2?")  # main: "costs"
    l1, l2 = on(DUPLEX, "IfcWindow", "Level 1"), on(DUPLEX, "IfcWindow", "Level 2")
    assert len(l2) > len(l1) and answer["answer"].startswith("Level 2 has the most windows"), answer["answer"]


def test_a_request_asking_a_price_or_a_date_is_still_refused(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("what do the doors on Level 1 cost, so I can plan?"), "cost")
    _declined(qa(DUPLEX).ask("when are the windows on Level 2 installed, so we can book the painter?"), "schedules")
    _declined(qa(FZK).ask("Was kosten die Türen im Erdgeschoss, damit ich planen kann?"), "cost")


def test_a_context_sentence_of_everyday_words_is_set_aside(qa: Callable[[str], SpatialQA], on: Any) -> None:
    every = on(DUPLEX, "IfcWindow")
    for mail in ("how many windows does the house have? one blind per window",
                 "I am ordering fly screens. How many windows are there? One screen per window."):
        answer = qa(DUPLEX).ask(mail)
        assert answer["count"] == len(every) == 24 and _guids(answer) == every, (mail, answer["answer"])
    doors = on(FZK, "IfcDoor", "Dachgeschoss")
    answer = qa(FZK).ask("Ich bestelle Ersatzteile, eins pro Tür. Welche Türen sind im Dachgeschoss?")
    assert not doors and answer["declined"] is None and not answer["elements"], answer["answer"]


def test_a_clause_naming_what_the_request_does_not_ask_declines(qa: Callable[[str], SpatialQA]) -> None:
    # main answered the doors of Level 1 alone for each of these
    _declined(qa(DUPLEX).ask("which doors are on Level 1, so I can check the windows on Level 2 next week?"),
              "windows on Level 2")
    _declined(qa(KIT).ask("which doors are on EG, before I paint the walls on 2.OG?"), "2.OG")
    _declined(qa(FZK).ask("Wie viele Türen sind im Erdgeschoss, damit ich die Fenster im Dachgeschoss streichen "
                          "kann?"), "Dachgeschoss")
    _declined(qa(DUPLEX).ask("how many doors are on Level 1? I want to replace the windows too."), "windows")
    # a context naming a storey the request has none of: the request may mean it
    _declined(qa(DUPLEX).ask("How many doors are there? We are working on Level 2."), "working")
    # ... also one the model does not hold (main set it aside and counted the slabs of the whole model)
    _declined(qa(FZK).ask("We're checking the 4. Obergeschoss today. How many slabs are there? Need to order "
                          "sealant."), "storey this model does not have")


def test_a_clause_that_restricts_is_never_set_aside(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(DUPLEX).ask("which doors are on Level 1 so I can order handles for the broken ones?"), "broken")
    _declined(qa(DUPLEX).ask("which doors are on Level 1 except the broken ones, so I can order?"), "broken")
    answer = qa(FZK).ask("which windows are on Erdgeschoss, only the ones facing the garden, so I can order?")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from clause_forms.py: run `python bench/spatial/clause_forms.py`")
