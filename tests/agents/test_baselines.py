"""The chance baselines: first-option always answers A; random is seeded per item and scores at chance."""

from __future__ import annotations

import random

from ifcqa.agents.base import AgentConfig, get_agents, make_agent
from ifcqa.agents.baselines import random_labels
from ifcqa.eval.grading import chance_sd, expected_chance_accuracy, is_correct
from ifcqa.mcq.items import GeneratorInfo, Item, Option

LABELS = "ABCDE"


def make_item(number: int, question_type: str, n_options: int, answer: list[str]) -> Item:
    return Item(
        id=f"item-{number}",
        source_file="house.ifc",
        source_sha256="0" * 64,
        group="Direct retrieval",
        category="Class identification",
        subtype="direct.class.of_named_element",
        question_type=question_type,  # type: ignore[arg-type]
        question=f"Question {number}?",
        options=[Option(label=LABELS[i], text=f"option {i}") for i in range(n_options)],
        answer=answer,
        generator=GeneratorInfo(name="test", version=1),
    )


def synthetic_bench(n: int = 210) -> list[Item]:
    """Single (4-5 options), boolean and multi (3-5 options) items with keys drawn from a fixed seed."""
    rng = random.Random(7)
    items = []
    for number in range(n):
        kind = ("single", "boolean", "multi")[number % 3]
        n_options = 2 if kind == "boolean" else rng.choice([3, 4, 5] if kind == "multi" else [4, 5])
        labels = list(LABELS[:n_options])
        answer = sorted(rng.sample(labels, rng.randint(1, n_options))) if kind == "multi" else [rng.choice(labels)]
        items.append(make_item(number, kind, n_options, answer))
    return items


def test_both_baselines_are_registered_agents() -> None:
    assert {"first-option", "random"} <= set(get_agents())


def test_first_option_selects_a_single_label_a_for_every_question_type() -> None:
    agent = make_agent("first-option", AgentConfig())
    for item in synthetic_bench(9):
        result = agent.answer(item, None)  # type: ignore[arg-type]  # baselines never read the model
        assert result.selected == ["A"]
        assert result.steps == 0 and result.tool_calls == [] and result.tokens_in == result.tokens_out == 0
        assert result.error is None


def test_random_gives_an_item_the_same_answer_whatever_the_order_or_agent_instance() -> None:
    items = synthetic_bench(60)
    forward = {i.id: make_agent("random", AgentConfig(seed=3)).answer(i, None).selected for i in items}  # type: ignore[arg-type]
    agent = make_agent("random", AgentConfig(seed=3))
    backward = {i.id: agent.answer(i, None).selected for i in reversed(items)}  # type: ignore[arg-type]
    assert forward == backward
    other_seed = {i.id: random_labels(i, 4) for i in items}
    assert other_seed != forward


def test_random_answers_one_label_for_single_and_boolean_and_a_non_empty_subset_for_multi() -> None:
    for item in synthetic_bench(90):
        selected = random_labels(item, 0)
        labels = [o.label for o in item.options]
        assert selected and set(selected) <= set(labels) and selected == sorted(selected)
        if item.question_type != "multi":
            assert len(selected) == 1


def test_random_draws_every_non_empty_subset_of_a_multi_item_about_equally_often() -> None:
    seen: dict[tuple[str, ...], int] = {}
    for number in range(3500):
        item = make_item(number, "multi", 3, ["A"])
        key = tuple(random_labels(item, 0))
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 7  # 2**3 - 1
    assert all(400 < count < 600 for count in seen.values())  # 500 expected each, sd ~21


def test_random_scores_its_expected_chance_rate_on_a_200_item_bench_within_binomial_tolerance() -> None:
    items = synthetic_bench(210)
    shapes = [(i.question_type, len(i.options)) for i in items]
    expected, sd = expected_chance_accuracy(shapes), chance_sd(shapes)
    for seed in range(5):
        accuracy = sum(is_correct(random_labels(i, seed), i.answer) for i in items) / len(items)
        assert abs(accuracy - expected) < 3.5 * sd, (seed, accuracy, expected, sd)
