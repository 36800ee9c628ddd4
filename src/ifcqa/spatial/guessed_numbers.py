"""A number the asker guesses beside the ask for the exact one: "must be around 200 windows, how many exactly?"
(issue 22, round 24).

People say what they expect and ask for the true figure: "i think 4 walls are load bearing, how many really?",
"probably 12 windows or so in the EG - what's the real number?", "the bedroom is roughly 15 m2 I guess, what's
the exact area?". The guessed number is no filter (before, it declined as not understood or, "about 50 sqm right?
whats the exact total", was read as "area = 50 m²"). :func:`read` takes the hedged number out (its hedge, its unit,
a copula before it, a "right?" after it) and the words that only insist on exactness ("exact", "really"), and keeps
everything else; only when the message asks for an exact value AND the number is hedged. A unit the ask does not
repeat stays as its measure ("about 50 sqm ... the exact total": "area ... the total"). A bound ("more than 20",
"at least 3") is never a guess. Words are data (``data/guessed_numbers.json``).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any


@functools.cache
def _data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/guessed_numbers.json").read_text("utf-8"))
    return raw


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[str, str]]:
    data = _data()
    units = {u: measure for measure, us in data["units"].items() for u in us}
    guess = re.compile(
        rf"(?:\b(?:{_alt(data['copulas'])})\s+)?(?P<hedge>\b(?:{_alt(data['hedges_before'])}))\s*"
        rf"(?P<number>\d+(?:[.,]\d+)?)(?:\s*(?P<unit>{_alt(list(units))})(?![\w²³]))?"
        rf"(?P<after>(?:\s*,?\s*(?:{_alt(data['hedges_after'])})(?![\w]))*)", re.IGNORECASE)
    exact = re.compile(rf"\b(?:{_alt(data['exact_asks'])})\b", re.IGNORECASE)
    insist = re.compile(rf"\b(?:{_alt(data['insisting'])})\s+(?=(?:{_alt(data['insisted_nouns'])})\b)|"
                        rf"(?<=\bhow many)\s+(?:{_alt(data['insisting_adverbs'])})\b", re.IGNORECASE)
    return guess, exact, insist, units


_EXACT_COUNT = re.compile(r"\bhow\s+many\s+exactly\b|\bexactly\s+how\s+many\b|\bwie\s*viele?\s+genau\b|"
                          r"\bgenau\s+wie\s*viele?\b")
_FILTERING = re.compile(r"\b(?:of|with|than|over|under|below|above|least|most|mit|von|als|über|unter)\s*$")


def read(text: str, notes: list[str]) -> str:
    """``text`` (normalised) with a hedged guess taken out when it asks for the exact value; the reading is added to
    ``notes``. ``text`` itself otherwise."""
    guess, exact, insist, units = _patterns()
    if not exact.search(text) or not (insist.search(text) or _EXACT_COUNT.search(text)):
        return text  # the exact value is asked as a number: "how many really", "the exact total", "exactly how many"
    found = guess.search(text)
    if found is None or _FILTERING.search(text[:found.start("hedge")]):
        return text  # "rooms of about 20 m2", "doors with around 900 mm": a value the things have, not a guess
    measure = units.get(found.group("unit") or "", "")
    rest = text[found.end():]
    if measure and re.search(rf"\b{measure}\b", rest):
        measure = ""
    said = found.group(0).strip()
    tag = found.group("after") or ""
    joined = "," if "?" in tag else ""
    out = text[:found.start()].rstrip() + (f" {measure}" if measure else "") + joined + " " + rest.lstrip()
    out = insist.sub(" ", out)
    out = re.sub(r"\s+", " ", out).strip()
    notes.append(f"{said!r}: a number the asker guesses, not a filter; the exact value is asked")
    return out
