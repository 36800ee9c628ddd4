"""Round 21 (lead): questions a new user asked that main answered as a different question.

- "are all exterior walls load-bearing?" is asked of the exterior walls: the qualifier before the class word says
  whom the yes/no is about, the one after it what is asked of them. Main read both as one conjunction over every
  wall, so a model whose 8 exterior walls are all load-bearing answered "No: 8 of the 13 walls".
- "which room is the biggest on the ground floor" asks a room: the storey noun is part of the scope. Main read it
  as "which floor has the largest room".
Oracles are read with plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import guids, open_cached, storey_of

from ifcqa.spatial import SpatialQA

FZK11 = "AC11-FZK-Haus-IFC.ifc"
DUPLEX = "Duplex_A_20110907.ifc"


def _walls(shared_ifc: Path, model: str) -> list[dict[str, object]]:
    f = open_cached(str(shared_ifc / model))
    return [ue.get_psets(w).get("Pset_WallCommon", {}) for w in f.by_type("IfcWall")]


@pytest.mark.parametrize("model", [FZK11, DUPLEX])
@pytest.mark.parametrize("question", ["are all exterior walls load bearing?",
                                      "Are the external walls load-bearing?",
                                      "is every external wall load-bearing?"])
def test_all_exterior_walls_is_asked_of_the_exterior_walls(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, model: str, question: str) -> None:
    walls = _walls(shared_ifc, model)
    exterior = [w for w in walls if w.get("IsExternal") is True]
    bearing = [w for w in exterior if w.get("LoadBearing") is True]
    assert exterior and len(exterior) < len(walls)
    answer = qa(model).ask(question)
    assert answer["declined"] is None, answer["answer"]
    assert answer["answer"].startswith("Yes" if len(bearing) == len(exterior) else "No"), answer["answer"]
    assert f"{len(bearing)} of the {len(exterior)} walls with Pset_WallCommon.IsExternal = TRUE" in answer["answer"]


def test_both_qualifiers_after_the_class_word_are_asked_of_every_wall(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    walls = _walls(shared_ifc, FZK11)
    both = [w for w in walls if w.get("IsExternal") is True and w.get("LoadBearing") is True]
    answer = qa(FZK11).ask("are all walls external and load-bearing?")
    assert answer["answer"].startswith("No") and f"{len(both)} of the {len(walls)} walls" in answer["answer"]


def test_all_interior_walls_counts_the_bearing_ones_among_the_interior(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    walls = _walls(shared_ifc, FZK11)
    interior = [w for w in walls if w.get("IsExternal") is False]
    bearing = [w for w in interior if w.get("LoadBearing") is True]
    assert 0 < len(bearing) < len(interior)
    answer = qa(FZK11).ask("are all the interior walls load-bearing?")
    assert answer["answer"].startswith("No"), answer["answer"]
    assert f"{len(bearing)} of the {len(interior)} walls with Pset_WallCommon.IsExternal = FALSE" in answer["answer"]


INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"


def _largest_space(shared_ifc: Path, storey: str | None) -> tuple[set[str], float]:
    f = open_cached(str(shared_ifc / INSTITUTE))
    areas = {s.GlobalId: ue.get_psets(s)["BaseQuantities"]["NetFloorArea"] for s in f.by_type("IfcSpace")
             if storey is None or storey_of(s) == storey}
    best = max(areas.values())
    return {g for g, a in areas.items() if abs(a - best) < 1e-6}, best


@pytest.mark.parametrize("question", ["which room is the biggest on the ground floor",
                                      "what is the biggest room on the Erdgeschoss",
                                      "which room on the ground floor is the largest?"])
def test_the_largest_room_on_a_named_floor_is_a_room(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    rooms, area = _largest_space(shared_ifc, "Erdgeschoss")
    answer = qa(INSTITUTE).ask(question)
    assert guids(answer) == rooms and answer["value"]["number"] == round(area, 3), answer["answer"]
    assert answer["answer"].startswith("The largest NetFloorArea of the"), answer["answer"]


def test_which_floor_has_the_largest_room_still_names_the_floor(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    rooms, _ = _largest_space(shared_ifc, None)
    f = open_cached(str(shared_ifc / INSTITUTE))
    floors = {storey_of(f.by_guid(g)) for g in rooms}
    answer = qa(INSTITUTE).ask("which floor has the largest room")
    assert answer["storeys"] == sorted(floors) or set(answer["storeys"]) == floors, answer["answer"]


HEIZUNG = "Heizung-Elektro_080729.ifc"
RAIL = "linear-placement-of-signal.ifc"


@pytest.mark.parametrize("question", ["the boilers are on level..?", "the boiler sits on floor ...?",
                                      "Kessel steht im Geschoss …?"])
def test_a_gap_after_a_storey_noun_asks_the_storey(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    f = open_cached(str(shared_ifc / HEIZUNG))
    boilers = [e for e in f.by_type("IfcElement") if (t := ue.get_type(e)) is not None and t.is_a("IfcBoilerType")]
    assert len(boilers) == 1
    answer = qa(HEIZUNG).ask(question)
    assert guids(answer) == {boilers[0].GlobalId}, answer["answer"]
    assert answer["storeys"] == [storey_of(boilers[0])], answer["answer"]
    assert any(n.startswith("gap read as the question") for n in answer["plan"]["notes"]), answer["plan"]["notes"]


def test_a_storey_gap_on_a_model_without_storeys_declines(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / RAIL))
    assert not f.by_type("IfcBuildingStorey")
    answer = qa(RAIL).ask("the signals are on floor..?")
    assert answer["declined"] is not None and not answer.get("elements"), answer["answer"]
    assert "no storeys" in answer["answer"]


def test_a_storey_named_before_the_dots_is_no_gap(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(HEIZUNG).ask("boilers on level 1...?")
    assert not any(n.startswith("gap read") for n in answer["plan"]["notes"]) and not answer.get("elements")


@pytest.mark.parametrize("question", ["which doors lead to the outside", "how many doors lead to the outside?",
                                      "doors that lead outside"])
def test_doors_leading_to_the_outside_are_the_external_doors(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    """Main read "lead outside" but declined "lead to the outside": the relation-verb pass put back 'lead' after
    the IsExternal reading had taken it."""
    f = open_cached(str(shared_ifc / DUPLEX))
    external = {d.GlobalId for d in f.by_type("IfcDoor")
                if ue.get_psets(d).get("Pset_DoorCommon", {}).get("IsExternal") is True}
    assert 0 < len(external) < len(f.by_type("IfcDoor"))
    answer = qa(DUPLEX).ask(question)
    assert guids(answer) == external, answer["answer"]


def test_a_door_leading_into_a_room_is_still_a_boundary(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / DUPLEX))
    kitchens = [s for s in f.by_type("IfcSpace") if s.LongName == "Kitchen"]
    bounding = {b.RelatedBuildingElement.GlobalId for b in f.by_type("IfcRelSpaceBoundary")
                if b.RelatingSpace in kitchens and b.RelatedBuildingElement is not None
                and b.RelatedBuildingElement.is_a("IfcWindow")}
    answer = qa(DUPLEX).ask("which windows lead into the kitchen")
    assert bounding and guids(answer) == bounding, answer["answer"]


HOM = "ExampleHOM.ifc"


@pytest.mark.parametrize("question", ["which rooms are on the ground floor and how big are they",
                                      "how big are the rooms on the ground floor",
                                      "wie groß sind die Räume im GroundFloor"])
def test_how_big_are_several_rooms_lists_each_area(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    """Main answered their total (83 m²) where each room's size was asked."""
    f = open_cached(str(shared_ifc / HOM))
    areas = {s.GlobalId: ue.get_psets(s)["Qto_SpaceBaseQuantities"]["NetFloorArea"] for s in f.by_type("IfcSpace")
             if storey_of(s) == "GroundFloor"}
    answer = qa(HOM).ask(question)
    assert guids(answer) == set(areas) and "of each of the" in answer["rule"], answer["answer"]
    listed = sorted(round(row["value"], 3) for row in answer["value"]["values"] for _ in range(row["count"]))
    assert listed == sorted(round(a, 3) for a in areas.values()), answer["value"]


