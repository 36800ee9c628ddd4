"""Round 24 (lead): the short voices people_eighteenth's (a) and (d) phrasings found unread, read by the kind.

Each positive is asked on a model the eighteenth set does not use for it, its oracle read with plain IfcOpenShell,
and beside it a variant that must still decline or keep its filter:

- a terse plural ("railings?") or a modal existence ("would there be any stairs at all?") is a yes/no with the list;
- "<thing> storey" with no separator asks its storeys, only when the whole topic is a class or a room;
- "storey count", "count the storeys", "levels total?" count the storeys (main listed all 809 elements of the
  Institute for "levels total?");
- "A vs B, more A?" compares two class counts; a storey the model lacks in it declines;
- a hedged guess beside an ask for the exact value is no filter; "rooms of about 20 m2" keeps its filter;
- "no have" is "have no"; "X inside have how many Y" counts Y in X; "room b two oh one" is room B201.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell.util.element as ue
from plain_walks import open_cached, storey_of

from ifcqa.spatial import SpatialQA

FZK20 = "AC20-FZK-Haus.ifc"
DUPLEX = "Duplex_A_20110907.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"


def _of_class(shared_ifc: Path, model: str, ifc_class: str) -> list:
    return list(open_cached(str(shared_ifc / model)).by_type(ifc_class))


def _declines(answer: dict, *words: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer.get("elements"), answer["answer"]
    for w in words:
        assert w in answer["answer"], answer["answer"]


def test_a_terse_plural_and_a_modal_existence_say_yes_and_list(qa: Callable[[str], SpatialQA],
                                                               shared_ifc: Path) -> None:
    railings = {r.GlobalId for r in _of_class(shared_ifc, FZK20, "IfcRailing")}
    answer = qa(FZK20).ask("railings?")
    assert answer["yes_no"] is True and answer["count"] == len(railings) > 0, answer["answer"]
    assert {e["guid"] for e in answer["elements"]} == railings
    on_level_2 = [r for r in _of_class(shared_ifc, DUPLEX, "IfcRailing") if storey_of(r) == "Level 2"]
    answer = qa(DUPLEX).ask("would there be any railings on Level 2?")
    assert answer["yes_no"] is (len(on_level_2) > 0) and answer["declined"] is None, answer["answer"]
    _declines(qa(DUPLEX).ask("would there be any stairs on Level 3 at all?"), "level 3")


def test_a_thing_then_a_storey_noun_asks_where_it_is(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    stairs = {storey_of(s) for s in _of_class(shared_ifc, DUPLEX, "IfcStair")}
    assert qa(DUPLEX).ask("stairs level")["storeys"] == sorted(stairs)
    kitchen = next(s for s in _of_class(shared_ifc, FZK20, "IfcSpace") if s.LongName == "Küche")
    assert qa(FZK20).ask("Küche storey")["storeys"] == [storey_of(kitchen)]
    answer = qa(FZK20).ask("ground floor")  # "ground" is no thing: the storey itself, as before
    assert answer["storeys"] is None and answer["elements"], answer["answer"]
    assert qa(DUPLEX).ask("sauna level")["elements"] == []


def test_the_storeys_counted_tersely(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    n = len(_of_class(shared_ifc, INSTITUTE, "IfcBuildingStorey"))
    for asked in ("storey count", "levels total?", "count the storeys"):
        answer = qa(INSTITUTE).ask(asked)
        assert answer["count"] == n == 5 and len(answer["elements"]) == n, (asked, answer["answer"])


def test_two_classes_side_by_side_then_one_chosen(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    doors, windows = (len(_of_class(shared_ifc, FZK20, c)) for c in ("IfcDoor", "IfcWindow"))
    assert qa(FZK20).ask("doors vs windows, more doors?")["yes_no"] is (doors > windows)
    assert qa(FZK20).ask("Fenster vs Türen, mehr Fenster?")["yes_no"] is (windows > doors)
    _declines(qa(FZK20).ask("doors vs windows on Level 5, more doors?"), "level 5")
    # a chosen side that is neither of the two is not read so
    assert qa(FZK20).ask("doors vs windows, more slabs?")["yes_no"] is None


def test_a_guessed_number_is_no_filter(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    on_eg = [w for w in _of_class(shared_ifc, FZK20, "IfcWindow") if storey_of(w) == "Erdgeschoss"]
    answer = qa(FZK20).ask("probably 12 windows or so in the Erdgeschoss - what's the real number?")
    assert answer["count"] == len(on_eg) == 9, answer["answer"]
    bedroom = next(s for s in _of_class(shared_ifc, FZK20, "IfcSpace") if s.LongName == "Schlafzimmer")
    area = float(ue.get_psets(bedroom)["BaseQuantities"]["NetFloorArea"])
    answer = qa(FZK20).ask("the Schlafzimmer is roughly 15 m2 I guess, what's the exact area?")
    assert abs(answer["value"]["number"] - area) < 0.01, answer["answer"]
    _declines(qa(DUPLEX).ask("i think 5 doors are on Level 3, how many really?"), "level 3")
    # a value the things have is a filter, not a guess: never every room's total
    answer = qa(FZK20).ask("rooms of about 20 m2, which exactly?")
    assert len(answer["elements"]) < len(_of_class(shared_ifc, FZK20, "IfcSpace")), answer["answer"]
    assert answer["value"] is None, answer["answer"]


def test_learner_english_and_dictated_room_numbers(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    model = open_cached(str(shared_ifc / DUPLEX))
    bounded = {r.RelatingSpace.GlobalId for r in model.by_type("IfcRelSpaceBoundary")
               if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a("IfcWindow")}
    without = {s.GlobalId for s in model.by_type("IfcSpace") if s.GlobalId not in bounded}
    answer = qa(DUPLEX).ask("which room no have window?")
    assert {e["guid"] for e in answer["elements"]} == without and without, answer["answer"]
    living = next(s for s in _of_class(shared_ifc, SAMPLE, "IfcSpace") if s.LongName == "Living room")
    inside = [e for r in living.ContainsElements for e in r.RelatedElements if e.is_a("IfcFurniture")]
    answer = qa(SAMPLE).ask("Living room inside got how many furniture?")
    assert answer["count"] == len(inside) > 0, answer["answer"]
    _declines(qa(SAMPLE).ask("Kitchen inside have how many furniture?"), "kitchen")
    b201 = next(s for s in model.by_type("IfcSpace") if s.Name == "B201")
    assert qa(DUPLEX).ask("what storey is room b two oh one on")["storeys"] == [storey_of(b201)]
    _declines(qa(DUPLEX).ask("how many windows does room c one oh two have"))


def test_regional_words_openers_vocatives_and_guessing_tails(qa: Callable[[str], SpatialQA],
                                                             shared_ifc: Path) -> None:
    on_eg = [d for d in _of_class(shared_ifc, FZK20, "IfcDoor") if storey_of(d) == "Erdgeschoss"]
    answer = qa(FZK20).ask("aye so how mony doors hae we got on the Erdgeschoss?")  # Scots
    assert answer["count"] == len(on_eg) > 0, answer["answer"]
    on_dg = [w for w in _of_class(shared_ifc, FZK20, "IfcWindow") if storey_of(w) == "Dachgeschoss"]
    answer = qa(FZK20).ask("Wie vil Fänschter hät s Dachgschoss?")  # Swiss German
    assert answer["count"] == len(on_dg) > 0, answer["answer"]
    on_level_1 = [w for w in _of_class(shared_ifc, DUPLEX, "IfcWindow") if storey_of(w) == "Level 1"]
    answer = qa(DUPLEX).ask("how many windows on Level 1 mate, reckon it's heaps?")
    assert answer["count"] == len(on_level_1) > 0, answer["answer"]
    n = len(_of_class(shared_ifc, INSTITUTE, "IfcBuildingStorey"))
    assert qa(INSTITUTE).ask("hw many storeys r in this bldg?")["count"] == n
    # a regional word changes no word the sentence needs: an unknown place still declines
    _declines(qa(FZK20).ask("how mony doors hae we got on the Keller, mate?"))


def test_the_building_the_file_name_calls_by_a_building_noun(qa: Callable[[str], SpatialQA],
                                                             shared_ifc: Path) -> None:
    model = open_cached(str(shared_ifc / SAMPLE))
    internal = [d for d in model.by_type("IfcDoor")
                if ue.get_psets(d).get("Pset_DoorCommon", {}).get("IsExternal") is False]
    answer = qa(SAMPLE).ask("internal doors in sample house, kindly share the count")
    assert answer["count"] == len(internal) > 0, answer["answer"]
    # another model's spoken name is not this one: "the open house" is IfcOpenHouse, not the Sample House
    assert qa(SAMPLE).ask("internal doors in open house, kindly share the count")["declined"] is not None


def test_how_much_of_things_asks_a_price(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    """ "how much are the windows on Level 2?" asks a price (main listed the 18 windows); "how much" before a
    measure ("how much wall area", "how much is the volume of A103") asks the measure."""
    for asked in ("how much are the windows on Level 2?", "how much for the doors on Level 1?",
                  "how much would the doors be?", "how much is a door?"):
        _declines(qa(DUPLEX).ask(asked), "costs and prices")
    a103 = next(s for s in _of_class(shared_ifc, DUPLEX, "IfcSpace") if s.Name == "A103")
    volume = float(ue.get_psets(a103)["PSet_Revit_Dimensions"]["Volume"])
    answer = qa(DUPLEX).ask("how much is the volume of A103")
    assert abs(answer["value"]["number"] - volume) < 0.01 * volume, answer["answer"]


def test_a_german_conjunction_is_never_read_as_a_typo(qa: Callable[[str], SpatialQA]) -> None:
    """ "Weil" was read as "Well" and the reason clause set aside as talk (the windows of the Erdgeschoss listed);
    the English sentence declines on the reason clause, and so does the German one now."""
    for asked in ("Welche Fenster sind im Erdgeschoss? Weil die Türen neue Schlösser bekommen.",
                  "Which windows are on the Erdgeschoss? Because the doors get new locks."):
        answer = qa(INSTITUTE).ask(asked)
        _declines(answer)
        assert "Well" not in answer["answer"], answer["answer"]


def test_a_one_letter_label_is_no_chat_abbreviation(qa: Callable[[str], SpatialQA]) -> None:
    """ "Building D" was read as "Building the" (a chat 'd'), the field set aside and Level 1's windows listed."""
    _declines(qa(DUPLEX).ask("Case 310 | Location: Building D | Status: open\nHow many windows are on Level 1?"),
              "Building D")
    assert qa(DUPLEX).ask("hw many storeys r in this bldg?")["count"] == 4


def test_how_much_after_the_things_still_counts_and_a_schedule_ask_is_refused(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    """The all-sets gate found: "doors not in groundfloor - how much are they" (a count in learner English) was
    refused as a price; "quick one - when will the external walls on 1. Obergeschoss be installed?" was answered
    with the walls (ctx24's beside-the-ask reading took the schedule words for another thing's; now prices only)."""
    doors = [d for d in _of_class(shared_ifc, INSTITUTE, "IfcDoor") if storey_of(d) != "Erdgeschoss"]
    answer = qa(INSTITUTE).ask("doors not in Erdgeschoss - how much are they")
    assert {e["guid"] for e in answer["elements"]} == {d.GlobalId for d in doors} and doors, answer["answer"]
    _declines(qa(INSTITUTE).ask("quick one - when will the external walls on 1. Obergeschoss be installed?"),
              "schedules")
