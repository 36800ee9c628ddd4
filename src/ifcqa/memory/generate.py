"""``ifcqa memory generate``: tasks from IFC files, deterministic given the seed.

For each model and each template (:data:`ifcqa.memory.templates.TEMPLATES`), ``per_template`` drafts
are made with their own random stream (seeded by the seed, the file's SHA-256, the template and the
draft number, so adding a model changes no other model's tasks). A draft whose answer the model
already holds is drawn again (at most :data:`DRAW_ATTEMPTS` times), else skipped with the reason.
Each key fact (1-3 per task) goes into its own seeded session at a random position among 25-40 sessions (an
earlier value that a revision supersedes goes into an earlier session); the rest are distractor sessions.
With a :class:`~ifcqa.memory.phrasing.Phraser` (``--model``) the user turns and the probe are then
reworded by an LLM under guards (:mod:`ifcqa.memory.phrasing`), and the session checks of the leak
check run again on the final task.

Where it runs: one file's drafts and tasks (:func:`file_tasks`: its index, facts, draws and sessions)
depend on that file and the settings only, so with an executor (``--jobs``/``--dask``) each file is a
task on a worker; the results are put back in the files' order. LLM phrasing stays in this process,
file by file in that order (it is network-bound, and its response cache and counts are this
process's), with the vocabulary the worker returns. The output is the same on any executor.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ifcqa
from ifcqa.errors import IfcqaError
from ifcqa.index.model_index import load_index
from ifcqa.memory.leak import ModelText, ifc_leak, model_text, session_problems
from ifcqa.memory.modelfacts import ModelFacts, model_facts
from ifcqa.memory.sessions import distractor_session, iso, model_questions, seeded_session
from ifcqa.memory.tasks import KeyFact, Session, Task, TaskSet
from ifcqa.memory.templates import TEMPLATES, Draft, FactDraft
from ifcqa.memory.variety import variety

if TYPE_CHECKING:
    from ifcqa.executor import Executor, FileRef, Outcome, ProgressState
    from ifcqa.memory.phrasing import Phraser, Vocabulary

DRAW_ATTEMPTS = 20
SEED_IN = ("user", "all")
START = datetime(2026, 1, 5, 9, 0, 0)


@dataclass
class GenerateStats:
    tasks: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> drafts skipped
    per_model: dict[str, int] = field(default_factory=dict)
    variety: dict[str, float | int] = field(default_factory=dict)  # distinct user sentences (ifcqa.memory.variety)


def parse_range(text: str) -> tuple[int, int]:
    """``"25-40"`` -> ``(25, 40)``; ``"30"`` -> ``(30, 30)``; at least 2 sessions."""
    try:
        low, _, high = text.partition("-")
        lo, hi = int(low), int(high or low)
    except ValueError:
        raise IfcqaError(f"--sessions {text!r}: give a count or a range like 25-40.") from None
    if lo < 2 or hi < lo:
        raise IfcqaError(f"--sessions {text!r}: give at least 2 sessions, the smaller number first (25-40).")
    return lo, hi


def generate_tasks(
    files: Sequence[Path],
    *,
    sessions: tuple[int, int] = (25, 40),
    seed: int = 0,
    seed_in: str = "user",
    per_template: int = 3,
    templates: Sequence[str] | None = None,
    phraser: Phraser | None = None,
    executor: Executor | None = None,
    ship_files: bool = False,
    on_progress: Callable[[ProgressState], None] | None = None,
    on_outcome: Callable[[Outcome[Any]], None] | None = None,
) -> tuple[TaskSet, GenerateStats]:
    """Tasks for every file; see the module docstring. ``phraser``: reword user turns and probes by an LLM.

    ``executor``: run each file's work there (``None``: in this process, one file after another);
    ``ship_files``: send the files' bytes to its workers; ``on_progress``/``on_outcome``: see
    :meth:`ifcqa.executor.Executor.map`.
    """
    from ifcqa.memory.phrasing import phrase_task

    if seed_in not in SEED_IN:
        raise IfcqaError(f"--seed-in {seed_in!r}: give user or all.")
    chosen = list(templates or TEMPLATES)
    unknown = [t for t in chosen if t not in TEMPLATES]
    if unknown:
        raise IfcqaError(f"Unknown template(s) {', '.join(unknown)}; known: {', '.join(TEMPLATES)}.")
    stats = GenerateStats()
    tasks: list[Task] = []

    def spec_of(position: int) -> FileSpec:
        from ifcqa.executor import ship

        return FileSpec(
            ship(files[position], ship_files), sessions, seed, seed_in, per_template, tuple(chosen), phraser is not None
        )

    if executor is None:
        results = [file_tasks(spec_of(i)) for i in range(len(files))]
    else:
        outcomes = executor.map(file_tasks, spec_of, [str(path) for path in files], on_progress=on_progress,
                                on_outcome=on_outcome, fail_fast=True)  # fmt: skip
        results = [outcome.value for outcome in outcomes if outcome.value is not None]
    for path, result in zip(files, results, strict=True):
        for task in result.tasks:
            if phraser is not None and result.vocabulary is not None:
                phrase_task(task, phraser, result.vocabulary)
                problems = session_problems(task)  # the leak check on the final, reworded task
                if problems:  # the phrasing guards exclude this: a bug, never a task to keep
                    raise AssertionError(f"task {task.id} after LLM phrasing: " + "; ".join(problems))
            tasks.append(task)
        stats.skipped.update(result.skipped)
        stats.per_model[path.name] = len(result.tasks)
    stats.tasks = len(tasks)
    stats.variety = variety(tasks).to_dict()
    generator = {
        "ifcqa": ifcqa.__version__,
        "seed": seed,
        "sessions": list(sessions),
        "seed_in": seed_in,
        "per_template": per_template,
        "templates": chosen,
        "phrasing": "llm" if phraser is not None else "templates",
        "phrasing_model": phraser.model if phraser is not None else None,
        "phrasing_counts": phraser.stats.to_dict() if phraser is not None else None,
        "skipped": dict(stats.skipped),
        "variety": stats.variety,
    }
    return TaskSet(tasks, generator), stats


@dataclass(frozen=True)
class FileSpec:
    """One file's task generation, as a unit of work for an executor: the file and the settings."""

    ref: FileRef
    sessions: tuple[int, int]
    seed: int
    seed_in: str
    per_template: int
    templates: tuple[str, ...]
    vocabulary: bool  # also return the model's phrasing vocabulary (the phrasing runs in the caller)


