"""Every memory system behind ingest/search, the ingestion scopes, fact extraction (rules and LLM)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ifcqa.index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.base import Memory, MemoryContext, get_systems, hit_text, make_memory, scoped
from ifcqa.memory.facts import LLMExtractor, read_value, rule_facts
from ifcqa.memory.linking import Linker, attributes
from ifcqa.memory.tasks import Session, Turn


def _session(sid: str, day: int, user: str, answer: str = "Noted.", tool: str | None = None) -> Session:
    at = f"2026-02-{day:02d}T10:00:00Z"
    turns = [Turn("user", user, at)]
    if tool is not None:
        turns.append(
            Turn("assistant", None, at, tool_calls=[{"id": f"{sid}-1", "name": "list_storeys", "arguments": {}}])
        )
        turns.append(Turn("tool", tool, at, tool_call_id=f"{sid}-1", name="list_storeys"))
    turns.append(Turn("assistant", answer, at, final=True))
    return Session(sid, at, turns)


SESSIONS = [
    _session(
        "s01", 2, "Per the fire consultant's spec, the upper-floor doors must be EI 60 rated.", tool='{"storeys": []}'
    ),
    _session("s02", 3, "For the record, the ground-floor doors only need EI 30 according to the spec."),
    _session("s03", 4, "The next coordination meeting moves to Thursday at 10:00."),
    _session("s04", 5, "The thermal target for the windows is a U-value of 1.3 W/m²K."),
    _session("s05", 9, "Update: windows must now reach U = 0.8 W/m²K (this replaces the previous target)."),
    _session("s06", 10, "Decision from the client meeting: all Kitchenette rooms get cork tiles on the floor."),
    _session("s07", 11, "How many walls are there?", answer="The model has 12 IfcWall elements. Remember: phase 3."),
]


def _memory(name: str, index: ModelIndex, scope: str = "user+final", **kw: Any) -> Memory:
    memory = make_memory(name, MemoryContext(index, **kw))
    for session in SESSIONS:
        memory.ingest(scoped(session, scope))
    return memory


def test_scopes_cut_sessions_as_documented() -> None:
    session = SESSIONS[0]
    assert [t.role for t in scoped(session, "user").turns] == ["user"]
    assert [t.role for t in scoped(session, "user+final").turns] == ["user", "assistant"]
    assert [t.role for t in scoped(session, "full").turns] == ["user", "assistant", "tool", "assistant"]


@pytest.mark.parametrize("name", ["file", "vector", "graph", "ifc-aware"])
def test_every_memory_finds_the_fact_and_knows_its_session(name: str, sample_index: ModelIndex) -> None:
    memory = _memory(name, sample_index)
    hits = memory.search("Which floor covering was chosen for the Kitchenette?", 3)
    assert "cork tiles" in hit_text(hits[:3])
    assert any("s06" in h.sessions for h in hits)


def test_no_memory_and_full_context_controls(sample_index: ModelIndex) -> None:
    assert _memory("none", sample_index).search("anything", 5) == []
    full = _memory("full-context", sample_index, scope="full")
    (hit,) = full.search("ignored", 5)
    assert '{"storeys": []}' in hit.text and hit.meta["truncated"] is False and len(hit.sessions) == len(SESSIONS)
    small = _memory("full-context", sample_index, scope="full", window_tokens=60)
    (cut,) = small.search("ignored", 5)
    assert cut.meta["truncated"] is True and cut.sessions[-1] == "s07" and "s01" not in cut.sessions
    assert len(cut.text) <= 240


def test_ifc_aware_links_an_alias_to_the_storey_named_in_the_probe(sample_index: ModelIndex) -> None:
    names = [sample_index.get(s).name for s in sample_index.storeys]
    assert names == ["Level 0", "Level 1"]
    memory = _memory("ifc-aware", sample_index)
    (best, *_) = memory.search("What fire rating do the doors on Level 1 need?", 5)
    assert "EI 60" in best.text and "storey Level 1" in best.text
    (best0, *_) = memory.search("Fire rating required for doors on Level 0?", 5)
    assert "EI 30" in best0.text
    linker = Linker(sample_index)
    top = sample_index.get(sample_index.storeys[-1]).guid
    assert linker.link("the upper-floor doors").storeys == {top}
    kitchen = next(s for s in sample_index.by_class("IfcSpace") if s.long_name == "Kitchenette")
    assert "kitchenette" in linker.link(f"the floor of room {kitchen.name}").rooms
    assert attributes("The QS confirmed the budget rate: 85 EUR/m²") == {"cost_rate"}


def test_ifc_aware_room_name_finds_the_room_type_fact(sample_index: ModelIndex) -> None:
    kitchen = next(s for s in sample_index.by_class("IfcSpace") if s.long_name == "Kitchenette")
    memory = _memory("ifc-aware", sample_index)
    (best, *_) = memory.search(f"Which flooring goes into room {kitchen.name}?", 5)
    assert "cork tiles" in best.text


@pytest.mark.parametrize("name", ["vector", "graph", "ifc-aware"])
def test_a_revision_replaces_the_earlier_value(name: str, sample_index: ModelIndex) -> None:
    memory = _memory(name, sample_index)
    hits = memory.search("What U-value must the windows meet?", 5)
    text = hit_text(hits)
    if name != "ifc-aware":
        assert "0.8 W/m²K" in text and "1.3 W/m²K" not in text
        return
    # the IFC-aware memory keeps the superseded statement, marked, ranked after the one that replaced it
    current = next(i for i, h in enumerate(hits) if "0.8 W/m²K" in h.text)
    old = next(i for i, h in enumerate(hits) if "1.3 W/m²K" in h.text)
    assert current == 0 and old > current and "superseded 2026-" in hits[old].text


def test_scope_decides_what_an_assistant_said_is_remembered(sample_index: ModelIndex) -> None:
    user_only = _memory("ifc-aware", sample_index, scope="user")
    with_final = _memory("ifc-aware", sample_index, scope="user+final")
    query = "Are the walls in phase 3?"
    assert "phase 3" not in hit_text(user_only.search(query, 5))
    assert "phase 3" in hit_text(with_final.search(query, 5))


def test_rule_extraction_reads_values_and_skips_questions_and_tool_output() -> None:
    assert read_value("doors must be EI 60 rated") == (60.0, "min")
    assert read_value("priced at 85 EUR/m² (NetArea)") == (85.0, "EUR/m²")
    assert read_value("U = 0.8 W/m²K now") == (0.8, "W/m²K")
    assert read_value("use the prefix QX4- for rooms") == ("QX4-", None)
    facts = rule_facts(SESSIONS[0])
    assert [f.text for f in facts] == ["Per the fire consultant's spec, the upper-floor doors must be EI 60 rated."]
    assert rule_facts(_session("q", 1, "What must the doors be rated?")) == [] or all(
        not f.text.endswith("?") for f in rule_facts(_session("q", 1, "What must the doors be rated?"))
    )
    assert rule_facts(SESSIONS[4])[0].revision is True


def test_llm_extraction_through_the_scripted_server_with_rule_fallback(sample_index: ModelIndex) -> None:
    reply = {
        "facts": [
            {
                "fact": "Kitchenette floors are cork tiles.",
                "subject": "Kitchenette floor finish",
                "attribute": "floor_finish",
                "value": "cork tiles",
                "unit": None,
                "revision": False,
            }
        ]
    }
    with ScriptedServer([{"content": json.dumps(reply)}, {"content": "no JSON here"}]) as server:
        extractor = LLMExtractor(ChatClient("scripted", base_url=server.base_url, max_retries=0))
        memory = make_memory("vector", MemoryContext(sample_index, extractor=extractor))
        memory.ingest(SESSIONS[5])
        memory.ingest(SESSIONS[0])  # the reply is not JSON: the rules extract this session
        assert "Kitchenette" in server.requests[0]["messages"][1]["content"]
    assert extractor.calls == 2 and extractor.fallbacks == 1
    text = hit_text(memory.search("Kitchenette flooring", 5))
    assert "Kitchenette floors are cork tiles." in text and "EI 60" in text


def test_registry_lists_every_system() -> None:
    assert set(get_systems()) == {"none", "full-context", "file", "vector", "graph", "ifc-aware", "mem0", "graphiti"}


def test_ifc_aware_links_an_element_named_in_a_question_to_its_material(sample_index: ModelIndex) -> None:
    element = next(
        e
        for e in sample_index.elements()
        if e.storey is not None
        and len(e.materials) == 1
        and e.name
        and sample_index.is_a(e, "IfcElement")
        and len(sample_index.named(e.name)) == 1
    )
    material = element.materials[0]
    other = next(m for e in sample_index.elements() for m in e.materials if m != material)
    memory = make_memory("ifc-aware", MemoryContext(sample_index))
    memory.ingest(
        _session("m1", 3, f"Procurement decision: all {material} for this project comes from Okapi Supply Co.")
    )
    memory.ingest(_session("m2", 4, f"The {other} is bought from Lumio Interiors."))
    (best, *rest) = memory.search(f"Who supplies the material of {element.name}?", 5)
    assert "Okapi Supply Co" in best.text and f"material {material}" in best.text
    assert all(h.score < best.score for h in rest)
