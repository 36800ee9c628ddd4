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

Every kernel call of a :class:`BoxStore` runs in a worker process (:mod:`ifcqa.native`): IfcOpenShell
can die by a signal on a bad file (a placement that is its own parent overflows its stack). A single
box that crashes its worker is a note for that element ("IfcOpenShell crashed computing the geometry of
#18 (SIGSEGV); ..."); a whole-model pass that crashes is redone element by element in workers (each one
announced first, so a crash names its element), skipping the elements that crashed. Notes, the reason
an element has no box (a crash, or IfcOpenShell's own message for a shape it could not tessellate), are
kept in cache part ``bboxnotes``, so a crash is never retried.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol

from ifcqa.ifc.cycles import unshapeable
from ifcqa.lazy import lazy_import
from ifcqa.native.pool import worker_path

if TYPE_CHECKING:
    import ifcopenshell
    import ifcopenshell.geom
    import numpy as np

    from ifcqa.native.pool import NativeCall
else:
    ifcopenshell = lazy_import("ifcopenshell")
    np = lazy_import("numpy")

BBox = tuple[float, float, float, float, float, float]  # min x, y, z, max x, y, z
Progress = Callable[[float], None]  # called with the fraction done, 0.0 .. 1.0 (1.0 once, at the end)

SINGLE_PART = "bbox1"  # cache part of the single boxes computed so far (step id -> box or None)
DRAFT_PART = "bboxdraft"  # cache part of the draft boxes (openings not cut) computed so far
WHOLE_PART = "bbox"  # cache part of the whole-model pass
NOTES_PART = "bboxnotes"  # cache part of why elements have no box (step id -> note)
SINGLE_LIMIT = 24  # single shapes computed for one index before the whole-model pass is cheaper overall
# At most this many missing boxes are shaped one by one (create_shape) rather than by one iterator: starting an
# iterator costs ~28 ms CPU on the 100k-entity sample whatever it shapes, create_shape 1-20 ms an element, and
# both give the same boxes bit for bit (413 elements with openings of 13 models: docs/SCALE.md, fifth pass).
EACH_LIMIT = 4
_TICK_EVERY = 64  # elements shaped by compute_some per "tick" message

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


def geometry_settings(draft: bool = False) -> ifcopenshell.geom.settings:
    """The settings ifcqa shapes with; the bench compares against the bare iterator with these.

    ``draft``: openings are not cut (``disable-opening-subtractions``). An element that neither it nor an
    element it is a part of has openings is shaped exactly as without it (the same kernel calls, bit-identical
    boxes); an element with openings gets the box of its uncut body, which holds the cut one up to the kernel's
    tessellation, at a fraction of the cost (the boolean cuts are most of a wall's shaping).
    """
    import ifcopenshell.geom

    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    if draft:
        settings.set("disable-opening-subtractions", True)
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

    from ifcqa.native.worker import tell

    report = progress if progress is not None else _PROGRESS.get()
    boxes: dict[int, BBox] = {}
    if not model.by_type("IfcProduct"):
        return boxes
    left_out = [model.by_id(i) for i in unshapeable(model)]
    if left_out and len(left_out) == len(model.by_type("IfcProduct")):
        return boxes
    iterator = ifcopenshell.geom.iterator(geometry_settings(), model, threads or os.cpu_count() or 1,
                                          **({"exclude": left_out} if left_out else {}))
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
            tell("tick")
            if report is not None and iterator.progress() != shown:
                shown = iterator.progress()
                report(min(shown, 99) / 100.0)
            if not iterator.next():
                break
    finally:
        if report is not None:
            report(1.0)
    return boxes


def compute_some(
    model: ifcopenshell.file, step_ids: list[int], length_si_factor: float, threads: int = 1, draft: bool = False
) -> dict[int, BBox | None]:
    """The boxes of the products ``step_ids`` only, by the geometry iterator restricted to them (``include``).

    The same settings as :func:`compute_bboxes`, so a box is the one the whole-model pass gives. Every
    id is answered: ``None`` for an entity that is not a product with a representation, or that the
    iterator could not shape. One thread by default: on a loaded two-core machine a second iterator
    thread doubled the CPU time of the 100k-entity sample model's pass without shortening it
    (docs/SCALE.md, 2026-12-02). ``draft``: openings not cut (see :func:`geometry_settings`).
    """
    import ifcopenshell.geom

    from ifcqa.native.worker import tell

    found: dict[int, BBox | None] = dict.fromkeys(step_ids)
    refused = unshapeable(model)
    wanted = []
    for step_id in sorted(set(step_ids)):
        try:
            product = model.by_id(step_id)
        except RuntimeError:
            continue
        if product.is_a("IfcProduct") and product.Representation is not None and step_id not in refused:
            wanted.append(product)
    if not wanted:
        return found
    settings = geometry_settings(draft)
    if threads == 1:  # mapping the elements on threads of its own cost ~10 % more CPU, the same boxes
        settings.set("no-parallel-mapping", True)
    iterator = ifcopenshell.geom.iterator(settings, model, threads, include=wanted)
    scale = _scale(length_si_factor)
    if not iterator.initialize():
        return found
    shaped = 0
    while True:
        shape = iterator.get()
        if int(shape.id) in found:  # the iterator may add what the included elements decompose into
            found[int(shape.id)] = _box(shape.geometry.verts_buffer, scale)
        shaped += 1
        if shaped % _TICK_EVERY == 0:  # alive (a call started ahead reads its messages only at the end)
            tell("tick")
        if not iterator.next():
            break
    return found


def element_bbox(model: ifcopenshell.file, step_id: int, length_si_factor: float) -> BBox | None:
    """The box of one product from its own shape (the iterator's settings), or ``None`` when it has no body.

    Args:
        model: the opened model.
        step_id: the product's step id.
        length_si_factor: metres per model length unit.
    """
    return element_shape_box(model, step_id, length_si_factor)[0]


def element_shape_box(
    model: ifcopenshell.file, step_id: int, length_si_factor: float, draft: bool = False
) -> tuple[BBox | None, str | None]:
    """One product's box and, without one, why: ``"could not be tessellated: <IfcOpenShell's message>"``.

    The note is ``None`` for an entity that has no body to shape (not a product, no representation).
    """
    import ifcopenshell.geom

    try:
        product = model.by_id(step_id)
    except RuntimeError:
        return None, None
    if not product.is_a("IfcProduct") or product.Representation is None:
        return None, None
    refused = unshapeable(model).get(step_id)
    if refused is not None:
        return None, refused
    try:
        shape = ifcopenshell.geom.create_shape(geometry_settings(draft), product)
    except RuntimeError as exc:  # no representation the kernel can shape (the iterator skips it as well)
        return None, f"could not be tessellated: {' '.join(str(exc).split()) or 'no message'}"
    box = _box(shape.geometry.verts_buffer, _scale(length_si_factor))
    return box, None if box is not None else "could not be tessellated: the shape has no vertices"


# -- run in a worker process (ifcqa.native): by path, the model opened there ---------------------------
def shape_one(path: str, step_id: int, length_si_factor: float, draft: bool = False) -> tuple[BBox | None, str | None]:
    """:func:`element_shape_box` of the model at ``path`` (a worker's function)."""
    from ifcqa.native.worker import model, tell

    tell("at", step_id)
    return element_shape_box(model(path), step_id, length_si_factor, draft)


def shape_all(path: str, length_si_factor: float, threads: int | None) -> dict[int, BBox]:
    """:func:`compute_bboxes` of the model at ``path``, its progress told as messages (a worker's function)."""
    from ifcqa.native.worker import model, tell

    return compute_bboxes(model(path), length_si_factor, threads, progress=lambda done: tell("progress", done))


def shape_some(
    path: str, step_ids: list[int], length_si_factor: float, draft: bool = False
) -> dict[int, BBox | None]:
    """:func:`compute_some` of the model at ``path`` (a worker's function)."""
    from ifcqa.native.worker import model

    return compute_some(model(path), step_ids, length_si_factor, draft=draft)


def shape_each(
    path: str, length_si_factor: float, skip: list[int], only: list[int] | None = None, draft: bool = False
) -> int:
    """Shape every product with a representation one by one, in step id order, telling each box.

    Each element is announced (``("at", id)``) before the kernel sees it and its outcome told after
    (``("item", id, box, note)``), so a crash names its element and the boxes before it are kept.
    Returns how many elements were shaped.
    """
    from ifcqa.native.worker import model, tell

    opened = model(path)
    skipped = set(skip)
    products = opened.by_type("IfcProduct") if only is None else [opened.by_id(i) for i in only]
    ids = sorted(p.id() for p in products if p.is_a("IfcProduct") and p.Representation is not None)
    todo = [i for i in ids if i not in skipped]
    for number, step_id in enumerate(todo):
        tell("at", step_id)
        box, note = element_shape_box(opened, step_id, length_si_factor, draft)
        tell("item", step_id, box, note)
        tell("progress", (len(ids) - len(todo) + number + 1) / max(1, len(ids)))
    return len(todo)


def crash_note(step_id: int, signal_name: str, hint: str | None) -> str:
    """The note of an element whose shape crashed IfcOpenShell (or hung: ``signal_name`` then says so)."""
    cause = hint or "the file may hold a reference cycle (ifcqa check FILE lists them) or geometry it cannot read"
    what = "did not finish" if signal_name.startswith("no answer") else "crashed"
    return f"IfcOpenShell {what} computing the geometry of #{step_id} ({signal_name}); {cause}."


def shape_each_guarded(
    path: str,
    length_si_factor: float,
    on_item: Callable[[int, BBox | None, str | None], None],
    hint: Callable[[int], str | None] = lambda _: None,
    progress: Progress | None = None,
    only: list[int] | None = None,
    draft: bool = False,
) -> dict[int, str]:
    """:func:`shape_each` in workers until every element is shaped or crashed; returns the crashes' notes.

    A worker that crashes on an element is replaced and the pass resumes after that element.
    """
    from ifcqa.native import NativeCrash, call_native

    done: list[int] = []
    crashes: dict[int, str] = {}

    def listen(message: tuple[Any, ...]) -> None:
        if message[0] == "item":
            done.append(int(message[1]))
            on_item(int(message[1]), message[2], message[3])
        elif message[0] == "progress" and progress is not None:
            progress(min(float(message[1]), 0.99))

    while True:
        try:
            call_native("ifcqa.index.geometry:shape_each", path, length_si_factor, done + list(crashes), only, draft,
                        listener=listen, doing="shaping the elements one by one")
            return crashes
        except NativeCrash as crash:
            if crash.step_id is None or crash.step_id in crashes or not crash.lasting:  # nothing to blame
                raise
            crashes[crash.step_id] = crash_note(crash.step_id, crash.signal_name, hint(crash.step_id))
            on_item(crash.step_id, None, crashes[crash.step_id])


class BoxCache(Protocol):
    """What :class:`BoxStore` needs of :class:`~ifcqa.index.IndexCache`."""

    def load(self, sha256: str, part: str = "index") -> Any | None: ...

    def save(self, sha256: str, obj: Any, part: str = "index") -> None: ...


class BoxStore:
    """The boxes of one indexed file: single ones on demand, the whole-model pass when every box is asked for.

    Args:
        sha256: the file's content hash (the cache key).
        length_si_factor: metres per model length unit.
        model: opens (once) and returns the model; called only when a box must be computed in this process
            (a model without a file) or to say why a crash happened.
        cache: the index cache, or ``None`` to keep boxes in memory only.
        path: the file; with one, every kernel call runs in a worker process (see the module docstring).
        opened: the model if this process already opened it, else ``None`` (offered to forked workers).
        hint: why an element's shape may have crashed (the reference cycle it is on), or ``None``.
        draft: keep *draft* boxes, shaped without cutting openings (:func:`geometry_settings`), in cache part
            ``bboxdraft``: :meth:`some` and :meth:`prefetch` (and their element-by-element fallback after a
            crash) shape drafts and never read the whole-model pass, so a draft is the same whatever the cache
            holds (the items drafted from it too). Only :meth:`some` and :meth:`prefetch` are meant for drafts.
    """

    def __init__(
        self,
        sha256: str,
        length_si_factor: float,
        model: Callable[[], ifcopenshell.file],
        cache: BoxCache | None = None,
        *,
        path: str | os.PathLike[str] | None = None,
        opened: Callable[[], ifcopenshell.file | None] = lambda: None,
        hint: Callable[[int], str | None] = lambda _: None,
        draft: bool = False,
    ) -> None:
        self.sha256 = sha256
        self.draft = draft
        self._single_part = DRAFT_PART if draft else SINGLE_PART
        self.length_si_factor = length_si_factor
        self._model = model
        self._cache = cache
        self._path = path
        self._opened = opened
        self._hint = hint
        self._all: dict[int, BBox] | None = None
        self._single: dict[int, BBox | None] | None = None
        self._notes: dict[int, str] | None = None
        self._whole_looked_up = False
        self._computed = 0
        self._pending: tuple[list[int], NativeCall] | None = None  # started by prefetch, not collected yet
        self._lock = threading.RLock()

    def all(self) -> dict[int, BBox]:
        """Every shaped product's box: from the cache, else the whole-model pass (then cached)."""
        with self._lock:
            self._collect()  # frees the worker a prefetch holds
            if self._all is None:
                cached = self._cache.load(self.sha256, WHOLE_PART) if self._cache is not None else None
                if isinstance(cached, dict):
                    self._all = cached
                else:
                    self._all = self._compute_all()
                    if self._cache is not None:
                        self._cache.save(self.sha256, self._all, WHOLE_PART)
            return self._all

    def prefetch(self, step_ids: list[int]) -> bool:
        """Start shaping those of ``step_ids`` not known yet in a worker and return at once (for :meth:`some`).

        The caller works on while the worker shapes (the second core); :meth:`some` then waits for the
        boxes. ``False`` when nothing was started: nothing missing, no file, or the pool declined
        (:func:`ifcqa.native.pool.start_native`): :meth:`some` then shapes them itself.
        """
        from ifcqa.native.pool import start_native

        with self._lock:
            if self._pending is not None or (not self.draft and self._whole() is not None):
                return False
            singles = self._singles()
            missing = sorted({i for i in step_ids if i not in singles})
            path = self._worker_path() if missing else None
            if path is None:
                return False
            call = start_native("ifcqa.index.geometry:shape_some", path, missing, self.length_si_factor, self.draft,
                                doing=f"computing the geometry of {len(missing)} elements")
            if call is None:
                return False
            self._pending = (missing, call)
            return True

    def _collect(self) -> None:
        """Keep the boxes of a prefetch (waiting for them); a crashed one leaves them to be shaped again."""
        if self._pending is None:
            return
        from ifcqa.native import NativeCrash

        _, call = self._pending
        self._pending = None
        try:
            computed: dict[int, BBox | None] = call.result()
        except NativeCrash:
            return  # redone by the caller, one element at a time when the crash lasts
        self._keep_singles(computed)

    def _whole(self) -> dict[int, BBox] | None:
        """The whole-model pass if this store made or loaded it (looked up in the cache once)."""
        if self._all is None and self._cache is not None and not self._whole_looked_up:
            self._whole_looked_up = True
            cached = self._cache.load(self.sha256, WHOLE_PART)
            if isinstance(cached, dict):
                self._all = cached
        return self._all

    def _keep_singles(self, computed: dict[int, BBox | None]) -> None:
        self._singles().update(computed)
        if self._cache is not None and computed:
            stored = self._cache.load(self.sha256, self._single_part)  # another process may have added some
            self._cache.save(self.sha256, (stored if isinstance(stored, dict) else {}) | computed, self._single_part)

    def some(self, step_ids: list[int]) -> dict[int, BBox | None]:
        """The boxes of ``step_ids`` (``None``: no box): the whole-model pass's if made, else only these shaped.

        For a question that needs the boxes of a known set of elements (the MCQ geometry pool): the
        iterator runs over those elements alone (:func:`compute_some`, in a worker), and the boxes are kept
        with the single ones (cache part ``bbox1``), so a later call, in this process or another, reads them.
        """
        with self._lock:
            whole = None if self.draft else self._whole()  # drafts are drafts whatever the cache holds
            if whole is not None:
                return {i: whole.get(i) for i in step_ids}
            self._collect()
            singles = self._singles()
            missing = sorted({i for i in step_ids if i not in singles})
            if missing:
                shape = self._compute_each if len(missing) <= EACH_LIMIT else self._compute_some
                computed, notes = shape(missing)
                self._keep_singles(computed)
                self._add_notes(notes)
            return {i: singles[i] for i in step_ids}

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
            box, note = self._compute_one(step_id)
            self._computed += 1
            self._keep_single(step_id, box)
            if note is not None:
                self._add_notes({step_id: note})
            return box

    def note(self, step_id: int) -> str | None:
        """Why the element has no box, when known: a crash, or IfcOpenShell's message for its shape.

        Asks the kernel for the element's shape (in a worker) when its box is missing and no note was kept.
        """
        with self._lock:
            if step_id in self._notes_known():
                return self._notes_known()[step_id]
            if self.one(step_id) is not None:
                return None
            if step_id in self._notes_known():
                return self._notes_known()[step_id]
            if step_id in self._singles():  # shaped alone already: no note means no body to shape
                return None
            box, note = self._compute_one(step_id)  # the box came from the whole-model pass: ask for the reason
            self._keep_single(step_id, box)
            if note is not None:
                self._add_notes({step_id: note})
            return note if box is None else None

    def notes(self) -> dict[int, str]:
        """Every note kept so far (step id -> why it has no box)."""
        with self._lock:
            return dict(self._notes_known())

    # -- computing ---------------------------------------------------------------------------
    def _worker_path(self) -> str | None:
        path = worker_path(self._path)
        if path is not None:
            from ifcqa.native.pool import pool_size
            from ifcqa.native.worker import offer

            opened = self._opened()
            if opened is not None and pool_size():
                offer(path, opened)  # a worker forked from here starts with the model open
        return path

    def _compute_each(self, step_ids: list[int]) -> tuple[dict[int, BBox | None], dict[int, str]]:
        """A few boxes, each from its own shape (see ``EACH_LIMIT``)."""
        found: dict[int, BBox | None] = {}
        notes: dict[int, str] = {}
        for step_id in step_ids:
            found[step_id], note = self._compute_one(step_id)
            if note is not None:
                notes[step_id] = note
        return found, notes

    def _compute_one(self, step_id: int) -> tuple[BBox | None, str | None]:
        path = self._worker_path()
        if path is None:
            return element_shape_box(self._model(), step_id, self.length_si_factor, self.draft)
        from ifcqa.native import NativeCrash, call_native

        try:
            found: tuple[BBox | None, str | None] = call_native(
                "ifcqa.index.geometry:shape_one", path, step_id, self.length_si_factor, self.draft,
                doing=f"computing the geometry of #{step_id}",
            )
        except NativeCrash as crash:
            if not crash.lasting:  # killed from outside: not the file's fault, so not remembered
                raise
            return None, crash_note(step_id, crash.signal_name, self._hint(step_id))
        return found

    def _compute_some(self, step_ids: list[int]) -> tuple[dict[int, BBox | None], dict[int, str]]:
        path = self._worker_path()
        if path is None:
            return compute_some(self._model(), step_ids, self.length_si_factor, draft=self.draft), {}
        from ifcqa.native import NativeCrash, call_native

        try:
            boxes: dict[int, BBox | None] = call_native(
                "ifcqa.index.geometry:shape_some", path, step_ids, self.length_si_factor, self.draft,
                doing=f"computing the geometry of {len(step_ids)} elements",
            )
            return boxes, {}
        except NativeCrash:
            pass  # redone one element at a time: the crash is then blamed on its element and skipped
        found: dict[int, BBox | None] = dict.fromkeys(step_ids)
        notes: dict[int, str] = {}

        def keep(step_id: int, box: BBox | None, note: str | None) -> None:
            found[step_id] = box
            if note is not None:
                notes[step_id] = note

        shape_each_guarded(path, self.length_si_factor, keep, self._hint, None, only=step_ids, draft=self.draft)
        return found, notes

    def _compute_all(self) -> dict[int, BBox]:
        path = self._worker_path()
        report = _PROGRESS.get()
        if path is None:
            return compute_bboxes(self._model(), self.length_si_factor)
        from ifcqa.native import NativeCrash, call_native

        def listen(message: tuple[Any, ...]) -> None:
            if message[0] == "progress" and report is not None:
                report(float(message[1]))

        try:
            boxes: dict[int, BBox] = call_native(
                "ifcqa.index.geometry:shape_all", path, self.length_si_factor, None, listener=listen,
                doing="computing the geometry of every element",
            )
            return boxes
        except NativeCrash:
            pass  # redone one element at a time: the crash is then blamed on its element and skipped
        boxes = {}
        notes: dict[int, str] = {}

        def keep(step_id: int, box: BBox | None, note: str | None) -> None:
            if box is not None:
                boxes[step_id] = box
            if note is not None:
                notes[step_id] = note

        try:
            shape_each_guarded(path, self.length_si_factor, keep, self._hint, report)
        finally:
            if report is not None:
                report(1.0)
        self._add_notes(notes)
        return boxes

    # -- the cache -----------------------------------------------------------------------------
    def _singles(self) -> dict[int, BBox | None]:
        if self._single is None:
            cached = self._cache.load(self.sha256, self._single_part) if self._cache is not None else None
            self._single = cached if isinstance(cached, dict) else {}
        return self._single

    def _keep_single(self, step_id: int, box: BBox | None) -> None:
        self._singles()[step_id] = box
        if self._cache is not None:
            stored = self._cache.load(self.sha256, self._single_part)  # another process may have added some
            merged = (stored if isinstance(stored, dict) else {}) | {step_id: box}
            self._cache.save(self.sha256, merged, self._single_part)

    def _notes_known(self) -> dict[int, str]:
        if self._notes is None:
            cached = self._cache.load(self.sha256, NOTES_PART) if self._cache is not None else None
            self._notes = cached if isinstance(cached, dict) else {}
        return self._notes

    def _add_notes(self, notes: dict[int, str]) -> None:
        if not notes:
            return
        self._notes_known().update(notes)
        if self._cache is not None:
            stored = self._cache.load(self.sha256, NOTES_PART)
            self._cache.save(self.sha256, (stored if isinstance(stored, dict) else {}) | notes, NOTES_PART)
