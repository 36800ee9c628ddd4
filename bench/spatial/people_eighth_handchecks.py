"""A second, differently written walk over 22 intents of people_eighth.json: do the oracles agree?

    python bench/spatial/people_eighth_handchecks.py [--ifc-dir ../shared/ifc]

``people_eighth_oracles.py`` walks UP from each element (``Model.storey_of``: container, else the element it
is aggregated into, else the element whose opening it fills) and reads properties with
``ifcopenshell.util.element``. This file walks DOWN from each storey instead, through the file's relationship
instances (``IfcRelContainedInSpatialStructure``, ``IfcRelAggregates``, ``IfcRelVoidsElement`` /
``IfcRelFillsElement``), reads types through ``IfcRelDefinesByType``, properties and quantities from the raw
``IfcPropertySet`` / ``IfcElementQuantity`` entities, space boundaries from the file's ``IfcRelSpaceBoundary``
instances, materials from ``IfcRelAssociatesMaterial`` and the length unit from ``IfcUnitAssignment``. Exit 0
when every hand check agrees with the committed JSON, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
JSON = HERE / "people_eighth.json"


class Walk:
    """One model read top-down through its relationship instances."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        # an element's own spatial container wins: a part or a filling reaches its host's storey only when
        # the file gives it no container (a Level 2 door may fill a wall that stands on Level 1)
        self.children: dict[int, list[Any]] = defaultdict(list)
        placed: set[int] = set()
        for rel in self.f.by_type("IfcRelContainedInSpatialStructure"):
            self.children[rel.RelatingStructure.id()].extend(rel.RelatedElements)
            placed.update(e.id() for e in rel.RelatedElements)
        for rel in self.f.by_type("IfcRelAggregates"):
            spatial = rel.RelatingObject.is_a("IfcSpatialStructureElement")
            self.children[rel.RelatingObject.id()].extend(
                o for o in rel.RelatedObjects if spatial or o.id() not in placed)
        openings: dict[int, list[Any]] = defaultdict(list)
        for rel in self.f.by_type("IfcRelVoidsElement"):
            openings[rel.RelatingBuildingElement.id()].append(rel.RelatedOpeningElement)
        for rel in self.f.by_type("IfcRelFillsElement"):
            if rel.RelatedBuildingElement.id() not in placed:
                self.children[rel.RelatingOpeningElement.id()].append(rel.RelatedBuildingElement)
        for host, ops in openings.items():
            self.children[host].extend(ops)
        self.type_of: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelDefinesByType"):
            for obj in rel.RelatedObjects:
                self.type_of[obj.id()] = rel.RelatingType
        self.props: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
        for rel in self.f.by_type("IfcRelDefinesByProperties"):
            pdef = rel.RelatingPropertyDefinition
            table = self._table(pdef)
            if table is None:
                continue
            for obj in rel.RelatedObjects:
                self.props[obj.id()].setdefault(pdef.Name, {}).update(table)

    @staticmethod
    def _table(pdef: Any) -> dict[str, Any] | None:
        if pdef.is_a("IfcPropertySet"):
            return {p.Name: (p.NominalValue.wrappedValue if p.NominalValue is not None else None)
                    for p in pdef.HasProperties or () if p.is_a("IfcPropertySingleValue")}
        if pdef.is_a("IfcElementQuantity"):
            return {qty.Name: qty[3] for qty in pdef.Quantities or () if qty.is_a("IfcPhysicalSimpleQuantity")}
        return None

    def storey(self, name: str) -> Any:
        (found,) = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        return found

    def below(self, root: Any) -> list[Any]:
        """Everything under ``root`` (depth first), openings and virtual elements left out."""
        out: list[Any] = []
        stack = list(self.children.get(root.id(), ()))
        seen: set[int] = set()
        while stack:
            x = stack.pop()
            if x.id() in seen:
                continue
            seen.add(x.id())
            stack.extend(self.children.get(x.id(), ()))
            if x.is_a("IfcElement") and not x.is_a("IfcFeatureElement") and not x.is_a("IfcVirtualElement"):
                out.append(x)
        return out

    def on(self, storey: str, cls: str | None = None, where: Callable[[Any], bool] | None = None) -> list[Any]:
        es = self.below(self.storey(storey))
        return [e for e in es if (cls is None or e.is_a(cls)) and (where is None or where(e))]

    def spaces_on(self, storey: str) -> list[Any]:
        out = []
        stack = [self.storey(storey)]
        while stack:
            x = stack.pop()
            for c in self.children.get(x.id(), ()):
                if c.is_a("IfcSpace"):
                    out.append(c)
                if c.is_a("IfcSpatialStructureElement"):
                    stack.append(c)
        return out

    def type_name(self, e: Any) -> tuple[str | None, str | None]:
        t = self.type_of.get(e.id())
        return (t.is_a(), t.Name) if t is not None else (None, None)

    def prop(self, e: Any, pset: str, name: str) -> Any:
        value = self.props[e.id()].get(pset, {}).get(name)
        if value is None:
            t = self.type_of.get(e.id())
            for p in (getattr(t, "HasPropertySets", None) or ()) if t is not None else ():
                if p.Name == pset:
                    value = (self._table(p) or {}).get(name)
        return value

    def boundary(self, space: Any, cls: str) -> list[Any]:
        out = [r.RelatedBuildingElement for r in self.f.by_type("IfcRelSpaceBoundary")
               if r.RelatingSpace == space and r.RelatedBuildingElement is not None
               and r.RelatedBuildingElement.is_a(cls)]
        return list({e.id(): e for e in out}.values())

    def contained(self, space: Any) -> list[Any]:
        return [e for rel in self.f.by_type("IfcRelContainedInSpatialStructure") if rel.RelatingStructure == space
                for e in rel.RelatedElements]

    def metres_per_length_unit(self) -> float:
        (assignment,) = self.f.by_type("IfcUnitAssignment")
        for u in assignment.Units:
            if u.is_a("IfcSIUnit") and u.UnitType == "LENGTHUNIT":
                return {None: 1.0, "MILLI": 0.001, "CENTI": 0.01}[u.Prefix]
        raise ValueError("no SI length unit")

    def material(self, e: Any) -> list[str]:
        """The material names of ``e``: a single IfcMaterial, or the layers of its layer set (usage)."""
        for rel in self.f.by_type("IfcRelAssociatesMaterial"):
            if e not in rel.RelatedObjects:
                continue
            mat = rel.RelatingMaterial
            if mat.is_a("IfcMaterial"):
                return [mat.Name]
            if mat.is_a("IfcMaterialLayerSetUsage"):
                mat = mat.ForLayerSet
            if mat.is_a("IfcMaterialLayerSet"):
                return sorted({layer.Material.Name for layer in mat.MaterialLayers if layer.Material is not None})
        return []


