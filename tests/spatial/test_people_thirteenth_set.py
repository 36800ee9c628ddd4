"""bench/spatial/people_thirteenth.json equals what people_thirteenth_oracles.py computes, and is shaped as asked.

The thirteenth set is blind (written without reading the parser, its data files or the questions of the
earlier sets): 44 intents, each asked in four phrasings that share one oracle. Its oracles are IfcOpenShell
functions over the shared models, so the file must equal a fresh computation, a second, differently written
walk must agree on a sample of intents, and a decline's premise must fail loudly on a model that holds what
the decline says is absent (built here with ifcopenshell.api). Self-contained: no helper of other set tests.
"""

from __future__ import annotations

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

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
SET = BENCH / "people_thirteenth.json"
KINDS = ("storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup")  # fmt: skip


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
    return _load("people_thirteenth_oracles")


@cache
def _data() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(SET.read_text(encoding="utf-8"))
    return data


_FRESH: dict[str, str] = {}


def _fresh(shared_ifc: Path) -> str:
    if "text" not in _FRESH:
        script = _script()
        _FRESH["text"] = script.dumps(script.compute(shared_ifc))
    return _FRESH["text"]


def _intents() -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in _data():
        out[q["intent"]].append(q)
    return out


def test_committed_json_equals_a_fresh_computation(shared_ifc: Path) -> None:
    assert SET.read_text(encoding="utf-8") == _fresh(shared_ifc)


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    script = _script()
    text = _fresh(shared_ifc)
    stale = tmp_path / "stale.json"
    stale.write_text(text.replace('"value": 108,', '"value": 107,', 1), encoding="utf-8")
    assert stale.read_text(encoding="utf-8") != text

    def cached(_: Path) -> list[dict[str, Any]]:
        return list(json.loads(text))

    assert script.set_main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"], cached, stale, "x") == 1
    good = tmp_path / "good.json"
    good.write_text(text, encoding="utf-8")
    assert script.set_main(["--ifc-dir", str(shared_ifc), "-o", str(good), "--check"], cached, good, "x") == 0
    assert script.main(["--ifc-dir", str(tmp_path / "absent"), "-o", str(good), "--check"]) == 2


def test_four_phrasings_of_an_intent_share_oracle_rule_model_and_kind() -> None:
    for intent, qs in _intents().items():
        assert [q["id"] for q in qs] == [f"{intent}-{x}" for x in "abcd"], intent
        first = qs[0]
        for q in qs[1:]:
            for key in ("oracle", "oracle_rule", "ifc_filename", "kind", "source"):
                assert q[key] == first[key], (q["id"], key)
        texts = [" ".join(q["query"].lower().split()) for q in qs]
        assert len(set(texts)) == 4, intent
        assert len(qs[2]["query"]) > 2 * len(qs[0]["query"]), f"{intent}: (c) is not a message with context"
        assert intent == f"thirteenth-{first['kind']}-{intent.rsplit('-', 1)[1]}"


def test_coverage_kinds_models_declines_and_unique_ids() -> None:
    data = _data()
    assert len({q["id"] for q in data}) == len(data)
    intents = _intents()
    assert 36 <= len(intents) <= 44
    kinds = Counter(qs[0]["kind"] for qs in intents.values())
    assert set(kinds) == set(KINDS) and all(4 <= n <= 5 for n in kinds.values()), kinds
    models = {qs[0]["ifc_filename"] for qs in intents.values()}
    assert len(models) >= 12, models
    declines = [qs[0] for qs in intents.values() if qs[0]["oracle"]["type"] == "decline"]
    assert 0.22 <= len(declines) / len(intents) <= 0.35, len(declines)
    assert sum(q["kind"] != "refuse" for q in declines) >= 8
    assert all(q["oracle_rule"].startswith("decline:") for q in declines)
    assert all(qs[0]["oracle"]["type"] == "decline" for qs in intents.values() if qs[0]["kind"] == "refuse")
    types = Counter(qs[0]["oracle"]["type"] for qs in intents.values())
    assert len(types) >= 6, types
    german_models = {"AC20-FZK-Haus.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc",
                     "WP_Puffer_FWS_FBH10.ifc", "Heizung-Elektro_080729.ifc", "KIT-EDC_with_SB.ifc"}
    assert all(qs[0]["ifc_filename"] in german_models for qs in intents.values() if qs[0]["kind"] == "german")


def test_hand_checks_agree_with_every_phrasing(shared_ifc: Path) -> None:
    hand = _load("people_thirteenth_handchecks")
    assert len(hand.CHECKS) >= 12
    assert hand.run(shared_ifc, _data()) == []
    broken = json.loads(json.dumps(_data()))
    for q in broken:
        if q["intent"] == "thirteenth-rooms-03":
            q["oracle"]["value"] += 1
    assert len(hand.run(shared_ifc, broken)) == 4


def _premise_model(path: Path, holds: bool) -> Path:
    """A tiny IFC4 model; with ``holds`` it has what the declines deny: a 3.OG storey, a conference room, a
    fire-rating property, a cost item and a task."""
    f = ifcopenshell.file(schema="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=project)
    storey = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey",
                                  name="3.OG" if holds else "EG")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[storey], relating_object=building)
    space = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSpace",
                                 name="Conference room" if holds else "R1")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[space], relating_object=storey)
    door = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcDoor", name="D1")
    ifcopenshell.api.run("spatial.assign_container", f, products=[door], relating_structure=storey)
    pset = ifcopenshell.api.run("pset.add_pset", f, product=door, name="Pset_DoorCommon")
    props: dict[str, Any] = {"FireRating": "T30"} if holds else {"IsExternal": True}
    ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties=props)
    if holds:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
        work = ifcopenshell.api.run("sequence.add_work_schedule", f, name="Fit-out")
        ifcopenshell.api.run("sequence.add_task", f, work_schedule=work, name="Paint")
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    full = script.Model(_premise_model(tmp_path / "full.ifc", holds=True))
    with pytest.raises(ValueError, match="exist"):
        script.no_storey(full, "3.OG")
    with pytest.raises(ValueError, match="exist"):
        script.no_storeys(full, "1. OG", "3 . OG")
    with pytest.raises(ValueError, match="conference"):
        script.no_text(full, "conference")
    with pytest.raises(ValueError, match="FireRating"):
        script.no_property(full, "fire")
    with pytest.raises(ValueError, match="IfcCostItem"):
        script.refuse(full, script.COST)
    with pytest.raises(ValueError, match="IfcTask"):
        script.refuse(full, script.SCHEDULE)
    with pytest.raises(ValueError, match="does not exist"):
        script.exists(full.spaces(lambda s: s.Name == "101"))
    plain = script.Model(_premise_model(tmp_path / "plain.ifc", holds=False))
    decline = {"type": "decline"}
    assert script.no_storey(plain, "3.OG") == decline
    assert script.no_text(plain, "conference", "garage") == decline
    assert script.no_property(plain, "fire") == decline
    assert script.refuse(plain, script.COST) == decline
    assert script.refuse(plain, script.SCHEDULE) == decline
    assert script.exists(plain.spaces()) == decline
    assert isinstance(ifcopenshell.open(str(tmp_path / "plain.ifc")), ifcopenshell.file)
