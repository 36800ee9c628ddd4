"""The IFC-MCQ answering protocol in Inspect: ifcqa's prompts, Inspect's multiple-choice solver.

* The question is put with ifcqa's own wording (:mod:`ifcqa.agents.answer`: the system prompt, the
  per-type instruction, the per-type answer-line example with a ``<label>`` placeholder and the item's
  letters from Inspect's ``{letters}`` slot); Inspect's ``multiple_choice`` solver fills in the
  options and reads the answer, and Inspect's ``choice`` scorer grades it by exact option-set match.
  Single, boolean and multi items mix in one dataset: each sample goes to a ``multiple_choice`` solver
  built for its ``question_type`` (``multiple_correct`` only for multi items).
* Steps as in ``ifcqa eval``: a step is one model call, whatever number of tool calls it makes; at
  most ``max_steps`` steps may call tools; when the last one still calls tools, or gives no readable
  answer, one answer-only turn without tools follows (recorded as ``fallback_used`` in the sample's
  store). The no-access control makes one call and has no fallback.
"""

from __future__ import annotations

from typing import Any, Literal

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, multiple_choice, solver
from inspect_ai.solver._multiple_choice import parse_answers  # the parser multiple_choice itself uses

from ifcqa.agents.answer import EXAMPLES, FALLBACK_PROMPT, TYPE_INSTRUCTIONS
from ifcqa.agents.base import DEFAULT_MAX_STEPS

FALLBACK_KEY = "ifcqa_fallback_used"


def _literal(text: str) -> str:
    """``text`` safe inside a ``str.format`` template (Inspect formats the template with the question)."""
    return text.replace("{", "{{").replace("}", "}}")


# ifcqa.agents.answer.user_prompt's wording, with Inspect's {question}, {choices} and {letters} slots
TEMPLATES = {
    kind: f"Question: {{question}}\n\nOptions:\n{{choices}}\n\n{_literal(instruction)}\n{EXAMPLES[kind]}"
    for kind, instruction in TYPE_INSTRUCTIONS.items()
}


def stepped(generate: Generate, max_steps: int, multiple_correct: bool, fallback: bool) -> Generate:
    """``generate`` limited to ``max_steps`` tool-calling steps, then (if needed) one answer-only turn."""

    async def run(state: TaskState, tool_calls: Literal["loop", "single", "none"] = "loop", **config: Any) -> TaskState:
        for _ in range(max_steps):
            state = await generate(state, tool_calls="single", **config)
            if state.completed or not state.output.message.tool_calls:
                break
        answered = not state.output.message.tool_calls and bool(parse_answers(state, multiple_correct))
        if fallback and not answered and not state.completed:
            state = await _answer_only(state, generate, config)
        return state

    return run


async def _answer_only(state: TaskState, generate: Generate, config: dict[str, Any]) -> TaskState:
    """The fallback turn: ifcqa's fallback prompt, no tools offered."""
    state.messages.append(ChatMessageUser(content=FALLBACK_PROMPT))
    tools = state.tools
    state.tools = []
    try:
        state = await generate(state, tool_calls="none", **config)
    finally:
        state.tools = tools
    state.store.set(FALLBACK_KEY, True)
    return state


@solver
def ifc_multiple_choice(max_steps: int = DEFAULT_MAX_STEPS, fallback: bool = True) -> Solver:
    """Put the sample's question with ifcqa's template for its ``question_type`` and read the answer.

    Args:
        max_steps: model calls that may call tools (the IFC-MCQ protocol: 8).
        fallback: one answer-only turn when no answer could be read (the tool agent: yes; no-access: no).
    """
    solvers = {
        kind: multiple_choice(template=template, multiple_correct=kind == "multi")
        for kind, template in TEMPLATES.items()
    }

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        kind = str(state.metadata.get("question_type", "single"))
        if kind not in solvers:
            raise ValueError(f"sample {state.sample_id}: unknown question_type {kind!r} (single, multi, boolean)")
        state.store.set(FALLBACK_KEY, False)
        return await solvers[kind](state, stepped(generate, max_steps, kind == "multi", fallback))

    return solve
