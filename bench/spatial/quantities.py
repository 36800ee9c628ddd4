"""Quantity bench (issue 22, round 10): quantities as people ask them, generated from the models' quantity sets.

    python bench/spatial/quantities.py [--ifc-dir ../shared/ifc] [--check]

Writes ``quantity_cases.json`` (the development templates) and ``quantity_cases_b.json`` (a third of the
templates, held back: every template whose position in ``TEMPLATES`` is 2 mod 3; scored only at the end of a round).

Written before the parser work of round 10 from how people ask for quantities in e-mails, FM tickets and chat
(``../shared/questions/ifc-bench-v1.csv`` for phrasing), not from the parser's vocabulary. Each template is one way
of asking; it is instantiated (seeded, deterministic) on every shared model whose quantity sets can answer it, with
a quantity word drawn from a list per quantity and a subject drawn from the model's rooms and storeys:

=============  ===========================================================================================
dimension      values
=============  ===========================================================================================
quantity word  floor area / floor space / area / size / square metres / sqm / m² / m2 / Fläche / Quadratmeter /
               how big; net ... / gross ...; volume / cubic metres / m³ / Rauminhalt; height / how high /
               ceiling height / room height; perimeter / Umfang; wall length / metres of wall / running metres /
               lfm; wall thickness / how thick; slab area; window area
aggregation    one room; together / combined / in total / altogether / sum / add up / total; average / mean /
               typical; largest / biggest / smallest; which of two is bigger / smaller; is A larger than B
subject        one named room, two or three named rooms (by name or by number), all rooms of a storey, a class
               on a storey, the whole building
unit           none, m² when the model holds m², square feet (converted: ifcqa converts a unit it knows of the
               same kind, and says so), a unit of another kind (volume in m², area in kg: decline)
decline        a quantity no element of the subject holds (perimeter where no space has one; floor or window
               area where only geometry exists: an area is never read from a bounding box); gross asked where
               only net exists and the reverse; a total some elements of the subject lack
=============  ===========================================================================================

Oracles are plain IfcOpenShell (``people_oracles.Model`` walks; nothing of ifcqa) and name the quantity set read:

* a **named room** = the IfcSpace whose Name or LongName equals the name (case-insensitive); the names used are
  unique in their model and not part of another room's name (room names are another bench's dimension);
* **the rooms of a storey** = IfcSpace on the storey (aggregated into it); **a class on a storey** is storey-deep;
* the **quantity read** is the first of a list of quantity names (below) that EVERY element of the subject holds
  in ``Qto_*`` / ``BaseQuantities`` / ``GSA Space Areas`` (in that order of sets): floor area = NetFloorArea,
  GrossFloorArea, GSA BIM Area ("net" = NetFloorArea only, "gross" = GrossFloorArea only); volume = NetVolume,
  GrossVolume (same for net/gross); height = Height; perimeter = Perimeter, NetPerimeter, GrossPerimeter; wall
  length = Length; wall thickness = Width; slab area = NetArea, GrossArea; window / door area = Area. When none
  holds it, or a TOTAL is asked and some elements lack it, the case is a **decline** (a mean is over the elements
  that hold it: ifcqa says how many are left out); a length, height or thickness no element holds is skipped
  (ifcqa's stated rule reads those from bounding boxes, saying so), and so is a plain quantity (not net / gross) that
  only a vendor PROPERTY set holds (Revit's "Dimensions": ifcqa's rule reads those; this bench does not judge it);
  "net" / "gross" asked need a quantity whose name says so (a plain name is not the net or the gross one);
* values in the model's units as the file holds them; "in square feet" = the m² value / 0.09290304 in ft²;
* "how big is room X" is its floor area; "which is bigger, A or B" the room with the larger floor area (an
  ``elements`` oracle); "is A larger than B" a yes/no; "typical room size" is the mean floor area.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from people_oracles import Model, decline, elements, number, yes_no  # noqa: E402

DEFAULT_IFC_DIR = HERE.parents[2] / "shared" / "ifc"
OUT_DEV = HERE / "quantity_cases.json"
OUT_HELD = HERE / "quantity_cases_b.json"
SEED = 10
SETS = ("Qto_", "BaseQuantities", "GSA Space Areas")
FT2 = 0.09290304

# quantity -> the names read, in order of preference (see the module docstring)
NAMES: dict[str, tuple[str, ...]] = {
    "floor_area": ("NetFloorArea", "GrossFloorArea", "GSA BIM Area"),
    "net_floor_area": ("NetFloorArea",),
    "gross_floor_area": ("GrossFloorArea",),
    "volume": ("NetVolume", "GrossVolume"),
    "net_volume": ("NetVolume",),
    "gross_volume": ("GrossVolume",),
    "height": ("Height",),
    "perimeter": ("Perimeter", "NetPerimeter", "GrossPerimeter"),
    "length": ("Length",),
    "thickness": ("Width",),
    "slab_area": ("NetArea", "GrossArea"),
    "area": ("Area",),
    "wall_volume": ("NetVolume", "GrossVolume"),
}
KIND_UNIT = {"floor_area": "AREAUNIT", "net_floor_area": "AREAUNIT", "gross_floor_area": "AREAUNIT",
             "volume": "VOLUMEUNIT", "net_volume": "VOLUMEUNIT", "gross_volume": "VOLUMEUNIT",
             "height": "LENGTHUNIT", "perimeter": "LENGTHUNIT", "length": "LENGTHUNIT", "thickness": "LENGTHUNIT",
             "slab_area": "AREAUNIT", "area": "AREAUNIT", "wall_volume": "VOLUMEUNIT"}  # fmt: skip

# how people say each quantity (English; German where the template is German)
WORDS: dict[str, list[str]] = {
    "floor_area": ["floor area", "floor space", "area", "square metres", "square meters", "sqm", "m²", "m2",
                   "usable floor area"],
    "net_floor_area": ["net floor area", "net area", "net floor space"],
    "gross_floor_area": ["gross floor area", "gross area"],
    "volume": ["volume", "cubic metres", "m³", "air volume"],
    "net_volume": ["net volume"],
    "gross_volume": ["gross volume"],
    "height": ["height", "room height", "ceiling height"],
    "perimeter": ["perimeter", "perimeter length"],
}
DE_WORDS: dict[str, list[str]] = {
    "floor_area": ["Fläche", "Grundfläche", "Quadratmeter", "Nutzfläche"],
    "volume": ["Volumen", "Rauminhalt"],
}


@dataclass(frozen=True)
class Rooms:
    """A model's rooms as people name them (unique in the model, not part of another room's name)."""

    model: str
    names: tuple[str, ...]
    storeys: tuple[str, ...]  # storeys with rooms, as the model names them
    german: bool = False


ROOMS = [
    Rooms("3rooms_Heater_AirTerminal_Table_with_SB.ifc", ("Bad", "Kitchen", "Empfang", "Wohnen"), ("My Storey",),
          True),
    Rooms("AC11-FZK-Haus-IFC.ifc", ("Küche", "Wohnen", "Schlafzimmer", "Bad", "Buero", "Galerie"),
          ("Erdgeschoss", "Dachgeschoss"), True),
    Rooms("AC20-FZK-Haus.ifc", ("Küche", "Schlafzimmer", "Bad", "Buero", "Wohnen", "Galerie"),
          ("Erdgeschoss", "Dachgeschoss"), True),
    Rooms("AC11-Institute-Var-2-IFC.ifc", ("Seminarraum", "Buero Hausmeister", "Buero Schmidt", "Labor K3",
                                           "Buero Obermeier", "Flur Keller Treppe"),
          ("Keller", "Erdgeschoss", "1. Obergeschoss", "2. Obergeschoss"), True),
    Rooms("ExampleHOM.ifc", ("Kitchen5", "Living1", "Bedroom6", "Hobby2", "Bath9"), ("GroundFloor", "1stFloor")),
    Rooms("Duplex_A_20110907.ifc", ("A102", "A103", "B104", "A202", "B203"), ("Level 1", "Level 2")),
    Rooms("Ifc4_SampleHouse.ifc", ("Living room", "Bedroom", "Entrance hall"), ("Ground Floor",)),
]
STOREY_ONLY = [  # rooms with no usable names: storey subjects only
    Rooms("LargeBuilding.ifc", (), ("Level 1", "Level 2")),
    Rooms("revit_quantities.ifc", (), ("Level 1",)),
    Rooms("KIT-EDC_with_SB.ifc", (), ("EG", "1.OG"), True),
]
CLASS_STOREYS = {  # a class on a storey: model -> storeys
    "AC11-FZK-Haus-IFC.ifc": ("Erdgeschoss",),
    "AC20-FZK-Haus.ifc": ("Erdgeschoss", "Dachgeschoss"),
    "AC11-Institute-Var-2-IFC.ifc": ("Keller", "Erdgeschoss", "2. Obergeschoss"),
    "ExampleHOM.ifc": ("GroundFloor", "1stFloor"),
    "LargeBuilding.ifc": ("Level 1", "Level 2"),
    "Ifc4_SampleHouse.ifc": ("Ground Floor",),
    "Duplex_A_20110907.ifc": ("Level 1",),
}


# --- the oracle side --------------------------------------------------------------------------------------
def _held(e: Any) -> dict[str, dict[str, float]]:
    import ifcopenshell.util.element as ue

    out: dict[str, dict[str, float]] = {}
    for set_name, values in ue.get_psets(e, qtos_only=True).items():
        if not set_name.startswith(SETS):
            continue
        out[set_name] = {k: float(v) for k, v in values.items()
                         if k != "id" and isinstance(v, int | float) and not isinstance(v, bool)}
    return out


def _read(e: Any, name: str) -> tuple[str, float] | None:
    held = _held(e)
    for prefix in SETS:
        for set_name in sorted(held):
            if set_name.startswith(prefix) and name in held[set_name]:
                return set_name, held[set_name][name]
    return None


@dataclass
class Reading:
    """The quantity read for a subject: per element value, the path, or why it declines."""

    values: dict[str, float]
    path: str
    problem: str | None


def read_quantity(es: list[Any], quantity: str) -> Reading:
    if not es:
        return Reading({}, "", "no element in the subject")
    for name in NAMES[quantity]:
        got = {e.GlobalId: _read(e, name) for e in es}
        have = {g: v for g, v in got.items() if v is not None}
        if len(have) == len(es):
            sets = sorted({s for s, _ in have.values()})
            return Reading({g: v for g, (_, v) in have.items()}, f"{'/'.join(sets)}.{name}", None)
        if have:
            sets = sorted({s for s, _ in have.values()})
            return Reading({g: v for g, (_, v) in have.items()}, f"{'/'.join(sets)}.{name}",
                           f"{len(have)} of {len(es)} hold {name}: a total some elements lack")
    return Reading({}, "", f"none of the {len(es)} holds {' / '.join(NAMES[quantity])}")


def _unit(m: Model, quantity: str) -> str:
    return m.unit(KIND_UNIT[quantity])


def _named(m: Model, label: str) -> Any:
    low = label.casefold()
    found = [s for s in m.f.by_type("IfcSpace")
             if (s.Name or "").casefold() == low or (s.LongName or "").casefold() == low]
    if len(found) != 1:
        raise ValueError(f"{label!r}: {len(found)} rooms")
    others = [s for s in m.f.by_type("IfcSpace") if s != found[0] and (
        low in (s.Name or "").casefold() or low in (s.LongName or "").casefold())]
    if others:
        raise ValueError(f"{label!r} is part of another room's name")
    return found[0]


PSET_WORDS = {"floor_area": "area", "volume": "volume", "slab_area": "area", "area": "area", "wall_volume": "volume",
              "thickness": "width", "length": "length", "height": "height", "perimeter": "perimeter"}


def _pset_holds(e: Any, quantity: str) -> bool:
    """A property set (not a quantity set) of ``e`` holds a number named with the quantity's word."""
    import ifcopenshell.util.element as ue

    word = PSET_WORDS[quantity]
    return any(word in k.lower() and isinstance(v, int | float) and not isinstance(v, bool)
               for values in ue.get_psets(e, psets_only=True).values() for k, v in values.items() if k != "id")


