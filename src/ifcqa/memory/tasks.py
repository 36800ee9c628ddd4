"""The IFCMemoryBench task format: prior sessions, a probe, its gold answer and the key facts it needs.

A task file is one JSON object (documented in docs/MEMORY.md)::

    {"format": "ifcqa-memory-tasks/1", "generator": {...}, "tasks": [Task, ...]}

A :class:`Task` holds the project and its IFC model (path + SHA-256), the prior sessions (turns with
role ``user``, ``assistant`` or ``tool``; assistant tool calls included; ISO timestamps), the probe
question, the gold answer (value, unit, text), the key facts (statement, value, unit, the IFC entities
they concern) and metadata (template, seeding scope, session and distractor counts, seeded sessions).
Memory systems only ever see sessions; the rest is for scoring.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ifcqa.errors import IfcqaError

FORMAT = "ifcqa-memory-tasks/1"
ROLES = ("user", "assistant", "tool")


class TaskFileError(IfcqaError):
    """A task file that cannot be read."""

    code = "task_file_error"


@dataclass
class Turn:
    """One message of a session. ``tool_calls`` on assistant turns ({id, name, arguments}); ``final``
    marks the assistant's final answer of the session; tool turns carry ``tool_call_id`` and ``name``."""

    role: str
    content: str | None
    at: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None
    final: bool = False


@dataclass
class Session:
    """A prior chat session, in time order."""

    id: str
    started_at: str
    turns: list[Turn]

    def text(self, roles: tuple[str, ...] = ROLES) -> str:
        """The session's text of the given roles (tool calls written as ``name(arguments)``)."""
        parts = []
        for t in self.turns:
            if t.role not in roles:
                continue
            if t.content:
                parts.append(t.content)
            parts.extend(f"{c['name']}({json.dumps(c.get('arguments'), ensure_ascii=False)})" for c in t.tool_calls)
        return "\n".join(parts)


@dataclass
class EntityLink:
    """An IFC entity a fact concerns."""

    global_id: str
    ifc_class: str
    name: str | None = None
    storey: str | None = None  # the storey's name
    type: str | None = None  # the type object's name


@dataclass
class KeyFact:
    """A fact the probe needs: where it was said, its value and unit, and what it is about.

    ``anchor`` is the value as it is written in the session ("EI 60", "85 EUR/m²", "oak parquet"): the
    leak check looks for it. ``links`` holds the GlobalIds of the storeys, classes, types, spaces and
    materials the fact is about (as the generator knows them).
    """

    id: str
    statement: str
    value: float | str
    unit: str | None
    anchor: str
    session: str
    role: str
    attribute: str
    entities: list[EntityLink] = field(default_factory=list)
    links: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Gold:
    value: float | str
    unit: str | None
    text: str


@dataclass
class Task:
    id: str
    project: str
    model: dict[str, str]  # path, sha256
    template: str
    sessions: list[Session]
    probe: dict[str, str]  # question, asked_at
    gold: Gold
    key_facts: list[KeyFact]
    superseded: list[KeyFact] = field(default_factory=list)  # earlier values a later session revised
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Task:
        def fact(d: dict[str, Any]) -> KeyFact:
            return KeyFact(**{**d, "entities": [EntityLink(**e) for e in d.get("entities", [])]})

        return Task(
            id=data["id"],
            project=data["project"],
            model=dict(data["model"]),
            template=data["template"],
            sessions=[Session(s["id"], s["started_at"], [Turn(**t) for t in s["turns"]]) for s in data["sessions"]],
            probe=dict(data["probe"]),
            gold=Gold(**data["gold"]),
            key_facts=[fact(k) for k in data["key_facts"]],
            superseded=[fact(k) for k in data.get("superseded", [])],
            metadata=dict(data.get("metadata", {})),
        )


@dataclass
class TaskSet:
    tasks: list[Task]
    generator: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        payload = {"format": FORMAT, "generator": self.generator, "tasks": [t.to_dict() for t in self.tasks]}
        return json.dumps(payload, ensure_ascii=False, indent=1)


def read_tasks(path: Path) -> TaskSet:
    """Read a task file; a file that is missing or not a task file is a :class:`TaskFileError`."""
    if not path.is_file():
        raise TaskFileError(f"Task file {path} not found. Write one with `ifcqa memory generate FILES... -o {path}`.")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TaskFileError(f"{path} is not JSON ({exc}). Give a file written by `ifcqa memory generate`.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TaskFileError(
            f"{path} is not an IFCMemoryBench task file (format {FORMAT!r} expected). "
            "Give a file written by `ifcqa memory generate`."
        )
    try:
        tasks = [Task.from_dict(t) for t in data["tasks"]]
    except (KeyError, TypeError) as exc:
        raise TaskFileError(f"{path}: a task is malformed ({exc!r}); regenerate the file.") from None
    return TaskSet(tasks, dict(data.get("generator", {})))


def resolve_model(task: Task, tasks_file: Path, models_dir: Path | None = None) -> Path:
    """The task's IFC file: as written, next to the task file, then in ``models_dir``."""
    written = Path(task.model["path"])
    candidates = [written, tasks_file.parent / written, tasks_file.parent / written.name]
    if models_dir is not None:
        candidates.append(models_dir / written.name)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise TaskFileError(
        f"Task {task.id}: its model {written} was not found (looked next to {tasks_file}). Pass --models-dir DIR."
    )
