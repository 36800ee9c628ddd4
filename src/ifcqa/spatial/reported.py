"""A fault reported on a named element, then a question about "it" (issue 22, round 7).

Tickets and e-mails name the element, say what is wrong with it, and then ask where it is: "Ticket #4411: door
1y90eyfD3LdzLiOC5qF6yE is sticking. Which floor is it on?", "door 285996: the handle is loose. which floor is that
door on?", "FM ticket 5521 - window 145788 is leaking. What level is it on?". The report ("is sticking", "won't
latch") says why the question is asked; it constrains nothing, because the element is already named exactly (by
GlobalId, Name or Tag). Read as one question its words are unread and the answer declines.

:func:`split` finds such a pair: a report (no "?") before the last sentence boundary (". ", ":", ";", "!", a spaced
dash or a comma before a question word), and a question after it that refers back with "it", "its", "that / this
<noun>", "they", "them". The parser (``Parser._reported``) accepts it only when the report names elements exactly
(a GlobalId written out, or a Name / Tag token its identifier table holds) and the question names none of its own;
:func:`rewrite` then puts the report's naming phrase ("door 285996", "the Terrassentuer") where the question refers
back, and the question alone is parsed. The note says which words were the report, so the rule is stated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_BOUNDARY = re.compile(r"(?<=[^\s?])(?:[.:;!]+\s+|\s+-+\s+|,\s+(?=(?:which|what|where|on\s+which|in\s+which|"
                       r"how|welche[srmn]?|wo|in\s+welche[mr]?|auf\s+welche[mr]?)\b))")
_BACK = re.compile(r"\b(?:(?:that|this|the\s+same|diese[srmn]?|dieselbe[n]?)\s+(?P<noun>[^\W\d_][\w-]*)|"
                   r"(?P<pron>it|its|they|them|es|sie|ihn))\b")
_QUESTION = re.compile(r"^\s*(?:so\s+)?(?:which|what|where|on\s+which|in\s+which|how|is|are|welche[srmn]?|wo|"
                       r"in\s+welche[mr]?|auf\s+welche[mr]?|was|wie|ist)\b")


@dataclass(frozen=True)
class Pair:
    report: str  # the part before the question (normalised text, as written)
    question: str  # the question part
    back: re.Match[str]  # where the question refers back, in ``question``


def split(text: str) -> Pair | None:
    """The report and the question referring back to it, or ``None``."""
    stripped = text.strip()
    for found in reversed(list(_BOUNDARY.finditer(stripped))):
        report, question = stripped[: found.start()].strip(), stripped[found.end():].strip()
        if not report or "?" in report or not _QUESTION.match(question):
            continue
        back = _BACK.search(question)
        if back is None:
            return None
        return Pair(report, question, back)
    return None


# "which door is it?", "welches Fenster ist das?": a question asking which of a class the report spoke of
WHICH_IS_IT = re.compile(r"^\s*(?:so\s+)?(?:which|welche[srmn]?)\s+(?P<noun>[^\W\d_][\w-]*)\s+"
                         r"(?:is|are|was|ist|sind)\s+"
                         r"(?:it|that|this|they|those|es|das|sie)\s*[?.!]*\s*$")
# the verb a fault's words follow ("is broken", "keeps banging", "won't close"), at the end of the report's subject
AUX_END = re.compile(r"(?:\s+(?:is|are|was|were|keeps?|seems?|has|have|ist|sind|hat|won't|doesn't|does\s+not|"
                     r"can't|cannot|will\s+not))+\s*$")
def split_which(text: str) -> Pair | None:
    """The report and a closing "which <noun> is it / that / das?" (see ``WHICH_IS_IT``), or ``None``."""
    stripped = text.strip()
    for found in reversed(list(_BOUNDARY.finditer(stripped))):
        report, question = stripped[: found.start()].strip(), stripped[found.end():].strip()
        asked = WHICH_IS_IT.match(question)
        if asked is not None and report and "?" not in report:
            return Pair(report, question, asked)
    return None


_REMARK = re.compile(r"\?\s*(?P<remark>(?:it|they|this\s+one|that\s+one|es|sie)\s+(?:is|are|has|have|was|were|keeps?|"
                     r"seems?|looks?|does|do|will|won't|can|cannot|ist|sind|hat|haben|war|klemmt|tropft)\b[^?]*)$")


def trailing(text: str) -> tuple[str, str] | None:
    """ "What floor is window 286105 on? It's cracked.": the question and the remark after it on what it asks about
    (a pronoun subject), or None."""
    found = _REMARK.search(text)
    if found is None:
        return None
    return text[: found.start("remark")].rstrip(), found.group("remark").strip()


def rewrite(pair: Pair, naming: str) -> str:
    """The question with ``naming`` (the report's phrase for the element: "door 285996") where it refers back;
    "its" becomes "of <naming>"'s possessive reading ("what is its width" -> "what is the width of door X")."""
    q, back = pair.question, pair.back
    if back.group("pron") == "its":
        rest = q[back.end():]
        noun = re.match(r"\s+([^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)", rest)
        if noun is None:
            return q[: back.start()] + naming + rest
        return q[: back.start()] + "the " + noun.group(1) + " of " + naming + rest[noun.end():]
    return q[: back.start()] + naming + q[back.end():]
