"""The scripted model server speaks the chat-completions protocol over real HTTP on loopback."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from ifcqa.llm.scripted import TEXT_CALL_FORMATS, ScriptedServer, text_call, unused_port_url

REQUEST = {"model": "test-model", "messages": [{"role": "user", "content": "How many walls?"}]}


def post(server: ScriptedServer, body: dict[str, Any] = REQUEST) -> tuple[int, dict[str, Any], dict[str, str]]:
    request = urllib.request.Request(
        server.base_url + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read()), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), dict(error.headers)


def test_a_content_step_is_a_chat_completion_with_usage_and_finish_reason_stop() -> None:
    with ScriptedServer([{"content": "ANSWER: B"}]) as server:
        status, body, _ = post(server)
    assert status == 200
    assert body["object"] == "chat.completion"
    assert body["id"].startswith("chatcmpl-")
    assert body["model"] == "test-model"
    choice = body["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": "ANSWER: B"}
    assert choice["finish_reason"] == "stop"
    usage = body["usage"]
    assert usage["prompt_tokens"] > 0 and usage["completion_tokens"] > 0
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]


def test_a_tool_call_step_has_ids_json_arguments_and_finish_reason_tool_calls() -> None:
    step = {"tool_calls": [{"name": "count_elements", "arguments": {"ifc_class": "IfcWall"}}, {"name": "list_storeys"}]}
    with ScriptedServer([step]) as server:
        _, body, _ = post(server)
    choice = body["choices"][0]
    assert choice["finish_reason"] == "tool_calls"
    calls = choice["message"]["tool_calls"]
    assert [c["function"]["name"] for c in calls] == ["count_elements", "list_storeys"]
    assert json.loads(calls[0]["function"]["arguments"]) == {"ifc_class": "IfcWall"}
    assert calls[1]["function"]["arguments"] == "{}"
    assert len({c["id"] for c in calls}) == 2 and all(c["type"] == "function" for c in calls)


def test_raw_string_arguments_are_sent_unchanged() -> None:
    with ScriptedServer([{"tool_calls": [{"name": "get_element", "arguments": "{element: 12"}]}]) as server:
        _, body, _ = post(server)
    assert body["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] == "{element: 12"


def test_an_error_step_sends_its_status_body_and_retry_after() -> None:
    with ScriptedServer([{"status": 429, "body": "slow down", "retry_after": 3}, {"status": 500}]) as server:
        status, body, headers = post(server)
        second, _, _ = post(server)
    assert status == 429
    assert body["error"]["message"] == "slow down"
    assert headers["Retry-After"] == "3"
    assert second == 500


def test_a_script_that_ran_out_answers_500_saying_so() -> None:
    with ScriptedServer([]) as server:
        status, body, _ = post(server)
    assert status == 500
    assert "script ran out" in body["error"]["message"]


def test_a_callable_script_sees_each_request_and_chooses_the_step() -> None:
    def script(request: dict[str, Any]) -> dict[str, Any]:
        return {"content": "echo: " + request["messages"][-1]["content"]}

    with ScriptedServer(script) as server:
        _, body, _ = post(server)
    assert body["choices"][0]["message"]["content"] == "echo: How many walls?"


def test_every_request_body_and_its_headers_are_recorded() -> None:
    with ScriptedServer([{"content": "one"}, {"content": "two"}]) as server:
        post(server)
        post(server, {**REQUEST, "tools": [{"type": "function", "function": {"name": "list_storeys"}}]})
    assert server.requests[0] == REQUEST
    assert server.requests[1]["tools"][0]["function"]["name"] == "list_storeys"
    assert server.headers[0]["content-type"] == "application/json"


def test_the_models_are_listed() -> None:
    with (
        ScriptedServer([], model="scripted") as server,
        urllib.request.urlopen(server.base_url + "/models", timeout=10) as response,
    ):
        body = json.loads(response.read())
    assert [m["id"] for m in body["data"]] == ["scripted"]


def test_the_command_line_serves_a_script_file(tmp_path: Path) -> None:
    script = tmp_path / "steps.json"
    script.write_text(json.dumps([{"content": "ANSWER: A"}]))
    process = subprocess.Popen(
        [sys.executable, "-m", "ifcqa.llm.scripted", "--script", str(script), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        base_url = line.split(" at ")[1].split()[0]
        request = urllib.request.Request(
            base_url + "/chat/completions", data=json.dumps(REQUEST).encode(), method="POST"
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = json.loads(response.read())
        assert body["choices"][0]["message"]["content"] == "ANSWER: A"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_text_call_step_writes_the_call_into_content_with_no_tool_calls() -> None:
    step = {"content": "Let me look.", "text_call": {"name": "get_element", "arguments": {"element": "x"}}}
    with ScriptedServer([{**step, "format": "hermes"}]) as server:
        status, body, _ = post(server)
    assert status == 200
    message = body["choices"][0]["message"]
    assert "tool_calls" not in message and body["choices"][0]["finish_reason"] == "stop"
    assert (
        message["content"]
        == 'Let me look.\n<tool_call>\n{"name": "get_element", "arguments": {"element": "x"}}\n</tool_call>'
    )


def test_every_text_call_format_names_the_tool_and_its_arguments() -> None:
    for form in TEXT_CALL_FORMATS:
        written = text_call("count_elements", {"ifc_class": "IfcWall"}, form)
        assert "count_elements" in written and "IfcWall" in written, form
    with pytest.raises(ValueError, match="unknown text call format 'yaml'"):
        text_call("count_elements", {}, "yaml")


def test_a_step_without_usage_sends_none() -> None:
    with ScriptedServer([{"content": "ANSWER: A", "usage": False}]) as server:
        _, body, _ = post(server)
    assert body["usage"] is None


def test_a_drop_step_closes_the_connection_without_an_answer() -> None:
    with ScriptedServer([{"drop": True}, {"content": "ok"}]) as server:
        with pytest.raises((urllib.error.URLError, ConnectionError, http.client.HTTPException)):
            post(server)
        status, body, _ = post(server)
    assert status == 200 and body["choices"][0]["message"]["content"] == "ok"


def test_an_unused_port_refuses_connections() -> None:
    url = unused_port_url()
    with pytest.raises(urllib.error.URLError) as raised:
        urllib.request.urlopen(url.removesuffix("/v1") + "/v1/models", timeout=5)
    assert isinstance(raised.value.reason, ConnectionRefusedError)
