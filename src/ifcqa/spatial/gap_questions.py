"""A question written as a statement with a gap where the answer goes ("the boilers are on level..?", "Kessel steht im
Geschoss ...?"), read as the question it is (issue 22, round 21).

People fill-in-the-blank a question: the storey is asked by leaving it open after the storey noun. Read literally
the gap names nothing, and the request became "the boilers" (every boiler listed, on a model with no storeys too:
a broader question than the one asked). :func:`read` rewrites the gap after a storey noun with a preposition into
the asking word ("on which level?", "in welchem Geschoss?"), so the storey is asked: answered with the storey, or
declined where the model has none. The gap is dots, an ellipsis or underscores before an optional question mark,
at the end of a line. The rewrite is recorded in the plan's notes by the caller.
"""

from __future__ import annotations

import re

_EN_NOUNS = r"floors?|levels?|storeys?|story|stories|decks?"
_DE_NOUNS = r"geschoss|stockwerk|etage|ebene|stock"  # never "OG": a storey's name, not the noun
_GAP = r"\s*(?:\.{2,}|…|_{2,})\s*\?*[ \t]*$"
_EN = re.compile(rf"\b(?P<prep>on|at|in)\s+(?:the\s+)?(?P<noun>{_EN_NOUNS}){_GAP}", re.IGNORECASE | re.MULTILINE)
_DE = re.compile(rf"\b(?P<prep>im|in|auf|auf\s+dem|in\s+der|in\s+dem)\s+(?P<noun>{_DE_NOUNS}){_GAP}",
                 re.IGNORECASE | re.MULTILINE)


def read(question: str) -> tuple[str, str | None]:
    """``question`` with a storey gap read as the asking word, and the note saying so (None: no gap)."""
    found = _EN.search(question)
    if found is not None:
        said = f"{found['prep']} which {found['noun']}?"
    elif (found := _DE.search(question)) is not None:
        said = f"in welchem {found['noun']}?"
    else:
        return question, None
    note = f"gap read as the question: {found.group(0).strip()!r} as {said!r}"
    return question[:found.start()] + said + question[found.end():], note
