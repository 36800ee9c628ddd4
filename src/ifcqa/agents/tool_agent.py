"""The tool agent: an LLM that reads the model through the read-only tools (function calling).

The IFC-MCQ protocol: the model sees the question, the options and every registered tool; it may
call tools for at most ``config.max_steps`` steps (a step is one model call, whatever number of
tool calls it makes); each observation (the rendered tool result, or the tool error in the shared
``{"error": {...}}`` shape) is cut at ``config.observation_chars`` and the cut is recorded. A
malformed call (arguments that are not JSON, an unknown tool, a wrong parameter) gets an error
observation naming the fix. The answer is read from the final ``ANSWER: ...`` line; when no answer
can be read (a reply without one, or the step limit reached), one answer-only turn without tools
follows (``fallback_used``).
"""

from __future__ import annotations

import json
from typing import Any

from ifcqa.agents.answer import TOOLS_ACCESS, client_for
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, ToolCallRecord, agent
from ifcqa.agents.protocol import run_protocol
from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import call_tool, get_tools, render

TRUNCATION_NOTE = "...[observation cut at {limit} of {total} characters; narrow the query or page with offset]"


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
        self.client = client or client_for(config)
        self.tools = [spec.openai_schema() for spec in get_tools().values()]

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
    try:
        observation, ok = render(call_tool(index, name, raw)), True
    except IfcqaError as exc:  # a tool error (or a model file that cannot be read): the model is told
        observation, ok = render(exc.to_dict()), False
    text, truncated = cut_observation(observation, observation_chars)
    result.tool_calls.append(ToolCallRecord(name, _arguments(raw), ok, len(observation), truncated))
    result.truncated_observations += int(truncated)
    return {"role": "tool", "tool_call_id": call.get("id", ""), "content": text}


def _arguments(raw: Any) -> Any:
    """The call's arguments as parsed JSON when they are JSON, else the raw text (for the record)."""
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


@agent("tool")
def make_tool_agent(config: AgentConfig) -> ToolAgent:
    """The tool agent (function calling over all registered read-only tools)."""
    return ToolAgent(config)
