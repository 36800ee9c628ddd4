"""Inspect AI logs of ``ifcqa/ifc_mcq`` as runs for ``ifcqa report``.

An ``.eval`` (or Inspect ``.json``) log written by ``inspect eval ifcqa/ifc_mcq`` is read with
``inspect_ai.log.read_eval_log`` and each sample becomes a :class:`~ifcqa.eval.records.RunRecord`
with the fields the ifcqa runner records: the item id and taxonomy labels (sample metadata), the
selected labels and correctness (Inspect's ``choice`` score), tokens (the sample's model usage, cache
reads and writes counted as input, as the OpenAI usage the ifcqa client reads does), steps (assistant
turns), tool calls (tool events: failed calls and Inspect's truncations included), latency and the
fallback turn. So an Inspect run and an ``ifcqa eval`` run of the same benchmark land in one table.

inspect-ai is imported only to read a log; without it, such a log is an error naming the install.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ifcqa.eval.loaders import RunData, run_reader
from ifcqa.eval.records import RunError, RunRecord, ToolCallSummary

if TYPE_CHECKING:
    from inspect_ai.log import EvalLog, EvalSample

FALLBACK_KEY = "ifcqa_fallback_used"  # the store key ifcqa.inspect.solvers sets
_JSON_LOG_HEAD = re.compile(r'^\s*\{\s*"version"\s*:\s*\d+\s*,\s*"status"\s*:')


def is_inspect_log(path: Path) -> bool:
    """``True`` for an Inspect ``.eval`` file, or a ``.json`` file that starts like an Inspect log."""
    if not path.is_file():
        return False
    if path.suffix == ".eval":
        return True
    if path.suffix != ".json":
        return False
    with open(path, encoding="utf-8", errors="replace") as handle:
        return bool(_JSON_LOG_HEAD.match(handle.read(200)))


def _read_log(path: Path) -> EvalLog:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise RunError(
            f"{path}: reading Inspect logs needs inspect-ai. Install it: pip install 'ifcqa[inspect]'."
        ) from None
    try:
        return read_eval_log(str(path))
    except Exception as exc:  # whatever the parse failure, it is the same input error for the user
        raise RunError(
            f"{path}: not a readable Inspect log ({exc.__class__.__name__}). Give a .eval log file."
        ) from None


@run_reader("inspect-log", detect=is_inspect_log)
def read_inspect_log(path: Path) -> RunData:
    """An Inspect log of the ``ifcqa/ifc_mcq`` task as :class:`RunData` (the first epoch of each item).

    Raises:
        RunError: inspect-ai is missing, the file is not a log, it is the log of another task, or it
            holds no samples.
    """
    log = _read_log(path)
    meta = log.eval.metadata or {}
    if not log.eval.task.endswith("ifc_mcq") or "ifcqa_agent" not in meta:
        raise RunError(f"{path}: an Inspect log of {log.eval.task!r}, not of ifcqa/ifc_mcq. Give a log of that task.")
    if not log.samples:
        raise RunError(f"{path}: the log holds no samples. Re-run `inspect eval` without --no-log-samples.")
    agent = str(meta["ifcqa_agent"])
    records: dict[str, RunRecord] = {}
    for sample in sorted(log.samples, key=lambda s: s.epoch):
        record = sample_record(sample, agent, log.eval.model)
        records.setdefault(record.item_id, record)
    config = {"runner": "inspect", "task": log.eval.task, "status": log.status, "task_args": log.eval.task_args}
    bench = meta.get("bench")
    return RunData(
        path=path,
        agent=agent,
        model=log.eval.model,
        records=list(records.values()),
        config=config | {"metadata": meta},
        bench=Path(bench) if bench else None,
        bench_sha256=meta.get("bench_sha256"),
    )


def sample_record(sample: EvalSample, agent: str, model: str | None) -> RunRecord:
    """One Inspect sample of ``ifcqa/ifc_mcq`` as the record ``ifcqa eval`` would have written."""
    meta = sample.metadata
    score = (sample.scores or {}).get("choice") or next(iter((sample.scores or {}).values()), None)
    selected = sorted(set(re.findall(r"[A-Z]", score.answer or ""))) if score else []
    tool_calls = _tool_calls(sample)
    tokens_in, tokens_out = _tokens(sample)
    return RunRecord(
        item_id=str(meta.get("id", sample.id)),
        agent=agent,
        model=model,
        source_file=str(meta.get("source_file", "")),
        source_sha256=str(meta.get("source_sha256", "")),
        group=str(meta.get("group", "")),
        category=str(meta.get("category", "")),
        subtype=str(meta.get("subtype", "")),
        question_type=str(meta.get("question_type", "single")),
        n_options=len(sample.choices or []),
        selected=selected,
        answer=sorted([sample.target] if isinstance(sample.target, str) else sample.target),
        correct=bool(score is not None and score.value == "C"),
        raw_answer=sample.output.completion if sample.output else None,
        steps=sum(message.role == "assistant" for message in sample.messages),
        tool_calls=tool_calls,
        truncated_observations=sum(call.truncated for call in tool_calls),
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        latency_s=round(sample.total_time or 0.0, 4),
        fallback_used=bool(sample.store.get(FALLBACK_KEY, False)),
        parse="inspect" if selected else "none",
        error=_error(sample),
        transcript=[message.model_dump(mode="json", exclude_none=True) for message in sample.messages],
    )


def _tool_calls(sample: EvalSample) -> list[ToolCallSummary]:
    from inspect_ai.event import ToolEvent

    calls = []
    for event in sample.events:
        if isinstance(event, ToolEvent):
            text = event.result if isinstance(event.result, str) else str(event.result or "")
            chars = event.truncated[0] if event.truncated else len(text)
            calls.append(
                ToolCallSummary(
                    name=event.function,
                    arguments=event.arguments,
                    ok=event.error is None,
                    chars=chars,
                    truncated=event.truncated is not None,
                )
            )
    return calls


def _tokens(sample: EvalSample) -> tuple[int, int]:
    tokens_in = tokens_out = 0
    for usage in sample.model_usage.values():
        tokens_in += usage.input_tokens + (usage.input_tokens_cache_read or 0) + (usage.input_tokens_cache_write or 0)
        tokens_out += usage.output_tokens
    return tokens_in, tokens_out


def _error(sample: EvalSample) -> str | None:
    if sample.error is not None:
        return sample.error.message
    if sample.limit is not None:
        return f"{sample.limit.type} limit reached ({sample.limit.limit})"
    return None
