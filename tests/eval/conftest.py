"""Fixtures of the evaluation tests: a small two-model benchmark built in code, with its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.items import Item
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

MODELS = {"house-a.ifc": {"storeys": 2, "rooms_per_storey": 4, "seed": 0}, "house-b.ifc": {"storeys": 1, "seed": 1}}


@pytest.fixture(scope="session")
def eval_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index cache folder shared by the evaluation tests."""
    return tmp_path_factory.mktemp("eval-cache")


@pytest.fixture(scope="session")
def bench_items(tmp_path_factory: pytest.TempPathFactory, eval_cache: Path) -> tuple[Path, list[Item]]:
    """``BENCH.jsonl`` (class-identification items of two generated houses, 6 each) and its items.

    The models live in ``models/`` beside the benchmark and the items name them by that relative path.
    """
    folder = tmp_path_factory.mktemp("bench")
    items: list[Item] = []
    for name, options in MODELS.items():
        path = write_sample_model(folder / "models" / name, **options)
        made, _ = generate_for_file(path, categories=["direct.class"], cap=6, cache=IndexCache(eval_cache))
        items += [item.model_copy(update={"source_file": f"models/{name}"}) for item in made]
    bench = folder / "BENCH.jsonl"
    bench.write_bytes(dump_items(items))
    return bench, items


@pytest.fixture
def bench(bench_items: tuple[Path, list[Item]]) -> Path:
    """The path of the small benchmark."""
    return bench_items[0]


@pytest.fixture
def items(bench_items: tuple[Path, list[Item]]) -> list[Item]:
    """The items of the small benchmark, in file order."""
    return bench_items[1]
