"""The IFC-MCQ answering protocol shared by every LLM agent that acts before answering.

Up to ``config.max_steps`` model calls (a step is one call, whatever number of function calls it
makes), each offering the agent's functions; every function call is executed by the agent and its
observation appended; the answer is read from the final ``ANSWER: ...`` line. When no answer can be
read (a reply without one, or the step limit reached), one answer-only turn without functions
follows (``fallback_used``). Transport failures after retries are recorded in ``error`` (with their
kind, status and the server's body), not raised.

What real servers do is handled here, once for every agent:

* **Calls written as text.** When a reply has no ``tool_calls`` but its ``content`` holds calls in a
  known text form (:mod:`ifcqa.agents.text_calls`), they are run like native calls; the assistant
  message sent back carries them as ``tool_calls`` so that every server's template can pair the
  observations with them. Each call records its ``source`` (``native`` or the text form).
* **Loops.** A call identical to the one before it (same function, same arguments) is a repeat;
  after :data:`MAX_REPEATS` repeats in a row the next identical call is not run and the model gets
  :data:`REPEAT_NOTE` instead. Repeats and blocked calls are counted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from ifcqa.agents.answer import (
    fallback_prompt,
    record_answer,
    record_usage,
    sampling_params,
    system_prompt,
    user_prompt,
)
from ifcqa.agents.base import AgentConfig, AgentResult, ToolCallRecord, public_view
from ifcqa.agents.text_calls import parse_text_calls
from ifcqa.llm.client import ChatResult, LLMError
from ifcqa.mcq.items import Item

Execute = Callable[[dict[str, Any], AgentResult], dict[str, Any]]  # (call, result) -> the `tool` message
MAX_REPEATS = 2
REPEAT_NOTE = (
    "This exact call (same function, same arguments) was already made {count} times in a row and gave the "
    "result above; it was not run again. Use that result, call another function or other arguments, or answer."
)


class Client(Protocol):
    def complete(self, messages: list[dict[str, Any]], tools: Any = None, **kwargs: Any) -> ChatResult: ...


def run_protocol(
    client: Client, config: AgentConfig, item: Item, access: str, functions: list[dict[str, Any]], execute: Execute
) -> AgentResult:
    """Answer ``item`` following the protocol; ``access`` says in the system prompt how the model may look."""
    started = time.perf_counter()
    view = public_view(item)
    labels = [o.label for o in item.options]
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system_prompt(access)},
        {"role": "user", "content": user_prompt(view)},
    ]
    result = AgentResult(selected=[], parse="none", transcript=messages, tools_offered=len(functions))
    result.tool_names = tuple(str(f.get("function", {}).get("name", "")) for f in functions)
    params = sampling_params(config)
    try:
        if not _act(client, config, messages, labels, result, functions, execute, params):
            messages.append({"role": "user", "content": fallback_prompt(view)})
            reply = client.complete(messages, **params)
            record_usage(result, reply, fallback=True)
            messages.append(reply.message)
            result.fallback_used = True
            record_answer(result, reply.content, labels)
    except LLMError as exc:
        result.record_error(exc)
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
    names = {f["function"]["name"] for f in functions}
    guard = RepeatGuard()
    for _ in range(config.max_steps):
        reply = client.complete(messages, tools=functions, tool_choice="auto", **params)
        step = record_usage(result, reply)
        calls, source, message = reply.tool_calls, "native", reply.message
        if not calls:
            found = parse_text_calls(reply.content, names)
            if found is not None:
                calls, source = found.calls, found.form
                for number, call in enumerate(calls, start=1):  # ids unique within the item
                    call["id"] = f"call_text_{result.steps}_{number}"
                message = {"role": "assistant", "content": found.rest or None, "tool_calls": calls}
                step.text_calls, step.text_form = len(calls), found.form
        messages.append(message)
        if not calls:
            return record_answer(result, reply.content, labels)
        for call in calls:
            messages.append(guard.run(call, source, result, execute))
    return False


class RepeatGuard:
    """Runs calls, counting a call identical to the one before it, blocking long runs of them."""

    def __init__(self, max_repeats: int = MAX_REPEATS) -> None:
        self.max_repeats = max_repeats
        self.last: str | None = None
        self.run_length = 0

    def run(self, call: dict[str, Any], source: str, result: AgentResult, execute: Execute) -> dict[str, Any]:
        """Execute ``call`` (or block it) and return the ``tool`` message."""
        key = call_key(call)
        self.run_length = self.run_length + 1 if key == self.last else 1
        self.last = key
        repeat = self.run_length > 1
        result.repeated_calls += int(repeat)
        if self.run_length > self.max_repeats + 1:
            result.blocked_calls += 1
            note = REPEAT_NOTE.format(count=self.run_length - 1)
            function = call.get("function") or {}
            result.tool_calls.append(
                ToolCallRecord(
                    str(function.get("name") or ""),
                    parsed_arguments(function.get("arguments")),
                    False,
                    0,
                    False,
                    source=source,
                    error=note,
                    error_kind="repeat",
                    repeat=True,
                    blocked=True,
                )
            )
            content = json.dumps({"error": {"code": "repeated_call", "message": note}}, ensure_ascii=False)
            return {"role": "tool", "tool_call_id": call.get("id", ""), "content": content}
        message = execute(call, result)
        if result.tool_calls:
            record = result.tool_calls[-1]
            record.source, record.repeat = source, repeat
        return message


def call_key(call: dict[str, Any]) -> str:
    """A call's identity: its function and its arguments (parsed JSON, keys sorted, when they are JSON)."""
    function = call.get("function") or {}
    arguments = parsed_arguments(function.get("arguments"))
    return json.dumps([function.get("name"), arguments], sort_keys=True, ensure_ascii=False, default=str)


def parsed_arguments(raw: Any) -> Any:
    """A call's arguments as parsed JSON when they are JSON, else the raw text (for the record)."""
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw
