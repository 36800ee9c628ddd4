"""bench/spatial/people_fourth.json equals what people_fourth_oracles.py computes, and covers issue 22's kinds.

The fourth set is blind (written without reading the parser or the other three sets); its oracles are
IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score every run
against the wrong answers: the file must equal a fresh computation.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from bench_scripts import load_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "people_fourth_oracles.py"
FOURTH = REPO / "bench" / "spatial" / "people_fourth.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse"}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def test_committed_people_fourth_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.dumps(script.compute(shared_ifc))
    assert FOURTH.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people_fourth.json differs from people_fourth_oracles.py: run "
        "`python bench/spatial/people_fourth_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    script = REPO / "bench" / "spatial" / "people_fourth_handchecks.py"
    run = [sys.executable, str(script), "--ifc-dir", str(shared_ifc)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "18/18 hand checks agree" in done.stdout, done.stdout + done.stderr


def test_check_flag_exits_1_on_a_stale_file(shared_ifc: Path, tmp_path: Path) -> None:
    stale = tmp_path / "people_fourth.json"
    stale.write_text(FOURTH.read_text(encoding="utf-8").replace('"value": 47', '"value": 48', 1),
                     encoding="utf-8")
    run = [sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check", "-o"]
    bad = subprocess.run([*run, str(stale)], capture_output=True, text=True, timeout=600)
    assert bad.returncode == 1 and "differs from the oracles" in bad.stdout, bad.stdout + bad.stderr
    good = subprocess.run([*run, str(FOURTH)], capture_output=True, text=True, timeout=600)
    assert good.returncode == 0 and "up to date" in good.stdout, good.stdout + good.stderr


def test_people_fourth_set_covers_every_kind_and_model_with_unique_ids() -> None:
    data = json.loads(FOURTH.read_text(encoding="utf-8"))
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS
    assert min(kinds.values()) >= 17, kinds
    assert len(data) >= 170 and len({q["ifc_filename"] for q in data}) >= 9
    assert len({q["id"] for q in data}) == len(data)
    assert all(q["id"].startswith(f"fourth-{q['kind']}-") for q in data)
    assert len({q["query"].casefold() for q in data}) == len(data)  # no duplicates
    types = Counter(q["oracle"]["type"] for q in data)
    assert set(types) == {"elements", "count", "number", "yes_no", "storeys", "decline"}, types
    for q in data:
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
    # declines that are not refusals: parts of a question the model cannot ground (storey, room, property)
    assert sum(q["oracle"]["type"] == "decline" and q["kind"] != "refuse" for q in data) >= 20
    # about a quarter of the right answers are declines: answering a broader question is the worst failure
    assert sum(q["oracle"]["type"] == "decline" for q in data) >= len(data) // 5
