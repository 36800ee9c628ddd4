"""The ``ifcqa/ifc_mcq`` Inspect task: an IFC-MCQ benchmark, the ifcqa tools, the paper's protocol.

Run it with Inspect's own command (the package's ``inspect_ai`` entry point makes it addressable)::

    inspect eval ifcqa/ifc_mcq -T bench=BENCH.jsonl -T agent=tool --model openai/gpt-4o-mini

What maps to what (``docs/INSPECT.md`` has the whole table):

* items -> samples (:mod:`ifcqa.inspect.samples`), selected like ``ifcqa eval --categories --limit``;
* ``agent=tool``: every ifcqa tool on the sample's model (:mod:`ifcqa.inspect.tools`);
  ``agent=no_access``: the same question, no tools (the paper's control);
* the protocol (:mod:`ifcqa.inspect.solvers`): at most ``max_steps`` (8) tool-calling steps, then one
  answer-only turn; tool output cut by Inspect's ``max_tool_output`` (6000); ``turn_limit`` backs it up;
* grading: Inspect's ``choice`` scorer (exact option-set match), accuracy overall and grouped by
  ``group``, ``category``, ``subtype`` and ``question_type`` (shown in ``inspect view``).
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Metric, accuracy, choice, grouped, stderr
from inspect_ai.solver import Solver, system_message

import ifcqa
from ifcqa.agents.answer import NO_ACCESS, TOOLS_ACCESS, system_prompt
from ifcqa.agents.base import DEFAULT_MAX_STEPS, DEFAULT_OBSERVATION_CHARS
from ifcqa.errors import IfcqaError
from ifcqa.eval.runner import bench_sha256, load_envs
from ifcqa.inspect.samples import bench_dataset, load_items, split_categories
from ifcqa.inspect.solvers import ifc_multiple_choice
from ifcqa.inspect.tools import ifc_tools
from ifcqa.mcq.items import Item

AGENTS = {"tool": "tool", "no_access": "no-access", "no-access": "no-access"}  # -> the ifcqa agent it mirrors
GROUP_KEYS = ("group", "category", "subtype", "question_type")


def _namespaced(name: str) -> str:
    """The name to give ``@task`` so that Inspect registers ``ifcqa/<name>`` however ifcqa was put on the path.

    Inspect prefixes a task with its package only when it finds the package installed: with an editable install and
    ``PYTHONPATH`` pointing at the source tree (which holds setuptools' ``ifcqa.egg-info``), the first distribution it
    finds is that egg-info, and ``inspect eval ifcqa/ifc_mcq`` would find no task. Then the name carries the prefix
    itself.
    """
    try:
        from inspect_ai._util.registry import registry_name  # what @task itself calls to name the task
    except ImportError:  # a future Inspect that moved it: keep its own naming
        return name
    return name if registry_name(metrics, name) == f"ifcqa/{name}" else f"ifcqa/{name}"


def metrics() -> list[Metric | dict[str, list[Metric]]]:
    """Accuracy (with its standard error) overall and per taxonomy level, as ``"<key>: <value>"`` entries."""
    by_key = [grouped(accuracy(), key, all=False, name_template=f"{key}: {{group_name}}") for key in GROUP_KEYS]
    listed: list[Metric | dict[str, list[Metric]]] = [accuracy(), stderr(), *by_key]
    return listed


@task(name=_namespaced("ifc_mcq"))
def ifc_mcq(
    bench: str,
    agent: str = "tool",
    categories: str | list[str] | None = None,
    limit: int | None = None,
    models_dir: str | None = None,
    cache_dir: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_tool_output: int = DEFAULT_OBSERVATION_CHARS,
) -> Task:
    """An IFC-MCQ benchmark answered by an LLM with the read-only ifcqa tools (or, as a control, without).

    Args:
        bench: a ``BENCH.jsonl`` written by ``ifcqa mcq generate``.
        agent: ``tool`` (the ifcqa tools) or ``no_access`` (question and options only).
        categories: category or subtype codes, or group/category names, comma-separated
            (``direct.class,relational``; Inspect's ``-T`` turns that into a list, also accepted), as
            ``ifcqa eval --categories`` takes them.
        limit: answer only the first ``limit`` selected items.
        models_dir: the folder holding the benchmark's models (by file name), when they moved.
        cache_dir: the ifcqa index cache folder (default: ``$IFCQA_CACHE_DIR`` or ``~/.cache/ifcqa``).
        max_steps: model calls that may call tools before the answer-only turn (the paper: 8).
        max_tool_output: Inspect's cap on one tool result, in bytes (the paper: 6,000 characters).
    """
    if agent not in AGENTS:
        raise IfcqaError(f"Unknown agent {agent!r} for ifcqa/ifc_mcq. Use -T agent=tool or -T agent=no_access.")
    path = Path(bench).resolve()
    items = load_items(path, categories, limit)
    if AGENTS[agent] == "tool":
        models = Path(models_dir) if models_dir else None
        envs = load_envs(items, path, models, Path(cache_dir) if cache_dir else None)
        solver: list[Solver] = [
            system_message(system_prompt(TOOLS_ACCESS)),
            ifc_tools(envs),
            ifc_multiple_choice(max_steps),
        ]
    else:
        solver = [system_message(system_prompt(NO_ACCESS)), ifc_multiple_choice(1, fallback=False)]
    return Task(
        dataset=bench_dataset(path, items),
        solver=solver,
        scorer=choice(),
        metrics=metrics(),
        config=GenerateConfig(max_tool_output=max_tool_output),
        turn_limit=max_steps + 1,
        metadata=_run_metadata(path, AGENTS[agent], items, categories, limit),
    )


def _run_metadata(
    bench: Path, agent: str, items: list[Item], categories: str | list[str] | None, limit: int | None
) -> dict[str, object]:
    """What ``ifcqa report`` reads back from the log to put the run beside ``ifcqa eval`` runs."""
    return {
        "ifcqa_version": ifcqa.__version__,
        "ifcqa_agent": agent,
        "bench": str(bench),
        "bench_sha256": bench_sha256(bench),
        "items": len(items),
        "categories": split_categories(categories),
        "limit": limit,
    }
