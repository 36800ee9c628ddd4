"""Messages that are DOCUMENTS with one ask inside (issue 22, round 23 doc23).

    python bench/spatial/doc23_cases.py [--ifc-dir ../shared/ifc]   # writes doc23_cases.json and doc23_cases_b.json

People paste a whole document and the ask is one record of it: a Slack or IRC log (timestamp + speaker per line), a
tab-separated spreadsheet paste with a header row, a meeting protocol with numbered agenda points ("TOP 2"), an
exam sheet ("Aufgabe 3", "Exercise 2(b)"), a site diary by day, a shift handover log, action items ("AI-3"), a
lettered list ("a)", "b)"), release notes. The ask points at other records by their number or column ("the storey
in TOP 2", "the level in row 2", "the floor I'm on" -> the speaker's own earlier line); every other record (who,
when, prices, names) is context. Written from how such documents look, not from the parser (and in other layouts
and on other models than people_seventeenth's); oracles in plain IfcOpenShell (``people_oracles.Model``),
storey-deep.

**Positive kinds**: p_log (chat log, pointer to the speaker's own line), p_rows (delimited rows with a header, the
ask points at a row), p_items (numbered / lettered records, the ask points at one), p_plain (the ask names its own
scope, the rest is context).

**Decline kinds**: d_two (the pointer has two candidates), d_restrict (a record restricts the asked things with
words the model cannot ground), d_absent (a storey or room the model lacks), d_cost (the ask itself asks a price or a
date).

The held-out half (``doc23_cases_b.json``) was written at the same time and not looked at while building.
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
    SH,
    STOREY_DEEP,
    Model,
    Q,
    argmax_storey,
    compute_set,
    count,
    decline,
    dumps,
    elements,
    number,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "doc23_cases.json"
OUT_HELD = HERE / "doc23_cases_b.json"
WALL, DOOR, WINDOW, SLAB, FURN = "IfcWall", "IfcDoor", "IfcWindow", "IfcSlab", "IfcFurnishingElement"


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


def area(name: str, qset: str, quantity: str = "NetFloorArea", unit: str = "m²"):  # noqa: ANN201
    def oracle(m: Model) -> dict:
        space = [s for s in m.spaces() if name in (s.Name, s.LongName)]
        assert len(space) == 1, name
        return number(m.qty(space[0], qset, quantity), unit, space)
    return oracle


def more(cls: str, names: tuple[str, ...]):  # noqa: ANN201
    return lambda m: argmax_storey(m, {s: m.on(s, cls) for s in names})


def rule(cls: str, storey: str | tuple[str, ...]) -> str:
    s = storey if isinstance(storey, str) else " or ".join(storey)
    return f"{cls} on {s}, {STOREY_DEEP}"


def no(_: Model) -> dict:
    return decline()


CASES: list[Q] = [
    # --- p_log: a chat log; the ask points at the speaker's own earlier line
    Q(HOM, "p_log", "[09:12] anna.k: I'm doing the 1stFloor this morning, the GroundFloor after lunch\n"
      "[09:13] tom: ok, van is in the yard\n[09:15] anna.k: how many doors are on the floor I'm doing this "
      "morning? I need one closer each (35 EUR)", on("1stFloor", DOOR), rule(DOOR, "1stFloor")),
    Q(EDC, "p_log", "<ralf> morning all\n<ralf> 2.OG today, 1.OG is next week\n<mira> coffee machine is broken "
      "again\n<ralf> how many windows are there on the storey I'm on today?", on("2.OG", WINDOW),
      rule(WINDOW, "2.OG")),
    Q(DUP, "p_log", "[Mon 07:40] Site lead: Level 2 gets the new flooring, Level 1 stays as is\n[Mon 07:41] Kim: "
      "noted\n[Mon 07:44] Site lead: which walls are on that level? the painter quotes per wall",
      on("Level 2", WALL, "list"), rule(WALL, "Level 2")),
    Q(FZK, "p_log", "[12.03. 18:02] Opa Heinz: Wir streichen zuerst das Dachgeschoss\n[12.03. 18:03] Lena: und "
      "das Erdgeschoss?\n[12.03. 18:05] Opa Heinz: im Frühjahr. Wie viele Wände hat das Geschoss, das wir zuerst "
      "streichen? Farbe kostet 39,90 der Eimer", on("Dachgeschoss", WALL), rule(WALL, "Dachgeschoss")),
    # --- p_rows: delimited rows with a header; the ask points at a row
    Q(DUP, "p_rows", "Spreadsheet paste (sheet 'handover'):\nRow\tLevel\tTrade\tDate\n1\tLevel 1\tflooring\t"
      "04.12.\n2\tLevel 2\tpainting\t06.12.\n3\tRoof\troofing\t10.12.\nFor the painter: how many doors are on the "
      "level in row 2?", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    Q(HOM, "p_rows", "Room;Storey;Task;Status\nLiving1;GroundFloor;skirting;open\nBedroom6;1stFloor;skirting;"
      "open\nQuestion: what is the net floor area of the room in the first data row?",
      area("Living1", "Qto_SpaceBaseQuantities"), "Qto_SpaceBaseQuantities.NetFloorArea of space 'Living1', m²"),
    Q(EDC, "p_rows", "Week plan, cleaning crew\nDay, Storey, Crew\nMon, EG, Team 1\nTue, 1.OG, Team 2\nWed, 2.OG, "
      "Team 1\nHow many doors are on Tuesday's storey? Team 2 wipes every door.", on("1.OG", DOOR),
      rule(DOOR, "1.OG")),
    Q(SH, "p_rows", "Inventory sheet (export)\nNo | Room | Checked by | Date\n1 | Living room | P. Moreau | 02.12.\n"
      "2 | Bedroom | P. Moreau | 02.12.\nWhat is the floor area of the room in line 2? (for the carpet)",
      area("Bedroom", "BaseQuantities"), "BaseQuantities.NetFloorArea of space 'Bedroom', m²"),
    Q(DUP, "p_rows", "Level | Windows | Glazier\nLevel 1 | ? | Nordglas\nLevel 2 | ? | Nordglas\nWhich of the two "
      "levels in the table has more windows?", more(WINDOW, ("Level 1", "Level 2")),
      f"the storey of Level 1 / Level 2 with more IfcWindow, {STOREY_DEEP}"),
    # --- p_items: numbered / lettered records; the ask points at one
    Q(FZK, "p_items", "Protokoll Baubesprechung 14\nTOP 1 Gerüst: Abbau am Freitag (Fa. Stein)\nTOP 2 Fenster: "
      "Austausch der Dichtungen im Erdgeschoss\nTOP 3 Offene Frage: wie viele Fenster hat das Geschoss aus TOP 2?",
      on("Erdgeschoss", WINDOW), rule(WINDOW, "Erdgeschoss")),
    Q(HOM, "p_items", "Exercise sheet 4 - building models\nExercise 1: open ExampleHOM in a viewer.\n"
      "Exercise 2: which storey is the top one? (answer: attic)\nExercise 3: how many walls does the GroundFloor "
      "have? Use the model.\nExercise 4: sketch the stair by hand.", on("GroundFloor", WALL),
      rule(WALL, "GroundFloor")),
    Q(EDC, "p_items", "Action items from Monday\nAI-1 (Petra): order door signs for the EG\nAI-2 (Jonas): fix the "
      "printer\nAI-3 (BIM): how many doors are on the storey in AI-1? Petra needs the number.", on("EG", DOOR),
      rule(DOOR, "EG")),
    Q(FZK, "p_items", "Shopping list for the house\na) curtain rails for the Schlafzimmer\nb) doormat\nc) light "
      "bulbs (6x)\nd) from the model: which windows does the room in a) have?", bounding("Schlafzimmer", WINDOW),
      "IfcWindow in the IfcRelSpaceBoundary of space 'Schlafzimmer' (the Sample House records no space boundaries)"),
    Q(DUP, "p_items", "Site diary\nMon 02.12.: Level 1 plastering finished\nTue 03.12.: rain, no work\nWed 04.12.: "
      "start on Level 2\nQuestion for the model: how many walls are on the level started on Wednesday?",
      on("Level 2", WALL), rule(WALL, "Level 2")),
    Q(HOM, "p_items", "Release notes v2.3 of the building model\n- 1stFloor: doors renumbered\n- attic: roof "
      "slabs split\n- GroundFloor: no change\nReviewer question: how many slabs does the attic have now?",
      on("attic", SLAB), rule(SLAB, "attic")),
    # --- p_plain: the ask names its own scope; the rest is context
    Q(EDC, "p_plain", "Shift handover, night -> early\nShift B (22-06): two alarms at gate 3, both false\nShift B: "
      "coffee order placed (Fa. Bohne, 64 EUR)\nEarly shift please check in the model: how many windows are on the "
      "1.OG?", on("1.OG", WINDOW), rule(WINDOW, "1.OG")),
    Q(FZK, "p_plain", "Pinned message - #haus-umbau\n:pushpin: Keys at the neighbours (No. 12)\n:pushpin: Skip "
      "collected Thursday\n@bimbot how many doors does the Erdgeschoss have?", on("Erdgeschoss", DOOR),
      rule(DOOR, "Erdgeschoss")),
    Q(SH, "p_plain", "Survey response #58\n1) Your role: owner\n2) Year you moved in: 2019\n3) Your question for "
      "the BIM team: how many doors are on the Ground Floor?\n4) May we contact you? yes",
      on("Ground Floor", DOOR), rule(DOOR, "Ground Floor")),
    Q(DUP, "p_plain", "IRC #duplex-fitout\n<pete> lunch at 12?\n<sara> sure\n<pete> btw which storey has more "
      "doors, Level 1 or Level 2? the locksmith asks", more(DOOR, ("Level 1", "Level 2")),
      f"the storey of Level 1 / Level 2 with more IfcDoor, {STOREY_DEEP}"),
    Q(HOM, "p_plain", "Kanban export\nTODO | call the roofer | Mia\nDOING | paint samples | Jo\nBLOCKED | how many "
      "windows are on the GroundFloor? (ask the model) | BIM", on("GroundFloor", WINDOW), rule(WINDOW, "GroundFloor")),
    Q(FZK, "p_plain", "Aufgabenblatt 2 (Bauinformatik)\nAufgabe 1: Öffnen Sie das Modell. (erledigt)\nAufgabe 2: "
      "Wie viele Fenster hat das Dachgeschoss?\nAufgabe 3: Zeichnen Sie einen Schnitt von Hand.",
      on("Dachgeschoss", WINDOW), rule(WINDOW, "Dachgeschoss")),
    # --- declines
    Q(HOM, "d_two", "[08:01] jo: I start on the GroundFloor\n[08:02] mia: and I take the 1stFloor\n[08:05] jo: "
      "how many windows are on that floor?", no, "decline: 'that floor' has two candidates"),
    Q(DUP, "d_two", "Row\tLevel\tTrade\n1\tLevel 1\tpainting\n2\tLevel 2\tpainting\nHow many doors are on the "
      "level in the row for painting?", no, "decline: both rows are painting: two candidates"),
    Q(EDC, "d_two", "TOP 1 Türschilder EG und 1.OG\nTOP 2 Drucker\nTOP 3 Frage: wie viele Türen hat das Geschoss "
      "aus TOP 1?", no, "decline: TOP 1 names two storeys for 'das Geschoss'"),
    Q(FZK, "d_restrict", "a) Fenster im Erdgeschoss reinigen\nb) nur die mit Sprossen, die anderen macht der "
      "Mieter\nc) Frage ans Modell: wie viele Fenster sind das im Erdgeschoss?", no,
      "decline: item b) restricts the windows to those with glazing bars, not in the model"),
    Q(DUP, "d_restrict", "[10:01] lead: the painters only do the walls with the old wallpaper\n[10:02] lead: how "
      "many walls are on Level 2? just the ones I said", no,
      "decline: 'only the walls with the old wallpaper' restricts, the model does not record it"),
    Q(SH, "d_absent", "No | Room | Task\n1 | Garage | new floor\n2 | Bedroom | done\nWhat is the floor area of "
      "the room in row 1?", no, "decline: the model has no Garage"),
    Q(EDC, "d_absent", "<ralf> today the 3.OG\n<mira> ok\n<ralf> how many doors are on the storey I'm on today?",
      no, "decline: the model has no 3.OG"),
    Q(HOM, "d_cost", "Exercise 1: open the model (done)\nExercise 2: what would new doors for the 1stFloor cost? "
      "Use the model.", no, "decline: the ask is a price"),
    Q(DUP, "d_cost", "Site diary\nMon: Level 1 done\nTue: when will the windows on Level 2 be delivered? ask the "
      "model", no, "decline: the ask is a delivery date"),
    Q(FZK, "d_restrict", "Protokoll\nTOP 1 Türen: nur die Innentüren werden lackiert\nTOP 2 Frage: wie viele "
      "Türen hat das Erdgeschoss?", no,
      "decline: TOP 1 restricts the doors to interior ones, the ask does not say whether that applies"),
    Q(EDC, "d_two", "Day, Storey\nMon, EG\nTue, 2.OG\nHow many windows are on the storey for that day?", no,
      "decline: 'that day' points at no one row"),
]

HELD: list[Q] = [
    Q(DUP, "p_log", "[07:30] nils: I'm on Level 1 all day\n[07:31] ida: ok I take the roof\n[07:35] nils: how "
      "many doors are on the level I'm on?", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(HOM, "p_rows", "Storey\tTask\tCrew\nGroundFloor\twindow seals\tA\nattic\tinsulation\tB\nFor crew A: how many "
      "windows are on the storey in the first row?", on("GroundFloor", WINDOW), rule(WINDOW, "GroundFloor")),
    Q(EDC, "p_items", "Action items\nAI-1 (Tim): new carpets on the 2.OG\nAI-2 (Ela): book the van\nAI-3: how "
      "many walls are on the storey in AI-1? (from the model)", on("2.OG", WALL), rule(WALL, "2.OG")),
    Q(FZK, "p_items", "Aufgabenblatt 5\nAufgabe 1: Modell öffnen (erledigt)\nAufgabe 2: Wie viele Türen hat das "
      "Erdgeschoss?\nAufgabe 3: Dach skizzieren (nicht am Rechner)", on("Erdgeschoss", DOOR),
      rule(DOOR, "Erdgeschoss")),
    Q(SH, "p_plain", "Shift log\n06:10 gate opened\n06:45 delivery of tiles (Fa. Kaya)\n07:02 question from "
      "the tiler: how many walls are on the Ground Floor?", on("Ground Floor", WALL), rule(WALL, "Ground Floor")),
    Q(DUP, "p_rows", "Level;Trade;Week\nLevel 1;painting;49\nLevel 2;flooring;50\nHow many windows are on the "
      "level in the flooring row?", on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(HOM, "p_log", "<mia> I'm doing the attic today\n<jo> fine, I'm off at 3\n<mia> how many walls are on the "
      "storey I'm doing today?", on("attic", WALL), rule(WALL, "attic")),
    Q(EDC, "p_plain", "Release notes model v5\n- doors renumbered on the EG\n- new slab on the 2.OG\nQuestion "
      "from QA: which storey has more doors, EG or 1.OG?", more(DOOR, ("EG", "1.OG")),
      f"the storey of EG / 1.OG with more IfcDoor, {STOREY_DEEP}"),
    Q(FZK, "p_items", "TOP 1 Dach: Ziegel bestellt\nTOP 2 Fenster im Dachgeschoss: neue Rollos\nTOP 3 Frage: "
      "welche Fenster hat das Geschoss aus TOP 2?", on("Dachgeschoss", WINDOW, "list"), rule(WINDOW, "Dachgeschoss")),
    Q(SH, "p_items", "a) order paint for the Living room\nb) check the heating\nc) model: what is the floor area "
      "of the room in a)?", area("Living room", "BaseQuantities"),
      "BaseQuantities.NetFloorArea of space 'Living room', m²"),
    Q(HOM, "d_two", "Storey\tTask\nGroundFloor\tpaint\n1stFloor\tpaint\nHow many doors are on the storey with "
      "the paint task?", no, "decline: two rows say paint"),
    Q(DUP, "d_absent", "AI-1: new carpets on Level 3\nAI-2: how many doors are on the level in AI-1?", no,
      "decline: the model has no Level 3"),
    Q(EDC, "d_restrict", "[09:00] ela: we only clean the windows facing the street\n[09:02] ela: how many windows "
      "are on the EG? only those I mean", no, "decline: 'facing the street' restricts, not in the model"),
    Q(FZK, "d_cost", "Aufgabe 1: Modell öffnen\nAufgabe 2: Was kosten neue Fenster für das Dachgeschoss?", no,
      "decline: the ask is a price"),
    Q(SH, "d_two", "[08:00] p: I do the Bedroom\n[08:01] q: I do the Living room\n[08:03] p: what is the floor "
      "area of that room?", no, "decline: 'that room' has two candidates"),
    Q(DUP, "p_plain", "Exercise 1: open the Duplex (done)\nExercise 2: how many windows are on Level 1?\n"
      "Exercise 3: draw the stair by hand", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
]


def _bench_kind(case: dict) -> str:
    kind, oracle = case["kind"], case["oracle"]["type"]
    if kind == "d_cost":
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
    for questions, out, prefix in ((CASES, OUT, "doc23"), (HELD, OUT_HELD, "doc23b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the document kind kept as "form"
            case["form"] = case["kind"]
            case["kind"] = _bench_kind(case)
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
