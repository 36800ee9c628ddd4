"""The IFC-aware memory of issue 23: no statement dropped, entities linked against the model, values read
carefully, revisions phrased any way superseding, assistant summaries kept apart, duplicates merged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory import entities
from ifcqa.memory.base import MemoryContext, hit_text, make_memory, scoped
from ifcqa.memory.entities import link_entities, linker_for
from ifcqa.memory.statements import read_statements, read_value
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn


def _session(sid: str, day: int, user: str, answer: str = "Noted.") -> Session:
    at = f"2026-02-{day:02d}T10:00:00Z"
    return Session(sid, at, [Turn("user", user, at), Turn("assistant", answer, at, final=True)])


def _memory(index: ModelIndex, *said: str | tuple[str, str], scope: str = "user+final") -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, text in enumerate(said, start=1):
        user, answer = text if isinstance(text, tuple) else (text, "Noted.")
        memory.ingest(scoped(_session(f"s{day:02d}", day, user, answer), scope))
    return memory


DISTRACTORS = (
    "The next coordination meeting moves to Thursday at 10:00.",
    "How many windows are on Level 1?",
    "Send the clash report to the MEP team as a BCF file.",
)


def test_a_statement_without_any_cue_word_is_kept_and_found(sample_index: ModelIndex) -> None:
    memory = _memory(
        sample_index, *DISTRACTORS, "Screed guys rang back. It's 52 a square metre now, the sand price went up.",
        "About the roof terrace she asked about: we said yes.",
    )  # fmt: skip
    (best, *_) = memory.search("What's the rate for the screed?", 5)
    assert "52 a square metre" in best.text and "Screed guys rang back" in best.text  # its lead says what it is about
    assert "value 52 EUR/m²" in best.text
    assert "we said yes" in hit_text(memory.search("Did we agree to the roof terrace?", 3))
    kept = {r.statement.text for r in memory.records}
    assert "It's 52 a square metre now, the sand price went up." in kept and "Screed guys rang back." in kept
    assert set(DISTRACTORS) <= kept  # every sentence is a record, a question too
    assert len(memory.records) == len(kept) and sum(r.statement.text == "Noted." for r in memory.records) == 1


def test_rooms_storeys_types_and_materials_link_against_the_model(sample_index: ModelIndex) -> None:
    kitchen = next(s for s in sample_index.by_class("IfcSpace") if s.long_name == "Kitchenette")
    assert kitchen.name == "Kitchen 1.03"
    links = link_entities(sample_index, "the floor of room 1.03")
    top = sample_index.get(sample_index.storeys[-1]).guid
    assert f"space:{kitchen.guid}" in links.keys and f"storey:{top}" in links.keys and "room:kitchen" in links.keys
    assert f"storey:{top}" in link_entities(sample_index, "the doors upstairs").keys
    window = next(e for e in sample_index.elements() if e.instances and e.name == "WIN-1800x1500")
    wide = link_entities(sample_index, "the 1800-wide windows").keys
    assert f"type:{window.guid}" in wide and "class:window" in wide
    assert "type:" not in " ".join(link_entities(sample_index, "it's 1800 EUR each").keys)  # a price, not a size
    assert "material:Cement Screed" in link_entities(sample_index, "who supplies the screed?").keys
    assert "class:stair" in link_entities(sample_index, "the stair cores get nosings").keys
    offices = link_entities(sample_index, "all the offices except the kitchen")
    assert "room:office" in offices.keys and "room:kitchen" in offices.excluded


def test_shared_models_rooms_by_function_and_number_and_types_by_dimension(
    index_of: Callable[[str], ModelIndex],
) -> None:
    duplex = index_of("Duplex_A_20110907.ifc")
    linker = linker_for(duplex)
    bedroom = next(s for s in duplex.by_class("IfcSpace") if s.name == "A202")
    assert bedroom.long_name == "Bedroom 1"
    assert f"space:{bedroom.guid}" in linker.link("the door of bedroom 202").keys
    assert "room:bedroom" in linker.link("What goes on the floor in the bedrooms upstairs?").keys
    door_type = next(e for e in duplex.elements() if e.instances and e.name == "0864 x 2032mm")
    assert f"type:{door_type.guid}" in linker.link("the 864-wide doors on Level 2").keys
    oak = linker.link("She wants oak upstairs except the bathrooms.")
    assert "room:bathroom" in oak.excluded and "room:bathroom" not in oak.keys
    institute = linker_for(index_of("AC11-Institute-Var-2-IFC.ifc"))
    stair = institute.link("the nosings on Treppe-EG").keys
    assert "class:stair" in stair and "class:stair" in institute.link("all the stair cores").keys
    assert "room:toilet" in institute.link("Are we tiling the toilets full height?").keys


def test_values_are_read_carefully() -> None:
    assert read_value("The bathroom door has to be EI2 30-C5 per the fire strategy.") == ("EI2 30-C5", None)
    assert read_value("the doors down there go EI 45") == (45.0, "min")
    assert read_value("it's 52 a square metre now") == (52.0, "EUR/m²")
    assert read_value("Windows are 640 each, fitted.") == (640.0, "EUR each")
    assert read_value("need Rw 32 dB") == (32.0, "dB")
    assert read_value("a phase two thing") == ("phase two", None)
    assert read_value("Show me Wand-002 and room A202.") == (None, None)
    st = read_statements(_session("s", 1, "Stop using the 45, go with the 60."))[0]
    assert st.bare == [45.0, 60.0] and st.retracts == ["45"]


@pytest.mark.parametrize(
    ("old", "new", "probe", "current", "stale"),
    [
        ("Fire engineer's note: the upstairs doors go EI 45.", "Re the upstairs doors: stop using the 45, go with "
         "the 60.", "What fire rating do the doors upstairs need?", "go with the 60", "EI 45"),
        ("Screed quote for the upper floor came in at 47 EUR/m².", "Screed guys rang back. It's 52 a square metre "
         "now.", "What does the screed upstairs cost per square metre?", "52 a square metre", "47 EUR/m²"),
        ("Energy consultant: windows at 1.1 W/m2K.", "Forget the 1.1 for the glazing, she wants 0.9 now.",
         "What U-value do the windows have to hit?", "wants 0.9", "1.1 W/m2K"),
        ("Kitchen: engineered oak, the client confirmed.", "She's gone off the oak for the kitchen. Go with the "
         "walnut.", "What floor finish goes in the kitchen?", "walnut", "engineered oak"),
    ],
)  # fmt: skip
def test_a_revision_phrased_any_way_ranks_ahead_of_the_value_it_replaces(
    sample_index: ModelIndex, old: str, new: str, probe: str, current: str, stale: str
) -> None:
    memory = _memory(sample_index, old, *DISTRACTORS, new)
    hits = memory.search(probe, 5)
    first_current = next(i for i, h in enumerate(hits) if current in h.text)
    first_stale = next((i for i, h in enumerate(hits) if stale in h.text and current not in h.text), len(hits))
    assert first_current < first_stale
    assert memory.superseded == 1
    if first_stale < len(hits):
        assert "superseded 2026-" in hits[first_stale].text


def test_an_assistant_summary_is_not_the_users_fact_and_copies_merge(sample_index: ModelIndex) -> None:
    memory = _memory(
        sample_index,
        ("The upstairs doors need EI 60.", "Noted: Door:900mm EI 30."),
        *DISTRACTORS,
        "The upstairs doors need EI 60.",
        "The upstairs doors need EI 60.",
    )
    assert memory.superseded == 0  # the assistant's "EI 30" replaces nothing
    hits = memory.search("Which fire rating do the doors upstairs need?", 5)
    assert "EI 60" in hits[0].text and hits[0].sessions == ["s01", "s05", "s06"]  # three copies, one record
    assert sum("The upstairs doors need EI 60." in h.text for h in hits) == 1
    summary = next(h for h in hits if "EI 30" in h.text)
    assert "by the assistant" in summary.text and "value" not in summary.text  # kept, searchable, not a fact


def test_the_linker_cache_is_bounded(sample_index: ModelIndex, index_of: Callable[[str], ModelIndex],
                                     monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(entities, "CACHED_MODELS", 1)
    entities._LINKERS.clear()
    linker_for(sample_index)
    linker_for(index_of("ExampleHOM.ifc"))
    assert list(entities._LINKERS) == [index_of("ExampleHOM.ifc").data.source.sha256]
