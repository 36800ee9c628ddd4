"""Two named elements compared by an attribute (issue 22, round 7): "is door 285860 wider than door 285959?", "is the
GroundFloor_Floor slab heavier than the 1stFloor_Floor?", "which is heavier, the Frischwasserstation or the
Pufferspeicher?", "ist Wand-Ext-OG-1 dicker als Wand-Int-ERDG-4?".

:func:`find` reads the frame: a yes/no "is A <comparative> than B" or a choice "which is <comparative>, A or B";
the comparative names the attribute (wider -> width, heavier -> weight, thicker -> thickness, taller -> height ...,
``COMPARATIVES``). The parser reads each side as the lookup "<attribute> of <side>" (so a side means what it means
in any lookup), and answers only when each side is exactly one element that records the attribute as a number:
otherwise the question is declined saying which side could not be read or does not record it, never guessed.
Rooms compared by size ("is the kitchen bigger than the living room") stay with the room comparison.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# comparative -> (attribute asked, True when the larger value wins)
COMPARATIVES: dict[str, tuple[str, bool]] = {
    "wider": ("width", True), "narrower": ("width", False), "breiter": ("width", True), "schmaler": ("width", False),
    "taller": ("height", True), "higher": ("height", True), "shorter": ("height", False), "lower": ("height", False),
    "höher": ("height", True), "niedriger": ("height", False),
    "thicker": ("thickness", True), "thinner": ("thickness", False), "dicker": ("thickness", True),
    "dünner": ("thickness", False), "heavier": ("weight", True), "lighter": ("weight", False),
    "schwerer": ("weight", True), "leichter": ("weight", False), "deeper": ("depth", True),
    "shallower": ("depth", False), "tiefer": ("depth", True),
}
_CMP = "|".join(sorted(COMPARATIVES, key=len, reverse=True))
_YES_NO = re.compile(rf"^\s*(?:is|are|ist|sind)\s+(?P<a>.+?)\s+(?P<cmp>{_CMP})\s+(?:than|als)\s+"
                     rf"(?P<b>.+?)\s*[?.!]*\s*$")
_WHICH = re.compile(rf"^\s*(?:which|what|welche[rs]?)\s+(?:one\s+)?(?:is|ist)\s+(?P<cmp>{_CMP})\s*[,:]?\s*"
                    rf"(?P<a>.+?)\s+(?:or|oder)\s+(?P<b>.+?)\s*[?.!]*\s*$")


@dataclass(frozen=True)
class Frame:
    a: str
    b: str
    comparative: str
    attribute: str
    larger: bool  # the larger value answers the comparative
    which: bool  # "which is heavier, A or B": the element, not yes/no


def find(text: str) -> Frame | None:
    """The comparison frame of the normalised question ``text``, or None."""
    for pattern, which in ((_YES_NO, False), (_WHICH, True)):
        found = pattern.match(text)
        if found is not None:
            attribute, larger = COMPARATIVES[found.group("cmp")]
            return Frame(found.group("a").strip(), found.group("b").strip(), found.group("cmp"), attribute, larger,
                         which)
    return None
