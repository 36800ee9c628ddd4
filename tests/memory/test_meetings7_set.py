"""The meetings7 development set (bench/memory/meetings7.json) is what its source builds, and sound.

* The builder (``bench/memory/handwritten_build.py --source bench/memory/meetings7_source.py``) reproduces the
  committed file byte for byte: nobody edited the JSON by hand.
* Every task passes the leak check (the model's text holds no key anchor and no gold text; every key and
  superseded fact is said where it says; no distractor says a key anchor), and no probe repeats a key anchor.
* Every gold computed from a live quantity agrees with the quantity read with plain IfcOpenShell.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import pytest

from bench_scripts import load_script
from ifcqa.index.model_index import ModelIndex
from ifcqa.memory.leak import ifc_leak, model_text, session_problems
from ifcqa.memory.tasks import read_tasks

BENCH = Path(__file__).resolve().parents[2] / "bench" / "memory"
MEETINGS = BENCH / "meetings7.json"


def _builder() -> ModuleType:
    return load_script(BENCH / "handwritten_build.py")


def test_meetings7_build_reproduces_the_committed_file(shared_ifc: Path, tmp_path: Path) -> None:
    out = tmp_path / "meetings7.json"
    argv = ["--source", str(BENCH / "meetings7_source.py"), "--models-dir", str(shared_ifc), "-o", str(out)]
    assert _builder().main(argv) == 0
    assert out.read_bytes() == MEETINGS.read_bytes(), "meetings7.json differs from its build: rebuild it (README)"


def test_meetings7_is_as_the_readme_says() -> None:
    tasks = read_tasks(MEETINGS).tasks
    assert len(tasks) >= 20
    assert len({t.model["path"] for t in tasks}) >= 5
    assert all(1 <= len(t.key_facts) <= 3 for t in tasks)
    assert any(len(t.key_facts) == 3 for t in tasks) and any(len(t.key_facts) == 2 for t in tasks)
    kinds = [t.template for t in tasks]
    assert kinds.count("revision") >= 5 and kinds.count("negation") >= 2
    assert all(t.superseded for t in tasks if t.template == "revision")
    assert all(t.id.startswith("meet-") for t in tasks)


def test_every_meetings7_task_passes_the_leak_check(shared_ifc: Path, index_of: Any) -> None:
    texts: dict[str, Any] = {}
    for task in read_tasks(MEETINGS).tasks:
        name = task.model["path"]
        if name not in texts:
            index: ModelIndex = index_of(name)
            assert index.data.source.sha256 == task.model["sha256"], f"{name} is not the model {task.id} was built on"
            texts[name] = model_text(index)
        assert session_problems(task) == [], task.id
        assert ifc_leak(task.key_facts, task.gold.value, texts[name]) is None, task.id
        probe = task.probe["question"].casefold()
        for fact in task.key_facts:
            assert fact.anchor.casefold() not in probe, (task.id, fact.anchor)


def _storey(element: Any) -> Any:
    """The storey holding an element: its spatial container, or for a space the storey it is part of."""
    return ue.get_container(element) or ue.get_aggregate(element)


def _oracle(path: Path, query: dict[str, Any]) -> float:
    """The live query's number read with plain IfcOpenShell: a count, or a sum of one quantity or property."""
    model = ifcopenshell.open(str(path))
    args = query["arguments"]
    elements = list(model.by_type(args["ifc_class"]))
    if args.get("storey"):
        elements = [e for e in elements if getattr(_storey(e), "Name", None) == args["storey"]]
    if query["tool"] == "count_elements":
        return float(len(elements))
    qset, prop = args["quantity"].split(".", 1)
    values = [ue.get_psets(e).get(qset, {}).get(prop) for e in elements]
    return float(sum(v for v in values if isinstance(v, (int, float))))


@pytest.mark.parametrize(
    ("task_id", "gold_of"),
    [
        ("meet-dx-phone-sanding-cost", lambda q: 9.5 * q),
        ("meet-edc-phone-door-leaves", lambda q: 385 * q),
        ("meet-hom-fwd-lime-plaster", lambda q: 23.8 * q + 150),
        ("meet-lb-festverglasung-price", lambda q: 420 * q),
    ],
)
def test_meetings7_live_golds_agree_with_plain_ifcopenshell(shared_ifc: Path, task_id: str, gold_of: Any) -> None:
    task = next(t for t in read_tasks(MEETINGS).tasks if t.id == task_id)
    query = task.metadata["live_query"]
    quantity = _oracle(shared_ifc / task.model["path"], query)
    assert quantity > 0, (task_id, query)
    assert task.gold.value == pytest.approx(gold_of(quantity), abs=0.01), (task_id, quantity)
