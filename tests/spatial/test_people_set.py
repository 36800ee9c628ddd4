"""bench/spatial/people.json is what bench/spatial/people_oracles.py computes, and it covers issue 22's kinds.

The oracles are IfcOpenShell functions over the shared models: committing a hand-edited or stale
people.json would score every run against the wrong answers, so the file must equal a fresh computation.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

from bench_scripts import load_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "people_oracles.py"
PEOPLE = REPO / "bench" / "spatial" / "people.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse"}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def test_committed_people_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.dumps(script.compute(shared_ifc))
    assert PEOPLE.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people.json differs from people_oracles.py: run "
        "`python bench/spatial/people_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_people_set_covers_every_kind_with_unique_ids() -> None:
    data = json.loads(PEOPLE.read_text(encoding="utf-8"))
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS
    assert min(kinds.values()) >= 15, kinds
    assert len(data) >= 150 and len({q["ifc_filename"] for q in data}) >= 8
    assert len({q["id"] for q in data}) == len(data)
    assert len({q["query"].casefold() for q in data}) >= len(data) - 2  # no templated duplicates
    for q in data:
        assert q["oracle"]["type"] in {"elements", "count", "number", "yes_no", "storeys", "decline"}, q["id"]
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
