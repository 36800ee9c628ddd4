"""Two classes set side by side, then one of them chosen: "doors vs windows, more doors?" (issue 22, round 24).

People write a count comparison of two classes as the two sides first and the comparative after them: "valves vs
pumps, more valves?", "windows vs doors - more windows?", "Fenster vs Türen, mehr Fenster?". The sides were read
as storeys or rooms to compose (round 17) and, being classes, declined. :func:`read` writes the form as the
comparison the parser reads ("are there more valves than pumps?"), the scope said with the sides kept ("doors vs
windows on Level 5, more doors?": "... on level 5"); only when both sides are, whole, class words and the chosen
one is one of the two. Anything else is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FORM = re.compile(
    r"^\s*(?P<left>.+?)\s+(?:vs\.?|versus|or|oder|gegen|gegenüber)\s+(?P<right>.+?)\s*(?:,|:|;|\s-+\s|\s–\s|\s—\s)\s*"
    r"(?:(?:are\s+there|is\s+it|gibt\s+es|sind\s+es)\s+)?(?P<word>more|fewer|less|mehr|weniger)\s+(?P<chosen>.+?)"
    r"\s*[?!.]*\s*$")
_GERMAN = frozenset(["mehr", "weniger"])
_MAX_WORDS = 3


def _head(words: list[str], is_class: Callable[[str], bool]) -> int:
    """The number of leading ``words`` that form the longest class word (0 when none does)."""
    for k in range(min(_MAX_WORDS, len(words)), 0, -1):
        if is_class(" ".join(words[:k])):
            return k
    return 0


def read(text: str, is_class: Callable[[str], bool], same: Callable[[str, str], bool]) -> tuple[str, str | None]:
    """``text`` (normalised) rewritten as "are there more A than B <scope>?" and a note, or ``text`` and None.
    ``is_class`` says a phrase is a class word; ``same`` whether two class words name the same class."""
    m = _FORM.match(text)
    if m is None:
        return text, None
    left, right, chosen = m.group("left").strip(), m.group("right").split(), m.group("chosen").strip()
    if not is_class(left) or not is_class(chosen):
        return text, None
    k = _head(right, is_class)
    if k == 0:
        return text, None
    other, scope = " ".join(right[:k]), " ".join(right[k:])
    if same(chosen, left):
        first, second = left, other
    elif same(chosen, other):
        first, second = other, left
    else:
        return text, None
    word = m.group("word")
    scope = f" {scope}" if scope else ""
    asked = (f"gibt es {word} {first} als {second}{scope}?" if word in _GERMAN
             else f"are there {word} {first} than {second}{scope}?")
    return asked, f"{m.group(0).strip()!r}: two classes set side by side, one chosen: read as {asked!r}"
