"""Absence bench (issue 22, round 13): "without", "no", "lacking", "missing", "keine", "ohne", "fehlt", generated.

    python bench/spatial/absences.py [--ifc-dir ../shared/ifc] [--check]   # absence_cases.json + _b.json
    python bench/spatial/absences.py --report RUN_DIR [--held]              # mean per kind of a spatial-bench run

People ask about what is NOT there as often as about what is: FM tickets ("rooms without windows - need a list for
the ventilation survey"), checks ("are there no external doors?"), data audits ("doors missing a fire rating"),
chat ("any floors without radiators?"), German ("Räume im Erdgeschoss ohne Türen", "keine Fenster"). Round 5 read
"which floors have no X" and "rooms without X"; this bench varies what that left: the absence verb ("lacking",
"lacks", "missing", "fehlt"), the yes/no of absence with a qualifier ("are there no external doors?", where main
answered "Yes" with the 10 doors that are NOT external), the negation's scope ("walls not external but on Level 2",
where main took Level 2 out), a room kind lacking something ("bedrooms without windows"), a property value
missing (unset, distinct from FALSE), and the absences the model cannot ground (no space boundaries, no such
property or class): a decline.

=============  ==================================================================================================
kind           what is absent, and how it is said
=============  ==================================================================================================
a_room         spaces (on S) with no C bounding them (doors, windows: the space's IfcRelSpaceBoundary elements) or
               in them (furniture: contained in the space): "rooms without", "which spaces have no", "lacking",
               "Räume ohne", "die keine ... haben"
a_storey       storeys where no C is (storey-deep): "which floor has no", "storeys lacking a", "Welche Geschosse
               haben keine"; a yes/no ("any floors without radiators?") is whether some storey has none
a_yes_no       a yes/no about absence: "are there no external doors?" (count of the qualified class is 0), "no
               windows on S, right?", "is there nothing on S?", "Gibt es im S keine ...?"
a_property     a property value missing (unset, empty or a placeholder repeating the property's name; never FALSE):
               "doors missing a fire rating", "which doors have no fire rating", "without a fire rating";
               every element asked where none records a value (the rule says so)
a_scope        a negation whose scope ends at "but": "walls not external but on Level 2" (the qualifier negated, the
               storey kept)
a_decline      an absence the model cannot ground: rooms without doors on a model without space boundaries,
               "storeys lacking a sauna", "doors missing a paint code", "rooms without natural light"; "not
               fire rated" where no door holds a real FireRating (a rating denied is not a value missing: round
               5c's decline)
=============  ==================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa): ``Model.bounding`` (space
boundaries) and ``Model.in_space`` for rooms, ``Model.on`` (storey-deep) for storeys and counts, the Pset_*Common
value of IsExternal / LoadBearing / FireRating read with ``ifcopenshell.util.element.get_psets``.

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of scenarios,
goes only into ``absence_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import re
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
OUT = HERE / "absence_cases.json"
OUT_HELD = HERE / "absence_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 2
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HEIZ = "Heizung-Elektro_080729.ifc"

# class word (English plural, German plural, singular) -> IFC classes (with subtypes)
CLASSES: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "furniture": ("furniture", "Möbel", "piece of furniture", ("IfcFurnishingElement",)),
    "walls": ("walls", "Wände", "wall", ("IfcWall",)),
    "doors": ("doors", "Türen", "door", ("IfcDoor",)),
    "windows": ("windows", "Fenster", "window", ("IfcWindow",)),
    "slabs": ("slabs", "Decken", "slab", ("IfcSlab",)),
    "columns": ("columns", "Stützen", "column", ("IfcColumn",)),
}
BOUNDING = ("doors", "windows")  # related to a room through its space boundaries; others contained in it

Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    templates: tuple[str, ...]
    scenarios: tuple[dict[str, Any], ...]
    oracle: Build


def _common(e: Any, prop: str) -> Any:
    for name, values in ue.get_psets(e).items():
        if name and name.startswith("Pset_") and name.endswith("Common") and prop in values:
            return values[prop]
    return None


def _related(m: Model, space: Any, c: str) -> list[Any]:
    classes = CLASSES[c][3]
    return m.bounding(space, classes) if c in BOUNDING else m.in_space(space, classes)


# --- a_room: spaces (on S) with none of class C -------------------------------------------------------------------
def _room_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    pool = [x for x in m.spaces() if s.get("storey") is None or m.storey_name(x) == s["storey"]]
    if s.get("words"):
        pool = [x for x in pool if m.named(*s["words"])(x)]
    out = [x for x in pool if not _related(m, x, s["c"])]
    how = "bounding it (IfcRelSpaceBoundary)" if s["c"] in BOUNDING else "contained in it"
    where = f" on {s['storey']}" if s.get("storey") else ""
    return elements(out), f"IfcSpace{where} with no {'/'.join(CLASSES[s['c']][3])} {how}"


ROOM_TEMPLATES = (
    "rooms on {S} without {C}",
    "Which spaces on {S} have no {C}?",
    "Räume im {S} ohne {CDE}",
    "Hi, for the ventilation survey I need a list of the rooms on {S} that don't have any {C}. Thanks!",
    "{S}: spaces lacking {C}",
    "Welche Räume im {S} haben keine {CDE}?",
    "list the rooms on {S} with no {C} at all",
    "which rooms on {S} are without {C}?",
    "Can you show me every space on {S} which has no {CS}?",
    "rooms on {S} with no {C}, please",
    "Räume ohne {CDE} im {S}",
    "spaces on {S} missing {C}",
)
ROOM_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "windows"},
    {"model": DUP, "storey": "Level 2", "c": "windows"},
    {"model": FZK, "storey": "Erdgeschoss", "c": "doors"},
    {"model": FZK, "storey": "Erdgeschoss", "c": "windows"},
    {"model": INS, "storey": "Keller", "c": "windows"},
    {"model": INS, "storey": "Keller", "c": "doors"},
    {"model": HOM, "storey": "GroundFloor", "c": "windows"},
    {"model": EDC, "storey": "EG", "c": "windows"},
    {"model": DUP, "storey": "Level 1", "c": "furniture"},
)


# --- a_storey: storeys with none of class C ------------------------------------------------------------------------
def _storey_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    classes = CLASSES[s["c"]][3]
    held = {m.storey_name(e) for e in m.of(classes)}
    empty = [n for n in m.storey_names() if n not in held]
    rule = f"storeys with no {'/'.join(classes)} ({STOREY_DEEP})"
    if s.get("yes_no"):
        return yes_no(bool(empty)), "whether some storey has none: " + rule
    return storeys(empty), rule


STOREY_TEMPLATES = (
    ("list", "which floor has no {C}?"),
    ("list", "storeys lacking {C}"),
    ("yes_no", "any floors without {C}?"),
    ("list", "Welche Geschosse haben keine {CDE}?"),
    ("list", "On which levels are there no {C}?"),
    ("yes_no", "Is there a storey without {C}?"),
    ("list", "which levels don't have any {C}"),
    ("list", "Welches Geschoss hat keine {CDE}?"),
    ("yes_no", "Gibt es ein Geschoss ohne {CDE}?"),
    ("list", "Hello, quick question: which storeys have no {C} in the model?"),
    ("list", "levels with no {C}"),
    ("list", "which floors are missing {C}?"),
)
STOREY_SCENARIOS = (
    {"model": DUP, "c": "windows"},
    {"model": DUP, "c": "doors"},
    {"model": DUP, "c": "furniture"},
    {"model": FZK, "c": "doors"},
    {"model": FZK, "c": "windows"},
    {"model": INS, "c": "windows"},
    {"model": HOM, "c": "doors"},
    {"model": LB, "c": "columns"},
    {"model": SH, "c": "furniture"},
)


# --- a_yes_no: a yes/no about absence ------------------------------------------------------------------------------
def _yes_no_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    storey = s.get("storey")
    if s.get("c") is None:  # "is there nothing on S?"
        found = m.on(storey)
        return yes_no(not found), f"no element at all on {storey} ({STOREY_DEEP}): {len(found)} found"
    classes = CLASSES[s["c"]][3]
    pool = m.on(storey, classes) if storey else m.of(classes)
    if s.get("prop"):
        pool = [e for e in pool if _common(e, s["prop"]) is True]
    what = "/".join(classes) + (f" with Pset_*Common.{s['prop']} = TRUE" if s.get("prop") else "")
    return yes_no(not pool), f"no {what}{' on ' + storey if storey else ''}: {len(pool)} found"


YES_NO_TEMPLATES = (
    "Are there no {Q}{C} on {S}?",
    "is there nothing on {S}?",
    "no {Q}{C} on {S}, right?",
    "Gibt es im {S} keine {CDE}?",
    "So there are no {Q}{C} on {S}?",
    "Am I right that {S} has no {C}?",
    "{S} has no {Q}{C}, correct?",
    "Are there really no {Q}{C} on {S}? The client says so.",
    "Is {S} empty?",
    "Hat das {S} keine {CDE}?",
    "confirm: zero {Q}{C} on {S}?",
    "there are no {Q}{C} on {S}, are there?",
)
YES_NO_SCENARIOS = (
    {"model": DUP, "storey": "Level 1", "c": "doors", "prop": "IsExternal"},
    {"model": DUP, "storey": "Level 2", "c": "windows"},
    {"model": DUP, "storey": "T/FDN", "c": "windows"},
    {"model": DUP, "storey": "Roof", "c": "doors"},
    {"model": FZK, "storey": "Dachgeschoss", "c": "doors"},
    {"model": FZK, "storey": "Dachgeschoss", "c": "windows"},
    {"model": INS, "storey": "Erdgeschoss", "c": "doors", "prop": "IsExternal"},
    {"model": SH, "storey": "Ground Floor", "c": "walls", "prop": "LoadBearing"},
    {"model": LB, "storey": "Level 2", "c": "doors"},
)


# --- a_property: a property value missing ---------------------------------------------------------------------------
def _missing(value: Any, prop: str) -> bool:
    """Unset: no value, an empty text, or a placeholder repeating the property's name ("Fire Rating")."""
    if value is None:
        return True
    if not isinstance(value, str):
        return False
    squashed = re.sub(r"[\W_]+", "", value.lower())
    return not squashed or re.sub(r"[\W_]+", "", prop.lower()) in squashed


