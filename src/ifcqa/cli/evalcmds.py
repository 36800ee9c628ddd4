"""``ifcqa eval`` (run an agent over a benchmark, resumable) and ``ifcqa report`` (compare runs)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress

from ifcqa.agents.base import DEFAULT_MAX_STEPS, DEFAULT_OBSERVATION_CHARS, AgentConfig
from ifcqa.cli.common import CacheDir, stderr_console
from ifcqa.eval.records import RunRecord


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
    typer.echo(
        f"{summary['agent']}{' / ' + summary['model'] if summary.get('model') else ''}: "
        f"{summary['n_correct']}/{summary['n_items']} correct, accuracy {_pct(summary['accuracy'])} "
        f"(95% CI {_pct(summary['wilson_low'])}–{_pct(summary['wilson_high'])}); "
        f"random would expect {_pct(summary['expected_random_accuracy'])}"
    )
    typer.echo(
        f"calls/item {summary['mean_tool_calls']:.2f}, one-call {_pct(summary['one_call_rate'])}, "
        f"tokens in/out {summary['tokens_in']}/{summary['tokens_out']}, "
        f"truncated observations {summary['truncated_observations']}, no answer {_pct(summary['no_answer_rate'])}, "
        f"fallback {_pct(summary['fallback_rate'])}"
    )
    typer.echo(f"run folder: {run_dir} (records.jsonl, summary.json)")


def eval_command(
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
) -> None:
    """Run an agent over a benchmark, one durable record per item; rerun the same command to resume."""
    from ifcqa.eval.runner import run_eval  # the agents and their clients are only imported to run

    config = AgentConfig(
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        max_steps=max_steps,
        observation_chars=observation_chars,
        seed=seed,
        cache_dir=cache_dir,
    )
    with _progress() as progress:
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
        )
    _print_summary(summary, out)


def report_command(
    runs: Annotated[list[Path], typer.Argument(metavar="RUN_DIR...", help="Run folders written by `ifcqa eval -o`.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="REPORT_DIR", help="The folder to write the report in.")],
) -> None:
    """Compare runs side by side (with both chance baselines): report.md, report.html and PNG figures."""
    from ifcqa.eval.report import write_report  # matplotlib is only imported to report

    written = write_report(runs, out)
    for path in written:
        typer.echo(str(path))
