"""The Relational categories on the shared corpus: coverage on the reference models, no rejections anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.items import FileEntry
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.mcq.taxonomy import subtypes_of

CATEGORIES = [
    "relational.type",
    "relational.material",
    "relational.spatial",
    "relational.openings",
    "relational.boundaries",
]
SUBTYPES = [s.code for category in CATEGORIES for s in subtypes_of(category)]
ONE_BUILDING_ONLY = {"relational.spatial.building_of_storey"}  # the reference models have one building each
REFERENCE = ("AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc")
# AC20's door and window types share their names with their doors and windows (not unique), and its wall, slab
# and beam types have at most one other type of their class: every question would need a type of another kind
# among its options (a door type for a wall), which the element's class alone rules out (issue 21).
NO_ALTERNATIVE_TYPES = {("AC20-FZK-Haus.ifc", "relational.type.type_of_element")}


@pytest.fixture(scope="module")
def entries(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, FileEntry]:
    """The manifest entry of every shared model, relational categories only (default seed and cap)."""
    cache = IndexCache(tmp_path_factory.mktemp("relational-corpus"))
    found = {}
    for path in sorted(shared_ifc.glob("*.ifc")):
        _, entry = generate_for_file(path, categories=CATEGORIES, cache=cache)
        found[path.name] = entry
    return found


@pytest.mark.parametrize("name", REFERENCE)
@pytest.mark.parametrize("subtype", [s for s in SUBTYPES if s not in ONE_BUILDING_ONLY])
def test_every_relational_subtype_is_retained_on_the_reference_models(
    name: str, subtype: str, entries: dict[str, FileEntry]
) -> None:
    counts = entries[name].counts[subtype]
    if (name, subtype) in NO_ALTERNATIVE_TYPES:
        assert (counts.candidates, counts.retained) == (0, 0), counts
        assert set(counts.skipped) == {"type name not unique", "fewer than 2 other types of its class"}, counts
    else:
        assert counts.retained >= 1, counts
    assert counts.rejected == {}, entries[name].rejections


@pytest.mark.parametrize("name", REFERENCE)
def test_building_of_storey_is_skipped_on_a_one_building_model(name: str, entries: dict[str, FileEntry]) -> None:
    counts = entries[name].counts["relational.spatial.building_of_storey"]
    assert (counts.candidates, counts.skipped) == (0, {"fewer than 2 buildings": 1})


def test_no_shared_model_has_a_relational_rejection(entries: dict[str, FileEntry]) -> None:
    assert len(entries) >= 2
    rejections = {name: entry.rejections for name, entry in entries.items() if entry.rejections}
    assert rejections == {}
