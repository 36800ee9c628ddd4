"""A federated sample: the architecture, structure and HVAC models of one building, and their project file.

:func:`build_federated_models` authors three IFC4 files through ``ifcopenshell.api`` over one plan (the plan
of the sample building, :mod:`ifcqa.sample.building`, drawn from ``random.Random(seed)``), each with its own
project, site, building and storeys, as discipline models arrive on a real project:

========================  ==================================  ============================  ======================
file                      storeys (name, elevation)           contents                      contained in
========================  ==================================  ============================  ======================
``Sample-ARC.ifc``        "Level 0" 0.00, "Level 1" 3.00 ...  walls, doors, windows,        the storeys (spaces
                                                              spaces, slabs, stairs         aggregated in them)
``Sample-STR.ifc``        "L0" -0.05, "L1" 2.95 ...,          a column at every plan        its own storeys
                          "Foundation" -1.20                  corner per storey, footings
``Sample-HVAC.ifc``       "00 - Level 0" 0.04, "01 - Level    a supply-air diffuser per     its own storeys, not
                          1" 3.04 ...                         room, an air handling unit    the architect's spaces
========================  ==================================  ============================  ======================

So the storeys align by elevation (within 5 cm) and by name once normalised, and "Foundation" has no
counterpart. Diffuser "Air Terminal L1-03" (Tag ``AT1.03``) hangs under the ceiling of room 3 of level 1,
the architect's space "<Function> 1.03": only its box says which space holds it.

Same arguments, same bytes: seeded GlobalIds (one sequence per file, so GlobalIds differ across files)
and the fixed header time of :func:`ifcqa.sample.building.write_model`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import ifcopenshell.api.aggregate

from ifcqa.sample import _layout as lay
from ifcqa.sample._kit import TERMINAL_TYPES, Building, Kit, new_kit
from ifcqa.sample._props import set_pset
from ifcqa.sample.building import _finish, _stabilise, add_architecture, write_model

PROJECT_NAME = "Sample"
COLUMN_SIZE = 0.3
FOUNDATION_ELEVATION = -1.2


@dataclass(frozen=True)
class Discipline:
    """One discipline model: its file name, storey names and the offset of its storey elevations."""

    key: str
    file: str
    storey_name: Callable[[int], str]
    offset: float


DISCIPLINES = (
    Discipline("architecture", "Sample-ARC.ifc", lambda level: f"Level {level}", 0.0),
    Discipline("structure", "Sample-STR.ifc", lambda level: f"L{level}", -0.05),
    Discipline("hvac", "Sample-HVAC.ifc", lambda level: f"{level:02d} - Level {level}", 0.04),
)


@dataclass(frozen=True)
class FederatedSample:
    """What :func:`write_federated_project` wrote."""

    project: Path
    files: list[Path]


def build_federated_models(storeys: int = 2, rooms_per_storey: int = 4, seed: int = 0) -> dict[str, ifcopenshell.file]:
    """The three discipline models, by file name (architecture, structure, HVAC)."""
    if storeys < 1 or rooms_per_storey < 1:
        raise ValueError(f"storeys and rooms_per_storey must be at least 1, got {storeys} and {rooms_per_storey}")
    models = {}
    for discipline in DISCIPLINES:
        kit, building = _start(discipline, storeys, rooms_per_storey, seed)
        {"architecture": _architecture, "structure": _structure, "hvac": _hvac}[discipline.key](kit, building)
        _finish(kit)
        _stabilise(kit.model, f"{seed}-{discipline.key}")
        models[discipline.file] = kit.model
    return models


def write_federated_project(
    folder: Path, storeys: int = 2, rooms_per_storey: int = 4, seed: int = 0
) -> FederatedSample:
    """Write the three models and ``Sample.ifcqa-project.json`` (architecture first) into ``folder``."""
    from ifcqa.project.project import create_project, default_project_path

    folder.mkdir(parents=True, exist_ok=True)
    paths = [
        write_model(model, folder / name)
        for name, model in build_federated_models(storeys, rooms_per_storey, seed).items()
    ]
    target = default_project_path(PROJECT_NAME, folder)
    create_project(PROJECT_NAME, paths, target).save(target)
    return FederatedSample(target, paths)


def _start(discipline: Discipline, storeys: int, rooms: int, seed: int) -> tuple[Kit, Building]:
    kit, project = new_kit("IFC4", random.Random(f"{seed}-{discipline.key}"))
    project.Name = f"ifcqa Federated Sample ({discipline.key})"
    site = kit.create("IfcSite", "Sample Site")
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[site], relating_object=project)
    kit.place(site, (0.0, 0.0, 0.0))
    entity = kit.create("IfcBuilding", "Building A")
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[entity], relating_object=site)
    kit.place(entity, (0.0, 0.0, 0.0))
    building = Building(entity, "A", False, 0.0, lay.make_layout(random.Random(seed), rooms))
    for level in range(storeys):
        storey = kit.create("IfcBuildingStorey", discipline.storey_name(level))
        storey.Elevation = round(level * lay.STOREY_HEIGHT + discipline.offset, 4)
        building.storeys.append(storey)
    ifcopenshell.api.aggregate.assign_object(kit.model, products=building.storeys, relating_object=entity)
    for storey in building.storeys:
        kit.place(storey, building.world(0.0, 0.0, storey.Elevation))
    return kit, building


def _architecture(kit: Kit, building: Building) -> None:
    add_architecture(kit, building)


def _corners(building: Building) -> list[tuple[float, float]]:
    layout = building.layout
    return [(x, y) for y in layout.y_edges for x in sorted({edge for row in layout.x_edges for edge in row})]


def _structure(kit: Kit, building: Building) -> None:
    foundation = kit.create("IfcBuildingStorey", "Foundation")
    foundation.Elevation = FOUNDATION_ELEVATION
    ifcopenshell.api.aggregate.assign_object(kit.model, products=[foundation], relating_object=building.entity)
    kit.place(foundation, building.world(0.0, 0.0, FOUNDATION_ELEVATION))
    corners = _corners(building)
    footings = [kit.create("IfcFooting", f"Footing F-{i:02d}", "PAD_FOOTING") for i in range(1, len(corners) + 1)]
    kit.contain(foundation, footings)
    for footing, (x, y) in zip(footings, corners, strict=True):
        kit.place(footing, building.world(x - 0.6, y - 0.6, FOUNDATION_ELEVATION))
        kit.show(footing, kit.box(1.2, 1.2, 0.6))
        kit.concrete.append(footing)
    for level, storey in enumerate(building.storeys):
        columns = [
            kit.create("IfcColumn", f"Column {building.label(level)}-{i:02d}", "COLUMN")
            for i in range(1, len(corners) + 1)
        ]
        kit.contain(storey, columns)
        for column, (x, y) in zip(columns, corners, strict=True):
            kit.place(column, building.world(x - COLUMN_SIZE / 2, y - COLUMN_SIZE / 2, level * lay.STOREY_HEIGHT))
            kit.show(column, kit.box(COLUMN_SIZE, COLUMN_SIZE, lay.WALL_HEIGHT))
            set_pset(kit.model, column, "Pset_ColumnCommon", {"LoadBearing": True, "IsExternal": False})
            kit.concrete.append(column)


def _hvac(kit: Kit, building: Building) -> None:
    _, _, length, width, height = TERMINAL_TYPES["AT-Diffuser-600"]
    for level, storey in enumerate(building.storeys):
        label, rooms = building.label(level), building.layout.rooms
        diffusers = [kit.create("IfcAirTerminal", f"Air Terminal {label}-{room.number:02d}") for room in rooms]
        kit.contain(storey, diffusers)
        for room, diffuser in zip(rooms, diffusers, strict=True):
            x0, x1, y0, y1 = room.inner
            z = level * lay.STOREY_HEIGHT + lay.WALL_HEIGHT - height
            kit.place(diffuser, building.world((x0 + x1) / 2 - length / 2, (y0 + y1) / 2 - width / 2, z))
            kit.defer_type("AT-Diffuser-600", diffuser)
            diffuser.Tag = f"AT{building.room_number(level, room.number)}"
            flow = kit.rng.choice((0.04, 0.06, 0.08, 0.1, 0.12))
            set_pset(kit.model, diffuser, "Pset_AirTerminalOccurrence", {"AirFlowRate": flow})
    top = len(building.storeys) - 1
    unit = kit.create("IfcUnitaryEquipment", "AHU-01", "AIRHANDLER")
    kit.contain(building.storeys[top], [unit])
    room = building.layout.rooms[-1]
    x0, _x1, y0, _y1 = room.inner
    kit.place(unit, building.world(x0 + 0.5, y0 + 0.5, top * lay.STOREY_HEIGHT))
    kit.show(unit, kit.box(2.0, 1.0, 1.5))
