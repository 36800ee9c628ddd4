"""Round-2 mechanisms of the spatial parser, each named by the sentences it reads and checked against the IFC file
read with plain IfcOpenShell: the count-comparison grammar (comparatives, ratios, equality, differences, two storeys
or two classes), zero counts as a threshold ("which floors have no windows"), negation forms before qualifiers,
storeys and rooms, contractions, fillers that are never misspelled classes, antonym dimension words, per-storey
measures and "which is bigger, A or B"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import ModelIndex
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.oracle import located_storey

DUPLEX = "Duplex_A_20110907.ifc"
INSTITUTE = "AC11-Institute-Var-2-IFC.ifc"
FZK = "AC20-FZK-Haus.ifc"
LARGE = "LargeBuilding.ifc"


def _qa(index_of: Callable[[str], ModelIndex], name: str) -> SpatialQA:
    return SpatialQA(index_of(name), use_graph=False, embedder=None)


def _per_storey(model: ifcopenshell.file, cls: str) -> Counter[str]:
    out: Counter[str] = Counter({s.Name: 0 for s in model.by_type("IfcBuildingStorey")})
    for e in model.by_type(cls):
        s = located_storey(e)
        if s is not None:
            out[s.Name] += 1
    return out


@pytest.fixture(scope="module")
def duplex(shared_ifc: Path) -> Any:
    return ifcopenshell.open(str(shared_ifc / DUPLEX))


@pytest.fixture(scope="module")
def institute(shared_ifc: Path) -> Any:
    return ifcopenshell.open(str(shared_ifc / INSTITUTE))


@pytest.mark.parametrize(("question", "holds"), [
    ("Does Level 2 have at least twice as many windows as Level 1?", lambda a, b: a >= 2 * b),
    ("Is the number of walls on Level 2 greater than on Level 1?", lambda a, b: a > b),
    ("Are there fewer doors on Level 2 than on Level 1?", lambda a, b: a < b),
    ("Do Level 2 and Level 1 have the same number of doors?", lambda a, b: a == b),
])
def test_count_comparisons_between_two_storeys_read_their_operator_and_factor(
        index_of: Callable[[str], ModelIndex], duplex: Any, question: str, holds: Any) -> None:
    cls = "IfcWall" if "walls" in question else "IfcDoor" if "doors" in question else "IfcWindow"
    per = _per_storey(duplex, cls)
    answer = _qa(index_of, DUPLEX).ask(question)
    assert answer["declined"] is None
    assert answer["yes_no"] is holds(per["Level 2"], per["Level 1"])
    assert f"Level 2 has {per['Level 2']}" in answer["answer"] and "Level 1 has" in answer["answer"]


def test_two_classes_compared_in_one_storey_with_a_tag_question(
        index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    doors, windows = _per_storey(duplex, "IfcDoor")["Level 1"], _per_storey(duplex, "IfcWindow")["Level 1"]
    answer = _qa(index_of, DUPLEX).ask("Level 1 has more doors than windows, right?")
    assert answer["yes_no"] is (doors > windows)
    assert f"{doors} doors and {windows} windows" in answer["answer"]


def test_how_many_more_is_a_count_difference(index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    per = _per_storey(duplex, "IfcWindow")
    answer = _qa(index_of, DUPLEX).ask("How many more windows does Level 2 have than Level 1?")
    assert answer["count"] == per["Level 2"] - per["Level 1"]
    doors = _per_storey(duplex, "IfcDoor")
    diff = _qa(index_of, DUPLEX).ask("what's the difference in door count between level 1 and level 2")
    assert diff["count"] == abs(doors["Level 1"] - doors["Level 2"])


def test_german_comparative_consumes_als(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    per = _per_storey(ifcopenshell.open(str(shared_ifc / FZK)), "IfcWindow")
    answer = _qa(index_of, FZK).ask("Gibt es im Erdgeschoss mehr Fenster als im Dachgeschoss?")
    assert answer["yes_no"] is (per["Erdgeschoss"] > per["Dachgeschoss"])
    twice = _qa(index_of, FZK).ask("Hat das Erdgeschoss doppelt so viele Fenster wie das Dachgeschoss?")
    assert twice["yes_no"] is (per["Erdgeschoss"] >= 2 * per["Dachgeschoss"])


@pytest.mark.parametrize("question", ["Which storeys have no doors?", "Which floors don't have any doors?",
                                      "Welche Geschosse haben keine Türen?"])
def test_storeys_without_a_class_are_a_zero_threshold(
        index_of: Callable[[str], ModelIndex], institute: Any, question: str) -> None:
    per = _per_storey(institute, "IfcDoor")
    answer = _qa(index_of, INSTITUTE).ask(question)
    assert sorted(answer["storeys"]) == sorted(s for s, n in per.items() if n == 0)


def test_which_storeys_pass_a_count_threshold(index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    per = _per_storey(duplex, "IfcDoor")
    answer = _qa(index_of, DUPLEX).ask("which floors have more than 6 doors?")
    assert sorted(answer["storeys"]) == sorted(s for s, n in per.items() if n > 6)
    yes = _qa(index_of, DUPLEX).ask("are there at least 2 doors on level 1")  # still a yes/no, not storeys
    assert yes["yes_no"] is (per["Level 1"] >= 2) and yes["count"] == per["Level 1"]


def test_are_there_no_x_is_a_yes_no_on_zero(index_of: Callable[[str], ModelIndex], institute: Any) -> None:
    per = _per_storey(institute, "IfcDoor")
    answer = _qa(index_of, INSTITUTE).ask("Are there no doors on the Dachgeschoss?")
    assert answer["yes_no"] is (per["Dachgeschoss"] == 0) and answer["count"] == per["Dachgeschoss"]


@pytest.mark.parametrize("question", ["all walls excluding the external ones", "walls other than the external ones",
                                      "Which walls aren't external?"])
def test_negation_forms_before_a_qualifier(index_of: Callable[[str], ModelIndex], duplex: Any, question: str) -> None:
    expected = {w.GlobalId for w in duplex.by_type("IfcWall")
                if ue.get_pset(w, "Pset_WallCommon", "IsExternal") is False}
    answer = _qa(index_of, DUPLEX).ask(question)
    assert answer["declined"] is None
    assert {e["guid"] for e in answer["elements"]} == expected


@pytest.mark.parametrize("question", ["count the walls that are neither in the Keller nor in the Erdgeschoss",
                                      "How many walls are there without counting the Keller and the Erdgeschoss?"])
def test_storey_negation_forms(index_of: Callable[[str], ModelIndex], institute: Any, question: str) -> None:
    per = _per_storey(institute, "IfcWall")
    answer = _qa(index_of, INSTITUTE).ask(question)
    assert answer["count"] == sum(n for s, n in per.items() if s not in ("Keller", "Erdgeschoss"))


def test_room_negation_with_apart_from(index_of: Callable[[str], ModelIndex], institute: Any) -> None:
    expected = {s.GlobalId for s in institute.by_type("IfcSpace") if located_storey(s) is not None
                and located_storey(s).Name == "Erdgeschoss" and "wc" not in (s.LongName or "").lower()}
    answer = _qa(index_of, INSTITUTE).ask("rooms apart from the WCs on the Erdgeschoss")
    assert {e["guid"] for e in answer["elements"]} == expected


def test_greetings_and_contractions_are_read_not_misspelled_classes(
        index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    per = _per_storey(duplex, "IfcWindow")
    answer = _qa(index_of, DUPLEX).ask("Hi, quick one: which storey has the fewest windows? Thanks")
    assert answer["storeys"] == [s for s, n in per.items() if n == min(per.values())]  # "Thanks" is not "tanks"


def test_antonym_dimension_words(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / LARGE))  # lengths in mm
    expected = {d.GlobalId for d in model.by_type("IfcDoor") if d.OverallWidth is not None and d.OverallWidth < 1000}
    answer = _qa(index_of, LARGE).ask("doors narrower than 1 m")
    assert answer["declined"] is None and "OverallWidth < " in answer["rule"]
    assert {e["guid"] for e in answer["elements"]} == expected


def test_which_of_two_rooms_is_bigger(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / FZK))
    area = {s.LongName: ue.get_pset(s, "BaseQuantities", "NetFloorArea") for s in model.by_type("IfcSpace")}
    spaces = {s.LongName: s.GlobalId for s in model.by_type("IfcSpace")}
    answer = _qa(index_of, FZK).ask("Which is bigger, the Wohnen or the Schlafzimmer?")
    winner = max(("Wohnen", "Schlafzimmer"), key=lambda n: area[n])
    assert [e["guid"] for e in answer["elements"]] == [spaces[winner]]
    smaller = _qa(index_of, FZK).ask("Welcher Raum ist kleiner, Küche oder Bad?")
    assert [e["guid"] for e in smaller["elements"]] == [spaces[min(("Küche", "Bad"), key=lambda n: area[n])]]


def test_a_measure_on_each_floor_is_given_per_storey(index_of: Callable[[str], ModelIndex], institute: Any) -> None:
    per: dict[str, float] = {}
    for s in institute.by_type("IfcSpace"):
        storey = located_storey(s)
        per[storey.Name] = per.get(storey.Name, 0.0) + ue.get_pset(s, "BaseQuantities", "NetFloorArea")
    answer = _qa(index_of, INSTITUTE).ask("total area of the rooms on each floor")
    assert answer["value"] is None  # no single number is claimed for a per-storey question
    for name, total in per.items():
        assert f"{name}: {round(total, 3):g} m²" in answer["answer"]


@pytest.mark.parametrize(("question", "passes"), [
    ("Is there any floor without doors?", lambda n: n == 0),
    ("Is there a level with no doors?", lambda n: n == 0),
    ("Is there a floor with more than 7 doors?", lambda n: n > 7),
])
def test_is_there_a_storey_quantifies_over_the_storeys(
        index_of: Callable[[str], ModelIndex], duplex: Any, question: str, passes: Any) -> None:
    per = _per_storey(duplex, "IfcDoor")  # never "yes, there are 14 doors": "without" is not filler
    answer = _qa(index_of, DUPLEX).ask(question)
    assert answer["yes_no"] is any(passes(n) for n in per.values())
    assert sorted(answer["storeys"]) == sorted(s for s, n in per.items() if passes(n))


def test_the_letter_around_an_email_question_is_read_as_filler(
        index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    expected = sum(1 for d in duplex.by_type("IfcDoor") if ue.get_pset(d, "Pset_DoorCommon", "IsExternal") is True
                   and (s := located_storey(d)) is not None and s.Name == "Level 1")
    qa = _qa(index_of, DUPLEX)
    answer = qa.ask("Hello, could you tell me how many external doors there are on Level 1? Thanks, Anna")
    assert answer["count"] == expected
    assert qa.ask("RE: how many external doors on Level 1 asap")["count"] == expected
    # a lower-case word after "thanks" is not a signature name: it is read (or declined), never dropped
    assert qa.ask("Which doors are on level 1, thanks, external ones")["declined"] is not None or all(
        ue.get_pset(duplex.by_guid(e["guid"]), "Pset_DoorCommon", "IsExternal") is True
        for e in qa.ask("Which doors are on level 1, thanks, external ones")["elements"])


def _gsa_per_storey(duplex: Any) -> dict[str, float]:
    out = {s.Name: 0.0 for s in duplex.by_type("IfcBuildingStorey")}
    for s in duplex.by_type("IfcSpace"):
        out[located_storey(s).Name] += ue.get_pset(s, "GSA Space Areas", "GSA BIM Area")
    return out


@pytest.mark.parametrize("question", ["which floor has the most floor area",
                                      "Which floor has the biggest total room area?"])
def test_storeys_ranked_by_a_summed_measure(index_of: Callable[[str], ModelIndex], duplex: Any, question: str) -> None:
    per = _gsa_per_storey(duplex)
    answer = _qa(index_of, DUPLEX).ask(question)
    assert answer["storeys"] == [max(per, key=lambda k: per[k])]
    assert answer["value"]["number"] == pytest.approx(max(per.values()), rel=1e-3)


def test_two_storeys_compared_by_a_summed_measure(index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    per = _gsa_per_storey(duplex)
    answer = _qa(index_of, DUPLEX).ask("Is the total room area of Level 2 bigger than that of Level 1?")
    assert answer["yes_no"] is (per["Level 2"] > per["Level 1"])
    largest = _qa(index_of, DUPLEX).ask("which floor has the largest room")  # no total word: one room's area
    best = max(duplex.by_type("IfcSpace"), key=lambda s: ue.get_pset(s, "GSA Space Areas", "GSA BIM Area"))
    assert largest["storeys"] == [located_storey(best).Name]


def test_which_rooms_have_no_x_is_a_per_space_zero_count(index_of: Callable[[str], ModelIndex], duplex: Any) -> None:
    furnished = {rel.RelatingStructure.GlobalId for rel in duplex.by_type("IfcRelContainedInSpatialStructure")
                 if rel.RelatingStructure.is_a("IfcSpace")
                 and any(e.is_a("IfcFurnishingElement") for e in rel.RelatedElements)}
    expected = {s.GlobalId for s in duplex.by_type("IfcSpace")} - furnished
    answer = _qa(index_of, DUPLEX).ask("Which rooms have no furniture?")
    assert answer["declined"] is None
    assert {e["guid"] for e in answer["elements"]} == expected


def test_german_ohne_and_english_but_in_storey_questions(index_of: Callable[[str], ModelIndex], institute: Any) -> None:
    per = _per_storey(institute, "IfcDoor")
    qa = _qa(index_of, INSTITUTE)
    answer = qa.ask("Gibt es ein Geschoss ohne Türen?")  # the doors are counted (zero), not taken out
    assert answer["yes_no"] is any(n == 0 for n in per.values())
    assert answer["storeys"] == [s for s, n in per.items() if n == 0]
    assert qa.ask("how many doors in all floors but the Keller")["count"] == sum(
        n for s, n in per.items() if s != "Keller")


def test_at_least_is_a_bound_not_a_fewest_question(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / LARGE))  # mm
    expected = {d.GlobalId for d in model.by_type("IfcDoor") if d.OverallWidth >= 900
                and located_storey(d) is not None and located_storey(d).Name == "Level 1"}
    answer = _qa(index_of, LARGE).ask("doors at least 900 mm wide on level 1")
    assert answer["storeys"] is None and "fewest" not in answer["answer"]
    assert {e["guid"] for e in answer["elements"]} == expected


def test_which_storeys_beat_a_named_storey(index_of: Callable[[str], ModelIndex], institute: Any) -> None:
    per = _per_storey(institute, "IfcSpace")
    answer = _qa(index_of, INSTITUTE).ask("Which floor has more rooms than the Keller?")
    assert answer["storeys"] == [s for s, n in per.items() if s != "Keller" and n > per["Keller"]]
    doors = _per_storey(institute, "IfcDoor")
    fewer = _qa(index_of, INSTITUTE).ask("which storeys have fewer doors than the 1. Obergeschoss")
    assert fewer["storeys"] == [s for s, n in doors.items() if s != "1. Obergeschoss" and n < doors["1. Obergeschoss"]]


def test_the_unit_an_answer_is_asked_in(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / FZK))
    kitchen = next(s for s in model.by_type("IfcSpace") if s.LongName == "Küche")
    answer = _qa(index_of, FZK).ask("how big is the Küche in m²")
    assert answer["value"]["number"] == pytest.approx(ue.get_pset(kitchen, "BaseQuantities", "NetFloorArea"), 1e-3)
    assert answer["value"]["unit"] == "m²"
    wrong = _qa(index_of, FZK).ask("what is the floor area of the Küche in m³")  # an area in cubic metres
    assert wrong["declined"] is not None and wrong["value"] is None
