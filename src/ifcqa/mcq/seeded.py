"""The generators' random numbers: :class:`random.Random` with a faster, draw-for-draw identical ``shuffle``.

Items are seeded (:func:`ifcqa.mcq.pipeline.rng_for`), so every draw must stay what CPython's
:meth:`random.Random.shuffle` makes: the same calls to ``getrandbits`` in the same order, the same swaps.
Generation shuffles whole lists a few tens of thousands of times per large model (half a million draws on the
100k-element sample), and the standard shuffle calls ``_randbelow`` once per element; :class:`SeededRandom`
runs the same loop with that call inlined (0.15 -> 0.06 s there, docs/SCALE.md). Every other method is the
standard one. ``tests/mcq/test_seeded.py`` checks the two shuffles give the same order and leave the
generator in the same state, for many seeds and lengths.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any


class SeededRandom(random.Random):
    """:class:`random.Random` (Mersenne Twister, seeded the same way) with :meth:`shuffle` inlined."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle ``x`` in place exactly as :meth:`random.Random.shuffle` would (same draws, same swaps)."""
        getrandbits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):  # Random.shuffle: j = _randbelow(i + 1), then swap x[i], x[j]
            n = i + 1
            k = n.bit_length()  # _randbelow_with_getrandbits: k bits, drawn again while not below n
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]
