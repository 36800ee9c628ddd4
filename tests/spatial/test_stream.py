"""``SpatialQA.stream``: the stages of an answer for a UI, ending with exactly what ``ask`` returns."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest

from ifcqa.graph import model_tag, open_store
from ifcqa.graph.store import GraphStore
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.sample import write_sample_model
from ifcqa.spatial import ANSWER_KEYS, SpatialQA
from ifcqa.spatial.cache import AnswerCache
from ifcqa.spatial.oracle import located_storey

STAGES = ["plan", "route", "retrieval", "answer", "check", "final"]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sample_model(tmp_path_factory.mktemp("stream") / "sample.ifc", storeys=3, seed=1)


@pytest.fixture(scope="module")
def index(sample: Path, tmp_path_factory: pytest.TempPathFactory) -> ModelIndex:
    return load_index(sample, cache=IndexCache(tmp_path_factory.mktemp("stream-cache")))


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    with open_store(tmp_path_factory.mktemp("stream-store")) as graph:
        yield graph


def doors_on(sample: Path, storey: str) -> set[str]:
    model = ifcopenshell.open(sample)
    return {d.GlobalId for d in model.by_type("IfcDoor") if (s := located_storey(d)) is not None and s.Name == storey}


def events(qa: SpatialQA, question: str, **kw: Any) -> list[tuple[str, dict[str, Any]]]:
    out = list(qa.stream(question, **kw))
    json.dumps(out)  # every payload is JSON-able (an SSE data line)
    return out


def test_stream_yields_the_stages_in_order_and_ends_with_the_answer(
    index: ModelIndex, store: GraphStore, sample: Path
) -> None:
    qa = SpatialQA(index, store, embedder=None)
    got = events(qa, "How many doors are on Level 1?")
    assert [name for name, _ in got] == STAGES
    stage = dict(got)
    final = stage["final"]
    assert tuple(final) == ANSWER_KEYS and final["route"] == "graph"
    expected = doors_on(sample, "Level 1")
    assert {e["guid"] for e in final["elements"]} == expected and expected
    assert stage["plan"]["intent"] == "count" and stage["plan"]["storey_names"] == ["Level 1"]
    assert stage["route"]["route"] == "graph" and "Cypher" in stage["route"]["why"]
    assert stage["retrieval"]["source"] == "graph" and stage["retrieval"]["count"] == len(expected)
    assert stage["retrieval"]["storeys"] == {"Level 1": len(expected)}
    assert stage["retrieval"]["classes"] == {"IfcDoor": len(expected)}
    assert stage["answer"]["text"] == final["answer"] and stage["answer"]["elements"] == len(expected)
    assert stage["check"] == stage["check"] | {"checked": len(expected), "passed": True, "fallback": False}
    again = qa.ask("How many doors are on Level 1?")
    assert {k: again[k] for k in ANSWER_KEYS if k != "timings_ms"} == {
        k: final[k] for k in ANSWER_KEYS if k != "timings_ms"}


def test_stream_reports_a_failed_check_and_the_fallback(tmp_path: Path, index: ModelIndex, sample: Path) -> None:
    with open_store(tmp_path / "store") as graph:
        qa = SpatialQA(index, graph, embedder=None)
        qa.ask("doors on Level 1")  # loads the graph
        door = next(iter(doors_on(sample, "Level 2")))
        level1 = next(s for s in index.storeys if index.data.elements[s].name == "Level 1")
        graph.run("MATCH (e:Element {guid: $g})-[r:ON_STOREY]->() DELETE r", {"g": door})
        graph.run("MATCH (e:Element {guid: $g}), (s:Storey {uid: $s}) CREATE (e)-[:ON_STOREY {via: 'contained'}]->(s)",
                  {"g": door, "s": f"{model_tag(index)}:{level1}"})
        stage = dict(events(qa, "doors on Level 1"))
    assert stage["route"]["route"] == "fallback" and "check" in stage["route"]["why"]
    assert stage["check"]["passed"] is False and stage["check"]["fallback"] is True
    assert any(door in p for p in stage["check"]["problems"])
    assert {e["guid"] for e in stage["final"]["elements"]} == doors_on(sample, "Level 1")
    assert stage["retrieval"]["source"] == "index"


def test_cached_answers_stream_the_same_stages(tmp_path: Path, index: ModelIndex) -> None:
    qa = SpatialQA(index, use_graph=False, embedder=None, answers=AnswerCache(tmp_path / "answers"))
    first = dict(events(qa, "windows on level 2"))
    got = events(qa, "Windows on Level 2")
    assert [name for name, _ in got] == STAGES
    stage = dict(got)
    assert all(stage[name]["cached"] is True for name in STAGES[:-1])
    assert "cache" in stage["final"]["timings_ms"] and stage["final"]["question"] == "Windows on Level 2"
    assert stage["final"]["elements"] == first["final"]["elements"]
    assert stage["answer"]["text"] == first["final"]["answer"] == stage["final"]["answer"]
    assert stage["retrieval"]["count"] == len(first["final"]["elements"]) > 0
    assert stage["route"]["route"] == "fallback"


def test_unanswerable_and_unknown_storey_stream_route_none(index: ModelIndex) -> None:
    qa = SpatialQA(index, use_graph=False, embedder=None)
    joke = dict(events(qa, "Tell me a joke"))
    assert joke["route"]["route"] == "none" and joke["retrieval"]["count"] == 0
    assert joke["final"]["elements"] == [] and "I can answer" in joke["answer"]["text"]
    nowhere = dict(events(qa, "doors on level 9"))
    assert nowhere["route"]["route"] == "none" and "level 9" in nowhere["route"]["why"]
    assert nowhere["check"]["checked"] == 0 and nowhere["final"]["elements"] == []


def test_paged_stream_keeps_the_full_retrieval_and_pages_the_answer(index: ModelIndex) -> None:
    qa = SpatialQA(index, use_graph=False, embedder=None)
    stage = dict(events(qa, "everything on Level 0", offset=0, limit=5))
    total = stage["retrieval"]["count"]
    assert total > 5 and stage["retrieval"]["shown"] == min(total, 25)
    assert stage["answer"]["page"] == stage["final"]["plan"]["page"] == {
        "total": total, "offset": 0, "returned": 5, "next_offset": 5}
    assert len(stage["final"]["elements"]) == 5 == stage["answer"]["elements"]
