"""Property values, units and qualifiers said the way people say them (issue 22, round 22 qual22).

    python bench/spatial/qual22_cases.py [--ifc-dir ../shared/ifc] [--check]   # qual22_cases.json + _b

People say a property's value with a decimal comma ("1,5"), with or without a space before its unit ("150W",
"2.0 W/m²K"), a comparator in their own spelling ("more then", "bigger then", "bis", "über"), a property by its
trade abbreviation ("Uw", "Ud", "U-Wert"), a value that names a TYPE ("fixtures of the 150 W type": the type name
"150W - 120V" holds it), the terse "X - storey?" form (asks where X is) and chat spellings ("wat"). The cases were
written from how such notes are written (energy consultants, electricians, site notes), not from the parser.

Oracles: plain IfcOpenShell through ``people_oracles.Model`` (properties with ``ifcopenshell.util.element``,
occurrence over type; storeys storey-deep). Declines: a property the asked elements do not hold (stairs' U-value,
columns in a model without columns), a unit of another dimension (W/mK is a conductivity, not a U-value; a
U-value "in m"), a type value no type name and no property holds, a restriction the model cannot ground.
Every case is written by hand below; the held-out half (``qual22_cases_b.json``) was written at the same time and
is scored only at the end of the round.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, count, decline, elements, storeys  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "qual22_cases.json"
OUT_HELD = HERE / "qual22_cases_b.json"

Oracle = dict[str, Any]
TT = "ThermalTransmittance"
PSETS = {"IfcDoor": "Pset_DoorCommon", "IfcWindow": "Pset_WindowCommon", "IfcWall": "Pset_WallCommon",
         "IfcSlab": "Pset_SlabCommon"}


def _tt(m: Model, cls: str) -> list[tuple[Any, float]]:
    out = []
    for e in m.of(cls):
        v = m.prop(e, PSETS[cls], TT)
        if isinstance(v, (int, float)):
            out.append((e, float(v)))
    return out


def tt_where(cls: str, test: Callable[[float], bool], as_count: bool = True) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        found = [e for e, v in _tt(m, cls) if test(v)]
        return count(found) if as_count else elements(found)
    return oracle


def tt_values(cls: str) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        pairs = _tt(m, cls)
        dist = Counter(round(v, 4) for _, v in pairs)
        return {"type": "values", "value": sorted([v, n] for v, n in dist.items()), "unit": "W/m²K",
                "guids": sorted(e.GlobalId for e, _ in pairs)}
    return oracle


def type_name_has(cls: str, text: str) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        return count(m.of(cls, Model.type_name_has(text)))
    return oracle


def wattage(cls: str, value: float) -> Callable[[Model], Oracle]:
    """Elements whose TotalWattage (any property set) equals ``value`` (the Revit export holds it as text)."""
    def oracle(m: Model) -> Oracle:
        import ifcopenshell.util.element as ue

        def holds(e: Any) -> bool:
            for props in ue.get_psets(e).values():
                v = props.get("TotalWattage")
                try:
                    if v is not None and float(v) == value:
                        return True
                except (TypeError, ValueError):
                    pass
            return False
        return count(m.of(cls, holds))
    return oracle


def typed_storeys(type_class: str) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        return storeys(m.storey_name(e) for e in m.of(None, Model.typed(type_class)))
    return oracle


def class_storeys(cls: str) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        return storeys(m.storey_name(e) for e in m.of(cls))
    return oracle


def class_elements(cls: str) -> Callable[[Model], Oracle]:
    return lambda m: elements(m.of(cls))


def declines(_m: Model) -> Oracle:
    return decline()


FZK20 = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
SAMPLE = "Ifc4_SampleHouse.ifc"
DUPLEX_E = "Duplex_Electrical_20121207.ifc"
HEIZ = "Heizung-Elektro_080729.ifc"
OPEN = "IfcOpenHouse_IFC4.ifc"

# (id, query, model, kind, oracle, rule)
DEV: list[tuple[str, str, str, str, Callable[[Model], Oracle], str]] = [
    ("tt-comma-01", "doors with U value more then 1,5 - how many?", FZK20, "qualifiers",
     tt_where("IfcDoor", lambda v: v > 1.5), "IfcDoor with Pset_DoorCommon.ThermalTransmittance > 1.5"),
    ("tt-comma-02", "how many walls have a U value above 1,0 W/m2K", FZK20, "qualifiers",
     tt_where("IfcWall", lambda v: v > 1.0), "IfcWall with ThermalTransmittance > 1.0"),
    ("tt-comma-03", "slabs with U < 0,35 pls", FZK20, "qualifiers",
     tt_where("IfcSlab", lambda v: v < 0.35, False), "IfcSlab with ThermalTransmittance < 0.35 (elements)"),
    ("tt-comma-04", "windows with Uw bigger then 1,2, how many", FZK20, "qualifiers",
     tt_where("IfcWindow", lambda v: v > 1.2), "IfcWindow with ThermalTransmittance > 1.2"),
    ("tt-comma-05", "how many walls with U-value of at least 1,5", FZK20, "qualifiers",
     tt_where("IfcWall", lambda v: v >= 1.5), "IfcWall with ThermalTransmittance >= 1.5"),
    ("tt-comma-06", "Türen mit U-Wert bis 1,4 - wie viele?", FZK20, "qualifiers",
     tt_where("IfcDoor", lambda v: v <= 1.4), "IfcDoor with ThermalTransmittance <= 1.4 ('bis' = up to)"),
    ("tt-comma-07", "walls with U value less then 0,4, count", INST, "qualifiers",
     tt_where("IfcWall", lambda v: v < 0.4), "IfcWall with ThermalTransmittance < 0.4"),
    ("tt-comma-08", "walls with U value under 0.3 W/m²K", SAMPLE, "qualifiers",
     tt_where("IfcWall", lambda v: v < 0.3, False), "IfcWall with ThermalTransmittance < 0.3 (elements)"),
    ("tt-eq-01", "doors U 1.4 which ones", FZK20, "qualifiers",
     tt_where("IfcDoor", lambda v: abs(v - 1.4) < 1e-9, False), "IfcDoor with ThermalTransmittance = 1.4"),
    ("tt-lookup-01", "Ud of the doors?", FZK20, "lookup", tt_values("IfcDoor"),
     "Pset_DoorCommon.ThermalTransmittance of every IfcDoor ('Ud' = a door's U-value)"),
    ("tt-lookup-02", "Uw windows pls", FZK20, "lookup", tt_values("IfcWindow"),
     "Pset_WindowCommon.ThermalTransmittance of every IfcWindow ('Uw' = a window's U-value)"),
    ("tt-lookup-03", "U-value walls, what is it", FZK20, "lookup", tt_values("IfcWall"),
     "Pset_WallCommon.ThermalTransmittance of every IfcWall"),
    ("tt-lookup-04", "u-value of slabs?", INST, "lookup", tt_values("IfcSlab"),
     "Pset_SlabCommon.ThermalTransmittance of every IfcSlab"),
    ("tt-lookup-05", "windows Uw-value?", SAMPLE, "lookup", tt_values("IfcWindow"),
     "Pset_WindowCommon.ThermalTransmittance of every IfcWindow"),
    ("type-w-01", "How many fixtures of the 100 W type?", DUPLEX_E, "qualifiers",
     type_name_has("IfcFlowTerminal", "100W"), "elements typed by a type whose name holds '100W' (100W - 120V)"),
    ("type-w-02", "150W light fixtures - count pls", DUPLEX_E, "qualifiers",
     type_name_has("IfcFlowTerminal", "150W"), "elements typed by '150W - 120V' (no property holds 150 W)"),
    ("type-w-03", "boilers of the 147 kW type, how many", DUPLEX_E, "qualifiers",
     type_name_has("IfcEnergyConversionDevice", "147 kW"), "boilers typed '147 kW'"),
    ("type-w-04", "how many light fixtures with 60 W", DUPLEX_E, "qualifiers", wattage("IfcFlowTerminal", 60.0),
     "light fixtures whose TotalWattage = 60 (a property holds the value, no type name does)"),
    ("where-01", "boiler - storey?", HEIZ, "lookup", typed_storeys("IfcBoilerType"),
     "the storeys of the elements typed by IfcBoilerType, storey-deep"),
    ("where-02", "stair - storey?", FZK20, "lookup", class_storeys("IfcStair"), "the storeys of the IfcStair"),
    ("where-03", "boilers: which level?", DUPLEX_E, "lookup", typed_storeys("IfcBoilerType"),
     "the storeys of the boilers (IfcEnergyConversionDevice typed IfcBoilerType)"),
    ("wat-01", "wat doors has the house, list pls", OPEN, "edge", class_elements("IfcDoor"), "every IfcDoor"),
    # declines
    ("d-unit-01", "walls with U value above 0,3 W/mK", INST, "qualifiers", declines,
     "decline: W/mK is a thermal conductivity, not a U-value"),
    ("d-unit-02", "doors with Ud more then 1,5 m", FZK20, "qualifiers", declines,
     "decline: a U-value in metres is no U-value"),
    ("d-prop-01", "U-value of the stairs?", FZK20, "lookup", declines,
     "decline: no stair carries a thermal transmittance"),
    ("d-prop-02", "Uw-value from the windows, what is it", OPEN, "lookup", declines,
     "decline: the model has no property sets"),
    ("d-prop-03", "walls with 150 W, how many", DUPLEX_E, "qualifiers", declines,
     "decline: no wall holds a power"),
    ("d-type-01", "how many light fixtures of the 75 W type", DUPLEX_E, "qualifiers", declines,
     "decline: no type name and no property holds 75 W"),
    ("d-acou-01", "windows with an Rw above 40 dB?", FZK20, "qualifiers", declines,
     "decline: the windows record no acoustic value"),
    ("d-fire-01", "doors with fire rating EI30, how many", FZK20, "qualifiers", declines,
     "decline: the doors' FireRating is empty"),
    ("d-where-01", "boiler - colour?", HEIZ, "lookup", declines, "decline: no colour in the model"),
    ("d-wat-01", "wat doors r broken", OPEN, "edge", declines, "decline: 'broken' cannot be grounded"),
    ("d-store-01", "how many 150 W fixtures on level 5", DUPLEX_E, "qualifiers", declines,
     "decline: the model has no Level 5"),
    ("d-comma-01", "doors with U value more then 1,5 on the 3rd floor", FZK20, "qualifiers", declines,
     "decline: the model has no 3rd floor"),
]

HELD: list[tuple[str, str, str, str, Callable[[Model], Oracle], str]] = [
    ("h-tt-01", "how many windows have Uw above 1,0", FZK20, "qualifiers",
     tt_where("IfcWindow", lambda v: v > 1.0), "IfcWindow with ThermalTransmittance > 1.0"),
    ("h-tt-02", "walls U-value under 0,45, how many", FZK11, "qualifiers",
     tt_where("IfcWall", lambda v: v < 0.45), "IfcWall with ThermalTransmittance < 0.45"),
    ("h-tt-03", "Ud doors, what values", FZK11, "lookup", tt_values("IfcDoor"),
     "Pset_DoorCommon.ThermalTransmittance of every IfcDoor"),
    ("h-tt-04", "slabs with U more then 0,25 how many", INST, "qualifiers",
     tt_where("IfcSlab", lambda v: v > 0.25), "IfcSlab with ThermalTransmittance > 0.25"),
    ("h-tt-05", "what U value have the doors", SAMPLE, "lookup", tt_values("IfcDoor"),
     "Pset_DoorCommon.ThermalTransmittance of every IfcDoor"),
    ("h-tt-06", "u-wert der fenster?", FZK20, "lookup", tt_values("IfcWindow"),
     "Pset_WindowCommon.ThermalTransmittance of every IfcWindow"),
    ("h-type-01", "fixtures of the 100W type count", DUPLEX_E, "qualifiers",
     type_name_has("IfcFlowTerminal", "100W"), "elements typed by '100W - 120V'"),
    ("h-type-02", "147kW boiler how many", DUPLEX_E, "qualifiers",
     type_name_has("IfcEnergyConversionDevice", "147 kW"), "boilers typed '147 kW'"),
    ("h-where-01", "window - storey?", SAMPLE, "lookup", class_storeys("IfcWindow"), "the storeys of the windows"),
    ("h-wat-01", "wat stairs has the building", FZK20, "edge", class_elements("IfcStair"), "every IfcStair"),
    ("h-d-01", "U-value of the columns", FZK20, "lookup", declines, "decline: no column in the model"),
    ("h-d-02", "fixtures of the 40 W type", DUPLEX_E, "qualifiers", declines,
     "decline: no type name and no property holds 40 W"),
    ("h-d-03", "walls with U above 0,3 W/mK how many", INST, "qualifiers", declines,
     "decline: W/mK is a conductivity"),
    ("h-d-04", "doors with a fire rating of F90", FZK11, "qualifiers", declines,
     "decline: the doors record no fire rating"),
    ("h-d-05", "doors over 1,5 dB", FZK20, "qualifiers", declines, "decline: no door holds decibels"),
    ("h-d-06", "boiler - price?", HEIZ, "lookup", declines, "decline: costs are not in the model"),
]


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out = []
    for cid, query, ifc, kind, oracle, rule in (HELD if held else DEV):
        if ifc not in models:
            models[ifc] = Model(ifc_dir / ifc)
        out.append({"id": f"qual22-{cid}", "query": query, "ifc_filename": ifc, "kind": kind,
                    "oracle": oracle(models[ifc]), "oracle_rule": rule, "source": "ifcopenshell"})
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, None, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    raise SystemExit(main())
