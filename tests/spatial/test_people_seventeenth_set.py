"""bench/spatial/people_seventeenth.json equals what people_seventeenth_oracles.py computes, and is well formed.

The seventeenth set is blind (written without reading the parser, its data files or how the current code
answers): 45 intents over 12 models, each asked in four phrasings that share one oracle. Its oracles are
IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score every run against wrong
answers: the file must equal a fresh computation, a second walk must agree on all 33 answerable intents, and each
decline's premise (and the guard that a scope really narrows) must fail loudly on a model that holds what the
decline says is absent. The set must also spread differently from the fourteenth, fifteenth and sixteenth sets
(more weight on the models they used little, many kinds asked on a model none of them used for that kind) and
its (c) messages must use structures those sets did not.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import ifcopenshell
import ifcopenshell.api
import pytest

from ifcqa.spatial.bench_score import KINDS, oracle_problem

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
JSON = BENCH / "people_seventeenth.json"
GERMAN_MODELS = {"AC20-FZK-Haus.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc",
                 "WP_Puffer_FWS_FBH10.ifc", "Heizung-Elektro_080729.ifc"}


@cache
def _module(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _script() -> ModuleType:
    return _module("people_seventeenth_oracles")


def _hand() -> ModuleType:
    return _module("people_seventeenth_handchecks")


@cache
def _text() -> str:
    return JSON.read_text(encoding="utf-8")


def _data() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(_text())
    return data


def _intents() -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in _data():
        groups[q["intent"]].append(q)
    return groups


# --- the file is what the script computes ---------------------------------------------------------------------

def test_committed_json_equals_a_fresh_computation(shared_ifc: Path) -> None:
    script = _script()
    fresh = script.compute(shared_ifc)
    assert json.dumps(fresh, indent=1, ensure_ascii=False) + "\n" == _text()


def test_check_flag_exits_0_fresh_1_stale_2_without_models(shared_ifc: Path, tmp_path: Path) -> None:
    script = _script()
    assert script.main(["--ifc-dir", str(shared_ifc), "--check"]) == 0
    stale = tmp_path / "stale.json"
    stale.write_text(_text().replace('"value": 35,', '"value": 34,', 1), encoding="utf-8")
    assert stale.read_text(encoding="utf-8") != _text()
    assert script.main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"]) == 1
    assert script.main(["--ifc-dir", str(tmp_path / "nowhere"), "--check"]) == 2


# --- shape -------------------------------------------------------------------------------------------------------

def test_records_are_well_formed() -> None:
    pattern = re.compile(r"^seventeenth-([a-z_]+)-(\d\d)-([abcd])$")
    ids = [q["id"] for q in _data()]
    assert len(ids) == len(set(ids))
    for q in _data():
        assert set(q) == {"id", "intent", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}, q["id"]
        match = pattern.match(q["id"])
        assert match is not None, q["id"]
        assert match.group(1) == q["kind"] and q["kind"] in KINDS + ("lookup",), q["id"]
        assert q["intent"] == q["id"][:-2]
        assert q["source"] == "ifcopenshell"
        assert oracle_problem(q) is None, q["id"]
        assert q["query"].strip() and q["oracle_rule"].strip()
    for kind in {q["kind"] for q in _data()}:  # intents of a kind numbered 01, 02, ... without gaps
        numbers = sorted({int(q["intent"].rsplit("-", 1)[1]) for q in _data() if q["kind"] == kind})
        assert numbers == list(range(1, len(numbers) + 1)), kind


def test_four_phrasings_per_intent_share_one_oracle_and_differ_in_text() -> None:
    for intent, qs in _intents().items():
        assert [q["id"][-1] for q in qs] == ["a", "b", "c", "d"], intent
        for key in ("oracle", "oracle_rule", "ifc_filename", "kind"):
            assert len({json.dumps(q[key], sort_keys=True) for q in qs}) == 1, (intent, key)
        texts = [" ".join(q["query"].lower().split()) for q in qs]
        assert len(set(texts)) == 4, intent
        assert len(qs[2]["query"]) >= 2 * len(qs[0]["query"]), intent  # (c) is a message with context
        assert "\n" in qs[2]["query"] or len(qs[2]["query"]) >= 120, intent  # a message, not a sentence


def test_coverage_of_kinds_models_and_declines() -> None:
    groups = _intents()
    first = [qs[0] for qs in groups.values()]
    kinds = Counter(q["kind"] for q in first)
    assert 36 <= len(first) <= 48
    assert len(kinds) == 11 and all(3 <= n <= 5 for n in kinds.values()), kinds
    assert len({q["ifc_filename"] for q in first}) >= 10
    declines = [q for q in first if q["oracle"]["type"] == "decline"]
    assert 0.25 <= len(declines) / len(first) <= 0.35, len(declines)
    assert len([q for q in declines if q["kind"] != "refuse"]) >= 8
    assert all(q["oracle"]["type"] == "decline" for q in first if q["kind"] == "refuse")
    assert all(q["ifc_filename"] in GERMAN_MODELS for q in first if q["kind"] == "german")
    assert len({q["oracle"]["type"] for q in first}) >= 6


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
    first = [qs[0] for qs in _intents().values()]
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
    cs = [qs[2]["query"] for qs in _intents().values()]
    back = [c for c in cs if POINTER.search(c)]
    assert len(back) >= 20, len(back)
    assert not [qs[0]["query"] for qs in _intents().values() if POINTER.search(qs[0]["query"])]  # (a) names it
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
    ds = [qs[3]["query"].lower() for qs in _intents().values()]
    assert sum(d.endswith("..?") for d in ds) >= 3  # statements with a question mark
    assert sum(bool(re.search(r"\b(sqm|m2|cu m|10m|qm)\b", d)) for d in ds) >= 3  # units written oddly
    assert sum(d.startswith(("is there", "signal is there", "any ")) or "yes or no" in d for d in ds) >= 2
    assert sum(d.startswith("where") or "which floor" in d or "on level..?" in d for d in ds) >= 2
    assert sum(bool(re.search(r"\b(wich|then|pls|thx|asap)\b", d)) for d in ds) >= 5  # typos, chat words


# --- hand checks ---------------------------------------------------------------------------------------------------

def test_hand_checks_agree_with_all_four_phrasings(shared_ifc: Path) -> None:
    hand = _hand()
    assert len(hand.CHECKS) >= 25
    assert hand.run(shared_ifc, _data()) == []
    answerable = {name for name, qs in _intents().items() if qs[0]["oracle"]["type"] != "decline"}
    assert {f"seventeenth-{intent}" for intent, _, _ in hand.CHECKS} == answerable


def test_hand_checks_catch_a_changed_oracle_in_every_phrasing(shared_ifc: Path) -> None:
    hand = _hand()
    data = copy.deepcopy(_data())
    for q in data:
        if q["intent"] == "seventeenth-multi_storey-01":
            q["oracle"]["value"] += 1
    problems = hand.run(shared_ifc, data)
    assert sorted(p.split(":")[0] for p in problems) == [f"seventeenth-multi_storey-01-{x}" for x in "abcd"]


# --- decline premises ------------------------------------------------------------------------------------------------

def _tiny(path: Path, storey: str, space: str | None, *, acoustic: bool, cost: bool, task: bool) -> Path:
    f = ifcopenshell.file(schema="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    level = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[level], relating_object=building)
    if space is not None:
        room = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSpace", name="1")
        room.LongName = space
        ifcopenshell.api.run("aggregate.assign_object", f, products=[room], relating_object=level)
    door = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcDoor", name="D1")
    ifcopenshell.api.run("spatial.assign_container", f, products=[door], relating_structure=level)
    pset = ifcopenshell.api.run("pset.add_pset", f, product=door, name="Pset_DoorCommon")
    props: dict[str, Any] = {"IsExternal": False}
    if acoustic:
        props["AcousticRating"] = "42 dB"
    ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties=props)
    if cost:
        ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
    if task:
        schedule = ifcopenshell.api.run("sequence.add_work_schedule", f, name="Plan")
        ifcopenshell.api.run("sequence.add_task", f, work_schedule=schedule, name="Drywall")
    f.write(str(path))
    return path


def test_decline_premises_fail_loudly_when_the_model_holds_what_they_deny(tmp_path: Path) -> None:
    script = _script()
    full = script.Model(_tiny(tmp_path / "full.ifc", "3.OG", "Garage", acoustic=True, cost=True, task=True))
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
    plain = script.Model(_tiny(tmp_path / "plain.ifc", "EG", None, acoustic=False, cost=False, task=False))
    assert script.no_spaces(plain) == {"type": "decline"}
    assert script.no_prop_on(plain.of("IfcDoor"), "acoustic", "power") == {"type": "decline"}
    assert script.no_storey(plain, "3.OG", "3. OG") == {"type": "decline"}
    assert script.no_text(plain, "garage") == {"type": "decline"}
    assert script.no_storey(plain, "Level 3") == {"type": "decline"}
    assert script.no_property(plain, "acoustic") == {"type": "decline"}
    assert script.refuse(plain, script.COST) == {"type": "decline"}
    assert script.refuse(plain, script.SCHEDULE) == {"type": "decline"}


def test_narrower_refuses_a_scope_that_selects_everything_or_nothing() -> None:
    script = _script()
    a, b = SimpleNamespace(GlobalId="a"), SimpleNamespace(GlobalId="b")
    assert script.narrower([a], [a, b]) == [a]
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([a, b], [b, a])  # the scope selects every element of its class
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([], [a, b])
    with pytest.raises(ValueError, match="proper narrowing"):
        script.narrower([SimpleNamespace(GlobalId="c")], [a, b])
