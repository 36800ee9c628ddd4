"""people_thirteenth.json: a thirteenth blind people set, each intent asked in four phrasings (issue 22).

    python bench/spatial/people_thirteenth_oracles.py [--ifc-dir ../shared/ifc] [-o FILE] [--check]

Written without reading the spatial parser, its data files or the questions of any earlier set. Every oracle
is computed with plain IfcOpenShell through ``people_oracles.Model`` (storey-deep containment, "in room X" =
contained in the space, "the doors of room X" = its IfcRelSpaceBoundary elements, booleans need their
explicit value, quantities from the named set). The four phrasings of an intent share one oracle and one
rule: (a) a terse fragment, (b) a full polite question, (c) a message with context (mail, ticket, chat,
voice memo, forward), (d) another voice (non-native English, typos, abbreviations, passive, German).
A decline's premise is asserted in code (``no_storey``, ``no_text``, ``no_property``, ``refuse``, ``exists``):
it raises ValueError when the model holds what the decline says is absent.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the test writes the set with it)

DEFAULT_OUT = HERE / "people_thirteenth.json"
PREFIX = "thirteenth"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
SH = "Ifc4_SampleHouse.ifc"
HOM = "ExampleHOM.ifc"
LB = "LargeBuilding.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
HE = "Heizung-Elektro_080729.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
SIG = "linear-placement-of-signal.ifc"

COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar")


# --- decline premises (each raises ValueError when the model holds what the decline denies) --------------

def no_storey(m: Model, name: str) -> Oracle:
    """Decline: no storey is called ``name`` (case- and space-insensitive)."""
    key = name.replace(" ", "").lower()
    hits = [s for s in m.f.by_type("IfcBuildingStorey")
            if key in {(s.Name or "").replace(" ", "").lower(), (s.LongName or "").replace(" ", "").lower()}]
    if hits:
        raise ValueError(f"storey {name!r} does exist")
    return decline()


def no_storeys(m: Model, *names: str) -> Oracle:
    """Decline: none of ``names`` (spellings of one storey) is a storey of the model."""
    for name in names:
        no_storey(m, name)
    return decline()


def _strings(m: Model) -> Iterable[str]:
    for entity in m.f:
        for index, value in enumerate(entity):
            if isinstance(value, str) and entity.attribute_name(index) != "GlobalId":
                yield value


def no_text(m: Model, *words: str) -> Oracle:
    """Decline: no string attribute of any entity (GlobalIds aside) holds any of ``words``."""
    low = [w.lower() for w in words]
    for text in _strings(m):
        found = [w for w in low if w in text.lower()]
        if found:
            raise ValueError(f"the model holds the text {found[0]!r} ({text!r})")
    return decline()


def no_property(m: Model, *words: str) -> Oracle:
    """Decline: no property or quantity name holds any of ``words``."""
    low = [w.lower() for w in words]
    for cls in ("IfcProperty", "IfcPhysicalQuantity"):
        for p in m.f.by_type(cls):
            found = [w for w in low if w in (p.Name or "").lower()]
            if found:
                raise ValueError(f"the model holds the property {p.Name!r}")
    return decline()


def no_entities(m: Model, classes: tuple[str, ...]) -> Oracle:
    held = [c for c in classes if m.by_type(c)]
    if held:
        raise ValueError(f"the model holds {', '.join(held)}")
    return decline()


def refuse(m: Model, classes: tuple[str, ...]) -> Oracle:
    """Decline a cost / schedule request: the model holds none of ``classes``."""
    return no_entities(m, classes)


def exists(found: Iterable[Any]) -> Oracle:
    """Decline a write or an opinion about something that exists (it must exist, else the intent is wrong)."""
    if not list(found):
        raise ValueError("the thing the refused request is about does not exist")
    return decline()


def values(es: list[Any], key: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup over several elements: the distinct values with how many elements hold each."""
    dist = Counter(key(e) for e in es)
    rows = sorted(([v, n] for v, n in dist.items()), key=lambda r: (str(r[0]), r[1]))
    return {"type": "values", "value": rows, "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def one_material(e: Any) -> str | None:
    import ifcopenshell.util.element as ue

    names = [x.Name for x in ue.get_materials(e)]
    if len(names) > 1:
        raise ValueError(f"{e.GlobalId}: several materials {names}")
    return names[0] if names else None


def is_ext(pset: str, value: bool) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, "IsExternal") is value


