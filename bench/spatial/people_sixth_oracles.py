"""Issue 22's sixth people question set (written blind): each question's oracle, computed with plain IfcOpenShell.

    python bench/spatial/people_sixth_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Writes ``people_sixth.json`` (the people format: ``{id, query, ifc_filename, kind, oracle, oracle_rule, source}``,
ids ``sixth-KIND-NN``), scored by ``ifcqa spatial-bench``. ``--check`` writes nothing and exits 1 when the
committed file differs from what this script computes, 2 without the models.

The set was written without reading the spatial parser, its data files or the questions of any earlier set (see
``bench/spatial/README.md``, section "people_sixth.json"). Nothing here goes through ifcqa: every oracle is a small
function of the model opened with ``ifcopenshell.open``, through the ``Model`` walks and oracle builders of
``people_oracles.py`` (storey-deep containment, spaces, space boundaries, psets, types, materials) and the few
helpers below. Semantics, as in ``people_oracles.py``:

* **on a storey** is storey-deep: contained in the storey, in one of its spaces, or aggregated into / filling an
  element that is;
* **a class word** is the IFC class with its subtypes; IFC2X3 generic MEP occurrences are identified by their type
  object's class (a radiator is an element typed by ``IfcSpaceHeaterType``), as each rule says;
* **in room X** is contained in the space; **the doors / windows of room X** are its IfcRelSpaceBoundary elements;
* a room by function is a space whose Name / LongName (or, where the rule says, Pset_SpaceCommon.Category) holds
  the word;
* booleans need the explicit value; numbers are converted to the unit the question asks, from the model's unit;
* **decline**: every decline asserts its premise (the storey / room / property / quantity really is absent, no
  string of the file holds the ungrounded word, no cost / schedule / occupant / time-series entity exists, or, for a
  write, the thing it would change does exist).
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    STOREY_DEEP,
    Model,
    Oracle,
    Q,
    count,
    decline,
    dumps,  # noqa: F401  (the tests read dumps through this module)
    elements,
    number,
    set_main,
    storeys,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_sixth.json"

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

SD = STOREY_DEEP
FT = 0.3048  # metres per foot (Duplex_Electrical's length unit)

# --- small helpers beside people_oracles ----------------------------------------------------------------------


def values(es: Iterable[Any], get: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup over several elements: the distinct values with how many elements hold each (None: not recorded)."""
    es = list(dict.fromkeys(es))
    if not es:
        raise ValueError("a values oracle needs elements")
    tally: Counter[Any] = Counter()
    for e in es:
        v = get(e)
        if isinstance(v, float):
            v = float(f"{v:.6g}")
        tally[v] += 1
    rows = sorted(([v, n] for v, n in tally.items()), key=lambda r: (r[0] is None, str(r[0])))
    return {"type": "values", "value": rows, "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def _norm(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def no_storey(m: Model, *names: str) -> Oracle:
    """Decline: no storey is named (Name or LongName, case- and space-insensitive) any of ``names``."""
    have = {_norm(s.Name) for s in m.f.by_type("IfcBuildingStorey")} | {
        _norm(s.LongName) for s in m.f.by_type("IfcBuildingStorey")}
    for name in names:
        if _norm(name) in have:
            raise ValueError(f"storey {name!r} does exist")
    return decline()


def _strings(m: Model) -> list[str]:
    """Every string the file holds: entity attributes, and wrapped values (IfcLabel, IfcText ...) in lists."""
    out: list[str] = []

    def collect(v: Any) -> None:
        if isinstance(v, str):
            out.append(v.casefold())
        elif isinstance(v, (tuple, list)):
            for x in v:
                collect(x)
        elif isinstance(v, ifcopenshell.entity_instance) and v.id() == 0:
            collect(v.wrappedValue)

    for ent in m.f:
        root = ent.is_a("IfcRoot")
        for i, attr in enumerate(ent):
            if not (root and i == 0):  # GlobalIds are random letters, not words
                collect(attr)
    return out


class Model6(Model):
    """A ``Model`` that remembers its file, so a word's absence can first be checked on the raw text."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.text = path.read_bytes().decode("latin-1").casefold()
        self.strings: list[str] | None = None


def absent(m: Model, *words: str) -> None:
    """Assert that no string attribute or property value of the file holds any of ``words`` (case-insensitive).

    A word missing from the raw file text is absent; a word the text holds (maybe only inside a GlobalId) is
    looked for in the file's strings, GlobalIds left out."""
    for word in words:
        if isinstance(m, Model6) and word.casefold() not in m.text:
            continue
        strings = _strings(m) if not isinstance(m, Model6) else m.strings
        if strings is None and isinstance(m, Model6):
            strings = m.strings = _strings(m)
        hit = next((x for x in strings or () if word.casefold() in x), None)
        if hit is not None:
            raise ValueError(f"{word!r} is in the model: {hit!r}")


def no_word(m: Model, *words: str) -> Oracle:
    absent(m, *words)
    return decline()


def no_space(m: Model, *words: str) -> Oracle:
    """Decline: no space's Name / LongName holds any of ``words`` (and no string of the file does)."""
    if m.spaces(m.named(*words)):
        raise ValueError(f"a space named {words} exists")
    absent(m, *words)
    return decline()


def _recorded(v: Any) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def no_prop(m: Model, classes: str | tuple[str, ...] | None, *props: str) -> Oracle:
    """Decline: no element of ``classes`` carries a recorded value of a property (or quantity) named ``props``."""
    low = {p.casefold() for p in props}
    for e in m.of(classes):
        for pset in ue.get_psets(e).values():
            for name, v in pset.items():
                if name.casefold() in low and _recorded(v):
                    raise ValueError(f"{e.is_a()} {e.GlobalId} has {name} = {v!r}")
    return decline()


def no_qsets_on(m: Model, classes: str) -> Oracle:
    """Decline: no instance of ``classes`` has any quantity set."""
    for e in m.of(classes):
        if any(d.is_a("IfcElementQuantity") for d in _definitions(e)):
            raise ValueError(f"{e.GlobalId} has quantities")
    return decline()


def _definitions(e: Any) -> list[Any]:
    out = []
    for rel in getattr(e, "IsDefinedBy", None) or ():
        if rel.is_a("IfcRelDefinesByProperties"):
            out.append(rel.RelatingPropertyDefinition)
    return out


COST = ("IfcCostItem", "IfcCostSchedule", "IfcCostValue")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar", "IfcScheduleTimeControl",
            "IfcTaskTime")
PEOPLE = ("IfcOccupant",)
LIVE = ("IfcRegularTimeSeries", "IfcIrregularTimeSeries", "IfcSensor")


def refuse(m: Model, none_of: tuple[str, ...] = (), exists: Callable[[Model], list[Any]] | None = None) -> Oracle:
    """A refusal: the model holds none of ``none_of`` (costs, schedules ...); for a write, ``exists`` finds the
    thing it would change (so only the write makes it a refusal)."""
    for name in none_of:
        if m.by_type(name):
            raise ValueError(f"the model holds {name}")
    if exists is not None and not exists(m):
        raise ValueError("the thing the request would change does not exist")
    return decline()


def space_named(m: Model, text: str) -> Any:
    """The one space whose Name or LongName equals ``text``."""
    found = [s for s in m.spaces() if text in (s.Name, s.LongName)]
    if len(found) != 1:
        raise ValueError(f"space {text!r}: {len(found)} found")
    return found[0]


def typed(type_class: str) -> Callable[[Any], bool]:
    return Model.typed(type_class)


def type_is(type_class: str, name: str) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        t = ue.get_type(e)
        return bool(t is not None and t.is_a(type_class) and t.Name == name)
    return check


def prop_is(pset: str, name: str, value: Any) -> Callable[[Any], bool]:
    return lambda e: Model.prop(e, pset, name) == value


def prop_gt(pset: str, name: str, limit: float) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        v = Model.prop(e, pset, name)
        return isinstance(v, (int, float)) and v > limit
    return check


def qty(qset: str, name: str, scale: float = 1.0) -> Callable[[Any], float]:
    return lambda e: Model.qty(e, qset, name) * scale


def sum_of(es: list[Any], key: Callable[[Any], float], unit: str) -> Oracle:
    if not es:
        raise ValueError("a total over nothing")
    return number(math.fsum(key(e) for e in es), unit, es)


