"""The code agent: an LLM that reads the model by writing IfcOpenShell Python, run in the sandbox.

Same protocol as the tool agent (IFC-MCQ §4.2), only the interface differs: the model is offered
one function, ``run_python(code)``, instead of the read-only tools. Each call runs ``code`` with
:func:`ifcqa.agents.sandbox.run_code` against the item's own file (``env.model_path``), pre-opened as
``model``; its printed output, its traceback, and how it ended come back as the tool observation,
cut at ``config.observation_chars``. A step is one model call (whatever number of calls it makes),
at most ``config.max_steps``; the answer is read from the final ``ANSWER: ...`` line; when none can
be read, one answer-only turn without tools follows (``fallback_used``).

Why a function call and not fenced code in the reply: the tool agent's loop, records and fallback
apply unchanged, and a reply is either code to run or an answer, never both.

Sandbox limits come from ``config.extra["sandbox"]`` (a dict of :class:`SandboxLimits` fields);
``output_chars`` follows ``config.observation_chars``.

Where the runs happen: in this process's threads by default (each run is its own sandboxed child
process anyway); after :meth:`CodeAgent.use_executor` (``ifcqa eval --dask``), each run is one task on
the executor (:class:`ExecutorRunner`), so the CPU of the code goes to the cluster's workers while the
conversation with the model stays here. The observations, and so the records, are the same.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ifcqa.agents.answer import client_for
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, ToolCallRecord, agent
from ifcqa.agents.protocol import run_protocol
from ifcqa.agents.sandbox import SandboxJob, SandboxLimits, SandboxResult, run_code, run_job
from ifcqa.agents.tool_agent import cut_observation
from ifcqa.errors import IfcqaError, ToolError
from ifcqa.llm.client import ChatClient
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import render

if TYPE_CHECKING:
    from ifcqa.executor import Executor, FileRef

TOOL_NAME = "run_python"
CODE_ACCESS = (
    "You can read the model only by running Python with the run_python function. In that code the model is "
    "already open as `model` (an ifcopenshell.file); `ifcopenshell` and `ifcopenshell.util` (element, unit, "
    "selector, placement...) can be imported. Each run is a fresh process: variables do not survive between "
    "runs, so print what you need. Output is cut at {limit} characters: print only what answers the question. "
    "An error comes back as a traceback: fix the code and run it again. There is no network and no other file."
)
RUN_PYTHON_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": TOOL_NAME,
        "description": "Run Python against the IFC model (pre-opened as `model`) and return what it prints.",
        "parameters": {
            "type": "object",
            "properties": {"code": {"type": "string", "description": "Python source; print() the results."}},
            "required": ["code"],
            "additionalProperties": False,
        },
    },
}
CALL_FIX = 'Call run_python with JSON arguments of the form {"code": "print(len(model.by_type(\'IfcWall\')))"}.'
Runner = Callable[[str, Path, SandboxLimits], SandboxResult]
KEPT_MODELS = 8  # models whose bytes ExecutorRunner keeps in memory (--ship-files), the most recently used


def sandbox_limits(config: AgentConfig) -> SandboxLimits:
    """The sandbox limits of ``config``: ``extra["sandbox"]`` fields over the defaults.

    Raises:
        IfcqaError: ``extra["sandbox"]`` names a field :class:`SandboxLimits` does not have.
    """
    given = dict(config.extra.get("sandbox") or {})
    known = {f.name for f in fields(SandboxLimits)}
    unknown = sorted(set(given) - known)
    if unknown:
        raise IfcqaError(f"Unknown sandbox limit(s) {', '.join(unknown)}. Known limits: {', '.join(sorted(known))}.")
    return replace(SandboxLimits(**given), output_chars=config.observation_chars)


def render_run(result: SandboxResult) -> str:
    """The observation of one run: stdout, then stderr and how the run ended, when there is any."""
    parts = [result.stdout.rstrip("\n")] if result.stdout else []
    if result.truncated:
        parts.append(f"[stdout cut at {len(result.stdout)} characters: print less]")
    if result.stderr:
        parts.append("[stderr]\n" + result.stderr.rstrip("\n"))
    if result.killed_reason:
        parts.append(f"[stopped: {result.killed_reason}]")
    elif result.exit_code not in (0, None):
        parts.append(f"[exit status {result.exit_code}]")
    if not parts:
        parts.append("[no output: the code ran but printed nothing; print() the values you need]")
    return "\n".join(parts)


class ExecutorRunner:
    """A :data:`Runner` that runs each sandboxed run as one task on an executor (``ifcqa eval --dask``).

    Without ``ship_files`` the workers open the model at its path (a shared file system). With it, the
    model's bytes (read once here) go with a worker's first run of that model, and the worker keeps
    a copy under the file's SHA-256; later runs send only the hash, and a worker that has no copy
    answers ``None`` (:func:`~ifcqa.agents.sandbox.run_job`), upon which the run is sent again with
    the bytes. A lost worker's run is tried again (``executor.retries``); a run never fails for what
    the code does.
    """

    def __init__(self, executor: Executor, ship_files: bool = False) -> None:
        self.executor = executor
        self.ship_files = ship_files
        self._refs: OrderedDict[Path, FileRef] = OrderedDict()  # the models used last, with their bytes
        self._lock = threading.Lock()

    def __call__(self, code: str, model: Path, limits: SandboxLimits) -> SandboxResult:
        from ifcqa.executor import by_hash

        ref = self._ref(model)
        key = f"sandbox-{model.name}"
        result = None
        if ref.data is not None:  # first by hash: the worker may hold a copy already
            result = self.executor.call(run_job, SandboxJob(code, by_hash(ref), limits), key)
        if result is None:
            result = self.executor.call(run_job, SandboxJob(code, ref, limits), key)
        if result is None:  # only a job sent by hash answers None
            raise AssertionError(f"the worker found no copy of {model.name} in the job that carried its bytes")
        return result

    def _ref(self, model: Path) -> FileRef:
        from ifcqa.executor import ship

        with self._lock:
            if model in self._refs:
                self._refs.move_to_end(model)
            else:
                self._refs[model] = ship(model, self.ship_files)
                while len(self._refs) > KEPT_MODELS:  # a run over thousands of models holds only a few
                    self._refs.popitem(last=False)
            return self._refs[model]


class CodeAgent:
    """Answers items by running its own Python against the model file in the sandbox."""

    name = "code"

    def __init__(self, config: AgentConfig, client: ChatClient | None = None, runner: Runner = run_code) -> None:
        self.config = config
        self.client = client or client_for(config)
        self.limits = sandbox_limits(config)
        self.runner = runner

    def use_executor(self, executor: Executor, ship_files: bool = False) -> None:
        """Run the sandboxed runs as tasks on ``executor`` from now on (see :class:`ExecutorRunner`)."""
        self.runner = ExecutorRunner(executor, ship_files)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Answer one item; transport failures are recorded in ``error``, never raised."""
        access = CODE_ACCESS.format(limit=self.config.observation_chars)
        return run_protocol(
            self.client,
            self.config,
            item,
            access,
            [RUN_PYTHON_SCHEMA],
            lambda call, result: self._run_call(call, env.model_path, result),
        )

    def _run_call(self, call: dict[str, Any], model: Path, result: AgentResult) -> dict[str, Any]:
        """Run one call's code and return the ``tool`` message carrying its observation."""
        function = call.get("function") or {}
        name, raw = str(function.get("name") or ""), function.get("arguments")
        code, problem = _code_of(name, raw)
        if code is None:  # the shared error shape, as the tool agent sends a tool error
            observation, ok, cut = render(ToolError(problem).to_dict()), False, False
        else:
            run = self.runner(code, model, self.limits)
            observation, ok, cut = render_run(run), run.ok, run.truncated or run.stderr_truncated
        text, truncated = cut_observation(observation, self.config.observation_chars)
        cut = cut or truncated
        error = problem if code is None else (None if ok else f"the run ended badly ({observation.splitlines()[-1]})")
        result.tool_calls.append(
            ToolCallRecord(
                name,
                {"code": code} if code else raw,
                ok,
                len(observation),
                cut,
                error=error,
                error_kind=None if ok else ("arguments" if code is None else "tool"),
            )
        )
        result.truncated_observations += int(cut)
        return {"role": "tool", "tool_call_id": call.get("id", ""), "content": text}


def _code_of(name: str, raw: Any) -> tuple[str | None, str]:
    """The code of a ``run_python`` call, or ``None`` and the message naming the fix."""
    if name != TOOL_NAME:
        return None, f"There is no function {name!r}; the only one is run_python. {CALL_FIX}"
    try:
        arguments = json.loads(raw) if isinstance(raw, str) else raw
    except json.JSONDecodeError as exc:
        return None, f"The arguments are not valid JSON ({exc.msg}). {CALL_FIX}"
    code = arguments.get("code") if isinstance(arguments, dict) else None
    if not isinstance(code, str) or not code.strip():
        return None, f"The arguments have no code to run. {CALL_FIX}"
    return code, ""


@agent("code")
def make_code_agent(config: AgentConfig) -> CodeAgent:
    """The code agent (one ``run_python`` function; the code runs sandboxed against the item's file)."""
    return CodeAgent(config)
