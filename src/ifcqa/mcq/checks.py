"""Structural checks of an item: what makes a multiple-choice item well formed, whatever it asks."""

from __future__ import annotations

from ifcqa.mcq.items import LABELS, Item
from ifcqa.mcq.text import NO, YES, normalise


def structural_problems(item: Item) -> list[str]:
    """Every way ``item`` is malformed (empty when it is fine). Reasons are short and stable."""
    problems: list[str] = []
    labels = [o.label for o in item.options]
    if labels != list(LABELS[: len(labels)]):
        problems.append("labels are not A, B, C... in order")
    if not item.question.strip():
        problems.append("empty question")
    if any(not o.text.strip() for o in item.options):
        problems.append("empty option text")
    if len({normalise(o.text) for o in item.options}) != len(item.options):
        problems.append("option texts not distinct after normalisation")
    if not item.answer or any(a not in labels for a in item.answer) or len(set(item.answer)) != len(item.answer):
        problems.append("key not among the options")
    n_options, n_keys = len(item.options), len(item.answer)
    if item.question_type == "single" and not (3 <= n_options <= 5 and n_keys == 1):
        problems.append("single-choice items need 3-5 options and one key")
    if item.question_type == "multi" and not (3 <= n_options <= 5 and 1 <= n_keys < n_options):
        problems.append("multi-choice items need 3-5 options, at least one key and one distractor")
    if item.question_type == "boolean" and (sorted(o.text for o in item.options) != sorted([YES, NO]) or n_keys != 1):
        problems.append("boolean items need the options Yes and No and one key")
    return problems
