"""The IFC-aware memory on the misses of generated tasks with several key facts (issue 23, fourth pass), each a
kind of statement, written for these tests over shared models, the spaces and classes checked with plain
IfcOpenShell:

* a probe asking two or three things about one room or element: each part gets its best answering statement
  within k, even when the assistant's answers restating the room share more entities with the probe;
* room functions read with the spatial QA's vocabulary, plurals and German compounds ("the plant rooms" and
  "Technikraum II", "the galleries"), so that a statement about other rooms does not retire the bedroom's;
* other names of one class ("glazing units", "doorsets") link that class, so that the windows' value does
  not retire the doors';
* a retraction verb followed by a function word rejects nothing ("the model drop before I head out");
* an attribute taken over from a statement revised earlier does not make a statement about the walls a
  revision of the floor.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.entities import link_entities
from ifcqa.memory.statements import read_statements, retracted
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn

Said = tuple[str, str]  # (role, text)

NOISE: list[list[Said]] = [
    [("user", "The scaffolders start on the east side on Monday."), ("assistant", "Noted.")],
    [("user", "Send the clash report to the MEP team as a BCF file."), ("assistant", "Will do.")],
]


def _memory(index: ModelIndex, sessions: list[list[Said]]) -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, turns in enumerate([*NOISE, *sessions], start=1):
        at = f"2026-04-{day:02d}T10:00:00Z"
        said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
        memory.ingest(scoped(Session(f"s{day:02d}", at, said), "user+final"))
    return memory


def _found(memory: IfcAwareMemory, probe: str, k: int = 5) -> list[str]:
    return [h.text for h in memory.search(probe, k)]


def _current(hits: list[str], said: str) -> bool:
    """``said`` is among the hits and not marked superseded."""
    return any(said in h and "superseded" not in h for h in hits)


@pytest.fixture
def duplex(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("Duplex_A_20110907.ifc")


@pytest.fixture
def institute(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("AC11-Institute-Var-2-IFC.ifc")


def _long_names(path: Path, prefix: str) -> dict[str, str]:
    return {
        s.GlobalId: s.Name
        for s in ifcopenshell.open(str(path)).by_type("IfcSpace")
        if (s.LongName or "").startswith(prefix)
    }


def test_each_part_of_a_probe_about_one_room_gets_its_statement_within_k(duplex: ModelIndex, shared_ifc: Path) -> None:
    assert "A104" in _long_names(shared_ifc / "Duplex_A_20110907.ifc", "Bathroom").values()
    restating = [
        [("user", "Which space is A104?"), ("assistant", "That is IfcSpace A104 (Bathroom 1) on Level 1.")],
        [
            ("user", "List the spaces on Level 1."),
            ("assistant", "Found 10 IfcSpace on Level 1: A101, A102, A103, A104."),
        ],
        [("user", "What is room A104 called?"), ("assistant", "Room A104 is Bathroom 1, on Level 1.")],
        [("user", "Is A104 on Level 1?"), ("assistant", "Yes, A104 (Bathroom 1) is on Level 1.")],
    ]
    facts = [
        [("user", "Bathrooms: slate-grey porcelain underfoot, confirmed with the client."), ("assistant", "Noted.")],
        [("user", "Keep the bathrooms at 22 °C, the services engineer says."), ("assistant", "Noted.")],
        [("user", "The bathroom walls get Skimming Stone from Farrow and Ball."), ("assistant", "Noted.")],
    ]
    memory = _memory(duplex, [*facts, *restating])
    probe = (
        "What goes on the floor in room A104 (Bathroom 1)? Also, which design temperature applies in room A104? "
        "Also, which paint colour was chosen for room A104?"
    )
    hits = _found(memory, probe)
    for said in ("slate-grey porcelain", "22 °C", "Skimming Stone"):
        assert _current(hits, said), (said, hits)


def test_the_plural_of_a_room_function_links_the_rooms_its_german_name_holds(
    institute: ModelIndex, shared_ifc: Path
) -> None:
    plant = _long_names(shared_ifc / "AC11-Institute-Var-2-IFC.ifc", "Technikraum")
    assert "004" in plant.values()
    statement = link_entities(institute, "The plant rooms get an epoxy resin floor.")
    room = link_entities(institute, "What goes on the floor of room 004?")
    assert {f"space:{g}" for g in plant} & room.keys
    assert statement.of("room") & room.of("room")
    assert not link_entities(institute, "The seminar rooms get carpet tiles.").of("room") & room.of("room")


def test_a_statement_about_other_rooms_does_not_retire_the_statement_about_these(
    index_of: Callable[[str], ModelIndex], institute: ModelIndex, shared_ifc: Path
) -> None:
    house = shared_ifc / "AC20-FZK-Haus.ifc"
    assert _long_names(house, "Galerie") and _long_names(house, "Schlafzimmer")
    memory = _memory(
        index_of("AC20-FZK-Haus.ifc"),
        [
            [("user", "Walls in the bedrooms throughout are painted Cornforth White."), ("assistant", "Noted.")],
            [("user", "The client went for Pigeon on the walls of the galleries."), ("assistant", "Noted.")],
        ],
    )
    assert _current(_found(memory, "Which paint colour was chosen for room 4 (Schlafzimmer)?"), "Cornforth White")
    memory = _memory(
        institute,
        [
            [("user", "She wants epoxy resin in the plant rooms."), ("assistant", "Noted.")],
            [("user", "We went for carpet tiles in the seminar rooms instead."), ("assistant", "Noted.")],
        ],
    )
    assert _current(_found(memory, "What floor covering do we specify for room 004 (Technikraum II)?"), "epoxy resin")


def test_other_names_of_a_class_link_the_class_so_the_windows_do_not_retire_the_doors(duplex: ModelIndex) -> None:
    doors = link_entities(duplex, "the doorsets on Level 1")
    windows = link_entities(duplex, "the glazing units on Level 1")
    assert doors.of("class") == link_entities(duplex, "the doors").of("class") != set()
    assert windows.of("class") == link_entities(duplex, "the windows").of("class") != set()
    memory = _memory(
        duplex,
        [
            [("user", "The doorsets on Level 1 go up to RC2, the insurer insists."), ("assistant", "Noted.")],
            [("user", "The glazing units on Level 1 go up to RC3, police advice."), ("assistant", "Noted.")],
        ],
    )
    hits = _found(memory, "What burglar resistance do the doors on Level 1 need?")
    assert _current(hits, "RC2"), hits


@pytest.mark.parametrize(
    "sentence",
    [
        "Back again, I'm reviewing the latest model drop before I head out.",
        "We dropped by the site on Monday.",
        "Scrap in the skips goes out on Friday.",
        "Hi, going through the model drop while I remember.",
    ],
)
def test_a_retraction_verb_before_a_function_word_rejects_nothing(sentence: str) -> None:
    assert retracted(sentence) == []
    turn = f"{sentence} She wants EI 60 on the doors upstairs."
    at = "2026-04-01T10:00:00Z"
    said = [s.text for s in read_statements(Session("s01", at, [Turn("user", turn, at)]))]
    assert said[-1] == "She wants EI 60 on the doors upstairs.", said


def test_a_revision_of_the_walls_does_not_retire_the_floor_of_the_same_rooms(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "The bathrooms get oak parquet, decided at the client meeting."), ("assistant", "Noted.")],
            [("user", "Walls in the bathrooms are painted Strong White."), ("assistant", "Noted.")],
            [("user", "Forget the oak parquet for the bathrooms; cork tiles are what we're going with.")],
            [("user", "The client went for Pale Powder on the walls of all the bathrooms.")],
        ],
    )
    hits = _found(memory, "What's going on the floor in room A104 (Bathroom 1)?")
    assert _current(hits, "cork tiles"), hits


def test_an_exported_element_name_with_its_id_links_the_element_and_its_materials(
    duplex: ModelIndex, shared_ifc: Path
) -> None:
    import ifcopenshell.util.element

    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    slab = next(e for e in model.by_type("IfcSlab") if e.Name == "Floor:Finish Floor - Wood:169093")
    materials = {m.Name for m in ifcopenshell.util.element.get_materials(slab)}
    links = link_entities(duplex, "Who is supplying the material Floor:Finish Floor - Wood:169093 is made of?")
    assert f"element:{slab.GlobalId}" in links.keys
    assert {f"material:{m}" for m in materials} <= links.keys


def test_a_broad_class_word_beside_a_narrow_one_does_not_make_walls_and_slabs_agree(duplex: ModelIndex) -> None:
    slabs = link_entities(duplex, "Structural fire: all the slabs on Level 1 must hold REI 90.")
    walls = link_entities(duplex, "Structural fire: the Level 1 walls must hold REI 60.")
    assert slabs.of("class") and walls.of("class") and not slabs.of("class") & walls.of("class")
    memory = _memory(
        duplex,
        [
            [("user", "Structural fire: the Level 1 walls must hold REI 60."), ("assistant", "Noted.")],
            [("user", "Structural fire: all the slabs on Level 1 must hold REI 90."), ("assistant", "Noted.")],
        ],
    )
    assert _current(_found(memory, "What fire resistance do the walls on Level 1 need?"), "REI 60")
