"""A second, differently written walk over the shared models that re-derives 23 oracles of people_sixth.json.

    python bench/spatial/people_sixth_handchecks.py [--ifc-dir ../shared/ifc]

``people_sixth_oracles.py`` walks **up** from each element (``Model.storey_of``: container, else aggregate, else
the element whose opening it fills) and reads properties through ``ifcopenshell.util.element.get_pset``. This file
shares none of that: it walks **down** from a storey (the file's ``IfcRelContainedInSpatialStructure`` instances
for the storey and the spaces aggregated under it, then each element's ``IsDecomposedBy`` parts and the fillings
of its openings), reads the raw ``IfcRelDefinesByProperties`` -> ``IfcPropertySet`` / ``IfcElementQuantity``
entities (occurrence first, then the type's ``HasPropertySets``), finds types through ``IfcRelDefinesByType``
(IFC2X3) / ``IsTypedBy`` (IFC4), and space boundaries through the file's ``IfcRelSpaceBoundary`` instances. It
prints one line per check and ``N/N hand checks agree``; exit 1 on any disagreement, 2 without the models.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
SET = HERE / "people_sixth.json"
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"


class Walk:
    """A model read downwards from its spatial structure, with raw property entities."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.held: dict[int, list[Any]] = {}
        for rel in self.f.by_type("IfcRelContainedInSpatialStructure"):
            self.held.setdefault(rel.RelatingStructure.id(), []).extend(rel.RelatedElements or ())
        self.kids: dict[int, list[Any]] = {}
        for rel in self.f.by_type("IfcRelAggregates"):
            self.kids.setdefault(rel.RelatingObject.id(), []).extend(rel.RelatedObjects or ())
        self.type_of: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelDefinesByType"):
            for o in rel.RelatedObjects or ():
                self.type_of[o.id()] = rel.RelatingType

    def storey(self, name: str) -> Any:
        (s,) = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        return s

    def _spaces_under(self, x: Any) -> list[Any]:
        out = []
        for k in self.kids.get(x.id(), ()):
            if k.is_a("IfcSpace"):
                out.append(k)
                out.extend(self._spaces_under(k))
        return out

    def _with_parts(self, e: Any, seen: set[int]) -> Iterable[Any]:
        if e.id() in seen:
            return
        seen.add(e.id())
        yield e
        for k in self.kids.get(e.id(), ()):
            yield from self._with_parts(k, seen)
        for rel in getattr(e, "HasOpenings", None) or ():
            for fill in rel.RelatedOpeningElement.HasFillings or ():
                yield from self._with_parts(fill.RelatedBuildingElement, seen)

    def below(self, storey: str) -> list[Any]:
        """Every element down from ``storey``: contained in it or its spaces, with their parts and fillings."""
        s = self.storey(storey)
        seen: set[int] = set()
        out: list[Any] = []
        for holder in [s, *self._spaces_under(s)]:
            for e in self.held.get(holder.id(), ()):
                out.extend(self._with_parts(e, seen))
        return [e for e in out if e.is_a("IfcElement") and not e.is_a("IfcFeatureElement")
                and not e.is_a("IfcVirtualElement")]

    def all(self, cls: str) -> list[Any]:
        return list(self.f.by_type(cls))

    def type(self, e: Any) -> Any:
        t = self.type_of.get(e.id())
        if t is None:
            for rel in getattr(e, "IsTypedBy", None) or ():
                t = rel.RelatingType
        return t

    def raw(self, e: Any, set_name: str, prop: str) -> Any:
        """A property or quantity value, from the occurrence's definitions, then from its type's."""
        defs = [r.RelatingPropertyDefinition for r in getattr(e, "IsDefinedBy", None) or ()
                if r.is_a("IfcRelDefinesByProperties")]
        t = self.type(e)
        if t is not None:
            defs += list(getattr(t, "HasPropertySets", None) or ())
        for d in defs:
            if d.Name != set_name:
                continue
            if d.is_a("IfcPropertySet"):
                for p in d.HasProperties:
                    if p.Name == prop and p.is_a("IfcPropertySingleValue"):
                        return p.NominalValue.wrappedValue if p.NominalValue is not None else None
            if d.is_a("IfcElementQuantity"):
                for q in d.Quantities:
                    if q.Name == prop:
                        return q[3]  # the value attribute of every IfcPhysicalSimpleQuantity
        return None

    def space(self, text: str) -> Any:
        (s,) = [s for s in self.f.by_type("IfcSpace") if text in (s.Name, s.LongName)]
        return s

    def contained_in(self, space: Any) -> list[Any]:
        return list(self.held.get(space.id(), ()))

    def boundary(self, space: Any, cls: str) -> list[Any]:
        out = {}
        for rel in self.f.by_type("IfcRelSpaceBoundary"):
            e = rel.RelatedBuildingElement
            if rel.RelatingSpace == space and e is not None and e.is_a(cls):
                out[e.id()] = e
        return list(out.values())


