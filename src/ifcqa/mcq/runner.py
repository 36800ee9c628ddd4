"""Building a benchmark from many IFC files, and re-checking one.

:func:`generate_bench` runs :func:`ifcqa.mcq.pipeline.generate_for_file` on every file, on an
executor (:mod:`ifcqa.executor`: local worker processes by default, or a Dask cluster), and writes
``BENCH.jsonl`` and its manifest only when every file succeeded (with ``keep_going``: the files that
failed every try are listed in the manifest instead). The items are laid out in the order the files
were given (not the order workers finish), so the same files, seed, cap and categories give a
byte-identical benchmark whatever the executor and the number of workers.

:func:`verify_bench` re-verifies every item of a written benchmark against its source file, so an
edited item, a corrupted line or a changed model is caught before anyone is scored on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.executor import Executor, FileRef, LocalExecutor, Outcome, TaskFailure, local_path, ship, worker_count
from ifcqa.executor.base import OnOutcome, OnProgress
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc.open import open_model
from ifcqa.index.cache import IndexCache
from ifcqa.index.corpus import native_stdout_silenced
from ifcqa.mcq.benchfile import (
    BenchFileError,
    read_items,
    read_manifest,
    relative_source,
    resolve_source,
    write_bench,
)
from ifcqa.mcq.items import FileEntry, Item, Manifest
from ifcqa.mcq.pipeline import DEFAULT_CAP, DEFAULT_SEED, generate_for_file, judge
from ifcqa.mcq.quality import duplication
from ifcqa.mcq.registry import get_generators
from ifcqa.mcq.screen import warned_ids
from ifcqa.mcq.taxonomy import CATEGORIES


@dataclass(frozen=True)
class RunSettings:
    """What decides a benchmark's content (seed, cap, categories) and where indexes are cached."""

    categories: tuple[str, ...] = tuple(CATEGORIES)
    seed: int = DEFAULT_SEED
    cap: int = DEFAULT_CAP
    cache_dir: Path | None = None  # None: the default cache folder
    use_cache: bool = True


@dataclass
class FileResult:
    """The retained items of one file and its manifest entry."""

    path: Path
    items: list[Item]
    entry: FileEntry


OnFileDone = Callable[[FileResult], None]  # called as each file finishes (completion order)


def known_categories() -> list[str]:
    """Category codes that can be asked for: the taxonomy's, then custom (``x.``) registered ones."""
    custom = sorted({code.rsplit(".", 1)[0] for code in get_generators()} - set(CATEGORIES))
    return list(CATEGORIES) + custom


def resolve_categories(codes: Sequence[str] | None) -> tuple[str, ...]:
    """Validate category codes (default: every taxonomy category); an unknown code lists the valid ones."""
    if not codes:
        return tuple(CATEGORIES)
    valid = known_categories()
    unknown = [code for code in codes if code not in valid]
    if unknown:
        raise IfcqaError(f"unknown category {', '.join(map(repr, unknown))}. Valid categories: {', '.join(valid)}.")
    return tuple(dict.fromkeys(codes))  # duplicates dropped, order kept


def check_inputs(files: Sequence[Path]) -> None:
    """Fail before any work when a file is missing or given twice (the same bytes under two names).

    Raises:
        IfcOpenError: a file is missing, a folder or empty (named).
        IfcqaError: two arguments are the same model.
    """
    if not files:
        raise IfcqaError("no IFC files given. Pass one or more .ifc or .ifczip files.")
    sizes = []
    for path in files:
        if not path.is_file() or path.stat().st_size == 0:
            open_model(path)  # raises the precise error, naming the file
        sizes.append(path.stat().st_size)
    shared = {size for size, n in Counter(sizes).items() if n > 1}
    seen: dict[str, Path] = {}
    for path, size in zip(files, sizes, strict=True):
        if size not in shared:
            continue  # the same bytes have the same size: only files of a shared size are hashed
        sha = file_sha256(path)
        if sha in seen:
            raise IfcqaError(f"{seen[sha]} and {path} are the same model (same SHA-256). Give each model once.")
        seen[sha] = path


@dataclass(frozen=True)
class _FileJob:
    """One file's work, as it travels to a worker (picklable)."""

    ref: FileRef
    settings: RunSettings


