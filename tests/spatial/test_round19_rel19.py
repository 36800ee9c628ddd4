"""Round 19, rooms and what bounds them, asked as people ask (bench/spatial/room_relation_forms.py,
src/ifcqa/spatial/room_pointers.py).

A room named before a pointer ("that room", "this room's boundary", "it" after a boundary verb) is that room; rooms
are chosen by what their space boundaries lack ("rooms not having a door") with the rule saying so; a model without
space boundaries declines instead of answering nothing; a superlative of a room's floor area is ONE room, never a
storey ("floor" in "floor area" is no storey); "over all the rooms" after a total sums over them. Every message
below is none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell
(``IfcRelSpaceBoundary`` through ``BoundedBy``, quantities through ``ifcopenshell.util.element.get_psets``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest
from plain_walks import storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.relation_verbs import ranges_over, ranging_plain
from ifcqa.spatial.room_pointers import pointer

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "room_relation_forms.py"
DEV = REPO / "bench" / "spatial" / "room_relation_cases.json"
HELD = REPO / "bench" / "spatial" / "room_relation_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
REVIT = "revit_quantities.ifc"
HOM = "ExampleHOM.ifc"
LARGE = "LargeBuilding.ifc"

Model = Callable[[str], ifcopenshell.file]


def _space(f: ifcopenshell.file, name: str | None = None, long: str | None = None) -> Any:
    found = [s for s in f.by_type("IfcSpace") if (name is None or s.Name == name)
             and (long is None or s.LongName == long)]
    assert len(found) == 1, (name, long, len(found))
    return found[0]


def _bounding(space: Any, cls: str) -> set[str]:
    return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
            if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(cls)}


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["value"] is None, answer["answer"]
    assert word in " ".join(answer["declined"]["not_understood"]) + answer["answer"], answer["answer"]


def _area(space: Any, name: str) -> float:
    for props in ue.get_psets(space).values():
        if isinstance(props.get(name), (int, float)):
            return float(props[name])
    raise AssertionError(f"{space.GlobalId} has no {name}")


# --- the room pointed at -----------------------------------------------------------------------------------------

def test_pointers_are_found_by_form() -> None:
    def said(q: str) -> str | None:
        m = pointer(q)
        return m.group(0) if m else None

    assert said("We painted B201. Which doors bound that room?") == "that room"
    assert said("Labor I: which doors belong to this room's boundary?") == "this room's"
    assert said("Flur - how many walls enclose it?") == "it"
    assert said("Flur - how many walls are in it?") is None  # 'it' after no boundary verb: the other readings
    assert said("which doors bound the kitchen?") is None


def test_a_room_named_before_that_room_is_that_room(qa: Callable[[str], SpatialQA], model: Model) -> None:
    f = model(DUPLEX)
    answer = qa(DUPLEX).ask("We just repainted B201. Which doors open onto that room?")
    assert answer["declined"] is None, answer["answer"]
    assert _guids(answer) == _bounding(_space(f, "B201"), "IfcDoor") != set()
    assert "'that room' = 'B201'" in answer["rule"]


def test_it_after_a_boundary_verb_and_a_possessive(qa: Callable[[str], SpatialQA], model: Model) -> None:
    f = model(INSTITUTE)
    answer = qa(INSTITUTE).ask("Seminarraum, how many walls enclose it?")
    walls = _bounding(_space(f, long="Seminarraum"), "IfcWall")
    assert answer["count"] == len(walls) > 0 and _guids(answer) == walls, answer["answer"]
    answer = qa(INSTITUTE).ask("About Labor I: which doors are part of this room's boundary?")
    assert _guids(answer) == _bounding(_space(f, long="Labor I"), "IfcDoor") != set(), answer["answer"]


def test_a_pointer_at_a_room_the_model_lacks_or_at_two_rooms_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(FZK).ask("Sauna: which windows bound this room?"), "Sauna")
    answer = qa(FZK).ask("Küche and Bad: the doors of that room?")
    _declined(answer, "that room")
    assert "'Küche' or 'Bad'" in answer["declined"]["reason"]
    _declined(qa(FZK).ask("which windows bound that room?"), "room")  # nothing named before it
    # a part asking its own question: two requests, never the second alone
    _declined(qa(FZK).ask("Where is the Küche? Which windows bound that room?"), "room")
    # Duplex has two kitchens: a word not understood before the name may say which one
    _declined(qa(DUPLEX).ask("The broken Kitchen: which windows bound that room?"), "room")


# --- rooms by what bounds them -------------------------------------------------------------------------------------

def test_rooms_whose_boundaries_lack_a_class(qa: Callable[[str], SpatialQA], model: Model) -> None:
    f = model(DUPLEX)
    level2 = {s.GlobalId for s in f.by_type("IfcSpace") if storey_of(s) == "Level 2"
              and not _bounding(s, "IfcWindow")}
    answer = qa(DUPLEX).ask("list the rooms on Level 2 not having any window")
    assert answer["declined"] is None and _guids(answer) == level2 != set(), answer["answer"]
    assert answer["rule"] == "spaces on Level 2 with no IfcWindow among their space boundaries"
    doorless = {s.GlobalId for s in f.by_type("IfcSpace") if not _bounding(s, "IfcDoor")}
    assert _guids(qa(DUPLEX).ask("spaces not having a door")) == doorless != set()
    windowless = {s.GlobalId for s in f.by_type("IfcSpace") if not _bounding(s, "IfcWindow")}
    assert _guids(qa(DUPLEX).ask("which spaces have zero windows?")) == windowless != set()


def test_no_space_boundaries_at_all_declines(qa: Callable[[str], SpatialQA], model: Model) -> None:
    assert not model(LARGE).by_type("IfcRelSpaceBoundary")
    for q in ("which rooms have more than one door?", "rooms without windows", "which room has the most doors?"):
        answer = qa(LARGE).ask(q)
        _declined(answer, "no space boundaries")
        assert "cannot be answered from this file" in answer["answer"] or "does not say" in answer["answer"]


def test_facing_into_a_room_is_its_boundary_facing_north_declines(qa: Callable[[str], SpatialQA],
                                                                   model: Model) -> None:
    answer = qa(DUPLEX).ask("which windows face into A102?")
    assert _guids(answer) == _bounding(_space(model(DUPLEX), "A102"), "IfcWindow") != set(), answer["answer"]
    _declined(qa(DUPLEX).ask("which windows of A102 face north?"), "fac")


def test_a_room_word_before_a_name_is_that_room(qa: Callable[[str], SpatialQA], model: Model) -> None:
    answer = qa(INSTITUTE).ask("which doors lead into the corridor Flur EG West?")
    assert _guids(answer) == _bounding(_space(model(INSTITUTE), long="Flur EG West"), "IfcDoor") != set(), \
        answer["answer"]


def test_an_unknown_or_unrecorded_relation_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    _declined(qa(FZK).ask("which windows are above Küche?"), "above")
    _declined(qa(FZK).ask("which rooms are next to Küche?"), "next")


# --- one room by a superlative, a sum over every room ----------------------------------------------------------------

@pytest.mark.parametrize(("name", "quantity", "question", "largest"), [
    (REVIT, "GSA BIM Area", "which room has the largest floor area?", True),
    (FZK, "NetFloorArea", "which space is the largest by floor area?", True),
    (HOM, "NetFloorArea", "what room is the most small one (area)?", False),
    (DUPLEX, "GSA BIM Area", "Which room has the biggest floor area?", True),
])
def test_a_superlative_room_is_one_room(qa: Callable[[str], SpatialQA], model: Model, name: str, quantity: str,
                                        question: str, largest: bool) -> None:
    spaces = model(name).by_type("IfcSpace")
    values = {s.GlobalId: _area(s, quantity) for s in spaces}
    best = (max if largest else min)(values.values())
    answer = qa(name).ask(question)
    assert answer["declined"] is None, answer["answer"]
    assert math.isclose(answer["value"]["number"], best, rel_tol=1e-3), answer["answer"]
    assert answer["value"]["quantity"] == quantity and answer["value"]["op"] == ("max" if largest else "min")
    assert _guids(answer) == {g for g, v in values.items() if math.isclose(v, best, rel_tol=1e-6)}
    assert "per storey" not in answer["answer"] and "chosen by" not in (answer["rule"] or "")


def test_the_storey_with_the_largest_floor_area_is_still_a_storey(qa: Callable[[str], SpatialQA],
                                                                   model: Model) -> None:
    sums: dict[str | None, float] = {}
    for s in model(FZK).by_type("IfcSpace"):
        sums[storey_of(s)] = sums.get(storey_of(s), 0.0) + _area(s, "NetFloorArea")
    answer = qa(FZK).ask("which floor has the largest floor area?")
    assert answer["storeys"] == [max(sums, key=lambda k: sums[k])], answer["answer"]


def test_a_total_over_every_room(qa: Callable[[str], SpatialQA], model: Model) -> None:
    total = sum(_area(s, "NetFloorArea") for s in model(FZK).by_type("IfcSpace"))
    for q in ("what is the total net floor area over all the rooms?", "Gesamtfläche über alle Räume, bitte"):
        answer = qa(FZK).ask(q)
        assert answer["declined"] is None and math.isclose(answer["value"]["number"], total, rel_tol=1e-3), (
            q, answer["answer"])
    _declined(qa(FZK).ask("which lights are over all the doors?"), "over")  # no aggregate: a position


def test_ranging_over_needs_a_quantifier_and_an_aggregate() -> None:
    text = "total net floor area over all the rooms"
    at = text.index("over")
    assert ranges_over(text, at, at + 4)
    assert not ranges_over("lights over all the doors", 7, 11)
    assert not ranges_over("total area over the kitchen", 11, 15)
    assert ranging_plain(text) == "total net floor area of   all the rooms"


def test_bench_files_equal_a_fresh_run(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from room_relation_forms.py: run `python bench/spatial/room_relation_forms.py`")
