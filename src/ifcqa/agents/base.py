"""What every agent is: a thing that answers one benchmark item, with a record of how it did.

Agents are registered by name with :func:`agent` (built-ins and plug-ins alike; plug-ins through the
``ifcqa.agents`` entry point group). A factory receives an :class:`AgentConfig` and returns an
object with ``answer(item, env) -> AgentResult``. Agents never see the key or the provenance of an
item: :func:`public_view` is all an agent is given to read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ifcqa.index.model_index import ModelIndex
from ifcqa.mcq.items import Item
from ifcqa.registry import Loader, kind

DEFAULT_MAX_STEPS = 8
DEFAULT_OBSERVATION_CHARS = 6000
DEFAULT_TIMEOUT_S = 300.0  # one HTTP attempt; a cold CPU server reads a 6k-token prompt in ~150 s
DEFAULT_MAX_TOKENS = 2048  # a reply is never unbounded: a looping model stops here
DEFAULT_MAX_RETRIES = 4


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
    """How to build an agent: the model and its endpoint, sampling, limits, and a seed for baselines.

    ``tools`` chooses the tool agent's functions: ``all``, ``core`` or comma-separated tool names
    (:func:`ifcqa.agents.tool_agent.tool_set`). ``no_cache`` and ``cache_salt`` control the response
    cache (:class:`~ifcqa.llm.cache.ResponseCache`); ``extra`` holds further client and sampling settings.
    """

    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    max_steps: int = DEFAULT_MAX_STEPS
    observation_chars: int = DEFAULT_OBSERVATION_CHARS
    timeout_s: float = DEFAULT_TIMEOUT_S
    seed: int = 0
    cache_dir: Path | None = None
    temperature: float | None = 0.0
    max_tokens: int | None = DEFAULT_MAX_TOKENS
    tools: str = "all"
    no_cache: bool = False
    cache_salt: str | None = None
    max_retries: int = DEFAULT_MAX_RETRIES
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class AgentEnv:
    """What an agent may use for one item: the index of the item's model and the file's path."""

    index: ModelIndex
    model_path: Path


@dataclass
class ToolCallRecord:
    """One tool call an agent made.

    ``source`` says how the call came: ``native`` (the server's ``tool_calls``) or the text form it was
    read from (``hermes``, ``json``... see :mod:`ifcqa.agents.text_calls`). ``error`` is the first line of
    the error the call got, ``error_kind`` its class (``arguments``, ``unknown_tool``, ``tool``,
    ``repeat``); ``repeat`` marks a call identical to the one before it, ``blocked`` one not run because
    it repeated too often.
    """

    name: str
    arguments: Any
    ok: bool
    observation_chars: int
    truncated: bool
    source: str = "native"
    error: str | None = None
    error_kind: str | None = None
    repeat: bool = False
    blocked: bool = False


@dataclass
class StepRecord:
    """One model call of an answer: where the reply came from and what it held."""

    cached: bool = False  # read from the response cache, not sent
    retries: int = 0  # failed attempts before the reply
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    finish_reason: str | None = None
    native_calls: int = 0
    text_calls: int = 0
    text_form: str | None = None  # how the text calls were written
    fallback: bool = False  # the answer-only turn


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
    error_kind: str | None = None  # LLMError.kind: connection | auth | timeout | rate_limit | server | request...
    error_status: int | None = None
    error_body: str | None = None  # the server's response body
    error_attempts: int = 0  # HTTP attempts of the failed request
    transcript: list[dict[str, Any]] = field(default_factory=list)
    steps_log: list[StepRecord] = field(default_factory=list)
    tools_offered: int = 0  # functions the model could call
    tool_names: tuple[str, ...] = ()  # their names (the runner checks them against the registry)
    repeated_calls: int = 0
    blocked_calls: int = 0
    example_copied: bool = False  # the reply's answer line is the prompt's format example

    def record_error(self, exc: Exception) -> None:
        """Keep a failed request's message, kind, status and body (the answer stays empty)."""
        self.error = str(exc)
        self.error_kind = getattr(exc, "kind", None) or "error"
        self.error_status = getattr(exc, "status", None)
        self.error_body = getattr(exc, "body", None)
        self.error_attempts = int(getattr(exc, "attempts", 1) or 1)
        self.selected, self.parse = [], "none"


class Agent(Protocol):
    name: str

    def answer(self, item: Item, env: AgentEnv) -> AgentResult: ...


AgentFactory = Callable[[AgentConfig], Agent]
AGENTS = kind("agent", "agents", Loader(packages=("ifcqa.agents",), groups=("ifcqa.agents",), skip=("base",)))


def agent(name: str, *, baseline: bool = False) -> Callable[[AgentFactory], AgentFactory]:
    """Register an agent factory under ``name`` (``tool``, ``code``, ``no-access``, ``random``...).

    ``baseline``: an agent that never reads the model, whose agents have ``labels(item)``; reports answer every
    run's items with each baseline from the benchmark file itself (:func:`baselines`).
    """
    return AGENTS.decorator(name, baseline=baseline)


def baselines() -> dict[str, Callable[[Item], list[str]]]:
    """Name -> the labels a baseline agent (default configuration) selects for an item, in registration order."""
    return {
        name: entry.obj(AgentConfig()).labels for name, entry in AGENTS.entries().items() if entry.info.get("baseline")
    }


def get_agents() -> dict[str, AgentFactory]:
    """Registered agent factories by name (modules of ``ifcqa.agents`` are discovered, then plug-ins).

    Loaded once, completely, whichever thread asks first (:class:`~ifcqa.once.LoadOnce`).
    """
    return dict(sorted(AGENTS.objects().items()))


def make_agent(name: str, config: AgentConfig) -> Agent:
    """Build a registered agent; an unknown name is an error listing the known ones."""
    from ifcqa.errors import IfcqaError

    agents = get_agents()
    if name not in agents:
        raise IfcqaError(f"Unknown agent {name!r}. Available agents: {', '.join(agents)}.")
    return agents[name](config)