GEOMETRY_LENGTHS = frozenset(["height", "length", "thickness"])  # what a bounding box measures (measures.py's rule)


def agg_oracle(m: Model, es: list[Any], quantity: str, op: str,
               unit: str | None = None) -> tuple[dict[str, Any], str] | None:
    if quantity == "height" and any(k in v for e in es for v in _held(e).values()
                                    for k in ("FinishCeilingHeight", "ClearHeight")):
        return None  # which height "room / ceiling height" is: left to the models that hold one height
    r = read_quantity(es, quantity)
    if r.problem is not None and quantity in PSET_WORDS and any(_pset_holds(e, quantity) for e in es):
        return None  # a vendor property set holds it (Revit's "Dimensions"): ifcqa's rule reads those, not judged here
    if r.problem is not None and not r.values and quantity in GEOMETRY_LENGTHS and r.problem.startswith("none"):
        return None  # ifcqa's stated fallback: a length no element holds is read from bounding boxes, saying so
    if r.problem is not None and not (op == "mean" and r.values):
        return decline(), f"decline: {r.problem}"
    # a mean over the elements that hold the quantity, the others said apart (a total that lacks some declines)
    es = [e for e in es if e.GlobalId in r.values]
    values = list(r.values.values())
    model_unit = _unit(m, quantity)
    if op == "sum":
        value = sum(values)
    elif op == "mean":
        value = statistics.fmean(values)
    else:
        raise ValueError(op)
    if unit == "ft²":
        if model_unit != "m²":
            raise ValueError("ft² only from m²")
        return number(value / FT2, "ft²", es), f"{op} of {r.path} over {len(es)} element(s), converted m² -> ft²"
    return number(value, model_unit, es), f"{op} of {r.path} over {len(es)} element(s), in {model_unit}"


