"""A property's value, unit and name said the way people say them (issue 22, round 22 qual22).

The qualifier reader (:mod:`ifcqa.spatial.qualifiers`, rounds 5/11/14) reads a dimension word, a comparison and a
number with its unit. People say the same value in more ways; this module reads them as one *value said in a
question*, grounded in the model, with its vocabularies as data (``data/said_values.json``):

- **a comparator typed the way it is said** (:func:`extend`, merged into the qualifier vocabulary): "more then 1,5",
  "bigger then" (every comparison phrase ending in "than" also reads with the spellings of ``than_spellings``), and
  German "bis 1,4" (up to: only right before a number, a range "von 1 bis 2" is read first). The decimal comma is
  read by the number reader already ("1,5");
- **a property by its trade abbreviation** (:func:`read`): "Uw", "Uw-value", "Ud-Wert", "k-Wert", "U-factor" read as
  the vocabulary's "u-value" (``Pset_*Common.ThermalTransmittance``, checked against what the asked elements hold
  by the readers after). A trade name that belongs to some elements ("Uw": windows, "Ud": doors) is read only when
  the question names those elements; "Uw of the doors" or a bare "Uw?" stays unread and is declined naming it.
  A trade name the model holds as a name is never read. "Uw-value from the windows" reads "from" as "of";
- **a letter symbol right before a number** ("doors U 1.4", written upper-case, a decimal number): "U = 1.4";
- **a value naming a type** ("light fixtures of the 150 W type", "boilers of the 147 kW type", "of type 150 W"):
  the number and unit are matched against the model's type names by number and unit (``name_codes.holds``: "150 W"
  = "150W"), and the words are written as the type filter in the model's own spelling ("of type 150W"), only when
  that spelling selects exactly the type names the value does; a value no type name holds stays unread (declined);
- **a class word's last word said alone with a value** ("150W fixtures"): read as the one class word ending in it
  ("light fixtures", not "sanitary fixtures" or "plumbing fixtures") whose elements are all the elements whose
  name or type name holds the value; two or none: unread;
- **a value held by a property and by a type name** (:func:`settle`, in ``qualifiers._reading``): "60 W light
  fixtures" is the property (TotalWattage = 60) when no type name holds "60 W"; "150 W light fixtures" is the type
  name ("150W - 120V") when no element's property holds 150 W; when both hold the value for different elements the
  filter declines naming both readings;
- **a number written as text** (:func:`numeric`): a Revit export's "TotalWattage" = '60' is the number 60.

Everything rewritten is recorded in the plan's notes ("read 'Uw' as 'u-value' (a window's U-value)").
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
import weakref
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element
from ifcqa.spatial import name_codes


@functools.cache
def _data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/said_values.json").read_text("utf-8"))
    return raw


def _low(text: str) -> str:
    """``text`` the way the parser's ``normalise`` writes it (lower case, NFC, plain dashes, ß as ss)."""
    return unicodedata.normalize("NFC", text).casefold().replace("–", "-").replace("—", "-").replace("ß", "ss")


# -- comparisons -----------------------------------------------------------------------------------------
def extend(raw: dict[str, Any]) -> dict[str, Any]:
    """The qualifier vocabulary ``raw`` with this module's comparisons added: the data's words, and every phrase
    ending in "than" with "than" typed as ``than_spellings`` ("more then"); a new dict."""
    data = _data()
    comparisons = {op: list(phrases) for op, phrases in raw["comparisons"].items()}
    for op, phrases in data["comparisons"].items():
        comparisons.setdefault(op, []).extend(phrases)
    for op, phrases in list(comparisons.items()):
        twins = [f"{p[: -len('than')]}{spelt}" for p in phrases if p.endswith(" than")
                 for spelt in data["than_spellings"]]
        comparisons[op] = list(dict.fromkeys([*phrases, *twins]))
    return {**raw, "comparisons": comparisons}


