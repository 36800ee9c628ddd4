"""The parser's adapter to the resolvers: rooms (``spaces``), property qualifiers (``qualifiers``), quantities
(``measures``).

Those modules belong to the resolvers; this one calls them when they are installed and otherwise falls back to
a small built-in reading (room names and numbers, a few function words, ``IsExternal`` / ``LoadBearing``, widths
and heights, the common quantities), so that the parser's plan, check and answers work either way. Each mention
carries its span in the (normalised) question, so the parser can account for the words it consumed.
"""

from __future__ import annotations

import functools
import importlib
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element


@functools.cache
def _module(name: str) -> ModuleType | None:
    """The resolvers' module ``ifcqa.spatial.<name>``, or ``None`` when it is not installed (looked up once)."""
    try:
        return importlib.import_module(f"ifcqa.spatial.{name}")
    except ImportError:
        return None


@dataclass
class Room:
    """Spaces a question names: ``how`` says by what (``number``, ``name``, ``function:kitchen``...)."""

    term: str
    start: int
    end: int
    guids: list[str]
    how: str


@dataclass
class Qualifier:
    """A property or attribute condition: ``path`` (``Pset_DoorCommon.IsExternal``, ``OverallWidth``) ``op`` value."""

    term: str
    start: int
    end: int
    path: str
    op: str  # "=", "!=", ">", ">=", "<", "<="
    value: Any
    unit: str | None = None
    how: str = ""
    raw: Any = field(default=None, repr=False)  # the resolver's own mention, when it made this one


@dataclass
class Measure:
    """A quantity the question aggregates: ``quantity`` (``NetFloorArea``, ``area``...) by ``op``."""

    term: str
    start: int
    end: int
    quantity: str
    op: str  # sum, mean, min, max
    raw: Any = field(default=None, repr=False)


@dataclass
class Aggregate:
    number: float | None
    unit: str | None
    op: str
    quantity: str
    source: str
    n: int
    per_element: dict[str, float]


# -- rooms ---------------------------------------------------------------------------------------
_ROOM_NOUN = r"(?:rooms?|raum|räume|zimmer|space|spaces|nr\.?|no\.?|number)"
_FUNCTIONS: dict[str, tuple[str, ...]] = {  # the fallback's function words (the resolvers' are data files)
    "kitchen": ("kitchen", "küche", "kueche"),
    "bathroom": ("bathroom", "bath", "bad", "badezimmer"),
    "toilet": ("wc", "toilet", "restroom", "lavatory", "toilette"),
    "bedroom": ("bedroom", "schlafzimmer"),
    "living": ("living room", "living", "wohnzimmer", "wohnen"),
    "office": ("office", "büro", "buero"),
    "corridor": ("corridor", "hallway", "hall", "flur", "gang"),
    "meeting": ("meeting room", "conference room", "besprechungsraum"),
}
_PLURAL = r"(?:s|es|en|e|n)?"


def find_rooms(index: ModelIndex, text: str) -> list[Room]:
    """Spaces named in ``text`` (lower case, as the parser normalised it)."""
    spaces = _module("spaces")
    if spaces is not None and hasattr(spaces, "find_spaces"):
        return [Room(m.term, m.start, m.end, list(m.guids), str(m.how)) for m in spaces.find_spaces(index, text)]
    rooms: list[Room] = []
    all_spaces = [e for e in index.data.elements.values() if e.ifc_class == "IfcSpace"]
    by_name: dict[str, list[str]] = {}
    for s in all_spaces:
        if s.name:
            by_name.setdefault(s.name.casefold(), []).append(s.guid)
    for m in re.finditer(rf"(?:\b{_ROOM_NOUN}\s+)?(?<![\w.])([a-z]*\d[\w.-]*)", text):
        guids = by_name.get(m.group(1))
        if guids and (m.group(0) != m.group(1) or re.search(r"[a-z]", m.group(1))):
            rooms.append(Room(m.group(0), m.start(), m.end(), guids, "number"))
    for function, words in _FUNCTIONS.items():
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + rf"){_PLURAL}\b")
        found = pattern.search(text)
        if found is None:
            continue
        guids = [s.guid for s in all_spaces
                 if pattern.search(f"{s.name or ''} {s.long_name or ''} {s.object_type or ''}".casefold())]
        rooms.append(Room(found.group(0), found.start(), found.end(), guids, f"function:{function}"))
    return rooms


