"""Round 18, comparatives, thresholds and inclusion / exclusion phrases said in other words
(bench/spatial/comparative_forms.py, src/ifcqa/spatial/comparative_shapes.py).

The shapes are spelled in the forms the parser reads ("the greater count of X" -> "more X", "a dozen" -> 12, "over
N X" -> "more than N X", "A plus B" -> "A and B", "not counting R" -> "except R"); "counting both floors" is the
model's storeys only when it has two; "including R" changes nothing but is checked (R a room of the rooms asked).
Questions below are none of the bench's; answers are checked against the IFC file read with plain IfcOpenShell.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.comparative_shapes import Model, spell_out

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "comparative_forms.py"
DEV = REPO / "bench" / "spatial" / "comparative_cases.json"
HELD = REPO / "bench" / "spatial" / "comparative_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
LARGE = "LargeBuilding.ifc"
HOM = "ExampleHOM.ifc"


@pytest.fixture
def model(shared_ifc: Path) -> Callable[[str], Any]:
    return lambda name: open_cached(str(shared_ifc / name))


def _declined(answer: dict[str, Any], word: str = "") -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"].get("not_understood") or []) + answer["answer"], answer["answer"]


def _on(f: Any, cls: str, storeys: tuple[str, ...]) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if storey_of(e) in storeys}


def _shapes(storeys: list[str]) -> Model:
    rooms = {"kitchen": ["level 1"], "flur": ["erdgeschoss"]}
    return Model(storeys, lambda w: w in {"doors", "windows", "walls"}, rooms.get)


def test_spell_out_changes_only_the_shape() -> None:
    two = _shapes(["erdgeschoss", "dachgeschoss"])
    assert spell_out("which level holds the greater count of doors", two).text == "which level has more doors"
    assert spell_out("more than a dozen windows on level 1?", two).text == "more than 12 windows on level 1?"
    assert spell_out("rooms over 20 m²", two).text == "rooms over 20 m²"  # a unit: the qualifier passes' form
    assert spell_out("over 20 doors?", two).text == "more than 20 doors?"
    assert spell_out("erdgeschoss + dachgeschoss: walls?", two).text == "erdgeschoss and dachgeschoss: walls?"
    assert spell_out("how many rooms on erdgeschoss, not counting the flur itself?", two).text == (
        "how many rooms on erdgeschoss, not counting the flur?")  # "not counting": the exclusion passes' own form
    assert spell_out("räume im erdgeschoss (flur nicht mitgezählt)", two).text == "räume im erdgeschoss ausser flur"
    found = spell_out("counting both floors, how many doors?", _shapes(["a", "b", "c"]))
    assert found.decline is not None and "has 3" in found.decline[0]
    found = spell_out("how many rooms on dachgeschoss, including the flur?", two)
    assert found.decline is not None and "not among the rooms asked" in found.decline[0]
    found = spell_out("how many rooms on erdgeschoss, including the flur?", two)
    assert found.decline is None and found.text == "how many rooms on erdgeschoss?"


def test_comparative_nouns_and_verbs(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(INST)
    per = {s: len(_on(f, "IfcWindow", (s,))) for s in ("Keller", "2. Obergeschoss")}
    want = max(per, key=lambda s: per[s])
    for q in ("Keller or 2. Obergeschoss: which one is holding the higher number of windows?",
              "Hat Keller oder 2. Obergeschoss die größere Anzahl an Fenstern?"):
        answer = qa(INST).ask(q)
        assert answer["declined"] is None and want in answer["answer"].split(" has ")[0], (q, answer["answer"])
    answer = qa(INST).ask("which storey carries the larger number of furniture?")
    counts = {s: len(_on(f, "IfcFurnishingElement", (s,))) for s in
              ("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss")}
    top = sorted(counts, key=lambda s: -counts[s])
    assert counts[top[0]] == counts[top[1]]  # a tie: both named
    assert top[0] in answer["answer"] and top[1] in answer["answer"], answer["answer"]


def test_thresholds_in_other_words(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    doors = len(f.by_type("IfcDoor"))
    answer = qa(DUPLEX).ask("does the duplex have in excess of a dozen doors?")
    assert answer["yes_no"] is (doors > 12) and str(doors) in answer["answer"], answer["answer"]
    l2 = len(_on(f, "IfcWindow", ("Level 2",)))
    answer = qa(DUPLEX).ask("Not more than twenty windows on Level 2, is that correct?")
    assert answer["yes_no"] is (l2 <= 20) and str(l2) in answer["answer"], answer["answer"]
    _declined(qa(DUPLEX).ask("over 5 hot tubs on Level 1?"))


def test_totals_over_storeys(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(LARGE)
    answer = qa(LARGE).ask("across both floors, how many doors are there?")
    assert answer["count"] == len(f.by_type("IfcDoor")), answer["answer"]
    g = model(HOM)
    want = _on(g, "IfcDoor", ("GroundFloor", "1stFloor"))
    answer = qa(HOM).ask("doors GroundFloor plus 1stFloor - how many?")
    assert answer["count"] == len(want) and {r["guid"] for r in answer["elements"]} == want, answer["answer"]
    # three storeys, two of them holding doors: "both floors" are those two; four holding windows: declined
    answer = qa(HOM).ask("counting both floors, how many doors does the house have?")
    assert answer["count"] == len(g.by_type("IfcDoor")) == len(_on(g, "IfcDoor", ("GroundFloor", "1stFloor"))), \
        answer["answer"]
    _declined(qa(INST).ask("counting both floors, how many windows does the house have?"), "both floors")


def test_inclusion_is_checked_against_the_set(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    l1 = {s.GlobalId for s in f.by_type("IfcSpace") if storey_of(s) == "Level 1"}
    answer = qa(DUPLEX).ask("how many rooms does Level 1 have, the foyers included?")
    assert answer["count"] == len(l1), answer["answer"]
    _declined(qa(DUPLEX).ask("how many rooms does Level 2 have, the foyers included?"), "foyers")
    _declined(qa(DUPLEX).ask("how many rooms on Level 1 including the wine cellar"), "wine cellar")
    # a room included in a count of doors: what it adds is not said (main answered the doors bounding it)
    _declined(qa(DUPLEX).ask("how many doors on Level 1, including the kitchen"), "kitchen")


def test_exclusion_words_take_the_part_out(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(FZK)
    eg = [s for s in f.by_type("IfcSpace") if storey_of(s) == "Erdgeschoss"]
    want = {s.GlobalId for s in eg if s.LongName != "Bad"}
    for q in ("Räume im Erdgeschoss (das Bad selbst nicht mitgerechnet)", "rooms on Erdgeschoss, leaving out the Bad"):
        answer = qa(FZK).ask(q)
        assert {r["guid"] for r in answer["elements"]} == want, (q, answer["answer"])
    _declined(qa(FZK).ask("how many rooms on Erdgeschoss, not counting the ballroom?"))


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from comparative_forms.py: run `python bench/spatial/comparative_forms.py`")


def test_storey_joins_tails_and_itself(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(INST)
    want = _on(f, "IfcWindow", ("1. Obergeschoss", "2. Obergeschoss"))
    answer = qa(INST).ask("windows 1. + 2. Obergeschoss")
    assert {r["guid"] for r in answer["elements"]} == want, answer["answer"]
    keller = len(_on(f, "IfcDoor", ("Keller",)))
    answer = qa(INST).ask("more than 10 doors on Keller or not?")
    assert answer["yes_no"] is (keller > 10) and str(keller) in answer["answer"], answer["answer"]
    # "nothing left out" is no part taken out; "including the doors" where there are none declines
    answer = qa(INST).ask("Everything on Keller please, nothing left out.")
    assert answer["declined"] is None and answer["elements"], answer["answer"]
    _declined(qa(INST).ask("everything on Dachgeschoss, including the doors"), "doors")
    g = model("WP_Puffer_FWS_FBH10.ifc")  # the heat pump: an IfcUnitaryEquipment named "Wärmepumpe"
    rest = {e.GlobalId for e in g.by_type("IfcElement") if not e.is_a("IfcFeatureElement")
            and not e.is_a("IfcVirtualElement") and e.Name != "Wärmepumpe"}
    for q in ("die Wärmepumpe selbst ausgenommen, wie viele Bauteile gibt es?",
              "what is there apart from the heat pump itself?"):
        answer = qa("WP_Puffer_FWS_FBH10.ifc").ask(q)
        assert {r["guid"] for r in answer["elements"]} == rest, (q, answer["answer"])


def test_included_room_with_a_dash_and_a_threshold_topic(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(LARGE)
    l1 = {s.GlobalId for s in f.by_type("IfcSpace") if storey_of(s) == "Level 1"}
    # main answered "1 space named like 'room 3'": the inclusion read as the set itself
    answer = qa(LARGE).ask("rooms on Level 1, with room 3 included - how many?")
    assert answer["count"] == len(l1), answer["answer"]
    windows = len(f.by_type("IfcWindow"))
    for q in ("windows: more than 50 or not?", "Fenster: mehr als 20?"):
        answer = qa(LARGE).ask(q)
        limit = 50 if "50" in q else 20
        assert answer["yes_no"] is (windows > limit) and str(windows) in answer["answer"], (q, answer["answer"])


def test_a_statement_asked_and_then_for_than(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(INST)
    keller, eg = len(_on(f, "IfcDoor", ("Keller",))), len(_on(f, "IfcDoor", ("Erdgeschoss",)))
    # main listed the 34 doors of both storeys for the first one
    for q in ("the Keller have more doors then the Erdgeschoss?", "Keller has more doors than Erdgeschoss?"):
        answer = qa(INST).ask(q)
        assert answer["yes_no"] is (keller > eg) and f"{keller} doors" in answer["answer"], (q, answer["answer"])
    answer = qa(INST).ask("Welches Geschoss besitzt die größte Anzahl an Türen?")
    per = {s: len(_on(f, "IfcDoor", (s,))) for s in ("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss")}
    assert answer["answer"].startswith(max(per, key=lambda s: per[s])), answer["answer"]


def test_threshold_synonyms_never_before_a_unit(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(FZK)
    windows = len(f.by_type("IfcWindow"))
    eg = len(_on(f, "IfcWindow", ("Erdgeschoss",)))
    for q, want in (("are there more as 10 windows?", windows > 10), ("are there minimum 12 windows?", windows >= 12),
                    ("max. 8 windows on Erdgeschoss?", eg <= 8), ("does the number of windows exceed 10?",
                                                                   windows > 10)):
        answer = qa(FZK).ask(q)
        assert answer["yes_no"] is want, (q, answer["answer"])
    # a unit after the number: a measure filter (the qualifier passes), no count threshold
    rooms = [s for s in f.by_type("IfcSpace")
             if (ue_area := _area(s)) is not None and ue_area > 20]
    answer = qa(FZK).ask("rooms over 20 m²")
    assert {r["guid"] for r in answer["elements"]} == {s.GlobalId for s in rooms}, answer["answer"]


def _area(space: Any) -> float | None:
    import ifcopenshell.util.element as ue
    value = ue.get_pset(space, "BaseQuantities", "NetFloorArea")
    return float(value) if isinstance(value, (int, float)) else None


def test_which_one_needs_its_two_sides(qa: Callable[[str], SpatialQA], model: Any) -> None:
    import ifcopenshell.util.element as ue
    f = model(DUPLEX)
    area = {s.Name: ue.get_pset(s, "GSA Space Areas", "GSA BIM Area") for s in f.by_type("IfcSpace")}
    bigger = max(("A103", "A102"), key=lambda n: area[n])
    # main: "which of the two is larger: A103 or A102?" read "the two" as a storey (a tie at 0 m²)
    for q in ("which of the two is larger: A103 or A102?", "Welcher von beiden ist größer: A103 oder A102?"):
        answer = qa(DUPLEX).ask(q)
        assert [r["name"] for r in answer["elements"]] == [bigger], (q, answer["answer"])
    # main answered the total area of all 21 spaces for both
    _declined(qa(DUPLEX).ask("which one has more area?"), "which one")
    _declined(qa(DUPLEX).ask("kitchen vs living room in unit Q - which one has more area?"))


def test_what_other_passes_read_is_left_to_them(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    doors = {e.GlobalId for e in f.by_type("IfcDoor") if storey_of(e) == "Level 1"}
    # "including their widths": what to show (the lookup passes), no part included
    answer = qa(DUPLEX).ask("list the doors on Level 1 including their widths")
    assert answer["declined"] is None and {r["guid"] for r in answer["elements"]} == doors, answer["answer"]
    furniture = f.by_type("IfcFurnishingElement")
    for q in ("all furniture, excluding chairs", "all furniture, chairs excluded"):
        answer = qa(DUPLEX).ask(q)
        assert answer["declined"] is None and 0 < len(answer["elements"]) <= len(furniture), (q, answer["answer"])
    # main answered the 2 windows on Roof: the ones included are among all windows
    answer = qa(DUPLEX).ask("how many windows including the ones on the roof?")
    assert answer["count"] == len(f.by_type("IfcWindow")), answer["answer"]
    # main answered only the external walls; which walls "the external ones" adds is not read: declined
    _declined(qa(DUPLEX).ask("walls on Level 1 including the external ones"))
