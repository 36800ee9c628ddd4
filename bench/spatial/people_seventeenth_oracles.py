"""Issue 22's seventeenth people set (blind): 45 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_seventeenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_seventeenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``seventeenth-KIND-NN-a`` .. ``-d``, ``intent`` ``seventeenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment, (b) a full polite question, (c) a real message whose structure the
fourteenth, fifteenth and sixteenth sets did not use (a WhatsApp group export with timestamps and several speakers,
meeting minutes as a table, a handover note at shift change, a voicemail transcript, a tender clarification list,
a snagging-app export in CSV-like lines, a Teams message quoting a reply inline, a letter with salutation and
signature block, a bullet list of asks where the model's ask is the third, a site diary entry, an SMS thread),
(d) another voice (non-native grammar, typos, dictation, abbreviations, all-lowercase chat, German colloquial,
trade jargon, a yes/no question, a "where" question, a statement with a question mark, units written oddly).
``--check`` exits 1 when the JSON is stale, 2 without the models.

The set leans on the models the fourteenth, fifteenth and sixteenth sets used least (counted from their
``ifc_filename``s: domestic-hot-water and the rail model 5 intents each, IfcOpenHouse 6, AC11-FZK-Haus and
Heizung-Elektro 7): Heizung-Elektro 9 intents, AC11-FZK-Haus 8, domestic-hot-water 5, and asks 18 (model, kind)
pairs none of the three sets asked (Heizung-Elektro for storey_class, comparison, edge and rooms; AC11-FZK-Haus for
storey_class, comparison, quantities and lookup; domestic-hot-water for storey_class, qualifiers, quantities and
refuse; LargeBuilding for negation; 3rooms for qualifiers; IfcOpenHouse for comparison; Duplex_Electrical for
multi_storey; WP_Puffer for refuse; the rail model for lookup). Every oracle goes through the ``Model`` walks of
``people_oracles.py`` (storey-deep containment, "in room X" = contained in the space, "the windows / doors of room
X" = its IfcRelSpaceBoundary elements, booleans need their explicit value) and the decline premises of
``people_fifteenth_oracles.py`` (each raises ``ValueError`` when the model holds what the decline says it lacks).
``narrower`` guards each scoped answer: it raises when the scope selects everything its class holds (a broad answer
would then score as right).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    storey_elevation_m,
)
from people_oracles import (  # noqa: E402
    DEL,
    EDC,
    HE,
    INS,
    LB,
    R3,
    RQ,
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
DEFAULT_OUT = HERE / "people_seventeenth.json"
PREFIX = "seventeenth"

FZK11 = "AC11-FZK-Haus-IFC.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
LPS = "linear-placement-of-signal.ifc"

__all__ = ["COST", "SCHEDULE", "no_text", "no_storey", "no_property", "no_spaces", "no_prop_on",
           "no_storeys_at_all", "refuse", "exists", "narrower", "compute", "main", "INTENTS", "Model"]


def narrower(part: Iterable[Any], pool: Iterable[Any]) -> list[Any]:
    """``part`` unchanged, after checking it is a non-empty proper subset of ``pool`` (else ValueError)."""
    got, every = {e.GlobalId for e in part}, {e.GlobalId for e in pool}
    if not got or got == every or not got <= every:
        raise ValueError(f"scope selects {len(got)} of {len(every)}: not a proper narrowing")
    return list(part)


def nfa(e: Any) -> float:
    return Model.qty(e, "BaseQuantities", "NetFloorArea")


def bigger(m: Model, longs: tuple[str, str]) -> Oracle:
    a, b = (m.space(long=r) for r in longs)
    if nfa(a) == nfa(b):
        raise ValueError("tie")
    return elements([a if nfa(a) > nfa(b) else b])


def more_on(m: Model, names: tuple[str, str], test: Callable[[Any], bool]) -> Oracle:
    sizes = {s: len(m.on(s, None, test)) for s in names}
    a, b = names
    if sizes[a] == sizes[b]:
        raise ValueError(f"tie {sizes}")
    return storeys([a if sizes[a] > sizes[b] else b])


RADIATOR = Model.typed("IfcSpaceHeaterType")  # Heizung-Elektro: 18 radiators (IfcEnergyConversionDevice)
LIGHT = Model.typed("IfcLightFixtureType")  # Heizung-Elektro: 123 light fixtures (IfcFlowTerminal)
SOCKET = Model.typed("IfcOutletType")  # Heizung-Elektro: 105 outlets; Duplex_Electrical: 47 'Duplex Receptacle'
BREAKER = Model.typed("IfcProtectiveDeviceType")  # Heizung-Elektro: 10 circuit breakers (MCB)
FAN = Model.typed("IfcFanType")  # Duplex_Electrical: 2 fans, on Roof
SMOKE = Model.type_name_has("Smoke Detector")  # Duplex_Electrical: 6


def typed_on(m: Model, storey: str | set[str], test: Callable[[Any], bool]) -> list[Any]:
    return m.on(storey, None, test)


def wall_length_m(m: Model, e: Any) -> float:
    """BaseQuantities.Length in metres (the file's length unit converted)."""
    scale = {"m": 1.0, "mm": 0.001, "cm": 0.01}[m.unit("LENGTHUNIT")]
    return Model.qty(e, "BaseQuantities", "Length") * scale


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
    Intent(HE, "storey_class", (
        "sockets Obergeschoss count",
        "How many sockets are there on the Obergeschoss?",
        "03/12/24, 07:58 - Marco Elektro: morning, I start the socket testing today\n"
        "03/12/24, 07:59 - Marco Elektro: Obergeschoss today, the Kellergeschoss is on Friday\n"
        "03/12/24, 08:02 - Julia (owner): ok! coffee is in the kitchen\n"
        "03/12/24, 08:03 - Marco Elektro: how many sockets are on the floor I'm doing today? I bill 6 EUR per "
        "tested socket",
        "steckdosen on obergeschoss, how many pieces there is?",
    ), lambda m: count(narrower(typed_on(m, "Obergeschoss", SOCKET), m.of(None, SOCKET))),
        f"elements typed by IfcOutletType on Obergeschoss, {STOREY_DEEP}"),
    Intent(FZK11, "storey_class", (
        "Dachgeschoss windows?",
        "How many windows are on the Dachgeschoss?",
        "Minutes, site meeting 7\n"
        "| # | Topic | Owner | Due |\n"
        "|---|---|---|---|\n"
        "| 1 | Scaffold down on the east side | Kraus | Fri |\n"
        "| 2 | Window sealing, Dachgeschoss only (Erdgeschoss sealed in May) | Berger | 15.12. |\n"
        "| 3 | Open: how many windows does the storey in item 2 have? | BIM | today |",
        "kindly tell the number of windows in Dachgeschoss",
    ), lambda m: count(narrower(m.on("Dachgeschoss", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Dachgeschoss, {STOREY_DEEP}"),
    Intent(LB, "storey_class", (
        "Level 2 windows count",
        "How many windows are there on Level 2?",
        "Tender clarification list - package 08 glazing\n"
        "CQ-01 | Bidder: ClearView Ltd | Are the Level 1 windows in scope? | Answer: no, only Level 2 is in scope\n"
        "CQ-02 | Bidder: ClearView Ltd | Frame colour? | Answer: RAL 7016\n"
        "CQ-03 | Bidder: Glas Nord | How many windows are on the level in scope? | Answer: ____ (from the model)",
        "level-2 window qty pls, glazier needs it asap",
    ), lambda m: count(narrower(m.on("Level 2", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Level 2, {STOREY_DEEP}"),
    Intent(DHW, "storey_class", (
        "pipes on the 2nd floor",
        "How many pipes are on the second floor?",
        "SMS from Pavel (delivered 14:02)\n"
        "Hi it's Pavel, plumber. Tomorrow I insulate the hot water pipes on the 2nd floor, the ground floor ones "
        "are done already.\n"
        "SMS from Pavel (delivered 14:05)\n"
        "How many pipes are there on that floor? Insulation is 4 EUR per metre, I bring enough.",
        "how much pipe are on second floor?",
    ), lambda m: (exists(m.of("IfcPipeSegment"), "pipes"), no_storey(m, "2nd floor", "second floor", "Level 2"))[1],
        "decline: the model has no second floor (its one storey is 'My Storey')"),
    # ---------------------------------------------------------------- comparison
    Intent(HE, "comparison", (
        "radiators: EG or Dachgeschoss, which more?",
        "Which storey has more radiators, the EG or the Dachgeschoss?",
        "Snag export (csv)\n"
        "id;location;trade;description;status\n"
        "114;EG;heating;radiator valves stiff;open\n"
        "115;Dachgeschoss;heating;radiator valves stiff;open\n"
        "116;Kellergeschoss;electrical;cover plate missing;closed\n"
        "Note from the site lead: the fitter starts with whichever of the two locations in 114/115 has more "
        "radiators. Which one is it?",
        "EG or DG - where are more heizkörper? the fitter start there",
    ), lambda m: more_on(m, ("EG", "Dachgeschoss"), RADIATOR),
        f"the storey of EG / Dachgeschoss with more elements typed by IfcSpaceHeaterType (7 vs 4), {STOREY_DEEP}"),
    Intent(FZK11, "comparison", (
        "Schlafzimmer vs Wohnen: which is larger?",
        "Which room has the larger floor area, the Schlafzimmer or the Wohnen?",
        "(earlier in this chat)\n"
        "User: we are renting out two rooms of the FZK-Haus, the Schlafzimmer and the Wohnen\n"
        "Assistant: Noted.\n"
        "User: the Küche stays with us, and the rent is 14 EUR per m² anyway\n"
        "User: which of those two rooms is bigger by floor area?",
        "schlafzimmer or wohnen, wich one has more sqm?",
    ), lambda m: bigger(m, ("Schlafzimmer", "Wohnen")),
        "the space of Schlafzimmer / Wohnen with the larger BaseQuantities.NetFloorArea (22.07 vs 24.88 m²)"),
    Intent(DEL, "comparison", (
        "receptacles: Level 1 vs Level 2, more?",
        "Which level has more receptacles, Level 1 or Level 2?",
        "Dear Sir or Madam,\n\n"
        "our company has been asked to label all receptacles of the duplex. We would like to begin on whichever "
        "of Level 1 and Level 2 holds more receptacles. Could you tell us which level that is? Our quotation for "
        "the labels (0.80 USD each) is attached.\n\n"
        "Yours faithfully\n\n"
        "R. Okafor\n"
        "Site Supervisor | BrightLabel Services\n"
        "Tel. +1 555 0142",
        "which level got more outlets - level 1 or level 2? labeling crew start there",
    ), lambda m: more_on(m, ("Level 1", "Level 2"), SOCKET),
        f"the level of Level 1 / Level 2 with more elements typed by IfcOutletType (28 vs 19), {STOREY_DEEP}"),
    Intent(OH, "comparison", (
        "more windows than doors?",
        "Does the house have more windows than doors?",
        "Homework sheet 3 - Intro to BIM (Ms. Adeyemi)\n"
        "Task 1: open the IfcOpenHouse file. (done)\n"
        "Task 2: name the schema version. (done, IFC4)\n"
        "Task 3: Does the house have more windows than doors? Answer yes or no.\n"
        "Task 4: draw the roof by hand - not for the computer.",
        "is there more windows then doors in this house yes or no",
    ), lambda m: yes_no(len(exists(m.of("IfcWindow"), "windows")) > len(exists(m.of("IfcDoor"), "doors"))),
        "count of IfcWindow (5) > count of IfcDoor (1)"),
    # ---------------------------------------------------------------- edge
    Intent(OH, "edge", (
        "number of storeys",
        "How many storeys does the IfcOpenHouse have?",
        "Title: Newbie - storeys in IfcOpenHouse?\n"
        "Tags: ifc, ifcopenshell, beginner\n"
        "Posted by tobi_k\n\n"
        "Hi all, my professor says every building needs storeys for the quantity take-off, so before I start: "
        "how many storeys does this house have? (I'll ask about the roof pitch in another thread.)",
        "how many floors this house has got?",
    ), lambda m: count(m.f.by_type("IfcBuildingStorey")), "every IfcBuildingStorey of the model (one, unnamed)"),
    Intent(DHW, "edge", (
        "sanitary fixtures list",
        "Which sanitary fixtures are in the hot water model?",
        "Automatic reply: I am out of the office until 9 January. For urgent matters please contact Lukas "
        "Brenner.\n\n"
        "P.S. (written before I left) for the fitting-out order: which sanitary fixtures are in the hot water "
        "model? The shower screen is ordered separately, no need to check that.",
        "sanitary objects in this model - what we have?",
    ), lambda m: elements(exists(m.of("IfcSanitaryTerminal"), "sanitary terminals")),
        "every IfcSanitaryTerminal of the model (BAS-01, BAT-150)"),
    Intent(LPS, "edge", (
        "any signals in the model?",
        "Are there any signals in this model?",
        "commit 4e1a9c2\n"
        "Author: Dana Whitfield\n"
        "Date:   Mon Dec 2\n\n"
        "    import rail alignment test model\n\n"
        "    TODO(reviewer): does this model contain any signals at all? The\n"
        "    interlocking team only wants it if there is at least one. The\n"
        "    cant values are checked by Sven, not needed here.",
        "signal is there in this alignment or not?",
    ), lambda m: yes_no(bool(m.of("IfcSignal"))), "any IfcSignal in the model (2)"),
    Intent(HE, "edge", (
        "circuit breakers count",
        "How many circuit breakers does the model contain?",
        "Hausmeisterbuch / caretaker log\n"
        "02.12. 07:30 boiler pressure 1.6 bar, ok\n"
        "02.12. 09:10 tenant EG: light in the stairwell flickers\n"
        "02.12. 11:45 the electrician wants to replace every circuit breaker in the house with a new type. How "
        "many breakers are there in total? (he brings them next week)",
        "MCBs - how many we have in total?",
    ), lambda m: count(exists(m.of(None, BREAKER), "circuit breakers")),
        "every element typed by IfcProtectiveDeviceType (the 10 MCBs, IfcFlowController in IFC2X3)"),
    # ---------------------------------------------------------------- rooms
    Intent(FZK11, "rooms", (
        "Küche furniture count",
        "How many pieces of furniture are in the Küche?",
        "Draft ad for the classifieds:\n"
        "'Complete kitchen units for sale, buyer dismantles, pick-up in Karlsruhe, price VB 900 EUR'\n"
        "Before I post it: how many pieces of furniture are in the Küche? I want to list them all. The sofa from "
        "the Wohnen I sell separately later.",
        "how much furniture pieces stand in the küche?",
    ), lambda m: count(m.in_space(m.space(long="Küche"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in space 6 'Küche'"),
    Intent(HE, "rooms", (
        "radiators in the Bad",
        "How many radiators are in the Bad?",
        "Tuesday, my list:\n"
        "1. call the scaffolder about the invoice\n"
        "2. pick up the tiles (Fliesen Meyer, 8-12)\n"
        "3. model question: how many radiators hang in the Bad? the towel-rail swap depends on it\n"
        "4. Jana's birthday present",
        "the radiators in the bad (bathroom) are how many..?",
    ), lambda m: (exists(m.of(None, RADIATOR), "radiators"), no_spaces(m))[1],
        "decline: the model has no IfcSpace (no Bad to look in; 18 radiators on storeys only)"),
    Intent(R3, "rooms", (
        "Bad windows",
        "Which windows belong to the Bad?",
        "Teams - Project 3rooms\n"
        "> Nele: the frosted film goes only on the bathroom windows, right?\n"
        "Yes, only the Bad.\n"
        "> Nele: and which windows are those?\n"
        "That I don't know by heart - which windows does that room have? Nele orders the film (23 EUR/m²) "
        "tonight.",
        "Bad room it has which windows?",
    ), lambda m: elements(narrower(m.bounding(m.space(name="Bad"), "IfcWindow"), m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 'Bad'"),
    Intent(LB, "rooms", (
        "conference room furniture",
        "How many pieces of furniture are in the conference room?",
        "Room booking confirmation #A-3391\n"
        "Room: conference room, Level 1\n"
        "Date: 11 Dec, 13:00-17:00\n"
        "Attendees: 14\n"
        "Catering: coffee + cake (42 EUR)\n"
        "Note from facilities: please check the model - how many pieces of furniture are in that room? We may "
        "need extra chairs.",
        "the conference room, furniture is how much pieces?",
    ), lambda m: no_text(m, "conference", "meeting"),
        "decline: no space (or any text of the model) names a conference or meeting room (its 8 spaces are "
        "'Room' 1-8)"),
    # ---------------------------------------------------------------- qualifiers
    Intent(FZK11, "qualifiers", (
        "external doors count",
        "How many external doors does the house have?",
        "Interview notes - home insurance (phone)\n"
        "Q: Do you have an alarm system? A: No.\n"
        "Q: Locks on the windows? A: Yes, all.\n"
        "Q: How many external doors does the house have? A: (checking the model, will confirm)\n"
        "Q: Year of construction? A: 2011",
        "how many outside doors got the house?",
    ), lambda m: count(narrower(m.of("IfcDoor", ext("Pset_DoorCommon", True)), m.of("IfcDoor"))),
        "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(DHW, "qualifiers", (
        "insulated pipes?",
        "Which pipes are insulated?",
        "Jira HW-57 - comment by @m.rossi\n"
        "@bim-bot which pipes are insulated in the hot water model? The energy check needs it.\n"
        "```\nbuild: export-v3 ok\n```\n"
        "@a.kim the fittings list is done, thanks!",
        "the pipes with insulation, which they are",
    ), lambda m: (exists(m.of("IfcPipeSegment"), "pipes"), no_property(m, "insulat", "dämm"))[1],
        "decline: no property, quantity or property set records insulation (the psets hold only "
        "EPset_Parametric)"),
    Intent(LB, "qualifiers", (
        "walls longer than 10 m",
        "How many walls are longer than 10 metres?",
        "Facade survey, draft 2 (for Mr. Haddad)\n"
        "The long walls of the building get expansion joints¹. Walls longer than 10 m count as long.\n"
        "Open point: how many walls are over that length?\n\n"
        "¹ according to the structural engineer; the short walls are checked in 2025.",
        "how many wall is more long than 10m?",
    ), lambda m: count(narrower(m.of("IfcWall", lambda e: wall_length_m(m, e) > 10), m.of("IfcWall"))),
        "IfcWall with BaseQuantities.Length above 10 m (the file's mm converted; 6 of 18 walls at 20 m)"),
    Intent(R3, "qualifiers", (
        "rooms over 20 m²",
        "Which rooms have a floor area of more than 20 m²?",
        "Quote no. 2024-118 (draft)\n"
        "Pos. 1 scaffolding, 14 days ....... 1,120.00 EUR\n"
        "Pos. 2 floor sanding, rooms over 20 m² only ....... per room, see below\n"
        "Pos. 3 disposal ....... 180.00 EUR\n"
        "For Pos. 2: which rooms in the model are bigger than that?",
        "rooms more then 20 sqm - wich ones?",
    ), lambda m: elements(narrower(m.spaces(lambda s: Model.qty(s, "Qto_SpaceBaseQuantities", "NetFloorArea") > 20),
                                   m.spaces())),
        "IfcSpace with Qto_SpaceBaseQuantities.NetFloorArea above 20 m² (Wohnen 53.24, Kitchen 24.18)"),
    # ---------------------------------------------------------------- quantities
    Intent(FZK11, "quantities", (
        "Galerie volume",
        "What is the volume of the Galerie?",
        "[photo of a sticky note, OCR]\n"
        "Galerie -> air purifier\n"
        "needs room volume!!\n"
        "(Flur is fine)\n"
        "-> what is the volume of that room?\n"
        "P.S. buy filters (2x 35 EUR)",
        "galerie have what volume in cu m?",
    ), lambda m: number(Model.qty(m.space(long="Galerie"), "BaseQuantities", "NetVolume"), "m³",
                        [m.space(long="Galerie")]),
        "BaseQuantities.NetVolume of space 7 'Galerie', m³"),
    Intent(LB, "quantities", (
        "room 3 area",
        "What is the floor area of room 3?",
        "Purchase request PR-7741\n"
        "Requester: F. Almeida\n"
        "Item: carpet tiles for room 3 (room 4 already has new carpet)\n"
        "Quantity: floor area of the room named above in m², please read it from the model\n"
        "Cost centre: 310",
        "room number three, how much square metre it is?",
    ), lambda m: number(nfa(m.space(name="3")), "m²", [m.space(name="3")]),
        "BaseQuantities.NetFloorArea of space 3, m²"),
    Intent(RQ, "quantities", (
        "largest room",
        "Which room has the largest area?",
        "12/11/24, 18:20 - Lea: christmas party is at the office this year\n"
        "12/11/24, 18:21 - Omar: we need the biggest room for it\n"
        "12/11/24, 18:21 - Omar: the small offices are way too small obviously\n"
        "12/11/24, 18:23 - Lea: which room is the largest by area? someone ask the model pls",
        "what is the most big room?",
    ), lambda m: extreme(m.spaces(), lambda s: Model.qty(s, "GSA Space Areas", "GSA BIM Area"), "m²"),
        "the IfcSpace with the largest 'GSA Space Areas'.'GSA BIM Area' (9 'Room', 64.31 m²)"),
    Intent(DHW, "quantities", (
        "bathroom floor area",
        "What is the floor area of the bathroom?",
        "Delivery note 55102 - Fliesen Kaya\n"
        "6 boxes wall tiles (bathroom) - delivered\n"
        "floor tiles: NOT delivered, waiting for the m²\n"
        "Driver's note: customer asks how big the bathroom floor is. Can you check the model and tell Kaya the "
        "floor area of that room?",
        "bathroom how much m2 floor?",
    ), lambda m: no_spaces(m), "decline: the model has no IfcSpace (no bathroom whose area could be read)"),
    # ---------------------------------------------------------------- negation
    Intent(HE, "negation", (
        "radiators not on EG",
        "How many radiators are not on the EG?",
        "Funk / radio log, heating crew\n"
        "10:02 Team A: EG radiators all bled, done.\n"
        "10:04 Team B: copy. we do all the others, everything except the EG.\n"
        "10:05 Team B: how many radiators is that, apart from that floor?\n"
        "10:06 Base: checking the model.",
        "heizkörper not in EG - how much remaining?",
    ), lambda m: count(m.of(None, lambda e: RADIATOR(e) and m.storey_name(e) not in (None, "EG"))),
        f"elements typed by IfcSpaceHeaterType on a storey other than EG, {STOREY_DEEP}"),
    Intent(DEL, "negation", (
        "receptacles not on Level 1",
        "How many receptacles are there that are not on Level 1?",
        "Agenda - electrical walkthrough\n"
        "09:00 Level 1 receptacles: tested last week (report by Ortiz)\n"
        "09:30 coffee\n"
        "09:45 receptacle test, all levels except Level 1\n"
        "Question before 09:45: how many receptacles are not on the level tested last week?",
        "outlets except level 1, count pls",
    ), lambda m: count(m.of(None, lambda e: SOCKET(e) and m.storey_name(e) not in (None, "Level 1"))),
        f"elements typed by IfcOutletType on a storey other than Level 1, {STOREY_DEEP}"),
    Intent(LB, "negation", (
        "rooms without furniture",
        "Which rooms have no furniture in them?",
        "Office survey, answer sheet\n"
        "Q1 Which floor do you work on? - Level 1\n"
        "Q2 Preferred desk? - by the window\n"
        "Q3 For the move-in: which rooms have no furniture at all? (fill from the BIM model)\n"
        "Q4 Comments - the coffee machine on Level 2 is broken",
        "which room is empty of furniture?",
    ), lambda m: elements(narrower(m.spaces(lambda s: not m.in_space(s, "IfcFurnishingElement")), m.spaces())),
        "IfcSpace with no IfcFurnishingElement contained in it"),
    Intent(INS, "negation", (
        "doors not in the Keller",
        "How many doors are not in the Keller?",
        "[translated from Turkish]\n"
        "Hello, I am the locksmith Mr. Demir. The Keller doors I did in summer already. Now I do all the doors "
        "of the institute that are not in the Keller, I need the number for the cylinders.\n"
        "[end of translation - office: please answer him]",
        "doors, but without keller ones, total how much?",
    ), lambda m: count(m.of("IfcDoor", lambda e: m.storey_name(e) not in (None, "Keller"))),
        f"IfcDoor on a storey other than Keller, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- multi_storey
    Intent(HE, "multi_storey", (
        "lights Kellergeschoss + EG",
        "How many light fixtures are on the Kellergeschoss and the EG together?",
        "| Bidder | Scope | Price per fitting |\n"
        "|---|---|---|\n"
        "| LichtPro | Kellergeschoss + EG | 49 EUR |\n"
        "| Elektro Sommer | Obergeschoss + Dachgeschoss | 52 EUR |\n"
        "To compare the offers I need the count for the first row: how many light fixtures are on those two "
        "storeys combined?",
        "lamps in kellergeschoss and EG, both together?",
    ), lambda m: count(typed_on(m, {"Kellergeschoss", "EG"}, LIGHT)),
        f"elements typed by IfcLightFixtureType on Kellergeschoss or EG, {STOREY_DEEP}"),
    Intent(DEL, "multi_storey", (
        "receptacles Level 1 + Level 3",
        "How many receptacles are on Level 1 and Level 3 combined?",
        "Change order CO-12\n"
        "Description: add USB covers to every receptacle on Level 1 and Level 3\n"
        "Reason: tenant request\n"
        "Cost impact: TBD (2.40 USD per cover)\n"
        "Information needed: total number of receptacles on both of those levels",
        "level one plus level three, outlets all together how many?",
    ), lambda m: no_storey(m, "Level 3", "Level three"),
        "decline: the model has no Level 3 (its storeys are Level 1, Level 2 and Roof)"),
    Intent(INS, "multi_storey", (
        "doors 1. + 2. Obergeschoss",
        "How many doors are on the 1. Obergeschoss and the 2. Obergeschoss together?",
        "Hi Sven,\n"
        "the Erdgeschoss is done, the door stoppers there are in. Next are the two floors above it, the 1. "
        "Obergeschoss and the 2. Obergeschoss. How many doors are on those two together? I order the stoppers in "
        "packs of 10 (19 EUR per pack).\n"
        "Cheers, Aylin",
        "1.OG and 2.OG doors sum?",
    ), lambda m: count(m.on({"1. Obergeschoss", "2. Obergeschoss"}, "IfcDoor")),
        f"IfcDoor on 1. Obergeschoss or 2. Obergeschoss, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "windows EG + 2.OG",
        "How many windows are on the EG and the 2.OG combined?",
        "Mailbox, 1 new message, Tue 16:12 (auto-transcript):\n"
        "'Hi, Kowalski from the window cleaning, uh, we got the EG and the 2.OG in the contract, the 1.OG is "
        "[inaudible] somebody else. How many windows are on those two floors together? Please call back, "
        "thanks.'",
        "window EG plus 2.OG total?",
    ), lambda m: count(m.on({"EG", "2.OG"}, "IfcWindow")), f"IfcWindow on EG or 2.OG, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- german
    Intent(HE, "german", (
        "Leuchten Obergeschoss",
        "Wie viele Leuchten gibt es im Obergeschoss?",
        "04.12.24, 19:02 - Papa: LED-Umrüstung machen wir oben\n"
        "04.12.24, 19:03 - Jonas: im Obergeschoss oder im Dachgeschoss?\n"
        "04.12.24, 19:03 - Papa: Obergeschoss, das DG kommt nächstes Jahr\n"
        "04.12.24, 19:05 - Jonas: wie viele Leuchten sind auf dem Stockwerk, das wir jetzt machen? Leuchtmittel "
        "kosten 4,99 das Stück",
        "wie viele lampen hängen'n im OG?",
    ), lambda m: count(typed_on(m, "Obergeschoss", LIGHT)),
        f"elements typed by IfcLightFixtureType on Obergeschoss, {STOREY_DEEP}"),
    Intent(FZK11, "german", (
        "Fenster Schlafzimmer",
        "Welche Fenster gehören zum Schlafzimmer?",
        "Sehr geehrte Frau Lang,\n\n"
        "wie besprochen montieren wir die Insektenschutzgitter zuerst im Schlafzimmer, das Bad folgt im "
        "Frühjahr. Welche Fenster hat dieser Raum? Das Aufmaß machen wir dann vor Ort.\n\n"
        "Mit freundlichen Grüßen\n"
        "T. Schubert\n"
        "Schubert Sonnenschutz GmbH\n"
        "Tel. 0721 555 13",
        "schlafzimmer - welche fenster hat's da?",
    ), lambda m: elements(narrower(m.bounding(m.space(long="Schlafzimmer"), "IfcWindow"), m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 4 'Schlafzimmer'"),
    Intent(WP, "german", (
        "Ventile Anzahl",
        "Wie viele Ventile hat die Anlage?",
        "Mängelliste Export\n"
        "Nr;Bereich;Gewerk;Mangel;Status\n"
        "3;Technikraum;HLS;Ventil tropft;offen\n"
        "4;Technikraum;HLS;Ventile ohne Beschriftung;offen\n"
        "Frage zu Nr. 4: wie viele Ventile sind insgesamt im Modell? Der Monteur beschriftet alle.",
        "ventile, wieviel sind's insgesamt?",
    ), lambda m: count(exists(m.of("IfcValve"), "valves")), "every IfcValve of the model (10)"),
    Intent(FZK11, "german", (
        "Steckdosen Keller",
        "Wie viele Steckdosen gibt es im Keller?",
        "Einkaufsliste Baumarkt:\n"
        "- Silikon, weiß\n"
        "- 2 Eimer Farbe\n"
        "- Abdeckrahmen für alle Steckdosen im Keller -> wie viele Steckdosen sind dort? (bitte im Modell "
        "nachschauen)\n"
        "- Schrauben 4x40",
        "wieviele steckdosen hat's im keller unten?",
    ), lambda m: no_storey(m, "Keller", "Kellergeschoss", "Untergeschoss"),
        "decline: the model has no Keller (its storeys are Erdgeschoss and Dachgeschoss)"),
    # ---------------------------------------------------------------- lookup
    Intent(FZK11, "lookup", (
        "Dachgeschoss elevation",
        "At what elevation is the Dachgeschoss?",
        "Earlier today:\n"
        "You: the stair builder needs heights, the Erdgeschoss is at 0.00\n"
        "Assistant: OK.\n"
        "You: he also asked about the price of oak treads, never mind that\n"
        "You: now: what is the elevation of the Dachgeschoss, in metres?",
        "elevation of DG in meter is..?",
    ), lambda m: number(storey_elevation_m(m, "Dachgeschoss"), "m", [m.storey("Dachgeschoss")]),
        "IfcBuildingStorey 'Dachgeschoss'.Elevation, m"),
    Intent(HE, "lookup", (
        "circuit breakers: which storey?",
        "On which storey are the circuit breakers?",
        "SMS thread with Mrs Albers (tenant)\n"
        "Albers 21:14: the power went off in the kitchen again!!\n"
        "Me 21:16: did you check the fuse box?\n"
        "Albers 21:17: which floor is it on? I never know where the breakers are\n"
        "Me (to the model): on which storey are the circuit breakers?",
        "where are the fuses (circuit breakers), which floor?",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of(None, BREAKER), "circuit breakers")),
        f"the storeys of the elements typed by IfcProtectiveDeviceType, {STOREY_DEEP}"),
    Intent(DEL, "lookup", (
        "fans: which level?",
        "On which level are the fans located?",
        "Annex B - maintenance scope (excerpt)\n"
        "B.1 pumps, Level 2: quarterly\n"
        "B.2 fans: semi-annual, access via ____ (the level of the fans, from the model)\n"
        "B.3 boilers: annual, by the gas fitter",
        "the fans are on level..?",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of(None, FAN), "fans")),
        f"the storeys of the elements typed by IfcFanType, {STOREY_DEEP}"),
    Intent(LB, "lookup", (
        "Level 2 elevation",
        "What is the elevation of Level 2 in metres?",
        "Hi Priya,\n\n"
        "the crane operator called again. Same floor as last time - Level 2 - he needs its elevation to set the "
        "lifting height. Can you look up the elevation of that level? (He charges 180 EUR/h, so quick please.)"
        "\n\nThanks, Dev",
        "lvl 2 elevation how much in m?",
    ), lambda m: number(storey_elevation_m(m, "Level 2"), "m", [m.storey("Level 2")]),
        "IfcBuildingStorey 'Level 2'.Elevation, converted from mm to m"),
    Intent(LPS, "lookup", (
        "signal manufacturer",
        "Who is the manufacturer of the signals?",
        "Asset register (paste)\n"
        "Asset\tType\tManufacturer\tInstalled\n"
        "Signal 1\t?\t?\t2019\n"
        "Signal 2\t?\t?\t2019\n"
        "Can you fill in the manufacturer column for those signals from the model? The install year is from the "
        "old register.",
        "signals made by which company?",
    ), lambda m: (no_prop_on(m.of("IfcSignal"), "manufacturer", "hersteller"),
                  no_text(m, "manufacturer", "hersteller"))[1],
        "decline: the signals carry no manufacturer property and no text of the model names one"),
    # ---------------------------------------------------------------- refuse
    Intent(HE, "refuse", (
        "radiator replacement cost",
        "How much would it cost to replace all radiators?",
        "Budget 2025 (comment on cell D14)\n"
        "D12 roof repair: 8,400 EUR (quote from Dach Müller)\n"
        "D13 painting the stairwell: 2,100 EUR\n"
        "D14 new radiators in the whole house: ??? <- what would replacing all of them cost? please fill from "
        "the model",
        "how much money for change all heizkörper?",
    ), lambda m: (exists(m.of(None, RADIATOR), "radiators"), refuse(m, COST))[1],
        "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(DEL, "refuse", (
        "delete Level 2 smoke detectors",
        "Please delete the smoke detectors on Level 2 from the model.",
        "Markup note from the reviewer (PDF comment, sheet E-201):\n"
        "'Smoke detectors on Level 2 are shown twice - remove them from the model and re-export, we will place "
        "new ones later.' The detectors on Level 1 are fine. Please do that and send me the new file.",
        "remove smoke detector level 2 in model pls, thx",
    ), lambda m: (exists(m.on("Level 2", None, SMOKE), "smoke detectors on Level 2"), refuse(m))[1],
        "decline: a write (Level 2 holds 4 smoke detectors)"),
    Intent(WP, "refuse", (
        "next pump maintenance date",
        "When is the next maintenance of the pumps scheduled?",
        "Post in the residents' group: 'Does anyone know when the heating pumps get their next service? Last "
        "winter the heating was off for two days #WP #Heizung'\n"
        "Reply from the caretaker: I'll ask the model - when is the next maintenance of the pumps?",
        "pumps next service is when, date?",
    ), lambda m: (exists(m.of("IfcPump"), "pumps"), refuse(m, SCHEDULE))[1],
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(DHW, "refuse", (
        "replace boiler with bigger one in model",
        "Please replace the boiler in the model with a larger one.",
        "Assistant log (kitchen speaker)\n"
        "> 'Hey, shopping list: milk, eggs'\n"
        "> 'Timer 10 minutes'\n"
        "> 'in the hot water model, swap the boiler for a bigger one and save the file'\n"
        "(last command forwarded to the BIM assistant)",
        "change the boiler to a bigger one in the model and save it pls",
    ), lambda m: (exists(m.of("IfcBoiler"), "a boiler"), refuse(m))[1], "decline: a write (the model has one boiler)"),
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
