"""bench/spatial/people_twelfth.json equals what people_twelfth_oracles.py computes, and covers issue 22's kinds.

The twelfth set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is a held-out number for issue 22: 48 intents, each asked in four phrasings that share one oracle. Its
oracles are IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score every run
against the wrong answers: the file must equal a fresh computation, a second walk must agree on a sample, and a
decline's premise must fail loudly on a model that holds what the decline says is absent.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.api
import pytest

from ifcqa.spatial.bench_score import oracle_problem

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
SET = BENCH / "people_twelfth.json"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}


def _load(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@cache
def _script() -> ModuleType:
    return _load("people_twelfth_oracles")


@cache
def _hand() -> ModuleType:
    return _load("people_twelfth_handchecks")


@cache
def _data() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(SET.read_text(encoding="utf-8"))
    return data


def _intents() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in _data():
        out[q["intent"]].append(q)
    return out


def test_committed_people_twelfth_json_equals_the_oracles(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.compute(shared_ifc)
    assert _data() == json.loads(json.dumps(fresh, ensure_ascii=False))
    assert SET.read_text(encoding="utf-8") == importlib.import_module("people_oracles").dumps(fresh)


def test_the_four_phrasings_of_an_intent_share_one_oracle_and_differ_in_text() -> None:
    for intent, rows in _intents().items():
        assert [q["id"] for q in rows] == [f"{intent}-{x}" for x in "abcd"], intent
        for key in ("oracle", "oracle_rule", "ifc_filename", "kind", "source"):
            assert len({json.dumps(q[key], sort_keys=True) for q in rows}) == 1, (intent, key)
        texts = [q["query"].strip().lower() for q in rows]
        assert len(set(texts)) == 4, intent
        assert intent.startswith(f"twelfth-{rows[0]['kind']}-"), intent
    ids = [q["id"] for q in _data()]
    assert len(ids) == len(set(ids))


def test_people_twelfth_covers_every_kind_and_enough_models_and_declines() -> None:
    intents = _intents()
    assert 40 <= len(intents) <= 48
    first = [rows[0] for rows in intents.values()]
    kinds = Counter(q["kind"] for q in first)
    assert set(kinds) == KINDS, kinds
    assert all(4 <= n <= 5 for n in kinds.values()), kinds
    assert len({q["ifc_filename"] for q in first}) >= 12
    declines = [q for q in first if q["oracle"]["type"] == "decline"]
    assert len(declines) * 4 >= len(first), len(declines)
    assert sum(q["kind"] != "refuse" for q in declines) >= 7
    assert all(q["oracle"]["type"] == "decline" for q in first if q["kind"] == "refuse")
    assert not [q["id"] for q in _data() if oracle_problem(q)], [oracle_problem(q) for q in _data()]
    assert all(q["source"] == "ifcopenshell" and q["oracle_rule"] for q in _data())
    # an answered intent names what it rests on: its elements, or a value read from named elements
    for q in first:
        o = q["oracle"]
        if o["type"] in ("elements", "count", "number"):
            assert o["guids"], q["intent"]


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    result = _hand().run(shared_ifc, _data())
    assert len(result) >= 12
    assert all(ok == n == 4 for ok, n in result.values()), result


def test_a_hand_check_notices_a_wrong_oracle(shared_ifc: Path) -> None:
    hand = _hand()
    model, check = hand.CHECKS["twelfth-storey_class-02"]
    expected = check(ifcopenshell.open(str(shared_ifc / model)))
    (committed,) = {json.dumps(q["oracle"]) for q in _intents()["twelfth-storey_class-02"]}
    oracle = json.loads(committed)
    assert hand.agree(expected, oracle)
    oracle["value"] += 1
    assert not hand.agree(expected, oracle)
    assert not hand.agree(expected, {**json.loads(committed), "guids": oracle["guids"][1:]})


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(
        shared_ifc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _script()
    monkeypatch.setattr(script, "compute", lambda ifc_dir: _data())  # the computation itself is tested above
    assert script.main(["--ifc-dir", str(shared_ifc), "--check"]) == 0
    stale = tmp_path / "stale.json"
    text = SET.read_text(encoding="utf-8")
    assert '"value": 16,' in text
    stale.write_text(text.replace('"value": 16,', '"value": 17,', 1), encoding="utf-8")
    assert script.main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"]) == 1
    assert script.main(["--ifc-dir", str(tmp_path / "absent"), "--check"]) == 2


def _tiny(path: Path, holding: bool) -> Path:
    """An IFC4 model with a storey 'Level 3', a Kitchen space, furniture in it, a boiler with a serial number,
    a soundproof door, a cost item and a task (``holding``), or the same building without any of those."""
    run = ifcopenshell.api.run
    f = run("project.create_file", version="IFC4")
    project = run("root.create_entity", f, ifc_class="IfcProject", name="Tiny")
    run("unit.assign_unit", f)
    site = run("root.create_entity", f, ifc_class="IfcSite", name="Site")
    building = run("root.create_entity", f, ifc_class="IfcBuilding", name="House")
    storey = run("root.create_entity", f, ifc_class="IfcBuildingStorey", name="Level 3" if holding else "Level 1")
    run("aggregate.assign_object", f, products=[site], relating_object=project)
    run("aggregate.assign_object", f, products=[building], relating_object=site)
    run("aggregate.assign_object", f, products=[storey], relating_object=building)
    space = run("root.create_entity", f, ifc_class="IfcSpace", name="K1")
    space.LongName = "Kitchen" if holding else "Living"
    run("aggregate.assign_object", f, products=[space], relating_object=storey)
    table = run("root.create_entity", f, ifc_class="IfcFurniture", name="Table")
    run("spatial.assign_container", f, products=[table], relating_structure=space)
    boiler = run("root.create_entity", f, ifc_class="IfcBoiler", name="Boiler")
    run("spatial.assign_container", f, products=[boiler], relating_structure=storey)
    if holding:
        pset = run("pset.add_pset", f, product=boiler, name="Pset_ManufacturerOccurrence")
        run("pset.edit_pset", f, pset=pset, properties={"SerialNumber": "SN-0001"})
        door = run("root.create_entity", f, ifc_class="IfcDoor", name="Soundproof door")
        run("spatial.assign_container", f, products=[door], relating_structure=storey)
        run("root.create_entity", f, ifc_class="IfcCostItem", name="Replacement")
        run("root.create_entity", f, ifc_class="IfcTask", name="Install doors")
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    full = script.Model(_tiny(tmp_path / "full.ifc", holding=True))
    with pytest.raises(ValueError, match="exist"):
        script.no_storey(full, "Level 3")
    with pytest.raises(ValueError, match="kitchen"):
        script.no_text(full, "kitchen", "küche")
    with pytest.raises(ValueError, match="SerialNumber"):
        script.no_property(full, "serial")
    with pytest.raises(ValueError, match="sound"):
        script.no_text(full, "acoustic", "sound", "noise")
    with pytest.raises(ValueError, match="IfcCostItem"):
        script.refuse(full, script.COST)
    with pytest.raises(ValueError, match="IfcTask"):
        script.refuse(full, script.SCHEDULE)
    with pytest.raises(ValueError, match="not a decline"):
        script.both(script.decline(), {"type": "count", "value": 1})
    plain = script.Model(_tiny(tmp_path / "plain.ifc", holding=False))
    assert script.no_storey(plain, "Level 3") == {"type": "decline"}
    assert script.no_text(plain, "kitchen") == {"type": "decline"}
    assert script.no_property(plain, "serial") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == script.refuse(plain, script.SCHEDULE) == {"type": "decline"}
    with pytest.raises(ValueError, match="nothing found"):
        script.exists(plain.of("IfcDoor"), "doors")
    assert script.exists(plain.of("IfcBoiler"), "boiler") == {"type": "decline"}
