"""Baselines that never read the model: first option, seeded random choice, and the text-only guesser.

None of them reads the model or calls an LLM; they set the floor an agent's accuracy is read against.
``text-only`` answers from the question and option texts alone (string overlap, see
:mod:`ifcqa.mcq.textonly`): on a benchmark that cannot be gamed it scores like ``random``.
``random`` draws from ``random.Random(f"{seed}:{item.id}")``, so an item gets the same answer
whatever the order, concurrency or subset of a run. Single-choice and boolean items get one label
drawn uniformly; multi-choice items get a uniformly drawn non-empty subset of the labels (each of
the ``2**n - 1`` subsets equally likely), so the expected accuracy is
:func:`ifcqa.eval.grading.chance_rate`.
"""

from __future__ import annotations

import random
import time

from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, agent
from ifcqa.mcq.items import Item
from ifcqa.mcq.textonly import text_only_labels

__all__ = ["first_option_labels", "random_labels", "text_only_labels"]


def first_option_labels(item: Item) -> list[str]:
    """The first option's label (``A``), for every question type."""
    return [item.options[0].label]


def random_labels(item: Item, seed: int) -> list[str]:
    """A seeded random answer: one label (single, boolean) or a non-empty subset (multi), sorted."""
    rng = random.Random(f"{seed}:{item.id}")
    labels = [option.label for option in item.options]
    if item.question_type != "multi":
        return [rng.choice(labels)]
    mask = rng.randrange(1, 1 << len(labels))  # uniform over the non-empty subsets
    return sorted(label for bit, label in enumerate(labels) if mask >> bit & 1)


def _result(selected: list[str], started: float) -> AgentResult:
    return AgentResult(
        selected=sorted(selected),
        raw_answer=", ".join(sorted(selected)),
        steps=0,
        latency_s=time.perf_counter() - started,
        parse="strict",
    )


class FirstOptionAgent:
    """Always answers the first option."""

    name = "first-option"

    def labels(self, item: Item) -> list[str]:
        return first_option_labels(item)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Select ``A``."""
        started = time.perf_counter()
        return _result(self.labels(item), started)


class RandomAgent:
    """Answers at random, reproducibly per (seed, item id)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def labels(self, item: Item) -> list[str]:
        return random_labels(item, self.seed)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Select a seeded random label, or subset of labels for multi-choice items."""
        started = time.perf_counter()
        return _result(self.labels(item), started)


class TextOnlyAgent:
    """Answers by string overlap between question and options, deterministically."""

    name = "text-only"

    def labels(self, item: Item) -> list[str]:
        return text_only_labels(item)

    def answer(self, item: Item, env: AgentEnv) -> AgentResult:
        """Select the option(s) the text-only guesser scores highest."""
        started = time.perf_counter()
        return _result(self.labels(item), started)


@agent("first-option", baseline=True)
def first_option(config: AgentConfig) -> FirstOptionAgent:
    """The first-option ("dummy") baseline."""
    return FirstOptionAgent()


@agent("random", baseline=True)
def random_choice(config: AgentConfig) -> RandomAgent:
    """The random baseline, seeded by ``config.seed``."""
    return RandomAgent(config.seed)


@agent("text-only", baseline=True)
def text_only(config: AgentConfig) -> TextOnlyAgent:
    """The text-only baseline: reads question and options, never the model."""
    return TextOnlyAgent()
