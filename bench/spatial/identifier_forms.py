"""Identifier bench (issue 22, round 17 ifcid17): questions that name schema and model IDENTIFIERS.

    python bench/spatial/identifier_forms.py [--ifc-dir ../shared/ifc] [--check]
        writes identifier_cases.json (dev) and identifier_cases_b.json (held back: scored only at the end)
    python bench/spatial/identifier_forms.py --report RUN_DIR    # per group and template, from a spatial-bench run

Written before the work of round 17 (ifcid17): BIM coordinators and developers write the property, quantity, set
and entity names of the schema and of the model ("IsExternal", "LoadBearing", "ThermalTransmittance",
"Pset_WallCommon.IsExternal", "Qto_SpaceBaseQuantities.NetFloorArea", "BaseQuantities.GrossArea", "IfcWall"),
often as a parenthesised restatement of plain words ("external walls (IsExternal)").

**Groups** (``group``), each oracle computed with plain IfcOpenShell (``people_oracles.Model``,
``ifcopenshell.util.element.get_pset``):

==============  ================================================================================================
bool_filter     the elements of an IFC class (with subtypes) whose ``Set.Prop`` boolean is TRUE / FALSE
                (``get_pset(e, Set, Prop) is value``), in the model or on a storey (storey-deep); listed, counted
                or asked yes/no; the property written bare, dotted with its set, or in parentheses after the
                plain words that say the same ("external walls (IsExternal)", "internal walls (IsExternal =
                FALSE)")
num_filter      the elements whose numeric ``Set.Prop`` (ThermalTransmittance) is below / above a threshold
                between two of the values the elements hold
quantity        the sum of a quantity (``Set.Qty``) over the elements of a class that hold it, in the file's unit;
                one space's quantity by its Name
relation        an entity or relationship named by its identifier: the elements of a class bounding a space
                (``IfcRelSpaceBoundary``: ``space.BoundedBy`` ... ``RelatedBuildingElement``), the materials of the
                elements of a class on a storey ("Which IfcMaterial is associated with the walls on Level 1?":
                ``ue.get_materials`` names, counted per element)
decline         ``not_held``: a property or quantity the class's elements do not hold (the model holds it
                nowhere on that class); ``misspelled_set``: a set name with a letter dropped; ``other_class``: a
                set the model holds on another class only ("Pset_DoorCommon.IsExternal" of the walls);
                ``not_element``: a resource or relationship entity asked as if it were elements ("List all
                IfcRelAggregates on Level 1", "How many IfcPropertySet are on Level 1?");
                ``contradiction``: a parenthesis that says the opposite of the words ("external walls
                (IsExternal = FALSE)")
==============  ================================================================================================

Every third template of each table is used only in the held-back file, which is also a second seeded draw.
"""

from __future__ import annotations

import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from generated_bench import not_in, paired_main, sample_per_model, seed  # noqa: E402  # noqa: E402
from people_oracles import Model  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
DEFAULT_OUT = HERE / "identifier_cases.json"
DEFAULT_OUT_B = HERE / "identifier_cases_b.json"
SEED, SEED_B = 17, 1717
MODELS = ["AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc", "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc",
          "ExampleHOM.ifc", "Ifc4_SampleHouse.ifc", "KIT-EDC_with_SB.ifc", "LargeBuilding.ifc"]
STOREY_DEEP = "storey-deep (contained in the storey, in one of its spaces, or part of/filling an element that is)"

CLASSES = {"IfcWall": "walls", "IfcDoor": "doors", "IfcWindow": "windows", "IfcSlab": "slabs",
           "IfcBeam": "beams", "IfcColumn": "columns", "IfcSpace": "spaces"}
# the plain words that say a boolean's value, for the parenthesised restatements
PLAIN = {("IsExternal", True): "external", ("IsExternal", False): "internal",
         ("LoadBearing", True): "load-bearing", ("LoadBearing", False): "non-load-bearing"}

