"""German bench (issue 22, round 13): German as people write it, generated.

    python bench/spatial/german_forms.py [--ifc-dir ../shared/ifc] [--check]   # german_cases.json + _b.json
    python bench/spatial/german_forms.py --report RUN_DIR [--held]              # mean per form of a spatial-bench run

German questions scored 0.69 on a blind set. They vary what the English sets do not: the question frame ("Wie viele
... gibt es im", "Wo befindet sich", "Auf welchem Geschoss liegt", "Welche ... gehören zur", "Liste der"), the
case of the storey or room (the genitive "des Kellers", "des 1. Obergeschosses"; the dative "im", "in der", "auf
dem", "vom"), compounds (Außenwand, Innentür, Stahlbetondecke, Kalksandsteinwände), spelling without umlauts
(Tueren, Waende, Aussenwand), German words for the storeys of an English-named model (Obergeschoss = 1stFloor,
Dachgeschoss = attic) and German mixed with English ("alle windows im EG").

=============  ==================================================================================================
form           what is asked, and how
=============  ==================================================================================================
g_count        a class on a storey, counted: "Wie viele ... gibt es im", "Anzahl der ... des Kellers", umlaut-less
g_list         a class on a storey, listed: "Zeig mir alle", "Liste der", "die ... des ...", mixed English
g_qualifier    a compound or adjective of IsExternal / LoadBearing: "Außenwände", "Innentüren", "tragende Wände"
g_where        the storey of a room: "Wo befindet sich die Küche?", "Auf welchem Geschoss liegt das Bad?"
g_where_class  the storeys holding a class: "In welchen Geschossen gibt es Heizkörper?"
g_room         the windows / doors of a room (space boundaries): "Welche Fenster gehören zur Küche?"
g_area         the net floor area of a storey's spaces: "Wie groß ist die Nettogrundfläche des Erdgeschosses?"
g_material     a class by material: "Welche Decken sind aus Stahlbeton?", "Kalksandsteinwände"
g_storey_word  German storey words on English-named models: "Obergeschoss" (1stFloor, Level 2), "Dachgeschoss"
g_decline      what the model cannot ground, in German: blue doors, the 5. OG, costs, writes, marble; a sauna: No
=============  ==================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa): storey-deep membership
(``Model.on``); Pset_*Common.IsExternal / LoadBearing read with ``ifcopenshell.util.element.get_psets`` (occurrence
over type), used only where every element in scope sets the property; the room's storey and its bounding windows and
doors through IfcRelSpaceBoundary (``Model.bounding``); the sum of the spaces' NetFloorArea from the model's quantity
set; materials by ``ifcopenshell.util.element.get_materials`` name text.

**Held-back part.** Every third template of each form (index % 3 == 2), with another seeded draw of scenarios, goes
only into ``german_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_by  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model, count, decline, elements, number, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "german_cases.json"
OUT_HELD = HERE / "german_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 2
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HE = "Heizung-Elektro_080729.ifc"

# class key -> (German plural, umlaut-less plural, English plural, IFC classes with subtypes)
CLASSES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "doors": ("Türen", "Tueren", "doors", ("IfcDoor",)),
    "windows": ("Fenster", "Fenster", "windows", ("IfcWindow",)),
    "walls": ("Wände", "Waende", "walls", ("IfcWall",)),
    "slabs": ("Decken", "Decken", "slabs", ("IfcSlab",)),
    "spaces": ("Räume", "Raeume", "rooms", ("IfcSpace",)),
    "outlets": ("Steckdosen", "Steckdosen", "outlets", ()),
    "lights": ("Leuchten", "Leuchten", "light fixtures", ()),
    "radiators": ("Heizkörper", "Heizkoerper", "radiators", ()),
}
# IFC2X3 MEP kinds are generic occurrences typed by a type object: (type class, predefined type or None)
TYPED = {"outlets": ("IfcOutletType", None), "lights": ("IfcLightFixtureType", None),
         "radiators": ("IfcSpaceHeaterType", None)}

Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    templates: tuple[str, ...]
    scenarios: tuple[dict[str, Any], ...]
    oracle: Build


def _of(m: Model, key: str, storey: str | None = None) -> list[Any]:
    if key in TYPED:
        where = Model.typed(*TYPED[key])
        return m.of(None, where) if storey is None else m.on(storey, None, where)
    classes = CLASSES[key][3]
    if key == "spaces":
        return [x for x in m.spaces() if storey is None or m.storey_name(x) == storey]
    return m.of(classes) if storey is None else m.on(storey, classes)


def _what(key: str) -> str:
    return TYPED[key][0] + " typed" if key in TYPED else "/".join(CLASSES[key][3])


# storey phrases: S (as said), DAT (in/on it), GEN (of it), ART (subject "das Erdgeschoss")
def _st(storey: str, s: str, dat: str, gen: str, art: str) -> dict[str, str]:
    return {"storey": storey, "S": s, "DAT": dat, "GEN": gen, "ART": art}


EG = _st("Erdgeschoss", "Erdgeschoss", "im Erdgeschoss", "des Erdgeschosses", "das Erdgeschoss")
EG_SHORT = _st("Erdgeschoss", "EG", "im EG", "des EG", "das EG")
KELLER = _st("Keller", "Keller", "im Keller", "des Kellers", "der Keller")
OG1_INS = _st("1. Obergeschoss", "1. OG", "im 1. OG", "des 1. Obergeschosses", "das 1. OG")
OG2_INS = _st("2. Obergeschoss", "2. Obergeschoss", "im 2. Obergeschoss", "des 2. Obergeschosses",
              "das 2. Obergeschoss")
DG = _st("Dachgeschoss", "Dachgeschoss", "im Dachgeschoss", "des Dachgeschosses", "das Dachgeschoss")
EDC_OG1 = _st("1.OG", "1. OG", "im ersten Obergeschoss", "des ersten Obergeschosses", "das erste Obergeschoss")
EDC_OG2 = _st("2.OG", "2.OG", "im 2.OG", "des 2.OG", "das 2.OG")
HE_OG = _st("Obergeschoss", "Obergeschoss", "im Obergeschoss", "des Obergeschosses", "das Obergeschoss")
HE_KG = _st("Kellergeschoss", "Kellergeschoss", "im Kellergeschoss", "des Kellergeschosses", "das Kellergeschoss")
HE_EG = _st("EG", "EG", "im EG", "des Erdgeschosses", "das EG")
HOM_EG = _st("GroundFloor", "Erdgeschoss", "im Erdgeschoss", "des Erdgeschosses", "das Erdgeschoss")
HOM_OG = _st("1stFloor", "Obergeschoss", "im Obergeschoss", "des Obergeschosses", "das Obergeschoss")
DUP_L2 = _st("Level 2", "Level 2", "auf Level 2", "von Level 2", "Level 2")
LB_L1 = _st("Level 1", "Level 1", "auf Ebene 1", "von Ebene 1", "Ebene 1")


def _with(storey: dict[str, str], **more: Any) -> dict[str, Any]:
    return {**storey, **more}


# --- g_count / g_list: a class on a storey ------------------------------------------------------------------------
def _count_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    return count(_of(m, s["c"], s["storey"])), f"number of {_what(s['c'])} on {s['storey']} ({STOREY_DEEP})"


def _list_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    return elements(_of(m, s["c"], s["storey"])), f"{_what(s['c'])} on {s['storey']} ({STOREY_DEEP})"


COUNT_TEMPLATES = (
    "Wie viele {C} gibt es {DAT}?",
    "Wieviele {CU} hat {ART}?",
    "Anzahl der {C} {GEN}",
    "Wie viele {C} befinden sich {DAT}?",
    "how many {C} {DAT}?",
    "Hallo, für die Wartungsplanung brauche ich die Anzahl der {C} {DAT}. Danke!",
    "Kannst du mir sagen, wie viele {C} {DAT} sind?",
    "{C} {DAT} - wie viele?",
    "Wie viele {CU} sind {DAT} verbaut?",
)
LIST_TEMPLATES = (
    "Zeig mir alle {C} {DAT}",
    "Liste der {C} {DAT}",
    "Welche {C} befinden sich {DAT}?",
    "Die {C} {GEN}, bitte.",
    "alle {CEN} {DAT}",
    "Welche {CU} gibt es {DAT}?",
    "Ich brauche eine Liste aller {C} {DAT}.",
    "Welche {C} hat {ART}?",
    "Bitte alle {C} {DAT} auflisten.",
)
CLASS_SCENARIOS = (
    _with(EG, model=FZK11, c="doors"),
    _with(KELLER, model=INS, c="doors"),
    _with(HE_OG, model=HE, c="outlets"),
    _with(HOM_EG, model=HOM, c="windows"),
    _with(EDC_OG1, model=EDC, c="doors"),
    _with(DUP_L2, model=DUP, c="windows"),
    _with(OG2_INS, model=INS, c="spaces"),
    _with(KELLER, model=INS, c="spaces"),
    _with(HE_EG, model=HE, c="lights"),
    _with(DG, model=FZK, c="windows"),
    _with(HE_KG, model=HE, c="outlets"),
    _with(LB_L1, model=LB, c="walls"),
)


# --- g_qualifier: IsExternal / LoadBearing as a compound or an adjective --------------------------------------------
def _common(e: Any, prop: str) -> Any:
    for name, values in ue.get_psets(e).items():
        if name and name.startswith("Pset_") and name.endswith("Common") and prop in values:
            return values[prop]
    return None


def _qualifier_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    scope = _of(m, s["c"], s.get("storey"))
    values = [_common(e, s["prop"]) for e in scope]
    if s["value"] is False and any(v is None for v in values):
        raise ValueError(f"{s['prop']} is not set on every {s['c']} in scope")
    out = [e for e, v in zip(scope, values, strict=True) if v is s["value"]]
    where = f"on {s['storey']}" if s.get("storey") else "in the model"
    return (count(out) if s.get("count") else elements(out),
            f"{_what(s['c'])} {where} with Pset_*Common.{s['prop']} = {str(s['value']).upper()}")


QUALIFIER_TEMPLATES = (
    "Welche {QC} hat {ART}?",
    "Zeig mir die {QC} {DAT}",
    "{QN} {GEN}",
    "Welche {C} {DAT} sind {QA}?",
    "Gibt es eine Liste der {QC} {DAT}?",
    "Welche {QCU} gibt es {DAT}?",
    "Hallo zusammen, wir planen die Sanierung. Welche {QC} hat {ART}?",
    "alle {QC} {DAT}",
    "{QN} {DAT} bitte auflisten",
)
QUALIFIER_SCENARIOS = (
    _with(EG, model=FZK11, c="walls", prop="IsExternal", value=True, QC="Außenwände", QN="Außenwände",
          QCU="Aussenwaende", QA="außenliegend"),
    _with(EG, model=FZK11, c="doors", prop="IsExternal", value=False, QC="Innentüren", QN="Innentüren",
          QCU="Innentueren", QA="nicht außenliegend"),
    _with(OG1_INS, model=INS, c="walls", prop="LoadBearing", value=True, QC="tragenden Wände",
          QN="tragende Wände", QCU="tragenden Waende", QA="tragend"),
    _with(EDC_OG2, model=EDC, c="walls", prop="IsExternal", value=True, QC="Außenwände", QN="Außenwände",
          QCU="Aussenwaende", QA="außenliegend"),
    _with(KELLER, model=INS, c="walls", prop="IsExternal", value=False, QC="Innenwände", QN="Innenwände",
          QCU="Innenwaende", QA="innenliegend"),
    _with(LB_L1, model=LB, c="walls", prop="LoadBearing", value=False, QC="nichttragenden Wände",
          QN="nichttragende Wände", QCU="nichttragenden Waende", QA="nicht tragend"),
    _with(EG, model=FZK11, c="walls", prop="LoadBearing", value=True, QC="tragenden Wände", QN="tragende Wände",
          QCU="tragenden Waende", QA="tragend"),
)


# --- g_where: the storey of a room; g_where_class: the storeys holding a class ------------------------------------
def _where_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    found = m.spaces(m.named(*s["words"]))
    if not found:
        raise ValueError(f"no space named like {s['words']}")
    return (storeys(m.storey_name(x) for x in found),
            f"the storeys of the IfcSpace whose Name/LongName holds {' or '.join(map(repr, s['words']))}")


WHERE_TEMPLATES = (
    "Wo befindet sich {RN}?",
    "Auf welchem Geschoss liegt {RN}?",
    "In welchem Stockwerk ist {RN}?",
    "Wo ist {RN}?",
    "Auf welcher Etage finde ich {RA}?",
    "In welchem Geschoss befindet sich {RN}?",
    "Kurze Frage: auf welchem Geschoss ist {RN}?",
    "Wo liegt {RN} im Gebäude?",
    "Welches Geschoss hat {RA}?",
)
WHERE_SCENARIOS = (
    {"model": FZK11, "RN": "die Küche", "RA": "die Küche", "words": ["küche"]},
    {"model": FZK, "RN": "das Bad", "RA": "das Bad", "words": ["bad"]},
    {"model": INS, "RN": "der Seminarraum", "RA": "den Seminarraum", "words": ["seminarraum"]},
    {"model": HOM, "RN": "die Küche", "RA": "die Küche", "words": ["kitchen"]},
    {"model": DUP, "RN": "die Küche", "RA": "die Küche", "words": ["kitchen"]},
    {"model": HOM, "RN": "das Schlafzimmer", "RA": "das Schlafzimmer", "words": ["bedroom"]},
    {"model": FZK11, "RN": "das Schlafzimmer", "RA": "das Schlafzimmer", "words": ["schlafzimmer"]},
)


def _where_class_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    return storeys(m.storey_name(e) for e in _of(m, s["c"])), f"the storeys holding {_what(s['c'])}"


WHERE_CLASS_TEMPLATES = (
    "In welchen Geschossen gibt es {C}?",
    "Auf welchen Etagen befinden sich {C}?",
    "In welchen Stockwerken sind {CU}?",
    "Welche Geschosse haben {C}?",
    "Wo gibt es überall {C}? Welche Geschosse?",
    "Auf welchen Geschossen liegen die {C}?",
)
WHERE_CLASS_SCENARIOS = (
    {"model": HE, "c": "radiators"},
    {"model": FZK11, "c": "windows"},
    {"model": HOM, "c": "doors"},
    {"model": INS, "c": "windows"},
    {"model": HE, "c": "outlets"},
)


# --- g_room: the windows / doors bounding a room ------------------------------------------------------------------
def _room_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    found = m.spaces(m.named(*s["words"]))
    if len(found) != 1:
        raise ValueError(f"{len(found)} spaces named like {s['words']}")
    classes = CLASSES[s["c"]][3]
    out = m.bounding(found[0], classes)
    rule = f"{'/'.join(classes)} bounding the IfcSpace named like {s['words'][0]!r} (IfcRelSpaceBoundary)"
    return (count(out) if s.get("count") else elements(out)), rule


ROOM_TEMPLATES = (
    "Welche {C} gehören {RZU}?",
    "Welche {C} hat {RN}?",
    "die {C} {RG}",
    "Welche {CU} gehören {RZU}?",
    "Zeig mir die {C} {RG}.",
    "Liste der {C} {RG}",
)
ROOM_SCENARIOS = (
    {"model": HOM, "c": "windows", "RN": "das Wohnzimmer", "RZU": "zum Wohnzimmer", "RG": "des Wohnzimmers",
     "words": ["living"]},
    {"model": HOM, "c": "windows", "RN": "die Küche", "RZU": "zur Küche", "RG": "der Küche", "words": ["kitchen"]},
    {"model": FZK, "c": "windows", "RN": "die Küche", "RZU": "zur Küche", "RG": "der Küche", "words": ["küche"]},
    {"model": FZK11, "c": "windows", "RN": "das Schlafzimmer", "RZU": "zum Schlafzimmer", "RG": "des Schlafzimmers",
     "words": ["schlafzimmer"]},
    {"model": HOM, "c": "doors", "RN": "das Bad", "RZU": "zum Bad", "RG": "des Bades", "words": ["bath"]},
)


# --- g_area: the net floor area of a storey's spaces ---------------------------------------------------------------
AREA_QSETS = ("BaseQuantities", "Qto_SpaceBaseQuantities")


def _nfa(e: Any) -> float:
    for qset in AREA_QSETS:
        value = ue.get_pset(e, qset, "NetFloorArea")
        if isinstance(value, (int, float)):
            return float(value)
    raise ValueError(f"{e.GlobalId}: no NetFloorArea")


def _area_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    spaces = _of(m, "spaces", s["storey"])
    return (number(sum(_nfa(x) for x in spaces), m.unit("AREAUNIT"), spaces),
            f"sum of NetFloorArea ({'/'.join(AREA_QSETS)}) of the {len(spaces)} IfcSpace on {s['storey']}")


AREA_TEMPLATES = (
    "Wie groß ist die Nettogrundfläche {GEN}?",
    "Nettogrundfläche {GEN}",
    "Gesamtfläche aller Räume {DAT}",
    "Fläche aller Räume {GEN}",
    "Wie viel Nettogrundfläche hat {ART}?",
    "Wie groß ist die Gesamtfläche der Räume {DAT}?",
)
AREA_SCENARIOS = (
    _with(EG, model=FZK11),
    _with(KELLER, model=INS),
    _with(OG1_INS, model=INS),
    _with(HOM_EG, model=HOM),
    _with(HOM_OG, model=HOM),
    _with(DG, model=INS),
)


# --- g_material: a class by material name -------------------------------------------------------------------------
def _material_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    out = m.of(CLASSES[s["c"]][3], Model.material_has(s["M"]))
    if not out:
        raise ValueError(f"no {s['c']} of {s['M']}")
    return ((count(out) if s.get("count") else elements(out)),
            f"{'/'.join(CLASSES[s['c']][3])} with a material whose name holds {s['M']!r}")


MATERIAL_TEMPLATES = (
    "Welche {C} sind aus {M}?",
    "Zeig mir alle {MC}",
    "{C} aus {M}",
    "Welche {C} bestehen aus {M}?",
    "Liste der {MC}",
    "Welche {C} haben das Material {M}?",
)
MATERIAL_SCENARIOS = (
    {"model": INS, "c": "slabs", "M": "Stahlbeton", "MC": "Stahlbetondecken"},
    {"model": INS, "c": "walls", "M": "Kalksandstein", "MC": "Kalksandsteinwände"},
    {"model": FZK11, "c": "walls", "M": "Leichtbeton", "MC": "Leichtbetonwände"},
    {"model": FZK11, "c": "slabs", "M": "Stahlbeton", "MC": "Stahlbetondecken"},
)


# --- g_storey_word: German storey words on English-named models ----------------------------------------------------
STOREY_WORD_TEMPLATES = (
    "Wie viele {C} hat {ART}?",
    "{C} {DAT}",
    "Welche {C} befinden sich {DAT}?",
    "Zeig mir alle {C} {DAT}",
    "Anzahl der {C} {GEN}",
    "Welche {CU} liegen {DAT}?",
)
STOREY_WORD_SCENARIOS = (
    _with(HOM_OG, model=HOM, c="doors"),
    _with(HOM_OG, model=HOM, c="spaces"),
    _with(HOM_EG, model=HOM, c="doors"),
    _with(_st("Level 1", "EG", "im EG", "des Erdgeschosses", "das EG"), model=DUP, c="doors"),
    _with(_st("Level 2", "Obergeschoss", "im Obergeschoss", "des Obergeschosses", "das Obergeschoss"),
          model=LB, c="windows"),
    _with(_st("Level 2", "OG", "im OG", "des OG", "das OG"), model=DUP, c="spaces"),
)


def _storey_word_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    out = _of(m, s["c"], s["storey"])
    rule = (f"{_what(s['c'])} on {s['storey']} ({STOREY_DEEP}); {s['S']!r} is the German name of that storey "
            "(Erdgeschoss/EG: the ground storey; Obergeschoss/OG: the one storey above it below the roof or attic)")
    return (count(out) if "Anzahl" in s["_t"] or "Wie viele" in s["_t"] else elements(out)), rule


# --- g_decline: things the model cannot ground, said in German -----------------------------------------------------
DECLINE_TEMPLATES = (
    "Gibt es eine Sauna {DAT}?",
    "Welche blauen {C} gibt es {DAT}?",
    "Wie viele {C} gibt es im 5. OG?",
    "Lösche alle {C} {DAT}",
    "Was kosten die {C} {DAT}?",
    "Welche {C} {DAT} sind aus Marmor?",
    "Welche {C} wurden letztes Jahr {DAT} erneuert?",
    "Verschiebe die {C} {DAT} ins Dachgeschoss",
    "Welche {C} {DAT} sind schalldicht?",
)
DECLINE_SCENARIOS = (
    _with(EG, model=FZK11, c="doors"),
    _with(KELLER, model=INS, c="windows"),
    _with(HOM_EG, model=HOM, c="doors"),
    _with(OG1_INS, model=INS, c="doors"),
    _with(DUP_L2, model=DUP, c="windows"),
)


def _decline_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if "Sauna" in s["_t"]:  # a room function asked by name: no space named so is a plain No, like "is there a kitchen"
        named = [sp for sp in m.f.by_type("IfcSpace")
                 if "sauna" in f"{sp.Name or ''} {sp.LongName or ''}".lower()]
        if named:
            raise ValueError("the scenario model names a sauna: the oracle would need the storey it is on")
        return yes_no(False), "any IfcSpace whose Name or LongName holds 'Sauna' (a room function the " \
                                    "model may lack is answered No from the names, not declined)"
    return decline(), "a room, adjective, storey, material or property the model does not hold, or a write or a " \
                      "cost -> decline"


KINDS = (
    Kind("g_count", COUNT_TEMPLATES, CLASS_SCENARIOS, _count_oracle),
    Kind("g_list", LIST_TEMPLATES, CLASS_SCENARIOS, _list_oracle),
    Kind("g_qualifier", QUALIFIER_TEMPLATES, QUALIFIER_SCENARIOS, _qualifier_oracle),
    Kind("g_where", WHERE_TEMPLATES, WHERE_SCENARIOS, _where_oracle),
    Kind("g_where_class", WHERE_CLASS_TEMPLATES, WHERE_CLASS_SCENARIOS, _where_class_oracle),
    Kind("g_room", ROOM_TEMPLATES, ROOM_SCENARIOS, _room_oracle),
    Kind("g_area", AREA_TEMPLATES, AREA_SCENARIOS, _area_oracle),
    Kind("g_material", MATERIAL_TEMPLATES, MATERIAL_SCENARIOS, _material_oracle),
    Kind("g_storey_word", STOREY_WORD_TEMPLATES, STOREY_WORD_SCENARIOS, _storey_word_oracle),
    Kind("g_decline", DECLINE_TEMPLATES, DECLINE_SCENARIOS, _decline_oracle),
)
SCORER_KIND = {"g_decline": "edge"}  # every other form is the scorer's "german"


def report(run: Path, cases_path: Path) -> str:
    """Mean score per form (``gform``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "gform", 14)


