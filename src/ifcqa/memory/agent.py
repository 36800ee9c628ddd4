"""The probe agent: the tool agent with one more tool, ``search_project_memory``.

It sees the probe question (free text, no options), may call the read-only IFC tools of its tool set
and ``search_project_memory(query, k)`` (the memory system under test) for at most ``max_steps`` model
calls, and answers on a final ``ANSWER: ...`` line (the whole reply when there is none; one answer-only
turn when the step limit is reached). Calls written as text are read like native ones, runs of
identical calls are stopped, and tool errors are observations, as in :mod:`ifcqa.agents.protocol`.

Memory modes (``MemoryRunConfig.memory_mode``): ``tool``, the memory is reached only by the agent's own
``search_project_memory`` calls (a model that never calls it answers without memory); ``attached``, the
memory system's top-k hits for the probe are also put before the question, as deployments of Mem0-style
memories attach them, so that answer accuracy measures utilization apart from the model's tool use.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ifcqa.agents.answer import client_for, record_usage, sampling_params
from ifcqa.agents.base import AgentConfig, AgentResult, ToolCallRecord
from ifcqa.agents.protocol import RepeatGuard, parsed_arguments
from ifcqa.agents.text_calls import parse_text_calls
from ifcqa.agents.tool_agent import cut_observation, run_tool_call, tool_set
from ifcqa.index.model_index import ModelIndex
from ifcqa.llm.client import LLMError
from ifcqa.memory.base import Memory, MemoryHit

MEMORY_TOOL = "search_project_memory"
MEMORY_SCHEMA = {
    "type": "function",
    "function": {
        "name": MEMORY_TOOL,
        "description": (
            "Search the project memory: what was said in earlier sessions (specifications, client decisions, "
            "conventions, cost rates, revisions, exclusions). The IFC model does not hold these facts."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for, in words."},
                "k": {"type": "integer", "description": "How many items to return (default 5, at most 20)."},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
}
SYSTEM_PROMPT = (
    "You answer questions about a building project. The IFC model is read with the IFC tools; facts the model "
    "does not hold (specifications, client decisions, conventions, cost rates, revisions, what is out of this "
    "phase) were discussed in earlier sessions and are found with search_project_memory. Combine both when "
    "needed; when a decision was revised, the latest one counts. Finish with one line: ANSWER: <value with unit>."
)
ATTACHED_HEADER = "Project memory retrieved for this question from earlier sessions (search_project_memory finds more):"
MEMORY_MODES = ("tool", "attached")  # memory reached only through the tool, or also attached to the question
FALLBACK = "No more tool calls. Answer now from what you have seen, on one line: ANSWER: <value with unit>."
_ANSWER = re.compile(r"ANSWER\s*:\s*(.+)", re.IGNORECASE)


@dataclass
class ProbeResult:
    answer: str | None = None
    raw: str | None = None
    memory_calls: list[dict[str, Any]] = field(default_factory=list)  # query, k, hits
    agent: AgentResult = field(default_factory=lambda: AgentResult(selected=[]))

    def memory_hits(self) -> list[MemoryHit]:
        """What the agent was shown by its memory calls: each call's observation as cut for it (one hit a
        call), with the sessions of the hits whose text made it into the observation."""
        out: list[MemoryHit] = []
        for call in self.memory_calls:
            shown = call.get("shown")
            if shown is None:
                out.extend(MemoryHit(h["text"], h["sessions"]) for h in call["hits"])
                continue
            sessions = [s for h in call["hits"] if h["text"][:40] in shown for s in h["sessions"]]
            out.append(MemoryHit(shown, list(dict.fromkeys(sessions))))
        return out


def attached_prompt(question: str, hits: Sequence[MemoryHit]) -> str:
    """The probe's user turn with memory attached: the retrieved items, then the question."""
    items = "\n".join(f"- {hit.text}" for hit in hits)
    return f"{ATTACHED_HEADER}\n{items}\n\nQuestion: {question}"


def read_answer(text: str | None) -> str | None:
    """The text after the last ``ANSWER:``, else the whole reply (stripped); ``None`` for no text."""
    if not text or not text.strip():
        return None
    found = _ANSWER.findall(text)
    return (found[-1] if found else text).strip()


