"""bench/spatial/people_seventeenth.json equals what people_seventeenth_oracles.py computes, and is well formed.

The seventeenth set is blind (written without reading the parser, its data files or how the current code
answers): 45 intents over 12 models, each asked in four phrasings that share one oracle. Its oracles are
IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score every run against wrong
answers: the file must equal a fresh computation, a second walk must agree on all 33 answerable intents, and each
decline's premise (and the guard that a scope really narrows) must fail loudly on a model that holds what the
decline says is absent. The set must also spread differently from the fourteenth, fifteenth and sixteenth sets
(more weight on the models they used little, many kinds asked on a model none of them used for that kind) and
its (c) messages must use structures those sets did not.
The checks every blind set shares are in ``blind_set_checks.py``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from blind_set_checks import BENCH, BlindSet, tiny_model

SET = BlindSet("seventeenth", stale=('"value": 35,', '"value": 34,'), hand_checks=25)


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


def _earlier_pairs() -> tuple[Counter[str], set[tuple[str, str]]]:
    """How many intents the fourteenth, fifteenth and sixteenth sets put on each model, and their (model, kind)
    pairs."""
    used: Counter[str] = Counter()
    pairs: set[tuple[str, str]] = set()
    for name in ("people_fourteenth.json", "people_fifteenth.json", "people_sixteenth.json"):
        for q in json.loads((BENCH / name).read_text(encoding="utf-8")):
            if q["id"].endswith("-a"):
                used[q["ifc_filename"]] += 1
                pairs.add((q["ifc_filename"], q["kind"]))
    return used, pairs


def test_spread_leans_on_the_models_the_earlier_sets_used_little() -> None:
    used, pairs = _earlier_pairs()
    first = [qs[0] for qs in SET.intents().values()]
    mine = Counter(q["ifc_filename"] for q in first)
    little = {m for m, k in used.items() if k <= 7}  # models the three earlier sets asked 7 times or fewer
    much = {m for m, k in used.items() if k >= 10}
    assert sum(mine[m] for m in little) >= 25, mine
    assert sum(mine[m] for m in much) <= 4, mine
    new_pairs = {(q["ifc_filename"], q["kind"]) for q in first} - pairs
    assert len(new_pairs) >= 15, new_pairs
    assert {k for _, k in new_pairs} >= {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities",
                                         "negation", "multi_storey", "lookup", "refuse"}


POINTER = re.compile(r"\b(that (floor|room|level|value|length)|those (two|signals)|both of those|the (floor|level|"
                     r"room|storey) (i'm|tested|named|in)|apart from that|bigger than that|the two locations|"
                     r"dieser raum|dort|auf dem stockwerk, das|do that)\b", re.IGNORECASE)
EARLIER_C = re.compile(r"^(from:|to:|subject:|status:|invit|ticket|rfi|punch|#|\[\d|voice|transcript|- |"
                       r"handover|site diary|\[whatsapp\]|slack|teams chat|meeting notes|tender prep)",
                       re.IGNORECASE)


def test_c_forms_point_back_in_about_half_and_use_new_structures() -> None:
    cs = [qs[2]["query"] for qs in SET.intents().values()]
    back = [c for c in cs if POINTER.search(c)]
    assert len(back) >= 20, len(back)
    assert not [qs[0]["query"] for qs in SET.intents().values() if POINTER.search(qs[0]["query"])]  # (a) names it
    # no (c) opens like the earlier sets' (c) forms most often did (headers, tickets, chats, lists; minutes: a table)
    assert not [c for c in cs if EARLIER_C.match(c)], [c[:40] for c in cs if EARLIER_C.match(c)]
    structures = {"csv": 0, "|---|": 0, "yours faithfully": 0, "sms": 0, "automatic reply": 0, "commit ": 0,
                  "tags:": 0, "\t": 0, "[translated": 0, "auto-transcript": 0, "(earlier in this chat)": 0,
                  "ocr": 0, "log": 0}
    for c in cs:
        for key in structures:
            structures[key] += key in c.lower()
    assert all(structures.values()), structures


def test_d_forms_hold_the_voices_the_brief_asks_for() -> None:
    ds = [qs[3]["query"].lower() for qs in SET.intents().values()]
    assert sum(d.endswith("..?") for d in ds) >= 3  # statements with a question mark
    assert sum(bool(re.search(r"\b(sqm|m2|cu m|10m|qm)\b", d)) for d in ds) >= 3  # units written oddly
    assert sum(d.startswith(("is there", "signal is there", "any ")) or "yes or no" in d for d in ds) >= 2
    assert sum(d.startswith("where") or "which floor" in d or "on level..?" in d for d in ds) >= 2
    assert sum(bool(re.search(r"\b(wich|then|pls|thx|asap)\b", d)) for d in ds) >= 5  # typos, chat words


def test_hand_checks_agree_with_all_four_phrasings(shared_ifc: Path) -> None:
    SET.check_hand(shared_ifc, every_answerable=True)


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
    (door,) = full.of("IfcDoor")
    with pytest.raises(ValueError, match="AcousticRating"):
        script.no_prop_on([door], "acoustic")
    with pytest.raises(ValueError, match="premise"):
        script.no_prop_on([], "power")
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", None, acoustic=False, cost=False, task=False))
    assert script.no_spaces(plain) == {"type": "decline"}
    assert script.no_prop_on(plain.of("IfcDoor"), "acoustic", "power") == {"type": "decline"}
    assert script.no_storey(plain, "3.OG", "3. OG") == {"type": "decline"}
    assert script.no_text(plain, "garage") == {"type": "decline"}
    assert script.no_storey(plain, "Level 3") == {"type": "decline"}
    assert script.no_property(plain, "acoustic") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert script.refuse(plain, script.SCHEDULE) == {"type": "decline"}


def test_narrower_refuses_a_scope_that_selects_everything_or_nothing() -> None:
    script = SET.script()
    a, b = SimpleNamespace(GlobalId="a"), SimpleNamespace(GlobalId="b")
    assert script.narrower([a], [a, b]) == [a]
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([a, b], [b, a])  # the scope selects every element of its class
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([], [a, b])
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([SimpleNamespace(GlobalId="c")], [a, b])
