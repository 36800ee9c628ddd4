"""Issue 22's fifteenth people set (blind): 45 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_fifteenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_fifteenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``fifteenth-KIND-NN-a`` .. ``-d``, ``intent`` ``fifteenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment, (b) a full polite question, (c) a real message with context (a chat
thread with replies and reactions, meeting minutes with action items, a burst of short chat lines, a mail quoting
an earlier mail, a bullet list of needs, a question in the middle of a message, a handover note, a site diary
entry), (d) another voice (non-native grammar, typos, dictation, abbreviations, all-lowercase chat, German
colloquial). ``--check`` exits 1 when the JSON is stale, 2 without the models.

The set leans on the models the fourteenth set used little (LargeBuilding, AC11-FZK-Haus, Duplex_Electrical,
Heizung-Elektro, 3rooms, revit_quantities, WP_Puffer, IfcOpenHouse). Every oracle goes through the ``Model``
walks and builders of ``people_oracles.py`` (storey-deep containment, "in room X" = contained in the space,
"the windows / doors of room X" = its IfcRelSpaceBoundary elements, booleans need their explicit value; an MEP
class word is grounded in the element's type object class or its type name, as each rule says). A decline
asserts its premise in code (the functions below raise ``ValueError`` when the model holds what the decline
says it lacks).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DEL,
    DUP,
    EDC,
    FZK,
    HE,
    HOM,
    LB,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    WP,
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
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_fifteenth.json"
PREFIX = "fifteenth"

FZK11 = "AC11-FZK-Haus-IFC.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
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



def no_spaces(m: Model) -> Oracle:
    """Decline: the model holds no IfcSpace (so no room can be named or asked for)."""
    found = m.f.by_type("IfcSpace")
    if found:
        raise ValueError(f"{len(found)} spaces exist")
    return decline()


def no_area(m: Model) -> Oracle:
    """Decline: no IfcSpace and no area quantity anywhere (a floor area is not recorded)."""
    if m.f.by_type("IfcSpace") or m.by_type("IfcQuantityArea"):
        raise ValueError("spaces or area quantities exist")
    return decline()


def no_prop_on(es: list[Any], *words: str) -> Oracle:
    """Decline: none of ``es`` (which must exist) carries a property or quantity whose name holds any of
    ``words`` (occurrence and type psets), and no pset of theirs records a room."""
    if not es:
        raise ValueError("nothing to ask about: the premise fails")
    low = [w.lower() for w in words]
    for e in es:
        for pset, props in ue.get_psets(e).items():
            for name in props:
                if name != "id" and any(w in name.lower() for w in low):
                    raise ValueError(f"{e.is_a()} {e.GlobalId}: {pset}.{name} exists")
    return decline()


def space_named(m: Model, name: str) -> Any:
    return m.space(name=name)


def values(es: list[Any], value_of: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A ``values`` oracle: the distinct values with how many elements hold each."""
    dist = Counter(value_of(e) for e in es)
    return {"type": "values", "value": sorted([[v, n] for v, n in dist.items()], key=lambda r: str(r[0])),
            "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def storey_elevation_m(m: Model, name: str) -> float:
    """The storey's Elevation in metres (the file's length unit converted)."""
    scale = {"m": 1.0, "mm": 0.001, "cm": 0.01}[m.unit("LENGTHUNIT")]
    return float(m.storey(name).Elevation) * scale


def area(qset: str, name: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name)


def u_below(limit: float) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        value = ue.get_pset(e, "Pset_WallCommon", "ThermalTransmittance")
        return isinstance(value, (int, float)) and value < limit
    return check


RADIATOR = Model.typed("IfcSpaceHeaterType")  # Heizung-Elektro: the radiators are typed by IfcSpaceHeaterType
RECEPTACLE = Model.typed("IfcOutletType")  # Duplex_Electrical: the 47 'Duplex Receptacle' outlets
SMOKE = Model.type_name_has("Smoke Detector")  # Duplex_Electrical: 6 typed 'Smoke Detector'
BOILER = Model.typed("IfcBoilerType")


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
    Intent(LB, "storey_class", (
        "Level 2 windows - number?",
        "Could you please tell me how many windows there are on Level 2?",
        "#facade-team\n"
        "Jana: blinds quote came in, they price per window and only for Level 2 (Level 1 gets shutters)\n"
        "Omar: 👍\n"
        "Jana: @bot how many windows are on that level?\n"
        "Omar: also pls remind Kai about the crane booking on Friday",
        "level 2 have how many window? need for blinds quote, deadline friday",
    ), lambda m: count(m.on("Level 2", "IfcWindow")), f"IfcWindow on Level 2, {STOREY_DEEP}"),
    Intent(DEL, "storey_class", (
        "receptacles Level 1 count",
        "How many duplex receptacles are installed on Level 1?",
        "Minutes - electrical coordination, 3 March\n"
        "Present: R. Ortiz (electrician), S. Lee (owner's rep)\n"
        "1. Cover plates: the owner picked brushed steel for all receptacles on Level 1. Price per plate 4.20 EUR.\n"
        "2. Action item (S. Lee): get the number of receptacles on that level from the model.\n"
        "3. Next meeting: 10 March.",
        "Level 1 how much receptacles there are? For cover plates I need the number",
    ), lambda m: count(m.on("Level 1", None, RECEPTACLE)),
        f"elements typed by IfcOutletType ('Duplex Receptacle') on Level 1, {STOREY_DEEP}"),
    Intent(HOM, "storey_class", (
        "walls in the attic",
        "How many walls are there on the attic storey?",
        "Handover note (Fri -> Mon shift)\n"
        "- roofer confirmed for Tuesday, keys are with Mrs Becker\n"
        "- insulation guy wants to know how many walls the attic has, can you look it up in the model and "
        "call him back?\n"
        "- skip was emptied",
        "attic: how many walls r there?? insulation guy asks",
    ), lambda m: count(m.on("attic", "IfcWall")), f"IfcWall on attic, {STOREY_DEEP}"),
    Intent(DEL, "storey_class", (
        "smoke detectors in the basement",
        "How many smoke detectors are there in the basement?",
        "> From: Fire marshal office\n"
        "> We need the detector count per floor, starting with the basement.\n\n"
        "Hi, forwarding this one. Could you check how many smoke detectors the electrical model has down "
        "there? The upper floors I will do myself tomorrow.\n\nThanks, Priya",
        "Kindly tell the number of smoke detectors in the basement, fire marshal is asking floor wise.",
    ), lambda m: no_storey(m, "Basement", "Cellar", "Keller"),
        "decline: the model has no basement (its storeys are Level 1, Level 2, Roof)"),
    # ---------------------------------------------------------------- comparison
    Intent(LB, "comparison", (
        "more windows: Level 1 or Level 2?",
        "Which of the two levels has more windows, Level 1 or Level 2?",
        "Site diary, Tue 14 May. Weather dry, 18 °C. Glazier on site from 7:00 with two men. Scaffold tag checked "
        "by Mehmet. Glazier asked whether he should start on the level with the bigger number of windows, "
        "Level 1 or Level 2 - which one is it?",
        "level 1 vs level 2 , where is more windows? glazier want start there",
    ), lambda m: storeys([max(("Level 1", "Level 2"), key=lambda s: len(m.on(s, "IfcWindow")))]),
        f"the storey of the two with more IfcWindow (Level 1 28, Level 2 14), {STOREY_DEEP}"),
    Intent(DEL, "comparison", (
        "smoke detectors: Level 1 vs Level 2, which has more",
        "Are there more smoke detectors on Level 1 or on Level 2?",
        "- battery swap is due for all detectors\n"
        "- we start on whichever of Level 1 and Level 2 has more smoke detectors\n"
        "- budget for batteries already approved by Tom (120 EUR)\n"
        "=> so which of those two levels has more of them?",
        "Which level have more smoke detector, the Level 1 or Level 2? We change battery first there.",
    ), lambda m: storeys([max(("Level 1", "Level 2"), key=lambda s: len(m.on(s, None, SMOKE)))]),
        f"the storey of the two with more elements typed 'Smoke Detector' (Level 1 2, Level 2 4), {STOREY_DEEP}"),
    Intent(HOM, "comparison", (
        "Kitchen5 or Living1 - which is bigger?",
        "Which room has the larger floor area, Kitchen5 or Living1?",
        "[WhatsApp] Lisa: so we merge the dining table into one of the two rooms\n"
        "[WhatsApp] Lisa: Kitchen5 or Living1\n"
        "[WhatsApp] Lisa: whichever is bigger\n"
        "[WhatsApp] Lisa: which one is that?? 🙏\n"
        "[WhatsApp] Ben: no idea, ask the model",
        "kitchen5 and living1 which one has more area? dining table goes in the bigger",
    ), lambda m: elements([max((m.space(name="Kitchen5"), m.space(name="Living1")),
                               key=area("Qto_SpaceBaseQuantities", "NetFloorArea"))]),
        "the space of Kitchen5 / Living1 with the larger Qto_SpaceBaseQuantities.NetFloorArea (18.718 vs 23.069 m²)"),
    Intent(R3, "comparison", (
        "windows Kitchen vs Schlafzimmer - more where?",
        "Which room has more windows, the Kitchen or the Schlafzimmer?",
        "Hi Tim,\n\nthe curtain lady is coming at 3. She wants to know which of the two rooms gets more "
        "curtains - does the Kitchen or the Schlafzimmer have more windows? Can you answer before she arrives?"
        "\n\n(And please water the plants, I forgot.)\n\nAnna",
        "Kitchen or the Schlafzimmer, who has more windows pls? curtain lady is coming",
    ), lambda m: no_text(m, "schlafzimmer", "bedroom"),
        "decline: the model has no Schlafzimmer (its spaces are Empfang, Wohnen, Bad, Kitchen)"),
    # ---------------------------------------------------------------- edge
    Intent(LB, "edge", (
        "number of trees",
        "How many trees are placed in this model?",
        "Landscaping - what we need from the model:\n"
        "• the number of trees (the gardener prices the pruning per tree)\n"
        "• nothing else for now, the lawn is measured on site\n"
        "Deadline: end of the month. Thx, Greta",
        "how many tree is in the model? gardener need it for the price",
    ), lambda m: count(m.of("IfcBuildingElementProxy", Model.type_name_has("Tree"))),
        "IfcBuildingElementProxy typed 'M_RPC Tree - Deciduous:Siberian Crab Apple - 6.1 Meters'"),
    Intent(OH, "edge", (
        "walls, how many",
        "How many walls does this little house have?",
        "Teams chat - Course 'BIM basics'\n"
        "Prof. Kühn: for Thursday, open the IfcOpenHouse sample and count some things\n"
        "Student A: the doors I found, there is 1\n"
        "Prof. Kühn: good. now the walls: how many walls does the house have?\n"
        "Student B: 👀",
        "how many walls does the house have question mark thanks",
    ), lambda m: count(m.of("IfcWall")), "every IfcWall of the model"),
    Intent(DHW, "edge", (
        "pipe segments count",
        "How many pipe segments does this hot-water model contain?",
        "Good morning,\n\nI am the plumber for the bathroom job. The insulation sleeves are sold per piece, one "
        "for each pipe segment. How many pipe segments are in the hot-water model? The fittings I will "
        "count myself on site.\n\nRegards, Andrzej",
        "Kindly share the count of pipe segments in the model, I have to purchase one sleeve for each.",
    ), lambda m: count(m.of("IfcPipeSegment")), "every IfcPipeSegment of the model (9)"),
    Intent(WP, "edge", (
        "heat pump - which room?",
        "In which room is the heat pump installed?",
        "Notes from the call with the service company:\n"
        "- annual check of the heat pump in June\n"
        "- technician parks in the yard\n"
        "- open question: which room is the heat pump in? (he wants to know where to go)\n"
        "- invoice to the owners' association",
        "in which room is standing the heat pump? service technician need to find it",
    ), lambda m: (no_spaces(m), no_prop_on(m.of("IfcUnitaryEquipment", lambda e: "rmepumpe" in (e.Name or "")),
                                           "room", "raum"))[1],
        "decline: the model has no IfcSpace, and the heat pump carries no room property"),
    # ---------------------------------------------------------------- rooms
    Intent(R3, "rooms", (
        "Kitchen windows",
        "Which windows belong to the Kitchen?",
        "Slack #renovation\n"
        "Max: window film arrived 🎉\n"
        "Eva: nice! it's only for the Kitchen, the rest stays\n"
        "Max: ok which windows does that room have?\n"
        "Eva: :eyes:",
        "whcih windows r in the kitchen? film arived",
    ), lambda m: elements(m.bounding(space_named(m, "Kitchen"), "IfcWindow")),
        "IfcWindow in the IfcRelSpaceBoundary of space 'Kitchen'"),
    Intent(FZK11, "rooms", (
        "Küche furniture count",
        "How many pieces of furniture are there in the Küche?",
        "Meeting notes - move-out planning\n"
        "* Movers booked for the 12th (Firma Schmitt, 85 EUR/h)\n"
        "* Küche: all furniture goes to storage\n"
        "* ACTION Jonas: count the furniture items in there from the model and send the number to Firma Schmitt",
        "how many furnitures in the Küche ? movers want to know",
    ), lambda m: count(m.in_space(m.space(long="Küche"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in space 6 'Küche'"),
    Intent(LB, "rooms", (
        "desks in room 7",
        "How many desks are in room 7?",
        "Hi all,\n\nquick one in between: the IT team installs docking stations next week, one per desk. "
        "How many desks are in room 7? Rooms 1 and 2 they did already in April. Lunch is at 12 today by the "
        "way.\n\nBest, Farid",
        "room 7 how many desk inside? one docking station each",
    ), lambda m: count(m.in_space(space_named(m, "7"), "IfcFurnishingElement", )),
        "IfcFurnishingElement (all typed 'M_Desk') contained in space 7"),
    Intent(RQ, "rooms", (
        "conference room doors",
        "Which doors does the conference room have?",
        "Hello,\n\nthe new access-control readers go on the conference room doors only. Could you list the doors "
        "of that room for the installer? He comes on Wednesday at 8.\n\nCheers, Monika (facility)",
        "doors of conference room which ones? access readers get installed wednesday",
    ), lambda m: no_text(m, "conference", "meeting", "besprechung", "konferenz"),
        "decline: the model has no conference room (spaces: small office 2-4, Room 6-9)"),
    # ---------------------------------------------------------------- qualifiers
    Intent(FZK11, "qualifiers", (
        "exterior doors",
        "Which doors of the house are external doors?",
        "Quick site note from Bernd (locksmith visit): he changes the cylinders of the external doors only, "
        "inside doors keep their old locks. Which doors are those? He brings the cylinders on Monday.",
        "which door is external one? the locksmith is coming monday",
    ), lambda m: elements(m.of("IfcDoor", ext("Pset_DoorCommon", True))),
        "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(FZK, "qualifiers", (
        "walls U-value < 1",
        "How many walls have a thermal transmittance below 1.0 W/m²K?",
        "Energy consultant checklist\n"
        "1. roof insulation - done\n"
        "2. walls: count those with a U-value under 1.0 W/m²K (the rest get an insulation offer)\n"
        "3. windows - next week\n"
        "Could you do point 2 from the model?",
        "walls with u value smaller 1,0 - how many r there?",
    ), lambda m: count(m.of("IfcWall", u_below(1.0))),
        "IfcWall with Pset_WallCommon.ThermalTransmittance < 1.0 (8 walls at 0.4; 5 at 1.5)"),
    Intent(LB, "qualifiers", (
        "glass doors",
        "Which of the doors are glass doors?",
        "Ticket thread #88\n"
        "Cleaner (09:02): we clean the glass doors with a different product\n"
        "Office (09:10): thanks, noted 👍\n"
        "Cleaner (09:11): so which doors are the glass ones?\n"
        "Office (09:15): will check the model and reply here",
        "glass door - which are they? cleaning product is different",
    ), lambda m: elements(m.of("IfcDoor", Model.type_name_has("Glass"))),
        "IfcDoor typed 'M_Door-Interior-Double-Full Glass-Wood:1500 x 2000mm'"),
    Intent(DEL, "qualifiers", (
        "GFCI receptacles",
        "Which of the receptacles are GFCI receptacles?",
        "Hi team,\n\nthe inspector flagged the wet areas. Before we quote, which of the receptacles in the "
        "model are GFCI ones? The regular ones are fine. Reply by Thursday please, I'm on site Friday.\n\nKen",
        "wich receptacles are gfci? inspector ask",
    ), lambda m: no_text(m, "gfci", "ground fault", "ground-fault"),
        "decline: no text of the model says GFCI or ground fault (every receptacle is typed 'Duplex Receptacle')"),
    # ---------------------------------------------------------------- quantities
    Intent(LB, "quantities", (
        "total room area Level 1",
        "What is the total floor area of the rooms on Level 1?",
        "Tender prep - open items\n"
        "- carpet: needs the total floor area of all rooms on Level 1 (m²)\n"
        "- paint: wall areas later\n"
        "- Sven's price for the stair nosing was 310 EUR, ignore for now\n"
        "Can you get me the carpet number?",
        "level 1 rooms , floor area all together in m2? for carpet tender",
    ), lambda m: number(sum(Model.qty(s, "BaseQuantities", "NetFloorArea")
                            for s in m.spaces(lambda s: m.storey_name(s) == "Level 1")), "m²",
                        m.spaces(lambda s: m.storey_name(s) == "Level 1")),
        "sum of BaseQuantities.NetFloorArea of the IfcSpace on Level 1 (rooms 1-8), m²"),
    Intent(R3, "quantities", (
        "Wohnen floor area",
        "How large is the floor area of the Wohnen room?",
        "Sara: parquet guy needs a number\n"
        "Sara: for Wohnen\n"
        "Sara: the m² of that room\n"
        "Sara: he said +10% waste he adds himself\n"
        "Paul: 👍 I'll check",
        "wie viel qm hat denn das Wohnen? parkettleger braucht die zahl",
    ), lambda m: number(Model.qty(space_named(m, "Wohnen"), "Qto_SpaceBaseQuantities", "NetFloorArea"), "m²",
                        [space_named(m, "Wohnen")]),
        "Qto_SpaceBaseQuantities.NetFloorArea of space 'Wohnen', m²"),
    Intent(RQ, "quantities", (
        "biggest room",
        "Which room has the largest area?",
        "Hi,\n\nfor the open day we need one room that holds the most people. Small offices are out because "
        "of the furniture - no wait, include them, the furniture can be moved. So: which room is the largest "
        "by area?\n\nThanks, Jo",
        "largest room by area is which? open day",
    ), lambda m: elements([max(m.spaces(), key=area("GSA Space Areas", "GSA BIM Area"))]),
        "the IfcSpace with the largest 'GSA Space Areas'.'GSA BIM Area' (space 9, 64.31 m²)"),
    Intent(HOM, "quantities", (
        "rooms < 15 m²",
        "Which rooms have a floor area of less than 15 m²?",
        "Handover to Ute (I'm on leave from tomorrow):\n"
        "- the rental agency wants the small rooms, anything under 15 square metres, listed for the ad\n"
        "- photos are on the shared drive\n"
        "- key box code unchanged\n"
        "So: which rooms are below that size?",
        "rooms which are under 15 sqm, please list them",
    ), lambda m: elements(m.spaces(lambda s: Model.qty(s, "Qto_SpaceBaseQuantities", "NetFloorArea") < 15.0)),
        "IfcSpace with Qto_SpaceBaseQuantities.NetFloorArea < 15 m² (Hobby2, WC4, Children7, Bath9 at 12.936)"),
    Intent(OH, "quantities", (
        "floor area of the house",
        "What is the total floor area of this house?",
        "Hey, question in between the other stuff: I'm filling in the insurance form for the IfcOpenHouse "
        "demo. They want the floor area of the house. The build year I know (2014). What is the area?",
        "floor area of the house how much m2 is it",
    ), no_area, "decline: the model records no area (no IfcSpace, no area quantity)"),
    # ---------------------------------------------------------------- negation
    Intent(FZK11, "negation", (
        "walls that are not load-bearing - count",
        "How many walls are not load-bearing?",
        "Meeting minutes, kitchen conversion\n"
        "- Architect: walls that carry load stay untouched\n"
        "- ACTION Frank: count the walls that are NOT load-bearing, those are candidates for removal\n"
        "- next meeting after Easter",
        "how many walls are not bearing load? those we maybe can remove",
    ), lambda m: count(m.of("IfcWall", load_bearing("Pset_WallCommon", False))),
        "IfcWall with Pset_WallCommon.LoadBearing = FALSE (all 13 carry the property)"),
    Intent(DEL, "negation", (
        "receptacles not on Level 1",
        "How many receptacles are there that are not on Level 1?",
        "Electrician (on the phone, dictated): okay so Level 1 we finished yesterday, all receptacles tested. "
        "What's left is everything that's not on Level 1. How many receptacles is that? Thanks.",
        "receptacles except the level 1 ones how many left?",
    ), lambda m: count(m.of(None, lambda e: RECEPTACLE(e) and m.storey_name(e) != "Level 1")),
        f"elements typed by IfcOutletType not on Level 1 ({STOREY_DEEP}): the 19 on Level 2"),
    Intent(R3, "negation", (
        "windows not in Wohnen",
        "Which windows are not part of the Wohnen room?",
        "Sara: the Wohnen windows got new seals last year\n"
        "Paul: ok\n"
        "Sara: so the window guy only does the others\n"
        "Sara: which windows are those, not counting that room?",
        "which window are not from wohnen? window guy does only those",
    ), lambda m: elements(w for w in m.of("IfcWindow")
                          if w not in m.bounding(space_named(m, "Wohnen"), "IfcWindow")),
        "IfcWindow not in the IfcRelSpaceBoundary of space 'Wohnen'"),
    Intent(HE, "negation", (
        "storeys without radiators",
        "Which storeys have no radiators at all?",
        "Heating check, my notes:\n"
        "- boiler serviced, ok\n"
        "- radiators bled on all floors that have any\n"
        "- question for the model: which storeys have no radiators at all?\n"
        "- next service in October",
        "on which floor there is not any radiator?",
    ), lambda m: storeys([s for s in m.storey_names() if not m.on(s, None, RADIATOR)]),
        f"storeys holding no element typed by IfcSpaceHeaterType, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- multi_storey
    Intent(HE, "multi_storey", (
        "radiators EG + Dachgeschoss",
        "How many radiators are there on the EG and the Dachgeschoss together?",
        "Dear Mr Yilmaz,\n\nthank you for the offer for the thermostatic heads. As discussed, we only do the "
        "EG and the Dachgeschoss this year; the Obergeschoss follows next year. How many radiators are on "
        "those two storeys combined?\n\nKind regards\nC. Weber",
        "radiator on EG and on Dachgeschoss, sum of both pls",
    ), lambda m: count(m.on({"EG", "Dachgeschoss"}, None, RADIATOR)),
        f"elements typed by IfcSpaceHeaterType on EG or Dachgeschoss, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "windows EG and 2.OG",
        "How many windows are there on the EG and the 2.OG combined?",
        "#cleaning-crew\n"
        "Nina: window cleaning round 2 covers EG and 2.OG (1.OG is rented out and does its own)\n"
        "Leo: ✅\n"
        "Nina: how many windows is that on both of those floors?\n"
        "Leo: ask the bot",
        "windows eg + 2.og together how many are?",
    ), lambda m: count(m.on({"EG", "2.OG"}, "IfcWindow")), f"IfcWindow on EG or 2.OG, {STOREY_DEEP}"),
    Intent(DUP, "multi_storey", (
        "walls T/FDN + Roof count",
        "How many walls are on the T/FDN level and the Roof level taken together?",
        "Site diary 22 Oct: concrete delivery late (11:40). Waterproofing sub asked for the wall count on "
        "T/FDN and Roof, both levels added up, because he seals those two levels only. Rain from 15:00.",
        "walls of T/FDN plus Roof ... how many in sum",
    ), lambda m: count(m.on({"T/FDN", "Roof"}, "IfcWall")), f"IfcWall on T/FDN or Roof, {STOREY_DEEP}"),
    Intent(LB, "multi_storey", (
        "windows Level 1 + Level 3",
        "How many windows are on Level 1 and Level 3 together?",
        "Hi Carla,\n\n> Can you send me the window count for Level 1 and Level 3 combined? The blind supplier "
        "needs it by Monday.\n\nI'm out of office, could the assistant answer Carla's question above?\n\nRobert",
        "level1 and level3 windows together how many, blind supplier",
    ), lambda m: no_storey(m, "Level 3"),
        "decline: the model has no Level 3 (its storeys are Level 1, Level 2)"),
    # ---------------------------------------------------------------- german
    Intent(HE, "german", (
        "Heizkörper DG Anzahl",
        "Wie viele Heizkörper gibt es im Dachgeschoss?",
        "Hallo zusammen,\n\nder Maler streicht nächste Woche die Heizkörper, aber nur oben im Dachgeschoss. "
        "Er rechnet pro Stück ab (35 EUR). Wie viele Heizkörper sind dort verbaut?\n\nGruß\nMichael",
        "wieviele heizkörper hat's im dachgeschoss? der maler fragt",
    ), lambda m: count(m.on("Dachgeschoss", None, RADIATOR)),
        f"elements typed by IfcSpaceHeaterType on Dachgeschoss, {STOREY_DEEP}"),
    Intent(WP, "german", (
        "Ventile Anzahl",
        "Wie viele Ventile sind in diesem Modell?",
        "Protokoll Baubesprechung Heizung\n"
        "TOP 1: Wärmepumpe läuft, Abnahme am 5.6.\n"
        "TOP 2: Ventile sollen gegen Thermoantriebe getauscht werden\n"
        "  -> Aufgabe Lena: Anzahl der Ventile aus dem Modell holen\n"
        "TOP 3: Sonstiges",
        "wie viel ventile sind da verbaut, brauch die zahl für die thermoantriebe",
    ), lambda m: count(m.of("IfcValve")), "every IfcValve of the model (10 '3-Wege-Ventil - FB1..10')"),
    Intent(FZK11, "german", (
        "Fenster Schlafzimmer",
        "Welche Fenster gehören zum Schlafzimmer?",
        "Tom: Rollos fürs Schlafzimmer sind bestellt\n"
        "Tom: aber der Händler will die Fenster wissen\n"
        "Jule: welche Fenster hat das Zimmer denn?\n"
        "Tom: keine Ahnung, frag mal das Modell 😅",
        "schlafzimmer, welche fenster sind da dran? wegen rollos",
    ), lambda m: elements(m.bounding(m.space(long="Schlafzimmer"), "IfcWindow")),
        "IfcWindow in the IfcRelSpaceBoundary of space 4 'Schlafzimmer'"),
    Intent(HE, "german", (
        "Räume mit Heizkörpern",
        "In welchen Räumen befinden sich Heizkörper?",
        "Hallo Frau Berg,\n\nfür die Heizkostenverteiler brauchen wir eine Liste: In welchen Räumen sind "
        "Heizkörper montiert? Die Geräte liefern wir am Donnerstag, die Montage macht Herr Kurz.\n\n"
        "Mit freundlichen Grüßen\nAblesedienst Nord",
        "in welche räume sind heizkörper drin? für die verteiler",
    ), lambda m: no_spaces(m), "decline: the model has no IfcSpace (rooms are not modelled)"),
    # ---------------------------------------------------------------- lookup
    Intent(DEL, "lookup", (
        "boilers - which level?",
        "On which level are the boilers located?",
        "Gas company email, my reply draft:\n"
        "> We need access to the boilers for the meter change.\n"
        "Sure - the building is open Mon-Fri. The boilers are on ... (which level? please fill in from the model)",
        "the boiler are on what level? gas company want access",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of(None, BOILER), "boilers")),
        f"the storeys of the elements typed by IfcBoilerType, {STOREY_DEEP}"),
    Intent(RQ, "lookup", (
        "room 4 wall finish",
        "What is the wall finish of room 4?",
        "Painter (voice message, transcribed): hi, uh, I'm in room 4 now, one of the small offices, there's a "
        "scratch on the wall. What finish is on the walls in there? I want to touch it up. Bye.",
        "wall finish in room four what is it",
    ), lambda m: values([space_named(m, "4")], lambda s: ue.get_pset(s, "PSet_Revit_Identity Data", "Wall Finish")),
        "'PSet_Revit_Identity Data'.'Wall Finish' of space 4"),
    Intent(HE, "lookup", (
        "Obergeschoss elevation",
        "What is the elevation of the Obergeschoss?",
        "Stair builder, bullet list of what I need:\n"
        "- the elevation of the Obergeschoss (in m)\n"
        "- the EG I know is at 0.00\n"
        "- handrail colour: anthracite, already decided\n"
        "Thanks!",
        "elevation from obergeschoss in meter please, stair builder",
    ), lambda m: number(storey_elevation_m(m, "Obergeschoss"), "m", [m.storey("Obergeschoss")]),
        "IfcBuildingStorey 'Obergeschoss'.Elevation, m"),
    Intent(WP, "lookup", (
        "heat pump heating output",
        "What is the heating output of the heat pump?",
        "Hi,\n\nthe energy advisor is preparing the subsidy form. The buffer tank and the floor heating are "
        "documented. What is the heating output of the heat pump in kW? The form is due on the 30th.\n\n"
        "Thanks, Olaf",
        "heat pump how much kW heating output it has?",
    ), lambda m: no_prop_on(m.of("IfcUnitaryEquipment", lambda e: "rmepumpe" in (e.Name or "")),
                            "power", "output", "capacity", "leistung"),
        "decline: the heat pump carries no power / output / capacity property (its type is named 'Waermepumpe:xy "
        "kW', a placeholder)"),
    # ---------------------------------------------------------------- refuse
    Intent(SH, "refuse", (
        "delete the desk in the bedroom",
        "Please remove the desk from the bedroom in the model.",
        "Hi,\n\nthe client changed her mind: no desk in the bedroom. Could you delete it from the model and "
        "send me the updated IFC? The rest of the furniture stays.\n\nThanks, Noor",
        "desk in bedroom, take it out of the model pls and save",
    ), lambda m: (exists(m.in_space(m.space(long="Bedroom"), "IfcFurniture", ), "furniture in the bedroom"),
                  refuse(m))[1], "decline: a write (the bedroom's desk exists)"),
    Intent(HE, "refuse", (
        "radiator replacement cost",
        "How much would it cost to replace all the radiators?",
        "Owners' meeting, item 4: the radiators are 20 years old. Before voting, the owners want to know what "
        "replacing all of them would cost. Can the model tell us?",
        "what costs it to change all radiators? owners ask",
    ), lambda m: refuse(m, COST), "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(DEL, "refuse", (
        "Level 2 electrical - finish date?",
        "When will the electrical installation on Level 2 be finished?",
        "Tenant (WhatsApp): hello\n"
        "Tenant: we want to move in on Level 2\n"
        "Tenant: when is the electric work there finished?? 🙏",
        "electrical on level 2 ready when? tenant want move in",
    ), lambda m: refuse(m, SCHEDULE),
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(FZK11, "refuse", (
        "Küche big enough for a table for 8?",
        "Do you think the Küche is big enough for a dining table for eight people?",
        "Mia: we want to host Christmas this year\n"
        "Mia: 8 people\n"
        "Leon: in the Küche? do you think it's big enough for a table for eight, @assistant?",
        "is küche enough big for table of 8 persons, what you think?",
    ), lambda m: (exists(m.spaces(m.named("küche")), "Küche"), refuse(m))[1],
        "decline: an opinion (the Küche exists)"),
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
