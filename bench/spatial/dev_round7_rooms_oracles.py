"""A development set for round 7 (rooms, storey + class, German): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round7_rooms_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before changing the parser, after reading the failure kinds of ``people_fifth_b.json`` (not its wording):
talk around the question that names nothing of the model (a personal lead-in "I'm new in the building, ...", an
apology, a purpose with no topic "for an inspection", "need them for a quote", a context sentence stating what the
asker is doing before the question that refers back to it), generic nouns for what a room holds ("equipment",
"items", "Ausstattung"), the whole model named as a place in German ("im ganzen Gebäude", "in der Anlage"), rooms
with or without an element class written without a verb ("bedrooms without windows", "Räume ohne Fenster"),
English words for the model's German room names ("the ladies' toilets" for "WC Damen"), and a German compound
with a qualifier on an element named by a compound ("ist die Haustür eine Außentür?"). About a fifth decline:
a room, storey or word the model cannot ground, with the premise asserted in code.

Semantics are ``people_oracles.py``'s (storey-deep containment; the doors / walls / windows of a room are its
space boundaries; "what is in room X" = the elements contained in the space; "rooms without X" = the spaces
with no X bounding them for doors / windows / walls, in them otherwise).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DOOR,
    DUP,
    EDC,
    FZK,
    HE,
    HOM,
    INS,
    LB,
    R3,
    SH,
    SPACE,
    STOREY_DEEP,
    WALL,
    WINDOW,
    WP,
    Model,
    Q,
    compute_set,
    count,
    decline,
    elements,
    set_main,
    storeys,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round7_rooms.json"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
FURN = ("IfcFurnishingElement",)
LIGHT = Model.typed("IfcLightFixtureType")
RADIATOR = Model.typed("IfcSpaceHeaterType")


def nonempty(es: list[Any]) -> list[Any]:
    assert es, "premise: not empty"
    return es


def storeys_of(m: Model, where: Any) -> Any:
    found = m.spaces(where)
    assert found
    return storeys(m.storey_name(s) for s in found)


def without(m: Model, classes: Any, where: Any = None, storey: str | None = None) -> Any:
    """The spaces (on ``storey``) with none of ``classes`` among their space boundaries."""
    chosen = [s for s in m.spaces(where) if (storey is None or m.storey_name(s) == storey)
              and not m.bounding(s, classes)]
    return elements(nonempty(chosen))


def no_space(m: Model, *words: str) -> Any:
    """Decline: no space's Name or LongName holds any of ``words`` (the premise, asserted)."""
    assert not m.spaces(m.named(*words)), words
    return decline()


def no_storey(m: Model, *words: str) -> Any:
    assert not any(w.lower() in n.lower() for n in m.storey_names() for w in words), words
    return decline()


def door_external_unrecorded(m: Model) -> Any:
    """Decline: no door of the model records Pset_DoorCommon.IsExternal (so "is the Haustür external" is unknown)."""
    assert all(Model.prop(d, "Pset_DoorCommon", "IsExternal") is None for d in m.of(DOOR))
    return decline()


