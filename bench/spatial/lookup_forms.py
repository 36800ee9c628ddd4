"""Lookup-form bench (issue 22, round 13 look13): filters and lookups with type names, units and contrasts, as
people write them.

    python bench/spatial/lookup_forms.py [--ifc-dir ../shared/ifc] [--check]
        writes lookup_form_cases.json (dev) and lookup_form_cases_b.json (held back: scored only at the end)
    python bench/spatial/lookup_forms.py --report RUN_DIR    # per group and template, from a spatial-bench run

Written before the parser work of round 13 (look13). People name an element type by the model's own type name,
and Revit/ArchiCAD type names hold class words ("Basic Wall:Outside wall", "M_Single-Flush:0915 x 2134mm",
"IFC Tür - Eine Öffnunsgrichtung"): on main "walls of the Basic Wall:Outside wall type" listed 18 walls read as
"type name contains 'basic' and IsExternal" (14 hold that type). They ask a value in a unit ("the door widths in
cm", "elevation of Level 2 in feet"), and say what they do not want ("the doors, not the windows, on Level 1").

**Groups** (``group``), each oracle computed with plain IfcOpenShell (``people_oracles.Model``,
``ifcopenshell.util.element.get_type``), storey-deep where a storey is named:

===============  ==================================================================================================
type_named       elements of a class whose type object's Name is the written name (whole: quoted, colon-joined,
                 "of type X", "the X type", "X <class>", German "vom Typ"); list or count
type_part        the same with the part after the Revit family's ":" ("the 'Outside wall' type"), where that part
                 names one type of the class
type_lookup      "what type are the windows on EG": the type Names of a class on a storey (values)
unit             a storey's Elevation in the unit asked (mm, cm, m, ft, inches); the doors' / windows' OverallWidth
                 in the unit asked (values), where every one of them records it
contrast         "the doors, not the windows, on Level 1", "only the walls - no slabs": the first class (elements)
decline          ``type_absent``: a type name the model lacks ("Basic Wall:Curtain Wall 2"); ``type_other``: a
                 type of another class ("windows of type Basic Wall:Inside"); ``bad_unit``: a length asked in a
                 unit of no length ("door widths in kg", "elevation in square feet")
===============  ==================================================================================================

A third of the templates (``HELD``) are used only in the held-back file, which is also a second seeded sample.
"""

from __future__ import annotations

import random
import re
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
DEFAULT_OUT = HERE / "lookup_form_cases.json"
DEFAULT_OUT_B = HERE / "lookup_form_cases_b.json"
SEED, SEED_B = 13, 1313
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

# (plural, singular, German plural, class)
CLASSES = [("walls", "wall", "Wände", "IfcWall"), ("doors", "door", "Türen", "IfcDoor"),
           ("windows", "window", "Fenster", "IfcWindow"), ("slabs", "slab", "Decken", "IfcSlab"),
           ("columns", "column", "Stützen", "IfcColumn"), ("beams", "beam", "Träger", "IfcBeam")]

