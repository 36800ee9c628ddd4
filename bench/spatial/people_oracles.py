"""Issue 22's people question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_oracles.py [--ifc-dir ../shared/ifc] [-o bench/spatial/people.json] [--check]

Writes ``people.json`` in the format of ``docs`` / ``/work/notes/spatial-contract.md`` (a JSON list of
``{id, query, ifc_filename, kind, oracle, oracle_rule, source}``), scored by ``ifcqa spatial-bench``.
``--check`` writes nothing and exits 1 when the committed file differs from what this script computes
(``tests/spatial/test_people_set.py`` runs the same comparison).

Nothing here goes through ifcqa: every oracle is a small function of the model opened with
``ifcopenshell.open``, read with ``ifcopenshell.util.element`` (psets, quantities, types, materials)
and ``ifcopenshell.util.unit``. Semantics shared by every question (each rule says which it uses):

* **on a storey** ("storey-deep"): the element's storey found by walking up from it: its spatial
  container (IfcRelContainedInSpatialStructure, read from the relationships, so IFC2X3 ports count), else
  the element it is aggregated into (IfcRelAggregates: stair flights, curtain-wall plates), else the
  element whose opening it fills (IfcRelFillsElement); a space leads to its storey through IfcRelAggregates.
  So "on Level 1" = contained in the storey directly, or in one of its spaces, or part of / filling an
  element that is.
* **everything**: IfcElement instances except feature elements (openings) and virtual elements.
* **a class word** ("doors", "walls") = the IFC class and its subtypes (IfcWall includes IfcWallStandardCase);
  IFC2X3 generic flow classes are identified by their type object's class (a radiator = an element typed
  by IfcSpaceHeaterType) and predefined type, as stated per question.
* **in room X** = contained in the space (IfcRelContainedInSpatialStructure); **the doors / walls of
  room X** = the building elements of the space's IfcRelSpaceBoundary relationships.
* **a room by function** = the spaces whose Name or LongName holds the stated word (given per question).
* **properties** through ``ifcopenshell.util.element.get_pset`` (occurrence over type); a boolean
  qualifier requires the explicit value (IsExternal = TRUE; "internal" = IsExternal = FALSE).
* **quantities** in the model's own units as the file holds them (the quantity set is named per rule);
  ``rel_tol`` 0.01 unless said.
* **a storey that does not exist, a refused request (writes, costs, schedules, anything an IFC file
  cannot hold) or a word the model cannot ground** -> decline: nothing may be listed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "people.json"

Oracle = dict[str, Any]


class Model:
    """One IFC file and the walks the oracles share."""

    def __init__(self, path: Path) -> None:
        self.f = ifcopenshell.open(str(path))
        self.container: dict[int, Any] = {}
        for rel in self.f.by_type("IfcRelContainedInSpatialStructure"):
            for element in rel.RelatedElements or ():
                self.container.setdefault(element.id(), rel.RelatingStructure)

    # --- spatial structure -------------------------------------------------------------------
    def storey(self, name: str) -> Any:
        found = [s for s in self.f.by_type("IfcBuildingStorey") if s.Name == name]
        if len(found) != 1:
            raise ValueError(f"storey {name!r}: {len(found)} found")
        return found[0]

    def _up(self, x: Any) -> Any:
        nxt = self.container.get(x.id())
        if nxt is not None:
            return nxt
        for rel in getattr(x, "Decomposes", None) or ():
            return rel.RelatingObject
        for rel in getattr(x, "FillsVoids", None) or ():
            return rel.RelatingOpeningElement
        for rel in getattr(x, "VoidsElements", None) or ():
            return rel.RelatingBuildingElement
        return None

    def storey_of(self, x: Any) -> Any:
        seen: set[int] = set()
        while x is not None and x.id() not in seen:
            seen.add(x.id())
            if x.is_a("IfcBuildingStorey"):
                return x
            x = self._up(x)
        return None

    def storey_name(self, x: Any) -> str | None:
        s = self.storey_of(x)
        return s.Name if s is not None else None

    def by_type(self, name: str) -> list[Any]:
        """``by_type`` that reads a class the schema lacks (IfcBoiler in IFC2X3) as none."""
        try:
            return list(self.f.by_type(name))
        except RuntimeError:
            return []

    def everything(self) -> list[Any]:
        return [e for e in self.f.by_type("IfcElement")
                if not e.is_a("IfcFeatureElement") and not e.is_a("IfcVirtualElement")]

    def of(self, classes: str | tuple[str, ...] | None = None, where: Callable[[Any], bool] | None = None) -> list[Any]:
        """Instances of ``classes`` (with subtypes; None: everything) for which ``where`` holds."""
        if classes is None:
            pool = self.everything()
        else:
            names = (classes,) if isinstance(classes, str) else classes
            pool = [e for name in names for e in self.by_type(name)]
        return [e for e in dict.fromkeys(pool) if where is None or where(e)]

    def on(self, storeys: str | Iterable[str], classes: str | tuple[str, ...] | None = None,
           where: Callable[[Any], bool] | None = None) -> list[Any]:
        names = {storeys} if isinstance(storeys, str) else set(storeys)
        for name in names:
            self.storey(name)  # must exist
        return [e for e in self.of(classes, where) if self.storey_name(e) in names]

    def storey_names(self) -> list[str]:
        return [s.Name for s in self.f.by_type("IfcBuildingStorey")]

    # --- spaces --------------------------------------------------------------------------------
    def spaces(self, where: Callable[[Any], bool] | None = None) -> list[Any]:
        return [s for s in self.f.by_type("IfcSpace") if where is None or where(s)]

    def space(self, name: str | None = None, long: str | None = None) -> Any:
        found = [s for s in self.f.by_type("IfcSpace")
                 if (name is None or s.Name == name) and (long is None or s.LongName == long)]
        if len(found) != 1:
            raise ValueError(f"space name={name!r} long={long!r}: {len(found)} found")
        return found[0]

    def named(self, *words: str) -> Callable[[Any], bool]:
        """Spaces whose Name or LongName contains any of ``words`` (case-insensitive)."""
        low = [w.lower() for w in words]
        return lambda s: any(w in f"{s.Name or ''} {s.LongName or ''}".lower() for w in low)

    def in_space(self, space: Any, classes: str | tuple[str, ...] | None = None) -> list[Any]:
        out = [e for e in self.everything() if self.container.get(e.id()) == space]
        if classes is not None:
            names = (classes,) if isinstance(classes, str) else classes
            out = [e for e in out if any(e.is_a(c) for c in names)]
        return out

    def bounding(self, space: Any, classes: str | tuple[str, ...]) -> list[Any]:
        names = (classes,) if isinstance(classes, str) else classes
        out = []
        for rel in space.BoundedBy or ():
            e = rel.RelatedBuildingElement
            if e is not None and any(e.is_a(c) for c in names):
                out.append(e)
        return list(dict.fromkeys(out))

    # --- properties, types, materials ----------------------------------------------------------
    @staticmethod
    def prop(e: Any, pset: str, name: str) -> Any:
        return ue.get_pset(e, pset, name)

    @staticmethod
    def typed(type_class: str, predefined: str | None = None) -> Callable[[Any], bool]:
        def check(e: Any) -> bool:
            t = ue.get_type(e)
            return bool(t is not None and t.is_a(type_class)
                        and (predefined is None or ue.get_predefined_type(e) == predefined))
        return check

    @staticmethod
    def type_name_has(word: str) -> Callable[[Any], bool]:
        def check(e: Any) -> bool:
            t = ue.get_type(e)
            text = f"{e.Name or ''} {e.ObjectType or ''} {(t.Name or '') if t is not None else ''}"
            return word.lower() in text.lower()
        return check

    @staticmethod
    def material_has(word: str) -> Callable[[Any], bool]:
        return lambda e: any(word.lower() in (m.Name or "").lower() for m in ue.get_materials(e))

    @staticmethod
    def qty(e: Any, qset: str, name: str) -> float:
        value = ue.get_pset(e, qset, name)
        if not isinstance(value, (int, float)):
            raise ValueError(f"{e.is_a()} {e.GlobalId}: no {qset}.{name}")
        return float(value)

    def unit(self, unit_type: str) -> str:
        unit = uu.get_project_unit(self.f, unit_type)
        prefix = {"MILLI": "m", "CENTI": "c", None: ""}[getattr(unit, "Prefix", None)]
        base = {"LENGTHUNIT": "m", "AREAUNIT": "m²", "VOLUMEUNIT": "m³", "MASSUNIT": "g"}[unit_type]
        if unit_type == "MASSUNIT":
            prefix = {"KILO": "k", None: ""}[getattr(unit, "Prefix", None)]
        return prefix + base


# --- oracle builders --------------------------------------------------------------------------------

def _guids(es: Iterable[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def elements(es: Iterable[Any]) -> Oracle:
    return {"type": "elements", "guids": _guids(es)}


def count(es: Iterable[Any]) -> Oracle:
    g = _guids(es)
    return {"type": "count", "value": len(g), "guids": g}


def number(value: float, unit: str | None, es: Iterable[Any] = (), rel_tol: float = 0.01) -> Oracle:
    return {"type": "number", "value": round(value, 6), "unit": unit, "rel_tol": rel_tol, "guids": _guids(es)}


def yes_no(value: bool) -> Oracle:
    return {"type": "yes_no", "value": bool(value)}


def storeys(names: Iterable[str | None]) -> Oracle:
    return {"type": "storeys", "value": sorted({n for n in names if n is not None})}


def decline() -> Oracle:
    return {"type": "decline"}


def argmax_storey(m: Model, groups: dict[str, list[Any]], fewest: bool = False, ties: bool = False) -> Oracle:
    """The storey with the most (fewest) elements; a tie is an error unless ``ties`` (then all of them)."""
    sizes = {k: len(v) for k, v in groups.items()}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1 and not ties:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def per_storey(m: Model, classes: str | tuple[str, ...] | None, where: Callable[[Any], bool] | None = None,
               names: Iterable[str] | None = None) -> dict[str, list[Any]]:
    return {s: m.on(s, classes, where) for s in (names or m.storey_names())}


TIE = 1e-6  # values this close are a tie (Revit writes 30.14164524999992 and ...97 for twin rooms)


def extreme(es: list[Any], key: Callable[[Any], float], unit: str, smallest: bool = False) -> Oracle:
    """The element(s) with the largest (smallest) ``key``: an ``elements`` oracle of the winners."""
    values = {e.GlobalId: key(e) for e in es}
    best = (min if smallest else max)(values.values())
    return elements(e for e in es if math.isclose(values[e.GlobalId], best, rel_tol=TIE))


def extreme_value(es: list[Any], key: Callable[[Any], float], unit: str, smallest: bool = False) -> Oracle:
    values = [key(e) for e in es]
    best = (min if smallest else max)(values)
    return number(best, unit, [e for e, v in zip(es, values, strict=True) if math.isclose(v, best, rel_tol=TIE)])


def total(es: list[Any], key: Callable[[Any], float], unit: str, rel_tol: float = 0.01) -> Oracle:
    return number(sum(key(e) for e in es), unit, es, rel_tol)


def mean(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    return number(statistics.fmean(key(e) for e in es), unit, es)


# --- the questions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Q:
    model: str
    kind: str
    query: str
    oracle: Callable[[Model], Oracle]
    rule: str


DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
EDC = "KIT-EDC_with_SB.ifc"
SH = "Ifc4_SampleHouse.ifc"
HOM = "ExampleHOM.ifc"
LB = "LargeBuilding.ifc"
RQ = "revit_quantities.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
HE = "Heizung-Elektro_080729.ifc"

EXT = ("IsExternal",)
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"


def ext(pset: str, value: bool = True) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, "IsExternal") is value


def load_bearing(pset: str, value: bool = True) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, "LoadBearing") is value


def gt(attr: str, limit: float) -> Callable[[Any], bool]:
    return lambda e: getattr(e, attr) is not None and getattr(e, attr) > limit


def q(qset: str, name: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name)


GSA = q("GSA Space Areas", "GSA BIM Area")
BQ_NFA = q("BaseQuantities", "NetFloorArea")
BQ_GFA = q("BaseQuantities", "GrossFloorArea")
HOM_NFA = q("Qto_SpaceBaseQuantities", "NetFloorArea")
SPACE = "IfcSpace"
WALL = "IfcWall"
DOOR = "IfcDoor"
WINDOW = "IfcWindow"

QUESTIONS: list[Q] = [
    # ================================================================ storey + class
    Q(DUP, "storey_class", "Which doors are on Level 2?", lambda m: elements(m.on("Level 2", DOOR)),
      f"IfcDoor on Level 2, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "show me the windows on level 1", lambda m: elements(m.on("Level 1", WINDOW)),
      f"IfcWindow on Level 1, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "What furniture is there on Level 2?",
      lambda m: elements(m.on("Level 2", ("IfcFurnishingElement",))),
      f"IfcFurnishingElement (with subtypes) on Level 2, {STOREY_DEEP}: all of it sits in Level 2's spaces"),
    Q(DUP, "storey_class", "list the footings on T/FDN", lambda m: elements(m.on("T/FDN", "IfcFooting")),
      f"IfcFooting on storey T/FDN, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "Which rooms are on level 2?", lambda m: elements(m.on("Level 2", SPACE)),
      "IfcSpace aggregated into storey Level 2"),
    Q(FZK, "storey_class", "What windows are in the Dachgeschoss?", lambda m: elements(m.on("Dachgeschoss", WINDOW)),
      f"IfcWindow on Dachgeschoss, {STOREY_DEEP}"),
    Q(FZK, "storey_class", "Show the railings upstairs (Dachgeschoss)",
      lambda m: elements(m.on("Dachgeschoss", "IfcRailing")), f"IfcRailing on Dachgeschoss, {STOREY_DEEP}"),
    Q(INS, "storey_class", "Which columns are on the Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", "IfcColumn")),
      f"IfcColumn on Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "storey_class", "Give me all slabs on Dachgeschoss", lambda m: elements(m.on("Dachgeschoss", "IfcSlab")),
      f"IfcSlab on Dachgeschoss, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "list the doors on 2.OG", lambda m: elements(m.on("2.OG", DOOR)),
      f"IfcDoor (incl. IfcDoorStandardCase) on 2.OG, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "How many walls does the EG have?", lambda m: count(m.on("EG", WALL)),
      f"IfcWall (incl. IfcWallStandardCase) on EG, {STOREY_DEEP}; count"),
    Q(SH, "storey_class", "What doors are on the ground floor?", lambda m: elements(m.on("Ground Floor", DOOR)),
      f"IfcDoor on storey Ground Floor, {STOREY_DEEP}"),
    Q(SH, "storey_class", "How many glass panels are there on the ground floor?",
      lambda m: count(m.on("Ground Floor", "IfcPlate")),
      f"IfcPlate on Ground Floor, {STOREY_DEEP}: the curtain walls' plates, aggregated into IfcCurtainWall"),
    Q(HOM, "storey_class", "windows on the 1stFloor please", lambda m: elements(m.on("1stFloor", WINDOW)),
      f"IfcWindow on 1stFloor, {STOREY_DEEP}"),
    Q(LB, "storey_class", "What windows does Level 2 have?", lambda m: elements(m.on("Level 2", WINDOW)),
      f"IfcWindow on Level 2, {STOREY_DEEP}"),
    Q(DEL, "storey_class", "How many duplex receptacles are on Level 2?",
      lambda m: count(m.on("Level 2", None, Model.typed("IfcOutletType", "POWEROUTLET"))),
      f"elements typed by IfcOutletType POWEROUTLET ('Duplex Receptacle') on Level 2, {STOREY_DEEP}; count"),
    Q(HE, "storey_class", "List the light switches on EG",
      lambda m: elements(m.on("EG", None, Model.typed("IfcSwitchingDeviceType", "TOGGLESWITCH"))),
      f"elements typed by IfcSwitchingDeviceType TOGGLESWITCH on EG, {STOREY_DEEP}"),
    Q(WP, "storey_class", "Which pumps are on Ebene 0?", lambda m: elements(m.on("Ebene 0", "IfcPump")),
      f"IfcPump on Ebene 0, {STOREY_DEEP}"),
    Q(R3, "storey_class", "what air terminals are on My Storey",
      lambda m: elements(m.on("My Storey", "IfcAirTerminal")),
      f"IfcAirTerminal on My Storey, {STOREY_DEEP}"),
    # ================================================================ comparisons
    Q(DUP, "comparison", "Which floor has the most windows?", lambda m: argmax_storey(m, per_storey(m, WINDOW)),
      f"storey with the largest number of IfcWindow, {STOREY_DEEP}"),
    Q(DUP, "comparison", "Are there more than 10 doors on Level 1?", lambda m: yes_no(len(m.on("Level 1", DOOR)) > 10),
      f"number of IfcDoor on Level 1 ({STOREY_DEEP}) > 10"),
    Q(DUP, "comparison", "Does level 2 have more windows than level 1?",
      lambda m: yes_no(len(m.on("Level 2", WINDOW)) > len(m.on("Level 1", WINDOW))),
      f"count of IfcWindow on Level 2 > count on Level 1, {STOREY_DEEP}"),
    Q(DUP, "comparison", "which level has the fewest walls",
      lambda m: argmax_storey(m, per_storey(m, WALL), fewest=True),
      f"storey with the smallest number of IfcWall (with subtypes) among all four storeys, {STOREY_DEEP}"),
    Q(INS, "comparison", "Which storey has the most doors?", lambda m: argmax_storey(m, per_storey(m, DOOR)),
      f"storey with the largest number of IfcDoor, {STOREY_DEEP}"),
    Q(INS, "comparison", "Are there more than 50 windows on the Erdgeschoss?",
      lambda m: yes_no(len(m.on("Erdgeschoss", WINDOW)) > 50),
      f"count of IfcWindow on Erdgeschoss > 50, {STOREY_DEEP}"),
    Q(INS, "comparison", "On which floor are the most rooms?",
      lambda m: argmax_storey(m, per_storey(m, SPACE), ties=True),
      "storeys with the largest number of IfcSpace aggregated into them (1. and 2. Obergeschoss tie at 22)"),
    Q(INS, "comparison", "How many doors are there in the Keller compared with the Erdgeschoss - which has more?",
      lambda m: argmax_storey(m, per_storey(m, DOOR, names=["Keller", "Erdgeschoss"])),
      f"of Keller and Erdgeschoss, the storey with more IfcDoor, {STOREY_DEEP}"),
    Q(EDC, "comparison", "Which floor has the most walls?", lambda m: argmax_storey(m, per_storey(m, WALL)),
      f"storey with the largest number of IfcWall, {STOREY_DEEP}"),
    Q(EDC, "comparison", "is the number of doors on 1.OG greater than 30?",
      lambda m: yes_no(len(m.on("1.OG", DOOR)) > 30),
      f"count of IfcDoor on 1.OG > 30, {STOREY_DEEP}"),
    Q(EDC, "comparison", "which storey has the fewest doors",
      lambda m: argmax_storey(m, per_storey(m, DOOR), fewest=True),
      f"storey with the smallest number of IfcDoor, {STOREY_DEEP}"),
    Q(HOM, "comparison", "Does the ground floor have more doors than the 1stFloor?",
      lambda m: yes_no(len(m.on("GroundFloor", DOOR)) > len(m.on("1stFloor", DOOR))),
      f"count of IfcDoor on GroundFloor > count on 1stFloor, {STOREY_DEEP}"),
    Q(LB, "comparison", "Which level has more windows?", lambda m: argmax_storey(m, per_storey(m, WINDOW)),
      f"of the two storeys, the one with more IfcWindow, {STOREY_DEEP}"),
    Q(HE, "comparison", "Which floors have radiators, and which has the most?",
      lambda m: argmax_storey(m, per_storey(m, None, Model.typed("IfcSpaceHeaterType")), ties=True),
      f"storeys with the most elements typed by IfcSpaceHeaterType (SECTIONALRADIATOR), {STOREY_DEEP}: EG and "
      "Obergeschoss tie at 7"),
    Q(HE, "comparison", "What floor has the most light fixtures?",
      lambda m: argmax_storey(m, per_storey(m, None, Model.typed("IfcLightFixtureType"))),
      f"storey with the most elements typed by IfcLightFixtureType, {STOREY_DEEP}"),
    Q(HE, "comparison", "are there more than 20 sockets in the Dachgeschoss?",
      lambda m: yes_no(len(m.on("Dachgeschoss", None, Model.typed("IfcOutletType", "POWEROUTLET"))) > 20),
      f"count of elements typed by IfcOutletType POWEROUTLET on Dachgeschoss > 20, {STOREY_DEEP}"),
    Q(DEL, "comparison", "Which level has more smoke detectors, Level 1 or Level 2?",
      lambda m: argmax_storey(m, per_storey(m, None, Model.type_name_has("Smoke Detector"), ["Level 1", "Level 2"])),
      f"of Level 1 and Level 2, the storey with more elements whose name/type name holds 'Smoke Detector', "
      f"{STOREY_DEEP}"),
    Q(FZK, "comparison", "Has the ground floor got more windows than the attic floor?",
      lambda m: yes_no(len(m.on("Erdgeschoss", WINDOW)) > len(m.on("Dachgeschoss", WINDOW))),
      f"count of IfcWindow on Erdgeschoss > count on Dachgeschoss, {STOREY_DEEP}"),
    # ================================================================ edge cases
    Q(DUP, "edge", "List all IfcBoiler elements on Level 1",
      lambda m: elements(m.on("Level 1", "IfcBoiler") + m.on("Level 1", None, Model.typed("IfcBoilerType"))),
      "IfcBoiler on Level 1: the model holds none (IFC2X3 has no IfcBoiler occurrence class and no element is "
      "typed by IfcBoilerType) -> nothing"),
    Q(DUP, "edge", "which doors are on level 3?", lambda m: decline(),
      "the model has no storey 'Level 3' (storeys: Level 1, Level 2, T/FDN, Roof) -> decline"),
    Q(DUP, "edge", "How many widnows are on Level 2?", lambda m: count(m.on("Level 2", WINDOW)),
      f"typo for windows: IfcWindow on Level 2, {STOREY_DEEP}; count"),
    Q(DUP, "edge", "What doors are on the Roof?", lambda m: elements(m.on("Roof", DOOR)),
      f"IfcDoor on storey Roof ({STOREY_DEEP}): none"),
    Q(DUP, "edge", "how many sprinklers are on level 1", lambda m: count(m.on("Level 1", "IfcFlowTerminal",
                                                                                Model.typed("IfcFireSuppressionTerminalType"))),
      "fire suppression terminals on Level 1: the model has none -> count 0"),
    Q(FZK, "edge", "Doors in the Kellergeschoss?", lambda m: decline(),
      "the house has no basement: no storey 'Kellergeschoss' (storeys: Erdgeschoss, Dachgeschoss) -> decline"),
    Q(FZK, "edge", "List the windws on the Erdgeschoss", lambda m: elements(m.on("Erdgeschoss", WINDOW)),
      f"typo for windows: IfcWindow on Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "edge", "How many columns are on the 2. Obergeschoss?",
      lambda m: count(m.on("2. Obergeschoss", "IfcColumn")),
      f"IfcColumn on 2. Obergeschoss ({STOREY_DEEP}): none -> count 0"),
    Q(INS, "edge", "What's on the 5. Obergeschoss?", lambda m: decline(),
      "no storey '5. Obergeschoss' (the highest is Dachgeschoss) -> decline"),
    Q(INS, "edge", "List every IfcFurnishingElement on 2. Obergeschoss",
      lambda m: elements(m.on("2. Obergeschoss", "IfcFurnishingElement")),
      f"IfcFurnishingElement on 2. Obergeschoss, {STOREY_DEEP}: all of it is contained in the storey's spaces"),
    Q(EDC, "edge", "Are there any stairs on 1.OG?", lambda m: yes_no(bool(m.on("1.OG", "IfcStair"))),
      f"any IfcStair on 1.OG ({STOREY_DEEP}): none -> no"),
    Q(EDC, "edge", "How many walls on 3.OG?", lambda m: decline(),
      "no storey '3.OG' (storeys: EG, 1.OG, 2.OG) -> decline"),
    Q(SH, "edge", "Which IfcColumn elements are on the ground floor?",
      lambda m: elements(m.on("Ground Floor", "IfcColumn")),
      "IfcColumn on Ground Floor: the model has none -> nothing"),
    Q(HOM, "edge", "how many doors in the atic", lambda m: count(m.on("attic", DOOR)),
      f"typo for attic: IfcDoor on storey attic ({STOREY_DEEP}): none -> count 0"),
    Q(LB, "edge", "How many doors are there in the building?", lambda m: count(m.of(DOOR)),
      "every IfcDoor in the model (no storey asked); count"),
    Q(RQ, "edge", "Which windows are on Level 2?", lambda m: decline(),
      "the model has one storey, Level 1; no 'Level 2' -> decline"),
    Q(WP, "edge", "How many windows are there?", lambda m: count(m.of(WINDOW)),
      "every IfcWindow: a heating-plant model with none -> count 0"),
    Q(HE, "edge", "How many boilers are in the Kellergeschoss?",
      lambda m: count(m.on("Kellergeschoss", None, Model.typed("IfcBoilerType"))),
      f"elements typed by IfcBoilerType on Kellergeschoss, {STOREY_DEEP}; count"),
    Q(DEL, "edge", "list the IfcFan elements on the Roof",
      lambda m: elements(m.on("Roof", "IfcFlowMovingDevice", Model.typed("IfcFanType"))),
      f"IFC2X3 has no IfcFan occurrence: the IfcFlowMovingDevice typed by IfcFanType on Roof, {STOREY_DEEP} "
      "(they sit in space R301)"),
    # ================================================================ rooms by name, number, function
    Q(DUP, "rooms", "Which floor is the kitchen on?",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("kitchen"))),
      "storeys of the spaces whose LongName holds 'Kitchen' (A103, B103)"),
    Q(DUP, "rooms", "What is in room A103?", lambda m: elements(m.in_space(m.space("A103"))),
      "elements contained in space A103 (IfcRelContainedInSpatialStructure)"),
    Q(DUP, "rooms", "Which doors does bathroom A104 have?",
      lambda m: elements(m.bounding(m.space("A104"), DOOR)), "IfcDoor bounding space A104 (IfcRelSpaceBoundary)"),
    Q(DUP, "rooms", "List all the bedrooms", lambda m: elements(m.spaces(m.named("bedroom"))),
      "IfcSpace whose Name or LongName holds 'Bedroom'"),
    Q(DUP, "rooms", "is there a utility room?", lambda m: yes_no(bool(m.spaces(m.named("utility")))),
      "any IfcSpace whose LongName holds 'Utility'"),
    Q(DUP, "rooms", "how many bathrooms does the duplex have", lambda m: count(m.spaces(m.named("bathroom"))),
      "IfcSpace whose LongName holds 'Bathroom'; count"),
    Q(DUP, "rooms", "What walls enclose the kitchen in unit B (B103)?",
      lambda m: elements(m.bounding(m.space("B103"), WALL)), "IfcWall bounding space B103 (IfcRelSpaceBoundary)"),
    Q(FZK, "rooms", "Which doors open onto the hallway (Flur)?",
      lambda m: elements(m.bounding(m.space(long="Flur"), DOOR)),
      "IfcDoor bounding the space with LongName 'Flur' (IfcRelSpaceBoundary)"),
    Q(FZK, "rooms", "which floor is the gallery on", lambda m: storeys([m.storey_name(m.space(long="Galerie"))]),
      "storey of the space with LongName 'Galerie'"),
    Q(INS, "rooms", "What is in room 105?", lambda m: elements(m.in_space(m.space("105"))),
      "elements contained in the space named 105 (Buero Studenten I)"),
    Q(INS, "rooms", "Which floor is the seminar room on?",
      lambda m: storeys([m.storey_name(m.space(long="Seminarraum"))]),
      "storey of the space with LongName 'Seminarraum'"),
    Q(INS, "rooms", "Where is Mr Meier's office?", lambda m: storeys([m.storey_name(m.space(long="Buero Meier"))]),
      "storey of the space with LongName exactly 'Buero Meier' (not Maier/Meyer/Mayer/Meyr/Mayr)"),
    Q(INS, "rooms", "Which floors have labs?", lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("labor"))),
      "storeys of the spaces whose LongName holds 'Labor'"),
    Q(INS, "rooms", "How many toilets are on the 1. Obergeschoss?",
      lambda m: count(m.on("1. Obergeschoss", SPACE, m.named("wc"))),
      "toilet rooms: IfcSpace on 1. Obergeschoss whose LongName holds 'WC' (the model has no sanitary terminals)"),
    Q(INS, "rooms", "How many meeting rooms are there in the building?",
      lambda m: count(m.spaces(m.named("besprechung"))), "IfcSpace whose LongName holds 'Besprechung'; count"),
    Q(INS, "rooms", "doors of room 102", lambda m: elements(m.bounding(m.space("102"), DOOR)),
      "IfcDoor bounding the space named 102 (IfcRelSpaceBoundary)"),
    Q(INS, "rooms", "Which rooms belong to the Labor zone?",
      lambda m: elements(o for z in m.f.by_type("IfcZone") if z.Name == "Labor" for r in z.IsGroupedBy
                         for o in r.RelatedObjects if o.is_a("IfcSpace")),
      "IfcSpace assigned to the IfcZone named 'Labor' (IfcRelAssignsToGroup)"),
    Q(EDC, "rooms", "what doors does room 12 have", lambda m: elements(m.bounding(m.space("12"), DOOR)),
      "IfcDoor bounding the space named 12 (IfcRelSpaceBoundary)"),
    Q(EDC, "rooms", "which floor is room 40 on", lambda m: storeys([m.storey_name(m.space("40"))]),
      "storey of the space named 40"),
    Q(SH, "rooms", "What furniture is in the living room?",
      lambda m: elements(m.in_space(m.space(long="Living room"), ("IfcFurniture", "IfcFurnishingElement"))),
      "IfcFurnishingElement/IfcFurniture contained in the space with LongName 'Living room'"),
    Q(SH, "rooms", "Which floor is the bedroom on?", lambda m: storeys([m.storey_name(m.space(long="Bedroom"))]),
      "storey of the space with LongName 'Bedroom'"),
    Q(HOM, "rooms", "Which floor is the kitchen on?",
      lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("kitchen"))),
      "storey of the space named Kitchen5"),
    Q(HOM, "rooms", "How many children's rooms are there?", lambda m: count(m.spaces(m.named("children"))),
      "IfcSpace whose Name holds 'Children' (Children7, Children10); count"),
    Q(HOM, "rooms", "What doors lead into the bathroom?", lambda m: elements(m.bounding(m.space("Bath9"), DOOR)),
      "IfcDoor bounding space Bath9 (IfcRelSpaceBoundary)"),
    Q(LB, "rooms", "What is in room 5?", lambda m: elements(m.in_space(m.space("5"))),
      "elements contained in the space named 5"),
    Q(RQ, "rooms", "How many small offices are there?", lambda m: count(m.spaces(m.named("small office"))),
      "IfcSpace whose LongName holds 'small office'; count"),
    Q(R3, "rooms", "Is there a kitchen?", lambda m: yes_no(bool(m.spaces(m.named("kitchen")))),
      "any IfcSpace whose Name holds 'Kitchen'"),
    Q(R3, "rooms", "which doors belong to the Bad", lambda m: elements(m.bounding(m.space("Bad"), DOOR)),
      "IfcDoor bounding the space named 'Bad' (IfcRelSpaceBoundary)"),
    Q(DEL, "rooms", "What is in room R301?", lambda m: elements(m.in_space(m.space("R301"))),
      "elements contained in space R301 (the two rooftop fans)"),
    Q(DUP, "rooms", "Where is the server room?", lambda m: decline(),
      "no space's Name or LongName names a server room -> decline (never list every space)"),
    # ================================================================ property / attribute filters
    Q(DUP, "qualifiers", "Which doors are external?", lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon"))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(DUP, "qualifiers", "Show the external walls on level 1",
      lambda m: elements(m.on("Level 1", WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Level 1, {STOREY_DEEP}"),
    Q(DUP, "qualifiers", "Which walls are load-bearing?",
      lambda m: elements(m.of(WALL, load_bearing("Pset_WallCommon"))),
      "IfcWall with Pset_WallCommon.LoadBearing = TRUE"),
    Q(DUP, "qualifiers", "doors wider than 1 m", lambda m: elements(m.of(DOOR, gt("OverallWidth", 1.0))),
      "IfcDoor with OverallWidth > 1.0 (model length unit: m)"),
    Q(DUP, "qualifiers", "Which windows are internal?",
      lambda m: elements(m.of(WINDOW, ext("Pset_WindowCommon", False))),
      "IfcWindow with Pset_WindowCommon.IsExternal = FALSE"),
    Q(DUP, "qualifiers", "Which walls have a concrete layer?",
      lambda m: elements(m.of(WALL, Model.material_has("concrete"))),
      "IfcWall with a material (layer) whose name holds 'Concrete' "
      "(Concrete - Cast In Situ, Masonry - Concrete Block)"),
    Q(FZK, "qualifiers", "Are any of the doors fire rated?",
      lambda m: yes_no(any(Model.prop(d, "Pset_DoorCommon", "FireRating") for d in m.of(DOOR))),
      "any IfcDoor with a non-empty Pset_DoorCommon.FireRating (two doors hold '' ) -> no"),
    Q(FZK, "qualifiers", "Which windows are higher than 1.1 m?",
      lambda m: elements(m.of(WINDOW, gt("OverallHeight", 1.1))),
      "IfcWindow with OverallHeight > 1.1 (m)"),
    Q(INS, "qualifiers", "external walls on the Erdgeschoss",
      lambda m: elements(m.on("Erdgeschoss", WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "qualifiers", "How many load bearing walls are on 2. Obergeschoss?",
      lambda m: count(m.on("2. Obergeschoss", WALL, load_bearing("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on 2. Obergeschoss, {STOREY_DEEP}; count"),
    Q(INS, "qualifiers", "Which doors are wider than 1.5 m?", lambda m: elements(m.of(DOOR, gt("OverallWidth", 1.5))),
      "IfcDoor with OverallWidth > 1.5 (m)"),
    Q(INS, "qualifiers", "Which is the external door?", lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon"))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(INS, "qualifiers", "Which rooms are bigger than 100 m²?", lambda m: elements(m.spaces(lambda s: BQ_NFA(s) > 100)),
      "IfcSpace with BaseQuantities.NetFloorArea > 100 m²"),
    Q(EDC, "qualifiers", "list the exterior walls on 1.OG",
      lambda m: elements(m.on("1.OG", WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on 1.OG, {STOREY_DEEP}"),
    Q(EDC, "qualifiers", "which windows are wider than 1.5 m",
      lambda m: elements(m.of(WINDOW, gt("OverallWidth", 1.5))),
      "IfcWindow with OverallWidth > 1.5 (m)"),
    Q(SH, "qualifiers", "Which doors are wider than 1 m?", lambda m: elements(m.of(DOOR, gt("OverallWidth", 1000.0))),
      "IfcDoor with OverallWidth > 1000 (model length unit: mm)"),
    Q(SH, "qualifiers", "How many external walls are there?", lambda m: count(m.of(WALL, ext("Pset_WallCommon"))),
      "IfcWall with Pset_WallCommon.IsExternal = TRUE; count"),
    Q(LB, "qualifiers", "Are all the walls external?",
      lambda m: yes_no(all(Model.prop(w, "Pset_WallCommon", "IsExternal") is True for w in m.of(WALL))),
      "every IfcWall has Pset_WallCommon.IsExternal = TRUE"),
    Q(LB, "qualifiers", "Which doors are more than 1.5 m wide?",
      lambda m: elements(m.of(DOOR, gt("OverallWidth", 1500.0))),
      "IfcDoor with OverallWidth > 1500 (model length unit: mm)"),
    Q(HOM, "qualifiers", "Which rooms are smaller than 15 m²?", lambda m: elements(m.spaces(lambda s: HOM_NFA(s) < 15)),
      "IfcSpace with Qto_SpaceBaseQuantities.NetFloorArea < 15 m²"),
    Q(R3, "qualifiers", "Which wall is load-bearing?", lambda m: elements(m.of(WALL, load_bearing("Pset_WallCommon"))),
      "IfcWall with Pset_WallCommon.LoadBearing = TRUE"),
    Q(HE, "qualifiers", "Which radiators are on the EG?",
      lambda m: elements(m.on("EG", None, Model.typed("IfcSpaceHeaterType"))),
      f"elements typed by IfcSpaceHeaterType on EG, {STOREY_DEEP}"),
    # ================================================================ quantities
    Q(DUP, "quantities", "What is the total floor area of level 2?", lambda m: total(m.on("Level 2", SPACE), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the IfcSpace on Level 2 (m²)"),
    Q(DUP, "quantities", "What's the largest room on level 1?", lambda m: extreme(m.on("Level 1", SPACE), GSA, "m²"),
      "the IfcSpace(s) on Level 1 with the largest 'GSA Space Areas'.'GSA BIM Area' (A102 and B102 tie)"),
    Q(DUP, "quantities", "How big is bedroom B202?", lambda m: number(GSA(m.space("B202")), "m²", [m.space("B202")]),
      "'GSA Space Areas'.'GSA BIM Area' of space B202 (m²)"),
    Q(DUP, "quantities", "total area of all the bathrooms", lambda m: total(m.spaces(m.named("bathroom")), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces whose LongName holds 'Bathroom' (m²)"),
    Q(FZK, "quantities", "What is the total net floor area of the ground floor?",
      lambda m: total(m.on("Erdgeschoss", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace on Erdgeschoss (m²)"),
    Q(FZK, "quantities", "How many m² of windows does the house have?",
      lambda m: total(m.of(WINDOW), q("BaseQuantities", "Area"), "m²"),
      "sum of BaseQuantities.Area over every IfcWindow (m²)"),
    Q(FZK, "quantities", "What is the volume of the concrete walls?",
      lambda m: total(m.of(WALL, Model.material_has("beton")), q("BaseQuantities", "NetVolume"), "m³"),
      "sum of BaseQuantities.NetVolume over the IfcWall whose material holds 'beton' (Leichtbeton: all 13) (m³)"),
    Q(FZK, "quantities", "Which is the biggest room?", lambda m: extreme(m.spaces(), BQ_NFA, "m²"),
      "the IfcSpace with the largest BaseQuantities.NetFloorArea"),
    Q(INS, "quantities", "What is the total length of the walls in the Keller?",
      lambda m: total(m.on("Keller", WALL), q("BaseQuantities", "Length"), "m"),
      "sum of BaseQuantities.Length over the IfcWall on Keller (m)"),
    Q(INS, "quantities", "What's the volume of the reinforced concrete slabs?",
      lambda m: total(m.of("IfcSlab", Model.material_has("stahlbeton")), q("BaseQuantities", "NetVolume"), "m³"),
      "sum of BaseQuantities.NetVolume over the IfcSlab whose material is Stahlbeton (reinforced concrete) (m³)"),
    Q(INS, "quantities", "average size of the offices on 2. Obergeschoss",
      lambda m: mean(m.on("2. Obergeschoss", SPACE, m.named("buero")), BQ_NFA, "m²"),
      "mean BaseQuantities.NetFloorArea of the IfcSpace on 2. Obergeschoss whose LongName holds 'Buero' (m²)"),
    Q(INS, "quantities", "What's the total area of the corridors on the Erdgeschoss?",
      lambda m: total(m.on("Erdgeschoss", SPACE, m.named("flur")), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the spaces on Erdgeschoss whose LongName holds 'Flur' (m²)"),
    Q(INS, "quantities", "How large is the smallest room on the Keller?",
      lambda m: extreme_value(m.on("Keller", SPACE), BQ_NFA, "m²", smallest=True),
      "minimum BaseQuantities.NetFloorArea over the IfcSpace on Keller (m²), with the room(s) that have it"),
    Q(EDC, "quantities", "total gross wall area on EG",
      lambda m: total(m.on("EG", WALL), q("BaseQuantities", "GrossSideArea"), "m²"),
      "sum of BaseQuantities.GrossSideArea over the IfcWall on EG (m²)"),
    Q(SH, "quantities", "What is the total window area?",
      lambda m: total(m.of(WINDOW), q("BaseQuantities", "Area"), "m²"),
      "sum of BaseQuantities.Area over every IfcWindow as the file holds it (m²; Revit's Area, 3.53 m² per "
      "window, not OverallWidth x OverallHeight)"),
    Q(SH, "quantities", "How tall is the living room?",
      lambda m: number(Model.qty(m.space(long="Living room"), "BaseQuantities", "Height"),
      "mm", [m.space(long="Living room")]),
      "BaseQuantities.Height of the space with LongName 'Living room' (model length unit: mm)"),
    Q(HOM, "quantities", "What is the floor area of the 1stFloor?",
      lambda m: total(m.on("1stFloor", SPACE), HOM_NFA, "m²"),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea over the IfcSpace on 1stFloor (m²)"),
    Q(HOM, "quantities", "m² of windows on the ground floor",
      lambda m: total(m.on("GroundFloor", WINDOW), q("Qto_WindowBaseQuantities", "Area"), "m²"),
      "sum of Qto_WindowBaseQuantities.Area over the IfcWindow on GroundFloor (m²)"),
    Q(HOM, "quantities", "What is the heaviest wall?",
      lambda m: extreme(m.of(WALL, lambda w: ue.get_pset(w, "Qto_WallBaseQuantities", "NetWeight") is not None),
                        q("Qto_WallBaseQuantities", "NetWeight"), "kg"),
      "the IfcWall(s) with the largest Qto_WallBaseQuantities.NetWeight"),
    Q(LB, "quantities", "Total window area on Level 2?",
      lambda m: total(m.on("Level 2", WINDOW), q("BaseQuantities", "Area"), "m²"),
      "sum of BaseQuantities.Area over the IfcWindow on Level 2 as the file holds it (m²; Revit's Area, not "
      "OverallWidth x OverallHeight)"),
    Q(RQ, "quantities", "Which is the largest room?", lambda m: extreme(m.spaces(), GSA, "m²"),
      "the IfcSpace with the largest 'GSA Space Areas'.'GSA BIM Area'"),
    Q(R3, "quantities", "What is the volume of the Bad?",
      lambda m: number(Model.qty(m.space("Bad"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³", [m.space("Bad")]),
      "Qto_SpaceBaseQuantities.NetVolume of the space named Bad (m³)"),
    Q(R3, "quantities", "how big is the kitchen",
      lambda m: number(Model.qty(m.space("Kitchen"), "Qto_SpaceBaseQuantities", "NetFloorArea"),
      "m²", [m.space("Kitchen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of the space named Kitchen (m²)"),
    # ================================================================ negation
    Q(DUP, "negation", "List everything that isn't on level 1",
      lambda m: elements(e for e in m.everything() if m.storey_name(e) not in (None, "Level 1")),
      f"every element (IfcElement without openings/virtual) located on a storey other than Level 1, {STOREY_DEEP}"),
    Q(DUP, "negation", "Which walls on level 2 are not external?",
      lambda m: elements(m.on("Level 2", WALL, ext("Pset_WallCommon", False))),
      f"IfcWall with Pset_WallCommon.IsExternal = FALSE on Level 2, {STOREY_DEEP}"),
    Q(DUP, "negation", "doors that are not on level 1",
      lambda m: elements(m.of(DOOR, lambda e: m.storey_name(e) not in (None, "Level 1"))),
      f"IfcDoor located on a storey other than Level 1, {STOREY_DEEP}"),
    Q(DUP, "negation", "Which walls are non load bearing on Level 1?",
      lambda m: elements(m.on("Level 1", WALL, load_bearing("Pset_WallCommon", False))),
      f"IfcWall with Pset_WallCommon.LoadBearing = FALSE on Level 1, {STOREY_DEEP}"),
    Q(FZK, "negation", "Which rooms on the Erdgeschoss are not the kitchen?",
      lambda m: elements(m.on("Erdgeschoss", SPACE, lambda s: s.LongName != "Küche")),
      "IfcSpace on Erdgeschoss whose LongName is not 'Küche'"),
    Q(INS, "negation", "Which rooms on 1. Obergeschoss aren't offices?",
      lambda m: elements(m.on("1. Obergeschoss", SPACE, lambda s: not m.named("buero")(s))),
      "IfcSpace on 1. Obergeschoss whose LongName does not hold 'Buero'"),
    Q(INS, "negation", "How many windows are not in the Keller?",
      lambda m: count(m.of(WINDOW, lambda e: m.storey_name(e) not in (None, "Keller"))),
      f"IfcWindow located on a storey other than Keller, {STOREY_DEEP}; count"),
    Q(INS, "negation", "internal walls on the Keller",
      lambda m: elements(m.on("Keller", WALL, ext("Pset_WallCommon", False))),
      f"IfcWall with Pset_WallCommon.IsExternal = FALSE on Keller, {STOREY_DEEP}"),
    Q(INS, "negation", "Doors everywhere except the Dachgeschoss and the Keller: how many?",
      lambda m: count(m.of(DOOR, lambda e: m.storey_name(e) not in (None, "Dachgeschoss", "Keller"))),
      f"IfcDoor on a storey other than Dachgeschoss and Keller, {STOREY_DEEP}; count"),
    Q(EDC, "negation", "Which walls on 2.OG are not exterior walls?",
      lambda m: elements(m.on("2.OG", WALL, ext("Pset_WallCommon", False))),
      f"IfcWall with Pset_WallCommon.IsExternal = FALSE on 2.OG, {STOREY_DEEP}"),
    Q(SH, "negation", "Which elements on the ground floor are not doors or windows?",
      lambda m: elements(m.on("Ground Floor", None, lambda e: not e.is_a(DOOR) and not e.is_a(WINDOW))),
      f"every element on Ground Floor ({STOREY_DEEP}) that is neither an IfcDoor nor an IfcWindow"),
    Q(HOM, "negation", "Which rooms are not on the GroundFloor?",
      lambda m: elements(m.spaces(lambda s: m.storey_name(s) not in (None, "GroundFloor"))),
      "IfcSpace aggregated into a storey other than GroundFloor"),
    Q(LB, "negation", "List the doors that are not internal",
      lambda m: elements(m.of(DOOR, lambda d: Model.prop(d, "Pset_DoorCommon", "IsExternal") is not False)),
      "IfcDoor whose Pset_DoorCommon.IsExternal is not FALSE: all 18 say FALSE -> nothing"),
    Q(HE, "negation", "How many light fixtures are not on the EG?",
      lambda m: count(m.of("IfcFlowTerminal", lambda e: Model.typed("IfcLightFixtureType")(e)
                           and m.storey_name(e) not in (None, "EG"))),
      f"elements typed by IfcLightFixtureType on a storey other than EG, {STOREY_DEEP}; count"),
    Q(WP, "negation", "Which valves are not 3-way valves?",
      lambda m: elements(m.of("IfcValve", lambda e: "3-wege" not in (e.Name or "").lower())),
      "IfcValve whose Name does not hold '3-Wege' (all 10 do) -> nothing"),
    # ================================================================ several storeys
    Q(DUP, "multi_storey", "Show the windows on level 1 and level 2",
      lambda m: elements(m.on(["Level 1", "Level 2"], WINDOW)),
      f"IfcWindow on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(DUP, "multi_storey", "How many walls are on Level 1 and Level 2 combined?",
      lambda m: count(m.on(["Level 1", "Level 2"], WALL)), f"IfcWall on Level 1 or Level 2, {STOREY_DEEP}; count"),
    Q(FZK, "multi_storey", "Which windows are on the Erdgeschoss or the Dachgeschoss?",
      lambda m: elements(m.on(["Erdgeschoss", "Dachgeschoss"], WINDOW)), f"IfcWindow on either storey, {STOREY_DEEP}"),
    Q(INS, "multi_storey", "List the doors on Keller and Erdgeschoss",
      lambda m: elements(m.on(["Keller", "Erdgeschoss"], DOOR)),
      f"IfcDoor on Keller or Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "multi_storey", "How many rooms are on the 1. and 2. Obergeschoss together?",
      lambda m: count(m.on(["1. Obergeschoss", "2. Obergeschoss"], SPACE)),
      "IfcSpace aggregated into 1. Obergeschoss or 2. Obergeschoss; count"),
    Q(INS, "multi_storey", "What stairs are on the Erdgeschoss, 1. Obergeschoss and 2. Obergeschoss?",
      lambda m: elements(m.on(["Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss"], "IfcStair")),
      f"IfcStair on any of the three storeys, {STOREY_DEEP}"),
    Q(EDC, "multi_storey", "doors on EG and 1.OG", lambda m: elements(m.on(["EG", "1.OG"], DOOR)),
      f"IfcDoor on EG or 1.OG, {STOREY_DEEP}"),
    Q(EDC, "multi_storey", "How many walls are on 1.OG and 2.OG?", lambda m: count(m.on(["1.OG", "2.OG"], WALL)),
      f"IfcWall on 1.OG or 2.OG, {STOREY_DEEP}; count"),
    Q(HOM, "multi_storey", "List the walls of the GroundFloor and the 1stFloor",
      lambda m: elements(m.on(["GroundFloor", "1stFloor"], WALL)),
      f"IfcWall on GroundFloor or 1stFloor, {STOREY_DEEP}"),
    Q(HOM, "multi_storey", "rooms on both GroundFloor and 1stFloor: how many are there?",
      lambda m: count(m.on(["GroundFloor", "1stFloor"], SPACE)),
      "IfcSpace aggregated into GroundFloor or 1stFloor; count"),
    Q(LB, "multi_storey", "Windows on Level 1 and Level 2", lambda m: elements(m.on(["Level 1", "Level 2"], WINDOW)),
      f"IfcWindow on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(HE, "multi_storey", "How many radiators are on the EG and the Obergeschoss?",
      lambda m: count(m.on(["EG", "Obergeschoss"], None, Model.typed("IfcSpaceHeaterType"))),
      f"elements typed by IfcSpaceHeaterType on EG or Obergeschoss, {STOREY_DEEP}; count"),
    Q(HE, "multi_storey", "List the power outlets in the Kellergeschoss and the Dachgeschoss",
      lambda m: elements(m.on(["Kellergeschoss", "Dachgeschoss"], None, Model.typed("IfcOutletType", "POWEROUTLET"))),
      f"elements typed by IfcOutletType POWEROUTLET on Kellergeschoss or Dachgeschoss, {STOREY_DEEP}"),
    Q(DEL, "multi_storey", "smoke detectors on Level 1 and Level 2",
      lambda m: elements(m.on(["Level 1", "Level 2"], None, Model.type_name_has("Smoke Detector"))),
      f"elements whose name/type name holds 'Smoke Detector' on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(DUP, "multi_storey", "What slabs are on Level 1, Level 2 and the Roof?",
      lambda m: elements(m.on(["Level 1", "Level 2", "Roof"], "IfcSlab")),
      f"IfcSlab on Level 1, Level 2 or Roof, {STOREY_DEEP} (the roof's slab is aggregated into the IfcRoof)"),
    # ================================================================ German
    Q(FZK, "german", "Wie viele Türen gibt es im Erdgeschoss?", lambda m: count(m.on("Erdgeschoss", DOOR)),
      f"IfcDoor on Erdgeschoss, {STOREY_DEEP}; count"),
    Q(FZK, "german", "Welche Fenster sind im Dachgeschoss?", lambda m: elements(m.on("Dachgeschoss", WINDOW)),
      f"IfcWindow on Dachgeschoss, {STOREY_DEEP}"),
    Q(FZK, "german", "In welchem Geschoss ist die Küche?", lambda m: storeys([m.storey_name(m.space(long="Küche"))]),
      "storey of the space with LongName 'Küche'"),
    Q(FZK, "german", "Wie groß ist das Schlafzimmer?",
      lambda m: number(BQ_NFA(m.space(long="Schlafzimmer")), "m²", [m.space(long="Schlafzimmer")]),
      "BaseQuantities.NetFloorArea of the space with LongName 'Schlafzimmer' (m²)"),
    Q(FZK, "german", "Wie viele Räume hat das Haus?", lambda m: count(m.spaces()), "every IfcSpace; count"),
    Q(INS, "german", "Zeige alle Außenwände im 1. Obergeschoss",
      lambda m: elements(m.on("1. Obergeschoss", WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on 1. Obergeschoss, {STOREY_DEEP}"),
    Q(INS, "german", "Wie viele Fenster hat der Keller?", lambda m: count(m.on("Keller", WINDOW)),
      f"IfcWindow on Keller, {STOREY_DEEP}; count"),
    Q(INS, "german", "Welches Geschoss hat die meisten Türen?", lambda m: argmax_storey(m, per_storey(m, DOOR)),
      f"storey with the most IfcDoor, {STOREY_DEEP}"),
    Q(INS, "german", "Wo ist der Seminarraum?", lambda m: storeys([m.storey_name(m.space(long="Seminarraum"))]),
      "storey of the space with LongName 'Seminarraum'"),
    Q(INS, "german", "Gesamte Nettogrundfläche im Erdgeschoss?",
      lambda m: total(m.on("Erdgeschoss", SPACE), BQ_NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace on Erdgeschoss (m²)"),
    Q(EDC, "german", "Wie viele Türen sind im 1.OG?", lambda m: count(m.on("1.OG", DOOR)),
      f"IfcDoor on 1.OG, {STOREY_DEEP}; count"),
    Q(EDC, "german", "Welche Wände im EG sind Außenwände?",
      lambda m: elements(m.on("EG", WALL, ext("Pset_WallCommon"))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on EG, {STOREY_DEEP}"),
    Q(HE, "german", "Wie viele Heizkörper gibt es im Obergeschoss?",
      lambda m: count(m.on("Obergeschoss", None, Model.typed("IfcSpaceHeaterType"))),
      f"elements typed by IfcSpaceHeaterType on Obergeschoss, {STOREY_DEEP}; count"),
    Q(HE, "german", "Wie viele Steckdosen gibt es im EG?",
      lambda m: count(m.on("EG", None, Model.typed("IfcOutletType", "POWEROUTLET"))),
      f"elements typed by IfcOutletType POWEROUTLET on EG, {STOREY_DEEP}; count"),
    Q(HE, "german", "In welchem Geschoss sind die meisten Lichtschalter?",
      lambda m: argmax_storey(m, per_storey(m, None, Model.typed("IfcSwitchingDeviceType", "TOGGLESWITCH"))),
      f"storey with the most elements typed by IfcSwitchingDeviceType TOGGLESWITCH, {STOREY_DEEP}"),
    Q(WP, "german", "Wie viele Pumpen gibt es?", lambda m: count(m.of("IfcPump")), "every IfcPump; count"),
    Q(WP, "german", "Gibt es eine Wärmepumpe?",
      lambda m: yes_no(bool(m.of("IfcUnitaryEquipment", lambda e: "wärmepumpe" in (e.Name or "").lower()))),
      "any element whose Name holds 'Wärmepumpe'"),
    Q(R3, "german", "Welche Heizkörper gibt es?", lambda m: elements(m.of("IfcSpaceHeater")),
      "every IfcSpaceHeater (both PredefinedType RADIATOR)"),
    Q(DUP, "german", "Lösche alle Wände im Level 1", lambda m: decline(), "a write request (delete) -> decline"),
    Q(HOM, "german", "Welche Räume liegen im 1stFloor?", lambda m: elements(m.on("1stFloor", SPACE)),
      "IfcSpace aggregated into 1stFloor"),
    # ================================================================ refuse
    Q(DUP, "refuse", "Delete all the walls on level 1", lambda m: decline(), "a write request (delete) -> decline"),
    Q(DUP, "refuse", "How much did the steel beams cost?", lambda m: decline(),
      "cost: no cost data (IfcCostItem/IfcCostValue) in the model -> decline"),
    Q(DUP, "refuse", "Move the kitchen door in A103 one metre to the east", lambda m: decline(),
      "a write request (move) -> decline"),
    Q(DUP, "refuse", "When will the roof be installed?", lambda m: decline(),
      "a schedule question: no IfcTask/IfcWorkSchedule in the model (the roof's PSet_Revit_Other.InstallationDate "
      "holds only its own name) -> decline"),
    Q(DUP, "refuse", "Which doors are wheelchair accessible?", lambda m: decline(),
      "no property states accessibility (PSet_Revit_Type_Other.AccessibilityPerformance holds only its own name, "
      "a Revit placeholder) -> cannot ground 'wheelchair accessible' -> decline (never list all doors)"),
    Q(INS, "refuse", "Change the fire rating of all doors on the Erdgeschoss to EI 30", lambda m: decline(),
      "a write request (change) -> decline"),
    Q(INS, "refuse", "Who sits in Buero Meier?", lambda m: decline(),
      "occupants are not held by the model (no IfcActor/IfcOccupant assigned) -> decline"),
    Q(INS, "refuse", "What's the monthly rent for room 201?", lambda m: decline(), "rent/cost -> decline"),
    Q(EDC, "refuse", "Remove the doors on 2.OG", lambda m: decline(), "a write request (remove) -> decline"),
    Q(EDC, "refuse", "what is the yearly energy consumption of the building", lambda m: decline(),
      "energy use is not in the model -> decline"),
    Q(FZK, "refuse", "How much would it cost to replace all windows?", lambda m: decline(), "cost -> decline"),
    Q(FZK, "refuse", "Which windows are triple glazed?", lambda m: decline(),
      "no property states the glazing layers -> cannot ground 'triple glazed' -> decline"),
    Q(SH, "refuse", "Add a window to the bedroom", lambda m: decline(), "a write request (add) -> decline"),
    Q(SH, "refuse", "What's the construction schedule for the ground floor?", lambda m: decline(),
      "no schedule in the model -> decline"),
    Q(HOM, "refuse", "List the haunted rooms on the GroundFloor", lambda m: decline(),
      "'haunted' cannot be grounded in the model -> decline (never list all rooms)"),
    Q(LB, "refuse", "Rename all rooms on Level 1 to Office",
      lambda m: decline(), "a write request (rename) -> decline"),
    Q(LB, "refuse", "Which rooms on Level 1 have a sea view?", lambda m: decline(),
      "'sea view' cannot be grounded in the model -> decline"),
    Q(HE, "refuse", "What's the maintenance schedule for the radiators?", lambda m: decline(),
      "no maintenance schedule (IfcWorkSchedule/IfcTask) in the model -> decline"),
    Q(WP, "refuse", "How much electricity does the heat pump use per year?", lambda m: decline(),
      "annual energy use is not in the model -> decline"),
    Q(DEL, "refuse", "Turn off all the lights on Level 2", lambda m: decline(),
      "an operation on the building, not a question the file can answer -> decline"),
    Q(R3, "refuse", "Which heater is the most energy efficient?", lambda m: decline(),
      "no efficiency property on the heaters -> cannot ground 'energy efficient' -> decline"),
    Q(DUP, "refuse", "List the acoustic doors on Level 2", lambda m: decline(),
      "no AcousticRating (or other acoustic property) on the doors -> cannot ground 'acoustic' -> decline"),
    # ================================================================ added after the first run (same rules)
    Q(DUP, "edge", "How many doors are on the ground floor?", lambda m: count(m.on("Level 1", DOOR)),
      f"'ground floor' = the storey at elevation 0.0, Level 1 (T/FDN is the foundation level at -1.25); IfcDoor "
      f"on it, {STOREY_DEEP}; count"),
    Q(DUP, "storey_class", "what's on LEVEL 2", lambda m: elements(m.on("Level 2")),
      f"every element (IfcElement without openings/virtual) on Level 2, {STOREY_DEEP}"),
    Q(DUP, "qualifiers", "How many steel beams are there?",
      lambda m: count(m.of("IfcBeam", Model.material_has("steel"))),
      "IfcBeam with a material whose name holds 'Steel' (Metal - Steel - 345 MPa); count"),
    Q(DUP, "negation", "Which rooms on Level 1 are not bathrooms?",
      lambda m: elements(m.on("Level 1", SPACE, lambda s: not m.named("bathroom")(s))),
      "IfcSpace on Level 1 whose LongName does not hold 'Bathroom'"),
    Q(DUP, "multi_storey", "List the rooms on Level 1 and on the Roof",
      lambda m: elements(m.on(["Level 1", "Roof"], SPACE)),
      "IfcSpace aggregated into Level 1 or Roof"),
    Q(INS, "qualifiers", "Which rooms are wheelchair accessible on the Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", SPACE, lambda s: Model.prop(s, "Pset_SpaceCommon", "HandicapAccessible")
                              is True)),
      "IfcSpace on Erdgeschoss with Pset_SpaceCommon.HandicapAccessible = TRUE"),
    Q(INS, "qualifiers", "Which rooms are air-conditioned?",
      lambda m: elements(m.spaces(lambda s: Model.prop(s, "Pset_SpaceThermalRequirements", "AirConditioning") is True)),
      "IfcSpace with Pset_SpaceThermalRequirements.AirConditioning = TRUE"),
    Q(INS, "qualifiers", "How many double doors are there?",
      lambda m: count(m.of(DOOR, Model.type_name_has("dbldoor"))),
      "IfcDoor typed by a door type whose name holds 'DblDoor' (IFC2x_DblDoorSnglSwing, IFC2x_DblDoorDblSwing); count"),
    Q(INS, "rooms", "Where is the revolving door?",
      lambda m: storeys(m.storey_name(d) for d in m.of(DOOR, Model.type_name_has("revolving"))),
      "storey of the IfcDoor typed IFC2x_DoorRevolving"),
    Q(INS, "quantities", "What is the volume of the seminar room?",
      lambda m: number(Model.qty(m.space(long="Seminarraum"), "BaseQuantities", "NetVolume"), "m³",
                       [m.space(long="Seminarraum")]),
      "BaseQuantities.NetVolume of the space with LongName 'Seminarraum' (m³; GrossVolume is the same)"),
    Q(INS, "rooms", "How many tables are in room 006?",
      lambda m: count(e for e in m.in_space(m.space("006")) if Model.type_name_has("table")(e)),
      "elements contained in space 006 whose type name is 'Table'; count"),
    Q(INS, "negation", "How many rooms are not heated to 20 degrees?",
      lambda m: count(m.spaces(
          lambda s: Model.prop(s, "Pset_SpaceThermalRequirements", "SpaceTemperatureMax") != 20.0)),
      "IfcSpace whose Pset_SpaceThermalRequirements.SpaceTemperatureMax is not 20.0; count"),
    Q(INS, "multi_storey", "How many windows are on the Keller, the Erdgeschoss and the 1. Obergeschoss?",
      lambda m: count(m.on(["Keller", "Erdgeschoss", "1. Obergeschoss"], WINDOW)),
      f"IfcWindow on any of the three storeys, {STOREY_DEEP}; count"),
    Q(INS, "german", "Welche Türen sind breiter als 1,5 m?", lambda m: elements(m.of(DOOR, gt("OverallWidth", 1.5))),
      "IfcDoor with OverallWidth > 1.5 (m; German decimal comma)"),
    Q(INS, "german", "Wie viele Räume gibt es im Keller?", lambda m: count(m.on("Keller", SPACE)),
      "IfcSpace aggregated into Keller; count"),
    Q(INS, "refuse", "How many people can the seminar room hold?", lambda m: decline(),
      "no occupancy number in the model (the seminar room has no Pset_SpaceOccupancyRequirements; the one space "
      "that has it holds only OccupancyType) -> decline"),
    Q(INS, "refuse", "Paint the walls of room 102 white", lambda m: decline(), "a write request -> decline"),
    Q(FZK, "german", "Gibt es eine Küche?", lambda m: yes_no(bool(m.spaces(m.named("küche")))),
      "any IfcSpace whose LongName holds 'Küche'"),
    Q(FZK, "german", "Welche Räume sind größer als 20 m²?", lambda m: elements(m.spaces(lambda s: BQ_NFA(s) > 20)),
      "IfcSpace with BaseQuantities.NetFloorArea > 20 m²"),
    Q(FZK, "negation", "Which windows are not on the Erdgeschoss?",
      lambda m: elements(m.of(WINDOW, lambda e: m.storey_name(e) not in (None, "Erdgeschoss"))),
      f"IfcWindow located on a storey other than Erdgeschoss, {STOREY_DEEP}"),
    Q(EDC, "qualifiers", "Which slabs are external?", lambda m: elements(m.of("IfcSlab", ext("Pset_SlabCommon"))),
      "IfcSlab with Pset_SlabCommon.IsExternal = TRUE"),
    Q(EDC, "negation", "How many doors are not on the 1.OG?",
      lambda m: count(m.of(DOOR, lambda e: m.storey_name(e) not in (None, "1.OG"))),
      f"IfcDoor located on a storey other than 1.OG, {STOREY_DEEP}; count"),
    Q(EDC, "quantities", "What's the total gross area of the slabs on 2.OG?",
      lambda m: total(m.on("2.OG", "IfcSlab"), q("BaseQuantities", "GrossArea"), "m²"),
      "sum of BaseQuantities.GrossArea over the IfcSlab on 2.OG (m²)"),
    Q(HOM, "negation", "windows that aren't on the GroundFloor",
      lambda m: elements(m.of(WINDOW, lambda e: m.storey_name(e) not in (None, "GroundFloor"))),
      f"IfcWindow located on a storey other than GroundFloor, {STOREY_DEEP}"),
    Q(HOM, "multi_storey", "Doors on the GroundFloor and in the attic",
      lambda m: elements(m.on(["GroundFloor", "attic"], DOOR)),
      f"IfcDoor on GroundFloor or attic, {STOREY_DEEP} (the attic has none)"),
    Q(HOM, "quantities", "What is the net volume of all walls on the GroundFloor?",
      lambda m: total(m.on("GroundFloor", WALL), q("Qto_WallBaseQuantities", "NetVolume"), "m³"),
      "sum of Qto_WallBaseQuantities.NetVolume over the IfcWall on GroundFloor (m³)"),
    Q(HE, "storey_class", "How many communication outlets are in the Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", None, Model.typed("IfcOutletType", "COMMUNICATIONSOUTLET"))),
      f"elements typed by IfcOutletType COMMUNICATIONSOUTLET on Dachgeschoss, {STOREY_DEEP}; count"),
    Q(HE, "rooms", "Which floors are the circuit breakers on?",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, Model.typed("IfcProtectiveDeviceType", "CIRCUITBREAKER"))),
      "storeys of the elements typed by IfcProtectiveDeviceType CIRCUITBREAKER (aggregated into the distribution "
      "boards, storey-deep through the aggregate)"),
    Q(HE, "negation", "Radiators outside the EG: how many?",
      lambda m: count(m.of(None, lambda e: Model.typed("IfcSpaceHeaterType")(e)
                           and m.storey_name(e) not in (None, "EG"))),
      f"elements typed by IfcSpaceHeaterType on a storey other than EG, {STOREY_DEEP}; count"),
    Q(HE, "multi_storey", "light switches on the Kellergeschoss and the EG",
      lambda m: elements(m.on(["Kellergeschoss", "EG"], None, Model.typed("IfcSwitchingDeviceType", "TOGGLESWITCH"))),
      f"elements typed by IfcSwitchingDeviceType TOGGLESWITCH on Kellergeschoss or EG, {STOREY_DEEP}"),
    Q(DEL, "rooms", "Which floor is the fire alarm panel on?",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, Model.type_name_has("Fire Alarm"))),
      "storey of the element whose name holds 'Fire Alarm Control Panel'"),
    Q(DEL, "storey_class", "How many fridges are there?",
      lambda m: count(m.of(None, Model.typed("IfcElectricApplianceType", "FRIDGE_FREEZER"))),
      "elements typed by IfcElectricApplianceType FRIDGE_FREEZER; count"),
    Q(DEL, "comparison", "Are there more receptacles on Level 1 than on Level 2?",
      lambda m: yes_no(len(m.on("Level 1", None, Model.typed("IfcOutletType", "POWEROUTLET")))
                       > len(m.on("Level 2", None, Model.typed("IfcOutletType", "POWEROUTLET")))),
      f"count of elements typed IfcOutletType POWEROUTLET on Level 1 > on Level 2, {STOREY_DEEP}"),
    Q(WP, "storey_class", "List the pipes", lambda m: elements(m.of("IfcPipeSegment")),
      "every IfcPipeSegment"),
    Q(WP, "edge", "Is there a Pufferspeicher?",
      lambda m: yes_no(bool(m.of(None, Model.type_name_has("pufferspeicher")))),
      "any element whose name or type name holds 'Pufferspeicher' (the buffer tank, an IfcFlowStorageDevice)"),
    Q(R3, "rooms", "Which rooms are in the zone Leben?",
      lambda m: elements(o for z in m.f.by_type("IfcZone") if z.Name == "Leben" for r in z.IsGroupedBy
                         for o in r.RelatedObjects if o.is_a("IfcSpace")),
      "IfcSpace assigned to the IfcZone named 'Leben'"),
    Q(R3, "quantities", "What is the net wall area of Wohnen?",
      lambda m: number(Model.qty(m.space("Wohnen"), "Qto_SpaceBaseQuantities", "NetWallArea"),
      "m²", [m.space("Wohnen")]),
      "Qto_SpaceBaseQuantities.NetWallArea of the space named Wohnen (m²)"),
    Q(R3, "refuse", "Order two more heaters for the Bad",
      lambda m: decline(), "procurement, not a model question -> decline"),
    Q(LB, "storey_class", "How many trees are on Level 1?",
      lambda m: count(m.on("Level 1", None, Model.type_name_has("tree"))),
      f"elements on Level 1 ({STOREY_DEEP}) whose name/type name holds 'Tree' (RPC Tree proxies); count"),
    Q(LB, "quantities", "How high is Level 1's room 1?",
      lambda m: number(Model.qty(m.space("1"), "BaseQuantities", "Height"), "mm", [m.space("1")]),
      "BaseQuantities.Height of the space named 1 (model length unit: mm)"),
    Q(RQ, "quantities", "What's the total area of the small offices?",
      lambda m: total(m.spaces(m.named("small office")), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces whose LongName holds 'small office' (m²)"),
    Q(RQ, "negation", "Which rooms are not small offices?",
      lambda m: elements(m.spaces(lambda s: not m.named("small office")(s))),
      "IfcSpace whose LongName does not hold 'small office'"),
    Q(SH, "multi_storey", "Which slabs are on the Ground Floor and the Roof?",
      lambda m: elements(m.on(["Ground Floor", "Roof"], "IfcSlab")), f"IfcSlab on Ground Floor or Roof, {STOREY_DEEP}"),
    Q(SH, "refuse", "Who was the contractor for this house?", lambda m: decline(),
      "no contractor (IfcActor with a role) in the model -> decline"),
    # ================================================================ phrased after ifc-bench-v1.csv (our own oracles)
    Q(DUP, "rooms", "Give me the name of all the rooms in the building.", lambda m: elements(m.spaces()),
      "every IfcSpace (the 21 spaces A101-B205 and R301)"),
    Q(DUP, "rooms", "How many radiators are there in room A202?",
      lambda m: count(e for e in m.in_space(m.space("A202"))
                      if Model.typed("IfcSpaceHeaterType")(e) or e.is_a() == "IfcSpaceHeater"),
      "elements in space A202 that are IfcSpaceHeater or typed by IfcSpaceHeaterType: the architectural model "
      "has none -> count 0"),
    Q(DUP, "qualifiers", "Are the walls of room A203 load bearing?",
      lambda m: yes_no(any(Model.prop(w, "Pset_WallCommon", "LoadBearing") is True
                           for w in m.bounding(m.space("A203"), WALL))),
      "whether any IfcWall bounding space A203 (IfcRelSpaceBoundary) has Pset_WallCommon.LoadBearing = TRUE: none "
      "has (the 7 load-bearing walls are the foundation walls on T/FDN)"),
    Q(DEL, "rooms", "Where are the smoke detectors located?",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, Model.type_name_has("Smoke Detector"))),
      "storeys of the elements whose name/type name holds 'Smoke Detector' (none sits in a space)"),
    Q(DEL, "rooms", "Which floor are the boilers on?",
      lambda m: storeys(m.storey_name(e) for e in m.of(None, Model.typed("IfcBoilerType"))),
      "storeys of the elements typed by IfcBoilerType"),
    Q(FZK, "quantities", "What is the total gross floor area of the building?",
      lambda m: total(m.spaces(), BQ_GFA, "m²"), "sum of BaseQuantities.GrossFloorArea over every IfcSpace (m²)"),
    Q(INS, "quantities", "What is the total gross floor area of the building?",
      lambda m: total(m.spaces(), BQ_GFA, "m²"), "sum of BaseQuantities.GrossFloorArea over every IfcSpace (m²)"),
    Q(HE, "refuse", "What is the maintenance interval of the boiler?", lambda m: decline(),
      "no maintenance data (no IfcTask/IfcWorkSchedule, no service-life property) -> decline"),
    Q(DUP, "refuse", "How many hours of sunlight does the living room in unit A get?", lambda m: decline(),
      "daylight / solar exposure is not held by the model -> decline"),
    Q(WP, "refuse", "When was the heat pump last serviced?", lambda m: decline(),
      "no maintenance record (IfcTask, IfcWorkSchedule) in the model -> decline"),
    Q(INS, "comparison", "Does every storey have a WC?",
      lambda m: yes_no(all(m.on(s, SPACE, m.named("wc")) for s in m.storey_names())),
      "whether every storey has an IfcSpace whose LongName holds 'WC' (the Dachgeschoss has none)"),
    Q(HOM, "comparison", "Is the kitchen bigger than the living room?",
      lambda m: yes_no(HOM_NFA(m.space("Kitchen5")) > HOM_NFA(m.space("Living1"))),
      "Qto_SpaceBaseQuantities.NetFloorArea of Kitchen5 > that of Living1"),
]


def compute_set(questions: Iterable[Q], ifc_dir: Path, prefix: str) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in order), ids ``PREFIX-KIND-NN``.

    The one writer of every people-format set (people.json, people_heldout.json, people_third.json,
    dev_round2.json): their scripts differ only in their questions and id prefix.
    """
    models: dict[str, Model] = {}
    out = []
    seen: Counter[str] = Counter()
    for question in questions:
        if question.model not in models:
            models[question.model] = Model(ifc_dir / question.model)
        seen[question.kind] += 1
        out.append({
            "id": f"{prefix}-{question.kind}-{seen[question.kind]:02d}",
            "query": question.query,
            "ifc_filename": question.model,
            "kind": question.kind,
            "oracle": question.oracle(models[question.model]),
            "oracle_rule": question.rule,
            "source": "ifcopenshell",
        })
    return out


