"""What a benchmark covers, and the sheet a human auditor fills in.

* :func:`coverage`: retained items per model x category (or subtype). The paper reports a category
  of a model only from :data:`REPORTING_THRESHOLD` items up; cells below it are flagged.
* :func:`audit_sample` and :func:`audit_rows`: the paper's stratified audit, one seeded item per
  represented model x category, with the facts needed to check it by hand (the elements it names,
  re-read from the file with their class and name) and empty columns for the auditor's verdict.
"""

from __future__ import annotations

import csv
import io
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import ifcopenshell

from ifcqa.files.atomic import write_atomic
from ifcqa.mcq.benchfile import open_source
from ifcqa.mcq.items import LABELS, Item, Manifest
from ifcqa.mcq.quality import duplication
from ifcqa.mcq.taxonomy import CATEGORIES, SUBTYPES

REPORTING_THRESHOLD = 10  # items per model x category below which the paper flags limited coverage
Axis = Literal["category", "subtype"]
VERDICT_COLUMNS = ["wording_ok", "answer_ok", "key_unique_ok", "auditor", "notes"]
AUDIT_COLUMNS = [
    "audit_no", "file", "item_id", "group", "category", "subtype", "question_type", "question",
    *(f"option_{label}" for label in LABELS), "answer", "key_texts", "elements", "option_elements", "facts",
    "generator", *VERDICT_COLUMNS,
]  # fmt: skip
_GUID = re.compile(r"^[0-3][0-9A-Za-z_$]{21}$")


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


# -- the audit sheet ------------------------------------------------------------------------------


def audit_sample(items: Sequence[Item], seed: int) -> list[Item]:
    """One item per represented model x category, drawn with ``random.Random(seed)``, in table order."""
    cells: dict[tuple[str, str], list[Item]] = {}
    for item in items:
        cells.setdefault((item.source_file, category_of(item)), []).append(item)
    models = list(dict.fromkeys(item.source_file for item in items))
    order = {code: i for i, code in enumerate(CATEGORIES)}
    keys = sorted(cells, key=lambda cell: (models.index(cell[0]), order.get(cell[1], len(order)), cell[1]))
    rng = random.Random(seed)
    return [rng.choice(cells[key]) for key in keys]


def audit_rows(
    sample: Sequence[Item], models_dir: Path | None = None, bench: Path | None = None
) -> list[dict[str, str]]:
    """The audit sheet's rows; every GlobalId is shown with its class and name as read from the file.

    Raises:
        IfcOpenError: a model is missing or unreadable.
        BenchFileError: a model changed since the benchmark was generated.
    """
    models: dict[tuple[str, str], ifcopenshell.file] = {}
    rows = []
    for number, item in enumerate(sample, start=1):
        key = (item.source_file, item.source_sha256)
        if key not in models:
            models[key] = open_source(item.source_file, item.source_sha256, models_dir, bench)
        rows.append(_audit_row(number, item, models[key]))
    return rows


def _audit_row(number: int, item: Item, model: ifcopenshell.file) -> dict[str, str]:
    provenance = dict(item.provenance)
    elements = provenance.pop("elements", []) or []
    option_elements = provenance.pop("option_elements", {}) or {}
    row = {column: "" for column in AUDIT_COLUMNS}
    row.update(
        audit_no=str(number),
        file=Path(item.source_file).name,
        item_id=item.id,
        group=item.group,
        category=item.category,
        subtype=item.subtype,
        question_type=item.question_type,
        question=item.question,
        answer=", ".join(item.answer),
        key_texts=" | ".join(item.option_text(label) for label in item.answer),
        elements="; ".join(_describe(model, str(guid)) for guid in elements),
        option_elements="; ".join(f"{text} -> {_describe(model, str(g))}" for text, g in option_elements.items()),
        facts="; ".join(f"{name}={_fact(model, value)}" for name, value in provenance.items()),
        generator=f"{item.generator.name} v{item.generator.version}",
    )
    for option in item.options:
        row[f"option_{option.label}"] = option.text
    return row


def _describe(model: ifcopenshell.file, guid: str) -> str:
    """``GUID (IfcClass 'Name')`` read from the file, or a note when the file has no such GlobalId."""
    try:
        entity = model.by_guid(guid)
    except RuntimeError:
        return f"{guid} (not in the file)"
    return f"{guid} ({entity.is_a()} {getattr(entity, 'Name', None)!r})"


def _fact(model: ifcopenshell.file, value: Any) -> str:
    """A provenance value as text; strings that are GlobalIds of the file get their class and name."""
    if isinstance(value, str):
        return _describe(model, value) if _GUID.match(value) and _has_guid(model, value) else value
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_fact(model, v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fact(model, v)}" for k, v in value.items()) + "}"
    return str(value)


def _has_guid(model: ifcopenshell.file, guid: str) -> bool:
    try:
        model.by_guid(guid)
    except RuntimeError:
        return False
    return True


def write_audit_csv(path: Path, rows: Sequence[dict[str, str]]) -> None:
    """Write the sheet as UTF-8 CSV (atomically), with a header row of :data:`AUDIT_COLUMNS`."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=AUDIT_COLUMNS)
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(path, buffer.getvalue().encode("utf-8"))
