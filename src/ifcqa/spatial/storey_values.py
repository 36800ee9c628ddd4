"""A storey's value asked in people's words (round 11, look11): where its elevation is asked without the word
"elevation", or with the storey's name and the attribute in another order.

The lookup frame (``lookup.py``) reads "what is the elevation of Level 2 (in m)" and "at what height is the DG".
People also write:

* "how high above zero is Keller", "Level 2 height above zero", "the level above ±0 of EG", "wie hoch über Null
  liegt das EG": a height *above zero* (the project's zero, its datum) is the storey's elevation;
* "at what height (in metres) does Level 2 sit (according to the model)": where the storey lies, the elevation;
* "Level 2 height above zero - how many meters?", "how many mm above zero is EG": the unit asked by "how many";
* "elevation level 2 in m", "T/FDN - elevation?", "EG: Höhenlage": the attribute before the name without "of",
  or after it behind a dash or colon.

:func:`rewrite` turns these into the lookup's own order ("what is the elevation of Level 2 in meters"), so the
storey is resolved and the value read (``IfcBuildingStorey.Elevation``, converted to the asked unit) exactly as
for the plain question; :func:`swap` puts an attribute written next to a storey's name into "<attribute> of
<name>". A height above *sea level* is no elevation the file's storeys record relative to: left alone (declined).
Nothing here decides the answer: a name that is no storey still declines in the lookup ("'elevation' is asked of
a storey and the question names none").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# the length units people ask an elevation in (unit_words.json's length words; the unit pass reads "in <unit>")
_UNIT = (r"(?:millimet(?:re|er)s?|centimet(?:re|er)s?|met(?:re|er)s?|metern|mm|cm|m|feet|foot|ft|inch(?:es)?|"
         r"zentimetern?|millimetern?)")
_ZERO = (r"(?:(?:above|over|über|ueber|uber)\s+(?:the\s+)?(?:project(?:'s)?\s+)?(?:zero|0|±\s*0(?:[.,]0+)?|"
         r"\+/-\s*0(?:[.,]0+)?|datum|null|nullniveau|ground\s+zero)(?:\s+(?:level|point|datum))?)")
_BE = r"(?:is|are|sits?|lies?|liegt|liegen|ist|sind|(?:befindet|befinden)\s+sich)"
_ACCORDING = r"(?:\s+(?:according\s+to|in|per)\s+the\s+(?:model|file|ifc(?:\s+file)?))?"
_END = r"(?P<end>\s*[?.!]*\s*)$"

_REWRITES: list[tuple[re.Pattern[str], str]] = [
    # "how many meters above zero is Level 2": the unit asked by "how many"
    (re.compile(r"\bhow\s+(?:many|much)\s+(?P<u>" + _UNIT + r")\s+" + _ZERO + r"\s+" + _BE + r"\s+(?P<x>.+?)"
                + _ACCORDING + _END), r"what is the elevation of \g<x> in \g<u>\g<end>"),
    # "how high above zero is Keller (in mm)", "wie hoch über Null liegt das EG"
    (re.compile(r"\b(?:how|wie)\s+(?:high|hoch)\s+" + _ZERO + r"\s+" + _BE + r"\b"), "what is the elevation of"),
    # "at what height (in metres) does Level 2 sit (according to the model)"
    (re.compile(r"\b(?:at|on)\s+(?:what|which)\s+(?:height|level|elevation)(?P<u>\s+in\s+" + _UNIT + r")?\s+"
                r"(?:does|do|did|would)\s+(?P<x>.+?)\s+(?:sit|lie|stand|start|begin|rest)" + _ACCORDING + _END),
     r"what is the elevation of \g<x>\g<u>\g<end>"),
    # "Level 2 height above zero", "the level above ±0", "Höhe über Null": the elevation
    (re.compile(r"\b(?:height|level|h(?:ö|oe|o)he|niveau)\s+" + _ZERO), "elevation"),
]
# "<... elevation ...> - how many meters?": the unit the elevation is asked in
_HOW_MANY_UNIT = re.compile(r"(?P<e>\belevation\b.*?)\s*[-–,:]?\s*how\s+(?:many|much)\s+(?P<u>" + _UNIT + r")" + _END)


def rewrite(text: str) -> tuple[str, list[str]]:
    """``text`` (normalised) with the elevation asked in other words read as "elevation", and notes saying so."""
    notes: list[str] = []
    for pattern, replacement in _REWRITES:
        found = pattern.search(text)
        if found is None:
            continue
        new = pattern.sub(replacement, text, count=1)
        notes.append(f"read {found.group(0).strip()!r} as the storey's elevation")
        text = new
    found = _HOW_MANY_UNIT.search(text)
    if found is not None:
        notes.append(f"read 'how many {found.group('u')}' as the unit the elevation is asked in")
        text = text[:found.start()] + f"{found.group('e')} in {found.group('u')}{found.group('end')}"
    return text, notes


def swap(text: str, names: Iterable[re.Pattern[str]], attrs: tuple[str, ...]) -> tuple[str, str | None]:
    """ "level 2 elevation", "T/FDN - elevation", "EG: Höhenlage", "elevation level 2": the storey attribute
    ``attrs`` written next to a storey name (``names``: the model's storey-name patterns) read as "<attribute> of
    <name>"; the new text and what was read (None: nothing)."""
    alternatives = "|".join(map(re.escape, attrs))
    after = re.compile(rf"(?:'s)?(?:\s*[-–:,]\s*|\s+)(?P<attr>{alternatives})\b")
    before = re.compile(rf"(?:^|(?<=\s))(?P<attr>{alternatives})(?:\s*[-–:,]\s*|\s+)$")
    for pattern in names:
        for found in pattern.finditer(text):
            name = text[found.start():found.end()]
            tail = after.match(text, found.end())
            if tail is not None:
                swapped = f"{tail.group('attr')} of {name}"
                return text[:found.start()] + swapped + text[tail.end():], f"{text[found.start():tail.end()]!r}"
            head = before.search(text[:found.start()])
            if head is not None and not re.search(r"\b(?:of|von|vom|des|der)\s*$", text[:found.start()]):
                swapped = f"{head.group('attr')} of {name}"
                return text[:head.start()] + swapped + text[found.end():], f"{text[head.start():found.end()]!r}"
    return text, None
