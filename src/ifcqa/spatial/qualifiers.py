"""Property and attribute filters a question states: "external", "fire-rated", "EI 30", "wider than 1 m", "named X".

>>> [describe(q) for q in find_qualifiers(index, "external doors wider than 1 m", ["IfcDoor"])]
['Pset_DoorCommon.IsExternal = TRUE', 'OverallWidth > 1000 mm']

The words are data (``data/qualifier_words.json``); which property a word means is decided against what the
elements of the asked classes carry in this model (their own and their type's property sets, as the index merges
them): "external" is ``Pset_WallCommon.IsExternal`` for walls and ``Pset_DoorCommon.IsExternal`` for doors, "wider"
is the attribute ``OverallWidth`` for doors and the quantity ``Width`` of a base quantity set for walls, in the
model's own units. A word whose property no element of those classes holds comes back with ``how ==
"not_in_model"`` so that the caller declines ("this model does not record whether doors are external") instead
of answering a broader question; so does a value the model holds for no element ("EI 90" when doors carry only
"EI 30").
"""

from __future__ import annotations

import functools
import json
import re
import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Value
from ifcqa.spatial import property_values, said_values
from ifcqa.spatial.spaces import fold, fold_with_offsets

OPS = ("=", ">", "<", ">=", "<=", "!=", "~")  # "~": the text contains the value (names, type names)
_EPS = 1e-9
_STATIC_UNITS = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, "km": 1e3, "ft": 0.3048, "in": 0.0254, "m²": 1.0, "mm²": 1e-6,
                 "cm²": 1e-4, "ft²": 0.09290304, "m³": 1.0, "mm³": 1e-9, "cm³": 1e-6, "ft³": 0.028316846592,
                 "kg": 1.0, "g": 1e-3, "t": 1e3, "W": 1.0, "kW": 1e3}  # fmt: skip
_UNIT_TYPES = {"length": "LENGTHUNIT", "area": "AREAUNIT", "volume": "VOLUMEUNIT", "mass": "MASSUNIT",
               "thermal_transmittance": "THERMALTRANSMITTANCEUNIT", "power": "POWERUNIT"}
# dimensions asked without a unit, whose bare number is the value ("a U-value of 2.0"); a length's bare number after
# "of" is more often a count or a storey ("the height of level 1")
_BARE_KINDS = frozenset(["thermal_transmittance"])


@dataclass
class QualifierMention:
    """A filter on a property or attribute, as the question wrote it and as it reads on this model.

    Attributes:
        term: the words of the question; ``start``/``end`` their span (``question[start:end] == term``).
        path: what is tested: ``Pset_DoorCommon.IsExternal``, an attribute (``OverallWidth``), a quantity
            (``Qto_WallBaseQuantities.Height``), ``Name`` or ``type.Name``; several sets: the first of ``paths``.
        op: ``=``, ``>``, ``<``, ``>=``, ``<=``, ``!=``, or ``~`` (the text contains the value).
        value: ``True``/``False``, a number in the model's unit of the property, a label, a text, or ``None``
            (with ``!=``: the property holds a real value; with ``=``: it holds none).
        unit: the unit symbol ``value`` is stated in (the model's, e.g. ``mm``), or ``None``.
        how: ``boolean``, ``set``, ``label``, ``number``, ``name``, ``type``; ``not_in_model`` (no element of the
            classes holds the property, or no element holds that label/name), ``ambiguous`` (a length with no word
            saying which: "doors over 2 m"), ``unit_mismatch`` ("wider than 2 m²").
        paths: every path tested (the same property in the sets of several classes), first found wins.
        asked: the value as the question stated it ("1 m"), for answers.
        note: said in the answer (placeholder values, a unit read as the model's).
        weak: the words are also a class word ("structural elements"): the caller decides.
        dimension: for a number read as a dimension, how it was read (the vocabulary entry, the comparison, the
            number and unit factor asked, whether gross was said), so that :func:`for_elements` can read it again
            on the elements the question asks about (a kind, not the whole class).
    """

    term: str
    start: int
    end: int
    path: str
    op: str
    value: Any
    unit: str | None
    how: str
    paths: list[str] = field(default_factory=list)
    asked: str = ""
    note: str = ""
    weak: bool = False
    dimension: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)


# -- vocabulary ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Words:
    booleans: list[tuple[re.Pattern[str], dict[str, tuple[str, bool]]]]
    negation: re.Pattern[str]
    prepositional: frozenset[str]
    sets: tuple[re.Pattern[str], dict[str, str]]
    placeholders: frozenset[str]
    labels: dict[str, re.Pattern[str]]
    dimensions: list[dict[str, Any]]
    dimension_words: tuple[re.Pattern[str], dict[str, int]]
    comparisons: tuple[re.Pattern[str], dict[str, str]]
    after: re.Pattern[str]
    units: dict[str, tuple[str, float]]
    number: re.Pattern[str]
    name_words: list[str]
    type_words: list[str]
    truth: dict[str, bool]  # texts vendor sets write for booleans ("Ja", "Yes") -> the boolean


