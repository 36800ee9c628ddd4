"""Round 11 (lead): a room asked "on which level" is located, not taken for a storey's elevation; a storey named
there still gets its elevation. Answers checked against the file with plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit
from plain_walks import storey_of

from ifcqa.spatial import SpatialQA

FZK = "AC20-FZK-Haus.ifc"  # Erdgeschoss, Dachgeschoss; its kitchen (Küche) is space "6"
DUPLEX = "Duplex_A_20110907.ifc"
File = Callable[[str], ifcopenshell.file]


def test_on_which_level_is_a_room_names_its_storey(qa: Callable[[str], SpatialQA], model: File) -> None:
    kitchens = [s for s in model(FZK).by_type("IfcSpace") if "küche" in (s.LongName or "").lower()]
    assert len(kitchens) == 1
    for q in ("On which level is the kitchen?", "on which level is the Küche"):
        answer = qa(FZK).ask(q)
        assert answer["declined"] is None and answer["storeys"] == [storey_of(kitchens[0])], (q, answer["answer"])


def test_on_which_level_is_a_storey_is_still_its_elevation(qa: Callable[[str], SpatialQA], model: File) -> None:
    level2 = next(s for s in model(DUPLEX).by_type("IfcBuildingStorey") if s.Name == "Level 2")
    answer = qa(DUPLEX).ask("on which level is Level 2?")
    assert answer["declined"] is None and "Elevation" in answer["answer"], answer["answer"]
    metres = level2.Elevation * ifcopenshell.util.unit.calculate_unit_scale(model(DUPLEX))
    assert f"{metres:.1f}" in answer["answer"], answer["answer"]


def test_obergeschoss_on_a_house_without_one_declines_listing_its_storeys(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask("Wie viele Fenster gibt es im Obergeschoss?")
    assert answer["declined"] is not None and answer["elements"] == [], answer["answer"]
    assert "Dachgeschoss" in answer["answer"] and "Erdgeschoss" in answer["answer"], answer["answer"]


def _bounding(space: ifcopenshell.entity_instance, ifc_class: str) -> set[str]:
    return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy or ()
            if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(ifc_class)}


def test_a_room_noun_after_a_rooms_name_is_part_of_naming_it(qa: Callable[[str], SpatialQA], model: File) -> None:
    wohnen = next(s for s in model(FZK).by_type("IfcSpace") if s.LongName == "Wohnen")
    for q in ("Which windows does the Wohnen room have?", "windows in the Wohnen room"):
        answer = qa(FZK).ask(q)
        assert {e["guid"] for e in answer["elements"]} == _bounding(wohnen, "IfcWindow") != set(), (q, answer["answer"])


def test_a_room_noun_after_a_room_the_model_lacks_still_declines(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK).ask("Which windows does the server room have?")
    assert answer["elements"] == [] and "server" in answer["answer"], answer["answer"]


INST = "AC11-Institute-Var-2-IFC.ifc"


def _net_floor_areas(f: ifcopenshell.file, storey: str) -> dict[str, float]:
    out = {}
    for space in f.by_type("IfcSpace"):
        if storey_of(space) == storey:
            qtos = ue.get_psets(space, qtos_only=True)
            out[space.GlobalId] = next(q["NetFloorArea"] for q in qtos.values() if "NetFloorArea" in q)
    return out


def test_which_room_has_the_most_area_is_one_room_never_the_sum(qa: Callable[[str], SpatialQA], model: File) -> None:
    areas = _net_floor_areas(model(INST), "Erdgeschoss")
    top, low = max(areas.values()), min(areas.values())
    answer = qa(INST).ask("Which room on the Erdgeschoss has the most floor area?")
    assert {e["guid"] for e in answer["elements"]} == {g for g, a in areas.items() if a == top}, answer["answer"]
    assert "Total" not in answer["answer"] and f"{top:g}" in answer["answer"], answer["answer"]
    answer = qa(INST).ask("Which room on the Erdgeschoss has the least floor area?")
    assert {e["guid"] for e in answer["elements"]} == {g for g, a in areas.items() if a == low}, answer["answer"]
    answer = qa(INST).ask("Which storey has the most floor area?")  # per storey: the sums, as before
    assert "total" in answer["answer"] and answer["storeys"], answer["answer"]


def _windows(f: ifcopenshell.file, storey: str | None = None) -> set[str]:
    return {w.GlobalId for w in f.by_type("IfcWindow") if storey is None or storey_of(w) == storey}


def test_german_requests_in_the_imperative_polite_and_infinitive(qa: Callable[[str], SpatialQA], model: File) -> None:
    f = model(FZK)
    for q, storey in (("Zähl mal die Fenster", None), ("Zählen Sie bitte die Fenster", None),
                      ("Fenster zählen bitte", None), ("Zähl die Fenster im Erdgeschoss", "Erdgeschoss"),
                      ("Gib mir die Anzahl der Fenster im Dachgeschoss", "Dachgeschoss")):
        answer = qa(FZK).ask(q)
        assert answer["count"] == len(_windows(f, storey)), (q, answer["answer"])
    for q, storey in (("Zeig mir mal die Fenster im EG", "Erdgeschoss"),
                      ("Liste mal alle Fenster im Dachgeschoss auf", "Dachgeschoss")):
        answer = qa(FZK).ask(q)
        assert {e["guid"] for e in answer["elements"]} == _windows(f, storey), (q, answer["answer"])


def test_german_requests_keep_what_restricts(qa: Callable[[str], SpatialQA]) -> None:
    for q, word in (("Gib mir die roten Fenster", "roten"), ("Wie viele Fenster hat sie?", "sie")):
        answer = qa(FZK).ask(q)
        assert answer["elements"] == [] and word in answer["answer"], (q, answer["answer"])


DHW = "domestic-hot-water.ifc"  # one storey, My Storey; its sanitary terminals: a wash-hand basin and a bath


def _sanitary(f: ifcopenshell.file, predefined: str | None = None) -> set[str]:
    return {e.GlobalId for e in f.by_type("IfcSanitaryTerminal")
            if predefined is None or ue.get_predefined_type(e) == predefined}


def test_kinds_listed_after_a_class_as_examples_or_as_what_is_asked(qa: Callable[[str], SpatialQA],
                                                                    model: File) -> None:
    f = model(DHW)
    basins = _sanitary(f, "WASHHANDBASIN")
    assert basins and basins != _sanitary(f)
    for q in ("which sanitary terminals (basins, baths and so on) sit on My Storey?",
              "sanitary terminals like basins and baths on My Storey", "which sanitary terminals, e.g. basins, are "
              "on My Storey?"):  # examples: the class as a whole
        answer = qa(DHW).ask(q)
        assert {e["guid"] for e in answer["elements"]} == _sanitary(f), (q, answer["answer"])
    answer = qa(DHW).ask("which sanitary terminals (basins) are on My Storey?")  # a closed list: those kinds
    assert {e["guid"] for e in answer["elements"]} == basins, answer["answer"]


def test_a_listed_class_that_is_no_kind_of_the_head_is_declined(qa: Callable[[str], SpatialQA]) -> None:
    for q in ("which sanitary terminals like doors are on My Storey?", "which sanitary terminals (doors) are on "
              "My Storey?", "sanitary terminals with basins on My Storey"):
        answer = qa(DHW).ask(q)
        assert answer["elements"] == [] and answer["declined"] is not None, (q, answer["answer"])


LARGE = "LargeBuilding.ifc"  # walls typed 'Outside wall' and 'Inside'; 4 'Inside' walls are marked IsExternal


def _walls_typed(f: ifcopenshell.file, word: str) -> set[str]:
    return {w.GlobalId for w in f.by_type("IfcWall")
            if (t := ue.get_type(w)) is not None and word in (t.Name or "").lower()}


def test_a_type_name_before_the_word_type_is_the_type_never_a_qualifier(qa: Callable[[str], SpatialQA],
                                                                        model: File) -> None:
    f = model(LARGE)
    outside, inside = _walls_typed(f, "outside"), _walls_typed(f, "inside")
    assert outside and inside
    for q, wanted in (("which walls are of the 'Outside wall' type", outside), ("walls of the Inside type", inside)):
        answer = qa(LARGE).ask(q)
        assert {e["guid"] for e in answer["elements"]} == wanted, (q, answer["answer"])
    answer = qa(LARGE).ask("walls of the Concrete type")  # no type named so: declined, never every wall
    assert answer["elements"] == [] and "Concrete" in answer["answer"], answer["answer"]


SAMPLE = "Ifc4_SampleHouse.ifc"  # storeys Ground Floor and Roof (named like the IfcRoof class)


def test_a_storey_named_like_a_class_compared_with_a_storey_is_the_storey(qa: Callable[[str], SpatialQA],
                                                                          model: File) -> None:
    doors = [storey_of(d) for d in model(SAMPLE).by_type("IfcDoor")]
    ground, roof = doors.count("Ground Floor"), doors.count("Roof")
    assert ground > roof
    answer = qa(SAMPLE).ask("how many fewer doors does Roof have than Ground Floor?")
    assert answer["declined"] is None and answer["answer"].startswith(f"{ground - roof}:"), answer["answer"]
    answer = qa(SAMPLE).ask("does Roof have more doors than Ground Floor?")
    assert answer["answer"].startswith("No") and "Roof has" in answer["answer"], answer["answer"]
    answer = qa(SAMPLE).ask("are there more walls than roofs on Ground Floor?")  # the class: walls against roofs
    assert "roofs" in answer["answer"], answer["answer"]


def test_a_place_said_only_by_a_pronoun_is_declined_never_the_whole_model(qa: Callable[[str], SpatialQA],
                                                                          model: File) -> None:
    for q in ("ballroom - what's in it?", "what is in there", "The ballroom: how many windows are in it?"):
        answer = qa(FZK).ask(q)
        assert answer["elements"] == [] and answer["declined"] is not None, (q, answer["answer"])
    kitchen = next(s for s in model(FZK).by_type("IfcSpace") if "küche" in (s.LongName or "").lower())
    answer = qa(FZK).ask("Küche - which windows are in it?")  # the room named before: read back
    assert {e["guid"] for e in answer["elements"]} == _bounding(kitchen, "IfcWindow") != set(), answer["answer"]
