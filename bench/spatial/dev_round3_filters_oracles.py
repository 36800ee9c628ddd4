"""A third development set for spatial QA (round 3, filters): oracles with plain IfcOpenShell.

    python bench/spatial/dev_round3_filters_oracles.py [--ifc-dir ../shared/ifc] [-o ...json] [--check]

Written before the round-3 filter work, on what the blind sets showed weakest: declines of answerable questions
(a content word the parser does not consume). It holds negation in many shapes ("other than", "apart from",
"besides", "that aren't", "non-", "exclude", "ohne", "außer", "kein"), storey + class with storey synonyms
("upstairs", "top floor", "basement", "ground level", the German "first floor" = 1. Obergeschoss convention) and
class paraphrases (plurals, trade words, German compounds, typos), rooms by name / number / function, property
and attribute filters (booleans, labels, numbers with units, materials, type names), several storeys, and
questions that MUST be declined because one word changes the meaning and the model cannot ground it (a property
the model lacks, an orientation, a room or storey that does not exist, a write), mixed into normal questions.

It is a **development set**: the parser is changed while reading its failures. The semantics are those of
``people_oracles.py`` (storey-deep containment, boolean qualifiers need the explicit value, "in room X" =
contained in the space, "the doors of room X" = its space boundaries, a room by function = the spaces whose
Name or LongName holds the stated word); its ``Model`` walks are reused. Storey words: "ground floor" /
"downstairs" / "ground level" = the storey at elevation 0; "upstairs" = the storey above it (two-storey houses);
"top floor" = the highest storey; "basement" = the storey below ground (Keller); on models named the German way
(Erdgeschoss, 1. Obergeschoss / 1.OG) "first floor" is the 1. Obergeschoss. A type word ("desks", "trees",
"chairs", "revolving doors") = the elements whose type object's Name holds it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from people_oracles import (  # noqa: E402
    DEL,
    DOOR,
    DUP,
    EDC,
    FZK,
    HOM,
    INS,
    LB,
    RQ,
    SH,
    SPACE,
    STOREY_DEEP,
    WALL,
    WINDOW,
    Model,
    Q,
    compute_set,
    count,
    decline,
    elements,
    ext,
    load_bearing,
    set_main,
    storeys,
)
from people_oracles import dumps as dumps  # noqa: E402  (re-exported: the set tests compare dumps(compute(...)))

DEFAULT_OUT = Path(__file__).resolve().parent / "dev_round3_filters.json"
FURN = "IfcFurnishingElement"


def not_on(m: Model, classes: Any, *names: str, where: Any = None) -> list[Any]:
    """Elements of ``classes`` located on a storey other than ``names`` (storey-deep)."""
    for name in names:
        m.storey(name)
    return m.of(classes, lambda e: m.storey_name(e) not in (None, *names) and (where is None or where(e)))


def prop_is(pset: str, name: str, value: Any) -> Any:
    return lambda e: Model.prop(e, pset, name) == value and type(Model.prop(e, pset, name)) is type(value)


def gt_prop(pset: str, name: str, limit: float) -> Any:
    return lambda e: isinstance(Model.prop(e, pset, name), float) and Model.prop(e, pset, name) > limit


def in_spaces(m: Model, where: Any, classes: Any = None) -> list[Any]:
    return [e for s in m.spaces(where) for e in m.in_space(s, classes)]


def space_storeys(m: Model, where: Any) -> Any:
    found = m.spaces(where)
    if not found:
        raise ValueError("no space matches")
    return storeys(m.storey_name(s) for s in found)


def storeys_without(m: Model, classes: Any) -> Any:
    return storeys(s for s in m.storey_names() if not m.on(s, classes))


TYPE = Model.type_name_has
MAT = Model.material_has

QUESTIONS: list[Q] = [
    # ================================================================ negation
    Q(DUP, "negation", "all the windows other than those on Level 2",
      lambda m: elements(not_on(m, WINDOW, "Level 2")), f"IfcWindow on a storey other than Level 2, {STOREY_DEEP}"),
    Q(DUP, "negation", "which doors are on level 1 apart from the external ones?",
      lambda m: elements(m.on("Level 1", DOOR, ext("Pset_DoorCommon", False))),
      f"IfcDoor on Level 1 with Pset_DoorCommon.IsExternal = FALSE (every door holds the value), {STOREY_DEEP}"),
    Q(DUP, "negation", "Besides the bathrooms, which rooms are on Level 2?",
      lambda m: elements(m.on("Level 2", SPACE, lambda s: not m.named("bathroom")(s))),
      "IfcSpace on Level 2 whose Name/LongName does not hold 'Bathroom'"),
    Q(DUP, "negation", "rooms on level 1 that aren't kitchens",
      lambda m: elements(m.on("Level 1", SPACE, lambda s: not m.named("kitchen")(s))),
      "IfcSpace on Level 1 whose Name/LongName does not hold 'Kitchen'"),
    Q(DUP, "negation", "non-load-bearing walls on the ground floor",
      lambda m: elements(m.on("Level 1", WALL, load_bearing("Pset_WallCommon", False))),
      f"IfcWall on Level 1 (the storey at elevation 0) with Pset_WallCommon.LoadBearing = FALSE, {STOREY_DEEP}"),
    Q(DUP, "negation", "Which storeys have no doors at all?",
      lambda m: storeys(s for s in m.storey_names() if not m.on(s, DOOR)),
      f"storeys with zero IfcDoor, {STOREY_DEEP}"),
    Q(DUP, "negation", "everything on level 2 except the furniture",
      lambda m: elements(m.on("Level 2", None, lambda e: not e.is_a(FURN))),
      f"every element on Level 2 that is not an IfcFurnishingElement, {STOREY_DEEP}"),
    Q(INS, "negation", "Wie viele Türen gibt es außer im Keller?",
      lambda m: count(not_on(m, DOOR, "Keller")), f"IfcDoor on a storey other than Keller; count, {STOREY_DEEP}"),
    Q(INS, "negation", "Räume im Erdgeschoss ohne die Büros",
      lambda m: elements(m.on("Erdgeschoss", SPACE, lambda s: not m.named("buero")(s))),
      "IfcSpace on Erdgeschoss whose LongName does not hold 'Buero'"),
    Q(INS, "negation", "wie viele Fenster sind nicht im Erdgeschoss",
      lambda m: count(not_on(m, WINDOW, "Erdgeschoss")),
      f"IfcWindow on a storey other than Erdgeschoss; count, {STOREY_DEEP}"),
    Q(INS, "negation", "exclude the Keller - how many rooms are there?",
      lambda m: count(not_on(m, SPACE, "Keller")), "IfcSpace aggregated into a storey other than Keller; count"),
    Q(INS, "negation", "walls on the 1. Obergeschoss that are not exterior walls",
      lambda m: elements(m.on("1. Obergeschoss", WALL, ext("Pset_WallCommon", False))),
      f"IfcWall on 1. Obergeschoss with Pset_WallCommon.IsExternal = FALSE, {STOREY_DEEP}"),
    Q(INS, "negation", "Welche Geschosse haben keine Fenster?",
      lambda m: storeys_without(m, WINDOW), f"storeys with zero IfcWindow, {STOREY_DEEP}"),
    Q(INS, "negation", "doors on the Erdgeschoss that are not external, how many?",
      lambda m: count(m.on("Erdgeschoss", DOOR, ext("Pset_DoorCommon", False))),
      f"IfcDoor on Erdgeschoss with Pset_DoorCommon.IsExternal = FALSE; count, {STOREY_DEEP}"),
    Q(EDC, "negation", "doors everywhere but the EG",
      lambda m: elements(not_on(m, DOOR, "EG")), f"IfcDoor on a storey other than EG, {STOREY_DEEP}"),
    Q(EDC, "negation", "walls on 2.OG except the external ones",
      lambda m: elements(m.on("2.OG", WALL, ext("Pset_WallCommon", False))),
      f"IfcWall on 2.OG with Pset_WallCommon.IsExternal = FALSE, {STOREY_DEEP}"),
    Q(FZK, "negation", "Alle Räume außer Bad und Flur",
      lambda m: elements(m.spaces(lambda s: s.LongName not in ("Bad", "Flur"))),
      "IfcSpace whose LongName is neither 'Bad' nor 'Flur'"),
    Q(FZK, "negation", "which windows aren't on the Erdgeschoss?",
      lambda m: elements(not_on(m, WINDOW, "Erdgeschoss")),
      f"IfcWindow on a storey other than Erdgeschoss, {STOREY_DEEP}"),
    Q(HOM, "negation", "rooms that are not on the 1stFloor",
      lambda m: elements(not_on(m, SPACE, "1stFloor")), "IfcSpace aggregated into a storey other than 1stFloor"),
    Q(HOM, "negation", "list the rooms on the GroundFloor, leaving out the corridor",
      lambda m: elements(m.on("GroundFloor", SPACE, lambda s: not m.named("corridor")(s))),
      "IfcSpace on GroundFloor whose Name does not hold 'Corridor'"),
    Q(LB, "negation", "windows not on level 1",
      lambda m: elements(not_on(m, WINDOW, "Level 1")), f"IfcWindow on a storey other than Level 1, {STOREY_DEEP}"),
    Q(LB, "negation", "all doors except the double doors",
      lambda m: elements(m.of(DOOR, lambda e: not TYPE("double")(e))),
      "IfcDoor whose type Name does not hold 'Double' (M_Door-Interior-Double-Full Glass-Wood)"),
    Q(DEL, "negation", "how many light fixtures apart from those on level 1?",
      lambda m: count(not_on(m, None, "Level 1", where=Model.typed("IfcLightFixtureType"))),
      f"elements typed by IfcLightFixtureType on a storey other than Level 1; count, {STOREY_DEEP}"),
    Q(SH, "negation", "Is there any furniture that is not in the living room?",
      lambda m: {"type": "yes_no", "value": bool([e for e in m.of("IfcFurniture")
                                                  if m.container.get(e.id()) != m.space(long="Living room")])},
      "whether any IfcFurniture is contained elsewhere than the space 'Living room' (two pieces sit in the Bedroom)"),
    # ================================================================ storey + class (synonyms, paraphrases)
    Q(DUP, "storey_class", "what doors are upstairs?", lambda m: elements(m.on("Level 2", DOOR)),
      f"IfcDoor on Level 2 (the storey above the ground floor), {STOREY_DEEP}"),
    Q(DUP, "storey_class", "ground floor windows pls", lambda m: elements(m.on("Level 1", WINDOW)),
      f"IfcWindow on Level 1 (elevation 0), {STOREY_DEEP}"),
    Q(DUP, "storey_class", "lvl 2 windows count?", lambda m: count(m.on("Level 2", WINDOW)),
      f"IfcWindow on Level 2; count, {STOREY_DEEP}"),
    Q(DUP, "storey_class", "staircases on level one", lambda m: elements(m.on("Level 1", "IfcStair")),
      f"IfcStair on Level 1, {STOREY_DEEP}"),
    Q(INS, "storey_class", "how many windows in the basement", lambda m: count(m.on("Keller", WINDOW)),
      f"IfcWindow on Keller (the storey below ground); count, {STOREY_DEEP}"),
    Q(INS, "storey_class", "top floor railings", lambda m: elements(m.on("Dachgeschoss", "IfcRailing")),
      f"IfcRailing on Dachgeschoss (the highest storey), {STOREY_DEEP}"),
    Q(INS, "storey_class", "doorways on the first floor", lambda m: elements(m.on("1. Obergeschoss", DOOR)),
      f"IfcDoor on 1. Obergeschoss (German naming: first floor = 1. Obergeschoss), {STOREY_DEEP}"),
    Q(INS, "storey_class", "Decken im Dachgeschoss", lambda m: elements(m.on("Dachgeschoss", "IfcSlab")),
      f"IfcSlab on Dachgeschoss, {STOREY_DEEP}"),
    Q(INS, "storey_class", "Wieviele Tische stehen im Keller?", lambda m: count(m.on("Keller", FURN, TYPE("table"))),
      f"IfcFurnishingElement whose type Name holds 'Table' on Keller; count, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "how many doors on ground level", lambda m: count(m.on("EG", DOOR)),
      f"IfcDoor on EG (elevation 0); count, {STOREY_DEEP}"),
    Q(EDC, "storey_class", "walls on the top floor", lambda m: elements(m.on("2.OG", WALL)),
      f"IfcWall on 2.OG (the highest storey), {STOREY_DEEP}"),
    Q(EDC, "storey_class", "Fenster im ersten Obergeschoss", lambda m: elements(m.on("1.OG", WINDOW)),
      f"IfcWindow on 1.OG, {STOREY_DEEP}"),
    Q(FZK, "storey_class", "windows upstairs", lambda m: elements(m.on("Dachgeschoss", WINDOW)),
      f"IfcWindow on Dachgeschoss (the storey above the Erdgeschoss), {STOREY_DEEP}"),
    Q(FZK, "storey_class", "Wände im EG", lambda m: elements(m.on("Erdgeschoss", WALL)),
      f"IfcWall on Erdgeschoss (EG), {STOREY_DEEP}"),
    Q(FZK, "storey_class", "Treppen im Erdgeschoss", lambda m: elements(m.on("Erdgeschoss", "IfcStair")),
      f"IfcStair on Erdgeschoss, {STOREY_DEEP}"),
    Q(HOM, "storey_class", "windos on the first floor", lambda m: elements(m.on("1stFloor", WINDOW)),
      f"IfcWindow on 1stFloor (typo 'windos'), {STOREY_DEEP}"),
    Q(HOM, "storey_class", "slabs in the attic", lambda m: elements(m.on("attic", "IfcSlab")),
      f"IfcSlab on attic, {STOREY_DEEP}"),
    Q(LB, "storey_class", "desks on the ground floor", lambda m: elements(m.on("Level 1", FURN, TYPE("desk"))),
      f"IfcFurnishingElement whose type Name holds 'Desk' on Level 1, {STOREY_DEEP}"),
    Q(LB, "storey_class", "how many trees are there on level 1?",
      lambda m: count(m.on("Level 1", None, TYPE("tree"))),
      f"elements whose type Name holds 'Tree' (RPC Tree proxies) on Level 1; count, {STOREY_DEEP}"),
    Q(SH, "storey_class", "curtain walls on the ground floor",
      lambda m: elements(m.on("Ground Floor", "IfcCurtainWall")),
      f"IfcCurtainWall on Ground Floor, {STOREY_DEEP}"),
    Q(SH, "storey_class", "how many chairs on the ground floor",
      lambda m: count(m.on("Ground Floor", "IfcFurniture", lambda e: "chair" in (e.Name or "").lower()
                                                              and "table" not in (e.Name or "").lower())),
      "IfcFurniture on Ground Floor whose Name names a chair (Chair - Dining, Furniture_Chair_Viper; the dining "
      f"table 'w-Chairs' is a table); count, {STOREY_DEEP}"),
    Q(DEL, "storey_class", "smoke detectors upstairs",
      lambda m: elements(m.on("Level 2", None, TYPE("smoke detector"))),
      f"elements whose type Name holds 'Smoke Detector' on Level 2, {STOREY_DEEP}"),
    Q(DEL, "storey_class", "how many thermostats are downstairs?",
      lambda m: count(m.on("Level 1", None, TYPE("thermostat"))),
      f"elements whose type Name holds 'Thermostat' on Level 1; count, {STOREY_DEEP}"),
    # ================================================================ rooms
    Q(DUP, "rooms", "whats in room A103", lambda m: elements(m.in_space(m.space("A103"))),
      "elements contained in space A103"),
    Q(DUP, "rooms", "which floor is bedroom 2 on?", lambda m: space_storeys(m, lambda s: s.LongName == "Bedroom 2"),
      "storey of the spaces whose LongName is 'Bedroom 2'"),
    Q(DUP, "rooms", "where are the utility rooms", lambda m: space_storeys(m, m.named("utility")),
      "storeys of the spaces whose LongName holds 'Utility'"),
    Q(DUP, "rooms", "furniture in the living rooms", lambda m: elements(in_spaces(m, m.named("living room"), FURN)),
      "IfcFurnishingElement contained in the spaces whose LongName holds 'Living Room'"),
    Q(INS, "rooms", "What's in room 101?", lambda m: elements(m.in_space(m.space("101"))),
      "elements contained in space 101"),
    Q(INS, "rooms", "Welche Möbel stehen im Seminarraum?",
      lambda m: elements(in_spaces(m, m.named("seminarraum"), FURN)),
      "IfcFurnishingElement contained in the space 'Seminarraum'"),
    Q(INS, "rooms", "which floors are the labs on", lambda m: space_storeys(m, m.named("labor")),
      "storeys of the spaces whose LongName holds 'Labor'"),
    Q(INS, "rooms", "doors of the Seminarraum", lambda m: elements(m.bounding(m.space("006"), DOOR)),
      "IfcDoor in the IfcRelSpaceBoundary of space 006 (Seminarraum)"),
    Q(INS, "rooms", "how many WCs does the building have", lambda m: count(m.spaces(m.named("wc"))),
      "IfcSpace whose LongName holds 'WC'; count"),
    Q(INS, "rooms", "Wo ist das Büro von Herrn Schmidt?",
      lambda m: space_storeys(m, lambda s: s.LongName == "Buero Schmidt"),
      "storey of the space 'Buero Schmidt'"),
    Q(FZK, "rooms", "where's the office?", lambda m: space_storeys(m, m.named("buero")),
      "storey of the space whose LongName holds 'Buero' (office)"),
    Q(FZK, "rooms", "Fenster der Küche", lambda m: elements(m.bounding(m.space(long="Küche"), WINDOW)),
      "IfcWindow in the IfcRelSpaceBoundary of the space 'Küche'"),
    Q(HOM, "rooms", "windows of the kitchen", lambda m: elements(m.bounding(m.space("Kitchen5"), WINDOW)),
      "IfcWindow in the IfcRelSpaceBoundary of Kitchen5"),
    Q(HOM, "rooms", "what floor are the children's rooms on", lambda m: space_storeys(m, m.named("children")),
      "storeys of the spaces whose Name holds 'Children'"),
    Q(EDC, "rooms", "what doors lead into room 45", lambda m: elements(m.bounding(m.space("45"), DOOR)),
      "IfcDoor in the IfcRelSpaceBoundary of space 45"),
    Q(RQ, "rooms", "list the small offices", lambda m: elements(m.spaces(m.named("small office"))),
      "IfcSpace whose LongName holds 'small office'"),
    Q(LB, "rooms", "what is in room 7?", lambda m: elements(m.in_space(m.space("7"))), "elements contained in space 7"),
    Q(SH, "rooms", "what's in the bedroom", lambda m: elements(m.in_space(m.space(long="Bedroom"))),
      "elements contained in the space 'Bedroom'"),
    Q(DUP, "rooms", "How many rooms are there in unit B on level 2?",
      lambda m: count(m.on("Level 2", SPACE, lambda s: (s.Name or "").startswith("B"))),
      "IfcSpace on Level 2 whose Name starts with 'B' (unit B); count"),
    # ================================================================ qualifiers
    Q(DUP, "qualifiers", "exterior doors on level 1", lambda m: elements(m.on("Level 1", DOOR, ext("Pset_DoorCommon"))),
      f"IfcDoor on Level 1 with Pset_DoorCommon.IsExternal = TRUE, {STOREY_DEEP}"),
    Q(DUP, "qualifiers", "load bearing walls ground floor",
      lambda m: elements(m.on("Level 1", WALL, load_bearing("Pset_WallCommon"))),
      f"IfcWall on Level 1 with Pset_WallCommon.LoadBearing = TRUE, {STOREY_DEEP}"),
    Q(DUP, "qualifiers", "which walls are brick?", lambda m: elements(m.of(WALL, MAT("brick"))),
      "IfcWall with a material whose Name holds 'Brick'"),
    Q(DUP, "qualifiers", "doors wider than 850 mm on level 2",
      lambda m: elements(m.on("Level 2", DOOR, lambda e: (e.OverallWidth or 0) > 0.85)),
      f"IfcDoor on Level 2 with OverallWidth > 0.85 (m), {STOREY_DEEP}"),
    Q(INS, "qualifiers", "external columns", lambda m: elements(m.of("IfcColumn", ext("Pset_ColumnCommon"))),
      "IfcColumn with Pset_ColumnCommon.IsExternal = TRUE"),
    Q(INS, "qualifiers", "barrierefreie Räume im Erdgeschoss",
      lambda m: elements(m.on("Erdgeschoss", SPACE, prop_is("Pset_SpaceCommon", "HandicapAccessible", True))),
      "IfcSpace on Erdgeschoss with Pset_SpaceCommon.HandicapAccessible = TRUE"),
    Q(INS, "qualifiers", "rooms with air conditioning",
      lambda m: elements(m.spaces(prop_is("Pset_SpaceThermalRequirements", "AirConditioning", True))),
      "IfcSpace with Pset_SpaceThermalRequirements.AirConditioning = TRUE"),
    Q(INS, "qualifiers", "how many publicly accessible rooms are there?",
      lambda m: count(m.spaces(prop_is("Pset_SpaceCommon", "PubliclyAccessible", True))),
      "IfcSpace with Pset_SpaceCommon.PubliclyAccessible = TRUE; count"),
    Q(INS, "qualifiers", "where is the revolving door?",
      lambda m: storeys(m.storey_name(e) for e in m.of(DOOR, TYPE("revolving"))),
      f"storey of the IfcDoor whose type Name holds 'Revolving', {STOREY_DEEP}"),
    Q(INS, "qualifiers", "Welche Bauteile sind aus Stahlbeton?", lambda m: elements(m.of(None, MAT("stahlbeton"))),
      "elements with a material whose Name holds 'Stahlbeton'"),
    Q(INS, "qualifiers", "wheelchair accessible rooms in the Keller",
      lambda m: elements(m.on("Keller", SPACE, prop_is("Pset_SpaceCommon", "HandicapAccessible", True))),
      "IfcSpace on Keller with Pset_SpaceCommon.HandicapAccessible = TRUE"),
    Q(LB, "qualifiers", "the double doors", lambda m: elements(m.of(DOOR, TYPE("double"))),
      "IfcDoor whose type Name holds 'Double'"),
    Q(LB, "qualifiers", "windows with a U-value above 3",
      lambda m: elements(m.of(WINDOW, gt_prop("Pset_WindowCommon", "ThermalTransmittance", 3.0))),
      "IfcWindow with Pset_WindowCommon.ThermalTransmittance > 3 (W/m²K)"),
    Q(FZK, "qualifiers", "doors with a U-value of 2.0",
      lambda m: elements(m.of(DOOR, lambda e: Model.prop(e, "Pset_DoorCommon", "ThermalTransmittance") == 2.0)),
      "IfcDoor with Pset_DoorCommon.ThermalTransmittance = 2.0"),
    Q(FZK, "qualifiers", "which stairs are fire exits",
      lambda m: elements(m.of("IfcStair", prop_is("Pset_StairCommon", "FireExit", True))),
      "IfcStair with Pset_StairCommon.FireExit = TRUE"),
    Q(EDC, "qualifiers", "external slabs", lambda m: elements(m.of("IfcSlab", ext("Pset_SlabCommon"))),
      "IfcSlab with Pset_SlabCommon.IsExternal = TRUE"),
    Q(EDC, "qualifiers", "interior doors on EG, count them",
      lambda m: count(m.on("EG", DOOR, ext("Pset_DoorCommon", False))),
      f"IfcDoor on EG with Pset_DoorCommon.IsExternal = FALSE; count, {STOREY_DEEP}"),
    Q(HOM, "qualifiers", "windows of type WT01 on the ground floor",
      lambda m: elements(m.on("GroundFloor", WINDOW, TYPE("WT01"))),
      f"IfcWindow whose type Name is 'WT01' on GroundFloor, {STOREY_DEEP}"),
    Q(HOM, "qualifiers", "outside walls on the GroundFloor",
      lambda m: elements(m.on("GroundFloor", WALL, TYPE("outsidewall"))),
      f"IfcWall on GroundFloor whose type Name holds 'OutsideWall' (the model has no Pset_WallCommon), {STOREY_DEEP}"),
    Q(SH, "qualifiers", "birch furniture", lambda m: elements(m.of("IfcFurniture", MAT("birch"))),
      "IfcFurniture with a material whose Name holds 'Birch'"),
    Q(SH, "qualifiers", "external doors?", lambda m: elements(m.of(DOOR, ext("Pset_DoorCommon"))),
      "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Q(SH, "qualifiers", "doors over 1.5 m wide",
      lambda m: elements(m.of(DOOR, lambda e: (e.OverallWidth or 0) > 1500.0)),
      "IfcDoor with OverallWidth > 1500 (mm)"),
    # ================================================================ several storeys
    Q(DUP, "multi_storey", "doors upstairs and downstairs", lambda m: elements(m.on(["Level 1", "Level 2"], DOOR)),
      f"IfcDoor on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(INS, "multi_storey", "windows in the Keller and the EG",
      lambda m: elements(m.on(["Keller", "Erdgeschoss"], WINDOW)),
      f"IfcWindow on Keller or Erdgeschoss, {STOREY_DEEP}"),
    Q(INS, "multi_storey", "Räume im 1. und 2. OG",
      lambda m: elements(m.on(["1. Obergeschoss", "2. Obergeschoss"], SPACE)),
      "IfcSpace on 1. Obergeschoss or 2. Obergeschoss"),
    Q(INS, "multi_storey", "Türen im Erdgeschoss sowie im 2. OG, Anzahl",
      lambda m: count(m.on(["Erdgeschoss", "2. Obergeschoss"], DOOR)),
      f"IfcDoor on Erdgeschoss or 2. Obergeschoss; count, {STOREY_DEEP}"),
    Q(EDC, "multi_storey", "how many walls on EG + 1.OG", lambda m: count(m.on(["EG", "1.OG"], WALL)),
      f"IfcWall on EG or 1.OG; count, {STOREY_DEEP}"),
    Q(HOM, "multi_storey", "windows on both the ground floor and the first floor",
      lambda m: elements(m.on(["GroundFloor", "1stFloor"], WINDOW)),
      f"IfcWindow on GroundFloor or 1stFloor, {STOREY_DEEP}"),
    Q(FZK, "multi_storey", "alle Türen und Fenster in beiden Geschossen",
      lambda m: elements(m.on(["Erdgeschoss", "Dachgeschoss"], (DOOR, WINDOW))),
      f"IfcDoor and IfcWindow on Erdgeschoss or Dachgeschoss, {STOREY_DEEP}"),
    Q(LB, "multi_storey", "windows on level 1 & 2", lambda m: elements(m.on(["Level 1", "Level 2"], WINDOW)),
      f"IfcWindow on Level 1 or Level 2, {STOREY_DEEP}"),
    Q(DEL, "multi_storey", "smoke detectors on levels 1 and 2",
      lambda m: elements(m.on(["Level 1", "Level 2"], None, TYPE("smoke detector"))),
      f"elements whose type Name holds 'Smoke Detector' on Level 1 or Level 2, {STOREY_DEEP}"),
    # ======================================================= must decline ("refuse": one word the model cannot ground)
    Q(DUP, "refuse", "Which doors on Level 1 are fire exits?", lambda m: decline(),
      "no door of the model holds a FireExit property -> decline"),
    Q(DUP, "refuse", "list the north-facing windows on level 2", lambda m: decline(),
      "orientation is not held by the model -> decline"),
    Q(INS, "refuse", "south facing offices in the Erdgeschoss", lambda m: decline(),
      "orientation is not held by the model -> decline"),
    Q(INS, "refuse", "what is in room 999?", lambda m: decline(), "no space 999 -> decline"),
    Q(DUP, "refuse", "what's in the garage?", lambda m: decline(), "no space named or typed garage -> decline"),
    Q(FZK, "refuse", "how many windows in the basement?", lambda m: decline(),
      "no storey below ground (Erdgeschoss at 0, Dachgeschoss) -> decline"),
    Q(EDC, "refuse", "remove the doors on 1.OG", lambda m: decline(), "a write -> decline"),
    Q(LB, "refuse", "rename the desks on level 1 to tables", lambda m: decline(), "a write -> decline"),
    Q(HOM, "refuse", "which walls on the GroundFloor are soundproof?", lambda m: decline(),
      "no acoustic property on any wall -> decline"),
    Q(SH, "refuse", "which windows on the ground floor are tinted?", lambda m: decline(),
      "no tint / glazing property -> decline"),
    Q(DUP, "refuse", "show me the recently renovated rooms on level 1", lambda m: decline(),
      "no renovation date -> decline"),
    Q(INS, "refuse", "doors on the 2. Obergeschoss that are locked at night", lambda m: decline(),
      "no lock / schedule information -> decline"),
    Q(EDC, "refuse", "which walls on the EG are damaged?", lambda m: decline(), "no condition property -> decline"),
    Q(DEL, "refuse", "which outlets on Level 1 are GFCI protected?", lambda m: decline(),
      "no GFCI / RCD property -> decline"),
    Q(INS, "refuse", "move the tables from the Keller to the Erdgeschoss", lambda m: decline(), "a write -> decline"),
    Q(LB, "refuse", "which windows on level 2 face the street?", lambda m: decline(),
      "orientation / surroundings not held -> decline"),
    Q(DUP, "refuse", "the bedrooms on level 3", lambda m: decline(), "no storey Level 3 -> decline"),
    Q(HOM, "refuse", "how many doors in the cellar?", lambda m: decline(), "no storey below ground -> decline"),
    Q(INS, "refuse", "which offices on the 1. Obergeschoss are occupied right now?", lambda m: decline(),
      "occupancy is not held by the model -> decline"),
    Q(SH, "refuse", "which rooms have underfloor heating?", lambda m: decline(),
      "no heating system in the model -> decline"),
    Q(EDC, "refuse", "doors in room 12 that are automatic", lambda m: decline(),
      "no operation / automation property -> decline"),
    Q(DUP, "refuse", "What's in room A301?", lambda m: decline(), "no space A301 -> decline"),
    Q(DUP, "refuse", "doors on level 1 that aren't painted", lambda m: decline(),
      "no finish / paint property -> decline (a negated word the model cannot ground)"),
    Q(FZK, "refuse", "Welche Fenster im Erdgeschoss sind schallgedämmt?", lambda m: decline(),
      "Pset_WindowCommon.AcousticRating is empty on every window -> decline"),
]


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    """Every question with its oracle computed on the models in ``ifc_dir`` (in QUESTIONS order)."""
    return compute_set(QUESTIONS, ifc_dir, "round3f")


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
