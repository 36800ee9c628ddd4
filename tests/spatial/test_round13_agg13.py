"""Round 13, aggregates and quantities as people phrase them (bench/spatial/aggregates.py,
src/ifcqa/spatial/aggregate_phrasing.py).

"how big is the kitchen?" presumes ONE kitchen: on a model with two it declines naming them (main summed them);
the plural, an explicit total, a mean or a superlative are aggregates over the set. "how much floor area does the
largest room have" is the largest room's value (main gave the total of all rooms). "the floor area the corridors
take up" is their total. Expected numbers are read with plain IfcOpenShell (``get_psets(qtos_only=True)``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from plain_walks import open_cached, storey_of

from bench_scripts import load_script
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.aggregate_phrasing import asks_extreme_value, presumes_one
from ifcqa.spatial.bench_score import score

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "bench" / "spatial" / "aggregates.py"
DEV = REPO / "bench" / "spatial" / "aggregate_cases.json"
HELD = REPO / "bench" / "spatial" / "aggregate_cases_b.json"
DUPLEX = "Duplex_A_20110907.ifc"
INST = "AC11-Institute-Var-2-IFC.ifc"
FZK = "AC20-FZK-Haus.ifc"
HOM = "ExampleHOM.ifc"


def _spaces(shared_ifc: Path, name: str, word: str, storey: str | None = None) -> dict[str, float]:
    """GlobalId -> floor area of the spaces whose Name or LongName holds ``word`` (the first floor area quantity
    each holds: NetFloorArea, GrossFloorArea, GSA BIM Area), plain IfcOpenShell."""
    import ifcopenshell.util.element as ue

    f = open_cached(str(shared_ifc / name))
    out: dict[str, float] = {}
    for s in f.by_type("IfcSpace"):
        if word.lower() not in f"{s.Name or ''} {s.LongName or ''}".lower():
            continue
        if storey is not None and storey_of(s) != storey:
            continue
        held = {k: v for q in ue.get_psets(s, qtos_only=True).values() for k, v in q.items()}
        out[s.GlobalId] = next(float(held[k]) for k in ("NetFloorArea", "GrossFloorArea", "GSA BIM Area") if k in held)
    return out


def _declined(answer: dict[str, Any], said: str) -> None:
    assert answer["declined"] is not None, answer["answer"]
    assert not answer["elements"] and answer["value"] is None, answer["answer"]
    assert said in answer["answer"], answer["answer"]


def _number(answer: dict[str, Any], value: float, guids: set[str]) -> None:
    assert answer["declined"] is None, answer["answer"]
    assert answer["value"] is not None and abs(answer["value"]["number"] - value) <= 1e-3 * max(1.0, value), answer
    assert {e["guid"] for e in answer["elements"]} == guids, answer["answer"]


# --- the rule, as text ----------------------------------------------------------------------------------
def test_presumes_one_reads_the_singular_and_the_words_asking_for_all() -> None:
    assert presumes_one("how big is the kitchen?", "kitchen", 2)
    assert presumes_one("wie groß ist die küche", "küche", 2)
    assert not presumes_one("how big is the kitchen?", "kitchen", 1)
    assert not presumes_one("total area of the kitchen", "kitchen", 2)
    assert not presumes_one("the area of both kitchens", "kitchens", 2)
    assert not presumes_one("combined area of the bedrooms", "bedrooms", 4)
    assert not presumes_one("how big is A102", "A102", 2)  # a name, not a function word
    assert not presumes_one("how much corridor area is there on level 2", "corridor", 3)  # a kind, not one room
    assert not presumes_one("i need to know how many m² of office space", "office", 3)
    assert asks_extreme_value("how much", 2) and asks_extreme_value("how many m2", 1)
    assert not asks_extreme_value("total", 1) and not asks_extreme_value("how much", 9)


# --- answers checked against the file --------------------------------------------------------------------
@pytest.mark.parametrize("question", ["how big is the kitchen?", "the kitchen - square metres?",
                                      "Hi, how many m² is the kitchen? Thanks", "what's the floor area of the kitchen"])
def test_the_kitchen_of_two_declines_naming_both(question: str, qa: Callable[[str], SpatialQA],
                                                 shared_ifc: Path) -> None:
    kitchens = _spaces(shared_ifc, DUPLEX, "kitchen")
    assert len(kitchens) == 2
    answer = qa(DUPLEX).ask(question)
    _declined(answer, "presumes one room")
    assert "A103" in answer["answer"] and "B103" in answer["answer"]


def test_the_kitchen_of_one_is_its_area(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    kitchen = _spaces(shared_ifc, FZK, "küche")
    answer = qa(FZK).ask("how big is the kitchen?")
    _number(answer, sum(kitchen.values()), set(kitchen))


@pytest.mark.parametrize("question", ["total area of the kitchens", "what's the combined area of both kitchens",
                                      "how much floor area do the kitchens take up?",
                                      "how much space do the kitchens take up"])
def test_the_kitchens_are_summed(question: str, qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    kitchens = _spaces(shared_ifc, DUPLEX, "kitchen")
    _number(qa(DUPLEX).ask(question), sum(kitchens.values()), set(kitchens))


def test_room_area_said_is_not_read_twice(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    rooms = _spaces(shared_ifc, FZK, "", storey="Erdgeschoss")
    _number(qa(FZK).ask("how much room area is there on Erdgeschoss in total?"), sum(rooms.values()), set(rooms))


def test_take_up_in_an_email_is_the_total(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    corridors = _spaces(shared_ifc, HOM, "corridor")
    answer = qa(HOM).ask("Hello, for the cleaning tender we need the floor area the corridors take up in total. Tom")
    _number(answer, sum(corridors.values()), set(corridors))


@pytest.mark.parametrize(("model", "question", "word", "smallest"), [
    (DUPLEX, "how much floor area does the largest kitchen have", "kitchen", False),
    (HOM, "how many m2 has the biggest corridor?", "corridor", False),
    (INST, "how much floor area does the smallest office have", "buero", True),
])
def test_how_much_before_a_superlative_is_the_extreme_value(model: str, question: str, word: str, smallest: bool,
                                                            qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    values = _spaces(shared_ifc, model, word)
    best = (min if smallest else max)(values.values())
    answer = qa(model).ask(question)
    _number(answer, best, {g for g, v in values.items() if abs(v - best) <= 1e-6 * max(1.0, best)})


def test_largest_room_is_not_the_total(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    rooms = _spaces(shared_ifc, FZK, "")
    best = max(rooms.values())
    _number(qa(FZK).ask("how many m2 has the largest room?"), best, {g for g, v in rooms.items() if v == best})


def test_the_bedroom_on_a_storey_with_one_is_read(qa: Callable[[str], SpatialQA], shared_ifc: Path) -> None:
    bedroom = _spaces(shared_ifc, HOM, "bedroom")
    assert len(bedroom) == 1
    _number(qa(HOM).ask("how big is the bedroom"), sum(bedroom.values()), set(bedroom))


# --- the bench ------------------------------------------------------------------------------------------------
def test_committed_cases_equal_the_generator(shared_ifc: Path) -> None:
    script = load_script(SCRIPT)
    dev, held = script.generate(shared_ifc)
    assert DEV.read_text(encoding="utf-8") == script.dumps(dev), "run `python bench/spatial/aggregates.py`"
    assert HELD.read_text(encoding="utf-8") == script.dumps(held), "run `python bench/spatial/aggregates.py`"
    assert len({c["ifc_filename"] for c in dev + held}) >= 7
    assert sum(c["oracle"]["type"] == "decline" for c in dev + held) >= 40


def _sample() -> list[dict[str, Any]]:
    return [c for c in json.loads(DEV.read_text(encoding="utf-8"))
            if c["template"] in ("singular_size", "plural_sum", "singular_ticket")][::3]


@pytest.mark.parametrize("case", _sample(), ids=lambda c: c["id"])
def test_aggregate_bench_sample(case: dict[str, Any], qa: Callable[[str], SpatialQA]) -> None:
    answer = qa(case["ifc_filename"]).ask(case["query"])
    result = score(case["oracle"], answer)
    assert not result.broadened, answer["answer"]
    assert result.score == 1.0, f"{case['oracle_rule']}: {answer['answer']}"
