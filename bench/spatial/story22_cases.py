"""Narrative messages: corrections, stories, quoted chains, two asks (issue 22, round 22 story22).

    python bench/spatial/story22_cases.py [--ifc-dir ../shared/ifc]   # writes story22_cases.json and _b.json

People tell the question inside a story: a mail thread that quotes the earlier message ("---- original ----",
"> From: ..."), a story about a mother-in-law or a sister's piano, a self-correction ("EG, 1.OG - sorry, not EG
... so 1.OG and 2.OG", "the Roof? No, it doesn't, only Level 1"), two asks of which one is for a person ("can you
move the skip? (that part is for you)"), the price or duration of something else ("(3 hours, 2 people)"), a
pointer back to the scope stated earlier ("that floor", "those two floors"). Written from how such messages are
written, not from the parser; oracles in plain IfcOpenShell (``people_oracles.Model``), storey-deep.

**Positive kinds**: p_fix (a correction edits the scope stated before it), p_story (story sentences around the
request), p_quote (the scope is in a quoted earlier message, the request points back), p_person (a second ask is
for a person), p_context (price or duration of something else).

**Decline kinds**: d_fix (the correction cannot be read unambiguously), d_two (the pointer still has two
candidates), d_restrict (a story sentence restricts with what the model lacks), d_cost (the request asks a
price), d_absent (the corrected scope is a storey the model lacks), d_write (the model is asked to change).

The held-out half (``story22_cases_b.json``) was written at the same time and not looked at while building.
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
    compute_set,
    count,
    decline,
    dumps,
    elements,
)

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "story22_cases.json"
OUT_HELD = HERE / "story22_cases_b.json"
WALL, DOOR, WINDOW, SPACE = "IfcWall", "IfcDoor", "IfcWindow", "IfcSpace"


def on(storey: str | tuple[str, ...], cls: str, how: str = "count"):  # noqa: ANN201
    names = (storey,) if isinstance(storey, str) else storey
    return lambda m: (count if how == "count" else elements)(m.on(set(names), cls))


def off(storey: str, cls: str):  # noqa: ANN201
    return lambda m: count([e for e in m.of(cls) if m.storey_name(e) != storey])


def rule(cls: str, storey: str | tuple[str, ...]) -> str:
    s = storey if isinstance(storey, str) else " or ".join(storey)
    return f"{cls} on {s}, {STOREY_DEEP}"


def no(_: Model) -> dict:
    return decline()


CASES: list[Q] = [
    # --- p_fix: a correction edits the scope stated before it
    Q(DUP, "p_fix", "Hi Tom,\n\nthe painter does Level 1, Roof - sorry, not the Roof, that is the roofer's job - so "
      "Level 1 and Level 2. How many walls are on those two levels together?\n\nCheers, Ann",
      on(("Level 1", "Level 2"), WALL), rule(WALL, ("Level 1", "Level 2"))),
    Q(HOM, "p_fix", "The cleaner asked whether the attic is included? No, it isn't, only the GroundFloor. How many "
      "windows are on that floor?", on("GroundFloor", WINDOW), rule(WINDOW, "GroundFloor")),
    Q(EDC, "p_fix", "Blinds go on the 2.OG - no wait, the 1.OG. Which windows are on that floor?",
      on("1.OG", WINDOW, "list"), rule(WINDOW, "1.OG")),
    Q(LB, "p_fix", "So the glazier does Level 2. Actually no, I mean Level 1, Level 2 was last year. How many windows "
      "does that level have?", on("Level 1", WINDOW), rule(WINDOW, "Level 1")),
    Q(FZK, "p_fix", "Die Maler machen das Dachgeschoss - nein, Quatsch, das Erdgeschoss. Wie viele Wände hat dieses "
      "Geschoss?", on("Erdgeschoss", WALL), rule(WALL, "Erdgeschoss")),
    # --- p_story: story sentences around the request
    Q(SH, "p_story", "Long story short: we bought the house in May, the old owner left all the keys in a box and "
      "nobody knows which key is which. My wife wants new locks everywhere. How many doors are on the Ground "
      "Floor?", on("Ground Floor", DOOR), rule(DOOR, "Ground Floor")),
    Q(DUP, "p_story", "So my brother moved into the duplex last week and of course the curtains he brought are too "
      "short. He is going to buy new ones for every window upstairs. Anyway: how many windows are on Level 2?",
      on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(HOM, "p_story", "My daughter is doing a school project about our house and her teacher wants a count of "
      "things per floor. She has done the attic herself. How many doors are on the 1stFloor?",
      on("1stFloor", DOOR), rule(DOOR, "1stFloor")),
    Q(INS, "p_story", "Kurze Geschichte: der Hausmeister hat gekündigt und der neue kennt das Gebäude nicht. Er "
      "fängt unten an. Wie viele Türen sind im Keller?", on("Keller", DOOR), rule(DOOR, "Keller")),
    # --- p_quote: the scope is in a quoted earlier message, the request points back
    Q(LB, "p_quote", "---------- Forwarded message ---------\nFrom: Petra <petra@glass.example>\nSubject: quote\n\n"
      "We price the film per pane. Please confirm the number of windows on Level 2.\n\n---\nCan someone answer "
      "Petra? How many windows does that level have? Her price for the frames (250 EUR) is fine already.",
      on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(EDC, "p_quote", "> From: Karl (facility)\n> The door signs on the 2.OG get replaced, the rest stays.\n\n"
      "Hi, as Karl says only that floor is affected. How many doors are there? Signs are ordered already.",
      on("2.OG", DOOR), rule(DOOR, "2.OG")),
    Q(DUP, "p_quote", "Subject: RE: carpets\n\n---- original ----\nFor the carpet order I need the number of doors "
      "on Level 1 (thresholds).\n----\n\nCan you look that up? Level 2 I have already.",
      on("Level 1", DOOR), rule(DOOR, "Level 1")),
    # --- p_person: a second ask is for a person
    Q(HOM, "p_person", "Hi Jo, two things. How many windows are on the 1stFloor? And second, the ladder - can you "
      "bring it back to the site? (that part is for you, not for the model)", on("1stFloor", WINDOW),
      rule(WINDOW, "1stFloor")),
    Q(LB, "p_person", "Two things before Monday:\n1) How many doors are on Level 2?\n2) Could you ask Sven to move "
      "the container out of the drive?\nThanks - Mia", on("Level 2", DOOR), rule(DOOR, "Level 2")),
    Q(SH, "p_person", "Which windows are on the Ground Floor? Also, Paul, can you change the lock code at the gate "
      "before Friday?", on("Ground Floor", WINDOW, "list"), rule(WINDOW, "Ground Floor")),
    # --- p_context: price or duration of something else
    Q(EDC, "p_context", "Nachricht von Sara: the 1.OG windows were cleaned on Tuesday (5 hours, 3 people). How many "
      "windows are on the 2.OG?", on("2.OG", WINDOW), rule(WINDOW, "2.OG")),
    Q(FZK, "p_context", "Die Fensterbänke haben 640 EUR gekostet, das ist bezahlt. Wie viele Fenster hat das "
      "Dachgeschoss?", on("Dachgeschoss", WINDOW), rule(WINDOW, "Dachgeschoss")),
    Q(DUP, "p_context", "The roofer took two days (2 people, 16 hours) for the gutters. How many walls are on the "
      "Roof?", on("Roof", WALL), rule(WALL, "Roof")),
    Q(EDC, "p_context", "The EG doors were painted last week (6 hours). How many doors are left, i.e. the doors that "
      "are not on the EG?", off("EG", DOOR), "IfcDoor on a storey other than EG, " + STOREY_DEEP),
    # --- declines
    Q(DUP, "d_fix", "The painter does Level 1 - no wait, or was it Level 2? Not sure. How many walls are on that "
      "level?", no, "decline: the correction leaves two candidates"),
    Q(EDC, "d_two", "We did EG and 1.OG last week - sorry, EG and 2.OG. Which doors are on that floor?", no,
      "decline: 'that floor' has two candidates after the correction"),
    Q(HOM, "d_restrict", "Long story short: the tenant painted some doors himself last year. Only those need "
      "sanding. How many doors on the GroundFloor is that?", no,
      "decline: 'only those (the tenant painted)' restricts, not in the model"),
    Q(SH, "d_restrict", "My husband says only the windows with the cracked putty need work, the others are fine. "
      "How many windows on the Ground Floor is that?", no,
      "decline: 'with the cracked putty' restricts, not in the model"),
    Q(LB, "d_cost", "Long story short: the old glazier retired. How much would new glass for the windows on Level "
      "1 cost?", no, "decline: the request asks a price"),
    Q(DUP, "d_absent", "The painter does Level 1 - sorry, not Level 1, Level 4. How many walls are on that level?",
      no, "decline: the corrected storey Level 4 is not in the model"),
    Q(HOM, "d_write", "Hi Jo, two things. The door to the attic was removed last week - can you delete it from the "
      "model? And move the skip, please.", no, "decline: the model is asked to change"),
    Q(FZK, "d_absent", "Weitergeleitet:\n> Bitte die Fenster im Keller zählen.\nKannst du das nachschauen? Wie "
      "viele sind es dort?", no, "decline: the model has no Keller"),
    Q(EDC, "d_fix", "Blinds on the EG, 1.OG - sorry, not that one. How many windows is that?", no,
      "decline: 'not that one' does not say which storey is corrected away"),
    Q(INS, "d_restrict", "So the new caretaker only checks the doors with the old brass handles, the rest is done. "
      "How many doors on the Erdgeschoss is that?", no,
      "decline: 'with the old brass handles' restricts, not in the model"),
    Q(LB, "d_two", "Tim: Level 1 first, then Level 2 - actually both at once.\nEva: which windows are on that "
      "level?", no, "decline: 'that level' has two candidates"),
    Q(SH, "d_cost", "Can someone answer Hannah? She prices the clean per room. What will the clean of the rooms on "
      "the Ground Floor cost?", no, "decline: the request asks a price"),
]

HELD: list[Q] = [
    Q(HOM, "p_fix", "The plasterer does the GroundFloor, attic - sorry, not the attic, that is someone else - so "
      "GroundFloor and 1stFloor. How many walls are on those two floors together?",
      on(("GroundFloor", "1stFloor"), WALL), rule(WALL, ("GroundFloor", "1stFloor"))),
    Q(DUP, "p_fix", "Does the quote include Level 2? No, it doesn't, only Level 1. How many doors are on that level?",
      on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(EDC, "p_fix", "New seals on the EG - no wait, the 2.OG. How many windows does that floor have?",
      on("2.OG", WINDOW), rule(WINDOW, "2.OG")),
    Q(SH, "p_story", "So we visited the house on Sunday, my parents and me, and my dad kept talking about the "
      "garden and the new boiler. Mum wants curtains everywhere. How many windows are on the Ground Floor?",
      on("Ground Floor", WINDOW), rule(WINDOW, "Ground Floor")),
    Q(LB, "p_story", "Long story short: the caretaker lost the master key and every lock has to go. How many doors "
      "are on Level 1?", on("Level 1", DOOR), rule(DOOR, "Level 1")),
    Q(HOM, "p_quote", "---------- Forwarded message ---------\nFrom: Lisa <lisa@paint.example>\n\nWe price per "
      "wall. Please confirm the number of walls in the attic.\n\n---\nCan someone answer Lisa? How many walls does "
      "that floor have? Her price for the doors (180 EUR) is fine.", on("attic", WALL), rule(WALL, "attic")),
    Q(EDC, "p_quote", "> From: Ben\n> Only the 1.OG gets new door closers.\n\nHi, as Ben says only that floor. How "
      "many doors are there?", on("1.OG", DOOR), rule(DOOR, "1.OG")),
    Q(DUP, "p_person", "Hi Kai, two things. Which doors are on Level 2? And second, the van - can you park it "
      "elsewhere? (that one is for you, not for the model)", on("Level 2", DOOR, "list"), rule(DOOR, "Level 2")),
    Q(FZK, "p_context", "Nachricht von Tom: the Erdgeschoss windows were cleaned yesterday (2 hours, 1 person). "
      "Wie viele Fenster hat das Dachgeschoss?", on("Dachgeschoss", WINDOW), rule(WINDOW, "Dachgeschoss")),
    Q(LB, "p_context", "The film for Level 1 cost 300 EUR, that is paid. How many windows are on Level 2?",
      on("Level 2", WINDOW), rule(WINDOW, "Level 2")),
    Q(DUP, "d_fix", "Level 2 - hmm, or Level 1, I forget which. How many windows does that level have?", no,
      "decline: the correction leaves two candidates"),
    Q(HOM, "d_restrict", "Long story short: the kids drew on some walls. Only those get painted. How many walls on "
      "the 1stFloor is that?", no, "decline: 'only those (the kids drew on)' restricts, not in the model"),
    Q(EDC, "d_absent", "Cleaners do the EG - sorry, the 3.OG. How many windows are on that floor?", no,
      "decline: the corrected storey 3.OG is not in the model"),
    Q(SH, "d_cost", "So my sister wants the bigger room for her piano. What would moving the piano into the Bedroom "
      "cost?", no, "decline: the request asks a price"),
    Q(LB, "d_two", "We did Level 1 and Level 2 last month - sorry, just checked, it was both. How many doors does "
      "that level have?", no, "decline: 'that level' has two candidates"),
    Q(INS, "p_person", "Zwei Dinge: Wie viele Fenster hat das Erdgeschoss? Und zweitens, kannst du den Container "
      "wegfahren lassen? (das ist für dich, nicht fürs Modell)", on("Erdgeschoss", WINDOW),
      rule(WINDOW, "Erdgeschoss")),
]


def _bench_kind(case: dict) -> str:
    kind = case["kind"]
    if kind == "d_cost":
        return "refuse"
    if kind.startswith("d_"):
        return "edge"
    if " or " in case["oracle_rule"].split(",")[0]:
        return "multi_storey"
    if "other than" in case["oracle_rule"]:
        return "negation"
    return "storey_class"


def main() -> int:
    ifc_dir = Path(sys.argv[sys.argv.index("--ifc-dir") + 1]) if "--ifc-dir" in sys.argv else DEFAULT_IFC_DIR
    for questions, out, prefix in ((CASES, OUT, "story22"), (HELD, OUT_HELD, "story22b")):
        data = compute_set(questions, ifc_dir, prefix)
        for case in data:  # the bench's kinds; the message kind kept as "msg"
            case["msg"] = case["kind"]
            case["kind"] = _bench_kind(case)
        out.write_text(dumps(data), encoding="utf-8")
        print(f"{len(data)} cases over {len({q['ifc_filename'] for q in data})} models -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
