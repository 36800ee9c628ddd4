"""A room found by a function word its names do not hold is named in the answer ("'lounge' (read as living room:
Living1)"), and a narrower kind of room (a pantry, a kitchenette) never names the wider one: a model without one
declines. Checked against the space boundaries of the file, read with plain IfcOpenShell."""

from __future__ import annotations

from typing import Any

from plain_walks import Index, ask, guids

HOM = "ExampleHOM.ifc"


def _texts(f: Any) -> list[str]:
    return [f"{s.Name or ''} {s.LongName or ''} {s.ObjectType or ''}".lower() for s in f.by_type("IfcSpace")]


def test_a_function_word_reading_names_the_room_it_read(index_of: Index, model: Any) -> None:
    f = model(HOM)
    assert not any("lounge" in t for t in _texts(f))  # premise: the word is no space's name
    living = [s for s in f.by_type("IfcSpace") if (s.Name or "").lower().startswith("living")]
    assert len(living) == 1
    doors = {b.RelatedBuildingElement.GlobalId for b in f.by_type("IfcRelSpaceBoundary")
             if b.RelatingSpace == living[0] and b.RelatedBuildingElement and b.RelatedBuildingElement.is_a("IfcDoor")}
    assert doors  # premise: the room is bounded by doors
    answer = ask(index_of, HOM, "doors of the lounge")
    assert answer["declined"] is None and guids(answer) == doors
    assert f"'lounge' (read as living room: {living[0].Name})" in answer["answer"]


def test_a_narrower_room_never_names_the_wider_one(index_of: Index, model: Any) -> None:
    f = model(HOM)
    assert any("kitchen" in t for t in _texts(f))  # premise: a kitchen, but no pantry or kitchenette
    assert not any(w in t for t in _texts(f) for w in ("pantry", "larder", "kitchenette"))
    for question in ("which doors does the pantry have", "where is the kitchenette"):
        answer = ask(index_of, HOM, question)
        assert answer["declined"] is not None and answer["elements"] == [], question
