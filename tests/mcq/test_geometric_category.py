"""The Geometric category: box extents, base elevations and point-in-box, generated and verified."""

from __future__ import annotations

from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.mcq.items import FileEntry, Item
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.text import NO, YES
from ifcqa.mcq.verify import geometry as verify_geometry
from ifcqa.sample import write_sample_model

CATEGORY = "geometric.geometry"
SUBTYPES = (f"{CATEGORY}.extent_compare", f"{CATEGORY}.base_elevation", f"{CATEGORY}.point_in_box")
CORPUS = ("IfcOpenHouse_IFC4.ifc", "AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc")

Run = tuple[list[Item], FileEntry, ifcopenshell.file]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Every geometry item of a small sample (2 storeys at 0 m and 3 m, 2 rooms each), uncapped."""
    folder = tmp_path_factory.mktemp("geometry-sample")
    path = write_sample_model(folder / "s.ifc", storeys=2, rooms_per_storey=2, seed=0)
    items, entry = generate_for_file(
        path, categories=[CATEGORY], cap=1000, cache=IndexCache(folder / "cache"), max_per_answer=None
    )
    return items, entry, ifcopenshell.open(str(path))


@pytest.fixture(scope="module")
def corpus(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    cache = IndexCache(tmp_path_factory.mktemp("geometry-corpus"))
    runs = {}
    for name in CORPUS:
        items, entry = generate_for_file(shared_ifc / name, categories=[CATEGORY], cache=cache)
        runs[name] = (items, entry, ifcopenshell.open(str(shared_ifc / name)))
    return runs


def of(items: list[Item], subtype: str) -> list[Item]:
    return [i for i in items if i.subtype == subtype]


def key_text(item: Item) -> str:
    return item.option_text(item.answer[0])


def wrong_label(item: Item) -> str:
    return next(o.label for o in item.options if o.label not in item.answer)


def with_key(item: Item, label: str) -> Item:
    return item.model_copy(update={"answer": [label]})


def with_option_element(item: Item, label: str, guid: str) -> Item:
    mapping = dict(item.provenance["option_elements"])
    mapping[item.option_text(label)] = guid
    return item.model_copy(update={"provenance": {**item.provenance, "option_elements": mapping}})


def test_every_geometry_subtype_yields_verified_items_on_the_sample_without_rejections(sample: Run) -> None:
    items, entry, _ = sample
    for subtype in SUBTYPES:
        assert entry.counts[subtype].retained > 0, subtype
        assert entry.counts[subtype].rejected == {}, entry.rejections
    point_items = of(items, f"{CATEGORY}.point_in_box")
    assert {i.question_type for i in point_items} == {"single", "boolean"}
    assert {key_text(i) for i in point_items if i.question_type == "boolean"} == {YES, NO}


def test_walls_stand_on_their_storey_elevation_of_0_m_and_3_m(sample: Run) -> None:
    items, _, model = sample
    keys = {}
    for item in of(items, f"{CATEGORY}.base_elevation"):
        keys[model.by_guid(item.provenance["elements"][0]).Name] = key_text(item)
    assert keys["Wall L0-01"] == "0 m"
    assert keys["Wall L1-01"] == "3 m"
    assert keys["Door L1-01"] == "3 m"
    assert keys["Slab L1"] == "2.75 m"  # a 25 cm floor slab whose top is the storey elevation


def test_base_elevation_distractors_are_at_least_1_cm_from_the_key(sample: Run) -> None:
    items, _, _ = sample
    for item in of(items, f"{CATEGORY}.base_elevation"):
        key = float(key_text(item).split()[0])
        for option in item.options:
            if option.label not in item.answer:
                assert abs(float(option.text.split()[0]) - key) >= 0.01 - 1e-9, item


def test_the_largest_extent_beats_every_other_option_by_at_least_1_cm(sample: Run) -> None:
    items, _, model = sample
    for item in of(items, f"{CATEGORY}.extent_compare"):
        axis = "xyz".index(item.provenance["axis"])
        extents = {}
        for option in item.options:
            box = verify_geometry.box_of(model, item.provenance["option_elements"][option.text])
            extents[option.label] = box[axis + 3] - box[axis]
        key = extents[item.answer[0]]
        assert all(key - e >= 0.01 - 1e-9 for label, e in extents.items() if label not in item.answer)
        assert 3 <= len(item.options) <= 5


def test_the_verifier_shapes_elements_itself_in_the_model_length_unit(shared_ifc: Path, tmp_path: Path) -> None:
    path = shared_ifc / "IfcOpenHouse_IFC4.ifc"  # a millimetre model
    index = load_index(path, cache=IndexCache(tmp_path))
    model = ifcopenshell.open(str(path))
    walls = index.by_class("IfcWall")
    assert walls
    for wall in walls:
        expected = index.bbox(wall)
        assert expected is not None
        assert verify_geometry.box_of(model, wall.guid) == pytest.approx(expected, abs=1e-3)
    hits = verify_geometry._shape_box.cache_info().hits
    verify_geometry.box_of(model, walls[0].guid)
    assert verify_geometry._shape_box.cache_info().hits == hits + 1


def test_a_wrong_key_is_a_disagreement_for_every_subtype(sample: Run) -> None:
    items, _, model = sample
    for subtype in SUBTYPES:
        for item in of(items, subtype)[:3]:
            reason = judge(model, with_key(item, wrong_label(item)))
            assert reason is not None and reason.startswith("disagreement"), (item, reason)


def test_an_option_standing_for_the_keyed_element_is_a_distractor_also_true(sample: Run) -> None:
    items, _, model = sample
    element_items = [i for i in items if i.question_type == "single" and "option_elements" in i.provenance]
    assert {i.subtype for i in element_items} == {f"{CATEGORY}.extent_compare", f"{CATEGORY}.point_in_box"}
    for item in element_items:
        key_guid = item.provenance["option_elements"][key_text(item)]
        reason = judge(model, with_option_element(item, wrong_label(item), key_guid))
        assert reason == "structural: a distractor is also true", (item, reason)


def test_an_elevation_option_equal_to_the_key_in_another_spelling_is_a_distractor_also_true(sample: Run) -> None:
    items, _, model = sample
    for item in of(items, f"{CATEGORY}.base_elevation")[:5]:
        number, unit = key_text(item).split()
        label = wrong_label(item)
        options = [
            o.model_copy(update={"text": f"{float(number):.4f} {unit}"}) if o.label == label else o
            for o in item.options
        ]
        reason = judge(model, item.model_copy(update={"options": options}))
        assert reason == "structural: a distractor is also true", (item, reason)


@pytest.mark.parametrize("name", CORPUS)
def test_every_geometry_subtype_yields_verified_items_on_the_corpus(corpus: dict[str, Run], name: str) -> None:
    _, entry, _ = corpus[name]
    for subtype in SUBTYPES:
        assert entry.counts[subtype].retained >= 1, (subtype, entry.counts[subtype])
        assert entry.counts[subtype].rejected == {}, entry.rejections


def elements_named(item: Item) -> list[str]:
    return [*item.provenance["elements"], *item.provenance.get("option_elements", {}).values()]


def test_items_only_name_physical_elements_never_spaces_storeys_or_openings(sample: Run) -> None:
    items, _, model = sample
    for item in items:
        for guid in elements_named(item):
            element = model.by_guid(guid)
            assert element.is_a("IfcElement") and not element.is_a("IfcFeatureElement"), item.question


def test_the_same_seed_gives_the_same_items_with_fresh_or_cached_boxes(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=1, rooms_per_storey=2, seed=0)
    cache = IndexCache(tmp_path / "cache")
    fresh, _ = generate_for_file(path, categories=[CATEGORY], seed=3, cache=cache)
    cached, _ = generate_for_file(path, categories=[CATEGORY], seed=3, cache=cache)
    assert fresh and [i.model_dump() for i in fresh] == [i.model_dump() for i in cached]


def test_generation_shapes_only_the_elements_questions_may_name_and_the_whole_pass_gives_the_same_items(
    tmp_path: Path,
) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=2, rooms_per_storey=2, seed=0)
    cache = IndexCache(tmp_path / "pool")
    pooled, _ = generate_for_file(path, categories=[CATEGORY], seed=4, cache=cache)
    sha = load_index(path, cache=cache).data.source.sha256
    assert not cache.path(sha, "bbox").exists(), "the whole-model pass was made"
    shaped = cache.load(sha, "bboxdraft")  # the pool, shaped without the cuts
    model = ifcopenshell.open(str(path))
    assert shaped and all(model.by_id(i).is_a("IfcElement") for i in shaped)
    assert not any(model.by_id(i).is_a("IfcSpace") or model.by_id(i).is_a("IfcOpeningElement") for i in shaped)
    exact = cache.load(sha, "bbox1")  # shaped with the cuts: only elements with openings that items needed
    assert exact and set(exact) < set(shaped) and all(model.by_id(i).HasOpenings for i in exact)
    whole_cache = IndexCache(tmp_path / "whole")
    load_index(path, cache=whole_cache).bboxes()  # every box known before generation
    whole, _ = generate_for_file(path, categories=[CATEGORY], seed=4, cache=whole_cache)
    assert pooled and [i.model_dump() for i in pooled] == [i.model_dump() for i in whole]


def test_a_pool_over_the_limit_keeps_whole_storeys_and_its_items_still_verify(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ifcopenshell.util.element

    from ifcqa.mcq.generate import geometry as geometry_generators

    monkeypatch.setattr(geometry_generators, "POOL_LIMIT", 10)  # a storey of the sample holds more
    path = write_sample_model(tmp_path / "s.ifc", storeys=3, rooms_per_storey=2, seed=0)
    items, entry = generate_for_file(
        path, categories=[CATEGORY], cap=1000, cache=IndexCache(tmp_path / "cache"), max_per_answer=None
    )
    model = ifcopenshell.open(str(path))
    storeys = {ifcopenshell.util.element.get_container(model.by_guid(g)).id() for i in items for g in elements_named(i)}
    assert len(storeys) == 1, "one storey is over the limit: only its elements are asked about"
    for subtype in SUBTYPES:
        assert entry.counts[subtype].retained > 0, subtype
        assert entry.counts[subtype].rejected == {}, entry.rejections