def pick_oracle(es: list[Any], quantity: str, smallest: bool = False) -> tuple[dict[str, Any], str] | None:
    r = read_quantity(es, quantity)
    if r.problem is not None and any(_pset_holds(e, quantity) for e in es):
        return None
    if r.problem is not None:
        return decline(), f"decline: {r.problem}"
    best = (min if smallest else max)(r.values.values())
    winners = [e for e in es if abs(r.values[e.GlobalId] - best) <= 1e-6 * max(1.0, abs(best))]
    return elements(winners), f"{'min' if smallest else 'max'} of {r.path} over {len(es)} element(s)"


# --- templates ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    model: str
    query: str
    oracle: dict[str, Any]
    rule: str


Ctx = tuple[Model, Rooms, random.Random]


def _list(names: list[str], rng: random.Random, german: bool = False) -> str:
    if len(names) == 1:
        return names[0]
    if german:
        return (", ".join(names[:-1]) + " und " + names[-1]) if len(names) > 1 else names[0]
    style = rng.choice(["and", "the", "plus", "amp", "comma"])
    if style == "the":
        return ", ".join(f"the {n}" for n in names[:-1]) + " and the " + names[-1]
    if style == "plus" and len(names) == 2:
        return f"{names[0]} + {names[1]}"
    if style == "amp" and len(names) == 2:
        return f"{names[0]} & {names[1]}"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _word(rng: random.Random, quantity: str) -> str:
    return rng.choice(WORDS[quantity])


