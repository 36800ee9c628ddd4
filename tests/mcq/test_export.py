"""``ifcqa mcq export``: a Hugging Face dataset folder, a flat CSV and Inspect samples, written atomically."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.index import IndexCache
from ifcqa.mcq.benchfile import read_items, write_bench
from ifcqa.mcq.dataset_card import UNKNOWN_LICENCE, hub_licence, licence_table
from ifcqa.mcq.export import CSV_COLUMNS, ExportError, export_bench, sample_record
from ifcqa.mcq.items import Item, Manifest
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

CATEGORIES = ["direct.class"]


@pytest.fixture(scope="module")
def bench(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Items of a shared model (listed in its MANIFEST.md) and of a generated one (not listed), with a manifest."""
    folder = tmp_path_factory.mktemp("export-bench")
    cache = IndexCache(folder / "cache")
    sample = write_sample_model(folder / "sample.ifc", storeys=1, seed=2)
    items, entries = [], []
    for path in (shared_ifc / "IfcOpenHouse_IFC4.ifc", sample):
        made, entry = generate_for_file(path, categories=CATEGORIES, cap=3, seed=10, cache=cache)
        items += made
        entries.append(entry)
    generators = {item.subtype: item.generator.version for item in items}
    manifest = Manifest(
        ifcqa_version="0.1.0", seed=10, cap=3, categories=CATEGORIES, generators=generators, files=entries
    )
    manifest.total_items = len(items)
    path = folder / "BENCH.jsonl"
    write_bench(path, items, manifest)
    return path


@pytest.fixture(scope="module")
def items(bench: Path) -> list[Item]:
    return read_items(bench)


