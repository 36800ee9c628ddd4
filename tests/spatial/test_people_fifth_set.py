"""bench/spatial/people_fifth.json equals what people_fifth_oracles.py computes, and covers issue 22's kinds.

The fifth set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is the held-out number for issue 22; its oracles are IfcOpenShell functions over the shared models,
so a hand-edited or stale JSON would score every run against the wrong answers: the file must equal a fresh
computation, a second walk must agree on a sample, and a decline's premise must fail loudly when the model
holds what the decline says is absent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import pytest
from blind_sets import (
    BlindSet,
    assert_check_flag_refuses,
    assert_hand_checks_agree,
    assert_json_is_fresh,
    assert_shape,
    tiny_model,
)

BLIND = BlindSet("fifth", hand_checks=22, fragment='"value": 29,', stale='"value": 30,')


def _script() -> ModuleType:
    return BLIND.module()


def _data() -> list[dict[str, Any]]:
    return BLIND.data()


def test_committed_people_fifth_json_equals_the_oracles(shared_ifc: Path) -> None:
    assert_json_is_fresh(BLIND, shared_ifc)


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    assert_hand_checks_agree(BLIND, shared_ifc)


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    assert_check_flag_refuses(BLIND, shared_ifc, tmp_path)


def test_people_fifth_set_covers_every_kind_and_model_with_unique_ids() -> None:
    assert_shape(BLIND, size=(180, 200), per_kind=(14, 40), models=11, ordinary_declines=20, rule_prefix="")


def test_the_set_leans_on_the_models_earlier_sets_used_little() -> None:
    per_model = Counter(q["ifc_filename"] for q in _data())
    little = ["AC20-FZK-Haus.ifc", "Duplex_Electrical_20121207.ifc", "ExampleHOM.ifc", "KIT-EDC_with_SB.ifc",
              "revit_quantities.ifc", "3rooms_Heater_AirTerminal_Table_with_SB.ifc", "WP_Puffer_FWS_FBH10.ifc",
              "domestic-hot-water.ifc", "linear-placement-of-signal.ifc", "IfcOpenHouse_IFC4.ifc"]
    assert all(per_model[m] >= 3 for m in little), per_model
    assert sum(per_model[m] for m in little) > len(_data()) // 2, per_model


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    m = script.Model(tiny_model(tmp_path / "keller.ifc", "Keller", cost=True))
    with pytest.raises(ValueError, match="exist"):
        script.no_storey(m, "Keller")
    with pytest.raises(ValueError, match="IfcCostItem"):
        script.refuse(m, script.COST)
    assert script.no_storey(m, "3.OG") == {"type": "decline"}
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", cost=False))
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert isinstance(ifcopenshell.open(str(tmp_path / "plain.ifc")), ifcopenshell.file)
