"""Rooms named in a question (ifcqa.spatial.spaces), checked against plain IfcOpenShell on the shared models."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element
import pytest
from room_model import write_room_model

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.spatial.spaces import elements_in_spaces, find_spaces, fold, function_of, storeys_of

Index = Callable[[str], ModelIndex]


def _spaces(path: Path, keep: Callable[[ifcopenshell.entity_instance], bool]) -> set[str]:
    return {s.GlobalId for s in ifcopenshell.open(str(path)).by_type("IfcSpace") if keep(s)}


def _one(index: ModelIndex, text: str) -> tuple[str, str, set[str]]:
    mentions = find_spaces(index, text)
    assert len(mentions) == 1, mentions
    m = mentions[0]
    assert text[m.start : m.end] == m.term
    return m.term, m.how, set(m.guids)


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ModelIndex]:
    folder = tmp_path_factory.mktemp("rooms")
    path = write_room_model(folder)
    return path, load_index(path, cache=IndexCache(folder / "cache"))


def test_fold_drops_case_accents_and_transliteration() -> None:
    assert fold("Küche") == fold("KUECHE") == "kuche"
    assert fold("Büro") == fold("Buero")
    assert function_of("Technikraum II") == "plant room"
    assert function_of("WC Herren") == "toilet"  # a toilet is no bathroom (no bath or shower)
    assert function_of("Bath9") == "bathroom"
    assert function_of("Kitchen5") == "kitchen"
    assert function_of("Waschküche") == "laundry"  # the longest word decides, not the "küche" inside
    assert function_of("oldSpaceGuids_") is None
    assert [function_of(t) for t in ("Badkamer 1", "Kantoor 3.04", "PARKING", "Eingang")] == [
        "bathroom", "office", "garage", "entrance"]  # Dutch names, a predefined type, the longest word


def test_room_by_name_and_number_on_duplex(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "Duplex_A_20110907.ifc", index_of("Duplex_A_20110907.ifc")
    assert _one(index, "What is in room A203?") == ("room A203", "number", _spaces(path, lambda s: s.Name == "A203"))
    assert _one(index, "A203") == ("A203", "name", _spaces(path, lambda s: s.Name == "A203"))
    assert find_spaces(index, "is there a 203") == []  # "a" is a word, not the A of A203
    # a function word before a number: the numbered rooms when they are of that function or of none; A201/B201
    # are the Hallways, so "bedroom 201" names no space (round 19: never the hallways' contents for it)
    assert _one(index, "hallway 201")[1:] == ("number", _spaces(path, lambda s: s.Name in ("A201", "B201")))
    assert _one(index, "bedroom 201")[1:] == ("number", set())
    assert _one(index, "room 201")[1:] == ("number", _spaces(path, lambda s: s.Name in ("A201", "B201")))
    term, how, guids = _one(index, "Which floor is Bedroom 2 on?")
    assert (term, how, guids) == ("Bedroom 2", "long_name", _spaces(path, lambda s: s.LongName == "Bedroom 2"))
    two = find_spaces(index, "rooms 203 and 204")
    assert [(m.term, set(m.guids)) for m in two] == [
        ("rooms 203", _spaces(path, lambda s: s.Name in ("A203", "B203"))),
        ("204", _spaces(path, lambda s: s.Name in ("A204", "B204"))),
    ]


def test_room_by_function_on_duplex(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "Duplex_A_20110907.ifc", index_of("Duplex_A_20110907.ifc")
    kitchens = _spaces(path, lambda s: s.LongName == "Kitchen")
    assert len(kitchens) == 2
    assert _one(index, "where is the kitchen?") == ("kitchen", "function:kitchen", kitchens)
    baths = _spaces(path, lambda s: (s.LongName or "").startswith("Bathroom"))
    assert _one(index, "list the bathrooms") == ("bathrooms", "function:bathroom", baths)
    model = ifcopenshell.open(str(path))
    storeys = {ifcopenshell.util.element.get_aggregate(model.by_guid(g)).GlobalId for g in kitchens}
    assert set(storeys_of(index, sorted(kitchens))) == storeys


def test_unknown_rooms_are_returned_empty(index_of: Index) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    assert _one(index, "where is the server room") == ("server room", "function:server room", set())
    assert _one(index, "what is in room 999") == ("room 999", "number", set())
    assert _one(index, "Which rooms are adjacent to room 1B07?") == ("room 1B07", "number", set())


def test_no_mention_for_generic_room_words(index_of: Index) -> None:
    for name, text in (
        ("Duplex_A_20110907.ifc", "how many rooms are on level 2"),
        ("revit_quantities.ifc", "list the rooms"),  # LongName "Room" names no particular room
        ("KIT-EDC_with_SB.ifc", "which doors are on level 1"),  # Names "1".."58" need a room word
    ):
        assert find_spaces(index_of(name), text) == [], text


def test_german_names_and_compounds(shared_ifc: Path, index_of: Index) -> None:
    fzk, haus = shared_ifc / "AC20-FZK-Haus.ifc", index_of("AC20-FZK-Haus.ifc")
    kitchen = _spaces(fzk, lambda s: s.LongName == "Küche")
    assert _one(haus, "Wo ist die Küche?") == ("Küche", "function:kitchen", kitchen)
    assert _one(haus, "Büro")[2] == _spaces(fzk, lambda s: s.LongName == "Buero")
    assert _one(haus, "Flur") == ("Flur", "function:corridor", _spaces(fzk, lambda s: s.LongName == "Flur"))
    inst, institute = shared_ifc / "AC11-Institute-Var-2-IFC.ifc", index_of("AC11-Institute-Var-2-IFC.ifc")
    meeting = _spaces(inst, lambda s: (s.LongName or "").startswith("Besprechungsraum"))
    assert _one(institute, "Besprechungsräume") == ("Besprechungsräume", "function:meeting", meeting)
    assert _one(institute, "meeting rooms")[2] == meeting
    assert _one(institute, "room 1") == ("room 1", "number", _spaces(inst, lambda s: s.Name == "001"))
    herren = _spaces(inst, lambda s: s.LongName == "WC Herren")
    assert _one(institute, "WC Herren") == ("WC Herren", "long_name", herren)


def test_names_glued_to_numbers(shared_ifc: Path, index_of: Index) -> None:
    path, index = shared_ifc / "ExampleHOM.ifc", index_of("ExampleHOM.ifc")
    kitchen = _spaces(path, lambda s: s.Name == "Kitchen5")
    assert _one(index, "kitchen") == ("kitchen", "function:kitchen", kitchen)
    assert _one(index, "Kitchen5") == ("Kitchen5", "name", kitchen)
    assert _one(index, "kitchen 5")[2] == kitchen
    children = _spaces(path, lambda s: (s.Name or "").startswith("Children"))
    assert _one(index, "the children's rooms")[1:] == ("function:children", children)


def test_contents_boundaries_and_storeys_on_shared_models(shared_ifc: Path, index_of: Index) -> None:
    for name in ("Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc", "KIT-EDC_with_SB.ifc"):
        model, index = ifcopenshell.open(str(shared_ifc / name)), index_of(name)
        for space in model.by_type("IfcSpace")[:12]:
            contained: set[str] = set()
            stack = [e for rel in space.ContainsElements for e in rel.RelatedElements]
            while stack:
                e = stack.pop()
                contained.add(e.GlobalId)
                stack += ifcopenshell.util.element.get_parts(e) or []
            bounding = {
                rel.RelatedBuildingElement.GlobalId
                for rel in space.BoundedBy
                if rel.RelatedBuildingElement is not None and not rel.RelatedBuildingElement.is_a("IfcSpace")
            }
            assert set(elements_in_spaces(index, [space.GlobalId], bounding=False)) == contained
            assert set(elements_in_spaces(index, [space.GlobalId], bounding=True)) == bounding
            storey = ifcopenshell.util.element.get_aggregate(space)
            assert storeys_of(index, [space.GlobalId]) == [storey.GlobalId]


def test_room_model_made_with_the_api(rooms: tuple[Path, ModelIndex]) -> None:
    path, index = rooms
    model = ifcopenshell.open(str(path))
    guid = {s.Name: s.GlobalId for s in model.by_type("IfcSpace")}
    names = {e.GlobalId: e.Name for e in model.by_type("IfcProduct")}
    assert _one(index, "is there a server room?") == ("server room", "function:server room", {guid["1.02"]})
    assert _one(index, "what is in Raum 0.03")[1:] == ("number", {guid["Raum 0.03"]})
    assert _one(index, "Küche 0.01")[1:] == ("number", {guid["0.01"]})
    assert _one(index, "room 0.04") == ("room 0.04", "number", set())
    inside = elements_in_spaces(index, [guid["Raum 0.03"]], bounding=False)
    assert sorted(names[g] for g in inside) == ["Flight 1", "Flight 2", "Stair"]  # the stair's parts too
    assert sorted(names[g] for g in elements_in_spaces(index, [guid["0.01"]], bounding=True)) == ["D1", "W1"]
    assert [names[g] for g in elements_in_spaces(index, [guid["0.01"]], bounding=False)] == ["Table"]
    both = storeys_of(index, [guid["1.01"], guid["0.02"]])
    assert [names[g] for g in both] == ["EG", "OG"]  # lowest first
