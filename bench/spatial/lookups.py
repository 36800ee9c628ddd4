"""Lookup bench (issue 22, round 11 look11): a value of a named storey, element or class, asked in people's words.

    python bench/spatial/lookups.py [--ifc-dir ../shared/ifc] [--check]
        writes lookup_cases.json (dev) and lookup_cases_b.json (held back: scored only at the end)
    python bench/spatial/lookups.py --report RUN_DIR    # per group and template, from a spatial-bench run

Written before the parser work of round 11 (look11), from how people ask for one value: the eighth blind set's
misses ("elevation level 2 in m", "At what height in metres does Level 2 sit according to the model?", "Level 2
height above zero - how many meters?", "the walls consist of which material", "What is the door's width in
metres?" of the only door of a storey), e-mails, FM tickets, chat and German.

**Groups** (``group``), each oracle computed with plain IfcOpenShell (``people_oracles.Model``):

==================  =============================================================================================
elevation           ``IfcBuildingStorey.Elevation`` of a storey named by its Name, in the file's length unit, or
                    converted to the unit the question asks ("in m", "in metres", "in mm", "(m)")
material            the materials (``ifcopenshell.util.element.get_materials``: a layer set's layer materials, a
                    list's or constituent set's materials, one material) of a class in the model or on a storey
                    (storey-deep), each material counted once per element holding it; only where every element
                    of the subject holds at least one
material_named      the same of one element named by its Name (unique in the model)
single_named        OverallWidth / OverallHeight of a door or window named by its Name ("How wide is Haustuer?")
single              OverallWidth / OverallHeight of the one door or window of a storey (or of the model), asked in
                    the singular ("the door's width"), in the file's unit or the asked one
decline             ``not_unique``: the singular asked of a class with several elements there ("the door's width on
                    Level 1" with 6 doors: which one?); ``bad_unit``: an elevation asked in a unit of no length
                    ("in m²", "in kg"); ``no_storey``: a storey the model does not have; ``no_elevation``: a storey
                    that records no Elevation; ``no_material``: a class none of whose elements holds a material
                    (nor a property named "material"); ``no_class``: a class the model does not have
==================  =============================================================================================

**Templates** (``template``): "what is the X of Y", "Y's X", "X of Y?", "what X does Y have", "Y - X?", "what's Y
made of", "Y consist of which material", "at what height does Y sit", "how high above zero is Y", units asked,
e-mail and ticket framings, German ("auf welcher Höhe liegt", "aus welchem Material"). A third of the templates
(``HELD``) are used only in the held-back file, which is also a second seeded sample.
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
DEFAULT_OUT = HERE / "lookup_cases.json"
DEFAULT_OUT_B = HERE / "lookup_cases_b.json"
SEED, SEED_B = 11, 1111
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

# units people ask a length in: words -> (unit symbol, metres per unit)
UNITS = {"": None, " in m": ("m", 1.0), " in metres": ("m", 1.0), " in meters": ("m", 1.0), " (m)": ("m", 1.0),
         " in mm": ("mm", 0.001), " in millimetres": ("mm", 0.001), " in cm": ("cm", 0.01)}
BAD_UNITS = [" in m²", " in kg", " in square metres", " in litres"]

ELEVATION: dict[str, str] = {
    "what_of": "What is the elevation of {s}{u}?",
    "terse": "{s} elevation{u}?",
    "bare": "elevation {s}{u}",
    "sit": "At what height{u} does {s} sit according to the model?",
    "above_zero": "how high above zero is {s}{u}?",
    "how_many": "{s} height above zero - how many {uw}?",
    "possessive": "what's {s}'s elevation{u}?",
    "de_liegt": "Auf welcher Höhe liegt {s}?",
    "dash": "{s} - elevation{u}?",
    "email": "Hi, we're setting out the stair. What elevation does {s} have{u}? Thanks",
    # held back
    "have": "what elevation does {s} have{u}?",
    "which_height": "at which height is {s}{u}?",
    "de_hoehenlage": "Höhenlage von {s}?",
    "ticket": "FM ticket: please check the elevation of {s}{u}",
    "level_at": "{s}: height above ground floor zero{u}?",
}
MATERIAL: dict[str, str] = {
    "what_of": "What is the material of {the}?",
    "terse": "{sg} material{place}?",
    "made_of": "What are {the} made of?",
    "consist": "{the} consist of which material",
    "have": "which material do {the} have?",
    "need": "I need the material of {the}.",
    "dash": "{The} - material?",
    "email": "Hi, I'm preparing a report and need the material of {the}. What does the model say?",
    "de": "Aus welchem Material sind die {de}?",
    "what_material_are": "what material are {the}?",
    # held back
    "consist_of": "what do {the} consist of?",
    "de_woraus": "Woraus bestehen die {de}?",
    "used_for": "which material is used for {the}?",
    "please": "material of {the} please",
    "ticket": "FM ticket: what are {the} made of?",
}
NAMED: dict[str, str] = {
    "what_of": "What is the material of {n}?",
    "made_of": "What is {n} made of?",
    "terse": "{n} material?",
    "consist": "{n} consists of which material",
    "dash": "{n} - material?",
    # held back
    "consist_of": "what does {n} consist of?",
    "please": "material of {n} please",
}
SINGLE: dict[str, str] = {
    "what_of": "What is the {a} of the {c}{place}{u}?",
    "possessive": "What is the {c}'s {a}{place}{u}?",
    "how": "How {adj} is the {c}{place}{u}?",
    "terse": "{c} {a}{place}{u}?",
    "dash": "the {c}{place} - {a}{u}?",
    "email": "We need to get a desk through the {c}{place}. What is its {a}{u}? Cheers",
    "have": "what {a} does the {c}{place} have{u}?",
    "only": "The only {c}{place}: what is its {a}{u}?",
    "need": "I need the {a} of the {c}{place}{u}.",
    # held back
    "tell_me": "can you tell me how {adj} the {c}{place} is{u}?",
    "of_q": "{a} of the {c}{place}{u}?",
    "ticket": "Ticket: check the {c}{place}, {a}{u} please",
}
DIM_NAMED: dict[str, str] = {
    "what_of": "What is the {a} of {n}{u}?",
    "terse": "{n} {a}{u}?",
    "how": "How {adj} is {n}{u}?",
    "dash": "{n} - {a}{u}?",
    "possessive": "what's {n}'s {a}{u}?",
    "de": "Wie {de} ist {n}?",
    # held back
    "need_dim": "I need the {a} of {n}{u}.",
    "have": "what {a} does {n} have{u}?",
    "please": "{a} of {n} please{u}",
}
HELD = frozenset(["have", "which_height", "de_hoehenlage", "ticket", "level_at", "consist_of", "de_woraus",
                  "used_for", "please", "tell_me", "of_q", "need_dim"])

# (plural, singular, German plural, classes)
CLASSES = [("walls", "wall", "Wände", ("IfcWall",)), ("doors", "door", "Türen", ("IfcDoor",)),
           ("windows", "window", "Fenster", ("IfcWindow",)), ("columns", "column", "Stützen", ("IfcColumn",)),
           ("slabs", "slab", "Decken", ("IfcSlab",)), ("beams", "beam", "Träger", ("IfcBeam",))]
ABSENT_ASKED = [("columns", "column", "Stützen", ("IfcColumn",)), ("beams", "beam", "Träger", ("IfcBeam",)),
                ("railings", "railing", "Geländer", ("IfcRailing",))]
DIMENSIONS = [("width", "wide", "OverallWidth", "breit"), ("height", "high", "OverallHeight", "hoch")]
PER_MODEL = {"elevation": 6, "material": 6, "material_named": 3, "single": 4, "single_named": 4, "decline": 4}


def _materials(e: Any) -> list[str]:
    return list(dict.fromkeys(m.Name for m in ue.get_materials(e) if m.Name))


def _length_unit(m: Model) -> tuple[str, float] | None:
    unit = uu.get_project_unit(m.f, "LENGTHUNIT")
    if unit is None or unit.is_a("IfcConversionBasedUnit"):
        return None  # feet: people_oracles' Model spells metric units only
    symbol = m.unit("LENGTHUNIT")
    return symbol, {"mm": 0.001, "cm": 0.01, "m": 1.0}[symbol]


def _number(value: float, file_unit: tuple[str, float], asked: str, guids: list[str]) -> tuple[dict[str, Any], str]:
    unit = UNITS[asked]
    if unit is None:
        return {"type": "number", "value": round(value, 6), "unit": file_unit[0], "rel_tol": 0.001,
                "guids": guids}, f"({file_unit[0]}, the file's unit)"
    converted = value * file_unit[1] / unit[1]
    return {"type": "number", "value": round(converted, 6), "unit": unit[0], "rel_tol": 0.001, "guids": guids}, \
        f"converted from {file_unit[0]} to {unit[0]} as asked"


def _values(elements: list[Any]) -> dict[str, Any]:
    counts: Counter[str] = Counter(name for e in elements for name in _materials(e))
    return {"type": "values", "value": [[v, n] for v, n in sorted(counts.items())], "unit": None,
            "guids": sorted({e.GlobalId for e in elements})}


def _case(model: str, group: str, template: str, query: str, oracle: dict[str, Any], rule: str,
          phrasing: str = "") -> dict[str, Any]:
    return {"query": query, "ifc_filename": model, "kind": "edge" if group == "decline" else "lookup",
            "group": group, "phrasing": phrasing, "template": template, "oracle": oracle, "oracle_rule": rule,
            "source": "ifcopenshell"}


def _templates(table: dict[str, str], held_part: bool) -> list[str]:
    return [t for t in table if (t in HELD) == held_part or held_part]


def _elevations(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unit = _length_unit(m)
    if unit is None:
        return out
    names = [s.Name for s in m.f.by_type("IfcBuildingStorey")]
    tpls = _templates(ELEVATION, held_part)
    for st in m.f.by_type("IfcBuildingStorey"):
        if not st.Name or names.count(st.Name) != 1:
            continue
        t = rng.choice(tpls)
        text = ELEVATION[t]
        if st.Elevation is None:
            out.append(_case(model, "decline", t, text.format(s=st.Name, u="", uw="metres"), {"type": "decline"},
                             f"decline: IfcBuildingStorey {st.Name!r} records no Elevation", "no_elevation"))
            continue
        asked = "" if "{u}" not in text or t.startswith("de") else rng.choice(list(UNITS))
        if t == "how_many":
            asked = rng.choice([" in m", " in mm", " in metres"])
        oracle, how = _number(float(st.Elevation), unit, asked, [])
        uw = {"m": "meters", "mm": "millimetres", "cm": "centimetres"}[UNITS[asked][0]] if UNITS.get(asked) else ""
        out.append(_case(model, "elevation", t, text.format(s=st.Name, u=asked, uw=uw), oracle,
                         f"IfcBuildingStorey.Elevation of {st.Name} {how}", asked.strip() or "none"))
        if rng.random() < 0.35 and "{u}" in text and t != "how_many":
            bad = rng.choice(BAD_UNITS)
            out.append(_case(model, "decline", t, text.format(s=st.Name, u=bad, uw=""), {"type": "decline"},
                             f"decline: an elevation is a length, asked{bad}", "bad_unit"))
    if names:
        taken = set(names)
        ghost = next(n for n in ("Level 7", "Level 9", "3rd floor", "Geschoss 5") if n not in taken)
        t = rng.choice([t for t in tpls if "{uw}" not in ELEVATION[t]])
        out.append(_case(model, "decline", t, ELEVATION[t].format(s=ghost, u="", uw=""), {"type": "decline"},
                         f"decline: the model has no storey {ghost!r} (storeys: {', '.join(map(str, names))})",
                         "no_storey"))
    return out


def _material_cases(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    storeys = [s for s in m.storey_names() if s]
    multi = len(storeys) > 1 and len(set(storeys)) == len(storeys)
    tpls = _templates(MATERIAL, held_part)
    for plural, singular, german, classes in CLASSES:
        pool = m.of(classes)
        if not pool:
            continue
        subjects = [(pool, "", "in the model")]
        if multi:
            for s in storeys:
                es = [e for e in pool if m.storey_name(e) == s]
                if es:
                    subjects.append((es, f" on {s}", f"on {s}, {STOREY_DEEP}"))
        for es, place, where in subjects:
            t = rng.choice(tpls if not place else [t for t in tpls if not t.startswith("de")])
            the = f"the {plural}{place}"
            query = MATERIAL[t].format(the=the, The=the[:1].upper() + the[1:], sg=singular.capitalize(),
                                       place=place, de=german)
            holding = [e for e in es if _materials(e)]
            if not holding and any("material" in p.casefold() for e in es for props in ue.get_psets(e).values()
                                   for p in props):
                continue  # no associated material, but a property named so (ArchiCAD's 'Material'): either reading
            if not holding:
                out.append(_case(model, "decline", t, query, {"type": "decline"},
                                 f"decline: none of the {len(es)} {'/'.join(classes)} {where} holds a material "
                                 "(IfcRelAssociatesMaterial)", "no_material"))
            elif len(holding) == len(es):
                out.append(_case(model, "material", t, query, _values(es),
                                 f"materials (get_materials) of each {'/'.join(classes)} {where}", "class"))
    present = {c for _, _, _, cs in CLASSES for c in cs if m.of(cs)}
    for plural, _singular, german, classes in ABSENT_ASKED:
        if any(m.by_type(c) for c in classes) or classes[0] in present:
            continue
        t = rng.choice([t for t in tpls if not t.startswith("de")])
        the = f"the {plural}"
        out.append(_case(model, "decline", t, MATERIAL[t].format(the=the, The=the.capitalize(), sg=plural[:-1]
                                                                 .capitalize(), place="", de=german),
                         {"type": "decline"}, f"decline: the model has no {classes[0]}", "no_class"))
        break
    return out


def _named(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    names = Counter(e.Name for e in m.everything() if e.Name)
    names.update(s.Name for s in m.f.by_type("IfcSpatialElement") if s.Name) if m.f.schema != "IFC2X3" else \
        names.update(s.Name for s in m.f.by_type("IfcSpatialStructureElement") if s.Name)
    tpls = _templates(NAMED, held_part)
    pool = [e for e in m.of(("IfcWall", "IfcSlab", "IfcColumn", "IfcBeam"))
            if e.Name and names[e.Name] == 1 and 6 <= len(e.Name) <= 32 and ":" not in e.Name
            and any(ch.isalpha() for ch in e.Name) and _materials(e)]
    for e in rng.sample(pool, min(4, len(pool))):
        t = rng.choice(tpls)
        out.append(_case(model, "material_named", t, NAMED[t].format(n=e.Name), _values([e]),
                         f"materials (get_materials) of the {e.is_a()} named {e.Name!r} (the only element so named)",
                         "named"))
    return out


def _singles(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unit = _length_unit(m)
    if unit is None:
        return out
    storeys = [s for s in m.storey_names() if s]
    tpls = _templates(SINGLE, held_part)
    for _plural, singular, _german, classes in CLASSES[1:3]:  # doors, windows: OverallWidth / OverallHeight
        pool = m.of(classes)
        if not pool:
            continue
        places = [("", pool, "in the model")] if len(m.f.by_type("IfcBuildingStorey")) <= 1 else []
        if len(storeys) > 1:
            places += [(f" on {s}", [e for e in pool if m.storey_name(e) == s], f"on {s}, {STOREY_DEEP}")
                       for s in storeys]
        for place, es, where in places:
            if not es:
                continue
            a, adj, attr, _de = rng.choice(DIMENSIONS)
            t = rng.choice(tpls)
            asked = rng.choice(list(UNITS))
            text = SINGLE[t]
            if len(es) > 1 and t == "terse":
                continue  # "door height on Level 2?": a compound, the doors' height, not one door presumed
            if len(es) > 1:
                query = text.format(a=a, adj=adj, c=singular, place=place, u=asked)
                out.append(_case(model, "decline", t, query, {"type": "decline"},
                                 f"decline: 'the {singular}' {where} is not one: there are {len(es)}", "not_unique"))
                continue
            value = getattr(es[0], attr, None)
            if value is None:
                continue
            oracle, how = _number(float(value), unit, asked, [es[0].GlobalId])
            out.append(_case(model, "single", t, text.format(a=a, adj=adj, c=singular, place=place, u=asked),
                             oracle, f"{es[0].is_a()}.{attr} of the one {singular} {where} {how}",
                             asked.strip() or "none"))
    return out


def _singles_named(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unit = _length_unit(m)
    if unit is None:
        return out
    names = Counter(e.Name for e in m.everything() if e.Name)
    tpls = _templates(DIM_NAMED, held_part)
    pool = [e for e in m.of(("IfcDoor", "IfcWindow")) if e.Name and names[e.Name] == 1 and len(e.Name) <= 32
            and ":" not in e.Name]
    for e in rng.sample(pool, min(4, len(pool))):
        a, adj, attr, de = rng.choice(DIMENSIONS)
        value = getattr(e, attr, None)
        if value is None:
            continue
        t = rng.choice(tpls)
        asked = "" if t == "de" else rng.choice(list(UNITS))
        oracle, how = _number(float(value), unit, asked, [e.GlobalId])
        out.append(_case(model, "single_named", t, DIM_NAMED[t].format(a=a, adj=adj, de=de, n=e.Name, u=asked),
                         oracle, f"{e.is_a()}.{attr} of the element named {e.Name!r} {how}", asked.strip() or "none"))
    return out


def generate(ifc_dir: Path, seed: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for path in sorted(ifc_dir.glob("*.ifc")):
        m = Model(path)
        for part in (_elevations, _material_cases, _named, _singles, _singles_named):
            cases += part(m, path.name, rng, held_part)
    return cases


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "look11", SEED, PER_MODEL)
    return dev, sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "look11b", SEED_B, PER_MODEL)


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    groups = Counter(c["group"] + ("/" + c["phrasing"] if c["group"] == "decline" else "") for c in cases)
    return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n"
            "  " + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())))


def main(argv: list[str] | None = None) -> int:
    return paired_main(__doc__, build, DEFAULT_OUT, DEFAULT_OUT_B, _summary, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    sys.exit(main())
