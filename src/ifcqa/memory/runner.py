"""``ifcqa memory eval``: every task x memory system x ingestion scope into a resumable run folder.

For each task, system and scope a fresh memory ingests the prior sessions (cut to the scope) in time
order; then the probe question is searched (``k`` items: retrieval relevance and key-fact coverage,
no LLM needed) and, when an agent model is configured, the probe agent answers with the IFC tools and
``search_project_memory`` (answer correctness, and coverage of what the agent itself retrieved).

The run folder holds ``run.json`` (the configuration), ``records.jsonl`` (one record per finished
task x system x scope, appended as each finishes) and ``summary.json`` (written atomically at the end).
Running again into the same folder resumes: finished records are kept, errored ones are run again and
the newest record counts; a folder made with another configuration is refused.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ifcqa
from ifcqa.agents.base import AgentConfig
from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.hashing import file_sha256 as ifc_file_sha256
from ifcqa.files.jsonl import complete_lines
from ifcqa.index.model_index import ModelIndex, load_index
from ifcqa.memory.base import (
    DEFAULT_WINDOW_TOKENS,
    LLMEndpoint,
    MemoryContext,
    check_scopes,
    get_systems,
    hit_text,
    make_memory,
    scoped,
)
from ifcqa.memory.facts import Extractor, LLMExtractor, RuleExtractor, StatementExtractor
from ifcqa.memory.scoring import DEFAULT_BUDGET, answer_correct, fit_budget, retrieval_scores
from ifcqa.memory.tasks import Task, TaskFileError, read_tasks, resolve_model

if TYPE_CHECKING:
    from ifcqa.llm.client import ChatClient

RUN_FILE, RECORDS_FILE, SUMMARY_FILE = "run.json", "records.jsonl", "summary.json"
KIND = "ifcqa-memory-run/1"
HIT_CHARS = 600  # what a record keeps of each hit


class MemoryRunError(IfcqaError):
    code = "memory_run_error"


@dataclass
class MemoryRunConfig:
    tasks_file: str
    tasks_sha256: str
    systems: list[str]
    scopes: list[str]
    k: int = 5
    window_tokens: int = DEFAULT_WINDOW_TOKENS
    extractor: str = "statements"  # statements | rules | llm:<model>
    agent_model: str | None = None
    agent_base_url: str | None = None
    agent_tools: str = "core"
    max_steps: int = 8
    judge_model: str | None = None
    memory_mode: str = "tool"  # tool | attached (ifcqa.memory.agent)
    budget_chars: int = DEFAULT_BUDGET  # the retrieval budget every system is scored on (ifcqa.memory.scoring)
    kind: str = KIND
    ifcqa: str = ifcqa.__version__
    limit: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def identity(self) -> dict[str, Any]:
        """What must match to resume a run (the version and the task file's path may change)."""
        data = asdict(self)
        for key in ("ifcqa", "tasks_file", "limit"):
            data.pop(key)
        return data


def file_sha256(path: Path) -> str:
    if not path.is_file():
        raise TaskFileError(f"Task file {path} not found. Write one with `ifcqa memory generate FILES... -o {path}`.")
    return ifc_file_sha256(path)


def open_run(run_dir: Path, config: MemoryRunConfig) -> list[dict[str, Any]]:
    """Create or reopen a run folder; the records already there (a folder of another run is refused)."""
    run_file = run_dir / RUN_FILE
    if run_file.is_file():
        try:
            # a run from before budgets (no budget_chars) was scored on uncut hits: not one to resume into
            old = MemoryRunConfig(**{"budget_chars": 0, **json.loads(run_file.read_text(encoding="utf-8"))})
        except (TypeError, json.JSONDecodeError):
            raise MemoryRunError(
                f"{run_dir} holds a run.json that is not a memory run; give another -o folder."
            ) from None
        if old.identity() != config.identity():
            changed = [k for k, v in config.identity().items() if old.identity().get(k) != v]
            raise MemoryRunError(
                f"{run_dir} was run with other settings ({', '.join(changed)} differ); "
                "give another -o folder or the same settings to resume."
            )
    elif run_dir.exists() and any(run_dir.iterdir()):
        raise MemoryRunError(f"{run_dir} exists and is not a memory run folder; give a new or empty -o folder.")
    write_atomic(run_file, json.dumps(asdict(config), indent=1).encode())
    return read_records(run_dir, repair=True)


def read_records(run_dir: Path, repair: bool = False) -> list[dict[str, Any]]:
    """The records of a run. A last line without its newline is a write cut short by a kill: it is
    ignored, and with ``repair`` cut from the file, so that appending starts on a clean line.

    Raises:
        MemoryRunError: a complete line is not a record (named by its number).
    """
    path = run_dir / RECORDS_FILE
    records = []
    for number, line in complete_lines(path, repair):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            raise MemoryRunError(
                f"{path}, line {number}: not a record. Delete that line to re-run it, or give another -o folder."
            ) from None
    return records


def latest(records: list[dict[str, Any]]) -> dict[tuple[str, str, str], dict[str, Any]]:
    out: dict[tuple[str, str, str], dict[str, Any]] = {}
    for r in records:
        out[(r["task"], r["system"], r["scope"])] = r
    return out


def _client(model: str, agent: AgentConfig | None) -> ChatClient:
    """A client for ``model`` at the agent's endpoint, with its response cache settings."""
    from ifcqa.agents.answer import client_for

    base = agent or AgentConfig()
    config = AgentConfig(model=model, base_url=base.base_url, cache_dir=base.cache_dir, no_cache=base.no_cache)
    return client_for(config)


def _extractor(name: str, agent: AgentConfig | None) -> Extractor:
    if name == "statements":
        return StatementExtractor()
    if name == "rules":
        return RuleExtractor()
    if name.startswith("llm:"):
        return LLMExtractor(_client(name[4:], agent))
    raise MemoryRunError(f"--extract {name!r}: give statements, rules or llm:MODEL.")


ADAPTERS = frozenset({"mem0", "graphiti"})  # systems that call an LLM themselves (the real packages)


def adapter_endpoint(config: MemoryRunConfig, agent: AgentConfig | None) -> LLMEndpoint | None:
    """The chat model the package adapters call: ``--extract llm:MODEL``, else the probe agent's ``--model``.

    Served at ``--base-url``; ``local`` / ``local:PATH`` are started in process and their loopback URL used.
    ``None`` when neither is configured (the adapters then refuse with a message naming the options).
    """
    model = config.extractor[4:] if config.extractor.startswith("llm:") else config.agent_model
    if not model:
        return None
    base = agent or AgentConfig()
    from ifcqa.llm.local import is_local_model

    if is_local_model(model):
        from ifcqa.agents.answer import client_for

        client: Any = client_for(AgentConfig(model=model, extra=base.extra, no_cache=True))
        return LLMEndpoint(client.model, client.server.url, None)
    return LLMEndpoint(model, base.base_url, os.environ.get(base.api_key_env) or None)


def _adapters_ready(config: MemoryRunConfig, agent: AgentConfig | None) -> LLMEndpoint | None:
    """The adapters' endpoint; refuses up front (nothing written) a missing package or a missing model."""
    adapters = [s for s in config.systems if s in ADAPTERS]
    if not adapters:
        return None
    from ifcqa.memory.systems.adapter_common import INSTALL, PACKAGES, installed

    missing = [PACKAGES[s][0] for s in adapters if not installed(s)]
    if missing:
        raise MemoryRunError(f"--systems {','.join(adapters)} needs {', '.join(missing)}, not installed: {INSTALL}.")
    endpoint = adapter_endpoint(config, agent)
    if endpoint is None:
        raise MemoryRunError(
            f"--systems {','.join(adapters)}: these packages extract facts with an LLM; pass --extract llm:MODEL "
            "or the probe agent's --model M, with --base-url URL (or --model local)."
        )
    return endpoint


Progress = Callable[[dict[str, Any]], None]


def run_memory_eval(
    tasks_path: Path,
    run_dir: Path,
    config: MemoryRunConfig,
    *,
    agent_config: AgentConfig | None = None,
    models_dir: Path | None = None,
    progress: Progress | None = None,
    agent_client: Any = None,
    extractor: Extractor | None = None,
    judge_client: Any = None,
) -> dict[str, Any]:
    """Run (or resume) ``config`` over the tasks of ``tasks_path`` into ``run_dir``; the summary."""
    from ifcqa.memory.report import summarize

    task_set = read_tasks(tasks_path)
    systems = get_systems()
    unknown = [s for s in config.systems if s not in systems]
    if unknown:
        raise MemoryRunError(f"Unknown memory system(s) {', '.join(unknown)}; available: {', '.join(systems)}.")
    check_scopes(config.scopes)
    tasks = task_set.tasks[: config.limit] if config.limit else task_set.tasks
    endpoint = _adapters_ready(config, agent_config)
    done = {key for key, r in latest(open_run(run_dir, config)).items() if not r.get("error")}
    extract = extractor or _extractor(config.extractor, agent_config)
    agent = None
    if config.agent_model:
        from ifcqa.memory.agent import MemoryProbeAgent

        agent = MemoryProbeAgent(
            agent_config or AgentConfig(model=config.agent_model), client=agent_client, budget=config.budget_chars
        )
    judge = judge_client
    if judge is None and config.judge_model:
        judge = _client(config.judge_model, agent_config)
    indexes: dict[str, ModelIndex] = {}
    with (run_dir / RECORDS_FILE).open("a", encoding="utf-8") as out:
        for task in tasks:
            todo = [(s, c) for s in config.systems for c in config.scopes if (task.id, s, c) not in done]
            if not todo:
                continue
            path = resolve_model(task, tasks_path, models_dir)
            if str(path) not in indexes:
                indexes[str(path)] = load_index(path)
            index = indexes[str(path)]
            if index.data.source.sha256 != task.model.get("sha256"):
                raise TaskFileError(
                    f"Task {task.id}: {path} is not the model the task was generated from (its SHA-256 differs); "
                    "regenerate the tasks or pass --models-dir with the original file."
                )
            for system, scope in todo:
                record = run_one(task, index, system, scope, config, extract, agent, judge, endpoint)
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
                out.flush()
                if progress is not None:
                    progress(record)
    summary = summarize(list(latest(read_records(run_dir)).values()), config)
    write_atomic(run_dir / SUMMARY_FILE, json.dumps(summary, indent=1, ensure_ascii=False).encode())
    return summary


def run_one(
    task: Task,
    index: ModelIndex,
    system: str,
    scope: str,
    config: MemoryRunConfig,
    extractor: Extractor,
    agent: Any = None,
    judge: Any = None,
    endpoint: LLMEndpoint | None = None,
) -> dict[str, Any]:
    """One task x system x scope: ingest, search, score (and answer, with an agent; and judge, with a judge)."""
    record: dict[str, Any] = {
        "task": task.id,
        "template": task.template,
        "model": Path(task.model["path"]).name,
        "system": system,
        "scope": scope,
        "seed_in": task.metadata.get("seed_in"),
        # the packages behind the adapters extract with their own prompts and the configured model
        "extractor": f"{system}:llm:{endpoint.model}" if system in ADAPTERS and endpoint else extractor.name,
        "error": None,
    }
    memory: Any = None
    try:
        context = MemoryContext(index, extractor, window_tokens=config.window_tokens, llm=endpoint)
        memory = make_memory(system, context)
        started = time.perf_counter()
        ingested_chars = 0
        for session in task.sessions:
            part = scoped(session, scope)
            ingested_chars += len(part.text())
            memory.ingest(part)
        record["ingest_s"] = round(time.perf_counter() - started, 4)
        record["ingested_chars"] = ingested_chars
        started = time.perf_counter()
        found = memory.search(task.probe["question"], config.k)
        record["search_s"] = round(time.perf_counter() - started, 4)
        hits = fit_budget(found, config.budget_chars)  # what every system is scored on: one budget
        record["retrieval"] = retrieval_scores(task, hits)
        record["retrieval_unbudgeted"] = retrieval_scores(task, found)  # the oracle view, reported apart
        record["hits"] = [
            {
                "text": h.text[:HIT_CHARS],
                "sessions": h.sessions[:40],
                "score": round(h.score, 4),
                **({"meta": h.meta} if h.meta else {}),
            }
            for h in hits
        ]
        if agent is not None:
            attached = hits if config.memory_mode == "attached" else []
            probe = agent.answer(task.probe["question"], index, memory, attached=attached)
            record["answer"] = {
                "text": probe.answer,
                "correct": answer_correct(probe.answer, task.gold, task.superseded),
                "steps": probe.agent.steps,
                "tool_calls": [c.name for c in probe.agent.tool_calls],
                "memory_calls": len(probe.memory_calls),
                "fallback": probe.agent.fallback_used,
                "tokens_in": probe.agent.tokens_in,
                "tokens_out": probe.agent.tokens_out,
                "error": probe.agent.error,
                "attached": len(attached),
                # exactly what the agent was shown: the attached hits (within the budget) and each memory call's
                # observation as cut for the agent
                "agent_retrieval": retrieval_scores(task, [*attached, *probe.memory_hits()]),
            }
            if probe.agent.error:
                record["error"] = f"agent: {probe.agent.error.splitlines()[0]}"
        if judge is not None:
            from ifcqa.memory.judges import judge_answer, judge_memory

            answer = record["answer"]["text"] if "answer" in record else None
            record["judge"] = {"memory": judge_memory(judge, task, hit_text(hits), answer)}
            if "answer" in record:
                record["judge"]["answer"] = judge_answer(judge, task, answer)
    except IfcqaError as exc:
        record["error"] = str(exc).splitlines()[0]
    except Exception as exc:  # noqa: BLE001 - one failing system must not stop the run; the record says why
        record["error"] = f"internal: {type(exc).__name__}: {exc}"
        record["traceback"] = traceback.format_exc(limit=5)
    finally:
        close = getattr(memory, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):  # releasing a package's resources must not lose the record
                close()
    return record


def config_for(
    tasks_path: Path,
    systems: Sequence[str],
    scopes: Sequence[str],
    *,
    k: int,
    window_tokens: int,
    extractor: str,
    agent: AgentConfig | None,
    limit: int | None,
    judge_model: str | None = None,
    memory_mode: str = "tool",
    budget_chars: int = DEFAULT_BUDGET,
) -> MemoryRunConfig:
    from ifcqa.memory.agent import MEMORY_MODES

    if memory_mode not in MEMORY_MODES:
        raise MemoryRunError(f"Unknown memory mode {memory_mode!r}: give {' or '.join(MEMORY_MODES)}.")
    if memory_mode != "tool" and agent is None:
        raise MemoryRunError(f"--memory-mode {memory_mode} attaches memory to the probe agent's prompt: give --model.")
    return MemoryRunConfig(
        tasks_file=str(tasks_path),
        tasks_sha256=file_sha256(tasks_path),
        systems=list(systems),
        scopes=list(scopes),
        k=k,
        window_tokens=window_tokens,
        extractor=extractor,
        agent_model=agent.model if agent else None,
        agent_base_url=agent.base_url if agent else None,
        agent_tools=agent.tools if agent else "core",
        max_steps=agent.max_steps if agent else 8,
        limit=limit,
        judge_model=judge_model,
        memory_mode=memory_mode,
        budget_chars=budget_chars,
    )
