"""IFCMemoryBench, held out: key facts said in words the templates (and the IFC-aware memory) never used.

Run from the repository root::

    python bench/memory_heldout.py                   # 7 shared models, 2 tasks per template each (as bench/memory.py)
    python bench/memory_heldout.py --per-template 1 --systems ifc-aware,vector

The IFC-aware memory's attribute cues and storey aliases were written by the same hand as the task
templates, so its 100% coverage in ``bench/memory.py`` is in distribution. Here every key fact (and
every superseded fact) is rewritten, in its session, by a second phrase set written separately from
the templates: other storey references ("at street level", "on the highest storey", "below ground"
instead of "ground-floor" / "upper-floor" / "basement"), other class words ("door leaves", "glazing
units", "partition and outer walls"), and no attribute words where the template had them ("underfoot"
instead of "floor finish", "we will order ... from" instead of "supplier", "begin with" instead of
"prefix", "are to achieve EI 60" instead of "fire resistance"). Values and anchors stay verbatim (the
scores read them); probes, distractors and near-miss statements stay as generated (so near misses now
use the memory's vocabulary and the key facts do not: the harder case). Each system is scored
retrieval-only under ``user+final`` on the original and the held-out tasks, side by side.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import replace
from pathlib import Path

from ifcqa.files.atomic import write_atomic
from ifcqa.index.model_index import load_index
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.modelfacts import model_facts
from ifcqa.memory.runner import config_for, run_memory_eval
from ifcqa.memory.tasks import KeyFact, Task, TaskSet
from memory import MODELS  # bench/memory.py: the same 7 shared models as the main memory bench

# the second phrase set: storey references, class words, one sentence per attribute (written apart from templates)
STOREY_WORDS = {
    "ground-floor": ("at street level", "on the entrance level"),
    "upper-floor": ("on the highest storey", "on the top floor"),
    "basement": ("below ground", "in the cellar"),
}
CLASS_WORDS = {
    "IfcDoor": "door leaves",
    "IfcWindow": "glazing units",
    "IfcWall": "partition and outer walls",
    "IfcWallStandardCase": "partition and outer walls",
    "IfcStair": "stair flights",
    "IfcSlab": "floor slabs",
    "IfcSpace": "rooms",
    "IfcRoof": "roof build-ups",
}
TRADES = {"IfcSpace": "floor finish", "IfcWall": "wall painting", "IfcWallStandardCase": "wall painting"}


def storey_words(task: Task, fact: KeyFact, aliases: dict[str, str | None], number: int) -> str:
    storey = next((e.storey for e in fact.entities if e.storey), None)
    if storey is None:
        return ""
    alias = aliases.get(storey)
    if alias in STOREY_WORDS:
        return STOREY_WORDS[alias][number % 2]
    return f"on {storey}"


def held_out(task: Task, fact: KeyFact, where: str, number: int) -> str | None:
    """The fact said the second way, or None for a template this phrase set does not cover."""
    ifc_class = next((e.ifc_class for e in fact.entities), None) or next(iter(fact.links.get("classes", [])), None)
    things = CLASS_WORDS.get(ifc_class or "", "elements")
    if task.template == "fire_rating":
        return f"Door leaves {where} are to achieve {fact.anchor}, as the fire engineer's memo states."
    if task.template == "room_finish":
        room = next(iter(fact.links.get("room_types", [])), "these")
        return f"Every {room} room will get {fact.anchor} underfoot; the owner signed it off."
    if task.template == "cost_rate":
        trade = TRADES.get(ifc_class or "", "screed")
        return f"For the estimate, allow {fact.anchor} for the {trade} {where}."
    if task.template == "naming_convention":
        noun = "room codes" if ifc_class == "IfcSpace" else "door tags"
        return f"The {noun} {where} should begin with {fact.anchor} and then a two-digit counter."
    if task.template == "revised_decision":
        if fact.id.startswith("k"):
            return f"Correction from the energy assessor: the {things} are now to reach {fact.anchor} instead."
        return f"The {things} were specified at {fact.anchor} in the first energy report."
    if task.template == "not_in_phase":
        return f"The {things} {where} will only be built in {fact.anchor}, not in the current works."
    if task.template == "material_supplier":
        material = next(iter(fact.links.get("materials", [])), "it")
        return f"We will order all {material} from {fact.anchor}."
    return None


def rewrite(task: Task, aliases: dict[str, str | None], number: int) -> Task | None:
    """``task`` with every key and superseded fact said the second way (None when a statement is not found)."""
    if len(task.metadata.get("scenarios", [task.template])) > 1:
        return None  # the second phrase set speaks for one template's fact; a task with more facts is left out
    sessions = {s.id: s for s in task.sessions}
    new_facts: dict[str, KeyFact] = {}
    for fact in [*task.key_facts, *task.superseded]:
        sentence = held_out(task, fact, storey_words(task, fact, aliases, number), number)
        session = sessions.get(fact.session)
        if sentence is None or session is None:
            return None
        sentence = re.sub(r"\s+", " ", sentence).replace(" ,", ",")
        turns = list(session.turns)
        hit = next((i for i, t in enumerate(turns) if t.content and fact.statement in t.content), None)
        if hit is None:
            return None
        turns[hit] = replace(turns[hit], content=(turns[hit].content or "").replace(fact.statement, sentence))
        sessions[session.id] = replace(session, turns=turns)
        new_facts[fact.id + fact.session] = replace(fact, statement=sentence)
    return replace(
        task,
        sessions=[sessions[s.id] for s in task.sessions],
        key_facts=[new_facts[f.id + f.session] for f in task.key_facts],
        superseded=[new_facts[f.id + f.session] for f in task.superseded],
    )


def storey_links(task_set: TaskSet) -> dict[str, int]:
    """How many key facts that concern one storey have it linked from their statement, by the IFC-aware linker."""
    from ifcqa.memory.entities import linker_for

    counts = {"facts": 0, "linked": 0}
    for task in task_set.tasks:
        linker = linker_for(load_index(Path(task.model["path"])))
        for fact in task.key_facts:
            storeys = {f"storey:{g}" for g in fact.links.get("storeys", [])}
            if len(storeys) == 1:
                counts["facts"] += 1
                counts["linked"] += storeys <= linker.link(fact.statement).keys
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ifc-dir", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "ifc")
    parser.add_argument("--out", type=Path, default=Path("/tmp/ifcqa-memory-heldout"))
    parser.add_argument("--per-template", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--systems", default="file,vector,graph,ifc-aware")
    parser.add_argument("--scope", default="user+final")
    parser.add_argument("--k", type=int, default=5, help="items retrieved per probe (1: only the top hit counts)")
    args = parser.parse_args(argv)
    files = [args.ifc_dir / name for name in MODELS if (args.ifc_dir / name).is_file()]
    if not files:
        sys.exit(f"error: none of the models is in {args.ifc_dir}; pass --ifc-dir DIR")
    tasks, stats = generate_tasks(files, seed=args.seed, per_template=args.per_template)
    aliases_of: dict[str, dict[str, str | None]] = {}
    rewritten, dropped = [], 0
    for number, task in enumerate(tasks.tasks):
        path = task.model["path"]
        if path not in aliases_of:
            aliases_of[path] = {s.name: s.alias for s in model_facts(load_index(Path(path))).storeys}
        new = rewrite(task, aliases_of[path], number)
        if new is None:
            dropped += 1
        else:
            rewritten.append(new)
    kept = {t.id for t in rewritten}
    sets = {
        "template": TaskSet([t for t in tasks.tasks if t.id in kept], tasks.generator),
        "held-out": TaskSet(rewritten, tasks.generator),
    }
    results: dict[str, dict[str, object]] = {}
    for label, task_set in sets.items():
        tasks_file = args.out / f"tasks-{label}.json"
        write_atomic(tasks_file, task_set.to_json().encode())
        config = config_for(
            tasks_file,
            args.systems.split(","),
            [args.scope],
            k=args.k,
            window_tokens=32_000,
            extractor="rules",
            agent=None,
            limit=None,
        )
        started = time.perf_counter()
        summary = run_memory_eval(tasks_file, args.out / f"run-{label}-k{args.k}", config)
        results[label] = {
            "eval_s": round(time.perf_counter() - started, 1),
            "coverage": {s: summary["table"][s][args.scope]["coverage"] for s in summary["systems"]},
            "per_template": summary.get("per_template"),
        }
    links = {label: storey_links(task_set) for label, task_set in sets.items()}
    print(json.dumps({"tasks": len(rewritten), "dropped": dropped, "models": len(stats.per_model)}))
    print(f"key facts whose storey the IFC-aware linker resolves: {links}")
    print(f"\nkey-fact coverage under {args.scope}, k = {args.k}, {len(rewritten)} tasks (95% Wilson)")
    print(f"{'system':<12}{'template phrasing':>28}{'held-out phrasing':>28}")
    for system in args.systems.split(","):
        cells = []
        for label in sets:
            cov = results[label]["coverage"][system]  # type: ignore[index]
            cells.append(f"{100 * cov['rate']:5.1f}% [{100 * cov['ci95'][0]:3.0f}-{100 * cov['ci95'][1]:3.0f}]")
        print(f"{system:<12}" + "".join(f"{c:>28}" for c in cells))
    write_atomic(args.out / f"heldout-k{args.k}.json", json.dumps({"links": links, **results}, indent=1).encode())


if __name__ == "__main__":
    main()
