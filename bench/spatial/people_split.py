"""Split a blind people set into a development half (a) and a held-out half (b).

    python bench/spatial/people_split.py fifth|sixth|seventh [--check]

people_fifth.json was written blind and scored once, whole, on main dcdd510 before any change; people_sixth.json
likewise, before and after round 7 (a326f0f, 59585f9). Then each was split,
within each kind, by the SHA-256 of the question id (the lower half of each kind's ids goes to ``a``): half
``a`` (``people_<set>_a.json``) became development material whose failures may be read; half ``b``
(``people_<set>_b.json``) stays held out: nobody changing the parser opens it, its questions or its failures,
and its score is the honest number for issue 22. ``--check`` writes nothing and exits 1 when the committed
halves differ from what this script computes from ``people_<set>.json``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SETS = ("fifth", "sixth", "seventh")


def halves_of(name: str) -> dict[str, Path]:
    return {half: HERE / f"people_{name}_{half}.json" for half in ("a", "b")}


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
    names = [a for a in argv if not a.startswith("--")]
    if len(names) != 1 or names[0] not in SETS:
        print(f"usage: python {Path(__file__).name} {'|'.join(SETS)} [--check]", file=sys.stderr)
        return 2
    source = HERE / f"people_{names[0]}.json"
    paths = halves_of(names[0])
    halves = split(json.loads(source.read_text(encoding="utf-8")))
    stale = [
        name
        for name, path in paths.items()
        if not path.exists() or path.read_text(encoding="utf-8") != _text(halves[name])
    ]
    if "--check" in argv:
        if stale:
            print(f"stale: {', '.join(str(paths[n].name) for n in stale)}; run python {Path(__file__).name}")
            return 1
        return 0
    for name, path in paths.items():
        path.write_text(_text(halves[name]), encoding="utf-8")
        print(f"{path.name}: {len(halves[name])} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
