"""The LLM planner as the rules' fallback (``--planner-mode fallback``), through the scripted model server on loopback:
only a question the rules decline for not understanding it is sent, and the LLM's plan can turn that decline into an
answer (checked as every LLM plan is), never change an answer the rules gave."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest
from test_llm_plan import DUPLEX, EXTERNAL_DOORS_L1, external_doors, plan_requests, planner_script, reply
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.index import ModelIndex
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.fallback import not_understood
from ifcqa.spatial.llm_plan import LLMPlanner, planner_factory
from ifcqa.spatial.pipeline import ANSWER_KEYS

OUTSIDE = "Türen im Level 1, die nach draußen führen"  # the rules cannot read "nach draußen führen"
READ_OUTSIDE = [{"word": w, "read_as": "Pset_DoorCommon.IsExternal"} for w in ("nach", "draußen", "führen")]


def ask(index: ModelIndex, url: str, question: str) -> dict[str, Any]:
    client = ChatClient("scripted", base_url=url, max_retries=0, timeout_s=30)
    planner = LLMPlanner(index, client, mode="fallback")
    return SpatialQA(index, use_graph=False, embedder=None, planner=planner).ask(question)


def rules(index: ModelIndex, question: str) -> dict[str, Any]:
    return SpatialQA(index, use_graph=False, embedder=None).ask(question)


@pytest.mark.parametrize("question", [
    "doors on Level 1",  # answered by the rules
    "how many windows are on Level 2?",
    "Delete all the walls on level 1",  # a refusal
    "doors on Level 7",  # the model has no such storey
    "which doors on level 1 are fire rated?",  # the model records no value for it
])
def test_what_the_rules_answer_or_decline_knowingly_is_never_sent(index_of: Callable[[str], ModelIndex],
                                                                  question: str) -> None:
    index = index_of(DUPLEX)
    with ScriptedServer(planner_script([reply(EXTERNAL_DOORS_L1)])) as server:
        answer = ask(index, server.base_url, question)
        assert plan_requests(server) == []
    expected = rules(index, question)
    assert answer["answer"] == expected["answer"] and answer["elements"] == expected["elements"]
    assert answer["declined"] == expected["declined"] and answer["plan"]["parser"] == "rules"


def test_a_declined_question_is_answered_by_a_valid_llm_plan(index_of: Callable[[str], ModelIndex],
                                                             shared_ifc: Path) -> None:
    index = index_of(DUPLEX)
    assert not_understood(rules(index, OUTSIDE)) == ["nach", "draussen", "führen"]  # the rules decline it
    with ScriptedServer(planner_script([reply(EXTERNAL_DOORS_L1 | {"words": READ_OUTSIDE})])) as server:
        answer = ask(index, server.base_url, OUTSIDE)
        sent = plan_requests(server)
    assert len(sent) == 1 and sent[0]["messages"][-1]["content"] == OUTSIDE
    oracle = external_doors(ifcopenshell.open(shared_ifc / DUPLEX), "Level 1")
    assert {e["guid"] for e in answer["elements"]} == oracle and len(oracle) == 4
    assert answer["declined"] is None and answer["plan"]["parser"] == "llm:scripted" and tuple(answer) == ANSWER_KEYS
    assert answer["answer"].endswith("(Planned by llm:scripted, since the rules did not understand 'nach', "
                                     "'draussen', 'führen'.)")
    assert answer["rule"] == "doors with Pset_DoorCommon.IsExternal = TRUE on Level 1"
    assert any(n.startswith("the rules declined; planned by the LLM fallback (scripted)")
               for n in answer["plan"]["notes"])
    assert answer["timings_ms"]["llm_fallback"] > 0


@pytest.mark.parametrize(("steps", "note"), [
    # the plan drops what the words said ("nach draußen führen" unread): every door on Level 1, a broader question
    ([reply({"intent": "list", "storeys": ["Level 1"], "classes": ["door"]})], "declined too (I did not understand"),
    # it reads the words as a property no element holds
    ([reply(EXTERNAL_DOORS_L1 | {"qualifiers": [{"path": "Pset_DoorCommon.LeadsOutside", "op": "=", "value": True}],
                                 "words": READ_OUTSIDE})], "declined too (the plan names what this model does not"),
    # it claims to have read the words as something the plan does not hold
    ([reply({"intent": "list", "storeys": ["Level 1"], "classes": ["door"],
             "words": [{"word": w["word"], "read_as": "Pset_WindowCommon.IsExternal"} for w in READ_OUTSIDE]})],
     "declined too (I did not understand"),
    # it drops the storey the rules read
    ([reply({"intent": "list", "classes": ["door"], "words": READ_OUTSIDE,
             "qualifiers": EXTERNAL_DOORS_L1["qualifiers"]})], "declined too ("),
    # two replies that are no plan
    ([{"content": "The outside doors."}, {"content": '{"intent": "list", "colour": 1}'}],
     "gave no plan (llm reply invalid"),
    # the LLM says it cannot be answered
    ([reply({"intent": "unanswerable"})], "declined too (I did not understand 'nach', 'draussen', 'führen'"),
])
def test_an_unusable_llm_plan_keeps_the_rules_decline(index_of: Callable[[str], ModelIndex],
                                                      steps: list[dict[str, Any]], note: str) -> None:
    index = index_of(DUPLEX)
    with ScriptedServer(planner_script(steps)) as server:
        answer = ask(index, server.base_url, OUTSIDE)
        assert len(plan_requests(server)) >= 1
    expected = rules(index, OUTSIDE)
    assert answer["elements"] == [] and answer["count"] is None and answer["declined"] == expected["declined"]
    assert answer["answer"] == expected["answer"] and answer["plan"]["parser"] == "rules"
    fell = [n for n in answer["plan"]["notes"] if n.startswith("the rules declined")]
    assert len(fell) == 1 and note in fell[0] and fell[0].endswith("the decline stands")


def test_an_unreachable_llm_keeps_the_decline_and_answers_the_rest(index_of: Callable[[str], ModelIndex]) -> None:
    from ifcqa.llm.scripted import unused_port_url

    index = index_of(DUPLEX)
    url = unused_port_url()
    assert ask(index, url, "doors on Level 1")["elements"] == rules(index, "doors on Level 1")["elements"] != []
    declined = ask(index, url, OUTSIDE)
    assert declined["declined"] == rules(index, OUTSIDE)["declined"]
    assert any("gave no plan (llm unavailable" in n for n in declined["plan"]["notes"])


def test_the_mode_is_checked() -> None:
    with pytest.raises(IfcqaError, match="Unknown planner mode 'sometimes'"):
        planner_factory("scripted", "http://127.0.0.1:9", mode="sometimes")


def test_ask_cli_planner_modes(tmp_path: Path, shared_ifc: Path) -> None:
    """fallback (the default) sends nothing the rules answer; first sends every question to the LLM."""
    plan = {"intent": "count", "storeys": ["Level 2"], "classes": ["door"]}
    question = "how many doors are on Level 2?"
    runs = {}
    for mode in ("fallback", "first"):
        with ScriptedServer(planner_script([reply(plan)])) as server:
            mode_args = [] if mode == "fallback" else ["--planner-mode", mode]
            result = CliRunner().invoke(app, [
                "ask", str(shared_ifc / DUPLEX), question, "--json", "--no-graph", "--model", "scripted",
                "--base-url", server.base_url, "--cache-dir", str(tmp_path / mode), *mode_args])
            runs[mode] = (json.loads(result.stdout), len(plan_requests(server)))
        assert result.exit_code == 0, result.output
    assert runs["fallback"][1] == 0 and runs["fallback"][0]["plan"]["parser"] == "rules"
    assert runs["first"][1] == 1 and runs["first"][0]["plan"]["parser"] == "llm:scripted"
    assert runs["fallback"][0]["count"] == runs["first"][0]["count"] == 8
    bad = CliRunner().invoke(app, ["ask", str(shared_ifc / DUPLEX), question, "--model", "scripted",
                                   "--planner-mode", "sometimes"])
    said = " ".join(bad.output.replace("│", " ").split())  # the error box wraps its lines
    assert bad.exit_code != 0 and "'sometimes' is no planner mode: give first or fallback" in said


def test_every_list_of_the_plan_is_bounded_so_a_runaway_reply_stops() -> None:
    """A small model may list every space number it was shown as a storey until the token cap: the schema bounds every
    list (maxItems, which a server's grammar enforces) and a longer list is no valid plan."""
    from pydantic import ValidationError

    from ifcqa.spatial.llm_schema import MAX_ITEMS, LLMPlan, plan_schema

    arrays = {k: v for k, v in plan_schema()["properties"].items() if v.get("type") == "array"}
    assert {"storeys", "rooms", "qualifiers", "words"} <= set(arrays)
    assert all(v["maxItems"] == MAX_ITEMS for v in arrays.values())
    LLMPlan.model_validate({"intent": "count", "storeys": [str(n) for n in range(MAX_ITEMS)]})
    with pytest.raises(ValidationError, match="at most 24 items"):
        LLMPlan.model_validate({"intent": "count", "storeys": [str(n) for n in range(MAX_ITEMS + 1)]})
