"""How people write the value of a property filter (issue 22, round 14 props14).

The round-5/11 qualifier reader (:mod:`ifcqa.spatial.qualifiers`) finds a dimension word, a comparison and a
number with its unit. People write the value in more ways than its vocabulary held; this module holds what round 14
adds, as data (``data/property_values.json``), merged into the qualifier vocabulary by :func:`extend` (called once
in ``qualifiers.words``):

- comparisons by a verb, an abbreviation or a German comparative without "als": "the U-value exceeds 0.4",
  "mind. 30 cm", "max. 0.3", "U-Wert kleiner 0,4", "Räume größer 20 qm", "Türen höher 210 cm";
- a U-value's unit written out: "W/m²K", "W/(m²K)", "W/(m²·K)", "W/m2K", "W/qmK" (a thermal transmittance, so
  "U < 0.4 W/m²K" compares Pset_*Common.ThermalTransmittance instead of declining on "m²K");
- a dimension's letter symbol right before a comparison or "=" (:func:`symbol_before`): "walls with U < 0.3",
  "U ≤ 0.3", "Uw = 1.3"; only there ("can u list the walls" is not a U-value);
- :func:`gap_understood`: between a dimension word and its number only joining words may stand when no
  comparison was read. Before round 14 every word there was consumed with the filter, so "walls where the U-value
  exceeds 0.4" answered "no walls with ThermalTransmittance = 0.4" (a confident wrong answer); now an unknown word
  leaves the number unread and the question declines naming it;
- :func:`shown_unit`: a unit the model spells in SI base units ("kg/K.s3") is shown as people write it;
- :func:`unquote_held` (called in ``Parser._parse_whole``): quotes around a property's name the model holds are
  blanked ("the 'Reference' of the doors"); quoted names and types stay quoted;
- :func:`place_qualifiers` (called there too): a qualifier said as a place ("walls on the outside of the building")
  is its qualifier word, never "not in the building" (every storey negated: "no walls found outside ...");
- :func:`also` (in ``qualifiers._reading``): a dimension word that names another dimension when the elements
  record none of its own ("doors shorter than 2.1 m" is their height).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial.spaces import fold


@functools.cache
def _data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/property_values.json").read_text("utf-8"))
    return raw


def extend(raw: dict[str, Any]) -> dict[str, Any]:
    """``qualifier_words.json``'s content with this module's comparisons and units added (a new dict)."""
    data = _data()
    comparisons = {op: list(phrases) for op, phrases in raw["comparisons"].items()}
    for op, phrases in data["comparisons"].items():
        known = {fold(p) for ps in comparisons.values() for p in ps}
        comparisons.setdefault(op, []).extend(p for p in phrases if fold(p) not in known)
    units = dict(raw["units"])
    for unit, spec in data["units"].items():
        units.setdefault(unit, spec)
    return {**raw, "comparisons": comparisons, "units": units}


@functools.cache
def _symbols() -> tuple[re.Pattern[str], dict[str, str]]:
    table = {fold(k): fold(v) for k, v in _data()["symbols"].items()}
    alt = "|".join(re.escape(s) for s in sorted(table, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alt})\s*$"), table


def symbol_before(folded: str, start: int) -> tuple[re.Match[str], str] | None:
    """The letter symbol ("u") right before ``start`` (where a comparison or "=" begins) and the dimension word it
    stands for ("u-value"), or None."""
    pattern, table = _symbols()
    m = pattern.search(folded[:start])
    if m is None:
        return None
    return m, table[m.group(0).strip()]


@functools.cache
def _gap_words() -> frozenset[str]:
    return frozenset(fold(w) for w in _data()["gap_words"])


def gap_understood(gap: str) -> bool:
    """Whether the (folded) words between a dimension word and its number only join them ("is", "of the")."""
    allowed = _gap_words()
    return all(w in allowed for w in re.findall(r"[^\s,;]+", gap))


def shown_unit(kind: str, unit: str | None) -> str | None:
    """The unit shown for a value of ``kind``: the model's symbol, unless it spells SI base units ("kg/K.s3")."""
    shown = _data()["shown_units"].get(kind)
    if shown is None or unit is None:
        return unit
    return shown if re.search(r"\bkg\b|\.s\d|s\d$", unit) else unit


_QUOTED = re.compile(r"(?P<open>['\"“”‘’„«»])(?P<inner>[^\W\d_][\w -]{0,38}?)(?P<close>['\"“”‘’«»])(?![\w])")


