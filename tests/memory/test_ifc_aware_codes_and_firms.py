"""Colours said by their code and firms said as chosen (issue 23, unseen seeds 71 and 83), each a kind of statement,
on sentences written for these tests (not the generator's) over shared models checked with plain IfcOpenShell:

* a colour code (RAL, NCS) names the attribute as a cue word would: "RAL 3012 beige red for the kitchens, not
  RAL 9001" is a wall colour though it says no "colour" or "paint", so it revises the earlier colour; the colour's
  own name ("light grey", "light ivory") links no light fitting;
* a firm said as chosen or winning work is a supplier ("Brandt Glazing won the contract for ...", "we went with
  Holm & Sons for ...");
* a type reached only by a width ("the 1810-wide doors") is a type of the class the sentence names, never a
  window type of the same width.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.entities import link_entities
from ifcqa.memory.statements import rejected_subject, statement
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn

Said = tuple[str, str]


def _memory(index: ModelIndex, sessions: list[list[Said]]) -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, turns in enumerate(sessions, start=1):
        at = f"2026-07-{day:02d}T09:00:00Z"
        said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
        memory.ingest(scoped(Session(f"s{day:02d}", at, said), "user+final"))
    return memory


@pytest.fixture
def duplex(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("Duplex_A_20110907.ifc")


def _said(sentence: str) -> tuple[str | None, object]:
    st = statement(sentence, "s", "2026-07-01T09:00:00Z", "user", None, False)
    return st.attribute, st.value


@pytest.mark.parametrize(
    ("sentence", "attribute"),
    [
        ("Quick change for the kitchens - RAL 3012 beige red, not RAL 9001 cream.", "finish"),
        ("Bedrooms: NCS S 2010-Y30R, ceilings white.", "finish"),
        ("Brandt Glazing won the contract for the rooflights.", "supplier"),
        ("We went with Holm & Sons for the timber stairs.", "supplier"),
        ("We went with the oak for the floors.", "floor_finish"),  # a material chosen, not a firm
    ],
)
def test_a_colour_code_or_a_chosen_firm_names_its_attribute(sentence: str, attribute: str) -> None:
    assert _said(sentence)[0] == attribute


def test_a_colour_code_is_the_value() -> None:
    assert _said("Quick change for the kitchens - RAL 3012 beige red, not RAL 9001 cream.")[1] == "RAL3012"


def test_a_later_colour_code_supersedes_the_earlier_colour(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    names = {(s.LongName or s.Name or "") for s in model.by_type("IfcSpace")}
    assert any("Kitchen" in n for n in names)
    memory = _memory(
        index_of("Duplex_A_20110907.ifc"),
        [
            [("user", "Walls in both kitchens get painted RAL 9001 cream."), ("assistant", "Noted.")],
            [("user", "Quick change for the kitchens - RAL 3012 beige red, not RAL 9001 cream.")],
        ],
    )
    old = [r for r in memory.records if "painted RAL 9001" in r.statement.text]
    assert old and old[0].valid_to is not None
    hits = [h.text for h in memory.search("What colour will the kitchen walls be?", 5)]
    assert hits and "RAL 3012" in hits[0]


def test_a_colour_name_links_no_light_fitting(index_of: Callable[[str], ModelIndex]) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    said = link_entities(index, "Kitchens in RAL 7035 light grey.").keys
    assert not any("light" in k for k in said)
    assert any("light" in k for k in link_entities(index, "The light fittings in the kitchens.").keys)


def test_a_width_links_a_type_of_the_class_named(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Ifc4_SampleHouse.ifc"))
    widths = {
        t.Name: {o.is_a() for o in ifcopenshell.util.element.get_types(t)}
        for t in model.by_type("IfcTypeObject") if t.Name and "1810" in t.Name
    }  # fmt: skip
    assert widths.get("1810x1210mm") == {"IfcWindow"} and widths.get("1810x2110mm") == {"IfcDoor"}
    index = index_of("Ifc4_SampleHouse.ifc")
    window_type = next(t.GlobalId for t in model.by_type("IfcTypeObject") if t.Name == "1810x1210mm")
    door_type = next(t.GlobalId for t in model.by_type("IfcTypeObject") if t.Name == "1810x2110mm")
    doors = link_entities(index, "We went with Holm & Sons for the 1810-wide doors.").keys
    windows = link_entities(index, "The 1810-wide windows come from Brandt Glazing.").keys
    assert f"type:{door_type}" in doors and f"type:{window_type}" not in doors
    assert f"type:{window_type}" in windows and f"type:{door_type}" not in windows
    memory = _memory(
        index,
        [
            [("user", "We went with Brandt Glazing for the 1810-wide windows."), ("assistant", "Noted.")],
            [("user", "We went with Holm & Sons for the 1810-wide doors."), ("assistant", "Noted.")],
        ],
    )
    assert all(r.valid_to is None for r in memory.records if "Brandt" in r.statement.text)
    hits = [h.text for h in memory.search("Who supplies the windows of type 1810x1210mm?", 5)]
    assert hits and "Brandt Glazing" in hits[0]


@pytest.mark.parametrize(
    ("sentence", "rejected"),
    [
        ("The walnut parquet for the west-wing rooms is dead, we're doing cork.", ["walnut", "parquet"]),
        ("The RAL 5024 pastel blue in the nursery is out.", ["RAL", "5024", "pastel", "blue"]),
    ],
)
def test_a_rejected_subject_ends_where_it_applied(sentence: str, rejected: list[str]) -> None:
    assert rejected_subject(sentence) == rejected


def test_rejecting_a_finish_for_rooms_keeps_their_temperature(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Keep the west-wing rooms at 19 °C, the heating engineer agreed.")],
            [("user", "The west-wing rooms get walnut parquet, decided on site.")],
            [("user", "The walnut parquet for the west-wing rooms is dead, we're doing cork.")],
        ],
    )
    assert all(r.valid_to is None for r in memory.records if "19 °C" in r.statement.text)
    assert any(r.valid_to is not None for r in memory.records if "get walnut parquet" in r.statement.text)
