"""Build bench/memory/handwritten.json from the hand-written tasks (bench/memory/handwritten_source.py).

    python bench/memory/handwritten_build.py [--models-dir /work/shared/ifc] [-o bench/memory/handwritten.json]
    python bench/memory/handwritten_build.py --source bench/memory/heldout_source.py   # -> heldout.json

``--source`` names another hand-written source file in the same format (``POOL``, ``TASKS``, and
optionally ``PREFIX``, the task ids' prefix, and ``SEED``, the layout seed's prefix); its output
defaults to the source's name without ``_source`` (``heldout_source.py`` -> ``heldout.json``).

Every tool turn is the real output of ``ifcqa.tools.registry.call_tool`` on the model, and the
assistant's answer is written from it (``ifcqa.memory.sessions``); a gold computed from a live
quantity (a rate x an area) is computed from the real result. Sessions are laid out deterministically
(seeded by the task id): the model's distractor pool, the task's near misses and ten generated
distractor sessions (real model questions) shuffled, the seeded sessions among them in their order.
Every task passes the generator's leak check (nothing the probe needs is in the model; every key fact
said where it says; no distractor says a key anchor); a failing task stops the build.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import random
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from handwritten_source import K, T, X  # noqa: E402

from ifcqa.index.model_index import load_index  # noqa: E402
from ifcqa.memory.leak import ifc_leak, model_text, session_problems  # noqa: E402
from ifcqa.memory.modelfacts import model_facts  # noqa: E402
from ifcqa.memory.phrasing import template_phrasing  # noqa: E402
from ifcqa.memory.sessions import ToolTurns, distractor_session, iso, model_questions  # noqa: E402
from ifcqa.memory.tasks import Gold, KeyFact, Session, Task, TaskSet, Turn  # noqa: E402
from ifcqa.tools.registry import call_tool  # noqa: E402

HERE = Path(__file__).resolve().parent
START = datetime(2026, 2, 2, 9, 0, 0)
GENERATED_DISTRACTORS = 10


def _session(sid: str, at: datetime, exchanges: list[X], tools: ToolTurns) -> Session:
    turns: list[Turn] = []
    now = at
    for x in exchanges:
        turns.append(Turn("user", x.user, iso(now)))
        summary = "Noted."
        if x.call is not None:
            exchange, summary = tools.exchange(x.call, now + timedelta(seconds=5), sid)
            turns.extend(exchange)
        turns.append(Turn("assistant", x.final or summary, iso(now + timedelta(seconds=9)), final=True))
        now += timedelta(minutes=4)
    return Session(sid, iso(at), turns)


def _statement(session: Session, fact: K) -> str:
    """The sentence of the session's turn (of the fact's role) that says the anchor."""
    from ifcqa.memory.facts import split_sentences

    for turn in session.turns:
        if turn.role == fact.role and turn.content and fact.anchor in turn.content:
            for sentence in split_sentences(turn.content):
                if fact.anchor in sentence:
                    return sentence
            return turn.content
    raise AssertionError(f"{fact.anchor!r} is not said by {fact.role} in {session.id}")


@dataclass
class Source:
    """A hand-written source file: its tasks, its per-model distractor pools, how its tasks are named."""

    path: Path
    tasks: list[T]
    pool: dict[str, list[list[X]]]
    prefix: str = "hand"  # task id = f"{prefix}-{spec.id}"
    seed: str = "handwritten"  # layout seed = f"{seed}:{spec.id}"

    @property
    def name(self) -> str:
        """The source as the task file names it (relative to the repository when it lives in it)."""
        try:
            return self.path.resolve().relative_to(HERE.parents[1]).as_posix()
        except ValueError:
            return self.path.name


def load_source(path: Path) -> Source:
    """Import a hand-written source file (``TASKS``, ``POOL``; optional ``PREFIX``, ``SEED``)."""
    if not path.is_file():
        raise SystemExit(f"--source {path}: no such file; give a source like bench/memory/handwritten_source.py")
    spec = importlib.util.spec_from_file_location(f"_source_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    missing = [n for n in ("TASKS", "POOL") if not hasattr(module, n)]
    if missing:
        raise SystemExit(f"--source {path}: defines no {', '.join(missing)} (see handwritten_source.py's format)")
    prefix, seed = getattr(module, "PREFIX", "hand"), getattr(module, "SEED", "handwritten")
    return Source(path, module.TASKS, module.POOL, prefix, seed)


def build_task(spec: T, models_dir: Path, source: Source | None = None) -> Task:
    source = source or load_source(HERE / "handwritten_source.py")
    path = models_dir / f"{spec.model}.ifc"
    index = load_index(path)
    mf = model_facts(index)
    rng = random.Random(f"{source.seed}:{spec.id}")
    anchors = [k.anchor.casefold() for k in spec.keys]
    pool = [s for s in source.pool[spec.model] if not any(a in " ".join(x.user for x in s).casefold() for a in anchors)]
    distractors: list[list[X] | None] = [*pool, *spec.near, *([None] * GENERATED_DISTRACTORS)]
    rng.shuffle(distractors)
    count = len(distractors) + len(spec.seeded)
    positions = sorted(rng.sample(range(count), len(spec.seeded)))
    questions = model_questions(mf)
    sessions: list[Session] = []
    seeded_ids: list[str] = []
    at = START + timedelta(days=rng.randint(0, 20))
    d, s = iter(distractors), iter(spec.seeded)
    for i in range(count):
        sid = f"s{i + 1:02d}"
        at += timedelta(days=rng.randint(1, 4), hours=rng.randint(0, 5), minutes=rng.randint(0, 59))
        tools = ToolTurns(mf)
        if i in positions:
            sessions.append(_session(sid, at, next(s), tools))
            seeded_ids.append(sid)
            continue
        exchanges = next(d)
        if exchanges is None:
            sessions.append(distractor_session(sid, at, mf, rng, questions, []))
        else:
            sessions.append(_session(sid, at, exchanges, tools))

    def key(fact: K, fid: str) -> KeyFact:
        sid = seeded_ids[fact.session]
        session = next(x for x in sessions if x.id == sid)
        return KeyFact(fid, _statement(session, fact), fact.value, fact.unit, fact.anchor, sid, fact.role,
                       fact.attribute)  # fmt: skip

    value, unit, text = spec.gold
    live = spec.gold_call
    if spec.gold_of is not None:
        assert live is not None
        result = call_tool(index, live[0], live[1])
        value = round(float(eval(spec.gold_of, {}, {"r": result})), 2)  # noqa: S307 - our own source file
        text = f"{value:.2f} EUR ({text})"
    task = Task(
        id=f"{source.prefix}-{spec.id}",
        project=mf.project,
        model={"path": path.name, "sha256": index.data.source.sha256},
        template=spec.kind,
        sessions=sessions,
        probe={"question": spec.probe, "asked_at": iso(at + timedelta(days=1))},
        gold=Gold(value, unit, text),
        key_facts=[key(f, f"k{i + 1}") for i, f in enumerate(spec.keys)],
        superseded=[key(f, f"old{i + 1}") for i, f in enumerate(spec.superseded)],
        metadata={
            "template": spec.kind,
            "seed_in": "user",
            "session_count": count,
            "distractor_count": count - len(seeded_ids),
            "seeded_sessions": seeded_ids,
            "live_query": {"tool": live[0], "arguments": live[1]} if live else None,
            "near_miss_statements": len(spec.near),
            "leak_check": "passed",
            "written": f"by hand ({source.name})",
        },
    )
    task.metadata["phrasing"] = template_phrasing(task)
    problems = session_problems(task)
    leak = ifc_leak(task.key_facts, task.gold.value, model_text(index))
    if problems or leak:
        raise SystemExit(f"task {task.id}: " + "; ".join([*problems, *([leak] if leak else [])]))
    return task


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models-dir", type=Path, default=HERE.parents[2] / "shared" / "ifc")
    parser.add_argument(
        "--source", type=Path, default=HERE / "handwritten_source.py", help="the hand-written source file"
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=None, help="the task file (default: SOURCE without _source, .json)"
    )
    args = parser.parse_args(argv)
    if not args.models_dir.is_dir():
        args.models_dir = Path("/work/shared/ifc")
    source = load_source(args.source)
    if args.output is None:
        args.output = args.source.with_name(args.source.stem.removesuffix("_source") + ".json")
    tasks = [build_task(spec, args.models_dir, source) for spec in source.tasks]
    generator = {
        "written": "by hand",
        "source": source.name,
        "source_sha256": hashlib.sha256(args.source.read_bytes()).hexdigest(),
        "seed_in": "user",
        "models": sorted({t.model["path"] for t in tasks}),
    }
    args.output.write_text(TaskSet(tasks, generator).to_json() + "\n", encoding="utf-8")
    facts = sum(len(t.key_facts) for t in tasks)
    print(f"{len(tasks)} tasks, {facts} key facts, {len(generator['models'])} models -> {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
