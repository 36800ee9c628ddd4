"""The hand-written IFCMemoryBench tasks (issue 23), as written by hand: the sentences, the probes, the gold.

Everything a person says here was written by hand, the way people talk in project meetings; the tool
turns are not: ``bench/memory/handwritten_build.py`` runs every call on the model and writes the tool
output and the assistant's answer from it (``ifcqa.memory.sessions``). Written before the memory
work of issue 23, and never tuned to it (see bench/memory/README.md).

A task: the model, a probe, the gold (value, unit, text), the seeded sessions (each a list of
exchanges: a user line and the tool call it asks for; a ``final`` overrides the assistant's answer),
its key facts and superseded facts (the anchor as said, the value, the unit, the attribute and the
seeded session they are in), and near-miss sessions of its own. Each model also has a pool of
hand-written distractor exchanges every task on it gets.
"""

# ruff: noqa: E501 - hand-written data: one sentence a line reads better than wrapped
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Call = tuple[str, dict[str, Any]] | None


@dataclass
class X:
    """One exchange: a user line, the tool call it asks for (or none), optionally a written final answer."""

    user: str
    call: Call = None
    final: str | None = None


@dataclass
class K:
    """A key (or superseded) fact: the anchor as said, value, unit, attribute, seeded session (0-based)."""

    anchor: str
    value: float | str
    unit: str | None
    attribute: str
    session: int
    role: str = "user"


@dataclass
class T:
    id: str
    model: str
    kind: str
    probe: str
    gold: tuple[float | str, str | None, str]
    seeded: list[list[X]]
    keys: list[K]
    superseded: list[K] = field(default_factory=list)
    near: list[list[X]] = field(default_factory=list)  # the task's own distractor sessions
    gold_call: Call = None  # the live query the gold is computed from (with gold_of)
    gold_of: str | None = None  # a Python expression of `r` (the live query's result)


def count(cls: str, storey: str | None = None) -> Call:
    args: dict[str, Any] = {"ifc_class": cls}
    if storey:
        args["storey"] = storey
    return ("count_elements", args)


def find(cls: str, storey: str | None = None) -> Call:
    args: dict[str, Any] = {"ifc_class": cls, "compact": True, "limit": 10}
    if storey:
        args["storey"] = storey
    return ("find_elements", args)


def area(cls: str, quantity: str, storey: str | None = None) -> Call:
    args: dict[str, Any] = {"ifc_class": cls, "quantity": quantity, "stat": "sum"}
    if storey:
        args["storey"] = storey
    return ("aggregate_values", args)


STOREYS: Call = ("list_storeys", {})

