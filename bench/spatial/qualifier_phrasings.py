"""Qualifier bench (issue 22, round 11): property filters phrased the way people say them, generated.

    python bench/spatial/qualifier_phrasings.py [--ifc-dir ../shared/ifc] [--check]  # qualifier_cases.json + _b
    python bench/spatial/qualifier_phrasings.py --report RUN_DIR [--held]             # per form, from a run

People put a property filter on elements in many shapes, and the shape is independent of the property. The
taxonomy below was written from how people talk (e-mails, FM tickets, chat, non-native English, German;
``../shared/questions/ifc-bench-v1.csv`` and ``people_eighth.json`` for ideas), before the parser's qualifier
words were read:

=============  ==================================================================================================
form           shape
=============  ==================================================================================================
adjective      the qualifier before the noun: "external doors", "load-bearing walls", "list the structural walls
               on Level 1", "how many wheelchair accessible rooms are there?"
predicate      the qualifier after a copula: "which doors are external?", "are any walls on EG load-bearing?" (as a
               list), "walls on Level 2 - which of them are structural?"
relative       a relative clause: "doors that are external", "walls which carry load", "rooms that have air
               conditioning", "all walls on EG that are load bearing"
marked         the model's flag in words: "doors marked as external in the model", "walls flagged as
               load-bearing", "which rooms are set as barrier-free?", "walls tagged structural"
property       the property by its own name: "doors where IsExternal is true", "walls with LoadBearing = TRUE",
               "walls whose LoadBearing is set to true", "which rooms have HandicapAccessible set to yes?"
comparative    a comparison word with a number and a unit written many ways: "doors wider than 90 cm", "walls
               thicker than 0.25 m", "rooms over 20 sqm", "windows less than 1.2 m high", "doors > 900 mm wide"
with           "with <dimension> <comparison>": "walls with a thickness above 0.2 m", "doors with a width of at
               least 0.9 m", "rooms with a floor area over 20 m²", "windows having a height below 120 cm"
whose          a relative clause on the dimension: "walls whose thickness is more than 250 mm", "rooms where the
               floor area exceeds 20 m2", "doors that are at least 90 cm wide", "windows which are under 1 m high"
german         German word order and compounds: "tragende Wände", "Außentüren", "Welche Wände sind tragend?",
               "Türen breiter als 1 m", "Wände mit einer Dicke über 25 cm", "Räume größer als 20 m²"
=============  ==================================================================================================

Each form is asked with and without a storey ("... on Level 1", "im Erdgeschoss") and as a list or a count.

**Negative forms (the oracle is a decline: nothing may be listed).**

=============  ==================================================================================================
x_absent       a qualifier no property of the model holds: "the red doors", "acoustic doors" (no real
               AcousticRating), "fire-rated doors" (FireRating empty or a placeholder), "soundproof windows"
x_unset        a boolean the model does not record for that class: "external walls" where no wall holds
               IsExternal, "load-bearing walls" where none holds LoadBearing, "barrier-free rooms" likewise
x_partial      the negation of a boolean most elements leave unset: "walls that are not external" where fewer than
               half of the walls record IsExternal at all (listing the few explicit FALSE ones, or none, would be
               a confident answer to a question the model cannot answer)
x_nounit       a length with no unit where the unit is ambiguous (a two-digit number: centimetres or
               millimetres?): "doors wider than 90", "walls thicker than 25"
=============  ==================================================================================================

Oracles in plain IfcOpenShell (never ifcqa): booleans through ``ifcopenshell.util.element.get_psets`` (occurrence
over type; the element's ``Pset_*`` set holding the property; the explicit value TRUE, or FALSE for "internal" /
"non-load-bearing"); a door's or window's width and height are its ``OverallWidth`` / ``OverallHeight`` attributes;
a wall's thickness is ``Width``, its height ``Height``, a space's floor area ``NetFloorArea``, all from the
element's base quantity set (``Qto_*BaseQuantities`` or ``BaseQuantities``), in the project's units
(``ifcopenshell.util.unit.calculate_unit_scale``); "on <storey>" is storey-deep (``people_oracles.Model``).
Thresholds are round numbers with no element within 2% of them (no rounding question), keeping some elements and
not all.

**Held-back part.** Every third template of each form (and another seeded draw of facts) goes only into
``qualifier_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_bench import dumps, seed  # noqa: E402
from people_oracles import STOREY_DEEP, Model  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "qualifier_cases.json"
OUT_HELD = HERE / "qualifier_cases_b.json"

MODELS = ["AC11-FZK-Haus-IFC.ifc", "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc",
          "Ifc4_SampleHouse.ifc", "KIT-EDC_with_SB.ifc", "ExampleHOM.ifc", "LargeBuilding.ifc", "revit_quantities.ifc",
          "3rooms_Heater_AirTerminal_Table_with_SB.ifc", "IfcOpenHouse_IFC4.ifc"]  # fmt: skip

# the subject nouns (English plural, German plural)
NOUNS = {"IfcDoor": ("doors", "Türen"), "IfcWindow": ("windows", "Fenster"), "IfcWall": ("walls", "Wände"),
         "IfcSpace": ("rooms", "Räume"), "IfcBeam": ("beams", "Träger"), "IfcSlab": ("slabs", "Decken")}  # fmt: skip


# -- boolean qualifiers ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Flag:
    prop: str
    value: bool
    adjectives: tuple[str, ...]  # before the noun
    predicate: tuple[str, ...]  # after "are"
    relative: tuple[str, ...]  # after "that" / "which"
    marked: tuple[str, ...]  # after "marked as"
    german_compound: dict[str, str]  # class -> compound ("Außentüren")
    german_adj: str  # before the noun ("tragende")
    german_pred: str  # after "sind" ("tragend")
    classes: tuple[str, ...]


FLAGS = [
    Flag("IsExternal", True, ("external", "exterior", "outside"), ("external", "exterior"),
         ("are external", "are on the outside of the building", "are exterior"), ("external", "exterior"),
         {"IfcDoor": "Außentüren", "IfcWall": "Außenwände", "IfcWindow": "Außenfenster"}, "außenliegende",
         "außenliegend", ("IfcDoor", "IfcWall", "IfcWindow", "IfcSlab")),
    Flag("IsExternal", False, ("internal", "interior", "inside"), ("internal", "interior"),
         ("are internal", "are on the inside of the building", "are interior"), ("internal", "interior"),
         {"IfcDoor": "Innentüren", "IfcWall": "Innenwände"}, "innenliegende", "innenliegend",
         ("IfcDoor", "IfcWall", "IfcWindow", "IfcSlab")),
    Flag("LoadBearing", True, ("load-bearing", "loadbearing", "structural", "load bearing"),
         ("load-bearing", "structural", "load bearing"),
         ("carry load", "are load bearing", "bear loads", "are structural"), ("load-bearing", "structural"),
         {"IfcWall": "tragende Wände"}, "tragende", "tragend", ("IfcWall", "IfcBeam", "IfcSlab")),
    Flag("LoadBearing", False, ("non-load-bearing", "non-structural", "non load bearing"),
         ("non-load-bearing", "non-structural"), ("are not load-bearing", "do not carry load", "are non-structural"),
         ("non-load-bearing", "non-structural"), {"IfcWall": "nichttragende Wände"}, "nichttragende",
         "nicht tragend", ("IfcWall",)),
    Flag("HandicapAccessible", True, ("wheelchair accessible", "barrier-free", "accessible"),
         ("wheelchair accessible", "barrier-free"), ("are wheelchair accessible", "are barrier-free"),
         ("barrier-free", "handicap accessible"), {}, "barrierefreie", "barrierefrei", ("IfcSpace",)),
    Flag("AirConditioning", True, ("air-conditioned", "air conditioned"), ("air-conditioned", "air conditioned"),
         ("have air conditioning", "are air-conditioned", "are air conditioned"), ("air-conditioned",), {},
         "klimatisierte", "klimatisiert", ("IfcSpace",)),
]

BOOL_TEMPLATES: dict[str, list[str]] = {
    "adjective": ["{A} {N}", "list the {A} {N} on {S}", "how many {A} {N} are there?", "show me all {A} {N} on {S}",
                  "which {A} {N} does the model have?", "{A} {N} {S}?"],
    "predicate": ["which {N} are {P}?", "which {N} on {S} are {P}?", "{N} on {S} - which of them are {P}?",
                  "how many {N} are {P}?", "what {N} are {P} in this model", "{N} on {S}: which are {P}"],
    "relative": ["{N} that {R}", "give me the {N} which {R}", "all {N} on {S} that {R}",
                 "how many {N} {R}?", "list every {NS} that {RS}", "{N} on {S} which {R}"],
    "marked": ["which {N} are marked as {M} in the model?", "{N} flagged as {M}", "{N} on {S} set as {M}",
               "how many {N} are tagged {M}?", "show the {N} marked {M} on {S}", "{N} classified as {M} in the model"],
    "property": ["{N} where {PROP} is true", "{N} with {PROP} = TRUE", "{N} whose {PROP} is set to true",
                 "{N} on {S} with {PROP}=true", "which {N} have {PROP} set to yes?", "how many {N} have {PROP} true?"],
    "german": ["{GC}", "Welche {GN} sind {GP}?", "Alle {GA}n {GN} {IM} {S}", "Wie viele {GA} {GN} gibt es?",
               "Zeig mir die {GA}n {GN} {IM} {S}", "{GN} {IM} {S}, die {GP} sind"],
}
FALSE_PROP = {"{N} where {PROP} is true": "{N} where {PROP} is false",
              "{N} with {PROP} = TRUE": "{N} with {PROP} = FALSE",
              "{N} whose {PROP} is set to true": "{N} whose {PROP} is set to false",
              "{N} on {S} with {PROP}=true": "{N} on {S} with {PROP}=false",
              "which {N} have {PROP} set to yes?": "which {N} have {PROP} set to no?",
              "how many {N} have {PROP} true?": "how many {N} have {PROP} false?"}  # fmt: skip
SINGULAR = {"doors": "door", "walls": "wall", "windows": "window", "rooms": "room", "beams": "beam", "slabs": "slab"}
VERB_SINGULAR = {"carry load": "carries load", "bear loads": "bears loads", "have air conditioning":
                 "has air conditioning", "do not carry load": "does not carry load"}  # fmt: skip


_PSETS: dict[tuple[Any, int, bool], dict[str, Any]] = {}


def _psets(e: Any, qtos_only: bool = False) -> dict[str, Any]:
    """``ue.get_psets`` once per element. The key holds the file itself (``ifcopenshell.file`` hashes and compares
    by the model it wraps, and the key keeps that model alive): ``id(e.file)``, the key before, is the id of a
    wrapper made on each access, so another model's element could read a freed model's property sets (a test run
    that opened many models before, people_fourteenth's hand checks, built different cases)."""
    key = (e.file, e.id(), qtos_only)
    if key not in _PSETS:
        _PSETS[key] = ue.get_psets(e, qtos_only=qtos_only)
    return _PSETS[key]


def flag_of(e: Any, prop: str) -> bool | None:
    """The explicit boolean of ``prop`` in the element's ``Pset_*`` sets (occurrence over type), else None."""
    for pset, props in _psets(e).items():
        if (pset or "").startswith("Pset_") and isinstance(props.get(prop), bool):
            return bool(props[prop])
    return None


# -- numeric qualifiers ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dim:
    key: str
    classes: tuple[str, ...]
    kind: str  # length / area
    read: Callable[[Any, float], float | None]  # element, unit scale -> SI value
    noun: str  # "width"
    bigger: str  # "wider"
    smaller: str  # "narrower"
    adj: str  # "wide"
    german_noun: str  # "Breite"
    german_bigger: str  # "breiter"
    german_smaller: str  # "schmaler"
    thresholds: tuple[float, ...]  # SI


def _attr(name: str) -> Callable[[Any, float], float | None]:
    def read(e: Any, scale: float) -> float | None:
        v = getattr(e, name, None)
        return float(v) * scale if isinstance(v, int | float) and v else None
    return read


def _qty(name: str) -> Callable[[Any, float], float | None]:
    def read(e: Any, scale: float) -> float | None:
        for qset, props in _psets(e, qtos_only=True).items():
            if ((qset or "").startswith("Qto_") and qset.endswith("BaseQuantities")) or qset == "BaseQuantities":
                v = props.get(name)
                if isinstance(v, int | float) and v:
                    return float(v) * scale
        return None
    return read


DIMS = [
    Dim("door_width", ("IfcDoor",), "length", _attr("OverallWidth"), "width", "wider", "narrower", "wide", "Breite",
        "breiter", "schmaler", (0.8, 0.85, 0.9, 0.95, 1.0, 1.1, 1.2, 1.5)),
    Dim("door_height", ("IfcDoor",), "length", _attr("OverallHeight"), "height", "taller", "shorter", "high", "Höhe",
        "höher", "niedriger", (2.0, 2.1, 2.2, 2.3, 2.5)),
    Dim("window_height", ("IfcWindow",), "length", _attr("OverallHeight"), "height", "taller", "shorter", "high",
        "Höhe", "höher", "niedriger", (0.6, 0.8, 1.0, 1.2, 1.5, 2.0)),
    Dim("window_width", ("IfcWindow",), "length", _attr("OverallWidth"), "width", "wider", "narrower", "wide",
        "Breite", "breiter", "schmaler", (0.6, 0.8, 1.0, 1.2, 1.5, 2.0)),
    Dim("wall_thickness", ("IfcWall",), "length", _qty("Width"), "thickness", "thicker", "thinner", "thick",
        "Dicke", "dicker", "dünner", (0.1, 0.12, 0.15, 0.2, 0.25, 0.3)),
    Dim("space_area", ("IfcSpace",), "area", _qty("NetFloorArea"), "floor area", "larger", "smaller", "large",
        "Fläche", "größer", "kleiner", (5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0)),
]

# (op, English comparison before the value, German)
BIGGER = [(">", "more than"), (">", "above"), (">", "over"), (">=", "at least"), (">", "greater than")]
SMALLER = [("<", "less than"), ("<", "below"), ("<", "under"), ("<=", "at most")]

NUM_TEMPLATES: dict[str, list[str]] = {
    "comparative": ["{N} {BIGGER} than {V}", "which {N} are {BIGGER} than {V}?", "{N} on {S} {BIGGER} than {V}",
                    "how many {N} are {SMALLER} than {V}?", "{N} {V} or {BIGGER}",
                    "list all {N} {BIGGER} than {V} on {S}"],
    "with": ["{N} with a {D} {CMP} {V}", "{N} with {D} > {V}", "{N} on {S} with a {D} of {CMP} {V}",
             "how many {N} have a {D} {CMP} {V}?", "{N} having a {D} {CMP} {V}",
             "which {N} on {S} have a {D} {CMP} {V}?"],
    "whose": ["{N} whose {D} is {CMP} {V}", "list {N} of {S} whose {D} is {CMP} {V}", "{N} where the {D} is {CMP} {V}",
              "{N} that are {CMP} {V} {ADJ}", "how many {N} on {S} are {CMP} {V} {ADJ}?",
              "{N} which are {CMP} {V} {ADJ}"],
    "german": ["{GN} {GBIGGER} als {V}", "Welche {GN} sind {GBIGGER} als {V}?", "{GN} mit einer {GD} über {V}",
               "Wie viele {GN} {IM} {S} sind {GSMALLER} als {V}?", "{GN} {IM} {S} mit {GD} über {V}",
               "Alle {GN} mit einer {GD} von mindestens {V}"],
}

CMP_WORDS = {">": ["more than", "above", "over", "greater than"], ">=": ["at least", "no less than"],
             "<": ["less than", "below", "under"], "<=": ["at most", "no more than"]}  # fmt: skip


def _holds(v: float, op: str, t: float) -> bool:
    return {">": v > t, ">=": v >= t, "<": v < t, "<=": v <= t}[op]


def value_writings(si: float, kind: str) -> list[str]:
    """One threshold written the ways people write it."""
    if kind == "area":
        n = f"{si:g}"
        return [f"{n} m²", f"{n} m2", f"{n} sqm", f"{n} square metres", f"{n} square meters", f"{n}m²"]
    cm, mm = round(si * 100, 4), round(si * 1000, 4)
    out = [f"{si:g} m", f"{si:g}m", f"{mm:g} mm", f"{mm:g}mm", f"{si:g} metres", f"{si:g} meters"]
    if cm == int(cm):
        out += [f"{cm:g} cm", f"{cm:g}cm", f"{cm:g} centimetres"]
    return out


# -- negatives --------------------------------------------------------------------------------------------------
ABSENT_TEMPLATES = ["the {X} {N}", "which {N} are {X}?", "list the {X} {N} on {S}", "how many {X} {N} are there?",
                    "{N} that are {X}", "show me {X} {N}"]
COLOURS = ["red", "blue", "green", "yellow"]
RATED = [("acoustic", ("AcousticRating",)), ("sound-rated", ("AcousticRating",)),
         ("fire-rated", ("FireRating", "FireResistanceRating")), ("fire rated", ("FireRating", "FireResistanceRating")),
         ("fire-resistant", ("FireRating", "FireResistanceRating"))]  # fmt: skip
PARTIAL_TEMPLATES = ["{N} that are not {P}", "which {N} are not {P}?", "{N} which are not {P} on {S}",
                     "how many {N} are not {P}?", "list the non-{P} {N}", "{N} that aren't {P}"]
NOUNIT_TEMPLATES = ["{N} {BIGGER} than {B}", "which {N} are {BIGGER} than {B}?", "{N} with a {D} over {B}",
                    "{N} on {S} {BIGGER} than {B}", "how many {N} are {SMALLER} than {B}?",
                    "{N} whose {D} is above {B}"]

FORMS = ["adjective", "predicate", "relative", "marked", "property", "comparative", "with", "whose", "german",
         "x_absent", "x_unset", "x_partial", "x_nounit"]


def held_split(templates: list[str], held: bool) -> list[str]:
    """Every third template is held back."""
    return [t for i, t in enumerate(templates) if (i % 3 == 2) == held]


def _real(value: Any, prop: str) -> bool:
    """A real label: set, not empty, not a placeholder holding the property's own name ("_FIRE-RATING_")."""
    if value is None or value == "":
        return False
    squashed = re.sub(r"[\W_]+", "", str(value)).lower()
    return bool(squashed) and re.sub(r"[\W_]+", "", prop).lower() not in squashed


def _storey_words(name: str) -> str:
    return name


class Facts:
    """What one model holds, read once."""

    def __init__(self, path: Path) -> None:
        self.name = path.name
        self.m = Model(path)
        self.scale = {"length": uu.calculate_unit_scale(self.m.f),
                      "area": uu.calculate_unit_scale(self.m.f, "AREAUNIT")}
        names = self.m.storey_names()
        self.storeys = [s for s in names if s and names.count(s) == 1]

    def of(self, cls: str) -> list[Any]:
        return self.m.of(cls)


def _oracle(es: list[Any], counted: bool) -> dict[str, Any]:
    guids = sorted({e.GlobalId for e in es})
    return {"type": "count", "value": len(guids), "guids": guids} if counted else {"type": "elements", "guids": guids}


def _counted(template: str) -> bool:
    t = template.lower()
    return t.startswith(("how many", "wie viele"))


def _place(f: Facts, es: list[Any], template: str, rng: random.Random) -> tuple[str | None, list[Any]] | None:
    """A storey for ``{S}`` that keeps some of ``es`` (and not every one), or None when the template has none."""
    if "{S}" not in template:
        return None, es
    options = []
    for s in f.storeys:
        kept = [e for e in es if f.m.storey_name(e) == s]
        if kept and len(kept) < len(es):
            options.append((s, kept))
    if not options:
        return None
    return rng.choice(options)


def _fill(template: str, slots: dict[str, str]) -> str:
    storey = slots.get("S", "")
    slots = {**slots, "IM": "im" if re.search(r"geschoss|OG\b|EG\b|UG\b|Keller", storey) else "auf"}
    out = template
    for k, v in sorted(slots.items(), key=lambda kv: -len(kv[0])):
        out = out.replace("{" + k + "}", v)
    return out


def bool_cases(f: Facts, form: str, template: str, rng: random.Random) -> list[tuple[str, dict[str, Any], str]]:
    out = []
    for flag in FLAGS:
        if form == "property" and (template in FALSE_PROP.values()) == flag.value:
            continue
        for cls in flag.classes:
            if form == "german" and "{GC}" in template and cls not in flag.german_compound:
                continue
            pool = f.of(cls)
            values = {e.GlobalId: flag_of(e, flag.prop) for e in pool}
            hit = [e for e in pool if values[e.GlobalId] is flag.value]
            if not hit or len(hit) == len(pool):
                continue
            placed = _place(f, hit, template, rng)
            if placed is None:
                continue
            storey, hit = placed
            noun, gnoun = NOUNS[cls]
            # a property named as the word itself (Revit's 'Structural'): "structural" may mean either property
            named = {k.lower() for e in pool for ps in _psets(e).values() for k in ps}

            def pick(words: tuple[str, ...], named: set[str] = named) -> str:
                usable = [w for w in words if not any(x in named for x in w.replace("-", " ").split())]
                return rng.choice(usable or list(words))

            rel = pick(flag.relative)
            slots = {"N": noun, "NS": SINGULAR[noun], "A": pick(flag.adjectives), "P": pick(flag.predicate),
                     "R": rel, "RS": VERB_SINGULAR.get(rel, rel.replace("are ", "is ", 1)), "M": pick(flag.marked),
                     "PROP": flag.prop, "GN": gnoun, "GA": flag.german_adj, "GP": flag.german_pred,
                     "GC": flag.german_compound.get(cls, ""), "S": storey or ""}
            text = _fill(template, slots)
            where = f" on {storey}, {STOREY_DEEP}" if storey else " in the model"
            rule = (f"{cls} whose Pset_*.{flag.prop} is explicitly {'TRUE' if flag.value else 'FALSE'} "
                    f"(ifcopenshell.util.element.get_psets, occurrence over type){where}")
            out.append((text, _oracle(hit, _counted(template)), rule))
    return out


def num_cases(f: Facts, form: str, template: str, rng: random.Random) -> list[tuple[str, dict[str, Any], str]]:
    out = []
    for dim in DIMS:
        for cls in dim.classes:
            pool = f.of(cls)
            scale = f.scale[dim.kind]
            values = {e.GlobalId: dim.read(e, scale) for e in pool}
            held = [v for v in values.values() if v is not None]
            if len(held) < 2:
                continue
            for t in rng.sample(list(dim.thresholds), len(dim.thresholds)):
                if any(abs(v - t) <= 0.02 * t for v in held):
                    continue
                smaller = "{SMALLER}" in template or "{GSMALLER}" in template
                if smaller:
                    op = "<"
                elif "{CMP}" in template:
                    op = rng.choice(list(CMP_WORDS))
                elif "über" in template or "> {V}" in template:
                    op = ">"
                elif "mindestens" in template:
                    op = ">="
                else:
                    op = ">"
                hit = [e for e in pool if (v := values[e.GlobalId]) is not None and _holds(v, op, t)]
                if not hit or len(hit) == len(pool):
                    continue
                placed = _place(f, hit, template, rng)
                if placed is None:
                    continue
                storey, kept = placed
                writing = rng.choice(value_writings(t, dim.kind))
                if form == "german":
                    writing = writing.replace("square metres", "Quadratmeter").replace("square meters", "Quadratmeter")
                    writing = writing.replace("metres", "Meter").replace("meters", "Meter").replace("centimetres", "cm")
                    if "." in writing and rng.random() < 0.5:
                        writing = writing.replace(".", ",")
                noun, gnoun = NOUNS[cls]
                slots = {"N": noun, "BIGGER": dim.bigger, "SMALLER": dim.smaller, "CMP": rng.choice(CMP_WORDS[op]),
                         "V": writing, "D": dim.noun, "ADJ": dim.adj, "GN": gnoun, "GD": dim.german_noun,
                         "GBIGGER": dim.german_bigger, "GSMALLER": dim.german_smaller, "S": storey or ""}
                text = _fill(template, slots)
                if "{ADJ}" in template and dim.kind == "area" and (text.endswith(dim.adj) or f"{dim.adj}?" in text):
                    text = text.replace(f" {dim.adj}", "", 1)
                where = f" on {storey}, {STOREY_DEEP}" if storey else " in the model"
                source = {"door_width": "attribute OverallWidth", "door_height": "attribute OverallHeight",
                          "window_height": "attribute OverallHeight", "window_width": "attribute OverallWidth",
                          "wall_thickness": "quantity Width of the base quantity set",
                          "space_area": "quantity NetFloorArea of the base quantity set"}[dim.key]
                unit = "m²" if dim.kind == "area" else "m"
                rule = f"{cls} whose {source} (project units) {op} {t:g} {unit}{where}"
                out.append((text, _oracle(kept, _counted(template)), rule))
                break
    return out


def negative_cases(f: Facts, form: str, template: str, rng: random.Random) -> list[tuple[str, dict[str, Any], str]]:
    out: list[tuple[str, dict[str, Any], str]] = []
    decline = {"type": "decline"}
    for cls in ("IfcDoor", "IfcWindow", "IfcWall", "IfcSpace"):
        pool = f.of(cls)
        if not pool:
            continue
        noun = NOUNS[cls][0]
        storey = rng.choice(f.storeys) if f.storeys else None
        if "{S}" in template and storey is None:
            continue
        if form == "x_absent":
            texts = " ".join(f"{e.Name or ''} {e.ObjectType or ''} {getattr(ue.get_type(e), 'Name', '') or ''} "
                             + " ".join(m.Name or "" for m in ue.get_materials(e)) for e in pool).lower()
            words = [c for c in COLOURS if c not in texts]
            for word, props in RATED:
                real = any(_real(v, p) for e in pool for ps in _psets(e).values() for p in props
                           if (v := ps.get(p)) is not None)
                if not real and cls != "IfcSpace":
                    words.append(word)
            if not words:
                continue
            word = rng.choice(words)
            text = _fill(template, {"X": word, "N": noun, "S": storey or ""})
            out.append((text, decline, f"'{word}': no property of the model's {noun} records it (no real value)"))
        elif form == "x_unset":
            for flag in FLAGS:
                if cls not in flag.classes or not flag.value:
                    continue
                if any(flag_of(e, flag.prop) is not None for e in pool):
                    continue
                tpl = ["{A} {N}", "which {N} are {P}?", "{N} that {R}", "{A} {N} on {S}", "how many {A} {N} are there?",
                       "{N} marked as {M}"][ABSENT_TEMPLATES.index(template)]
                text = _fill(tpl, {"A": rng.choice(flag.adjectives), "N": noun, "P": rng.choice(flag.predicate),
                                   "R": rng.choice(flag.relative), "M": rng.choice(flag.marked), "S": storey or ""})
                out.append((text, decline, f"no {cls} of the model records {flag.prop} (get_psets)"))
        elif form == "x_partial":
            for flag in FLAGS:
                if cls not in flag.classes or not flag.value or flag.prop == "LoadBearing" and "non-" in template:
                    continue
                recorded = [e for e in pool if flag_of(e, flag.prop) is not None]
                if not recorded or 2 * len(recorded) >= len(pool):
                    continue
                text = _fill(template, {"N": noun, "P": rng.choice(flag.predicate), "S": storey or ""})
                out.append((text, decline, f"only {len(recorded)} of {len(pool)} {cls} record {flag.prop}: 'not "
                            f"{flag.predicate[0]}' cannot be answered from the model"))
        elif form == "x_nounit":
            for dim in DIMS:
                if cls not in dim.classes or dim.kind != "length":
                    continue
                if all(dim.read(e, f.scale["length"]) is None for e in pool):
                    continue
                plausible = {"wall_thickness": (20, 24, 25, 30), "door_width": (80, 90, 95),
                             "window_width": (60, 80, 90), "window_height": (60, 80, 90)}.get(dim.key)
                if not plausible:
                    continue
                bare = rng.choice(plausible)  # a width in centimetres, or millimetres?
                text = _fill(template, {"N": noun, "BIGGER": dim.bigger, "SMALLER": dim.smaller, "D": dim.noun,
                                        "B": str(bare), "S": storey or ""})
                out.append((text, decline, f"{bare} with no unit: centimetres or millimetres? ({dim.noun})"))
    return out


def templates_of(form: str) -> list[str]:
    if form in BOOL_TEMPLATES and form != "german":
        base = BOOL_TEMPLATES[form]
        return [*base, *FALSE_PROP.values()] if form == "property" else base
    if form == "german":
        return [*BOOL_TEMPLATES["german"], *NUM_TEMPLATES["german"]]
    if form in NUM_TEMPLATES:
        return NUM_TEMPLATES[form]
    return {"x_absent": ABSENT_TEMPLATES, "x_unset": ABSENT_TEMPLATES, "x_partial": PARTIAL_TEMPLATES,
            "x_nounit": NOUNIT_TEMPLATES}[form]


PER_TEMPLATE = 4  # cases drawn per template (different models first)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    facts = {name: Facts(ifc_dir / name) for name in MODELS}
    cases: list[dict[str, Any]] = []
    seen: set[str] = set()
    for form in FORMS:
        templates = held_split(templates_of(form), held)
        n = 0
        for template in templates:
            rng = random.Random(seed("qual11", form, template, "held" if held else "dev"))
            candidates: list[tuple[str, str, dict[str, Any], str]] = []
            for name in rng.sample(MODELS, len(MODELS)):
                f = facts[name]
                if form in BOOL_TEMPLATES and template in BOOL_TEMPLATES[form] + list(FALSE_PROP.values()) \
                        and (form != "german" or template in BOOL_TEMPLATES["german"]):
                    got = bool_cases(f, form, template, rng)
                elif form.startswith("x_"):
                    got = negative_cases(f, form, template, rng)
                else:
                    got = num_cases(f, form, template, rng)
                for text, oracle, rule in got:
                    candidates.append((name, text, oracle, rule))
            rng.shuffle(candidates)
            per_model: dict[str, int] = defaultdict(int)
            taken = 0
            for name, text, oracle, rule in sorted(candidates, key=lambda c: per_model[c[0]]):
                if taken >= PER_TEMPLATE:
                    break
                if per_model[name] >= 1 or text in seen:
                    continue
                seen.add(text)
                per_model[name] += 1
                taken += 1
                n += 1
                cases.append({
                    "id": f"qual-{'b-' if held else ''}{form}-{n:02d}", "query": text, "ifc_filename": name,
                    "kind": "qualifiers", "form": form, "template": template, "oracle": oracle,
                    "oracle_rule": rule, "source": "ifcopenshell",
                })  # fmt: skip
    return cases


def report(run: Path, cases_path: Path) -> str:
    cases = {c["id"]: c for c in json.loads(cases_path.read_text(encoding="utf-8"))}
    records = [json.loads(line) for line in (run / "records.jsonl").read_text(encoding="utf-8").splitlines()]
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    misses: list[str] = []
    for r in records:
        case = cases[r["id"]]
        for key in (case["form"], "negative" if case["form"].startswith("x_") else "positive", "all"):
            row = rows[key]
            row["n"] += 1
            row["score"] += r["score"]
            row["right"] += r["score"] == 1.0
            row["declined"] += bool(r["declined"]) and r["score"] < 1.0
            row["wrong"] += not r["declined"] and r["score"] < 1.0
            row["broadened"] += bool(r["broadened"])
        if r["score"] < 1.0:
            misses.append(f"- {case['form']} {r['id']} {case['ifc_filename']} ({r['score']:.2f}"
                          f"{', declined' if r['declined'] else ''}): {r['query']!r} -> {(r['answer'] or '')[:160]!r}")
    lines = ["| form | n | mean score | right | declined | wrong (answered, not the oracle) | broadenings |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for key in (*FORMS, "positive", "negative", "all"):
        row = rows.get(key)
        if row:
            lines.append(f"| {key} | {int(row['n'])} | {row['score'] / row['n']:.3f} | {int(row['right'])} | "
                         f"{int(row['declined'])} | {int(row['wrong'])} | {int(row['broadened'])} |")
    return "\n".join([*lines, "", "Misses:", *misses])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    ap.add_argument("--report", type=Path, metavar="RUN_DIR", help="per-form table of a spatial-bench run")
    ap.add_argument("--held", action="store_true", help="with --report: the held-back cases")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, OUT_HELD if args.held else OUT))
        return 0
    status = 0
    for held, out in ((False, OUT), (True, OUT_HELD)):
        body = dumps(build(args.ifc_dir, held))
        if args.check:
            same = out.is_file() and out.read_text(encoding="utf-8") == body
            print(f"{out.name}: " + ("up to date" if same else "differs from what the script computes"))
            status |= not same
            continue
        out.write_text(body, encoding="utf-8")
        cases = json.loads(body)
        per: dict[str, int] = defaultdict(int)
        for c in cases:
            per[c["form"]] += 1
        print(f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {out}")
        print("  " + ", ".join(f"{k} {n}" for k, n in per.items()))
    return status


if __name__ == "__main__":
    sys.exit(main())
