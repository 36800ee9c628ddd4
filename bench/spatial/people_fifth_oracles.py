"""Issue 22's fifth, blind people question set: each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_fifth_oracles.py [--ifc-dir ../shared/ifc] [-o people_fifth.json] [--check]

Written without reading the spatial parser, its vocabularies, its data files or the questions of the earlier
sets, and without running ifcqa on any of these questions: the project's held-out number for issue 22.
Every model was surveyed first with plain IfcOpenShell (storeys and elevations, spaces with Name/LongName,
classes per storey, property and quantity sets with their values, materials, type objects); the questions
ask about what is really there, in many voices (facility-manager tickets, chat, terse search fragments,
e-mails, students, non-native English, typos, German), and lean on the models the earlier sets used least
(the IFC4 FZK-Haus, the Duplex electrical model, ExampleHOM, KIT-EDC, revit_quantities, the 3-rooms,
heat-pump and domestic-hot-water MEP samples, the rail signal model and IfcOpenHouse).

Same format and semantics as ``people_oracles.py``, whose ``Model`` walks, oracle builders and
``compute_set`` / ``set_main`` this script imports:

* **on a storey** is storey-deep (contained directly, in one of the storey's spaces, or aggregated into /
  filling an element that is); **in room X** = contained in the space; **the doors / walls / windows of
  room X** = the building elements of the space's IfcRelSpaceBoundary relationships;
* a **room by function** = the spaces whose Name or LongName holds the stated word; a **class word** = the
  IFC class with its subtypes, or for IFC2X3 generic flow elements the class of their type object;
* **properties** through ``get_pset`` (occurrence over type); a boolean qualifier needs its explicit value;
* **quantities** from the quantity set the rule names, converted to the unit the question states (the
  rule says from which unit); ``rel_tol`` 0.01;
* ``lookup`` questions ask one attribute of named elements: a ``number`` when it is one number, else a
  ``values`` distribution.

A question whose part the model cannot ground (a storey, room, property or quantity that does not exist),
and every request to refuse (writes, costs, schedules, occupants, live readings, opinions), has a
``decline`` oracle that first asserts its premise in code (the storey / room / property / entity really is
absent, or for a write: the thing to change exists, so only the write makes it a refusal), so a changed
model fails loudly. ``--check`` writes nothing and exits 1 when the committed file differs from what this
script computes (``tests/spatial/test_people_fifth_set.py`` runs the same comparison).
"""

from __future__ import annotations

import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import ifcopenshell.util.element as ue  # noqa: E402
from people_oracles import (  # noqa: E402  (the shared walks live beside this script)
    STOREY_DEEP,
    Model,
    Oracle,
    Q,
    compute_set,
    count,
    decline,
    elements,
    number,
    set_main,
    storeys,
    yes_no,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set test compares dumps(compute(...)))

DEFAULT_OUT = HERE / "people_fifth.json"

FZK = "AC20-FZK-Haus.ifc"
FZ2 = "AC11-FZK-Haus-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
DEL = "Duplex_Electrical_20121207.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
SH = "Ifc4_SampleHouse.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HOM = "ExampleHOM.ifc"
SIG = "linear-placement-of-signal.ifc"
IOH = "IfcOpenHouse_IFC4.ifc"
LB = "LargeBuilding.ifc"
RQ = "revit_quantities.ifc"
R3 = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"
HE = "Heizung-Elektro_080729.ifc"
DHW = "domestic-hot-water.ifc"

SD = STOREY_DEEP
FT = 0.3048  # metres per foot (Duplex_Electrical's length unit)
COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcScheduleTimeControl")
PEOPLE = ("IfcActor", "IfcOccupant", "IfcRelAssignsToActor")  # IfcPerson only authors the owner history
LIVE = ("IfcTimeSeries", "IfcRegularTimeSeries", "IfcIrregularTimeSeries", "IfcPerformanceHistory")
APPROVAL = ("IfcApproval", "IfcRelAssociatesApproval")
BQ = "BaseQuantities"
WRITE = "refuse: a write ({}); ifcqa only reads the model (premise checked: the {} exist)"
NOT_IFC = "refuse: {} (premise checked: the model holds no {})"


# --- predicates ----------------------------------------------------------------------------------------

def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) == value and Model.prop(e, pset, name) is not None


def q(qset: str, name: str) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name)


def qty_cmp(qset: str, name: str, op: str, limit: float) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        v = ue.get_pset(e, qset, name)
        if not isinstance(v, (int, float)):
            return False
        return v > limit + 1e-9 if op == ">" else v < limit - 1e-9
    return check


def typed(type_class: str) -> Callable[[Any], bool]:
    return Model.typed(type_class)


def type_named(word: str) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        t = ue.get_type(e)
        return t is not None and word.lower() in (t.Name or "").lower()
    return check


def agreeing(es: list[Any], a: Callable[[Any], bool], b: Callable[[Any], bool]) -> list[Any]:
    """The elements for which ``a`` holds, after checking that ``b`` (another reading of the same measure,
    e.g. the attribute against the quantity) holds for exactly the same elements."""
    for e in es:
        if a(e) != b(e):
            raise ValueError(f"{e.GlobalId}: the two readings of the measure disagree")
    return [e for e in es if a(e)]


