"""Floor and roof slabs, the spaces of a storey and their space boundaries."""

from __future__ import annotations

import ifcopenshell.api.aggregate
import ifcopenshell.api.boundary
import ifcopenshell.api.feature
import numpy as np

from ifcqa.sample import _layout as lay
from ifcqa.sample._kit import Building, Entity, Kit, Vec3
from ifcqa.sample._props import PropValue, set_pset, set_qto

Plane = tuple[Vec3, Vec3, Vec3]  # location, normal (towards the element), reference direction


def add_slab(kit: Kit, building: Building, index: int, has_void: bool) -> Entity:
    """Create the floor slab of storey ``index`` (the roof slab when ``index`` is the storey count).

    The slab's top face is at ``index × STOREY_HEIGHT`` and it covers the walls' outer faces; it gets a
    stair void when ``has_void``.
    """
    storeys = len(building.storeys)
    roof = index == storeys
    predefined = "ROOF" if roof else "BASESLAB" if index == 0 else "FLOOR"
    name = (
        (f"Roof Slab {building.letter}" if building.multi else "Roof Slab") if roof else f"Slab {building.label(index)}"
    )
    slab = kit.create("IfcSlab", name, predefined)
    kit.contain(building.storeys[min(index, storeys - 1)], [slab])
    top = index * lay.STOREY_HEIGHT
    kit.place(slab, building.world(0.0, 0.0, top))
    half = lay.EXTERIOR_THICKNESS / 2
    x0, y0, x1, y1 = -half, -half, building.layout.width + half, building.layout.depth + half
    kit.show(slab, kit.prism([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], lay.SLAB_DEPTH, downwards=True))
    if has_void:
        _stair_void(kit, building, slab, top)
    kit.layered.setdefault("Roof-Concrete-250" if roof else "Floor-Concrete-250", []).append(slab)
    slab.Description = "Roof slab" if roof else "Ground floor slab" if index == 0 else "Floor slab"
    slab.ObjectType = "In-situ concrete slab"
    set_pset(kit.model, slab, "Pset_SlabCommon", _slab_props(kit, roof, index == 0))
    void = lay.STAIR_WIDTH * lay.STAIR_LENGTH if has_void else 0.0
    set_qto(kit.model, slab, "Qto_SlabBaseQuantities", _slab_quantities(x1 - x0, y1 - y0, void))
    return slab


def _slab_props(kit: Kit, roof: bool, ground: bool) -> dict[str, PropValue]:
    rng = kit.rng
    return {
        "LoadBearing": True,
        "IsExternal": roof or ground,
        "FireRating": rng.choice(("REI60", "REI90", "REI120", None)),
        "AcousticRating": None if roof else rng.choice(("Rw 55", "Rw 58", None)),
        "ThermalTransmittance": 0.2 if roof else None,
    }


def _slab_quantities(width: float, length: float, void: float) -> dict[str, float]:
    area = width * length
    return {
        "Width": lay.SLAB_DEPTH,
        "Length": max(width, length),
        "Perimeter": 2 * (width + length),
        "GrossArea": area,
        "NetArea": area - void,
        "GrossVolume": area * lay.SLAB_DEPTH,
        "NetVolume": (area - void) * lay.SLAB_DEPTH,
    }


def _stair_void(kit: Kit, building: Building, slab: Entity, top: float) -> None:
    opening = kit.create("IfcOpeningElement", f"Stair void {slab.Name}", "OPENING" if kit.ifc4 else None)
    ifcopenshell.api.feature.add_feature(kit.model, feature=opening, element=slab)
    bottom = top - lay.SLAB_DEPTH - lay.OPENING_CLEARANCE
    kit.place(opening, building.world(lay.STAIR_X, lay.STAIR_Y, bottom))
    kit.show(opening, kit.box(lay.STAIR_WIDTH, lay.STAIR_LENGTH, lay.SLAB_DEPTH + 2 * lay.OPENING_CLEARANCE))


def add_spaces(kit: Kit, building: Building, level: int, plan: lay.StoreyPlan, walls: dict[str, Entity]) -> None:
    """Create one IfcSpace per room, aggregated in the storey, with psets, quantities and boundaries."""
    rooms = building.layout.rooms
    names = [f"{fn} {building.room_number(level, room.number)}" for fn, room in zip(plan.functions, rooms, strict=True)]
    spaces = [kit.create("IfcSpace", name, "INTERNAL" if kit.ifc4 else None) for name in names]
    ifcopenshell.api.aggregate.assign_object(kit.model, products=spaces, relating_object=building.storeys[level])
    for room, function, space in zip(rooms, plan.functions, spaces, strict=True):
        long_name, code, _ = lay.ROOM_FUNCTIONS.get(function, ("Stairwell", "STR", 0))
        space.LongName = long_name
        if not kit.ifc4:
            space.InteriorOrExteriorSpace = "INTERNAL"
        if function == "Stairwell":
            space.Description = "Stairwell with a half-turn stair"
        x0, x1, y0, y1 = room.inner
        kit.place(space, building.world(x0, y0, level * lay.STOREY_HEIGHT))
        nx, ny = x1 - x0, y1 - y0
        kit.show(space, kit.prism([(0.0, 0.0), (nx, 0.0), (nx, ny), (0.0, ny)], lay.WALL_HEIGHT))
        set_pset(kit.model, space, "Pset_SpaceCommon", _space_props(kit, room, code))
        set_qto(kit.model, space, "Qto_SpaceBaseQuantities", _space_quantities(room))
        _boundaries(kit, building, level, room, space, walls)


