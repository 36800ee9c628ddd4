"""The IFC-MCQ answering protocol shared by every LLM agent that acts before answering.

Up to ``config.max_steps`` model calls (a step is one call, whatever number of function calls it
makes), each offering the agent's functions; every function call is executed by the agent and its
observation appended; the answer is read from the final ``ANSWER: ...`` line. When no answer can be
read (a reply without one, or the step limit reached), one answer-only turn without functions
follows (``fallback_used``). Transport failures after retries are recorded in ``error``, not raised.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from ifcqa.agents.answer import (
    FALLBACK_PROMPT,
    record_answer,
    record_usage,
    sampling_params,
    system_prompt,
    user_prompt,
)
from ifcqa.agents.base import AgentConfig, AgentResult, public_view
from ifcqa.llm.client import ChatResult, LLMError
from ifcqa.mcq.items import Item

Execute = Callable[[dict[str, Any], AgentResult], dict[str, Any]]  # (call, result) -> the `tool` message


class Client(Protocol):
    def complete(self, messages: list[dict[str, Any]], tools: Any = None, **kwargs: Any) -> ChatResult: ...


def run_protocol(
    client: Client, config: AgentConfig, item: Item, access: str, functions: list[dict[str, Any]], execute: Execute
) -> AgentResult:
    """Answer ``item`` following the protocol; ``access`` says in the system prompt how the model may look."""
    started = time.perf_counter()
    labels = [o.label for o in item.options]
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system_prompt(access)},
        {"role": "user", "content": user_prompt(public_view(item))},
    ]
    result = AgentResult(selected=[], parse="none", transcript=messages)
    params = sampling_params(config)
    try:
        if not _act(client, config, messages, labels, result, functions, execute, params):
            messages.append({"role": "user", "content": FALLBACK_PROMPT})
            reply = client.complete(messages, **params)
            record_usage(result, reply)
            messages.append(reply.message)
            result.fallback_used = True
            record_answer(result, reply.content, labels)
    except LLMError as exc:
        result.error = str(exc)
        result.selected, result.parse = [], "none"
    result.latency_s = round(time.perf_counter() - started, 4)
    return result


def _act(
    client: Client,
    config: AgentConfig,
    messages: list[dict[str, Any]],
    labels: list[str],
    result: AgentResult,
    functions: list[dict[str, Any]],
    execute: Execute,
    params: dict[str, Any],
) -> bool:
    """The acting steps; ``True`` when the model gave a readable answer."""
    for _ in range(config.max_steps):
        reply = client.complete(messages, tools=functions, tool_choice="auto", **params)
        record_usage(result, reply)
        messages.append(reply.message)
        if not reply.tool_calls:
            return record_answer(result, reply.content, labels)
        for call in reply.tool_calls:
            messages.append(execute(call, result))
    return False
