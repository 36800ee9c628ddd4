"""The files of a run folder: ``run.json`` (the configuration), ``records.jsonl`` (one line per item).

``records.jsonl`` is append-only. Each record is written as one line, flushed and fsync'ed under a
lock, so a killed run loses at most the line being written; :func:`read_records` drops such a torn
last line (and cuts it from the file) so a resumed run writes that item again. Any other damaged
line is an error naming it, because a silently skipped record would change the score.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar

from pydantic import BaseModel, Field, ValidationError

from ifcqa.agents.base import AgentResult
from ifcqa.errors import IfcqaError
from ifcqa.eval.grading import is_correct
from ifcqa.files.jsonl import complete_lines
from ifcqa.mcq.items import Item

RECORD_FORMAT = 2  # 2: errors with kind/status/body, steps, call sources, repeats, cache hits
RUN_FILE = "run.json"
RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"


class RunError(IfcqaError):
    """A run folder or its files cannot be used as they are."""

    code = "run_error"


class ToolCallSummary(BaseModel):
    """One tool call of an answer, without its observation text (that is in the transcript)."""

    name: str
    arguments: Any = None
    ok: bool
    chars: int
    truncated: bool
    source: str = "native"  # native, or the text form the call was read from (hermes, json...)
    error: str | None = None  # the first line of the error the call got
    error_kind: str | None = None  # arguments | unknown_tool | tool | repeat
    repeat: bool = False  # identical to the call before it
    blocked: bool = False  # not run: too many repeats in a row


class StepSummary(BaseModel):
    """One model call of an answer."""

    cached: bool = False
    retries: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    finish_reason: str | None = None
    native_calls: int = 0
    text_calls: int = 0
    text_form: str | None = None
    fallback: bool = False


class RunRecord(BaseModel):
    """How one item was answered and graded."""

    record_format: int = RECORD_FORMAT
    item_id: str
    agent: str
    model: str | None = None
    source_file: str
    source_sha256: str
    group: str
    category: str
    subtype: str
    question_type: str
    n_options: int
    selected: list[str]
    answer: list[str]
    correct: bool
    raw_answer: str | None = None
    steps: int = 0
    tool_calls: list[ToolCallSummary] = Field(default_factory=list)
    truncated_observations: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    fallback_used: bool = False
    parse: str = "strict"
    error: str | None = None  # the item was not answered: the request failed (it is retried on resume)
    error_kind: str | None = None  # connection | auth | timeout | rate_limit | server | request | protocol
    error_status: int | None = None
    error_body: str | None = None
    tools_offered: int = 0
    steps_log: list[StepSummary] = Field(default_factory=list)
    cache_hits: int = 0  # model calls answered from the response cache
    retries: int = 0  # failed HTTP attempts retried
    repeated_calls: int = 0
    blocked_calls: int = 0
    example_copied: bool = False
    attempt: int = 1  # 1 + the number of earlier records of this item (errored attempts retried)
    transcript: list[dict[str, Any]] = Field(default_factory=list)

    @property
    def failed(self) -> bool:
        """The item has no answer because its request failed (not a wrong answer)."""
        return self.error is not None


class RunConfig(BaseModel):
    """``run.json``: what a run is (compared on resume) and how it was last invoked (not compared)."""

    agent: str
    model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    bench: str
    bench_sha256: str
    max_steps: int
    observation_chars: int
    seed: int
    extra: dict[str, Any] = Field(default_factory=dict)
    ifcqa_version: str
    # the selection of the latest invocation; a resumed run may widen or narrow it
    temperature: float | None = None
    max_tokens: int | None = None
    tools: str = "all"
    # the selection and plumbing of the latest invocation; a resumed run may change them
    limit: int | None = None
    categories: list[str] | None = None
    timeout_s: float | None = None
    max_retries: int | None = None
    no_cache: bool = False
    cache_salt: str | None = None

    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset(
        {"bench", "api_key_env", "limit", "categories", "timeout_s", "max_retries", "no_cache", "cache_salt"}
    )

    def identity(self) -> dict[str, Any]:
        """The fields two invocations must share to write into the same run folder."""
        return self.model_dump(exclude=set(self.NOT_COMPARED))


def make_record(item: Item, result: AgentResult, agent: str, model: str | None, attempt: int = 1) -> RunRecord:
    """Grade ``result`` against the item's key and put both into one record (a failed request is never
    correct, whatever it selected)."""
    selected = sorted(set(result.selected)) if result.error is None else []
    return RunRecord(
        item_id=item.id,
        agent=agent,
        model=model,
        source_file=item.source_file,
        source_sha256=item.source_sha256,
        group=item.group,
        category=item.category,
        subtype=item.subtype,
        question_type=item.question_type,
        n_options=len(item.options),
        selected=selected,
        answer=sorted(item.answer),
        correct=is_correct(selected, item.answer),
        raw_answer=result.raw_answer,
        steps=result.steps,
        tool_calls=[
            ToolCallSummary(
                name=c.name,
                arguments=c.arguments,
                ok=c.ok,
                chars=c.observation_chars,
                truncated=c.truncated,
                source=c.source,
                error=c.error,
                error_kind=c.error_kind,
                repeat=c.repeat,
                blocked=c.blocked,
            )
            for c in result.tool_calls
        ],
        truncated_observations=result.truncated_observations,
        tokens_in=result.tokens_in,
        tokens_out=result.tokens_out,
        latency_s=round(result.latency_s, 4),
        fallback_used=result.fallback_used,
        parse=result.parse,
        error=result.error,
        error_kind=result.error_kind if result.error is not None else None,
        error_status=result.error_status,
        error_body=result.error_body,
        tools_offered=result.tools_offered,
        steps_log=[StepSummary(**vars(step)) for step in result.steps_log],
        cache_hits=sum(step.cached for step in result.steps_log),
        retries=sum(step.retries for step in result.steps_log) + max(0, result.error_attempts - 1),
        repeated_calls=result.repeated_calls,
        blocked_calls=result.blocked_calls,
        example_copied=result.example_copied,
        attempt=attempt,
        transcript=result.transcript,
    )


def read_records(path: Path, repair: bool = False) -> list[RunRecord]:
    """The complete records of a ``records.jsonl`` (none when it does not exist).

    A last line without its newline is a write cut short by a kill: it is ignored, and with
    ``repair`` cut from the file so appending starts on a clean line.

    Raises:
        RunError: a complete line is not a record (named by its number).
    """
    records: list[RunRecord] = []
    for number, line in complete_lines(path, repair):
        try:
            records.append(RunRecord.model_validate_json(line))
        except ValidationError:
            raise RunError(
                f"{path}, line {number}: not a run record. Delete that line to re-run its item, "
                "or start a new run with a new --out folder."
            ) from None
    return records


class RecordWriter:
    """Appends records to ``records.jsonl``, one durable line each, safely from many threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._handle = open(path, "ab")  # noqa: SIM115 — closed by close() / the context manager

    def append(self, record: RunRecord) -> None:
        """Write one record as a line and force it to disk before returning."""
        line = (record.model_dump_json() + "\n").encode("utf-8")
        with self._lock:
            self._handle.write(line)
            self._handle.flush()
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._handle.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
