"""The Quantitative group: quantity retrieval, counting, aggregation and comparison, generated and verified."""

from __future__ import annotations

import math
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.generate.quantities import wrong_unit_texts
from ifcqa.mcq.items import FileEntry, Item, Option
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.sample import write_sample_model

CATEGORIES = ["quantitative.quantity", "quantitative.count", "quantitative.aggregate", "quantitative.compare"]
QUANTITATIVE = [code for code in SUBTYPES if code.startswith("quantitative.")]
CORPUS = ("AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc")

Run = tuple[list[Item], FileEntry, ifcopenshell.file]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Every quantitative item of the small sample (2 storeys of 4 rooms), uncapped."""
    folder = tmp_path_factory.mktemp("quantitative-sample")
    path = write_sample_model(folder / "s.ifc", storeys=2, rooms_per_storey=4, seed=0, buildings=1)
    items, entry = generate_for_file(
        path, categories=CATEGORIES, cap=10_000, cache=IndexCache(folder / "cache"), max_per_answer=None
    )
    return items, entry, ifcopenshell.open(str(path))


@pytest.fixture(scope="module")
def corpus(shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    cache = IndexCache(tmp_path_factory.mktemp("quantitative-corpus"))
    runs = {}
    for path in sorted(shared_ifc.glob("*.ifc")):
        items, entry = generate_for_file(path, categories=CATEGORIES, cache=cache)
        runs[path.name] = (items, entry, ifcopenshell.open(str(path)))
    return runs


def of(items: list[Item], subtype: str) -> list[Item]:
    return [i for i in items if i.subtype == subtype]


def key_text(item: Item) -> str:
    return item.option_text(item.answer[0])


def wrong_label(item: Item) -> str:
    return next(o.label for o in item.options if o.label not in item.answer)


def with_key(item: Item, label: str) -> Item:
    return item.model_copy(update={"answer": [label]})


def with_text(item: Item, label: str, text: str) -> Item:
    options = [Option(label=o.label, text=text if o.label == label else o.text) for o in item.options]
    return item.model_copy(update={"options": options})


def with_option_element(item: Item, label: str, guid: str) -> Item:
    mapping = dict(item.provenance["option_elements"])
    mapping[item.option_text(label)] = guid
    return item.model_copy(update={"provenance": {**item.provenance, "option_elements": mapping}})


def name_of(model: ifcopenshell.file, guid: str | None) -> str | None:
    return model.by_guid(guid).Name if guid else None


# -- the sample model ------------------------------------------------------------------------------


def test_every_quantitative_subtype_yields_verified_items_on_the_sample_without_rejections(sample: Run) -> None:
    _, entry, _ = sample
    for subtype in QUANTITATIVE:
        assert entry.counts[subtype].retained > 0, subtype
        assert entry.counts[subtype].rejected == {}, entry.rejections


def test_an_exterior_wall_is_300_mm_wide_stated_as_0_3_m(sample: Run) -> None:
    items, _, model = sample
    keys = {
        (name_of(model, i.provenance["elements"][0]), i.provenance["quantity"]): key_text(i)
        for i in of(items, "quantitative.quantity.value")
    }
    assert keys[("Wall L0-01", "Width")] == "0.3 m"
    assert keys[("Wall L0-05", "Width")] == "0.1 m"


def test_the_sample_states_lengths_in_metres_areas_in_square_metres_and_volumes_in_cubic_metres(sample: Run) -> None:
    items, _, _ = sample
    keys = {i.provenance["unit_type"]: key_text(i) for i in of(items, "quantitative.quantity.unit")}
    assert keys == {"LENGTHUNIT": "m", "AREAUNIT": "m²", "VOLUMEUNIT": "m³"}


def test_a_wrong_unit_distractor_keeps_the_number_and_changes_the_scale() -> None:
    assert set(wrong_unit_texts(12.5, "m²", "area")) == {"12.5 mm²", "12.5 cm²", "12.5 ft²", "12.5 in²"}
    assert "0.3 in" in wrong_unit_texts(0.3, "cm", "length")  # 2.54 apart: far enough
    assert wrong_unit_texts(0.004, "m", "length") == []  # too small: could round onto the key
    assert wrong_unit_texts(3.0, "furlong", "length") == []  # a unit we cannot scale


def test_counts_follow_the_sample_plan(sample: Run) -> None:
    items, _, model = sample
    by_class = {i.provenance["ifc_class"]: key_text(i) for i in of(items, "quantitative.count.by_class")}
    assert by_class["IfcDoor"] == "8"  # one door per room, no IfcDoor subclasses: the subclass rule does not matter
    on_storey = {
        (i.provenance["ifc_class"], name_of(model, i.provenance["storey"])): key_text(i)
        for i in of(items, "quantitative.count.by_class_on_storey")
    }
    assert on_storey[("IfcDoor", "Level 0")] == "4"
    assert on_storey[("IfcStairFlight", "Level 0")] == "2"  # the flights count on their stair's storey
    by_type = {name_of(model, i.provenance["type"]): key_text(i) for i in of(items, "quantitative.count.by_type")}
    assert by_type["WT-Exterior-300"] == "8"  # four exterior walls per storey
    assert by_type["WT-Interior-100"] == "6"


def test_wall_heights_and_widths_add_up_and_average_as_the_plan_says(sample: Run) -> None:
    items, _, model = sample

    def keys(subtype: str, quantity: str) -> dict[tuple[str, str | None], str]:
        return {
            (i.provenance["ifc_class"], name_of(model, i.provenance["storey"])): key_text(i)
            for i in of(items, subtype)
            if (i.provenance["qto"], i.provenance["quantity"]) == ("Qto_WallBaseQuantities", quantity)
        }

    assert keys("quantitative.aggregate.sum", "Height")[("IfcWall", None)] == "38.5 m"  # 14 walls of 2.75 m
    assert keys("quantitative.aggregate.sum", "Height")[("IfcWall", "Level 0")] == "19.25 m"  # 7 per storey
    assert keys("quantitative.aggregate.sum", "Width")[("IfcWall", None)] == "3 m"  # 8 x 0.3 m + 6 x 0.1 m
    assert keys("quantitative.aggregate.mean", "Width")[("IfcWall", "Level 0")] == "0.214 m"  # 1.5 m / 7
    # every wall is 2.75 m high: no other set or off-by-one mean differs, so no mean-height item is made
    assert ("IfcWall", None) not in keys("quantitative.aggregate.mean", "Height")


def test_an_exterior_wall_is_wider_than_an_interior_one(sample: Run) -> None:
    items, _, model = sample
    widths = [
        i
        for i in of(items, "quantitative.compare.pair")
        if (i.provenance["qto"], i.provenance["quantity"]) == ("Qto_WallBaseQuantities", "Width")
    ]
    assert widths
    for item in widths:
        compared = [element_util.get_type(model.by_guid(g)).Name for g in item.provenance["elements"]]
        if key_text(item) == "They are equal":  # two walls of one type
            assert compared[0] == compared[1]
            continue
        winner = model.by_guid(item.provenance["option_elements"][key_text(item)])
        assert element_util.get_type(winner).Name == "WT-Exterior-300"


def test_the_extremum_keys_agree_with_a_plain_scan_of_the_set(sample: Run) -> None:
    items, _, model = sample
    checked = 0
    for item in of(items, "quantitative.compare.largest") + of(items, "quantitative.compare.smallest"):
        p = item.provenance
        storey = model.by_guid(p["storey"]) if p["storey"] else None
        values = {}
        for element in model.by_type(p["ifc_class"]):
            where = element_util.get_container(element) or element_util.get_aggregate(element)
            if storey is None or where == storey:
                values[element.Name] = element_util.get_psets(element, qtos_only=True)[p["qto"]][p["quantity"]]
        pick = max if p["extremum"] == "largest" else min
        assert math.isclose(values[key_text(item)], pick(values.values()))
        checked += 1
    assert checked > 0


# -- mutations: a wrong key disagrees, a true distractor is structural ---------------------------------


def test_a_wrong_key_is_a_disagreement_for_every_subtype(sample: Run) -> None:
    items, _, model = sample
    for subtype in QUANTITATIVE:
        item = of(items, subtype)[0]
        assert judge(model, item) is None
        reason = judge(model, with_key(item, wrong_label(item)))
        assert reason is not None and reason.startswith("disagreement"), (subtype, reason)


def test_a_distractor_that_converts_the_key_to_another_unit_is_also_true(sample: Run) -> None:
    items, _, model = sample
    for subtype in ("quantitative.quantity.value", "quantitative.aggregate.sum"):
        item = next(i for i in of(items, subtype) if key_text(i).endswith(" m"))
        number = float(key_text(item).split()[0])
        converted = with_text(item, wrong_label(item), f"{number * 100:g} cm")
        assert judge(model, converted) == "structural: a distractor is also true", subtype


def test_a_unit_distractor_differing_from_the_key_only_in_case_is_structural(sample: Run) -> None:
    items, _, model = sample
    item = next(i for i in of(items, "quantitative.quantity.unit") if key_text(i) == "m")
    assert (
        judge(model, with_text(item, wrong_label(item), "M"))
        == "structural: option texts not distinct after normalisation"
    )


def test_a_count_distractor_equal_to_the_key_is_structural(sample: Run) -> None:
    items, _, model = sample
    for subtype in (
        "quantitative.count.by_class",
        "quantitative.count.by_class_on_storey",
        "quantitative.count.by_type",
    ):
        item = of(items, subtype)[0]
        reason = judge(model, with_text(item, wrong_label(item), f" {key_text(item)} "))
        assert reason is not None and reason.startswith("structural"), subtype


def test_counting_exactly_ifcflowterminal_instead_of_with_subclasses_makes_the_key_wrong(sample: Run) -> None:
    items, _, model = sample
    item = next(i for i in of(items, "quantitative.count.by_class") if i.provenance["ifc_class"] == "IfcFlowTerminal")
    assert key_text(item) == "16"  # the 8 air terminals and 8 lights, both IfcFlowTerminal subclasses in IFC4
    exact = item.model_copy(update={"provenance": {**item.provenance, "subclasses": False}})
    assert (judge(model, exact) or "").startswith("disagreement")


def test_an_extremum_distractor_pointing_at_the_extremum_element_is_structural(sample: Run) -> None:
    items, _, model = sample
    for subtype in ("quantitative.compare.largest", "quantitative.compare.smallest", "quantitative.compare.pair"):
        item = next(i for i in of(items, subtype) if key_text(i) in i.provenance["option_elements"])
        true_guid = item.provenance["option_elements"][key_text(item)]
        distractor = next(
            o.label for o in item.options if o.label not in item.answer and o.text in item.provenance["option_elements"]
        )
        assert judge(model, with_option_element(item, distractor, true_guid)) == "structural: a distractor is also true"


def test_they_are_equal_is_the_key_of_a_pair_exactly_when_the_values_tie(sample: Run) -> None:
    items, _, model = sample
    pairs = of(items, "quantitative.compare.pair")
    for item in pairs:
        qto, name = item.provenance["qto"], item.provenance["quantity"]
        values = [
            element_util.get_psets(model.by_guid(g), qtos_only=True)[qto][name] for g in item.provenance["elements"]
        ]
        assert (key_text(item) == "They are equal") == (values[0] == values[1])
        assert item.label_of("They are equal") is not None
        assert "They are equal" not in item.question  # the option's words are not in the question
    assert {key_text(i) == "They are equal" for i in pairs} == {True, False}  # both kinds of key
    item = next(i for i in pairs if key_text(i) != "They are equal")
    assert (judge(model, with_key(item, item.label_of("They are equal") or "")) or "").startswith("disagreement")


def test_an_incomplete_set_is_rejected_by_the_verifier_rather_than_judged_on_a_part(sample: Run) -> None:
    items, _, model = sample
    item = of(items, "quantitative.aggregate.sum")[0]
    mutated = item.model_copy(update={"provenance": {**item.provenance, "ifc_class": "IfcProduct", "storey": None}})
    assert (judge(model, mutated) or "").startswith("verifier error")


# -- the shared corpus ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", CORPUS)
def test_every_quantitative_subtype_yields_verified_items_on_the_corpus_models(
    corpus: dict[str, Run], name: str
) -> None:
    _, entry, _ = corpus[name]
    for subtype in QUANTITATIVE:
        assert entry.counts[subtype].retained >= 1, (name, subtype, entry.counts[subtype])
        assert entry.counts[subtype].rejected == {}, entry.rejections


def test_no_shared_model_has_a_rejected_quantitative_item(corpus: dict[str, Run]) -> None:
    assert {name: entry.rejections for name, (_, entry, _) in corpus.items() if entry.rejections} == {}


def test_millimetre_lengths_are_stated_in_millimetres(corpus: dict[str, Run]) -> None:
    items, _, _ = corpus["LargeBuilding.ifc"]
    lengths = [
        key_text(i)
        for i in of(items, "quantitative.quantity.value")
        if i.provenance["quantity"] in {"Height", "Length", "Width"}
    ]
    units = {i.provenance["unit_type"]: key_text(i) for i in of(items, "quantitative.quantity.unit")}
    assert units["LENGTHUNIT"] == "mm"
    assert lengths and all(text.endswith(" mm") for text in lengths)