def _alternation(phrases: list[str]) -> str:
    ordered = sorted({p for p in phrases if p}, key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered)


def _bounded(phrases: list[str]) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w])(?:{_alternation(phrases)})(?![\w])")


@functools.cache
def words() -> _Words:
    """``data/qualifier_words.json``, folded and compiled (once per process)."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/qualifier_words.json").read_text("utf-8"))
    raw = property_values.extend(raw)  # round 14: comparisons and units people write ("exceeds", "W/m²K")
    raw = said_values.extend(raw)  # round 22: "more then 1,5", "bis 1,4"
    booleans: dict[str, tuple[str, bool]] = {}
    for entry in raw["booleans"]:
        for w in entry["words"]:
            booleans.setdefault(_phrase(w), (entry["property"], bool(entry["value"])))
    sets = {_phrase(w): entry["property"] for entry in raw["set"] for w in entry["words"]}
    dims: dict[str, int] = {}
    for i, entry in enumerate(raw["dimensions"]):
        for w in entry["words"]:
            dims.setdefault(_phrase(w), i)
    comparisons = {_phrase(w): op for op, phrases in raw["comparisons"].items() for w in phrases}
    units = {_phrase(u): (kind, float(f)) for u, (kind, f) in raw["units"].items()}
    unit_alt = _alternation(list(units))
    number = re.compile(
        rf"(?<![\w.,])(?P<num>\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d+(?:[.,]\d+)?)\s?(?P<unit>{unit_alt})?(?![\w])"
    )
    negations = [fold(n) for n in raw["negations"]]
    return _Words(
        booleans=[(_bounded(list(booleans)), booleans)],
        negation=re.compile("(?:" + "|".join(re.escape(n) for n in negations) + r")$"),
        prepositional=frozenset(_phrase(w) for w in raw["prepositional"]),
        sets=(_bounded(list(sets)), sets),
        placeholders=frozenset(_phrase(p) for p in raw["placeholders"]),
        labels={prop: re.compile(r"(?<![\w])(?:" + "|".join(p) + r")(?![\w])") for prop, p in raw["labels"].items()},
        dimensions=raw["dimensions"],
        dimension_words=(_bounded(list(dims)), dims),
        comparisons=(re.compile(rf"(?<![\w])(?:{_alternation(list(comparisons))})\.?\s*$"), comparisons),
        # "2 m or more", "0.25 m or thicker", "15 m² or larger", "1 m and up" (round 11: every comparative)
        after=re.compile(r"^\s*(?:(?:or|and)\s+(?:more|larger|bigger|greater|wider|taller|higher|longer|thicker|deeper|"
                         r"heavier|above|over|up)|und mehr|oder mehr|und größer|oder größer|und darüber|"
                         r"oder darüber)(?![\w])"
                         r"|^\s*(?P<less>(?:or|and)\s+(?:less|smaller|narrower|shorter|thinner|shallower|lower|lighter|"
                         r"below|under)|oder weniger|oder kleiner|und darunter|oder darunter)(?![\w])"),
        units=units,
        number=number,
        name_words=[_phrase(w) for w in raw["name_words"]],
        type_words=[_phrase(w) for w in raw["type_words"]],
        truth={**{_phrase(w): True for w in raw["true_texts"]}, **{_phrase(w): False for w in raw["false_texts"]}},
    )


def _phrase(text: str) -> str:
    return " ".join(fold(text).split())


# -- what the asked classes carry ------------------------------------------------------------------------
@dataclass
class _Carried:
    elements: list[Element]
    props: dict[str, Counter[str]]  # folded property name -> set name -> elements holding a value
    names: dict[str, str]  # folded property name -> its spelling
    attributes: Counter[str]  # numeric attribute -> elements holding it
    labels: dict[str, list[tuple[str, str, str]]]  # token key of a text value -> (set, prop, value) of *Rating props


_CARRIED: weakref.WeakKeyDictionary[ModelIndex, dict[tuple[str, ...], _Carried]] = weakref.WeakKeyDictionary()


def elements_of(index: ModelIndex, ifc_classes: list[str]) -> list[Element]:
    """The records of the classes (subclasses included; unknown classes skipped); none given: every product."""
    known = index.known_classes()
    if not ifc_classes:
        return [e for e in index.data.elements.values() if index.is_a(e, "IfcProduct")]
    seen: dict[int, Element] = {}
    for cls in ifc_classes:
        if cls.lower() in known:
            for e in index.by_class(cls):
                seen[e.id] = e
    return [seen[i] for i in sorted(seen)]


def carried(index: ModelIndex, ifc_classes: list[str]) -> _Carried:
    """What the elements of the classes hold, counted (once per index and class list)."""
    per_index = _CARRIED.setdefault(index, {})
    key = tuple(sorted(ifc_classes))
    if key in per_index:
        return per_index[key]
    built = _carry(elements_of(index, list(key)))
    per_index[key] = built
    return built


def _carry(elements: list[Element]) -> _Carried:
    """What ``elements`` hold, counted."""
    props: dict[str, Counter[str]] = {}
    names: dict[str, str] = {}
    attributes: Counter[str] = Counter()
    labels: dict[str, list[tuple[str, str, str]]] = {}
    for e in elements:
        for sets in (e.psets, e.qtos):
            for set_name, values in sets.items():
                for prop, value in values.items():
                    if value.value is None:
                        continue
                    folded = _fold_name(prop)
                    names.setdefault(folded, prop)
                    props.setdefault(folded, Counter())[set_name] += 1
                    if isinstance(value.value, str) and folded.endswith("rating") and _meaningful(value, prop):
                        entry = (set_name, prop, value.value)
                        bucket = labels.setdefault(_label_key(value.value), [])
                        if entry not in bucket:
                            bucket.append(entry)
        for attr, value in e.attributes.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                attributes[attr] += 1
    return _Carried(elements, props, names, attributes, labels)


def boolean_property(index: ModelIndex, ifc_classes: list[str], phrase: str, camel: bool = False
                     ) -> QualifierMention | None:
    """A boolean property the classes' elements carry whose name is ``phrase`` written apart ("air conditioning" ->
    AirConditioning, "natural ventilation" -> NaturalVentilation): "rooms with air conditioning" = it is TRUE.
    ``camel``: the phrase is the property's own name ("HandicapAccessible", any case), also a short one
    ("IsExternal")."""
    key = re.sub(r"[\W_]+", "", fold(phrase))
    if len(key) < (5 if camel else 6):
        return None
    found = carried(index, ifc_classes)
    folded = next((f for f in found.props if re.sub(r"[\W_]+", "", f) == key), None)
    if folded is None:
        return None
    prop = found.names[folded]
    paths = [f"{s}.{prop}" for s, _ in found.props[folded].most_common()]
    if not any(isinstance(_value(e, p).value, bool) for e in found.elements for p in paths  # type: ignore[union-attr]
               if _value(e, p) is not None):
        return None
    return QualifierMention(phrase, 0, 0, paths[0], "=", True, None, "boolean", paths)


@functools.lru_cache(maxsize=8192)
def _fold_name(text: str) -> str:
    return fold(text)


def _meaningful(value: Value | None, prop: str) -> bool:
    """A real value: set, not empty, not a placeholder ("Fire Rating", "_FIRE-RATING_", "n/a")."""
    if value is None or value.value is None:
        return False
    if not isinstance(value.value, str):
        return True
    text = _phrase(value.value)
    squashed = re.sub(r"[\W_]+", "", text)
    name = re.sub(r"[\W_]+", "", _fold_name(prop))
    return bool(squashed) and text not in words().placeholders and name not in squashed


def _label_key(text: str) -> str:
    """A rating label compared loosely: "2 HR" = "2hr" = "2 hours", "EI-30" = "EI 30"."""
    key = re.sub(r"[\s\-_]+", "", fold(text))
    key = re.sub(r"(?<=\d)(?:hours|hour|hrs|h|stunden|stunde|std)$", "hr", key)
    return re.sub(r"(?<=\d)(?:minutes|minuten|mins)$", "min", key)


def _paths_for(found: _Carried, prop: str, *, numeric_sets_first: bool = False) -> list[str]:
    """``Set.Prop`` paths of a property the elements carry: Pset_*/Qto_* sets first (then by count)."""
    counts = found.props.get(_fold_name(prop))
    if not counts:
        return []
    spelled = found.names[_fold_name(prop)]
    ordered = sorted(counts.items(), key=lambda kv: (not kv[0].startswith(("Pset_", "Qto_")), -kv[1], kv[0]))
    standard = [s for s, _ in ordered if s.startswith(("Pset_", "Qto_"))]
    chosen = standard or [s for s, _ in ordered]
    return [f"{s}.{spelled}" for s in chosen]


# -- reading the question --------------------------------------------------------------------------------
def find_qualifiers(index: ModelIndex, text: str, ifc_classes: list[str],
                    context: str | None = None) -> list[QualifierMention]:
    """The property and attribute filters a question states about elements of ``ifc_classes``, left to right.

    ``ifc_classes`` are the classes the question asks for (``["IfcDoor"]``); empty: every product. Overlapping
    readings go to the longest ("non-load-bearing" over "load-bearing"). ``context``: the question before other
    passes masked words in ``text`` (same length), read for what follows a prepositional word ("outside walls"
    with "walls" already taken as the class is still "outside walls", not "what is outside").
    """
    found = carried(index, ifc_classes)
    folded, offsets = fold_with_offsets(text)
    out: list[tuple[int, int, QualifierMention]] = []
    follows = None
    if context is not None and len(context) == len(text):
        def follows(end: int) -> str:
            return fold(context[offsets[end]:])
    out += _booleans(found, folded, follows)
    out += _set_words(found, folded)
    out += _labels(found, folded)
    out += _numbers(index, found, folded)
    out += _names(index, found, text, folded, offsets)
    chosen: list[tuple[int, int, QualifierMention]] = []
    for item in sorted(out, key=lambda t: (-(t[1] - t[0]), t[0])):
        if not any(item[0] < c[1] and c[0] < item[1] for c in chosen):
            chosen.append(item)
    weak = _weak_words()
    mentions = []
    for start, end, q in sorted(chosen, key=lambda t: t[0]):
        q.start, q.end = offsets[start], offsets[end]
        q.term = text[q.start : q.end]
        q.weak = q.how == "boolean" and _phrase(q.term) in weak
        mentions.append(q)
    return mentions


@functools.cache
def _weak_words() -> frozenset[str]:
    try:
        from ifcqa.spatial.vocabulary import CLASS_GROUPS, CLASS_WORDS
    except ImportError:  # the parser's vocabulary is optional here
        return frozenset()
    return frozenset(_phrase(w) for w in (*CLASS_WORDS, *CLASS_GROUPS))


_PREP_STOP = frozenset(["the", "a", "an", "of", "this", "that", "it", "room", "rooms", "space", "der", "die", "das",
                        "dem", "den", "des", "im", "in", "on", "at", "and", "or"])


def _negated(folded: str, start: int) -> tuple[bool, int]:
    match = words().negation.search(folded, 0, start)
    return (True, match.start()) if match else (False, start)


# what a room holds, asked right before a place adverb: "what is there inside", "what's inside", "was ist innen"
_CONTENTS_ASKED = re.compile(r"\b(?:what(?:s|'s|\s+is|\s+are)|was\s+ist|was\s+steht)(?:\s+(?:there|in\s+there|"
                             r"da|dort|alles))?\s+$")


def _booleans(found: _Carried, folded: str, follows: Callable[[int], str] | None = None
              ) -> list[tuple[int, int, QualifierMention]]:
    vocab = words()
    out = []
    for pattern, table in vocab.booleans:
        for m in pattern.finditer(folded):
            phrase = _phrase(m.group(0))
            prop, value = table[phrase]
            if phrase in vocab.prepositional:  # "outside walls", not "what is outside the kitchen"
                nxt = (follows(m.end()) if follows is not None else folded[m.end() :]).split()
                if nxt and nxt[0].strip("?.,!") in _PREP_STOP:  # "which doors are inside?" ends on the adjective
                    continue
                if _CONTENTS_ASKED.search(folded, 0, m.start()):  # "Seminarraum - what is (there) inside?": its
                    continue  # contents, asked with an adverb; no filter
            negated, start = _negated(folded, m.start())
            value = value != negated
            paths = _paths_for(found, prop)
            path = paths[0] if paths else prop
            how = "boolean" if paths else "not_in_model"
            out.append((start, m.end(), QualifierMention("", 0, 0, path, "=", value, None, how, paths)))
    return out


def _set_words(found: _Carried, folded: str) -> list[tuple[int, int, QualifierMention]]:
    pattern, table = words().sets
    out = []
    for m in pattern.finditer(folded):
        prop = table[_phrase(m.group(0))]
        negated, start = _negated(folded, m.start())
        paths = _paths_for(found, prop)
        q = QualifierMention("", 0, 0, paths[0] if paths else prop, "=" if negated else "!=", None, None,
                             "set" if paths else "not_in_model", paths)
        if paths:
            holding = [e for e in found.elements if any(_value(e, p) is not None for p in paths)]
            real = [e for e in holding if any(_meaningful(_value(e, p), prop) for p in paths)]
            if not real:  # written, but empty or a placeholder everywhere: the model does not record it (issue 22)
                shown = sorted({str(v.value) for e in holding for p in paths if (v := _value(e, p)) is not None})
                q.how = "no_value"
                q.note = (f"{len(holding)} elements hold {q.path}, none with a real value (only "
                          + ", ".join(repr(s) for s in shown[:3]) + ")") if shown else f"{q.path} has no value"
        out.append((start, m.end(), q))
    return out


def _labels(found: _Carried, folded: str) -> list[tuple[int, int, QualifierMention]]:
    out: list[tuple[int, int, QualifierMention]] = []
    taken: list[tuple[int, int]] = []
    # a value the model holds, as written ("EI 30", "2 Hr", "T30"): one to three words, longest first
    tokens = list(re.finditer(r"\w+", folded))
    for length in (3, 2, 1):
        for i in range(len(tokens) - length + 1):
            span = (tokens[i].start(), tokens[i + length - 1].end())
            chunk = folded[span[0] : span[1]]
            if not re.search(r"\d", chunk) or not re.search(r"[^\W\d_]", chunk):
                continue  # a label has digits and letters: "60" alone is a count, not "60 min"
            hits = found.labels.get(_label_key(chunk))
            if not hits or any(span[0] < b and a < span[1] for a, b in taken):
                continue
            taken.append(span)
            paths = sorted({f"{s}.{p}" for s, p, _ in hits})
            out.append((*span, QualifierMention("", 0, 0, paths[0], "=", hits[0][2], None, "label", paths, chunk)))
    # a label pattern the model holds no such value for
    for prop, pattern in words().labels.items():
        for m in pattern.finditer(folded):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            paths = _paths_for(found, prop)
            q = QualifierMention("", 0, 0, paths[0] if paths else prop, "=", m.group(0).upper(), None,
                                 "not_in_model", paths, m.group(0))
            q.note = (f"no element holds {prop} {m.group(0).upper()!r}" if paths
                      else f"no element of these classes records {prop}")
            out.append((m.start(), m.end(), q))
    return out


_COUNTED_NOUN = re.compile(r"(?<![\w])(?:level|floor|storey|story|geschoss|etage|ebene|stock|og|ug|room|raum|nr|no)"
                           r"\.?\s*#?\s*$")
_SYMBOLS = re.compile(r"(?:>=|<=|=>|=<|≥|≤|>|<|=)\s*$")
_SYMBOL_OPS = {">=": ">=", "=>": ">=", "≥": ">=", "<=": "<=", "=<": "<=", "≤": "<=", ">": ">", "<": "<", "=": "="}


@functools.cache
def _range_pattern() -> re.Pattern[str]:
    num, unit = r"\d+(?:[.,]\d+)?", _alternation(list(words().units))
    return re.compile(
        rf"(?<![\w])(?:between|zwischen|from|von)\s+(?P<a>{num})\s?(?P<ua>{unit})?\s*(?:and|und|to|bis|-)\s*"
        rf"(?P<b>{num})\s?(?P<ub>{unit})?(?![\w])"
    )


def _numbers(index: ModelIndex, found: _Carried, folded: str) -> list[tuple[int, int, QualifierMention]]:
    """Numbers with a unit or a dimension word, and the comparison before or after them; ranges as two."""
    vocab = words()
    cmp_pattern, cmp_table = vocab.comparisons
    out: list[tuple[int, int, QualifierMention]] = []
    ranges = []
    for r in _range_pattern().finditer(folded):
        unit_text = r.group("ub") or r.group("ua")
        first_end = r.end("ua") if r.group("ua") else r.end("a")
        low = _reading(index, found, folded, r.group("a"), unit_text, ">=", r.start(), r.end(), r, (None, first_end))
        high = _reading(index, found, folded, r.group("b"), unit_text, "<=", r.start(), r.end(), r,
                        (r.start("b"), None))
        if low is not None and high is not None:
            ranges.append(r.span())
            out += [low, high]
    for m in vocab.number.finditer(folded):
        if any(a <= m.start() < b for a, b in ranges):
            continue
        start, end = m.start(), m.end()
        op = None
        before = cmp_pattern.search(folded, max(0, start - 40), start)
        symbol = _SYMBOLS.search(folded, max(0, start - 4), start)
        if before is not None:
            op = cmp_table[_phrase(before.group(0).rstrip(". "))]
            start = before.start()
        elif symbol is not None:
            op = _SYMBOL_OPS[symbol.group(0).strip()]
            start = symbol.start()
        tail = vocab.after.match(folded[end:])
        if tail is not None:
            op = "<=" if tail.group("less") else ">="
            end += tail.end()
        elif op is None and (verb := property_values.verb_after(folded, end)) is not None:
            op, end = verb  # round 14: "Räume, deren Fläche 30 m² übersteigt"
        reading = _reading(index, found, folded, m.group("num"), m.group("unit"), op, start, end, m)
        if reading is not None:
            out.append(reading)
    return out


def _reading(index: ModelIndex, found: _Carried, folded: str, num: str, unit_text: str | None, op: str | None,
             start: int, end: int, m: re.Match[str], clamp: tuple[int | None, int | None] = (None, None)
             ) -> tuple[int, int, QualifierMention] | None:
    """One number read as a dimension filter, its span widened to the dimension word ("2 m breit").

    ``clamp`` bounds the span (the two ends of a range "between 2 and 3 m high" keep apart).
    """
    vocab = words()
    dim_pattern, dim_table = vocab.dimension_words
    unit_word = _phrase(unit_text) if unit_text else None
    # the dimension: in the comparison ("wider than"), just before it ("width over"), or after ("2 m breit")
    dim, dim_key = None, ""
    for d in dim_pattern.finditer(folded, max(0, start - 30), min(len(folded), end + 25)):
        gap = folded[d.end() : start] if d.end() <= start else folded[end : d.start()]
        if d.end() <= start and op in (None, "=") and not property_values.gap_understood(gap):
            continue  # round 14: "the U-value exceeds 0.4" with "exceeds" unknown is never "= 0.4"
        if d.start() >= start and d.end() <= end or len(gap.split()) <= 3:
            dim, dim_key = d, _phrase(d.group(0))
            start, end = min(start, d.start()), max(end, d.end())
            break
    if dim is None and op is not None and (sym := property_values.symbol_before(folded, start)) is not None:
        dim, dim_key = sym  # round 14: "walls with U < 0.3", "Uw = 1.3"
        start = dim.start()
    bare = dim is not None and vocab.dimensions[dim_table[dim_key]]["kind"] in _BARE_KINDS
    if unit_word is None and (dim is None or (op in (None, "=") and not bare)):
        return None  # "more than 10 doors": a count; "the area of level 1": a storey; not a qualifier
    if unit_word is None and _COUNTED_NOUN.search(folded, max(0, m.start() - 12), m.start()):
        return None  # "taller than level 2"
    if dim is not None and dim.end() <= m.start() and op in (None, "="):
        # "minimum width of 900 mm", "max. Höhe 2 m": the comparison stands before the dimension word
        stronger = vocab.comparisons[0].search(folded, max(0, dim.start() - 30), dim.start())
        if stronger is not None and vocab.comparisons[1][_phrase(stronger.group(0).rstrip(". "))] != "=":
            op = vocab.comparisons[1][_phrase(stronger.group(0).rstrip(". "))]
            start = min(start, stronger.start())
    if dim is not None and dim.start() >= m.end() and op in (None, "=") and clamp == (None, None) and (
            tail := vocab.after.match(folded[end:])) is not None:  # round 14: "doors 90cm wide or more"
        op, end = ("<=" if tail.group("less") else ">="), end + tail.end()
    start = start if clamp[0] is None else max(start, clamp[0])
    end = end if clamp[1] is None else min(end, clamp[1])
    number = property_values.number(num, vocab.units[unit_word][1] if unit_word else None)  # "1.000 mm"
    asked = f"{num} {unit_text}" if unit_text else num
    unit_kind, factor = vocab.units[unit_word] if unit_word else (None, None)
    entry = vocab.dimensions[dim_table[dim_key]] if dim else None
    if entry is None:
        by_unit = (e for e in vocab.dimensions if e["kind"] == unit_kind and unit_kind != "length")
        entry = next(by_unit, None)
        if entry is None:
            q = QualifierMention("", 0, 0, "", op or "=", number, unit_text, "ambiguous", [], asked)
            q.note = f"{asked!r}: which dimension (width, height, length...) is not said"
            return start, end, q
    if unit_kind is not None and unit_kind != entry["kind"]:
        q = QualifierMention("", 0, 0, "", op or "=", number, unit_text, "unit_mismatch", [], asked)
        q.note = f"{asked!r} is not a {entry['kind']}"
        return start, end, q
    read = (entry, op or "=", number, factor, asked, says_gross(folded))
    q = _dimension(index, found, *read)
    if q.how == "not_in_model" and (other := property_values.also(dim_key)) in dim_table:
        # round 14: "doors shorter than 2.1 m": no door has a length; "shorter" is also a height
        read = (vocab.dimensions[dim_table[other]], op or "=", number, factor, asked, False)
        q = _dimension(index, found, *read)
    q.dimension = read
    if (settled := said_values.settle(index, q, found.elements, num, unit_text,
                                      lambda e: keeps(index, q, e))) is None:
        return None  # round 22: "150 W light fixtures": no property holds 150 W, their type names do
    q = settled
    if dim is None and q.how == "not_in_model":
        return None  # "150W lights" where no element records a wattage: a code in their names (name_codes.py)
    return start, end, q


_GROSS = re.compile(
    r"(?<![\w])(?:brutto\w*|bgf|gfa|gia|gross(?=\s+(?:\w+\s+)?(?:area|areas|floor|volume|volumes|weight|surface|side|"
    r"footprint|flache|flachen|volumen)\b))"
)


def says_gross(folded: str) -> bool:
    """The (folded) question asks for Gross quantities: "gross floor area", "Brutto-", "BGF"; not "wie groß"."""
    return _GROSS.search(folded) is not None


def _dimension(index: ModelIndex, found: _Carried, entry: dict[str, Any], op: str, number: float,
               factor: float | None, asked: str, gross: bool) -> QualifierMention:
    """The attribute or quantity the most elements carry for a dimension, and the number in its unit."""
    candidates: list[tuple[int, int, str]] = []  # (-elements, order, path)
    order = 0
    for attr in entry["attributes"]:
        if found.attributes.get(attr):
            candidates.append((-found.attributes[attr], order, attr))
        order += 1
    names = list(entry["quantities"])
    if gross:
        names.sort(key=lambda n: not n.lower().startswith("gross"))
    for name in names:
        for path in _paths_for(found, name)[:1]:
            holding = sum(1 for e in found.elements if isinstance(_number(e, path), float))
            if holding:
                candidates.append((-holding, order, path))
        order += 1
    kind = entry["kind"]
    if not candidates:
        wanted = "/".join([*entry["attributes"], *entry["quantities"]][:3])
        q = QualifierMention("", 0, 0, wanted, op, number, None, "not_in_model", [], asked)
        q.note = f"no element of these classes records a {kind} ({wanted})"
        return q
    path = min(candidates)[2]
    unit, model_factor = _unit_of(index, found, path, kind)
    unit = property_values.shown_unit(kind, unit)  # round 14: "kg/K.s3" is W/(m²·K)
    guessed = None
    from ifcqa.spatial.qualifier_forms import bare_length_ambiguous  # round 11 (imports this module)

    if factor is None and kind == "length" and bare_length_ambiguous(number):
        q = QualifierMention("", 0, 0, path, op, number, None, "unit_unclear", [path], asked)
        q.note = f"{asked!r} has no unit: {number:g} cm or {number:g} mm?"
        return q
    if factor is None and kind == "length" and model_factor is not None:
        # no unit: "wider than 900" in a model in metres means millimetres, "taller than 2" in one in mm metres
        if model_factor >= 0.1 and number >= 50:
            factor, guessed = 0.001, "mm"
        elif model_factor <= 0.01 and number <= 10:
            factor, guessed = 1.0, "m"
    value = number if factor is None or model_factor is None else number * factor / model_factor
    q = QualifierMention("", 0, 0, path, op, _tidy(value), unit, "number", [path], asked)
    if guessed:
        q.note = f"no unit given: {number:g} read as {guessed}"
    elif factor is None:
        q.note = f"no unit given: {number:g} read in the model's unit ({unit})"
    return q


def for_elements(index: ModelIndex, q: QualifierMention, elements: list[Element]) -> QualifierMention:
    """``q`` read again on the elements the question asks about, when none of them records the property read
    on their whole class ("radiators with an output above 2000 W": the class's other devices record an electrical
    power, the radiators a heat output): the dimension's property these elements record, else ``q`` unchanged."""
    if q.dimension is None or not elements or q.how != "number" or any(
            _number(e, p) is not None for e in elements for p in (q.paths or [q.path])):
        return q
    again = _dimension(index, _carry(elements), *q.dimension)
    if again.how != "number":
        return q
    again.term, again.start, again.end, again.note = q.term, q.start, q.end, again.note or q.note
    again.dimension = q.dimension
    return again


