"""Round 3's development set: attribute lookups ("what is the X of Y"), oracles with plain IfcOpenShell.

    python bench/spatial/dev_round3_lookup_oracles.py [--ifc-dir ../shared/ifc] [-o FILE] [--check]

Written before the lookup work (issue 22, round 3). It is a **development set**: the code was changed while
reading its failures. The semantics are those of ``people_oracles.py`` (storey-deep containment, ``Model``
walks reused) plus the lookup rules below.

* **the answer of a lookup**: one element asked, or every element asked holding the same number -> a
  ``number`` oracle (value, the model's unit, the elements); otherwise a ``values`` oracle: the distinct values
  with how many of the asked elements hold each (``[value, n]``; ``null`` = not recorded), the unit of numeric
  values (``null`` for a unitless or derived measure, not checked), and the elements.
* **a value that is not recorded**: absent, empty, or a placeholder (the value repeats the property's name, as
  Revit writes ``FireRating = 'Fire Rating'`` or ``'Inside door: Fire Rating'``). A lookup where no asked
  element records the property is a **decline** (the premise is asserted here, so a changed model fails loudly).
* **materials** ("what are the walls made of"): the distinct material names of each element
  (``ifcopenshell.util.element.get_materials``), else (no material associated) the value of a property named
  ``Material`` in any of its property sets (ArchiCAD and Revit MEP exports write one), counted as elements holding
  each; elements with neither count under ``null``.
* **thickness of a wall**: the total of its material layer set's LayerThickness.
* **width / height of a door or window**: OverallWidth / OverallHeight, else its Qto_*/BaseQuantities Width / Height,
  else (height only) the z extent of its shape's bounding box (``ifcopenshell.geom``, world coordinates): the
  project's rule for quantities (the model's sets first, else geometry, saying which).
* **height of a room** ("ceiling height", "how high is"): the space's quantity Height (FinishCeilingHeight where
  it differs is not used here), else Revit's ``PSet_Revit_Dimensions.Unbounded Height``.
* **a storey's elevation**: IfcBuildingStorey.Elevation in the model's length unit, else (unset) the z of the
  storey's placement, as IfcOpenShell's ``get_storey_elevation`` reads it;
  **floor-to-floor height** between two storeys: the difference of their elevations.
* **the model / the building / the house / the project / in total / overall**: the whole model, never a storey.
* **an element named by GlobalId, Name or Tag**: exactly those; a GlobalId not in the file or a name no
  element has -> decline.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifcopenshell.geom
import ifcopenshell.util.element as ue
import ifcopenshell.util.placement as up
import ifcopenshell.util.unit as uu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DOOR,
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    RQ,
    SH,
    STOREY_DEEP,
    WALL,
    WINDOW,
    Model,
    Q,
    compute_set,
    count,
    decline,
    number,
    set_main,
    storeys,
    yes_no,
)
from people_oracles import _guids as _guids  # noqa: E402
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round3_lookup.json"
OH = "IfcOpenHouse_IFC4.ifc"
LIN = "linear-placement-of-signal.ifc"

Get = Callable[[Any], Any]


def _letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def recorded(value: Any, name: str) -> Any:
    """``value`` unless it is not recorded (None, empty, or a placeholder repeating the property's name)."""
    if value is None or (isinstance(value, str) and (not value.strip() or _letters(name) in _letters(value))):
        return None
    return value


def prop(pset: str, name: str) -> Get:
    return lambda e: recorded(ue.get_pset(e, pset, name), name)


def any_prop(word: str) -> Get:
    """A recorded value of any property whose name holds ``word`` (case-insensitive), or None."""
    def get(e: Any) -> Any:
        for d in ue.get_psets(e).values():
            for k, v in d.items():
                if word in k.lower() and recorded(v, k) is not None:
                    return v
        return None
    return get


def attr(name: str) -> Get:
    return lambda e: getattr(e, name, None)


def first(*getters: Get) -> Get:
    def get(e: Any) -> Any:
        for g in getters:
            v = g(e)
            if v is not None:
                return v
        return None
    return get


def layer_thickness(e: Any) -> float | None:
    usage = ue.get_material(e)
    layer_set = getattr(usage, "ForLayerSet", None) or (usage if usage is not None and usage.is_a(
        "IfcMaterialLayerSet") else None)
    if layer_set is None:
        return None
    return float(sum(layer.LayerThickness for layer in layer_set.MaterialLayers))


def values(pairs: Counter[Any], unit: str | None, es: Iterable[Any]) -> dict[str, Any]:
    def key(item: tuple[Any, int]) -> str:
        return "" if item[0] is None else str(item[0])
    rows = [[round(v, 6) if isinstance(v, float) else v, n] for v, n in sorted(pairs.items(), key=key)]
    return {"type": "values", "value": rows, "unit": unit, "guids": _guids(es)}


def lookup(es: list[Any], get: Get, unit: str | None) -> dict[str, Any]:
    """The lookup oracle of ``get`` over ``es`` (see the module doc); asserts something is recorded."""
    if not es:
        raise ValueError("a lookup over no elements")
    got = [get(e) for e in es]
    if all(v is None for v in got):
        raise ValueError("nothing recorded: the oracle is a decline")
    numeric = [v for v in got if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if unit is not None and len(numeric) == len(got) and all(math.isclose(v, numeric[0], rel_tol=1e-6)
                                                             for v in numeric):
        return number(float(numeric[0]), unit, es)
    pairs: Counter[Any] = Counter()
    for v in got:
        pairs[v] += 1
    if unit is not None:  # export noise (0.8639999999999995 and ...99) is one value
        merged: Counter[Any] = Counter()
        for v, n in pairs.items():
            merged[round(v, 6) if isinstance(v, float) else v] += n
        pairs = merged
    return values(pairs, unit, es)


def materials(es: list[Any]) -> dict[str, Any]:
    pairs: Counter[Any] = Counter()
    for e in es:
        names = {m.Name for m in ue.get_materials(e)} or {
            v for pset in ue.get_psets(e, psets_only=True).values() if (v := pset.get("Material")) not in (None, "")}
        for name in names or {None}:
            pairs[name] += 1
    if set(pairs) == {None}:
        raise ValueError("no materials: the oracle is a decline")
    return values(pairs, None, es)


def declines(es: list[Any], get: Get) -> dict[str, Any]:
    """A decline whose premise is checked: no element of ``es`` records the value."""
    held = [e.GlobalId for e in es if get(e) is not None]
    if held:
        raise ValueError(f"premise broken: {held[:3]} record it")
    return decline()


def guid(m: Model, g: str) -> Any:
    return m.f.by_guid(g)


def no_guid(m: Model, g: str) -> dict[str, Any]:
    try:
        m.f.by_guid(g)
    except RuntimeError:
        return decline()
    raise ValueError(f"{g} is in the file")


def name_is(*names: str) -> Callable[[Any], bool]:
    return lambda e: e.Name in names


def unset_elevation(m: Model, name: str) -> dict[str, Any]:
    """A decline whose premise is asserted: the storey ``name`` does not set its Elevation attribute."""
    if m.storey(name).Elevation is not None:
        raise ValueError(f"premise broken: {name} states an Elevation")
    return decline()


def elevation(m: Model, name: str) -> float:
    """IfcBuildingStorey.Elevation, else the z of its placement (``ifcopenshell.util.placement``)."""
    storey = m.storey(name)
    if storey.Elevation is not None:
        return float(storey.Elevation)
    if storey.ObjectPlacement is None:
        raise ValueError(f"{name}: no Elevation and no placement")
    return float(up.get_local_placement(storey.ObjectPlacement)[2][3])


EXT_W = prop("Pset_WallCommon", "IsExternal")
OW = first(attr("OverallWidth"), prop("Qto_DoorBaseQuantities", "Width"), prop("BaseQuantities", "Width"))
OH_ = first(attr("OverallHeight"), prop("Qto_DoorBaseQuantities", "Height"), prop("BaseQuantities", "Height"))
def box_height(e: Any) -> float | None:
    """The z extent of the element's shape in world coordinates, in the model's length unit."""
    settings = ifcopenshell.geom.settings()
    settings.set(settings.USE_WORLD_COORDS, True)
    try:
        shape = ifcopenshell.geom.create_shape(settings, e)
    except RuntimeError:
        return None
    zs = shape.geometry.verts[2::3]
    return (max(zs) - min(zs)) / uu.calculate_unit_scale(e.file) if zs else None


SPACE_H = first(prop("Qto_SpaceBaseQuantities", "Height"), prop("BaseQuantities", "Height"),
                prop("PSet_Revit_Dimensions", "Unbounded Height"))
FIRE = {"Pset_DoorCommon": prop("Pset_DoorCommon", "FireRating")}
U_W = prop("Pset_WallCommon", "ThermalTransmittance")
LOOKUP_ONE = "the element with that GlobalId"

QUESTIONS: list[Q] = [
    # ======================================================== Duplex_A (m)
    Q(DUP, "lookup", "What is the width of the door 1hOSvn6df7F8_7GcBWlRGQ ?",
      lambda m: lookup([guid(m, "1hOSvn6df7F8_7GcBWlRGQ")], OW, "m"), f"IfcDoor.OverallWidth of {LOOKUP_ONE}"),
    Q(DUP, "lookup", "how tall is door 1s1jVhK8z0pgKYcr9jt781",
      lambda m: lookup([guid(m, "1s1jVhK8z0pgKYcr9jt781")], OH_, "m"), f"IfcDoor.OverallHeight of {LOOKUP_ONE}"),
    Q(DUP, "levels", "What is the height of the ceiling in room A203?",
      lambda m: lookup([m.space("A203")], SPACE_H, "m"),
      "the room's height: PSet_Revit_Dimensions.Unbounded Height of space A203 (not a ceiling covering's thickness)"),
    Q(DUP, "levels", "how high is the living room A102",
      lambda m: lookup([m.space("A102")], SPACE_H, "m"), "PSet_Revit_Dimensions.Unbounded Height of space A102"),
    Q(DUP, "lookup", "What is the fire rating of the internal doors?",
      lambda m: declines(m.of(DOOR, lambda e: ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is False),
                         prop("Pset_DoorCommon", "FireRating")),
      "Pset_DoorCommon.FireRating of the internal doors holds only the placeholder 'Fire Rating': decline"),
    Q(DUP, "lookup", "what material are the walls on level 2",
      lambda m: materials(m.on("Level 2", WALL)), f"material names of the IfcWall on Level 2, {STOREY_DEEP}"),
    Q(DUP, "lookup", "What are the external walls made of?",
      lambda m: materials(m.of(WALL, lambda e: EXT_W(e) is True)),
      "material names of the IfcWall with Pset_WallCommon.IsExternal = TRUE"),
    Q(DUP, "lookup", "what is the roof made of",
      lambda m: materials(m.of("IfcRoof")), "material names of the IfcRoof (one roof)"),
    Q(DUP, "levels", "What is the elevation of Level 2?",
      lambda m: number(elevation(m, "Level 2"), "m"), "IfcBuildingStorey.Elevation of Level 2"),
    Q(DUP, "levels", "floor-to-floor height between level 1 and level 2",
      lambda m: number(elevation(m, "Level 2") - elevation(m, "Level 1"), "m"),
      "Elevation(Level 2) - Elevation(Level 1)"),
    Q(DUP, "lookup", "What is the thickness of the external walls?",
      lambda m: lookup(m.of(WALL, lambda e: EXT_W(e) is True), layer_thickness, "m"),
      "total LayerThickness of the material layer set of each IfcWall with IsExternal = TRUE"),
    Q(DUP, "lookup", "what type is door 1hOSvn6df7F8_7GcBWlS8Z?",
      lambda m: lookup([guid(m, "1hOSvn6df7F8_7GcBWlS8Z")], lambda e: ue.get_type(e).Name, None),
      f"the Name of the type object (IfcDoorStyle) of {LOOKUP_ONE}"),
    Q(DUP, "levels", "What's the area of room B102?",
      lambda m: lookup([m.space("B102")], prop("GSA Space Areas", "GSA BIM Area"), "m²"),
      "GSA Space Areas.GSA BIM Area of space B102"),
    Q(DUP, "lookup", "What is the width of the external doors?",
      lambda m: lookup(m.of(DOOR, lambda e: ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is True), OW, "m"),
      "IfcDoor.OverallWidth of the doors with Pset_DoorCommon.IsExternal = TRUE"),
    Q(DUP, "lookup", "What is the riser height of the stairs?",
      lambda m: lookup(m.of("IfcStair"), prop("Pset_StairCommon", "RiserHeight"), "m"),
      "Pset_StairCommon.RiserHeight of the IfcStair"),
    Q(DUP, "edge", "What is the width of door 1hOSvn6df7F8_7GcBWlZZZ?",
      lambda m: no_guid(m, "1hOSvn6df7F8_7GcBWlZZZ"), "no element has that GlobalId: decline"),
    Q(DUP, "lookup", "What is the acoustic rating of the doors on level 1?",
      lambda m: declines(m.on("Level 1", DOOR), prop("Pset_DoorCommon", "AcousticRating")),
      "no door holds an AcousticRating: decline"),
    Q(DUP, "lookup", "What is the U-value of the windows?",
      lambda m: declines(m.of(WINDOW), prop("Pset_WindowCommon", "ThermalTransmittance")),
      "no window holds a ThermalTransmittance: decline"),
    Q(DUP, "edge", "how many doors does the building have",
      lambda m: count(m.of(DOOR)), "IfcDoor in the whole model ('the building' is the model, not a storey)"),
    Q(DUP, "lookup", "Is the wall 2O2Fr$t4X7Zf8NOew3FKau load bearing?",
      lambda m: yes_no(ue.get_pset(guid(m, "2O2Fr$t4X7Zf8NOew3FKau"), "Pset_WallCommon", "LoadBearing") is True),
      f"Pset_WallCommon.LoadBearing of {LOOKUP_ONE}"),
    Q(DUP, "lookup", "which level is door 1hOSvn6df7F8_7GcBWlS8Z on?",
      lambda m: storeys([m.storey_name(guid(m, "1hOSvn6df7F8_7GcBWlS8Z"))]), f"the storey of {LOOKUP_ONE}"),
    Q(HOM, "lookup", "What colour are the walls on the GroundFloor?",
      lambda m: declines(m.on("GroundFloor", WALL), any_prop("colo")),
      "no wall holds a colour property: decline"),
    Q(DUP, "lookup", "What is the serial number of door 1hOSvn6df7F8_7GcBWlRGQ?",
      lambda m: declines([guid(m, "1hOSvn6df7F8_7GcBWlRGQ")], any_prop("serial")),
      "the door holds no serial number: decline"),
    Q(DUP, "lookup", "what's the height of the doors on Level 2",
      lambda m: lookup(m.on("Level 2", DOOR), OH_, "m"),
      f"IfcDoor.OverallHeight of the doors on Level 2, {STOREY_DEEP}"),
    # ======================================================== AC20-FZK-Haus (m)
    Q(FZK, "lookup", "What is the thermal transmittance of the walls?",
      lambda m: lookup(m.of(WALL), U_W, None), "Pset_WallCommon.ThermalTransmittance of every IfcWall"),
    Q(FZK, "levels", "What is the height of the Galerie?",
      lambda m: lookup([m.space(long="Galerie")], SPACE_H, "m"), "BaseQuantities.Height of the space Galerie"),
    Q(FZK, "lookup", "How wide is the Haustuer?",
      lambda m: lookup(m.of(DOOR, name_is("Haustuer")), OW, "m"), "IfcDoor.OverallWidth of the door named Haustuer"),
    Q(FZK, "lookup", "what are the windows made of?",
      lambda m: materials(m.of(WINDOW)), "material names of every IfcWindow (2 by their Material property)"),
    Q(FZK, "levels", "what is the elevation of the Dachgeschoss",
      lambda m: number(elevation(m, "Dachgeschoss"), "m"), "IfcBuildingStorey.Elevation of Dachgeschoss"),
    Q(FZK, "lookup", "What is the fire rating of the doors?",
      lambda m: declines(m.of(DOOR), prop("Pset_DoorCommon", "FireRating")),
      "Pset_DoorCommon.FireRating is empty on the doors that carry it: decline"),
    Q(FZK, "lookup", "What is the U-value of door 1Oms875aH3Wg$9l65H2ZGw?",
      lambda m: lookup([guid(m, "1Oms875aH3Wg$9l65H2ZGw")], prop("Pset_DoorCommon", "ThermalTransmittance"), None),
      f"Pset_DoorCommon.ThermalTransmittance of {LOOKUP_ONE}"),
    Q(FZK, "edge", "total number of walls in the project?",
      lambda m: count(m.of(WALL)), "IfcWall in the whole model"),
    Q(FZK, "levels", "floor to floor height Erdgeschoss to Dachgeschoss?",
      lambda m: number(elevation(m, "Dachgeschoss") - elevation(m, "Erdgeschoss"), "m"),
      "Elevation(Dachgeschoss) - Elevation(Erdgeschoss)"),
    # ======================================================== AC11-Institute (m)
    Q(INS, "lookup", "What is the thermal transmittance of the external walls?",
      lambda m: lookup(m.of(WALL, lambda e: EXT_W(e) is True), U_W, None),
      "Pset_WallCommon.ThermalTransmittance of the IfcWall with IsExternal = TRUE"),
    Q(INS, "lookup", "what is the width of the doors on the Erdgeschoss?",
      lambda m: lookup(m.on("Erdgeschoss", DOOR), OW, "m"), f"IfcDoor.OverallWidth on Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "levels", "What is the elevation of the 2. Obergeschoss?",
      lambda m: number(elevation(m, "2. Obergeschoss"), "m"), "IfcBuildingStorey.Elevation of 2. Obergeschoss"),
    Q(INS, "levels", "What's the floor-to-floor height between the Erdgeschoss and the 1. Obergeschoss?",
      lambda m: number(elevation(m, "1. Obergeschoss") - elevation(m, "Erdgeschoss"), "m"),
      "Elevation(1. Obergeschoss) - Elevation(Erdgeschoss)"),
    Q(INS, "lookup", "what material are the walls made of",
      lambda m: materials(m.of(WALL)), "material names of every IfcWall"),
    Q(INS, "levels", "What is the height of room 001?",
      lambda m: lookup([m.space("001")], SPACE_H, "m"), "BaseQuantities.Height of space 001"),
    Q(INS, "lookup", "What is the fire rating of the doors in the Keller?",
      lambda m: declines(m.on("Keller", DOOR), prop("Pset_DoorCommon", "FireRating")),
      "no door holds a FireRating: decline"),
    Q(INS, "lookup", "width of door Tür-014?",
      lambda m: lookup(m.of(DOOR, name_is("Tür-014")), OW, "m"), "IfcDoor.OverallWidth of the doors named Tür-014 (4)"),
    Q(INS, "edge", "how many rooms are there overall",
      lambda m: count(m.spaces()), "IfcSpace in the whole model"),
    Q(INS, "lookup", "what is the LoadBearing property of the walls in the Keller?",
      lambda m: lookup(m.on("Keller", WALL), prop("Pset_WallCommon", "LoadBearing"), None),
      f"Pset_WallCommon.LoadBearing of the walls on Keller, {STOREY_DEEP}"),
    # ======================================================== KIT-EDC (m)
    Q(EDC, "lookup", "What is the width of the doors?",
      lambda m: lookup(m.of(DOOR), OW, "m"), "IfcDoor.OverallWidth of every door (all equal)"),
    Q(EDC, "levels", "What is the elevation of the 1.OG?",
      lambda m: number(elevation(m, "1.OG"), "m"), "IfcBuildingStorey.Elevation of 1.OG"),
    Q(EDC, "levels", "floor to floor height from 1.OG to 2.OG",
      lambda m: number(elevation(m, "2.OG") - elevation(m, "1.OG"), "m"), "Elevation(2.OG) - Elevation(1.OG)"),
    Q(EDC, "lookup", "What is the fire rating of the doors?",
      lambda m: declines(m.of(DOOR), prop("Pset_DoorCommon", "FireRating")), "no door holds a FireRating: decline"),
    Q(EDC, "lookup", "what are the walls made of",
      lambda m: materials(m.of(WALL)), "material names of every IfcWall"),
    # ======================================================== ExampleHOM (m)
    Q(HOM, "levels", "What is the ceiling height in the kitchen?",
      lambda m: lookup([m.space("Kitchen5")], SPACE_H, "m"), "Qto_SpaceBaseQuantities.Height of Kitchen5"),
    Q(HOM, "levels", "What is the elevation of the 1stFloor?",
      lambda m: unset_elevation(m, "1stFloor"),
      "IfcBuildingStorey.Elevation of 1stFloor is unset: not recorded (the z of its placement is no elevation the "
      "file states): decline"),
    Q(HOM, "lookup", "How wide is GroundFloor_Door1?",
      lambda m: lookup(m.of(DOOR, name_is("GroundFloor_Door1")), OW, "m"),
      "Qto_DoorBaseQuantities.Width of GroundFloor_Door1 (OverallWidth unset)"),
    Q(HOM, "lookup", "what is the height of the doors",
      lambda m: lookup(m.of(DOOR), first(OH_, box_height), "m"),
      "Qto_DoorBaseQuantities.Height of every door (OverallHeight unset), else the shape's bounding-box z extent"),
    Q(HOM, "lookup", "what are the external walls made of?",
      lambda m: declines(m.of(WALL), EXT_W), "no wall holds IsExternal: 'external' cannot be told: decline"),
    Q(HOM, "lookup", "What is the thickness of the walls on the GroundFloor?",
      lambda m: lookup(m.on("GroundFloor", WALL), layer_thickness, "m"),
      f"total LayerThickness of the layer set of each IfcWall on GroundFloor, {STOREY_DEEP}"),
    # ======================================================== Ifc4_SampleHouse (mm)
    Q(SH, "lookup", "What is the width of the door 3cUkl32yn9qRSPvBJVyWYp?",
      lambda m: lookup([guid(m, "3cUkl32yn9qRSPvBJVyWYp")], OW, "mm"), f"IfcDoor.OverallWidth of {LOOKUP_ONE}"),
    Q(SH, "lookup", "what is the roof made of",
      lambda m: materials(m.of("IfcRoof")), "material names of the IfcRoof"),
    Q(SH, "levels", "What is the elevation of the Roof level?",
      lambda m: number(elevation(m, "Roof"), "mm"), "IfcBuildingStorey.Elevation of Roof"),
    Q(SH, "levels", "What is the height of the living room?",
      lambda m: lookup([m.space(long="Living room")], SPACE_H, "mm"), "BaseQuantities.Height of the Living room"),
    Q(SH, "lookup", "What are the internal walls made of?",
      lambda m: materials(m.of(WALL, lambda e: EXT_W(e) is False)),
      "material names of the IfcWall with Pset_WallCommon.IsExternal = FALSE"),
    Q(SH, "lookup", "what's the U-value of the external walls",
      lambda m: lookup(m.of(WALL, lambda e: EXT_W(e) is True), U_W, None),
      "Pset_WallCommon.ThermalTransmittance of the walls with IsExternal = TRUE"),
    # ======================================================== LargeBuilding (mm)
    Q(LB, "lookup", "What is the fire rating of the doors on Level 1?",
      lambda m: declines(m.on("Level 1", DOOR), prop("Pset_DoorCommon", "FireRating")),
      "Pset_DoorCommon.FireRating holds only the placeholder 'Inside door: Fire Rating': decline"),
    Q(LB, "lookup", "What is the width of door 2cXV28XOjE6f6irgi0COhu?",
      lambda m: lookup([guid(m, "2cXV28XOjE6f6irgi0COhu")], OW, "mm"), f"IfcDoor.OverallWidth of {LOOKUP_ONE}"),
    Q(LB, "levels", "floor-to-floor height between level 1 and level 2",
      lambda m: number(elevation(m, "Level 2") - elevation(m, "Level 1"), "mm"),
      "Elevation(Level 2) - Elevation(Level 1)"),
    Q(LB, "lookup", "what are the walls made of",
      lambda m: materials(m.of(WALL)), "material names of every IfcWall"),
    Q(LB, "lookup", "What is the fire rating of the walls?",
      lambda m: declines(m.of(WALL), prop("Pset_WallCommon", "FireRating")),
      "Pset_WallCommon.FireRating holds only the placeholder '_FIRE-RATING_': decline"),
    # ======================================================== IfcOpenHouse_IFC4 (mm, no psets)
    Q(OH, "edge", "area of the ground floor slab",
      lambda m: declines(m.of("IfcSlab"), lambda e: e if e.PredefinedType in ("FLOOR", "BASESLAB") else None),
      "the only slabs are PredefinedType ROOF (parts of the IfcRoof): no floor slab: decline"),
    Q(OH, "edge", "How many windows does the house have?",
      lambda m: count(m.of(WINDOW)), "IfcWindow in the whole model ('the house' is the model)"),
    Q(OH, "lookup", "what is the width of the door?",
      lambda m: lookup(m.of(DOOR), OW, "mm"), "IfcDoor.OverallWidth of the one door"),
    Q(OH, "lookup", "what are the walls made of",
      lambda m: materials(m.of(WALL)), "material names of every IfcWall"),
    Q(OH, "lookup", "What is the fire rating of the door?",
      lambda m: declines(m.of(DOOR), prop("Pset_DoorCommon", "FireRating")), "the model has no property sets: decline"),
    # ======================================================== linear-placement-of-signal (no storeys)
    Q(LIN, "edge", "how many elements does the model have",
      lambda m: count(m.everything()), "every IfcElement (no storeys: 'the model' is the whole model)"),
    Q(LIN, "edge", "how many signals are there in total?",
      lambda m: count(m.of("IfcSignal")), "IfcSignal in the whole model"),
    Q(LIN, "levels", "What is the elevation of level 1?",
      lambda m: decline() if not m.storey_names() else number(0, "m"), "the model has no storeys: decline"),
    # ======================================================== revit_quantities (m)
    Q(RQ, "levels", "What is the ceiling height of the small offices?",
      lambda m: lookup(m.spaces(m.named("small office")), SPACE_H, "m"),
      "PSet_Revit_Dimensions.Unbounded Height of the spaces named 'small office' (3, all equal)"),
    Q(RQ, "lookup", "What is the width of the door?",
      lambda m: lookup(m.of(DOOR), OW, "m"), "IfcDoor.OverallWidth of the one door"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round3")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
