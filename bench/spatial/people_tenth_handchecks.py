"""A second, differently written walk for 16 intents of people_tenth.json (the hand checks).

    python bench/spatial/people_tenth_handchecks.py [--ifc-dir ../shared/ifc]

``people_tenth_oracles.py`` walks up from each element (container, aggregate, filled opening) and reads
properties with ``get_pset``. Here the same answers are derived the other way: down from the storey with
``ifcopenshell.util.element.get_decomposition`` (plus the fillings of the openings of what it returns),
the file's ``IfcRelSpaceBoundary`` / ``IfcRelContainedInSpatialStructure`` / ``IfcRelDefinesByType`` /
``IfcRelDefinesByProperties`` / ``IfcRelAssociatesMaterial`` instances read directly, and the unit
conversion factor read from the file's ``IfcConversionBasedUnit``. Each check returns the essence of the
oracle (a GlobalId set, a count, a number, storey names, a distribution); ``compare`` sets it beside the
committed JSON. Exit 0 when all agree, 1 otherwise.
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
import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
SET = HERE / "people_tenth.json"
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"


def storey_by_name(f: ifcopenshell.file, name: str) -> Any:
    (s,) = [s for s in f.by_type("IfcBuildingStorey") if s.Name == name]
    return s


def below(f: ifcopenshell.file, name: str) -> set[Any]:
    """Everything under the storey: its decomposition, and the fillings of any opening in it."""
    out = set(ue.get_decomposition(storey_by_name(f, name)))
    for e in list(out):
        for void in getattr(e, "HasOpenings", None) or ():
            for fill in void.RelatedOpeningElement.HasFillings or ():
                out.add(fill.RelatedBuildingElement)
    return out


def cls(es: set[Any] | list[Any], name: str) -> list[Any]:
    return [e for e in es if e.is_a(name)]


def guids(es: Any) -> list[str]:
    return sorted({e.GlobalId for e in es})


def typed_by(f: ifcopenshell.file, type_class: str) -> set[Any]:
    out: set[Any] = set()
    for rel in f.by_type("IfcRelDefinesByType"):
        if rel.RelatingType.is_a(type_class):
            out.update(rel.RelatedObjects)
    return out


def raw_prop(e: Any, pset: str, name: str) -> Any:
    """A property of ``e`` read from its IfcRelDefinesByProperties, no util helper (occurrence only)."""
    for rel in getattr(e, "IsDefinedBy", None) or ():
        if not rel.is_a("IfcRelDefinesByProperties"):
            continue
        d = rel.RelatingPropertyDefinition
        if d.Name != pset:
            continue
        for p in getattr(d, "HasProperties", None) or ():
            if p.Name == name:
                return p.NominalValue.wrappedValue if p.NominalValue is not None else None
        for qq in getattr(d, "Quantities", None) or ():
            if qq.Name == name:
                return qq[3]
    return None


def space_by(f: ifcopenshell.file, name: str | None = None, long: str | None = None) -> Any:
    (s,) = [s for s in f.by_type("IfcSpace")
            if (name is None or s.Name == name) and (long is None or s.LongName == long)]
    return s


def contained_in(f: ifcopenshell.file, structure: Any) -> list[Any]:
    return [e for rel in f.by_type("IfcRelContainedInSpatialStructure") if rel.RelatingStructure == structure
            for e in rel.RelatedElements]


def bounded(f: ifcopenshell.file, space: Any, name: str) -> list[Any]:
    return [rel.RelatedBuildingElement for rel in f.by_type("IfcRelSpaceBoundary")
            if rel.RelatingSpace == space and rel.RelatedBuildingElement is not None
            and rel.RelatedBuildingElement.is_a(name)]


def materials(f: ifcopenshell.file, es: list[Any]) -> list[list[Any]]:
    by_id: dict[int, set[str]] = {}
    for rel in f.by_type("IfcRelAssociatesMaterial"):
        mat = rel.RelatingMaterial
        names: set[str] = set()
        if mat.is_a("IfcMaterial"):
            names = {mat.Name}
        elif mat.is_a("IfcMaterialLayerSetUsage"):
            names = {layer.Material.Name for layer in mat.ForLayerSet.MaterialLayers}
        elif mat.is_a("IfcMaterialLayerSet"):
            names = {layer.Material.Name for layer in mat.MaterialLayers}
        for o in rel.RelatedObjects:
            by_id.setdefault(o.id(), set()).update(names)
    c: Counter[str] = Counter()
    for e in es:
        found = by_id.get(e.id()) or set()
        if not found:
            t = ue.get_type(e)
            found = by_id.get(t.id(), set()) if t is not None else set()
        (name,) = found
        c[name] += 1
    return sorted([k, v] for k, v in c.items())


def foot_factor(f: ifcopenshell.file) -> float:
    for u in f.by_type("IfcConversionBasedUnit"):
        if u.UnitType == "LENGTHUNIT":
            return float(u.ConversionFactor.ValueComponent.wrappedValue)
    raise ValueError("no converted length unit")


Check = tuple[str, str, Callable[[ifcopenshell.file], Any]]

CHECKS: list[Check] = [
    ("tenth-storey_class-01", "ExampleHOM.ifc", lambda f: guids(cls(below(f, "GroundFloor"), "IfcWindow"))),
    ("tenth-storey_class-02", "AC11-Institute-Var-2-IFC.ifc", lambda f: len(cls(below(f, "Keller"), "IfcDoor"))),
    ("tenth-storey_class-03", "Heizung-Elektro_080729.ifc",
     lambda f: len(below(f, "Dachgeschoss") & typed_by(f, "IfcSpaceHeaterType"))),
    ("tenth-comparison-01", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: [Counter({s.Name: len(cls(below(f, s.Name), "IfcDoor"))
                         for s in f.by_type("IfcBuildingStorey")}).most_common(1)[0][0]]),
    ("tenth-comparison-03", "Duplex_A_20110907.ifc",
     lambda f: [max(("Level 1", "Level 2"), key=lambda n: len(cls(below(f, n), "IfcWindow")))]),
    ("tenth-edge-04", "Duplex_A_20110907.ifc", lambda f: len(cls(below(f, "T/FDN"), "IfcFooting"))),
    ("tenth-rooms-01", "Duplex_A_20110907.ifc",
     lambda f: guids(cls(contained_in(f, space_by(f, "A103")), "IfcFurnishingElement"))),
    ("tenth-rooms-02", "ExampleHOM.ifc", lambda f: guids(bounded(f, space_by(f, "Living1"), "IfcWindow"))),
    ("tenth-rooms-03", "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
     lambda f: guids(bounded(f, space_by(f, "Empfang"), "IfcDoor"))),
    ("tenth-qualifiers-01", "Duplex_A_20110907.ifc",
     lambda f: guids(e for e in cls(below(f, "Level 1"), "IfcDoor")
                     if raw_prop(e, "Pset_DoorCommon", "IsExternal") is True)),
    ("tenth-quantities-03", "revit_quantities.ifc",
     lambda f: sum(raw_prop(s, "GSA Space Areas", "GSA BIM Area") for s in f.by_type("IfcSpace")
                   if s.LongName == "small office")),
    ("tenth-quantities-04", "LargeBuilding.ifc",
     lambda f: sum(raw_prop(s, "BaseQuantities", "NetFloorArea") for s in cls(below(f, "Level 1"), "IfcSpace"))),
    ("tenth-negation-01", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: len(f.by_type("IfcWindow")) - len(cls(below(f, "Keller"), "IfcWindow"))),
    ("tenth-multi_storey-01", "KIT-EDC_with_SB.ifc",
     lambda f: len(cls(below(f, "EG") | below(f, "1.OG"), "IfcDoor"))),
    ("tenth-german-02", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: guids(s for s in cls(below(f, "Keller"), "IfcSpace") if "labor" in f"{s.Name} {s.LongName}".lower())),
    ("tenth-lookup-02", "AC20-FZK-Haus.ifc", lambda f: materials(f, cls(below(f, "Dachgeschoss"), "IfcWall"))),
    ("tenth-lookup-03", "Duplex_Electrical_20121207.ifc",
     lambda f: storey_by_name(f, "Level 2").Elevation * foot_factor(f)),
]


def essence(oracle: dict[str, Any]) -> Any:
    kind = oracle["type"]
    if kind == "elements":
        return oracle["guids"]
    if kind in ("count", "number", "storeys"):
        return oracle["value"]
    if kind == "values":
        return sorted([v, n] for v, n in oracle["value"])
    raise ValueError(f"no hand check for {kind}")


def same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-6)
    return bool(a == b)


def compare(ifc_dir: Path, set_path: Path = SET) -> list[tuple[str, Any, Any, bool]]:
    """(intent, committed essence, hand-derived essence, agree) for every check; every phrasing of the intent."""
    data = json.loads(set_path.read_text(encoding="utf-8"))
    files: dict[str, ifcopenshell.file] = {}
    rows = []
    for intent, model, walk in CHECKS:
        records = [r for r in data if r["intent"] == intent]
        if len(records) != 4 or any(r["ifc_filename"] != model for r in records):
            raise ValueError(f"{intent}: expected 4 phrasings on {model}")
        if model not in files:
            files[model] = ifcopenshell.open(str(ifc_dir / model))
        mine = walk(files[model])
        for r in records:
            committed = essence(r["oracle"])
            rows.append((r["id"], committed, mine, same(committed, mine)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    rows = compare(args.ifc_dir)
    bad = [r for r in rows if not r[3]]
    for qid, committed, _mine, ok in rows:
        if qid.endswith("-a") or not ok:
            shown = committed if not isinstance(committed, list) or len(committed) < 4 else f"{len(committed)} items"
            print(f"{'ok  ' if ok else 'DIFF'} {qid[:-2]}: {shown}")
    intents = len({r[0][:-2] for r in rows})
    agree = intents - len({r[0][:-2] for r in bad})
    print(f"{agree}/{intents} intents agree ({len(rows) - len(bad)}/{len(rows)} phrasings)")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
