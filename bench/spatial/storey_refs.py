"""Storey-reference bench (issue 22, round 14): storeys as people name them, across naming conventions, generated.

    python bench/spatial/storey_refs.py [--ifc-dir ../shared/ifc] [--check]   # storey_ref_cases.json + _b.json
    python bench/spatial/storey_refs.py --report RUN_DIR [--held]              # mean per group of a spatial-bench run

Storey + class is the base kind of question, yet people_twelfth's storey_class scored 0.69: people do not name a
storey the way the model does. Models name storeys "Level 1 / Level 2", "EG / 1.OG / 2.OG", "Keller / Erdgeschoss /
1. Obergeschoss / Dachgeschoss", "GroundFloor / 1stFloor / attic", "Ground Floor / Roof", "Ebene 0", "Kellergeschoss
/ EG / Obergeschoss / Dachgeschoss"; people say "ground floor", "L2", "lvl 2", "2F", "level two", "upstairs", "the
floor above the ground floor", "im 1. Stock", "im UG". The taxonomy, written before any parser change:

=========  ===========================================================================================================
group      what the storey reference is
=========  ===========================================================================================================
ground     the ground storey by an alias: "ground floor", "ground level", "downstairs" (two-storey models), German
           "im Erdgeschoss" / "im EG" on a model named "Level 1"
number     a storey number in people's shorthands: "floor 2", "L2", "lvl 2", "2F", "2nd floor", "level two",
           "floor 1" on "1stFloor"; the model's numbering where a name carries the number, else counted from ground
first      "the first floor" / "1st floor": the storey above ground where the model's convention numbers ground 0
           (EG / 1.OG, Erdgeschoss / 1. Obergeschoss, GroundFloor / 1stFloor); DECLINED where the storey numbered 1 is
           the ground storey and another is above it (US: Level 1, British: Level 2), or where only a roof is above
german     German storey words: "im 1. Stock", "im ersten Stock", "im OG 1", "im 2. OG", "im 1. OG" on Level 1 / Level
           2 (the first upper storey: Level 2), "im UG" / "im KG" (the Keller), "im DG", "im Dachboden"
relative   a storey by its neighbour: "the floor above the ground floor", "one floor up from EG", "the floor below
           the roof / the top floor / the attic", "one floor below the ground floor"; DECLINED where there is no
           such neighbour ("the floor above the top floor", "below the ground floor" with no basement)
alias      "upstairs" (one lived storey above ground), "the basement" / "the cellar", "the attic" / "the loft", "the
           top floor"; DECLINED where ambiguous on this model ("upstairs" with two storeys above ground,
           "downstairs" with a basement below the ground storey) or absent (a basement, an attic the model lacks, a
           "5th floor" of a three-storey building)
=========  ===========================================================================================================

Oracles in plain IfcOpenShell through ``people_oracles.Model`` (nothing of ifcqa): each scenario names the storey
the reference means on that model, and ``check_storey`` asserts it from the storeys' elevation order (Elevation,
else the placement's z) -- ground = the storey at elevation 0, "above" = the next storey up, "basement" = below
ground -- so a scenario cannot name a storey by a wrong rule; the answer is the class on it, storey-deep
(``Model.on``), listed or counted as the template asks. A decline scenario's oracle is a decline (nothing listed).

**Held-back part.** Every third template of each language (index % 3 == 2), with another seeded draw, goes only
into ``storey_ref_cases_b.json``, scored once at the end of the round.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import ifcopenshell.util.placement as up

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import bench_main, kinds_summary, report_by  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import seed as _seed  # noqa: E402
from people_oracles import Model, count, decline, elements  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "storey_ref_cases.json"
OUT_HELD = HERE / "storey_ref_cases_b.json"
HOLD_EVERY = 3
PER_SCENARIO = 2
PER_SCENARIO_HELD = 1
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

DUP = "Duplex_A_20110907.ifc"
FZK = "AC20-FZK-Haus.ifc"
INS = "AC11-Institute-Var-2-IFC.ifc"
HOM = "ExampleHOM.ifc"
SH = "Ifc4_SampleHouse.ifc"
LB = "LargeBuilding.ifc"
EDC = "KIT-EDC_with_SB.ifc"
HEI = "Heizung-Elektro_080729.ifc"
WP = "WP_Puffer_FWS_FBH10.ifc"


def _heater(e: Any) -> bool:
    t = ue.get_type(e)
    return bool(e.is_a("IfcSpaceHeater") or (t is not None and t.is_a("IfcSpaceHeaterType")))


def _pipe(e: Any) -> bool:
    t = ue.get_type(e)
    return bool(e.is_a("IfcPipeSegment") or (t is not None and t.is_a("IfcPipeSegmentType")))


# class key -> (English plural, German plural, IFC classes, filter)
CLASSES: dict[str, tuple[str, str, tuple[str, ...], Callable[[Any], bool] | None]] = {
    "doors": ("doors", "Türen", ("IfcDoor",), None),
    "windows": ("windows", "Fenster", ("IfcWindow",), None),
    "walls": ("walls", "Wände", ("IfcWall",), None),
    "radiators": ("radiators", "Heizkörper", ("IfcEnergyConversionDevice", "IfcFlowTerminal"), _heater),
    "pipes": ("pipes", "Rohre", ("IfcFlowSegment",), _pipe),
}

# (group, model, reference with its preposition, language, storey Name meant or None = decline, class key, why)
Scenario = tuple[str, str, str, str, str | None, str, str]
SCENARIOS: tuple[Scenario, ...] = (
    # ground
    ("ground", LB, "on the ground floor", "en", "Level 1", "doors", "ground"),
    ("ground", DUP, "at ground level", "en", "Level 1", "windows", "ground"),
    ("ground", EDC, "on the ground floor", "en", "EG", "windows", "ground"),
    ("ground", INS, "on the ground floor", "en", "Erdgeschoss", "doors", "ground"),
    ("ground", HOM, "on the ground level", "en", "GroundFloor", "windows", "ground"),
    ("ground", FZK, "downstairs", "en", "Erdgeschoss", "doors", "ground, two storeys"),
    ("ground", LB, "downstairs", "en", "Level 1", "windows", "ground, two storeys"),
    ("ground", SH, "downstairs", "en", "Ground Floor", "doors", "ground, two storeys"),
    ("ground", DUP, "im Erdgeschoss", "de", "Level 1", "doors", "ground"),
    ("ground", WP, "on the ground floor", "en", "Ebene 0", "radiators", "ground"),
    ("ground", HEI, "on the ground floor", "en", "EG", "radiators", "ground"),
    # number
    ("number", EDC, "on floor 2", "en", "2.OG", "doors", "above+2"),
    ("number", EDC, "on L2", "en", "2.OG", "windows", "above+2"),
    ("number", EDC, "on the 2nd floor", "en", "2.OG", "walls", "above+2"),
    ("number", EDC, "on level two", "en", "2.OG", "doors", "above+2"),
    ("number", EDC, "on 2F", "en", "2.OG", "windows", "above+2"),
    ("number", LB, "on floor 2", "en", "Level 2", "windows", "named 2"),
    ("number", LB, "on lvl 2", "en", "Level 2", "windows", "named 2"),
    ("number", LB, "on L2", "en", "Level 2", "walls", "named 2"),
    ("number", LB, "on level two", "en", "Level 2", "windows", "named 2"),
    ("number", DUP, "on 2F", "en", "Level 2", "doors", "named 2"),
    ("number", DUP, "on lvl 2", "en", "Level 2", "windows", "named 2"),
    ("number", DUP, "on the second floor", "en", "Level 2", "doors", "named 2"),
    ("number", INS, "on the 2nd floor", "en", "2. Obergeschoss", "doors", "named 2"),
    ("number", INS, "on floor 1", "en", "1. Obergeschoss", "windows", "named 1"),
    ("number", HOM, "on floor 1", "en", "1stFloor", "doors", "named 1"),
    ("number", HOM, "on the 1st floor", "en", "1stFloor", "windows", "named 1"),
    ("number", EDC, "on floor 5", "en", None, "doors", "no such storey"),
    ("number", LB, "on level 3", "en", None, "windows", "no such storey"),
    ("number", INS, "on the 4th floor", "en", None, "doors", "no such storey"),
    # first
    ("first", EDC, "on the first floor", "en", "1.OG", "doors", "above+1"),
    ("first", INS, "on the first floor", "en", "1. Obergeschoss", "windows", "above+1"),
    ("first", HOM, "on the first floor", "en", "1stFloor", "doors", "above+1"),
    ("first", HEI, "on the first floor", "en", "Obergeschoss", "radiators", "above+1"),
    ("first", LB, "on the first floor", "en", None, "doors", "Level 1 at ground, Level 2 above"),
    ("first", DUP, "on the first floor", "en", None, "windows", "Level 1 at ground, Level 2 above"),
    ("first", LB, "on the 1st floor", "en", None, "windows", "Level 1 at ground, Level 2 above"),
    ("first", SH, "on the first floor", "en", None, "doors", "only a roof above ground"),
    # german
    ("german", EDC, "im 1. Stock", "de", "1.OG", "doors", "above+1"),
    ("german", EDC, "im ersten Stock", "de", "1.OG", "windows", "above+1"),
    ("german", EDC, "im OG 1", "de", "1.OG", "doors", "above+1"),
    ("german", EDC, "im 2. OG", "de", "2.OG", "windows", "above+2"),
    ("german", INS, "im UG", "de", "Keller", "doors", "below"),
    ("german", INS, "im KG", "de", "Keller", "windows", "below"),
    ("german", INS, "im 1. Stock", "de", "1. Obergeschoss", "doors", "above+1"),
    ("german", INS, "im zweiten Stock", "de", "2. Obergeschoss", "windows", "above+2"),
    ("german", INS, "im DG", "de", "Dachgeschoss", "walls", "top"),
    ("german", LB, "im 1. OG", "de", "Level 2", "windows", "above+1"),
    ("german", LB, "im EG", "de", "Level 1", "doors", "ground"),
    ("german", HEI, "im UG", "de", "Kellergeschoss", "pipes", "below"),
    ("german", HOM, "im Dachboden", "de", "attic", "walls", "top"),
    ("german", EDC, "im Keller", "de", None, "doors", "no storey below ground"),
    ("german", EDC, "im 3. OG", "de", None, "windows", "no such storey"),
    # relative
    ("relative", EDC, "on the floor above the ground floor", "en", "1.OG", "doors", "above+1"),
    ("relative", EDC, "one floor up from EG", "en", "1.OG", "windows", "above+1"),
    ("relative", EDC, "on the floor below the top floor", "en", "1.OG", "doors", "above+1"),
    ("relative", LB, "on the floor above the ground floor", "en", "Level 2", "windows", "above+1"),
    ("relative", LB, "one floor up from Level 1", "en", "Level 2", "windows", "above+1"),
    ("relative", DUP, "on the floor below the roof", "en", "Level 2", "doors", "above+1"),
    ("relative", DUP, "on the floor above Level 1", "en", "Level 2", "windows", "above+1"),
    ("relative", INS, "one floor below the ground floor", "en", "Keller", "doors", "below"),
    ("relative", INS, "on the floor below the roof", "en", "2. Obergeschoss", "windows", "above+2"),
    ("relative", HOM, "on the floor below the attic", "en", "1stFloor", "doors", "above+1"),
    ("relative", EDC, "on the floor above the top floor", "en", None, "doors", "nothing above the top"),
    ("relative", LB, "one floor below the ground floor", "en", None, "doors", "no storey below ground"),
    # alias
    ("alias", FZK, "upstairs", "en", "Dachgeschoss", "windows", "one storey above ground"),
    ("alias", LB, "upstairs", "en", "Level 2", "windows", "one storey above ground"),
    ("alias", HOM, "upstairs", "en", "1stFloor", "doors", "one lived storey above ground, then the attic"),
    ("alias", DUP, "upstairs", "en", "Level 2", "doors", "one lived storey above ground, then the roof"),
    ("alias", INS, "in the basement", "en", "Keller", "doors", "below"),
    ("alias", INS, "in the cellar", "en", "Keller", "windows", "below"),
    ("alias", HEI, "in the basement", "en", "Kellergeschoss", "pipes", "below"),
    ("alias", HOM, "in the attic", "en", "attic", "walls", "top"),
    ("alias", HOM, "in the loft", "en", "attic", "walls", "top"),
    ("alias", FZK, "in the attic", "en", "Dachgeschoss", "windows", "top"),
    ("alias", EDC, "on the top floor", "en", "2.OG", "doors", "top"),
    ("alias", LB, "on the top floor", "en", "Level 2", "windows", "top"),
    ("alias", DUP, "on the top floor", "en", "Level 2", "windows", "top below the roof"),
    ("alias", EDC, "upstairs", "en", None, "doors", "two storeys above ground"),
    ("alias", INS, "upstairs", "en", None, "windows", "three storeys above ground"),
    ("alias", HEI, "upstairs", "en", None, "radiators", "two storeys above ground"),
    ("alias", INS, "downstairs", "en", None, "doors", "ground or the basement below it"),
    ("alias", EDC, "in the basement", "en", None, "doors", "no storey below ground"),
    ("alias", LB, "in the cellar", "en", None, "windows", "no storey below ground"),
    ("alias", EDC, "in the attic", "en", None, "walls", "no attic"),
    ("alias", LB, "in the loft", "en", None, "walls", "no attic"),
    ("alias", WP, "upstairs", "en", None, "radiators", "one storey"),
)

# (template, answer: "list" or "count"); held back: index % 3 == 2
TEMPLATES_EN: tuple[tuple[str, str], ...] = (
    ("Which {C} are {AT}?", "list"),
    ("how many {C} {AT}", "count"),
    ("Hi team, for the fit-out survey could you send me the list of {C} {AT}? Thanks, Sarah", "list"),
    ("{C} {AT} pls", "list"),
    ("Ticket #4471 - need the number of {C} {AT} for the maintenance plan", "count"),
    ("please give me all the {C} which are {AT}", "list"),
    ("Can you tell me how many {C} there are {AT}?", "count"),
    ("list the {C} {AT}", "list"),
    ("What {C} do we have {AT}?", "list"),
)
TEMPLATES_DE: tuple[tuple[str, str], ...] = (
    ("Welche {C} gibt es {AT}?", "list"),
    ("Wie viele {C} sind {AT}?", "count"),
    ("Hallo, bitte alle {C} {AT} auflisten. Danke", "list"),
    ("Anzahl {C} {AT}?", "count"),
    ("Zeig mir die {C} {AT}", "list"),
    ("Wie viele {C} haben wir {AT}?", "count"),
)

# the storey a "why" names, from the storeys' elevation order alone
_RULES: dict[str, Callable[[list[Any], int], int | None]] = {
    "ground": lambda order, g: g,
    "above+1": lambda order, g: g + 1,
    "above+2": lambda order, g: g + 2,
    "below": lambda order, g: g - 1 if g >= 1 else None,
    "top": lambda order, g: len(order) - 1,
}


def elevation_order(m: Model) -> list[Any]:
    """The storeys by Elevation, else by their placement's z (ExampleHOM leaves Elevation unset)."""
    def z(s: Any) -> float:
        if s.Elevation is not None:
            return float(s.Elevation)
        return float(up.get_local_placement(s.ObjectPlacement)[2][3]) if s.ObjectPlacement else 0.0
    return sorted(m.f.by_type("IfcBuildingStorey"), key=z)


