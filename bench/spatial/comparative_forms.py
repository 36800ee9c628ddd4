"""Comparatives, thresholds and inclusion phrases said in other words (issue 22, round 18), generated.

    python bench/spatial/comparative_forms.py [--ifc-dir ../shared/ifc] [--check]   # comparative_cases(_b).json
    python bench/spatial/comparative_forms.py --report RUN_DIR [--held]              # mean per kind of a run

Rounds 9-17 built comparisons, thresholds and exclusions in the forms their authors wrote ("more X than Y", "more
than 10 X?", "except the X"). People say the same with comparative NOUNS and VERBS ("is having the bigger number
of", "holds the greater count of"), thresholds in words ("over 100", "a dozen", "at least", "mehr als") and
inclusion / exclusion words on totals ("counting both floors", "Flur mitgerechnet", "not counting the X", "Level 1
plus Level 2"). This bench varies those forms, not the sides:

==============  =================================================================================================
kind            forms (each a template)
==============  =================================================================================================
k_storeys       two storeys compared on a class count by a comparative noun or verb: "which of the two floors (A
                and B) is having the bigger number of X?", "A or B: which storey holds the greater count of X?",
                "Welches Geschoss hat die größere Anzahl an X, A oder B?"
k_most          a comparative said of all storeys ("which level holds the greater count of X")
k_classes       two classes compared on the model or a storey, yes/no: "are there more X than Y in this
                building?", "Gibt es mehr X als Y in diesem Gebäude?", "is the number of X on S greater ..."
k_rooms         two rooms compared on floor area: "room three or room six, which one is bigger", "is the kitchen or
                the living room the larger one in unit B?" (the unit is a prefix of the Duplex's space names)
k_threshold     a count against a threshold, yes/no: "over N", "more than a dozen", "at least N", "mehr als N",
                "fewer than N", "N or more", "weniger als N", "no more than N"
k_total         a count over storeys said by inclusion words: "counting both floors" (a model with exactly two
                storeys), "A plus B", "A + B", "A & B", "A und B zusammen"
k_include       a room included in a count of rooms it belongs to: "including the R", "R mitgerechnet", "(R
                included)": the count is unchanged, R is checked to be in the set
k_exclude       a room or a class taken out of a count: "not counting the R", "(R nicht mitgezählt)", "excluding
                the X", "X not included"
k_decline       what cannot be grounded: a storey side the model lacks, a threshold or a side over a kind nothing
                in the file is, an included room outside the set asked, "counting both floors" on a model with
                three or four storeys of which more than two hold the kind asked (when exactly two hold it, the
                count of the kind: the oracle was corrected so after the first run), an excluded room the model
                lacks
==============  =================================================================================================

Oracles in plain IfcOpenShell (``people_oracles.Model``): "on S" is storey-deep; a class word is the IFC class with
subtypes; rooms are IfcSpace; "bigger" of rooms compares BaseQuantities / Qto_SpaceBaseQuantities NetFloorArea or
GSA BIM Area as the model holds it; a storey comparison is the winning storey (no ties drawn); a threshold is a
yes/no; a total is a count with the elements; the set difference is computed independently.

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of scenarios,
goes only into ``comparative_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_by  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model, count, decline, elements, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "comparative_cases.json"
OUT_HELD = HERE / "comparative_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 2

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"

# class word -> (English plural, German plural, IFC classes with subtypes)
CLASSES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "furniture": ("furniture", "Möbel", ("IfcFurnishingElement",)),
    "walls": ("walls", "Wände", ("IfcWall",)),
    "doors": ("doors", "Türen", ("IfcDoor",)),
    "windows": ("windows", "Fenster", ("IfcWindow",)),
    "slabs": ("slabs", "Decken", ("IfcSlab",)),
    "rooms": ("rooms", "Räume", ("IfcSpace",)),
}
NUMBER_WORDS = {6: "half a dozen", 12: "a dozen", 24: "two dozen", 10: "ten", 20: "twenty", 5: "five"}

Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    scorer: str  # bench_score kind
    templates: tuple[str, ...]
    scenarios: tuple[dict[str, Any], ...]
    oracle: Build


def _cls(s: dict[str, Any], key: str = "c") -> tuple[str, ...]:
    return CLASSES[s[key]][2]


def _diff(keep: list[Any], drop: list[Any]) -> list[Any]:
    gone = {e.id() for e in drop}
    return [e for e in keep if e.id() not in gone]


# --- k_storeys: two storeys, comparative noun / verb ----------------------------------------------------------------
def _storeys_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    a, b = len(m.on(s["A"], _cls(s))), len(m.on(s["B"], _cls(s)))
    if a == b:
        raise ValueError(f"tie {s}")
    fewer = "fewer" in s["template"] or "smaller" in s["template"] or "kleiner" in s["template"] \
        or "lower" in s["template"]
    win = s["A"] if (a > b) != fewer else s["B"]
    return storeys([win]), f"{'/'.join(_cls(s))} on {s['A']} ({a}) and {s['B']} ({b}) storey-deep: " \
                           f"the one with {'fewer' if fewer else 'more'}"


STOREYS_TEMPLATES = (
    "Which of the two floors ({A} and {B}) is having the bigger number of {C}?",
    "{A} or {B}: which storey holds the greater count of {C}?",
    "Welches Geschoss hat die größere Anzahl an {CDE}, {A} oder {B}?",
    "which level has the larger amount of {C}, {A} or {B}?",
    "Does {A} or {B} contain the higher number of {C}?",
    "Wo gibt es mehr {CDE}: im {A} oder im {B}?",
    "{A} vs {B} - which one has the smaller number of {C}?",
    "Of {A} and {B}, which floor is holding more {C}?",
    "Hat {A} oder {B} die höhere Zahl an {CDE}?",
)
STOREYS_SCENARIOS = (
    {"model": DUP, "A": "Level 1", "B": "Level 2", "c": "doors"},
    {"model": INS, "A": "Keller", "B": "Erdgeschoss", "c": "windows"},
    {"model": LB, "A": "Level 1", "B": "Level 2", "c": "windows"},
    {"model": HOM, "A": "GroundFloor", "B": "1stFloor", "c": "doors"},
    {"model": EDC, "A": "EG", "B": "1.OG", "c": "walls"},
    {"model": FZK, "A": "Erdgeschoss", "B": "Dachgeschoss", "c": "windows"},
    {"model": DUP, "A": "Level 1", "B": "Level 2", "c": "furniture"},
)


# --- k_most: a comparative said over all storeys --------------------------------------------------------------------
def _most_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    sizes = {n: len(m.on(n, _cls(s))) for n in m.storey_names()}
    best = max(sizes.values())
    win = [n for n, v in sizes.items() if v == best]
    if len(win) != 1:
        raise ValueError(f"tie {s} {sizes}")
    return storeys(win), f"{'/'.join(_cls(s))} per storey (storey-deep) {sizes}: the most"


MOST_TEMPLATES = (
    "which level holds the greater count of {C}",
    "Which storey has got the bigger number of {C}?",
    "Auf welchem Geschoss ist die Anzahl der {CDE} größer?",
    "which floor contains the larger number of {C}?",
    "the floor with the higher count of {C} is which one?",
    "Welche Etage hat die größere Menge an {CDE}?",
)
MOST_SCENARIOS = (
    {"model": DUP, "c": "windows"},
    {"model": INS, "c": "doors"},
    {"model": LB, "c": "doors"},
    {"model": EDC, "c": "doors"},
    {"model": FZK, "c": "walls"},
    {"model": HOM, "c": "windows"},
)


# --- k_classes: two classes compared, yes / no ----------------------------------------------------------------------
def _classes_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    where = s.get("storey")
    x = m.on(where, _cls(s)) if where else m.of(_cls(s))
    y = m.on(where, _cls(s, "c2")) if where else m.of(_cls(s, "c2"))
    fewer = "fewer" in s["template"] or "weniger" in s["template"]
    value = len(x) < len(y) if fewer else len(x) > len(y)
    return yes_no(value), f"{len(x)} {'/'.join(_cls(s))} {'<' if fewer else '>'} {len(y)} " \
                          f"{'/'.join(_cls(s, 'c2'))} on {where or 'the model'} (storey-deep)"


CLASSES_TEMPLATES = (
    "are there more {C} than {C2} in this building?",
    "Gibt es mehr {CDE} als {C2DE} in diesem Gebäude?",
    "Does the model contain a greater number of {C} than of {C2}?",
    "is the number of {C} in the building higher than the number of {C2}?",
    "Hat das Gebäude weniger {CDE} als {C2DE}?",
    "the building has fewer {C} than {C2}, yes?",
    "Is the count of {C} bigger than the count of {C2} in this model?",
    "do we got more {C} as {C2} in the house?",
)
CLASSES_SCENARIOS = (
    {"model": DUP, "c": "doors", "c2": "windows"},
    {"model": INS, "c": "walls", "c2": "doors"},
    {"model": LB, "c": "windows", "c2": "doors"},
    {"model": HOM, "c": "walls", "c2": "windows"},
    {"model": EDC, "c": "windows", "c2": "walls"},
    {"model": SH, "c": "furniture", "c2": "walls"},
    {"model": FZK, "c": "windows", "c2": "doors"},
)


# --- k_rooms: two rooms by floor area -------------------------------------------------------------------------------
def _rooms_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    a = m.space(**s["a"])
    b = m.space(**s["b"])
    qa, qb = m.qty(a, *s["q"]), m.qty(b, *s["q"])
    if abs(qa - qb) < 1e-6:
        raise ValueError(f"tie {s}")
    smaller = "smaller" in s["template"] or "kleiner" in s["template"]
    win = a if (qa > qb) != smaller else b
    return elements([win]), f"{s['q'][0]}.{s['q'][1]} of {a.Name} ({qa:.2f}) and {b.Name} ({qb:.2f}): " \
                            f"the {'smaller' if smaller else 'bigger'}"


ROOMS_TEMPLATES = (
    "{A} or {B}, which one is bigger",
    "is the {A} or the {B} the larger one{IN}?",
    "Welcher ist kleiner{INDE}: {ADE} oder {BDE}?",
    "which has got the bigger floor area{IN}, {A} or {B}?",
    "{A} compared to {B}{IN} - which is the smaller room?",
    "Was ist größer{INDE}, {ADE} oder {BDE}?",
)
Q_BASE = ("BaseQuantities", "NetFloorArea")
Q_GSA = ("GSA Space Areas", "GSA BIM Area")
ROOMS_SCENARIOS = (
    {"model": LB, "A": "room three", "B": "room six", "ADE": "Raum drei", "BDE": "Raum sechs",
     "a": {"name": "3"}, "b": {"name": "6"}, "q": Q_BASE},
    {"model": DUP, "A": "kitchen", "B": "living room", "ADE": "Küche", "BDE": "Wohnzimmer", "IN": " in unit B",
     "INDE": " in Wohnung B", "a": {"name": "B103"}, "b": {"name": "B102"}, "q": Q_GSA},
    {"model": DUP, "A": "bedroom 1", "B": "bedroom 2", "ADE": "Schlafzimmer 1", "BDE": "Schlafzimmer 2",
     "IN": " in unit A", "INDE": " in Wohnung A", "a": {"name": "A202"}, "b": {"name": "A203"}, "q": Q_GSA},
    {"model": INS, "A": "Seminarraum", "B": "Labor K1", "ADE": "Seminarraum", "BDE": "Labor K1",
     "a": {"long": "Seminarraum"}, "b": {"long": "Labor K1"}, "q": Q_BASE},
    {"model": FZK, "A": "kitchen", "B": "bathroom", "ADE": "Küche", "BDE": "Bad",
     "a": {"long": "Küche"}, "b": {"long": "Bad"}, "q": Q_BASE},
    {"model": HOM, "A": "Kitchen5", "B": "Living1", "ADE": "Kitchen5", "BDE": "Living1",
     "a": {"name": "Kitchen5"}, "b": {"name": "Living1"}, "q": ("Qto_SpaceBaseQuantities", "NetFloorArea")},
)


# --- k_threshold: a count against a threshold, yes / no -------------------------------------------------------------
def _threshold_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    where = s.get("storey") if "{S}" in s["template"] else None
    found = m.on(where, _cls(s)) if where else m.of(_cls(s))
    n, t = len(found), s["template"]
    low = t.lower()
    if "at least" in low or "or more" in low or "mindestens" in low:
        value, op = n >= s["n"], ">="
    elif "no more than" in low or "at most" in low or "höchstens" in low:
        value, op = n <= s["n"], "<="
    elif "fewer" in low or "less than" in low or "weniger" in low or "under" in low:
        value, op = n < s["n"], "<"
    else:
        value, op = n > s["n"], ">"
    return yes_no(value), f"{n} {'/'.join(_cls(s))} on {where or 'the model'} (storey-deep) {op} {s['n']}"


THRESHOLD_TEMPLATES = (
    "does the building have over {N} {C} in total?",
    "more than {NW} {C} on {S}?",
    "mehr als {N} {CDE} im {S}?",
    "at least {N} {C} on {S}?",
    "fewer than {N} {C} on {S}?",
    "Gibt es im Gebäude weniger als {N} {CDE}?",
    "Are there above {N} {C} on {S}?",
    "{S} - does it have {N} or more {C}?",
    "Hat das {S} mindestens {N} {CDE}?",
    "no more than {NW} {C} on {S}, correct?",
    "are there in excess of {N} {C} in the whole model?",
    "Sind es im {S} mehr als {N} {CDE}?",
)
THRESHOLD_SCENARIOS = (
    {"model": DUP, "storey": "Level 2", "c": "windows", "n": 12},
    {"model": INS, "storey": "Erdgeschoss", "c": "doors", "n": 20},
    {"model": LB, "storey": "Level 1", "c": "doors", "n": 12},
    {"model": EDC, "storey": "1.OG", "c": "windows", "n": 20},
    {"model": FZK, "storey": "Erdgeschoss", "c": "windows", "n": 10},
    {"model": HOM, "storey": "GroundFloor", "c": "doors", "n": 6},
    {"model": SH, "storey": "Ground Floor", "c": "furniture", "n": 12},
)


# --- k_total: a count over storeys said by inclusion words ----------------------------------------------------------
def _total_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if "both" in s["template"] or "beide" in s["template"]:
        names = m.storey_names()
        assert len(names) == 2, names
        return count(m.of(_cls(s))), f"{'/'.join(_cls(s))} of the model's two storeys ({names}): the model's count"
    return count(m.on([s["A"], s["B"]], _cls(s))), f"{'/'.join(_cls(s))} on {s['A']} and {s['B']} (storey-deep)"


TOTAL_TEMPLATES = (
    "Counting both floors, how many {C} does the house have?",
    "how many {C} on {A} plus {B}?",
    "{C} {A} + {B}: how many?",
    "Wie viele {CDE} hat das Haus, beide Geschosse gezählt?",
    "{A} & {B}: number of {C} please",
    "Anzahl {CDE} {A} und {B} zusammen?",
    "both floors counted, what is the number of {C}?",
    "total of {C} for {A} plus {B}",
    "how many {C} in total on {A} and {B} together?",
)
TOTAL_SCENARIOS = (
    {"model": FZK, "A": "Erdgeschoss", "B": "Dachgeschoss", "c": "windows"},
    {"model": LB, "A": "Level 1", "B": "Level 2", "c": "windows"},
    {"model": SH, "A": "Ground Floor", "B": "Roof", "c": "slabs"},
    {"model": FZK, "A": "Erdgeschoss", "B": "Dachgeschoss", "c": "walls"},
    {"model": LB, "A": "Level 1", "B": "Level 2", "c": "walls"},
)
TOTAL_MORE = (  # "A plus B" on models with more storeys (the "both" templates never draw these)
    {"model": DUP, "A": "Level 1", "B": "Level 2", "c": "windows"},
    {"model": INS, "A": "1. Obergeschoss", "B": "2. Obergeschoss", "c": "doors"},
    {"model": EDC, "A": "EG", "B": "1.OG", "c": "windows"},
    {"model": HOM, "A": "GroundFloor", "B": "1stFloor", "c": "walls"},
)


# --- k_include / k_exclude: a room (or a class) included in / taken out of a count ----------------------------------
def _room(m: Model, s: dict[str, Any]) -> Any:
    return m.space(**s["r"])


def _include_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    rooms = m.on(s["storey"], "IfcSpace")
    r = _room(m, s)
    assert r in rooms, (s, r.Name)
    return count(rooms), f"spaces on {s['storey']} (storey-deep), {r.Name} among them: unchanged"


def _exclude_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if "c" in s:
        keep = m.on(s["storey"])
        drop = m.on(s["storey"], _cls(s))
        assert drop, s
        return count(_diff(keep, drop)), f"every element on {s['storey']} less {'/'.join(_cls(s))}"
    rooms = m.on(s["storey"], "IfcSpace")
    r = _room(m, s)
    assert r in rooms, (s, r.Name)
    return count(_diff(rooms, [r])), f"spaces on {s['storey']} (storey-deep) less {r.Name}"


INCLUDE_TEMPLATES = (
    "How many rooms are on {S}, including the {R}?",
    "Wie viele Räume hat das {S}, {RDE} mitgerechnet?",
    "number of spaces on {S} ({R} included)",
    "{S}: how many rooms, the {R} counted too?",
    "Anzahl Räume im {S} inklusive {RDE}",
    "how many rooms on {S} incl. the {R}?",
)
INCLUDE_SCENARIOS = (
    {"model": FZK, "storey": "Erdgeschoss", "R": "corridor", "RDE": "Flur", "r": {"long": "Flur"}},
    {"model": INS, "storey": "Keller", "R": "Seminarraum", "RDE": "Seminarraum", "r": {"long": "Seminarraum"}},
    {"model": HOM, "storey": "GroundFloor", "R": "kitchen", "RDE": "Küche", "r": {"name": "Kitchen5"}},
    {"model": SH, "storey": "Ground Floor", "R": "entrance hall", "RDE": "Entrance hall",
     "r": {"long": "Entrance hall"}},
    {"model": FZK, "storey": "Erdgeschoss", "R": "kitchen", "RDE": "Küche", "r": {"long": "Küche"}},
)
EXCLUDE_TEMPLATES = (
    "How many rooms are on {S}, not counting the {R}?",
    "Wie viele Räume hat das {S} ({RDE} nicht mitgezählt)?",
    "number of rooms on {S} excluding the {R}",
    "how many rooms does {S} have without counting the {R}?",
    "Anzahl der Räume im {S}, {RDE} ausgenommen",
    "{S}: how many rooms, {R} not included?",
)
EXCLUDE_SCENARIOS = INCLUDE_SCENARIOS
EXCLUDE_CLASS_TEMPLATES = (
    "How many elements are on {S}, not counting the {C}?",
    "Wie viele Bauteile gibt es im {S}, die {CDE} nicht mitgezählt?",
    "number of elements on {S}, {C} excluded",
)
EXCLUDE_CLASS_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "furniture"},
    {"model": INS, "storey": "Keller", "c": "windows"},
    {"model": FZK, "storey": "Erdgeschoss", "c": "doors"},
)


# --- k_decline ------------------------------------------------------------------------------------------------------
DECLINE_TEMPLATES = (
    "Which of the two floors ({S} and Level 7) is having the bigger number of {C}?",
    "more than a dozen jacuzzis on {S}?",
    "How many rooms are on {S}, including the sauna?",
    "Counting both floors, how many {C} does the house have?",
    "How many rooms are on {S}, not counting the ballroom?",
    "are there more {C} than saunas in this building?",
    "Wie viele Räume hat das Dachgeschoss, Flur mitgerechnet?",  # FZK: the Flur is on the Erdgeschoss
    "room three or room twelve, which one is bigger",  # LargeBuilding: 8 rooms
    "Gibt es mehr als 50 Whirlpools im {S}?",
)
DECLINE_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "doors"},
    {"model": HOM, "storey": "GroundFloor", "c": "windows"},
    {"model": EDC, "storey": "EG", "c": "doors"},
    {"model": INS, "storey": "Erdgeschoss", "c": "windows"},
)
DECLINE_MODEL = {6: FZK, 7: LB}


def _decline_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if s["template"] == 3:
        names = m.storey_names()
        assert len(names) > 2, names
        holding = [n for n in names if m.on(n, _cls(s))]
        if len(holding) == 2:  # "both floors": the two storeys holding the kind asked
            return count(m.of(_cls(s))), f"'both floors': the model has {len(names)} storeys, {holding} hold " \
                                         f"{'/'.join(_cls(s))}: their count"
        return decline(), f"'both floors' on a model with {len(names)} storeys, {len(holding)} holding " \
                          f"{'/'.join(_cls(s))} -> decline"
    if s["template"] == 6:
        assert m.storey_name(m.space(long="Flur")) == "Erdgeschoss"
        return decline(), "the Flur is not on the Dachgeschoss: including it in its rooms -> decline"
    if s["template"] == 7:
        assert not m.spaces(lambda x: x.Name == "12") and len(m.spaces()) == 8
        return decline(), "no room 12 -> decline"
    return decline(), "a side, an included or excluded part (storey, kind, room) is not in the model -> decline"


KINDS = (
    Kind("k_storeys", "comparison", STOREYS_TEMPLATES, STOREYS_SCENARIOS, _storeys_oracle),
    Kind("k_most", "comparison", MOST_TEMPLATES, MOST_SCENARIOS, _most_oracle),
    Kind("k_classes", "comparison", CLASSES_TEMPLATES, CLASSES_SCENARIOS, _classes_oracle),
    Kind("k_rooms", "quantities", ROOMS_TEMPLATES, ROOMS_SCENARIOS, _rooms_oracle),
    Kind("k_threshold", "comparison", THRESHOLD_TEMPLATES, THRESHOLD_SCENARIOS, _threshold_oracle),
    Kind("k_total", "multi_storey", TOTAL_TEMPLATES, TOTAL_SCENARIOS + TOTAL_MORE, _total_oracle),
    Kind("k_include", "rooms", INCLUDE_TEMPLATES, INCLUDE_SCENARIOS, _include_oracle),
    Kind("k_exclude", "negation", EXCLUDE_TEMPLATES, EXCLUDE_SCENARIOS, _exclude_oracle),
    Kind("k_exclude_class", "negation", EXCLUDE_CLASS_TEMPLATES, EXCLUDE_CLASS_SCENARIOS, _exclude_oracle),
    Kind("k_decline", "edge", DECLINE_TEMPLATES, DECLINE_SCENARIOS, _decline_oracle),
)


def report(run: Path, cases_path: Path) -> str:
    """Mean score per taxonomy kind (``comparative``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "comparative")


