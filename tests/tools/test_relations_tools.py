"""The relationship tools (types, materials, spatial, openings, boundaries, systems) vs IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.project
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.system
import ifcopenshell.api.unit
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.errors import ToolError
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools import MAX_OUTPUT_CHARS, call_tool, render

IndexOf = Callable[[str], ModelIndex]
Raw = ifcopenshell.entity_instance


@pytest.fixture(scope="session")
def raw_of(shared_ifc: Path) -> Callable[[str], ifcopenshell.file]:
    """A factory: shared file name -> the file opened by IfcOpenShell (memoized)."""
    opened: dict[str, ifcopenshell.file] = {}

    def open_raw(name: str) -> ifcopenshell.file:
        if name not in opened:
            opened[name] = ifcopenshell.open(str(shared_ifc / name))
        return opened[name]

    return open_raw


def pages(index: ModelIndex, name: str, args: dict[str, Any], key: str) -> list[Any]:
    """Every item of a paginated tool, checking each page fits the cap and says how to continue."""
    items: list[Any] = []
    offset = 0
    while True:
        result = call_tool(index, name, {**args, "offset": offset})
        assert len(render(result)) <= MAX_OUTPUT_CHARS
        page = result[key]
        items.extend(sum(page.values(), []) if isinstance(page, dict) else page)
        if not result["truncated"]:
            assert "next_offset" not in result and len(items) == result["total"]
            return items
        assert result["next_offset"] == offset + result["returned"] > offset
        offset = result["next_offset"]


def ids(rows: list[dict[str, Any]]) -> set[int]:
    return {row["id"] for row in rows}


def id_of(entity: Raw | None) -> int | None:
    return entity.id() if entity is not None else None


@pytest.fixture(scope="module")
def two_buildings(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModelIndex, dict[str, Raw]]:
    """A tiny IFC4 model built with ifcopenshell.api: two buildings of two storeys, a supply-air system."""
    model = ifcopenshell.api.project.create_file(version="IFC4")
    create = ifcopenshell.api.root.create_entity
    project = create(model, ifc_class="IfcProject", name="P")
    ifcopenshell.api.unit.assign_unit(model)
    site = create(model, ifc_class="IfcSite", name="Site")
    ifcopenshell.api.aggregate.assign_object(model, products=[site], relating_object=project)
    named: dict[str, Raw] = {}
    for letter in "AB":
        building = named[letter] = create(model, ifc_class="IfcBuilding", name=f"Building {letter}")
        ifcopenshell.api.aggregate.assign_object(model, products=[building], relating_object=site)
        for level in (1, 0):
            storey = named[f"{letter}{level}"] = create(model, ifc_class="IfcBuildingStorey", name=f"{letter} L{level}")
            storey.Elevation = 3.0 * level
            ifcopenshell.api.aggregate.assign_object(model, products=[storey], relating_object=building)
    terminals = [create(model, ifc_class="IfcAirTerminal", name=f"Diffuser {i}") for i in (1, 2)]
    ifcopenshell.api.spatial.assign_container(model, products=terminals, relating_structure=named["A0"])
    system = named["system"] = ifcopenshell.api.system.add_system(model, ifc_class="IfcDistributionSystem")
    system.Name = "Supply Air"
    ifcopenshell.api.system.assign_system(model, products=terminals, system=system)
    named["terminal"] = terminals[0]
    path = tmp_path_factory.mktemp("tiny") / "two_buildings.ifc"
    model.write(str(path))
    return load_index(path, cache=IndexCache(path.parent / "cache")), named


@pytest.mark.parametrize("name", ["AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc"])
def test_get_type_matches_get_type_with_instance_counts(name: str, index_of: IndexOf, raw_of):
    index, raw = index_of(name), raw_of(name)
    typed = 0
    for entity in raw.by_type("IfcElement"):
        result = call_tool(index, "get_type", {"element": entity.GlobalId})
        expected = element_util.get_type(entity)
        if expected is None:
            assert result["type"] is None
            continue
        typed += 1
        got = result["type"]
        assert (got["id"], got["name"], got["class"]) == (expected.id(), expected.Name, expected.is_a())
        assert got["instance_count"] == len(element_util.get_types(expected))
    assert typed > 0


def test_get_type_of_a_type_object_is_null_and_says_so(index_of: IndexOf, raw_of):
    index, raw = index_of("AC20-FZK-Haus.ifc"), raw_of("AC20-FZK-Haus.ifc")
    result = call_tool(index, "get_type", {"element": raw.by_type("IfcDoorType")[0].GlobalId})
    assert result["type"] is None and "get_type_instances" in result["note"]


def test_list_types_gives_every_type_object_with_its_instance_count(index_of: IndexOf, raw_of):
    index, raw = index_of("AC11-Institute-Var-2-IFC.ifc"), raw_of("AC11-Institute-Var-2-IFC.ifc")
    rows = pages(index, "list_types", {}, "types")
    assert {r["id"]: r["instance_count"] for r in rows} == {
        t.id(): len(element_util.get_types(t)) for t in raw.by_type("IfcTypeObject")
    }
    door_types = {id_of(element_util.get_type(d)) for d in raw.by_type("IfcDoor")} - {None}
    assert door_types and ids(pages(index, "list_types", {"ifc_class": "IfcDoor"}, "types")) == door_types
    styles = {t.id() for t in raw.by_type("IfcDoorStyle")}
    assert ids(pages(index, "list_types", {"ifc_class": "IfcDoorStyle"}, "types")) == styles


def test_get_type_instances_by_globalid_or_unique_name_matches_get_types(index_of: IndexOf, raw_of):
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    types = raw.by_type("IfcTypeObject")
    names = [t.Name for t in types]
    chosen = max((t for t in types if names.count(t.Name) == 1), key=lambda t: len(element_util.get_types(t)))
    expected = {e.id() for e in element_util.get_types(chosen)}
    assert len(expected) > 1
    for reference in (chosen.GlobalId, f"#{chosen.id()}", chosen.Name.upper()):
        assert ids(pages(index, "get_type_instances", {"type": reference}, "instances")) == expected


def test_get_type_instances_rejects_ambiguous_names_non_types_and_unknown_types(index_of: IndexOf, raw_of):
    index, raw = index_of("AC20-FZK-Haus.ifc"), raw_of("AC20-FZK-Haus.ifc")
    shared = "IFC Tür - Eine Öffnunsgrichtung"
    count = sum(t.Name == shared for t in raw.by_type("IfcTypeObject"))
    with pytest.raises(ToolError, match=f"is used by {count} type objects .*pass a GlobalId"):
        call_tool(index, "get_type_instances", {"type": shared})
    wall = raw.by_type("IfcWall")[0]
    with pytest.raises(ToolError, match="is an IfcWallStandardCase, not a type object. Use get_type"):
        call_tool(index, "get_type_instances", {"type": wall.GlobalId})
    with pytest.raises(ToolError, match="No type object 'Nonexistent Type'. Use list_types"):
        call_tool(index, "get_type_instances", {"type": "Nonexistent Type"})


def set_name(material: Raw | None) -> str | None:
    """The name of a material set the way ifcqa reports it (usages resolved to their set)."""
    if material is None or material.is_a() in ("IfcMaterial", "IfcMaterialList"):
        return None
    if material.is_a("IfcMaterialLayerSetUsage"):
        material = material.ForLayerSet
    elif material.is_a("IfcMaterialProfileSetUsage"):
        material = material.ForProfileSet
    return material.LayerSetName if material.is_a("IfcMaterialLayerSet") else material.Name


MATERIAL_MODELS = [
    "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "Ifc4_SampleHouse.ifc", "ExampleHOM.ifc", "LargeBuilding.ifc"
]


@pytest.mark.parametrize("name", MATERIAL_MODELS)
def test_get_materials_matches_get_materials_with_set_kind_and_source(name: str, index_of: IndexOf, raw_of):
    index, raw = index_of(name), raw_of(name)
    sources = set()
    for entity in raw.by_type("IfcElement"):
        result = call_tool(index, "get_materials", {"element": entity.GlobalId})
        assert set(result["materials"]) == {m.Name for m in element_util.get_materials(entity) if m is not None}
        material = element_util.get_material(entity)
        own = element_util.get_material(entity, should_inherit=False)
        assert result["kind"] == (material.is_a() if material else None)
        assert result["material_set"] == set_name(material)
        assert result["source"] == ("occurrence" if own else "type" if material else None)
        sources.add(result["source"])
    assert "occurrence" in sources


def test_find_by_material_matches_case_insensitively_and_filters_by_class(index_of: IndexOf, raw_of):
    index, raw = index_of("Duplex_A_20110907.ifc"), raw_of("Duplex_A_20110907.ifc")
    using: dict[str, set[int]] = {}
    for entity in raw.by_type("IfcProduct"):
        for material in element_util.get_materials(entity):
            using.setdefault(material.Name.lower(), set()).add(entity.id())
    name, expected = max(using.items(), key=lambda kv: len(kv[1]))
    assert ids(pages(index, "find_by_material", {"material": name.upper()}, "elements")) == expected
    walls = {e.id() for e in raw.by_type("IfcWall")} & expected
    args = {"material": name, "ifc_class": "IfcWall"}
    assert walls and ids(pages(index, "find_by_material", args, "elements")) == walls
    with pytest.raises(ToolError, match="No element uses material 'Unobtainium'. Materials in this model: "):
        call_tool(index, "find_by_material", {"material": "Unobtainium"})


@pytest.mark.parametrize("name", ["AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc"])
def test_spatial_context_matches_container_aggregate_parts_and_storey(name: str, index_of: IndexOf, raw_of):
    index, raw = index_of(name), raw_of(name)
    via: set[str] = set()
    for entity in raw.by_type("IfcProduct"):
        result = call_tool(index, "get_spatial_context", {"element": entity.GlobalId})
        assert len(render(result)) <= MAX_OUTPUT_CHARS
        direct = element_util.get_container(entity, should_get_direct=True)
        assert id_of(direct) == (result["container"] or {}).get("id")
        assert id_of(element_util.get_aggregate(entity)) == (result["parent"] or {}).get("id")
        parts = sorted(p.id() for p in element_util.get_parts(entity))
        assert [p["id"] for p in result["parts"]] == parts[:30] and result["parts_total"] == len(parts)
        storey = element_util.get_container(entity, ifc_class="IfcBuildingStorey")
        if entity.is_a("IfcElement") and storey is not None:
            elevation = round(storey.Elevation, index.data.length_digits)  # float noise cut at a micrometre
            assert result["storey"]["id"] == storey.id() and result["storey"]["elevation"] == elevation
            assert (result["storey"]["via"] == "contained") == (direct == storey)
            via.add(result["storey"]["via"])
    assert "contained" in via


def test_list_buildings_gives_each_building_with_its_own_storeys(two_buildings):
    index, named = two_buildings
    result = call_tool(index, "list_buildings", {})
    got = {b["name"]: [(s["name"], s["elevation"]) for s in b["storeys"]] for b in result["buildings"]}
    assert got == {"Building A": [("A L0", 0.0), ("A L1", 3.0)], "Building B": [("B L0", 0.0), ("B L1", 3.0)]}
    assert result["elevation_unit"] == "mm"  # ifcopenshell.api.unit.assign_unit's default length unit
    context = call_tool(index, "get_spatial_context", {"element": named["terminal"].GlobalId})
    assert context["building"]["name"] == "Building A" and context["storey"]["name"] == "A L0"


@pytest.mark.parametrize("name", ["Duplex_A_20110907.ifc", "AC11-Institute-Var-2-IFC.ifc"])
def test_get_openings_matches_has_openings_and_their_fillings(name: str, index_of: IndexOf, raw_of):
    index, raw = index_of(name), raw_of(name)
    hosts = [e for e in raw.by_type("IfcElement") if e.HasOpenings]
    assert hosts
    for host in hosts:
        openings = [r.RelatedOpeningElement for r in host.HasOpenings]
        fillings = {o.id(): {r.RelatedBuildingElement.id() for r in o.HasFillings} for o in openings}
        rows = pages(index, "get_openings", {"host": host.GlobalId}, "openings")
        assert {r["id"]: {f["id"] for f in r["filled_by"]} for r in rows} == fillings
        first = call_tool(index, "get_openings", {"host": host.GlobalId})
        assert first["opening_count"] == len(openings)
        assert first["filling_count"] == sum(map(len, fillings.values()))


def test_get_host_matches_fills_voids_and_voids_elements(index_of: IndexOf, raw_of):
    index, raw = index_of("AC11-Institute-Var-2-IFC.ifc"), raw_of("AC11-Institute-Var-2-IFC.ifc")
    fillings = [e for e in raw.by_type("IfcElement") if e.FillsVoids]
    assert len(fillings) > 100
    for filling in fillings:
        opening = filling.FillsVoids[0].RelatingOpeningElement
        result = call_tool(index, "get_host", {"element": filling.GlobalId})
        assert result["opening"]["id"] == opening.id()
        assert result["host"]["id"] == opening.VoidsElements[0].RelatingBuildingElement.id()
    wall = next(w for w in raw.by_type("IfcWall") if not w.FillsVoids)
    alone = call_tool(index, "get_host", {"element": wall.GlobalId})
    assert alone["host"] is None and "fills no opening" in alone["reason"]


def test_space_boundaries_match_ifc_rel_space_boundary_in_both_directions(index_of: IndexOf, raw_of):
    index, raw = index_of("KIT-EDC_with_SB.ifc"), raw_of("KIT-EDC_with_SB.ifc")
    for space in raw.by_type("IfcSpace"):
        expected = {r.RelatedBuildingElement.id() for r in space.BoundedBy if r.RelatedBuildingElement}
        rows = pages(index, "get_space_boundaries", {"element": space.GlobalId}, "by_class")
        assert ids(rows) == expected and len(rows) == len(expected)
        first = call_tool(index, "get_space_boundaries", {"element": space.GlobalId})
        assert sum(first["counts_by_class"].values()) == first["total"] == len(expected)
        assert all(r["class"] == cls for cls, group in first["by_class"].items() for r in group)
    for element in raw.by_type("IfcWall")[:40]:
        expected = {r.RelatingSpace.id() for r in element.ProvidesBoundaries if r.RelatingSpace}
        assert ids(pages(index, "get_space_boundaries", {"element": element.GlobalId}, "spaces")) == expected


def test_space_boundaries_of_a_model_without_them_say_so(index_of: IndexOf, raw_of):
    index, raw = index_of("LargeBuilding.ifc"), raw_of("LargeBuilding.ifc")
    assert not raw.by_type("IfcRelSpaceBoundary")
    result = call_tool(index, "get_space_boundaries", {"element": raw.by_type("IfcSpace")[0].GlobalId})
    assert result["total"] == 0 and result["by_class"] == {} and "no space boundaries" in result["note"]


def test_systems_and_zones_match_group_assignments(index_of: IndexOf, raw_of):
    index, raw = index_of("AC11-Institute-Var-2-IFC.ifc"), raw_of("AC11-Institute-Var-2-IFC.ifc")
    groups = raw.by_type("IfcGroup")
    members = {g.id(): {o.id() for r in g.IsGroupedBy for o in r.RelatedObjects} for g in groups}
    rows = pages(index, "list_systems", {}, "groups")
    assert {r["id"]: r["members"] for r in rows} == {g: len(m) for g, m in members.items()}
    for group in groups:
        assert ids(pages(index, "get_system", {"element": group.GlobalId}, "members")) == members[group.id()]
    space = next(s for s in raw.by_type("IfcSpace") if s.HasAssignments)
    expected = {r.RelatingGroup.id() for r in space.HasAssignments if r.is_a("IfcRelAssignsToGroup")}
    assert ids(pages(index, "get_system", {"element": space.GlobalId}, "groups")) == expected


def test_a_distribution_system_lists_its_members(two_buildings):
    index, named = two_buildings
    result = call_tool(index, "get_system", {"element": named["system"].GlobalId})
    assert {m["name"] for m in result["members"]} == {"Diffuser 1", "Diffuser 2"}
    assert result["counts_by_class"] == {"IfcAirTerminal": 2}
    listed = call_tool(index, "list_systems", {})
    rows = [(g["class"], g["name"], g["members"]) for g in listed["groups"]]
    assert rows == [("IfcDistributionSystem", "Supply Air", 2)]
    of_terminal = call_tool(index, "get_system", {"element": named["terminal"].GlobalId})
    assert [g["name"] for g in of_terminal["groups"]] == ["Supply Air"]


@pytest.mark.parametrize(
    ("tool", "argument"),
    [
        ("get_type", "element"),
        ("get_materials", "element"),
        ("get_spatial_context", "element"),
        ("get_openings", "host"),
        ("get_host", "element"),
        ("get_space_boundaries", "element"),
        ("get_system", "element"),
    ],
)
def test_an_unknown_globalid_or_a_mistyped_argument_is_an_error_naming_the_fix(tool: str, argument: str, index_of):
    index = index_of("Duplex_A_20110907.ifc")
    with pytest.raises(ToolError, match="No element with GlobalId '0000000000000000000000'.*find_elements"):
        call_tool(index, tool, {argument: "0000000000000000000000"})
    with pytest.raises(ToolError, match=f"{argument}: input should be a valid string"):
        call_tool(index, tool, {argument: [12]})


def test_every_relation_tool_result_on_a_big_model_fits_the_output_cap(index_of: IndexOf):
    index = index_of("AC11-Institute-Var-2-IFC.ifc")
    single = ("get_type", "get_materials", "get_spatial_context", "get_host")
    paged = {"get_openings": ("host", "openings"), "get_system": ("element", "members")}
    for element in index.elements():
        for tool in single:
            assert len(render(call_tool(index, tool, {"element": element.guid}))) <= MAX_OUTPUT_CHARS
        for tool, (argument, key) in paged.items():
            if tool == "get_system" and not index.is_a(element, "IfcGroup"):
                key = "groups"
            pages(index, tool, {argument: element.guid}, key)
        key = "by_class" if index.is_a(element, "IfcSpace") else "spaces"
        pages(index, "get_space_boundaries", {"element": element.guid}, key)
    for row in pages(index, "list_types", {}, "types"):
        pages(index, "get_type_instances", {"type": row["guid"]}, "instances")
    for material in {m for e in index.elements() for m in e.materials}:
        pages(index, "find_by_material", {"material": material}, "elements")
    pages(index, "list_buildings", {}, "buildings")
    pages(index, "list_systems", {}, "groups")