@pytest.fixture(scope="module")
def hf(bench: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hf") / "dataset"
    export_bench(bench, "hf", out)
    return out


def front_matter(card: str) -> str:
    assert card.startswith("---\n")
    return card.split("---\n")[1]


def test_the_hf_folder_holds_jsonl_parquet_a_card_and_the_export_marker(hf: Path) -> None:
    names = sorted(str(p.relative_to(hf)) for p in hf.rglob("*") if p.is_file())
    assert names == ["README.md", "data/test.jsonl", "data/test.parquet", "export.json"]
    assert not [p for p in hf.parent.iterdir() if p.name.startswith(".")]  # no temporary folder left


def test_the_hf_jsonl_and_parquet_hold_every_item_with_its_key(hf: Path, items: list[Item]) -> None:
    import pyarrow.parquet as pq

    rows = [json.loads(line) for line in (hf / "data" / "test.jsonl").read_text().splitlines()]
    assert pq.read_table(hf / "data" / "test.parquet").to_pylist() == rows
    assert [row["id"] for row in rows] == [item.id for item in items]
    for row, item in zip(rows, items, strict=True):
        assert row["question"] == item.question and row["answer"] == sorted(item.answer)
        assert row["options"] == [{"label": o.label, "text": o.text} for o in item.options]
        assert row["answer_texts"] == [item.option_text(label) for label in sorted(item.answer)]
        assert json.loads(row["provenance"]) == item.provenance and row["source_sha256"] == item.source_sha256


def test_the_hf_folder_loads_with_datasets_when_it_is_installed(hf: Path, items: list[Item]) -> None:
    datasets = pytest.importorskip("datasets")
    loaded = datasets.load_dataset("json", data_files=str(hf / "data" / "test.jsonl"), split="train")
    assert loaded["id"] == [item.id for item in items]


def test_the_card_front_matter_names_the_data_file_licences_and_task(hf: Path) -> None:
    yaml = front_matter((hf / "README.md").read_text())
    assert "configs:\n- config_name: default\n  data_files:\n  - split: test\n    path: data/test.parquet" in yaml
    assert 'task_categories:\n- "multiple-choice"' in yaml
    licences = yaml.split("license:\n")[1].split("\nlanguage:")[0]
    assert licences.splitlines() == ['- "mpl-2.0"', '- "unknown"']


def test_the_card_lists_models_licences_hashes_counts_versions_seed_and_verification(
    hf: Path, items: list[Item]
) -> None:
    card = (hf / "README.md").read_text()
    house = next(item for item in items if item.source_file.endswith("IfcOpenHouse_IFC4.ifc"))
    house_row = next(line for line in card.splitlines() if "`IfcOpenHouse_IFC4.ifc`" in line)
    assert "MPL-2.0" in house_row and house.source_sha256 in house_row and "IFC4" in house_row
    sample_row = next(line for line in card.splitlines() if "`sample.ifc`" in line)
    assert UNKNOWN_LICENCE in sample_row
    for subtype in {item.subtype for item in items}:
        count = sum(item.subtype == subtype for item in items)
        assert any(f"`{subtype}`" in line and line.endswith(f"| {count} |") for line in card.splitlines())
    assert "seed: 10; cap: 3" in card and "generator version" in card
    assert "re-derived by an independent verifier" in card and "ifcqa mcq verify" in card


def test_licences_are_read_from_a_manifest_table_and_mapped_to_hub_ids() -> None:
    table = (
        "| File | License (as found) |\n|---|---|\n| `a.ifc` | MIT (repo LICENSE) |\n| `b.ifc` | no LICENSE file |\n"
    )
    assert licence_table(table) == {"a.ifc": "MIT (repo LICENSE)", "b.ifc": "no LICENSE file"}
    assert [hub_licence(t) for t in ("MIT (x)", "GPL-3.0 (y)", "no LICENSE file")] == ["mit", "gpl-3.0", "unknown"]


def test_the_csv_round_trips_every_item(bench: Path, items: list[Item], tmp_path: Path) -> None:
    export_bench(bench, "csv", tmp_path / "csv")
    with open(tmp_path / "csv" / "items.csv", newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == CSV_COLUMNS
        rows = list(reader)
    assert len(rows) == len(items)
    for row, item in zip(rows, items, strict=True):
        assert (row["id"], row["file"], row["subtype"], row["type"]) == (
            item.id,
            Path(item.source_file).name,
            item.subtype,
            item.question_type,
        )
        assert row["question"] == item.question
        options = [(label, row[f"option_{label}"]) for label in "ABCDE" if row[f"option_{label}"]]
        assert options == [(o.label, o.text) for o in item.options]
        assert row["answer"].split(",") == sorted(item.answer)
        assert json.loads(row["answer_texts"]) == [item.option_text(label) for label in sorted(item.answer)]


def test_the_inspect_samples_load_with_inspect_json_dataset(bench: Path, items: list[Item], tmp_path: Path) -> None:
    from inspect_ai.dataset import json_dataset

    export_bench(bench, "inspect", tmp_path / "inspect")
    samples = list(json_dataset(str(tmp_path / "inspect" / "samples.jsonl")))
    assert [s.id for s in samples] == [item.id for item in items]
    for sample, item in zip(samples, items, strict=True):
        record = sample_record(item)
        assert (sample.input, sample.choices, sample.target) == (record["input"], record["choices"], record["target"])
        assert sample.metadata == record["metadata"]


def test_an_earlier_export_is_replaced_whole(bench: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    export_bench(bench, "hf", out)
    export_bench(bench, "csv", out)
    assert sorted(p.name for p in out.iterdir()) == ["export.json", "items.csv"]
    assert json.loads((out / "export.json").read_text())["format"] == "csv"


def test_a_folder_that_is_not_an_export_is_refused_and_left_alone(bench: Path, tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("keep me")
    with pytest.raises(ExportError, match="not empty and holds no earlier export"):
        export_bench(bench, "csv", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.txt"]


def test_the_export_command_writes_the_folder_and_reports_errors_on_one_line(bench: Path, tmp_path: Path) -> None:
    ok = CliRunner().invoke(app, ["mcq", "export", str(bench), "--format", "inspect", "-o", str(tmp_path / "s")])
    assert ok.exit_code == 0, ok.output
    assert "samples.jsonl" in ok.output and (tmp_path / "s" / "samples.jsonl").is_file()
    bad = CliRunner().invoke(app, ["mcq", "export", str(bench), "--format", "xml", "-o", str(tmp_path / "x")])
    assert bad.exit_code == 1
    assert "error: Unknown export format 'xml'. Use one of: hf, csv, inspect." in bad.output
    assert not (tmp_path / "x").exists()
