"""The Direct retrieval categories (attributes, properties, booleans, existence) on the sample building.

The sample (2 storeys "Level 0" and "Level 1", 4 rooms each, seed 0) is generated uncapped, so every
candidate of every subtype is drawn. Hand-known facts come from the sample's docstring and source:
Tags "D0.01" on door "Door L0-01", BASESLAB on "Slab L0", the stairwell's space code "STR", the
"Aerona" diffuser type, Pset_SlabCommon.IsExternal true on the ground and roof slabs only, interior
wall types without ThermalTransmittance.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.items import FileEntry, Item, Option
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.taxonomy import subtypes_of
from ifcqa.mcq.text import NO, NOT_AVAILABLE, YES, quote
from ifcqa.sample import write_sample_model

CATEGORIES = ["direct.attribute", "direct.property", "direct.boolean", "direct.existence"]
SUBTYPES = [s.code for category in CATEGORIES for s in subtypes_of(category)]
ELEMENT_OPTIONS = {"direct.boolean.elements_true"}  # subtypes whose options stand for elements


@dataclass
class Run:
    path: Path
    items: list[Item]
    entry: FileEntry
    model: ifcopenshell.file

    def of(self, subtype: str) -> list[Item]:
        return [i for i in self.items if i.subtype == subtype]

    def about(self, subtype: str, name: str, **provenance: str) -> list[Item]:
        """Items of ``subtype`` about the element ``name`` (by name, or by GlobalId when a name would leak)."""
        return [
            i
            for i in self.of(subtype)
            if self.names(i, name) and all(i.provenance.get(k) == v for k, v in provenance.items())
        ]

    def names(self, item: Item, name: str) -> bool:
        """Whether ``item``'s question is about ``name`` (quoted, as a space's "'140 Open Office'", or by GlobalId)."""
        guids = {e.GlobalId for e in self.model.by_type("IfcRoot") if e.Name == name}
        by_name = quote(name) in item.question or f"'{name} " in item.question
        return by_name or bool(guids.intersection(item.provenance.get("elements", [])))

    def guid(self, name: str) -> str:
        return str(next(e.GlobalId for e in self.model.by_type("IfcRoot") if e.Name == name))


def keys(item: Item) -> set[str]:
    return {item.option_text(label) for label in item.answer}


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("direct")
    path = write_sample_model(folder / "s.ifc", storeys=2, rooms_per_storey=4, seed=0)
    items, entry = generate_for_file(
        path, categories=CATEGORIES, cap=1000, cache=IndexCache(folder / "cache"), max_per_answer=None
    )
    return Run(path, items, entry, ifcopenshell.open(str(path)))


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_every_direct_subtype_yields_retained_items_without_rejections(subtype: str, sample: Run) -> None:
    counts = sample.entry.counts[subtype]
    assert counts.retained >= 1, counts
    assert counts.rejected == {}, [r for r in sample.entry.rejections if r["subtype"] == subtype]


def test_the_name_asked_by_global_id_is_the_element_name(sample: Run) -> None:
    guid = sample.guid("Door L0-01")
    item = next(i for i in sample.of("direct.attribute.name_of_guid") if i.provenance["elements"] == [guid])
    assert keys(item) == {"Door L0-01"}
    assert guid in item.question and "IfcDoor" in item.question


def test_the_predefined_type_of_the_ground_slab_is_baseslab(sample: Run) -> None:
    (item,) = sample.about("direct.attribute.object_type_or_predefined", "Slab L0", attribute="PredefinedType")
    assert keys(item) == {"BASESLAB"}
    assert "type object" in item.question  # the question states the type-first rule


def test_the_tag_of_a_door_is_its_room_mark(sample: Run) -> None:
    (item,) = sample.about("direct.attribute.description_or_tag", "Door L0-01", attribute="Tag")
    assert keys(item) == {"D0.01"}


def test_an_instance_value_is_read_from_the_element_itself(sample: Run) -> None:
    (item,) = sample.about("direct.property.instance_value", "Stairwell 0.01", property="Reference")
    assert keys(item) == {"STR"}
    assert item.provenance["pset"] == "Pset_SpaceCommon"


def test_a_type_inherited_value_comes_from_the_type_object(sample: Run) -> None:
    found = sample.about("direct.property.type_inherited_value", "Air Terminal L0-01", property="Manufacturer")
    assert [keys(i) for i in found] == [{"Aerona"}]
    assert "Lumio" in {o.text for o in found[0].options}  # the other type's value is the first distractor


def test_no_property_item_asks_about_an_ambiguous_set(sample: Run) -> None:
    """Walls that override their type's Pset_WallCommon have it twice: they are skipped, never asked."""
    skipped = sample.entry.counts["direct.property.instance_value"].skipped
    assert skipped.get("ambiguous property set", 0) > 0
    for item in sample.items:
        if item.provenance.get("pset") == "Pset_WallCommon" and item.provenance.get("elements"):
            wall = sample.model.by_guid(item.provenance["elements"][0])
            own = {
                rel.RelatingPropertyDefinition.Name for rel in wall.IsDefinedBy if rel.is_a("IfcRelDefinesByProperties")
            }
            assert "Pset_WallCommon" not in own, item.question


