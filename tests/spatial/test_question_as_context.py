"""A question is never the context of a back-reference: "How many walls are there apart from the purple. ones?" was
split at the period, its first sentence taken as context and its unread word dropped, so every wall was listed (a
silent broadening). Now it is one question, declined naming the word the model cannot ground."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from plain_walks import Index, ask, guids, storey_of

KIT = "KIT-EDC_with_SB.ifc"


def test_a_question_split_by_a_stray_period_declines_its_unread_word(index_of: Index, shared_ifc: Path) -> None:
    assert "purple" not in (shared_ifc / KIT).read_text(errors="replace").lower()  # premise: nothing is purple
    answer = ask(index_of, KIT, "How many walls are there apart from the purple. ones?")
    assert answer["declined"] is not None and answer["elements"] == []
    assert "purple" in answer["declined"]["not_understood"]


def test_a_reason_before_the_question_still_scopes_it(index_of: Index, model: Any) -> None:
    walls = {w.GlobalId for w in model(KIT).by_type("IfcWall") if storey_of(w) == "EG"}
    assert walls  # premise
    answer = ask(index_of, KIT, "We want to core-drill through walls on the EG. Which ones are there?")
    assert answer["declined"] is None and guids(answer) == walls
