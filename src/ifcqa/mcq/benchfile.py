"""The benchmark on disk: ``BENCH.jsonl`` (one item per line) and ``BENCH.manifest.json`` beside it.

Both files are written atomically (a temporary file moved into place), so a reader sees the old
benchmark or the new one, never a part. Reading is strict: a line that is not a valid item is an
error naming the line, because a benchmark that is silently read in part scores the wrong items.

Items name their model by ``source_file``: its path relative to the benchmark file's folder (POSIX
separators; an absolute path only when no relative one exists, e.g. another drive), plus its
SHA-256. :func:`resolve_source` is the one place a model is found again (``mcq verify``, ``eval``
and the Inspect task use it): next to the benchmark first, then in ``--models-dir`` by file name,
then (benchmarks written before paths were relative) the stored path from the working folder;
the first candidate with the right bytes wins, and a missing model is an error listing every place
looked. :func:`open_source` opens it and refuses a file whose bytes changed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

import ifcopenshell
from pydantic import ValidationError

from ifcqa.errors import IfcOpenError, IfcqaError
from ifcqa.files.atomic import write_atomic
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc.open import open_model
from ifcqa.mcq.items import Item, Manifest


class BenchFileError(IfcqaError):
    """A benchmark file (or its manifest, or a model it names) cannot be used as it is."""

    code = "bench_error"


def manifest_path(bench: Path) -> Path:
    """``BENCH.manifest.json`` for ``BENCH.jsonl`` (any other suffix: the name plus ``.manifest.json``)."""
    stem = bench.name[: -len(".jsonl")] if bench.name.endswith(".jsonl") else bench.name
    return bench.with_name(stem + ".manifest.json")


def dump_items(items: Iterable[Item]) -> bytes:
    """The JSONL bytes of ``items``: one ``model_dump_json()`` per line, in the order given."""
    return "".join(item.model_dump_json() + "\n" for item in items).encode("utf-8")


def write_bench(bench: Path, items: list[Item], manifest: Manifest) -> Path:
    """Write the items and the manifest beside them (each atomically); returns the manifest's path."""
    if bench.is_dir():
        raise BenchFileError(f"{bench}: is a folder. Give the path of the .jsonl file to write.")
    target = manifest_path(bench)
    try:
        write_atomic(bench, dump_items(items))
        write_atomic(target, (manifest.model_dump_json(indent=2, by_alias=True) + "\n").encode("utf-8"))
    except OSError as exc:
        raise BenchFileError(f"{bench}: cannot write the benchmark ({exc.strerror}).") from None
    return target


def read_items(bench: Path) -> list[Item]:
    """Every item of a JSONL benchmark, in file order; blank lines are allowed.

    Raises:
        BenchFileError: the file is missing, or a line is not JSON or not an item (named by number).
    """
    try:
        text = bench.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BenchFileError(f"{bench}: no such file. Give a BENCH.jsonl written by `ifcqa mcq generate`.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BenchFileError(f"{bench}: cannot read the benchmark ({exc}).") from None
    items: list[Item] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append(Item.model_validate_json(line))
        except ValidationError as exc:
            raise BenchFileError(f"{bench}, line {number}: not a valid item: {_first_problem(exc)}.") from None
    return items


def _first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error.get("loc", ()))
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def read_manifest(bench: Path) -> Manifest | None:
    """The manifest beside ``bench``, or ``None`` when there is none; a damaged one is an error."""
    path = manifest_path(bench)
    if not path.exists():
        return None
    try:
        return Manifest.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BenchFileError(f"{path}: not a valid benchmark manifest ({exc.__class__.__name__}).") from None


def relative_source(model: Path, bench: Path) -> str:
    """How an item names ``model``: relative to ``bench``'s folder (POSIX), else absolute."""
    try:
        return Path(os.path.relpath(model.resolve(), bench.resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        return model.resolve().as_posix()


def source_candidates(source_file: str, bench: Path | None = None, models_dir: Path | None = None) -> list[Path]:
    """Where a model may be, in the order tried (duplicates dropped)."""
    stored = Path(source_file)
    found: list[Path] = []
    if stored.is_absolute():
        found.append(stored)
    elif bench is not None:
        found.append(bench.parent / stored)
    if models_dir is not None:
        found.append(models_dir / stored.name)
    if not stored.is_absolute():
        found.append(stored)
    return list(dict.fromkeys(found))


def resolve_source(
    source_file: str, bench: Path | None = None, models_dir: Path | None = None, sha256: str | None = None
) -> Path:
    """The model an item names: the first candidate (:func:`source_candidates`) that exists and has ``sha256``.

    Raises:
        IfcOpenError: no candidate exists (every place looked is named).
        BenchFileError: candidates exist but every one's bytes differ from ``sha256``.
    """
    candidates = source_candidates(source_file, bench, models_dir)
    existing = [path for path in candidates if path.is_file()]
    if not existing:
        looked = ", ".join(str(path) for path in candidates)
        raise IfcOpenError(
            f"{candidates[0]}: no such file: model {source_file!r} of the benchmark not found. Pass --models-dir "
            f"with the folder that holds the benchmark's models (looked at: {looked})."
        )
    if sha256 is None:
        return existing[0]
    for path in existing:
        if file_sha256(path) == sha256:
            return path
    raise BenchFileError(
        f"{existing[0]}: the file changed since the benchmark was generated (its SHA-256 differs from the "
        "items' source_sha256). Regenerate the benchmark, or point --models-dir at the original models."
    )



def open_source(
    source_file: str, sha256: str, models_dir: Path | None = None, bench: Path | None = None
) -> ifcopenshell.file:
    """Open the model an item was generated from, checking its bytes are still the same.

    Raises:
        IfcOpenError: the file is missing or unreadable.
        BenchFileError: the file changed since the benchmark was generated.
    """
    return open_model(resolve_source(source_file, bench, models_dir, sha256))