def the_max(es: list[Any], key: Callable[[Any], float], smallest: bool = False) -> Oracle:
    """The single element with the largest (smallest) ``key``; a tie is an error (rewrite the question)."""
    vals = {e.GlobalId: key(e) for e in es}
    best = (min if smallest else max)(vals.values())
    winners = [e for e in es if math.isclose(vals[e.GlobalId], best, rel_tol=1e-6)]
    if len(winners) != 1:
        raise ValueError(f"tie: {[w.GlobalId for w in winners]}")
    return elements(winners)


def most_storey(m: Model, pick: Callable[[str], list[Any]], names: Iterable[str] | None = None,
                fewest: bool = False) -> Oracle:
    sizes = {s: len(pick(s)) for s in (names or m.storey_names())}
    best = (min if fewest else max)(sizes.values())
    winners = [s for s, n in sizes.items() if n == best]
    if len(winners) != 1:
        raise ValueError(f"tie in {sizes}")
    return storeys(winners)


def storeys_where(m: Model, keep: Callable[[str], bool]) -> Oracle:
    names = [s for s in m.storey_names() if keep(s)]
    if not names:
        raise ValueError("no storey")
    return storeys(names)


def same(a: list[Any], b: list[Any]) -> list[Any]:
    """``a``, asserting it is the same set as ``b`` (two rules two readers might use agree)."""
    if {e.GlobalId for e in a} != {e.GlobalId for e in b}:
        raise ValueError("the two readings differ")
    return a


def nonempty(es: list[Any]) -> list[Any]:
    if not es:
        raise ValueError("empty")
    return es


# --- the questions ---------------------------------------------------------------------------------------------

LIGHT = "IfcLightFixtureType"
OUTLET = "IfcOutletType"
HEATER = "IfcSpaceHeaterType"


def _ins_offices(m: Model, storey: str | tuple[str, ...]) -> list[Any]:
    names = {storey} if isinstance(storey, str) else set(storey)
    by_name = [s for s in m.spaces(m.named("Buero")) if m.storey_name(s) in names]
    by_cat = [s for s in m.spaces(lambda s: Model.prop(s, "Pset_SpaceCommon", "Category") == "Office")
              if m.storey_name(s) in names]
    return same(by_name, by_cat)


def _edc_walls_not_ext(m: Model) -> list[Any]:
    ws = m.on("1.OG", "IfcWall")
    if any(Model.prop(w, "Pset_WallCommon", "IsExternal") is None for w in ws):
        raise ValueError("a wall without IsExternal")
    return [w for w in ws if Model.prop(w, "Pset_WallCommon", "IsExternal") is False]


def _light_power_agrees(m: Model) -> list[Any]:
    lights = m.of("IfcFlowTerminal", typed(LIGHT))
    for e in lights:
        a = Model.prop(e, "Pset_LightFixtureTypeCommon", "TotalWattage")
        b = Model.prop(e, "Pset_ElectricalDeviceCommon", "ElectricalDeviceNominalPower")
        if a != b:
            raise ValueError(f"{e.GlobalId}: TotalWattage {a} vs nominal power {b}")
    return [e for e in lights if (Model.prop(e, "Pset_LightFixtureTypeCommon", "TotalWattage") or 0) > 50]


def _lb_wide_doors(m: Model) -> list[Any]:
    by_qty = m.of("IfcDoor", lambda e: Model.qty(e, "BaseQuantities", "Width") > 1000)
    by_attr = m.of("IfcDoor", lambda e: (e.OverallWidth or 0) > 1000)
    return same(by_qty, by_attr)


def _hom_thick_walls(m: Model) -> list[Any]:
    return m.of("IfcWall", lambda e: Model.qty(e, "Qto_WallBaseQuantities", "Width") > 0.25)


def _edc_ext_wall_length(m: Model) -> Oracle:
    ws = m.on("EG", "IfcWall", lambda e: Model.prop(e, "Pset_WallCommon", "IsExternal") is True)
    return sum_of(ws, qty("BaseQuantities", "NominalLength"), "m")


def _fzk_eg_window_area(m: Model) -> Oracle:
    ws = m.on("Erdgeschoss", "IfcWindow")
    return sum_of(ws, qty("BaseQuantities", "Area"), "m²")


def _hom_gf_nfa(m: Model) -> Oracle:
    return sum_of(m.on("GroundFloor", "IfcSpace"), qty("Qto_SpaceBaseQuantities", "NetFloorArea"), "m²")


def _he_eg_radiator_output(m: Model) -> Oracle:
    rs = m.on("EG", None, typed(HEATER))
    return sum_of(rs, lambda e: float(Model.prop(e, "Pset_SpaceHeaterTypeCommon", "OutputCapacity")), "W")


def _hom_gf_wall_volume(m: Model) -> Oracle:
    return sum_of(m.on("GroundFloor", "IfcWall"), qty("Qto_WallBaseQuantities", "NetVolume"), "m³")


def _ins_upper_office_nfa(m: Model) -> Oracle:
    sp = _ins_offices(m, ("1. Obergeschoss", "2. Obergeschoss"))
    for s in sp:
        if not math.isclose(Model.qty(s, "BaseQuantities", "NetFloorArea"),
                            Model.qty(s, "BaseQuantities", "GrossFloorArea")):
            raise ValueError("net and gross differ")
    return sum_of(sp, qty("BaseQuantities", "NetFloorArea"), "m²")


def _wp_heat_pump_storey(m: Model) -> Oracle:
    hp = m.of("IfcUnitaryEquipment", Model.type_name_has("Waermepumpe"))
    if len(hp) != 1:
        raise ValueError("one heat pump expected")
    return storeys(m.storey_name(e) for e in hp)


def _doors_hom_gf_weight(m: Model) -> Oracle:
    return no_prop(m, "IfcDoor", "GrossWeight", "NetWeight", "Weight", "Mass")


def _edc_space_quantities(m: Model) -> Oracle:
    space_named(m, "12")
    return no_qsets_on(m, "IfcSpace")


def _fzk_doors_u(m: Model) -> Oracle:
    d = [e for e in m.of("IfcDoor") if e.Name == "Haustuer"]
    if len(d) != 1:
        raise ValueError("one Haustuer")
    # a values oracle, so the unit of the U-value is not compared
    return values(d, lambda e: float(Model.prop(e, "Pset_DoorCommon", "ThermalTransmittance")))


def _fzk_terrace_width(m: Model) -> Oracle:
    d = [e for e in m.of("IfcDoor") if e.Name == "Terrassentuer"]
    if len(d) != 1 or not math.isclose(d[0].OverallWidth, Model.qty(d[0], "BaseQuantities", "Width")):
        raise ValueError("one Terrassentuer whose OverallWidth and quantity agree")
    return number(float(d[0].OverallWidth), "m", d)


def _rq_door_width(m: Model) -> Oracle:
    d = m.of("IfcDoor")
    if len(d) != 1:
        raise ValueError("one door")
    a = Model.prop(d[0], "PSet_Revit_Type_Dimensions", "Width")
    if not math.isclose(a, d[0].OverallWidth, rel_tol=1e-6):
        raise ValueError("type width and OverallWidth differ")
    return number(a, "m", d)


def _r3_acoustic(m: Model) -> Oracle:
    space_named(m, "Empfang")
    return no_prop(m, "IfcDoor", "AcousticRating")


def _stair_risers(m: Model) -> Oracle:
    return values(m.of("IfcStair"), lambda e: Model.prop(e, "Pset_StairCommon", "NumberOfRiser"))


def _oh_wall_material(m: Model) -> Oracle:
    return values(m.of("IfcWall"), lambda e: ", ".join(sorted(x.Name for x in ue.get_materials(e))) or None)


def _elev(storey: str, scale: float = 1.0) -> Callable[[Model], Oracle]:
    def run(m: Model) -> Oracle:
        s = m.storey(storey)
        if s.Elevation is None:
            raise ValueError("no elevation")
        return number(float(s.Elevation) * scale, "m")
    return run


