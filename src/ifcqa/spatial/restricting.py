"""Words that restrict wherever they stand: one list for every reader (issue 22, round 22).

A unit of a message, a clause before the question, a tail after it or a piece a reader would set aside may say
"only", "except", "not", "without", "the ones", "nur", "ohne", "kein..." and so narrow what is asked; such a piece
is part of the question and is never set aside. Five readers (``framing``, ``message_sentences``,
``message_units``, ``request_decides`` and the parser's framing test) each kept their own list of these words and
the lists had drifted apart (one knew "apart from", another "bis auf", a third "unless"), so a piece one reader kept
another dropped. The words live in ``data/restricting_words.json``; ``RESTRICTS`` is the one pattern built from
them. Two words are adverbs or answer words before some continuations and are not read as restricting there
("I just need the count", "a no is fine"): those continuations are data too.
"""

from __future__ import annotations

import json
import re
from importlib import resources


def _pattern() -> re.Pattern[str]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/restricting_words.json").read_text("utf-8"))
    after = raw["not_restricting_after"]
    alts = []
    for word in sorted(raw["words"], key=len, reverse=True):
        said = r"\s+".join(re.escape(part) for part in word.split())
        if word in after:
            said += r"(?!\s+(?:" + "|".join(r"\s+".join(re.escape(p) for p in w.split()) for w in after[word]) + r")\b)"
        alts.append(said)
    return re.compile(rf"(?<![\w'-])(?:{'|'.join(alts)})(?![\w-])|n't\b", re.IGNORECASE)


RESTRICTS = _pattern()


def restricts(text: str) -> bool:
    """Whether ``text`` holds a word that restricts wherever it stands ("only", "except", "not", "nur", "isn't")."""
    return RESTRICTS.search(text) is not None