QUESTIONS: list[Q] = [
    # ============================================================ rooms
    Q(INS, "rooms", "I'm new in the building, which floor is Besprechungsraum II on?",
      lambda m: storeys_of(m, lambda s: s.LongName == "Besprechungsraum II"),
      "the storey of the space whose LongName is Besprechungsraum II (a personal lead-in names nothing)"),
    Q(INS, "rooms", "sorry if this is obvious - where do I find Labor K4",
      lambda m: storeys_of(m, lambda s: s.LongName == "Labor K4"),
      "the storey of the space whose LongName is Labor K4 (an apology before a dash names nothing)"),
    Q(INS, "rooms", "what equipment is in room 102?", lambda m: elements(nonempty(m.in_space(m.space("102")))),
      "elements contained in the IfcSpace 102 (Labor I): 'equipment' is what the room holds"),
    Q(DUP, "rooms", "which rooms on Level 1 are without windows?",
      lambda m: without(m, WINDOW, storey="Level 1"),
      "IfcSpace on Level 1 with no IfcWindow among its space boundaries"),
    Q(HOM, "rooms", "rooms without windows on the 1stFloor?", lambda m: without(m, WINDOW, storey="1stFloor"),
      "IfcSpace on 1stFloor with no IfcWindow among its space boundaries"),
    Q(FZK, "rooms", "we are retiling the Bad next week. which walls is that?",
      lambda m: elements(nonempty(m.bounding(m.space(long="Bad"), WALL))),
      "IfcWall bounding the space whose LongName is Bad (the context sentence says the room, the question the class)"),
    Q(EDC, "rooms", "windows of room 21, for an inspection",
      lambda m: elements(nonempty(m.bounding(m.space("21"), WINDOW))),
      "IfcWindow bounding the space named 21 (the purpose names nothing)"),
    Q(DUP, "rooms", "what's inside B203 at the moment?", lambda m: elements(nonempty(m.in_space(m.space("B203")))),
      "elements contained in the space B203 ('at the moment': every model is a snapshot)"),
    Q(LB, "rooms", "what furniture is in room 7?", lambda m: elements(nonempty(m.in_space(m.space("7"), FURN))),
      "IfcFurnishingElement contained in the space named 7"),
    Q(SH, "rooms", "what items are in the bedroom?",
      lambda m: elements(nonempty(m.in_space(m.space(long="Bedroom")))),
      "elements contained in the space whose LongName is Bedroom"),
    Q(R3, "rooms", "which doors lead into the Kitchen?",
      lambda m: elements(nonempty(m.bounding(m.space("Kitchen"), DOOR))), "IfcDoor bounding the space Kitchen"),
    Q(INS, "rooms", "which floors are the ladies' toilets on",
      lambda m: storeys_of(m, lambda s: s.LongName == "WC Damen"),
      "the storeys of the spaces whose LongName is 'WC Damen' (ladies' toilets)"),
    Q(INS, "rooms", "where's the kitchen?", lambda m: no_space(m, "kitchen", "küche", "kueche", "teeküche"),
      "no space is a kitchen (Küche / Teeküche) -> decline"),
    Q(HOM, "rooms", "which floor is the garage on", lambda m: no_space(m, "garage"),
      "no space is a garage -> decline"),
    Q(DUP, "rooms", "what's in the master bath", lambda m: no_space(m, "master"),
      "no space is a master bathroom (Bathroom 1 / Bathroom 2 in both units) -> decline"),
    Q(INS, "rooms", "the walls of Buero Mueller II - need them for the painter",
      lambda m: elements(nonempty(m.bounding(m.space(long="Buero Mueller II"), WALL))),
      "IfcWall bounding the space whose LongName is Buero Mueller II"),
    Q(EDC, "rooms", "how many doors does room 26 have?", lambda m: count(nonempty(m.bounding(m.space("26"), DOOR))),
      "IfcDoor among the space boundaries of the space named 26"),
    Q(DUP, "rooms", "which level is the gym on?", lambda m: no_space(m, "gym", "fitness"),
      "no space is a gym -> decline"),
    # ============================================================ storey + class
    Q(DUP, "storey_class", "we're doing a window audit. how many windows are upstairs?",
      lambda m: count(m.on("Level 2", WINDOW)),
      f"upstairs = Level 2 (the highest storey above ground that is no roof); IfcWindow on it, {STOREY_DEEP}"),
    Q(INS, "storey_class", "for a survey I need all the windows in the basement",
      lambda m: elements(nonempty(m.on("Keller", WINDOW))), f"the basement = Keller; IfcWindow on it, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "doors on the 1.OG please, need them for a quote",
      lambda m: elements(nonempty(m.on("1.OG", DOOR))), f"IfcDoor on 1.OG, {STOREY_DEEP} (the purpose names nothing)"),
    Q(LB, "storey_class", "Quick q, I'm on site right now: how many doors on level 1?",
      lambda m: count(nonempty(m.on("Level 1", DOOR))), f"IfcDoor on Level 1, {STOREY_DEEP}"),
    Q(SH, "storey_class", "I need the windows on the ground floor for our records",
      lambda m: elements(nonempty(m.on("Ground Floor", WINDOW))), f"IfcWindow on Ground Floor, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "which doors are on the mezzanine", lambda m: no_storey(m, "mezzanine"),
      "no storey is a mezzanine -> decline"),
    Q(FZK, "storey_class", "any windows in the attic?", lambda m: yes_no(bool(m.on("Dachgeschoss", WINDOW))),
      f"the attic = Dachgeschoss (the top storey, a roof storey); IfcWindow on it, {STOREY_DEEP}"),
    Q(HE, "storey_class", "Hello, we are checking the heating. which radiators are on the Obergeschoss?",
      lambda m: elements(nonempty(m.on("Obergeschoss", None, RADIATOR))),
      f"radiators = typed by IfcSpaceHeaterType; on Obergeschoss, {STOREY_DEEP}"),
    Q(INS, "storey_class", "My boss asked me this: how many rooms are on the 2. OG?",
      lambda m: count(nonempty(m.on("2. Obergeschoss", SPACE))), "IfcSpace on 2. Obergeschoss"),
    Q(DUP, "storey_class", "list the furniture on level 1 for the move, thanks",
      lambda m: elements(nonempty(m.on("Level 1", FURN))), f"IfcFurnishingElement on Level 1, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "walls on the EG that are haunted", lambda m: decline(),
      "'haunted' is nothing a model records -> decline"),
    Q(HOM, "storey_class", "How many doors on the 1stFloor? It's for the locksmith's offer.",
      lambda m: count(nonempty(m.on("1stFloor", DOOR))), f"IfcDoor on 1stFloor, {STOREY_DEEP}"),
    # ============================================================ german
    Q(INS, "german", "Wie viele Fenster gibt es im ganzen Gebäude?", lambda m: count(nonempty(m.of(WINDOW))),
      "every IfcWindow of the model ('im ganzen Gebäude': the whole model)"),
    Q(HE, "german", "Welche Heizkörper gibt es in der gesamten Anlage?",
      lambda m: elements(nonempty(m.of(None, RADIATOR))),
      "every element typed by IfcSpaceHeaterType ('in der gesamten Anlage': the whole model)"),
    Q(FZK, "german", "Wie viele Türen hat das Haus?", lambda m: count(nonempty(m.of(DOOR))),
      "every IfcDoor ('das Haus': the whole model)"),
    Q(INS, "german", "Ich bin neu hier, in welchem Stockwerk ist der Seminarraum?",
      lambda m: storeys_of(m, lambda s: s.LongName == "Seminarraum"),
      "the storey of the space whose LongName is Seminarraum (a personal lead-in)"),
    Q(FZK, "german", "Welche Wände begrenzen das Schlafzimmer?",
      lambda m: elements(nonempty(m.bounding(m.space(long="Schlafzimmer"), WALL))),
      "IfcWall bounding the space whose LongName is Schlafzimmer"),
    Q(EDC, "german", "Wie viele Räume hat das 2.OG?", lambda m: count(nonempty(m.on("2.OG", SPACE))),
      "IfcSpace on 2.OG"),
    Q(INS, "german", "Welche Fenster hat der Flur im EG?",
      lambda m: elements(nonempty([w for s in m.spaces(lambda s: (s.LongName or "").startswith("Flur EG"))
                                   for w in m.bounding(s, WINDOW)])),
      "IfcWindow bounding the spaces whose LongName starts 'Flur EG' (West, Ost, Eingang)"),
    Q(INS, "german", "Räume ohne Fenster im Keller", lambda m: without(m, WINDOW, storey="Keller"),
      "IfcSpace on Keller with no IfcWindow among its space boundaries"),
    Q(FZK, "german", "Wo ist die Garage?", lambda m: no_space(m, "garage"), "no space is a garage -> decline"),
    Q(FZK11, "german", "Ist die Haustür eine Außentür?",
      lambda m: yes_no(bool(Model.prop(next(d for d in m.of(DOOR) if d.Name == "Haustuer"), "Pset_DoorCommon",
                                       "IsExternal"))),
      "Pset_DoorCommon.IsExternal of the door named Haustuer (TRUE)"),
    Q(FZK, "german", "ist die Haustür außen?", door_external_unrecorded,
      "no door of this model records Pset_DoorCommon.IsExternal -> decline (not known, never 'no')"),
    Q(WP, "german", "Guten Tag, für die Inbetriebnahme brauche ich alle Ventile der Anlage.",
      lambda m: elements(nonempty(m.of("IfcValve"))), "every IfcValve ('der Anlage': the whole model)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round7r")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