def test_how_big_together_is_still_the_total(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / HOM))
    total = sum(ue.get_psets(s)["Qto_SpaceBaseQuantities"]["NetFloorArea"] for s in f.by_type("IfcSpace")
                if storey_of(s) == "GroundFloor")
    answer = qa(HOM).ask("how big are the rooms on the ground floor in total")
    assert answer["value"]["number"] == round(total, 3), answer["answer"]


FZK20 = "AC20-FZK-Haus.ifc"


@pytest.mark.parametrize("question", ["how many windows are in the house and where", "how many windows, and where are "
                                      "they?", "wie viele Fenster gibt es und wo?"])
def test_how_many_and_where_gives_the_count_and_the_storeys(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, question: str) -> None:
    """Main counted the windows and dropped the "where"."""
    f = open_cached(str(shared_ifc / FZK20))
    per: dict[str, int] = {}
    for w in f.by_type("IfcWindow"):
        per[str(storey_of(w))] = per.get(str(storey_of(w)), 0) + 1
    assert len(per) > 1
    answer = qa(FZK20).ask(question)
    assert answer["count"] == sum(per.values()) and set(answer["storeys"]) == set(per), answer["answer"]
    for name, k in per.items():
        assert f"{name}: {k}" in answer["answer"], answer["answer"]


