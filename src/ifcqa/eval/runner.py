"""Running an agent over a benchmark into a run folder that survives being killed.

>>> summary = run_eval(Path("BENCH.jsonl"), "first-option", AgentConfig(), Path("runs/first"))

A run folder holds ``run.json`` (the configuration), ``records.jsonl`` (one graded record per
finished item, appended durably as each item finishes) and ``summary.json`` (written atomically at
the end). Running again into the same folder resumes: items that already have an answer are
skipped, so nothing is answered twice; items whose request failed (``error``) are asked again
(``retry_errors``), and the newest record of an item is the one that counts. A folder made with
another configuration (agent, model, endpoint, benchmark bytes, sampling, tools, limits, seed) is
refused, since mixing them would score two systems as one.

A run whose first items (:data:`EARLY_STOP_ITEMS`) all fail with the same connection or
authentication error stops at once (:class:`EvalAborted`, after writing the summary): every later
item would fail the same way, and a run of failures must not look like a result.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ifcqa
from ifcqa.agents.base import Agent, AgentConfig, AgentEnv, AgentResult, make_agent
from ifcqa.errors import IfcqaError
from ifcqa.eval.records import (
    RECORDS_FILE,
    RUN_FILE,
    SUMMARY_FILE,
    RecordWriter,
    RunConfig,
    RunError,
    RunRecord,
    make_record,
    read_records,
)
from ifcqa.eval.summary import summarize
from ifcqa.files.atomic import write_atomic
from ifcqa.index.cache import IndexCache
from ifcqa.index.model_index import load_index
from ifcqa.mcq.benchfile import BenchFileError, read_items, resolve_source
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import get_tools

if TYPE_CHECKING:
    from ifcqa.executor import Executor

Progress = Callable[[RunRecord], None]
EARLY_STOP_ITEMS = 3
FATAL_KINDS = frozenset({"connection", "auth"})  # errors no later item gets past (ifcqa.llm.client.FATAL_KINDS)


class EvalAborted(RunError):
    """The run stopped early: its first items all failed with the same connection or authentication error."""

    code = "eval_aborted"

    def __init__(self, message: str, summary: dict[str, Any]) -> None:
        super().__init__(message)
        self.summary = summary


def bench_sha256(bench: Path) -> str:
    """The SHA-256 of the benchmark file's bytes."""
    return hashlib.sha256(bench.read_bytes()).hexdigest()


def select_items(items: Sequence[Item], categories: Sequence[str] | None, limit: int | None) -> list[Item]:
    """The items a run answers: those matching any of ``categories``, then the first ``limit``.

    A category is matched by its code prefix (``direct.class``, a subtype code, ``direct``), by its
    name (``Class identification``) or by its group's name (``Direct retrieval``).

    Raises:
        IfcqaError: no item matches the categories.
    """
    chosen = list(items)
    if categories:
        chosen = [item for item in items if any(_matches(item, c) for c in categories)]
        if not chosen:
            known = sorted({item.subtype.rsplit(".", 1)[0] for item in items})
            raise IfcqaError(
                f"No item matches --categories {', '.join(categories)}. "
                f"The benchmark's categories are: {', '.join(known)}."
            )
    return chosen[:limit] if limit is not None else chosen


def _matches(item: Item, wanted: str) -> bool:
    return item.subtype == wanted or item.subtype.startswith(wanted + ".") or wanted in (item.category, item.group)


def load_envs(
    items: Sequence[Item], bench: Path, models_dir: Path | None, cache_dir: Path | None
) -> dict[str, AgentEnv]:
    """One :class:`AgentEnv` per source model of ``items`` (each index loaded once), keyed by ``source_file``.

    A model is found by :func:`ifcqa.mcq.benchfile.resolve_source`: next to the benchmark, then in
    ``models_dir`` by file name, then as stored; the first with the items' bytes wins.

    Raises:
        IfcqaError: a model is missing (every place looked is named), or its bytes are not the ones the
            items were made from.
    """
    cache = IndexCache(cache_dir)
    envs: dict[str, AgentEnv] = {}
    for item in items:
        if item.source_file in envs:
            continue
        path = resolve_source(item.source_file, bench, models_dir, item.source_sha256)
        index = load_index(path, cache=cache)
        if index.data.source.sha256 != item.source_sha256:
            raise BenchFileError(
                f"{path}: the file changed since the benchmark was generated (its SHA-256 differs from the "
                "items' source_sha256). Point --models-dir at the original models, or regenerate the benchmark."
            )
        envs[item.source_file] = AgentEnv(index=index, model_path=path)
    return envs


