"""Round 20 (lead): an answer states its rule in number and grammar ("the 1 space named like 'offices'", "has an
area"), so a reader can check it against the model. Oracles are read with plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ifcopenshell.util.element as ue
from plain_walks import open_cached

from ifcqa.spatial import SpatialQA

FZK11 = "AC11-FZK-Haus-IFC.ifc"


def test_a_sum_over_one_room_says_one_space_and_its_area(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    f = open_cached(str(shared_ifc / FZK11))
    offices = [s for s in f.by_type("IfcSpace") if (s.LongName or "").lower().startswith("buero")]
    assert len(offices) == 1
    area = ue.get_psets(offices[0])["BaseQuantities"]["NetFloorArea"]
    answer = qa(FZK11).ask("What's the total area of the offices?")
    assert answer["value"]["number"] == round(area, 3) and answer["value"]["unit"] == "m²", answer["answer"]
    assert "of the 1 space named like 'offices'" in answer["rule"], answer["rule"]
    ground = [s for s in f.by_type("IfcSpace") if ue.get_aggregate(s).Name == "Erdgeschoss"]
    several = qa(FZK11).ask("Total floor area of the rooms on the Erdgeschoss")
    assert len(ground) > 1 and f"of the {len(ground)} spaces on Erdgeschoss" in several["rule"], several["rule"]


def test_a_missing_quantity_is_named_with_its_article(qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(FZK11).ask("total area of the doors and windows on the Erdgeschoss")
    assert answer["declined"] is not None and answer.get("elements") in (None, []), answer["answer"]
    assert "has an area in its quantity sets" in answer["answer"] and "has a area" not in answer["answer"]
