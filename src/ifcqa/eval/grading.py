"""Scoring as the paper does it: exact option-set match, Wilson intervals, and chance rates.

An answer is correct only when the selected labels are exactly the key: a multi-choice answer with
one option missing or one distractor too many is wrong, and no answer is wrong. Accuracies are
reported with the Wilson score interval, which stays inside [0, 1] and behaves at 0/n and n/n
where the normal approximation does not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ifcqa.mcq.items import QuestionType

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def is_correct(selected: Iterable[str], answer: Iterable[str]) -> bool:
    """``True`` iff ``selected`` is exactly the key (as sets); an empty selection is never correct."""
    chosen = set(selected)
    return bool(chosen) and chosen == set(answer)


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% by default).

    Args:
        successes: the number of correct answers, ``0 <= successes <= n``.
        n: the number of items; with ``n == 0`` nothing is known and the interval is ``(0, 1)``.
        z: the normal quantile of the confidence level.

    Returns:
        ``(low, high)``, e.g. ``(0.490, 0.943)`` for 8 of 10.
    """
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def chance_rate(question_type: QuestionType | str, n_options: int) -> float:
    """The probability that the ``random`` baseline answers an item correctly.

    Single-choice: ``1/n``; boolean: ``1/2``; multi-choice: ``1/(2**n - 1)``, one of the non-empty
    subsets of the ``n`` options.
    """
    if n_options < 1:
        raise ValueError("an item has at least one option")
    if question_type == "boolean":
        return 0.5
    if question_type == "multi":
        return 1 / ((1 << n_options) - 1)
    return 1 / n_options


def expected_chance_accuracy(items: Sequence[tuple[str, int]]) -> float:
    """The ``random`` baseline's expected accuracy over items given as ``(question_type, n_options)``."""
    if not items:
        return 0.0
    return sum(chance_rate(kind, n) for kind, n in items) / len(items)


def chance_sd(items: Sequence[tuple[str, int]]) -> float:
    """The standard deviation of the ``random`` baseline's accuracy over the same items (a sum of Bernoullis)."""
    if not items:
        return 0.0
    variance = sum(p * (1 - p) for p in (chance_rate(kind, n) for kind, n in items))
    return math.sqrt(variance) / len(items)
