"""The tool agent (and the no-access control) driven by a scripted model over real HTTP, with the
real tools on the real index of IfcOpenHouse_IFC4.ifc."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ifcqa.agents.answer import fallback_prompt
from ifcqa.agents.base import DEFAULT_MAX_TOKENS, AgentConfig, AgentEnv, AgentResult, make_agent, public_view
from ifcqa.agents.no_access import NoAccessAgent
from ifcqa.agents.tool_agent import CORE_TOOLS, ToolAgent, tool_set_sizes
from ifcqa.errors import IfcqaError
from ifcqa.index import ModelIndex
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.mcq.items import GeneratorInfo, Item, Option
from ifcqa.tools.registry import call_tool, get_tools, render

HOUSE = "IfcOpenHouse_IFC4.ifc"
SECRET = "PROVENANCE-MARKER-7f3a"
COUNT_WALLS = {"name": "count_elements", "arguments": {"ifc_class": "IfcWall"}}


def wall_item(answer: list[str] | None = None, marker: str = SECRET) -> Item:
    """How many walls IfcOpenHouse has (4): option B."""
    return Item(
        id="house-walls",
        source_file=HOUSE,
        source_sha256="0" * 64,
        group="direct",
        category="class_identification",
        subtype=f"count.{marker}",
        question_type="single",
        question="How many IfcWall elements (subclasses included) does the model contain?",
        options=[Option(label=label, text=text) for label, text in zip("ABCD", ["2", "4", "5", "6"], strict=True)],
        answer=answer or ["B"],
        provenance={"elements": [marker], "ifc_class": "IfcWall", "note": marker},
        generator=GeneratorInfo(name=f"gen-{marker}", version=1),
    )


@pytest.fixture
def house(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> AgentEnv:
    return AgentEnv(index=index_of(HOUSE), model_path=shared_ifc / HOUSE)


def config_for(server: ScriptedServer, cache_dir: Path, **overrides: Any) -> AgentConfig:
    extra = {"backoff_s": 0.01, **overrides.pop("extra", {})}
    settings: dict[str, Any] = {"timeout_s": 5.0, **overrides}
    return AgentConfig(model="scripted-model", base_url=server.base_url, cache_dir=cache_dir, extra=extra, **settings)


def run(
    script: list[dict[str, Any]], env: AgentEnv, cache_dir: Path, **overrides: Any
) -> tuple[AgentResult, ScriptedServer]:
    with ScriptedServer(script) as server:
        result = make_agent("tool", config_for(server, cache_dir, **overrides)).answer(wall_item(), env)
    return result, server


def tool_messages(request: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in request["messages"] if m["role"] == "tool"]


def test_a_right_answer_is_selected_with_its_steps_and_tokens(house: AgentEnv, tmp_path: Path) -> None:
    result, server = run([{"tool_calls": [COUNT_WALLS]}, {"content": "There are 4.\nANSWER: B"}], house, tmp_path)
    assert result.selected == ["B"] and result.parse == "strict" and result.error is None
    assert result.steps == 2 and not result.fallback_used
    assert result.raw_answer == "There are 4.\nANSWER: B"
    assert result.tokens_in > 0 and result.tokens_out > 0 and result.latency_s > 0
    assert [m["role"] for m in result.transcript] == ["system", "user", "assistant", "tool", "assistant"]
    assert len(server.requests) == 2


def test_a_wrong_answer_is_recorded_as_given(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"content": "ANSWER: C, A"}], house, tmp_path)
    assert result.selected == ["A", "C"] and result.parse == "strict" and result.steps == 1


def test_every_request_offers_all_tools_with_the_question_and_options(house: AgentEnv, tmp_path: Path) -> None:
    _, server = run([{"content": "ANSWER: B"}], house, tmp_path)
    (request,) = server.requests
    assert {t["function"]["name"] for t in request["tools"]} == set(get_tools())
    assert request["tool_choice"] == "auto"
    assert request["tools"][0] == next(iter(get_tools().values())).openai_schema()
    prompt = request["messages"][1]["content"]
    assert "How many IfcWall elements" in prompt and "B. 4" in prompt and "ANSWER:" in prompt


def test_a_tool_observation_is_the_real_tool_result_on_the_index(house: AgentEnv, tmp_path: Path) -> None:
    result, server = run([{"tool_calls": [COUNT_WALLS]}, {"content": "ANSWER: B"}], house, tmp_path)
    (observation,) = tool_messages(server.requests[1])
    expected = render(call_tool(house.index, "count_elements", {"ifc_class": "IfcWall"}))
    assert observation["content"] == expected
    assert json.loads(expected)["count"] == 4
    call_id = server.requests[1]["messages"][2]["tool_calls"][0]["id"]
    assert observation["tool_call_id"] == call_id
    (record,) = result.tool_calls
    assert (record.name, record.arguments, record.ok, record.truncated) == (
        "count_elements",
        {"ifc_class": "IfcWall"},
        True,
        False,
    )
    assert record.observation_chars == len(expected)


def test_malformed_arguments_get_an_error_observation_naming_the_fix(house: AgentEnv, tmp_path: Path) -> None:
    bad = {"name": "count_elements", "arguments": "{ifc_class: IfcWall"}
    script = [{"tool_calls": [bad]}, {"tool_calls": [COUNT_WALLS]}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    (observation,) = tool_messages(server.requests[1])
    error = json.loads(observation["content"])["error"]
    assert error["code"] == "tool_error"
    assert "not valid JSON" in error["message"] and "Pass a JSON object" in error["message"]
    assert [(r.ok, r.arguments) for r in result.tool_calls] == [
        (False, "{ifc_class: IfcWall"),
        (True, {"ifc_class": "IfcWall"}),
    ]
    assert result.steps == 3 and result.selected == ["B"]


def test_an_unknown_tool_gets_an_error_listing_the_available_tools(house: AgentEnv, tmp_path: Path) -> None:
    script = [{"tool_calls": [{"name": "count_walls", "arguments": {}}]}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    (observation,) = tool_messages(server.requests[1])
    message = json.loads(observation["content"])["error"]["message"]
    assert "Unknown tool 'count_walls'" in message and "count_elements" in message
    assert result.tool_calls[0].ok is False and result.steps == 2


def test_a_server_error_is_retried_and_the_item_answered(house: AgentEnv, tmp_path: Path) -> None:
    result, server = run([{"status": 500}, {"content": "ANSWER: B"}], house, tmp_path)
    assert result.selected == ["B"] and result.error is None and result.steps == 1
    assert len(server.requests) == 2


def test_a_rate_limit_is_waited_out_for_its_retry_after(house: AgentEnv, tmp_path: Path) -> None:
    started = time.perf_counter()
    result, _ = run([{"status": 429, "retry_after": 1}, {"content": "ANSWER: B"}], house, tmp_path)
    assert result.selected == ["B"] and time.perf_counter() - started >= 0.95


def test_a_timeout_is_retried_and_the_item_answered(house: AgentEnv, tmp_path: Path) -> None:
    script = [{"delay_s": 3, "content": "ANSWER: A"}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, timeout_s=0.5)
    assert result.selected == ["B"] and result.error is None
    assert len(server.requests) == 2


def test_a_permanent_client_error_is_recorded_without_retries(house: AgentEnv, tmp_path: Path) -> None:
    script = [{"status": 400, "body": "tools are not supported by this model"}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    assert result.selected == [] and result.parse == "none"
    assert result.error is not None
    assert "HTTP 400" in result.error and "tools are not supported" in result.error
    assert len(server.requests) == 1


def test_the_step_limit_leads_to_one_answer_only_turn_without_tools(house: AgentEnv, tmp_path: Path) -> None:
    script = [{"tool_calls": [COUNT_WALLS]}] * 3 + [{"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, max_steps=3)
    assert result.fallback_used and result.selected == ["B"] and result.parse == "strict"
    assert result.steps == 4 and len(result.tool_calls) == 3
    last = server.requests[-1]
    assert "tools" not in last and "tool_choice" not in last
    assert last["messages"][-1] == {"role": "user", "content": fallback_prompt(public_view(wall_item()))}
    assert all("tools" in request for request in server.requests[:3])


def test_a_reply_without_a_readable_answer_gets_the_fallback_turn(house: AgentEnv, tmp_path: Path) -> None:
    result, server = run([{"content": "There are four walls."}, {"content": "ANSWER: B"}], house, tmp_path)
    assert result.fallback_used and result.selected == ["B"] and result.steps == 2
    assert "tools" not in server.requests[1]


def test_an_unreadable_fallback_leaves_the_item_unanswered(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"content": "Hmm."}, {"content": "I am not sure."}], house, tmp_path)
    assert result.fallback_used and result.selected == [] and result.parse == "none" and result.error is None
    assert result.raw_answer == "I am not sure."


def test_a_lenient_answer_is_accepted_without_a_fallback(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"content": "The answer is B."}], house, tmp_path)
    assert result.selected == ["B"] and result.parse == "lenient" and not result.fallback_used


def test_an_observation_over_the_limit_is_cut_and_counted(house: AgentEnv, tmp_path: Path) -> None:
    big = {"name": "find_elements", "arguments": {"ifc_class": "IfcProduct", "limit": 500}}
    script = [{"tool_calls": [big, COUNT_WALLS]}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, observation_chars=1000)
    full = render(call_tool(house.index, "find_elements", {"ifc_class": "IfcProduct", "limit": 500}))
    assert len(full) > 1000
    cut, whole = tool_messages(server.requests[1])
    assert len(cut["content"]) <= 1000 and full.startswith(cut["content"].split("...[observation cut")[0])
    assert "observation cut at 1000" in cut["content"]
    assert whole["content"] == render(call_tool(house.index, "count_elements", {"ifc_class": "IfcWall"}))
    assert [(r.truncated, r.observation_chars) for r in result.tool_calls] == [(True, len(full)), (False, 80)]
    assert result.truncated_observations == 1


def test_a_second_identical_run_is_answered_from_the_cache_without_requests(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"tool_calls": [COUNT_WALLS]}, {"content": "ANSWER: B"}]) as server:
        first = ToolAgent(config_for(server, tmp_path)).answer(wall_item(), house)
        sent = len(server.requests)
        rerun = ToolAgent(config_for(server, tmp_path))
        second = rerun.answer(wall_item(), house)
    assert len(server.requests) == sent == 2
    assert rerun.client.usage.http_requests == 0 and rerun.client.usage.tokens_in == 0
    assert rerun.client.usage.cache_hits == 2
    assert (second.selected, second.steps, second.tokens_in) == (first.selected, first.steps, first.tokens_in)
    assert second.transcript == first.transcript


def test_without_the_cache_every_request_is_sent_again(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"content": "ANSWER: B"}, {"content": "ANSWER: B"}]) as server:
        config = config_for(server, tmp_path, extra={"no_cache": True})
        ToolAgent(config).answer(wall_item(), house)
        ToolAgent(config).answer(wall_item(), house)
    assert len(server.requests) == 2


def test_the_requests_never_contain_the_answer_key_or_provenance(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"content": "ANSWER: B"}] * 2) as server:
        config = config_for(server, tmp_path, extra={"no_cache": True})
        ToolAgent(config).answer(wall_item(["B"], SECRET), house)
        ToolAgent(config).answer(wall_item(["C"], "OTHER-MARKER-91b2"), house)
    first, second = server.requests
    assert first == second  # the key and provenance change nothing the model is sent
    text = json.dumps(first)
    assert SECRET not in text and "provenance" not in text and "class_identification" not in text


def test_the_agents_are_registered_by_name(tmp_path: Path) -> None:
    config = AgentConfig(model="m", base_url="http://127.0.0.1:9/v1", cache_dir=tmp_path)
    assert isinstance(make_agent("tool", config), ToolAgent)
    assert isinstance(make_agent("no-access", config), NoAccessAgent)


def test_an_llm_agent_without_a_model_is_an_error_naming_the_option() -> None:
    with pytest.raises(IfcqaError, match="--model"):
        make_agent("tool", AgentConfig())


def test_the_no_access_control_sends_one_request_without_tools(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"content": "I would guess four.\nANSWER: B"}]) as server:
        result = make_agent("no-access", config_for(server, tmp_path)).answer(wall_item(), house)
    (request,) = server.requests
    assert "tools" not in request and "tool_choice" not in request
    assert "cannot see the model" in request["messages"][0]["content"]
    assert "How many IfcWall elements" in request["messages"][1]["content"]
    assert SECRET not in json.dumps(request)
    assert result.selected == ["B"] and result.steps == 1 and result.tool_calls == []


def test_the_no_access_control_records_a_transport_error(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"status": 401, "body": "invalid api key"}]) as server:
        result = make_agent("no-access", config_for(server, tmp_path)).answer(wall_item(), house)
    assert result.selected == [] and result.error is not None and "HTTP 401" in result.error


# --- what real servers do: calls as text, loops, invalid arguments, tool sets, sampling, cache and retries


@pytest.mark.parametrize("form", ["json", "fenced", "hermes", "python_tag", "mistral", "function_parameters"])
def test_a_call_written_as_text_is_run_and_recorded_as_such(form: str, house: AgentEnv, tmp_path: Path) -> None:
    script = [{"content": "Let me count.", "text_call": COUNT_WALLS, "format": form}, {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    assert result.selected == ["B"] and not result.fallback_used and result.steps == 2
    (call,) = result.tool_calls
    read_as = {"function_parameters": "json"}.get(form, form)  # bare JSON with other key names
    expected = ("count_elements", {"ifc_class": "IfcWall"}, True, read_as)
    assert (call.name, call.arguments, call.ok, call.source) == expected
    assert [(s.native_calls, s.text_calls, s.text_form) for s in result.steps_log] == [(0, 1, read_as), (0, 0, None)]
    # sent back as a native call paired with its observation, so every chat template can render both
    assistant, observation = server.requests[1]["messages"][2:4]
    assert assistant["tool_calls"][0]["function"]["name"] == "count_elements"
    assert assistant["content"] == "Let me count."
    assert observation["tool_call_id"] == assistant["tool_calls"][0]["id"]
    assert observation["content"] == render(call_tool(house.index, "count_elements", {"ifc_class": "IfcWall"}))


def test_native_calls_are_recorded_as_native(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"tool_calls": [COUNT_WALLS]}, {"content": "ANSWER: B"}], house, tmp_path)
    assert [c.source for c in result.tool_calls] == ["native"]
    assert [(s.native_calls, s.text_calls) for s in result.steps_log] == [(1, 0), (0, 0)]


def test_a_run_of_identical_calls_is_stopped_after_two_repeats_with_a_note(house: AgentEnv, tmp_path: Path) -> None:
    script = [{"tool_calls": [COUNT_WALLS]}] * 4 + [{"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    assert [(c.ok, c.repeat, c.blocked) for c in result.tool_calls] == [
        (True, False, False),
        (True, True, False),
        (True, True, False),
        (False, True, True),
    ]
    assert result.repeated_calls == 3 and result.blocked_calls == 1 and result.selected == ["B"]
    note = json.loads(tool_messages(server.requests[4])[-1]["content"])["error"]
    assert note["code"] == "repeated_call" and "not run again" in note["message"]
    assert "3 times in a row" in note["message"]


def test_a_changed_argument_breaks_a_run_of_repeats(house: AgentEnv, tmp_path: Path) -> None:
    doors = {"name": "count_elements", "arguments": {"ifc_class": "IfcDoor"}}
    script = [{"tool_calls": [COUNT_WALLS]}] * 3 + [{"tool_calls": [doors]}, {"tool_calls": [COUNT_WALLS]}]
    result, _ = run(script + [{"content": "ANSWER: B"}], house, tmp_path)
    assert result.repeated_calls == 2 and result.blocked_calls == 0 and all(c.ok for c in result.tool_calls)


def test_an_argument_the_tool_does_not_take_is_an_error_listing_the_arguments(house: AgentEnv, tmp_path: Path) -> None:
    bad = {"name": "count_elements", "arguments": {"ifc_class": "IfcWall", "exact": True}}
    result, server = run([{"tool_calls": [bad]}, {"content": "ANSWER: B"}], house, tmp_path)
    message = json.loads(tool_messages(server.requests[1])[0]["content"])["error"]["message"]
    first_line = message.splitlines()[0]
    assert "exact" in first_line and "ifc_class" in first_line and "exact_class" in first_line  # wrong, and what exists
    (call,) = result.tool_calls
    assert not call.ok and call.error_kind == "arguments" and call.error == first_line


def test_the_core_tool_set_and_named_tools_are_offered_alone(house: AgentEnv, tmp_path: Path) -> None:
    _, server = run([{"content": "ANSWER: B"}], house, tmp_path, tools="core")
    assert [t["function"]["name"] for t in server.requests[0]["tools"]] == sorted(CORE_TOOLS)
    _, server = run([{"content": "ANSWER: B"}], house, tmp_path, tools="get_element, count_elements")
    assert [t["function"]["name"] for t in server.requests[0]["tools"]] == ["count_elements", "get_element"]
    sizes = tool_set_sizes()
    assert sizes["core"]["chars"] < sizes["all"]["chars"] / 1.5 and sizes["all"]["tools"] == len(get_tools())


def test_an_unknown_tool_in_the_tool_set_is_an_error_naming_the_option(tmp_path: Path) -> None:
    config = AgentConfig(model="m", base_url="http://127.0.0.1:9/v1", cache_dir=tmp_path, tools="count_walls")
    with pytest.raises(IfcqaError, match=r"--tools 'count_walls': unknown tool\(s\) count_walls.*all, core"):
        make_agent("tool", config)


def test_the_prefix_of_every_request_is_the_same_for_every_item(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"content": "ANSWER: B"}] * 2) as server:
        agent = make_agent("tool", config_for(server, tmp_path))
        agent.answer(wall_item(), house)
        other = wall_item().model_copy(update={"id": "other", "question": "How many doors?", "question_type": "multi"})
        agent.answer(other, house)
    first, second = server.requests
    assert first["messages"][0] == second["messages"][0] and first["tools"] == second["tools"]
    assert first["messages"][1] != second["messages"][1]


def test_temperature_and_max_tokens_are_always_sent(house: AgentEnv, tmp_path: Path) -> None:
    _, server = run([{"content": "ANSWER: B"}], house, tmp_path)
    assert (server.requests[0]["temperature"], server.requests[0]["max_tokens"]) == (0.0, DEFAULT_MAX_TOKENS)
    _, server = run([{"content": "ANSWER: B"}], house, tmp_path / "other", temperature=0.7, max_tokens=64)
    assert (server.requests[0]["temperature"], server.requests[0]["max_tokens"]) == (0.7, 64)


def test_cache_hits_and_retries_are_marked_per_step(house: AgentEnv, tmp_path: Path) -> None:
    with ScriptedServer([{"status": 503}, {"content": "ANSWER: B"}]) as server:
        first = make_agent("tool", config_for(server, tmp_path)).answer(wall_item(), house)
        again = make_agent("tool", config_for(server, tmp_path)).answer(wall_item(), house)
    assert [(s.cached, s.retries) for s in first.steps_log] == [(False, 1)]
    assert [(s.cached, s.retries) for s in again.steps_log] == [(True, 0)]


def test_a_500_saying_the_output_was_malformed_is_recorded_with_its_body(house: AgentEnv, tmp_path: Path) -> None:
    body = "model produced output that does not match the expected format"
    result, server = run([{"status": 500, "body": body}, {"content": "ANSWER: B"}], house, tmp_path)
    assert len(server.requests) == 1 and result.selected == []
    assert result.error_kind == "request" and result.error_status == 500
    assert result.error_body is not None and body in result.error_body
    assert result.error is not None and "not retried" in result.error and "--timeout" not in result.error


def test_a_copied_answer_example_is_no_answer_and_is_marked(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"content": "ANSWER: <label>"}, {"content": "ANSWER: <label>"}], house, tmp_path)
    assert result.selected == [] and result.example_copied and result.fallback_used
