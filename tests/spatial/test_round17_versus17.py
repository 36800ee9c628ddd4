"""Round 17, two-sided comparisons and exclusions by their connecting words (bench/spatial/versus_forms.py,
src/ifcqa/spatial/two_sided.py).

The connecting words are spelled in the forms the parser reads ("apart from" -> "except", "outside S, i.e. on the
other storeys" -> "not on S", "do the X outnumber the Y" -> "are there more X than Y", "which of the two rooms (A
and B)" -> "which ..., A or B"); a sub-kind is taken out of its class only when every element of it is one of the
class's; an IFC class written out after "except" is taken out of the inventory. Questions below are none of the
bench's; answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.two_sided import join_frame, spell_out

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "versus_forms.py"
DEV = REPO / "bench" / "spatial" / "versus_cases.json"
HELD = REPO / "bench" / "spatial" / "versus_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
ELEC = "Duplex_Electrical_20121207.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
LARGE = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"


def _everything(f: Any) -> list[Any]:
    return [e for e in f.by_type("IfcElement") if not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")]


@pytest.fixture
def model(shared_ifc: Path) -> Callable[[str], Any]:
    return lambda name: open_cached(str(shared_ifc / name))


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _declined(answer: dict[str, Any], word: str = "") -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    assert word in " ".join(answer["declined"].get("not_understood") or []) + answer["answer"], answer["answer"]


def test_spell_out_changes_only_the_connecting_words() -> None:
    def is_class(w: str) -> bool:
        return w in {"doors", "windows", "walls"}
    storeys = ["level 1", "level 2"]
    assert spell_out("every element apart from the doors", storeys, is_class)[0] == "everything except the doors"
    assert spell_out("windows outside level 1, i.e. on all the other floors", storeys, is_class)[0].split() == [
        "windows", "not", "on", "level", "1"]
    assert spell_out("windows outside level 9, i.e. on all the other floors", storeys, is_class)[0] == (
        "windows outside level 9, i.e. on all the other floors")  # no storey of the model: left to decline
    assert spell_out("do the doors outnumber the windows on level 2?", storeys, is_class)[0] == (
        "are there more doors than windows on level 2?")
    assert spell_out("do the cats outnumber the windows?", storeys, is_class)[0] == (
        "do the cats outnumber the windows?")  # a side that is no class word is left (and declines)
    assert join_frame("Between Level 1 and Level 2 - which has more doors?", ["Level 1", "Level 2"]) == (
        "Between Level 1 and Level 2, which has more doors?")


def test_everything_less_a_class_said_with_other_words(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    want = {e.GlobalId for e in _everything(f) if not e.is_a("IfcDoor")}
    for q in ("Show me every single element, aside from the doors", "the entire building minus the doors",
              "all components with the exception of the doors"):
        answer = qa(DUPLEX).ask(q)
        assert _guids(answer) == want, (q, answer["answer"])
        assert "except" in answer["answer"]


def test_an_ifc_class_written_out_is_taken_out(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(EDC)
    want = {e.GlobalId for e in _everything(f) if storey_of(e) == "EG" and not e.is_a("IfcWindow")}
    answer = qa(EDC).ask("everything on EG apart from the IfcWindow ones")
    assert _guids(answer) == want, answer["answer"]


def test_the_other_storeys(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(INST)
    want = {e.GlobalId for e in f.by_type("IfcDoor") if storey_of(e) not in (None, "Erdgeschoss")}
    for q in ("doors outside Erdgeschoss, that is on any of the other levels",
              "Türen außerhalb des Erdgeschosses, d. h. in allen übrigen Geschossen"):
        answer = qa(INST).ask(q)
        assert _guids(answer) == want, (q, answer["answer"])
    _declined(qa(INST).ask("doors outside the Erdgeschoss, i.e. on all the other wings"))


def test_a_class_not_in_any_room_of_a_kind(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    kitchens = {s.id() for s in f.by_type("IfcSpace") if "kitchen" in (s.LongName or "").lower()}
    inside = {e.GlobalId for r in f.by_type("IfcRelContainedInSpatialStructure") if r.RelatingStructure.id() in kitchens
              for e in r.RelatedElements if e.is_a("IfcFurnishingElement")}
    want = {e.GlobalId for e in f.by_type("IfcFurnishingElement")} - inside
    answer = qa(DUPLEX).ask("Which furniture is there that is not in one of the kitchens?")
    assert inside and _guids(answer) == want, answer["answer"]
    answer = qa(DUPLEX).ask("furniture that is not in one of the saunas")  # no such room: nothing listed
    assert not answer["elements"], answer["answer"]


def test_a_sub_kind_taken_out_of_its_class(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(ELEC)

    def outlet(e: Any) -> bool:
        t = ue.get_type(e)
        return t is not None and t.is_a("IfcOutletType")
    want = {e.GlobalId for e in f.by_type("IfcFlowTerminal") if storey_of(e) == "Level 2" and not outlet(e)}
    answer = qa(ELEC).ask("Which flow terminals on Level 2 aren't receptacles?")
    assert _guids(answer) == want and want, answer["answer"]
    # a class that is no kind of the first: a relation, still declined
    _declined(qa(ELEC).ask("flow terminals on Level 2 that are not pumps"), "pumps")


def test_two_classes_and_two_storeys(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(INST)
    doors = sum(storey_of(e) == "Keller" for e in f.by_type("IfcDoor"))
    windows = sum(storey_of(e) == "Keller" for e in f.by_type("IfcWindow"))
    answer = qa(INST).ask("In the Keller, do the windows outnumber the doors?")
    assert answer["yes_no"] is (windows > doors), answer["answer"]
    per = {s: sum(storey_of(e) == s for e in f.by_type("IfcDoor")) for s in ("Keller", "Erdgeschoss")}
    for q in ("Zwischen Keller und Erdgeschoss: wo gibt es mehr Türen?", "between Keller and Erdgeschoss - which "
              "one has more doors?"):  # on main: the frame was set aside and every storey compared
        answer = qa(INST).ask(q)
        assert answer["storeys"] == [max(per, key=lambda s: per[s])], (q, answer["answer"])


def test_two_classes_on_one_storey_which_are_more(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(LARGE)
    n = {c: sum(storey_of(e) == "Level 1" for e in f.by_type(c)) for c in ("IfcDoor", "IfcWindow")}
    answer = qa(LARGE).ask("Level 1: doors or windows, which are more?")  # on main: "the most doors and windows"
    assert f"{n['IfcDoor']} doors and {n['IfcWindow']} windows" in answer["answer"], answer["answer"]
    assert answer["answer"].startswith("More windows" if n["IfcWindow"] > n["IfcDoor"] else "More doors")


def test_two_rooms_by_area(qa: Callable[[str], SpatialQA], model: Any) -> None:
    f = model(DUPLEX)
    area = {s.Name: ue.get_pset(s, "GSA Space Areas", "GSA BIM Area") for s in f.by_type("IfcSpace")}
    answer = qa(DUPLEX).ask("Which of the two rooms (A204 and A202) is bigger?")  # on main: "the two floor" = Level 2
    bigger = max(("A204", "A202"), key=lambda n: area[n])
    assert [r["name"] for r in answer["elements"]] and all(bigger in (r["name"] or "") for r in answer["elements"]), \
        answer["answer"]
    # no area quantity on the spaces: declined, not a statement without numbers
    _declined(qa(EDC).ask("which room is bigger, room 7 or room 9?"))


def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    for held, path in ((False, DEV), (True, HELD)):
        assert path.read_text(encoding="utf-8") == script.dumps(script.build(shared_ifc, held)), (
            f"{path.name} differs from versus_forms.py: run `python bench/spatial/versus_forms.py`")
