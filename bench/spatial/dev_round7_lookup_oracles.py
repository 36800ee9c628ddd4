"""Round 7's development set for lookups and comparisons: attributes people ask of named things, oracles with plain
IfcOpenShell.

    python bench/spatial/dev_round7_lookup_oracles.py [--ifc-dir ../shared/ifc] [-o FILE] [--check]

Written before the round-7 lookup work (issue 22), after people_fifth_b scored lookups at 0.60 (one silent
broadening: the storey of elements on a model without storeys) and comparisons at 0.889. Generalised from the
failure kinds, not their wording: the weight / mass of an element (a quantity, a property, a property with its unit
in a sibling property, a value with no unit, a placeholder 0, a "thermal mass" that is no mass); property names with
punctuation and abbreviations ("Max. Operating temperature", "Heat Transfer Coefficient (U)", "Maximum Riser
Height"); a type or material asked with a verb of use ("which window type is used", "what kind of doors are
fitted"); the wall between two rooms (space boundaries); a ticket that reports a fault on a named element and then
asks where "it" is; the storey of elements in a model that has no storeys; rooms compared by a quoted name; two
named elements compared by an attribute. About a fifth are declines, each premise asserted in code.

The rules are those of ``dev_round3_lookup_oracles.py`` and ``dev_round6_lookup_oracles.py`` (whose getters are
reused) plus:

* **weight**: an element's NetWeight quantity, else GrossWeight, else a property named Weight / Gewicht; the unit
  is the project's mass unit for a quantity (none assigned: no unit), a sibling property naming the unit
  ("Gewichteinheit" = 'kg'), else none (an IfcReal); a weight of 0 is a placeholder (not recorded) and declines;
  "thermal mass" is a heat capacity, never a mass;
* **a property named with punctuation or abbreviations**: "max" = "Max." = "maximum", "min" = "Min." =
  "minimum", a parenthesised part may be left out or written; each element's property read under any of those
  spellings;
* **the wall between rooms A and B**: the walls with an INTERNAL space boundary to both spaces;
* **"which floor is it on"** after a sentence reporting a fault on a named element: that element's storey; a
  model with no storeys declines.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_round3_lookup_oracles import (  # noqa: E402
    attr,
    declines,
    first,
    guid,
    lookup,
    materials,
    name_is,
    prop,
)
from dev_round5_gaps_oracles import parts  # noqa: E402
from dev_round6_lookup_oracles import tagged, type_name  # noqa: E402
from people_oracles import (  # noqa: E402
    DOOR,
    DUP,
    EDC,
    FZK,
    HE,
    HOM,
    LB,
    RQ,
    SH,
    SPACE,
    WALL,
    WINDOW,
    WP,
    Model,
    Q,
    compute_set,
    decline,
    number,
    set_main,
    storeys,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round7_lookup.json"
LIN = "linear-placement-of-signal.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
TYPE = type_name


def weight(e: Any) -> Any:
    """NetWeight, else GrossWeight (any quantity set), else a property Weight / Gewicht; 0 is not recorded."""
    for qset in ue.get_psets(e, qtos_only=True).values():
        for name in ("NetWeight", "GrossWeight"):
            if isinstance(qset.get(name), (int, float)):
                return qset[name] or None
    for pset in ue.get_psets(e, psets_only=True).values():
        for name in ("Weight", "Gewicht"):
            if isinstance(pset.get(name), (int, float)):
                return pset[name] or None
    return None


def no_weight(es: list[Any]) -> dict[str, Any]:
    """A decline whose premise is asserted: none of ``es`` records a (non-zero) weight or mass."""
    for e in es:
        if weight(e) is not None:
            raise ValueError(f"premise broken: {e.GlobalId} records a weight")
        for d in ue.get_psets(e).values():
            if any(k.lower() in ("mass", "weight", "netweight", "grossweight") and v for k, v in d.items()):
                raise ValueError(f"premise broken: {e.GlobalId} records a mass")
    return decline()


def where(m: Model, es: list[Any]) -> dict[str, Any]:
    return storeys(m.storey_name(e) for e in es)


def no_storeys(m: Model, es: list[Any]) -> dict[str, Any]:
    """A decline whose premise is asserted: the model has no storeys, so nothing is on one."""
    if m.f.by_type("IfcBuildingStorey") or not es:
        raise ValueError("premise broken: the model has storeys (or no such elements)")
    return decline()


def between(m: Model, a: str, b: str, cls: str = WALL) -> list[Any]:
    """The elements of ``cls`` with an INTERNAL space boundary to both spaces named ``a`` and ``b``."""
    def bounding(space: Any) -> set[Any]:
        return {r.RelatedBuildingElement for r in space.BoundedBy or ()
                if r.RelatedBuildingElement is not None and r.InternalOrExternalBoundary == "INTERNAL"
                and r.RelatedBuildingElement.is_a(cls)}
    found = bounding(m.space(name=a)) & bounding(m.space(name=b))
    if not found:
        raise ValueError(f"no {cls} between {a} and {b}")
    return sorted(found, key=lambda e: e.GlobalId)


def thickness(e: Any) -> Any:
    from dev_round3_lookup_oracles import layer_thickness
    return layer_thickness(e) or prop("Qto_WallBaseQuantities", "Width")(e)


def external(pset: str) -> Any:
    return lambda e: ue.get_pset(e, pset, "IsExternal") is True


def long_named(m: Model, text: str) -> list[Any]:
    found = m.spaces(lambda s: s.LongName == text)
    if not found:
        raise ValueError(f"no space with LongName {text!r}")
    return found


def cable_max_temperature(e: Any) -> Any:
    return first(prop("Pset_CableSegmentTypeCableSegment", "MaxOperatingTemperature"),
                 prop("Pset_CableSegmentTypeConductorSegment", "MaximumOperatingTemperature"))(e)


def cables(m: Model) -> list[Any]:
    return m.of("IfcFlowSegment", m.typed("IfcCableSegmentType"))


PUMP_T = prop("Pset_PumpTypeCommon", "Max. Operating temperature")
PUMP_P = prop("Pset_PumpTypeCommon", "Max. Operating pressure")
PUMP_MIN = prop("Pset_PumpTypeCommon", "Min. power")
U_AP = prop("Analytical Properties", "Heat Transfer Coefficient (U)")
FIRE_D = prop("Pset_DoorCommon", "FireRating")
HOM_GROSS_W = prop("Qto_SlabBaseQuantities", "GrossWeight")

QUESTIONS: list[Q] = [
    # ======================================================== WP_Puffer_FWS_FBH10 (IFC4, mm; weights are IfcReal)
    Q(WP, "lookup", "How heavy is the Frischwasserstation?",
      lambda m: lookup(m.of("IfcUnitaryEquipment", name_is("Frischwasserstation")), weight, None),
      "Pset_UnitaryEquipmentTypeCommon.Weight of the Frischwasserstation (an IfcReal: no unit recorded)"),
    Q(WP, "lookup", "valve weight?",
      lambda m: lookup(m.of("IfcValve"), weight, None), "Pset_ValveTypeCommon.Weight of each IfcValve (no unit)"),
    Q(WP, "lookup", "What is the maximum operating temperature of the pumps?",
      lambda m: lookup(m.of("IfcPump"), PUMP_T, None),
      "Pset_PumpTypeCommon.'Max. Operating temperature' of each IfcPump ('maximum' = 'Max.')"),
    Q(WP, "lookup", "pumps - max operating pressure pls",
      lambda m: lookup(m.of("IfcPump"), PUMP_P, None), "Pset_PumpTypeCommon.'Max. Operating pressure' of each IfcPump"),
    Q(WP, "lookup", "what's the min. power of the pumps",
      lambda m: lookup(m.of("IfcPump"), PUMP_MIN, None), "Pset_PumpTypeCommon.'Min. power' of each IfcPump"),
    Q(WP, "edge", "how much does the Wärmepumpe weigh?",
      lambda m: no_weight(m.of("IfcUnitaryEquipment", name_is("Wärmepumpe"))),
      "the heat pump holds no property sets: decline"),
    Q(WP, "edge", "Weight of the Pufferspeicher, please.",
      lambda m: no_weight(m.of("IfcFlowStorageDevice")), "the storage device records no weight: decline"),
    Q(WP, "lookup", "what do the pumps weigh and what's their max. operating pressure?",
      lambda m: parts(es := m.of("IfcPump"), lookup(es, weight, None), lookup(es, PUMP_P, None)),
      "Weight and 'Max. Operating pressure' (Pset_PumpTypeCommon) of each IfcPump"),
    # ======================================================== ExampleHOM (m; IfcQuantityWeight, no mass unit)
    Q(HOM, "lookup", "how heavy is the wall GroundFloor_OW_right",
      lambda m: number(weight(m.of(WALL, name_is("GroundFloor_OW_right"))[0]), None,
                       m.of(WALL, name_is("GroundFloor_OW_right"))),
      "Qto_WallBaseQuantities.NetWeight of GroundFloor_OW_right (no mass unit assigned)"),
    Q(HOM, "lookup", "Gross weight of the 1stFloor_Floor slab?",
      lambda m: number(HOM_GROSS_W(m.of("IfcSlab", name_is("1stFloor_Floor"))[0]), None,
                       m.of("IfcSlab", name_is("1stFloor_Floor"))),
      "Qto_SlabBaseQuantities.GrossWeight of 1stFloor_Floor"),
    Q(HOM, "lookup", "How thick is the wall between the kitchen and the corridor?",
      lambda m: lookup(between(m, "Kitchen5", "Corridor3"), thickness, "m"),
      "material layer set thickness of the walls with an INTERNAL boundary to both Kitchen5 and Corridor3"),
    Q(HOM, "lookup", "what's the wall between Bath9 and Bedroom6 made of?",
      lambda m: materials(between(m, "Bath9", "Bedroom6")),
      "material names of the walls with an INTERNAL boundary to both Bath9 and Bedroom6"),
    Q(HOM, "lookup", "which window type is used on the 1stFloor?",
      lambda m: lookup(m.on("1stFloor", WINDOW), TYPE, None), "the type object's Name of each window on 1stFloor"),
    Q(HOM, "lookup", "What kind of doors are fitted in this house",
      lambda m: lookup(m.of(DOOR), TYPE, None), "the type object's Name of each IfcDoor"),
    Q(HOM, "edge", "fire rating of GroundFloor_Door3?",
      lambda m: declines(m.of(DOOR, name_is("GroundFloor_Door3")), FIRE_D), "the door records no FireRating: decline"),
    Q(HOM, "edge", "thickness of the wall between the WC and the attic?",
      lambda m: _none_between(m, "WC4", "att"), "no wall bounds both WC4 and att: decline"),
    # ======================================================== AC20-FZK-Haus (m; MASSUNIT gram)
    Q(FZK, "edge", "how heavy is the Haustuer?",
      lambda m: _zero_gewicht(m, "Haustuer"),
      "AC_Pset_Eingangstür.Gewicht of the Haustuer is 0 (a placeholder): decline"),
    Q(FZK, "german", "Welches Gewicht hat die Terrassentuer?",
      lambda m: _zero_gewicht(m, "Terrassentuer"), "Gewicht of the Terrassentuer is 0 (a placeholder): decline"),
    Q(FZK, "german", "U-Wert der Wand Wand-Ext-ERDG-2?",
      lambda m: lookup(m.of(WALL, name_is("Wand-Ext-ERDG-2")), prop("Pset_WallCommon", "ThermalTransmittance"), None),
      "Pset_WallCommon.ThermalTransmittance of Wand-Ext-ERDG-2"),
    Q(FZK, "lookup", "which type is window EG-Fenster-3?",
      lambda m: lookup(m.of(WINDOW, name_is("EG-Fenster-3")), TYPE, None), "the type object's Name of EG-Fenster-3"),
    Q(FZK, "lookup", "Ticket 118: the Terrassentuer is sticking - what floor is it on?",
      lambda m: where(m, m.of(DOOR, name_is("Terrassentuer"))), "the storey of the door named Terrassentuer"),
    Q(FZK, "lookup", "what material is used for the walls on the Dachgeschoss",
      lambda m: materials(m.on("Dachgeschoss", WALL)), "material names of the walls on the Dachgeschoss"),
    # ======================================================== Ifc4_SampleHouse (mm; MASSUNIT kg)
    Q(SH, "lookup", "Heat transfer coefficient (U) of the external walls?",
      lambda m: lookup(m.of(WALL, external("Pset_WallCommon")), U_AP, None),
      "'Heat Transfer Coefficient (U)' of the walls with Pset_WallCommon.IsExternal = TRUE"),
    Q(SH, "lookup", "thermal resistance of the windows",
      lambda m: lookup(m.of(WINDOW), prop("Analytical Properties", "Thermal Resistance (R)"), None),
      "'Thermal Resistance (R)' of each window (written without its '(R)')"),
    Q(SH, "edge", "how much does the roof weigh?",
      lambda m: no_weight(m.of("IfcRoof")), "the roof records 'Thermal mass' (a heat capacity), no weight: decline"),
    Q(SH, "lookup", "door 285996: the handle is loose. which floor is that door on?",
      lambda m: where(m, tagged(m, DOOR, "285996")), "the storey of the door tagged 285996"),
    Q(SH, "comparison", "is door 285860 wider than door 285959?",
      lambda m: yes_no(tagged(m, DOOR, "285860")[0].OverallWidth > tagged(m, DOOR, "285959")[0].OverallWidth),
      "IfcDoor.OverallWidth of the door tagged 285860 > that of the door tagged 285959"),
    # ======================================================== Duplex_A (m)
    Q(DUP, "lookup", "FM ticket 5521 - window 145788 is leaking. What level is it on?",
      lambda m: where(m, tagged(m, WINDOW, "145788")), "the storey of the window tagged 145788"),
    Q(DUP, "lookup", "maximum riser height of the stairs?",
      lambda m: lookup(m.of("IfcStair"), prop("PSet_Revit_Type_Risers", "Maximum Riser Height"), "m"),
      "PSet_Revit_Type_Risers.'Maximum Riser Height' of each IfcStair"),
    Q(DUP, "lookup", "stairs: min tread depth?",
      lambda m: lookup(m.of("IfcStair"), prop("PSet_Revit_Type_Treads", "Minimum Tread Depth"), "m"),
      "PSet_Revit_Type_Treads.'Minimum Tread Depth' of each IfcStair"),
    Q(DUP, "lookup", "which door types are used on Level 2?",
      lambda m: lookup(m.on("Level 2", DOOR), TYPE, None), "the type object's Name of each door on Level 2"),
    Q(DUP, "edge", "what do the doors on Level 1 weigh?",
      lambda m: no_weight(m.on("Level 1", DOOR)), "the doors record no weight: decline"),
    # ======================================================== KIT-EDC (m)
    Q(EDC, "lookup", "Complaint from a tenant, door 0_jvLBWVLj003WMtA3M6wo won't latch. On which floor is it?",
      lambda m: where(m, [guid(m, "0_jvLBWVLj003WMtA3M6wo")]), "the storey of that door"),
    Q(EDC, "lookup", "what type of windows are installed on the EG?",
      lambda m: lookup(m.on("EG", WINDOW), TYPE, None), "the type object's Name of each window on EG"),
    # ======================================================== Heizung-Elektro (IFC2X3)
    Q(HE, "lookup", "max. operating temperature of the cables?",
      lambda m: lookup(cables(m), cable_max_temperature, None),
      "MaxOperatingTemperature or MaximumOperatingTemperature (Pset_CableSegmentType*) of each cable"),
    # ======================================================== LargeBuilding (mm)
    Q(LB, "lookup", "what is the heat transfer coefficient of the doors on Level 1",
      lambda m: lookup(m.on("Level 1", DOOR), U_AP, None),
      "'Heat Transfer Coefficient (U)' (written without '(U)') of the doors on Level 1"),
    Q(LB, "edge", "thermal mass of the windows?",
      lambda m: declines(m.of(WINDOW), prop("Analytical Properties", "Thermal Mass")),
      "the windows record no Thermal Mass: decline"),
    # ======================================================== linear-placement-of-signal (no storeys)
    Q(LIN, "edge", "On which storey is the signal Route Indicator_02?",
      lambda m: no_storeys(m, m.of("IfcSignal")), "the rail model has no storeys: decline"),
    Q(LIN, "edge", "which floor are the signals located on",
      lambda m: no_storeys(m, m.of("IfcSignal")), "the rail model has no storeys: decline"),
    # ======================================================== revit_quantities (m)
    Q(RQ, "comparison", "Are there fewer rooms named 'small office' than rooms named 'Room'?",
      lambda m: yes_no(len(long_named(m, "small office")) < len(long_named(m, "Room"))),
      "count of IfcSpace with LongName 'small office' < count with LongName 'Room'"),
    Q(RQ, "comparison", "do we have more spaces called \"Room\" than \"small office\"?",
      lambda m: yes_no(len(long_named(m, "Room")) > len(long_named(m, "small office"))),
      "count of IfcSpace with LongName 'Room' > count with LongName 'small office'"),
    # ======================================================== AC11-Institute (m)
    Q(INS, "lookup", "max temperature of room 008?",
      lambda m: lookup([m.space(name="008")], prop("Pset_SpaceThermalRequirements", "SpaceTemperatureMax"), None),
      "Pset_SpaceThermalRequirements.SpaceTemperatureMax of space 008"),
    # ======================================================== comparisons by an attribute of two named elements
    Q(HOM, "comparison", "Is the GroundFloor_Floor slab heavier than the 1stFloor_Floor?",
      lambda m: yes_no(weight(m.of("IfcSlab", name_is("GroundFloor_Floor"))[0])
                       > weight(m.of("IfcSlab", name_is("1stFloor_Floor"))[0])),
      "NetWeight of GroundFloor_Floor > NetWeight of 1stFloor_Floor"),
    Q(WP, "comparison", "which is heavier, the Frischwasserstation or the Pufferspeicher?",
      lambda m: no_weight(m.of("IfcFlowStorageDevice")),
      "the Pufferspeicher records no weight, so the comparison cannot be made: decline"),
]


def _zero_gewicht(m: Model, name: str) -> dict[str, Any]:
    """A decline whose premise is asserted: the door's Gewicht property is 0 (ArchiCAD's unset default)."""
    door = m.of(DOOR, name_is(name))
    values = {v for e in door for d in ue.get_psets(e).values() for k, v in d.items() if k == "Gewicht"}
    if values != {0.0}:
        raise ValueError(f"premise broken: Gewicht {values}")
    return no_weight(door)


def _none_between(m: Model, a: str, b: str) -> dict[str, Any]:
    try:
        between(m, a, b)
    except ValueError:
        return decline()
    raise ValueError(f"premise broken: a wall lies between {a} and {b}")


_ = (attr, SPACE)  # re-exported names the questions may use


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round7")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
