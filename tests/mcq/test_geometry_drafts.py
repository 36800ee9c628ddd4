"""Geometry items drafted from uncut boxes hold on the exact boxes (openings cut), by the generator's own margins.

The pool is shaped without cutting openings (cheap); an element with openings then has a *draft* box that
holds its exact one, and the generator shapes it exactly only when an item names it. The model here makes
the drafts badly wrong: an opening removes the upper 2 m of every other wall, so those walls' exact boxes
are 0.75 m tall where their drafts are 2.75 m. Every item is checked against the whole-model pass (exact,
computed apart), with the 1 cm margin the generator promises; the same check on items drafted as if every
draft were exact fails, so it can fail.
"""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import ifcopenshell.api.feature
import ifcopenshell.api.geometry
import ifcopenshell.api.root
import ifcopenshell.geom
import ifcopenshell.util.placement
import ifcopenshell.util.representation
import numpy as np
import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.index.geometry import BBox
from ifcqa.mcq.generate import geometry as geometry_generators
from ifcqa.mcq.items import FileEntry, Item
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.mcq.text import NO, YES
from ifcqa.sample import write_sample_model

CATEGORY = "geometric.geometry"
MARGIN = 0.01  # the sample's length unit is the metre
KEPT = 0.75  # metres of a low wall left standing
SUBTYPES = ("extent_compare", "base_elevation", "point_in_box")


def _low_walls(path: Path) -> tuple[Path, set[str]]:
    """The sample with the upper part of every other wall cut away by one more opening; their GlobalIds."""
    write_sample_model(path, storeys=1, rooms_per_storey=2, seed=0)
    model = ifcopenshell.open(str(path))
    body = ifcopenshell.util.representation.get_context(model, "Model", "Body", "MODEL_VIEW")
    settings = ifcopenshell.geom.settings()
    settings.set("use-world-coords", True)
    cut = set()
    for wall in model.by_type("IfcWall")[::2]:
        verts = np.array(ifcopenshell.geom.create_shape(settings, wall).geometry.verts).reshape(-1, 3)
        bottom = float(verts[:, 2].min())
        matrix = np.array(ifcopenshell.util.placement.get_local_placement(wall.ObjectPlacement), dtype=float)
        matrix[:3, 3] = matrix[:3, 3] - 50.0 * matrix[:3, 0]  # from 50 m before the wall's start
        matrix[2, 3] = bottom + KEPT
        opening = ifcopenshell.api.root.create_entity(model, ifc_class="IfcOpeningElement", name=f"Cut {wall.Name}")
        ifcopenshell.api.feature.add_feature(model, feature=opening, element=wall)
        ifcopenshell.api.geometry.edit_object_placement(model, product=opening, matrix=matrix)
        block = ifcopenshell.api.geometry.add_wall_representation(
            model, context=body, length=100.0, height=10.0, thickness=100.0, offset=-50.0
        )
        ifcopenshell.api.geometry.assign_representation(model, product=opening, representation=block)
        cut.add(wall.GlobalId)
    model.write(str(path))
    return path, cut


@pytest.fixture(scope="module")
def low_walls(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[str], dict[str, BBox]]:
    folder = tmp_path_factory.mktemp("low-walls")
    path, cut = _low_walls(folder / "low.ifc")
    index = load_index(path, cache=IndexCache(folder / "whole"))
    exact = {index.data.elements[i].guid: box for i, box in index.bboxes().items()}
    return path, cut, exact


def _generate(path: Path, cache: Path) -> tuple[list[Item], FileEntry]:
    return generate_for_file(path, categories=[CATEGORY], cap=1000, cache=IndexCache(cache), max_per_answer=None)


def _named(item: Item) -> list[str]:
    return [*item.provenance.get("elements", []), *item.provenance.get("option_elements", {}).values()]


def _wrong(item: Item, exact: dict[str, BBox]) -> str | None:
    """What the item claims that the exact boxes do not give with the 1 cm margin, or ``None``."""
    key = [item.option_text(label) for label in item.answer]
    others = [o.text for o in item.options if o.label not in item.answer]
    elements = item.provenance.get("option_elements", {})
    if item.subtype.endswith("extent_compare"):
        axis = "xyz".index(item.provenance["axis"])
        extent = {text: exact[guid][axis + 3] - exact[guid][axis] for text, guid in elements.items()}
        small = [t for t in others if extent[t] > extent[key[0]] - MARGIN]
        return f"not clearly smaller than the key: {small}" if small else None
    if item.subtype.endswith("base_elevation"):
        base = round(exact[item.provenance["elements"][0]][2], 3)
        if float(key[0].split()[0]) != base:
            return f"key {key} for a base of {base}"
        near = [t for t in others if abs(float(t.split()[0]) - base) < MARGIN]
        return f"too near the key: {near}" if near else None
    point = item.provenance["point"]

    def inside(guid: str) -> bool:
        box = exact[guid]
        return all(box[i] + MARGIN <= point[i] <= box[i + 3] - MARGIN for i in range(3))

    def outside(guid: str) -> bool:
        box = exact[guid]
        return any(point[i] < box[i] - MARGIN or point[i] > box[i + 3] + MARGIN for i in range(3))

    if item.question_type == "boolean":
        subject = item.provenance["elements"][0]
        holds = inside(subject) if key == [YES] else key == [NO] and outside(subject)
        return None if holds else f"{key} about {subject}"
    if not inside(elements[key[0]]):
        return f"the key {key} does not clearly contain {point}"
    near = [t for t in others if not outside(elements[t])]
    return f"not clearly away from the point: {near}" if near else None


def test_items_drafted_from_uncut_boxes_hold_on_the_exact_boxes(
    low_walls: tuple[Path, set[str], dict[str, BBox]], tmp_path: Path
) -> None:
    path, cut, exact = low_walls
    items, entry = _generate(path, tmp_path / "cache")
    assert {i.subtype for i in items} == {f"{CATEGORY}.{s}" for s in SUBTYPES}
    assert not any(count.rejected for count in entry.counts.values()), entry.rejections
    wrong = {item.question: why for item in items if (why := _wrong(item, exact))}
    assert not wrong
    assert sum(any(g in cut for g in _named(item)) for item in items) >= 5, "items about the low walls"


def test_the_same_items_drafted_as_if_every_draft_were_exact_do_not_hold(
    low_walls: tuple[Path, set[str], dict[str, BBox]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _, exact = low_walls
    monkeypatch.setattr(geometry_generators, "_has_openings", lambda *_: False)
    items, entry = _generate(path, tmp_path / "cache")
    wrong = [item for item in items if _wrong(item, exact)]
    rejected = sum(sum(count.rejected.values()) for count in entry.counts.values())
    assert wrong or rejected, "uncut boxes taken for exact ones gave only true items: the check cannot fail"
