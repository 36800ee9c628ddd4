"""The ``ifcqa mcq`` commands: generate, verify, stats and audit-sheet, run as a user runs them."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ifcqa.cli.main import app
from ifcqa.mcq.audit import VERDICT_COLUMNS
from ifcqa.mcq.benchfile import manifest_path, relative_source
from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import get_generators
from ifcqa.sample import write_sample_model

CATEGORY = "direct.class"


def ifcqa(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def models(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    assert any(code.startswith(CATEGORY + ".") for code in get_generators())
    sample = write_sample_model(tmp_path_factory.mktemp("models") / "sample.ifc")
    return [shared_ifc / "IfcOpenHouse_IFC4.ifc", shared_ifc / "AC20-FZK-Haus.ifc", sample]


def generate(models: list[Path], out: Path, cache_dir: Path, *more: str) -> Result:
    return ifcqa("mcq", "generate", *models, "-o", out, "--categories", CATEGORY, "--cache-dir", cache_dir, *more)


@pytest.fixture(scope="module")
def bench(models: list[Path], cache_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench") / "BENCH.jsonl"
    result = generate(models, out, cache_dir, "--jobs", "2")
    assert result.exit_code == 0, result.output
    return out


def items_of(bench: Path) -> list[Item]:
    return [Item.model_validate_json(line) for line in bench.read_text().splitlines()]


def test_generate_writes_the_benchmark_and_its_manifest_and_reports_each_file(
    bench: Path, models: list[Path], cache_dir: Path, tmp_path: Path
) -> None:
    manifest = json.loads(bench.with_name("BENCH.manifest.json").read_text())
    assert manifest["total_items"] == len(bench.read_text().splitlines()) > 0
    # models are named relative to the benchmark file
    assert [entry["path"] for entry in manifest["files"]] == [relative_source(m, bench) for m in models]
    assert all(not Path(entry["path"]).is_absolute() for entry in manifest["files"])
    again = bench.with_name("again.jsonl")  # beside it, so the relative paths are the same
    result = generate(models, again, cache_dir, "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert f"Wrote {manifest['total_items']} items from 3 files" in result.stdout
    assert "[3/3] " in result.stderr and "AC20-FZK-Haus.ifc: " in result.stderr
    assert again.read_bytes() == bench.read_bytes()


def test_verify_passes_on_a_fresh_benchmark(bench: Path) -> None:
    result = ifcqa("mcq", "verify", bench)
    n = len(bench.read_text().splitlines())
    assert result.exit_code == 0, result.output
    assert f"{n} items from 3 files: {n} passed, 0 failed" in result.stdout


def test_verify_fails_naming_the_item_whose_key_was_changed(bench: Path, tmp_path: Path) -> None:
    lines = bench.read_text().splitlines(keepends=True)
    item = Item.model_validate_json(lines[3])
    wrong = next(o.label for o in item.options if o.label not in item.answer)
    lines[3] = item.model_copy(update={"answer": [wrong]}).model_dump_json() + "\n"
    edited = tmp_path / "BENCH.jsonl"
    edited.write_text("".join(lines))
    result = ifcqa("mcq", "verify", edited, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [(f["id"], f["subtype"]) for f in report["failures"]] == [(item.id, item.subtype)]
    assert report["failures"][0]["reason"].startswith(("disagreement", "structural"))
    plain = ifcqa("mcq", "verify", edited)
    assert plain.exit_code == 1 and f"FAIL {item.id} {item.subtype}: " in plain.stdout


def test_verify_refuses_a_model_that_changed_since_generation(cache_dir: Path, tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "copy.ifc", seed=0)
    out = tmp_path / "BENCH.jsonl"
    assert generate([model], out, cache_dir).exit_code == 0
    write_sample_model(model, seed=1)
    result = ifcqa("mcq", "verify", out)
    assert result.exit_code == 1
    assert "copy.ifc: the file changed since the benchmark was generated" in result.stderr


def test_verify_finds_models_by_name_in_a_models_folder(bench: Path, models: list[Path], tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere" / "deeper" / "BENCH.jsonl"  # the relative paths no longer lead to the models
    moved.parent.mkdir(parents=True)
    shutil.copy(bench, moved)
    shutil.copy(manifest_path(bench), manifest_path(moved))
    folder = tmp_path / "models"
    folder.mkdir()
    for model in models:
        shutil.copy(model, folder / model.name)
    assert ifcqa("mcq", "verify", moved, "--models-dir", folder).exit_code == 0
    (folder / "sample.ifc").unlink()
    result = ifcqa("mcq", "verify", moved, "--models-dir", folder)
    assert result.exit_code == 1 and "sample.ifc: no such file" in result.stderr
    # the error says where it looked: next to the benchmark, then in the models folder
    assert "looked at:" in result.stderr and str(folder / "sample.ifc") in result.stderr.replace("\n", "")


def test_verify_finds_models_next_to_a_benchmark_moved_with_them(
    bench: Path, models: list[Path], tmp_path: Path
) -> None:
    project = tmp_path / "project"
    (project / "models").mkdir(parents=True)
    for model in models:
        shutil.copy(model, project / "models" / model.name)
    # a benchmark whose items name the models relative to it, as generate writes them
    moved = project / "bench" / "BENCH.jsonl"
    moved.parent.mkdir()
    lines = []
    for item in items_of(bench):
        name = Path(item.source_file).name
        lines.append(item.model_copy(update={"source_file": f"../models/{name}"}).model_dump_json())
    moved.write_text("\n".join(lines) + "\n")
    result = ifcqa("mcq", "verify", moved)
    assert result.exit_code == 0, result.output


def test_a_malformed_line_is_an_error_naming_the_line(bench: Path, tmp_path: Path) -> None:
    broken = tmp_path / "BENCH.jsonl"
    broken.write_text(bench.read_text() + "{not json\n")
    n = len(bench.read_text().splitlines())
    result = ifcqa("mcq", "verify", broken)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {broken}, line {n + 1}: not a valid item")


def test_stats_counts_items_per_model_and_category_and_flags_cells_under_ten(bench: Path) -> None:
    result = ifcqa("mcq", "stats", bench, "--json")
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert table["keys"] == [CATEGORY] and table["threshold"] == 10
    counts = {Path(model).name: row[CATEGORY] for model, row in table["counts"].items()}
    assert 10 <= counts["AC20-FZK-Haus.ifc"] <= 40  # the cap, less near-duplicates and leaks
    assert sum(counts.values()) == table["total"] == len(bench.read_text().splitlines())
    flagged = {Path(cell["model"]).name for cell in table["below_threshold"]}
    assert flagged == {name for name, n in counts.items() if n < 10}


def test_stats_flags_a_model_with_fewer_than_ten_items_of_a_category(bench: Path, tmp_path: Path) -> None:
    items = items_of(bench)
    fzk = [item for item in items if item.source_file.endswith("AC20-FZK-Haus.ifc")]
    sample = [item for item in items if item.source_file.endswith("sample.ifc")][:4]
    subset = tmp_path / "subset.jsonl"
    subset.write_text("".join(item.model_dump_json() + "\n" for item in fzk + sample))
    table = json.loads(ifcqa("mcq", "stats", subset, "--json").stdout)
    assert [(Path(c["model"]).name, c["key"], c["count"]) for c in table["below_threshold"]] == [
        ("sample.ifc", CATEGORY, 4)
    ]
    text = " ".join(ifcqa("mcq", "stats", subset).stdout.split())
    assert "4*" in text and "40*" not in text and "(1 cell)" in text


def test_stats_by_subtype_has_a_column_per_subtype_and_a_readable_table(bench: Path) -> None:
    table = json.loads(ifcqa("mcq", "stats", bench, "--by", "subtype", "--json").stdout)
    assert table["keys"] == [code for code in get_generators() if code.startswith(CATEGORY + ".")]
    text = ifcqa("mcq", "stats", bench)
    assert text.exit_code == 0
    assert "AC20-FZK-Haus" in text.stdout and "reporting threshold of 10" in text.stdout
    assert ifcqa("mcq", "stats", bench, "--by", "storey").exit_code == 2


def test_the_audit_sheet_has_one_row_per_model_and_category_with_the_facts_to_check(
    bench: Path, tmp_path: Path
) -> None:
    out = tmp_path / "audit.csv"
    result = ifcqa("mcq", "audit-sheet", bench, "-o", out, "--seed", "3")
    assert result.exit_code == 0, result.output
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    items = {item.id: item for item in items_of(bench)}
    cells = {(item.source_file, item.subtype.rsplit(".", 1)[0]) for item in items.values()}
    assert len(rows) == len(cells) == 3
    assert [row["file"] for row in rows] == ["IfcOpenHouse_IFC4.ifc", "AC20-FZK-Haus.ifc", "sample.ifc"]
    for row in rows:
        item = items[row["item_id"]]
        assert row["question"] == item.question
        assert row["key_texts"] == " | ".join(item.option_text(label) for label in item.answer)
        assert all(row[column] == "" for column in VERDICT_COLUMNS)
        for name, guid in item.provenance.get("option_elements", {}).items():
            assert f"{guid} (If" in row["option_elements"] and f"'{name}')" in row["option_elements"]
    again = tmp_path / "again.csv"
    ifcqa("mcq", "audit-sheet", bench, "-o", again, "--seed", "3")
    assert again.read_bytes() == out.read_bytes()


def test_an_unknown_category_is_an_error_listing_the_valid_ones(models: list[Path], tmp_path: Path) -> None:
    result = ifcqa("mcq", "generate", models[0], "-o", tmp_path / "b.jsonl", "--categories", "direct.klass")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: unknown category 'direct.klass'. Valid categories: direct.class,")
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_cannot_be_opened_is_named_and_nothing_is_written(
    models: list[Path], cache_dir: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "notes.ifc"
    bad.write_text("name,area\nKitchen,12.5\n")
    out = tmp_path / "b.jsonl"
    result = generate([models[0], bad], out, cache_dir, "--jobs", "2")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(
        f"error: {bad}: not an IFC/STEP file (it does not start with 'ISO-10303-21;'). "
        "Give a .ifc file in STEP format, or a .ifczip."
    )
    assert not out.exists() and not out.with_name("b.manifest.json").exists()
