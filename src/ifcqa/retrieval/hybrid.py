"""Hybrid retrieval: BM25 over element documents, dense embeddings, reciprocal rank fusion (RRF).

Lexical evidence gates the result: a question no BM25 term matches returns nothing (dense similarity
alone always finds *something*, which would turn "tell me a joke" into an invented list). Among the
BM25 candidates and the dense top-k, RRF orders by ``sum(1 / (k + rank))``.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import ModelIndex
from ifcqa.retrieval.documents import element_text, searchable
from ifcqa.retrieval.embedder import Embedder, Vectors, cached_passages

RRF_K = 60
EMBED_CHARS = 240  # embed the head of each document (class, names, type, storey): 3-4x faster than all of it
_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+")
STOPWORDS = frozenset([
    "a", "an", "the", "is", "are", "was", "were", "be", "where", "what", "which", "who", "how", "many",
    "much", "any", "there", "of", "on", "in", "at", "to", "for", "from", "with", "by", "and", "or", "not",
    "me", "my", "i", "you", "it", "its", "this", "that", "these", "those", "do", "does", "did", "have",
    "has", "show", "list", "find", "give", "tell", "all", "anything", "something", "wo", "ist", "sind",
    "der", "die", "das", "ein", "eine", "im", "am", "auf", "von", "mit", "und", "oder", "gibt", "es",
    "welche",
])


def tokenize(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text.casefold()) if t not in STOPWORDS]


@dataclass(frozen=True)
class Match:
    element_id: int
    score: float  # RRF score
    bm25_rank: int | None
    dense_rank: int | None


class HybridRetriever:
    """BM25 (+ embeddings when an embedder is given) over the searchable elements of one model."""

    def __init__(self, index: ModelIndex, embedder: Embedder | None = None, cache: IndexCache | None = None) -> None:
        import bm25s

        self.index = index
        self.embedder = embedder
        self.cache = cache
        self.elements = searchable(index)
        self.texts = [element_text(index, e) for e in self.elements]
        self._bm25 = bm25s.BM25()
        corpus = [tokenize(t) or ["_"] for t in self.texts]
        self._bm25.index(corpus, show_progress=False) if corpus else None
        self._vectors: Vectors | None = None
        self._lock = threading.Lock()

    def vectors(self) -> Vectors | None:
        """The passage embeddings (computed once, cached on disk by file hash)."""
        if self.embedder is None:
            return None
        with self._lock:
            if self._vectors is None:
                heads = [t[:EMBED_CHARS] for t in self.texts]
                self._vectors = cached_passages(self.embedder, heads, self.index.data.source.sha256, self.cache)
            return self._vectors

    def search(self, question: str, k: int = 10) -> list[Match]:
        """The ``k`` best elements for ``question`` (empty when no query term occurs in any document)."""
        terms = tokenize(question)
        if not terms or not self.elements:
            return []
        n = len(self.elements)
        docs: Any
        docs, scores = self._bm25.retrieve([terms], k=min(n, max(k * 5, 50)), show_progress=False)
        bm25 = [int(d) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]
        if not bm25:
            return []
        ranks: dict[int, list[int | None]] = {d: [r, None] for r, d in enumerate(bm25)}
        vectors = self.vectors()
        if vectors is not None and self.embedder is not None:
            query = self.embedder.queries([question])[0]
            order = np.argsort(-(vectors @ query))[: max(k * 5, 50)]
            for r, d in enumerate(int(i) for i in order):
                ranks.setdefault(d, [None, None])[1] = r
        fused = [
            Match(self.elements[d].id, sum(1.0 / (RRF_K + r + 1) for r in rr if r is not None), rr[0], rr[1])
            for d, rr in ranks.items()
            if rr[0] is not None  # lexical evidence required
        ]
        fused.sort(key=lambda m: (-m.score, m.element_id))
        return fused[:k]
