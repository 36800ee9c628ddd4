"""Building a benchmark from many IFC files, and re-checking one.

:func:`generate_bench` runs :func:`ifcqa.mcq.pipeline.generate_for_file` on every file, in parallel
worker processes, and writes ``BENCH.jsonl`` and its manifest only when every file succeeded. The
items are laid out in the order the files were given (not the order workers finish), so the same
files, seed, cap and categories give a byte-identical benchmark whatever the number of jobs.

:func:`verify_bench` re-verifies every item of a written benchmark against its source file, so an
edited item, a corrupted line or a changed model is caught before anyone is scored on it.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.ifc.open import file_sha256, open_model
from ifcqa.index.cache import IndexCache
from ifcqa.mcq.benchfile import (
    BenchFileError,
    open_source,
    read_items,
    read_manifest,
    relative_source,
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


def default_jobs(n_files: int) -> int:
    """One worker per core, and never more workers than files."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, n_files))


def check_inputs(files: Sequence[Path]) -> None:
    """Fail before any work when a file is missing or given twice (the same bytes under two names).

    Raises:
        IfcOpenError: a file is missing, a folder or empty (named).
        IfcqaError: two arguments are the same model.
    """
    if not files:
        raise IfcqaError("no IFC files given. Pass one or more .ifc or .ifczip files.")
    seen: dict[str, Path] = {}
    for path in files:
        if not path.is_file() or path.stat().st_size == 0:
            open_model(path)  # raises the precise error, naming the file
        sha = file_sha256(path)
        if sha in seen:
            raise IfcqaError(f"{seen[sha]} and {path} are the same model (same SHA-256). Give each model once.")
        seen[sha] = path


@contextmanager
def native_stdout_silenced() -> Iterator[None]:
    """Send what native code writes to file descriptor 1 to /dev/null while the block runs.

    IfcOpenShell's geometry kernel prints debugging lines (``local z: ...``) straight to the C
    stdout on some models (linear-placement-of-signal.ifc); they would land in the command's output.
    """
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def _run_one(path: Path, settings: RunSettings) -> FileResult:
    """Generate the items of one file (in a worker process, or in this one for a single job)."""
    cache = IndexCache(settings.cache_dir) if settings.use_cache else None
    with native_stdout_silenced():
        items, entry = generate_for_file(
            path,
            seed=settings.seed,
            cap=settings.cap,
            categories=list(settings.categories),
            cache=cache,
            use_cache=settings.use_cache,
        )
    return FileResult(path, items, entry)


def generate_files(
    files: Sequence[Path], settings: RunSettings, jobs: int | None = None, on_done: OnFileDone | None = None
) -> list[FileResult]:
    """Generate every file's items, ``jobs`` files at a time; results come back in the order of ``files``.

    The first file that fails stops the run (files not started are cancelled) and its error is raised.
    """
    jobs = default_jobs(len(files)) if jobs is None else max(1, min(jobs, len(files)))
    if jobs == 1 or len(files) == 1:
        results = []
        for path in files:
            results.append(_run_one(path, settings))
            if on_done is not None:
                on_done(results[-1])
        return results
    # spawn: workers start clean, without copies of this process's threads, locks or open models.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(_run_one, path, settings) for path in files]
        pending: set[Future[FileResult]] = set(futures)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=futures.index):
                    result = future.result()  # a worker's error is raised here
                    if on_done is not None:
                        on_done(result)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)  # files not started are not started
            raise
        return [future.result() for future in futures]


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
) -> Manifest:
    """Generate a benchmark from ``files`` and write ``out`` and its manifest; nothing is written on failure."""
    if out.is_dir():
        raise BenchFileError(f"{out}: is a folder. Give the path of the .jsonl file to write.")
    check_inputs(files)
    if settings.use_cache:
        IndexCache(settings.cache_dir)  # an unusable cache folder fails here, not in a worker
    results = generate_files(files, settings, jobs, on_done)
    for result in results:  # items name their model relative to the benchmark file
        source = relative_source(result.path, out)
        result.items = [item.model_copy(update={"source_file": source}) for item in result.items]
        result.entry.path = source
    manifest = build_manifest(settings, results)
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


def verify_bench(
    bench: Path, models_dir: Path | None = None, on_file: Callable[[str, int], None] | None = None
) -> VerifyReport:
    """Re-verify every item of ``bench`` against its source model (each opened once).

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
    for (source_file, sha), members in groups.items():
        model = open_source(source_file, sha, models_dir, bench)
        warned = warnings.get(source_file, frozenset())
        with native_stdout_silenced():
            reasons = [judge(model, item, warned) for item in members]
        for item, reason in zip(members, reasons, strict=True):
            if reason is not None:
                report.failures.append(Failure(item.id, item.subtype, reason))
        if on_file is not None:
            on_file(source_file, len(members))
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
