"""Round 11, messages: a request inside an e-mail, FM ticket or chat message, read by its sentences
(bench/spatial/message_cases.json, src/ifcqa/spatial/message_sentences.py).

The request sentence is answered on its own when the context around it restricts nothing asked; a context that
restricts (a qualifier, "only", a storey for a request naming none, the subject of a request pointing back at it)
is read with the request or the answer declines, never dropped. Answers are checked against the IFC file with
plain IfcOpenShell.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from plain_walks import guids, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score
from ifcqa.spatial.message_sentences import units

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "messages.py"
CASES = REPO / "bench" / "spatial" / "message_cases.json"
HELD = REPO / "bench" / "spatial" / "message_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"


def _on(f: ifcopenshell.file, cls: str, storey: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}


# --- the units of a message and their roles (no model) ----------------------------------------------------------


def test_a_message_splits_into_context_request_point_back_and_greeting() -> None:
    message = ("Heating engineer here. Before sizing the boiler I'd like to know the number of radiators on Level 2 - "
               "how many does the model show? Thanks, Anna")
    roles = [(u.role, u.text.strip()) for u in units(message)]
    assert roles == [("context", "Heating engineer here."), ("context", "Before sizing the boiler"),
                     ("request", "I'd like to know the number of radiators on Level 2"),
                     ("point-back", "how many does the model show?"), ("greeting", "Thanks, Anna")]
    # a ticket's header line is context as a whole, a command to change the model is a request (so it is refused)
    roles = [(u.role, u.text.strip()) for u in units("Ticket #4711 - replace broken handles. Please remove them.")]
    assert roles == [("context", "Ticket #4711 - replace broken handles."), ("request", "Please remove them.")]
    # what follows a request's colon continues it; "at 9." before a question word ends a sentence
    assert [u.role for u in units("I need to know which level has more windows: Level 1 or Level 2?")] == ["request"]
    assert [u.text.strip() for u in units("The locksmith comes at 9. How many doors are there?")] == [
        "The locksmith comes at 9.", "How many doors are there?"]


# --- context set aside: the request's own answer ----------------------------------------------------------------


def test_a_refusal_word_in_the_context_refuses_nothing(qa: Callable[[str], SpatialQA],
                                                       model: Callable[[str], ifcopenshell.file]) -> None:
    """people_eighth storey_class-01-c: 'pricing' and 'the order' are what the asker does, not what is asked."""
    windows = _on(model(DUPLEX), "IfcWindow", "Level 2")
    answer = qa(DUPLEX).ask("Hi, we're pricing new blinds for the upper floor of the duplex. Before I send the order "
                            "I need every window on Level 2 listed. Thanks, Maren")
    assert answer["declined"] is None and guids(answer) == windows and len(windows) == 18, answer["answer"][:300]
    assert "context set aside" in answer["rule"] and "pricing new blinds" in answer["rule"]


def test_a_replacement_in_the_context_keeps_the_storey_ranking(qa: Callable[[str], SpatialQA],
                                                               model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INSTITUTE)
    per = Counter(storey_of(d) for d in f.by_type("IfcDoor"))
    top, n = per.most_common(1)[0]
    answer = qa(INSTITUTE).ask("We have to replace all door closers, one floor at a time, and want to start where "
                               "the work is biggest. On which floor are there the most doors?")
    assert answer["declined"] is None and answer["answer"].startswith(f"{top} has the most doors ({n})"), \
        answer["answer"][:300]


def test_people_dates_and_a_ticket_line_are_context(qa: Callable[[str], SpatialQA],
                                                    model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    doors = {d.GlobalId for d in f.by_type("IfcDoor")}
    answer = qa(DUPLEX).ask("The locksmith is coming on Thursday at 9. How many doors are there?")
    assert answer["declined"] is None and guids(answer) == doors, answer["answer"][:300]
    answer = qa(DUPLEX).ask("Ticket #4711 - replace broken handles. Doors on Level 2?")
    assert answer["declined"] is None and guids(answer) == _on(f, "IfcDoor", "Level 2"), answer["answer"][:300]


def test_a_german_message_reads_its_request(qa: Callable[[str], SpatialQA],
                                            model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(INSTITUTE)
    wc = {s.GlobalId for s in f.by_type("IfcSpace") if storey_of(s) == "1. Obergeschoss"
          and "WC" in f"{s.Name} {s.LongName or ''}"}
    answer = qa(INSTITUTE).ask("Hallo zusammen, für den Reinigungsplan brauche ich die Anzahl der WC-Räume im "
                               "1. Obergeschoss. Danke und Gruß, Petra")
    assert answer["declined"] is None and guids(answer) == wc and len(wc) == 2, answer["answer"][:300]


def test_a_point_back_that_adds_it_up_keeps_the_sum(qa: Callable[[str], SpatialQA],
                                                   model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(HOM)
    windows = _on(f, "IfcWindow", "GroundFloor")
    area = 0.0
    for w in f.by_type("IfcWindow"):
        if w.GlobalId in windows:
            for rel in w.IsDefinedBy or ():
                q = rel.RelatingPropertyDefinition if rel.is_a("IfcRelDefinesByProperties") else None
                if q is not None and q.is_a("IfcElementQuantity") and q.Name == "Qto_WindowBaseQuantities":
                    area += sum(x.AreaValue for x in q.Quantities if x.is_a("IfcQuantityArea") and x.Name == "Area")
    answer = qa(HOM).ask("Hi, for the daylight calculation I'd need the combined window area on the GroundFloor in "
                         "m². Could you add it up? Thanks!")
    assert answer["declined"] is None and f"{area:.2f} m²" in answer["answer"], (area, answer["answer"][:300])


# --- the mechanism must not apply: the context restricts, the request refuses or asks twice ----------------------


def test_a_restricting_context_is_applied_or_declines(qa: Callable[[str], SpatialQA],
                                                      model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    doors = _on(f, "IfcDoor", "Level 1")
    for question in ("The facade is being renovated. Which doors are on Level 1? We only care about the external ones.",
                     "We don't need the external ones. Which doors are on Level 1?",
                     "Which doors are on Level 1? Leave out the external ones, we did those last year."):
        answer = qa(DUPLEX).ask(question)
        assert answer["declined"] is not None or guids(answer) < doors, (question, answer["answer"][:300])


def test_a_request_whose_subject_is_in_the_context_never_answers_everything(
        qa: Callable[[str], SpatialQA], model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    windows = _on(f, "IfcWindow", "Level 1")
    for question in ("We're replacing the windows on Level 1. Can you list them?",
                     "The windows on Level 1 are old. How many are there?",
                     "The windows are old. How many are on Level 1?"):
        answer = qa(DUPLEX).ask(question)
        assert answer["declined"] is not None or guids(answer) == windows, (question, answer["answer"][:300])


def test_a_context_storey_for_a_request_naming_none_is_never_dropped(
        qa: Callable[[str], SpatialQA], model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    doors = _on(f, "IfcDoor", "Level 1")
    answer = qa(DUPLEX).ask("We're only looking at Level 1 this time. Which doors are there?")
    assert answer["declined"] is not None or guids(answer) == doors, answer["answer"][:300]


@pytest.mark.parametrize("question", [
    "We're refurbishing next year. Can you delete the windows on Level 2?",
    "Hi, the fit-out starts soon. Please move the doors on Level 1 to the other side.",
    "The budget is tight. Which doors are on Level 1? And what will they cost?",
    "We're pricing the refurbishment. Which walls are on Level 1? Also, which floor is the kitchen on?",
])
def test_a_refusing_request_or_two_requests_decline(question: str, qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask(question)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"][:300]


def test_a_point_back_asking_for_the_list_is_never_set_aside_after_a_yes_no_question(
        qa: Callable[[str], SpatialQA]) -> None:
    """people_fifth_a qualifiers-07 (caught by the must-not-drop run): "Which ones?" turns the yes/no question into a
    list; answering the yes/no alone ("No: ...") would drop what was asked."""
    answer = qa("AC20-FZK-Haus.ifc").ask("Are any of the doors fire-rated? Which ones?")
    assert answer["declined"] is not None, answer["answer"][:300]
    roles = [u.role for u in units("For the furniture plan I need the rooms of the 1stFloor. What are they?")]
    assert roles == ["context", "request", "point-back"]


# --- the bench: the committed cases, and a seeded sample that must not regress -------------------------------


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, CASES), (True, HELD)):
        cases = script.build(shared_ifc, held)
        assert path.read_text(encoding="utf-8") == script.dumps(cases), (
            f"{path.name} differs from messages.py: run `python bench/spatial/messages.py`")
        assert len(cases) >= (150 if held else 300) and len({c["ifc_filename"] for c in cases}) >= 10
        assert all(c["query"] != c["base_query"] for c in cases)
    dev = {c["template"] for c in json.loads(CASES.read_text(encoding="utf-8"))}
    held_back = {c["template"] for c in json.loads(HELD.read_text(encoding="utf-8"))}
    assert not dev & held_back  # the held-back part has templates of its own


def _sample() -> list[dict[str, Any]]:
    """The first case of each kind and every 8th case (by the committed order)."""
    cases = list(json.loads(CASES.read_text(encoding="utf-8")))
    firsts = {c["message"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::8]]}
    return sorted(picked.values(), key=lambda c: c["id"])


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_message_sample_answers_as_the_oracle_or_declines_never_wrong(case: dict[str, Any],
                                                                      qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"][:300]
    assert result.score == 1.0 or answer["declined"] is not None, answer["answer"][:300]
