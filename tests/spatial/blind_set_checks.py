"""The checks every blind people set shares (fourteenth on): its JSON equals what its oracle script computes,
its records are well formed, its four phrasings share one oracle, it covers the kinds and declines it should,
its hand checks agree (and catch a changed oracle), and a decline's premise can be put to a tiny model.

A set's test file makes one ``BlindSet`` and writes one short test per check, plus what only that set asks (its
spread over the models, its message structures, its decline premises). The oracle scripts themselves stay
self-contained, so a blind writer never reads another set's code.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.api

from ifcqa.spatial.bench_score import KINDS, oracle_problem

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
GERMAN_MODELS = {"AC20-FZK-Haus.ifc", "AC11-FZK-Haus-IFC.ifc", "AC11-Institute-Var-2-IFC.ifc",
                 "WP_Puffer_FWS_FBH10.ifc", "Heizung-Elektro_080729.ifc"}
FIELDS = {"id", "intent", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}


@cache
def bench_module(name: str) -> ModuleType:
    """``bench/spatial/NAME.py`` imported as a module (its own siblings importable)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class BlindSet:
    """One blind set: ``ordinal`` names its files (``people_ORDINAL.json``, ``people_ORDINAL_oracles.py``, ...)."""

    ordinal: str
    stale: tuple[str, str]  # an edit of the committed text that makes it stale ('"value": 35,' -> '"value": 34,')
    hand_checks: int  # the hand checks it has at least
    changed_intent: str = "multi_storey-01"  # an intent with a count oracle the hand checks must catch changed

    @property
    def path(self) -> Path:
        return BENCH / f"people_{self.ordinal}.json"

    def script(self) -> ModuleType:
        return bench_module(f"people_{self.ordinal}_oracles")

    def hand(self) -> ModuleType:
        return bench_module(f"people_{self.ordinal}_handchecks")

    def text(self) -> str:
        return _read(self.path)

    def data(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = json.loads(self.text())
        return data

    def intents(self) -> dict[str, list[dict[str, Any]]]:
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for q in self.data():
            groups[q["intent"]].append(q)
        return groups

    def firsts(self) -> list[dict[str, Any]]:
        """The (a) phrasing of every intent."""
        return [qs[0] for qs in self.intents().values()]

    # --- the file is what the script computes ---------------------------------------------------------------

    def check_fresh(self, shared_ifc: Path) -> None:
        fresh = self.script().compute(shared_ifc)
        assert json.dumps(fresh, indent=1, ensure_ascii=False) + "\n" == self.text()

    def check_flag(self, shared_ifc: Path, tmp_path: Path) -> None:
        """``--check`` exits 0 on the committed file, 1 on a stale one, 2 without the models."""
        script = self.script()
        assert script.main(["--ifc-dir", str(shared_ifc), "--check"]) == 0
        stale = tmp_path / "stale.json"
        stale.write_text(self.text().replace(*self.stale, 1), encoding="utf-8")
        assert stale.read_text(encoding="utf-8") != self.text()
        assert script.main(["--ifc-dir", str(shared_ifc), "-o", str(stale), "--check"]) == 1
        assert script.main(["--ifc-dir", str(tmp_path / "nowhere"), "--check"]) == 2

    # --- shape ------------------------------------------------------------------------------------------------

    def check_well_formed(self) -> None:
        pattern = re.compile(rf"^{self.ordinal}-([a-z_]+)-(\d\d)-([abcd])$")
        ids = [q["id"] for q in self.data()]
        assert len(ids) == len(set(ids))
        for q in self.data():
            assert set(q) == FIELDS, q["id"]
            match = pattern.match(q["id"])
            assert match is not None, q["id"]
            assert match.group(1) == q["kind"] and q["kind"] in KINDS + ("lookup",), q["id"]
            assert q["intent"] == q["id"][:-2]
            assert q["source"] == "ifcopenshell"
            assert oracle_problem(q) is None, q["id"]
            assert q["query"].strip() and q["oracle_rule"].strip()
        for kind in {q["kind"] for q in self.data()}:  # intents of a kind numbered 01, 02, ... without gaps
            numbers = sorted({int(q["intent"].rsplit("-", 1)[1]) for q in self.data() if q["kind"] == kind})
            assert numbers == list(range(1, len(numbers) + 1)), kind

    def check_phrasings(self, *, c_is_a_message: bool = True) -> None:
        """Four phrasings per intent share oracle, rule, model and kind, differ in text; (c) is a message."""
        for intent, qs in self.intents().items():
            assert [q["id"][-1] for q in qs] == ["a", "b", "c", "d"], intent
            for key in ("oracle", "oracle_rule", "ifc_filename", "kind"):
                assert len({json.dumps(q[key], sort_keys=True) for q in qs}) == 1, (intent, key)
            texts = [" ".join(q["query"].lower().split()) for q in qs]
            assert len(set(texts)) == 4, intent
            assert len(qs[2]["query"]) >= 2 * len(qs[0]["query"]), intent  # (c) is a message with context
            if c_is_a_message:
                assert "\n" in qs[2]["query"] or len(qs[2]["query"]) >= 120, intent  # a message, not a sentence

    def check_coverage(self) -> None:
        first = self.firsts()
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

    # --- hand checks ----------------------------------------------------------------------------------------

    def check_hand(self, shared_ifc: Path, *, every_answerable: bool = False) -> None:
        hand = self.hand()
        assert len(hand.CHECKS) >= self.hand_checks
        assert hand.run(shared_ifc, self.data()) == []
        if every_answerable:
            answerable = {name for name, qs in self.intents().items() if qs[0]["oracle"]["type"] != "decline"}
            assert {f"{self.ordinal}-{intent}" for intent, _, _ in hand.CHECKS} == answerable

    def check_hand_catches_a_changed_oracle(self, shared_ifc: Path) -> None:
        intent = f"{self.ordinal}-{self.changed_intent}"
        data = copy.deepcopy(self.data())
        for q in data:
            if q["intent"] == intent:
                q["oracle"]["value"] += 1
        problems = self.hand().run(shared_ifc, data)
        assert sorted(p.split(":")[0] for p in problems) == [f"{intent}-{x}" for x in "abcd"]


@cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def tiny_model(path: Path, storey: str, space: str | None, *, acoustic: bool, cost: bool, task: bool) -> Path:
    """A one-storey model (optionally one space named ``space``, a door with or without an acoustic rating, a
    cost schedule, a work schedule) written with ifcopenshell.api, to put a decline's premise to."""
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
