"""The Direct retrieval categories on the shared corpus: items on the reference models, no rejections anywhere.

Two (subtype, model) pairs cannot give items, for reasons the tests below establish with raw
IfcOpenShell: Duplex has no property value inherited from a type at all; and Duplex has no
Description, while each Tag is the Revit id that ends the element's Name (such giveaway items are
skipped). The FZK-Haus inherits values only on doors and windows, whose names its IfcOpeningElements
repeat: names are unique there once openings (never asked about) are set aside.
"""

from __future__ import annotations

import re
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.items import FileEntry
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.mcq.taxonomy import subtypes_of

CATEGORIES = ["direct.attribute", "direct.property", "direct.boolean", "direct.existence"]
SUBTYPES = [s.code for category in CATEGORIES for s in subtypes_of(category)]
REFERENCE = ("AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc")
TYPE_INHERITED = "direct.property.type_inherited_value"
DESCRIPTION_OR_TAG = "direct.attribute.description_or_tag"
NOT_POSSIBLE = {
    ("Duplex_A_20110907.ifc", TYPE_INHERITED),
    ("Duplex_A_20110907.ifc", DESCRIPTION_OR_TAG),
}


@pytest.fixture(scope="module")
def entries(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, FileEntry]:
    """Every shared model's FileEntry for the direct categories (default seed and cap)."""
    cache = IndexCache(tmp_path_factory.mktemp("direct-corpus-cache"))
    return {
        path.name: generate_for_file(path, categories=CATEGORIES, cache=cache)[1]
        for path in sorted(shared_ifc.glob("*.ifc"))
    }


@pytest.mark.parametrize("name", REFERENCE)
@pytest.mark.parametrize("subtype", SUBTYPES)
def test_each_direct_subtype_yields_items_on_the_reference_models(
    subtype: str, name: str, entries: dict[str, FileEntry]
) -> None:
    counts = entries[name].counts[subtype]
    assert counts.rejected == {}
    if (name, subtype) in NOT_POSSIBLE:
        assert counts.retained == 0
    else:
        assert counts.retained >= 1, counts


def test_no_direct_item_is_rejected_on_any_shared_model(entries: dict[str, FileEntry]) -> None:
    rejections = {name: entry.rejections for name, entry in entries.items() if entry.rejections}
    assert rejections == {}


@pytest.mark.parametrize("subtype", [TYPE_INHERITED, DESCRIPTION_OR_TAG])
def test_the_subtypes_missing_on_a_reference_model_yield_items_elsewhere(
    subtype: str, entries: dict[str, FileEntry]
) -> None:
    assert sum(entry.counts[subtype].retained for entry in entries.values()) >= 10


def _inherited(element: ifcopenshell.entity_instance) -> bool:
    """Whether ``get_psets`` gives the element a property that only its type sets."""
    own = element_util.get_psets(element, should_inherit=False)
    return any(
        prop != "id" and prop not in own.get(pset, {})
        for pset, props in element_util.get_psets(element).items()
        for prop in props
    )


def test_duplex_has_no_type_inherited_property_value(shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    assert not any(_inherited(e) for e in model.by_type("IfcProduct"))


def test_fzk_haus_elements_inheriting_values_share_their_names_only_with_openings(shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC20-FZK-Haus.ifc"))
    products = [e for e in model.by_type("IfcProduct")]
    inheriting = [e for e in products if _inherited(e)]
    assert inheriting
    for element in inheriting:
        namesakes = [e for e in products if e.Name == element.Name and e != element]
        assert namesakes and all(e.is_a("IfcFeatureElementSubtraction") for e in namesakes)


def test_duplex_tags_are_the_ids_that_end_the_names(shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    products = [e for e in model.by_type("IfcProduct") if not e.is_a("IfcOpeningElement")]
    assert not any(e.Description for e in products)
    tagged = [e for e in products if getattr(e, "Tag", None)]
    assert tagged
    assert all(re.search(rf"(?<!\w){re.escape(e.Tag)}(?!\w)", e.Name) for e in tagged)
