"""The material asked in people's words beyond "what is X made of" (round 11, look11): "the walls consist of which
material", "West wall consists of which material", "what do the slabs consist of", "what are the beams composed
of", "which material do the columns have"; round 18: "what material for the walls" (what is left of "what material does
the model record for the walls" once the source is blanked) and the embedded question "can you check which material
the doors are", "can you tell me what the walls are made of".

:func:`find` gives the lookup frame (``lookup.Frame`` with the vocabulary key ``material``) and the spans of its
words, so the rest of the question is parsed as the subject, as every lookup's is. Only a question *asking* the
material is one: "which walls consist of concrete" names a material (a filter the qualifiers read), and stays so.
"""

from __future__ import annotations

import re

from ifcqa.spatial.lookup import Frame

# "<subject> consist(s) of which material(s)", "... is composed of what material"
_CONSIST_WHICH = re.compile(r"\b(?:consists?|consisting|(?:is|are)\s+(?:composed|made\s+up|made))\s+of\s+"
                            r"(?:which|what)\s+(?:kind\s+of\s+|type\s+of\s+)?materials?\b")
# "what do/does <subject> consist of", "what are <subject> composed of", "woraus bestehen die Wände" (lookup.py)
_WHAT_CONSIST = re.compile(r"\b(?P<lead>what|which\s+materials?)\s+(?:do|does|did)\b.*?\s"
                           r"(?P<verb>consists?\s+of|consist)\s*[?.!]*\s*$")
_WHAT_COMPOSED = re.compile(r"\b(?P<lead>what|which\s+materials?)\s+(?:is|are)\b.*?\s"
                            r"(?P<verb>(?:composed|made\s+up)\s+of)\s*[?.!]*\s*$")
# "which material do the columns have", "what materials does the slab have"
_WHICH_HAVE = re.compile(r"\b(?P<lead>(?:what|which)\s+materials?\s+(?:do|does|did))\b.*?\s(?P<verb>have|has)"
                         r"\s*[?.!]*\s*$")
# "what material for the walls", "which materials of the doors": the subject after the preposition
_FOR = re.compile(r"\b(?P<lead>(?:what|which)\s+materials?)\s+(?P<verb>for|of)\s+(?=the\s|this\s|these\s|those\s)")
# "(check) which material the doors are": an embedded question, its verb last
_EMBEDDED = re.compile(r"\b(?P<lead>(?:what|which)\s+materials?)\s+(?=the\s)[^?.!,;]*?\s(?P<verb>is|are)\s*[?.!]*\s*$")

# "(tell me) what the walls are made of": an embedded question, the subject before its verb
_EMBEDDED_MADE = re.compile(r"\b(?P<lead>what|which\s+materials?)\s+(?=(?:the|this|these|those|its)\s)[^?.!,;]*?\s"
                            r"(?P<verb>(?:is|are)\s+(?:made|built|constructed)\s+(?:out\s+of|of|from))\b")


def find(text: str) -> Frame | None:
    """The material frame of the normalised question ``text``, or None."""
    found = _CONSIST_WHICH.search(text)
    if found is not None:
        return Frame("material", "material", [found.span()])
    for pattern in (_WHAT_CONSIST, _WHAT_COMPOSED, _WHICH_HAVE, _FOR, _EMBEDDED, _EMBEDDED_MADE):
        found = pattern.search(text)
        if found is not None:
            return Frame("material", "material", [found.span("lead"), found.span("verb")])
    return None