# ---- pools of distractor exchanges, per model (real questions; chatter; facts about other things) ----
POOL: dict[str, list[list[X]]] = {
    "Duplex_A_20110907": [
        [X("Morning. How many windows have we got upstairs on Level 2?", count("IfcWindow", "Level 2"))],
        [X("Can you list the storeys for me, the surveyor wants them for the setting-out.", STOREYS)],
        [X("Quick one, show me the walls on the foundation level.", find("IfcWall", "T/FDN")),
         X("Right. The site hoarding goes up on the 14th, tell the neighbours.")],
        [X("Unit B's kitchen: she's keeping the existing units, just new worktops. How many rooms on Level 1?",
           count("IfcSpace", "Level 1"))],
        [X("What's the total floor area on the ground level?", area("IfcSpace", "GSA Space Areas.GSA BIM Area", "Level 1"))],
        [X("The skylights on the roof - Velux said six weeks lead time. How many windows on the Roof level?",
           count("IfcWindow", "Roof"))],
    ],
    "AC20-FZK-Haus": [
        [X("How many windows does the house have on the ground floor?", count("IfcWindow", "Erdgeschoss"))],
        [X("List the storeys please.", STOREYS), X("And the meeting with the Bauherr moves to Thursday.")],
        [X("Show me the walls on Dachgeschoss.", find("IfcWall", "Dachgeschoss"))],
        [X("The kitchen worktop is staying as drawn, no change there. How many rooms downstairs?",
           count("IfcSpace", "Erdgeschoss"))],
        [X("What's the net floor area of the rooms downstairs?", area("IfcSpace", "BaseQuantities.NetFloorArea", "Erdgeschoss"))],
    ],
    "KIT-EDC_with_SB": [
        [X("How many windows on the 1.OG?", count("IfcWindow", "1.OG"))],
        [X("List the floors for me.", STOREYS), X("The fire brigade access road is being re-surfaced in May.")],
        [X("Show me the slabs.", find("IfcSlab"))],
        [X("The lift is out of our scope anyway, Schindler has it. How many rooms on EG?", count("IfcSpace", "EG"))],
        [X("How many doors on the ground floor, roughly?", count("IfcDoor", "EG"))],
        [X("Wall area on the 1.OG, gross?", area("IfcWall", "BaseQuantities.GrossSideArea", "1.OG"))],
    ],
    "AC11-Institute-Var-2-IFC": [
        [X("How many rooms are in the Keller?", count("IfcSpace", "Keller"))],
        [X("List the storeys, please.", STOREYS), X("The topping-out ceremony is on the 3rd, bring the client.")],
        [X("Show me the railings on the Erdgeschoss.", find("IfcRailing", "Erdgeschoss"))],
        [X("The car park lighting is the electrician's problem, not ours. How many windows on 1. Obergeschoss?",
           count("IfcWindow", "1. Obergeschoss"))],
        [X("Net floor area of the Erdgeschoss rooms?", area("IfcSpace", "BaseQuantities.NetFloorArea", "Erdgeschoss"))],
        [X("How many doors in the whole building?", count("IfcDoor"))],
    ],
    "ExampleHOM": [
        [X("How many doors on the GroundFloor?", count("IfcDoor", "GroundFloor"))],
        [X("Storeys, please.", STOREYS)],
        [X("Show me the windows upstairs on 1stFloor.", find("IfcWindow", "1stFloor")),
         X("The scaffolders start Monday.")],
        [X("The garden shed isn't in the model and isn't ours. How many rooms on the 1stFloor?",
           count("IfcSpace", "1stFloor"))],
        [X("What's the wall area on the ground floor?", area("IfcWall", "Qto_WallBaseQuantities.NetSideArea", "GroundFloor"))],
    ],
    "Ifc4_SampleHouse": [
        [X("How many windows in the house?", count("IfcWindow"))],
        [X("List the storeys.", STOREYS), X("Bin store goes round the side, the council confirmed.")],
        [X("Show me the walls on the Ground Floor.", find("IfcWall", "Ground Floor"))],
        [X("What's the floor area of the rooms on the Ground Floor?",
           area("IfcSpace", "BaseQuantities.NetFloorArea", "Ground Floor"))],
        [X("The driveway's being done by the groundworker, separate order. How many doors?", count("IfcDoor"))],
    ],
    "LargeBuilding": [
        [X("How many windows on Level 2?", count("IfcWindow", "Level 2"))],
        [X("List the storeys for me.", STOREYS), X("Next design team meeting is online, link in the invite.")],
        [X("Show me the walls on Level 1.", find("IfcWall", "Level 1"))],
        [X("The car park barrier is by others. How many rooms on Level 1?", count("IfcSpace", "Level 1"))],
        [X("What's the window area on Level 1?", area("IfcWindow", "BaseQuantities.Area", "Level 1"))],
    ],
}

