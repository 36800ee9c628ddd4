"""Elements of one file located in the spaces of another: by containment where the file says so, else by geometry.

The HVAC model rarely knows the architect's rooms: its diffusers are contained in its own storeys. For each
element of file B, :func:`locate_in_spaces` finds the IfcSpace of file A that holds it and says how:

* ``contained``: B contains the element in an IfcSpace (IfcRelContainedInSpatialStructure) that is a space
  of A: A itself (B is A), or a space of B with the GlobalId of one of A's (linked rooms exported along);
* ``geometry``: otherwise, by the centre of the element's box (boxes of :mod:`ifcqa.index.geometry`, in
  metres, in each file's project coordinates, which federated files share): inside a space's box or at most
  0.3 m beside it horizontally (an outlet in the wall face), from 0.05 m below its floor to 0.5 m above its
  top (a light in the ceiling); the horizontally nearest such space, then the smallest;
* ``None``: neither (the element has no shape, or lies in no space of A): the element is listed with no space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ifcqa.index import ModelIndex
from ifcqa.index.geometry import BBox
from ifcqa.index.records import Element
from ifcqa.project.project import ElementRef

EPSILON_M = 1e-6
REACH_M = 0.3  # beside a space's box horizontally: an outlet in the wall face
ABOVE_M = 0.5  # above its top: a light in the ceiling
BELOW_M = 0.05


@dataclass(frozen=True)
class Location:
    """Where one element of B is: the space of A holding it (``None`` if none), and how that was found."""

    element: ElementRef
    name: str | None
    ifc_class: str
    space: ElementRef | None
    space_name: str | None
    how: str | None  # contained | geometry | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.element.file,
            "guid": self.element.guid,
            "name": self.name,
            "ifc_class": self.ifc_class,
            "space": None
            if self.space is None
            else {"file": self.space.file, "guid": self.space.guid, "name": self.space_name},
            "how": self.how,
        }


def located_elements(index: ModelIndex) -> list[Element]:
    """The elements of a file worth locating: IfcElements but openings and other features, by step id."""
    return [
        element
        for element in index.elements()
        if index.is_a(element, "IfcElement") and not index.is_a(element, "IfcFeatureElement")
    ]


def locate_in_spaces(
    elements_index: ModelIndex,
    elements_file: str,
    spaces_index: ModelIndex,
    spaces_file: str,
    elements: list[Element] | None = None,
) -> list[Location]:
    """For each element of B (``elements_index``; default :func:`located_elements`), the space of A holding it.

    Args:
        elements_index: file B's index; ``elements_file`` its name in the project.
        spaces_index: file A's index (the architecture); ``spaces_file`` its name in the project.
        elements: which of B's elements (default all of :func:`located_elements`).

    Returns:
        One :class:`Location` per element, in the order given. Boxes are computed only for the elements
        that containment does not place (and for A's spaces when one is needed).
    """
    spaces = spaces_index.by_class("IfcSpace")
    by_guid = {space.guid: space for space in spaces}
    same_file = elements_index.path.resolve() == spaces_index.path.resolve()
    space_boxes: list[tuple[float, BBox, Element]] | None = None
    found = []
    for element in located_elements(elements_index) if elements is None else elements:
        space, how = _contained(elements_index, element, by_guid, same_file), "contained"
        if space is None:
            if space_boxes is None:
                space_boxes = _space_boxes(spaces_index, spaces)
            space, how = _by_geometry(elements_index, element, space_boxes), "geometry"
        found.append(
            Location(
                ElementRef(elements_file, element.guid),
                element.name,
                element.ifc_class,
                None if space is None else ElementRef(spaces_file, space.guid),
                None if space is None else space.name,
                None if space is None else how,
            )
        )
    return found


def _contained(index: ModelIndex, element: Element, spaces: dict[str, Element], same_file: bool) -> Element | None:
    if element.container is None:
        return None
    container = index.data.elements.get(element.container)
    if container is None or not index.is_a(container, "IfcSpace"):
        return None
    return spaces.get(container.guid) if same_file or container.guid in spaces else None


def _metres(index: ModelIndex) -> float:
    length = index.units.get("LENGTHUNIT")
    return length.si_factor if length is not None else 1.0


def _space_boxes(index: ModelIndex, spaces: list[Element]) -> list[tuple[float, BBox, Element]]:
    factor = _metres(index)
    boxes = []
    for space in spaces:
        box = index.bbox(space)
        if box is not None:
            scaled = tuple(value * factor for value in box)
            volume = (scaled[3] - scaled[0]) * (scaled[4] - scaled[1]) * (scaled[5] - scaled[2])
            boxes.append((volume, (scaled[0], scaled[1], scaled[2], scaled[3], scaled[4], scaled[5]), space))
    return sorted(boxes, key=lambda item: (item[0], item[2].id))


def _by_geometry(index: ModelIndex, element: Element, spaces: list[tuple[float, BBox, Element]]) -> Element | None:
    box = index.bbox(element)
    if box is None:
        return None
    factor = _metres(index)
    x, y, z = ((box[axis] + box[axis + 3]) / 2 * factor for axis in range(3))
    near = []
    for volume, space_box, space in spaces:
        gap = math.hypot(max(space_box[0] - x, x - space_box[3], 0.0), max(space_box[1] - y, y - space_box[4], 0.0))
        if gap <= REACH_M + EPSILON_M and space_box[2] - BELOW_M <= z <= space_box[5] + ABOVE_M:
            near.append((gap, volume, space.id, space))
    return min(near, key=lambda item: item[:3])[3] if near else None