def guids(es: Iterable[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def of(es: Iterable[Any], cls: str) -> list[Any]:
    return [e for e in es if e.is_a(cls)]


def typed(w: Walk, es: Iterable[Any], type_class: str) -> list[Any]:
    return [e for e in es if w.type(e) is not None and w.type(e).is_a(type_class)]


Check = tuple[str, str, Callable[[Walk], Any]]  # words of its query, model, the recomputed oracle part

INS = "AC11-Institute-Var-2-IFC.ifc"
HE = "Heizung-Elektro_080729.ifc"
EDC = "KIT-EDC_with_SB.ifc"
DUP = "Duplex_A_20110907.ifc"


def _ext(w: Walk, e: Any, pset: str) -> Any:
    return w.raw(e, pset, "IsExternal")


CHECKS: list[Check] = [
    ("seals", "ExampleHOM.ifc", lambda w: guids(of(w.below("GroundFloor"), "IfcWindow"))),
    ("door lock survey", EDC, lambda w: len(of(w.below("1.OG"), "IfcDoor"))),
    ("bleeding of the heating", HE,
     lambda w: guids(typed(w, w.below("Obergeschoss"), "IfcSpaceHeaterType"))),
    ("power outlets", "Duplex_Electrical_20121207.ifc",
     lambda w: len(typed(w, w.below("Level 2"), "IfcOutletType"))),
    ("fewest walls", EDC,
     lambda w: [min(("EG", "1.OG", "2.OG"), key=lambda s: len(of(w.below(s), "IfcWall")))]),
    ("most light fittings", HE,
     lambda w: [max(("Kellergeschoss", "EG", "Obergeschoss", "Dachgeschoss"),
                    key=lambda s: len(typed(w, w.below(s), "IfcLightFixtureType")))]),
    ("columns in the Keller", INS, lambda w: len(of(w.below("Keller"), "IfcColumn"))),
    ("B103", DUP, lambda w: guids(of(w.contained_in(w.space("B103")), "IfcFurnishingElement"))),
    ("Flur", "AC20-FZK-Haus.ifc", lambda w: guids(w.boundary(w.space("Flur"), "IfcDoor"))),
    ("all the WCs", INS, lambda w: guids(s for s in w.all("IfcSpace") if "WC" in (s.LongName or ""))),
    ("insulation quote", INS,
     lambda w: guids(e for e in of(w.below("Erdgeschoss"), "IfcWall") if _ext(w, e, "Pset_WallCommon") is True)),
    ("wider than 1 m", "LargeBuilding.ifc",
     lambda w: guids(e for e in w.all("IfcDoor") if w.raw(e, "BaseQuantities", "Width") > 1000)),
    ("over 50 W", HE,
     lambda w: guids(e for e in typed(w, w.all("IfcFlowTerminal"), "IfcLightFixtureType")
                     if (w.raw(e, "Pset_LightFixtureTypeCommon", "TotalWattage") or 0) > 50)),
    ("rooms on the GroundFloor (m2)", "ExampleHOM.ifc",
     lambda w: math.fsum(w.raw(s, "Qto_SpaceBaseQuantities", "NetFloorArea")
                         for s in w._spaces_under(w.storey("GroundFloor")))),
    ("ext. walls", EDC,
     lambda w: math.fsum(w.raw(e, "BaseQuantities", "NominalLength") for e in of(w.below("EG"), "IfcWall")
                         if _ext(w, e, "Pset_WallCommon") is True)),
    ("Heat load", HE,
     lambda w: math.fsum(w.raw(e, "Pset_SpaceHeaterTypeCommon", "OutputCapacity")
                         for e in typed(w, w.below("EG"), "IfcSpaceHeaterType"))),
    ("aren't external", EDC,
     lambda w: guids(e for e in of(w.below("1.OG"), "IfcWall") if _ext(w, e, "Pset_WallCommon") is False)),
    ("not in one of the kitchens", DUP,
     lambda w: guids(set(w.all("IfcFurnishingElement"))
                     - {e for s in w.all("IfcSpace") if "Kitchen" in (s.LongName or "")
                        for e in w.contained_in(s)})),
    ("offices on the 1. and 2.", INS,
     lambda w: math.fsum(w.raw(s, "BaseQuantities", "NetFloorArea")
                         for st in ("1. Obergeschoss", "2. Obergeschoss") for s in w._spaces_under(w.storey(st))
                         if w.raw(s, "Pset_SpaceCommon", "Category") == "Office")),
    ("railings", INS,
     lambda w: guids(e for st in ("Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss")
                     for e in of(w.below(st), "IfcRailing"))),
    ("weiss", INS,
     lambda w: guids(e for e in w.all("IfcFurnishingElement")
                     if w.raw(e, "Pset_FurnitureTypeCommon", "MainColor") == "weiss")),
    ("Roof level", "Duplex_Electrical_20121207.ifc",
     lambda w: w.storey("Roof").Elevation * 0.3048),
    ("risers", DUP,
     lambda w: sorted([[v, n] for v, n in _tally(w.raw(e, "Pset_StairCommon", "NumberOfRiser")
                                                 for e in w.all("IfcStair")).items()])),
]


def _tally(vs: Iterable[Any]) -> dict[Any, int]:
    out: dict[Any, int] = {}
    for v in vs:
        out[v] = out.get(v, 0) + 1
    return out


def expected(oracle: dict[str, Any]) -> Any:
    """The part of an oracle a check recomputes."""
    kind = oracle["type"]
    if kind == "elements":
        return oracle["guids"]
    if kind == "count":
        return oracle["value"]
    if kind in ("storeys", "values"):
        return oracle["value"]
    if kind == "number":
        return oracle["value"]
    raise ValueError(kind)


def agree(got: Any, want: Any) -> bool:
    if isinstance(want, float) and isinstance(got, (int, float)):
        return math.isclose(got, want, rel_tol=1e-6)
    return bool(got == want)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    data = json.loads(SET.read_text(encoding="utf-8"))
    walks: dict[str, Walk] = {}
    ok = 0
    for word, model, run in CHECKS:
        found = [q for q in data if q["ifc_filename"] == model and word.casefold() in q["query"].casefold()]
        if len(found) != 1:
            print(f"{model} / {word!r}: {len(found)} questions match (the set changed)")
            continue
        q = found[0]
        qid = q["id"]
        if model not in walks:
            walks[model] = Walk(args.ifc_dir / model)
        got, want = run(walks[model]), expected(q["oracle"])
        same = agree(got, want)
        ok += same
        shown = f"{len(got)} elements" if isinstance(got, list) and got and isinstance(got[0], str) \
            and len(got[0]) == 22 else got
        print(f"{qid}: {'agrees' if same else 'DIFFERS'} ({shown}) | {q['query']}")
    print(f"{ok}/{len(CHECKS)} hand checks agree")
    return 0 if ok == len(CHECKS) else 1


if __name__ == "__main__":
    sys.exit(main())
