"""Multi-unit messages whose REQUEST alone decides refusals, relations and the asked subject (issue 22, round 21 msg21).

    python bench/spatial/msg21_cases.py [--ifc-dir ../shared/ifc]   # writes msg21_cases.json and msg21_cases_b.json

People ask inside minutes, chats, site diaries, handovers and to-do lists. The request is one unit (a line to the
assistant, an "ACTION Name:" item, a bullet, "Could you do point 2?"); the other units say why or when (a price of
something else, a budget, a date, the weather, the next meeting), or name other things in side clauses ("the
fittings I count myself"). A refusal (cost, schedule) is right only when the request itself asks for it; a unit that
restricts the asked things ("only", a parenthetical exclusion) is part of the question. Written from how such
messages are written, not from the parser; oracles in plain IfcOpenShell (``people_oracles.Model``), storey-deep.

**Positive kinds**: p_price (a price or budget of something else beside the request), p_when (dates, weather, the
next meeting), p_side (a side clause naming another class or person), p_item (the request is an item of a list,
minutes or agenda, or points at one: "point 2", "the carpet number"), p_pointer (the request points at the unit
that names the storey or room, with an exclusion beside it), p_fix (a self-correction).

**Decline kinds**: d_cost / d_when (the request itself asks a price or a date), d_restrict (a unit restricts the
asked things with words the model cannot ground), d_two (the pointer has two candidates), d_absent (a storey the
model lacks).

The held-out half (``msg21_cases_b.json``) was written at the same time and not looked at while building.
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
    load_bearing,
    storeys,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "msg21_cases.json"
OUT_HELD = HERE / "msg21_cases_b.json"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
WALL, DOOR, WINDOW, SLAB = "IfcWall", "IfcDoor", "IfcWindow", "IfcSlab"
DECLINE = "decline: see the kind"


def on(storey: str | tuple[str, ...], cls: str, how: str = "count"):  # noqa: ANN201
    names = (storey,) if isinstance(storey, str) else storey
    return lambda m: (count if how == "count" else elements)(m.on(set(names), cls))


def everywhere(cls: str, how: str = "count"):  # noqa: ANN201
    return lambda m: (count if how == "count" else elements)(m.of(cls))


def more(cls: str, names: tuple[str, ...]):  # noqa: ANN201
    return lambda m: argmax_storey(m, {s: m.on(s, cls) for s in names})


def rule(cls: str, storey: str | tuple[str, ...]) -> str:
    s = storey if isinstance(storey, str) else " or ".join(storey)
    return f"{cls} on {s}, {STOREY_DEEP}"


def no(_: Model) -> dict:
    return decline()


CASES: list[Q] = [
    # --- p_price: a price or budget of something else beside the request
    Q(DUP, "p_price", "Notes from the site visit\n- handles: 18 EUR each, the client is fine with that\n"
      "- how many doors are on Level 2?\n- skirting later", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    Q(HOM, "p_price", "Hi Mark,\nthe painter charges 12 euros per square metre, that part is settled. What I still "
      "need: how many walls are on the 1stFloor?\nCheers, Anna", on("1stFloor", WALL), rule(WALL, "1stFloor")),
    Q(LB, "p_price", "[10:02] Tim: sunscreen film is 35 $ per pane, cheap enough\n[10:03] Eva: ok\n"
      "[10:04] Tim: @bot how many windows are on Level 1?", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(EDC, "p_price", "Budget for new door signs is approved (400 EUR).\nWhich doors are on the EG?",
      on("EG", "IfcDoor", "list"), rule(DOOR, "EG")),
    Q(FZK, "p_price", "Angebot Fensterputzer: 3 EUR pro Fenster, passt.\nWie viele Fenster hat das Erdgeschoss?",
      on("Erdgeschoss", WINDOW), rule(WINDOW, "Erdgeschoss")),
    # --- p_when: dates, weather, meetings around the request
    Q(DUP, "p_when", "Site diary Mon 3 June. Sunny, 24 °C. Roofer on site until noon. He asked how many windows "
      "are on the Roof level.", on("Roof", WINDOW), rule(WINDOW, "Roof")),
    Q(HOM, "p_when", "Minutes 12 May\n1. Doors on the GroundFloor: how many are there? (for the locksmith)\n"
      "2. Next meeting: 19 May", on("GroundFloor", DOOR), rule(DOOR, "GroundFloor")),
    Q(INS, "p_when", "Reminder: the cleaners start next Tuesday at 6:00.\nHow many windows does the Keller have?",
      on("Keller", WINDOW), rule(WINDOW, "Keller")),
    Q(LB, "p_when", "We finished Level 2 last week. Question for the model: how many doors are on Level 1?",
      on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(FZK11, "p_when", "Termin mit dem Schreiner ist am Freitag.\nWelche Türen sind im Erdgeschoss?",
      on("Erdgeschoss", DOOR, "list"), rule(DOOR, "Erdgeschoss")),
    # --- p_side: a side clause names another class or person
    Q(HOM, "p_side", "How many windows are on the 1stFloor? The doors my colleague counts himself.",
      on("1stFloor", WINDOW), rule(WINDOW, "1stFloor")),
    Q(DUP, "p_side", "attic guy asks: how many walls are on the Roof level?", on("Roof", WALL), rule(WALL, "Roof")),
    Q(SH, "p_side", "Which windows are on the Ground Floor? The doors are done already by the joiner.",
      on("Ground Floor", WINDOW, "list"), rule(WINDOW, "Ground Floor")),
    # --- p_item: the request is an item of minutes / a list, or points at one
    Q(EDC, "p_item", "Meeting minutes, facade\n- scaffolding stays until July\n- ACTION Ben: count the windows on "
      "the 1.OG\n- next meeting after the holidays", on("1.OG", WINDOW), rule(WINDOW, "1.OG")),
    Q(FZK, "p_item", "Protokoll Baubesprechung\nTOP 1: Dach dicht, Abnahme am 3.4.\nTOP 2: Türen im Erdgeschoss "
      "werden lackiert\n  -> Aufgabe Jonas: Anzahl der Türen im Erdgeschoss aus dem Modell holen\nTOP 3: Sonstiges",
      on("Erdgeschoss", DOOR), rule(DOOR, "Erdgeschoss")),
    Q(DUP, "p_item", "Open points\n1. door stoppers: number of doors on Level 1\n2. paint: later\n3. gutters - "
      "ask the roofer\nCould you do point 1 from the model?", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(HOM, "p_item", "Shopping list for the attic\n- insulation: number of walls in the attic\n- lights: Tom "
      "decides\nCan you get me the insulation number?", on("attic", WALL), rule(WALL, "attic")),
    Q(LB, "p_item", "To do (Mon):\n* ring the glazier\n* windows on Level 2 - how many?\n* lunch with Ute",
      on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    # --- p_pointer: the request points at the unit naming the storey, an exclusion beside it
    Q(EDC, "p_pointer", "Nina: the new blinds go on EG and 1.OG (2.OG keeps the old ones)\nLeo: ok\n"
      "Nina: how many windows is that on both of those floors?", on(("EG", "1.OG"), WINDOW),
      rule(WINDOW, ("EG", "1.OG"))),
    Q(DUP, "p_pointer", "The locksmith does Level 2 only (Level 1 was done in spring).\nHow many doors does that "
      "level have?", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    Q(HOM, "p_pointer", "- the cleaners do the GroundFloor and the 1stFloor, the attic is skipped\n- so which of "
      "those two floors has more windows?", more(WINDOW, ("GroundFloor", "1stFloor")),
      "the storey of GroundFloor / 1stFloor with more IfcWindow, " + STOREY_DEEP),
    # --- p_fix: a self-correction
    Q(LB, "p_fix", "How many windows are on Level 2 - no wait, Level 1 I mean?", on("Level 1", WINDOW),
      rule(WINDOW, "Level 1")),
    # --- declines
    Q(DUP, "d_cost", "Notes\n- doors on Level 1: 6 in the model\n- what do new handles for those doors cost?", no,
      "decline: the request asks a price"),
    Q(HOM, "d_cost", "Painter visit tomorrow.\nHow much will painting the walls on the GroundFloor cost?", no,
      "decline: the request asks a price"),
    Q(LB, "d_when", "Glazier notes: windows on Level 1 first.\nWhen will the windows on Level 2 be finished?", no,
      "decline: the request asks a date"),
    Q(EDC, "d_restrict", "Nina: only the windows the tenant marked on the EG get new seals\n"
      "Nina: how many windows is that?", no, "decline: 'the windows the tenant marked' restricts, not in the model"),
    Q(DUP, "d_restrict", "Minutes\n- only the doors with the old brass cylinders get replaced\n- ACTION Tom: count "
      "the doors on Level 1", no, "decline: 'with the old brass cylinders' restricts, not in the model"),
    Q(HOM, "d_two", "We did the GroundFloor and the 1stFloor last week.\nHow many doors does that floor have?", no,
      "decline: 'that floor' has two candidates"),
    Q(LB, "d_two", "Tim: Level 1 and Level 2 both get new film\nEva: which windows are on that level?", no,
      "decline: 'that level' has two candidates"),
    Q(FZK, "d_absent", "Protokoll\nTOP 1: Kellerfenster werden getauscht\n  -> Aufgabe Max: Anzahl der Fenster im "
      "Keller aus dem Modell holen", no, "decline: the model has no Keller storey"),
    Q(DUP, "d_absent", "Site diary, rain all day. Roofer asked how many windows are on Level 5.", no,
      "decline: the model has no Level 5"),
    Q(EDC, "d_item", "Open points\n1. door signs: the doors on the 1.OG\n2. paint: later\nCould you do point 4 "
      "from the model?", no, "decline: there is no point 4"),
]

HELD: list[Q] = [
    Q(LB, "p_price", "Greta: the window cleaner quotes 4 EUR per pane\nGreta: @bot how many windows are on Level 2?",
      on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(FZK11, "p_price", "Hallo,\ndie Türdrücker kosten 25 EUR das Stück, das ist bestellt. Wie viele Türen hat das "
      "Dachgeschoss?\nGruß, Ben", on("Dachgeschoss", DOOR), rule(DOOR, "Dachgeschoss")),
    Q(INS, "p_when", "Weather: rain, 12 °C. Scaffold inspection done.\nHow many doors are on the Erdgeschoss?",
      on("Erdgeschoss", DOOR), rule(DOOR, "Erdgeschoss")),
    Q(DUP, "p_when", "Handover to Kai (I'm off from Friday):\n- the tiler comes on Monday\n- which windows are on "
      "Level 1?", on("Level 1", WINDOW, "list"), rule(WINDOW, "Level 1")),
    Q(HOM, "p_side", "How many doors are on the GroundFloor? The windows Lisa counts herself.",
      on("GroundFloor", DOOR), rule(DOOR, "GroundFloor")),
    Q(EDC, "p_item", "Minutes\n- facade: done\n- ACTION Mia: count the doors on the 2.OG from the model\n- next "
      "meeting Friday", on("2.OG", DOOR), rule(DOOR, "2.OG")),
    Q(FZK, "p_item", "Checklist\n1. roof - done\n2. windows on the Dachgeschoss: how many?\n3. doors - next week\n"
      "Could you do point 2 from the model?", on("Dachgeschoss", WINDOW), rule(WINDOW, "Dachgeschoss")),
    Q(DUP, "p_pointer", "Ana: the painter does Level 1 (Level 2 is done)\nBen: 👍\nAna: how many walls are on that "
      "level?", on("Level 1", WALL), rule(WALL, "Level 1")),
    Q(EDC, "p_pointer", "Nina: new door signs on 1.OG and 2.OG (EG keeps the old ones)\nNina: how many doors is that "
      "on those two floors?", on(("1.OG", "2.OG"), DOOR), rule(DOOR, ("1.OG", "2.OG"))),
    Q(SH, "p_fix", "Which doors are on the Roof - sorry, on the Ground Floor?", on("Ground Floor", DOOR, "list"),
      rule(DOOR, "Ground Floor")),
    Q(LB, "d_cost", "Glazier on site today.\nWhat does the glass for the Level 2 windows cost?", no,
      "decline: the request asks a price"),
    Q(HOM, "d_when", "Cleaner notes: GroundFloor done.\nWhen are the windows on the 1stFloor scheduled?", no,
      "decline: the request asks a date"),
    Q(DUP, "d_restrict", "Ana: only the doors Tom marked in red get new handles\nAna: @bot how many doors on Level 2?",
      no, "decline: 'the doors Tom marked in red' restricts, not in the model"),
    Q(EDC, "d_two", "We did EG and 2.OG last week.\nWhich windows are on that floor?", no,
      "decline: 'that floor' has two candidates"),
    Q(LB, "d_absent", "Minutes\n- ACTION Eva: count the doors on Level 3\n- next meeting Monday", no,
      "decline: the model has no Level 3"),
    Q(FZK11, "p_side", "Heizungsbauer fragt: wie viele Fenster hat das Erdgeschoss? Die Heizkörper zählt er selbst.",
      on("Erdgeschoss", WINDOW), rule(WINDOW, "Erdgeschoss")),
]


def _BENCH_KIND(case: dict) -> str:  # noqa: N802
    kind, oracle = case["kind"], case["oracle"]["type"]
    if kind in ("d_cost", "d_when"):
        return "refuse"
    if kind.startswith("d_"):
        return "edge"
    if oracle == "storeys":
        return "comparison"
    if " or " in case["oracle_rule"].split(",")[0]:
        return "multi_storey"
    return "german" if any(w in case["query"] for w in ("Wie ", "Welche", "wie viele")) else "storey_class"


def main() -> int:
    ifc_dir = Path(sys.argv[sys.argv.index("--ifc-dir") + 1]) if "--ifc-dir" in sys.argv else DEFAULT_IFC_DIR
    for questions, out, prefix in ((CASES, OUT, "msg21"), (HELD, OUT_HELD, "msg21b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the message kind kept as "msg"
            case["msg"] = case["kind"]
            case["kind"] = _BENCH_KIND(case)
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


_ = (load_bearing, storeys)  # (helpers the next rounds' cases may use)

if __name__ == "__main__":
    sys.exit(main())
