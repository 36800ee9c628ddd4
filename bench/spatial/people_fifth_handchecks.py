"""Hand checks of people_fifth.json: 22 oracles recomputed by a second, differently written walk.

    python bench/spatial/people_fifth_handchecks.py [--ifc-dir ../shared/ifc]

``people_fifth_oracles.py`` reaches storeys by walking up from each element (``Model.storey_of``), reads
properties and quantities through ``ifcopenshell.util.element.get_pset`` and space boundaries through
``IfcSpace.BoundedBy``. The checks here go the other way: down from the storey with
``ifcopenshell.util.element.get_decomposition``, through the file's ``IfcRelSpaceBoundary`` /
``IfcRelContainedInSpatialStructure`` instances, the raw ``IfcRelDefinesByProperties`` ->
``IfcPropertySet`` / ``IfcElementQuantity`` entities and ``IfcRelAssociatesMaterial``. Each check prints its
id, the committed oracle and the recount; the script exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
FT = 0.3048


def storey(f: Any, name: str) -> Any:
    (found,) = [s for s in f.by_type("IfcBuildingStorey") if s.Name == name]
    return found


def below(f: Any, name: str) -> list[Any]:
    """Everything decomposed from / contained in the storey, its spaces and their contents included."""
    return list(ue.get_decomposition(storey(f, name)))


def of(f: Any, names: list[str], cls: str) -> list[Any]:
    return [x for n in names for x in below(f, n) if x.is_a(cls)]


def type_class(e: Any) -> str | None:
    for rel in getattr(e, "IsDefinedBy", None) or ():  # IFC2X3
        if rel.is_a("IfcRelDefinesByType"):
            return str(rel.RelatingType.is_a())
    for rel in getattr(e, "IsTypedBy", None) or ():  # IFC4
        return str(rel.RelatingType.is_a())
    return None


def raw_defs(e: Any) -> list[Any]:
    return [rel.RelatingPropertyDefinition for rel in e.IsDefinedBy if rel.is_a("IfcRelDefinesByProperties")]


def raw_prop(e: Any, pset: str, name: str) -> Any:
    for d in raw_defs(e):
        if d.is_a("IfcPropertySet") and d.Name == pset:
            for p in d.HasProperties:
                if p.Name == name and p.is_a("IfcPropertySingleValue") and p.NominalValue is not None:
                    return p.NominalValue.wrappedValue
    return None


def raw_qty(e: Any, qset: str, name: str) -> float:
    for d in raw_defs(e):
        if d.is_a("IfcElementQuantity") and d.Name == qset:
            for quantity in d.Quantities:
                if quantity.Name == name:
                    return float(quantity[3])
    raise ValueError(f"{e.GlobalId}: no {qset}.{name}")


def raw_materials(e: Any) -> list[str]:
    out = []
    for rel in e.HasAssociations:
        if rel.is_a("IfcRelAssociatesMaterial"):
            mat = rel.RelatingMaterial
            if mat.is_a("IfcMaterialLayerSetUsage"):
                mat = mat.ForLayerSet
            if mat.is_a("IfcMaterialLayerSet"):
                out += [layer.Material.Name for layer in mat.MaterialLayers]
            elif mat.is_a("IfcMaterial"):
                out.append(mat.Name)
    return out


def material_rows(es: list[Any]) -> list[list[Any]]:
    """``[[material, number of elements], ...]`` for elements holding one material each."""
    counts: dict[str, int] = {}
    for e in es:
        (name,) = set(raw_materials(e))
        counts[name] = counts.get(name, 0) + 1
    return [[k, v] for k, v in sorted(counts.items())]


def space(f: Any, name: str | None = None, long: str | None = None) -> Any:
    (found,) = [s for s in f.by_type("IfcSpace") if (name is None or s.Name == name)
                and (long is None or s.LongName == long)]
    return found


def boundary(f: Any, sp: Any, cls: str) -> list[Any]:
    return [r.RelatedBuildingElement for r in f.by_type("IfcRelSpaceBoundary")
            if r.RelatingSpace == sp and r.RelatedBuildingElement is not None and r.RelatedBuildingElement.is_a(cls)]


def contained_in(f: Any, sp: Any) -> list[Any]:
    return [e for r in f.by_type("IfcRelContainedInSpatialStructure") if r.RelatingStructure == sp
            for e in r.RelatedElements]


def spaces_below(f: Any, name: str) -> list[Any]:
    return [x for x in below(f, name) if x.is_a("IfcSpace")]


def guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def most(f: Any, cls: str) -> list[str]:
    sizes = {s.Name: len({e.GlobalId for e in below(f, s.Name) if e.is_a(cls)}) for s in f.by_type("IfcBuildingStorey")}
    best = max(sizes.values())
    return [k for k, v in sizes.items() if v == best]


CHECKS: list[tuple[str, str, Callable[[Any], Any]]] = [
    ("fifth-storey_class-01", "AC20-FZK-Haus.ifc", lambda f: guids(of(f, ["Erdgeschoss"], "IfcWindow"))),
    ("fifth-storey_class-03", "KIT-EDC_with_SB.ifc", lambda f: guids(of(f, ["1.OG"], "IfcWindow"))),
    ("fifth-storey_class-11", "Heizung-Elektro_080729.ifc",
     lambda f: guids([e for e in below(f, "Obergeschoss") if type_class(e) == "IfcSpaceHeaterType"])),
    ("fifth-storey_class-15", "Duplex_Electrical_20121207.ifc",
     lambda f: len({e.GlobalId for e in below(f, "Level 1") if type_class(e) == "IfcOutletType"})),
    ("fifth-comparison-02", "KIT-EDC_with_SB.ifc", lambda f: most(f, "IfcDoor")),
    ("fifth-comparison-07", "AC11-Institute-Var-2-IFC.ifc", lambda f: most(f, "IfcDoor")),
    ("fifth-edge-07", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: len([s for s in spaces_below(f, "Keller") if "WC" in (s.LongName or "")])),
    ("fifth-rooms-03", "ExampleHOM.ifc", lambda f: guids(boundary(f, space(f, "Bedroom6"), "IfcWindow"))),
    ("fifth-rooms-05", "Duplex_A_20110907.ifc", lambda f: guids(contained_in(f, space(f, "A103")))),
    ("fifth-rooms-12", "AC11-Institute-Var-2-IFC.ifc", lambda f: guids(boundary(f, space(f, "101"), "IfcDoor"))),
    ("fifth-qualifiers-04", "KIT-EDC_with_SB.ifc",
     lambda f: guids([w for w in of(f, ["2.OG"], "IfcWall") if raw_prop(w, "Pset_WallCommon", "IsExternal") is True])),
    ("fifth-qualifiers-05", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: guids([w for w in of(f, ["Keller"], "IfcWall")
                      if raw_prop(w, "Pset_WallCommon", "LoadBearing") is True])),
    ("fifth-quantities-01", "AC20-FZK-Haus.ifc",
     lambda f: sum(raw_qty(s, "BaseQuantities", "NetFloorArea") for s in spaces_below(f, "Erdgeschoss"))),
    ("fifth-quantities-08", "revit_quantities.ifc",
     lambda f: statistics.fmean(raw_qty(s, "GSA Space Areas", "GSA BIM Area") for s in f.by_type("IfcSpace")
                                if s.LongName == "small office")),
    ("fifth-quantities-15", "Duplex_Electrical_20121207.ifc",
     lambda f: raw_qty(space(f, "R301"), "GSA Space Areas", "GSA BIM Area") * FT * FT),
    ("fifth-quantities-13", "KIT-EDC_with_SB.ifc",
     lambda f: sum(raw_qty(w, "BaseQuantities", "GrossVolume") for w in set(of(f, ["EG"], "IfcWall")))),
    ("fifth-negation-02", "ExampleHOM.ifc",
     lambda f: guids([s for s in f.by_type("IfcSpace") if not boundary(f, s, "IfcWindow")])),
    ("fifth-negation-01", "KIT-EDC_with_SB.ifc",
     lambda f: guids([w for w in f.by_type("IfcWindow") if w not in set(of(f, ["EG"], "IfcWindow"))])),
    ("fifth-multi_storey-01", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: guids(of(f, ["Erdgeschoss", "1. Obergeschoss"], "IfcDoor"))),
    ("fifth-german-07", "Heizung-Elektro_080729.ifc",
     lambda f: len({e.GlobalId for e in below(f, "EG") if type_class(e) == "IfcSpaceHeaterType"})),
    ("fifth-lookup-02", "Duplex_Electrical_20121207.ifc", lambda f: storey(f, "Level 2").Elevation * FT),
    ("fifth-lookup-05", "AC20-FZK-Haus.ifc",
     lambda f: material_rows(f.by_type("IfcWall"))),
]


def committed_answer(oracle: dict[str, Any]) -> Any:
    kind = oracle["type"]
    if kind == "elements":
        return oracle["guids"]
    if kind == "storeys":
        return sorted(oracle["value"])
    return oracle["value"]


def same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-6)
    if isinstance(a, list) and isinstance(b, list):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def shown(value: Any) -> Any:
    if isinstance(value, list) and value and isinstance(value[0], str) and len(value[0]) == 22:
        return f"{len(value)} GlobalIds"
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=HERE.parents[2] / "shared" / "ifc")
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    data = {q["id"]: q for q in json.loads((HERE / "people_fifth.json").read_text(encoding="utf-8"))}
    files: dict[str, Any] = {}
    bad = 0
    for qid, model, recount in CHECKS:
        q = data[qid]
        assert q["ifc_filename"] == model, qid
        f = files.setdefault(model, ifcopenshell.open(str(args.ifc_dir / model)))
        want, got = committed_answer(q["oracle"]), recount(f)
        ok = same(want, got)
        bad += not ok
        print(f"{'ok  ' if ok else 'DIFF'} {qid:28} oracle {shown(want)!s:28} recount {shown(got)}")
    print(f"{len(CHECKS) - bad}/{len(CHECKS)} hand checks agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