def test_a_large_total_is_stated_in_full_not_in_exponent_form(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    """Main said "1.86e+06 mm": three significant digits of a sum, in a form a reader misreads."""
    f = open_cached(str(shared_ifc / "WP_Puffer_FWS_FBH10.ifc"))
    total = sum(ue.get_psets(p)["Base_Quantities"]["Length"] for p in f.by_type("IfcPipeSegment"))
    assert total >= 1e6
    answer = qa("WP_Puffer_FWS_FBH10.ifc").ask("what is the total pipe length")
    assert f"{total:.0f} mm" in answer["answer"] and "e+" not in answer["answer"], answer["answer"]


@pytest.mark.parametrize("question", ["how many windows in the Erdgeschoss? facing north, window cleaner asks",
                                      "how many windows in the Erdgeschoss? brauche die zahl für die südseite",
                                      "Which windows are on the Erdgeschoss? Only need the west side ones."])
def test_an_orientation_after_the_request_is_never_set_aside(qa: Callable[[str], SpatialQA], question: str) -> None:
    """Main set 'facing north' aside as talk and counted all 9 windows of the storey (found by voice21)."""
    answer = qa(FZK11).ask(question)
    assert answer["declined"] is not None and not answer.get("elements") and answer["count"] is None, answer["answer"]


def test_a_tail_naming_only_who_asks_is_still_set_aside(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK11))
    ground = [w for w in f.by_type("IfcWindow") if storey_of(w) == "Erdgeschoss"]
    answer = qa(FZK11).ask("how many windows in the Erdgeschoss? window cleaner asks")
    assert answer["count"] == len(ground), answer["answer"]


def test_a_storey_repeated_in_parentheses_is_an_apposition_not_a_contrast(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    """The merge's all-sets run caught msg21's contrast rule declining "the first upper floor (1.OG)"."""
    f = open_cached(str(shared_ifc / "KIT-EDC_with_SB.ifc"))
    doors = {d.GlobalId for d in f.by_type("IfcDoor") if storey_of(d) == "1.OG"}
    answer = qa("KIT-EDC_with_SB.ifc").ask("The locksmith will check every door on the first upper floor (1.OG). "
                                           "Please give me the list of doors there.")
    assert doors and guids(answer) == doors, answer["answer"]
