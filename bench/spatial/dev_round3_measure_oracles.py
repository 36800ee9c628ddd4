"""A third development set for spatial QA (round 3, the measure side): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round3_measure_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before the round-3 measure work, on the kinds the blind sets showed weakest on the aggregate side:
quantities (sum / mean / min / max with units, per storey, per room function, per qualifier), comparisons
(by count and by quantity, A vs B, thresholds, "at least", ties), group-by ("doors per floor"), yes/no
thresholds, superlatives with filters ("largest office on the 2. Obergeschoss", "tallest window"), and
**the wider-than-asked trap**: measure questions that name a storey, a room, a qualifier or a class the
answer must honour (or decline naming what it could not apply). Phrased as tickets, chat, German, typos.

It is a **development set**: the parser was changed while reading its failures. Semantics are those of
``people_oracles.py`` (storey-deep containment, boolean qualifiers need the explicit value, quantities as the
file holds them, in the model's units); its ``Model`` walks are reused. Readings of the measure words:
"area" of spaces = NetFloorArea (GSA BIM Area on the Revit GSA models); "wall area" = GrossSideArea unless
"net" is said; "volume" = NetVolume; "length" of walls = Length; window / door area = the file's Area;
"heaviest" with no weight in the model, or an orientation ("north side") the model cannot hold -> decline.
A group-by answer ("doors per floor") is scored on the elements it lists; a difference of counts is a count.
Two questions of the first commit were removed after its one scored run: window areas of the Duplex (decline
oracles), which the issue answers from geometry when the file holds no quantity, saying so, a reading plain
IfcOpenShell cannot reproduce without the same bounding-box convention.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    BQ_NFA,
    DOOR,
    DUP,
    EDC,
    FZK,
    GSA,
    HOM,
    HOM_NFA,
    INS,
    LB,
    RQ,
    SH,
    SPACE,
    STOREY_DEEP,
    WALL,
    WINDOW,
    Model,
    Q,
    argmax_storey,
    compute_set,
    decline,
    elements,
    ext,
    extreme,
    extreme_value,
    load_bearing,
    mean,
    number,
    per_storey,
    q,
    set_main,
    storeys,
    total,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round3_measure.json"
F11 = "AC11-FZK-Haus-IFC.ifc"

BQ = "BaseQuantities"
WALL_EXT = ext("Pset_WallCommon")
WALL_INT = ext("Pset_WallCommon", False)
WALL_LB = load_bearing("Pset_WallCommon")


def sums(m: Model, classes: Any, key: Any, where: Any = None, names: Any = None) -> dict[str, float]:
    return {s: sum(key(e) for e in es) for s, es in per_storey(m, classes, where, names).items()}


def best(values: dict[str, float], fewest: bool = False) -> Any:
    b = (min if fewest else max)(values.values())
    return storeys(k for k, v in values.items() if v == b)


def on_named(m: Model, storey: str, *words: str) -> list[Any]:
    return m.on(storey, SPACE, m.named(*words))


def has_qty(qset: str, name: str) -> Any:
    return lambda e: isinstance(Model.prop(e, qset, name), (int, float))


QUESTIONS: list[Q] = [
    # ================================================================ quantities (scoped sums and means)
    Q(DUP, "quantities", "total area of the bathrooms on Level 1",
      lambda m: total(on_named(m, "Level 1", "bathroom"), GSA, "m²"),
      "sum of GSA BIM Area over the Bathroom spaces on Level 1 (A104, B104; not the Bathroom 2s upstairs)"),
    Q(DUP, "quantities", "avg size of the bedrooms?",
      lambda m: mean(m.spaces(m.named("bedroom")), GSA, "m²"),
      "mean GSA BIM Area over the spaces whose LongName holds 'Bedroom' (m²)"),
    Q(INS, "quantities", "What's the combined floor area of the labs in the Keller?",
      lambda m: total(on_named(m, "Keller", "labor"), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the Labor spaces on Keller (m²)"),
    Q(INS, "quantities", "Wie viele Quadratmeter haben die Büros im 1. Obergeschoss zusammen?",
      lambda m: total(on_named(m, "1. Obergeschoss", "buero"), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the Buero spaces on 1. Obergeschoss (m²)"),
    Q(INS, "quantities", "net wall area of the external walls on the Erdgeschoss",
      lambda m: total(m.on("Erdgeschoss", WALL, WALL_EXT), q(BQ, "NetSideArea"), "m²"),
      f"sum of BaseQuantities.NetSideArea over IfcWall with Pset_WallCommon.IsExternal = TRUE on Erdgeschoss, "
      f"{STOREY_DEEP} (m²)"),
    Q(INS, "quantities", "total length of the load bearing walls in the Keller?",
      lambda m: total(m.on("Keller", WALL, WALL_LB), q(BQ, "Length"), "m"),
      "sum of BaseQuantities.Length over IfcWall with Pset_WallCommon.LoadBearing = TRUE on Keller (m)"),
    Q(INS, "quantities", "volume of the internal walls on the 2. Obergeschoss",
      lambda m: total(m.on("2. Obergeschoss", WALL, WALL_INT), q(BQ, "NetVolume"), "m³"),
      "sum of BaseQuantities.NetVolume over IfcWall with IsExternal = FALSE on 2. Obergeschoss (m³)"),
    Q(HOM, "quantities", "glazing area on the GroundFloor?",
      lambda m: total(m.on("GroundFloor", WINDOW), q("Qto_WindowBaseQuantities", "Area"), "m²"),
      "sum of Qto_WindowBaseQuantities.Area over IfcWindow on GroundFloor (m²)"),
    Q(HOM, "quantities", "how much floor area do the children's rooms have together",
      lambda m: total(m.spaces(m.named("children")), HOM_NFA, "m²"),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea over Children7 and Children10 (m²)"),
    Q(HOM, "quantities", "total net volume of the walls on the 1stFloor",
      lambda m: total(m.on("1stFloor", WALL), q("Qto_WallBaseQuantities", "NetVolume"), "m³"),
      "sum of Qto_WallBaseQuantities.NetVolume over IfcWall on 1stFloor (m³)"),
    Q(LB, "quantities", "What's the total door area on Level 1?",
      lambda m: total(m.on("Level 1", DOOR), q(BQ, "Area"), "m²"),
      "sum of BaseQuantities.Area over IfcDoor on Level 1 (m²)"),
    Q(LB, "quantities", "average window height on level 2 pls",
      lambda m: mean(m.on("Level 2", WINDOW), q(BQ, "Height"), "mm"),
      "mean BaseQuantities.Height over IfcWindow on Level 2 (model length unit mm)"),
    Q(EDC, "quantities", "gross wall area of the external walls on 2.OG",
      lambda m: total(m.on("2.OG", WALL, WALL_EXT), q(BQ, "GrossSideArea"), "m²"),
      "sum of BaseQuantities.GrossSideArea over IfcWall with IsExternal = TRUE on 2.OG (m²)"),
    Q(EDC, "quantities", "Ticket #4411: need the total wall area of the interior walls on 1.OG for the painter",
      lambda m: total(m.on("1.OG", WALL, WALL_INT), q(BQ, "GrossSideArea"), "m²"),
      "sum of BaseQuantities.GrossSideArea (the only side area EDC holds) over IfcWall with IsExternal = FALSE "
      "on 1.OG (m²)"),
    Q(FZK, "quantities", "Nettogrundfläche im Dachgeschoss?",
      lambda m: total(m.on("Dachgeschoss", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over IfcSpace on Dachgeschoss (m²)"),
    Q(FZK, "quantities", "total window area in the Erdgeschoss",
      lambda m: total(m.on("Erdgeschoss", WINDOW), q(BQ, "Area"), "m²"),
      "sum of BaseQuantities.Area over IfcWindow on Erdgeschoss (m²)"),
    Q(F11, "quantities", "how long are the exterior walls on the Dachgeschoss altogether",
      lambda m: total(m.on("Dachgeschoss", WALL, WALL_EXT), q(BQ, "Length"), "m"),
      "sum of BaseQuantities.Length over IfcWall with IsExternal = TRUE on Dachgeschoss (m)"),
    Q(RQ, "quantities", "average area of the small offices",
      lambda m: mean(m.spaces(m.named("small office")), GSA, "m²"),
      "mean GSA BIM Area over the spaces whose LongName holds 'small office' (m²)"),
    Q(SH, "quantities", "what's the floor area of the bedroom",
      lambda m: number(BQ_NFA(m.space(long="Bedroom")), "m²", [m.space(long="Bedroom")]),
      "BaseQuantities.NetFloorArea of the space with LongName 'Bedroom' (m²)"),
    Q(SH, "quantities", "what's the average room height",
      lambda m: mean(m.spaces(), q(BQ, "Height"), "mm"),
      "mean BaseQuantities.Height over every IfcSpace (model length unit mm)"),
    Q(INS, "quantities", "durchschnittliche Raumgröße im Dachgeschoss",
      lambda m: mean(m.on("Dachgeschoss", SPACE), BQ_NFA, "m²"),
      "mean BaseQuantities.NetFloorArea over IfcSpace on Dachgeschoss (m²)"),
    Q(HOM, "quantities", "how much glazing is there on the north side?", lambda m: decline(),
      "orientation (north side) is not held by the model (no orientation property) -> decline"),
    # ================================================================ superlatives with filters
    Q(INS, "superlative", "biggest office on the 2. Obergeschoss?",
      lambda m: extreme(on_named(m, "2. Obergeschoss", "buero"), BQ_NFA, "m²"),
      "the Buero space(s) on 2. Obergeschoss with the largest NetFloorArea"),
    Q(INS, "superlative", "smallest lab",
      lambda m: extreme(m.spaces(m.named("labor")), BQ_NFA, "m²", smallest=True),
      "the Labor space(s) with the smallest NetFloorArea"),
    Q(INS, "superlative", "Which is the longest wall on the Dachgeschoss?",
      lambda m: extreme(m.on("Dachgeschoss", WALL), q(BQ, "Length"), "m"),
      "the IfcWall(s) on Dachgeschoss with the largest BaseQuantities.Length"),
    Q(INS, "superlative", "longest external wall on the 1. Obergeschoss",
      lambda m: extreme(m.on("1. Obergeschoss", WALL, WALL_EXT), q(BQ, "Length"), "m"),
      "the IfcWall(s) with IsExternal = TRUE on 1. Obergeschoss with the largest Length"),
    Q(INS, "superlative", "How big is the biggest lab in the Keller?",
      lambda m: extreme_value(on_named(m, "Keller", "labor"), BQ_NFA, "m²"),
      "largest NetFloorArea among the Labor spaces on Keller (m²)"),
    Q(HOM, "superlative", "tallest window",
      lambda m: extreme(m.of(WINDOW), q("Qto_WindowBaseQuantities", "Height"), "m"),
      "the IfcWindow(s) with the largest Qto_WindowBaseQuantities.Height (ties: all)"),
    Q(HOM, "superlative", "which slab is the heaviest?",
      lambda m: extreme(m.of("IfcSlab"), q("Qto_SlabBaseQuantities", "NetWeight"), "kg"),
      "the IfcSlab(s) with the largest Qto_SlabBaseQuantities.NetWeight"),
    Q(HOM, "superlative", "biggest window on the 1stFloor",
      lambda m: extreme(m.on("1stFloor", WINDOW), q("Qto_WindowBaseQuantities", "Area"), "m²"),
      "the IfcWindow(s) on 1stFloor with the largest Qto_WindowBaseQuantities.Area (ties: all)"),
    Q(LB, "superlative", "widest door on Level 1",
      lambda m: extreme(m.on("Level 1", DOOR), q(BQ, "Width"), "mm"),
      "the IfcDoor(s) on Level 1 with the largest BaseQuantities.Width (ties: all)"),
    Q(EDC, "superlative", "biggest slab on 2.OG?",
      lambda m: extreme(m.on("2.OG", "IfcSlab"), q(BQ, "GrossArea"), "m²"),
      "the IfcSlab(s) on 2.OG with the largest BaseQuantities.GrossArea"),
    Q(DUP, "superlative", "whats the smallest bathroom",
      lambda m: extreme(m.spaces(m.named("bathroom")), GSA, "m²", smallest=True),
      "the Bathroom space(s) with the smallest GSA BIM Area (ties: all)"),
    Q(DUP, "superlative", "largest bedroom on level 2 and how big is it",
      lambda m: extreme_value(on_named(m, "Level 2", "bedroom"), GSA, "m²"),
      "largest GSA BIM Area among the Bedroom spaces on Level 2 (m²)"),
    Q(FZK, "superlative", "Welcher Raum im Erdgeschoss ist am größten?",
      lambda m: extreme(m.on("Erdgeschoss", SPACE), BQ_NFA, "m²"),
      "the IfcSpace on Erdgeschoss with the largest NetFloorArea"),
    Q(F11, "superlative", "heaviest beam?", lambda m: decline(),
      "no IfcBeam carries a weight quantity or property (BaseQuantities hold Length/Volume/areas) -> decline"),
    Q(RQ, "superlative", "which small office is the largest",
      lambda m: extreme(m.spaces(m.named("small office")), GSA, "m²"),
      "the 'small office' space(s) with the largest GSA BIM Area"),
    Q(SH, "superlative", "tallest door", lambda m: extreme(m.of(DOOR), q(BQ, "Height"), "mm"),
      "the IfcDoor(s) with the largest BaseQuantities.Height (ties: all)"),
    # ================================================================ comparisons (count and quantity)
    Q(INS, "comparison", "which storey has the least room area?",
      lambda m: best(sums(m, SPACE, BQ_NFA), fewest=True),
      "storey whose IfcSpace sum of NetFloorArea is smallest"),
    Q(INS, "comparison", "Does the Erdgeschoss have more office area than the 1. Obergeschoss?",
      lambda m: yes_no(sum(map(BQ_NFA, on_named(m, "Erdgeschoss", "buero")))
                       > sum(map(BQ_NFA, on_named(m, "1. Obergeschoss", "buero")))),
      "sum NetFloorArea of Buero spaces on Erdgeschoss > that on 1. Obergeschoss"),
    Q(HOM, "comparison", "Is the GroundFloor bigger than the 1stFloor (floor area)?",
      lambda m: yes_no(sum(map(HOM_NFA, m.on("GroundFloor", SPACE))) > sum(map(HOM_NFA, m.on("1stFloor", SPACE)))),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea of the spaces on GroundFloor > on 1stFloor"),
    Q(LB, "comparison", "which level has more window area?",
      lambda m: best(sums(m, WINDOW, q(BQ, "Area"))),
      "of the two storeys, the one whose IfcWindow sum of BaseQuantities.Area is larger"),
    Q(INS, "comparison", "which floor has the most external walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL, WALL_EXT), ties=True),
      f"storey(s) with the most IfcWall with IsExternal = TRUE, {STOREY_DEEP}"),
    Q(EDC, "comparison", "floor with the fewest exterior walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL, WALL_EXT), fewest=True, ties=True),
      f"storey(s) with the fewest IfcWall with IsExternal = TRUE, {STOREY_DEEP}"),
    Q(DUP, "comparison", "which floor has the most bedrooms",
      lambda m: argmax_storey(m, per_storey(m, SPACE, m.named("bedroom")), ties=True),
      "storey with the most spaces whose LongName holds 'Bedroom'"),
    Q(INS, "comparison", "which storey has the largest total wall length?",
      lambda m: best(sums(m, WALL, q(BQ, "Length"))),
      "storey whose IfcWall sum of BaseQuantities.Length is largest"),
    Q(INS, "comparison", "how many more doors does the Erdgeschoss have than the Keller?",
      lambda m: {"type": "count", "value": len(m.on("Erdgeschoss", DOOR)) - len(m.on("Keller", DOOR)),
                 "guids": sorted(e.GlobalId for e in m.on(["Erdgeschoss", "Keller"], DOOR))},
      f"count IfcDoor on Erdgeschoss minus count on Keller, {STOREY_DEEP}; the doors of both counted"),
    Q(FZK, "comparison", "Hat das Erdgeschoss mehr Fenster als das Dachgeschoss?",
      lambda m: yes_no(len(m.on("Erdgeschoss", WINDOW)) > len(m.on("Dachgeschoss", WINDOW))),
      f"count IfcWindow Erdgeschoss > Dachgeschoss, {STOREY_DEEP}"),
    Q(FZK, "comparison", "Welches Geschoss hat die größte Fensterfläche?",
      lambda m: best(sums(m, WINDOW, q(BQ, "Area"))),
      "storey whose IfcWindow sum of BaseQuantities.Area is largest"),
    Q(SH, "comparison", "is the living room larger than the bedroom?",
      lambda m: yes_no(BQ_NFA(m.space(long="Living room")) > BQ_NFA(m.space(long="Bedroom"))),
      "NetFloorArea of 'Living room' > that of 'Bedroom'"),
    Q(INS, "comparison", "Keller vs Erdgeschoss: which one has more wall area?",
      lambda m: best(sums(m, WALL, q(BQ, "GrossSideArea"), names=["Keller", "Erdgeschoss"])),
      "of Keller and Erdgeschoss, the storey whose IfcWall sum of GrossSideArea is larger"),
    Q(LB, "comparison", "does level 2 have fewer walls than level 1",
      lambda m: yes_no(len(m.on("Level 2", WALL)) < len(m.on("Level 1", WALL))),
      f"count IfcWall Level 2 < Level 1, {STOREY_DEEP}"),
    Q(EDC, "comparison", "which floor has the most internal doors",
      lambda m: argmax_storey(m, per_storey(m, DOOR, ext("Pset_DoorCommon", False)), ties=True),
      f"storey(s) with the most IfcDoor with Pset_DoorCommon.IsExternal = FALSE, {STOREY_DEEP}"),
    # ================================================================ yes/no thresholds
    Q(DUP, "yes_no", "Is any room on Level 1 bigger than 30 m²?",
      lambda m: yes_no(any(GSA(s) > 30 for s in m.on("Level 1", SPACE))),
      "whether any IfcSpace on Level 1 has GSA BIM Area > 30 m²"),
    Q(EDC, "yes_no", "is the wall area on EG more than 2000 m2?",
      lambda m: yes_no(sum(map(q(BQ, "GrossSideArea"), m.on("EG", WALL))) > 2000),
      "sum of BaseQuantities.GrossSideArea over IfcWall on EG > 2000 m²"),
    Q(INS, "yes_no", "are there at least 40 windows on the 2. Obergeschoss?",
      lambda m: yes_no(len(m.on("2. Obergeschoss", WINDOW)) >= 40),
      f"count IfcWindow on 2. Obergeschoss >= 40, {STOREY_DEEP}"),
    Q(INS, "yes_no", "does the Keller have more than 15 rooms",
      lambda m: yes_no(len(m.on("Keller", SPACE)) > 15), "count IfcSpace on Keller > 15"),
    Q(LB, "yes_no", "more than 20 windows on Level 2?",
      lambda m: yes_no(len(m.on("Level 2", WINDOW)) > 20), f"count IfcWindow on Level 2 > 20, {STOREY_DEEP}"),
    Q(INS, "yes_no", "Do the WCs add up to more than 100 m²?",
      lambda m: yes_no(sum(map(BQ_NFA, m.spaces(m.named("wc")))) > 100),
      "sum NetFloorArea of the spaces whose LongName holds 'WC' > 100 m²"),
    Q(RQ, "yes_no", "is the total floor area over 200 m²?",
      lambda m: yes_no(sum(map(GSA, m.spaces())) > 200), "sum GSA BIM Area over every IfcSpace > 200 m²"),
    Q(INS, "yes_no", "Is the Seminarraum bigger than 60 m²?",
      lambda m: yes_no(BQ_NFA(m.space(long="Seminarraum")) > 60), "NetFloorArea of Seminarraum > 60 m²"),
    Q(HOM, "yes_no", "Ist die Küche größer als 15 m²?",
      lambda m: yes_no(HOM_NFA(m.space("Kitchen5")) > 15), "Qto_SpaceBaseQuantities.NetFloorArea of Kitchen5 > 15"),
    Q(SH, "yes_no", "are there at least 3 windows on the ground floor",
      lambda m: yes_no(len(m.on("Ground Floor", WINDOW)) >= 3), f"count IfcWindow on Ground Floor >= 3, {STOREY_DEEP}"),
    # ================================================================ group-by
    Q(INS, "group_by", "doors per floor", lambda m: elements(m.of(DOOR, lambda e: m.storey_name(e) is not None)),
      f"IfcDoor grouped by storey, {STOREY_DEEP}; scored on the doors listed"),
    Q(EDC, "group_by", "how many windows on each storey?",
      lambda m: elements(m.of(WINDOW, lambda e: m.storey_name(e) is not None)),
      f"IfcWindow grouped by storey, {STOREY_DEEP}; scored on the windows listed"),
    Q(INS, "group_by", "which floors have more than 20 doors?",
      lambda m: storeys(s for s, es in per_storey(m, DOOR).items() if len(es) > 20),
      f"storeys with more than 20 IfcDoor, {STOREY_DEEP}"),
    Q(DUP, "group_by", "which levels have no windows at all",
      lambda m: storeys(s for s, es in per_storey(m, WINDOW).items() if not es),
      f"storeys with no IfcWindow, {STOREY_DEEP}"),
    Q(INS, "group_by", "which floors have a lab?",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("labor"))),
      "storeys of the spaces whose LongName holds 'Labor'"),
    Q(HOM, "group_by", "walls per storey",
      lambda m: elements(m.of(WALL, lambda e: m.storey_name(e) is not None)),
      f"IfcWall grouped by storey, {STOREY_DEEP}; scored on the walls listed"),
    # ================================================================ wider-than-asked traps
    Q(INS, "wider", "average size of the WCs on the Erdgeschoss",
      lambda m: mean(on_named(m, "Erdgeschoss", "wc"), BQ_NFA, "m²"),
      "mean NetFloorArea over the WC spaces on Erdgeschoss only (m²)"),
    Q(INS, "wider", "total length of the load-bearing internal walls on the Erdgeschoss",
      lambda m: total(m.on("Erdgeschoss", WALL, lambda w: WALL_LB(w) and WALL_INT(w)), q(BQ, "Length"), "m"),
      "sum of Length over IfcWall on Erdgeschoss with LoadBearing = TRUE and IsExternal = FALSE (m)"),
    Q(INS, "wider", "How much corridor area is there on the 2. Obergeschoss?",
      lambda m: total(on_named(m, "2. Obergeschoss", "flur"), BQ_NFA, "m²"),
      "sum of NetFloorArea over the Flur spaces on 2. Obergeschoss (m²)"),
    Q(INS, "wider", "largest external wall on the Keller by net area",
      lambda m: extreme(m.on("Keller", WALL, WALL_EXT), q(BQ, "NetSideArea"), "m²"),
      "the IfcWall(s) with IsExternal = TRUE on Keller with the largest NetSideArea"),
    Q(DUP, "wider", "total area of the kitchens on level 2", lambda m: number(0.0, "m²"),
      "no Kitchen space on Level 2 (both kitchens are on Level 1): the sum over no rooms is 0 m²"),
    Q(EDC, "wider", "gross volume of the external walls on EG",
      lambda m: total(m.on("EG", WALL, WALL_EXT), q(BQ, "GrossVolume"), "m³"),
      "sum of BaseQuantities.GrossVolume over IfcWall with IsExternal = TRUE on EG (m³)"),
    Q(LB, "wider", "what's the average width of the windows on Level 1?",
      lambda m: mean(m.on("Level 1", WINDOW), q(BQ, "Width"), "mm"),
      "mean BaseQuantities.Width over IfcWindow on Level 1 (mm)"),
    Q(HOM, "wider", "total area of the doors on the 1stFloor",
      lambda m: total(m.on("1stFloor", DOOR, has_qty("Qto_DoorBaseQuantities", "Area")),
                      q("Qto_DoorBaseQuantities", "Area"), "m²")
      if all(has_qty("Qto_DoorBaseQuantities", "Area")(d) for d in m.on("1stFloor", DOOR)) else decline(),
      "sum of Qto_DoorBaseQuantities.Area over IfcDoor on 1stFloor; a decline if some door there has no Area"),
    Q(F11, "wider", "net volume of the load bearing walls in the Erdgeschoss",
      lambda m: total(m.on("Erdgeschoss", WALL, WALL_LB), q(BQ, "NetVolume"), "m³"),
      "sum of BaseQuantities.NetVolume over IfcWall with LoadBearing = TRUE on Erdgeschoss (m³)"),
    Q(FZK, "wider", "Gesamtfläche der Fenster im Dachgeschoss",
      lambda m: total(m.on("Dachgeschoss", WINDOW), q(BQ, "Area"), "m²"),
      "sum of BaseQuantities.Area over IfcWindow on Dachgeschoss (m²)"),
    Q(INS, "wider", "how many square metres of offices does the Hausmeister have?",
      lambda m: total(m.spaces(m.named("hausmeister")), BQ_NFA, "m²"),
      "NetFloorArea of the space 'Buero Hausmeister' (m²)"),
    Q(DUP, "wider", "avg bedroom size on level 1", lambda m: decline(),
      "no Bedroom space on Level 1: a mean over no rooms -> decline"),
    Q(INS, "wider", "total net floor area of the Technikräume in the Keller",
      lambda m: total(on_named(m, "Keller", "technikraum"), BQ_NFA, "m²"),
      "sum of NetFloorArea over the Technikraum spaces on Keller (m²)"),
    Q(EDC, "wider", "count the external walls on 1.OG and give me their total area",
      lambda m: total(m.on("1.OG", WALL, WALL_EXT), q(BQ, "GrossSideArea"), "m²"),
      "sum of GrossSideArea over IfcWall with IsExternal = TRUE on 1.OG (m²), the count beside it"),
]


# The scorer's kinds (``bench_score.KINDS``) for this set's finer ones; the id keeps the finer one
# (``r3m-superlative-03``) so a run can be read per kind of this set as well.
SCORED_KIND = {"quantities": "quantities", "superlative": "quantities", "wider": "quantities",
               "comparison": "comparison", "yes_no": "comparison", "group_by": "comparison"}


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    out = compute_set(QUESTIONS, ifc_dir, "r3m")
    for question in out:
        question["kind"] = SCORED_KIND[question["kind"]]
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