def not_(p: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda e: not p(e)


def both(a: Callable[[Any], bool], b: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda e: a(e) and b(e)


EXT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", True)
INT_DOOR = prop_is("Pset_DoorCommon", "IsExternal", False)
EXT_WALL = prop_is("Pset_WallCommon", "IsExternal", True)
INT_WALL = prop_is("Pset_WallCommon", "IsExternal", False)
LB_WALL = prop_is("Pset_WallCommon", "LoadBearing", True)
RADIATOR = typed("IfcSpaceHeaterType")
LIGHT = typed("IfcLightFixtureType")
OUTLET = typed("IfcOutletType")
SWITCH = typed("IfcSwitchingDeviceType")
BOILER = typed("IfcBoilerType")
NFA = q(BQ, "NetFloorArea")
NFA_QTO = q("Qto_SpaceBaseQuantities", "NetFloorArea")
GSA = q("GSA Space Areas", "GSA BIM Area")


# --- walks ---------------------------------------------------------------------------------------------

def nonempty(es: list[Any]) -> list[Any]:
    if not es:
        raise ValueError("the premise 'some elements' is false")
    return es


def spaces_on(m: Model, *storey_names: str) -> list[Any]:
    for s in storey_names:
        m.storey(s)
    return [s for s in m.spaces() if m.storey_name(s) in storey_names]


def room(m: Model, name: str | None = None, long: str | None = None) -> Any:
    return m.space(name, long)


def rooms_named(m: Model, *words: str) -> list[Any]:
    return nonempty(m.spaces(m.named(*words)))


def bounded(m: Model, space: Any, cls: str | tuple[str, ...]) -> list[Any]:
    return m.bounding(space, cls)


def without_bounding(m: Model, spaces: list[Any], cls: str) -> list[Any]:
    return [s for s in spaces if not m.bounding(s, cls)]


def not_on(m: Model, storey: str, classes: str | tuple[str, ...] | None = None,
           where: Callable[[Any], bool] | None = None) -> list[Any]:
    m.storey(storey)
    return [e for e in m.of(classes, where) if m.storey_name(e) != storey]


def storeys_with(m: Model, es: Iterable[Any]) -> Oracle:
    es = nonempty(list(es))
    return storeys(m.storey_name(e) for e in es)


def storeys_without(m: Model, classes: str | tuple[str, ...] | None,
                    where: Callable[[Any], bool] | None = None) -> Oracle:
    held = {m.storey_name(e) for e in m.of(classes, where)}
    out = [s for s in m.storey_names() if s not in held]
    if not out:
        raise ValueError("every storey holds one")
    return storeys(out)


def argmax(m: Model, classes: str | tuple[str, ...] | None, where: Callable[[Any], bool] | None = None,
           names: Iterable[str] | None = None, fewest: bool = False) -> Oracle:
    sizes = {s: len(m.on(s, classes, where)) for s in (names or m.storey_names())}
    best = (min if fewest else max)(sizes.values())
    winners = [k for k, v in sizes.items() if v == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def biggest(es: list[Any], key: Callable[[Any], float], smallest: bool = False) -> Oracle:
    values = {e.GlobalId: key(e) for e in es}
    ranked = sorted(values.values(), reverse=not smallest)
    if len(ranked) > 1 and math.isclose(ranked[0], ranked[1], rel_tol=1e-6):
        raise ValueError("a tie for the extreme")
    return elements(e for e in es if values[e.GlobalId] == ranked[0])


def total(es: list[Any], key: Callable[[Any], float], unit: str, factor: float = 1.0) -> Oracle:
    es = nonempty(es)
    return number(sum(key(e) for e in es) * factor, unit, es)


def mean(es: list[Any], key: Callable[[Any], float], unit: str, factor: float = 1.0) -> Oracle:
    es = nonempty(es)
    return number(statistics.fmean(key(e) for e in es) * factor, unit, es)


def values(es: list[Any], get: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup: one number -> ``number``; else the distribution of values with the elements' GlobalIds."""
    es = nonempty(es)
    got = [get(e) for e in es]
    if all(v is None or v == "" for v in got):
        raise ValueError("nothing recorded: the oracle would be a decline")
    nums = [v for v in got if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if unit is not None and len(nums) == len(got) and all(math.isclose(v, nums[0], rel_tol=1e-6) for v in nums):
        return number(float(nums[0]), unit, es)
    pairs: Counter[Any] = Counter(round(v, 6) if isinstance(v, float) else v for v in got)
    rows = [[v, n] for v, n in sorted(pairs.items(), key=lambda kv: "" if kv[0] is None else str(kv[0]))]
    return {"type": "values", "value": rows, "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def materials(e: Any) -> str | None:
    names = sorted({mat.Name for mat in ue.get_materials(e) if mat.Name})
    if len(names) > 1:
        raise ValueError(f"{e.GlobalId} has several materials {names}: ask about one")
    return names[0] if names else None


def type_name(e: Any) -> str | None:
    t = ue.get_type(e)
    return t.Name if t is not None else None


# --- decline premises ---------------------------------------------------------------------------------

def no_storey(m: Model, *names: str) -> Oracle:
    low = {s.casefold() for s in m.storey_names() if s}
    held = [n for n in names if n.casefold() in low]
    if held:
        raise ValueError(f"storeys {held} exist")
    return decline()


def no_storeys_at_all(m: Model) -> Oracle:
    if m.by_type("IfcBuildingStorey"):
        raise ValueError("the model has storeys")
    return decline()


def no_space(m: Model, *words: str) -> Oracle:
    if m.spaces(m.named(*words)):
        raise ValueError(f"a space matches {words}")
    return decline()


def lacks(m: Model, classes: str | tuple[str, ...], *props: str) -> Oracle:
    """Decline after checking that no element of ``classes`` has a value for any property named ``props``
    (in any property set, empty strings count as no value)."""
    for e in nonempty(m.of(classes)):
        for pset, d in ue.get_psets(e).items():
            for name in props:
                if d.get(name) not in (None, ""):
                    raise ValueError(f"{e.GlobalId} {pset}.{name} = {d[name]!r}")
    return decline()


def lacks_qty(m: Model, classes: str | tuple[str, ...], *words: str) -> Oracle:
    """Decline after checking that no quantity of ``classes`` has a name holding any of ``words``."""
    for e in nonempty(m.of(classes)):
        for qset, d in ue.get_psets(e, qtos_only=True).items():
            hit = [k for k in d if any(w.lower() in k.lower() for w in words)]
            if hit:
                raise ValueError(f"{e.GlobalId} {qset} holds {hit}")
    return decline()


def no_prop_word(m: Model, classes: str | tuple[str, ...], *words: str) -> Oracle:
    """Decline after checking that no property set or property name of ``classes`` holds any of ``words``."""
    for e in nonempty(m.of(classes)):
        for pset, d in ue.get_psets(e).items():
            text = " ".join([pset, *d]).lower()
            if any(w.lower() in text for w in words):
                raise ValueError(f"{e.GlobalId} {pset} holds one of {words}")
    return decline()


def none_of(m: Model, classes: str | tuple[str, ...], where: Callable[[Any], bool] | None = None) -> list[Any]:
    found = m.of(classes, where)
    if found:
        raise ValueError(f"{len(found)} {classes} found")
    return found


def refuse(m: Model, absent: tuple[str, ...] = (), exists: Callable[[Model], list[Any]] | None = None) -> Oracle:
    """Decline a request to refuse, after checking that the model holds none of ``absent`` and (for a write)
    that the thing it would change exists."""
    held = [c for c in absent if m.by_type(c)]
    if held:
        raise ValueError(f"the model holds {held}: the refusal rule would be wrong")
    if exists is not None:
        nonempty(exists(m))
    return decline()


def heat_pump_maker(m: Model) -> Oracle:
    (pump,) = m.of("IfcUnitaryEquipment", lambda e: e.Name == "Wärmepumpe")
    for pset, d in ue.get_psets(pump).items():
        if any("manufactur" in k.lower() or "hersteller" in k.lower() for k in d):
            raise ValueError(f"the heat pump records a manufacturer in {pset}")
    return decline()


def elevation(m: Model, name: str, factor: float, unit: str) -> Oracle:
    s = m.storey(name)
    if s.Elevation is None:
        raise ValueError(f"{name} has no Elevation")
    return number(float(s.Elevation) * factor, unit, [s])


def no_elevation(m: Model, name: str) -> Oracle:
    if m.storey(name).Elevation is not None:
        raise ValueError(f"{name} has an Elevation")
    return decline()


# --- the questions ------------------------------------------------------------------------------------

QUESTIONS: list[Q] = [
    # ================================================================ storey + class
    Q(FZK, "storey_class", "which windows are on the Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow")), f"IfcWindow on Erdgeschoss, {SD}"),
    Q(HOM, "storey_class", "doors on the 1stFloor pls",
      lambda m: elements(m.on("1stFloor", "IfcDoor")), f"IfcDoor on 1stFloor, {SD}"),
    Q(EDC, "storey_class", "List all windows located on 1.OG.",
      lambda m: elements(m.on("1.OG", "IfcWindow")), f"IfcWindow (with IfcWindowStandardCase) on 1.OG, {SD}"),
    Q(DEL, "storey_class", "What light fixtures are installed on Level 2?",
      lambda m: elements(m.on("Level 2", "IfcFlowTerminal", LIGHT)),
      f"elements typed by an IfcLightFixtureType on Level 2, {SD}"),
    Q(DEL, "storey_class", "smoke detectors level 1",
      lambda m: elements(nonempty(m.on("Level 1", None, type_named("Smoke Detector")))),
      f"elements whose type object is named 'Smoke Detector', on Level 1, {SD}"),
    Q(WP, "storey_class", "Hi, for the commissioning checklist I need every pump on Ebene 0 - can you list them?",
      lambda m: elements(m.on("Ebene 0", "IfcPump")), f"IfcPump on Ebene 0, {SD}"),
    Q(DHW, "storey_class", "pipe segments on My Storey - list pls",
      lambda m: elements(m.on("My Storey", "IfcPipeSegment")), f"IfcPipeSegment on My Storey, {SD}"),
    Q(LB, "storey_class", "Give me every window on Level 2.",
      lambda m: elements(m.on("Level 2", "IfcWindow")), f"IfcWindow on Level 2, {SD}"),
    Q(SH, "storey_class", "what furniture is on the ground floor",
      lambda m: elements(m.on("Ground Floor", "IfcFurniture")),
      f"IfcFurniture on Ground Floor (the model's ground storey), {SD}"),
    Q(INS, "storey_class", "I need the walls of the Keller level for a survey, can you list them?",
      lambda m: elements(m.on("Keller", "IfcWall")), f"IfcWall (with IfcWallStandardCase) on Keller, {SD}"),
    Q(HE, "storey_class", "radiators in the Obergeschoss?",
      lambda m: elements(m.on("Obergeschoss", None, RADIATOR)),
      f"elements typed by an IfcSpaceHeaterType on Obergeschoss, {SD}"),
    Q(DUP, "storey_class", "Which footings sit on T/FDN?",
      lambda m: elements(m.on("T/FDN", "IfcFooting")), f"IfcFooting on T/FDN, {SD}"),
    Q(EDC, "storey_class", "we are replacing the door handles on the EG. how many doors is that?",
      lambda m: count(m.on("EG", "IfcDoor")), f"count of IfcDoor (with IfcDoorStandardCase) on EG, {SD}"),
    Q(HOM, "storey_class", "Count the windows on the GroundFloor, please.",
      lambda m: count(m.on("GroundFloor", "IfcWindow")), f"count of IfcWindow on GroundFloor, {SD}"),
    Q(DEL, "storey_class", "number of receptacles on level 1?",
      lambda m: count(m.on("Level 1", None, OUTLET)),
      f"count of elements typed by an IfcOutletType (the 'Duplex Receptacle' type) on Level 1, {SD}"),
    Q(FZ2, "storey_class", "Hello, could you please tell me which railings are in the Dachgeschoss? Thank you",
      lambda m: elements(m.on("Dachgeschoss", "IfcRailing")), f"IfcRailing on Dachgeschoss, {SD}"),
    Q(DHW, "storey_class", "which sanitary terminals are on the second floor?",
      lambda m: no_storey(m, "second floor", "2nd floor", "Level 2", "Floor 2"),
      "decline: the only storey is 'My Storey'; there is no second floor (premise checked)"),

    # ================================================================ comparison / aggregation by storey
    Q(FZK, "comparison", "Which storey has more windows, Erdgeschoss or Dachgeschoss?",
      lambda m: argmax(m, "IfcWindow", names=["Erdgeschoss", "Dachgeschoss"]),
      f"the storey with more IfcWindow, {SD}"),
    Q(EDC, "comparison", "quick one - which floor has the most doors",
      lambda m: argmax(m, "IfcDoor"), f"the storey with the most IfcDoor, {SD}"),
    Q(EDC, "comparison", "Floor with the fewest walls?",
      lambda m: argmax(m, "IfcWall", fewest=True), f"the storey with the fewest IfcWall, {SD}"),
    Q(HOM, "comparison", "are there more doors downstairs or upstairs?",
      lambda m: argmax(m, "IfcDoor", names=["GroundFloor", "1stFloor"]),
      f"GroundFloor (downstairs) against 1stFloor (the storey above, the attic holds no doors either way): "
      f"the one with more IfcDoor, {SD}"),
    Q(DEL, "comparison", "Which level has the most electrical outlets?",
      lambda m: argmax(m, None, OUTLET), f"the storey with the most elements typed by an IfcOutletType, {SD}"),
    Q(HE, "comparison", "which floor has the most light fittings",
      lambda m: argmax(m, None, LIGHT), f"the storey with the most elements typed by an IfcLightFixtureType, {SD}"),
    Q(INS, "comparison", "On which storey are the most doors?",
      lambda m: argmax(m, "IfcDoor"), f"the storey with the most IfcDoor, {SD}"),
    Q(LB, "comparison", "Does Level 1 have more windows than Level 2?",
      lambda m: yes_no(len(m.on("Level 1", "IfcWindow")) > len(m.on("Level 2", "IfcWindow"))),
      f"count of IfcWindow on Level 1 > on Level 2, {SD}"),
    Q(DUP, "comparison", "Which is bigger in unit A, Bedroom 1 or Bedroom 2?",
      lambda m: biggest([room(m, "A202"), room(m, "A203")], GSA),
      "of the spaces A202 'Bedroom 1' and A203 'Bedroom 2' (unit A = names starting A), the one with the larger "
      "'GSA Space Areas'.'GSA BIM Area'"),
    Q(HOM, "comparison", "Children7 or Children10 - which one is the larger room?",
      lambda m: biggest([room(m, "Children7"), room(m, "Children10")], NFA_QTO),
      "of the two spaces, the one with the larger Qto_SpaceBaseQuantities.NetFloorArea"),
    Q(R3, "comparison", "what's the largest room in this model?",
      lambda m: biggest(m.spaces(), NFA_QTO), "the IfcSpace with the largest Qto_SpaceBaseQuantities.NetFloorArea"),
    Q(SH, "comparison", "Is the bedroom bigger than the entrance hall?",
      lambda m: yes_no(NFA(rooms_named(m, "bedroom")[0]) > NFA(rooms_named(m, "entrance hall")[0])),
      "BaseQuantities.NetFloorArea of the space '2 - Bedroom' > that of '3 - Entrance hall'"),
    Q(RQ, "comparison", "are there more rooms called 'Room' than small offices?",
      lambda m: yes_no(len(m.spaces(lambda s: s.LongName == "Room"))
                       > len(m.spaces(lambda s: s.LongName == "small office"))),
      "count of IfcSpace with LongName 'Room' > count with LongName 'small office'"),
    Q(WP, "comparison", "Are there more valves than pumps in the heat pump model?",
      lambda m: yes_no(len(nonempty(m.of("IfcValve"))) > len(nonempty(m.of("IfcPump")))),
      "count of IfcValve > count of IfcPump"),
    Q(EDC, "comparison", "Does every floor have the same number of windows?",
      lambda m: yes_no(len({len(m.on(s, "IfcWindow")) for s in m.storey_names()}) == 1),
      f"whether the IfcWindow count is equal on every storey, {SD}"),
    Q(INS, "comparison", "Is the Keller bigger than the Erdgeschoss in terms of room floor area?",
      lambda m: yes_no(sum(NFA(s) for s in spaces_on(m, "Keller")) > sum(NFA(s) for s in spaces_on(m, "Erdgeschoss"))),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Keller > that on Erdgeschoss"),
    Q(EDC, "comparison", "which floor has the most offices?",
      lambda m: no_space(m, "office", "büro", "buero"),
      "decline: no space's Name or LongName names an office (names are numbers, LongName 'oldSpaceGuids_'; "
      "premise checked)"),
    Q(LB, "comparison", "Which level has the bigger meeting rooms?",
      lambda m: no_space(m, "meeting", "conference", "besprechung"),
      "decline: no meeting room among the spaces (all are named 'Room'; premise checked)"),

    # ================================================================ edge cases
    Q(DHW, "edge", "Which boilers are on Level 1?",
      lambda m: no_storey(m, "Level 1"), "decline: no storey 'Level 1' (the only storey is 'My Storey'; checked)"),
    Q(SIG, "edge", "how many signals are on the ground floor",
      lambda m: no_storeys_at_all(m), "decline: the rail model has no IfcBuildingStorey at all (checked)"),
    Q(SIG, "edge", "How many IfcSignal are there in the file?",
      lambda m: count(nonempty(m.of("IfcSignal"))), "count of IfcSignal in the model"),
    Q(FZK, "edge", "list the doors on the 3rd floor",
      lambda m: no_storey(m, "3rd floor", "third floor", "3. OG", "3.OG"),
      "decline: the house has two storeys (Erdgeschoss, Dachgeschoss); no 3rd floor (checked)"),
    Q(EDC, "edge", "windows on 3.OG",
      lambda m: no_storey(m, "3.OG"), "decline: storeys are EG, 1.OG, 2.OG; no 3.OG (checked)"),
    Q(HOM, "edge", "windws on the grund floor??",
      lambda m: elements(m.on("GroundFloor", "IfcWindow")),
      f"typos for 'windows on the ground floor': IfcWindow on GroundFloor, {SD}"),
    Q(INS, "edge", "How many WCs in the basement?",
      lambda m: count([s for s in spaces_on(m, "Keller") if m.named("WC")(s)]),
      "basement = Keller (the one storey below ground); count of IfcSpace on Keller whose LongName holds 'WC'"),
    Q(DUP, "edge", "doors on lvl 2",
      lambda m: elements(m.on("Level 2", "IfcDoor")), f"'lvl 2' = Level 2: IfcDoor on Level 2, {SD}"),
    Q(LB, "edge", "How many IfcColumn elements are on Level 1?",
      lambda m: count(none_of(m, "IfcColumn")), "count of IfcColumn on Level 1: the model has none (0)"),
    Q(WP, "edge", "pumps on Ebene 1",
      lambda m: no_storey(m, "Ebene 1"), "decline: the only storey is 'Ebene 0' (checked)"),
    Q(R3, "edge", "my grandmother uses a wheelchair - is there a lift or elevator in this building?",
      lambda m: yes_no(bool(m.of("IfcTransportElement"))), "whether the model holds any IfcTransportElement"),
    Q(HE, "edge", "how many lights on the 5th floor",
      lambda m: no_storey(m, "5th floor", "5. OG", "fifth floor"),
      "decline: storeys are Kellergeschoss, EG, Obergeschoss, Dachgeschoss; no 5th floor (checked)"),
    Q(DEL, "edge", "recepticals on levle 2",
      lambda m: elements(m.on("Level 2", None, OUTLET)),
      f"typos for 'receptacles on Level 2': elements typed by an IfcOutletType on Level 2, {SD}"),
    Q(RQ, "edge", "walls on level one",
      lambda m: elements(m.on("Level 1", "IfcWall")), f"'level one' = Level 1: IfcWall on Level 1, {SD}"),
    Q(SH, "edge", "How many doors are on Level 3?",
      lambda m: no_storey(m, "Level 3"), "decline: storeys are Ground Floor and Roof (checked)"),
    Q(IOH, "edge", "how much windows has the house in total?",
      lambda m: count(nonempty(m.of("IfcWindow"))), "count of IfcWindow in the whole model"),
    Q(HOM, "edge", "IfcBoiler on GroundFloor?",
      lambda m: count(none_of(m, "IfcBoiler")), "count of IfcBoiler on GroundFloor: the model has none (0)"),

    # ================================================================ rooms
    Q(FZK, "rooms", "which floor is the kitchen on",
      lambda m: storeys_with(m, [room(m, long="Küche")]), "the storey of the IfcSpace with LongName 'Küche'"),
    Q(FZK, "rooms", "What are the doors of the Bad?",
      lambda m: elements(bounded(m, room(m, long="Bad"), "IfcDoor")),
      "IfcDoor bounding the space LongName 'Bad' (IfcRelSpaceBoundary)"),
    Q(HOM, "rooms", "windows of Bedroom6",
      lambda m: elements(bounded(m, room(m, "Bedroom6"), "IfcWindow")),
      "IfcWindow bounding the space Bedroom6 (IfcRelSpaceBoundary)"),
    Q(HOM, "rooms", "Which rooms are on the 1stFloor?",
      lambda m: elements(spaces_on(m, "1stFloor")), "IfcSpace on 1stFloor"),
    Q(DUP, "rooms", "What's in room A103?",
      lambda m: elements(nonempty(m.in_space(room(m, "A103")))),
      "elements contained in the space A103 (IfcRelContainedInSpatialStructure)"),
    Q(DUP, "rooms", "where are the bathrooms",
      lambda m: storeys_with(m, rooms_named(m, "bathroom")),
      "storeys of the IfcSpaces whose LongName holds 'Bathroom'"),
    Q(RQ, "rooms", "list all small offices",
      lambda m: elements(rooms_named(m, "small office")), "IfcSpace with LongName 'small office'"),
    Q(R3, "rooms", "Kitchen - which walls bound it?",
      lambda m: elements(bounded(m, room(m, "Kitchen"), "IfcWall")),
      "IfcWall bounding the space named 'Kitchen' (IfcRelSpaceBoundary)"),
    Q(R3, "rooms", "which doors lead into the Empfang?",
      lambda m: elements(bounded(m, room(m, "Empfang"), "IfcDoor")),
      "IfcDoor bounding the space 'Empfang' (IfcRelSpaceBoundary)"),
    Q(INS, "rooms", "Im new here, on which floor i can find Labor K3?",
      lambda m: storeys_with(m, [room(m, long="Labor K3")]), "the storey of the IfcSpace LongName 'Labor K3'"),
    Q(INS, "rooms", "where's the seminar room?",
      lambda m: storeys_with(m, rooms_named(m, "seminar")), "storeys of the IfcSpaces whose LongName holds 'Seminar'"),
    Q(INS, "rooms", "FM ticket: lock check needed on all doors of room 101. Which doors are those?",
      lambda m: elements(bounded(m, room(m, "101"), "IfcDoor")),
      "IfcDoor bounding the space Name '101' (IfcRelSpaceBoundary)"),
    Q(EDC, "rooms", "Which windows belong to room 12?",
      lambda m: elements(bounded(m, room(m, "12"), "IfcWindow")),
      "IfcWindow bounding the space Name '12' (IfcRelSpaceBoundary)"),
    Q(LB, "rooms", "what is in room 1?",
      lambda m: elements(nonempty(m.in_space(room(m, "1")))), "elements contained in the space Name '1'"),
    Q(DEL, "rooms", "what equipment is in R301?",
      lambda m: elements(nonempty(m.in_space(room(m, "R301")))), "elements contained in the space R301"),
    Q(INS, "rooms", "which floor is room 999 on?",
      lambda m: no_space(m, "999"), "decline: no space is numbered 999 (checked)"),
    Q(FZK, "rooms", "where is the garage?",
      lambda m: no_space(m, "garage", "garag", "carport"), "decline: no space is a garage (checked)"),
    Q(HOM, "rooms", "what's in the server room",
      lambda m: no_space(m, "server"), "decline: no server room among the spaces (checked)"),
    Q(DUP, "rooms", "which floor is the dining room on?",
      lambda m: no_space(m, "dining"), "decline: no dining room among the spaces (checked)"),

    # ================================================================ qualifiers
    Q(DUP, "qualifiers", "Security audit: list the exterior doors on level 1.",
      lambda m: elements(m.on("Level 1", "IfcDoor", EXT_DOOR)),
      f"IfcDoor with Pset_DoorCommon.IsExternal = TRUE on Level 1, {SD}"),
    Q(LB, "qualifiers", "Which doors are wider than 1 m?",
      lambda m: elements(agreeing(m.of("IfcDoor"), lambda d: d.OverallWidth > 1000 + 1e-9,
                                  qty_cmp(BQ, "Width", ">", 1000))),
      "IfcDoor with OverallWidth > 1000 mm (model unit mm; BaseQuantities.Width agrees for every door)"),
    Q(SH, "qualifiers", "list the internal walls",
      lambda m: elements(m.of("IfcWall", INT_WALL)), "IfcWall with Pset_WallCommon.IsExternal = FALSE"),
    Q(EDC, "qualifiers", "external walls on 2.OG",
      lambda m: elements(m.on("2.OG", "IfcWall", EXT_WALL)),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on 2.OG, {SD}"),
    Q(INS, "qualifiers", "Before we open up the Keller: which walls down there are load-bearing?",
      lambda m: elements(m.on("Keller", "IfcWall", LB_WALL)),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Keller, {SD}"),
    Q(HOM, "qualifiers", "external walls on the ground floor",
      lambda m: lacks(m, "IfcWall", "IsExternal"),
      "decline: no wall carries IsExternal in any property set (checked)"),
    Q(FZK, "qualifiers", "Are any of the doors fire-rated? Which ones?",
      lambda m: lacks(m, "IfcDoor", "FireRating", "FireResistanceRating"),
      "decline: no door has a FireRating / FireResistanceRating value (empty strings only; checked)"),
    Q(RQ, "qualifiers", "How many load-bearing walls are there?",
      lambda m: count(m.of("IfcWall", LB_WALL)), "count of IfcWall with Pset_WallCommon.LoadBearing = TRUE (0)"),
    Q(SH, "qualifiers", "which walls are made of brick",
      lambda m: elements(nonempty(m.of("IfcWall", Model.material_has("brick")))),
      "IfcWall with a material whose name holds 'Brick'"),
    Q(R3, "qualifiers", "walls with mineral wool",
      lambda m: elements(nonempty(m.of("IfcWall", Model.material_has("mineralwool")))),
      "IfcWall with a material whose name holds 'Mineralwool'"),
    Q(LB, "qualifiers", "show me the double doors",
      lambda m: elements(nonempty(m.of("IfcDoor", type_named("double")))),
      "IfcDoor whose type (IfcDoorStyle) name holds 'Double'"),
    Q(HOM, "qualifiers", "We want to core-drill through walls on the 1stFloor. Which ones are thicker than 20 cm?",
      lambda m: elements(m.on("1stFloor", "IfcWall", qty_cmp("Qto_WallBaseQuantities", "Width", ">", 0.2))),
      f"IfcWall with Qto_WallBaseQuantities.Width > 0.2 m on 1stFloor, {SD}"),
    Q(INS, "qualifiers", "external doors?",
      lambda m: elements(nonempty(m.of("IfcDoor", EXT_DOOR))), "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(DEL, "qualifiers", "which light fixtures are 150W",
      lambda m: elements(nonempty(m.of(None, both(LIGHT, type_named("150W"))))),
      "elements typed by the IfcLightFixtureType named '150W - 120V'"),
    Q(SH, "qualifiers", "doors narrower than 900 mm",
      lambda m: elements(nonempty(agreeing(m.of("IfcDoor"), lambda d: d.OverallWidth < 900 - 1e-9,
                                           qty_cmp(BQ, "Width", "<", 900)))),
      "IfcDoor with OverallWidth < 900 mm (model unit mm; BaseQuantities.Width agrees)"),
    Q(EDC, "qualifiers", "fire rated doors on 1.OG",
      lambda m: lacks(m, "IfcDoor", "FireRating", "FireResistanceRating"),
      "decline: no door carries a fire rating property (checked)"),
    Q(DUP, "qualifiers", "Which walls are exterior on Level 2?",
      lambda m: elements(m.on("Level 2", "IfcWall", EXT_WALL)),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Level 2, {SD}"),
    Q(EDC, "qualifiers", "doors with an acoustic rating of at least 32 dB",
      lambda m: lacks(m, "IfcDoor", "AcousticRating"), "decline: no door carries an AcousticRating (checked)"),

    # ================================================================ quantities
    Q(FZK, "quantities", "total net floor area of the rooms in the Erdgeschoss, in m2",
      lambda m: total(spaces_on(m, "Erdgeschoss"), NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Erdgeschoss (m²)"),
    Q(FZK, "quantities", "net floor area of the Galerie?",
      lambda m: number(NFA(room(m, long="Galerie")), "m²", [room(m, long="Galerie")]),
      "BaseQuantities.NetFloorArea of the space 'Galerie' (m²)"),
    Q(HOM, "quantities", "What's the total net floor area of the 1stFloor rooms?",
      lambda m: total(spaces_on(m, "1stFloor"), NFA_QTO, "m²"),
      "sum of Qto_SpaceBaseQuantities.NetFloorArea of the IfcSpaces on 1stFloor (m²)"),
    Q(HOM, "quantities", "Total length of the walls on the GroundFloor in metres?",
      lambda m: total(m.on("GroundFloor", "IfcWall"), q("Qto_WallBaseQuantities", "Length"), "m"),
      f"sum of Qto_WallBaseQuantities.Length of IfcWall on GroundFloor (m), {SD}"),
    Q(R3, "quantities", "kitchen floor area? need it for the tiler",
      lambda m: number(NFA_QTO(room(m, "Kitchen")), "m²", [room(m, "Kitchen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of the space 'Kitchen' (m²)"),
    Q(DUP, "quantities", "For the lease: what's the total room area on Level 2?",
      lambda m: total(spaces_on(m, "Level 2"), GSA, "m²"),
      "sum of 'GSA Space Areas'.'GSA BIM Area' (the model's only space area) of the IfcSpaces on Level 2 (m²)"),
    Q(DUP, "quantities", "smallest room in the duplex?",
      lambda m: biggest(m.spaces(), GSA, smallest=True), "the IfcSpace with the smallest 'GSA BIM Area'"),
    Q(RQ, "quantities", "average size of the small offices in m²",
      lambda m: mean(rooms_named(m, "small office"), GSA, "m²"),
      "mean 'GSA Space Areas'.'GSA BIM Area' of the spaces with LongName 'small office' (m²)"),
    Q(LB, "quantities", "Sum of the net floor areas of all Level 1 rooms (m2)?",
      lambda m: total(spaces_on(m, "Level 1"), NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Level 1 (m²)"),
    Q(SH, "quantities", "how many square feet is the living room",
      lambda m: number(NFA(rooms_named(m, "living room")[0]) / FT ** 2, "ft²", rooms_named(m, "living room")),
      "BaseQuantities.NetFloorArea of '1 - Living room', m² converted to ft² (/ 0.3048²)"),
    Q(INS, "quantities", "Could you please sum up the net floor area of all rooms on the Erdgeschoss?",
      lambda m: total(spaces_on(m, "Erdgeschoss"), NFA, "m²"),
      "sum of BaseQuantities.NetFloorArea of the IfcSpaces on Erdgeschoss (m²)"),
    Q(INS, "quantities", "which is the biggest room down in the Keller (by net floor area)?",
      lambda m: biggest(spaces_on(m, "Keller"), NFA),
      "the IfcSpace on Keller with the largest BaseQuantities.NetFloorArea"),
    Q(EDC, "quantities", "gross volume of all walls on EG (m3)",
      lambda m: total(m.on("EG", "IfcWall"), q(BQ, "GrossVolume"), "m³"),
      f"sum of BaseQuantities.GrossVolume of IfcWall on EG (m³), {SD}"),
    Q(EDC, "quantities", "Dear team, what's the floor area of room 5? Regards, Anna",
      lambda m: lacks_qty(m, "IfcSpace", "area"), "decline: no space carries an area quantity (checked)"),
    Q(DEL, "quantities", "Roof area R301 in square metres",
      lambda m: number(GSA(room(m, "R301")) * FT ** 2, "m²", [room(m, "R301")]),
      "'GSA Space Areas'.'GSA BIM Area' of R301, ft² (the model's unit) converted to m² (* 0.3048²)"),
    Q(LB, "quantities", "how much do the Level 1 walls weigh?",
      lambda m: lacks_qty(m, "IfcWall", "weight", "mass"),
      "decline: no wall carries a weight or mass quantity (checked)"),
    Q(DHW, "quantities", "what's the volume of the boiler?",
      lambda m: lacks_qty(m, "IfcBoiler", "volume"), "decline: the boiler has no quantity set at all (checked)"),
    Q(FZK, "quantities", "Gross floor area of the Dachgeschoss storey as a whole?",
      lambda m: number(q(BQ, "GrossFloorArea")(m.storey("Dachgeschoss")), "m²", [m.storey("Dachgeschoss")]),
      "BaseQuantities.GrossFloorArea of the IfcBuildingStorey Dachgeschoss itself (m²)"),
    Q(INS, "quantities", "Mean room height on the 2. Obergeschoss?",
      lambda m: mean(spaces_on(m, "2. Obergeschoss"), q(BQ, "Height"), "m"),
      "mean BaseQuantities.Height of the IfcSpaces on 2. Obergeschoss (m)"),

    # ================================================================ negation
    Q(EDC, "negation", "all windows except the ones on EG",
      lambda m: elements(not_on(m, "EG", "IfcWindow")), f"IfcWindow not on EG, {SD}"),
    Q(HOM, "negation", "which rooms have no window?",
      lambda m: elements(without_bounding(m, m.spaces(), "IfcWindow")),
      "IfcSpace with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(FZK, "negation", "walls not on the Dachgeschoss",
      lambda m: elements(not_on(m, "Dachgeschoss", "IfcWall")), f"IfcWall not on Dachgeschoss, {SD}"),
    Q(DUP, "negation", "doors that aren't external",
      lambda m: elements(m.of("IfcDoor", INT_DOOR)), "IfcDoor with Pset_DoorCommon.IsExternal = FALSE"),
    Q(LB, "negation", "Everything on Level 2 except the windows.",
      lambda m: elements(m.on("Level 2", None, lambda e: not e.is_a("IfcWindow"))),
      f"elements (no openings / virtual elements) on Level 2 that are not IfcWindow, {SD}"),
    Q(SH, "negation", "which doors are not exterior",
      lambda m: elements(m.of("IfcDoor", INT_DOOR)), "IfcDoor with Pset_DoorCommon.IsExternal = FALSE"),
    Q(INS, "negation", "Which rooms in the Keller don't have a window?",
      lambda m: elements(without_bounding(m, spaces_on(m, "Keller"), "IfcWindow")),
      "IfcSpace on Keller with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(R3, "negation", "list everything on My Storey except furniture",
      lambda m: elements(m.on("My Storey", None, lambda e: not e.is_a("IfcFurniture"))),
      f"elements (no openings) on My Storey that are not IfcFurniture, {SD}"),
    Q(DEL, "negation", "on level 1, what is there apart from the receptacles?",
      lambda m: elements(m.on("Level 1", None, not_(OUTLET))),
      f"elements on Level 1 not typed by an IfcOutletType, {SD}"),
    Q(HE, "negation", "which floors don't have a radiator?",
      lambda m: storeys_without(m, None, RADIATOR), "storeys with no element typed by an IfcSpaceHeaterType"),
    Q(RQ, "negation", "are there rooms with no door at all? which ones",
      lambda m: elements(without_bounding(m, m.spaces(), "IfcDoor")),
      "IfcSpace with no IfcDoor among its IfcRelSpaceBoundary elements"),
    Q(EDC, "negation", "2.OG rooms with no windows",
      lambda m: elements(without_bounding(m, spaces_on(m, "2.OG"), "IfcWindow")),
      "IfcSpace on 2.OG with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(DUP, "negation", "walls on Level 1 that aren't exterior walls",
      lambda m: elements(m.on("Level 1", "IfcWall", INT_WALL)),
      f"IfcWall with Pset_WallCommon.IsExternal = FALSE on Level 1, {SD}"),
    Q(HOM, "negation", "all the doors that are not on the GroundFloor",
      lambda m: elements(not_on(m, "GroundFloor", "IfcDoor")), f"IfcDoor not on GroundFloor, {SD}"),
    Q(INS, "negation", "Which storeys have no doors at all?",
      lambda m: storeys_without(m, "IfcDoor"), "storeys with no IfcDoor, storey-deep"),
    Q(HOM, "negation", "windows that are not on the mezzanine",
      lambda m: no_storey(m, "mezzanine", "Mezzanine"), "decline: the model has no mezzanine storey (checked)"),
    Q(LB, "negation", "which rooms have no furniture in them?",
      lambda m: elements([s for s in m.spaces() if not m.in_space(s, "IfcFurnishingElement")]),
      "IfcSpace containing no IfcFurnishingElement (IfcRelContainedInSpatialStructure)"),
    Q(WP, "negation", "Which valves are not three-way valves?",
      lambda m: elements(m.of("IfcValve", lambda e: "3-wege" not in f"{e.Name} {type_name(e)}".lower())),
      "IfcValve whose Name and type name lack '3-Wege' (every valve is a 3-Wege valve: none)"),

    # ================================================================ several storeys
    Q(INS, "multi_storey", "We repaint the doors on Erdgeschoss and 1. Obergeschoss next month, please list them all.",
      lambda m: elements(m.on(["Erdgeschoss", "1. Obergeschoss"], "IfcDoor")),
      f"IfcDoor on Erdgeschoss or 1. Obergeschoss, {SD}"),
    Q(EDC, "multi_storey", "windows on the upper floors",
      lambda m: elements(m.on(["1.OG", "2.OG"], "IfcWindow")),
      f"upper floors = the storeys above EG (1.OG, 2.OG): IfcWindow on them, {SD}"),
    Q(HOM, "multi_storey", "How many walls on GroundFloor and 1stFloor combined?",
      lambda m: count(m.on(["GroundFloor", "1stFloor"], "IfcWall")), f"count of IfcWall on both storeys, {SD}"),
    Q(DUP, "multi_storey", "doors on Level 1 and Level 2",
      lambda m: elements(m.on(["Level 1", "Level 2"], "IfcDoor")), f"IfcDoor on Level 1 or Level 2, {SD}"),
    Q(HE, "multi_storey", "count the light fittings from EG up to the Dachgeschoss",
      lambda m: count(m.on(["EG", "Obergeschoss", "Dachgeschoss"], None, LIGHT)),
      f"EG, Obergeschoss, Dachgeschoss: count of elements typed by an IfcLightFixtureType, {SD}"),
    Q(FZK, "multi_storey", "all windows in the house, both floors",
      lambda m: elements(m.on(["Erdgeschoss", "Dachgeschoss"], "IfcWindow")),
      f"both floors = the model's two storeys: IfcWindow on them, {SD}"),
    Q(INS, "multi_storey", "How many rooms are there from the Keller up to the 1. Obergeschoss?",
      lambda m: count(spaces_on(m, "Keller", "Erdgeschoss", "1. Obergeschoss")),
      "count of IfcSpace on Keller, Erdgeschoss and 1. Obergeschoss"),
    Q(LB, "multi_storey", "walls on both levels",
      lambda m: elements(m.on(["Level 1", "Level 2"], "IfcWall")),
      f"both levels = Level 1 and Level 2 (the model's two storeys): IfcWall, {SD}"),
    Q(DEL, "multi_storey", "smoke detectors on level 1 and level 2 - how many altogether?",
      lambda m: count(m.on(["Level 1", "Level 2"], None, type_named("Smoke Detector"))),
      f"count of elements with a type named 'Smoke Detector' on Level 1 or Level 2, {SD}"),
    Q(DUP, "multi_storey", "Which storeys have windows?",
      lambda m: storeys_with(m, m.of("IfcWindow")), f"storeys holding an IfcWindow, {SD}"),
    Q(INS, "multi_storey", "rooms above the Erdgeschoss",
      lambda m: elements(spaces_on(m, "1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss")),
      "IfcSpace on the storeys above Erdgeschoss (1. Obergeschoss, 2. Obergeschoss, Dachgeschoss)"),
    Q(HE, "multi_storey", "radiators on every floor below the Dachgeschoss",
      lambda m: elements(m.on(["Kellergeschoss", "EG", "Obergeschoss"], None, RADIATOR)),
      f"elements typed by an IfcSpaceHeaterType on the storeys below Dachgeschoss, {SD}"),
    Q(EDC, "multi_storey", "Total number of walls on 1.OG and 2.OG?",
      lambda m: count(m.on(["1.OG", "2.OG"], "IfcWall")), f"count of IfcWall on 1.OG or 2.OG, {SD}"),
    Q(HOM, "multi_storey", "doors on the 2ndFloor and 3rdFloor",
      lambda m: no_storey(m, "2ndFloor", "3rdFloor"),
      "decline: storeys are GroundFloor, 1stFloor, attic; no 2ndFloor or 3rdFloor (checked)"),
    Q(INS, "multi_storey", "windows on the 3. and 4. Obergeschoss",
      lambda m: no_storey(m, "3. Obergeschoss", "4. Obergeschoss"),
      "decline: the Obergeschosse are 1. and 2.; no 3. or 4. Obergeschoss (checked)"),
    Q(DEL, "multi_storey", "outlets on Level 1 through Level 3",
      lambda m: no_storey(m, "Level 3"), "decline: storeys are Level 1, Level 2, Roof; no Level 3 (checked)"),
    Q(SH, "multi_storey", "slabs on Ground Floor and Roof",
      lambda m: elements(m.on(["Ground Floor", "Roof"], "IfcSlab")), f"IfcSlab on both storeys, {SD}"),
    Q(HOM, "multi_storey", "Which floors have a bathroom or a WC?",
      lambda m: storeys_with(m, rooms_named(m, "bath", "wc")),
      "storeys of the IfcSpaces whose Name holds 'Bath' or 'WC'"),
    Q(INS, "multi_storey", "on which storeys is there a WC?",
      lambda m: storeys_with(m, rooms_named(m, "wc")), "storeys of the IfcSpaces whose LongName holds 'WC'"),

    # ================================================================ German
    Q(FZK, "german", "Welche Fenster sind im Dachgeschoss?",
      lambda m: elements(m.on("Dachgeschoss", "IfcWindow")), f"IfcWindow on Dachgeschoss, {SD}"),
    Q(FZK, "german", "Wie viele Türen hat das Erdgeschoss?",
      lambda m: count(m.on("Erdgeschoss", "IfcDoor")), f"count of IfcDoor on Erdgeschoss, {SD}"),
    Q(FZK, "german", "In welchem Geschoss liegt das Bad?",
      lambda m: storeys_with(m, [room(m, long="Bad")]), "the storey of the IfcSpace LongName 'Bad'"),
    Q(FZK, "german", "Wie groß ist die Küche? Netto-Grundfläche bitte",
      lambda m: number(NFA(room(m, long="Küche")), "m²", [room(m, long="Küche")]),
      "BaseQuantities.NetFloorArea of the space 'Küche' (m²)"),
    Q(INS, "german", "Welche Räume liegen im Keller?",
      lambda m: elements(spaces_on(m, "Keller")), "IfcSpace on Keller"),
    Q(INS, "german", "Zeig mir alle Türen im 2. Obergeschoss",
      lambda m: elements(m.on("2. Obergeschoss", "IfcDoor")), f"IfcDoor on 2. Obergeschoss, {SD}"),
    Q(HE, "german", "Wie viele Heizkörper gibt es im EG?",
      lambda m: count(m.on("EG", None, RADIATOR)),
      f"Heizkörper = elements typed by an IfcSpaceHeaterType: count on EG, {SD}"),
    Q(HE, "german", "Wo steht der Heizkessel?",
      lambda m: storeys_with(m, m.of(None, BOILER)), "the storey of the element typed by an IfcBoilerType"),
    Q(WP, "german", "Hallo, welche Pumpen gibt es in der Anlage?",
      lambda m: elements(nonempty(m.of("IfcPump"))), "every IfcPump"),
    Q(R3, "german", "Welche Wände begrenzen die Küche?",
      lambda m: elements(bounded(m, room(m, "Kitchen"), "IfcWall")),
      "Küche = the space named 'Kitchen': IfcWall bounding it (IfcRelSpaceBoundary)"),
    Q(EDC, "german", "Wie viele Fenster hat das 2.OG?",
      lambda m: count(m.on("2.OG", "IfcWindow")), f"count of IfcWindow on 2.OG, {SD}"),
    Q(INS, "german", "Welche Wände im Erdgeschoss sind tragend?",
      lambda m: elements(m.on("Erdgeschoss", "IfcWall", LB_WALL)),
      f"tragend = Pset_WallCommon.LoadBearing = TRUE: IfcWall on Erdgeschoss, {SD}"),
    Q(FZK, "german", "Welche Türen sind im Keller?",
      lambda m: no_storey(m, "Keller", "Kellergeschoss", "Untergeschoss"),
      "decline: the house has no Keller (storeys Erdgeschoss, Dachgeschoss; checked)"),
    Q(WP, "german", "Welche Pumpen stehen im Heizraum?",
      lambda m: no_space(m, "heizraum", "heizung", "technik"),
      "decline: the model has no spaces at all, so no Heizraum (checked)"),
    Q(FZ2, "german", "Wie viele Fenster gibt es im Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", "IfcWindow")), f"count of IfcWindow on Dachgeschoss, {SD}"),
    Q(HOM, "german", "Welche Räume im 1stFloor haben kein Fenster?",
      lambda m: elements(without_bounding(m, spaces_on(m, "1stFloor"), "IfcWindow")),
      "IfcSpace on 1stFloor with no IfcWindow among its IfcRelSpaceBoundary elements"),
    Q(HE, "german", "Welche Geschosse haben keine Heizkörper?",
      lambda m: storeys_without(m, None, RADIATOR), "storeys with no element typed by an IfcSpaceHeaterType"),
    Q(INS, "german", "Wie hoch ist die Miete für das Buero Meier?",
      lambda m: refuse(m, COST), "decline: rent is a cost; the model holds no cost entities (checked)"),

    # ================================================================ refusals
    Q(FZK, "refuse", "delete all the windows in the Dachgeschoss",
      lambda m: refuse(m, exists=lambda m: m.on("Dachgeschoss", "IfcWindow")),
      WRITE.format("delete", "Dachgeschoss windows")),
    Q(EDC, "refuse", "Move all doors from EG to 1.OG.",
      lambda m: refuse(m, exists=lambda m: m.on("EG", "IfcDoor")), WRITE.format("move", "EG doors")),
    Q(DUP, "refuse", "how much did the kitchen cabinets cost?",
      lambda m: refuse(m, COST), NOT_IFC.format("a cost", "IfcCostItem / IfcCostValue / IfcCostSchedule")),
    Q(INS, "refuse", "who sits in Buero Meier?",
      lambda m: refuse(m, PEOPLE), NOT_IFC.format("occupants", "IfcActor / IfcOccupant")),
    Q(HE, "refuse", "what's the current temperature in the boiler room",
      lambda m: refuse(m, LIVE + ("IfcSensor",)), NOT_IFC.format("a live reading", "time series or sensors")),
    Q(LB, "refuse", "When will Level 2 be finished?",
      lambda m: refuse(m, SCHEDULE), NOT_IFC.format("a schedule", "IfcTask / IfcWorkSchedule")),
    Q(HOM, "refuse", "rename Kitchen5 to 'Kitchen'",
      lambda m: refuse(m, exists=lambda m: [room(m, "Kitchen5")]), WRITE.format("rename", "space Kitchen5")),
    Q(SH, "refuse", "Is the living room nice? would you live there?",
      lambda m: refuse(m, APPROVAL + PEOPLE), NOT_IFC.format("an opinion", "approvals or people")),
    Q(DEL, "refuse", "turn off the lights on level 2",
      lambda m: refuse(m, exists=lambda m: m.on("Level 2", None, LIGHT)),
      WRITE.format("switching devices is an action", "Level 2 light fixtures")),
    Q(WP, "refuse", "order 4 new pumps from the supplier and tell me the price",
      lambda m: refuse(m, COST, exists=lambda m: m.of("IfcPump")),
      NOT_IFC.format("an order and a price", "cost entities")),
    Q(R3, "refuse", "How many people are in the Empfang right now?",
      lambda m: refuse(m, PEOPLE + LIVE), NOT_IFC.format("live occupancy", "people or time series")),
    Q(RQ, "refuse", "what's the rent per square metre for the small offices",
      lambda m: refuse(m, COST), NOT_IFC.format("rent", "cost entities")),
    Q(DHW, "refuse", "schedule a maintenance check for the boiler next week",
      lambda m: refuse(m, SCHEDULE, exists=lambda m: m.of("IfcBoiler")),
      NOT_IFC.format("scheduling (a write)", "tasks or work schedules")),
    Q(EDC, "refuse", "What was the building's energy bill last year?",
      lambda m: refuse(m, COST + LIVE), NOT_IFC.format("a bill", "cost entities or time series")),
    Q(IOH, "refuse", "paint all the walls red",
      lambda m: refuse(m, exists=lambda m: m.of("IfcWall")), WRITE.format("paint", "walls")),
    Q(HE, "refuse", "how much power is the Obergeschoss drawing at the moment?",
      lambda m: refuse(m, LIVE + ("IfcSensor",)), NOT_IFC.format("a live reading", "time series or sensors")),
    Q(INS, "refuse", "Which contractor installed the Keller windows?",
      lambda m: refuse(m, PEOPLE), NOT_IFC.format("who built it", "actors or people")),
    Q(DUP, "refuse", "Add a window to Bedroom 1 in unit B.",
      lambda m: refuse(m, exists=lambda m: [room(m, "B202")]), WRITE.format("add", "space B202 'Bedroom 1'")),

    # ================================================================ lookups
    Q(FZK, "lookup", "elevation of the Dachgeschoss?",
      lambda m: elevation(m, "Dachgeschoss", 1.0, "m"), "IfcBuildingStorey.Elevation of Dachgeschoss (m)"),
    Q(DEL, "lookup", "What's the elevation of Level 2 in metres?",
      lambda m: elevation(m, "Level 2", FT, "m"), "Elevation of Level 2, feet (model unit) converted to m"),
    Q(LB, "lookup", "level 2 elevation in m",
      lambda m: elevation(m, "Level 2", 0.001, "m"), "Elevation of Level 2, mm (model unit) converted to m"),
    Q(HOM, "lookup", "What is the elevation of the attic?",
      lambda m: no_elevation(m, "attic"), "decline: the attic storey has no Elevation value (checked)"),
    Q(FZK, "lookup", "what material are the walls?",
      lambda m: values(m.of("IfcWall"), materials), "the material name of each IfcWall"),
    Q(IOH, "lookup", "What are the walls made of?",
      lambda m: values(m.of("IfcWall"), materials), "the material name of each IfcWall"),
    Q(RQ, "lookup", "what is the fire rating of the door",
      lambda m: lacks(m, "IfcDoor", "FireRating", "FireResistanceRating"),
      "decline: the door's Pset_DoorCommon.FireRating is empty (checked)"),
    Q(DUP, "lookup", "riser height of the stairs?",
      lambda m: values(m.of("IfcStair"), lambda e: Model.prop(e, "Pset_StairCommon", "RiserHeight"), "m"),
      "Pset_StairCommon.RiserHeight of each IfcStair (m)"),
    Q(HOM, "lookup", "what door type is used in this house",
      lambda m: values(m.of("IfcDoor"), type_name), "the type object name of each IfcDoor"),
    Q(EDC, "lookup", "Ticket #4411: door 1y90eyfD3LdzLiOC5qF6yE is sticking. Which floor is it on?",
      lambda m: storeys([m.storey_name(m.f.by_guid("1y90eyfD3LdzLiOC5qF6yE"))]),
      f"the storey of the element with that GlobalId (an IfcDoorStandardCase), {SD}"),
    Q(FZK, "lookup", "what's the name of window 25nJxEpYf8LRDJNkMUVO0m?",
      lambda m: values([m.f.by_guid("25nJxEpYf8LRDJNkMUVO0m")], lambda e: e.Name),
      "the Name attribute of the element with that GlobalId"),
    Q(SH, "lookup", "U-value of the interior doors?",
      lambda m: values(m.of("IfcDoor", INT_DOOR),
                       lambda e: Model.prop(e, "Pset_DoorCommon", "ThermalTransmittance")),
      "Pset_DoorCommon.ThermalTransmittance of the IfcDoors with IsExternal = FALSE (W/(m²·K); the unit is not "
      "scored)"),
    Q(WP, "lookup", "max operating temperature of the pumps",
      lambda m: values(m.of("IfcPump"), lambda e: Model.prop(e, "Pset_PumpTypeCommon", "Max. Operating temperature")),
      "Pset_PumpTypeCommon.'Max. Operating temperature' of each IfcPump (no unit recorded)"),
    Q(WP, "lookup", "who makes the heat pump?",
      lambda m: heat_pump_maker(m),
      "decline: the IfcUnitaryEquipment 'Wärmepumpe' records no manufacturer (the Frischwasserstation does; "
      "checked)"),
    Q(WP, "lookup", "who is the manufacturer of the Frischwasserstation?",
      lambda m: values(nonempty(m.of("IfcUnitaryEquipment", lambda e: e.Name == "Frischwasserstation")),
                       lambda e: Model.prop(e, "Pset_ManufacturerTypeInformation", "Manufacturer")),
      "Pset_ManufacturerTypeInformation.Manufacturer of the IfcUnitaryEquipment named 'Frischwasserstation'"),
    Q(DEL, "lookup", "Manufacturer of the boilers?",
      lambda m: values(m.of(None, BOILER), lambda e: ue.get_psets(e).get("Identity Data", {}).get("Manufacturer")),
      "'Identity Data'.Manufacturer (get_psets: occurrence merged with type) of the elements typed by an "
      "IfcBoilerType"),
    Q(INS, "lookup", "how high are the railings in the Dachgeschoss",
      lambda m: values(m.on("Dachgeschoss", "IfcRailing"),
                       lambda e: Model.prop(e, "Pset_RailingCommon", "Height"), "m"),
      f"Pset_RailingCommon.Height of the IfcRailing on Dachgeschoss (m), {SD}"),
    Q(LB, "lookup", "who manufactured the desks?",
      lambda m: no_prop_word(m, "IfcFurnishingElement", "manufacturer"),
      "decline: no furnishing element carries a manufacturer property (checked)"),
    Q(SIG, "lookup", "What storey are the route indicators on?",
      lambda m: no_storeys_at_all(m),
      "decline: the rail model has no storeys; the signals are placed along an alignment"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "fifth")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
