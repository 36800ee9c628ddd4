"""The tool agent: an LLM that reads the model through the read-only tools (function calling).

The IFC-MCQ protocol: the model sees the question, the options and every registered tool; it may
call tools for at most ``config.max_steps`` steps (a step is one model call, whatever number of
tool calls it makes); each observation (the rendered tool result, or the tool error in the shared
``{"error": {...}}`` shape) is cut at ``config.observation_chars`` and the cut is recorded. A
malformed call (arguments that are not JSON, an unknown tool, a wrong parameter) gets an error
observation naming the fix. The answer is read from the final ``ANSWER: ...`` line; when no answer
can be read (a reply without one, or the step limit reached), one answer-only turn without tools
follows (``fallback_used``).

The tools offered are a *tool set* (``config.tools``): ``all`` (every registered tool), ``core``
(:data:`CORE_TOOLS`, a third of the prompt) or comma-separated tool names. The system prompt and the
tool schemas come first in every request and never change within a run, so a server that caches
prompt prefixes reads them once; :func:`prompt_size` says how big that prefix is.
"""

from __future__ import annotations

import json
from typing import Any

from ifcqa.agents.answer import TOOLS_ACCESS, client_for, system_prompt
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, ToolCallRecord, agent
from ifcqa.agents.protocol import parsed_arguments, run_protocol
from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import call_tool, get_tools, render

TRUNCATION_NOTE = "...[observation cut at {limit} of {total} characters; narrow the query or page with offset]"
# enough to answer every IFC-MCQ category with a few more calls than the full set needs
CORE_TOOLS = (
    "aggregate_values",
    "count_elements",
    "find_elements",
    "get_element",
    "get_materials",
    "get_openings",
    "get_properties",
    "get_quantities",
    "get_space_boundaries",
    "get_spatial_context",
    "get_type",
    "list_storeys",
    "rank_elements",
)
TOOL_SET_NAMES = ("all", "core")


def tool_set(choice: str = "all") -> list[dict[str, Any]]:
    """The OpenAI schemas of a tool set, in name order: ``all``, ``core`` or comma-separated tool names.

    Raises:
        IfcqaError: a name that is no registered tool (the message lists the sets and the tools).
    """
    tools = get_tools()
    if choice == "all":
        names = list(tools)
    elif choice == "core":
        names = [name for name in CORE_TOOLS if name in tools]
    else:
        names = sorted({part.strip() for part in choice.split(",") if part.strip()})
        unknown = [name for name in names if name not in tools]
        if unknown or not names:
            raise IfcqaError(
                f"--tools {choice!r}: {'unknown tool(s) ' + ', '.join(unknown) if unknown else 'no tool named'}. "
                f"Give all, core, or comma-separated tool names from: {', '.join(tools)}."
            )
    return [tools[name].openai_schema() for name in sorted(names)]


def prompt_size(functions: list[dict[str, Any]], access: str = TOOLS_ACCESS) -> dict[str, int]:
    """The fixed prefix of every request: system prompt plus tool schemas, in characters and estimated
    tokens (characters / 4; a real tokenizer differs by about 20%)."""
    chars = len(system_prompt(access)) + len(json.dumps(functions, ensure_ascii=False))
    return {"tools": len(functions), "chars": chars, "tokens_estimate": round(chars / 4)}


def tool_set_sizes() -> dict[str, dict[str, int]]:
    """:func:`prompt_size` of every named tool set (``all``, ``core``)."""
    return {name: prompt_size(tool_set(name)) for name in TOOL_SET_NAMES}


def cut_observation(text: str, limit: int) -> tuple[str, bool]:
    """``text`` cut to at most ``limit`` characters (a note saying so included), and whether it was cut."""
    if len(text) <= limit:
        return text, False
    note = TRUNCATION_NOTE.format(limit=limit, total=len(text))
    return text[: max(0, limit - len(note))] + note, True


class ToolAgent:
    """Answers items by calling the read-only tools through an OpenAI-compatible model."""

    name = "tool"

    def __init__(self, config: AgentConfig, client: ChatClient | None = None) -> None:
        self.config = config
        self.tools = tool_set(config.tools)
        self.tool_names = tuple(str(f["function"]["name"]) for f in self.tools)
        self.client = client or client_for(config)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Answer one item; transport failures are recorded in ``error``, never raised."""
        return run_protocol(
            self.client,
            self.config,
            item,
            TOOLS_ACCESS,
            self.tools,
            lambda call, result: run_tool_call(call, env.index, self.config.observation_chars, result),
        )


def run_tool_call(
    call: dict[str, Any], index: ModelIndex, observation_chars: int, result: AgentResult
) -> dict[str, Any]:
    """Run one chat-format tool call, record it in ``result``, and return the ``tool`` message.

    The observation is the rendered result, or the error in the shared ``{"error": {...}}`` shape,
    cut at ``observation_chars`` (the cut is recorded). Shared by every agent that calls tools.
    """
    function = call.get("function") or {}
    name = str(function.get("name") or "")
    raw = function.get("arguments")
    error: str | None = None
    try:
        observation, ok = render(call_tool(index, name, raw)), True
    except IfcqaError as exc:  # a tool error (or a model file that cannot be read): the model is told
        observation, ok, error = render(exc.to_dict()), False, str(exc)
    text, truncated = cut_observation(observation, observation_chars)
    result.tool_calls.append(
        ToolCallRecord(
            name,
            parsed_arguments(raw),
            ok,
            len(observation),
            truncated,
            error=error.splitlines()[0] if error else None,
            error_kind=tool_error_kind(error) if error else None,
        )
    )
    result.truncated_observations += int(truncated)
    return {"role": "tool", "tool_call_id": call.get("id", ""), "content": text}


def tool_error_kind(message: str) -> str:
    """``arguments`` (arguments the tool does not take, or not JSON), ``unknown_tool`` or ``tool``."""
    lowered = message.lower()
    if lowered.startswith("unknown tool"):
        return "unknown_tool"
    if "argument" in lowered.split(":")[0] or "unknown parameter" in lowered or "not valid json" in lowered:
        return "arguments"
    return "tool"


@agent("tool")
def make_tool_agent(config: AgentConfig) -> ToolAgent:
    """The tool agent (function calling over the read-only tools of ``config.tools``)."""
    return ToolAgent(config)
