"""A development set for round 5a (people_fourth's failures, by kind): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round5_fourth_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before the round-5a parser work, after reading the questions of ``people_fourth.json`` that main answered
below 1 (people_fourth is a development set since round 5). Its failures fall into general causes; this set holds
new questions for each, phrased differently and mostly on other models, with the declines that guard them:

- **frame**: a request lead-in ("I'm looking for", "we are searching for", "I'm trying to find") and who a request
  is for when the role carries a trade word ("for the fire safety inspector", "for the structural engineer");
- **where_more**: two storeys set side by side and "where are more / fewer X" (which of the two, not a list);
- **swapped**: a class word with two neighbouring letters swapped ("slbas", "windwos", "stiars");
- **inside**: "inside / within" before a room named by its number or name (its contents, never the internal
  qualifier, never the room itself);
- **text_value**: a text property of the asked elements written with its value ("with lamp A-21", "whose phase
  created is New Construction");
- **made_of**: "<class> made of <material>" without a verb (a filter, not a lookup of the material);
- **bool_name**: a boolean property named by its own words ("pluggable" = IsPluggableOutlet, "extend to
  structure" = ExtendToStructure, "illuminated" = IsIlluminated);
- **unit_paren**: the unit of a quantity question in parentheses or brackets ("(m2)", "[m³]");
- **relative**: storeys given relative to a named storey ("every floor above the Erdgeschoss", "below the 2.OG");
- **not_on**: an inventory with a storey taken out ("everything that isn't on Level 1"), storey-deep.

Semantics are those of ``people_oracles.py`` (storey-deep containment, booleans need their explicit value, "in
room X" = contained in the space); its ``Model`` walks are reused. "Above / below storey X" = the storeys whose
Elevation is greater / smaller than X's. The ids keep the cause (``r5a-<cause>-NN``); ``kind`` is the scorer's.
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
    HE,
    HOM,
    INS,
    LB,
    SH,
    SPACE,
    STOREY_DEEP,
    WALL,
    WINDOW,
    Model,
    Q,
    argmax_storey,
    count,
    decline,
    elements,
    number,
    set_main,
)
from people_oracles import compute_set as _compute_set  # noqa: E402
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round5_fourth.json"
SD = STOREY_DEEP
OUTLET = Model.typed("IfcOutletType")  # Heizung-Elektro (IFC2X3): flow terminals typed as outlets
SWITCH = Model.typed("IfcSwitchingDeviceType")
RADIATOR = Model.typed("IfcSpaceHeaterType")
LIGHT = Model.typed("IfcLightFixtureType")


def prop_is(pset: str, name: str, value: Any) -> Any:
    return lambda e: Model.prop(e, pset, name) == value and type(Model.prop(e, pset, name)) is type(value)


def relative(m: Model, storey: str, above: bool) -> list[str]:
    """The storeys above (below) ``storey`` by Elevation."""
    base = _elevation(m.storey(storey))
    return [s.Name for s in m.f.by_type("IfcBuildingStorey")
            if (_elevation(s) > base if above else _elevation(s) < base)]


def _elevation(storey: Any) -> float:
    """The storey's Elevation, else the height of its placement (ExampleHOM leaves Elevation unset)."""
    if storey.Elevation is not None:
        return float(storey.Elevation)
    import ifcopenshell.util.placement as up

    return float(up.get_local_placement(storey.ObjectPlacement)[2][3])


def not_on(m: Model, storey: str, classes: Any = None) -> list[Any]:
    """Elements (IfcElement less openings and virtual elements) whose storey is not ``storey`` (storey-deep)."""
    m.storey(storey)
    return [e for e in m.of(classes) if m.storey_name(e) != storey]


def absent_storey(m: Model, name: str) -> Any:
    if any(s.Name == name for s in m.f.by_type("IfcBuildingStorey")):
        raise ValueError(f"storey {name!r} exists: the decline premise is wrong")
    return decline()


def absent_space(m: Model, name: str) -> Any:
    if any(s.Name == name for s in m.spaces()):
        raise ValueError(f"space {name!r} exists: the decline premise is wrong")
    return decline()


def no_prop(m: Model, classes: Any, *words: str) -> Any:
    """Decline premise: no property of the classes' elements holds any of ``words`` in its name."""
    import ifcopenshell.util.element as ue

    for e in m.of(classes):
        for props in ue.get_psets(e).values():
            for k in props:
                if any(w in k.lower() for w in words):
                    raise ValueError(f"{e.is_a()} holds {k}: the decline premise is wrong")
    return decline()


