"""Parts of type templates (aggregated under an IfcElementAssemblyType or an IfcWallType) are not building elements.

The model is built with ifcopenshell.api: an IFC4 elemented wall with 2 studs in the building, and
4 more members that are parts of two type templates (no placement, no container).
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.guid
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.mcq.verify.counting import in_type_template
from ifcqa.tools.registry import call_tool

TEMPLATE_PARTS = {"Chord": "Truss type", "Diagonal": "Truss type", "Stud template": "Stud wall type",
                  "Plate template": "Stud wall type"}  # fmt: skip


def write_template_model(path: Path) -> Path:
    f = ifcopenshell.api.run("project.create_file", version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="Templates")
    ifcopenshell.api.run("unit.assign_unit", f)
    context = ifcopenshell.api.run("context.add_context", f, context_type="Model")
    body = ifcopenshell.api.run("context.add_context", f, context_type="Model", context_identifier="Body",
                                target_view="MODEL_VIEW", parent=context)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="Site")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="Building")
    storey = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name="Ground")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[storey], relating_object=building)

    def member(name: str, placed: bool) -> ifcopenshell.entity_instance:
        m = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcMember", name=name)
        if placed:
            ifcopenshell.api.run("geometry.edit_object_placement", f, product=m)
        shape = ifcopenshell.api.run("geometry.add_wall_representation", f, context=body, length=1.0, height=2.0,
                                     thickness=0.1)
        ifcopenshell.api.run("geometry.assign_representation", f, product=m, representation=shape)
        return m

    wall = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcWall", name="Elemented wall")
    studs = [member("Stud A", True), member("Stud B", True)]
    ifcopenshell.api.run("spatial.assign_container", f, products=[wall], relating_structure=storey)
    ifcopenshell.api.run("aggregate.assign_object", f, products=studs, relating_object=wall)
    assembly = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcElementAssemblyType", name="Truss type")
    wall_type = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcWallType", name="Stud wall type")
    for template, names in ((assembly, ("Chord", "Diagonal")), (wall_type, ("Stud template", "Plate template"))):
        parts = [member(n, False) for n in names]
        f.createIfcRelAggregates(ifcopenshell.guid.new(), None, None, None, template, parts)
    ifcopenshell.api.run("type.assign_type", f, related_objects=[wall], relating_type=wall_type)
    f.write(str(path))
    return path


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_template_model(tmp_path_factory.mktemp("templates") / "elemented-wall.ifc")


@pytest.fixture(scope="module")
def index(model_path: Path) -> ModelIndex:
    return load_index(model_path, cache=IndexCache(model_path.parent / "cache"))


def test_the_index_marks_each_part_of_a_type_template_with_its_type(index: ModelIndex) -> None:
    members = index.by_class("IfcMember", templates=True)
    marked = {e.name: index.data.elements[e.template_of].name for e in members if e.template_of is not None}
    assert marked == TEMPLATE_PARTS
    assert sorted(e.name for e in index.by_class("IfcMember")) == ["Stud A", "Stud B"]  # type: ignore[type-var]


def test_counts_and_finds_leave_template_parts_out_and_say_so(index: ModelIndex, model_path: Path) -> None:
    raw = ifcopenshell.open(str(model_path))
    in_building = [m for m in raw.by_type("IfcMember") if not in_type_template(m)]
    assert len(raw.by_type("IfcMember")) == 6 and len(in_building) == 2
    counted = call_tool(index, "count_elements", {"ifc_class": "IfcMember"})
    assert counted["count"] == len(in_building)
    assert "leaving out 4 part(s) of type templates" in counted["counted"]
    assert "IfcElementAssemblyType 'Truss type', IfcWallType 'Stud wall type'" in counted["counted"]
    found = call_tool(index, "find_elements", {"ifc_class": "IfcMember"})
    assert sorted(row["name"] for row in found["elements"]) == ["Stud A", "Stud B"]
    products = call_tool(index, "count_elements", {"selector": "IfcMember"})
    assert products["count"] == 2
    chord = next(e for e in index.by_class("IfcMember", templates=True) if e.name == "Chord")
    named = call_tool(index, "count_elements", {"ifc_class": "IfcMember", "elements": [chord.guid]})
    assert named["count"] == 1  # a part named as a candidate is counted


def test_no_generated_question_is_about_a_template_part(model_path: Path) -> None:
    items, _ = generate_for_file(model_path, cache=IndexCache(model_path.parent / "cache-mcq"))
    texts = [item.question + " " + " ".join(o.text for o in item.options) for item in items]
    assert items and not [t for t in texts if any(part in t for part in TEMPLATE_PARTS)]
    counts = [item for item in items if item.subtype == "quantitative.count.by_class"
              and item.provenance["ifc_class"] == "IfcMember"]  # fmt: skip
    for item in counts:
        key = next(o.text for o in item.options if o.label in item.answer)
        assert key == "2"
