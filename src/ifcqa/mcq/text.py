"""How values read in questions and options: one formatting, used by generators and verifiers alike.

Sharing presentation is deliberate (an option text must be comparable), sharing facts is not: both
halves call these functions on values they each read from the IFC file their own way.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache
from typing import Any

from ifcqa.ifc.diagnostics import UNNAMED_FAMILY

NOT_AVAILABLE = "Not available in the model"
YES, NO = "Yes", "No"


def format_number(value: float, decimals: int = 3) -> str:
    """A number as a person writes it: at most ``decimals`` decimals, no trailing zeros, no ``-0``."""
    if isinstance(value, bool):
        raise TypeError("booleans are not numbers here")
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return str(value)
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_value(value: Any, unit: str | None = None) -> str:
    """Any property/quantity value as option text (``12.5 m²``, ``Yes``, ``EI30``, ``A, B``)."""
    if isinstance(value, bool):
        text = YES if value else NO
    elif isinstance(value, int | float):
        text = format_number(value)
    elif isinstance(value, list | tuple):
        text = ", ".join(format_value(v) for v in value)
    elif value is None:
        text = NOT_AVAILABLE
    else:
        text = str(value).strip()
    if unit and isinstance(value, int | float) and not isinstance(value, bool):
        text = f"{text} {unit}"
    return text


_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1 << 17)  # the same names and values are compared for every candidate item
def normalise(text: str) -> str:
    """The form in which two option texts must differ: case-, width- and space-insensitive."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _SPACES.sub(" ", text).strip()


def quote(name: str) -> str:
    """A name inside question text."""
    return f"'{name}'"


_UNNAMED_SET = re.compile(r"^\(unnamed #(\d+)\)$")


def set_reference(kind: str, name: str) -> str:
    """``property set 'Pset_WallCommon'``; a set without a Name says what its placeholder means.

    ``kind`` is ``property set`` or ``quantity set``; ``name`` may be the placeholder of an unnamed set
    (:func:`ifcqa.ifc.diagnostics.unnamed_set_name`), which the question then explains.
    """
    if name == UNNAMED_FAMILY:
        return (
            f"{kind} {quote(name)} (the file gives these {kind}s no name; this stands for each element's one {kind} "
            "without a name that holds it)"
        )
    match = _UNNAMED_SET.match(name)
    if match is None:
        return f"{kind} {quote(name)}"
    return f"{kind} {quote(name)} (the file gives this {kind} no name; #{match.group(1)} is its step id)"
