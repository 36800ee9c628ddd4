"""The shared state of one sample build: the file, the RNG, contexts, materials and element types."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TypeAlias

import ifcopenshell
import ifcopenshell.api.context
import ifcopenshell.api.geometry
import ifcopenshell.api.material
import ifcopenshell.api.owner
import ifcopenshell.api.project
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.unit
import numpy as np

from ifcqa.sample import _layout as lay
from ifcqa.sample._props import PropValue, set_pset

Entity: TypeAlias = ifcopenshell.entity_instance
Vec3: TypeAlias = tuple[float, float, float]

# material name -> IFC4 Category
MATERIALS: dict[str, str] = {
    "Concrete": "concrete",
    "Cement Screed": "concrete",
    "Insulation": "insulation",
    "Gypsum Plaster": "gypsum",
    "Gypsum Board": "gypsum",
    "Mineral Wool": "insulation",
    "Timber": "wood",
    "Aluminium": "aluminium",
    "Glass": "glass",
    "Steel": "steel",
}
# layer set name -> [(material, thickness)], outside (or top) first
LAYER_SETS: dict[str, list[tuple[str, float]]] = {
    "WT-Exterior-300": [("Insulation", 0.12), ("Concrete", 0.16), ("Gypsum Plaster", 0.02)],
    "WT-Interior-100": [("Gypsum Board", 0.0125), ("Mineral Wool", 0.075), ("Gypsum Board", 0.0125)],
    "Floor-Concrete-250": [("Cement Screed", 0.05), ("Concrete", 0.20)],
    "Roof-Concrete-250": [("Insulation", 0.07), ("Concrete", 0.18)],
}
DOOR_DEPTH = 0.06
WINDOW_DEPTH = 0.08
# terminal type name -> (type class, predefined type, length, width, height)
TERMINAL_TYPES: dict[str, tuple[str, str, float, float, float]] = {
    "AT-Diffuser-600": ("IfcAirTerminalType", "DIFFUSER", 0.6, 0.6, 0.05),
    "LF-Panel-1200": ("IfcLightFixtureType", "POINTSOURCE", 1.2, 0.3, 0.08),
}


@dataclass(frozen=True)
class SchemaNames:
    """The IFC classes that differ between the supported schemas."""

    schema: str
    wall: str
    door_type: str
    window_type: str
    air_terminal: str
    light_fixture: str


SCHEMAS = {
    "IFC4": SchemaNames("IFC4", "IfcWall", "IfcDoorType", "IfcWindowType", "IfcAirTerminal", "IfcLightFixture"),
    "IFC2X3": SchemaNames(
        "IFC2X3", "IfcWallStandardCase", "IfcDoorStyle", "IfcWindowStyle", "IfcFlowTerminal", "IfcFlowTerminal"
    ),
}


@dataclass
class Kit:
    """Everything the part builders share; ``typed`` and ``layered`` collect work done once at the end."""

    model: ifcopenshell.file
    rng: random.Random
    names: SchemaNames
    body: Entity
    materials: dict[str, Entity] = field(default_factory=dict)
    layer_sets: dict[str, Entity] = field(default_factory=dict)
    types: dict[str, Entity] = field(default_factory=dict)
    typed: dict[str, list[Entity]] = field(default_factory=dict)
    layered: dict[str, list[Entity]] = field(default_factory=dict)
    concrete: list[Entity] = field(default_factory=list)

    @property
    def ifc4(self) -> bool:
        """True for IFC4, False for IFC2X3."""
        return self.names.schema == "IFC4"

    def create(self, ifc_class: str, name: str | None, predefined_type: str | None = None) -> Entity:
        """Create a rooted entity through the API."""
        return ifcopenshell.api.root.create_entity(
            self.model, ifc_class=ifc_class, predefined_type=predefined_type, name=name
        )

    def place(
        self, product: Entity, origin: Vec3, x_axis: Vec3 = (1.0, 0.0, 0.0), z_axis: Vec3 = (0.0, 0.0, 1.0)
    ) -> None:
        """Place ``product`` at a world position; the API stores it relative to its parent."""
        x, z = np.array(x_axis, dtype=float), np.array(z_axis, dtype=float)
        matrix = np.eye(4)
        matrix[:3, 0], matrix[:3, 1], matrix[:3, 2], matrix[:3, 3] = x, np.cross(z, x), z, origin
        ifcopenshell.api.geometry.edit_object_placement(self.model, product=product, matrix=matrix)

    def box(self, length: float, depth: float, height: float, offset: float = 0.0) -> Entity:
        """A body box ``0..length × offset..offset+depth × 0..height`` in local coordinates."""
        return ifcopenshell.api.geometry.add_wall_representation(
            self.model, context=self.body, length=length, height=height, thickness=depth, offset=offset
        )

    def prism(self, outline: list[tuple[float, float]], depth: float, downwards: bool = False) -> Entity:
        """A body extruding a closed local XY ``outline`` by ``depth`` along local +Z (or -Z)."""
        return ifcopenshell.api.geometry.add_slab_representation(
            self.model,
            context=self.body,
            depth=depth,
            direction_sense="NEGATIVE" if downwards else "POSITIVE",
            polyline=[*outline, outline[0]],
        )

    def show(self, product: Entity, representation: Entity) -> None:
        """Assign a body representation to a product or type."""
        ifcopenshell.api.geometry.assign_representation(self.model, product=product, representation=representation)

    def contain(self, structure: Entity, products: list[Entity]) -> None:
        """Contain ``products`` in a spatial structure (one call per batch: the API rewrites the rel)."""
        ifcopenshell.api.spatial.assign_container(self.model, products=products, relating_structure=structure)

    def defer_type(self, type_name: str, occurrence: Entity) -> None:
        """Remember that ``occurrence`` is of type ``type_name``; the types are assigned in one batch."""
        self.typed.setdefault(type_name, []).append(occurrence)


@dataclass
class Building:
    """One building of the sample: its plan, storeys, slabs (the last one is the roof) and system members."""

    entity: Entity
    letter: str
    multi: bool
    origin_x: float
    layout: lay.Layout
    storeys: list[Entity] = field(default_factory=list)
    slabs: list[Entity] = field(default_factory=list)
    supply: list[Entity] = field(default_factory=list)
    lighting: list[Entity] = field(default_factory=list)

    def label(self, level: int) -> str:
        """The storey part of element names: ``L1``, or ``B-L1`` when there are several buildings."""
        return f"{self.letter}-L{level}" if self.multi else f"L{level}"

    def room_number(self, level: int, number: int) -> str:
        """A room number such as ``1.03``, or ``B1.03`` when there are several buildings."""
        return f"{self.letter if self.multi else ''}{level}.{number:02d}"

    def world(self, x: float, y: float, z: float) -> Vec3:
        """World coordinates of a point given in the building's plan coordinates."""
        return (self.origin_x + x, y, z)