def check_storey(m: Model, s: Scenario) -> None:
    """Assert the scenario's storey from elevation order: ground = the storey at elevation 0 (``why``'s rule)."""
    _, _, ref, _, name, _, why = s
    order = elevation_order(m)
    heights = [float(x.Elevation) if x.Elevation is not None else
               float(up.get_local_placement(x.ObjectPlacement)[2][3]) for x in order]
    ground = min(range(len(order)), key=lambda i: (abs(heights[i]), -i))
    rule = _RULES.get(why.split(",")[0])
    if name is None or rule is None:
        return
    at = rule(order, ground)
    if why == "top" and order[-1].Name != name:  # "top" of an attic model is the attic; of a roof model below it
        at = next(i for i, x in enumerate(order) if x.Name == name)
        assert at >= len(order) - 2, (ref, name)
    assert at is not None and 0 <= at < len(order) and order[at].Name == name, (ref, name, why)


def _oracle(m: Model, s: Scenario, answer: str) -> tuple[dict[str, Any], str]:
    _, _, ref, _, name, key, why = s
    if name is None:
        return decline(), f"{ref!r} names no storey of this model for sure ({why}): a decline, nothing listed"
    check_storey(m, s)
    _, _, classes, where = CLASSES[key]
    found = m.on(name, classes, where)
    rule = f"{'/'.join(classes)} on {name} ({STOREY_DEEP}); {ref!r} is {name} by elevation order ({why})"
    return (count(found) if answer == "count" else elements(found)), rule


