"""Scenario records, the tasks they generate (gold from the real model), their variety, and ingestion that keeps
every statement in the vector and graph memories."""

from __future__ import annotations

import re
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as uel
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory
from ifcqa.memory.facts import rule_facts
from ifcqa.memory.generate import generate_tasks
from ifcqa.memory.leak import ATTRIBUTE_PROPERTIES, session_problems
from ifcqa.memory.scenarios import KINDS, REVISIONS, SCENARIOS, problems
from ifcqa.memory.tasks import Session, TaskSet, Turn
from ifcqa.memory.variety import masked, variety


@pytest.fixture(scope="module")
def batch(sample_ifc: Path) -> TaskSet:
    tasks, _ = generate_tasks([sample_ifc], sessions=(8, 12), seed=5, per_template=3)
    return tasks


def test_every_scenario_record_is_complete_and_the_paper_kinds_are_covered() -> None:
    assert len(SCENARIOS) >= 15
    assert {s.name: problems(s) for s in SCENARIOS} == {s.name: [] for s in SCENARIOS}
    assert {s.kind for s in SCENARIOS} == set(KINDS)
    assert {s.gold for s in SCENARIOS} >= {"value", "rate_x_area", "rate_x_count"}
    assert any("{other}" in p for s in SCENARIOS for p in s.phrasings)  # negated alternatives ("not EI 30")
    assert sum(s.revisable for s in SCENARIOS) >= 8 and len(REVISIONS) >= 8
    for s in SCENARIOS:  # the leak check knows every scenario's property words
        assert set(s.properties) <= set(ATTRIBUTE_PROPERTIES[s.attribute])


def test_a_broken_scenario_record_is_named_by_its_problem() -> None:
    from dataclasses import replace

    broken = replace(SCENARIOS[0], kind="gossip", phrasings=("The doors are fine.",) * 3, anchor="EI")
    found = " ".join(problems(broken))
    assert "kind 'gossip'" in found and "anchor must hold {v}" in found and "does not say the value" in found


def test_every_scenario_makes_tasks_on_the_sample_model(batch: TaskSet) -> None:
    made = {t.template for t in batch.tasks}
    assert made == {s.name for s in SCENARIOS}
    for task in batch.tasks:
        assert session_problems(task) == []
        assert 1 <= len(task.key_facts) <= 3
        assert len({f.session for f in task.key_facts}) == len(task.key_facts)  # each fact in its own session


def _storey_elements(model: ifcopenshell.file, ifc_class: str, storey: str) -> list[ifcopenshell.entity_instance]:
    out = []
    for element in model.by_type(ifc_class):
        container = uel.get_container(element) or uel.get_aggregate(element)
        if container is not None and container.Name == storey:
            out.append(element)
    return out


def test_gold_answers_come_from_the_ifc_file(sample_ifc: Path, batch: TaskSet) -> None:
    model = ifcopenshell.open(str(sample_ifc))
    checked = 0
    for task in batch.tasks:
        live = task.metadata["live_query"]
        args = live["arguments"]
        value = task.key_facts[0].value
        if live["tool"] == "count_elements" and "storey" in args:
            n = len(_storey_elements(model, args["ifc_class"], args["storey"]))
            if task.gold.unit == "EUR":  # a price per item times the elements counted in the model
                assert isinstance(value, float) and task.gold.value == pytest.approx(value * n)
            else:
                assert task.gold.value == value and f"for the {n} " in task.gold.text
            checked += 1
        elif live["tool"] == "aggregate_values":
            set_name, prop = args["quantity"].split(".")
            area = sum(uel.get_psets(e, qtos_only=True).get(set_name, {}).get(prop, 0.0)
                       for e in _storey_elements(model, args["ifc_class"], args["storey"]))  # fmt: skip
            assert isinstance(value, float) and task.gold.value == pytest.approx(value * area, rel=1e-6)
            checked += 1
        elif live["tool"] == "get_materials":
            element = model.by_guid(args["element"])
            names = [m.Name for m in uel.get_materials(element)]
            assert len(names) == 1 and names[0] in task.gold.text and element.Name in task.probe["question"]
            checked += 1
    assert checked >= 10


def test_probes_do_not_repeat_the_words_of_the_facts(batch: TaskSet) -> None:
    def grams(text: str, n: int = 5) -> set[tuple[str, ...]]:
        words = re.findall(r"[\w'-]+", text.casefold())
        return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}

    for task in batch.tasks:
        for fact in task.key_facts:
            assert not grams(task.probe["question"]) & grams(fact.statement), (task.id, fact.statement)


def test_revisions_are_said_in_several_ways_and_come_after_the_value_they_replace(batch: TaskSet) -> None:
    revised = [t for t in batch.tasks if t.superseded]
    assert len(revised) >= 5
    frames = set()
    for task in revised:
        for old in task.superseded:
            later = [f for f in task.key_facts if f.attribute == old.attribute and f.value != old.value]
            assert later and all(f.session > old.session for f in later), task.id
            for f in later:
                frames.add(re.sub(r"[\w.,'/²°-]+", "w", f.statement)[:12])
    assert len(frames) >= 3


def test_at_least_half_of_the_user_sentences_are_distinct_once_numbers_are_masked(batch: TaskSet) -> None:
    assert masked("The doors on Level 2 need EI 60.") == masked("The doors on Level 1 need EI 90.")
    measured = variety(batch.tasks)
    assert measured.sentences > 500 and measured.share >= 0.5


def test_vector_and_graph_memories_keep_a_statement_without_cue_words(sample_index: ModelIndex) -> None:
    said = "She wants oak upstairs except the bathrooms."
    session = Session("s01", "2026-01-05T09:00:00Z", [
        Turn("user", f"Morning, back from the client meeting. {said}", "2026-01-05T09:00:00Z"),
        Turn("assistant", "Noted.", "2026-01-05T09:00:09Z", final=True),
    ])  # fmt: skip
    assert not any(f.text == said for f in rule_facts(session))  # the old cue-word extractor drops it
    for name in ("vector", "graph"):
        memory = make_memory(name, MemoryContext(sample_index))
        memory.ingest(session)
        hits = memory.search("Which floor finish goes upstairs?", 5)
        assert any("oak upstairs" in h.text for h in hits), (name, [h.text for h in hits])


def test_every_scenario_phrasing_is_kept_as_said_and_its_value_read() -> None:
    """The extractor's side of the scenario records: each phrasing, filled in, is one statement in its own words
    (the ingestion of every memory keeps it), and its value is read in the scenario's unit or kept as the label."""
    from ifcqa.memory.facts import statement_facts
    from ifcqa.memory.statements import statement

    for scenario in SCENARIOS:
        value, other = scenario.values[1], scenario.values[0]
        for phrasing in scenario.phrasings:
            text = phrasing.format(
                subject="the doors upstairs", Subject="The doors upstairs", anchor=scenario.anchor_of(value),
                other=scenario.anchor_of(other), where="on the ground floor", work="screed", Work="Screed",
                element="Wand-1",
            )  # fmt: skip
            session = Session("s01", "2026-01-05T09:00:00Z", [Turn("user", text, "2026-01-05T09:00:00Z")])
            assert [f.text for f in statement_facts(session)] == [text]
            if scenario.unit:
                read = statement(text, "s01", "2026-01-05T09:00:00Z", "user", None, False)
                assert (read.value, read.unit) in ((value, scenario.unit), (scenario.anchor_of(value), None)), text