def new_kit(schema: str, rng: random.Random) -> tuple[Kit, Entity]:
    """Create the file, the project with metre units and a body context, materials and types."""
    names = SCHEMAS[schema]
    model = ifcopenshell.api.project.create_file(version=schema)
    if schema == "IFC2X3":  # IFC2X3 requires an owner history on every rooted entity
        person = ifcopenshell.api.owner.add_person(model, "sample", "Sample", "Author")
        organisation = ifcopenshell.api.owner.add_organisation(model, "IFCQA", "ifcqa")
        ifcopenshell.api.owner.add_person_and_organisation(model, person=person, organisation=organisation)
        ifcopenshell.api.owner.add_application(
            model, application_full_name="ifcqa sample", application_identifier="ifcqa"
        )
    project = ifcopenshell.api.root.create_entity(model, ifc_class="IfcProject", name="ifcqa Sample Project")
    units = [
        ifcopenshell.api.unit.add_si_unit(model, unit_type=unit_type)
        for unit_type in ("LENGTHUNIT", "AREAUNIT", "VOLUMEUNIT", "PLANEANGLEUNIT")
    ]
    ifcopenshell.api.unit.assign_unit(model, units=units)
    model_context = ifcopenshell.api.context.add_context(model, context_type="Model")
    body = ifcopenshell.api.context.add_context(
        model, context_type="Model", context_identifier="Body", target_view="MODEL_VIEW", parent=model_context
    )
    kit = Kit(model, rng, names, body)
    _add_materials(kit)
    _add_wall_types(kit)
    _add_opening_types(kit)
    _add_terminal_types(kit)
    return kit, project


def _add_materials(kit: Kit) -> None:
    for name, category_name in MATERIALS.items():
        category = category_name if kit.ifc4 else None  # IfcMaterial.Category is IFC4 only
        kit.materials[name] = ifcopenshell.api.material.add_material(kit.model, name=name, category=category)
    for set_name, layers in LAYER_SETS.items():
        layer_set = ifcopenshell.api.material.add_material_set(kit.model, name=set_name, set_type="IfcMaterialLayerSet")
        for material, thickness in layers:
            layer = ifcopenshell.api.material.add_layer(
                kit.model, layer_set=layer_set, material=kit.materials[material], name=material if kit.ifc4 else None
            )
            ifcopenshell.api.material.edit_layer(kit.model, layer=layer, attributes={"LayerThickness": thickness})
        kit.layer_sets[set_name] = layer_set


