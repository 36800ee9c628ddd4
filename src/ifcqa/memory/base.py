"""One interface for every memory system: ``ingest(session)`` and ``search(query, k)``.

A memory is built per task by :func:`make_memory` from a registered factory (:func:`memory_system`)
and a :class:`MemoryContext` (the model index, the fact extractor, the embedder, a work folder, the
full-context window). Sessions are cut to the ingestion scope by :func:`scoped` before a memory sees
them: ``user`` (user messages only), ``user+final`` (user messages and the assistant's final answer,
the paper's deployment-realistic scope), ``full`` (every turn, tool calls and outputs included).
Add a system: a class with ``name``, ``ingest`` and ``search`` in ``ifcqa.memory.systems``, decorated
with ``@memory_system("name")``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.memory.facts import Extractor, StatementExtractor
from ifcqa.memory.tasks import Session
from ifcqa.registry import Loader, kind

SCOPES = ("user", "user+final", "full")
DEFAULT_WINDOW_TOKENS = 32_000  # the full-context oracle's window (characters / 4)


@dataclass
class MemoryHit:
    """One retrieved item: its text, the sessions it came from, its score and details."""

    text: str
    sessions: list[str]
    score: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class LLMEndpoint:
    """The chat model a memory package calls itself (the mem0 / graphiti adapters): an OpenAI-compatible server."""

    model: str
    base_url: str | None = None
    api_key: str | None = None


@dataclass
class MemoryContext:
    index: ModelIndex
    extractor: Extractor = field(default_factory=StatementExtractor)
    embedder: Any = None  # an ifcqa.retrieval.embedder.Embedder; built on first need
    workdir: Path | None = None
    window_tokens: int = DEFAULT_WINDOW_TOKENS
    llm: LLMEndpoint | None = None  # for the adapters to the real packages; None without --extract llm:M / --model


class Memory(Protocol):
    name: str

    def ingest(self, session: Session) -> None: ...

    def search(self, query: str, k: int = 5) -> list[MemoryHit]: ...


MemoryFactory = Callable[[MemoryContext], Memory]
# memory_system:<name>; the built-in systems in the order reports list them, then ``ifcqa.memory_systems`` plug-ins
MEMORY_SYSTEMS = kind(
    "memory_system",
    "memory systems",
    Loader(
        modules=tuple(
            f"ifcqa.memory.systems.{module}"
            for module in ("controls", "files", "vector", "graph", "ifc_aware", "mem0_adapter", "graphiti_adapter")
        ),
        groups=("ifcqa.memory_systems",),
    ),
)


def memory_system(name: str) -> Callable[[MemoryFactory], MemoryFactory]:
    """Register a memory system's factory (called with a :class:`MemoryContext` per task) under ``name``."""
    return MEMORY_SYSTEMS.decorator(name)


def get_systems() -> dict[str, MemoryFactory]:
    """Registered memory systems by name."""
    return MEMORY_SYSTEMS.objects()


def make_memory(name: str, context: MemoryContext) -> Memory:
    systems = get_systems()
    if name not in systems:
        raise IfcqaError(f"Unknown memory system {name!r}. Available: {', '.join(systems)}.")
    return systems[name](context)


def check_scopes(scopes: list[str]) -> list[str]:
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown:
        raise IfcqaError(f"Unknown ingestion scope(s) {', '.join(unknown)}; give {', '.join(SCOPES)}.")
    return scopes


def scoped(session: Session, scope: str) -> Session:
    """The part of ``session`` a memory ingests under ``scope``."""
    if scope == "full":
        return session
    if scope == "user":
        turns = [t for t in session.turns if t.role == "user"]
    elif scope == "user+final":
        turns = [t for t in session.turns if t.role == "user" or (t.role == "assistant" and t.final)]
    else:
        check_scopes([scope])
        turns = []
    return replace(session, turns=turns)


def hit_text(hits: list[MemoryHit]) -> str:
    """What a reader of the hits sees, one hit a paragraph."""
    return "\n\n".join(h.text for h in hits)
