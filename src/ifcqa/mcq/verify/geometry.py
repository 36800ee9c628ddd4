"""Geometry, re-derived from the file: each named element shaped on its own with ``create_shape``.

The verifier does not use the index's boxes (the multi-threaded geometry iterator over the whole
model): it shapes only the elements an item names, one at a time, with its own settings
(``use-world-coords``), takes the min/max of the vertices and converts them from metres to the model's
length unit with ``ifcopenshell.util.unit.calculate_unit_scale``. Shapes are cached per (model, step
id), so the items of one file do not shape an element twice.

Comparisons allow ``TOLERANCE`` model units: a point on a face counts as inside, a base elevation
option is true when it is the element's minimum Z rounded to 3 decimals (within the tolerance), and
options within the tolerance of the largest extent all count as largest.
"""

from __future__ import annotations

from functools import lru_cache

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.unit

from ifcqa.ifc.open import model_path
from ifcqa.mcq.items import Item
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import NO, YES
from ifcqa.mcq.verify._api import (
    VerificationError,
    entity,
    labels_with_texts,
    name_count,
    require_unique_names,
    unit_symbol,
)
from ifcqa.native import NativeCrash, call_native, worker_path

Box = tuple[float, float, float, float, float, float]  # min x, y, z, max x, y, z
Point = tuple[float, float, float]
TOLERANCE = 1e-4  # model length units
_ROUNDING = 0.5e-3  # half the last of the 3 decimals an elevation option shows
_AXES = ("x", "y", "z")


@lru_cache(maxsize=1)
def _settings() -> ifcopenshell.geom.settings:
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    return settings


@lru_cache(maxsize=4096)
def _shape_box(model: ifcopenshell.file, step_id: int) -> Box | None:
    """The box of one element in the model's length unit, or ``None`` when it cannot be shaped."""
    product = model.by_id(step_id)
    if getattr(product, "Representation", None) is None:
        return None
    scale = ifcopenshell.util.unit.calculate_unit_scale(model)  # metres per model unit
    path = worker_path(model_path(model))
    if path is not None:  # IfcOpenShell may crash on a bad file: shaped in a worker process (ifcqa.native)
        try:
            box: Box | None = call_native("ifcqa.index.geometry:shape_one", path, step_id, scale,
                                          doing=f"computing the geometry of #{step_id}")[0]
        except NativeCrash:
            return None
        return box
    try:
        shape = ifcopenshell.geom.create_shape(_settings(), product)
    except RuntimeError:
        return None
    verts = shape.geometry.verts
    if not verts:
        return None
    low = [min(verts[axis::3]) / scale for axis in range(3)]
    high = [max(verts[axis::3]) / scale for axis in range(3)]
    return (low[0], low[1], low[2], high[0], high[1], high[2])


def box_of(model: ifcopenshell.file, guid: str) -> Box:
    """The box of the element with this GlobalId; an element without a body is a VerificationError."""
    box = _shape_box(model, entity(model, guid).id())
    if box is None:
        raise VerificationError(f"element {guid} has no shapeable body")
    return box


def _option_boxes(model: ifcopenshell.file, item: Item) -> dict[str, Box]:
    """Option label -> box of the element the option stands for (each must have a unique name)."""
    mapping: dict[str, str] = item.provenance.get("option_elements", {})
    boxes = {}
    for option in item.options:
        guid = mapping.get(option.text)
        if guid is None:
            raise VerificationError(f"option {option.label} has no element in provenance.option_elements")
        name = entity(model, guid).Name
        if not name or name_count(model, name) != 1:
            raise VerificationError(f"option {option.label} names an element without a unique name")
        boxes[option.label] = box_of(model, guid)
    return boxes


def contains(box: Box, point: Point) -> bool:
    """``point`` is inside ``box`` (faces included, within the tolerance)."""
    return all(box[i] - TOLERANCE <= point[i] <= box[i + 3] + TOLERANCE for i in range(3))


def _point(item: Item) -> Point:
    x, y, z = (float(c) for c in item.provenance["point"])
    return (x, y, z)


@verifier("geometric.geometry.extent_compare")
def extent_compare(model: ifcopenshell.file, item: Item) -> set[str]:
    axis = _AXES.index(item.provenance["axis"])
    extents = {label: box[axis + 3] - box[axis] for label, box in _option_boxes(model, item).items()}
    largest = max(extents.values())
    return {label for label, extent in extents.items() if extent >= largest - TOLERANCE}


def _length(text: str, symbol: str | None) -> float | None:
    """The number of an option like ``2.75 m`` when it is stated in ``symbol``, else ``None``."""
    number, _, unit = text.strip().rpartition(" ")
    if not symbol or unit != symbol:
        return None
    try:
        return float(number)
    except ValueError:
        return None


@verifier("geometric.geometry.base_elevation")
def base_elevation(model: ifcopenshell.file, item: Item) -> set[str]:
    require_unique_names(model, item)
    base = box_of(model, item.provenance["elements"][0])[2]
    symbol = unit_symbol(model, "LENGTHUNIT")
    found = set()
    for option in item.options:
        value = _length(option.text, symbol)
        if value is not None and abs(value - base) <= _ROUNDING + TOLERANCE:
            found.add(option.label)
    return found


@verifier("geometric.geometry.point_in_box")
def point_in_box(model: ifcopenshell.file, item: Item) -> set[str]:
    point = _point(item)
    if item.question_type == "boolean":
        require_unique_names(model, item)
        inside = contains(box_of(model, item.provenance["elements"][0]), point)
        return labels_with_texts(item, {YES if inside else NO})
    return {label for label, box in _option_boxes(model, item).items() if contains(box, point)}
