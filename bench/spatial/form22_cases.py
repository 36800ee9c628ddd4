"""Messages written as STRUCTURED documents whose request is one field (issue 22, round 22 form22).

    python bench/spatial/form22_cases.py [--ifc-dir ../shared/ifc]   # writes form22_cases.json and form22_cases_b.json

People paste a form with filled fields and one blank ("Number of doors on this storey: ____ (please fill from the
model)"), a support ticket or RFI with status fields ("Question: ...", "Status: open", "Due: Friday"), a calendar
invite (When/Where/Attendees/Agenda), a punch list with ``|`` rows and a "Q on #3:" line, a checklist with ticked and
unticked items, a requisition ("Quantity: = number of ... (please fill in)"). The request is the field that asks; a
field naming the storey or room the request points at ("this storey", "that room", "those levels") is part of the
question; who/when/status/budget fields are context. Written from how such documents look, not from the parser;
oracles in plain IfcOpenShell (``people_oracles.Model``), storey-deep.

**Positive kinds**: p_blank (a form with a blank field, a scope field bound to its pointer), p_ticket (a ticket or
RFI with a question field), p_invite (an invite whose agenda/prep field asks), p_table (a punch list row pointed at by
a "Q on #n" line), p_check (an unticked checklist item), p_req (a requisition quantity field).

**Decline kinds**: d_cost / d_when (the request field itself asks a price or a date), d_restrict (a scope field that
restricts with words the model cannot ground), d_two (the pointer has two candidates), d_absent (a storey or room the
model lacks).

The held-out half (``form22_cases_b.json``) was written at the same time and not looked at while building.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from people_oracles import (  # noqa: E402
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    R3,
    SH,
    STOREY_DEEP,
    WP,
    Model,
    Q,
    argmax_storey,
    compute_set,
    count,
    decline,
    dumps,
    elements,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "form22_cases.json"
OUT_HELD = HERE / "form22_cases_b.json"
WALL, DOOR, WINDOW, SLAB = "IfcWall", "IfcDoor", "IfcWindow", "IfcSlab"


def on(storey: str | tuple[str, ...], cls: str, how: str = "count"):  # noqa: ANN201
    names = (storey,) if isinstance(storey, str) else storey
    return lambda m: (count if how == "count" else elements)(m.on(set(names), cls))


def everywhere(cls: str, how: str = "count"):  # noqa: ANN201
    return lambda m: (count if how == "count" else elements)(m.of(cls))


def bounding(name: str, cls: str, how: str = "list"):  # noqa: ANN201
    def oracle(m: Model) -> dict:
        space = [s for s in m.spaces() if name in (s.Name, s.LongName)]
        assert len(space) == 1, name
        return (count if how == "count" else elements)(m.bounding(space[0], cls))
    return oracle


def more(cls: str, names: tuple[str, ...]):  # noqa: ANN201
    return lambda m: argmax_storey(m, {s: m.on(s, cls) for s in names})


def rule(cls: str, storey: str | tuple[str, ...]) -> str:
    s = storey if isinstance(storey, str) else " or ".join(storey)
    return f"{cls} on {s}, {STOREY_DEEP}"


def no(_: Model) -> dict:
    return decline()


CASES: list[Q] = [
    # --- p_blank: a form with one blank field; a scope field bound to its pointer
    Q(FZK, "p_blank", "Glazing survey - FZK house\nOwner: Fam. Keller\nStorey: Erdgeschoss\n"
      "Number of windows on this storey: ____ (please fill from the model)\nSurveyor: J. Brandt\nDate: 4.12.",
      on("Erdgeschoss", WINDOW), rule(WINDOW, "Erdgeschoss")),
    Q(HOM, "p_blank", "Door hardware form\nFloor: 1stFloor\nHandle finish: brushed steel\nDoors on that floor: "
      "_____ <- from the model please\nOrdered by: T. Weiss", on("1stFloor", DOOR), rule(DOOR, "1stFloor")),
    Q(DUP, "p_blank", "Window inspection - form W7\nLevels in scope: Level 1, Level 2\nRoof: excluded (done 2024)\n"
      "Total windows on those levels: ____\nInspector signature: ______", on(("Level 1", "Level 2"), WINDOW),
      rule(WINDOW, ("Level 1", "Level 2"))),
    Q(LB, "p_blank", "Cleaning quote sheet\nClient: facility team\nLevel: Level 2\nDoors on this level: ___ (from "
      "the model)\nPrice per door: 6 EUR\nValid until: end of month", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    Q(R3, "p_blank", "Flooring order form\nRoom: Wohnen\nFloor type: oak parquet\nNet floor area of that room (m²): "
      "______ <- please fill from the model\nFitter: K. Olsen",
      lambda m: __import__("people_oracles").number(m.qty(m.space("Wohnen"), "Qto_SpaceBaseQuantities",
                                                          "NetFloorArea"), "m²", [m.space("Wohnen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of space 'Wohnen', m²"),
    Q(INS, "p_blank", "Brandschutzbegehung\nGeschoss: Keller\nAnzahl Türen: ___ (bitte aus dem Modell)\n"
      "Prüfer: Herr Schulte\nNächster Termin: März", on("Keller", DOOR), rule(DOOR, "Keller")),
    # --- p_ticket: a ticket or RFI with a question field
    Q(EDC, "p_ticket", "Ticket FM-4410\nStatus: open\nPriority: low\nAssignee: BIM desk\nText: new door stops on the "
      "EG next week. How many doors are on that storey? Budget is fine.", on("EG", DOOR), rule(DOOR, "EG")),
    Q(SH, "p_ticket", "RFI No. 022\nFrom: energy consultant\nTo: architect\nSubject: walls\nQuestion: which walls "
      "are external? (Roof build-up is covered in RFI 021.)\nStatus: awaiting response",
      lambda m: elements(m.of(WALL, lambda e: m.prop(e, "Pset_WallCommon", "IsExternal") is True)),
      "IfcWall with Pset_WallCommon.IsExternal = TRUE"),
    Q(HOM, "p_ticket", "Ticket 902 | status: new\nReporter: caretaker\nQ: how many windows are on the attic?\n"
      "Note: invoice to Mrs Novak", on("attic", WINDOW), rule(WINDOW, "attic")),
    Q(FZK, "p_ticket", "Ticket #3307\nStatus: in progress\nCategory: blinds\nRoom: Schlafzimmer\nDescription: "
      "tenant wants new blinds in the Schlafzimmer. Which windows does this room have?\nDue: 12.12.",
      bounding("Schlafzimmer", WINDOW), "IfcWindow in the IfcRelSpaceBoundary of space 'Schlafzimmer'"),
    Q(DUP, "p_ticket", "Support request 118\nCustomer: Duplex owners\nSubject: door count\nQuestion: how many doors "
      "are on Level 2? We order one stopper per door.\nResponse required by: Monday\nCc: site office (no action "
      "needed)", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    # --- p_invite: a calendar invite whose agenda / prep field asks
    Q(HOM, "p_invite", "Invite: Door check\nWhen: Thu 10:00\nWhere: site office\nAttendees: joiner, caretaker\n"
      "Agenda: count the doors on the GroundFloor so the joiner can bring enough hinges", on("GroundFloor", DOOR),
      rule(DOOR, "GroundFloor")),
    Q(DUP, "p_invite", "Invitation: window survey\nWhen: Fri 8:30-9:00\nWho: surveyor, owner\nScope: Level 2 "
      "(Level 1 next year)\nPrep: count the windows on that level before the visit", on("Level 2", WINDOW),
      rule(WINDOW, "Level 2")),
    Q(EDC, "p_invite", "Invite: Wall scan\nWhen: Mon 14:00\nAttendees: scanner crew\nScope: EG and 1.OG (2.OG not "
      "accessible)\nPrep: count the walls on those two storeys combined", on(("EG", "1.OG"), WALL),
      rule(WALL, ("EG", "1.OG"))),
    # --- p_table: a punch list row pointed at by a Q line
    Q(FZK, "p_table", "Punch list - walk-through 2 Dec\n#03 | Erdgeschoss | door frames scratched | painter | "
      "open\n#04 | Dachgeschoss | skylight leak | roofer | done\nQ on #03: how many doors are on that storey?",
      on("Erdgeschoss", DOOR), rule(DOOR, "Erdgeschoss")),
    Q(HOM, "p_table", "Snag list\n#11 | GroundFloor + 1stFloor | window seals | glazier | open\n#12 | attic | "
      "light | electrician | closed\nQ on #11: which of those two floors has more windows?",
      more(WINDOW, ("GroundFloor", "1stFloor")), "the storey of GroundFloor / 1stFloor with more IfcWindow, "
      + STOREY_DEEP),
    Q(LB, "p_table", "Defects log\nD-5 | Level 1 | door closers noisy | contractor: Fix&Co | open\nD-6 | Level 2 | "
      "paint | closed\nFor D-5 I need the number of doors on that level, can you give it?", on("Level 1", DOOR),
      rule(DOOR, "Level 1")),
    # --- p_check: an unticked checklist item
    Q(SH, "p_check", "Handover checklist - Sample House\n[x] keys handed over\n[x] meter readings noted\n"
      "[ ] windows: list the windows on the Ground Floor\nChecked by: P. Moreau\nPlease complete the open point "
      "from the model.", on("Ground Floor", WINDOW, "list"), rule(WINDOW, "Ground Floor")),
    Q(DUP, "p_check", "Pre-painting checklist\n[x] scaffolding up\n[ ] walls: count the walls on Level 1\n"
      "[x] colours chosen (white, RAL 9016)\nForeman: D. Kim", on("Level 1", WALL), rule(WALL, "Level 1")),
    # --- p_req: a requisition quantity field
    Q(WP, "p_req", "Form: spare parts request\nRequested by: H. Aydin (heating)\nItem: seal kit, one per pump\n"
      "Quantity: = number of pumps in the model (please fill in)\nBudget code: 7710-HZ\nApproved: yes",
      everywhere("IfcPump"), "every IfcPump of the model"),
    Q(HOM, "p_req", "Purchase requisition\nRequester: caretaker\nArticle: window latch, one per window\n"
      "Quantity: = number of windows on the 1stFloor (please fill in)\nCost centre: 220\nSigned: yes",
      on("1stFloor", WINDOW), rule(WINDOW, "1stFloor")),
    # --- declines
    Q(DUP, "d_cost", "Quote form\nLevel: Level 1\nDoors on this level: 14\nTotal price for new handles on those "
      "doors: ____ (please fill from the model)\nSigned: R. Lee", no, "decline: the request field asks a price"),
    Q(HOM, "d_when", "Ticket 55\nStatus: open\nQuestion: when will the windows on the attic be replaced?\n"
      "Assignee: caretaker", no, "decline: the request field asks a date"),
    Q(LB, "d_restrict", "Cleaning form\nZone: north wing\nWindows in that zone: ____ (from the model)\nCleaner: "
      "A. Berg", no, "decline: 'north wing' restricts and is not in the model"),
    Q(FZK, "d_restrict", "Checklist\n[ ] doors: count only the doors with the old brass handles on the Erdgeschoss\n"
      "Checked by: M. Ito", no, "decline: 'with the old brass handles' restricts, not in the model"),
    Q(EDC, "d_two", "Window survey form\nStoreys: EG, 1.OG\nNumber of windows on this storey: ____ (please fill "
      "from the model)", no, "decline: 'this storey' has two candidates"),
    Q(HOM, "d_two", "Punch list\n#1 | GroundFloor | doors sticking | open\n#2 | 1stFloor | doors sticking | open\n"
      "Q: how many doors are on that floor?", no, "decline: 'that floor' has two candidates"),
    Q(DUP, "d_absent", "Window inspection form\nLevel: Level 5\nWindows on this level: ____ (please fill from the "
      "model)", no, "decline: the model has no Level 5"),
    Q(FZK, "d_absent", "Ticket 812\nStatus: open\nRoom: Sauna\nDescription: new door for the sauna. Which doors "
      "does this room have?", no, "decline: the model has no room Sauna"),
    Q(HOM, "d_restrict", "Invite: door check\nWhen: Tue 9:00\nScope: only the fire doors\nPrep: count the doors on "
      "the GroundFloor", no, "decline: 'only the fire doors' restricts, the model records no fire rating"),
    Q(SH, "d_two", "Flooring form\nRooms: Bedroom, Living room\nNet floor area of that room (m²): ____ <- from the "
      "model please", no, "decline: 'that room' has two candidates"),
]

HELD: list[Q] = [
    Q(HOM, "p_blank", "Radiator survey\nStorey: GroundFloor\nNumber of walls on this storey: ____ (please fill from "
      "the model)\nEngineer: S. Park", on("GroundFloor", WALL), rule(WALL, "GroundFloor")),
    Q(LB, "p_blank", "Window film order\nLevels in scope: Level 1\nLevel 2: excluded (tenant)\nWindows on those "
      "levels: ____\nSigned: ______", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(FZK, "p_blank", "Wartungsformular Fenster\nGeschoss: Dachgeschoss\nAnzahl Fenster: ___ (bitte aus dem "
      "Modell)\nTechniker: Frau Yilmaz", on("Dachgeschoss", WINDOW), rule(WINDOW, "Dachgeschoss")),
    Q(R3, "p_blank", "Ventilation sizing form\nRoom: Bad\nAir changes: 6 per hour\nVolume of that room (m³): "
      "______ <- from the model please\nEngineer: L. Costa",
      lambda m: __import__("people_oracles").number(m.qty(m.space("Bad"), "Qto_SpaceBaseQuantities", "NetVolume"),
                                                    "m³", [m.space("Bad")]),
      "Qto_SpaceBaseQuantities.NetVolume of space 'Bad', m³"),
    Q(EDC, "p_ticket", "Ticket FM-5002\nStatus: open\nAssignee: BIM desk\nText: the 2.OG gets new window seals in "
      "January. How many windows are on that storey? The EG was done last year.", on("2.OG", WINDOW),
      rule(WINDOW, "2.OG")),
    Q(DUP, "p_ticket", "RFI 044\nFrom: MEP\nTo: architect\nQuestion: how many doors are on Level 1? (Windows are "
      "in RFI 043.)\nStatus: awaiting response", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(HOM, "p_invite", "Invite: Wall scan\nWhen: Wed 15:00\nWho: surveyor\nScope: 1stFloor and attic (GroundFloor "
      "done)\nPrep: count the walls on those two storeys combined", on(("1stFloor", "attic"), WALL),
      rule(WALL, ("1stFloor", "attic"))),
    Q(DUP, "p_table", "Punch list\n#21 | Level 1 | window sills chipped | mason | open\n#22 | Roof | flashing | "
      "roofer | done\nQ on #21: how many windows are on that level?", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(FZK, "p_check", "Energy audit form\n[x] heating checked\n[ ] windows: list the windows on the Dachgeschoss\n"
      "Auditor: B. Roth\nPlease complete the open point from the model.", on("Dachgeschoss", WINDOW, "list"),
      rule(WINDOW, "Dachgeschoss")),
    Q(LB, "p_req", "Requisition\nRequested by: facility\nItem: door closer, one per door\nQuantity: = number of "
      "doors on Level 1 (please fill in)\nBudget code: 33-10", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(HOM, "d_cost", "Ticket 77\nStatus: open\nQuestion: what does it cost to repaint the doors on the 1stFloor?",
      no, "decline: the request field asks a price"),
    Q(FZK, "d_two", "Door survey\nStoreys: Erdgeschoss, Dachgeschoss\nDoors on this storey: ____ (please fill from "
      "the model)", no, "decline: 'this storey' has two candidates"),
    Q(DUP, "d_absent", "Invite: survey\nWhen: Mon\nPrep: count the windows on Level 4", no,
      "decline: the model has no Level 4"),
    Q(EDC, "d_restrict", "Cleaning form\nWing: east wing\nWindows in that wing: ____ (please fill from the model)",
      no, "decline: 'east wing' restricts and is not in the model"),
    Q(SH, "d_absent", "Flooring form\nRoom: Garage\nNet floor area of that room (m²): ____ <- from the model please",
      no, "decline: the model has no room Garage"),
    Q(HOM, "p_ticket", "Ticket 4411 | status: waiting\nQ: how many doors are on the 1stFloor?\nNote: keys with "
      "Mr Berg", on("1stFloor", DOOR), rule(DOOR, "1stFloor")),
]


def _BENCH_KIND(case: dict) -> str:  # noqa: N802
    kind, oracle = case["kind"], case["oracle"]["type"]
    if kind in ("d_cost", "d_when"):
        return "refuse"
    if kind.startswith("d_"):
        return "edge"
    if oracle == "storeys":
        return "comparison"
    if oracle == "number":
        return "quantities"
    if " or " in case["oracle_rule"].split(",")[0]:
        return "multi_storey"
    return "storey_class"


def main() -> int:
    ifc_dir = Path(sys.argv[sys.argv.index("--ifc-dir") + 1]) if "--ifc-dir" in sys.argv else DEFAULT_IFC_DIR
    for questions, out, prefix in ((CASES, OUT, "form22"), (HELD, OUT_HELD, "form22b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the form kind kept as "form"
            case["form"] = case["kind"]
            case["kind"] = _BENCH_KIND(case)
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
