"""Benchmark items as Inspect samples: the same mapping the ``inspect`` export format writes.

An item becomes a :class:`~inspect_ai.dataset.Sample` with ``input`` = the question, ``choices`` = the
option texts in label order, ``target`` = the key's letters, and the item's labels in ``metadata``
(``id``, ``group``, ``category``, ``subtype``, ``question_type``, ``source_file``, ``source_sha256``,
``provenance``). Inspect never shows metadata or the target to the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from inspect_ai.dataset import MemoryDataset, Sample

from ifcqa.eval.runner import select_items
from ifcqa.mcq.benchfile import read_items
from ifcqa.mcq.export import sample_record
from ifcqa.mcq.items import Item


def to_sample(item: Item) -> Sample:
    """One item as an Inspect sample (:func:`ifcqa.mcq.export.sample_record`)."""
    return Sample(**sample_record(item))


def split_categories(categories: str | Sequence[str] | None) -> list[str] | None:
    """``"direct.class,relational"`` (or a list, as ``-T categories=[a,b]`` gives) -> a list of codes."""
    if categories is None:
        return None
    parts = categories.split(",") if isinstance(categories, str) else [str(part) for part in categories]
    return [part.strip() for part in parts if part.strip()] or None


def load_items(bench: Path, categories: str | Sequence[str] | None, limit: int | None) -> list[Item]:
    """The items a run answers, selected exactly as ``ifcqa eval --categories --limit`` selects them."""
    return select_items(read_items(bench), split_categories(categories), limit)


def bench_dataset(bench: Path, items: Sequence[Item]) -> MemoryDataset:
    """The items as an Inspect dataset named after the benchmark file."""
    return MemoryDataset([to_sample(item) for item in items], name=bench.stem, location=str(bench))
