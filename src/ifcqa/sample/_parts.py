"""Walls, doors and windows in openings, slabs, spaces and space boundaries of one storey."""

from __future__ import annotations

import ifcopenshell.api.aggregate
import ifcopenshell.api.boundary
import ifcopenshell.api.feature
import ifcopenshell.api.geometry
import numpy as np

from ifcqa.sample import _layout as lay
from ifcqa.sample._kit import DOOR_DEPTH, WINDOW_DEPTH, Entity, Kit, Site, Vec3
from ifcqa.sample._props import PropValue, set_pset, set_qto

SIDES = {"S": "south", "E": "east", "N": "north", "W": "west"}


def add_walls(kit: Kit, site: Site, level: int, plan: lay.StoreyPlan) -> dict[str, Entity]:
    """Create the storey's walls with body, type, psets and quantities; return them by wall key."""
    specs = list(site.layout.walls.values())
    walls = [kit.create(kit.names.wall, f"Wall {site.label(level)}-{i:02d}") for i in range(1, len(specs) + 1)]
    kit.contain(site.storeys[level], walls)
    cut = {spec.key: 0.0 for spec in specs}
    for opening in plan.openings:
        cut[opening.wall_key] += opening.width * opening.height
    for spec, wall in zip(specs, walls, strict=True):
        direction = (spec.direction[0], spec.direction[1], 0.0)
        kit.place(wall, site.world(spec.start[0], spec.start[1], level * lay.STOREY_HEIGHT), x_axis=direction)
        kit.show(wall, kit.box(spec.length, spec.thickness, lay.WALL_HEIGHT, -spec.thickness / 2))
        kit.defer_type("WT-Exterior-300" if spec.external else "WT-Interior-100", wall)
        if spec.external:
            wall.Description = f"Exterior wall, {SIDES[spec.key]} façade"
        elif spec.key.startswith("H"):
            wall.Description = "Load-bearing spine wall"
        set_pset(kit.model, wall, "Pset_WallCommon", _wall_props(kit, spec))
        side, gross = spec.length * lay.WALL_HEIGHT, spec.length * lay.WALL_HEIGHT * spec.thickness
        footprint = spec.length * spec.thickness
        set_qto(kit.model, wall, "Qto_WallBaseQuantities", {
            "Length": spec.length, "Width": spec.thickness, "Height": lay.WALL_HEIGHT,
            "GrossFootprintArea": footprint, "NetFootprintArea": footprint,
            "GrossSideArea": side, "NetSideArea": side - cut[spec.key],
            "GrossVolume": gross, "NetVolume": (side - cut[spec.key]) * spec.thickness,
        })  # fmt: skip
    return {spec.key: wall for spec, wall in zip(specs, walls, strict=True)}


def _wall_props(kit: Kit, spec: lay.WallSpec) -> dict[str, PropValue]:
    """Occurrence values on top of the type's Pset_WallCommon; many walls only inherit the type."""
    rng = kit.rng
    if spec.external:
        keep = spec.key == "S" or rng.random() < 0.7  # the south wall always overrides the type's U-value
        return {
            "ThermalTransmittance": rng.choice((0.18, 0.21, 0.24, 0.28, 0.32)) if keep else None,
            "AcousticRating": rng.choice(("Rw 50", "Rw 55", None, None)),
        }
    if spec.key.startswith("H"):  # spine walls carry load although their type says partition
        return {"LoadBearing": True, "FireRating": rng.choice(("EI60", "EI90"))}
    if rng.random() < 0.5:
        return {}
    return {"FireRating": rng.choice(("EI30", "EI60")), "AcousticRating": rng.choice(("Rw 38", "Rw 42", "Rw 47", None))}


