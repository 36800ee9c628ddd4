"""A storey named only in a sentence that asks nothing is never joined to the storey the question asks about.

people_tenth's glazier mail ("... which windows are on the ground floor (GroundFloor in the model)? The upstairs
ones are next month.") listed the windows of both storeys. Checked against plain IfcOpenShell on ExampleHOM.
"""

from __future__ import annotations

from pathlib import Path

from plain_walks import Index, ask, guids, open_cached, storey_of

HOM = "ExampleHOM.ifc"
MAIL = ("Hi both,\nthe glazier comes on Thursday to check the seals. Before I send him the scope: which windows are on "
        "the ground floor (GroundFloor in the model)? The upstairs ones are next month.\nCheers, Anja")


def test_a_storey_told_after_the_question_declines_naming_it(index_of: Index) -> None:
    answer = ask(index_of, HOM, MAIL)
    assert answer["declined"] is not None and not answer["elements"], answer["answer"]
    assert answer["declined"]["not_understood"] == ["upstairs"]
    assert "The upstairs ones are next month." in answer["answer"]


def test_both_storeys_in_the_question_itself_are_answered(shared_ifc: Path, index_of: Index) -> None:
    f = open_cached(str(shared_ifc / HOM))
    both = {w.GlobalId for w in f.by_type("IfcWindow") if storey_of(w) in ("GroundFloor", "1stFloor")}
    answer = ask(index_of, HOM, "Which windows are on the GroundFloor and the 1stFloor? Thanks.")
    assert answer["declined"] is None and guids(answer) == both, answer["answer"]
