"""The report: Markdown, self-contained HTML and PNG figures, runs side by side with both baselines."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from ifcqa.agents.base import AgentConfig
from ifcqa.eval.loaders import get_run_readers, load_run
from ifcqa.eval.records import RunError
from ifcqa.eval.report import write_report
from ifcqa.eval.runner import run_eval
from ifcqa.mcq.items import Item

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FIGURES = ["accuracy_by_category.png", "tool_calls.png", "tokens.png"]


@pytest.fixture(scope="module")
def runs(bench_items: tuple[Path, list[Item]], eval_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of three runs: first-option, random, and a made-up LLM tool-agent run with calls and tokens."""
    bench, _ = bench_items
    folder = tmp_path_factory.mktemp("runs")
    run_eval(bench, "first-option", AgentConfig(), folder / "first", cache_dir=eval_cache)
    run_eval(bench, "random", AgentConfig(seed=0), folder / "random", cache_dir=eval_cache)
    shutil.copytree(folder / "first", folder / "llm")
    run = json.loads((folder / "llm" / "run.json").read_text())
    (folder / "llm" / "run.json").write_text(json.dumps({**run, "agent": "tool", "model": "model-x"}))
    lines = []
    for number, line in enumerate((folder / "llm" / "records.jsonl").read_text().splitlines()):
        record = json.loads(line)
        calls = [{"name": "find_elements", "arguments": {}, "ok": True, "chars": 900, "truncated": False}]
        record.update(agent="tool", model="model-x", selected=record["answer"], correct=number % 4 != 0)
        record.update(tool_calls=calls * (1 + number % 3), tokens_in=2000, tokens_out=150, steps=2)
        lines.append(json.dumps(record))
    (folder / "llm" / "records.jsonl").write_text("\n".join(lines) + "\n")
    return folder


@pytest.fixture(scope="module")
def report(runs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "rep"
    write_report([runs / "llm", runs / "first", runs / "random"], out)
    return out


def test_the_report_writes_markdown_html_and_the_figures(report: Path) -> None:
    assert sorted(p.name for p in report.iterdir()) == sorted(["report.md", "report.html", *FIGURES])


def test_the_figures_are_valid_png_images(report: Path) -> None:
    for name in FIGURES:
        data = (report / name).read_bytes()
        assert data.startswith(PNG_MAGIC)
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
            assert image.format == "PNG" and image.size[0] > 200


def test_the_html_is_self_contained_with_every_figure_embedded(report: Path) -> None:
    page = (report / "report.html").read_text()
    references = re.findall(r"""\b(?:src|href)\s*=\s*["']([^"']*)""", page)
    assert references and all(ref.startswith("data:") for ref in references)
    assert "<link" not in page and "<script" not in page and "url(" not in page and "@import" not in page
    embedded = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page)
    assert len(embedded) == len(FIGURES)
    assert all(base64.b64decode(data).startswith(PNG_MAGIC) for data in embedded)


def test_every_report_has_both_baselines_computed_from_the_benchmark(report: Path, items: list[Item]) -> None:
    text = (report / "report.md").read_text()
    first_option = sum(item.answer == ["A"] for item in items)
    expected = f"{100 * first_option / len(items):.1f}% ({len(items)})"
    against = text.split("## Against the chance baselines", 1)[1].split("##", 1)[0]
    row = next(line for line in against.splitlines() if line.startswith("| llm |"))
    assert [cell.strip() for cell in row.strip("|").split("|")][3] == expected  # the first-option column
    for heading in ["## By category", "## By group", "## By question type", "## By source model"]:
        section = text.split(heading, 1)[1].split("##", 1)[0]
        header = section.strip().splitlines()[0]
        # first-option and random are runs of the report: each is shown once, as that run
        assert "| llm | first | random | baseline: text-only |" in header
        assert "baseline: first-option" not in header and "baseline: random" not in header


def test_the_runs_are_side_by_side_per_category_and_per_source_model(report: Path) -> None:
    text = (report / "report.md").read_text()
    category = text.split("## By category", 1)[1].split("##", 1)[0]
    assert "| Class identification | 75.0% (12) |" in category  # llm: 3 of every 4 items right
    source = text.split("## By source model", 1)[1].split("##", 1)[0]
    assert "| house-a.ifc |" in source and "| house-b.ifc |" in source
    assert "| model-x | 75.0% (12) |" in text.split("## LLMs × agents", 1)[1]


def test_the_overall_table_shows_calls_one_call_rate_and_tokens(report: Path) -> None:
    text = (report / "report.md").read_text()
    row = next(line for line in text.splitlines() if line.startswith("| llm | tool | model-x |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[3:6] == ["12", "0 (0.0%)", "75.0%"]
    assert cells[7] == "75.0% (12)"  # accuracy over answered items: every item was answered
    assert cells[8:13] == ["2.00", "0", "33.3%", "2000", "150"]  # calls 1,2,3 repeating; 4 of 12 with one call


def test_a_run_whose_benchmark_is_gone_is_reported_with_a_note_and_no_baseline(runs: Path, tmp_path: Path) -> None:
    shutil.copytree(runs / "first", tmp_path / "moved")
    run = json.loads((tmp_path / "moved" / "run.json").read_text())
    (tmp_path / "moved" / "run.json").write_text(json.dumps({**run, "bench": str(tmp_path / "gone.jsonl")}))
    write_report([tmp_path / "moved"], tmp_path / "rep")
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "gone.jsonl not found, so it has no baseline rows" in text


def test_runs_with_the_same_folder_name_get_distinct_labels(runs: Path, tmp_path: Path) -> None:
    shutil.copytree(runs / "first", tmp_path / "again" / "first")
    write_report([runs / "first", tmp_path / "again" / "first"], tmp_path / "rep")
    header = (tmp_path / "rep" / "report.md").read_text().split("## By group", 1)[1].strip().splitlines()[0]
    assert "| first |" in header and "| again/first |" in header


def test_load_run_reads_run_folders_and_refuses_anything_else(runs: Path, tmp_path: Path) -> None:
    assert "ifcqa-run" in get_run_readers()
    run = load_run(runs / "random")
    assert (run.agent, run.label, len(run.records)) == ("random", "random", 12)
    with pytest.raises(RunError, match="not a run this version can read.*ifcqa eval -o"):
        load_run(tmp_path)
    with pytest.raises(RunError, match="no such run folder"):
        load_run(tmp_path / "missing")
