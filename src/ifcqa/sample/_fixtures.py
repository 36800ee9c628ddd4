"""The stair aggregate, the MEP terminals of each room and the building's distribution systems."""

from __future__ import annotations

import ifcopenshell.api.aggregate
import ifcopenshell.api.system

from ifcqa.sample import _layout as lay
from ifcqa.sample._kit import TERMINAL_TYPES, Building, Entity, Kit
from ifcqa.sample._props import PropValue, set_pset

WAIST = 0.2
LANDING_DEPTH = 0.2


def add_stair(kit: Kit, building: Building, level: int) -> None:
    """A half-turn stair from ``level`` to the next: two flights and a landing aggregated in an IfcStair.

    Only the stair is contained in the storey; its parts reach the storey through the aggregate.
    """
    z = level * lay.STOREY_HEIGHT
    stair = kit.create("IfcStair", f"Stair {building.label(level)}", "HALF_TURN_STAIR" if kit.ifc4 else None)
    if not kit.ifc4:
        stair.ShapeType = "HALF_TURN_STAIR"
    kit.contain(building.storeys[level], [stair])
    kit.place(stair, building.world(lay.STAIR_X, lay.STAIR_Y, z))
    predefined = "STRAIGHT" if kit.ifc4 else None
    flights = [kit.create("IfcStairFlight", f"{stair.Name} Flight {i}", predefined) for i in (1, 2)]
    landing = kit.create("IfcSlab", f"{stair.Name} Landing", "LANDING")
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[*flights, landing], relating_object=stair)
    # Flight 1 runs north along the west wall; flight 2 comes back south, next to it, from the landing.
    x, y, half = lay.STAIR_X, lay.STAIR_Y, lay.STOREY_HEIGHT / 2
    kit.place(flights[0], building.world(x, y, z), x_axis=(0.0, 1.0, 0.0), z_axis=(1.0, 0.0, 0.0))
    start2 = building.world(x + lay.STAIR_WIDTH, y + lay.FLIGHT_RUN, z + half)
    kit.place(flights[1], start2, x_axis=(0.0, -1.0, 0.0), z_axis=(-1.0, 0.0, 0.0))
    for flight in flights:
        kit.show(flight, kit.prism(_flight_profile(), lay.FLIGHT_WIDTH))
        _describe_flight(kit, flight)
    kit.place(landing, building.world(x, y + lay.FLIGHT_RUN, z + half))
    width, length = lay.STAIR_WIDTH, lay.LANDING_LENGTH
    kit.show(landing, kit.prism([(0.0, 0.0), (width, 0.0), (width, length), (0.0, length)], LANDING_DEPTH, True))
    set_pset(kit.model, landing, "Pset_SlabCommon", {"LoadBearing": True, "IsExternal": False})
    kit.concrete.extend([*flights, landing])
    set_pset(kit.model, stair, "Pset_StairCommon", _stair_props())


def _stair_props() -> dict[str, PropValue]:
    return {
        "NumberOfRiser": 2 * lay.RISERS_PER_FLIGHT,
        "NumberOfTreads": 2 * (lay.RISERS_PER_FLIGHT - 1),
        "RiserHeight": round(lay.RISER_HEIGHT, 4),
        "TreadLength": lay.TREAD_LENGTH,
        "FireExit": True,
        "IsExternal": False,
        "HandicapAccessible": False,
    }


def _flight_profile() -> list[tuple[float, float]]:
    """The side view of a flight in its local X (run) / Y (rise) plane: steps on top, a sloped soffit.

    The flight ends with its last tread; the last riser is the front of the landing (or of the slab above).
    """
    points: list[tuple[float, float]] = [(0.0, 0.0)]
    for step in range(1, lay.RISERS_PER_FLIGHT):
        rise = round(step * lay.RISER_HEIGHT, 6)
        points += [(round((step - 1) * lay.TREAD_LENGTH, 6), rise), (round(step * lay.TREAD_LENGTH, 6), rise)]
    top_run, top_rise = points[-1]
    points += [(top_run, round(top_rise - WAIST, 6)), (0.3, 0.0)]
    return points


def _describe_flight(kit: Kit, flight: Entity) -> None:
    risers, treads = lay.RISERS_PER_FLIGHT, lay.RISERS_PER_FLIGHT - 1
    flight.NumberOfTreads, flight.RiserHeight, flight.TreadLength = treads, lay.RISER_HEIGHT, lay.TREAD_LENGTH
    if kit.ifc4:
        flight.NumberOfRisers = risers
    else:
        flight.NumberOfRiser = risers
    props: dict[str, PropValue] = {
        "NumberOfRiser": risers,
        "NumberOfTreads": treads,
        "RiserHeight": round(lay.RISER_HEIGHT, 4),
        "TreadLength": lay.TREAD_LENGTH,
        "WaistThickness": WAIST,
    }
    set_pset(kit.model, flight, "Pset_StairFlightCommon", props)


def add_terminals(kit: Kit, building: Building, level: int) -> None:
    """One supply-air diffuser and one light fixture under the ceiling of every room."""
    rooms, label = building.layout.rooms, building.label(level)
    air = [kit.create(kit.names.air_terminal, f"Air Terminal {label}-{room.number:02d}") for room in rooms]
    lights = [kit.create(kit.names.light_fixture, f"Light {label}-{room.number:02d}") for room in rooms]
    kit.contain(building.storeys[level], air + lights)
    for room, diffuser, light in zip(rooms, air, lights, strict=True):
        x0, x1, y0, y1 = room.inner
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for element, type_name, dx in ((diffuser, "AT-Diffuser-600", 0.8), (light, "LF-Panel-1200", -0.8)):
            _, _, length, width, height = TERMINAL_TYPES[type_name]
            z = level * lay.STOREY_HEIGHT + lay.WALL_HEIGHT - height
            kit.place(element, building.world(cx + dx - length / 2, cy - width / 2, z))
            kit.defer_type(type_name, element)
            element.Tag = f"{type_name[:2]}{building.room_number(level, room.number)}"
        if kit.ifc4:
            flow = kit.rng.choice((0.04, 0.06, 0.08, 0.1, 0.12, None))
            set_pset(kit.model, diffuser, "Pset_AirTerminalOccurrence", {"AirFlowRate": flow})
    building.supply.extend(air)
    building.lighting.extend(lights)


def add_systems(kit: Kit, building: Building) -> None:
    """Group the building's terminals in a "Supply Air" and a "Lighting" system serving the building."""
    suffix = f" {building.letter}" if building.multi else ""
    for name, predefined, members in (
        ("Supply Air", "VENTILATION", building.supply),
        ("Lighting", "LIGHTING", building.lighting),
    ):
        system = ifcopenshell.api.system.add_system(kit.model, ifc_class="IfcDistributionSystem")
        attributes: dict[str, object] = {"Name": f"{name}{suffix}", "Description": f"{name} of {building.entity.Name}"}
        if kit.ifc4:
            attributes["PredefinedType"] = predefined
        ifcopenshell.api.system.edit_system(kit.model, system=system, attributes=attributes)
        ifcopenshell.api.system.assign_system(kit.model, products=members, system=system)
        serves = kit.create("IfcRelServicesBuildings", None)
        serves.RelatingSystem, serves.RelatedBuildings = system, [building.entity]
