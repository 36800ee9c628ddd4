"""A request whose asking word comes last or in the middle, read as its canonical question (issue 22, round 20
voice20).

People who write in a second language put the asking word where their own language puts it: "Beams of Level 2 -
the material is what?", "Room 4 - what finish it has?", "Boiler - is one existing or not?", "Walls on EG are
existing, yes or no?". :func:`read` rewrites the parsed parts of such a request, by structure (the words live in
``data/word_forms.json``):

- **an attribute asked last about a topic** ("TOPIC - the ATTRIBUTE is what?", "TOPIC: what is the ATTRIBUTE?",
  "TOPIC - what ATTRIBUTE it has?"): the topic is what the attribute is of: "what is the ATTRIBUTE of TOPIC?";
  every word of the topic and of the attribute is kept, only the frame's words ("is what", "it has") move; when
  the two words are a property name the model holds, or that is not understood, the topic's last noun is read as
  the attribute's first word ("Room 4 floor - what finish it has?": "what is the floor finish of Room 4?");
- **a yes/no tag** ("or not", "yes or no", "ja oder nein") closing a sentence that asks no wh-question: the tag
  asks for yes or no and names nothing; it is set aside and the answer is a yes/no answer (the caller makes the
  plan's intent ``exists`` when the rest reads as a list or count). A tag after a wh-question ("which doors are
  external or not?") is kept, so it still declines.

The rewrite is recorded in the plan's notes; the caller (:mod:`ifcqa.spatial.voice_reading`) keeps it only when
the question so read is understood as a whole and passes the check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ifcqa.spatial.word_patterns import alternation


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("word_forms.json").read_text(encoding="utf-8"))
    return data


def _alt(items: Iterable[str]) -> str:
    return alternation(items, group=True)


@dataclass
class Order:
    """The question with its asking order read, a note per rewrite, and whether a yes/no tag was set aside."""

    text: str
    notes: list[str] = field(default_factory=list)
    yes_no: bool = False
    # the same request with the topic's last noun read as the attribute's first word ("Room 4 floor - what finish
    # it has?": "what is the floor finish of Room 4?"), tried when the first reading is not understood
    other: tuple[str, str, str] | None = None  # (text, note, the attribute so read)


_SEP = r"\s*(?:\s[-–—]\s|:)\s*"
_ATTR = r"(?P<attr>[^\W\d_][^\W\d_]*(?:\s+[^\W\d_]+){0,2})"
_TOPIC = r"(?P<topic>[^.?!:]*?[^\W_][^.?!:]*?)"
_START = r"(?:^|(?<=[.?!]\s))\s*"


@cache
def _patterns() -> list[re.Pattern[str]]:
    d = _data()
    last = _alt(d["attribute_last"])
    has = _alt(d["attribute_has"])
    flags = re.IGNORECASE
    return [
        # "Beams of Level 2 - the material is what?"
        re.compile(rf"{_START}{_TOPIC}{_SEP}(?:the\s+)?{_ATTR}\s+{last}\s*(?P<end>[?.!]|$)", flags),
        # "Room 4 - what finish it has?"
        re.compile(rf"{_START}{_TOPIC}{_SEP}what\s+{_ATTR}\s+{has}\s*(?P<end>[?.!]|$)", flags),
        # "Beams of Level 2 - what is the material?"
        re.compile(rf"{_START}{_TOPIC}{_SEP}what\s+(?:is|are)\s+the\s+{_ATTR}\s*(?P<end>[?.!]|$)", flags),
    ]


def _attribute_last(o: Order) -> None:
    for pattern in _patterns():
        m = pattern.search(o.text)
        if m is None:
            continue
        topic, attr = m.group("topic").strip(), m.group("attr").strip()
        if re.search(rf"\b{_alt(_data()['asking_words'])}\b", topic, flags=re.IGNORECASE):
            continue  # the topic asks itself ("how many doors - the material is what?"): not a topic
        said = f"what is the {attr} of {topic}?"
        o.notes.append(f"asked in another order: {m.group(0).strip()!r} read as {said!r}")
        split = re.fullmatch(r"(?P<rest>.*[^\W_].*?)\s+(?P<last>[^\W\d_]{3,})", topic)
        if split is not None:
            other = f"what is the {split['last']} {attr} of {split['rest']}?"
            o.other = (o.text[:m.start()] + other + o.text[m.end():],
                       f"asked in another order: {m.group(0).strip()!r} read as {other!r}", f"{split['last']} {attr}")
        o.text = o.text[:m.start()] + said + o.text[m.end():]
        return


def _tag(o: Order) -> None:
    d = _data()
    tag = re.compile(rf"(?:\s*[,;]\s*|\s+[-–—]\s+|\s+){_alt(d['asking_tags'])}\s*(?=[?.!]|$)", re.IGNORECASE)
    asking = re.compile(rf"\b{_alt(d['asking_words'])}\b", re.IGNORECASE)
    for m in tag.finditer(o.text):
        sentence = re.split(r"(?<=[.?!])\s+", o.text[:m.start()])[-1]
        if asking.search(sentence) or not re.search(r"[^\W\d_]{2}", sentence):
            continue
        o.notes.append(f"yes/no tag set aside: {m.group(0).strip(' ,;-–—')!r} (asks for yes or no, names nothing)")
        o.text = o.text[:m.start()] + o.text[m.end():]
        o.yes_no = True
        return


def read(question: str) -> Order:
    """The question with a yes/no tag set aside and an attribute asked last read in the canonical order."""
    o = Order(question)
    _tag(o)
    _attribute_last(o)
    return o