TYPE_NAMED: dict[str, str] = {
    "quoted": 'which {c} are of type "{t}"{p}?',
    "type_after": "{c} of the {t} type{p}",
    "of_type": "list the {c} of type {t}{p}",
    "count": "how many {c} of type {t} are there{p}?",
    "prefix": "how many {t} {c} are{p}?",
    "email": "Hi, for the hardware order I need every {sg} of type '{t}'{p}. Could you list them? Thanks, Tom",
    "ticket": "FM ticket 4471: {c} with type {t}{p} - please list",
    "de": '{de} vom Typ "{t}"{dp}',
    "chat": "show me the {t} {c}{p} pls",
    # held back
    "whose": "all {c} whose type is {t}{p}",
    "typed_as": "{c} typed as '{t}'{p}?",
    "count_type": "number of {t} type {c}{p}?",
    "de_count": 'Wie viele {de} vom Typ "{t}" gibt es{dp}?',
}
TYPE_PART: dict[str, str] = {
    "quoted_part": "{c} of the '{t}' type{p}",
    "of_type": "which {c} are of type \"{t}\"{p}?",
    # held back
    "count_part": "how many {c} of the \"{t}\" type are there{p}?",
}
TYPE_LOOKUP: dict[str, str] = {
    "what_type": "what type are the {c}{p}?",
    "which_types": "which {sg} types are used{p}?",
    "email": "Hello, quick one for the spec: what {sg} types do we have{p}? Regards",
    # held back
    "types_of": "types of the {c}{p}?",
}
UNIT_ELEVATION: dict[str, str] = {
    "whats": "what's the elevation of {s} in {u}?",
    "elevation_in": "elevation of {s} in {u} please",
    "ticket": "Ticket: need {s} elevation in {u} for the survey",
    # held back
    "give": "how high above zero is {s} in {u}?",
}
UNIT_WIDTHS: dict[str, str] = {
    "give": "give me the {sg} widths{p} in {u}",
    "what_are": "what are the widths of the {c}{p} in {u}?",
    # held back
    "list_w": "list {sg} widths{p}, in {u} please",
}
CONTRAST: dict[str, str] = {
    "not_the": "the {a}, not the {b}, {s}",
    "dash_no": "only the {a} - no {b} - {s}",
    "but_not": "{a} but not {b} {s}",
    "paren": "{a} (not {b}) {s}",
    # held back
    "just": "just the {a}, no {b}, {s}",
    "rather": "{a} {s}, not {b}",
}
HELD = frozenset(["whose", "typed_as", "count_type", "de_count", "count_part", "types_of", "give", "list_w",
                  "just", "rather"])

# unit words -> (symbol, metres per unit)
UNITS = {"mm": ("mm", 0.001), "millimetres": ("mm", 0.001), "cm": ("cm", 0.01), "metres": ("m", 1.0),
         "m": ("m", 1.0), "feet": ("ft", 0.3048), "ft": ("ft", 0.3048), "inches": ("in", 0.0254)}
WIDTH_UNITS = ["mm", "cm", "m", "metres", "millimetres"]
BAD_UNITS = ["kg", "square feet", "m²", "litres"]
CLASS_WORDS = frozenset(w.casefold() for c in CLASSES for w in c[:3])
PER_MODEL = {"type_named": 8, "type_part": 3, "type_lookup": 3, "unit": 5, "contrast": 4, "decline": 5}


def _type_name(e: Any) -> str | None:
    t = ue.get_type(e)
    return t.Name if t is not None and t.Name else None


def _case(model: str, group: str, template: str, query: str, oracle: dict[str, Any], rule: str,
          phrasing: str = "") -> dict[str, Any]:
    return {"query": query, "ifc_filename": model, "kind": "edge" if group == "decline" else "lookup",
            "group": group, "phrasing": phrasing, "template": template, "oracle": oracle, "oracle_rule": rule,
            "source": "ifcopenshell"}


def _templates(table: dict[str, str], held_part: bool) -> list[str]:
    return [t for t in table if (t in HELD) == held_part or held_part]


def _elements(es: list[Any], count: bool) -> dict[str, Any]:
    guids = sorted({e.GlobalId for e in es})
    return {"type": "count", "value": len(guids), "guids": guids} if count else {"type": "elements", "guids": guids}


def _places(m: Model) -> list[tuple[str, str, str | None]]:
    """(English place, German place, storey name) choices: the model, and each uniquely named storey."""
    names = [s for s in m.storey_names() if s]
    out: list[tuple[str, str, str | None]] = [("", "", None)]
    if len(names) > 1:
        out += [(f" on {s}", f" im Geschoss {s}", s) for s in names if names.count(s) == 1]
    return out


def _fmt(text: str, **kw: str) -> str:
    return " ".join(text.format(**kw).split()).replace(" ?", "?")


