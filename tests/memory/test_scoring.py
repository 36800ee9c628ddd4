"""Honest scoring (issue 23): one retrieval budget for every system, a superseded value ranked ahead of the
current one is a miss, the agent's retrieval is scored on what it was shown, and the answer check refuses
answers that negate the gold or also state a contradicting value."""

from __future__ import annotations

from pathlib import Path

from ifcqa.agents.base import AgentConfig
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.base import MemoryHit
from ifcqa.memory.runner import config_for, read_records, run_memory_eval
from ifcqa.memory.scoring import answer_correct, covers, fit_budget, retrieval_scores, unit_of
from ifcqa.memory.tasks import Gold, KeyFact, Session, Task, TaskSet


def _fact(fid: str, value: float | str, unit: str | None, anchor: str, attribute: str = "fire_rating") -> KeyFact:
    return KeyFact(fid, anchor, value, unit, anchor, "s01", "user", attribute)


def _revision_task() -> Task:
    return Task(
        "t", "p", {"path": "m.ifc", "sha256": "0"}, "revision", [Session("s01", "2026-01-01T00:00:00Z", [])],
        {"question": "q", "asked_at": "2026-02-01T00:00:00Z"}, Gold(60.0, "min", "EI 60"),
        [_fact("k1", 60.0, "min", "go with the 60")], [_fact("old1", 45.0, "min", "EI 45")],
        {"seeded_sessions": ["s01"]},
    )  # fmt: skip


def test_the_budget_cuts_every_system_to_the_same_characters_and_the_oracle_keeps_its_newest_end() -> None:
    hits = [MemoryHit("a" * 800, ["s1"]), MemoryHit("b" * 800, ["s2"]), MemoryHit("c" * 800, ["s3"])]
    kept = fit_budget(hits, 2000)
    text = "\n\n".join(h.text for h in kept)
    assert len(text) == 2000 and [h.sessions for h in kept] == [["s1"], ["s2"], ["s3"]]
    assert kept[2].text == "c" * 396 and kept[2].meta["cut_to_budget"] and "cut_to_budget" not in kept[0].meta
    context = "## Session s01 (x)\nold fact EI 45\n\n## Session s02 (y)\nnew fact: go with the 60"
    oracle = MemoryHit(context, ["s01", "s02"], meta={"order": "chronological"})
    (cut,) = fit_budget([oracle], 40)
    assert cut.text == context[-40:] and cut.sessions == ["s02"] and "go with the 60" in cut.text
    assert fit_budget(hits, None) == hits


def test_every_system_is_scored_within_the_budget_and_the_oracle_apart(tasks_file: Path, tmp_path: Path) -> None:
    config = config_for(
        tasks_file, ["full-context", "file", "ifc-aware"], ["full"], k=5, window_tokens=32_000, extractor="rules",
        agent=None, limit=None, budget_chars=300,
    )  # fmt: skip
    summary = run_memory_eval(tasks_file, tmp_path / "run", config)
    records = read_records(tmp_path / "run")
    assert all(r["retrieval"]["retrieved_chars"] <= 300 for r in records)
    oracle = [r for r in records if r["system"] == "full-context"]
    assert all(r["retrieval_unbudgeted"]["retrieved_chars"] > 300 for r in oracle)  # it was cut: the oracle differs
    cell = summary["table"]["full-context"]["full"]
    assert cell["coverage_unbudgeted"]["rate"] == 1.0 and cell["coverage"]["rate"] < 1.0
    from ifcqa.memory.report import render_markdown

    report = render_markdown(summary, {"k": 5, "window_tokens": 32_000, "budget_chars": 300})
    assert "Retrieval budget: 300 characters for every system" in report
    assert "| full-context, beyond the budget (oracle, not comparable) | 100.0%" in report