def elements_in_rooms(index: ModelIndex, guids: list[str], *, bounding: bool) -> list[str]:
    """GlobalIds of the elements in the spaces (contained in them, or bounding them when ``bounding``)."""
    spaces = _module("spaces")
    if spaces is not None and hasattr(spaces, "elements_in_spaces"):
        return [str(g) for g in spaces.elements_in_spaces(index, guids, bounding=bounding)]
    ids = {index.data.guids[g] for g in guids if g in index.data.guids}
    out: dict[str, None] = {}
    elements = index.data.elements
    for sid in ids:
        space = elements[sid]
        for e in elements.values():
            if e.container == sid:
                out[e.guid] = None
        if bounding:
            for b in space.bounded_by:
                if b in elements:
                    out[elements[b].guid] = None
    return list(out)


def storeys_of(index: ModelIndex, guids: list[str]) -> list[str]:
    """Storey GlobalIds of the spaces, in storey order, each once."""
    spaces = _module("spaces")
    if spaces is not None and hasattr(spaces, "storeys_of"):
        return [str(g) for g in spaces.storeys_of(index, guids)]
    out: dict[str, None] = {}
    for g in guids:
        e = index.find(g)
        if e is not None and e.storey is not None:
            out[index.data.elements[e.storey].guid] = None
    return list(out)


# -- qualifiers ------------------------------------------------------------------------------------
_BOOLEANS: tuple[tuple[str, str, bool], ...] = (  # (pattern, property, value): the fallback's words
    (r"non[- ]?load[- ]?bearing|not load[- ]?bearing|nichttragende?n?", "LoadBearing", False),
    (r"load[- ]?bearing|loadbearing|structural walls?|tragende?n?", "LoadBearing", True),
    (r"external|exterior|outside|outer|facade|außen\w*|aussen\w*", "IsExternal", True),
    (r"internal|interior|inside|inner|innen\w*", "IsExternal", False),
)
_UNITS = {"mm": 0.001, "cm": 0.01, "m": 1.0, "metre": 1.0, "metres": 1.0, "meter": 1.0, "meters": 1.0,
          "millimetres": 0.001, "millimeters": 0.001}
_COMPARE = re.compile(
    r"\b(?P<what>wider|narrower|taller|higher|lower|longer|shorter|breiter|höher|hoeher|länger|laenger)\s+"
    r"(?:than|als)\s+(?P<n>\d+(?:[.,]\d+)?)\s*(?P<unit>mm|cm|m|metres?|meters?|millimet(?:re|er)s)?\b"
)
_COMPARED = {"wider": ("OverallWidth", ">"), "breiter": ("OverallWidth", ">"), "narrower": ("OverallWidth", "<"),
             "taller": ("OverallHeight", ">"), "higher": ("OverallHeight", ">"), "höher": ("OverallHeight", ">"),
             "hoeher": ("OverallHeight", ">"), "lower": ("OverallHeight", "<"), "longer": ("Length", ">"),
             "länger": ("Length", ">"), "laenger": ("Length", ">"), "shorter": ("Length", "<")}