def _unit_of(index: ModelIndex, found: _Carried, path: str, kind: str) -> tuple[str | None, float | None]:
    if "." not in path:  # an attribute: the project's unit of its kind
        unit = index.units.get(_UNIT_TYPES[kind])
        return (unit.symbol, unit.si_factor) if unit else (None, None)
    for e in found.elements:
        value = _value(e, path)
        if value is not None and value.unit:
            return value.unit, unit_factor(index, value.unit)
    unit = index.units.get(_UNIT_TYPES[kind])
    return (unit.symbol, unit.si_factor) if unit else (None, None)


def unit_factor(index: ModelIndex, symbol: str) -> float | None:
    """The factor to SI of a unit symbol the model uses (its project units first)."""
    for unit in index.units.values():
        if unit.symbol == symbol:
            return unit.si_factor
    return _STATIC_UNITS.get(symbol)


def _tidy(x: float) -> float:
    return float(f"{x:.10g}")


def _names(index: ModelIndex, found: _Carried, text: str, folded: str, offsets: list[int]
           ) -> list[tuple[int, int, QualifierMention]]:
    vocab = words()
    out = []
    for kind, intro in (("name", vocab.name_words), ("type", vocab.type_words)):
        bare = {"name", "type", "typ"}
        pattern = re.compile(
            rf"(?<![\w])(?P<intro>{_alternation(intro)})\s*[:=]?\s*"
            r"(?:[\"“”„«»](?P<quoted>[^\"“”„«»]+)[\"“”„«»]|(?P<plain>[\w][\w.\-/:]*(?:\s+[\w][\w.\-/:]*){0,3}))"
        )
        for m in pattern.finditer(folded):
            intro_word = _phrase(m.group("intro"))
            if m.group("quoted"):
                value = m.group("quoted").strip()
                end = m.end()
            else:
                plain = m.group("plain")
                kept = []
                for w in plain.split():
                    if w in _NAME_STOP:
                        break
                    kept.append(w)
                if not kept or (intro_word in bare and not re.search(r"[\d\-_:]", kept[0])):
                    continue
                value = " ".join(kept)
                end = m.start("plain") + len(" ".join(plain.split()[: len(kept)]))
            original = text[offsets[m.start("quoted") if m.group("quoted") else m.start("plain")] : offsets[end]]
            original = original.strip("\"“”„«»'‘’ ")
            path = "Name" if kind == "name" else "type.Name"
            hits = [e for e in found.elements if fold(value) in fold(_text_of(index, e, path))]
            how = kind if hits else "not_in_model"
            q = QualifierMention("", 0, 0, path, "~", original or value, None, how, [path], original or value)
            if not hits:
                q.note = f"no element of these classes has a {'type ' if kind == 'type' else ''}name with {value!r}"
            out.append((m.start(), end, q))
    return out


