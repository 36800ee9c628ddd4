"""How often MCQ generation parses its file: once, cold or warm, with the same items and verdicts either way."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest

from ifcqa.files.hashing import file_sha256
from ifcqa.ifc import open as ifc_open
from ifcqa.index import IndexCache
from ifcqa.index.build import build_index_data
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.screen import screen
from ifcqa.sample import write_sample_model

CATEGORIES = ["direct.property", "quantitative.aggregate", "relational.spatial"]


def counting_parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The paths IfcOpenShell parses from now on (through :func:`ifcqa.ifc.open.open_model`), in order."""
    parsed: list[Path] = []
    real: Callable[..., Any] = ifc_open._parse

    def parse(path: Path, shown: Path) -> Any:
        parsed.append(shown)
        return real(path, shown)

    monkeypatch.setattr(ifc_open, "_parse", parse)
    return parsed


def test_a_cold_run_parses_once_and_a_warm_one_once_with_the_same_items(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=2, rooms_per_storey=3, seed=0)
    cache = IndexCache(tmp_path / "cache")
    parsed = counting_parses(monkeypatch)
    cold, _ = generate_for_file(path, categories=CATEGORIES, cache=cache)
    assert parsed == [path], "the verifiers parsed the file again after the index build"
    warm, _ = generate_for_file(path, categories=CATEGORIES, cache=cache)
    assert parsed == [path, path], "a cached index does not parse; the verifiers do, once"
    assert cold and [i.model_dump() for i in cold] == [i.model_dump() for i in warm]
    model = ifcopenshell.open(str(path))  # an independent parse agrees with every item
    assert [judge(model, item) for item in cold] == [None] * len(cold)


def _with_a_quantity_twice(path: Path) -> Path:
    """The sample with one wall whose quantity set holds NetSideArea twice (another value)."""
    write_sample_model(path, storeys=1, rooms_per_storey=4, seed=0)
    model = ifcopenshell.open(str(path))
    wall = min(model.by_type("IfcWall"), key=lambda w: w.id())
    quantities = next(
        rel.RelatingPropertyDefinition
        for rel in wall.IsDefinedBy
        if rel.is_a("IfcRelDefinesByProperties") and rel.RelatingPropertyDefinition.is_a("IfcElementQuantity")
    )
    quantities.Quantities = [*quantities.Quantities, model.createIfcQuantityArea("NetSideArea", None, None, 5.0)]
    model.write(str(path))
    return path


def test_duplicate_names_are_still_found_where_a_set_of_that_name_repeats_the_member(tmp_path: Path) -> None:
    """The screen looks at an item's elements only when some set of the model repeats the asked member: items
    on the wall whose set repeats NetSideArea (and sums over its class) are refused, the others pass."""
    path = _with_a_quantity_twice(tmp_path / "twice.ifc")
    items, entry = generate_for_file(path, cap=1000, cache=IndexCache(tmp_path / "cache"), max_per_answer=None)
    model = ifcopenshell.open(str(path))
    wall = min(model.by_type("IfcWall"), key=lambda w: w.id())
    assert sum(c.skipped.get("duplicate_quantity", 0) for c in entry.counts.values()) >= 1
    net_side = [i for i in items if i.provenance.get("quantity") == "NetSideArea"]
    assert net_side, "no other wall was asked about NetSideArea"
    for item in net_side:
        assert wall.GlobalId not in item.provenance.get("elements", [])
        assert item.provenance.get("ifc_class") is None or not wall.is_a(item.provenance["ifc_class"])
        assert screen(model, item) is None
    other = [i for i in items if i.provenance.get("qto") and i.provenance.get("quantity") != "NetSideArea"]
    assert any(wall.GlobalId in i.provenance.get("elements", []) for i in other), "the wall's other quantities"
    asked = next(i for i in net_side if i.provenance.get("elements"))
    on_the_wall = asked.model_copy(update={"provenance": {**asked.provenance, "elements": [wall.GlobalId]}})
    assert screen(model, on_the_wall) == "duplicate_quantity"


@pytest.mark.parametrize("name", ["AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "IfcOpenHouse_IFC4.ifc"])
def test_the_index_build_only_reads_the_model_the_verifiers_then_read(shared_ifc: Path, name: str) -> None:
    """After a cold build the verifiers read the build's parse: the build must leave every entity as parsed."""
    path = shared_ifc / name
    model = ifc_open.open_model(path)
    parsed = model.to_string()
    build_index_data(model, str(path), file_sha256(path), path.stat().st_size)
    assert model.to_string() == parsed
