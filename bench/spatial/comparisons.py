"""Comparison bench (issue 22, round 11): storeys compared and storeys taken together, as people ask, generated.

    python bench/spatial/comparisons.py [--ifc-dir ../shared/ifc] [--check]

Writes ``comparison_cases.json`` (development part) and ``comparison_cases_b.json`` (held back, scored only at the
end of the round): the held-back part is every template whose position in ``TEMPLATES`` is 2 mod 3 (a third of the
ways of asking, never seen while building) drawn with seed ``SEED``, plus the development templates drawn again with
another seed (``SEED_B``: other storeys, classes and models for the same ways of asking), duplicates of the
development part dropped.

Written before the parser work of round 11 from how people compare floors in e-mails, FM tickets, chat, non-native
English and German (``../shared/questions/ifc-bench-v1.csv``, people_eighth's comparison and multi-storey intents),
not from the parser's vocabulary. The taxonomy (each line one ``op``; every op has several forms, each form one
template):

==============  =================================================================================================
op              how people say it (forms in ``FORMS``)
==============  =================================================================================================
which_more      which of two storeys has more X: "where are more X: A or B?", "which level carries more X, A or
                B?", "X: A or B - which has more?", "Between A and B, where are more X installed?", "more X on A
                or on B?", "A vs B: which one has more X?", "does A or B have more X?" ...
which_fewer     the same with fewer / less / the least
which_de        German: "Wo gibt es mehr X: A oder B?", "Hat A oder B weniger X?", "In welchem Geschoss ..."
yes_more        "is the number of X on A higher than on B?", "does A have more X than B?", "... Yes or no is
                enough.", "A has more X than B, yes or no?", "do we have more X on A compared to B?"
yes_fewer       "does A have fewer X than B?", "are there less X on A than on B?", "... lower than on B?"
yes_de          "Hat A mehr X als B?", "Gibt es im A weniger X als im B?"
most / fewest   over every storey: "which storey has the most X?", "on which floor are there the most X?",
                "which storey of the building has the largest number of X?", "floor with the fewest X" ...
most_de         "In welchem Geschoss sind die meisten X?", "Welches Geschoss hat die wenigsten X?"
diff            "how many more X does A have than B?", "by how many X does A exceed B?", "what's the difference in
                the number of X between A and B?", "Wie viele X hat A mehr als B?"
same            "same number of X on A and B?", "are there equally many X on A and B?", "Haben A und B gleich
                viele X?"
set_count       storeys taken together, counted: "how many X on A and B combined?", "A and B together: how many
                X?", "total number of X on A as well as B", "Wie viele X haben A und B zusammen?", "X on A plus B
                - how many altogether?", three storeys "in total"
set_list        storeys named as a list, listed: "list the X on A as well as B", "show me the X on A and also on
                B", "X of A, B", "Alle X im A und im B"
set_levels      on models whose storeys are "Level <n>": "list X of both levels, 1 and 2", "the X on levels 1
                and 2", "how many X on levels 1 and 2 together?"
decline_storey  one side (or one storey of a set) the model lacks: "where are more X: A or Level 3?"
decline_word    a word on the sides nothing in the file holds: "which floor has more purple X, A or B?"
==============  =================================================================================================

Oracles are plain IfcOpenShell (``people_oracles.Model``; nothing of ifcqa): "on a storey" is storey-deep; a class
word is the IFC class with its subtypes (radiators = elements typed by IfcSpaceHeaterType, receptacles = typed by
IfcOutletType); the two sides' counts are compared; **a tie is stated**: a which-question's oracle is every storey
that reaches the extreme (``storeys`` oracle with both names), a yes/no "more" on a tie is No; "most / fewest" is
over every storey of the model (storeys holding none count as 0); a difference is the absolute difference of the two
counts (forms that say which side has more are drawn in that order); a set's count / list is the union over its
storeys. A decline asserts its premise: the storey is no storey of the model, the word occurs nowhere in the file.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generated_bench import dumps  # noqa: E402
from people_oracles import Model, count, decline, elements, storeys, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT_DEV = HERE / "comparison_cases.json"
OUT_HELD = HERE / "comparison_cases_b.json"
SEED = 11
SEED_B = 1111
MODELS_PER_TEMPLATE = 3  # models a template is drawn on (2 for the second seed's draw)

Where = Callable[[Any], bool] | None


@dataclass(frozen=True)
class Thing:
    """A class as people say it: English plural, singular, German plural, how the oracle finds it."""

    en: str
    one: str
    de: str | None
    classes: str | None
    where: Where = None
    counts: bool = True  # False: only which/yes-no (the winner does not depend on a reading of the word)


DOORS = Thing("doors", "door", "Türen", "IfcDoor")
WINDOWS = Thing("windows", "window", "Fenster", "IfcWindow")
WALLS = Thing("walls", "wall", "Wände", "IfcWall")
SLABS = Thing("slabs", "slab", None, "IfcSlab")
FURNITURE = Thing("pieces of furniture", "furniture", "Möbel", "IfcFurnishingElement")
RADIATORS = Thing("radiators", "radiator", "Heizkörper", None, Model.typed("IfcSpaceHeaterType"))
RECEPTACLES = Thing("receptacles", "receptacle", "Steckdosen", None, Model.typed("IfcOutletType"), counts=False)


@dataclass(frozen=True)
class Spec:
    """A model: the storeys people name (as the file names them), its things, a storey it lacks, its storey noun."""

    model: str
    storeys: tuple[str, ...]
    things: tuple[Thing, ...]
    missing: str | None
    noun: str = "floor"  # "level" where the storeys are called levels
    numbered: bool = False  # storeys named "Level <n>": "levels 1 and 2"


SPECS = [
    Spec("Duplex_A_20110907.ifc", ("Level 1", "Level 2"), (DOORS, WINDOWS, WALLS), "Level 3", "level", True),
    Spec("AC11-Institute-Var-2-IFC.ifc", ("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss"),
         (DOORS, WINDOWS, WALLS, FURNITURE), "3. Obergeschoss"),
    Spec("ExampleHOM.ifc", ("GroundFloor", "1stFloor"), (DOORS, WINDOWS, WALLS), "2ndFloor"),
    Spec("LargeBuilding.ifc", ("Level 1", "Level 2"), (WINDOWS, WALLS, DOORS), "Level 3", "level", True),
    Spec("KIT-EDC_with_SB.ifc", ("EG", "1.OG", "2.OG"), (DOORS, WALLS, SLABS), "3.OG"),
    Spec("AC20-FZK-Haus.ifc", ("Erdgeschoss", "Dachgeschoss"), (WINDOWS, WALLS, SLABS), "Keller"),
    Spec("AC11-FZK-Haus-IFC.ifc", ("Erdgeschoss", "Dachgeschoss"), (WINDOWS, WALLS, FURNITURE), "Keller"),
    Spec("Heizung-Elektro_080729.ifc", ("EG", "Obergeschoss", "Dachgeschoss"), (RADIATORS,), None),
    Spec("Duplex_Electrical_20121207.ifc", ("Level 1", "Level 2"), (RECEPTACLES,), "Level 3", "level", True),
    Spec("Ifc4_SampleHouse.ifc", ("Ground Floor", "Roof"), (WINDOWS, DOORS), "Basement"),
]
ABSENT_WORDS = ("purple", "squeaky", "recently painted")  # asserted absent from every file used

# op -> forms. {X} the English plural, {x} the singular, {XD} the German plural, {A} {B} {C} storeys, {N} the noun
FORMS: dict[str, list[str]] = {
    "which_more": [
        "where are more {X}: {A} or {B}?",
        "which {N} carries more {X}, {A} or {B}?",
        "{X}: {A} or {B} - which has more?",
        "Between {A} and {B}, where are more {X} installed?",
        "more {X} on {A} or on {B}?",
        "{A} vs {B}: which one has more {X}?",
        "does {A} or {B} have more {X}?",
        "Which {N} has the higher number of {X}: {A} or {B}?",
        "{A} or {B} - where do we have more {X}?",
        "which of the two holds more {X}, {A} or {B}?",
        "Quick question: {A} or {B}, which has got more {X}?",
        "which contains more {X}, {A} or {B}",
    ],
    "which_fewer": [
        "which has fewer {X}, {A} or {B}?",
        "where are fewer {X}: {A} or {B}?",
        "{A} vs {B} - which has the least {X}?",
        "which of {A} and {B} has less {X}?",
        "on which {N} are there fewer {X}, {A} or {B}?",
        "{X}: {A} or {B}, where are less of them?",
    ],
    "which_de": [
        "Wo gibt es mehr {XD}: {A} oder {B}?",
        "Hat {A} oder {B} mehr {XD}?",
        "In welchem Geschoss sind mehr {XD}, {A} oder {B}?",
        "Welches Geschoss hat weniger {XD}: {A} oder {B}?",
        "{A} oder {B} - wo sind mehr {XD}?",
        "Wo sind weniger {XD}, im {A} oder im {B}?",
    ],
    "yes_more": [
        "is the number of {X} on {A} higher than on {B}?",
        "does {A} have more {X} than {B}?",
        "are there more {X} on {A} than on {B}? Yes or no is enough.",
        "{A} has more {X} than {B}, yes or no?",
        "Do we have more {X} on {A} compared to {B}?",
        "is the {x} count on {A} greater than on {B}?",
        "Does {A} contain more {X} than {B} does?",
        "quick check: more {X} on {A} than on {B}?",
        "Are there more {X} in {A} than in {B}?",
    ],
    "yes_fewer": [
        "does {A} have fewer {X} than {B}?",
        "are there less {X} on {A} than on {B}?",
        "is the number of {X} on {A} lower than on {B}?",
        "{A} has fewer {X} than {B}, right?",
        "is the {x} count on {A} smaller than on {B}?",
        "Are there fewer {X} in {A} than in {B}? yes/no",
    ],
    "yes_de": [
        "Hat {A} mehr {XD} als {B}?",
        "Gibt es im {A} weniger {XD} als im {B}?",
        "Sind im {A} mehr {XD} als im {B}?",
        "Hat das {A} weniger {XD} als das {B}?",
        "Gibt es im {A} mehr {XD} als im {B}, ja oder nein?",
        "Ist die Anzahl der {XD} im {A} höher als im {B}?",
    ],
    "most": [
        "which storey has the most {X}?",
        "On which floor are there the most {X}?",
        "Which storey of the building has the largest number of {X}?",
        "floor with the most {X}",
        "where are the most {X}, on which level?",
        "which level has the highest {x} count?",
        "Which floor holds the most {X}?",
        "what storey contains the greatest number of {X}?",
        "the most {X} are on which floor?",
    ],
    "fewest": [
        "which floor has the fewest {X}?",
        "which storey has the least {X}?",
        "on which level are the fewest {X}?",
        "floor with the fewest {X}?",
        "Which storey of the building has the smallest number of {X}?",
        "what level has the lowest {x} count",
    ],
    "most_de": [
        "In welchem Geschoss sind die meisten {XD}?",
        "Welches Geschoss hat die wenigsten {XD}?",
        "Wo gibt es die meisten {XD}?",
        "Welche Etage hat die meisten {XD}?",
        "Auf welchem Stockwerk sind die wenigsten {XD}?",
        "Geschoss mit den meisten {XD}?",
    ],
    "diff": [
        "how many more {X} does {A} have than {B}?",
        "how many more {X} are there on {A} than on {B}?",
        "by how many {X} does {A} exceed {B}?",
        "what's the difference in the number of {X} between {A} and {B}?",
        "difference in {x} count, {A} vs {B}?",
        "Wie viele {XD} hat {A} mehr als {B}?",
        "how many {X} fewer does {B} have than {A}?",
        "{A} and {B}: what is the difference in {X}?",
        "Um wie viele {XD} unterscheiden sich {A} und {B}?",
    ],
    "same": [
        "same number of {X} on {A} and {B}?",
        "do {A} and {B} have the same number of {X}?",
        "are there equally many {X} on {A} and {B}?",
        "is the {x} count equal on {A} and {B}?",
        "Haben {A} und {B} gleich viele {XD}?",
        "does {A} have as many {X} as {B}?",
    ],
    "set_count": [
        "how many {X} on {A} and {B} combined?",
        "{A} and {B} together: how many {X}?",
        "total number of {X} on {A} as well as {B}",
        "Wie viele {XD} haben {A} und {B} zusammen?",
        "{X} on {A} plus {B} - how many altogether?",
        "count the {X} on {A}, {B} and {C} in total",
        "how many {X} are there in total on {A} and {B}?",
        "Anzahl {XD} {A} und {B} insgesamt",
        "number of {X} for {A} & {B}",
        "How many {X} do {A} and {B} have between them?",
        "{A} + {B}: {x} count?",
        "Wie viele {XD} gibt es im {A} und im {B} zusammen?",
    ],
    "set_list": [
        "list the {X} on {A} as well as {B}",
        "all the {X} on {A} as well as on {B}",
        "show me the {X} on {A} and also on {B}",
        "{X} of {A}, {B}",
        "which {X} are on {A} or {B}?",
        "Alle {XD} im {A} und im {B}",
        "give me the {X} on both {A} and {B}",
        "I need the {X} of {A} and {B}, please",
        "{X} on {A}, {B} and {C}",
    ],
    "set_levels": [
        "list {X} of both levels, 1 and 2",
        "the {X} on levels 1 and 2",
        "how many {X} on levels 1 and 2 together?",
        "{X} on level 1 and 2",
        "show the {X} for levels 1 & 2",
        "number of {X} on levels 1 and 2 combined",
    ],
    "decline_storey": [
        "where are more {X}: {A} or {M}?",
        "how many {X} on {A} and {M} together?",
        "does {M} have more {X} than {A}?",
        "list the {X} on {A} as well as {M}",
        "Wie viele {XD} haben {A} und {M} zusammen?",
        "{A} vs {M}: which has fewer {X}?",
    ],
    "decline_word": [
        "which {N} has more {W} {X}, {A} or {B}?",
        "how many {W} {X} on {A} and {B} together?",
        "are there more {W} {X} on {A} than on {B}?",
        "list the {W} {X} on {A} as well as {B}",
    ],
}
KIND = {"set_count": "multi_storey", "set_list": "multi_storey", "set_levels": "multi_storey"}


@dataclass(frozen=True)
class Template:
    op: str
    index: int
    form: str

    @property
    def name(self) -> str:
        return f"{self.op}-{self.index + 1:02d}"


TEMPLATES = [Template(op, i, form) for op, forms in FORMS.items() for i, form in enumerate(forms)]


def held_back(position: int) -> bool:
    return position % 3 == 2


# --- the oracle side ------------------------------------------------------------------------------------
def _on(m: Model, storey: str, thing: Thing) -> list[Any]:
    return m.on(storey, thing.classes, thing.where)


def _winners(sizes: dict[str, int], fewest: bool) -> list[str]:
    best = (min if fewest else max)(sizes.values())
    return [k for k, v in sizes.items() if v == best]


def _no_storey(m: Model, name: str) -> None:
    if any(" ".join((s.Name or "").split()).casefold() == " ".join(name.split()).casefold()
           for s in m.f.by_type("IfcBuildingStorey")):
        raise ValueError(f"storey {name!r} exists: not a decline")


def _absent(path: Path, phrase: str) -> None:
    text = path.read_bytes().decode("latin-1").casefold()
    for word in phrase.split():
        if word.casefold() in text:
            raise ValueError(f"{word!r} occurs in {path.name}: not a decline")


@dataclass(frozen=True)
class Case:
    query: str
    oracle: dict[str, Any]
    rule: str


def _fill(form: str, thing: Thing, noun: str, **sides: str) -> str | None:
    if "{XD}" in form and thing.de is None:
        return None
    if "{x}" in form and thing.en.startswith("pieces"):
        return None  # "furniture count" reads; "piece of furniture count" does not
    return form.format(X=thing.en, x=thing.one, XD=thing.de or "", N=noun, **sides)


DEEP = "storey-deep"


def make(t: Template, spec: Spec, m: Model, path: Path, rng: random.Random) -> Case | None:
    things = [th for th in spec.things if th.counts or t.op.startswith(("which", "yes", "most", "fewest"))]
    if not things:
        return None
    thing = rng.choice(things)
    what = f"{thing.classes or 'typed ' + thing.en} {DEEP}"
    noun = "level" if spec.noun == "level" else "floor"  # the English forms' storey noun
    if t.op in ("most", "fewest", "most_de"):
        fewest = t.op == "fewest" or any(w in t.form for w in ("wenigsten",))
        names = m.storey_names()
        sizes = {s: len(_on(m, s, thing)) for s in names}
        if not any(sizes.values()):
            return None
        q = _fill(t.form, thing, noun)
        if q is None:
            return None
        won = _winners(sizes, fewest)
        return Case(q, storeys(won), f"the storey(s) with the {'fewest' if fewest else 'most'} {what} over every "
                    f"storey ({sizes}){' (a tie: all stated)' if len(won) > 1 else ''}")
    if t.op == "set_levels":
        if not spec.numbered:
            return None
        es = _on(m, "Level 1", thing) + _on(m, "Level 2", thing)
        q = _fill(t.form, thing, noun)
        if q is None or not es:
            return None
        counting = "how many" in q or "number" in q
        return Case(q, count(es) if counting else elements(es), f"{what} on Level 1 or Level 2 (union)")
    k = 3 if "{C}" in t.form else 2
    if len(spec.storeys) < k:
        return None
    picked = rng.sample(list(spec.storeys), k)
    if t.op == "decline_storey":
        if spec.missing is None:
            return None
        _no_storey(m, spec.missing)
        q = _fill(t.form, thing, noun, A=picked[0], M=spec.missing)
        return None if q is None else Case(q, decline(), f"decline: {spec.missing!r} is no storey of the model")
    if t.op == "decline_word":
        word = rng.choice(ABSENT_WORDS)
        _absent(path, word)
        q = _fill(t.form.replace("{W}", word), thing, noun, A=picked[0], B=picked[1])
        return None if q is None else Case(q, decline(), f"decline: {word!r} occurs nowhere in the file")
    sides = {n: _on(m, n, thing) for n in picked}
    sizes = {n: len(es) for n, es in sides.items()}
    if not any(sizes.values()):
        return None
    a, b = picked[0], picked[1]
    if t.op in ("diff",):  # forms that say which side has more are drawn in that order
        if sizes[a] < sizes[b]:
            a, b = b, a
        if sizes[a] == sizes[b]:
            return None  # "how many more does A have than B" with a tie: its premise is false
    fill = {"A": a, "B": b, "C": picked[2] if k == 3 else ""}
    q = _fill(t.form, thing, noun, **fill)
    if q is None:
        return None
    shown = f"{a}: {sizes[a]}, {b}: {sizes[b]}"
    if t.op.startswith("which"):
        fewer = t.op == "which_fewer" or any(w in t.form for w in ("weniger", "fewer", "less", "least"))
        won = _winners({a: sizes[a], b: sizes[b]}, fewer)
        return Case(q, storeys(won), f"the one of {a} / {b} with {'fewer' if fewer else 'more'} {what} ({shown})"
                    + (" (a tie: both stated)" if len(won) > 1 else ""))
    if t.op.startswith("yes"):
        fewer = t.op == "yes_fewer" or any(w in t.form for w in ("weniger", "fewer", "less", "lower", "smaller"))
        holds = sizes[a] < sizes[b] if fewer else sizes[a] > sizes[b]
        return Case(q, yes_no(holds), f"{what}: {shown}; {a} {'<' if fewer else '>'} {b}")
    if t.op == "diff":
        d = abs(sizes[a] - sizes[b])
        return Case(q, {"type": "count", "value": d, "guids": sorted({e.GlobalId for e in sides[a] + sides[b]})},
                    f"{what}: {shown}; the absolute difference {d}")
    if t.op == "same":
        return Case(q, yes_no(sizes[a] == sizes[b]), f"{what}: {shown}; equal?")
    es = [e for n in picked for e in sides[n]]
    if not es:
        return None
    if t.op == "set_count":
        return Case(q, count(es), f"{what} on {' or '.join(picked)} (union): {sizes}")
    if t.op == "set_list":
        return Case(q, elements(es), f"{what} on {' or '.join(picked)} (union): {sizes}")
    raise ValueError(t.op)


def generate(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    models: dict[str, Model] = {}
    dev: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()

    def draw(t: Template, seed: int, out: list[dict[str, Any]], tag: str, per: int = MODELS_PER_TEMPLATE) -> None:
        rng = random.Random(f"{seed}:{t.name}")
        pool = list(SPECS)
        rng.shuffle(pool)
        got = 0
        for spec in pool:
            if got >= per:
                break
            if spec.model not in models:
                models[spec.model] = Model(ifc_dir / spec.model)
            case = make(t, spec, models[spec.model], ifc_dir / spec.model, rng)
            if case is None or (spec.model, case.query) in seen:
                continue
            seen.add((spec.model, case.query))
            got += 1
            out.append({"id": f"cmp11-{tag}{t.name}-{got:02d}", "query": case.query, "ifc_filename": spec.model,
                        "kind": KIND.get(t.op, "comparison"), "oracle": case.oracle, "oracle_rule": case.rule,
                        "source": "ifcopenshell", "template": t.name})

    for pos, t in enumerate(TEMPLATES):
        if not held_back(pos):
            draw(t, SEED, dev, "")
    for pos, t in enumerate(TEMPLATES):
        if held_back(pos):
            draw(t, SEED, held, "h-")
    for pos, t in enumerate(TEMPLATES):
        if not held_back(pos):
            draw(t, SEED_B, held, "s-", 2)
    return dev, held


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    args = ap.parse_args(argv)
    dev, held = generate(args.ifc_dir)
    outs = {OUT_DEV: dumps(dev), OUT_HELD: dumps(held)}
    if args.check:
        stale = [p.name for p, text in outs.items() if not p.is_file() or p.read_text("utf-8") != text]
        if stale:
            print(f"stale: {', '.join(stale)} (run bench/spatial/comparisons.py)", file=sys.stderr)
            return 1
        return 0
    for path, text in outs.items():
        path.write_text(text, "utf-8")
    kinds: dict[str, int] = {}
    for c in dev + held:
        kinds[c["oracle"]["type"]] = kinds.get(c["oracle"]["type"], 0) + 1
    print(f"{len(dev)} dev + {len(held)} held-back cases; oracle types {kinds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
