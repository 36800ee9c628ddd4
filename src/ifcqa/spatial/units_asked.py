"""The unit a question asks its number in ("total wall length in m", "the area of room B102 in square feet",
"how wide is door X in cm"), and the conversion of an answer's numbers into it.

Every number answer (a lookup, a quantity aggregate, a storey's elevation or floor-to-floor height) is computed
in the model's own unit; when the question asks for another unit of the same kind (length, area, volume, mass)
the answer's ``value`` (``number``, ``unit``, every numeric ``values`` row and every part of a multi-attribute
lookup) and the numbers its text states are converted, and the text says so ("converted from mm"). A unit of
another kind than the quantity asked ("the width in square metres", "the floor area in metres", "in kg") is
never converted: the parser declines the question naming the unit. Units and their words are data
(``data/unit_words.json``); a square or cubic unit whose length unit is listed is also read as people abbreviate
it ("sq m", "cu. m", "m^3"), derived from its symbol, not listed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.spatial.outcome import Outcome
    from ifcqa.spatial.plan import Plan

_DATA = "unit_words.json"
_LEAD = (r"(?:\b(?:in|as|im|als|in\s+terms\s+of|expressed\s+in|converted\s+to|umgerechnet\s+in)\s+"
         r"|,\s*(?:in\s+)?(?=[^,]*$))")


@dataclass(frozen=True)
class Unit:
    symbol: str
    kind: str  # length, area, volume, mass
    factor: float  # to the kind's SI unit (m, m², m³, kg)


@dataclass(frozen=True)
class _Table:
    units: dict[str, Unit]
    words: dict[str, str]  # word -> symbol
    pattern: re.Pattern[str]
    aliases: dict[str, str]


@cache
def _table() -> _Table:
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath(_DATA).read_text(encoding="utf-8"))
    units = {s: Unit(s, spec["kind"], float(spec["factor"])) for s, spec in raw["units"].items()}
    units.update({s: Unit(s, spec["kind"], float(spec["factor"])) for s, spec in raw["extra"].items()})
    words = {w: s for s, spec in raw["units"].items() for w in spec["words"]}
    for symbol in raw["units"]:  # every square / cubic unit also as people abbreviate it: "sq m", "cu. m", "m^3"
        base, power = symbol[:-1], {"²": ("sq", "2"), "³": ("cu", "3")}.get(symbol[-1:])
        if power is not None and base in raw["units"]:
            for said in (f"{power[0]} {base}", f"{power[0]}. {base}", f"{power[0]}.{base}", f"{base}^{power[1]}"):
                words.setdefault(said, symbol)
    alternatives = "|".join(re.escape(w).replace(r"\ ", r"\s*") for w in sorted(words, key=len, reverse=True))
    pattern = re.compile(r"(?:" + _LEAD + r"(?P<unit>" + alternatives + r")(?![\w²³])|[(\[]\s*(?:in\s+)?"
                         r"(?P<paren>" + alternatives + r")\s*[)\]])", re.IGNORECASE)  # "(m3)", "[m²]", "(in m)"
    aliases = {k: v for k, v in raw["model_symbols"].items() if not k.startswith("_")}
    return _Table(units, words, pattern, aliases)


@dataclass(frozen=True)
class Asked:
    """A unit the question asks for: as written, its unit, and the span of the phrase ("in square feet")."""

    written: str
    unit: Unit
    start: int
    end: int
    unit_start: int = 0  # the unit's own words (without "in")

    def to_dict(self) -> dict[str, Any]:
        return {"written": self.written, "symbol": self.unit.symbol, "kind": self.unit.kind}


def find(text: str) -> Asked | None:
    """The last unit phrase of the (normalised) question ("in m", ", sq m", "(m3)", "[m²]"), or None."""
    every = list(_table().pattern.finditer(text))
    if not every:
        return None
    found = every[-1]
    group = "unit" if found.group("unit") is not None else "paren"
    written = found.group(group)
    key = " ".join(written.lower().replace(".", ". ").split()).replace(". ", ".")
    symbol = _table().words.get(key) or _table().words.get(" ".join(written.lower().split()))
    if symbol is None:  # "sq.ft" written without the space the table has
        compact = re.sub(r"[\s.]", "", written.lower())
        symbol = next((s for w, s in _table().words.items() if re.sub(r"[\s.]", "", w) == compact), None)
    if symbol is None:
        return None
    return Asked(written, _table().units[symbol], found.start(), found.end(), found.start(group))


# "in metres, not feet", "in m rather than ft", "in Metern, nicht in Fuß": another unit the answer is not asked in
_CONTRAST = re.compile(r"(?:\s+(?:please|pls|plz|bitte))?\s*[,;(-]?\s*(?:(?:and|but|und|aber)\s+)?"
                       r"(?P<contrast>(?:not|rather\s+than|instead\s+of|nicht|statt)\s+(?:in\s+)?"
                       r"(?P<other>[^\W\d_][^\W\d]*(?:\s+[^\W\d_][^\W\d]*)?))(?=\s*(?:[),.;!?]|$))",
                       re.IGNORECASE)


def blank_contrast(text: str) -> tuple[str, str | None]:
    """``text`` with a contrast after the unit asked blanked ("in metres, not feet": it only restates which unit
    is asked), and the contrast as written; a contrast naming anything but another unit of the same kind stays."""
    for found in _table().pattern.finditer(text):
        asked = find(text[:found.end()])
        m = _CONTRAST.match(text, found.end())
        if asked is None or m is None:
            continue
        other = named_by(m.group("other"))
        if other is None or other.unit.kind != asked.unit.kind or other.unit.symbol == asked.unit.symbol or len(
                other.written.split()) != len(m.group("other").split()):
            continue
        start, end = m.span("contrast")
        return text[:start] + " " * (end - start) + text[end:], m.group("contrast")
    return text, None


# "(model is in feet I think)", "the file uses imperial units", "Modell ist in mm": what the model's unit is, said
# beside a question; the answer states the model's unit and converts to the unit asked, so it restricts nothing
_MODEL_UNIT = (r"[(,;\-]?\s*\b(?:(?:the|this|our)\s+)?(?:model|file|ifc|drawing|das\s+modell|modell|datei)\s+"
               r"(?:is|was|uses|used|ist|nutzt|verwendet)\s+(?:in\s+|im\s+)?(?:imperial|metric|metrisch|{units})"
               r"(?![\w²³])(?:\s+(?:units?|einheiten))?(?:\s*,?\s*(?:i\s+think|i\s+believe|i\s+guess|probably|maybe|"
               r"afaik|glaube\s+ich|vermutlich|wohl))?\s*\)?")


@cache
def _model_unit() -> re.Pattern[str]:
    words = sorted(_table().words, key=len, reverse=True)
    return re.compile(_MODEL_UNIT.format(units="|".join(re.escape(w).replace(r"\ ", r"\s*") for w in words)))


def blank_model_unit(text: str) -> tuple[str, str | None]:
    """``text`` with a remark on the model's unit blanked ("(model is in feet I think)", "the file uses imperial
    units"), and the remark as written; the remark names a unit (or imperial / metric) and nothing else."""
    m = _model_unit().search(text)
    if m is None:
        return text, None
    return text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():], m.group(0).strip(" (),;-")