BOOL: dict[str, str] = {
    "ifc_eq": "Which {ifc} elements have {p} = {V}?",
    "dotted": "list {word} where {set}.{p} = {V}",
    "paren": "{plain} {word} ({p})",
    "count": "How many {ifc} with {set}.{p} = {V}?",
    "yesno": "Are there any {ifc} elements with {p} set to {v}?",
    "paren_val": "all the {plain} {word} ({p} = {V}) pls",
    "mail": "Hi, for the energy check I need all {word} with {set}.{p} = {V}. Thanks, Jan",
    "storey": "{ifc} on {storey} where {p} is {v}",
    "de": "Welche {ifc} haben {p} = {V}?",
    "paren_storey": "{plain} {word} ({set}.{p}) on {storey}",
    "chat": "{word} w/ {p}={V} ?",
    "how_many_storey": "how many {word} on {storey} have {p} = {V}",
}
NUM: dict[str, str] = {
    "below": "Which {ifc} elements have {p} below {x}?",
    "gt": "{word} with {set}.{p} > {x}",
    "count": "How many {ifc} have a {p} greater than {x}?",
    "less": "list {ifc} with {p} less than {x} pls",
    "ticket": "Ticket 311: energy audit - {word} where {set}.{p} < {x}",
    "de": "Welche {ifc} haben {p} über {x}?",
}
SUM: dict[str, str] = {
    "sum_dotted": "Sum of {set}.{q} of the {ifc} elements",
    "total": "total {q} of all {ifc}",
    "what_total": "What is the total {set}.{q} of the {word}?",
    "add_up": "add up the {q} of the {word} please",
    "de": "Summe {set}.{q} aller {ifc}",
    "storey": "total {q} of the {ifc} on {storey}",
}
ONE: dict[str, str] = {
    "what": "What is the {set}.{q} of {n}?",
    "bare": "{q} of {n}?",
    "dash": "{n} - {set}.{q}?",
}
BOUND: dict[str, str] = {
    "space_boundaries": "Which {ifc} elements are space boundaries of {s}?",
    "paren_rel": "{word} bounding {s} (IfcRelSpaceBoundary)",
    "rel_of": "{ifc} that are IfcRelSpaceBoundary of {s}",
    "ticket": "FM ticket: list the {word} that bound {s} (IfcRelSpaceBoundary) pls",
}
MATERIAL: dict[str, str] = {
    "associated": "Which IfcMaterial is associated with the {word} on {storey}?",
    "of": "IfcMaterial of the {word} on {storey}",
    "assigned": "which IfcMaterial is assigned to the {ifc} on {storey}",
}
NOT_ELEMENT: dict[str, str] = {
    "list": "List all IfcRelAggregates on {storey}",
    "count": "How many IfcPropertySet are on {storey}?",
    "which": "Which IfcMaterialLayer elements are on {storey}?",
}
DECLINE_BOOL = "Which {ifc} elements have {p} = TRUE?"
DECLINE_NUM = "Which {ifc} elements have {p} below 0.3?"
DECLINE_SET = "list {word} where {set}.{p} = TRUE"
DECLINE_SUM = "Sum of {set}.{q} of the {ifc} elements"
CONTRA = "{plain} {word} ({p} = {V})"
STANDARD_BOOL = ["IsExternal", "LoadBearing", "FireExit", "HandicapAccessible"]
STANDARD_NUM = ["ThermalTransmittance"]
PER_MODEL = {"bool_filter": 7, "num_filter": 2, "quantity": 3, "decline": 4}
PER_MODEL_REL = {"relation": 3, "decline": 1}
QUANTITIES = {"IfcSpace": ["NetFloorArea", "GrossFloorArea"], "IfcSlab": ["GrossArea", "NetArea"],
              "IfcWall": ["NetVolume", "Length", "GrossSideArea"], "IfcWindow": ["Area"], "IfcDoor": ["Area"]}
QTY_UNIT = {"NetFloorArea": "AREAUNIT", "GrossFloorArea": "AREAUNIT", "GrossArea": "AREAUNIT",
            "NetArea": "AREAUNIT", "GrossSideArea": "AREAUNIT", "Area": "AREAUNIT", "NetVolume": "VOLUMEUNIT",
            "Length": "LENGTHUNIT"}


def _case(model: str, group: str, template: str, query: str, oracle: dict[str, Any], rule: str,
          phrasing: str = "") -> dict[str, Any]:
    kind = ("edge" if group == "decline" else "quantities" if group == "quantity" else "lookup"
            if template in MATERIAL else "rooms" if group == "relation" else "qualifiers")
    return {"query": query, "ifc_filename": model, "kind": kind, "group": group, "phrasing": phrasing,
            "template": template, "oracle": oracle, "oracle_rule": rule, "source": "ifcopenshell"}


def _templates(table: dict[str, str], held_part: bool) -> list[str]:
    """Every third template is held back; the held-back file draws from all."""
    return [t for i, t in enumerate(table) if held_part or i % 3 != 2]


def _guids(es: list[Any]) -> list[str]:
    return sorted({e.GlobalId for e in es})


