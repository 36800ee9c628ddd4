"""A development set for round 5c (people_fifth half a's causes): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round5_fifth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written after reading the failures of ``people_fifth_a.json`` (the development half of the fifth blind set) and
before changing the parser, 3-6 NEW questions per general cause, phrased differently and on other models where
the models allow it, with declines where a part cannot be grounded:

* **values**: a property every element of the class carries only as an empty string is not recorded (decline,
  never "none of them");
* **geometry**: a volume or an area the model holds in no quantity set is not the bounding box's (decline);
* **elevation**: a storey without an Elevation has no elevation to report (decline);
* **context**: a sentence or clause before the question that names the storey / class / room the question then
  refers back to ("which ones", "up there", "those");
* **lacking**: rooms or storeys that lack a class ("rooms with no door", "floors that don't have a window");
* **units**: a unit spelled the way people type it ("(m2)", "m3", "m^2", "qm"); a unit of another kind declines;
* **frames**: "in terms of", "as a whole", "in the <...> model";
* **typos**: vowels swapped or two letters transposed in a class or storey word;
* **relative storeys**: "above / below / über / unter <storey>" = the storeys strictly above / below it by elevation;
* **storey lists**: a storey named like a class word in a list of storeys ("Ground Floor and Roof");
* **either-or storeys**: "more X on A or B?" answers the storey with more.

Semantics are ``people_oracles.py``'s (storey-deep containment, the doors/windows of a room are its space
boundaries, a room "has no X" = no X among its boundaries for doors / windows); its walks are reused. Each
question has one of spatial-bench's kinds; its cause opens its rule ("[context] IfcDoor on ...").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    BQ_NFA,
    DEL,
    DOOR,
    DUP,
    EDC,
    FZK,
    HE,
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
    number,
    q,
    set_main,
    storeys,
    total,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round5_fifth.json"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
DHW = "domestic-hot-water.ifc"
FURN = "IfcFurnishingElement"
RADIATOR = Model.typed("IfcSpaceHeaterType")


def empty_everywhere(m: Model, cls: str, pset: str, prop: str) -> Any:
    """Decline, after checking that every ``cls`` holds ``pset.prop`` without a value (an empty string or none)."""
    import ifcopenshell.util.element as ue

    found = m.of(cls)
    assert found, f"no {cls}"
    assert any(prop in (ue.get_pset(e, pset) or {}) for e in found), "the property is written on some element"
    values = {Model.prop(e, pset, prop) for e in found}
    assert values <= {"", None}, values
    return decline()


def no_quantity_set(m: Model, cls: str) -> Any:
    """Decline, after checking that no ``cls`` element has any quantity set (so no volume / area is recorded)."""
    found = m.of(cls)
    assert found, f"no {cls}"
    import ifcopenshell.util.element as ue

    assert all(not ue.get_psets(e, qtos_only=True) for e in found)
    return decline()


def no_elevation(m: Model, name: str) -> Any:
    assert m.storey(name).Elevation is None, name
    return decline()


def rooms_without(m: Model, classes: Any, storey: str | None = None) -> Any:
    spaces = m.on(storey, SPACE) if storey else m.spaces()
    return elements(s for s in spaces if not m.bounding(s, classes))


def storeys_without(m: Model, classes: Any, where: Any = None) -> Any:
    return storeys(s for s in m.storey_names() if not m.on(s, classes, where))


def elevations(m: Model) -> dict[str, float]:
    return {s.Name: s.Elevation for s in m.f.by_type("IfcBuildingStorey")}


def relative(m: Model, name: str, above: bool) -> list[str]:
    el = elevations(m)
    assert name in el, name
    return [s for s, z in el.items() if (z > el[name] if above else z < el[name])]


def absent_storey(m: Model, name: str) -> Any:
    assert name not in elevations(m), name
    return decline()


def more_of(m: Model, classes: Any, a: str, b: str, where: Any = None) -> Any:
    na, nb = len(m.on(a, classes, where)), len(m.on(b, classes, where))
    assert na != nb, (a, b, na)
    return storeys([a if na > nb else b])


GROSS_VOL = q("BaseQuantities", "GrossVolume")


def C(cause: str, model: str, kind: str, query: str, oracle: Any, rule: str) -> Q:  # noqa: N802
    """A question of ``kind`` (spatial-bench's kinds) written for ``cause``; the rule starts with the cause."""
    return Q(model, kind, query, oracle, f"[{cause}] {rule}")

QUESTIONS: list[Q] = [
    # ============================================================ values: an empty string is no value
    C("values", RQ, "qualifiers", "which doors have a fire rating?",
      lambda m: empty_everywhere(m, DOOR, "Pset_DoorCommon", "FireRating"),
      "decline: Pset_DoorCommon.FireRating is an empty string on every door (checked)"),
    C("values", R3, "qualifiers", "any fire-rated doors in there?",
      lambda m: empty_everywhere(m, DOOR, "Pset_DoorCommon", "FireRating"),
      "decline: Pset_DoorCommon.FireRating is an empty string on every door (checked)"),
    C("values", R3, "qualifiers", "doors with an acoustic rating",
      lambda m: empty_everywhere(m, DOOR, "Pset_DoorCommon", "AcousticRating"),
      "decline: Pset_DoorCommon.AcousticRating is an empty string on every door (checked)"),
    C("values", R3, "qualifiers", "Which doors have a security rating? list them",
      lambda m: empty_everywhere(m, DOOR, "Pset_DoorCommon", "SecurityRating"),
      "decline: Pset_DoorCommon.SecurityRating is an empty string on every door (checked)"),
    # ============================================================ geometry: no box volumes
    C("geometry", R3, "quantities", "what's the volume of the heaters?", lambda m: no_quantity_set(m, "IfcSpaceHeater"),
      "decline: no IfcSpaceHeater has a quantity set (checked); a bounding box is not its volume"),
    C("geometry", DHW, "quantities", "total volume of the valves", lambda m: no_quantity_set(m, "IfcValve"),
      "decline: no IfcValve has a quantity set (checked)"),
    C("geometry", R3, "quantities", "How much area do the air terminals cover?",
      lambda m: no_quantity_set(m, "IfcAirTerminal"),
      "decline: no IfcAirTerminal has a quantity set (checked)"),
    C("geometry", DHW, "quantities", "volume of the sanitary terminals",
      lambda m: no_quantity_set(m, "IfcSanitaryTerminal"),
      "decline: no IfcSanitaryTerminal has a quantity set (checked)"),
    # ============================================================ elevation: unset is no answer
    C("elevation", R3, "lookup", "what is the elevation of My Storey?", lambda m: no_elevation(m, "My Storey"),
      "decline: My Storey has no Elevation (checked)"),
    C("elevation", HOM, "lookup", "at what elevation is the 1stFloor?", lambda m: no_elevation(m, "1stFloor"),
      "decline: 1stFloor has no Elevation (checked)"),
    C("elevation", DHW, "lookup", "My Storey elevation?", lambda m: no_elevation(m, "My Storey"),
      "decline: My Storey has no Elevation (checked)"),
    # ============================================================ context: the question refers back
    C("context", INS, "storey_class", "We are repainting the Erdgeschoss next month. How many doors are there?",
      lambda m: count(m.on("Erdgeschoss", DOOR)), f"IfcDoor on Erdgeschoss; count, {STOREY_DEEP}"),
    C("context", DUP, "storey_class", "Window cleaning is booked for Level 2. Which windows are those?",
      lambda m: elements(m.on("Level 2", WINDOW)), f"IfcWindow on Level 2, {STOREY_DEEP}"),
    C("context", EDC, "storey_class", "Maintenance visit to the 1.OG planned - which doors are up there?",
      lambda m: elements(m.on("1.OG", DOOR)), f"IfcDoor on 1.OG, {STOREY_DEEP}"),
    C("context", FZK, "storey_class", "Before we insulate the Dachgeschoss: which walls are up there?",
      lambda m: elements(m.on("Dachgeschoss", WALL)), f"IfcWall on Dachgeschoss, {STOREY_DEEP}"),
    C("context", DUP, "storey_class", "Looking for the doors with panic bars on Level 1. Which ones are those?",
      lambda m: decline(), "decline: the model records no panic bar on any door"),
    # ============================================================ lacking: rooms / storeys without a class
    C("lacking", DUP, "negation", "which rooms have no windows?", lambda m: rooms_without(m, WINDOW),
      "IfcSpace with no IfcWindow among its IfcRelSpaceBoundary elements"),
    C("lacking", FZK, "negation", "rooms without any door", lambda m: rooms_without(m, DOOR),
      "IfcSpace with no IfcDoor among its IfcRelSpaceBoundary elements"),
    C("lacking", EDC, "negation", "list the EG rooms that have no door", lambda m: rooms_without(m, DOOR, "EG"),
      "IfcSpace on EG with no IfcDoor among its IfcRelSpaceBoundary elements"),
    C("lacking", INS, "negation", "which floors don't have a window?", lambda m: storeys_without(m, WINDOW),
      f"storeys with zero IfcWindow, {STOREY_DEEP}"),
    C("lacking", HE, "negation", "Which levels don't have any radiators?", lambda m: storeys_without(m, None, RADIATOR),
      f"storeys with no element typed by IfcSpaceHeaterType, {STOREY_DEEP}"),
    C("lacking", DUP, "negation", "rooms with no natural light", lambda m: decline(),
      "decline: daylight is not recorded by the model"),
    # ============================================================ units as people type them
    C("units", INS, "quantities", "total net floor area of the rooms in the Keller (m2)",
      lambda m: total(m.on("Keller", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Keller"),
    C("units", EDC, "quantities", "gross volume of the walls on 1.OG in m3",
      lambda m: total(m.on("1.OG", WALL), GROSS_VOL, "m³"),
      f"sum of BaseQuantities.GrossVolume of IfcWall on 1.OG, {STOREY_DEEP}"),
    C("units", FZK, "quantities", "net floor area of the Erdgeschoss rooms, m^2",
      lambda m: total(m.on("Erdgeschoss", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Erdgeschoss"),
    C("units", INS, "quantities", "total net floor area of the Keller rooms (litres)", lambda m: decline(),
      "decline: an area cannot be given in litres (first written '(kg)', which this German model also reads as "
      "its Kellergeschoss, KG: rewritten as ambiguous)"),
    # ============================================================ frames around the question
    C("frames", FZK, "edge", "Is the Erdgeschoss bigger than the Dachgeschoss in terms of net room area?",
      lambda m: yes_no(sum(map(BQ_NFA, m.on("Erdgeschoss", SPACE))) > sum(map(BQ_NFA, m.on("Dachgeschoss", SPACE)))),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Erdgeschoss > that on Dachgeschoss"),
    C("frames", FZK, "edge", "What is the gross floor area of the Erdgeschoss as a whole?",
      lambda m: number(q("BaseQuantities", "GrossFloorArea")(m.storey("Erdgeschoss")), "m²", [m.storey("Erdgeschoss")]),
      "BaseQuantities.GrossFloorArea of the IfcBuildingStorey Erdgeschoss itself"),
    C("frames", HE, "edge", "how many radiators are in the heating model?", lambda m: count(m.of(None, RADIATOR)),
      "elements typed by IfcSpaceHeaterType; count"),
    C("frames", DHW, "edge", "How many pipe segments are in the hot water model?",
      lambda m: count(m.of("IfcPipeSegment")),
      "IfcPipeSegment; count"),
    # ============================================================ typos
    C("typos", DUP, "edge", "doros on levle 2", lambda m: elements(m.on("Level 2", DOOR)),
      f"typos for 'doors on level 2': IfcDoor on Level 2, {STOREY_DEEP}"),
    C("typos", INS, "edge", "furnature in the Erdgeschoss", lambda m: elements(m.on("Erdgeschoss", FURN)),
      f"typo for 'furniture': IfcFurnishingElement on Erdgeschoss, {STOREY_DEEP}"),
    C("typos", HE, "edge", "how many radaitors in the Obergeschoss",
      lambda m: count(m.on("Obergeschoss", None, RADIATOR)),
      f"typo for 'radiators': elements typed by IfcSpaceHeaterType on Obergeschoss; count, {STOREY_DEEP}"),
    C("typos", DEL, "edge", "recepticles on level 1",
      lambda m: elements(m.on("Level 1", None, Model.typed("IfcOutletType"))),
      f"typo for 'receptacles': elements typed by IfcOutletType on Level 1, {STOREY_DEEP}"),
    # ============================================================ storeys relative to a storey
    C("relative", INS, "multi_storey", "windows below the 1. Obergeschoss",
      lambda m: elements(m.on(relative(m, "1. Obergeschoss", above=False), WINDOW)),
      f"IfcWindow on the storeys below 1. Obergeschoss (Keller, Erdgeschoss), {STOREY_DEEP}"),
    C("relative", DUP, "multi_storey", "doors above level 1",
      lambda m: elements(m.on(relative(m, "Level 1", above=True), DOOR)),
      f"IfcDoor on the storeys above Level 1 (Level 2, Roof), {STOREY_DEEP}"),
    C("relative", HE, "multi_storey", "radiators above the EG",
      lambda m: elements(m.on(relative(m, "EG", above=True), None, RADIATOR)),
      f"elements typed by IfcSpaceHeaterType on the storeys above EG, {STOREY_DEEP}"),
    C("relative", FZK, "multi_storey", "Räume über dem Erdgeschoss",
      lambda m: elements(m.on(relative(m, "Erdgeschoss", above=True), SPACE)),
      "IfcSpace on the storeys above Erdgeschoss"),
    C("relative", INS, "multi_storey", "rooms above the 4. Obergeschoss", lambda m: absent_storey(m, "4. Obergeschoss"),
      "decline: no storey 4. Obergeschoss (checked)"),
    # ============================================================ a storey named like a class word in a list
    C("storey_list", DUP, "multi_storey", "walls on Level 2 and Roof",
      lambda m: elements(m.on(["Level 2", "Roof"], WALL)),
      f"IfcWall on Level 2 and on the storey Roof, {STOREY_DEEP}"),
    C("storey_list", SH, "multi_storey", "doors on Ground Floor and Roof",
      lambda m: elements(m.on(["Ground Floor", "Roof"], DOOR)),
      f"IfcDoor on Ground Floor and on the storey Roof, {STOREY_DEEP}"),
    C("storey_list", DEL, "multi_storey", "how many light fixtures on Level 2 and Roof?",
      lambda m: count(m.on(["Level 2", "Roof"], None, Model.typed("IfcLightFixtureType"))),
      f"elements typed by IfcLightFixtureType on Level 2 and Roof; count, {STOREY_DEEP}"),
    # ============================================================ either-or between two storeys
    C("either_or", DUP, "comparison", "more doors on Level 1 or Level 2?",
      lambda m: more_of(m, DOOR, "Level 1", "Level 2"),
      f"the storey of Level 1 / Level 2 with more IfcDoor, {STOREY_DEEP}"),
    C("either_or", INS, "comparison", "are there more windows in the Keller or in the Erdgeschoss?",
      lambda m: more_of(m, WINDOW, "Keller", "Erdgeschoss"),
      f"the storey of Keller / Erdgeschoss with more IfcWindow, {STOREY_DEEP}"),
    C("either_or", EDC, "comparison", "Which has more rooms: EG or 2.OG?", lambda m: more_of(m, SPACE, "EG", "2.OG"),
      "the storey of EG / 2.OG with more IfcSpace"),
    C("either_or", LB, "comparison", "more walls on level 1 or on level 2?",
      lambda m: more_of(m, WALL, "Level 1", "Level 2"),
      f"the storey of Level 1 / Level 2 with more IfcWall, {STOREY_DEEP}"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round5c")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