def _space_props(kit: Kit, room: lay.RoomSpec, code: str) -> dict[str, PropValue]:
    rng = kit.rng
    x0, x1, y0, y1 = room.inner
    return {
        "Reference": code,
        "IsExternal": False,
        "GrossPlannedArea": round((room.x1 - room.x0) * (room.y1 - room.y0), 1),
        "NetPlannedArea": rng.choice((round((x1 - x0) * (y1 - y0), 1), None)),
        "PubliclyAccessible": rng.choice((True, False, None)),
        "HandicapAccessible": rng.choice((True, False, None)),
    }


def _space_quantities(room: lay.RoomSpec) -> dict[str, float]:
    """Gross values use the wall axes, net values the clear rectangle inside the wall faces."""
    x0, x1, y0, y1 = room.inner
    gross_x, gross_y, net_x, net_y = room.x1 - room.x0, room.y1 - room.y0, x1 - x0, y1 - y0
    return {
        "Height": lay.WALL_HEIGHT,
        "GrossFloorArea": gross_x * gross_y,
        "NetFloorArea": net_x * net_y,
        "GrossPerimeter": 2 * (gross_x + gross_y),
        "NetPerimeter": 2 * (net_x + net_y),
        "GrossVolume": gross_x * gross_y * lay.WALL_HEIGHT,
        "NetVolume": net_x * net_y * lay.WALL_HEIGHT,
    }


def _boundaries(
    kit: Kit, building: Building, level: int, room: lay.RoomSpec, space: Entity, walls: dict[str, Entity]
) -> None:
    """Six 1st-level boundaries: four walls, floor and ceiling, with surfaces in space coordinates."""
    x0, x1, y0, y1 = room.inner
    nx, ny, h = x1 - x0, y1 - y0, lay.WALL_HEIGHT
    for key, location, axis, ref in (
        (room.south, (0.0, 0.0, 0.0), (0.0, -1.0, 0.0), (1.0, 0.0, 0.0)),
        (room.north, (0.0, ny, 0.0), (0.0, 1.0, 0.0), (1.0, 0.0, 0.0)),
        (room.west, (0.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
        (room.east, (nx, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
    ):
        kind = "EXTERNAL" if building.layout.walls[key].external else "INTERNAL"
        _boundary(kit, space, walls[key], (location, axis, ref), (nx * ref[0], ny * ref[1], h), kind)
    floor_kind = ("EXTERNAL_EARTH" if kit.ifc4 else "EXTERNAL") if level == 0 else "INTERNAL"
    floor_plane: Plane = ((0.0, 0.0, 0.0), (0.0, 0.0, -1.0), (1.0, 0.0, 0.0))
    _boundary(kit, space, building.slabs[level], floor_plane, (nx, ny, 0.0), floor_kind)
    ceiling_kind = "EXTERNAL" if level + 1 == len(building.storeys) else "INTERNAL"
    ceiling_plane: Plane = ((0.0, 0.0, h), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0))
    _boundary(kit, space, building.slabs[level + 1], ceiling_plane, (nx, ny, 0.0), ceiling_kind)


def _boundary(kit: Kit, space: Entity, element: Entity, plane: Plane, extent: Vec3, kind: str) -> None:
    """One IfcRelSpaceBoundary: the rectangle spanned by ``extent`` from the plane's location.

    The rectangle is stored in the plane's 2D axes ``ref`` and ``normal × ref`` (space coordinates).
    """
    rel = kit.create("IfcRelSpaceBoundary", "1stLevel")
    ifcopenshell.api.boundary.edit_attributes(
        kit.model,
        entity=rel,
        relating_space=space,
        related_building_element=element,
        physical_or_virtual="PHYSICAL",
        internal_or_external=kind,
    )
    location, axis, ref = plane
    u, v = float(np.dot(extent, ref)), float(np.dot(extent, np.cross(axis, ref)))
    ifcopenshell.api.boundary.assign_connection_geometry(
        kit.model,
        rel_space_boundary=rel,
        outer_boundary=[(0.0, 0.0), (u, 0.0), (u, v), (0.0, v)],
        location=location,
        axis=axis,
        ref_direction=ref,
        unit_scale=1.0,  # the project unit is the metre
    )
