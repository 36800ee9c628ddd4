"""Hand checks of people_seventeenth.json: a second walk, written differently, re-derives 33 intents.

    python bench/spatial/people_seventeenth_handchecks.py [--ifc-dir ../shared/ifc] [--json ...]

The oracles script walks up from every element to its storey through ``people_oracles.Model`` and reads
properties, quantities and types with ``ifcopenshell.util.element``. This script walks down from the storey
instead (the storey's IfcRelAggregates and IfcRelContainedInSpatialStructure, recursively, plus the fillings of
the openings of what it finds) and reads the file's IfcRelDefinesByProperties, IfcRelDefinesByType and
IfcRelSpaceBoundary instances directly (the ``Walk`` of ``people_sixteenth_handchecks.py``, copied so that this
file stands alone); length units come from the project's IfcUnitAssignment. Each result is compared with all four
committed phrasings of its intent; the exit code is 1 on any mismatch, 2 without the models. Every non-decline
intent of the set is checked.
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
DEFAULT_JSON = HERE / "people_seventeenth.json"
PREFIX = "seventeenth"


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
INS = "AC11-Institute-Var-2-IFC.ifc"
LB = "LargeBuilding.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
DHW = "domestic-hot-water.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
HE = "Heizung-Elektro_080729.ifc"
LPS = "linear-placement-of-signal.ifc"


def n(es: list[Any]) -> dict[str, Any]:
    return {"type": "count", "value": len({e.GlobalId for e in es}), "guids": guids(es)}


def el(es: list[Any]) -> dict[str, Any]:
    return {"type": "elements", "guids": guids(es)}


def num(value: float, unit: str) -> dict[str, Any]:
    return {"type": "number", "unit": unit, "value": value}


def yn(value: bool) -> dict[str, Any]:
    return {"type": "yes_no", "value": value}


def most(w: Walk, names: list[str], test: Callable[[Any], bool]) -> dict[str, Any]:
    sizes = {s: len(w.on_where(s, test)) for s in names}
    pick = max(sizes, key=lambda s: sizes[s])
    assert list(sizes.values()).count(sizes[pick]) == 1, sizes
    return {"type": "storeys", "value": [pick]}


def length_scale(w: Walk) -> float:
    """Metres per file length unit, read from the project's IfcSIUnit (the oracles use ifcopenshell.util.unit)."""
    (project,) = w.f.by_type("IfcProject")
    (unit,) = [u for u in project.UnitsInContext.Units if u.is_a("IfcSIUnit") and u.UnitType == "LENGTHUNIT"]
    return {None: 1.0, "MILLI": 0.001, "CENTI": 0.01}[unit.Prefix]


def q(w: Walk, e: Any, qset: str, name: str) -> float:
    return float(w.get(e, qset, name))


def larger(w: Walk, a: str, b: str, qset: str, name: str) -> dict[str, Any]:
    sa, sb = w.space(a), w.space(b)
    return el([sa if q(w, sa, qset, name) > q(w, sb, qset, name) else sb])


def on_all(w: Walk, names: list[str], test: Callable[[Any], bool]) -> list[Any]:
    return [e for s in names for e in w.on_where(s, test)]


def others(w: Walk, but: str) -> list[str]:
    return [s.Name for s in w.f.by_type("IfcBuildingStorey") if s.Name != but]


def where(w: Walk, test: Callable[[Any], bool]) -> dict[str, Any]:
    return {"type": "storeys", "value": sorted(
        s.Name for s in w.f.by_type("IfcBuildingStorey") if w.on_where(s.Name, test))}


def cls(name: str) -> Callable[[Any], bool]:
    return lambda e: e.is_a(name)


def empty_of_furniture(w: Walk) -> list[Any]:
    return [s for s in w.f.by_type("IfcSpace") if not w.contained(s, "IfcFurnishingElement")]


