"""What every blind people set's test checks (``bench/spatial/people_<name>.json``): the committed JSON equals a
fresh run of its oracles, its hand checks agree, ``--check`` refuses a stale file and a missing model folder, and
the set has the shape issue 22 asks for (every kind, unique ids and queries, at least a quarter declines).

A blind set's oracles are IfcOpenShell functions over the shared models, so a hand-edited or stale JSON would score
every run against wrong answers; these checks are the same for every set, written once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_scripts import load_script

BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
KINDS = {"storey_class", "comparison", "edge", "rooms", "qualifiers", "quantities", "negation", "multi_storey",
         "german", "refuse", "lookup"}
NEEDS = {"elements": {"guids"}, "count": {"value", "guids"}, "number": {"value", "unit", "rel_tol"},
         "yes_no": {"value"}, "storeys": {"value"}, "values": {"value", "unit", "guids"}, "decline": set()}
FIELDS = {"id", "query", "ifc_filename", "kind", "oracle", "oracle_rule", "source"}
TIMEOUT = 900  # seconds: the oracles walk all 16 shared models, slowly on a loaded machine


@dataclass(frozen=True)
class BlindSet:
    """One blind set: ``name`` ("seventh"), the hand checks' count, and a JSON fragment with a stale replacement."""

    name: str
    hand_checks: int
    fragment: str  # '"value": 108,'
    stale: str  # '"value": 107,'

    @property
    def json(self) -> Path:
        return BENCH / f"people_{self.name}.json"

    @property
    def script(self) -> Path:
        return BENCH / f"people_{self.name}_oracles.py"

    def module(self) -> ModuleType:
        return load_script(self.script)

    def data(self) -> list[dict[str, Any]]:
        return json.loads(self.json.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def assert_json_is_fresh(blind: BlindSet, shared_ifc: Path, module: ModuleType | None = None) -> None:
    script = module or blind.module()
    fresh = script.dumps(script.compute(shared_ifc))
    assert blind.json.read_text(encoding="utf-8") == fresh, (
        f"bench/spatial/{blind.json.name} differs from {blind.script.name}: run "
        f"`python bench/spatial/{blind.script.name} --ifc-dir ../shared/ifc` and commit the result"
    )


def assert_hand_checks_agree(blind: BlindSet, shared_ifc: Path) -> None:
    run = [sys.executable, str(BENCH / f"people_{blind.name}_handchecks.py"), "--ifc-dir", str(shared_ifc)]
    done = subprocess.run(run, capture_output=True, text=True, timeout=TIMEOUT)
    expected = f"{blind.hand_checks}/{blind.hand_checks} hand checks agree"
    assert done.returncode == 0 and expected in done.stdout, done.stdout + done.stderr


def assert_check_flag_refuses(blind: BlindSet, shared_ifc: Path, tmp_path: Path) -> None:
    """``--check`` exits 1 on a stale file (writing nothing), 0 on the committed one, 2 without models."""
    text = blind.json.read_text(encoding="utf-8")
    assert blind.fragment in text
    stale = tmp_path / blind.json.name
    stale.write_text(text.replace(blind.fragment, blind.stale, 1), encoding="utf-8")
    run = [sys.executable, str(blind.script), "--ifc-dir", str(shared_ifc), "--check", "-o"]
    bad = subprocess.run([*run, str(stale)], capture_output=True, text=True, timeout=TIMEOUT)
    assert bad.returncode == 1 and "differs from the oracles" in bad.stdout, bad.stdout + bad.stderr
    assert blind.stale in stale.read_text(encoding="utf-8")  # --check wrote nothing
    good = subprocess.run([*run, str(blind.json)], capture_output=True, text=True, timeout=TIMEOUT)
    assert good.returncode == 0 and "up to date" in good.stdout, good.stdout + good.stderr
    missing = subprocess.run([sys.executable, str(blind.script), "--ifc-dir", str(tmp_path / "nope"), "--check"],
                             capture_output=True, text=True, timeout=TIMEOUT)
    assert missing.returncode == 2 and "pass --ifc-dir" in missing.stderr


def assert_shape(blind: BlindSet, *, size: tuple[int, int], per_kind: tuple[int, int], models: int,
                 ordinary_declines: int, rule_prefix: str = "decline") -> list[dict[str, Any]]:
    """Every kind with ``per_kind`` questions, ``size`` in all over at least ``models`` models, unique ids and
    queries, the people format, refusals declined, at least ``ordinary_declines`` declines that are no refusal
    (one part the model cannot ground) and at least a quarter declines. Returns the set."""
    data = blind.data()
    kinds = Counter(q["kind"] for q in data)
    assert set(kinds) == KINDS, kinds
    assert all(per_kind[0] <= n <= per_kind[1] for n in kinds.values()), kinds
    assert size[0] <= len(data) <= size[1]
    assert len({q["ifc_filename"] for q in data}) >= models
    assert len({q["id"] for q in data}) == len(data)
    assert all(q["id"].startswith(f"{blind.name}-{q['kind']}-") for q in data)
    assert len({q["query"].casefold() for q in data}) == len(data)  # no duplicates
    for q in data:
        assert set(q) == FIELDS, q["id"]
        assert q["oracle_rule"] and q["source"] == "ifcopenshell", q["id"]
        assert NEEDS[q["oracle"]["type"]] <= set(q["oracle"]), q["id"]
        if q["kind"] == "refuse":
            assert q["oracle"] == {"type": "decline"}, q["id"]
        if q["oracle"]["type"] == "decline":
            assert q["oracle_rule"].startswith(rule_prefix), q["id"]
    declines = [q for q in data if q["oracle"]["type"] == "decline"]
    assert sum(q["kind"] != "refuse" for q in declines) >= ordinary_declines
    # at least a quarter of the right answers are declines: answering a broader question is the worst failure
    assert 4 * len(declines) >= len(data)
    return data


def tiny_model(path: Path, storey_name: str = "EG", *, storey: bool = True, door_name: str = "D1", cost: bool = False,
               fire_rating: str | None = None, space: str | None = None) -> Path:
    """An IFC4 file holding what a decline premise may deny: a storey (or none), a door in it, optionally a
    FireRating, a space with a LongName and a cost schedule; for the premises' own tests."""
    import ifcopenshell.api
    import ifcopenshell.api.project

    f = ifcopenshell.api.project.create_file(version="IFC4")
    project = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcProject", name="P")
    ifcopenshell.api.run("unit.assign_unit", f)
    site = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSite", name="S")
    building = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuilding", name="B")
    ifcopenshell.api.run("aggregate.assign_object", f, products=[site], relating_object=project)
    ifcopenshell.api.run("aggregate.assign_object", f, products=[building], relating_object=site)
    door = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcDoor", name=door_name)
    if storey:
        level = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcBuildingStorey", name=storey_name)
        ifcopenshell.api.run("aggregate.assign_object", f, products=[level], relating_object=building)
        ifcopenshell.api.run("spatial.assign_container", f, products=[door], relating_structure=level)
        if space is not None:
            room = ifcopenshell.api.run("root.create_entity", f, ifc_class="IfcSpace", name="R1")
            room.LongName = space
            ifcopenshell.api.run("aggregate.assign_object", f, products=[room], relating_object=level)
    if fire_rating is not None:
        pset = ifcopenshell.api.run("pset.add_pset", f, product=door, name="Pset_DoorCommon")
        ifcopenshell.api.run("pset.edit_pset", f, pset=pset, properties={"FireRating": fire_rating})
    if cost:
        schedule = ifcopenshell.api.run("cost.add_cost_schedule", f, name="Budget")
        ifcopenshell.api.run("cost.add_cost_item", f, cost_schedule=schedule)
    f.write(str(path))
    return path
