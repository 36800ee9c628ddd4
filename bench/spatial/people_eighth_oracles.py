"""Issue 22's eighth blind question set: 48 intents in four phrasings each, oracles with plain IfcOpenShell.

    python bench/spatial/people_eighth_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Every intent (``eighth-KIND-NN``) is asked four times, in four forms (a terse fragment or chat line, a full
question, a message with context, another voice: German, non-native English, a typo, passive or imperative,
the question last after its reason); the four records share the oracle and carry ``"intent"``, so the set
measures how an answer holds up when the same need is phrased differently. Ids are ``eighth-KIND-NN-a`` ..
``-d``. Nothing here goes through ifcqa: the walks, oracle builders and the command line are those of
``people_oracles.py`` (storey-deep containment, "in room X" = contained in the space, "the doors / windows of
room X" = its IfcRelSpaceBoundary elements, booleans need their explicit value, quantities from the named
quantity set). Every decline asserts its premise here (the storey, room word, property or quantity really is
absent; for a refusal the model holds no entity that could answer it, and for a write the thing it would
change exists), so a model that holds what a decline denies makes this script fail instead of writing a
wrong oracle.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import people_oracles as po  # noqa: E402
from people_oracles import (  # noqa: E402
    BQ_NFA,
    DEL,
    DUP,
    EDC,
    FZK,
    GSA,
    HE,
    HOM,
    INS,
    LB,
    R3,
    RQ,
    SH,
    STOREY_DEEP,
    WP,
    Model,
    Oracle,
    count,
    decline,
    elements,
    ext,
    load_bearing,
    number,
    q,
    set_main,
    storeys,
    total,
    yes_no,
)

DEFAULT_OUT = HERE / "people_eighth.json"
PREFIX = "eighth"
FORMS = ("a", "b", "c", "d")

AC11 = "AC11-FZK-Haus-IFC.ifc"
DHW = "domestic-hot-water.ifc"
SIG = "linear-placement-of-signal.ifc"
OH = "IfcOpenHouse_IFC4.ifc"

COST = ("IfcCostItem", "IfcCostValue", "IfcCostSchedule")
SCHEDULE = ("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcWorkCalendar", "IfcRelSequence")
OCCUPANT = ("IfcOccupant", "IfcActor", "IfcRelAssignsToActor")


# --- decline premises ---------------------------------------------------------------------------------

def _key(name: str | None) -> str:
    return "".join((name or "").split()).casefold()


def no_storey(m: Model, *names: str) -> Oracle:
    """Decline: none of ``names`` is a storey of the model (compared case- and space-insensitively)."""
    held = {_key(s.Name) for s in m.f.by_type("IfcBuildingStorey")}
    for name in names:
        if _key(name) in held:
            raise ValueError(f"storey {name!r} does exist: not a decline")
    return decline()


def no_storeys_at_all(m: Model) -> Oracle:
    if m.f.by_type("IfcBuildingStorey"):
        raise ValueError("the model has storeys: not a decline")
    return decline()


class M8(Model):
    """``Model`` that remembers its file, so a decline can check the file's text."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.path = path


def text_absent(m: M8, *words: str) -> Oracle:
    """Decline: no string in the file (any attribute, any property, any label) holds any of ``words``."""
    text = m.path.read_bytes().decode("latin-1").casefold()
    for word in words:
        if word.casefold() in text:
            raise ValueError(f"{word!r} occurs in the file: not a decline")
    return decline()


def refuse(m: Model, absent: Iterable[str]) -> Oracle:
    """Decline a question no IFC entity answers: the model holds none of the ``absent`` classes."""
    for name in absent:
        if m.by_type(name):
            raise ValueError(f"the model holds {name}: a refusal needs it absent")
    return decline()


def refuse_write(things: list[Any]) -> Oracle:
    """Decline a write (delete, move, rename): the thing exists, so only the write makes it a refusal."""
    if not things:
        raise ValueError("the thing the write would change does not exist")
    return decline()


def no_property(es: list[Any], *names: str) -> Oracle:
    """Decline: no property or quantity named like ``names`` holds a non-empty value on any of ``es``."""
    if not es:
        raise ValueError("no elements to deny the property on")
    low = [n.casefold() for n in names]
    for e in es:
        for pset, props in po.ue.get_psets(e).items():
            for prop, value in props.items():
                if prop != "id" and any(n in prop.casefold() for n in low) and value not in (None, ""):
                    raise ValueError(f"{e.GlobalId} holds {pset}.{prop} = {value!r}: not a decline")
    return decline()


