"""A benchmark in the formats evaluators load: a Hugging Face dataset folder, a flat CSV, Inspect samples.

``ifcqa mcq export BENCH.jsonl --format hf|csv|inspect -o DIR`` writes one of:

* ``hf``: ``data/test.jsonl`` (and ``data/test.parquet`` when pyarrow is installed) plus a ``README.md``
  dataset card whose YAML front matter names the data files, the licences of the source models and the
  task category, and whose body gives the taxonomy counts, the source models (licence, SHA-256), the
  generator versions, the seed and how items were verified. ``datasets.load_dataset(DIR)`` reads it.
* ``csv``: ``items.csv``, one row per item (options in ``option_A``..``option_E``).
* ``inspect``: ``samples.jsonl`` in Inspect AI's sample format (``input``, ``choices``, ``target``, ``id``,
  ``metadata``), readable with ``inspect_ai.dataset.json_dataset``; :func:`sample_record` is also what
  the Inspect task (:mod:`ifcqa.inspect`) builds its samples from, so both are one mapping.

Every export also writes ``export.json`` (format, benchmark hash, item count). The folder is written
whole into a temporary folder and renamed into place, so a reader sees the old export or the new one.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.files.atomic import UMASK
from ifcqa.mcq import dataset_card
from ifcqa.mcq.benchfile import read_items, read_manifest
from ifcqa.mcq.items import LABELS, Item

ExportFormat = Literal["hf", "csv", "inspect"]
FORMATS: tuple[ExportFormat, ...] = ("hf", "csv", "inspect")
MARKER = "export.json"
CSV_COLUMNS = ["id", "file", "group", "category", "subtype", "type", "question"]
CSV_COLUMNS += [f"option_{label}" for label in LABELS] + ["answer", "answer_texts"]


class ExportError(IfcqaError):
    """A benchmark cannot be exported as asked."""

    code = "export_error"


def answer_letters(item: Item) -> list[str]:
    """The key as the letters of the options' positions (A = first option), which is how Inspect reads targets."""
    labels = [option.label for option in item.options]
    return sorted(LABELS[labels.index(label)] for label in item.answer)


def sample_record(item: Item) -> dict[str, Any]:
    """One item as an Inspect AI sample: the question, the option texts in order, the key letters, metadata."""
    return {
        "id": item.id,
        "input": item.question,
        "choices": [option.text for option in item.options],
        "target": answer_letters(item),
        "metadata": {
            "id": item.id,
            "group": item.group,
            "category": item.category,
            "subtype": item.subtype,
            "question_type": item.question_type,
            "source_file": item.source_file,
            "source_sha256": item.source_sha256,
            "provenance": item.provenance,
        },
    }


def csv_row(item: Item) -> dict[str, str]:
    """One item as a flat CSV row (:data:`CSV_COLUMNS`); ``answer_texts`` is a JSON list."""
    row = {
        "id": item.id,
        "file": Path(item.source_file).name,
        "group": item.group,
        "category": item.category,
        "subtype": item.subtype,
        "type": item.question_type,
        "question": item.question,
        "answer": ",".join(sorted(item.answer)),
        "answer_texts": json.dumps([item.option_text(label) for label in sorted(item.answer)], ensure_ascii=False),
    }
    row.update({f"option_{label}": "" for label in LABELS})
    row.update({f"option_{option.label}": option.text for option in item.options})
    return row


def hf_record(item: Item) -> dict[str, Any]:
    """One item as a dataset row with a fixed schema (provenance as JSON text, so rows share one type)."""
    return {
        "id": item.id,
        "source_file": Path(item.source_file).name,
        "source_sha256": item.source_sha256,
        "group": item.group,
        "category": item.category,
        "subtype": item.subtype,
        "question_type": item.question_type,
        "question": item.question,
        "options": [{"label": option.label, "text": option.text} for option in item.options],
        "answer": sorted(item.answer),
        "answer_texts": [item.option_text(label) for label in sorted(item.answer)],
        "generator": item.generator.name,
        "generator_version": item.generator.version,
        "provenance": json.dumps(item.provenance, ensure_ascii=False, sort_keys=True),
    }


