"""A model whose quantity sets have no Name (old ArchiCAD exports) gets quantity, aggregation and comparison
items as its named twin does, each verified, and the oracle answers them through '(unnamed).Prop' paths.

The model is the generated sample building with every IfcElementQuantity.Name unset.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.agents.base import AgentConfig, AgentEnv, make_agent
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.mcq.items import Item
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model
from ifcqa.tools.registry import call_tool

QUANTITATIVE = ["quantitative.quantity", "quantitative.aggregate", "quantitative.compare"]


@pytest.fixture(scope="module")
def unnamed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ModelIndex, IndexCache]:
    folder = tmp_path_factory.mktemp("unnamed")
    named = write_sample_model(folder / "named.ifc", storeys=2, rooms_per_storey=4, seed=0)
    model = ifcopenshell.open(str(named))
    sets = model.by_type("IfcElementQuantity")
    assert sets
    for definition in sets:
        definition.Name = None
    path = folder / "unnamed.ifc"
    model.write(str(path))
    cache = IndexCache(folder / "cache")
    return path, load_index(path, cache=cache), cache


def unnamed_value(entity: ifcopenshell.entity_instance, name: str) -> float | None:
    """``name`` from the one unnamed quantity set of ``entity`` that holds it, read with IfcOpenShell."""
    found = []
    for rel in entity.IsDefinedBy:
        definition = rel.RelatingPropertyDefinition
        if rel.is_a("IfcRelDefinesByProperties") and definition.is_a("IfcElementQuantity") and not definition.Name:
            values = element_util.get_property_definition(definition)
            if name in values:
                found.append(values[name])
    return found[0] if len(found) == 1 else None


def test_tools_read_one_quantity_across_the_unnamed_sets_of_many_elements(
    unnamed: tuple[Path, ModelIndex, IndexCache],
) -> None:
    path, index, _ = unnamed
    raw = ifcopenshell.open(str(path))
    values = [v for s in raw.by_type("IfcSpace") if (v := unnamed_value(s, "NetFloorArea")) is not None]
    assert len(values) == len(raw.by_type("IfcSpace")) >= 8
    total = call_tool(
        index, "aggregate_values", {"ifc_class": "IfcSpace", "quantity": "(unnamed).NetFloorArea", "stat": "sum"}
    )
    assert total["value"] == pytest.approx(math.fsum(values)) and total["n_missing"] == 0
    assert total["quantity"] == "(unnamed).NetFloorArea"
    ranked = call_tool(index, "rank_elements", {"ifc_class": "IfcSpace", "quantity": "(unnamed).NetFloorArea"})
    assert ranked["elements"][0]["value"] == pytest.approx(max(values))
    space = raw.by_type("IfcSpace")[0]
    one = call_tool(index, "get_property", {"element": space.GlobalId, "property": "(unnamed).NetFloorArea"})
    assert one["available"] and one["value"] == pytest.approx(unnamed_value(space, "NetFloorArea"))
    assert one["pset"].startswith("(unnamed #")


def test_unnamed_sets_give_as_many_verified_quantitative_items_as_named_ones_and_the_oracle_answers_them(
    unnamed: tuple[Path, ModelIndex, IndexCache],
) -> None:
    path, index, cache = unnamed
    items, _ = generate_for_file(path, cap=6, categories=QUANTITATIVE, cache=cache)
    named, _ = generate_for_file(path.parent / "named.ifc", cap=6, categories=QUANTITATIVE, cache=cache)
    kinds, named_kinds = Counter(i.subtype for i in items), Counter(i.subtype for i in named)
    assert sum(kinds.values()) >= 0.8 * sum(named_kinds.values())
    asked = {"quantity.value", "aggregate.sum", "aggregate.mean", "compare.pair"}
    assert {f"quantitative.{k}" for k in asked} <= set(kinds)
    assert any("'(unnamed)' (the file gives these quantity sets no name" in i.question for i in items)
    oracle = make_agent("oracle", AgentConfig())
    env = AgentEnv(index=index, model_path=path)
    results = [(item, oracle.answer(item, env)) for item in items]
    wrong: list[Item] = [item for item, result in results if result.selected != sorted(item.answer)]
    assert not wrong, [w.question for w in wrong[:3]]
    assert max(len(result.tool_calls) for _, result in results) <= 2


def test_find_by_property_takes_the_unnamed_family_path(unnamed: tuple[Path, ModelIndex, IndexCache]) -> None:
    path, index, _ = unnamed
    raw = ifcopenshell.open(str(path))
    having = {s.GlobalId for s in raw.by_type("IfcProduct") if unnamed_value(s, "NetFloorArea") is not None}
    result = call_tool(index, "find_by_property", {"property": "(unnamed).NetFloorArea", "limit": 200, "compact": True})
    assert having and {row[1] for row in result["matches"]} == having and result["total"] == len(having)
