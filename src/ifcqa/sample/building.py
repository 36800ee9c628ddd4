"""A generated, deterministic sample building for tests, demos and benchmarks.

:func:`build_sample_model` authors an office building through ``ifcopenshell.api`` (plus plain attribute
edits such as Description or Tag). Same arguments, same model: every variation comes from
``random.Random(seed)``, GlobalIds are drawn from a seeded RNG and SET attributes are sorted, so only the
header timestamp changes between runs. The model contains:

* Units: metre, square metre, cubic metre and radian (explicit SI units, no millimetres).
* ``IfcProject > IfcSite > IfcBuilding`` ("Building A", "Building B"...), each with its own plan and
  storeys "Level 0", "Level 1"... at elevations 0, 3, 6 m. A building is a rectangle cut in strips of
  rectangular rooms; every storey repeats the plan.
* One ``IfcSpace`` per room, aggregated in its storey, named like "Office 1.03" (level 1, room 3; with
  several buildings "Office B1.03"), with LongName, body, Pset_SpaceCommon and Qto_SpaceBaseQuantities.
  Room 1 of every storey is the stairwell.
* Walls (``IfcWall``; ``IfcWallStandardCase`` in IFC2X3) centred on the grid lines: four exterior walls
  of type "WT-Exterior-300" (Insulation, Concrete, Gypsum Plaster) and interior walls of type
  "WT-Interior-100" (Gypsum Board, Mineral Wool, Gypsum Board). The layer sets sit on the types; the
  occurrences get an ``IfcMaterialLayerSetUsage``. Each wall has a body, Qto_WallBaseQuantities
  consistent with it, and Pset_WallCommon values both on the type and, for many walls, on the
  occurrence (overriding or adding values, e.g. ThermalTransmittance, LoadBearing, FireRating).
* One door per room and windows on the façades, each in an ``IfcOpeningElement`` that voids its wall,
  typed by door/window types (styles in IFC2X3) carrying a mapped box geometry and materials, with
  Pset_DoorCommon / Pset_WindowCommon and quantity sets. Names "Door L1-02" ("Door B-L1-02" with several
  buildings), Tags "D1.03". Typed occurrences leave PredefinedType to their type, as IFC recommends.
* A floor slab per storey ("Slab L1", BASESLAB on level 0), a roof slab on the top storey, with layered
  materials, Pset_SlabCommon and Qto_SlabBaseQuantities; the slab above a stair has a stair void (the
  roof slab of a one-storey building too: a roof hatch).
* A half-turn ``IfcStair`` per storey below the top one (always one on level 0): two ``IfcStairFlight``
  and a landing aggregated in the stair; only the stair is contained in the storey.
* Per room one supply-air diffuser (``IfcAirTerminal``) and one light (``IfcLightFixture``), both
  ``IfcFlowTerminal`` in IFC2X3, typed, contained in the storey and grouped in the "Supply Air" and
  "Lighting" distribution systems that serve the building.
* Six 1st-level ``IfcRelSpaceBoundary`` per space (four walls, floor, ceiling) with connection surfaces.
* IFC2X3 only: one shared ``IfcOwnerHistory`` (IFC4 models have none; it is optional there).

Property values vary per element, and some elements lack some properties, so questions about the model
have several distinct answers and some have none.

Size and build time (IFC4, one building; ``bench/sample_scale.py`` on a 2-core machine; ``write_s`` is
the time to write the STEP file):

=========================================  ==========  =======  =======  =======
arguments                                  entities    build_s  write_s  file_mb
=========================================  ==========  =======  =======  =======
``storeys=4, rooms_per_storey=9``          10,685      0.7      0.03     0.6
``storeys=10, rooms_per_storey=40``        97,647      5.4      0.3      5.3
``storeys=40, rooms_per_storey=108``       993,491     54       3.4      56
=========================================  ==========  =======  =======  =======

About 230-300 entities per room; time is linear in the entity count (~55 µs per entity, nearly all of
it inside ``ifcopenshell.api``) and the 1M model takes about 600 MB of memory. IFC2X3 is slightly slower.
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.material
import ifcopenshell.api.type
import ifcopenshell.guid

from ifcqa.sample import _layout as lay
from ifcqa.sample._fixtures import add_stair, add_systems, add_terminals
from ifcqa.sample._kit import SCHEMAS, Building, Entity, Kit, new_kit
from ifcqa.sample._parts import add_openings, add_walls
from ifcqa.sample._rooms import add_slab, add_spaces

SUPPORTED_SCHEMAS = tuple(SCHEMAS)
MAX_BUILDINGS = 26
BUILDING_GAP = 20.0
FIXED_TIMESTAMP = 1704067200  # 2024-01-01T00:00:00Z, for the IFC2X3 owner history and the header
# (class, attribute) of the SET attributes the API fills in hash order
UNORDERED_SETS = (
    ("IfcUnitAssignment", "Units"),
    ("IfcRelAggregates", "RelatedObjects"),
    ("IfcRelContainedInSpatialStructure", "RelatedElements"),
    ("IfcRelDefinesByType", "RelatedObjects"),
    ("IfcRelDefinesByProperties", "RelatedObjects"),
    ("IfcRelAssociatesMaterial", "RelatedObjects"),
    ("IfcRelAssignsToGroup", "RelatedObjects"),
)


def build_sample_model(
    storeys: int = 2, rooms_per_storey: int = 4, seed: int = 0, buildings: int = 1, schema: str = "IFC4"
) -> ifcopenshell.file:
    """Build the sample building model in memory.

    Args:
        storeys: Storeys per building, at least 1.
        rooms_per_storey: Rooms (IfcSpace) per storey, at least 1.
        seed: Seed of every variation (plan, room functions, property values, GlobalIds).
        buildings: Number of buildings on the site, 1 to 26.
        schema: "IFC4" or "IFC2X3".

    Returns:
        The model. Identical arguments give identical entities, names, values and GlobalIds.

    Raises:
        ValueError: An argument is out of range or the schema is not supported.
    """
    _check(storeys, rooms_per_storey, buildings, schema)
    kit, project = new_kit(schema, random.Random(seed))
    site = kit.create("IfcSite", "Sample Site")
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[site], relating_object=project)
    kit.place(site, (0.0, 0.0, 0.0))
    origin_x = 0.0
    for index in range(buildings):
        building = _add_building(kit, site, index, buildings > 1, origin_x, storeys, rooms_per_storey)
        origin_x += building.layout.width + BUILDING_GAP
    _finish(kit)
    _stabilise(kit.model, seed)
    return kit.model


def write_sample_model(
    path: str | os.PathLike[str],
    *,
    storeys: int = 2,
    rooms_per_storey: int = 4,
    seed: int = 0,
    buildings: int = 1,
    schema: str = "IFC4",
) -> Path:
    """Build the sample model and write it as an IFC-SPF file, atomically.

    The file is written to a temporary file in the target directory, then moved over ``path`` with
    :func:`os.replace`, so readers never see a half-written file.

    Args:
        path: Target file; its directory is created if needed.
        storeys: As for :func:`build_sample_model`.
        rooms_per_storey: As for :func:`build_sample_model`.
        seed: As for :func:`build_sample_model`.
        buildings: As for :func:`build_sample_model`.
        schema: As for :func:`build_sample_model`.

    Returns:
        The path written.
    """
    model = build_sample_model(storeys, rooms_per_storey, seed, buildings, schema)
    return write_model(model, path)


def write_model(model: ifcopenshell.file, path: str | os.PathLike[str]) -> Path:
    """Write a sample model atomically, with the fixed header time (the same model gives the same bytes)."""
    target = Path(path)
    # the header's time too: the same arguments and file name give the same bytes, so the same content hash
    # (a benchmark generated from the file, whose choices are seeded by that hash, is then the same too)
    model.header.file_name.name = target.name
    model.header.file_name.time_stamp = datetime.fromtimestamp(FIXED_TIMESTAMP, UTC).isoformat()
    target.parent.mkdir(parents=True, exist_ok=True)
    # a fresh name in the same directory (so os.replace is atomic), created by the writer with default modes
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
    try:
        model.write(str(temporary), format=".ifc")
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target


def _check(storeys: int, rooms_per_storey: int, buildings: int, schema: str) -> None:
    if schema not in SCHEMAS:
        raise ValueError(f"unsupported schema {schema!r}: use one of {', '.join(SUPPORTED_SCHEMAS)}")
    if storeys < 1 or rooms_per_storey < 1:
        raise ValueError(f"storeys and rooms_per_storey must be at least 1, got {storeys} and {rooms_per_storey}")
    if not 1 <= buildings <= MAX_BUILDINGS:
        raise ValueError(f"buildings must be between 1 and {MAX_BUILDINGS}, got {buildings}")


def _add_building(
    kit: Kit, site: Entity, index: int, multi: bool, origin_x: float, storeys: int, rooms: int
) -> Building:
    letter = chr(ord("A") + index)
    entity = kit.create("IfcBuilding", f"Building {letter}")
    entity.Description = f"Office building with {storeys} storeys of {rooms} rooms"
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[entity], relating_object=site)
    kit.place(entity, (origin_x, 0.0, 0.0))
    building = Building(entity, letter, multi, origin_x, lay.make_layout(kit.rng, rooms))
    for level in range(storeys):
        storey = kit.create("IfcBuildingStorey", f"Level {level}")
        storey.Elevation = level * lay.STOREY_HEIGHT
        building.storeys.append(storey)
    ifcopenshell.api.aggregate.assign_object(kit.model, products=building.storeys, relating_object=entity)
    for level, storey in enumerate(building.storeys):
        kit.place(storey, building.world(0.0, 0.0, level * lay.STOREY_HEIGHT))
    add_architecture(kit, building, lambda level: add_terminals(kit, building, level))
    add_systems(kit, building)
    return building


def add_architecture(kit: Kit, building: Building, each_level: Callable[[int], None] | None = None) -> None:
    """Slabs, then per storey its walls, openings, spaces and stair (``each_level(level)`` after them)."""
    storeys = len(building.storeys)
    stair_levels = range(max(1, storeys - 1))  # every storey but the top one; level 0 at least
    for slab_index in range(storeys + 1):
        building.slabs.append(add_slab(kit, building, slab_index, has_void=slab_index - 1 in stair_levels))
    for level in range(storeys):
        plan = lay.storey_plan(kit.rng, building.layout, level, level in stair_levels)
        walls = add_walls(kit, building, level, plan)
        add_openings(kit, building, level, plan, walls)
        add_spaces(kit, building, level, plan, walls)
        if plan.has_stair:
            add_stair(kit, building, level)
        if each_level is not None:
            each_level(level)


def _finish(kit: Kit) -> None:
    """Work done once for the whole model: type assignments, mapped type geometry, material usages."""
    for type_name, occurrences in kit.typed.items():
        relating_type = kit.types[type_name]
        ifcopenshell.api.type.assign_type(
            kit.model, related_objects=occurrences, relating_type=relating_type, should_map_representations=False
        )
        if relating_type.RepresentationMaps:  # mapped in creation order, so entity ids are reproducible
            for occurrence in occurrences:
                ifcopenshell.api.type.map_type_representations(
                    kit.model, related_object=occurrence, relating_type=relating_type
                )
    for wall_set in ("WT-Exterior-300", "WT-Interior-100"):  # walls are centred on their axis
        thickness = sum(layer.LayerThickness for layer in kit.layer_sets[wall_set].MaterialLayers)
        _layer_usage(kit, kit.typed.get(wall_set, []), wall_set, {"OffsetFromReferenceLine": -thickness / 2})
    for set_name, slabs in kit.layered.items():  # slab bodies hang below their reference plane
        _layer_usage(kit, slabs, set_name, {"DirectionSense": "NEGATIVE"})
    if kit.concrete:
        ifcopenshell.api.material.assign_material(kit.model, products=kit.concrete, material=kit.materials["Concrete"])


def _layer_usage(kit: Kit, products: list[Entity], set_name: str, attributes: dict[str, object]) -> None:
    """Give ``products`` one shared IfcMaterialLayerSetUsage of the named layer set."""
    if not products:
        return
    rel = ifcopenshell.api.material.assign_material(
        kit.model, products=products, type="IfcMaterialLayerSetUsage", material=kit.layer_sets[set_name]
    )
    assert isinstance(rel, ifcopenshell.entity_instance)  # one usage: all products share set and direction
    ifcopenshell.api.material.edit_layer_usage(kit.model, usage=rel.RelatingMaterial, attributes=attributes)


def _stabilise(model: ifcopenshell.file, seed: int | str) -> None:
    """Make the file reproducible: seeded GlobalIds, sorted SET attributes, one IFC2X3 owner history.

    The API draws random GlobalIds and fills SETs from Python sets (whose order follows memory
    addresses); both are replaced here so that the same arguments give the same file.
    """
    for ifc_class, attribute in UNORDERED_SETS:
        for entity in model.by_type(ifc_class):
            members = getattr(entity, attribute)
            if members and len(members) > 1:
                setattr(entity, attribute, sorted(members, key=lambda member: member.id()))
    rng = random.Random(f"ifcqa-sample-guid-{seed}")
    for root in sorted(model.by_type("IfcRoot"), key=lambda entity: entity.id()):
        root.GlobalId = ifcopenshell.guid.compress(uuid.UUID(int=rng.getrandbits(128)).hex)
    histories = sorted(model.by_type("IfcOwnerHistory"), key=lambda entity: entity.id())
    if not histories:
        return
    shared = histories[0]
    shared.ChangeAction, shared.CreationDate, shared.LastModifiedDate = "ADDED", FIXED_TIMESTAMP, FIXED_TIMESTAMP
    for root in model.by_type("IfcRoot"):
        root.OwnerHistory = shared
    for history in histories[1:]:
        model.remove(history)
