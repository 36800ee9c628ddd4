"""Names are matched as the file spells them, spaces included; ignoring spaces is a fallback that says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools.registry import call_tool

IndexOf = Callable[[str], ModelIndex]
HAUS = "AC20-FZK-Haus.ifc"
VOLUME = "ArchiCADQuantities.Brutto-Volumen der Wand "  # the file's spelling: a trailing space


def test_a_quantity_whose_name_ends_in_a_space_is_aggregated_as_the_file_spells_it(
    index_of: IndexOf, shared_ifc: Path
) -> None:
    raw = ifcopenshell.open(str(shared_ifc / HAUS))
    values = [
        element_util.get_psets(w).get("ArchiCADQuantities", {}).get("Brutto-Volumen der Wand ")
        for w in raw.by_type("IfcWall")
    ]
    numbers = [float(v) for v in values if isinstance(v, int | float)]
    assert len(numbers) == 13
    exact = call_tool(index_of(HAUS), "aggregate_values", {"ifc_class": "IfcWall", "quantity": VOLUME, "stat": "sum"})
    assert exact["n_used"] == 13 and exact["value"] == pytest.approx(sum(numbers), rel=1e-6)
    assert exact["quantity"] == VOLUME and "names_matched" not in exact
    loose = call_tool(index_of(HAUS), "aggregate_values", {"ifc_class": "IfcWall", "quantity": VOLUME.strip(),
                                                         "stat": "sum"})  # fmt: skip
    assert loose["value"] == exact["value"] and loose["quantity"] == VOLUME
    assert loose["names_matched"] == [
        "'Brutto-Volumen der Wand' matched 'Brutto-Volumen der Wand ' only ignoring leading/trailing spaces: "
        "the file spells it 'Brutto-Volumen der Wand '"
    ]


def test_get_property_reads_a_property_named_with_spaces(index_of: IndexOf) -> None:
    index = index_of(HAUS)
    holder = next(e for e in index.data.elements.values() for props in e.psets.values() if "     Pfeil" in props)
    set_name = next(s for s, props in holder.psets.items() if "     Pfeil" in props)
    result = call_tool(index, "get_property", {"element": holder.guid, "property": f"{set_name}.     Pfeil"})
    assert result["value"] == holder.psets[set_name]["     Pfeil"].value
    assert "names_matched" not in result


@pytest.fixture(scope="module")
def spaced(tmp_path_factory: pytest.TempPathFactory) -> ModelIndex:
    """Two walls: one of material ' <Unnamed>' (Revit 2021), one of '<Unnamed>'; a wall ' Wall A '."""
    f = ifcopenshell.api.run("project.create_file", version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="Spaces")
    ifcopenshell.api.run("unit.assign_unit", f)
    storey = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name="Level 1")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[storey], relating_object=project)
    walls = []
    for wall_name, material_name in ((" Wall A ", " <Unnamed>"), ("Wall B", "<Unnamed>")):
        wall = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcWall", name=wall_name)
        material = ifcopenshell.api.run("material.add_material", f, name=material_name)
        ifcopenshell.api.run("material.assign_material", f, products=[wall], material=material)
        walls.append(wall)
    ifcopenshell.api.run("spatial.assign_container", f, products=walls, relating_structure=storey)
    folder = tmp_path_factory.mktemp("spaced")
    f.write(str(folder / "spaced.ifc"))
    return load_index(folder / "spaced.ifc", cache=IndexCache(folder / "cache"))


def names(result: dict[str, object]) -> list[object]:
    return [row["name"] for row in result["elements"]]  # type: ignore[attr-defined]


def test_find_by_material_takes_the_name_with_its_leading_space(spaced: ModelIndex) -> None:
    leading = call_tool(spaced, "find_by_material", {"material": " <Unnamed>"})
    assert names(leading) == [" Wall A "] and "names_matched" not in leading
    bare = call_tool(spaced, "find_by_material", {"material": "<Unnamed>"})
    assert names(bare) == ["Wall B"]
    loose = call_tool(spaced, "find_by_material", {"material": "<unnamed> "})
    assert sorted(names(loose)) == [" Wall A ", "Wall B"]  # type: ignore[type-var]
    assert len(loose["names_matched"]) == 2


def test_the_name_filter_matches_the_spelling_and_says_when_spaces_were_ignored(spaced: ModelIndex) -> None:
    exact = call_tool(spaced, "count_elements", {"ifc_class": "IfcWall", "name": " Wall A "})
    assert exact["count"] == 1 and "names_matched" not in exact
    loose = call_tool(spaced, "count_elements", {"ifc_class": "IfcWall", "name": "wall a"})
    assert loose["count"] == 1
    assert loose["names_matched"] == [
        "'wall a' matched ' Wall A ' only ignoring leading/trailing spaces: the file spells it ' Wall A '"
    ]