def report(run: Path, cases_path: Path) -> str:
    """Mean score per group (``storey_ref``) of a spatial-bench run of ``cases_path``."""
    return report_by(run, cases_path, "storey_ref")


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    models: dict[str, Model] = {}
    out: list[dict[str, Any]] = []
    salt = "held" if held else "dev"
    for j, s in enumerate(SCENARIOS):
        group, model, ref, lang, name, key, _ = s
        templates = TEMPLATES_DE if lang == "de" else TEMPLATES_EN
        usable = [i for i in range(len(templates)) if (i % HOLD_EVERY == HOLD_EVERY - 1) == held]
        usable.sort(key=lambda i: _seed(salt, str(j), str(i)))
        if model not in models:
            models[model] = Model(ifc_dir / model)
        for i in usable[:PER_SCENARIO_HELD if held else PER_SCENARIO]:
            template, answer = templates[i]
            oracle, rule = _oracle(models[model], s, answer)
            en, de, _, _ = CLASSES[key]
            query = template.replace("{C}", de if lang == "de" else en).replace("{AT}", ref)
            out.append({
                "id": f"sref{'b' if held else ''}-{group}-{j:02d}-{lang}{i}",
                "query": query[0].upper() + query[1:] if template.startswith("{") else query,
                "ifc_filename": model,
                "kind": "edge" if name is None else "storey_class",
                "storey_ref": group,
                "template": template,
                "oracle": oracle,
                "oracle_rule": rule,
                "source": "ifcopenshell",
            })
    return out


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("storey_ref", models=True), DEFAULT_IFC_DIR,
                      argv, report=report)


if __name__ == "__main__":
    sys.exit(main())
