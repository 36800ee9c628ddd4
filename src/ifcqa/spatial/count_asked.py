"""A count asked by naming the answer's form: "Ebene 0 pumps - just give me the number.", "pumps on Level 2, only
the count please", "Ventile im Keller, nur die Anzahl" (round 17, lead).

People who want a count often say what they want back instead of asking "how many": "the number", "the count",
"the total number", "a number", "die Anzahl". After a request for elements of a class (the words before it), that
tail asks for their count: :func:`rewrite` reads the question as "how many <the words before>". Only the tail form
is read (the answer form closes the request, after a dash, comma or colon or at the end), so "the number of room
B102" or "which door has the number 7" (a property named Number, a room number) are never read as a count: there
"number" is followed by what it is the number of, or by a value.
"""

from __future__ import annotations

import re

from ifcqa.spatial.plan import Plan

_TAIL = re.compile(
    r"\s*(?:[-\u2013\u2014,:;]\s*|\s)\s*(?:(?:just|only|simply|nur|bloß|bloss)\s+)?"
    r"(?:(?:(?:please|pls|kindly|bitte)\s+)?(?:give|tell|send|get)\s+(?:me|us)\s+|i\s+(?:just\s+|only\s+)?"
    r"(?:need|want)\s+|gib\s+mir\s+|(?:ich\s+)?brauche\s+)?(?:(?:just|only|nur)\s+)?"
    r"(?:the|a|die|eine)\s+(?:total\s+)?(?:number|count|anzahl|zahl|stückzahl|stueckzahl)"
    r"(?:\s+(?:please|pls|plz|thanks|thx|bitte|danke))?\s*[.!?]*\s*$",
    re.IGNORECASE)
_ASKED_ALREADY = re.compile(
    r"\b(?:how\s+many|how\s+much|wie\s+viele?|number\s+of|count\s+of|anzahl\s+(?:der|an|von))\b", re.IGNORECASE)


# round 19: a count ranked by a size word: "on which floor is the number of doors the highest", "the floor where the
# count of windows is largest", "wo ist die Anzahl der Türen am höchsten": the most (fewest) of them, never the
# tallest door ("highest" read as a height)
_PLACE_WORD = r"(?:on|in|at|of|for|per|from|within|inside|auf|im|am|in)\b"  # "the number of windows on the lowest
# level" asks the lowest storey's count: a place word ends what is counted
_COUNT_RANKED = re.compile(
    r"\b(?:the\s+)?(?:number|count|amount|quantity|total)\s+of\s+"
    r"(?P<what>(?:(?!" + _PLACE_WORD + r")[^\W\d_][\w-]*\s+){0,2}?(?!" + _PLACE_WORD + r")[^\W\d_][\w-]*)"
    r"\s+(?:is|are|will\s+be|would\s+be)?\s*(?:the\s+)?(?P<sup>highest|largest|biggest|greatest|maximum|max|lowest|"
    r"smallest|least|minimum|min)\b|"
    r"\bdie\s+anzahl\s+(?:der|an|von)\s+(?P<was>[^\W\d_][\w-]*)\s+(?:ist\s+)?(?:am\s+)?(?P<sup_de>höchsten|"
    r"größten|grössten|niedrigsten|kleinsten|geringsten)\b", re.IGNORECASE)
_FEWEST = ("lowest", "smallest", "least", "minimum", "min", "niedrigsten", "kleinsten", "geringsten")


def ranked_count(plan: Plan, text: str) -> str:
    """``text`` with "the number of X (is) the highest / lowest" read as "the most / fewest X" (length may change:
    called before any span is read)."""
    found = _COUNT_RANKED.search(text)
    if found is None:
        return text
    sup = (found.group("sup") or found.group("sup_de")).lower()
    what = found.group("what") or found.group("was")
    if found.group("sup_de"):
        said = f"die {'wenigsten' if sup in _FEWEST else 'meisten'} {what}"
    else:
        said = f"the {'fewest' if sup in _FEWEST else 'most'} {what}"
    plan.notes.append(f"{found.group(0)!r}: a count ranked, read as {said!r}")
    return text[:found.start()] + said + text[found.end():]


def rewrite(plan: Plan, text: str) -> str:
    """``text`` (normalised) with a closing "just the number" read as "how many <the request before it>"."""
    found = _TAIL.search(text)
    if found is None or _ASKED_ALREADY.search(text) or not re.search(r"[^\W\d_]", text[:found.start()]):
        return text
    german = re.search(r"\b(?:anzahl|zahl|stückzahl|stueckzahl)\b", found.group(0), re.IGNORECASE) is not None
    plan.notes.append(f"{found.group(0).strip(' -,:;')!r}: the count of what is asked")
    lead = "wie viele " if german else "how many "
    return lead + text[:found.start()]  # the plan's spans are read on this text from here on
