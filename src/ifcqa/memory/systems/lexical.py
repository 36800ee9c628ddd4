"""A small BM25 index over a growing list of texts (bm25s), rebuilt lazily after additions."""

from __future__ import annotations

from typing import Any

from ifcqa.retrieval.hybrid import tokenize


class Lexical:
    def __init__(self) -> None:
        self.texts: list[str] = []
        self._bm25: Any = None

    def add(self, text: str) -> None:
        self.texts.append(text)
        self._bm25 = None

    def scores(self, query: str) -> list[float]:
        """A BM25 score per text (0 when no query term occurs)."""
        import bm25s

        terms = tokenize(query)
        if not terms or not self.texts:
            return [0.0] * len(self.texts)
        if self._bm25 is None:
            self._bm25 = bm25s.BM25()
            self._bm25.index([tokenize(t) or ["_"] for t in self.texts], show_progress=False)
        return [float(s) for s in self._bm25.get_scores(terms)]

    def top(self, query: str, k: int) -> list[tuple[int, float]]:
        """The ``k`` best (position, score) pairs with a positive score, best first."""
        ranked = sorted(((i, s) for i, s in enumerate(self.scores(query)) if s > 0), key=lambda p: (-p[1], p[0]))
        return ranked[:k]
