"""bench/spatial/people_heldout.json is what people_heldout_oracles.py computes, and it is a set of its own.

The held-out set was written blind, before any parser work was tuned to it: its oracles are IfcOpenShell
functions over the shared models, so a hand-edited or stale file would score every run against the wrong
answers, and a question copied from people.json would make it a second copy of the set it is meant to check.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType

from bench_scripts import load_script
from ifcqa.spatial.bench_score import KINDS, oracle_problem

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "people_heldout_oracles.py"
HELDOUT = REPO / "bench" / "spatial" / "people_heldout.json"
PEOPLE = REPO / "bench" / "spatial" / "people.json"


def _script() -> ModuleType:
    return load_script(SCRIPT)


def _data() -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(HELDOUT.read_text(encoding="utf-8"))
    return data


def test_committed_heldout_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.dumps(script.compute(shared_ifc))
    assert HELDOUT.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people_heldout.json differs from people_heldout_oracles.py: run "
        "`python bench/spatial/people_heldout_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_check_flag_fails_on_a_stale_file(shared_ifc: Path, tmp_path: Path) -> None:
    script = _script()
    data = _data()
    first_count = next(q for q in data if q["oracle"]["type"] == "count")  # type: ignore[index]
    first_count["oracle"]["value"] += 1  # type: ignore[index,operator]
    stale = tmp_path / "stale.json"
    stale.write_text(script.dumps(data), encoding="utf-8")
    assert script.main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"]) == 1
    assert script.main(["--ifc-dir", str(shared_ifc), "-o", str(HELDOUT), "--check"]) == 0


def test_missing_ifc_dir_is_a_clear_error(tmp_path: Path) -> None:
    script = _script()
    out = tmp_path / "never.json"
    assert script.main(["--ifc-dir", str(tmp_path / "absent"), "-o", str(out)]) == 2
    assert not out.exists()


def test_heldout_set_covers_every_kind_over_eight_models() -> None:
    data = _data()
    kinds = Counter(str(q["kind"]) for q in data)
    assert set(kinds) == set(KINDS)
    assert min(kinds.values()) >= 12, kinds
    assert len(data) >= 160
    assert len({q["ifc_filename"] for q in data}) >= 8
    assert len({q["id"] for q in data}) == len(data)
    assert all(str(q["id"]).startswith(f"heldout2-{q['kind']}-") for q in data)
    for q in data:
        assert oracle_problem(q) is None, q["id"]  # the scorer reads every oracle
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
    types = Counter(q["oracle"]["type"] for q in data)  # type: ignore[index]
    assert set(types) == {"elements", "count", "number", "yes_no", "storeys", "decline"}, types


def test_heldout_questions_are_new() -> None:
    """No question repeats people.json's, nor another of this set (templates would make the set a copy)."""
    data = _data()
    people = {str(q["query"]).casefold().strip(" ?.") for q in json.loads(PEOPLE.read_text(encoding="utf-8"))}
    mine = [str(q["query"]).casefold().strip(" ?.") for q in data]
    assert not people & set(mine), sorted(people & set(mine))
    assert len(set(mine)) == len(mine)


def test_declines_beyond_refusals() -> None:
    """Parts a model cannot ground (a qualifier without data, a room that does not exist, a storey it lacks)
    are declines in their own kinds, so an answer to the broader question scores 0 there too."""
    data = _data()
    declined = Counter(str(q["kind"]) for q in data if q["oracle"]["type"] == "decline")  # type: ignore[index]
    for kind in ("edge", "rooms", "qualifiers"):
        assert declined[kind] >= 2, declined
    empty = [q for q in data if q["oracle"].get("guids") == [] and q["oracle"]["type"] == "elements"]  # type: ignore[union-attr,index]
    assert len(empty) >= 3  # "none" answers: any element listed there is a silent broadening
