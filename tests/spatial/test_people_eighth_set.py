"""bench/spatial/people_eighth.json equals what people_eighth_oracles.py computes, four phrasings per intent.

The eighth set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is a held-out number for issue 22: each of its 48 intents is asked in four phrasings that must share
one oracle. A hand-edited or stale JSON would score every run against wrong answers, so the file must equal
a fresh computation, a second walk must agree on a sample, and a decline's premise must fail loudly when the
model holds what the decline says is absent.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.api
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
JSON = BENCH / "people_eighth.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}
FIELDS = {"id", "intent", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}


def _load(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def oracles() -> ModuleType:
    return _load("people_eighth_oracles")


def _data() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(JSON.read_text(encoding="utf-8"))
    return data


def test_committed_json_equals_a_fresh_computation(oracles: ModuleType, shared_ifc: Path) -> None:
    fresh = json.loads(json.dumps(oracles.compute(shared_ifc), ensure_ascii=False))
    committed = _data()
    assert [q["id"] for q in fresh] == [q["id"] for q in committed]
    for mine, theirs in zip(fresh, committed, strict=True):
        assert mine == theirs, mine["id"]


def test_the_four_phrasings_of_an_intent_share_model_kind_rule_and_oracle() -> None:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in _data():
        assert set(q) == FIELDS, q["id"]
        groups[q["intent"]].append(q)
    for intent, qs in groups.items():
        assert [q["id"] for q in qs] == [f"{intent}-{form}" for form in "abcd"]
        assert len({q["query"].casefold() for q in qs}) == 4, intent
        for key in ("ifc_filename", "kind", "oracle", "oracle_rule", "source"):
            assert len({json.dumps(q[key], sort_keys=True) for q in qs}) == 1, (intent, key)


def test_the_set_covers_every_kind_all_models_and_a_quarter_declines(shared_ifc: Path) -> None:
    data = _data()
    intents = {q["intent"]: q for q in data}
    assert 44 <= len(intents) <= 48 and len(data) == 4 * len(intents)
    per_kind = Counter(q["kind"] for q in intents.values())
    assert set(per_kind) == KINDS and all(4 <= n <= 5 for n in per_kind.values()), per_kind
    models = {q["ifc_filename"] for q in data}
    assert models == {p.name for p in shared_ifc.glob("*.ifc")}
    declines = [q for q in intents.values() if q["oracle"]["type"] == "decline"]
    assert len(declines) * 4 >= len(intents)
    assert sum(q["kind"] != "refuse" for q in declines) >= 6  # ordinary questions with one ungrounded part
    assert all(q["oracle_rule"].startswith("decline:") for q in declines)
    assert len({q["query"] for q in data}) == len(data)


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    hand = _load("people_eighth_handchecks")
    rows = hand.compare(shared_ifc, _data())
    assert len(rows) >= 12
    assert [intent for intent, ok, _ in rows if not ok] == []


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    script = BENCH / "people_eighth_oracles.py"
    stale = tmp_path / "stale.json"
    stale.write_text(JSON.read_text(encoding="utf-8").replace('"value": 34,', '"value": 35,', 1), encoding="utf-8")
    assert stale.read_text(encoding="utf-8") != JSON.read_text(encoding="utf-8")
    run = subprocess.run([sys.executable, str(script), "--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 1 and "differs" in run.stdout
    run = subprocess.run([sys.executable, str(script), "--ifc-dir", str(tmp_path / "nowhere"), "--check"],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 2 and "no IFC directory" in run.stderr


def _tiny(path: Path, storey: str, *, cost: bool = False, word: str = "", load_bearing: bool = False) -> Path:
    f = ifcopenshell.api.run("project.create_file", version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name=word or "P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    level = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[level], relating_object=building)
    wall = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcWall", name="W1")
    ifcopenshell.api.run("spatial.assign_container", f, products=[wall], relating_structure=level)
    if load_bearing:
        pset = ifcopenshell.api.run("pset.add_pset", f, product=wall, name="Pset_WallCommon")
        ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties={"LoadBearing": True})
    if cost:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Prices")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(oracles: ModuleType,
                                                                          tmp_path: Path) -> None:
    m = oracles.M8(_tiny(tmp_path / "l3.ifc", "Level 3", cost=True, word="Conference centre", load_bearing=True))
    with pytest.raises(ValueError, match="exist"):
        oracles.no_storey(m, "Level 3")
    with pytest.raises(ValueError, match="IfcCost"):
        oracles.refuse(m, oracles.COST)
    with pytest.raises(ValueError, match="conference"):
        oracles.text_absent(m, "conference")
    with pytest.raises(ValueError, match="LoadBearing"):
        oracles.no_property(m.of("IfcWall"), "loadbearing")
    with pytest.raises(ValueError, match="storeys"):
        oracles.no_storeys_at_all(m)
    with pytest.raises(ValueError, match="does not exist"):
        oracles.refuse_write(m.of("IfcDoor"))
    plain = oracles.M8(_tiny(tmp_path / "plain.ifc", "Level 1"))
    assert oracles.no_storey(plain, "Level 3") == {"type": "decline"}
    assert oracles.refuse(plain, oracles.COST) == {"type": "decline"}
    assert oracles.text_absent(plain, "conference") == {"type": "decline"}
    assert oracles.no_property(plain.of("IfcWall"), "loadbearing") == {"type": "decline"}
