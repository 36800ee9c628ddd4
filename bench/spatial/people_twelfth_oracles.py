"""people_twelfth.json: a twelfth blind question set (issue 22), four phrasings per intent, oracles in IfcOpenShell.

    python bench/spatial/people_twelfth_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Written blind (see bench/spatial/README.md, section "people_twelfth.json"): every intent is one need asked in four
phrasings, (a) a terse fragment or chat line, (b) a full polite question, (c) a real message with context (e-mail,
FM ticket, chat, voice memo, forwarded mail) and (d) another voice (non-native English, typos, abbreviations,
passive, German). The four share one oracle, computed once per intent with plain IfcOpenShell through the walks of
``people_oracles.Model`` (storey-deep containment; "in room X" = contained in the space; "the doors of room X" =
its IfcRelSpaceBoundary elements). A decline asserts its premise in code (``no_storey``, ``no_text``,
``no_property``, ``no_entities``, ``exists``), so a model that holds what the decline denies fails loudly.
``--check`` writes nothing and exits 1 when the committed file differs, 2 without the models.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from people_oracles import (  # noqa: E402
    STOREY_DEEP,
    Model,
    Oracle,
    count,
    decline,
    elements,
    number,
    set_main,
    storeys,
    total,
    yes_no,
)

DEFAULT_OUT = HERE / "people_twelfth.json"

DUP = "Duplex_A_20110907.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
FZK20 = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
SH = "Ifc4_SampleHouse.ifc"
HOM = "ExampleHOM.ifc"
LB = "LargeBuilding.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
HE = "Heizung-Elektro_080729.ifc"
DHW = "domestic-hot-water.ifc"
SIG = "linear-placement-of-signal.ifc"
OPEN = "IfcOpenHouse_IFC4.ifc"

COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar")


# --- decline premises (each raises ValueError when the model holds what the decline denies) -------------------------

def no_storey(m: Model, name: str) -> Oracle:
    """No storey is called ``name`` (Name or LongName, case- and space-insensitive)."""
    key = name.replace(" ", "").lower()
    for s in m.f.by_type("IfcBuildingStorey"):
        for text in (s.Name, s.LongName):
            if text and text.replace(" ", "").lower() == key:
                raise ValueError(f"storey {name!r} does exist")
    return decline()


def _strings(m: Model) -> Iterable[str]:
    """Every string attribute value of the model (GlobalIds aside), wrapped labels / texts included."""
    for entity in m.f:
        for i, value in enumerate(entity):
            if isinstance(value, str):
                if entity.attribute_name(i) != "GlobalId":
                    yield value
            elif isinstance(value, ifcopenshell.entity_instance) and isinstance(
                    getattr(value, "wrappedValue", None), str):
                yield value.wrappedValue


_RAW: dict[int, tuple[Any, str]] = {}  # id(file) -> (the file, kept alive so its id is never reused; its text)


def _step(word: str) -> str:
    """``word`` as a STEP string spells it (non-ASCII letters as \\X2\\hhhh\\X0\\), lower-cased."""
    return "".join(c if ord(c) < 128 else f"\\x2\\{ord(c):04x}\\x0\\" for c in word.lower())


def no_text(m: Model, *words: str) -> Oracle:
    """No string attribute of any entity (GlobalIds aside) holds any of ``words`` (case-insensitive).

    A word absent from the file's STEP text is absent from every attribute (the fast path); a word present there
    is looked for attribute by attribute, so one found only inside a GlobalId does not count."""
    low = [w.lower() for w in words]
    if id(m.f) not in _RAW:
        _RAW[id(m.f)] = (m.f, m.f.to_string().lower())
    raw = _RAW[id(m.f)][1]
    if not any(_step(w) in raw for w in low):
        return decline()
    for text in _strings(m):
        hit = next((w for w in low if w in text.lower()), None)
        if hit is not None:
            raise ValueError(f"the model holds text with {hit!r}: {text[:80]!r}")
    return decline()


def no_property(m: Model, *words: str) -> Oracle:
    """No property, quantity or property-set name holds any of ``words`` (case-insensitive)."""
    low = [w.lower() for w in words]
    names = [p.Name for p in m.f.by_type("IfcProperty")]
    names += [q.Name for q in m.f.by_type("IfcPhysicalQuantity")]
    names += [p.Name for p in m.f.by_type("IfcPropertySetDefinition")]
    for name in names:
        if name and any(w in name.lower() for w in low):
            raise ValueError(f"the model holds a property named {name!r}")
    return decline()


def no_entities(m: Model, classes: Iterable[str]) -> Oracle:
    for name in classes:
        if m.by_type(name):
            raise ValueError(f"the model holds {name} instances")
    return decline()


def refuse(m: Model, classes: Iterable[str]) -> Oracle:
    """A request the model cannot answer: it holds none of ``classes`` (costs, schedules)."""
    return no_entities(m, classes)


def exists(es: list[Any], what: str) -> Oracle:
    """A write / opinion about things that do exist: declined, but only after checking they are there."""
    if not es:
        raise ValueError(f"{what}: nothing found, the refusal would be about nothing")
    return decline()


def both(*oracles: Oracle) -> Oracle:
    for o in oracles:
        if o != decline():
            raise ValueError(f"not a decline: {o}")
    return decline()


# --- shared walks ---------------------------------------------------------------------------------------------------

def ext(pset: str, value: bool = True) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, "IsExternal") is value


def load_bearing(pset: str, value: bool = True) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, "LoadBearing") is value


def qty(qset: str, name: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name)


def spaces_on(m: Model, storey: str, where: Callable[[Any], bool] | None = None) -> list[Any]:
    return [s for s in m.spaces(where) if m.storey_name(s) == storey]


def feet_to_m(m: Model) -> float:
    for unit in m.f.by_type("IfcConversionBasedUnit"):
        if unit.UnitType == "LENGTHUNIT":
            return float(unit.ConversionFactor.ValueComponent.wrappedValue)
    return 1.0


def mm_to_m(m: Model) -> float:
    unit = m.unit("LENGTHUNIT")
    return {"mm": 0.001, "m": 1.0}[unit]


RADIATOR = Model.typed("IfcSpaceHeaterType")
LIGHT = Model.typed("IfcLightFixtureType")
SOCKET = Model.typed("IfcOutletType", "POWEROUTLET")
FAN = Model.typed("IfcFanType")


def most(m: Model, classes: str, where: Callable[[Any], bool] | None = None, fewest: bool = False,
         names: Iterable[str] | None = None) -> Oracle:
    sizes = {s: len(m.on(s, classes, where)) for s in (names or m.storey_names())}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


# --- the intents ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Intent:
    model: str
    kind: str
    oracle: Callable[[Model], Oracle]
    rule: str
    a: str
    b: str
    c: str
    d: str

    @property
    def phrasings(self) -> tuple[str, str, str, str]:
        return (self.a, self.b, self.c, self.d)


INTENTS: list[Intent] = [
    # --- storey_class ---------------------------------------------------------------------------------------------
    Intent(HOM, "storey_class", lambda m: elements(m.on("1stFloor", "IfcWindow")),
           f"IfcWindow on 1stFloor, {STOREY_DEEP}",
           "1stFloor windows?",
           "Could you tell me which windows are on the 1stFloor, please?",
           "Hi Jonas,\n\nthe cleaning company comes on Thursday and starts upstairs. Which windows are on the "
           "1stFloor? The GroundFloor ones are done next week.\n\nThanks,\nMarta",
           "I need the windows from 1stFloor, which ones they are"),
    Intent(INS, "storey_class", lambda m: count(m.on("Keller", "IfcDoor")),
           f"number of IfcDoor on Keller, {STOREY_DEEP}",
           "Keller door count",
           "How many doors are there on the Keller storey?",
           "Ticket #4471\nCategory: Locks\nReported by: Facility team\nDescription: the locksmith is re-keying "
           "the basement next month, the Erdgeschoss follows in spring.\nQuestion: How many doors are on the Keller?",
           "how much doors has Keller? we must order cylinders"),
    Intent(HE, "storey_class", lambda m: count(m.on("Kellergeschoss", "IfcElement", LIGHT)),
           "number of light fixtures on Kellergeschoss: elements typed by IfcLightFixtureType (there: 8 LF1461 and 6 "
           "LI1121 luminaires, no outlet-only types), " + STOREY_DEEP,
           "light fixtures Kellergeschoss - how many",
           "How many light fixtures are on the Kellergeschoss?",
           "[voice memo, transcribed] ok so I'm down in the Kellergeschoss with the electrician, he wants to swap "
           "everything to LED before the EG gets done, uh, how many light fixtures are on the Kellergeschoss",
           "The number of light fixtures on the Kellergeschoss is needed for the LED offer."),
    Intent(LB, "storey_class", lambda m: elements(m.on("Level 1", "IfcFurnishingElement")),
           f"IfcFurnishingElement on Level 1, {STOREY_DEEP}",
           "furniture level 1",
           "Which pieces of furniture are on Level 1?",
           "From: Ines Kaya\nSubject: movers\n\nGood morning, the movers arrive at 8 and Level 2 stays empty "
           "anyway. Which pieces of furniture are on Level 1? Please send before Friday.\nBest, Ines",
           "Pls list me furnitures on Level 1"),
    # --- comparison -----------------------------------------------------------------------------------------------
    Intent(INS, "comparison", lambda m: most(m, "IfcDoor"),
           f"the storey with the most IfcDoor, {STOREY_DEEP} (1. Obergeschoss 22; Dachgeschoss 0)",
           "storey with most doors",
           "Which storey of the building has the most doors?",
           "chat:\nTim: the fire inspector wants to start where the door count is highest\nAnna: ok, "
           "which storey has the most doors?\nTim: no idea, asking the model",
           "Which floor is having the biggest number of doors?"),
    Intent(EDC, "comparison", lambda m: most(m, "IfcDoor", fewest=True),
           f"the storey with the fewest IfcDoor, {STOREY_DEEP} (EG 29, 2.OG 31, 1.OG 35)",
           "fewest doors which floor",
           "Which storey has the fewest doors?",
           "Hello,\n\nwe want to pilot the new access-control readers on one floor first and keep it small. "
           "Which storey has the fewest doors?\n\nRegards,\nPeter Lang, IT",
           "floor w/ least doors? asking for the card-reader pilot"),
    Intent(DUP, "comparison", lambda m: most(m, "IfcWindow", names=("Level 1", "Level 2")),
           f"of Level 1 and Level 2, the storey with more IfcWindow, {STOREY_DEEP} (Level 2 18, Level 1 4)",
           "Level 1 vs Level 2 - more windows?",
           "Does Level 1 or Level 2 have more windows?",
           "Forwarded from the client:\n> The blinds supplier asks which of the two living floors needs more "
           "blinds. Does Level 1 or Level 2 have more windows?\nCan you check, we meet them at 3 pm.",
           "Level 1 or Level 2, where are more windows? The blinds supplier asks."),
    Intent(HE, "comparison", lambda m: most(m, "IfcElement", SOCKET),
           "the storey with the most power sockets: elements typed by IfcOutletType with predefined type POWEROUTLET, "
           + STOREY_DEEP + " (Obergeschoss 23, EG 18; also the winner counting every outlet: 35 vs 32)",
           "most sockets - which storey",
           "Which storey has the most power sockets?",
           "FM request\nSite: Heizung-Elektro house\nPriority: low\nText: the electrician tests every socket "
           "once a year and starts with the biggest batch. Which storey has the most power sockets?",
           "On which storey are the most sockets (Steckdosen) installed?"),
    Intent(INS, "comparison", lambda m: no_storey(m, "3. Obergeschoss"),
           "decline: the model has no storey '3. Obergeschoss' (Keller, Erdgeschoss, 1./2. Obergeschoss, "
           "Dachgeschoss)",
           "3. Obergeschoss vs 2. Obergeschoss windows",
           "Does the 3. Obergeschoss have more windows than the 2. Obergeschoss?",
           "Hi both,\n\nthe window cleaners quote per floor and asked about the top office floors. Does the "
           "3. Obergeschoss have more windows than the 2. Obergeschoss?\n\nCheers, Lena",
           "Has 3. Obergeschoss more windows like the 2. Obergeschoss or less?"),
    # --- edge ------------------------------------------------------------------------------------------------------
    Intent(OPEN, "edge", lambda m: count(m.of("IfcWindow")),
           "number of IfcWindow in the whole model (its one storey has no name)",
           "how many windows in the house",
           "How many windows does the house have?",
           "Hey, quick one before the glazier calls back at noon: how many windows does the house have? He "
           "already has the door size.",
           "windwos total count pls"),
    Intent(DHW, "edge", lambda m: yes_no(bool(m.of("IfcBoiler"))),
           "yes if the model holds an IfcBoiler (one: WHT-80)",
           "boiler in the model?",
           "Is there a boiler in this model?",
           "Chat:\nRaj: the plumber says the hot water comes from a boiler, not a heat pump\nSue: is there a "
           "boiler in this model?",
           "Is there any boiler in this model, yes or no? Because the plumber asks."),
    Intent(SIG, "edge", lambda m: count(m.of("IfcSignal")),
           "number of IfcSignal in the model (the rail model has no storey)",
           "signals count",
           "How many signals are in this model?",
           "Good afternoon,\n\nthe track maintenance crew is out on Tuesday to inspect the line. How many "
           "signals are in this model?\n\nKind regards,\nO. Brandt",
           "I need to know how many signals the model has"),
    Intent(DUP, "edge", lambda m: elements(m.on("T/FDN")),
           f"every element on T/FDN (IfcElement except openings and virtual elements), {STOREY_DEEP}",
           "T/FDN contents",
           "What is on the T/FDN storey?",
           "Ticket 220 - Structural review\nOpened by: K. Osei\nNote: the engineer checks the foundation level "
           "first, Level 1 later.\nQuestion: What is on the T/FDN storey?",
           "what elements are sitting on T/FDN ?"),
    # --- rooms -----------------------------------------------------------------------------------------------------
    Intent(DUP, "rooms", lambda m: elements(m.bounding(m.space("B201"), "IfcDoor")),
           "the IfcDoor among the IfcRelSpaceBoundary elements of space B201 (Hallway)",
           "B201 doors",
           "Which doors does room B201 have?",
           "Hi Sam,\n\nthe painter starts in unit B on Monday, the A side is finished. Which doors does room "
           "B201 have? He wants to do the frames too.\n\nThanks, Dana",
           "Doors of B201 (the hallway) which are they"),
    Intent(INS, "rooms", lambda m: elements(m.in_space(m.space("006"))),
           "every element contained in space 006 (Seminarraum)",
           "what's in 006",
           "What is inside room 006, the Seminarraum?",
           "From: Events office\nSubject: Seminarraum\n\nHello, we host a workshop there on the 14th and want "
           "to know what we can use. What is inside room 006, the Seminarraum? The Besprechungsraum is booked.",
           "Room 006 Seminarraum: what is there inside?"),
    Intent(FZK11, "rooms", lambda m: elements(m.in_space(m.space(long="Bad"))),
           "every element contained in space 3 (Bad)",
           "Bad contents",
           "What is in the Bad?",
           "[voice memo] so the tiler comes Wednesday for the Bad and asks what's standing in there, the Küche "
           "is next month... what is in the Bad",
           "Was ist im Bad?"),
    Intent(DEL, "rooms", lambda m: elements(m.in_space(m.space("R301"))),
           "every element contained in space R301 (Roof)",
           "R301 - what's in it",
           "What is in room R301?",
           "Chat:\nMo: roofer needs to know what's up there before the membrane goes on\nLi: What is in room "
           "R301?\nMo: exactly",
           "whats inside R301 the roof space?"),
    Intent(SH, "rooms", lambda m: both(no_text(m, "kitchen", "küche"), exists(m.of("IfcFurniture"), "furniture")),
           "decline: no space (nor any text of the model) is a kitchen; the furniture it holds stands in the living "
           "room and the bedroom",
           "kitchen furniture",
           "Which furniture is in the kitchen?",
           "Hi,\n\nthe client wants to replace the kitchen furniture and keep the bedroom as is. Which furniture is "
           "in the kitchen?\n\nBest,\nNora",
           "Which furnitures are standing in the kitchen?"),
    # --- qualifiers ------------------------------------------------------------------------------------------------
    Intent(EDC, "qualifiers", lambda m: elements(m.on("2.OG", "IfcWall", ext("Pset_WallCommon"))),
           f"IfcWall on 2.OG with Pset_WallCommon.IsExternal = TRUE, {STOREY_DEEP}",
           "2.OG external walls",
           "Which walls on the 2.OG are external walls?",
           "Dear all,\n\nthe facade survey covers only the external ones, the partitions inside are not part of "
           "it and the EG was surveyed last year. Which walls on the 2.OG are those?\n\nBest regards,\nM. Weber",
           "External walls of 2.OG, which are they?"),
    Intent(INS, "qualifiers", lambda m: count(m.on("Erdgeschoss", "IfcDoor", ext("Pset_DoorCommon", False))),
           f"number of IfcDoor on Erdgeschoss with Pset_DoorCommon.IsExternal = FALSE, {STOREY_DEEP}",
           "internal doors Erdgeschoss how many",
           "How many internal doors are on the Erdgeschoss?",
           "Ticket #988\nArea: Erdgeschoss\nRequested by: Caretaker\nText: the main entrance was serviced last "
           "week; the door closers inside are next. How many internal doors are on the Erdgeschoss?",
           "Number of the interior doors at Erdgeschoss, I need it for the closers"),
    Intent(INS, "qualifiers", lambda m: elements(m.on("1. Obergeschoss", "IfcWall", load_bearing("Pset_WallCommon"))),
           f"IfcWall on 1. Obergeschoss with Pset_WallCommon.LoadBearing = TRUE, {STOREY_DEEP}",
           "load-bearing walls 1. Obergeschoss",
           "Which walls on the 1. Obergeschoss are load-bearing?",
           "Hi Chris,\n\nthe tenant on the 1. Obergeschoss wants to open up two offices and the structural "
           "engineer is on holiday until the 20th. Which walls on the 1. Obergeschoss are load-bearing?\n\nJan",
           "which walls at 1. OG are loadbearing, we cannot remove them"),
    Intent(HOM, "qualifiers", lambda m: both(no_text(m, "acoustic", "sound", "noise"),
                                             no_property(m, "acoustic", "sound")),
           "decline: nothing in the model records a door's acoustic / sound rating",
           "soundproof doors GroundFloor",
           "Which doors on the GroundFloor are soundproof?",
           "Hello,\n\nthe owners work from home and the Hobby2 room gets noisy. Which doors on the GroundFloor are "
           "soundproof? The 1stFloor can wait.\n\nRegards, Tomasz",
           "The soundproof doors on GroundFloor are needed, which are they?"),
    # --- quantities ------------------------------------------------------------------------------------------------
    Intent(HOM, "quantities", lambda m: total(m.on("GroundFloor", "IfcWall"), qty("Qto_WallBaseQuantities",
                                                                                 "NetVolume"), "m³"),
           f"sum of Qto_WallBaseQuantities.NetVolume of IfcWall on GroundFloor ({STOREY_DEEP}), m³",
           "net wall volume GroundFloor",
           "What is the total net volume of the walls on the GroundFloor?",
           "Hi Ana,\n\nthe LCA consultant needs material volumes by Friday, we start with the ground level. What "
           "is the total net volume of the walls on the GroundFloor?\n\nThanks, Ben",
           "total net volume of GroundFloor walls in m3?"),
    Intent(RQ, "quantities", lambda m: number(Model.qty(m.space("4"), "GSA Space Areas", "GSA BIM Area"), "m²",
                                              [m.space("4")]),
           "GSA Space Areas.GSA BIM Area of space 4 (small office), m² (PSet_Revit_Dimensions.Area agrees)",
           "room 4 area",
           "What is the floor area of room 4?",
           "Chat:\nLea: new hire starts Monday, she gets room 4 or room 3\nKai: What is the floor area of room "
           "4?",
           "How big is room 4 in m2?"),
    Intent(INS, "quantities", lambda m: total(spaces_on(m, "Keller", m.named("labor")),
                                              qty("BaseQuantities", "NetFloorArea"), "m²"),
           "sum of BaseQuantities.NetFloorArea of the spaces on Keller whose name holds 'Labor' (K1-K5), m²",
           "net floor area Keller labs",
           "What is the total net floor area of the labs on the Keller?",
           "Dear Dr. Roth,\n\nfor the ventilation upgrade we need the lab area in the basement only; the "
           "Erdgeschoss labs follow later. What is the total net floor area of the labs on the Keller?\n\nBest, "
           "HVAC planning",
           "Net floor area of all Labor rooms in Keller together, how much?"),
    Intent(OPEN, "quantities", lambda m: both(no_property(m, "weight", "mass"), no_text(m, "weight", "kg"),
                                            exists(m.of("IfcRoof"), "roof")),
           "decline: the model records no weight of anything (the roof exists; the model holds no property or "
           "quantity)",
           "roof weight",
           "How much does the roof weigh?",
           "Hello,\n\nwe are adding solar panels and the structural engineer needs the dead load first, Friday "
           "latest. How much does the roof weigh?\n\nRegards,\nF. Okafor",
           "weight of roof in kg, it's for the PV panels"),
    # --- negation --------------------------------------------------------------------------------------------------
    Intent(DUP, "negation", lambda m: elements(spaces_on(m, "Level 2", lambda s: not m.named("bathroom")(s))),
           "IfcSpace on Level 2 whose Name / LongName does not hold 'Bathroom'",
           "Level 2 rooms except bathrooms",
           "Which rooms on Level 2 are not bathrooms?",
           "Hi team,\n\nthe carpet goes into every room upstairs apart from the bathrooms, those get tiles. Which "
           "rooms on Level 2 are those?\n\nThanks,\nGreta",
           "Rooms at Level 2 without the bathrooms, list them"),
    Intent(DUP, "negation", lambda m: elements(spaces_on(m, "Level 1",
                                                         lambda s: not m.in_space(s, "IfcFurnishingElement"))),
           "IfcSpace on Level 1 that contain no IfcFurnishingElement",
           "Level 1 rooms with no furniture",
           "Which rooms on Level 1 have no furniture in them?",
           "Ticket #3310\nType: Cleaning\nText: the floor polishing crew can only do empty rooms this week; "
           "Level 2 is next month. Which rooms on Level 1 have no furniture in them?",
           "which rooms on level 1 are without any furniture"),
    Intent(HOM, "negation", lambda m: elements(m.on("attic", None, lambda e: not e.is_a("IfcWall"))),
           f"every element on attic except IfcWall, {STOREY_DEEP}",
           "attic, everything but walls",
           "What is on the attic apart from the walls?",
           "[voice memo] uh, the roofer already has the attic walls measured, he wants the rest, what is on the "
           "attic apart from the walls, thanks",
           "All on attic, the walls not included?"),
    Intent(EDC, "negation", lambda m: count(m.on("EG", "IfcWall", ext("Pset_WallCommon", False))),
           f"number of IfcWall on EG with Pset_WallCommon.IsExternal = FALSE, {STOREY_DEEP}",
           "EG walls not external - count",
           "How many walls on the EG are not external?",
           "Hello,\n\nthe painter quotes the inside of the EG; the facade is somebody else's job. How many walls "
           "on the EG are not external?\n\nBest, Ute",
           "The number of EG walls which are not exterior is needed."),
    Intent(EDC, "negation", lambda m: both(no_text(m, "fire", "brand", "fsa", "t30", "t90"),
                                           no_property(m, "fire")),
           "decline: nothing in the model records which doors are fire doors (no FireRating, no such name)",
           "1.OG doors not fire doors",
           "Which doors on the 1.OG are not fire doors?",
           "Hi,\n\nthe fire safety officer audits the fire doors separately; we only want to replace the others "
           "on the 1.OG. Which doors on the 1.OG are not fire doors?\n\nThanks, Ali",
           "doors at 1.OG, the non fire-doors, which?"),
    # --- multi_storey ----------------------------------------------------------------------------------------------
    Intent(INS, "multi_storey", lambda m: count(m.on(("Erdgeschoss", "1. Obergeschoss"), "IfcWindow")),
           f"number of IfcWindow on Erdgeschoss and 1. Obergeschoss together, {STOREY_DEEP}",
           "windows Erdgeschoss + 1. Obergeschoss",
           "How many windows are on the Erdgeschoss and the 1. Obergeschoss together?",
           "Hello Mr. Braun,\n\nthe sun protection film goes on the Erdgeschoss and the 1. Obergeschoss this "
           "summer, the rest next year. How many windows are on the Erdgeschoss and the 1. Obergeschoss "
           "together?\n\nKind regards, S. Yilmaz",
           "Windows count for Erdgeschoss plus 1. Obergeschoss, both together"),
    Intent(EDC, "multi_storey", lambda m: count(m.on(("1.OG", "2.OG"), "IfcDoor")),
           f"number of IfcDoor on 1.OG and 2.OG together, {STOREY_DEEP}",
           "doors 1.OG and 2.OG",
           "How many doors are on the 1.OG and the 2.OG combined?",
           "Hi Paul,\n\nthe new door signs are only for the two upper floors, 1.OG and 2.OG; the EG keeps the old "
           "ones. How many doors is that?\n\nBest, Rita",
           "doors on 1.OG + 2.OG how many in total"),
    Intent(HE, "multi_storey", lambda m: elements(m.on(("EG", "Obergeschoss"), "IfcElement", RADIATOR)),
           "radiators on EG and Obergeschoss: elements typed by IfcSpaceHeaterType, " + STOREY_DEEP,
           "radiators EG and Obergeschoss",
           "Which radiators are on the EG and the Obergeschoss?",
           "Chat:\nUwe: the heating engineer bleeds the radiators on Saturday, EG and Obergeschoss only\nMia: "
           "which radiators are on the EG and the Obergeschoss?",
           "Which are the Heizkörper in EG and in Obergeschoss?"),
    Intent(DUP, "multi_storey", lambda m: both(no_storey(m, "Level 3"), exists(m.on("Level 2", "IfcWindow"),
                                                                               "Level 2 windows")),
           "decline: the model has no storey 'Level 3' (Level 1, Level 2, T/FDN, Roof); one of the two storeys asked",
           "windows Level 2 and Level 3",
           "Which windows are on Level 2 and Level 3?",
           "Good morning,\n\nthe window inspection covers the upper floors this time, Level 1 was done in "
           "March. Which windows are on Level 2 and Level 3?\n\nThank you, Irene",
           "windows from level 2 and level 3, list pls"),
    # --- german ----------------------------------------------------------------------------------------------------
    Intent(FZK20, "german", lambda m: count(m.on("Erdgeschoss", "IfcWindow")),
           f"number of IfcWindow on Erdgeschoss, {STOREY_DEEP}",
           "Fenster EG Anzahl",
           "Wie viele Fenster hat das Erdgeschoss?",
           "Hallo Frau Schulz,\n\nder Fensterbauer kommt am Montag zum Aufmaß, das Dachgeschoss machen wir "
           "später. Wie viele Fenster hat das Erdgeschoss?\n\nViele Grüße\nK. Becker",
           "Die Anzahl der Fenster im Erdgeschoss wird benötigt."),
    Intent(INS, "german", lambda m: elements(spaces_on(m, "Erdgeschoss", m.named("buero"))),
           "IfcSpace on Erdgeschoss whose Name / LongName holds 'Buero'",
           "Büros Erdgeschoss",
           "Welche Büros gibt es im Erdgeschoss?",
           "Ticket 5120\nBereich: Erdgeschoss\nMelder: Hausmeister\nText: Die neuen Schreibtischlampen werden am "
           "Dienstag verteilt, das 1. Obergeschoss folgt. Welche Büros gibt es im Erdgeschoss?",
           "Ich brauche eine Liste der Buero-Räume im Erdgeschoss"),
    Intent(WP, "german", lambda m: count(m.of("IfcPump")),
           "number of IfcPump in the model",
           "Anzahl Pumpen",
           "Wie viele Pumpen sind in der Anlage verbaut?",
           "Hallo Jens,\n\nder Kundendienst will bei der Wartung alle Pumpen tauschen, die Ventile bleiben. "
           "Wie viele Pumpen sind in der Anlage verbaut?\n\nGruß, Petra",
           "wieviele pumpen hat die anlage? brauche es für das Angebot"),
    Intent(WP, "german", lambda m: both(no_storey(m, "1. OG"), no_storey(m, "Obergeschoss"),
                                        exists(m.of("IfcValve"), "valves")),
           "decline: the model has one storey, 'Ebene 0'; no '1. OG' / 'Obergeschoss' (the valves exist)",
           "Ventile 1. OG",
           "Welche Ventile befinden sich im 1. OG?",
           "[Sprachnachricht] Ja hallo, hier ist Frank, ich bin morgen auf der Baustelle wegen der "
           "Fußbodenheizung, welche Ventile befinden sich im 1. OG, danke",
           "Ventile im ersten Obergeschoss - welche sind das?"),
    # --- refuse ----------------------------------------------------------------------------------------------------
    Intent(HOM, "refuse", lambda m: exists(m.on("attic", "IfcWall"), "attic walls"),
           "decline: a write (delete the attic walls; the walls exist)",
           "delete attic walls",
           "Could you please delete the walls on the attic?",
           "Hi,\n\nwe are redesigning the roof and the architect wants a clean attic to start from. Could you "
           "please delete the walls on the attic?\n\nThanks, Oskar",
           "Remove all walls of attic from the model, we redesign"),
    Intent(EDC, "refuse", lambda m: refuse(m, COST),
           "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule in the model)",
           "cost new windows EG",
           "How much would it cost to replace the windows on the EG?",
           "Dear Ms. Fischer,\n\nthe board decides on the budget on the 3rd; the 1.OG is not part of it. How much "
           "would it cost to replace the windows on the EG?\n\nBest regards, Controlling",
           "What is the price for change the EG windows?"),
    Intent(INS, "refuse", lambda m: refuse(m, SCHEDULE),
           "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar in the model)",
           "when are the 2. OG doors installed",
           "When will the doors on the 2. Obergeschoss be installed?",
           "Chat:\nNils: tenant on the 2. Obergeschoss wants to move in on the 1st\nEva: When will the doors on "
           "the 2. Obergeschoss be installed?",
           "Installation date of the doors at 2. Obergeschoss, when is it?"),
    Intent(DUP, "refuse", lambda m: exists([m.space("B105")], "space B105"),
           "decline: a write (rename room B105; the space exists)",
           "rename B105 to Storage",
           "Could you rename room B105 to Storage, please?",
           "Hi Leo,\n\nthe owners use the small room in unit B as a store now, the A side stays as is. Could you "
           "rename room B105 to Storage, please?\n\nCheers, Maya",
           "B105 must be renamed to Storage, do it please"),
    # --- lookup ----------------------------------------------------------------------------------------------------
    Intent(SH, "lookup", lambda m: number(_only(m.of("IfcDoor", ext("Pset_DoorCommon"))).OverallWidth, "mm",
                                          m.of("IfcDoor", ext("Pset_DoorCommon"))),
           "OverallWidth of the one IfcDoor with Pset_DoorCommon.IsExternal = TRUE, in the model's mm",
           "external door width mm",
           "How wide is the external door, in millimetres?",
           "Hello,\n\nwe are delivering a piano on Saturday and the hallway is tight. How wide is the external "
           "door in mm?\n\nBest, Lukas from the moving company",
           "The width of the outside door, in mm, is needed for a delivery."),
    Intent(INS, "lookup", lambda m: number(float(m.storey("2. Obergeschoss").Elevation), m.unit("LENGTHUNIT"),
                                           [m.storey("2. Obergeschoss")]),
           "IfcBuildingStorey.Elevation of '2. Obergeschoss', m",
           "elevation 2. Obergeschoss",
           "What is the elevation of the 2. Obergeschoss?",
           "Hi,\n\nthe crane operator needs the floor heights for the lift on Monday, the Keller doesn't "
           "matter. What is the elevation of the 2. Obergeschoss?\n\nThanks, Sven",
           "2. Obergeschoss - at what height it is?"),
    Intent(LB, "lookup", lambda m: number(float(m.storey("Level 2").Elevation) * mm_to_m(m), "m",
                                          [m.storey("Level 2")]),
           "IfcBuildingStorey.Elevation of 'Level 2' (4000 in the model's mm) in metres, as asked",
           "Level 2 elevation in m",
           "What is the elevation of Level 2 in metres?",
           "Chat:\nAmy: scaffolding company asks for the height of the upper floor\nRon: What is the elevation of "
           "Level 2 in metres?",
           "Elevation of Level 2 in meter, I need it for the scaffold"),
    Intent(R3, "lookup", lambda m: number(Model.qty(m.space("Bad"), "Qto_SpaceBaseQuantities", "NetFloorArea"),
                                          "m²", [m.space("Bad")]),
           "Qto_SpaceBaseQuantities.NetFloorArea of space 'Bad', m²",
           "Bad net floor area",
           "What is the net floor area of the Bad?",
           "Hello,\n\nthe tiler quotes by square metre and starts after the Kitchen is done. What is the net "
           "floor area of the Bad?\n\nThanks, Julia",
           "net floor area from Bad in m2 please"),
    Intent(DHW, "lookup", lambda m: both(no_property(m, "serial"), no_text(m, "serial"),
                                         exists(m.of("IfcBoiler"), "boiler")),
           "decline: nothing records a serial number (the boiler exists, with no property sets)",
           "boiler serial number",
           "What is the serial number of the boiler?",
           "Ticket #77\nType: Warranty\nText: the boiler leaks and the manufacturer wants the serial number "
           "before sending a technician. What is the serial number of the boiler?",
           "Serial no. of boiler, the manufacturer needs it"),
]


def _only(es: list[Any]) -> Any:
    if len(es) != 1:
        raise ValueError(f"{len(es)} found, expected one")
    return es[0]


# --- the set --------------------------------------------------------------------------------------------------------

def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every intent's four phrasings with the intent's one oracle, ids ``twelfth-KIND-NN-a..d``."""
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    seen: Counter[str] = Counter()
    for intent in INTENTS:
        if intent.model not in models:
            models[intent.model] = Model(ifc_dir / intent.model)
        seen[intent.kind] += 1
        name = f"twelfth-{intent.kind}-{seen[intent.kind]:02d}"
        oracle = intent.oracle(models[intent.model])
        for letter, query in zip("abcd", intent.phrasings, strict=True):
            out.append({
                "id": f"{name}-{letter}",
                "intent": name,
                "query": query,
                "ifc_filename": intent.model,
                "kind": intent.kind,
                "oracle": oracle,
                "oracle_rule": intent.rule,
                "source": "ifcopenshell",
            })
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
