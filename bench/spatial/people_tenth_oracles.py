"""Issue 22's tenth blind question set: 48 intents, each asked in four phrasings, oracles by plain IfcOpenShell.

    python bench/spatial/people_tenth_oracles.py [--ifc-dir ../shared/ifc] [-o OUT.json] [--check]

Each intent is one need of one reader about one model, written four times in different forms: (a) a terse
fragment or chat line, (b) a full polite question, (c) a real message with context (an e-mail, an FM ticket,
a short chat, a voice-memo transcript, a forwarded request), (d) another voice (non-native English, a typo or
abbreviation, passive or imperative, the reason first, German). The four phrasings share one oracle; ids are
``tenth-KIND-NN-a`` .. ``-d`` and each record names its ``intent`` (``tenth-KIND-NN``).

The semantics are those of ``people_oracles.py`` (storey-deep containment, "in room X" = contained in the
space, "the doors of room X" = its IfcRelSpaceBoundary elements, booleans need their explicit value,
quantities from the named quantity set). Every decline checks its premise in code (``premise``): the storey,
room or property really is absent, or for a refusal the model holds no entity that could answer it while the
thing the request is about exists. Written blind: no ifcqa spatial code was run on these questions.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

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
    dumps,  # noqa: F401  (re-exported: the test compares the file with dumps(compute(...)))
    elements,
    ext,
    number,
    set_main,
    storeys,
    total,
    yes_no,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "people_tenth.json"

SIG = "linear-placement-of-signal.ifc"
DHW = "domestic-hot-water.ifc"
OH = "IfcOpenHouse_IFC4.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"

FOOT = 0.3048


@dataclass(frozen=True)
class Intent:
    model: str
    kind: str
    phrasings: tuple[str, str, str, str]
    oracle: Callable[[Model], Oracle]
    rule: str


# --- premises of the declines (each raises when the model does hold what the question needs) -----------

def _check(ok: bool, why: str) -> None:
    if not ok:
        raise AssertionError(f"decline premise failed: {why}")


def no_storey(name: str) -> Callable[[Model], None]:
    def premise(m: Model) -> None:
        _check(all((s.Name or "").casefold() != name.casefold() for s in m.f.by_type("IfcBuildingStorey")),
               f"storey {name!r} exists")
        _check(all(name.casefold() not in (s.LongName or "").casefold() for s in m.f.by_type("IfcBuildingStorey")),
               f"a storey LongName holds {name!r}")
    return premise


def no_text(*words: str) -> Callable[[Model], None]:
    """No string anywhere in the file (names, long names, property values, types) holds any of ``words``."""
    def premise(m: Model) -> None:
        for inst in m.f:
            for attr, value in inst.get_info(recursive=False).items():
                if isinstance(value, str) and attr not in ("GlobalId", "type"):
                    low = value.casefold()
                    for w in words:
                        _check(w.casefold() not in low, f"{inst.is_a()} #{inst.id()} holds {w!r}: {value!r}")
    return premise


def no_entities(*classes: str) -> Callable[[Model], None]:
    def premise(m: Model) -> None:
        for c in classes:
            _check(not m.by_type(c), f"the model holds {c}")
    return premise


def no_property(word: str) -> Callable[[Model], None]:
    """No property or quantity whose name holds ``word``."""
    def premise(m: Model) -> None:
        for cls in ("IfcProperty", "IfcPhysicalQuantity"):
            for p in m.f.by_type(cls):
                _check(word.casefold() not in (p.Name or "").casefold(), f"{cls} {p.Name!r}")
    return premise


def declined(*premises: Callable[[Model], None]) -> Callable[[Model], Oracle]:
    def oracle(m: Model) -> Oracle:
        for p in premises:
            p(m)
        return decline()
    return oracle


def exists(check: Callable[[Model], Any]) -> Callable[[Model], None]:
    """The thing a refused request is about exists (so only the request itself makes it a refusal)."""
    def premise(m: Model) -> None:
        _check(bool(check(m)), "the thing the request is about is absent")
    return premise


# --- oracle helpers ---------------------------------------------------------------------------------------

def typed_on(storey_names: tuple[str, ...], type_class: str) -> Callable[[Model], list[Any]]:
    return lambda m: m.on(storey_names, "IfcElement", Model.typed(type_class))


def values(pairs: list[tuple[Any, int]], es: list[Any], unit: str | None = None) -> Oracle:
    return {"type": "values", "value": [[v, n] for v, n in sorted(pairs, key=lambda p: str(p[0]))],
            "unit": unit, "guids": sorted({e.GlobalId for e in es})}


def materials_of(es: list[Any]) -> Oracle:
    import ifcopenshell.util.element as ue
    c: Counter[Any] = Counter()
    for e in es:
        names = sorted({mat.Name for mat in ue.get_materials(e)})
        _check(len(names) == 1, f"{e.GlobalId} has materials {names}")
        c[names[0]] += 1
    return values(list(c.items()), es)


def most(m: Model, classes: str, names: list[str] | None = None, fewest: bool = False) -> Oracle:
    sizes = {s: len(m.on(s, classes)) for s in (names or m.storey_names())}
    best = (min if fewest else max)(sizes.values())
    winners = [s for s, n in sizes.items() if n == best]
    _check(len(winners) == 1, f"tie {sizes}")
    return storeys(winners)


def hom_nfa(e: Any) -> float:
    return Model.qty(e, "Qto_SpaceBaseQuantities", "NetFloorArea")


def only(es: list[Any]) -> Any:
    _check(len(es) == 1, f"{len(es)} elements where one was meant")
    return es[0]


def elevation(m: Model, name: str, factor: float = 1.0) -> Oracle:
    s = m.storey(name)
    _check(s.Elevation is not None, f"{name} has no Elevation")
    return number(float(s.Elevation) * factor, "m", [s])


INTENTS: list[Intent] = [
    # ------------------------------------------------------------------ storey_class
    Intent(HOM, "storey_class", (
        "GroundFloor windows",
        "Could you list the windows on the GroundFloor, please?",
        "Hi both,\nthe glazier comes on Thursday to check the seals. Before I send him the scope: which windows are on "
        "the ground floor (GroundFloor in the model)? The upstairs ones are next month.\nCheers, Anja",
        "show me every window what is located on GroundFloor",
    ), lambda m: elements(m.on("GroundFloor", "IfcWindow")),
        f"IfcWindow on GroundFloor, {STOREY_DEEP}"),
    Intent(INS, "storey_class", (
        "Keller: number of doors?",
        "How many doors are there in the Keller?",
        "FM ticket #20417 - locksmith\nReported by: Haustechnik\nThe basement locks are being changed to the new "
        "master key system and we need to order cylinders. How many doors does the Keller have in total?",
        "need door count for basement level (Keller) - for lock order",
    ), lambda m: count(m.on("Keller", "IfcDoor")),
        f"IfcDoor on Keller, {STOREY_DEEP}"),
    Intent(HE, "storey_class", (
        "radiators Dachgeschoss how many",
        "How many radiators are installed on the Dachgeschoss?",
        "[voice memo, transcribed] ok so I'm up in the attic flat now, the tenant says it's cold in two rooms... "
        "before I bleed them all, how many radiators are there on the Dachgeschoss in total? thanks",
        "The number of Heizkörper on the Dachgeschoss is needed, please count them.",
    ), lambda m: count(typed_on(("Dachgeschoss",), "IfcSpaceHeaterType")(m)),
        f"elements typed by IfcSpaceHeaterType on Dachgeschoss, {STOREY_DEEP}"),
    Intent(DEL, "storey_class", (
        "power sockets, Level 2",
        "Which power receptacles are there on Level 2?",
        "Forwarded from the client:\n> We want every upstairs socket tested (PAT/RCD) before handover.\nCan you pull "
        "the power receptacles on Level 2 from the electrical model so I can price the testing?",
        "Level 2 - pls list all the electrical sockets (receptacles) there",
    ), lambda m: elements(typed_on(("Level 2",), "IfcOutletType")(m)),
        f"elements typed by IfcOutletType (all 'Duplex Receptacle') on Level 2, {STOREY_DEEP}; the telephone "
        "outlets are untyped proxies, not power receptacles"),
    # ------------------------------------------------------------------ comparison
    Intent(INS, "comparison", (
        "storey with most doors?",
        "Which storey of the institute has the largest number of doors?",
        "Hi Tom,\nfor the door-closer maintenance contract the vendor wants to start on the floor with the most "
        "doors. Which storey is that? The Dachgeschoss can be ignored anyway, they never go up there.\nBest, Petra",
        "On which floor the most doors are? I compare all floors.",
    ), lambda m: most(m, "IfcDoor"),
        f"the storey with the most IfcDoor, {STOREY_DEEP} (22 on 1. Obergeschoss; next 21); the Dachgeschoss holds "
        "none, so the message's aside does not change the answer"),
    Intent(EDC, "comparison", (
        "walls: 1.OG vs EG, which has more",
        "Does the 1.OG or the EG have more walls?",
        "Chat\nMaria: drywall crew asks where the bigger job is\nMaria: between 1.OG and EG, which floor has more "
        "walls?",
        "Which one has more walls - EG or 1.OG? Want to plan the painters.",
    ), lambda m: most(m, "IfcWall", ["1.OG", "EG"]),
        f"of 1.OG and EG, the storey with more IfcWall, {STOREY_DEEP} (42 vs 37)"),
    Intent(DUP, "comparison", (
        "more windows: level 1 or level 2?",
        "Are there more windows on Level 1 or on Level 2?",
        "Subject: blinds quote\nHello,\nwe are pricing roller blinds for the duplex. To split the order in two "
        "deliveries I need to know which level has more windows, Level 1 or Level 2.\nKind regards,\nJ. Okafor",
        "Which of the two levels (1 and 2) is having the bigger number of windows?",
    ), lambda m: most(m, "IfcWindow", ["Level 1", "Level 2"]),
        f"of Level 1 and Level 2, the storey with more IfcWindow, {STOREY_DEEP} (4 vs 18)"),
    Intent(FZK, "comparison", (
        "largest room Erdgeschoss (net floor area)",
        "Which room on the Erdgeschoss has the largest net floor area?",
        "Hi,\nthe family wants the new sofa in the biggest room downstairs. Going by net floor area, which room on "
        "the Erdgeschoss is the largest? Upstairs (the gallery) is not an option for them.\nThanks, Leo",
        "Welcher Raum im Erdgeschoss hat die größte Netto-Grundfläche?",
    ), lambda m: elements([max(m.on("Erdgeschoss", "IfcSpace"), key=BQ_NFA)]),
        f"the IfcSpace on Erdgeschoss ({STOREY_DEEP}) with the largest BaseQuantities.NetFloorArea "
        "(Wohnen 25.21 m²; GrossFloorArea gives the same room)"),
    Intent(FZK, "comparison", (
        "triple-glazed windows: EG or DG - where more?",
        "Which storey has more triple-glazed windows, the Erdgeschoss or the Dachgeschoss?",
        "From: Bauleitung\nRe: Förderantrag\nThe subsidy is paid per triple-glazed window, and the form asks for the "
        "storey with the most of them. Which has more triple-glazed windows, Erdgeschoss or Dachgeschoss? Please "
        "reply by Friday.",
        "Wo sind mehr dreifach verglaste Fenster, im Erdgeschoss oder im Dachgeschoss?",
    ), declined(no_text("triple", "dreifach", "3-fach", "verglasung", "glazing"), no_property("scheib"),
                no_property("triple"), no_property("dreifach")),
        "decline: nothing in the model records how many panes a window has (no property, quantity or name "
        "says triple / dreifach or counts Scheiben; 'Oberlicht festverglast' says only that the transom is "
        "fixed); 'triple-glazed' cannot be grounded"),
    # ------------------------------------------------------------------ edge
    Intent(SIG, "edge", (
        "signals - which storey?",
        "On which storey are the signals located?",
        "Hi team,\nthe asset register wants a storey for every signal, even on the rail line. Which floor are the "
        "two route indicators on?\nRegards, Infra data desk",
        "Tell me the building level of the signals, I must fill the level column.",
    ), declined(no_entities("IfcBuildingStorey")),
        "decline: the model has no IfcBuildingStorey (a railway with an alignment); the signals have no storey"),
    Intent(DHW, "edge", (
        "any windows in this one?",
        "Does this model contain any windows?",
        "Chat\nSam: opened the hot water model\nSam: the daylight check needs windows - do we have any windows in it "
        "at all?",
        "Is there windows in the model? yes or no please",
    ), lambda m: yes_no(bool(m.by_type("IfcWindow"))),
        "whether the model holds any IfcWindow (it holds none)"),
    Intent(OH, "edge", (
        "window count whole house",
        "How many windows does the house have altogether?",
        "Dear Sir or Madam,\nI am ordering insect screens for the little house from your sample model. How many "
        "windows are there in the whole house? One screen per window.\nYours faithfully, R. Lindqvist",
        "how many windwos in total in the house",
    ), lambda m: count(m.of("IfcWindow")),
        "IfcWindow in the model (one storey, without a name)"),
    Intent(DUP, "edge", (
        "footings on T/FDN",
        "How many footings are on the T/FDN level?",
        "Ticket 7731 (structural survey)\nThe engineer will core-test the foundations next week and bills per "
        "footing. How many footings are there on T/FDN?",
        "Count of footings at foundation level T/FDN, needed for the survey.",
    ), lambda m: count(m.on("T/FDN", "IfcFooting")),
        f"IfcFooting on T/FDN, {STOREY_DEEP}"),
    # ------------------------------------------------------------------ rooms
    Intent(DUP, "rooms", (
        "A103 furnishings",
        "What furnishings are in room A103?",
        "Hi Mark,\nmoving-out inspection for unit A is on the 14th. The kitchen (A103) had new cabinets fitted. "
        "Which furnishings are recorded in room A103?\nThanks, Lena (property management)",
        "list furnishing elements inside of A103 please",
    ), lambda m: elements(m.in_space(m.space("A103"), "IfcFurnishingElement")),
        "IfcFurnishingElement contained in the space A103 (Kitchen)"),
    Intent(HOM, "rooms", (
        "Living1 windows",
        "Which windows belong to the room Living1?",
        "Voice note: right, I'm in the living room, Living1 in the model, the curtains guy needs the windows of "
        "this room, which are they? the kitchen ones later",
        "Windows of Living1 - which ones? (for curtains)",
    ), lambda m: elements(m.bounding(m.space("Living1"), "IfcWindow")),
        "IfcWindow bounding the space Living1 (IfcRelSpaceBoundary)"),
    Intent(R3, "rooms", (
        "doors of Empfang",
        "Which doors does the Empfang have?",
        "Chat\nKai: security wants card readers on the reception\nKai: which doors open into the Empfang room?\n"
        "Kai: just those, not the others",
        "The doors of the room Empfang are which? Please list.",
    ), lambda m: elements(m.bounding(m.space("Empfang"), "IfcDoor")),
        "IfcDoor bounding the space Empfang (IfcRelSpaceBoundary)"),
    Intent(FZK11, "rooms", (
        "Bad - fixtures in it",
        "What is in the Bad?",
        "Hello,\nthe plumber is replacing the sanitary ware in the bathroom (the Bad on the Erdgeschoss) next week. "
        "What elements are in the Bad according to the model?\nRegards, Uwe",
        "Was steht alles im Bad?",
    ), lambda m: elements(m.in_space(m.space(long="Bad"))),
        "every element contained in the space Bad (six sanitary terminals)"),
    Intent(DUP, "rooms", (
        "sauna - what's in it",
        "What is in the sauna?",
        "Hi,\nthe new owners asked about the sauna heater warranty. Could you check what is in the sauna in the model? "
        "They want to replace the benches too.\nBest, Carla",
        "please list the content of the sauna room",
    ), declined(no_text("sauna")),
        "decline: no space (and no string in the file) is a sauna"),
    # ------------------------------------------------------------------ qualifiers
    Intent(DUP, "qualifiers", (
        "external doors Level 1",
        "Which doors on Level 1 are external?",
        "Subject: re-keying\nHi Sven,\nthe new tenants move in on Monday and we re-key the entry locks. We only care "
        "about the external ones: which doors on Level 1 are those?\nThanks, Ines",
        "Level 1 - the doors to outside (IsExternal), which are they?",
    ), lambda m: elements(m.on("Level 1", "IfcDoor", ext("Pset_DoorCommon"))),
        f"IfcDoor on Level 1 ({STOREY_DEEP}) with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(INS, "qualifiers", (
        "load-bearing external walls Erdgeschoss",
        "Which external walls on the Erdgeschoss are load-bearing?",
        "Message from the structural engineer:\n\"We are planning new openings on the ground floor. Send me the walls "
        "on the Erdgeschoss that are both external and load-bearing, the inner ones I have already.\"",
        "Erdgeschoss: show walls that are load bearing AND external",
    ), lambda m: elements(m.on("Erdgeschoss", "IfcWall", lambda e: Model.prop(e, "Pset_WallCommon", "IsExternal")
                               is True and Model.prop(e, "Pset_WallCommon", "LoadBearing") is True)),
        f"IfcWall on Erdgeschoss ({STOREY_DEEP}) with Pset_WallCommon.IsExternal = TRUE and LoadBearing = TRUE"),
    Intent(SH, "qualifiers", (
        "exterior doors?",
        "Which doors of the house are exterior doors?",
        "Hi,\ninsurance asks for the doors that lead outside, they want the lock class of each. Which doors are "
        "external in the sample house?\nThanks, M.",
        "Welche Türen des Hauses sind Außentüren?",
    ), lambda m: elements(m.of("IfcDoor", ext("Pset_DoorCommon"))),
        "IfcDoor with Pset_DoorCommon.IsExternal = TRUE"),
    Intent(HOM, "qualifiers", (
        "fire-rated doors GroundFloor",
        "Which of the doors on the GroundFloor are fire-rated?",
        "FM request 3310\nFire inspection on 12 Jan. Inspector asks for the fire-rated doors on the ground floor "
        "(GroundFloor). Please list them.",
        "The fire-rated doors on GroundFloor, which ones are they?",
    ), declined(no_property("fire"), no_text("fire", "brand")),
        "decline: no property or quantity of the model is a fire rating and no string mentions fire"),
    # ------------------------------------------------------------------ quantities
    Intent(HOM, "quantities", (
        "Kitchen5 net floor area",
        "What is the net floor area of Kitchen5?",
        "Hi Jonas,\nthe tiler needs the floor area for the kitchen (Kitchen5) to order tiles plus 10 %. What net "
        "floor area does the model give for Kitchen5, in m²?\nThanks!",
        "Kitchen5 - net floor space in square metres?",
    ), lambda m: number(hom_nfa(m.space("Kitchen5")), "m²", [m.space("Kitchen5")]),
        "Qto_SpaceBaseQuantities.NetFloorArea of the space Kitchen5, m²"),
    Intent(DUP, "quantities", (
        "total room area Level 2",
        "What is the total floor area of all rooms on Level 2?",
        "Subject: cleaning contract\nDear all,\nthe cleaning company prices per square metre. Could you add up the "
        "floor area of the rooms on Level 2 (both units)? The stairs and roof are not part of it.\nRegards, Hanna",
        "Sum up the m² of every space on Level 2.",
    ), lambda m: total(m.on("Level 2", "IfcSpace"), GSA, "m²"),
        f"sum of 'GSA Space Areas'.'GSA BIM Area' over the IfcSpace on Level 2 ({STOREY_DEEP}), m² (the only "
        "area the spaces carry)"),
    Intent(RQ, "quantities", (
        "small offices: total area",
        "What is the combined area of the small offices?",
        "Chat\nLisa: landlord asks for the office rent basis\nLisa: can you add up the area of the three small "
        "offices?",
        "total m2 of the rooms called 'small office'?",
    ), lambda m: total(m.spaces(m.named("small office")), GSA, "m²"),
        "sum of 'GSA Space Areas'.'GSA BIM Area' over the spaces whose LongName is 'small office', m²"),
    Intent(LB, "quantities", (
        "Level 1 rooms, total net floor area",
        "What is the total net floor area of the rooms on Level 1?",
        "Hello,\nthe fit-out contractor quotes per square metre of floor and wants the figure by the 20th. Please "
        "add up the net floor area of all rooms on Level 1 and send it in m².\nKind regards, D. Meyer",
        "Net floor space of every room on Level 1 summed, in m2?",
    ), lambda m: total(m.on("Level 1", "IfcSpace"), BQ_NFA, "m²"),
        f"sum of BaseQuantities.NetFloorArea over the IfcSpace on Level 1 ({STOREY_DEEP}), m² (GrossFloorArea, "
        "Custom_Pset.NetArea and Dimensions.Area hold the same values)"),
    Intent(HOM, "quantities", (
        "weight of GroundFloor doors (kg)",
        "How much do the doors on the GroundFloor weigh in total, in kilograms?",
        "Hi,\nthe crane company needs the weight of the doors that go to the ground floor (GroundFloor) before the "
        "delivery on Wednesday. What do they weigh together, in kg?\nTim",
        "total kg of the doors at GroundFloor?",
    ), declined(lambda m: _check(all(
        not any("weight" in k.casefold() or "mass" in k.casefold() for ps in __import__(
            "ifcopenshell.util.element", fromlist=["x"]).get_psets(d).values() for k in ps)
        for d in m.of("IfcDoor")), "a door carries a weight")),
        "decline: no door carries a weight or mass quantity (Qto_DoorBaseQuantities holds Area, Height, "
        "Perimeter, Width)"),
    # ------------------------------------------------------------------ negation
    Intent(INS, "negation", (
        "windows not in Keller - count",
        "How many windows are there outside the Keller, i.e. on all other storeys?",
        "Dear colleagues,\nthe window cleaning tender excludes the basement (Keller) because that is done by our "
        "caretaker. How many windows are there on all storeys except the Keller?\nBest regards, Facility Management",
        "Except the Keller, how many windows has the building?",
    ), lambda m: count(m.of("IfcWindow", lambda e: m.storey_name(e) != "Keller")),
        f"IfcWindow not on Keller, {STOREY_DEEP}"),
    Intent(DUP, "negation", (
        "Level 1 doors that aren't external",
        "Which doors on Level 1 are not external doors?",
        "Ticket 8120\nPainter will do the inner doors on Level 1 only - the entrance doors were done last year. "
        "Which doors on Level 1 are not external?",
        "the doors on level 1 which are not exterior doors, list please",
    ), lambda m: elements(m.on("Level 1", "IfcDoor", ext("Pset_DoorCommon", False))),
        f"IfcDoor on Level 1 ({STOREY_DEEP}) with Pset_DoorCommon.IsExternal = FALSE (every door states it)"),
    Intent(HOM, "negation", (
        "GroundFloor rooms except corridor",
        "Which rooms on the GroundFloor are not corridors?",
        "Hi,\nthe flooring quote covers all the ground-floor rooms apart from the corridor, which keeps its stone "
        "floor. Which rooms on GroundFloor are those?\nThanks, Sophie",
        "All spaces on GroundFloor without the corridor - which?",
    ), lambda m: elements(m.on("GroundFloor", "IfcSpace", lambda s: not m.named("corridor")(s))),
        f"IfcSpace on GroundFloor ({STOREY_DEEP}) whose name does not hold 'corridor'"),
    Intent(DUP, "negation", (
        "windows not on the Mezzanine",
        "Which windows are not on the Mezzanine?",
        "Hi Ruth,\nthe glazing contractor did the Mezzanine last week. Which windows are not on the Mezzanine, so we "
        "can plan the rest?\nThanks",
        "list windows except them on Mezzanine",
    ), declined(no_storey("Mezzanine"), no_text("mezzanine")),
        "decline: the model has no Mezzanine (storeys Level 1, Level 2, T/FDN, Roof)"),
    # ------------------------------------------------------------------ multi_storey
    Intent(EDC, "multi_storey", (
        "doors EG + 1.OG, count",
        "How many doors are there on the EG and the 1.OG together?",
        "Chat\nOmar: door signage order\nOmar: we do EG and 1.OG now, 2.OG next year\nOmar: how many doors on those "
        "two floors combined?",
        "Doors on EG and on 1.OG: the total number is needed.",
    ), lambda m: count(m.on(("EG", "1.OG"), "IfcDoor")),
        f"IfcDoor on EG or 1.OG, {STOREY_DEEP}"),
    Intent(INS, "multi_storey", (
        "windows 1. + 2. Obergeschoss",
        "How many windows are on the 1. Obergeschoss and the 2. Obergeschoss combined?",
        "Hi,\nsun protection film goes on the upper office floors only, i.e. the 1. and 2. Obergeschoss (not the "
        "Dachgeschoss). How many windows is that in total?\nCheers, Nadine",
        "Wie viele Fenster haben das 1. und das 2. Obergeschoss zusammen?",
    ), lambda m: count(m.on(("1. Obergeschoss", "2. Obergeschoss"), "IfcWindow")),
        f"IfcWindow on 1. Obergeschoss or 2. Obergeschoss, {STOREY_DEEP}"),
    Intent(HE, "multi_storey", (
        "radiators EG and Obergeschoss",
        "Which radiators are on the EG and the Obergeschoss?",
        "Forwarded by the heating engineer:\n> Thermostatic heads for EG and Obergeschoss arrive Monday; Keller and "
        "Dachgeschoss follow later.\nCould you list the radiators on EG and Obergeschoss?",
        "radiators of both EG and Obergeschoss - list them",
    ), lambda m: elements(typed_on(("EG", "Obergeschoss"), "IfcSpaceHeaterType")(m)),
        f"elements typed by IfcSpaceHeaterType on EG or Obergeschoss, {STOREY_DEEP}"),
    Intent(EDC, "multi_storey", (
        "doors 1.OG and 3.OG",
        "How many doors are on the 1.OG and the 3.OG?",
        "Hello,\nthe fire marshal's walk is on the 1.OG and 3.OG this time. How many doors are there on these two "
        "floors? He wants to check each one.\nRegards, B. Schulz",
        "Count the doors on 1.OG + 3.OG, one number.",
    ), declined(no_storey("3.OG"), no_text("3.OG", "3. OG", "3. Obergeschoss")),
        "decline: the model has no 3.OG (storeys EG, 1.OG, 2.OG); one of the two storeys asked is missing"),
    # ------------------------------------------------------------------ german
    Intent(FZK, "german", (
        "Fenster EG Anzahl",
        "Wie viele Fenster hat das Erdgeschoss?",
        "Hallo Frau Berger,\nwir möchten im Erdgeschoss neue Fensterdichtungen einbauen lassen. Können Sie mir sagen, "
        "wie viele Fenster es im Erdgeschoss gibt?\nViele Grüße\nKlaus Winter",
        "Bitte die Fenster im Erdgeschoss zählen.",
    ), lambda m: count(m.on("Erdgeschoss", "IfcWindow")),
        f"IfcWindow on Erdgeschoss, {STOREY_DEEP}"),
    Intent(INS, "german", (
        "Labore im Keller?",
        "Welche Labore befinden sich im Keller?",
        "Hi zusammen,\ndie Laborabzüge werden nächste Woche gewartet, der Techniker braucht die Liste. Welche "
        "Laborräume liegen im Keller?\nDanke, Jens (Gebäudemanagement)",
        "Zeig mir alle Laborräume im Keller.",
    ), lambda m: elements(m.on("Keller", "IfcSpace", m.named("labor"))),
        f"IfcSpace on Keller ({STOREY_DEEP}) whose Name or LongName holds 'Labor'"),
    Intent(WP, "german", (
        "Anzahl Ventile",
        "Wie viele Ventile gibt es in der Anlage?",
        "Nachricht vom Installateur:\n\"Ich bestelle Ersatz-Stellantriebe, einer pro Ventil. Wie viele Ventile sind "
        "im Modell eingebaut?\"",
        "Wieviele Ventile sind verbaut? Brauche die Zahl für die Bestellung.",
    ), lambda m: count(m.of("IfcValve")),
        "IfcValve in the model"),
    Intent(FZK, "german", (
        "Türen Brandabschnitt 2",
        "Welche Türen liegen im Brandabschnitt 2?",
        "Guten Tag,\nder Brandschutzgutachter prüft nächste Woche die Türen. Welche Türen gehören laut Modell zum "
        "Brandabschnitt 2?\nMit freundlichen Grüßen, A. Roth",
        "Liste der Türen vom Brandabschnitt 2 bitte",
    ), declined(no_entities("IfcZone", "IfcGroup"), no_text("abschnitt", "compartment")),
        "decline: the model has no fire compartments (no IfcZone or other group, no string names one)"),
    # ------------------------------------------------------------------ refuse
    Intent(DUP, "refuse", (
        "delete furnishings in A103",
        "Could you delete all the furnishings in room A103 from the model?",
        "Hi,\nthe kitchen in unit A is being gutted next month. Please remove every furnishing in A103 from the IFC "
        "so the model matches the site.\nThanks, Piet",
        "A103: the furnishings shall be removed from the model.",
    ), declined(exists(lambda m: m.in_space(m.space("A103"), "IfcFurnishingElement"))),
        "decline (a write): the furnishings of A103 exist; removing them is a change the assistant must not make"),
    Intent(LB, "refuse", (
        "cost to replace Level 2 windows",
        "How much would it cost to replace all the windows on Level 2?",
        "Hello,\nbudget meeting on Tuesday. Finance wants an estimate: what would replacing the windows on Level 2 "
        "cost us?\nBest, the asset team",
        "I need a rough price for new windows on Level 2.",
    ), declined(no_entities("IfcCostItem", "IfcCostValue", "IfcCostSchedule"),
                exists(lambda m: m.on("Level 2", "IfcWindow"))),
        "decline: the model holds no cost entity; a price is not in the file"),
    Intent(HE, "refuse", (
        "next boiler service date?",
        "When is the boiler's next service scheduled?",
        "FM ticket #9902\nTenant in the Obergeschoss complains about noise from the radiators. When is the boiler "
        "next due for its service?",
        "The next service of the boiler is planned for when?",
    ), declined(no_entities("IfcTask", "IfcWorkSchedule", "IfcWorkPlan", "IfcScheduleTimeControl")),
        "decline: the model holds no task, work plan or schedule"),
    Intent(SH, "refuse", (
        "is the living room nice?",
        "Do you think the living room is well designed?",
        "Hi,\nmy parents are thinking about buying a house like this. Looking at the model, is the living room a "
        "nice room, in your opinion?\nLove, Mia",
        "Your opinion please: living room good or bad design?",
    ), declined(exists(lambda m: m.spaces(m.named("living room")))),
        "decline: an opinion; the living room exists, but taste is not in the file"),
    # ------------------------------------------------------------------ lookup
    Intent(RQ, "lookup", (
        "width of the door of room 4",
        "How wide is the door of room 4?",
        "Hi Paul,\nwe are moving a new copier into the small office, room 4, on Friday and it is 85 cm deep. What "
        "width does the model give for the door of room 4? In metres is fine.\nThanks, Greta",
        "Room 4 door - its width please, need it for a delivery.",
    ), lambda m: number(float(only(m.bounding(m.space("4"), "IfcDoor")).OverallWidth), "m",
                        m.bounding(m.space("4"), "IfcDoor")),
        "IfcDoor.OverallWidth of the one door bounding the space 4 (IfcRelSpaceBoundary), metres (the model's unit; "
        "PSet_Revit_Type_Dimensions.Width says the same)"),
    Intent(FZK, "lookup", (
        "material of the Dachgeschoss walls",
        "What material are the walls on the Dachgeschoss made of?",
        "Hello,\nwe want to hang heavy shelves in the attic rooms and need the right anchors. Which material are the "
        "walls of the Dachgeschoss?\nRegards, T.",
        "Aus welchem Material bestehen die Wände im Dachgeschoss?",
    ), lambda m: materials_of(m.on("Dachgeschoss", "IfcWall")),
        f"the material (IfcRelAssociatesMaterial) of each IfcWall on Dachgeschoss ({STOREY_DEEP}), as a distribution"),
    Intent(DEL, "lookup", (
        "elevation level 2 in metres",
        "What is the elevation of Level 2, in metres?",
        "Chat\nElla: electrician asks for the level heights\nElla: what's the elevation of Level 2 in metres? "
        "(model is in feet I think)",
        "Level 2 elevation - give it in meters please, not feet",
    ), lambda m: elevation(m, "Level 2", FOOT),
        "IfcBuildingStorey.Elevation of Level 2, converted from feet (the model's length unit) to metres"),
    Intent(OH, "lookup", (
        "wall material?",
        "What are the walls of this house made of?",
        "Hi,\nthe kids' school project uses the IfcOpenHouse. They ask: what are the walls made of? Just the walls, "
        "not the roof.\nThanks, a parent",
        "can you check which material the walls are?",
    ), lambda m: materials_of(m.of("IfcWall")),
        "the material (IfcRelAssociatesMaterial) of each IfcWall, as a distribution"),
    Intent(WP, "lookup", (
        "heat pump manufacturer",
        "Who is the manufacturer of the heat pump?",
        "Hello,\nthe heat pump shows an error code and I want to call the maker's hotline. Which manufacturer is "
        "given for the Wärmepumpe in the model?\nRegards, H. Krämer",
        "Hersteller der Wärmepumpe?",
    ), declined(lambda m: _check(all(
        not __import__("ifcopenshell.util.element", fromlist=["x"]).get_psets(x)
        for e in m.of("IfcUnitaryEquipment") if "rmepumpe" in (e.Name or "")
        for x in (e, __import__("ifcopenshell.util.element", fromlist=["x"]).get_type(e)) if x is not None),
        "the heat pump or its type carries a property set")),
        "decline: the heat pump (and its type) carries no property set, so no manufacturer is recorded"),
]


KIND_COUNTS = Counter(i.kind for i in INTENTS)


def compute_intents(intents: list[Intent], ifc_dir: Path) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    seen: Counter[str] = Counter()
    out = []
    for intent in intents:
        if intent.model not in models:
            models[intent.model] = Model(ifc_dir / intent.model)
        seen[intent.kind] += 1
        name = f"tenth-{intent.kind}-{seen[intent.kind]:02d}"
        oracle = intent.oracle(models[intent.model])
        for letter, query in zip("abcd", intent.phrasings, strict=True):
            out.append({"id": f"{name}-{letter}", "intent": name, "query": query, "ifc_filename": intent.model,
                        "kind": intent.kind, "oracle": oracle, "oracle_rule": intent.rule, "source": "ifcopenshell"})
    return out


def compute(ifc_dir: Path) -> list[dict[str, Any]]:
    return compute_intents(INTENTS, ifc_dir)


def main(argv: list[str] | None = None) -> int:
    return set_main(argv, compute, DEFAULT_OUT, (__doc__ or "").splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
