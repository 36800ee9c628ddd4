"""``ifcqa memory generate``: tasks from IFC files, deterministic given the seed.

For each model and each template (:data:`ifcqa.memory.templates.TEMPLATES`), ``per_template`` drafts
are made with their own random stream (seeded by the seed, the file's SHA-256, the template and the
draft number, so adding a model changes no other model's tasks). A draft whose answer the model
already holds is drawn again (at most :data:`DRAW_ATTEMPTS` times), else skipped with the reason.
The key facts go into 1-2 seeded sessions at random positions among 25-40 sessions (an earlier value
that a revision supersedes goes into an earlier session); the rest are distractor sessions.
With a :class:`~ifcqa.memory.phrasing.Phraser` (``--model``) the user turns and the probe are then
reworded by an LLM under guards (:mod:`ifcqa.memory.phrasing`), and the session checks of the leak
check run again on the final task.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
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

if TYPE_CHECKING:
    from ifcqa.memory.phrasing import Phraser

DRAW_ATTEMPTS = 20
SEED_IN = ("user", "all")
START = datetime(2026, 1, 5, 9, 0, 0)


@dataclass
class GenerateStats:
    tasks: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> drafts skipped
    per_model: dict[str, int] = field(default_factory=dict)


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
) -> tuple[TaskSet, GenerateStats]:
    """Tasks for every file; see the module docstring. ``phraser``: reword user turns and probes by an LLM."""
    from ifcqa.memory.phrasing import Vocabulary, phrase_task, template_phrasing

    if seed_in not in SEED_IN:
        raise IfcqaError(f"--seed-in {seed_in!r}: give user or all.")
    chosen = list(templates or TEMPLATES)
    unknown = [t for t in chosen if t not in TEMPLATES]
    if unknown:
        raise IfcqaError(f"Unknown template(s) {', '.join(unknown)}; known: {', '.join(TEMPLATES)}.")
    stats = GenerateStats()
    tasks: list[Task] = []
    for path in files:
        index = load_index(path)
        mf = model_facts(index)
        text = model_text(index)
        questions = model_questions(mf)
        sha = index.data.source.sha256
        vocabulary = Vocabulary(mf) if phraser is not None else None
        made = 0
        for name in chosen:
            for number in range(per_template):
                rng = random.Random(f"{seed}:{sha}:{name}:{number}")
                draft, reason = _draw(name, mf, rng, text)
                if draft is None:
                    stats.skipped[f"{name}: {reason}"] += 1
                    continue
                task = _build(f"{path.stem}-{name}-{number}", path, sha, mf, draft, rng, sessions, seed_in, questions)
                if phraser is not None and vocabulary is not None:
                    phrase_task(task, phraser, vocabulary)
                    problems = session_problems(task)  # the leak check on the final, reworded task
                    if problems:  # the phrasing guards exclude this: a bug, never a task to keep
                        raise AssertionError(f"task {task.id} after LLM phrasing: " + "; ".join(problems))
                else:
                    task.metadata["phrasing"] = template_phrasing(task)
                tasks.append(task)
                made += 1
        stats.per_model[path.name] = made
    stats.tasks = len(tasks)
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
    }
    return TaskSet(tasks, generator), stats


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
    n_seeded = 1 + len(draft.superseded)
    # seeded positions: a superseded value earlier than its revision; never the last session alone by rule
    positions = sorted(rng.sample(range(count), n_seeded))
    plan = dict(zip(positions, [*draft.superseded, *draft.facts[:1]], strict=True))
    extra = draft.facts[1:]
    at = START + timedelta(days=rng.randint(0, 30))
    built: list[Session] = []
    key_facts: list[KeyFact] = []
    superseded: list[KeyFact] = []
    seeded: list[str] = []
    for i in range(count):
        sid = f"s{i + 1:02d}"
        at += timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 6), minutes=rng.randint(0, 59))
        if i in plan:
            fact = plan[i]
            said = [fact] + (extra if fact is draft.facts[0] else [])
            in_assistant = seed_in == "all" and rng.random() < 0.5
            session, role = seeded_session(
                sid,
                at,
                mf,
                rng,
                [f.statement for f in said],
                draft.request,
                draft.call,
                draft.topic,
                in_assistant,
            )
            for f in said:
                if f in draft.superseded:
                    superseded.append(_key(f, f"old{len(superseded) + 1}", sid, role))
                else:
                    key_facts.append(_key(f, f"k{len(key_facts) + 1}", sid, role))
            seeded.append(sid)
        else:
            session = distractor_session(sid, at, mf, rng, questions, draft.near_miss)
        built.append(session)
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
            "leak_check": "passed",
        },
    )
    problems = session_problems(task)
    if problems:  # the construction guarantees these; a failure is a bug here, never a task to keep
        raise AssertionError(f"task {task_id}: " + "; ".join(problems))
    return task
