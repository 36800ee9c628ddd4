"""Issue 22's nineteenth people set (blind): 45 intents, each asked in four phrasings, oracles with plain IfcOpenShell.

    python bench/spatial/people_nineteenth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Writes ``people_nineteenth.json``: ``{id, intent, query, ifc_filename, kind, oracle, oracle_rule, source}``, ids
``nineteenth-KIND-NN-a`` .. ``-d``, ``intent`` ``nineteenth-KIND-NN``. The four phrasings of an intent share one
oracle and one rule: (a) a terse fragment, (b) a full polite question, (c) a real message whose structure the
fourteenth to eighteenth sets did not use (a recipe, a legal clause, a subtitles file, a meeting poll, a
crossword clue, a product comparison page, a chess-like move log, a teacher's feedback, a bug bounty report, a
changelog, a README snippet, a customs declaration, a release protocol signed by two people, a screenplay scene, a job
posting, a press release, a forum post with a signature, an exam question, a merge conflict, an auction lot, a
receipt, a limerick, an INI file, a travel itinerary, a game walkthrough, a court transcript, a museum audio
guide, a sports commentary, a telegram, a lecture slide, a Makefile, a spreadsheet formula, a German official
letter, a Stammtisch chat, a German recipe, a German classified ad, a lost-and-found notice, a riddle, a drone
flight plan, podcast show notes, a warranty claim, a to-do app export, a letter to Santa, a weather report, a
patent claim), (d) a voice none of the fifteenth to eighteenth sets used (Nigerian, Singaporean, South African,
Jamaican, Kenyan, Filipino and Cockney English; Spanish, Italian, Turkish, Russian and Greek speakers' English; a
child; an old-fashioned formal voice; a legal voice; sarcasm; hedging; a typo corrected on a second line; voice
assistant commands; emoji; ALL CAPS; numbers spelled out; German and English mixed mid-sentence; Bavarian,
Berlin and Swabian German). ``--check`` exits 1 when the JSON is stale, 2 without the models.

The set leans on the models the fifteenth to eighteenth sets used least (counted from their ``ifc_filename``s:
AC11-Institute 3 intents, the rail model 7, KIT-EDC and Duplex_A 8 each, IfcOpenHouse 9): AC11-Institute 14
intents, Duplex_A 9, KIT-EDC 6, IfcOpenHouse 4, the rail model 3 (36 of 45 on those five); WP_Puffer 3,
domestic-hot-water 2, and 3rooms, Ifc4_SampleHouse, revit_quantities and AC20-FZK-Haus 1 each. ExampleHOM,
Heizung-Elektro and AC11-FZK-Haus (asked 14-16 times by those sets) are not used. Every oracle goes through the
``Model`` walks of ``people_oracles.py`` (storey-deep containment, "in room X" = contained in the space, "the
windows / doors of room X" = its IfcRelSpaceBoundary elements, booleans need their explicit value) and the decline
premises of ``people_fifteenth_oracles.py`` (each raises ``ValueError`` when the model holds what the decline says
it lacks); the rail model's distances are read from the signals' IfcLinearPlacement and the alignment's
horizontal segments, the host wall of a door from its IfcRelFillsElement / IfcRelVoidsElement. ``narrower``
guards each scoped answer: it raises when the scope selects everything its class holds (a broad answer would
then score as right) or nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
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
    no_text,
    refuse,
    storey_elevation_m,
)
from people_oracles import (  # noqa: E402
    DUP,
    EDC,
    FZK,
    INS,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    WP,
    Model,
    Oracle,
    argmax_storey,
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
DEFAULT_OUT = HERE / "people_nineteenth.json"
PREFIX = "nineteenth"

OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
LPS = "linear-placement-of-signal.ifc"

__all__ = ["COST", "SCHEDULE", "no_text", "no_storey", "no_property", "no_spaces", "no_prop_on", "no_room",
           "refuse", "exists", "narrower", "absent", "explicit_flag", "host_wall", "distance_along",
           "alignment_length", "further", "compute", "main", "INTENTS", "Model"]


def narrower(part: Iterable[Any], pool: Iterable[Any]) -> list[Any]:
    """``part`` unchanged, after checking it is a non-empty proper subset of ``pool`` (else ValueError)."""
    got, every = {e.GlobalId for e in part}, {e.GlobalId for e in pool}
    if not got or got == every or not got <= every:
        raise ValueError(f"scope selects {len(got)} of {len(every)}: not a proper narrowing")
    return list(part)


def absent(m: Model, classes: tuple[str, ...], *words: str) -> bool:
    """False (the thing is absent), after checking no instance of ``classes`` exists and no element name, object
    type or type name holds any of ``words`` (else ValueError)."""
    for name in classes:
        if m.by_type(name):
            raise ValueError(f"{name} exists in the model")
    low = [w.lower() for w in words]
    for e in m.everything():
        t = ue.get_type(e)
        text = f"{e.Name or ''} {getattr(e, 'ObjectType', None) or ''} {(t.Name or '') if t else ''}".lower()
        hit = [w for w in low if w in text]
        if hit:
            raise ValueError(f"{hit[0]!r} names {e.is_a()} {e.GlobalId}")
    return False


def no_room(m: Model, *words: str) -> Oracle:
    """Decline: no space's Name or LongName holds any of ``words`` (the model has spaces, just not this one),
    and no text of the model names it either."""
    spaces = exists(m.spaces(), "spaces")
    hit = [s for s in spaces if m.named(*words)(s)]
    if hit:
        raise ValueError(f"space {hit[0].Name!r} / {hit[0].LongName!r} exists")
    return no_text(m, *words)


def explicit_flag(m: Model, classes: str, pset: str, prop: str, value: bool) -> list[Any]:
    """The elements recording ``pset.prop`` = ``value``, after checking every element of ``classes`` records the
    flag (an unset flag would make the count a guess)."""
    es = exists(m.of(classes), classes)
    unset = [e for e in es if not isinstance(Model.prop(e, pset, prop), bool)]
    if unset:
        raise ValueError(f"{len(unset)} of {len(es)} {classes} record no {pset}.{prop}")
    return [e for e in es if Model.prop(e, pset, prop) is value]


def host_wall(e: Any) -> list[Any]:
    """The wall an element fills an opening of (IfcRelFillsElement -> IfcOpeningElement -> IfcRelVoidsElement)."""
    hosts = [rel.RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement for rel in e.FillsVoids or ()]
    if len(hosts) != 1:
        raise ValueError(f"{e.GlobalId}: {len(hosts)} host elements")
    return hosts


def distance_along(e: Any) -> float:
    """The distance along the alignment curve of a linearly placed element (IfcPointByDistanceExpression)."""
    placement = e.ObjectPlacement
    if not placement.is_a("IfcLinearPlacement"):
        raise ValueError(f"{e.GlobalId} is not placed linearly")
    return float(placement.RelativePlacement.Location.DistanceAlong.wrappedValue)


def alignment_length(m: Model) -> float:
    """The horizontal length of the one alignment: the sum of its horizontal segments' SegmentLength."""
    (alignment,) = m.by_type("IfcAlignment")
    (horizontal,) = m.by_type("IfcAlignmentHorizontal")
    segments = [s.DesignParameters for s in m.by_type("IfcAlignmentSegment")
                if s.DesignParameters.is_a("IfcAlignmentHorizontalSegment")]
    return sum(float(s.SegmentLength) for s in exists(segments, f"horizontal segments of {alignment.Name}"))


