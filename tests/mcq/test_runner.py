"""The benchmark runner: parallel, deterministic, all-or-nothing generation, and re-verification.

The runs use the class identification category only ("direct.class"), so they stay small and do not
depend on which other categories are registered while the benchmark is being written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ifcqa.errors import IfcOpenError, IfcqaError
from ifcqa.files.hashing import file_sha256
from ifcqa.mcq.benchfile import BenchFileError, manifest_path, read_items, read_manifest, relative_source
from ifcqa.mcq.registry import get_generators
from ifcqa.mcq.runner import (
    RunSettings,
    consistency_problems,
    generate_bench,
    native_stdout_silenced,
    resolve_categories,
    verify_bench,
)
from ifcqa.sample import write_sample_model

CATEGORY = "direct.class"
SHARED_FILES = ("IfcOpenHouse_IFC4.ifc", "AC20-FZK-Haus.ifc")


@pytest.fixture(scope="module")
def corpus(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two shared models and a generated sample building."""
    assert any(code.startswith(CATEGORY + ".") for code in get_generators()), "class identification is registered"
    sample = write_sample_model(tmp_path_factory.mktemp("models") / "sample.ifc", storeys=2, rooms_per_storey=4)
    return [shared_ifc / name for name in SHARED_FILES] + [sample]


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> RunSettings:
    return RunSettings(categories=(CATEGORY,), cache_dir=tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def bench(corpus: list[Path], settings: RunSettings, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench") / "BENCH.jsonl"
    generate_bench(corpus, out, settings, jobs=1)
    return out


def test_the_same_run_writes_byte_identical_items_with_one_job_or_two(
    bench: Path, corpus: list[Path], settings: RunSettings, tmp_path: Path
) -> None:
    cold = RunSettings(categories=(CATEGORY,), cache_dir=tmp_path / "fresh-cache")
    two, cold_bench = bench.with_name("two.jsonl"), bench.with_name("cold.jsonl")  # same folder: same relative paths
    generate_bench(corpus, two, settings, jobs=2)
    generate_bench(corpus, cold_bench, cold, jobs=2)
    assert two.read_bytes() == bench.read_bytes()
    assert cold_bench.read_bytes() == bench.read_bytes()


def test_items_are_laid_out_in_the_order_the_files_were_given(bench: Path, corpus: list[Path]) -> None:
    sources = list(dict.fromkeys(item.source_file for item in read_items(bench)))
    assert sources == [relative_source(path, bench) for path in corpus]


def test_the_manifest_counts_add_up_to_the_lines_of_the_benchmark(bench: Path, corpus: list[Path]) -> None:
    lines = bench.read_text().splitlines()
    manifest = read_manifest(bench)
    assert manifest is not None
    assert manifest_path(bench).name == "BENCH.manifest.json"
    assert manifest.total_items == len(lines) > 0
    assert sum(c.retained for entry in manifest.files for c in entry.counts.values()) == len(lines)
    assert [entry.path for entry in manifest.files] == [relative_source(path, bench) for path in corpus]
    assert [entry.sha256 for entry in manifest.files] == [file_sha256(path) for path in corpus]
    assert (manifest.seed, manifest.cap, manifest.categories) == (10, 40, [CATEGORY])
    expected = {code: spec.version for code, spec in get_generators().items() if code.startswith(CATEGORY + ".")}
    assert manifest.generators == expected
    for entry in manifest.files:
        retained = sum(c.retained for c in entry.counts.values())
        assert retained == sum(1 for line in lines if json.loads(line)["source_file"] == entry.path) <= 40


def test_a_fresh_benchmark_verifies_with_no_failure_or_problem(bench: Path) -> None:
    report = verify_bench(bench)
    assert report.ok, (report.failures[:3], report.problems[:3])
    assert report.items == len(bench.read_text().splitlines())
    assert report.files == 3


def test_a_deleted_line_is_a_manifest_problem(bench: Path, tmp_path: Path) -> None:
    copy = tmp_path / "BENCH.jsonl"
    copy.write_text("".join(bench.read_text().splitlines(keepends=True)[1:]))
    manifest_path(copy).write_bytes(manifest_path(bench).read_bytes())
    problems = consistency_problems(copy, read_items(copy))
    assert any("the manifest counts" in problem for problem in problems)


def test_a_missing_second_file_stops_the_run_before_anything_is_written(
    corpus: list[Path], settings: RunSettings, tmp_path: Path
) -> None:
    out = tmp_path / "BENCH.jsonl"
    with pytest.raises(IfcOpenError, match="absent.ifc: no such file"):
        generate_bench([corpus[0], tmp_path / "absent.ifc"], out, settings, jobs=2)
    assert list(tmp_path.iterdir()) == []


def test_a_corrupt_file_failing_in_a_worker_leaves_no_benchmark(
    corpus: list[Path], settings: RunSettings, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.ifc"
    broken.write_text(corpus[0].read_text()[:5000])  # truncated: found only when the worker opens it
    out = tmp_path / "out" / "BENCH.jsonl"
    with pytest.raises(IfcOpenError, match="broken.ifc: truncated"):
        generate_bench([corpus[0], broken, corpus[2]], out, settings, jobs=2)
    assert not out.parent.exists()


def test_a_failed_run_keeps_the_previous_benchmark_whole(
    bench: Path, corpus: list[Path], settings: RunSettings, tmp_path: Path
) -> None:
    out = tmp_path / "BENCH.jsonl"
    out.write_bytes(bench.read_bytes())
    with pytest.raises(IfcOpenError):
        generate_bench([corpus[0], tmp_path / "absent.ifc"], out, settings)
    assert out.read_bytes() == bench.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["BENCH.jsonl"]


def test_the_same_model_given_twice_is_refused(corpus: list[Path], settings: RunSettings, tmp_path: Path) -> None:
    copy = tmp_path / "copy.ifc"
    copy.write_bytes(corpus[2].read_bytes())
    with pytest.raises(IfcqaError, match="same model"):
        generate_bench([corpus[2], copy], tmp_path / "BENCH.jsonl", settings)


def test_an_unknown_category_is_an_error_listing_the_valid_codes() -> None:
    with pytest.raises(IfcqaError, match=r"unknown category 'direct\.klass'.*direct\.class, direct\.attribute"):
        resolve_categories(["direct.klass"])
    assert resolve_categories([CATEGORY, CATEGORY]) == (CATEGORY,)
    assert "geometric.geometry" in resolve_categories(None)


def test_there_is_never_more_than_one_job_per_file() -> None:
    from ifcqa.executor import available_cores, worker_count

    assert worker_count(None, 1) == 1 and worker_count(8, 3) == 3 and worker_count(2, 0) == 1
    assert worker_count(None, 100) == min(available_cores(), 100)


def test_a_malformed_line_is_an_error_naming_its_number(bench: Path, tmp_path: Path) -> None:
    lines = bench.read_text().splitlines(keepends=True)
    broken = tmp_path / "BENCH.jsonl"
    broken.write_text(lines[0] + '{"id": "x"\n' + "".join(lines[1:]))
    with pytest.raises(BenchFileError, match="line 2: not a valid item"):
        read_items(broken)


def test_what_native_code_prints_on_stdout_is_kept_out_of_the_output(capfd: pytest.CaptureFixture[str]) -> None:
    print("before", flush=True)
    with native_stdout_silenced():
        os.write(1, b"local z: 0,0,1\n")  # as IfcOpenShell's geometry kernel does on some models
    print("after", flush=True)
    assert capfd.readouterr().out == "before\nafter\n"
