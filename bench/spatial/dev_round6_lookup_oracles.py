"""Round 6's development set: attribute lookups phrased the way people ask, oracles with plain IfcOpenShell.

    python bench/spatial/dev_round6_lookup_oracles.py [--ifc-dir ../shared/ifc] [-o FILE] [--check]

Written before the round-6 lookup work (issue 22), after a held-out set scored lookups at 0.50: elements named by
Name, Tag, type name, GlobalId and by a class that has one element in the model ("the boiler"), attributes by
their IFC name or a common word (manufacturer, U-value, fire rating, acoustic rating, external, fire exit),
imperatives, fragments and German. It is a **development set**: the code was changed while reading its failures.
The rules are those of ``dev_round3_lookup_oracles.py`` (whose getters are reused) plus:

* **an element named by its Tag** ("door 146596"): the elements whose Tag is that text (the number Revit writes);
* **an element named by its type name** ("the Haustuer" where only a type is named so): the elements of that type;
* **"the <class>"** when the model has exactly one element of the class: that element; with several, a lookup
  answers each (the distribution), as every other lookup over several elements does;
* **yes/no on a boolean property** ("is it external", "is it a fire exit"): the recorded value; not recorded ->
  decline;
* **not recorded / no such element / an attribute the element does not hold**: decline (premises asserted).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_round3_lookup_oracles import (  # noqa: E402
    OH_,
    OW,
    any_prop,
    attr,
    declines,
    guid,
    lookup,
    materials,
    name_is,
    prop,
)
from people_oracles import (  # noqa: E402
    DOOR,
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    SH,
    WINDOW,
    WP,
    Model,
    Q,
    compute_set,
    decline,
    set_main,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round6_lookup.json"
DHW = "domestic-hot-water.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"


def tagged(m: Model, cls: str, tag: str) -> list[Any]:
    """The elements of ``cls`` whose Tag is ``tag`` (asserted to exist)."""
    found = [e for e in m.of(cls) if getattr(e, "Tag", None) == tag]
    if not found:
        raise ValueError(f"no {cls} tagged {tag}")
    return found


def of_type(m: Model, cls: str, type_name: str) -> list[Any]:
    found = [e for e in m.of(cls) if (t := ue.get_type(e)) is not None and t.Name == type_name]
    if not found:
        raise ValueError(f"no {cls} of type {type_name}")
    return found


def only(m: Model, cls: str) -> list[Any]:
    """The one element of ``cls`` (asserted: "the boiler" is unambiguous)."""
    found = m.of(cls)
    if len(found) != 1:
        raise ValueError(f"{cls}: {len(found)} elements, 'the' is not one")
    return found


def type_name(e: Any) -> Any:
    t = ue.get_type(e)
    return t.Name if t is not None else None


def boolean(es: list[Any], pset: str, name: str) -> dict[str, Any]:
    values = {ue.get_pset(e, pset, name) for e in es}
    if len(values) != 1 or None in values:
        raise ValueError(f"{pset}.{name}: {values}")
    return yes_no(values.pop() is True)


def absent(m: Model, cls: str, where: Any) -> dict[str, Any]:
    """A decline whose premise is asserted: no element of ``cls`` matches ``where``."""
    if m.of(cls, where):
        raise ValueError(f"premise broken: a {cls} matches")
    return decline()


U_D = prop("Pset_DoorCommon", "ThermalTransmittance")
U_WIN = prop("Pset_WindowCommon", "ThermalTransmittance")
MAKER = any_prop("manufacturer")
ACOUSTIC = prop("Pset_DoorCommon", "AcousticRating")
FIRE_D = prop("Pset_DoorCommon", "FireRating")

QUESTIONS: list[Q] = [
    # ======================================================== AC20-FZK-Haus (m)
    Q(FZK, "lookup", "Give me the width of the Haustuer.",
      lambda m: lookup(m.of(DOOR, name_is("Haustuer")), OW, "m"), "IfcDoor.OverallWidth of the door named Haustuer"),
    Q(FZK, "lookup", "Terrassentuer height?",
      lambda m: lookup(m.of(DOOR, name_is("Terrassentuer")), OH_, "m"),
      "IfcDoor.OverallHeight of the door named Terrassentuer"),
    Q(FZK, "german", "Welche Breite hat die Terrassentuer?",
      lambda m: lookup(m.of(DOOR, name_is("Terrassentuer")), OW, "m"),
      "IfcDoor.OverallWidth of the door named Terrassentuer"),
    Q(FZK, "lookup", "U-value of the Haustuer, please",
      lambda m: lookup(m.of(DOOR, name_is("Haustuer")), U_D, None),
      "Pset_DoorCommon.ThermalTransmittance of the door named Haustuer"),
    Q(FZK, "edge", "tell me the fire rating of the Haustuer",
      lambda m: declines(m.of(DOOR, name_is("Haustuer")), FIRE_D),
      "Pset_DoorCommon.FireRating of the Haustuer is empty: decline"),
    Q(FZK, "lookup", "What's the thermal transmittance of window EG-Fenster-6?",
      lambda m: lookup(m.of(WINDOW, name_is("EG-Fenster-6")), U_WIN, None),
      "Pset_WindowCommon.ThermalTransmittance of the window named EG-Fenster-6"),
    Q(FZK, "lookup", "Is Innentuer-2 a fire exit?",
      lambda m: boolean(m.of(DOOR, name_is("Innentuer-2")), "Pset_DoorCommon", "FireExit"),
      "Pset_DoorCommon.FireExit of the door named Innentuer-2"),
    Q(FZK, "lookup", "What is 2jTRqchjf7oB0yhQ6462T0 called?",
      lambda m: lookup([guid(m, "2jTRqchjf7oB0yhQ6462T0")], attr("Name"), None), "the Name of that GlobalId"),
    Q(FZK, "edge", "What is the acoustic rating of the Terrassentuer?",
      lambda m: declines(m.of(DOOR, name_is("Terrassentuer")), ACOUSTIC),
      "Pset_DoorCommon.AcousticRating of the Terrassentuer is empty: decline"),
    # ======================================================== Duplex_A (m)
    Q(DUP, "lookup", "What is the width of door 146596?",
      lambda m: lookup(tagged(m, DOOR, "146596"), OW, "m"), "IfcDoor.OverallWidth of the door tagged 146596"),
    Q(DUP, "lookup", "what type is door 150173",
      lambda m: lookup(tagged(m, DOOR, "150173"), type_name, None), "the type object's Name of the door tagged 150173"),
    Q(DUP, "lookup", "Is door 1hOSvn6df7F8_7GcBWlRGQ external?",
      lambda m: boolean([guid(m, "1hOSvn6df7F8_7GcBWlRGQ")], "Pset_DoorCommon", "IsExternal"),
      "Pset_DoorCommon.IsExternal of that GlobalId"),
    Q(DUP, "edge", "fire rating of door 146678?",
      lambda m: declines(tagged(m, DOOR, "146678"), FIRE_D),
      "Pset_DoorCommon.FireRating of the door tagged 146678 is the placeholder 'Fire Rating': decline"),
    Q(DUP, "lookup", "What's the name of 1hOSvn6df7F8_7GcBWlS8Z?",
      lambda m: lookup([guid(m, "1hOSvn6df7F8_7GcBWlS8Z")], attr("Name"), None), "the Name of that GlobalId"),
    # ======================================================== LargeBuilding (mm)
    Q(LB, "edge", "who made door 353172?",
      lambda m: declines(tagged(m, DOOR, "353172"), MAKER),
      "the door's Manufacturer is the placeholder 'Inside door: Manufacturer': decline"),
    Q(LB, "lookup", "2cXV28XOjE6f6irgi0COIY width?",
      lambda m: lookup([guid(m, "2cXV28XOjE6f6irgi0COIY")], OW, "mm"), "IfcDoor.OverallWidth of that GlobalId"),
    Q(LB, "lookup", "how wide is door 353875",
      lambda m: lookup(tagged(m, DOOR, "353875"), OW, "mm"), "IfcDoor.OverallWidth of the door tagged 353875"),
    # ======================================================== Ifc4_SampleHouse (mm)
    Q(SH, "lookup", "Who is the manufacturer of door 285959?",
      lambda m: lookup(tagged(m, DOOR, "285959"), MAKER, None),
      "Pset_ManufacturerTypeInformation.Manufacturer of the door tagged 285959"),
    Q(SH, "lookup", "U-value of the windows?",
      lambda m: lookup(m.of(WINDOW), U_WIN, None), "Pset_WindowCommon.ThermalTransmittance of every window"),
    Q(SH, "lookup", "how wide is the external door",
      lambda m: lookup(m.of(DOOR, lambda e: ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is True), OW, "mm"),
      "IfcDoor.OverallWidth of the one door with Pset_DoorCommon.IsExternal = TRUE"),
    Q(SH, "german", "Welche Höhe hat das Fenster 286105?",
      lambda m: lookup(tagged(m, WINDOW, "286105"), OH_, "mm"), "IfcWindow.OverallHeight of the window tagged 286105"),
    Q(SH, "lookup", "Is door 285860 external?",
      lambda m: boolean(tagged(m, DOOR, "285860"), "Pset_DoorCommon", "IsExternal"),
      "Pset_DoorCommon.IsExternal of the door tagged 285860"),
    # ======================================================== domestic-hot-water (IFC4)
    Q(DHW, "lookup", "What type is the boiler?",
      lambda m: lookup(only(m, "IfcBoiler"), type_name, None), "the type object's Name of the one IfcBoiler"),
    Q(DHW, "edge", "boiler manufacturer",
      lambda m: declines(only(m, "IfcBoiler"), MAKER), "the boiler holds no property sets: decline"),
    Q(DHW, "lookup", "what is the slab made of?",
      lambda m: materials(only(m, "IfcSlab")), "material names of the one IfcSlab"),
    Q(DHW, "lookup", "which type are the valves?",
      lambda m: lookup(m.of("IfcValve"), type_name, None), "the type object's Name of each IfcValve"),
    # ======================================================== WP_Puffer_FWS_FBH10 (IFC4)
    Q(WP, "lookup", "What is the storage volume of the Pufferspeicher?",
      lambda m: lookup(m.of("IfcFlowStorageDevice"), prop("Pset_TankTypeCommon", "Storage volume"), None),
      "Pset_TankTypeCommon.Storage volume of the one storage device, named 'Pufferspeicher mit Heizstab xyz'"),
    Q(WP, "lookup", "Frischwasserstation transmission power?",
      lambda m: lookup(m.of("IfcUnitaryEquipment", name_is("Frischwasserstation")),
                       prop("Pset_UnitaryEquipmentTypeCommon", "Transmission power"), None),
      "Pset_UnitaryEquipmentTypeCommon.Transmission power of the Frischwasserstation"),
    Q(WP, "edge", "Who is the manufacturer of the Wärmepumpe?",
      lambda m: declines(m.of("IfcUnitaryEquipment", name_is("Wärmepumpe")), MAKER),
      "the heat pump holds no property sets: decline"),
    Q(WP, "lookup", "what type is the Wärmepumpe",
      lambda m: lookup(m.of("IfcUnitaryEquipment", name_is("Wärmepumpe")), type_name, None),
      "the type object's Name of the unit named Wärmepumpe"),
    # ======================================================== AC11-Institute (m)
    Q(INS, "german", "Welchen U-Wert hat die Tür Tür-015?",
      lambda m: lookup(m.of(DOOR, name_is("Tür-015")), U_D, None),
      "Pset_DoorCommon.ThermalTransmittance of the doors named Tür-015"),
    Q(INS, "edge", "What is the width of door D12?",
      lambda m: absent(m, DOOR, lambda e: "D12" in (e.Name or "") or e.Tag == "D12"),
      "no door is named or tagged D12: decline"),
    # ======================================================== KIT-EDC (m)
    Q(EDC, "lookup", "is door 1y90eyfD3LdzLiOC5qF6yE an exterior door?",
      lambda m: boolean([guid(m, "1y90eyfD3LdzLiOC5qF6yE")], "Pset_DoorCommon", "IsExternal"),
      "Pset_DoorCommon.IsExternal of that GlobalId"),
    Q(EDC, "lookup", "tell me the type of door 0_jvLBWVLj003WMtA3M6wo",
      lambda m: lookup([guid(m, "0_jvLBWVLj003WMtA3M6wo")], type_name, None), "the type object's Name of that door"),
    # ======================================================== ExampleHOM (m)
    Q(HOM, "lookup", "Give me the height of GroundFloor_Door2",
      lambda m: lookup(m.of(DOOR, name_is("GroundFloor_Door2")), OH_, "m"),
      "Qto_DoorBaseQuantities.Height of GroundFloor_Door2"),
    Q(HOM, "lookup", "What is the width of the DT01 doors?",
      lambda m: lookup(of_type(m, DOOR, "DT01"), OW, "m"), "Qto_DoorBaseQuantities.Width of the doors of type DT01"),
    # ======================================================== 3rooms (IFC4)
    Q(R3, "lookup", "How wide is the Haustuer?",
      lambda m: lookup(of_type(m, DOOR, "Haustuer"), OW, "m"),
      "Qto_DoorBaseQuantities.Width of the door of type Haustuer (its Name is 'Door')"),
    Q(R3, "edge", "acoustic rating of the Haustuer?",
      lambda m: declines(of_type(m, DOOR, "Haustuer"), ACOUSTIC),
      "Pset_DoorCommon.AcousticRating of the door of type Haustuer is unset: decline"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round6")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