def bearing(value: bool) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, "Pset_WallCommon", "LoadBearing") is value


def qty(e: Any, qset: str, name: str) -> float:
    return Model.qty(e, qset, name)


# --- the intents ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Intent:
    model: str
    kind: str
    phrasings: tuple[str, str, str, str]  # (a) terse, (b) polite, (c) message with context, (d) another voice
    oracle: Callable[[Model], Oracle]
    rule: str


def _dup_windowless_level2(m: Model) -> Oracle:
    return elements(s for s in m.spaces() if m.storey_name(s) == "Level 2" and not m.bounding(s, "IfcWindow"))


def _dup_level2_over_20(m: Model) -> Oracle:
    if m.unit("AREAUNIT") != "m²":
        raise ValueError("the area unit is not m²")
    return elements(s for s in m.spaces() if m.storey_name(s) == "Level 2"
                    and qty(s, "GSA Space Areas", "GSA BIM Area") > 20)


def _largest_room(m: Model) -> Oracle:
    spaces = m.spaces()
    area = {s.GlobalId: qty(s, "GSA Space Areas", "GSA BIM Area") for s in spaces}
    best = max(area.values())
    winners = [s for s in spaces if area[s.GlobalId] == best]
    if len(winners) != 1:
        raise ValueError("tie for the largest room")
    return elements(winners)


def _not_in_living(m: Model) -> Oracle:
    living = m.space(long="Living room")
    return elements(e for e in m.of("IfcFurniture") if m.container.get(e.id()) != living)


def _most(m: Model, cls: str) -> Oracle:
    sizes = {s: len(m.on(s, cls)) for s in m.storey_names()}
    best = max(sizes.values())
    winners = [s for s, n in sizes.items() if n == best]
    if len(winners) != 1:
        raise ValueError(f"tie {sizes}")
    return storeys(winners)


def _more_of_two(m: Model, cls: str, a: str, b: str) -> Oracle:
    na, nb = len(m.on(a, cls)), len(m.on(b, cls))
    if na == nb:
        raise ValueError("tie")
    return storeys([a if na > nb else b])


def _fzk_eg_window_material(m: Model) -> Oracle:
    return values(m.on("Erdgeschoss", "IfcWindow"), one_material)


def _ins_eg_wall_material(m: Model) -> Oracle:
    return values(m.on("Erdgeschoss", "IfcWall"), one_material)


def _opening_house_no_spaces(m: Model) -> Oracle:
    if m.spaces():
        raise ValueError("the model has spaces")
    return no_text(m, "living", "wohn")


