"""Aggregate bench (issue 22, round 13 agg13): aggregates and quantities as people phrase them.

    python bench/spatial/aggregates.py [--ifc-dir ../shared/ifc] [--check]

Writes ``aggregate_cases.json`` (development templates) and ``aggregate_cases_b.json`` (every third template,
position 2 mod 3, held back: scored once at the end of the round).

Written before the parser work of round 13 from how people ask for sizes of ROOM KINDS and building parts in chat,
e-mails and FM tickets ("how big is the kitchen?", "what's the combined area of the bedrooms", "how much floor area
does the largest room have", "how much space do the offices take up", "average window size on level 1", "sum of
door widths", "roughly how big is level 2"), over the shared models whose rooms carry function names:

=============  ===========================================================================================
dimension      values
=============  ===========================================================================================
subject        a room FUNCTION said in the singular ("the kitchen": presumes one room), in the plural ("the
               bedrooms", "all offices"), with a superlative ("the largest bedroom"), the rooms of a storey, a
               class on a storey (walls, windows, doors)
aggregate      the one room's value; sum (combined, take up, occupy, altogether); mean (average, typical);
               the extreme VALUE ("how much floor area does the largest room have") or the extreme ROOM
               ("the smallest bathroom")
quantity       floor area (words: area, floor space, square metres, m², sqm, size, how big), volume, gross /
               net floor area, wall length, window area ("glazing"), door width (attribute OverallWidth)
form           terse, full question, e-mail / FM ticket with context, German
decline        "the kitchen" where the model has two kitchens (a sum would answer "the kitchens"; without a
               determiner, "kitchen square metres?", the word says a kind: the total of the kitchens); a room
               function the model has no room for; a quantity none of the subject holds (gross where only net);
               money (cost of flooring)
=============  ===========================================================================================

Oracles are plain IfcOpenShell (``people_oracles.Model`` walks; the quantity reading of ``quantities.py``:
``ifcopenshell.util.element.get_psets(qtos_only=True)``, Qto_* / BaseQuantities / GSA Space Areas, the first of a
list of names EVERY element holds, else decline for a total). A room FUNCTION is the IfcSpace set whose Name or
LongName holds one of the model's words for it (listed per model in ``FUNCTIONS``, read by hand from the files;
e.g. Duplex: 'Kitchen' names A103 and B103). Door widths are the attribute OverallWidth in the length unit.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generated_bench import bench_main, seed  # noqa: E402
from generated_bench import dumps as dumps  # noqa: E402 (the tests call SCRIPT.dumps)
from people_oracles import Model, decline, elements, number  # noqa: E402
from quantities import agg_oracle, read_quantity  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT_DEV = HERE / "aggregate_cases.json"
OUT_HELD = HERE / "aggregate_cases_b.json"
TIE = 1e-6


@dataclass(frozen=True)
class Function:
    """A room function: how people say it (singular, plural, German) and the words the model's names hold."""

    word: str
    plural: str
    german: str
    german_plural: str
    model_words: tuple[str, ...]


