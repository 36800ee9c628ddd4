"""Two-sided comparison and exclusion bench (issue 22, round 17): the connecting words people use, generated.

    python bench/spatial/versus_forms.py [--ifc-dir ../shared/ifc] [--check]   # versus_cases.json + _b.json
    python bench/spatial/versus_forms.py --report RUN_DIR [--held]              # mean per kind of a run

Earlier rounds built comparisons (``comparisons.py``) and exclusions (``exclusions.py``) in the forms their authors
listed; blind sets still decline the same questions said with other connecting words. This bench varies the
CONNECTING FORM of the two sides (or of the excluded part), not the vocabulary of the sides:

==============  =================================================================================================
kind            forms (each a template)
==============  =================================================================================================
v_storeys       two storeys compared on a class count: "between A and B, which floor has more X?", "which of the
                two floors (A and B) has the higher number of X?", "Zwischen A und B: wo sind mehr X?", "A or B -
                which one has fewer X?", "of A and B, which has got the most X?"
v_classes       two classes compared on one storey (or the model), yes/no: "are there more X than Y on S?", "more
                X than Y on S, y/n?", "on S, do the X outnumber the Y?", "Gibt es im S mehr X als Y?"
v_rooms         two rooms compared on floor area from the model's quantities: "which is larger, A or B?", "A or B -
                which one is bigger?", "between A and B, which room is smaller?", "Is A bigger than B?",
                "Welcher Raum ist größer, A oder B?"
v_all           a class taken out of the whole model: "every element but the X", "all elements apart from the IfcX
                ones", "alle Elemente außer den X", "the whole model minus the X"
v_storey        a class taken out of a storey: "everything on S except the X", "what is on S besides the X",
                "S: all elements other than the X", "Alles im S außer den X"
v_others        a class on the storeys other than S: "X outside S, i.e. on all the other storeys", "X on every
                storey other than S", "X außerhalb des S, also in allen anderen Geschossen"
v_subkind       a sub-kind taken out of its class: "flow terminals on S that are not receptacles", "the flow
                terminals of S except the light fixtures"
v_decline       a side or an excluded part the model cannot ground: a storey it lacks, a size where its spaces hold
                no area, a room word naming several rooms, an excluded kind nothing in the file tells apart
==============  =================================================================================================

Oracles in plain IfcOpenShell (``people_oracles.Model``): "on S" is storey-deep; a class word is the IFC class with
subtypes; a sub-kind is the elements typed by the type class (receptacle = IfcOutletType); "bigger / larger /
smaller" of rooms compares the space's floor area quantity as the model holds it (named per scenario: BaseQuantities
/ Qto_SpaceBaseQuantities NetFloorArea, GSA BIM Area); "which is bigger" is an ``elements`` oracle of the winning
space, "is A bigger than B" a yes/no; a storey comparison is the winning storey (no ties drawn); the set difference
is computed independently (everything = IfcElement less openings and virtual elements).

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of scenarios,
goes only into ``versus_cases_b.json``, scored once at the end of the round.
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
from people_oracles import Model, decline, elements, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "versus_cases.json"
OUT_HELD = HERE / "versus_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 2

DUP = "Duplex_A_20110907.ifc"
ELE = "Duplex_Electrical_20121207.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"

# class word -> (English plural, German plural, IFC class name as people write it, IFC classes with subtypes)
CLASSES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "furniture": ("furniture", "Möbel", "IfcFurnishingElement", ("IfcFurnishingElement",)),
    "walls": ("walls", "Wände", "IfcWall", ("IfcWall",)),
    "doors": ("doors", "Türen", "IfcDoor", ("IfcDoor",)),
    "windows": ("windows", "Fenster", "IfcWindow", ("IfcWindow",)),
    "slabs": ("slabs", "Decken", "IfcSlab", ("IfcSlab",)),
}

Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    scorer: str  # bench_score kind
    templates: tuple[str, ...]
    scenarios: tuple[dict[str, Any], ...]
    oracle: Build


def _diff(keep: list[Any], drop: list[Any]) -> list[Any]:
    gone = {e.id() for e in drop}
    return [e for e in keep if e.id() not in gone]


def _cls(s: dict[str, Any], key: str = "c") -> tuple[str, ...]:
    return CLASSES[s[key]][3]


# --- v_storeys: which of two storeys has more / fewer of a class ---------------------------------------------------
def _storeys_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    a, b = len(m.on(s["A"], _cls(s))), len(m.on(s["B"], _cls(s)))
    if a == b:
        raise ValueError(f"tie {s}")
    fewer = s.get("fewer", False)
    win = s["A"] if (a > b) != fewer else s["B"]
    return storeys([win]), f"{'/'.join(_cls(s))} counted on {s['A']} ({a}) and {s['B']} ({b}) storey-deep: " \
                           f"the one with {'fewer' if fewer else 'more'}"


STOREYS_TEMPLATES = (
    "between {A} and {B}, which floor has more {C}?",
    "Which of the two floors ({A} and {B}) has the higher number of {C}?",
    "Zwischen {A} und {B}: wo sind mehr {CDE}?",
    "{A} or {B} - which one has got more {C}?",
    "of {A} and {B}, which has the most {C}?",
    "Comparing {A} with {B}, which floor has the greater number of {C}?",
    "Welches der beiden Geschosse ({A} und {B}) hat mehr {CDE}?",
    "{C} - more of them on {A} or {B}?",
    "between {A} and {B} which one has more {C} please",
)
STOREYS_SCENARIOS = (
    {"model": DUP, "A": "Level 1", "B": "Level 2", "c": "windows"},
    {"model": INS, "A": "Keller", "B": "Erdgeschoss", "c": "doors"},
    {"model": LB, "A": "Level 1", "B": "Level 2", "c": "walls"},
    {"model": HOM, "A": "GroundFloor", "B": "1stFloor", "c": "windows"},
    {"model": EDC, "A": "EG", "B": "1.OG", "c": "doors"},
    {"model": FZK, "A": "Erdgeschoss", "B": "Dachgeschoss", "c": "walls"},
    {"model": INS, "A": "1. Obergeschoss", "B": "Keller", "c": "furniture"},
)


# --- v_classes: more X than Y on a storey (or the model), yes / no -------------------------------------------------
def _classes_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    where = s.get("storey")
    x = m.on(where, _cls(s)) if where else m.of(_cls(s))
    y = m.on(where, _cls(s, "c2")) if where else m.of(_cls(s, "c2"))
    fewer = s.get("fewer", False)
    value = len(x) < len(y) if fewer else len(x) > len(y)
    return yes_no(value), f"{len(x)} {'/'.join(_cls(s))} {'<' if fewer else '>'} {len(y)} " \
                          f"{'/'.join(_cls(s, 'c2'))} on {where or 'the model'} (storey-deep)"


CLASSES_TEMPLATES = (
    "Are there more {C} than {C2} on {S}?",
    "more {C} than {C2} on {S}, y/n?",
    "Gibt es im {S} mehr {CDE} als {C2DE}?",
    "on {S}, do the {C} outnumber the {C2}?",
    "{S}: are there more {C} or more {C2}? I mean: more {C} than {C2}, yes or no",
    "is the number of {C} on {S} bigger than the number of {C2}?",
    "Has {S} got more {C} than {C2}?",
    "Sind im {S} mehr {CDE} als {C2DE} vorhanden?",
    "do we have more {C} then {C2} on {S}?",
)
CLASSES_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "doors", "c2": "windows"},
    {"model": DUP, "storey": "Level 2", "c": "walls", "c2": "windows"},
    {"model": INS, "storey": "Erdgeschoss", "c": "doors", "c2": "windows"},
    {"model": LB, "storey": "Level 1", "c": "windows", "c2": "doors"},
    {"model": HOM, "storey": "1stFloor", "c": "walls", "c2": "doors"},
    {"model": EDC, "storey": "2.OG", "c": "windows", "c2": "walls"},
    {"model": SH, "storey": "Ground Floor", "c": "furniture", "c2": "walls"},
)


# --- v_rooms: which of two rooms is bigger (floor area quantity), or yes/no ----------------------------------------
def _area(m: Model, space: Any, q: tuple[str, str]) -> float:
    return m.qty(space, q[0], q[1])


def _rooms_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    a = m.space(**s["a"])
    b = m.space(**s["b"])
    qa, qb = _area(m, a, s["q"]), _area(m, b, s["q"])
    if abs(qa - qb) < 1e-6:
        raise ValueError(f"tie {s}")
    rule = f"{s['q'][0]}.{s['q'][1]} of {s['A']} ({qa:.2f}) and {s['B']} ({qb:.2f})"
    if s.get("yes"):
        return yes_no(qa < qb if s.get("smaller") else qa > qb), rule + \
            f": is {s['A']} {'smaller' if s.get('smaller') else 'bigger'}"
    win = a if (qa > qb) != bool(s.get("smaller")) else b
    return elements([win]), rule + f": the {'smaller' if s.get('smaller') else 'bigger'}"


ROOMS_TEMPLATES = (
    "which is larger, {A} or {B}?",
    "{A} or {B} - which one is bigger?",
    "Welcher Raum ist größer, {A} oder {B}?",
    "between {A} and {B}, which room is the bigger one?",
    "Which of the two rooms ({A} and {B}) is larger?",
    "{A} vs. {B}, which room has more floor area?",
    "which one is bigger: the {A} or the {B}?",
    "Quick one - {A} or {B}, which is the larger room?",
    "Was ist größer: {A} oder {B}?",
)
ROOMS_YES_TEMPLATES = (
    "Is {A} bigger than {B}?",
    "is {A} larger as {B}?",
    "Ist {A} größer als {B}?",
    "{A} bigger than {B}, yes or no?",
    "Does {A} have more floor area than {B}?",
    "Is the {A} bigger than the {B}?",
)
Q_BASE = ("BaseQuantities", "NetFloorArea")
ROOMS_SCENARIOS = (
    {"model": LB, "A": "room 3", "B": "room 1", "a": {"name": "3"}, "b": {"name": "1"}, "q": Q_BASE},
    {"model": INS, "A": "Seminarraum", "B": "Besprechungsraum I", "a": {"long": "Seminarraum"},
     "b": {"long": "Besprechungsraum I"}, "q": Q_BASE},
    {"model": FZK, "A": "Bad", "B": "Schlafzimmer", "a": {"long": "Bad"}, "b": {"long": "Schlafzimmer"}, "q": Q_BASE},
    {"model": HOM, "A": "Kitchen5", "B": "Bedroom6", "a": {"name": "Kitchen5"}, "b": {"name": "Bedroom6"},
     "q": ("Qto_SpaceBaseQuantities", "NetFloorArea")},
    {"model": DUP, "A": "A203", "B": "A102", "a": {"name": "A203"}, "b": {"name": "A102"},
     "q": ("GSA Space Areas", "GSA BIM Area")},
    {"model": SH, "A": "Living room", "B": "Bedroom", "a": {"long": "Living room"}, "b": {"long": "Bedroom"},
     "q": Q_BASE},
    {"model": INS, "A": "Labor K1", "B": "Labor K5", "a": {"long": "Labor K1"}, "b": {"long": "Labor K5"},
     "q": Q_BASE},
)


# --- v_all / v_storey: a class taken out of everything (of the model / a storey) ----------------------------------
def _all_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    return elements(_diff(m.everything(), m.of(_cls(s)))), f"every element of the model less {'/'.join(_cls(s))}"


ALL_TEMPLATES = (
    "every element but the {C}",
    "all elements apart from the {IFC} ones",
    "alle Elemente außer den {CDE}",
    "the whole model minus the {C}, please",
    "list everything in the building except {C}",
    "all components other than {C}",
    "everything besides the {IFC} objects",
    "Alle Bauteile ohne die {CDE}",
    "give me all elements, not the {C} though",
)
ALL_SCENARIOS = (
    {"model": DUP, "c": "furniture"},
    {"model": FZK, "c": "walls"},
    {"model": HOM, "c": "windows"},
    {"model": LB, "c": "doors"},
    {"model": SH, "c": "furniture"},
    {"model": EDC, "c": "walls"},
)


def _storey_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    st = s["storey"]
    return elements(_diff(m.on(st), m.on(st, _cls(s)))), f"everything on {st} (storey-deep) less {'/'.join(_cls(s))}"


STOREY_TEMPLATES = (
    "everything on {S} except the {C}",
    "what is on {S} besides the {C}?",
    "Alles im {S} außer den {CDE}",
    "{S}: all elements other than the {C}",
    "what else is on {S} apart from {C}?",
    "elements on {S} but not the {IFC} ones",
    "On {S}, everything that is not one of the {C}",
    "Was gibt es im {S} sonst noch, außer den {CDE}?",  # not "neben den X": that is also "next to the X"
    "everything on {S}, {C} excepted",
)
STOREY_SCENARIOS = (
    {"model": DUP, "storey": "Level 2", "c": "walls"},
    {"model": INS, "storey": "Keller", "c": "furniture"},
    {"model": LB, "storey": "Level 1", "c": "windows"},
    {"model": HOM, "storey": "GroundFloor", "c": "doors"},
    {"model": FZK, "storey": "Dachgeschoss", "c": "slabs"},
    {"model": SH, "storey": "Ground Floor", "c": "walls"},
)


# --- v_others: a class on the storeys other than S -------------------------------------------------------------------
def _others_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    others = [n for n in m.storey_names() if n != s["storey"]]
    return elements(m.on(others, _cls(s))), f"{'/'.join(_cls(s))} on the storeys other than {s['storey']}"


OTHERS_TEMPLATES = (
    "{C} outside {S}, i.e. on all the other storeys",
    "{C} on every storey other than {S}",
    "{CDE} außerhalb des {S}, also in allen anderen Geschossen",
    "the {C} of the other floors (so not {S})",
    "{C} everywhere except {S}",
    "Which {C} are on the other levels, apart from {S}?",
    "{CDE} in allen Geschossen außer {S}",
    "the {C} on all floors but {S}",
    "{C} that are not on {S}, i.e. on any other floor",
)
OTHERS_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "windows"},
    {"model": INS, "storey": "Keller", "c": "windows"},
    {"model": LB, "storey": "Level 2", "c": "walls"},
    {"model": HOM, "storey": "GroundFloor", "c": "doors"},
    {"model": EDC, "storey": "EG", "c": "doors"},
    {"model": FZK, "storey": "Erdgeschoss", "c": "windows"},
)


# --- v_subkind: a class on S less the elements typed by a type class ------------------------------------------------
def _subkind_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    scope = m.on(s["storey"], s["cls"])
    out = [e for e in scope if not Model.typed(s["type"])(e)]
    return elements(out), f"{s['cls']} on {s['storey']} less the ones typed by {s['type']}"


SUBKIND_TEMPLATES = (
    "flow terminals on {S} that are not {K}",
    "the flow terminals of {S} except the {K}",
    "Which flow terminals on {S} aren't {K}?",
    "{S}: flow terminals other than {K}",
    "all IfcFlowTerminal on {S} apart from the {K}",
    "flow terminals on {S} without the {K}",
)
SUBKIND_SCENARIOS = (
    {"model": ELE, "storey": "Level 1", "K": "receptacles", "cls": "IfcFlowTerminal", "type": "IfcOutletType"},
    {"model": ELE, "storey": "Level 2", "K": "light fixtures", "cls": "IfcFlowTerminal",
     "type": "IfcLightFixtureType"},
    {"model": ELE, "storey": "Level 2", "K": "receptacles", "cls": "IfcFlowTerminal", "type": "IfcOutletType"},
)


# --- v_decline: a side or excluded part the model cannot ground -------------------------------------------------------
DECLINE_TEMPLATES = (
    "between {S} and Level 9, which floor has more {C}?",
    "which is larger, room 3 or room 5?",  # KIT-EDC: its spaces hold no area quantity (asserted)
    "everything on {S} except the saunas",
    "Are there more {C} than jacuzzis on {S}?",
    "{C} outside {S}, i.e. on all the other ballrooms",
    "everything on {S} apart from the purple {C}",
    "Welches der beiden Geschosse ({S} und Geschoss 9) hat mehr {CDE}?",
    "all elements except the marble ones",
    "Is the kitchen bigger than the living room?",  # Duplex: each names 2 spaces (units A and B)
)
DECLINE_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "doors"},
    {"model": INS, "storey": "Erdgeschoss", "c": "windows"},
    {"model": LB, "storey": "Level 1", "c": "walls"},
    {"model": HOM, "storey": "GroundFloor", "c": "doors"},
)
DECLINE_MODEL = {1: EDC, 8: DUP}  # templates bound to one model (the premise holds there)


def _decline_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if s.get("template") == 1:
        spaces = m.spaces()
        assert spaces and all(not isinstance(m.prop(x, "BaseQuantities", "NetFloorArea"), float) for x in spaces)
        assert not any("Area" in k for x in spaces for v in ue.get_psets(x, qtos_only=True).values() for k in v)
        return decline(), "the model's spaces hold no area quantity: 'larger' cannot be measured -> decline"
    if s.get("template") == 8:
        assert len(m.spaces(m.named("kitchen"))) == 2 and len(m.spaces(m.named("living room"))) == 2
        return decline(), "'kitchen' and 'living room' each name 2 spaces (units A and B) -> decline naming them"
    return decline(), "a side or the excluded part (storey, class, room, modifier) is not in the model -> decline"


KINDS = (
    Kind("v_storeys", "comparison", STOREYS_TEMPLATES, STOREYS_SCENARIOS, _storeys_oracle),
    Kind("v_classes", "comparison", CLASSES_TEMPLATES, CLASSES_SCENARIOS, _classes_oracle),
    Kind("v_rooms", "quantities", ROOMS_TEMPLATES, ROOMS_SCENARIOS, _rooms_oracle),
    Kind("v_rooms_yes", "quantities", ROOMS_YES_TEMPLATES, ROOMS_SCENARIOS, _rooms_oracle),
    Kind("v_all", "negation", ALL_TEMPLATES, ALL_SCENARIOS, _all_oracle),
    Kind("v_storey", "negation", STOREY_TEMPLATES, STOREY_SCENARIOS, _storey_oracle),
    Kind("v_others", "negation", OTHERS_TEMPLATES, OTHERS_SCENARIOS, _others_oracle),
    Kind("v_subkind", "negation", SUBKIND_TEMPLATES, SUBKIND_SCENARIOS, _subkind_oracle),
    Kind("v_decline", "edge", DECLINE_TEMPLATES, DECLINE_SCENARIOS, _decline_oracle),
)


def report(run: Path, cases_path: Path) -> str:
    """Mean score per taxonomy kind (``versus``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "versus")


