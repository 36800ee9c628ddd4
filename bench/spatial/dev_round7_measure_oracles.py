"""A development set for round 7, measure side (quantities, several storeys, qualifiers, negation): oracles with
plain IfcOpenShell.

    python bench/spatial/dev_round7_measure_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before changing the parser, from the kinds of failure the development material showed (never its
wording), phrased as tickets, chat, e-mails, fragments and German:

* **name codes**: an element named by a code that mixes digits and letters the way type names write ratings and
  sizes ("150W - 120V", "3-Wege-Klein-Ventil - DN 15", "147 kW", "400 A", "Generic 2-Seater Sofa"), asked with
  the digits or a number word ("three-way", "two-seater"), in English for a German name ("3-way" for "3-Wege"),
  spaced or not ("150 W", "150W"), positive and negated ("not three-way", "except the 150W ones"); a code no
  element of the class holds declines (premise asserted);
* **a class word with a parenthesised list of kinds** ("outlets (power, communication)"): the listed kinds of the
  class (predefined types), their union; after "all" the list glosses the class: every element of it; an item
  that names no kind of the class declines;
* **inventories of storeys are storey-deep** ("everything that isn't on Level 2", "what is on the Keller and the
  Dachgeschoss"): every IfcElement except openings and virtual elements whose storey (contained, in a space,
  part of / filling an element that is) is asked; the documented rule of round 7 (bench/spatial/README.md);
* **a unit as the measure** ("how many square feet is the kitchen", "how many cubic metres", "wie viele
  Quadratmeter"): the quantity of that unit's kind, converted from the model's unit;
* **several storeys** with a time or reason clause around the request ("we repaint them next month").

Semantics are ``people_oracles.py``'s (storey-deep containment; IFC2X3 MEP devices by their type class; a room by
function = Name or LongName holding the word); its walks are reused.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DEL,
    DOOR,
    DUP,
    HOM,
    INS,
    LB,
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
    number,
    set_main,
    storeys,
    total,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set test compares dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round7_measure.json"
HE = "Heizung-Elektro_080729.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
FT2 = 0.3048 ** 2
FT3 = 0.3048 ** 3


def _type(e: Any) -> Any:
    import ifcopenshell.util.element as ue

    return ue.get_type(e)


def typed(type_class: str, *predefined: str) -> Any:
    """Elements typed by ``type_class`` (IFC2X3 flow terminals), of one of ``predefined`` when given."""
    def check(e: Any) -> bool:
        t = _type(e)
        return t is not None and t.is_a(type_class) and (not predefined or t.PredefinedType in predefined)
    return check


def type_named(type_class: str | None, pattern: str) -> Any:
    """Elements whose type object (of ``type_class``) has a Name matching ``pattern`` (case-insensitive)."""
    def check(e: Any) -> bool:
        t = _type(e)
        return t is not None and (type_class is None or t.is_a(type_class)) and re.search(
            pattern, t.Name or "", re.IGNORECASE) is not None
    return check


def named(pattern: str) -> Any:
    """Elements whose Name or type Name matches ``pattern``."""
    def check(e: Any) -> bool:
        t = _type(e)
        return any(re.search(pattern, x or "", re.IGNORECASE) for x in (e.Name, t.Name if t else None))
    return check


def none_named(m: Model, classes: Any, where: Any, pattern: str) -> Any:
    """Premise of a decline: no element of the class (by ``where``) holds ``pattern`` in its names."""
    pool = m.of(classes, where)
    assert pool, "the class must exist for the code to be the missing part"
    assert not [e for e in pool if named(pattern)(e)], pattern
    return decline()


def inventory(m: Model, on: list[str]) -> list[Any]:
    """Storey-deep inventory: IfcElement less openings / virtual elements, on one of ``on``."""
    for name in on:
        m.storey(name)
    return [e for e in m.everything() if m.storey_name(e) in set(on)]


def others(m: Model, but: list[str]) -> list[str]:
    for name in but:
        m.storey(name)
    return [s for s in m.storey_names() if s not in but]


def space_q(qset: str, name: str, factor: float = 1.0) -> Any:
    return lambda e: Model.qty(e, qset, name) / factor


LIGHT = typed("IfcLightFixtureType")
OUTLET = typed("IfcOutletType")
VALVE = "IfcValve"
BOILER = typed("IfcBoilerType")
BREAKER = typed("IfcProtectiveDeviceType")
INV = f"every IfcElement less openings/virtual elements, {STOREY_DEEP}"

QUESTIONS: list[Q] = [
    # --- qualifiers: codes in names (digits, number words, German names, units written with the number) -----------
    Q(DEL, "qualifiers", "which lights are 100W?", lambda m: elements(m.of(None, lambda e: LIGHT(e) and type_named(
        "IfcLightFixtureType", r"^100W\b")(e))), "light fixtures typed by the IfcLightFixtureType named '100W - 120V'"),
    Q(DEL, "qualifiers", "how many 150 W light fixtures are on level 2",
      lambda m: count(m.on("Level 2", None, lambda e: LIGHT(e) and type_named(None, r"^150W\b")(e))),
      f"light fixtures typed '150W - 120V' on Level 2, {STOREY_DEEP}; count"),
    Q(WP, "qualifiers", "list the three-way valves pls",
      lambda m: elements(m.of(VALVE, named(r"\b3-Wege\b"))), "IfcValve whose Name holds '3-Wege' (three-way)"),
    Q(WP, "qualifiers", "how many DN 15 valves are installed?",
      lambda m: count(m.of(VALVE, named(r"\bDN 15\b"))), "IfcValve whose type Name holds 'DN 15'; count"),
    Q(DEL, "qualifiers", "boilers rated 147 kW - where are they? which level",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, lambda e: BOILER(e) and type_named(None, "147 kW")(e))),
      "the storeys of the boilers typed '147 kW'"),
    Q(R3, "qualifiers", "is there a two-seater sofa in the model? list it",
      lambda m: elements(m.of("IfcFurniture", named(r"2-Seater"))), "IfcFurniture whose type Name holds '2-Seater'"),
    Q(DEL, "qualifiers", "which light fixtures are 60W",
      lambda m: none_named(m, None, LIGHT, r"\b60 ?W\b"), "no light fixture's name holds '60W' -> decline"),
    Q(WP, "qualifiers", "list the 2-way valves",
      lambda m: none_named(m, VALVE, None, r"\b2-Wege|2-way|zwei"), "no valve's name holds '2-Wege' -> decline"),
    Q(HE, "qualifiers", "which outlets are 16A?",
      lambda m: none_named(m, None, OUTLET, r"16 ?A\b"), "no outlet's name holds '16A' -> decline"),
    # --- negation: negated codes; storey-deep inventories without a storey ---------------------------------------
    Q(WP, "negation", "valves that aren't three-way?",
      lambda m: elements(m.of(VALVE, lambda e: not named(r"\b3-Wege\b")(e))),
      "IfcValve whose names lack '3-Wege' (all ten hold it) -> nothing"),
    Q(DEL, "negation", "which light fixtures on level 1 are not 100W",
      lambda m: elements(m.on("Level 1", None, lambda e: LIGHT(e) and not type_named(None, r"^100W\b")(e))),
      f"light fixtures on Level 1 less those typed '100W - 120V', {STOREY_DEEP}"),
    Q(DEL, "negation", "count the lights except the 150W ones",
      lambda m: count(m.of(None, lambda e: LIGHT(e) and not type_named(None, r"^150W\b")(e))),
      "light fixtures less those typed '150W - 120V'; count"),
    Q(DUP, "negation", "everything that's not on Level 2",
      lambda m: elements(inventory(m, others(m, ["Level 2"]))), f"{INV}, storeys other than Level 2"),
    Q(HOM, "negation", "list everything except what's on the 1stFloor",
      lambda m: elements(inventory(m, others(m, ["1stFloor"]))), f"{INV}, storeys other than 1stFloor"),
    Q(LB, "negation", "all elements apart from those on Level 1",
      lambda m: elements(inventory(m, others(m, ["Level 1"]))), f"{INV}, storeys other than Level 1"),
    Q(FZK11, "negation", "alles, was nicht im Dachgeschoss ist",
      lambda m: elements(inventory(m, others(m, ["Dachgeschoss"]))), f"{INV}, storeys other than Dachgeschoss"),
    Q(DUP, "negation", "everything that isn't on level 4", lambda m: decline(), "no storey 'level 4' -> decline"),
    Q(INS, "negation", "how many things are not in the Keller",
      lambda m: count(inventory(m, others(m, ["Keller"]))), f"{INV}, storeys other than Keller; count"),
    # --- a class word with a parenthesised list of kinds ---------------------------------------------------------
    Q(HE, "qualifiers", "all outlets (power, data, AV) on the Dachgeschoss - how many?",
      lambda m: count(m.on("Dachgeschoss", None, OUTLET)),
      f"'all outlets (...)': the list glosses the class: every element typed by IfcOutletType on Dachgeschoss, "
      f"{STOREY_DEEP}; count"),
    Q(HE, "qualifiers", "how many outlets (power and communication) are on the EG?",
      lambda m: count(m.on("EG", None, typed("IfcOutletType", "POWEROUTLET", "COMMUNICATIONSOUTLET"))),
      f"outlets typed POWEROUTLET or COMMUNICATIONSOUTLET on EG, {STOREY_DEEP}; count"),
    Q(HE, "qualifiers", "lights (point source, directional) in the Obergeschoss",
      lambda m: elements(m.on("Obergeschoss", None, typed("IfcLightFixtureType", "POINTSOURCE", "DIRECTIONSOURCE"))),
      f"light fixtures typed POINTSOURCE or DIRECTIONSOURCE on Obergeschoss, {STOREY_DEEP}"),
    Q(HE, "qualifiers", "outlets (power, USB) on the EG?", lambda m: decline(),
      "'USB' names no outlet kind, name or type of the model -> decline"),
    Q(DEL, "qualifiers", "light fixtures (LED, halogen) on level 1", lambda m: decline(),
      "'LED' / 'halogen' name no light fixture kind or name -> decline"),
    # --- quantities: a unit as the measure ------------------------------------------------------------------------
    Q(HOM, "quantities", "how many square feet is the kitchen?",
      lambda m: number(Model.qty(m.space("Kitchen5"), "Qto_SpaceBaseQuantities", "NetFloorArea") / FT2, "ft²",
                       [m.space("Kitchen5")]),
      "Qto_SpaceBaseQuantities.NetFloorArea (= GrossFloorArea) of Kitchen5, m² -> ft²"),
    Q(HOM, "quantities", "how many cubic metres is the living room",
      lambda m: number(Model.qty(m.space("Living1"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³",
                       [m.space("Living1")]),
      "Qto_SpaceBaseQuantities.NetVolume (= GrossVolume) of Living1, m³"),
    Q(SH, "quantities", "How many sq ft is the bedroom",
      lambda m: number(Model.qty(m.space(long="Bedroom"), "BaseQuantities", "NetFloorArea") / FT2, "ft²",
                       [m.space(long="Bedroom")]),
      "BaseQuantities.NetFloorArea (= GrossFloorArea) of '2 - Bedroom', m² -> ft²"),
    Q(LB, "quantities", "how many square feet of windows are on level 2?",
      lambda m: total(m.on("Level 2", WINDOW), space_q("BaseQuantities", "Area", FT2), "ft²"),
      f"sum of BaseQuantities.Area of IfcWindow on Level 2, m² -> ft², {STOREY_DEEP}"),
    Q(HOM, "quantities", "wie viele Quadratmeter hat das Bad?",
      lambda m: number(Model.qty(m.space("Bath9"), "Qto_SpaceBaseQuantities", "NetFloorArea"), "m²",
                       [m.space("Bath9")]), "Qto_SpaceBaseQuantities.NetFloorArea of Bath9 (Bad = bath), m²"),
    Q(DUP, "quantities", "how many square meters is A102",
      lambda m: number(Model.qty(m.space("A102"), "GSA Space Areas", "GSA BIM Area"), "m²", [m.space("A102")]),
      "GSA Space Areas.GSA BIM Area of A102, m²"),
    Q(HOM, "quantities", "how many metres of wall on the GroundFloor, roughly?",
      lambda m: total(m.on("GroundFloor", WALL), space_q("Qto_WallBaseQuantities", "Length"), "m"),
      f"sum of Qto_WallBaseQuantities.Length of IfcWall on GroundFloor, m, {STOREY_DEEP}"),
    Q(HOM, "quantities", "how many square feet of carpet on the 1stFloor", lambda m: decline(),
      "no element of the model is carpet (no covering, material or name holds it) -> decline"),
    Q(HOM, "quantities", "how many kilowatts is the kitchen", lambda m: decline(),
      "a power unit for a room: no quantity of that kind -> decline"),
    # --- several storeys ----------------------------------------------------------------------------------------
    Q(DUP, "multi_storey", "what is on levels 1 and 2?",
      lambda m: elements(inventory(m, ["Level 1", "Level 2"])), f"{INV}, on Level 1 or Level 2"),
    Q(INS, "multi_storey", "what's on the Keller and the Dachgeschoss",
      lambda m: elements(inventory(m, ["Keller", "Dachgeschoss"])), f"{INV}, on Keller or Dachgeschoss"),
    Q(INS, "multi_storey",
      "We're replacing the windows on the Keller and the Erdgeschoss next week - how many are there?",
      lambda m: count(m.on(["Keller", "Erdgeschoss"], WINDOW)),
      f"IfcWindow on Keller or Erdgeschoss, {STOREY_DEEP}; count"),
    Q(DUP, "multi_storey", "doors on level 1 and level 2, need them for the inspection tomorrow",
      lambda m: elements(m.on(["Level 1", "Level 2"], DOOR)), f"IfcDoor on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(HOM, "multi_storey", "how many square feet of rooms are on the GroundFloor and the 1stFloor together",
      lambda m: total(m.on(["GroundFloor", "1stFloor"], SPACE), space_q("Qto_SpaceBaseQuantities", "NetFloorArea",
                                                                          FT2), "ft²"),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea of the spaces on GroundFloor and 1stFloor, m² -> ft²"),
    Q(DEL, "multi_storey", "100W lights on level 1 and level 2?",
      lambda m: elements(m.on(["Level 1", "Level 2"], None, lambda e: LIGHT(e) and type_named(None, r"^100W\b")(e))),
      f"light fixtures typed '100W - 120V' on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(INS, "multi_storey", "doors on the 1. and the 4. Obergeschoss", lambda m: decline(),
      "the model has no '4. Obergeschoss' (1. and 2. only) -> decline"),
    Q(SH, "multi_storey", "which of the two floors has more walls, and how many on each",
      lambda m: storeys(["Ground Floor"] if len(m.on("Ground Floor", WALL)) > len(m.on("Roof", WALL)) else ["Roof"]),
      f"IfcWall per storey, {STOREY_DEEP}; the storey with more"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "r7m")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
