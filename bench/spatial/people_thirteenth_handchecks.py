"""A second, differently written walk over the models that re-derives 22 intents of people_thirteenth.json.

    python bench/spatial/people_thirteenth_handchecks.py [--ifc-dir ../shared/ifc]

The oracle script walks *up* from every element to its storey through ``people_oracles.Model``; this file
walks *down* from the storey (``ifcopenshell.util.element.get_decomposition`` plus the fillings of the
openings of what it finds) and reads the file's relationship instances directly (IfcRelSpaceBoundary,
IfcRelContainedInSpatialStructure, IfcRelDefinesByProperties, IfcRelDefinesByType,
IfcRelAssociatesMaterial) instead of ``ifcopenshell.util.element.get_pset`` / ``get_materials``. Each check
gives the value the four committed phrasings of its intent must carry; exit 1 when one disagrees.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
SET = HERE / "people_thirteenth.json"


class Walk:
    """One model read top-down, with its relationship instances indexed by hand."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.props: dict[int, dict[tuple[str, str], Any]] = defaultdict(dict)
        type_of: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelDefinesByType"):
            for obj in rel.RelatedObjects:
                type_of[obj.id()] = rel.RelatingType
        for rel in self.f.by_type("IfcRelDefinesByProperties"):
            for obj in rel.RelatedObjects:
                self._read(obj.id(), rel.RelatingPropertyDefinition, overwrite=True)
        for oid, typ in type_of.items():  # type properties only where the occurrence has none
            for definition in typ.HasPropertySets or ():
                self._read(oid, definition, overwrite=False)

    def _read(self, oid: int, definition: Any, overwrite: bool) -> None:
        if definition.is_a("IfcPropertySet"):
            items = [(p.Name, p.NominalValue.wrappedValue if p.NominalValue is not None else None)
                     for p in definition.HasProperties or () if p.is_a("IfcPropertySingleValue")]
        elif definition.is_a("IfcElementQuantity"):
            items = [(x.Name, x[3]) for x in definition.Quantities or () if x.is_a("IfcPhysicalSimpleQuantity")]
        else:
            return
        for name, value in items:
            key = (definition.Name, name)
            if overwrite or key not in self.props[oid]:
                self.props[oid][key] = value

    def storey(self, name: str) -> Any:
        (found,) = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        return found

    def below(self, storey_name: str, cls: str) -> list[Any]:
        """Everything under the storey (decomposition, space contents, fillings of openings) of class ``cls``."""
        todo = list(ue.get_decomposition(self.storey(storey_name)))
        seen: dict[int, Any] = {}
        while todo:
            x = todo.pop()
            if x.id() in seen:
                continue
            seen[x.id()] = x
            for rel in getattr(x, "HasOpenings", None) or ():
                for fill in rel.RelatedOpeningElement.HasFillings or ():
                    todo.append(fill.RelatedBuildingElement)
            for rel in getattr(x, "IsDecomposedBy", None) or ():
                todo.extend(rel.RelatedObjects)
        return [x for x in seen.values() if x.is_a(cls)]

    def space(self, attr: str, value: str) -> Any:
        (found,) = [s for s in self.f.by_type("IfcSpace") if getattr(s, attr) == value]
        return found

    def inside(self, space: Any, cls: str) -> list[Any]:
        return [e for rel in self.f.by_type("IfcRelContainedInSpatialStructure") if rel.RelatingStructure == space
                for e in rel.RelatedElements if e.is_a(cls)]

    def bounds(self, space: Any, cls: str) -> set[str]:
        return {rel.RelatedBuildingElement.GlobalId for rel in self.f.by_type("IfcRelSpaceBoundary")
                if rel.RelatingSpace == space and rel.RelatedBuildingElement is not None
                and rel.RelatedBuildingElement.is_a(cls)}

    def prop(self, e: Any, pset: str, name: str) -> Any:
        return self.props[e.id()].get((pset, name))

    def material(self, e: Any) -> str | None:
        """The one material of ``e`` (a plain material, or a layer set / list of one), else None."""
        for rel in self.f.by_type("IfcRelAssociatesMaterial"):
            if e not in rel.RelatedObjects:
                continue
            m = rel.RelatingMaterial
            if m.is_a("IfcMaterialLayerSetUsage"):
                m = m.ForLayerSet
            if m.is_a("IfcMaterialLayerSet"):
                names = [layer.Material.Name for layer in m.MaterialLayers if layer.Material is not None]
            elif m.is_a("IfcMaterialList"):
                names = [x.Name for x in m.Materials]
            elif m.is_a("IfcMaterial"):
                names = [m.Name]
            else:
                names = []
            return str(names[0]) if len(set(names)) == 1 else None
        return None


def _count(es: list[Any]) -> int:
    return len({e.GlobalId for e in es})


def _most(w: Walk, cls: str, names: list[str]) -> list[str]:
    sizes = {n: _count(w.below(n, cls)) for n in names}
    return [n for n, v in sizes.items() if v == max(sizes.values())]


