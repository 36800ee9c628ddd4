"""bench/spatial/people_seventh.json equals what people_seventh_oracles.py computes, and covers issue 22's kinds.

The seventh set is blind (written without reading the parser, its data files or the questions of the earlier
sets) and is a held-out number for issue 22. Its oracles are IfcOpenShell functions over the shared models, so
a hand-edited or stale JSON would score every run against wrong answers: the file must equal a fresh
computation, a second, top-down walk must agree on a sample, and every kind of decline premise must fail
loudly on a generated model that holds what the decline says is absent.
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

BLIND = BlindSet("seventh", hand_checks=30, fragment='"value": 108,', stale='"value": 107,')


def _script() -> ModuleType:
    return BLIND.module()


def test_committed_people_seventh_json_equals_the_oracles(shared_ifc: Path) -> None:
    assert_json_is_fresh(BLIND, shared_ifc)


def test_hand_checks_agree_with_the_committed_oracles(shared_ifc: Path) -> None:
    assert_hand_checks_agree(BLIND, shared_ifc)


def test_check_flag_exits_1_on_a_stale_file_and_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    assert_check_flag_refuses(BLIND, shared_ifc, tmp_path)


def test_people_seventh_set_covers_every_kind_and_model_with_unique_ids() -> None:
    assert_shape(BLIND, size=(170, 200), per_kind=(14, 20), models=16, ordinary_declines=30)


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    held = script.Model(tiny_model(tmp_path / "held.ifc", "Mezzanine", door_name="Eingangstuer", cost=True,
                                   fire_rating="EI 30"))
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
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", door_name="Eingangstuer", fire_rating=""))
    decline = {"type": "decline"}
    assert script.no_storey(plain, "mezzanine") == decline
    assert script.absent(plain, "mezzanine", "sauna") == decline
    assert script.no_prop(plain, "IfcDoor", "FireRating") == decline  # an empty string is no rating
    assert script.refuse(plain, script.COST) == decline
    assert script.refuse(plain, None, plain.of("IfcDoor")) == decline
    flat = script.Model(tiny_model(tmp_path / "flat.ifc", "", door_name="Eingangstuer", storey=False))
    assert script.no_storeys_at_all(flat, "IfcDoor") == decline


def test_absent_ignores_globalids_but_not_names(tmp_path: Path) -> None:
    """A word inside a GlobalId is no word of the model; the same word in a name is."""
    script = _script()
    path = tiny_model(tmp_path / "ids.ifc", "EG", door_name="Eingangstuer")
    f = ifcopenshell.open(str(path))
    f.by_type("IfcDoor")[0].GlobalId = "0SaunaAAAAAAAAAAAAAAAA"  # 22 characters of the GlobalId alphabet
    f.write(str(path))
    m = script.Model(path)
    assert script.absent(m, "sauna") == {"type": "decline"}
    with pytest.raises(ValueError, match="occurs in the model"):
        script.absent(m, "Eingangstuer")
