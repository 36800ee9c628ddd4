"""The sheet a human auditor fills in: the paper's stratified audit of a benchmark.

One seeded item per represented model x category (:func:`audit_sample`), with the facts needed to check it
by hand (the elements it names, re-read from the file with their class and name) and empty columns for the
auditor's verdict (:func:`audit_rows`, :func:`write_audit_csv`).
"""

from __future__ import annotations

import csv
import io
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ifcopenshell

from ifcqa.files.atomic import write_atomic
from ifcqa.mcq.benchfile import open_source
from ifcqa.mcq.coverage import category_of
from ifcqa.mcq.items import LABELS, Item
from ifcqa.mcq.taxonomy import CATEGORIES

VERDICT_COLUMNS = ["wording_ok", "answer_ok", "key_unique_ok", "auditor", "notes"]
AUDIT_COLUMNS = [
    "audit_no", "file", "item_id", "group", "category", "subtype", "question_type", "question",
    *(f"option_{label}" for label in LABELS), "answer", "key_texts", "elements", "option_elements", "facts",
    "generator", *VERDICT_COLUMNS,
]  # fmt: skip
_GUID = re.compile(r"^[0-3][0-9A-Za-z_$]{21}$")


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