def _fill(template: str, s: dict[str, Any]) -> str:
    ctx = {k: v for k, v in s.items() if isinstance(v, str) and k.isupper()}
    if "c" in s:
        de, plain, en, _ = CLASSES[s["c"]]
        ctx.update(C=de, CU=plain, CEN=en)
    text = template
    for key in sorted(ctx, key=len, reverse=True):
        text = text.replace("{" + key + "}", ctx[key])
    if "{" in text:
        raise ValueError(f"unfilled: {text}")
    return text[0].upper() + text[1:]


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind in KINDS:
        for i, template in enumerate(kind.templates):
            if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                continue
            order = sorted(range(len(kind.scenarios)), key=lambda j: _seed(salt, kind.name, str(i), str(j)))
            for j in order[:PER_TEMPLATE]:
                s = dict(kind.scenarios[j], _t=template)
                if kind.name in ("g_qualifier", "g_room", "g_material"):
                    s["count"] = template.lower().startswith(("wie viele", "anzahl"))
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                oracle, rule = kind.oracle(models[s["model"]], s)
                out.append({
                    "id": f"ger{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s),
                    "ifc_filename": s["model"],
                    "kind": SCORER_KIND.get(kind.name, "german"),
                    "gform": kind.name,
                    "template": template,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("gform"), DEFAULT_IFC_DIR, argv, report=report,
                      report_help="a spatial-bench run directory: mean per form")


if __name__ == "__main__":
    sys.exit(main())
