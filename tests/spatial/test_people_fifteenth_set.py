"""bench/spatial/people_fifteenth.json equals what people_fifteenth_oracles.py computes, and is well formed.

The fifteenth set is blind (written without reading the parser, its data files or how the current code answers):
45 intents over 14 models, each asked in four phrasings that share one oracle. Its oracles are IfcOpenShell
functions over the shared models, so a hand-edited or stale JSON would score every run against wrong answers:
the file must equal a fresh computation, a second walk must agree on 32 intents, and each decline's premise
must fail loudly on a model that holds what the decline says is absent.
The checks every blind set shares are in ``blind_set_checks.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from blind_set_checks import BlindSet, tiny_model

SET = BlindSet("fifteenth", stale=('"value": 28,', '"value": 27,'), hand_checks=15)


def test_committed_json_equals_a_fresh_computation(shared_ifc: Path) -> None:
    SET.check_fresh(shared_ifc)


def test_check_flag_exits_0_fresh_1_stale_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    SET.check_flag(shared_ifc, tmp_path)


def test_records_are_well_formed() -> None:
    SET.check_well_formed()


def test_four_phrasings_per_intent_share_one_oracle_and_differ_in_text() -> None:
    SET.check_phrasings()


def test_coverage_of_kinds_models_and_declines() -> None:
    SET.check_coverage()


def test_hand_checks_agree_with_all_four_phrasings(shared_ifc: Path) -> None:
    SET.check_hand(shared_ifc)


def test_hand_checks_catch_a_changed_oracle_in_every_phrasing(shared_ifc: Path) -> None:
    SET.check_hand_catches_a_changed_oracle(shared_ifc)


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = SET.script()
    full = script.Model(tiny_model(tmp_path / "full.ifc", "3.OG", "Garage", acoustic=True, cost=True, task=True))
    with pytest.raises(ValueError, match="exists"):
        script.no_storey(full, "3.OG", "3. OG")
    with pytest.raises(ValueError, match="exists"):
        script.no_storey(full, "3. og")  # case- and space-insensitive
    with pytest.raises(ValueError, match="garage"):
        script.no_text(full, "garage")
    with pytest.raises(ValueError, match="exists"):
        script.no_storey(full, "Level 3", "3.og")
    with pytest.raises(ValueError, match="AcousticRating"):
        script.no_property(full, "acoustic")
    with pytest.raises(ValueError, match="IfcCostSchedule"):
        script.refuse(full, script.COST)
    with pytest.raises(ValueError, match="IfcTask|IfcWorkSchedule"):
        script.refuse(full, script.SCHEDULE)
    with pytest.raises(ValueError, match="storeys exist"):
        script.no_storeys_at_all(full)
    with pytest.raises(ValueError, match="premise"):
        script.exists([], "doors")
    with pytest.raises(ValueError, match="spaces exist"):
        script.no_spaces(full)
    with pytest.raises(ValueError, match="spaces or area"):
        script.no_area(full)
    (door,) = full.of("IfcDoor")
    with pytest.raises(ValueError, match="AcousticRating"):
        script.no_prop_on([door], "acoustic")
    with pytest.raises(ValueError, match="premise"):
        script.no_prop_on([], "power")
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", None, acoustic=False, cost=False, task=False))
    assert script.no_spaces(plain) == {"type": "decline"}
    assert script.no_area(plain) == {"type": "decline"}
    assert script.no_prop_on(plain.of("IfcDoor"), "acoustic", "power") == {"type": "decline"}
    assert script.no_storey(plain, "3.OG", "3. OG") == {"type": "decline"}
    assert script.no_text(plain, "garage") == {"type": "decline"}
    assert script.no_storey(plain, "Level 3") == {"type": "decline"}
    assert script.no_property(plain, "acoustic") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert script.refuse(plain, script.SCHEDULE) == {"type": "decline"}
