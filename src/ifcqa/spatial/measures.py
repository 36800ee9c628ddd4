"""Quantities a question asks for, and their aggregates: "total floor area", "largest room", "average door width".

>>> m = find_measure(index, "total floor area of the ground floor", ["IfcSpace"])
>>> (m.quantity, m.op)
('floor_area', 'sum')
>>> aggregate(index, space_guids, m, m.op)
Aggregate(number=84.2, unit='m²', op='sum', quantity='NetFloorArea', source='BaseQuantities', n=12, ...)

The words are data (``data/measure_words.json``). Values come from the model's quantity sets (BaseQuantities,
Qto_*, vendor sets such as ArchiCAD's or GSA's) and, for door and window sizes, from the attributes
OverallWidth/OverallHeight: per element class, the quantity of the right kind (area, volume, length, mass) whose
name ranks best for what was asked (Net before Gross unless "gross" was said), then the one most elements carry.
When no element of a class carries any, its bounding boxes give the lengths a box measures (height, width,
length, thickness) and the source says "geometry (bounding box)"; an area or a volume is never a box's. Numbers
are in the model's units; elements without a value are counted apart (``n`` of ``total``).
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value
from ifcqa.spatial import aggregate_phrasing
from ifcqa.spatial.qualifiers import says_gross, unit_factor
from ifcqa.spatial.quantity_reading import closes, name_fits, says_net
from ifcqa.spatial.spaces import fold, fold_with_offsets

OPS = ("sum", "mean", "min", "max", "count")
GEOMETRY = "geometry (bounding box)"
_MEASURE_KINDS = {
    "IfcQuantityArea": "area", "IfcAreaMeasure": "area", "IfcQuantityVolume": "volume", "IfcVolumeMeasure": "volume",
    "IfcQuantityLength": "length", "IfcLengthMeasure": "length", "IfcPositiveLengthMeasure": "length",
    "IfcNonNegativeLengthMeasure": "length", "IfcQuantityWeight": "mass", "IfcMassMeasure": "mass",
    "IfcPowerMeasure": "power",
}  # fmt: skip
_SYMBOL_KINDS = {"m²": "area", "mm²": "area", "cm²": "area", "ft²": "area", "m³": "volume", "mm³": "volume",
                 "cm³": "volume", "ft³": "volume", "m": "length", "mm": "length", "cm": "length", "ft": "length",
                 "in": "length", "kg": "mass", "g": "mass", "t": "mass", "W": "power", "kW": "power"}  # fmt: skip
_UNIT_TYPES = {"length": "LENGTHUNIT", "area": "AREAUNIT", "volume": "VOLUMEUNIT", "mass": "MASSUNIT",
               "power": "POWERUNIT"}
_SIZE_ATTRIBUTES = ("OverallWidth", "OverallHeight")  # door and window sizes, in the project's length unit


@dataclass
class MeasureMention:
    """A quantity the question asks to aggregate.

    Attributes:
        term: the words of the question; ``start``/``end`` their span.
        quantity: ``floor_area``, ``wall_area``, ``ceiling_area``, ``area``, ``volume``, ``length``, ``height``,
            ``width``, ``thickness``, ``depth``, ``perimeter`` or ``weight``.
        op: ``sum``, ``mean``, ``min``, ``max`` or ``count``.
        gross: the question said "gross" / "brutto" (Gross quantities are then preferred).
        superlative: "largest room", "tallest wall": the caller lists the element(s) with the extreme value.
    """

    term: str
    start: int
    end: int
    quantity: str
    op: str
    gross: bool = False
    superlative: bool = False
    attached: bool = False  # the quantity word follows the op word: "the most floor area", "the least room area"
    head: str = ""  # a German compound's class word, folded ("fenster" of "Fensterfläche", "raum" of "Raumgröße")
    net: bool = False  # the question said "net" / "netto" (only a Net quantity is then read: quantity_reading.py)


@dataclass
class Aggregate:
    """An aggregate over elements and where its values came from.

    Attributes:
        number: the result in ``unit`` (``None`` when no element has a value).
        unit: the model's unit symbol (``m²``), or ``None``.
        op: the operation applied.
        quantity: the quantity name(s) read (``NetFloorArea``; several classes: ``NetSideArea, Area``).
        source: the set(s) read (``BaseQuantities``, ``Qto_SpaceBaseQuantities``, ``attribute``) or
            ``geometry (bounding box)``.
        n: elements with a value; ``total``: elements asked about; ``missing``: GlobalIds of those without.
        per_element: GlobalId -> value, in ``unit``.
        chosen: for ``max``/``min``, the GlobalIds with that value.
        paths: class -> the ``Set.Quantity`` path (or attribute, or ``geometry``) read for it.
    """

    number: float | None
    unit: str | None
    op: str
    quantity: str
    source: str
    n: int
    per_element: dict[str, float]
    total: int = 0
    missing: list[str] = field(default_factory=list)
    chosen: list[str] = field(default_factory=list)
    paths: dict[str, str] = field(default_factory=dict)


# -- vocabulary ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Words:
    ops: dict[str, str]
    superlatives: dict[str, str]
    quantities: dict[str, str]
    compounds: dict[str, tuple[str, str]]
    op_pattern: re.Pattern[str]
    quantity_pattern: re.Pattern[str]
    stop_after: frozenset[str]
    linear: frozenset[str]
    names: dict[str, tuple[str, list[re.Pattern[str]]]]
    class_quantities: dict[str, tuple[str, str]]
    class_quantity_pattern: re.Pattern[str]


def _phrase(text: str) -> str:
    return " ".join(fold(text).split())


def _bounded(phrases: list[str]) -> re.Pattern[str]:
    ordered = sorted({p for p in phrases if p}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered)
                      + r")(?![\w])")


@functools.cache
def words() -> _Words:
    """``data/measure_words.json``, folded and compiled (once per process)."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/measure_words.json").read_text("utf-8"))
    ops = {_phrase(w): op for op, ws in raw["ops"].items() for w in ws}
    quantities = {_phrase(w): q for q, ws in raw["quantities"].items() for w in ws}
    compounds = {_phrase(w): (op, q) for w, (op, q) in raw["compounds"].items()}
    names = {
        key: (entry["kind"], [re.compile(p, re.IGNORECASE) for p in entry["names"]])
        for key, entry in raw["quantity_names"].items()
    }
    return _Words(
        ops=ops,
        superlatives={_phrase(w): q for w, q in raw["superlatives"].items()},
        quantities=quantities,
        compounds=compounds,
        op_pattern=_bounded([*ops, *compounds]),
        quantity_pattern=_bounded([*quantities, *compounds]),
        stop_after=frozenset(_phrase(w) for w in raw["not_a_quantity_after"]),
        linear=frozenset(raw["linear_classes"]),
        names=names,
        class_quantities={_phrase(w): (fold(c), q) for w, (c, q) in raw["class_quantities"].items()},
        class_quantity_pattern=_bounded(list(raw["class_quantities"])),
    )


