"""English as many learners speak it: "which room no have window?", "Bedroom inside have how many furniture?",
"room a two oh three" (issue 22, round 24).

Three forms of spoken or learner English, each written as the parser's own form; everything else is left as written:

- the negation before the verb ("no have", "not got", "never have"): "have no" (never after an auxiliary: "do not
  have" is read as it is);
- topic-comment with "inside" ("Bedroom inside have how many furniture?", "Küche inside got how many doors?"): "how
  many <things> are in <topic>?";
- a room number dictated digit by digit after a room noun ("room a two oh three", "space one oh four", "Raum null
  eins"): its code ("room a203"); "oh" and "o" are zero only among digit words, two or more digits needed.

Words are data (``data/learner_forms.json``).
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
        resources.files("ifcqa.spatial").joinpath("data/learner_forms.json").read_text("utf-8"))
    return raw


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], dict[str, str]]:
    data = _data()
    negation = re.compile(rf"(?P<before>[\w']+)\s+(?P<neg>{_alt(data['negations'])})\s+"
                          rf"(?P<verb>{_alt(data['having_verbs'])})\b")
    topic = re.compile(rf"^\s*(?P<topic>.+?)\s+(?:{_alt(data['inside'])})\s+(?:(?:{_alt(data['having_verbs'])})\s+)?"
                       rf"(?P<count>how\s+many|wie\s*viele?)\s+(?P<what>.+?)\s*(?P<end>[?.!]*)\s*$")
    digits: dict[str, str] = data["digits"]
    word = _alt(list(digits))
    code = re.compile(rf"\b(?P<noun>{_alt(data['room_nouns'])})\s+(?P<code>(?:(?P<letter>[a-z])\s+)?"
                      rf"(?:(?:{word})(?:\s+|-|$|(?=[?.!,]))){{2,}})")
    return negation, topic, code, digits


def read(text: str, notes: list[str]) -> str:
    """``text`` (normalised) in the parser's own forms; each reading is added to ``notes``."""
    negation, topic, code, digits = _patterns()

    def spoken(m: re.Match[str]) -> str:
        words = re.findall(r"[a-zäöü]+", m.group("code"))
        letter = m.group("letter") or ""
        tail = words[1:] if letter else words
        if not all(w in digits for w in tail):
            return m.group(0)
        said = m.group("noun") + " " + letter + "".join(digits[w] for w in tail)
        notes.append(f"{m.group(0).strip()!r}: a room number said digit by digit, read as {said!r}")
        return said + (" " if m.group(0).endswith(" ") else "")

    out = code.sub(spoken, text)
    found = negation.search(out)
    if found is not None and found.group("before") not in _data()["auxiliaries"]:
        verb = found.group("verb")
        asked = out[:found.start("neg")] + f"{verb} no" + out[found.end("verb"):]
        notes.append(f"{found.group(0).strip()!r}: the negation said before the verb, read as '{verb} no'")
        out = asked
    found = topic.match(out)
    if found is not None:
        asked = f"{found.group('count')} {found.group('what')} are in {found.group('topic')}{found.group('end')}"
        notes.append(f"{found.group(0).strip()!r}: the place said first, then what is inside it: read as {asked!r}")
        out = asked
    return out