def _run_one(job: _FileJob) -> FileResult:
    """Generate the items of one file (in a worker: a process, a Dask worker, or this process)."""
    settings = job.settings
    cache = IndexCache(settings.cache_dir) if settings.use_cache else None
    with native_stdout_silenced():
        items, entry = generate_for_file(
            local_path(job.ref),
            seed=settings.seed,
            cap=settings.cap,
            categories=list(settings.categories),
            cache=cache,
            use_cache=settings.use_cache,
        )
    return FileResult(Path(job.ref.path), items, entry)


def generate_files(
    files: Sequence[Path],
    settings: RunSettings,
    jobs: int | None = None,
    on_done: OnFileDone | None = None,
    *,
    executor: Executor | None = None,
    ship_files: bool = False,
    on_progress: OnProgress | None = None,
    on_outcome: OnOutcome | None = None,
    keep_going: bool = False,
) -> tuple[list[FileResult], list[TaskFailure]]:
    """Generate every file's items on ``executor`` (default: ``jobs`` local processes), in the order of ``files``.

    A file that fails every try stops the run (files not started are cancelled) and its error is
    raised; with ``keep_going`` it is returned among the failures and the other files go on.
    """
    if executor is None:
        count = worker_count(jobs, len(files))
        with LocalExecutor(count) as local:
            return generate_files(
                files, settings, on_done=on_done, executor=local, ship_files=ship_files,
                on_progress=on_progress, on_outcome=on_outcome, keep_going=keep_going,
            )  # fmt: skip

    def job(i: int) -> _FileJob:
        return _FileJob(ship(files[i], ship_files), settings)

    def finished(outcome: Outcome[Any]) -> None:
        if on_outcome is not None:
            on_outcome(outcome)
        if on_done is not None and outcome.value is not None:
            on_done(outcome.value)

    outcomes = executor.map(
        _run_one, job, [str(path) for path in files], on_progress=on_progress, on_outcome=finished,
        fail_fast=not keep_going,
    )  # fmt: skip
    results = [outcome.value for outcome in outcomes if outcome.value is not None]
    return results, [outcome.failure for outcome in outcomes if outcome.failure is not None]


def build_manifest(settings: RunSettings, results: Sequence[FileResult]) -> Manifest:
    """The manifest of a run: version, settings, generator versions and one entry per file."""
    generators = {
        code: spec.version for code, spec in get_generators().items() if code.rsplit(".", 1)[0] in settings.categories
    }
    return Manifest(
        ifcqa_version=ifcqa.__version__,
        seed=settings.seed,
        cap=settings.cap,
        categories=list(settings.categories),
        generators=generators,
        files=[result.entry for result in results],
        total_items=sum(len(result.items) for result in results),
        duplication=duplication(item for result in results for item in result.items),
    )


def generate_bench(
    files: Sequence[Path],
    out: Path,
    settings: RunSettings,
    jobs: int | None = None,
    on_done: OnFileDone | None = None,
    *,
    executor: Executor | None = None,
    ship_files: bool = False,
    on_progress: OnProgress | None = None,
    on_outcome: OnOutcome | None = None,
    keep_going: bool = False,
) -> Manifest:
    """Generate a benchmark from ``files`` and write ``out`` and its manifest; nothing is written on failure.

    With ``keep_going`` a file that failed every try is left out and listed under ``failed`` in the
    manifest (its error and number of tries), and the benchmark of the other files is written.
    """
    if out.is_dir():
        raise BenchFileError(f"{out}: is a folder. Give the path of the .jsonl file to write.")
    check_inputs(files)
    if settings.use_cache:
        IndexCache(settings.cache_dir)  # an unusable cache folder fails here, not in a worker
    results, failures = generate_files(
        files, settings, jobs, on_done, executor=executor, ship_files=ship_files, on_progress=on_progress,
        on_outcome=on_outcome, keep_going=keep_going,
    )  # fmt: skip
    for result in results:  # items name their model relative to the benchmark file
        source = relative_source(result.path, out)
        result.items = [item.model_copy(update={"source_file": source}) for item in result.items]
        result.entry.path = source
    manifest = build_manifest(settings, results)
    manifest.failed = [
        {**failure.to_json(), "file": relative_source(Path(failure.key), out)} for failure in failures
    ]
    write_bench(out, [item for result in results for item in result.items], manifest)
    return manifest


