"""bench/spatial/people_eighteenth.json equals what people_eighteenth_oracles.py computes, and is well formed.

The eighteenth set is blind (written without reading the parser, its data files or how the current code
answers): 45 intents over 12 models, each asked in four phrasings that share one oracle. Its oracles are
IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score every run against wrong
answers: the file must equal a fresh computation, a second walk must agree on all 32 answerable intents, and each
decline's premise (and the guard that a scope really narrows) must fail loudly on a model that holds what the
decline says is absent. The set must also spread differently from the fourteenth to seventeenth sets (more
weight on the models they used little, many kinds asked on a model none of them used for that kind), its (c)
messages must use structures those sets did not, and its (d) forms the voices they did not.
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

SET = BlindSet("eighteenth", stale=('"value": 95,', '"value": 94,'), hand_checks=25,
               changed_intent="multi_storey-02")
EARLIER = ("people_fourteenth.json", "people_fifteenth.json", "people_sixteenth.json", "people_seventeenth.json")


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
    """How many intents the fourteenth to seventeenth sets put on each model, and their (model, kind) pairs."""
    used: Counter[str] = Counter()
    pairs: set[tuple[str, str]] = set()
    for name in EARLIER:
        for q in json.loads((BENCH / name).read_text(encoding="utf-8")):
            if q["id"].endswith("-a"):
                used[q["ifc_filename"]] += 1
                pairs.add((q["ifc_filename"], q["kind"]))
    return used, pairs


def test_spread_leans_on_the_models_the_earlier_sets_used_little() -> None:
    used, pairs = _earlier_pairs()
    first = SET.firsts()
    mine = Counter(q["ifc_filename"] for q in first)
    little = {m for m, k in used.items() if k <= 10}  # the four earlier sets asked these 10 times or fewer
    much = {m for m, k in used.items() if k >= 13}
    assert sum(mine[m] for m in little) >= 25, mine
    assert sum(mine[m] for m in much) == 0, mine
    assert mine.most_common(1)[0][0] in little
    new_pairs = {(q["ifc_filename"], q["kind"]) for q in first} - pairs
    assert len(new_pairs) >= 15, new_pairs
    assert len({k for _, k in new_pairs}) >= 8, new_pairs


POINTER = re.compile(
    r"\b(the floor we start with|that level|the storey from assumption|the circled level|the two candidates|"
    r"which of the two|the building in that file|that room|the room in the (method line|first item)|"
    r"the room above|the floor under|the latter|'the others'|both of those|the levels in that list|"
    r"those two storeys|das geschoss, das|zu dem raum, der|das geschoss aus meinem|that storey|those offices)\b",
    re.IGNORECASE)
EARLIER_C = re.compile(
    r"^(from:|to:|subject:|status:|invit|ticket|rfi|punch|#\w|\[\d|voice|transcript|- |handover|site diary|"
    r"\[whatsapp\]|slack|teams|meeting notes|minutes|tender|snag|\d\d/\d\d/\d\d|dear (sir|colleague|mr|ms|all)|"
    r"hi,|hello,|hallo,|sms|automatic reply|commit|title:|homework|draft ad|interview|purchase request|"
    r"funk|agenda|office survey|\[translated|mailbox|annex|asset register|budget|markup|post in|assistant log|"
    r"mängelliste|einkaufsliste|sehr geehrte|\(earlier|earlier today|calendar|form|wartungsformular|story)",
    re.IGNORECASE)


def test_c_forms_point_back_in_about_half_and_use_new_structures() -> None:
    cs = [qs[2]["query"] for qs in SET.intents().values()]
    back = [c for c in cs if POINTER.search(c)]
    assert len(back) >= 20, len(back)
    assert not [qs[0]["query"] for qs in SET.intents().values() if POINTER.search(qs[0]["query"])]
    assert not [c for c in cs if EARLIER_C.match(c)], [c[:40] for c in cs if EARLIER_C.match(c)]
    structures = ["issue #", "labels:", "bot:", "assumptions", "whiteboard", "comment thread", "answering myself",
                  "- [x]", "<- this one", "stand-up", "card:", "1/3", "moving checklist", "lab notebook", "faq",
                  "review comment", "adr-", "multiple choice", "pro film", ".yaml", "parking lot", "tl;dr",
                  "retro board", "mind map", "talk:", "dear diary", "select count", "aushang", "gesprächsnotiz",
                  "incident report", "★", "scavenger hunt", "planning office", "wish list", "postcard", "```diff",
                  "post /", "# todo", "kommentar zu zelle"]
    missing = [s for s in structures if not any(s in c.lower() for c in cs)]
    assert not missing, missing
    firsts = Counter(c.split("\n", 1)[0].split(" ", 1)[0].lower() for c in cs)
    assert firsts.most_common(1)[0][1] <= 3, firsts  # no opening word shared by more than three messages


def test_d_forms_hold_the_voices_the_brief_asks_for() -> None:
    ds = [qs[3]["query"] for qs in SET.intents().values()]
    low = [d.lower() for d in ds]
    assert sum(bool(re.search(r"\b(right\?|i think|must be around|reckon)", d)) for d in low) >= 4  # guessed
    assert sum(d.startswith("where") for d in low) >= 1
    assert sum(d.endswith("..?") for d in low) >= 1
    assert sum(not re.search(r"[?,.!]", d) for d in ds) >= 3  # dictated / typed without punctuation
    assert sum(bool(re.search(r"\b(hw|r|rms|pls|thx|n|bldg)\b", d)) for d in low) >= 3  # text-speak
    assert sum(bool(re.search(r"(fänschter|hät|meh pumpe|vill|ghöred)", d)) for d in low) >= 3  # Swiss German
    assert sum(bool(re.search(r"\b(aye|mony|ye|doon|mate|at all at all|like\?)", d)) for d in low) >= 4
    assert sum(bool(re.search(r"\b(cbm|sqm)\b", d)) for d in low) >= 2  # metric units written oddly


def test_hand_checks_agree_with_all_four_phrasings(shared_ifc: Path) -> None:
    SET.check_hand(shared_ifc, every_answerable=True)


def test_hand_checks_catch_a_changed_oracle_in_every_phrasing(shared_ifc: Path) -> None:
    SET.check_hand_catches_a_changed_oracle(shared_ifc)


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = SET.script()
    full = script.Model(tiny_model(tmp_path / "full.ifc", "Ebene 1", "Tiefgarage", acoustic=True, cost=True,
                                   task=True))
    with pytest.raises(ValueError, match="exists"):
        script.no_storey(full, "Ebene 1", "Ebene1")
    with pytest.raises(ValueError, match="Tiefgarage"):
        script.no_storey(full, "Garage", "Tiefgarage")  # a space's name is text of the model
    with pytest.raises(ValueError, match="storeys exist"):
        script.no_storeys_at_all(full)
    with pytest.raises(ValueError, match="IsExternal"):
        script.no_property(full, "extern", "exterior", "outside")
    with pytest.raises(ValueError, match="spaces exist"):
        script.no_spaces(full)
    with pytest.raises(ValueError, match="spaces or area"):
        script.no_area(full)
    with pytest.raises(ValueError, match="IfcCostSchedule"):
        script.refuse(full, script.COST)
    with pytest.raises(ValueError, match="IfcTask|IfcWorkSchedule"):
        script.refuse(full, script.SCHEDULE)
    (door,) = full.of("IfcDoor")
    with pytest.raises(ValueError, match="AcousticRating"):
        script.no_prop_on([door], "acoustic")
    with pytest.raises(ValueError, match="'d1' names IfcDoor"):
        script.no_named(full, ("IfcStair",), "d1")  # the door's name holds the word
    with pytest.raises(ValueError, match="IfcDoor exists"):
        script.no_named(full, ("IfcDoor",), "stair")
    plain = script.Model(tiny_model(tmp_path / "plain.ifc", "EG", None, acoustic=False, cost=False, task=False))
    assert script.no_storey(plain, "Ebene 1", "Tiefgarage") == {"type": "decline"}
    assert script.no_spaces(plain) == {"type": "decline"}
    assert script.no_property(plain, "transmittance", "u-value") == {"type": "decline"}
    assert script.no_prop_on(plain.of("IfcDoor"), "acoustic", "u-wert") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert script.refuse(plain, script.SCHEDULE) == {"type": "decline"}
    assert script.no_named(plain, ("IfcStair", "IfcStairFlight"), "stair", "treppe") is False


def test_narrower_refuses_a_scope_that_selects_everything_or_nothing() -> None:
    script = SET.script()
    a, b = SimpleNamespace(GlobalId="a"), SimpleNamespace(GlobalId="b")
    assert script.narrower([a], [a, b]) == [a]
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([a, b], [b, a])
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([], [a, b])
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([SimpleNamespace(GlobalId="c")], [a, b])
