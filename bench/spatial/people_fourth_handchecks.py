"""Hand checks of people_fourth.json: 18 oracles recomputed by a second, differently written walk.

    python bench/spatial/people_fourth_handchecks.py [--ifc-dir ../shared/ifc]

``people_fourth_oracles.py`` reaches storeys by walking up from each element (``Model.storey_of``) and
reads properties and quantities through ``ifcopenshell.util.element.get_pset``. The checks here go the
other way: down from the storey with ``ifcopenshell.util.element.get_decomposition``, through
``IfcSpace.ContainsElements`` / ``IfcRelSpaceBoundary`` instances, and through the raw
``IfcRelDefinesByProperties`` -> ``IfcElementQuantity`` -> ``IfcQuantity*`` entities. Each check prints
its id, the committed oracle and the recount; the script exits 1 on any disagreement.
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
import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent


def storey(f: Any, name: str) -> Any:
    (found,) = [s for s in f.by_type("IfcBuildingStorey") if s.Name == name]
    return found


def below(f: Any, name: str) -> list[Any]:
    """Everything decomposed from / contained in the storey, spaces and their contents included."""
    return list(ue.get_decomposition(storey(f, name)))


def type_class(e: Any) -> str | None:
    for rel in getattr(e, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByType"):
            return str(rel.RelatingType.is_a())
    for rel in getattr(e, "IsTypedBy", None) or ():
        return str(rel.RelatingType.is_a())
    return None


def raw_qty(e: Any, qset: str, name: str) -> float:
    for rel in e.IsDefinedBy:
        if rel.is_a("IfcRelDefinesByProperties") and rel.RelatingPropertyDefinition.is_a("IfcElementQuantity"):
            eq = rel.RelatingPropertyDefinition
            if eq.Name == qset:
                for quantity in eq.Quantities:
                    if quantity.Name == name:
                        return float(quantity[3])
    raise ValueError(f"{e.GlobalId}: no {qset}.{name}")


def guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def spaces_of(f: Any, storey_name: str) -> list[Any]:
    return [x for x in below(f, storey_name) if x.is_a("IfcSpace")]


def bounded(space: Any, cls: str) -> list[Any]:
    f = space.file
    return [r.RelatedBuildingElement for r in f.by_type("IfcRelSpaceBoundary")
            if r.RelatingSpace == space and r.RelatedBuildingElement is not None
            and r.RelatedBuildingElement.is_a(cls)]


def elements_on(f: Any, name: str) -> list[Any]:
    return [x for x in below(f, name) if x.is_a("IfcElement") and not x.is_a("IfcFeatureElement")
            and not x.is_a("IfcVirtualElement")]


CHECKS: list[tuple[str, str, Callable[[Any], Any]]] = [
    ("fourth-storey_class-03", "Heizung-Elektro_080729.ifc",
     lambda f: guids([x for x in below(f, "Obergeschoss") if type_class(x) == "IfcSpaceHeaterType"])),
    ("fourth-storey_class-04", "Heizung-Elektro_080729.ifc",
     lambda f: sum(type_class(x) == "IfcLightFixtureType" for x in below(f, "EG"))),
    ("fourth-comparison-01", "Heizung-Elektro_080729.ifc",
     lambda f: [max(("Kellergeschoss", "EG", "Obergeschoss", "Dachgeschoss"),
                    key=lambda s: sum(type_class(x) == "IfcLightFixtureType" for x in below(f, s)))]),
    ("fourth-comparison-08", "KIT-EDC_with_SB.ifc",
     lambda f: [max(("EG", "1.OG", "2.OG"), key=lambda s: sum(x.is_a("IfcDoor") for x in below(f, s)))]),
    ("fourth-edge-05", "AC11-FZK-Haus-IFC.ifc", lambda f: len(f.by_type("IfcWall"))),
    ("fourth-rooms-02", "AC11-FZK-Haus-IFC.ifc",
     lambda f: guids([e for s in f.by_type("IfcSpace") if s.LongName == "Küche"
                      for r in s.ContainsElements for e in r.RelatedElements])),
    ("fourth-rooms-04", "AC11-FZK-Haus-IFC.ifc",
     lambda f: guids(bounded([s for s in f.by_type("IfcSpace") if s.LongName == "Schlafzimmer"][0], "IfcDoor"))),
    ("fourth-rooms-13", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: sum((s.LongName or "").startswith("Buero") for s in spaces_of(f, "2. Obergeschoss"))),
    ("fourth-qualifiers-03", "AC11-FZK-Haus-IFC.ifc",
     lambda f: guids([d for d in f.by_type("IfcDoor") if d.OverallWidth < 0.9])),
    ("fourth-qualifiers-04", "LargeBuilding.ifc",
     lambda f: guids([d for d in f.by_type("IfcDoor") if "1500 x 2000mm" in (ue.get_type(d).Name or "")])),
    ("fourth-quantities-01", "AC11-FZK-Haus-IFC.ifc",
     lambda f: sum(raw_qty(s, "BaseQuantities", "NetFloorArea") for s in f.by_type("IfcSpace"))),
    ("fourth-quantities-05", "LargeBuilding.ifc",
     lambda f: sum(raw_qty(s, "BaseQuantities", "NetFloorArea") for s in spaces_of(f, "Level 1"))),
    ("fourth-quantities-09", "LargeBuilding.ifc",
     lambda f: max(raw_qty(w, "BaseQuantities", "Length") for w in f.by_type("IfcWall"))),
    ("fourth-quantities-13", "3rooms_Heater_AirTerminal_Table_with_SB.ifc",
     lambda f: sum(raw_qty(s, "Qto_SpaceBaseQuantities", "NetFloorArea") for s in f.by_type("IfcSpace"))),
    ("fourth-negation-12", "WP_Puffer_FWS_FBH10.ifc",
     lambda f: guids([x for x in elements_on(f, "Ebene 0") if not x.is_a("IfcValve")])),
    ("fourth-multi_storey-04", "AC11-Institute-Var-2-IFC.ifc",
     lambda f: sum(x.is_a("IfcWindow") for s in ("1. Obergeschoss", "2. Obergeschoss") for x in below(f, s))),
    ("fourth-german-13", "AC11-FZK-Haus-IFC.ifc",
     lambda f: raw_qty([s for s in f.by_type("IfcSpace") if s.LongName == "Küche"][0], "BaseQuantities",
                       "NetFloorArea")),
    ("fourth-negation-08", "Heizung-Elektro_080729.ifc",
     lambda f: [s.Name for s in f.by_type("IfcBuildingStorey")
                if not any(type_class(x) == "IfcSpaceHeaterType" for x in below(f, s.Name))]),
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
        return sorted(a) == sorted(b)
    return bool(a == b)


def shown(value: Any) -> Any:
    return f"{len(value)} GlobalIds" if isinstance(value, list) and value and len(value[0]) == 22 else value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=HERE.parents[2] / "shared" / "ifc")
    args = parser.parse_args(argv)
    data = {q["id"]: q for q in json.loads((HERE / "people_fourth.json").read_text(encoding="utf-8"))}
    files: dict[str, Any] = {}
    bad = 0
    for qid, model, recount in CHECKS:
        q = data[qid]
        assert q["ifc_filename"] == model, qid
        f = files.setdefault(model, ifcopenshell.open(str(args.ifc_dir / model)))
        want, got = committed_answer(q["oracle"]), recount(f)
        ok = same(want, got)
        bad += not ok
        print(f"{'ok  ' if ok else 'DIFF'} {qid:26} oracle {shown(want)!s:24} recount {shown(got)}")
    print(f"{len(CHECKS) - bad}/{len(CHECKS)} hand checks agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