_NAME_STOP = frozenset(["on", "in", "at", "of", "with", "and", "or", "which", "that", "are", "is", "auf", "im", "mit",
                        "und", "oder", "the", "level", "floor", "storey", "in", "are", "located", "there"])


# -- applying ----------------------------------------------------------------------------------------------
def _value(element: Element, path: str) -> Value | None:
    set_name, _, prop = path.partition(".")
    for sets in (element.qtos, element.psets):
        value = sets.get(set_name, {}).get(prop)
        if value is not None and value.value is not None:
            return value
    return None


def _number(element: Element, path: str) -> float | None:
    if "." not in path:
        raw = element.attributes.get(path)
    else:
        value = _value(element, path)
        raw = value.value if value is not None else None
    return said_values.numeric(raw)  # round 22: a number written as text ("TotalWattage" = '60') is the number


def _text_of(index: ModelIndex, element: Element, path: str) -> str:
    if path == "Name":
        return element.name or ""
    typ = index.data.elements.get(element.type) if element.type is not None else None
    return " ".join(t for t in ((typ.name if typ else None), element.object_type) if t)


def keeps(index: ModelIndex, q: QualifierMention, element: Element) -> bool:
    """Whether one element passes the filter (an element without the property never does, except ``= None``)."""
    if q.how in ("not_in_model", "ambiguous", "unit_mismatch", "unit_unclear", "two_readings"):
        return False
    paths = q.paths or [q.path]
    if q.how == "material":  # grounded by ifcqa.spatial.grounding: paths are the material names it matched
        from ifcqa.spatial.grounding import keeps_material

        return keeps_material(index, q, element)
    if q.how in ("name", "type"):
        return fold(str(q.value)) in fold(_text_of(index, element, q.path))
    if q.how == "number":
        got = next((n for p in paths if (n := _number(element, p)) is not None), None)
        if got is None:
            return False
        unit_value = _value(element, paths[0]) if "." in paths[0] else None
        if unit_value is not None and q.unit and unit_value.unit and unit_value.unit != q.unit:
            a, b = unit_factor(index, unit_value.unit), unit_factor(index, q.unit)
            if a and b:
                got = got * a / b
        return _compare(got, q.op, float(q.value))
    values = [v for p in paths if (v := _value(element, p)) is not None]
    if q.how == "set":
        prop = q.path.rpartition(".")[2]
        real = any(_meaningful(v, prop) for v in values)
        return real if q.op == "!=" else not real
    if not values:
        return False
    got_value = values[0].value
    if isinstance(got_value, str) and isinstance(q.value, bool):  # a vendor set's "Yes" / "Ja" / "TRUE"
        got_value = words().truth.get(_phrase(got_value), got_value)
    if q.how == "label":
        same = _label_key(str(got_value)) == _label_key(str(q.value))
        return same if q.op == "=" else not same
    same = got_value == q.value
    return same if q.op == "=" else not same


