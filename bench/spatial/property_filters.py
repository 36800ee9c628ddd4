"""Property-filter bench (issue 22, round 14 props14): values with units and comparisons, as people write them.

    python bench/spatial/property_filters.py [--ifc-dir ../shared/ifc] [--check]  # property_filter_cases.json + _b
    python bench/spatial/property_filters.py --report RUN_DIR [--held]             # per group / phrasing / template

People put a property filter with a value on elements in shapes the round-11 qualifier bench (qualifier_phrasings.py)
does not hold: the value's unit written many ways ("W/m²K", "W/(m²·K)", "W/m2K", "qm", "sqm", "0,9 m", "90cm"), the
property by a symbol ("U < 0.3", "U ≤ 0.3"), comparisons by a verb ("exceeds"), an abbreviation ("min.", "mind.",
"max.") or a German comparative without "als" ("kleiner 0,4", "größer 20 qm"), inside e-mails and FM tickets; and
labels or flags the model cannot ground ("EI30 doors", "doors rated T30", "Brandschutztüren", "doors with a closer",
"combustible walls", "handicap accessible doors"), which must be declined, never answered with every door.

=========  ========================================================================================================
group      what
=========  ========================================================================================================
uvalue     Pset_*Common.ThermalTransmittance compared with a number, the unit written or not ("walls with a U-value
           below 0.4", "windows with U < 1.5 W/m²K", "Wände mit U-Wert kleiner 0,4", "U ≤ 0.3", "exceeds")
dims       lengths and areas with units written the ways people write them (decimal commas, "90cm", "qm", "sqm",
           "m2"), comparisons as symbols, abbreviations ("min.", "mind.", "max."), verbs ("exceeds"), German
           comparatives with and without "als"; doors/windows OverallWidth/OverallHeight, wall thickness (base
           quantity Width), space NetFloorArea (base quantities), in the project's units
flags      booleans as people say them in requests and tickets ("inner walls", "outside walls", "walls that carry
           load", "non-load-bearing walls", "barrier-free rooms", "Innenwände")
lookup     a property's values asked by its name, quoted or not ("the 'Reference' of the doors", "doors: U-value?")
decline    what the model cannot ground: a fire rating / acoustic rating / closer / combustibility nothing records
           with a real value, HandicapAccessible on doors, a U-value in a model that records none, a unit that does
           not fit ("doors wider than 2 m²", "walls with a U-value below 0.3 m"), "not external" where most walls
           record nothing
=========  ========================================================================================================

Oracles in plain IfcOpenShell (never ifcqa): ``ifcopenshell.util.element.get_psets`` (occurrence over type) for
Pset values, element attributes and base quantities through ``qualifier_phrasings`` (Dim readers, project units by
``ifcopenshell.util.unit.calculate_unit_scale``), storeys through ``people_oracles.Model`` (storey-deep). Thresholds
lie between the values the model holds (none within 2%), keeping some elements and not all. Every third template of
each group, and the other templates drawn with a second seed, go only into ``property_filter_cases_b.json``.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_bench import bench_main, dumps, kinds_summary, report_groups, seed  # noqa: E402
from people_oracles import STOREY_DEEP  # noqa: E402
from qualifier_phrasings import DIMS, NOUNS, Facts, _fill, _holds, _psets, _real, flag_of  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT = HERE / "property_filter_cases.json"
OUT_HELD = HERE / "property_filter_cases_b.json"
__all__ = ["build", "dumps"]

MODELS = ["AC11-FZK-Haus-IFC.ifc", "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc",
          "Ifc4_SampleHouse.ifc", "KIT-EDC_with_SB.ifc", "ExampleHOM.ifc", "LargeBuilding.ifc", "revit_quantities.ifc",
          "3rooms_Heater_AirTerminal_Table_with_SB.ifc"]  # fmt: skip
NOUNS_EXTRA = {**NOUNS, "IfcSlab": ("slabs", "Decken")}
Case = tuple[str, dict[str, Any], str, str]  # query, oracle, rule, phrasing


def _oracle(es: list[Any], counted: bool) -> dict[str, Any]:
    guids = sorted({e.GlobalId for e in es})
    return {"type": "count", "value": len(guids), "guids": guids} if counted else {"type": "elements", "guids": guids}


def _counted(text: str) -> bool:
    return bool(re.search(r"(?i)\b(?:how many|wie viele|the count of|the number of)\b", text))


def _place(f: Facts, es: list[Any], template: str, rng: random.Random) -> tuple[str | None, list[Any]] | None:
    if "{S}" not in template:
        return None, es
    options = [(s, kept) for s in f.storeys
               if (kept := [e for e in es if f.m.storey_name(e) == s]) and len(kept) < len(es)]
    return rng.choice(options) if options else None


def _between(values: list[float], rng: random.Random) -> list[float]:
    """Round thresholds between the distinct values held (none within 2% of a value)."""
    distinct = sorted(set(round(v, 6) for v in values))
    out = []
    for a, b in zip(distinct, distinct[1:], strict=False):
        for step in (1.0, 0.5, 0.1, 0.05, 0.01):
            t = round((a + b) / 2 / step) * step
            if a * 1.02 < t < b * 0.98:
                out.append(round(t, 4))
                break
    rng.shuffle(out)
    return out


def _decimal_comma(x: float) -> str:
    return f"{x:g}".replace(".", ",")


# -- U-values ------------------------------------------------------------------------------------------------
# (template, op); {V} the number as written in English, {VC} with a decimal comma
U_TEMPLATES: list[tuple[str, str]] = [
    ("{N} with a U-value below {V}", "<"),
    ("{N} with U < {V} W/m²K", "<"),
    ("which {N} have a U value under {VC} W/(m²K)?", "<"),
    ("{N} where the U-value exceeds {V}", ">"),
    ("{GN} mit U-Wert kleiner {VC}", "<"),
    ("{N} with U ≤ {V}", "<="),
    ("how many {N} have a thermal transmittance above {V} W/m2K?", ">"),
    ("Hi, for the energy certificate I need all {N} with a U-value greater than {V} W/(m²·K). Thanks", ">"),
    ("Wie viele {GN} haben einen U-Wert über {VC} W/m²K?", ">"),
    ("FM ticket 4411: list {N} on {S} with U-value > {V}", ">"),
    ("{N} with a U-value of at least {V} W/m²K", ">="),
    ("Welche {GN} haben einen U-Wert größer {VC}?", ">"),
    ("{N} with a U value of max. {V} W/m2K", "<="),
    ("pls send the {N} whose U-value is higher than {V} W/m²K", ">"),
    ("{GN} {IM} {S} mit einem U-Wert unter {VC} W/(m²K)", "<"),
]


def _u_value(e: Any) -> float | None:
    for pset, props in _psets(e).items():
        v = props.get("ThermalTransmittance")
        if (pset or "").startswith("Pset_") and isinstance(v, int | float) and not isinstance(v, bool):
            return float(v)
    return None


def u_cases(f: Facts, template: str, op: str, rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for cls in ("IfcWall", "IfcSlab", "IfcDoor", "IfcWindow"):
        pool = f.of(cls)
        values = {e.GlobalId: _u_value(e) for e in pool}
        held = [v for v in values.values() if v is not None]
        if len(held) < 2 or 2 * len(held) < len(pool):
            continue
        for t in _between(held, rng):
            hit = [e for e in pool if (v := values[e.GlobalId]) is not None and _holds(v, op, t)]
            if not hit or len(hit) == len(pool):
                continue
            placed = _place(f, hit, template, rng)
            if placed is None:
                continue
            storey, kept = placed
            noun, gnoun = NOUNS_EXTRA[cls]
            text = _fill(template, {"N": noun, "GN": gnoun, "V": f"{t:g}", "VC": _decimal_comma(t), "S": storey or ""})
            where = f" on {storey}, {STOREY_DEEP}" if storey else " in the model"
            rule = f"{cls} whose Pset_*Common.ThermalTransmittance (get_psets) {op} {t:g} W/(m²K){where}"
            out.append((text, _oracle(kept, _counted(text)), rule, "uvalue"))
            break
    return out


# -- dimensions with units ---------------------------------------------------------------------------------------
# (template, op or "big"/"small" for the dimension's own comparative)
DIM_TEMPLATES: list[tuple[str, str]] = [
    ("{N} at least {V} {ADJ}", ">="),
    ("{N} {SMALLER} than {V}", "<"),
    ("{GN} {GBIGGER} als {VC}", ">"),
    ("{N} with a {D} of min. {V}", ">="),
    ("{GN} mit mind. {VC} {GD}", ">="),
    ("{N} ≥ {V} {ADJ}", ">="),
    ("{GN} {GBIGGER} {VC}", ">"),
    ("{N} with a {D} of max. {V}", "<="),
    ("{GN} mit einer {GD} von höchstens {VC}", "<="),
    ("Could you send me a list of all {N} {BIGGER} than {V}? Need it for the tender.", ">"),
    ("ticket: {N} on {S} {BIGGER} than {V} pls", ">"),
    ("how many {N} have a {D} exceeding {V}?", ">"),
    ("{N} whose {D} exceeds {V}", ">"),
    ("{GN} {IM} {S} mit {GD} ab {VC}", ">="),
    ("which {N} are {SMALLER} than {V}?", "<"),
]


def _lengths(si: float, rng: random.Random, comma: bool) -> str:
    cm, mm = round(si * 100, 4), round(si * 1000, 4)
    options = [f"{si:g} m", f"{si:g}m", f"{mm:g} mm", f"{mm:g}mm"]
    if cm == int(cm):
        options += [f"{cm:g} cm", f"{cm:g}cm"]
    pick = rng.choice(options)
    return pick.replace(".", ",") if comma and "m" in pick and "." in pick else pick


def _areas(si: float, rng: random.Random, comma: bool) -> str:
    n = _decimal_comma(si) if comma else f"{si:g}"
    return rng.choice([f"{n} m²", f"{n} m2", f"{n} qm", f"{n}qm", f"{n} sqm", f"{n}m²"] if comma else
                      [f"{n} m²", f"{n} m2", f"{n} sqm", f"{n} sq m", f"{n} square metres", f"{n}m2"])


def dim_cases(f: Facts, template: str, op: str, rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for dim in DIMS:
        cls = dim.classes[0]
        pool = f.of(cls)
        scale = f.scale[dim.kind]
        values = {e.GlobalId: dim.read(e, scale) for e in pool}
        held = [v for v in values.values() if v is not None]
        if len(held) < 2:
            continue
        if "{ADJ}" in template and dim.kind == "area":
            continue
        for t in rng.sample(list(dim.thresholds), len(dim.thresholds)):
            if any(abs(v - t) <= 0.02 * t for v in held):
                continue
            hit = [e for e in pool if (v := values[e.GlobalId]) is not None and _holds(v, op, t)]
            if not hit or len(hit) == len(pool):
                continue
            placed = _place(f, hit, template, rng)
            if placed is None:
                continue
            storey, kept = placed
            write = _areas if dim.kind == "area" else _lengths
            noun, gnoun = NOUNS[cls]
            slots = {"N": noun, "GN": gnoun, "V": write(t, rng, False), "VC": write(t, rng, True), "D": dim.noun,
                     "ADJ": dim.adj, "BIGGER": dim.bigger, "SMALLER": dim.smaller, "GD": dim.german_noun,
                     "GBIGGER": dim.german_bigger, "S": storey or ""}
            text = _fill(template, slots)
            where = f" on {storey}, {STOREY_DEEP}" if storey else " in the model"
            rule = f"{cls} {dim.key} (project units) {op} {t:g} {'m²' if dim.kind == 'area' else 'm'}{where}"
            out.append((text, _oracle(kept, _counted(text)), rule, "dims"))
            break
    return out


# -- booleans as people say them -----------------------------------------------------------------------------------
FLAG_TEMPLATES: list[tuple[str, str, bool, tuple[str, ...]]] = [
    ("inner {N}", "IsExternal", False, ("IfcWall", "IfcDoor")),
    ("outside {N} on {S}", "IsExternal", True, ("IfcWall", "IfcDoor", "IfcWindow")),
    ("{N} that carry load", "LoadBearing", True, ("IfcWall",)),
    ("Hi team, how many non-load-bearing {N} does the model have?", "LoadBearing", False, ("IfcWall",)),
    ("Innenwände {IM} {S}", "IsExternal", False, ("IfcWall",)),
    ("FM request: list the barrier-free rooms", "HandicapAccessible", True, ("IfcSpace",)),
    ("which {N} are on the outside of the building?", "IsExternal", True, ("IfcWall", "IfcDoor")),
    ("need the count of load bearing {N} on {S}", "LoadBearing", True, ("IfcWall",)),
    ("Türen, die außen liegen", "IsExternal", True, ("IfcDoor",)),
]


def flag_cases(f: Facts, template: str, prop: str, value: bool, classes: tuple[str, ...],
               rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for cls in classes:
        pool = f.of(cls)
        flags = {e.GlobalId: flag_of(e, prop) for e in pool}
        if 2 * sum(v is not None for v in flags.values()) < len(pool):
            continue
        hit = [e for e in pool if flags[e.GlobalId] is value]
        if not hit or len(hit) == len(pool):
            continue
        placed = _place(f, hit, template, rng)
        if placed is None:
            continue
        storey, kept = placed
        text = _fill(template, {"N": NOUNS[cls][0], "S": storey or ""})
        where = f" on {storey}, {STOREY_DEEP}" if storey else " in the model"
        rule = f"{cls} whose Pset_*.{prop} is explicitly {str(value).upper()} (get_psets){where}"
        out.append((text, _oracle(kept, _counted(text)), rule, "flags"))
        if "{N}" not in template:
            break
    return out


# -- lookups of a property by name -----------------------------------------------------------------------------------
LOOKUP_TEMPLATES: list[tuple[str, str]] = [
    ("the 'Reference' of the {N}", "Reference"),
    ("what is the \"Reference\" of each {NS}?", "Reference"),
    ("{N}: Reference?", "Reference"),
    ("U-values of the {N}?", "ThermalTransmittance"),
    ("Welchen U-Wert haben die {GN}?", "ThermalTransmittance"),
    ("list the Reference of all {N} please", "Reference"),
]
SINGULAR = {"doors": "door", "walls": "wall", "windows": "window", "rooms": "room", "slabs": "slab"}


def lookup_cases(f: Facts, template: str, prop: str, rng: random.Random) -> list[Case]:
    out: list[Case] = []
    for cls in ("IfcDoor", "IfcWindow", "IfcWall"):
        pool = f.of(cls)
        got: dict[str, Any] = {}
        for e in pool:
            for pset, props in _psets(e).items():
                v = props.get(prop)
                if (pset or "").startswith("Pset_") and pset.endswith("Common") and v not in (None, ""):
                    got[e.GlobalId] = v
                    break
        if not got or len(got) < len(pool):
            continue
        counts: dict[Any, int] = {}
        for v in got.values():
            key = v.strip() if isinstance(v, str) else v
            counts[key] = counts.get(key, 0) + 1
        noun, gnoun = NOUNS[cls]
        text = _fill(template, {"N": noun, "NS": SINGULAR[noun], "GN": gnoun})
        oracle = {"type": "values", "value": sorted(([k, n] for k, n in counts.items()), key=lambda kv: str(kv[0])),
                  "unit": None, "guids": sorted(got)}
        out.append((text, oracle, f"Pset_*Common.{prop} (get_psets) of each {cls} in the model", "lookup"))
    return out


# -- declines ----------------------------------------------------------------------------------------------------
DECLINE_TEMPLATES: list[tuple[str, str]] = [
    ("fire-rated {N}", "fire"),
    ("EI30 {N}", "fire"),
    ("{N} rated T30", "fire"),
    ("Brandschutztüren", "fire_door"),
    ("Türen mit Feuerwiderstand T30", "fire_door"),
    ("{N} with an acoustic rating", "acoustic"),
    ("{N} with a closer", "closer"),
    ("combustible {N}", "combustible"),
    ("handicap accessible {N}", "handicap"),
    ("{N} with a U-value below 0.3 W/m²K", "no_u"),
    ("{N} wider than 2 m²", "unit"),
    ("{N} with a U-value below 0.3 m", "unit_u"),
    ("{N} that are not external", "partial"),
    ("Hi, can you list the {N} with a door closer on {S}? thx", "closer"),
    ("how many {N} have a fire resistance of 90 minutes?", "fire"),
]


def _any_real(pool: list[Any], props: tuple[str, ...]) -> bool:
    return any(_real(v, p) for e in pool for ps in _psets(e).values() for p in props if (v := ps.get(p)) is not None)


def decline_cases(f: Facts, template: str, what: str, rng: random.Random) -> list[Case]:
    out: list[Case] = []
    classes = {"fire_door": ("IfcDoor",), "handicap": ("IfcDoor",), "closer": ("IfcDoor",),
               "unit": ("IfcDoor",), "partial": ("IfcWall",)}.get(what, ("IfcDoor", "IfcWall", "IfcWindow"))
    for cls in classes:
        pool = f.of(cls)
        if not pool:
            continue
        if what in ("fire", "fire_door") and _any_real(pool, ("FireRating", "FireResistanceRating")):
            continue
        if what == "acoustic" and _any_real(pool, ("AcousticRating",)):
            continue
        if what == "closer" and any("clos" in k.lower() for e in pool for ps in _psets(e).values() for k in ps):
            continue
        if what == "combustible" and any(isinstance(ps.get("Combustible"), bool) for e in pool
                                         for ps in _psets(e).values()):
            continue
        if what == "handicap" and any(flag_of(e, "HandicapAccessible") is not None for e in pool):
            continue
        if what == "no_u" and any(_u_value(e) is not None for e in pool):
            continue
        if what == "unit_u" and not any(_u_value(e) is not None for e in pool):
            continue
        if what == "partial" and 2 * sum(flag_of(e, "IsExternal") is not None for e in pool) >= len(pool):
            continue
        storey = rng.choice(f.storeys) if f.storeys else None
        if "{S}" in template and storey is None:
            continue
        text = _fill(template, {"N": NOUNS[cls][0], "S": storey or ""})
        why = {"fire": "no element of the class holds a real FireRating value", "fire_door": "no door holds a real "
               "FireRating value", "acoustic": "no real AcousticRating", "closer": "no property records a closer",
               "combustible": "no Combustible property", "handicap": "doors record no HandicapAccessible",
               "no_u": "no ThermalTransmittance recorded", "unit": "an area unit for a width",
               "unit_u": "a length unit for a U-value", "partial": "fewer than half of the walls record IsExternal"}
        out.append((text, {"type": "decline"}, f"decline: {why[what]} ({cls}, get_psets)", "decline"))
        if "{N}" not in template:
            break
    return out


# -- assembly ------------------------------------------------------------------------------------------------------
def _groups() -> list[tuple[str, list[tuple[str, Callable[[Facts, random.Random], list[Case]]]]]]:
    return [
        ("uvalue", [(t, lambda f, r, t=t, op=op: u_cases(f, t, op, r)) for t, op in U_TEMPLATES]),
        ("dims", [(t, lambda f, r, t=t, op=op: dim_cases(f, t, op, r)) for t, op in DIM_TEMPLATES]),
        ("flags", [(t, lambda f, r, t=t, p=p, v=v, c=c: flag_cases(f, t, p, v, c, r))
                   for t, p, v, c in FLAG_TEMPLATES]),
        ("lookup", [(t, lambda f, r, t=t, p=p: lookup_cases(f, t, p, r)) for t, p in LOOKUP_TEMPLATES]),
        ("decline", [(t, lambda f, r, t=t, w=w: decline_cases(f, t, w, r)) for t, w in DECLINE_TEMPLATES]),
    ]


PER_TEMPLATE = {"uvalue": 4, "dims": 4, "flags": 3, "lookup": 3, "decline": 3}


def build(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
    facts = {name: Facts(ifc_dir / name) for name in MODELS}
    cases: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for group, templates in _groups():
        n = 0
        for i, (template, make) in enumerate(templates):
            third = i % 3 == 2
            if third and not held:
                continue
            rng = random.Random(seed("props14", group, template, "held" if held and not third else "dev"))
            candidates: list[tuple[str, Case]] = []
            for name in rng.sample(MODELS, len(MODELS)):
                candidates += [(name, c) for c in make(facts[name], rng)]
            rng.shuffle(candidates)
            used: set[str] = set()
            taken = 0
            for name, (text, oracle, rule, _phrasing) in candidates:
                if taken >= PER_TEMPLATE[group] or name in used or (name, text) in seen:
                    continue
                seen.add((name, text))
                used.add(name)
                taken += 1
                n += 1
                cases.append({"id": f"props14-{'b-' if held else ''}{group}-{n:03d}", "query": text,
                              "ifc_filename": name, "kind": "qualifiers" if group != "lookup" else "lookup",
                              "group": group, "phrasing": "held" if third else "dev", "template": template,
                              "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"})
    return cases


def main(argv: list[str] | None = None) -> int:
    return bench_main(__doc__, build, OUT, OUT_HELD, kinds_summary("group", models=True), DEFAULT_IFC_DIR, argv,
                      report=lambda run, path: report_groups(run, [path]))


if __name__ == "__main__":
    sys.exit(main())
