"""bench/spatial/people_seventh.json equals what people_seventh_oracles.py computes, and covers issue 22's kinds.

The seventh set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is a held-out number for issue 22. Its oracles are IfcOpenShell functions over the shared models, so
a hand-edited or stale JSON would score every run against wrong answers: the file must equal a fresh
computation, a second, top-down walk must agree on a sample, and every kind of decline premise must fail
loudly on a generated model that holds what the decline says is absent.
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
SCRIPT = REPO / "bench" / "spatial" / "people_seventh_oracles.py"
HANDCHECKS = REPO / "bench" / "spatial" / "people_seventh_handchecks.py"
SEVENTH = REPO / "bench" / "spatial" / "people_seventh.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}
NEEDS = {"elements": {"guids"}, "count": {"value", "guids"}, "number": {"value", "unit", "rel_tol"},
         "yes_no": {"value"}, "storeys": {"value"}, "values": {"value", "unit", "guids"}, "decline": set()}


def _script() -> ModuleType:
    return load_script(SCRIPT)


def _data() -> list[dict]:  # type: ignore[type-arg]
    return json.loads(SEVENTH.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_committed_people_seventh_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.dumps(script.compute(shared_ifc))
    assert SEVENTH.read_text(encoding="utf-8") == fresh, (
        "bench/spatial/people_seventh.json differs from people_seventh_oracles.py: run "
        "`python bench/spatial/people_seventh_oracles.py --ifc-dir ../shared/ifc` and commit the result"
    )


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    run = [sys.executable, str(HANDCHECKS), "--ifc-dir", str(shared_ifc)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0 and "30/30 hand checks agree" in done.stdout, done.stdout + done.stderr


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    text = SEVENTH.read_text(encoding="utf-8")
    assert '"value": 108,' in text  # the windows of the Institute's 1. and 2. Obergeschoss
    stale = tmp_path / "people_seventh.json"
    stale.write_text(text.replace('"value": 108,', '"value": 107,', 1), encoding="utf-8")
    run = [sys.executable, str(SCRIPT), "--ifc-dir", str(shared_ifc), "--check", "-o", str(stale)]
    bad = subprocess.run(run, capture_output=True, text=True, timeout=900)
    assert bad.returncode == 1 and "differs from the oracles" in bad.stdout, bad.stdout + bad.stderr
    assert '"value": 107,' in stale.read_text(encoding="utf-8")  # --check wrote nothing
    missing = subprocess.run([sys.executable, str(SCRIPT), "--ifc-dir", str(tmp_path / "nope"), "--check"],
                             capture_output=True, text=True, timeout=900)
    assert missing.returncode == 2 and "pass --ifc-dir" in missing.stderr


def test_people_seventh_set_covers_every_kind_and_model_with_unique_ids() -> None:
    data = _data()
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS, kinds
    assert min(kinds.values()) >= 14 and max(kinds.values()) <= 20, kinds
    assert 170 <= len(data) <= 200
    assert len({q["ifc_filename"] for q in data}) == 16
    assert len({q["id"] for q in data}) == len(data)
    assert all(q["id"].startswith(f"seventh-{q['kind']}-") for q in data)
    assert len({q["query"].casefold() for q in data}) == len(data)  # no duplicates
    for q in data:
        assert set(q) == {"id", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}, q["id"]
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        assert NEEDS[q["oracle"]["type"]] <= set(q["oracle"]), q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
        if q["oracle"]["type"] == "decline":
            assert q["oracle_rule"].startswith("decline"), q["id"]
    declines = [q for q in data if q["oracle"]["type"] == "decline"]
    # ordinary questions with one part the model cannot ground (storey, room, word, property, unit)
    assert sum(q["kind"] != "refuse" for q in declines) >= 30
    # at least a quarter of the right answers are declines: answering a broader question is the worst failure
    assert 4 * len(declines) >= len(data)


def _tiny_model(path: Path, storey_name: str, *, with_cost: bool = False, door_fire_rating: str | None = None,
                storey: bool = True) -> Path:
    f = ifcopenshell.api.project.create_file(version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    door = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcDoor", name="Eingangstuer")
    if storey:
        level = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey_name)
        ifcopenshell.api.run("aggregate.assign_object", f, products=[level], relating_object=building)
        ifcopenshell.api.run("spatial.assign_container", f, products=[door], relating_structure=level)
    if door_fire_rating is not None:
        pset = ifcopenshell.api.run("pset.add_pset", f, product=door, name="Pset_DoorCommon")
        ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties={"FireRating": door_fire_rating})
    if with_cost:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    held = script.Model(_tiny_model(tmp_path / "held.ifc", "Mezzanine", with_cost=True, door_fire_rating="EI 30"))
    with pytest.raises(ValueError, match="exists"):
        script.no_storey(held, "mezzanine")
    with pytest.raises(ValueError, match="occurs in the model"):
        script.absent(held, "mezzanine")
    with pytest.raises(ValueError, match="FireRating"):
        script.no_prop(held, "IfcDoor", "FireRating")
    with pytest.raises(ValueError, match="IfcCost"):
        script.refuse(held, script.COST)
    with pytest.raises(ValueError, match="has storeys"):
        script.no_storeys_at_all(held, "IfcDoor")
    with pytest.raises(ValueError, match="does not exist"):
        script.refuse(held, None, [])  # a write whose target is absent is a plain decline, not a refusal
    plain = script.Model(_tiny_model(tmp_path / "plain.ifc", "EG", door_fire_rating=""))
    decline = {"type": "decline"}
    assert script.no_storey(plain, "mezzanine") == decline
    assert script.absent(plain, "mezzanine", "sauna") == decline
    assert script.no_prop(plain, "IfcDoor", "FireRating") == decline  # an empty string is no rating
    assert script.refuse(plain, script.COST) == decline
    assert script.refuse(plain, None, plain.of("IfcDoor")) == decline
    flat = script.Model(_tiny_model(tmp_path / "flat.ifc", "", storey=False))
    assert script.no_storeys_at_all(flat, "IfcDoor") == decline


def test_absent_ignores_globalids_but_not_names(tmp_path: Path) -> None:
    """A word inside a GlobalId is no word of the model; the same word in a name is."""
    script = _script()
    path = _tiny_model(tmp_path / "ids.ifc", "EG")
    f = ifcopenshell.open(str(path))
    f.by_type("IfcDoor")[0].GlobalId = "0SaunaAAAAAAAAAAAAAAAA"  # 22 characters of the GlobalId alphabet
    f.write(str(path))
    m = script.Model(path)
    assert script.absent(m, "sauna") == {"type": "decline"}
    with pytest.raises(ValueError, match="occurs in the model"):
        script.absent(m, "Eingangstuer")
