"""Round 5b's development set: four gaps of question understanding, oracles with plain IfcOpenShell.

    python bench/spatial/dev_round5_gaps_oracles.py [--ifc-dir ../shared/ifc] [-o FILE] [--check]

Written before the round-5b work (issue 22), from gaps the lead found by trying questions (not from a blind set),
so it is a **development set**. Kinds (the scorer's per-kind mean is the per-gap number):

* ``storeys_attr`` (gap a): the storeys as the subject with an attribute per storey ("what is the elevation of
  each storey", "list the levels with their floor-to-floor heights"): a ``values`` oracle, the distribution of
  the attribute over every storey, the storeys' GlobalIds as the elements.
* ``units`` (gap c): a number asked in a unit other than the model's ("total wall length in m" on a millimetre
  model, "in square feet", "in cm"): the oracle is the number converted to the asked unit (1 ft = 0.3048 m,
  1 in = 25.4 mm); a unit of another dimension than the quantity ("the wall area in metres", "the width in kg")
  is a decline.
* ``multi_attr`` (gap b): two or three attributes asked in one lookup: a ``parts`` oracle, one oracle per
  attribute in the order asked (a part no asked element records is a ``decline`` part: the answer says so and
  gives the others).
* ``names`` (gap d): element names in the other language or abbreviated (Revit/ArchiCAD style "Dbl", "Sgl",
  "Sngl"; German "Schiebetür", "Wendeltreppe", "Eingangstür"): the elements whose Name or type Name carries the
  word in the model's language or abbreviation as a whole word (camel case and separators split); a word whose
  kind no element carries is a decline. A boolean property word (exterior, interior) the model does not record
  is a decline even where names abbreviate it ("Wand-Ext-1"): people_third.json's rule (two oracles revised so
  after the first scoring, see README). **Upstairs** in a model with an attic: the highest storey
  above ground that is neither a roof level nor an attic (``attic``, ``loft``, ``Dachboden``, ``Spitzboden``),
  because an attic is "in the attic", not "upstairs"; the answer states the rule.

The lookup rules are those of ``dev_round3_lookup_oracles.py`` (reused: ``lookup``, ``materials``, the width /
height / thickness getters, ``elevation``); containment is ``people_oracles.py``'s storey-deep walk.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_round3_lookup_oracles import (  # noqa: E402
    OH_,
    OW,
    any_prop,
    elevation,
    guid,
    layer_thickness,
    lookup,
    materials,
    name_is,
    prop,
    values,
)
from people_oracles import (  # noqa: E402
    DOOR,
    DUP,
    EDC,
    FZK,
    HE,
    HOM,
    INS,
    LB,
    SH,
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
    set_main,
    storeys,
)
from people_oracles import _guids as _guids  # noqa: E402
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round5_gaps.json"
FZK2 = "AC11-FZK-Haus-IFC.ifc"

FT = 0.3048  # m
INCH = 0.0254  # m
SQFT = FT * FT


# --- gap a: an attribute per storey -------------------------------------------------------------------------

def ordered(m: Model) -> list[Any]:
    """The storeys lowest first (by ``elevation``)."""
    return sorted(m.f.by_type("IfcBuildingStorey"), key=lambda s: elevation(m, s.Name))


def per_storey_values(m: Model, get: Callable[[Any], float | None], unit: str) -> dict[str, Any]:
    stos = ordered(m)
    pairs: Counter[Any] = Counter()
    for s in stos:
        v = get(s)
        pairs[round(v, 6) if v is not None else None] += 1
    return values(pairs, unit, stos)


def elevations(m: Model, scale: float = 1.0, unit: str | None = None) -> dict[str, Any]:
    return per_storey_values(m, lambda s: elevation(m, s.Name) * scale, unit or m.unit("LENGTHUNIT"))


def unset_elevations(m: Model) -> dict[str, Any]:
    """A decline whose premise is asserted: no storey of the model sets its Elevation attribute."""
    stated = [s.Name for s in m.f.by_type("IfcBuildingStorey") if s.Elevation is not None]
    if stated:
        raise ValueError(f"premise broken: {stated[:3]} state an Elevation")
    return decline()


def floor_to_floor(m: Model) -> dict[str, Any]:
    """Each storey's height to the next storey up (the top storey has none: not recorded)."""
    stos = ordered(m)
    nxt = {a.id(): b for a, b in zip(stos, stos[1:], strict=False)}

    def get(s: Any) -> float | None:
        up = nxt.get(s.id())
        return elevation(m, up.Name) - elevation(m, s.Name) if up is not None else None
    return per_storey_values(m, get, m.unit("LENGTHUNIT"))