def unquote_held(text: str, holds: Callable[[str], bool]) -> str:
    """``text`` with the quotes around a property's name blanked (positions kept) when the model holds a property,
    quantity or attribute of that name: "the 'Reference' of the doors", 'what is the "Reference" of each door?'.
    Quoted names and type names ("the 'Outside wall' type") are left to their readers."""
    def blank(m: re.Match[str]) -> str:
        if m.group("open") == "'" and m.start() > 0 and text[m.start() - 1].isalnum():
            return m.group(0)  # an apostrophe ("the door's 'Reference'") is no opening quote
        if not holds(m.group("inner")):
            return m.group(0)
        return f" {m.group('inner')} "
    return _QUOTED.sub(blank, text)


@functools.cache
def _phrases() -> tuple[re.Pattern[str], dict[str, str]]:
    table = {fold(k): v for k, v in _data()["phrases"].items()}
    alt = "|".join(r"\s+".join(re.escape(w) for w in k.split()) for k in sorted(table, key=len, reverse=True))
    return re.compile(rf"(?<![\w])(?:{alt})(?![\w])"), table


def place_qualifiers(text: str) -> str:
    """``text`` (folded, as the parser reads it) with a qualifier said as a place written as its word, padded to the
    same length: "walls on the outside of the building" -> "walls external ..." (never "not in the building")."""
    pattern, table = _phrases()
    return pattern.sub(lambda m: table[" ".join(m.group(0).split())].ljust(len(m.group(0))), text)


def also(dim_word: str) -> str | None:
    """The other dimension word a dimension word names when the elements record none of its own ("shorter":
    "height"), or None."""
    return {fold(k): fold(v) for k, v in _data()["also"].items()}.get(dim_word)


def number(num: str, factor: float | None) -> float:
    """The number as written: "1,000" (English thousands), "0,9" (a decimal comma), and "1.000 mm" / "2.100 mm"
    (``factor`` of the unit <= 1 mm: a German thousands dot, since no building length is 1.000 mm)."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", num):
        return float(num.replace(",", ""))
    if factor is not None and factor <= 1e-3 and re.fullmatch(r"\d{1,3}(?:\.\d{3})+", num):
        return float(num.replace(".", ""))
    return float(num.replace(",", "."))


@functools.cache
def _verbs_after() -> tuple[re.Pattern[str], dict[str, str]]:
    table = {fold(w): op for op, words in _data()["verbs_after"].items() for w in words}
    alt = "|".join(r"\s+".join(re.escape(w) for w in k.split()) for k in sorted(table, key=len, reverse=True))
    return re.compile(rf"\s*(?:{alt})(?![\w])"), table


def verb_after(folded: str, end: int) -> tuple[str, int] | None:
    """A comparison verb right after the number ending at ``end`` ("30 m² übersteigt"): its operator and the new
    end of the filter, or None."""
    pattern, table = _verbs_after()
    m = pattern.match(folded, end)
    if m is None:
        return None
    return table[" ".join(m.group(0).split())], m.end()


def numbers_unset_for_most(index: ModelIndex, q: Any, classes: list[str], what: str = "elements") -> str | None:
    """Why a number filter ("walls thicker than 20 cm") cannot be answered: fewer than half of the asked elements
    record the compared base quantity at all (3rooms: 1 of 8 walls has a base quantity Width), so listing the
    few that do would answer for elements whose value is unknown. ``None`` when it can be answered."""
    from ifcqa.spatial import qualifiers  # qualifiers imports this module

    if q is None or q.how != "number" or "." not in (q.path or ""):
        return None  # an attribute (OverallWidth) is the element's own: read where set
    if not re.search(r"^Qto_|Quantities", q.path.partition(".")[0]):
        return None  # a property (a fixture's nominal power) many elements lack by nature; a geometric quantity
        # (a wall's thickness) every element has, so an unrecorded one is unknown
    elements = qualifiers.elements_of(index, classes)
    if len(elements) < 2:
        return None
    paths = q.paths or [q.path]
    holding = sum(1 for e in elements if any(qualifiers._number(e, p) is not None for p in paths))
    if 2 * holding >= len(elements):
        return None
    return (f"only {holding} of the {len(elements)} {what} record {q.path} at all, so which are {q.term!r} cannot be "
            f"told for the other {len(elements) - holding}")
