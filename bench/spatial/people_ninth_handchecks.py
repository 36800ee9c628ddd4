"""A second, differently written walk for a sample of people_ninth.json's oracles.

    python bench/spatial/people_ninth_handchecks.py [--ifc-dir ../shared/ifc] [--json bench/spatial/people_ninth.json]

``people_ninth_oracles.py`` walks *up* from each element (container, aggregate, filled opening) with the
``Model`` helpers and reads properties through ``ifcopenshell.util.element``. This file shares none of that: it
walks *down* from each storey through the raw relationships (``ContainsElements``, ``IsDecomposedBy``,
``HasOpenings`` -> ``HasFillings``), reads space boundaries from the file's ``IfcRelSpaceBoundary`` instances,
properties and quantities from the raw ``IfcPropertySet`` / ``IfcElementQuantity`` entities (occurrence first,
then the type's ``HasPropertySets``), type objects from ``IfcRelDefinesByType`` and materials from
``IfcRelAssociatesMaterial``. Each check returns the oracle it expects; ``compare`` lists the disagreements with
the committed JSON (exit 1 when any).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_JSON = HERE / "people_ninth.json"

F = ifcopenshell.file


# --- the second walk -------------------------------------------------------------------------------------------

def _storey(f: F, name: str) -> Any:
    (s,) = [x for x in f.by_type("IfcBuildingStorey") if x.Name == name]
    return s


def _below(x: Any) -> list[Any]:
    """Everything hanging below ``x``: contained, aggregated parts, fillings of its openings (recursively)."""
    out: list[Any] = []
    todo = [x]
    seen: set[int] = set()
    while todo:
        cur = todo.pop()
        if cur.id() in seen:
            continue
        seen.add(cur.id())
        if cur is not x:
            out.append(cur)
        for rel in getattr(cur, "ContainsElements", None) or ():
            todo.extend(rel.RelatedElements)
        for rel in getattr(cur, "IsDecomposedBy", None) or ():
            todo.extend(rel.RelatedObjects)
        for rel in getattr(cur, "HasOpenings", None) or ():
            todo.append(rel.RelatedOpeningElement)
        for rel in getattr(cur, "HasFillings", None) or ():
            todo.append(rel.RelatedBuildingElement)
    return out


def _is_element(e: Any) -> bool:
    return e.is_a("IfcElement") and not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")


def on(f: F, storey: str, cls: str | None = None) -> list[Any]:
    """Elements under the storey (down-walk), of class ``cls`` (with subtypes) when given."""
    return [e for e in _below(_storey(f, storey)) if _is_element(e) and (cls is None or e.is_a(cls))]


def type_of(e: Any) -> Any:
    rels = [r for r in (getattr(e, "IsDefinedBy", None) or ()) if r.is_a("IfcRelDefinesByType")]
    rels += list(getattr(e, "IsTypedBy", None) or ())
    return rels[0].RelatingType if rels else None


def _sets(e: Any) -> list[Any]:
    own = [r.RelatingPropertyDefinition for r in (getattr(e, "IsDefinedBy", None) or ())
           if r.is_a("IfcRelDefinesByProperties")]
    t = type_of(e)
    return own + list((getattr(t, "HasPropertySets", None) or ()) if t is not None else ())


def prop(e: Any, pset: str, name: str) -> Any:
    """The first value of ``pset.name`` on the occurrence, else on its type (raw entities)."""
    for ps in _sets(e):
        if ps.Name != pset:
            continue
        items = ps.HasProperties if ps.is_a("IfcPropertySet") else ()
        items = ps.Quantities if ps.is_a("IfcElementQuantity") else items
        for p in items:
            if p.Name != name:
                continue
            if p.is_a("IfcPropertySingleValue"):
                return p.NominalValue.wrappedValue if p.NominalValue is not None else None
            if p.is_a("IfcPhysicalSimpleQuantity"):
                return p[3]
    return None


def materials(e: Any) -> set[str]:
    names: set[str] = set()
    for r in e.HasAssociations or ():
        if not r.is_a("IfcRelAssociatesMaterial"):
            continue
        m = r.RelatingMaterial
        if m.is_a("IfcMaterial"):
            names.add(m.Name)
        elif m.is_a("IfcMaterialLayerSetUsage"):
            names.update(layer.Material.Name for layer in m.ForLayerSet.MaterialLayers if layer.Material)
        elif m.is_a("IfcMaterialLayerSet"):
            names.update(layer.Material.Name for layer in m.MaterialLayers if layer.Material)
        elif m.is_a("IfcMaterialList"):
            names.update(x.Name for x in m.Materials)
    return names


def boundary(f: F, space: Any, cls: tuple[str, ...]) -> list[Any]:
    out = []
    for rel in f.by_type("IfcRelSpaceBoundary"):
        e = rel.RelatedBuildingElement
        if rel.RelatingSpace == space and e is not None and any(e.is_a(c) for c in cls):
            out.append(e)
    return out


def contained_in(f: F, space: Any) -> list[Any]:
    out = []
    for rel in f.by_type("IfcRelContainedInSpatialStructure"):
        if rel.RelatingStructure == space:
            out.extend(e for e in rel.RelatedElements if _is_element(e))
    return out


def space(f: F, name: str | None = None, long: str | None = None) -> Any:
    (s,) = [x for x in f.by_type("IfcSpace")
            if (name is None or x.Name == name) and (long is None or x.LongName == long)]
    return s


def typed_name(cls: str, word: str | None = None) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        t = type_of(e)
        return t is not None and t.is_a(cls) and (word is None or word in (t.Name or ""))
    return check


def guids(es: Iterable[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def els(es: Iterable[Any]) -> dict[str, Any]:
    return {"type": "elements", "guids": guids(es)}


def cnt(es: Iterable[Any]) -> dict[str, Any]:
    g = guids(es)
    return {"type": "count", "value": len(g), "guids": g}


def num(value: float, unit: str, es: Iterable[Any] = ()) -> dict[str, Any]:
    return {"type": "number", "value": round(value, 6), "unit": unit, "rel_tol": 0.01, "guids": guids(es)}


# --- the checks (question id -> (model, oracle)) ---------------------------------------------------------------

def _most_doors(f: F) -> dict[str, Any]:
    sizes = sorted(((len(on(f, s.Name, "IfcDoor")), s.Name) for s in f.by_type("IfcBuildingStorey")), reverse=True)
    assert sizes[0][0] > sizes[1][0]
    return {"type": "storeys", "value": [sizes[0][1]]}


def _outlets_l1_vs_l2(f: F) -> dict[str, Any]:
    a = [e for e in on(f, "Level 1") if typed_name("IfcOutletType")(e)]
    b = [e for e in on(f, "Level 2") if typed_name("IfcOutletType")(e)]
    return {"type": "storeys", "value": ["Level 1" if len(a) > len(b) else "Level 2"]}


def _ext(pset: str, value: bool) -> Callable[[Any], bool]:
    return lambda e: prop(e, pset, "IsExternal") is value


def _wc_total(f: F) -> dict[str, Any]:
    wcs = [s for s in f.by_type("IfcSpace") if "WC" in f"{s.Name} {s.LongName}"]
    return num(sum(prop(s, "BaseQuantities", "NetFloorArea") for s in wcs), "m²", wcs)


def _window_area_l2(f: F) -> dict[str, Any]:
    ws = on(f, "Level 2", "IfcWindow")
    return num(sum(prop(w, "BaseQuantities", "Area") for w in ws), "m²", ws)


def _partition_length(f: F) -> dict[str, Any]:
    ws = [w for w in f.by_type("IfcWall") if prop(w, "Pset_WallCommon", "IsExternal") is False]
    return num(sum(prop(w, "BaseQuantities", "Length") for w in ws) / 1000.0, "m", ws)


def _wall_materials(f: F) -> dict[str, Any]:
    ws = f.by_type("IfcWall")
    names = [",".join(sorted(materials(w))) or None for w in ws]
    rows = sorted(([n, names.count(n)] for n in set(names)), key=lambda r: str(r[0]))
    return {"type": "values", "value": rows, "unit": None, "guids": guids(ws)}


def _buero_mean(f: F) -> dict[str, Any]:
    sp = [s for s in _below(_storey(f, "2. Obergeschoss")) if s.is_a("IfcSpace") and "Buero" in (s.LongName or "")]
    return num(statistics.fmean(prop(s, "BaseQuantities", "NetFloorArea") for s in sp), "m²", sp)


CHECKS: dict[str, tuple[str, Callable[[F], dict[str, Any]]]] = {
    "ninth-storey_class-01": ("AC20-FZK-Haus.ifc", lambda f: cnt(on(f, "Erdgeschoss", "IfcWindow"))),
    "ninth-storey_class-02": ("Duplex_Electrical_20121207.ifc", lambda f: cnt(
        e for e in on(f, "Level 2") if typed_name("IfcOutletType", "Duplex Receptacle")(e))),
    "ninth-storey_class-03": ("AC11-Institute-Var-2-IFC.ifc", lambda f: els(on(f, "1. Obergeschoss", "IfcDoor"))),
    "ninth-storey_class-08": ("ExampleHOM.ifc", lambda f: els(on(f, "1stFloor", "IfcWall"))),
    "ninth-storey_class-09": ("Duplex_A_20110907.ifc", lambda f: els(on(f, "T/FDN"))),
    "ninth-comparison-01": ("AC11-Institute-Var-2-IFC.ifc", _most_doors),
    "ninth-comparison-04": ("Duplex_Electrical_20121207.ifc", _outlets_l1_vs_l2),
    "ninth-edge-07": ("Duplex_Electrical_20121207.ifc", lambda f: els(on(f, "Roof"))),
    "ninth-rooms-01": ("Duplex_A_20110907.ifc", lambda f: els(boundary(f, space(f, "B103"), ("IfcWindow",)))),
    "ninth-rooms-02": ("AC11-FZK-Haus-IFC.ifc", lambda f: els(
        e for e in contained_in(f, space(f, long="Küche")) if e.is_a("IfcFurnishingElement"))),
    "ninth-rooms-03": ("AC11-Institute-Var-2-IFC.ifc", lambda f: els(
        boundary(f, space(f, long="Seminarraum"), ("IfcWindow",)))),
    "ninth-rooms-10": ("revit_quantities.ifc", lambda f: els(boundary(f, space(f, "4"), ("IfcDoor", "IfcWindow")))),
    "ninth-qualifiers-01": ("Duplex_A_20110907.ifc", lambda f: els(
        w for w in f.by_type("IfcWall") if _ext("Pset_WallCommon", True)(w))),
    "ninth-qualifiers-09": ("AC11-Institute-Var-2-IFC.ifc", lambda f: cnt(
        w for w in on(f, "Erdgeschoss", "IfcWall") if prop(w, "Pset_WallCommon", "LoadBearing") is True)),
    "ninth-quantities-06": ("AC11-Institute-Var-2-IFC.ifc", _wc_total),
    "ninth-quantities-08": ("Ifc4_SampleHouse.ifc", _partition_length),
    "ninth-quantities-12": ("LargeBuilding.ifc", _window_area_l2),
    "ninth-quantities-13": ("AC11-Institute-Var-2-IFC.ifc", _buero_mean),
    "ninth-negation-01": ("Duplex_A_20110907.ifc", lambda f: els(
        d for d in f.by_type("IfcDoor") if _ext("Pset_DoorCommon", False)(d))),
    "ninth-negation-05": ("Duplex_Electrical_20121207.ifc", lambda f: els(
        e for e in on(f, "Level 1", "IfcFlowTerminal") if not typed_name("IfcOutletType")(e))),
    "ninth-multi_storey-03": ("Heizung-Elektro_080729.ifc", lambda f: cnt(
        e for s in ("EG", "Obergeschoss") for e in on(f, s) if typed_name("IfcSpaceHeaterType")(e))),
    "ninth-german-03": ("Heizung-Elektro_080729.ifc", lambda f: cnt(
        e for e in on(f, "Obergeschoss") if typed_name("IfcSpaceHeaterType")(e))),
    "ninth-german-07": ("KIT-EDC_with_SB.ifc", lambda f: cnt(
        w for w in on(f, "2.OG", "IfcWall") if _ext("Pset_WallCommon", True)(w))),
    "ninth-lookup-01": ("Duplex_A_20110907.ifc", lambda f: num(_storey(f, "Level 2").Elevation, "m")),
    "ninth-lookup-06": ("AC11-Institute-Var-2-IFC.ifc", _wall_materials),
}


def _same(a: Any, b: Any) -> bool:
    """Oracles equal, numbers to 1e-6 relative."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) <= 1e-6 * max(1.0, abs(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def compare(ifc_dir: Path, committed: list[dict[str, Any]], only: Iterable[str] | None = None) -> list[str]:
    """The ids whose hand-checked oracle differs from the committed one (with both), or [] when all agree
    (``only``: just those checks)."""
    by_id = {q["id"]: q for q in committed}
    files: dict[str, F] = {}
    bad = []
    wanted = set(CHECKS) if only is None else set(only)
    for qid, (model, check) in CHECKS.items():
        if qid not in wanted:
            continue
        q = by_id[qid]
        if q["ifc_filename"] != model:
            bad.append(f"{qid}: committed on {q['ifc_filename']}, hand check on {model}")
            continue
        if model not in files:
            files[model] = ifcopenshell.open(str(ifc_dir / model))
        mine = check(files[model])
        if not _same(mine, q["oracle"]):
            bad.append(f"{qid}: hand {json.dumps(mine, ensure_ascii=False)[:200]} vs committed "
                       f"{json.dumps(q['oracle'], ensure_ascii=False)[:200]}")
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    bad = compare(args.ifc_dir, json.loads(args.json.read_text(encoding="utf-8")))
    for line in bad:
        print(line)
    print(f"{len(CHECKS) - len(bad)}/{len(CHECKS)} hand checks agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