def open_run_dir(run_dir: Path, config: RunConfig) -> None:
    """Create the run folder, or check that an existing one was made with the same configuration.

    Raises:
        RunError: the folder is a file, or holds a run with another configuration.
    """
    if run_dir.exists() and not run_dir.is_dir():
        raise RunError(f"{run_dir}: is a file. Give a folder for the run with --out.")
    run_file = run_dir / RUN_FILE
    if run_file.exists():
        try:
            previous = RunConfig.model_validate_json(run_file.read_text(encoding="utf-8"))
        except ValueError:
            raise RunError(f"{run_file}: not a run configuration. Start the run in a new --out folder.") from None
        old, new = previous.identity(), config.identity()
        changed = sorted(key for key in old.keys() | new.keys() if old.get(key) != new.get(key))
        if changed:
            details = "; ".join(f"{key}: {old.get(key)!r} -> {new.get(key)!r}" for key in changed)
            raise RunError(
                f"{run_dir}: holds a run with another configuration ({details}). "
                "Resume it with the same settings, or write this run to a new --out folder."
            )
    elif (run_dir / RECORDS_FILE).exists():
        raise RunError(f"{run_dir}: has records but no {RUN_FILE}. Write this run to a new --out folder.")
    write_atomic(run_file, (config.model_dump_json(indent=2) + "\n").encode("utf-8"))


def run_config(
    agent_name: str, config: AgentConfig, bench: Path, limit: int | None, categories: Sequence[str] | None
) -> RunConfig:
    """The ``run.json`` of an invocation."""
    return RunConfig(
        temperature=config.temperature,
        max_tokens=config.max_tokens,
        tools=config.tools,
        max_retries=config.max_retries,
        no_cache=config.no_cache,
        cache_salt=config.cache_salt,
        agent=agent_name,
        model=config.model,
        base_url=config.base_url,
        api_key_env=config.api_key_env,
        bench=str(bench.resolve()),
        bench_sha256=bench_sha256(bench),
        max_steps=config.max_steps,
        observation_chars=config.observation_chars,
        seed=config.seed,
        extra=config.extra,
        ifcqa_version=ifcqa.__version__,
        limit=limit,
        categories=list(categories) if categories else None,
        timeout_s=config.timeout_s,
    )