def no_material(m: Model, classes: Any, word: str) -> Any:
    if m.of(classes, Model.material_has(word)):
        raise ValueError(f"a {classes} holds material {word!r}: the decline premise is wrong")
    return decline()


def total(es: list[Any], qset: str, name: str, unit: str) -> Any:
    if not es:
        raise ValueError("no elements to sum")
    return number(sum(Model.qty(e, qset, name) for e in es), unit, es)


def which(m: Model, classes: Any, names: tuple[str, str], fewest: bool = False, where: Any = None) -> Any:
    return argmax_storey(m, {s: m.on(s, classes, where) for s in names}, fewest=fewest)


QUESTIONS: list[Q] = [
    # ================================================================ frame (storey_class)
    Q(DUP, "storey_class", "I'm looking for the doors on Level 2",
      lambda m: elements(m.on("Level 2", DOOR)), f"frame: IfcDoor on Level 2, {SD}"),
    Q(HOM, "storey_class", "we are searching for the windows on the 1stFloor",
      lambda m: elements(m.on("1stFloor", WINDOW)), f"frame: IfcWindow on 1stFloor, {SD}"),
    Q(INS, "storey_class", "list the stairs on the Erdgeschoss for the fire safety inspector",
      lambda m: elements(m.on("Erdgeschoss", "IfcStair")), f"frame: IfcStair on Erdgeschoss, {SD}"),
    Q(EDC, "storey_class", "walls on the 1.OG for the structural engineer",
      lambda m: elements(m.on("1.OG", WALL)), f"frame: IfcWall on 1.OG, {SD}"),
    Q(DEL, "storey_class", "I'm trying to find the light fixtures on Level 2",
      lambda m: elements(m.on("Level 2", None, LIGHT)),
      f"frame: elements typed by IfcLightFixtureType on Level 2, {SD}"),
    Q(LB, "storey_class", "I am looking for the saunas on level 1",
      lambda m: decline(), "frame: no sauna (space or element) in the model -> decline"),
    # ================================================================ where_more (comparison)
    Q(INS, "comparison", "Erdgeschoss or Dachgeschoss: where are there more doors?",
      lambda m: which(m, DOOR, ("Erdgeschoss", "Dachgeschoss")), f"where_more: the one with more IfcDoor, {SD}"),
    Q(HOM, "comparison", "GroundFloor or attic - where are fewer windows?",
      lambda m: which(m, WINDOW, ("GroundFloor", "attic"), fewest=True),
      f"where_more: the one with fewer IfcWindow, {SD}"),
    Q(EDC, "comparison", "wo gibt es mehr Wände, EG oder 2.OG?",
      lambda m: which(m, WALL, ("EG", "2.OG")), f"where_more: the one with more IfcWall, {SD}"),
    Q(HE, "comparison", "EG vs Dachgeschoss, where are more radiators?",
      lambda m: which(m, None, ("EG", "Dachgeschoss"), where=RADIATOR),
      f"where_more: the one with more elements typed by IfcSpaceHeaterType, {SD}"),
    Q(DUP, "comparison", "Level 2 or Level 5 - where are more doors?",
      lambda m: absent_storey(m, "Level 5"), "where_more: no storey Level 5 -> decline"),
    # ================================================================ swapped (edge)
    Q(HOM, "edge", "slbas in the attic", lambda m: elements(m.on("attic", "IfcSlab")),
      f"swapped: 'slbas' = slabs; IfcSlab on attic, {SD}"),
    Q(INS, "edge", "windwos in the Keller", lambda m: elements(m.on("Keller", WINDOW)),
      f"swapped: 'windwos' = windows; IfcWindow on Keller, {SD}"),
    Q(DUP, "edge", "how many stiars are on Level 1?", lambda m: count(m.on("Level 1", "IfcStair")),
      f"swapped: 'stiars' = stairs; IfcStair on Level 1; count, {SD}"),
    Q(EDC, "edge", "list the wlals on the EG", lambda m: elements(m.on("EG", WALL)),
      f"swapped: 'wlals' = walls; IfcWall on EG, {SD}"),
    Q(DUP, "edge", "list the wodnos on level 1", lambda m: decline(),
      "swapped: 'wodnos' is two changes from 'windows' -> decline"),
    # ================================================================ inside (rooms)
    Q(DUP, "rooms", "what is within A102", lambda m: elements(m.in_space(m.space("A102"))),
      "inside: elements contained in space A102"),
    Q(INS, "rooms", "what's inside 006?", lambda m: elements(m.in_space(m.space("006"))),
      "inside: elements contained in space 006"),
    Q(SH, "rooms", "what is inside the living room", lambda m: elements(m.in_space(m.space(long="Living room"))),
      "inside: elements contained in the space 'Living room'"),
    Q(DUP, "rooms", "which furniture is inside B102?",
      lambda m: elements(m.in_space(m.space("B102"), "IfcFurnishingElement")),
      "inside: IfcFurnishingElement contained in space B102"),
    Q(DUP, "rooms", "what is inside B999", lambda m: absent_space(m, "B999"), "inside: no space B999 -> decline"),
    # ================================================================ text_value (qualifiers)
    Q(DEL, "qualifiers", "light fixtures with lamp A-21",
      lambda m: elements(m.of(None, lambda e: LIGHT(e) and Model.prop(e, "Electrical", "Lamp") == "A-21")),
      "text_value: elements typed by IfcLightFixtureType with Electrical.Lamp = 'A-21'"),
    Q(LB, "qualifiers", "doors whose phase created is New Construction",
      lambda m: elements(m.of(DOOR, prop_is("Phasing", "Phase Created", "New Construction"))),
      "text_value: IfcDoor with Phasing.'Phase Created' = 'New Construction'"),
    Q(DEL, "qualifiers", "which light fixtures have lamp R-30 on level 1?",
      lambda m: elements(m.on("Level 1", None, lambda e: LIGHT(e) and Model.prop(e, "Electrical", "Lamp") == "R-30")),
      f"text_value: elements typed by IfcLightFixtureType with Electrical.Lamp = 'R-30' on Level 1, {SD}"),
    Q(LB, "qualifiers", "windows with status demolished",
      lambda m: decline(), "text_value: no window holds a status 'demolished' -> decline"),
    # ================================================================ made_of (qualifiers)
    Q(DUP, "qualifiers", "walls made of plasterboard",
      lambda m: elements(m.of(WALL, Model.material_has("plasterboard"))),
      "made_of: IfcWall with a material whose name holds 'Plasterboard'"),
    Q(INS, "qualifiers", "slabs made of Stahlbeton",
      lambda m: elements(m.of("IfcSlab", Model.material_has("stahlbeton"))),
      "made_of: IfcSlab with a material named 'Stahlbeton'"),
    Q(FZK, "qualifiers", "Erdgeschoss doors made of Holz",
      lambda m: elements(m.on("Erdgeschoss", DOOR, Model.material_has("holz"))),
      f"made_of: IfcDoor with a material whose name holds 'Holz' on Erdgeschoss, {SD}"),
    Q(SH, "qualifiers", "furniture made from birch",
      lambda m: elements(m.of("IfcFurniture", Model.material_has("birch"))),
      "made_of: IfcFurniture with a material whose name holds 'Birch'"),
    Q(DUP, "qualifiers", "walls made of titanium", lambda m: no_material(m, WALL, "titanium"),
      "made_of: no wall holds a titanium material -> decline"),
    # ================================================================ bool_name (qualifiers)
    Q(HE, "qualifiers", "which outlets are pluggable?",
      lambda m: elements(m.of(None, lambda e: OUTLET(e) and prop_is("Pset_OutletTypeCommon", "IsPluggableOutlet",
                                                                     True)(e))),
      "bool_name: elements typed by IfcOutletType with Pset_OutletTypeCommon.IsPluggableOutlet = TRUE"),
    Q(HE, "qualifiers", "illuminated switches on the EG",
      lambda m: elements(m.on("EG", None, lambda e: SWITCH(e) and prop_is(
          "Pset_SwitchingDeviceTypeToggleSwitch", "IsIlluminated", True)(e))),
      f"bool_name: elements typed by IfcSwitchingDeviceType with IsIlluminated = TRUE on EG (none: all FALSE), {SD}"),
    Q(LB, "qualifiers", "walls that extend to structure",
      lambda m: elements(m.of(WALL, prop_is("Pset_WallCommon", "ExtendToStructure", True))),
      "bool_name: IfcWall with Pset_WallCommon.ExtendToStructure = TRUE"),
    Q(INS, "qualifiers", "which walls extend to structure?",
      lambda m: elements(m.of(WALL, prop_is("Pset_WallCommon", "ExtendToStructure", True))),
      "bool_name: IfcWall with Pset_WallCommon.ExtendToStructure = TRUE"),
    Q(HE, "qualifiers", "which cables are flame retardant", lambda m: no_prop(m, None, "flame", "retard"),
      "bool_name: no property of the model names flame retardance -> decline"),
    # ================================================================ unit_paren (quantities)
    Q(INS, "quantities", "total area of the rooms on the Erdgeschoss (m2)",
      lambda m: total(m.on("Erdgeschoss", SPACE), "BaseQuantities", "NetFloorArea", "m²"),
      "unit_paren: sum of BaseQuantities.NetFloorArea of IfcSpace on Erdgeschoss, m²"),
    Q(HOM, "quantities", "what is the total floor area of the spaces on the 1stFloor [m²]?",
      lambda m: total(m.on("1stFloor", SPACE), "Qto_SpaceBaseQuantities", "NetFloorArea", "m²"),
      "unit_paren: sum of Qto_SpaceBaseQuantities.NetFloorArea of IfcSpace on 1stFloor, m²"),
    Q(HOM, "quantities", "net volume of all walls on the attic (in m3)",
      lambda m: total(m.on("attic", WALL), "Qto_WallBaseQuantities", "NetVolume", "m³"),
      f"unit_paren: sum of Qto_WallBaseQuantities.NetVolume of IfcWall on attic, {SD}, m³"),
    Q(INS, "quantities", "total area of the rooms on the Erdgeschoss (kg)",
      lambda m: decline(), "unit_paren: an area asked in kg -> decline"),
    # ================================================================ relative (multi_storey)
    Q(INS, "multi_storey", "doors on every floor above the Erdgeschoss",
      lambda m: elements(m.on(relative(m, "Erdgeschoss", True), DOOR)),
      f"relative: IfcDoor on the storeys above Erdgeschoss by elevation, {SD}"),
    Q(INS, "multi_storey", "how many windows below the 2. Obergeschoss",
      lambda m: count(m.on(relative(m, "2. Obergeschoss", False), WINDOW)),
      f"relative: IfcWindow on the storeys below 2. Obergeschoss; count, {SD}"),
    Q(EDC, "multi_storey", "walls on the floors below the 2.OG",
      lambda m: elements(m.on(relative(m, "2.OG", False), WALL)),
      f"relative: IfcWall on the storeys below 2.OG, {SD}"),
    Q(HE, "multi_storey", "radiators on all levels above the EG",
      lambda m: elements(m.on(relative(m, "EG", True), None, RADIATOR)),
      f"relative: elements typed by IfcSpaceHeaterType on the storeys above EG, {SD}"),
    Q(HOM, "multi_storey", "Fenster in allen Geschossen über dem GroundFloor",
      lambda m: elements(m.on(relative(m, "GroundFloor", True), WINDOW)),
      f"relative: IfcWindow on the storeys above GroundFloor, {SD}"),
    Q(DUP, "multi_storey", "doors on the floors above Level 7",
      lambda m: absent_storey(m, "Level 7"), "relative: no storey Level 7 -> decline"),
    # ================================================================ not_on (negation)
    Q(DUP, "negation", "everything that isn't on Level 1",
      lambda m: elements(not_on(m, "Level 1")),
      f"not_on: every element (IfcElement less openings) whose storey is not Level 1, {SD}"),
    Q(HOM, "negation", "all elements not on the GroundFloor",
      lambda m: elements(not_on(m, "GroundFloor")),
      f"not_on: every element (IfcElement less openings) whose storey is not GroundFloor, {SD}"),
    Q(SH, "negation", "everything except what is on the Roof",
      lambda m: elements(not_on(m, "Roof")),
      f"not_on: every element (IfcElement less openings) whose storey is not Roof, {SD}"),
    Q(INS, "negation", "alles außer dem Erdgeschoss",
      lambda m: elements(not_on(m, "Erdgeschoss")),
      f"not_on: every element (IfcElement less openings) whose storey is not Erdgeschoss, {SD}"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return _compute_set(QUESTIONS, ifc_dir, "r5a")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
