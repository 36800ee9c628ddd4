"""Value lookup bench (issue 22, round 16 look16): ONE value of a named thing, with the unit the user asks for.

    python bench/spatial/value_lookups.py [--ifc-dir ../shared/ifc] [--check]
        writes value_lookup_cases.json (dev) and value_lookup_cases_b.json (held back: scored only at the end)
    python bench/spatial/value_lookups.py --report RUN_DIR    # per group and template, from a spatial-bench run

Written before the work of round 16 (look16) from the lookups people_twelfth still misses: a requested unit
written the short way ("entrance door width mm", "Level 2 elevation m", "(mm)", "[m]", German "in Metern"),
a storey's height asked as a question about the storey ("Level 2 - at which height?", "wie hoch liegt das 1. OG",
"Höhe 1. Obergeschoss in m"), the floor-to-floor height, and one dimension of the one element a subject resolves to.

**Groups** (``group``), each oracle computed with plain IfcOpenShell (``people_oracles.Model``):

==================  =============================================================================================
elevation           ``IfcBuildingStorey.Elevation`` of a storey named by its Name, in the file's length unit
                    (``ifcopenshell.util.unit``), or converted to the unit asked ("mm", "in metres", "[m]" ...)
floor_to_floor      the next storey's Elevation (the lowest Elevation above it) minus the storey's, same units
single              OverallWidth / OverallHeight of THE one door or window a subject resolves to: the only one
                    of a storey (storey-deep), the only one named so, the only door with
                    ``Pset_DoorCommon.IsExternal`` = TRUE ("the external door"). "need the door width" (the
                    class word modifying the attribute, round 11's compound) is read as each door's width, so it
                    is never a not-unique decline here
decline             ``not_unique``: "the door" / "the external door" where there are several (which one?);
                    ``bad_unit``: a length asked "in kg", "in m²", "in litres"; ``no_storey``: a storey the model
                    does not have; ``no_elevation``: a storey that records no Elevation; ``top_storey``: a
                    floor-to-floor height of the highest storey (no storey above to measure to)
==================  =============================================================================================

Templates: terse FM/chat ("Level 2 elevation mm"), questions, e-mails with greetings, tickets, German. Every
third template of each table is used only in the held-back file, which is also a second seeded draw.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import ifcopenshell.util.unit as uu

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import (  # noqa: E402
    not_in,
    paired_main,  # noqa: E402
    sample_per_model,
)
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "value_lookup_cases.json"
DEFAULT_OUT_B = HERE / "value_lookup_cases_b.json"
SEED, SEED_B = 16, 1616
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

# unit phrases -> (unit symbol, metres per unit); "in" forms go anywhere, bare forms only after terse templates
UNITS_IN = {"": None, " in mm": ("mm", 0.001), " in metres": ("m", 1.0), " in meters": ("m", 1.0),
            " in cm": ("cm", 0.01), " in millimetres": ("mm", 0.001), " in meter": ("m", 1.0), " in m": ("m", 1.0)}
UNITS_BARE = {" mm": ("mm", 0.001), " m": ("m", 1.0), " (mm)": ("mm", 0.001), " [m]": ("m", 1.0),
              ", cm": ("cm", 0.01), " - mm": ("mm", 0.001), " metres": ("m", 1.0), " in mm": ("mm", 0.001)}
UNITS_DE = {"": None, " in Metern": ("m", 1.0), " in mm": ("mm", 0.001), " in Millimetern": ("mm", 0.001),
            " in cm": ("cm", 0.01), " in m": ("m", 1.0)}
BAD_UNITS = [" in kg", " in m²", " in litres", " in kW"]
FAMILY = {"in": UNITS_IN, "bare": UNITS_BARE, "de": UNITS_DE}

# template -> (text, unit family)
ELEVATION: dict[str, tuple[str, str]] = {
    "at_what": ("at what height is {s}{u}?", "in"),
    "dash_which": ("{s} - at which height?", "none"),
    "terse": ("{s} elevation{u}", "bare"),
    "whats": ("what's the elevation of {s}{u}", "in"),
    "email_sits": ("Hi, could you tell me at what height {s} sits{u}? Thanks, Tom", "in"),
    "de_liegt": ("wie hoch liegt {s}{u}?", "de"),
    "de_befindet": ("Auf welcher Höhe befindet sich {s}{u}?", "de"),
    "above_zero": ("{s} height above project zero{u}?", "in"),
    "ticket": ("FM ticket 4411: need elevation {s}{u} asap", "bare"),
    "how_high_up": ("how high up is {s}{u}?", "in"),
    "sits_at": ("{s} sits at what elevation{u}?", "in"),
    "chat": ("quick one - elevation of {s}{u}?", "bare"),
}
FLOOR: dict[str, tuple[str, str]] = {
    "ftf": ("floor-to-floor height of {s}{u}", "in"),
    "storey_height": ("storey height {s}{u}?", "bare"),
    "floor_height": ("what's the floor height of {s}{u}", "in"),
    "de": ("Geschosshöhe {s}{u}?", "de"),
    "email": ("Hello, for the stair design I need the floor to floor height of {s}{u}. Regards", "in"),
    "colon": ("{s}: floor-to-floor{u}?", "bare"),
}
SINGLE: dict[str, tuple[str, str]] = {
    "of": ("{a} of {subj}{u}", "bare"),
    "how": ("how {adj} is {subj}{u}?", "in"),
    "dash": ("{subj} - {a}{u}?", "bare"),
    "need": ("need {subj} {a}{u} pls", "bare"),
    "whats": ("what's the {a} of {subj}{u}? thx", "in"),
    "email": ("Hi, we are ordering a replacement. What is the {a} of {subj}{u}? Best, Anna", "in"),
}
DIMENSIONS = [("width", "wide", "OverallWidth"), ("height", "high", "OverallHeight")]
PER_MODEL = {"elevation": 6, "floor_to_floor": 3, "single": 6, "decline": 4}


def _length_unit(m: Model) -> tuple[str, float] | None:
    unit = uu.get_project_unit(m.f, "LENGTHUNIT")
    if unit is None or unit.is_a("IfcConversionBasedUnit"):
        return None
    symbol = m.unit("LENGTHUNIT")
    return symbol, {"mm": 0.001, "cm": 0.01, "m": 1.0}[symbol]


def _number(value: float, file_unit: tuple[str, float], unit: tuple[str, float] | None,
            guids: list[str]) -> tuple[dict[str, Any], str]:
    if unit is None:
        return {"type": "number", "value": round(value, 6), "unit": file_unit[0], "rel_tol": 0.001,
                "guids": guids}, f"({file_unit[0]}, the file's unit)"
    converted = value * file_unit[1] / unit[1]
    return {"type": "number", "value": round(converted, 6), "unit": unit[0], "rel_tol": 0.001, "guids": guids}, \
        f"converted from {file_unit[0]} to {unit[0]} as asked"


def _case(model: str, group: str, template: str, query: str, oracle: dict[str, Any], rule: str,
          phrasing: str = "") -> dict[str, Any]:
    return {"query": query, "ifc_filename": model, "kind": "edge" if group == "decline" else "lookup",
            "group": group, "phrasing": phrasing, "template": template, "oracle": oracle, "oracle_rule": rule,
            "source": "ifcopenshell"}


def _templates(table: dict[str, tuple[str, str]], held_part: bool) -> list[str]:
    """Every third template is held back; the held-back file draws from all."""
    return [t for i, t in enumerate(table) if held_part or i % 3 != 2]


def _unit(rng: random.Random, family: str) -> tuple[str, tuple[str, float] | None]:
    if family == "none":
        return "", None
    phrase = rng.choice(list(FAMILY[family]))
    return phrase, FAMILY[family][phrase]


def _storey_form(rng: random.Random, name: str) -> str:
    return name.lower() if rng.random() < 0.3 else name


def _storeys(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unit = _length_unit(m)
    if unit is None:
        return out
    storeys = [s for s in m.f.by_type("IfcBuildingStorey") if s.Name]
    names = [s.Name for s in storeys]
    elevated = [s for s in storeys if s.Elevation is not None]
    for st in storeys:
        if names.count(st.Name) != 1:
            continue
        t = rng.choice(_templates(ELEVATION, held_part))
        text, family = ELEVATION[t]
        sname = _storey_form(rng, st.Name)
        if st.Elevation is None:
            out.append(_case(model, "decline", t, text.format(s=sname, u=""), {"type": "decline"},
                             f"decline: IfcBuildingStorey {st.Name!r} records no Elevation", "no_elevation"))
            continue
        phrase, asked = _unit(rng, family)
        oracle, how = _number(float(st.Elevation), unit, asked, [])
        out.append(_case(model, "elevation", t, text.format(s=sname, u=phrase), oracle,
                         f"IfcBuildingStorey.Elevation of {st.Name} {how}", phrase.strip() or "none"))
        if rng.random() < 0.3 and family != "none":
            bad = rng.choice(BAD_UNITS)
            out.append(_case(model, "decline", t, text.format(s=sname, u=bad), {"type": "decline"},
                             f"decline: an elevation is a length, asked{bad}", "bad_unit"))
        # floor-to-floor: the next storey above
        above = [o for o in elevated if float(o.Elevation) > float(st.Elevation) + 1e-9]
        t = rng.choice(_templates(FLOOR, held_part))
        text, family = FLOOR[t]
        if len({float(o.Elevation) for o in elevated}) != len(elevated):
            continue
        if not above:
            out.append(_case(model, "decline", t, text.format(s=sname, u=""), {"type": "decline"},
                             f"decline: {st.Name} is the highest storey, no storey above to measure to",
                             "top_storey"))
            continue
        nxt = min(above, key=lambda o: float(o.Elevation))
        phrase, asked = _unit(rng, family)
        oracle, how = _number(float(nxt.Elevation) - float(st.Elevation), unit, asked, [])
        out.append(_case(model, "floor_to_floor", t, text.format(s=sname, u=phrase), oracle,
                         f"Elevation of {nxt.Name} minus Elevation of {st.Name} {how}", phrase.strip() or "none"))
    if names:
        ghost = next(n for n in ("Level 7", "Level 9", "Geschoss 5", "5th floor") if n not in names)
        t = rng.choice(_templates(ELEVATION, held_part))
        text, family = ELEVATION[t]
        phrase, _ = _unit(rng, family)
        out.append(_case(model, "decline", t, text.format(s=ghost, u=phrase), {"type": "decline"},
                         f"decline: the model has no storey {ghost!r} (storeys: {', '.join(names)})", "no_storey"))
    return out


def _external(e: Any) -> bool:
    return ue.get_pset(e, "Pset_DoorCommon", "IsExternal") is True


def _singles(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unit = _length_unit(m)
    if unit is None:
        return out
    storeys = [s for s in m.storey_names() if s]
    several_storeys = len(storeys) > 1 and len(set(storeys)) == len(storeys)
    names = Counter(e.Name for e in m.everything() if e.Name)
    subjects: list[tuple[str, list[Any], str]] = []
    for word, cls in (("door", "IfcDoor"), ("window", "IfcWindow")):
        pool = m.of((cls,))
        if not pool:
            continue
        subjects.append((f"the {word}", pool, f"'the {word}' in the model"))
        if several_storeys:
            for s in storeys:
                es = [e for e in pool if m.storey_name(e) == s]
                if es:
                    subjects.append((f"the {word} on {_storey_form(rng, s)}", es,
                                     f"'the {word}' on {s}, {STOREY_DEEP}"))
        named = [e for e in pool if e.Name and names[e.Name] == 1 and len(e.Name) <= 32 and ":" not in e.Name]
        for e in rng.sample(named, min(2, len(named))):
            subjects.append((e.Name, [e], f"the {cls} named {e.Name!r} (the only element so named)"))
    doors = m.of(("IfcDoor",))
    external = [e for e in doors if _external(e)]
    if external:
        subjects.append(("the external door", external,
                         "'the external door': the doors with Pset_DoorCommon.IsExternal = TRUE"))
    tpls = _templates(SINGLE, held_part)
    for subj, es, where in subjects:
        a, adj, attr = rng.choice(DIMENSIONS)
        t = rng.choice(tpls)
        text, family = SINGLE[t]
        phrase, asked = _unit(rng, family)
        query = text.format(a=a, adj=adj, subj=subj, u=phrase)
        if len(es) > 1:
            if rng.random() < 0.5 or t == "need":
                continue  # fewer not-unique declines; "need the door width": a compound, each door's width
            out.append(_case(model, "decline", t, query, {"type": "decline"},
                             f"decline: {where} is not one: there are {len(es)}", "not_unique"))
            continue
        value = getattr(es[0], attr, None)
        if value is None:
            continue
        oracle, how = _number(float(value), unit, asked, [es[0].GlobalId])
        out.append(_case(model, "single", t, query, oracle, f"{es[0].is_a()}.{attr} of {where} {how}",
                         phrase.strip() or "none"))
        if rng.random() < 0.25:
            bad = rng.choice(BAD_UNITS)
            text_in = SINGLE["whats"][0]
            out.append(_case(model, "decline", "whats", text_in.format(a=a, adj=adj, subj=subj, u=bad),
                             {"type": "decline"}, f"decline: a {a} is a length, asked{bad}", "bad_unit"))
    return out


def generate(ifc_dir: Path, seed: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for path in sorted(ifc_dir.glob("*.ifc")):
        m = Model(path)
        for part in (_storeys, _singles):
            cases += part(m, path.name, rng, held_part)
    return cases


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "vlook16", SEED, PER_MODEL, 1.0)
    return dev, sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "vlook16b", SEED_B, PER_MODEL, 0.5)


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    groups = Counter(c["group"] + ("/" + c["phrasing"] if c["group"] == "decline" else "") for c in cases)
    return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n"
            "  " + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())))


def main(argv: list[str] | None = None) -> int:
    return paired_main(__doc__, build, DEFAULT_OUT, DEFAULT_OUT_B, _summary, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    sys.exit(main())
