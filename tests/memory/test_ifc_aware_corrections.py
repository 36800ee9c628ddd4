"""Corrections, revisions said as requests, and several values of one storey (issue 23, sixth pass), each a kind
of statement, on sentences written for these tests (not the dev set's) over shared models, the storeys and rooms
checked with plain IfcOpenShell:

* "A, not B": the value after "not" is what is rejected ("it's the 60-minute doors on Level 1, not the 30"), so
  the earlier B is superseded and A is current; a "not" that negates a place or a time rejects nothing;
  "B didn't survive the value engineering" rejects B, a number only of the attribute said; "No wait, ..."
  corrects the sentence before;
* a revision said as a request to the assistant ("can you change the rate for the screed to 55?", "please note
  ...") is a statement and a revision, not a question; a request to look something up stays a question;
* several values for one storey and one attribute (tiling, painting, screed) are a list, not revisions of each
  other, and the probe's own term ("painting", "floor finish") decides which comes first;
* a storey read only as a misspelling ("in round the dormers" -> ground) is dropped where the sentence names
  its storey as written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.entities import link_entities
from ifcqa.memory.statements import corrected, recorded_request, retracted, statement
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn

Said = tuple[str, str]  # (role, text)


def _memory(index: ModelIndex, sessions: list[list[Said]]) -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, turns in enumerate(sessions, start=1):
        at = f"2026-06-{day:02d}T09:00:00Z"
        said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
        memory.ingest(scoped(Session(f"s{day:02d}", at, said), "user+final"))
    return memory


def _first(memory: IfcAwareMemory, probe: str, said: str) -> bool:
    """Whether the first hit stating a value about ``probe`` is the current statement holding ``said``."""
    hits = [h.text for h in memory.search(probe, 5)]
    return bool(hits) and said in hits[0] and "superseded" not in hits[0]


def _superseded(memory: IfcAwareMemory, said: str) -> bool:
    return any(said in r.statement.text and r.valid_to is not None for r in memory.records)


def _storeys(path: Path) -> dict[str, str]:
    return {s.Name: s.GlobalId for s in ifcopenshell.open(str(path)).by_type("IfcBuildingStorey")}


@pytest.fixture
def duplex(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> ModelIndex:
    assert {"Level 1", "Level 2"} <= set(_storeys(shared_ifc / "Duplex_A_20110907.ifc"))
    return index_of("Duplex_A_20110907.ifc")


@pytest.mark.parametrize(
    ("sentence", "negated"),
    [
        ("Fire engineer called - it's the 60-minute doors on Level 1, not the 30.", ["30"]),
        ("Correction for the bathroom - green zellige, not the sandstone-look ceramic.", ["sandstone-look ceramic"]),
        ("The meeting room walls are RAL 7047, not RAL 7035 light grey.", ["RAL 7035 light grey", "7035"]),
        ("Not walnut in the study after all, she's picked white oak.", ["walnut"]),
        ("Plain screed, not the fibre-reinforced ones.", ["fibre-reinforced"]),
    ],
)
def test_a_correction_negates_the_value_after_not(sentence: str, negated: list[str]) -> None:
    assert corrected(sentence) == negated
    st = statement(sentence, "s", "2026-06-01T09:00:00Z", "user", None, False)
    assert st.revises and not st.rejects_only  # it says the new value too


@pytest.mark.parametrize(
    "sentence",
    [
        "Balustrade: second fix, not before the stair is in.",
        "EI 30 for the doors downstairs, not the ones up in the loft - those have no rating.",
        "We're not doing the roof windows yet.",
        "Railings: not in contract.",
        "Not sure, the QS hasn't priced it.",
        "The skirting is not painted.",
    ],
)
def test_a_not_negating_a_place_a_time_or_a_verb_rejects_no_value(sentence: str) -> None:
    assert corrected(sentence) == []


def test_a_correction_retires_the_value_it_negates_and_the_new_one_is_current(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "First pass from the fire engineer: the doors on Level 1 are EI 30."), ("assistant", "Noted.")],
            [("user", "Doors on Level 2 are EI 30 as well."), ("assistant", "Noted.")],
            [("user", "Fire engineer called - it's the 60-minute doors on Level 1, not the 30.")],
        ],
    )
    assert _superseded(memory, "the doors on Level 1 are EI 30")
    assert not _superseded(memory, "Doors on Level 2 are EI 30")  # another storey: not what was corrected
    assert _first(memory, "What fire resistance do the doors on Level 1 need?", "60-minute doors")


def test_a_correction_in_words_retires_the_earlier_words(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Kitchen floor in both units: sandstone-look ceramic, 60 by 60."), ("assistant", "Noted.")],
            [("user", "Small correction on the kitchens - green zellige, not the sandstone-look ceramic.")],
        ],
    )
    assert _superseded(memory, "sandstone-look ceramic, 60 by 60")
    assert _first(memory, "What's going on the kitchen floor in room A103?", "green zellige")


def test_a_number_that_did_not_survive_rejects_only_a_value_of_the_attribute_said(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "The acoustic report asks for Rw 48 dB on the walls on Level 1."), ("assistant", "Noted.")],
            [("user", "The walls on Level 1 must hold REI 48 - odd number, but that's the fire strategy.")],
            [("user", "Make it Rw 42 dB for the walls on Level 1 - the 48 didn't survive the value engineering.")],
        ],
    )
    assert _superseded(memory, "Rw 48 dB on the walls")
    assert not _superseded(memory, "must hold REI 48")  # a fire rating; the rejection was about acoustics
    assert _first(memory, "What acoustic rating do the walls on Level 1 need?", "Rw 42 dB")


def test_no_wait_corrects_the_sentence_before(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    rooms = {s.LongName for s in ifcopenshell.open(str(shared_ifc / "Ifc4_SampleHouse.ifc")).by_type("IfcSpace")}
    assert "Bedroom" in rooms
    memory = _memory(
        index_of("Ifc4_SampleHouse.ifc"),
        [[("user", "Ceiling height in the bedroom is 2.45 m. No wait, 2.6 m, they lowered the floor.")]],
    )
    assert _superseded(memory, "is 2.45 m")
    assert _first(memory, "How high is the bedroom ceiling?", "2.6 m")


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Can you change the rate for the screed on Level 2 to 55 EUR/m²?", "change"),
        ("Would you mind putting the Level 1 doors down as EI 60 in your notes?", "change"),
        ("Could you swap the carpet in the bedrooms for cork in your notes?", "change"),
        ("Please note the Level 2 room numbers start with UP- now.", "note"),
        ("Can you put in your notes that the roof windows are 1.0 W/m²K?", "note"),
        ("Can you count the doors on Level 2?", None),
        ("Could you show me the walls on Level 1?", None),
    ],
)
def test_a_request_to_note_or_change_a_value_is_a_statement(sentence: str, kind: str | None) -> None:
    assert recorded_request(sentence) == kind
    st = statement(sentence, "s", "2026-06-01T09:00:00Z", "user", None, sentence.endswith("?"))
    assert st.question is (kind is None)
    if kind == "change":
        assert st.revises


def test_a_change_asked_of_the_assistant_revises_the_rate(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Screed on Level 2: 47 EUR/m² from the first quote."), ("assistant", "Noted.")],
            [("user", "Can you change the rate for the screed on Level 2 to 55 EUR/m²? The sand went up.")],
        ],
    )
    assert _superseded(memory, "47 EUR/m²")
    assert _first(memory, "What's the screed upstairs going to cost per m²?", "55 EUR/m²")


def test_a_swap_asked_of_the_assistant_retires_what_it_swaps(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Bedrooms upstairs get a wool carpet."), ("assistant", "Noted.")],
            [("user", "Could you swap the carpet in the bedrooms upstairs for cork tiles in your notes?")],
        ],
    )
    assert _superseded(memory, "wool carpet")
    assert retracted("Could you swap the carpet in the bedrooms upstairs for cork tiles in your notes?") == ["carpet"]


def test_rates_said_in_one_breath_are_a_list_and_the_probe_term_picks_one(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Rates for Level 2 from the builder. Tiling 64 EUR/m². Painting 16 EUR/m², two coats. "
                      "Screed 33 EUR/m².")],  # fmt: skip
            [("user", "Insulation in the Level 2 walls at 24 EUR/m².")],
        ],
    )
    for said in ("Tiling 64", "Painting 16", "Screed 33", "Insulation"):
        assert not _superseded(memory, said), said
    assert _first(memory, "What's the painting rate upstairs?", "Painting 16")
    assert _first(memory, "What are we paying per m² for the tiling upstairs?", "Tiling 64")


def test_the_probe_term_decides_among_rates_of_one_storey(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Cost plan has the floor coverings on Level 1 at 44 EUR/m², LVT throughout.")],
            [("user", "Decorating on Level 1 comes in at 18 EUR/m², two coats.")],
            [("user", "Screed on Level 1 is 31 EUR/m².")],
            [("user", "Ceilings on Level 1: plasterboard at 27 EUR/m².")],
        ],
    )
    assert not _superseded(memory, "floor coverings on Level 1 at 44")
    assert _first(memory, "Price the floor finish on Level 1 for me - what rate per m²?", "44 EUR/m²")
    assert _first(memory, "What's the decorating rate on Level 1?", "18 EUR/m²")


def test_a_misspelt_storey_is_dropped_where_the_storey_is_named(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    storeys = _storeys(shared_ifc / "ExampleHOM.ifc")
    index = index_of("ExampleHOM.ifc")
    links = link_entities(index, "Painting on the 1stFloor is 19 EUR/m², more cutting in round the dormers.")
    assert links.of("storey") == {f"storey:{storeys['1stFloor']}"}
    assert link_entities(index, "the grund floor walls").of("storey") == {f"storey:{storeys['GroundFloor']}"}


def test_an_aside_naming_a_day_refers_back_to_nothing(duplex: ModelIndex) -> None:
    """ "this Friday" is a time, not "this" referring back: an aside after a model question ("How many doors on
    Level 1? The client's PM wants the programme this Friday.") answers nothing about the doors; the statement
    that does ("... not slate-grey linoleum", no floor cue word of its own) answers the floor part."""
    memory = _memory(
        duplex,
        [
            [("user", "Kitchens: the client said slate-grey linoleum."), ("assistant", "Noted.")],
            [("user", "How many rooms on Level 1? The client's PM wants the programme this Friday.")],
            [("user", "Small correction on the kitchens - larch floorboards, not slate-grey linoleum.")],
        ],
    )
    aside = next(r for r in memory.records if r.statement.text.startswith("The client's PM"))
    assert memory._aside(aside)
    hits = [h.text for h in memory.search("What's going on the floor in room A103 (Kitchen) on Level 1?", 5)]
    assert any("larch floorboards" in h and "superseded" not in h for h in hits)
