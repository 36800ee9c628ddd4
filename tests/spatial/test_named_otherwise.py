"""A "none" answer never says "the model has none at all" while elements of other classes are named with the
question's own word: they are named in the text, not counted (the model does not class them so). Checked against a
plain IfcOpenShell walk of a Revit export whose panelboards are IfcFlowController typed IfcProtectiveDeviceType."""

from __future__ import annotations

import re
from typing import Any

from plain_walks import Index, ask

DEL = "Duplex_Electrical_20121207.ifc"


def _named(f: Any, word: str) -> set[str]:
    """Names of the model's building elements whose Name holds ``word`` as a word or the start of one."""
    pattern = re.compile(rf"(?<![^\W\d_]){word}", re.IGNORECASE)
    return {e.Name for e in f.by_type("IfcElement") if not e.is_a("IfcOpeningElement") and pattern.search(e.Name or "")}


def test_a_class_the_model_lacks_names_the_elements_that_carry_the_word(index_of: Index, model: Any) -> None:
    f = model(DEL)
    assert not f.by_type("IfcElectricDistributionPoint")  # premise: no element of the class "panels" means
    panels = _named(f, "panel")
    assert len(panels) >= 2  # premise: the file names its panelboards so
    answer = ask(index_of, DEL, "what electrical panels are there")
    assert answer["elements"] == []  # not counted: the model does not class them so
    assert "none at all" not in answer["answer"]
    assert "IfcElectricDistributionPoint" in answer["answer"]
    assert all(name in answer["answer"] for name in panels)


def test_none_at_all_stays_when_no_element_carries_the_word(index_of: Index, model: Any) -> None:
    f = model(DEL)
    assert not _named(f, "transformer")  # premise
    answer = ask(index_of, DEL, "is there a transformer?")
    assert answer["yes_no"] is False and answer["answer"].endswith("The model has none at all.")