def add_openings(kit: Kit, site: Site, level: int, plan: lay.StoreyPlan, walls: dict[str, Entity]) -> None:
    """Cut an opening per door or window into its wall, fill it, and describe the filling."""
    counters = {"door": 0, "window": 0}
    fillers: list[Entity] = []
    for spec in plan.openings:
        counters[spec.kind] += 1
        ifc_class = "IfcDoor" if spec.kind == "door" else "IfcWindow"
        name = f"{spec.kind.title()} {site.label(level)}-{counters[spec.kind]:02d}"
        fillers.append(kit.create(ifc_class, name))
    kit.contain(site.storeys[level], fillers)
    for spec, filler in zip(plan.openings, fillers, strict=True):
        _cut(kit, site, level, spec, walls[spec.wall_key], filler)
        filler.OverallWidth, filler.OverallHeight = spec.width, spec.height
        kit.defer_type(spec.type_name, filler)
        room = site.room_number(level, spec.room_number)
        if spec.kind == "door":
            filler.Tag = f"D{room}"
            _describe_door(kit, filler, spec, level)
        else:
            filler.Tag = f"W{room}-{filler.Name[-2:]}"
            _describe_window(kit, filler)
        qto = "Qto_DoorBaseQuantities" if spec.kind == "door" else "Qto_WindowBaseQuantities"
        set_qto(kit.model, filler, qto, {
            "Width": spec.width, "Height": spec.height,
            "Perimeter": 2 * (spec.width + spec.height), "Area": spec.width * spec.height,
        })  # fmt: skip


def _cut(kit: Kit, site: Site, level: int, spec: lay.OpeningSpec, wall: Entity, filler: Entity) -> None:
    wall_spec = site.layout.walls[spec.wall_key]
    (sx, sy), (dx, dy), thickness = wall_spec.start, wall_spec.direction, wall_spec.thickness
    x, y, z = sx + dx * spec.offset, sy + dy * spec.offset, level * lay.STOREY_HEIGHT + spec.sill
    normal, direction = (-dy, dx), (dx, dy, 0.0)
    opening = kit.create("IfcOpeningElement", f"Opening {filler.Name}", "OPENING" if kit.ifc4 else None)
    ifcopenshell.api.feature.add_feature(kit.model, feature=opening, element=wall)
    back = -thickness / 2 - lay.OPENING_CLEARANCE
    kit.place(opening, site.world(x + normal[0] * back, y + normal[1] * back, z), x_axis=direction)
    kit.show(opening, kit.box(spec.width, thickness + 2 * lay.OPENING_CLEARANCE, spec.height))
    ifcopenshell.api.feature.add_filling(kit.model, opening=opening, element=filler)
    depth = DOOR_DEPTH if spec.kind == "door" else WINDOW_DEPTH
    kit.place(filler, site.world(x - normal[0] * depth / 2, y - normal[1] * depth / 2, z), x_axis=direction)


def _describe_door(kit: Kit, door: Entity, spec: lay.OpeningSpec, level: int) -> None:
    rng = kit.rng
    if spec.external:
        door.Description = "Main entrance door" if level == 0 else "Balcony door"
    props: dict[str, PropValue] = {
        "IsExternal": spec.external,
        "FireRating": None if spec.external else rng.choice(("EI30", "EI30", "EI60", "E30", None)),
        "ThermalTransmittance": rng.choice((1.2, 1.4, 1.6)) if spec.external else None,
        "HandicapAccessible": rng.choice((True, False, None)),
        "SelfClosing": rng.choice((True, None)),
    }
    set_pset(kit.model, door, "Pset_DoorCommon", props)


def _describe_window(kit: Kit, window: Entity) -> None:
    rng = kit.rng
    props: dict[str, PropValue] = {
        "IsExternal": True,
        "ThermalTransmittance": rng.choice((1.0, 1.1, 1.2, 1.4, None)),  # None: the type's 1.3 applies
        "FireRating": rng.choice((None, None, None, "E30", "EI30")),
        "AcousticRating": rng.choice((None, "Rw 32", "Rw 36")),
    }
    set_pset(kit.model, window, "Pset_WindowCommon", props)