# -- the question ----------------------------------------------------------------------------------------
def ops_said(text: str) -> set[str]:
    """The aggregate ops whose words ``text`` holds ("total" -> sum, "average" -> mean); compounds not included."""
    found = words()
    return {op for m in found.op_pattern.finditer(_phrase(text)) if (op := found.ops.get(m.group(0)))}


# nouns that name an attribute of a thing: after a class-quantity noun they make it a modifier ("the glazing type",
# "glazing manufacturer"), and the phrase asks that attribute, never the quantity
_ATTRIBUTE_NOUNS = frozenset(["type", "types", "typ", "kind", "kinds", "system", "systems", "supplier", "suppliers",
                              "manufacturer", "manufacturers", "make", "material", "materials", "colour", "color",
                              "product", "products", "spec", "specs", "specification", "class", "rating", "brand",
                              "art", "hersteller", "farbe", "produkt"])


def _heads_phrase(folded: str, end: int) -> bool:
    """Whether a class-quantity noun ending at ``end`` heads its phrase: not followed by an attribute noun ("glazing
    type") that makes it a modifier."""
    nxt = re.match(r"\s*([^\W\d_][\w'-]*)", folded[end:])
    return nxt is None or nxt.group(1) not in _ATTRIBUTE_NOUNS


def _unit_of_quantity(folded: str, found: re.Match[str] | None) -> tuple[int, re.Match[str]] | None:
    """A unit's words as the quantity word, followed by "of" and another quantity word ("square metres of floor
    area", "cubic feet of net volume"): where the unit starts and the quantity it is of; else None."""
    from ifcqa.spatial import units_asked  # units_asked imports the parser's plan types only

    if found is None or units_asked.named_by(found.group(0)) is None:
        return None
    after = words().quantity_pattern.match(folded, _skip_of(folded, found.end()))
    if after is None or after.start() == found.end():
        return None
    return found.start(), after


