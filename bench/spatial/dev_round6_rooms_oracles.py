"""A development set for round 6 (rooms, storey + class, storey comparisons): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round6_rooms_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before changing the parser, phrased the way people write who do not know the model:

* **rooms**: a room by its number in odd formats ("rm 105", "room no. A-103", "Raum 2.13" for the space named
  "213"), by a function word in another language than the model's ("the kitchen" for "Küche"), by a LongName
  fragment ("the seminar room"); a room the model lacks declines;
* **storey_class**: storeys as people say them ("the ground floor" = the storey at elevation 0, "the basement" =
  the one storey below ground, "OG 1", "the top floor", "upstairs", "the attic"), mapped only where the model makes
  it unambiguous ("the first floor" of a model whose storeys are Level 1 / Level 2 is UK or US usage: decline),
  classes in everyday words ("sockets", "lights", "furniture", "handrails", "beams", "columns") and with typos;
* **comparison**: "where are most of the X", "more X upstairs or downstairs", "X per floor", "which level has
  the fewest X"; an undefined measure of busyness declines.

Semantics are ``people_oracles.py``'s (storey-deep containment, the doors/windows of a room are its space
boundaries, "what is in room X" = the elements contained in the space); its walks are reused.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DEL,
    DOOR,
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    RQ,
    SH,
    SPACE,
    STOREY_DEEP,
    WALL,
    WINDOW,
    Model,
    Q,
    compute_set,
    count,
    decline,
    elements,
    per_storey,
    set_main,
    storeys,
    yes_no,
)
from people_oracles import argmax_storey as argmax_storey  # noqa: E402
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round6_rooms.json"
FURN = ("IfcFurnishingElement",)
OUTLET = Model.typed("IfcOutletType")
LIGHT = Model.typed("IfcLightFixtureType")
FLOW_TERMINAL = "IfcFlowTerminal"


def handrail(e: Any) -> bool:
    import ifcopenshell.util.element as ue

    return bool(ue.get_predefined_type(e) == "HANDRAIL")


def storey_of_space(m: Model, name: str) -> Any:
    return storeys([m.storey_name(m.space(name))])


def storeys_of(m: Model, where: Any) -> Any:
    found = m.spaces(where)
    assert found
    return storeys(m.storey_name(s) for s in found)


def at_zero(m: Model) -> str:
    """The one storey at elevation 0 (the ground floor), asserted unique."""
    found = [s.Name for s in m.f.by_type("IfcBuildingStorey") if s.Elevation is not None and abs(s.Elevation) < 1e-9]
    assert len(found) == 1, found
    return found[0]


def more_of(m: Model, classes: Any, a: str, b: str, where: Any = None) -> Any:
    na, nb = len(m.on(a, classes, where)), len(m.on(b, classes, where))
    assert na != nb, (a, b, na)
    return storeys([a if na > nb else b])


def most(m: Model, classes: Any, where: Any = None, fewest: bool = False) -> Any:
    return argmax_storey(m, per_storey(m, classes, where), fewest=fewest)


def grouped(m: Model, classes: Any, where: Any = None) -> Any:
    return elements(m.of(classes, lambda e: (where is None or where(e)) and m.storey_name(e) is not None))


def nonempty(es: list[Any]) -> list[Any]:
    assert es, "premise: not empty"
    return es


QUESTIONS: list[Q] = [
    # ============================================================ rooms
    Q(INS, "rooms", "which floor is rm 105 on?", lambda m: storey_of_space(m, "105"),
      "the storey of the IfcSpace named 105 (Buero Studenten I)"),
    Q(INS, "rooms", "Which storey is Raum 2.13 on", lambda m: storey_of_space(m, "213"),
      "'2.13' is the space numbered 213 (the model numbers rooms with three digits: storey digit + two)"),
    Q(INS, "rooms", "what's in room no. 006?", lambda m: elements(nonempty(m.in_space(m.space("006")))),
      "elements contained in the IfcSpace 006 (Seminarraum)"),
    Q(INS, "rooms", "how many doors does the seminar room have?",
      lambda m: count(m.bounding(m.space(long="Seminarraum"), DOOR)),
      "IfcDoor among the space boundaries of the space whose LongName is Seminarraum"),
    Q(FZK, "rooms", "which floor is the kitchen on?", lambda m: storey_of_space(m, "6"),
      "the storey of the space whose LongName is Küche (the model's word for kitchen)"),
    Q(FZK, "rooms", "windows of the bedroom", lambda m: elements(m.bounding(m.space(long="Schlafzimmer"), WINDOW)),
      "IfcWindow bounding the space whose LongName is Schlafzimmer (bedroom)"),
    Q(DUP, "rooms", "doors of room no. A-204", lambda m: elements(m.bounding(m.space("A204"), DOOR)),
      "IfcDoor among the space boundaries of A204 (Bathroom 2 of unit A)"),
    Q(INS, "rooms", "what is in Raum 2.03", lambda m: elements(nonempty(m.in_space(m.space("203")))),
      "'2.03' is the space numbered 203; elements contained in it"),
    Q(DUP, "rooms", "what floor is rm B203 on", lambda m: storey_of_space(m, "B203"),
      "the storey of the space B203"),
    Q(HOM, "rooms", "which floor are the children's rooms on?", lambda m: storeys_of(m, m.named("children")),
      "the storeys of the spaces named Children7 / Children10"),
    Q(HOM, "rooms", "doors of the bathroom", lambda m: elements(m.bounding(m.space("Bath9"), DOOR)),
      "IfcDoor bounding the space Bath9 (the one bathroom)"),
    Q(RQ, "rooms", "which level are the small offices on?", lambda m: storeys_of(m, m.named("small office")),
      "the storeys of the spaces whose LongName is 'small office'"),
    Q(FZK, "rooms", "which floor is the garage on?", lambda m: decline(),
      "no space is a garage (Garage) -> decline"),
    Q(DUP, "rooms", "what's in the master bedroom?", lambda m: decline(),
      "no space is called master bedroom (Bedroom 1 / Bedroom 2 in both units) -> decline"),
    # ============================================================ storey + class
    Q(DUP, "storey_class", "which doors are on the ground floor?", lambda m: elements(m.on(at_zero(m), DOOR)),
      f"the ground floor = the one storey at elevation 0 (Level 1); IfcDoor on it, {STOREY_DEEP}"),
    Q(INS, "storey_class", "how many windows in the basement", lambda m: count(m.on("Keller", WINDOW)),
      f"the basement = Keller (the one storey below ground); IfcWindow on it, {STOREY_DEEP}"),
    Q(INS, "storey_class", "list the colums on the ground floor", lambda m: elements(m.on(at_zero(m), "IfcColumn")),
      f"typo 'colums'; the ground floor = the storey at elevation 0 (Erdgeschoss, the Keller is below it); "
      f"IfcColumn on it, {STOREY_DEEP}"),
    Q(INS, "storey_class", "how many doors on OG 1?", lambda m: count(m.on("1. Obergeschoss", DOOR)),
      f"OG 1 = 1. Obergeschoss; IfcDoor on it, {STOREY_DEEP}"),
    Q(FZK, "storey_class", "windows on the top floor", lambda m: elements(m.on("Dachgeschoss", WINDOW)),
      f"the top floor = the highest storey (Dachgeschoss); IfcWindow on it, {STOREY_DEEP}"),
    Q(FZK, "storey_class", "any beams on the ground floor?", lambda m: yes_no(bool(m.on("Erdgeschoss", "IfcBeam"))),
      f"IfcBeam on Erdgeschoss (elevation 0), {STOREY_DEEP}"),
    Q(DEL, "storey_class", "how many sockets on level one?", lambda m: count(m.on("Level 1", None, OUTLET)),
      f"sockets = elements typed by IfcOutletType; on Level 1, {STOREY_DEEP}"),
    Q(DEL, "storey_class", "lights on level 2", lambda m: elements(m.on("Level 2", None, LIGHT)),
      f"lights = elements typed by IfcLightFixtureType; on Level 2, {STOREY_DEEP}"),
    Q(INS, "storey_class", "furniture on the EG", lambda m: count(m.on("Erdgeschoss", FURN)),
      f"IfcFurnishingElement on Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "storey_class", "how many windws on the Erdgeschos", lambda m: count(m.on("Erdgeschoss", WINDOW)),
      f"typos: windows, Erdgeschoss; IfcWindow on it, {STOREY_DEEP}"),
    Q(HOM, "storey_class", "how many doors are there upstairs?", lambda m: count(m.on("1stFloor", DOOR)),
      f"upstairs = 1stFloor (the highest storey above ground that is no attic); IfcDoor, {STOREY_DEEP}"),
    Q(HOM, "storey_class", "how many windows in the attic?", lambda m: count(m.on("attic", WINDOW)),
      f"IfcWindow on the storey named attic, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "furniture on the first floor", lambda m: decline(),
      "storeys Level 1 (elevation 0) and Level 2: 'first floor' is Level 1 in US usage and Level 2 in UK usage "
      "-> decline"),
    Q(LB, "storey_class", "radiators on level 1", lambda m: count(m.on("Level 1", "IfcSpaceHeater")),
      "the model has no radiator (no IfcSpaceHeater, no IfcSpaceHeaterType) -> none on Level 1"),
    # ============================================================ comparison
    Q(LB, "comparison", "where are most of the windows?", lambda m: most(m, WINDOW),
      f"the storey with the most IfcWindow, {STOREY_DEEP}"),
    Q(FZK, "comparison", "which floor has the most windows", lambda m: most(m, WINDOW),
      f"the storey with the most IfcWindow, {STOREY_DEEP}"),
    Q(DUP, "comparison", "more doors upstairs or downstairs?", lambda m: more_of(m, DOOR, "Level 1", "Level 2"),
      f"downstairs = Level 1 (ground), upstairs = Level 2 (top storey above ground, no roof); {STOREY_DEEP}"),
    Q(HOM, "comparison", "are there more windows on the ground floor or upstairs?",
      lambda m: more_of(m, WINDOW, "GroundFloor", "1stFloor"),
      f"GroundFloor vs 1stFloor (upstairs), IfcWindow, {STOREY_DEEP}"),
    Q(INS, "comparison", "which level has the fewest doors", lambda m: most(m, DOOR, fewest=True),
      f"the storey with the fewest IfcDoor, {STOREY_DEEP}"),
    Q(EDC, "comparison", "does the EG have more rooms than the 1.OG?",
      lambda m: yes_no(len(m.on("EG", SPACE)) > len(m.on("1.OG", SPACE))), "count IfcSpace on EG > on 1.OG"),
    Q(INS, "comparison", "windows per floor", lambda m: grouped(m, WINDOW),
      f"IfcWindow grouped by storey, {STOREY_DEEP}; scored on the windows listed"),
    Q(DUP, "comparison", "how many doors on each level?", lambda m: grouped(m, DOOR),
      f"IfcDoor grouped by storey, {STOREY_DEEP}; scored on the doors listed"),
    Q(DUP, "comparison", "where is most of the furniture?", lambda m: most(m, FURN),
      f"the storey with the most IfcFurnishingElement, {STOREY_DEEP}"),
    Q(HOM, "comparison", "is the ground floor busier than the first floor in terms of windows?",
      lambda m: yes_no(len(m.on("GroundFloor", WINDOW)) > len(m.on("1stFloor", WINDOW))),
      f"the first floor = the storey named 1stFloor; count IfcWindow on GroundFloor > on 1stFloor, {STOREY_DEEP}"),
    Q(LB, "comparison", "is level 1 busier than level 2?", lambda m: decline(),
      "'busier' names no class or quantity to compare -> decline"),
    Q(SH, "comparison", "are there more walls on the ground floor than on the roof?",
      lambda m: yes_no(len(m.on("Ground Floor", WALL)) > len(m.on("Roof", WALL))),
      f"count IfcWall on Ground Floor > on Roof, {STOREY_DEEP}"),
    Q(EDC, "comparison", "which floor has the most doors?", lambda m: most(m, DOOR),
      f"the storey with the most IfcDoor, {STOREY_DEEP}"),
    Q(DEL, "comparison", "is there more lighting upstairs than downstairs?",
      lambda m: yes_no(len(m.on("Level 2", None, LIGHT)) > len(m.on("Level 1", None, LIGHT))),
      f"lights = typed by IfcLightFixtureType; Level 2 (upstairs) > Level 1 (ground), {STOREY_DEEP}"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round6r")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