def numeric(raw: Any) -> float | None:
    """``raw`` as a number: a number, or a text that writes only a number ('60', '0.85'); else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int | float):
        return float(raw)
    if isinstance(raw, str) and re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", raw):
        return float(raw)
    return None


# -- the question's words --------------------------------------------------------------------------------
def _alt(words: Iterable[str]) -> str:
    return "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(set(words), key=len, reverse=True))


@functools.cache
def _trade() -> tuple[re.Pattern[str], dict[str, dict[str, Any]]]:
    table = {_low(k): v for k, v in _data()["trade_names"].items()}
    return re.compile(rf"(?<![\w-])(?:{_alt(table)})(?![\w-])"), table


@functools.cache
def _units() -> tuple[str, dict[str, str]]:
    table = {_low(k): v for k, v in _data()["unit_words"].items()}
    return _alt(table), table


_NUM = r"\d+(?:[.,]\d+)?"


_HELD: weakref.WeakKeyDictionary[ModelIndex, str] = weakref.WeakKeyDictionary()


def _names_held(index: ModelIndex) -> str:
    """Every element, space and storey name and type name of the model, folded, one a line."""
    if index not in _HELD:
        names = {e.name for e in index.data.elements.values() if e.name}
        _HELD[index] = "\n".join(_low(n) for n in names)
    return _HELD[index]


def read(index: ModelIndex, text: str, asked: str, notes: list[str], type_names: Iterable[str],
         class_words: dict[str, str], class_filter: Callable[[str], Any]) -> str:
    """``text`` (normalised, as the parser reads it) with the values said the people's way written the way the
    qualifier and lookup readers read them; ``asked`` is the question as written (case kept); ``class_words`` the
    parser's class words -> class keys, ``class_filter`` a key's filter. What is read is added to ``notes``."""
    text = _trade_names(index, text, notes)
    text = _symbol_values(text, asked, notes)
    text = _type_values(text, list(type_names), notes)
    text = _head_nouns(index, text, class_words, class_filter, notes)
    return text


def _trade_names(index: ModelIndex, text: str, notes: list[str]) -> str:
    pattern, table = _trade()
    held = _names_held(index)
    pieces, last = [], 0
    for m in pattern.finditer(text):
        said = " ".join(m.group(0).split())
        entry = table[said]
        if re.search(rf"(?<![\w-]){re.escape(said)}(?![\w-])", held):
            continue  # the model's own name ("UW" a room): never a property
        belongs = [_low(w) for w in entry["elements"]]
        if belongs and not re.search(rf"(?<![\w-])(?:{_alt(belongs)})(?![\w-])", text):
            continue  # "Uw" of the doors, or of nothing named: a window's value, not read
        word = entry["word"]
        if said != word:
            whose = f"a {entry['elements'][0]}'s U-value" if belongs else "the U-value"
            notes.append(f"read {m.group(0)!r} as {word!r} ({whose})")
        pieces.append(text[last:m.start()] + word)
        last = m.end()
    return _property_from("".join(pieces) + text[last:], notes)


def _property_from(text: str, notes: list[str]) -> str:
    """ "U-value from the windows": "U-value of the windows" (a property word, then "from" and its elements)."""
    words = [_low(w) for w in _data()["property_words"]]
    pattern = re.compile(rf"(?<![\w-])(?P<word>{_alt(words)})\s+(?P<from>{_alt(_data()['from_words'])})"
                         r"(?=\s+(?:the|all|der|die|den|dem)\s+\w)")
    def swap(m: re.Match[str]) -> str:
        notes.append(f"read {m.group(0)!r} as {m.group('word') + ' of'!r}")
        return f"{m.group('word')} of"
    return pattern.sub(swap, text)


def _symbol_values(text: str, asked: str, notes: list[str]) -> str:
    """ "doors U 1.4" (upper-case symbol, a decimal number, no comparison between): "doors u = 1.4"."""
    symbols = _data()["symbol_values"]
    said = re.search(rf"(?<![\w-])(?P<sym>{'|'.join(map(re.escape, symbols))})\s+(?P<num>\d+[.,]\d+)(?![\d\w])", asked)
    if said is None:
        return text
    sym, num = _low(said.group("sym")), said.group("num")
    folded = re.compile(rf"(?<![\w-]){re.escape(sym)}\s+{re.escape(num)}(?![\d\w])")
    m = folded.search(text)
    if m is None:
        return text
    notes.append(f"read {said.group(0)!r} as {said.group('sym')} = {num}")
    return text[:m.start()] + f"{sym} = {num}" + text[m.end():]


def _type_values(text: str, type_names: list[str], notes: list[str]) -> str:
    """ "of the 150 W type", "150W-type", "of type 150 W": "of type 150W" (the type names' own spelling)."""
    unit_alt, units = _units()
    tw = _alt(_low(w) for w in _data()["type_words"])
    value = rf"(?P<num>{_NUM})\s?-?\s?(?P<unit>{unit_alt})"
    before = re.compile(rf"(?:(?<![\w])(?:of|are|is|vom|des)\s+(?:the\s+|a\s+|dem\s+|den\s+)?)?(?<![\w.,]){value}"
                        rf"\s*-?\s*(?:{tw})(?![\w])")
    after = re.compile(rf"(?<![\w])(?:of\s+)?(?:{tw})\s+{value}(?![\w])")
    for pattern in (before, after):
        for m in reversed(list(pattern.finditer(text))):
            code = f"{m.group('num')} {m.group('unit')}"
            spelt = _model_spelling(code, m.group("num"), units[_low(m.group("unit"))], type_names)
            if spelt is None:  # no type name holds it (or not in one spelling): the type filter declines naming it
                said = f"of type {m.group('num')}{m.group('unit')}"
                notes.append(f"read {m.group(0).strip()!r} as {said!r} (a value naming a type)")
                text = text[:m.start()] + said + text[m.end():]
                continue
            said = "of type " + spelt
            notes.append(f"read {m.group(0).strip()!r} as {said!r} (the type names hold {code!r})")
            text = text[:m.start()] + said + text[m.end():]
    return text


def _model_spelling(code: str, num: str, unit: str, type_names: list[str]) -> str | None:
    """How the type names write ``code`` (one spelling for every type name that holds it), or None."""
    holding = [n for n in type_names if name_codes.holds(n, code)]
    if not holding:
        return None
    _, units = _units()
    spellings = {w for w, canon in units.items() if canon == unit}
    found = set()
    for name in holding:
        hit = re.search(rf"(?<![\d.,]){re.escape(num)}\s?-?\s?(?:{_alt(spellings)})(?![^\W\d_])", _low(name))
        if hit is None:
            return None
        found.add(hit.group(0))
    if len(found) != 1:
        return None
    spelt = found.pop()
    if {n for n in type_names if spelt in _low(n)} != set(holding):
        return None  # "50w" is also in "150W": the contains-filter would select others
    return spelt


def _head_nouns(index: ModelIndex, text: str, class_words: dict[str, str], class_filter: Callable[[str], Any],
                notes: list[str]) -> str:
    """ "150W fixtures": the one class word ending in "fixtures" whose elements are the elements holding 150W."""
    from ifcqa.spatial.classes import matches

    unit_alt, _ = _units()
    heads = _alt(_low(w) for w in _data()["head_nouns"])
    code = rf"(?<![\w.,])(?P<code>{_NUM}\s?(?:{unit_alt}))"
    before = re.compile(rf"{code}\s+(?P<head>{heads})(?![\w])")  # "150W fixtures"
    after = re.compile(rf"(?<![\w])(?P<head>{heads})\s+of\s+type\s+{code}(?![\w])")  # "fixtures of type 100w"
    found = sorted([*before.finditer(text), *after.finditer(text)], key=lambda m: m.start(), reverse=True)
    for m in found:
        head = m.group("head")
        words = {w: k for w, k in class_words.items() if w.endswith(" " + head)}
        if not words:
            continue
        said = m.group("code")
        holding = [e for e in index.data.elements.values() if _holds_code(index, e, said)]
        if not holding:
            continue
        keys = {k for k in set(words.values())
                if all(matches(index, e, class_filter(k)) for e in holding)}
        if len(keys) != 1:
            continue
        key = keys.pop()
        word = min((w for w, k in words.items() if k == key), key=len)
        notes.append(f"read {head!r} as {word!r}: the elements holding {said!r} are {word}")
        text = text[:m.start("head")] + word + text[m.end("head"):]
    return text


def _holds_code(index: ModelIndex, e: Element, code: str) -> bool:
    if not index.is_a(e, "IfcElement"):
        return False
    typ = index.data.elements.get(e.type) if e.type is not None else None
    return name_codes.holds(typ.name if typ is not None else None, code) or name_codes.holds(e.name, code)


# -- a value held by a property and by a type name -------------------------------------------------------
def _type_says_other(index: ModelIndex, elements: list[Element], num: str, unit_text: str) -> str | None:
    """A type name of ``elements`` holding another number in the same unit ("150W" where "60 W" is asked)."""
    _, units = _units()
    spellings = {unit_text, *(k for k, v in units.items() if v == units.get(_low(unit_text)))} - {""}
    said = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(?:" + "|".join(re.escape(u) for u in spellings)
                      + r")(?![^\W\d_])", re.IGNORECASE)
    for e in elements:
        t = index.data.elements.get(e.type) if e.type is not None else None
        name = t.name if t is not None and t.name else ""
        if any(float(m.group(1).replace(",", ".")) != float(num.replace(",", ".")) for m in said.finditer(name)):
            return name
    return None


def settle(index: ModelIndex, q: Any, elements: list[Element], num: str, unit_text: str | None,
           keeps: Callable[[Element], bool]) -> Any:
    """The number filter ``q`` read on ``elements`` ("60 W", "= 150 W") settled against the type names: ``q``
    itself; when no element's property holds the value but type names do ("light fixtures with 150 W"), ``q`` as
    the type filter in the type names' spelling ("150W"), or None (left to the name reading, ``name_codes``) when
    they write it in more than one way; ``q`` declining with both readings named when both hold the value for
    different elements."""
    if q is None or q.how != "number" or q.op != "=" or not unit_text:
        return q
    code = f"{num} {unit_text}"
    by_type = {e.id for e in elements if _holds_code(index, e, code)}
    if not by_type:
        other = _type_says_other(index, [e for e in elements if keeps(e)], num, unit_text)
        if other is not None:  # round 22 merge: TotalWattage '60' on fixtures typed '150W - 120V'
            q.how = "two_readings"
            q.note = (f"{q.asked!r} is {q.path} of elements whose type name says {other!r}: the model says two "
                      "things of them")
        return q
    by_property = {e.id for e in elements if keeps(e)}
    if not by_property:
        _, units = _units()
        names = sorted({t.name for e in elements if e.type is not None
                        for t in [index.data.elements.get(e.type)] if t is not None and t.name})
        canon = units.get(_low(unit_text))
        spelt = _model_spelling(code, num, canon, names) if canon else None
        if spelt is None:
            return None  # left to the name reading (name_codes), or unread
        q.how, q.path, q.paths, q.op, q.value, q.unit, q.dimension = "type", "type.Name", ["type.Name"], "~", spelt, \
            None, None
        q.note = f"{q.asked!r}: no property of these elements holds it, their type names do"
        return q
    if by_property == by_type:
        return q
    q.how = "two_readings"
    q.note = (f"{q.asked!r} is {q.path} for {len(by_property)} elements and in the type names of "
              f"{len(by_type)} others")
    return q
