"""Issue 22's eighteenth people set (blind): 45 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_eighteenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_eighteenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``eighteenth-KIND-NN-a`` .. ``-d``, ``intent`` ``eighteenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment, (b) a full polite question, (c) a real message whose structure the
fourteenth to seventeenth sets did not use (a GitHub issue with labels and comments, a chatbot conversation where
the user rephrases, a numbered list of assumptions, a whiteboard photo transcript, a spreadsheet comment thread, a
dialogue where someone answers their own earlier question, a Markdown checklist with [x]/[ ] boxes, an email with
inline replies, a question after a long project description, a stand-up note, a Kanban card, a tweet thread, a
scope that is narrowed, a table of rooms with a question about one row, a lab notebook, an FAQ draft, a code
review comment, an architecture decision record, a multiple-choice quiz, a pros/cons list, a YAML or JSON draft, a
parking lot, a TL;DR, a timeline, a retro board, a mind map, a wiki talk page, a step list, a diary, an SQL
comment, a notice board, a phone note, a freelancer brief, an incident report, a customer review, a code TODO,
a scavenger hunt, a letter to the planning office, a wish list, a short story, a postcard, a diff), (d) another
voice (Scottish, Irish and Australian English, Dutch, Polish, Portuguese, French, Hindi-English and Chinese
speakers' grammar, Swiss German, text-speak, dictation without punctuation, a guessed answer to confirm, 'where'
questions, statements ending in '..?', units written oddly). ``--check`` exits 1 when the JSON is stale, 2
without the models.

The set leans on the models the fourteenth to seventeenth sets used least (counted from their ``ifc_filename``s:
the rail model 7 intents, IfcOpenHouse 8, revit_quantities 9, 3rooms, ExampleHOM, WP_Puffer and domestic-hot-water
10 each): ExampleHOM 9 intents, revit_quantities 6, 3rooms and WP_Puffer 3 each, IfcOpenHouse, the rail model and
domestic-hot-water 2 each (27 of 45 on those seven models); Duplex_A 6, Ifc4_SampleHouse and AC20-FZK-Haus 4
each, KIT-EDC 3, AC11-Institute 1; Heizung-Elektro, AC11-FZK-Haus, LargeBuilding and Duplex_Electrical (the
seventeenth set's main models) are not used. Every oracle goes through the ``Model`` walks of ``people_oracles.py``
(storey-deep containment, "in room X" = contained in the space, "the windows of room X" = its IfcRelSpaceBoundary
elements, booleans need their explicit value) and the decline premises of ``people_fifteenth_oracles.py`` (each
raises ``ValueError`` when the model holds what the decline says it lacks). ``narrower`` guards each scoped
answer: it raises when the scope selects everything its class holds (a broad answer would then score as right).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_fifteenth_oracles import (  # noqa: E402
    COST,
    SCHEDULE,
    exists,
    no_area,
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
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    WP,
    Model,
    Oracle,
    compute_intents,
    count,
    elements,
    ext,
    number,
    set_main,
    storeys,
    total,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_eighteenth.json"
PREFIX = "eighteenth"

OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
LPS = "linear-placement-of-signal.ifc"

__all__ = ["COST", "SCHEDULE", "no_text", "no_storey", "no_property", "no_spaces", "no_prop_on", "no_area",
           "no_storeys_at_all", "refuse", "exists", "narrower", "no_named", "compute", "main", "INTENTS", "Model"]


def narrower(part: Iterable[Any], pool: Iterable[Any]) -> list[Any]:
    """``part`` unchanged, after checking it is a non-empty proper subset of ``pool`` (else ValueError)."""
    got, every = {e.GlobalId for e in part}, {e.GlobalId for e in pool}
    if not got or got == every or not got <= every:
        raise ValueError(f"scope selects {len(got)} of {len(every)}: not a proper narrowing")
    return list(part)


def no_named(m: Model, classes: tuple[str, ...], *words: str) -> bool:
    """False (the thing is absent), after checking no instance of ``classes`` exists and no element or space
    name, object type or type name holds any of ``words`` (else ValueError)."""
    for name in classes:
        if m.by_type(name):
            raise ValueError(f"{name} exists in the model")
    low = [w.lower() for w in words]
    for e in m.everything() + m.spaces():
        text = f"{e.Name or ''} {getattr(e, 'ObjectType', None) or ''} {getattr(e, 'LongName', None) or ''}".lower()
        hit = [w for w in low if w in text]
        if hit:
            raise ValueError(f"{hit[0]!r} names {e.is_a()} {e.GlobalId}")
    return False


def gsa(e: Any) -> float:
    return Model.qty(e, "GSA Space Areas", "GSA BIM Area")


def bigger(m: Model, names: tuple[str, str], area: Callable[[Any], float]) -> Oracle:
    a, b = (m.space(name=n) for n in names)
    if area(a) == area(b):
        raise ValueError("tie")
    return elements([a if area(a) > area(b) else b])


def more_than(many: list[Any], few: list[Any]) -> Oracle:
    if len(many) == len(few):
        raise ValueError("tie")
    return yes_no(len(many) > len(few))


def explicit_load_bearing(m: Model) -> list[Any]:
    """The walls recording Pset_WallCommon.LoadBearing = TRUE, after checking every wall records the flag."""
    walls = exists(m.of("IfcWall"), "walls")
    unset = [w for w in walls if not isinstance(Model.prop(w, "Pset_WallCommon", "LoadBearing"), bool)]
    if unset:
        raise ValueError(f"{len(unset)} walls record no LoadBearing: the count would be a guess")
    return [w for w in walls if Model.prop(w, "Pset_WallCommon", "LoadBearing") is True]


def not_on(m: Model, storey: str, classes: str) -> list[Any]:
    m.storey(storey)  # must exist
    return m.of(classes, lambda e: m.storey_name(e) not in (None, storey))


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
    Intent(HOM, "storey_class", (
        "GroundFloor doors how many",
        "How many doors are there on the GroundFloor?",
        "Issue #212: door count for the hardware order\n"
        "Labels: question, model-data\n"
        "Opened by k-nguyen\n\n"
        "We replace the door handles on the GroundFloor first; the 1stFloor follows after the summer.\n\n"
        "Comment by r-salo: handles are 38 EUR each, the supplier wants the exact number.\n"
        "Comment by k-nguyen: so how many doors are on the floor we start with?",
        "aye so how mony doors hae we got on the GroundFloor?",
    ), lambda m: count(narrower(m.on("GroundFloor", "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on GroundFloor, {STOREY_DEEP}"),
    Intent(DUP, "storey_class", (
        "Level 2 windows",
        "How many windows are on Level 2?",
        "Me: windows upstairs?\n"
        "Bot: Sorry, I did not understand which storey you mean.\n"
        "Me: ok, the duplex has Level 1 and Level 2, I mean the upper one of those two, Level 2. The blinds guy "
        "(Mr. Osei) measures on Thursday.\n"
        "Bot: Noted.\n"
        "Me: so how many windows are on that level?",
        "how many windows up on Level 2 mate, reckon it's heaps?",
    ), lambda m: count(narrower(m.on("Level 2", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Level 2, {STOREY_DEEP}"),
    Intent(R3, "storey_class", (
        "attic windows count",
        "How many windows are in the attic?",
        "Assumptions for the roof-window quote:\n"
        "1. The house is the 3rooms model we got from the architect.\n"
        "2. Only the attic gets new roof windows; the Wohnen and the Kitchen keep theirs.\n"
        "3. Prices as in the 2024 list (610 EUR per window).\n"
        "Question: how many windows does the storey from assumption 2 have right now?",
        "how many windows are there on the zolder, the attic i mean?",
    ), lambda m: (exists(m.of("IfcWindow"), "windows"), no_storey(m, "attic", "Dachgeschoss", "zolder"))[1],
        "decline: the model has no attic (its one storey is 'My Storey') and no text names one"),
    Intent(LPS, "storey_class", (
        "signals on level 1",
        "How many signals are there on Level 1?",
        "[whiteboard, photo from Tuesday's workshop, transcribed]\n"
        "RAIL MODEL - open points\n"
        "- cant values -> Sven\n"
        "- signals: count per level!! (Level 1 circled in red)\n"
        "- coffee for Friday\n"
        "question for the model: how many signals on the circled level?",
        "hey assistant how many signals are on level one in the rail model",
    ), lambda m: (exists(m.of("IfcSignal"), "signals"), no_storeys_at_all(m))[1],
        "decline: the model has no IfcBuildingStorey at all (a railway with an alignment; 2 signals)"),
    # ---------------------------------------------------------------- comparison
    Intent(RQ, "comparison", (
        "room 2 vs room 7 which bigger",
        "Which room has the larger area, room 2 or room 7?",
        "Comment thread on cell C4 ('meeting room - candidate')\n"
        "Anna K.: candidates are room 2 and room 7, whichever is larger by area wins\n"
        "Ben T.: room 9 is bigger than both but it's the canteen, forget it\n"
        "Anna K.: right. And the rent is 21 EUR/m² for both\n"
        "Ben T.: @assistant which of the two candidates has the larger area?",
        "which is more big, the room 2 or the room 7? is for the meeting",
    ), lambda m: bigger(m, ("2", "7"), gsa),
        "the space of 2 / 7 with the larger 'GSA Space Areas'.'GSA BIM Area' (19.6 vs 23.76 m²)"),
    Intent(DHW, "comparison", (
        "more valves than pipes?",
        "Does the hot water model have more valves than pipes?",
        "Mon 09:10 me: does the hot-water model even have valves?\n"
        "Mon 16:45 me: answering myself: yes, it has some, I saw them in the viewer.\n"
        "Tue 08:02 me: next thing I don't know: are there more valves than pipes in it? (the insulation budget "
        "is 300 EUR, separate topic)",
        "there's more valves than pipes in the hot water model, right?",
    ), lambda m: more_than(exists(m.of("IfcValve"), "valves"), exists(m.of("IfcPipeSegment"), "pipes")),
        "count of IfcValve (2) > count of IfcPipeSegment (9)"),
    Intent(WP, "comparison", (
        "valves vs pumps, more valves?",
        "Are there more valves than pumps in the heating system?",
        "## Service prep - heat pump plant\n"
        "- [x] order the filter set (89 EUR)\n"
        "- [x] call Mr. Lindqvist about access\n"
        "- [ ] find out: are there more valves than pumps in the model? (the service tech quotes per valve)\n"
        "- [ ] print the schematic",
        "in the heat pump model is more valves than pumps, yes?",
    ), lambda m: more_than(exists(m.of("IfcValve"), "valves"), exists(m.of("IfcPump"), "pumps")),
        "count of IfcValve (10) > count of IfcPump (4)"),
    Intent(WP, "comparison", (
        "pumps Ebene 0 or Ebene 1 more",
        "Which storey has more pumps, Ebene 0 or Ebene 1?",
        "> Can you ask which level of the plant has more pumps, Ebene 0 or Ebene 1?\n"
        "Sure, asking now. <- this one is for the model\n"
        "> The noise complaint came from the neighbour on the other side.\n"
        "Not relevant for the model.\n"
        "> And which of the two should the acoustic engineer visit first?\n"
        "The one with more pumps - so: Ebene 0 or Ebene 1, which has more?",
        "Ebene 0 oder Ebene 1, wo hets meh Pumpe?",
    ), lambda m: (exists(m.of("IfcPump"), "pumps"), no_storey(m, "Ebene 1", "Ebene1"))[1],
        "decline: the model has no Ebene 1 (its one storey is 'Ebene 0')"),
    # ---------------------------------------------------------------- edge
    Intent(SH, "edge", (
        "curtain walls?",
        "Does the Sample House have any curtain walls?",
        "Some background first. We bought the Sample House plans last year, a single-storey timber frame with a "
        "living room, a bedroom and an entrance hall. The roof was redone in 2023 and the bedroom got new carpet "
        "(1,200 EUR, never again). My brother-in-law, who is a facade engineer, keeps talking about glazing "
        "systems and how expensive they are to clean. So my question after all that: does the house have any "
        "curtain walls at all?",
        "would there be any curtain walls in the house at all at all?",
    ), lambda m: yes_no(bool(m.of("IfcCurtainWall"))), "any IfcCurtainWall in the model (2)"),
    Intent(RQ, "edge", (
        "storey count",
        "How many storeys does this model have?",
        "Stand-up, Thursday\n"
        "Yesterday: exported the revit_quantities file, checked the GSA areas\n"
        "Today: lift consultant call (he charges 150 EUR/h)\n"
        "Blockers: he asks how many storeys the building in that file has - can the assistant answer that?",
        "hw many storeys r in this bldg?",
    ), lambda m: count(m.f.by_type("IfcBuildingStorey")), "every IfcBuildingStorey of the model (one, 'Level 1')"),
    Intent(HOM, "edge", (
        "stairs in ExampleHOM?",
        "Are there any stairs in the ExampleHOM model?",
        "Card: 'Stair lift feasibility'\n"
        "Column: Doing\n"
        "Assignee: Priya (OT)\n"
        "Checklist 1/3:\n"
        "  (done) ask the family about the budget (max 9,000 EUR)\n"
        "  (open) are there any stairs in the ExampleHOM model at all?\n"
        "  (open) book a site visit",
        "any stairs are there in this house or not? mother cannot climb na",
    ), lambda m: yes_no(no_named(m, ("IfcStair", "IfcStairFlight", "IfcRamp"), "stair", "treppe")),
        "any IfcStair / IfcStairFlight, or an element or space named for a stair (none: no)"),
    Intent(EDC, "edge", (
        "total doors KIT-EDC",
        "How many doors does the building contain in total?",
        "1/3 Facility-management rant: every door of our new institute building needs an RFID reader.\n"
        "2/3 The readers are 240 EUR each, installation extra, and of course the 2.OG went over budget on paint "
        "already.\n"
        "3/3 Serious question for the BIM folks: how many doors does the building have in total?",
        "must be around 100 doors in the whole building, how many exactly?",
    ), lambda m: count(exists(m.of("IfcDoor"), "doors")), "every IfcDoor of the model (with IfcDoorStandardCase)"),
    # ---------------------------------------------------------------- rooms
    Intent(OH, "rooms", (
        "kitchen windows",
        "How many windows does the kitchen have?",
        "For the curtains: first I thought the whole ground floor of the IfcOpenHouse, but actually just the "
        "kitchen, the rest can wait until spring. Curtains are 35 EUR a panel.\n"
        "How many windows does that room have?",
        "the kitchen, she has how many windows?",
    ), lambda m: (exists(m.of("IfcWindow"), "windows"), no_spaces(m))[1],
        "decline: the model has no IfcSpace (no kitchen whose windows could be read; 5 windows in the house)"),
    Intent(SH, "rooms", (
        "Bedroom furniture count",
        "How many pieces of furniture are in the Bedroom?",
        "Moving checklist - Sample House\n"
        "room            boxes   movers   date\n"
        "Living room     14      2        3 May\n"
        "Bedroom         6       2        4 May\n"
        "Entrance hall   1       1        4 May\n"
        "The movers charge extra for furniture. For the second row only: how many pieces of furniture are in "
        "that room?",
        "Bedroom inside have how many furniture?",
    ), lambda m: count(narrower(m.in_space(m.space(long="Bedroom"), "IfcFurnishingElement"),
                                m.of("IfcFurnishingElement"))),
        "IfcFurnishingElement contained in space '2 - Bedroom'"),
    Intent(HOM, "rooms", (
        "Kitchen5 windows",
        "Which windows belong to Kitchen5?",
        "Lab notebook, day 3 (daylight study)\n"
        "Hypothesis: the kitchen is too dark in winter.\n"
        "Method: list the windows of Kitchen5, then measure each with the lux meter (borrowed, 40 EUR deposit).\n"
        "Note: Living1 was measured yesterday, ignore it.\n"
        "Step 1 - which windows does the room in the method line have?",
        "Kitchen5 has which windows? i need it for the daylight measuring",
    ), lambda m: elements(narrower(m.bounding(m.space(name="Kitchen5"), "IfcWindow"), m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 'Kitchen5'"),
    Intent(R3, "rooms", (
        "Wohnen windows",
        "Which windows belong to the Wohnen?",
        "FAQ draft - tenant handbook (3rooms)\n"
        "Q: Who cleans the windows? A: The tenant, twice a year.\n"
        "Q: Which windows belong to the Wohnen? A: TODO - fill in from the model\n"
        "Q: Can I drill into the Bad tiles? A: No.",
        "weli Fänschter ghöred zum Wohnen?",
    ), lambda m: elements(narrower(m.bounding(m.space(name="Wohnen"), "IfcWindow"), m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 'Wohnen'"),
    # ---------------------------------------------------------------- qualifiers
    Intent(RQ, "qualifiers", (
        "load-bearing walls count",
        "How many of the walls are load-bearing?",
        "Review comment on PR #48 (wall-openings script), line 112:\n"
        "```\nif wall.is_load_bearing:  # needs structural sign-off\n```\n"
        "@tomasz before we merge: how many walls in the revit_quantities model are load-bearing? If it's none, "
        "the sign-off step can go. Coffee machine is fixed btw.",
        "i think 4 walls are load bearing, how many really?",
    ), lambda m: count(explicit_load_bearing(m)),
        "IfcWall with Pset_WallCommon.LoadBearing = TRUE (every wall records FALSE: 0)"),
    Intent(HOM, "qualifiers", (
        "external doors ExampleHOM",
        "How many external doors does the house have?",
        "ADR-007: door access control\n"
        "Context: burglary in the street last month; the insurer wants locks on every outside door.\n"
        "Decision: smart locks (199 EUR each) on external doors only, internal doors untouched.\n"
        "Open question: how many of the house's doors are external?",
        "the house has how much doors to outside?",
    ), lambda m: (exists(m.of("IfcDoor"), "doors"), no_property(m, "extern", "exterior", "outside"))[1],
        "decline: no property, quantity or property set records whether a door is external (the psets hold "
        "only EPset_Parametric and material properties)"),
    Intent(SH, "qualifiers", (
        "internal doors",
        "How many internal doors are there in the Sample House?",
        "BIM quiz, round 2, question 4 (multiple choice)\n"
        "How many internal doors does the Sample House have?\n"
        "A) 1   B) 2   C) 3   D) 5\n"
        "(Prize for the winning team: pizza. Question 5 is about the roof, skip it.)",
        "internal doors in sample house, kindly share the count",
    ), lambda m: count(narrower(m.of("IfcDoor", ext("Pset_DoorCommon", False)), m.of("IfcDoor"))),
        "IfcDoor with Pset_DoorCommon.IsExternal = FALSE"),
    Intent(DUP, "qualifiers", (
        "interior windows Duplex",
        "Which windows of the duplex are interior windows?",
        "Frosted film vs. blinds for the interior windows\n"
        "Pro film: cheap (18 EUR/m²), no drilling\n"
        "Con film: hard to remove\n"
        "Pro blinds: the kids can open them\n"
        "Before deciding: which windows are the interior ones? (the exterior windows are not part of this)",
        "which all windows are interior type in duplex?",
    ), lambda m: elements(narrower(m.of("IfcWindow", ext("Pset_WindowCommon", False)), m.of("IfcWindow"))),
        "IfcWindow with Pset_WindowCommon.IsExternal = FALSE"),
    # ---------------------------------------------------------------- quantities
    Intent(HOM, "quantities", (
        "Living1 volume",
        "What is the volume of Living1?",
        "ventilation_calc.yaml (draft):\n"
        "  air_changes_per_hour: 0.5\n"
        "  fan_price_eur: 129\n"
        "  room: Living1   # Bath9 done last week\n"
        "  volume_m3: ???  # <- what is the volume of the room above? from the model please",
        "living1 how many cbm is it",
    ), lambda m: number(Model.qty(m.space(name="Living1"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³",
                        [m.space(name="Living1")]),
        "Qto_SpaceBaseQuantities.NetVolume of space 'Living1', m³"),
    Intent(DUP, "quantities", (
        "A203 area",
        "What is the area of room A203?",
        "Parking lot (workshop 12 Nov)\n"
        "* Flooring for A203 - Anna wants oak, 64 EUR/m²\n"
        "* B203 the same? -> decide later\n"
        "* Coffee budget\n"
        "Follow-up for the model: how big is the room in the first item, in m²?",
        "what is the area of room a two oh three in square metres",
    ), lambda m: number(gsa(m.space(name="A203")), "m²", [m.space(name="A203")]),
        "'GSA Space Areas'.'GSA BIM Area' of space A203, m²"),
    Intent(RQ, "quantities", (
        "small offices total area",
        "What is the total area of all the small offices together?",
        "Long post, sorry. We're splitting the service charge between the tenants by area. The canteen (room 9) "
        "is shared and handled separately, the two Rooms by the entrance go to tenant B next year, and there "
        "was a whole argument about the parking spaces which I'll spare you. Tenant A has all the small offices."
        "\nTL;DR: what's the total area of the small offices combined?",
        "small offices together are about 50 sqm right? whats the exact total",
    ), lambda m: total(narrower(m.spaces(lambda s: s.LongName == "small office"), m.spaces()), gsa, "m²"),
        "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces named 'small office' (2, 3, 4), m²"),
    Intent(OH, "quantities", (
        "floor area of the house",
        "What is the total floor area of the IfcOpenHouse?",
        "Mon: estate agent called, wants the listing by Friday\n"
        "Tue: photos done (the garden looks great)\n"
        "Wed: energy certificate ordered, 95 EUR\n"
        "Thu: still missing the floor area of the house for the listing - how many m² is it in total?",
        "what's the floor area of the whole house in square metres, mate?",
    ), lambda m: no_area(m), "decline: no IfcSpace and no area quantity anywhere (a floor area is not recorded)"),
    # ---------------------------------------------------------------- negation
    Intent(FZK, "negation", (
        "windows not on Erdgeschoss",
        "How many windows are not on the Erdgeschoss?",
        "Retro board (window project)\n"
        "Went well: Erdgeschoss windows all sealed, on time\n"
        "To improve: communication with the scaffolder (cost us 300 EUR)\n"
        "Action: seal every window apart from those on the floor under 'Went well' -> how many windows is that?",
        "how many windows there are that are not in the Erdgeschoss?",
    ), lambda m: count(narrower(not_on(m, "Erdgeschoss", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on a storey other than Erdgeschoss, {STOREY_DEEP}"),
    Intent(HOM, "negation", (
        "rooms without windows",
        "Which rooms have no windows?",
        "Mind map: smoke + CO2 sensors\n"
        "  ExampleHOM\n"
        "    rooms WITH windows -> natural ventilation, skip\n"
        "    rooms WITHOUT windows -> sensor needed (55 EUR each)\n"
        "      -> which rooms are they?\n"
        "  (ask Jan about the garage - not in this model)",
        "which room no have window?",
    ), lambda m: elements(narrower(m.spaces(lambda s: not m.bounding(s, "IfcWindow")), m.spaces())),
        "IfcSpace with no IfcWindow in its IfcRelSpaceBoundary"),
    Intent(DUP, "negation", (
        "doors not Level 1",
        "How many doors are not on Level 1?",
        "Two crews this week in the duplex: the closer crew and the painting crew. The former already did "
        "Level 1, the latter starts Monday and does every other door. Paint is 45 USD a can, not relevant here.\n"
        "How many doors does the latter crew have to do, i.e. the doors not on Level 1?",
        "how many doors are there now that aren't on Level 1, like?",
    ), lambda m: count(narrower(not_on(m, "Level 1", "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on a storey other than Level 1, {STOREY_DEEP}"),
    Intent(RQ, "negation", (
        "rooms that aren't small offices",
        "Which rooms are not small offices?",
        "Talk:Office layout\n"
        "== Room use ==\n"
        "The small offices stay as they are (see the section above). --Mira 10:14\n"
        ":: Agreed. The others get the new acoustic ceiling, 48 EUR/m². --Jon 10:20\n"
        "::: Which rooms are 'the others' then, i.e. not the small offices? --Mira 10:31",
        "which rms r NOT small offices?",
    ), lambda m: elements(narrower(m.spaces(lambda s: s.LongName != "small office"), m.spaces())),
        "IfcSpace whose LongName is not 'small office'"),
    # ---------------------------------------------------------------- multi_storey
    Intent(FZK, "multi_storey", (
        "doors EG + 1.OG",
        "How many doors are on the Erdgeschoss and the 1. Obergeschoss together?",
        "Steps for the door-stopper order (do not skip):\n"
        "1. open the FZK-Haus model\n"
        "2. count the doors on the Erdgeschoss and on the 1. Obergeschoss, both of those together\n"
        "3. multiply by 2 (two stoppers per door, 3.20 EUR each)\n"
        "4. send the number to Ines\n"
        "Can you do step 2 for me?",
        "doors in EG plus 1.OG, zusammen wie viel?",
    ), lambda m: (exists(m.on("Erdgeschoss", "IfcDoor"), "doors"),
                  no_storey(m, "1. Obergeschoss", "1.OG", "Obergeschoss"))[1],
        "decline: the model has no 1. Obergeschoss (its storeys are Erdgeschoss and Dachgeschoss)"),
    Intent(DUP, "multi_storey", (
        "windows Level 1 + Level 2",
        "How many windows are on Level 1 and Level 2 combined?",
        "POST /quotes (draft body)\n"
        "{\n"
        "  \"service\": \"window cleaning\",\n"
        "  \"levels\": [\"Level 1\", \"Level 2\"],\n"
        "  \"price_per_window\": 6.5,\n"
        "  \"window_count\": null\n"
        "}\n"
        "window_count is missing - how many windows are on the levels in that list, together?",
        "level 1 and level 2 together, how many windows do they have?",
    ), lambda m: count(narrower(m.on({"Level 1", "Level 2"}, "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Level 1 or Level 2, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "doors 1.OG and 2.OG",
        "How many doors are on the 1.OG and the 2.OG together?",
        "Dear diary, long day. The facility manager finally agreed: the door signs get replaced on the 1.OG and "
        "the 2.OG, the EG keeps the old ones because the museum people like them. Signs are 12 EUR each. "
        "Tomorrow I have to know how many doors there are on both of those floors together.",
        "on 1.OG and 2.OG, doors together how much is?",
    ), lambda m: count(narrower(m.on({"1.OG", "2.OG"}, "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on 1.OG or 2.OG, {STOREY_DEEP}"),
    Intent(HOM, "multi_storey", (
        "walls 1stFloor + attic",
        "How many walls are on the 1stFloor and the attic together?",
        "-- what I'd write if the model were a database:\n"
        "-- SELECT count(*) FROM walls WHERE storey IN ('1stFloor', 'attic');\n"
        "-- the GroundFloor walls were painted in May, so not those.\n"
        "Can you answer that query in plain words: how many walls are on those two storeys?",
        "how many walls on the first floor and the attic together",
    ), lambda m: count(narrower(m.on({"1stFloor", "attic"}, "IfcWall"), m.of("IfcWall"))),
        f"IfcWall on 1stFloor or attic, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- german
    Intent(FZK, "german", (
        "Fenster Dachgeschoss",
        "Wie viele Fenster hat das Dachgeschoss?",
        "AUSHANG - Hausgemeinschaft\n"
        "Am Samstag kommt der Fensterputzer (12 € pro Fenster, zahlt jede Partei selbst).\n"
        "Er putzt nur im Dachgeschoss, das Erdgeschoss macht Familie Roth selbst.\n"
        "Frage an die Verwaltung: Wie viele Fenster hat das Geschoss, das er putzt?",
        "Wie vil Fänschter hät s Dachgschoss?",
    ), lambda m: count(narrower(m.on("Dachgeschoss", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Dachgeschoss, {STOREY_DEEP}"),
    Intent(FZK, "german", (
        "Küche Fenster",
        "Welche Fenster gehören zur Küche?",
        "Gesprächsnotiz, Telefonat mit Herrn Aydın (Fensterbänke)\n"
        "- Er fragt, ob das Wohnen auch neue Fensterbänke bekommt. -> Nein, nur die Küche.\n"
        "- Marmor 150 € pro Meter, Lieferung in 3 Wochen.\n"
        "- Offen: welche Fenster gehören zu dem Raum, der neue Fensterbänke bekommt?",
        "küche - welche fenster sind'n da dran?",
    ), lambda m: elements(narrower(m.bounding(m.space(long="Küche"), "IfcWindow"), m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 6 'Küche'"),
    Intent(WP, "german", (
        "Pumpen Anzahl",
        "Wie viele Pumpen hat die Anlage?",
        "Auftrag für Freelancer (intern ausgeschrieben)\n"
        "Gesucht: Heizungsbauer für den Pumpentausch, Start Januar, Stundensatz 65 €.\n"
        "Umfang: alle Pumpen der Wärmepumpenanlage, die Ventile macht jemand anderes.\n"
        "Vorab-Frage: wie viele Pumpen sind das insgesamt?",
        "wie vill Pumpe hät die Aalag?",
    ), lambda m: count(exists(m.of("IfcPump"), "pumps")), "every IfcPump of the model (4)"),
    Intent(INS, "german", (
        "Türen Tiefgarage",
        "Wie viele Türen hat die Tiefgarage?",
        "Kommentar zu Zelle F9 (Türschilder)\n"
        "Lea: Schilder brauchen wir in der Tiefgarage, der Keller ist schon fertig.\n"
        "Marc: Preis 14 € pro Schild, Lieferzeit 2 Wochen.\n"
        "Lea: Wie viele Türen hat denn das Geschoss aus meinem ersten Kommentar?",
        "tiefgarage, wie viele türen hat's da unten?",
    ), lambda m: (exists(m.of("IfcDoor"), "doors"), no_storey(m, "Tiefgarage", "Garage"))[1],
        "decline: the model has no Tiefgarage and no text names a garage (Keller, Erdgeschoss, 1. and 2. "
        "Obergeschoss, Dachgeschoss)"),
    # ---------------------------------------------------------------- lookup
    Intent(EDC, "lookup", (
        "2.OG elevation",
        "What is the elevation of the 2.OG?",
        "Incident report IR-19 (near miss)\n"
        "What happened: a pallet of plasterboard was lifted to the 2.OG with the wrong crane setting.\n"
        "Cost: none, luckily (the board is 9 EUR a sheet).\n"
        "Corrective action: check the elevation of the storey named above before every lift.\n"
        "Q: so what is that storey's elevation?",
        "2.OG sits at elevation..?",
    ), lambda m: number(storey_elevation_m(m, "2.OG"), "m", [m.storey("2.OG")]),
        "IfcBuildingStorey '2.OG'.Elevation, m"),
    Intent(R3, "lookup", (
        "radiators storey",
        "On which storey are the radiators?",
        "★★★★☆ Review of 'the 3rooms flat' (holiday rental)\n"
        "Lovely Wohnen, the kitchen could use a better kettle. It was cold at night though, and the host could "
        "not tell us where the heating is.\n"
        "Host reply: sorry! Let me check the model: which storey are the radiators on?",
        "where r the radiators, which floor?",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of("IfcSpaceHeater"), "radiators")),
        f"the storeys of the IfcSpaceHeater elements, {STOREY_DEEP}"),
    Intent(HOM, "lookup", (
        "window U-value",
        "What is the U-value of the windows?",
        "# energy_check.py\n"
        "# TODO(lena): the grant form (deadline 31 Jan) asks for the U-value of the windows\n"
        "# of ExampleHOM - read it from the model, don't guess. The walls we did already.\n"
        "U_WINDOWS = None  # what is the windows' U-value?",
        "the windows, what U-value they have?",
    ), lambda m: (no_prop_on(m.of("IfcWindow"), "transmittance", "u-value", "uvalue", "u-wert"),
                  no_property(m, "transmittance", "u-value", "uvalue", "u-wert"))[1],
        "decline: no window (and no property set of the model) records a thermal transmittance / U-value"),
    Intent(DUP, "lookup", (
        "utility room level",
        "On which level is the utility room?",
        "Scavenger hunt for Mia's birthday (the duplex)\n"
        "Clue 1: under the kitchen table\n"
        "Clue 2: in the utility room, behind the washing machine\n"
        "Clue 3: the garden shed (not in the model, it's new)\n"
        "Mia needs to know which level to go to for clue 2 - which level is that room on?",
        "which level is the utility room on",
    ), lambda m: storeys(m.storey_name(s) for s in exists(m.spaces(lambda s: s.LongName == "Utility"), "utility")),
        "the storey of the spaces named 'Utility' (A205 and B205, both on Level 2)"),
    Intent(SH, "lookup", (
        "Roof storey elevation",
        "At what elevation is the Roof storey?",
        "To the planning office, re: solar panels on the Sample House\n"
        "We plan 8 panels (420 EUR each) on the roof; the ground floor stays unchanged.\n"
        "Your form asks for 'the elevation of the top storey of the building'. In our model that storey is "
        "called Roof. What is its elevation in metres?",
        "on what height is the Roof storey, in meter?",
    ), lambda m: number(storey_elevation_m(m, "Roof"), "m", [m.storey("Roof")]),
        "IfcBuildingStorey 'Roof'.Elevation, converted from mm to m"),
    # ---------------------------------------------------------------- refuse
    Intent(HOM, "refuse", (
        "add window to Bath9",
        "Please add a second window to Bath9 in the model.",
        "Our wish list for the renovation (budget 25k):\n"
        "* a bigger shower\n"
        "* a second window in Bath9 - can you just put it into the model and save the file?\n"
        "* heated floor in Living1 (later)",
        "pls add 2nd window in bath9 in model n save thx",
    ), lambda m: (exists(m.bounding(m.space(name="Bath9"), "IfcWindow"), "a window of Bath9"), refuse(m))[1],
        "decline: a write (Bath9 has one window)"),
    Intent(RQ, "refuse", (
        "carpet cost small offices",
        "How much would new carpet for all the small offices cost?",
        "The landlord came by on Friday, looked at the worn carpet in the small offices and sighed. 'Get me a "
        "number,' he said, and left for his holiday in Crete. The flooring shop quoted 3,400 EUR for room 9 "
        "alone last year. So, without visiting every shop again: how much would new carpet for those offices "
        "cost?",
        "carpet for small offices, how much cost will come?",
    ), lambda m: (exists(m.spaces(lambda s: s.LongName == "small office"), "small offices"), refuse(m, COST))[1],
        "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(DHW, "refuse", (
        "boiler next service date",
        "When is the boiler's next service due?",
        "Postcard from Lanzarote :)\n"
        "Hi Tom, the weather is great, back on the 20th. Could you water the plants? And one more thing: when "
        "is the next service of the boiler in the hot water model due? The plumber charges 90 EUR call-out.\n"
        "Love, Ines",
        "boiler service is next month i think, when exactly?",
    ), lambda m: (exists(m.of("IfcBoiler"), "a boiler"), refuse(m, SCHEDULE))[1],
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(LPS, "refuse", (
        "move Route Indicator_02 5 m",
        "Please move Route Indicator_02 five metres further along the alignment and save the model.",
        "Proposed change (from the signalling team):\n"
        "```diff\n"
        "- Route Indicator_02  at chainage 0+120\n"
        "+ Route Indicator_02  at chainage 0+125\n"
        "```\n"
        "Can you apply that to the model and save it? The cant review (Sven) is a separate job.",
        "can ye shift Route Indicator_02 five metres doon the line an' save it?",
    ), lambda m: (exists([s for s in m.of("IfcSignal") if s.Name == "Route Indicator_02"], "Route Indicator_02"),
                  refuse(m))[1],
        "decline: a write (the signal exists)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every phrasing of every intent with the intent's oracle, computed once per intent."""
    return compute_intents(INTENTS, ifc_dir, PREFIX)


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
