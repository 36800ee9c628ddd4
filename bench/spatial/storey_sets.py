"""Storey-set bench (issue 22, round 13): sets of storeys as people say them, generated.

    python bench/spatial/storey_sets.py [--ifc-dir ../shared/ifc] [--check]   # storey_set_cases.json + _b.json
    python bench/spatial/storey_sets.py --report RUN_DIR [--held]              # mean per kind of a spatial-bench run

People rarely name every storey they mean: they say a SET by its place in the building's elevation order ("the two
lower floors", "both upper levels", "the top floor", "the lowest level"), by the ground ("all floors above ground",
"below ground"), by a range or list ("floors 1 to 2", "from EG to 1.OG", "EG and 1.OG", "the first two levels"), by
taking one out ("every floor but the roof"), and they restate the set in parentheses ("Of the two lower floors (EG
and 1.OG), which have doors?"). The taxonomy, crossed with the question asked of the set (elements, count, which of
the set has the class / the most):

==============  ==================================================================================================
kind            the set said
==============  ==================================================================================================
ss_order        "the two lower floors", "both upper levels", "the bottom two storeys", "die beiden unteren Geschosse"
ss_ground       "(all) floors above ground", "below ground", "under ground", "oberirdisch", "unter Gelände"
ss_extreme      "the top floor", "the lowest level", "the uppermost storey", "the bottom floor", "oberstes Geschoss"
ss_range        "floors 1 to 2", "from EG to 1.OG", "EG and 1.OG", "the first two levels"
ss_but          "every floor but the roof", "all levels except the basement", "alle Geschosse außer dem Keller"
ss_restated     a set said and restated in parentheses: "Of the two lower floors (EG and 1.OG), which have doors?"
ss_decline      a set the model cannot make unambiguous or that contradicts itself: more storeys than the model has
                ("the three lower floors" of a two-storey house), nothing below ground, a restatement naming other
                storeys than the description ("the two lower floors (EG and 2.OG)"), a range past the last storey
==============  ==================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa). The storey set is computed from
the IfcBuildingStorey.Elevation values (never from a list typed in the scenario): ``lower n`` = the n lowest,
``upper n`` = the n highest, ``above`` = Elevation > 0 and ``below`` = Elevation < 0 (asserted: exactly one storey at
Elevation 0, the ground), ``top`` / ``lowest`` = the highest / lowest, ``but X`` = every storey but X, ``range A..B``
= the storeys from A to B by elevation. The scenario's names are asserted equal to the computed set (so a scenario
cannot drift from the rule). Scenarios are chosen where the rule is the only reading (no roof level as "the top floor",
no basement before "the first two levels"). Elements are storey-deep (``Model.on``).

**Held-back part.** Every third template of each kind (index % 3 == 2), with another seeded draw of scenarios,
goes only into ``storey_set_cases_b.json``, scored once at the end of the round.
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
from people_oracles import Model, count, decline, elements, storeys  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "storey_set_cases.json"
OUT_HELD = HERE / "storey_set_cases_b.json"
HOLD_EVERY = 3
PER_TEMPLATE = 2
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"

CLASSES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "walls": ("walls", "Wände", ("IfcWall",)),
    "doors": ("doors", "Türen", ("IfcDoor",)),
    "windows": ("windows", "Fenster", ("IfcWindow",)),
    "slabs": ("slabs", "Decken", ("IfcSlab",)),
}
NUMBER = {2: ("two", "zwei"), 3: ("three", "drei"), 4: ("four", "vier")}
Build = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str]]


@dataclass(frozen=True)
class Kind:
    name: str
    templates: tuple[tuple[str, str], ...]  # (what is asked of the set, template)
    scenarios: tuple[dict[str, Any], ...]


def _by_elevation(m: Model) -> list[Any]:
    return sorted(m.f.by_type("IfcBuildingStorey"), key=lambda s: float(s.Elevation))


def _ground(m: Model) -> Any:
    at_zero = [s for s in m.f.by_type("IfcBuildingStorey") if s.Elevation is not None and abs(s.Elevation) < 1e-6]
    if len(at_zero) != 1:
        raise ValueError(f"{len(at_zero)} storeys at elevation 0")
    return at_zero[0]


def storey_set(m: Model, rule: str) -> list[str]:
    """The storey names of ``rule`` computed from the elevations (see the module doc)."""
    order = _by_elevation(m)
    head, _, arg = rule.partition(" ")
    if head == "lower":
        chosen = order[:int(arg)]
    elif head == "upper":
        chosen = order[-int(arg):]
    elif head == "above":
        _ground(m)
        chosen = [s for s in order if s.Elevation > 1e-6]
    elif head == "below":
        _ground(m)
        chosen = [s for s in order if s.Elevation < -1e-6]
    elif head == "top":
        chosen = order[-1:]
    elif head == "lowest":
        chosen = order[:1]
    elif head == "but":
        chosen = [s for s in order if s.Name != arg]
    elif head == "range":
        a, b = arg.split("..")
        names = [s.Name for s in order]
        chosen = order[names.index(a):names.index(b) + 1]
    else:
        raise ValueError(rule)
    return [s.Name for s in chosen]


def _asked(m: Model, s: dict[str, Any], names: list[str], asked: str) -> tuple[dict[str, Any], str]:
    classes = CLASSES[s["c"]][2]
    where = f"{'/'.join(classes)} on {', '.join(names)} ({STOREY_DEEP})"
    if asked == "count":
        return count(m.on(names, classes)), f"number of {where}"
    if asked == "which":
        return storeys(n for n in names if m.on(n, classes)), f"the storeys of {{{', '.join(names)}}} holding " \
                                                              f"{'/'.join(classes)}"
    return elements(m.on(names, classes)), where


def oracle(m: Model, s: dict[str, Any], asked: str) -> tuple[dict[str, Any], str]:
    if s.get("decline"):
        return decline(), s["decline"]
    names = storey_set(m, s["rule"])
    if names != s["names"]:
        raise ValueError(f"{s}: the rule gives {names}")
    out, rule = _asked(m, s, names, asked)
    return out, f"storey set '{s['rule']}' by IfcBuildingStorey.Elevation = {names}; {rule}"


# --- ss_order: the n lowest / highest ------------------------------------------------------------------------------
ORDER_TEMPLATES = (
    ("elements", "Which {C} are on the {N} {DIR} floors?"),
    ("count", "how many {C} on both {DIR} levels"),
    ("which", "Which of the {N} {DIR} floors have {C}?"),
    ("elements", "Hi, for the tender I need the {C} of the {N} {DIR} storeys. Thanks!"),
    ("count", "Count the {C} on the {DIR} two levels pls"),
    ("elements", "Welche {CDE} sind in den beiden {DIRDE} Geschossen?"),
    ("elements", "{C} - {N} {DIR} floors only"),
    ("count", "FM ticket #311: number of {C} across the {N} {DIR} floors (for the cleaning contract)"),
    ("elements", "list the {C} on the {DIRMOST} {N} storeys"),
)
ORDER_SCENARIOS = (
    {"model": EDC, "rule": "lower 2", "names": ["EG", "1.OG"], "c": "doors"},
    {"model": EDC, "rule": "upper 2", "names": ["1.OG", "2.OG"], "c": "windows"},
    {"model": INS, "rule": "lower 2", "names": ["Keller", "Erdgeschoss"], "c": "walls"},
    {"model": FZK, "rule": "lower 2", "names": ["Erdgeschoss", "Dachgeschoss"], "c": "windows"},
    {"model": EDC, "rule": "upper 2", "names": ["1.OG", "2.OG"], "c": "doors"},
    {"model": INS, "rule": "lower 2", "names": ["Keller", "Erdgeschoss"], "c": "doors"},
)

# --- ss_ground: above / below ground -------------------------------------------------------------------------------
GROUND_TEMPLATES = (
    ("elements", "Which {C} are on the floors {GROUND} ground?"),
    ("count", "how many {C} are there {GROUND} ground level"),
    ("which", "Which of the {GROUND}-ground floors have {C}?"),
    ("elements", "Please send me every {CS} on all storeys {GROUND} ground, we are checking them this week."),
    ("count", "Anzahl {CDE} {GROUNDDE}"),
    ("elements", "{C} {GROUND} ground?"),
    ("elements", "list all {C} {GROUND} grade"),
    ("count", "The owner asks how many {C} we have {GROUND} ground. Can you check?"),
    ("elements", "Show {C} on every level {GROUND} ground level"),
)
GROUND_SCENARIOS = (
    {"model": INS, "rule": "above", "names": ["1. Obergeschoss", "2. Obergeschoss", "Dachgeschoss"], "c": "windows"},
    {"model": INS, "rule": "below", "names": ["Keller"], "c": "walls"},
    {"model": FZK, "rule": "above", "names": ["Dachgeschoss"], "c": "windows"},
    {"model": INS, "rule": "below", "names": ["Keller"], "c": "doors"},
    {"model": EDC, "rule": "above", "names": ["1.OG", "2.OG"], "c": "doors"},
    {"model": DUP, "rule": "below", "names": ["T/FDN"], "c": "walls"},
)

# --- ss_extreme: the top / lowest storey ---------------------------------------------------------------------------
EXTREME_TEMPLATES = (
    ("elements", "Which {C} are on the {END} floor?"),
    ("count", "How many {C} does the {END} level have?"),
    ("elements", "{C} on the {END} storey please"),
    ("elements", "We start the inspection on the {END} floor - what {C} are there?"),
    ("count", "number of {C} on the {END} level of the building"),
    ("elements", "Welche {CDE} gibt es im {ENDDE} Geschoss?"),
)
EXTREME_SCENARIOS = (
    {"model": EDC, "rule": "top", "names": ["2.OG"], "c": "doors"},
    {"model": EDC, "rule": "lowest", "names": ["EG"], "c": "windows"},
    {"model": INS, "rule": "lowest", "names": ["Keller"], "c": "doors"},
    {"model": LB, "rule": "top", "names": ["Level 2"], "c": "windows"},
    {"model": FZK, "rule": "lowest", "names": ["Erdgeschoss"], "c": "doors"},
    {"model": LB, "rule": "lowest", "names": ["Level 1"], "c": "windows"},
)

# --- ss_range: a range or list of storeys --------------------------------------------------------------------------
RANGE_TEMPLATES = (
    ("elements", "Which {C} are on the floors from {A} to {B}?"),
    ("count", "how many {C} from {A} to {B}"),
    ("elements", "{C} on {A} and {B}"),
    ("elements", "Need the {C} on the first two levels for the fire inspection."),
    ("count", "Count the {C} on {A} through {B}."),
    ("elements", "{CDE} von {A} bis {B}"),
    ("which", "Which of {A} and {B} have {C}?"),
    ("elements", "the {C} on {A}-{B}"),
    ("count", "{C} on the first two floors, how many?"),
)
RANGE_SCENARIOS = (
    {"model": EDC, "rule": "range EG..1.OG", "names": ["EG", "1.OG"], "c": "doors", "A": "EG", "B": "1.OG"},
    {"model": INS, "rule": "range Erdgeschoss..1. Obergeschoss", "names": ["Erdgeschoss", "1. Obergeschoss"],
     "c": "windows", "A": "Erdgeschoss", "B": "1. Obergeschoss", "first": False},
    {"model": LB, "rule": "range Level 1..Level 2", "names": ["Level 1", "Level 2"], "c": "walls",
     "A": "Level 1", "B": "Level 2"},
    {"model": EDC, "rule": "range 1.OG..2.OG", "names": ["1.OG", "2.OG"], "c": "windows", "A": "1.OG", "B": "2.OG",
     "first": False},
    {"model": FZK, "rule": "range Erdgeschoss..Dachgeschoss", "names": ["Erdgeschoss", "Dachgeschoss"],
     "c": "walls", "A": "Erdgeschoss", "B": "Dachgeschoss"},
)

# --- ss_but: every storey but one ----------------------------------------------------------------------------------
BUT_TEMPLATES = (
    ("elements", "Which {C} are on every floor but the {X}?"),
    ("count", "how many {C} on all levels except the {X}"),
    ("which", "Which floors other than the {X} have {C}?"),
    ("elements", "{C} everywhere apart from the {X}, please"),
    ("count", "Total {C} on all storeys excluding the {X}?"),
    ("elements", "Alle {CDE} außer im {XDE}"),
)
BUT_SCENARIOS = (
    {"model": DUP, "rule": "but Roof", "names": ["T/FDN", "Level 1", "Level 2"], "c": "walls", "X": "roof",
     "XDE": "Dach"},
    {"model": INS, "rule": "but Keller", "names": ["Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss",
                                                   "Dachgeschoss"], "c": "doors", "X": "basement",
     "XDE": "Keller"},
    {"model": DUP, "rule": "but Roof", "names": ["T/FDN", "Level 1", "Level 2"], "c": "doors", "X": "roof",
     "XDE": "Dach"},
    {"model": SH, "rule": "but Roof", "names": ["Ground Floor"], "c": "walls", "X": "roof", "XDE": "Dach"},
    {"model": INS, "rule": "but Keller", "names": ["Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss",
                                                   "Dachgeschoss"], "c": "windows", "X": "basement",
     "XDE": "Keller"},
)

# --- ss_restated: a set said and restated in parentheses -----------------------------------------------------------
RESTATED_TEMPLATES = (
    ("which", "Of the {N} {DIR} floors ({LIST}), which have {C}?"),
    ("count", "How many {C} are on the {DIR} floors ({LIST})?"),
    ("elements", "List the {C} on both {DIR} levels ({LIST})."),
    ("which", "Hello, of the {N} {DIR} storeys ({LIST}) which ones have {C}? Regards"),
    ("count", "{C} on the {N} {DIR} floors ({LIST}) - how many?"),
    ("elements", "Welche {CDE} gibt es in den beiden {DIRDE} Geschossen ({LISTDE})?"),
)
RESTATED_SCENARIOS = ORDER_SCENARIOS

# --- ss_decline ----------------------------------------------------------------------------------------------------
DECLINE_TEMPLATES = (
    ("elements", "Which {C} are on the {SAID}?"),
    ("count", "how many {C} on the {SAID}"),
    ("elements", "Please list the {C} of the {SAID}, thanks."),
    ("count", "Count the {C} on the {SAID}."),
    ("elements", "{C} on the {SAID}?"),
    ("which", "Which of the {SAID} have {C}?"),
)
DECLINE_SCENARIOS = (
    {"model": FZK, "c": "doors", "SAID": "three lower floors",
     "decline": "the model has 2 storeys: 'three lower floors' names no set -> decline"},
    {"model": EDC, "c": "doors", "SAID": "floors below ground",
     "decline": "no storey lies below elevation 0 -> decline (nothing is below ground)"},
    {"model": EDC, "c": "windows", "SAID": "two lower floors (EG and 2.OG)",
     "decline": "the restatement names 2.OG, not the second-lowest storey 1.OG -> decline"},
    {"model": LB, "c": "walls", "SAID": "four upper levels",
     "decline": "the model has 2 storeys: 'four upper levels' names no set -> decline"},
    {"model": LB, "c": "doors", "SAID": "levels below ground",
     "decline": "no storey lies below elevation 0 -> decline"},
    {"model": INS, "c": "doors", "SAID": "two upper floors (Erdgeschoss and 1. Obergeschoss)",
     "decline": "the restatement names the second and third storeys, not the two highest -> decline"},
)

KINDS = (
    Kind("ss_order", ORDER_TEMPLATES, ORDER_SCENARIOS),
    Kind("ss_ground", GROUND_TEMPLATES, GROUND_SCENARIOS),
    Kind("ss_extreme", EXTREME_TEMPLATES, EXTREME_SCENARIOS),
    Kind("ss_range", RANGE_TEMPLATES, RANGE_SCENARIOS),
    Kind("ss_but", BUT_TEMPLATES, BUT_SCENARIOS),
    Kind("ss_restated", RESTATED_TEMPLATES, RESTATED_SCENARIOS),
    Kind("ss_decline", DECLINE_TEMPLATES, DECLINE_SCENARIOS),
)
SCORER_KIND = {"ss_decline": "edge"}
SINGULAR = {"walls": "wall", "doors": "door", "windows": "window", "slabs": "slab"}


def _fill(template: str, s: dict[str, Any]) -> str:
    en, de, _ = CLASSES[s["c"]]
    ctx = {"C": en, "CDE": de, "CS": SINGULAR[s["c"]]}
    rule = s.get("rule", "")
    head, _, arg = rule.partition(" ")
    if head in ("lower", "upper"):
        n = int(arg)
        ctx.update(N=NUMBER[n][0], DIR=head, DIRDE="unteren" if head == "lower" else "oberen",
                   DIRMOST="bottom" if head == "lower" else "top")
        ctx["LIST"] = " and ".join(s["names"])
        ctx["LISTDE"] = " und ".join(s["names"])
    if head in ("above", "below"):
        ctx.update(GROUND=head, GROUNDDE="oberirdisch" if head == "above" else "unterirdisch")
    if head in ("top", "lowest"):
        ctx.update(END=head, ENDDE="obersten" if head == "top" else "untersten")
    for key in ("A", "B", "X", "XDE", "SAID"):
        if key in s:
            ctx[key] = s[key]
    text = template
    for key, value in ctx.items():
        text = text.replace("{" + key + "}", value)
    return text[0].upper() + text[1:] if template.startswith("{") else text


def _fits(template: str, s: dict[str, Any]) -> bool:
    """The ranges said as "the first two levels" only where the first two storeys are the range."""
    return "first two" not in template or s.get("first", True)


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for kind in KINDS:
        for i, (asked, template) in enumerate(kind.templates):
            if (i % HOLD_EVERY == HOLD_EVERY - 1) != held:
                continue
            fitting = [j for j in range(len(kind.scenarios)) if _fits(template, kind.scenarios[j])]
            order = sorted(fitting, key=lambda j: _seed(salt, kind.name, str(i), str(j)))
            for j in order[:PER_TEMPLATE]:
                s = kind.scenarios[j]
                if s["model"] not in models:
                    models[s["model"]] = Model(ifc_dir / s["model"])
                result, rule = oracle(models[s["model"]], s, asked)
                out.append({
                    "id": f"sset{'b' if held else ''}-{kind.name}-{i:02d}-{j}",
                    "query": _fill(template, s),
                    "ifc_filename": s["model"],
                    "kind": SCORER_KIND.get(kind.name, "multi_storey"),
                    "storey_set": kind.name,
                    "template": template,
                    "oracle": result,
                    "oracle_rule": rule,
                    "source": "ifcopenshell",
                })
    return out


def report(run: Path, cases_path: Path) -> str:
    return report_by(run, cases_path, "storey_set")


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("storey_set"), DEFAULT_IFC_DIR, argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
