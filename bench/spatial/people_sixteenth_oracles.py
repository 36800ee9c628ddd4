"""Issue 22's sixteenth people set (blind): 45 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_sixteenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_sixteenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``sixteenth-KIND-NN-a`` .. ``-d``, ``intent`` ``sixteenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment, (b) a full polite question, (c) a real message whose structure the
fourteenth and fifteenth sets did not use (a forwarded mail chain with From/To/Subject headers, a filled-in form or
checklist, a support ticket with status fields, a message correcting itself mid-way, a message asking two things of
which only one is for the model, a calendar invite, a punch-list row, a note mixing German and English, an RFI
form, a question inside a longer story), (d) another voice (non-native grammar, typos, dictation, abbreviations,
all-lowercase chat, German colloquial, trade jargon, a statement with a question mark). ``--check`` exits 1 when
the JSON is stale, 2 without the models.

The set leans on the models the fourteenth and fifteenth sets used little (Ifc4_SampleHouse, AC20-FZK-Haus,
WP_Puffer, ExampleHOM, domestic-hot-water, IfcOpenHouse, linear-placement-of-signal, revit_quantities, 3rooms)
and asks several kinds on models neither set used for that kind (Ifc4_SampleHouse for storey_class, comparison,
rooms, quantities, multi_storey and lookup; WP_Puffer for comparison; IfcOpenHouse for qualifiers and refuse;
domestic-hot-water for rooms and lookup; the rail model for refuse). Every oracle goes through the ``Model``
walks and builders of ``people_oracles.py`` (storey-deep containment, "in room X" = contained in the space, "the
windows / doors of room X" = its IfcRelSpaceBoundary elements, booleans need their explicit value), and the
decline premises of ``people_fifteenth_oracles.py`` (each raises ``ValueError`` when the model holds what the
decline says it lacks).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_fifteenth_oracles import (  # noqa: E402
    COST,
    SCHEDULE,
    exists,
    no_prop_on,
    no_property,
    no_spaces,
    no_storey,
    no_storeys_at_all,
    no_text,
    refuse,
    values,
)
from people_oracles import (  # noqa: E402
    DEL,
    DUP,
    EDC,
    FZK,
    HE,
    HOM,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    WP,
    Model,
    Oracle,
    count,
    elements,
    ext,
    extreme,
    number,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_sixteenth.json"
PREFIX = "sixteenth"

FZK11 = "AC11-FZK-Haus-IFC.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
LPS = "linear-placement-of-signal.ifc"

__all__ = ["COST", "SCHEDULE", "no_text", "no_storey", "no_property", "no_spaces", "no_prop_on",
           "no_storeys_at_all", "refuse", "exists", "compute", "main", "INTENTS", "Model"]


def nfa(qset: str = "BaseQuantities") -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, "NetFloorArea")


def storey_elevation_m(m: Model, name: str) -> float:
    """The storey's Elevation in metres (the file's length unit converted)."""
    scale = {"m": 1.0, "mm": 0.001, "cm": 0.01}[m.unit("LENGTHUNIT")]
    return float(m.storey(name).Elevation) * scale


def u_value(pset: str) -> Callable[[Any], Any]:
    return lambda e: ue.get_pset(e, pset, "ThermalTransmittance")


def u_above(pset: str, limit: float) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        value = u_value(pset)(e)
        return isinstance(value, (int, float)) and value > limit
    return check


def more_of(m: Model, rooms: tuple[str, str], cls: str) -> Oracle:
    """The space (of two, by Name) bounded by more ``cls`` elements; a tie is an error."""
    a, b = (m.space(name=r) for r in rooms)
    na, nb = len(m.bounding(a, cls)), len(m.bounding(b, cls))
    if na == nb:
        raise ValueError(f"tie {na} = {nb}")
    return elements([a if na > nb else b])


def bigger(m: Model, longs: tuple[str, str], key: Callable[[Any], float]) -> Oracle:
    a, b = (m.space(long=r) for r in longs)
    if key(a) == key(b):
        raise ValueError("tie")
    return elements([a if key(a) > key(b) else b])


LIGHT_150W = Model.type_name_has("150W")  # Duplex_Electrical: 8 IfcLightFixtureType '150W - 120V'
BOILER_T = Model.typed("IfcBoilerType")


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
    Intent(SH, "storey_class", (
        "Ground Floor rooms?",
        "Could you tell me how many rooms there are on the Ground Floor?",
        "---------- Forwarded message ---------\n"
        "From: Hannah Price <h.price@cleanco.example>\n"
        "To: site office\n"
        "Subject: RE: end-of-build clean - Sample House\n\n"
        "We price the final clean per room. Please confirm the number of rooms on the Ground Floor.\n\n"
        "---\nCan someone answer Hannah? How many rooms does that floor have? Her price for the window "
        "cleaning (390 GBP) is fine already.",
        "how many rooms there is on the ground floor? for the cleaning company",
    ), lambda m: count(m.on("Ground Floor", "IfcSpace")),
        "IfcSpace on Ground Floor (aggregated into the storey): Living room, Bedroom, Entrance hall"),
    Intent(FZK, "storey_class", (
        "Dachgeschoss walls count",
        "How many walls are there on the Dachgeschoss?",
        "Drywall checklist - FZK-Haus\n"
        "Client: Familie Brandt\n"
        "Storey: Dachgeschoss\n"
        "Scope: new plaster on all walls of the storey\n"
        "Number of walls on this storey: ____ (please fill from the model)\n"
        "Plaster colour: white (RAL 9010)\n"
        "Signed: M. Özdemir",
        "walls on the dachgeschoss are how many..?",
    ), lambda m: count(m.on("Dachgeschoss", "IfcWall")), f"IfcWall on Dachgeschoss, {STOREY_DEEP}"),
    Intent(EDC, "storey_class", (
        "doors 1.OG number",
        "How many doors are on the 1.OG?",
        "Ticket FM-2231\n"
        "Status: open\n"
        "Priority: normal\n"
        "Assignee: BIM desk\n"
        "Reported by: K. Lindqvist (security)\n"
        "Text: door signs get replaced on the 1.OG next month, one sign per door. How many doors are on that "
        "storey? The 2.OG signs were done in spring.",
        "please I want to know how many doors are there in the 1.OG, for the signs",
    ), lambda m: count(m.on("1.OG", "IfcDoor")), f"IfcDoor (with IfcDoorStandardCase) on 1.OG, {STOREY_DEEP}"),
    Intent(RQ, "storey_class", (
        "Level 2 doors count",
        "How many doors are there on Level 2?",
        "Hi, I'm doing the door hardware schedule. On Level 1 - sorry, I mean Level 2, Level 1 is finished - "
        "how many doors are on that level? Lever handles are 38 EUR a piece, the supplier already confirmed.",
        "doors on level two how many there are question mark",
    ), lambda m: no_storey(m, "Level 2", "Level two"),
        "decline: the model has no Level 2 (its one storey is Level 1)"),
    # ---------------------------------------------------------------- comparison
    Intent(WP, "comparison", (
        "more valves than pumps?",
        "Are there more valves than pumps in this heating model?",
        "Two things before the service visit:\n"
        "1) Are there more valves than pumps in the model? (the technician brings spare seals for whichever is "
        "the larger group)\n"
        "2) Could you ask Jens to leave the boiler room unlocked on Thursday?\n"
        "Thanks - Greta",
        "valves more than pumps yes or no? techniker bring seals",
    ), lambda m: yes_no(len(m.of("IfcValve")) > len(m.of("IfcPump"))),
        "count of IfcValve (10) > count of IfcPump (4)"),
    Intent(HOM, "comparison", (
        "GroundFloor vs 1stFloor: more windows?",
        "Which storey has more windows, the GroundFloor or the 1stFloor?",
        "Invitation: Window cleaning kick-off\n"
        "When: Tue 9:00-9:30\n"
        "Where: site container\n"
        "Attendees: cleaning crew, caretaker\n"
        "Agenda: the crew starts on whichever has more windows, the GroundFloor or the 1stFloor - please "
        "find out which of those two it is before the meeting. Coffee provided.",
        "which floor has more window - groundfloor or 1stfloor ? crew start there",
    ), lambda m: storeys([max(("GroundFloor", "1stFloor"), key=lambda s: len(m.on(s, "IfcWindow")))]),
        f"the storey of the two with more IfcWindow (GroundFloor 9, 1stFloor 4), {STOREY_DEEP}"),
    Intent(SH, "comparison", (
        "Bedroom or Entrance hall - bigger?",
        "Which is larger by floor area, the Bedroom or the Entrance hall?",
        "So we were at the Sample House yesterday, my sister and me, and she absolutely wants the room with "
        "more floor space for her piano. The agent kept talking about the garden, the new boiler, the price "
        "(too high, 310k). Anyway: the Bedroom or the Entrance hall, which of the two is bigger?",
        "bedroom vs entrance hall, who is more big in m2?",
    ), lambda m: bigger(m, ("Bedroom", "Entrance hall"), nfa()),
        "the space of Bedroom / Entrance hall with the larger BaseQuantities.NetFloorArea (15.42 vs 8.69 m²)"),
    Intent(R3, "comparison", (
        "Wohnen or Kitchen - more windows?",
        "Which room has more windows: the Wohnen or the Kitchen?",
        "Punch list - walk-through 14 Nov\n"
        "#07 | Wohnen + Kitchen | window reveals unpainted | painter starts in the room with more windows | "
        "open\n"
        "#08 | Bad | silicone joint | tiler | done\n"
        "Q on #07: which of those two rooms has more windows?",
        "wohnen and kitchen, which one got more windows?",
    ), lambda m: more_of(m, ("Wohnen", "Kitchen"), "IfcWindow"),
        "the space of Wohnen / Kitchen with more IfcWindow in its IfcRelSpaceBoundary (3 vs 2)"),
    # ---------------------------------------------------------------- edge
    Intent(LPS, "edge", (
        "signals - how many",
        "How many signals are placed along this railway alignment?",
        "RFI No. 014\n"
        "Project: rail alignment test model\n"
        "Subject: signal count\n"
        "Question: how many signals does the model contain? We order one foundation per signal.\n"
        "Response required by: Friday\n"
        "Cc: track design (no action needed)",
        "how much signal are there in this model?",
    ), lambda m: count(m.of("IfcSignal")), "every IfcSignal of the model"),
    Intent(LPS, "edge", (
        "signals: which storey?",
        "On which storey are the signals located?",
        "Hallo Tom, kurze Frage for the asset register: the register wants a storey for every item. On which "
        "storey are the signals? Danke! The kilometre positions I already have from Lea.",
        "signals are on storey..?",
    ), lambda m: (exists(m.of("IfcSignal"), "signals"), no_storeys_at_all(m))[1],
        "decline: the model has no IfcBuildingStorey (an alignment with 2 linearly placed signals)"),
    Intent(OH, "edge", (
        "list the walls",
        "Which walls does this house have?",
        "Story time: my daughter builds the IfcOpenHouse in Minecraft for a school project. She did the roof "
        "first (wrong order, I know), then got stuck. Now she wants a list of the walls of the house so she "
        "can tick them off one by one. Which walls are there?",
        "wat walls has the house, list pls",
    ), lambda m: elements(m.of("IfcWall")), "every IfcWall of the model (East, North, South, West wall)"),
    Intent(DHW, "edge", (
        "valves count",
        "How many valves are in this domestic hot water model?",
        "Form: spare parts request\n"
        "Requested by: A. Novak (plumbing)\n"
        "Item: cartridge, one per valve\n"
        "Quantity: = number of valves in the hot water model (please fill in)\n"
        "Budget code: 4410-PL\n"
        "Approved: yes",
        "no. of valves in the hot water model pls",
    ), lambda m: count(m.of("IfcValve")), "every IfcValve of the model (2, typed 'MIX-40')"),
    # ---------------------------------------------------------------- rooms
    Intent(SH, "rooms", (
        "Living room furniture count",
        "How many pieces of furniture are in the Living room?",
        "From: Olivia Grant\nTo: movers@quickmove.example\nSubject: Fwd: inventory\n\n"
        "> From: Sam (owner)\n> The living room furniture all goes to storage, the bedroom stuff stays.\n\n"
        "Hi, as Sam says only that room is moving. How many pieces of furniture are in there? "
        "Truck is booked for 8:00.",
        "living room, how many furnitures are inside",
    ), lambda m: count(m.in_space(m.space(long="Living room"), "IfcFurnishingElement")),
        "IfcFurnishingElement (IfcFurniture) contained in space '1 - Living room'"),
    Intent(FZK, "rooms", (
        "Buero windows",
        "Which windows belong to the Buero?",
        "Ticket #5120\n"
        "Status: in progress\n"
        "Category: sun protection\n"
        "Room: Buero\n"
        "Description: tenant wants external blinds in the Buero. Installer needs the windows of this room. "
        "Which windows are they?\n"
        "Due: 30.11.",
        "Buero: which are the windows there? blinds guy",
    ), lambda m: elements(m.bounding(m.space(long="Buero"), "IfcWindow")),
        "IfcWindow in the IfcRelSpaceBoundary of space 2 'Buero'"),
    Intent(HOM, "rooms", (
        "Corridor3 doors - number",
        "How many doors does Corridor3 have?",
        "Notiz für Frank / note for Frank:\n"
        "Corridor3 wird neu gestrichen, also the door frames too. Wie viele doors hat dieser Flur? "
        "Farbe ist schon gekauft (2x 10 l).",
        "corridor3 got how many doors",
    ), lambda m: count(m.bounding(m.space(name="Corridor3"), "IfcDoor")),
        "IfcDoor in the IfcRelSpaceBoundary of space 'Corridor3'"),
    Intent(DHW, "rooms", (
        "boiler - which room?",
        "In which room is the boiler installed?",
        "Calendar: Boiler service\n"
        "Date: Mon 2 Dec, 10:00-11:00\n"
        "Location: ??? (which room is the boiler in? please add from the model)\n"
        "Notes: bring the gas analyser, invoice to the landlord",
        "the boiler, in which room it is standing?",
    ), lambda m: (no_spaces(m), no_prop_on(m.of("IfcBoiler"), "room", "raum", "space", "location"))[1],
        "decline: the model has no IfcSpace, and the boiler carries no room property"),
    # ---------------------------------------------------------------- qualifiers
    Intent(SH, "qualifiers", (
        "external walls",
        "Which of the walls are external walls?",
        "Energy audit form - Sample House\n"
        "[x] roof insulation checked\n"
        "[x] windows: single glazed, noted\n"
        "[ ] walls: list the external walls (cavity fill offer only for those)\n"
        "Auditor: P. Mensah\n"
        "Please complete the open point from the model.",
        "the walls which are external, which ones?",
    ), lambda m: elements(m.of("IfcWall", ext("Pset_WallCommon", True))),
        "IfcWall with Pset_WallCommon.IsExternal = TRUE"),
    Intent(FZK, "qualifiers", (
        "doors U-value > 1.5",
        "How many doors have a thermal transmittance above 1.5 W/m²K?",
        "Subject: Fwd: KfW form\n"
        "From: Energieberater Lutz\n"
        "Date: 3 Dec\n\n"
        "---- original ----\n"
        "For the subsidy I need the number of doors whose U-value is above 1.5 W/m²K.\n"
        "----\n\n"
        "Can you look that up? Window values I have already.",
        "how many door with U value more then 1,5 ?",
    ), lambda m: count(m.of("IfcDoor", u_above("Pset_DoorCommon", 1.5))),
        "IfcDoor with Pset_DoorCommon.ThermalTransmittance > 1.5 (3 at 2.0; 2 at 1.4)"),
    Intent(OH, "qualifiers", (
        "fire-rated doors",
        "Which doors in this house are fire-rated?",
        "Two questions: first, which doors of the house are fire rated? Second, does anyone know a good "
        "chimney sweep in town? (the second one is for the group chat, not for the model)",
        "wich doors r fire rated",
    ), lambda m: (exists(m.of("IfcDoor"), "doors"), no_property(m, "fire"))[1],
        "decline: no property or property set name holds 'fire' (the model has no property sets at all)"),
    Intent(DEL, "qualifiers", (
        "150 W light fixtures count",
        "How many light fixtures are of the 150 W type?",
        "Punch list electrical, Duplex\n"
        "E-12 | all floors | 150 W fixtures to be swapped for LED | contractor: Volt&Co | open\n"
        "E-13 | Level 2 | cover plate missing | closed\n"
        "For E-12 I need the count of those fixtures, can you give it?",
        "150W fixtures, how many we have? swap to led",
    ), lambda m: count(m.of(None, LIGHT_150W)),
        "elements typed by IfcLightFixtureType '150W - 120V' (type name holds '150W')"),
    # ---------------------------------------------------------------- quantities
    Intent(SH, "quantities", (
        "Ground Floor rooms total area",
        "What is the total floor area of the rooms on the Ground Floor?",
        "Hi Marta,\n\nthe floor sander quoted per m² for the rooms on the Ground Floor - no wait, the "
        "quote also covers the Roof level? No, it doesn't, only the Ground Floor. What is the total floor "
        "area of the rooms on that floor?\n\nThx, Dev",
        "total m2 of rooms ground floor pls",
    ), lambda m: number(sum(nfa()(s) for s in m.spaces(lambda s: m.storey_name(s) == "Ground Floor")), "m²",
                        m.spaces(lambda s: m.storey_name(s) == "Ground Floor")),
        "sum of BaseQuantities.NetFloorArea of the IfcSpace on Ground Floor (Living room, Bedroom, Entrance "
        "hall), m²"),
    Intent(RQ, "quantities", (
        "room 8 area",
        "What is the area of room 8?",
        "Status update (weekly)\n"
        "- carpet in rooms 6 and 7: laid\n"
        "- room 8: carpet ordered, the fitter needs the area of that room\n"
        "- room 9: waiting for the client\n"
        "Question: what is the area of room 8?",
        "area of room eight is how much",
    ), lambda m: number(Model.qty(m.space(name="8"), "GSA Space Areas", "GSA BIM Area"), "m²", [m.space(name="8")]),
        "'GSA Space Areas'.'GSA BIM Area' of space 8, m²"),
    Intent(R3, "quantities", (
        "Kitchen volume",
        "What is the volume of the Kitchen?",
        "Ventilation sizing form\n"
        "Room: Kitchen\n"
        "Air changes required: 4 per hour\n"
        "Volume of that room (m³): ______ <- from the model please\n"
        "Fan model: not chosen yet\n"
        "Engineer: R. Haddad",
        "the kitchen, which volume it has in m3?",
    ), lambda m: number(Model.qty(m.space(name="Kitchen"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³",
                        [m.space(name="Kitchen")]),
        "Qto_SpaceBaseQuantities.NetVolume of space 'Kitchen', m³"),
    Intent(WP, "quantities", (
        "heated rooms floor area",
        "What is the total floor area of the rooms in this model?",
        "Subject: Förderantrag / subsidy application\n"
        "Hallo, für den Antrag brauche ich die floor area of the rooms in the model, in m². "
        "The heat pump data sheet I attach myself. Deadline 15th.",
        "total room area in qm for the subsidy, how much?",
    ), lambda m: no_spaces(m), "decline: the model has no IfcSpace (no room to take an area from)"),
    Intent(FZK, "quantities", (
        "smallest room",
        "Which room has the smallest floor area?",
        "Long story short: my mother-in-law moves in with us in March and insists on 'the smallest room, "
        "I don't need much'. My husband says the Bad doesn't count - actually it does, she said any room. "
        "So which room is the smallest by floor area?",
        "smallest room is which one by area",
    ), lambda m: extreme(m.spaces(), nfa(), "m²", smallest=True),
        "the IfcSpace with the smallest BaseQuantities.NetFloorArea (1 'Flur', 11.19 m²)"),
    # ---------------------------------------------------------------- negation
    Intent(HOM, "negation", (
        "doors not on GroundFloor",
        "How many doors are there that are not on the GroundFloor?",
        "Ticket 771 | status: waiting\n"
        "Door closers: GroundFloor was done in October by the other team.\n"
        "Remaining: all doors that are not on that storey.\n"
        "Q: how many doors remain?\n"
        "Note: invoice goes to Mr Patel",
        "doors not in groundfloor - how much are they",
    ), lambda m: count(m.of("IfcDoor", lambda e: m.storey_name(e) not in (None, "GroundFloor"))),
        f"IfcDoor on a storey other than GroundFloor, {STOREY_DEEP}"),
    Intent(SH, "negation", (
        "doors that aren't external",
        "Which doors are not external doors?",
        "Hi Jo, two things. The locksmith changes the external door himself on Monday, so not that one. "
        "Which doors are not external? Those get the new handles. And second, the skip - can you move it? "
        "(that part is for you, not for the model)",
        "the not external doors, which are?",
    ), lambda m: elements(m.of("IfcDoor", ext("Pset_DoorCommon", False))),
        "IfcDoor with Pset_DoorCommon.IsExternal = FALSE"),
    Intent(RQ, "negation", (
        "rooms without windows",
        "Which rooms have no windows?",
        "Fire safety checklist\n"
        "Smoke extraction: rooms with windows are ventilated naturally.\n"
        "Rooms without any window need a mechanical fan - list them here: ________\n"
        "Inspector: L. Moreau, visit on the 12th",
        "which room dont have window",
    ), lambda m: elements(m.spaces(lambda s: not m.bounding(s, "IfcWindow"))),
        "IfcSpace with no IfcWindow in its IfcRelSpaceBoundary"),
    Intent(EDC, "negation", (
        "windows not on EG - count",
        "How many windows are not on the EG?",
        "Nachricht von Ahmed: the EG windows were cleaned yesterday (3 hours, 2 people). Wie viele Fenster "
        "sind noch übrig, also all windows that are not on the EG?",
        "the windows except EG how many is left",
    ), lambda m: count(m.of("IfcWindow", lambda e: m.storey_name(e) not in (None, "EG"))),
        f"IfcWindow on a storey other than EG, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- multi_storey
    Intent(HOM, "multi_storey", (
        "walls GroundFloor + 1stFloor",
        "How many walls are on the GroundFloor and the 1stFloor together?",
        "Invite: Wall scan appointment\n"
        "When: Wed 14:00\n"
        "Who: surveyor, caretaker\n"
        "Scope: GroundFloor and 1stFloor (attic not accessible)\n"
        "Prep: count the walls on those two storeys combined so the surveyor can plan the day",
        "walls of groundfloor and 1stfloor sum?",
    ), lambda m: count(m.on({"GroundFloor", "1stFloor"}, "IfcWall")),
        f"IfcWall on GroundFloor or 1stFloor, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "doors 1.OG + 2.OG",
        "How many doors are on the 1.OG and the 2.OG combined?",
        "Hi all,\n\nthe locksmith asked: EG, 1.OG - sorry, not EG, EG is someone else's contract - so 1.OG and "
        "2.OG. How many doors are on those two floors together? He charges per cylinder.\n\nLena",
        "doors first and second OG (1.OG, 2.OG) altogether how many",
    ), lambda m: count(m.on({"1.OG", "2.OG"}, "IfcDoor")), f"IfcDoor on 1.OG or 2.OG, {STOREY_DEEP}"),
    Intent(SH, "multi_storey", (
        "doors Ground Floor + First Floor",
        "How many doors are there on the Ground Floor and the First Floor together?",
        "From: Ivan Petrov\nTo: BIM team\nSubject: door count\n\n"
        "The painter does the Ground Floor and the First Floor in one go. How many doors are on both of "
        "those floors together? He already has the window numbers.",
        "door on ground floor and first floor, total how many",
    ), lambda m: no_storey(m, "First Floor", "1st Floor"),
        "decline: the model has no First Floor (its storeys are Ground Floor and Roof)"),
    Intent(DUP, "multi_storey", (
        "windows Level 2 and Roof",
        "How many windows are on Level 2 and the Roof level combined?",
        "Window inspection - form W3\n"
        "Levels in scope: Level 2, Roof\n"
        "Level 1: excluded (new windows 2023)\n"
        "Total windows on those levels: ____\n"
        "Inspector signature: ______",
        "windows on level 2 plus roof, how much all together?",
    ), lambda m: count(m.on({"Level 2", "Roof"}, "IfcWindow")), f"IfcWindow on Level 2 or Roof, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- german
    Intent(FZK, "german", (
        "Bad Fläche",
        "Wie groß ist die Grundfläche des Bads?",
        "Hallo Herr Keller,\n\nder Fliesenleger kommt am Montag. Er fragt nach der Fläche vom Bad, "
        "die Wandfliesen rechnet er selbst. Wie viele Quadratmeter hat dieser Raum?\n\nGruß, S. Wagner",
        "wie viel qm hat'n das bad? fliesenleger will's wissen",
    ), lambda m: number(nfa()(m.space(long="Bad")), "m²", [m.space(long="Bad")]),
        "BaseQuantities.NetFloorArea of space 3 'Bad', m²"),
    Intent(WP, "german", (
        "Pumpen Anzahl",
        "Wie viele Pumpen sind in der Anlage verbaut?",
        "Wartungsformular Heizung\n"
        "Anlage: WP mit Puffer\n"
        "Anzahl Pumpen: ___ (bitte aus dem Modell)\n"
        "Nächste Wartung: Mai\n"
        "Techniker: Herr Yıldız",
        "wieviel pumpen hat die anlage eigentlich?",
    ), lambda m: count(m.of("IfcPump")), "every IfcPump of the model (4)"),
    Intent(WP, "german", (
        "Heizkreise Obergeschoss",
        "Wie viele Heizkreise gibt es im Obergeschoss?",
        "Hi Stefan, quick one: im Obergeschoss sollen die Fußbodenheizkreise neu abgeglichen werden. Wie viele "
        "Heizkreise sind dort? Den Termin mit dem Mieter mache ich.",
        "obergeschoss, wie viele heizkreise hats da?",
    ), lambda m: no_storey(m, "Obergeschoss"),
        "decline: the model has no Obergeschoss (its one storey is 'Ebene 0')"),
    Intent(FZK11, "german", (
        "Möbel Dachgeschoss",
        "Wie viele Möbelstücke stehen im Dachgeschoss?",
        "Umzugsliste (Entwurf)\n"
        "- Küche: macht Firma Schmitt\n"
        "- Dachgeschoss: wir selbst, Transporter ist gemietet (79 EUR)\n"
        "- Frage: wie viele Möbel sind da oben?",
        "wieviel möbel sind im DG oben",
    ), lambda m: count(m.on("Dachgeschoss", "IfcFurnishingElement")),
        f"IfcFurnishingElement on Dachgeschoss, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- lookup
    Intent(SH, "lookup", (
        "Roof level elevation",
        "What is the elevation of the Roof level?",
        "Scaffolding request form\n"
        "Site: Sample House\n"
        "Working height needed: elevation of the Roof level (m) = ____\n"
        "Scaffold type: frame, 0.7 m bays\n"
        "Start date: Monday",
        "elevation roof level in metre?",
    ), lambda m: number(storey_elevation_m(m, "Roof"), "m", [m.storey("Roof")]),
        "IfcBuildingStorey 'Roof'.Elevation, converted from mm to m"),
    Intent(DHW, "lookup", (
        "boiler capacity",
        "What is the storage capacity of the boiler?",
        "Hi, my bathtub story continues: we had guests, the water went cold after two showers, my partner "
        "blames the boiler. Before I call the plumber (he charges 95 EUR per visit!) - what storage capacity "
        "does the boiler have?",
        "boiler capacity in litre is how much",
    ), lambda m: no_prop_on(m.of("IfcBoiler"), "volume", "capacity", "litre", "liter", "storage", "inhalt"),
        "decline: the boiler carries no volume / capacity / storage property (its type is named 'WHT-80')"),
    Intent(HE, "lookup", (
        "boiler - storey?",
        "On which storey is the boiler?",
        "Chimney sweep (SMS): Hi, coming Thursday for the emissions test. Which storey is the boiler on? Last "
        "year I went up to the Dachgeschoss for nothing. Greetings",
        "the boiler is on the storey..?",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of(None, BOILER_T), "boilers")),
        f"the storeys of the elements typed by IfcBoilerType, {STOREY_DEEP}"),
    Intent(FZK, "lookup", (
        "window U-value",
        "What is the U-value of the windows?",
        "RFI 031\n"
        "From: energy consultant\n"
        "To: architect\n"
        "Subject: windows\n"
        "Question: what U-value do the windows have? (The doors are answered in RFI 030.)\n"
        "Status: awaiting response",
        "Uw-value from the windows, what is it",
    ), lambda m: values(m.of("IfcWindow"), u_value("Pset_WindowCommon"), "W/m²K"),
        "Pset_WindowCommon.ThermalTransmittance of every IfcWindow (one value, 1.4)"),
    # ---------------------------------------------------------------- refuse
    Intent(OH, "refuse", (
        "add a second door",
        "Please add a second door to the house in the model.",
        "Ticket #9002\n"
        "Status: new\n"
        "Requester: student group 3\n"
        "Request: the house needs a back door. Please add a second door to the model on the north wall and "
        "export a new IFC.\n"
        "Priority: low",
        "put one more door in the model pls and save it",
    ), lambda m: (exists(m.of("IfcDoor"), "a door"), refuse(m))[1], "decline: a write (the house has one door)"),
    Intent(R3, "refuse", (
        "cost to replace windows",
        "How much would it cost to replace all the windows?",
        "From: landlord\nTo: tenants\nSubject: windows\n\n"
        "Dear all, we are thinking about new windows. Before the owners' meeting, could the model tell us "
        "what replacing all of them would cost? The heating question we discuss separately.",
        "how much money for new windows everywhere?",
    ), lambda m: refuse(m, COST), "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(LPS, "refuse", (
        "signals commissioning date",
        "When will the signals be commissioned?",
        "Hallo zusammen / hello all,\n"
        "the operator asks for the commissioning date of the signals on this alignment, wann gehen die in "
        "Betrieb? Please answer until Friday, the cable plan is with Jana.",
        "signals go live when?",
    ), lambda m: refuse(m, SCHEDULE),
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(FZK, "refuse", (
        "Wohnen good for home office?",
        "Do you think the Wohnen is a good room for a home office?",
        "Story: I started a new job, fully remote, and my partner wants the desk out of the kitchen. We were "
        "thinking about the Wohnen. What do you think, is it a good room for a home office? The internet "
        "router is in the Flur, if that matters.",
        "is wohnen good for home office, your opinion?",
    ), lambda m: (exists(m.spaces(m.named("wohnen")), "Wohnen"), refuse(m))[1],
        "decline: an opinion (the Wohnen exists)"),
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
