"""The ``README.md`` dataset card of a Hugging Face export: YAML front matter and a body a person reads.

The front matter names the data file (``configs``), the licences of the source models and the task
category, so ``datasets.load_dataset(folder)`` and the Hub read the folder as intended. The body says
what the items are (taxonomy counts), where they come from (source models, their licences and
SHA-256), how they were made (generator versions, seed, cap) and how their keys were verified.

Licences are read from a ``MANIFEST.md`` beside the source models (a Markdown table with a ``File``
column and a ``License`` column, as in the shared corpus); a model it does not list is "unknown".
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from ifcqa.mcq.items import Item, Manifest

UNKNOWN_LICENCE = "unknown — check the model's source"
MANIFEST_NAME = "MANIFEST.md"
# licence names as the Hub spells them, recognised at the start of a licence text
_HUB_LICENCES = {
    "mit": "mit", "mpl-2.0": "mpl-2.0", "gpl-3.0": "gpl-3.0", "gpl-2.0": "gpl-2.0", "lgpl-3.0": "lgpl-3.0",
    "apache-2.0": "apache-2.0", "cc-by-4.0": "cc-by-4.0", "cc-by-sa-4.0": "cc-by-sa-4.0", "cc0-1.0": "cc0-1.0",
    "bsd-3-clause": "bsd-3-clause", "agpl-3.0": "agpl-3.0",
}  # fmt: skip
VERIFICATION = (
    "Every item's key was derived by a generator from the ifcqa model index, then re-derived by an "
    "independent verifier that re-opens the IFC file and walks it per element with `ifcopenshell.util` "
    "(verifiers import neither the index, the tools nor the generators; a static test keeps it so). A "
    "candidate is kept only when both halves agree and it passes the structural checks (labels A, B, C... in "
    "order, distinct option texts, the key among the options, 3-5 options or Yes/No). Re-check any time with "
    "`ifcqa mcq verify BENCH.jsonl` beside the source models."
)


def licence_table(markdown: str) -> dict[str, str]:
    """File name -> licence text, from every Markdown table with a ``File`` and a ``License`` column."""
    table: dict[str, str] = {}
    columns: list[str] | None = None
    for line in markdown.splitlines():
        if not line.strip().startswith("|"):
            columns = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if columns is None:
            columns = [cell.lower() for cell in cells]
            continue
        file_col = columns.index("file") if "file" in columns else None
        licence_col = next((i for i, name in enumerate(columns) if name.startswith("licen")), None)
        if file_col is None or licence_col is None or set(cells[0]) <= set("-: "):
            continue
        if len(cells) > max(file_col, licence_col):
            table[cells[file_col].strip("`")] = cells[licence_col]
    return table


def hub_licence(text: str) -> str:
    """The Hub's licence id for a licence text (``MPL-2.0 (repo LICENSE.md; ...)`` -> ``mpl-2.0``), else ``unknown``."""
    match = re.match(r"\s*([A-Za-z0-9.+-]+)", text)
    return _HUB_LICENCES.get(match.group(1).lower(), "unknown") if match else "unknown"


def find_licences(bench: Path, sources: Sequence[str], models_dir: Path | None) -> dict[str, str]:
    """Source file -> licence text, from a ``MANIFEST.md`` beside each model (see the module docstring)."""
    found: dict[str, str] = {}
    for source in sources:
        name = Path(source).name
        for folder in _model_folders(bench, source, models_dir):
            manifest = folder / MANIFEST_NAME
            if manifest.is_file():
                licence = licence_table(manifest.read_text(encoding="utf-8", errors="replace")).get(name)
                if licence:
                    found[source] = licence
                    break
        found.setdefault(source, UNKNOWN_LICENCE)
    return found


def _model_folders(bench: Path, source: str, models_dir: Path | None) -> list[Path]:
    stored = Path(source)
    folders = [models_dir] if models_dir is not None else []
    folders += [stored.parent] if stored.is_absolute() else [(bench.parent / stored).parent, stored.parent]
    return folders


def _yaml_list(key: str, values: Sequence[str]) -> list[str]:
    return [f"{key}:"] + [f"- {json.dumps(v, ensure_ascii=False)}" for v in values]