# intent -> (model, what the committed oracle must hold: ("count", n) / ("guids", set) / ("storeys", list)
#            / ("number", x) / ("values", rows))
CHECKS: dict[str, tuple[str, Callable[[Walk], tuple[str, Any]]]] = {
    "storey_class-01": ("Duplex_A_20110907.ifc", lambda w: ("count", _count(w.below("Level 2", "IfcDoor")))),
    "storey_class-02": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("count", _count(w.below("Keller", "IfcWindow")))),
    "storey_class-03": ("3rooms_Heater_AirTerminal_Table_with_SB.ifc",
                        lambda w: ("guids", {e.GlobalId for e in w.below("My Storey", "IfcWindow")})),
    "comparison-01": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("storeys", _most(
        w, "IfcDoor", ["Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss"]))),
    "comparison-02": ("Duplex_A_20110907.ifc", lambda w: ("storeys", _most(w, "IfcWindow", ["Level 1", "Level 2"]))),
    "comparison-03": ("KIT-EDC_with_SB.ifc", lambda w: ("storeys", _most(w, "IfcWall", ["EG", "1.OG", "2.OG"]))),
    "edge-01": ("IfcOpenHouse_IFC4.ifc", lambda w: ("count", len(w.f.by_type("IfcWindow")))),
    "edge-03": ("ExampleHOM.ifc", lambda w: ("count", _count(w.below("attic", "IfcDoor")))),
    "rooms-01": ("Duplex_A_20110907.ifc",
                 lambda w: ("count", _count(w.inside(w.space("Name", "B103"), "IfcFurnishingElement")))),
    "rooms-02": ("ExampleHOM.ifc", lambda w: ("guids", w.bounds(w.space("Name", "Kitchen5"), "IfcWindow"))),
    "rooms-03": ("AC11-Institute-Var-2-IFC.ifc",
                 lambda w: ("count", len(w.bounds(w.space("LongName", "Flur EG Ost"), "IfcDoor")))),
    "qualifiers-01": ("Duplex_A_20110907.ifc", lambda w: ("guids", {
        e.GlobalId for e in w.below("Level 1", "IfcDoor") if w.prop(e, "Pset_DoorCommon", "IsExternal") is True})),
    "qualifiers-02": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("count", _count([
        e for e in w.below("Erdgeschoss", "IfcWall") if w.prop(e, "Pset_WallCommon", "LoadBearing") is True]))),
    "quantities-01": ("AC20-FZK-Haus.ifc", lambda w: (
        "number", w.prop(w.space("LongName", "Küche"), "BaseQuantities", "NetFloorArea"))),
    "quantities-02": ("3rooms_Heater_AirTerminal_Table_with_SB.ifc", lambda w: ("number", sum(
        w.prop(s, "Qto_SpaceBaseQuantities", "NetFloorArea") for s in w.f.by_type("IfcSpace")))),
    "quantities-04": ("Duplex_A_20110907.ifc", lambda w: ("guids", {
        s.GlobalId for s in w.below("Level 2", "IfcSpace") if w.prop(s, "GSA Space Areas", "GSA BIM Area") > 20})),
    "negation-01": ("Duplex_A_20110907.ifc", lambda w: ("guids", {
        s.GlobalId for s in w.below("Level 2", "IfcSpace") if not w.bounds(s, "IfcWindow")})),
    "negation-02": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("count", _count([
        e for e in w.below("2. Obergeschoss", "IfcWall") if w.prop(e, "Pset_WallCommon", "LoadBearing") is False]))),
    "multi_storey-01": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("count", _count(
        w.below("1. Obergeschoss", "IfcWindow") + w.below("2. Obergeschoss", "IfcWindow")))),
    "multi_storey-03": ("KIT-EDC_with_SB.ifc",
                        lambda w: ("count", _count(w.below("EG", "IfcWall") + w.below("2.OG", "IfcWall")))),
    "german-03": ("AC11-FZK-Haus-IFC.ifc",
                  lambda w: ("count", _count(w.inside(w.space("LongName", "Küche"), "IfcFurnishingElement")))),
    "lookup-01": ("AC11-Institute-Var-2-IFC.ifc", lambda w: ("values", sorted(
        [v, n] for v, n in Counter(w.material(e) for e in w.below("Erdgeschoss", "IfcWall")).items()))),
}


def agrees(expected: tuple[str, Any], oracle: dict[str, Any]) -> bool:
    how, value = expected
    if how == "count":
        return bool(oracle["type"] == "count" and oracle["value"] == value)
    if how == "guids":
        return bool(oracle["type"] == "elements" and set(oracle["guids"]) == value)
    if how == "storeys":
        return bool(oracle["type"] == "storeys" and oracle["value"] == sorted(value))
    if how == "number":
        return bool(oracle["type"] == "number" and abs(oracle["value"] - float(value)) <= 1e-6 * abs(float(value)))
    if how == "values":
        return bool(oracle["type"] == "values" and oracle["value"] == value)
    raise ValueError(how)


def run(ifc_dir: Path, data: list[dict[str, Any]]) -> list[str]:
    """The disagreements (intent, phrasing id) between the hand checks and the committed phrasings."""
    by_intent: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in data:
        by_intent[q["intent"]].append(q)
    walks: dict[str, Walk] = {}
    bad = []
    for short, (model, check) in CHECKS.items():
        if model not in walks:
            walks[model] = Walk(ifc_dir / model)
        expected = check(walks[model])
        phrasings = by_intent[f"thirteenth-{short}"]
        if len(phrasings) != 4:
            bad.append(f"{short}: {len(phrasings)} phrasings")
        bad.extend(f"{q['id']}: expected {expected}" for q in phrasings
                   if q["ifc_filename"] != model or not agrees(expected, q["oracle"]))
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}", file=sys.stderr)
        return 2
    bad = run(args.ifc_dir, json.loads(SET.read_text(encoding="utf-8")))
    for line in bad:
        print(line)
    print(f"{len(CHECKS)} intents hand-checked, {4 * len(CHECKS)} phrasings: {len(bad)} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
