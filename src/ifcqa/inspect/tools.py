"""The read-only ifcqa tools as Inspect tools: one per :class:`~ifcqa.tools.registry.ToolSpec`.

Nothing is redefined: each Inspect tool takes its name, description and parameters from the spec's
JSON schema (what ``ifcqa tools --json`` prints and the ifcqa tool agent sends) and runs
:func:`ifcqa.tools.registry.call_tool` on the index of the sample's model. An ifcqa error (bad
arguments, a value the model does not hold) becomes Inspect's ``ToolError``: the model reads its
message, which names the fix, and the call is logged as failed.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import anyio.to_thread
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import Tool, ToolDef, ToolError, ToolParams

from ifcqa.agents.base import AgentEnv
from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import ModelIndex
from ifcqa.tools.registry import ToolSpec, call_tool, get_tools, render


def inspect_tool(spec: ToolSpec, index: ModelIndex) -> Tool:
    """The Inspect tool that runs ``spec`` on ``index`` and returns the rendered JSON result."""

    async def execute(**kwargs: Any) -> str:
        try:
            result = await anyio.to_thread.run_sync(partial(call_tool, index, spec.name, kwargs))
        except IfcqaError as exc:  # a tool error, or a model that cannot be read: the model is told
            raise ToolError(str(exc)) from None
        return render(result)

    parameters = ToolParams.model_validate(spec.json_schema())
    # read-only tools on an in-memory index: calls of one turn may run side by side
    return ToolDef(
        execute, name=spec.name, description=spec.description, parameters=parameters, parallel=True
    ).as_tool()


def inspect_tools(index: ModelIndex) -> list[Tool]:
    """Every registered ifcqa tool (built-ins and plug-ins), bound to ``index``, in name order."""
    return [inspect_tool(spec, index) for spec in get_tools().values()]


@solver
def ifc_tools(envs: Mapping[str, AgentEnv]) -> Solver:
    """Offer the model the tools of the sample's own model (``metadata["source_file"]``).

    Args:
        envs: the loaded model of every source file of the dataset, keyed by the items' ``source_file``
            (:func:`ifcqa.eval.runner.load_envs`: each index is loaded once).
    """
    bound: dict[str, list[Tool]] = {}

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        source = str(state.metadata["source_file"])
        if source not in bound:
            bound[source] = inspect_tools(envs[source].index)
        state.tools = list(bound[source])
        state.tool_choice = "auto"
        return state

    return solve
