"""One layer of a wall, slab or roof asked by its material (issue 22, round 7): "what is the thickness of the
insulation of the external walls", "how thick is the insulation in the walls", "what type of insulation is used in
the external walls", "what is the concrete layer of the slab made of".

:func:`find` reads, right after a lookup frame, a word naming the material of a layer ("the insulation of / in",
"the concrete layer of") when some material layer of the model holds that word in its material or layer name
("Insulation / Thermal Barriers - Rigid insulation"). The lookup then reads, per element, the layers whose material
or layer name holds the word (:func:`matching`): their total thickness, or their materials; an element without such
a layer records none, and when no asked element has one the answer declines saying so (never the whole wall).
"""

from __future__ import annotations

import re
from functools import cache

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element, Layer
from ifcqa.spatial.spaces import fold

_MENTION = re.compile(r"\s*(?:the\s+|die\s+|der\s+)?(?P<word>[^\W\d_]{4,})(?P<layer>\s+(?:layers?|schicht(?:en)?))?"
                      r"(?P<verb>\s+(?:is|are|ist|wird)(?:\s+(?:used|fitted|installed|applied|verwendet|verbaut))?)?"
                      r"\s+(?P<prep>of|in|within|inside|der|des|im|in\s+der|in\s+den)\b")
KEYS = frozenset(["thickness", "material", "type"])


def _words(text: str) -> set[str]:
    return {w for w in re.split(r"[^\w]+|_", fold(text)) if len(w) >= 4}


@cache
def _model_words(index: ModelIndex) -> frozenset[str]:
    out: set[str] = set()
    for e in index.data.elements.values():
        for layer in e.layers:
            out |= _words(f"{layer.material or ''} {layer.name or ''}")
    return frozenset(out)


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 4 else word


def find(index: ModelIndex, text: str, start: int) -> tuple[str, tuple[int, int]] | None:
    """The layer word right after ``start`` (the frame's end) in ``text`` and its span (word and "layer"), or None."""
    found = _MENTION.match(text, start)
    if found is None:
        return None
    word = fold(found.group("word"))
    if _stem(word) not in {_stem(w) for w in _model_words(index)}:
        return None
    end = max(found.end(g) for g in ("word", "layer", "verb") if found.group(g))
    return word, (found.start("word"), end)


def matching(e: Element, word: str) -> list[Layer]:
    """The layers of ``e`` whose material or layer name holds ``word`` (plural folded)."""
    want = _stem(word)
    return [layer for layer in e.layers
            if want in {_stem(w) for w in _words(f"{layer.material or ''} {layer.name or ''}")}]
