"""Issue 22's seventh blind question set (a held-out number): each oracle computed with plain IfcOpenShell.

    python bench/spatial/people_seventh_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Written blind: without reading the spatial parser, its data files, the questions of any earlier set, or running
any ifcqa spatial code on these questions (bench/spatial/README.md, "people_seventh.json", says what was read).
Every oracle is a small function of the model opened with ``ifcopenshell.open``, through the ``Model`` walks and
oracle builders of ``people_oracles.py`` (storey-deep containment, spaces, bounding elements, psets, types,
materials, units) plus the helpers below: ``values`` (a lookup's distribution) and the decline premises
(``no_storey``, ``absent``, ``no_prop``, ``no_space``, ``refuse``): each decline asserts in code that the part of
the question the model cannot ground really is absent, and raises ``ValueError`` when the model holds it.
``--check`` writes nothing and exits 1 when the committed JSON differs from a fresh computation.
"""

from __future__ import annotations

import math
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402  (the shared helpers live beside this script)
    STOREY_DEEP,
    Model,
    Oracle,
    Q,
    _guids,
    compute_set,
    count,
    decline,
    dumps,
    elements,
    number,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_seventh.json"
__all__ = ["QUESTIONS", "compute", "dumps", "main"]

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK2 = "AC11-FZK-Haus-IFC.ifc"
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

WALL = ("IfcWall",)
SPACE_IN = "in room X = contained in the space (IfcRelContainedInSpatialStructure)"
BOUNDS = "the doors / walls / windows of room X = building elements of its IfcRelSpaceBoundary relationships"

# --- premises of the declines ---------------------------------------------------------------------------

COST = ("IfcCostItem", "IfcCostSchedule", "IfcCostValue")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar")
LIVE = ("IfcTimeSeries", "IfcPerformanceHistory", "IfcRegularTimeSeries", "IfcIrregularTimeSeries")
_TEXT: dict[int, str] = {}


def _text(m: Model) -> str:
    """The file's text, casefolded, with every GlobalId blanked (a GlobalId's letters are no word of the model)."""
    key = id(m.f)
    if key not in _TEXT:
        ids = {e.GlobalId for e in m.f.by_type("IfcRoot")}
        text = re.sub(r"\('([0-9A-Za-z_$]{22})'",
                      lambda g: "(''" if g.group(1) in ids else g.group(0), m.f.to_string())
        _TEXT[key] = text.casefold()
    return _TEXT[key]


def no_storey(m: Model, name: str) -> Oracle:
    """Decline: no storey's Name or LongName is (or holds) ``name``."""
    want = name.casefold()
    for s in m.f.by_type("IfcBuildingStorey"):
        for text in (s.Name, getattr(s, "LongName", None)):
            if text and want in text.casefold():
                raise ValueError(f"storey {name!r} exists: {s.Name!r}")
    return decline()


def no_storeys_at_all(m: Model, classes: str) -> Oracle:
    """Decline: the model has no IfcBuildingStorey, though it holds ``classes`` (so "which floor" has no answer)."""
    if m.storey_names():
        raise ValueError(f"the model has storeys: {m.storey_names()}")
    nonempty(m.of(classes))
    return decline()


def absent(m: Model, *words: str) -> Oracle:
    """Decline: none of ``words`` occurs anywhere in the file's text (names, properties, types, materials)."""
    for word in words:
        if word.casefold() in _text(m):
            raise ValueError(f"{word!r} occurs in the model: the question's word is grounded")
    return decline()


def no_space(m: Model, *words: str) -> Oracle:
    """Decline: no space's Name or LongName holds any of ``words``, and no word occurs in the file at all."""
    found = m.spaces(m.named(*words))
    if found:
        raise ValueError(f"spaces named {words!r} exist: {[s.Name for s in found]}")
    return absent(m, *words)


def _has_value(v: Any) -> bool:
    return v is not None and v != "" and v != []


def no_prop(m: Model, classes: str | tuple[str, ...], *names: str) -> Oracle:
    """Decline: no element of ``classes`` (nor its type) holds a property or quantity named ``names`` with a value."""
    es = m.of(classes)
    if not es:
        raise ValueError(f"no {classes}: the premise would be empty")
    low = {n.casefold() for n in names}
    for e in es:
        for pset in ue.get_psets(e).values():
            for key, value in pset.items():
                if key.casefold() in low and _has_value(value):
                    raise ValueError(f"{e.is_a()} {e.GlobalId} holds {key} = {value!r}")
    return decline()


def refuse(m: Model, kind: tuple[str, ...] | None, target: Iterable[Any] = ()) -> Oracle:
    """Decline: a refusal. ``kind`` lists the entities that would ground the request (cost, schedule, live data):
    the model must hold none; ``target``, for writes and opinions, is what the request is about: it must exist
    (so only the request itself makes it a refusal)."""
    for name in kind or ():
        if m.by_type(name):
            raise ValueError(f"the model holds {name}: the request is answerable from the file")
    if kind is None and not list(target):
        raise ValueError("the target of the write / opinion does not exist: the question would be a plain decline")
    return decline()


# --- oracle helpers --------------------------------------------------------------------------------------

def values(es: Iterable[Any], key: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup's distribution: each distinct value with how many of ``es`` hold it."""
    es = list(es)
    if not es:
        raise ValueError("a lookup over no elements")
    dist = Counter(key(e) for e in es)
    rows = [[v, n] for v, n in sorted(dist.items(), key=lambda kv: str(kv[0]))]
    return {"type": "values", "value": rows, "unit": unit, "guids": _guids(es)}


def scale(m: Model) -> float:
    """Metres per unit of the file's length unit."""
    return float(uu.calculate_unit_scale(m.f))


def qty(qset: str, name: str, factor: float = 1.0) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name) * factor


def prop(pset: str, name: str) -> Callable[[Any], Any]:
    return lambda e: Model.prop(e, pset, name)


def is_(pset: str, name: str, value: bool) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) is value


def nonempty(es: list[Any]) -> list[Any]:
    if not es:
        raise ValueError("empty where the question presumes elements")
    return es


def only(es: list[Any]) -> Any:
    if len(es) != 1:
        raise ValueError(f"{len(es)} found where one is meant")
    return es[0]


