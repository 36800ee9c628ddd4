"""Round 21 (lead): "are all exterior walls load-bearing?" is asked of the exterior walls, not of every wall.

The qualifier before the class word says whom the yes/no is about; the one after it is what is asked of them. Before
round 21 both were read as one conjunction over every wall, so a model whose 8 exterior walls are all load-bearing
answered "No: 8 of the 13 walls". Oracles are read with plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached

from ifcqa.spatial import SpatialQA

FZK11 = "AC11-FZK-Haus-IFC.ifc"
DUPLEX = "Duplex_A_20110907.ifc"


def _walls(shared_ifc: Path, model: str) -> list[dict[str, object]]:
    f = open_cached(str(shared_ifc / model))
    return [ue.get_psets(w).get("Pset_WallCommon", {}) for w in f.by_type("IfcWall")]


@pytest.mark.parametrize("model", [FZK11, DUPLEX])
@pytest.mark.parametrize("question", ["are all exterior walls load bearing?",
                                      "Are the external walls load-bearing?",
                                      "is every external wall load-bearing?"])
def test_all_exterior_walls_is_asked_of_the_exterior_walls(
        qa: Callable[[str], SpatialQA], shared_ifc: Path, model: str, question: str) -> None:
    walls = _walls(shared_ifc, model)
    exterior = [w for w in walls if w.get("IsExternal") is True]
    bearing = [w for w in exterior if w.get("LoadBearing") is True]
    assert exterior and len(exterior) < len(walls)
    answer = qa(model).ask(question)
    assert answer["declined"] is None, answer["answer"]
    assert answer["answer"].startswith("Yes" if len(bearing) == len(exterior) else "No"), answer["answer"]
    assert f"{len(bearing)} of the {len(exterior)} walls with Pset_WallCommon.IsExternal = TRUE" in answer["answer"]


def test_both_qualifiers_after_the_class_word_are_asked_of_every_wall(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    walls = _walls(shared_ifc, FZK11)
    both = [w for w in walls if w.get("IsExternal") is True and w.get("LoadBearing") is True]
    answer = qa(FZK11).ask("are all walls external and load-bearing?")
    assert answer["answer"].startswith("No") and f"{len(both)} of the {len(walls)} walls" in answer["answer"]


def test_all_interior_walls_counts_the_bearing_ones_among_the_interior(
        qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    walls = _walls(shared_ifc, FZK11)
    interior = [w for w in walls if w.get("IsExternal") is False]
    bearing = [w for w in interior if w.get("LoadBearing") is True]
    assert 0 < len(bearing) < len(interior)
    answer = qa(FZK11).ask("are all the interior walls load-bearing?")
    assert answer["answer"].startswith("No"), answer["answer"]
    assert f"{len(bearing)} of the {len(interior)} walls with Pset_WallCommon.IsExternal = FALSE" in answer["answer"]
