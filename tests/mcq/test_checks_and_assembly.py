"""Structural checks, draft assembly and judging: what makes an item well formed, whatever it asks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.assemble import assemble
from ifcqa.mcq.checks import structural_problems
from ifcqa.mcq.generate._api import Draft, Skip
from ifcqa.mcq.items import LABELS, GeneratorInfo, Item, Option, QuestionType
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.registry import GeneratorSpec
from ifcqa.mcq.text import NO, YES
from ifcqa.sample import write_sample_model


def make_item(
    texts: list[str], answer: list[str], question_type: QuestionType = "single", question: str = "Which one?"
) -> Item:
    return Item(
        id="t-1",
        source_file="f.ifc",
        source_sha256="0" * 64,
        group="Direct retrieval",
        category="Class identification",
        subtype="direct.class.of_named_element",
        question_type=question_type,
        question=question,
        options=[Option(label=(LABELS + "F")[i], text=t) for i, t in enumerate(texts)],
        answer=answer,
        generator=GeneratorInfo(name="test", version=1),
    )


def no_drafts(ctx: Any) -> Iterator[Any]:
    yield from ()


SPEC = GeneratorSpec("direct.class.of_named_element", 1, no_drafts)


def draft(question_type: QuestionType, correct: list[str], distractors: list[str], **extra: Any) -> Draft:
    return Draft("Which one?", question_type, correct, distractors, {"elements": []}, **extra)


def build(d: Draft, seed: int = 0) -> Item | Skip:
    return assemble(d, SPEC, "f.ifc", "0" * 64, random.Random(seed))


def built(d: Draft, seed: int = 0) -> Item:
    item = build(d, seed)
    assert isinstance(item, Item), item
    return item


def texts_of(item: Item, labels: list[str]) -> set[str]:
    return {item.option_text(label) for label in labels}


# -- structural_problems --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texts", "answer", "question_type"),
    [
        (["IfcWall", "IfcDoor", "IfcSlab"], ["A"], "single"),
        (["A", "B", "C", "D", "E"], ["E"], "single"),
        (["A", "B", "C", "D"], ["A", "C"], "multi"),
        ([YES, NO], ["B"], "boolean"),
        ([NO, YES], ["A"], "boolean"),
    ],
)
def test_well_formed_items_have_no_problems(texts: list[str], answer: list[str], question_type: QuestionType) -> None:
    assert structural_problems(make_item(texts, answer, question_type)) == []


def test_option_texts_equal_after_normalisation_are_duplicates() -> None:
    problems = structural_problems(make_item(["Level 1", "level  1", "Level 2"], ["A"]))
    assert problems == ["option texts not distinct after normalisation"]
    assert structural_problems(make_item(["12.5 m²", " 12.5  M² ", "13 m²"], ["C"])) != []


def test_a_key_that_is_not_an_option_label_is_reported() -> None:
    assert "key not among the options" in structural_problems(make_item(["a", "b", "c"], ["D"]))
    assert "key not among the options" in structural_problems(make_item(["a", "b", "c"], []))
    assert "key not among the options" in structural_problems(make_item(["a", "b", "c", "d"], ["A", "A"], "multi"))


def test_a_single_choice_item_needs_3_to_5_options_and_one_key() -> None:
    problem = "single-choice items need 3-5 options and one key"
    assert problem in structural_problems(make_item(["a", "b"], ["A"]))
    assert problem in structural_problems(make_item(["a", "b", "c"], ["A", "B"]))
    assert problem in structural_problems(make_item(["a", "b", "c", "d", "e", "f"], ["A"]))


def test_a_multi_choice_item_needs_a_distractor() -> None:
    problems = structural_problems(make_item(["a", "b", "c"], ["A", "B", "C"], "multi"))
    assert problems == ["multi-choice items need 3-5 options, at least one key and one distractor"]


def test_a_boolean_item_needs_the_options_yes_and_no() -> None:
    problem = "boolean items need the options Yes and No and one key"
    assert problem in structural_problems(make_item(["True", "False"], ["A"], "boolean"))
    assert problem in structural_problems(make_item([YES, NO, "Maybe"], ["A"], "boolean"))
    assert problem in structural_problems(make_item([YES, NO], ["A", "B"], "boolean"))


def test_an_empty_question_or_option_is_reported() -> None:
    assert "empty question" in structural_problems(make_item(["a", "b", "c"], ["A"], question="   "))
    assert "empty option text" in structural_problems(make_item(["a", " ", "c"], ["A"]))


def test_labels_must_run_a_b_c_in_order() -> None:
    item = make_item(["a", "b", "c"], ["A"])
    shuffled = item.model_copy(
        update={"options": [Option(label=label, text=t) for label, t in zip("BAC", "abc", strict=True)]}
    )
    assert "labels are not A, B, C... in order" in structural_problems(shuffled)


# -- assemble -------------------------------------------------------------------------------------


def test_assembly_is_deterministic_for_a_seeded_rng() -> None:
    d = draft("multi", ["w1", "w2", "w3"], ["d1", "d2", "d3", "d4"], option_elements={"w1": "G1", "d1": "G2"})
    first, second = built(d, seed=7), built(d, seed=7)
    assert first.model_dump() == second.model_dump()
    assert any(built(d, seed=s).model_dump() != first.model_dump() for s in range(8))


def test_a_single_choice_item_keeps_at_most_4_distractors() -> None:
    item = built(draft("single", ["key"], [f"d{i}" for i in range(7)]))
    assert len(item.options) == 5 and texts_of(item, item.answer) == {"key"}
    assert {o.text for o in item.options} - {"key"} == {"d0", "d1", "d2", "d3"}  # the best four, in draft order
    assert structural_problems(item) == []


def test_a_single_choice_draft_with_fewer_than_2_distractors_is_skipped() -> None:
    assert build(draft("single", ["key"], ["d0"])) == Skip("fewer than 2 distinct distractors")
    assert isinstance(build(draft("single", ["k1", "k2"], ["d0", "d1"])), Skip)
    assert isinstance(build(draft("single", [], ["d0", "d1"])), Skip)


@pytest.mark.parametrize(("n_correct", "n_distractors"), [(1, 2), (2, 1), (3, 3), (6, 1), (1, 6), (6, 6)])
def test_a_multi_choice_item_has_3_to_5_options_at_least_one_key_and_one_distractor(
    n_correct: int, n_distractors: int
) -> None:
    correct = [f"k{i}" for i in range(n_correct)]
    distractors = [f"d{i}" for i in range(n_distractors)]
    for seed in range(20):
        item = built(draft("multi", correct, distractors), seed)
        keys = texts_of(item, item.answer)
        assert 3 <= len(item.options) <= 5
        assert keys and keys <= set(correct)
        assert {o.text for o in item.options} - keys <= set(distractors)
        assert len(item.options) > len(keys)
        assert structural_problems(item) == []


def test_a_multi_choice_draft_without_enough_options_is_skipped() -> None:
    assert isinstance(build(draft("multi", ["k"], ["d"])), Skip)
    assert isinstance(build(draft("multi", ["k1", "k2", "k3"], [])), Skip)


def test_a_boolean_item_has_the_options_yes_and_no() -> None:
    for key in (YES, NO):
        item = built(draft("boolean", [key], []))
        assert sorted(o.text for o in item.options) == [NO, YES]
        assert texts_of(item, item.answer) == {key}
        assert structural_problems(item) == []
    assert isinstance(build(draft("boolean", ["True"], [])), Skip)


def test_option_elements_keep_only_the_options_that_were_kept() -> None:
    elements = {"key": "G0", **{f"d{i}": f"G{i + 1}" for i in range(6)}}
    item = built(draft("single", ["key"], [f"d{i}" for i in range(6)], option_elements=elements))
    assert item.provenance["option_elements"] == {o.text: elements[o.text] for o in item.options}


# -- judge ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def class_items(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Item], ifcopenshell.file]:
    folder = tmp_path_factory.mktemp("judge")
    path = write_sample_model(folder / "s.ifc", storeys=1, rooms_per_storey=2, seed=0)
    items, entry = generate_for_file(path, categories=["direct.class"], cap=20, cache=IndexCache(folder / "cache"))
    assert entry.rejections == []
    return items, ifcopenshell.open(str(path))


def first(items: list[Item], subtype: str) -> Item:
    return next(i for i in items if i.subtype == subtype)


def test_a_generated_item_passes_the_judge(class_items: tuple[list[Item], ifcopenshell.file]) -> None:
    items, model = class_items
    assert items and all(judge(model, item) is None for item in items)


def test_a_wrong_key_is_a_disagreement(class_items: tuple[list[Item], ifcopenshell.file]) -> None:
    items, model = class_items
    item = first(items, "direct.class.of_named_element")
    wrong = next(o.label for o in item.options if o.label not in item.answer)
    reason = judge(model, item.model_copy(update={"answer": [wrong]}))
    assert reason == "disagreement: verifier re-derived a different key"


def test_a_distractor_that_is_also_true_is_structural(class_items: tuple[list[Item], ifcopenshell.file]) -> None:
    items, model = class_items
    item = first(items, "direct.class.elements_of_class")
    mapping = dict(item.provenance["option_elements"])
    true_guid = mapping[item.option_text(item.answer[0])]
    distractor = next(o for o in item.options if o.label not in item.answer)
    mapping[distractor.text] = true_guid  # the distractor now stands for an element of the class
    mutated = item.model_copy(update={"provenance": {**item.provenance, "option_elements": mapping}})
    assert judge(model, mutated) == "structural: a distractor is also true"


def test_a_malformed_item_is_rejected_before_verification(class_items: tuple[list[Item], ifcopenshell.file]) -> None:
    items, model = class_items
    item = items[0].model_copy(update={"question": " "})
    assert judge(model, item) == "structural: empty question"


def test_a_verifier_failure_or_a_missing_verifier_rejects_the_item(
    class_items: tuple[list[Item], ifcopenshell.file],
) -> None:
    items, model = class_items
    item = first(items, "direct.class.of_named_element")
    unknown = item.model_copy(update={"provenance": {**item.provenance, "elements": ["0000000000000000000000"]}})
    assert (judge(model, unknown) or "").startswith("verifier error: VerificationError")
    assert judge(model, item.model_copy(update={"subtype": "x.none.none"})) == "no verifier registered"


def test_the_judge_works_on_a_shared_model(shared_ifc: Path, tmp_path: Path) -> None:
    path = shared_ifc / "IfcOpenHouse_IFC4.ifc"
    items, entry = generate_for_file(path, categories=["direct.class"], cap=10, cache=IndexCache(tmp_path))
    assert items and entry.rejections == []
    model = ifcopenshell.open(str(path))
    item = first(items, "direct.class.of_named_element")
    wrong = next(o.label for o in item.options if o.label not in item.answer)
    assert (judge(model, item.model_copy(update={"answer": [wrong]})) or "").startswith("disagreement")