F = Function
FUNCTIONS: dict[str, list[Function]] = {
    "Duplex_A_20110907.ifc": [
        F("kitchen", "kitchens", "Küche", "Küchen", ("kitchen",)),
        F("living room", "living rooms", "Wohnzimmer", "Wohnzimmer", ("living room",)),
        F("bedroom", "bedrooms", "Schlafzimmer", "Schlafzimmer", ("bedroom",)),
        F("bathroom", "bathrooms", "Bad", "Bäder", ("bathroom",)),
    ],
    "AC20-FZK-Haus.ifc": [
        F("kitchen", "kitchens", "Küche", "Küchen", ("küche",)),
        F("bedroom", "bedrooms", "Schlafzimmer", "Schlafzimmer", ("schlafzimmer",)),
        F("office", "offices", "Büro", "Büros", ("buero",)),
        F("bathroom", "bathrooms", "Bad", "Bäder", ("bad",)),
    ],
    "ExampleHOM.ifc": [
        F("kitchen", "kitchens", "Küche", "Küchen", ("kitchen",)),
        F("bedroom", "bedrooms", "Schlafzimmer", "Schlafzimmer", ("bedroom",)),
        F("corridor", "corridors", "Flur", "Flure", ("corridor",)),
    ],
    "AC11-Institute-Var-2-IFC.ifc": [
        F("office", "offices", "Büro", "Büros", ("buero",)),
        F("meeting room", "meeting rooms", "Besprechungsraum", "Besprechungsräume", ("besprechungsraum",)),
        F("lab", "labs", "Labor", "Labore", ("labor",)),
        F("seminar room", "seminar rooms", "Seminarraum", "Seminarräume", ("seminarraum",)),
    ],
    "revit_quantities.ifc": [
        F("office", "offices", "Büro", "Büros", ("office",)),
    ],
    "Ifc4_SampleHouse.ifc": [
        F("bedroom", "bedrooms", "Schlafzimmer", "Schlafzimmer", ("bedroom",)),
        F("living room", "living rooms", "Wohnzimmer", "Wohnzimmer", ("living room",)),
    ],
}
ABSENT = ["sauna", "garage", "server room", "gym", "laundry room", "wine cellar"]  # no shared model names them
STOREYS: dict[str, tuple[str, ...]] = {
    "Duplex_A_20110907.ifc": ("Level 1", "Level 2"),
    "AC20-FZK-Haus.ifc": ("Erdgeschoss", "Dachgeschoss"),
    "ExampleHOM.ifc": ("GroundFloor", "1stFloor"),
    "AC11-Institute-Var-2-IFC.ifc": ("Erdgeschoss", "1. Obergeschoss", "Keller"),
    "revit_quantities.ifc": ("Level 1",),
    "Ifc4_SampleHouse.ifc": ("Ground Floor",),
    "LargeBuilding.ifc": ("Level 1", "Level 2"),
    "KIT-EDC_with_SB.ifc": ("EG", "1.OG"),
}
AREA_WORDS = ["floor area", "area", "floor space", "square metres", "m²", "m2", "sqm"]


@dataclass(frozen=True)
class Case:
    model: str
    query: str
    oracle: dict[str, Any]
    rule: str


Ctx = tuple[Model, str, random.Random]
Template = Callable[[Ctx], Case | None]


def rooms_of(m: Model, fn: Function) -> list[Any]:
    return m.spaces(m.named(*fn.model_words))


def _functions(ctx: Ctx, least: int = 1) -> list[Function]:
    m, model, _ = ctx
    return [f for f in FUNCTIONS.get(model, []) if len(rooms_of(m, f)) >= least]


def _pick(ctx: Ctx, least: int = 1) -> Function | None:
    fns = _functions(ctx, least)
    return ctx[2].choice(fns) if fns else None


def _sum(m: Model, es: list[Any], quantity: str = "floor_area", op: str = "sum") -> tuple[dict[str, Any], str] | None:
    return agg_oracle(m, es, quantity, op)


def _singular(ctx: Ctx, forms: list[str], quantity: str) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx)
    if fn is None:
        return None
    es = rooms_of(m, fn)
    text = rng.choice(forms).format(f=fn.word, a=rng.choice(AREA_WORDS))
    if len(es) > 1 and f"the {fn.word}" in text:
        return Case(model, text, decline(),
                    f"decline: 'the {fn.word}' presumes one room; {len(es)} rooms are named {fn.model_words[0]!r} "
                    f"({', '.join(sorted(s.Name for s in es))}): a sum would answer 'the {fn.plural}'")
    got = _sum(m, es, quantity)
    what = f"the one {fn.word}" if len(es) == 1 else f"'{fn.word}' without a determiner says a kind (all {fn.plural})"
    return None if got is None else Case(model, text, got[0], f"{what}: {got[1]}")