def run_eval(
    bench_path: Path,
    agent_name: str,
    config: AgentConfig,
    run_dir: Path,
    *,
    concurrency: int = 4,
    limit: int | None = None,
    categories: Sequence[str] | None = None,
    cache_dir: Path | None = None,
    models_dir: Path | None = None,
    progress: Progress | None = None,
    retry_errors: bool = True,
    executor: Executor | None = None,
    ship_files: bool = False,
) -> dict[str, Any]:
    """Answer the benchmark's (selected) items with an agent, recording each; resume a killed run.

    Args:
        bench_path: ``BENCH.jsonl`` written by ``ifcqa mcq generate``.
        agent_name: a registered agent (``ifcqa.agents.base.get_agents``).
        config: the agent's configuration (model, endpoint, limits, seed).
        run_dir: the run folder (created; an existing one of the same configuration is resumed).
        concurrency: items answered at the same time.
        limit: answer only the first ``limit`` selected items.
        categories: answer only items of these categories (see :func:`select_items`).
        cache_dir: the index cache folder (default: the user's cache).
        models_dir: the folder holding the benchmark's models, looked up by file name.
        progress: called with each new record, from the worker thread that wrote it.
        retry_errors: answer again the items whose earlier record holds an error (a failed request).
        executor: where the agent's per-file work runs (``--dask``): the code agent's sandboxed runs,
            one task each; the conversation with the model stays in this process. ``None``: here.
        ship_files: send the models' bytes to the executor's workers (no shared file system).

    Returns:
        The run's summary (also written to ``run_dir/summary.json``), over the newest record of every
        item in the folder.

    Raises:
        EvalAborted: the first items all failed with the same connection or authentication error (the
            summary is written first; the failed items are retried by the next run).
        IfcqaError: a bad benchmark line, a missing model, an unknown agent, an executor for an agent
            with no work to give it, or a mismatched run folder. An exception raised by the agent stops
            the run; finished items stay recorded.
    """
    if concurrency < 1:
        raise IfcqaError(f"--concurrency must be at least 1, got {concurrency}.")
    items = select_items(read_items(bench_path), categories, limit)
    get_tools()  # every registry the agents read is complete before any worker thread starts
    run = run_config(agent_name, config, bench_path, limit, categories)
    agent = make_agent(agent_name, config)  # an unknown agent or a bad setting fails before the folder is made
    if executor is not None:
        use_executor = getattr(agent, "use_executor", None)
        if use_executor is None:
            raise IfcqaError(
                f"--dask: the {agent_name} agent has no work to run on workers (only the code agent's sandboxed "
                "runs do). Drop --dask for this agent."
            )
        use_executor(executor, ship_files)
    open_run_dir(run_dir, run)
    records_path = run_dir / RECORDS_FILE
    previous = read_records(records_path, repair=True)
    attempts = Counter(record.item_id for record in previous)
    done = {r.item_id for r in latest_records(previous) if r.error is None or not retry_errors}
    todo = [item for item in items if item.id not in done]
    stopped: str | None = None
    if todo:
        envs = load_envs(todo, bench_path, models_dir, cache_dir)
        with RecordWriter(records_path) as writer:
            stopped = _answer_all(agent, agent_name, config.model, todo, envs, writer, concurrency, progress, attempts)
    summary = summarize(latest_records(read_records(records_path)), run.model_dump())
    write_atomic(run_dir / SUMMARY_FILE, (json.dumps(summary, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    if stopped is not None:
        raise EvalAborted(stopped, summary)
    return summary


def latest_records(records: list[RunRecord]) -> list[RunRecord]:
    """The newest record of each item (an errored item retried has several), in first-seen order."""
    seen: dict[str, RunRecord] = {}
    for record in records:
        seen[record.item_id] = record
    return list(seen.values())


class _EarlyStop:
    """Watches the first finished items: all failed with one connection or authentication error -> stop."""

    def __init__(self, watched: int) -> None:
        self.watched = watched
        self.first: list[RunRecord] = []
        self.reason: str | None = None
        self._lock = threading.Lock()

    def add(self, record: RunRecord) -> None:
        with self._lock:
            if len(self.first) >= self.watched:
                return
            self.first.append(record)
            if len(self.first) < self.watched:
                return
            kinds = {(r.error_kind, r.error_status) for r in self.first}
            (kind, _), *others = list(kinds)
            if not others and kind in FATAL_KINDS and all(r.error for r in self.first):
                what = "connection" if kind == "connection" else "authentication"
                self.reason = (
                    f"stopped: the first {len(self.first)} items all failed with the same {what} error, so every "
                    f"other item would too. {self.first[-1].error} Fix that and rerun the same command: the "
                    "failed items are asked again."
                )

    @property
    def stop(self) -> bool:
        return self.reason is not None


def tool_list_mismatch(result: AgentResult, expected: tuple[str, ...] | None, registry: frozenset[str]) -> str | None:
    """Why the tools an item's agent had differ from the registry's, or ``None`` when they do not.

    ``expected`` is the agent's tool list as built before the run (``None``: an agent without tools).
    An answer given with other tools (or told that a registered tool is unknown) measures the tool
    list, not the agent: the runner records it as an error, retried by the next run, never as a
    graded answer.
    """
    if expected is not None and result.tool_names and tuple(result.tool_names) != tuple(expected):
        missing = sorted(set(expected) - set(result.tool_names))
        extra = sorted(set(result.tool_names) - set(expected))
        return (
            f"tool list mismatch: this item was offered {len(result.tool_names)} tools where the run's registry "
            f"gives {len(expected)} (missing: {', '.join(missing) or 'none'}; extra: {', '.join(extra) or 'none'}). "
            "The answer is not graded; rerun the same command to retry the item."
        )
    lost = sorted({c.name for c in result.tool_calls if c.error_kind == "unknown_tool" and c.name in registry})
    if lost:
        return (
            f"tool list mismatch: the registered tool(s) {', '.join(lost)} were reported unknown to the agent. "
            "The answer is not graded; rerun the same command to retry the item."
        )
    return None


def _answer_all(
    agent: Agent,
    agent_name: str,
    model: str | None,
    items: Sequence[Item],
    envs: dict[str, AgentEnv],
    writer: RecordWriter,
    concurrency: int,
    progress: Progress | None,
    attempts: Counter[str],
) -> str | None:
    """Answer ``items``; the reason the run stopped early, or ``None``."""
    watch = _EarlyStop(min(EARLY_STOP_ITEMS, len(items)))
    registry = frozenset(get_tools())  # complete before any worker starts (ifcqa.once)
    expected: tuple[str, ...] | None = getattr(agent, "tool_names", None)

    def answer_one(item: Item) -> None:
        if watch.stop:
            return
        started = time.perf_counter()
        result = agent.answer(item, envs[item.source_file])
        mismatch = tool_list_mismatch(result, expected, registry)
        if mismatch is not None:
            result.error, result.error_kind, result.selected = mismatch, "tool_registry", []
        if not result.latency_s:
            result.latency_s = time.perf_counter() - started
        record = make_record(item, result, agent_name, model, attempt=attempts[item.id] + 1)
        writer.append(record)
        watch.add(record)
        if progress is not None:
            progress(record)

    executor = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="ifcqa-eval")
    try:
        futures: list[Future[None]] = [executor.submit(answer_one, item) for item in items]
        finished, _ = wait(futures, return_when=FIRST_EXCEPTION)
        for future in futures:
            if future in finished and future.exception() is not None:
                future.result()  # re-raise the first failure; items not started are cancelled below
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    return watch.reason
