"""Round 6 (issue 22): rooms, storey + class and storey comparisons written the way people do who do not know the
model; one sentence test per mechanism, answers checked against plain IfcOpenShell, with the declines that guard
them, and the development set checked against its oracle script. The sentences are not those of
bench/spatial/dev_round6_rooms.json."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
from plain_walks import ask as _ask
from plain_walks import guids as _guids
from plain_walks import storey_of as _storey

from ifcqa.index import ModelIndex

Index = Callable[[str], ModelIndex]
INS = "AC11-Institute-Var-2-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
HOM = "ExampleHOM.ifc"
LB = "LargeBuilding.ifc"
SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "spatial" / "dev_round6_rooms_oracles.py"


def _on(f: ifcopenshell.file, cls: str, *storeys: str) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if _storey(e) in storeys}


def _space(f: ifcopenshell.file, name: str) -> ifcopenshell.entity_instance:
    (found,) = [s for s in f.by_type("IfcSpace") if s.Name == name]
    return found


def _bounding(space: ifcopenshell.entity_instance, cls: str) -> set[str]:
    return {r.RelatedBuildingElement.GlobalId for r in space.BoundedBy
            if r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(cls)}


def _contained(f: ifcopenshell.file, space: ifcopenshell.entity_instance) -> set[str]:
    return {e.GlobalId for rel in space.ContainsElements for e in rel.RelatedElements}


def _declined(answer: dict[str, Any], word: str) -> None:
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert word in str(answer["declined"]).lower(), answer["declined"]


# -- rooms by number, written with separators the model's names lack ------------------------------------------------
def test_a_room_number_written_with_a_dot_or_a_dash(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                    ) -> None:
    f = model(INS)
    room = _space(f, "211")
    assert _guids(_ask(index_of, INS, "doors of Raum 2.11")) == _bounding(room, "IfcDoor") != set()
    answer = _ask(index_of, INS, "which floor is rm. 2.11 on?")
    assert answer["storeys"] == [_storey(room)]
    d = model(DUP)
    b204 = _space(d, "B204")
    assert _guids(_ask(index_of, DUP, "windows of room nr. B-204")) == _bounding(b204, "IfcWindow")
    assert _guids(_ask(index_of, DUP, "what is in rm B-102?")) == _contained(d, _space(d, "B102")) != set()


def test_a_number_no_space_carries_declines(index_of: Index) -> None:
    _declined(_ask(index_of, INS, "what is in Raum 9.99?"), "9.99")
    _declined(_ask(index_of, DUP, "doors of rm C-204"), "c-204")


# -- a narrower kind of room is never every room of its function ----------------------------------------------------
def test_a_narrower_room_kind_the_model_lacks_declines(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                       ) -> None:
    _declined(_ask(index_of, DUP, "windows of the guest room"), "guest room")
    _declined(_ask(index_of, DUP, "how many doors does the main bedroom have?"), "main bedroom")
    d = model(DUP)
    bedrooms = [s for s in d.by_type("IfcSpace") if "bedroom" in (s.LongName or "").lower()]
    wanted = set().union(*(_bounding(s, "IfcWindow") for s in bedrooms))
    assert _guids(_ask(index_of, DUP, "windows of the bedrooms")) == wanted != set()  # the function itself stays


# -- "the first floor" where the storey numbered 1 is the ground storey ----------------------------------------------
def test_first_floor_declines_when_level_1_is_the_ground_storey(index_of: Index,
                                                                model: Callable[[str], ifcopenshell.file]) -> None:
    answer = _ask(index_of, LB, "how many windows on the 1st floor?")
    _declined(answer, "british")
    assert answer["count"] in (None, 0)
    h = model(HOM)  # a model that names its storey "1stFloor" says what the first floor is
    assert _guids(_ask(index_of, HOM, "windows on the first floor")) == _on(h, "IfcWindow", "1stFloor") != set()
    f = model(INS)  # "1. Obergeschoss" is the first upper floor
    assert _guids(_ask(index_of, INS, "columns on the first floor")) == _on(f, "IfcColumn", "1. Obergeschoss")
    d = model(DUP)  # higher ordinals keep following the model's numbering; "level 1" is the name
    assert _guids(_ask(index_of, DUP, "windows on level 1")) == _on(d, "IfcWindow", "Level 1") != set()


# -- comparatives of busyness --------------------------------------------------------------------------------------
def test_busier_in_terms_of_a_class_compares_counts(index_of: Index, model: Callable[[str], ifcopenshell.file]
                                                    ) -> None:
    d = model(DUP)
    one, two = len(_on(d, "IfcDoor", "Level 1")), len(_on(d, "IfcDoor", "Level 2"))
    assert one != two
    answer = _ask(index_of, DUP, "is Level 2 busier than Level 1 when it comes to doors?")
    assert answer["yes_no"] is (two > one)
    answer = _ask(index_of, DUP, "is Level 1 less crowded than Level 2 in terms of doors?")
    assert answer["yes_no"] is (one < two)


def test_busier_with_nothing_to_count_declines(index_of: Index) -> None:
    _declined(_ask(index_of, DUP, "which is fuller, Level 1 or Level 2?"), "fuller")
    _declined(_ask(index_of, DUP, "is level 2 busier than level 1?"), "busier")


# -- the development set is what its oracle script computes ---------------------------------------------------------
def test_committed_dev_round6_rooms_json_equals_the_oracles(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


# -- everyday words for outlets --------------------------------------------------------------------------------------
def test_everyday_words_for_sockets(index_of: Index, model: Callable[[str], ifcopenshell.file]) -> None:
    name = "Duplex_Electrical_20121207.ifc"
    f = model(name)
    outlets = {e.GlobalId for e in f.by_type("IfcFlowTerminal")
               if (t := ue.get_type(e)) is not None and t.is_a("IfcOutletType") and _storey(e) == "Level 1"}
    assert outlets
    assert _guids(_ask(index_of, name, "electrical outlets on level one")) == outlets
    assert _ask(index_of, name, "how many wall sockets are on Level 1?")["count"] == len(outlets)
    _declined(_ask(index_of, name, "how many plugs on level 1"), "plugs")  # a plug is not a socket
