"""Hand checks of people_fifteenth.json: a second walk, written differently, re-derives 32 intents.

    python bench/spatial/people_fifteenth_handchecks.py [--ifc-dir ../shared/ifc] [--json ...]

The oracles script walks up from every element to its storey through ``people_oracles.Model`` and reads
properties and types with ``ifcopenshell.util.element``. This script walks down from the storey instead (the
storey's IfcRelAggregates and IfcRelContainedInSpatialStructure, recursively, plus the fillings of the
openings of what it finds) and reads the file's IfcRelDefinesByProperties, IfcRelDefinesByType and
IfcRelSpaceBoundary instances directly (an MEP class word: the type object's class or Name from
IfcRelDefinesByType). Each result is compared with all four committed phrasings of its intent; the exit code
is 1 on any mismatch, 2 without the models.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_JSON = HERE / "people_fifteenth.json"
PREFIX = "fifteenth"


class Walk:
    """One model, read through its relationship instances only."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.props: dict[int, dict[tuple[str, str], Any]] = {}
        for rel in self.f.by_type("IfcRelDefinesByProperties"):
            definition = rel.RelatingPropertyDefinition
            for obj in rel.RelatedObjects:
                self._read(obj.id(), definition)
        self.types: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelDefinesByType"):
            for obj in rel.RelatedObjects:
                self.types[obj.id()] = rel.RelatingType
            for pset in getattr(rel.RelatingType, "HasPropertySets", None) or ():
                for obj in rel.RelatedObjects:
                    self._read(obj.id(), pset, weak=True)

    def _read(self, oid: int, definition: Any, weak: bool = False) -> None:
        bag = self.props.setdefault(oid, {})
        name = definition.Name
        if definition.is_a("IfcPropertySet"):
            pairs = [(p.Name, p.NominalValue.wrappedValue if p.NominalValue is not None else None)
                     for p in definition.HasProperties or () if p.is_a("IfcPropertySingleValue")]
        elif definition.is_a("IfcElementQuantity"):
            pairs = [(qn.Name, qn[3]) for qn in definition.Quantities or () if qn.is_a("IfcPhysicalSimpleQuantity")]
        else:
            return
        for key, value in pairs:
            if weak and (name, key) in bag:
                continue  # the occurrence's own value wins over its type's
            bag[(name, key)] = value

    def get(self, e: Any, pset: str, prop: str) -> Any:
        return self.props.get(e.id(), {}).get((pset, prop))

    def storey(self, name: str) -> Any:
        (found,) = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        return found

    def below(self, node: Any) -> list[Any]:
        """Everything under ``node``: aggregated parts, contained elements, fillings of openings, recursively."""
        out: list[Any] = []
        todo = [node]
        seen = {node.id()}
        while todo:
            x = todo.pop()
            nxt: list[Any] = []
            for rel in getattr(x, "IsDecomposedBy", None) or ():
                nxt += rel.RelatedObjects
            for rel in getattr(x, "ContainsElements", None) or ():
                nxt += rel.RelatedElements
            for rel in getattr(x, "HasOpenings", None) or ():
                for fill in rel.RelatedOpeningElement.HasFillings or ():
                    nxt.append(fill.RelatedBuildingElement)
            for y in nxt:
                if y.id() not in seen:
                    seen.add(y.id())
                    out.append(y)
                    todo.append(y)
        return out

    def on(self, storey: str, cls: str) -> list[Any]:
        return [e for e in self.below(self.storey(storey)) if e.is_a(cls)]

    def space(self, label: str) -> Any:
        (found,) = [s for s in self.f.by_type("IfcSpace") if label in (s.Name, s.LongName)]
        return found

    def contained(self, space: Any, cls: str) -> list[Any]:
        return [e for rel in self.f.by_type("IfcRelContainedInSpatialStructure") if rel.RelatingStructure == space
                for e in rel.RelatedElements if e.is_a(cls)]

    def bounds(self, space: Any, cls: str) -> list[Any]:
        out = {rel.RelatedBuildingElement.GlobalId: rel.RelatedBuildingElement
               for rel in self.f.by_type("IfcRelSpaceBoundary")
               if rel.RelatingSpace == space and rel.RelatedBuildingElement is not None
               and rel.RelatedBuildingElement.is_a(cls)}
        return list(out.values())

    def type_of(self, e: Any) -> Any:
        return self.types.get(e.id())

    def typed(self, type_class: str) -> Callable[[Any], bool]:
        """Elements whose IfcRelDefinesByType type object is a ``type_class``."""
        return lambda e: self.type_of(e) is not None and self.type_of(e).is_a(type_class)

    def type_named(self, word: str) -> Callable[[Any], bool]:
        """Elements whose type object's Name holds ``word``."""
        return lambda e: self.type_of(e) is not None and word in (self.type_of(e).Name or "")

    def on_where(self, storey: str, test: Callable[[Any], bool]) -> list[Any]:
        return [e for e in self.below(self.storey(storey)) if e.is_a("IfcElement") and test(e)]


def guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


# Each check: (intent, model, function of the Walk -> the expected oracle fields to compare)
Check = tuple[str, str, Callable[[Walk], dict[str, Any]]]

EDC = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
LB = "LargeBuilding.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
HE = "Heizung-Elektro_080729.ifc"


def n(es: list[Any]) -> dict[str, Any]:
    return {"type": "count", "value": len({e.GlobalId for e in es}), "guids": guids(es)}


def el(es: list[Any]) -> dict[str, Any]:
    return {"type": "elements", "guids": guids(es)}


def most(w: Walk, names: list[str], test: Callable[[Any], bool]) -> dict[str, Any]:
    sizes = {s: len(w.on_where(s, test)) for s in names}
    pick = max(sizes, key=lambda s: sizes[s])
    assert list(sizes.values()).count(sizes[pick]) == 1, sizes
    return {"type": "storeys", "value": [pick]}


def cls(name: str) -> Callable[[Any], bool]:
    return lambda e: e.is_a(name)


def length_scale(w: Walk) -> float:
    """Metres per file length unit, read from the project's IfcSIUnit (the oracles use ifcopenshell.util.unit)."""
    (project,) = w.f.by_type("IfcProject")
    (unit,) = [u for u in project.UnitsInContext.Units if u.is_a("IfcSIUnit") and u.UnitType == "LENGTHUNIT"]
    return {None: 1.0, "MILLI": 0.001, "CENTI": 0.01}[unit.Prefix]


def spaces_on(w: Walk, storey: str) -> list[Any]:
    return [s for s in w.below(w.storey(storey)) if s.is_a("IfcSpace")]


def m2(value: float) -> dict[str, Any]:
    return {"type": "number", "unit": "m²", "value": value}


RADIATOR = "IfcSpaceHeaterType"


