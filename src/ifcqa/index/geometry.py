"""Axis-aligned bounding boxes of products, from IfcOpenShell's geometry iterator.

Boxes are in project coordinates (``use-world-coords``), in the model's length unit, computed by the
multi-threaded iterator over every product with a body, once per file and only when a question or
tool needs them: geometry is by far the slowest fact to read, so loading an index never triggers it.
"""

from __future__ import annotations

import multiprocessing

import ifcopenshell
import ifcopenshell.geom
import numpy as np

BBox = tuple[float, float, float, float, float, float]  # min x, y, z, max x, y, z


def geometry_settings() -> ifcopenshell.geom.settings:
    """The iterator settings ifcqa uses; the bench compares against the bare iterator with these."""
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    return settings


def compute_bboxes(model: ifcopenshell.file, length_si_factor: float, threads: int | None = None) -> dict[int, BBox]:
    """Return the bounding box of every product the geometry iterator can shape.

    Args:
        model: the opened model.
        length_si_factor: metres per model length unit; the iterator works in metres.
        threads: iterator threads, default all cores.

    Returns:
        Step id -> ``(xmin, ymin, zmin, xmax, ymax, zmax)`` in the model's length unit.
    """
    boxes: dict[int, BBox] = {}
    if not model.by_type("IfcProduct"):
        return boxes
    iterator = ifcopenshell.geom.iterator(geometry_settings(), model, threads or multiprocessing.cpu_count())
    scale = 1.0 / length_si_factor if length_si_factor else 1.0
    if not iterator.initialize():
        return boxes
    while True:
        shape = iterator.get()
        verts = np.frombuffer(shape.geometry.verts_buffer, dtype=np.float64)
        if verts.size:
            points = verts.reshape(-1, 3)
            low, high = points.min(axis=0) * scale, points.max(axis=0) * scale
            boxes[int(shape.id)] = (
                float(low[0]), float(low[1]), float(low[2]), float(high[0]), float(high[1]), float(high[2])
            )
        if not iterator.next():
            break
    return boxes
