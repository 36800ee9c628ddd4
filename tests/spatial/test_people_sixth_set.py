"""bench/spatial/people_sixth.json equals what people_sixth_oracles.py computes, and covers issue 22's kinds.

The sixth set is blind (written without reading the parser, its data files or the questions of the earlier sets)
and is a held-out number for issue 22; its oracles are IfcOpenShell functions over the shared models, so a
hand-edited or stale JSON would score every run against the wrong answers: the file must equal a fresh computation
(done once per session here), a second, differently written walk must agree on a sample, and a decline's premise
must fail loudly when a model holds what the decline says is absent.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

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

BLIND = BlindSet("sixth", hand_checks=23, fragment='"value": 35,', stale='"value": 36,')


def _script() -> ModuleType:
    return BLIND.module()


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _script()


def test_committed_people_sixth_json_equals_the_oracles(script: ModuleType, shared_ifc: Path) -> None:
    assert_json_is_fresh(BLIND, shared_ifc, script)


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    assert_hand_checks_agree(BLIND, shared_ifc)


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    assert_check_flag_refuses(BLIND, shared_ifc, tmp_path)


def test_people_sixth_set_covers_every_kind_and_model_with_unique_ids() -> None:
    assert_shape(BLIND, size=(170, 200), per_kind=(14, 20), models=16, ordinary_declines=30, rule_prefix="decline: ")


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(script: ModuleType, tmp_path: Path) -> None:
    full = script.Model(tiny_model(tmp_path / "full.ifc", "Keller", cost=True, fire_rating="EI 30", space="Sauna"))
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
    empty = script.Model(tiny_model(tmp_path / "empty.ifc", "EG", fire_rating=""))
    assert script.no_storey(empty, "Keller") == {"type": "decline"}
    assert script.refuse(empty, script.COST, exists=lambda m: m.of("IfcDoor")) == {"type": "decline"}
    assert script.no_prop(empty, "IfcDoor", "FireRating") == {"type": "decline"}  # an empty string records nothing
    assert script.no_space(empty, "sauna") == {"type": "decline"}
    assert script.absent(script.Model6(tmp_path / "empty.ifc"), "budget", "sauna") is None
    assert isinstance(ifcopenshell.open(str(tmp_path / "empty.ifc")), ifcopenshell.file)
