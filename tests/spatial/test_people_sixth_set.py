"""bench/spatial/people_sixth.json equals what people_sixth_oracles.py computes, and covers issue 22's kinds.

The sixth set is blind (written without reading the parser, its data files or the questions of the earlier sets)
and is a held-out number for issue 22; its oracles are IfcOpenShell functions over the shared models, so a
hand-edited or stale JSON would score every run against the wrong answers: the file must equal a fresh computation
(done once per session here), a second, differently written walk must agree on a sample, and a decline's premise
must fail loudly when a model holds what the decline says is absent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.api.project
import pytest

from bench_scripts import load_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "people_sixth_oracles.py"
HANDCHECKS = REPO / "bench" / "spatial" / "people_sixth_handchecks.py"
SIXTH = REPO / "bench" / "spatial" / "people_sixth.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}
NEEDS = {"elements": {"guids"}, "count": {"value", "guids"}, "number": {"value", "unit", "rel_tol"},
         "yes_no": {"value"}, "storeys": {"value"}, "values": {"value", "unit", "guids"}, "decline": set()}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def _data() -> list[dict[str, Any]]:
    return json.loads(SIXTH.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _script()


def test_committed_people_sixth_json_equals_the_oracles(script: ModuleType, shared_ifc: Path) -> None:
    fresh = script.dumps(script.compute(shared_ifc))
    assert SIXTH.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people_sixth.json differs from people_sixth_oracles.py: run "
        "`python bench/spatial/people_sixth_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    run = [sys.executable, str(HANDCHECKS), "--ifc-dir", str(shared_ifc)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "23/23 hand checks agree" in done.stdout, done.stdout + done.stderr


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    text = SIXTH.read_text(encoding="utf-8")
    assert '"value": 35,' in text  # the 1.OG door count of KIT-EDC
    stale = tmp_path / "people_sixth.json"
    stale.write_text(text.replace('"value": 35,', '"value": 36,', 1), encoding="utf-8")
    run = [sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check", "-o", str(stale)]
    bad = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert bad.returncode == 1 and "differs from the oracles" in bad.stdout, bad.stdout + bad.stderr
    assert stale.read_text(encoding="utf-8") != text  # --check wrote nothing
    missing = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(tmp_path / "nope"), "--check"],
                             capture_output=True, text=True, timeout=600)
    assert missing.returncode == 2 and "pass --ifc-dir" in missing.stderr


def test_people_sixth_set_covers_every_kind_and_model_with_unique_ids() -> None:
    data = _data()
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS, kinds
    assert all(14 <= n <= 20 for n in kinds.values()), kinds
    assert 170 <= len(data) <= 200
    assert len({q["ifc_filename"] for q in data}) == 16
    assert len({q["id"] for q in data}) == len(data)
    assert all(q["id"].startswith(f"sixth-{q['kind']}-") for q in data)
    assert len({q["query"].casefold() for q in data}) == len(data)  # no duplicates
    for q in data:
        assert set(q) == {"id", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}, q["id"]
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        assert NEEDS[q["oracle"]["type"]] <= set(q["oracle"]), q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
        if q["oracle"]["type"] == "decline":
            assert q["oracle_rule"].startswith("decline: "), q["id"]
    declines = [q for q in data if q["oracle"]["type"] == "decline"]
    # ordinary questions with one part the model cannot ground (storey, room, property, quantity, unit, grouping)
    assert sum(q["kind"] != "refuse" for q in declines) >= 30
    # at least a quarter of the right answers are declines: answering a broader question is the worst failure
    assert 4 * len(declines) >= len(data)


def _tiny_model(path: Path, storey_name: str, *, cost: bool = False, fire_rating: str | None = None,
                space: str | None = None) -> Path:
    f = ifcopenshell.api.project.create_file(version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    storey = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey_name)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[storey], relating_object=building)
    door = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcDoor", name="D1")
    ifcopenshell.api.run("spatial.assign_container", f, products=[door], relating_structure=storey)
    if fire_rating is not None:
        pset = ifcopenshell.api.run("pset.add_pset", f, product=door, name="Pset_DoorCommon")
        ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties={"FireRating": fire_rating})
    if space is not None:
        room = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSpace", name="R1")
        room.LongName = space
        ifcopenshell.api.run("aggregate.assign_object", f, products=[room], relating_object=storey)
    if cost:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(script: ModuleType, tmp_path: Path) -> None:
    full = script.Model(_tiny_model(tmp_path / "full.ifc", "Keller", cost=True, fire_rating="EI 30", space="Sauna"))
    with pytest.raises(ValueError, match="does exist"):
        script.no_storey(full, "keller")  # case-insensitive
    with pytest.raises(ValueError, match="IfcCostItem"):
        script.refuse(full, script.COST)
    with pytest.raises(ValueError, match="FireRating"):
        script.no_prop(full, "IfcDoor", "FireRating")
    with pytest.raises(ValueError, match="space"):
        script.no_space(full, "sauna")
    with pytest.raises(ValueError, match="budget"):
        script.absent(script.Model6(tmp_path / "full.ifc"), "budget")  # the raw text, then the file's strings
    with pytest.raises(ValueError, match="does not exist"):
        script.refuse(full, exists=lambda m: m.of("IfcWindow"))  # a write to something absent is no refusal
    empty = script.Model(_tiny_model(tmp_path / "empty.ifc", "EG", fire_rating=""))
    assert script.no_storey(empty, "Keller") == {"type": "decline"}
    assert script.refuse(empty, script.COST, exists=lambda m: m.of("IfcDoor")) == {"type": "decline"}
    assert script.no_prop(empty, "IfcDoor", "FireRating") == {"type": "decline"}  # an empty string records nothing
    assert script.no_space(empty, "sauna") == {"type": "decline"}
    assert script.absent(script.Model6(tmp_path / "empty.ifc"), "budget", "sauna") is None
    assert isinstance(ifcopenshell.open(str(tmp_path / "empty.ifc")), ifcopenshell.file)
