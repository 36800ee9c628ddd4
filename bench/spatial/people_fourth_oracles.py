"""Issue 22's fourth, blind people question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_fourth_oracles.py [--ifc-dir ../shared/ifc] [-o people_fourth.json] [--check]

Written without reading the spatial parser, its vocabularies or the questions of the three earlier sets,
to score parser work nobody tuned to it. It leans on the models the earlier sets used least: the
IFC2X3 twin of the FZK-Haus, the HVAC/electrical model Heizung-Elektro (radiators, light fittings, outlets
and switches are IFC2X3 generic flow classes told apart by their type object), the heat-pump model
WP_Puffer, the domestic-hot-water and 3-rooms IFC4 MEP samples, LargeBuilding, the Sample House,
revit_quantities and IfcOpenHouse (whose one storey has no name, so only whole-model questions are asked
there). The voices: facility-manager tickets, chat, terse search fragments, e-mails, a student's
homework, non-native English, typos and German.

Same format and semantics as ``people_oracles.py``, whose ``Model`` walks and oracle builders this script
imports, so "on a storey" (storey-deep: contained directly, in one of the storey's spaces, or aggregated
into / filling an element that is), "in room X" (contained in the space), "the doors / walls of room X"
(the space's IfcRelSpaceBoundary elements), "a room by function" (Name or LongName holds a stated word),
properties (``get_pset``, occurrence over type; a boolean needs its explicit value) and quantities (the
model's own units, the quantity set named in the rule) mean the same thing in every set. Attributes such
as ``IfcDoor.OverallWidth`` are compared in the model's length unit (millimetres for LargeBuilding and the
Sample House, metres elsewhere); the rule says which. A question whose part cannot be grounded in the model
(a property no element of the class carries, a room or storey that does not exist) and every request to
refuse has a ``decline`` oracle; the oracle asserts its own premise (the property, room, storey or cost /
schedule / occupant entity really is absent), so a changed model fails loudly.

``--check`` writes nothing and exits 1 when the committed file differs from what this script computes
(``tests/spatial/test_people_fourth_set.py`` runs the same comparison).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
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
    extreme_value,
    mean,
    number,
    set_main,
    storeys,
    total,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = HERE / "people_fourth.json"

FZ = "AC11-FZK-Haus-IFC.ifc"
LB = "LargeBuilding.ifc"
SH = "Ifc4_SampleHouse.ifc"
HE = "Heizung-Elektro_080729.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
DHW = "domestic-hot-water.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
RQ = "revit_quantities.ifc"
IOH = "IfcOpenHouse_IFC4.ifc"
DUP = "Duplex_A_20110907.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"

SD = STOREY_DEEP
WRITE = "refuse: a write ({}); ifcqa only reads the model"
ABSENT = "refuse: {} (the model holds no {})"
NOT_IFC = "refuse: {} is not something an IFC file holds"
COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan")
PEOPLE = ("IfcActor", "IfcOccupant", "IfcRelAssignsToActor")
DIST = "IfcDistributionElement"
BQ = "BaseQuantities"


# --- predicates and premises ----------------------------------------------------------------------

def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) == value


_OPS: dict[str, Callable[[float, float], bool]] = {
    ">": lambda a, b: a > b + 1e-9, ">=": lambda a, b: a >= b - 1e-9,
    "<": lambda a, b: a < b - 1e-9, "<=": lambda a, b: a <= b + 1e-9,
}


def attr(name: str, op: str, limit: float) -> Callable[[Any], bool]:
    """``getattr(e, name) op limit`` in the model's length unit; an element without the attribute fails."""
    return lambda e: getattr(e, name, None) is not None and _OPS[op](float(getattr(e, name)), limit)


def qty_is(qset: str, name: str, op: str, limit: float) -> Callable[[Any], bool]:
    return lambda e: _OPS[op](Model.qty(e, qset, name), limit)


def q(qset: str, name: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name)


def spaces_on(m: Model, storey: str, where: Callable[[Any], bool] | None = None) -> list[Any]:
    m.storey(storey)
    return [s for s in m.spaces(where) if m.storey_name(s) == storey]


def one_space(m: Model, *words: str) -> Any:
    found = m.spaces(m.named(*words))
    if len(found) != 1:
        raise ValueError(f"{words}: {len(found)} spaces")
    return found[0]


def nonempty(es: list[Any]) -> list[Any]:
    if not es:
        raise ValueError("the premise 'some elements' is false")
    return es


def lacks(m: Model, classes: str | tuple[str, ...], pset: str, name: str) -> Oracle:
    """Decline, after checking that no element of ``classes`` carries ``pset.name`` with a value."""
    holders = [e for e in m.of(classes) if Model.prop(e, pset, name) not in (None, "")]
    if holders:
        raise ValueError(f"{len(holders)} {classes} carry {pset}.{name}: the decline premise is false")
    return decline()


def lacks_qty(m: Model, classes: str | tuple[str, ...], *names: str) -> Oracle:
    """Decline, after checking that no quantity of ``classes`` is named any of ``names``."""
    import ifcopenshell.util.element as ue

    for e in m.of(classes):
        for qset in ue.get_psets(e, qtos_only=True).values():
            if any(n in qset for n in names):
                raise ValueError(f"{e.is_a()} {e.GlobalId} carries one of {names}")
    return decline()


def no_storey(m: Model, *names: str) -> Oracle:
    held = [n for n in names if n in m.storey_names()]
    if held:
        raise ValueError(f"storeys {held} exist")
    return decline()


def no_space(m: Model, *words: str) -> Oracle:
    if m.spaces(m.named(*words)):
        raise ValueError(f"a space matches {words}")
    return decline()


def no_text(m: Model, classes: str | tuple[str, ...], *words: str) -> Oracle:
    """Decline, after checking that no element of ``classes`` has a material, name or type name holding a word."""
    for word in words:
        held = [e for e in m.of(classes) if Model.material_has(word)(e) or Model.type_name_has(word)(e)]
        if held:
            raise ValueError(f"{len(held)} {classes} hold {word!r}")
    return decline()


def no_prop_word(m: Model, classes: str | tuple[str, ...], *words: str) -> Oracle:
    """Decline, after checking that no property set, property name or text value of ``classes`` holds a word."""
    import ifcopenshell.util.element as ue

    for e in m.of(classes):
        for pset, props in ue.get_psets(e).items():
            text = " ".join([pset, *props, *(str(v) for v in props.values() if isinstance(v, str))]).lower()
            if any(w.lower() in text for w in words):
                raise ValueError(f"{e.is_a()} {e.GlobalId} {pset} holds one of {words}")
    return decline()


