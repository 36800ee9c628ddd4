"""The selector over the index returns exactly what ifcopenshell.util.selector.filter_elements returns.

Queries are templates filled with values read from each raw model (a wall's GlobalId and Name, a
storey name, a used type and material, the most varied wall quantity and the middle of its range),
so every facet is exercised with a value the model really holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as element_util
import ifcopenshell.util.selector as selector_util
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import ModelIndex
from ifcqa.index.selector import select

MODELS = ["AC20-FZK-Haus.ifc", "AC11-Institute-Var-2-IFC.ifc", "LargeBuilding.ifc"]

# (query, may the answer be empty on one of the models?)
QUERIES = [
    ("IfcWall", False),
    ("IfcElement, !IfcWall", False),  # negation
    ("IfcDoor + IfcWindow", False),  # union
    ("{wall_guid}", False),
    ("IfcWall, !{wall_guid}", False),
    ('IfcWall, Name="{wall_name}"', False),  # quoted string
    ('IfcWall, Name!="{wall_name}"', False),
    ('IfcWall, Name*="{wall_part}"', False),  # contains
    ("IfcSpace, Name=/.*[0-9].*/", False),  # regex attribute
    ('IfcBuildingStorey, Name="{storey}"', False),
    ("IfcBuildingStorey, Elevation > 0", False),
    ("IfcBuildingStorey, Elevation <= 0", False),
    ("IfcSlab, PredefinedType=FLOOR", False),
    ("IfcWall, Pset_WallCommon.IsExternal=TRUE", True),  # no Pset_WallCommon in AC20-FZK-Haus
    ("IfcElement, Pset_WallCommon.IsExternal=NULL", False),
    ("IfcWall, Pset_WallCommon./Is.*/=TRUE", True),  # regex property
    ("IfcWall, {qset}.{qty} > {qty_mid}", False),  # comparisons on a quantity
    ("IfcWall, {qset}.{qty} < {qty_mid}", False),
    ('IfcElement, type="{type_name}"', False),
    ("IfcElement, type=/.*/", False),
    ('IfcElement, material="{material}"', False),
    ('IfcElement, material*="{material_part}"', False),
    ('IfcElement, location="{storey}"', False),
    ('IfcElement, query:"type.Name"="{type_name}"', False),  # a query facet
]


@pytest.fixture(scope="module", params=MODELS)
def pair(request: pytest.FixtureRequest, shared_ifc: Path, index_of: Any) -> tuple[ifcopenshell.file, ModelIndex]:
    return ifcopenshell.open(str(shared_ifc / request.param)), index_of(request.param)


def facts(model: ifcopenshell.file) -> dict[str, Any]:
    """Values for the query templates, read from the raw model."""
    walls = sorted(model.by_type("IfcWall"), key=lambda e: e.id())
    wall = walls[0]
    storey = sorted(model.by_type("IfcBuildingStorey"), key=lambda e: e.id())[-1]
    used_type = next(t for t in model.by_type("IfcTypeObject") if t.Name and element_util.get_types(t))
    material = next(m.Name for e in model.by_type("IfcElement") for m in element_util.get_materials(e) if m and m.Name)
    qset, qty, values = max(_wall_quantities(walls), key=lambda found: len(set(found[2])))
    return {
        "wall_guid": wall.GlobalId,
        "wall_name": wall.Name,
        "wall_part": wall.Name[:3],
        "storey": storey.Name,
        "type_name": used_type.Name,
        "material": material,
        "material_part": material[:3],
        "qset": qset,
        "qty": qty,
        "qty_mid": (min(values) + max(values)) / 2,
    }


def _wall_quantities(walls: list[ifcopenshell.entity_instance]) -> list[tuple[str, str, list[float]]]:
    """(quantity set, quantity, the float values of the walls) for each quantity of the first wall."""
    found = []
    for name, props in element_util.get_psets(walls[0], qtos_only=True).items():
        for prop, value in props.items():
            if prop != "id" and isinstance(value, float):
                values = [element_util.get_pset(w, name, prop) for w in walls]
                found.append((name, prop, [v for v in values if isinstance(v, float)]))
    return found


@pytest.mark.parametrize(("template", "may_be_empty"), QUERIES, ids=[q for q, _ in QUERIES])
def test_select_equals_filter_elements(
    pair: tuple[ifcopenshell.file, ModelIndex], template: str, may_be_empty: bool
) -> None:
    model, index = pair
    query = template.format(**facts(model))
    expected = sorted(e.id() for e in selector_util.filter_elements(model, query))
    assert [e.id for e in select(index, query)] == expected
    assert expected or may_be_empty, f"{query!r} selects nothing: the comparison would prove nothing"


@pytest.mark.parametrize("name", ["LargeBuilding.ifc", "Ifc4_SampleHouse.ifc"])
def test_a_regex_property_set_selects_what_ifcopenshell_selects(shared_ifc: Path, index_of: Any, name: str) -> None:
    query = "IfcElement, /Pset_.*Common/.IsExternal=TRUE"
    expected = sorted(e.id() for e in selector_util.filter_elements(ifcopenshell.open(str(shared_ifc / name)), query))
    assert expected
    assert [e.id for e in select(index_of(name), query)] == expected


def test_a_regex_property_set_ifcopenshell_cannot_evaluate_is_a_tool_error(index_of: Any) -> None:
    # AC11-Institute-Var-2 has property sets without a Name: filter_elements fails matching them.
    query = "IfcElement, /Pset_.*Common/.IsExternal=TRUE"
    with pytest.raises(ToolError, match="Selector '.*Pset_.*' cannot be evaluated on AC11-Institute-Var-2-IFC.ifc"):
        select(index_of("AC11-Institute-Var-2-IFC.ifc"), query)


@pytest.mark.parametrize("query", ["IfcWall,, Name=", "IfcWall, Name=>3", "Pset_WallCommon."])
def test_a_selector_that_does_not_parse_is_a_tool_error_quoting_it(index_of: Any, query: str) -> None:
    with pytest.raises(ToolError) as caught:
        select(index_of("IfcOpenHouse_IFC4.ifc"), query)
    assert f"Selector {query!r} does not parse" in str(caught.value)
    assert "join alternatives with '+'" in str(caught.value)


def test_an_empty_selector_is_a_tool_error_with_an_example(index_of: Any) -> None:
    with pytest.raises(ToolError, match="The selector is empty. Give e.g. 'IfcWall'"):
        select(index_of("IfcOpenHouse_IFC4.ifc"), "   ")
