"""Hand checks of people_twelfth.json: 18 intents re-derived by a second, differently written walk.

    python bench/spatial/people_twelfth_handchecks.py [--ifc-dir ../shared/ifc]

``people_twelfth_oracles.py`` walks *up* from each element (``people_oracles.Model.storey_of``) and reads
properties through ``ifcopenshell.util.element``. This file walks *down* from the storey instead: the storey's
``IfcRelContainedInSpatialStructure`` elements, the spaces it aggregates and their contents, the parts of
aggregated elements and the fillings of their openings; it reads ``IfcRelDefinesByProperties``,
``IfcRelDefinesByType``, ``IfcRelSpaceBoundary`` and the project's ``IfcSIUnit`` instances directly. Each check
returns what the committed oracle must be (its type and value or GlobalIds), compared with all four phrasings of
its intent. Exit 0 when every check agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ifcopenshell

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
SET = HERE / "people_twelfth.json"


# --- a second walk: down from the storey ------------------------------------------------------------------------------

def _children(x: Any) -> Iterator[Any]:
    """What sits directly below ``x``: contained elements, aggregated parts, fillings of its openings."""
    for rel in getattr(x, "ContainsElements", None) or ():
        yield from rel.RelatedElements
    for rel in getattr(x, "IsDecomposedBy", None) or ():
        yield from rel.RelatedObjects
    for rel in getattr(x, "HasOpenings", None) or ():
        opening = rel.RelatedOpeningElement
        for fill in opening.HasFillings or ():
            yield fill.RelatedBuildingElement


def below(storey: Any) -> set[Any]:
    """Every product below ``storey`` (not crossing into another storey)."""
    seen: set[int] = set()
    out: set[Any] = set()
    todo = list(_children(storey))
    while todo:
        x = todo.pop()
        if x.id() in seen or x.is_a("IfcBuildingStorey"):
            continue
        seen.add(x.id())
        out.add(x)
        todo.extend(_children(x))
    return out


def storey(f: ifcopenshell.file, name: str) -> Any:
    (found,) = [s for s in f.by_type("IfcBuildingStorey") if s.Name == name]
    return found


def on(f: ifcopenshell.file, name: str, cls: str = "IfcElement") -> list[Any]:
    return [x for x in below(storey(f, name))
            if x.is_a(cls) and not x.is_a("IfcOpeningElement") and not x.is_a("IfcVirtualElement")
            and not x.is_a("IfcSpatialStructureElement")]


def props(x: Any) -> dict[str, Any]:
    """Single values and quantities of ``x`` and of its type, occurrence winning, keyed 'Set.Name'."""
    out: dict[str, Any] = {}
    sources: list[Any] = []
    for rel in getattr(x, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByType"):
            sources.extend(rel.RelatingType.HasPropertySets or ())
    for rel in getattr(x, "IsTypedBy", None) or ():
        sources.extend(rel.RelatingType.HasPropertySets or ())
    occurrence = [rel.RelatingPropertyDefinition for rel in getattr(x, "IsDefinedBy", None) or ()
                  if rel.is_a("IfcRelDefinesByProperties")]
    for definition in sources + occurrence:
        if definition.is_a("IfcPropertySet"):
            for p in definition.HasProperties:
                if p.is_a("IfcPropertySingleValue"):
                    out[f"{definition.Name}.{p.Name}"] = p.NominalValue.wrappedValue if p.NominalValue else None
        elif definition.is_a("IfcElementQuantity"):
            for q in definition.Quantities:
                out[f"{definition.Name}.{q.Name}"] = q[3]
    return out


def type_of(x: Any) -> Any:
    for rel in list(getattr(x, "IsDefinedBy", None) or ()) + list(getattr(x, "IsTypedBy", None) or ()):
        if rel.is_a("IfcRelDefinesByType"):
            return rel.RelatingType
    return None


def length_factor(f: ifcopenshell.file) -> float:
    for u in f.by_type("IfcSIUnit"):
        if u.UnitType == "LENGTHUNIT":
            return {"MILLI": 0.001, None: 1.0}[u.Prefix]
    raise ValueError("no SI length unit")


def guids(xs: Any) -> list[str]:
    return sorted({x.GlobalId for x in xs})


# --- the checks: intent -> (model, expected oracle fields) ----------------------------------------------------------

Check = Callable[[ifcopenshell.file], dict[str, Any]]


def _els(xs: Any) -> dict[str, Any]:
    return {"type": "elements", "guids": guids(xs)}


def _count(xs: Any) -> dict[str, Any]:
    g = guids(xs)
    return {"type": "count", "value": len(g), "guids": g}


def _most(f: ifcopenshell.file, names: list[str], cls: str, fewest: bool = False) -> dict[str, Any]:
    sizes = {n: len(on(f, n, cls)) for n in names}
    best = (min if fewest else max)(sizes.values())
    return {"type": "storeys", "value": sorted(n for n, v in sizes.items() if v == best)}


def _space(f: ifcopenshell.file, name: str) -> Any:
    (found,) = [s for s in f.by_type("IfcSpace") if s.Name == name]
    return found


def _in(space: Any) -> list[Any]:
    return [e for rel in space.ContainsElements or () for e in rel.RelatedElements]


def _bounded(f: ifcopenshell.file, space: Any, cls: str) -> list[Any]:
    return [r.RelatedBuildingElement for r in f.by_type("IfcRelSpaceBoundary")
            if r.RelatingSpace == space and r.RelatedBuildingElement is not None
            and r.RelatedBuildingElement.is_a(cls)]


def _spaces_below(f: ifcopenshell.file, name: str) -> list[Any]:
    return [x for x in below(storey(f, name)) if x.is_a("IfcSpace")]


def _sum(xs: list[Any], key: str) -> float:
    return sum(float(props(x)[key]) for x in xs)


CHECKS: dict[str, tuple[str, Check]] = {
    "twelfth-storey_class-01": ("ExampleHOM.ifc", lambda f: _els(on(f, "1stFloor", "IfcWindow"))),
    "twelfth-storey_class-02": ("AC11-Institute-Var-2-IFC.ifc", lambda f: _count(on(f, "Keller", "IfcDoor"))),
    "twelfth-storey_class-03": ("Heizung-Elektro_080729.ifc", lambda f: _count(
        [x for x in on(f, "Kellergeschoss") if type_of(x) is not None and type_of(x).is_a("IfcLightFixtureType")])),
    "twelfth-storey_class-04": ("LargeBuilding.ifc", lambda f: _els(on(f, "Level 1", "IfcFurnishingElement"))),
    "twelfth-comparison-01": ("AC11-Institute-Var-2-IFC.ifc", lambda f: _most(
        f, [s.Name for s in f.by_type("IfcBuildingStorey")], "IfcDoor")),
    "twelfth-comparison-03": ("Duplex_A_20110907.ifc", lambda f: _most(f, ["Level 1", "Level 2"], "IfcWindow")),
    "twelfth-edge-01": ("IfcOpenHouse_IFC4.ifc", lambda f: _count(f.by_type("IfcWindow"))),
    "twelfth-edge-04": ("Duplex_A_20110907.ifc", lambda f: _els(on(f, "T/FDN"))),
    "twelfth-rooms-01": ("Duplex_A_20110907.ifc", lambda f: _els(_bounded(f, _space(f, "B201"), "IfcDoor"))),
    "twelfth-rooms-02": ("AC11-Institute-Var-2-IFC.ifc", lambda f: _els(_in(_space(f, "006")))),
    "twelfth-qualifiers-01": ("KIT-EDC_with_SB.ifc", lambda f: _els(
        [w for w in on(f, "2.OG", "IfcWall") if props(w).get("Pset_WallCommon.IsExternal") is True])),
    "twelfth-qualifiers-02": ("AC11-Institute-Var-2-IFC.ifc", lambda f: _count(
        [d for d in on(f, "Erdgeschoss", "IfcDoor") if props(d).get("Pset_DoorCommon.IsExternal") is False])),
    "twelfth-quantities-01": ("ExampleHOM.ifc", lambda f: {
        "type": "number", "value": round(_sum(on(f, "GroundFloor", "IfcWall"), "Qto_WallBaseQuantities.NetVolume"), 6),
        "unit": "m³"}),
    "twelfth-quantities-03": ("AC11-Institute-Var-2-IFC.ifc", lambda f: {
        "type": "number", "unit": "m²", "value": round(_sum(
            [s for s in _spaces_below(f, "Keller") if "labor" in (s.LongName or "").lower()],
            "BaseQuantities.NetFloorArea"), 6)}),
    "twelfth-negation-01": ("Duplex_A_20110907.ifc", lambda f: _els(
        [s for s in _spaces_below(f, "Level 2") if "bathroom" not in f"{s.Name} {s.LongName}".lower()])),
    "twelfth-multi_storey-01": ("AC11-Institute-Var-2-IFC.ifc", lambda f: _count(
        on(f, "Erdgeschoss", "IfcWindow") + on(f, "1. Obergeschoss", "IfcWindow"))),
    "twelfth-multi_storey-03": ("Heizung-Elektro_080729.ifc", lambda f: _els(
        [x for n in ("EG", "Obergeschoss") for x in on(f, n)
         if type_of(x) is not None and type_of(x).is_a("IfcSpaceHeaterType")])),
    "twelfth-lookup-03": ("LargeBuilding.ifc", lambda f: {
        "type": "number", "unit": "m", "value": round(float(storey(f, "Level 2").Elevation) * length_factor(f), 6)}),
}


def agree(expected: dict[str, Any], oracle: dict[str, Any]) -> bool:
    """Whether the committed ``oracle`` carries every field of ``expected`` (numbers to 1e-6)."""
    for key, value in expected.items():
        got = oracle.get(key)
        if isinstance(value, float):
            if not isinstance(got, (int, float)) or abs(got - value) > 1e-6 * max(1.0, abs(value)):
                return False
        elif got != value:
            return False
    return True


def run(ifc_dir: Path, data: list[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """intent -> (phrasings agreeing, phrasings of the intent) for every check."""
    files: dict[str, ifcopenshell.file] = {}
    out: dict[str, tuple[int, int]] = {}
    for intent, (model, check) in CHECKS.items():
        if model not in files:
            files[model] = ifcopenshell.open(str(ifc_dir / model))
        expected = check(files[model])
        rows = [q for q in data if q["intent"] == intent]
        if any(q["ifc_filename"] != model for q in rows):
            raise ValueError(f"{intent}: not on {model}")
        out[intent] = (sum(agree(expected, q["oracle"]) for q in rows), len(rows))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}", file=sys.stderr)
        return 2
    result = run(args.ifc_dir, json.loads(SET.read_text(encoding="utf-8")))
    for intent, (ok, n) in result.items():
        print(f"{intent}: {ok}/{n}")
    good = sum(ok == n == 4 for ok, n in result.values())
    print(f"{good}/{len(result)} intents agree")
    return 0 if good == len(result) else 1


if __name__ == "__main__":
    sys.exit(main())