class MemoryProbeAgent:
    def __init__(self, config: AgentConfig, client: Any = None, budget: int | None = None) -> None:
        self.config = config
        self.budget = budget  # the retrieval budget in characters every memory call is cut to
        self.functions = [*tool_set(config.tools), MEMORY_SCHEMA]
        self.client = client or client_for(config)

    def answer(
        self, question: str, index: ModelIndex, memory: Memory, attached: Sequence[MemoryHit] | None = None
    ) -> ProbeResult:
        """Answer ``question`` with the IFC tools and ``search_project_memory``; ``attached`` hits (the memory
        attached to the prompt, as Mem0-style deployments do) are put before the question."""
        started = time.perf_counter()
        out = ProbeResult()
        result = out.agent
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": attached_prompt(question, attached) if attached else f"Question: {question}"},
        ]
        result.transcript, result.tools_offered = messages, len(self.functions)
        params = sampling_params(self.config)
        names = {f["function"]["name"] for f in self.functions}
        guard = RepeatGuard()

        def execute(call: dict[str, Any], record: AgentResult) -> dict[str, Any]:
            function = call.get("function") or {}
            if function.get("name") == MEMORY_TOOL:
                return self._memory_call(call, memory, out)
            return run_tool_call(call, index, self.config.observation_chars, record)

        try:
            answered = False
            for _ in range(self.config.max_steps):
                reply = self.client.complete(messages, tools=self.functions, tool_choice="auto", **params)
                record_usage(result, reply)
                calls, source, message = reply.tool_calls, "native", reply.message
                if not calls:
                    found = parse_text_calls(reply.content, names)
                    if found is not None:
                        calls, source = found.calls, found.form
                        for number, call in enumerate(calls, start=1):
                            call["id"] = f"call_text_{result.steps}_{number}"
                        message = {"role": "assistant", "content": found.rest or None, "tool_calls": calls}
                messages.append(message)
                if not calls:
                    out.raw, out.answer, answered = reply.content, read_answer(reply.content), True
                    break
                for call in calls:
                    messages.append(guard.run(call, source, result, execute))
            if not answered:
                messages.append({"role": "user", "content": FALLBACK})
                reply = self.client.complete(messages, **params)
                record_usage(result, reply, fallback=True)
                messages.append(reply.message)
                result.fallback_used = True
                out.raw, out.answer = reply.content, read_answer(reply.content)
        except LLMError as exc:
            result.record_error(exc)
        result.latency_s = round(time.perf_counter() - started, 4)
        return out

    def _memory_call(self, call: dict[str, Any], memory: Memory, out: ProbeResult) -> dict[str, Any]:
        function = call.get("function") or {}
        arguments = parsed_arguments(function.get("arguments"))
        if not isinstance(arguments, dict) or not isinstance(arguments.get("query"), str) or not arguments["query"]:
            error = 'search_project_memory needs {"query": "text"} (and optionally "k": 1-20).'
            out.agent.tool_calls.append(
                ToolCallRecord(MEMORY_TOOL, arguments, False, 0, False, error=error, error_kind="arguments")
            )
            content = json.dumps({"error": {"code": "tool_error", "message": error}})
            return {"role": "tool", "tool_call_id": call.get("id", ""), "content": content}
        k = arguments.get("k", 5)
        k = max(1, min(20, k if isinstance(k, int) and not isinstance(k, bool) else 5))
        from ifcqa.memory.scoring import fit_budget

        hits = fit_budget(memory.search(arguments["query"], k), self.budget)
        payload: dict[str, Any] = {"results": [{"text": h.text, "sessions": h.sessions} for h in hits]}
        if not hits:
            payload["note"] = "nothing remembered matches"
        text, truncated = cut_observation(json.dumps(payload, ensure_ascii=False), self.config.observation_chars)
        out.agent.tool_calls.append(ToolCallRecord(MEMORY_TOOL, arguments, True, len(text), truncated))
        out.memory_calls.append({"query": arguments["query"], "k": k, "hits": payload["results"], "shown": text})
        return {"role": "tool", "tool_call_id": call.get("id", ""), "content": text}
