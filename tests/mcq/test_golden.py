"""The generated benchmark of a fixed model and seed, byte for byte: a change of speed must not change an item.

Generation is made faster by reading less (options only as far as they are kept, values remembered per
model), never by drawing differently: the seeded RNG must see the same calls in the same order. These
digests were taken before that work (issue 21) and after it. A change that is *meant* to change items
(a new generator version, another distractor rule) updates them: run this test and copy the digest it
prints, and say in the commit which items changed and why.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

GOLDEN = {  # schema -> (items, SHA-256 of the items as BENCH.jsonl holds them, source_file set to the name)
    "IFC4": (440, "056f91dacad22c584ea7ee21e9bc42a59a41f7237a83bc81ad9acb0fde9df5cd"),
    "IFC2X3": (432, "82da05b422e80c7264f58087edc4f112b139125233bae8d9e20c5b1c10919009"),
}


@pytest.mark.parametrize("schema", sorted(GOLDEN))
def test_the_sample_buildings_benchmark_is_the_recorded_one(schema: str, tmp_path: Path) -> None:
    # the file name is in the STEP header, so in the SHA-256 that seeds every subtype: keep it
    path = write_sample_model(tmp_path / f"s-{schema}.ifc", storeys=2, rooms_per_storey=5, schema=schema)
    items, _ = generate_for_file(path, seed=10, cache=IndexCache(tmp_path / "cache"))
    named = [item.model_copy(update={"source_file": path.name}) for item in items]
    digest = hashlib.sha256(dump_items(named)).hexdigest()
    assert (len(items), digest) == GOLDEN[schema], (
        f"the {schema} sample's items changed: {len(items)} items, digest {digest}; "
        "if the change is intended, record these in GOLDEN"
    )
