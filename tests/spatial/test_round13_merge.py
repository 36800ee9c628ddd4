"""Round 13, rules found while merging the round's branches (lead): a superlative alone is never filler. Answers
checked against the file with plain IfcOpenShell."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import ifcopenshell
import pytest
from plain_walks import storey_of

from ifcqa.spatial import SpatialQA

INST = "AC11-Institute-Var-2-IFC.ifc"
File = Callable[[str], ifcopenshell.file]


@pytest.mark.parametrize("question", ["how many doors are on the largest storey",
                                      "list the doors on the largest floor"])
def test_a_superlative_alone_is_read_or_declined(question: str, qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(INST).ask(question)  # listed all 77 doors: 'largest' was filler, a word of "largest number"
    assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, answer["answer"]
    assert "'largest'" in answer["answer"], answer["answer"]


def test_a_superlative_inside_its_phrase_still_asks_the_most(qa: Callable[[str], SpatialQA], model: File) -> None:
    per = Counter(storey_of(d) for d in model(INST).by_type("IfcDoor"))
    top = max(per.values())
    answer = qa(INST).ask("which storey has the largest number of doors")
    assert answer["declined"] is None and answer["storeys"] == [s for s, n in per.items() if n == top], answer["answer"]
