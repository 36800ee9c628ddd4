"""Comparisons of two named sides and totals over listed storeys, written the way people type them (issue 22,
round 22 cmp22).

    python bench/spatial/cmp22_cases.py [--ifc-dir ../shared/ifc] [--check]   # cmp22_cases.json + cmp22_cases_b.json

Each case names two sides the model holds (storeys, rooms by name or long name) joined by "vs", "or", "and ...
which one", "X more than Y", "compared to", "oder", "mehr als", and a measure (a count of a class, storey-deep for
a storey side, the space's IfcRelSpaceBoundary elements for a room side; a room's NetFloorArea for "bigger"), in
the asked form "which" (oracle: the winning storey, or the winning room's GlobalId), "yes or no" (A more than B)
or "how many more" (the difference); or a total over two storeys ("X and Y sum / together / in total": one
count). Declines: a side the model lacks, a room name held by two spaces, a restriction that cannot be read
("broken", "facing north", "painted last year"), a pointer with no antecedent.

Oracles with plain IfcOpenShell through ``people_oracles.Model`` (never ifcqa). ``_b`` is held out: scored once at
the end of the round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402
from people_oracles import Model, count, decline, elements, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "cmp22_cases.json"
OUT_HELD = HERE / "cmp22_cases_b.json"

Oracle = dict[str, Any]
Make = Callable[[Model], tuple[Oracle, str]]


def _storey_winner(a: str, b: str, cls: str, fewer: bool = False) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        na, nb = len(m.on(a, cls)), len(m.on(b, cls))
        assert na != nb, (a, b, cls)
        win = (a if na < nb else b) if fewer else (a if na > nb else b)
        word = "fewer" if fewer else "more"
        return storeys([win]), f"the storey of {a} / {b} with {word} {cls} ({na} vs {nb}), storey-deep"
    return make


def _room(m: Model, name: str) -> Any:
    hits = [s for s in m.spaces() if name in (s.Name, s.LongName)]
    assert len(hits) == 1, (name, len(hits))
    return hits[0]


def _room_winner(a: str, b: str, cls: str) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        ra, rb = _room(m, a), _room(m, b)
        na, nb = len(m.bounding(ra, cls)), len(m.bounding(rb, cls))
        assert na != nb, (a, b, cls)
        rule = f"the space of {a} / {b} with more {cls} in its IfcRelSpaceBoundary ({na} vs {nb})"
        return elements([ra if na > nb else rb]), rule
    return make


def _room_area(a: str, b: str, smaller: bool = False) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        ra, rb = _room(m, a), _room(m, b)
        qa, qb = (m.qty(r, "BaseQuantities", "NetFloorArea") for r in (ra, rb))
        win = (ra if qa < qb else rb) if smaller else (ra if qa > qb else rb)
        word = "smaller" if smaller else "larger"
        return elements([win]), f"the space of {a} / {b} with the {word} NetFloorArea ({qa:.2f} vs {qb:.2f})"
    return make


def _more(a: str, b: str, cls: str, cls_b: str | None = None) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        na, nb = len(m.on(a, cls)), len(m.on(b, cls_b or cls))
        return yes_no(na > nb), f"{cls} on {a} ({na}) > {cls_b or cls} on {b} ({nb}), storey-deep"
    return make


def _diff(a: str, b: str, cls: str) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        na, nb = len(m.on(a, cls)), len(m.on(b, cls))
        return {"type": "count", "value": abs(na - nb)}, f"|{cls} on {a} ({na}) - on {b} ({nb})|, storey-deep"
    return make


def _total(a: str, b: str, cls: str) -> Make:
    def make(m: Model) -> tuple[Oracle, str]:
        return count(m.on([a, b], cls)), f"{cls} on {a} or {b}, storey-deep"
    return make


def _decline(why: str) -> Make:
    return lambda m: (decline(), f"decline: {why}")


# (id, model, kind, query, oracle)
DEV: list[tuple[str, str, str, str, Make]] = [
    ("which-01", "Duplex_A_20110907.ifc", "cmp_storey", "Level 1 vs Level 2 - which has more doors?",
     _storey_winner("Level 1", "Level 2", "IfcDoor")),
    ("which-02", "AC20-FZK-Haus.ifc", "cmp_storey", "more windows on Erdgeschoss or Dachgeschoss?",
     _storey_winner("Erdgeschoss", "Dachgeschoss", "IfcWindow")),
    ("which-03", "KIT-EDC_with_SB.ifc", "cmp_storey", "EG oder 1.OG, wo sind mehr Türen?",
     _storey_winner("EG", "1.OG", "IfcDoor")),
    ("which-04", "AC11-Institute-Var-2-IFC.ifc", "cmp_storey", "Keller vs Erdgeschoss: more rooms?",
     _storey_winner("Keller", "Erdgeschoss", "IfcSpace")),
    ("which-05", "ExampleHOM.ifc", "cmp_storey", "walls: GroundFloor compared to attic, which has more?",
     _storey_winner("GroundFloor", "attic", "IfcWall")),
    ("which-06", "AC20-FZK-Haus.ifc", "cmp_storey", "Erdgeschoss or Dachgeschoss which one has fewer windows",
     _storey_winner("Erdgeschoss", "Dachgeschoss", "IfcWindow", fewer=True)),
    ("which-07", "LargeBuilding.ifc", "cmp_storey", "level 1 and level 2, which one got more windows?",
     _storey_winner("Level 1", "Level 2", "IfcWindow")),
    ("room-01", "AC20-FZK-Haus.ifc", "cmp_room", "Schlafzimmer or Bad - more windows?",
     _room_winner("Schlafzimmer", "Bad", "IfcWindow")),
    ("room-02", "ExampleHOM.ifc", "cmp_room", "Kitchen5 vs WC4, which one has more doors?",
     _room_winner("Kitchen5", "WC4", "IfcDoor")),
    ("room-03", "3rooms_Heater_AirTerminal_Table_with_SB.ifc", "cmp_room", "empfang and bad, which one got more doors?",
     _room_winner("Empfang", "Bad", "IfcDoor")),
    ("room-04", "Ifc4_SampleHouse.ifc", "cmp_room", "Living room vs Entrance hall, which one is smaller?",
     _room_area("Living room", "Entrance hall", smaller=True)),
    ("room-05", "ExampleHOM.ifc", "cmp_room", "which room has more windows: Living1 or Kitchen5?",
     _room_winner("Living1", "Kitchen5", "IfcWindow")),
    ("yesno-01", "Duplex_A_20110907.ifc", "cmp_yesno", "Level 2 more windows than Level 1 yes or no?",
     _more("Level 2", "Level 1", "IfcWindow")),
    ("yesno-02", "AC20-FZK-Haus.ifc", "cmp_yesno", "does the Dachgeschoss have more walls than the Erdgeschoss?",
     _more("Dachgeschoss", "Erdgeschoss", "IfcWall")),
    ("yesno-03", "KIT-EDC_with_SB.ifc", "cmp_yesno", "hat das 1.OG mehr Fenster als das EG?",
     _more("1.OG", "EG", "IfcWindow")),
    ("diff-01", "KIT-EDC_with_SB.ifc", "cmp_diff", "how many more doors on 1.OG than on 2.OG?",
     _diff("1.OG", "2.OG", "IfcDoor")),
    ("diff-02", "LargeBuilding.ifc", "cmp_diff", "Level 1 vs Level 2, how many more windows?",
     _diff("Level 1", "Level 2", "IfcWindow")),
    ("sum-01", "Duplex_A_20110907.ifc", "sum", "walls of Level 1 and Level 2 together?",
     _total("Level 1", "Level 2", "IfcWall")),
    ("sum-02", "AC20-FZK-Haus.ifc", "sum", "doors Erdgeschoss and Dachgeschoss combined",
     _total("Erdgeschoss", "Dachgeschoss", "IfcDoor")),
    ("sum-03", "AC11-Institute-Var-2-IFC.ifc", "sum", "Keller and Erdgeschoss, windows in total?",
     _total("Keller", "Erdgeschoss", "IfcWindow")),
    ("sum-04", "KIT-EDC_with_SB.ifc", "sum", "EG + 1.OG doors sum?",
     _total("EG", "1.OG", "IfcDoor")),
    ("sum-05", "ExampleHOM.ifc", "sum", "walls of groundfloor and attic sum?",
     _total("GroundFloor", "attic", "IfcWall")),
    ("decline-01", "Duplex_A_20110907.ifc", "decline", "Level 1 vs Level 3 - more doors?",
     _decline("the model has no Level 3")),
    ("decline-02", "AC20-FZK-Haus.ifc", "decline", "Erdgeschoss or Keller, which has more windows?",
     _decline("the model has no Keller")),
    ("decline-03", "Duplex_A_20110907.ifc", "decline", "Living Room or Kitchen - more windows?",
     _decline("two spaces are called Living Room (A102, B102) and two Kitchen")),
    ("decline-04", "Duplex_A_20110907.ifc", "decline", "which has more broken windows, Level 1 or Level 2?",
     _decline("'broken' is recorded nowhere")),
    ("decline-05", "ExampleHOM.ifc", "decline", "GroundFloor vs 1stFloor: more windows facing north?",
     _decline("orientation is not read")),
    ("decline-06", "ExampleHOM.ifc", "decline", "walls of GroundFloor and 2ndFloor together?",
     _decline("the model has no 2ndFloor")),
    ("decline-07", "KIT-EDC_with_SB.ifc", "decline", "doors on EG and 3.OG combined",
     _decline("the model has no 3.OG")),
    ("decline-08", "AC20-FZK-Haus.ifc", "decline", "Schlafzimmer or Gästezimmer - more windows?",
     _decline("the model has no Gästezimmer")),
    ("decline-09", "LargeBuilding.ifc", "decline", "Level 1 vs Level 2 - more windows painted last year?",
     _decline("'painted last year' is recorded nowhere")),
    ("decline-10", "KIT-EDC_with_SB.ifc", "decline", "which has more old doors, EG or 1.OG?",
     _decline("'old' is recorded nowhere")),
    ("decline-11", "Duplex_A_20110907.ifc", "decline", "more windows on that floor or on Level 2?",
     _decline("'that floor' points at nothing")),
    ("decline-12", "LargeBuilding.ifc", "decline", "Level 1 and Level 2 sum of the cheap walls",
     _decline("'cheap' is recorded nowhere")),
]

HELD: list[tuple[str, str, str, str, Make]] = [
    ("which-01", "LargeBuilding.ifc", "cmp_storey", "Which floor has more doors: Level 1 or Level 2?",
     _storey_winner("Level 1", "Level 2", "IfcDoor")),
    ("which-02", "AC11-Institute-Var-2-IFC.ifc", "cmp_storey", "1. Obergeschoss vs 2. Obergeschoss - more doors?",
     _storey_winner("1. Obergeschoss", "2. Obergeschoss", "IfcDoor")),
    ("which-03", "ExampleHOM.ifc", "cmp_storey", "groundfloor and 1stfloor which one got more doors",
     _storey_winner("GroundFloor", "1stFloor", "IfcDoor")),
    ("room-01", "AC11-Institute-Var-2-IFC.ifc", "cmp_room", "Labor I or Buero Meier - which one has more windows?",
     _room_winner("Labor I", "Buero Meier", "IfcWindow")),
    ("room-02", "ExampleHOM.ifc", "cmp_room", "Corridor3 and Living1, which one got more doors",
     _room_winner("Corridor3", "Living1", "IfcDoor")),
    ("room-03", "AC20-FZK-Haus.ifc", "cmp_room", "Flur or Küche, which has more doors?",
     _room_winner("Flur", "Küche", "IfcDoor")),
    ("room-04", "Ifc4_SampleHouse.ifc", "cmp_room", "Living room or Bedroom - which is bigger?",
     _room_area("Living room", "Bedroom")),
    ("yesno-01", "KIT-EDC_with_SB.ifc", "cmp_yesno", "EG more doors than 2.OG yes or no",
     _more("EG", "2.OG", "IfcDoor")),
    ("diff-01", "AC20-FZK-Haus.ifc", "cmp_diff", "how many more walls does the Erdgeschoss have than the Dachgeschoss?",
     _diff("Erdgeschoss", "Dachgeschoss", "IfcWall")),
    ("sum-01", "LargeBuilding.ifc", "sum", "windows of Level 1 and Level 2 in total",
     _total("Level 1", "Level 2", "IfcWindow")),
    ("sum-02", "AC11-Institute-Var-2-IFC.ifc", "sum", "doors on Keller and Erdgeschoss, together how many",
     _total("Keller", "Erdgeschoss", "IfcDoor")),
    ("decline-01", "ExampleHOM.ifc", "decline", "GroundFloor vs Basement: more doors?",
     _decline("the model has no Basement")),
    ("decline-02", "Duplex_A_20110907.ifc", "decline", "Bedroom 2 or Bathroom 2, more windows?",
     _decline("two spaces are called Bedroom 2 (A203, B203) and two Bathroom 2")),
    ("decline-03", "AC20-FZK-Haus.ifc", "decline", "which has more rusty windows, Erdgeschoss or Dachgeschoss",
     _decline("'rusty' is recorded nowhere")),
    ("decline-04", "Duplex_A_20110907.ifc", "decline", "walls Level 1 + Level 5 sum",
     _decline("the model has no Level 5")),
    ("decline-05", "3rooms_Heater_AirTerminal_Table_with_SB.ifc", "decline", "Empfang vs Lager: more doors?",
     _decline("the model has no Lager")),
    ("decline-06", "LargeBuilding.ifc", "decline", "Level 1 or Level 2 - more windows on the sunny side?",
     _decline("'sunny side' is recorded nowhere")),
]


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out = []
    for cid, model, kind, query, make in (HELD if held else DEV):
        m = models.setdefault(model, Model(ifc_dir / model))
        oracle, rule = make(m)
        bench_kind = "multi_storey" if kind == "sum" or "sum" in query or "+" in query or "combined" in query \
            or "together" in query else "comparison"
        out.append({"id": f"cmp22{'b' if held else ''}-{cid}", "query": query, "ifc_filename": model,
                    "kind": bench_kind, "form": kind, "oracle": oracle, "oracle_rule": rule,
                    "source": "ifcopenshell"})
    return out


if __name__ == "__main__":
    sys.exit(bench_main(__doc__, build, OUT, OUT_HELD, None, DEFAULT_IFC_DIR, sys.argv[1:]))