def _fill(template: str, s: dict[str, Any]) -> str:
    ctx: dict[str, str] = {"IN": s.get("IN", ""), "INDE": s.get("INDE", "")}
    for key in ("A", "B", "ADE", "BDE", "R", "RDE"):
        if key in s:
            ctx[key] = s[key]
    if "storey" in s:
        ctx["S"] = s["storey"]
    if "n" in s:
        ctx["N"] = str(s["n"])
        ctx["NW"] = NUMBER_WORDS.get(s["n"], str(s["n"]))
    for key, slot in (("c", ""), ("c2", "2"), ("c0", "0")):
        if key in s:
            en, de, _ = CLASSES[s[key]]
            ctx["C" + slot] = en
            ctx["C" + slot + "DE"] = de
    text = template
    for key in sorted(ctx, key=len, reverse=True):
        text = text.replace("{" + key + "}", ctx[key])
    assert "{" not in text, text
    return text[0].upper() + text[1:]


def _usable(kind: Kind, template: str, s: dict[str, Any]) -> bool:
    if kind.name == "k_total" and ("both" in template or "beide" in template):
        return s in TOTAL_SCENARIOS
    # a unit-qualified pair asked without its unit names 2 rooms each
    return not (kind.name == "k_rooms" and "{IN" not in template and "IN" in s)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind in KINDS:
        for i, template in enumerate(kind.templates):
            if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                continue
            order = sorted(range(len(kind.scenarios)), key=lambda j: _seed(salt, kind.name, str(i), str(j)))
            order = [j for j in order if _usable(kind, template, kind.scenarios[j])]
            if kind.name == "k_rooms" and "{IN" in template:  # one unit-qualified pair, one other
                units = [j for j in order if "IN" in kind.scenarios[j]]
                order = units[:1] + [j for j in order if j not in units]
            picks = order[:1] if kind.name == "k_decline" and i in DECLINE_MODEL else order[:PER_TEMPLATE]
            for j in picks:
                s = dict(kind.scenarios[j])
                s["template"] = template
                if kind.name == "k_decline":
                    s["template"] = i
                    s["model"] = DECLINE_MODEL.get(i, s["model"])
                    if i == 3 and s["model"] in (FZK, LB, SH):
                        s["model"] = DUP
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                oracle, rule = kind.oracle(models[s["model"]], s)
                out.append({
                    "id": f"cf{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s),
                    "ifc_filename": s["model"],
                    "kind": kind.scorer,
                    "comparative": kind.name,
                    "template": template,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("comparative"), DEFAULT_IFC_DIR, argv,
                      report=report)


if __name__ == "__main__":
    sys.exit(main())