def named_by(term: str) -> Asked | None:
    """``term`` itself a unit's words ("square feet", "sq ft", "m²", "Quadratmeter"): the measure a question asks
    by its unit ("how many square feet is the kitchen"), asked in that unit; None for any other term."""
    words = term.lower().split()
    for n in (3, 2, 1):  # the measure's words may run on ("square feet of ... together"): the unit leads them
        symbol = _table().words.get(" ".join(words[:n]))
        if symbol is not None and len(words) >= n:
            return Asked(" ".join(term.split()[:n]), _table().units[symbol], 0, 0)
    return None


def unit_of(symbol: str | None) -> Unit | None:
    """The unit of an answer's symbol ("mm", "m²", "m2"), or None when it is no unit this table converts."""
    if not symbol:
        return None
    symbol = _table().aliases.get(symbol, symbol)
    return _table().units.get(symbol)


_KIND_WORDS = (
    ("area", re.compile(r"area|fläche|flaeche")),
    ("volume", re.compile(r"volum")),
    ("mass", re.compile(r"weight|mass|gewicht")),
    ("length", re.compile(r"height|width|length|thickness|depth|perimeter|elevation|wide|tall|high|thick|deep|"
                          r"höhe|hoehe|breite|länge|laenge|dicke|stärke|staerke|tiefe|umfang|floor-to-floor|"
                          r"diameter|durchmesser|hoch|breit")),
    ("power", re.compile(r"heat_output|output|leistung|capacity")),
)


def kind_of(term: str) -> str | None:
    """The kind of quantity an attribute or measure term names ("floor_area" -> area, "width" -> length)."""
    for kind, pattern in _KIND_WORDS:
        if pattern.search(term.lower()):
            return kind
    return None


def _fmt(value: float) -> str:
    return f"{value:.4g}" if abs(value) < 1000 else f"{value:,.6g}".replace(",", "")


def factor(source: str | None, target: Unit) -> float | None:
    """The factor from ``source`` (an answer's unit symbol) to ``target``; None when they are not of one kind."""
    unit = unit_of(source)
    if unit is None or unit.kind != target.kind:
        return None
    return unit.factor / target.factor


