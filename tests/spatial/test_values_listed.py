"""A quantity asked in the plural ("the areas of the rooms", "wall lengths") or "with their" quantity is each
element's value, listed; a sum is given only when one is asked ("total", "added up") or for the singular. Every
value checked against a plain IfcOpenShell reading of the file's quantity sets."""

from __future__ import annotations

from typing import Any

import ifcopenshell.util.element as ue
import pytest
from plain_walks import Index, ask, guids, storey_of

FZK = "AC20-FZK-Haus.ifc"


def _net_floor_areas(f: Any, storey: str) -> dict[str, float]:
    """GlobalId -> BaseQuantities NetFloorArea of the spaces on ``storey``."""
    out = {}
    for space in f.by_type("IfcSpace"):
        area = ue.get_psets(space, qtos_only=True).get("BaseQuantities", {}).get("NetFloorArea")
        if storey_of(space) == storey and area is not None:
            out[space.GlobalId] = float(area)
    return out


@pytest.mark.parametrize("question", ["room areas on the Erdgeschoss", "what are the areas of the rooms in the EG?",
                                      "list the rooms on the Erdgeschoss with their area"])
def test_a_plural_quantity_lists_every_value(index_of: Index, model: Any, question: str) -> None:
    areas = _net_floor_areas(model(FZK), "Erdgeschoss")
    assert len(areas) > 2  # premise: several rooms, each with its own area
    answer = ask(index_of, FZK, question)
    assert answer["declined"] is None and guids(answer) == set(areas)
    assert answer["value"] is None or answer["value"].get("number") is None  # no total stated
    for value in areas.values():
        assert f"{round(value, 3):g} m²" in answer["answer"]


@pytest.mark.parametrize("question", ["total floor area of the Erdgeschoss", "what are the room areas on the "
                                      "Erdgeschoss added up?"])
def test_a_total_asked_is_the_sum(index_of: Index, model: Any, question: str) -> None:
    areas = _net_floor_areas(model(FZK), "Erdgeschoss")
    answer = ask(index_of, FZK, question)
    assert answer["declined"] is None
    assert answer["value"]["number"] == pytest.approx(sum(areas.values()), abs=5e-4)  # to the 3 decimals it prints


def test_widths_in_the_plural_are_each_doors_width_not_their_mean(index_of: Index, model: Any) -> None:
    f = model("KIT-EDC_with_SB.ifc")
    doors = {d.GlobalId: float(d.OverallWidth) for d in f.by_type("IfcDoor") if storey_of(d) == "EG"}
    assert doors and all(w is not None for w in doors.values())  # premise: every door states its width
    answer = ask(index_of, "KIT-EDC_with_SB.ifc", "list the doors on EG and their widths")
    assert answer["declined"] is None and guids(answer) == set(doors)
    assert answer["value"] is None or answer["value"].get("op") != "mean"
    for width in set(doors.values()):
        assert f"{width:g} m" in answer["answer"]  # the model's length unit is the metre
    assert f"{len(doors)} doors" in answer["answer"]
