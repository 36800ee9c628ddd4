"""Round 10, relation verbs (bench/spatial/relation_cases.json, src/ifcqa/spatial/relation_verbs.py).

People relate elements to places, types and each other with many verbs. The table ``data/relation_verbs.json``
keys each by the relation it expresses: containment and existence verbs ask what "on"/"in" asks; boundary verbs
ask for a room's walls, doors and windows through its space boundaries (and only those); typing verbs name a
type; unsupported relations (adjacency, orientation, vertical position, service, connection) are declined naming
the relation, never answered as containment. Answers are checked against the IFC file with plain IfcOpenShell.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.bench_score import score
from ifcqa.spatial.relation_verbs import find, inflections, plain_containment

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "relations.py"
CASES = REPO / "bench" / "spatial" / "relation_cases.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK4 = "AC20-FZK-Haus.ifc"
HEIZUNG = "Heizung-Elektro_080729.ifc"



def _on(f: ifcopenshell.file, cls: str, storey: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) == storey}


def _bounding(f: ifcopenshell.file, space: str, cls: str) -> set[str]:
    room = next(s for s in f.by_type("IfcSpace") if s.Name == space)
    return {b.RelatedBuildingElement.GlobalId for b in room.BoundedBy or ()
            if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a(cls)}


def _guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


# --- the table: inflection by rule, longest phrase first ----------------------------------------------------


def test_verbs_are_inflected_by_rule_not_listed() -> None:
    assert set(inflections("fit")) == {"fit", "fits", "fitted", "fitting"}  # a final consonant doubled
    assert set(inflections("place")) == {"place", "places", "placed", "placing"}  # a final e dropped
    assert set(inflections("specify")) == {"specify", "specifies", "specified", "specifying"}
    assert set(inflections("find", {"find": ["found"]})) == {"find", "finds", "found", "finding"}
    assert "mountted" not in inflections("mount")  # two consonants: not doubled


def test_phrases_are_read_longest_first_and_a_bound_is_no_relation() -> None:
    read = lambda q: [(r.kind, r.phrase) for r in find(q)]  # noqa: E731
    assert read("what door leads in there") == [("boundary", "leads in")]  # not "in there"
    assert read("doors over on level 1") == [("containment", "over on")]
    assert read("lamps over the kitchen table")[0][0] == "unsupported"
    assert read("doors over 2 m wide") == []  # a bound, not a position
    assert read("which doors let you into room a102") == [("boundary", "let you into")]


def test_containment_verbs_before_a_place_read_as_the_place() -> None:
    assert plain_containment("all windows except the ones housed on eg")[0] == "all windows except the ones on eg"
    assert plain_containment("the windows other than those that sit on level 2")[0] == (
        "the windows other than those on level 2")
    assert plain_containment("which doors are installed on level 1")[0] == "which doors are on level 1"
    assert plain_containment("walls over on the ground floor")[0] == "walls on the ground floor"
    assert plain_containment("doors over 2 m")[0] == "doors over 2 m"
    assert plain_containment("the doors housed on eg", frozenset({"housed"}))[0] == "the doors housed on eg"


# --- answers: the same as the plain relation, checked against the file ---------------------------------------


@pytest.mark.parametrize("question", [
    "Which doors are installed on Level 1?", "which doors do we have over on Level 1", "doors mounted on Level 1",
    "which doors can be found on Level 1", "what doors does Level 1 hold?", "which doors does Level 1 include",
])
def test_containment_and_existence_verbs_answer_the_storey_s_doors(question: str, qa: Callable[[str], SpatialQA],
                                                                  model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask(question)
    expected = _on(model(DUPLEX), "IfcDoor", "Level 1")
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]


@pytest.mark.parametrize("question", ["does Level 1 feature any doors?", "does Level 1 come with doors?",
                                      "have we got any doors on Level 1?"])
def test_existence_verbs_answer_yes_with_the_doors(question: str, qa: Callable[[str], SpatialQA],
                                                   model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask(question)
    expected = _on(model(DUPLEX), "IfcDoor", "Level 1")
    assert answer["answer"].startswith("Yes") and _guids(answer) == expected and expected, answer["answer"]


@pytest.mark.parametrize("question", [
    "which doors let you into room A102", "which doors give access to room A102", "doors that connect to room A102",
    "which door is the way into room A102", "doors leading into A102", "which door gets you into room A102",
    "which door is the entrance to room A102",
])
def test_boundary_verbs_answer_the_room_s_bounding_doors(question: str, qa: Callable[[str], SpatialQA],
                                                         model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask(question)
    expected = _bounding(model(DUPLEX), "A102", "IfcDoor")
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]
    assert any("bounding the room (its space boundaries)" in n for n in answer["plan"]["notes"])


def test_a_door_that_leads_in_there_is_the_room_named_before(qa: Callable[[str], SpatialQA],
                                                               model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask("A104 (Bathroom 1, unit A) - what door leads in there?")
    expected = _bounding(model(DUPLEX), "A104", "IfcDoor")
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]


def test_walls_enclosing_a_room_are_its_space_boundaries(qa: Callable[[str], SpatialQA],
                                                          model: Callable[[str], ifcopenshell.file]) -> None:
    answer = qa(DUPLEX).ask("which walls surround room A102?")
    expected = _bounding(model(DUPLEX), "A102", "IfcWall")
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]


@pytest.mark.parametrize("question", ["door type used on Level 1", "door types specified on Level 1",
                                      "which door type is specified on Level 1", "door type on Level 1"])
def test_a_type_asked_with_a_verb_of_use_lists_the_types(question: str, qa: Callable[[str], SpatialQA],
                                                         model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    names = {ue.get_type(f.by_guid(g)).Name for g in _on(f, "IfcDoor", "Level 1")}
    answer = qa(DUPLEX).ask(question)
    assert answer["declined"] is None and answer["plan"]["lookup"] is not None, answer["answer"]
    assert names and all(repr(n) in answer["answer"] for n in names), answer["answer"]


# --- where the mechanism must not apply -----------------------------------------------------------------------


@pytest.mark.parametrize("question, relation", [
    ("which doors are next to room A102", "next to"), ("what furniture is near the kitchen A103", "near"),
    ("what windows face room A102", "face"), ("which doors serve room A102", "serve"),
    ("what furniture is above room A102", "above"), ("which walls are adjacent to room A102", "adjacent to"),
])
def test_unsupported_relations_decline_naming_the_relation(question: str, relation: str,
                                                           qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask(question)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert answer["declined"]["not_understood"] == [relation]
    assert "server" not in answer["answer"].lower()  # "serve" is a verb, never a misspelled "server room"


def test_a_boundary_verb_for_what_does_not_bound_a_room_is_not_read(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("which furniture leads into room A102")  # furniture bounds no room: not understood
    assert answer["declined"] is not None and answer["declined"]["not_understood"] == ["leads"]
    assert answer["declined"]["reason"].startswith("I did not understand")  # (so an LLM fallback may read it)


def test_connected_to_equipment_declines_as_a_connection(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(HEIZUNG).ask("radiators connected to the boiler on the EG")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert "connection" in answer["declined"]["reason"]


def test_a_verb_of_use_without_a_type_is_not_read(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(DUPLEX).ask("which furniture is used on Level 1")
    assert answer["declined"] is not None and "used" in answer["declined"]["not_understood"]


def test_above_a_storey_stays_the_storeys_above(qa: Callable[[str], SpatialQA],
                                                model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(DUPLEX)
    answer = qa(DUPLEX).ask("which doors are above Level 1")
    expected = _on(f, "IfcDoor", "Level 2") | _on(f, "IfcDoor", "Roof")
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]


def test_a_containment_verb_keeps_an_extra_restriction(qa: Callable[[str], SpatialQA],
                                                       model: Callable[[str], ifcopenshell.file]) -> None:
    f = model(FZK4)
    answer = qa(FZK4).ask("all windows except the ones housed on the Erdgeschoss")
    expected = {e.GlobalId for e in f.by_type("IfcWindow") if storey_of(e) != "Erdgeschoss"}
    assert answer["declined"] is None and _guids(answer) == expected and expected, answer["answer"]


# --- the bench: the committed cases, and a seeded sample that must not regress -------------------------------


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for part in ("a", "b"):
        cases = script.build(shared_ifc, part)
        assert script.OUT[part].read_text(encoding="utf-8") == script.dumps(cases), (
            f"{script.OUT[part].name} differs from relations.py: run `python bench/spatial/relations.py --part "
            f"{part}` and commit it")
        assert all(c["query"] != c["base_query"] for c in cases)
    held = script.held_back()
    assert not {c["template"] for c in json.loads(CASES.read_text(encoding="utf-8"))} & held


def _sample() -> list[dict[str, Any]]:
    """The first case of each template and every 5th case of part a (by the committed order)."""
    cases = list(json.loads(CASES.read_text(encoding="utf-8")))
    firsts = {c["template"]: c for c in reversed(cases)}
    picked = {c["id"]: c for c in [*firsts.values(), *cases[::5]]}
    return sorted(picked.values(), key=lambda c: c["id"])


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_relation_sample_answers_as_the_base_or_declines_the_unsupported(
        case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"]
    assert result.score == 1.0, f"{case['template']}: {answer['answer'][:300]}"
