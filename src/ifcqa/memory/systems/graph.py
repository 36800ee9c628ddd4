"""Graph memory (the Graphiti pattern): entities and dated facts in the embedded Kùzu graph database.

Each extracted fact becomes a ``Fact`` node (text, value, unit, session, ``valid_at`` = when it was
said, ``invalid_at`` = when a later fact superseded it) linked by ``MENTIONS`` to ``Entity`` nodes (the
fact's content words by rules, or the subject an LLM extracted). A revision (a revision cue, or the
same entities and unit with another value) invalidates the older facts it contradicts, as Graphiti
invalidates edges. Search is hybrid, as Graphiti's: facts reached from the query's entities in the
graph (Cypher), fused with BM25 over fact texts by reciprocal rank; invalidated facts are left out.
"""

from __future__ import annotations

from typing import Any

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.facts import Fact
from ifcqa.memory.systems.lexical import Lexical
from ifcqa.memory.tasks import Session
from ifcqa.retrieval.hybrid import tokenize

RRF_K = 60
NOT_ENTITIES = frozenset(
    {
        "need",
        "needs",
        "must",
        "agreed",
        "decision",
        "according",
        "record",
        "only",
        "every",
        "get",
        "gets",
        "now",
        "new",
        "also",
        "said",
        "says",
        "per",
        "will",
        "should",
        "use",
        "keep",
        "followed",
        "clear",
        "plan",
        "update",
        "change",
        "earlier",
        "previous",
        "figure",
        "longer",
        "applies",
        "replaces",
        "confirmed",
        "level",
        "rated",
        "quick",
        "one",
        "thing",
        "thanks",
        "two",
        "digits",
    }
)
SCHEMA = (
    "CREATE NODE TABLE Entity(name STRING, PRIMARY KEY(name))",
    "CREATE NODE TABLE Fact(id INT64, text STRING, session STRING, valid_at STRING, invalid_at STRING, "
    "value STRING, unit STRING, PRIMARY KEY(id))",
    "CREATE REL TABLE MENTIONS(FROM Fact TO Entity)",
)


def entities(text: str) -> list[str]:
    """A fact's entities by rules: its content words, singular, no numbers."""
    out = []
    for token in tokenize(text):
        if token.isdigit() or len(token) < 3 or token in NOT_ENTITIES:
            continue
        out.append(token[:-1] if token.endswith("s") and len(token) > 4 else token)
    return sorted(set(out))


class GraphMemory:
    name = "graph"

    def __init__(self, context: MemoryContext) -> None:
        from ifcqa.graph.kuzu_module import import_kuzu

        kuzu = import_kuzu()

        self.extractor = context.extractor
        path = str(context.workdir / "graph.kuzu") if context.workdir is not None else ":memory:"
        self._db = kuzu.Database(path)
        self._conn = kuzu.Connection(self._db)
        for statement in SCHEMA:
            self._conn.execute(statement)
        self.lexical = Lexical()
        self.facts: list[Fact] = []
        self.entities: list[list[str]] = []
        self.invalidated = 0

    def _rows(self, query: str, parameters: dict[str, Any] | None = None) -> list[list[Any]]:
        result: Any = self._conn.execute(query, parameters or {})
        rows = []
        while result.has_next():
            rows.append(result.get_next())
        return rows

    def ingest(self, session: Session) -> None:
        for fact in self.extractor.facts(session):
            same = next((i for i, f in enumerate(self.facts) if f.text == fact.text), None)
            if same is not None:
                continue  # an edge already in the graph (Graphiti deduplicates edges)
            names = entities(fact.subject or "") + entities(fact.text) if fact.subject else entities(fact.text)
            names = sorted(set(names))
            fid = len(self.facts)
            self._invalidate(fact, names)
            self.facts.append(fact)
            self.entities.append(names)
            self.lexical.add(fact.text)
            self._conn.execute(
                "CREATE (:Fact {id: $id, text: $text, session: $session, valid_at: $at, invalid_at: '', "
                "value: $value, unit: $unit})",
                {
                    "id": fid,
                    "text": fact.text,
                    "session": fact.session,
                    "at": fact.at,
                    "value": "" if fact.value is None else str(fact.value),
                    "unit": fact.unit or "",
                },
            )
            if names:
                self._conn.execute("UNWIND $names AS n MERGE (:Entity {name: n})", {"names": names})
                self._conn.execute(
                    "MATCH (f:Fact {id: $id}), (e:Entity) WHERE e.name IN $names CREATE (f)-[:MENTIONS]->(e)",
                    {"id": fid, "names": names},
                )

    def _invalidate(self, fact: Fact, names: list[str]) -> None:
        """End the validity of the stored facts ``fact`` supersedes."""
        if not names:
            return
        rows = self._rows(
            "MATCH (f:Fact)-[:MENTIONS]->(e:Entity) WHERE e.name IN $names AND f.invalid_at = '' RETURN f.id, count(e)",
            {"names": names},
        )
        for fid, shared in rows:
            old = self.facts[fid]
            same_unit = (old.unit or "") == (fact.unit or "") and old.value is not None and fact.value is not None
            overlap = shared / max(1, len(set(names) | set(self.entities[fid])))
            if same_unit and old.value != fact.value and ((fact.revision and shared >= 2) or overlap >= 0.6):
                self._conn.execute("MATCH (f:Fact {id: $id}) SET f.invalid_at = $at", {"id": fid, "at": fact.at})
                self.invalidated += 1

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        names = entities(query)
        graph_rank: dict[int, int] = {}
        if names:
            rows = self._rows(
                "MATCH (f:Fact)-[:MENTIONS]->(e:Entity) WHERE e.name IN $names AND f.invalid_at = '' "
                "RETURN f.id, count(e) AS n, f.valid_at ORDER BY n DESC, f.valid_at DESC, f.id",
                {"names": names},
            )
            graph_rank = {int(r[0]): rank for rank, r in enumerate(rows)}
        valid = {int(r[0]) for r in self._rows("MATCH (f:Fact) WHERE f.invalid_at = '' RETURN f.id")}
        lexical = [i for i, _ in self.lexical.top(query, 50) if i in valid]
        scores: dict[int, float] = {}
        for rank, fid in enumerate(lexical):
            scores[fid] = scores.get(fid, 0.0) + 1.0 / (RRF_K + rank + 1)
        for fid, rank in graph_rank.items():
            scores[fid] = scores.get(fid, 0.0) + 1.0 / (RRF_K + rank + 1)
        best = sorted(scores.items(), key=lambda p: (-p[1], p[0]))[:k]
        return [
            MemoryHit(
                f"{self.facts[i].text} (valid from {self.facts[i].at[:10]})",
                [self.facts[i].session],
                s,
                {"entities": self.entities[i]},
            )
            for i, s in best
        ]


@memory_system("graph")
def make_graph(context: MemoryContext) -> GraphMemory:
    return GraphMemory(context)
