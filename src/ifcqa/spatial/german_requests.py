"""German requests as people say them, read as the forms the parser knows: the imperative, infinitive and polite
("Sie") forms of the request verbs ("Zähl mal die Fenster", "Zählen Sie bitte die Türen", "Gib mir die Anzahl der
Räume", "Zeigen Sie mir die Wände im EG", "Liste mal alle Fenster auf") and the modal particles that only soften
them (mal, doch, halt, eben).

Every rewrite keeps the question's length and positions (the rest of the parser reads spans of it): a form is
replaced by the known one padded with blanks, a particle or a separable prefix ("... auf") by blanks.
"""

from __future__ import annotations

import re

# verb stems -> the form the parser's vocabularies hold (COUNT_WORDS: "zähle", "zähl"; filler: "zeige", "nenne",
# "gib"); a form shorter than the word it stands for stays as written (the vocabularies hold it too)
_STEMS = {"zähl": "zähle", "zaehl": "zähle", "zeig": "zeige", "nenn": "nenne", "list": "liste", "gib": "zeige",
          "geb": "zeige"}
_VERB = re.compile(r"(?:(?<=^)|(?<=[\s,:;(]))(?P<verb>" + "|".join(sorted(_STEMS, key=len, reverse=True))
                   + r")(?P<end>e|en|t|st)?(?P<polite>\s+sie)?(?P<to>\s+(?:mir|uns))?\b")
_SAY = re.compile(r"\bsag(?:e|en|t)?(?:\s+sie)?\s+(?:mir|uns)\b")  # "Sag mir, wie viele ...": the question follows
_PARTICLE = re.compile(r"\b(?:mal|doch|halt|eben)\b")
_SEPARABLE = re.compile(r"\bauf(?=\s*[?.!]*\s*$)")  # "Liste mal alle Fenster auf": the prefix at the end
_GERMAN = re.compile(r"\b(?:der|die|das|den|dem|im|wie|welche[mnrs]?|gibt|es|sind|ist|alle|bitte|anzahl|mir)\b")


def _pad(text: str, start: int, end: int, word: str = "") -> str:
    return text[:start] + word.ljust(end - start) + text[end:]


def canonical(text: str) -> tuple[str, list[str]]:
    """``text`` (normalised) with German request forms read; the notes say what was read."""
    if not _GERMAN.search(text):
        return text, []
    notes: list[str] = []
    for m in reversed(list(_SAY.finditer(text))):
        notes.append(f"{m.group(0)!r}: a request, the question follows")
        text = _pad(text, m.start(), m.end())
    verbs = [m for m in _VERB.finditer(text) if m.group("end") != "t" or m.start() == 0]  # "zählt" only leading
    if not verbs:
        return text, notes
    for m in reversed(verbs):
        word = _STEMS[m.group("verb")]
        if word == "zähle" and _SEPARABLE.search(text):
            word = "liste" if len(m.group(0)) >= 5 else "list"  # "Zähl die Fenster auf": enumerate them, a list
        if len(word) > len(m.group(0)):
            continue
        if m.group(0) != word:
            notes.append(f"{m.group(0)!r} read as {word!r}")
            text = _pad(text, m.start(), m.end(), word)
    for m in reversed(list(_PARTICLE.finditer(text))):
        text = _pad(text, m.start(), m.end())
    if (sep := _SEPARABLE.search(text)) is not None:
        text = _pad(text, sep.start(), sep.end())
    return text, notes
