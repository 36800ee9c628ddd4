"""Issue 22's ninth blind question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_ninth_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Written blind (see bench/spatial/README.md, "people_ninth.json"): without reading the spatial parser, its data
files or the questions of any earlier set, and never run through ifcqa. Every oracle is a small function of the
model opened with ``ifcopenshell.open`` through the ``Model`` walks of ``people_oracles.py`` (storey-deep
containment, space containment, space boundaries, ``get_pset`` over occurrence and type). Each question carries
the ``persona`` that asks it (six voices, defined in ``PERSONAS``).

Every decline asserts its premise here: a storey, room or word the question names really is absent from the file
(``no_storey`` / ``no_space`` / ``absent``), a property no element of the class carries with a value
(``no_prop``), a quantity set the spaces lack, an elevation the storey does not record; for a refusal the model
holds no cost / schedule / actor / time-series entity (``refuse``), and for a write the thing it would change
exists (``refuse_write``), so only the request itself makes it a refusal. A premise that fails raises
``ValueError``: the set cannot be written with a wrong decline.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    STOREY_DEEP,
    Model,
    Oracle,
    count,
    decline,
    elements,
    number,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_ninth.json"

# --- the six personas ------------------------------------------------------------------------------------
PERSONAS = {
    "fm_phone": "a facility manager typing on a phone between jobs: terse, lowercase, 'pls', 'lvl', room numbers",
    "mep_engineer": "an MEP engineer checking a model: receptacles, luminaires, rads, DBs, FBH, trade shorthand",
    "architect": "an architect preparing a submission: formal, full sentences, net floor area, envelope, U-values",
    "client": "a client with no BIM knowledge: everyday words ('upstairs', 'the kitchen'), no IFC vocabulary",
    "site_manager_de": "a German site manager (Bauleiter): German, or English with German floor and trade words",
    "student": "a student learning IFC: IFC class and property names (IfcDoor, Pset_WallCommon.IsExternal)",
}

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
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
DHW = "domestic-hot-water.ifc"
SIG = "linear-placement-of-signal.ifc"
OH = "IfcOpenHouse_IFC4.ifc"

FOOT = 0.3048
SQFT = FOOT * FOOT


class NinthModel(Model):
    """``Model`` plus the file's text (for the premise that a word appears nowhere in it)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.path = path
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self.path.read_text(encoding="utf-8", errors="ignore").casefold()
        return self._text


# --- decline premises -------------------------------------------------------------------------------------

COST = ("IfcCostItem", "IfcCostSchedule", "IfcCostValue")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar", "IfcWorkTime")
ACTOR = ("IfcActor", "IfcOccupant", "IfcRelAssignsToActor")
LIVE = ("IfcTimeSeries", "IfcRegularTimeSeries", "IfcIrregularTimeSeries", "IfcPerformanceHistory")
OPINION: tuple[str, ...] = ()  # a matter of taste: no entity could hold it


def absent(m: NinthModel, *words: str) -> Oracle:
    """Decline, asserting that no string in the file holds any of ``words``."""
    for word in words:
        if word.casefold() in m.text:
            raise ValueError(f"{word!r} occurs in {m.path.name}: the decline's premise does not hold")
    return decline()


def no_storey(m: NinthModel, name: str) -> Oracle:
    """Decline, asserting that no storey is called ``name`` (Name or LongName, case and spaces ignored)."""
    key = "".join(name.split()).casefold()
    for s in m.f.by_type("IfcBuildingStorey"):
        for text in (s.Name, s.LongName):
            if text and key in "".join(text.split()).casefold():
                raise ValueError(f"storey {name!r} does exist in {m.path.name} ({text!r})")
    return decline()


def no_space(m: NinthModel, *words: str) -> Oracle:
    """Decline, asserting that no space's Name or LongName holds any of ``words``."""
    found = m.spaces(m.named(*words))
    if found:
        raise ValueError(f"a space named {words!r} does exist in {m.path.name}")
    return decline()


def no_prop(m: NinthModel, classes: str | tuple[str, ...], word: str | tuple[str, ...],
            es: Iterable[Any] | None = None) -> Oracle:
    """Decline, asserting that no element of ``classes`` (or ``es``) carries a property or quantity whose
    name holds ``word`` (any of them) with a non-empty value (occurrence or type)."""
    words = (word,) if isinstance(word, str) else word
    pool = list(es) if es is not None else m.of(classes)
    if not pool:
        raise ValueError(f"no {classes} in {m.path.name}: ask about something the model holds")
    for e in pool:
        for pset, props in ue.get_psets(e).items():
            for name, value in props.items():
                hit = any(w.casefold() in name.replace(" ", "").casefold() for w in words)
                if name != "id" and hit and value not in (None, ""):
                    raise ValueError(f"{e.is_a()} {e.GlobalId} has {pset}.{name} = {value!r}")
    return decline()


def refuse(m: NinthModel, entities: tuple[str, ...]) -> Oracle:
    """Decline a request the file cannot answer, asserting it holds none of ``entities``."""
    for name in entities:
        if m.by_type(name):
            raise ValueError(f"{m.path.name} holds {name}: the refusal's premise does not hold")
    return decline()


def refuse_write(m: NinthModel, targets: list[Any]) -> Oracle:
    """Decline a write, asserting the thing it would change exists (so only the write makes it a refusal)."""
    if not targets:
        raise ValueError(f"the write's target does not exist in {m.path.name}")
    return decline()


# --- small walks and oracle builders ---------------------------------------------------------------------

def typed(type_class: str, name_word: str | None = None) -> Callable[[Any], bool]:
    """Elements whose type object is a ``type_class`` (and whose type Name holds ``name_word``)."""
    def check(e: Any) -> bool:
        t = ue.get_type(e)
        return bool(t is not None and t.is_a(type_class)
                    and (name_word is None or name_word.casefold() in (t.Name or "").casefold()))
    return check


def type_named(word: str) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        t = ue.get_type(e)
        return t is not None and word.casefold() in (t.Name or "").casefold()
    return check


def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: ue.get_pset(e, pset, name) == value and type(ue.get_pset(e, pset, name)) is type(value)


def qty(qset: str, name: str, scale: float = 1.0) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name) * scale


