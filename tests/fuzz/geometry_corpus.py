"""A corpus of small IFC files that are hard on IfcOpenShell's geometry, generated in code.

Each case is a tiny valid building (project, site, storey, one good wall) plus one hostile element:
placement and aggregation cycles, degenerate and self-intersecting profiles, zero and huge
extrusions, 1e300 and NaN coordinates, deep placement and aggregation nesting, a mapped item that
maps itself, and an IFC4X3 element whose sweep IfcOpenShell cannot tessellate. Files are built with
``ifcopenshell.api`` and entity edits; the few references IfcOpenShell itself refuses to write (NaN)
are patched into the STEP text. :data:`CASES` names them; :func:`write_corpus` writes them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.context
import ifcopenshell.api.geometry
import ifcopenshell.api.project
import ifcopenshell.api.root
import ifcopenshell.api.unit
import ifcopenshell.guid

Entity = ifcopenshell.entity_instance


class Kit:
    """A minimal model and helpers to add products with hand-made geometry."""

    def __init__(self, schema: str = "IFC4") -> None:
        self.model = ifcopenshell.api.project.create_file(version=schema)
        model = self.model
        project = ifcopenshell.api.root.create_entity(model, ifc_class="IfcProject", name="Fuzz")
        ifcopenshell.api.unit.assign_unit(model)
        context = ifcopenshell.api.context.add_context(model, context_type="Model")
        self.body = ifcopenshell.api.context.add_context(
            model, context_type="Model", context_identifier="Body", target_view="MODEL_VIEW", parent=context)
        site = ifcopenshell.api.root.create_entity(model, ifc_class="IfcSite", name="Site")
        ifcopenshell.api.aggregate.assign_object(model, relating_object=project, products=[site])
        self.storey = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Level 0")
        ifcopenshell.api.aggregate.assign_object(model, relating_object=site, products=[self.storey])
        self.good = self.product("IfcWall", "Good wall", self.rectangle(4.0, 0.2), depth=3.0)

    def point(self, *xyz: float) -> Entity:
        return self.model.create_entity("IfcCartesianPoint", Coordinates=[float(v) for v in xyz])

    def axis(self, *xyz: float) -> Entity:
        return self.model.create_entity("IfcAxis2Placement3D", Location=self.point(*(xyz or (0.0, 0.0, 0.0))))

    def rectangle(self, x: float, y: float) -> Entity:
        position = self.model.create_entity("IfcAxis2Placement2D", Location=self.point(0.0, 0.0))
        return self.model.create_entity("IfcRectangleProfileDef", ProfileType="AREA", XDim=x, YDim=y,
                                        Position=position)

    def polygon(self, *points: tuple[float, float]) -> Entity:
        polyline = self.model.create_entity("IfcPolyline", Points=[self.point(*p) for p in (*points, points[0])])
        return self.model.create_entity("IfcArbitraryClosedProfileDef", ProfileType="AREA", OuterCurve=polyline)

    def extrusion(self, profile: Entity, depth: float) -> Entity:
        direction = self.model.create_entity("IfcDirection", DirectionRatios=[0.0, 0.0, 1.0])
        return self.model.create_entity("IfcExtrudedAreaSolid", SweptArea=profile, Position=self.axis(),
                                        ExtrudedDirection=direction, Depth=depth)

    def shape(self, *items: Entity) -> Entity:
        representation = self.model.create_entity(
            "IfcShapeRepresentation", ContextOfItems=self.body, RepresentationIdentifier="Body",
            RepresentationType="SweptSolid", Items=list(items))
        return self.model.create_entity("IfcProductDefinitionShape", Representations=[representation])

    def placement(self, relative_to: Entity | None = None, *xyz: float) -> Entity:
        return self.model.create_entity("IfcLocalPlacement", PlacementRelTo=relative_to,
                                        RelativePlacement=self.axis(*xyz))

    def product(self, ifc_class: str, name: str, profile: Entity | None, depth: float = 3.0,
                placement: Entity | None = None) -> Entity:
        element = ifcopenshell.api.root.create_entity(self.model, ifc_class=ifc_class, name=name)
        element.ObjectPlacement = placement or self.placement(self.storey.ObjectPlacement)
        if profile is not None:
            element.Representation = self.shape(self.extrusion(profile, depth))
        self.model.create_entity("IfcRelContainedInSpatialStructure", GlobalId=ifcopenshell.guid.new(),
                                 RelatedElements=[element], RelatingStructure=self.storey)
        return element

    def write(self, path: Path) -> Path:
        self.model.write(str(path))
        return path


def placement_cycle(path: Path) -> Path:
    """A wall whose placement is its own parent: ``#N=IFCLOCALPLACEMENT(#N,...)`` (the issue's file)."""
    kit = Kit()
    wall = kit.product("IfcWall", "Cyclic wall", kit.rectangle(2.0, 0.2))
    wall.ObjectPlacement.PlacementRelTo = None
    kit.write(path)
    step = wall.ObjectPlacement.id()
    text = re.sub(rf"#{step}=IFCLOCALPLACEMENT\(\$,", f"#{step}=IFCLOCALPLACEMENT(#{step},", path.read_text())
    path.write_text(text)
    return path