def front_matter(name: str, licences: Sequence[str], data_file: str, n_items: int) -> str:
    """The YAML front matter (JSON-quoted strings are valid YAML scalars, so no YAML library is needed)."""
    size = "n<1K" if n_items < 1000 else "1K<n<10K" if n_items < 10_000 else "10K<n<100K"
    lines = ["---", f"pretty_name: {json.dumps(name)}"]
    lines += _yaml_list("license", sorted(set(licences)) or ["unknown"])
    lines += _yaml_list("language", ["en"]) + _yaml_list("task_categories", ["multiple-choice"])
    lines += _yaml_list("task_ids", ["multiple-choice-qa"]) + _yaml_list("size_categories", [size])
    lines += _yaml_list("tags", ["ifc", "bim", "building-information-modeling", "agents", "tool-use"])
    lines += ["configs:", "- config_name: default", "  data_files:", "  - split: test", f"    path: {data_file}"]
    return "\n".join(lines + ["---", ""])


def _counts_table(items: Sequence[Item]) -> list[str]:
    counts = Counter((item.group, item.category, item.subtype, item.question_type) for item in items)
    rows = ["| group | category | subtype | type | items |", "|---|---|---|---|---:|"]
    rows += [f"| {g} | {c} | `{s}` | {t} | {n} |" for (g, c, s, t), n in sorted(counts.items())]
    by_type = Counter(item.question_type for item in items)
    return rows + ["", "By question type: " + ", ".join(f"{k} {v}" for k, v in sorted(by_type.items())) + "."]


def _models_table(items: Sequence[Item], licences: dict[str, str], manifest: Manifest | None) -> list[str]:
    schemas = {entry.path: entry.schema_name for entry in manifest.files} if manifest else {}
    per_file = Counter(item.source_file for item in items)
    sha = {item.source_file: item.source_sha256 for item in items}
    rows = ["| model | schema | items | licence | sha256 |", "|---|---|---:|---|---|"]
    for source, n in sorted(per_file.items()):
        schema = schemas.get(source, "–")
        rows.append(f"| `{Path(source).name}` | {schema} | {n} | {licences[source]} | `{sha[source]}` |")
    return rows


def _making(items: Sequence[Item], manifest: Manifest | None) -> list[str]:
    versions = dict(manifest.generators) if manifest else {}
    versions.update({item.subtype: item.generator.version for item in items if item.subtype not in versions})
    if manifest is None:
        lines = ["- no manifest beside the benchmark: ifcqa version, seed and cap unknown"]
    else:
        rejected = sum(len(entry.rejections) for entry in manifest.files)
        lines = [
            f"- ifcqa version: {manifest.ifcqa_version}",
            f"- seed: {manifest.seed}; cap: {manifest.cap} verified items per category per model",
            f"- candidates rejected because generator and verifier disagreed: {rejected}",
        ]
    lines += ["", "| subtype | generator version |", "|---|---:|"]
    return lines + [f"| `{code}` | {version} |" for code, version in sorted(versions.items())]


def render(
    bench: Path, items: Sequence[Item], manifest: Manifest | None, data_file: str, models_dir: Path | None
) -> str:
    """The whole ``README.md`` of the dataset folder."""
    sources = sorted({item.source_file for item in items})
    licences = find_licences(bench, sources, models_dir)
    name = bench.name.removesuffix(".jsonl")
    parts = [front_matter(f"IFC-MCQ: {name}", [hub_licence(licences[s]) for s in sources], data_file, len(items))]
    parts += [f"# IFC-MCQ benchmark `{name}`", ""]
    parts += [
        f"{len(items)} multiple-choice questions about {len(sources)} IFC building "
        f"{'model' if len(sources) == 1 else 'models'}, generated and verified "
        "by ifcqa (`ifcqa mcq generate`). Each row: `question`, `options` (label, text), "
        "`answer` (labels; exact option-set match is the scoring rule), `answer_texts`, taxonomy labels "
        "(`group`, `category`, `subtype`, `question_type`), the source model and its SHA-256, and the "
        "`provenance` (JSON: the elements and names a verifier re-derives the key from; not for the model "
        "under test).",
        "",
        "## Taxonomy counts",
        "",
    ]
    parts += _counts_table(items) + ["", "## Source models", ""] + _models_table(items, licences, manifest)
    parts += ["", "Each model keeps its own licence; the questions are derived from the models.", ""]
    parts += ["## How the items were made", ""] + _making(items, manifest)
    parts += ["", "## How the items were verified", "", VERIFICATION, ""]
    return "\n".join(parts)
