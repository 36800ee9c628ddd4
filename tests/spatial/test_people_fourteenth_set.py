"""bench/spatial/people_fourteenth.json equals what people_fourteenth_oracles.py computes, and is well formed.

The fourteenth set is blind (written without reading the parser, its data files or the questions of other
sets): 45 intents, each asked in four phrasings that share one oracle. Its oracles are IfcOpenShell functions
over the shared models, so a hand-edited or stale JSON would score every run against wrong answers: the file
must equal a fresh computation, a second walk must agree on 31 intents, and each decline's premise must fail
loudly on a model that holds what the decline says is absent.
The checks every blind set shares are in ``blind_set_checks.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from blind_set_checks import BlindSet, tiny_model

SET = BlindSet("fourteenth", stale=('"value": 98,', '"value": 97,'), hand_checks=15)


def test_committed_json_equals_a_fresh_computation(shared_ifc: Path) -> None:
    SET.check_fresh(shared_ifc)


def test_check_flag_exits_0_fresh_1_stale_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    SET.check_flag(shared_ifc, tmp_path)


def test_records_are_well_formed() -> None:
    SET.check_well_formed()


def test_four_phrasings_per_intent_share_one_oracle_and_differ_in_text() -> None:
    SET.check_phrasings(c_is_a_message=False)


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
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", "Flur", acoustic=False, cost=False, task=False))
    assert script.no_storey(plain, "3.OG", "3. OG") == {"type": "decline"}
    assert script.no_text(plain, "garage") == {"type": "decline"}
    assert script.no_property(plain, "acoustic") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert script.refuse(plain, script.SCHEDULE) == {"type": "decline"}