def _property_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    classes = CLASSES[s["c"]][3]
    pool = m.on(s["storey"], classes) if s.get("storey") else m.of(classes)
    out = [e for e in pool if _missing(_common(e, s["prop"]), s["prop"])]
    return (elements(out), f"{'/'.join(classes)}{' on ' + s['storey'] if s.get('storey') else ''} whose "
                           f"Pset_*Common.{s['prop']} is unset, empty or a placeholder repeating its name")


PROPERTY_TEMPLATES = (
    "{C} on {S} missing a fire rating",
    "Which {C} on {S} have no fire rating?",
    "{C} on {S} without a fire rating",
    "Data audit: please list all {C} on {S} lacking a fire rating.",
    "which {C} on {S} don't have a fire rating?",
    "{CDE} im {S} ohne Feuerwiderstand",
    "{C} on {S} with no fire rating",
    "show me {C} on {S} whose fire rating is not recorded",
    "list {C} on {S} where the fire rating is missing",
)
PROPERTY_SCENARIOS = (
    {"model": LB, "storey": "Level 1", "c": "doors", "prop": "FireRating"},
    {"model": DUP, "storey": "Level 1", "c": "doors", "prop": "FireRating"},
    {"model": INS, "storey": "Erdgeschoss", "c": "doors", "prop": "FireRating"},
    {"model": FZK, "storey": "Erdgeschoss", "c": "doors", "prop": "FireRating"},
    {"model": LB, "storey": "Level 2", "c": "walls", "prop": "FireRating"},
)


