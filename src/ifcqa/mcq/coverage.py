"""What a benchmark covers: retained items per model x category (or subtype).

The paper reports a category of a model only from :data:`REPORTING_THRESHOLD` items up; cells below it are
flagged. Each key also carries its duplication share (:func:`ifcqa.mcq.quality.duplication`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ifcqa.mcq.items import Item, Manifest
from ifcqa.mcq.quality import duplication
from ifcqa.mcq.taxonomy import CATEGORIES, SUBTYPES

REPORTING_THRESHOLD = 10  # items per model x category below which the paper flags limited coverage
Axis = Literal["category", "subtype"]


def category_of(item: Item) -> str:
    """The category code of an item (``direct.class`` for ``direct.class.of_named_element``)."""
    return item.subtype.rsplit(".", 1)[0]


def _taxonomy_order(codes: set[str], reference: Sequence[str]) -> list[str]:
    order = {code: i for i, code in enumerate(reference)}
    return sorted(codes, key=lambda code: (order.get(code, len(order)), code))


@dataclass
class Coverage:
    """Item counts per model (``source_file``) and category or subtype code."""

    by: Axis
    models: list[str]
    keys: list[str]
    counts: dict[str, dict[str, int]]
    threshold: int = REPORTING_THRESHOLD
    # key -> share of its items whose model, subtype and answer repeat (ifcqa.mcq.quality.duplication)
    duplication: dict[str, float] = field(default_factory=dict)

    def count(self, model: str, key: str) -> int:
        return self.counts.get(model, {}).get(key, 0)

    def below_threshold(self) -> list[tuple[str, str, int]]:
        """The (model, key, count) cells under the reporting threshold, in table order."""
        return [(m, k, self.count(m, k)) for m in self.models for k in self.keys if self.count(m, k) < self.threshold]

    def to_dict(self) -> dict[str, Any]:
        """The machine form (``ifcqa mcq stats --json``)."""
        return {
            "by": self.by,
            "threshold": self.threshold,
            "models": self.models,
            "keys": self.keys,
            "counts": {m: {k: self.count(m, k) for k in self.keys} for m in self.models},
            "total": sum(self.count(m, k) for m in self.models for k in self.keys),
            "below_threshold": [{"model": m, "key": k, "count": n} for m, k, n in self.below_threshold()],
            "duplication": {k: self.duplication.get(k, 0.0) for k in self.keys},
        }


def coverage(items: Sequence[Item], manifest: Manifest | None = None, by: Axis = "category") -> Coverage:
    """Count items per model x category (or subtype).

    With a manifest, every model and every subtype that had a generator in the run (or its category)
    gets a row or column, so a model or category that yielded no item shows as 0 rather than being
    left out; categories that had no generator at all are not shown.
    """
    key_of = category_of if by == "category" else (lambda item: item.subtype)
    models = [entry.path for entry in manifest.files] if manifest else []
    keys: set[str] = set()
    if manifest is not None:
        keys.update(code.rsplit(".", 1)[0] if by == "category" else code for code in manifest.generators)
    counts: dict[str, dict[str, int]] = {}
    for item in items:
        if item.source_file not in models:
            models.append(item.source_file)
        key = key_of(item)
        keys.add(key)
        row = counts.setdefault(item.source_file, {})
        row[key] = row.get(key, 0) + 1
    reference = list(CATEGORIES) if by == "category" else list(SUBTYPES)
    return Coverage(
        by, models, _taxonomy_order(keys, reference), counts, duplication=_duplication(items, by == "category")
    )


def _duplication(items: Sequence[Item], by_category: bool) -> dict[str, float]:
    """Per subtype, or per category as the item-weighted share over its subtypes."""
    sizes = Counter(item.subtype for item in items)
    repeated: dict[str, float] = {}
    totals: Counter[str] = Counter()
    for subtype, share in duplication(items).items():
        key = subtype.rsplit(".", 1)[0] if by_category else subtype
        repeated[key] = repeated.get(key, 0.0) + share * sizes[subtype]
        totals[key] += sizes[subtype]
    return {key: round(repeated[key] / totals[key], 4) for key in totals}


def short_names(paths: Sequence[str]) -> dict[str, str]:
    """Display names: the file name, or the whole path where two models share a file name."""
    names = [Path(p).name for p in paths]
    return {p: (name if names.count(name) == 1 else p) for p, name in zip(paths, names, strict=True)}