def test_a_superseded_value_ranked_ahead_of_the_current_one_is_a_miss() -> None:
    task = _revision_task()
    old, new = MemoryHit("The doors go EI 45.", ["s01"]), MemoryHit("Stop using the 45, go with the 60.", ["s01"])
    assert retrieval_scores(task, [new, old])["covered"] is True
    stale = retrieval_scores(task, [old, new])
    assert stale["covered"] is False and stale["superseded_ahead"] == ["old1"] and stale["key_facts_covered"] == ["k1"]
    # a hit stating both (the revision itself, or a whole context) counts as current
    assert retrieval_scores(task, [MemoryHit("EI 45 ... stop using the 45, go with the 60", ["s01"])])["covered"]


def test_the_answer_check_refuses_negated_and_contradicting_answers() -> None:
    phase = Gold("phase 3", None, "")
    assert answer_correct("ANSWER: phase 3", phase) and not answer_correct("included, not phase 3", phase)
    fire = Gold(60.0, "min", "")
    assert answer_correct("EI 60 for the 6 doors", fire)
    assert not answer_correct("EI 30, EI 60 or EI 90", fire)  # listing every value
    assert answer_correct("EI 60, not EI 45 any more", fire) and not answer_correct("not EI 60", fire)
    cost = Gold(6995.78, "EUR", "")
    assert answer_correct("52 EUR/m² x 134.53 m² = 6995.78 EUR", cost)  # EUR/m² is not EUR
    assert not answer_correct("6995.78 EUR, or 6,323.19 EUR at the old rate", cost)
    old = _fact("old1", "engineered oak", None, "engineered oak", "floor_finish")
    walnut = Gold("walnut", None, "")
    assert answer_correct("walnut", walnut, [old])
    assert answer_correct("walnut instead of the engineered oak", walnut, [old])
    assert not answer_correct("walnut or engineered oak", walnut, [old])
    assert answer_correct("No: by the landlord, not in contract", Gold("not in contract", None, ""))
    assert unit_of("52 EUR/m² now", 0, 2) == "EUR/m²" and unit_of("EI 60", 3, 5) == "min"


def test_the_agents_retrieval_is_scored_on_exactly_what_it_was_shown(sample_tasks: TaskSet, tmp_path: Path) -> None:
    task = next(t for t in sample_tasks.tasks if t.template == "fire_rating")
    one = tmp_path / "fire.json"
    one.write_text(TaskSet([task], sample_tasks.generator).to_json())
    script = [
        {"tool_calls": [{"name": "search_project_memory", "arguments": {"query": "doors fire rating"}}]},
        {"content": "ANSWER: unknown"},
    ]
    agent = AgentConfig(model="scripted", tools="core", no_cache=True, max_retries=0, observation_chars=400)
    with ScriptedServer(script) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0)
        config = config_for(one, ["full-context"], ["full"], k=5, window_tokens=32_000, extractor="rules",
                            agent=agent, limit=None)  # fmt: skip
        run_memory_eval(one, tmp_path / "run", config, agent_config=agent, agent_client=client)
        shown = server.requests[1]["messages"][-1]["content"]
    (record,) = read_records(tmp_path / "run")
    scored = record["answer"]["agent_retrieval"]
    assert scored["retrieved_chars"] == len(shown) <= 400 + 80  # the cut observation (and its cut note)
    assert scored["covered"] is covers(shown, task.key_facts[0])


def test_a_run_from_before_budgets_is_not_resumed_into(tasks_file: Path, tmp_path: Path) -> None:
    import json

    import pytest

    from ifcqa.errors import IfcqaError

    config = config_for(tasks_file, ["none"], ["user"], k=5, window_tokens=32_000, extractor="rules", agent=None,
                        limit=1)  # fmt: skip
    run_memory_eval(tasks_file, tmp_path / "run", config)
    run_json = tmp_path / "run" / "run.json"
    old = json.loads(run_json.read_text())
    del old["budget_chars"]  # as written before budgets existed: its records were scored on uncut hits
    run_json.write_text(json.dumps(old))
    with pytest.raises(IfcqaError, match="budget_chars differ"):
        run_memory_eval(tasks_file, tmp_path / "run", config)