TASKS: list[T] = [
    # ------------------------------------------------------------------ Duplex_A_20110907
    T("duplex-oak-upstairs", "Duplex_A_20110907", "client_decision",
      "What's going on the floor in the bedrooms upstairs?",
      ("oak", None, "oak (the client's choice for Level 2, bathrooms excepted)"),
      [[X("Talked to Mrs Okafor about flooring. She wants oak upstairs except the bathrooms. "
          "Which rooms are on Level 2?", find("IfcSpace", "Level 2"))]],
      [K("oak", "oak", None, "floor_finish", 0)],
      near=[[X("Downstairs the hallway keeps the existing quarry tiles, she was clear about that. "
               "How many rooms on Level 1?", count("IfcSpace", "Level 1"))]]),
    T("duplex-stair-doors-revised", "Duplex_A_20110907", "revision",
      "What fire rating do the doors on the entrance level need now, and how many doors is that?",
      (60, "min", "EI 60 for the 6 doors on Level 1"),
      [[X("Fire engineer's note for Level 1: the doors down there go EI 45. How many doors on Level 1?",
          count("IfcDoor", "Level 1"))],
       [X("Re the ground-floor doors: stop using the 45, go with the 60. Building control wasn't having it.")]],
      [K("go with the 60", 60, "min", "fire_rating", 1)],
      superseded=[K("EI 45", 45, "min", "fire_rating", 0)],
      near=[[X("Upstairs doors stay as they are, EI 30, nobody's asked otherwise. How many doors on Level 2?",
               count("IfcDoor", "Level 2"))]],
      gold_call=count("IfcDoor", "Level 1")),
    T("duplex-screed-rate", "Duplex_A_20110907", "cost_rate",
      "What will the screed upstairs cost us in total at the current rate?",
      (0.0, "EUR", "52 EUR/m² x the Level 2 floor area"),
      [[X("Screed quote for Level 2 came in at 47 EUR/m². What's the floor area up there?",
          area("IfcSpace", "GSA Space Areas.GSA BIM Area", "Level 2"))],
       [X("Screed guys rang back. It's 52 a square metre now, the sand price went up.")]],
      [K("52 a square metre", 52, "EUR/m²", "cost_rate", 1)],
      superseded=[K("47 EUR/m²", 47, "EUR/m²", "cost_rate", 0)],
      near=[[X("Painting downstairs is 14 a square metre, that's for the decorator's tender.")]],
      gold_call=area("IfcSpace", "GSA Space Areas.GSA BIM Area", "Level 2"), gold_of="52 * r['value']"),
    T("duplex-railings-nic", "Duplex_A_20110907", "exclusion",
      "Are the handrails and guard rails ours to supply?",
      ("landlord-supplied", None, "no: landlord-supplied, not in contract"),
      [[X("Railings. Landlord-supplied, NIC. Just so we don't price them. How many railings are there?",
          count("IfcRailing"))]],
      [K("Landlord-supplied, NIC", "landlord-supplied", None, "phase", 0)],
      near=[[X("The kitchen extract fans are ours though, we supply and fit.")]]),
    T("duplex-bedroom-door-acoustic", "Duplex_A_20110907", "specification",
      "What acoustic rating did we agree for the bedroom doors upstairs?",
      (32, "dB", "Rw 32 dB for the 864-wide doors on Level 2"),
      [[X("Acoustician says the 864-wide doors on Level 2 need Rw 32 dB, they're all bedroom and bathroom doors. "
          "Show me the doors up there.", find("IfcDoor", "Level 2"))]],
      [K("Rw 32", 32, "dB", "acoustic", 0)],
      near=[[X("The party wall between the units is Rw 58, that's from the structural pack.")]]),
    T("duplex-brick-supplier", "Duplex_A_20110907", "supplier",
      "Who is supplying the brick for the outside walls?",
      ("Ibstock", None, "Ibstock"),
      [[X("Brick for the outer leaf is coming from Ibstock, we said yes to their quote on Friday. "
          "What are the exterior walls made of?", ("get_materials", {"element": "Basic Wall:Exterior - Brick on Block:138062"}))]],
      [K("Ibstock", "Ibstock", None, "supplier", 0)],
      near=[[X("Blocks for the party walls we're still pricing, Tarmac and Forterra both quoted.")]]),
    T("duplex-pv-yes", "Duplex_A_20110907", "client_decision",
      "Did we agree to put solar panels on the roof?",
      ("yes", None, "yes, PV on the roof was agreed"),
      [[X("The client asked if PV on the roof is still on the table. We said yes. How many roof elements are there?",
          count("IfcRoof"))]],
      [K("We said yes", "yes", None, "decision", 0)],
      near=[[X("Green roof was floated too. Nobody's decided anything on that.")]]),
    T("duplex-door-tags", "Duplex_A_20110907", "convention",
      "How are we tagging the doors in unit A upstairs?",
      ("DA-", None, "DA- followed by the room number, e.g. DA-202"),
      [[X("For the door schedule: unit A doors get DA- and the room number, so bedroom 202's door is DA-202. "
          "Show me the doors on Level 2.", find("IfcDoor", "Level 2"))]],
      [K("DA-", "DA-", None, "naming_prefix", 0)],
      near=[[X("Window tags stay as the architect had them, W01 onwards.")]]),
    # ------------------------------------------------------------------ AC20-FZK-Haus
    T("fzk-gallery-balustrade", "AC20-FZK-Haus", "client_decision",
      "What balustrade goes round the gallery upstairs?",
      ("glass", None, "a frameless glass balustrade"),
      [[X("Galerie: she's gone for frameless glass, not the timber one from the brochure. "
          "Show me the railings up there.", find("IfcRailing", "Dachgeschoss"))]],
      [K("frameless glass", "glass", None, "finish", 0)],
      near=[[X("The terrace railing outside stays galvanised steel, that's in the landscape package.")]]),
    T("fzk-stair-timber", "AC20-FZK-Haus", "client_decision",
      "What timber did the client pick for the spiral stair?",
      ("oiled ash", None, "oiled ash"),
      [[X("On the Wendeltreppe: oiled ash for the treads, the Bauherr signed the sample. How many stairs are there?",
          count("IfcStair"))]],
      [K("oiled ash", "oiled ash", None, "finish", 0)],
      near=[[X("The window sills inside will be beech, same as the old house.")]]),
    T("fzk-plaster-rate", "AC20-FZK-Haus", "cost_rate",
      "What does plastering the ground-floor walls come to?",
      (0.0, "EUR", "24.50 EUR/m² x the net side area of the walls on Erdgeschoss"),
      [[X("Plasterer's price for downstairs is in: 24.50 a square metre, one face, labour and material. "
          "What's the wall area on Erdgeschoss?", area("IfcWall", "BaseQuantities.NetSideArea", "Erdgeschoss"))]],
      [K("24.50 a square metre", 24.5, "EUR/m²", "cost_rate", 0)],
      near=[[X("Upstairs they want 31 a square metre because of the sloping ceilings, we haven't accepted that.")]],
      gold_call=area("IfcWall", "BaseQuantities.NetSideArea", "Erdgeschoss"), gold_of="24.5 * r['value']"),
    T("fzk-bathroom-door-label", "AC20-FZK-Haus", "specification",
      "Which fire-door classification does the bathroom door need?",
      ("EI2 30-C5", None, "EI2 30-C5"),
      [[X("The bathroom door, room 3, has to be EI2 30-C5 according to the fire strategy, because of the boiler. "
          "Which doors are on the ground floor?", find("IfcDoor", "Erdgeschoss"))]],
      [K("EI2 30-C5", "EI2 30-C5", None, "fire_rating", 0)],
      near=[[X("The front door has no fire requirement at all, just the RC2 security class.")]]),
    T("fzk-roof-windows-phase", "AC20-FZK-Haus", "phase",
      "When do the windows on the top floor go in?",
      ("phase two", None, "phase two"),
      [[X("The two windows in the Dachgeschoss are a phase two thing, the roof gets closed up first. "
          "How many windows are upstairs?", count("IfcWindow", "Dachgeschoss"))]],
      [K("phase two", "phase two", None, "phase", 0)],
      near=[[X("The ground-floor windows are going in with the shell, next month.")]]),
    # ------------------------------------------------------------------ KIT-EDC_with_SB
    T("edc-middle-floor-doors", "KIT-EDC_with_SB", "specification",
      "What fire rating do the doors on the middle floor need, and who is supplying them?",
      (30, "min", "EI 30 for the doors on 1.OG, supplied by Hörmann"),
      [[X("Doors on the middle floor, the 1.OG ones, all need EI 30 with hold-open closers. How many doors on 1.OG?",
          count("IfcDoor", "1.OG"))],
       [X("Door package: Hörmann got it, we said yes to their price for the 1.OG doors.")]],
      [K("EI 30", 30, "min", "fire_rating", 0), K("Hörmann", "Hörmann", None, "supplier", 1)],
      near=[[X("The ground-floor doors are just standard, no rating, they open to the atrium.")]]),
    T("edc-top-floor-paint", "KIT-EDC_with_SB", "cost_rate",
      "How much is the wall painting on the top floor going to cost?",
      (0.0, "EUR", "9.80 EUR/m² x the gross side area of the walls on 2.OG"),
      [[X("Decorator: 9.80 a square metre for the walls on 2.OG, two coats. What's the wall area up there?",
          area("IfcWall", "BaseQuantities.GrossSideArea", "2.OG"))]],
      [K("9.80 a square metre", 9.8, "EUR/m²", "cost_rate", 0)],
      near=[[X("The stairwell is a separate item, 12 a square metre because of the height.")]],
      gold_call=area("IfcWall", "BaseQuantities.GrossSideArea", "2.OG"), gold_of="9.8 * r['value']"),
    T("edc-room-prefix", "KIT-EDC_with_SB", "convention",
      "What prefix do the room numbers on the ground floor get?",
      ("E0-", None, "E0-, e.g. E0-12"),
      [[X("Room numbering on EG starts with E0-, so room 12 becomes E0-12 on the signage. How many rooms on EG?",
          count("IfcSpace", "EG"))]],
      [K("E0-", "E0-", None, "naming_prefix", 0)],
      near=[[X("Upstairs the signage company hasn't proposed anything yet.")]]),
    T("edc-window-u-revised", "KIT-EDC_with_SB", "revision",
      "What U-value do the windows have to hit?",
      (0.9, "W/m²K", "0.9 W/m²K"),
      [[X("Energy consultant: windows at 1.1 W/m2K. How many windows in the building?", count("IfcWindow"))],
       [X("Forget the 1.1 for the glazing, she wants 0.9 now for the KfW funding.")]],
      [K("wants 0.9", 0.9, "W/m²K", "u_value", 1)],
      superseded=[K("1.1 W/m2K", 1.1, "W/m²K", "u_value", 0)],
      near=[[X("The roof is at 0.14, that's been fixed since stage 3.")]]),
    T("edc-top-doors-no-panels", "KIT-EDC_with_SB", "negation",
      "Are the doors on the top floor getting vision panels?",
      ("no vision panels", None, "no: she said no to vision panels on 2.OG"),
      [[X("2.OG doors: no vision panels. She said no, she wants privacy for the offices. "
          "How many doors up there?", count("IfcDoor", "2.OG"))]],
      [K("no vision panels", "no vision panels", None, "decision", 0)],
      near=[[X("On the ground floor every door gets a vision panel, that one's settled.")]]),
    T("edc-door-supplier-type", "KIT-EDC_with_SB", "supplier",
      "Who is making the Gingerbread doors?",
      ("Schörghuber", None, "Schörghuber"),
      [[X("The Gingerbread door type, the one used everywhere: Schörghuber makes them, order placed. "
          "How many doors are there in total?", count("IfcDoor"))]],
      [K("Schörghuber", "Schörghuber", None, "supplier", 0)],
      near=[[X("The Sugar Windows are still out to tender.")]]),
    # ------------------------------------------------------------------ AC11-Institute-Var-2-IFC
    T("inst-stair-nosings", "AC11-Institute-Var-2-IFC", "specification",
      "What colour are the nosings on Treppe-EG?",
      ("yellow", None, "yellow contrast nosings"),
      [[X("All the stair cores get anti-slip nosings in contrasting yellow, the access consultant insisted. "
          "How many stairs are there?", count("IfcStair"))]],
      [K("contrasting yellow", "yellow", None, "finish", 0)],
      near=[[X("The railings are staying RAL 7016 grey.")]]),
    T("inst-lab-floor", "AC11-Institute-Var-2-IFC", "client_decision",
      "What flooring goes in Labor K3?",
      ("epoxy", None, "epoxy resin"),
      [[X("The labs in the Keller, K1 to K5: epoxy resin floor, the client signed that off. "
          "How many rooms are down there?", count("IfcSpace", "Keller"))]],
      [K("epoxy resin", "epoxy", None, "floor_finish", 0)],
      near=[[X("The labs on the Erdgeschoss, Labor I and II, keep their linoleum.")]]),
    T("inst-second-floor-flooring", "AC11-Institute-Var-2-IFC", "cost_rate",
      "What's the flooring budget for the second floor including contingency?",
      (0.0, "EUR", "41 EUR/m² x the 2. Obergeschoss floor area, plus 10%"),
      [[X("Allow 41 a square metre for flooring across the 2. Obergeschoss. What's the net floor area up there?",
          area("IfcSpace", "BaseQuantities.NetFloorArea", "2. Obergeschoss"))],
       [X("QS says put 10% contingency on the flooring numbers, everywhere.")]],
      [K("41 a square metre", 41, "EUR/m²", "cost_rate", 0), K("10% contingency", 10, "%", "cost_rate", 1)],
      near=[[X("The first floor we priced at 38 last year, but that's out of date.")]],
      gold_call=area("IfcSpace", "BaseQuantities.NetFloorArea", "2. Obergeschoss"), gold_of="41 * r['value'] * 1.1"),
    T("inst-wc-tiling", "AC11-Institute-Var-2-IFC", "client_decision",
      "Are we tiling the toilets full height?",
      ("yes", None, "yes, floor-to-ceiling tiling in the WCs"),
      [[X("WCs: floor-to-ceiling tiling? The client said yes, all of them, Herren and Damen. "
          "How many rooms on the Erdgeschoss?", count("IfcSpace", "Erdgeschoss"))]],
      [K("floor-to-ceiling tiling", "yes", None, "decision", 0)],
      near=[[X("The kitchenettes get a tiled splashback only, 600 high.")]]),
    T("inst-seminar-acoustic-revised", "AC11-Institute-Var-2-IFC", "revision",
      "What sound insulation do the seminar room walls need?",
      (50, "dB", "50 dB"),
      [[X("The Seminarraum gets the 45 dB partitions, that's in the brief. Show me the rooms in the Keller.",
          find("IfcSpace", "Keller"))],
       [X("Seminar room: stop using the 45, go with the 50 dB system, they'll be running exams in there.")]],
      [K("go with the 50 dB", 50, "dB", "acoustic", 1)],
      superseded=[K("45 dB partitions", 45, "dB", "acoustic", 0)],
      near=[[X("The Besprechungsraum walls stay at 42 dB, no complaints.")]]),
    T("inst-sandlime-supplier", "AC11-Institute-Var-2-IFC", "supplier",
      "Who supplies the Kalksandstein?",
      ("Xella", None, "Xella"),
      [[X("Kalksandstein is from Xella, delivered weekly to site, the order's in. What's Wand-002 made of?",
          ("get_materials", {"element": "Wand-002"}))]],
      [K("Xella", "Xella", None, "supplier", 0)],
      near=[[X("The concrete comes from whichever plant is nearest, the contractor decides.")]]),
    T("inst-roof-fitout-nic", "AC11-Institute-Var-2-IFC", "exclusion",
      "Is the fit-out of the top floor in our contract?",
      ("NIC", None, "no: tenant fit-out, NIC"),
      [[X("Dachgeschoss fit-out: tenant's doing it, NIC. What's up there anyway?", find("IfcSpace", "Dachgeschoss"))]],
      [K("tenant's doing it, NIC", "NIC", None, "phase", 0)],
      near=[[X("The Keller fit-out is ours, all of it.")]]),
    T("inst-office-blinds", "AC11-Institute-Var-2-IFC", "client_decision",
      "What blinds go in Buero Meier?",
      ("external venetian blinds", None, "external venetian blinds"),
      [[X("Offices on the Erdgeschoss, the Buero ones: external venetian blinds, she doesn't want internal rollers. "
          "How many windows on the Erdgeschoss?", count("IfcWindow", "Erdgeschoss"))]],
      [K("external venetian blinds", "external venetian blinds", None, "finish", 0)],
      near=[[X("The labs get blackout rollers, internal, for the optics work.")]]),
    # ------------------------------------------------------------------ ExampleHOM
    T("hom-kids-cork", "ExampleHOM", "client_decision",
      "What floor goes in the children's rooms, and who is supplying it?",
      ("cork", None, "cork, from Amorim"),
      [[X("Kids' rooms upstairs: she wants cork in both. How many rooms on the 1stFloor?", count("IfcSpace", "1stFloor"))],
       [X("Cork's coming from Amorim, we said yes to the sample box.")]],
      [K("cork in both", "cork", None, "floor_finish", 0), K("Amorim", "Amorim", None, "supplier", 1)],
      near=[[X("The living room downstairs stays carpet for now.")]]),
    T("hom-window-upgrade", "ExampleHOM", "revision",
      "What U-value are the windows going to be?",
      (0.8, "W/m²K", "0.8 W/m²K triple glazing"),
      [[X("WT01 windows to 1.3 W/m2K as per the EnEV calc. How many windows are there?", count("IfcWindow"))],
       [X("Window upgrade: we said yes to the 0.8 units, triple glazed, it's in the contract now.")]],
      [K("the 0.8 units", 0.8, "W/m²K", "u_value", 1)],
      superseded=[K("1.3 W/m2K", 1.3, "W/m²K", "u_value", 0)],
      near=[[X("Doors stay at 1.8, the supplier can't do better for DT01.")]]),
    T("hom-attic-insulation", "ExampleHOM", "cost_rate",
      "What will insulating the attic slabs cost?",
      (0.0, "EUR", "18 EUR/m² x the gross area of the attic slabs"),
      [[X("Insulation to the attic slabs, roof and floor: 18 a square metre fitted. What's the slab area in the attic?",
          area("IfcSlab", "Qto_SlabBaseQuantities.GrossArea", "attic"))]],
      [K("18 a square metre", 18, "EUR/m²", "cost_rate", 0)],
      near=[[X("Cavity fill on the outside walls downstairs was 11 a square metre.")]],
      gold_call=area("IfcSlab", "Qto_SlabBaseQuantities.GrossArea", "attic"), gold_of="18 * r['value']"),
    T("hom-hobby-phase", "ExampleHOM", "phase",
      "When does the hobby room get fitted out?",
      ("phase 2", None, "phase 2; shell only for now"),
      [[X("Hobby room stays shell-only till phase 2, they've run out of money. Rooms on the GroundFloor?",
          find("IfcSpace", "GroundFloor"))]],
      [K("phase 2", "phase 2", None, "phase", 0)],
      near=[[X("Kitchen's fitted now, the units arrive in week 12.")]]),
    T("hom-door-marks", "ExampleHOM", "convention",
      "What do the door marks downstairs start with?",
      ("G-D", None, "G-D, then the number: G-D01"),
      [[X("Door marks downstairs go G-D01, G-D02 and so on, upstairs we haven't decided. "
          "Which doors are on the GroundFloor?", find("IfcDoor", "GroundFloor"))]],
      [K("G-D01", "G-D", None, "naming_prefix", 0)],
      near=[[X("Windows are marked by the window supplier, whatever they send.")]]),
    T("hom-bath-no-ufh", "ExampleHOM", "negation",
      "Are we putting underfloor heating in the bathroom upstairs?",
      ("radiator only", None, "no: radiator only"),
      [[X("No underfloor heating in the bathroom upstairs, she said no, radiator only. Which rooms are on 1stFloor?",
          find("IfcSpace", "1stFloor"))]],
      [K("radiator only", "radiator only", None, "decision", 0)],
      near=[[X("The WC downstairs does get the electric mat, it's tiny anyway.")]]),
    # ------------------------------------------------------------------ Ifc4_SampleHouse
    T("sample-front-door-security", "Ifc4_SampleHouse", "specification",
      "Which security class does the double front door need?",
      ("RC2", None, "RC2"),
      [[X("The big double door at the front, the 1810 one: insurer wants RC2. Show me the doors.", find("IfcDoor"))]],
      [K("RC2", "RC2", None, "security", 0)],
      near=[[X("The internal doors don't need any security class, obviously.")]]),
    T("sample-living-floor-revised", "Ifc4_SampleHouse", "revision",
      "What floor finish goes in the living room?",
      ("walnut", None, "walnut"),
      [[X("Living room: engineered oak, the client confirmed at the showroom. What's the area of the rooms?",
          area("IfcSpace", "BaseQuantities.NetFloorArea", "Ground Floor"))],
       [X("She's gone off the oak for the living room. Go with the walnut, same supplier.")]],
      [K("Go with the walnut", "walnut", None, "floor_finish", 1)],
      superseded=[K("engineered oak", "engineered oak", None, "floor_finish", 0)],
      near=[[X("The bedroom keeps carpet, no change.")]]),
    T("sample-window-price", "Ifc4_SampleHouse", "cost_rate",
      "What do the windows cost all in, sills included?",
      (0.0, "EUR", "(640 + 85) EUR x the 4 windows"),
      [[X("Windows are 640 each, fitted. How many are there?", count("IfcWindow"))],
       [X("And add 85 each for the sills, the joiner forgot them.")]],
      [K("640 each", 640, "EUR", "cost_rate", 0), K("85 each", 85, "EUR", "cost_rate", 1)],
      near=[[X("The doors were 1,200 the pair for the front, but that's the old quote.")]],
      gold_call=count("IfcWindow"), gold_of="(640 + 85) * r['count']"),
    T("sample-screed-supplier", "Ifc4_SampleHouse", "supplier",
      "Who's supplying the screed for the ground-floor slab?",
      ("Tarmac", None, "Tarmac"),
      [[X("Screed's coming from Tarmac, we said yes to their price yesterday. What's the slab on the ground floor?",
          find("IfcSlab", "Ground Floor"))]],
      [K("Tarmac", "Tarmac", None, "supplier", 0)],
      near=[[X("Blockwork is from Forterra, that's been ordered since March.")]]),
    T("sample-roof-phase", "Ifc4_SampleHouse", "phase",
      "Is the roof in the current package?",
      ("phase 2", None, "no: the roof is phase 2"),
      [[X("Roof's phase 2, not this package. How many roof elements are there?", count("IfcRoof"))]],
      [K("phase 2", "phase 2", None, "phase", 0)],
      near=[[X("The ground floor is all in this package, walls, floor and windows.")]]),
    # ------------------------------------------------------------------ LargeBuilding
    T("large-double-doors-fire", "LargeBuilding", "specification",
      "What fire rating do the glazed double doors need, and how many are there?",
      (30, "min", "EI 30 for the 2 double glass doors"),
      [[X("The 1500-wide glazed double doors need EI 30 and self-closers, per the fire strategy. Show me the doors.",
          find("IfcDoor"))]],
      [K("EI 30", 30, "min", "fire_rating", 0)],
      near=[[X("The single inside doors are un-rated, they're all within one compartment.")]]),
    T("large-room5-floor", "LargeBuilding", "client_decision",
      "What floor finish goes in room 5?",
      ("antistatic vinyl", None, "antistatic vinyl"),
      [[X("Room 5 is the comms room, floor goes antistatic vinyl, IT asked for it. How many rooms on Level 1?",
          count("IfcSpace", "Level 1"))]],
      [K("antistatic vinyl", "antistatic vinyl", None, "floor_finish", 0)],
      near=[[X("Rooms 1 to 4 get carpet tiles, the standard grey.")]]),
    T("large-ceiling-rate", "LargeBuilding", "cost_rate",
      "What's the suspended ceiling going to cost downstairs?",
      (0.0, "EUR", "29 EUR/m² x the Level 1 room floor area"),
      [[X("Suspended ceilings on Level 1 at 29 a square metre of floor area, the dry-liner confirmed. "
          "What's the floor area of the rooms on Level 1?", area("IfcSpace", "BaseQuantities.NetFloorArea", "Level 1"))]],
      [K("29 a square metre", 29, "EUR/m²", "cost_rate", 0)],
      near=[[X("Level 2 has no ceilings, exposed soffit.")]],
      gold_call=area("IfcSpace", "BaseQuantities.NetFloorArea", "Level 1"), gold_of="29 * r['value']"),
    T("large-window-tint-revised", "LargeBuilding", "revision",
      "What tint does the solar film on the tall narrow windows get?",
      (40, "%", "40%"),
      [[X("Solar film on the 915 by 1830 windows: 60% tint. How many windows on Level 1?", count("IfcWindow", "Level 1"))],
       [X("The tint: stop using the 60, go with the 40, planning want it lighter from the street.")]],
      [K("go with the 40", 40, "%", "finish", 1)],
      superseded=[K("60% tint", 60, "%", "finish", 0)],
      near=[[X("Roof lights get no film, they're north-facing.")]]),
    T("large-inside-door-supplier", "LargeBuilding", "supplier",
      "Who supplies the single-flush inside doors?",
      ("Jeld-Wen", None, "Jeld-Wen"),
      [[X("Inside doors from Jeld-Wen, we said yes on Tuesday. How many doors on Level 1?", count("IfcDoor", "Level 1"))]],
      [K("Jeld-Wen", "Jeld-Wen", None, "supplier", 0)],
      near=[[X("The double glass doors, the joiner makes those on site.")]]),
    T("large-roof-nic", "LargeBuilding", "exclusion",
      "Is the roof membrane ours to do?",
      ("not in contract", None, "no: by the landlord, not in contract"),
      [[X("The roof membrane: by the landlord, not in contract. What's the roof in the model?", find("IfcRoof"))]],
      [K("not in contract", "not in contract", None, "phase", 0)],
      near=[[X("Gutters are ours, we fit them with the cladding.")]]),
    T("large-wall-paint-rate", "LargeBuilding", "cost_rate",
      "How much for painting the walls downstairs, at the rate we agreed?",
      (0.0, "EUR", "7.40 EUR/m² x the net side area of the walls on Level 1"),
      [[X("Decorators, downstairs walls: 7.40 a square metre. Wall area on Level 1?",
          area("IfcWall", "BaseQuantities.NetSideArea", "Level 1"))],
       [X("About the 7.40 for the decorators: yes, go ahead, she signed it.")]],
      [K("7.40 a square metre", 7.4, "EUR/m²", "cost_rate", 0)],
      near=[[X("Upstairs walls are left fair-faced, no paint.")]],
      gold_call=area("IfcWall", "BaseQuantities.NetSideArea", "Level 1"), gold_of="7.4 * r['value']"),
]
