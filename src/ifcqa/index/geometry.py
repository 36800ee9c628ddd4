"""Axis-aligned bounding boxes of products: one element's from its own shape, or every one in one pass.

Boxes are in project coordinates (``use-world-coords``), in the model's length unit, and only ever
computed when a question or tool needs them: geometry is by far the slowest fact to read, so loading
an index never triggers it. Two ways, one result:

* :func:`element_bbox`: one product's box from its own shape (``ifcopenshell.geom.create_shape``,
  tens of milliseconds), for a question about a few elements (``ifcqa info``, ``get_bbox``).
* :func:`compute_bboxes`: every product's box, by the multi-threaded geometry iterator (seconds on a
  big model), for questions that need every box (a point query, a ranking by extent). It reports
  its progress through :func:`reporting_progress` (a bar on the CLI, notifications over MCP).

:class:`BoxStore` chooses between them for a :class:`~ifcqa.index.ModelIndex` and keeps both in
the index cache: part ``bbox`` holds the whole-model pass, part ``bbox1`` the single boxes computed
so far. Both are computed with the same settings and agree (tests/index/test_geometry_single.py).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol

from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.geom
    import numpy as np
else:
    ifcopenshell = lazy_import("ifcopenshell")
    np = lazy_import("numpy")

BBox = tuple[float, float, float, float, float, float]  # min x, y, z, max x, y, z
Progress = Callable[[float], None]  # called with the fraction done, 0.0 .. 1.0 (1.0 once, at the end)

SINGLE_PART = "bbox1"  # cache part of the single boxes computed so far (step id -> box or None)
WHOLE_PART = "bbox"  # cache part of the whole-model pass
SINGLE_LIMIT = 24  # single shapes computed for one index before the whole-model pass is cheaper overall

_PROGRESS: ContextVar[Progress | None] = ContextVar("ifcqa_geometry_progress", default=None)


@contextmanager
def reporting_progress(callback: Progress | None) -> Iterator[None]:
    """Report the progress of a whole-model geometry pass run inside the block to ``callback``."""
    token = _PROGRESS.set(callback)
    try:
        yield
    finally:
        _PROGRESS.reset(token)


def set_progress(callback: Progress | None) -> None:
    """Report every later whole-model pass of this context to ``callback`` (a one-command process: the CLI)."""
    _PROGRESS.set(callback)


def geometry_settings() -> ifcopenshell.geom.settings:
    """The settings ifcqa shapes with; the bench compares against the bare iterator with these."""
    import ifcopenshell.geom

    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    return settings


def _box(verts_buffer: Any, scale: float) -> BBox | None:
    verts = np.frombuffer(verts_buffer, dtype=np.float64)
    if not verts.size:
        return None
    points = verts.reshape(-1, 3)
    low, high = points.min(axis=0) * scale, points.max(axis=0) * scale
    return (float(low[0]), float(low[1]), float(low[2]), float(high[0]), float(high[1]), float(high[2]))


def _scale(length_si_factor: float) -> float:
    return 1.0 / length_si_factor if length_si_factor else 1.0  # the geometry kernel works in metres


def compute_bboxes(
    model: ifcopenshell.file, length_si_factor: float, threads: int | None = None, progress: Progress | None = None
) -> dict[int, BBox]:
    """Return the bounding box of every product the geometry iterator can shape.

    Args:
        model: the opened model.
        length_si_factor: metres per model length unit; the iterator works in metres.
        threads: iterator threads, default all cores.
        progress: called with the fraction done (default: the callback of :func:`reporting_progress`).

    Returns:
        Step id -> ``(xmin, ymin, zmin, xmax, ymax, zmax)`` in the model's length unit.
    """
    import ifcopenshell.geom

    report = progress if progress is not None else _PROGRESS.get()
    boxes: dict[int, BBox] = {}
    if not model.by_type("IfcProduct"):
        return boxes
    iterator = ifcopenshell.geom.iterator(geometry_settings(), model, threads or os.cpu_count() or 1)
    scale = _scale(length_si_factor)
    try:
        if report is not None:
            report(0.0)
        if not iterator.initialize():
            return boxes
        shown = 0
        while True:
            shape = iterator.get()
            box = _box(shape.geometry.verts_buffer, scale)
            if box is not None:
                boxes[int(shape.id)] = box
            if report is not None and iterator.progress() != shown:
                shown = iterator.progress()
                report(min(shown, 99) / 100.0)
            if not iterator.next():
                break
    finally:
        if report is not None:
            report(1.0)
    return boxes


def element_bbox(model: ifcopenshell.file, step_id: int, length_si_factor: float) -> BBox | None:
    """The box of one product from its own shape (the iterator's settings), or ``None`` when it has no body.

    Args:
        model: the opened model.
        step_id: the product's step id.
        length_si_factor: metres per model length unit.
    """
    import ifcopenshell.geom

    try:
        product = model.by_id(step_id)
    except RuntimeError:
        return None
    if not product.is_a("IfcProduct") or product.Representation is None:
        return None
    try:
        shape = ifcopenshell.geom.create_shape(geometry_settings(), product)
    except RuntimeError:  # no representation the kernel can shape (the iterator skips it as well)
        return None
    return _box(shape.geometry.verts_buffer, _scale(length_si_factor))


class BoxCache(Protocol):
    """What :class:`BoxStore` needs of :class:`~ifcqa.index.IndexCache`."""

    def load(self, sha256: str, part: str = "index") -> Any | None: ...

    def save(self, sha256: str, obj: Any, part: str = "index") -> None: ...


class BoxStore:
    """The boxes of one indexed file: single ones on demand, the whole-model pass when every box is asked for.

    Args:
        sha256: the file's content hash (the cache key).
        length_si_factor: metres per model length unit.
        model: opens (once) and returns the model; called only when a box must be computed.
        cache: the index cache, or ``None`` to keep boxes in memory only.
    """

    def __init__(
        self,
        sha256: str,
        length_si_factor: float,
        model: Callable[[], ifcopenshell.file],
        cache: BoxCache | None = None,
    ) -> None:
        self.sha256 = sha256
        self.length_si_factor = length_si_factor
        self._model = model
        self._cache = cache
        self._all: dict[int, BBox] | None = None
        self._single: dict[int, BBox | None] | None = None
        self._whole_looked_up = False
        self._computed = 0
        self._lock = threading.RLock()

    def all(self) -> dict[int, BBox]:
        """Every shaped product's box: from the cache, else the whole-model pass (then cached)."""
        with self._lock:
            if self._all is None:
                cached = self._cache.load(self.sha256, WHOLE_PART) if self._cache is not None else None
                if isinstance(cached, dict):
                    self._all = cached
                else:
                    self._all = compute_bboxes(self._model(), self.length_si_factor)
                    if self._cache is not None:
                        self._cache.save(self.sha256, self._all, WHOLE_PART)
            return self._all

    def one(self, step_id: int) -> BBox | None:
        """One element's box: from a whole-model pass already made, else from its own shape (cached)."""
        with self._lock:
            if self._all is None and self._cache is not None and not self._whole_looked_up:
                self._whole_looked_up = True
                cached = self._cache.load(self.sha256, WHOLE_PART)
                if isinstance(cached, dict):
                    self._all = cached
            if self._all is not None:
                return self._all.get(step_id)
            singles = self._singles()
            if step_id in singles:
                return singles[step_id]
            if self._computed >= SINGLE_LIMIT:  # many elements asked one by one: one pass serves them all
                return self.all().get(step_id)
            box = element_bbox(self._model(), step_id, self.length_si_factor)
            self._computed += 1
            singles[step_id] = box
            if self._cache is not None:
                stored = self._cache.load(self.sha256, SINGLE_PART)  # another process may have added some
                merged = (stored if isinstance(stored, dict) else {}) | {step_id: box}
                self._cache.save(self.sha256, merged, SINGLE_PART)
            return box

    def _singles(self) -> dict[int, BBox | None]:
        if self._single is None:
            cached = self._cache.load(self.sha256, SINGLE_PART) if self._cache is not None else None
            self._single = cached if isinstance(cached, dict) else {}
        return self._single
