"""bench/spatial/people_ninth.json equals what people_ninth_oracles.py computes, and covers issue 22's kinds.

The ninth set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is a held-out number for issue 22: its oracles are IfcOpenShell functions over the shared models, so a
hand-edited or stale JSON would score every run against the wrong answers. The file must equal a fresh
computation, a second walk (people_ninth_handchecks.py) must agree on its sample and must catch a tampered
oracle, and a decline's premise must fail loudly when the model holds what the decline says is absent.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.context
import ifcopenshell.api.root
import ifcopenshell.api.unit
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
SET = BENCH / "people_ninth.json"
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


@pytest.fixture(scope="module")
def oracles() -> ModuleType:
    return _load("people_ninth_oracles")


@pytest.fixture(scope="module")
def handchecks() -> ModuleType:
    return _load("people_ninth_handchecks")


def _data() -> list[dict[str, Any]]:
    return list(json.loads(SET.read_text(encoding="utf-8")))


def test_committed_people_ninth_json_equals_the_oracles(oracles: ModuleType, shared_ifc: Path) -> None:
    fresh = oracles.compute(shared_ifc)
    committed = _data()
    assert [q["id"] for q in fresh] == [q["id"] for q in committed]
    for new, old in zip(fresh, committed, strict=True):
        assert new == old, new["id"]
    # and byte for byte, as --check compares it
    assert SET.read_text(encoding="utf-8") == json.dumps(fresh, indent=1, ensure_ascii=False) + "\n"


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(
    oracles: ModuleType, shared_ifc: Path, tmp_path: Path
) -> None:
    stale = tmp_path / "stale.json"
    text = SET.read_text(encoding="utf-8")
    assert '"value": 16,' in text
    stale.write_text(text.replace('"value": 16,', '"value": 17,', 1), encoding="utf-8")
    assert oracles.main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"]) == 1
    # (a fresh file passing --check is the byte-for-byte comparison above)
    assert oracles.main(["--ifc-dir", str(tmp_path / "nowhere"), "-o", str(SET), "--check"]) == 2


def test_hand_checks_agree_with_the_committed_oracles(handchecks: ModuleType, shared_ifc: Path) -> None:
    assert len(handchecks.CHECKS) >= 20
    assert handchecks.compare(shared_ifc, _data()) == []


def test_hand_checks_catch_a_tampered_oracle(handchecks: ModuleType, shared_ifc: Path) -> None:
    data = copy.deepcopy(_data())
    target = next(q for q in data if q["id"] == "ninth-rooms-03")
    target["oracle"]["guids"] = target["oracle"]["guids"][1:]
    bad = handchecks.compare(shared_ifc, data, only=["ninth-rooms-03", "ninth-rooms-01"])
    assert len(bad) == 1 and bad[0].startswith("ninth-rooms-03:"), bad


def test_people_ninth_set_covers_every_kind_persona_and_model() -> None:
    data = _data()
    assert 150 <= len(data) <= 170
    ids = [q["id"] for q in data]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"ninth-[a-z_]+-\d\d", i) for i in ids)
    assert all(q["id"].split("-")[1] == q["kind"] for q in data)
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == set(KINDS) and all(14 <= n <= 20 for n in kinds.values()), kinds
    personas = Counter(q["persona"] for q in data)
    assert len(personas) == 6 and all(25 <= n <= 30 for n in personas.values()), personas
    assert len({q["ifc_filename"] for q in data}) == 16
    assert all(q["source"] == "ifcopenshell" and q["oracle_rule"] for q in data)
    declines = [q for q in data if q["oracle"]["type"] == "decline"]
    assert len(declines) * 4 >= len(data)
    assert sum(q["kind"] != "refuse" for q in declines) >= 20
    assert all(q["oracle_rule"].startswith("decline") for q in declines)


def _tiny(path: Path, storey: str, space: str | None = None, cost: bool = False) -> Path:
    f = ifcopenshell.file(schema="IFC4")
    project = ifcopenshell.api.root.create_entity(f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.unit.assign_unit(f)
    ifcopenshell.api.context.add_context(f, context_type="Model")
    site = ifcopenshell.api.root.create_entity(f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.root.create_entity(f, ifc_class="IfcBuilding", name="B")
    level = ifcopenshell.api.root.create_entity(f, ifc_class="IfcBuildingStorey", name=storey)
    ifcopenshell.api.aggregate.assign_object(f, products=[site], relating_object=project)
    ifcopenshell.api.aggregate.assign_object(f, products=[building], relating_object=site)
    ifcopenshell.api.aggregate.assign_object(f, products=[level], relating_object=building)
    if space is not None:
        room = ifcopenshell.api.root.create_entity(f, ifc_class="IfcSpace", name="1")
        room.LongName = space
        ifcopenshell.api.aggregate.assign_object(f, products=[room], relating_object=level)
    if cost:
        f.create_entity("IfcCostItem", GlobalId=ifcopenshell.guid.new(), Name="rent")
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(oracles: ModuleType, tmp_path: Path) -> None:
    full = oracles.NinthModel(_tiny(tmp_path / "full.ifc", "Keller", space="Wintergarten", cost=True))
    with pytest.raises(ValueError, match="does exist"):
        oracles.no_storey(full, "keller")
    with pytest.raises(ValueError, match="does exist"):
        oracles.no_space(full, "wintergarten")
    with pytest.raises(ValueError, match="occurs in"):
        oracles.absent(full, "Wintergarten")
    with pytest.raises(ValueError, match="IfcCostItem"):
        oracles.refuse(full, oracles.COST)
    with pytest.raises(ValueError, match="does not exist"):
        oracles.refuse_write(full, [])
    plain = oracles.NinthModel(_tiny(tmp_path / "plain.ifc", "EG"))
    decline = {"type": "decline"}
    assert oracles.no_storey(plain, "Keller") == decline
    assert oracles.no_space(plain, "Wintergarten") == decline
    assert oracles.absent(plain, "Wintergarten") == decline
    assert oracles.refuse(plain, oracles.COST) == decline