def ids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def hand_checks(ifc_dir: Path) -> dict[str, dict[str, Any]]:
    """intent -> the oracle as this walk derives it (the same keys the JSON's oracle holds for its type)."""
    cache: dict[str, Walk] = {}

    def w(name: str) -> Walk:
        if name not in cache:
            cache[name] = Walk(ifc_dir / name)
        return cache[name]

    out: dict[str, dict[str, Any]] = {}
    dup = w("Duplex_A_20110907.ifc")
    out["eighth-storey_class-01"] = {"type": "elements", "guids": ids(dup.on("Level 2", "IfcWindow"))}
    edc = w("KIT-EDC_with_SB.ifc")
    out["eighth-storey_class-02"] = {"type": "elements", "guids": ids(edc.on("1.OG", "IfcDoor"))}
    de = w("Duplex_Electrical_20121207.ifc")
    smoke = ids(de.on("Level 2", None, lambda e: de.type_name(e) == ("IfcProtectiveDeviceType", "Smoke Detector")))
    out["eighth-storey_class-03"] = {"type": "elements", "guids": smoke}
    ins = w("AC11-Institute-Var-2-IFC.ifc")
    doors = {s.Name: len(ins.on(s.Name, "IfcDoor")) for s in ins.f.by_type("IfcBuildingStorey")}
    best = max(doors.values())
    out["eighth-comparison-01"] = {"type": "storeys", "value": sorted(k for k, v in doors.items() if v == best)}
    outlets = {s: len(de.on(s, None, lambda e: de.type_name(e)[0] == "IfcOutletType")) for s in ("Level 1", "Level 2")}
    out["eighth-comparison-04"] = {"type": "storeys", "value": [max(outlets, key=lambda k: outlets[k])]}
    ac11 = w("AC11-FZK-Haus-IFC.ifc")
    none = ids(ac11.on("Dachgeschoss", "IfcDoor"))
    out["eighth-edge-04"] = {"type": "count", "value": len(none), "guids": none}
    (r001,) = [s for s in ins.f.by_type("IfcSpace") if s.Name == "001"]
    out["eighth-rooms-02"] = {"type": "elements", "guids": ids(ins.contained(r001))}
    hom = w("ExampleHOM.ifc")
    (kitchen,) = [s for s in hom.f.by_type("IfcSpace") if s.Name == "Kitchen5"]
    out["eighth-rooms-03"] = {"type": "elements", "guids": ids(hom.boundary(kitchen, "IfcDoor"))}
    r3 = w("3rooms_Heater_AirTerminal_Table_with_SB.ifc")
    (wohnen,) = [s for s in r3.f.by_type("IfcSpace") if s.Name == "Wohnen"]
    out["eighth-rooms-04"] = {"type": "elements", "guids": ids(r3.boundary(wohnen, "IfcWindow"))}
    lb_walls = ins.on("Erdgeschoss", "IfcWall", lambda e: ins.prop(e, "Pset_WallCommon", "LoadBearing") is True)
    out["eighth-qualifiers-02"] = {"type": "elements", "guids": ids(lb_walls)}
    thick = hom.on("GroundFloor", "IfcWall", lambda e: hom.prop(e, "Qto_WallBaseQuantities", "Width") > 0.25)
    out["eighth-qualifiers-03"] = {"type": "elements", "guids": ids(thick)}
    eg = ac11.spaces_on("Erdgeschoss")
    out["eighth-quantities-01"] = {"type": "number", "unit": "m²", "guids": ids(eg),
                                   "value": sum(ac11.prop(s, "BaseQuantities", "NetFloorArea") for s in eg)}
    wins = hom.on("GroundFloor", "IfcWindow")
    out["eighth-quantities-03"] = {"type": "number", "unit": "m²", "guids": ids(wins),
                                   "value": sum(hom.prop(e, "Qto_WindowBaseQuantities", "Area") for e in wins)}
    rq = w("revit_quantities.ifc")
    small = [s for s in rq.f.by_type("IfcSpace") if s.LongName == "small office"]
    out["eighth-quantities-04"] = {"type": "number", "unit": "m²", "guids": ids(small),
                                   "value": sum(rq.prop(s, "GSA Space Areas", "GSA BIM Area") for s in small)}
    level1 = [e for e in dup.on("Level 1") if not e.is_a("IfcFurnishingElement")]
    out["eighth-negation-02"] = {"type": "elements", "guids": ids(level1)}
    both = ids(ins.on("Keller", "IfcDoor") + ins.on("Erdgeschoss", "IfcDoor"))
    out["eighth-multi_storey-01"] = {"type": "count", "value": len(both), "guids": both}
    he = w("Heizung-Elektro_080729.ifc")
    rad = ids([e for s in ("EG", "Obergeschoss") for e in he.on(s) if he.type_name(e)[0] == "IfcSpaceHeaterType"])
    out["eighth-multi_storey-03"] = {"type": "count", "value": len(rad), "guids": rad}
    wcs = ids([s for s in ins.spaces_on("1. Obergeschoss") if (s.LongName or "").startswith("WC")])
    out["eighth-german-01"] = {"type": "count", "value": len(wcs), "guids": wcs}
    lb = w("LargeBuilding.ifc")
    out["eighth-lookup-01"] = {"type": "number", "unit": "m", "guids": [],
                               "value": lb.storey("Level 2").Elevation * lb.metres_per_length_unit()}
    oh = w("IfcOpenHouse_IFC4.ifc")
    walls = oh.f.by_type("IfcWall")
    mats = Counter(name for e in walls for name in oh.material(e))
    out["eighth-lookup-02"] = {"type": "values", "value": [[k, v] for k, v in sorted(mats.items())],
                               "unit": None, "guids": ids(walls)}
    # two declines, by a different route: the storey names as the file spells them, and the cost entities
    storeys = {s.Name.replace(" ", "").lower() for s in dup.f.by_type("IfcBuildingStorey")}
    out["eighth-edge-03"] = {"type": "decline"} if "level3" not in storeys else {"type": "elements"}
    costs = sum(len(lb.f.by_type(c)) for c in ("IfcCostItem", "IfcCostValue", "IfcCostSchedule"))
    out["eighth-refuse-02"] = {"type": "decline"} if costs == 0 else {"type": "number"}
    return out


