"""Issue 22's second, held-out people question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_heldout_oracles.py [--ifc-dir ../shared/ifc] [-o bench/spatial/people_heldout.json]
    python bench/spatial/people_heldout_oracles.py --check   # exit 1 if the committed JSON is stale

Written blind, before any parser work was tuned to it: the author read only the set's format, the scorer
(``ifcqa.spatial.bench_score``), ``people_oracles.py`` (whose walks it imports, so that "on a storey", "in room
X" and "the doors of room X" mean exactly what they mean in ``people.json``) and ``people.json``'s questions,
to avoid repeating them. Nothing here goes through ifcqa.

The format is ``people.json``'s (a JSON list of ``{id, query, ifc_filename, kind, oracle, oracle_rule,
source}``) with ids ``heldout2-<kind>-NN``. The shared semantics are those at the top of ``people_oracles.py``;
in addition, for this set:

* **ground floor / GF / EG** = the storey at elevation 0 where the model's storey names do not say it
  themselves (Level 1 in LargeBuilding and Duplex, EG in Heizung-Elektro); **KG / UG** = the basement storey
  (Kellergeschoss, Keller); **DG** = Dachgeschoss; **OG** = Obergeschoss (Heizung-Elektro, whose only OG it is).
* **both floors / altogether** over a model with two storeys = both of them.
* **a qualifier the model holds no data for** (LoadBearing on a model whose walls carry no LoadBearing, a
  fire rating on doors that have no FireRating property, "external" in a model without any property sets)
  -> decline: answering with the unqualified set is a broader question. A qualifier the model does hold
  data for but that no element meets -> the empty answer (elements [] / count 0 / no).
* **a room asked for in a model without spaces**, or by a function no space's Name/LongName names -> decline.
* **the N-th largest / smallest**: ties are kept (every tied element); "which floor has the most" ties give
  every tied storey, as in ``people.json``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from people_oracles import (  # noqa: E402  (the walks people.json's oracles use, imported not copied)
    STOREY_DEEP,
    Model,
    Oracle,
    Q,
    argmax_storey,
    compute_set,
    count,
    decline,
    elements,
    ext,
    extreme,
    extreme_value,
    gt,
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

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "people_heldout.json"

IOH = "IfcOpenHouse_IFC4.ifc"
SH = "Ifc4_SampleHouse.ifc"
FZ11 = "AC11-FZK-Haus-IFC.ifc"
FZ20 = "AC20-FZK-Haus.ifc"
RQ = "revit_quantities.ifc"
DHW = "domestic-hot-water.ifc"
HE = "Heizung-Elektro_080729.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
EDC = "KIT-EDC_with_SB.ifc"
LB = "LargeBuilding.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
DUP = "Duplex_A_20110907.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
DEL = "Duplex_Electrical_20121207.ifc"

SPACE = "IfcSpace"
WALL = "IfcWall"
DOOR = "IfcDoor"
WINDOW = "IfcWindow"
SLAB = "IfcSlab"

RADIATOR = Model.typed("IfcSpaceHeaterType")
LIGHT = Model.typed("IfcLightFixtureType")
SOCKET = Model.typed("IfcOutletType", "POWEROUTLET")
SWITCH = Model.typed("IfcSwitchingDeviceType", "TOGGLESWITCH")
BQ_NFA = q("BaseQuantities", "NetFloorArea")
GSA = q("GSA Space Areas", "GSA BIM Area")
HOM_NFA = q("Qto_SpaceBaseQuantities", "NetFloorArea")


def lt(attr: str, limit: float) -> Callable[[Any], bool]:
    return lambda e: getattr(e, attr) is not None and getattr(e, attr) < limit


def both(*checks: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda e: all(c(e) for c in checks)


def predefined(value: str) -> Callable[[Any], bool]:
    return lambda e: ue.get_predefined_type(e) == value


def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) is value


def not_on(m: Model, *names: str) -> Callable[[Any], bool]:
    """Located on a storey, and not on any of ``names`` (each must exist)."""
    for name in names:
        m.storey(name)
    return lambda e: m.storey_name(e) not in (None, *names)


def zone_spaces(m: Model, zone: str) -> list[Any]:
    return [o for z in m.f.by_type("IfcZone") if z.Name == zone for r in z.IsGroupedBy for o in r.RelatedObjects
            if o.is_a("IfcSpace")]


def spaces_holding(m: Model, check: Callable[[Any], bool]) -> list[Any]:
    """The spaces that contain an element for which ``check`` holds."""
    return [s for s in m.spaces() if any(check(e) for e in m.in_space(s))]


def more(a: list[Any], b: list[Any]) -> Oracle:
    return yes_no(len(a) > len(b))


QUESTIONS: list[Q] = [
    # ================================================================ storey + class
    Q(FZ11, "storey_class", "can you pull up all the windows on the Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", WINDOW)), f"IfcWindow on Erdgeschoss, {STOREY_DEEP}"),
    Q(FZ11, "storey_class", "how many beams r there on the Dachgeschoss",
      lambda m: count(m.on("Dachgeschoss", "IfcBeam")), f"IfcBeam on Dachgeschoss, {STOREY_DEEP}; count"),
    Q(FZ11, "storey_class", "Which sanitary fixtures are on the ground floor?",
      lambda m: elements(m.on("Erdgeschoss", None, Model.typed("IfcSanitaryTerminalType"))),
      f"elements typed by IfcSanitaryTerminalType (IFC2X3 IfcFlowTerminal: shower, bath, basins, WC) on "
      f"Erdgeschoss (the storey at elevation 0), {STOREY_DEEP}"),
    Q(LB, "storey_class", "I need a list of the desks on Level 1",
      lambda m: elements(m.on("Level 1", "IfcFurnishingElement", Model.type_name_has("desk"))),
      f"IfcFurnishingElement whose name/type name holds 'Desk' (M_Desk:1525 x 762mm) on Level 1, {STOREY_DEEP}"),
    Q(LB, "storey_class", "ceilings on lvl 2?",
      lambda m: elements(m.on("Level 2", "IfcCovering", predefined("CEILING"))),
      f"IfcCovering with PredefinedType CEILING on Level 2, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "windows on 1.OG pls", lambda m: elements(m.on("1.OG", WINDOW)),
      f"IfcWindow (incl. IfcWindowStandardCase) on 1.OG, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "How many slabs does the 2.OG have?", lambda m: count(m.on("2.OG", SLAB)),
      f"IfcSlab (incl. IfcSlabStandardCase: the floor and the roof slab) on 2.OG, {STOREY_DEEP}; count"),
    Q(HE, "storey_class", "show me the boiler in the KG",
      lambda m: elements(m.on("Kellergeschoss", None, Model.typed("IfcBoilerType"))),
      f"KG = Kellergeschoss; elements typed by IfcBoilerType on it, {STOREY_DEEP}"),
    Q(HE, "storey_class", "How many light fittings are in the Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", None, LIGHT)),
      f"elements typed by IfcLightFixtureType on Dachgeschoss, {STOREY_DEEP}; count"),
    Q(WP, "storey_class", "list every valve on Ebene 0", lambda m: elements(m.on("Ebene 0", "IfcValve")),
      f"IfcValve on Ebene 0, {STOREY_DEEP}"),
    Q(DHW, "storey_class", "What sanitary terminals are on My Storey?",
      lambda m: elements(m.on("My Storey", "IfcSanitaryTerminal")),
      f"IfcSanitaryTerminal (basin and bath) on My Storey, {STOREY_DEEP}"),
    Q(R3, "storey_class", "Which pieces of furniture are on My Storey?",
      lambda m: elements(m.on("My Storey", "IfcFurniture")), f"IfcFurniture on My Storey, {STOREY_DEEP}"),
    Q(SH, "storey_class", "Show me the curtain walls on the GF",
      lambda m: elements(m.on("Ground Floor", "IfcCurtainWall")),
      f"GF = Ground Floor; IfcCurtainWall on it, {STOREY_DEEP}"),
    Q(INS, "storey_class", "What stairs are there in the Keller?", lambda m: elements(m.on("Keller", "IfcStair")),
      f"IfcStair on Keller, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "Could you tell me how many columns are on lvl 2?",
      lambda m: count(m.on("Level 2", "IfcColumn")), f"IfcColumn on Level 2, {STOREY_DEEP}; count"),
    Q(HOM, "storey_class", "slabs in the attic", lambda m: elements(m.on("attic", SLAB)),
      f"IfcSlab on storey attic, {STOREY_DEEP}"),
    Q(FZ20, "storey_class", "How many IfcMember elements sit on the Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", "IfcMember")), f"IfcMember on Dachgeschoss, {STOREY_DEEP}; count"),
    # ================================================================ comparisons
    Q(HE, "comparison", "Which floor has the most power sockets?",
      lambda m: argmax_storey(m, per_storey(m, None, SOCKET)),
      f"storey with the most elements typed by IfcOutletType POWEROUTLET, {STOREY_DEEP}"),
    Q(HE, "comparison", "Does the Kellergeschoss have fewer light fittings than the Dachgeschoss?",
      lambda m: more(m.on("Dachgeschoss", None, LIGHT), m.on("Kellergeschoss", None, LIGHT)),
      f"count of elements typed by IfcLightFixtureType on Kellergeschoss < count on Dachgeschoss, {STOREY_DEEP}"),
    Q(HE, "comparison", "more than 5 radiators in the DG?",
      lambda m: yes_no(len(m.on("Dachgeschoss", None, RADIATOR)) > 5),
      f"DG = Dachgeschoss; count of elements typed by IfcSpaceHeaterType on it > 5, {STOREY_DEEP}"),
    Q(EDC, "comparison", "What storey has the smallest number of walls?",
      lambda m: argmax_storey(m, per_storey(m, WALL), fewest=True),
      f"storey with the smallest number of IfcWall, {STOREY_DEEP}"),
    Q(EDC, "comparison", "Are there at least 40 walls on the 2.OG?",
      lambda m: yes_no(len(m.on("2.OG", WALL)) >= 40), f"count of IfcWall on 2.OG >= 40, {STOREY_DEEP}"),
    Q(LB, "comparison", "Does Level 1 have twice as many windows as Level 2?",
      lambda m: yes_no(len(m.on("Level 1", WINDOW)) >= 2 * len(m.on("Level 2", WINDOW))),
      f"count of IfcWindow on Level 1 >= 2 x count on Level 2 ({STOREY_DEEP}): 28 and 14, so yes whether "
      "'twice' is read as exactly or at least twice"),
    Q(LB, "comparison", "which level has more walls, 1 or 2?",
      lambda m: argmax_storey(m, per_storey(m, WALL, names=["Level 1", "Level 2"])),
      f"of Level 1 and Level 2, the storey with more IfcWall, {STOREY_DEEP}"),
    Q(FZ11, "comparison", "On which storey are most of the beams?",
      lambda m: argmax_storey(m, per_storey(m, "IfcBeam")), f"storey with the most IfcBeam, {STOREY_DEEP}"),
    Q(FZ11, "comparison", "Which room is larger, the Bad or the Buero?",
      lambda m: extreme([m.space(long="Bad"), m.space(long="Buero")], BQ_NFA, "m²"),
      "of the spaces with LongName 'Bad' and 'Buero', the one with the larger BaseQuantities.NetFloorArea"),
    Q(INS, "comparison", "which storey has the fewest windows",
      lambda m: argmax_storey(m, per_storey(m, WINDOW), fewest=True),
      f"storey with the smallest number of IfcWindow among all five, {STOREY_DEEP}"),
    Q(INS, "comparison", "Does the basement have more rooms than the Dachgeschoss?",
      lambda m: more(m.on("Keller", SPACE), m.on("Dachgeschoss", SPACE)),
      "basement = Keller; count of IfcSpace aggregated into Keller > count into Dachgeschoss"),
    Q(HOM, "comparison", "What floor has the largest number of windows?",
      lambda m: argmax_storey(m, per_storey(m, WINDOW)), f"storey with the most IfcWindow, {STOREY_DEEP}"),
    Q(FZ20, "comparison", "Are there more than 3 beams on the Dachgeschoss?",
      lambda m: yes_no(len(m.on("Dachgeschoss", "IfcBeam")) > 3),
      f"count of IfcBeam on Dachgeschoss > 3 (strictly), {STOREY_DEEP}"),
    Q(WP, "comparison", "Are there more valves than pumps in this plant?",
      lambda m: more(m.of("IfcValve"), m.of("IfcPump")), "count of IfcValve > count of IfcPump, whole model"),
    Q(R3, "comparison", "are there more windows than doors?", lambda m: more(m.of(WINDOW), m.of(DOOR)),
      "count of IfcWindow > count of IfcDoor, whole model"),
    Q(SH, "comparison", "Does the ground floor have more than 10 pieces of furniture?",
      lambda m: yes_no(len(m.on("Ground Floor", "IfcFurniture")) > 10),
      f"count of IfcFurniture on Ground Floor > 10, {STOREY_DEEP} (all of it sits in the storey's spaces)"),
    Q(DEL, "comparison", "which level has the most receptacles?",
      lambda m: argmax_storey(m, per_storey(m, None, SOCKET)),
      f"storey with the most elements typed by IfcOutletType POWEROUTLET ('Duplex Receptacle'), {STOREY_DEEP}"),
    # ================================================================ edge cases
    Q(IOH, "edge", "How many windows does the house have?", lambda m: count(m.of(WINDOW)),
      "every IfcWindow in the model (no storey asked); count"),
    Q(IOH, "edge", "how many rooms are in this model", lambda m: count(m.spaces()),
      "every IfcSpace: the model has none -> count 0"),
    Q(IOH, "edge", "Which windows are on the second floor?", lambda m: decline(),
      "the model has a single, unnamed storey: no second floor -> decline"),
    Q(IOH, "edge", "List all IfcStairFlight elements", lambda m: elements(m.of("IfcStairFlight")),
      "every IfcStairFlight (explicit IFC class)"),
    Q(DHW, "edge", "Is there an IfcBoiler in this model?", lambda m: yes_no(bool(m.of("IfcBoiler"))),
      "any IfcBoiler occurrence (IFC4 has the class; the model holds one, WHT-80)"),
    Q(DHW, "edge", "how many pumps are there", lambda m: count(m.of("IfcPump")),
      "every IfcPump: none in this model -> count 0"),
    Q(DHW, "edge", "Which pipes are on level 3?", lambda m: decline(),
      "the model has one storey, My Storey: no 'level 3' -> decline"),
    Q(HE, "edge", "how many radiatiors are in the Dachgeschoss",
      lambda m: count(m.on("Dachgeschoss", None, RADIATOR)),
      f"typo for radiators: elements typed by IfcSpaceHeaterType on Dachgeschoss, {STOREY_DEEP}; count"),
    Q(HE, "edge", "List the windows on the EG", lambda m: elements(m.on("EG", WINDOW)),
      f"IfcWindow on EG ({STOREY_DEEP}): an MEP model without windows -> nothing"),
    Q(HE, "edge", "How many sockets are in the 2. Untergeschoss?", lambda m: decline(),
      "no storey '2. Untergeschoss' (storeys: Kellergeschoss, EG, Obergeschoss, Dachgeschoss) -> decline"),
    Q(WP, "edge", "Which pumps are on Ebene 1?", lambda m: decline(),
      "the model has one storey, Ebene 0: no 'Ebene 1' -> decline"),
    Q(WP, "edge", "How many IfcBoiler are there?", lambda m: count(m.of("IfcBoiler")),
      "explicit class IfcBoiler: none (the heat generator is the IfcUnitaryEquipment 'Wärmepumpe') -> count 0"),
    Q(R3, "edge", "list the IfcBuildingElementProxy elements", lambda m: elements(m.of("IfcBuildingElementProxy")),
      "every IfcBuildingElementProxy (one entourage figure, contained in no storey)"),
    Q(LB, "edge", "What's on Level 3?", lambda m: decline(),
      "no storey 'Level 3' (storeys: Level 1, Level 2) -> decline"),
    Q(EDC, "edge", "How many dors on EG?", lambda m: count(m.on("EG", DOOR)),
      f"typo for doors: IfcDoor on EG, {STOREY_DEEP}; count"),
    Q(SH, "edge", "how many stairs are on the ground floor", lambda m: count(m.on("Ground Floor", "IfcStair")),
      f"IfcStair on Ground Floor ({STOREY_DEEP}): none -> count 0"),
    Q(RQ, "edge", "Which dooors are in the building?", lambda m: elements(m.of(DOOR)),
      "typo for doors: every IfcDoor"),
    Q(FZ11, "edge", "What's in the cellar?", lambda m: decline(),
      "no basement storey (storeys: Erdgeschoss, Dachgeschoss) -> decline"),
    # ================================================================ rooms by name, number, function
    Q(FZ11, "rooms", "which room has the bathtub?",
      lambda m: elements(spaces_holding(m, lambda e: "badewanne" in (e.Name or "").lower())),
      "the IfcSpace containing the element named 'Badewanne' (the bath)"),
    Q(FZ11, "rooms", "What is in the Küche?", lambda m: elements(m.in_space(m.space(long="Küche"))),
      "elements contained in the space with LongName 'Küche'"),
    Q(FZ11, "rooms", "Which doors does the Schlafzimmer have?",
      lambda m: elements(m.bounding(m.space(long="Schlafzimmer"), DOOR)),
      "IfcDoor bounding the space with LongName 'Schlafzimmer' (IfcRelSpaceBoundary)"),
    Q(FZ11, "rooms", "what windows does the office have",
      lambda m: elements(m.bounding(m.space(long="Buero"), WINDOW)),
      "office = the space with LongName 'Buero' (the only one); IfcWindow bounding it (IfcRelSpaceBoundary)"),
    Q(FZ11, "rooms", "On which storey is room 7?", lambda m: storeys([m.storey_name(m.space("7"))]),
      "storey of the space named 7 (Galerie)"),
    Q(FZ20, "rooms", "how many windows does the living room have",
      lambda m: count(m.bounding(m.space(long="Wohnen"), WINDOW)),
      "living room = the space with LongName 'Wohnen'; IfcWindow bounding it (IfcRelSpaceBoundary); count"),
    Q(R3, "rooms", "What doors does the Kitchen have?", lambda m: elements(m.bounding(m.space("Kitchen"), DOOR)),
      "IfcDoor bounding the space named Kitchen (IfcRelSpaceBoundary)"),
    Q(R3, "rooms", "Which windows belong to Wohnen?", lambda m: elements(m.bounding(m.space("Wohnen"), WINDOW)),
      "IfcWindow bounding the space named Wohnen (IfcRelSpaceBoundary)"),
    Q(RQ, "rooms", "Which doors does room 9 have?", lambda m: elements(m.bounding(m.space("9"), DOOR)),
      "IfcDoor bounding the space named 9 (IfcRelSpaceBoundary)"),
    Q(RQ, "rooms", "what windows are in small office no. 4?", lambda m: elements(m.bounding(m.space("4"), WINDOW)),
      "IfcWindow bounding the space named 4 (LongName 'small office') (IfcRelSpaceBoundary)"),
    Q(LB, "rooms", "what furniture is in room 7?",
      lambda m: elements(m.in_space(m.space("7"), "IfcFurnishingElement")),
      "IfcFurnishingElement contained in the space named 7"),
    Q(LB, "rooms", "Which rooms have no desks?",
      lambda m: elements(m.spaces(lambda s: not any(Model.type_name_has("desk")(e) for e in m.in_space(s)))),
      "IfcSpace that contain no element whose type name holds 'Desk'"),
    Q(EDC, "rooms", "How many doors does room 26 have?", lambda m: count(m.bounding(m.space("26"), DOOR)),
      "IfcDoor bounding the space named 26 (IfcRelSpaceBoundary); count"),
    Q(EDC, "rooms", "Which windows are in room 31?", lambda m: elements(m.bounding(m.space("31"), WINDOW)),
      "IfcWindow bounding the space named 31 (IfcRelSpaceBoundary)"),
    Q(EDC, "rooms", "Where's the kitchen?", lambda m: decline(),
      "the spaces carry only numbers (LongName 'oldSpaceGuids_'): no space names a kitchen -> decline"),
    Q(INS, "rooms", "Which floor is the caretaker's office (Hausmeister) on?",
      lambda m: storeys([m.storey_name(m.space(long="Buero Hausmeister"))]),
      "storey of the space with LongName 'Buero Hausmeister'"),
    Q(INS, "rooms", "List the plant rooms", lambda m: elements(m.spaces(m.named("technikraum"))),
      "plant rooms = the spaces whose LongName holds 'Technikraum'"),
    Q(INS, "rooms", "which windows does room 101 have",
      lambda m: elements(m.bounding(m.space("101"), WINDOW)),
      "IfcWindow bounding the space named 101 (IfcRelSpaceBoundary)"),
    Q(HOM, "rooms", "What windows does the living room have?",
      lambda m: elements(m.bounding(m.space("Living1"), WINDOW)),
      "IfcWindow bounding the space named Living1 (IfcRelSpaceBoundary)"),
    Q(SH, "rooms", "What's in the bedroom?", lambda m: elements(m.in_space(m.space(long="Bedroom"))),
      "elements contained in the space with LongName 'Bedroom'"),
    Q(SH, "rooms", "does the sample house have a kitchen?", lambda m: yes_no(bool(m.spaces(m.named("kitchen")))),
      "any IfcSpace whose Name or LongName holds 'Kitchen' (spaces: Living room, Bedroom, Entrance hall, Roof)"),
    Q(DUP, "rooms", "which room is unit B's kitchen?",
      lambda m: elements(m.spaces(lambda s: m.named("kitchen")(s) and (s.Name or "").startswith("B"))),
      "the space whose LongName holds 'Kitchen' and whose Name starts with B (unit B)"),
    Q(HE, "rooms", "What is in the Heizungsraum?", lambda m: decline(),
      "the model has no IfcSpace at all: no room 'Heizungsraum' -> decline (never list a storey or the model)"),
    Q(WP, "rooms", "Which room is the heat pump in?", lambda m: decline(),
      "the model has no IfcSpace: the heat pump is contained in the storey only -> decline"),
    # ================================================================ property / attribute filters
    Q(FZ11, "qualifiers", "Which walls on the Erdgeschoss are load-bearing?",
      lambda m: elements(m.on("Erdgeschoss", WALL, load_bearing("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Erdgeschoss, {STOREY_DEEP}"),
    Q(FZ11, "qualifiers", "internal doors wider than 800 mm",
      lambda m: elements(m.of(DOOR, both(ext("Pset_DoorCommon", False), gt("OverallWidth", 0.8)))),
      "IfcDoor with Pset_DoorCommon.IsExternal = FALSE and OverallWidth > 0.8 (model length unit: m)"),
    Q(FZ11, "qualifiers", "Are any of the windows narrower than 1.5 m?",
      lambda m: yes_no(bool(m.of(WINDOW, lt("OverallWidth", 1.5)))),
      "any IfcWindow with OverallWidth < 1.5 (m): the two round windows are 1.0 m -> yes"),
    Q(FZ11, "qualifiers", "which doors are taller than 2.2 m", lambda m: elements(m.of(DOOR, gt("OverallHeight", 2.2))),
      "IfcDoor with OverallHeight > 2.2 (m)"),
    Q(FZ11, "qualifiers", "Which stairs are fire exits?",
      lambda m: elements(m.of("IfcStair", prop_is("Pset_StairCommon", "FireExit", True))),
      "IfcStair with Pset_StairCommon.FireExit = TRUE"),
    Q(FZ11, "qualifiers", "Which rooms are barrier-free?",
      lambda m: elements(m.spaces(prop_is("Pset_SpaceCommon", "HandicapAccessible", True))),
      "barrier-free = Pset_SpaceCommon.HandicapAccessible = TRUE; IfcSpace with it"),
    Q(FZ11, "qualifiers", "Which doors on the EG are fire rated EI 30?", lambda m: decline(),
      "no door carries a FireRating (Pset_DoorCommon holds only IsExternal, ThermalTransmittance, FireExit) -> "
      "the qualifier cannot be grounded -> decline (never list the EG's doors)"),
    Q(FZ20, "qualifiers", "Which walls are load bearing on the Erdgeschoss?", lambda m: decline(),
      "no wall carries LoadBearing (Pset_WallCommon holds only ThermalTransmittance) -> cannot ground "
      "'load bearing' -> decline (AC11-FZK-Haus, the same house, does hold it)"),
    Q(LB, "qualifiers", "doors narrower than 1 m on level 1",
      lambda m: elements(m.on("Level 1", DOOR, lt("OverallWidth", 1000.0))),
      f"IfcDoor with OverallWidth < 1000 (model length unit: mm) on Level 1, {STOREY_DEEP}"),
    Q(LB, "qualifiers", "Which slabs are load-bearing?",
      lambda m: elements(m.of(SLAB, load_bearing("Pset_SlabCommon"))),
      "IfcSlab with Pset_SlabCommon.LoadBearing = TRUE: the floor slabs hold FALSE, the roof slab no value -> none"),
    Q(EDC, "qualifiers", "list the exterior doors", lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon"))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE: all 95 doors hold FALSE -> none"),
    Q(EDC, "qualifiers", "windows on the EG that are wider than 1.2 m",
      lambda m: elements(m.on("EG", WINDOW, gt("OverallWidth", 1.2))),
      f"IfcWindow with OverallWidth > 1.2 (m) on EG, {STOREY_DEEP}"),
    Q(EDC, "qualifiers", "Is any window taller than 1 m?",
      lambda m: yes_no(bool(m.of(WINDOW, gt("OverallHeight", 1.0)))),
      "any IfcWindow with OverallHeight > 1.0 (m): every window is exactly 1.0 m high -> no"),
    Q(SH, "qualifiers", "Which walls are load bearing?",
      lambda m: elements(m.of(WALL, load_bearing("Pset_WallCommon"))),
      "IfcWall with Pset_WallCommon.LoadBearing = TRUE: all five hold FALSE -> none"),
    Q(SH, "qualifiers", "external windows wider than 1.5 m",
      lambda m: elements(m.of(WINDOW, both(ext("Pset_WindowCommon"), gt("OverallWidth", 1500.0)))),
      "IfcWindow with Pset_WindowCommon.IsExternal = TRUE and OverallWidth > 1500 (model length unit: mm)"),
    Q(SH, "qualifiers", "Which furniture is made of birch?",
      lambda m: elements(m.of("IfcFurniture", Model.material_has("birch"))),
      "IfcFurniture with a material whose name holds 'Birch' (Wood - Birch)"),
    Q(HE, "qualifiers", "list the directional light fixtures",
      lambda m: elements(m.of(None, Model.typed("IfcLightFixtureType", "DIRECTIONSOURCE"))),
      "elements typed by IfcLightFixtureType with PredefinedType DIRECTIONSOURCE"),
    Q(INS, "qualifiers", "Which doors on the Erdgeschoss are fire-rated?", lambda m: decline(),
      "no door carries a FireRating (Pset_DoorCommon has none) -> cannot ground 'fire-rated' -> decline"),
    Q(IOH, "qualifiers", "Which walls are external?", lambda m: decline(),
      "the model holds no property sets at all: nothing states IsExternal -> decline (never list the 4 walls)"),
    # ================================================================ quantities
    Q(FZ11, "quantities", "add up the net floor areas of the rooms on the EG",
      lambda m: total(m.on("Erdgeschoss", SPACE), BQ_NFA, "m²"),
      "EG = Erdgeschoss; sum of BaseQuantities.NetFloorArea over its IfcSpace (m²)"),
    Q(FZ11, "quantities", "How long are the external walls on the Erdgeschoss in total?",
      lambda m: total(m.on("Erdgeschoss", WALL, ext("Pset_WallCommon")), q("BaseQuantities", "Length"), "m"),
      f"sum of BaseQuantities.Length over the IfcWall with Pset_WallCommon.IsExternal = TRUE on Erdgeschoss, "
      f"{STOREY_DEEP} (m)"),
    Q(FZ11, "quantities", "volume of the Galerie?",
      lambda m: number(Model.qty(m.space(long="Galerie"), "BaseQuantities", "NetVolume"), "m³",
                       [m.space(long="Galerie")]),
      "BaseQuantities.NetVolume of the space with LongName 'Galerie' (m³; GrossVolume is the same)"),
    Q(FZ11, "quantities", "What is the total volume of the roof slabs?",
      lambda m: total(m.of(SLAB, predefined("ROOF")), q("BaseQuantities", "NetVolume"), "m³"),
      "sum of BaseQuantities.NetVolume over the IfcSlab with PredefinedType ROOF (m³; gross = net)"),
    Q(FZ11, "quantities", "Which space has the smallest floor area?",
      lambda m: extreme(m.spaces(), BQ_NFA, "m²", smallest=True),
      "the IfcSpace (any, the Flur included) with the smallest BaseQuantities.NetFloorArea (gross = net here)"),
    Q(FZ20, "quantities", "total window area on the Erdgeschoss",
      lambda m: total(m.on("Erdgeschoss", WINDOW), q("BaseQuantities", "Area"), "m²"),
      f"sum of BaseQuantities.Area over the IfcWindow on Erdgeschoss, {STOREY_DEEP} (m²)"),
    Q(FZ20, "quantities", "How high is the Galerie?",
      lambda m: number(Model.qty(m.space(long="Galerie"), "BaseQuantities", "Height"), "m",
                       [m.space(long="Galerie")]),
      "BaseQuantities.Height of the space with LongName 'Galerie' (m; ClearHeight is the same)"),
    Q(LB, "quantities", "What's the total net floor area of all rooms on Level 1?",
      lambda m: total(m.on("Level 1", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace on Level 1 (m²)"),
    Q(LB, "quantities", "which room on Level 1 has the largest net floor area?",
      lambda m: extreme(m.on("Level 1", SPACE), BQ_NFA, "m²"),
      "the IfcSpace(s) on Level 1 with the largest BaseQuantities.NetFloorArea (rooms 1 and 5 tie at 49.92 m²: both)"),
    Q(LB, "quantities", "average window area on Level 1",
      lambda m: mean(m.on("Level 1", WINDOW), q("BaseQuantities", "Area"), "m²"),
      f"mean BaseQuantities.Area of the IfcWindow on Level 1, {STOREY_DEEP} (m²)"),
    Q(EDC, "quantities", "What's the gross volume of all walls on 1.OG?",
      lambda m: total(m.on("1.OG", WALL), q("BaseQuantities", "GrossVolume"), "m³"),
      f"sum of BaseQuantities.GrossVolume over the IfcWall on 1.OG, {STOREY_DEEP} (m³)"),
    Q(EDC, "quantities", "What's the area of the roof slab?",
      lambda m: total(m.of(SLAB, predefined("ROOF")), q("BaseQuantities", "GrossArea"), "m²"),
      "BaseQuantities.GrossArea of the IfcSlab with PredefinedType ROOF (one slab) (m²)"),
    Q(SH, "quantities", "What's the floor area of the bedroom?",
      lambda m: number(BQ_NFA(m.space(long="Bedroom")), "m²", [m.space(long="Bedroom")]),
      "BaseQuantities.NetFloorArea of the space with LongName 'Bedroom' (m²)"),
    Q(SH, "quantities", "total ceiling area on the GF",
      lambda m: total(m.on("Ground Floor", "IfcCovering", predefined("CEILING")),
                      q("BaseQuantities", "GrossCeilingArea"), "m²"),
      f"GF = Ground Floor; sum of BaseQuantities.GrossCeilingArea over its IfcCovering CEILING, {STOREY_DEEP} (m²)"),
    Q(HOM, "quantities", "What's the average room size on the 1stFloor?",
      lambda m: mean(m.on("1stFloor", SPACE), HOM_NFA, "m²"),
      "mean Qto_SpaceBaseQuantities.NetFloorArea of the IfcSpace on 1stFloor (m²)"),
    Q(HOM, "quantities", "how tall is the attic space",
      lambda m: number(Model.qty(m.space("att"), "Qto_SpaceBaseQuantities", "Height"), "m", [m.space("att")]),
      "Qto_SpaceBaseQuantities.Height of the one space on the attic, named 'att' (m)"),
    Q(RQ, "quantities", "total area of all rooms", lambda m: total(m.spaces(), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over every IfcSpace (m²)"),
    Q(RQ, "quantities", "What is the smallest room?", lambda m: extreme(m.spaces(), GSA, "m²", smallest=True),
      "the IfcSpace with the smallest 'GSA Space Areas'.'GSA BIM Area'"),
    Q(R3, "quantities", "What's the combined net volume of all the rooms?",
      lambda m: total(m.spaces(), q("Qto_SpaceBaseQuantities", "NetVolume"), "m³"),
      "sum of Qto_SpaceBaseQuantities.NetVolume over every IfcSpace (m³)"),
    Q(INS, "quantities", "net floor area of the Technikräume, total",
      lambda m: total(m.spaces(m.named("technikraum")), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the spaces whose LongName holds 'Technikraum' (m²)"),
    Q(DUP, "quantities", "What's the combined area of both kitchens?",
      lambda m: total(m.spaces(m.named("kitchen")), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces whose LongName holds 'Kitchen' (A103, B103) (m²)"),
    Q(INS, "quantities", "How big is the largest office on the 1. Obergeschoss?",
      lambda m: extreme_value(m.on("1. Obergeschoss", SPACE, m.named("buero")), BQ_NFA, "m²"),
      "maximum BaseQuantities.NetFloorArea over the IfcSpace on 1. Obergeschoss whose LongName holds 'Buero' (m²), "
      "with the office(s) that have it"),
    # ================================================================ negation
    Q(FZ11, "negation", "Which walls on the Erdgeschoss are not load-bearing?",
      lambda m: elements(m.on("Erdgeschoss", WALL, load_bearing("Pset_WallCommon", False))),
      f"IfcWall with Pset_WallCommon.LoadBearing = FALSE on Erdgeschoss, {STOREY_DEEP}"),
    Q(FZ11, "negation", "rooms on the Erdgeschoss other than the Flur",
      lambda m: elements(m.on("Erdgeschoss", SPACE, lambda s: s.LongName != "Flur")),
      "IfcSpace on Erdgeschoss whose LongName is not 'Flur'"),
    Q(FZ11, "negation", "all doors except the Haustür",
      lambda m: elements(m.of(DOOR, lambda d: d.Name != "Haustuer")),
      "IfcDoor other than the one named 'Haustuer' (the front door, Haustür)"),
    Q(HE, "negation", "How many light fittings are there outside the Dachgeschoss?",
      lambda m: count(m.of(None, both(LIGHT, not_on(m, "Dachgeschoss")))),
      f"elements typed by IfcLightFixtureType on a storey other than Dachgeschoss, {STOREY_DEEP}; count"),
    Q(HE, "negation", "list the power outlets, excluding the Obergeschoss",
      lambda m: elements(m.of(None, both(SOCKET, not_on(m, "Obergeschoss")))),
      f"elements typed by IfcOutletType POWEROUTLET on a storey other than Obergeschoss, {STOREY_DEEP}"),
    Q(HE, "negation", "Which storeys have no radiators?",
      lambda m: storeys(s for s, es in per_storey(m, None, RADIATOR).items() if not es),
      f"storeys with no element typed by IfcSpaceHeaterType, {STOREY_DEEP}"),
    Q(EDC, "negation", "How many walls are there apart from the exterior ones?",
      lambda m: count(m.of(WALL, ext("Pset_WallCommon", False))),
      "IfcWall with Pset_WallCommon.IsExternal = FALSE (every wall holds TRUE or FALSE); count"),
    Q(EDC, "negation", "number of windows not on the EG", lambda m: count(m.of(WINDOW, not_on(m, "EG"))),
      f"IfcWindow on a storey other than EG, {STOREY_DEEP}; count"),
    Q(LB, "negation", "doors apart from the double glass doors",
      lambda m: elements(m.of(DOOR, lambda d: not Model.type_name_has("double")(d))),
      "IfcDoor not typed 'M_Door-Interior-Double-Full Glass-Wood:1500 x 2000mm' (the single-flush doors)"),
    Q(LB, "negation", "rooms on level 1 except rooms 1 and 5",
      lambda m: elements(m.on("Level 1", SPACE, lambda s: s.Name not in ("1", "5"))),
      "IfcSpace on Level 1 whose Name is neither 1 nor 5"),
    Q(SH, "negation", "Furniture that isn't in the living room",
      lambda m: elements(m.of("IfcFurniture", lambda e: m.container.get(e.id()) != m.space(long="Living room"))),
      "IfcFurniture not contained in the space with LongName 'Living room'"),
    Q(SH, "negation", "Which walls aren't external?", lambda m: elements(m.of(WALL, ext("Pset_WallCommon", False))),
      "IfcWall with Pset_WallCommon.IsExternal = FALSE"),
    Q(R3, "negation", "rooms other than the Bad", lambda m: elements(m.spaces(lambda s: s.Name != "Bad")),
      "IfcSpace whose Name is not 'Bad'"),
    Q(DHW, "negation", "What's in the model other than pipe segments and fittings?",
      lambda m: elements(m.of(None, lambda e: not e.is_a("IfcPipeSegment") and not e.is_a("IfcPipeFitting"))),
      "every element (IfcElement without openings/virtual) that is not an IfcPipeSegment or IfcPipeFitting"),
    Q(INS, "negation", "rooms in the Keller that aren't labs",
      lambda m: elements(m.on("Keller", SPACE, lambda s: not m.named("labor")(s))),
      "IfcSpace on Keller whose LongName does not hold 'Labor'"),
    Q(INS, "negation", "How many doors are not on the Erdgeschoss or the 1. Obergeschoss?",
      lambda m: count(m.of(DOOR, not_on(m, "Erdgeschoss", "1. Obergeschoss"))),
      f"IfcDoor on a storey other than Erdgeschoss and 1. Obergeschoss, {STOREY_DEEP}; count"),
    Q(DUP, "negation", "Level 2 spaces excluding the hallways",
      lambda m: elements(m.on("Level 2", SPACE, lambda s: not m.named("hallway")(s))),
      "IfcSpace on Level 2 whose LongName does not hold 'Hallway'"),
    Q(HOM, "negation", "Which rooms on the GroundFloor are not corridors?",
      lambda m: elements(m.on("GroundFloor", SPACE, lambda s: not m.named("corridor")(s))),
      "IfcSpace on GroundFloor whose Name does not hold 'Corridor'"),
    # ================================================================ several storeys
    Q(HE, "multi_storey", "How many radiators are on the KG, the EG and the DG?",
      lambda m: count(m.on(["Kellergeschoss", "EG", "Dachgeschoss"], None, RADIATOR)),
      f"KG = Kellergeschoss, DG = Dachgeschoss; elements typed by IfcSpaceHeaterType on any of the three, "
      f"{STOREY_DEEP}; count"),
    Q(HE, "multi_storey", "distribution boards on EG and OG",
      lambda m: elements(m.on(["EG", "Obergeschoss"], "IfcElectricDistributionPoint")),
      f"OG = Obergeschoss; IfcElectricDistributionPoint on EG or Obergeschoss, {STOREY_DEEP}"),
    Q(HE, "multi_storey", "Power sockets on the EG and in the Obergeschoss - how many in total?",
      lambda m: count(m.on(["EG", "Obergeschoss"], None, SOCKET)),
      f"elements typed by IfcOutletType POWEROUTLET on EG or Obergeschoss, {STOREY_DEEP} (not the antenna and "
      "communication outlets); count"),
    Q(FZ11, "multi_storey", "How many windows are there on both floors combined?",
      lambda m: count(m.on(["Erdgeschoss", "Dachgeschoss"], WINDOW)),
      f"both floors = Erdgeschoss and Dachgeschoss (the model's two storeys); IfcWindow on them, {STOREY_DEEP}; count"),
    Q(FZ11, "multi_storey", "furniture on EG and DG",
      lambda m: elements(m.on(["Erdgeschoss", "Dachgeschoss"], "IfcFurnishingElement")),
      f"IfcFurnishingElement on Erdgeschoss or Dachgeschoss, {STOREY_DEEP}"),
    Q(EDC, "multi_storey", "doors on the 1.OG and 2.OG", lambda m: elements(m.on(["1.OG", "2.OG"], DOOR)),
      f"IfcDoor on 1.OG or 2.OG, {STOREY_DEEP}"),
    Q(EDC, "multi_storey", "Total number of windows on EG, 1.OG and 2.OG?",
      lambda m: count(m.on(["EG", "1.OG", "2.OG"], WINDOW)), f"IfcWindow on the three storeys, {STOREY_DEEP}; count"),
    Q(EDC, "multi_storey", "external walls on EG and 2.OG",
      lambda m: elements(m.on(["EG", "2.OG"], WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on EG or 2.OG, {STOREY_DEEP}"),
    Q(LB, "multi_storey", "slabs on lvl 1 and lvl 2", lambda m: elements(m.on(["Level 1", "Level 2"], SLAB)),
      f"IfcSlab on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(LB, "multi_storey", "How many ceilings are there on the two levels altogether?",
      lambda m: count(m.on(["Level 1", "Level 2"], "IfcCovering", predefined("CEILING"))),
      f"IfcCovering CEILING on Level 1 or Level 2, {STOREY_DEEP}; count"),
    Q(INS, "multi_storey", "How many rooms on the Keller and the Dachgeschoss together?",
      lambda m: count(m.on(["Keller", "Dachgeschoss"], SPACE)),
      "IfcSpace aggregated into Keller or Dachgeschoss; count"),
    Q(INS, "multi_storey", "walls on UG and EG", lambda m: elements(m.on(["Keller", "Erdgeschoss"], WALL)),
      f"UG = Keller, EG = Erdgeschoss; IfcWall on them, {STOREY_DEEP}"),
    Q(DUP, "multi_storey", "Which doors are on Level 1 and the Roof?",
      lambda m: elements(m.on(["Level 1", "Roof"], DOOR)), f"IfcDoor on Level 1 or Roof, {STOREY_DEEP}"),
    Q(HOM, "multi_storey", "how many windows on the 1stFloor and in the attic",
      lambda m: count(m.on(["1stFloor", "attic"], WINDOW)), f"IfcWindow on 1stFloor or attic, {STOREY_DEEP}; count"),
    Q(SH, "multi_storey", "all windows and doors on the Ground Floor and the Roof",
      lambda m: elements(m.on(["Ground Floor", "Roof"], (WINDOW, DOOR))),
      f"IfcWindow and IfcDoor on Ground Floor or Roof, {STOREY_DEEP}"),
    Q(FZ20, "multi_storey", "railings on the Erdgeschoss and Dachgeschoss",
      lambda m: elements(m.on(["Erdgeschoss", "Dachgeschoss"], "IfcRailing")),
      f"IfcRailing on Erdgeschoss or Dachgeschoss, {STOREY_DEEP}"),
    Q(DEL, "multi_storey", "How many receptacles on Level 1 and Level 2 together?",
      lambda m: count(m.on(["Level 1", "Level 2"], None, SOCKET)),
      f"elements typed by IfcOutletType POWEROUTLET on Level 1 or Level 2, {STOREY_DEEP}; count"),
    Q(FZ20, "multi_storey", "net floor area of the Erdgeschoss and the Dachgeschoss together",
      lambda m: total(m.on(["Erdgeschoss", "Dachgeschoss"], SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace on Erdgeschoss or Dachgeschoss (m²)"),
    # ================================================================ German
    Q(FZ11, "german", "Welche Fenster hat das Schlafzimmer?",
      lambda m: elements(m.bounding(m.space(long="Schlafzimmer"), WINDOW)),
      "IfcWindow bounding the space with LongName 'Schlafzimmer' (IfcRelSpaceBoundary)"),
    Q(FZ11, "german", "Wie viele tragende Wände gibt es im Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", WALL, load_bearing("Pset_WallCommon"))),
      f"tragend = Pset_WallCommon.LoadBearing = TRUE; IfcWall with it on Dachgeschoss, {STOREY_DEEP}; count"),
    Q(FZ11, "german", "Welche Fläche hat die Küche?",
      lambda m: number(BQ_NFA(m.space(long="Küche")), "m²", [m.space(long="Küche")]),
      "BaseQuantities.NetFloorArea of the space with LongName 'Küche' (m²; gross = net)"),
    Q(FZ11, "german", "Zeig mir alle Möbel in der Küche",
      lambda m: elements(m.in_space(m.space(long="Küche"), "IfcFurnishingElement")),
      "IfcFurnishingElement contained in the space with LongName 'Küche'"),
    Q(HE, "german", "Wo befindet sich der Heizkessel?",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, Model.typed("IfcBoilerType"))),
      "Heizkessel = boiler: storeys of the elements typed by IfcBoilerType"),
    Q(HE, "german", "Wie viele Leuchten hat das Obergeschoss?", lambda m: count(m.on("Obergeschoss", None, LIGHT)),
      f"Leuchten = elements typed by IfcLightFixtureType on Obergeschoss, {STOREY_DEEP}; count"),
    Q(HE, "german", "Gibt es im Kellergeschoss mehr Lichtschalter als im Dachgeschoss?",
      lambda m: more(m.on("Kellergeschoss", None, SWITCH), m.on("Dachgeschoss", None, SWITCH)),
      f"count of elements typed by IfcSwitchingDeviceType TOGGLESWITCH on Kellergeschoss > on Dachgeschoss, "
      f"{STOREY_DEEP}"),
    Q(WP, "german", "Welche Ventile gibt es?", lambda m: elements(m.of("IfcValve")), "every IfcValve"),
    Q(WP, "german", "Liste alle Fußbodenheizkreise auf", lambda m: elements(m.of("IfcSpaceHeater")),
      "the underfloor heating circuits: every IfcSpaceHeater (all ten typed 'FBH Kreis:FBH')"),
    Q(EDC, "german", "Wie viele Fenster gibt es im 2.OG?", lambda m: count(m.on("2.OG", WINDOW)),
      f"IfcWindow on 2.OG, {STOREY_DEEP}; count"),
    Q(EDC, "german", "Welche Geschossdecken liegen im 1.OG?", lambda m: elements(m.on("1.OG", SLAB)),
      f"Geschossdecke = IfcSlab; on 1.OG, {STOREY_DEEP}"),
    Q(INS, "german", "Welche Räume im Keller sind Labore?",
      lambda m: elements(m.on("Keller", SPACE, m.named("labor"))), "IfcSpace on Keller whose LongName holds 'Labor'"),
    Q(INS, "german", "Wie viele Türen gibt es im 2. OG?", lambda m: count(m.on("2. Obergeschoss", DOOR)),
      f"2. OG = 2. Obergeschoss; IfcDoor on it, {STOREY_DEEP}; count"),
    Q(FZ20, "german", "Gesamtfläche der Fenster im Dachgeschoss?",
      lambda m: total(m.on("Dachgeschoss", WINDOW), q("BaseQuantities", "Area"), "m²"),
      f"sum of BaseQuantities.Area over the IfcWindow on Dachgeschoss, {STOREY_DEEP} (m²)"),
    Q(SH, "german", "Welche Türen sind Außentüren?", lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon"))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(R3, "german", "Welche Fenster hat die Küche?", lambda m: elements(m.bounding(m.space("Kitchen"), WINDOW)),
      "Küche = the space named Kitchen; IfcWindow bounding it (IfcRelSpaceBoundary)"),
    Q(DHW, "german", "Gibt es ein Waschbecken?",
      lambda m: yes_no(bool(m.of("IfcSanitaryTerminal", predefined("WASHHANDBASIN")))),
      "any IfcSanitaryTerminal with PredefinedType WASHHANDBASIN (BAS-01)"),
    Q(IOH, "german", "Wie viele Fenster hat das Haus?", lambda m: count(m.of(WINDOW)), "every IfcWindow; count"),
    # ================================================================ refuse
    Q(IOH, "refuse", "Make the south wall 500 mm thicker", lambda m: decline(), "a write request (modify) -> decline"),
    Q(SH, "refuse", "What will it cost to re-carpet the bedroom?", lambda m: decline(),
      "cost: no cost data (IfcCostItem/IfcCostValue) in the model -> decline"),
    Q(FZ11, "refuse", "Who lives in this house?", lambda m: decline(),
      "occupants are not held by the model (no IfcActor/IfcOccupant) -> decline"),
    Q(FZ11, "refuse", "When was the bathroom last renovated?", lambda m: decline(),
      "history / works: no IfcTask, IfcWorkSchedule or date on the space -> decline"),
    Q(HE, "refuse", "Switch on the lights in the Dachgeschoss", lambda m: decline(),
      "an operation on the building, not a question the file can answer -> decline"),
    Q(HE, "refuse", "Which radiators are too small for their rooms?", lambda m: decline(),
      "needs heat loads and rooms the model does not hold (no spaces, no heat output values) -> decline"),
    Q(WP, "refuse", "Replace the heat pump with a gas boiler", lambda m: decline(), "a write request -> decline"),
    Q(WP, "refuse", "What's the COP of the heat pump?", lambda m: decline(),
      "the heat pump ('Wärmepumpe', IfcUnitaryEquipment) carries no property set: no COP -> decline"),
    Q(EDC, "refuse", "Which offices get the most daylight?", lambda m: decline(),
      "daylight is not held by the model (and no space is named an office) -> decline"),
    Q(EDC, "refuse", "Schedule a fire drill on the 2.OG for next Tuesday", lambda m: decline(),
      "a scheduling request, not a model question -> decline"),
    Q(LB, "refuse", "Which rooms are noisy?", lambda m: decline(),
      "noise is not held by the model -> cannot ground 'noisy' -> decline (never list all rooms)"),
    Q(LB, "refuse", "How much did the desks on Level 1 cost us?", lambda m: decline(),
      "cost: no cost data in the model -> decline"),
    Q(RQ, "refuse", "Assign the small offices to the sales team", lambda m: decline(),
      "a write / allocation request about people -> decline"),
    Q(R3, "refuse", "Is the sofa comfortable?", lambda m: decline(), "an opinion the model cannot hold -> decline"),
    Q(DHW, "refuse", "What's the water temperature in the boiler right now?", lambda m: decline(),
      "live sensor data is not in an IFC file -> decline"),
    Q(INS, "refuse", "Which rooms on the Erdgeschoss look onto the courtyard?", lambda m: decline(),
      "views / a courtyard are not held by the model -> decline (never list the Erdgeschoss' rooms)"),
    Q(DUP, "refuse", "How long will it take to build level 2?", lambda m: decline(),
      "a schedule question: no IfcTask/IfcWorkSchedule -> decline"),
    Q(HOM, "refuse", "Copy the kitchen to the 1stFloor", lambda m: decline(), "a write request -> decline"),
    Q(DEL, "refuse", "Which receptacles are overloaded?", lambda m: decline(),
      "live electrical load is not in the model -> decline"),
    Q(FZ20, "refuse", "Welche Fenster sind einbruchhemmend?", lambda m: decline(),
      "burglar resistance: no property on the windows states it (Pset_WindowCommon holds ThermalTransmittance "
      "and empty ratings) -> decline (never list all windows)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "heldout2")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
