"""Hand checks of people_fourteenth.json: a second walk, written differently, re-derives 31 intents.

    python bench/spatial/people_fourteenth_handchecks.py [--ifc-dir ../shared/ifc] [--json ...]

The oracles script walks up from every element to its storey through ``people_oracles.Model`` and reads
properties with ``ifcopenshell.util.element``. This script walks down from the storey instead (the
storey's IfcRelAggregates and IfcRelContainedInSpatialStructure, recursively, plus the fillings of the
openings of what it finds) and reads the file's IfcRelDefinesByProperties, IfcRelDefinesByType,
IfcRelSpaceBoundary and IfcRelAssociatesMaterial instances directly. Each result is compared with all four
committed phrasings of its intent; the exit code is 1 on any mismatch, 2 without the models.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_JSON = HERE / "people_fourteenth.json"


class Walk:
    """One model, read through its relationship instances only."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.props: dict[int, dict[str, Any]] = {}
        for rel in self.f.by_type("IfcRelDefinesByProperties"):
            definition = rel.RelatingPropertyDefinition
            for obj in rel.RelatedObjects:
                self._read(obj.id(), definition)
        for rel in self.f.by_type("IfcRelDefinesByType"):
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

    def materials(self, e: Any) -> list[str]:
        names = []
        for rel in self.f.by_type("IfcRelAssociatesMaterial"):
            if e in rel.RelatedObjects:
                mat = rel.RelatingMaterial
                names.append(mat.Name if mat.is_a("IfcMaterial") else f"<{mat.is_a()}>")
        return names


def guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


# Each check: (intent, model, function of the Walk -> the expected oracle fields to compare)
Check = tuple[str, str, Callable[[Walk], dict[str, Any]]]

INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
DUP = "Duplex_A_20110907.ifc"
SH = "Ifc4_SampleHouse.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
LB = "LargeBuilding.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
SIG = "linear-placement-of-signal.ifc"


def n(es: list[Any]) -> dict[str, Any]:
    return {"type": "count", "value": len({e.GlobalId for e in es}), "guids": guids(es)}


def el(es: list[Any]) -> dict[str, Any]:
    return {"type": "elements", "guids": guids(es)}


def most(w: Walk, names: list[str], cls: str, fewest: bool = False) -> dict[str, Any]:
    sizes = {s: len(w.on(s, cls)) for s in names}
    pick = (min if fewest else max)(sizes, key=lambda s: sizes[s])
    assert list(sizes.values()).count(sizes[pick]) == 1, sizes
    return {"type": "storeys", "value": [pick]}


def length_scale(w: Walk) -> float:
    """Metres per file length unit, read from the project's IfcSIUnit (the oracles use ifcopenshell.util.unit)."""
    (project,) = w.f.by_type("IfcProject")
    (unit,) = [u for u in project.UnitsInContext.Units if u.is_a("IfcSIUnit") and u.UnitType == "LENGTHUNIT"]
    return {None: 1.0, "MILLI": 0.001, "CENTI": 0.01}[unit.Prefix]


def area(w: Walk, es: list[Any], qset: str, qname: str, how: str = "sum") -> float:
    vals = [float(w.get(e, qset, qname)) for e in es]
    return sum(vals) if how == "sum" else sum(vals) / len(vals)


