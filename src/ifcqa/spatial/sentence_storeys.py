"""A storey named only in a sentence that asks nothing is never added to the storeys the question asks about.

"... which windows are on the ground floor (GroundFloor in the model)? The upstairs ones are next month." listed the
windows of both storeys: the sentence after the question tells what comes later, and its storey was joined to the
request's own. When the one question of a message names its own storey, a storey that only another sentence names
is declined, naming that sentence (it may tell what is not wanted, or what comes later), never answered as a union.
A request that names no storey of its own still takes one from a sentence before it ("We are on Level 2. Which doors
are there?"): that is read by the message passes, not here.
"""

from __future__ import annotations

import re

from ifcqa.spatial import context_units
from ifcqa.spatial.plan import Plan
from ifcqa.spatial.spaces import fold

_SENTENCES = re.compile(r"(?<=[.!?])(?<!\d\.)\s+|\n+")


def _said_in(term: str, sentence: str) -> bool:
    words = fold(term).split()
    return bool(words) and re.search(r"(?<!\w)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)",
                                     fold(sentence)) is not None


def joined_from_elsewhere(plan: Plan) -> tuple[str, str] | None:
    """The storey term and the sentence it alone comes from, when the plan joined it to the question's own storey."""
    question = plan.question
    if question.count("?") > 1 or plan.compare or plan.intent not in ("list", "count", "exists"):
        return None
    named = [m for m in plan.mentions if m.storeys and not m.negated]
    if len(named) < 2 or len({g for m in named for g in m.storeys}) < 2:
        return None
    sentences = [s for s in _SENTENCES.split(question) if s.strip()]
    asked = next((s for s in sentences if "?" in s), None) if "?" in question else (
        sentences[0] if len(sentences) == 1 else None)
    if asked is None or not any(_said_in(m.term, asked) for m in named):
        return None
    for m in named:
        if _said_in(m.term, asked):
            continue
        told = next((s for s in sentences if s is not asked and _said_in(m.term, s)), None)
        if told is not None and not context_units.adds_storey(told, m.term):  # round 17: "Also the Level 2 ones."
            return m.term, told.strip()
    # round 17 (lead): a clause with its own subject and verb inside the question's sentence ("Which doors are on
    # Level 2, the Level 1 ones are external") says something of another storey's elements: never joined
    main = _STATEMENT.sub(" ", asked)
    if any(_said_in(m.term, main) for m in named):
        for m in named:
            told = next((c.group("clause") for c in _STATEMENT.finditer(asked) if _said_in(m.term, c.group("clause"))),
                        None)
            if told is not None and not _said_in(m.term, main):
                return m.term, told.strip()
    return None


# a clause after a comma with its own subject and verb: ", the Level 1 ones are external", ", they were done in May"
_STATEMENT = re.compile(r",\s*(?P<clause>(?:but\s+|and\s+|while\s+|whereas\s+|as\s+)?(?:the\s+|our\s+|its\s+)?"
                        r"[^,?;]*?\b(?:ones?|they|those|these|it)\s+(?:are|is|were|was|have|has|had|will|got|get|"
                        r"sind|ist|waren|wurden)\b[^,?;]*)", re.IGNORECASE)