CHECKS: list[Check] = [
    ("storey_class-01", LB, lambda w: n(w.on("Level 2", "IfcWindow"))),
    ("storey_class-02", DEL, lambda w: n(w.on_where("Level 1", w.typed("IfcOutletType")))),
    ("storey_class-03", HOM, lambda w: n(w.on("attic", "IfcWall"))),
    ("comparison-01", LB, lambda w: most(w, ["Level 1", "Level 2"], cls("IfcWindow"))),
    ("comparison-02", DEL, lambda w: most(w, ["Level 1", "Level 2"], w.type_named("Smoke Detector"))),
    ("comparison-03", HOM, lambda w: el([max((w.space("Kitchen5"), w.space("Living1")), key=lambda s: float(
        w.get(s, "Qto_SpaceBaseQuantities", "NetFloorArea")))])),
    ("edge-01", LB, lambda w: n([p for p in w.f.by_type("IfcBuildingElementProxy") if w.type_named("Tree")(p)])),
    ("edge-02", OH, lambda w: n(list(w.f.by_type("IfcWall")))),
    ("edge-03", DHW, lambda w: n(list(w.f.by_type("IfcPipeSegment")))),
    ("rooms-01", R3, lambda w: el(w.bounds(w.space("Kitchen"), "IfcWindow"))),
    ("rooms-02", FZK11, lambda w: n(w.contained(w.space("Küche"), "IfcFurnishingElement"))),
    ("rooms-03", LB, lambda w: n(w.contained(w.space("7"), "IfcFurnishingElement"))),
    ("qualifiers-01", FZK11, lambda w: el([d for d in w.f.by_type("IfcDoor")
                                           if w.get(d, "Pset_DoorCommon", "IsExternal") is True])),
    ("qualifiers-02", FZK, lambda w: n([x for x in w.f.by_type("IfcWall")
                                        if (w.get(x, "Pset_WallCommon", "ThermalTransmittance") or 9.9) < 1.0])),
    ("qualifiers-03", LB, lambda w: el([d for d in w.f.by_type("IfcDoor") if w.type_named("Glass")(d)])),
    ("quantities-01", LB, lambda w: m2(sum(float(w.get(s, "BaseQuantities", "NetFloorArea"))
                                           for s in spaces_on(w, "Level 1")))),
    ("quantities-02", R3, lambda w: m2(float(w.get(w.space("Wohnen"), "Qto_SpaceBaseQuantities", "NetFloorArea")))),
    ("quantities-03", RQ, lambda w: el([max(w.f.by_type("IfcSpace"), key=lambda s: float(
        w.get(s, "GSA Space Areas", "GSA BIM Area")))])),
    ("quantities-04", HOM, lambda w: el([s for s in w.f.by_type("IfcSpace")
                                         if float(w.get(s, "Qto_SpaceBaseQuantities", "NetFloorArea")) < 15])),
    ("negation-01", FZK11, lambda w: n([x for x in w.f.by_type("IfcWall")
                                        if w.get(x, "Pset_WallCommon", "LoadBearing") is False])),
    ("negation-02", DEL, lambda w: n([e for s in ("Level 2", "Roof")
                                      for e in w.on_where(s, w.typed("IfcOutletType"))])),
    ("negation-03", R3, lambda w: el([x for x in w.f.by_type("IfcWindow")
                                      if x not in w.bounds(w.space("Wohnen"), "IfcWindow")])),
    ("negation-04", HE, lambda w: {"type": "storeys", "value": sorted(
        s.Name for s in w.f.by_type("IfcBuildingStorey") if not w.on_where(s.Name, w.typed(RADIATOR)))}),
    ("multi_storey-01", HE, lambda w: n(w.on_where("EG", w.typed(RADIATOR))
                                        + w.on_where("Dachgeschoss", w.typed(RADIATOR)))),
    ("multi_storey-02", EDC, lambda w: n(w.on("EG", "IfcWindow") + w.on("2.OG", "IfcWindow"))),
    ("multi_storey-03", DUP, lambda w: n(w.on("T/FDN", "IfcWall") + w.on("Roof", "IfcWall"))),
    ("german-01", HE, lambda w: n(w.on_where("Dachgeschoss", w.typed(RADIATOR)))),
    ("german-02", WP, lambda w: n(list(w.f.by_type("IfcValve")))),
    ("german-03", FZK11, lambda w: el(w.bounds(w.space("Schlafzimmer"), "IfcWindow"))),
    ("lookup-01", DEL, lambda w: {"type": "storeys", "value": sorted(
        s.Name for s in w.f.by_type("IfcBuildingStorey") if w.on_where(s.Name, w.typed("IfcBoilerType")))}),
    ("lookup-02", RQ, lambda w: {"type": "values", "value": [[w.get(w.space("4"), "PSet_Revit_Identity Data",
                                                                    "Wall Finish"), 1]]}),
    ("lookup-03", HE, lambda w: {"type": "number", "unit": "m",
                                 "value": float(w.storey("Obergeschoss").Elevation) * length_scale(w)}),
]


def agrees(expected: dict[str, Any], oracle: dict[str, Any]) -> bool:
    if expected["type"] != oracle["type"]:
        return False
    if expected["type"] == "number":
        same = math.isclose(expected["value"], oracle["value"], rel_tol=1e-6)
        return bool(expected["unit"] == oracle["unit"] and same)
    return all(oracle.get(k) == v for k, v in expected.items())


def run(ifc_dir: Path, data: list[dict[str, Any]]) -> list[str]:
    """The mismatches (empty when every check agrees with all four phrasings of its intent)."""
    by_intent: dict[str, list[dict[str, Any]]] = {}
    for q in data:
        by_intent.setdefault(q["intent"], []).append(q)
    walks: dict[str, Walk] = {}
    problems = []
    for intent, model, fn in CHECKS:
        if model not in walks:
            walks[model] = Walk(ifc_dir / model)
        expected = fn(walks[model])
        records = by_intent.get(f"{PREFIX}-{intent}", [])
        if len(records) != 4:
            problems.append(f"{intent}: {len(records)} phrasings found")
        for q in records:
            if q["ifc_filename"] != model or not agrees(expected, q["oracle"]):
                problems.append(f"{q['id']}: expected {expected}, committed {q['oracle']}")
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