def t_singular_size(ctx: Ctx) -> Case | None:
    return _singular(ctx, ["how big is the {f}?", "{f} square metres?", "what is the {a} of the {f}",
                           "{f} {a} pls", "how many m² is the {f}?", "how large is the {f}"], "floor_area")


def t_singular_volume(ctx: Ctx) -> Case | None:
    return _singular(ctx, ["volume of the {f}?", "how much air volume does the {f} have",
                           "what's the room volume of the {f} in m³"], "volume")


def t_singular_ticket(ctx: Ctx) -> Case | None:
    return _singular(ctx, ["Ticket 4711: flooring in the {f} to be replaced. How many square metres is the {f}?",
                           "Hi, the tenant asks how big the {f} is. Can you check the model? Thanks",
                           "We are repainting the {f} next week - what's its floor area?"], "floor_area")


def t_plural_sum(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    text = rng.choice(["what's the combined area of the {p}", "how much space do the {p} take up",
                       "total floor area of all {p}", "how many square metres do the {p} occupy altogether?",
                       "{p} - total m2?", "sum of the {a} of the {p}"]).format(p=fn.plural, a=rng.choice(AREA_WORDS))
    got = _sum(m, rooms_of(m, fn))
    return None if got is None else Case(model, text, got[0], f"all {fn.plural}: {got[1]}")


def t_plural_mean(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    text = rng.choice(["average {f} size", "what's the mean floor area of the {p}?", "on average how big are the {p}?",
                       "typical {f} size in this building"]).format(f=fn.word, p=fn.plural)
    got = _sum(m, rooms_of(m, fn), "floor_area", "mean")
    return None if got is None else Case(model, text, got[0], f"all {fn.plural}: {got[1]}")


def _extreme(m: Model, es: list[Any], smallest: bool) -> tuple[float, list[Any], str] | None:
    r = read_quantity(es, "floor_area")
    if r.problem is not None:
        return None
    best = (min if smallest else max)(r.values.values())
    return best, [e for e in es if abs(r.values[e.GlobalId] - best) <= TIE * max(1.0, abs(best))], r.path


def t_extreme_value(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    smallest = rng.random() < 0.4
    word = "smallest" if smallest else rng.choice(["largest", "biggest"])
    fn = _pick(ctx, 2) if rng.random() < 0.6 else None
    subject, es = (fn.word, rooms_of(m, fn)) if fn is not None else ("room", m.spaces())
    if not es:
        return None
    text = rng.choice(["how much floor area does the {x} {s} have", "how many m2 has the {x} {s}?",
                       "what's the area of the {x} {s}", "how big is the {x} {s}?",
                       "the {x} {s} - how many square metres?"]).format(x=word, s=subject)
    got = _extreme(m, es, smallest)
    if got is None:
        return None
    best, winners, path = got
    if any("roof" in f"{w.Name} {w.LongName}".lower() for w in winners):
        return None  # a roof space as "the largest room": whether it is a room is not this bench's question
    return Case(model, text, number(best, m.unit("AREAUNIT"), winners),
                f"{'min' if smallest else 'max'} of {path} over the {len(es)} {subject} space(s)")


def t_extreme_room(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    smallest = rng.random() < 0.5
    word = "smallest" if smallest else rng.choice(["largest", "biggest"])
    text = rng.choice(["the {x} {f}", "which {f} is the {x}?", "{x} {f}?", "which is the {x} of the {p}"]).format(
        x=word, f=fn.word, p=fn.plural)
    got = _extreme(m, rooms_of(m, fn), smallest)
    if got is None:
        return None
    _, winners, path = got
    return Case(model, text, elements(winners), f"{'min' if smallest else 'max'} of {path} over the {fn.plural}")


def t_storey_size(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    storey = rng.choice(STOREYS[model])
    text = rng.choice(["roughly how big is {s}?", "how many m2 is {s}?", "how much floor space does {s} have",
                       "how big is {s} in square metres", "{s} - total area of the rooms?"]).format(s=storey)
    got = _sum(m, m.on(storey, "IfcSpace"))
    return None if got is None else Case(model, text, got[0], f"the spaces on {storey}: {got[1]}")


def t_plural_on_storey(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    storey = rng.choice(STOREYS[model])
    fns = [f for f in _functions(ctx) if m.on(storey, "IfcSpace", m.named(*f.model_words))]
    if not fns:
        return None
    fn = rng.choice(fns)
    es = m.on(storey, "IfcSpace", m.named(*fn.model_words))
    text = rng.choice(["total area of the {p} on {s}", "how much space do the {p} on {s} take up?",
                       "combined floor area of all {p} on {s}"]).format(p=fn.plural, s=storey)
    got = _sum(m, es)
    return None if got is None else Case(model, text, got[0], f"the {fn.plural} on {storey}: {got[1]}")


CLASS_FORMS: dict[str, tuple[str, str, str, list[str]]] = {
    "window_area_mean": ("IfcWindow", "area", "mean", ["average window size on {s}", "mean window area on {s}?"]),
    "glazing": ("IfcWindow", "area", "sum", ["how many square metres of glazing on {s}",
                                             "total glazing area on {s}"]),
    "wall_length": ("IfcWall", "length", "sum", ["total wall length on {s}", "how many metres of walls on {s}?"]),
}


def class_template(key: str) -> Template:
    cls, quantity, op, forms = CLASS_FORMS[key]

    def make(ctx: Ctx) -> Case | None:
        m, model, rng = ctx
        storey = rng.choice(STOREYS[model])
        es = m.on(storey, cls)
        if not es:
            return None
        got = agg_oracle(m, es, quantity, op)
        if got is None:
            return None
        return Case(model, rng.choice(forms).format(s=storey), got[0], f"{cls} on {storey}: {got[1]}")

    make.__name__ = f"t_class_{key}"
    return make


def t_door_widths(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    storey = rng.choice(STOREYS[model])
    doors = m.on(storey, "IfcDoor")
    if not doors:
        return None
    mean = rng.random() < 0.5
    text = rng.choice(["average door width on {s}", "what's the mean width of the doors on {s}?"] if mean else
                      ["sum of door widths on {s}", "total width of all doors on {s}"]).format(s=storey)
    have = [d for d in doors if d.OverallWidth is not None]
    if not have:
        return None  # a width from geometry: ifcqa's stated fallback, not judged here
    if not mean and len(have) < len(doors):
        return Case(model, text, decline(), f"decline: {len(have)} of {len(doors)} doors have OverallWidth")
    values = [float(d.OverallWidth) for d in have]
    value = statistics.fmean(values) if mean else sum(values)
    return Case(model, text, number(value, m.unit("LENGTHUNIT"), have),
                f"{'mean' if mean else 'sum'} of attribute OverallWidth over {len(have)} door(s) on {storey}")


def t_email_plural(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    text = rng.choice([
        "Hello, for the cleaning tender we need the floor area the {p} take up in total. Best, Tom",
        "Quick one from FM: how many sqm are all the {p} together? Need it for the lease.",
        "Dear team, could you tell me the average size of the {p}? Regards",
    ]).format(p=fn.plural)
    op = "mean" if "average" in text else "sum"
    got = _sum(m, rooms_of(m, fn), "floor_area", op)
    return None if got is None else Case(model, text, got[0], f"all {fn.plural}: {got[1]}")


def t_german(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx)
    if fn is None:
        return None
    es = rooms_of(m, fn)
    if len(es) == 1:
        text = rng.choice(["Wie groß ist {g}?", "Welche Fläche hat {g}?"]).format(
            g=("das " if fn.german in ("Bad", "Büro", "Labor", "Wohnzimmer", "Schlafzimmer") else
               "der " if fn.german in ("Flur", "Besprechungsraum", "Seminarraum") else "die ") + fn.german)
        got = _sum(m, es)
    else:
        mean = rng.random() < 0.4
        text = (rng.choice(["Durchschnittliche Fläche der {g}?", "Wie groß sind die {g} im Schnitt?"]) if mean else
                rng.choice(["Gesamtfläche aller {g}?", "Wie viel Fläche haben die {g} zusammen?"])).format(
            g=fn.german_plural)
        got = _sum(m, es, "floor_area", "mean" if mean else "sum")
    return None if got is None else Case(model, text, got[0], f"{fn.german}: {got[1]}")


def t_gross_net(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    q = rng.choice(["gross_floor_area", "net_floor_area"])
    w = "gross" if q.startswith("gross") else "net"
    text = rng.choice(["{w} floor area of all {p} together", "total {w} area of the {p}?"]).format(w=w, p=fn.plural)
    got = _sum(m, rooms_of(m, fn), q)
    return None if got is None else Case(model, text, got[0], f"all {fn.plural}, {w}: {got[1]}")


def t_absent(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    if model not in FUNCTIONS:
        return None
    word = rng.choice(ABSENT)
    if m.spaces(m.named(word.split()[0])):
        return None
    text = rng.choice(["how big is the {w}?", "total floor area of the {w}s", "{w} square metres?"]).format(w=word)
    return Case(model, text, decline(), f"decline: no space of {model} is named like {word!r}")


def t_cost(ctx: Ctx) -> Case | None:
    m, model, rng = ctx
    fn = _pick(ctx, 2)
    if fn is None:
        return None
    text = rng.choice(["how much does the flooring of the {p} cost per m2?",
                       "what's the rent of the {p} per square metre"]).format(p=fn.plural)
    return Case(model, text, decline(), "decline: costs and rents are not held by an IFC file")


TEMPLATES: list[Template] = [
    t_singular_size, t_plural_sum, t_extreme_value,
    t_singular_volume, t_plural_mean, t_extreme_room,
    t_singular_ticket, t_storey_size, t_plural_on_storey,
    class_template("window_area_mean"), class_template("glazing"), class_template("wall_length"),
    t_door_widths, t_email_plural, t_german,
    t_gross_net, t_absent, t_cost,
]
PER_MODEL = 2


def held_back(position: int) -> bool:
    return position % 3 == 2


def generate(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    models: dict[str, Model] = {}
    for pos, template in enumerate(TEMPLATES):
        name = template.__name__.removeprefix("t_")
        out = held if held_back(pos) else dev
        for model in STOREYS:
            if model not in models:
                models[model] = Model(ifc_dir / model)
            rng = random.Random(seed("agg13", name, model))
            seen: set[str] = set()
            for _ in range(PER_MODEL):
                case = template((models[model], model, rng))
                if case is None or case.query in seen:
                    continue
                seen.add(case.query)
                n = sum(1 for c in out if c["template"] == name)
                out.append({"id": f"agg-{name}-{n + 1:02d}", "query": case.query, "ifc_filename": case.model,
                            "kind": "refuse" if name == "cost" else "quantities", "oracle": case.oracle,
                            "oracle_rule": case.rule,
                            "source": "ifcopenshell", "template": name})
    return dev, held


def main(argv: list[str] | None = None) -> int:
    pair: list[list[dict[str, Any]]] = []

    def one(ifc_dir: Path, held: bool) -> list[dict[str, Any]]:
        if not pair:
            pair.extend(generate(ifc_dir))
        return pair[held]

    def done(dev: list[dict[str, Any]], held: list[dict[str, Any]]) -> None:
        kinds: dict[str, int] = {}
        for c in dev + held:
            kinds[c["oracle"]["type"]] = kinds.get(c["oracle"]["type"], 0) + 1
        print(f"{len(dev)} dev + {len(held)} held-back cases; oracle types {kinds}")

    return bench_main(__doc__, one, OUT_DEV, OUT_HELD, None, DEFAULT_IFC_DIR, argv,
                      check_help="exit 1 when the committed cases differ", after_write=done)


if __name__ == "__main__":
    raise SystemExit(main())