def _held(es: list[Any]) -> dict[tuple[str, str], list[tuple[Any, Any]]]:
    """(set, property) -> [(element, value)] of the properties and quantities the elements hold."""
    out: dict[tuple[str, str], list[tuple[Any, Any]]] = defaultdict(list)
    for e in es:
        for pset, props in ue.get_psets(e).items():
            for name, value in props.items():
                if pset and name != "id" and value is not None:
                    out[(pset, name)].append((e, value))
    return out


def _storey_pick(m: Model, rng: random.Random, es: list[Any]) -> str | None:
    names = [s for s in m.storey_names() if s]
    if len(names) < 2 or len(set(names)) != len(names):
        return None
    held = sorted({m.storey_name(e) for e in es if m.storey_name(e)})
    return rng.choice(held) if held else None


def _bools(m: Model, model: str, rng: random.Random, held_part: bool, ifc: str, word: str,
           held: dict[tuple[str, str], list[tuple[Any, Any]]], es: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for (pset, p), pairs in sorted(held.items()):
        if not pset.startswith("Pset_") or not all(isinstance(v, bool) for _, v in pairs):
            continue
        if len(pairs) != len(es) or len({pset2 for (pset2, p2) in held if p2 == p}) != 1:
            continue  # every element holds it, in one set only
        for t in rng.sample(_templates(BOOL, held_part), 2):
            value = rng.choice([True, False])
            if "plain" in BOOL[t] and (p, value) not in PLAIN:
                continue
            pool = [e for e, v in pairs if v is value]
            storey = None
            if "{storey}" in BOOL[t]:
                storey = _storey_pick(m, rng, es)
                if storey is None:
                    continue
                pool = [e for e in pool if m.storey_name(e) == storey]
            query = BOOL[t].format(ifc=ifc, word=word, p=p, set=pset, V=str(value).upper(), v=str(value).lower(),
                                   plain=PLAIN.get((p, value), ""), storey=storey)
            rule = f"{ifc} (with subtypes) with {pset}.{p} = {str(value).upper()}" + (
                f" on {storey}, {STOREY_DEEP}" if storey else "")
            if t == "yesno":
                oracle: dict[str, Any] = {"type": "yes_no", "value": bool(pool)}
            elif t.startswith(("count", "how_many")):
                oracle = {"type": "count", "value": len(_guids(pool)), "guids": _guids(pool)}
            else:
                if not pool:
                    continue
                oracle = {"type": "elements", "guids": _guids(pool)}
            out.append(_case(model, "bool_filter", t, query, oracle, rule, p))
        if (p, True) in PLAIN and rng.random() < 0.8:
            value = rng.choice([True, False])
            query = CONTRA.format(plain=PLAIN[(p, value)], word=word, p=p, V=str(not value).upper())
            out.append(_case(model, "decline", "contradiction", query, {"type": "decline"},
                             f"decline: the words say {PLAIN[(p, value)]!r}, the parenthesis {p} = "
                             f"{str(not value).upper()}", "contradiction"))
    return out


def _nums(m: Model, model: str, rng: random.Random, held_part: bool, ifc: str, word: str,
          held: dict[tuple[str, str], list[tuple[Any, Any]]], es: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for (pset, p), pairs in sorted(held.items()):
        if p not in STANDARD_NUM or not pset.startswith("Pset_") or len(pairs) != len(es):
            continue
        if not all(isinstance(v, float) for _, v in pairs) or len({pset2 for (pset2, p2) in held if p2 == p}) != 1:
            continue
        values = sorted({round(float(v), 6) for _, v in pairs})
        if len(values) < 2:
            continue
        i = rng.randrange(len(values) - 1)
        x = round((values[i] + values[i + 1]) / 2, 2)
        if x in values:
            continue
        t = rng.choice(_templates(NUM, held_part))
        below = t in ("below", "less", "ticket")
        pool = [e for e, v in pairs if (float(v) < x if below else float(v) > x)]
        query = NUM[t].format(ifc=ifc, word=word, p=p, set=pset, x=x)
        rule = f"{ifc} with {pset}.{p} {'<' if below else '>'} {x}"
        if t == "count":
            oracle: dict[str, Any] = {"type": "count", "value": len(_guids(pool)), "guids": _guids(pool)}
        else:
            oracle = {"type": "elements", "guids": _guids(pool)}
        out.append(_case(model, "num_filter", t, query, oracle, rule, p))
    return out


def _quantities(m: Model, model: str, rng: random.Random, held_part: bool, ifc: str, word: str,
                held: dict[tuple[str, str], list[tuple[Any, Any]]], es: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for q in QUANTITIES.get(ifc, []):
        sets = [(s, pairs) for (s, name), pairs in held.items() if name == q
                and (s.startswith("Qto_") or s == "BaseQuantities")]
        if len(sets) != 1 or len(sets[0][1]) != len(es):
            continue  # one standard set, held by every element
        qset, pairs = sets[0]
        if any(name == q for (s, name) in held if s != qset):
            continue  # the name in another set too: not one quantity
        unit = m.unit(QTY_UNIT[q])
        t = rng.choice(_templates(SUM, held_part))
        pool = pairs
        storey = None
        if "{storey}" in SUM[t]:
            storey = _storey_pick(m, rng, es)
            if storey is None:
                continue
            pool = [(e, v) for e, v in pairs if m.storey_name(e) == storey]
        total = sum(float(v) for _, v in pool)
        query = SUM[t].format(ifc=ifc, word=word, q=q, set=qset, storey=storey)
        out.append(_case(model, "quantity", t, query,
                         {"type": "number", "value": round(total, 6), "unit": unit, "rel_tol": 0.01,
                          "guids": _guids([e for e, _ in pool])},
                         f"sum of {qset}.{q} over the {len(pool)} {ifc}" + (f" on {storey}" if storey else "")
                         + f" ({unit}, the file's unit)", q))
        if ifc == "IfcSpace":
            names = Counter(e.Name for e, _ in pairs)
            unique = [(e, v) for e, v in pairs if e.Name and names[e.Name] == 1 and len(e.Name) < 30]
            if unique:
                e, v = rng.choice(unique)
                t = rng.choice(_templates(ONE, held_part))
                n = f"space {e.Name}" if e.Name.isdigit() else e.Name
                out.append(_case(model, "quantity", t, ONE[t].format(set=qset, q=q, n=n),
                                 {"type": "number", "value": round(float(v), 6), "unit": unit, "rel_tol": 0.01,
                                  "guids": [e.GlobalId]},
                                 f"{qset}.{q} of the space named {e.Name!r} ({unit})", q))
    return out


def _declines(m: Model, model: str, rng: random.Random, held_part: bool, ifc: str, word: str,
              held: dict[tuple[str, str], list[tuple[Any, Any]]], every: dict[str, set[str]]
              ) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    names = {p for _, p in held}
    for p in STANDARD_BOOL + STANDARD_NUM:
        if p not in names and rng.random() < 0.4:
            tpl = DECLINE_BOOL if p in STANDARD_BOOL else DECLINE_NUM
            out.append(_case(model, "decline", "not_held", tpl.format(ifc=ifc, p=p), {"type": "decline"},
                             f"decline: no {ifc} holds a property {p!r}", "not_held"))
    bool_sets = sorted({(s, p) for (s, p), pairs in held.items() if s.startswith("Pset_")
                        and all(isinstance(v, bool) for _, v in pairs)})
    if bool_sets:
        s, p = rng.choice(bool_sets)
        cut = rng.randrange(5, len(s) - 2)
        bad = s[:cut] + s[cut + 1:]
        if bad not in every and s[cut] != s[cut - 1]:
            out.append(_case(model, "decline", "misspelled_set", DECLINE_SET.format(word=word, set=bad, p=p),
                             {"type": "decline"}, f"decline: the model holds no set {bad!r} (a letter of {s!r} "
                             "dropped)", "misspelled_set"))
    mine = {s for s, _ in held}
    for other, props in sorted(every.items()):
        if other in mine or not other.startswith("Pset_") or not other.endswith("Common"):
            continue
        shared = sorted(p for p in props if p in ("IsExternal", "LoadBearing"))
        if shared and rng.random() < 0.5:
            out.append(_case(model, "decline", "other_class",
                             DECLINE_SET.format(word=word, set=other, p=shared[0]), {"type": "decline"},
                             f"decline: no {ifc} holds {other} (the model holds it on another class)",
                             "other_class"))
            break
    for q in ("NetFloorArea", "GrossArea", "NetVolume"):
        if q not in names and ifc in QUANTITIES and rng.random() < 0.3:
            qset = next((s for s in sorted(mine) if s.startswith("Qto_") or s == "BaseQuantities"), None)
            if qset is None:
                continue
            out.append(_case(model, "decline", "not_held",
                             DECLINE_SUM.format(set=qset, q=q, ifc=ifc), {"type": "decline"},
                             f"decline: no {ifc} holds a quantity {q!r} in {qset}", "not_held"))
            break
    return out


def _materials(e: Any) -> list[str]:
    return list(dict.fromkeys(m.Name for m in ue.get_materials(e) if m.Name))


def _relations(m: Model, model: str, rng: random.Random, held_part: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    spaces = [s for s in m.spaces() if s.Name and [x.Name for x in m.spaces()].count(s.Name) == 1]
    for ifc in ("IfcDoor", "IfcWall", "IfcWindow"):
        word = CLASSES[ifc]
        bounded = [(s, m.bounding(s, ifc)) for s in spaces]
        bounded = [(s, es) for s, es in bounded if es]
        if not bounded:
            continue
        s, es = rng.choice(bounded)
        t = rng.choice(_templates(BOUND, held_part))
        name = f"space {s.Name}" if s.Name.isdigit() else s.Name
        out.append(_case(model, "relation", t, BOUND[t].format(ifc=ifc, word=word, s=name),
                         {"type": "elements", "guids": _guids(es)},
                         f"the {ifc} that are RelatedBuildingElement of an IfcRelSpaceBoundary of {s.Name!r}",
                         "space_boundary"))
    storeys = [n for n in m.storey_names() if n]
    if len(storeys) > 1 and len(set(storeys)) == len(storeys):
        for ifc in ("IfcWall", "IfcSlab", "IfcWindow"):
            st = rng.choice(storeys)
            es = m.on(st, ifc)
            if not es or not all(_materials(e) for e in es):
                continue
            counts: Counter[str] = Counter(n for e in es for n in _materials(e))
            t = rng.choice(_templates(MATERIAL, held_part))
            out.append(_case(model, "relation", t, MATERIAL[t].format(ifc=ifc, word=CLASSES[ifc], storey=st),
                             {"type": "values", "value": [[v, n] for v, n in sorted(counts.items())], "unit": None,
                              "guids": _guids(es)},
                             f"IfcRelAssociatesMaterial names (ue.get_materials) of the {ifc} on {st}, "
                             f"{STOREY_DEEP}", "material"))
        t = rng.choice(_templates(NOT_ELEMENT, held_part))
        out.append(_case(model, "decline", t, NOT_ELEMENT[t].format(storey=rng.choice(storeys)),
                         {"type": "decline"}, "decline: a relationship or resource entity, not an element placed on "
                         "a storey", "not_element"))
    return out


def generate(ifc_dir: Path, seed: int, held_part: bool) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    for name in MODELS:
        m = Model(ifc_dir / name)
        by_class = {ifc: m.of(ifc) for ifc in CLASSES}
        helds = {ifc: _held(es) for ifc, es in by_class.items() if es}
        every: dict[str, set[str]] = defaultdict(set)
        for h in helds.values():
            for s, p in h:
                every[s].add(p)
        for ifc, held in helds.items():
            es, word = by_class[ifc], CLASSES[ifc]
            if ifc != "IfcSpace":
                cases += _bools(m, name, rng, held_part, ifc, word, held, es)
                cases += _nums(m, name, rng, held_part, ifc, word, held, es)
            cases += _quantities(m, name, rng, held_part, ifc, word, held, es)
            cases += _declines(m, name, rng, held_part, ifc, word, held, every)
    return cases


def generate_relations(ifc_dir: Path, seed_: int, held_part: bool) -> list[dict[str, Any]]:
    """The relation cases and their declines: drawn apart (added after the other groups were scored on main)."""
    cases: list[dict[str, Any]] = []
    for name in MODELS:
        cases += _relations(Model(ifc_dir / name), name, random.Random(seed(str(seed_), name)), held_part)
    return cases


def build(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev = sample_per_model(generate(ifc_dir, SEED, False), "ident17", SEED, PER_MODEL, 1.0)
    dev += sample_per_model(generate_relations(ifc_dir, SEED, False), "ident17r", SEED, PER_MODEL_REL, 1.0)
    held = sample_per_model(not_in(generate(ifc_dir, SEED_B, True), dev), "ident17b", SEED_B, PER_MODEL, 0.5)
    return dev, held + sample_per_model(not_in(generate_relations(ifc_dir, SEED_B, True), dev), "ident17rb", SEED_B,
                                        PER_MODEL_REL, 0.7)


def _summary(cases: list[dict[str, Any]], path: Path) -> str:
    groups = Counter(c["group"] + ("/" + c["phrasing"] if c["group"] == "decline" else "") for c in cases)
    return (f"{len(cases)} cases over {len({c['ifc_filename'] for c in cases})} models -> {path}\n"
            "  " + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())))


def main(argv: list[str] | None = None) -> int:
    return paired_main(__doc__, build, DEFAULT_OUT, DEFAULT_OUT_B, _summary, DEFAULT_IFC_DIR, argv)


if __name__ == "__main__":
    sys.exit(main())