# --- a_scope: a negation ending at "but" ----------------------------------------------------------------------------
def _scope_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    classes = CLASSES[s["c"]][3]
    scope = m.on(s["storey"], classes)
    values = [_common(e, s["prop"]) for e in scope]
    if any(v is None for v in values):
        raise ValueError(f"{s['prop']} is not set on every {'/'.join(classes)} on {s['storey']}")
    out = [e for e, v in zip(scope, values, strict=True) if v is False]
    return elements(out), f"{'/'.join(classes)} on {s['storey']} with Pset_*Common.{s['prop']} = FALSE"


SCOPE_TEMPLATES = (
    "{C} not {Q} but on {S}",
    "which {C} are not {Q} but are on {S}?",
    "the {C} that are on {S} but not {Q}",
    "{C}, not {Q}, on {S}",
    "{C} that aren't {Q} but sit on {S}",
    "{C} on {S} but not the {Q} ones",
)
SCOPE_SCENARIOS = (
    {"model": DUP, "storey": "Level 2", "c": "walls", "prop": "IsExternal"},
    {"model": DUP, "storey": "Level 1", "c": "doors", "prop": "IsExternal"},
    {"model": INS, "storey": "Erdgeschoss", "c": "walls", "prop": "IsExternal"},
    {"model": SH, "storey": "Ground Floor", "c": "walls", "prop": "LoadBearing"},
    {"model": DUP, "storey": "Level 2", "c": "doors", "prop": "IsExternal"},
)