CHECKS: list[Check] = [
    ("storey_class-01", HE, lambda w: n(w.on_where("Obergeschoss", w.typed("IfcOutletType")))),
    ("storey_class-02", FZK11, lambda w: n(w.on("Dachgeschoss", "IfcWindow"))),
    ("storey_class-03", LB, lambda w: n(w.on("Level 2", "IfcWindow"))),
    ("comparison-01", HE, lambda w: most(w, ["EG", "Dachgeschoss"], w.typed("IfcSpaceHeaterType"))),
    ("comparison-02", FZK11, lambda w: larger(w, "Schlafzimmer", "Wohnen", "BaseQuantities", "NetFloorArea")),
    ("comparison-03", DEL, lambda w: most(w, ["Level 1", "Level 2"], w.typed("IfcOutletType"))),
    ("comparison-04", OH, lambda w: yn(len(w.f.by_type("IfcWindow")) > len(w.f.by_type("IfcDoor")))),
    ("edge-01", OH, lambda w: n(list(w.f.by_type("IfcBuildingStorey")))),
    ("edge-02", DHW, lambda w: el(list(w.f.by_type("IfcSanitaryTerminal")))),
    ("edge-03", LPS, lambda w: yn(len(w.f.by_type("IfcSignal")) > 0)),
    ("edge-04", HE, lambda w: n([e for e in w.f.by_type("IfcProduct") if w.typed("IfcProtectiveDeviceType")(e)])),
    ("rooms-01", FZK11, lambda w: n(w.contained(w.space("Küche"), "IfcFurnishingElement"))),
    ("rooms-03", R3, lambda w: el(w.bounds(w.space("Bad"), "IfcWindow"))),
    ("qualifiers-01", FZK11, lambda w: n([d for d in w.f.by_type("IfcDoor")
                                          if w.get(d, "Pset_DoorCommon", "IsExternal") is True])),
    ("qualifiers-03", LB, lambda w: n([x for x in w.f.by_type("IfcWall")
                                       if q(w, x, "BaseQuantities", "Length") * length_scale(w) > 10])),
    ("qualifiers-04", R3, lambda w: el([s for s in w.f.by_type("IfcSpace")
                                        if q(w, s, "Qto_SpaceBaseQuantities", "NetFloorArea") > 20])),
    ("quantities-01", FZK11, lambda w: num(q(w, w.space("Galerie"), "BaseQuantities", "NetVolume"), "m³")),
    ("quantities-02", LB, lambda w: num(q(w, w.space("3"), "BaseQuantities", "NetFloorArea"), "m²")),
    ("quantities-03", RQ, lambda w: el([max(w.f.by_type("IfcSpace"),
                                            key=lambda s: q(w, s, "GSA Space Areas", "GSA BIM Area"))])),
    ("negation-01", HE, lambda w: n(on_all(w, others(w, "EG"), w.typed("IfcSpaceHeaterType")))),
    ("negation-02", DEL, lambda w: n(on_all(w, others(w, "Level 1"), w.typed("IfcOutletType")))),
    ("negation-03", LB, lambda w: el(empty_of_furniture(w))),
    ("negation-04", INS, lambda w: n(on_all(w, others(w, "Keller"), cls("IfcDoor")))),
    ("multi_storey-01", HE, lambda w: n(on_all(w, ["Kellergeschoss", "EG"], w.typed("IfcLightFixtureType")))),
    ("multi_storey-03", INS, lambda w: n(w.on("1. Obergeschoss", "IfcDoor") + w.on("2. Obergeschoss", "IfcDoor"))),
    ("multi_storey-04", EDC, lambda w: n(w.on("EG", "IfcWindow") + w.on("2.OG", "IfcWindow"))),
    ("german-01", HE, lambda w: n(w.on_where("Obergeschoss", w.typed("IfcLightFixtureType")))),
    ("german-02", FZK11, lambda w: el(w.bounds(w.space("Schlafzimmer"), "IfcWindow"))),
    ("german-03", WP, lambda w: n(list(w.f.by_type("IfcValve")))),
    ("lookup-01", FZK11, lambda w: num(float(w.storey("Dachgeschoss").Elevation) * length_scale(w), "m")),
    ("lookup-02", HE, lambda w: where(w, w.typed("IfcProtectiveDeviceType"))),
    ("lookup-03", DEL, lambda w: where(w, w.typed("IfcFanType"))),
    ("lookup-04", LB, lambda w: num(float(w.storey("Level 2").Elevation) * length_scale(w), "m")),
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