def refuse(m: Model, absent: tuple[str, ...] = ()) -> Oracle:
    """Decline a request to refuse, after checking that the model holds none of ``absent``."""
    held = [c for c in absent if m.by_type(c)]
    if held:
        raise ValueError(f"the model holds {held}: the refusal rule would be wrong")
    return decline()


def argmax(groups: dict[str, list[Any]], fewest: bool = False) -> Oracle:
    sizes = {k: len(v) for k, v in groups.items()}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def per(m: Model, classes: str | tuple[str, ...] | None, where: Callable[[Any], bool] | None = None,
        names: Iterable[str] | None = None) -> dict[str, list[Any]]:
    return {s: m.on(s, classes, where) for s in (names or m.storey_names())}


def typed(type_class: str, predefined: str | None = None) -> Callable[[Any], bool]:
    return Model.typed(type_class, predefined)


RADIATOR = typed("IfcSpaceHeaterType")  # Heizung-Elektro: IfcEnergyConversionDevice typed as space heaters
LIGHT = typed("IfcLightFixtureType")
OUTLET = typed("IfcOutletType")
SWITCH = typed("IfcSwitchingDeviceType")
EXT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", True)
INT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", False)
EXT_WALL = prop_is("Pset_WallCommon", "IsExternal", True)
LB_WALL = prop_is("Pset_WallCommon", "LoadBearing", True)
NLB_WALL = prop_is("Pset_WallCommon", "LoadBearing", False)
EXT_WINDOW = prop_is("Pset_WindowCommon", "IsExternal", True)
INT_WINDOW = prop_is("Pset_WindowCommon", "IsExternal", False)
NFA_BQ = q(BQ, "NetFloorArea")
NFA_QTO = q("Qto_SpaceBaseQuantities", "NetFloorArea")
GSA = q("GSA Space Areas", "GSA BIM Area")


def not_on(m: Model, storey: str, classes: str | tuple[str, ...] | None = None,
           where: Callable[[Any], bool] | None = None) -> list[Any]:
    m.storey(storey)
    return [e for e in m.of(classes, where) if m.storey_name(e) != storey]


QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- storey_class
    Q(FZ, "storey_class", "which windows are up in the Dachgeschoss?",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcWindow"))), f"IfcWindow on Dachgeschoss, {SD}"),
    Q(LB, "storey_class", "Level 2 windows pls",
      lambda m: elements(m.on("Level 2", "IfcWindow")), f"IfcWindow on Level 2, {SD}"),
    Q(HE, "storey_class", "Can you list the radiators in the Obergeschoss for the heating engineer?",
      lambda m: elements(m.on("Obergeschoss", DIST, RADIATOR)),
      f"elements typed by IfcSpaceHeaterType (IFC2X3 radiators) on Obergeschoss, {SD}"),
    Q(HE, "storey_class", "how many light fittings does the EG have",
      lambda m: count(m.on("EG", DIST, LIGHT)), f"count of elements typed by IfcLightFixtureType on EG, {SD}"),
    Q(SH, "storey_class", "show me the furniture on the ground floor",
      lambda m: elements(m.on("Ground Floor", "IfcFurnishingElement")),
      f"IfcFurnishingElement (incl. IfcFurniture) on Ground Floor, {SD}"),
    Q(DUP, "storey_class", "What beams are there on Level 2?",
      lambda m: elements(nonempty(m.on("Level 2", "IfcBeam"))), f"IfcBeam on Level 2, {SD}"),
    Q(INS, "storey_class", "staircase on 1. Obergeschoss",
      lambda m: elements(nonempty(m.on("1. Obergeschoss", "IfcStair"))), f"IfcStair on 1. Obergeschoss, {SD}"),
    Q(WP, "storey_class", "pumps on Ebene 0?",
      lambda m: elements(nonempty(m.on("Ebene 0", "IfcPump"))), f"IfcPump on Ebene 0, {SD}"),
    Q(DHW, "storey_class", "I'm looking for the pipe segments on My Storey",
      lambda m: elements(m.on("My Storey", "IfcPipeSegment")), f"IfcPipeSegment on My Storey, {SD}"),
    Q(R3, "storey_class", "heaters in My Storey",
      lambda m: elements(nonempty(m.on("My Storey", "IfcSpaceHeater"))), f"IfcSpaceHeater on My Storey, {SD}"),
    Q(EDC, "storey_class", "How many walls does the 2.OG have?",
      lambda m: count(m.on("2.OG", "IfcWall")), f"count of IfcWall (incl. standard cases) on 2.OG, {SD}"),
    Q(HOM, "storey_class", "1stFloor windows - count?",
      lambda m: count(m.on("1stFloor", "IfcWindow")), f"count of IfcWindow on 1stFloor, {SD}"),
    Q(INS, "storey_class", "railings in the Dachgeschoss",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcRailing"))), f"IfcRailing on Dachgeschoss, {SD}"),
    Q(LB, "storey_class", "which coverings are on level 1",
      lambda m: elements(nonempty(m.on("Level 1", "IfcCovering"))), f"IfcCovering on Level 1, {SD}"),
    Q(HE, "storey_class", "number of light switches on the Dachgeschoss",
      lambda m: count(m.on("Dachgeschoss", DIST, SWITCH)),
      f"count of elements typed by IfcSwitchingDeviceType (all TOGGLESWITCH) on Dachgeschoss, {SD}"),
    Q(FZ, "storey_class", "beams Dachgeschoss how many",
      lambda m: count(m.on("Dachgeschoss", "IfcBeam")), f"count of IfcBeam on Dachgeschoss, {SD}"),
    Q(DUP, "storey_class", "Could you pull up every slab on Level 1 for me?",
      lambda m: elements(m.on("Level 1", "IfcSlab")), f"IfcSlab on Level 1, {SD}"),
    Q(WP, "storey_class", "floor heating circuits on Ebene 2",
      lambda m: no_storey(m, "Ebene 2"), "decline: the model has no storey 'Ebene 2' (only Ebene 0)"),
    Q(HE, "storey_class", "radiators on the 2. Obergeschoss",
      lambda m: no_storey(m, "2. Obergeschoss"),
      "decline: the model has no storey '2. Obergeschoss' (Kellergeschoss, EG, Obergeschoss, Dachgeschoss)"),
    # ---------------------------------------------------------------- comparison
    Q(HE, "comparison", "Which floor has the most light fittings?",
      lambda m: argmax(per(m, DIST, LIGHT)), f"the storey with the most elements typed by IfcLightFixtureType, {SD}"),
    Q(HE, "comparison", "which storey has the fewest sockets",
      lambda m: argmax(per(m, DIST, OUTLET), fewest=True),
      f"the storey with the fewest elements typed by IfcOutletType, {SD} (the same storey when only "
      "POWEROUTLET is counted)"),
    Q(HE, "comparison", "are there more radiators on the EG than up in the Dachgeschoss?",
      lambda m: yes_no(len(m.on("EG", DIST, RADIATOR)) > len(m.on("Dachgeschoss", DIST, RADIATOR))),
      f"yes iff #elements typed by IfcSpaceHeaterType on EG > on Dachgeschoss, {SD}"),
    Q(LB, "comparison", "Level 1 has exactly twice as many windows as Level 2, right?",
      lambda m: yes_no(len(m.on("Level 1", "IfcWindow")) == 2 * len(m.on("Level 2", "IfcWindow"))),
      f"yes iff #IfcWindow on Level 1 == 2 x #IfcWindow on Level 2, {SD}"),
    Q(LB, "comparison", "which level has the most walls",
      lambda m: argmax(per(m, "IfcWall")), f"the storey with the most IfcWall, {SD}"),
    Q(FZ, "comparison", "Erdgeschoss or Dachgeschoss - where are more windows?",
      lambda m: argmax(per(m, "IfcWindow", names=("Erdgeschoss", "Dachgeschoss"))),
      f"of Erdgeschoss and Dachgeschoss, the one with more IfcWindow, {SD}"),
    Q(INS, "comparison", "does the 1. Obergeschoss have more doors than the 2. Obergeschoss",
      lambda m: yes_no(len(m.on("1. Obergeschoss", "IfcDoor")) > len(m.on("2. Obergeschoss", "IfcDoor"))),
      f"yes iff #IfcDoor on 1. Obergeschoss > on 2. Obergeschoss, {SD}"),
    Q(EDC, "comparison", "which storey has got the highest number of doors?",
      lambda m: argmax(per(m, "IfcDoor")), f"the storey with the most IfcDoor, {SD}"),
    Q(DUP, "comparison", "more than 20 walls on level 2?",
      lambda m: yes_no(len(m.on("Level 2", "IfcWall")) > 20), f"yes iff #IfcWall on Level 2 > 20, {SD}"),
    Q(SH, "comparison", "Does the Ground Floor have at least 5 windows?",
      lambda m: yes_no(len(m.on("Ground Floor", "IfcWindow")) >= 5), f"yes iff #IfcWindow on Ground Floor >= 5, {SD}"),
    Q(HOM, "comparison", "GroundFloor vs 1stFloor: which one has more windows",
      lambda m: argmax(per(m, "IfcWindow", names=("GroundFloor", "1stFloor"))),
      f"of GroundFloor and 1stFloor, the one with more IfcWindow, {SD}"),
    Q(HE, "comparison", "Are there more outlets in the Obergeschoss than in the EG?",
      lambda m: yes_no(len(m.on("Obergeschoss", DIST, OUTLET)) > len(m.on("EG", DIST, OUTLET))),
      f"yes iff #elements typed by IfcOutletType on Obergeschoss > on EG, {SD} (also true for POWEROUTLET only)"),
    Q(R3, "comparison", "Are there more windows than walls on My Storey?",
      lambda m: yes_no(len(m.on("My Storey", "IfcWindow")) > len(m.on("My Storey", "IfcWall"))),
      f"yes iff #IfcWindow > #IfcWall on My Storey, {SD}"),
    Q(DUP, "comparison", "On which level is most of the furniture?",
      lambda m: argmax(per(m, "IfcFurnishingElement")), f"the storey with the most IfcFurnishingElement, {SD}"),
    Q(HE, "comparison", "which floors have more than 30 light fittings",
      lambda m: storeys(s for s, es in per(m, DIST, LIGHT).items() if len(es) > 30),
      f"the storeys with more than 30 elements typed by IfcLightFixtureType, {SD}"),
    Q(INS, "comparison", "Which storeys have over 20 doors each?",
      lambda m: storeys(s for s, es in per(m, "IfcDoor").items() if len(es) > 20),
      f"the storeys with more than 20 IfcDoor, {SD}"),
    Q(LB, "comparison", "fewer doors on Level 2 than Level 1?",
      lambda m: yes_no(len(m.on("Level 2", "IfcDoor")) < len(m.on("Level 1", "IfcDoor"))),
      f"yes iff #IfcDoor on Level 2 < on Level 1, {SD}"),
    Q(LB, "comparison", "Does Level 3 have more windows than Level 2?",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no storey 'Level 3' (only Level 1 and Level 2)"),
    Q(EDC, "comparison", "which floor has the most glass doors?",
      lambda m: no_text(m, "IfcDoor", "glass", "glas"),
      "decline: no door's material, name or type name holds 'glass', so 'glass doors' cannot be grounded"),
    # ---------------------------------------------------------------- edge
    Q(DHW, "edge", "List all IfcBoiler on My Storey",
      lambda m: elements(nonempty(m.on("My Storey", "IfcBoiler"))), f"IfcBoiler on My Storey, {SD}"),
    Q(WP, "edge", "doors on Ebene 0",
      lambda m: elements(m.on("Ebene 0", "IfcDoor")), f"IfcDoor on Ebene 0, {SD}: none (an MEP-only model)"),
    Q(WP, "edge", "pumps on Ebene 1",
      lambda m: no_storey(m, "Ebene 1"), "decline: the model has no storey 'Ebene 1' (only Ebene 0)"),
    Q(LB, "edge", "windows on Level 3",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no storey 'Level 3'"),
    Q(FZ, "edge", "how many walls are in the whole model?",
      lambda m: count(m.of("IfcWall")), "count of IfcWall (incl. IfcWallStandardCase), whole model"),
    Q(SH, "edge", "IfcCurtainWall?",
      lambda m: elements(nonempty(m.of("IfcCurtainWall"))), "IfcCurtainWall, whole model"),
    Q(RQ, "edge", "doros on level 1",
      lambda m: elements(m.on("Level 1", "IfcDoor")), f"typo for doors: IfcDoor on Level 1, {SD}"),
    Q(HE, "edge", "radaitors EG",
      lambda m: elements(m.on("EG", DIST, RADIATOR)),
      f"typo for radiators: elements typed by IfcSpaceHeaterType on EG, {SD}"),
    Q(IOH, "edge", "how many windows are in this model",
      lambda m: count(m.of("IfcWindow")), "count of IfcWindow, whole model"),
    Q(IOH, "edge", "list IfcFooting elements",
      lambda m: elements(nonempty(m.of("IfcFooting"))), "IfcFooting, whole model"),
    Q(DHW, "edge", "is there any IfcPump in here?",
      lambda m: yes_no(bool(m.of("IfcPump"))), "yes iff the model holds an IfcPump (it does not)"),
    Q(EDC, "edge", "IfcColumn on EG",
      lambda m: elements(m.on("EG", "IfcColumn")), f"IfcColumn on EG, {SD}: none (the model has no columns)"),
    Q(HOM, "edge", "doors on the 2ndFloor",
      lambda m: no_storey(m, "2ndFloor"), "decline: the model has no storey '2ndFloor' (GroundFloor, 1stFloor, attic)"),
    Q(R3, "edge", "how many IfcAirTerminal are there",
      lambda m: count(m.of("IfcAirTerminal")), "count of IfcAirTerminal, whole model"),
    Q(DUP, "edge", "footings T/FDN",
      lambda m: elements(nonempty(m.on("T/FDN", "IfcFooting"))), f"IfcFooting on T/FDN, {SD}"),
    Q(LB, "edge", "IfcBuildingElementProxy on Level 1",
      lambda m: elements(nonempty(m.on("Level 1", "IfcBuildingElementProxy"))),
      f"IfcBuildingElementProxy on Level 1, {SD}"),
    Q(SH, "edge", "stairs on the Ground Floor",
      lambda m: elements(m.on("Ground Floor", ("IfcStair", "IfcStairFlight"))),
      f"IfcStair / IfcStairFlight on Ground Floor, {SD}: none (the model has no stairs)"),
    Q(FZ, "edge", "what's on the third floor?",
      lambda m: no_storey(m, "3. Obergeschoss", "2. Obergeschoss", "Obergeschoss"),
      "decline: the house has two storeys (Erdgeschoss, Dachgeschoss), no third floor"),
    Q(HE, "edge", "IfcSpace in the EG",
      lambda m: elements(m.on("EG", "IfcSpace")), "IfcSpace on EG: none (the model has no spaces)"),
    # ---------------------------------------------------------------- rooms
    Q(FZ, "rooms", "which floor is the Küche on",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Küche")))),
      "storey of the space whose LongName is 'Küche'"),
    Q(FZ, "rooms", "what's in the kitchen",
      lambda m: elements(nonempty(m.in_space(one_space(m, "Küche")))),
      "elements contained in the one kitchen space (6, LongName 'Küche')"),
    Q(FZ, "rooms", "contents of room 3",
      lambda m: elements(nonempty(m.in_space(m.space("3")))), "elements contained in space 3 (Bad)"),
    Q(FZ, "rooms", "Which doors lead into the Schlafzimmer?",
      lambda m: elements(nonempty(m.bounding(m.space(long="Schlafzimmer"), "IfcDoor"))),
      "IfcDoor bounding space 4 'Schlafzimmer' (space boundaries)"),
    Q(R3, "rooms", "doors of the Bad",
      lambda m: elements(nonempty(m.bounding(m.space("Bad"), "IfcDoor"))),
      "IfcDoor bounding space 'Bad' (space boundaries)"),
    Q(R3, "rooms", "windows of room Wohnen?",
      lambda m: elements(nonempty(m.bounding(m.space("Wohnen"), "IfcWindow"))),
      "IfcWindow bounding space 'Wohnen' (space boundaries)"),
    Q(SH, "rooms", "what furniture is in the living room",
      lambda m: elements(nonempty(m.in_space(one_space(m, "Living room"), "IfcFurnishingElement"))),
      "IfcFurnishingElement contained in space '1 - Living room'"),
    Q(SH, "rooms", "on which storey is the entrance hall?",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Entrance hall")))),
      "storey of the space whose LongName is 'Entrance hall'"),
    Q(DUP, "rooms", "where are the utility rooms",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Utility")))),
      "storeys of the spaces whose LongName is 'Utility' (A205, B205)"),
    Q(DUP, "rooms", "what is inside B102",
      lambda m: elements(nonempty(m.in_space(m.space("B102")))), "elements contained in space B102"),
    Q(INS, "rooms", "On which floors are there labs?",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Labor")))),
      "storeys of the spaces whose LongName holds 'Labor' (lab)"),
    Q(INS, "rooms", "furniture in room 006",
      lambda m: elements(nonempty(m.in_space(m.space("006"), "IfcFurnishingElement"))),
      "IfcFurnishingElement contained in space 006"),
    Q(INS, "rooms", "how many offices are on the 2. Obergeschoss",
      lambda m: count(spaces_on(m, "2. Obergeschoss", m.named("Buero"))),
      "count of IfcSpace on 2. Obergeschoss whose LongName holds 'Buero' (office)"),
    Q(HOM, "rooms", "doors of the kitchen",
      lambda m: elements(nonempty(m.bounding(m.space("Kitchen5"), "IfcDoor"))),
      "IfcDoor bounding space Kitchen5 (space boundaries)"),
    Q(RQ, "rooms", "how many small offices are there",
      lambda m: count(m.spaces(m.named("small office"))), "count of IfcSpace whose LongName is 'small office'"),
    Q(LB, "rooms", "what's in room 5?",
      lambda m: elements(nonempty(m.in_space(m.space("5")))), "elements contained in space 5"),
    Q(HOM, "rooms", "which floor is the hobby room on",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Hobby")))),
      "storey of the space whose Name holds 'Hobby' (Hobby2)"),
    Q(INS, "rooms", "walls around Technikraum II",
      lambda m: elements(nonempty(m.bounding(m.space(long="Technikraum II"), "IfcWall"))),
      "IfcWall bounding space 004 'Technikraum II' (space boundaries)"),
    Q(DUP, "rooms", "which floor is the garage on?",
      lambda m: no_space(m, "garage"), "decline: no space's Name or LongName holds 'garage'"),
    Q(EDC, "rooms", "what's in the cafeteria",
      lambda m: no_space(m, "cafeteria", "Cafeteria", "Kantine", "Mensa"),
      "decline: no space's Name or LongName names a cafeteria"),
    Q(SH, "rooms", "doors of the garage",
      lambda m: no_space(m, "garage"), "decline: no space's Name or LongName holds 'garage'"),
    Q(INS, "rooms", "What is in room 999?",
      lambda m: no_space(m, "999"), "decline: no space is numbered 999"),
    # ---------------------------------------------------------------- qualifiers
    Q(FZ, "qualifiers", "exterior doors",
      lambda m: elements(nonempty(m.of("IfcDoor", EXT_DOOR))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE (whole model)"),
    Q(FZ, "qualifiers", "load-bearing walls on the Dachgeschoss",
      lambda m: elements(m.on("Dachgeschoss", "IfcWall", LB_WALL)),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Dachgeschoss, {SD}"),
    Q(FZ, "qualifiers", "doors narrower than 90 cm",
      lambda m: elements(nonempty(m.of("IfcDoor", attr("OverallWidth", "<", 0.9)))),
      "IfcDoor with OverallWidth < 0.9 m (whole model; length unit m)"),
    Q(LB, "qualifiers", "Which doors are wider than 1.2 m?",
      lambda m: elements(nonempty(m.of("IfcDoor", attr("OverallWidth", ">", 1200.0)))),
      "IfcDoor with OverallWidth > 1200 mm (whole model; the model's length unit is mm)"),
    Q(LB, "qualifiers", "are any of the doors external?",
      lambda m: yes_no(bool(m.of("IfcDoor", EXT_DOOR))),
      "yes iff some IfcDoor has Pset_DoorCommon.IsExternal = TRUE (every door carries FALSE)"),
    Q(LB, "qualifiers", "windows with status new construction",
      lambda m: elements(m.of("IfcWindow", prop_is("Custom_Pset", "StatusConstruction", "New Construction"))),
      "IfcWindow with Custom_Pset.StatusConstruction = 'New Construction' (whole model)"),
    Q(FZ, "qualifiers", "which Erdgeschoss walls are exterior walls",
      lambda m: elements(nonempty(m.on("Erdgeschoss", "IfcWall", EXT_WALL))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Erdgeschoss, {SD}"),
    Q(SH, "qualifiers", "which walls have brick in them?",
      lambda m: elements(nonempty(m.of("IfcWall", Model.material_has("Brick")))),
      "IfcWall with a material whose name holds 'Brick' (whole model)"),
    Q(SH, "qualifiers", "doors wider than 1 m",
      lambda m: elements(nonempty(m.of("IfcDoor", attr("OverallWidth", ">", 1000.0)))),
      "IfcDoor with OverallWidth > 1000 mm (whole model; the model's length unit is mm)"),
    Q(DUP, "qualifiers", "load bearing walls T/FDN",
      lambda m: elements(nonempty(m.on("T/FDN", "IfcWall", LB_WALL))),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on T/FDN, {SD}"),
    Q(EDC, "qualifiers", "external slabs",
      lambda m: elements(nonempty(m.of("IfcSlab", prop_is("Pset_SlabCommon", "IsExternal", True)))),
      "IfcSlab with Pset_SlabCommon.IsExternal = TRUE (whole model)"),
    Q(DUP, "qualifiers", "Windows taller than 2 metres?",
      lambda m: elements(nonempty(m.of("IfcWindow", attr("OverallHeight", ">", 2.0)))),
      "IfcWindow with OverallHeight > 2.0 m (whole model)"),
    Q(FZ, "qualifiers", "Erdgeschoss walls made of Leichtbeton",
      lambda m: elements(nonempty(m.on("Erdgeschoss", "IfcWall", Model.material_has("Leichtbeton")))),
      f"IfcWall with a material named 'Leichtbeton' on Erdgeschoss, {SD}"),
    Q(HE, "qualifiers", "which cables are fire resistant",
      lambda m: elements(m.of(DIST, lambda e: typed("IfcCableSegmentType")(e) and Model.prop(
          e, "Pset_CableSegmentTypeConductorSegment", "IsFireResistant") is True)),
      "elements typed by IfcCableSegmentType with Pset_CableSegmentTypeConductorSegment.IsFireResistant = TRUE: "
      "none (the conductors carry FALSE)"),
    Q(EDC, "qualifiers", "load-bearing walls on 1.OG",
      lambda m: lacks(m, "IfcWall", "Pset_WallCommon", "LoadBearing"),
      "decline: no wall of the model carries Pset_WallCommon.LoadBearing"),
    Q(R3, "qualifiers", "walls with an acoustic rating above 40 dB",
      lambda m: lacks(m, "IfcWall", "Pset_WallCommon", "AcousticRating"),
      "decline: no wall of the model carries Pset_WallCommon.AcousticRating"),
    Q(SH, "qualifiers", "walls with a U-value below 0.3",
      lambda m: elements(nonempty(m.of("IfcWall", lambda e: isinstance(
          Model.prop(e, "Pset_WallCommon", "ThermalTransmittance"), float) and Model.prop(
          e, "Pset_WallCommon", "ThermalTransmittance") < 0.3))),
      "IfcWall with Pset_WallCommon.ThermalTransmittance < 0.3 (W/m²K; every wall carries it)"),
    Q(SH, "qualifiers", "windows with security class RC2",
      lambda m: lacks(m, "IfcWindow", "Pset_WindowCommon", "SecurityRating"),
      "decline: no window of the model carries Pset_WindowCommon.SecurityRating"),
    Q(INS, "qualifiers", "walls in the Keller with fire rating EI 90",
      lambda m: lacks(m, "IfcWall", "Pset_WallCommon", "FireRating"),
      "decline: no wall of the model carries Pset_WallCommon.FireRating"),
    Q(HE, "qualifiers", "IP65 light fittings in the Kellergeschoss",
      lambda m: no_prop_word(m, DIST, "IP65", "IP 65", "ProtectionClass", "IngressProtection"),
      "decline: no property of the model holds an IP (ingress protection) rating"),
    Q(LB, "qualifiers", "wheelchair accessible doors on Level 1",
      lambda m: lacks(m, "IfcDoor", "Pset_DoorCommon", "HandicapAccessible"),
      "decline: no door of the model carries Pset_DoorCommon.HandicapAccessible"),
    # ---------------------------------------------------------------- quantities
    Q(FZ, "quantities", "combined net floor area of all rooms in the house?",
      lambda m: total(m.spaces(), NFA_BQ, "m²"), "sum of BaseQuantities.NetFloorArea of every IfcSpace, m²"),
    Q(FZ, "quantities", "volume of the Galerie",
      lambda m: number(Model.qty(m.space(long="Galerie"), BQ, "GrossVolume"), "m³", [m.space(long="Galerie")]),
      "BaseQuantities.GrossVolume (= NetVolume) of space 7 'Galerie', m³"),
    Q(FZ, "quantities", "total length of the walls on the Erdgeschoss in metres",
      lambda m: total(m.on("Erdgeschoss", "IfcWall"), q(BQ, "Length"), "m"),
      f"sum of BaseQuantities.Length of IfcWall on Erdgeschoss, {SD}, m"),
    Q(FZ, "quantities", "Which room has the biggest floor area?",
      lambda m: extreme(m.spaces(), NFA_BQ, "m²"), "the IfcSpace with the largest BaseQuantities.NetFloorArea"),
    Q(LB, "quantities", "total net floor area on Level 1",
      lambda m: total(spaces_on(m, "Level 1"), NFA_BQ, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpace on Level 1, m²"),
    Q(LB, "quantities", "smallest room?",
      lambda m: extreme(m.spaces(), NFA_BQ, "m²", smallest=True),
      "the IfcSpace(s) with the smallest BaseQuantities.NetFloorArea (spaces 4 and 8 tie)"),
    Q(LB, "quantities", "Whats the average room size in m2",
      lambda m: mean(m.spaces(), NFA_BQ, "m²"), "mean of BaseQuantities.NetFloorArea of every IfcSpace, m²"),
    Q(LB, "quantities", "total ceiling area on Level 1",
      lambda m: total(m.on("Level 1", "IfcCovering"), q(BQ, "GrossCeilingArea"), "m²"),
      f"sum of BaseQuantities.GrossCeilingArea of the IfcCovering (all 'Compound Ceiling') on Level 1, {SD}, m²"),
    Q(LB, "quantities", "length of the longest wall in mm",
      lambda m: extreme_value(m.of("IfcWall"), q(BQ, "Length"), "mm"),
      "the largest BaseQuantities.Length of an IfcWall, in the model's length unit (mm)"),
    Q(SH, "quantities", "total ceiling area",
      lambda m: total(m.of("IfcCovering"), q(BQ, "GrossCeilingArea"), "m²"),
      "sum of BaseQuantities.GrossCeilingArea of every IfcCovering (all ceilings), m²"),
    Q(SH, "quantities", "net floor area of the bedroom in square metres",
      lambda m: number(NFA_BQ(one_space(m, "Bedroom")), "m²", [one_space(m, "Bedroom")]),
      "BaseQuantities.NetFloorArea of space '2 - Bedroom', m²"),
    Q(R3, "quantities", "how big is the Kitchen (m²)?",
      lambda m: number(NFA_QTO(m.space("Kitchen")), "m²", [m.space("Kitchen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of space 'Kitchen', m²"),
    Q(R3, "quantities", "sum of the net floor areas of the four rooms",
      lambda m: total(m.spaces(), NFA_QTO, "m²"), "sum of Qto_SpaceBaseQuantities.NetFloorArea of the 4 IfcSpace, m²"),
    Q(RQ, "quantities", "biggest room on level 1",
      lambda m: extreme(spaces_on(m, "Level 1"), GSA, "m²"),
      "the IfcSpace on Level 1 with the largest GSA Space Areas.GSA BIM Area"),
    Q(RQ, "quantities", "what do the small offices add up to in area",
      lambda m: total(m.spaces(m.named("small office")), GSA, "m²"),
      "sum of GSA Space Areas.GSA BIM Area of the spaces whose LongName is 'small office', m²"),
    Q(HOM, "quantities", "total gross volume of the walls on GroundFloor (m3)",
      lambda m: total(m.on("GroundFloor", "IfcWall"), q("Qto_WallBaseQuantities", "GrossVolume"), "m³"),
      f"sum of Qto_WallBaseQuantities.GrossVolume of IfcWall on GroundFloor, {SD}, m³"),
    Q(INS, "quantities", "average wall thickness in the Keller",
      lambda m: mean(m.on("Keller", "IfcWall"), q(BQ, "Width"), "m"),
      f"mean of BaseQuantities.Width of IfcWall on Keller, {SD}, m"),
    Q(DUP, "quantities", "total area of the rooms on level 1",
      lambda m: total(spaces_on(m, "Level 1"), GSA, "m²"),
      "sum of GSA Space Areas.GSA BIM Area of the IfcSpace on Level 1, m²"),
    Q(FZ, "quantities", "total weight of the beams in kg",
      lambda m: lacks_qty(m, "IfcBeam", "GrossWeight", "NetWeight", "Weight"),
      "decline: no beam carries a weight quantity and the model holds no densities"),
    Q(LB, "quantities", "net floor area of room 12",
      lambda m: no_space(m, "12"), "decline: no space is numbered 12 (the rooms are 1 to 8)"),
    Q(R3, "quantities", "floor area of the garage",
      lambda m: no_space(m, "garage", "Garage"), "decline: no space's Name or LongName holds 'garage'"),
    # ---------------------------------------------------------------- negation
    Q(FZ, "negation", "doors that aren't external",
      lambda m: elements(nonempty(m.of("IfcDoor", INT_DOOR))),
      "IfcDoor with Pset_DoorCommon.IsExternal = FALSE (every door carries the property)"),
    Q(FZ, "negation", "everything that is not on the Erdgeschoss",
      lambda m: elements(not_on(m, "Erdgeschoss")),
      f"every element (IfcElement less openings) whose storey is not Erdgeschoss, {SD}"),
    Q(LB, "negation", "windows not on Level 1",
      lambda m: elements(not_on(m, "Level 1", "IfcWindow")), f"IfcWindow whose storey is not Level 1, {SD}"),
    Q(LB, "negation", "which rooms are not bigger than 30 m²?",
      lambda m: elements(nonempty(m.spaces(qty_is(BQ, "NetFloorArea", "<=", 30.0)))),
      "IfcSpace with BaseQuantities.NetFloorArea <= 30 m²"),
    Q(SH, "negation", "walls that are not load bearing",
      lambda m: elements(nonempty(m.of("IfcWall", NLB_WALL))),
      "IfcWall with Pset_WallCommon.LoadBearing = FALSE (every wall carries the property)"),
    Q(SH, "negation", "furniture that isn't in the living room",
      lambda m: elements(nonempty([e for e in m.of("IfcFurnishingElement")
                                   if e not in m.in_space(one_space(m, "Living room"))])),
      "IfcFurnishingElement not contained in space '1 - Living room'"),
    Q(HE, "negation", "all light fittings except the ones on the EG",
      lambda m: elements(not_on(m, "EG", DIST, LIGHT)), f"elements typed by IfcLightFixtureType not on EG, {SD}"),
    Q(HE, "negation", "which floors have no radiators at all?",
      lambda m: storeys(s for s, es in per(m, DIST, RADIATOR).items() if not es),
      f"storeys with no element typed by IfcSpaceHeaterType, {SD}"),
    Q(DUP, "negation", "doors on Level 2 that are not exterior doors",
      lambda m: elements(nonempty(m.on("Level 2", "IfcDoor", INT_DOOR))),
      f"IfcDoor with Pset_DoorCommon.IsExternal = FALSE on Level 2, {SD}"),
    Q(INS, "negation", "Keller walls which are not load-bearing",
      lambda m: elements(nonempty(m.on("Keller", "IfcWall", NLB_WALL))),
      f"IfcWall with Pset_WallCommon.LoadBearing = FALSE on Keller, {SD}"),
    Q(EDC, "negation", "how many windows are not on the EG",
      lambda m: count(not_on(m, "EG", "IfcWindow")), f"count of IfcWindow whose storey is not EG, {SD}"),
    Q(WP, "negation", "everything on Ebene 0 that isn't a valve",
      lambda m: elements(e for e in m.on("Ebene 0") if not e.is_a("IfcValve")),
      f"every element on Ebene 0 except IfcValve, {SD}"),
    Q(R3, "negation", "walls which aren't of type Aussenwand",
      lambda m: elements(nonempty(m.of("IfcWall", lambda e: not Model.type_name_has("Aussenwand")(e)))),
      "IfcWall whose type name is not 'Aussenwand' (the 4 typed 'Innenwand')"),
    Q(DHW, "negation", "elements on My Storey other than pipe segments and pipe fittings",
      lambda m: elements(e for e in m.on("My Storey") if not e.is_a("IfcPipeSegment") and not e.is_a("IfcPipeFitting")),
      f"every element on My Storey except IfcPipeSegment and IfcPipeFitting, {SD}"),
    Q(HOM, "negation", "rooms that are not on the GroundFloor",
      lambda m: elements(not_on(m, "GroundFloor", "IfcSpace")), "IfcSpace whose storey is not GroundFloor"),
    Q(DUP, "negation", "windows that are not external",
      lambda m: elements(nonempty(m.of("IfcWindow", INT_WINDOW))),
      "IfcWindow with Pset_WindowCommon.IsExternal = FALSE (whole model)"),
    Q(LB, "negation", "all desks apart from the ones in room 1",
      lambda m: elements(nonempty([e for e in m.of("IfcFurnishingElement", Model.type_name_has("Desk"))
                                   if e not in m.in_space(m.space("1"))])),
      "IfcFurnishingElement whose type name holds 'Desk', not contained in space 1"),
    Q(HE, "negation", "light fittings that are not dimmable",
      lambda m: no_prop_word(m, DIST, "dimm"),
      "decline: no property of the model says whether a light is dimmable"),
    Q(SH, "negation", "doors not on the mezzanine",
      lambda m: no_storey(m, "Mezzanine"),
      "decline: the model has no mezzanine (its storeys are Ground Floor and Roof)"),
    # ---------------------------------------------------------------- multi_storey
    Q(HE, "multi_storey", "radiators on EG and Obergeschoss",
      lambda m: elements(m.on(("EG", "Obergeschoss"), DIST, RADIATOR)),
      f"elements typed by IfcSpaceHeaterType on EG or Obergeschoss, {SD}"),
    Q(HE, "multi_storey", "How many light fittings in the Kellergeschoss and the Dachgeschoss together?",
      lambda m: count(m.on(("Kellergeschoss", "Dachgeschoss"), DIST, LIGHT)),
      f"count of elements typed by IfcLightFixtureType on Kellergeschoss or Dachgeschoss, {SD}"),
    Q(INS, "multi_storey", "doors on Keller and Erdgeschoss",
      lambda m: elements(m.on(("Keller", "Erdgeschoss"), "IfcDoor")), f"IfcDoor on Keller or Erdgeschoss, {SD}"),
    Q(INS, "multi_storey", "number of windows on the 1. and 2. Obergeschoss combined",
      lambda m: count(m.on(("1. Obergeschoss", "2. Obergeschoss"), "IfcWindow")),
      f"count of IfcWindow on 1. Obergeschoss or 2. Obergeschoss, {SD}"),
    Q(DUP, "multi_storey", "walls on levels 1 and 2, how many in total",
      lambda m: count(m.on(("Level 1", "Level 2"), "IfcWall")), f"count of IfcWall on Level 1 or Level 2, {SD}"),
    Q(FZ, "multi_storey", "windows on both floors",
      lambda m: elements(m.on(("Erdgeschoss", "Dachgeschoss"), "IfcWindow")),
      f"IfcWindow on Erdgeschoss or Dachgeschoss (the model's two storeys), {SD}"),
    Q(LB, "multi_storey", "count the windows on Level 1 and Level 2",
      lambda m: count(m.on(("Level 1", "Level 2"), "IfcWindow")), f"count of IfcWindow on Level 1 or Level 2, {SD}"),
    Q(EDC, "multi_storey", "doors in EG + 2.OG",
      lambda m: elements(m.on(("EG", "2.OG"), "IfcDoor")), f"IfcDoor on EG or 2.OG, {SD}"),
    Q(HOM, "multi_storey", "walls on GroundFloor and attic",
      lambda m: elements(m.on(("GroundFloor", "attic"), "IfcWall")), f"IfcWall on GroundFloor or attic, {SD}"),
    Q(DUP, "multi_storey", "how many staircases are there on levels 1 and 2",
      lambda m: count(nonempty(m.on(("Level 1", "Level 2"), "IfcStair"))),
      f"count of IfcStair (not their flights, members or railings) on Level 1 or Level 2, {SD}"),
    Q(HE, "multi_storey", "all outlets (power, data, AV) on every floor above the Kellergeschoss - total number?",
      lambda m: count(m.on(("EG", "Obergeschoss", "Dachgeschoss"), DIST, OUTLET)),
      f"count of elements typed by IfcOutletType on EG, Obergeschoss or Dachgeschoss, {SD}"),
    Q(INS, "multi_storey", "slabs on the Dachgeschoss and the 2. Obergeschoss",
      lambda m: elements(m.on(("Dachgeschoss", "2. Obergeschoss"), "IfcSlab")),
      f"IfcSlab on Dachgeschoss or 2. Obergeschoss, {SD}"),
    Q(HE, "multi_storey", "switches EG+Obergeschoss",
      lambda m: elements(m.on(("EG", "Obergeschoss"), DIST, SWITCH)),
      f"elements typed by IfcSwitchingDeviceType on EG or Obergeschoss, {SD}"),
    Q(DUP, "multi_storey", "How much furniture is on Level 1 and Level 2 together?",
      lambda m: count(m.on(("Level 1", "Level 2"), "IfcFurnishingElement")),
      f"count of IfcFurnishingElement on Level 1 or Level 2, {SD}"),
    Q(EDC, "multi_storey", "walls on the 1.OG and the 2.OG",
      lambda m: elements(m.on(("1.OG", "2.OG"), "IfcWall")), f"IfcWall on 1.OG or 2.OG, {SD}"),
    Q(INS, "multi_storey", "the stairs of the Keller, Erdgeschoss and 1. Obergeschoss",
      lambda m: elements(m.on(("Keller", "Erdgeschoss", "1. Obergeschoss"), "IfcStair")),
      f"IfcStair on Keller, Erdgeschoss or 1. Obergeschoss, {SD}"),
    Q(DUP, "multi_storey", "doors on Level 1 and Level 3",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no storey 'Level 3' (one of the two storeys asked)"),
    Q(HE, "multi_storey", "radiators on the EG and the 3. Obergeschoss",
      lambda m: no_storey(m, "3. Obergeschoss"), "decline: the model has no storey '3. Obergeschoss'"),
    # ---------------------------------------------------------------- german
    Q(FZ, "german", "Welche Fenster sind im Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow")), f"IfcWindow on Erdgeschoss, {SD}"),
    Q(FZ, "german", "Wie viele Türen hat das Haus insgesamt?",
      lambda m: count(m.of("IfcDoor")), "count of IfcDoor, whole model"),
    Q(HE, "german", "Wie viele Heizkörper gibt es im Obergeschoss?",
      lambda m: count(m.on("Obergeschoss", DIST, RADIATOR)),
      f"count of elements typed by IfcSpaceHeaterType on Obergeschoss, {SD}"),
    Q(HE, "german", "Zeig mir alle Leuchten im Kellergeschoss",
      lambda m: elements(m.on("Kellergeschoss", DIST, LIGHT)),
      f"elements typed by IfcLightFixtureType on Kellergeschoss, {SD}"),
    Q(HE, "german", "Schalter im Dachgeschoss",
      lambda m: elements(m.on("Dachgeschoss", DIST, SWITCH)),
      f"elements typed by IfcSwitchingDeviceType on Dachgeschoss, {SD}"),
    Q(WP, "german", "Welche Pumpen gibt es?",
      lambda m: elements(nonempty(m.of("IfcPump"))), "IfcPump, whole model"),
    Q(WP, "german", "Wie viele Ventile sind auf Ebene 0?",
      lambda m: count(m.on("Ebene 0", "IfcValve")), f"count of IfcValve on Ebene 0, {SD}"),
    Q(INS, "german", "Welche Räume liegen im Keller?",
      lambda m: elements(spaces_on(m, "Keller")), "IfcSpace on Keller (aggregated into the storey)"),
    Q(INS, "german", "tragende Wände im Erdgeschoss",
      lambda m: elements(nonempty(m.on("Erdgeschoss", "IfcWall", LB_WALL))),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Erdgeschoss, {SD}"),
    Q(FZ, "german", "Außentüren?",
      lambda m: elements(m.of("IfcDoor", EXT_DOOR)), "IfcDoor with Pset_DoorCommon.IsExternal = TRUE (whole model)"),
    Q(LB, "german", "Fenster auf Level 2, Anzahl bitte",
      lambda m: count(m.on("Level 2", "IfcWindow")), f"count of IfcWindow on Level 2, {SD}"),
    Q(R3, "german", "Welche Heizkörper hat das Modell?",
      lambda m: elements(nonempty(m.of("IfcSpaceHeater"))), "IfcSpaceHeater (PredefinedType RADIATOR), whole model"),
    Q(FZ, "german", "Wie groß ist die Küche?",
      lambda m: number(NFA_BQ(m.space(long="Küche")), "m²", [m.space(long="Küche")]),
      "BaseQuantities.NetFloorArea (= GrossFloorArea) of space 6 'Küche', m²"),
    Q(INS, "german", "In welchem Stockwerk liegen die Technikräume?",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Technikraum")))),
      "storeys of the spaces whose LongName holds 'Technikraum'"),
    Q(DHW, "german", "Gibt es einen Kessel?",
      lambda m: yes_no(bool(m.of("IfcBoiler"))), "yes iff the model holds an IfcBoiler"),
    Q(DUP, "german", "Wie viele Außenwände hat Level 1?",
      lambda m: count(nonempty(m.on("Level 1", "IfcWall", EXT_WALL))),
      f"count of IfcWall with Pset_WallCommon.IsExternal = TRUE on Level 1, {SD} (the model has no curtain walls)"),
    Q(INS, "german", "Türen im 4. Obergeschoss",
      lambda m: no_storey(m, "4. Obergeschoss"), "decline: the model has no storey '4. Obergeschoss'"),
    Q(HE, "german", "Lösche alle Leuchten im EG",
      lambda m: refuse(m), WRITE.format("delete the light fittings")),
    # ---------------------------------------------------------------- refuse
    Q(FZ, "refuse", "delete the Galerie", lambda m: refuse(m), WRITE.format("delete a space")),
    Q(LB, "refuse", "Please move all the desks on Level 1 up to Level 2.",
      lambda m: refuse(m), WRITE.format("move elements")),
    Q(HE, "refuse", "how much will the light fittings cost us",
      lambda m: refuse(m, COST), ABSENT.format("a cost", "IfcCostItem / IfcCostValue / IfcCostSchedule")),
    Q(HE, "refuse", "When is the boiler going to be installed?",
      lambda m: refuse(m, SCHEDULE), ABSENT.format("a schedule", "IfcTask / IfcWorkSchedule / IfcWorkPlan")),
    Q(SH, "refuse", "what's the asking price for this house",
      lambda m: refuse(m, COST), ABSENT.format("a price", "IfcCostItem / IfcCostValue / IfcCostSchedule")),
    Q(DUP, "refuse", "who lives in unit B?",
      lambda m: refuse(m, PEOPLE), ABSENT.format("occupants", "IfcActor / IfcOccupant / IfcRelAssignsToActor")),
    Q(INS, "refuse", "rename room 101 to 'Buero Schulz' please",
      lambda m: refuse(m), WRITE.format("rename a space")),
    Q(EDC, "refuse", "what is the wifi password on the 1.OG", lambda m: refuse(m), NOT_IFC.format("a password")),
    Q(WP, "refuse", "order 4 spare pumps from the manufacturer",
      lambda m: refuse(m), WRITE.format("place an order")),
    Q(RQ, "refuse", "what rent can we charge for the small offices?",
      lambda m: refuse(m, COST), ABSENT.format("a rent", "IfcCostItem / IfcCostValue / IfcCostSchedule")),
    Q(R3, "refuse", "book the Kitchen for Thursday 3pm", lambda m: refuse(m), WRITE.format("book a room")),
    Q(DHW, "refuse", "what's the water temperature in the boiler right now?",
      lambda m: refuse(m), NOT_IFC.format("a live sensor reading")),
    Q(HOM, "refuse", "How high is the yearly energy bill for this house?",
      lambda m: refuse(m, COST), ABSENT.format("an energy bill", "IfcCostItem / IfcCostValue / IfcCostSchedule")),
    Q(IOH, "refuse", "add a second door to the house", lambda m: refuse(m), WRITE.format("add an element")),
    Q(LB, "refuse", "When is Level 2 scheduled to be finished?",
      lambda m: refuse(m, SCHEDULE), ABSENT.format("a schedule", "IfcTask / IfcWorkSchedule / IfcWorkPlan")),
    Q(FZ, "refuse", "what colour should we paint the Schlafzimmer", lambda m: refuse(m),
      NOT_IFC.format("a design recommendation")),
    Q(DUP, "refuse", "Which is the nicest bedroom?", lambda m: refuse(m), NOT_IFC.format("a judgement of taste")),
    Q(HE, "refuse", "switch off all the lights in the Obergeschoss",
      lambda m: refuse(m), WRITE.format("operate devices")),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "fourth")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
