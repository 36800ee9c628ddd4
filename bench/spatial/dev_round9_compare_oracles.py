"""Round 9 (comparisons as composition): a development set written from a TAXONOMY of comparison forms, before
the code; oracles with plain IfcOpenShell.

    python bench/spatial/dev_round9_compare_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

A comparison has **sides**, a **measure** taken of each side and an **operator** that composes the two measures.
Each question below is one cell of that grid, asked several times over different models, in different wording and
voices (terse query, chat, ticket, German, a tag question):

* sides: ``storey/storey`` ("Level 1 ... Level 2"), ``room/room`` ("the kitchen ... the bedroom"), ``class/class``
  ("doors ... windows", in one scope), ``qualified/all`` ("the external doors ... the doors": a part of a class
  against the whole), ``storey/all`` (every storey of the model: "which floor has the most");
* measure: ``count`` of a class (with or without a qualifier), ``area`` (the rooms' floor area: NetFloorArea, or
  GSA BIM Area where a model records only that), ``volume`` (a room's NetVolume), ``length`` (the walls' Length,
  summed), ``height`` (a room's Height);
* operator (the id's form): ``which2`` which of two named sides is more / fewer / larger / smaller (oracle: the
  winning storeys, or the winning room or class elements); ``most`` the extreme over every storey (storeys);
  ``yesno`` is A more / fewer / larger than B (yes_no); ``diff`` how many more / the difference (count, or number with
  its unit); ``ratio`` twice / at least double / fewer than half (yes_no); ``same`` the same number / as many
  (yes_no); ``share`` a part against its whole: "more than half of the doors external?", "most of the walls
  load-bearing?" (yes_no, ``most`` = more than half); ``rank`` rank / sort / per storey (elements: every element
  counted); ``decline`` a side the model cannot ground (a storey or room it lacks, a property nobody records, a
  measure it does not hold, a cost): premise asserted in code; nothing may be listed.

Ties are avoided (asserted by ``argmax_storey`` and by ``_which``), or the oracle states them. Semantics are
``people_oracles.py``'s (storey-deep containment; a room by its Name or LongName; boolean properties need the
explicit value); its walks are reused. Every question is kind ``comparison`` for the scorer; the id keeps the
form (``r9c-diff-03``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    BQ_NFA,
    DOOR,
    DUP,
    EDC,
    FZK,
    HOM,
    HOM_NFA,
    INS,
    LB,
    SH,
    SPACE,
    WALL,
    WINDOW,
    Model,
    Oracle,
    Q,
    argmax_storey,
    compute_set,
    decline,
    elements,
    ext,
    load_bearing,
    number,
    per_storey,
    q,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "dev_round9_compare.json"
FZK2 = "AC11-FZK-Haus-IFC.ifc"
GSA = q("GSA Space Areas", "GSA BIM Area")
HOM_VOL = q("Qto_SpaceBaseQuantities", "NetVolume")
HOM_LEN = q("Qto_WallBaseQuantities", "Length")
BQ_LEN = q("BaseQuantities", "Length")
BQ_H = q("BaseQuantities", "Height")


def diff_count(a: list[Any], b: list[Any]) -> Oracle:
    """How many more elements side A has than side B (both sides' elements may be cited)."""
    n = len(a) - len(b)
    if n < 0:
        raise ValueError(f"diff {len(a)} - {len(b)} < 0: write the question the other way round")
    return {"type": "count", "value": n, "guids": sorted({e.GlobalId for e in [*a, *b]})}


def diff_number(a: list[Any], b: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    """The difference of side A's summed quantity and side B's (A - B > 0), in the model's unit."""
    va, vb = sum(key(e) for e in a), sum(key(e) for e in b)
    if va <= vb:
        raise ValueError(f"diff {va} - {vb} <= 0")
    return number(va - vb, unit, [*a, *b])


def sum_storeys(m: Model, key: Callable[[Any], float], cls: str, smallest: bool = False,
                names: list[str] | None = None) -> Oracle:
    """The storey whose summed ``key`` over its ``cls`` elements is largest (smallest); a tie is an error."""
    sums = {s: sum(key(e) for e in m.on(s, cls)) for s in (names or m.storey_names())}
    best = (min if smallest else max)(sums.values())
    winners = [s for s, v in sums.items() if abs(v - best) < 1e-6]
    if len(winners) != 1:
        raise ValueError(f"tie in {sums}")
    return storeys(winners)


def _which(sides: dict[str, list[Any]], fewest: bool = False) -> Oracle:
    """The side with more (fewer) elements, as its elements; a tie is an error."""
    sizes = {k: len(v) for k, v in sides.items()}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return elements(sides[winners[0]])


def bigger_room(m: Model, key: Callable[[Any], float], a: Any, b: Any, smaller: bool = False) -> Oracle:
    va, vb = key(a), key(b)
    if abs(va - vb) < 1e-6:
        raise ValueError("tie")
    return elements([a if (va < vb) == smaller else b])


def absent_storey(m: Model, name: str) -> Oracle:
    assert all(name.lower() != s.lower() for s in m.storey_names()), name
    return decline()


def absent_text(m: Model, *words: str) -> Oracle:
    """Premise: no string of the file (names, long names, property names and values) holds any of ``words``."""
    blob = "\n".join(str(v) for e in m.f for v in e if isinstance(v, str)).lower()
    props = "\n".join(f"{k} {n} {v}" for e in m.f.by_type("IfcObject")
                      for k, d in ue.get_psets(e).items() for n, v in d.items()).lower()
    for w in words:
        assert w.lower() not in blob and w.lower() not in props, w
    return decline()


def none_below(m: Model) -> bool:
    """Premise of "the basement": no storey of the model lies below ground."""
    below = [s.Name for s in m.f.by_type("IfcBuildingStorey") if (s.Elevation or 0) < 0]
    assert not below, below
    return True


WALL_EXT = ext("Pset_WallCommon")

QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- which2: which of two named sides
    Q(DUP, "which2", "Between Level 1 and Level 2, which one has more windows?",
      lambda m: argmax_storey(m, per_storey(m, WINDOW, names=["Level 1", "Level 2"])),
      "the storey of the two with more IfcWindow (storey-deep): Level 2 (18 vs 4)"),
    Q(INS, "which2", "Keller or 1. Obergeschoss: which has fewer doors?",
      lambda m: argmax_storey(m, per_storey(m, DOOR, names=["Keller", "1. Obergeschoss"]), fewest=True),
      "the storey of the two with fewer IfcDoor: Keller (16 vs 22)"),
    Q(EDC, "which2", "which of EG and 2.OG has the larger number of walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL, names=["EG", "2.OG"])),
      "the storey of the two with more IfcWall: 2.OG (38 vs 37)"),
    Q(HOM, "which2", "GroundFloor vs 1stFloor - on which one are there more doors?",
      lambda m: argmax_storey(m, per_storey(m, DOOR, names=["GroundFloor", "1stFloor"])),
      "the storey of the two with more IfcDoor: GroundFloor (7 vs 4)"),
    Q(FZK, "which2", "Im Erdgeschoss oder im Dachgeschoss: wo gibt es weniger Fenster?",
      lambda m: argmax_storey(m, per_storey(m, WINDOW, names=["Erdgeschoss", "Dachgeschoss"]), fewest=True),
      "the storey of the two with fewer IfcWindow: Dachgeschoss (2 vs 9)"),
    Q(LB, "which2", "hey, which level has got more furniture - level 1 or level 2?",
      lambda m: argmax_storey(m, per_storey(m, "IfcFurnishingElement", names=["Level 1", "Level 2"])),
      "the storey of the two with more IfcFurnishingElement: Level 1 (14 vs 0)"),
    Q(INS, "which2", "Erdgeschoss vs Dachgeschoss, which of them has the most slabs?",
      lambda m: argmax_storey(m, per_storey(m, "IfcSlab", names=["Erdgeschoss", "Dachgeschoss"])),
      "the storey of the two with more IfcSlab: Dachgeschoss (22 vs 1)"),
    Q(DUP, "which2", "which floor has more external walls: level 1 or level 2?",
      lambda m: argmax_storey(m, per_storey(m, WALL, WALL_EXT, names=["Level 1", "Level 2"])),
      "the storey of the two with more IfcWall with Pset_WallCommon.IsExternal = TRUE: Level 1 (7 vs 5)"),
    Q(INS, "which2", "Which has the bigger total floor area of rooms, the Keller or the Erdgeschoss?",
      lambda m: sum_storeys(m, BQ_NFA, SPACE, names=["Keller", "Erdgeschoss"]),
      "the storey of the two whose spaces' BaseQuantities.NetFloorArea sums higher: Erdgeschoss (455.8 vs 451.7 m²)"),
    Q(HOM, "which2", "GroundFloor or attic: where is the total wall length larger?",
      lambda m: sum_storeys(m, HOM_LEN, WALL, names=["GroundFloor", "attic"]),
      "the storey of the two whose IfcWall Qto_WallBaseQuantities.Length sums higher: GroundFloor (61.4 vs 17.8 m)"),
    Q(HOM, "which2", "Which is bigger, Bedroom6 or Children10?",
      lambda m: bigger_room(m, HOM_NFA, m.space("Bedroom6"), m.space("Children10")),
      "the room of the two with the larger Qto_SpaceBaseQuantities.NetFloorArea: Bedroom6 (23.07 vs 18.72 m²)"),
    Q(FZK, "which2", "Welcher Raum ist kleiner: Bad oder Buero?",
      lambda m: bigger_room(m, BQ_NFA, m.space(long="Bad"), m.space(long="Buero"), smaller=True),
      "the room of the two with the smaller BaseQuantities.NetFloorArea: Bad (12.13 vs 12.60 m²)"),
    Q(SH, "which2", "bedroom or entrance hall - which one is larger?",
      lambda m: bigger_room(m, BQ_NFA, m.space(long="Bedroom"), m.space(long="Entrance hall")),
      "the room of the two with the larger BaseQuantities.NetFloorArea: the Bedroom (15.42 vs 8.69 m²)"),
    Q(DUP, "which2", "Which room has more floor area, A102 or A203?",
      lambda m: bigger_room(m, GSA, m.space("A102"), m.space("A203")),
      "the room of the two with the larger GSA BIM Area: A102 (30.14 vs 26.18 m²)"),
    Q(HOM, "which2", "Are there more doors or windows on the GroundFloor?",
      lambda m: _which({"doors": m.on("GroundFloor", DOOR), "windows": m.on("GroundFloor", WINDOW)}),
      "the class of the two with more elements on GroundFloor, cited: the windows (9 vs 7 doors)"),
    Q(LB, "which2", "what's more common on Level 1, doors or windows?",
      lambda m: _which({"doors": m.on("Level 1", DOOR), "windows": m.on("Level 1", WINDOW)}),
      "the class of the two with more elements on Level 1, cited: the windows (28 vs 18 doors)"),
    Q(FZK, "which2", "Gibt es im Erdgeschoss mehr Türen oder mehr Fenster?",
      lambda m: _which({"doors": m.on("Erdgeschoss", DOOR), "windows": m.on("Erdgeschoss", WINDOW)}),
      "the class of the two with more elements on Erdgeschoss, cited: the windows (9 vs 5 doors)"),
    # ---------------------------------------------------------------- most: the extreme over every storey
    Q(INS, "most", "Which floor has the fewest rooms?",
      lambda m: argmax_storey(m, per_storey(m, SPACE), fewest=True),
      "the storey with the fewest IfcSpace: Dachgeschoss"),
    Q(EDC, "most", "which storey has the least doors",
      lambda m: argmax_storey(m, per_storey(m, DOOR), fewest=True), "the storey with the fewest IfcDoor: EG (29)"),
    Q(DUP, "most", "what level has the largest number of walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL)), "the storey with the most IfcWall: Level 2 (25)"),
    Q(FZK2, "most", "Welches Geschoss hat die meisten Balken?",
      lambda m: argmax_storey(m, per_storey(m, "IfcBeam")), "the storey with the most IfcBeam: Dachgeschoss (50)"),
    Q(LB, "most", "ticket 88: on which level are most of the windows?",
      lambda m: argmax_storey(m, per_storey(m, WINDOW)), "the storey with the most IfcWindow: Level 1 (28)"),
    Q(INS, "most", "which storey has the least room volume in total?",
      lambda m: sum_storeys(m, q("BaseQuantities", "GrossVolume"), SPACE, smallest=True),
      "the storey whose spaces' BaseQuantities.GrossVolume sums lowest: Dachgeschoss (665.7 m³)"),
    Q(INS, "most", "Which storey has the most load-bearing walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL, load_bearing("Pset_WallCommon"))),
      "the storey with the most IfcWall with Pset_WallCommon.LoadBearing = TRUE: Erdgeschoss (18)"),
    Q(EDC, "most", "Welches Geschoss hat die meisten Wände?",
      lambda m: argmax_storey(m, per_storey(m, WALL)), "the storey with the most IfcWall: 1.OG (42)"),
    # ---------------------------------------------------------------- yesno: is A more than B
    Q(INS, "yesno", "Does the 2. Obergeschoss have fewer doors than the 1. Obergeschoss?",
      lambda m: yes_no(len(m.on("2. Obergeschoss", DOOR)) < len(m.on("1. Obergeschoss", DOOR))),
      "IfcDoor on 2. Obergeschoss (21) < on 1. Obergeschoss (22)"),
    Q(EDC, "yesno", "are there more walls on 1.OG than on EG?",
      lambda m: yes_no(len(m.on("1.OG", WALL)) > len(m.on("EG", WALL))), "IfcWall on 1.OG (42) > on EG (37)"),
    Q(DUP, "yesno", "Level 1 has less furniture than Level 2, correct?",
      lambda m: yes_no(len(m.on("Level 1", "IfcFurnishingElement")) < len(m.on("Level 2", "IfcFurnishingElement"))),
      "IfcFurnishingElement on Level 1 (41) < on Level 2 (20): no"),
    Q(LB, "yesno", "is the window count on level 2 higher than on level 1?",
      lambda m: yes_no(len(m.on("Level 2", WINDOW)) > len(m.on("Level 1", WINDOW))), "IfcWindow 14 > 28: no"),
    Q(HOM, "yesno", "Hat das GroundFloor mehr Türen als das 1stFloor?",
      lambda m: yes_no(len(m.on("GroundFloor", DOOR)) > len(m.on("1stFloor", DOOR))), "IfcDoor 7 > 4: yes"),
    Q(SH, "yesno", "does the ground floor have more rooms than the roof?",
      lambda m: yes_no(len(m.on("Ground Floor", SPACE)) > len(m.on("Roof", SPACE))), "IfcSpace 3 > 1: yes"),
    Q(FZK, "yesno", "Gibt es im Dachgeschoss mehr Wände als im Erdgeschoss?",
      lambda m: yes_no(len(m.on("Dachgeschoss", WALL)) > len(m.on("Erdgeschoss", WALL))), "IfcWall 4 > 9: no"),
    Q(HOM, "yesno", "is Corridor3 bigger than Hobby2?",
      lambda m: yes_no(HOM_NFA(m.space("Corridor3")) > HOM_NFA(m.space("Hobby2"))),
      "Qto_SpaceBaseQuantities.NetFloorArea 15.35 > 12.94 m²: yes"),
    Q(FZK, "yesno", "Ist die Küche größer als das Schlafzimmer?",
      lambda m: yes_no(BQ_NFA(m.space(long="Küche")) > BQ_NFA(m.space(long="Schlafzimmer"))),
      "BaseQuantities.NetFloorArea 16.31 > 21.41 m²: no"),
    Q(DUP, "yesno", "is A203 larger than B202?",
      lambda m: yes_no(GSA(m.space("A203")) > GSA(m.space("B202"))), "GSA BIM Area 26.18 > 26.12 m²: yes"),
    Q(SH, "yesno", "Is the living room smaller than the bedroom?",
      lambda m: yes_no(BQ_NFA(m.space(long="Living room")) < BQ_NFA(m.space(long="Bedroom"))),
      "BaseQuantities.NetFloorArea 51.99 < 15.42 m²: no"),
    Q(HOM, "yesno", "does Bedroom6 have a larger volume than Kitchen5?",
      lambda m: yes_no(HOM_VOL(m.space("Bedroom6")) > HOM_VOL(m.space("Kitchen5"))),
      "Qto_SpaceBaseQuantities.NetVolume 59.98 > 48.67 m³: yes"),
    Q(FZK, "yesno", "is the Galerie taller than the Wohnen?",
      lambda m: yes_no(BQ_H(m.space(long="Galerie")) > BQ_H(m.space(long="Wohnen"))),
      "BaseQuantities.Height of the spaces 4.0 > 2.5 m: yes"),
    Q(INS, "yesno", "is the total wall length on the Keller greater than on the Erdgeschoss?",
      lambda m: yes_no(sum(BQ_LEN(w) for w in m.on("Keller", WALL))
                       > sum(BQ_LEN(w) for w in m.on("Erdgeschoss", WALL))),
      "sum of IfcWall BaseQuantities.Length 242 > 267 m: no"),
    Q(LB, "yesno", "Level 1 has more doors than windows, right?",
      lambda m: yes_no(len(m.on("Level 1", DOOR)) > len(m.on("Level 1", WINDOW))), "IfcDoor 18 > IfcWindow 28: no"),
    # ---------------------------------------------------------------- diff: how many more / the difference
    Q(INS, "diff", "How many more windows does the Erdgeschoss have than the Keller?",
      lambda m: diff_count(m.on("Erdgeschoss", WINDOW), m.on("Keller", WINDOW)), "IfcWindow 54 - 44 = 10"),
    Q(DUP, "diff", "how many more windows are there on level 2 than on level 1?",
      lambda m: diff_count(m.on("Level 2", WINDOW), m.on("Level 1", WINDOW)), "IfcWindow 18 - 4 = 14"),
    Q(EDC, "diff", "what's the difference in the number of doors between 1.OG and EG?",
      lambda m: diff_count(m.on("1.OG", DOOR), m.on("EG", DOOR)), "IfcDoor 35 - 29 = 6"),
    Q(HOM, "diff", "how many fewer doors does the 1stFloor have than the GroundFloor?",
      lambda m: diff_count(m.on("GroundFloor", DOOR), m.on("1stFloor", DOOR)), "IfcDoor 7 - 4 = 3 fewer"),
    Q(LB, "diff", "Level 1 vs Level 2: difference in window count?",
      lambda m: diff_count(m.on("Level 1", WINDOW), m.on("Level 2", WINDOW)), "IfcWindow 28 - 14 = 14"),
    Q(FZK, "diff", "Wie viele Fenster hat das Erdgeschoss mehr als das Dachgeschoss?",
      lambda m: diff_count(m.on("Erdgeschoss", WINDOW), m.on("Dachgeschoss", WINDOW)), "IfcWindow 9 - 2 = 7"),
    Q(INS, "diff", "how many more windows than doors are there in the Erdgeschoss?",
      lambda m: diff_count(m.on("Erdgeschoss", WINDOW), m.on("Erdgeschoss", DOOR)), "IfcWindow 54 - IfcDoor 18 = 36"),
    Q(FZK, "diff", "How much bigger is the Wohnen than the Küche?",
      lambda m: diff_number([m.space(long="Wohnen")], [m.space(long="Küche")], BQ_NFA, "m²"),
      "BaseQuantities.NetFloorArea 25.21 - 16.31 m²"),
    Q(HOM, "diff", "what is the difference in floor area between Living1 and Kitchen5?",
      lambda m: diff_number([m.space("Living1")], [m.space("Kitchen5")], HOM_NFA, "m²"),
      "Qto_SpaceBaseQuantities.NetFloorArea 23.07 - 18.72 m²"),
    Q(INS, "diff", "difference in total room area between the Erdgeschoss and the 1. Obergeschoss?",
      lambda m: diff_number(m.on("Erdgeschoss", SPACE), m.on("1. Obergeschoss", SPACE), BQ_NFA, "m²"),
      "sum of the spaces' BaseQuantities.NetFloorArea 455.80 - 441.62 m²"),
    Q(SH, "diff", "how much larger is the living room than the bedroom, in m²?",
      lambda m: diff_number([m.space(long="Living room")], [m.space(long="Bedroom")], BQ_NFA, "m²"),
      "BaseQuantities.NetFloorArea 51.99 - 15.42 m²"),
    Q(INS, "diff", "How much longer are the walls of the Erdgeschoss than those of the Keller in total?",
      lambda m: diff_number(m.on("Erdgeschoss", WALL), m.on("Keller", WALL), BQ_LEN, "m"),
      "sum of IfcWall BaseQuantities.Length 267 - 242 m"),
    # ---------------------------------------------------------------- ratio: twice / double / half
    Q(DUP, "ratio", "Does Level 2 have more than twice as many windows as Level 1?",
      lambda m: yes_no(len(m.on("Level 2", WINDOW)) > 2 * len(m.on("Level 1", WINDOW))), "18 > 2 x 4: yes"),
    Q(INS, "ratio", "Are there at least twice as many windows as doors in the Keller?",
      lambda m: yes_no(len(m.on("Keller", WINDOW)) >= 2 * len(m.on("Keller", DOOR))), "44 >= 2 x 16: yes"),
    Q(EDC, "ratio", "does 1.OG have at least twice as many doors as windows?",
      lambda m: yes_no(len(m.on("1.OG", DOOR)) >= 2 * len(m.on("1.OG", WINDOW))), "35 >= 2 x 16: yes"),
    Q(LB, "ratio", "Does level 1 have at least double the windows of level 2?",
      lambda m: yes_no(len(m.on("Level 1", WINDOW)) >= 2 * len(m.on("Level 2", WINDOW))), "28 >= 2 x 14: yes"),
    Q(DUP, "ratio", "Does level 1 have fewer than half as many windows as level 2?",
      lambda m: yes_no(2 * len(m.on("Level 1", WINDOW)) < len(m.on("Level 2", WINDOW))), "2 x 4 < 18: yes"),
    Q(INS, "ratio", "Hat das Erdgeschoss mindestens doppelt so viele Fenster wie Türen?",
      lambda m: yes_no(len(m.on("Erdgeschoss", WINDOW)) >= 2 * len(m.on("Erdgeschoss", DOOR))), "54 >= 2 x 18: yes"),
    Q(HOM, "ratio", "are there three times as many doors on the GroundFloor as on the 1stFloor?",
      lambda m: yes_no(len(m.on("GroundFloor", DOOR)) == 3 * len(m.on("1stFloor", DOOR))), "7 = 3 x 4: no"),
    # ---------------------------------------------------------------- same: the same number / as many
    Q(EDC, "same", "Do EG, 1.OG and 2.OG all have the same number of windows?",
      lambda m: yes_no(len({len(m.on(s, WINDOW)) for s in ("EG", "1.OG", "2.OG")}) == 1), "16, 16, 16: yes"),
    Q(INS, "same", "Do the 1. Obergeschoss and the 2. Obergeschoss have the same number of walls?",
      lambda m: yes_no(len(m.on("1. Obergeschoss", WALL)) == len(m.on("2. Obergeschoss", WALL))), "29 = 29: yes"),
    Q(HOM, "same", "same number of rooms on GroundFloor and 1stFloor?",
      lambda m: yes_no(len(m.on("GroundFloor", SPACE)) == len(m.on("1stFloor", SPACE))), "5 = 5: yes"),
    Q(DUP, "same", "are there as many doors on Level 1 as on Level 2?",
      lambda m: yes_no(len(m.on("Level 1", DOOR)) == len(m.on("Level 2", DOOR))), "6 = 8: no"),
    Q(FZK, "same", "Haben Erdgeschoss und Dachgeschoss gleich viele Wände?",
      lambda m: yes_no(len(m.on("Erdgeschoss", WALL)) == len(m.on("Dachgeschoss", WALL))), "9 = 4: no"),
    Q(LB, "same", "is the number of walls the same on both levels?",
      lambda m: yes_no(len({len(m.on(s, WALL)) for s in m.storey_names()}) == 1), "14, 4: no"),
    # ---------------------------------------------------------------- share: a part against its whole
    Q(DUP, "share", "Are more than half of the doors external?",
      lambda m: yes_no(2 * len(m.of(DOOR, ext("Pset_DoorCommon"))) > len(m.of(DOOR))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE (4) > half of all IfcDoor (14): no"),
    Q(INS, "share", "Are most of the walls load-bearing?",
      lambda m: yes_no(2 * len(m.of(WALL, load_bearing("Pset_WallCommon"))) > len(m.of(WALL))),
      "IfcWall with Pset_WallCommon.LoadBearing = TRUE (64) > half of all IfcWall (119): yes"),
    Q(SH, "share", "are more than half the walls on the ground floor external?",
      lambda m: yes_no(2 * len(m.on("Ground Floor", WALL, WALL_EXT)) > len(m.on("Ground Floor", WALL))),
      "IfcWall with IsExternal = TRUE on Ground Floor (3) > half of its IfcWall (5): yes"),
    Q(EDC, "share", "is less than half of the walls on the EG external?",
      lambda m: yes_no(2 * len(m.on("EG", WALL, WALL_EXT)) < len(m.on("EG", WALL))),
      "IfcWall with IsExternal = TRUE on EG < half of its IfcWall: yes"),
    # ---------------------------------------------------------------- rank: rank / sort / per storey
    Q(INS, "rank", "rank the storeys by number of doors", lambda m: elements(m.of(DOOR)),
      "every IfcDoor, counted per storey and the storeys ordered"),
    Q(EDC, "rank", "compare the number of rooms per storey", lambda m: elements(m.of(SPACE)),
      "every IfcSpace, counted per storey"),
    Q(HOM, "rank", "Sort the floors by how many windows they have", lambda m: elements(m.of(WINDOW)),
      "every IfcWindow, counted per storey and the storeys ordered"),
    Q(DUP, "rank", "list the levels ordered by their wall count", lambda m: elements(m.of(WALL)),
      "every IfcWall, counted per storey and the storeys ordered"),
    # ---------------------------------------------------------------- decline: a side the model cannot ground
    Q(DUP, "decline", "Are there more doors on Level 1 or on Level 3?", lambda m: absent_storey(m, "Level 3"),
      "the Duplex has no Level 3 -> decline"),
    Q(HOM, "decline", "is the sauna bigger than the kitchen?", lambda m: absent_text(m, "sauna"),
      "no space (nor any string of the file) holds 'sauna' -> decline"),
    Q(FZK, "decline", "Which floor has more heated rooms, Erdgeschoss or Dachgeschoss?",
      lambda m: absent_text(m, "heated", "beheizt"), "nothing records heating of a space -> decline"),
    Q(SH, "decline", "how many more doors does the basement have than the ground floor?",
      lambda m: absent_storey(m, "basement") if none_below(m) else decline(),
      "no storey lies below ground, none is named basement -> decline"),
    Q(INS, "decline", "Is the Erdgeschoss noisier than the Keller?",
      lambda m: absent_text(m, "noise", "acoustic", "sound", "lärm", "schall"),
      "no noise level is recorded -> decline"),
    Q(EDC, "decline", "which storey has more fire-rated doors, EG or 1.OG?",
      lambda m: absent_text(m, "firerating", "fire rating", "feuerwiderstand"),
      "no door records a fire rating -> decline"),
    Q(LB, "decline", "is the kitchen on level 1 bigger than the bathroom?",
      lambda m: absent_text(m, "kitchen", "bathroom"), "no space is a kitchen or a bathroom -> decline"),
    Q(HOM, "decline", "compare the cost of the doors on the GroundFloor and the 1stFloor",
      lambda m: absent_text(m, "cost"), "no cost is recorded (a refused request) -> decline"),
    Q(INS, "decline", "which floor has more doors that Priya ordered?", lambda m: absent_text(m, "priya"),
      "nothing records who ordered a door -> decline"),
    Q(HOM, "decline", "Are there more purple doors on the GroundFloor than on the 1stFloor?",
      lambda m: absent_text(m, "purple", "lila"), "no door is recorded as purple -> decline"),
]

# every form is a comparison for the scorer; the id keeps the form (r9c-diff-03)


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    out = compute_set(QUESTIONS, ifc_dir, "r9c")
    for question in out:
        question["kind"] = "comparison"
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
