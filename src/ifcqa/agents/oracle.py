"""The oracle: a deterministic agent, with no LLM, that answers every item through the public tools.

It runs the tool agent's protocol with a scripted "model": a policy per taxonomy subtype
(:mod:`ifcqa.agents.oracle_policies`) reads the item's public view and its taxonomy labels, parses
the question, and asks for tool calls in the chat format; each call is executed exactly as the tool
agent executes it (:func:`~ifcqa.agents.tool_agent.run_tool_call`: validation, rendering, the cut
at ``config.observation_chars``, the record) and the policy reads the observation text the
transcript carries. Its final turn is an ``ANSWER: ...`` line parsed like any agent's.

The oracle never reads an item's key or provenance. Its score proves that every item is answerable
through the tools, and its records measure how many calls and how large observations each subtype
needs. A policy that cannot settle an item answers ``No answer: <reason>`` (nothing selected).
"""

from __future__ import annotations

import json
import time
from typing import Any

from ifcqa.agents.answer import TOOLS_ACCESS, record_answer, system_prompt, user_prompt
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, agent, public_view
from ifcqa.agents.oracle_policies import Call, GiveUp, Observation, Question, policy_for
from ifcqa.agents.tool_agent import run_tool_call
from ifcqa.index.model_index import ModelIndex
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import get_tools

NO_ANSWER = "No answer: {reason}"
# What a policy's reading of an unexpected observation shape raises: recorded as the item's error.
_MISREAD = (KeyError, TypeError, ValueError, AttributeError, IndexError)


class OracleAgent:
    """Answers items with a deterministic per-subtype policy over the read-only tools."""

    name = "oracle"

    def __init__(self, config: AgentConfig) -> None:
        self.config = config
        self.tool_names = tuple(get_tools())  # every tool: built here, before any item is answered

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Answer one item; a policy that cannot settle it gives no answer, with its reason."""
        started = time.perf_counter()
        view = public_view(item)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system_prompt(TOOLS_ACCESS)},
            {"role": "user", "content": user_prompt(view)},
        ]
        result = AgentResult(selected=[], parse="none", transcript=messages)
        result.tool_names = tuple(get_tools())  # what this item could call, checked by the runner
        result.tools_offered = len(result.tool_names)
        text = self._conduct(Question.of(view, item.subtype), messages, env.index, result)
        messages.append({"role": "assistant", "content": text})
        result.steps += 1
        record_answer(result, text, [o.label for o in item.options])
        result.latency_s = round(time.perf_counter() - started, 4)
        return result

    def _conduct(
        self, question: Question, messages: list[dict[str, Any]], index: ModelIndex, result: AgentResult
    ) -> str:
        """Run the subtype's policy to its answer; the text of the final turn."""
        policy = policy_for(question.subtype)
        if policy is None:
            return NO_ANSWER.format(reason=f"no oracle policy for subtype {question.subtype!r}")
        plan = policy(question)
        try:
            call = next(plan)
            while True:
                if len(result.tool_calls) >= self.config.max_steps - 1:
                    return NO_ANSWER.format(reason=f"more than {self.config.max_steps - 1} tool calls needed")
                call = plan.send(self._execute(call, messages, index, result))
        except StopIteration as stop:
            labels: list[str] = stop.value
            return f"ANSWER: {','.join(labels)}" if labels else NO_ANSWER.format(reason="no option matched")
        except GiveUp as exc:
            return NO_ANSWER.format(reason=exc)
        except _MISREAD as exc:
            result.error = f"oracle policy misread an observation: {type(exc).__name__}: {exc}"
            return NO_ANSWER.format(reason=result.error)

    def _execute(
        self, call: Call, messages: list[dict[str, Any]], index: ModelIndex, result: AgentResult
    ) -> Observation:
        """One assistant turn with one tool call, executed as the tool agent does; the observation as JSON."""
        chat_call = {
            "id": f"call_{len(result.tool_calls) + 1}",
            "type": "function",
            "function": {"name": call.name, "arguments": json.dumps(call.arguments, ensure_ascii=False)},
        }
        messages.append({"role": "assistant", "content": None, "tool_calls": [chat_call]})
        result.steps += 1
        message = run_tool_call(chat_call, index, self.config.observation_chars, result)
        messages.append(message)
        try:
            observation = json.loads(message["content"])
        except json.JSONDecodeError:  # cut at the observation limit: unreadable, as it would be for a model
            return {"unreadable": message["content"]}
        return observation if isinstance(observation, dict) else {"unreadable": message["content"]}


@agent("oracle")
def make_oracle(config: AgentConfig) -> OracleAgent:
    """The oracle (deterministic per-subtype policies over the tools; no LLM)."""
    return OracleAgent(config)
