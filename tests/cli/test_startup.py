"""Start-up: a warm summary/select/info/q imports nothing heavy, and the fast path answers as typer does.

Each call runs in a fresh interpreter (``sys.modules`` of this test process is full of everything),
through :func:`ifcqa.cli.main.main` exactly as the console script runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ifcqa.cli import fast
from ifcqa.cli.main import app
from ifcqa.ifc.open import STRICT_ENV
from ifcqa.index import IndexCache, load_index
from ifcqa.sample import write_sample_model

HEAVY = ("ifcopenshell", "openai", "matplotlib", "mcp", "lark", "numpy", "fastapi", "kuzu", "dask")
TYPER_STACK = ("typer", "click", "pydantic", "rich", "ifcqa.tools.registry", "ifcqa.index.build")

PROBE = """
import json, sys
from ifcqa.cli.main import main
sys.argv = ["ifcqa", *json.loads(sys.argv[1])]
try:
    main()
    code = 0
except SystemExit as exit:
    code = exit.code or 0
sys.stdout.flush()
print("\\nPROBE " + json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A generated model and a cache folder holding its index (warm)."""
    folder = tmp_path_factory.mktemp("startup")
    path = folder / "sample.ifc"
    write_sample_model(path)
    cache = folder / "cache"
    index = load_index(path, cache=IndexCache(cache))
    index.schema_classes()  # the schema's entity list, kept beside the index on first need
    return path, cache


def probe(*args: str) -> tuple[int, str, str, set[str]]:
    """Run ``ifcqa ARGS`` in a fresh interpreter: exit code, stdout, stderr and the modules it imported."""
    env = {k: v for k, v in os.environ.items() if k not in (STRICT_ENV, "IFCQA_DEBUG")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(args))], capture_output=True, text=True, env=env, timeout=120
    )
    stderr, _, report = done.stderr.rpartition("\nPROBE ")
    found = json.loads(report)
    return int(found["code"]), done.stdout, stderr, set(found["modules"])


def a_wall(path: Path, cache: Path) -> Any:
    index = load_index(path, cache=IndexCache(cache))
    return index.by_class("IfcWall")[0]


@pytest.mark.parametrize(
    "command",
    [
        ["summary", "{file}"],
        ["select", "{file}", "IfcWall"],
        ["select", "{file}", "ifcdoor, IfcWindow"],
        ["select", "{file}", "IfcPile"],  # a class of the schema the model lacks: the cached entity list says so
        ["info", "{file}", "{wall}", "--no-bbox"],
        ["--json-errors", "info", "{file}", "0000000000000000000000"],
    ],
)
def test_a_warm_summary_select_info_imports_neither_ifcopenshell_nor_the_typer_stack(
    sample: tuple[Path, Path], command: list[str]
) -> None:
    path, cache = sample
    wall = a_wall(path, cache)
    args = [a.format(file=path, wall=wall.guid) for a in command] + ["--cache-dir", str(cache)]
    code, stdout, stderr, modules = probe(*args)
    assert code == (1 if "0000000000000000000000" in args else 0), stderr
    answer = json.loads(stdout)
    assert answer == [] if "IfcPile" in args else answer
    assert not [m for m in HEAVY if m in modules], stderr
    assert not [m for m in TYPER_STACK if m in modules]


def test_info_with_its_box_shapes_one_element_then_answers_warm_without_ifcopenshell(
    sample: tuple[Path, Path], tmp_path: Path
) -> None:
    path, _ = sample
    cache = tmp_path / "cache"
    load_index(path, cache=IndexCache(cache))
    wall = a_wall(path, cache)
    code, stdout, stderr, modules = probe("info", str(path), wall.guid, "--cache-dir", str(cache))
    assert code == 0, stderr
    box = json.loads(stdout)["bbox"]
    assert "ifcqa.native.pool" in modules  # the first box is shaped from the file, in a worker process...
    assert not IndexCache(cache).path(load_index(path, cache=IndexCache(cache)).data.source.sha256, "bbox").exists()
    code, again, stderr, modules = probe("info", str(path), wall.guid, "--cache-dir", str(cache))
    assert code == 0 and json.loads(again)["bbox"] == box  # ...then read from the cache
    assert "ifcopenshell" not in modules and "numpy" not in modules
    low, high = box["min"], box["max"]
    assert all(lo < hi for lo, hi in zip(low, high, strict=True))  # a wall has volume


# Modules a cold call has no use for: the EXPRESS rule module (IfcOpenShell imports it when asked for an
# attribute a class lacks, e.g. ``getattr(unit, "Prefix", None)`` on a conversion-based unit), the
# validator (argparse with it), and ifcopenshell.util.element (shapely with it).
COLD_NEEDLESS = ("ifcopenshell.express.rules", "ifcopenshell.validate", "ifcopenshell.util.element", "shapely")


@pytest.mark.parametrize("name", ["LargeBuilding.ifc", "IfcOpenHouse_IFC4.ifc"])  # IFC2X3 units and layers; IFC4
def test_a_cold_summary_imports_only_what_it_reads_the_file_with(shared_ifc: Path, tmp_path: Path, name: str) -> None:
    code, stdout, stderr, modules = probe("summary", str(shared_ifc / name), "--cache-dir", str(tmp_path / "cache"))
    assert code == 0, stderr
    assert json.loads(stdout)["units"]["length"]  # the units were read (conversion-based ones included)
    assert "ifcopenshell" in modules  # it parsed the file
    assert not [m for m in modules if m.startswith(COLD_NEEDLESS)], stderr


@pytest.mark.parametrize("tool", ["list_storeys", "model_summary"])
def test_a_warm_q_imports_no_ifcopenshell(sample: tuple[Path, Path], tool: str) -> None:
    path, cache = sample
    code, stdout, stderr, modules = probe("q", tool, str(path), "--cache-dir", str(cache))
    assert code == 0, stderr
    assert json.loads(stdout)
    assert not [m for m in HEAVY if m in modules], stderr


def test_a_selector_the_index_cannot_answer_may_open_the_file_and_still_answers(sample: tuple[Path, Path]) -> None:
    path, cache = sample
    code, stdout, stderr, _ = probe(
        "select", str(path), 'IfcWall, material="NoSuchMaterial"', "--cache-dir", str(cache)
    )
    assert code == 0, stderr
    assert json.loads(stdout) == []


@pytest.mark.parametrize(
    "command",
    [
        ["summary", "{file}"],
        ["select", "{file}", "IfcDoor"],
        ["select", "{file}", "IfcWal"],
        ["select", "{file}", "IfcPile"],
        ["info", "{file}", "{wall}", "--no-bbox"],
        ["info", "{file}", "#1"],
        ["info", "{file}", "0000000000000000000000"],
        ["--json-errors", "info", "{file}", "0000000000000000000000"],
        ["summary", "{file}.missing.ifc"],
    ],
)
def test_the_fast_path_prints_what_the_typer_commands_print(sample: tuple[Path, Path], command: list[str]) -> None:
    path, cache = sample
    wall = a_wall(path, cache)
    args = [a.format(file=path, wall=wall.guid) for a in command] + ["--cache-dir", str(cache)]
    assert fast.parse_fast(args) is not None
    code, stdout, stderr, modules = probe(*args)
    assert "typer" not in modules  # answered on the fast path
    typer_result = CliRunner().invoke(app, args)
    assert (code, stdout, stderr.strip()) == (typer_result.exit_code, typer_result.stdout, typer_result.stderr.strip())


def test_the_fast_path_takes_only_the_plain_forms() -> None:
    parse = fast.parse_fast
    call = parse(["--json-errors", "--strict", "info", "m.ifc", "#12", "--no-bbox", "--cache-dir=c", "--no-cache"])
    assert call is not None and call.arguments == ("m.ifc", "#12") and call.cache_dir == Path("c")
    assert call.json_errors and call.strict and {"--no-bbox", "--no-cache"} <= call.flags
    assert parse(["select", "m.ifc", "IfcWall", "--cache-dir", "c"]) is not None
    for typer_decides in (
        [],
        ["--help"],
        ["summary", "--help"],
        ["summary"],
        ["summary", "a.ifc", "b.ifc"],
        ["summary", "a.ifc", "--no-bbox"],
        ["summary", "a.ifc", "--cache-dir"],
        ["select", "a.ifc", "--", "-x"],
        ["check", "a.ifc"],
        ["--version"],
        ["q", "list_storeys", "a.ifc"],
    ):
        assert parse(typer_decides) is None, typer_decides


def test_the_fast_path_names_the_strict_variable_of_the_file_opener() -> None:
    assert fast._STRICT_ENV == STRICT_ENV
