"""Reading finished runs for reports, whatever wrote them: :func:`load_run` and its readers.

A reader turns one input (a folder, a log file) into :class:`RunData`: graded records in the
runner's :class:`~ifcqa.eval.records.RunRecord` shape plus the run's configuration. Readers are
registered with :func:`run_reader` and tried in registration order; the built-in one reads ifcqa
run folders. Another format (Inspect AI ``.eval`` logs, say) is added by registering a reader that
detects its files and maps its samples to records; nothing else in the report changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ifcqa.eval.records import RECORDS_FILE, RUN_FILE, RunConfig, RunError, RunRecord, read_records
from ifcqa.registry import Loader, kind


@dataclass
class RunData:
    """One run as a report sees it."""

    path: Path
    agent: str
    model: str | None
    records: list[RunRecord]
    config: dict[str, Any] = field(default_factory=dict)
    bench: Path | None = None  # the benchmark file the run answered, when known
    bench_sha256: str | None = None
    label: str = ""
    baseline: bool = False  # computed by the report, not read from an input

    def __post_init__(self) -> None:
        if not self.label:
            self.label = self.path.name


ReadRun = Callable[[Path], RunData]


@dataclass(frozen=True)
class RunReader:
    """A run format: how to recognise an input and how to read it."""

    name: str
    detect: Callable[[Path], bool]
    read: ReadRun


# run_reader:<format>; the built-in readers, then the ``ifcqa.run_readers`` plug-ins
RUN_READERS = kind(
    "run_reader",
    "run readers",
    Loader(modules=("ifcqa.eval.loaders", "ifcqa.eval.inspect_reader"), groups=("ifcqa.run_readers",)),
)


def run_reader(name: str, detect: Callable[[Path], bool]) -> Callable[[ReadRun], ReadRun]:
    """Register a reader for inputs that ``detect`` recognises."""
    return RUN_READERS.decorator(name, detect=detect)


def get_run_readers() -> dict[str, RunReader]:
    """The registered readers by name, in the order they are tried."""
    return {name: RunReader(name, entry.info["detect"], entry.obj) for name, entry in RUN_READERS.entries().items()}


def load_run(path: Path) -> RunData:
    """Read one run with the first reader that recognises ``path``.

    Raises:
        RunError: the path is missing, or no reader recognises it.
    """
    if not path.exists():
        raise RunError(f"{path}: no such run folder. Give folders written by `ifcqa eval -o`.")
    readers = get_run_readers()
    for reader in readers.values():
        if reader.detect(path):
            return reader.read(path)
    known = ", ".join(readers)
    raise RunError(
        f"{path}: not a run this version can read (known formats: {known}). "
        f"Give a folder written by `ifcqa eval -o` (it holds {RUN_FILE} and {RECORDS_FILE})."
    )


def _is_run_dir(path: Path) -> bool:
    return path.is_dir() and (path / RUN_FILE).is_file()


@run_reader("ifcqa-run", detect=_is_run_dir)
def read_run_dir(path: Path) -> RunData:
    """An ifcqa run folder: ``run.json`` and ``records.jsonl`` (a torn last line is ignored; the newest
    record of an item counts, as in the runner)."""
    try:
        config = RunConfig.model_validate_json((path / RUN_FILE).read_text(encoding="utf-8"))
    except ValueError:
        raise RunError(f"{path / RUN_FILE}: not a run configuration. Re-run `ifcqa eval` into a new folder.") from None
    seen: dict[str, RunRecord] = {}
    for record in read_records(path / RECORDS_FILE):
        seen[record.item_id] = record
    return RunData(
        path=path,
        agent=config.agent,
        model=config.model,
        records=list(seen.values()),
        config=json.loads(config.model_dump_json()),
        bench=Path(config.bench),
        bench_sha256=config.bench_sha256,
    )