def _skip_of(folded: str, at: int) -> int:
    gap = re.match(r"\s+(?:of|an|der)\s+(?:the\s+)?", folded[at:])
    return at + gap.end() if gap is not None else at


def find_measure(index: ModelIndex, text: str, ifc_classes: list[str]) -> MeasureMention | None:
    """The quantity aggregate a question asks for, or ``None``.

    An operation word ("total", "average", "largest", "Gesamt-") and a quantity word ("floor area", "m²", "volume")
    make one mention when at most three words part them ("total floor area", "how much wall area", "m² of
    windows"); a quantity alone is summed (area, volume, length, weight) or averaged (sizes); a superlative alone
    names its quantity ("largest room" = max area, "tallest wall" = max height). "largest number of", "highest
    floor" are not quantities. The classes refine the quantity: the area of spaces is their floor area, the size of
    beams or pipes their length.
    """
    vocab = words()
    folded, offsets = fold_with_offsets(text)
    gross = says_gross(folded)
    op_match = None
    asked: re.Match[str] | None = None  # "how large is the smallest room": the question words, read with it
    candidates = [m for m in vocab.op_pattern.finditer(folded) if not (
        _next_word(folded, m.end()) in vocab.stop_after and not vocab.quantity_pattern.match(
            folded, _skip_space(folded, m.end())))]  # "largest number of doors", "highest floor"
    if candidates:
        op_match = candidates[0]
        extreme = [m for m in candidates[1:] if _phrase(m.group(0)) in vocab.superlatives
                   or vocab.ops.get(_phrase(m.group(0))) in ("max", "min")]
        later = [m for m in candidates[1:] if _gap_words(folded, op_match, m) <= 4]
        if extreme and (_phrase(op_match.group(0)) in vocab.compounds and _gap_words(
                folded, op_match, extreme[0]) <= 4 or aggregate_phrasing.asks_extreme_value(  # round 13: "how much
                    _phrase(op_match.group(0)), _gap_words(folded, op_match, extreme[0]))):  # area has the largest"
            asked, op_match = op_match, extreme[0]  # the superlative says which one; "how large" asks its size
        elif _phrase(op_match.group(0)) in vocab.compounds and later:  # "how big is the total floor area", "wie groß
            asked, op_match = op_match, later[0]  # ist die Gesamtfläche": the later words say what is asked
        elif _phrase(op_match.group(0)) in vocab.compounds and (named := next((
                m for m in [*vocab.quantity_pattern.finditer(folded, op_match.end()), *_class_compounds(folded)]
                if _phrase(m.group(0)) not in vocab.compounds and m.start() >= op_match.end()), None)) is not None and (
                    _gap_words(folded, op_match, named) <= 3 and _asked_for(folded, named)):
            asked, op_match = op_match, None  # "how big is the floor area of ...", "wie groß ist die Fensterfläche"
    quantity_match = None
    found_quantities = list(vocab.quantity_pattern.finditer(folded))
    for m in found_quantities:
        if asked is not None and m.start() < asked.end():
            continue  # the question words themselves ("how big")
        if _asked_in(folded, m) and any(not _asked_in(folded, o) for o in found_quantities):
            continue  # "the area of A and B combined in sq ft": the unit the answer is asked in, not the quantity
        if op_match is None and not _asked_for(folded, m):
            continue  # "installed in office areas": a word, not a question about an area
        quantity_match = m
        if op_match is None or m.start() >= op_match.start():
            break
    unit_lead = _unit_of_quantity(folded, quantity_match)  # "how many square metres of floor area"
    if unit_lead is not None:
        quantity_match = unit_lead[1]
    head = ""
    if quantity_match is None:  # "Raumgröße", "Fensterfläche": a class word and a quantity word in one
        quantity_match = next(iter(_class_compounds(folded)), None)
        head = quantity_match.group("head") if quantity_match is not None else ""
    named = vocab.class_quantity_pattern.search(folded)  # "glazing (area)": the area of the windows
    if named is not None and not _heads_phrase(folded, named.end()):
        named = None  # "the glazing type of the rooms": the noun modifies another, it names no quantity
    if named is not None and (quantity_match is None or named.start() <= quantity_match.start() < named.end() or (
            quantity_match.end() <= named.start() and re.fullmatch(r"\s+(?:of|der|an)\s+(?:the\s+)?",
                                                                  folded[quantity_match.end():named.start()]))):
        # "glazing (area)", "the total area of glazing": the area of the windows
        quantity_match, head = named, vocab.class_quantities[_phrase(named.group(0))][0]
    if op_match is None and quantity_match is None:
        return None
    op = quantity = None
    start = end = 0
    if op_match is not None:
        phrase = _phrase(op_match.group(0))
        if phrase in vocab.compounds:
            op, quantity = vocab.compounds[phrase]
        else:
            op = vocab.ops[phrase]
        start, end = op_match.start(), op_match.end()
    superlative = op_match is not None and _phrase(op_match.group(0)) in vocab.superlatives
    attached = False
    if quantity_match is not None and quantity is None:
        phrase = _phrase(quantity_match.group("tail") if "tail" in quantity_match.groupdict() else
                         quantity_match.group(0))
        q_op, q_quantity = vocab.compounds.get(phrase, (None, vocab.quantities.get(phrase)))
        if phrase in vocab.class_quantities:
            q_quantity = vocab.class_quantities[phrase][1]
        # "the largest external wall on the Keller by net area": "by" names what the superlative ranks by
        by = _BY.search(folded, 0, quantity_match.start()) is not None
        # "net floor area of the Erdgeschoss and the Dachgeschoss together": a sum word closing the question sums the
        # quantity asked before it, however many words (storeys, rooms) part them
        closing = op_match is not None and vocab.ops.get(_phrase(op_match.group(0))) == "sum" and (
            op_match.start() > quantity_match.end() and closes(folded[op_match.end():]))
        near = op_match is None or _gap_words(folded, op_match, quantity_match) <= 3 or by or closing
        attached = op_match is not None and not by and quantity_match.start() >= op_match.end() and _gap_words(
            folded, op_match, quantity_match) <= 2
        if near:
            quantity = q_quantity
            op = op or q_op
            if op_match is None:
                start, end = quantity_match.start(), quantity_match.end()
            else:
                start, end = min(start, quantity_match.start()), max(end, quantity_match.end())
    if unit_lead is not None and quantity is not None and quantity_match is unit_lead[1]:
        start = min(start, unit_lead[0])  # the unit read with the quantity it is of: the answer is asked in it
    if quantity is None and asked is not None and _phrase(asked.group(0)) in vocab.compounds:
        quantity = vocab.compounds[_phrase(asked.group(0))][1]  # "how large is the average room": its area
    if quantity is None and op_match is not None:
        phrase = _phrase(op_match.group(0))
        if phrase not in vocab.superlatives:
            return None  # "total" with no quantity: a count ("total number of doors") or nothing
        quantity = vocab.superlatives[phrase]
        superlative = True
    if quantity is None or _THRESHOLD.match(folded, end):
        return None  # "minimum width of 900 mm", "max. Höhe 2 m": a threshold (a qualifier), not an aggregate
    net = _NET.search(folded, 0, start)
    if net is not None and not folded[net.end():start].strip():
        start = net.start()  # "net volume", "gross wall area": which quantity (see choose_path), read with it
    term = text[offsets[start] : offsets[end]]
    if asked is not None:  # only its words, not what stands between ("how large is the smallest")
        term = text[offsets[asked.start()] : offsets[asked.end()]] + " " + term
        start = min(start, asked.start())
    quantity = _refine(index, quantity, ifc_classes, superlative)
    if op is None:
        op = "mean" if quantity in ("height", "width", "thickness", "depth") else "sum"
    return MeasureMention(term, offsets[start], offsets[end], quantity, op, gross, superlative and op in ("max", "min"),
                          attached, head, says_net(folded))