def _compare(got: float, op: str, wanted: float) -> bool:
    tol = _EPS * max(1.0, abs(wanted))
    return {
        "=": abs(got - wanted) <= max(tol, 1e-3 * abs(wanted)),  # "900 mm wide" holds 899.99 and 900.5
        "!=": abs(got - wanted) > max(tol, 1e-3 * abs(wanted)),
        ">": got > wanted + tol,
        ">=": got >= wanted - tol,
        "<": got < wanted - tol,
        "<=": got <= wanted + tol,
    }[op]


def apply(index: ModelIndex, q: QualifierMention, keys: list[str]) -> list[str]:
    """The GlobalIds (or step ids) of ``keys`` whose element passes ``q``, in the order given."""
    kept = []
    for key in keys:
        element = index.find(key)
        if element is not None and keeps(index, q, element):
            kept.append(key)
    return kept


def describe(q: QualifierMention) -> str:
    """The rule in words: ``Pset_DoorCommon.IsExternal = TRUE``, ``OverallWidth > 1000 mm``."""
    path = " or ".join(q.paths) if len(q.paths) > 1 else q.path
    if q.how == "not_in_model":
        if q.paths and q.value is not None:  # the property is there, the value asked for is not
            return f"{path} {q.op} {_shown(q.value)} (no element holds it)"
        return f"{path or q.term} (not recorded in this model)"
    if q.how in ("ambiguous", "unit_mismatch", "unit_unclear", "two_readings"):
        return q.note
    if q.how == "set":
        return f"{path} is {'set' if q.op == '!=' else 'not set'}"
    if q.how == "material":
        shown = ", ".join(repr(p) for p in q.paths[:4]) + (f" and {len(q.paths) - 4} more" if len(q.paths) > 4 else "")
        return f"material {shown}"
    if q.how in ("name", "type"):
        return f"{'Name' if q.how == 'name' else 'type name'} contains {q.value!r}"
    if q.how == "number":
        return f"{path} {q.op} {_shown(q.value)}" + (f" {q.unit}" if q.unit else "")
    return f"{path} {q.op} {_shown(q.value)}"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:g}" if abs(value) < 1e6 else f"{value:.0f}"
    if isinstance(value, str):
        return repr(value)
    return str(value)