def further(m: Model, a: str, b: str) -> Oracle:
    sa, sb = (exists([s for s in m.of("IfcSignal") if s.Name == n], n)[0] for n in (a, b))
    if distance_along(sa) == distance_along(sb):
        raise ValueError("tie")
    return elements([sa if distance_along(sa) > distance_along(sb) else sb])


def bigger(m: Model, a: Any, b: Any, area: Callable[[Any], float]) -> Oracle:
    if area(a) == area(b):
        raise ValueError("tie")
    return elements([a if area(a) > area(b) else b])


def nfa(e: Any) -> float:
    return Model.qty(e, "BaseQuantities", "NetFloorArea")


def gsa(e: Any) -> float:
    return Model.qty(e, "GSA Space Areas", "GSA BIM Area")


def not_on(m: Model, storey: str, classes: str) -> list[Any]:
    m.storey(storey)  # must exist
    return m.of(classes, lambda e: m.storey_name(e) not in (None, storey))


def unfurnished_on(m: Model, storey: str) -> list[Any]:
    """The spaces on ``storey`` that contain no IfcFurnishingElement."""
    m.storey(storey)
    return m.spaces(lambda s: m.storey_name(s) == storey and not m.in_space(s, "IfcFurnishingElement"))


def bedrooms(m: Model) -> list[Any]:
    return m.spaces(lambda s: (s.LongName or "").startswith("Bedroom"))


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
        "doors 1. Obergeschoss",
        "Could you tell me how many doors there are on the 1. Obergeschoss?",
        "Recipe: door signs for the institute (serves one storey)\n"
        "Ingredients:\n"
        "- the 1. Obergeschoss of the institute\n"
        "- one acrylic sign per door (7.50 EUR each)\n"
        "- a cordless drill, borrowed from the Keller workshop\n"
        "Method:\n"
        "1. Preheat the label printer.\n"
        "2. Count the doors of the storey from the ingredients.\n"
        "3. Print that many signs.\n"
        "I'm stuck at step 2 - how many doors is that?",
        "Abeg, how many doors dey for the 1. Obergeschoss?",
    ), lambda m: count(narrower(m.on("1. Obergeschoss", "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on 1. Obergeschoss, {STOREY_DEEP}"),
    Intent(WP, "storey_class", (
        "pumps in the Keller",
        "How many pumps are installed in the Keller of the heat pump plant?",
        "Maintenance contract, draft v2\n"
        "§ 3 Scope of works\n"
        "(1) The Contractor shall service every pump located in the Keller of the heat pump plant.\n"
        "(2) The buffer tank and the floor heating circuits are excluded; they are covered by § 4.\n"
        "(3) The flat fee is 85 EUR per pump and visit.\n"
        "Before we sign: how many pumps fall under paragraph (1)?",
        "Keller got how many pumps ah? Can check or not?",
    ), lambda m: (exists(m.of("IfcPump"), "pumps"), no_storey(m, "Keller", "Kellergeschoss", "Untergeschoss",
                                                              "basement"))[1],
        "decline: the model has no Keller (its one storey is 'Ebene 0') and no text names one"),
    Intent(EDC, "storey_class", (
        "1.OG windows count",
        "How many windows does the 1.OG have?",
        "1\n"
        "00:00:01,200 --> 00:00:04,000\n"
        "So the new blinds go on the 1.OG only.\n"
        "\n"
        "2\n"
        "00:00:04,100 --> 00:00:07,800\n"
        "The EG and the 2.OG keep their curtains, and the blinds are 3 ft wide, 129 EUR a piece.\n"
        "\n"
        "3\n"
        "00:00:07,900 --> 00:00:10,500\n"
        "How many windows are on the floor I named first?",
        "Ja, how many windows are on the 1.OG? The blinds guy comes just now",
    ), lambda m: count(narrower(m.on("1.OG", "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on 1.OG, {STOREY_DEEP}"),
    Intent(DUP, "storey_class", (
        "Level 2 furniture count",
        "How many pieces of furniture are on Level 2 of the duplex?",
        "Poll: when should the movers empty Level 2?\n"
        "( ) Monday 8:00   (3 votes)\n"
        "( ) Tuesday 8:00  (5 votes)\n"
        "( ) Friday 13:00  (0 votes - the van costs 40 % more on Fridays)\n"
        "Comment from Olu: Level 1 stays furnished until the sale. Before anyone votes, how many pieces of "
        "furniture are on the level in the poll title?",
        "How much furniture deh pon Level 2?",
    ), lambda m: count(narrower(m.on("Level 2", "IfcFurnishingElement"), m.of("IfcFurnishingElement"))),
        f"IfcFurnishingElement on Level 2, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- comparison
    Intent(INS, "comparison", (
        "Labor I vs Buero Studenten I bigger",
        "Which room has the larger floor area, Labor I or Buero Studenten I?",
        "Crossword, Saturday edition (theme: the institute)\n"
        "9 down (6 letters): the Seminarraum's favourite furniture, plural\n"
        "14 across: of Labor I and Buero Studenten I, the one with more floor area\n"
        "Prize: a 20 EUR book voucher.\n"
        "I can't solve 14 across without the model - which of the two rooms in that clue is bigger?",
        "Which one has more surface, the Labor I or the Buero Studenten I? The two are for the new lab, no?",
    ), lambda m: bigger(m, m.space(long="Labor I"), m.space(long="Buero Studenten I"), nfa),
        "the space of Labor I / Buero Studenten I with the larger BaseQuantities.NetFloorArea (25.52 vs 39.16 m²)"),
    Intent(EDC, "comparison", (
        "EG vs 2.OG doors which more",
        "Which storey has more doors, the EG or the 2.OG?",
        "storey-compare.example | Compare storeys side by side\n"
        "                 EG        2.OG\n"
        "Elevation        0.00 m    7.10 m\n"
        "Doors            ?         ?\n"
        "Price per lock   89 EUR    89 EUR\n"
        "Our verdict: the storey with more doors gets the new locks first (the 1.OG waits).\n"
        "Which of the two compared storeys wins?",
        "EG or 2.OG, which one has more doors, eh? Tell me please, I make the plan",
    ), lambda m: argmax_storey(m, {s: m.on(s, "IfcDoor") for s in ("EG", "2.OG")}),
        f"the storey of EG / 2.OG with more IfcDoor (29 vs 31), {STOREY_DEEP}"),
    Intent(LPS, "comparison", (
        "Route Indicator_01 or _02 further along",
        "Which signal is further along the alignment, Route Indicator_01 or Route Indicator_02?",
        "Move log, track inspection game (Tue)\n"
        "1. Start at station 0+000\n"
        "2. Walk to Route Indicator_01 ... check lamp (spare lamp 14 EUR)\n"
        "3. Walk to Route Indicator_02 ... check lamp\n"
        "4. ?? the cant review is Sven's move, skip\n"
        "Before move 2: of the two pieces in moves 2 and 3, which stands further along the track?",
        "Route Indicator_01 and Route Indicator_02, which one is more far on the track? I go to the far one",
    ), lambda m: further(m, "Route Indicator_01", "Route Indicator_02"),
        "the IfcSignal with the larger IfcLinearPlacement DistanceAlong (353.1 vs 853.1 m)"),
    Intent(DUP, "comparison", (
        "B202 vs B203 area which bigger",
        "Which of the two bedrooms B202 and B203 has the larger area?",
        "Feedback on your assignment 'Reading a BIM model' (grade: B)\n"
        "Good: you found the bedrooms on Level 2 and the kitchens on Level 1.\n"
        "To improve: you claimed that B202 is larger than B203 without checking. The Level 1 rooms were fine.\n"
        "Task for the resubmission (due 3 May): which room of that pair has the larger area, according to the "
        "model?",
        "Which bedroom is bigger, B202 or B203? Is important for carpet.",
    ), lambda m: bigger(m, m.space(name="B202"), m.space(name="B203"), gsa),
        "the space of B202 / B203 with the larger 'GSA Space Areas'.'GSA BIM Area' (26.119 vs 26.178 m²)"),
    # ---------------------------------------------------------------- edge
    Intent(INS, "edge", (
        "any stairs institute",
        "Are there any stairs in the institute building?",
        "Bug bounty report BB-311\n"
        "Severity: low   Reward claimed: 50 EUR\n"
        "Summary: the evacuation map generator draws no escape routes between storeys.\n"
        "Steps to reproduce: open the institute model, run the generator, look at the Keller.\n"
        "Root cause hypothesis: the model has no stairs at all?\n"
        "Please confirm: does the model contain any stairs?",
        "are there stairs in the big institute building? my dad works there and i want to run up them",
    ), lambda m: yes_no(bool(exists(m.of("IfcStair"), "stairs"))), "any IfcStair in the model (4)"),
    Intent(DUP, "edge", (
        "footings count duplex",
        "How many footings does the duplex have?",
        "CHANGELOG.md (duplex tools)\n"
        "## [2.1.0] - 2024-03-02\n"
        "### Added\n"
        "- footing schedule export (the concrete supplier quotes 140 EUR per m³)\n"
        "### Fixed\n"
        "- roof windows listed twice\n"
        "### Open\n"
        "- the schedule shows no count yet: how many footings does the duplex have?",
        "Pray, how many footings hath the duplex?",
    ), lambda m: count(exists(m.of("IfcFooting"), "footings")), "every IfcFooting of the model (7)"),
    Intent(R3, "edge", (
        "air terminals how many",
        "How many air terminals are there in the 3rooms model?",
        "README.md (excerpt)\n"
        "## Usage\n"
        "\n"
        "```\n"
        "ifc-count 3rooms.ifc --class AirTerminal\n"
        "```\n"
        "\n"
        "The tool prints the number of air terminals (the heaters are counted by `--class SpaceHeater`).\n"
        "For the README example output: what number should that command print?",
        "The undersigned hereby requests disclosure of the number of air terminals in the 3rooms model.",
    ), lambda m: count(exists(m.of("IfcAirTerminal"), "air terminals")), "every IfcAirTerminal of the model (2)"),
    Intent(RQ, "edge", (
        "any furniture revit_quantities",
        "Is there any furniture in the revit_quantities model?",
        "Customs declaration CN23 (draft)\n"
        "Sender: office move, room 9 to the new site\n"
        "Item 1: desks and chairs - value 1,800 EUR\n"
        "Item 2: a coffee machine - value 240 EUR\n"
        "Box 'Contents listed in model': does the revit_quantities model contain any furniture at all?",
        "Oh sure, the revit_quantities model is probably bursting with furniture. Is there any at all?",
    ), lambda m: yes_no(absent(m, ("IfcFurnishingElement", "IfcFurniture"), "furniture", "desk", "chair",
                                "table")),
        "any IfcFurnishingElement / IfcFurniture, or an element named for furniture (none: no)"),
    # ---------------------------------------------------------------- rooms
    Intent(INS, "rooms", (
        "Seminarraum furniture count",
        "How many pieces of furniture are in the Seminarraum?",
        "Room release protocol - institute, Keller\n"
        "Room: Seminarraum (the Besprechungsraum I next door is released next week)\n"
        "Condition: walls fine, one ceiling tile cracked (replacement 12 EUR)\n"
        "Furniture count: ____\n"
        "Signed: A. Berger (facility)    Signed: T. Kuhn (event team)\n"
        "Before we both sign: how many pieces of furniture are in the room being released?",
        "not sure if this makes sense but how many furniture pieces are in the Seminarraum?",
    ), lambda m: count(narrower(m.in_space(m.space(long="Seminarraum"), "IfcFurnishingElement"),
                                m.of("IfcFurnishingElement"))),
        "IfcFurnishingElement contained in space 006 'Seminarraum'"),
    Intent(DUP, "rooms", (
        "B103 furniture count",
        "How many pieces of furniture are in the kitchen B103?",
        "INT. THE DUPLEX, UNIT B - EARLY MORNING\n"
        "MOVER ONE and MOVER TWO stand in the kitchen, B103. Next door, A103 is locked.\n"
        "MOVER ONE: We skip A103. The van is booked till four, sixty-five an hour.\n"
        "MOVER TWO: (looking around) Then we start right here.\n"
        "MOVER ONE: How many pieces of furniture are in this kitchen?",
        "how many pieces of furniture are in the kicthen B103\n*kitchen",
    ), lambda m: count(narrower(m.in_space(m.space(name="B103"), "IfcFurnishingElement"),
                                m.of("IfcFurnishingElement"))),
        "IfcFurnishingElement contained in space B103 'Kitchen'"),
    Intent(EDC, "rooms", (
        "room 17 doors",
        "How many doors does room 17 have?",
        "We're hiring: locksmith (m/f/d), 3 months, KIT-EDC building\n"
        "Pay: 24 EUR/h, tools provided.\n"
        "Your first task: fit new cylinders in room 17 on the 2.OG; room 18 follows in week 2.\n"
        "Applicants keep asking: how many doors does the room of the first task have?",
        "Hey model, how many doors does room 17 have",
    ), lambda m: count(narrower(m.bounding(m.space(name="17"), "IfcDoor"), m.of("IfcDoor"))),
        "IfcDoor in the IfcRelSpaceBoundary of space 17"),
    Intent(LPS, "rooms", (
        "signals in station hall",
        "How many signals are inside the station hall?",
        "FOR IMMEDIATE RELEASE\n"
        "New station hall opens on the line in spring. The 4.2 million EUR building replaces the old shelter; "
        "the route indicators along the track stay where they are.\n"
        "Press contact: M. Okafor.\n"
        "Journalist's follow-up: how many signals are inside the new station hall itself?",
        "🚉 signals inside the station hall? how many 🤔",
    ), lambda m: (exists(m.of("IfcSignal"), "signals"), no_spaces(m), no_text(m, "station hall", "hall"))[1],
        "decline: the model has no IfcSpace and no station hall (a railway with an alignment and 2 signals)"),
    # ---------------------------------------------------------------- qualifiers
    Intent(INS, "qualifiers", (
        "external door institute",
        "Which door of the institute is an external door?",
        "Re: access control in the institute (page 2)\n"
        "Thanks for the reader quotes (310 EUR each is fine). The internal doors get nothing this year.\n"
        "Quick question though: which door of the building is external?\n"
        "--\n"
        "Marco | Facility IT | Keller, room 003\n"
        "'There is no cloud, just someone else's computer.'",
        "WHICH DOOR OF THE INSTITUTE IS EXTERNAL??",
    ), lambda m: elements(narrower(m.of("IfcDoor", ext("Pset_DoorCommon", True)), m.of("IfcDoor"))),
        "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(EDC, "qualifiers", (
        "external walls KIT-EDC",
        "How many external walls does the KIT-EDC building have?",
        "Exam BIM-2, summer term, question 3 (4 marks)\n"
        "The KIT-EDC model distinguishes external and internal walls.\n"
        "(a) How many external walls does the model contain?\n"
        "(b) Name one internal wall of the 1.OG. (not needed here)\n"
        "Time allowed: 10 minutes. Calculators permitted.",
        "out of the one hundred and seventeen walls in KIT-EDC, how many are external ones?",
    ), lambda m: count(narrower(explicit_flag(m, "IfcWall", "Pset_WallCommon", "IsExternal", True),
                                m.of("IfcWall"))),
        "IfcWall with Pset_WallCommon.IsExternal = TRUE (every wall records the flag)"),
    Intent(DUP, "qualifiers", (
        "load-bearing walls duplex",
        "How many walls in the duplex are load-bearing?",
        "<<<<<<< HEAD\n"
        "LOAD_BEARING_WALLS = 7   # counted by hand, Level 1 and Level 2\n"
        "=======\n"
        "LOAD_BEARING_WALLS = 12  # from the structural PDF (engineer's fee 900 EUR)\n"
        ">>>>>>> feature/structure\n"
        "Resolving this conflict: which side is right, i.e. how many walls of the duplex are load-bearing?",
        "wie viele walls im Duplex sind load-bearing, also tragend?",
    ), lambda m: count(narrower(explicit_flag(m, "IfcWall", "Pset_WallCommon", "LoadBearing", True),
                                m.of("IfcWall"))),
        "IfcWall with Pset_WallCommon.LoadBearing = TRUE (every wall records the flag)"),
    Intent(WP, "qualifiers", (
        "pumps energy class A",
        "How many of the pumps have energy efficiency class A?",
        "Auction lot 17 (closes Sunday 20:00)\n"
        "4 circulation pumps from a heat pump plant, removed in working order. Starting bid 60 EUR.\n"
        "Pickup only; the buffer tank is lot 18.\n"
        "Buyer question: how many of these pumps are energy efficiency class A?",
        "do the pumps have energy class A or nah? how many fr, no cap",
    ), lambda m: (no_prop_on(exists(m.of("IfcPump"), "pumps"), "efficien", "energy", "effizienz", "class",
                             "label", "eei"),
                  no_property(m, "efficiency", "effizienz", "energy class", "energieklasse", "eei"))[1],
        "decline: no pump (and no property set of the model) records an energy efficiency class"),
    # ---------------------------------------------------------------- quantities
    Intent(INS, "quantities", (
        "Seminarraum volume",
        "What is the volume of the Seminarraum?",
        "RECEIPT  Baumarkt Süd  12.03.  14:22\n"
        "1 x CO2 sensor              89.00\n"
        "2 x extension cable          9.98\n"
        "TOTAL                       98.98 EUR\n"
        "Note on the back: sensor is for the Seminarraum (the WC Herren gets one later). It needs the room "
        "volume for calibration - what is the volume of the room on this receipt?",
        "the Seminarraum is three hundred something cubic metres i guess? exact volume please",
    ), lambda m: number(Model.qty(m.space(long="Seminarraum"), "BaseQuantities", "NetVolume"), "m³",
                        [m.space(long="Seminarraum")]),
        "BaseQuantities.NetVolume of space 006 'Seminarraum', m³"),
    Intent(LPS, "quantities", (
        "alignment length",
        "How long is the track alignment in total?",
        "There once was a track in a file,\n"
        "that curved to the left for a while,\n"
        "with signals a pair,\n"
        "and a cant here and there -\n"
        "so how long, in metres, is that line's full length, end to end?",
        "How long's that there alignment, y'all, in metres?",
    ), lambda m: number(alignment_length(m), "m", m.by_type("IfcAlignment")),
        "sum of IfcAlignmentHorizontalSegment.SegmentLength of the alignment 'Track alignment', m"),
    Intent(DUP, "quantities", (
        "bedrooms total area",
        "What is the total area of all the bedrooms in the duplex?",
        "; carpet.ini\n"
        "[order]\n"
        "rooms = A202, A203, B202, B203   ; the four bedrooms\n"
        "price_per_m2 = 32                 ; EUR, the hallways get vinyl instead\n"
        "area = ?                          ; total area of the rooms listed above, in m2\n"
        "What value belongs in 'area'?",
        "What's t' total area of all t' bedrooms in t' duplex, love?",
    ), lambda m: total(narrower(bedrooms(m), m.spaces()), gsa, "m²"),
        "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces named 'Bedroom 1' / 'Bedroom 2' (A202, A203, "
        "B202, B203), m²"),
    Intent(SH, "quantities", (
        "kitchen area Sample House",
        "What is the floor area of the kitchen in the Sample House?",
        "Itinerary, tiling trip\n"
        "Day 1: drive down, hotel (95 EUR/night)\n"
        "Day 2: Sample House - measure the kitchen for the new tiles; the living room is done already\n"
        "Day 3: tile shop, then home\n"
        "For day 2 I'd like the number in advance: what is the floor area of the room from day 2?",
        "What's the floor area of the kitchen in the Sample House, is it big?",
    ), lambda m: no_room(m, "kitchen", "küche", "kueche"),
        "decline: no space of the model is a kitchen (Living room, Bedroom, Entrance hall, Roof) and no text "
        "names one"),
    # ---------------------------------------------------------------- negation
    Intent(INS, "negation", (
        "2. OG rooms without furniture",
        "Which rooms on the 2. Obergeschoss have no furniture?",
        "Walkthrough, chapter 3: 'The empty rooms'\n"
        "You arrive on the 2. Obergeschoss by the stairs (the Keller was chapter 1, 50 XP).\n"
        "Achievement 'Echo': visit every room on this floor that has no furniture in it.\n"
        "Hint: the offices are full of desks.\n"
        "Which rooms do I need for the achievement?",
        "Which rooms in the 2. Obergeschoss have no furnitures po?",
    ), lambda m: elements(narrower(unfurnished_on(m, "2. Obergeschoss"), m.spaces())),
        "IfcSpace on 2. Obergeschoss containing no IfcFurnishingElement"),
    Intent(OH, "negation", (
        "walls not load-bearing",
        "How many of the walls of the IfcOpenHouse are not load-bearing?",
        "Q. You inspected the IfcOpenHouse on the 4th?\n"
        "A. I did.\n"
        "Q. And the owner wanted to knock through to the garden, at a cost of some 6,000 pounds?\n"
        "A. That is what he said.\n"
        "THE COURT: Then the question for the record is simple: how many of the house's walls are not "
        "load-bearing?",
        "'ow many of the walls ain't load-bearing, guv?",
    ), lambda m: (no_prop_on(exists(m.of("IfcWall"), "walls"), "loadbearing", "load bearing", "tragend"),
                  no_property(m, "loadbearing", "load bearing", "tragend", "structural"))[1],
        "decline: no wall (and no property set of the model) records whether it is load-bearing"),
    Intent(DHW, "negation", (
        "sanitary terminals not bath",
        "Which sanitary terminals in the hot water model are not a bath?",
        "Audio guide, stop 4: the bathroom of the hot-water model\n"
        "'On your left you see the bath, installed in 2021 for 1,100 EUR. The boiler in the next room heats "
        "the water for everything here.'\n"
        "Visitor question at the end of the stop: which of the sanitary fixtures are not the bath?",
        "Which sanitary things are not the bath? Tell me, my friend",
    ), lambda m: elements(narrower(m.of("IfcSanitaryTerminal", lambda e: ue.get_predefined_type(e) != "BATH"),
                                   m.of("IfcSanitaryTerminal"))),
        "IfcSanitaryTerminal whose PredefinedType is not BATH"),
    Intent(EDC, "negation", (
        "doors not on EG",
        "How many doors are not on the EG?",
        "...and the door crew have finished the EG! What a performance, every single door sealed before "
        "lunch! Thirty euros of silicone well spent!\n"
        "Co-commentator: Now the real question, Jim: how many doors are left for them, the ones not on the "
        "floor they just finished?",
        "Doors which are not on EG, they are how many sasa?",
    ), lambda m: count(narrower(not_on(m, "EG", "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on a storey other than EG, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- multi_storey
    Intent(INS, "multi_storey", (
        "windows Keller + Erdgeschoss",
        "How many windows are on the Keller and the Erdgeschoss together?",
        "TELEGRAM\n"
        "WINDOW CLEANERS ARRIVE MONDAY STOP\n"
        "KELLER AND ERDGESCHOSS ONLY STOP\n"
        "UPPER FLOORS NEXT YEAR STOP\n"
        "RATE 4 EUR PER PANE STOP\n"
        "HOW MANY WINDOWS ON THOSE TWO FLOORS TOGETHER STOP",
        "Keller and Erdgeschoss, how many windows do they have together, or?",
    ), lambda m: count(narrower(m.on({"Keller", "Erdgeschoss"}, "IfcWindow"), m.of("IfcWindow"))),
        f"IfcWindow on Keller or Erdgeschoss, {STOREY_DEEP}"),
    Intent(OH, "multi_storey", (
        "windows ground floor + attic",
        "How many windows are on the ground floor and the attic of the IfcOpenHouse together?",
        "Slide 7/12 - Case study: IfcOpenHouse\n"
        "- ground floor + attic = the living area\n"
        "- facade: brick, 1 door\n"
        "- exercise (5 min): count the windows on both levels named on this slide\n"
        "Speaker note: the answer is on slide 8, which is still empty - what is it?",
        "Kindly inform me as to the number of windows upon the ground floor and in the attic combined.",
    ), lambda m: (exists(m.of("IfcWindow"), "windows"), no_storey(m, "attic", "loft", "Dachgeschoss",
                                                                   "Dachboden"))[1],
        "decline: the model has no attic (one unnamed storey) and no text names one"),
    Intent(DHW, "multi_storey", (
        "pipes My Storey + basement",
        "How many pipe segments are on My Storey and in the basement together?",
        "Makefile (pipe insulation order):\n"
        "pipes:\n"
        "\t# count the pipe segments on My Storey and in the basement\n"
        "\tifc-count hot-water.ifc --class PipeSegment --levels 'My Storey,basement'\n"
        "# insulation sleeves are 3.40 EUR per segment\n"
        "What would `make pipes` print, i.e. how many segments are on the two levels in that target?",
        "I might be totally wrong here but: pipes on My Storey plus the basement, how many?",
    ), lambda m: (exists(m.on("My Storey", "IfcPipeSegment"), "pipes"), no_storey(m, "basement", "cellar",
                                                                                   "Keller"))[1],
        "decline: the model has no basement (its one storey is 'My Storey') and no text names one"),
    Intent(DUP, "multi_storey", (
        "walls T/FDN + Level 1",
        "How many walls are on T/FDN and Level 1 together?",
        "=COUNTIFS(Walls[Level], {\"T/FDN\", \"Level 1\"})\n"
        "^ this gives #REF! in our takeoff sheet (the Level 2 and Roof walls are on tab 2, priced at 55 EUR/m²).\n"
        "What should the cell show, i.e. how many walls are on the levels in the formula?",
        "Walls on T/FDN and Level 1 - together how many? Need number for report.",
    ), lambda m: count(narrower(m.on({"T/FDN", "Level 1"}, "IfcWall"), m.of("IfcWall"))),
        f"IfcWall on T/FDN or Level 1, {STOREY_DEEP}"),
    # ---------------------------------------------------------------- german
    Intent(INS, "german", (
        "Türen Erdgeschoss Anzahl",
        "Wie viele Türen gibt es im Erdgeschoss?",
        "Landratsamt, Bauordnungsamt\n"
        "Az.: 2024-0815-BS\n"
        "Betreff: Brandschutznachweis Institutsgebäude, Erdgeschoss\n"
        "Für das oben genannte Geschoss ist bis zum 30.06. eine Türliste vorzulegen; die Obergeschosse werden "
        "gesondert geprüft. Gebühr: 120 €.\n"
        "Bitte teilen Sie uns vorab die Anzahl der Türen in dem genannten Geschoss mit.",
        "Wia vui Tiarn hod des Erdgeschoss?",
    ), lambda m: count(narrower(m.on("Erdgeschoss", "IfcDoor"), m.of("IfcDoor"))),
        f"IfcDoor on Erdgeschoss, {STOREY_DEEP}"),
    Intent(INS, "german", (
        "Besprechungsraum I Fenster",
        "Welche Fenster gehören zum Besprechungsraum I?",
        "Stammtisch-Gruppe 🍺\n"
        "Heinz: Die Jalousien im Besprechungsraum I sind hin.\n"
        "Karl: Und im Besprechungsraum II?\n"
        "Heinz: Der ist okay. Neue kosten 80 € das Stück.\n"
        "Karl: Welche Fenster hat denn der kaputte Raum?",
        "Wat für Fenster hat'n der Besprechungsraum I, wa?",
    ), lambda m: elements(narrower(m.bounding(m.space(long="Besprechungsraum I"), "IfcWindow"),
                                   m.of("IfcWindow"))),
        "IfcWindow in the IfcRelSpaceBoundary of space 001 'Besprechungsraum I'"),
    Intent(FZK, "german", (
        "Küche Fläche",
        "Wie groß ist die Grundfläche der Küche?",
        "Rezept: neue Fliesen für das FZK-Haus\n"
        "Zutaten: die Küche, Fliesen zu 42 € pro m², Fugenmörtel\n"
        "(das Bad bleibt wie es ist)\n"
        "Zubereitung:\n"
        "1. Die Fläche des Raumes aus den Zutaten bestimmen.\n"
        "2. 10 % Verschnitt dazurechnen.\n"
        "Wie groß ist der Raum aus Schritt 1?",
        "Wie groß isch d'Küche, in Quadratmeter?",
    ), lambda m: number(Model.qty(m.space(long="Küche"), "BaseQuantities", "NetFloorArea"), "m²",
                        [m.space(long="Küche")]),
        "BaseQuantities.NetFloorArea of space 6 'Küche', m²"),
    Intent(WP, "german", (
        "Ventile Dachgeschoss",
        "Wie viele Ventile sind im Dachgeschoss der Anlage verbaut?",
        "Kleinanzeige\n"
        "Biete: 6 Thermostatköpfe, neuwertig, 15 € pro Stück, nur Abholung.\n"
        "Suche: jemanden, der mir sagt, wie viele Ventile im Dachgeschoss der Wärmepumpenanlage sitzen - so "
        "viele Köpfe brauche ich.",
        "Wie viele valves sind im Dachgeschoss, please?",
    ), lambda m: (exists(m.of("IfcValve"), "valves"), no_storey(m, "Dachgeschoss", "Dachboden"))[1],
        "decline: the model has no Dachgeschoss (its one storey is 'Ebene 0') and no text names one"),
    # ---------------------------------------------------------------- lookup
    Intent(INS, "lookup", (
        "Buero Hausmeister storey",
        "On which storey is the Buero Hausmeister?",
        "FOUND: a bunch of keys with a red tag, left in the Buero Hausmeister on Friday.\n"
        "(Not the bike keys from the Seminarraum - those were collected.)\n"
        "Reward offered by the owner: a coffee.\n"
        "To collect them you need to go there - on which storey is that office?",
        "Buero Hausmeister is on which floor one ah?",
    ), lambda m: storeys([m.storey_name(m.space(long="Buero Hausmeister"))]),
        "the storey of space 104 'Buero Hausmeister'"),
    Intent(OH, "lookup", (
        "door host wall",
        "Which wall of the IfcOpenHouse is the door in?",
        "Riddle of the week:\n"
        "I have four walls named after the winds, five windows and exactly one door.\n"
        "My roof is a gable, my walls are brick, and I cost nothing because I'm made of code.\n"
        "In which of my walls do you find my door?",
        "Howzit, which wall is the door in, hey?",
    ), lambda m: elements(host_wall(exists(m.of("IfcDoor"), "door")[0])),
        "the wall whose opening the IfcDoor fills (IfcRelFillsElement -> IfcRelVoidsElement)"),
    Intent(INS, "lookup", (
        "Dachgeschoss elevation",
        "What is the elevation of the Dachgeschoss?",
        "FLIGHT PLAN - roof inspection drone\n"
        "Takeoff: 08:00, car park\n"
        "Target: the Dachgeschoss of the institute\n"
        "Altitude: elevation of the target + 5 m\n"
        "Battery: 2 packs (the spare costs 160 EUR)\n"
        "What is the elevation of the target storey?",
        "OK model, elevation of the Dachgeschoss.",
    ), lambda m: number(storey_elevation_m(m, "Dachgeschoss"), "m", [m.storey("Dachgeschoss")]),
        "IfcBuildingStorey 'Dachgeschoss'.Elevation, m"),
    Intent(DUP, "lookup", (
        "footings level",
        "On which level of the duplex are the footings?",
        "Show notes, episode 12 - 'What lies beneath'\n"
        "00:00 intro, sponsor (a 10 % voucher for concrete tools)\n"
        "04:10 the footings of the duplex, and why they matter\n"
        "21:30 listener mail about Level 2's windows\n"
        "Listener question we couldn't answer live: on which level of the model are the things from 04:10?",
        "Which level di footings dem deh pon?",
    ), lambda m: storeys(m.storey_name(e) for e in exists(m.of("IfcFooting"), "footings")),
        f"the storeys of the IfcFooting elements, {STOREY_DEEP}"),
    Intent(INS, "lookup", (
        "window manufacturer",
        "Who is the manufacturer of the windows in the institute?",
        "Warranty claim W-88\n"
        "Item: window, 2. Obergeschoss, fitting broken (repair quote 230 EUR)\n"
        "Purchase date: unknown\n"
        "Field 'Manufacturer': ______ <- please fill in from the model: who made the windows?",
        "WHO MADE THE WINDOWS?? MANUFACTURER PLS",
    ), lambda m: (no_prop_on(exists(m.of("IfcWindow"), "windows"), "manufactur", "hersteller", "brand"),
                  no_property(m, "manufactur", "hersteller"))[1],
        "decline: no window (and no property set of the model) records a manufacturer"),
    # ---------------------------------------------------------------- refuse
    Intent(INS, "refuse", (
        "delete Seminarraum furniture",
        "Please delete all the furniture in the Seminarraum from the model and save it.",
        "To-do (exported 09:14)\n"
        "[ ] !!! clear out the Seminarraum before the exam week\n"
        "[ ] !   book the caterer (18 EUR per head)\n"
        "[x]     return the projector to the Besprechungsraum II\n"
        "Assistant, please do the top task directly in the model: remove all furniture from that room and save "
        "the file.",
        "🗑️ delete all furniture in Seminarraum + save 💾",
    ), lambda m: (exists(m.in_space(m.space(long="Seminarraum"), "IfcFurnishingElement"), "its furniture"),
                  refuse(m))[1],
        "decline: a write (the Seminarraum holds 32 pieces of furniture)"),
    Intent(DUP, "refuse", (
        "new kitchen B103 cost",
        "How much would a new kitchen for B103 cost?",
        "Dear Santa,\n"
        "this year I have been very good. I tidied up the bathroom and the foyer every week.\n"
        "For Christmas I would like a new kitchen for B103, the one in our half of the duplex.\n"
        "Mum says it is too expensive. How much would it cost?\n"
        "Love, Mia (7)",
        "how much money is a new kitchen for B103? my mum wants one",
    ), lambda m: (m.space(name="B103"), refuse(m, COST))[1],
        "decline: a cost (no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(EDC, "refuse", (
        "2.OG doors install date",
        "When is the installation of the doors on the 2.OG scheduled?",
        "Site weather, week 14\n"
        "Mon: rain, 9 °C. Tue: showers. Wed: dry, 14 °C. Thu: dry. Fri: storm warning.\n"
        "The door fitters (180 EUR per door) want dry days for the 2.OG; the EG is finished.\n"
        "So: on which date is the door installation on that storey scheduled?",
        "Kindly furnish the scheduled installation date of the doors on the 2.OG, without prejudice.",
    ), lambda m: (exists(m.on("2.OG", "IfcDoor"), "doors"), refuse(m, SCHEDULE))[1],
        "decline: a schedule (no IfcTask / IfcWorkSchedule / IfcWorkPlan / IfcWorkCalendar)"),
    Intent(OH, "refuse", (
        "rename door Front door",
        "Please rename the door of the IfcOpenHouse to 'Front door' and save the model.",
        "Claim 1. A house (IfcOpenHouse) comprising four brick walls, five windows and one door, wherein the "
        "door is named 'Front door'.\n"
        "Claim 2. The house of claim 1, wherein the roof is a gable roof.\n"
        "(Filing fee: 350 EUR.) Please make the model match claim 1: rename the door and save the file.",
        "Hey model, rename the door to Front door and save.",
    ), lambda m: (exists(m.of("IfcDoor"), "the door"), refuse(m))[1],
        "decline: a write (the door exists, unnamed)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every phrasing of every intent with the intent's oracle, computed once per intent."""
    return compute_intents(INTENTS, ifc_dir, PREFIX)


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
