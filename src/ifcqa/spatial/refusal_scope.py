"""Which part of a message a refusal of a price or a date reads: the ask (issue 22, round 24 ctx24).

The rules refuse a question about costs or schedules ("what would new doors cost?", "when will the windows be
delivered?") because an IFC file holds neither. Before round 24 the refusal read the WHOLE message, so a price said
of another thing ("handles are 38 EUR each", "Prices as in the 2024 list (610 EUR per window)", "the insulation
budget is 300 EUR, separate topic") refused a message whose ask was a door count. A price belongs to the thing it
is said of: a cost question is one whose ASK asks a price, not one whose context mentions one.

A message is cut into units (lines, then sentences after '.', '!' or '?'); a unit ASKS when it holds a '?', opens
with a request or asking word ("can you", "tell me", "how", "wie", "bitte"; after a 'Label:' lead and quotes) or
holds "please" / "bitte". When at least one unit asks, a price or date word counts only when it stands in an asking
unit, or in a unit naming it as a topic without a stated amount ("Total cost of the Level 2 windows.": the cost OF
something with no figure said is asked, not told). A message with no asking unit is read whole, as before.
``said_only_beside`` answers whether every match of a refusal's patterns is context; the parser then does not
refuse for it (the words stay for the rest of the parse: a context the rules do not understand still declines,
only the reason changes, and the round-20..23 readers may set the unit aside).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources

_RAW = json.loads(resources.files("ifcqa.spatial").joinpath("data/refusal_scope.json").read_text("utf-8"))
SCOPED = frozenset(_RAW["scoped"])


def _alts(words: Iterable[str]) -> str:
    return "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in sorted(words, key=len, reverse=True))


_LEAD = re.compile(r"^\W*(?:[\w .#/-]{1,40}:\s*)?[\W]*(?:" + _alts(_RAW["request_leads"]) + r")(?![\w'])",
                   re.IGNORECASE)
_ANYWHERE = re.compile(r"(?<![\w'])(?:" + _alts(_RAW["request_anywhere"]) + r")(?![\w'])", re.IGNORECASE)
_TOPIC = re.compile(r"(?<![\w'])(?:" + _alts(_RAW["topic_nouns"]) + r")\s+(?:" + _alts(_RAW["topic_after"])
                    + r")(?![\w'])", re.IGNORECASE)
_CURRENCY = "|".join(re.escape(c) if not c.isalpha() else c + r"(?![\w])" for c in _RAW["currency"])
_AMOUNT = re.compile(r"(?:(?:" + _CURRENCY + r")\s*\d|\d[\d.,']*\s*(?:k\b)?\s*(?:" + _CURRENCY + r"))",
                     re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def units(message: str) -> list[tuple[int, int]]:
    """The units of ``message`` as (start, end) spans: its lines, each cut after '.', '!' or '?'."""
    spans = []
    pos = 0
    for line in message.split("\n"):
        start = pos
        for cut in _SENTENCE_END.finditer(line):
            spans.append((start, pos + cut.start()))
            start = pos + cut.end()
        spans.append((start, pos + len(line)))
        pos += len(line) + 1
    return [(a, b) for a, b in spans if message[a:b].strip()]


def asks(unit: str) -> bool:
    """Whether a unit asks: a '?', a request or asking word at its start (after a label), or 'please' / 'bitte'."""
    return "?" in unit or _LEAD.match(unit) is not None or _ANYWHERE.search(unit) is not None


def _names_topic(unit: str) -> bool:
    """'the cost of the windows', 'Preis pro Tür' with no amount said: the price is the topic, not a figure told."""
    return _TOPIC.search(unit) is not None and _AMOUNT.search(unit) is None


def said_only_beside(message: str, patterns: Iterable[re.Pattern[str]]) -> bool:
    """Whether every match of ``patterns`` in ``message`` stands in a unit that neither asks nor names the price or
    date as its topic, while another unit asks: the refusal's words are context said of other things."""
    spans = units(message)
    asking = [asks(message[a:b]) for a, b in spans]
    if not any(asking):
        return False
    hit = False
    for (a, b), asked in zip(spans, asking, strict=True):
        unit = message[a:b]
        if any(p.search(unit.lower()) for p in patterns):
            hit = True
            if asked or _names_topic(unit):
                return False
    return hit
