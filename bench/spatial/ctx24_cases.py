"""Messages whose CONTEXT must not be read as the question (issue 22, round 24 ctx24).

    python bench/spatial/ctx24_cases.py [--ifc-dir ../shared/ifc]   # writes ctx24_cases.json and ctx24_cases_b.json

A real message holds one ask and context around it: prices, dates and people of OTHER things (an invoice line, a
locksmith's quote, a contract's end date), words naming things the model does not hold (a garage, a notebook, a
tenant), "above" / "below" said of the TEXT ("the storey named above", "see the mail below"), and pointers into the
message ("that floor" after a sentence naming one storey). Written before any round-24 code, in other message
structures (calendar invite, invoice, SMS, voicemail transcript, commit message, config file, letter, post-it,
receipt) and on other models (AC11-Institute, LargeBuilding, WP_Puffer, IfcOpenHouse) than people_eighteenth's
failing (c) forms; oracles in plain IfcOpenShell (``people_oracles.Model``), storey-deep.

**Positive kinds** (one kind of failure per group): p_price (prices / dates / people of other things beside the
ask), p_words (words of the context naming things the model lacks), p_text (above / below said of the text),
p_pointer (a pointer bound to the one place the message names).

**Decline kinds**: d_cost (the ask asks a price), d_restrict (the context restricts the asked things with words the
model cannot ground), d_two (the pointer has two candidates), d_absent (the named storey or room does not exist).

The held-out half (``ctx24_cases_b.json``) was written at the same time and not looked at while building.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from people_oracles import (  # noqa: E402
    INS,
    STOREY_DEEP,
    WP,
    Model,
    Q,
    compute_set,
    count,
    decline,
    dumps,
    elements,
    yes_no,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "ctx24_cases.json"
OUT_HELD = HERE / "ctx24_cases_b.json"
LB = "LargeBuilding.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
WALL, DOOR, WINDOW, FURN, SPACE = "IfcWall", "IfcDoor", "IfcWindow", "IfcFurnishingElement", "IfcSpace"


def on(storey: str, cls: str, how: str = "count"):  # noqa: ANN201
    def oracle(m: Model) -> dict:
        found = m.on(storey, cls)
        assert found, (storey, cls)
        return (count if how == "count" else elements)(found)
    return oracle


def everywhere(cls: str, how: str = "count"):  # noqa: ANN201
    return lambda m: (count if how == "count" else elements)(m.of(cls))


def more(a: str, b: str):  # noqa: ANN201
    return lambda m: yes_no(len(m.of(a)) > len(m.of(b)))


def rule(cls: str, storey: str) -> str:
    return f"{cls} on {storey}, {STOREY_DEEP}"


def no(_: Model) -> dict:
    return decline()


CASES: list[Q] = [
    # --- p_price: prices, dates and people of OTHER things beside the ask
    Q(INS, "p_price", "BEGIN:VEVENT\nSUMMARY: Türschilder - Termin mit Fa. Klein\nDTSTART:20261210T090000\n"
      "LOCATION: Baubüro (Container)\nDESCRIPTION: Schilder kosten 11,50 EUR pro Stück, Montage inklusive.\n"
      "END:VEVENT\nKurze Frage vorab: wie viele Türen hat das Erdgeschoss?", on("Erdgeschoss", DOOR),
      rule(DOOR, "Erdgeschoss")),
    Q(LB, "p_price", "INVOICE 2026-118\nWindow cleaning, November: 240.00 EUR\nVAT 19%: 45.60 EUR\nTotal: 285.60 EUR\n"
      "Note from accounts: before we pay, how many windows does Level 2 actually have?", on("Level 2", WINDOW),
      rule(WINDOW, "Level 2")),
    Q(WP, "p_price", "Hi, Kai here. The new pump seals were 23 EUR each, cheaper than last year. Are there more "
      "valves than pumps in the plant model? Then I order valve seals too.", more("IfcValve", "IfcPump"),
      "number of IfcValve > number of IfcPump in the model"),
    Q(OH, "p_price", "Re: IfcOpenHouse for a student project\n> The window film is pricey, about 20 EUR/m2\n"
      "Anyway: how many windows does the IfcOpenHouse have?", everywhere(WINDOW), "IfcWindow in the model"),
    Q(INS, "p_price", "Voicemail, 14:32, from Mr. Berger (locksmith): 'The new cylinders are 89 euros each, "
      "delivery in two weeks. Could you tell me how many doors there are on the 1. Obergeschoss? Call me back.'",
      on("1. Obergeschoss", DOOR), rule(DOOR, "1. Obergeschoss")),
    Q(LB, "p_price", "commit 3f2a1c9\nAuthor: Dana <dana@example.org>\nDate: Tue Dec 1 10:02\n\n    bump door "
      "hardware prices (handle 42 EUR, closer 95 EUR)\n\n    Reviewer: how many doors are on Level 1 in the "
      "LargeBuilding model?", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(INS, "p_price", "Liebe Kolleg:innen, die Reinigungsfirma berechnet ab Januar 3,20 € pro Fenster und Monat. "
      "Der Vertrag läuft bis Dezember 2027. Frage an die Haustechnik: Wie viele Fenster hat der Keller?",
      on("Keller", WINDOW), rule(WINDOW, "Keller")),
    # --- p_words: words of the context naming things the model does not hold
    Q(INS, "p_words", "Notebook entry (Lena), garage workshop\nThe car stays in the garage over the holidays.\n"
      "For the inventory: how many pieces of furniture are on the 2. Obergeschoss?", on("2. Obergeschoss", FURN),
      rule(FURN, "2. Obergeschoss")),
    Q(LB, "p_words", "Tenant meeting notes\n- the tenant complains about the bike shed\n- the landlord will fix "
      "the mailbox\nOpen: how many windows are on Level 1?", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(WP, "p_words", "Logbook of the caretaker\nThe garage door sticks again, ask the janitor.\nThe car park lights "
      "are out.\nQuestion for the plant model: how many pumps does it have?", everywhere("IfcPump"),
      "IfcPump in the model"),
    Q(OH, "p_words", "Shopping notes: garden shed paint, a new doormat for the garage.\nHow many doors does the "
      "IfcOpenHouse model have?", everywhere(DOOR), "IfcDoor in the model"),
    Q(INS, "p_words", "Wiki page 'Umzug' (tenant FAQ)\nWho pays the movers? The institute.\nWhere is the parking "
      "garage? Behind the building.\nHow many doors are on the Erdgeschoss? - open, from the model",
      on("Erdgeschoss", DOOR), rule(DOOR, "Erdgeschoss")),
    # --- p_text: above / below said of the text itself
    Q(LB, "p_text", "[report]\nstorey = Level 2\n; fill in from the model\nwindow_count = ?   ; how many windows are "
      "on the storey given above?", on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(INS, "p_text", "Protokollauszug (siehe oben, Punkt 3)\nDie Türen im 2. Obergeschoss bekommen neue Dichtungen.\n"
      "Frage: wie viele Türen hat das oben genannte Geschoss?", on("2. Obergeschoss", DOOR),
      rule(DOOR, "2. Obergeschoss")),
    Q(WP, "p_text", "Notes (continued from the page above)\nThe valve list below is what the installer needs.\n"
      "How many valves does the model hold?", everywhere("IfcValve"), "IfcValve in the model"),
    Q(OH, "p_text", "As I wrote in the message above, we are pricing shutters.\nWhich windows does the "
      "IfcOpenHouse have? (list below please)", everywhere(WINDOW, "list"), "IfcWindow in the model"),
    # --- p_pointer: a pointer bound to the one place the message names
    Q(INS, "p_pointer", "Dear Mr. Weber,\nour cleaning team now covers the Keller; the contract is signed.\nHow many "
      "doors are on that floor?\nKind regards, R. Fink", on("Keller", DOOR), rule(DOOR, "Keller")),
    Q(LB, "p_pointer", "Voice note (transcribed): so the fitter starts on Level 1 on Monday, that's the one with the "
      "big lobby. How many doors are there on the level he starts on?", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(INS, "p_pointer", "Post-it on the plan: 'Dachgeschoss - insulation, 14 EUR/m2'. Question from the site: how "
      "many walls does the storey on the post-it have?", on("Dachgeschoss", WALL), rule(WALL, "Dachgeschoss")),
    Q(LB, "p_pointer", "One glazier quote came in today, for Level 2 (Fenster Süd, 3,100 EUR). How many windows are "
      "on the level of the quote?", on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    # --- declines
    Q(INS, "d_cost", "Rundmail Facility\nAb Januar neue Reinigungsfirma.\nFrage: was kostet die Reinigung aller "
      "Fenster im Erdgeschoss?", no, "decline: the ask is a price"),
    Q(LB, "d_cost", "Invoice draft\nItem: door handles, Level 1\nQuestion from accounts: how much will the handles "
      "for the doors on Level 1 cost in total?", no, "decline: the ask is a price"),
    Q(WP, "d_cost", "Voicemail: 'Hi, it's Kai. Can you find out how expensive the valves in the plant are? "
      "Thanks.'", no, "decline: the ask is a price"),
    Q(INS, "d_restrict", "Memo: only the doors with glass panels get new seals; the solid ones stay as they are. "
      "How many doors on the Erdgeschoss get new seals?", no,
      "decline: the memo restricts the doors to those with glass panels"),
    Q(LB, "d_restrict", "Letter from the tenant: we only want blinds for the windows facing the garden. How many "
      "windows on Level 1 is that?", no, "decline: 'facing the garden' restricts, not in the model"),
    Q(INS, "d_two", "Letter: the painters start with the Keller, the carpenters with the Dachgeschoss. How many "
      "walls are on that floor?", no, "decline: 'that floor' has two candidates"),
    Q(LB, "d_two", "Voice note: the quote for Level 1 and the quote for Level 2 both came in today. How many "
      "windows are on the level of the quote?", no, "decline: two quotes, two levels"),
    Q(LB, "d_absent", "Tenant notebook: the garage gets new remote openers (45 EUR each). How many doors does the "
      "garage have?", no, "decline: the model has no garage"),
    Q(INS, "d_absent", "Lab notebook, day 2: the Labor K7 gets new fume hoods (3,900 EUR each). Which windows does "
      "the Labor K7 have?", no, "decline: the model has no Labor K7"),
    Q(WP, "d_restrict", "Service sheet: the valves in the return line are done; only the supply-side valves are "
      "open. How many valves still need a service?", no,
      "decline: supply / return side is not recorded in the model"),
]

HELD: list[Q] = [
    Q(INS, "p_price", "Quote #4471 (Fa. Glasklar): 4.80 EUR per pane, travel 35 EUR flat.\nBefore I sign: how "
      "many windows are on the Erdgeschoss?", on("Erdgeschoss", WINDOW), rule(WINDOW, "Erdgeschoss")),
    Q(LB, "p_price", "Receipt: 18 door stops at 3.20 EUR = 57.60 EUR. To check: how many doors does Level 1 have?",
      on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(WP, "p_price", "Budget line 7 (heat pump service): 1,450 EUR, approved by Mr. Ruiz on 3 Nov.\nOne thing for "
      "the model: how many valves are in the plant?", everywhere("IfcValve"), "IfcValve in the model"),
    Q(INS, "p_words", "Post-it from the tenant: the bike garage key is in the mailbox. From the model please: how "
      "many walls does the Dachgeschoss have?", on("Dachgeschoss", WALL), rule(WALL, "Dachgeschoss")),
    Q(LB, "p_words", "Diary of the caretaker - garage door jammed, notebook charger missing. How many windows are "
      "on Level 2?", on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(INS, "p_text", "Re: Fenster (see the mail below)\nWie viele Fenster hat das 2. Obergeschoss?",
      on("2. Obergeschoss", WINDOW), rule(WINDOW, "2. Obergeschoss")),
    Q(LB, "p_text", "Level 1 - window check\n(the heading above says which level)\nHow many windows are on the "
      "level in the heading above?", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(INS, "p_pointer", "Letter to the caretaker: the electricians work in the 1. Obergeschoss next week. How many "
      "doors does that storey have?", on("1. Obergeschoss", DOOR), rule(DOOR, "1. Obergeschoss")),
    Q(LB, "p_pointer", "Crew North does Level 2 this month, paid by the hour (55 EUR). How many windows are on the "
      "level crew North does?", on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(OH, "p_price", "Shutter catalogue, page 12: 'Model Alto, 129 EUR per window, cheaper in packs of 5'. How many "
      "windows does the IfcOpenHouse have?", everywhere(WINDOW), "IfcWindow in the model"),
    Q(WP, "p_words", "Caretaker's notebook: the tenant downstairs complains about noise. From the plant model: how "
      "many pumps are there?", everywhere("IfcPump"), "IfcPump in the model"),
    Q(INS, "d_cost", "Voicemail: 'Hallo, hier Berger. Was würden neue Türen für den Keller kosten?'", no,
      "decline: the ask is a price"),
    Q(INS, "d_two", "Memo: the Keller and the Erdgeschoss both get new lights. How many doors does that storey "
      "have?", no, "decline: 'that storey' has two candidates"),
    Q(LB, "d_absent", "Note: the tenant asks about the Level 3 windows (blinds at 60 EUR each). How many windows "
      "does Level 3 have?", no, "decline: the model has no Level 3"),
    Q(INS, "d_restrict", "Rundmail: nur die Fenster zur Straßenseite werden geputzt (2 EUR pro Fenster). Wie viele "
      "Fenster sind das im Erdgeschoss?", no, "decline: 'zur Straßenseite' restricts, not in the model"),
    Q(WP, "d_cost", "SMS: how much do the pumps in the plant model cost?", no, "decline: the ask is a price"),
]


def _bench_kind(case: dict) -> str:
    kind, oracle = case["kind"], case["oracle"]["type"]
    if kind == "d_cost":
        return "refuse"
    if kind.startswith("d_"):
        return "edge"
    if oracle == "yes_no":
        return "comparison"
    if "in the model" in case["oracle_rule"]:
        return "edge"
    return "storey_class"


def main() -> int:
    ifc_dir = Path(sys.argv[sys.argv.index("--ifc-dir") + 1]) if "--ifc-dir" in sys.argv else DEFAULT_IFC_DIR
    for questions, out, prefix in ((CASES, OUT, "ctx24"), (HELD, OUT_HELD, "ctx24b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the context kind kept as "form"
            case["form"] = case["kind"]
            case["kind"] = _bench_kind(case)
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