# the quantity words that end German compounds ("Raumgröße", "Fensterfläche", "Türbreite"), folded
_COMPOUND_TAILS = ("flache", "flachen", "grosse", "hohe", "breite", "lange", "volumen", "gewicht", "umfang", "dicke",
                   "tiefe")
_BY = re.compile(r"(?<![\w])(?:by|nach|in\s+terms\s+of)\s+(?:(?:net|gross|netto|brutto)\s+)?$")


def class_compounds(folded: str) -> list[re.Match[str]]:
    """The class+quantity compounds of ``folded`` ("raumgrosse", "fensterflache"), in order."""
    return _class_compounds(folded)


def _class_compounds(folded: str) -> list[re.Match[str]]:
    """The class+quantity compounds of ``folded`` ("raumgrosse", "fensterflache"), in order."""
    return [m for m in _compound_quantity().finditer(folded) if m.group("head") in _class_heads()]


@functools.cache
def _compound_quantity() -> re.Pattern[str]:
    tails = "|".join(sorted(_COMPOUND_TAILS, key=len, reverse=True))
    return re.compile(rf"(?<![\w])(?P<head>[^\W\d_]{{3,}}?)(?P<tail>{tails})(?![\w])")


@functools.cache
def _class_heads() -> frozenset[str]:
    """Class words (folded) that may head a compound with a quantity word."""
    from ifcqa.spatial.vocabulary import CLASS_WORDS

    return frozenset(fold(w) for w in CLASS_WORDS if " " not in w and len(w) >= 3)