INTENTS: list[Intent] = [
    # ---------------------------------------------------------------- storey_class
    Intent(DUP, "storey_class", (
        "Level 2 door count",
        "Could you tell me how many doors there are on Level 2, please?",
        "Hi Tom,\n\nthe locksmith comes on Thursday to swap the cylinders. He has already done the ground floor "
        "(Level 1) last month, so this time it is only the upper storey. To order the right number of cylinders "
        "for that visit: how many doors are on Level 2?\n\nCheers,\nAnke Roloff\nFacility coordinator",
        "I need to know the number of doors what are located on the Level 2, for the locksmith order",
    ), lambda m: count(m.on("Level 2", "IfcDoor")),
        f"IfcDoor on storey 'Level 2', {STOREY_DEEP}; count"),
    Intent(INS, "storey_class", (
        "windows Keller how many",
        "How many windows does the Keller storey have?",
        "Ticket #4471\nCategory: cleaning\nRequested by: Hausverwaltung, J. Brandt\nDue: end of next week\n"
        "Description: the window cleaners quote per window and start in the basement (storey 'Keller'); the "
        "upper floors follow in spring.\nQuestion: how many windows are there on that storey?",
        "Number of windows in Keller is needed for the cleaning offer - the quote is per piece.",
    ), lambda m: count(m.on("Keller", "IfcWindow")),
        f"IfcWindow on storey 'Keller', {STOREY_DEEP}; count"),
    Intent(R3, "storey_class", (
        "windows on My Storey",
        "Which windows are on the storey called My Storey?",
        "[09:12] Lea: the blinds supplier wants a list before lunch\n[09:13] Omar: list of what exactly?\n"
        "[09:13] Lea: of every window on My Storey, with its id, so he can measure each one. Can you pull which "
        "windows those are?",
        "pls list all windwos located on My Storey",
    ), lambda m: elements(m.on("My Storey", "IfcWindow")),
        f"IfcWindow on storey 'My Storey', {STOREY_DEEP}; the elements"),
    Intent(EDC, "storey_class", (
        "3.OG doors",
        "How many doors are there on the 3.OG?",
        "Hello,\n\nwe are preparing the door signage for the building. The EG and 1.OG were already signed "
        "last year. For the 3.OG, how many doors are there? We would like to order the signs this week.\n\n"
        "Best regards\nSven Kaul, Signage & Wayfinding",
        "For the signage order: the count of doors on 3.OG is required, thanks.",
    ), lambda m: no_storey(m, "3.OG"),
        "decline: the model has no storey 3.OG (its storeys are EG, 1.OG, 2.OG)"),
    # ---------------------------------------------------------------- comparison
    Intent(INS, "comparison", (
        "storey with most doors",
        "Which storey of the building has the most doors?",
        "Voice memo, Mon 7:40: ok so I'm walking the institute with the fire officer, he asks for door "
        "inspections floor by floor and he wants to start where it takes longest, so, um, which storey has "
        "the most doors? Thanks, speak later.",
        "On which floor is the number of doors the highest? Need it to plan the inspection route.",
    ), lambda m: _most(m, "IfcDoor"),
        f"the storey with the most IfcDoor, {STOREY_DEEP}"),
    Intent(DUP, "comparison", (
        "more windows: Level 1 or Level 2?",
        "Does Level 1 or Level 2 have more windows?",
        "---------- Forwarded message ----------\nFrom: Rita Osei (client)\nSubject: curtains\n\n"
        "We are deciding where to spend the curtain budget first: on the floor with more glazing. "
        "Between Level 1 and Level 2, which one has more windows?\n\n-- \nforwarded by Paul, project office",
        "Level 1 versus Level 2, which of the two is having the higher number of windows?",
    ), lambda m: _more_of_two(m, "IfcWindow", "Level 1", "Level 2"),
        f"the storey of 'Level 1' and 'Level 2' with more IfcWindow, {STOREY_DEEP}"),
    Intent(EDC, "comparison", (
        "floor with the most walls",
        "On which storey are there the most walls?",
        "Ticket 2210 | Painting\nOpened by: M. Schreiber (site manager)\nNotes: painters want to put their "
        "biggest crew on the storey with the most walls and the smaller crews elsewhere.\nQuestion: which "
        "storey is that?",
        "the most walls are on which storey? (crew planning)",
    ), lambda m: _most(m, "IfcWall"),
        f"the storey with the most IfcWall (IfcWallStandardCase included), {STOREY_DEEP}"),
    Intent(LB, "comparison", (
        "doors Level 1 vs Level 3 - which more",
        "Which of Level 1 and Level 3 has more doors?",
        "Hi both,\n\nquick one before the meeting at 3: the door contractor is splitting his team between "
        "Level 1 and Level 3. To send the bigger team to the right floor, which of those two levels has more "
        "doors?\n\nThanks,\nJonas (PM)",
        "Are there more doors on Level 3 than on Level 1, or the other way round?",
    ), lambda m: no_storey(m, "Level 3"),
        "decline: the model has no storey Level 3 (its storeys are Level 1 and Level 2)"),
    # ---------------------------------------------------------------- edge
    Intent(OH, "edge", (
        "number of windows in the house",
        "How many windows does the house have in total?",
        "Chat:\nNina: the glazier asked me how many windows to check for the whole house\nNina: all of them, "
        "every floor\nNina: how many windows is that?",
        "How many window has this house? Counting every one of them.",
    ), lambda m: count(m.of("IfcWindow")),
        "every IfcWindow in the model (its one storey has no name); count"),
    Intent(SIG, "edge", (
        "signals count",
        "How many signals are in this model?",
        "Hi,\n\nfor the maintenance contract of the line we need an inventory of the trackside signals. "
        "How many signals does the model contain?\n\nKind regards,\nB. Achterberg\nAsset management",
        "I need to know how many signals there is in the model.",
    ), lambda m: count(m.of("IfcSignal")),
        "every IfcSignal in the model (it has no storeys); count"),
    Intent(HOM, "edge", (
        "attic doors",
        "How many doors are there in the attic?",
        "Voice memo: right, the joiner is coming to do the doors upstairs, the 1stFloor is booked for Tuesday, "
        "and he asked if he also needs a day for the attic, so, how many doors are on the attic storey?",
        "Doors on attic, how many? If none the joiner needs no extra day.",
    ), lambda m: count(m.on("attic", "IfcDoor")),
        f"IfcDoor on storey 'attic', {STOREY_DEEP}; count (0)"),
    Intent(OH, "edge", (
        "living room floor area",
        "What is the floor area of the living room?",
        "Hello,\n\nwe are pricing the parquet. The rest of the house gets tiles, so only the living room "
        "matters here. What is the floor area of the living room?\n\nRegards,\nKarin Dahl",
        "The living room's floor area is needed for the parquet quote.",
    ), _opening_house_no_spaces,
        "decline: the model has no IfcSpace and no text 'living'"),
    # ---------------------------------------------------------------- rooms
    Intent(DUP, "rooms", (
        "B103 furniture how many",
        "How many furnishing elements are in the kitchen B103?",
        "FM request\nUnit: B\nRoom: B103 (Kitchen)\nReason: tenant moves out on the 30th, we check the "
        "inventory against the handover list\nWhat we need: the number of furnishing elements in that room",
        "How many furnishings is there in B103 kitchen? For the move-out inventory.",
    ), lambda m: count(m.in_space(m.space(name="B103"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in space B103 (Kitchen); count"),
    Intent(HOM, "rooms", (
        "windows of Kitchen5",
        "Which windows belong to the room Kitchen5?",
        "Hi Marek,\n\nthe kitchen fitter needs to know where the light comes in before he places the worktop. "
        "We mean the room Kitchen5 on the GroundFloor, nothing upstairs. Which windows bound that room?\n\n"
        "Thanks, Ilse (interior design)",
        "Kitchen5 - windows of this room pls, the fitter asks",
    ), lambda m: elements(m.bounding(m.space(name="Kitchen5"), "IfcWindow")),
        "IfcWindow in the IfcRelSpaceBoundary of space Kitchen5; the elements"),
    Intent(INS, "rooms", (
        "Flur EG Ost doors count",
        "How many doors does the corridor Flur EG Ost have?",
        "[chat] Kemal: door closers for the east corridor on the ground floor arrived\n[chat] Petra: which "
        "corridor, there are three on EG\n[chat] Kemal: Flur EG Ost. how many doors open onto it, so I know if "
        "the box is enough?",
        "The doors of Flur EG Ost, how many are they? The closers come in boxes of ten.",
    ), lambda m: count(m.bounding(m.space(long="Flur EG Ost"), "IfcDoor")),
        "IfcDoor in the IfcRelSpaceBoundary of space 'Flur EG Ost'; count"),
    Intent(LB, "rooms", (
        "furniture in the conference room",
        "Which furniture is in the conference room?",
        "Good morning,\n\nfor the event on Friday we move the chairs out of the conference room and into the "
        "lobby. Could you list the furniture that is in the conference room?\n\nBest,\nDana Lee\nOffice manager",
        "List of furnitures inside the conference room is required before Friday.",
    ), lambda m: no_text(m, "conference"),
        "decline: no space and no text in the model is called 'conference' (the spaces are named 'Room')"),
    # ---------------------------------------------------------------- qualifiers
    Intent(DUP, "qualifiers", (
        "Level 1 external doors",
        "Which doors on Level 1 are external?",
        "Hello Sam,\n\nthe alarm company wires door contacts on the ground floor (Level 1) only on doors to "
        "the outside; inside doors are left out. Can you give me those doors, so they can price each contact?"
        "\n\nRegards,\nHelen Marsh\nSecurity lead",
        "which of the doors on Level 1 is exterior (IsExternal)? alarm contacts",
    ), lambda m: elements(m.on("Level 1", "IfcDoor", is_ext("Pset_DoorCommon", True))),
        f"IfcDoor on 'Level 1' ({STOREY_DEEP}) with Pset_DoorCommon.IsExternal = TRUE; the elements"),
    Intent(INS, "qualifiers", (
        "load bearing walls Erdgeschoss count",
        "How many load-bearing walls are on the Erdgeschoss?",
        "Ticket #882\nFrom: Statik, Dr. Weber\nPriority: high\nContext: before anyone drills for the new "
        "cable trays on the Erdgeschoss we need to know which walls carry load; non-bearing ones are fine.\n"
        "Question: how many load-bearing walls are on that storey?",
        "Count of walls on Erdgeschoss which are load bearing (not counting the non-bearing ones)?",
    ), lambda m: count(m.on("Erdgeschoss", "IfcWall", bearing(True))),
        f"IfcWall on 'Erdgeschoss' ({STOREY_DEEP}) with Pset_WallCommon.LoadBearing = TRUE; count"),
    Intent(SH, "qualifiers", (
        "interior doors",
        "Which doors in the house are interior doors?",
        "Voice memo: hi, it's Ben from the paint shop, the interior doors get the white lacquer, the front "
        "door is done separately in oak, so can you tell me which doors are the interior ones? Cheers.",
        "Which doors are internal, the exterior one not included?",
    ), lambda m: elements(m.of("IfcDoor", is_ext("Pset_DoorCommon", False))),
        "IfcDoor with Pset_DoorCommon.IsExternal = FALSE; the elements"),
    Intent(EDC, "qualifiers", (
        "fire rated doors EG",
        "Which doors on the EG are fire-rated?",
        "Hi,\n\nthe fire safety audit is on the 14th and the inspector wants to start on the ground floor, EG. "
        "Could you list the fire-rated doors there beforehand?\n\nThanks\nClaudia Neri, HSE",
        "I need to know which doors on EG have a fire rating, the audit is next week.",
    ), lambda m: no_property(m, "fire") and no_text(m, "fire", "brand"),
        "decline: no property of the model records a fire rating (and no text 'fire')"),
    # ---------------------------------------------------------------- quantities
    Intent(FZK, "quantities", (
        "net floor area Küche",
        "What is the net floor area of the Küche?",
        "Hallo Jan,\n\nthe tiler asked for the kitchen only: the Küche on the Erdgeschoss, the bathroom he "
        "measured himself. He calculates on the net area, not the gross one. What is the net floor area of "
        "that room?\n\nGruß, Mia\n(Bauleitung)",
        "Küche net floor area in m2? for the tiles",
    ), lambda m: number(qty(m.space(long="Küche"), "BaseQuantities", "NetFloorArea"), "m²",
                        [m.space(long="Küche")]),
        "BaseQuantities.NetFloorArea of space 'Küche' (every floor area the file holds for it agrees); m²"),
    Intent(R3, "quantities", (
        "total net floor area all rooms",
        "What is the total net floor area of all rooms together?",
        "[14:02] Ute: cleaning contract is per m2\n[14:02] Ute: they do every room, Empfang, Wohnen, Bad and "
        "the Kitchen\n[14:03] Rolf: so what's the net floor area of those added up?",
        "Sum of net floor area over all the rooms, counting every room, in m2?",
    ), lambda m: number(sum(qty(s, "Qto_SpaceBaseQuantities", "NetFloorArea") for s in m.spaces()), "m²",
                        m.spaces()),
        "sum of Qto_SpaceBaseQuantities.NetFloorArea over every IfcSpace; m²"),
    Intent(RQ, "quantities", (
        "biggest room",
        "Which room has the largest floor area?",
        "Dear all,\n\nwe will use the largest room as the training room during the refurbishment, everything "
        "else stays office space. Which room is the biggest by floor area?\n\nKind regards,\nT. Novak\n"
        "Workplace team",
        "What room is the most big one (area)?",
    ), _largest_room,
        "the IfcSpace with the largest 'GSA Space Areas'.'GSA BIM Area'; the element"),
    Intent(DUP, "quantities", (
        "Level 2 rooms over 20 m2",
        "Which rooms on Level 2 have a floor area of more than 20 m²?",
        "Hi Priya,\n\nthe flooring offer splits small rooms from large ones: anything above 20 m² gets the "
        "heavier underlay. We only need the upper storey, Level 2, for now. Which rooms on that level are "
        "larger than 20 m²?\n\nThanks,\nOwen Burke\nQuantity surveyor",
        "rooms bigger then 20 square metres, only on Level 2 - which are they?",
    ), _dup_level2_over_20,
        "IfcSpace on 'Level 2' with 'GSA Space Areas'.'GSA BIM Area' > 20 m²; the elements"),
    # ---------------------------------------------------------------- negation
    Intent(DUP, "negation", (
        "Level 2 rooms without windows",
        "Which rooms on Level 2 have no windows?",
        "Hi Kim,\n\nthe upstairs rooms without daylight need a mechanical vent under the new code. We only "
        "look at Level 2 here. Which rooms there have no window at all?\n\nBest,\nArne\nMEP design",
        "Rooms on Level 2 which are not having any window - which ones?",
    ), _dup_windowless_level2,
        "IfcSpace on 'Level 2' with no IfcWindow in its IfcRelSpaceBoundary; the elements"),
    Intent(INS, "negation", (
        "2. Obergeschoss walls not load bearing, count",
        "How many walls on the 2. Obergeschoss are not load-bearing?",
        "Voice memo from the architect: we want to open up the offices on the 2. Obergeschoss, only walls "
        "that don't carry anything can go, so, how many of the walls on that floor are non-load-bearing?",
        "Non load-bearing walls on 2. Obergeschoss: the number of them is needed (bearing ones not counted).",
    ), lambda m: count(m.on("2. Obergeschoss", "IfcWall", bearing(False))),
        f"IfcWall on '2. Obergeschoss' ({STOREY_DEEP}) with Pset_WallCommon.LoadBearing = FALSE; count"),
    Intent(SH, "negation", (
        "furniture outside the living room",
        "Which furniture is not in the living room?",
        "Chat:\nEva: movers take the living room furniture on Monday\nEva: everything else goes on Tuesday\n"
        "Eva: which pieces are for Tuesday, i.e. the furniture that is not in the living room?",
        "Give me the furnitures except the ones located in living room.",
    ), _not_in_living,
        "IfcFurniture not contained in space 'Living room'; the elements"),
    Intent(LB, "negation", (
        "Level 1 windows not triple glazed",
        "Which windows on Level 1 are not triple-glazed?",
        "Hello,\n\nthe energy consultant wants to replace every window on Level 1 that is not triple-glazed "
        "before winter. Which windows are those?\n\nRegards\nFrank Iyer",
        "windows on Level 1 that have no triple glazing, which?",
    ), lambda m: no_text(m, "triple"),
        "decline: the model records no glazing layers (no text 'triple')"),
    # ---------------------------------------------------------------- multi_storey
    Intent(INS, "multi_storey", (
        "windows 1. + 2. Obergeschoss",
        "How many windows are there on the 1. Obergeschoss and the 2. Obergeschoss together?",
        "Hi Svenja,\n\nsun protection film goes on the two upper office floors, the 1. Obergeschoss and the "
        "2. Obergeschoss; Keller and Erdgeschoss are shaded by the trees. How many windows is that, both "
        "floors counted?\n\nBest, Timo (facility)",
        "Windows on 1. Obergeschoss plus 2. Obergeschoss, counting both storeys - how many?",
    ), lambda m: count(m.on(("1. Obergeschoss", "2. Obergeschoss"), "IfcWindow")),
        f"IfcWindow on '1. Obergeschoss' or '2. Obergeschoss', {STOREY_DEEP}; count"),
    Intent(DUP, "multi_storey", (
        "furnishings Level 1 and Level 2",
        "How many furnishing elements are there on Level 1 and Level 2 combined?",
        "Ticket INV-77\nRequested by: Insurance desk\nContext: the contents policy covers the furnishings of "
        "both residential floors, Level 1 and Level 2.\nQuestion: how many furnishing elements is that across "
        "the two levels?",
        "Furnishings: number on Level 1 and Level 2, both counted together, is needed for insurance.",
    ), lambda m: count(m.on(("Level 1", "Level 2"), "IfcFurnishingElement")),
        f"IfcFurnishingElement on 'Level 1' or 'Level 2', {STOREY_DEEP}; count"),
    Intent(EDC, "multi_storey", (
        "walls EG + 2.OG",
        "How many walls are there on the EG and the 2.OG together?",
        "[10:01] Jana: painters start Monday\n[10:02] Jana: EG and 2.OG this round, the 1.OG is still "
        "occupied\n[10:02] Luis: ok, how many walls is that on those two storeys?",
        "Over a dozen surely, but how many walls exactly on EG and 2.OG (1.OG not counting)?",
    ), lambda m: count(m.on(("EG", "2.OG"), "IfcWall")),
        f"IfcWall on 'EG' or '2.OG', {STOREY_DEEP}; count"),
    Intent(HE, "multi_storey", (
        "valves Dachgeschoss and 2. Obergeschoss",
        "How many valves are there on the Dachgeschoss and the 2. Obergeschoss together?",
        "Hello Mr. Berger,\n\nthe plumber will service the valves on the top two floors, the 2. Obergeschoss "
        "and the Dachgeschoss. How many valves are there on those two storeys?\n\nKind regards\nE. Kowalski",
        "Number of valves on 2. Obergeschoss and Dachgeschoss (both counting) is needed for the service.",
    ), lambda m: no_storey(m, "2. Obergeschoss"),
        "decline: the model has no storey '2. Obergeschoss' (Kellergeschoss, EG, Obergeschoss, Dachgeschoss)"),
    # ---------------------------------------------------------------- german
    Intent(FZK, "german", (
        "Fenster Dachgeschoss",
        "Welche Fenster befinden sich im Dachgeschoss?",
        "Hallo Herr Wagner,\n\nder Dachdecker kommt nächste Woche und will die Anschlüsse der Fenster im "
        "Dachgeschoss prüfen. Welche Fenster sind das?\n\nMit freundlichen Grüßen\nSabine Roth",
        "Bitte die Fenster vom DG auflisten, danke",
    ), lambda m: elements(m.on("Dachgeschoss", "IfcWindow")),
        f"IfcWindow on 'Dachgeschoss', {STOREY_DEEP}; the elements"),
    Intent(INS, "german", (
        "Anzahl Türen EG",
        "Wie viele Türen gibt es im Erdgeschoss?",
        "Ticket 5120\nBereich: Schließanlage\nAnsprechpartner: Hr. Yilmaz\nBeschreibung: Für die neue "
        "Schließanlage brauchen wir zuerst das Erdgeschoss, die Obergeschosse folgen später.\nFrage: Wie "
        "viele Türen hat dieses Geschoss?",
        "Die Anzahl der Türen im EG wird benötigt (Schließanlage).",
    ), lambda m: count(m.on("Erdgeschoss", "IfcDoor")),
        f"IfcDoor on 'Erdgeschoss', {STOREY_DEEP}; count"),
    Intent(FZK11, "german", (
        "Möbel Küche Anzahl",
        "Wie viele Möbelstücke stehen in der Küche?",
        "Sprachnachricht: Hallo, hier ist Lukas, wir räumen am Samstag die Küche leer für die Renovierung, "
        "die anderen Räume bleiben wie sie sind, wie viele Möbel sind in der Küche, damit ich den Transporter "
        "richtig buche?",
        "wieviele Moebel sind in der Kueche? brauche es fuer den Umzug",
    ), lambda m: count(m.in_space(m.space(long="Küche"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in space 'Küche'; count"),
    Intent(WP, "german", (
        "Heizkörper 1. OG",
        "Wie viele Heizkörper gibt es im 1. OG?",
        "Hallo zusammen,\n\nder Heizungsbauer will nächste Woche die Heizkörper oben entlüften, und zwar im "
        "1. OG. Wie viele Heizkörper sind dort?\n\nViele Grüße\nMartina (Hausverwaltung)",
        "Die Zahl der Heizkörper im 1. Obergeschoss wird gebraucht.",
    ), lambda m: no_storeys(m, "1. OG", "1. Obergeschoss", "1.OG"),
        "decline: the model has no storey 1. OG / 1. Obergeschoss (its one storey is 'Ebene 0')"),
    # ---------------------------------------------------------------- refuse
    Intent(INS, "refuse", (
        "rename room 101 to Buero Schulz",
        "Could you rename room 101 from Buero Meier to Buero Schulz?",
        "Hi,\n\nHerr Meier retired on Friday and Frau Schulz moves into his office on the Erdgeschoss. "
        "Please rename room 101 to 'Buero Schulz' in the model so the door plates match.\n\nThanks\n"
        "Anna, Hausverwaltung",
        "Room 101 should be renamed into Buero Schulz, please do it in the model.",
    ), lambda m: exists(m.spaces(lambda s: s.Name == "101")),
        "decline: a write (renaming a space); the model is read-only"),
    Intent(FZK, "refuse", (
        "window costs",
        "How much do the windows of the house cost?",
        "Voice memo: hi, it's Greta, the bank wants a rough figure for the windows before they approve the "
        "loan, the doors we already have, so how much do the windows cost in total?",
        "What is the price of all windows together? Bank needs it.",
    ), lambda m: refuse(m, COST),
        "decline: a cost; the model holds no IfcCostItem / IfcCostValue / IfcCostSchedule"),
    Intent(EDC, "refuse", (
        "when is 2.OG finished",
        "When will the works on the 2.OG be finished?",
        "Ticket 3391\nTenant: Lab group Prof. Haas\nContext: the group moves from the 1.OG to the 2.OG once "
        "the fit-out there is done.\nQuestion: when will the works on the 2.OG be finished?",
        "Completion date of the 2.OG works - when is it planned?",
    ), lambda m: refuse(m, SCHEDULE),
        "decline: a schedule; the model holds no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar"),
    Intent(HOM, "refuse", (
        "is 1stFloor layout good for a family",
        "Is the layout of the 1stFloor good for a family with three children?",
        "Hello,\n\nwe are thinking about buying the house. We have three kids and the bedrooms are on the "
        "1stFloor. In your opinion, is the 1stFloor layout good for a family like ours?\n\nWarm regards,\n"
        "the Okafors",
        "The 1stFloor - is it a nice layout for family with 3 kids, what you think?",
    ), lambda m: exists(m.on("1stFloor", "IfcSpace")),
        "decline: an opinion the model cannot hold (the storey and its rooms exist)"),
    # ---------------------------------------------------------------- lookup
    Intent(INS, "lookup", (
        "Erdgeschoss walls material",
        "What material are the walls on the Erdgeschoss made of?",
        "Hi Rolf,\n\nthe electrician wants to choose the right dowels for the Erdgeschoss before he mounts the "
        "cable trays there. What are the walls on that storey made of?\n\nThanks,\nDeniz (site office)",
        "Walls of Erdgeschoss: which material is used? Needed for the dowels.",
    ), _ins_eg_wall_material,
        f"the material of each IfcWall on 'Erdgeschoss' ({STOREY_DEEP}) with how many walls hold it"),
    Intent(FZK, "lookup", (
        "material windows Erdgeschoss",
        "What material are the windows on the Erdgeschoss made of?",
        "[chat] Ines: the painter asks what he's dealing with on the ground floor\n[chat] Ines: the windows "
        "on the Erdgeschoss, what are they made of? wood needs a different primer",
        "The windows in the Erdgeschoss are made from what material? (primer choice)",
    ), _fzk_eg_window_material,
        f"the material of each IfcWindow on 'Erdgeschoss' ({STOREY_DEEP}) with how many windows hold it"),
    Intent(HOM, "lookup", (
        "Bedroom6 height",
        "How high is the room Bedroom6?",
        "Ticket FM-602\nRoom: Bedroom6 (1stFloor)\nRequested by: K. Braun, tenant\nContext: a tall wardrobe is "
        "delivered on Friday.\nQuestion: what is the height of the room?",
        "Height of Bedroom6 in metres, is needed for the wardrobe delivery",
    ), lambda m: number(qty(m.space(name="Bedroom6"), "Qto_SpaceBaseQuantities", "Height"), "m",
                        [m.space(name="Bedroom6")]),
        "Qto_SpaceBaseQuantities.Height of space Bedroom6; m"),
    Intent(EDC, "lookup", (
        "U-value windows EG",
        "What is the U-value of the windows on the EG?",
        "Hello,\n\nfor the energy certificate we need the thermal values of the ground-floor glazing (EG). "
        "What is the U-value of the windows there?\n\nBest regards\nH. Lindqvist, energy consultant",
        "The windows on EG, which U value do they have? For the energy certificate.",
    ), lambda m: no_property(m, "ThermalTransmittance", "U-Value", "UValue"),
        "decline: no property of the model records a U-value (ThermalTransmittance)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every intent's four phrasings with the intent's oracle computed on the models in ``ifc_dir``."""
    models: dict[str, Model] = {}
    seen: Counter[str] = Counter()
    out: list[dict[str, Any]] = []
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