def _type_named(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    tpls = _templates(TYPE_NAMED, held_part)
    part_tpls = _templates(TYPE_PART, held_part)
    all_types = {_type_name(e) for e in m.everything()} - {None}
    for plural, singular, german, cls in CLASSES:
        pool = m.of(cls)
        names = Counter(n for e in pool if (n := _type_name(e)))
        for tname in sorted(names):
            if len(tname) < 4 or not re.search(r"[^\W\d_]", tname) or len(tname) > 48 or \
                    tname.casefold() in CLASS_WORDS:
                continue  # "the Window windows": a type named by its class word says nothing more
            place, dplace, storey = rng.choice([p for p in _places(m) if p[2] is None or any(
                _type_name(e) == tname and m.storey_name(e) == p[2] for e in pool)])
            es = [e for e in pool if _type_name(e) == tname and (storey is None or m.storey_name(e) == storey)]
            t = rng.choice(tpls)
            if t == "prefix" and ":" not in tname:
                t = "quoted"  # "how many Kalksandstein walls": a material as often as a type; the colon says type
            where = f"on {storey}, {STOREY_DEEP}" if storey else "in the model"
            count = t.startswith("count") or t in ("prefix", "de_count")
            query = _fmt(TYPE_NAMED[t], c=plural, sg=singular, de=german, t=tname,
                         p=place if t != "prefix" else (place or " in the model"), dp=dplace)
            out.append(_case(model, "type_named", t, query, _elements(es, count),
                             f"{cls} whose type (get_type) Name is {tname!r} {where}", "whole"))
            family, colon, part = tname.rpartition(":")
            if colon and len(part) >= 4 and re.search(r"[^\W\d_]", part) and family:
                same = [n for n in names if n.rpartition(":")[2].casefold() == part.casefold()]
                if len(same) == 1 and not any(part.casefold() in n.casefold() for n in all_types - {tname}):
                    t2 = rng.choice(part_tpls)
                    count = t2.startswith("count")
                    out.append(_case(model, "type_part", t2, _fmt(TYPE_PART[t2], c=plural, t=part, p=place),
                                     _elements(es, count), f"{cls} whose type Name {tname!r} ends ':{part}' {where}",
                                     "part"))
        # a type of another class, asked of this class; and a type name the model lacks
        others = sorted({n for e in m.everything() if not e.is_a(cls) and (n := _type_name(e))
                         and ":" in n and n not in names})
        if pool and others and rng.random() < 0.5:
            other = rng.choice(others)
            t = rng.choice([x for x in tpls if x not in ("prefix", "chat")])
            out.append(_case(model, "decline", t, _fmt(TYPE_NAMED[t], c=plural, sg=singular, de=german, t=other,
                                                       p="", dp=""), {"type": "decline"},
                             f"decline: no {cls} is of type {other!r} (a type of other elements)", "type_other"))
        colon_names = [n for n in names if ":" in n]
        if colon_names:
            fam = colon_names[0].rpartition(":")[0]
            ghost = next(g for g in (f"{fam}:Curtain Wall 2", f"{fam}:Fire 90min", f"{fam}:XX-Test")
                         if g not in all_types)
            t = rng.choice([x for x in tpls if x not in ("prefix", "chat")])
            out.append(_case(model, "decline", t, _fmt(TYPE_NAMED[t], c=plural, sg=singular, de=german, t=ghost,
                                                       p="", dp=""), {"type": "decline"},
                             f"decline: the model has no type named {ghost!r}", "type_absent"))
    return out


def _type_lookup(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    tpls = _templates(TYPE_LOOKUP, held_part)
    for plural, singular, _german, cls in CLASSES[1:3]:
        for place, _dp, storey in _places(m):
            es = [e for e in m.of(cls) if storey is None or m.storey_name(e) == storey]
            if not es or any(_type_name(e) is None for e in es):
                continue
            t = rng.choice(tpls)
            counts = Counter(_type_name(e) for e in es)
            oracle = {"type": "values", "value": [[v, n] for v, n in sorted(counts.items())], "unit": None,
                      "guids": sorted(e.GlobalId for e in es)}
            where = f"on {storey}, {STOREY_DEEP}" if storey else "in the model"
            out.append(_case(model, "type_lookup", t, _fmt(TYPE_LOOKUP[t], c=plural, sg=singular, p=place), oracle,
                             f"type Names (get_type) of the {cls} {where}", "types"))
    return out


def _length_unit(m: Model) -> float | None:
    unit = uu.get_project_unit(m.f, "LENGTHUNIT")
    if unit is None:
        return None
    return float(uu.calculate_unit_scale(m.f))


def _units(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    scale = _length_unit(m)
    if scale is None:
        return out
    names = [s.Name for s in m.f.by_type("IfcBuildingStorey")]
    tpls = _templates(UNIT_ELEVATION, held_part)
    for st in m.f.by_type("IfcBuildingStorey"):
        if not st.Name or names.count(st.Name) != 1 or st.Elevation is None:
            continue
        t = rng.choice(tpls)
        if rng.random() < 0.2:
            bad = rng.choice(BAD_UNITS)
            out.append(_case(model, "decline", t, _fmt(UNIT_ELEVATION[t], s=st.Name, u=bad), {"type": "decline"},
                             f"decline: an elevation is a length, asked in {bad}", "bad_unit"))
            continue
        word = rng.choice(list(UNITS))
        symbol, per = UNITS[word]
        value = float(st.Elevation) * scale / per
        out.append(_case(model, "unit", t, _fmt(UNIT_ELEVATION[t], s=st.Name, u=word),
                         {"type": "number", "value": round(value, 6), "unit": symbol, "rel_tol": 0.001, "guids": []},
                         f"IfcBuildingStorey.Elevation of {st.Name} converted to {symbol}", "elevation"))
    wtpls = _templates(UNIT_WIDTHS, held_part)
    for plural, singular, _german, cls in CLASSES[1:3]:
        for place, _dp, storey in _places(m):
            es = [e for e in m.of(cls) if storey is None or m.storey_name(e) == storey]
            if not es or any(getattr(e, "OverallWidth", None) is None for e in es):
                continue
            t = rng.choice(wtpls)
            if rng.random() < 0.15:
                bad = rng.choice(BAD_UNITS)
                out.append(_case(model, "decline", t, _fmt(UNIT_WIDTHS[t], c=plural, sg=singular, p=place, u=bad),
                                 {"type": "decline"}, f"decline: a width is a length, asked in {bad}", "bad_unit"))
                continue
            word = rng.choice(WIDTH_UNITS)
            symbol, per = UNITS[word]
            counts = Counter(round(float(e.OverallWidth) * scale / per, 6) for e in es)
            oracle = {"type": "values", "value": [[v, n] for v, n in sorted(counts.items())], "unit": symbol,
                      "guids": sorted(e.GlobalId for e in es)}
            where = f"on {storey}, {STOREY_DEEP}" if storey else "in the model"
            out.append(_case(model, "unit", t, _fmt(UNIT_WIDTHS[t], c=plural, sg=singular, p=place, u=word), oracle,
                             f"{cls}.OverallWidth of each {cls} {where} converted to {symbol}", "widths"))
    return out


def _contrast(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    tpls = _templates(CONTRAST, held_part)
    present = [c for c in CLASSES if m.of(c[3])]
    for place, _dp, storey in _places(m):
        if storey is None or len(present) < 2:
            continue
        a, b = rng.sample(present, 2)
        es = [e for e in m.of(a[3]) if m.storey_name(e) == storey]
        if not es:
            continue
        t = rng.choice(tpls)
        out.append(_case(model, "contrast", t, _fmt(CONTRAST[t], a=a[0], b=b[0], s=place.strip()), _elements(es, False),
                         f"the {a[3]} on {storey}, {STOREY_DEEP} (the {b[3]} said not wanted)", "contrast"))
    return out


def generate(ifc_dir: Path, seed: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for path in sorted(ifc_dir.glob("*.ifc")):
        m = Model(path)
        for part in (_type_named, _type_lookup, _units, _contrast):
            cases += part(m, path.name, rng, held_part)
    return cases


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "look13", SEED, PER_MODEL)
    return dev, sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "look13b", SEED_B, PER_MODEL)


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    groups = Counter(c["group"] + ("/" + c["phrasing"] if c["group"] == "decline" else "") for c in cases)
    return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n"
            "  " + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())))


def main(argv: list[str] | None = None) -> int:
    return paired_main(__doc__, build, DEFAULT_OUT, DEFAULT_OUT_B, _summary, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    sys.exit(main())
