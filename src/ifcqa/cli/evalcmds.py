"""``ifcqa eval`` (run an agent over a benchmark, resumable) and ``ifcqa report`` (compare runs).

Exit codes of ``ifcqa eval``: 0 the run finished with an error rate at most ``--max-error-rate``;
1 it could not run (bad input: one ``error:`` line); 3 it stopped early because its first items all
failed with the same connection or authentication error; 4 it finished, but more items failed than
``--max-error-rate`` allows. The run folder is complete in every case but 1, and rerunning the same
command retries the failed items.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress

from ifcqa.agents.base import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_STEPS,
    DEFAULT_MAX_TOKENS,
    DEFAULT_OBSERVATION_CHARS,
    DEFAULT_TIMEOUT_S,
    AgentConfig,
)
from ifcqa.cli.common import CacheDir, report_error, stderr_console
from ifcqa.cli.runopts import Dask, Retries, ShipFiles
from ifcqa.errors import IfcqaError
from ifcqa.eval.records import RunRecord

EXIT_ABORTED = 3
EXIT_ERROR_RATE = 4


@contextmanager
def _progress() -> Iterator[Any]:
    """A per-item callback that advances a progress bar on stderr (only on a terminal), else ``None``."""
    console = stderr_console()
    if not console.is_terminal:
        yield None
        return
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("Answering", total=None)

        def advance(record: RunRecord) -> None:
            bar.advance(task)

        yield advance


def _split(values: list[str] | None) -> list[str] | None:
    """``--categories a,b --categories c`` -> ``[a, b, c]``."""
    if not values:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _print_summary(summary: dict[str, Any], run_dir: Path) -> None:
    n_errors = summary.get("n_errors", 0)
    typer.echo(
        f"{summary['agent']}{' / ' + summary['model'] if summary.get('model') else ''}: "
        f"{summary['n_correct']}/{summary['n_items']} correct, accuracy over all items {_pct(summary['accuracy'])} "
        f"(95% CI {_pct(summary['wilson_low'])}–{_pct(summary['wilson_high'])}); "
        f"random would expect {_pct(summary['expected_random_accuracy'])}"
    )
    if n_errors:
        answered = (
            f"accuracy over the {summary['n_answered']} answered items {_pct(summary['accuracy_answered'])}"
            if summary["n_answered"]
            else "no item was answered"
        )
        typer.echo(
            f"errors: {n_errors} of {summary['n_items']} items failed ({_pct(summary['error_rate'])}); {answered}"
        )
    calls = f"calls/item {summary['mean_tool_calls']:.2f}"
    if summary["tool_calls"]:
        calls += (
            f" (native {summary['native_tool_calls']}, as text {summary['text_tool_calls']}, invalid arguments "
            f"{summary['invalid_argument_calls']}, repeated {summary['repeated_calls']}, blocked "
            f"{summary['blocked_calls']})"
        )
    copied = f", copied example {summary['example_copied']}" if summary["example_copied"] else ""
    typer.echo(
        f"{calls}, one-call {_pct(summary['one_call_rate'])}, "
        f"tokens in/out {summary['tokens_in']}/{summary['tokens_out']}, "
        f"truncated observations {summary['truncated_observations']}, no answer {_pct(summary['no_answer_rate'])}, "
        f"fallback {_pct(summary['fallback_rate'])}{copied}"
    )
    if summary["model_calls"]:
        typer.echo(
            f"model calls {summary['model_calls']}: {summary['cache_hits']} from the response cache "
            f"({summary['cached_items']} items), {summary['retries']} retries"
        )
    typer.echo(f"run folder: {run_dir} (records.jsonl, summary.json)")
    for warning in summary.get("warnings", []):
        typer.echo(f"warning: {warning}", err=True)


@contextmanager
def _sandbox_executor(dask: str | None, retries: int) -> Iterator[Any]:
    """The executor of ``--dask`` (the code agent's sandboxed runs go to its workers), or ``None``."""
    if dask is None:
        yield None
        return
    from ifcqa.executor import make_executor

    with make_executor(None, dask, retries) as executor:
        yield executor


def _fail(ctx: typer.Context, message: str, code: int) -> None:
    """Report ``message`` as the run's error (``--json-errors`` honoured) and exit with ``code``."""
    report_error(IfcqaError(message), as_json=bool(ctx.find_root().params.get("json_errors")))
    raise typer.Exit(code)


def _tool_sets_text() -> str:
    from ifcqa.agents.tool_agent import CORE_TOOLS, tool_set_sizes

    lines = ["Tool sets of --tools (the fixed prompt prefix: system prompt + tool schemas):"]
    for name, size in tool_set_sizes().items():
        lines.append(
            f"  {name:<5} {size['tools']:>3} tools  {size['chars']:>7,} characters  "
            f"≈{size['tokens_estimate']:>6,} tokens"
        )
    lines.append(f"  core = {', '.join(CORE_TOOLS)}")
    lines.append("  or comma-separated tool names (`ifcqa tools` lists them); tokens estimated as characters / 4")
    return "\n".join(lines)


def _list_tool_sets(value: bool) -> None:
    if value:
        typer.echo(_tool_sets_text())
        raise typer.Exit(0)


def _run_header(agent: str, config: AgentConfig) -> str | None:
    """What the agent's requests start with, for an agent that calls functions (else ``None``)."""
    if agent == "tool":
        from ifcqa.agents.tool_agent import prompt_size, tool_set

        size = prompt_size(tool_set(config.tools))
    elif agent == "code":
        from ifcqa.agents.code_agent import CODE_ACCESS, RUN_PYTHON_SCHEMA
        from ifcqa.agents.tool_agent import prompt_size

        size = prompt_size([RUN_PYTHON_SCHEMA], CODE_ACCESS.format(limit=config.observation_chars))
    else:
        return None
    return (
        f"{agent} agent: tools {config.tools if agent == 'tool' else 'run_python'} ({size['tools']}), fixed prompt "
        f"prefix {size['chars']:,} characters ≈{size['tokens_estimate']:,} tokens; timeout {config.timeout_s:g} s, "
        f"max tokens {config.max_tokens}, temperature {config.temperature}"
    )


def eval_command(
    ctx: typer.Context,
    bench: Annotated[Path, typer.Argument(metavar="BENCH.jsonl", help="A benchmark from `ifcqa mcq generate`.")],
    agent: Annotated[
        str, typer.Option("--agent", metavar="NAME", help="A registered agent (first-option, random...).")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="RUN_DIR", help="The run folder; rerun to resume.")],
    model: Annotated[str | None, typer.Option("--model", metavar="M", help="The LLM, for LLM agents.")] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", metavar="URL", help="An OpenAI-compatible endpoint.")
    ] = None,
    api_key_env: Annotated[
        str, typer.Option("--api-key-env", metavar="VAR", help="The environment variable holding the API key.")
    ] = "OPENAI_API_KEY",
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Items answered at once.")] = 4,
    limit: Annotated[int | None, typer.Option("--limit", min=0, help="Answer only the first N items.")] = None,
    categories: Annotated[
        list[str] | None,
        typer.Option("--categories", help="Only these categories (codes like direct.class, names, groups; a,b)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random baseline and sampling agents.")] = 0,
    max_steps: Annotated[
        int, typer.Option("--max-steps", min=1, help="Interaction steps per item.")
    ] = DEFAULT_MAX_STEPS,
    observation_chars: Annotated[
        int, typer.Option("--observation-chars", min=100, help="Cap on each tool observation.")
    ] = DEFAULT_OBSERVATION_CHARS,
    models_dir: Annotated[
        Path | None, typer.Option("--models-dir", metavar="DIR", help="Folder holding the benchmark's IFC models.")
    ] = None,
    cache_dir: CacheDir = None,
    timeout: Annotated[
        float, typer.Option("--timeout", metavar="SECONDS", min=0.1, help="Seconds one LLM request may take.")
    ] = DEFAULT_TIMEOUT_S,
    max_tokens: Annotated[
        int, typer.Option("--max-tokens", metavar="N", min=1, help="Cap on the tokens of one LLM reply.")
    ] = DEFAULT_MAX_TOKENS,
    temperature: Annotated[
        float, typer.Option("--temperature", metavar="T", min=0.0, help="LLM sampling temperature.")
    ] = 0.0,
    tools: Annotated[
        str,
        typer.Option("--tools", metavar="all|core|NAMES", help="The tool agent's tools: all, core, or names a,b."),
    ] = "all",
    list_tool_sets: Annotated[
        bool,
        typer.Option(
            "--list-tool-sets",
            is_eager=True,
            callback=_list_tool_sets,
            help="Print the tool sets with their prompt sizes and exit.",
        ),
    ] = False,
    max_retries: Annotated[
        int, typer.Option("--max-retries", min=0, help="Retries of a request that a retry can change.")
    ] = DEFAULT_MAX_RETRIES,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Ask the LLM every time; do not read or write the response cache.")
    ] = False,
    cache_salt: Annotated[
        str | None,
        typer.Option("--cache-salt", metavar="TEXT", help="Added to every response cache key (a new salt asks again)."),
    ] = None,
    retry_errors: Annotated[
        bool, typer.Option("--retry-errors/--no-retry-errors", help="On resume, ask again items that failed.")
    ] = True,
    max_error_rate: Annotated[
        float,
        typer.Option("--max-error-rate", min=0.0, max=1.0, help="Exit 4 when a larger share of items failed."),
    ] = 0.0,
    dask: Dask = None,
    retries: Retries = 2,
    ship_files: ShipFiles = False,
) -> None:
    """Run an agent over a benchmark, one durable record per item; rerun the same command to resume.

    Exit codes: 0 done; 1 bad input; 3 stopped early (the first items all failed with the same connection or
    authentication error); 4 done, but the error rate is above --max-error-rate. Rerun to retry failed items.
    """
    from ifcqa.eval.runner import EvalAborted, run_eval  # the agents and their clients are only imported to run

    config = AgentConfig(
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        max_steps=max_steps,
        observation_chars=observation_chars,
        seed=seed,
        cache_dir=cache_dir,
        timeout_s=timeout,
        max_tokens=max_tokens,
        temperature=temperature,
        tools=tools,
        no_cache=no_cache,
        cache_salt=cache_salt,
        max_retries=max_retries,
    )
    header = _run_header(agent, config)
    if header:
        typer.echo(header, err=True)
    try:
        with _progress() as progress, _sandbox_executor(dask, retries) as executor:
            summary = run_eval(
                bench,
                agent,
                config,
                out,
                concurrency=concurrency,
                limit=limit,
                categories=_split(categories),
                cache_dir=cache_dir,
                models_dir=models_dir,
                progress=progress,
                retry_errors=retry_errors,
                executor=executor,
                ship_files=ship_files,
            )
    except EvalAborted as aborted:
        _print_summary(aborted.summary, out)
        _fail(ctx, str(aborted), EXIT_ABORTED)
        return
    _print_summary(summary, out)
    if summary["error_rate"] > max_error_rate:
        _fail(
            ctx,
            f"{summary['n_errors']} of {summary['n_items']} items failed ({_pct(summary['error_rate'])}), above "
            f"--max-error-rate {max_error_rate:g}; the first: {_first_error(out)} "
            "Rerun the same command to retry the failed items.",
            EXIT_ERROR_RATE,
        )


def _first_error(run_dir: Path) -> str:
    from ifcqa.eval.records import RECORDS_FILE, read_records
    from ifcqa.eval.runner import latest_records

    failed = [r for r in latest_records(read_records(run_dir / RECORDS_FILE)) if r.error]
    return failed[0].error or "" if failed else ""


def report_command(
    runs: Annotated[list[Path], typer.Argument(metavar="RUN_DIR...", help="Run folders written by `ifcqa eval -o`.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="REPORT_DIR", help="The folder to write the report in.")],
) -> None:
    """Compare runs side by side (with both chance baselines): report.md, report.html and PNG figures."""
    from ifcqa.eval.report import write_report  # matplotlib is only imported to report
    from ifcqa.memory.report import is_memory_run, write_memory_report

    if runs and all(is_memory_run(run) for run in runs):  # IFCMemoryBench runs (`ifcqa memory eval`)
        for run in runs:
            for path in write_memory_report(run, out / run.name if len(runs) > 1 else out):
                typer.echo(str(path))
        return
    written = write_report(runs, out)
    for path in written:
        typer.echo(str(path))
