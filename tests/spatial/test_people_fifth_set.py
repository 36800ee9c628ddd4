"""bench/spatial/people_fifth.json equals what people_fifth_oracles.py computes, and covers issue 22's kinds.

The fifth set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is the held-out number for issue 22; its oracles are IfcOpenShell functions over the shared models,
so a hand-edited or stale JSON would score every run against the wrong answers: the file must equal a fresh
computation, a second walk must agree on a sample, and a decline's premise must fail loudly when the model
holds what the decline says is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.api.project
import pytest

from bench_scripts import load_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "people_fifth_oracles.py"
HANDCHECKS = REPO / "bench" / "spatial" / "people_fifth_handchecks.py"
FIFTH = REPO / "bench" / "spatial" / "people_fifth.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}
NEEDS = {"elements": {"guids"}, "count": {"value", "guids"}, "number": {"value", "unit", "rel_tol"},
         "yes_no": {"value"}, "storeys": {"value"}, "values": {"value", "unit", "guids"}, "decline": set()}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def _data() -> list[dict]:  # type: ignore[type-arg]
    return json.loads(FIFTH.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_committed_people_fifth_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.dumps(script.compute(shared_ifc))
    assert FIFTH.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people_fifth.json differs from people_fifth_oracles.py: run "
        "`python bench/spatial/people_fifth_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    run = [sys.executable, str(HANDCHECKS), "--ifc-dir", str(shared_ifc)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "22/22 hand checks agree" in done.stdout, done.stdout + done.stderr


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    text = FIFTH.read_text(encoding="utf-8")
    assert '"value": 29,' in text  # the EG door count of KIT-EDC
    stale = tmp_path / "people_fifth.json"
    stale.write_text(text.replace('"value": 29,', '"value": 30,', 1), encoding="utf-8")
    run = [sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check", "-o"]
    bad = subprocess.run([*run, str(stale)], capture_output=True, text=True, timeout=600)
    assert bad.returncode == 1 and "differs from the oracles" in bad.stdout, bad.stdout + bad.stderr
    assert stale.read_text(encoding="utf-8") != text  # --check wrote nothing
    good = subprocess.run([*run, str(FIFTH)], capture_output=True, text=True, timeout=600)
    assert good.returncode == 0 and "up to date" in good.stdout, good.stdout + good.stderr
    missing = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(tmp_path / "nope"), "--check"],
                             capture_output=True, text=True, timeout=600)
    assert missing.returncode == 2 and "pass --ifc-dir" in missing.stderr


def test_people_fifth_set_covers_every_kind_and_model_with_unique_ids() -> None:
    data = _data()
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS, kinds
    assert min(kinds.values()) >= 14, kinds
    assert 180 <= len(data) <= 200
    assert len({q["ifc_filename"] for q in data}) >= 11
    assert len({q["id"] for q in data}) == len(data)
    assert all(q["id"].startswith(f"fifth-{q['kind']}-") for q in data)
    assert len({q["query"].casefold() for q in data}) == len(data)  # no duplicates
    for q in data:
        assert set(q) == {"id", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}, q["id"]
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        assert NEEDS[q["oracle"]["type"]] <= set(q["oracle"]), q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
    declines = [q for q in data if q["oracle"]["type"] == "decline"]
    # ordinary questions with one part the model cannot ground (storey, room, property, quantity), not refusals
    assert sum(q["kind"] != "refuse" for q in declines) >= 20
    # at least a quarter of the right answers are declines: answering a broader question is the worst failure
    assert 4 * len(declines) >= len(data)


def test_the_set_leans_on_the_models_earlier_sets_used_little() -> None:
    per_model = Counter(q["ifc_filename"] for q in _data())
    little = ["AC20-FZK-Haus.ifc", "Duplex_Electrical_20121207.ifc", "ExampleHOM.ifc", "KIT-EDC_with_SB.ifc",
              "revit_quantities.ifc", "3rooms_Heater_AirTerminal_Table_with_SB.ifc", "WP_Puffer_FWS_FBH10.ifc",
              "domestic-hot-water.ifc", "linear-placement-of-signal.ifc", "IfcOpenHouse_IFC4.ifc"]
    assert all(per_model[m] >= 3 for m in little), per_model
    assert sum(per_model[m] for m in little) > len(_data()) // 2, per_model


def _tiny_model(path: Path, storey_name: str, with_cost: bool) -> Path:
    f = ifcopenshell.api.project.create_file(version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    storey = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey_name)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[storey], relating_object=building)
    if with_cost:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    m = script.Model(_tiny_model(tmp_path / "keller.ifc", "Keller", with_cost=True))
    with pytest.raises(ValueError, match="exist"):
        script.no_storey(m, "Keller")
    with pytest.raises(ValueError, match="IfcCostItem"):
        script.refuse(m, script.COST)
    assert script.no_storey(m, "3.OG") == {"type": "decline"}
    plain = script.Model(_tiny_model(tmp_path / "plain.ifc", "EG", with_cost=False))
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert isinstance(ifcopenshell.open(str(tmp_path / "plain.ifc")), ifcopenshell.file)
