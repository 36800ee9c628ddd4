"""Scoring people-format questions (issue 22): hand-made answers against hand-made oracles, then a real run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.sample import write_sample_model
from ifcqa.spatial.bench import QuerySetError, load_queries, markdown, run_bench
from ifcqa.spatial.bench_score import norm_unit, read_answer, score

A, B, C = "guid-a", "guid-b", "guid-c"


def answer(guids: tuple[str, ...] = (), **keys: Any) -> dict[str, Any]:
    """An answer as ``SpatialQA.ask`` returns it after issue 22 (only the keys passed are set)."""
    return {"question": "q", "answer": "text", "elements": [{"guid": g} for g in guids], **keys}


DECLINED = {"reason": "a write request", "not_understood": ["delete"], "can_answer": "which walls are on level 1"}


def test_a_decline_that_lists_nothing_scores_1() -> None:
    got = score({"type": "decline"}, answer(declined=DECLINED))
    assert (got.score, got.broadened, got.declined) == (1.0, False, True)


@pytest.mark.parametrize("reply", [answer((A, B)), answer(count=2), answer(value={"number": 3.0, "unit": "m²"}),
                                   answer(yes_no=True), answer(storeys=["Level 1"]),
                                   answer((A,), declined=DECLINED)])
def test_answering_a_question_to_decline_is_a_silent_broadening(reply: dict[str, Any]) -> None:
    got = score({"type": "decline"}, reply)
    assert got.score == 0.0 and got.broadened


def test_a_plain_answer_with_nothing_to_a_decline_scores_0_without_broadening() -> None:
    got = score({"type": "decline"}, answer())  # "no storey matching ...": not declined, lists nothing
    assert (got.score, got.broadened, got.declined) == (0.0, False, False)


def test_declining_a_question_with_an_answer_scores_0_and_is_no_broadening() -> None:
    got = score({"type": "elements", "guids": [A]}, answer(declined=DECLINED))
    assert (got.score, got.broadened, got.declined) == (0.0, False, True)


def test_elements_score_is_the_guid_f1() -> None:
    assert score({"type": "elements", "guids": [A, B, C]}, answer((A, B))).score == pytest.approx(0.8)
    assert score({"type": "elements", "guids": []}, answer()).score == 1.0


def test_more_elements_than_asked_without_a_rule_is_a_broadening() -> None:
    oracle = {"type": "elements", "guids": [A]}
    assert score(oracle, answer((A, B))).broadened
    assert not score(oracle, answer((A, B), rule="doors with Pset_DoorCommon.IsExternal = TRUE")).broadened
    assert not score(oracle, answer((A,))).broadened  # the same set is not broader
    assert not score(oracle, answer((B,))).broadened  # a wrong set, not a superset: F1 0, no broadening


def test_more_elements_than_asked_with_a_rule_is_a_wider_answer_counted_apart() -> None:
    oracle = {"type": "count", "value": 1, "guids": [A]}
    wider = score(oracle, answer((A, B), rule="walls in the model"))  # the question named a storey
    assert wider.wider and not wider.broadened and wider.score == 0.0
    assert not score(oracle, answer((A,), rule="walls on Erdgeschoss")).wider
    assert not score(oracle, answer((A, B))).wider  # without a rule it is a silent broadening instead


def test_any_element_listed_where_the_oracle_has_none_is_a_broadening() -> None:
    got = score({"type": "elements", "guids": []}, answer((A, B)))  # "IfcBoiler on Level 1" with no boilers
    assert got.score == 0.0 and got.broadened


def test_elements_beside_a_yes_no_or_storeys_answer_are_not_broadenings() -> None:
    assert not score({"type": "yes_no", "value": True}, answer((A, B), yes_no=True)).broadened
    assert not score({"type": "storeys", "value": ["Level 2"]}, answer((A,), storeys=["Level 2"])).broadened


def test_count_is_read_from_count_else_from_the_elements() -> None:
    oracle = {"type": "count", "value": 2, "guids": [A, B]}
    assert score(oracle, answer(count=2)).score == 1.0
    assert score(oracle, answer((A, C))).score == 1.0  # no count key: the number of elements listed
    assert score(oracle, answer((A, B), count=3)).score == 0.0
    assert score(oracle, answer((A, B, C))).broadened


def test_a_number_within_tolerance_scores_1_and_units_are_normalised() -> None:
    oracle = {"type": "number", "value": 84.2, "unit": "m²", "rel_tol": 0.01}
    assert score(oracle, answer(value={"number": 84.9, "unit": "m2", "op": "sum"})).score == 1.0  # 0.7 <= 0.842
    assert score(oracle, answer(value={"number": 85.1, "unit": "m²"})).score == 0.0  # 0.9 > 0.842
    assert score(oracle, answer(value={"number": 84.2, "unit": "m³"})).score == 0.0
    assert score(oracle, answer(value={"number": 84.2})).score == 0.0  # the unit must be stated
    assert score(oracle, answer((A,))).score == 0.0  # elements are no number
    assert norm_unit("M^2") == "m²" and norm_unit(" m3 ") == "m³" and norm_unit("mm") == "mm"


def test_yes_no_and_storeys() -> None:
    assert score({"type": "yes_no", "value": False}, answer(yes_no=False)).score == 1.0
    assert score({"type": "yes_no", "value": False}, answer()).score == 0.0  # no yes_no key: null, not False
    oracle = {"type": "storeys", "value": ["Erdgeschoss", "Keller"]}
    assert score(oracle, answer(storeys=["keller", "Erdgeschoss "])).score == 1.0
    assert score(oracle, answer(storeys=["Keller"])).score == 0.0


def test_answers_from_before_issue_22_read_as_null() -> None:
    old = {"question": "q", "answer": "6 doors", "elements": [{"guid": A, "class": "IfcDoor"}], "plan": {},
           "route": "graph", "timings_ms": {}}
    got = read_answer(old)
    assert got.guids == {A} and not got.declined
    assert (got.count, got.number, got.unit, got.yes_no, got.storeys, got.rule) == (None,) * 6
    odd = read_answer(answer(count=True, value=[1], yes_no="yes", storeys="Level 1", rule="  "))
    assert (odd.count, odd.number, odd.yes_no, odd.storeys, odd.rule) == (None,) * 5


@pytest.mark.parametrize(("oracle", "message"), [
    ({"type": "guess"}, "oracle type 'guess' is not one of"),
    ({"type": "number", "value": 3}, "a number oracle needs unit"),
    ({"type": "elements"}, "an elements oracle needs guids"),
])  # fmt: skip
def test_a_malformed_oracle_is_named_when_the_set_is_read(tmp_path: Path, oracle: dict[str, Any],
                                                          message: str) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps([{"id": "x1", "query": "q", "ifc_filename": "m.ifc", "kind": "edge",
                                 "oracle": oracle}]))
    with pytest.raises(QuerySetError, match=f"Query x1 of .*: {message}"):
        load_queries(path)


def _doors_of_first_storey(path: Path) -> tuple[str, list[str]]:
    model = ifcopenshell.open(str(path))
    storey = model.by_type("IfcBuildingStorey")[0]
    doors = [e.GlobalId for rel in storey.ContainsElements for e in rel.RelatedElements if e.is_a("IfcDoor")]
    return storey.Name, sorted(doors)


def test_run_scores_people_and_old_queries_side_by_side(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "sample.ifc")
    storey, doors = _doors_of_first_storey(model)
    assert doors
    queries = [
        {"id": "p1", "query": f"Which doors are on {storey}?", "ifc_filename": model.name, "kind": "storey_class",
         "oracle": {"type": "elements", "guids": doors}, "oracle_rule": "IfcDoor contained in the storey"},
        {"id": "p2", "query": f"How many doors are on {storey}?", "ifc_filename": model.name, "kind": "storey_class",
         "oracle": {"type": "count", "value": len(doors), "guids": doors}},
        {"id": "p3", "query": f"Delete all the doors on {storey}", "ifc_filename": model.name, "kind": "refuse",
         "oracle": {"type": "decline"}},
        {"id": "old", "query": f"What doors are on {storey}?", "ifc_filename": model.name, "target_floor": storey,
         "oracle_ifc_types": ["IfcDoor"], "category": "architectural"},
    ]  # fmt: skip
    records, summary = run_bench(queries, tmp_path, use_graph=False)
    people = [r for r in records if "score" in r]
    assert [r["id"] for r in people] == ["p1", "p2", "p3"] and "score" not in records[3]
    assert records[3]["f1"] == 1.0  # the BIM-Graph format is scored as before
    kinds = summary["kinds"]
    assert set(kinds) == {"storey_class", "refuse"} and kinds["storey_class"]["n"] == 2
    assert kinds["storey_class"]["score"] == round((people[0]["score"] + people[1]["score"]) / 2, 4)
    assert summary["broadenings"] == sum(r["broadened"] for r in people)
    assert summary["declined"] == sum(r["declined"] for r in people)
    # p3 is either declined (score 1) or answered (score 0, and then a broadening if it listed anything)
    p3 = people[2]
    assert p3["score"] == (1.0 if p3["declined"] else 0.0)
    assert p3["broadened"] == (not p3["declined"] and p3["returned"] > 0)


def test_a_set_asking_each_intent_several_ways_is_scored_per_phrasing(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "sample.ifc")
    storey, doors = _doors_of_first_storey(model)
    doors_on = {"type": "elements", "guids": doors}
    asked = [("doors-a", "doors", f"{storey} doors?", doors_on),
             ("doors-b", "doors", f"Which doors are on {storey}?", doors_on),
             ("doors-c", "doors", f"Which doors are on {storey} that the flibbergast zonked?", doors_on),
             ("boiler-a", "boiler", "List all IfcBoiler elements", {"type": "decline"}),
             ("boiler-b", "boiler", "Could you list all the IfcBoiler elements of the model?", {"type": "decline"}),
             ("alone", None, f"How many doors are on {storey}?", {"type": "count", "value": len(doors)})]
    queries = [{"id": i, "query": text, "ifc_filename": model.name, "kind": "storey_class", "oracle": oracle,
                **({"intent": intent} if intent else {})} for i, intent, text, oracle in asked]
    records, summary = run_bench(queries, tmp_path, use_graph=False)
    by_id = {r["id"]: r for r in records}
    assert [by_id[i]["phrasing"] for i, *_ in asked] == ["a", "b", "c", "a", "b", None]
    assert by_id["doors-b"]["score"] == 1.0 and by_id["doors-c"]["score"] == 0.0  # words it cannot read: declined
    forms = summary["phrasings"]
    assert set(forms) == {"a", "b", "c"} and forms["c"] == {"n": 1, "score": 0.0, "broadenings": 0, "declined": 1}
    assert forms["a"]["n"] == 2 and forms["a"]["score"] == round((by_id["doors-a"]["score"] +
                                                                  by_id["boiler-a"]["score"]) / 2, 4)
    boiler_right = by_id["boiler-a"]["score"] == by_id["boiler-b"]["score"] == 1.0
    assert summary["intents"] == {"n": 2, "right_in_every_phrasing": int(boiler_right)}  # "doors" fails in c
    md = markdown(summary, records)
    assert f"{int(boiler_right)} of 2 intents answered right in every phrasing" in md
    assert "| c | 1 | 0.000 | 0 | 1 |" in md
    without = run_bench(queries[-1:], tmp_path, use_graph=False)[1]
    assert "phrasings" not in without and "intents" not in without  # a set without phrasings has no table


def test_cli_prints_per_kind_scores_and_writes_the_kind_table(tmp_path: Path) -> None:
    model = write_sample_model(tmp_path / "sample.ifc")
    storey, doors = _doors_of_first_storey(model)
    path = tmp_path / "people.json"
    path.write_text(json.dumps([
        {"id": "p1", "query": f"Which doors are on {storey}?", "ifc_filename": model.name, "kind": "storey_class",
         "oracle": {"type": "elements", "guids": doors}},
        {"id": "p2", "query": "List all IfcBoiler elements on Level 99", "ifc_filename": model.name,
         "kind": "edge", "oracle": {"type": "decline"}},
    ]))  # fmt: skip
    result = CliRunner().invoke(app, ["spatial-bench", str(path), "-o", str(tmp_path / "run"), "--no-graph",
                                      "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(shown["kinds"]) == {"storey_class", "edge"} and "broadenings" in shown and "score" in shown
    md = (tmp_path / "run" / "summary.md").read_text()
    assert "| kind | n | mean score | silent broadenings | wider, rule stated | declined |" in md
    assert "| edge | 1 |" in md
    on_executor = CliRunner().invoke(app, ["spatial-bench", str(path), "-o", str(tmp_path / "run2"), "--no-graph",
                                           "--cache-dir", str(tmp_path / "cache"), "--jobs", "1"])
    assert on_executor.exit_code == 0, on_executor.output
    again = json.loads((tmp_path / "run2" / "summary.json").read_text())
    assert again["kinds"] == json.loads((tmp_path / "run" / "summary.json").read_text())["kinds"]


def test_a_values_oracle_needs_the_same_distribution_unit_and_elements() -> None:
    oracle = {"type": "values", "value": [[0.864, 2], [None, 1]], "unit": "m", "guids": [A, B, C]}
    same = {"number": None, "unit": "m",
            "values": [{"value": 0.8639999999999995, "count": 2}, {"value": None, "count": 1}]}
    assert score(oracle, answer((A, B, C), value=same, rule="r")).score == 1.0
    assert score(oracle, answer((A, B), value=same, rule="r")).score == pytest.approx(0.8)
    assert score(oracle, answer((A, B, C), value=same | {"unit": "mm"}, rule="r")).score == 0.0
    other = same | {"values": [{"value": 0.864, "count": 3}]}
    assert score(oracle, answer((A, B, C), value=other, rule="r")).score == 0.0
    text = {"type": "values", "value": [["EI 30", 1]], "unit": None, "guids": [A]}
    assert score(text, answer((A,), value={"values": [{"value": "ei  30", "count": 1}]}, rule="r")).score == 1.0


def test_a_values_answer_to_a_decline_is_a_broadening() -> None:
    got = score({"type": "decline"}, answer(value={"values": [{"value": "x", "count": 1}]}))
    assert got.score == 0.0 and got.broadened


def test_a_number_in_another_unit_of_one_kind_counts_only_when_no_unit_was_asked() -> None:
    oracle = {"type": "number", "value": 2.5, "unit": "m", "rel_tol": 0.01}
    in_mm = answer(value={"number": 2500.0, "unit": "mm"})
    assert score(oracle, in_mm, "Roof elevation").score == 1.0  # 2500 mm is 2.5 m
    assert score(oracle, in_mm, "the elevation of the Roof in m, please").score == 0.0  # asked in m: given in mm
    assert score(oracle, in_mm).score == 0.0  # without the question: the units must agree
    assert score(oracle, answer(value={"number": 2500.0, "unit": "m²"}), "Roof elevation").score == 0.0
    assert norm_unit("W/(m²·K)") == norm_unit("W/m²K") == norm_unit("W/m2K")