@dataclass
class FileTasks:
    """What one file gave: its tasks (in template and draft order), the skipped drafts, its vocabulary."""

    tasks: list[Task]
    skipped: Counter[str]
    vocabulary: Vocabulary | None = None


def file_tasks(spec: FileSpec) -> FileTasks:
    """The tasks of one file (before any LLM phrasing): draws, leak checks and sessions; see the module docstring.

    Runs on a worker: it reads the file where :func:`ifcqa.executor.local_path` says and names the
    tasks after the file as given (``spec.ref.path``).
    """
    from ifcqa.executor import local_path
    from ifcqa.memory.phrasing import Vocabulary, template_phrasing

    path = Path(spec.ref.path)
    index = load_index(local_path(spec.ref))
    mf = model_facts(index)
    text = model_text(index)
    questions = model_questions(mf)
    sha = index.data.source.sha256
    result = FileTasks([], Counter(), Vocabulary(mf) if spec.vocabulary else None)
    for name in spec.templates:
        for number in range(spec.per_template):
            rng = random.Random(f"{spec.seed}:{sha}:{name}:{number}")
            draft, reason = _draw(name, mf, rng, text)
            if draft is None:
                result.skipped[f"{name}: {reason}"] += 1
                continue
            task = _build(
                f"{path.stem}-{name}-{number}", path, sha, mf, draft, rng, spec.sessions, spec.seed_in, questions
            )
            if not spec.vocabulary:
                task.metadata["phrasing"] = template_phrasing(task)
            result.tasks.append(task)
    return result


