"""The terse "X - storey?" form asks where X is (issue 22, round 22 qual22).

People write a request as a topic and the storey noun alone after a dash or colon: "boiler - storey?", "stair:
level?", "Heizkessel - Geschoss?". The noun is asked for, as in "boiler: which level?", never "is there a boiler"
(before round 22 the topic alone read as the terse existence question "boiler?" and the storey noun was dropped).
:func:`read` writes the noun as "which <noun>" so the parser's storey question reads it; only when the noun closes
the message (nothing but a question mark after it) and a topic that names no storey stands before the separator.
Words are data (``data/terse_where.json``).

Round 24: with no separator at all ("radiators storey", "utility room level", "Küche Geschoss") the form is read
the same way only when the whole topic is a thing the caller knows (a class word, a room's name or function), so
"ground floor" or "top level" stay as written.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any


@functools.cache
def _data() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial").joinpath("data/terse_where.json").read_text("utf-8"))
    return raw


@functools.cache
def _pattern() -> re.Pattern[str]:
    data = _data()
    seps = "|".join(re.escape(s) for s in sorted(data["separators"], key=len, reverse=True))
    nouns = "|".join(re.escape(n.casefold()) for n in sorted(data["storey_nouns"], key=len, reverse=True))
    ends = "|".join(re.escape(e) for e in sorted(data["ends"], key=len, reverse=True) if e)
    return re.compile(rf"^(?P<topic>.*[^\W\d_].*?)\s*(?:{seps})\s*(?P<noun>{nouns})\s*(?:{ends})?\s*$")


@functools.cache
def _bare() -> re.Pattern[str]:
    data = _data()
    nouns = "|".join(re.escape(n.casefold()) for n in sorted(data["storey_nouns"], key=len, reverse=True))
    ends = "|".join(re.escape(e) for e in sorted(data["ends"], key=len, reverse=True) if e)
    return re.compile(rf"^\s*(?:the\s+)?(?P<topic>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){{0,3}}?)\s+"
                      rf"(?P<noun>{nouns})\s*(?:{ends})?\s*$")


def read(text: str, notes: list[str], storeys: Iterable[str] = (),
         known: Callable[[str], bool] | None = None) -> str:
    """``text`` (normalised) with a closing storey noun after a topic ("boiler - storey?") asked as "which storey";
    the reading is added to ``notes``. A topic naming one of ``storeys`` (the model's storey names) is left as
    written ("Erdgeschoss - floor?" asks no element's storey). Without a separator ("radiators storey") only a
    topic ``known`` says is a thing (a class or a room) is read so."""
    storeys = [n for n in storeys if n]
    m = _pattern().match(text)
    if m is None and known is not None:
        m = _bare().match(text)
        if m is not None and (not known(m.group("topic").strip()) or m.group("topic").strip() in _data()[
                "storey_nouns"]):
            m = None
    if m is None:
        return text
    topic = m.group("topic")
    if any(re.search(rf"(?<![\w]){re.escape(n.casefold())}(?![\w])", topic) for n in storeys):
        return text
    notes.append(f"{m.group(0).strip()!r}: the storey noun alone after the topic asks where it is")
    return text[:m.start("noun")] + "which " + text[m.start("noun"):]