def sum_of(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    return number(sum(key(e) for e in nonempty(es)), unit, es)


def mean_of(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    return number(statistics.fmean(key(e) for e in nonempty(es)), unit, es)


def winner(es: list[Any], key: Callable[[Any], float], smallest: bool = False) -> Oracle:
    """The one element with the largest (smallest) ``key``; a tie is an error (the question would be ambiguous)."""
    vals = sorted(((key(e), e) for e in nonempty(es)), key=lambda ve: ve[0], reverse=not smallest)
    if len(vals) > 1 and math.isclose(vals[0][0], vals[1][0], rel_tol=1e-6):
        raise ValueError(f"tie for the extreme: {vals[0][0]} / {vals[1][0]}")
    return elements([vals[0][1]])


def most(m: Model, groups: dict[str, list[Any]], fewest: bool = False) -> Oracle:
    sizes = {k: len(v) for k, v in groups.items()}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def per(m: Model, names: Iterable[str], classes: str | tuple[str, ...] | None,
        where: Callable[[Any], bool] | None = None) -> dict[str, list[Any]]:
    return {n: m.on(n, classes, where) for n in names}


def space_area(m: Model, space: Any, qset: str = "BaseQuantities", name: str = "NetFloorArea") -> float:
    return Model.qty(space, qset, name)


def elevation_m(m: Model, storey: str) -> Oracle:
    s = m.storey(storey)
    if s.Elevation is None:
        raise ValueError(f"{storey} has no Elevation")
    return number(float(s.Elevation) * scale(m), "m", [s])


# IFC2X3 MEP devices are identified by their type object's class
RADIATOR = Model.typed("IfcSpaceHeaterType")
OUTLET = Model.typed("IfcOutletType")
LIGHT = Model.typed("IfcLightFixtureType")
BOILER = Model.typed("IfcBoilerType")
SMOKE = Model.type_name_has("Smoke Detector")


def on_storey(classes: str, storey: str, extra: str = "") -> str:
    return f"{classes} on {storey}{extra}, {STOREY_DEEP}"


# --- the questions ------------------------------------------------------------------------------------------

QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- storey_class
    Q(HOM, "storey_class", "GroundFloor windows - list pls",
      lambda m: elements(nonempty(m.on("GroundFloor", "IfcWindow"))), on_storey("IfcWindow", "GroundFloor")),
    Q(EDC, "storey_class",
      "Ticket 7781: the locks on the second upper floor (2.OG) are being swapped. I need every door up there.",
      lambda m: elements(nonempty(m.on("2.OG", "IfcDoor"))), on_storey("IfcDoor", "2.OG")),
    Q(INS, "storey_class", "Our mason asks what walls we have down in the Keller. Please list them.",
      lambda m: elements(nonempty(m.on("Keller", WALL))), on_storey("IfcWall (with subtypes)", "Keller")),
    Q(DUP, "storey_class",
      "Hi all, for the drywall bid we need the ceiling coverings on Level 2. Could you list them? Thanks, Marta",
      lambda m: elements(nonempty(m.on("Level 2", "IfcCovering"))), on_storey("IfcCovering", "Level 2")),
    Q(HE, "storey_class", "radiators Obergeschoss?",
      lambda m: elements(nonempty(m.on("Obergeschoss", None, RADIATOR))),
      on_storey("elements typed by IfcSpaceHeaterType", "Obergeschoss")),
    Q(DEL, "storey_class", "Fire inspection next week - can you check which smoke detectors are installed on Level 2?",
      lambda m: elements(nonempty(m.on("Level 2", None, SMOKE))),
      on_storey("elements whose type name holds 'Smoke Detector' (IfcProtectiveDeviceType)", "Level 2")),
    Q(FZK, "storey_class", "show me the Dachgeschoss windows",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcWindow"))), on_storey("IfcWindow", "Dachgeschoss")),
    Q(LB, "storey_class", "doors level 1 how many",
      lambda m: count(nonempty(m.on("Level 1", "IfcDoor"))), "count of " + on_storey("IfcDoor", "Level 1")),
    Q(SH, "storey_class", "The client wants an inventory of the furniture on the Ground Floor, can you pull it?",
      lambda m: elements(nonempty(m.on("Ground Floor", "IfcFurnishingElement"))),
      on_storey("IfcFurnishingElement (IfcFurniture)", "Ground Floor")),
    Q(WP, "storey_class", "pumps that are installed on Ebene 0, which ones are they",
      lambda m: elements(nonempty(m.on("Ebene 0", "IfcPump"))), on_storey("IfcPump", "Ebene 0")),
    Q(DHW, "storey_class", "pipe segments on My Storey",
      lambda m: elements(nonempty(m.on("My Storey", "IfcPipeSegment"))), on_storey("IfcPipeSegment", "My Storey")),
    Q(R3, "storey_class", "is there any air terminal on My Storey? if so which",
      lambda m: elements(nonempty(m.on("My Storey", "IfcAirTerminal"))), on_storey("IfcAirTerminal", "My Storey")),
    Q(FZK2, "storey_class", "Please list the beams that are on the Dachgeschoss.",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcBeam"))), on_storey("IfcBeam", "Dachgeschoss")),
    Q(INS, "storey_class", ("how many staircases are there on the 2. Obergeschoss? "
                            "the plan shows one, I want to be sure"),
      lambda m: count(nonempty(m.on("2. Obergeschoss", "IfcStair"))),
      "count of " + on_storey("IfcStair", "2. Obergeschoss")),
    Q(DUP, "storey_class", "footings at T/FDN, all of them",
      lambda m: elements(nonempty(m.on("T/FDN", "IfcFooting"))), on_storey("IfcFooting", "T/FDN")),
    Q(LB, "storey_class", "which doors are on the mezzanine?",
      lambda m: (no_storey(m, "mezzanine"), absent(m, "mezzanine"))[-1],
      "decline: the model has no mezzanine (Level 1, Level 2); the word occurs nowhere"),
    Q(HE, "storey_class", ("Electrician here. Before I start in the Kellergeschoss: how many outlets of any kind "
                           "(power, data, TV) are down there?"),
      lambda m: count(nonempty(m.on("Kellergeschoss", None, OUTLET))),
      "count of " + on_storey("elements typed by IfcOutletType (every PredefinedType)", "Kellergeschoss")),
    # ---------------------------------------------------------------- comparison
    Q(INS, "comparison", "which floor has more doors, Keller or Erdgeschoss?",
      lambda m: most(m, per(m, ["Keller", "Erdgeschoss"], "IfcDoor")),
      "the storey of the two with more IfcDoor, " + STOREY_DEEP),
    Q(EDC, "comparison", "On which storey are the most doors to be found?",
      lambda m: most(m, per(m, m.storey_names(), "IfcDoor")), "storey with the most IfcDoor, " + STOREY_DEEP),
    Q(DUP, "comparison", "Level 1 vs Level 2: where are there more windows?",
      lambda m: most(m, per(m, ["Level 1", "Level 2"], "IfcWindow")),
      "the storey of the two with more IfcWindow, " + STOREY_DEEP),
    Q(HE, "comparison", "For the lighting audit, tell me which storey holds the largest number of light fittings.",
      lambda m: most(m, per(m, m.storey_names(), None, LIGHT)),
      "storey with the most elements typed by IfcLightFixtureType, " + STOREY_DEEP),
    Q(HOM, "comparison", "which floor has fewer windows, GroundFloor or 1stFloor",
      lambda m: most(m, per(m, ["GroundFloor", "1stFloor"], "IfcWindow"), fewest=True),
      "the storey of the two with fewer IfcWindow, " + STOREY_DEEP),
    Q(FZK, "comparison", "Are there more windows on the Erdgeschoss than on the Dachgeschoss?",
      lambda m: yes_no(len(m.on("Erdgeschoss", "IfcWindow")) > len(m.on("Dachgeschoss", "IfcWindow"))),
      "IfcWindow count Erdgeschoss > Dachgeschoss, " + STOREY_DEEP),
    Q(LB, "comparison", "quick check: level two has more windows than level one, right?",
      lambda m: yes_no(len(m.on("Level 2", "IfcWindow")) > len(m.on("Level 1", "IfcWindow"))),
      "IfcWindow count Level 2 > Level 1, " + STOREY_DEEP),
    Q(INS, "comparison", "Keller meeting rooms: which is bigger by net floor area, Besprechungsraum I or II?",
      lambda m: winner([m.space("001"), m.space("002")], lambda s: space_area(m, s)),
      "the space (001 Besprechungsraum I / 002 Besprechungsraum II) with the larger BaseQuantities.NetFloorArea"),
    Q(DEL, "comparison", "Comparing Level 1 and Level 2, which one has the higher number of duplex receptacles?",
      lambda m: most(m, per(m, ["Level 1", "Level 2"], None, OUTLET)),
      "the storey of the two with more elements typed by IfcOutletType, " + STOREY_DEEP),
    Q(EDC, "comparison", "Does EG have more windows than 2.OG?",
      lambda m: yes_no(len(m.on("EG", "IfcWindow")) > len(m.on("2.OG", "IfcWindow"))),
      "IfcWindow count EG > 2.OG (equal counts: no), " + STOREY_DEEP),
    Q(FZK2, "comparison", "where is more furniture, on the Erdgeschoss or up in the Dachgeschoss",
      lambda m: most(m, per(m, ["Erdgeschoss", "Dachgeschoss"], "IfcFurnishingElement")),
      "the storey of the two with more IfcFurnishingElement, " + STOREY_DEEP),
    Q(R3, "comparison", "Which room is larger, the Bad or the Kitchen?",
      lambda m: winner([m.space("Bad"), m.space("Kitchen")], qty("Qto_SpaceBaseQuantities", "NetFloorArea")),
      "the space (Bad / Kitchen) with the larger Qto_SpaceBaseQuantities.NetFloorArea"),
    Q(WP, "comparison", "are there more valves than pumps in this system?",
      lambda m: yes_no(len(nonempty(m.of("IfcValve"))) > len(nonempty(m.of("IfcPump")))),
      "count IfcValve > count IfcPump (whole model)"),
    Q(HE, "comparison", "Does the Kellergeschoss have more than ten light fittings?",
      lambda m: yes_no(len(m.on("Kellergeschoss", None, LIGHT)) > 10),
      "count of elements typed by IfcLightFixtureType on Kellergeschoss > 10, " + STOREY_DEEP),
    Q(INS, "comparison", "Is the door count on 1. Obergeschoss higher than on 2. Obergeschoss?",
      lambda m: yes_no(len(m.on("1. Obergeschoss", "IfcDoor")) > len(m.on("2. Obergeschoss", "IfcDoor"))),
      "IfcDoor count 1. Obergeschoss > 2. Obergeschoss, " + STOREY_DEEP),
    Q(HOM, "comparison", "which storey has the most dormer windows?",
      lambda m: absent(m, "dormer", "gaube"),
      "decline: no element, type or property of the model holds 'dormer' (the word occurs nowhere in the file)"),
    Q(SH, "comparison", "Ground Floor or Roof - which level has more doors?",
      lambda m: most(m, per(m, ["Ground Floor", "Roof"], "IfcDoor")),
      "the storey of the two with more IfcDoor, " + STOREY_DEEP),
    # ---------------------------------------------------------------- edge
    Q(SH, "edge", "How many IfcBoiler are there on the Ground Floor?",
      lambda m: count(m.on("Ground Floor", "IfcBoiler")),
      "count of " + on_storey("IfcBoiler", "Ground Floor") + " (the model holds none: 0)"),
    Q(HOM, "edge", "doors in the basement?",
      lambda m: (no_storey(m, "basement"), no_storey(m, "keller"), absent(m, "basement"))[-1],
      "decline: the model has no basement storey (GroundFloor, 1stFloor, attic) and no 'basement' anywhere"),
    Q(EDC, "edge", "windows on 3.OG",
      lambda m: no_storey(m, "3.OG"), "decline: the model has no storey 3.OG (EG, 1.OG, 2.OG)"),
    Q(DUP, "edge", "wals on levl 2",
      lambda m: elements(nonempty(m.on("Level 2", WALL))), on_storey("IfcWall (with subtypes)", "Level 2")),
    Q(INS, "edge", "how many doors r on the ground flr (Erdgeschoss)",
      lambda m: count(nonempty(m.on("Erdgeschoss", "IfcDoor"))), "count of " + on_storey("IfcDoor", "Erdgeschoss")),
    Q(OH, "edge", "how many windows does this little house have in total",
      lambda m: count(nonempty(m.of("IfcWindow"))), "count of IfcWindow in the model (it has no storey)"),
    Q(SIG, "edge", "which floor are the two route indicators on?",
      lambda m: no_storeys_at_all(m, "IfcSignal"),
      "decline: the model has no IfcBuildingStorey at all, so no element is on a floor"),
    Q(DHW, "edge", "any doors on My Storey?",
      lambda m: yes_no(bool(m.on("My Storey", "IfcDoor"))), "IfcDoor on My Storey exists? (none: no)"),
    Q(R3, "edge", "list IfcSpaceHeater",
      lambda m: elements(nonempty(m.of("IfcSpaceHeater"))), "IfcSpaceHeater in the model"),
    Q(LB, "edge", "doors on level 3",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no Level 3 (Level 1, Level 2)"),
    Q(FZK, "edge", "windows in the Obergeschoss",
      lambda m: no_storey(m, "Obergeschoss"), "decline: the model has no Obergeschoss (Erdgeschoss, Dachgeschoss)"),
    Q(WP, "edge", "heat pump on Ebene 1?",
      lambda m: no_storey(m, "Ebene 1"), "decline: the model has no storey Ebene 1 (only Ebene 0)"),
    Q(RQ, "edge", "DOORS ON LEVEL 1",
      lambda m: elements(nonempty(m.on("Level 1", "IfcDoor"))), on_storey("IfcDoor", "Level 1")),
    Q(DEL, "edge", "smoke detctors lvl 1",
      lambda m: elements(nonempty(m.on("Level 1", None, SMOKE))),
      on_storey("elements whose type name holds 'Smoke Detector'", "Level 1")),
    Q(HE, "edge", "How many IfcWall are in the Kellergeschoss?",
      lambda m: count(m.on("Kellergeschoss", "IfcWall")),
      "count of " + on_storey("IfcWall", "Kellergeschoss") + " (an MEP model without walls: 0)"),
    Q(INS, "edge", "what's on the 5. Obergeschoss",
      lambda m: no_storey(m, "5. Obergeschoss"),
      "decline: the model has no 5. Obergeschoss (Keller, Erdgeschoss, 1./2. Obergeschoss, Dachgeschoss)"),
    Q(R3, "edge", "heaters on the 2nd floor?",
      lambda m: (no_storey(m, "2"), no_storey(m, "second"))[-1],
      "decline: the model has one storey (My Storey); there is no 2nd floor"),
    Q(FZK2, "edge", "columns",
      lambda m: elements(nonempty(m.of("IfcColumn"))), "IfcColumn in the model (a one-word question)"),
    # ---------------------------------------------------------------- rooms
    Q(DUP, "rooms", "which level are the bedrooms on",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("bedroom")))),
      "storeys of the spaces whose Name/LongName holds 'bedroom'"),
    Q(INS, "rooms", "I give a lecture in the Seminarraum tomorrow - which floor is it on?",
      lambda m: storeys([m.storey_name(only(m.spaces(m.named("Seminarraum"))))]),
      "storey of the space whose LongName holds 'Seminarraum'"),
    Q(INS, "rooms", "what's in room 006",
      lambda m: elements(nonempty(m.in_space(m.space("006")))), SPACE_IN + " (space 006)"),
    Q(HOM, "rooms", "Kitchen5 - which doors does it have?",
      lambda m: elements(nonempty(m.bounding(m.space("Kitchen5"), "IfcDoor"))), BOUNDS + " (Kitchen5, IfcDoor)"),
    Q(R3, "rooms", "Which windows belong to the Wohnen?",
      lambda m: elements(nonempty(m.bounding(m.space("Wohnen"), "IfcWindow"))), BOUNDS + " (Wohnen, IfcWindow)"),
    Q(FZK2, "rooms", "What is in the Bad?",
      lambda m: elements(nonempty(m.in_space(m.space(long="Bad")))), SPACE_IN + " (space 3 'Bad')"),
    Q(EDC, "rooms", "walls around room 26",
      lambda m: elements(nonempty(m.bounding(m.space("26"), WALL))), BOUNDS + " (space 26, IfcWall)"),
    Q(RQ, "rooms", "the windows of room 4, please",
      lambda m: elements(nonempty(m.bounding(m.space("4"), "IfcWindow"))), BOUNDS + " (space 4, IfcWindow)"),
    Q(DUP, "rooms", "How many rooms are there on Level 2?",
      lambda m: count(nonempty(m.on("Level 2", "IfcSpace"))), "count of IfcSpace aggregated into Level 2"),
    Q(SH, "rooms", "We're redoing the living room. What furniture is in it right now?",
      lambda m: elements(nonempty(m.in_space(m.space(long="Living room"), "IfcFurnishingElement"))),
      SPACE_IN + " (space 'Living room', IfcFurnishingElement)"),
    Q(INS, "rooms", "on which floor do I find the Technikraum rooms",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Technikraum")))),
      "storeys of the spaces whose LongName holds 'Technikraum'"),
    Q(FZK, "rooms", "Dear colleagues, the painter needs the doors of the Flur. Could you list them? Best regards, Jens",
      lambda m: elements(nonempty(m.bounding(m.space(long="Flur"), "IfcDoor"))), BOUNDS + " (space 1 'Flur', IfcDoor)"),
    Q(LB, "rooms", "what is inside room 7",
      lambda m: elements(nonempty(m.in_space(m.space("7")))), SPACE_IN + " (space 7)"),
    Q(HOM, "rooms", "Bath9: which floor?",
      lambda m: storeys([m.storey_name(m.space("Bath9"))]), "storey of the space Bath9"),
    Q(DUP, "rooms", "A104 (Bathroom 1, unit A) - what door leads in there?",
      lambda m: elements(nonempty(m.bounding(m.space("A104"), "IfcDoor"))), BOUNDS + " (space A104, IfcDoor)"),
    Q(INS, "rooms", "list all the WCs in the building",
      lambda m: elements(nonempty(m.spaces(m.named("WC")))), "IfcSpace whose Name/LongName holds 'WC'"),
    Q(INS, "rooms", "Which floor is the sauna on?",
      lambda m: no_space(m, "sauna"), "decline: no space is a sauna ('sauna' occurs nowhere in the file)"),
    Q(EDC, "rooms", "what's in the server room on the 1.OG?",
      lambda m: no_space(m, "server"), "decline: no space named as a server room ('server' occurs nowhere)"),
    # ---------------------------------------------------------------- qualifiers
    Q(DUP, "rooms", "What's in the garage?",
      lambda m: no_space(m, "garage"), "decline: no space is a garage ('garage' occurs nowhere in the file)"),
    Q(HOM, "rooms", "which doors does the pantry have",
      lambda m: no_space(m, "pantry"), "decline: no space is a pantry ('pantry' occurs nowhere in the file)"),
    Q(INS, "qualifiers", "external walls on Erdgeschoss",
      lambda m: elements(nonempty(m.on("Erdgeschoss", WALL, is_("Pset_WallCommon", "IsExternal", True)))),
      on_storey("IfcWall with Pset_WallCommon.IsExternal = TRUE", "Erdgeschoss")),
    Q(EDC, "qualifiers", "I'm checking the facade. Which exterior walls are there on the 2.OG?",
      lambda m: elements(nonempty(m.on("2.OG", WALL, is_("Pset_WallCommon", "IsExternal", True)))),
      on_storey("IfcWall with Pset_WallCommon.IsExternal = TRUE", "2.OG")),
    Q(DUP, "qualifiers", "the structural engineer wants to know how many walls on level one are load bearing",
      lambda m: count(_all_hold(m.on("Level 1", WALL), "Pset_WallCommon", "LoadBearing", True)),
      "count of " + on_storey("IfcWall with Pset_WallCommon.LoadBearing = TRUE", "Level 1")
      + " (every wall there holds the value; all are FALSE: 0)"),
    Q(FZK2, "qualifiers", "Which of the doors are external?",
      lambda m: elements(nonempty(m.of("IfcDoor", is_("Pset_DoorCommon", "IsExternal", True)))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(HOM, "qualifiers", "which walls are thicker than 25 cm",
      lambda m: elements(nonempty(m.of(WALL, lambda e: Model.qty(e, "Qto_WallBaseQuantities", "Width") > 0.25))),
      "IfcWall with Qto_WallBaseQuantities.Width > 0.25 m"),
    Q(LB, "qualifiers", "doors wider than 1 m?",
      lambda m: elements(nonempty(m.of("IfcDoor", lambda e: _wider(m, e, 1.0)))),
      "IfcDoor with BaseQuantities.Width > 1 m (from mm; OverallWidth is on the same side of 1 m, asserted)"),
    Q(SH, "qualifiers", "which doors lead outside (external ones)",
      lambda m: elements(nonempty(m.of("IfcDoor", is_("Pset_DoorCommon", "IsExternal", True)))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(EDC, "qualifiers", "For the fire safety concept I need the fire-rated doors on EG.",
      lambda m: no_prop(m, "IfcDoor", "FireRating", "FireResistanceRating"),
      "decline: no door holds a FireRating / FireResistanceRating property"),
    Q(FZK, "qualifiers", "Which IfcBeam elements on the Dachgeschoss are load-bearing?",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcBeam", is_("Pset_BeamCommon", "LoadBearing", True)))),
      on_storey("IfcBeam with Pset_BeamCommon.LoadBearing = TRUE", "Dachgeschoss")),
    Q(R3, "qualifiers", "are any of the doors soundproof? which ones",
      lambda m: (no_prop(m, "IfcDoor", "AcousticRating"), absent(m, "soundproof", "sound proof"))[-1],
      "decline: no door holds an AcousticRating value and 'soundproof' occurs nowhere"),
    Q(INS, "qualifiers", "which doors in Keller are internal ones, please give me them",
      lambda m: elements(nonempty(m.on("Keller", "IfcDoor", is_("Pset_DoorCommon", "IsExternal", False)))),
      on_storey("IfcDoor with Pset_DoorCommon.IsExternal = FALSE", "Keller")),
    Q(HE, "qualifiers", "radiators with an output above 2000 W",
      lambda m: elements(nonempty(m.of(None, lambda e: RADIATOR(e) and _output(e) > 2000))),
      "elements typed by IfcSpaceHeaterType with Pset_SpaceHeaterTypeCommon.OutputCapacity > 2000 (W)"),
    Q(WP, "qualifiers", "stainless steel pipes - which are they?",
      lambda m: absent(m, "stainless", "edelstahl", "inox"),
      "decline: the pipes record Material 'Stahl'; 'stainless' / 'Edelstahl' occurs nowhere in the file"),
    Q(HE, "qualifiers", "how many of the outlets on the EG are pluggable",
      lambda m: count(nonempty(m.on("EG", None, lambda e: OUTLET(e)
                                    and Model.prop(e, "Pset_OutletTypeCommon", "IsPluggableOutlet") is True))),
      "count of " + on_storey("elements typed by IfcOutletType with Pset_OutletTypeCommon.IsPluggableOutlet = TRUE",
                              "EG")),
    Q(EDC, "qualifiers", "count the interior walls on the 2.OG",
      lambda m: count(nonempty(m.on("2.OG", WALL, is_("Pset_WallCommon", "IsExternal", False)))),
      "count of " + on_storey("IfcWall with Pset_WallCommon.IsExternal = FALSE", "2.OG")),
    Q(RQ, "qualifiers", "non-load-bearing walls",
      lambda m: elements(nonempty(m.of(WALL, is_("Pset_WallCommon", "LoadBearing", False)))),
      "IfcWall with Pset_WallCommon.LoadBearing = FALSE"),
    Q(DUP, "qualifiers", "is there any window made of mahogany? which",
      lambda m: absent(m, "mahogany"),
      "decline: 'mahogany' occurs nowhere in the file (no window material or property)"),
    Q(EDC, "qualifiers", "glass doors on the 1.OG, which are they",
      lambda m: absent(m, "glass", "glazed", "glas"),
      "decline: no door (nor anything else) records glass: 'glass' / 'Glas' occur nowhere in the file"),
    # ---------------------------------------------------------------- quantities
    Q(HOM, "quantities", "net floor area of Kitchen5?",
      lambda m: number(Model.qty(m.space("Kitchen5"), "Qto_SpaceBaseQuantities", "NetFloorArea"), "m²",
                       [m.space("Kitchen5")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of Kitchen5 (m²)"),
    Q(INS, "quantities", "What is the total net floor area of the rooms in the Keller?",
      lambda m: sum_of(m.on("Keller", "IfcSpace"), qty("BaseQuantities", "NetFloorArea"), "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace of Keller (every one holds it)"),
    Q(R3, "quantities", "largest room?",
      lambda m: winner(m.spaces(), qty("Qto_SpaceBaseQuantities", "NetFloorArea")),
      "the IfcSpace with the largest Qto_SpaceBaseQuantities.NetFloorArea"),
    Q(DUP, "quantities", "Total GSA BIM area of all spaces on Level 1, in m2",
      lambda m: sum_of(m.on("Level 1", "IfcSpace"), qty("GSA Space Areas", "GSA BIM Area"), "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the IfcSpace of Level 1"),
    Q(SH, "quantities", "how big is the bedroom? net m² please",
      lambda m: number(Model.qty(m.space(long="Bedroom"), "BaseQuantities", "NetFloorArea"), "m²",
                       [m.space(long="Bedroom")]),
      "BaseQuantities.NetFloorArea of the space 'Bedroom' (m²)"),
    Q(LB, "quantities", "Glazing takeoff: what's the total window area on Level 2?",
      lambda m: sum_of(m.on("Level 2", "IfcWindow"), qty("BaseQuantities", "Area"), "m²"),
      "sum of BaseQuantities.Area of IfcWindow on Level 2, " + STOREY_DEEP),
    Q(FZK, "quantities", "How many square metres is the Küche?",
      lambda m: number(_agreed_area(m.space(long="Küche")), "m²", [m.space(long="Küche")]),
      "BaseQuantities.NetFloorArea of the space 6 'Küche' (= its GrossFloorArea: net and gross agree, asserted)"),
    Q(EDC, "quantities", "sum of the gross side area of the exterior walls on EG?",
      lambda m: sum_of(m.on("EG", WALL, is_("Pset_WallCommon", "IsExternal", True)),
                       qty("BaseQuantities", "GrossSideArea"), "m²"),
      "sum of BaseQuantities.GrossSideArea over IfcWall with IsExternal = TRUE on EG, " + STOREY_DEEP),
    Q(HOM, "quantities", "total net volume of the walls on the 1stFloor (m³)",
      lambda m: sum_of(m.on("1stFloor", WALL), qty("Qto_WallBaseQuantities", "NetVolume"), "m³"),
      "sum of Qto_WallBaseQuantities.NetVolume of IfcWall on 1stFloor, " + STOREY_DEEP),
    Q(WP, "quantities", "how tall is the buffer tank, in metres?",
      lambda m: number(Model.qty(only(m.of("IfcFlowStorageDevice")), "Base_Quantities", "Height") * scale(m), "m",
                       m.of("IfcFlowStorageDevice")),
      "Base_Quantities.Height of the one IfcFlowStorageDevice (Pufferspeicher), mm -> m"),
    Q(RQ, "quantities", "smallest room by area",
      lambda m: winner(m.spaces(), qty("GSA Space Areas", "GSA BIM Area"), smallest=True),
      "the IfcSpace with the smallest 'GSA Space Areas'.'GSA BIM Area'"),
    Q(INS, "quantities", ("We are planning desks: what is the average net floor area "
                          "of the Buero rooms on the 2. Obergeschoss?"),
      lambda m: mean_of(m.on("2. Obergeschoss", "IfcSpace", m.named("Buero")), qty("BaseQuantities", "NetFloorArea"),
                        "m²"),
      "mean of BaseQuantities.NetFloorArea over the spaces of 2. Obergeschoss whose LongName holds 'Buero'"),
    Q(FZK2, "quantities", "total length of the walls on the Dachgeschoss",
      lambda m: sum_of(m.on("Dachgeschoss", WALL), qty("BaseQuantities", "Length"), "m"),
      "sum of BaseQuantities.Length of IfcWall on Dachgeschoss, " + STOREY_DEEP),
    Q(DUP, "quantities", "what do the two kitchens add up to in square metres?",
      lambda m: sum_of(m.spaces(m.named("kitchen")), qty("GSA Space Areas", "GSA BIM Area"), "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces whose LongName holds 'Kitchen' (A103, B103)"),
    Q(EDC, "quantities", "Total gross volume of all the slabs, m³",
      lambda m: sum_of(m.of("IfcSlab"), qty("BaseQuantities", "GrossVolume"), "m³"),
      "sum of BaseQuantities.GrossVolume of IfcSlab"),
    Q(HOM, "quantities", "How heavy are the GroundFloor windows altogether, in kg?",
      lambda m: no_prop(m, "IfcWindow", "GrossWeight", "NetWeight", "Weight", "Mass"),
      "decline: no window holds a weight or mass quantity (Qto_WindowBaseQuantities has Area/Height/Width/Perimeter)"),
    Q(SH, "quantities", "what's the volume of the living room in square metres?",
      lambda m: (nonempty(m.spaces(m.named("Living room"))), decline())[-1],
      "decline: a volume cannot be given in square metres (the unit makes no sense for the quantity)"),
    Q(R3, "quantities", "how much floor space do the Bad and the Kitchen have together",
      lambda m: sum_of([m.space("Bad"), m.space("Kitchen")], qty("Qto_SpaceBaseQuantities", "NetFloorArea"), "m²"),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea of Bad and Kitchen"),
    # ---------------------------------------------------------------- negation
    Q(INS, "quantities", "total net floor area of the rooms on the 3. Obergeschoss",
      lambda m: no_storey(m, "3. Obergeschoss"), "decline: the model has no 3. Obergeschoss"),
    Q(RQ, "quantities", "floor area of room 9, in kilograms please",
      lambda m: (m.space("9"), decline())[-1],
      "decline: an area cannot be given in kilograms (the unit makes no sense)"),
    Q(HOM, "negation", "Which rooms on the GroundFloor are not the kitchen?",
      lambda m: elements(nonempty(m.on("GroundFloor", "IfcSpace", lambda s: "kitchen" not in s.Name.lower()))),
      "IfcSpace of GroundFloor except the one named Kitchen5"),
    Q(DUP, "negation", "windows that aren't external",
      lambda m: elements(nonempty(m.of("IfcWindow", is_("Pset_WindowCommon", "IsExternal", False)))),
      "IfcWindow with Pset_WindowCommon.IsExternal = FALSE (every window holds the value)"),
    Q(EDC, "negation", "please give me the doors which not are on EG",
      lambda m: elements(nonempty(m.of("IfcDoor", lambda e: m.storey_name(e) != "EG"))),
      "IfcDoor whose storey (storey-deep) is not EG"),
    Q(INS, "negation", "everything on the Dachgeschoss except furniture",
      lambda m: elements(nonempty(m.on("Dachgeschoss", None, lambda e: not e.is_a("IfcFurnishingElement")))),
      "every element on Dachgeschoss that is not IfcFurnishingElement, " + STOREY_DEEP),
    Q(FZK, "negation", "Which windows aren't on the Erdgeschoss?",
      lambda m: elements(nonempty(m.of("IfcWindow", lambda e: m.storey_name(e) != "Erdgeschoss"))),
      "IfcWindow whose storey (storey-deep) is not Erdgeschoss"),
    Q(LB, "negation", "which walls are not of the 'Outside wall' type",
      lambda m: elements(nonempty(m.of(WALL, lambda e: "outside wall" not in (ue.get_type(e).Name or "").lower()))),
      "IfcWall whose type name does not hold 'Outside wall' (type 'Basic Wall:Inside')"),
    Q(WP, "negation", "everything except the pipe segments and pipe fittings",
      lambda m: elements(nonempty(m.of(None, lambda e: not e.is_a("IfcPipeSegment") and not e.is_a("IfcPipeFitting")))),
      "every element that is neither IfcPipeSegment nor IfcPipeFitting"),
    Q(HE, "negation", "Which storeys have no boiler?",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, None, BOILER)),
      "storeys without an element typed by IfcBoilerType, " + STOREY_DEEP),
    Q(DUP, "negation", "walls on Level 2 that are not load-bearing",
      lambda m: elements(nonempty(m.on("Level 2", WALL, is_("Pset_WallCommon", "LoadBearing", False)))),
      on_storey("IfcWall with Pset_WallCommon.LoadBearing = FALSE", "Level 2")),
    Q(INS, "negation", "Keller rooms which are not labs, what are they called",
      lambda m: elements(nonempty(m.on("Keller", "IfcSpace", lambda s: "labor" not in (s.LongName or "").lower()))),
      "IfcSpace of Keller whose LongName does not hold 'Labor'"),
    Q(EDC, "negation", "is there a storey without any doors?",
      lambda m: yes_no(any(not m.on(s, "IfcDoor") for s in m.storey_names())),
      "some storey with no IfcDoor (storey-deep)?"),
    Q(DEL, "negation", "which levels have no receptacles at all",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, None, OUTLET)),
      "storeys without an element typed by IfcOutletType, " + STOREY_DEEP),
    Q(SH, "negation", "doors that aren't external",
      lambda m: elements(nonempty(m.of("IfcDoor", is_("Pset_DoorCommon", "IsExternal", False)))),
      "IfcDoor with Pset_DoorCommon.IsExternal = FALSE (every door holds the value)"),
    Q(FZK2, "negation", "Which rooms on the Erdgeschoss don't have a window?",
      lambda m: elements(nonempty(m.on("Erdgeschoss", "IfcSpace", lambda s: not m.bounding(s, "IfcWindow")))),
      "IfcSpace of Erdgeschoss with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(RQ, "negation", "rooms that are not small offices",
      lambda m: elements(nonempty(m.spaces(lambda s: "small office" not in (s.LongName or "").lower()))),
      "IfcSpace whose LongName is not 'small office'"),
    Q(HOM, "negation", "Which storeys don't have any doors?",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, "IfcDoor")),
      "storeys without an IfcDoor, " + STOREY_DEEP),
    Q(DUP, "negation", "Which rooms on Level 2 are not carpeted?",
      lambda m: absent(m, "carpet"), "decline: no floor finish records carpet ('carpet' occurs nowhere in the file)"),
    # ---------------------------------------------------------------- multi_storey
    Q(EDC, "negation", "walls on the EG except the brick ones",
      lambda m: absent(m, "brick", "ziegel", "mauerwerk"),
      "decline: no wall records brick (materials are 'Merged material'); the word occurs nowhere"),
    Q(INS, "multi_storey", "how many windows on 1. Obergeschoss and 2. Obergeschoss combined",
      lambda m: count(nonempty(m.on(["1. Obergeschoss", "2. Obergeschoss"], "IfcWindow"))),
      "count of IfcWindow on 1. Obergeschoss or 2. Obergeschoss, " + STOREY_DEEP),
    Q(EDC, "multi_storey", "walls on EG and 2.OG",
      lambda m: elements(nonempty(m.on(["EG", "2.OG"], WALL))), "IfcWall on EG or 2.OG, " + STOREY_DEEP),
    Q(DUP, "multi_storey", "I need the doors of both Level 1 and Level 2 for the hardware schedule",
      lambda m: elements(nonempty(m.on(["Level 1", "Level 2"], "IfcDoor"))),
      "IfcDoor on Level 1 or Level 2, " + STOREY_DEEP),
    Q(HE, "multi_storey", "light fittings in the Kellergeschoss and the Dachgeschoss - how many?",
      lambda m: count(nonempty(m.on(["Kellergeschoss", "Dachgeschoss"], None, LIGHT))),
      "count of elements typed by IfcLightFixtureType on Kellergeschoss or Dachgeschoss, " + STOREY_DEEP),
    Q(FZK, "multi_storey", "Give me the walls of both floors, Erdgeschoss and Dachgeschoss.",
      lambda m: elements(nonempty(m.on(["Erdgeschoss", "Dachgeschoss"], WALL))),
      "IfcWall on Erdgeschoss or Dachgeschoss, " + STOREY_DEEP),
    Q(DEL, "multi_storey", "Receptacles on Level 1 and Level 2: what's the total number?",
      lambda m: count(nonempty(m.on(["Level 1", "Level 2"], None, OUTLET))),
      "count of elements typed by IfcOutletType on Level 1 or Level 2, " + STOREY_DEEP),
    Q(INS, "multi_storey", "stairs in the Keller, the Erdgeschoss and the 1. Obergeschoss",
      lambda m: elements(nonempty(m.on(["Keller", "Erdgeschoss", "1. Obergeschoss"], "IfcStair"))),
      "IfcStair on Keller, Erdgeschoss or 1. Obergeschoss, " + STOREY_DEEP),
    Q(DUP, "multi_storey", "furniture on Level 1, Level 2 and Level 3",
      lambda m: no_storey(m, "Level 3"), "decline: one of the three storeys (Level 3) does not exist"),
    Q(EDC, "multi_storey", "doors 1.OG & 3.OG",
      lambda m: no_storey(m, "3.OG"), "decline: one of the two storeys (3.OG) does not exist"),
    Q(HOM, "multi_storey", "windows on the GroundFloor and in the cellar",
      lambda m: (no_storey(m, "cellar"), absent(m, "cellar"))[-1],
      "decline: one of the two storeys (a cellar) does not exist"),
    Q(HE, "multi_storey", "how many radiators are on the EG and the Obergeschoss together?",
      lambda m: count(nonempty(m.on(["EG", "Obergeschoss"], None, RADIATOR))),
      "count of elements typed by IfcSpaceHeaterType on EG or Obergeschoss, " + STOREY_DEEP),
    Q(FZK2, "multi_storey", "Erdgeschoss and Dachgeschoss windows, how many in total",
      lambda m: count(nonempty(m.on(["Erdgeschoss", "Dachgeschoss"], "IfcWindow"))),
      "count of IfcWindow on Erdgeschoss or Dachgeschoss, " + STOREY_DEEP),
    Q(HOM, "multi_storey", "walls of the 1stFloor and the attic",
      lambda m: elements(nonempty(m.on(["1stFloor", "attic"], WALL))), "IfcWall on 1stFloor or attic, " + STOREY_DEEP),
    Q(INS, "multi_storey", "Of Keller, Erdgeschoss and Dachgeschoss, which ones have a staircase?",
      lambda m: storeys(s for s in ["Keller", "Erdgeschoss", "Dachgeschoss"] if m.on(s, "IfcStair")),
      "those of the three storeys holding an IfcStair, " + STOREY_DEEP),
    Q(LB, "multi_storey", "what's the total net floor area of the rooms on Level 1 and Level 2?",
      lambda m: sum_of(m.on(["Level 1", "Level 2"], "IfcSpace"), qty("BaseQuantities", "NetFloorArea"), "m²"),
      "sum of BaseQuantities.NetFloorArea over the IfcSpace of Level 1 or Level 2 (all spaces are on Level 1)"),
    # ---------------------------------------------------------------- german
    Q(INS, "german", "Anzahl Türen im Erdgeschoss?",
      lambda m: count(nonempty(m.on("Erdgeschoss", "IfcDoor"))), "count of " + on_storey("IfcDoor", "Erdgeschoss")),
    Q(FZK, "german", "Welche Fenster hat das Dachgeschoss?",
      lambda m: elements(nonempty(m.on("Dachgeschoss", "IfcWindow"))), on_storey("IfcWindow", "Dachgeschoss")),
    Q(HE, "german", "In welchem Geschoss steht der Heizkessel?",
      lambda m: storeys(m.storey_name(e) for e in nonempty(m.of(None, BOILER))),
      "storey of the element typed by IfcBoilerType"),
    Q(HE, "german", "Wie viele Heizkörper hängen im Dachgeschoss?",
      lambda m: count(nonempty(m.on("Dachgeschoss", None, RADIATOR))),
      "count of " + on_storey("elements typed by IfcSpaceHeaterType", "Dachgeschoss")),
    Q(EDC, "german", "Außenwände im 1.OG bitte auflisten",
      lambda m: elements(nonempty(m.on("1.OG", WALL, is_("Pset_WallCommon", "IsExternal", True)))),
      on_storey("IfcWall with Pset_WallCommon.IsExternal = TRUE", "1.OG")),
    Q(INS, "german", "In welchem Stockwerk liegt das Büro vom Hausmeister?",
      lambda m: storeys([m.storey_name(only(m.spaces(m.named("Hausmeister"))))]),
      "storey of the space whose LongName holds 'Hausmeister' (104 Buero Hausmeister)"),
    Q(WP, "german", "Welche Pumpen sind verbaut?",
      lambda m: elements(nonempty(m.of("IfcPump"))), "IfcPump in the model"),
    Q(WP, "german", "Welche Ventile sind im Obergeschoss?",
      lambda m: no_storey(m, "Obergeschoss"), "decline: the model has no Obergeschoss (only Ebene 0)"),
    Q(R3, "german", "Wie groß ist die Küche?",
      lambda m: number(Model.qty(m.space("Kitchen"), "Qto_SpaceBaseQuantities", "NetFloorArea"), "m²",
                       [m.space("Kitchen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of the space Kitchen (the only floor area it holds)"),
    Q(FZK2, "german", "Was steht im Schlafzimmer?",
      lambda m: elements(nonempty(m.in_space(m.space(long="Schlafzimmer")))), SPACE_IN + " (space 4 'Schlafzimmer')"),
    Q(DUP, "german", "Welche Türen sind Außentüren?",
      lambda m: elements(nonempty(m.of("IfcDoor", is_("Pset_DoorCommon", "IsExternal", True)))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(INS, "german", "Löschen Sie bitte alle Tische im Keller.",
      lambda m: refuse(m, None, m.on("Keller", "IfcFurnishingElement", Model.type_name_has("Table"))),
      "decline (refusal): a write; the tables it would delete exist (type 'Table')"),
    Q(HOM, "german", "Gibt es Fenster im Dachgeschoss?",
      lambda m: yes_no(bool(m.on("attic", "IfcWindow"))),
      "IfcWindow on attic (Dachgeschoss = the model's attic storey) exists? (none: no)"),
    Q(EDC, "german", "Wie viele Fenster hat das 2.OG?",
      lambda m: count(nonempty(m.on("2.OG", "IfcWindow"))), "count of " + on_storey("IfcWindow", "2.OG")),
    Q(LB, "german", "Gesamtfläche aller Fenster auf Level 1 in m²?",
      lambda m: sum_of(m.on("Level 1", "IfcWindow"), qty("BaseQuantities", "Area"), "m²"),
      "sum of BaseQuantities.Area of IfcWindow on Level 1, " + STOREY_DEEP),
    Q(DHW, "german", "Gibt es eine Badewanne?",
      lambda m: yes_no(any(ue.get_predefined_type(e) == "BATH" for e in m.of("IfcSanitaryTerminal"))),
      "an IfcSanitaryTerminal with PredefinedType BATH exists?"),
    Q(INS, "german", "Auf welcher Höhe liegt das 2. Obergeschoss?",
      lambda m: elevation_m(m, "2. Obergeschoss"), "Elevation of the storey 2. Obergeschoss (m)"),
    Q(FZK2, "german", "Wie viele Saunen gibt es im Keller?",
      lambda m: (no_storey(m, "Keller"), no_space(m, "sauna", "saunen"))[-1],
      "decline: the model has neither a Keller storey nor a sauna"),
    # ---------------------------------------------------------------- refuse
    Q(DUP, "refuse", "Delete every door on Level 2.",
      lambda m: refuse(m, None, m.on("Level 2", "IfcDoor")), "decline (refusal): a write; the doors exist"),
    Q(EDC, "refuse", "move all the windows from EG up to 1.OG",
      lambda m: refuse(m, None, m.on("EG", "IfcWindow")), "decline (refusal): a write; the windows exist"),
    Q(INS, "refuse", ("Hello, the owner asks how much it would cost to replace all the windows on the "
                      "1. Obergeschoss. Can you give me a number? Regards, Petra"),
      lambda m: refuse(m, COST), "decline (refusal): costs; the model holds no IfcCostItem / IfcCostSchedule"),
    Q(HOM, "refuse", "When will the attic be finished? Need the construction schedule.",
      lambda m: refuse(m, SCHEDULE), "decline (refusal): a schedule; the model holds no IfcTask / IfcWorkSchedule"),
    Q(LB, "refuse", "rename Level 2 to 'Level 3' please",
      lambda m: refuse(m, None, [m.storey("Level 2")]), "decline (refusal): a write; the storey exists"),
    Q(R3, "refuse", "What's the current temperature in the Wohnen?",
      lambda m: refuse(m, LIVE), "decline (refusal): live sensor data; the model holds no time series"),
    Q(HE, "refuse", "Switch off the radiators in the Dachgeschoss.",
      lambda m: refuse(m, None, m.on("Dachgeschoss", None, RADIATOR)),
      "decline (refusal): a control command; the radiators exist"),
    Q(WP, "refuse", "Order four new pumps from Grundfos for us.",
      lambda m: refuse(m, COST, m.of("IfcPump")), "decline (refusal): procurement; the model holds no cost data"),
    Q(DEL, "refuse", "what is the monthly electricity bill for all these receptacles",
      lambda m: refuse(m, COST + LIVE), "decline (refusal): costs / consumption; no cost or time-series entity"),
    Q(SH, "refuse", "Be honest: is the living room nicely designed?",
      lambda m: refuse(m, None, m.spaces(m.named("Living room"))), "decline (refusal): an opinion"),
    Q(EDC, "refuse", "Add a door between room 41 and room 42.",
      lambda m: refuse(m, None, [m.space("41"), m.space("42")]), "decline (refusal): a write; the rooms exist"),
    Q(RQ, "refuse", "How much rent could we charge for the small offices?",
      lambda m: refuse(m, COST, m.spaces(m.named("small office"))), "decline (refusal): rent; no cost data"),
    Q(DHW, "refuse", "how long until the water heater needs servicing?",
      lambda m: refuse(m, SCHEDULE, m.of("IfcBoiler")),
      "decline (refusal): maintenance schedule; the model holds no IfcTask / IfcWorkSchedule"),
    Q(FZK2, "refuse", "Paint all walls in the Wohnen white.",
      lambda m: refuse(m, None, m.bounding(m.space(long="Wohnen"), WALL)), "decline (refusal): a write"),
    Q(INS, "refuse", "Which of the offices is the nicest one to work in?",
      lambda m: refuse(m, None, m.spaces(m.named("Buero"))), "decline (refusal): an opinion"),
    Q(OH, "refuse", "remove the roof from the model",
      lambda m: refuse(m, None, m.of("IfcRoof")), "decline (refusal): a write; the roof exists"),
    Q(SIG, "refuse", "Set both route indicators to red.",
      lambda m: refuse(m, None, m.of("IfcSignal")), "decline (refusal): a control command; the signals exist"),
    # ---------------------------------------------------------------- lookup
    Q(INS, "lookup", "elevation of the 1. Obergeschoss?",
      lambda m: elevation_m(m, "1. Obergeschoss"), "Elevation of the storey 1. Obergeschoss (m)"),
    Q(FZK, "lookup", "Which material are the walls on the Dachgeschoss?",
      lambda m: values(m.on("Dachgeschoss", WALL), _one_material), "material of each IfcWall on Dachgeschoss"),
    Q(R3, "lookup", "net volume of the Bad?",
      lambda m: number(Model.qty(m.space("Bad"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³", [m.space("Bad")]),
      "Qto_SpaceBaseQuantities.NetVolume of the space Bad (m³)"),
    Q(HOM, "lookup", "How tall is the attic space (room height)?",
      lambda m: number(Model.qty(m.space("att"), "Qto_SpaceBaseQuantities", "Height"), "m", [m.space("att")]),
      "Qto_SpaceBaseQuantities.Height of the space 'att' on attic (m)"),
    Q(LB, "lookup", "U-value of the windows?",
      lambda m: values(m.of("IfcWindow"), prop("Pset_WindowCommon", "ThermalTransmittance")),
      "Pset_WindowCommon.ThermalTransmittance of every IfcWindow"),
    Q(FZK2, "lookup", "What's the thermal transmittance of the external walls?",
      lambda m: values(m.of(WALL, is_("Pset_WallCommon", "IsExternal", True)),
                       prop("Pset_WallCommon", "ThermalTransmittance")),
      "Pset_WallCommon.ThermalTransmittance of the IfcWall with IsExternal = TRUE"),
    Q(WP, "lookup", "what's the max. operating temperature of the pipe segments",
      lambda m: values(m.of("IfcPipeSegment"), prop("Pset_PipeSegmentTypeCommon", "Max. Operating temperature")),
      "Pset_PipeSegmentTypeCommon.'Max. Operating temperature' of every IfcPipeSegment"),
    Q(HE, "lookup", "What output do the radiators on the EG have?",
      lambda m: values(m.on("EG", None, RADIATOR), _output),
      "Pset_SpaceHeaterTypeCommon.OutputCapacity of the radiators (IfcSpaceHeaterType) on EG, " + STOREY_DEEP),
    Q(DUP, "lookup", "riser height of the stairs",
      lambda m: values(m.of("IfcStair"), prop("Pset_StairCommon", "RiserHeight")),
      "Pset_StairCommon.RiserHeight of every IfcStair"),
    Q(SIG, "lookup", "predefined type of the signals?",
      lambda m: values(m.of("IfcSignal"), ue.get_predefined_type), "PredefinedType (via the type) of every IfcSignal"),
    Q(OH, "lookup", "what are the walls made of",
      lambda m: values(m.of(WALL), _one_material), "material of every IfcWall"),
    Q(RQ, "lookup", "What's the floor finish in room 4?",
      lambda m: values([m.space("4")], prop("PSet_Revit_Identity Data", "Floor Finish")),
      "'PSet_Revit_Identity Data'.'Floor Finish' of space 4"),
    Q(SH, "lookup", "What is the elevation of the Roof level, in metres?",
      lambda m: elevation_m(m, "Roof"), "Elevation of the storey Roof (from mm, in m)"),
    Q(INS, "lookup", "fire rating of the doors in the Keller",
      lambda m: no_prop(m, "IfcDoor", "FireRating", "FireResistanceRating"),
      "decline: no door holds a FireRating / FireResistanceRating property"),
    Q(EDC, "lookup", "What's the U-value of the exterior walls?",
      lambda m: no_prop(m, "IfcWall", "ThermalTransmittance"),
      "decline: no wall holds a ThermalTransmittance property"),
    Q(R3, "lookup", "acoustic rating of the doors?",
      lambda m: no_prop(m, "IfcDoor", "AcousticRating"), "decline: no door holds an AcousticRating value"),
    Q(FZK, "lookup", "Who manufactured the windows?",
      lambda m: no_prop(m, "IfcWindow", "Manufacturer", "Hersteller"),
      "decline: no window holds a Manufacturer / Hersteller property"),
    Q(DEL, "lookup", "Which panel are the telephone outlets connected to?",
      lambda m: values(m.of(None, Model.type_name_has("Telephone Outlet")), prop("Electrical - Loads", "Panel")),
      "'Electrical - Loads'.Panel of the elements named 'Telephone Outlet'"),
    Q(DHW, "lookup", "type name of the water heater?",
      lambda m: values(m.of("IfcBoiler"), lambda e: ue.get_type(e).Name), "type name of every IfcBoiler"),
    Q(HOM, "lookup", "door type used on the 1stFloor",
      lambda m: values(m.on("1stFloor", "IfcDoor"), lambda e: ue.get_type(e).Name),
      "type name of each IfcDoor on 1stFloor, " + STOREY_DEEP),
]


def _agreed_area(space: Any) -> float:
    """A room's floor area where net and gross agree (so "how many square metres" has one answer)."""
    net = Model.qty(space, "BaseQuantities", "NetFloorArea")
    gross = Model.qty(space, "BaseQuantities", "GrossFloorArea")
    if not math.isclose(net, gross, rel_tol=1e-6):
        raise ValueError(f"{space.Name}: net {net} and gross {gross} floor area differ")
    return net


def _output(e: Any) -> float:
    value = Model.prop(e, "Pset_SpaceHeaterTypeCommon", "OutputCapacity")
    if not isinstance(value, (int, float)):
        raise ValueError(f"{e.GlobalId}: no OutputCapacity")
    return float(value)


def _one_material(e: Any) -> str:
    names = [x.Name for x in ue.get_materials(e)]
    if len(names) != 1:
        raise ValueError(f"{e.GlobalId}: {len(names)} materials")
    return str(names[0])


def _wider(m: Model, e: Any, limit: float) -> bool:
    """BaseQuantities.Width > ``limit`` (m); the attribute OverallWidth must give the same verdict."""
    by_qty = Model.qty(e, "BaseQuantities", "Width") * scale(m) > limit
    if e.OverallWidth is None or (float(e.OverallWidth) * scale(m) > limit) != by_qty:
        raise ValueError(f"{e.GlobalId}: OverallWidth {e.OverallWidth} and BaseQuantities.Width disagree")
    return by_qty


def _all_hold(es: list[Any], pset: str, name: str, value: bool) -> list[Any]:
    """The elements of ``es`` whose boolean is ``value``; every one must hold the property (no unset values)."""
    for e in nonempty(es):
        if not isinstance(Model.prop(e, pset, name), bool):
            raise ValueError(f"{e.GlobalId}: {pset}.{name} unset")
    return [e for e in es if Model.prop(e, pset, name) is value]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "seventh")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