def test_boolean_values_of_slabs_follow_the_sample(sample: Run) -> None:
    roof = sample.about("direct.boolean.value", "Roof Slab", property="IsExternal")
    floor = sample.about("direct.boolean.value", "Slab L1", property="IsExternal")
    assert [keys(i) for i in roof] == [{YES}]
    assert [keys(i) for i in floor] == [{NO}]


def test_the_externally_exposed_slabs_are_the_ground_and_roof_slabs(sample: Run) -> None:
    found = [
        i
        for i in sample.of("direct.boolean.elements_true")
        if (i.provenance["pset"], i.provenance["property"]) == ("Pset_SlabCommon", "IsExternal")
    ]
    assert found
    for item in found:
        assert keys(item) <= {"Slab L0", "Roof Slab"}
        assert {o.text for o in item.options} - keys(item) <= {"Slab L1", "Stair L0 Landing"}


def test_a_property_the_siblings_have_is_not_available_on_an_interior_wall(sample: Run) -> None:
    (item,) = sample.about("direct.existence.value_or_null", "Wall L1-06", property="ThermalTransmittance")
    assert keys(item) == {NOT_AVAILABLE}
    assert len(item.options) >= 3  # the exterior walls' values are the distractors


def test_value_or_null_items_have_both_kinds_of_key(sample: Run) -> None:
    found = [keys(i) for i in sample.of("direct.existence.value_or_null")]
    assert {NOT_AVAILABLE} in found
    assert any(k != {NOT_AVAILABLE} for k in found)
    present = sample.about("direct.existence.value_or_null", "Stairwell 0.01", property="Reference")
    assert all(keys(i) == {"STR"} for i in present)


def test_class_presence_counts_subclasses_and_knows_absent_classes(sample: Run) -> None:
    answers = {i.provenance["ifc_class"]: keys(i) for i in sample.of("direct.existence.class_present")}
    assert answers["IfcDoor"] == {YES}
    assert answers["IfcRamp"] == {NO}
    assert answers["IfcFlowTerminal"] == {YES}  # only IfcAirTerminal / IfcLightFixture instances: subclasses
    assert all("subclasses count" in i.question for i in sample.of("direct.existence.class_present"))


# -- mutations the verifiers must catch -------------------------------------------------------


def _with(item: Item, **update: object) -> Item:
    return item.model_copy(update=update, deep=True)


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_a_wrong_key_is_a_disagreement(subtype: str, sample: Run) -> None:
    model = ifcopenshell.open(str(sample.path))
    for item in sample.of(subtype)[:5]:
        assert judge(model, item) is None
        wrong = next(o.label for o in item.options if o.label not in item.answer)
        reason = judge(model, _with(item, answer=[wrong]))
        assert reason is not None and reason.startswith("disagreement"), (item.question, reason)


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_a_distractor_made_true_is_structural(subtype: str, sample: Run) -> None:
    model = ifcopenshell.open(str(sample.path))
    for item in sample.of(subtype)[:5]:
        wrong = next(o for o in item.options if o.label not in item.answer)
        if subtype in ELEMENT_OPTIONS:
            true_guid = item.provenance["option_elements"][item.option_text(item.answer[0])]
            mapping = {**item.provenance["option_elements"], wrong.text: true_guid}
            mutated = _with(item, provenance={**item.provenance, "option_elements": mapping})
        else:  # a distractor that states the key again
            key_text = item.option_text(item.answer[0])
            options = [Option(label=o.label, text=key_text if o == wrong else o.text) for o in item.options]
            mutated = _with(item, options=options)
        reason = judge(model, mutated)
        assert reason is not None and reason.startswith("structural"), (item.question, reason)


def test_a_value_item_about_another_element_is_caught(sample: Run) -> None:
    """The verifier reads the named element: pointing the question at a sibling changes the truth."""
    model = ifcopenshell.open(str(sample.path))
    (item,) = sample.about("direct.property.instance_value", "Stairwell 0.01", property="Reference")
    office = sample.guid("Office 0.03")
    mutated = _with(
        item,
        question=item.question.replace("Stairwell 0.01", "Office 0.03"),
        provenance={**item.provenance, "elements": [office]},
    )
    assert judge(model, mutated) is not None
