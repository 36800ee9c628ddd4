"""Hand checks of people_nineteenth.json: a second walk, written differently, re-derives all 32 answerable intents.

    python bench/spatial/people_nineteenth_handchecks.py [--ifc-dir ../shared/ifc] [--json ...]

The oracles script walks up from every element to its storey through ``people_oracles.Model`` and reads
properties, quantities and types with ``ifcopenshell.util.element``. This script walks down from the storey
instead (the storey's IfcRelAggregates and IfcRelContainedInSpatialStructure, recursively, plus the fillings of
the openings of what it finds) and reads the file's IfcRelDefinesByProperties, IfcRelDefinesByType and
IfcRelSpaceBoundary instances directly (the ``Walk`` of the seventeenth set's hand checks, imported from it, as
the eighteenth set's hand checks do); length units come from the project's IfcUnitAssignment. The rail model's
alignment length is read from its 'End' referent's distance along (not the sum of segment lengths), the signals'
distances from the IfcPointByDistanceExpression instances the file holds, the door's wall from the wall's
HasOpenings / HasFillings (not the door's FillsVoids). Each result is compared with all four committed phrasings of
its intent; the exit code is 1 on any mismatch, 2 without the models. Every non-decline intent of the set is
checked.
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
DEFAULT_JSON = HERE / "people_nineteenth.json"
PREFIX = "nineteenth"


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

INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
LPS = "linear-placement-of-signal.ifc"
GSA = ("GSA Space Areas", "GSA BIM Area")
BQ = "BaseQuantities"


def flag(w: Walk, cls_name: str, pset: str, prop: str, value: bool) -> list[Any]:
    return [e for e in w.f.by_type(cls_name) if w.get(e, pset, prop) is value]


def most(w: Walk, names: list[str], cls_name: str) -> dict[str, Any]:
    sizes = {s: len(w.on(s, cls_name)) for s in names}
    pick = max(sizes, key=lambda s: sizes[s])
    assert list(sizes.values()).count(sizes[pick]) == 1, sizes
    return {"type": "storeys", "value": [pick]}


def storey_of_space(w: Walk, long_name: str) -> dict[str, Any]:
    return {"type": "storeys", "value": sorted(
        s.Name for s in w.f.by_type("IfcBuildingStorey")
        if any(x.is_a("IfcSpace") and x.LongName == long_name for x in w.below(s)))}


def unfurnished(w: Walk, storey: str) -> list[Any]:
    return [s for s in w.below(w.storey(storey))
            if s.is_a("IfcSpace") and not w.contained(s, "IfcFurnishingElement")]


def further_signal(w: Walk) -> dict[str, Any]:
    """The signal whose placement's IfcPointByDistanceExpression lies further along (read from the file's
    expressions, traversed from each signal's placement)."""
    along = {}
    for signal in w.f.by_type("IfcSignal"):
        (point,) = [x for x in w.f.traverse(signal.ObjectPlacement) if x.is_a("IfcPointByDistanceExpression")]
        along[signal.GlobalId] = point.DistanceAlong.wrappedValue
    best = max(along, key=lambda g: along[g])
    return {"type": "elements", "guids": [best]}


def end_referent(w: Walk) -> dict[str, Any]:
    """The alignment's length as the distance along of its referent named 'End'."""
    (end,) = [r for r in w.f.by_type("IfcReferent") if r.Name == "End"]
    return num(float(end.ObjectPlacement.RelativePlacement.Location.DistanceAlong.wrappedValue), "m")


def door_wall(w: Walk) -> dict[str, Any]:
    hosts = [wall for wall in w.f.by_type("IfcWall") for rel in wall.HasOpenings or ()
             for fill in rel.RelatedOpeningElement.HasFillings or () if fill.RelatedBuildingElement.is_a("IfcDoor")]
    return el(hosts)


