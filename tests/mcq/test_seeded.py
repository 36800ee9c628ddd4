"""SeededRandom.shuffle makes exactly the draws and swaps of random.Random.shuffle (items are seeded by it)."""

from __future__ import annotations

import random

import pytest

from ifcqa.mcq.pipeline import rng_for
from ifcqa.mcq.seeded import SeededRandom


@pytest.mark.parametrize("seed", ["10:abc:direct.class.of_named_element", 0, 7, "geometry-pool:x"])
def test_shuffle_matches_the_standard_shuffle_order_and_state(seed: object) -> None:
    fast, standard = SeededRandom(seed), random.Random(seed)
    for length in [*range(0, 70), 127, 128, 129, 255, 256, 257, 692, 1000, 4097]:
        ours, theirs = list(range(length)), list(range(length))
        fast.shuffle(ours)
        standard.shuffle(theirs)
        assert ours == theirs, length
        assert fast.getstate() == standard.getstate(), length  # the same number of draws: later draws agree


def test_other_draws_are_the_standard_ones_and_the_pipeline_uses_it() -> None:
    fast, standard = SeededRandom("s"), random.Random("s")
    assert [fast.randrange(7) for _ in range(50)] == [standard.randrange(7) for _ in range(50)]
    assert fast.sample(range(100), 10) == standard.sample(range(100), 10)
    assert fast.choice("abcdef") == standard.choice("abcdef")
    assert isinstance(rng_for(10, "sha", "direct.class.of_named_element"), SeededRandom)


def test_shuffles_any_mutable_sequence_like_the_standard_one() -> None:
    from collections import deque

    ours, theirs = deque(range(30)), deque(range(30))
    SeededRandom(3).shuffle(ours)
    random.Random(3).shuffle(theirs)
    assert ours == theirs
