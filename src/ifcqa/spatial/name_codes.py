"""Codes in names: ratings, sizes and counts written with digits in an element's Name or type Name ("150W - 120V",
"3-Wege-Klein-Ventil - DN 15", "147 kW", "400 A", "Generic 2-Seater Sofa"), asked the way people write them.

A question's phrase is a *code* when it holds a number: digits ("150W", "3-way", "DN 15", "150 W") or a number
word joined to a word ("three-way", "two-seater", "Drei-Wege"). Phrase and name are read as the same kind of
sequence of parts, numbers and stemmed words (camel case, hyphens, spaces and the digit/letter boundary split:
"150W" -> 150, w; "3-Wege-Klein-Ventil" -> 3, wege, klein, ventil); number words are digits ("three" -> 3). A
name holds the code when the phrase's parts come in the name one after another, each number equal and each word
equal or one of its forms in the model's language (``name_forms``: "way" -> "wege"). A unit word may be written
out ("150 watt" for "150W": the unit words are data, ``name_forms.json`` ``units``).

Grounding uses it only for phrases with a number (:func:`is_code`), so what words alone ground is unchanged; a
code no element holds stays unread and the question declines naming it.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from ifcqa.spatial import name_forms

_CAMEL = re.compile(r"(?<=[a-zäöü]{2})(?=[A-ZÄÖÜ])")  # "DoorRevolving" splits, a unit "kW" does not
_PART = re.compile(r"\d+(?:[.,]\d+)?|[^\W\d_]+")


@functools.cache
def _data() -> tuple[dict[str, str], dict[str, str]]:
    raw = json.loads(resources.files("ifcqa.spatial.data").joinpath("name_forms.json").read_text(encoding="utf-8"))
    numbers = {k: str(v) for k, v in raw.get("numbers", {}).items() if not k.startswith("_")}
    units = {k: str(v) for k, v in raw.get("units", {}).items() if not k.startswith("_")}
    return numbers, units


def _stem(word: str) -> str:
    from ifcqa.spatial.grounding import stem  # grounding imports this module

    return stem(word)


def parts(text: str | None) -> list[str]:
    """The numbers and stemmed words of ``text`` in order ("3-Wege-Ventil" -> ["3", "wege", "ventil"])."""
    if not text:
        return []
    numbers, units = _data()
    out: list[str] = []
    for token in _PART.findall(_CAMEL.sub(" ", text)):
        low = token.casefold()
        if token[0].isdigit():
            out.append(low.replace(",", "."))
        elif low in numbers:
            out.append(numbers[low])
        else:
            out.append(units.get(low, _stem(low)))
    return out


def is_code(phrase: str) -> bool:
    """Whether ``phrase`` writes a number: digits, or a number word hyphenated to a word ("three-way")."""
    if re.search(r"\d", phrase):
        return True
    numbers, _ = _data()
    return any(re.search(rf"(?<![\w]){re.escape(w)}-[^\W\d_]", phrase, re.IGNORECASE) for w in numbers)


def _same(asked: str, written: str) -> bool:
    if asked == written:
        return True
    if asked[0].isdigit() or written[0].isdigit():
        return False
    return name_forms.match(asked, [written]) is not None


def holds(text: str | None, phrase: str) -> bool:
    """Whether ``text`` (a Name, a type Name) holds the code ``phrase``: its parts in a row, numbers equal."""
    want = parts(phrase)
    have = parts(text)
    if not want or not any(p[0].isdigit() for p in want):
        return False
    n = len(want)
    return any(all(_same(a, w) for a, w in zip(want, have[i:i + n], strict=True)) for i in range(len(have) - n + 1))