def agree(mine: dict[str, Any], oracle: dict[str, Any]) -> bool:
    if mine["type"] != oracle["type"]:
        return False
    for key, value in mine.items():
        if key == "value" and isinstance(value, float):
            if not math.isclose(value, oracle["value"], rel_tol=1e-6):
                return False
        elif oracle.get(key) != value:
            return False
    return True


def compare(ifc_dir: Path, data: list[dict[str, Any]]) -> list[tuple[str, bool, str]]:
    """(intent, agrees, summary) per hand check; every phrasing of the intent must carry the same oracle."""
    by_intent: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in data:
        by_intent[q["intent"]].append(q["oracle"])
    rows = []
    for intent, mine in hand_checks(ifc_dir).items():
        oracles = by_intent[intent]
        ok = len(oracles) == 4 and all(agree(mine, o) for o in oracles)
        shown = mine.get("value", len(mine.get("guids", ())))
        rows.append((intent, ok, f"{mine['type']} {shown}"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    rows = compare(args.ifc_dir, json.loads(JSON.read_text(encoding="utf-8")))
    for intent, ok, summary in rows:
        print(f"{'agree' if ok else 'DIFFER':6} {intent:28} {summary}")
    good = sum(ok for _, ok, _ in rows)
    print(f"{good}/{len(rows)} hand checks agree")
    return 0 if good == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