def placement_cycle_of_two(path: Path) -> Path:
    kit = Kit()
    first = kit.placement(None, 1.0, 0.0, 0.0)
    second = kit.placement(first, 0.0, 1.0, 0.0)
    first.PlacementRelTo = second
    kit.product("IfcColumn", "Column A", kit.rectangle(0.3, 0.3), placement=first)
    kit.product("IfcColumn", "Column B", kit.rectangle(0.3, 0.3), placement=second)
    return kit.write(path)


def aggregation_cycle(path: Path) -> Path:
    kit = Kit()
    stair = kit.product("IfcStair", "Stair", None)
    flight = kit.product("IfcStairFlight", "Flight", kit.rectangle(1.0, 3.0), depth=0.2)
    ifcopenshell.api.aggregate.assign_object(kit.model, relating_object=stair, products=[flight])
    kit.model.create_entity("IfcRelAggregates", GlobalId=ifcopenshell.guid.new(), RelatingObject=flight,
                            RelatedObjects=[stair])
    return kit.write(path)


def degenerate_profile(path: Path) -> Path:
    kit = Kit()
    kit.product("IfcSlab", "Zero-width slab", kit.rectangle(0.0, 0.0), depth=0.2)
    kit.product("IfcSlab", "Collinear slab", kit.polygon((0, 0), (1, 0), (2, 0)), depth=0.2)
    kit.product("IfcSlab", "One point slab", kit.polygon((1, 1), (1, 1), (1, 1)), depth=0.2)
    return kit.write(path)


def self_intersecting_profile(path: Path) -> Path:
    kit = Kit()
    kit.product("IfcSlab", "Bow-tie slab", kit.polygon((0, 0), (2, 2), (2, 0), (0, 2)), depth=0.2)
    return kit.write(path)


def zero_and_huge_extrusions(path: Path) -> Path:
    kit = Kit()
    kit.product("IfcWall", "Flat wall", kit.rectangle(2.0, 0.2), depth=0.0)
    kit.product("IfcWall", "Negative wall", kit.rectangle(2.0, 0.2), depth=-3.0)
    kit.product("IfcWall", "Endless wall", kit.rectangle(2.0, 0.2), depth=1e300)
    return kit.write(path)


def huge_and_nan_coordinates(path: Path) -> Path:
    kit = Kit()
    far = kit.placement(kit.storey.ObjectPlacement, 1e300, -1e300, 1e300)
    kit.product("IfcColumn", "Far column", kit.rectangle(0.3, 0.3), placement=far)
    odd = kit.product("IfcColumn", "NaN column", kit.rectangle(0.3, 0.3))
    location = odd.ObjectPlacement.RelativePlacement.Location
    location.Coordinates = (123456.5, 0.0, 0.0)
    kit.write(path)
    text = path.read_text().replace("(123456.5,0.,0.)", "(NAN,0.,0.)")
    path.write_text(text)
    return path


def deep_nesting(path: Path) -> Path:
    kit = Kit()
    placement = kit.storey.ObjectPlacement
    for _ in range(3000):
        placement = kit.placement(placement, 0.001, 0.0, 0.0)
    kit.product("IfcColumn", "Deeply placed column", kit.rectangle(0.3, 0.3), placement=placement)
    whole = kit.product("IfcElementAssembly", "Assembly 0", None)
    for level in range(1, 300):
        part = ifcopenshell.api.root.create_entity(kit.model, ifc_class="IfcElementAssembly", name=f"Assembly {level}")
        part.ObjectPlacement = kit.placement(kit.storey.ObjectPlacement)
        kit.model.create_entity("IfcRelAggregates", GlobalId=ifcopenshell.guid.new(), RelatingObject=whole,
                                RelatedObjects=[part])
        whole = part
    return kit.write(path)


def self_mapping_item(path: Path) -> Path:
    kit = Kit()
    model = kit.model
    inner = model.create_entity("IfcShapeRepresentation", ContextOfItems=kit.body, RepresentationIdentifier="Body",
                                RepresentationType="MappedRepresentation", Items=[])
    source = model.create_entity("IfcRepresentationMap", MappingOrigin=kit.axis(), MappedRepresentation=inner)
    operator = model.create_entity("IfcCartesianTransformationOperator3D", LocalOrigin=kit.point(0.0, 0.0, 0.0))
    mapped = model.create_entity("IfcMappedItem", MappingSource=source, MappingTarget=operator)
    inner.Items = [mapped]
    element = kit.product("IfcFurniture", "Self-mapped chair", None)
    outer = model.create_entity("IfcShapeRepresentation", ContextOfItems=kit.body, RepresentationIdentifier="Body",
                                RepresentationType="MappedRepresentation", Items=[mapped])
    element.Representation = model.create_entity("IfcProductDefinitionShape", Representations=[outer])
    return kit.write(path)


def untessellable_ifc4x3(path: Path) -> Path:
    """IFC4X3: a wall swept along a one-point directrix and a beam along a curve IfcOpenShell does not map."""
    kit = Kit("IFC4X3")
    model = kit.model
    directrix = model.create_entity("IfcPolyline", Points=[kit.point(0.0, 0.0, 0.0)])
    sweep = model.create_entity("IfcFixedReferenceSweptAreaSolid", SweptArea=kit.rectangle(0.3, 0.3),
                                Position=kit.axis(), Directrix=directrix,
                                FixedReference=model.create_entity("IfcDirection", DirectionRatios=[0.0, 0.0, 1.0]))
    wall = kit.product("IfcWall", "Unsweepable wall", None)
    wall.Representation = kit.shape(sweep)
    polynomial = model.create_entity("IfcPolynomialCurve", Position=kit.axis(), CoefficientsX=[0.0, 1.0],
                                     CoefficientsY=[0.0, 0.0, 1e-3])
    beam_sweep = model.create_entity("IfcFixedReferenceSweptAreaSolid", SweptArea=kit.rectangle(0.3, 0.5),
                                     Position=kit.axis(), Directrix=polynomial,
                                     FixedReference=model.create_entity("IfcDirection",
                                                                        DirectionRatios=[0.0, 0.0, 1.0]))
    beam = kit.product("IfcBeam", "Polynomial beam", None)
    beam.Representation = kit.shape(beam_sweep)
    return kit.write(path)


CASES: dict[str, Callable[[Path], Path]] = {
    "placement_cycle": placement_cycle,
    "placement_cycle_of_two": placement_cycle_of_two,
    "aggregation_cycle": aggregation_cycle,
    "degenerate_profile": degenerate_profile,
    "self_intersecting_profile": self_intersecting_profile,
    "zero_and_huge_extrusions": zero_and_huge_extrusions,
    "huge_and_nan_coordinates": huge_and_nan_coordinates,
    "deep_nesting": deep_nesting,
    "self_mapping_item": self_mapping_item,
    "untessellable_ifc4x3": untessellable_ifc4x3,
}


def write_corpus(folder: Path) -> dict[str, Path]:
    """Write every case as ``folder/<name>.ifc``."""
    folder.mkdir(parents=True, exist_ok=True)
    return {name: make(folder / f"{name}.ifc") for name, make in CASES.items()}
