"""IFCMemoryBench commands: ``memory generate``, ``memory eval``, ``memory report``, ``memory systems``.

    ifcqa memory generate FILES... -o TASKS.json [--sessions 25-40] [--seed S] [--seed-in user|all]
                          [--model M [--base-url URL]]   reword user turns and probes by an LLM (guarded)
    ifcqa memory eval TASKS.json -o RUN [--systems a,b] [--scopes user,user+final,full] [--model M]
    ifcqa memory report RUN [-o DIR]      coverage table systems x scopes (also `ifcqa report RUN`)
    ifcqa memory systems                  the memory systems and ingestion scopes

Only typer and the standard library are imported here; the memory package is imported inside each command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ifcqa.cli.common import print_json, status
from ifcqa.cli.runopts import Dask, Jobs, Retries, ShipFiles, optional_executor, work_progress

app = typer.Typer(
    help="IFCMemoryBench: long-term memory of BIM agents (tasks, memory systems, scores).", no_args_is_help=True
)
DEFAULT_SYSTEMS = "none,full-context,file,vector,graph,ifc-aware"
DEFAULT_SCOPES = "user,user+final,full"


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


@app.command("generate")
def generate(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="The .ifc files.", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="TASKS.json", help="The task file to write.")],
    sessions: Annotated[str, typer.Option("--sessions", metavar="N-M", help="Prior sessions per task.")] = "25-40",
    seed: Annotated[int, typer.Option("--seed", help="Seed of every random choice.")] = 0,
    seed_in: Annotated[
        str, typer.Option("--seed-in", metavar="user|all", help="Plant facts in user turns only, or also in replies.")
    ] = "user",
    per_template: Annotated[int, typer.Option("--per-template", min=1, help="Tasks per template and model.")] = 3,
    templates: Annotated[
        str | None, typer.Option("--templates", metavar="A,B", help="Only these templates (default: all).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option("--model", metavar="M", help="Reword user turns and probes with this LLM (templates without)."),
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", metavar="URL", help="OpenAI-compatible endpoint for --model.")
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the LLM response cache.")] = False,
    jobs: Jobs = None,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
) -> None:
    """Generate memory tasks from IFC files (deterministic given the seed); prints the counts."""
    from ifcqa.files.atomic import write_atomic
    from ifcqa.memory.generate import generate_tasks, parse_range

    bounds = parse_range(sessions)
    phraser = None
    if model:
        from ifcqa.agents.answer import client_for
        from ifcqa.agents.base import AgentConfig
        from ifcqa.memory.phrasing import Phraser

        phraser = Phraser(client_for(AgentConfig(model=model, base_url=base_url, no_cache=no_cache)))
    with (  # --jobs/--dask: each file's tasks are made on a worker (LLM phrasing stays here)
        optional_executor(jobs, dask, retries, len(files)) as executor,
        work_progress(executor, len(files), "Generating tasks", lambda done: f"tasks of {Path(done.key).name}") as (
            on_progress,
            on_outcome,
        ),
    ):
        task_set, stats = generate_tasks(
            files,
            sessions=bounds,
            seed=seed,
            seed_in=seed_in,
            per_template=per_template,
            templates=_split(templates) if templates else None,
            phraser=phraser,
            executor=executor,
            ship_files=ship_files,
            on_progress=on_progress,
            on_outcome=on_outcome,
        )
    write_atomic(out, task_set.to_json().encode())
    summary = {"tasks": stats.tasks, "per_model": stats.per_model, "skipped": dict(stats.skipped),
               "variety": stats.variety, "out": str(out)}  # fmt: skip
    if phraser is not None:
        summary["phrasing"] = {"model": phraser.model, **phraser.stats.to_dict()}
    print_json(summary)


@app.command("eval")
def eval_memory(
    tasks: Annotated[Path, typer.Argument(metavar="TASKS.json", help="A task file from `ifcqa memory generate`.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="RUN_DIR", help="The run folder; rerun to resume.")],
    systems: Annotated[
        str,
        typer.Option(
            "--systems", metavar="A,B", help="Memory systems (also mem0, graphiti: extra memory-adapters, an LLM)."
        ),
    ] = DEFAULT_SYSTEMS,
    scopes: Annotated[str, typer.Option("--scopes", metavar="A,B", help="Ingestion scopes.")] = DEFAULT_SCOPES,
    k: Annotated[int, typer.Option("--k", min=1, max=50, help="Items retrieved per probe.")] = 5,
    window: Annotated[
        int, typer.Option("--window", metavar="TOKENS", min=100, help="The full-context oracle's window.")
    ] = 32_000,
    budget: Annotated[
        int,
        typer.Option("--budget", metavar="CHARS", min=100, help="Retrieved characters every system is scored on."),
    ] = 2000,
    extract: Annotated[
        str,
        typer.Option(
            "--extract", metavar="statements|rules|llm:MODEL",
            help="Ingestion of the vector and graph memories: every statement (default), cue-word rules, or an LLM.",
        ),
    ] = "statements",
    model: Annotated[
        str | None, typer.Option("--model", metavar="M", help="The probe agent's LLM (retrieval only without).")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", metavar="URL", help="OpenAI-compatible endpoint.")
    ] = None,
    tools: Annotated[
        str, typer.Option("--tools", metavar="all|core|NAMES", help="The probe agent's IFC tools.")
    ] = "core",
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, help="Model calls per probe.")] = 8,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Only the first N tasks.")] = None,
    models_dir: Annotated[
        Path | None, typer.Option("--models-dir", metavar="DIR", help="Folder holding the tasks' IFC models.")
    ] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the LLM response cache.")] = False,
    judge_model: Annotated[
        str | None, typer.Option("--judge-model", metavar="M", help="LLM judges of memory and answers (--base-url).")
    ] = None,
    memory_mode: Annotated[
        str,
        typer.Option(
            "--memory-mode",
            metavar="tool|attached",
            help="tool: the agent searches memory itself; attached: the top-k hits also precede the question.",
        ),
    ] = "tool",
) -> None:
    """Score memory systems x ingestion scopes on a task file (resumable); prints the summary table."""
    from ifcqa.agents.base import AgentConfig
    from ifcqa.memory.runner import config_for, run_memory_eval

    agent = AgentConfig(model=model, base_url=base_url, tools=tools, max_steps=max_steps, no_cache=no_cache)
    config = config_for(
        tasks,
        _split(systems),
        _split(scopes),
        k=k,
        window_tokens=window,
        extractor=extract,
        agent=agent if model else None,
        limit=limit,
        judge_model=judge_model,
        memory_mode=memory_mode,
        budget_chars=budget,
    )
    with status("Running memory systems"):
        summary = run_memory_eval(tasks, out, config, agent_config=agent, models_dir=models_dir)
    print_json(
        {
            system: {
                scope: {
                    "coverage": cell["coverage"]["rate"],
                    "relevance": cell["relevance"]["rate"],
                    "accuracy": cell["accuracy"]["rate"] if cell["accuracy"] else None,
                }
                for scope, cell in row.items()
            }
            for system, row in summary["table"].items()
        }
    )


@app.command("report")
def report(
    run: Annotated[Path, typer.Argument(metavar="RUN_DIR", help="A run folder of `ifcqa memory eval`.")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", metavar="DIR", help="Where to write (default: the run folder).")
    ] = None,
) -> None:
    """Write memory_report.md/.json: coverage, relevance and accuracy per system x scope, paired comparisons."""
    from ifcqa.memory.report import write_memory_report

    for path in write_memory_report(run, out):
        typer.echo(str(path))


@app.command("systems")
def list_systems() -> None:
    """The registered memory systems and the ingestion scopes."""
    from ifcqa.memory.base import SCOPES, get_systems

    print_json({"systems": sorted(get_systems()), "scopes": list(SCOPES)})