def values(es: Iterable[Any], key: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup over several elements: the distinct values with how many elements hold each."""
    es = list(dict.fromkeys(es))
    if not es:
        raise ValueError("a values oracle over no elements")
    dist = Counter(key(e) for e in es)
    rows = sorted(([v, n] for v, n in dist.items()), key=lambda r: (r[0] is None, str(r[0])))
    return {"type": "values", "value": rows, "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def total(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    if not es:
        raise ValueError("a total over no elements")
    return number(sum(key(e) for e in es), unit, es)


def mean(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    return number(statistics.fmean(key(e) for e in es), unit, es)


def bigger(m: NinthModel, a: Any, b: Any, key: Callable[[Any], float]) -> Oracle:
    va, vb = key(a), key(b)
    if math.isclose(va, vb, rel_tol=0.01):
        raise ValueError(f"{a.Name} and {b.Name} are too close to call ({va} vs {vb})")
    return elements([a if va > vb else b])


def more_on(m: NinthModel, names: Iterable[str], classes: str | tuple[str, ...] | None,
            where: Callable[[Any], bool] | None = None, fewest: bool = False) -> Oracle:
    """The one storey of ``names`` with the most (fewest) such elements; a tie is an error."""
    sizes = {n: len(m.on(n, classes, where)) for n in names}
    best = (min if fewest else max)(sizes.values())
    winners = [n for n, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def storeys_with(m: NinthModel, classes: str | tuple[str, ...], where: Callable[[Any], bool] | None = None) -> Oracle:
    return storeys(m.storey_name(e) for e in m.of(classes, where))


def space_named(m: NinthModel, name: str | None = None, long: str | None = None) -> Any:
    return m.space(name=name, long=long)


def explicit(pset: str, prop: str, es: list[Any]) -> list[Any]:
    """``es``, asserting each holds an explicit boolean ``pset.prop`` (so "not X" has one reading)."""
    for e in es:
        if not isinstance(ue.get_pset(e, pset, prop), bool):
            raise ValueError(f"{e.GlobalId} leaves {pset}.{prop} unset: 'not' would have two readings")
    return es


BQ = "BaseQuantities"
NFA = qty(BQ, "NetFloorArea")
QTO_NFA = qty("Qto_SpaceBaseQuantities", "NetFloorArea")
GSA = qty("GSA Space Areas", "GSA BIM Area")
EXT_WALL = prop_is("Pset_WallCommon", "IsExternal", True)
INT_WALL = prop_is("Pset_WallCommon", "IsExternal", False)
LB_WALL = prop_is("Pset_WallCommon", "LoadBearing", True)
EXT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", True)
RADIATOR = typed("IfcSpaceHeaterType")
LIGHT = typed("IfcLightFixtureType")
OUTLET = typed("IfcOutletType")
SWITCH = typed("IfcSwitchingDeviceType")
WALLS = ("IfcWall",)
ON = STOREY_DEEP


def elevation(m: NinthModel, name: str, scale: float, unit: str) -> Oracle:
    s = m.storey(name)
    if s.Elevation is None:
        raise ValueError(f"storey {name!r} records no elevation")
    return number(float(s.Elevation) * scale, unit)


def no_elevation(m: NinthModel, name: str) -> Oracle:
    s = m.storey(name)
    if s.Elevation is not None:
        raise ValueError(f"storey {name!r} has an elevation")
    for props in ue.get_psets(s).values():
        if any("elevation" in k.casefold() for k in props):
            raise ValueError(f"storey {name!r} records an elevation property")
    return decline()


# --- the questions ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Q:
    model: str
    kind: str
    persona: str
    query: str
    oracle: Callable[[NinthModel], Oracle]
    rule: str


def _spaces_on(m: NinthModel, storey: str, where: Callable[[Any], bool] | None = None) -> list[Any]:
    return [s for s in m.spaces(where) if m.storey_name(s) == storey]


QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- storey_class
    Q(FZK, "storey_class", "fm_phone", "cleaners need a number: windows on the erdgeschoss?",
      lambda m: count(m.on("Erdgeschoss", "IfcWindow")), f"count IfcWindow on Erdgeschoss, {ON}"),
    Q(DEL, "storey_class", "mep_engineer", "How many duplex receptacles have been placed on Level 2?",
      lambda m: count(m.on("Level 2", None, typed("IfcOutletType", "Duplex Receptacle"))),
      f"count elements typed by IfcOutletType 'Duplex Receptacle' on Level 2, {ON}"),
    Q(INS, "storey_class", "architect", "Please list the doors that are located on the 1. Obergeschoss.",
      lambda m: elements(m.on("1. Obergeschoss", "IfcDoor")), f"IfcDoor on 1. Obergeschoss, {ON}"),
    Q(SH, "storey_class", "client", "What furniture do we have downstairs on the ground floor?",
      lambda m: elements(m.on("Ground Floor", "IfcFurniture")), f"IfcFurniture on Ground Floor, {ON}"),
    Q(EDC, "storey_class", "student", "Which IfcWindowStandardCase instances belong to the storey 1.OG?",
      lambda m: elements(m.on("1.OG", "IfcWindow")), f"IfcWindow (incl. StandardCase) on 1.OG, {ON}"),
    Q(HE, "storey_class", "site_manager_de", "Kellergeschoss: how many radiators did they put in down there?",
      lambda m: count(m.on("Kellergeschoss", None, RADIATOR)),
      f"count elements typed by IfcSpaceHeaterType on Kellergeschoss (none there), {ON}"),
    Q(HE, "storey_class", "mep_engineer", "Luminaire count on the Obergeschoss, please.",
      lambda m: count(m.on("Obergeschoss", None, LIGHT)),
      f"count elements typed by IfcLightFixtureType on Obergeschoss, {ON}"),
    Q(HOM, "storey_class", "architect", "For the wall schedule I need every wall on the 1stFloor listed.",
      lambda m: elements(m.on("1stFloor", "IfcWall")), f"IfcWall on 1stFloor, {ON}"),
    Q(DUP, "storey_class", "client", "What is actually down on the T/FDN level?",
      lambda m: elements(m.on("T/FDN")), f"every element (no openings) on T/FDN, {ON}"),
    Q(DUP, "storey_class", "student", "IfcStairFlight objects on Level 1?",
      lambda m: elements(m.on("Level 1", "IfcStairFlight")), f"IfcStairFlight on Level 1, {ON}"),
    Q(WP, "storey_class", "site_manager_de", "Ebene 0 pumps - just give me the number.",
      lambda m: count(m.on("Ebene 0", "IfcPump")), f"count IfcPump on Ebene 0, {ON}"),
    Q(DHW, "storey_class", "mep_engineer", "Which pipe segments sit on My Storey?",
      lambda m: elements(m.on("My Storey", "IfcPipeSegment")), f"IfcPipeSegment on My Storey, {ON}"),
    Q(DEL, "storey_class", "fm_phone", "level 1 smoke detectors, how many",
      lambda m: count(m.on("Level 1", None, typed("IfcProtectiveDeviceType", "Smoke Detector"))),
      f"count elements typed 'Smoke Detector' (IfcProtectiveDeviceType) on Level 1, {ON}"),
    Q(EDC, "storey_class", "fm_phone", "doors on EG in fire compartment B?",
      lambda m: (refuse(m, ("IfcZone",)), absent(m, "compartment", "brandabschnitt"))[1],
      "decline: the model groups nothing into fire compartments (no IfcZone, no such word)"),
    Q(EDC, "storey_class", "architect", "Could you list the doors on the 3.OG for the door schedule?",
      lambda m: (no_storey(m, "3.OG"), absent(m, "3.OG"))[1],
      "decline: the model has EG, 1.OG and 2.OG only; no string in the file holds '3.OG'"),
    # ---------------------------------------------------------------- comparison
    Q(INS, "comparison", "architect", "On which storey of the institute are the most doors located?",
      lambda m: more_on(m, m.storey_names(), "IfcDoor"), f"storey with the most IfcDoor, {ON} (no tie)"),
    Q(EDC, "comparison", "fm_phone", "more doors on EG or 2.OG?",
      lambda m: more_on(m, ["EG", "2.OG"], "IfcDoor"), f"of EG and 2.OG, the storey with more IfcDoor, {ON}"),
    Q(DUP, "comparison", "client", "In unit A, which is bigger: the living room or the kitchen?",
      lambda m: bigger(m, m.space("A102"), m.space("A103"), GSA),
      "the larger of A102 (Living Room) and A103 (Kitchen) by GSA Space Areas.GSA BIM Area (their only area)"),
    Q(DEL, "comparison", "mep_engineer", "Level 1 vs Level 2: where have more power outlets been modelled?",
      lambda m: more_on(m, ["Level 1", "Level 2"], None, OUTLET),
      f"of Level 1 and Level 2, the storey with more elements typed by IfcOutletType, {ON}"),
    Q(HOM, "comparison", "student", "Which IfcBuildingStorey has the largest number of IfcDoor elements?",
      lambda m: more_on(m, m.storey_names(), "IfcDoor"), f"storey with the most IfcDoor, {ON} (no tie)"),
    Q(HE, "comparison", "site_manager_de", "Which Geschoss has got the most light fittings?",
      lambda m: more_on(m, m.storey_names(), None, LIGHT),
      f"storey with the most elements typed by IfcLightFixtureType, {ON} (no tie)"),
    Q(SH, "comparison", "architect", "Is the bedroom larger than the entrance hall in terms of net floor area?",
      lambda m: yes_no(NFA(m.space(long="Bedroom")) > NFA(m.space(long="Entrance hall"))),
      "BaseQuantities.NetFloorArea of space 'Bedroom' > of 'Entrance hall'"),
    Q(LB, "comparison", "fm_phone", "room one or room four, which one is bigger",
      lambda m: bigger(m, m.space("1"), m.space("4"), NFA),
      "the larger of spaces '1' and '4' by BaseQuantities.NetFloorArea (= GrossFloorArea in this model)"),
    Q(FZK, "comparison", "client", "Is the kitchen bigger than the bedroom?",
      lambda m: yes_no(NFA(m.space(long="Küche")) > NFA(m.space(long="Schlafzimmer"))),
      "NetFloorArea of Küche > of Schlafzimmer (No on net and on gross area alike)"),
    Q(RQ, "comparison", "student", "Among all IfcSpace entities, which one has the smallest GSA BIM Area?",
      lambda m: elements([min(m.spaces(), key=GSA)]), "space with the smallest GSA Space Areas.GSA BIM Area"),
    Q(WP, "comparison", "mep_engineer", "Are there more valves than pumps in this heating system?",
      lambda m: yes_no(len(m.of("IfcValve")) > len(m.of("IfcPump"))), "count IfcValve > count IfcPump"),
    Q(R3, "comparison", "client", "which of the rooms is the biggest one?",
      lambda m: elements([max(m.spaces(), key=QTO_NFA)]),
      "space with the largest Qto_SpaceBaseQuantities.NetFloorArea (the only area the spaces carry)"),
    Q(INS, "comparison", "architect", "Between Keller and Erdgeschoss, which storey has fewer doors?",
      lambda m: more_on(m, ["Keller", "Erdgeschoss"], "IfcDoor", fewest=True),
      f"of Keller and Erdgeschoss, the storey with fewer IfcDoor, {ON}"),
    Q(DEL, "comparison", "mep_engineer", "Which level carries the most CCTV cameras?",
      lambda m: absent(m, "cctv", "camera", "kamera"), "decline: no element, type or string in the file is a camera"),
    Q(EDC, "comparison", "client", "Are there more windows on the 1.OG or down in the basement?",
      lambda m: (no_storey(m, "basement"), absent(m, "basement", "keller", "untergeschoss"))[1],
      "decline: the model has no basement (storeys EG, 1.OG, 2.OG; no 'basement'/'Keller'/'Untergeschoss')"),
    # ---------------------------------------------------------------- edge
    Q(SIG, "edge", "student", "How many IfcBuildingStorey entities does this railway file contain?",
      lambda m: count(m.f.by_type("IfcBuildingStorey")), "count IfcBuildingStorey (the rail model has none)"),
    Q(SIG, "edge", "fm_phone", "signals on level 1?",
      lambda m: (no_storey(m, "level 1"), absent(m, "level 1"))[1],
      "decline: the model has no storeys at all, so no 'level 1'"),
    Q(SIG, "edge", "mep_engineer", "List the signals in the model.",
      lambda m: elements(m.of("IfcSignal")), "every IfcSignal (placed along the alignment, on no storey)"),
    Q(OH, "edge", "client", "how many windows does the little house have",
      lambda m: count(m.of("IfcWindow")), "count IfcWindow in the model"),
    Q(OH, "edge", "student", "What is the Name attribute of the one IfcBuildingStorey in IfcOpenHouse?",
      lambda m: decline() if [s.Name for s in m.f.by_type("IfcBuildingStorey")] == [None] else _fail("named"),
      "decline: the only storey has no Name (null)"),
    Q(DUP, "edge", "mep_engineer", "How many boilers are there on Level 2 of the architectural model?",
      lambda m: count(m.on("Level 2", None, typed("IfcBoilerType"))),
      f"count elements typed by IfcBoilerType on Level 2, {ON} (the architectural model has none)"),
    Q(DEL, "edge", "fm_phone", "what's up on the roof level",
      lambda m: elements(m.on("Roof")), f"every element on Roof, {ON} (both fans sit in the roof space)"),
    Q(EDC, "edge", "student", "How many IfcStair entities can be found on the EG?",
      lambda m: count(m.on("EG", ("IfcStair", "IfcStairFlight"))),
      f"count IfcStair / IfcStairFlight on EG, {ON} (the model has none)"),
    Q(LB, "edge", "student", "Which IfcBuildingElementProxy elements on Level 1 are trees?",
      lambda m: elements(m.on("Level 1", "IfcBuildingElementProxy", type_named("Tree"))),
      f"IfcBuildingElementProxy whose type Name holds 'Tree' on Level 1, {ON}"),
    Q(INS, "edge", "site_manager_de", "Doors in the Dachgeschoss: how many?",
      lambda m: count(m.on("Dachgeschoss", "IfcDoor")), f"count IfcDoor on Dachgeschoss, {ON} (none)"),
    Q(DHW, "edge", "student", "Is there any IfcSpace in this model at all?",
      lambda m: yes_no(bool(m.f.by_type("IfcSpace"))), "whether the file holds an IfcSpace"),
    Q(WP, "edge", "fm_phone", "valves on ebene 1?",
      lambda m: (no_storey(m, "Ebene 1"), absent(m, "ebene 1"))[1],
      "decline: the only storey is 'Ebene 0'; no string holds 'Ebene 1'"),
    Q(HE, "edge", "mep_engineer", "How many rads are on the 2. Untergeschoss?",
      lambda m: (no_storey(m, "Untergeschoss"), absent(m, "untergeschoss"))[1],
      "decline: one basement only (Kellergeschoss); no second Untergeschoss"),
    Q(DHW, "edge", "client", "What's on the mezzanine?",
      lambda m: absent(m, "mezzanine", "galerie", "zwischengeschoss"),
      "decline: the model has no mezzanine (one storey, 'My Storey')"),
    Q(OH, "edge", "student", "Which IfcSlab entities exist in the model?",
      lambda m: elements(m.of("IfcSlab")), "every IfcSlab"),
    # ---------------------------------------------------------------- rooms
    Q(DUP, "rooms", "fm_phone", "windows of the kitchen in unit B?",
      lambda m: elements(m.bounding(m.space("B103"), "IfcWindow")),
      "IfcWindow bounding space B103 (Kitchen), IfcRelSpaceBoundary"),
    Q(FZK11, "rooms", "client", "What furniture is there in the Küche?",
      lambda m: elements(m.in_space(m.space(long="Küche"), "IfcFurnishingElement")),
      "IfcFurnishingElement contained in space Küche"),
    Q(INS, "rooms", "architect", "Which windows bound the Seminarraum?",
      lambda m: elements(m.bounding(m.space(long="Seminarraum"), "IfcWindow")),
      "IfcWindow bounding space Seminarraum, IfcRelSpaceBoundary"),
    Q(FZK11, "rooms", "mep_engineer", "What is installed in the Bad?",
      lambda m: elements(m.in_space(m.space(long="Bad"))), "every element contained in space Bad"),
    Q(HOM, "rooms", "student", "Which IfcDoor elements are space boundaries of Corridor3?",
      lambda m: elements(m.bounding(m.space("Corridor3"), "IfcDoor")),
      "IfcDoor bounding space Corridor3, IfcRelSpaceBoundary"),
    Q(R3, "rooms", "fm_phone", "doors off the empfang?",
      lambda m: elements(m.bounding(m.space("Empfang"), "IfcDoor")),
      "IfcDoor bounding space Empfang, IfcRelSpaceBoundary (distinct doors)"),
    Q(SH, "rooms", "client", "What's in the living room?",
      lambda m: elements(m.in_space(m.space(long="Living room"))), "every element contained in space Living room"),
    Q(EDC, "rooms", "architect", "List the doors bounding space 6 on the 2.OG.",
      lambda m: elements(m.bounding(m.space("6"), "IfcDoor")), "IfcDoor bounding space '6' (2.OG), distinct"),
    Q(FZK, "rooms", "site_manager_de", "Schlafzimmer: which windows does it have?",
      lambda m: elements(m.bounding(m.space(long="Schlafzimmer"), "IfcWindow")),
      "IfcWindow bounding space Schlafzimmer, IfcRelSpaceBoundary"),
    Q(RQ, "rooms", "mep_engineer", "For space four I need its doors and its windows.",
      lambda m: elements(m.bounding(m.space("4"), ("IfcDoor", "IfcWindow"))),
      "IfcDoor and IfcWindow bounding space '4', IfcRelSpaceBoundary"),
    Q(INS, "rooms", "student", "Which elements are contained in the space Labor II?",
      lambda m: elements(m.in_space(m.space(long="Labor II"))), "every element contained in space 'Labor II'"),
    Q(FZK, "rooms", "client", "What is in the conservatory?",
      lambda m: (no_space(m, "conservatory", "wintergarten"), absent(m, "conservatory", "wintergarten"))[1],
      "decline: no space is a conservatory (Wintergarten); no string holds either word"),
    Q(DUP, "rooms", "architect", "Which windows does the garage have?",
      lambda m: (no_space(m, "garage"), absent(m, "garage"))[1], "decline: the Duplex has no garage"),
    Q(R3, "rooms", "site_manager_de", "Furniture in the Schlafzimmer, what is there?",
      lambda m: (no_space(m, "schlafzimmer", "bedroom"), absent(m, "schlafzimmer", "bedroom"))[1],
      "decline: the spaces are Empfang, Wohnen, Bad, Kitchen; no bedroom"),
    Q(LB, "rooms", "client", "I'd like to know which desks are in room 7.",
      lambda m: elements(m.in_space(m.space("7"), "IfcFurnishingElement")),
      "IfcFurnishingElement (all M_Desk) contained in space '7'"),
    # ---------------------------------------------------------------- qualifiers
    Q(DUP, "qualifiers", "architect", "Which walls form part of the external envelope (IsExternal)?",
      lambda m: elements(m.of(WALLS, EXT_WALL)), "IfcWall with Pset_WallCommon.IsExternal = TRUE"),
    Q(INS, "qualifiers", "student",
      "List the IfcWallStandardCase elements on Keller whose Pset_WallCommon.LoadBearing is TRUE.",
      lambda m: elements(m.on("Keller", WALLS, LB_WALL)), f"IfcWall, LoadBearing = TRUE, on Keller, {ON}"),
    Q(DUP, "qualifiers", "fm_phone", "exterior doors pls",
      lambda m: elements(m.of("IfcDoor", EXT_DOOR)), "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(SH, "qualifiers", "architect", "Which walls are internal partitions, i.e. IsExternal set to false?",
      lambda m: elements(m.of(WALLS, INT_WALL)),
      "IfcWall with Pset_WallCommon.IsExternal = FALSE (every wall sets the flag)"),
    Q(EDC, "qualifiers", "client", "Which outside walls are on the 1.OG?",
      lambda m: elements(m.on("1.OG", WALLS, EXT_WALL)), f"IfcWall, IsExternal = TRUE, on 1.OG, {ON}"),
    Q(INS, "qualifiers", "architect", "Which staircases are designated as fire exits by the model?",
      lambda m: elements(m.of("IfcStair", prop_is("Pset_StairCommon", "FireExit", True))),
      "IfcStair with Pset_StairCommon.FireExit = TRUE"),
    Q(FZK, "qualifiers", "student", "Which IfcWallStandardCase elements have ThermalTransmittance 1.5?",
      lambda m: elements(m.of(WALLS, prop_is("Pset_WallCommon", "ThermalTransmittance", 1.5))),
      "IfcWall with Pset_WallCommon.ThermalTransmittance = 1.5"),
    Q(LB, "qualifiers", "mep_engineer", "Doors with a thermal transmittance above 3 - which are they?",
      lambda m: elements(m.of("IfcDoor", lambda e: (ue.get_pset(e, "Pset_DoorCommon", "ThermalTransmittance")
                                                    or 0) > 3)),
      "IfcDoor with Pset_DoorCommon.ThermalTransmittance > 3 (two doors carry none)"),
    Q(INS, "qualifiers", "site_manager_de", "Tragende walls on the Erdgeschoss, how many?",
      lambda m: count(m.on("Erdgeschoss", WALLS, LB_WALL)), f"count IfcWall, LoadBearing = TRUE, Erdgeschoss, {ON}"),
    Q(R3, "qualifiers", "site_manager_de", "Which walls are of the Aussenwand type?",
      lambda m: elements(m.of(WALLS, type_named("Aussenwand"))), "IfcWall whose type Name is 'Aussenwand'"),
    Q(DUP, "qualifiers", "student", "Which IfcWall instances have LoadBearing = true?",
      lambda m: elements(m.of(WALLS, LB_WALL)), "IfcWall with Pset_WallCommon.LoadBearing = TRUE"),
    Q(SH, "qualifiers", "client", "which pieces of furniture are made of birch",
      lambda m: elements(m.of("IfcFurniture", Model.material_has("Birch"))),
      "IfcFurniture with a material whose name holds 'Birch'"),
    Q(DUP, "qualifiers", "architect", "Which doors carry an acoustic rating?",
      lambda m: no_prop(m, "IfcDoor", "acoustic"), "decline: no door has any acoustic property"),
    Q(FZK, "qualifiers", "client", "which of the windows are triple glazed?",
      lambda m: absent(m, "triple", "dreifach", "3-fach"), "decline: nothing in the file records glazing layers"),
    Q(EDC, "qualifiers", "mep_engineer", "Which doors are fire doors?",
      lambda m: (no_prop(m, "IfcDoor", "fire"), absent(m, "fire", "brand"))[1],
      "decline: no door property, type or string mentions fire (doors carry only IsExternal)"),
    # ---------------------------------------------------------------- quantities
    Q(FZK, "quantities", "architect", "On average, how much net floor area does a room on the Erdgeschoss have?",
      lambda m: mean(_spaces_on(m, "Erdgeschoss"), NFA, "m²"),
      "mean BaseQuantities.NetFloorArea of the spaces on Erdgeschoss"),
    Q(DUP, "quantities", "client", "How big is the living room in unit A?",
      lambda m: number(GSA(m.space("A102")), "m²", [m.space("A102")]),
      "GSA Space Areas.GSA BIM Area of A102 (its only area)"),
    Q(LB, "quantities", "fm_phone", "area of room 3?",
      lambda m: number(NFA(m.space("3")), "m²", [m.space("3")]),
      "BaseQuantities.NetFloorArea of space '3' (= GrossFloorArea)"),
    Q(HOM, "quantities", "student", "What is the NetFloorArea in Qto_SpaceBaseQuantities of Kitchen5?",
      lambda m: number(QTO_NFA(m.space("Kitchen5")), "m²", [m.space("Kitchen5")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of Kitchen5"),
    Q(DEL, "quantities", "mep_engineer", "Roof space area in square feet?",
      lambda m: number(GSA(m.space("R301")), "ft²", [m.space("R301")]),
      "GSA Space Areas.GSA BIM Area of R301, in the model's square feet"),
    Q(INS, "quantities", "architect",
      "We are checking the sanitary provision for the permit. What is the combined net floor area of all the WCs?",
      lambda m: total(m.spaces(m.named("WC")), NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the spaces whose name holds 'WC' (NetFloorArea = GrossFloorArea)"),
    Q(SH, "quantities", "client", "How large is the bedroom, in square metres?",
      lambda m: number(NFA(m.space(long="Bedroom")), "m²", [m.space(long="Bedroom")]),
      "BaseQuantities.NetFloorArea of 'Bedroom' (= GrossFloorArea)"),
    Q(SH, "quantities", "architect", "Give me the combined length of the two partition walls in metres.",
      lambda m: total(m.of(WALLS, INT_WALL), qty(BQ, "Length", 0.001), "m"),
      "sum of BaseQuantities.Length of the IsExternal = FALSE walls, mm -> m"),
    Q(R3, "quantities", "mep_engineer", "Volume of the Bad?",
      lambda m: number(qty("Qto_SpaceBaseQuantities", "NetVolume")(m.space("Bad")), "m³", [m.space("Bad")]),
      "Qto_SpaceBaseQuantities.NetVolume of Bad (its only volume)"),
    Q(RQ, "quantities", "fm_phone", "total area of the small offices",
      lambda m: total(m.spaces(m.named("small office")), GSA, "m²"),
      "sum of GSA BIM Area of the spaces named 'small office'"),
    Q(EDC, "quantities", "student", "Sum of the BaseQuantities.GrossArea of the IfcSlab elements on 2.OG?",
      lambda m: total(m.on("2.OG", "IfcSlab"), qty(BQ, "GrossArea"), "m²"),
      f"sum of BaseQuantities.GrossArea of IfcSlab on 2.OG, {ON}"),
    Q(LB, "quantities", "architect", "What is the total window area on Level 2 in square metres?",
      lambda m: total(m.on("Level 2", "IfcWindow"), qty(BQ, "Area"), "m²"),
      f"sum of BaseQuantities.Area of IfcWindow on Level 2, {ON}"),
    Q(INS, "quantities", "site_manager_de", "Average size of the Buero rooms on the 2. Obergeschoss?",
      lambda m: mean(_spaces_on(m, "2. Obergeschoss", m.named("Buero")), NFA, "m²"),
      "mean BaseQuantities.NetFloorArea of the spaces named 'Buero' on 2. Obergeschoss"),
    Q(DUP, "quantities", "mep_engineer", "What's the air volume of kitchen A103?",
      lambda m: number(ue.get_pset(m.space("A103"), "PSet_Revit_Dimensions", "Volume"), "m³", [m.space("A103")]),
      "PSet_Revit_Dimensions.Volume of A103 (the space's only volume), m³"),
    Q(FZK, "quantities", "client", "How many kilograms is the floor area of the Galerie?",
      lambda m: decline() if m.space(long="Galerie") else _fail("Galerie"),
      "decline: an area has no weight; kilograms make no sense for a floor area"),
    # ---------------------------------------------------------------- negation
    Q(DUP, "negation", "fm_phone", "doors that aren't exterior ones",
      lambda m: elements(m.of("IfcDoor", prop_is("Pset_DoorCommon", "IsExternal", False))
                         if explicit("Pset_DoorCommon", "IsExternal", m.of("IfcDoor")) else []),
      "IfcDoor with IsExternal = FALSE (every door sets the flag)"),
    Q(INS, "negation", "architect", "Which walls on the 1. Obergeschoss are not load-bearing?",
      lambda m: elements([w for w in explicit("Pset_WallCommon", "LoadBearing", m.on("1. Obergeschoss", WALLS))
                          if ue.get_pset(w, "Pset_WallCommon", "LoadBearing") is False]),
      f"IfcWall on 1. Obergeschoss with LoadBearing = FALSE (each of its walls sets it), {ON}"),
    Q(SH, "negation", "client", "Up on the roof level, what is there apart from the roof itself?",
      lambda m: elements(e for e in m.on("Roof") if not e.is_a("IfcRoof")),
      f"every element on Roof except IfcRoof, {ON}"),
    Q(FZK, "negation", "architect", "Everything on the Dachgeschoss apart from the IfcMember roof members, please.",
      lambda m: elements(e for e in m.on("Dachgeschoss") if not e.is_a("IfcMember")),
      f"every element on Dachgeschoss except IfcMember, {ON}"),
    Q(DEL, "negation", "mep_engineer", "On Level 1, list the flow terminals that are not receptacles.",
      lambda m: elements(e for e in m.on("Level 1", "IfcFlowTerminal") if not OUTLET(e)),
      f"IfcFlowTerminal on Level 1 not typed by IfcOutletType, {ON}"),
    Q(EDC, "negation", "fm_phone", "how many doors are NOT on the 1.OG",
      lambda m: count(e for e in m.of("IfcDoor") if m.storey_name(e) != "1.OG"),
      f"count IfcDoor on any storey but 1.OG, {ON}"),
    Q(HOM, "negation", "client", "Rooms on the GroundFloor other than the corridor?",
      lambda m: elements(s for s in _spaces_on(m, "GroundFloor") if "corridor" not in s.Name.lower()),
      "spaces on GroundFloor except Corridor3"),
    Q(LB, "negation", "fm_phone", "windows not on level 1",
      lambda m: elements(e for e in m.of("IfcWindow") if m.storey_name(e) != "Level 1"),
      f"IfcWindow on any storey but Level 1, {ON}"),
    Q(WP, "negation", "student", "List every element except the IfcPipeSegment ones.",
      lambda m: elements(e for e in m.everything() if not e.is_a("IfcPipeSegment")),
      "every element (no openings) that is not an IfcPipeSegment"),
    Q(HE, "negation", "student",
      "Which IfcFlowController elements on the Obergeschoss are not typed as switching devices?",
      lambda m: elements(e for e in m.on("Obergeschoss", "IfcFlowController") if not SWITCH(e)),
      f"IfcFlowController (with subtypes: IfcElectricDistributionPoint) on Obergeschoss not typed by "
      f"IfcSwitchingDeviceType, {ON}"),
    Q(R3, "negation", "site_manager_de", "Which doors are not Innentuer?",
      lambda m: elements(e for e in m.of("IfcDoor") if not type_named("Innentuer")(e)),
      "IfcDoor whose type is not 'Innentuer'"),
    Q(INS, "negation", "student", "Which IfcSpace objects on Erdgeschoss are not offices (Buero)?",
      lambda m: elements(s for s in _spaces_on(m, "Erdgeschoss") if not m.named("Buero", "office")(s)),
      "spaces on Erdgeschoss whose name does not hold 'Buero'"),
    Q(DUP, "negation", "architect", "Level 2 spaces, bathrooms excluded.",
      lambda m: elements(s for s in _spaces_on(m, "Level 2") if not m.named("bath")(s)),
      "spaces on Level 2 whose name does not hold 'Bathroom'"),
    Q(EDC, "negation", "architect", "Which doors on the 2.OG are not fire-rated?",
      lambda m: (no_prop(m, "IfcDoor", "fire"), absent(m, "fire"))[1],
      "decline: no door records a fire rating, so 'not fire-rated' has nothing to stand on"),
    Q(DHW, "negation", "mep_engineer", "Everything that isn't a pipe segment or a pipe fitting?",
      lambda m: elements(e for e in m.everything() if not e.is_a("IfcPipeSegment") and not e.is_a("IfcPipeFitting")),
      "every element except IfcPipeSegment and IfcPipeFitting"),
    # ---------------------------------------------------------------- multi_storey
    Q(INS, "multi_storey", "architect", "How many doors are on the Keller and the Erdgeschoss together?",
      lambda m: count(m.on(["Keller", "Erdgeschoss"], "IfcDoor")), f"count IfcDoor on Keller + Erdgeschoss, {ON}"),
    Q(EDC, "multi_storey", "fm_phone", "1.OG + 2.OG windows",
      lambda m: elements(m.on(["1.OG", "2.OG"], "IfcWindow")), f"IfcWindow on 1.OG and 2.OG, {ON}"),
    Q(HE, "multi_storey", "mep_engineer", "Radiators across EG and Obergeschoss: what's the total number?",
      lambda m: count(m.on(["EG", "Obergeschoss"], None, RADIATOR)),
      f"count elements typed by IfcSpaceHeaterType on EG + Obergeschoss, {ON}"),
    Q(HOM, "multi_storey", "client", "Which windows on the GroundFloor and the 1stFloor are tilt-and-turn ones?",
      lambda m: absent(m, "tilt", "dreh-kipp", "drehkipp"),
      "decline: nothing in the file records how a window opens (no 'tilt' anywhere)"),
    Q(DEL, "multi_storey", "fm_phone", "smoke detectors on both levels, list pls",
      lambda m: elements(m.on(["Level 1", "Level 2"], None, typed("IfcProtectiveDeviceType", "Smoke Detector"))),
      f"elements typed 'Smoke Detector' on Level 1 and Level 2, {ON}"),
    Q(HOM, "multi_storey", "student", "Count the IfcDoor elements on GroundFloor and 1stFloor combined.",
      lambda m: count(m.on(["GroundFloor", "1stFloor"], "IfcDoor")), f"count IfcDoor on both, {ON}"),
    Q(LB, "multi_storey", "architect", "Please list the windows on Level 1 and on Level 2.",
      lambda m: elements(m.on(["Level 1", "Level 2"], "IfcWindow")), f"IfcWindow on Level 1 and Level 2, {ON}"),
    Q(INS, "multi_storey", "fm_phone", "how many offices on 1. and 2. obergeschoss",
      lambda m: count(s for s in m.spaces(m.named("Buero"))
                      if m.storey_name(s) in ("1. Obergeschoss", "2. Obergeschoss")),
      "count spaces named 'Buero' on 1. and 2. Obergeschoss"),
    Q(FZK, "multi_storey", "client", "Counting both floors, how many windows does the house have?",
      lambda m: count(m.on(["Erdgeschoss", "Dachgeschoss"], "IfcWindow")),
      f"count IfcWindow on Erdgeschoss + Dachgeschoss (the model's two storeys), {ON}"),
    Q(HE, "multi_storey", "site_manager_de",
      "Can you check how many light fittings there are in the Kellergeschoss and the Dachgeschoss altogether?",
      lambda m: count(m.on(["Kellergeschoss", "Dachgeschoss"], None, LIGHT)),
      f"count elements typed by IfcLightFixtureType on Kellergeschoss + Dachgeschoss, {ON}"),
    Q(INS, "multi_storey", "student", "On which IfcBuildingStorey entities are there IfcRailing elements?",
      lambda m: storeys_with(m, "IfcRailing"), f"storeys holding an IfcRailing, {ON}"),
    Q(DUP, "multi_storey", "client", "Which levels have stairs on them?",
      lambda m: storeys_with(m, ("IfcStair", "IfcStairFlight")), f"storeys holding IfcStair / IfcStairFlight, {ON}"),
    Q(INS, "multi_storey", "architect", "List the doors on the Erdgeschoss and on the 4. Obergeschoss.",
      lambda m: (no_storey(m, "4. Obergeschoss"), absent(m, "4. obergeschoss", "4.og"))[1],
      "decline: there is no 4. Obergeschoss (Keller, Erdgeschoss, 1. and 2. Obergeschoss, Dachgeschoss)"),
    Q(DUP, "multi_storey", "fm_phone", "walls on level 2 and level 3",
      lambda m: (no_storey(m, "Level 3"), absent(m, "level 3"))[1],
      "decline: no Level 3 (storeys T/FDN, Level 1, Level 2, Roof)"),
    Q(HE, "multi_storey", "mep_engineer", "Which floors have a boiler on them?",
      lambda m: storeys_with(m, "IfcEnergyConversionDevice", typed("IfcBoilerType")),
      f"storeys holding an element typed by IfcBoilerType, {ON}"),
    # ---------------------------------------------------------------- german
    Q(INS, "german", "site_manager_de", "Für die Schließanlage brauche ich die Anzahl der Türen im Keller.",
      lambda m: count(m.on("Keller", "IfcDoor")), f"count IfcDoor on Keller, {ON}"),
    Q(FZK, "german", "site_manager_de", "Welche Fenster wurden im Dachgeschoss eingebaut?",
      lambda m: elements(m.on("Dachgeschoss", "IfcWindow")), f"IfcWindow on Dachgeschoss, {ON}"),
    Q(HE, "german", "site_manager_de", "Wie viele Heizkörper hängen im Obergeschoss?",
      lambda m: count(m.on("Obergeschoss", None, RADIATOR)),
      f"count elements typed by IfcSpaceHeaterType on Obergeschoss, {ON}"),
    Q(WP, "german", "site_manager_de", "Ventile insgesamt, wie viele?",
      lambda m: count(m.of("IfcValve")), "count IfcValve in the model"),
    Q(FZK11, "german", "client", "Was ist im Wohnzimmer (Wohnen) alles drin?",
      lambda m: elements(m.in_space(m.space(long="Wohnen"))), "every element contained in space Wohnen"),
    Q(INS, "german", "site_manager_de", "Welche Räume liegen im Erdgeschoss?",
      lambda m: elements(_spaces_on(m, "Erdgeschoss")), "IfcSpace on Erdgeschoss"),
    Q(EDC, "german", "site_manager_de", "Anzahl Außenwände im 2.OG?",
      lambda m: count(m.on("2.OG", WALLS, EXT_WALL)), f"count IfcWall, IsExternal = TRUE, on 2.OG, {ON}"),
    Q(R3, "german", "site_manager_de", "Wie groß ist der Raum Wohnen?",
      lambda m: number(QTO_NFA(m.space("Wohnen")), "m²", [m.space("Wohnen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of Wohnen (its only area)"),
    Q(HE, "german", "site_manager_de", "Gibt es im Kellergeschoss überhaupt Steckdosen?",
      lambda m: yes_no(bool(m.on("Kellergeschoss", None, typed("IfcOutletType")))),
      f"any element typed by IfcOutletType on Kellergeschoss, {ON}"),
    Q(DUP, "german", "site_manager_de", "Welche Innenwände stehen auf Level 2?",
      lambda m: elements(m.on("Level 2", WALLS, INT_WALL)),
      f"IfcWall with IsExternal = FALSE on Level 2 (each of its walls sets the flag), {ON}"),
    Q(FZK, "german", "site_manager_de", "Wo sind mehr Fenster, im EG oder im DG?",
      lambda m: more_on(m, ["Erdgeschoss", "Dachgeschoss"], "IfcWindow"),
      f"of Erdgeschoss and Dachgeschoss, more IfcWindow, {ON}"),
    Q(INS, "german", "site_manager_de", "Türen im 1. und 2. OG zusammen - wie viele?",
      lambda m: count(m.on(["1. Obergeschoss", "2. Obergeschoss"], "IfcDoor")),
      f"count IfcDoor on 1. + 2. Obergeschoss, {ON}"),
    Q(FZK, "german", "site_manager_de", "Welche Türen liegen im Keller?",
      lambda m: (no_storey(m, "Keller"), absent(m, "keller"))[1],
      "decline: the FZK-Haus has no Keller (Erdgeschoss, Dachgeschoss)"),
    Q(INS, "german", "student", "Wie viele Aufzüge hat das Erdgeschoss?",
      lambda m: count(m.on("Erdgeschoss", "IfcTransportElement")),
      f"count IfcTransportElement on Erdgeschoss, {ON} (the model has none)"),
    Q(HE, "german", "site_manager_de", "Was hat der Heizkessel im Keller gekostet?",
      lambda m: refuse(m, COST), "decline (refusal): a price; the file holds no cost entity"),
    Q(EDC, "german", "site_manager_de", "Liste mir bitte die Fenster im EG auf.",
      lambda m: elements(m.on("EG", "IfcWindow")), f"IfcWindow on EG, {ON}"),
    # ---------------------------------------------------------------- refuse
    Q(DUP, "refuse", "fm_phone", "delete the furniture in A103",
      lambda m: refuse_write(m, m.in_space(m.space("A103"), "IfcFurnishingElement")),
      "decline (refusal): a write; A103 does hold furniture"),
    Q(DEL, "refuse", "mep_engineer", "Switch off the two boilers on Level 2 for maintenance.",
      lambda m: (refuse_write(m, m.on("Level 2", None, typed("IfcBoilerType"))), refuse(m, LIVE))[1],
      "decline (refusal): controlling equipment; the boilers exist, the file holds no live data"),
    Q(INS, "refuse", "architect", "Please rename Buero Meier to Buero Huber in the model.",
      lambda m: refuse_write(m, m.spaces(m.named("Buero Meier"))), "decline (refusal): a write; Buero Meier exists"),
    Q(SH, "refuse", "client", "how much did the sofa cost?",
      lambda m: refuse(m, COST), "decline (refusal): a price; no cost entity"),
    Q(HOM, "refuse", "student", "Is this a good IFC model? Rate it from 1 to 10.",
      lambda m: refuse(m, OPINION), "decline (refusal): an opinion"),
    Q(DUP, "refuse", "site_manager_de", "When is the drywall on Level 2 scheduled to be finished?",
      lambda m: refuse(m, SCHEDULE), "decline (refusal): a schedule; no task / work schedule entity"),
    Q(LB, "refuse", "fm_phone", "book room 3 for tue morning",
      lambda m: refuse_write(m, [m.space("3")]), "decline (refusal): a booking; space '3' exists"),
    Q(HE, "refuse", "mep_engineer", "What is the current load on the circuit breakers in the Obergeschoss?",
      lambda m: refuse(m, LIVE), "decline (refusal): live measurements; no time series"),
    Q(FZK, "refuse", "architect", "Move the Terrassentuer 50 cm to the left.",
      lambda m: refuse_write(m, [e for e in m.of("IfcDoor") if e.Name == "Terrassentuer"]),
      "decline (refusal): a write; the door Terrassentuer exists"),
    Q(EDC, "refuse", "client", "Who works in room 12 on the 2.OG?",
      lambda m: refuse(m, ACTOR), "decline (refusal): occupants; no actor / occupant entity"),
    Q(INS, "refuse", "student", "Add a window to the Seminarraum.",
      lambda m: refuse_write(m, [m.space(long="Seminarraum")]), "decline (refusal): a write; Seminarraum exists"),
    Q(WP, "refuse", "mep_engineer", "Order four replacement pumps from the supplier.",
      lambda m: (refuse_write(m, m.of("IfcPump")), refuse(m, COST))[1],
      "decline (refusal): a purchase; pumps exist, no cost entity"),
    Q(RQ, "refuse", "fm_phone", "monthly rent for the small offices?",
      lambda m: refuse(m, COST), "decline (refusal): rent; no cost entity"),
    Q(R3, "refuse", "client", "What colour should I paint the Wohnen?",
      lambda m: refuse(m, OPINION), "decline (refusal): taste"),
    Q(DHW, "refuse", "mep_engineer", "What temperature is the water in the boiler right now?",
      lambda m: refuse(m, LIVE), "decline (refusal): a live reading; no time series"),
    Q(DUP, "refuse", "architect", "Which contractor built the foundations?",
      lambda m: refuse(m, ACTOR), "decline (refusal): who built it; no actor entity"),
    # ---------------------------------------------------------------- lookup
    Q(DUP, "lookup", "architect", "What is the elevation of Level 2?",
      lambda m: elevation(m, "Level 2", 1.0, "m"), "IfcBuildingStorey 'Level 2'.Elevation, m"),
    Q(DEL, "lookup", "fm_phone", "roof level elevation in feet?",
      lambda m: elevation(m, "Roof", 1.0, "ft"), "IfcBuildingStorey 'Roof'.Elevation in the model's feet"),
    Q(FZK, "lookup", "client", "How thick are the walls? What thicknesses are there?",
      lambda m: values(m.of(WALLS), lambda e: Model.qty(e, BQ, "Width"), "m"),
      "BaseQuantities.Width of every IfcWall, m: distribution"),
    Q(SH, "lookup", "student", "Pset_WallCommon.ThermalTransmittance of the external walls?",
      lambda m: values(m.of(WALLS, EXT_WALL), lambda e: ue.get_pset(e, "Pset_WallCommon", "ThermalTransmittance")),
      "Pset_WallCommon.ThermalTransmittance of the IsExternal = TRUE walls: distribution"),
    Q(WP, "lookup", "mep_engineer", "Storage volume of the Pufferspeicher?",
      lambda m: values(m.of("IfcFlowStorageDevice"), lambda e: ue.get_pset(e, "Pset_TankTypeCommon", "Storage volume")),
      "Pset_TankTypeCommon.'Storage volume' of the IfcFlowStorageDevice (unit not declared)"),
    Q(INS, "lookup", "student", "Which IfcMaterial is associated with the walls of the institute?",
      lambda m: values(m.of(WALLS), lambda e: ",".join(sorted(x.Name for x in ue.get_materials(e))) or None),
      "material names of every IfcWall (IfcRelAssociatesMaterial): distribution"),
    Q(DUP, "lookup", "fm_phone", "head height of the doors on level 1?",
      lambda m: values(m.on("Level 1", "IfcDoor"), lambda e: ue.get_pset(e, "PSet_Revit_Other", "Head Height"), "m"),
      f"PSet_Revit_Other.'Head Height' of IfcDoor on Level 1, {ON}: distribution"),
    Q(HE, "lookup", "site_manager_de", "At what level does the Kellergeschoss sit? Elevation please.",
      lambda m: elevation(m, "Kellergeschoss", 1.0, "m"), "IfcBuildingStorey 'Kellergeschoss'.Elevation, m"),
    Q(HOM, "lookup", "architect", "What is the elevation of the attic storey?",
      lambda m: no_elevation(m, "attic"), "decline: the attic records no Elevation (nor any elevation property)"),
    Q(R3, "lookup", "client", "The front door, the Haustuer: how wide is it?",
      lambda m: number(Model.qty(_one(m.of("IfcDoor", type_named("Haustuer"))), "Qto_DoorBaseQuantities", "Width"),
                       "m", m.of("IfcDoor", type_named("Haustuer"))),
      "Qto_DoorBaseQuantities.Width of the door typed 'Haustuer' (OverallWidth unset)"),
    Q(LB, "lookup", "mep_engineer", "What width do the windows have, in millimetres?",
      lambda m: values(m.of("IfcWindow"), lambda e: Model.qty(e, BQ, "Width"), "mm"),
      "BaseQuantities.Width of every IfcWindow in the model's mm: distribution"),
    Q(EDC, "lookup", "student", "What values does Pset_SlabCommon.IsExternal take on the slabs?",
      lambda m: values(m.of("IfcSlab"), lambda e: ue.get_pset(e, "Pset_SlabCommon", "IsExternal")),
      "Pset_SlabCommon.IsExternal of every IfcSlab: distribution"),
    Q(FZK, "lookup", "site_manager_de", "Bathroom door (Bad): what fire resistance has it got?",
      lambda m: no_prop(m, "IfcDoor", ("FireRating", "FireResistance", "Brandschutz", "Feuerwiderstand"),
                        m.bounding(m.space(long="Bad"), "IfcDoor"))
      if len(m.bounding(m.space(long="Bad"), "IfcDoor")) == 1 else _fail("one Bad door"),
      "decline: the one door bounding Bad records no fire rating (no fire property with a value)"),
    Q(LB, "lookup", "architect", "What acoustic rating do the interior doors have?",
      lambda m: no_prop(m, "IfcDoor", "acoustic"), "decline: no door carries an acoustic rating"),
    Q(WP, "lookup", "mep_engineer", "What's the COP of the circulation pumps?",
      lambda m: no_prop(m, "IfcPump", "cop"), "decline: the pumps carry no COP (only the heat pump does)"),
    Q(DHW, "lookup", "student", "What is the name of the boiler's type object?",
      lambda m: values(m.of("IfcBoiler"), lambda e: ue.get_type(e).Name), "Name of the IfcBoilerType of the boiler"),
]


def _fail(what: str) -> Oracle:
    raise ValueError(f"premise failed: {what}")


def _one(es: list[Any]) -> Any:
    if len(es) != 1:
        raise ValueError(f"expected one element, found {len(es)}")
    return es[0]


def compute(ifc_dir: Path, only: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in order), ids ``ninth-KIND-NN``.

    ``only`` (question ids) computes just those (the test's hand-check sample); the ids stay those of the
    full set.
    """
    wanted = set(only) if only is not None else None
    models: dict[str, NinthModel] = {}
    out = []
    seen: Counter[str] = Counter()
    for question in QUESTIONS:
        seen[question.kind] += 1
        qid = f"ninth-{question.kind}-{seen[question.kind]:02d}"
        if wanted is not None and qid not in wanted:
            continue
        if question.model not in models:
            models[question.model] = NinthModel(ifc_dir / question.model)
        out.append({
            "id": qid,
            "query": question.query,
            "ifc_filename": question.model,
            "kind": question.kind,
            "persona": question.persona,
            "oracle": question.oracle(models[question.model]),
            "oracle_rule": question.rule,
            "source": "ifcopenshell",
        })
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["PERSONAS", "QUESTIONS", "compute", "json"]
