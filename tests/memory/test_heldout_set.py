"""The held-out hand-written task set (bench/memory/heldout.json) is what its source builds, and sound.

* The builder (``bench/memory/handwritten_build.py --source bench/memory/heldout_source.py``) reproduces
  the committed file byte for byte: nobody edited the JSON by hand.
* Every task passes the leak check: the model's text holds no key anchor and no gold text, every key
  (and superseded) fact is said in the session and role it names, no distractor says a key anchor.
* Every gold computed from a live quantity agrees with the quantity read with plain IfcOpenShell
  (``ifcopenshell.util.element``), not with our index or tools.
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
HELDOUT = BENCH / "heldout.json"


def _builder() -> ModuleType:
    return load_script(BENCH / "handwritten_build.py")


def test_build_reproduces_the_committed_file(shared_ifc: Path, tmp_path: Path) -> None:
    out = tmp_path / "heldout.json"
    argv = ["--source", str(BENCH / "heldout_source.py"), "--models-dir", str(shared_ifc), "-o", str(out)]
    assert _builder().main(argv) == 0
    assert out.read_bytes() == HELDOUT.read_bytes(), "heldout.json differs from its build: rebuild it (see README)"


def test_the_set_is_as_the_readme_says() -> None:
    tasks = read_tasks(HELDOUT).tasks
    assert len(tasks) >= 40
    assert len({t.model["path"] for t in tasks}) >= 5
    assert all(1 <= len(t.key_facts) <= 3 for t in tasks)
    kinds = [t.template for t in tasks]
    assert kinds.count("revision") >= 6 and kinds.count("negation") >= 3
    assert all(t.superseded for t in tasks if t.template == "revision")
    assert all(t.id.startswith("held-") for t in tasks)


def test_every_task_passes_the_leak_check(shared_ifc: Path, index_of: Any) -> None:
    texts: dict[str, Any] = {}
    for task in read_tasks(HELDOUT).tasks:
        name = task.model["path"]
        if name not in texts:
            index: ModelIndex = index_of(name)
            assert index.data.source.sha256 == task.model["sha256"], f"{name} is not the model {task.id} was built on"
            texts[name] = model_text(index)
        assert session_problems(task) == [], task.id
        assert ifc_leak(task.key_facts, task.gold.value, texts[name]) is None, task.id
        probe = task.probe["question"].casefold()
        for fact in task.key_facts:  # the probe paraphrases: it never repeats what was said
            assert fact.anchor.casefold() not in probe, (task.id, fact.anchor)


def _oracle(path: Path, query: dict[str, Any]) -> float:
    """The live query's number read with plain IfcOpenShell: a count, or a sum of one quantity."""
    model = ifcopenshell.open(str(path))
    args = query["arguments"]
    elements = list(model.by_type(args["ifc_class"]))
    if args.get("storey"):
        elements = [e for e in elements if (c := ue.get_container(e)) is not None and c.Name == args["storey"]]
    if args.get("name"):
        elements = [e for e in elements if e.Name == args["name"] or getattr(e, "LongName", None) == args["name"]]
    if query["tool"] == "count_elements":
        return float(len(elements))
    qset, prop = args["quantity"].split(".", 1)
    values = [ue.get_psets(e, qtos_only=True).get(qset, {}).get(prop) for e in elements]
    return float(sum(v for v in values if isinstance(v, (int, float))))


@pytest.mark.parametrize(
    ("task_id", "gold_of"),
    [
        ("held-fzk-plaster-eg", lambda q: 23.5 * q * 1.1),
        ("held-rq-office-carpet", lambda q: 31.8 * q),
        ("held-r3-bath-tiling", lambda q: 68 * q + 250),
        ("held-he-og-points", lambda q: 42 * q),
        ("held-wp-pipe-lagging", lambda q: 6.4 * q / 1000),  # the model's lengths are in mm
        ("held-sh-ceilings", lambda q: 11.5 * q),
        ("held-oh-windows-cost", lambda q: (640 + 85) * q * 1.05),
    ],
)
def test_live_golds_agree_with_plain_ifcopenshell(shared_ifc: Path, task_id: str, gold_of: Any) -> None:
    task = next(t for t in read_tasks(HELDOUT).tasks if t.id == task_id)
    query = task.metadata["live_query"]
    quantity = _oracle(shared_ifc / task.model["path"], query)
    assert quantity > 0, (task_id, query)
    assert task.gold.value == pytest.approx(gold_of(quantity), abs=0.01), (task_id, quantity)
