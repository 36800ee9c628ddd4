"""The Relational categories on the sample building: hand-known keys and mutations the verifiers catch.

The sample (2 storeys "Level 0" and "Level 1", 4 rooms each) is generated uncapped, so every candidate
of every relational subtype is drawn; "building of storey" needs a second building, so it runs on a
two-building sample (where the storeys of both buildings are named "Level 0" and "Level 1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.items import FileEntry, Item
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.taxonomy import subtypes_of
from ifcqa.mcq.text import normalise, quote
from ifcqa.sample import write_sample_model

CATEGORIES = [
    "relational.type",
    "relational.material",
    "relational.spatial",
    "relational.openings",
    "relational.boundaries",
]
SUBTYPES = [s.code for category in CATEGORIES for s in subtypes_of(category)]
BUILDING_OF_STOREY = "relational.spatial.building_of_storey"
TEXT_OPTIONS = {  # subtypes whose options are values, not elements
    "relational.type.type_of_element",
    "relational.material.of_element",
    "relational.spatial.storey_of_element",
    BUILDING_OF_STOREY,
    "relational.openings.count_in_host",
}


@dataclass
class Run:
    path: Path
    items: list[Item]
    entry: FileEntry
    model: ifcopenshell.file

    def of(self, subtype: str) -> list[Item]:
        return [i for i in self.items if i.subtype == subtype]

    def asking(self, subtype: str, name: str) -> Item:
        """The item of ``subtype`` whose question names the element ``name``."""
        guids = {e.GlobalId for e in self.model.by_type("IfcRoot") if e.Name == name}
        found = [
            i
            for i in self.of(subtype)
            if quote(name) in i.question
            or f"'{name} " in i.question
            or guids.intersection(i.provenance.get("elements", []))
        ]
        assert found, f"no {subtype} item about {name!r}"
        return found[0]


def _run(tmp_path_factory: pytest.TempPathFactory, buildings: int, schema: str = "IFC4") -> Run:
    folder = tmp_path_factory.mktemp(f"relational-{buildings}-{schema}")
    path = write_sample_model(
        folder / "s.ifc", storeys=2, rooms_per_storey=4, seed=0, buildings=buildings, schema=schema
    )
    items, entry = generate_for_file(
        path, categories=CATEGORIES, cap=1000, cache=IndexCache(folder / "cache"), max_per_answer=None
    )
    return Run(path, items, entry, ifcopenshell.open(str(path)))


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return _run(tmp_path_factory, buildings=1)


@pytest.fixture(scope="module")
def two_buildings(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return _run(tmp_path_factory, buildings=2)


def run_for(subtype: str, sample: Run, two_buildings: Run) -> Run:
    return two_buildings if subtype == BUILDING_OF_STOREY else sample


def keys(item: Item) -> set[str]:
    return {item.option_text(label) for label in item.answer}


def distractors(item: Item) -> set[str]:
    return {o.text for o in item.options if o.label not in item.answer}


def level(name: str) -> str:
    """The level in a sample name: 'Wall L1-03' -> '1', 'Office 0.03' -> '0', 'Slab L1' -> '1'.

    The roof slab of the 2-storey sample sits on the top storey, 'Level 1'.
    """
    if name == "Roof Slab":
        return "1"
    match = re.search(r"L(\d)\b|L(\d)-|\b(\d)\.\d\d\b", name)
    assert match, name
    return next(g for g in match.groups() if g is not None)


# -- every subtype, both schemas ---------------------------------------------------------------


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_every_relational_subtype_is_retained_without_rejections_on_the_sample(
    subtype: str, sample: Run, two_buildings: Run
) -> None:
    run = run_for(subtype, sample, two_buildings)
    counts = run.entry.counts[subtype]
    assert counts.retained > 0, counts
    assert counts.rejected == {}, run.entry.rejections


def test_an_ifc2x3_two_building_sample_has_no_rejections_either(tmp_path_factory: pytest.TempPathFactory) -> None:
    run = _run(tmp_path_factory, buildings=2, schema="IFC2X3")
    assert run.entry.rejections == []
    assert run.entry.counts[BUILDING_OF_STOREY].retained > 0
    assert run.entry.counts["relational.boundaries.elements_bounding_space"].retained > 0


def test_building_of_storey_is_skipped_when_the_model_has_one_building(sample: Run) -> None:
    assert sample.entry.counts[BUILDING_OF_STOREY].skipped == {"fewer than 2 buildings": 1}


# -- hand-known keys ---------------------------------------------------------------------------


def test_doors_are_defined_by_a_door_type_among_door_types_and_walls_are_not_asked(sample: Run) -> None:
    subtype = "relational.type.type_of_element"
    door = sample.asking(subtype, "Door L1-02")
    assert next(iter(keys(door))).startswith("DT-")
    assert all(text.startswith("DT-") for text in distractors(door)), "a window type would be the odd one out"
    for item in sample.of(subtype):
        assert len({text.split("-")[0] for text in keys(item) | distractors(item)}) == 1, item.options
    # the sample has two wall types: a wall's question would need a door or window type among its options
    assert not [i for i in sample.of(subtype) if "IfcWall" in i.question]
    assert sample.entry.counts[subtype].skipped.get("fewer than 2 other types of its class", 0) > 0


def test_the_instances_of_the_interior_wall_type_are_interior_walls(sample: Run) -> None:
    item = sample.asking("relational.type.instances_of_type", "WT-Interior-100")
    interior = {"Wall L0-05", "Wall L0-06", "Wall L0-07", "Wall L1-05", "Wall L1-06", "Wall L1-07"}
    assert keys(item) <= interior
    assert all(text.startswith("Wall ") and text not in interior for text in distractors(item))


def test_an_interior_wall_uses_its_layer_materials_and_a_door_is_timber(sample: Run) -> None:
    subtype = "relational.material.of_element"
    wall = sample.asking(subtype, "Wall L0-06")
    assert wall.question_type == "multi"
    assert keys(wall) <= {"Gypsum Board", "Mineral Wool"}
    assert not distractors(wall) & {"Gypsum Board", "Mineral Wool"}
    door = sample.asking(subtype, "Door L0-03")
    assert (door.question_type, keys(door)) == ("single", {"Timber"})


def test_only_interior_walls_use_mineral_wool(sample: Run) -> None:
    item = sample.asking("relational.material.elements_with_material", "Mineral Wool")
    interior = {f"Wall L{lv}-0{i}" for lv in (0, 1) for i in (5, 6, 7)}
    assert keys(item) <= interior
    assert not distractors(item) & interior


def test_the_door_and_a_stair_flight_are_on_level_0(sample: Run) -> None:
    subtype = "relational.spatial.storey_of_element"
    assert keys(sample.asking(subtype, "Door L0-01")) == {"Level 0"}
    assert keys(sample.asking(subtype, "Stair L0 Flight 1")) == {"Level 0"}  # through its stair
    assert keys(sample.asking(subtype, "Window L1-03")) == {"Level 1"}


def test_the_elements_on_a_level_are_the_ones_named_after_it(sample: Run) -> None:
    items = sample.of("relational.spatial.elements_in_storey")
    assert len(items) == 2
    for item in items:
        storey = sample.model.by_guid(item.provenance["elements"][0]).Name.removeprefix("Level ")
        assert {level(name) for name in keys(item)} == {storey}
        assert storey not in {level(name) for name in distractors(item)}


def test_each_storey_belongs_to_the_building_its_walls_are_named_after(two_buildings: Run) -> None:
    items = two_buildings.of(BUILDING_OF_STOREY)
    assert len(items) == 4
    for item in items:
        storey = two_buildings.model.by_guid(item.provenance["storey"])
        assert storey.GlobalId in item.question  # storey names repeat across buildings
        wall = next(e for rel in storey.ContainsElements for e in rel.RelatedElements if e.is_a("IfcWall"))
        letter = wall.Name.split()[1][0]  # "Wall A-L0-01" -> "A"
        assert keys(item) == {f"Building {letter}"}
        assert {"Building A", "Building B"} - keys(item) <= distractors(item)


def test_fillings_and_hosts_are_on_the_same_level(sample: Run) -> None:
    for item in sample.of("relational.openings.host_of_filling"):
        filling = sample.model.by_guid(item.provenance["elements"][0]).Name
        assert {level(k) for k in keys(item)} == {level(filling)}
        assert next(iter(keys(item))).startswith("Wall ")
    for item in sample.of("relational.openings.fillings_of_host"):
        host = sample.model.by_guid(item.provenance["elements"][0]).Name
        assert {level(k) for k in keys(item)} == {level(host)}


def test_the_slab_above_the_stair_has_one_opening_its_stair_void(sample: Run) -> None:
    subtype = "relational.openings.count_in_host"
    item = sample.asking(subtype, "Slab L1")
    assert keys(item) == {"1"}
    assert "openings (IfcOpeningElement voids)" in item.question
    for wall in sample.of(subtype):
        assert all(int(text) >= 0 for text in distractors(wall))


def test_a_space_is_bounded_by_walls_and_slabs_of_its_level(sample: Run) -> None:
    item = sample.asking("relational.boundaries.elements_bounding_space", "Office 0.03")
    assert all(k.startswith("Wall L0-") or k in {"Slab L0", "Slab L1"} for k in keys(item))
    item = sample.asking("relational.boundaries.spaces_bounded_by_element", "Wall L1-05")
    assert {level(k) for k in keys(item)} == {"1"}


def test_generation_is_reproducible(sample: Run, tmp_path: Path) -> None:
    again, _ = generate_for_file(
        sample.path, categories=CATEGORIES, cap=1000, cache=IndexCache(tmp_path), max_per_answer=None
    )
    assert [i.model_dump() for i in again] == [i.model_dump() for i in sample.items]


# -- mutations ---------------------------------------------------------------------------------


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_a_wrong_key_is_a_disagreement(subtype: str, sample: Run, two_buildings: Run) -> None:
    run = run_for(subtype, sample, two_buildings)
    item = run.of(subtype)[0]
    assert judge(run.model, item) is None
    wrong = next(o.label for o in item.options if o.label not in item.answer)
    reason = judge(run.model, item.model_copy(update={"answer": [wrong]}))
    assert reason is not None and reason.startswith("disagreement"), reason


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_a_distractor_made_true_is_a_structural_rejection(subtype: str, sample: Run, two_buildings: Run) -> None:
    run = run_for(subtype, sample, two_buildings)
    item = run.of(subtype)[0]
    wrong = next(o for o in item.options if o.label not in item.answer)
    if subtype in TEXT_OPTIONS:
        mutated = _with_true_text(item, wrong.label)
    else:
        mapping = dict(item.provenance["option_elements"])
        mapping[wrong.text] = mapping[item.option_text(item.answer[0])]  # the distractor now stands for a key
        mutated = item.model_copy(update={"provenance": {**item.provenance, "option_elements": mapping}})
    reason = judge(run.model, mutated)
    assert reason is not None and reason.startswith("structural"), reason


def _with_true_text(item: Item, label: str) -> Item:
    """The item with option ``label`` reading a true value: another of the element's materials if one
    is not offered yet (a distractor the verifier then finds true), else the key in other letter case."""
    offered = {normalise(o.text) for o in item.options}
    spare = [m for m in item.provenance.get("materials", []) if normalise(m) not in offered]
    text = spare[0] if spare else item.option_text(item.answer[0]).swapcase()
    options = [o.model_copy(update={"text": text}) if o.label == label else o for o in item.options]
    return item.model_copy(update={"options": options})


def test_a_material_distractor_replaced_by_another_material_of_the_element_is_found_true(sample: Run) -> None:
    items = [
        i
        for i in sample.of("relational.material.of_element")
        if i.question_type == "multi" and len(i.answer) < len(set(i.provenance["materials"]))
    ]
    assert items, "an element with more materials than its item offers"
    item = items[0]
    wrong = next(o.label for o in item.options if o.label not in item.answer)
    assert judge(sample.model, _with_true_text(item, wrong)) == "structural: a distractor is also true"
