"""The ``ifcqa/ifc_mcq`` Inspect task, run offline with Inspect's mockllm: samples, tools, protocol, grading."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from inspect_ai.event import ToolEvent
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import ModelOutput

from ifcqa.errors import IfcqaError
from ifcqa.index import IndexCache, load_index
from ifcqa.inspect import ifc_mcq, inspect_tools
from ifcqa.inspect.solvers import FALLBACK_KEY
from ifcqa.mcq.items import Item
from ifcqa.tools.registry import call_tool, get_tools, render

RunTask = Callable[..., tuple[EvalLog, Any]]


def by_id(log: EvalLog) -> dict[str, EvalSample]:
    return {str(sample.id): sample for sample in log.samples or []}


def tool_events(sample: EvalSample) -> list[ToolEvent]:
    return [event for event in sample.events if isinstance(event, ToolEvent)]


def test_every_item_becomes_a_sample_with_its_question_options_key_and_labels(bench: Any) -> None:
    task = ifc_mcq(bench=str(bench.path), agent="no_access")
    samples = list(task.dataset)
    assert [s.id for s in samples] == [item.id for item in bench.items]
    for sample, item in zip(samples, bench.items, strict=True):
        assert sample.input == item.question
        assert sample.choices == [option.text for option in item.options]
        assert sample.target == item.answer
        meta = sample.metadata or {}
        assert meta["id"] == item.id and meta["provenance"] == item.provenance
        assert (meta["group"], meta["category"], meta["subtype"]) == (item.group, item.category, item.subtype)
        assert (meta["question_type"], meta["source_file"], meta["source_sha256"]) == (
            item.question_type,
            item.source_file,
            item.source_sha256,
        )


def test_categories_and_limit_select_items_as_ifcqa_eval_does(bench: Any) -> None:
    multi = [item.id for item in bench.items if item.subtype == "direct.class.elements_of_class"]
    task = ifc_mcq(bench=str(bench.path), agent="no_access", categories="direct.class.elements_of_class", limit=1)
    assert [s.id for s in task.dataset] == multi[:1]
    as_list = ifc_mcq(bench=str(bench.path), agent="no_access", categories=["direct.class.elements_of_class"])
    assert [s.id for s in as_list.dataset] == multi  # what `-T categories=a,b` gives


def test_an_unknown_agent_is_an_error_naming_the_agents(bench: Any) -> None:
    with pytest.raises(IfcqaError, match="agent=tool or -T agent=no_access"):
        ifc_mcq(bench=str(bench.path), agent="code")


def test_the_inspect_tools_are_the_ifcqa_tools_with_their_schemas(bench: Any) -> None:
    from inspect_ai.tool import ToolDef

    index = load_index(bench.model_file, cache=IndexCache(bench.cache_dir))
    defs = [ToolDef(tool) for tool in inspect_tools(index)]
    specs = get_tools()
    assert [d.name for d in defs] == list(specs)
    for d in defs:
        schema = specs[d.name].json_schema()
        assert d.description == specs[d.name].description
        assert d.parameters.required == schema.get("required", []) and d.parameters.additionalProperties is False
        assert list(d.parameters.properties) == list(schema["properties"])
        for name, prop in d.parameters.properties.items():
            assert prop.description == schema["properties"][name].get("description")


def test_a_right_answer_scores_correct_and_a_wrong_one_incorrect(bench: Any, tool_run: tuple[EvalLog, Any]) -> None:
    log, _ = tool_run
    samples = by_id(log)
    for number, item in enumerate(bench.items):
        score = samples[item.id].scores["choice"]  # type: ignore[index]
        assert score.value == ("C" if number % 2 == 0 else "I"), item.id
    wrong_multi = [i for n, i in enumerate(bench.items) if n % 2 and i.question_type == "multi"]
    for item in wrong_multi:  # the key plus a distractor: exact option-set match says no
        assert set(item.answer) < set(samples[item.id].scores["choice"].answer.replace(" ", "").split(","))  # type: ignore[index]


def test_a_find_elements_call_runs_the_ifcqa_tool_on_the_samples_model(
    bench: Any, tool_run: tuple[EvalLog, Any]
) -> None:
    log, scripted = tool_run
    first = by_id(log)[bench.items[0].id]
    [event] = tool_events(first)
    assert event.function == "find_elements" and event.error is None and event.truncated is None
    index = load_index(bench.model_file, cache=IndexCache(bench.cache_dir))
    expected = render(call_tool(index, "find_elements", event.arguments))
    assert event.result == expected
    assert json.loads(expected)["elements"] and all(
        e["class"].startswith("IfcWall") for e in json.loads(expected)["elements"]
    )
    [observation] = [m for m in first.messages if m.role == "tool"]
    assert observation.text == expected
    second_turn = [c for c in scripted.calls if c.item.id == bench.items[0].id and c.turn == 1]
    assert second_turn and second_turn[0].messages[-1].text == expected  # the model read it before answering


def test_the_model_is_offered_every_ifcqa_tool(bench: Any, tool_run: tuple[EvalLog, Any]) -> None:
    _, scripted = tool_run
    assert scripted.calls and all(call.tools == list(get_tools()) for call in scripted.calls)


def test_the_model_never_sees_the_key_or_the_provenance(bench: Any, tool_run: tuple[EvalLog, Any]) -> None:
    _, scripted = tool_run
    for call in scripted.calls:
        sent = "\n".join(message.text for message in call.messages if message.role in ("system", "user"))
        assert json.dumps(call.item.provenance) not in sent
        public = call.item.question + " ".join(o.text for o in call.item.options)
        for guid in call.item.provenance.get("elements", []):
            assert guid in public or guid not in sent  # an element the question names by GlobalId is public
        assert call.item.subtype not in sent and call.item.source_sha256 not in sent  # metadata stays in the log


def test_accuracy_is_reported_per_group_category_subtype_and_question_type(
    bench: Any, tool_run: tuple[EvalLog, Any]
) -> None:
    log, _ = tool_run
    assert log.results is not None
    metrics = log.results.scores[0].metrics
    expected_overall = sum(n % 2 == 0 for n in range(len(bench.items))) / len(bench.items)
    assert metrics["accuracy"].value == pytest.approx(expected_overall)
    for item in bench.items:
        for key in ("group", "category", "subtype", "question_type"):
            assert f"{key}: {getattr(item, key)}" in metrics
    for subtype in {item.subtype for item in bench.items}:
        numbers = [n for n, item in enumerate(bench.items) if item.subtype == subtype]
        accuracy = sum(n % 2 == 0 for n in numbers) / len(numbers)
        assert metrics[f"subtype: {subtype}"].value == pytest.approx(accuracy)


def test_a_tool_error_goes_back_to_the_model_which_can_recover(bench: Any, run_task: RunTask, replies: Any) -> None:
    def policy(item: Item, turn: int) -> ModelOutput:
        if turn == 0:
            return replies.call("get_element", {"element": "no-such-element"})
        return replies.say(replies.right(item))

    log, _ = run_task(policy, agent="tool", limit=1)
    [sample] = log.samples or []
    [event] = tool_events(sample)
    assert event.error is not None and "find_elements" in event.error.message  # the fix is named
    assert sample.scores["choice"].value == "C"  # type: ignore[index]


def test_the_model_gets_eight_tool_steps_then_one_answer_only_turn(bench: Any, run_task: RunTask, replies: Any) -> None:
    def policy(item: Item, turn: int) -> ModelOutput:
        return replies.call("list_storeys", {}) if turn < 8 else replies.say(replies.right(item))

    log, scripted = run_task(policy, agent="tool", limit=1)
    [sample] = log.samples or []
    assert len(tool_events(sample)) == 8
    assert [len(call.tools) for call in scripted.calls] == [len(get_tools())] * 8 + [0]
    assert "No more tool calls" in scripted.calls[-1].messages[-1].text
    assert sample.store[FALLBACK_KEY] is True and sample.scores["choice"].value == "C"  # type: ignore[index]


def test_an_answer_without_tool_calls_needs_no_fallback(bench: Any, tool_run: tuple[EvalLog, Any]) -> None:
    log, _ = tool_run
    assert all(sample.store[FALLBACK_KEY] is False for sample in log.samples or [])


def test_tool_output_over_the_cap_is_cut_by_inspect(bench: Any, run_task: RunTask, replies: Any) -> None:
    def policy(item: Item, turn: int) -> ModelOutput:
        return (
            replies.call("find_elements", {"ifc_class": "IfcWall"}) if turn == 0 else replies.say(replies.right(item))
        )

    log, _ = run_task(policy, agent="tool", limit=1, max_tool_output=300)
    [event] = tool_events((log.samples or [])[0])
    assert event.truncated is not None and event.truncated[1] == 300 and event.truncated[0] > 300
    assert log.plan.config.max_tool_output == 300


def test_the_no_access_control_offers_no_tools_and_asks_once(bench: Any, run_task: RunTask, replies: Any) -> None:
    log, scripted = run_task(lambda item, turn: replies.say("I cannot tell."), agent="no_access")
    assert len(scripted.calls) == len(bench.items) and all(call.tools == [] for call in scripted.calls)
    assert all(sample.scores["choice"].value == "I" for sample in log.samples or [])  # type: ignore[index]
    assert "You cannot see the model" in scripted.calls[0].messages[0].text
