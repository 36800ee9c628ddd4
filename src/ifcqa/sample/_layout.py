"""The plan of the sample building as plain numbers: no IFC in this module.

A building is a rectangle of ``rows`` strips; each strip holds a few rooms side by side, with its own
room widths. Walls are centred on the grid lines: four exterior walls (S, E, N, W, counter-clockwise so
that the wall's local +Y points inside), one long interior wall between two strips (``H<row>``) and short
partitions between neighbouring rooms of a strip (``V<row>-<col>``). Coordinates are metres, relative to
the building origin (the south-west corner of the wall axes). Every storey uses the same plan; what
changes per storey (room functions, doors, windows, stairs) is drawn in :func:`storey_plan`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

STOREY_HEIGHT = 3.0
SLAB_DEPTH = 0.25
WALL_HEIGHT = STOREY_HEIGHT - SLAB_DEPTH
EXTERIOR_THICKNESS = 0.30
INTERIOR_THICKNESS = 0.10
ROOM_MODULE = 5.0
OPENING_CLEARANCE = 0.05  # an opening box sticks out of each wall face by this much

# name -> (width, height, is_external)
DOOR_TYPES: dict[str, tuple[float, float, bool]] = {
    "DT-Interior-900": (0.9, 2.1, False),
    "DT-Interior-1000": (1.0, 2.1, False),
    "DT-Exterior-1000": (1.0, 2.2, True),
}
# name -> (width, height, sill height)
WINDOW_TYPES: dict[str, tuple[float, float, float]] = {
    "WIN-600x1200": (0.6, 1.2, 1.2),
    "WIN-1200x1500": (1.2, 1.5, 0.9),
    "WIN-1800x1500": (1.8, 1.5, 0.9),
}
# function -> (long name, reference code, weight)
ROOM_FUNCTIONS: dict[str, tuple[str, str, int]] = {
    "Office": ("Open-plan office", "OFF", 50),
    "Meeting": ("Meeting room", "MTG", 15),
    "Storage": ("Storage room", "STO", 10),
    "Kitchen": ("Kitchenette", "KIT", 8),
    "WC": ("Toilets", "WC", 10),
    "Copy": ("Copy and print room", "CPY", 7),
}

# The half-turn stair in the stairwell (room 1 of every storey), relative to the building origin.
RISERS_PER_FLIGHT = 9
RISER_HEIGHT = STOREY_HEIGHT / (2 * RISERS_PER_FLIGHT)
TREAD_LENGTH = 0.27
FLIGHT_WIDTH = 1.0
FLIGHT_GAP = 0.1
FLIGHT_RUN = (RISERS_PER_FLIGHT - 1) * TREAD_LENGTH
LANDING_LENGTH = 1.1
STAIR_X = EXTERIOR_THICKNESS / 2 + 0.05
STAIR_Y = EXTERIOR_THICKNESS / 2 + 0.3
STAIR_WIDTH = 2 * FLIGHT_WIDTH + FLIGHT_GAP
STAIR_LENGTH = FLIGHT_RUN + LANDING_LENGTH

Point = tuple[float, float]


@dataclass(frozen=True)
class WallSpec:
    """A straight wall segment on a grid line; the body spans ``-thickness/2..+thickness/2`` in local Y."""

    key: str
    start: Point
    direction: Point
    length: float
    thickness: float
    external: bool

    def along(self, point: Point) -> float:
        """Distance from the wall start to ``point`` projected on the wall axis."""
        return (point[0] - self.start[0]) * self.direction[0] + (point[1] - self.start[1]) * self.direction[1]


@dataclass(frozen=True)
class RoomSpec:
    """A rectangular room: axis rectangle ``x0..x1 × y0..y1`` and the keys of its four walls."""

    number: int
    row: int
    col: int
    x0: float
    x1: float
    y0: float
    y1: float
    south: str
    north: str
    west: str
    east: str
    inner: tuple[float, float, float, float]  # clear rectangle inside the wall faces: x0, x1, y0, y1


@dataclass(frozen=True)
class OpeningSpec:
    """A door or window in a wall: ``offset`` is measured along the wall from its start to the near edge."""

    kind: Literal["door", "window"]
    wall_key: str
    room_number: int
    offset: float
    width: float
    height: float
    sill: float
    type_name: str
    external: bool


@dataclass(frozen=True)
class Layout:
    """The plan shared by all storeys of one building."""

    width: float
    depth: float
    y_edges: tuple[float, ...]
    x_edges: tuple[tuple[float, ...], ...]
    rooms: tuple[RoomSpec, ...]
    walls: dict[str, WallSpec]


@dataclass(frozen=True)
class StoreyPlan:
    """What one storey adds to the layout: room functions, doors and windows."""

    functions: tuple[str, ...]
    openings: tuple[OpeningSpec, ...]
    has_stair: bool


def make_layout(rng: random.Random, rooms: int) -> Layout:
    """Draw a plan with ``rooms`` rooms per storey: room widths and strip depths vary with ``rng``."""
    cols = math.ceil(math.sqrt(rooms))
    rows = math.ceil(rooms / cols)
    counts = [rooms // rows + (1 if r < rooms % rows else 0) for r in range(rows)]
    width = round(max(counts) * ROOM_MODULE, 2)
    y_edges = [0.0]
    for _ in range(rows):
        y_edges.append(round(y_edges[-1] + rng.choice((4.8, 5.4, 6.0, 6.6)), 2))
    x_edges = tuple(_split(rng, width, count) for count in counts)
    walls = _walls(width, y_edges, x_edges)
    room_list: list[RoomSpec] = []
    for row, edges in enumerate(x_edges):
        for col in range(len(edges) - 1):
            room_list.append(_room(len(room_list) + 1, row, col, edges, y_edges, walls))
    return Layout(width, y_edges[-1], tuple(y_edges), x_edges, tuple(room_list), walls)


def _split(rng: random.Random, width: float, count: int) -> tuple[float, ...]:
    weights = [rng.uniform(0.9, 1.1) for _ in range(count)]
    total = sum(weights)
    edges = [0.0]
    for weight in weights[:-1]:
        edges.append(round(edges[-1] + round(width * weight / total / 0.05) * 0.05, 2))
    edges.append(width)
    return tuple(edges)


def _walls(width: float, y_edges: list[float], x_edges: tuple[tuple[float, ...], ...]) -> dict[str, WallSpec]:
    ext, inner, depth = EXTERIOR_THICKNESS, INTERIOR_THICKNESS, y_edges[-1]
    walls = [
        WallSpec("S", (-ext / 2, 0.0), (1.0, 0.0), width + ext, ext, True),
        WallSpec("E", (width, ext / 2), (0.0, 1.0), depth - ext, ext, True),
        WallSpec("N", (width + ext / 2, depth), (-1.0, 0.0), width + ext, ext, True),
        WallSpec("W", (0.0, depth - ext / 2), (0.0, -1.0), depth - ext, ext, True),
    ]
    for row in range(1, len(y_edges) - 1):
        walls.append(WallSpec(f"H{row}", (ext / 2, y_edges[row]), (1.0, 0.0), width - ext, inner, False))
    for row, edges in enumerate(x_edges):
        y0 = y_edges[row] + (ext if row == 0 else inner) / 2
        y1 = y_edges[row + 1] - (ext if row == len(x_edges) - 1 else inner) / 2
        for col in range(1, len(edges) - 1):
            walls.append(WallSpec(f"V{row}-{col}", (edges[col], y0), (0.0, 1.0), y1 - y0, inner, False))
    return {wall.key: wall for wall in walls}


def _room(
    number: int,
    row: int,
    col: int,
    edges: tuple[float, ...],
    y_edges: list[float],
    walls: dict[str, WallSpec],
) -> RoomSpec:
    last_row, last_col = len(y_edges) - 2, len(edges) - 2
    south = "S" if row == 0 else f"H{row}"
    north = "N" if row == last_row else f"H{row + 1}"
    west = "W" if col == 0 else f"V{row}-{col}"
    east = "E" if col == last_col else f"V{row}-{col + 1}"
    x0, x1, y0, y1 = edges[col], edges[col + 1], y_edges[row], y_edges[row + 1]
    inner = (
        round(x0 + walls[west].thickness / 2, 6),
        round(x1 - walls[east].thickness / 2, 6),
        round(y0 + walls[south].thickness / 2, 6),
        round(y1 - walls[north].thickness / 2, 6),
    )
    return RoomSpec(number, row, col, x0, x1, y0, y1, south, north, west, east, inner)


def storey_plan(rng: random.Random, layout: Layout, level: int, has_stair: bool) -> StoreyPlan:
    """Draw room functions, one door per room and windows on the façades of this storey."""
    names = list(ROOM_FUNCTIONS)
    weights = [ROOM_FUNCTIONS[name][2] for name in names]
    functions = tuple("Stairwell" if room.number == 1 else rng.choices(names, weights)[0] for room in layout.rooms)
    openings: list[OpeningSpec] = []
    for room in layout.rooms:
        door = _door(rng, layout, room, level)
        openings.append(door)
        for side in _facades(layout, room):
            if getattr(room, side) != door.wall_key and (window := _window(rng, layout, room, side)):
                openings.append(window)
    return StoreyPlan(functions, tuple(openings), has_stair)


def _facades(layout: Layout, room: RoomSpec) -> list[str]:
    sides = []
    if room.row == 0:
        sides.append("south")
    if room.row == len(layout.x_edges) - 1:
        sides.append("north")
    if room.col == 0:
        sides.append("west")
    if room.col == len(layout.x_edges[room.row]) - 2:
        sides.append("east")
    return sides


def _door(rng: random.Random, layout: Layout, room: RoomSpec, level: int) -> OpeningSpec:
    """One door per room, in the south wall, clear of partitions below and of the stair.

    Rooms of the southern strip open to the outside on level 0. On upper levels they open into their
    east neighbour (the last one into its west neighbour), or onto a balcony when alone in the strip.
    """
    in_row = len(layout.x_edges[room.row]) - 1
    if room.row == 0 and level > 0 and in_row > 1:
        key = f"V0-{room.col + 1}" if room.col < in_row - 1 else f"V0-{room.col}"
        fraction = 1 / 3 if room.col < in_row - 1 else 2 / 3  # two doors may share a partition
        width, height, _ = DOOR_TYPES["DT-Interior-900"]
        wall = layout.walls[key]
        offset = round(wall.length * fraction - width / 2, 6)
        return OpeningSpec("door", key, room.number, offset, width, height, 0.0, "DT-Interior-900", False)
    type_name = (
        "DT-Exterior-1000" if room.row == 0 else rng.choice(("DT-Interior-900", "DT-Interior-900", "DT-Interior-1000"))
    )
    width, height, external = DOOR_TYPES[type_name]
    wall = layout.walls[room.south]
    blocked = [(STAIR_X - 0.1, STAIR_X + STAIR_WIDTH + 0.1)]
    if room.row > 0:
        blocked += [(x - 0.15, x + 0.15) for x in layout.x_edges[room.row - 1][1:-1]]
    centre = _free_centre(room.inner[0] + 0.1, room.inner[1] - 0.1, width, blocked)
    offset = round(wall.along((centre, wall.start[1])) - width / 2, 6)
    return OpeningSpec("door", wall.key, room.number, offset, width, height, 0.0, type_name, external)


def _free_centre(low: float, high: float, width: float, blocked: list[tuple[float, float]]) -> float:
    """The centre nearest to the middle of ``low..high`` where an opening of ``width`` hits nothing blocked."""
    middle = (low + high) / 2
    steps = int((high - low) / 0.05) + 1
    for step in sorted(range(-steps, steps + 1), key=abs):
        centre = round(middle + step * 0.05, 6)
        left, right = centre - width / 2, centre + width / 2
        if left >= low and right <= high and all(right <= b0 or left >= b1 for b0, b1 in blocked):
            return centre
    raise ValueError(f"no room for an opening of {width} m between {low} and {high}")


def _window(rng: random.Random, layout: Layout, room: RoomSpec, side: str) -> OpeningSpec | None:
    x0, x1, y0, y1 = room.inner
    low, high = (x0, x1) if side in ("south", "north") else (y0, y1)
    fitting = [name for name, (width, _, _) in WINDOW_TYPES.items() if width <= high - low - 0.6]
    if not fitting:
        return None
    type_name = rng.choice(fitting)
    width, height, sill = WINDOW_TYPES[type_name]
    wall = layout.walls[getattr(room, side)]
    centre = (low + high) / 2
    point = (centre, wall.start[1]) if side in ("south", "north") else (wall.start[0], centre)
    along = wall.along(point)
    return OpeningSpec(
        "window", wall.key, room.number, round(along - width / 2, 6), width, height, sill, type_name, True
    )