# --- a_decline: absences the model cannot ground ---------------------------------------------------------------------
DECLINE_TEMPLATES = (
    "rooms on {S} without {C}",
    "storeys lacking a sauna",
    "{C} on {S} missing a paint code",
    "rooms without natural light on {S}",
    "Welche Räume im {S} haben keine {CDE}?",
    "are there no blue {C} on {S}?",
    "which {C} on {S} have no warranty?",
    "floors without a concierge",
    "spaces on {S} lacking {C}",
    "which {C} on {S} are not fire rated?",
)
DECLINE_SCENARIOS = (  # rooms relate to doors / windows only through space boundaries: these models have none
    {"model": LB, "storey": "Level 1", "c": "doors"},
    {"model": LB, "storey": "Level 2", "c": "windows"},
    {"model": SH, "storey": "Ground Floor", "c": "windows"},
    {"model": SH, "storey": "Ground Floor", "c": "doors"},
)


def _decline_oracle(m: Model, s: dict[str, Any]) -> tuple[dict[str, Any], str]:
    if s["c"] in BOUNDING and m.f.by_type("IfcRelSpaceBoundary"):
        raise ValueError(f"{s['model']} has space boundaries: rooms without {s['c']} can be grounded")
    return decline(), ("the absent thing cannot be grounded (no space boundaries relate rooms to doors/windows; "
                       "no such class, property or modifier) -> decline")


QUALIFIER_WORD = {"IsExternal": "external ", "LoadBearing": "load-bearing "}

KINDS = (
    Kind("a_room", ROOM_TEMPLATES, ROOM_SCENARIOS, _room_oracle),
    Kind("a_storey", tuple(t for _, t in STOREY_TEMPLATES), STOREY_SCENARIOS, _storey_oracle),
    Kind("a_yes_no", YES_NO_TEMPLATES, YES_NO_SCENARIOS, _yes_no_oracle),
    Kind("a_property", PROPERTY_TEMPLATES, PROPERTY_SCENARIOS, _property_oracle),
    Kind("a_scope", SCOPE_TEMPLATES, SCOPE_SCENARIOS, _scope_oracle),
    Kind("a_decline", DECLINE_TEMPLATES, DECLINE_SCENARIOS, _decline_oracle),
)
# the scorer's kinds (bench_score.KINDS)
SCORER_KIND = {"a_room": "rooms", "a_storey": "negation", "a_yes_no": "negation", "a_property": "qualifiers",
               "a_scope": "negation", "a_decline": "edge"}


def report(run: Path, cases_path: Path) -> str:
    """Mean score per taxonomy kind (``absence``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "absence")


def _fill(template: str, s: dict[str, Any]) -> str:
    word = QUALIFIER_WORD.get(s.get("prop", ""), "")
    ctx = {"S": s.get("storey", ""), "Q": word if "{Q}{C}" in template else word.strip()}
    if s.get("c") is not None:
        en, de, one, _ = CLASSES[s["c"]]
        ctx.update(C=en, CDE=de, CS=one)
    text = template
    for key, value in ctx.items():
        text = text.replace("{" + key + "}", value)
    return text[0].upper() + text[1:] if template.startswith("{") else text


def _fits(kind: str, template: str, s: dict[str, Any]) -> bool:
    """Whether a scenario fits a template: "is there nothing on S" asks for no class; a qualifier slot needs none."""
    if kind == "a_yes_no":
        nothing = "{C}" not in template and "{CDE}" not in template
        return (s.get("c") is None) == nothing if nothing else ("{Q}" in template or not s.get("prop"))
    return True


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind in KINDS:
        shapes = [sh for sh, _ in STOREY_TEMPLATES] if kind.name == "a_storey" else None
        for i, template in enumerate(kind.templates):
            if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                continue
            scenarios = list(kind.scenarios)
            if kind.name == "a_yes_no" and "{C}" not in template and "{CDE}" not in template:
                scenarios = [{"model": DUP, "storey": "Roof"}, {"model": DUP, "storey": "Level 2"},
                             {"model": FZK, "storey": "Dachgeschoss"}, {"model": SH, "storey": "Roof"}]
            scenarios = [x for x in scenarios if _fits(kind.name, template, {**x, "c": x.get("c")})]
            order = sorted(range(len(scenarios)), key=lambda j: _seed(salt, kind.name, str(i), str(j)))
            said: set[tuple[str, str]] = set()
            for j in order:
                if len(said) == PER_TEMPLATE:
                    break
                s = dict(scenarios[j])
                if (s["model"], _fill(template, s)) in said:
                    continue  # a template without slots asked twice of one model
                said.add((s["model"], _fill(template, s)))
                if shapes is not None:
                    s["yes_no"] = shapes[i] == "yes_no"
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                oracle, rule = kind.oracle(models[s["model"]], s)
                out.append({
                    "id": f"abs{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s),
                    "ifc_filename": s["model"],
                    "kind": SCORER_KIND[kind.name],
                    "absence": kind.name,
                    "template": template,
                    "oracle": oracle,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("absence"), DEFAULT_IFC_DIR, argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