def _jsonl(records: Sequence[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


def _csv_bytes(items: Sequence[Item]) -> bytes:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_row(item) for item in items)
    return buffer.getvalue().encode("utf-8")


def _parquet_bytes(records: Sequence[dict[str, Any]]) -> bytes | None:
    """The records as Parquet, or ``None`` when pyarrow is not installed (``pip install 'ifcqa[hf]'``)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return None
    sink = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_pylist(list(records)), sink)
    return bytes(sink.getvalue().to_pybytes())


def _hf_files(bench: Path, items: Sequence[Item], models_dir: Path | None) -> dict[str, bytes]:
    records = [hf_record(item) for item in items]
    files = {"data/test.jsonl": _jsonl(records)}
    parquet = _parquet_bytes(records)
    if parquet is not None:
        files["data/test.parquet"] = parquet
    data_file = "data/test.parquet" if parquet is not None else "data/test.jsonl"
    card = dataset_card.render(bench, items, read_manifest(bench), data_file, models_dir)
    files["README.md"] = card.encode("utf-8")
    return files


_WRITERS: dict[str, Callable[[Path, Sequence[Item], Path | None], dict[str, bytes]]] = {
    "hf": _hf_files,
    "csv": lambda bench, items, models_dir: {"items.csv": _csv_bytes(items)},
    "inspect": lambda bench, items, models_dir: {"samples.jsonl": _jsonl([sample_record(i) for i in items])},
}


def export_bench(bench: Path, fmt: str, out_dir: Path, models_dir: Path | None = None) -> list[Path]:
    """Write ``bench`` in format ``fmt`` into the folder ``out_dir``; returns the files written.

    Args:
        bench: a ``BENCH.jsonl`` written by ``ifcqa mcq generate``.
        fmt: ``hf``, ``csv`` or ``inspect``.
        out_dir: the folder to write; an earlier export there is replaced, anything else is refused.
        models_dir: where the source models are (by file name), to find their licences (``hf`` only).

    Raises:
        ExportError: an unknown format, a benchmark without items, or an ``out_dir`` that is a file
            or a non-empty folder that is not an earlier export.
    """
    if fmt not in _WRITERS:
        raise ExportError(f"Unknown export format {fmt!r}. Use one of: {', '.join(FORMATS)}.")
    items = read_items(bench)
    if not items:
        raise ExportError(f"{bench}: the benchmark has no items. Generate some with `ifcqa mcq generate`.")
    _check_target(out_dir)
    files = _WRITERS[fmt](bench, items, models_dir)
    marker = {"format": fmt, "bench": bench.name, "items": len(items), "ifcqa_version": ifcqa.__version__}
    marker["bench_sha256"] = hashlib.sha256(bench.read_bytes()).hexdigest()
    files[MARKER] = (json.dumps(marker, indent=2) + "\n").encode("utf-8")
    _write_folder(out_dir, files)
    return [out_dir / name for name in files]


def _check_target(out_dir: Path) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir}: is a file. Give a folder to export into with -o.")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).is_file():
        raise ExportError(
            f"{out_dir}: the folder is not empty and holds no earlier export ({MARKER}). "
            "Give a new or empty folder with -o."
        )


def _write_folder(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` into a temporary sibling folder, then swap it into ``out_dir``."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=f".{out_dir.name}.", suffix=".tmp"))
    temp.chmod(0o777 & ~UMASK)  # mkdtemp makes 0700; the export is for sharing
    old = temp.with_suffix(".old")
    try:
        for name, payload in files.items():
            (temp / name).parent.mkdir(parents=True, exist_ok=True)
            (temp / name).write_bytes(payload)
        if out_dir.exists():
            os.replace(out_dir, old)
        os.replace(temp, out_dir)
    except BaseException:
        if old.exists() and not out_dir.exists():
            os.replace(old, out_dir)
        shutil.rmtree(temp, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)