def find_qualifiers(index: ModelIndex, text: str, ifc_classes: list[str]) -> list[Qualifier]:
    """Property/attribute conditions in ``text`` for elements of ``ifc_classes``."""
    module = _module("qualifiers")
    if module is not None and hasattr(module, "find_qualifiers"):
        return [Qualifier(q.term, q.start, q.end, str(q.path), str(q.op), q.value, q.unit, str(q.how), raw=q)
                for q in module.find_qualifiers(index, text, ifc_classes)]
    out: list[Qualifier] = []
    taken: list[tuple[int, int]] = []
    for pattern, prop, value in _BOOLEANS:
        for m in re.finditer(rf"\b(?:{pattern})\b", text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            out.append(Qualifier(m.group(0), m.start(), m.end(), f"Pset_*Common.{prop}", "=", value, None, "word"))
    for m in _COMPARE.finditer(text):
        attribute, op = _COMPARED[m.group("what")]
        n = float(m.group("n").replace(",", "."))
        factor = _UNITS.get(m.group("unit") or "m", 1.0)
        out.append(Qualifier(m.group(0), m.start(), m.end(), attribute, op, n * factor, "m", "comparison"))
    return out


def _property(index: ModelIndex, e: Element, path: str) -> Any:
    if "." not in path:
        value = e.attributes.get(path)
        if value is None and e.type is not None:
            t = index.data.elements.get(e.type)
            value = t.attributes.get(path) if t is not None else None
        return value
    pset, prop = path.split(".", 1)
    for name, props in e.psets.items():
        if (name == pset or (pset == "Pset_*Common" and name.startswith("Pset_") and name.endswith("Common"))) \
                and prop in props:
            return props[prop].value
    return None


def _length_si(index: ModelIndex) -> float:
    unit = index.units.get("LENGTHUNIT")
    return unit.si_factor if unit else 1.0


def apply_qualifier(index: ModelIndex, q: Qualifier, guids: list[str]) -> list[str]:
    """The GlobalIds among ``guids`` that satisfy ``q``."""
    module = _module("qualifiers")
    if q.raw is not None and module is not None and hasattr(module, "apply"):
        return [str(g) for g in module.apply(index, q.raw, guids)]
    out = []
    for g in guids:
        e = index.find(g)
        if e is None:
            continue
        value = _property(index, e, q.path)
        if isinstance(q.value, bool):
            ok = value is q.value if q.op == "=" else value is not q.value
            if q.value is False and q.op == "=":
                ok = value is False
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            v = float(value) * (_length_si(index) if q.unit == "m" else 1.0)
            ok = {">": v > q.value, ">=": v >= q.value, "<": v < q.value, "<=": v <= q.value,
                  "=": v == q.value, "!=": v != q.value}[q.op]
        else:
            ok = str(value).casefold() == str(q.value).casefold() if value is not None else False
            ok = ok if q.op == "=" else not ok
        if ok:
            out.append(g)
    return out


def describe(q: Qualifier) -> str:
    """``Pset_DoorCommon.IsExternal = TRUE``, ``OverallWidth > 1 m``."""
    module = _module("qualifiers")
    if q.raw is not None and module is not None and hasattr(module, "describe"):
        return str(module.describe(q.raw))
    value = str(q.value).upper() if isinstance(q.value, bool) else f"{q.value:g}" if isinstance(
        q.value, float) else repr(q.value)
    return f"{q.path} {q.op} {value}" + (f" {q.unit}" if q.unit else "")


# -- measures --------------------------------------------------------------------------------------
_OPS = (
    (r"total|sum|overall|altogether|combined|gesamt\w*|insgesamt|summe", "sum"),
    (r"average|mean|durchschnittliche?n?|mittlere?n?", "mean"),
    (r"largest|biggest|tallest|highest|longest|widest|greatest|maximum|max|größte?n?|groesste?n?|höchste?n?",
     "max"),
    (r"smallest|shortest|lowest|narrowest|minimum|min|kleinste?n?|niedrigste?n?", "min"),
)
_QUANTITIES = (
    (r"floor area|floor space|square met(?:re|er)s?|sq\.? ?m|m²|m2|area|fläche|grundfläche|größe", "area"),
    (r"volume|cubic met(?:re|er)s?|m³|m3|volumen|rauminhalt", "volume"),
    (r"height|tall|tallest|highest|höhe", "height"),
    (r"length|long|longest|länge", "length"),
    (r"width|wide|widest|breite", "width"),
)
_BY_CLASS = {  # the fallback's quantity names, by what is measured
    "area": ("NetFloorArea", "GrossFloorArea", "Area", "NetArea", "NetSideArea", "GrossSideArea", "GrossArea",
             "GSA BIM Area"),
    "volume": ("NetVolume", "GrossVolume"), "height": ("Height", "NominalHeight"),
    "length": ("Length", "NominalLength"), "width": ("Width", "NominalWidth"),
}
_ATTRIBUTES = {"height": "OverallHeight", "width": "OverallWidth"}
_AGGREGATES: dict[str, Callable[[list[float]], float]] = {"sum": sum, "mean": statistics.fmean, "max": max,
                                                         "min": min}


def find_measure(index: ModelIndex, text: str, ifc_classes: list[str]) -> Measure | None:
    """The quantity aggregate ``text`` asks for, or ``None``."""
    module = _module("measures")
    if module is not None and hasattr(module, "find_measure"):
        m = module.find_measure(index, text, ifc_classes)
        return None if m is None else Measure(m.term, m.start, m.end, str(m.quantity), str(m.op), raw=m)
    op_match = None
    op = ""
    for pattern, name in _OPS:
        op_match = re.search(rf"\b(?:{pattern})\b", text)
        if op_match:
            op = name
            break
    quantity_match = None
    quantity = ""
    for pattern, name in _QUANTITIES:
        quantity_match = re.search(rf"(?<!\w)(?:{pattern})(?!\w)", text)
        if quantity_match:
            quantity = name
            break
    if quantity_match is None and op in ("max", "min") and op_match is not None:
        word = op_match.group(0)
        quantity = "height" if word in ("tallest", "highest", "höchste") else "length" if word in (
            "longest", "shortest") else "width" if word in ("widest", "narrowest") else "area"
    elif quantity_match is None:
        return None
    op = op or "sum"
    spans = [m.span() for m in (op_match, quantity_match) if m is not None]
    start, end = min(a for a, _ in spans), max(b for _, b in spans)
    terms = " ".join(m.group(0) for m in (op_match, quantity_match) if m is not None)
    return Measure(terms, start, end, quantity, op)


def measure_spans(m: Measure, text: str) -> list[tuple[int, int]]:
    """The character spans of ``text`` a measure consumed (its op word and quantity words)."""
    out = []
    for word in dict.fromkeys(m.term.split()):
        for found in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text[m.start: m.end]):
            out.append((m.start + found.start(), m.start + found.end()))
    return out or [(m.start, m.end)]