CHECKS: list[Check] = [
    ("storey_class-01", INS, lambda w: n(w.on("Keller", "IfcDoor"))),
    ("storey_class-02", EDC, lambda w: n(w.on("1.OG", "IfcWindow"))),
    ("storey_class-03", HOM, lambda w: el(w.on("1stFloor", "IfcWall"))),
    ("comparison-01", INS, lambda w: most(w, ["1. Obergeschoss", "2. Obergeschoss"], "IfcDoor")),
    ("comparison-02", DUP, lambda w: most(w, ["Level 1", "Level 2"], "IfcWindow")),
    ("comparison-03", EDC, lambda w: most(w, ["EG", "1.OG", "2.OG"], "IfcDoor", fewest=True)),
    ("edge-01", OH, lambda w: n(list(w.f.by_type("IfcWindow")))),
    ("edge-02", SIG, lambda w: n(list(w.f.by_type("IfcSignal")))),
    ("rooms-01", INS, lambda w: el(w.contained(w.space("Buero Studenten III"), "IfcFurnishingElement"))),
    ("rooms-02", HOM, lambda w: el(w.bounds(w.space("Corridor3"), "IfcDoor"))),
    ("rooms-03", R3, lambda w: el(w.bounds(w.space("Wohnen"), "IfcWindow"))),
    ("qualifiers-01", DUP, lambda w: el([d for d in w.on("Level 1", "IfcDoor")
                                         if w.get(d, "Pset_DoorCommon", "IsExternal") is True])),
    ("qualifiers-02", INS, lambda w: n([x for x in w.on("Erdgeschoss", "IfcWall")
                                        if w.get(x, "Pset_WallCommon", "LoadBearing") is True])),
    ("qualifiers-03", SH, lambda w: el([d for d in w.f.by_type("IfcDoor")
                                        if w.get(d, "Pset_DoorCommon", "IsExternal") is False])),
    ("quantities-01", INS, lambda w: {"type": "number", "unit": "m²", "value": area(
        w, [w.space("Seminarraum")], "BaseQuantities", "NetFloorArea")}),
    ("quantities-02", HOM, lambda w: {"type": "number", "unit": "m²", "value": area(
        w, [s for s in w.below(w.storey("GroundFloor")) if s.is_a("IfcSpace")],
        "Qto_SpaceBaseQuantities", "NetFloorArea")}),
    ("quantities-03", RQ, lambda w: {"type": "number", "unit": "m²", "value": area(
        w, [s for s in w.f.by_type("IfcSpace") if s.LongName == "small office"], "GSA Space Areas", "GSA BIM Area",
        how="mean")}),
    ("quantities-04", INS, lambda w: el([s for s in w.below(w.storey("1. Obergeschoss")) if s.is_a("IfcSpace")
                                         and (s.LongName or "").startswith("Buero")
                                         and float(w.get(s, "BaseQuantities", "GrossFloorArea")) > 20])),
    ("negation-01", INS, lambda w: el([s for s in w.below(w.storey("Erdgeschoss")) if s.is_a("IfcSpace")
                                       and not w.contained(s, "IfcFurnishingElement")])),
    ("negation-02", DUP, lambda w: n([x for x in w.on("Level 1", "IfcWall")
                                      if w.get(x, "Pset_WallCommon", "IsExternal") is False])),
    ("negation-03", SH, lambda w: el([x for x in w.f.by_type("IfcFurniture")
                                      if x not in w.contained(w.space("Living room"), "IfcFurniture")])),
    ("negation-04", FZK11, lambda w: el([x for x in w.on("Erdgeschoss", "IfcWindow")
                                         if x not in w.bounds(w.space("Küche"), "IfcWindow")])),
    ("multi_storey-01", INS, lambda w: n(w.on("Keller", "IfcWindow") + w.on("Erdgeschoss", "IfcWindow"))),
    ("multi_storey-02", EDC, lambda w: n(w.on("1.OG", "IfcDoor") + w.on("2.OG", "IfcDoor"))),
    ("multi_storey-03", DUP, lambda w: el(w.on("Level 2", "IfcWindow") + w.on("Roof", "IfcWindow"))),
    ("german-01", FZK, lambda w: n(w.on("Dachgeschoss", "IfcWindow"))),
    ("german-02", INS, lambda w: n(w.contained(w.space("Seminarraum"), "IfcFurnishingElement"))),
    ("german-03", WP, lambda w: n([h for h in w.f.by_type("IfcSpaceHeater")
                                   if (h.Name or "").startswith("Fussbodenheizung")])),
    ("lookup-01", FZK, lambda w: {"type": "number", "unit": "m", "value": float(w.storey("Dachgeschoss").Elevation)}),
    ("lookup-02", DUP, lambda w: {"type": "values", "value": [[k, v] for k, v in Counter(
        m for b in w.on("Level 2", "IfcBeam") for m in w.materials(b)).items()],
        "guids": guids(w.on("Level 2", "IfcBeam"))}),
    ("lookup-03", LB, lambda w: {"type": "number", "unit": "m",
                                 "value": float(w.storey("Level 2").Elevation) * length_scale(w)}),
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
        records = by_intent.get(f"fourteenth-{intent}", [])
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