def not_bath(w: Walk) -> dict[str, Any]:
    return el([t for t in w.f.by_type("IfcSanitaryTerminal")
               if (t.PredefinedType or w.type_of(t).PredefinedType) != "BATH"])


def bedroom_area(w: Walk) -> dict[str, Any]:
    return num(sum(q(w, s, *GSA) for s in w.f.by_type("IfcSpace") if "Bedroom" in (s.LongName or "")), "m²")


CHECKS: list[Check] = [
    ("storey_class-01", INS, lambda w: n(w.on("1. Obergeschoss", "IfcDoor"))),
    ("storey_class-03", EDC, lambda w: n(w.on("1.OG", "IfcWindow"))),
    ("storey_class-04", DUP, lambda w: n(w.on("Level 2", "IfcFurnishingElement"))),
    ("comparison-01", INS, lambda w: larger(w, "Labor I", "Buero Studenten I", BQ, "NetFloorArea")),
    ("comparison-02", EDC, lambda w: most(w, ["EG", "2.OG"], "IfcDoor")),
    ("comparison-03", LPS, further_signal),
    ("comparison-04", DUP, lambda w: larger(w, "B202", "B203", *GSA)),
    ("edge-01", INS, lambda w: yn(len(w.f.by_type("IfcStair")) > 0)),
    ("edge-02", DUP, lambda w: n(list(w.f.by_type("IfcFooting")))),
    ("edge-03", R3, lambda w: n(list(w.f.by_type("IfcAirTerminal")))),
    ("edge-04", RQ, lambda w: yn(len(w.f.by_type("IfcFurnishingElement")) > 0)),
    ("rooms-01", INS, lambda w: n(w.contained(w.space("Seminarraum"), "IfcFurnishingElement"))),
    ("rooms-02", DUP, lambda w: n(w.contained(w.space("B103"), "IfcFurnishingElement"))),
    ("rooms-03", EDC, lambda w: n(w.bounds(w.space("17"), "IfcDoor"))),
    ("qualifiers-01", INS, lambda w: el(flag(w, "IfcDoor", "Pset_DoorCommon", "IsExternal", True))),
    ("qualifiers-02", EDC, lambda w: n(flag(w, "IfcWall", "Pset_WallCommon", "IsExternal", True))),
    ("qualifiers-03", DUP, lambda w: n(flag(w, "IfcWall", "Pset_WallCommon", "LoadBearing", True))),
    ("quantities-01", INS, lambda w: num(q(w, w.space("Seminarraum"), BQ, "NetVolume"), "m³")),
    ("quantities-02", LPS, end_referent),
    ("quantities-03", DUP, bedroom_area),
    ("negation-01", INS, lambda w: el(unfurnished(w, "2. Obergeschoss"))),
    ("negation-03", DHW, not_bath),
    ("negation-04", EDC, lambda w: n(on_all(w, others(w, "EG"), cls("IfcDoor")))),
    ("multi_storey-01", INS, lambda w: n(w.on("Keller", "IfcWindow") + w.on("Erdgeschoss", "IfcWindow"))),
    ("multi_storey-04", DUP, lambda w: n(w.on("T/FDN", "IfcWall") + w.on("Level 1", "IfcWall"))),
    ("german-01", INS, lambda w: n(w.on("Erdgeschoss", "IfcDoor"))),
    ("german-02", INS, lambda w: el(w.bounds(w.space("Besprechungsraum I"), "IfcWindow"))),
    ("german-03", FZK, lambda w: num(q(w, w.space("Küche"), BQ, "NetFloorArea"), "m²")),
    ("lookup-01", INS, lambda w: storey_of_space(w, "Buero Hausmeister")),
    ("lookup-02", OH, door_wall),
    ("lookup-03", INS, lambda w: num(float(w.storey("Dachgeschoss").Elevation) * length_scale(w), "m")),
    ("lookup-04", DUP, lambda w: where(w, cls("IfcFooting"))),
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
