"""The IFC-aware memory on the kinds of statement issue 23 names: revisions phrased any way (also over two
turns, and a rejection said alone never ranked as the current value), decisions the user confirms after
the assistant suggested them, and probes in other words than the statement (jargon, abbreviations, German
element names). The statements are written for these tests; the links are checked against the model with
plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.index import ModelIndex
from ifcqa.memory.base import MemoryContext, make_memory, scoped
from ifcqa.memory.entities import expand_terms, link_entities
from ifcqa.memory.systems.ifc_aware import IfcAwareMemory
from ifcqa.memory.tasks import Session, Turn

Said = tuple[str, str]  # (role, text)

DISTRACTORS: list[list[Said]] = [
    [("user", "The next coordination meeting moves to Thursday at 10:00."), ("assistant", "Noted.")],
    [("user", "Send the clash report to the MEP team as a BCF file."), ("assistant", "Will do.")],
    [("user", "The scaffolders start on the east side on Monday."), ("assistant", "Noted.")],
]


def _memory(index: ModelIndex, sessions: list[list[Said]], scope: str = "user+final") -> IfcAwareMemory:
    memory = make_memory("ifc-aware", MemoryContext(index))
    assert isinstance(memory, IfcAwareMemory)
    for day, turns in enumerate(sessions, start=1):
        at = f"2026-03-{day:02d}T10:00:00Z"
        said = [Turn(role, text, at, final=role == "assistant") for role, text in turns]
        memory.ingest(scoped(Session(f"s{day:02d}", at, said), scope))
    return memory


def _ranks_current_first(memory: IfcAwareMemory, probe: str, current: str, stale: str) -> None:
    hits = [h.text for h in memory.search(probe, 5)]
    first_current = next((i for i, h in enumerate(hits) if current in h), None)
    assert first_current is not None, hits
    ahead = [h for h in hits[:first_current] if stale in h]
    assert not ahead, hits


@pytest.fixture
def duplex(index_of: Callable[[str], ModelIndex]) -> ModelIndex:
    return index_of("Duplex_A_20110907.ifc")


# --- revisions phrased any way ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "probe", "current", "stale"),
    [
        ("The feature wall in the living room gets Farrow and Ball Pigeon.",
         "Not Pigeon any more, make it Sulking Room Pink.",
         "What paint is going on the living room feature wall?", "Sulking Room Pink", "Pigeon"),
        ("Door height on the ground floor is 2100 mm.", "Scrap that, 2400 it is.",
         "How tall are the doors on the ground floor?", "2400", "2100"),
        ("Kitchen worktop is Carrara marble.", "Marble's out, the client's gone for Dekton Kelya instead.",
         "Which worktop is going in the kitchen?", "Dekton", "Carrara"),
        ("The front door will be solid oak.", "The client's gone for a composite front door after all.",
         "What is the front door going to be made of?", "composite", "solid oak"),
    ],
)  # fmt: skip
def test_a_later_revision_that_does_not_repeat_the_attribute_supersedes_the_earlier_value(
    duplex: ModelIndex, old: str, new: str, probe: str, current: str, stale: str
) -> None:
    memory = _memory(duplex, [[("user", old), ("assistant", "Noted.")], *DISTRACTORS, [("user", new)]])
    _ranks_current_first(memory, probe, current, stale)
    assert any(r.valid_to is not None and old in r.statement.text for r in memory.records)


def test_a_number_revised_by_pronoun_takes_the_unit_of_the_value_it_replaces(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [
                ("user", "Screed depth upstairs is 65 mm."),
                ("assistant", "Noted."),
                ("user", "Actually drop it to the 50."),
            ]
        ],
    )
    new = next(r for r in memory.records if "drop it" in r.statement.text)
    assert (new.value, new.unit) == (50.0, "mm")
    _ranks_current_first(memory, "How deep is the screed upstairs?", "drop it to the 50", "65 mm")


def test_a_revision_spread_over_two_turns_supersedes_and_the_rejection_alone_is_not_the_current_value(
    duplex: ModelIndex,
) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "Window frames are going to be Slate grey."), ("assistant", "Noted.")],
            *DISTRACTORS,
            [("user", "Slate's out."), ("assistant", "Understood, what colour instead?"),
             ("user", "We're going with Anthracite for the window frames.")],
        ],
    )  # fmt: skip
    hits = [h.text for h in memory.search("What colour are the window frames?", 5)]
    assert "Anthracite" in hits[0], hits
    rejection = next(r for r in memory.records if r.statement.text == "Slate's out.")
    assert rejection.valid_to is not None
    first = next(r for r in memory.records if r.statement.text.startswith("Window frames"))
    assert first.valid_to is not None


def test_a_rejection_and_its_replacement_in_one_turn_are_one_statement(duplex: ModelIndex) -> None:
    memory = _memory(duplex, [[("user", "Tiles are Mandarin Stone Slate."), ("assistant", "Noted.")],
                              [("user", "Slate's out. Go with the Porcelanosa Bottega.")]])  # fmt: skip
    texts = [r.statement.text for r in memory.records]
    assert "Slate's out. Go with the Porcelanosa Bottega." in texts
    _ranks_current_first(memory, "Which tiles are we using?", "Bottega", "Mandarin")


def test_a_later_statement_about_another_thing_does_not_supersede(duplex: ModelIndex) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "The doors on Level 1 need EI 60.")],
            [("user", "The walls on Level 1 are going with the 140 mm blockwork instead.")],
        ],
    )
    assert all(r.valid_to is None for r in memory.records)


# --- decisions confirmed after the assistant's suggestion -------------------------------------------------

SUGGESTED: list[list[Said]] = [
    [("user", "What should we put on the bathroom floors?"),
     ("assistant", "For the bathrooms I'd suggest a 10 mm porcelain tile with an R11 slip rating."),
     ("user", "Yes, go with that.")],
]  # fmt: skip


def test_a_suggestion_the_user_confirms_becomes_the_users_decision_in_its_own_words(duplex: ModelIndex) -> None:
    memory = _memory(duplex, [*DISTRACTORS, *SUGGESTED])
    decision = next(r for r in memory.records if r.statement.confirmed_by)
    assert decision.statement.role == "user"
    assert decision.statement.text == "For the bathrooms I'd suggest a 10 mm porcelain tile with an R11 slip rating."
    assert decision.statement.confirmed_by == "Yes, go with that."
    top = memory.search("Which floor tile did we agree for the bathrooms?", 3)[0]
    assert "porcelain tile" in top.text and "confirmed by the user" in top.text


def test_a_confirmation_without_the_assistants_turn_in_scope_invents_nothing(duplex: ModelIndex) -> None:
    memory = _memory(duplex, [*DISTRACTORS, *SUGGESTED], scope="user")
    assert not any(r.statement.confirmed_by for r in memory.records)
    assert all("porcelain" not in r.statement.text for r in memory.records)


def test_an_answer_that_suggests_nothing_is_not_a_decision(duplex: ModelIndex) -> None:
    asked = [
        ("user", "How many doors are on Level 1?"),
        ("assistant", "The model has 7 IfcDoor elements on Level 1."),
        ("user", "OK, thanks."),
    ]
    memory = _memory(duplex, [asked])
    assert not any(r.statement.confirmed_by for r in memory.records)


# --- the probe in other words than the statement ------------------------------------------------------------


def _guids(path: Path, name: str) -> set[str]:
    return {e.GlobalId for e in ifcopenshell.open(str(path)).by_type("IfcElement") if e.Name == name}


def test_a_german_element_name_and_its_english_jargon_link_the_same_model_element(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    index = index_of("WP_Puffer_FWS_FBH10.ifc")
    station = _guids(shared_ifc / "WP_Puffer_FWS_FBH10.ifc", "Frischwasserstation")
    assert station
    german = link_entities(index, "The Frischwasserstation is the Regudis unit from Oventrop.").soft()
    english = link_entities(index, "Who supplies the DHW module?").soft()
    assert {f"element:{g}" for g in station} <= german & english
    memory = _memory(index, [
        [("user", "The Frischwasserstation is the Regudis unit from Oventrop.")],
        [("user", "The heat pump comes from Stiebel Eltron, 12 kW.")],
        [("user", "Buffer tank is 500 litres, from Reflex.")],
        *DISTRACTORS,
    ])  # fmt: skip
    assert "Oventrop" in memory.search("Who supplies the DHW module?", 3)[0].text


def test_jargon_for_the_same_kind_of_element_links_the_same_class(duplex: ModelIndex, shared_ifc: Path) -> None:
    railings = {e.is_a() for e in ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc")).by_type("IfcRailing")}
    assert railings  # the model has railings: both words must reach them
    guarding = link_entities(duplex, "Guarding to the stair landing must be 1100 high.")
    assert "class:railing" in guarding.soft()
    assert "class:railing" in link_entities(duplex, "the balustrades").soft()
    memory = _memory(duplex, [[("user", "Guarding to the stair landing must be 1100 high.")],
                              [("user", "The stair treads are white oak.")], *DISTRACTORS])  # fmt: skip
    assert "1100" in memory.search("How high do the balustrades have to be?", 3)[0].text


def test_an_abbreviation_is_expanded_from_the_data_file_and_found_by_its_long_form(duplex: ModelIndex) -> None:
    assert "finished floor level" in expand_terms("Sockets at 450 above FFL.")
    assert "finished floor level" not in expand_terms("Sockets at 450 above the floor.")
    memory = _memory(duplex, [[("user", "Sockets at 450 above FFL throughout.")],
                              [("user", "The light switches are brushed steel.")], *DISTRACTORS])  # fmt: skip
    assert "450" in memory.search("How high above the finished floor level do the sockets go?", 3)[0].text


def test_a_jargon_word_and_a_predefined_type_resolve_to_the_same_model_elements(
    index_of: Callable[[str], ModelIndex], shared_ifc: Path
) -> None:
    name = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
    model = ifcopenshell.open(str(shared_ifc / name))
    diffusers = {f"element:{e.GlobalId}" for e in model.by_type("IfcAirTerminal") if e.PredefinedType == "DIFFUSER"}
    assert diffusers
    index = index_of(name)
    assert diffusers <= link_entities(index, "The MVHR grilles in every room are white.").soft()
    assert diffusers <= link_entities(index, "Which air valves did we pick?").soft()
    memory = _memory(index, [[("user", "The MVHR grilles in every room are white powder-coated.")],
                             [("user", "The radiators are Stelrad Compact.")], *DISTRACTORS])  # fmt: skip
    assert "powder-coated" in memory.search("What finish do the air valves have?", 3)[0].text


@pytest.mark.parametrize(
    "confirmation", ["Yes, go with that.", "Fine, order those.", "Thanks. Please do.", "We'll go with that one."]
)
def test_a_confirmation_said_any_of_these_ways_makes_the_suggestion_the_users_decision(
    duplex: ModelIndex, confirmation: str
) -> None:
    asked = [
        ("user", "What should we do about the bathroom extract fans?"),
        ("assistant", "I'd recommend a Vent-Axia Lo-Carbon fan with a humidistat, about 180 EUR each."),
        ("user", confirmation),
    ]
    memory = _memory(duplex, [*DISTRACTORS, asked])
    top = memory.search("Which extract fans did we settle on for the bathrooms?", 3)[0]
    assert "Vent-Axia" in top.text and "confirmed by the user" in top.text


def test_a_rejection_whose_replacement_comes_sessions_later_still_ranks_after_the_replacement(
    duplex: ModelIndex,
) -> None:
    memory = _memory(
        duplex,
        [
            [("user", "We need a colour for the front door.")],
            [("user", "For the front door colour, Slate is out.")],
            *DISTRACTORS,
            [("user", "Door: Anthracite.")],
        ],
    )
    hits = [h.text for h in memory.search("What colour is the front door?", 5)]
    first = next(i for i, h in enumerate(hits) if "Anthracite" in h)
    assert not [h for h in hits[:first] if "Slate" in h], hits
