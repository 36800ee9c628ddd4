"""The talk around a question (parser round 4): what people write before, around and after what they ask.

People write to a colleague, not to a parser: "site walk tmrw - pls send me a list of every door on Level 1",
"Dear BIM coordinator, for the glazing survey I need the windows on the GroundFloor", "Ticket 2291: the
contractor claims Level 1 has at least 10 walls - does it?", "Do we have over 50 windows on the 2. OG, or am I
misremembering?". :func:`mask_talk` blanks (with spaces, so offsets stay) the parts that carry no constraint:

- a salutation up to its comma ("Dear BIM coordinator,", "Hi Tom,", "Hallo Frau Weber,");
- a preamble before a colon or a spaced dash ("Note from site walk:", "site walk tmrw -"), only when the
  ``is_context`` callback says it names nothing of the model (no class, storey, room, qualifier, measure);
- a purpose phrase "for the <words> survey / plan / audit ..." whose words name no class, storey, room or
  qualifier (a topic such as "glazing" may be a quantity word: the survey's topic is not what is asked);
- a reported claim's frame ("the contractor claims (that)", "I was told (that)", "someone said"), whose
  proposition is then asked as a yes/no question; its speaker must name nothing of the model;
- a tag asking to confirm ("- does it?", "- true?", ", or am I misremembering?", "which would surprise me").

Anything else stays for the word accounting: a preamble that names a storey or a class ("Level 2: doors?") is
read as part of the question, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SALUTATION = re.compile(r"^\s*(?:dear|hi|hello|hey|hallo|liebe[rs]?|sehr\s+geehrte[rs]?|guten\s+tag)\b"
                         r"(?P<who>[^,:!?]{0,40})[,:!]\s*")
# a lead-in closed by a colon or a dash with spaces around it (never "1.OG-Wand", "T/FDN")
_PREAMBLE = re.compile(r"^\s*(?P<pre>[^:?!]{1,60}?)\s*(?::|\s-+\s)\s*(?=\S)")
_PURPOSE = re.compile(r"(?:^|(?<=[\s,]))(?:for|für|fuer)\s+(?:the|a|an|our|my|this|die|den|das|unsere[nm]?)\s+"
                      r"(?P<what>[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:survey|plan|planning|audit|inspection|review|meeting|"
                      r"report|walk|walkthrough|handover|tender|study|visit|presentation|workshop|begehung|"
                      r"besprechung|prüfung|pruefung|planung)\b\s*,?")
_REPORTED = re.compile(r"(?:^|(?<=[\s,]))(?:(?:the|my|our|a|an|der|die|unser)\s+)?(?P<who>[\w-]+(?:\s+[\w-]+){0,2}?)"
                       r"\s+(?:claims?|claimed|says|said|insists?|insisted|reckons?|thinks|believes|told\s+me|"
                       r"behauptet|sagt|meint)\s+(?:that\s+|dass\s+|,\s*)?"
                       r"|(?:^|(?<=[\s,]))(?:i|we)\s+(?:was|were|have\s+been|had\s+been)\s+told\s+(?:that\s+)?"
                       r"|(?:^|(?<=[\s,]))(?:i\s+)?heard\s+(?:that\s+)?")
_TAGS = re.compile(r"(?:,?\s*or\s+am\s+i\s+(?:misremembering|mistaken|wrong|confused|imagining(?:\s+things)?|"
                   r"remembering\s+(?:it\s+)?wrong(?:ly)?)"
                   r"|,?\s*which\s+would\s+(?:surprise|shock|astonish|amaze)\s+me"
                   r"|\s-+\s*(?:does\s+it|do\s+they|is\s+it|are\s+they|is\s+that\s+(?:so|true|right|correct)|true|"
                   r"right|correct|stimmt\s+das))\s*(?=[?.!]*\s*(?:$|-|,))")

# the whole model named as a place: "are there more valves than pumps in this plant?" (never a room: "plant room")
_WHOLE_MODEL = re.compile(r"\b(?:in|of|across|throughout)\s+(?:this|the\s+whole|the\s+entire|our)\s+"
                          r"(?:plant|facility|installation|project|building|model|file|house|site)\b(?!\s+(?:rooms?|"
                          r"spaces?))")


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def mask_talk(text: str, is_context: Callable[[str, bool], bool]) -> tuple[str, list[str], bool]:
    """``text`` (normalised) with the talk around the question blanked, and what was blanked (for the notes);
    ``is_context(words, topic)`` says whether ``words`` name nothing of the model (``topic``: quantity words
    allowed); the last item says whether a claim or a tag asked to confirm what follows (a yes/no question)."""
    blanked: list[str] = []
    confirm = False

    def take(start: int, end: int) -> None:
        nonlocal text
        if text[start:end].strip():
            blanked.append(text[start:end].strip(" ,:-"))
            text = _blank(text, start, end)

    found = _SALUTATION.match(text)
    if found and (not found["who"].strip() or is_context(found["who"], False)):
        take(found.start(), found.end())
    for _ in range(2):  # "RE: site check - ...": a subject, then a lead-in
        found = _PREAMBLE.match(text)
        if not found or not is_context(found["pre"], False):
            break
        take(found.start(), found.end())
    for found in list(_PURPOSE.finditer(text)):
        if is_context(found["what"], True):
            take(found.start(), found.end())
    found = _REPORTED.search(text)
    if found and (found["who"] is None or is_context(found["who"], False)):
        take(found.start(), found.end())
        confirm = True
    for found in list(_WHOLE_MODEL.finditer(text)):
        take(found.start(), found.end())
    for found in list(_TAGS.finditer(text)):
        take(found.start(), found.end())
        confirm = True
    return text, blanked, confirm
