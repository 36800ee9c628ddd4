"""Hand checks of people_seventh.json: a sample of oracles re-derived by a second, differently written walk.

    python bench/spatial/people_seventh_handchecks.py [--ifc-dir ../shared/ifc]

``people_seventh_oracles.py`` walks *up* from each element (its container, the element it is part of, the
wall whose opening it fills) and reads properties with ``ifcopenshell.util.element``. This script shares
none of that code: it walks *down* from the storey (IfcRelContainedInSpatialStructure and IfcRelAggregates
children, recursively, plus the fillings of each element's openings), reads the file's relationship
instances directly (IfcRelSpaceBoundary, IfcRelContainedInSpatialStructure, IfcRelDefinesByType,
IfcRelAssociatesMaterial) and the raw IfcPropertySet / IfcElementQuantity entities (occurrence over type),
and converts units from the file's IfcUnitAssignment itself. Prints ``N/N hand checks agree`` and exits 0
when every sampled oracle matches the committed JSON, 1 otherwise, 2 without the models.
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
SET = HERE / "people_seventh.json"
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"


class Walk:
    """One model read through its relationship entities, top down."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.type_of: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelDefinesByType"):
            for o in rel.RelatedObjects:
                self.type_of[o.id()] = rel.RelatingType

    def storey(self, name: str) -> Any:
        (s,) = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        return s

    def below(self, root: Any) -> set[Any]:
        """Everything under ``root``: contained, aggregated, and the fillings of openings, recursively."""
        out: set[Any] = set()
        todo = [root]
        while todo:
            x = todo.pop()
            kids: list[Any] = []
            for rel in getattr(x, "ContainsElements", None) or ():
                kids += rel.RelatedElements
            for rel in getattr(x, "IsDecomposedBy", None) or ():
                kids += rel.RelatedObjects
            for rel in getattr(x, "HasOpenings", None) or ():
                for fill in rel.RelatedOpeningElement.HasFillings or ():
                    kids.append(fill.RelatedBuildingElement)
            for k in kids:
                if k not in out:
                    out.add(k)
                    todo.append(k)
        return out

    def on(self, storey: str, cls: str | None = None, where: Callable[[Any], bool] | None = None) -> list[Any]:
        found = [e for e in self.below(self.storey(storey))
                 if e.is_a("IfcElement") and not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")]
        if cls is not None:
            found = [e for e in found if e.is_a(cls)]
        return [e for e in found if where is None or where(e)]

    def space(self, **attrs: str) -> Any:
        (s,) = [s for s in self.f.by_type("IfcSpace") if all(getattr(s, k) == v for k, v in attrs.items())]
        return s

    def bounded(self, space: Any, cls: str) -> set[Any]:
        return {r.RelatedBuildingElement for r in self.f.by_type("IfcRelSpaceBoundary")
                if r.RelatingSpace == space and r.RelatedBuildingElement is not None
                and r.RelatedBuildingElement.is_a(cls)}

    def inside(self, space: Any) -> set[Any]:
        return {e for r in self.f.by_type("IfcRelContainedInSpatialStructure") if r.RelatingStructure == space
                for e in r.RelatedElements}

    def type_class(self, e: Any) -> str | None:
        t = self.type_of.get(e.id())
        return t.is_a() if t is not None else None

    def props(self, e: Any) -> dict[str, dict[str, Any]]:
        """{pset or qset name: {name: value}} from the raw entities; the occurrence's own sets win over the type's."""
        out: dict[str, dict[str, Any]] = {}
        t = self.type_of.get(e.id())
        for pdef in (t.HasPropertySets or ()) if t is not None else ():
            out.setdefault(pdef.Name, {}).update(self._read(pdef))
        for rel in e.IsDefinedBy or ():
            if rel.is_a("IfcRelDefinesByProperties"):
                pdef = rel.RelatingPropertyDefinition
                out.setdefault(pdef.Name, {}).update(self._read(pdef))
        return out

    @staticmethod
    def _read(pdef: Any) -> dict[str, Any]:
        if pdef.is_a("IfcPropertySet"):
            return {p.Name: (p.NominalValue.wrappedValue if p.NominalValue is not None else None)
                    for p in pdef.HasProperties if p.is_a("IfcPropertySingleValue")}
        if pdef.is_a("IfcElementQuantity"):
            return {q.Name: q[3] for q in pdef.Quantities}
        return {}

    def materials(self, e: Any) -> list[str]:
        t = self.type_of.get(e.id())
        for target in (e, t):
            if target is None:
                continue
            for rel in self.f.by_type("IfcRelAssociatesMaterial"):
                if target in rel.RelatedObjects:
                    return _material_names(rel.RelatingMaterial)
        return []

    def metres(self) -> float:
        for ua in self.f.by_type("IfcUnitAssignment"):
            for u in ua.Units:
                if u.is_a("IfcSIUnit") and u.UnitType == "LENGTHUNIT":
                    return {None: 1.0, "MILLI": 0.001, "CENTI": 0.01}[u.Prefix]
                if u.is_a("IfcConversionBasedUnit") and u.UnitType == "LENGTHUNIT":
                    return float(u.ConversionFactor.ValueComponent.wrappedValue)
        raise ValueError("no length unit")


def _material_names(m: Any) -> list[str]:
    if m.is_a("IfcMaterial"):
        return [m.Name]
    if m.is_a("IfcMaterialLayerSetUsage"):
        return [layer.Material.Name for layer in m.ForLayerSet.MaterialLayers]
    if m.is_a("IfcMaterialLayerSet"):
        return [layer.Material.Name for layer in m.MaterialLayers]
    if m.is_a("IfcMaterialList"):
        return [x.Name for x in m.Materials]
    raise ValueError(f"unhandled material {m.is_a()}")


def guids(es: Any) -> list[str]:
    return sorted({e.GlobalId for e in es})


# Each check: (id, model, function of the Walk -> the oracle's essential value)
CHECKS: list[tuple[str, str, Callable[[Walk], Any]]] = [
    ("seventh-storey_class-01", "ExampleHOM.ifc", lambda w: guids(w.on("GroundFloor", "IfcWindow"))),
    ("seventh-storey_class-02", "KIT-EDC_with_SB.ifc", lambda w: guids(w.on("2.OG", "IfcDoor"))),
    ("seventh-storey_class-05", "Heizung-Elektro_080729.ifc",
     lambda w: guids(w.on("Obergeschoss", None, lambda e: w.type_class(e) == "IfcSpaceHeaterType"))),
    ("seventh-storey_class-13", "AC11-FZK-Haus-IFC.ifc", lambda w: guids(w.on("Dachgeschoss", "IfcBeam"))),
    ("seventh-storey_class-17", "Heizung-Elektro_080729.ifc",
     lambda w: len(w.on("Kellergeschoss", None, lambda e: w.type_class(e) == "IfcOutletType"))),
    ("seventh-comparison-02", "KIT-EDC_with_SB.ifc",
     lambda w: [max(("EG", "1.OG", "2.OG"), key=lambda s: len(w.on(s, "IfcDoor")))]),
    ("seventh-comparison-08", "AC11-Institute-Var-2-IFC.ifc",
     lambda w: guids([max((w.space(Name="001"), w.space(Name="002")),
                          key=lambda s: w.props(s)["BaseQuantities"]["NetFloorArea"])])),
    ("seventh-comparison-09", "Duplex_Electrical_20121207.ifc",
     lambda w: [max(("Level 1", "Level 2"),
                    key=lambda s: len(w.on(s, None, lambda e: w.type_class(e) == "IfcOutletType")))]),
    ("seventh-rooms-03", "AC11-Institute-Var-2-IFC.ifc", lambda w: guids(w.inside(w.space(Name="006")))),
    ("seventh-rooms-04", "ExampleHOM.ifc", lambda w: guids(w.bounded(w.space(Name="Kitchen5"), "IfcDoor"))),
    ("seventh-rooms-05", "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
     lambda w: guids(w.bounded(w.space(Name="Wohnen"), "IfcWindow"))),
    ("seventh-rooms-07", "KIT-EDC_with_SB.ifc", lambda w: guids(w.bounded(w.space(Name="26"), "IfcWall"))),
    ("seventh-qualifiers-01", "AC11-Institute-Var-2-IFC.ifc",
     lambda w: guids(w.on("Erdgeschoss", "IfcWall",
                          lambda e: w.props(e).get("Pset_WallCommon", {}).get("IsExternal") is True))),
    ("seventh-qualifiers-03", "Duplex_A_20110907.ifc",
     lambda w: len(w.on("Level 1", "IfcWall",
                        lambda e: w.props(e).get("Pset_WallCommon", {}).get("LoadBearing") is True))),
    ("seventh-qualifiers-06", "LargeBuilding.ifc",
     lambda w: guids(e for e in w.f.by_type("IfcDoor") if w.props(e)["BaseQuantities"]["Width"] * w.metres() > 1)),
    ("seventh-qualifiers-12", "Heizung-Elektro_080729.ifc",
     lambda w: guids(e for e in w.f.by_type("IfcElement") if w.type_class(e) == "IfcSpaceHeaterType"
                     and w.props(e)["Pset_SpaceHeaterTypeCommon"]["OutputCapacity"] > 2000)),
    ("seventh-quantities-02", "AC11-Institute-Var-2-IFC.ifc",
     lambda w: sum(w.props(s)["BaseQuantities"]["NetFloorArea"] for s in w.below(w.storey("Keller"))
                   if s.is_a("IfcSpace"))),
    ("seventh-quantities-06", "LargeBuilding.ifc",
     lambda w: sum(w.props(e)["BaseQuantities"]["Area"] for e in w.on("Level 2", "IfcWindow"))),
    ("seventh-quantities-09", "ExampleHOM.ifc",
     lambda w: sum(w.props(e)["Qto_WallBaseQuantities"]["NetVolume"] for e in w.on("1stFloor", "IfcWall"))),
    ("seventh-quantities-10", "WP_Puffer_FWS_FBH10.ifc",
     lambda w: w.props(w.f.by_type("IfcFlowStorageDevice")[0])["Base_Quantities"]["Height"] * w.metres()),
    ("seventh-negation-03", "KIT-EDC_with_SB.ifc",
     lambda w: guids(set(w.f.by_type("IfcDoor")) - set(w.on("EG", "IfcDoor")))),
    ("seventh-negation-08", "Heizung-Elektro_080729.ifc",
     lambda w: sorted(s.Name for s in w.f.by_type("IfcBuildingStorey")
                      if not w.on(s.Name, None, lambda e: w.type_class(e) == "IfcBoilerType"))),
    ("seventh-multi_storey-01", "AC11-Institute-Var-2-IFC.ifc",
     lambda w: len(w.on("1. Obergeschoss", "IfcWindow")) + len(w.on("2. Obergeschoss", "IfcWindow"))),
    ("seventh-multi_storey-11", "Heizung-Elektro_080729.ifc",
     lambda w: sum(len(w.on(s, None, lambda e: w.type_class(e) == "IfcSpaceHeaterType"))
                   for s in ("EG", "Obergeschoss"))),
    ("seventh-german-04", "Heizung-Elektro_080729.ifc",
     lambda w: len(w.on("Dachgeschoss", None, lambda e: w.type_class(e) == "IfcSpaceHeaterType"))),
    ("seventh-lookup-02", "AC20-FZK-Haus.ifc",
     lambda w: sorted(Counter(n for e in w.on("Dachgeschoss", "IfcWall") for n in w.materials(e)).items())),
    ("seventh-lookup-13", "Ifc4_SampleHouse.ifc", lambda w: w.storey("Roof").Elevation * w.metres()),
    ("seventh-lookup-18", "Duplex_Electrical_20121207.ifc",
     lambda w: sorted(Counter(w.props(e)["Electrical - Loads"]["Panel"] for e in w.f.by_type("IfcElement")
                              if "Telephone Outlet" in (e.Name or "")).items())),
    ("seventh-lookup-15", "KIT-EDC_with_SB.ifc",
     lambda w: "decline" if not any("ThermalTransmittance" in props for e in w.f.by_type("IfcWall")
                                    for props in w.props(e).values()) else "holds it"),
    ("seventh-edge-03", "KIT-EDC_with_SB.ifc",
     lambda w: "decline" if "3.OG" not in {s.Name for s in w.f.by_type("IfcBuildingStorey")} else "exists"),
]


def essential(oracle: dict[str, Any]) -> Any:
    """The part of a committed oracle a check recomputes."""
    kind = oracle["type"]
    if kind == "elements":
        return oracle["guids"]
    if kind == "count":
        return oracle["value"]
    if kind == "storeys":
        return sorted(oracle["value"])
    if kind == "values":
        return sorted((v, n) for v, n in oracle["value"])
    if kind == "decline":
        return "decline"
    return oracle["value"]


def agree(mine: Any, committed: Any) -> bool:
    if isinstance(mine, float) or isinstance(committed, float):
        return math.isclose(float(mine), float(committed), rel_tol=1e-6)
    if isinstance(mine, list) and mine and isinstance(mine[0], tuple):
        return [tuple(x) for x in mine] == [tuple(x) for x in committed]
    return bool(mine == committed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    committed = {q["id"]: q for q in json.loads(SET.read_text(encoding="utf-8"))}
    walks: dict[str, Walk] = {}
    good = 0
    for qid, model, check in CHECKS:
        q = committed[qid]
        assert q["ifc_filename"] == model, qid
        walks.setdefault(model, Walk(args.ifc_dir / model))
        mine = check(walks[model])
        ok = agree(mine, essential(q["oracle"]))
        good += ok
        print(f"{'ok  ' if ok else 'DIFF'} {qid}: {str(mine)[:90]}")
    print(f"{good}/{len(CHECKS)} hand checks agree")
    return 0 if good == len(CHECKS) else 1


if __name__ == "__main__":
    sys.exit(main())
