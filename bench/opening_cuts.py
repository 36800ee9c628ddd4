"""Would boxes without the opening cuts be the same boxes? Per model: cut against uncut boxes of every voided element.

Run by hand from the repository root (not part of the tests)::

    python bench/opening_cuts.py ../shared/ifc/*.ifc /tmp/ifcqa-scale/sample-100k.ifc

IfcOpenShell's opening subtractions are most of the MCQ geometry pool's cost on the 100k-element sample
(docs/SCALE.md). A subtraction can only shrink a box, and only where the openings remove everything at
one of its six extreme faces; elsewhere the box of the uncut shape would do, if it were the same box.
For every element with openings (``IfcRelVoidsElement``) this shapes the element with ifcqa's settings
(:func:`ifcqa.index.geometry.compute_some`, cuts made) and with ``disable-opening-subtractions``, and its
openings (uncut), then prints one JSON line per model:

| field | meaning |
|---|---|
| `voided` | elements with openings and a body |
| `touching_a_face` | of those, elements one of whose openings' boxes reaches an extreme face of the uncut box |
| `flush` | elements with an opening face within 1e-5 m of an extreme face (a face the cut rebuilds) |
| `equal` | cut box == uncut box, bit for bit |
| `ulp_noise` | differ by less than 1e-6 m (float noise of the boolean, no material removed at a face) |
| `smaller` | differ by more: the openings removed a face |
| `differs_off_flush_faces` | elements whose box differs on a face no opening is flush with |
| `cut_s` / `uncut_s` | CPU seconds of the two passes over the voided elements |
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.unit

import ifcqa.index.geometry as geometry
from ifcqa.index.geometry import BBox, compute_some

_SETTINGS = geometry.geometry_settings
FLUSH_METRES = 1e-5  # IfcOpenShell's default precision
NOISE_METRES = 1e-6


@contextmanager
def uncut() -> Iterator[None]:
    """ifcqa's settings with ``disable-opening-subtractions`` while the block runs."""

    def settings() -> ifcopenshell.geom.settings:
        chosen = _SETTINGS()
        chosen.set("disable-opening-subtractions", True)
        return chosen

    geometry.geometry_settings = settings  # type: ignore[assignment]
    try:
        yield
    finally:
        geometry.geometry_settings = _SETTINGS


def timed(model: ifcopenshell.file, ids: list[int], scale: float) -> tuple[dict[int, BBox | None], float]:
    started = time.process_time()
    boxes = compute_some(model, ids, scale)
    return boxes, time.process_time() - started


def compare(path: str) -> dict[str, object]:
    model = ifcopenshell.open(path)
    scale = ifcopenshell.util.unit.calculate_unit_scale(model)  # metres per model unit
    openings: dict[int, list[int]] = {}
    for rel in model.by_type("IfcRelVoidsElement"):
        if rel.RelatingBuildingElement is not None and rel.RelatedOpeningElement is not None:
            openings.setdefault(rel.RelatingBuildingElement.id(), []).append(rel.RelatedOpeningElement.id())
    voided = sorted(i for i in openings if getattr(model.by_id(i), "Representation", None) is not None)
    row: dict[str, object] = {"file": path.rsplit("/", 1)[-1], "voided": len(voided)}
    if not voided:
        return row
    cut, cut_s = timed(model, voided, scale)
    with uncut():
        whole, uncut_s = timed(model, voided, scale)
        opening_boxes = compute_some(model, sorted({o for v in voided for o in openings[v]}), scale)
    flush_tol, noise = FLUSH_METRES / scale, NOISE_METRES / scale
    counts = dict.fromkeys(("touching_a_face", "flush", "equal", "ulp_noise", "smaller", "differs_off_flush_faces"), 0)
    for element in voided:
        a, b = cut[element], whole[element]
        if a is None or b is None:
            continue
        touching, flush = False, set()
        for opening in openings[element]:
            box = opening_boxes.get(opening)
            if box is None:
                touching = True
                continue
            for k in range(3):
                touching |= box[k] <= b[k] + flush_tol or box[k + 3] >= b[k + 3] - flush_tol
                flush |= {k} if abs(box[k] - b[k]) <= flush_tol else set()
                flush |= {k + 3} if abs(box[k + 3] - b[k + 3]) <= flush_tol else set()
        differing = {k for k in range(6) if a[k] != b[k]}
        counts["touching_a_face"] += touching
        counts["flush"] += bool(flush)
        counts["differs_off_flush_faces"] += bool(differing - flush)
        if not differing:
            counts["equal"] += 1
        elif max(abs(x - y) for x, y in zip(a, b, strict=True)) < noise:
            counts["ulp_noise"] += 1
        else:
            counts["smaller"] += 1
    return row | counts | {"cut_s": round(cut_s, 2), "uncut_s": round(uncut_s, 2)}


def main() -> None:
    for path in sys.argv[1:]:
        print(json.dumps(compare(path)), flush=True)


if __name__ == "__main__":
    main()
