"""The task generator: format, determinism, real tool turns, gold answers from the file, the leak check."""

from __future__ import annotations

import json
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as uel
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.index import ModelIndex
from ifcqa.memory.generate import generate_tasks, parse_range
from ifcqa.memory.leak import session_problems
from ifcqa.memory.tasks import FORMAT, TaskSet, read_tasks
from ifcqa.memory.templates import TEMPLATES
from ifcqa.tools.registry import call_tool, render


def _file_texts(path: Path) -> list[str]:
    """Every string of the IFC file, read with raw IfcOpenShell (attributes and property values)."""
    model = ifcopenshell.open(str(path))
    texts = []
    for entity in model:
        for value in entity:
            if isinstance(value, str):
                texts.append(value.casefold())
            elif isinstance(value, ifcopenshell.entity_instance) and value.is_a("IfcLabel"):
                texts.append(str(value.wrappedValue).casefold())
    return texts


def test_every_template_makes_a_task_with_the_documented_shape(sample_tasks: TaskSet) -> None:
    assert sorted(t.template for t in sample_tasks.tasks) == sorted(TEMPLATES)
    data = json.loads(sample_tasks.to_json())
    assert data["format"] == FORMAT and data["generator"]["seed"] == 3
    task = data["tasks"][0]
    assert set(task) >= {"id", "project", "model", "sessions", "probe", "gold", "key_facts", "metadata"}
    assert len(task["model"]["sha256"]) == 64
    assert {"value", "unit", "text"} <= set(task["gold"])
    assert {"statement", "value", "unit", "entities", "session", "role"} <= set(task["key_facts"][0])
    for t in sample_tasks.tasks:
        assert 6 <= t.metadata["session_count"] == len(t.sessions) <= 9
        assert t.metadata["distractor_count"] == len(t.sessions) - len(t.metadata["seeded_sessions"])
        stamps = [s.started_at for s in t.sessions]
        assert stamps == sorted(stamps) and t.probe["asked_at"] > stamps[-1]


def test_generation_is_deterministic_given_the_seed(sample_ifc: Path, sample_tasks: TaskSet) -> None:
    again, _ = generate_tasks([sample_ifc], sessions=(6, 9), seed=3, per_template=1)
    assert again.to_json() == sample_tasks.to_json()
    other, _ = generate_tasks([sample_ifc], sessions=(6, 9), seed=4, per_template=1)
    assert other.to_json() != sample_tasks.to_json()


def test_leak_check_holds_against_the_raw_file(sample_ifc: Path, sample_tasks: TaskSet) -> None:
    texts = _file_texts(sample_ifc)
    for task in sample_tasks.tasks:
        assert session_problems(task) == []
        for fact in task.key_facts:  # the answer is not in the file
            assert not any(fact.anchor.casefold() in t for t in texts), (task.id, fact.anchor)
        seeded = set(task.metadata["seeded_sessions"])
        assert {f.session for f in task.key_facts} <= seeded
        for session in task.sessions:  # distractors never carry a key fact's value
            if session.id not in seeded:
                assert all(f.anchor.casefold() not in session.text().casefold() for f in task.key_facts)
            else:
                assert any(f.statement in session.text() for f in [*task.key_facts, *task.superseded])


def test_tool_turns_are_real_tool_runs(sample_index: ModelIndex, sample_tasks: TaskSet) -> None:
    checked = 0
    for task in sample_tasks.tasks[:3]:
        for session in task.sessions:
            calls = {c["id"]: c for t in session.turns for c in t.tool_calls}
            for turn in session.turns:
                if turn.role == "tool":
                    call = calls[turn.tool_call_id or ""]
                    expected = render(call_tool(sample_index, call["name"], call["arguments"]))
                    assert turn.content is not None
                    assert turn.content[:1500] == expected[:1500]
                    checked += 1
    assert checked >= 10


def test_gold_answers_follow_the_ifc_file(sample_ifc: Path, sample_tasks: TaskSet) -> None:
    model = ifcopenshell.open(str(sample_ifc))
    by_name = {t.template: t for t in sample_tasks.tasks}
    fire = by_name["fire_rating"]
    storey_name = fire.metadata["live_query"]["arguments"]["storey"]
    doors = [d for d in model.by_type("IfcDoor") if (uel.get_container(d) or uel.get_aggregate(d)).Name == storey_name]
    assert f"for the {len(doors)} doors on" in fire.gold.text and storey_name in fire.gold.text
    assert {e.global_id for e in fire.key_facts[0].entities} == {d.GlobalId for d in doors}
    cost = by_name["cost_rate"]
    args = cost.metadata["live_query"]["arguments"]
    set_name, prop = args["quantity"].split(".")
    total = 0.0
    for element in model.by_type(args["ifc_class"]):
        container = uel.get_container(element) or uel.get_aggregate(element)
        if container is not None and container.Name == args["storey"]:
            total += uel.get_psets(element, qtos_only=True).get(set_name, {}).get(prop, 0.0)
    rate = cost.key_facts[0].value
    assert isinstance(rate, int | float)
    assert cost.gold.value == pytest.approx(rate * total, rel=1e-6)


def test_a_revision_supersedes_an_earlier_value(sample_tasks: TaskSet) -> None:
    task = next(t for t in sample_tasks.tasks if t.superseded)
    for old in task.superseded:
        (new,) = [f for f in task.key_facts if f.attribute == old.attribute]
        assert old.session < new.session and new.value != old.value
    assert task.gold.value == task.key_facts[0].value or task.gold.unit == "EUR"


def test_seed_in_all_plants_facts_in_assistant_replies(sample_ifc: Path) -> None:
    tasks, _ = generate_tasks([sample_ifc], sessions=(5, 6), seed=11, per_template=2, seed_in="all")
    roles = {f.role for t in tasks.tasks for f in t.key_facts}
    assert roles == {"user", "assistant"}
    for task in tasks.tasks:
        assert session_problems(task) == []
        for fact in task.key_facts:
            if fact.role == "assistant":
                session = next(s for s in task.sessions if s.id == fact.session)
                assert fact.statement not in session.text(("user",))


def test_bad_arguments_are_clear_errors(sample_ifc: Path, tmp_path: Path) -> None:
    with pytest.raises(IfcqaError, match="at least 2 sessions"):
        parse_range("40-25")
    with pytest.raises(IfcqaError, match="Unknown template"):
        generate_tasks([sample_ifc], templates=["nope"])
    with pytest.raises(IfcqaError, match="give user or all"):
        generate_tasks([sample_ifc], seed_in="tool")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}')
    with pytest.raises(IfcqaError, match="not an IFCMemoryBench task file"):
        read_tasks(bad)
    result = CliRunner().invoke(
        app, ["memory", "generate", str(sample_ifc), "-o", str(tmp_path / "t.json"), "--sessions", "x"]
    )
    assert result.exit_code == 1 and "--sessions 'x'" in result.output
    assert not (tmp_path / "t.json").exists()


def test_cli_generate_writes_a_readable_task_file(sample_ifc: Path, tmp_path: Path) -> None:
    out = tmp_path / "tasks.json"
    result = CliRunner().invoke(
        app,
        [
            "memory",
            "generate",
            str(sample_ifc),
            "-o",
            str(out),
            "--sessions",
            "4-5",
            "--per-template",
            "1",
            "--templates",
            "fire_rating,room_finish",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["tasks"] == 2
    assert [t.template for t in read_tasks(out).tasks] == ["fire_rating", "room_finish"]