def storeys_decline(m: Model, pset_word: str) -> dict[str, Any]:
    held = [s.Name for s in m.f.by_type("IfcBuildingStorey")
            if any(pset_word in k.lower() for d in ue.get_psets(s).values() for k in d)]
    if held:
        raise ValueError(f"premise broken: {held} hold {pset_word}")
    return decline()


# --- gap c: units ---------------------------------------------------------------------------------------------

def qty_sum(es: list[Any], qset: str, name: str) -> float:
    total = 0.0
    for e in es:
        v = ue.get_pset(e, qset, name)
        if not isinstance(v, (int, float)):
            raise ValueError(f"{e.GlobalId}: no {qset}.{name}")
        total += float(v)
    return total


def scale_to_m(m: Model) -> float:
    return {"mm": 0.001, "cm": 0.01, "m": 1.0}[m.unit("LENGTHUNIT")]


def one(m: Model, get: Callable[[Any], Any], e: Any, factor: float, unit: str) -> dict[str, Any]:
    v = get(e)
    if not isinstance(v, (int, float)):
        raise ValueError(f"{e.GlobalId}: nothing recorded")
    return number(float(v) * factor, unit, [e])


def unit_decline(m: Model, es: list[Any], get: Callable[[Any], Any]) -> dict[str, Any]:
    """A unit of another dimension: a decline whose premise (the quantity itself is recorded) is checked."""
    if not any(isinstance(get(e), (int, float)) for e in es):
        raise ValueError("the quantity is not even recorded: not a unit decline")
    return decline()


# --- gap b: several attributes ---------------------------------------------------------------------------------

def parts(es: list[Any], *oracles: dict[str, Any]) -> dict[str, Any]:
    return {"type": "parts", "value": [{k: v for k, v in o.items() if k != "guids"} for o in oracles],
            "guids": _guids(es)}


def not_recorded(es: list[Any], get: Callable[[Any], Any]) -> dict[str, Any]:
    held = [e.GlobalId for e in es if get(e) is not None]
    if held:
        raise ValueError(f"premise broken: {held[:3]} record it")
    return decline()



# --- gap d: names in the model's language or abbreviation -----------------------------------------------------

def words_of(text: str | None) -> set[str]:
    """Whole words of a name: separators and camel case split, lower case ("IFC2x_DblDoorSnglSwing" ->
    {"ifc2x", "dbl", "door", "sngl", "swing"})."""
    if not text:
        return set()
    spaced = re.sub(r"(?<=[a-zäöüß])(?=[A-ZÄÖÜ])", " ", text)
    return {w.lower() for w in re.findall(r"[^\W_]+", spaced)}


def name_word(*forms: str) -> Callable[[Any], bool]:
    """The element's Name or its type's Name holds one of ``forms`` as a whole word (or, for a German compound
    form ending in '-', a word starting with it)."""
    def check(e: Any) -> bool:
        t = ue.get_type(e)
        ws = words_of(e.Name) | words_of(t.Name if t is not None else None)
        return any(w in ws if not f.endswith("-") else any(x.startswith(f[:-1]) for x in ws)
                   for f in forms for w in [f])
    return check


def none_named(es: list[Any], *forms: str) -> dict[str, Any]:
    hit = [e.GlobalId for e in es if name_word(*forms)(e)]
    if hit:
        raise ValueError(f"premise broken: {hit[:3]} are named so")
    return decline()


EXT_NAME = "the elements' Name or type Name holding the word"


def lacks_property(m: Model, cls: str, pset: str, name: str) -> dict[str, Any]:
    """A decline whose premise is checked: no element of ``cls`` records ``pset.name``."""
    held = [e.GlobalId for e in m.of(cls) if ue.get_pset(e, pset, name) is not None]
    if held:
        raise ValueError(f"premise broken: {held[:3]} record {pset}.{name}")
    return decline()