def add_slab(kit: Kit, site: Site, index: int, has_void: bool) -> Entity:
    """Create the floor slab of storey ``index`` (the roof when ``index`` is the storey count).

    The slab's top face is at ``index × STOREY_HEIGHT``; it gets a stair void when ``has_void``.
    """
    roof, storeys = index == len(site.storeys), len(site.storeys)
    predefined = "ROOF" if roof else "BASESLAB" if index == 0 else "FLOOR"
    name = (f"Roof Slab {site.letter}" if site.multi else "Roof Slab") if roof else f"Slab {site.label(index)}"
    slab = kit.create("IfcSlab", name, predefined)
    kit.contain(site.storeys[min(index, storeys - 1)], [slab])
    top = index * lay.STOREY_HEIGHT
    kit.place(slab, site.world(0.0, 0.0, top))
    half, layout = lay.EXTERIOR_THICKNESS / 2, site.layout
    x0, y0, x1, y1 = -half, -half, layout.width + half, layout.depth + half
    outline = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    kit.show(slab, ifcopenshell.api.geometry.add_slab_representation(
        kit.model, context=kit.body, depth=lay.SLAB_DEPTH, direction_sense="NEGATIVE", polyline=outline
    ))  # fmt: skip
    void = lay.STAIR_WIDTH * lay.STAIR_LENGTH if has_void else 0.0
    if has_void:
        _stair_void(kit, site, slab, top)
    kit.layered.setdefault("Roof-Concrete-250" if roof else "Floor-Concrete-250", []).append(slab)
    slab.Description = "Roof slab" if roof else "Ground floor slab" if index == 0 else "Floor slab"
    slab.ObjectType = "In-situ concrete slab"
    rng = kit.rng
    set_pset(kit.model, slab, "Pset_SlabCommon", {
        "LoadBearing": True, "IsExternal": roof or index == 0,
        "FireRating": rng.choice(("REI60", "REI90", "REI120", None)),
        "AcousticRating": None if roof else rng.choice(("Rw 55", "Rw 58", None)),
        "ThermalTransmittance": 0.2 if roof else None,
    })  # fmt: skip
    width, length, area = x1 - x0, y1 - y0, (x1 - x0) * (y1 - y0)
    set_qto(kit.model, slab, "Qto_SlabBaseQuantities", {
        "Width": lay.SLAB_DEPTH, "Length": max(width, length), "Perimeter": 2 * (width + length),
        "GrossArea": area, "NetArea": area - void,
        "GrossVolume": area * lay.SLAB_DEPTH, "NetVolume": (area - void) * lay.SLAB_DEPTH,
    })  # fmt: skip
    return slab


def _stair_void(kit: Kit, site: Site, slab: Entity, top: float) -> None:
    opening = kit.create("IfcOpeningElement", f"Stair void {slab.Name}", "OPENING" if kit.ifc4 else None)
    ifcopenshell.api.feature.add_feature(kit.model, feature=opening, element=slab)
    bottom = top - lay.SLAB_DEPTH - lay.OPENING_CLEARANCE
    kit.place(opening, site.world(lay.STAIR_X, lay.STAIR_Y, bottom))
    kit.show(opening, kit.box(lay.STAIR_WIDTH, lay.STAIR_LENGTH, lay.SLAB_DEPTH + 2 * lay.OPENING_CLEARANCE))


def add_spaces(kit: Kit, site: Site, level: int, plan: lay.StoreyPlan, walls: dict[str, Entity]) -> None:
    """Create one IfcSpace per room, aggregated in the storey, with psets, quantities and boundaries."""
    rooms = site.layout.rooms
    names = [f"{fn} {site.room_number(level, room.number)}" for fn, room in zip(plan.functions, rooms, strict=True)]
    spaces = [kit.create("IfcSpace", name, "INTERNAL" if kit.ifc4 else None) for name in names]
    ifcopenshell.api.aggregate.assign_object(kit.model, products=spaces, relating_object=site.storeys[level])
    for room, function, space in zip(rooms, plan.functions, spaces, strict=True):
        long_name, code, _ = lay.ROOM_FUNCTIONS.get(function, ("Stairwell", "STR", 0))
        space.LongName = long_name
        if not kit.ifc4:
            space.InteriorOrExteriorSpace = "INTERNAL"
        if function == "Stairwell":
            space.Description = "Stairwell with a half-turn stair"
        x0, x1, y0, y1 = room.inner
        kit.place(space, site.world(x0, y0, level * lay.STOREY_HEIGHT))
        nx, ny = x1 - x0, y1 - y0
        kit.show(space, ifcopenshell.api.geometry.add_slab_representation(
            kit.model, context=kit.body, depth=lay.WALL_HEIGHT, polyline=[(0, 0), (nx, 0), (nx, ny), (0, ny), (0, 0)]
        ))  # fmt: skip
        gross = (room.x1 - room.x0) * (room.y1 - room.y0)
        rng = kit.rng
        set_pset(kit.model, space, "Pset_SpaceCommon", {
            "Reference": code, "IsExternal": False, "GrossPlannedArea": round(gross, 1),
            "NetPlannedArea": rng.choice((round(nx * ny, 1), None)),
            "PubliclyAccessible": rng.choice((True, False, None)), "HandicapAccessible": rng.choice((True, False, None)),
        })  # fmt: skip
        set_qto(kit.model, space, "Qto_SpaceBaseQuantities", {
            "Height": lay.WALL_HEIGHT, "GrossFloorArea": gross, "NetFloorArea": nx * ny,
            "GrossPerimeter": 2 * (room.x1 - room.x0 + room.y1 - room.y0), "NetPerimeter": 2 * (nx + ny),
            "GrossVolume": gross * lay.WALL_HEIGHT, "NetVolume": nx * ny * lay.WALL_HEIGHT,
        })  # fmt: skip
        _boundaries(kit, site, level, room, space, walls)