def _convert_value(value: dict[str, Any], target: Unit) -> tuple[dict[str, Any], str | None]:
    """``value`` with its numbers in ``target``; the unit converted from (None: nothing converted)."""
    source = value.get("unit")
    f = factor(source, target)
    if f is None or unit_of(source) == target:
        return value, None
    out = dict(value)
    number = out.get("number")
    if isinstance(number, (int, float)) and not isinstance(number, bool):
        out["number"] = float(number) * f
    rows = out.get("values")
    if isinstance(rows, list):
        out["values"] = [dict(r, value=float(r["value"]) * f)
                         if isinstance(r.get("value"), (int, float)) and not isinstance(r.get("value"), bool)
                         else r for r in rows]
    per = out.get("per_storey")
    if isinstance(per, list):
        out["per_storey"] = [dict(r, value=float(r["value"]) * f) if isinstance(r.get("value"), (int, float))
                             and not isinstance(r.get("value"), bool) else r for r in per]
    for key in ("min", "max", "mean", "total"):
        if isinstance(out.get(key), (int, float)) and not isinstance(out.get(key), bool):
            out[key] = float(out[key]) * f
    out["unit"] = target.symbol
    out["converted_from"] = source
    return out, source


def convert_text(text: str, source: str, target: Unit) -> str:
    """Every "<number> <source>" of ``text`` in ``target`` ("159000 mm" -> "159 m")."""
    f = factor(source, target)
    if f is None:
        return text
    symbols = [source] + [k for k, v in _table().aliases.items() if v == source]
    pattern = re.compile(r"(?<![\w.])(-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?)\s?(?:" +
                         "|".join(re.escape(s) for s in symbols) + r")(?![\w²³])")

    def swap(match: re.Match[str]) -> str:
        number = float(match.group(1).replace(",", ""))
        return f"{_fmt(number * f)} {target.symbol}"
    return pattern.sub(swap, text)


def _convert_listed(value: Any, text: str | None, rule: str | None,
                    target: Unit) -> tuple[Any, str | None, str | None, bool]:
    """An answer with no single number that lists numbers with units in its text ("NetFloorArea of each of the 5
    spaces ...: Bedroom6: 23.069 m²; ...", "Level 1: 89.005 m²; Level 2: ..."): those of the asked kind converted
    in the text; False when the text states none of that kind."""
    if not text:
        return value, text, rule, False
    kinds = [s for s, u in _table().units.items() if u.kind == target.kind]
    found = [s for s in kinds + [k for k, v in _table().aliases.items() if v in kinds]
             if re.search(r"\d\s?" + re.escape(s) + r"(?![\w²³])", text)]
    if not found:
        return value, text, rule, False
    for source in found:
        source = _table().aliases.get(source, source)
        if source != target.symbol:
            text = convert_text(text, source, target)
            text = text.rstrip()
            note = f" (converted from {source} to {target.symbol}, as asked)"
            text = text[:-1] + note + "." if text.endswith(".") else text + note
    if rule:
        rule = rule + f", in {target.symbol}"
    return value, text, rule, True


def convert(value: dict[str, Any] | None, text: str | None, rule: str | None,
            asked: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None, str | None, bool]:
    """An answer's ``value``, text and rule in the asked unit (``Asked.to_dict()``); the last item says whether
    a number was converted (False: the value holds no number of that kind, so the caller declines)."""
    target = _table().units[asked["symbol"]]
    if not isinstance(value, dict):
        return _convert_listed(value, text, rule, target)
    parts = value.get("parts")
    sources: list[str] = []
    if isinstance(parts, list):
        new_parts = []
        for part in parts:
            if isinstance(part, dict) and part.get("unit") and factor(part.get("unit"), target) is not None:
                converted, source = _convert_value(part, target)
                if source:
                    sources.append(source)
                new_parts.append(converted)
            else:
                new_parts.append(part)
        value = dict(value, parts=new_parts)
    else:
        value, source = _convert_value(value, target)
        if source:
            sources.append(source)
    if not sources:  # nothing of that kind converted: fine when the answer already is in the asked unit
        held = [value] + (list(parts) if isinstance(parts, list) else [])
        return value, text, rule, any(isinstance(p, dict) and unit_of(p.get("unit")) == target for p in held)
    for source in dict.fromkeys(sources):
        if source == target.symbol or unit_of(source) == target:
            continue
        if text:
            text = convert_text(text, source, target)
            text = text.rstrip()
            note = f" (converted from {source} to {target.symbol}, as asked)"
            text = text[:-1] + note + "." if text.endswith(".") else text + note
        if rule:
            rule = convert_text(rule, source, target) + f", in {target.symbol}"
    return value, text, rule, True


def in_asked_unit(plan: Plan, result: Outcome) -> Outcome:
    """``result`` with its numbers in the unit the question asked (``plan.resolved["asked_unit"]``); declined when
    the answer holds no number of that kind (a count asked "in m")."""
    asked = plan.resolved.get("asked_unit")
    if not asked or plan.declined is not None:
        return result
    value, text, rule, ok = convert(result.value, result.text, result.rule, asked)
    if ok:
        result.value, result.text, result.rule = value, text, rule
        return result
    reason = f"the answer is asked in '{asked['written']}' and what was found holds no {asked['kind']} to give in it"
    can = "Ask without the unit."
    from ifcqa.spatial.outcome import Outcome  # the outcome module imports the parser, which imports this one

    plan.intent = "declined"
    plan.declined = {"reason": reason, "not_understood": [asked["written"]], "can_answer": can}
    return Outcome(hits=[], text=f"I cannot answer this: {reason}, so nothing is listed. {can}")