def _draw(name: str, mf: ModelFacts, rng: random.Random, text: ModelText) -> tuple[Draft | None, str]:
    reason = "the model has nothing this template needs"
    for _ in range(DRAW_ATTEMPTS):
        draft = TEMPLATES[name](mf, rng)
        if draft is None:
            return None, reason
        facts = [_key(f, "k", "", "user") for f in draft.facts]
        leak = ifc_leak(facts, draft.gold.value, text)
        if leak is None:
            return draft, ""
        reason = f"leak: {leak}"
    return None, reason


def _key(f: FactDraft, fid: str, session: str, role: str) -> KeyFact:
    return KeyFact(fid, f.statement, f.value, f.unit, f.anchor, session, role, f.attribute, f.entities, f.links)


def _build(
    task_id: str,
    path: Path,
    sha: str,
    mf: ModelFacts,
    draft: Draft,
    rng: random.Random,
    sessions: tuple[int, int],
    seed_in: str,
    questions: list[Any],
) -> Task:
    count = rng.randint(*sessions)
    sequence: list[tuple[FactDraft, bool]] = []  # each fact in its own session; an earlier value before its revision
    earlier = {fact: sup for sup, fact in draft.revises.items()}
    order = list(range(len(draft.facts)))
    rng.shuffle(order)
    for i in order:
        if i in earlier:
            sequence.append((draft.superseded[earlier[i]], True))
        sequence.append((draft.facts[i], False))
    count = max(count, len(sequence) + 1)
    positions = sorted(rng.sample(range(count), len(sequence)))
    plan = dict(zip(positions, sequence, strict=True))
    at = START + timedelta(days=rng.randint(0, 30))
    built: list[Session] = []
    said_facts: dict[int, KeyFact] = {}
    said_superseded: dict[int, KeyFact] = {}
    seeded: list[str] = []
    for i in range(count):
        sid = f"s{i + 1:02d}"
        at += timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 6), minutes=rng.randint(0, 59))
        if i in plan:
            fact, old = plan[i]
            in_assistant = seed_in == "all" and rng.random() < 0.5
            session, role = seeded_session(
                sid, at, mf, rng, [fact.statement], fact.request, fact.call, fact.topic, in_assistant
            )
            if old:
                said_superseded[draft.superseded.index(fact)] = _key(fact, "", sid, role)
            else:
                said_facts[draft.facts.index(fact)] = _key(fact, "", sid, role)
            seeded.append(sid)
        else:
            session = distractor_session(sid, at, mf, rng, questions, draft.near_miss)
        built.append(session)
    key_facts = [said_facts[i] for i in range(len(draft.facts))]
    superseded = [said_superseded[i] for i in range(len(draft.superseded))]
    for n, said in enumerate(key_facts):
        said.id = f"k{n + 1}"
    for n, said in enumerate(superseded):
        said.id = f"old{n + 1}"
    asked = at + timedelta(days=1)
    task = Task(
        id=task_id,
        project=mf.project,
        model={"path": str(path), "sha256": sha},
        template=draft.template,
        sessions=built,
        probe={"question": draft.probe, "asked_at": iso(asked)},
        gold=draft.gold,
        key_facts=key_facts,
        superseded=superseded,
        metadata={
            "template": draft.template,
            "seed_in": seed_in,
            "session_count": count,
            "distractor_count": count - len(seeded),
            "seeded_sessions": seeded,
            "live_query": {"tool": draft.live[0], "arguments": draft.live[1]},
            "near_miss_statements": len(draft.near_miss),
            "scenarios": [f.scenario for f in draft.facts],
            "revised": len(draft.superseded),
            "leak_check": "passed",
        },
    )
    problems = session_problems(task)
    if problems:  # the construction guarantees these; a failure is a bug here, never a task to keep
        raise AssertionError(f"task {task_id}: " + "; ".join(problems))
    return task
