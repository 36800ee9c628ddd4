"""A class asked and another class said not wanted, in the shapes people write the contrast (issue 22, round 13).

"the doors, not the windows, on Level 1" and "walls only, not slabs" were read (the second class taken out of the
first: "walls except slabs"); "doors (not windows) on EG", "only the walls - no slabs - on Level 2", "walls but
not windows on Keller", "just the walls, no slabs, on Level 1" were declined as a relation between the two classes
("it relates 'walls' to 'slabs'"). :func:`spell_out` writes these shapes as the one read, "<a>, not the <b>,", and
names the rewrite in the plan's notes. Only a class word right after the contrast word is rewritten ("walls but
not the external ones", "doors (not fire-rated)" stay for the other passes); both sides must be class words.
"""

from __future__ import annotations

import functools
import re

# after a class word: "(not the windows)", "- no slabs -", "but not windows", ", no slabs,"
_SHAPES = (
    (r"\s*\(\s*(?:but\s+)?not\s+(?:the\s+|any\s+)?(?P<b>{cls})\s*\)", "(not Y)"),
    (r"\s+-\s*(?:but\s+)?(?:no|not)\s+(?:the\s+|any\s+)?(?P<b>{cls})\s*(?:-|(?=\s+(?:on|in|of|at)\b)|$)", "- no Y -"),
    (r",?\s+but\s+not\s+(?:the\s+|any\s+)?(?P<b>{cls})(?=\s*(?:,|$|\?|\s+(?:on|in|of|at)\b))", "but not Y"),
    (r"\s*,\s*(?:but\s+)?no\s+(?:the\s+|any\s+)?(?P<b>{cls})\s*(?=,|$|\?)", ", no Y,"),
)


_CONTRAST_WORD = re.compile(r"\b(?:not|no)\b")


@functools.lru_cache(maxsize=32)
def _patterns(class_source: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The shapes around one model's class words, compiled once (the class alternation is large: compiling it on
    every question took most of a question's time on a model with many type names)."""
    cls = class_source.removeprefix(r"(?<![\w])").removesuffix(r"(?![\w])")
    return tuple((re.compile(r"(?<![\w])(?P<a>" + cls + r")(?![\w])" + shape.format(cls=cls)), what)
                 for shape, what in _SHAPES)


def spell_out(text: str, class_pattern: re.Pattern[str]) -> tuple[str, list[str]]:
    """``text`` (normalised) with each contrast shape after a class word written "<a>, not the <b>,"; the notes."""
    notes: list[str] = []
    if _CONTRAST_WORD.search(text) is None:  # every shape says "not" or "no"
        return text, notes
    for pattern, what in _patterns(class_pattern.pattern):
        while (m := pattern.search(text)) is not None:
            if m.group("a") == m.group("b"):
                break
            said = f"{m.group('a')}, not the {m.group('b')},"
            notes.append(f"contrast read: {m.group(0).strip()!r} ({what}) as {said!r}")
            text = text[:m.start()] + said + text[m.end():]
    if not notes:  # nothing rewritten: the text as given (its spacing holds the positions later passes read)
        return text, notes
    return " ".join(text.split()).rstrip(","), notes