def compute_intents(intents: Iterable[Any], ifc_dir: Path, prefix: str) -> list[dict[str, Any]]:
    """Every phrasing of every intent (``model``, ``kind``, ``phrasings`` a..d, ``oracle``, ``rule``) with the
    intent's oracle, computed once per intent; ids ``PREFIX-KIND-NN-a..d``. The writer of the four-phrasing sets."""
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    seen: Counter[str] = Counter()
    for intent in intents:
        if intent.model not in models:
            models[intent.model] = Model(ifc_dir / intent.model)
        seen[intent.kind] += 1
        name = f"{prefix}-{intent.kind}-{seen[intent.kind]:02d}"
        oracle = intent.oracle(models[intent.model])
        for letter, query in zip("abcd", intent.phrasings, strict=True):
            out.append({"id": f"{name}-{letter}", "intent": name, "query": query, "ifc_filename": intent.model,
                        "kind": intent.kind, "oracle": oracle, "oracle_rule": intent.rule, "source": "ifcopenshell"})
    return out


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "people")


def dumps(questions: list[dict[str, Any]]) -> str:
    return json.dumps(questions, indent=1, ensure_ascii=False) + "\n"


def set_main(
    argv: list[str] | None, compute_fn: Callable[[Path], list[dict[str, Any]]], default_out: Path, description: str
) -> int:
    """The command line every set script shares: write the set, or ``--check`` it (exit 1 when stale)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    parser.add_argument("-o", "--out", type=Path, default=default_out)
    parser.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    args = parser.parse_args(argv)
    if not args.ifc_dir.is_dir():
        print(f"error: no IFC directory {args.ifc_dir}: pass --ifc-dir DIR (the shared models)", file=sys.stderr)
        return 2
    text = dumps(compute_fn(args.ifc_dir))
    if args.check:
        same = args.out.is_file() and args.out.read_text(encoding="utf-8") == text
        print(f"{args.out}: {'up to date' if same else 'differs from the oracles'}")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    data = json.loads(text)
    kinds = Counter(q["kind"] for q in data)
    oracles = Counter(q["oracle"]["type"] for q in data)
    print(f"{len(data)} questions over {len({q['ifc_filename'] for q in data})} models -> {args.out}")
    print(", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(", ".join(f"{k} {v}" for k, v in sorted(oracles.items())))
    return 0


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
