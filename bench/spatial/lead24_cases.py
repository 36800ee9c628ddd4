"""Short voices of people_eighteenth's (a) and (d) forms, said on OTHER models (issue 22, round 24 lead).

    python bench/spatial/lead24_cases.py [--ifc-dir ../shared/ifc]   # writes lead24_cases.json and lead24_cases_b.json

Written before the code, from how people type and talk, one group per kind the eighteenth set showed main missing:
**exist** a terse or modal existence question ("railings?", "would there be any stairs at all?"): yes or no, with
the list; **where** the terse "<thing> storey" with no separator: its storeys; **storeys** "storey count", "count
the storeys": the storeys counted; **guess** a number the asker guesses beside the ask ("must be around 200 windows,
how many exactly?"): the guess is no filter; **versus** "A vs B, more A?": a yes/no comparison of two counts;
**learner** topic-comment and 'no + verb' English ("which room no have window?", "Küche inside have how many
doors?", "this house got how many windows?"); **spoken** room numbers dictated digit by digit ("room b one oh
two"). Every group has declines: a storey, room or side the model lacks. Oracles in plain IfcOpenShell
(``people_oracles.Model``), storey-deep. The held-out half (``lead24_cases_b.json``) was written at the same time
and not looked at while building.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from people_oracles import (  # noqa: E402
    DUP,
    EDC,
    FZK,
    INS,
    LB,
    SH,
    STOREY_DEEP,
    Model,
    Q,
    compute_set,
    count,
    decline,
    dumps,
    elements,
    number,
    storeys,
    yes_no,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "lead24_cases.json"
OUT_HELD = HERE / "lead24_cases_b.json"
WINDOW, DOOR, STAIR, FURN = "IfcWindow", "IfcDoor", "IfcStair", ("IfcFurnishingElement", "IfcFurniture")


def any_of(cls: str, storey: str | None = None):  # noqa: ANN201
    return lambda m: yes_no(bool(m.on(storey, cls) if storey else m.of(cls)))


def on(storey: str | None, cls: str | tuple[str, ...]):  # noqa: ANN201
    return lambda m: count(m.on(storey, cls) if storey else m.of(cls))


def where_is(cls: str):  # noqa: ANN201
    return lambda m: storeys(m.storey_name(e) for e in m.of(cls))


def where_room(name: str):  # noqa: ANN201
    return lambda m: storeys([m.storey_name(_room(m, name))])


def _room(m: Model, name: str):  # noqa: ANN202
    found = [s for s in m.spaces() if name in (s.Name, s.LongName)]
    assert len(found) == 1, (name, found)
    return found[0]


def storey_count(m: Model) -> dict:
    return count(m.by_type("IfcBuildingStorey"))


def more(a: str, b: str, storey: str | None = None):  # noqa: ANN201
    return lambda m: yes_no(len(m.on(storey, a) if storey else m.of(a)) > len(m.on(storey, b) if storey else m.of(b)))


def rooms_without(cls: str):  # noqa: ANN201
    return lambda m: elements(s for s in m.spaces() if not m.bounding(s, cls))


def bounding(name: str, cls: str):  # noqa: ANN201
    return lambda m: count(m.bounding(_room(m, name), cls))


def inside(name: str, cls: str | tuple[str, ...], how: str = "count"):  # noqa: ANN201
    return lambda m: (count if how == "count" else elements)(m.in_space(_room(m, name), cls))


def area(name: str, qset: str, quantity: str = "NetFloorArea"):  # noqa: ANN201
    return lambda m: number(m.qty(_room(m, name), qset, quantity), "m²", [_room(m, name)])


def no(_: Model) -> dict:
    return decline()


def deep(cls: str, storey: str | None = None) -> str:
    return f"{cls} {'on ' + storey if storey else 'in the model'}, {STOREY_DEEP}"


CASES: list[Q] = [
    # --- exist: terse or modal existence questions: yes/no, with the list
    Q(SH, "exist", "curtain walls?", any_of("IfcCurtainWall"), "any IfcCurtainWall in the model"),
    Q(FZK, "exist", "railings?", any_of("IfcRailing"), "any IfcRailing in the model"),
    Q(DUP, "exist", "would there be any stairs in this house at all?", any_of(STAIR), "any IfcStair in the model"),
    Q(INS, "exist", "will there be any columns in the Keller?", any_of("IfcColumn", "Keller"),
      f"any IfcColumn on Keller, {STOREY_DEEP} (both columns are on the Erdgeschoss)"),
    Q(FZK, "exist", "beams in the Dachgeschoss?", any_of("IfcBeam", "Dachgeschoss"), deep("IfcBeam", "Dachgeschoss")),
    Q(FZK, "exist", "railings on the 1. Obergeschoss?", no, "decline: the FZK house has no 1. Obergeschoss"),
    Q(DUP, "exist", "would there be any stairs on Level 3 at all?", no, "decline: Duplex_A has no Level 3"),
    # --- where: "<thing> storey" with no separator asks its storeys
    Q(DUP, "where", "stairs level", where_is(STAIR), "the storeys of the IfcStair elements"),
    Q(FZK, "where", "Küche storey", where_room("Küche"), "the storey of the space 'Küche'"),
    Q(INS, "where", "Seminarraum floor?", where_room("Seminarraum"), "the storey of the space 'Seminarraum'"),
    Q(SH, "where", "curtain walls storey", where_is("IfcCurtainWall"), "the storeys of the IfcCurtainWall elements"),
    Q(DUP, "where", "sauna level", no, "decline: Duplex_A has no sauna"),
    # --- storeys: the storeys counted, said tersely
    Q(FZK, "storeys", "storey count", storey_count, "IfcBuildingStorey counted"),
    Q(INS, "storeys", "levels total?", storey_count, "IfcBuildingStorey counted"),
    Q(DUP, "storeys", "count the storeys", storey_count, "IfcBuildingStorey counted"),
    Q(FZK, "storeys", "storey count of the garage", no, "decline: the FZK house has no garage"),
    # --- guess: a guessed number beside the ask is no filter
    Q(INS, "guess", "must be around 200 windows in the building, how many exactly?", on(None, WINDOW),
      deep(WINDOW)),
    Q(DUP, "guess", "i think 10 doors are on Level 1, how many really?", on("Level 1", DOOR), deep(DOOR, "Level 1")),
    Q(FZK, "guess", "probably 12 windows or so in the Erdgeschoss - what's the real number?",
      on("Erdgeschoss", WINDOW), deep(WINDOW, "Erdgeschoss")),
    Q(FZK, "guess", "the Schlafzimmer is roughly 15 m2 I guess, what's the exact area?",
      area("Schlafzimmer", "BaseQuantities"), "BaseQuantities.NetFloorArea of the space 'Schlafzimmer', m²"),
    Q(DUP, "guess", "i think 5 doors are on Level 3, how many really?", no, "decline: Duplex_A has no Level 3"),
    Q(FZK, "guess", "must be about 10 windows in the Keller, how many exactly?", no,
      "decline: the FZK house has no Keller"),
    # --- versus: "A vs B, more A?" compares two counts
    Q(FZK, "versus", "doors vs windows, more doors?", more(DOOR, WINDOW), "count IfcDoor > count IfcWindow"),
    Q(DUP, "versus", "windows vs doors - more windows?", more(WINDOW, DOOR), "count IfcWindow > count IfcDoor"),
    Q(DUP, "versus", "doors vs windows on Level 5, more doors?", no, "decline: Duplex_A has no Level 5"),
    # --- learner: topic-comment, 'no have', 'got'
    Q(EDC, "learner", "which room no have window?", rooms_without(WINDOW),
      "IfcSpace with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(SH, "learner", "Living room inside got how many furniture?", inside("Living room", FURN),
      "IfcFurniture contained in the space 'Living room'"),
    Q(FZK, "learner", "this house got how many windows?", on(None, WINDOW), deep(WINDOW)),
    Q(DUP, "learner", "Level 1 got door how many?", on("Level 1", DOOR), deep(DOOR, "Level 1")),
    Q(SH, "learner", "Kitchen inside have how many furniture?", no, "decline: the Sample House has no kitchen"),
    # --- spoken: room numbers dictated digit by digit
    Q(DUP, "spoken", "how many windows does room a one oh two have", bounding("A102", WINDOW),
      "IfcWindow among the IfcRelSpaceBoundary elements of space A102"),
    Q(INS, "spoken", "which storey is room zero one zero on", where_room("010"), "the storey of the space '010'"),
    Q(DUP, "spoken", "list the furniture in room b one oh three", inside("B103", FURN, "list"),
      "IfcFurnishingElement contained in the space B103"),
    Q(DUP, "spoken", "how many windows does room c one oh two have", no, "decline: Duplex_A has no room C102"),
]

HELD: list[Q] = [
    Q(INS, "exist", "stairs?", any_of(STAIR), "any IfcStair in the model"),
    Q(DUP, "exist", "would there be any railings on Level 2?", any_of("IfcRailing", "Level 2"),
      deep("IfcRailing", "Level 2")),
    Q(SH, "exist", "could there be any stairs in the Basement?", no, "decline: the Sample House has no basement"),
    Q(FZK, "where", "stair level", where_is(STAIR), "the storeys of the IfcStair elements"),
    Q(DUP, "where", "Kitchen level", lambda m: storeys(m.storey_name(s) for s in m.spaces() if s.LongName == "Kitchen"),
      "the storeys of the spaces named 'Kitchen' (A103 and B103, both on Level 1)"),
    Q(SH, "where", "garage storey?", no, "decline: the Sample House has no garage"),
    Q(LB, "storeys", "levels count", storey_count, "IfcBuildingStorey counted"),
    Q(SH, "storeys", "how many storeys, roughly 3?", storey_count, "IfcBuildingStorey counted"),
    Q(LB, "guess", "must be like 40 windows on Level 1, exact count?", on("Level 1", WINDOW),
      deep(WINDOW, "Level 1")),
    Q(INS, "guess", "i guess 80 doors total, how many really?", on(None, DOOR), deep(DOOR)),
    Q(LB, "guess", "i reckon 20 doors on Level 4, how many really?", no, "decline: LargeBuilding has no Level 4"),
    Q(INS, "versus", "Fenster vs Türen, mehr Fenster?", more(WINDOW, DOOR), "count IfcWindow > count IfcDoor"),
    Q(FZK, "learner", "which room no have door?", rooms_without(DOOR),
      "IfcSpace with no IfcDoor among its IfcRelSpaceBoundary elements"),
    Q(DUP, "learner", "Level 2 got how many windows?", on("Level 2", WINDOW), deep(WINDOW, "Level 2")),
    Q(DUP, "spoken", "what storey is room b two oh one on", where_room("B201"), "the storey of the space B201"),
]


_BENCH_KIND = {"exist": "edge", "where": "lookup", "storeys": "edge", "guess": "storey_class", "versus": "comparison",
               "learner": "rooms", "spoken": "rooms"}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    ifc_dir = Path(args[args.index("--ifc-dir") + 1]) if "--ifc-dir" in args else DEFAULT_IFC_DIR
    for questions, out, prefix in ((CASES, OUT, "lead24"), (HELD, OUT_HELD, "lead24b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the group kept as "form"
            case["form"] = case["kind"]
            case["kind"] = "refuse" if case["oracle"]["type"] == "decline" else _BENCH_KIND[case["form"]]
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