# -- re-verification -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    """An item the verifier no longer agrees with."""

    item_id: str
    subtype: str
    reason: str


@dataclass
class VerifyReport:
    """What :func:`verify_bench` found: item failures and benchmark-level problems."""

    items: int = 0
    files: int = 0
    failures: list[Failure] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # manifest mismatches, duplicate ids

    @property
    def ok(self) -> bool:
        return not self.failures and not self.problems


@dataclass(frozen=True)
class _VerifyJob:
    """One model's items to re-verify, as they travel to a worker."""

    ref: FileRef
    items: list[Item]
    warned: frozenset[int]


def _verify_one(job: _VerifyJob) -> list[str | None]:
    """The reason each item fails (``None``: it passes), from one opening of its model."""
    model = open_model(local_path(job.ref))
    with native_stdout_silenced():
        return [judge(model, item, job.warned) for item in job.items]


def verify_bench(
    bench: Path,
    models_dir: Path | None = None,
    on_file: Callable[[str, int], None] | None = None,
    *,
    executor: Executor | None = None,
    ship_files: bool = False,
    on_progress: OnProgress | None = None,
    on_outcome: OnOutcome | None = None,
    keep_going: bool = False,
) -> VerifyReport:
    """Re-verify every item of ``bench`` against its source model (each opened once, on ``executor``).

    Every model is found (and its bytes checked) here before any work starts; the items of one model
    are judged together by one worker. With ``keep_going`` a model whose verification failed every try
    is a benchmark problem naming its error; otherwise its error is raised.

    Raises:
        BenchFileError: a malformed line, a damaged manifest, or a model whose bytes changed.
        IfcOpenError: a model is missing or unreadable.
    """
    items = read_items(bench)
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        groups.setdefault((item.source_file, item.source_sha256), []).append(item)
    report = VerifyReport(items=len(items), files=len(groups), problems=consistency_problems(bench, items))
    manifest = read_manifest(bench)
    warnings = {entry.path: warned_ids(entry.warnings) for entry in manifest.files} if manifest else {}
    keys = list(groups)
    paths = [resolve_source(source_file, bench, models_dir, sha) for source_file, sha in keys]

    def job(i: int) -> _VerifyJob:
        ref = ship(paths[i], ship_files)
        return _VerifyJob(ref, groups[keys[i]], warnings.get(keys[i][0], frozenset()))

    def finished(outcome: Outcome[Any]) -> None:
        if on_outcome is not None:
            on_outcome(outcome)
        if on_file is not None and outcome.value is not None:
            on_file(keys[outcome.index][0], len(groups[keys[outcome.index]]))

    if executor is None:
        executor = LocalExecutor(1)
    outcomes = executor.map(
        _verify_one, job, [str(path) for path in paths], on_progress=on_progress, on_outcome=finished,
        fail_fast=not keep_going,
    )  # fmt: skip
    for outcome in outcomes:
        source_file = keys[outcome.index][0]
        if outcome.failure is not None:
            report.problems.append(f"{source_file}: could not be verified: {outcome.failure.error}")
            continue
        for item, reason in zip(groups[keys[outcome.index]], outcome.value or [], strict=True):
            if reason is not None:
                report.failures.append(Failure(item.id, item.subtype, reason))
    return report


def consistency_problems(bench: Path, items: Sequence[Item]) -> list[str]:
    """Ways the items and their manifest disagree (a deleted, added or edited line shows here)."""
    problems = [f"item id {i!r} appears {n} times" for i, n in Counter(item.id for item in items).items() if n > 1]
    manifest = read_manifest(bench)
    if manifest is None:
        return problems
    if manifest.total_items != len(items):
        problems.append(f"the manifest counts {manifest.total_items} items, the file has {len(items)}")
    for entry in manifest.files:
        mine = [item for item in items if item.source_file == entry.path]
        retained = sum(counts.retained for counts in entry.counts.values())
        if retained != len(mine):
            problems.append(f"{entry.path}: the manifest counts {retained} items, the file has {len(mine)}")
        if any(item.source_sha256 != entry.sha256 for item in mine):
            problems.append(f"{entry.path}: items carry another SHA-256 than the manifest's")
    for item in items:
        version = manifest.generators.get(item.subtype)
        if version != item.generator.version:
            problems.append(f"item {item.id}: generator version {item.generator.version}, manifest says {version}")
    return problems