def _boundaries(kit: Kit, site: Site, level: int, room: lay.RoomSpec, space: Entity, walls: dict[str, Entity]) -> None:
    """Six 1st-level boundaries: four walls, floor and ceiling, with surfaces in space coordinates."""
    x0, x1, y0, y1 = room.inner
    nx, ny, h = x1 - x0, y1 - y0, lay.WALL_HEIGHT
    for key, location, axis, ref in (
        (room.south, (0.0, 0.0, 0.0), (0.0, -1.0, 0.0), (1.0, 0.0, 0.0)),
        (room.north, (0.0, ny, 0.0), (0.0, 1.0, 0.0), (1.0, 0.0, 0.0)),
        (room.west, (0.0, 0.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
        (room.east, (nx, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
    ):
        kind = "EXTERNAL" if site.layout.walls[key].external else "INTERNAL"
        extent = (nx * ref[0], ny * ref[1], h)
        _boundary(kit, space, walls[key], (location, axis, ref), extent, kind)
    floor_kind = ("EXTERNAL_EARTH" if kit.ifc4 else "EXTERNAL") if level == 0 else "INTERNAL"
    floor_plane = ((0.0, 0.0, 0.0), (0.0, 0.0, -1.0), (1.0, 0.0, 0.0))
    _boundary(kit, space, site.slabs[level], floor_plane, (nx, ny, 0.0), floor_kind)
    ceiling_kind = "EXTERNAL" if level + 1 == len(site.storeys) else "INTERNAL"
    ceiling_plane = ((0.0, 0.0, h), (0.0, 0.0, 1.0), (1.0, 0.0, 0.0))
    _boundary(kit, space, site.slabs[level + 1], ceiling_plane, (nx, ny, 0.0), ceiling_kind)


def _boundary(kit: Kit, space: Entity, element: Entity, plane: tuple[Vec3, Vec3, Vec3], extent: Vec3, kind: str) -> None:
    """One IfcRelSpaceBoundary: the rectangle from the plane's location to ``location + extent``.

    ``plane`` is (location, normal pointing to the element, reference direction) in space coordinates; the
    rectangle is stored in the plane's 2D axes ``ref`` and ``normal × ref``.
    """
    rel = kit.create("IfcRelSpaceBoundary", "1stLevel")
    ifcopenshell.api.boundary.edit_attributes(
        kit.model, entity=rel, relating_space=space, related_building_element=element,
        physical_or_virtual="PHYSICAL", internal_or_external=kind,
    )  # fmt: skip
    location, axis, ref = plane
    u = float(np.dot(extent, ref))
    v = float(np.dot(extent, np.cross(axis, ref)))
    ifcopenshell.api.boundary.assign_connection_geometry(
        kit.model, rel_space_boundary=rel, outer_boundary=[(0.0, 0.0), (u, 0.0), (u, v), (0.0, v)],
        location=location, axis=axis, ref_direction=ref, unit_scale=1.0,  # the project unit is the metre
    )  # fmt: skip
