"""Split the fifth people set into a development half (a) and a held-out half (b).

    python bench/spatial/people_fifth_split.py [--check]

The fifth set was written blind and scored once, whole, on main dcdd510 before any change. Then it was split,
within each kind, by the SHA-256 of the question id (the lower half of each kind's ids goes to ``a``): half
``a`` (``people_fifth_a.json``) became development material whose failures may be read; half ``b``
(``people_fifth_b.json``) stays held out: nobody changing the parser opens it, its questions or its failures,
and its score is the honest number for issue 22. ``--check`` writes nothing and exits 1 when the committed
halves differ from what this script computes from ``people_fifth.json``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "people_fifth.json"
HALVES = {"a": HERE / "people_fifth_a.json", "b": HERE / "people_fifth_b.json"}


def _rank(record: dict[str, Any]) -> str:
    return hashlib.sha256(record["id"].encode()).hexdigest()


def split(records: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Each kind's questions ordered by the hash of their id; the first half (rounded down) is ``a``."""
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        by_kind[record["kind"]].append(record)
    chosen = {
        record["id"]
        for group in by_kind.values()
        for record in sorted(group, key=_rank)[: len(group) // 2]
    }
    return {
        "a": [r for r in records if r["id"] in chosen],
        "b": [r for r in records if r["id"] not in chosen],
    }


def _text(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    halves = split(json.loads(SOURCE.read_text(encoding="utf-8")))
    stale = [
        name
        for name, path in HALVES.items()
        if not path.exists() or path.read_text(encoding="utf-8") != _text(halves[name])
    ]
    if "--check" in argv:
        if stale:
            print(f"stale: {', '.join(str(HALVES[n].name) for n in stale)}; run python {Path(__file__).name}")
            return 1
        return 0
    for name, path in HALVES.items():
        path.write_text(_text(halves[name]), encoding="utf-8")
        print(f"{path.name}: {len(halves[name])} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
