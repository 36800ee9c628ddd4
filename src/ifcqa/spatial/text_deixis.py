"""'Above' and 'below' said of the TEXT of a message, not of the building (issue 22, round 24 ctx24).

"how many windows are on the storey given above?", "wie viele Türen hat das oben genannte Geschoss?", "the level in
the heading above", "(see the mail below)", "Notes (continued from the page above)": the words point into the
message, and the rules read them as a vertical relation ("it relates elements by 'above' ...") or as a storey word
('oben' = an upper storey) and declined. A careful reader reads them as a pointer or as talk about the text.

:func:`read` rewrites, keeping every position (padding with spaces):

- a storey/room noun with the text pointing at it ("the storey given above", "the level named below", "the room in
  the heading above", "das oben genannte Geschoss", "dem oben erwähnten Raum") -> "that storey" / "dieses Geschoss":
  a pointer, bound by the rules' own readers to the one place the message names, or declined when it names two or
  none ("that floor" after two storeys: round 13's antecedents);
- "above" / "below" / "oben" / "unten" after a text noun or a sending word ("the mail below", "siehe oben",
  "continued from the page above", "list below please") -> blanked: the text noun is what it is, talk.

Never "the room above", "the floor below", "über dem Keller": no text word beside them, so they stay vertical
relations (and decline, as before). Words are data in ``data/text_deixis.json``.
"""

from __future__ import annotations

import json
import re
from importlib import resources

_RAW = json.loads(resources.files("ifcqa.spatial").joinpath("data/text_deixis.json").read_text("utf-8"))


def _alts(words: list[str]) -> str:
    return "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(words, key=len, reverse=True))


_TEXT = _alts(_RAW["text_nouns"])
_SAID = _alts(_RAW["participles"])
_SEE = _alts(_RAW["see"])
_NOUN = _alts(_RAW["nouns"])
_WHERE = r"(?:above|below|oben|unten|earlier|before)"
_ART = r"(?:the|this|that|das|die|der|dem|den|des)"
# "the storey given above", "the level in the heading above", "the room on the note below"
_EN_POINTER = re.compile(rf"\b{_ART}\s+(?P<noun>{_NOUN})\s+(?:(?:{_SAID})\s+{_WHERE}|(?:in|on|from|of)\s+(?:the\s+)?"
                         rf"(?:{_TEXT})\s+{_WHERE})(?![\w])", re.IGNORECASE)
# "das oben genannte Geschoss", "dem weiter oben erwähnten Raum", "the above-mentioned floor", "the above named room"
_DE_POINTER = re.compile(rf"\b(?P<art>{_ART})\s+(?:weiter\s+)?(?:oben|unten|above|below)[\s-]*(?:{_SAID})\s+"
                         rf"(?P<noun>{_NOUN})\b", re.IGNORECASE)
# "the mail below", "(see above)", "siehe oben", "continued from the page above", "list below please"
_TALK = re.compile(rf"(?:\b(?:{_TEXT})\s+|\b(?:{_SEE})\s+(?:(?:in\s+)?(?:the\s+)?(?:(?:{_TEXT})\s+)?)?)"
                   rf"(?P<where>above|below|oben|unten)\b", re.IGNORECASE)


def _pad(text: str, start: int, end: int, said: str) -> str:
    width = end - start
    return text[:start] + (said + " " * width)[:width] + text[end:] if len(said) <= width else text


def read(question: str) -> tuple[str, list[str]]:
    """``question`` with above/below said of the text read as a pointer or talk, and a note for each."""
    notes: list[str] = []
    out = question
    for found in reversed(list(_EN_POINTER.finditer(out))):
        noun = found["noun"]
        out = _pad(out, found.start(), found.end(), f"that {noun}")
        notes.append(f"{found.group(0)!r} points into the message, not up or down the building: read as 'that {noun}'")
    for found in reversed(list(_DE_POINTER.finditer(out))):
        noun = found["noun"]
        this = "that" if found["art"].lower() in ("the", "this", "that") else (
            "diesem" if found["art"].lower() == "dem" else "dieses" if noun.lower() != "etage" else "diese")
        out = _pad(out, found.start(), found.end(), f"{this} {noun}")
        notes.append(f"{found.group(0)!r} points into the message, not up or down the building: read as "
                     f"'{this} {noun}'")
    for found in reversed(list(_TALK.finditer(out))):
        a, b = found.span("where")
        out = out[:a] + " " * (b - a) + out[b:]
        notes.append(f"{found.group(0)!r} is said of the text of the message, not of the building")
    return out, notes