_NET = re.compile(r"(?<![\w])(?:net|netto|gross|brutto)(?=\s*$)")
_ASKING = frozenset(["the", "its", "their", "of", "what", "whats", "which", "how", "die", "der", "das", "den", "dem",
                     "des", "welche", "welcher", "wie", "ihre", "seine", "gross", "net", "brutto", "netto", "total",
                     # a comparison by the quantity: "more office area than", "which one has less wall area", "by area"
                     "more", "less", "most", "mehr", "weniger", "meiste", "meisten", "by", "nach",
                     "s"])  # "Level 2's floor area" (the possessive, folded)
_UNIT_LIKE = re.compile(r"^(?:m2|m3|sqm|sq m|qm|cbm|ft2|ft3|sq ft|square|cubic|quadratmeter|kubikmeter)")


def _asked_in(folded: str, m: re.Match[str]) -> bool:
    """A unit's words after "in" / "as" ("... in sq ft"): the unit an answer is asked in."""
    before = folded[: m.start()].split()
    return bool(_UNIT_LIKE.match(_phrase(m.group(0)))) and bool(before) and before[-1] in ("in", "im", "as", "als")


def _asked_for(folded: str, m: re.Match[str]) -> bool:
    """A quantity word with no operation asks for the quantity: as a unit, first, or one word after "the", "what"..."""
    before = [w.strip("?.,!") for w in folded[: m.start()].split()]
    if _UNIT_LIKE.match(_phrase(m.group(0))):
        # "how many square metres", "m² of glazing"; after "in"/"as" it is only the unit an answer is asked in
        # ("how many windows ... in square metres?": no quantity asked, so the unit is left unread and declines),
        # after "per" a rate ("doors per square metre"), never the quantity itself
        return not (before and before[-1] in ("in", "im", "as", "als", "per", "pro", "je"))
    before = [w.strip("?.,!") for w in folded[: m.start()].split()]
    if len(before) <= 1 or _phrase(m.group(0)) in words().compounds:
        return True
    return any(w in _ASKING for w in before[-2:])  # "the ceiling height", not "in office areas"


_THRESHOLD = re.compile(r"\.?\s*(?:of|von|:|=|is|ist|at|bei)?\s*\d")


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _next_word(text: str, pos: int) -> str:
    rest = text[pos:].split()
    return rest[0].strip("?.,!") if rest else ""


def _gap_words(text: str, a: re.Match[str], b: re.Match[str]) -> int:
    first, second = (a, b) if a.start() <= b.start() else (b, a)
    if second.start() < first.end():
        return 0
    return len(text[first.end() : second.start()].split())


