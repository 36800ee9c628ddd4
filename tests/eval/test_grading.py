"""Grading: exact option-set match, the Wilson 95% interval, and the random baseline's chance rate."""

from __future__ import annotations

import pytest

from ifcqa.eval.grading import chance_rate, chance_sd, expected_chance_accuracy, is_correct, wilson_interval


def test_an_answer_is_correct_only_when_its_options_are_exactly_the_key() -> None:
    assert is_correct(["B"], ["B"])
    assert is_correct(["C", "A"], ["A", "C"])
    assert not is_correct(["A"], ["A", "C"])  # one option missing
    assert not is_correct(["A", "B", "C"], ["A", "C"])  # one distractor too many
    assert not is_correct(["B"], ["A"])


def test_no_answer_is_wrong() -> None:
    assert not is_correct([], ["A"])
    assert not is_correct([], [])


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_the_wilson_interval_matches_known_values(successes: int, n: int, low: float, high: float) -> None:
    assert wilson_interval(successes, n) == pytest.approx((low, high), abs=5e-4)


def test_the_wilson_interval_of_no_items_is_the_whole_range() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_wilson_interval_refuses_more_successes_than_items() -> None:
    with pytest.raises(ValueError, match="between 0 and n"):
        wilson_interval(11, 10)


def test_chance_is_one_option_in_n_one_in_two_for_boolean_and_one_subset_in_2_to_the_n_minus_1_for_multi() -> None:
    assert chance_rate("single", 4) == 0.25
    assert chance_rate("single", 5) == 0.2
    assert chance_rate("boolean", 2) == 0.5
    assert chance_rate("multi", 5) == 1 / 31
    assert chance_rate("multi", 3) == 1 / 7


def test_the_expected_chance_accuracy_is_the_mean_rate_and_its_spread_a_binomial_one() -> None:
    items = [("single", 4), ("boolean", 2), ("multi", 3)]
    assert expected_chance_accuracy(items) == pytest.approx((0.25 + 0.5 + 1 / 7) / 3)
    assert chance_sd([("boolean", 2)] * 100) == pytest.approx(0.05)
    assert expected_chance_accuracy([]) == 0.0
