"""A room taken out of what is asked, said without "in" (issue 22, round 20): "Erdgeschoss windows except Küche",
"all windows except the kitchen windows", "furniture other than the living room", "the Küche ones excluded", "all
the furniture except the one of the living room", "Fenster außer der Küche".

The negation passes read a room after an excluding word only with its preposition ("except in the Küche", "not in
the kitchen": the elements not in / not bounding that room). Without it, "except the Küche" was declined as not
understood, and "all windows except the kitchen windows" was misread as the kitchen's windows less all windows (an
empty answer stated with confidence). :func:`spell_out` runs after ``negation_scope.canonical`` (which has already
turned "X excluded", "save for", "with the exception of" into "except") and reads, by structure:

    <excluding word> [the] [ones / one / those / stuff (of | in | from) [the]] <room> [ones | one | stuff | <class
    word said before the excluding word>]

as ``<excluding word> in the <room>``, where ``<room>`` is tested by ``is_room`` (the model's space names and long
names, "room 6", or a room function phrase the vocabulary knows, never a compound's stem: "Eingangstür" is a door
type) and is neither a class word nor one of the model's storeys (a storey is excluded as before). Where the
question asks for rooms themselves ("rooms on Level 1 except the kitchen", "every room except the Bad") the room
after the excluding word is one of them and nothing is rewritten. The class word after the room is dropped only when
the question already named it before the exclusion ("windows ... except the kitchen windows"); any other word stays,
so the later passes read it or the answer declines naming it. Each rewrite is named in the plan's notes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_NEG = (r"(?P<neg>\bexcept(?:\s+for)?|\bexcluding|\bother\s+than|\bapart\s+from|\baside\s+from|\bbut\s+not|"
        r"\bausser|\bausgenommen|\bbis\s+auf)")
_ARTICLE = r"(?:(?:the|der|dem|den|die|das)\s+)?"
# "the one of the living room", "those in the Küche", "the stuff from the kitchen"
_ONES_OF = r"(?:(?:the\s+)?(?:ones?|those|stuff|things)\s+(?:of|in|from|im|in\s+der|aus\s+der)\s+" + _ARTICLE + ")?"
_START = re.compile(_NEG + r"\s+" + _ARTICLE + _ONES_OF)
_WORD = re.compile(r"[^\W_][\w.'-]*")
# the rooms are what is asked: a room after the excluding word is one of them, not where the things are
_ROOMS_ASKED = re.compile(r"\b(?:rooms?|spaces?|räume|raume|raum|zimmer|raumen|räumen)\b")
_TAIL_PRONOUNS = frozenset({"ones", "one", "stuff", "things"})


def spell_out(text: str, is_room: Callable[[str], bool], is_class: Callable[[str], bool],
              is_storey: Callable[[str], bool]) -> tuple[str, list[str]]:
    """``text`` (normalised) with each room excluded without its preposition given one, and a note per rewrite."""
    notes: list[str] = []
    out, at = [], 0
    for m in _START.finditer(text):
        if m.start() < at or re.match(r"\s*(?:in|im|inside|within|from|aus)\b", text[m.end():]):
            continue  # "except in the kitchen": read as written
        if _ROOMS_ASKED.search(text[:m.start()]):
            continue  # "rooms on Level 1 except the kitchen": the rooms themselves are taken out, as before
        words = _run(text, m.end())
        room = _longest_room(text, m.end(), words, is_room, is_class, is_storey)
        if room is None:
            continue
        end = room[1]
        tail = _WORD.match(text, end + 1) if text[end:end + 1] == " " else None
        if tail and (tail.group(0) in _TAIL_PRONOUNS or is_class(tail.group(0)) and re.search(
                rf"\b{re.escape(tail.group(0))}\b", text[:m.start()])):
            end = tail.end()
        phrase = text[room[0]:room[1]]
        out.append(text[at:m.start()] + f"{m['neg']} in the {phrase}")
        notes.append(f"exclusion read: {text[m.start():end].strip()!r} as '{m['neg']} in the {phrase}' "
                     "(a room taken out)")
        at = end
    return "".join(out) + text[at:], notes


def _run(text: str, start: int) -> list[re.Match[str]]:
    """Up to four words from ``start`` joined by spaces only (a comma or a dash ends the run)."""
    words: list[re.Match[str]] = []
    at = start
    while len(words) < 4:
        w = _WORD.match(text, at)
        if w is None:
            break
        words.append(w)
        gap = re.match(r" +", text[w.end():])
        if gap is None:
            break
        at = w.end() + gap.end()
    return words


def _longest_room(text: str, start: int, words: list[re.Match[str]], is_room: Callable[[str], bool],
                  is_class: Callable[[str], bool], is_storey: Callable[[str], bool]) -> tuple[int, int] | None:
    """The span of the longest run of ``words`` (from the first) that names a room and no class or storey."""
    if not words:
        return None
    for n in range(len(words), 0, -1):
        span = (words[0].start(), words[n - 1].end())
        phrase = text[span[0]:span[1]].rstrip(".")
        if re.search(r"[,;:?!]", phrase) or n > 1 and any(
                w.group(0) in _TAIL_PRONOUNS or is_class(w.group(0)) for w in words[:n]):
            continue  # "the kitchen windows": the room is "kitchen", the class word after it is the tail
        if is_room(phrase) and not is_class(phrase) and not is_storey(phrase):
            return span[0], span[0] + len(phrase)
    return None
