"""How varied a task set's wording is: the share of user sentences that are distinct once numbers are masked.

A generator that says every fact in the same two sentences lets a memory learn its wording instead of
the facts; this measure is printed by ``ifcqa memory generate`` and checked by the tests (at least 0.5 on
a generated batch). Sentences are split as the memories split them; every run of digits (with its decimal
part) becomes ``#``, so "EI 60" and "EI 90" are the same sentence, and so are "Level 1" and "Level 2".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ifcqa.memory.statements import split_sentences
from ifcqa.memory.tasks import Task

_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")


def masked(sentence: str) -> str:
    """``sentence`` with every number as ``#`` (case and spacing kept)."""
    return _DIGITS.sub("#", sentence.strip())


def user_sentences(tasks: Iterable[Task]) -> list[str]:
    """Every sentence of every user turn of every session of ``tasks`` (probes not included)."""
    return [s for task in tasks for session in task.sessions for turn in session.turns
            if turn.role == "user" and turn.content for s in split_sentences(turn.content)]  # fmt: skip


@dataclass(frozen=True)
class Variety:
    sentences: int
    distinct: int  # distinct once numbers are masked

    @property
    def share(self) -> float:
        return self.distinct / self.sentences if self.sentences else 0.0

    def to_dict(self) -> dict[str, float | int]:
        return {"user_sentences": self.sentences, "distinct_masked": self.distinct, "share": round(self.share, 4)}


def variety(tasks: Iterable[Task]) -> Variety:
    """The distinct share of user sentences of ``tasks`` (see the module docstring)."""
    sentences = user_sentences(tasks)
    return Variety(len(sentences), len({masked(s) for s in sentences}))