def _fill(template: str, s: dict[str, Any]) -> str:
    ctx: dict[str, str] = {}
    for key in ("A", "B", "K"):
        if key in s:
            ctx[key] = s[key]
    if "storey" in s:
        ctx["S"] = s["storey"]
    if "c" in s:
        en, de, ifc, _ = CLASSES[s["c"]]
        ctx.update(C=en, CDE=de, IFC=ifc)
    if "c2" in s:
        ctx.update(C2=CLASSES[s["c2"]][0], C2DE=CLASSES[s["c2"]][1])
    text = template
    for key, value in ctx.items():
        text = text.replace("{" + key + "}", value)
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
            picks = order[:1] if kind.name == "v_decline" and i in DECLINE_MODEL else order[:PER_TEMPLATE]
            for j in picks:
                s = dict(kind.scenarios[j])
                if kind.name == "v_decline":
                    s["template"] = i
                    s["model"] = DECLINE_MODEL.get(i, s["model"])
                if kind.name == "v_rooms_yes" and "smaller" not in s:
                    s["yes"] = True
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                oracle, rule = kind.oracle(models[s["model"]], s)
                out.append({
                    "id": f"vs{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s),
                    "ifc_filename": s["model"],
                    "kind": kind.scorer,
                    "versus": kind.name,
                    "template": template,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("versus"), DEFAULT_IFC_DIR, argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
