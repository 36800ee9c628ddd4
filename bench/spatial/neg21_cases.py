"""Round 21 (neg21): negation as people write it, with oracles computed by plain IfcOpenShell (never ifcqa).

A negation ("not", "n't", "no", "none", "without", "except", "other than", "apart from", "not counting", "left",
"kein", "ohne", "außer") attaches to exactly one thing: a boolean qualifier said as a verb ("walls not bearing
load"), a room whose elements are taken out ("windows not part of the Wohnen"), a storey taken out with what is
"left" ("doors except the Level 1 ones, how many left?"), or an existential ("on which floor is there not any
radiator?": the storeys whose count is 0). Each message is scored against the plain walk of what it asks, or must
decline (a qualifier no asked element records, a room or storey the model lacks, a pointer with two or no
candidates, a model without space boundaries, a word that restricts and cannot be read).

How unset values are treated: a negated boolean qualifier ("not load-bearing") is the elements whose property is
FALSE; every positive case here is on a model where every asked element records the property (the people sets'
oracles do the same), and where NO asked element records it the case must decline.

Writes ``neg21_cases.json`` (dev) and ``neg21_cases_b.json`` (held out: written at the same time, scored only at
the end). Run: ``python bench/spatial/neg21_cases.py`` from the repository root.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

IFC = Path(__file__).resolve().parents[2] / ".." / "shared" / "ifc"
HERE = Path(__file__).resolve().parent


@cache
def model(name: str) -> ifcopenshell.file:
    return ifcopenshell.open(str(IFC / name))


def storey_of(e: ifcopenshell.entity_instance) -> str | None:
    """Storey-deep: contained in the storey, in one of its spaces, or part of / filling an element that is."""
    for _ in range(10):
        if e is None:
            return None
        if e.is_a("IfcBuildingStorey"):
            return str(e.Name)
        container = ue.get_container(e)
        if container is not None:
            e = container
            continue
        parent = ue.get_aggregate(e)
        if parent is not None:
            e = parent
            continue
        fills = getattr(e, "FillsVoids", None) or ()
        e = fills[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement if fills else None
    return None


def of_class(m: str, cls: str) -> list[ifcopenshell.entity_instance]:
    """Elements of an IFC class, or (for a type class such as IfcOutletType) the elements typed by it."""
    if cls.endswith("Type"):
        return [e for e in model(m).by_type("IfcElement") if (t := ue.get_type(e)) is not None and t.is_a(cls)]
    return list(model(m).by_type(cls))


def guids(es: list[ifcopenshell.entity_instance]) -> list[str]:
    return sorted(e.GlobalId for e in es)


def bool_false(m: str, cls: str, pset: str, prop: str, storey: str | None = None) -> list[str]:
    es = [e for e in of_class(m, cls) if storey is None or storey_of(e) == storey]
    values = [ue.get_psets(e).get(pset, {}).get(prop) for e in es]
    assert all(v is not None for v in values), (m, cls, prop, "an element does not record it")
    return guids([e for e, v in zip(es, values, strict=True) if v is False])


def not_bounding(m: str, cls: str, room: str) -> list[str]:
    spaces = [s for s in model(m).by_type("IfcSpace") if room in (s.Name, s.LongName)]
    assert len(spaces) == 1, (m, room, spaces)
    bound = {b.RelatedBuildingElement.GlobalId for b in spaces[0].BoundedBy or () if b.RelatedBuildingElement}
    return guids([e for e in of_class(m, cls) if e.GlobalId not in bound])


def not_on(m: str, cls: str, storey: str) -> list[str]:
    assert storey in {s.Name for s in model(m).by_type("IfcBuildingStorey")}
    return guids([e for e in of_class(m, cls) if storey_of(e) != storey])


def storeys_without(m: str, cls: str) -> list[str]:
    held = {storey_of(e) for e in of_class(m, cls)}
    return [s.Name for s in model(m).by_type("IfcBuildingStorey") if s.Name not in held]


def count(g: list[str]) -> dict[str, Any]:
    return {"type": "count", "value": len(g), "guids": g}


def elements(g: list[str]) -> dict[str, Any]:
    return {"type": "elements", "guids": g}


def storeys(s: list[str]) -> dict[str, Any]:
    return {"type": "storeys", "value": s}


DECLINE = {"type": "decline"}
FZK11, FZK20, DUP, DUPE = "AC11-FZK-Haus-IFC.ifc", "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", \
    "Duplex_Electrical_20121207.ifc"
INST, HOM, KIT, LARGE = "AC11-Institute-Var-2-IFC.ifc", "ExampleHOM.ifc", "KIT-EDC_with_SB.ifc", "LargeBuilding.ifc"
SAMPLE, HEIZ = "Ifc4_SampleHouse.ifc", "Heizung-Elektro_080729.ifc"
WLB = ("IfcWall", "Pset_WallCommon", "LoadBearing")


def dev() -> list[tuple[str, str, str, Any, str]]:
    """(kind, model, query, oracle, oracle_rule)."""
    return [
        # a boolean qualifier negated in verb form, in capitals, in German
        ("qualifier", FZK11, "how many walls aren't carrying any load?", count(bool_false(FZK11, *WLB)),
         "IfcWall with Pset_WallCommon.LoadBearing = FALSE (every wall records it)"),
        ("qualifier", DUP, "walls on Level 1 that are NOT bearing load, how many", count(
            bool_false(DUP, *WLB, storey="Level 1")), "IfcWall on Level 1 with LoadBearing = FALSE (all record it)"),
        ("qualifier", INST, "which walls on the 1. Obergeschoss don't bear any load?", elements(
            bool_false(INST, *WLB, storey="1. Obergeschoss")), "IfcWall on 1. Obergeschoss with LoadBearing = FALSE"),
        ("qualifier", SAMPLE, "number of walls not bearing loads", count(bool_false(SAMPLE, *WLB)),
         "IfcWall with LoadBearing = FALSE (every wall records it)"),
        ("qualifier", DUP, "Wände, die keine Last tragen, auf Level 2 - wie viele?", count(
            bool_false(DUP, *WLB, storey="Level 2")), "IfcWall on Level 2 with LoadBearing = FALSE"),
        ("qualifier", KIT, "how many doors are NOT external?", count(
            bool_false(KIT, "IfcDoor", "Pset_DoorCommon", "IsExternal")), "IfcDoor with IsExternal = FALSE"),
        # a room's elements taken out
        ("room", FZK20, "Which windows are not part of the Küche?", elements(not_bounding(FZK20, "IfcWindow", "Küche")),
         "IfcWindow not in the IfcRelSpaceBoundary of space 'Küche'"),
        ("room", HOM, "windows that don't belong to Living1, how many?", count(
            not_bounding(HOM, "IfcWindow", "Living1")), "IfcWindow not bounding Living1"),
        ("room", INST, "how many windows are not from the Seminarraum?", count(
            not_bounding(INST, "IfcWindow", "Seminarraum")), "IfcWindow not bounding Seminarraum"),
        ("room", FZK20, "the Wohnen got new windows already. which windows are left, not counting that room?",
         elements(not_bounding(FZK20, "IfcWindow", "Wohnen")), "IfcWindow not bounding Wohnen"),
        ("room", HOM, "doors not part of Kitchen5", elements(not_bounding(HOM, "IfcDoor", "Kitchen5")),
         "IfcDoor not bounding Kitchen5"),
        # a storey taken out, the rest "left"
        ("storey", DUPE, "lights except the Level 2 ones, how many are left?", count(
            not_on(DUPE, "IfcLightFixtureType", "Level 2")), "elements typed by IfcLightFixtureType not on Level 2"),
        ("storey", DUP, "doors except the level 1 ones how many left?", count(not_on(DUP, "IfcDoor", "Level 1")),
         "IfcDoor not on Level 1"),
        ("storey", HOM, "windows other than the GroundFloor ones - how many remain?", count(
            not_on(HOM, "IfcWindow", "GroundFloor")), "IfcWindow not on GroundFloor"),
        ("storey", HEIZ, "outlets apart from the Kellergeschoss ones, how many in the rest of the building?", count(
            not_on(HEIZ, "IfcOutletType", "Kellergeschoss")), "elements typed by IfcOutletType not on Kellergeschoss"),
        ("storey", KIT, "How many windows are left if I take away the EG ones?", count(not_on(KIT, "IfcWindow", "EG")),
         "IfcWindow not on EG"),
        # an existential: storeys whose count is 0
        ("existential", HEIZ, "on which floor is there no radiator at all?", storeys(
            storeys_without(HEIZ, "IfcSpaceHeaterType")), "storeys with no element typed by IfcSpaceHeaterType"),
        ("existential", DUP, "on which level there is not any door?", storeys(storeys_without(DUP, "IfcDoor")),
         "storeys with no IfcDoor, storey-deep"),
        ("existential", FZK20, "which floor has no doors?", storeys(storeys_without(FZK20, "IfcDoor")),
         "storeys with no IfcDoor"),
        ("existential", LARGE, "which storey is there no door on?", storeys(storeys_without(LARGE, "IfcDoor")),
         "storeys with no IfcDoor"),
        ("existential", INST, "Auf welchem Geschoss gibt es keine Fenster?",
         storeys(storeys_without(INST, "IfcWindow")),
         "storeys with no IfcWindow"),
        ("existential", HOM, "floors without a single window", storeys(storeys_without(HOM, "IfcWindow")),
         "storeys with no IfcWindow"),
        ("existential", DUPE, "which levels have no receptacles at all?",
         storeys(storeys_without(DUPE, "IfcOutletType")),
         "storeys with no element typed by IfcOutletType"),
        # must decline
        ("decline", FZK20, "how many walls are not bearing load?", DECLINE,
         "decline: no wall of this model records LoadBearing (unset is not FALSE)"),
        ("decline", LARGE, "windows that are not bearing load", DECLINE,
         "decline: windows carry no LoadBearing property"),
        ("decline", HOM, "windows not part of the Sauna", DECLINE, "decline: the model has no Sauna"),
        ("decline", DUP, "doors except the mezzanine ones how many left?", DECLINE, "decline: no mezzanine storey"),
        ("decline", FZK20, "Küche and Bad are done. which windows are left, not counting that room?", DECLINE,
         "decline: 'that room' could be Küche or Bad"),
        ("decline", FZK11, "which walls are not blue?", DECLINE, "decline: no colour is recorded"),
        ("decline", HOM, "which windows are not from that room?", DECLINE, "decline: 'that room' points at nothing"),
        ("decline", LARGE, "on which floor there is not any blorb?", DECLINE, "decline: 'blorb' is no class"),
        ("decline", HOM, "how many doors are not fire rated?", DECLINE, "decline: no door records a fire rating"),
        ("decline", FZK20, "which windows are not part of Wohnen or the Keller?", DECLINE,
         "decline: the model has no Keller room or storey"),
        ("decline", KIT, "walls that are NOT bearing load on EG", DECLINE,
         "decline: no wall of this model records LoadBearing"),
        ("decline", SAMPLE, "which windows are not part of the living room?", DECLINE,
         "decline: the model has no space boundaries (which windows belong to a room is not recorded)"),
    ]


def held_out() -> list[tuple[str, str, str, Any, str]]:
    return [
        ("qualifier", DUP, "how many walls aren't bearing any load on Level 2?", count(
            bool_false(DUP, *WLB, storey="Level 2")), "IfcWall on Level 2 with LoadBearing = FALSE"),
        ("qualifier", INST, "walls NOT load bearing on Erdgeschoss - number", count(
            bool_false(INST, *WLB, storey="Erdgeschoss")), "IfcWall on Erdgeschoss with LoadBearing = FALSE"),
        ("room", HOM, "which windows don't belong to Kitchen5?", elements(not_bounding(HOM, "IfcWindow", "Kitchen5")),
         "IfcWindow not bounding Kitchen5"),
        ("room", FZK20, "windows, not counting the Schlafzimmer - how many?", count(
            not_bounding(FZK20, "IfcWindow", "Schlafzimmer")), "IfcWindow not bounding Schlafzimmer"),
        ("storey", DUPE, "receptacles apart from Level 2, how many remain?", count(
            not_on(DUPE, "IfcOutletType", "Level 2")), "elements typed by IfcOutletType not on Level 2"),
        ("storey", INST, "doors except the Keller ones how many left?", count(not_on(INST, "IfcDoor", "Keller")),
         "IfcDoor not on Keller"),
        ("existential", HEIZ, "which storey has no radiators?", storeys(storeys_without(HEIZ, "IfcSpaceHeaterType")),
         "storeys with no element typed by IfcSpaceHeaterType"),
        ("existential", INST, "on which floor there is not any door?", storeys(storeys_without(INST, "IfcDoor")),
         "storeys with no IfcDoor"),
        ("existential", LARGE, "Geschosse ohne Türen?", storeys(storeys_without(LARGE, "IfcDoor")),
         "storeys with no IfcDoor"),
        ("room", KIT, "how many windows are not part of room 6?", count(not_bounding(KIT, "IfcWindow", "6")),
         "IfcWindow not bounding space 6"),
        ("decline", SAMPLE, "doors not part of the bedroom", DECLINE, "decline: no space boundaries"),
        ("decline", FZK20, "windows not from the garage", DECLINE, "decline: no garage"),
        ("decline", LARGE, "doors except the basement ones, how many left?", DECLINE, "decline: no basement storey"),
        ("decline", HOM, "how many walls are not bearing load?", DECLINE, "decline: no wall records LoadBearing"),
        ("decline", DUP, "which doors are not bearing load?", DECLINE, "decline: doors carry no LoadBearing"),
        ("decline", FZK11, "on which floor there is not any flibber?", DECLINE, "decline: 'flibber' is no class"),
    ]


def write(rows: list[tuple[str, str, str, Any, str]], name: str) -> None:
    out = []
    for kind, m, q, oracle, rule in rows:
        h = hashlib.sha1(f"{m}|{q}".encode()).hexdigest()[:10]
        out.append({"id": f"neg21-{kind}-{h}", "query": q, "ifc_filename": m, "kind": "negation", "scope": kind,
                    "oracle": oracle,
                    "oracle_rule": rule, "source": "ifcopenshell"})
    (HERE / name).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print(name, len(out), sum(r["oracle"]["type"] == "decline" for r in out), "declines")


if __name__ == "__main__":
    write(dev(), "neg21_cases.json")
    write(held_out(), "neg21_cases_b.json")
