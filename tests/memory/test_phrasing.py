"""LLM phrasing of generated tasks, end to end through the scripted chat server: kept rewrites, guarded fallbacks,
the leak check on the final tasks, and reruns answered from the response cache."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.leak import session_problems
from ifcqa.memory.phrasing import Phraser
from ifcqa.memory.scoring import has_value
from ifcqa.memory.tasks import Task, TaskSet, read_tasks

TEMPLATES = ["fire_rating", "room_finish", "u_value"]
# seed 21: the fire task has one key fact said once (the others have more, and revisions)
OPTIONS: dict[str, Any] = {"sessions": (3, 4), "seed": 21, "per_template": 1, "templates": TEMPLATES}


def _message(request: dict[str, Any]) -> tuple[str, str]:
    """(turn | probe, the text to rewrite) of a phrasing request."""
    system, user = request["messages"][0]["content"], request["messages"][-1]["content"]
    return ("probe" if "rephrase one question" in system else "turn"), user.split("MESSAGE:\n", 1)[1]


def _seeded_turn(task: Task) -> tuple[str, int, str]:
    fact = task.key_facts[0]
    session = next(s for s in task.sessions if s.id == fact.session)
    i = next(i for i, t in enumerate(session.turns) if t.role == "user" and fact.statement in (t.content or ""))
    return session.id, i, str(session.turns[i].content)


def _first_distractor_turn(task: Task) -> tuple[str, int, str]:
    seeded = set(task.metadata["seeded_sessions"])
    session = next(s for s in task.sessions if s.id not in seeded)
    return session.id, 0, str(session.turns[0].content)


def test_llm_phrasing_is_guarded_recorded_and_cached(sample_ifc: Path, tmp_path: Path) -> None:
    template, _ = generate_tasks([sample_ifc], **OPTIONS)
    by = {t.template: t for t in template.tasks}
    fire, room, revised = by["fire_rating"], by["room_finish"], by["u_value"]
    fire_fact, room_fact, new_u = fire.key_facts[0], room.key_facts[0], revised.key_facts[0]
    kept_statement = "Noted from the spec: " + fire_fact.statement[0].lower() + fire_fact.statement[1:]
    fire_sid, fire_i, fire_turn = _seeded_turn(fire)
    room_sid, room_i, room_turn = _seeded_turn(room)
    dist_sid, dist_i, dist_turn = _first_distractor_turn(revised)
    scripted: dict[tuple[str, str], dict[str, Any]] = {
        ("turn", fire_turn): {"content": fire_turn.replace(fire_fact.statement, kept_statement)},  # keeps the facts
        ("turn", room_turn): {"content": room_turn.replace(room_fact.anchor, "the usual finish")},  # drops the value
        ("probe", fire.probe["question"]): {"content": f"{fire.probe['question']} Is it {fire_fact.anchor}?"},  # leaks
        ("probe", room.probe["question"]): {"content": "Quick question: " + room.probe["question"]},
        ("turn", dist_turn): {"content": f"{dist_turn} Also the U-value target is now {new_u.value} W/m²K."},  # gains
        ("probe", revised.probe["question"]): {"status": 400, "body": "no"},  # an unusable reply
    }
    broken = False

    def script(request: dict[str, Any]) -> dict[str, Any]:
        if broken:
            return {"status": 500, "body": "down"}
        kind, text = _message(request)
        return scripted.get((kind, text), {"content": "Hi! " + text})

    with ScriptedServer(script) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0, cache=ResponseCache(tmp_path / "llm"))
        phraser = Phraser(client)
        tasks, _ = generate_tasks([sample_ifc], phraser=phraser, **OPTIONS)
        asked = len(server.requests)
        broken = True  # a rerun is answered from the response cache alone, identically
        again, _ = generate_tasks([sample_ifc], phraser=Phraser(client), **OPTIONS)
        assert again.to_json() == tasks.to_json()
        # only the request that failed (never cached) was sent again
        assert [_message(r) for r in server.requests[asked:]] == [("probe", revised.probe["question"])]

    by = {t.template: t for t in tasks.tasks}
    fire, room, revised = by["fire_rating"], by["room_finish"], by["u_value"]
    # a rewrite that keeps the facts is used; the key fact's statement is the sentence as said now
    session = next(s for s in fire.sessions if s.id == fire_sid)
    assert session.turns[fire_i].content == fire_turn.replace(fire_fact.statement, kept_statement)
    assert fire.metadata["phrasing"]["turns"][f"{fire_sid}/{fire_i}"] == "llm"
    assert fire.key_facts[0].statement.endswith(kept_statement)  # the whole sentence ("By the way: Noted ...")
    assert fire.metadata["phrasing"]["template_statements"] == {"k1": fire_fact.statement}
    # one that drops the value falls back to the template text
    session = next(s for s in room.sessions if s.id == room_sid)
    assert session.turns[room_i].content == room_turn and room_fact.anchor in room_turn
    assert room.metadata["phrasing"]["turns"][f"{room_sid}/{room_i}"] == "template"
    assert room.metadata["phrasing"]["fallbacks"] == {"value dropped": 1}
    assert room.probe["question"].startswith("Quick question: ") and room.metadata["phrasing"]["probe"] == "llm"
    # one that leaks the answer into the probe falls back; so does a distractor gaining a key value, and an error
    assert fire.probe["question"] == template.tasks[0].probe["question"]
    assert fire_fact.anchor not in fire.probe["question"]
    assert fire.metadata["phrasing"]["probe"] == "template"
    assert fire.metadata["phrasing"]["fallbacks"] == {"answer leaked": 1}
    session = next(s for s in revised.sessions if s.id == dist_sid)
    assert session.turns[dist_i].content == dist_turn
    assert revised.metadata["phrasing"]["fallbacks"] == {"value gained": 1, "error": 1}
    # every other user turn is the model's; assistant and tool turns are never touched
    for task, base in zip(tasks.tasks, template.tasks, strict=True):
        assert task.metadata["phrasing"]["model"] == "scripted"
        for s, b in zip(task.sessions, base.sessions, strict=True):
            for i, (turn, old) in enumerate(zip(s.turns, b.turns, strict=True)):
                if turn.role != "user":
                    assert turn == old
                elif task.metadata["phrasing"]["turns"][f"{s.id}/{i}"] == "llm" and old.content != fire_turn:
                    assert turn.content == "Hi! " + str(old.content)
        # the leak check on the final tasks
        assert session_problems(task) == []
        assert not has_value(task.probe["question"], task.gold.value, task.gold.unit)
        seeded = set(task.metadata["seeded_sessions"])
        for s in task.sessions:
            if s.id not in seeded:
                assert all(f.anchor.casefold() not in s.text().casefold() for f in task.key_facts)
    generator = json.loads(tasks.to_json())["generator"]
    assert generator["phrasing"] == "llm" and generator["phrasing_model"] == "scripted"
    assert generator["phrasing_counts"]["fallbacks"] == {
        "value dropped": 1,
        "answer leaked": 1,
        "value gained": 1,
        "error": 1,
    }
    assert generator["phrasing_counts"]["template"] == 4 and generator["phrasing_counts"]["llm"] > 10


def test_templates_only_record_template_phrasing(sample_tasks: TaskSet) -> None:
    for task in sample_tasks.tasks:
        phrasing = task.metadata["phrasing"]
        assert phrasing["model"] is None and phrasing["probe"] == "template"
        users = sum(1 for s in task.sessions for t in s.turns if t.role == "user")
        assert list(phrasing["turns"].values()) == ["template"] * users


def test_cli_generate_with_a_model(sample_ifc: Path, tmp_path: Path) -> None:
    def script(request: dict[str, Any]) -> dict[str, Any]:
        return {"content": "Hello there. " + _message(request)[1]}

    out = tmp_path / "tasks.json"
    with ScriptedServer(script) as server:
        result = CliRunner().invoke(
            app,
            [
                "memory",
                "generate",
                str(sample_ifc),
                "-o",
                str(out),
                "--sessions",
                "3-3",
                "--per-template",
                "1",
                "--templates",
                "fire_rating",
                "--model",
                "scripted",
                "--base-url",
                server.base_url,
                "--no-cache",
            ],
        )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["phrasing"]["model"] == "scripted"
    (task,) = read_tasks(out).tasks
    assert task.probe["question"].startswith("Hello there. ")
    assert set(task.metadata["phrasing"]["turns"].values()) == {"llm"} and task.metadata["phrasing"]["probe"] == "llm"
    assert session_problems(task) == []


def test_guards_name_their_reason(sample_tasks: TaskSet) -> None:
    from ifcqa.memory.phrasing import probe_problem, turn_problem

    revised = next(t for t in sample_tasks.tasks if t.superseded and t.key_facts[0].unit)
    new = revised.key_facts[0]
    said = new.statement
    assert turn_problem(said, said, [new], [new.anchor]) is None
    revision = f"Change of plan: the walls must reach {new.anchor}; this replaces the previous target."
    assert turn_problem(revision, f"The walls must reach {new.anchor}.", [new], [new.anchor]) == "value dropped"
    assert turn_problem(revision, f"Note: the walls must reach {new.value} W/m2K now.", [new], []) == "value dropped"
    negated = "The skylights are not in this phase, the client decided."
    assert turn_problem(negated, "The client decided: skylights are in this phase.", [], []) == "polarity changed"
    assert turn_problem(negated, "The client decided the skylights won't be part of this phase.", [], []) is None
    dropped = turn_problem("How many doors are on Level 1?", "How many doors are on the first floor?", [], ["Level 1"])
    assert dropped == "protected"
    question = revised.probe["question"]
    assert probe_problem(question, question.replace("?", "."), revised, []) == "answer leaked"
    assert probe_problem(question, f"{question} ({new.anchor}?)", revised, []) == "answer leaked"
    assert probe_problem(question, "Quick one: " + question, revised, []) is None


def test_degenerate_replies_that_keep_every_value_are_refused() -> None:
    """Replies SmolLM2-135M gave (docs/MEMORY.md): they keep every value and protected term, and say nothing."""
    from ifcqa.memory.phrasing import degenerate, turn_problem

    said = "Per the fire consultant's spec, every door on Erdgeschoss level must be EI 120 rated."
    keep = ["120", "EI 120", "Erdgeschoss", "door"]
    looping = "- 120 - EI 120 - Erdgeschoss - doors - doors - doors - doors - doors - doors - doors -"
    echoed = f"- 120 - EI 120 MESSAGE: {said}"
    assert turn_problem(said, looping, [], keep) == turn_problem(said, echoed, [], keep) == "degenerate"
    assert degenerate(said, "EI 120 EI 120 required required required required for door door on Erdgeschoss.")
    natural = "The fire consultant's spec says each door on Erdgeschoss level has to be rated EI 120."
    assert not degenerate(said, natural) and turn_problem(said, natural, [], keep) is None
