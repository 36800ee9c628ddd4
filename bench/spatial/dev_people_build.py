"""Build ``bench/spatial/dev_people.json``: the parser engineer's dev set of questions phrased as people ask them.

Every oracle is computed here with plain IfcOpenShell (``ifcopenshell.util.element``, inverse attributes), never
through ``ifcqa.index``, in the contract format of ``ifcqa spatial-bench`` (docs: notes/spatial-contract.md).
Run: ``python bench/spatial/dev_people_build.py --ifc-dir ../shared/ifc`` (rewrites the JSON beside this file).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

OUT = Path(__file__).with_name("dev_people.json")


def storey_of(e: Any) -> Any:
    """The storey an element is on: its spatial container, its aggregate's, or its host's (through the opening)."""
    seen = set()
    while e is not None and e.id() not in seen:
        seen.add(e.id())
        if e.is_a("IfcBuildingStorey"):
            return e
        rel = next(iter(getattr(e, "ContainedInStructure", None) or ()), None)
        if rel is not None:
            e = rel.RelatingStructure
            continue
        rel = next(iter(getattr(e, "Decomposes", None) or ()), None)
        if rel is not None:
            e = rel.RelatingObject
            continue
        rel = next(iter(getattr(e, "FillsVoids", None) or ()), None)
        if rel is not None:
            e = rel.RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement
            continue
        return None
    return None


def on(m: Any, cls: str, storeys: set[str] | None = None, pred: Callable[[Any], bool] | None = None) -> list[Any]:
    out = []
    for e in m.by_type(cls):
        s = storey_of(e)
        if storeys is not None and (s is None or s.Name not in storeys):
            continue
        if pred is not None and not pred(e):
            continue
        out.append(e)
    return out


def contained_not_on(m: Any, storey: str) -> list[Any]:
    """Products contained directly in a storey other than ``storey`` (spatial elements left out)."""
    out = []
    for rel in m.by_type("IfcRelContainedInSpatialStructure"):
        s = rel.RelatingStructure
        if s.is_a("IfcBuildingStorey") and s.Name != storey:
            out += [e for e in rel.RelatedElements if not e.is_a("IfcSpatialStructureElement")]
    return out


def pset(e: Any, name: str, prop: str) -> Any:
    return ue.get_pset(e, name, prop)


def qto(e: Any, prop: str) -> float | None:
    for values in ue.get_psets(e, qtos_only=True).values():
        if prop in values:
            return float(values[prop])
    return None


def bounded_by(m: Any, space_name: str, cls: str) -> list[Any]:
    out = {}
    for s in m.by_type("IfcSpace"):
        if s.Name != space_name:
            continue
        for rel in s.BoundedBy or ():
            el = rel.RelatedBuildingElement
            if el is not None and el.is_a(cls):
                out[el.GlobalId] = el
    return list(out.values())


def spaces_named(m: Any, *words: str) -> list[Any]:
    return [s for s in m.by_type("IfcSpace")
            if any(w.lower() in f"{s.Name or ''} {s.LongName or ''}".lower() for w in words)]


def g(elements: list[Any]) -> list[str]:
    return sorted(e.GlobalId for e in elements)


def build(ifc_dir: Path) -> list[dict[str, Any]]:
    models: dict[str, Any] = {}

    def m(name: str) -> Any:
        if name not in models:
            models[name] = ifcopenshell.open(str(ifc_dir / name))
        return models[name]

    qs: list[dict[str, Any]] = []

    def add(kind: str, model: str, query: str, oracle: dict[str, Any], rule: str) -> None:
        qs.append({"id": f"dev-{len(qs) + 1:02d}", "query": query, "ifc_filename": model, "kind": kind,
                   "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"})

    def elements(es: list[Any]) -> dict[str, Any]:
        return {"type": "elements", "guids": g(es)}

    def count(es: list[Any]) -> dict[str, Any]:
        return {"type": "count", "value": len(es), "guids": g(es)}

    dup, fzk, inst, edc = "Duplex_A_20110907.ifc", "AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", \
        "KIT-EDC_with_SB.ifc"
    hom, large, house = "ExampleHOM.ifc", "LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"
    ext = lambda cls: lambda e: pset(e, f"Pset_{cls}Common", "IsExternal") is True  # noqa: E731

    # storey + class
    add("storey_class", dup, "which doors are on level 2?", elements(on(m(dup), "IfcDoor", {"Level 2"})),
        "IfcDoor whose storey (container, aggregate or host) is Level 2")
    add("storey_class", inst, "Show me the windows in the Erdgeschoss",
        elements(on(m(inst), "IfcWindow", {"Erdgeschoss"})), "IfcWindow on Erdgeschoss")
    add("storey_class", hom, "what walls are there on the ground floor",
        elements(on(m(hom), "IfcWall", {"GroundFloor"})),
        "IfcWall on GroundFloor (the lowest storey)")
    add("storey_class", large, "how many doors does level 1 have?", count(on(m(large), "IfcDoor", {"Level 1"})),
        "IfcDoor on Level 1")
    # comparisons and thresholds
    n = len(on(m(dup), "IfcDoor", {"Level 1"}))
    add("comparison", dup, "Are there more than 10 doors on Level 1?", {"type": "yes_no", "value": n > 10},
        f"{n} IfcDoor on Level 1, compared with 10")
    per = {s.Name: len(on(m(inst), "IfcWindow", {s.Name})) for s in m(inst).by_type("IfcBuildingStorey")}
    best = max(per.values())
    add("comparison", inst, "which floor has the most windows?",
        {"type": "storeys", "value": sorted(k for k, v in per.items() if v == best)}, f"IfcWindow per storey: {per}")
    a, b = len(on(m(edc), "IfcDoor", {"EG"})), len(on(m(edc), "IfcDoor", {"1.OG"}))
    add("comparison", edc, "does the EG have more doors than the 1.OG?", {"type": "yes_no", "value": a > b},
        f"IfcDoor on EG {a}, on 1.OG {b}")
    n = len(on(m(large), "IfcWindow", {"Level 2"}))
    add("comparison", large, "are there fewer than 5 windows on level 2?", {"type": "yes_no", "value": n < 5},
        f"{n} IfcWindow on Level 2, compared with 5")
    # edge cases
    add("edge", dup, "List all IfcBoiler elements on Level 1", {"type": "elements", "guids": []},
        "the model has no IfcBoiler")
    add("edge", dup, "what is on level 7?", {"type": "decline"}, "the model has no level 7")
    add("edge", dup, "how many windws are on levle 2", count(on(m(dup), "IfcWindow", {"Level 2"})),
        "IfcWindow on Level 2 (typos)")
    add("edge", inst, "count the IfcWindow objects in the Dachgeschoss",
        count(on(m(inst), "IfcWindow", {"Dachgeschoss"})), "IfcWindow on Dachgeschoss")
    add("edge", dup, "are there any pumps in the building?", {"type": "yes_no",
        "value": bool(m(dup).by_type("IfcPumpType"))},
        "no IfcPumpType (IFC2X3 has no IfcPump) anywhere")
    # rooms
    kitchens = spaces_named(m(dup), "kitchen")
    add("rooms", dup, "which floor is the kitchen on?",
        {"type": "storeys", "value": sorted({storey_of(s).Name for s in kitchens})}, "storeys of spaces named Kitchen")
    add("rooms", dup, "is there a bathroom on level 2?",
        {"type": "yes_no", "value": any(storey_of(s).Name == "Level 2" for s in spaces_named(m(dup), "bathroom"))},
        "a space named Bathroom on Level 2")
    add("rooms", fzk, "In welchem Geschoss liegt die Küche?",
        {"type": "storeys", "value": sorted({storey_of(s).Name for s in spaces_named(m(fzk), "küche")})},
        "storey of the space Küche")
    add("rooms", inst, "how many WCs are there?", count(spaces_named(m(inst), "wc")), "spaces named WC")
    add("rooms", dup, "what doors does room A102 have?", elements(bounded_by(m(dup), "A102", "IfcDoor")),
        "IfcDoor bounding space A102 (IfcRelSpaceBoundary)")
    add("rooms", hom, "list the bedrooms", elements(spaces_named(m(hom), "bedroom")), "spaces named Bedroom")
    # qualifiers
    add("qualifiers", dup, "Which doors are external?", elements(on(m(dup), "IfcDoor", None, ext("Door"))),
        "IfcDoor with Pset_DoorCommon.IsExternal = TRUE")
    add("qualifiers", inst, "how many load-bearing walls are on the Erdgeschoss?",
        count(on(m(inst), "IfcWall", {"Erdgeschoss"}, lambda e: pset(e, "Pset_WallCommon", "LoadBearing") is True)),
        "IfcWall on Erdgeschoss with Pset_WallCommon.LoadBearing = TRUE")
    add("qualifiers", dup, "list the exterior walls on level 1",
        elements(on(m(dup), "IfcWall", {"Level 1"}, ext("Wall"))), "IfcWall on Level 1, IsExternal = TRUE")
    add("qualifiers", house, "which doors lead outside?", elements(on(m(house), "IfcDoor", None, ext("Door"))),
        "IfcDoor with IsExternal = TRUE")
    add("qualifiers", large, "doors wider than 1 m",
        elements(on(m(large), "IfcDoor", None, lambda e: (e.OverallWidth or 0) > 1000)),
        "IfcDoor with OverallWidth > 1000 mm (the file's length unit is mm)")
    add("qualifiers", edc, "how many internal walls are on the 1.OG",
        count(on(m(edc), "IfcWall", {"1.OG"}, lambda e: pset(e, "Pset_WallCommon", "IsExternal") is False)),
        "IfcWall on 1.OG with Pset_WallCommon.IsExternal = FALSE")
    # quantities
    eg = on(m(inst), "IfcSpace", {"Erdgeschoss"})
    add("quantities", inst, "what's the total floor area of the rooms on the Erdgeschoss?",
        {"type": "number", "value": round(sum(qto(s, "NetFloorArea") or 0 for s in eg), 3), "unit": "m²",
         "rel_tol": 0.01, "guids": g(eg)}, "sum of BaseQuantities.NetFloorArea of IfcSpace on Erdgeschoss")
    spaces = m(hom).by_type("IfcSpace")
    big = max(spaces, key=lambda s: qto(s, "NetFloorArea") or 0)
    add("quantities", hom, "what is the largest room?", {"type": "elements", "guids": [big.GlobalId]},
        "IfcSpace with the largest Qto_SpaceBaseQuantities.NetFloorArea")
    wins = m(hom).by_type("IfcWindow")
    add("quantities", hom, "total area of all windows",
        {"type": "number", "value": round(sum(qto(w, "Area") or 0 for w in wins), 3), "unit": "m²", "rel_tol": 0.01},
        "sum of Qto_WindowBaseQuantities.Area")
    walls2 = on(m(large), "IfcWall", {"Level 2"})
    tall = max(walls2, key=lambda w: qto(w, "Height") or 0)
    top = qto(tall, "Height")
    add("quantities", large, "the tallest wall on level 2",
        {"type": "elements", "guids": g([w for w in walls2 if qto(w, "Height") == top])},
        "IfcWall on Level 2 with the largest BaseQuantities.Height")
    gf = on(m(hom), "IfcSpace", {"GroundFloor"})
    add("quantities", hom, "how many square metres of floor space does the ground floor have",
        {"type": "number", "value": round(sum(qto(s, "NetFloorArea") or 0 for s in gf), 3), "unit": "m²",
         "rel_tol": 0.01}, "sum of NetFloorArea of the spaces on GroundFloor")
    # negation
    add("negation", dup, "List everything that isn't on level 1", elements(contained_not_on(m(dup), "Level 1")),
        "products contained directly in storeys other than Level 1")
    add("negation", dup, "doors not on level 1",
        elements([d for d in on(m(dup), "IfcDoor") if storey_of(d) is None or storey_of(d).Name != "Level 1"]),
        "IfcDoor on any storey but Level 1")
    add("negation", inst, "Fenster außer im Erdgeschoss",
        elements([w for w in on(m(inst), "IfcWindow") if storey_of(w) is None or storey_of(w).Name != "Erdgeschoss"]),
        "IfcWindow on any storey but Erdgeschoss")
    add("negation", dup, "which doors are not external?",
        elements(on(m(dup), "IfcDoor", None, lambda e: pset(e, "Pset_DoorCommon", "IsExternal") is not True)),
        "IfcDoor without IsExternal = TRUE")
    # several storeys
    add("multi_storey", inst, "how many doors are on the 1. and 2. Obergeschoss?",
        count(on(m(inst), "IfcDoor", {"1. Obergeschoss", "2. Obergeschoss"})), "IfcDoor on 1. and 2. Obergeschoss")
    add("multi_storey", dup, "windows on levels 1 and 2", elements(on(m(dup), "IfcWindow", {"Level 1", "Level 2"})),
        "IfcWindow on Level 1 or Level 2")
    add("multi_storey", edc, "give me the number of walls on EG and 1.OG",
        count(on(m(edc), "IfcWall", {"EG", "1.OG"})), "IfcWall on EG or 1.OG")
    # German
    add("german", fzk, "Wie viele Fenster gibt es im Erdgeschoss?", count(on(m(fzk), "IfcWindow", {"Erdgeschoss"})),
        "IfcWindow on Erdgeschoss")
    add("german", inst, "Welche Türen sind im Keller?", elements(on(m(inst), "IfcDoor", {"Keller"})),
        "IfcDoor on Keller")
    add("german", edc, "Wie viele Räume hat das 2.OG?", count(on(m(edc), "IfcSpace", {"2.OG"})), "IfcSpace on 2.OG")
    # refusals
    for model, query in [(dup, "Delete all the walls on level 1"), (dup, "How much did the columns cost?"),
                         (inst, "When will the 2. Obergeschoss be finished?"),
                         (dup, "Move the doors on level 2 to level 1"),
                         (fzk, "Lösche alle Türen im Erdgeschoss"), (hom, "do you like the kitchen design?"),
                         (large, "what's the price per square metre of the windows?")]:
        add("refuse", model, query, {"type": "decline"},
            "an IFC file cannot answer this (write, cost, schedule, opinion)")
    return qs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ifc-dir", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "ifc")
    args = ap.parse_args()
    qs = build(args.ifc_dir)
    OUT.write_text(json.dumps(qs, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(qs)} questions -> {OUT}")


if __name__ == "__main__":
    main()
