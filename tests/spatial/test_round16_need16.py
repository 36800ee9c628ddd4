"""Round 16, a request said as a need or with a purpose / reason clause (bench/spatial/need_forms.py,
src/ifcqa/spatial/purpose_clauses.py).

The frame asks nothing and is set aside; the rest is answered as the request. A frame that restricts the request is
read ("only the external ones") or declined naming it, never dropped; a write verb in the main clause still
declines. Answers are checked against the IFC file read with plain IfcOpenShell (``plain_walks.storey_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA, purpose_clauses

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "need_forms.py"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"


@pytest.fixture
def on(shared_ifc: Path) -> Callable[..., set[str]]:
    """GlobalIds of ``cls`` storey-deep on ``storey`` (None: the whole model), plain IfcOpenShell."""
    def get(name: str, storey: str | None, cls: str, where: Callable[[Any], bool] | None = None) -> set[str]:
        f = open_cached(str(shared_ifc / name))
        return {e.GlobalId for e in f.by_type(cls)
                if (storey is None or storey_of(e) == storey) and (where is None or where(e))}
    return get


def _prop(name: str) -> Callable[[Any], bool]:
    def has(e: Any) -> bool:
        return any(props.get(name) is True for pset, props in ue.get_psets(e).items() if pset.endswith("Common"))
    return has


def _answered(answer: dict[str, Any]) -> set[str]:
    assert answer["declined"] is None, answer["answer"]
    return {e["guid"] for e in answer["elements"]}


def _declined(answer: dict[str, Any], *said: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["count"] is None and answer["yes_no"] is None, answer["answer"]
    for s in said:
        assert s in answer["answer"], answer["answer"]


@pytest.mark.parametrize(("question", "frame"), [
    ("The count of pumps in the basement is required.", "is required"),
    ("Stairs on level 1, I need them for the handrail quote", "I need them for the handrail quote"),
    ("doors of the ground floor please, we have to order new locks", "we have to order new locks"),
    ("Die Anzahl der Türen im OG wird gebraucht, für das Angebot", "wird gebraucht, für das Angebot"),
    ("which slabs are load bearing, we cannot drill them", "we cannot drill them"),
    ("Gibt es einen Kessel? Wird für das Angebot benötigt.", "Wird für das Angebot benötigt"),
    ("How many windows? I am needing this for make the offer.", "I am needing this for make the offer"),
    ("Walls on EG, weil wir neue Schlösser bestellen müssen", "weil wir neue Schlösser bestellen müssen"),
])
def test_frames_found(question: str, frame: str) -> None:
    assert [f.text.strip() for f in purpose_clauses.frames(question)][-1] == frame


@pytest.mark.parametrize("question", [
    "I need to know which doors are on Level 1.", "Which doors are required to be fire rated?",
    "How many doors are on Level 1?", "Doors on level 1 as a list", "delete the walls",
])
def test_no_frame_in_a_request(question: str) -> None:
    assert not [f for f in purpose_clauses.frames(question) if "doors" in f.text or "walls" in f.text
                or "required to" in f.text]


def test_a_purpose_naming_another_class_declines(qa: Callable[[str], SpatialQA]) -> None:
    """As round 4's "for the stair audit: the windows on Level 1": a purpose that names a class the request does
    not ask may say which of them are wanted (the handrails of the stairs), so it is declined, naming the clause."""
    answer = qa(DUPLEX).ask("Stairs on level 1, I need them for the handrail quote")
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert "I need them for the handrail quote" in answer["answer"]


@pytest.mark.parametrize("question", [
    "Stairs on Level 1? Because we have to replace the handrails.",
    "Which stairs are on Level 1? It's for the insurance renewal.",
])
def test_stairs_with_a_purpose(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]], question: str) -> None:
    got = _answered(qa(DUPLEX).ask(question))
    assert got == on(DUPLEX, "Level 1", "IfcStair") and got


@pytest.mark.parametrize("question", [
    "doors of level 1 please, we have to order new locks",
    "The doors on Level 1 are needed for the lock order.",
    "I need the doors on Level 1 for the quote please",
    "Doors on Level 1, is needed for order of locks.",
])
def test_doors_needed(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]], question: str) -> None:
    got = _answered(qa(DUPLEX).ask(question))
    assert got == on(DUPLEX, "Level 1", "IfcDoor") and len(got) == 6


def test_reason_with_a_write_verb_is_no_write(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    got = _answered(qa(DUPLEX).ask("which slabs are load bearing, we cannot drill them"))
    assert got == on(DUPLEX, None, "IfcSlab", _prop("LoadBearing")) and got


def test_german_need(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    answer = qa(INST).ask("Die Anzahl der Türen im Erdgeschoss wird gebraucht, für das Angebot")
    assert answer["declined"] is None, answer["answer"]
    assert answer["count"] == len(on(INST, "Erdgeschoss", "IfcDoor")) == 18


def test_only_the_external_ones_is_read(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    got = _answered(qa(DUPLEX).ask("Doors on Level 1 and Level 2? Because only the external ones get new locks."))
    want = on(DUPLEX, "Level 1", "IfcDoor", _prop("IsExternal")) | on(DUPLEX, "Level 2", "IfcDoor", _prop("IsExternal"))
    assert got == want and 0 < len(got) < 14


@pytest.mark.parametrize(("question", "said"), [
    ("Things on Level 1 that aren't outlets? I need them for Level 2 only.", "I need them for Level 2 only"),
    ("Doors on Level 1? I need them for Level 2.", "I need them for Level 2"),
    ("How many doors are on Level 1? Because only the ones with brass handles get new locks.", "brass handles"),
    ("Which doors are on Level 1? Because the windows get new locks.", "Because the windows get new locks"),
    ("How many windows in the attic? We need just the ones on Level 2 for the tender.", "just the ones on Level 2"),
])
def test_restricting_frame_declines(qa: Callable[[str], SpatialQA], question: str, said: str) -> None:
    name = "Duplex_Electrical_20121207.ifc" if "outlets" in question else DUPLEX
    _declined(qa(name).ask(question), said)


@pytest.mark.parametrize("question", [
    "Delete the walls on Level 1, we do not need them.",
    "Please remove the doors on Level 2 because the client does not want them.",
    "Lösch bitte die Türen auf Level 1, die brauchen wir nicht mehr.",
])
def test_write_in_the_main_clause_declines(qa: Callable[[str], SpatialQA], question: str) -> None:
    _declined(qa(DUPLEX).ask(question), "change the model")


def test_bench_files_are_current(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    assert script.main(["--check", "--ifc-dir", str(shared_ifc)]) == 0


def test_a_frame_the_whole_question_reads_stands(qa: Callable[[str], SpatialQA], on: Callable[..., set[str]]) -> None:
    """Round 10's framing: "The client wants the ones that are not external." is a qualifier the whole question
    reads (IsExternal = FALSE), never declined as a restricting frame (canary)."""
    answer = qa("KIT-EDC_with_SB.ifc").ask(
        "How many walls does the EG have? The client wants the ones that are not external.")
    assert answer["declined"] is None, answer["answer"]

    def internal(e: Any) -> bool:
        return any(p.get("IsExternal") is False for n, p in ue.get_psets(e).items() if n.endswith("Common"))

    assert answer["count"] == len(on("KIT-EDC_with_SB.ifc", "EG", "IfcWall", internal)) > 0