QUESTIONS: list[Q] = [
    # ====================================================== gap a: storeys with an attribute each
    Q(DUP, "storeys_attr", "what is the elevation of each storey",
      lambda m: elevations(m), "IfcBuildingStorey.Elevation of every storey (m)"),
    Q(INS, "storeys_attr", "list the floor levels with their elevations",
      lambda m: elevations(m), "IfcBuildingStorey.Elevation of every storey (m)"),
    Q(FZK, "storeys_attr", "Elevations of all levels?",
      lambda m: elevations(m), "IfcBuildingStorey.Elevation of every storey (m)"),
    Q(HOM, "storeys_attr", "what's the elevation of every floor?",
      lambda m: unset_elevations(m), "every storey's Elevation is unset: not recorded (the z of a placement is "
      "no elevation the file states): decline"),
    Q(SH, "storeys_attr", "show me the levels and their elevations",
      lambda m: elevations(m), "IfcBuildingStorey.Elevation of every storey (mm)"),
    Q(EDC, "storeys_attr", "At what height is each storey?",
      lambda m: elevations(m), "IfcBuildingStorey.Elevation of every storey (m)"),
    Q(HE, "storeys_attr", "floor-to-floor height of every storey",
      lambda m: floor_to_floor(m), "Elevation(next storey up) - Elevation(storey); the top storey has none"),
    Q(LB, "storeys_attr", "what's the floor to floor height per level?",
      lambda m: floor_to_floor(m), "Elevation(next storey up) - Elevation(storey) in mm; the top storey has none"),
    Q(INS, "storeys_attr", "Wie hoch ist jedes Geschoss?",
      lambda m: floor_to_floor(m), "Geschosshöhe: Elevation(next storey up) - Elevation(storey); none for the top"),
    Q(DUP, "storeys_attr", "what is the fire rating of each storey?",
      lambda m: storeys_decline(m, "fire"), "no storey holds a fire rating property: decline"),
    Q(EDC, "storeys_attr", "list the storeys with their elevation in mm",
      lambda m: elevations(m, 1000.0, "mm"), "IfcBuildingStorey.Elevation of every storey, converted m -> mm"),
    # ====================================================== gap c: the unit asked differs from the model's
    Q(LB, "units", "total wall length on level 1 in m",
      lambda m: number(qty_sum(m.on("Level 1", WALL), "BaseQuantities", "Length") * 0.001, "m",
                       m.on("Level 1", WALL)),
      f"sum of BaseQuantities.Length (mm) of the IfcWall on Level 1, {STOREY_DEEP}, converted to m"),
    Q(DUP, "units", "What is the area of room B102 in square feet?",
      lambda m: one(m, prop("GSA Space Areas", "GSA BIM Area"), m.space("B102"), 1 / SQFT, "ft²"),
      "GSA Space Areas.GSA BIM Area of space B102 (m²) / 0.09290304"),
    Q(DUP, "units", "how wide is door 1hOSvn6df7F8_7GcBWlRGQ in cm",
      lambda m: one(m, OW, guid(m, "1hOSvn6df7F8_7GcBWlRGQ"), 100.0, "cm"), "IfcDoor.OverallWidth (m) x 100"),
    Q(LB, "units", "width of door 2cXV28XOjE6f6irgi0COhu in metres?",
      lambda m: one(m, OW, guid(m, "2cXV28XOjE6f6irgi0COhu"), 0.001, "m"), "IfcDoor.OverallWidth (mm) / 1000"),
    Q(FZK, "units", "what's the elevation of the Dachgeschoss in mm",
      lambda m: number(elevation(m, "Dachgeschoss") * 1000.0, "mm"), "IfcBuildingStorey.Elevation (m) x 1000"),
    Q(SH, "units", "how big is the living room in sq ft?",
      lambda m: one(m, prop("BaseQuantities", "NetFloorArea"), m.space(long="Living room"), 1 / SQFT, "ft²"),
      "BaseQuantities.NetFloorArea of the Living room (m²) / 0.09290304"),
    Q(LB, "units", "floor-to-floor height between level 1 and level 2 in meters",
      lambda m: number((elevation(m, "Level 2") - elevation(m, "Level 1")) * 0.001, "m"),
      "Elevation(Level 2) - Elevation(Level 1), mm / 1000"),
    Q(SH, "units", "What is the height of door 3cUkl32yn9qRSPvBJVyWYp in inches?",
      lambda m: one(m, OH_, guid(m, "3cUkl32yn9qRSPvBJVyWYp"), 1 / 25.4, "in"), "IfcDoor.OverallHeight (mm) / 25.4"),
    Q(INS, "units", "total floor area of the rooms on the Erdgeschoss in square feet",
      lambda m: number(qty_sum(m.on("Erdgeschoss", "IfcSpace"), "BaseQuantities", "NetFloorArea") / SQFT, "ft²",
                       m.on("Erdgeschoss", "IfcSpace")),
      "sum of BaseQuantities.NetFloorArea of the IfcSpace on Erdgeschoss (m²) / 0.09290304"),
    Q(DUP, "units", "what is the total floor area of the rooms on level 2 in metres?",
      lambda m: unit_decline(m, m.on("Level 2", "IfcSpace"), prop("GSA Space Areas", "GSA BIM Area")),
      "an area asked in a length unit: decline"),
    Q(LB, "units", "how wide is door 2cXV28XOjE6f6irgi0COhu in square metres",
      lambda m: unit_decline(m, [guid(m, "2cXV28XOjE6f6irgi0COhu")], OW), "a width asked in an area unit: decline"),
    Q(SH, "units", "what's the width of door 3cUkl32yn9qRSPvBJVyWYp in kg",
      lambda m: unit_decline(m, [guid(m, "3cUkl32yn9qRSPvBJVyWYp")], OW), "a width asked in a mass unit: decline"),
    # ====================================================== gap b: several attributes in one lookup
    Q(DUP, "multi_attr", "what are the width and height of door 1hOSvn6df7F8_7GcBWlRGQ?",
      lambda m: parts([e := guid(m, "1hOSvn6df7F8_7GcBWlRGQ")], lookup([e], OW, "m"), lookup([e], OH_, "m")),
      "IfcDoor.OverallWidth and OverallHeight of the element with that GlobalId"),
    Q(LB, "multi_attr", "width and height of door 2cXV28XOjE6f6irgi0COhu",
      lambda m: parts([e := guid(m, "2cXV28XOjE6f6irgi0COhu")], lookup([e], OW, "mm"), lookup([e], OH_, "mm")),
      "IfcDoor.OverallWidth and OverallHeight (mm)"),
    Q(FZK, "multi_attr", "What's the width and height of the Haustuer?",
      lambda m: parts(es := m.of(DOOR, name_is("Haustuer")), lookup(es, OW, "m"), lookup(es, OH_, "m")),
      "IfcDoor.OverallWidth and OverallHeight of the door named Haustuer"),
    Q(SH, "multi_attr", "material and U-value of the external walls?",
      lambda m: parts(es := m.of(WALL, lambda e: ue.get_pset(e, "Pset_WallCommon", "IsExternal") is True),
                      materials(es), lookup(es, prop("Pset_WallCommon", "ThermalTransmittance"), None)),
      "material names, then Pset_WallCommon.ThermalTransmittance, of the IfcWall with IsExternal = TRUE"),
    Q(INS, "multi_attr", "width and height of Tür-014?",
      lambda m: parts(es := m.of(DOOR, name_is("Tür-014")), lookup(es, OW, "m"), lookup(es, OH_, "m")),
      "IfcDoor.OverallWidth and OverallHeight of the 4 doors named Tür-014"),
    Q(HOM, "multi_attr", "the width, height and material of GroundFloor_Door1",
      lambda m: parts(es := m.of(DOOR, name_is("GroundFloor_Door1")), lookup(es, OW, "m"),
                      lookup(es, OH_, "m"), not_recorded(es, lambda e: ue.get_materials(e) or None)),
      "Qto_DoorBaseQuantities.Width and Height (OverallWidth/Height unset); no material is associated: "
      "that part is said to be not recorded"),
    Q(DUP, "multi_attr", "What is the width and colour of door 1hOSvn6df7F8_7GcBWlRGQ?",
      lambda m: parts([e := guid(m, "1hOSvn6df7F8_7GcBWlRGQ")], lookup([e], OW, "m"),
                      not_recorded([e], any_prop("colo"))),
      "IfcDoor.OverallWidth; no colour property is recorded: that part is said to be not recorded"),
    Q(FZK2, "multi_attr", "U-value and thickness of the external walls",
      lambda m: parts(es := m.of(WALL, lambda e: ue.get_pset(e, "Pset_WallCommon", "IsExternal") is True),
                      lookup(es, prop("Pset_WallCommon", "ThermalTransmittance"), None),
                      lookup(es, layer_thickness, "m")),
      "Pset_WallCommon.ThermalTransmittance, then total LayerThickness, of the walls with IsExternal = TRUE"),
    Q(DUP, "multi_attr", "what's the elevation and floor-to-floor height of Level 1?",
      lambda m: parts([], number(elevation(m, "Level 1"), "m"),
                      number(elevation(m, "Level 2") - elevation(m, "Level 1"), "m")),
      "IfcBuildingStorey.Elevation of Level 1, then Elevation(Level 2) - Elevation(Level 1)"),
    # ====================================================== gap d: names in the other language or abbreviated
    Q(FZK, "names", "how many sliding doors are there?",
      lambda m: count(m.of(DOOR, name_word("schiebetür"))), f"IfcDoor with {EXT_NAME} Schiebetür (sliding door)"),
    Q(FZK2, "names", "which floor is the sliding door on?",
      lambda m: storeys(m.storey_name(e) for e in m.of(DOOR, name_word("schiebetür"))),
      "the storey of the IfcDoor typed Schiebetür_3-teilig"),
    Q(FZK, "names", "which storey is the spiral staircase on?",
      lambda m: storeys(m.storey_name(e) for e in m.of("IfcStair", name_word("wendeltreppe"))),
      "the storey of the IfcStair named Wendeltreppe (spiral staircase)"),
    Q(FZK, "names", "list the exterior walls",
      lambda m: lacks_property(m, WALL, "Pset_WallCommon", "IsExternal"),
      "decline: no wall records Pset_WallCommon.IsExternal, and 'Ext' in a wall's name (Wand-Ext-ERDG-1) is no "
      "evidence of the property (people_third.json's rule; revised after the first scoring, see README)"),
    Q(FZK, "names", "how many interior walls are on the Erdgeschoss?",
      lambda m: lacks_property(m, WALL, "Pset_WallCommon", "IsExternal"),
      "decline: no wall records Pset_WallCommon.IsExternal ('Int' in a name is no evidence; revised, see README)"),
    Q(INS, "names", "how many double doors are there",
      lambda m: count(m.of(DOOR, name_word("dbl"))), "IfcDoor typed IFC2x_DblDoor... ('Dbl' = double)"),
    Q(INS, "names", "list the single doors on the Keller",
      lambda m: elements(m.on("Keller", DOOR, lambda e: name_word("sgl", "sngl")(e) and not name_word("dbl")(e))),
      f"IfcDoor typed IFC_DoorSglSwing ('Sgl' = single; not IFC2x_DblDoorSnglSwing, a double door with single "
      f"swing) on Keller, {STOREY_DEEP}"),
    Q(SH, "names", "how many double doors does the house have?",
      lambda m: count(m.of(DOOR, name_word("dbl"))), "IfcDoor named Doors_ExtDbl_... ('Dbl' = double)"),
    Q(SH, "names", "list the single doors",
      lambda m: elements(m.of(DOOR, name_word("sgl"))), "IfcDoor named Doors_IntSgl... ('Sgl' = single)"),
    Q(LB, "names", "how many double doors are on level 1?",
      lambda m: count(m.on("Level 1", DOOR, name_word("double", "dbl"))),
      f"IfcDoor whose name or type name says Double on Level 1, {STOREY_DEEP}"),
    Q(FZK2, "names", "How wide is the entrance door?",
      lambda m: lookup(m.of(DOOR, name_word("eingangstür")), OW, "m"),
      "IfcDoor.OverallWidth of the door typed Eingangstür (entrance door)"),
    Q(HOM, "names", "how many windows are upstairs?",
      lambda m: count(m.on("1stFloor", WINDOW)),
      "upstairs = the highest storey above ground that is no roof level or attic: 1stFloor (not attic)"),
    Q(SH, "names", "list the pocket doors", lambda m: none_named(m.of(DOOR), "pocket"),
      "no door is named or typed a pocket door: decline"),
    Q(INS, "names", "how many DblHung windows are there?",
      lambda m: none_named(m.of(WINDOW), "hung", "dblhung"), "no window is named double-hung: decline"),
    Q(FZK, "names", "how many revolving doors are there", lambda m: none_named(m.of(DOOR), "revolving"),
      "no door is named or typed a revolving door: decline"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round5b")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
