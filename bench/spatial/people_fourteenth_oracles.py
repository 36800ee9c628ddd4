"""Issue 22's fourteenth people set (blind): 40 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_fourteenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_fourteenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``fourteenth-KIND-NN-a`` .. ``-d``, ``intent`` ``fourteenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment or chat line, (b) a full polite question, (c) a real message with
context (mail, ticket, chat, voice memo, forward), (d) another voice. ``--check`` exits 1 when the JSON is stale,
2 without the models.

Every oracle goes through the ``Model`` walks and builders of ``people_oracles.py`` (storey-deep containment,
"in room X" = contained in the space, "the windows / doors of room X" = its IfcRelSpaceBoundary elements,
booleans need their explicit value). A decline asserts its premise in code (the functions below raise
``ValueError`` when the model holds what the decline says it lacks).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    Model,
    Oracle,
    count,
    decline,
    elements,
    ext,
    load_bearing,
    number,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_fourteenth.json"
PREFIX = "fourteenth"

FZK11 = "AC11-FZK-Haus-IFC.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
SIG = "linear-placement-of-signal.ifc"
DHW = "domestic-hot-water.ifc"

COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar")


# --- decline premises ---------------------------------------------------------------------------------------

def _squash(text: str) -> str:
    return "".join(text.lower().split())


def _texts(m: Model) -> Iterable[str]:
    """Every string attribute of every entity except GlobalIds."""
    for entity in m.f:
        guid = getattr(entity, "GlobalId", None) if entity.is_a("IfcRoot") else None
        for i in range(len(entity)):
            value = entity[i]
            if isinstance(value, str) and value != guid:
                yield value


def no_text(m: Model, *words: str) -> Oracle:
    """Decline: no string attribute of any entity (GlobalIds aside) holds any of ``words``."""
    low = [_squash(w) for w in words]
    for text in _texts(m):
        hit = [w for w in low if w in _squash(text)]
        if hit:
            raise ValueError(f"{hit[0]!r} exists in the model: {text!r}")
    return decline()


def no_storey(m: Model, *names: str) -> Oracle:
    """Decline: no storey whose Name or LongName is any of ``names`` (case- and space-insensitive), and the
    names appear in no text of the model either."""
    wanted = {_squash(n) for n in names}
    for s in m.f.by_type("IfcBuildingStorey"):
        for label in (s.Name, s.LongName):
            if label and _squash(label) in wanted:
                raise ValueError(f"storey {label!r} exists")
    return no_text(m, *names)


def no_storeys_at_all(m: Model) -> Oracle:
    found = m.f.by_type("IfcBuildingStorey")
    if found:
        raise ValueError(f"{len(found)} storeys exist")
    return decline()


def no_property(m: Model, *words: str) -> Oracle:
    """Decline: no property or quantity name, and no property set name, holds any of ``words``."""
    low = [w.lower() for w in words]
    names = [p.Name or "" for p in m.f.by_type("IfcProperty")]
    names += [q.Name or "" for q in m.f.by_type("IfcPhysicalQuantity")]
    names += [p.Name or "" for p in m.f.by_type("IfcPropertySetDefinition")]
    for name in names:
        if any(w in name.lower() for w in low):
            raise ValueError(f"property {name!r} exists")
    return decline()


def refuse(m: Model, classes: tuple[str, ...] = ()) -> Oracle:
    """Decline (a refusal): the model holds none of ``classes`` (a cost, a schedule); a write or an opinion
    passes no classes and is refused whatever the model holds."""
    for name in classes:
        if m.by_type(name):
            raise ValueError(f"{name} exists in the model")
    return decline()


def exists(es: list[Any], what: str) -> list[Any]:
    if not es:
        raise ValueError(f"{what}: nothing found, the question's premise fails")
    return es


# --- helpers ------------------------------------------------------------------------------------------------

def space_long(m: Model, long: str) -> Any:
    return m.space(long=long)


def values(es: list[Any], value_of: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A ``values`` oracle: the distinct values with how many elements hold each."""
    dist = Counter(value_of(e) for e in es)
    return {"type": "values", "value": sorted([[v, n] for v, n in dist.items()], key=lambda r: str(r[0])),
            "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def one_material(e: Any) -> str:
    mats = ue.get_materials(e)
    if len(mats) != 1:
        raise ValueError(f"{e.GlobalId}: {len(mats)} materials")
    return str(mats[0].Name)


def storey_elevation_m(m: Model, name: str) -> float:
    """The storey's Elevation in metres (the file's length unit converted)."""
    scale = {"m": 1.0, "mm": 0.001, "cm": 0.01}[m.unit("LENGTHUNIT")]
    return float(m.storey(name).Elevation) * scale


# --- the intents ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Intent:
    model: str
    kind: str
    phrasings: tuple[str, str, str, str]
    oracle: Callable[[Model], Oracle]
    rule: str


INTENTS: list[Intent] = [
    # ---------------------------------------------------------------- storey_class
    Intent(INS, "storey_class", (
        "Keller - door count?",
        "Could you tell me how many doors there are in the Keller of the institute building?",
        "Ticket #4471 | Category: Locksmith | Requester: P. Brandt (facility services) | Location: Keller | "
        "Description: We are re-keying the basement storey after last week's break-in; the new cylinders are "
        "ordered one per door. | Question: how many doors does that storey have?",
        "need the door qty for Keller, all of them pls - locksmith keeps asking me since monday",
    ), lambda m: count(m.on("Keller", "IfcDoor")), f"IfcDoor on Keller, {STOREY_DEEP}"),
    Intent(EDC, "storey_class", (
        "windows on 1.OG, how many",
        "How many windows are there on the 1.OG, please?",
        "[09:12] Lena: the window cleaners only have time for one floor on Thursday, I told them 1.OG\n"
        "[09:13] Tom: ok good. @Lena can you also book the cherry picker for the facade?\n"
        "[09:13] Tom: @assistant how many windows are there on the 1.OG?",
        "The number of windows on 1.OG I am needing for the cleaning offer, thanks.",
    ), lambda m: count(m.on("1.OG", "IfcWindow")), f"IfcWindow on 1.OG, {STOREY_DEEP}"),
    Intent(HOM, "storey_class", (
        "1stFloor walls",
        "Would you list the walls that are on the 1stFloor?",
        "Hi,\n\nthe painter comes next week to do the 1stFloor of the house; the ground floor is finished "
        "already. Can you send me the walls on that storey so I can mark which ones get the new "
        "colour?\n\nThanks,\nMaren (owner)",
        "which wall are belonging to 1stFloor? want to plan the painting",
    ), lambda m: elements(m.on("1stFloor", "IfcWall")), f"IfcWall on 1stFloor, {STOREY_DEEP}"),
    Intent(EDC, "storey_class", (
        "3.OG windows count",
        "How many windows does the 3.OG have?",
        "Voice memo, transcribed: okay so, uh, note for the assistant. The scaffolding firm is asking about "
        "the 3.OG. How many windows are up there on that one? Yeah. Thanks.",
        "Windows in 3.OG - how many has it? Scaffolding firm is asking.",
    ), lambda m: no_storey(m, "3.OG", "3. OG", "3. Obergeschoss"),
        "decline: the model has no storey 3.OG (its storeys are EG, 1.OG, 2.OG)"),
    # ---------------------------------------------------------------- comparison
    Intent(INS, "comparison", (
        "doors 1. OG vs 2. OG - bigger number where?",
        "Which of the two storeys has the larger number of doors, the 1. Obergeschoss or the 2. Obergeschoss?",
        "Dear colleague,\n\nfor the fire inspection we start with whichever upper storey has the greater number "
        "of doors - the 1. Obergeschoss or the 2. Obergeschoss. Could you check which of those two it is?\n\n"
        "Kind regards\nJ. Wolff, fire safety officer",
        "Is it the 1. Obergeschoss or rather the 2. Obergeschoss where are more doors? Inspector want to start there.",
    ), lambda m: storeys(["1. Obergeschoss"] if len(m.on("1. Obergeschoss", "IfcDoor"))
                         > len(m.on("2. Obergeschoss", "IfcDoor")) else ["2. Obergeschoss"]),
        f"the storey of the two with more IfcDoor, {STOREY_DEEP}"),
    Intent(DUP, "comparison", (
        "more windows: Level 1 or Level 2?",
        "Does Level 1 or Level 2 have the higher window count?",
        "Request type: Question\nFrom: Kevin (blinds supplier)\nContext: We ship blinds in one batch per level "
        "and want to send the bigger batch first.\nQuestion: Between Level 1 and Level 2, which of those levels "
        "has more windows?",
        "which level got more windows, the Level 1 one or Level 2? asking bcs of the blinds order",
    ), lambda m: storeys([max(("Level 1", "Level 2"), key=lambda s: len(m.on(s, "IfcWindow")))]),
        f"the storey of the two with more IfcWindow, {STOREY_DEEP}"),
    Intent(EDC, "comparison", (
        "storey with the least doors",
        "On which storey of the building are there the fewest doors?",
        "Anna: we have to start the door-hardware retrofit somewhere small, to test the process\n"
        "Marc: makes sense, pick the floor with the smallest number of doors\n"
        "Anna: @assistant which floor would that be?",
        "I need to know the floor where the doors are the least, for a pilot of the door retrofit.",
    ), lambda m: storeys([min(m.storey_names(), key=lambda s: len(m.on(s, "IfcDoor")))]),
        f"the storey with the fewest IfcDoor (EG 29, 2.OG 31, 1.OG 35), {STOREY_DEEP}"),
    Intent(FZK, "comparison", (
        "windows Keller vs Erdgeschoss - which has more",
        "Which has more windows: the Keller or the Erdgeschoss?",
        "---------- Forwarded message ----------\nFrom: Dieter Hahn\nSubject: Lichtschacht\n\n> The light wells "
        "get new grids. Before I order I'd like to compare: are there more windows in the Keller or in the "
        "Erdgeschoss?\n\nCould you answer Dieter's question from the model? - Sabine",
        "Keller or Erdgeschoss, where is the windows more? we compare for the grids",
    ), lambda m: no_storey(m, "Keller", "Kellergeschoss", "Untergeschoss"),
        "decline: the model has no Keller (its storeys are Erdgeschoss and Dachgeschoss)"),
    # ---------------------------------------------------------------- edge
    Intent(OH, "edge", (
        "window count",
        "How many windows does this house have?",
        "Hello,\n\nI am preparing the energy certificate for the little IfcOpenHouse test building. The wall "
        "areas I have. What I still miss is the number of windows in the house - could you give me that?\n\n"
        "Best, Tomasz",
        "windows in the house, how many in total is there?",
    ), lambda m: count(m.of("IfcWindow")), "every IfcWindow of the model (its one storey has no name)"),
    Intent(SIG, "edge", (
        "number of signals",
        "How many signals are placed along this railway alignment?",
        "Ticket RW-208 | Asset type: signalling | Requester: track maintenance | Note: inspection round next "
        "week, the crew needs to know what to check. | Question: how many signals does the model contain?",
        "Signal count is needed for the inspection round - how many are in the model?",
    ), lambda m: count(m.of("IfcSignal")), "every IfcSignal of the model"),
    Intent(DHW, "edge", (
        "any boiler in here?",
        "Is there a boiler in this model?",
        "Jonas: the hot-water plan from the consultant - did they draw the heat generator in, or only pipes?\n"
        "Mia: let me ask. @assistant does the model contain a boiler?",
        "Boiler - is one existing in this hot water model or not?",
    ), lambda m: yes_no(bool(m.of("IfcBoiler"))), "yes when the model holds an IfcBoiler"),
    Intent(SIG, "edge", (
        "signals on the ground floor",
        "Which signals are located on the ground floor?",
        "Hi,\n\nfor the handover of the electrical documentation I have to sort the assets by floor. In this "
        "model, which signals are on the ground floor?\n\nRegards, Ole",
        "Ground floor: which of the signals are on it? for the electrical handover",
    ), no_storeys_at_all, "decline: the rail model has no storeys at all"),
    # ---------------------------------------------------------------- rooms
    Intent(INS, "rooms", (
        "furniture in Buero Studenten III",
        "Can you list the furniture that is in the room Buero Studenten III?",
        "Hi,\n\nthe student office Buero Studenten III moves to the new wing in March, and the movers want an "
        "inventory beforehand. Which furniture is in Buero Studenten III?\n\nThanks, Petra (admin office)",
        "What furnitures stands in Buero Studenten III? movers are coming",
    ), lambda m: elements(exists(m.in_space(space_long(m, "Buero Studenten III"), "IfcFurnishingElement"),
                                 "furniture in Buero Studenten III")),
        "IfcFurnishingElement contained in space 114 'Buero Studenten III'"),
    Intent(HOM, "rooms", (
        "Corridor3 doors",
        "Which doors does Corridor3 have?",
        "Ticket 0917 | Area: Corridor3 (GroundFloor) | Reporter: cleaning staff | Issue: door stoppers are "
        "missing, some doors hit the wall | Request: list the doors of that corridor so we can order stoppers",
        "Doors around Corridor3, I want to know which they are - door stoppers are needed",
    ), lambda m: elements(m.bounding(m.space(name="Corridor3"), "IfcDoor")),
        "IfcDoor in the IfcRelSpaceBoundary of space Corridor3"),
    Intent(R3, "rooms", (
        "windows of Wohnen",
        "Which windows belong to the room Wohnen?",
        "Sara: the client wants curtains in Wohnen only, the other rooms stay as they are\n"
        "Paul: ok - which windows does that room have?",
        "For the curtains I need the windows of the Wohnen room, can you tell which are they?",
    ), lambda m: elements(m.bounding(m.space(name="Wohnen"), "IfcWindow")),
        "IfcWindow in the IfcRelSpaceBoundary of space Wohnen"),
    Intent(DUP, "rooms", (
        "garage contents",
        "What is in the garage of the duplex?",
        "Hi there,\n\nwe're doing the move-out inspection of unit A on Friday. Please check the garage for me: "
        "what is in there according to the model?\n\nCheers,\nRob (property manager)",
        "garage - what's inside of it? move-out is friday",
    ), lambda m: no_text(m, "garage"), "decline: no space or text of the model is a garage"),
    # ---------------------------------------------------------------- qualifiers
    Intent(DUP, "qualifiers", (
        "external doors level 1",
        "Which doors on Level 1 are exterior doors?",
        "Ticket #3302 | Category: Security | Requester: Linda K., building manager | Scope: Level 1 | Details: "
        "we are adding smart locks to every door that leads outside. | Question: which doors on that level are "
        "those?",
        "Outside doors on Level 1 please, which ones - smart lock install",
    ), lambda m: elements(m.on("Level 1", "IfcDoor", ext("Pset_DoorCommon"))),
        f"IfcDoor on Level 1 with Pset_DoorCommon.IsExternal = TRUE, {STOREY_DEEP}"),
    Intent(INS, "qualifiers", (
        "load-bearing walls Erdgeschoss, number",
        "How many load-bearing walls are there on the Erdgeschoss?",
        "Dear Mr. Vogel,\n\nthe structural engineer asked me to check the ground storey before the tenant "
        "changes anything there. How many of the walls on the Erdgeschoss carry load? He needs "
        "it before Tuesday.\n\nBest regards,\nA. Kraus",
        "structural guy wants to know: the walls on Erdgeschoss which are bearing, how many are they?",
    ), lambda m: count(m.on("Erdgeschoss", "IfcWall", load_bearing("Pset_WallCommon"))),
        f"IfcWall on Erdgeschoss with Pset_WallCommon.LoadBearing = TRUE, {STOREY_DEEP}"),
    Intent(SH, "qualifiers", (
        "interior doors",
        "Which of the doors in the house are interior doors?",
        "Transcript of voice note: right, so for the door hardware I only do the inside ones this time, the "
        "front door has its own lock system. Which doors are those, the internal ones? That's it.",
        "doors which are inside (not going to outside) - which ones?",
    ), lambda m: elements(m.of("IfcDoor", ext("Pset_DoorCommon", False))),
        "IfcDoor with Pset_DoorCommon.IsExternal = FALSE"),
    Intent(EDC, "qualifiers", (
        "soundproof doors 2.OG",
        "Which doors on the 2.OG are soundproof?",
        "Hi,\n\nthe meeting rooms on the 2.OG get complaints about noise from the corridor. Before we replace "
        "anything: which of the doors on that floor are the soundproof type?\n\nThanks, Jana",
        "Sound-insulated doors on 2.OG - which are they? complaints about noise",
    ), lambda m: (no_property(m, "acoustic", "sound", "schall"), no_text(m, "soundproof", "acoustic", "schall"))[1],
        "decline: the model records no acoustic rating or sound insulation"),
    # ---------------------------------------------------------------- quantities
    Intent(INS, "quantities", (
        "Seminarraum floor area",
        "What is the floor area of the Seminarraum?",
        "Hallo,\n\nwe plan to put a new carpet in the Seminarraum down in the Keller. Could you look up "
        "how many square metres the Seminarraum has? The flooring company needs it for the offer.\n\nDanke, Ute",
        "How big is Seminarraum in m2? for carpet",
    ), lambda m: number(Model.qty(space_long(m, "Seminarraum"), "BaseQuantities", "NetFloorArea"), "m²",
                        [space_long(m, "Seminarraum")]),
        "BaseQuantities.NetFloorArea of space 006 'Seminarraum' (= GrossFloorArea), m²"),
    Intent(HOM, "quantities", (
        "total room area GroundFloor",
        "What is the combined floor area of all rooms on the GroundFloor?",
        "Ben: the heating engineer sizes the underfloor heating by room area\nBen: only the GroundFloor gets it\n"
        "Eva: so what's the total floor area of the rooms there?",
        "Sum of the floor area of rooms on GroundFloor is what I need, in m², for the heating design.",
    ), lambda m: number(sum(Model.qty(s, "Qto_SpaceBaseQuantities", "NetFloorArea")
                            for s in m.spaces(lambda s: m.storey_name(s) == "GroundFloor")), "m²",
                        m.spaces(lambda s: m.storey_name(s) == "GroundFloor")),
        "sum of Qto_SpaceBaseQuantities.NetFloorArea (= GrossFloorArea) of the spaces on GroundFloor, m²"),
    Intent(RQ, "quantities", (
        "avg area small offices",
        "What is the average floor area of the small offices?",
        "Ticket 55 | Requester: space planning | Context: comparing our small offices with the company standard "
        "of 15 m² per office | Question: what is the mean area of those offices?",
        "Small offices - how big are they on average? in square meter",
    ), lambda m: number(statistics.fmean(Model.qty(s, "GSA Space Areas", "GSA BIM Area")
                                         for s in m.spaces(m.named("small office"))), "m²",
                        m.spaces(m.named("small office"))),
        "mean of 'GSA Space Areas'.'GSA BIM Area' of the spaces named 'small office' (2, 3, 4), m²"),
    Intent(INS, "quantities", (
        "1. OG offices > 20 m²",
        "Which offices on the 1. Obergeschoss have a floor area of more than 20 m²?",
        "Hi,\n\nwe want to put two people in every office of the 1. Obergeschoss that is big enough. Our rule: "
        "anything north of 20 square metres counts as a double office. Which offices on that storey qualify?\n\n"
        "Thanks, Sven (HR)",
        "the offices on 1. Obergeschoss that clear the 20 m2 mark, which are these? double occupancy planning",
    ), lambda m: elements(m.spaces(lambda s: m.storey_name(s) == "1. Obergeschoss" and m.named("buero")(s)
                                   and Model.qty(s, "BaseQuantities", "NetFloorArea") > 20.0)),
        "IfcSpace on 1. Obergeschoss named 'Buero ...' with BaseQuantities.NetFloorArea (= GrossFloorArea) > 20 m² "
        "(the offices there have 11.44-12.32 or 24.64-37.84 m²)"),
    Intent(DUP, "quantities", (
        "balcony area",
        "How large is the balcony area of the duplex in total?",
        "Hi,\n\nfor the rental listing I need a couple of figures. The living area I already have from the "
        "architect. What is the total area of the balconies?\n\nThanks, Nina (leasing)",
        "m2 of balconies all together? for the listing",
    ), lambda m: no_text(m, "balcon", "balkon"), "decline: the model has no balcony (no space, element or text)"),
    # ---------------------------------------------------------------- negation
    Intent(INS, "negation", (
        "Erdgeschoss rooms without furniture",
        "Which rooms on the Erdgeschoss contain no furniture at all?",
        "Hi team,\n\nthe cleaning contract for the Erdgeschoss is priced differently for empty rooms. Which "
        "rooms on the Erdgeschoss have no furniture in them?\n\nCheers, Olga",
        "EG: rooms where zero furniture is in - which? cleaning price depends of it",
    ), lambda m: elements(m.spaces(lambda s: m.storey_name(s) == "Erdgeschoss"
                                   and not m.in_space(s, "IfcFurnishingElement"))),
        "IfcSpace on Erdgeschoss containing no IfcFurnishingElement"),
    Intent(DUP, "negation", (
        "level 1 walls minus the exterior ones, count",
        "How many walls on Level 1 are not exterior walls?",
        "From: drywall subcontractor\nTo: BIM helpdesk\nSubject: wall count\n\nWe only do the inside "
        "partitions on Level 1; the outer walls belong to the facade package. How many walls on Level 1 are left "
        "once the exterior ones are taken out?",
        "Walls on Level 1 that aren't external - how many? for the drywall quote",
    ), lambda m: count(m.on("Level 1", "IfcWall", ext("Pset_WallCommon", False))),
        f"IfcWall on Level 1 with Pset_WallCommon.IsExternal = FALSE (all 21 carry the property), {STOREY_DEEP}"),
    Intent(SH, "negation", (
        "furniture not in the living room",
        "Which pieces of furniture are located somewhere other than the living room?",
        "Tim: the movers take the living room stuff on day 1\nTim: everything else on day 2\n"
        "Lea: and which furniture is that, the day-2 stuff?",
        "All the furniture except the one of the living room, which is it? day 2 of moving",
    ), lambda m: elements(m.of("IfcFurniture", lambda e: m.container.get(e.id()) != space_long(m, "Living room"))),
        "IfcFurniture not contained in space '1 - Living room' (all furniture is contained in a space)"),
    Intent(FZK11, "negation", (
        "Erdgeschoss windows except Küche",
        "Which windows on the Erdgeschoss are not in the Küche?",
        "Hallo,\n\nwe replace the window seals on the Erdgeschoss. The Küche was done last year already, so "
        "skip that room. Which windows on that storey remain?\n\nGruß, Frank",
        "Windows of Erdgeschoss, the Küche ones excluded - which are left?",
    ), lambda m: elements(w for w in m.on("Erdgeschoss", "IfcWindow")
                          if w not in m.bounding(space_long(m, "Küche"), "IfcWindow")),
        f"IfcWindow on Erdgeschoss ({STOREY_DEEP}) not in the IfcRelSpaceBoundary of space 6 'Küche'"),
    # ---------------------------------------------------------------- multi_storey
    Intent(INS, "multi_storey", (
        "windows Keller + Erdgeschoss",
        "How many windows do the Keller and the Erdgeschoss have combined?",
        "Ticket 8812 | Trade: window cleaning | Scope: Keller, Erdgeschoss (the upper storeys are done by rope "
        "access) | Question: how many windows on those two storeys in total?",
        "Keller plus Erdgeschoss windows, together how much?",
    ), lambda m: count(m.on({"Keller", "Erdgeschoss"}, "IfcWindow")),
        f"IfcWindow on Keller or Erdgeschoss, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "doors 1.OG and 2.OG total",
        "What is the total number of doors on the 1.OG and the 2.OG?",
        "Hello,\n\nthe door-closer maintenance contract covers the upper floors only, 1.OG and 2.OG; the EG is "
        "handled by the landlord. How many doors are on the 1.OG and 2.OG altogether?\n\n"
        "(Tom - please forward me the landlord's contact separately.)\n\nBest, Carla",
        "Give me the door count for both upper floors 1.OG and 2.OG summed, for the maintenance contract",
    ), lambda m: count(m.on({"1.OG", "2.OG"}, "IfcDoor")), f"IfcDoor on 1.OG or 2.OG, {STOREY_DEEP}"),
    Intent(DUP, "multi_storey", (
        "windows Level 2 and Roof",
        "Which windows are on Level 2 and on the Roof level?",
        "Voice memo transcript: okay, uh, the window film. Level 1 isn't getting any. It's Level 2 and the "
        "Roof. Can you list the windows on those two levels. Thanks, bye.",
        "List of windows, Level 2 as well as Roof, is needed for the film order.",
    ), lambda m: elements(m.on({"Level 2", "Roof"}, "IfcWindow")), f"IfcWindow on Level 2 or Roof, {STOREY_DEEP}"),
    Intent(DUP, "multi_storey", (
        "doors on Level 1 + Level 3",
        "How many doors are there on Level 1 and Level 3 together?",
        "Hi,\n\nthe painter quoted per door leaf. He is doing Level 1 and Level 3 in one go. How many doors is "
        "that across both levels?\n\nRegards, Hugo",
        "Doors, Level 1 and Level 3 added up - how many? painter quote",
    ), lambda m: no_storey(m, "Level 3"),
        "decline: the model has no Level 3 (its storeys are T/FDN, Level 1, Level 2, Roof)"),
    # ---------------------------------------------------------------- german
    Intent(FZK, "german", (
        "Anzahl Fenster Dachgeschoss",
        "Wie viele Fenster gibt es im Dachgeschoss?",
        "Hallo Herr Weber,\n\nder Rollladenbauer kommt nächste Woche und will vorher wissen, was im "
        "Dachgeschoss auf ihn zukommt. Wie viele Fenster hat das Dachgeschoss?\n\nViele Grüße\nSusanne Lorenz",
        "Dachgeschoss: wieviel Fenster sind dort verbaut? wegen Rollladen-Angebot",
    ), lambda m: count(m.on("Dachgeschoss", "IfcWindow")), f"IfcWindow on Dachgeschoss, {STOREY_DEEP}"),
    Intent(INS, "german", (
        "Möbel Seminarraum Anzahl",
        "Wie viele Möbelstücke befinden sich im Seminarraum?",
        "Petra: Der Seminarraum wird am Freitag geräumt.\nKlaus: Ok. @Assistent wie viele Möbel stehen da drin?",
        "Bitte die Anzahl Möbel in Seminarraum nennen, Umzugsfirma braucht es bis morgen.",
    ), lambda m: count(m.in_space(space_long(m, "Seminarraum"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in space 006 'Seminarraum'"),
    Intent(WP, "german", (
        "Anzahl Fußbodenheizkreise",
        "Wie viele Heizkreise hat die Fußbodenheizung in diesem Modell?",
        "Ticket WP-19 | Anlage: Wärmepumpe mit Pufferspeicher | Melder: Haustechnik | Anliegen: hydraulischer "
        "Abgleich, pro Kreis wird ein Protokollblatt ausgefüllt | Frage: Wie viele Fußbodenheizkreise sind "
        "angeschlossen?",
        "FBH-Kreise, wieviel gibt es? Brauche das für die Protokolle vom Abgleich",
    ), lambda m: count(m.of("IfcSpaceHeater", Model.type_name_has("FBH"))),
        "IfcSpaceHeater typed 'FBH Kreis' (named Fussbodenheizung1..10)"),
    Intent(FZK, "german", (
        "Wintergarten Fenster",
        "Welche Fenster hat der Wintergarten?",
        "Hallo,\n\nim Wintergarten beschlagen die Scheiben. Bevor der Glaser kommt: welche Fenster gehören zu "
        "diesem Raum?\n\nGruß, Heike",
        "Fenster von Wintergarten welche sind das? Glaser kommt",
    ), lambda m: no_text(m, "wintergarten", "winter garden", "conservatory"),
        "decline: the model has no Wintergarten (spaces: Flur, Buero, Bad, Schlafzimmer, Wohnen, Küche, Galerie)"),
    # ---------------------------------------------------------------- refuse
    Intent(EDC, "refuse", (
        "set internal doors 1.OG to T30",
        "Please change the fire rating of all internal doors on the 1.OG to T30.",
        "Hi,\n\nthe fire protection concept was updated. Could you go into the model, mark every internal door "
        "on the 1.OG as T30 and save it?\n\nThanks, Ralf",
        "Doors on 1.OG (internal ones) should be updated to T30 in the model, do it pls",
    ), lambda m: (exists(m.on("1.OG", "IfcDoor", ext("Pset_DoorCommon", False)), "internal doors on 1.OG"),
                  refuse(m))[1], "decline: a write (the internal doors of 1.OG exist)"),
    Intent(DUP, "refuse", (
        "cost to replace level 2 windows",
        "How much will it cost to replace all the windows on Level 2?",
        "Ticket #771 | Category: Budget | Requester: owner association | Context: the Level 2 windows are "
        "drafty | Question: what would replacing the windows on Level 2 cost?",
        "Price for new windows on Level 2, approx. in euro? the owners are asking",
    ), lambda m: refuse(m, COST), "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(INS, "refuse", (
        "finish date 2. OG renovation",
        "When is the renovation of the 2. Obergeschoss scheduled to be finished?",
        "Dear all,\n\nthe tenants of the 2. Obergeschoss keep asking when they can move back. According to the "
        "plan, when will the works on that storey be completed?\n\nBest, H. Lang",
        "2. OG works - done by when? tenants ask every day",
    ), lambda m: refuse(m, SCHEDULE),
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(SH, "refuse", (
        "living room big enough for 6 people?",
        "In your opinion, is the living room large enough for a family of six?",
        "Mara: we're thinking of buying this house\nMara: there are six of us\n"
        "Jonas: @assistant do you think that living room is big enough for us?",
        "Is the living room enough big for family with 4 kids, what you think?",
    ), lambda m: (exists(m.spaces(m.named("living room")), "living room"), refuse(m))[1],
        "decline: an opinion (the living room exists)"),
    # ---------------------------------------------------------------- lookup
    Intent(FZK, "lookup", (
        "Dachgeschoss elevation",
        "At what elevation is the Dachgeschoss?",
        "Hi,\n\nI'm setting up the stair calculation; the lower storey is at ±0.00. What is the elevation of "
        "the Dachgeschoss?\n\nCheers, Lukas",
        "height level of Dachgeschoss in meters, please - for the stair calc",
    ), lambda m: number(storey_elevation_m(m, "Dachgeschoss"), "m", [m.storey("Dachgeschoss")]),
        "IfcBuildingStorey 'Dachgeschoss'.Elevation, m"),
    Intent(DUP, "lookup", (
        "level 2 beams material",
        "What material are the beams on Level 2 made of?",
        "Ticket 6120 | Requester: fire engineer | Scope: Level 2 | Context: checking which beams need a fire "
        "protection coating | Question: what are the beams on Level 2 made of?",
        "Beams of Level 2 - the material is what? for the coating decision",
    ), lambda m: values(exists(m.on("Level 2", "IfcBeam"), "beams on Level 2"), one_material),
        f"the material of each IfcBeam on Level 2 ({STOREY_DEEP}), one material per beam"),
    Intent(LB, "lookup", (
        "Level 2 elevation in m",
        "What is the elevation of Level 2, in metres?",
        "Ali: the lift supplier needs the travel height\nAli: Level 1 is at zero\n"
        "Nora: @assistant and Level 2 sits at which elevation, in metres?",
        "Level 2 elevation I need in meter (not mm) for the lift supplier.",
    ), lambda m: number(storey_elevation_m(m, "Level 2"), "m", [m.storey("Level 2")]),
        "IfcBuildingStorey 'Level 2'.Elevation converted from the file's millimetres, m"),
    Intent(RQ, "lookup", (
        "floor finish room 4",
        "What is the floor finish of room 4?",
        "Hello,\n\na tile broke in room 4 (one of the small offices). To order a replacement I need to know "
        "what the floor finish of that room is.\n\nThanks, Dana",
        "Room 4 floor - what finish it has? tile broke",
    ), lambda m: values([m.space(name="4")], lambda s: ue.get_pset(s, "PSet_Revit_Identity Data", "Floor Finish")),
        "'PSet_Revit_Identity Data'.'Floor Finish' of space 4"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every phrasing of every intent with the intent's oracle, computed once per intent."""
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    seen: Counter[str] = Counter()
    for intent in INTENTS:
        if intent.model not in models:
            models[intent.model] = Model(ifc_dir / intent.model)
        seen[intent.kind] += 1
        name = f"{PREFIX}-{intent.kind}-{seen[intent.kind]:02d}"
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
