"""A value asked of ONE element by a singular class word (round 11, look11): "What is the door's width on Level 1?",
"how wide is the door", "the only window on EG - height?".

"the door" presumes one door. Where the subject holds one, the lookup reads it; where it holds several, reading all
of them would answer a broader question ("the widths of the 18 doors") than the one asked: the lookup declines,
naming how many there are, and says how to ask for each (or which to name). A question that asks for each or all
("the width of each door", "every door's width") is no singular; nor is a class word that only modifies the
attribute ("the door width", "the window U-value": a compound, read as the class's values as before).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# words that may follow "the <class>" when it is the subject itself (a place, a verb, punctuation), not a compound
_AFTER = frozenset(["on", "in", "im", "at", "of", "to", "for", "from", "is", "has", "have", "does", "do", "sits",
                    "sit", "please", "pls", "there", "here", "that", "which", "according", "and", "again"])
_DETERMINER = re.compile(r"\b(?:the|its|this|that)\s+(?:(?P<only>only|one|single|sole)\s+)?(?P<word>[^\W\d_]+)"
                         r"(?P<own>'s)?(?=(?P<next>\s+[^\W\d_]+|\W|$))")
_EACH = re.compile(r"\b(?:each|every|all|per|alle[nrs]?|jede[nrs]?|both|any)\b")


def _plural_of(word: str) -> tuple[str, ...]:
    if word.endswith("y"):
        return (word[:-1] + "ies", word + "s")
    return (word + "s", word + "es")


def find(text: str, is_class_word: Callable[[str], bool]) -> str | None:
    """The singular class word ``text`` (normalised) asks one value of ("door"), or None: a class word (whose plural
    is also one) after "the"/"its"/"the only", followed by a possessive, a place, a verb or the end, and no word
    asking for each or all of them."""
    if _EACH.search(text):
        return None
    for found in _DETERMINER.finditer(text):
        word = found.group("word")
        if word.endswith("s") or not is_class_word(word) or not any(is_class_word(p) for p in _plural_of(word)):
            continue
        after = (found.group("next") or "").strip()
        if found.group("own") or not after or not after[0].isalpha() or after in _AFTER:
            return word
    return None
