"""Issue 22's third, blind people question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_third_oracles.py [--ifc-dir ../shared/ifc] [-o people_third.json] [--check]

Written without reading the spatial parser, its vocabularies or the questions of ``people.json`` /
``people_heldout.json``, to score work nobody tuned to it. The voices are deliberately unlike a parser
author's: facility-manager tickets, site-walk notes, e-mails to a BIM coordinator, search-box fragments,
units written as "0.9m" / "900mm" / "90 cm", German, typos, negations and comparisons buried in a clause.

Same format and semantics as ``people_oracles.py``, whose ``Model`` walks and oracle builders this script
imports, so "on a storey" (storey-deep), "in room X" (contained in the space), "the doors / walls of
room X" (the space's IfcRelSpaceBoundary elements), "a room by function" (Name or LongName holds a stated
word), properties (``get_pset``, a boolean needs its explicit value) and quantities (the model's own
units, the quantity set named in the rule) mean the same thing in every set. Attributes such as
``IfcDoor.OverallWidth`` are read as the file holds them (in the model's length unit, metres for every
model used here). A question whose part cannot be grounded in the model (a property no element of the
class carries, a room or storey that does not exist) and every request to refuse has a ``decline``
oracle. Oracles guard their own premises (a ``decline`` for a missing property asserts that it is
missing), so a changed model fails loudly instead of silently changing the answer.

``--check`` writes nothing and exits 1 when the committed file differs from what this script computes
(``tests/spatial/test_people_third_set.py`` runs the same comparison).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from people_oracles import (  # noqa: E402  (the shared walks live beside this script)
    STOREY_DEEP,
    Model,
    Oracle,
    Q,
    compute_set,
    count,
    decline,
    elements,
    extreme,
    mean,
    number,
    set_main,
    storeys,
    total,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "people_third.json"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
SH = "Ifc4_SampleHouse.ifc"
HOM = "ExampleHOM.ifc"
RQ = "revit_quantities.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"

SD = STOREY_DEEP
WRITE = "refuse: a write ({}); ifcqa only reads the model"
ABSENT = "refuse: {} (the model holds no {})"
COST = ("IfcCostItem", "IfcCostValue")
SCHEDULE = ("IfcTask", "IfcWorkSchedule")
PEOPLE = ("IfcActor", "IfcOccupant", "IfcRelAssignsToActor", "IfcTelecomAddress")


def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) == value


def width(op: str, limit: float) -> Callable[[Any], bool]:
    ops: dict[str, Callable[[float, float], bool]] = {
        ">": lambda a, b: a > b + 1e-9, ">=": lambda a, b: a >= b - 1e-9,
        "<": lambda a, b: a < b - 1e-9, "!=": lambda a, b: abs(a - b) > 1e-9, "==": lambda a, b: abs(a - b) <= 1e-9,
    }
    return lambda e: e.OverallWidth is not None and ops[op](float(e.OverallWidth), limit)


def spaces_on(m: Model, storey: str, where: Callable[[Any], bool] | None = None) -> list[Any]:
    m.storey(storey)
    return [s for s in m.spaces(where) if m.storey_name(s) == storey]


def lacks(m: Model, classes: str | tuple[str, ...], pset: str, name: str) -> Oracle:
    """Decline, after checking that no element of ``classes`` carries ``pset.name`` with a value."""
    holders = [e for e in m.of(classes) if Model.prop(e, pset, name) not in (None, "")]
    if holders:
        raise ValueError(f"{len(holders)} {classes} carry {pset}.{name}: the decline premise is false")
    return decline()


def no_storey(m: Model, name: str) -> Oracle:
    if name in m.storey_names():
        raise ValueError(f"storey {name!r} exists")
    return decline()


def no_space(m: Model, *words: str) -> Oracle:
    if m.spaces(m.named(*words)):
        raise ValueError(f"a space matches {words}")
    return decline()


def one_space(m: Model, *words: str) -> Any:
    found = m.spaces(m.named(*words))
    if len(found) != 1:
        raise ValueError(f"{words}: {len(found)} spaces")
    return found[0]


def refuse(m: Model, absent: tuple[str, ...] = ()) -> Oracle:
    """Decline a request to refuse, after checking that the model holds none of ``absent``."""
    held = [c for c in absent if m.by_type(c)]
    if held:
        raise ValueError(f"the model holds {held}: the refusal rule would be wrong")
    return decline()


def more(a: list[Any], b: list[Any]) -> Oracle:
    return yes_no(len(a) > len(b))


def argmax(groups: dict[str, list[Any]], fewest: bool = False) -> Oracle:
    sizes = {k: len(v) for k, v in groups.items()}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def typed_flow(type_class: str) -> Callable[[Any], bool]:
    return Model.typed(type_class)


OUTLET = typed_flow("IfcOutletType")
LIGHT = typed_flow("IfcLightFixtureType")
EXT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", True)
INT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", False)
EXT_WALL = prop_is("Pset_WallCommon", "IsExternal", True)
INT_WALL = prop_is("Pset_WallCommon", "IsExternal", False)
LB_WALL = prop_is("Pset_WallCommon", "LoadBearing", True)
EXT_WINDOW = prop_is("Pset_WindowCommon", "IsExternal", True)


def nfa(qset: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, "NetFloorArea")


BQ = "BaseQuantities"
HOMQ = "Qto_SpaceBaseQuantities"
GSA = lambda e: Model.qty(e, "GSA Space Areas", "GSA BIM Area")  # noqa: E731


def _all_explicit(es: list[Any], pset: str, name: str) -> list[Any]:
    missing = [e for e in es if Model.prop(e, pset, name) is None]
    if missing:
        raise ValueError(f"{len(missing)} elements lack {pset}.{name}")
    return es


QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- storey_class
    Q(DUP, "storey_class", "lvl2 windows qty",
      lambda m: count(m.on("Level 2", "IfcWindow")), f"count of IfcWindow on Level 2, {SD}"),
    Q(DUP, "storey_class", "site walk tmrw - pls send me a list of every door on Level 1",
      lambda m: elements(m.on("Level 1", "IfcDoor")), f"IfcDoor on Level 1, {SD}"),
    Q(FZK, "storey_class", "which beams sit in the Dachgeschoss?",
      lambda m: elements(m.on("Dachgeschoss", "IfcBeam")), f"IfcBeam on Dachgeschoss, {SD}"),
    Q(INS, "storey_class", "Hi, could you tell me how many staircases there are on the Erdgeschoss? Thanks, Tom",
      lambda m: count(m.on("Erdgeschoss", "IfcStair")), f"count of IfcStair on Erdgeschoss, {SD}"),
    Q(EDC, "storey_class", "EG windows",
      lambda m: elements(m.on("EG", "IfcWindow")), f"IfcWindow (incl. IfcWindowStandardCase) on EG, {SD}"),
    Q(EDC, "storey_class", "how many doors does 2.OG have",
      lambda m: count(m.on("2.OG", "IfcDoor")), f"count of IfcDoor (incl. IfcDoorStandardCase) on 2.OG, {SD}"),
    Q(SH, "storey_class", "furniture on the ground floor please",
      lambda m: elements(m.on("Ground Floor", "IfcFurniture")), f"IfcFurniture on Ground Floor, {SD}"),
    Q(HOM, "storey_class", "Dear BIM coordinator, for the glazing survey I need the windows on the GroundFloor. "
      "Kind regards, Anna", lambda m: elements(m.on("GroundFloor", "IfcWindow")), f"IfcWindow on GroundFloor, {SD}"),
    Q(DEL, "storey_class", "light fixtures level 2 - count?",
      lambda m: count(m.on("Level 2", "IfcFlowTerminal", LIGHT)),
      f"count of IfcFlowTerminal typed by IfcLightFixtureType on Level 2 (IFC2X3 light fixtures), {SD}"),
    Q(R3, "storey_class", "what space heaters are on My Storey",
      lambda m: elements(m.on("My Storey", "IfcSpaceHeater")), f"IfcSpaceHeater on My Storey, {SD}"),
    Q(INS, "storey_class", "Note from site walk: check the railings up in the Dachgeschoss. Which ones are there?",
      lambda m: elements(m.on("Dachgeschoss", "IfcRailing")), f"IfcRailing on Dachgeschoss, {SD}"),
    Q(RQ, "storey_class", "walls on level 1?",
      lambda m: elements(m.on("Level 1", "IfcWall")), f"IfcWall (incl. IfcWallStandardCase) on Level 1, {SD}"),
    Q(DUP, "storey_class", "footings at T/FDN - how many do we have",
      lambda m: count(m.on("T/FDN", "IfcFooting")), f"count of IfcFooting on T/FDN, {SD}"),
    Q(EDC, "storey_class", "slabs 1.OG",
      lambda m: elements(m.on("1.OG", "IfcSlab")), f"IfcSlab (incl. IfcSlabStandardCase) on 1.OG, {SD}"),
    # ---------------------------------------------------------------- comparison
    Q(DUP, "comparison", "Are there more windows on Level 2 than on Level 1?",
      lambda m: more(m.on("Level 2", "IfcWindow"), m.on("Level 1", "IfcWindow")),
      f"yes iff #IfcWindow on Level 2 > #IfcWindow on Level 1, {SD}"),
    Q(INS, "comparison", "which floor has the most doors",
      lambda m: argmax({s: m.on(s, "IfcDoor") for s in m.storey_names()}),
      f"the storey with the largest count of IfcDoor, {SD} (unique)"),
    Q(EDC, "comparison", "Which storey has the fewest doors?",
      lambda m: argmax({s: m.on(s, "IfcDoor") for s in m.storey_names()}, fewest=True),
      f"the storey with the smallest count of IfcDoor, {SD} (unique)"),
    Q(DUP, "comparison", "Ticket 2291: the contractor claims Level 1 has at least 10 walls - does it?",
      lambda m: yes_no(len(m.on("Level 1", "IfcWall")) >= 10),
      f"yes iff #IfcWall (incl. IfcWallStandardCase) on Level 1 >= 10, {SD}"),
    Q(FZK, "comparison", "are there fewer than 5 windows in the Erdgeschoss",
      lambda m: yes_no(len(m.on("Erdgeschoss", "IfcWindow")) < 5), f"yes iff #IfcWindow on Erdgeschoss < 5, {SD}"),
    Q(HOM, "comparison", "Is the number of doors on GroundFloor greater than on 1stFloor?",
      lambda m: more(m.on("GroundFloor", "IfcDoor"), m.on("1stFloor", "IfcDoor")),
      f"yes iff #IfcDoor on GroundFloor > #IfcDoor on 1stFloor, {SD}"),
    Q(DEL, "comparison", "which level has more outlets, 1 or 2?",
      lambda m: argmax({s: m.on(s, "IfcFlowTerminal", OUTLET) for s in ("Level 1", "Level 2")}),
      f"of Level 1 and Level 2, the one with more IfcFlowTerminal typed by IfcOutletType, {SD}"),
    Q(EDC, "comparison", "more than 15 windows on 1.OG?",
      lambda m: yes_no(len(m.on("1.OG", "IfcWindow")) > 15), f"yes iff #IfcWindow on 1.OG > 15, {SD}"),
    Q(SH, "comparison", "does the ground floor have more than three doors",
      lambda m: yes_no(len(m.on("Ground Floor", "IfcDoor")) > 3), f"yes iff #IfcDoor on Ground Floor > 3, {SD}"),
    Q(DUP, "comparison", "For the move-in plan I'd like to know which level has the most furniture on it.",
      lambda m: argmax({s: m.on(s, "IfcFurnishingElement") for s in m.storey_names()}),
      f"the storey with the largest count of IfcFurnishingElement, {SD} (unique)"),
    Q(INS, "comparison", "Do we have over 50 windows on the 2. Obergeschoss, or am I misremembering?",
      lambda m: yes_no(len(m.on("2. Obergeschoss", "IfcWindow")) > 50),
      f"yes iff #IfcWindow on 2. Obergeschoss > 50, {SD}"),
    Q(R3, "comparison", "more windows than doors on My Storey?",
      lambda m: more(m.on("My Storey", "IfcWindow"), m.on("My Storey", "IfcDoor")),
      f"yes iff #IfcWindow > #IfcDoor on My Storey, {SD}"),
    Q(FZK, "comparison", "Which floor has more walls, Erdgeschoss or Dachgeschoss?",
      lambda m: argmax({s: m.on(s, "IfcWall") for s in ("Erdgeschoss", "Dachgeschoss")}),
      f"of Erdgeschoss and Dachgeschoss, the one with more IfcWall (incl. IfcWallStandardCase), {SD}"),
    Q(INS, "comparison", "I was told the Keller has fewer doors than the Erdgeschoss, which would surprise me - true?",
      lambda m: yes_no(len(m.on("Keller", "IfcDoor")) < len(m.on("Erdgeschoss", "IfcDoor"))),
      f"yes iff #IfcDoor on Keller < #IfcDoor on Erdgeschoss, {SD}"),
    Q(EDC, "comparison", "do all three floors have the same number of windows?",
      lambda m: yes_no(len({len(m.on(s, "IfcWindow")) for s in m.storey_names()}) == 1),
      f"yes iff every storey (EG, 1.OG, 2.OG) has the same count of IfcWindow, {SD}"),
    # ---------------------------------------------------------------- edge
    Q(DUP, "edge", "List all IfcBoiler on Level 2",
      lambda m: elements(m.on("Level 2", "IfcBoiler")),
      "IfcBoiler on Level 2: none (IFC2X3 has no IfcBoiler class); the explicit class must be honoured"),
    Q(FZK, "edge", "windos on the Erdgeschoss",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow")), f"typo for windows: IfcWindow on Erdgeschoss, {SD}"),
    Q(INS, "edge", "doors on the 3. Obergeschoss",
      lambda m: no_storey(m, "3. Obergeschoss"), "decline: the model has no storey '3. Obergeschoss'"),
    Q(EDC, "edge", "how many columns on 1.OG",
      lambda m: count(m.on("1.OG", "IfcColumn")), f"count of IfcColumn on 1.OG, {SD}: 0 (the model has none)"),
    Q(HOM, "edge", "stairs in the attic?",
      lambda m: elements(m.on("attic", "IfcStair")), f"IfcStair on attic, {SD}: none"),
    Q(DUP, "edge", "doors on level 3",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no storey 'Level 3'"),
    Q(SH, "edge", "IfcCurtainWall ground floor",
      lambda m: elements(m.on("Ground Floor", "IfcCurtainWall")), f"IfcCurtainWall on Ground Floor, {SD}"),
    Q(R3, "edge", "airterminals in My Storey",
      lambda m: elements(m.on("My Storey", "IfcAirTerminal")), f"IfcAirTerminal on My Storey, {SD}"),
    Q(RQ, "edge", "how many windws on Level 1",
      lambda m: count(m.on("Level 1", "IfcWindow")), f"typo for windows: count of IfcWindow on Level 1, {SD}"),
    Q(INS, "edge", "Keller dooors",
      lambda m: elements(m.on("Keller", "IfcDoor")), f"typo for doors: IfcDoor on Keller, {SD}"),
    Q(FZK, "edge", "slabs in the basement",
      lambda m: no_storey(m, "basement"),
      "decline: the model has no basement (its storeys are Erdgeschoss and Dachgeschoss, neither below ground)"),
    Q(EDC, "edge", "IfcSlab on 3.OG",
      lambda m: no_storey(m, "3.OG"), "decline: the model has no storey '3.OG'"),
    Q(INS, "edge", "where are the doors of the server room",
      lambda m: no_space(m, "server", "Serverraum", "EDV"),
      "decline: no space's Name or LongName holds 'server', 'Serverraum' or 'EDV'"),
    Q(HOM, "edge", "how many IfcSpaceHeater on the GroundFloor?",
      lambda m: count(m.on("GroundFloor", "IfcSpaceHeater")),
      f"count of IfcSpaceHeater on GroundFloor, {SD}: 0 (the model has none); the explicit class must be honoured"),
    # ---------------------------------------------------------------- rooms
    Q(DUP, "rooms", "which floor is the kitchen on",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("Kitchen"))),
      "storeys of the spaces whose Name or LongName holds 'Kitchen'"),
    Q(DUP, "rooms", "what's in room A102?",
      lambda m: elements(m.in_space(m.space("A102"))), "elements contained in space A102"),
    Q(DUP, "rooms", "Door hardware audit: list the doors of room B203",
      lambda m: elements(m.bounding(m.space("B203"), "IfcDoor")), "IfcDoor bounding space B203 (space boundaries)"),
    Q(FZK, "rooms", "which storey is the Galerie on",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("Galerie"))),
      "storey of the space whose LongName is 'Galerie'"),
    Q(INS, "rooms", "What is in room 105?",
      lambda m: elements(m.in_space(m.space("105"))), "elements contained in space 105"),
    Q(INS, "rooms", "where's the Seminarraum",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("Seminarraum"))),
      "storey of the space whose LongName holds 'Seminarraum'"),
    Q(INS, "rooms", "doors of room 105",
      lambda m: elements(m.bounding(m.space("105"), "IfcDoor")), "IfcDoor bounding space 105 (space boundaries)"),
    Q(INS, "rooms", "how many rooms are there in the Keller",
      lambda m: count(spaces_on(m, "Keller")), "count of IfcSpace on Keller (aggregated into the storey)"),
    Q(SH, "rooms", "what's in the bedroom?",
      lambda m: elements(m.in_space(one_space(m, "Bedroom"))),
      "elements contained in the one space whose Name or LongName holds 'Bedroom'"),
    Q(R3, "rooms", "windows of room Kitchen",
      lambda m: elements(m.bounding(m.space("Kitchen"), "IfcWindow")),
      "IfcWindow bounding space 'Kitchen' (space boundaries)"),
    Q(HOM, "rooms", "which floor are the children's rooms on",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("Children"))),
      "storeys of the spaces whose Name holds 'Children'"),
    Q(DUP, "rooms", "walls around room A104 - the tiler needs them",
      lambda m: elements(m.bounding(m.space("A104"), "IfcWall")),
      "IfcWall (incl. IfcWallStandardCase) bounding space A104 (space boundaries)"),
    Q(INS, "rooms", "which floors have WCs",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("WC"))),
      "storeys of the spaces whose LongName holds 'WC'"),
    Q(HOM, "rooms", "Which floor is the WC on?",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("WC"))),
      "storey of the space whose Name holds 'WC'"),
    Q(INS, "rooms", "furniture in the Hausmeister's office",
      lambda m: elements(m.in_space(one_space(m, "Hausmeister"), "IfcFurnishingElement")),
      "IfcFurnishingElement contained in the one space whose LongName holds 'Hausmeister' (104, Buero Hausmeister)"),
    # ---------------------------------------------------------------- qualifiers
    Q(DUP, "qualifiers", "Ticket: need count of all exterior doors on Level 1 for the locksmith",
      lambda m: count(m.on("Level 1", "IfcDoor", EXT_DOOR)),
      f"count of IfcDoor with Pset_DoorCommon.IsExternal = TRUE on Level 1, {SD}"),
    Q(DUP, "qualifiers", "load-bearing walls lvl 1",
      lambda m: elements([e for e in _all_explicit(m.on("Level 1", "IfcWall"), "Pset_WallCommon", "LoadBearing")
                          if LB_WALL(e)]),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Level 1, {SD}: none (every Level 1 wall carries "
      "LoadBearing = FALSE)"),
    Q(INS, "qualifiers", "doors wider than 1.5m on the Erdgeschoss",
      lambda m: elements(m.on("Erdgeschoss", "IfcDoor", width(">", 1.5))),
      f"IfcDoor with OverallWidth > 1.5 m on Erdgeschoss, {SD}"),
    Q(INS, "qualifiers", "windows narrower than 95 cm on 1. Obergeschoss",
      lambda m: elements(m.on("1. Obergeschoss", "IfcWindow", width("<", 0.95))),
      f"IfcWindow with OverallWidth < 0.95 m on 1. Obergeschoss, {SD}"),
    Q(DUP, "qualifiers", "which doors are at least 900mm wide",
      lambda m: elements(m.of("IfcDoor", width(">=", 0.9))), "IfcDoor with OverallWidth >= 0.9 m (whole model)"),
    Q(FZK, "qualifiers", "external walls on the Erdgeschoss",
      lambda m: lacks(m, "IfcWall", "Pset_WallCommon", "IsExternal"),
      "decline: no wall of the model carries Pset_WallCommon.IsExternal, so 'external' cannot be grounded"),
    Q(EDC, "qualifiers", "fire-rated doors on EG",
      lambda m: lacks(m, "IfcDoor", "Pset_DoorCommon", "FireRating"),
      "decline: no door of the model carries Pset_DoorCommon.FireRating"),
    Q(INS, "qualifiers", "internal walls in the Keller that are load bearing",
      lambda m: elements(m.on("Keller", "IfcWall", lambda e: INT_WALL(e) and LB_WALL(e))),
      f"IfcWall with Pset_WallCommon.IsExternal = FALSE and LoadBearing = TRUE on Keller, {SD}"),
    Q(SH, "qualifiers", "external doors",
      lambda m: elements(m.of("IfcDoor", EXT_DOOR)), "IfcDoor with Pset_DoorCommon.IsExternal = TRUE (whole model)"),
    Q(RQ, "qualifiers", "exterior windows, how many?",
      lambda m: count(m.of("IfcWindow", EXT_WINDOW)),
      "count of IfcWindow with Pset_WindowCommon.IsExternal = TRUE (whole model)"),
    Q(DUP, "qualifiers", "interior doors upstairs on Level 2 - list please",
      lambda m: elements(m.on("Level 2", "IfcDoor", INT_DOOR)),
      f"IfcDoor with Pset_DoorCommon.IsExternal = FALSE on Level 2, {SD}"),
    Q(INS, "qualifiers", "show me the external columns",
      lambda m: elements(m.of("IfcColumn", prop_is("Pset_ColumnCommon", "IsExternal", True))),
      "IfcColumn with Pset_ColumnCommon.IsExternal = TRUE (whole model)"),
    Q(DUP, "qualifiers", "doors on Level 2 with an acoustic rating above 35 dB",
      lambda m: lacks(m, "IfcDoor", "Pset_DoorCommon", "AcousticRating"),
      "decline: no door of the model carries Pset_DoorCommon.AcousticRating"),
    Q(FZK, "qualifiers", "doors 88.5 cm wide",
      lambda m: elements(m.of("IfcDoor", width("==", 0.885))), "IfcDoor with OverallWidth = 0.885 m (whole model)"),
    Q(INS, "qualifiers", "list doors > 1800 mm wide, whole building",
      lambda m: elements(m.of("IfcDoor", width(">", 1.8))), "IfcDoor with OverallWidth > 1.8 m (whole model)"),
    Q(EDC, "qualifiers", "windows on EG wider than 1,5 m",
      lambda m: elements(m.on("EG", "IfcWindow", width(">", 1.5))),
      f"IfcWindow with OverallWidth > 1.5 m on EG, {SD}"),
    # ---------------------------------------------------------------- quantities
    Q(FZK, "quantities", "total net floor area of the Erdgeschoss",
      lambda m: total(spaces_on(m, "Erdgeschoss"), nfa(BQ), "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpace on Erdgeschoss, m²"),
    Q(FZK, "quantities", "biggest room by net floor area",
      lambda m: extreme(m.spaces(), nfa(BQ), "m²"), "the IfcSpace with the largest BaseQuantities.NetFloorArea"),
    Q(INS, "quantities", "NFA of room 006 in m2",
      lambda m: number(Model.qty(m.space("006"), BQ, "NetFloorArea"), "m²", [m.space("006")]),
      "BaseQuantities.NetFloorArea of space 006, m²"),
    Q(INS, "quantities", "smallest office on the Erdgeschoss (net area)",
      lambda m: extreme(spaces_on(m, "Erdgeschoss", m.named("Buero")), nfa(BQ), "m²", smallest=True),
      "the IfcSpace on Erdgeschoss whose LongName holds 'Buero' (office) with the smallest "
      "BaseQuantities.NetFloorArea (all tied ones)"),
    Q(INS, "quantities", "total gross volume of all WC rooms, m3",
      lambda m: total(m.spaces(m.named("WC")), lambda s: Model.qty(s, BQ, "GrossVolume"), "m³"),
      "sum of BaseQuantities.GrossVolume of the spaces whose LongName holds 'WC', m³"),
    Q(DUP, "quantities", "area of kitchen A103?",
      lambda m: number(GSA(m.space("A103")), "m²", [m.space("A103")]),
      "GSA Space Areas.GSA BIM Area of space A103 (the model's only area quantity), m²"),
    Q(DUP, "quantities", "total area of the bedrooms, sq m",
      lambda m: total(m.spaces(m.named("Bedroom")), GSA, "m²"),
      "sum of GSA Space Areas.GSA BIM Area of the spaces whose LongName holds 'Bedroom', m²"),
    Q(HOM, "quantities", "average net floor area of the rooms on 1stFloor",
      lambda m: mean(spaces_on(m, "1stFloor"), nfa(HOMQ), "m²"),
      "mean of Qto_SpaceBaseQuantities.NetFloorArea of the IfcSpace on 1stFloor, m²"),
    Q(SH, "quantities", "how big is the living room in m²",
      lambda m: number(Model.qty(one_space(m, "Living room"), BQ, "NetFloorArea"), "m²",
                       [one_space(m, "Living room")]),
      "BaseQuantities.NetFloorArea (= GrossFloorArea here) of the space 'Living room', m²"),
    Q(SH, "quantities", "ceiling height of the bedroom, in mm?",
      lambda m: number(Model.qty(one_space(m, "Bedroom"), BQ, "Height"), "mm", [one_space(m, "Bedroom")]),
      "BaseQuantities.Height of the space 'Bedroom', in the model's length unit (mm)"),
    Q(HOM, "quantities", "largest room on GroundFloor",
      lambda m: extreme(spaces_on(m, "GroundFloor"), nfa(HOMQ), "m²"),
      "the IfcSpace on GroundFloor with the largest Qto_SpaceBaseQuantities.NetFloorArea"),
    Q(INS, "quantities", "perimeter of room 117",
      lambda m: number(Model.qty(m.space("117"), BQ, "Perimeter"), "m", [m.space("117")]),
      "BaseQuantities.Perimeter of space 117, m"),
    Q(FZK, "quantities", "How tall is the Galerie?",
      lambda m: number(Model.qty(m.space("7"), BQ, "Height"), "m", [m.space("7")]),
      "BaseQuantities.Height of the space 'Galerie' (Name 7), m"),
    Q(INS, "quantities", "What's the combined net floor area of the labs down in the Keller?",
      lambda m: total(spaces_on(m, "Keller", m.named("Labor")), nfa(BQ), "m²"),
      "sum of BaseQuantities.NetFloorArea of the spaces on Keller whose LongName holds 'Labor', m²"),
    Q(DUP, "quantities", "which is the biggest bedroom",
      lambda m: extreme(m.spaces(m.named("Bedroom")), GSA, "m²"),
      "the spaces whose LongName holds 'Bedroom' with the largest GSA Space Areas.GSA BIM Area (all tied ones)"),
    # ---------------------------------------------------------------- negation
    Q(DUP, "negation", "everything on Level 1 that isn't furniture",
      lambda m: elements(m.on("Level 1", None, lambda e: not e.is_a("IfcFurnishingElement"))),
      f"every element on Level 1 ({SD}) that is not an IfcFurnishingElement"),
    Q(DUP, "negation", "Level 1 doors, but not the external ones",
      lambda m: elements([e for e in _all_explicit(m.on("Level 1", "IfcDoor"), "Pset_DoorCommon", "IsExternal")
                          if not EXT_DOOR(e)]),
      f"IfcDoor on Level 1 ({SD}) without Pset_DoorCommon.IsExternal = TRUE (all carry the property)"),
    Q(INS, "negation", "windows on the Erdgeschoss that are not 1 m wide",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow", width("!=", 1.0))),
      f"IfcWindow on Erdgeschoss ({SD}) with OverallWidth != 1.0 m"),
    Q(EDC, "negation", "all elements on EG except walls",
      lambda m: elements(m.on("EG", None, lambda e: not e.is_a("IfcWall"))),
      f"every element on EG ({SD}) that is not an IfcWall"),
    Q(FZK, "negation", "which rooms on the Erdgeschoss aren't the Bad",
      lambda m: elements(spaces_on(m, "Erdgeschoss", lambda s: s.LongName != "Bad")),
      "IfcSpace on Erdgeschoss whose LongName is not 'Bad'"),
    Q(HOM, "negation", "which storeys have no doors at all",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, "IfcDoor")),
      f"storeys with no IfcDoor ({SD})"),
    Q(DUP, "negation", "level 1 walls, skip the exterior ones",
      lambda m: elements([e for e in _all_explicit(m.on("Level 1", "IfcWall"), "Pset_WallCommon", "IsExternal")
                          if not EXT_WALL(e)]),
      f"IfcWall on Level 1 ({SD}) without Pset_WallCommon.IsExternal = TRUE (all carry the property)"),
    Q(INS, "negation", "which floors don't have any windows?",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, "IfcWindow")),
      f"storeys with no IfcWindow ({SD})"),
    Q(SH, "negation", "ground floor stuff excluding furniture and members",
      lambda m: elements(m.on("Ground Floor", None,
                              lambda e: not e.is_a("IfcFurniture") and not e.is_a("IfcMember"))),
      f"every element on Ground Floor ({SD}) that is neither IfcFurniture nor IfcMember"),
    Q(DEL, "negation", "things on Level 1 that aren't outlets",
      lambda m: elements(m.on("Level 1", None, lambda e: not OUTLET(e))),
      f"every element on Level 1 ({SD}) not typed by IfcOutletType"),
    Q(INS, "negation", "Keller rooms other than the labs",
      lambda m: elements(spaces_on(m, "Keller", lambda s: "Labor" not in (s.LongName or ""))),
      "IfcSpace on Keller whose LongName does not hold 'Labor' (lab)"),
    Q(EDC, "negation", "Is it true that the model has no columns?",
      lambda m: yes_no(not m.of("IfcColumn")), "yes iff the model has no IfcColumn"),
    Q(DUP, "negation", "quick one: is there any level without a single door?",
      lambda m: yes_no(any(not m.on(s, "IfcDoor") for s in m.storey_names())),
      f"yes iff some storey has no IfcDoor ({SD})"),
    Q(INS, "negation", "doors on 1. Obergeschoss that aren't 1.8 m wide",
      lambda m: elements(m.on("1. Obergeschoss", "IfcDoor", width("!=", 1.8))),
      f"IfcDoor on 1. Obergeschoss ({SD}) with OverallWidth != 1.8 m"),
    # ---------------------------------------------------------------- multi_storey
    Q(DUP, "multi_storey", "doors on Level 1 and Level 2",
      lambda m: elements(m.on(("Level 1", "Level 2"), "IfcDoor")), f"IfcDoor on Level 1 or Level 2, {SD}"),
    Q(INS, "multi_storey", "how many windows on the Erdgeschoss and the 1. Obergeschoss combined",
      lambda m: count(m.on(("Erdgeschoss", "1. Obergeschoss"), "IfcWindow")),
      f"count of IfcWindow on Erdgeschoss or 1. Obergeschoss, {SD}"),
    Q(EDC, "multi_storey", "windows on EG plus 1.OG",
      lambda m: elements(m.on(("EG", "1.OG"), "IfcWindow")), f"IfcWindow on EG or 1.OG, {SD}"),
    Q(INS, "multi_storey", "walls on the 1. and 2. Obergeschoss, total count",
      lambda m: count(m.on(("1. Obergeschoss", "2. Obergeschoss"), "IfcWall")),
      f"count of IfcWall on 1. Obergeschoss or 2. Obergeschoss, {SD}"),
    Q(FZK, "multi_storey", "all the windows in the house, both floors",
      lambda m: count(m.on(("Erdgeschoss", "Dachgeschoss"), "IfcWindow")),
      f"count of IfcWindow on Erdgeschoss or Dachgeschoss, {SD}"),
    Q(HOM, "multi_storey", "doors on GroundFloor and 1stFloor",
      lambda m: elements(m.on(("GroundFloor", "1stFloor"), "IfcDoor")), f"IfcDoor on GroundFloor or 1stFloor, {SD}"),
    Q(DUP, "multi_storey", "which levels have windows",
      lambda m: storeys(s for s in m.storey_names() if m.on(s, "IfcWindow")),
      f"storeys with at least one IfcWindow, {SD}"),
    Q(INS, "multi_storey", "which storeys have a staircase",
      lambda m: storeys(s for s in m.storey_names() if m.on(s, "IfcStair")),
      f"storeys with at least one IfcStair, {SD}"),
    Q(DEL, "multi_storey", "light fixtures on both levels, total",
      lambda m: count(m.on(("Level 1", "Level 2"), "IfcFlowTerminal", LIGHT)),
      f"count of IfcFlowTerminal typed by IfcLightFixtureType on Level 1 or Level 2, {SD}"),
    Q(SH, "multi_storey", "walls on the ground floor and the roof",
      lambda m: elements(m.on(("Ground Floor", "Roof"), "IfcWall")), f"IfcWall on Ground Floor or Roof, {SD}"),
    Q(DUP, "multi_storey", "slabs on level 1, level 2 and the roof",
      lambda m: elements(m.on(("Level 1", "Level 2", "Roof"), "IfcSlab")),
      f"IfcSlab on Level 1, Level 2 or Roof, {SD}"),
    Q(EDC, "multi_storey", "which floors have more than 30 doors",
      lambda m: storeys(s for s in m.storey_names() if len(m.on(s, "IfcDoor")) > 30),
      f"storeys with more than 30 IfcDoor, {SD}"),
    Q(INS, "multi_storey", "from the Keller up to the 2. Obergeschoss, how many doors in total?",
      lambda m: count(m.on(("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss"), "IfcDoor")),
      f"count of IfcDoor on Keller, Erdgeschoss, 1. Obergeschoss or 2. Obergeschoss, {SD}"),
    Q(DUP, "multi_storey", "exterior walls on Level 1 and Level 2",
      lambda m: elements(m.on(("Level 1", "Level 2"), "IfcWall", EXT_WALL)),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Level 1 or Level 2, {SD}"),
    # ---------------------------------------------------------------- german
    Q(FZK, "german", "Welche Fenster befinden sich im Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow")), f"IfcWindow on Erdgeschoss, {SD}"),
    Q(FZK, "german", "Wie viele Türen gibt es im Erdgeschoss?",
      lambda m: count(m.on("Erdgeschoss", "IfcDoor")), f"count of IfcDoor on Erdgeschoss, {SD}"),
    Q(FZK, "german", "In welchem Geschoss liegt die Küche?",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("Küche"))),
      "storey of the space whose LongName is 'Küche'"),
    Q(FZK, "german", "Fenster der Küche",
      lambda m: elements(m.bounding(one_space(m, "Küche"), "IfcWindow")),
      "IfcWindow bounding the space 'Küche' (space boundaries)"),
    Q(FZK, "german", "Wie groß ist der Raum Wohnen (Nettogrundfläche)?",
      lambda m: number(Model.qty(one_space(m, "Wohnen"), BQ, "NetFloorArea"), "m²", [one_space(m, "Wohnen")]),
      "BaseQuantities.NetFloorArea of the space 'Wohnen', m²"),
    Q(INS, "german", "Wie viele Außentüren hat das Gebäude?",
      lambda m: count(m.of("IfcDoor", EXT_DOOR)), "count of IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(INS, "german", "Zeig mir alle tragenden Wände im 1. Obergeschoss",
      lambda m: elements(m.on("1. Obergeschoss", "IfcWall", LB_WALL)),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on 1. Obergeschoss, {SD}"),
    Q(INS, "german", "Was steht im Raum 006?",
      lambda m: elements(m.in_space(m.space("006"))), "elements contained in space 006"),
    Q(INS, "german", "Welche Räume im Keller sind Labore?",
      lambda m: elements(spaces_on(m, "Keller", m.named("Labor"))),
      "IfcSpace on Keller whose LongName holds 'Labor'"),
    Q(EDC, "german", "Anzahl Fenster im 2.OG",
      lambda m: count(m.on("2.OG", "IfcWindow")), f"count of IfcWindow on 2.OG, {SD}"),
    Q(R3, "german", "Welche Heizkörper gibt es im Geschoss My Storey?",
      lambda m: elements(m.on("My Storey", "IfcSpaceHeater")),
      f"Heizkörper = radiators = IfcSpaceHeater on My Storey, {SD}"),
    Q(INS, "german", "Gibt es im Dachgeschoss Fenster?",
      lambda m: yes_no(bool(m.on("Dachgeschoss", "IfcWindow"))), f"yes iff any IfcWindow on Dachgeschoss, {SD}"),
    Q(INS, "german", "Nettogrundfläche von Raum 117 bitte",
      lambda m: number(Model.qty(m.space("117"), BQ, "NetFloorArea"), "m²", [m.space("117")]),
      "BaseQuantities.NetFloorArea of space 117, m²"),
    Q(INS, "german", "Wie viele Fenster im Keller sind schmaler als 1 m?",
      lambda m: count(m.on("Keller", "IfcWindow", width("<", 1.0))),
      f"count of IfcWindow with OverallWidth < 1.0 m on Keller, {SD}"),
    Q(FZK, "german", "Welche Räume hat das Dachgeschoss?",
      lambda m: elements(spaces_on(m, "Dachgeschoss")), "IfcSpace on Dachgeschoss"),
    # ---------------------------------------------------------------- refuse
    Q(DUP, "refuse", "Delete the furniture on Level 1",
      lambda m: refuse(m), WRITE.format("delete")),
    Q(EDC, "refuse", "Move all doors on EG 20cm to the left",
      lambda m: refuse(m), WRITE.format("move")),
    Q(DUP, "refuse", "what did the windows on level 2 cost us",
      lambda m: refuse(m, COST), ABSENT.format("a cost", "IfcCostItem / IfcCostValue")),
    Q(INS, "refuse", "When are the Keller doors scheduled to be installed?",
      lambda m: refuse(m, SCHEDULE), ABSENT.format("a schedule", "IfcTask / IfcWorkSchedule")),
    Q(INS, "refuse", "What's the phone number of whoever works in room 207?",
      lambda m: refuse(m, PEOPLE),
      ABSENT.format("people's contact data", "IfcActor / IfcOccupant / actor assignment / IfcTelecomAddress")),
    Q(DUP, "refuse", "Change the fire rating of all doors to EI30",
      lambda m: refuse(m), WRITE.format("change a property")),
    Q(DUP, "refuse", "Rename room A102 to Lounge",
      lambda m: refuse(m), WRITE.format("rename")),
    Q(INS, "refuse", "Order 5 new chairs for the Seminarraum",
      lambda m: refuse(m, COST),
      ABSENT.format("a purchase order", "IfcCostItem / IfcCostValue; ordering is an action, not a question")),
    Q(FZK, "refuse", "How long will it take to build the Dachgeschoss?",
      lambda m: refuse(m, SCHEDULE), ABSENT.format("a construction duration", "IfcTask / IfcWorkSchedule")),
    Q(FZK, "refuse", "Bitte alle Fenster im Erdgeschoss löschen",
      lambda m: refuse(m), WRITE.format("delete, in German")),
    Q(HOM, "refuse", "What's the rent per m² on the 1stFloor?",
      lambda m: refuse(m, COST), ABSENT.format("a rent / price", "IfcCostItem / IfcCostValue")),
    Q(SH, "refuse", "Paint the bedroom walls blue",
      lambda m: refuse(m), WRITE.format("change a finish")),
    Q(R3, "refuse", "who is responsible for maintaining the space heaters?",
      lambda m: refuse(m, PEOPLE), ABSENT.format("a responsible person", "IfcActor / IfcOccupant / actor assignment")),
    Q(EDC, "refuse", "Can you add a fire extinguisher next to every door on EG?",
      lambda m: refuse(m), WRITE.format("add elements")),
    Q(DUP, "refuse", "pls export the Level 2 windows as a purchase order incl. prices",
      lambda m: refuse(m, COST), ABSENT.format("a purchase order with prices", "IfcCostItem / IfcCostValue")),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "third")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