def aggregate(index: ModelIndex, guids: list[str], m: Measure) -> Aggregate:
    """The aggregate of ``m`` over the elements ``guids``: from quantity sets, else the occurrence attributes."""
    module = _module("measures")
    if m.raw is not None and module is not None and hasattr(module, "aggregate"):
        a = module.aggregate(index, guids, m.raw, m.op)
        return Aggregate(a.number, a.unit, str(a.op), str(a.quantity), str(a.source), int(a.n),
                         {str(k): float(v) for k, v in dict(a.per_element).items()})
    names = _BY_CLASS.get(m.quantity, (m.quantity,))
    per: dict[str, float] = {}
    unit: str | None = None
    source = ""
    quantity = m.quantity
    for g in guids:
        e = index.find(g)
        if e is None:
            continue
        found = False
        for name in names:
            for qset, values in e.qtos.items():
                v = values.get(name)
                if v is not None and isinstance(v.value, (int, float)):
                    per[g] = float(v.value)
                    unit, source, quantity, found = v.unit, qset, name, True
                    break
            if found:
                break
        attribute = _ATTRIBUTES.get(m.quantity)
        if not found and attribute and isinstance(e.attributes.get(attribute), (int, float)):
            per[g] = float(e.attributes[attribute])
            unit, source, quantity = index.unit_symbol("LENGTHUNIT"), "attributes", attribute
    numbers = list(per.values())
    number: float | None = None
    if numbers:
        number = float(_AGGREGATES[m.op](numbers))
    return Aggregate(number, unit, m.op, quantity, source or "none", len(numbers), per)
