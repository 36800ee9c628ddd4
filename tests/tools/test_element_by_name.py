"""Tools accept an element's unique Name wherever they take a GlobalId or step id."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.feature
import ifcopenshell.api.project
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.unit
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools import call_tool

Raw = ifcopenshell.entity_instance
ELEMENT_TOOLS = [
    ("get_element", "element"),
    ("get_properties", "element"),
    ("get_type", "element"),
    ("get_materials", "element"),
    ("get_spatial_context", "element"),
    ("get_openings", "host"),
    ("get_space_boundaries", "element"),
]


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModelIndex, dict[str, Raw]]:
    """A tiny IFC4 model whose names exercise every rule: unique, repeated, case twins, openings, numbers."""
    model = ifcopenshell.api.project.create_file(version="IFC4")
    create = ifcopenshell.api.root.create_entity
    project = create(model, ifc_class="IfcProject", name="P")
    ifcopenshell.api.unit.assign_unit(model)
    storey = create(model, ifc_class="IfcBuildingStorey", name="Level 0")
    ifcopenshell.api.aggregate.assign_object(model, products=[storey], relating_object=project)
    raw = {"storey": storey}
    for key, name in [("wall", "Wall A"), ("twin1", "Twin"), ("twin2", "Twin"), ("upper", "Mixed"), ("lower", "mixed")]:
        raw[key] = create(model, ifc_class="IfcWall", name=name)
    raw["cased"] = create(model, ifc_class="IfcWall", name="Cased")
    raw["door"] = create(model, ifc_class="IfcDoor", name="Door 1")
    raw["opening"] = create(model, ifc_class="IfcOpeningElement", name="Door 1")  # ArchiCAD's habit
    raw["lone"] = create(model, ifc_class="IfcOpeningElement", name="Lone opening")
    ifcopenshell.api.feature.add_feature(model, feature=raw["opening"], element=raw["wall"])
    ifcopenshell.api.feature.add_filling(model, opening=raw["opening"], element=raw["door"])
    raw["clash"] = create(model, ifc_class="IfcSpace", name=str(storey.id()))  # a name that is a step id
    raw["numbered"] = create(model, ifc_class="IfcSpace", name="987654")  # a number no step id has
    contained = [raw[k] for k in ("wall", "twin1", "twin2", "upper", "lower", "cased", "door")]
    ifcopenshell.api.spatial.assign_container(model, products=contained, relating_structure=storey)
    ifcopenshell.api.aggregate.assign_object(model, products=[raw["clash"], raw["numbered"]], relating_object=storey)
    path = tmp_path_factory.mktemp("named") / "named.ifc"
    model.write(str(path))
    return load_index(path, cache=IndexCache(path.parent / "cache")), raw


@pytest.mark.parametrize(("tool", "argument"), ELEMENT_TOOLS)
def test_a_unique_name_reads_the_same_element_as_its_globalid(named, tool: str, argument: str) -> None:
    index, raw = named
    by_name = call_tool(index, tool, {argument: "Wall A"})
    by_guid = call_tool(index, tool, {argument: raw["wall"].GlobalId})
    if tool == "get_element":  # the one result that says which rule matched
        assert (by_name.pop("matched_by"), by_guid.pop("matched_by")) == ("name", "global_id")
    assert by_name == by_guid


def test_an_exact_name_wins_and_a_name_unique_ignoring_case_resolves_too(named) -> None:
    index, raw = named
    assert index.get("Mixed").guid == raw["upper"].GlobalId
    assert index.get("mixed").guid == raw["lower"].GlobalId
    assert index.get("CASED").guid == raw["cased"].GlobalId
    assert index.get("  Wall A ").guid == raw["wall"].GlobalId


def test_an_opening_named_after_its_door_does_not_make_the_door_ambiguous(named) -> None:
    index, raw = named
    hosted = call_tool(index, "get_host", {"element": "Door 1"})
    assert hosted["element"]["guid"] == raw["door"].GlobalId
    assert hosted["host"]["guid"] == raw["wall"].GlobalId
    assert index.get("Lone opening").guid == raw["lone"].GlobalId  # only an opening has it: the opening


def test_an_ambiguous_name_is_an_error_listing_the_candidates(named) -> None:
    index, raw = named
    with pytest.raises(ToolError, match=r"Name 'Twin' is used by 2 elements: .*Pass a GlobalId") as caught:
        call_tool(index, "get_element", {"element": "Twin"})
    assert raw["twin1"].GlobalId in str(caught.value) and raw["twin2"].GlobalId in str(caught.value)


def test_a_bare_number_is_the_step_id_and_says_so_when_it_is_also_a_name(named) -> None:
    index, raw = named
    number = str(raw["storey"].id())
    shown = call_tool(index, "get_element", {"element": number})
    assert (shown["guid"], shown["matched_by"]) == (raw["storey"].GlobalId, "step_id")
    assert f"also the Name of IfcSpace {raw['clash'].GlobalId}" in shown["note"] and f"'name:{number}'" in shown["note"]
    by_name = call_tool(index, "get_element", {"element": f"name:{number}"})
    assert (by_name["guid"], by_name["matched_by"]) == (raw["clash"].GlobalId, "name")
    assert index.get(f"#{number}").guid == raw["storey"].GlobalId
    assert index.get(raw["clash"].GlobalId).guid == raw["clash"].GlobalId


def test_an_integer_reference_is_a_step_id_in_every_tool(named) -> None:
    index, raw = named
    step_id = raw["wall"].id()
    for tool, argument in ELEMENT_TOOLS:
        assert call_tool(index, tool, {argument: step_id}) == call_tool(index, tool, {argument: f"#{step_id}"})
    assert call_tool(index, "get_element", {"element": raw["storey"].id()})["guid"] == raw["storey"].GlobalId


def test_a_step_id_of_an_entity_that_is_no_element_shows_that_entity(named) -> None:
    index, raw = named
    rel = index.model().by_id(raw["storey"].id()).ContainsElements[0]  # the file as written
    shown = call_tool(index, "get_element", {"element": rel.id()})
    assert (shown["id"], shown["class"], shown["matched_by"]) == (rel.id(), rel.is_a(), "step_id")
    assert shown["attributes"]["GlobalId"] == rel.GlobalId
    assert [r["id"] for r in shown["attributes"]["RelatedElements"]] == [e.id() for e in rel.RelatedElements]
    assert shown["attributes"]["RelatingStructure"]["guid"] == raw["storey"].GlobalId  # an element: a full ref
    with pytest.raises(ToolError, match=rf"#{rel.id()} is an entity of named\.ifc that is not an element"):
        call_tool(index, "get_type", {"element": str(rel.id())})


def test_a_bare_number_is_a_step_id_unless_only_a_name_matches(named) -> None:
    index, raw = named
    assert index.get(str(raw["wall"].id())).guid == raw["wall"].GlobalId
    assert index.get(raw["wall"].id()).guid == raw["wall"].GlobalId
    assert index.get("987654").guid == raw["numbered"].GlobalId


@pytest.mark.parametrize(
    ("reference", "message"),
    [
        ("No such wall", "No element with reference or Name 'No such wall'"),
        ("0000000000000000000000", "No element with GlobalId '0000000000000000000000'"),
        ("#999999", "No entity with step id '#999999'"),
    ],
)
def test_an_unknown_reference_is_an_error_naming_find_elements(named, reference: str, message: str) -> None:
    index, _ = named
    with pytest.raises(ToolError, match=re.escape(message) + r" in named\.ifc\. Use find_elements"):
        call_tool(index, "get_element", {"element": reference})


@pytest.mark.parametrize("name", ["AC20-FZK-Haus.ifc", "KIT-EDC_with_SB.ifc"])
def test_every_name_unique_among_non_openings_resolves_to_its_element(
    name: str, index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    index = index_of(name)
    solid = [e for e in index.elements() if e.name and not index.is_a(e, "IfcFeatureElementSubtraction")]
    counts = Counter(e.name for e in solid)
    checked = 0
    for element in solid:
        clash = (element.name or "").isdigit() and index.data.has_step_id(int(element.name or 0))
        if counts[element.name] == 1:  # a number that is some entity's step id is a Name only when asked
            reference = f"name:{element.name}" if clash else element.name or ""
            assert index.resolve(reference) == (element.id, element, "name", None)
            checked += 1
    assert checked > 50
