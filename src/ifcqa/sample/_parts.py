"""The walls of a storey and the doors and windows filling openings cut into them."""

from __future__ import annotations

import ifcopenshell.api.feature

from ifcqa.sample import _layout as lay
from ifcqa.sample._kit import DOOR_DEPTH, WINDOW_DEPTH, Building, Entity, Kit
from ifcqa.sample._props import PropValue, set_pset, set_qto

SIDES = {"S": "south", "E": "east", "N": "north", "W": "west"}


def add_walls(kit: Kit, building: Building, level: int, plan: lay.StoreyPlan) -> dict[str, Entity]:
    """Create the storey's walls with body, type, psets and quantities; return them by wall key."""
    specs = list(building.layout.walls.values())
    walls = [kit.create(kit.names.wall, f"Wall {building.label(level)}-{i:02d}") for i in range(1, len(specs) + 1)]
    kit.contain(building.storeys[level], walls)
    cut = {spec.key: 0.0 for spec in specs}
    for opening in plan.openings:
        cut[opening.wall_key] += opening.width * opening.height
    for spec, wall in zip(specs, walls, strict=True):
        direction = (spec.direction[0], spec.direction[1], 0.0)
        kit.place(wall, building.world(spec.start[0], spec.start[1], level * lay.STOREY_HEIGHT), x_axis=direction)
        kit.show(wall, kit.box(spec.length, spec.thickness, lay.WALL_HEIGHT, -spec.thickness / 2))
        kit.defer_type("WT-Exterior-300" if spec.external else "WT-Interior-100", wall)
        if spec.external:
            wall.Description = f"Exterior wall, {SIDES[spec.key]} façade"
        elif spec.key.startswith("H"):
            wall.Description = "Load-bearing spine wall"
        set_pset(kit.model, wall, "Pset_WallCommon", _wall_props(kit, spec))
        set_qto(kit.model, wall, "Qto_WallBaseQuantities", _wall_quantities(spec, cut[spec.key]))
    return {spec.key: wall for spec, wall in zip(specs, walls, strict=True)}


def _wall_quantities(spec: lay.WallSpec, opening_area: float) -> dict[str, float]:
    """Quantities of the wall body: a box ``length × thickness × WALL_HEIGHT`` minus its openings."""
    side, footprint = spec.length * lay.WALL_HEIGHT, spec.length * spec.thickness
    return {
        "Length": spec.length,
        "Width": spec.thickness,
        "Height": lay.WALL_HEIGHT,
        "GrossFootprintArea": footprint,
        "NetFootprintArea": footprint,
        "GrossSideArea": side,
        "NetSideArea": side - opening_area,
        "GrossVolume": side * spec.thickness,
        "NetVolume": (side - opening_area) * spec.thickness,
    }


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


def add_openings(kit: Kit, building: Building, level: int, plan: lay.StoreyPlan, walls: dict[str, Entity]) -> None:
    """Cut an opening per door or window into its wall, fill it, and describe the filling."""
    counters = {"door": 0, "window": 0}
    fillers: list[Entity] = []
    for spec in plan.openings:
        counters[spec.kind] += 1
        ifc_class = "IfcDoor" if spec.kind == "door" else "IfcWindow"
        name = f"{spec.kind.title()} {building.label(level)}-{counters[spec.kind]:02d}"
        fillers.append(kit.create(ifc_class, name))
    kit.contain(building.storeys[level], fillers)
    for spec, filler in zip(plan.openings, fillers, strict=True):
        _cut(kit, building, level, spec, walls[spec.wall_key], filler)
        filler.OverallWidth, filler.OverallHeight = spec.width, spec.height
        kit.defer_type(spec.type_name, filler)
        room = building.room_number(level, spec.room_number)
        if spec.kind == "door":
            filler.Tag = f"D{room}"
            _describe_door(kit, filler, spec, level)
        else:
            filler.Tag = f"W{room}-{filler.Name[-2:]}"
            _describe_window(kit, filler)
        qto = "Qto_DoorBaseQuantities" if spec.kind == "door" else "Qto_WindowBaseQuantities"
        width, height = spec.width, spec.height
        quantities = {"Width": width, "Height": height, "Perimeter": 2 * (width + height), "Area": width * height}
        set_qto(kit.model, filler, qto, quantities)


def _cut(kit: Kit, building: Building, level: int, spec: lay.OpeningSpec, wall: Entity, filler: Entity) -> None:
    wall_spec = building.layout.walls[spec.wall_key]
    (sx, sy), (dx, dy), thickness = wall_spec.start, wall_spec.direction, wall_spec.thickness
    x, y, z = sx + dx * spec.offset, sy + dy * spec.offset, level * lay.STOREY_HEIGHT + spec.sill
    normal, direction = (-dy, dx), (dx, dy, 0.0)
    opening = kit.create("IfcOpeningElement", f"Opening {filler.Name}", "OPENING" if kit.ifc4 else None)
    ifcopenshell.api.feature.add_feature(kit.model, feature=opening, element=wall)
    back = -thickness / 2 - lay.OPENING_CLEARANCE
    kit.place(opening, building.world(x + normal[0] * back, y + normal[1] * back, z), x_axis=direction)
    kit.show(opening, kit.box(spec.width, thickness + 2 * lay.OPENING_CLEARANCE, spec.height))
    ifcopenshell.api.feature.add_filling(kit.model, opening=opening, element=filler)
    depth = DOOR_DEPTH if spec.kind == "door" else WINDOW_DEPTH
    kit.place(filler, building.world(x - normal[0] * depth / 2, y - normal[1] * depth / 2, z), x_axis=direction)


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