def _refine(index: ModelIndex, quantity: str, ifc_classes: list[str], superlative: bool) -> str:
    """Spaces' area is their floor area; the "largest" beam or pipe is the longest."""
    known = index.known_classes()
    classes = [c for c in ifc_classes if c.lower() in known]
    if quantity == "area" and classes and all(_is(index, c, "IfcSpace") for c in classes):
        return "floor_area"
    if quantity == "area" and superlative and classes and all(c in words().linear for c in classes):
        return "length"
    return quantity


def _is(index: ModelIndex, ifc_class: str, ancestor: str) -> bool:
    chain = index.data.ancestors.get(index.known_classes().get(ifc_class.lower(), ifc_class), (ifc_class,))
    return ancestor in chain


# -- the values ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Path:
    set_name: str | None  # None: an attribute
    name: str

    @property
    def text(self) -> str:
        return self.name if self.set_name is None else f"{self.set_name}.{self.name}"


def _kind_of(value: Value) -> str | None:
    if value.measure in _MEASURE_KINDS:
        return _MEASURE_KINDS[value.measure]
    return _SYMBOL_KINDS.get(value.unit or "")


def _read(element: Element, path: _Path) -> tuple[float, str | None] | None:
    if path.set_name is None:
        raw = element.attributes.get(path.name)
        unit = None
    else:
        value = (element.qtos.get(path.set_name) or element.psets.get(path.set_name) or {}).get(path.name)
        raw, unit = (value.value, value.unit) if value is not None else (None, None)
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        return None
    return float(raw), unit


_GROSS = re.compile("gross|brutto", re.IGNORECASE)


def _set_rank(set_name: str | None, is_qto: bool) -> int:
    if set_name is None:
        return 1
    if set_name.startswith("Qto_"):
        return 0
    if set_name == "BaseQuantities":
        return 1
    return 2 if is_qto else 3


def choose_path(elements: list[Element], quantity: str, gross: bool = False, net: bool = False) -> _Path | None:
    """The quantity read for elements of one class.

    In order: quantity sets (and door/window size attributes) before property sets; Net or plain before Gross
    (the reverse when ``gross``); the name's rank for the quantity (``data/measure_words.json``); Qto_* before
    BaseQuantities before vendor sets; then the one most elements carry. When only one of "net" and "gross" was
    said, only a name saying it is read (``NetFloorArea`` is not the gross floor area asked): None when none does.
    """
    kind, patterns = words().names[quantity]
    seen: Counter[tuple[str | None, str, bool]] = Counter()
    for e in elements:
        for is_qto, sets in ((True, e.qtos), (False, e.psets)):
            for set_name, values in sets.items():
                for name, value in values.items():
                    if isinstance(value.value, int | float) and not isinstance(value.value, bool) and (
                            _kind_of(value) == kind):
                        seen[(set_name, name, is_qto)] += 1
        if kind == "length":
            for attr in _SIZE_ATTRIBUTES:
                if isinstance(e.attributes.get(attr), int | float):
                    seen[(None, attr, True)] += 1
    best: tuple[Any, ...] | None = None
    chosen: _Path | None = None
    for (found_set, name, is_qto), count in seen.items():
        rank = next((i for i, p in enumerate(patterns) if p.search(name)), None)
        if rank is None or not name_fits(name, gross=gross, net=net):
            continue
        grossness = bool(_GROSS.search(name)) != gross  # Net or plain before Gross, unless Gross was asked
        key = (not is_qto, grossness, rank, _set_rank(found_set, is_qto), -count, found_set or "", name)
        if best is None or key < best:
            best, chosen = key, _Path(found_set, name)
    return chosen


def _geometry_value(index: ModelIndex, element: Element, quantity: str) -> float | None:
    """A bounding-box reading, in the model's unit of the quantity's kind, for the extents a box measures.

    Only a length the box really is (height, width, length, thickness, depth): an area, a volume or a perimeter
    of the box is not the element's (a radiator's box volume is mostly air), so those are ``None`` and the
    answer declines saying the model holds no such quantity (issue 22: never a broader, made-up number).
    """
    box = index.bbox(element)
    if box is None:
        return None
    dx, dy, dz = box[3] - box[0], box[4] - box[1], box[5] - box[2]
    flat = index.is_a(element, "IfcSpace") or any(
        index.is_a(element, c) for c in ("IfcSlab", "IfcCovering", "IfcRoof", "IfcPlate"))
    length = {
        "height": dz, "width": max(dx, dy) if not flat else min(dx, dy), "thickness": dz if flat else min(dx, dy),
        "depth": min(dx, dy), "length": max(dx, dy),
    }
    return length.get(quantity)