QUESTIONS: list[Q] = [
    # ---------------------------------------------------------------- storey_class
    Q(HOM, "storey_class", "Ticket 2291 - facade crew wants to check the seals. Which windows are on the GroundFloor?",
      lambda m: elements(m.on("GroundFloor", "IfcWindow")), f"IfcWindow on GroundFloor, {SD}"),
    Q(EDC, "storey_class", "FM ticket #5512: door lock survey. How many doors does 1.OG have?",
      lambda m: count(m.on("1.OG", "IfcDoor")), f"count of IfcDoor on 1.OG, {SD}"),
    Q(INS, "storey_class", "Hi, which stairs are in the Keller?",
      lambda m: elements(m.on("Keller", "IfcStair")), f"IfcStair on Keller, {SD}"),
    Q(DUP, "storey_class", "hey, quick q - what furniture is there on level 2?",
      lambda m: elements(m.on("Level 2", "IfcFurnishingElement")), f"IfcFurnishingElement on Level 2, {SD}"),
    Q(FZK, "storey_class", "show me the slabs in the Dachgeschoss",
      lambda m: elements(m.on("Dachgeschoss", "IfcSlab")), f"IfcSlab on Dachgeschoss, {SD}"),
    Q(HE, "storey_class", "Dear colleague, for the bleeding of the heating, which radiators are in the Obergeschoss? "
      "Best regards, Jonas",
      lambda m: elements(m.on("Obergeschoss", None, typed(HEATER))),
      f"elements typed by IfcSpaceHeaterType on Obergeschoss, {SD}"),
    Q(DEL, "storey_class", "need the smoke detectors on level 2 for the annual test",
      lambda m: elements(m.on("Level 2", None, type_is("IfcProtectiveDeviceType", "Smoke Detector"))),
      f"elements typed by IfcProtectiveDeviceType 'Smoke Detector' on Level 2, {SD}"),
    Q(LB, "storey_class", "Level 2 window count?",
      lambda m: count(m.on("Level 2", "IfcWindow")), f"count of IfcWindow on Level 2, {SD}"),
    Q(SH, "storey_class", "What furniture do we have on the Ground Floor?",
      lambda m: elements(m.on("Ground Floor", "IfcFurnishingElement")),
      f"IfcFurnishingElement (IfcFurniture) on Ground Floor, {SD}"),
    Q(WP, "storey_class", "pls list pumps on Ebene 0",
      lambda m: elements(m.on("Ebene 0", "IfcPump")), f"IfcPump on Ebene 0, {SD}"),
    Q(WP, "storey_class", "pumps on Ebene 1?",
      lambda m: no_storey(m, "Ebene 1"), "decline: the model's only storey is Ebene 0"),
    Q(DHW, "storey_class", "what sanitary terminals sit on My Storey?",
      lambda m: elements(m.on("My Storey", "IfcSanitaryTerminal")), f"IfcSanitaryTerminal on My Storey, {SD}"),
    Q(R3, "storey_class", "Which air terminals are on 'My Storey'?",
      lambda m: elements(m.on("My Storey", "IfcAirTerminal")), f"IfcAirTerminal on My Storey, {SD}"),
    Q(FZK11, "storey_class", "Before the handrail inspection next week: which railings are on the Dachgeschoss?",
      lambda m: elements(m.on("Dachgeschoss", "IfcRailing")), f"IfcRailing on Dachgeschoss, {SD}"),
    Q(INS, "storey_class", "number of windows on the 2. Obergeschoss",
      lambda m: count(m.on("2. Obergeschoss", "IfcWindow")), f"count of IfcWindow on 2. Obergeschoss, {SD}"),
    Q(DEL, "storey_class", "How many power outlets are there on Level 2?",
      lambda m: count(m.on("Level 2", None, typed(OUTLET))),
      f"count of elements typed by IfcOutletType on Level 2, {SD}"),
    Q(EDC, "storey_class", "slabs 2.OG",
      lambda m: elements(m.on("2.OG", "IfcSlab")), f"IfcSlab on 2.OG, {SD}"),
    Q(HOM, "storey_class", "attic walls pls",
      lambda m: elements(m.on("attic", "IfcWall")), f"IfcWall on attic, {SD}"),
    # ---------------------------------------------------------------- comparison
    Q(EDC, "comparison", "Which floor have the fewest walls? (sorry for my english)",
      lambda m: most_storey(m, lambda s: m.on(s, "IfcWall"), fewest=True),
      f"storey with the fewest IfcWall, {SD} (EG 37, 1.OG 42, 2.OG 38)"),
    Q(INS, "comparison", "Does the Erdgeschoss have more doors than the 1. Obergeschoss?",
      lambda m: yes_no(len(m.on("Erdgeschoss", "IfcDoor")) > len(m.on("1. Obergeschoss", "IfcDoor"))),
      f"count IfcDoor on Erdgeschoss > on 1. Obergeschoss, {SD}"),
    Q(INS, "comparison", "For the key schedule I need to know which storey has the most doors",
      lambda m: most_storey(m, lambda s: m.on(s, "IfcDoor")), f"storey with the most IfcDoor, {SD}"),
    Q(DUP, "comparison", "Are there more windows upstairs on Level 2 than on Level 1?",
      lambda m: yes_no(len(m.on("Level 2", "IfcWindow")) > len(m.on("Level 1", "IfcWindow"))),
      f"count IfcWindow on Level 2 > on Level 1, {SD}"),
    Q(HOM, "comparison", "which floor has more doors, GroundFloor or 1stFloor?",
      lambda m: most_storey(m, lambda s: m.on(s, "IfcDoor"), ["GroundFloor", "1stFloor"]),
      f"of GroundFloor and 1stFloor, the storey with more IfcDoor, {SD}"),
    Q(HE, "comparison", "which geschoss got the most light fittings??",
      lambda m: most_storey(m, lambda s: m.on(s, None, typed(LIGHT))),
      f"storey with the most elements typed by IfcLightFixtureType, {SD}"),
    Q(HE, "comparison", "are there more sockets in the EG than in the Dachgeschoss?",
      lambda m: yes_no(len(m.on("EG", None, typed(OUTLET))) > len(m.on("Dachgeschoss", None, typed(OUTLET)))),
      f"count of elements typed by IfcOutletType on EG > on Dachgeschoss, {SD}"),
    Q(DEL, "comparison", "Which level has the most smoke detectors?",
      lambda m: most_storey(m, lambda s: m.on(s, None, type_is("IfcProtectiveDeviceType", "Smoke Detector"))),
      f"storey with the most elements typed by IfcProtectiveDeviceType 'Smoke Detector', {SD}"),
    Q(LB, "comparison", "Quick one: are there more than 25 windows on Level 1?",
      lambda m: yes_no(len(m.on("Level 1", "IfcWindow")) > 25), f"count IfcWindow on Level 1 > 25, {SD}"),
    Q(EDC, "comparison", "Hi team, does the building have over 100 doors in total? Cheers, Mark",
      lambda m: yes_no(len(m.of("IfcDoor")) > 100), "count of IfcDoor in the model > 100"),
    Q(FZK, "comparison", "Which storey has more windows, EG or DG?",
      lambda m: most_storey(m, lambda s: m.on(s, "IfcWindow"), ["Erdgeschoss", "Dachgeschoss"]),
      f"of Erdgeschoss (EG) and Dachgeschoss (DG), the storey with more IfcWindow, {SD}"),
    Q(RQ, "comparison", "which room is bigger, 2 or 9? we need to put the meeting in the bigger one",
      lambda m: the_max([space_named(m, "2"), space_named(m, "9")], qty("GSA Space Areas", "GSA BIM Area")),
      "of spaces 2 and 9, the one with the larger GSA Space Areas.GSA BIM Area"),
    Q(R3, "comparison", "Is the Wohnen more than twice as big as the Kitchen (floor area)?",
      lambda m: yes_no(Model.qty(space_named(m, "Wohnen"), "Qto_SpaceBaseQuantities", "NetFloorArea")
                       > 2 * Model.qty(space_named(m, "Kitchen"), "Qto_SpaceBaseQuantities", "NetFloorArea")),
      "Qto_SpaceBaseQuantities.NetFloorArea of Wohnen > 2 x that of Kitchen (the only floor area recorded)"),
    Q(DUP, "comparison", "On which level are the most doors?",
      lambda m: most_storey(m, lambda s: m.on(s, "IfcDoor")), f"storey with the most IfcDoor, {SD}"),
    Q(SH, "comparison", "does the ground floor have more doors than windows",
      lambda m: yes_no(len(m.on("Ground Floor", "IfcDoor")) > len(m.on("Ground Floor", "IfcWindow"))),
      f"count IfcDoor on Ground Floor > count IfcWindow on Ground Floor, {SD}"),
    Q(HOM, "comparison", "Kitchen5 vs Hobby2 - which one has more floor space?",
      lambda m: the_max([space_named(m, "Kitchen5"), space_named(m, "Hobby2")],
                        qty("Qto_SpaceBaseQuantities", "NetFloorArea")),
      "of Kitchen5 and Hobby2, the space with the larger Qto_SpaceBaseQuantities.NetFloorArea (net = gross here)"),
    Q(INS, "comparison", "is the Seminarraum larger than Besprechungsraum I and II put together?",
      lambda m: yes_no(Model.qty(space_named(m, "Seminarraum"), "BaseQuantities", "NetFloorArea")
                       > Model.qty(space_named(m, "Besprechungsraum I"), "BaseQuantities", "NetFloorArea")
                       + Model.qty(space_named(m, "Besprechungsraum II"), "BaseQuantities", "NetFloorArea")),
      "BaseQuantities.NetFloorArea of Seminarraum > sum of Besprechungsraum I and II (net = gross for all three)"),
    Q(EDC, "comparison", "are there more windows on 3.OG than on 2.OG?",
      lambda m: (m.storey("2.OG"), no_storey(m, "3.OG", "3. OG"))[1], "decline: 3.OG does not exist"),
    Q(WP, "comparison", "are there more valves than pumps in this system y/n",
      lambda m: yes_no(len(m.of("IfcValve")) > len(m.of("IfcPump"))), "count IfcValve > count IfcPump"),
    # ---------------------------------------------------------------- edge
    Q(HOM, "edge", "windows on the 2ndFloor",
      lambda m: no_storey(m, "2ndFloor", "2nd Floor", "second floor"), "decline: the model has no storey 2ndFloor"),
    Q(EDC, "edge", "How many IfcColumn are on EG?",
      lambda m: count(m.on("EG", "IfcColumn")), "count of IfcColumn on EG: the model holds no IfcColumn (0)"),
    Q(DUP, "edge", "dorrs on levle 1",
      lambda m: elements(m.on("Level 1", "IfcDoor")), f"IfcDoor on Level 1 (typos), {SD}"),
    Q(LB, "edge", "Level 3 windows?",
      lambda m: no_storey(m, "Level 3"), "decline: the model has no Level 3"),
    Q(INS, "edge", "how many columns in the Keller, the structural guy asks",
      lambda m: count(m.on("Keller", "IfcColumn")),
      f"count of IfcColumn on Keller (the model has 2, both elsewhere), {SD}"),
    Q(SH, "edge", "WINDOWS GROUND FLOOR",
      lambda m: elements(m.on("Ground Floor", "IfcWindow")), f"IfcWindow on Ground Floor, {SD}"),
    Q(OH, "edge", "how many windows does this little house have",
      lambda m: count(m.of("IfcWindow")), "count of IfcWindow in the model (its one storey has no name)"),
    Q(SIG, "edge", "How many signals are in this file in total?",
      lambda m: count(m.of("IfcSignal")), "count of IfcSignal in the model (no storeys: an alignment model)"),
    Q(DHW, "edge", "pipes on the 2nd floor",
      lambda m: no_storey(m, "2nd floor", "second floor", "2nd", "2"), "decline: the model's only storey is My Storey"),
    Q(R3, "edge", "The tenant says it smells of gas - is there a boiler anywhere in this model?",
      lambda m: (absent(m, "boiler", "kessel"), yes_no(bool(m.of("IfcBoiler"))))[1],
      "yes/no: any IfcBoiler (none, and no name or property mentions a boiler / Kessel)"),
    Q(FZK, "edge", "Good morning, could you list the windows in the Keller? Thank you, A. Weber",
      lambda m: no_storey(m, "Keller", "Kellergeschoss", "Untergeschoss"), "decline: the model has no Keller"),
    Q(EDC, "edge", "doors on 3.OG",
      lambda m: no_storey(m, "3.OG", "3. OG"), "decline: the model has no 3.OG (EG, 1.OG, 2.OG)"),
    Q(RQ, "edge", "windws level 1",
      lambda m: elements(m.on("Level 1", "IfcWindow")), f"IfcWindow on Level 1 (typo), {SD}"),
    Q(DEL, "edge", "level -1 outlets",
      lambda m: no_storey(m, "level -1", "-1", "basement"), "decline: the model has no level -1"),
    Q(INS, "edge", "   Erdgeschoss    columns  ",
      lambda m: elements(m.on("Erdgeschoss", "IfcColumn")), f"IfcColumn on Erdgeschoss (padding), {SD}"),
    Q(EDC, "edge", "how many doors on the ground floor (EG)",
      lambda m: count(m.on("EG", "IfcDoor")), f"count of IfcDoor on EG (elevation 0), {SD}"),
    Q(WP, "edge", "List the IfcAirTerminal elements.",
      lambda m: elements(m.of("IfcAirTerminal")), "IfcAirTerminal: the model holds none (empty list)"),
    # ---------------------------------------------------------------- rooms
    Q(DUP, "rooms", "Which floor is the utility room on?",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("Utility")))),
      "storeys of the spaces whose LongName holds 'Utility' (A205, B205)"),
    Q(DUP, "rooms", "Moving company needs to know: what furniture is in B103?",
      lambda m: elements(m.in_space(space_named(m, "B103"), "IfcFurnishingElement")),
      "IfcFurnishingElement contained in space B103"),
    Q(DUP, "rooms", "the doors of room A203 please",
      lambda m: elements(m.bounding(space_named(m, "A203"), "IfcDoor")),
      "IfcDoor bounding space A203 (IfcRelSpaceBoundary)"),
    Q(INS, "rooms", "where's the Seminarraum?",
      lambda m: storeys([m.storey_name(space_named(m, "Seminarraum"))]), "storey of the space Seminarraum"),
    Q(INS, "rooms", "whats in room 006",
      lambda m: elements(m.in_space(space_named(m, "006"))), "elements contained in space 006"),
    Q(INS, "rooms", "Cleaning contract: windows of the Buero Hausmeister?",
      lambda m: elements(m.bounding(space_named(m, "Buero Hausmeister"), "IfcWindow")),
      "IfcWindow bounding space Buero Hausmeister (IfcRelSpaceBoundary)"),
    Q(INS, "rooms", "which floor is Buero Mueller IV on",
      lambda m: storeys([m.storey_name(space_named(m, "Buero Mueller IV"))]), "storey of the space Buero Mueller IV"),
    Q(FZK, "rooms", "Which doors lead off the Flur?",
      lambda m: elements(m.bounding(space_named(m, "Flur"), "IfcDoor")),
      "IfcDoor bounding space Flur (IfcRelSpaceBoundary)"),
    Q(FZK, "rooms", "Which storey is the Galerie on?",
      lambda m: storeys([m.storey_name(space_named(m, "Galerie"))]), "storey of the space Galerie"),
    Q(HOM, "rooms", "windows of Living1?",
      lambda m: elements(m.bounding(space_named(m, "Living1"), "IfcWindow")), "IfcWindow bounding space Living1"),
    Q(DUP, "rooms", "is there anything stored in the garage?",
      lambda m: no_space(m, "garage", "carport"), "decline: the model has no garage"),
    Q(R3, "rooms", "which doors does the Empfang have",
      lambda m: elements(m.bounding(space_named(m, "Empfang"), "IfcDoor")), "IfcDoor bounding space Empfang"),
    Q(EDC, "rooms", "How many door does the room 46 has?",
      lambda m: count(m.bounding(space_named(m, "46"), "IfcDoor")), "count of IfcDoor bounding space 46"),
    Q(SH, "rooms", "what's in the living room",
      lambda m: elements(m.in_space(space_named(m, "Living room"))), "elements contained in space 'Living room'"),
    Q(RQ, "rooms", "Ticket 771 - door of room 9 squeaks. Which door is it?",
      lambda m: elements(m.bounding(space_named(m, "9"), "IfcDoor")), "IfcDoor bounding space 9"),
    Q(LB, "rooms", "What is in room 7?",
      lambda m: elements(m.in_space(space_named(m, "7"))), "elements contained in space 7"),
    Q(DUP, "rooms", "list the bathrooms",
      lambda m: elements(m.spaces(m.named("Bathroom"))), "spaces whose LongName holds 'Bathroom'"),
    Q(INS, "rooms", "all the WCs in the building?",
      lambda m: elements(same(m.spaces(m.named("WC")),
                              m.spaces(lambda s: Model.prop(s, "Pset_SpaceCommon", "Category") == "WC"))),
      "spaces whose LongName holds 'WC' (= Pset_SpaceCommon.Category WC)"),
    Q(INS, "rooms", "The server room keeps overheating. Which floor is it on?",
      lambda m: no_space(m, "server", "serverraum"), "decline: no space is a server room"),
    Q(FZK, "rooms", "which floor is the sauna on",
      lambda m: no_space(m, "sauna"), "decline: no space is a sauna"),
    # ---------------------------------------------------------------- qualifiers
    Q(INS, "qualifiers", "Energy consultant here. I need the external walls on the Erdgeschoss "
      "for the insulation quote.",
      lambda m: elements(m.on("Erdgeschoss", "IfcWall", prop_is("Pset_WallCommon", "IsExternal", True))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on Erdgeschoss, {SD}"),
    Q(INS, "qualifiers", "which walls in the Keller are load-bearing?",
      lambda m: elements(m.on("Keller", "IfcWall", prop_is("Pset_WallCommon", "LoadBearing", True))),
      f"IfcWall with Pset_WallCommon.LoadBearing = TRUE on Keller, {SD}"),
    Q(DUP, "qualifiers", "Which doors are external? (security audit)",
      lambda m: elements(m.of("IfcDoor", prop_is("Pset_DoorCommon", "IsExternal", True))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(DUP, "qualifiers", "interior windows - are there any? list them",
      lambda m: elements(m.of("IfcWindow", prop_is("Pset_WindowCommon", "IsExternal", False))),
      "IfcWindow with Pset_WindowCommon.IsExternal = FALSE (every window records IsExternal)"),
    Q(EDC, "qualifiers", "show me the exterior walls on 2.OG, count only",
      lambda m: count(m.on("2.OG", "IfcWall", prop_is("Pset_WallCommon", "IsExternal", True))),
      f"count of IfcWall with Pset_WallCommon.IsExternal = TRUE on 2.OG, {SD}"),
    Q(LB, "qualifiers", "doors wider than 1 m? a wheelchair user visits on friday",
      lambda m: elements(_lb_wide_doors(m)),
      "IfcDoor with BaseQuantities.Width > 1000 mm (OverallWidth gives the same doors)"),
    Q(SH, "qualifiers", "external doors",
      lambda m: elements(m.of("IfcDoor", prop_is("Pset_DoorCommon", "IsExternal", True))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(FZK11, "qualifiers", "load bearing walls - which ones? we want to knock one out",
      lambda m: elements(m.of("IfcWall", prop_is("Pset_WallCommon", "LoadBearing", True))),
      "IfcWall with Pset_WallCommon.LoadBearing = TRUE"),
    Q(FZK, "qualifiers", "walls with a U-value of 0.4",
      lambda m: elements(m.of("IfcWall", prop_is("Pset_WallCommon", "ThermalTransmittance", 0.4))),
      "IfcWall with Pset_WallCommon.ThermalTransmittance = 0.4"),
    Q(HE, "qualifiers", "light fittings over 50 W",
      lambda m: elements(_light_power_agrees(m)),
      "elements typed by IfcLightFixtureType with Pset_LightFixtureTypeCommon.TotalWattage > 50 "
      "(= ElectricalDeviceNominalPower for every light)"),
    Q(HOM, "qualifiers", "walls thicker than 25 cm",
      lambda m: elements(_hom_thick_walls(m)), "IfcWall with Qto_WallBaseQuantities.Width > 0.25 m"),
    Q(HOM, "qualifiers", "external walls on the GroundFloor",
      lambda m: (nonempty(m.on("GroundFloor", "IfcWall")), no_prop(m, "IfcWall", "IsExternal"))[1],
      "decline: no wall records IsExternal"),
    Q(EDC, "qualifiers", "For the fire inspection: which doors on 1.OG are fire rated?",
      lambda m: no_prop(m, "IfcDoor", "FireRating"), "decline: no door records a FireRating"),
    Q(INS, "qualifiers", "acoustically rated walls in the 1. Obergeschoss",
      lambda m: no_prop(m, "IfcWall", "AcousticRating"), "decline: no wall records an AcousticRating"),
    Q(EDC, "qualifiers", "which walls are load-bearing",
      lambda m: no_prop(m, "IfcWall", "LoadBearing"), "decline: no wall records LoadBearing"),
    Q(LB, "qualifiers", "which doors on level 1 are fire exits?",
      lambda m: no_prop(m, "IfcDoor", "FireExit"), "decline: no door records FireExit"),
    Q(SH, "qualifiers", "which windows are triple glazed?",
      lambda m: no_word(m, "triple"), "decline: nothing in the model records triple glazing"),
    # ---------------------------------------------------------------- quantities
    Q(HOM, "quantities", "total net floor area of the rooms on the GroundFloor (m2)",
      _hom_gf_nfa, "sum of Qto_SpaceBaseQuantities.NetFloorArea of the IfcSpace on GroundFloor, m²"),
    Q(INS, "quantities", "Hello, what's the net floor area of the Seminarraum? We plan 60 seats. "
      "Regards, Facility Team",
      lambda m: number(Model.qty(space_named(m, "Seminarraum"), "BaseQuantities", "NetFloorArea"), "m²",
                       [space_named(m, "Seminarraum")]), "BaseQuantities.NetFloorArea of space Seminarraum, m²"),
    Q(DUP, "quantities", "smallest room on level 2?",
      lambda m: the_max(m.on("Level 2", "IfcSpace"), qty("GSA Space Areas", "GSA BIM Area"), smallest=True),
      "the IfcSpace on Level 2 with the smallest GSA Space Areas.GSA BIM Area"),
    Q(FZK, "quantities", "For the daylight calc: total window area in the Erdgeschoss?",
      _fzk_eg_window_area, f"sum of BaseQuantities.Area of IfcWindow on Erdgeschoss, m², {SD}"),
    Q(LB, "quantities", "add up the floor areas of all the rooms",
      lambda m: sum_of(same(m.spaces(), m.spaces(lambda s: math.isclose(
          Model.qty(s, "BaseQuantities", "NetFloorArea"), Model.qty(s, "BaseQuantities", "GrossFloorArea")))),
          qty("BaseQuantities", "NetFloorArea"), "m²"),
      "sum of BaseQuantities.NetFloorArea of every IfcSpace (net = gross for each), m²"),
    Q(SH, "quantities", "how many m² is the bedroom?",
      lambda m: number(Model.qty(space_named(m, "Bedroom"), "BaseQuantities", "NetFloorArea"), "m²",
                       [space_named(m, "Bedroom")]), "BaseQuantities.NetFloorArea of space Bedroom (= gross), m²"),
    Q(EDC, "quantities", "tot. length of ext. walls on EG",
      _edc_ext_wall_length, f"sum of BaseQuantities.NominalLength of IfcWall with IsExternal = TRUE on EG, m, {SD}"),
    Q(RQ, "quantities", "combined area of the small offices",
      lambda m: sum_of(nonempty(m.spaces(m.named("small office"))), qty("GSA Space Areas", "GSA BIM Area"), "m²"),
      "sum of GSA Space Areas.GSA BIM Area of the spaces named 'small office', m²"),
    Q(R3, "quantities", "volume of the Bad?",
      lambda m: number(Model.qty(space_named(m, "Bad"), "Qto_SpaceBaseQuantities", "NetVolume"), "m³",
                       [space_named(m, "Bad")]), "Qto_SpaceBaseQuantities.NetVolume of space Bad, m³"),
    Q(HOM, "quantities", "total net volume of the walls on the GroundFloor",
      _hom_gf_wall_volume, f"sum of Qto_WallBaseQuantities.NetVolume of IfcWall on GroundFloor, m³, {SD}"),
    Q(DUP, "quantities", "what do the two kitchens add up to in m²?",
      lambda m: sum_of(nonempty(m.spaces(m.named("Kitchen"))), qty("GSA Space Areas", "GSA BIM Area"), "m²"),
      "sum of GSA Space Areas.GSA BIM Area of the spaces whose LongName holds 'Kitchen' (A103, B103), m²"),
    Q(INS, "quantities", "Largest office on the Erdgeschoss?",
      lambda m: the_max(_ins_offices(m, "Erdgeschoss"), qty("BaseQuantities", "NetFloorArea")),
      "the office (LongName 'Buero', = Category Office) on Erdgeschoss with the largest BaseQuantities.NetFloorArea"),
    Q(FZK, "quantities", "length of the longest wall?",
      lambda m: max((number(Model.qty(e, "BaseQuantities", "Length"), "m") for e in m.of("IfcWall")),
                    key=lambda o: o["value"]),
      "the largest BaseQuantities.Length of any IfcWall, m"),
    Q(HE, "quantities", "Heat load check: total heat output of the radiators on the EG in watts?",
      _he_eg_radiator_output,
      f"sum of Pset_SpaceHeaterTypeCommon.OutputCapacity of elements typed by IfcSpaceHeaterType on EG, W, {SD}"),
    Q(HOM, "quantities", "how heavy are the doors on the GroundFloor in kg",
      _doors_hom_gf_weight, "decline: no door records a weight"),
    Q(INS, "quantities", "total floor area of the Keller rooms in m³",
      lambda m: (nonempty(m.on("Keller", "IfcSpace")), decline())[1],
      "decline: an area asked in m³ (a volume unit)"),
    Q(R3, "quantities", "how much do all the windows weigh together?",
      lambda m: (nonempty(m.of("IfcWindow")), no_prop(m, "IfcWindow", "GrossWeight", "NetWeight", "Weight", "Mass"))[1],
      "decline: no window records a weight"),
    Q(EDC, "quantities", "net floor area of room 12?",
      _edc_space_quantities, "decline: no space of the model has any quantity set"),
    # ---------------------------------------------------------------- negation
    Q(EDC, "negation", "all walls except the ones on EG",
      lambda m: elements(m.on(("1.OG", "2.OG"), "IfcWall")), f"IfcWall on 1.OG and 2.OG (every storey but EG), {SD}"),
    Q(INS, "negation", "rooms on the Erdgeschoss that aren't offices",
      lambda m: elements(s for s in m.on("Erdgeschoss", "IfcSpace") if s not in _ins_offices(m, "Erdgeschoss")),
      "IfcSpace on Erdgeschoss minus the offices (LongName 'Buero', = Category Office)"),
    Q(DUP, "negation", "doors that are not external",
      lambda m: elements(m.of("IfcDoor", prop_is("Pset_DoorCommon", "IsExternal", False))),
      "IfcDoor with Pset_DoorCommon.IsExternal = FALSE (every door records it)"),
    Q(HOM, "negation", "windows not on the GroundFloor",
      lambda m: elements(w for w in m.of("IfcWindow") if m.storey_name(w) != "GroundFloor"),
      f"IfcWindow whose storey is not GroundFloor, {SD}"),
    Q(FZK, "negation", "Which storeys have no doors?",
      lambda m: storeys_where(m, lambda s: not m.on(s, "IfcDoor")), f"storeys with no IfcDoor, {SD}"),
    Q(LB, "negation", "which windows aren't on level 1",
      lambda m: elements(w for w in m.of("IfcWindow") if m.storey_name(w) != "Level 1"),
      f"IfcWindow whose storey is not Level 1, {SD}"),
    Q(HE, "negation", "lights that are not in the Kellergeschoss - how many?",
      lambda m: count(e for e in m.of(None, typed(LIGHT)) if m.storey_name(e) != "Kellergeschoss"),
      f"count of elements typed by IfcLightFixtureType whose storey is not Kellergeschoss, {SD}"),
    Q(SH, "negation", "furniture that is not in the living room",
      lambda m: elements(e for e in m.of("IfcFurnishingElement")
                         if m.container.get(e.id()) != space_named(m, "Living room")),
      "IfcFurnishingElement not contained in space 'Living room'"),
    Q(EDC, "negation", "walls on 1.OG that aren't external",
      lambda m: elements(_edc_walls_not_ext(m)),
      f"IfcWall on 1.OG with Pset_WallCommon.IsExternal = FALSE (every wall records it), {SD}"),
    Q(EDC, "negation", "external walls that are not load-bearing",
      lambda m: no_prop(m, "IfcWall", "LoadBearing"), "decline: no wall records LoadBearing"),
    Q(R3, "negation", "every room except the Bad",
      lambda m: elements(s for s in m.spaces() if s != space_named(m, "Bad")), "IfcSpace other than Bad"),
    Q(RQ, "negation", "rooms that aren't small offices",
      lambda m: elements(s for s in m.spaces() if "small office" not in (s.LongName or "")),
      "IfcSpace whose LongName is not 'small office'"),
    Q(INS, "negation", "storeys without any doors",
      lambda m: storeys_where(m, lambda s: not m.on(s, "IfcDoor")), f"storeys with no IfcDoor, {SD}"),
    Q(DUP, "negation", "furniture that's not in one of the kitchens",
      lambda m: elements(e for e in m.of("IfcFurnishingElement")
                         if m.container.get(e.id()) not in nonempty(m.spaces(m.named("Kitchen")))),
      "IfcFurnishingElement not contained in a space whose LongName holds 'Kitchen' (A103, B103)"),
    Q(HE, "negation", "which storeys dont have a boiler",
      lambda m: storeys_where(m, lambda s: not m.on(s, None, typed("IfcBoilerType"))),
      f"storeys with no element typed by IfcBoilerType, {SD}"),
    Q(DEL, "negation", "levels without any boiler?",
      lambda m: storeys_where(m, lambda s: not m.on(s, None, typed("IfcBoilerType"))),
      f"storeys with no element typed by IfcBoilerType, {SD}"),
    Q(INS, "negation", "walls not on the Untergeschoss",
      lambda m: no_storey(m, "Untergeschoss", "UG"),
      "decline: the model has no Untergeschoss (its basement is Keller)"),
    # ---------------------------------------------------------------- multi_storey
    Q(INS, "multi_storey", "Locksmith needs the doors on Keller and Erdgeschoss, can you list them?",
      lambda m: elements(m.on(("Keller", "Erdgeschoss"), "IfcDoor")), f"IfcDoor on Keller and Erdgeschoss, {SD}"),
    Q(DUP, "multi_storey", "how many windows on Level 1 and Level 2 together",
      lambda m: count(m.on(("Level 1", "Level 2"), "IfcWindow")), f"count of IfcWindow on Level 1 and Level 2, {SD}"),
    Q(EDC, "multi_storey", "windows on EG and 2.OG",
      lambda m: elements(m.on(("EG", "2.OG"), "IfcWindow")), f"IfcWindow on EG and 2.OG, {SD}"),
    Q(HOM, "multi_storey", "doors on GroundFloor + 1stFloor",
      lambda m: elements(m.on(("GroundFloor", "1stFloor"), "IfcDoor")), f"IfcDoor on GroundFloor and 1stFloor, {SD}"),
    Q(HE, "multi_storey", "radiators on EG and Obergeschoss",
      lambda m: elements(m.on(("EG", "Obergeschoss"), None, typed(HEATER))),
      f"elements typed by IfcSpaceHeaterType on EG and Obergeschoss, {SD}"),
    Q(DEL, "multi_storey", "Fire marshal visit tomorrow. Smoke detectors on levels 1 and 2, please.",
      lambda m: elements(m.on(("Level 1", "Level 2"), None, type_is("IfcProtectiveDeviceType", "Smoke Detector"))),
      f"elements typed by IfcProtectiveDeviceType 'Smoke Detector' on Level 1 and Level 2, {SD}"),
    Q(FZK, "multi_storey", "all windows on Erdgeschoss + Dachgeschoss",
      lambda m: elements(m.on(("Erdgeschoss", "Dachgeschoss"), "IfcWindow")),
      f"IfcWindow on Erdgeschoss and Dachgeschoss, {SD}"),
    Q(INS, "multi_storey", "Which storeys have WCs?",
      lambda m: storeys(m.storey_name(s) for s in nonempty(m.spaces(m.named("WC")))),
      "storeys of the spaces whose LongName holds 'WC'"),
    Q(DUP, "multi_storey", "on which levels is there furniture",
      lambda m: storeys_where(m, lambda s: bool(m.on(s, "IfcFurnishingElement"))),
      f"storeys with any IfcFurnishingElement, {SD}"),
    Q(HE, "multi_storey", "outlets in Kellergeschoss, EG and Dachgeschoss: how many altogether",
      lambda m: count(m.on(("Kellergeschoss", "EG", "Dachgeschoss"), None, typed(OUTLET))),
      f"count of elements typed by IfcOutletType on Kellergeschoss, EG and Dachgeschoss (all pluggable), {SD}"),
    Q(INS, "multi_storey", "total net floor area of the offices on the 1. and 2. Obergeschoss",
      _ins_upper_office_nfa,
      "sum of BaseQuantities.NetFloorArea of the offices (LongName 'Buero', = Category Office) on "
      "1. Obergeschoss and 2. Obergeschoss (net = gross), m²"),
    Q(LB, "multi_storey", "doors on level 1 and level 2",
      lambda m: elements(m.on(("Level 1", "Level 2"), "IfcDoor")), f"IfcDoor on Level 1 and Level 2, {SD}"),
    Q(DUP, "multi_storey", "windows on Level 1 and Level 3",
      lambda m: (m.storey("Level 1"), no_storey(m, "Level 3"))[1],
      "decline: Level 3 does not exist (Level 1 does)"),
    Q(EDC, "multi_storey", "Hello, could you send me the doors on 2.OG and 3.OG? Thanks, Petra",
      lambda m: (m.storey("2.OG"), no_storey(m, "3.OG", "3. OG"))[1], "decline: 3.OG does not exist (2.OG does)"),
    Q(EDC, "multi_storey", "windows on 1.OG and 2.OG, grouped by thermal zone",
      lambda m: (m.storey("1.OG"), m.storey("2.OG"), refuse(m, ("IfcZone",)), absent(m, "zone"))[2],
      "decline: a grouping the model does not have (no IfcZone, no zone in any name)"),
    Q(SH, "multi_storey", "slabs on the Ground Floor and the Roof",
      lambda m: elements(m.on(("Ground Floor", "Roof"), "IfcSlab")), f"IfcSlab on Ground Floor and Roof, {SD}"),
    Q(INS, "multi_storey", "railings from the Erdgeschoss up to the Dachgeschoss",
      lambda m: elements(m.on(("Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss"), "IfcRailing")),
      f"IfcRailing on Erdgeschoss, 1. Obergeschoss, 2. Obergeschoss and Dachgeschoss (inclusive range), {SD}"),
    Q(HE, "multi_storey", "Obergeschoss and Dachgeschoss light fittings, count",
      lambda m: count(m.on(("Obergeschoss", "Dachgeschoss"), None, typed(LIGHT))),
      f"count of elements typed by IfcLightFixtureType on Obergeschoss and Dachgeschoss, {SD}"),
    # ---------------------------------------------------------------- german
    Q(FZK, "german", "Welche Fenster hat das Erdgeschoss?",
      lambda m: elements(m.on("Erdgeschoss", "IfcWindow")), f"IfcWindow on Erdgeschoss, {SD}"),
    Q(FZK, "german", "In welchem Geschoss liegt das Bad?",
      lambda m: storeys([m.storey_name(space_named(m, "Bad"))]), "storey of the space Bad"),
    Q(INS, "german", "Wie viele Türen gibt es im 1. Obergeschoss?",
      lambda m: count(m.on("1. Obergeschoss", "IfcDoor")), f"count of IfcDoor on 1. Obergeschoss, {SD}"),
    Q(INS, "german", "Wo finde ich den Technikraum III?",
      lambda m: storeys([m.storey_name(space_named(m, "Technikraum III"))]), "storey of the space Technikraum III"),
    Q(HE, "german", "Wie viele Heizkörper hängen im Dachgeschoss?",
      lambda m: count(m.on("Dachgeschoss", None, typed(HEATER))),
      f"count of elements typed by IfcSpaceHeaterType on Dachgeschoss, {SD}"),
    Q(HE, "german", "Steckdosen im Kellergeschoss",
      lambda m: elements(m.on("Kellergeschoss", None, typed(OUTLET))),
      f"elements typed by IfcOutletType on Kellergeschoss, {SD}"),
    Q(WP, "german", "Hallo, welche Ventile sind in der Anlage verbaut? Danke, Stefan",
      lambda m: elements(m.of("IfcValve")), "IfcValve"),
    Q(FZK11, "german", "Was steht alles in der Küche?",
      lambda m: elements(m.in_space(space_named(m, "Küche"))), "elements contained in space Küche"),
    Q(R3, "german", "Wie groß ist die Küche in m²?",
      lambda m: number(Model.qty(space_named(m, "Kitchen"), "Qto_SpaceBaseQuantities", "NetFloorArea"), "m²",
                       [space_named(m, "Kitchen")]),
      "Qto_SpaceBaseQuantities.NetFloorArea of the space Kitchen (Küche), m²"),
    Q(INS, "german", "Welche Möbel haben die Hauptfarbe weiss?",
      lambda m: elements(m.of("IfcFurnishingElement", prop_is("Pset_FurnitureTypeCommon", "MainColor", "weiss"))),
      "IfcFurnishingElement with Pset_FurnitureTypeCommon.MainColor = 'weiss'"),
    Q(EDC, "german", "Außenwände im 2.OG?",
      lambda m: elements(m.on("2.OG", "IfcWall", prop_is("Pset_WallCommon", "IsExternal", True))),
      f"IfcWall with Pset_WallCommon.IsExternal = TRUE on 2.OG, {SD}"),
    Q(DUP, "german", "Türen auf Level 2",
      lambda m: elements(m.on("Level 2", "IfcDoor")), f"IfcDoor on Level 2, {SD}"),
    Q(SH, "german", "Wie viele Esszimmerstühle stehen im Wohnzimmer?",
      lambda m: count(e for e in m.in_space(space_named(m, "Living room"), "IfcFurnishingElement")
                      if type_is("IfcFurnitureType", "Chair - Dining")(e)),
      "count of IfcFurnishingElement contained in space 'Living room' typed 'Chair - Dining' (dining chairs)"),
    Q(WP, "german", "Wo steht die Wärmepumpe?",
      _wp_heat_pump_storey, "storey of the IfcUnitaryEquipment typed 'Waermepumpe:xy kW'"),
    Q(FZK, "german", "Auf welcher Höhe liegt das Dachgeschoss (in m)?",
      _elev("Dachgeschoss"), "IfcBuildingStorey.Elevation of Dachgeschoss, m"),
    Q(INS, "german", "Fenster im 4. Obergeschoss",
      lambda m: no_storey(m, "4. Obergeschoss", "4.OG", "4. OG"), "decline: the model has no 4. Obergeschoss"),
    Q(FZK, "german", "Was hat die Haustür gekostet?",
      lambda m: refuse(m, COST), "decline: a price (the model holds no cost entity)"),
    Q(HOM, "german", "Wie viele Fenster hat der Raum Bath9?",
      lambda m: count(m.bounding(space_named(m, "Bath9"), "IfcWindow")), "count of IfcWindow bounding space Bath9"),
    # ---------------------------------------------------------------- refuse
    Q(DUP, "refuse", "Please delete all the furniture on Level 2.",
      lambda m: refuse(m, exists=lambda m: m.on("Level 2", "IfcFurnishingElement")),
      "decline: a write (delete); the furniture exists"),
    Q(INS, "refuse", "move Buero Meier up to the 2. Obergeschoss",
      lambda m: refuse(m, exists=lambda m: [space_named(m, "Buero Meier"), m.storey("2. Obergeschoss")]),
      "decline: a write (move); the room and the storey exist"),
    Q(EDC, "refuse", "rename storey EG to 'Ground Floor'",
      lambda m: refuse(m, exists=lambda m: [m.storey("EG")]), "decline: a write (rename); EG exists"),
    Q(HOM, "refuse", "add two more windows to Bedroom6",
      lambda m: refuse(m, exists=lambda m: [space_named(m, "Bedroom6")]), "decline: a write (add); Bedroom6 exists"),
    Q(LB, "refuse", "How much would it cost to replace all the windows on level 1?",
      lambda m: refuse(m, COST, exists=lambda m: m.on("Level 1", "IfcWindow")),
      "decline: a cost (the model holds no cost entity)"),
    Q(FZK, "refuse", "When will the Dachgeschoss be finished?",
      lambda m: refuse(m, SCHEDULE, exists=lambda m: [m.storey("Dachgeschoss")]),
      "decline: a schedule (the model holds no task or work schedule)"),
    Q(SH, "refuse", "Who lives in the bedroom?",
      lambda m: refuse(m, PEOPLE, exists=lambda m: [space_named(m, "Bedroom")]),
      "decline: occupants (the model holds no IfcOccupant)"),
    Q(HE, "refuse", "what is the flow temperature in the heating right now?",
      lambda m: refuse(m, LIVE), "decline: a live reading (the model holds no sensor or time series)"),
    Q(DEL, "refuse", "switch off all the lights on level 2",
      lambda m: refuse(m, exists=lambda m: m.on("Level 2", None, typed(LIGHT))),
      "decline: a control action; the light fixtures exist"),
    Q(WP, "refuse", "one pump is broken, order a replacement pump for me",
      lambda m: refuse(m, COST, exists=lambda m: m.of("IfcPump")), "decline: an order; the pumps exist"),
    Q(R3, "refuse", "Is the Wohnen a nice room to live in?",
      lambda m: refuse(m, exists=lambda m: [space_named(m, "Wohnen")]), "decline: an opinion"),
    Q(RQ, "refuse", "what's the monthly rent for the small offices?",
      lambda m: refuse(m, COST, exists=lambda m: m.spaces(m.named("small office"))),
      "decline: rent (the model holds no cost entity)"),
    Q(DHW, "refuse", "turn on the hot water in the bath",
      lambda m: refuse(m, exists=lambda m: m.of("IfcSanitaryTerminal")), "decline: a control action"),
    Q(INS, "refuse", "When was the Seminarraum last cleaned?",
      lambda m: refuse(m, SCHEDULE + LIVE, exists=lambda m: [space_named(m, "Seminarraum")]),
      "decline: maintenance history (no task, schedule or time series)"),
    Q(EDC, "refuse", "paint all the doors on 1.OG red",
      lambda m: refuse(m, exists=lambda m: m.on("1.OG", "IfcDoor")), "decline: a write (paint); the doors exist"),
    Q(OH, "refuse", "what's the yearly energy bill of this house?",
      lambda m: refuse(m, COST + LIVE), "decline: a cost (no cost entity, no time series)"),
    Q(FZK11, "refuse", "buy four new chairs for the Küche",
      lambda m: refuse(m, COST, exists=lambda m: [space_named(m, "Küche")]), "decline: an order"),
    Q(SIG, "refuse", "schedule maintenance for both signals next Tuesday",
      lambda m: refuse(m, SCHEDULE, exists=lambda m: m.of("IfcSignal")), "decline: a write to a schedule"),
    # ---------------------------------------------------------------- lookup
    Q(FZK, "lookup", "how wide is the Terrassentuer?", _fzk_terrace_width,
      "OverallWidth of the IfcDoor named Terrassentuer (= BaseQuantities.Width), m"),
    Q(DUP, "lookup", "What's the elevation of Level 2?", _elev("Level 2"), "IfcBuildingStorey.Elevation, m"),
    Q(DEL, "lookup", "At what height is the Roof level, in metres?", _elev("Roof", FT),
      "IfcBuildingStorey.Elevation of Roof, converted from feet to m"),
    Q(LB, "lookup", "What's the elevation of Level 2 in m?", _elev("Level 2", 0.001),
      "IfcBuildingStorey.Elevation of Level 2, converted from mm to m"),
    Q(INS, "lookup", "What's the U-value of the windows?",
      lambda m: values(m.of("IfcWindow"), lambda e: Model.prop(e, "Pset_WindowCommon", "ThermalTransmittance")),
      "Pset_WindowCommon.ThermalTransmittance of every IfcWindow"),
    Q(EDC, "lookup", "what type are the windows",
      lambda m: values(m.of("IfcWindow"), lambda e: ue.get_type(e).Name if ue.get_type(e) else None),
      "the type name (IfcWindowType.Name) of every IfcWindow"),
    Q(HOM, "lookup", "how wide are the windows on the 1stFloor?",
      lambda m: values(m.on("1stFloor", "IfcWindow"), lambda e: Model.prop(e, "Qto_WindowBaseQuantities", "Width"),
                       "m"), f"Qto_WindowBaseQuantities.Width of IfcWindow on 1stFloor, m, {SD}"),
    Q(RQ, "lookup", "What's the width of the door?",
      _rq_door_width, "PSet_Revit_Type_Dimensions.Width of the one IfcDoor (= OverallWidth), m"),
    Q(SH, "lookup", "How tall are the doors, in metres?",
      lambda m: values(m.of("IfcDoor"), lambda e: Model.qty(e, "BaseQuantities", "Height") / 1000, "m"),
      "BaseQuantities.Height of every IfcDoor, converted from mm to m"),
    Q(EDC, "lookup", "elevation of 2.OG", _elev("2.OG"), "IfcBuildingStorey.Elevation, m"),
    Q(INS, "lookup", "What category is room 003?",
      lambda m: values([space_named(m, "003")], lambda s: Model.prop(s, "Pset_SpaceCommon", "Category")),
      "Pset_SpaceCommon.Category of space 003"),
    Q(FZK, "lookup", "U-value of the Haustuer?", _fzk_doors_u,
      "Pset_DoorCommon.ThermalTransmittance of the IfcDoor named Haustuer"),
    Q(DUP, "lookup", "how many risers do the stairs have",
      _stair_risers, "Pset_StairCommon.NumberOfRiser of every IfcStair"),
    Q(EDC, "lookup", "what's the fire rating of the doors on EG?",
      lambda m: no_prop(m, "IfcDoor", "FireRating"), "decline: no door records a FireRating"),
    Q(R3, "lookup", "acoustic rating of the Empfang door?",
      _r3_acoustic, "decline: no door records an AcousticRating (the one pset leaves it empty)"),
    Q(DHW, "lookup", "what type is the water heater?",
      lambda m: values(m.of("IfcBoiler"), lambda e: ue.get_type(e).Name if ue.get_type(e) else None),
      "the type name of the IfcBoiler (WATER)"),
    Q(DHW, "lookup", "who makes the water heater? need the manufacturer for a spare part",
      lambda m: (nonempty(m.of("IfcBoiler")), no_prop(m, None, "Manufacturer"),
                 absent(m, "manufacturer", "hersteller"))[1],
      "decline: no element records a manufacturer"),
    Q(SIG, "lookup", "signal type?",
      lambda m: values(m.of("IfcSignal"), lambda e: ue.get_type(e).Name if ue.get_type(e) else None),
      "the type name of every IfcSignal"),
    Q(OH, "lookup", "what are the walls made of",
      _oh_wall_material, "the material names of every IfcWall"),
    Q(HOM, "lookup", "U-value of the windows on the 1stFloor?",
      lambda m: (nonempty(m.on("1stFloor", "IfcWindow")), no_prop(m, "IfcWindow", "ThermalTransmittance"),
                 absent(m, "u-value", "uvalue", "transmittance"))[1],
      "decline: no window records a ThermalTransmittance (U-value)"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (ids ``sixth-KIND-NN``): the loop of
    ``people_oracles.compute_set``, with ``Model6`` for the models."""
    models: dict[str, Model6] = {}
    seen: Counter[str] = Counter()
    out = []
    for question in QUESTIONS:
        if question.model not in models:
            models[question.model] = Model6(ifc_dir / question.model)
        seen[question.kind] += 1
        out.append({
            "id": f"sixth-{question.kind}-{seen[question.kind]:02d}",
            "query": question.query,
            "ifc_filename": question.model,
            "kind": question.kind,
            "oracle": question.oracle(models[question.model]),
            "oracle_rule": question.rule,
            "source": "ifcopenshell",
        })
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
