"""Round 9, comparisons as composition (``spatial/compose.py``): a comparison the rules' plan could not say is split
into its sides and its operator, each side asked as its own single question, and the results composed with a stated
rule; a side that declines declines the whole, naming it. Every answer is checked against a plain IfcOpenShell walk of
the file; the last test scores a seeded sample of ``bench/spatial/dev_round9_compare.json`` so it cannot regress."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, storey_of

from ifcqa.spatial import compose
from ifcqa.spatial.bench import run_bench
from ifcqa.spatial.plan import Plan, StoreyRef

DUP, FZK, HOM, INS = "Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "ExampleHOM.ifc", "AC11-Institute-Var-2-IFC.ifc"
LB, SH = "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial" / "dev_round9_compare.json"


def _on(f: Any, ifc_class: str, storey: str, where: Any = None) -> set[str]:
    return {e.GlobalId for e in f.by_type(ifc_class) if storey_of(e) == storey and (where is None or where(e))}


def _space(f: Any, name: str) -> Any:
    (space,) = [s for s in f.by_type("IfcSpace") if name in (s.Name, s.LongName)]
    return space


# --- two storeys: which has more, how many more, a ratio, the same ---------------------------------------------------

def test_which_of_two_storeys_is_asked_of_each_storey_and_names_the_winner(index_of: Index, model: Any) -> None:
    f = model(DUP)
    one, two = _on(f, "IfcWindow", "Level 1"), _on(f, "IfcWindow", "Level 2")
    assert len(one) != len(two)  # premise: no tie
    answer = ask(index_of, DUP, "Between Level 1 and Level 2, which one has the higher window count?")
    assert answer["declined"] is None and answer["route"] == "composed"
    assert answer["storeys"] == ["Level 2" if len(two) > len(one) else "Level 1"]
    assert guids(answer) == one | two  # both sides cited
    sides = answer["plan"]["composed"]["sides"]
    assert [s["value"] for s in sides] == [len(one), len(two)]
    assert "how many window are on level 1" in answer["rule"]  # the rule names the question asked of each side


def test_how_many_more_in_german_is_the_difference_of_the_two_counts(index_of: Index, model: Any) -> None:
    f = model(FZK)
    eg, dg = _on(f, "IfcWindow", "Erdgeschoss"), _on(f, "IfcWindow", "Dachgeschoss")
    answer = ask(index_of, FZK, "Wie viele Fenster hat das Erdgeschoss mehr als das Dachgeschoss?")
    assert answer["declined"] is None and answer["count"] == len(eg) - len(dg) > 0
    answer = ask(index_of, DUP, "by how much does the number of walls on Level 2 exceed Level 1?")
    f = model(DUP)
    assert answer["count"] == len(_on(f, "IfcWall", "Level 2")) - len(_on(f, "IfcWall", "Level 1"))


def test_a_ratio_below_half_and_the_same_number_on_both_levels(index_of: Index, model: Any) -> None:
    f = model(DUP)
    one, two = len(_on(f, "IfcWindow", "Level 1")), len(_on(f, "IfcWindow", "Level 2"))
    answer = ask(index_of, DUP, "Does level 1 have fewer than half as many windows as level 2?")
    assert answer["declined"] is None and answer["yes_no"] is (2 * one < two)
    g = model(LB)
    walls = [len(_on(g, "IfcWall", s.Name)) for s in g.by_type("IfcBuildingStorey")]
    assert len(walls) == 2  # premise: "both levels" are every storey
    answer = ask(index_of, LB, "is the number of walls the same on both levels?")
    assert answer["declined"] is None and answer["yes_no"] is (walls[0] == walls[1])


def test_both_floors_of_a_model_with_four_is_not_read_as_every_storey(index_of: Index, model: Any) -> None:
    assert len(model(DUP).by_type("IfcBuildingStorey")) == 4  # premise
    answer = ask(index_of, DUP, "Do both floors have the same number of doors?")
    assert answer["declined"] is not None and answer["yes_no"] is None and not answer["elements"]


# --- two rooms by a quantity -----------------------------------------------------------------------------------------

def test_the_difference_in_floor_area_of_two_rooms_has_its_unit(index_of: Index, model: Any) -> None:
    f = model(HOM)
    qty = {n: ue.get_pset(_space(f, n), "Qto_SpaceBaseQuantities", "NetFloorArea") for n in ("Living1", "Kitchen5")}
    answer = ask(index_of, HOM, "what is the difference in floor area between Living1 and Kitchen5?")
    assert answer["declined"] is None and answer["value"]["unit"] == "m²"
    assert answer["value"]["number"] == pytest.approx(qty["Living1"] - qty["Kitchen5"], rel=1e-3)
    assert guids(answer) == {_space(f, "Living1").GlobalId, _space(f, "Kitchen5").GlobalId}


def test_a_room_compared_by_volume_and_a_unit_asked_after_a_comma(index_of: Index, model: Any) -> None:
    f = model(HOM)
    vol = {n: ue.get_pset(_space(f, n), "Qto_SpaceBaseQuantities", "NetVolume") for n in ("Bedroom6", "Kitchen5")}
    answer = ask(index_of, HOM, "does Bedroom6 have a larger volume than Kitchen5?")
    assert answer["declined"] is None and answer["yes_no"] is (vol["Bedroom6"] > vol["Kitchen5"])
    g = model(SH)
    area = {n: ue.get_pset(_space(g, n), "BaseQuantities", "NetFloorArea") for n in ("Living room", "Bedroom")}
    answer = ask(index_of, SH, "how much larger is the living room than the bedroom, in m²?")
    assert answer["value"]["number"] == pytest.approx(area["Living room"] - area["Bedroom"], rel=1e-3)


def test_a_summed_quantity_difference_is_not_answered_as_a_count(index_of: Index, model: Any) -> None:
    f = model(INS)
    area = {s: sum(ue.get_pset(e, "BaseQuantities", "NetFloorArea") for e in f.by_type("IfcSpace")
                   if storey_of(e) == s) for s in ("Erdgeschoss", "1. Obergeschoss")}
    answer = ask(index_of, INS, "difference in total room area between the Erdgeschoss and the 1. Obergeschoss?")
    assert answer["declined"] is None and answer["count"] is None and answer["value"]["unit"] == "m²"
    assert answer["value"]["number"] == pytest.approx(area["Erdgeschoss"] - area["1. Obergeschoss"], rel=1e-3)


# --- a part against its whole ----------------------------------------------------------------------------------------

def test_more_than_half_and_most_of_compare_the_part_with_the_whole(index_of: Index, model: Any) -> None:
    f = model(DUP)
    doors = f.by_type("IfcDoor")
    external = {d.GlobalId for d in doors if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True}
    answer = ask(index_of, DUP, "Are more than half of the doors external?")
    assert answer["declined"] is None and answer["yes_no"] is (2 * len(external) > len(doors))
    assert guids(answer) == external  # the part is cited
    g = model(INS)
    walls = g.by_type("IfcWall")
    bearing = [w for w in walls if ue.get_pset(w, "Pset_WallCommon", "LoadBearing") is True]
    for question in ("Are most of the walls load-bearing?", "Sind mehr als die Hälfte der Wände tragend?"):
        answer = ask(index_of, INS, question)
        assert answer["declined"] is None and answer["yes_no"] is (2 * len(bearing) > len(walls)), question
        assert answer["route"] == "composed", question  # not "are there load-bearing walls"


# --- every storey: a ranking -----------------------------------------------------------------------------------------

def test_a_ranking_of_the_storeys_cites_every_element_counted(index_of: Index, model: Any) -> None:
    f = model(DUP)
    answer = ask(index_of, DUP, "list the levels ordered by their wall count")
    assert answer["declined"] is None and guids(answer) == {w.GlobalId for w in f.by_type("IfcWall")}
    order = [s["name"] for s in sorted(answer["plan"]["composed"]["sides"], key=lambda s: -s["value"])]
    assert answer["answer"].index(order[0]) < answer["answer"].index(order[-1])


# --- a side that does not parse declines the whole, naming it ---------------------------------------------------------

@pytest.mark.parametrize(("name", "question", "word"), [
    (HOM, "Are there more purple doors on the GroundFloor than on the 1stFloor?", "purple"),
    (DUP, "level 2 has more doors that Priya ordered than level 1 - true or false?", "priya"),
    (INS, "Is the Erdgeschoss noisier than the Keller?", "noisier"),
])  # fmt: skip
def test_a_side_the_model_cannot_ground_declines_the_comparison(index_of: Index, name: str, question: str,
                                                               word: str) -> None:
    answer = ask(index_of, name, question)
    assert answer["declined"] is not None and not answer["elements"]
    assert all(answer[k] is None for k in ("count", "value", "yes_no", "storeys"))
    assert word in " ".join(answer["declined"]["not_understood"]).lower() + answer["declined"]["reason"].lower()


def test_a_storey_the_model_lacks_declines_before_any_side_is_asked(index_of: Index) -> None:
    answer = ask(index_of, DUP, "Are there more doors on Level 1 or on Level 3?")
    assert answer["declined"] is not None and not answer["elements"] and answer["storeys"] is None


# --- the frame itself ------------------------------------------------------------------------------------------------

def test_the_frame_takes_out_only_its_own_words() -> None:
    """Every word that is no side, no operator and no filler of the frame is asked of each side."""
    plan = Plan(question="q", mentions=[StoreyRef("level 1", "name", ["g1"]), StoreyRef("level 2", "name", ["g2"])])
    text = "are there more doors with a purple handle on level 1 than on level 2?"
    frame = compose.find(plan, text, [("g1", "Level 1"), ("g2", "Level 2")])
    assert frame is not None and frame.op == "yesno" and frame.measure == "count"
    assert frame.questions == ["how many doors purple handle are on level 1", "how many doors purple handle are on "
                               "level 2"]
    assert compose.find(plan, "which doors are on level 1 and level 2?", [("g1", "L1"), ("g2", "L2")]) is None
    plan_none = Plan(question="q", mentions=plan.mentions)
    assert compose.find(plan_none, "how many more are on level 1 than on level 2?", []) is None  # nothing counted


# --- the development set, sampled ------------------------------------------------------------------------------------

def test_a_seeded_sample_of_the_round9_comparison_set_scores_and_never_broadens(shared_ifc: Path) -> None:
    questions = json.loads(BENCH.read_text(encoding="utf-8"))
    sample = random.Random(9).sample(questions, 24)
    records, summary = run_bench(sample, shared_ifc, use_graph=False)
    assert summary["broadenings"] == 0
    assert summary["score"] >= 0.95, [(r["id"], r["answer"][:120]) for r in records if r["score"] < 1]


# --- two classes, two qualified parts of one class, a ratio's value ---------------------------------------------------

def test_two_qualified_parts_of_a_class_are_two_sides_never_their_intersection(index_of: Index, model: Any) -> None:
    f = model(INS)
    walls = [w for w in f.by_type("IfcWall") if storey_of(w) == "Keller"]
    bearing = {w.GlobalId for w in walls if ue.get_pset(w, "Pset_WallCommon", "LoadBearing") is True}
    external = {w.GlobalId for w in walls if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is True}
    assert len(bearing) != len(external)  # premise: no tie
    answer = ask(index_of, INS, "more load-bearing walls or external walls on the Keller?")
    assert answer["declined"] is None and answer["route"] == "composed"
    assert guids(answer) == (bearing if len(bearing) > len(external) else external)
    doors = f.by_type("IfcDoor")
    internal = [d for d in doors if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is False]
    outside = [d for d in doors if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True]
    answer = ask(index_of, INS, "are there more internal doors than external doors?")
    assert answer["declined"] is None and answer["yes_no"] is (len(internal) > len(outside))


def test_the_ratio_of_two_classes_is_a_number_and_a_zero_side_declines(index_of: Index, model: Any) -> None:
    f = model(DUP)
    windows, doors = len(_on(f, "IfcWindow", "Level 2")), len(_on(f, "IfcDoor", "Level 2"))
    answer = ask(index_of, DUP, "How many times more windows than doors are there on Level 2?")
    assert answer["declined"] is None and answer["value"]["number"] == pytest.approx(windows / doors, rel=1e-3)
    g = model(FZK)
    assert not _on(g, "IfcDoor", "Dachgeschoss")  # premise: no door upstairs
    answer = ask(index_of, FZK, "what is the ratio of windows to doors on the Dachgeschoss?")
    assert answer["declined"] is not None and answer["value"] is None and not answer["elements"]


def test_two_rooms_compared_by_what_bounds_them(index_of: Index, model: Any) -> None:
    f = model(DUP)

    def bounding(name: str) -> set[str]:
        return {b.RelatedBuildingElement.GlobalId for b in _space(f, name).BoundedBy or ()
                if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a("IfcWindow")}

    a, b = bounding("A102"), bounding("A203")
    assert len(a) != len(b)  # premise
    answer = ask(index_of, DUP, "Which room has more windows, A102 or A203?")
    # round 22: the answer is the winning room itself (as a storey comparison's is the storey); its count is said
    won = _space(f, "A102" if len(a) > len(b) else "A203")
    assert answer["declined"] is None and guids(answer) == {won.GlobalId}
    assert f"{max(len(a), len(b))}" in answer["answer"]


def test_a_storey_compared_by_height_is_not_a_sum_of_heights(index_of: Index) -> None:
    """ "Is the EG taller than the DG": its floor-to-floor height or its elevation is not said; summing the heights of
    its rooms would be a confident wrong answer, so the comparison is not composed."""
    answer = ask(index_of, FZK, "Is the Erdgeschoss taller than the Dachgeschoss?")
    assert answer["declined"] is not None and answer["yes_no"] is None


# --- comparisons the rules read as something else ---------------------------------------------------------------------

def test_a_comparison_read_as_a_list_or_a_superlative_is_composed(index_of: Index, model: Any) -> None:
    f = model(FZK)
    area = {n: ue.get_pset(_space(f, n), "BaseQuantities", "NetFloorArea") for n in ("Küche", "Bad", "Wohnen")}
    answer = ask(index_of, FZK, "what is bigger: the Küche or the Bad?")  # not "the spaces Küche and Bad"
    assert answer["declined"] is None and answer["route"] == "composed"
    assert guids(answer) == {_space(f, "Küche" if area["Küche"] > area["Bad"] else "Bad").GlobalId}
    answer = ask(index_of, FZK, "Is the Bad at least half the size of the Wohnen?")  # not the smallest of the two
    assert answer["declined"] is None and answer["yes_no"] is (area["Bad"] >= 0.5 * area["Wohnen"])
    answer = ask(index_of, FZK, "Is the Wohnen more than twice as big as the Bad?")
    assert answer["declined"] is None and answer["yes_no"] is (area["Wohnen"] > 2 * area["Bad"])


def test_the_storeys_ranked_or_picked_by_a_count_word_after_the_class(index_of: Index, model: Any) -> None:
    f = model(FZK)
    rooms = {s: len(_on(f, "IfcSpace", s)) for s in ("Erdgeschoss", "Dachgeschoss")}
    assert rooms["Erdgeschoss"] != rooms["Dachgeschoss"]  # premise
    answer = ask(index_of, FZK, "which floor has the highest room count?")  # not every space with its storey
    assert answer["declined"] is None and answer["storeys"] == [max(rooms, key=rooms.__getitem__)]
    answer = ask(index_of, FZK, "rank levels by room count")
    assert answer["declined"] is None and guids(answer) == {s.GlobalId for s in f.by_type("IfcSpace")}
    assert [s["value"] for s in answer["plan"]["composed"]["sides"]] == [rooms["Erdgeschoss"], rooms["Dachgeschoss"]]


def test_three_rooms_named_in_a_which_question_are_three_sides(index_of: Index, model: Any) -> None:
    f = model(HOM)
    area = {n: ue.get_pset(_space(f, n), "Qto_SpaceBaseQuantities", "NetFloorArea")
            for n in ("Living1", "Kitchen5", "Hobby2")}
    answer = ask(index_of, HOM, "which is larger: Living1, Kitchen5 or Hobby2?")  # not a list of the three
    assert answer["declined"] is None and guids(answer) == {_space(f, max(area, key=area.__getitem__)).GlobalId}


def test_a_storey_as_the_part_of_a_share(index_of: Index, model: Any) -> None:
    f = model(INS)
    windows = f.by_type("IfcWindow")
    eg = [w for w in windows if storey_of(w) == "Erdgeschoss"]
    answer = ask(index_of, INS, "Are more than a quarter of the windows on the Erdgeschoss?")
    assert answer["declined"] is None and answer["yes_no"] is (len(eg) > 0.25 * len(windows))
    assert guids(answer) == {w.GlobalId for w in eg}


def test_a_bound_a_list_and_one_rooms_size_are_not_composed(index_of: Index, model: Any) -> None:
    """ "wider than 1 m" is a bound, "list ... on A and B" neither a choice nor a yes/no, and "the floor with the
    largest room" one room's size: the rules' answers stand (never a composed yes/no or a summed area)."""
    for question in ("list the doors wider than 1 m on the Keller and the Erdgeschoss",
                     "which floor has the largest room?"):
        answer = ask(index_of, INS, question)
        assert answer["route"] != "composed" and answer["yes_no"] is None, question
    f = model(INS)
    spaces = f.by_type("IfcSpace")
    biggest = max(spaces, key=lambda s: ue.get_pset(s, "BaseQuantities", "NetFloorArea"))
    answer = ask(index_of, INS, "which floor has the largest room?")
    assert answer["storeys"] == [storey_of(biggest)]


def test_two_noun_phrases_a_comparative_opposes_are_two_sides(index_of: Index, model: Any) -> None:
    """ "more fixed windows than casement windows on level 2": each phrase asked as its own count in the scope."""
    f = model(DUP)
    level2 = [w for w in f.by_type("IfcWindow") if storey_of(w) == "Level 2"]
    fixed = [w for w in level2 if w.Name.startswith("M_Fixed")]
    casement = [w for w in level2 if w.Name.startswith("M_Casement")]
    assert fixed and casement and len(fixed) != len(casement)  # premise
    answer = ask(index_of, DUP, "are there more fixed windows than casement windows on level 2?")
    assert answer["declined"] is None and answer["yes_no"] is (len(fixed) > len(casement))
    assert [s["value"] for s in answer["plan"]["composed"]["sides"]] == [len(fixed), len(casement)]
    answer = ask(index_of, FZK, "are there more round windows or casement windows?")  # 'round': no model word
    assert answer["declined"] is not None and not answer["elements"] and "round" in answer["declined"]["reason"]