def no_weight(m: Model, es: list[Any]) -> Oracle:
    """Decline a weight: no IfcQuantityWeight in the model and no numeric weight / mass property on ``es``
    (a boolean such as Revit's "Related to Mass" is not a weight)."""
    if m.by_type("IfcQuantityWeight"):
        raise ValueError("the model holds IfcQuantityWeight: not a decline")
    if not es:
        raise ValueError("no elements to deny the weight on")
    for e in es:
        for pset, props in po.ue.get_psets(e).items():
            for prop, value in props.items():
                numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
                if prop != "id" and numeric and any(w in prop.casefold() for w in ("weight", "mass", "gewicht")):
                    raise ValueError(f"{e.GlobalId} holds {pset}.{prop} = {value!r}: not a decline")
    return decline()


# --- small oracle helpers --------------------------------------------------------------------------------

def values(es: list[Any], get: Callable[[Any], Any], unit: str | None = None) -> Oracle:
    """A lookup over several elements: the distinct values with how many elements hold each."""
    counts = Counter(get(e) for e in es)
    rows = sorted(([v, n] for v, n in counts.items()), key=lambda r: (r[0] is None, str(r[0])))
    return {"type": "values", "value": rows, "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def material_names(e: Any) -> str:
    names = [mat.Name for mat in po.ue.get_materials(e)]
    if len(names) != 1:
        raise ValueError(f"{e.GlobalId}: {len(names)} materials")
    return str(names[0])


def has_type_name(type_class: str, name: str) -> Callable[[Any], bool]:
    def check(e: Any) -> bool:
        t = po.ue.get_type(e)
        return bool(t is not None and t.is_a(type_class) and t.Name == name)
    return check


def storey_elevation_m(m: Model, name: str) -> Oracle:
    s = m.storey(name)
    scale = po.uu.calculate_unit_scale(m.f)  # project length unit -> metres
    return number(float(s.Elevation) * scale, "m")


def door_width_m(m: Model) -> Oracle:
    doors = m.of("IfcDoor")
    if len(doors) != 1:
        raise ValueError(f"{len(doors)} doors")
    d = doors[0]
    revit = Model.prop(d, "PSet_Revit_Type_Dimensions", "Width")
    scale = po.uu.calculate_unit_scale(m.f)
    if abs(float(d.OverallWidth) * scale - float(revit) * scale) > 1e-3:
        raise ValueError("OverallWidth and the Revit Width differ: the question would be ambiguous")
    return number(float(d.OverallWidth) * scale, "m", [d])


def wc_on(m: Model, storey: str) -> list[Any]:
    return [s for s in m.spaces(m.named("WC")) if m.storey_name(s) == storey]


def bad_door_fire_rating(m: Model) -> Oracle:
    bad = m.space(long="Bad")
    doors = m.bounding(bad, "IfcDoor")
    if len(doors) != 1:
        raise ValueError(f"{len(doors)} doors bound the Bad")
    return no_property(doors, "firerating", "fireresistance", "feuerwiderstand")


def layer_total(e: Any) -> float:
    usage = po.ue.get_material(e)
    layers = usage.ForLayerSet.MaterialLayers if usage.is_a("IfcMaterialLayerSetUsage") else usage.MaterialLayers
    return float(sum(layer.LayerThickness for layer in layers))


def thick_walls(m: Model, storey: str, limit: float) -> Oracle:
    """Walls on ``storey`` thicker than ``limit`` m; the quantity Width and the material layers must agree on
    every wall there (they do not in the attic of ExampleHOM, hence the storey)."""
    walls = m.on(storey, "IfcWall")
    widths = {w.GlobalId: Model.qty(w, "Qto_WallBaseQuantities", "Width") for w in walls}
    for w in walls:
        if abs(widths[w.GlobalId] - layer_total(w)) > 1e-6:
            raise ValueError(f"{w.GlobalId}: Width {widths[w.GlobalId]} but layers {layer_total(w)}")
    return elements(w for w in walls if widths[w.GlobalId] > limit)


def largest_office(m: Model, storey: str) -> Oracle:
    offices = [s for s in m.spaces(m.named("Buero")) if m.storey_name(s) == storey]
    return po.extreme(offices, BQ_NFA, "m²")


def more_on(m: Model, a: str, b: str, classes: str, where: Callable[[Any], bool] | None = None) -> Oracle:
    na, nb = len(m.on(a, classes, where)), len(m.on(b, classes, where))
    if na == nb:
        raise ValueError(f"tie {a} {na} = {b} {nb}")
    return yes_no(na > nb)


def which_more(m: Model, names: list[str], classes: str | None, where: Callable[[Any], bool] | None = None) -> Oracle:
    return po.argmax_storey(m, {s: m.on(s, classes, where) for s in names})


def spaces_on(m: Model, storey: str, where: Callable[[Any], bool]) -> list[Any]:
    return [s for s in m.spaces() if m.storey_name(s) == storey and where(s)]


def outlets_winner(m: Model) -> Oracle:
    """Level 1 vs Level 2 by receptacles; the winner must not change when the 4 telephone outlets (proxies)
    are counted too, so a reader who reads "outlets" more broadly gives the same answer."""
    plain = which_more(m, ["Level 1", "Level 2"], None, OUTLET)
    phone = Model.type_name_has("Telephone Outlet")
    broad = which_more(m, ["Level 1", "Level 2"], None, lambda e: OUTLET(e) or phone(e))
    if plain != broad:
        raise ValueError("the telephone outlets change the winner")
    return plain


RADIATOR = Model.typed("IfcSpaceHeaterType")
OUTLET = Model.typed("IfcOutletType")
SMOKE = has_type_name("IfcProtectiveDeviceType", "Smoke Detector")


# --- the intents -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Intent:
    model: str
    kind: str
    phrasings: tuple[str, str, str, str]
    oracle: Callable[[Model], Oracle]
    rule: str


INTENTS: list[Intent] = [
    # --- storey_class -------------------------------------------------------------------------------------
    Intent(DUP, "storey_class", (
        "Level 2 windows",
        "Could you show me all the windows that are on Level 2, please?",
        "Hi, we're pricing new blinds for the upper floor of the duplex. Before I send the order I need "
        "every window on Level 2 listed. Thanks, Maren",
        "windos on level two, which ones?",
    ), lambda m: elements(m.on("Level 2", "IfcWindow")), f"IfcWindow on Level 2, {STOREY_DEEP}"),
    Intent(EDC, "storey_class", (
        "doors 1.OG",
        "Which doors are located on the 1.OG?",
        "Facility ticket #2207 - locksmith visit. The locksmith is coming Thursday and will check every door "
        "on the first upper floor (1.OG). Please give me the list of doors there.",
        "Welche Türen gibt es im 1.OG?",
    ), lambda m: elements(m.on("1.OG", "IfcDoor")), f"IfcDoor (incl. IfcDoorStandardCase) on 1.OG, {STOREY_DEEP}"),
    Intent(DEL, "storey_class", (
        "smoke detectors level 2?",
        "Which smoke detectors are installed on Level 2?",
        "Dear team, the fire inspector wants to test the smoke detectors on the upper level next week. "
        "Can you list the ones on Level 2 for her? Regards, Tom (site electrician)",
        "Pls list me smoke detector which are placed on the Level 2",
    ), lambda m: elements(m.on("Level 2", None, SMOKE)),
        f"elements typed by the IfcProtectiveDeviceType named 'Smoke Detector' on Level 2, {STOREY_DEEP}"),
    Intent(DHW, "storey_class", (
        "sanitary fixtures on My Storey",
        "What sanitary fixtures are there on My Storey?",
        "Plumber here - I'm quoting the fit-out and need to know which sanitary terminals (basins, baths and "
        "so on) sit on My Storey. What does the model have?",
        "On My Storey, the sanitary terminals: list them",
    ), lambda m: elements(m.on("My Storey", "IfcSanitaryTerminal")),
        f"IfcSanitaryTerminal on My Storey, {STOREY_DEEP}"),
    # --- comparison ---------------------------------------------------------------------------------------
    Intent(INS, "comparison", (
        "floor with most doors",
        "Which storey of the institute has the largest number of doors?",
        "We have to replace all door closers, one floor at a time, and want to start where the work is "
        "biggest. On which floor are there the most doors?",
        "In welchem Geschoss sind die meisten Türen?",
    ), lambda m: po.argmax_storey(m, po.per_storey(m, "IfcDoor")),
        f"storey with the most IfcDoor, {STOREY_DEEP} (1. Obergeschoss 22, 2. Obergeschoss 21, Erdgeschoss 18, "
        "Keller 16, Dachgeschoss 0)"),
    Intent(DUP, "comparison", (
        "windows: level 1 vs level 2 - which has more?",
        "Are there more windows on Level 1 or on Level 2? Which one?",
        "Hello, for the window cleaning contract I need to know which of the two living levels carries more "
        "windows: Level 1 or Level 2? Best, Jo",
        "which level got more windows, lvl 1 or lvl 2",
    ), lambda m: which_more(m, ["Level 1", "Level 2"], "IfcWindow"),
        f"the one of Level 1 / Level 2 with more IfcWindow, {STOREY_DEEP} (4 vs 18)"),
    Intent(HOM, "comparison", (
        "more doors on GroundFloor than on 1stFloor?",
        "Does the GroundFloor have more doors than the 1stFloor?",
        "Quick sanity check for the door schedule I'm drafting: is the number of doors on the GroundFloor "
        "higher than on the 1stFloor? Yes or no is enough.",
        "GroundFloor has more doors than 1stFloor - true?",
    ), lambda m: more_on(m, "GroundFloor", "1stFloor", "IfcDoor"),
        f"IfcDoor on GroundFloor > IfcDoor on 1stFloor, {STOREY_DEEP} (7 vs 4)"),
    Intent(DEL, "comparison", (
        "power outlets L1 vs L2, which floor has more",
        "Which level has more duplex receptacles, Level 1 or Level 2?",
        "We're planning the circuit split for the duplex. Between Level 1 and Level 2, where are more "
        "receptacles (outlets) installed? Thanks in advance",
        "more sockets on which one - Level 1 or Level 2?",
    ), lambda m: outlets_winner(m),
        f"the one of Level 1 / Level 2 with more elements typed by IfcOutletType, {STOREY_DEEP} (28 vs 19)"),
    Intent(LB, "comparison", (
        "windows level 2 vs level 3",
        "Does Level 2 or Level 3 have more windows?",
        "Hi, we're comparing the two upper floors for the facade survey: which of them has more windows, "
        "Level 2 or Level 3? Cheers, Ines",
        "Level 3 or Level 2: where are more windows?",
    ), lambda m: no_storey(m, "Level 3"), "decline: the model has no Level 3 (storeys Level 1, Level 2)"),
    # --- edge -----------------------------------------------------------------------------------------------
    Intent(SIG, "edge", (
        "signals on level 1",
        "Which signals are on Level 1?",
        "Hello, I'm checking the signalling layout. Could you tell me which signals stand on Level 1 of "
        "this model? Thank you, R. Okafor",
        "show me the signals of level 1",
    ), no_storeys_at_all, "decline: the model has no storey at all (a railway with an alignment)"),
    Intent(DHW, "edge", (
        "radiators on My Storey?",
        "How many radiators are there on My Storey?",
        "Heating engineer here. Before sizing the boiler I'd like to know the number of radiators on My "
        "Storey - how many does the model show?",
        "Do we have any radiators on My Storey - how many?",
    ), lambda m: count(m.on("My Storey", "IfcSpaceHeater")), f"IfcSpaceHeater on My Storey, {STOREY_DEEP} (none)"),
    Intent(DUP, "edge", (
        "doors level 3",
        "Which doors are there on Level 3?",
        "Good morning, the door hardware supplier asks for the list of doors on Level 3 of the duplex. "
        "Could you pull it from the model? Kind regards, Sam",
        "list doors on the level3 pls",
    ), lambda m: no_storey(m, "Level 3", "Level3"),
        "decline: the model has no Level 3 (storeys Level 1, Level 2, T/FDN, Roof)"),
    Intent(AC11, "edge", (
        "doors Dachgeschoss",
        "How many doors does the Dachgeschoss have?",
        "I'm drawing the fire escape plan for the attic. How many doors are there in the Dachgeschoss? "
        "Thanks, Lea",
        "how many dors on the dachgeschoss",
    ), lambda m: count(m.on("Dachgeschoss", "IfcDoor")), f"IfcDoor on Dachgeschoss, {STOREY_DEEP} (none)"),
    # --- rooms ----------------------------------------------------------------------------------------------
    Intent(DUP, "rooms", (
        "kitchen - which level?",
        "On which level is the kitchen?",
        "Hi! The new fridges get delivered tomorrow and the driver wants to know which floor the kitchen is "
        "on. Can you check in the model? Thanks, Pia",
        "the kitchen is located on what floor",
    ), lambda m: storeys(m.storey_name(s) for s in m.spaces(m.named("kitchen"))),
        "storeys of the spaces whose Name or LongName holds 'kitchen' (A103, B103)"),
    Intent(INS, "rooms", (
        "contents of room 001",
        "What is in room 001?",
        "Hello, we are moving the meeting room furniture out for the renovation. Could you list everything "
        "that is in room 001 (Besprechungsraum I)? Best regards, Facility Management",
        "room 001: what is inside it?",
    ), lambda m: elements(m.in_space(m.space("001"))), "elements contained in space 001 (Besprechungsraum I)"),
    Intent(HOM, "rooms", (
        "Kitchen5 doors",
        "Which doors does the Kitchen5 have?",
        "We're planning a new floor in the kitchen and must know which doors open into it, so the "
        "thresholds can be adjusted. Which doors belong to Kitchen5?",
        "doors of kitchen5 - list",
    ), lambda m: elements(m.bounding(m.space("Kitchen5"), "IfcDoor")),
        "IfcDoor of the IfcRelSpaceBoundary relationships of space Kitchen5"),
    Intent(R3, "rooms", (
        "windows of Wohnen",
        "Which windows does the Wohnen room have?",
        "Hallo, for the curtain order I need the windows of the living room 'Wohnen' only. Which are they? "
        "Greetings from the client",
        "Welche Fenster hat der Raum Wohnen?",
    ), lambda m: elements(m.bounding(m.space("Wohnen"), "IfcWindow")),
        "IfcWindow of the IfcRelSpaceBoundary relationships of space Wohnen"),
    Intent(LB, "rooms", (
        "conference room contents",
        "What is inside the conference room?",
        "Dear colleagues, the AV company needs an inventory of the conference room before installing the "
        "screens. What does the model show in there? Regards, Office Services",
        "in the conference room - what's there?",
    ), lambda m: text_absent(m, "conference", "meeting", "besprechung"),
        "decline: no space (no string in the file) holds 'conference' / 'meeting': every space is 'Room'"),
    # --- qualifiers -----------------------------------------------------------------------------------------
    Intent(SH, "qualifiers", (
        "external doors",
        "Which doors are external doors?",
        "For the security assessment of the sample house I have to look at every door leading outside. "
        "Which doors are marked as external in the model?",
        "doors that are exterior - list them",
    ), lambda m: elements(m.of("IfcDoor", ext("Pset_DoorCommon"))), "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(INS, "qualifiers", (
        "load-bearing walls, Erdgeschoss",
        "Which walls on the Erdgeschoss are load-bearing?",
        "Hi, we want to open up a few walls on the ground floor (Erdgeschoss) and must keep away from the "
        "structural ones. Which walls there are load-bearing? Thanks, the architect",
        "Welche tragenden Wände gibt es im Erdgeschoss?",
    ), lambda m: elements(m.on("Erdgeschoss", "IfcWall", load_bearing("Pset_WallCommon"))),
        f"IfcWall on Erdgeschoss with Pset_WallCommon.LoadBearing = TRUE, {STOREY_DEEP}"),
    Intent(HOM, "qualifiers", (
        "GroundFloor walls thicker than 25 cm",
        "Which walls on the GroundFloor are thicker than 25 centimetres?",
        "We're checking the thermal envelope of the ground floor. Could you list every wall on the "
        "GroundFloor with a thickness over 0.25 m? Thank you, energy consultant",
        "list walls of GroundFloor whose thickness is more than 250 mm",
    ), lambda m: thick_walls(m, "GroundFloor", 0.25),
        f"IfcWall on GroundFloor with Qto_WallBaseQuantities.Width > 0.25 m (equal to its material layers' total), "
        f"{STOREY_DEEP}"),
    Intent(EDC, "qualifiers", (
        "load bearing walls 1.OG",
        "Which walls on the 1.OG are load-bearing?",
        "Structural engineer here: before we core-drill on the first upper floor I need to know which walls "
        "of the 1.OG carry load. Can you check?",
        "Welche Wände im 1.OG sind tragend?",
    ), lambda m: no_property(m.on("1.OG", "IfcWall"), "loadbearing", "tragend"),
        "decline: no wall on 1.OG holds a LoadBearing property (Pset_WallCommon holds only IsExternal)"),
    # --- quantities -----------------------------------------------------------------------------------------
    Intent(AC11, "quantities", (
        "net floor area Erdgeschoss, all spaces summed",
        "What is the total net floor area of all spaces on the Erdgeschoss?",
        "Dear Sir or Madam, for the rental calculation I need the sum of the net floor areas of all spaces on "
        "the Erdgeschoss (hallway included), in square metres. Kind regards, H. Vogel",
        "Wie groß ist die Netto-Grundfläche aller Räume im Erdgeschoss zusammen, Flur mitgerechnet?",
    ), lambda m: total([s for s in m.spaces() if m.storey_name(s) == "Erdgeschoss"], BQ_NFA, "m²"),
        "sum of BaseQuantities.NetFloorArea of the IfcSpace on Erdgeschoss, m²"),
    Intent(INS, "quantities", (
        "biggest office on 1. Obergeschoss",
        "Which office on the 1. Obergeschoss has the largest net floor area?",
        "The new department head wants the largest office on the first upper floor (1. Obergeschoss). "
        "Which office there has the most net floor area?",
        "Welches Büro im 1. Obergeschoss hat die größte Nettofläche?",
    ), lambda m: largest_office(m, "1. Obergeschoss"),
        "the IfcSpace on 1. Obergeschoss whose LongName holds 'Buero' with the largest BaseQuantities.NetFloorArea"),
    Intent(HOM, "quantities", (
        "total window area GroundFloor",
        "What is the total area of the windows on the GroundFloor?",
        "Hi, for the daylight calculation I'd need the combined window area on the GroundFloor in m². "
        "Could you add it up? Thanks!",
        "sum up the window area of GroundFloor, in square meters",
    ), lambda m: total(m.on("GroundFloor", "IfcWindow"), q("Qto_WindowBaseQuantities", "Area"), "m²"),
        f"sum of Qto_WindowBaseQuantities.Area of IfcWindow on GroundFloor, {STOREY_DEEP}, m²"),
    Intent(RQ, "quantities", (
        "area of the small offices, total",
        "How much floor area do the small offices have altogether?",
        "We're sub-letting the small offices. To set the rent I need their combined area in square metres. "
        "What does the model give?",
        "total m2 of all small office rooms?",
    ), lambda m: total(m.spaces(m.named("small office")), GSA, "m²"),
        "sum of 'GSA Space Areas'.'GSA BIM Area' of the spaces whose LongName holds 'small office', m²"),
    Intent(DUP, "quantities", (
        "roof weight",
        "How heavy is the roof of the duplex?",
        "Our structural check of the joists needs the dead load from the roof. What does the roof weigh "
        "according to the model? Regards, structural team",
        "weight of the roof in kg?",
    ), lambda m: no_weight(m, m.of("IfcRoof")),
        "decline: the model holds no weight quantity (no IfcQuantityWeight) and the roof no weight/mass property"),
    # --- negation -------------------------------------------------------------------------------------------
    Intent(INS, "negation", (
        "spaces on Erdgeschoss that are not offices",
        "Which spaces on the Erdgeschoss are not offices?",
        "Cleaning contract: offices are cleaned by the tenant themselves, everything else by us. Which spaces "
        "on the Erdgeschoss (corridors and toilets included) are no offices?",
        "Welche Räume im Erdgeschoss sind keine Büros?",
    ), lambda m: elements(spaces_on(m, "Erdgeschoss", lambda s: not m.named("Buero")(s))),
        "IfcSpace on Erdgeschoss whose Name / LongName does not hold 'Buero'"),
    Intent(DUP, "negation", (
        "level 1 everything except furniture",
        "What is on Level 1 apart from the furniture?",
        "We're doing a condition survey of the building fabric. List everything on Level 1, but leave out "
        "the furniture, we don't care about it.",
        "all the elements of Level 1 without the furnishings",
    ), lambda m: elements(e for e in m.on("Level 1") if not e.is_a("IfcFurnishingElement")),
        f"every IfcElement (not openings / virtual elements) on Level 1 that is not an IfcFurnishingElement, "
        f"{STOREY_DEEP}"),
    Intent(LB, "negation", (
        "windows not on level 1",
        "Which windows are not on Level 1?",
        "Hi, the window cleaners already did Level 1 last week. Which windows are left, i.e. the ones that "
        "aren't on Level 1? Thanks, Ben",
        "show windows except the ones on level 1",
    ), lambda m: elements(e for e in m.of("IfcWindow") if m.storey_name(e) != "Level 1"),
        f"IfcWindow whose storey is not Level 1, {STOREY_DEEP}"),
    Intent(HOM, "negation", (
        "1stFloor spaces without the corridor",
        "Which spaces on the 1stFloor are not corridors?",
        "For the furniture plan I need the rooms of the 1stFloor, but not the corridor. What are they?",
        "Welche Räume hat das 1stFloor außer dem Flur?",
    ), lambda m: elements(spaces_on(m, "1stFloor", lambda s: not m.named("corridor")(s))),
        "IfcSpace on 1stFloor whose Name does not hold 'Corridor'"),
    # --- multi_storey ---------------------------------------------------------------------------------------
    Intent(INS, "multi_storey", (
        "number of doors Keller + Erdgeschoss",
        "How many doors are there on the Keller and the Erdgeschoss together?",
        "Hello, the painter prices per door. He does the Keller and the Erdgeschoss in the first phase - how "
        "many doors is that in total? Thanks, Anna",
        "Wie viele Türen haben Keller und Erdgeschoss zusammen?",
    ), lambda m: count(m.on(["Keller", "Erdgeschoss"], "IfcDoor")), f"IfcDoor on Keller or Erdgeschoss, {STOREY_DEEP}"),
    Intent(DUP, "multi_storey", (
        "walls on level 1 and level 2",
        "Show me the walls on Level 1 and on Level 2.",
        "We only renovate the two living levels. Please give me all the walls on Level 1 as well as Level 2 "
        "(not the foundation or the roof).",
        "list walls of both levels, 1 and 2",
    ), lambda m: elements(m.on(["Level 1", "Level 2"], "IfcWall")),
        f"IfcWall (incl. IfcWallStandardCase) on Level 1 or Level 2, {STOREY_DEEP}"),
    Intent(HE, "multi_storey", (
        "Heizkörper EG und Obergeschoss",
        "How many radiators are on the EG and the Obergeschoss combined?",
        "Dear all, we're bleeding the radiators on the EG and the Obergeschoss tomorrow. How many radiators "
        "is that in total? Regards, heating service",
        "radiators in EG plus Obergeschoss: how many?",
    ), lambda m: count(m.on(["EG", "Obergeschoss"], None, RADIATOR)),
        f"elements typed by IfcSpaceHeaterType on EG or Obergeschoss, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "windows 1.OG, 2.OG and 3.OG",
        "Which windows are on the 1.OG, the 2.OG and the 3.OG?",
        "For the sun-protection tender I need the windows of the upper floors 1.OG, 2.OG and 3.OG. Could "
        "you put them together for me?",
        "Fenster im 1.OG, 2.OG und 3.OG?",
    ), lambda m: no_storey(m, "3.OG", "3. OG", "3. Obergeschoss"),
        "decline: one of the three storeys asked (3.OG) does not exist (storeys EG, 1.OG, 2.OG)"),
    # --- german ---------------------------------------------------------------------------------------------
    Intent(INS, "german", (
        "WC-Räume 1. OG Anzahl",
        "Wie viele WC-Räume gibt es im 1. Obergeschoss?",
        "Hallo zusammen, für den Reinigungsplan brauche ich die Anzahl der WC-Räume im 1. Obergeschoss. "
        "Danke und Gruß, Petra",
        "Anzahl der Toilettenräume im ersten Obergeschoss?",
    ), lambda m: count(wc_on(m, "1. Obergeschoss")), "IfcSpace on 1. Obergeschoss whose LongName holds 'WC'"),
    Intent(WP, "german", (
        "Umwälzpumpen Anzahl",
        "Wie viele Umwälzpumpen sind in der Anlage verbaut?",
        "Guten Tag, für den Wartungsvertrag der Heizungsanlage müssen wir wissen, wie viele Pumpen im "
        "Modell vorhanden sind (die Wärmepumpe selbst nicht mitgezählt). Mit freundlichen Grüßen",
        "Zähl mal die Umwaelzpumpen",
    ), lambda m: count(m.of("IfcPump")),
        "IfcPump in the model (the heat pump is an IfcUnitaryEquipment 'Waermepumpe', not counted)"),
    Intent(AC11, "german", (
        "Möbel Küche",
        "Welche Möbel stehen in der Küche?",
        "Hallo, die Küche wird neu gemacht und die alten Möbel müssen raus. Welche Möbel stehen laut Modell "
        "in der Küche? Gruß, Familie Weber",
        "Was für Möbel sind in der Kueche?",
    ), lambda m: elements(m.in_space(m.space(long="Küche"))), "elements contained in the space Küche"),
    Intent(FZK, "german", (
        "Fenster 2. OG",
        "Welche Fenster gibt es im 2. Obergeschoss?",
        "Hallo, der Fensterbauer fragt nach allen Fenstern im 2. Obergeschoss des Hauses. Kannst du die aus "
        "dem Modell ziehen? Danke, Jonas",
        "Liste Fenster zweites Obergeschoss",
    ), lambda m: no_storey(m, "2. Obergeschoss", "2. OG", "2.OG", "zweites Obergeschoss"),
        "decline: the house has no 2. Obergeschoss (storeys Erdgeschoss, Dachgeschoss)"),
    # --- refuse ---------------------------------------------------------------------------------------------
    Intent(DUP, "refuse", (
        "delete furniture level 2",
        "Can you delete all the furniture on Level 2?",
        "Hi, the upper floor is being let unfurnished, so the furniture on Level 2 has to go from the model. "
        "Please remove it. Thanks, Max",
        "Remove every furnishing element from Level 2 now",
    ), lambda m: refuse_write(m.on("Level 2", "IfcFurnishingElement")),
        "decline: a write (deleting elements); the furniture on Level 2 exists"),
    Intent(LB, "refuse", (
        "window cost",
        "How much do the windows cost?",
        "Dear colleague, the client asks what all the windows of this building cost together. Could you "
        "give me the price? Regards, cost planning",
        "what is the price of the windows in euro",
    ), lambda m: refuse(m, COST), "decline: costs (the model holds no IfcCostItem / IfcCostValue / IfcCostSchedule)"),
    Intent(EDC, "refuse", (
        "2.OG completion date",
        "When will the 2.OG be finished?",
        "Hello, our tenant wants to move in as soon as the second upper floor is done. When is the 2.OG "
        "scheduled to be completed?",
        "Wann wird das 2.OG fertig?",
    ), lambda m: refuse(m, SCHEDULE), "decline: a schedule (the model holds no IfcTask / IfcWorkSchedule / ...)"),
    Intent(HOM, "refuse", (
        "who lives in Bedroom6",
        "Who is living in Bedroom6?",
        "I'm the new caretaker and want to introduce myself to the tenants. Which person lives in Bedroom6?",
        "Bedroom6 - name of the occupant?",
    ), lambda m: refuse(m, OCCUPANT), "decline: occupants (the model holds no IfcOccupant / IfcActor)"),
    # --- lookup ---------------------------------------------------------------------------------------------
    Intent(LB, "lookup", (
        "elevation level 2 in m",
        "What is the elevation of Level 2, in metres?",
        "We're setting out the stair. At what height in metres does Level 2 sit according to the model? "
        "Thanks, site engineer",
        "Level 2 height above zero - how many meters?",
    ), lambda m: storey_elevation_m(m, "Level 2"), "IfcBuildingStorey.Elevation of Level 2, converted from mm to m"),
    Intent(OH, "lookup", (
        "wall material",
        "What material are the walls made of?",
        "Hi, I'm preparing the heritage report for this little house and need the material of its walls. "
        "What does the model say?",
        "the walls consist of which material",
    ), lambda m: values(m.of("IfcWall"), material_names), "material (IfcRelAssociatesMaterial) of each IfcWall"),
    Intent(RQ, "lookup", (
        "door width (m)",
        "How wide is the door, in metres?",
        "We need to get a desk through the only door of this floor. What is the door's width in metres? "
        "Cheers, the movers",
        "width of the door in meter?",
    ), door_width_m, "IfcDoor.OverallWidth of the one door (equal to PSet_Revit_Type_Dimensions.Width), m"),
    Intent(INS, "lookup", (
        "column material",
        "What are the columns made of?",
        "For the structural survey I need to know the material of the columns in the institute. Which "
        "material does the model record?",
        "Aus welchem Material sind die Stützen?",
    ), lambda m: values(m.of("IfcColumn"), material_names), "material (IfcRelAssociatesMaterial) of each IfcColumn"),
    Intent(FZK, "lookup", (
        "fire rating of the Bad door",
        "What is the fire rating of the door to the Bad?",
        "Hello, the insurer asks for the fire rating of the bathroom door (room 'Bad'). What is it according "
        "to the model? Thanks, K. Braun",
        "Feuerwiderstandsklasse der Badtür?",
    ), bad_door_fire_rating,
        "decline: the one door bounding the space Bad holds no non-empty FireRating / FireResistanceRating"),
]


def compute(ifc_dir: Path, intents: Iterable[Intent] | None = None) -> list[dict[str, Any]]:
    """Every phrasing of every intent with the intent's oracle (computed once), ids ``eighth-KIND-NN-x``."""
    models: dict[str, Model] = {}
    seen: Counter[str] = Counter()
    out = []
    for intent in INTENTS if intents is None else intents:
        if intent.model not in models:
            models[intent.model] = M8(ifc_dir / intent.model)
        seen[intent.kind] += 1
        name = f"{PREFIX}-{intent.kind}-{seen[intent.kind]:02d}"
        oracle = intent.oracle(models[intent.model])
        if len(set(intent.phrasings)) != len(FORMS):
            raise ValueError(f"{name}: four different phrasings needed")
        for form, query in zip(FORMS, intent.phrasings, strict=True):
            out.append({
                "id": f"{name}-{form}",
                "intent": name,
                "query": query,
                "ifc_filename": intent.model,
                "kind": intent.kind,
                "oracle": oracle,
                "oracle_rule": intent.rule,
                "source": "ifcopenshell",
            })
    return out


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
