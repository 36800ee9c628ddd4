"""What a rejection rejects (issue 23, fifth pass), each a kind of statement, on sentences written for these
tests over shared models, the rooms and classes checked with plain IfcOpenShell:

* "X for Y is dead / out / off": the head of the subject (X, the words before its first qualifier) is what is
  rejected; the qualifier's noun (Y: "the living rooms", "the window units") says which X, and is not itself a
  rejected word (before, every statement holding "rooms" or "units" was retired);
* someone off or out ("our QS is off sick this Friday", "the site manager's out today") is away, not a
  rejection of anything;
* other names of the coverings ("finishes") link the class, so the doors' phase does not retire the finishes';
* a sentence said after asking the assistant something, with a subject of its own ("List the doors. The cost
  consultant is on holiday next week."), answers nothing about the doors, even with a cue word ("cost").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.entities import link_entities
from ifcqa.memory.statements import rejected_subject, retracted
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn

Said = tuple[str, str]  # (role, text)


def _memory(index: ModelIndex, sessions: list[list[Said]]) -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, turns in enumerate(sessions, start=1):
        at = f"2026-05-{day:02d}T09:00:00Z"
        said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
        memory.ingest(scoped(Session(f"s{day:02d}", at, said), "user+final"))
    return memory


def _current(memory: IfcAwareMemory, probe: str, said: str) -> bool:
    hits = [h.text for h in memory.search(probe, 5)]
    return any(said in h and "superseded" not in h for h in hits)


def _long_names(path: Path, prefix: str) -> set[str]:
    return {s.Name for s in ifcopenshell.open(str(path)).by_type("IfcSpace") if (s.LongName or "").startswith(prefix)}


@pytest.mark.parametrize(
    ("sentence", "rejected"),
    [
        ("The 19 for the bedrooms is dead, the engineer wants 21 °C.", ["19"]),
        ("The 1.6 on the roof lights is out, we need 1.1 W/m²K.", ["1.6"]),
        ("Honestly, the walnut in the hallways is gone.", ["walnut"]),
        ("Slate's out.", ["Slate"]),  # no qualifier: the word itself
        ("The 45 is dead.", ["45"]),
    ],
)
def test_what_is_rejected_is_the_head_of_the_subject_not_its_qualifier(sentence: str, rejected: list[str]) -> None:
    assert retracted(sentence) == rejected


def test_a_rejected_value_for_some_rooms_retires_only_that_value(duplex: ModelIndex, shared_ifc: Path) -> None:
    bedrooms = _long_names(shared_ifc / "Duplex_A_20110907.ifc", "Bedroom")
    assert "A202" in bedrooms
    memory = _memory(
        duplex,
        [
            [("user", "We're laying oak boards throughout the bedrooms."), ("assistant", "Noted.")],
            [("user", "Kitchen units are handleless, matt white."), ("assistant", "Noted.")],
            [("user", "The bedrooms are heated to 19 °C."), ("assistant", "Noted.")],
            [("user", "The 19 for the bedrooms is dead, the engineer wants 21 °C.")],
        ],
    )
    assert _current(memory, "What goes on the floor in room A202 (Bedroom 1)?", "oak boards")
    assert _current(memory, "Which kitchen units did we pick?", "handleless")
    assert _current(memory, "What temperature should room A202 (Bedroom 1) be heated to?", "21 °C")
    assert not _current(memory, "What temperature should room A202 (Bedroom 1) be heated to?", "heated to 19")


@pytest.mark.parametrize(
    "sentence",
    [
        "Our QS is off sick this Friday.",
        "The site manager's out today.",
        "The structural engineer is off until Monday.",
        "The contractor's design manager is off sick.",
    ],
)
def test_someone_off_or_out_rejects_nothing(sentence: str) -> None:
    assert retracted(sentence) == []
    assert rejected_subject(sentence) == []


def test_someone_off_sick_does_not_retire_a_statement_sharing_a_word(institute: ModelIndex) -> None:
    memory = _memory(
        institute,
        [
            [("user", "Design temperature for the seminar rooms is 20 °C."), ("assistant", "Noted.")],
            [("user", "Right, the design manager is chasing me for the pack."), ("assistant", "Noted.")],
            [("user", "Which windows are below ground? The design manager is off sick this week.")],
        ],
    )
    assert _current(memory, "What temperature are the seminar rooms designed for?", "20 °C")


def test_finishes_link_the_coverings_so_the_doors_phase_does_not_retire_theirs(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Ifc4_SampleHouse.ifc"))
    assert model.by_type("IfcCovering") and model.by_type("IfcDoor")
    house = index_of("Ifc4_SampleHouse.ifc")
    finishes = link_entities(house, "the finishes on Ground Floor")
    assert finishes.of("class") == link_entities(house, "the coverings on Ground Floor").of("class") != set()
    memory = _memory(
        house,
        [
            [("user", "The finishes on Ground Floor wait for phase 3."), ("assistant", "Noted.")],
            [("user", "Leave the ground-floor doors out of this package, they are phase 2 now.")],
        ],
    )
    assert _current(memory, "Which phase are the coverings on Ground Floor in?", "phase 3")


def test_an_aside_after_a_request_is_no_answer_about_what_the_request_named(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC20-FZK-Haus.ifc"))
    assert "Erdgeschoss" in {s.Name for s in model.by_type("IfcBuildingStorey")} and model.by_type("IfcDoor")
    memory = _memory(
        index_of("AC20-FZK-Haus.ifc"),
        [
            [("user", "The doors on Erdgeschoss get EI 30."), ("assistant", "Noted.")],
            [("user", "Take the Erdgeschoss doors out of our scope, they are client-supplied."), ("assistant", "OK.")],
            [("user", "List the doors on Erdgeschoss. The cost consultant is on holiday next week.")],
        ],
    )
    probe = "Which fire rating goes on the doors on Erdgeschoss? Also, are we pricing the doors on Erdgeschoss?"
    hits = [h.text for h in memory.search(probe, 2)]
    assert any("EI 30" in h for h in hits) and any("client-supplied" in h for h in hits), hits


@pytest.fixture
def duplex(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("Duplex_A_20110907.ifc")


@pytest.fixture
def institute(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("AC11-Institute-Var-2-IFC.ifc")