def _rooms(ctx: Ctx, k: int) -> list[str]:
    m, rooms, rng = ctx
    return rng.sample(list(rooms.names), k)


def _spaces(m: Model, names: list[str]) -> list[Any]:
    return [_named(m, n) for n in names]


def _on(m: Model, storey: str) -> list[Any]:
    return m.on(storey, "IfcSpace")


Template = Callable[[Ctx], Case | None]


def t_sum_together(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([2, 2, 3]))
    w = _word(rng, "floor_area")
    text = rng.choice(["how much {w} do {r} have together", "how much {w} do {r} have together?",
                       "{r} - how much {w} together?"]).format(w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), "floor_area", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_combined(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([2, 3]))
    q = rng.choice(["floor_area", "floor_area", "volume"])
    w = _word(rng, q)
    text = rng.choice(["what is the combined {w} of {r}?", "combined {w} of {r}",
                       "whats the combined {w} for {r}"]).format(w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_add_up(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, 2)
    w = _word(rng, "floor_area")
    text = rng.choice(["add up the {w} of {r}", "can you add up the {w} of {r} for me",
                       "please sum up the {w} of {r}"]).format(w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), "floor_area", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_in_total(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([2, 3]))
    q = rng.choice(["floor_area", "volume"])
    w = _word(rng, q)
    text = rng.choice(["{r}: {w} in total?", "{w} of {r} altogether", "total {w} of {r}",
                       "{r} in total, {w}?"]).format(w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_quote(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, 2)
    w = rng.choice(["floor area", "square metres", "m²"])
    text = rng.choice(["For the flooring quote I need the {w} of {r} added together.",
                       "flooring contractor needs the total {w} for {r}",
                       "We are re-tiling {r}. How many square metres is that in total?"]).format(
        w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), "floor_area", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_german(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    if not rooms.german:
        return None
    names = _rooms(ctx, rng.choice([2, 3]))
    q = rng.choice(["floor_area", "floor_area", "volume"])
    w = rng.choice(DE_WORDS[q])
    r = _list(names, rng, True)
    text = rng.choice(["Wie viel {w} haben {r} zusammen?", "{w} von {r} zusammen?",
                       "Wie groß ist die gesamte {w} von {r}?" if w.endswith("fläche") or w == "Fläche"
                       else "{w} von {r} insgesamt?"]).format(w=w, r=r)
    got = agg_oracle(m, _spaces(m, names), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_sum_how_big(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, 2)
    text = rng.choice(["how big are {r} together?", "how big are {r} combined, in m²",
                       "{r} together - how large is that?"]).format(r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), "floor_area", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_mean_rooms(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([2, 3]))
    q = rng.choice(["floor_area", "floor_area", "volume", "height"])
    w = _word(rng, q)
    text = rng.choice(["average {w} of {r}", "what's the mean {w} across {r}?",
                       "{r}: what is their average {w}"]).format(w=w, r=_list(names, rng))
    got = agg_oracle(m, _spaces(m, names), q, "mean")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_one_room(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    name = _rooms(ctx, 1)[0]
    q = rng.choice(["floor_area", "floor_area", "volume", "height", "perimeter"])
    w = _word(rng, q)
    text = rng.choice(["what is the {w} of the {n}?", "{n} - {w}?", "what's the {w} of {n}",
                       "need the {w} for {n} pls"]).format(w=w, n=name)
    got = agg_oracle(m, _spaces(m, [name]), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_one_how_big(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    name = _rooms(ctx, 1)[0]
    text = rng.choice(["how big is the {n}?", "how large is {n}", "how many m² is the {n}",
                       "how many square metres does {n} have?", "size of {n} in sqm?"]).format(n=name)
    got = agg_oracle(m, _spaces(m, [name]), "floor_area", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_one_german(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    if not rooms.german:
        return None
    name = _rooms(ctx, 1)[0]
    q = rng.choice(["floor_area", "volume"])
    text = (rng.choice(["Wie groß ist {n}?", "Welche Fläche hat {n}?", "Wie viele Quadratmeter hat {n}?"])
            if q == "floor_area" else rng.choice(["Wie groß ist das Volumen von {n}?",
                                                  "Rauminhalt von {n}?"])).format(n=name)
    got = agg_oracle(m, _spaces(m, [name]), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_one_how_high(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    name = _rooms(ctx, 1)[0]
    text = rng.choice(["how high is the {n}?", "how high is the ceiling in {n}",
                       "what's the ceiling height of {n}?"]).format(n=name)
    es = _spaces(m, [name])
    held = _held(es[0])
    if any(k in v for v in held.values() for k in ("FinishCeilingHeight", "ClearHeight")):
        return None  # which height "ceiling height" is: left to the models that hold one height
    r = read_quantity(es, "height")
    if r.problem is not None:
        return None  # a height from geometry (ifcqa's stated fallback): not this bench's oracle
    got = agg_oracle(m, es, "height", "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_compare_bigger(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    a, b = _rooms(ctx, 2)
    smaller = rng.random() < 0.35
    word = "smaller" if smaller else rng.choice(["bigger", "larger"])
    text = rng.choice(["which is {c}, the {a} or the {b}?", "{a} vs {b}: which one is {c}?",
                       "which room is {c}: {a} or {b}"]).format(c=word, a=a, b=b)
    got = pick_oracle(_spaces(m, [a, b]), "floor_area", smallest=smaller)
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_compare_more(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    a, b = _rooms(ctx, 2)
    q = rng.choice(["floor_area", "volume"])
    w = {"floor_area": rng.choice(["floor area", "floor space", "area"]), "volume": "volume"}[q]
    text = rng.choice(["which has more {w}, {a} or {b}?", "{a} or {b} - which has the larger {w}?",
                       "does {a} or {b} have more {w}"]).format(w=w, a=a, b=b)
    got = pick_oracle(_spaces(m, [a, b]), q)
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_compare_yes_no(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    a, b = _rooms(ctx, 2)
    es = _spaces(m, [a, b])
    r = read_quantity(es, "floor_area")
    text = rng.choice(["is the {a} larger than the {b}?", "is {a} bigger than {b}",
                       "{a} has more floor area than {b}, right?"]).format(a=a, b=b)
    if r.problem is not None:
        return Case(rooms.model, text, decline(), f"decline: {r.problem}")
    va, vb = r.values[es[0].GlobalId], r.values[es[1].GlobalId]
    return Case(rooms.model, text, yes_no(va > vb), f"{r.path}: {a} {va:.3f} vs {b} {vb:.3f}")


def t_storey_total(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    storey = rng.choice(rooms.storeys)
    q = rng.choice(["floor_area", "floor_area", "volume"])
    w = _word(rng, q) if q != "floor_area" else rng.choice(["floor area", "floor space", "room area", "m²"])
    text = rng.choice(["total {w} of all rooms on {s}", "how much {w} is there on {s} in total?",
                       "sum of the {w} of the rooms on {s}", "{s}: total {w} of the rooms"]).format(w=w, s=storey)
    got = agg_oracle(m, _on(m, storey), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_storey_mean(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    storey = rng.choice(rooms.storeys)
    text = rng.choice(["what's the average room size on {s}?", "typical room size on {s}",
                       "mean floor area of the rooms on {s}", "on average, how big are the rooms on {s}?"]).format(
        s=storey)
    got = agg_oracle(m, _on(m, storey), "floor_area", "mean")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_storey_extreme(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    storey = rng.choice(rooms.storeys)
    smallest = rng.random() < 0.4
    word = "smallest" if smallest else rng.choice(["largest", "biggest"])
    text = rng.choice(["{x} room on {s}?", "which is the {x} room on {s}", "what's the {x} space on {s}"]).format(
        x=word, s=storey)
    got = pick_oracle(_on(m, storey), "floor_area", smallest)
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_building_total(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    q = rng.choice(["floor_area", "gross_floor_area", "net_floor_area"])
    w = _word(rng, q) if q != "floor_area" else rng.choice(["floor area", "floor space"])
    text = rng.choice(["what is the total {w} of the building?", "how much {w} does the whole building have?",
                       "total {w} of all rooms in the building", "{w} of the building altogether?"]).format(w=w)
    got = agg_oracle(m, m.spaces(), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_net_gross(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([1, 2]))
    q = rng.choice(["net_floor_area", "gross_floor_area", "net_volume", "gross_volume"])
    w = _word(rng, q)
    text = rng.choice(["what is the {w} of {r}?", "{w} of {r}?", "{r}: {w} please"]).format(
        w=w, r=_list(names, rng))
    if len(names) > 1:
        text = text.replace("?", " together?") if "?" in text else text + " together"
    got = agg_oracle(m, _spaces(m, names), q, "sum")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_unit_feet(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    names = _rooms(ctx, rng.choice([1, 2]))
    text = rng.choice(["floor area of {r} in square feet", "how many sq ft is {r}?",
                       "{r} area in ft²?"]).format(r=_list(names, rng))
    if len(names) > 1:
        text += " (together)"
    got = agg_oracle(m, _spaces(m, names), "floor_area", "sum", unit="ft²")
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


def t_unit_wrong(ctx: Ctx) -> Case | None:
    m, rooms, rng = ctx
    name = _rooms(ctx, 1)[0]
    text = rng.choice(["what's the volume of the {n} in square metres?", "volume of {n} in m²",
                       "floor area of {n} in cubic metres", "floor area of {n} in kg please",
                       "how high is the {n} in m²?"]).format(n=name)
    return Case(rooms.model, text, decline(), "decline: a unit of another kind than the quantity asked")


def t_storey_only_total(ctx: Ctx) -> Case | None:
    """Rooms with no names people use: the storey's rooms (may decline: no quantity held)."""
    m, rooms, rng = ctx
    storey = rng.choice(rooms.storeys)
    q = rng.choice(["floor_area", "volume", "gross_floor_area"])
    w = _word(rng, q) if q != "floor_area" else rng.choice(["floor area", "floor space"])
    text = rng.choice(["total {w} of the rooms on {s}", "how much {w} do the rooms on {s} have altogether?",
                       "average {w} of the rooms on {s}"]).format(w=w, s=storey)
    op = "mean" if text.startswith("average") else "sum"
    got = agg_oracle(m, _on(m, storey), q, op)
    if got is None:
        return None
    o, rule = got
    return Case(rooms.model, text, o, rule)


CLASS_Q = {  # template key -> (IFC class, quantity, op, phrasings)
    "wall_length": ("IfcWall", "length", "sum", ["total wall length on {s}",
                                                 "how many metres of wall are there on {s}?",
                                                 "running metres of walls on {s}", "{s}: total length of the walls"]),
    "wall_thickness": ("IfcWall", "thickness", "mean", ["average wall thickness on {s}",
                                                        "what is the mean thickness of the walls on {s}?",
                                                        "typical wall thickness on {s}"]),
    "slab_area": ("IfcSlab", "slab_area", "sum", ["total slab area on {s}", "how many m² of slab are on {s}?",
                                                  "sum of the slab areas on {s}"]),
    "window_area": ("IfcWindow", "area", "sum", ["how much window area is there on {s}?",
                                                 "total glazing area of the windows on {s}",
                                                 "m² of windows on {s}"]),
    "door_area": ("IfcDoor", "area", "sum", ["total door area on {s}", "sum of the areas of the doors on {s}"]),
    "wall_volume": ("IfcWall", "wall_volume", "sum", ["total volume of the walls on {s} in cubic metres",
                                                      "how many m³ of wall are on {s}?",
                                                      "wall volume on {s} altogether"]),
}


def class_template(key: str) -> Template:
    cls, quantity, op, forms = CLASS_Q[key]

    def make(ctx: Ctx) -> Case | None:
        m, rooms, rng = ctx
        storey = rng.choice(CLASS_STOREYS[rooms.model])
        es = m.on(storey, cls)
        if not es:
            return None
        text = rng.choice(forms).format(s=storey)
        got = agg_oracle(m, es, quantity, op)
        if got is None:
            return None
        o, rule = got
        return Case(rooms.model, text, o, f"{cls} on {storey} (storey-deep): {rule}")

    make.__name__ = f"t_class_{key}"
    return make


TEMPLATES: list[Template] = [
    t_sum_together, t_sum_combined, t_sum_add_up, t_sum_in_total, t_sum_quote, t_sum_german, t_sum_how_big,
    t_mean_rooms, t_one_room, t_one_how_big, t_one_german, t_one_how_high, t_compare_bigger, t_compare_more,
    t_compare_yes_no, t_storey_total, t_storey_mean, t_storey_extreme, t_building_total, t_net_gross, t_unit_feet,
    t_unit_wrong, t_storey_only_total,
    *(class_template(k) for k in CLASS_Q),
]
ROOM_TEMPLATES_ONLY_STOREY = {t_storey_only_total}
PER_MODEL = 2  # instances of each template per model (different draws)


def held_back(position: int) -> bool:
    return position % 3 == 2


def generate(ifc_dir: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    dev: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    models: dict[str, Model] = {}
    for pos, template in enumerate(TEMPLATES):
        name = template.__name__.removeprefix("t_")
        is_class = name.startswith("class_")
        pool = ([Rooms(mdl, (), ()) for mdl in CLASS_STOREYS] if is_class
                else STOREY_ONLY + ROOMS if template in ROOM_TEMPLATES_ONLY_STOREY else ROOMS)
        seen: set[tuple[str, str]] = set()
        for rooms in pool:
            if rooms.model not in models:
                models[rooms.model] = Model(ifc_dir / rooms.model)
            m = models[rooms.model]
            rng = random.Random(f"{SEED}:{name}:{rooms.model}")
            for _ in range(PER_MODEL):
                case = template((m, rooms, rng))
                if case is None or (case.model, case.query) in seen:
                    continue
                seen.add((case.model, case.query))
                n = sum(1 for c in (held if held_back(pos) else dev) if c["id"].startswith(f"qty-{name}-"))
                record = {"id": f"qty-{name}-{n + 1:02d}", "query": case.query, "ifc_filename": case.model,
                          "kind": "quantities", "oracle": case.oracle, "oracle_rule": case.rule,
                          "source": "ifcopenshell", "template": name}
                (held if held_back(pos) else dev).append(record)
    return dev, held


def _dump(cases: list[dict[str, Any]]) -> str:
    return json.dumps(cases, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ifc-dir", type=Path, default=DEFAULT_IFC_DIR)
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed cases differ")
    args = ap.parse_args(argv)
    dev, held = generate(args.ifc_dir)
    outs = {OUT_DEV: _dump(dev), OUT_HELD: _dump(held)}
    if args.check:
        stale = [p.name for p, text in outs.items() if not p.is_file() or p.read_text("utf-8") != text]
        if stale:
            print(f"stale: {', '.join(stale)} (run bench/spatial/quantities.py)", file=sys.stderr)
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
