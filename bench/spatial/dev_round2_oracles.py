"""A second development set for spatial QA (round 2): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round2_oracles.py [--ifc-dir ../shared/ifc] [-o bench/spatial/dev_round2.json] [--check]

Written before the round-2 parser work, concentrated on the kinds the blind set showed weakest: comparison,
negation, rooms, quantities and qualifiers, in many voices (tickets, e-mails, terse search queries, German).
It is a **development set**: the parser was changed while reading its failures. The semantics are those of
``people_oracles.py`` (storey-deep containment, boolean qualifiers need the explicit value, quantities as
the file holds them); its ``Model`` walks are reused.
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
    count,
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

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round2.json"


def n_on(m: Model, storey: str, classes: Any, where: Any = None) -> int:
    return len(m.on(storey, classes, where))


def not_on(m: Model, classes: Any, *names: str, where: Any = None) -> list[Any]:
    return m.of(classes, lambda e: m.storey_name(e) not in (None, *names) and (where is None or where(e)))


def area_per_storey(m: Model, key: Any) -> dict[str, float]:
    return {s: sum(key(sp) for sp in m.on(s, SPACE)) for s in m.storey_names()}


def best(values: dict[str, float], fewest: bool = False) -> Any:
    b = (min if fewest else max)(values.values())
    return storeys(k for k, v in values.items() if v == b)


QUESTIONS: list[Q] = [
    # ================================================================ comparison
    Q(
        DUP,
        "comparison",
        "which level has the most doors?",
        lambda m: argmax_storey(m, per_storey(m, DOOR)),
        f"storey with the most IfcDoor, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "Hi, quick one: which storey has the fewest windows? Thanks",
        lambda m: argmax_storey(m, per_storey(m, WINDOW), fewest=True, ties=True),
        f"storey(s) with the fewest IfcWindow (zero counts), {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "Are there more walls on Level 2 than on Level 1?",
        lambda m: yes_no(n_on(m, "Level 2", WALL) > n_on(m, "Level 1", WALL)),
        f"count IfcWall Level 2 > Level 1, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "level 1 vs level 2: which one has more furniture?",
        lambda m: argmax_storey(m, per_storey(m, "IfcFurnishingElement", names=["Level 1", "Level 2"])),
        f"of Level 1 and Level 2, the one with more IfcFurnishingElement, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "Does Level 2 have at least twice as many windows as Level 1?",
        lambda m: yes_no(n_on(m, "Level 2", WINDOW) >= 2 * n_on(m, "Level 1", WINDOW)),
        f"count IfcWindow on Level 2 >= 2 x count on Level 1, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "Are there fewer than 5 doors on Level 2?",
        lambda m: yes_no(n_on(m, "Level 2", DOOR) < 5),
        f"count IfcDoor on Level 2 < 5, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "comparison",
        "Which floor has the biggest total room area?",
        lambda m: best(area_per_storey(m, GSA)),
        "storey whose IfcSpace sum of GSA BIM Area is largest",
    ),
    Q(
        DUP,
        "comparison",
        "Level 1 has more doors than windows, right?",
        lambda m: yes_no(n_on(m, "Level 1", DOOR) > n_on(m, "Level 1", WINDOW)),
        f"count IfcDoor on Level 1 > IfcWindow on Level 1, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "comparison",
        "Which floor has the fewest doors?",
        lambda m: argmax_storey(m, per_storey(m, DOOR), fewest=True),
        f"storey with the fewest IfcDoor (the Dachgeschoss holds none), {STOREY_DEEP}",
    ),
    Q(
        INS,
        "comparison",
        "Which storey has the most rooms?",
        lambda m: argmax_storey(m, per_storey(m, SPACE), ties=True),
        "storey with the most IfcSpace (ties: all)",
    ),
    Q(
        INS,
        "comparison",
        "Does the Erdgeschoss have more windows than the Keller?",
        lambda m: yes_no(n_on(m, "Erdgeschoss", WINDOW) > n_on(m, "Keller", WINDOW)),
        f"count IfcWindow Erdgeschoss > Keller, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "comparison",
        "Is there more furniture in the Keller than on the 1. Obergeschoss?",
        lambda m: yes_no(
            n_on(m, "Keller", "IfcFurnishingElement") > n_on(m, "1. Obergeschoss", "IfcFurnishingElement")
        ),
        f"count IfcFurnishingElement Keller > 1. Obergeschoss, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "comparison",
        "Welches Geschoss hat die meisten Türen?",
        lambda m: argmax_storey(m, per_storey(m, DOOR)),
        f"storey with the most IfcDoor, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "comparison",
        "which floor has the largest net floor area",
        lambda m: best(area_per_storey(m, BQ_NFA)),
        "storey whose IfcSpace sum of BaseQuantities.NetFloorArea is largest",
    ),
    Q(
        INS,
        "comparison",
        "Do the 1. Obergeschoss and the 2. Obergeschoss have the same number of windows?",
        lambda m: yes_no(n_on(m, "1. Obergeschoss", WINDOW) == n_on(m, "2. Obergeschoss", WINDOW)),
        f"count IfcWindow equal on both, {STOREY_DEEP}",
    ),
    Q(
        EDC,
        "comparison",
        "floor with most doors",
        lambda m: argmax_storey(m, per_storey(m, DOOR)),
        f"storey with the most IfcDoor, {STOREY_DEEP}",
    ),
    Q(
        EDC,
        "comparison",
        "Which has more walls, the EG or the 2.OG?",
        lambda m: argmax_storey(m, per_storey(m, WALL, names=["EG", "2.OG"])),
        f"of EG and 2.OG the one with more IfcWall, {STOREY_DEEP}",
    ),
    Q(
        EDC,
        "comparison",
        "Are there more than 100 doors in the building?",
        lambda m: yes_no(len(m.of(DOOR)) > 100),
        "count of IfcDoor in the model > 100",
    ),
    Q(
        HOM,
        "comparison",
        "Which floor has more windows, GroundFloor or 1stFloor?",
        lambda m: argmax_storey(m, per_storey(m, WINDOW, names=["GroundFloor", "1stFloor"])),
        f"of GroundFloor and 1stFloor the one with more IfcWindow, {STOREY_DEEP}",
    ),
    Q(
        HOM,
        "comparison",
        "Is the bedroom larger than the kitchen?",
        lambda m: yes_no(HOM_NFA(m.space("Bedroom6")) > HOM_NFA(m.space("Kitchen5"))),
        "Qto_SpaceBaseQuantities.NetFloorArea Bedroom6 > Kitchen5",
    ),
    Q(
        HOM,
        "comparison",
        "which storey has the least doors",
        lambda m: argmax_storey(m, per_storey(m, DOOR), fewest=True),
        f"storey with the fewest IfcDoor (attic: none), {STOREY_DEEP}",
    ),
    Q(
        LB,
        "comparison",
        "Which level has the most windows?",
        lambda m: argmax_storey(m, per_storey(m, WINDOW)),
        f"storey with the most IfcWindow, {STOREY_DEEP}",
    ),
    Q(
        LB,
        "comparison",
        "Has Level 1 got more doors than Level 2?",
        lambda m: yes_no(n_on(m, "Level 1", DOOR) > n_on(m, "Level 2", DOOR)),
        f"count IfcDoor Level 1 > Level 2, {STOREY_DEEP}",
    ),
    Q(
        FZK,
        "comparison",
        "Gibt es im Erdgeschoss mehr Fenster als im Dachgeschoss?",
        lambda m: yes_no(n_on(m, "Erdgeschoss", WINDOW) > n_on(m, "Dachgeschoss", WINDOW)),
        f"count IfcWindow Erdgeschoss > Dachgeschoss, {STOREY_DEEP}",
    ),
    Q(
        FZK,
        "comparison",
        "Which is bigger, the Wohnen or the Schlafzimmer?",
        lambda m: elements([max([m.space(long="Wohnen"), m.space(long="Schlafzimmer")], key=BQ_NFA)]),
        "of the spaces Wohnen and Schlafzimmer, the one with the larger BaseQuantities.NetFloorArea",
    ),
    # ================================================================ negation
    Q(
        DUP,
        "negation",
        "doors apart from the ones on Level 1",
        lambda m: elements(not_on(m, DOOR, "Level 1")),
        f"IfcDoor on a storey other than Level 1, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "negation",
        "all walls excluding the external ones",
        lambda m: elements(m.of(WALL, ext("Pset_WallCommon", False))),
        "IfcWall with Pset_WallCommon.IsExternal = FALSE",
    ),
    Q(
        DUP,
        "negation",
        "Which doors on level 2 aren't external?",
        lambda m: elements(m.on("Level 2", DOOR, ext("Pset_DoorCommon", False))),
        f"IfcDoor with Pset_DoorCommon.IsExternal = FALSE on Level 2, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "negation",
        "windows, excluding Level 2",
        lambda m: elements(not_on(m, WINDOW, "Level 2")),
        f"IfcWindow on a storey other than Level 2, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "negation",
        "Which floors don't have any windows?",
        lambda m: storeys(s for s in m.storey_names() if not m.on(s, WINDOW)),
        f"storeys with no IfcWindow, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "negation",
        "rooms on Level 1 other than the kitchens",
        lambda m: elements(m.on("Level 1", SPACE, lambda s: not m.named("kitchen")(s))),
        "IfcSpace on Level 1 whose LongName does not hold 'Kitchen'",
    ),
    Q(
        DUP,
        "negation",
        "Which spaces aren't bathrooms?",
        lambda m: elements(m.spaces(lambda s: not m.named("bathroom")(s))),
        "IfcSpace whose Name/LongName does not hold 'Bathroom'",
    ),
    Q(
        DUP,
        "negation",
        "How many walls are not load bearing?",
        lambda m: count(m.of(WALL, load_bearing("Pset_WallCommon", False))),
        "IfcWall with Pset_WallCommon.LoadBearing = FALSE; count",
    ),
    Q(
        DUP,
        "negation",
        "Please list all doors except those on Level 2.",
        lambda m: elements(not_on(m, DOOR, "Level 2")),
        f"IfcDoor on a storey other than Level 2, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "negation",
        "Türen außer im Keller",
        lambda m: elements(not_on(m, DOOR, "Keller")),
        f"IfcDoor on a storey other than Keller, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "negation",
        "alle Fenster, die nicht im Erdgeschoss sind",
        lambda m: elements(not_on(m, WINDOW, "Erdgeschoss")),
        f"IfcWindow on a storey other than Erdgeschoss, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "negation",
        "count the walls that are neither in the Keller nor in the Erdgeschoss",
        lambda m: count(not_on(m, WALL, "Keller", "Erdgeschoss")),
        f"IfcWall on a storey other than Keller and Erdgeschoss, {STOREY_DEEP}; count",
    ),
    Q(
        INS,
        "negation",
        "Which storeys have no doors?",
        lambda m: storeys(s for s in m.storey_names() if not m.on(s, DOOR)),
        f"storeys with no IfcDoor, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "negation",
        "walls on the Erdgeschoss which are not load-bearing",
        lambda m: elements(m.on("Erdgeschoss", WALL, load_bearing("Pset_WallCommon", False))),
        f"IfcWall with LoadBearing = FALSE on Erdgeschoss, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "negation",
        "Are there no doors on the Dachgeschoss?",
        lambda m: yes_no(not m.on("Dachgeschoss", DOOR)),
        f"no IfcDoor on Dachgeschoss, {STOREY_DEEP}",
    ),
    Q(
        EDC,
        "negation",
        "How many doors are there without counting the EG?",
        lambda m: count(not_on(m, DOOR, "EG")),
        f"IfcDoor on a storey other than EG, {STOREY_DEEP}; count",
    ),
    Q(
        EDC,
        "negation",
        "interior walls on EG",
        lambda m: elements(m.on("EG", WALL, ext("Pset_WallCommon", False))),
        f"IfcWall with IsExternal = FALSE on EG, {STOREY_DEEP}",
    ),
    Q(
        HOM,
        "negation",
        "count the windows not on the GroundFloor",
        lambda m: count(not_on(m, WINDOW, "GroundFloor")),
        f"IfcWindow on a storey other than GroundFloor, {STOREY_DEEP}; count",
    ),
    Q(
        HOM,
        "negation",
        "Which rooms on the 1stFloor are not corridors?",
        lambda m: elements(m.on("1stFloor", SPACE, lambda s: not m.named("corridor")(s))),
        "IfcSpace on 1stFloor whose Name does not hold 'Corridor'",
    ),
    Q(
        FZK,
        "negation",
        "Welche Räume sind nicht im Erdgeschoss?",
        lambda m: elements(m.spaces(lambda s: m.storey_name(s) not in (None, "Erdgeschoss"))),
        "IfcSpace on a storey other than Erdgeschoss",
    ),
    Q(
        FZK,
        "negation",
        "windows that aren't in the Dachgeschoss",
        lambda m: elements(not_on(m, WINDOW, "Dachgeschoss")),
        f"IfcWindow on a storey other than Dachgeschoss, {STOREY_DEEP}",
    ),
    Q(
        LB,
        "negation",
        "windows other than those on Level 1",
        lambda m: elements(not_on(m, WINDOW, "Level 1")),
        f"IfcWindow on a storey other than Level 1, {STOREY_DEEP}",
    ),
    Q(
        SH,
        "negation",
        "Which walls are not external?",
        lambda m: elements(m.of(WALL, ext("Pset_WallCommon", False))),
        "IfcWall with Pset_WallCommon.IsExternal = FALSE",
    ),
    # ================================================================ rooms
    Q(
        INS,
        "rooms",
        "which floor is the Seminarraum on?",
        lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("seminarraum"))),
        "storey of the IfcSpace(s) whose LongName holds 'Seminarraum'",
    ),
    Q(
        INS,
        "rooms",
        "what's in room 001",
        lambda m: elements(m.in_space(m.space("001"))),
        "elements contained in IfcSpace 001",
    ),
    Q(
        INS,
        "rooms",
        "How many meeting rooms are there?",
        lambda m: count(m.spaces(m.named("besprechung"))),
        "IfcSpace whose LongName holds 'Besprechung'; count",
    ),
    Q(
        INS,
        "rooms",
        "wie viele WCs gibt es im Erdgeschoss?",
        lambda m: count(m.on("Erdgeschoss", SPACE, m.named("wc"))),
        "IfcSpace on Erdgeschoss whose LongName holds 'WC'; count",
    ),
    Q(
        INS,
        "rooms",
        "On which storeys are the labs?",
        lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("labor"))),
        "storeys of the IfcSpaces whose LongName holds 'Labor'",
    ),
    Q(
        INS,
        "rooms",
        "furniture in room 002",
        lambda m: elements(m.in_space(m.space("002"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in IfcSpace 002",
    ),
    Q(
        FZK,
        "rooms",
        "where's the kitchen?",
        lambda m: storeys([m.storey_name(m.space(long="Küche"))]),
        "storey of the IfcSpace Küche",
    ),
    Q(
        FZK,
        "rooms",
        "Welche Räume gibt es im Dachgeschoss?",
        lambda m: elements(m.on("Dachgeschoss", SPACE)),
        "IfcSpace on Dachgeschoss",
    ),
    Q(
        DUP,
        "rooms",
        "list the bathrooms",
        lambda m: elements(m.spaces(m.named("bathroom"))),
        "IfcSpace whose LongName holds 'Bathroom'",
    ),
    Q(
        DUP,
        "rooms",
        "how many bedrooms are on level 2",
        lambda m: count(m.on("Level 2", SPACE, m.named("bedroom"))),
        "IfcSpace on Level 2 whose LongName holds 'Bedroom'; count",
    ),
    Q(
        DUP,
        "rooms",
        "What furniture is in A102?",
        lambda m: elements(m.in_space(m.space("A102"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in IfcSpace A102",
    ),
    Q(
        DUP,
        "rooms",
        "Which level are the hallways on?",
        lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("hallway"))),
        "storeys of the Hallway spaces",
    ),
    Q(
        HOM,
        "rooms",
        "which rooms are on the 1stFloor",
        lambda m: elements(m.on("1stFloor", SPACE)),
        "IfcSpace on 1stFloor",
    ),
    Q(
        HOM,
        "rooms",
        "Where are the children's rooms?",
        lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("children"))),
        "storeys of the Children spaces",
    ),
    Q(
        EDC,
        "rooms",
        "doors of room 12",
        lambda m: elements(m.bounding(m.space("12"), DOOR)),
        "IfcDoor bounding IfcSpace 12 (IfcRelSpaceBoundary)",
    ),
    Q(
        SH,
        "rooms",
        "What is in the living room?",
        lambda m: elements(m.in_space(m.space(long="Living room"))),
        "elements contained in the IfcSpace 'Living room'",
    ),
    Q(
        RQ,
        "rooms",
        "how many small offices are there",
        lambda m: count(m.spaces(m.named("small office"))),
        "IfcSpace whose LongName holds 'small office'; count",
    ),
    Q(DUP, "rooms", "Where is the gym?", lambda m: decline(), "no space names a gym -> decline"),
    # ================================================================ quantities
    Q(
        DUP,
        "quantities",
        "total area of the bedrooms",
        lambda m: total(m.spaces(m.named("bedroom")), GSA, "m²"),
        "sum of GSA BIM Area over the spaces whose LongName holds 'Bedroom' (m²)",
    ),
    Q(
        DUP,
        "quantities",
        "average room size on Level 2",
        lambda m: mean(m.on("Level 2", SPACE), GSA, "m²"),
        "mean GSA BIM Area over the IfcSpace on Level 2 (m²)",
    ),
    Q(
        DUP,
        "quantities",
        "What's the smallest room on level 2?",
        lambda m: extreme(m.on("Level 2", SPACE), GSA, "m²", smallest=True),
        "IfcSpace(s) on Level 2 with the smallest GSA BIM Area",
    ),
    Q(
        HOM,
        "quantities",
        "smallest room in the house",
        lambda m: extreme(m.spaces(), HOM_NFA, "m²", smallest=True),
        "IfcSpace with the smallest Qto_SpaceBaseQuantities.NetFloorArea",
    ),
    Q(
        HOM,
        "quantities",
        "total window area on the 1stFloor",
        lambda m: total(m.on("1stFloor", WINDOW), q("Qto_WindowBaseQuantities", "Area"), "m²"),
        "sum of Qto_WindowBaseQuantities.Area over IfcWindow on 1stFloor (m²)",
    ),
    Q(
        FZK,
        "quantities",
        "Wie groß ist die Küche?",
        lambda m: number(BQ_NFA(m.space(long="Küche")), "m²", [m.space(long="Küche")]),
        "BaseQuantities.NetFloorArea of the space Küche (m²)",
    ),
    Q(
        FZK,
        "quantities",
        "Gesamtfläche aller Räume im Dachgeschoss",
        lambda m: total(m.on("Dachgeschoss", SPACE), BQ_NFA, "m²"),
        "sum of NetFloorArea over IfcSpace on Dachgeschoss (m²)",
    ),
    Q(
        INS,
        "quantities",
        "total wall length on the Erdgeschoss",
        lambda m: total(m.on("Erdgeschoss", WALL), q("BaseQuantities", "Length"), "m"),
        "sum of BaseQuantities.Length over IfcWall on Erdgeschoss (m)",
    ),
    Q(
        INS,
        "quantities",
        "largest room in the Keller",
        lambda m: extreme(m.on("Keller", SPACE), BQ_NFA, "m²"),
        "IfcSpace on Keller with the largest NetFloorArea",
    ),
    Q(
        INS,
        "quantities",
        "What is the average size of the labs?",
        lambda m: mean(m.spaces(m.named("labor")), BQ_NFA, "m²"),
        "mean NetFloorArea over spaces whose LongName holds 'Labor' (m²)",
    ),
    Q(
        INS,
        "quantities",
        "how many square metres of meeting rooms do we have",
        lambda m: total(m.spaces(m.named("besprechung")), BQ_NFA, "m²"),
        "sum of NetFloorArea over Besprechungsraum spaces",
    ),
    Q(
        RQ,
        "quantities",
        "how many m² of office space",
        lambda m: total(m.spaces(m.named("office")), GSA, "m²"),
        "sum of GSA BIM Area over spaces whose LongName holds 'office'",
    ),
    Q(
        RQ,
        "quantities",
        "smallest room?",
        lambda m: extreme(m.spaces(), GSA, "m²", smallest=True),
        "IfcSpace with the smallest GSA BIM Area",
    ),
    Q(
        EDC,
        "quantities",
        "total gross side area of the walls on 1.OG",
        lambda m: total(m.on("1.OG", WALL), q("BaseQuantities", "GrossSideArea"), "m²"),
        "sum of BaseQuantities.GrossSideArea over IfcWall on 1.OG (m²)",
    ),
    Q(
        LB,
        "quantities",
        "window area on level 1",
        lambda m: total(m.on("Level 1", WINDOW), q("BaseQuantities", "Area"), "m²"),
        "sum of BaseQuantities.Area over IfcWindow on Level 1 (m²)",
    ),
    Q(
        DUP,
        "quantities",
        "what is the size of the biggest kitchen",
        lambda m: extreme_value(m.spaces(m.named("kitchen")), GSA, "m²"),
        "largest GSA BIM Area among the Kitchen spaces (m²)",
    ),
    # ================================================================ qualifiers
    Q(
        DUP,
        "qualifiers",
        "external walls on level 2",
        lambda m: elements(m.on("Level 2", WALL, ext("Pset_WallCommon"))),
        f"IfcWall IsExternal = TRUE on Level 2, {STOREY_DEEP}",
    ),
    Q(
        DUP,
        "qualifiers",
        "internal doors",
        lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon", False))),
        "IfcDoor with Pset_DoorCommon.IsExternal = FALSE",
    ),
    Q(
        DUP,
        "qualifiers",
        "Which rooms are larger than 30 m²?",
        lambda m: elements(m.spaces(lambda s: GSA(s) > 30)),
        "IfcSpace with GSA BIM Area > 30 m²",
    ),
    Q(
        DUP,
        "qualifiers",
        "How many external doors does level 1 have?",
        lambda m: count(m.on("Level 1", DOOR, ext("Pset_DoorCommon"))),
        f"IfcDoor IsExternal = TRUE on Level 1; count, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "qualifiers",
        "load-bearing walls in the Keller",
        lambda m: elements(m.on("Keller", WALL, load_bearing("Pset_WallCommon"))),
        f"IfcWall LoadBearing = TRUE on Keller, {STOREY_DEEP}",
    ),
    Q(
        INS,
        "qualifiers",
        "rooms under 10 m²",
        lambda m: elements(m.spaces(lambda s: BQ_NFA(s) < 10)),
        "IfcSpace with NetFloorArea < 10 m²",
    ),
    Q(
        INS,
        "qualifiers",
        "Außenwände im 2. Obergeschoss",
        lambda m: elements(m.on("2. Obergeschoss", WALL, ext("Pset_WallCommon"))),
        f"IfcWall IsExternal = TRUE on 2. Obergeschoss, {STOREY_DEEP}",
    ),
    Q(
        EDC,
        "qualifiers",
        "how many exterior walls are on the 2.OG?",
        lambda m: count(m.on("2.OG", WALL, ext("Pset_WallCommon"))),
        f"IfcWall IsExternal = TRUE on 2.OG; count, {STOREY_DEEP}",
    ),
    Q(
        FZK,
        "qualifiers",
        "Räume größer als 15 m² im Erdgeschoss",
        lambda m: elements(m.on("Erdgeschoss", SPACE, lambda s: BQ_NFA(s) > 15)),
        "IfcSpace on Erdgeschoss with NetFloorArea > 15 m²",
    ),
    Q(
        HOM,
        "qualifiers",
        "rooms bigger than 20 m2 on the GroundFloor",
        lambda m: elements(m.on("GroundFloor", SPACE, lambda s: HOM_NFA(s) > 20)),
        "IfcSpace on GroundFloor with NetFloorArea > 20 m²",
    ),
    Q(
        SH,
        "qualifiers",
        "windows wider than 1 m",
        lambda m: elements(m.of(WINDOW, lambda e: (e.OverallWidth or 0) > 1000.0)),
        "IfcWindow with OverallWidth > 1000 (mm)",
    ),
    Q(
        LB,
        "qualifiers",
        "doors narrower than 900 mm",
        lambda m: elements(m.of(DOOR, lambda e: e.OverallWidth is not None and e.OverallWidth < 900.0)),
        "IfcDoor with OverallWidth < 900 (mm)",
    ),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round2")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
