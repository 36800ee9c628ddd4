"""The no-IFC-access control: the same LLM, the same question and options, no model and no tools.

One model call per item. Its accuracy says how much the questions and options give away on their
own (the IFC-MCQ paper's control scored 37-50%); it is not a pure ablation of model access, since
the agents also differ by their interface and their interaction.
"""

from __future__ import annotations

import time

from ifcqa.agents.answer import (
    NO_ACCESS,
    client_for,
    record_answer,
    record_usage,
    sampling_params,
    system_prompt,
    user_prompt,
)
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, agent, public_view
from ifcqa.llm.client import ChatClient, LLMError
from ifcqa.mcq.items import Item


class NoAccessAgent:
    """Answers from the question and options alone, in one call."""

    name = "no-access"

    def __init__(self, config: AgentConfig, client: ChatClient | None = None) -> None:
        self.config = config
        self.client = client or client_for(config)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Answer one item without reading ``env``; transport failures are recorded in ``error``."""
        started = time.perf_counter()
        messages = [
            {"role": "system", "content": system_prompt(NO_ACCESS)},
            {"role": "user", "content": user_prompt(public_view(item))},
        ]
        result = AgentResult(selected=[], parse="none", transcript=messages)
        try:
            reply = self.client.complete(messages, **sampling_params(self.config))
        except LLMError as exc:
            result.record_error(exc)
        else:
            record_usage(result, reply)
            messages.append(reply.message)
            record_answer(result, reply.content, [o.label for o in item.options])
        result.latency_s = round(time.perf_counter() - started, 4)
        return result


@agent("no-access")
def make_no_access_agent(config: AgentConfig) -> NoAccessAgent:
    """The no-IFC-access control (question and options only, no tools)."""
    return NoAccessAgent(config)