def _add_wall_types(kit: Kit) -> None:
    specs: dict[str, tuple[str, str, dict[str, PropValue]]] = {
        "WT-Exterior-300": (
            "SOLIDWALL",
            "Exterior wall, ETICS on concrete",
            {"IsExternal": True, "LoadBearing": True, "FireRating": "REI90", "ThermalTransmittance": 0.25},
        ),
        "WT-Interior-100": (
            "PARTITIONING",
            "Drywall partition",
            {"IsExternal": False, "LoadBearing": False, "FireRating": "EI30"},
        ),
    }
    for name, (predefined, description, props) in specs.items():
        wall_type = kit.create("IfcWallType", name, predefined)
        wall_type.Description = description
        ifcopenshell.api.material.assign_material(
            kit.model, products=[wall_type], type="IfcMaterialLayerSet", material=kit.layer_sets[name]
        )
        set_pset(kit.model, wall_type, "Pset_WallCommon", {"Reference": name, **props})
        kit.types[name] = wall_type


def _add_opening_types(kit: Kit) -> None:
    for name, (width, height, external) in lay.DOOR_TYPES.items():
        door_type = kit.create(kit.names.door_type, name, "DOOR" if kit.ifc4 else None)
        door_type.OperationType = "SINGLE_SWING_LEFT"
        if not kit.ifc4:
            door_type.ConstructionType = "ALUMINIUM" if external else "WOOD"
        kit.show(door_type, kit.box(width, DOOR_DEPTH, height))
        material = kit.materials["Aluminium" if external else "Timber"]
        ifcopenshell.api.material.assign_material(kit.model, products=[door_type], material=material)
        set_pset(kit.model, door_type, "Pset_DoorCommon", {"Reference": name, "FireExit": True if external else None})
        kit.types[name] = door_type
    for name, (width, height, _sill) in lay.WINDOW_TYPES.items():
        window_type = kit.create(kit.names.window_type, name, "WINDOW" if kit.ifc4 else None)
        if kit.ifc4:
            window_type.PartitioningType = "SINGLE_PANEL"
        else:
            window_type.OperationType, window_type.ConstructionType = "SINGLE_PANEL", "ALUMINIUM"
        kit.show(window_type, kit.box(width, WINDOW_DEPTH, height))
        _assign_window_material(kit, window_type)
        set_pset(
            kit.model,
            window_type,
            "Pset_WindowCommon",
            {"Reference": name, "IsExternal": True, "ThermalTransmittance": 1.3},
        )
        kit.types[name] = window_type


def _assign_window_material(kit: Kit, window_type: Entity) -> None:
    if not kit.ifc4:  # no constituent sets in IFC2X3
        ifcopenshell.api.material.assign_material(
            kit.model, products=[window_type], material=kit.materials["Aluminium"]
        )
        return
    constituents = kit.layer_sets.get("Window")
    if constituents is None:
        constituents = ifcopenshell.api.material.add_material_set(
            kit.model, name="Window", set_type="IfcMaterialConstituentSet"
        )
        for material, part in (("Aluminium", "Frame"), ("Glass", "Glazing")):
            ifcopenshell.api.material.add_constituent(
                kit.model, constituent_set=constituents, material=kit.materials[material], name=part
            )
        kit.layer_sets["Window"] = constituents
    ifcopenshell.api.material.assign_material(
        kit.model, products=[window_type], type="IfcMaterialConstituentSet", material=constituents
    )


def _add_terminal_types(kit: Kit) -> None:
    for name, (ifc_class, predefined, length, width, height) in TERMINAL_TYPES.items():
        terminal_type = kit.create(ifc_class, name, predefined)
        kit.show(terminal_type, kit.box(length, width, height))
        ifcopenshell.api.material.assign_material(kit.model, products=[terminal_type], material=kit.materials["Steel"])
        maker = {"Manufacturer": "Aerona" if predefined == "DIFFUSER" else "Lumio", "ModelLabel": name}
        set_pset(kit.model, terminal_type, "Pset_ManufacturerTypeInformation", maker)
        if predefined == "POINTSOURCE":
            set_pset(
                kit.model, terminal_type, "Pset_LightFixtureTypeCommon", {"NumberOfSources": 2, "TotalWattage": 36.0}
            )
        kit.types[name] = terminal_type
