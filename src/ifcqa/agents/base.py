"""What every agent is: a thing that answers one benchmark item, with a record of how it did.

Agents are registered by name with :func:`agent` (built-ins and plug-ins alike; plug-ins through the
``ifcqa.agents`` entry point group). A factory receives an :class:`AgentConfig` and returns an
object with ``answer(item, env) -> AgentResult``. Agents never see the key or the provenance of an
item: :func:`public_view` is all an agent is given to read.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol

from ifcqa.index.model_index import ModelIndex
from ifcqa.mcq.items import Item

DEFAULT_MAX_STEPS = 8
DEFAULT_OBSERVATION_CHARS = 6000


def public_view(item: Item) -> dict[str, Any]:
    """The parts of an item an agent may read: question, type, options. Never the key or provenance."""
    return {
        "id": item.id,
        "question": item.question,
        "question_type": item.question_type,
        "options": [{"label": o.label, "text": o.text} for o in item.options],
    }


@dataclass
class AgentConfig:
    """How to build an agent: the model and its endpoint, limits, and a seed for baselines."""

    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    max_steps: int = DEFAULT_MAX_STEPS
    observation_chars: int = DEFAULT_OBSERVATION_CHARS
    timeout_s: float = 120.0
    seed: int = 0
    cache_dir: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class AgentEnv:
    """What an agent may use for one item: the index of the item's model and the file's path."""

    index: ModelIndex
    model_path: Path


@dataclass
class ToolCallRecord:
    """One tool call an agent made."""

    name: str
    arguments: Any
    ok: bool
    observation_chars: int
    truncated: bool


@dataclass
class AgentResult:
    """How an agent answered one item (the runner adds correctness by exact option-set match)."""

    selected: list[str]  # labels, sorted; empty when no answer could be parsed
    raw_answer: str | None = None
    steps: int = 0
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    truncated_observations: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    fallback_used: bool = False
    parse: str = "strict"  # strict | lenient | none
    error: str | None = None
    transcript: list[dict[str, Any]] = field(default_factory=list)


class Agent(Protocol):
    name: str

    def answer(self, item: Item, env: AgentEnv) -> AgentResult: ...


AgentFactory = Callable[[AgentConfig], Agent]
_AGENTS: dict[str, AgentFactory] = {}


def agent(name: str) -> Callable[[AgentFactory], AgentFactory]:
    """Register an agent factory under ``name`` (``tool``, ``code``, ``no-access``, ``random``...)."""

    def register(factory: AgentFactory) -> AgentFactory:
        if name in _AGENTS and _AGENTS[name] is not factory:
            raise ValueError(f"agent {name!r} is registered twice")
        _AGENTS[name] = factory
        return factory

    return register


_loaded = False


def get_agents() -> dict[str, AgentFactory]:
    """Registered agent factories by name (modules of ``ifcqa.agents`` are discovered, then plug-ins)."""
    global _loaded
    if not _loaded:
        _loaded = True
        package = importlib.import_module("ifcqa.agents")
        for module in pkgutil.iter_modules(package.__path__):
            if module.name not in ("base",) and not module.name.startswith("_"):
                importlib.import_module(f"ifcqa.agents.{module.name}")
        for entry in entry_points(group="ifcqa.agents"):
            entry.load()
    return dict(sorted(_AGENTS.items()))


def make_agent(name: str, config: AgentConfig) -> Agent:
    """Build a registered agent; an unknown name is an error listing the known ones."""
    from ifcqa.errors import IfcqaError

    agents = get_agents()
    if name not in agents:
        raise IfcqaError(f"Unknown agent {name!r}. Available agents: {', '.join(agents)}.")
    return agents[name](config)