def model_unit(index: ModelIndex, quantity: str) -> str | None:
    """The model's unit symbol for the kind of ``quantity`` (``floor_area``: the area unit), or ``None``."""
    unit = index.units.get(_UNIT_TYPES[words().names[quantity][0]])
    return unit.symbol if unit is not None else None


def aggregate(index: ModelIndex, keys: list[str], measure: MeasureMention, op: str | None = None,
              *, geometry: bool = True) -> Aggregate:
    """``op`` (default: the mention's) of the measure's quantity over the elements ``keys`` (GlobalIds).

    Per class, the quantity set value :func:`choose_path` picks; a class none of whose elements carries one is
    read from bounding boxes when ``geometry`` (slow on first use: the file is opened and shaped), else counted
    as missing. Values in another unit than the first read are converted to it.
    """
    op = op or measure.op
    if op not in OPS:
        raise ValueError(f"Unknown aggregate {op!r}: use one of {', '.join(OPS)}.")
    kind = words().names[measure.quantity][0]
    elements = [e for k in keys if (e := index.find(k)) is not None]
    by_class: dict[str, list[Element]] = {}
    for e in elements:
        by_class.setdefault(e.ifc_class, []).append(e)
    per_element: dict[str, float] = {}
    missing: list[str] = []
    paths: dict[str, str] = {}
    unit: str | None = None
    unit_si: float | None = None
    names: list[str] = []
    sources: list[str] = []
    for cls, members in by_class.items():
        path = choose_path(members, measure.quantity, measure.gross, measure.net)
        if path is None:
            if not geometry or measure.gross != measure.net:  # a box has no net or gross extent
                missing += [e.guid for e in members]
                continue
            if not geometry:
                missing += [e.guid for e in members]
                continue
            paths[cls] = "geometry"
            model_unit = index.units.get(_UNIT_TYPES[kind])
            for e in members:
                boxed = _geometry_value(index, e, measure.quantity)
                if boxed is None:
                    missing.append(e.guid)
                    continue
                if unit is None and model_unit is not None:
                    unit, unit_si = model_unit.symbol, model_unit.si_factor
                per_element[e.guid] = _convert(boxed, model_unit.si_factor if model_unit else None, unit_si)
            _add(names, measure.quantity)
            _add(sources, GEOMETRY)
            continue
        paths[cls] = path.text
        _add(names, path.name)
        _add(sources, path.set_name or "attribute")
        for e in members:
            got = _read(e, path)
            if got is None:
                missing.append(e.guid)
                continue
            value, symbol = got
            if symbol is None:  # an attribute, or a value without its own unit: the project's unit
                model_unit = index.units.get(_UNIT_TYPES[kind])
                symbol = model_unit.symbol if model_unit else None
            factor = unit_factor(index, symbol) if symbol else None
            if unit is None:
                unit, unit_si = symbol, factor
            per_element[e.guid] = _convert(value, factor, unit_si)
    values = list(per_element.values())
    number: float | None = None
    chosen: list[str] = []
    if op == "count":
        number = float(len(values))
    elif values:
        number = {"sum": sum(values), "mean": sum(values) / len(values), "min": min(values),
                  "max": max(values)}[op]
        if op in ("min", "max"):
            chosen = [g for g, v in per_element.items() if abs(v - number) <= 1e-9 * max(1.0, abs(number))]
    return Aggregate(number, unit if op != "count" else None, op, ", ".join(names), ", ".join(sources),
                     len(values), per_element, len(elements), missing, chosen, paths)


def _add(items: list[str], item: str) -> None:
    if item not in items:
        items.append(item)


def _convert(value: float, factor: float | None, target: float | None) -> float:
    if factor is None or target is None or factor == target:
        return value
    return value * factor / target
