"""Measure the generated sample building at about 10k, 100k and 1M entities.

Run by hand (not part of the tests)::

    python bench/sample_scale.py            # the three sizes
    python bench/sample_scale.py --max 2    # only the first two

Each size prints one JSON line: {"args", "entities", "build_s", "write_s", "file_mb"}.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from ifcqa.sample import build_sample_model

SIZES: list[dict[str, Any]] = [
    {"storeys": 4, "rooms_per_storey": 9},  # ~10k entities
    {"storeys": 10, "rooms_per_storey": 40},  # ~100k entities
    {"storeys": 40, "rooms_per_storey": 108},  # ~1M entities
]


def measure(args: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Build and write one sample model; return its size and timings."""
    start = time.perf_counter()
    model = build_sample_model(**args)
    built = time.perf_counter()
    target = folder / "sample.ifc"
    model.write(str(target))
    written = time.perf_counter()
    return {
        "args": args,
        "entities": len(model.entity_names()),
        "build_s": round(built - start, 2),
        "write_s": round(written - built, 2),
        "file_mb": round(target.stat().st_size / 1e6, 1),
    }


def main() -> None:
    """Print one JSON line per size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=len(SIZES), help="measure only the first N sizes")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for args in SIZES[: options.max]:
            print(json.dumps(measure(args, Path(folder))), flush=True)


if __name__ == "__main__":
    main()
