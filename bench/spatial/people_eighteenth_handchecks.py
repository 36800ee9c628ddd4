"""Hand checks of people_eighteenth.json: a second walk, written differently, re-derives all 32 answerable intents.

    python bench/spatial/people_eighteenth_handchecks.py [--ifc-dir ../shared/ifc] [--json ...]

The oracles script walks up from every element to its storey through ``people_oracles.Model`` and reads
properties, quantities and types with ``ifcopenshell.util.element``. This script walks down from the storey
instead (the storey's IfcRelAggregates and IfcRelContainedInSpatialStructure, recursively, plus the fillings of
the openings of what it finds) and reads the file's IfcRelDefinesByProperties, IfcRelDefinesByType and
IfcRelSpaceBoundary instances directly (the ``Walk`` of the seventeenth set's hand checks, imported from it);
length units come from the project's IfcUnitAssignment; "is there a stair" scans every
IfcProduct's class and name. Each result is compared with all four committed phrasings of its intent; the exit
code is 1 on any mismatch, 2 without the models. Every non-decline intent of the set is checked.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_JSON = HERE / "people_eighteenth.json"
PREFIX = "eighteenth"


sys.path.insert(0, str(HERE))
from people_seventeenth_handchecks import (  # noqa: E402  (the same downward walk and result helpers)
    Walk,
    agrees,
    cls,
    el,
    larger,
    length_scale,
    n,
    num,
    on_all,
    others,
    q,
    where,
    yn,
)

# Each check: (intent, model, function of the Walk -> the expected oracle fields to compare)
Check = tuple[str, str, Callable[[Walk], dict[str, Any]]]

EDC = "KIT-EDC_with_SB.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
FZK = "AC20-FZK-Haus.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
DHW = "domestic-hot-water.ifc"
SH = "Ifc4_SampleHouse.ifc"
HOM = "ExampleHOM.ifc"
DUP = "Duplex_A_20110907.ifc"
GSA = ("GSA Space Areas", "GSA BIM Area")


def stairs(w: Walk) -> dict[str, Any]:
    """Any product that is a stair, a stair flight or a ramp, or whose name says stair / Treppe."""
    found = [p for p in w.f.by_type("IfcProduct")
             if p.is_a() in ("IfcStair", "IfcStairFlight", "IfcRamp")
             or any(word in (p.Name or "").lower() for word in ("stair", "treppe"))]
    return yn(bool(found))


def flag(w: Walk, cls_name: str, pset: str, prop: str, value: bool) -> list[Any]:
    return [e for e in w.f.by_type(cls_name) if w.get(e, pset, prop) is value]


def storeys_holding(w: Walk, test: Callable[[Any], bool]) -> dict[str, Any]:
    return {"type": "storeys", "value": sorted(
        s.Name for s in w.f.by_type("IfcBuildingStorey") if any(test(x) for x in w.below(s)))}


def utility(x: Any) -> bool:
    return bool(x.is_a("IfcSpace") and x.LongName == "Utility")


def small_office(x: Any) -> bool:
    return bool(x.LongName == "small office")


CHECKS: list[Check] = [
    ("storey_class-01", HOM, lambda w: n(w.on("GroundFloor", "IfcDoor"))),
    ("storey_class-02", DUP, lambda w: n(w.on("Level 2", "IfcWindow"))),
    ("comparison-01", RQ, lambda w: larger(w, "2", "7", *GSA)),
    ("comparison-02", DHW, lambda w: yn(len(w.f.by_type("IfcValve")) > len(w.f.by_type("IfcPipeSegment")))),
    ("comparison-03", WP, lambda w: yn(len(w.f.by_type("IfcValve")) > len(w.f.by_type("IfcPump")))),
    ("edge-01", SH, lambda w: yn(len(w.f.by_type("IfcCurtainWall")) > 0)),
    ("edge-02", RQ, lambda w: n(list(w.f.by_type("IfcBuildingStorey")))),
    ("edge-03", HOM, stairs),
    ("edge-04", EDC, lambda w: n(list(w.f.by_type("IfcDoor")))),
    ("rooms-02", SH, lambda w: n(w.contained(w.space("Bedroom"), "IfcFurnishingElement"))),
    ("rooms-03", HOM, lambda w: el(w.bounds(w.space("Kitchen5"), "IfcWindow"))),
    ("rooms-04", R3, lambda w: el(w.bounds(w.space("Wohnen"), "IfcWindow"))),
    ("qualifiers-01", RQ, lambda w: n(flag(w, "IfcWall", "Pset_WallCommon", "LoadBearing", True))),
    ("qualifiers-03", SH, lambda w: n(flag(w, "IfcDoor", "Pset_DoorCommon", "IsExternal", False))),
    ("qualifiers-04", DUP, lambda w: el(flag(w, "IfcWindow", "Pset_WindowCommon", "IsExternal", False))),
    ("quantities-01", HOM, lambda w: num(q(w, w.space("Living1"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³")),
    ("quantities-02", DUP, lambda w: num(q(w, w.space("A203"), *GSA), "m²")),
    ("quantities-03", RQ, lambda w: num(sum(q(w, s, *GSA) for s in w.f.by_type("IfcSpace") if small_office(s)),
                                        "m²")),
    ("negation-01", FZK, lambda w: n(on_all(w, others(w, "Erdgeschoss"), cls("IfcWindow")))),
    ("negation-02", HOM, lambda w: el([s for s in w.f.by_type("IfcSpace") if not w.bounds(s, "IfcWindow")])),
    ("negation-03", DUP, lambda w: n(on_all(w, others(w, "Level 1"), cls("IfcDoor")))),
    ("negation-04", RQ, lambda w: el([s for s in w.f.by_type("IfcSpace") if not small_office(s)])),
    ("multi_storey-02", DUP, lambda w: n(w.on("Level 1", "IfcWindow") + w.on("Level 2", "IfcWindow"))),
    ("multi_storey-03", EDC, lambda w: n(w.on("1.OG", "IfcDoor") + w.on("2.OG", "IfcDoor"))),
    ("multi_storey-04", HOM, lambda w: n(w.on("1stFloor", "IfcWall") + w.on("attic", "IfcWall"))),
    ("german-01", FZK, lambda w: n(w.on("Dachgeschoss", "IfcWindow"))),
    ("german-02", FZK, lambda w: el(w.bounds(w.space("Küche"), "IfcWindow"))),
    ("german-03", WP, lambda w: n(list(w.f.by_type("IfcPump")))),
    ("lookup-01", EDC, lambda w: num(float(w.storey("2.OG").Elevation) * length_scale(w), "m")),
    ("lookup-02", R3, lambda w: where(w, cls("IfcSpaceHeater"))),
    ("lookup-04", DUP, lambda w: storeys_holding(w, utility)),
    ("lookup-05", SH, lambda w: num(float(w.storey("Roof").Elevation) * length_scale(w), "m")),
]


def run(ifc_dir: Path, data: list[dict[str, Any]]) -> list[str]:
    """The mismatches (empty when every check agrees with all four phrasings of its intent)."""
    by_intent: dict[str, list[dict[str, Any]]] = {}
    for item in data:
        by_intent.setdefault(item["intent"], []).append(item)
    walks: dict[str, Walk] = {}
    problems = []
    for intent, model, fn in CHECKS:
        if model not in walks:
            walks[model] = Walk(ifc_dir / model)
        expected = fn(walks[model])
        records = by_intent.get(f"{PREFIX}-{intent}", [])
        if len(records) != 4:
            problems.append(f"{intent}: {len(records)} phrasings found")
        for item in records:
            if item["ifc_filename"] != model or not agrees(expected, item["oracle"]):
                problems.append(f"{item['id']}: expected {expected}, committed {item['oracle']}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}", file=sys.stderr)
        return 2
    problems = run(args.ifc_dir, json.loads(args.json.read_text(encoding="utf-8")))
    for p in problems:
        print(p)
    print(f"{len(CHECKS) - len({p.split(':')[0].rsplit('-', 1)[0] for p in problems})}/{len(CHECKS)} intents agree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
