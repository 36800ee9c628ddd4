"""The chat client: completions, our retry policy, the response cache and the concurrency limit,
all exercised against the scripted server over real HTTP."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache, request_key
from ifcqa.llm.client import ChatClient, LLMError
from ifcqa.llm.scripted import ScriptedServer, unused_port_url

MESSAGES = [{"role": "user", "content": "How many walls?"}]
TOOL = {"type": "function", "function": {"name": "list_storeys", "parameters": {"type": "object", "properties": {}}}}


def client_for(server: ScriptedServer, **options: Any) -> ChatClient:
    settings: dict[str, Any] = {"timeout_s": 5.0, "backoff_s": 0.01, **options}
    return ChatClient("test-model", server.base_url, **settings)


def test_a_completion_returns_the_message_tokens_and_finish_reason() -> None:
    with ScriptedServer([{"content": "ANSWER: B"}]) as server:
        result = client_for(server).complete(MESSAGES)
    assert result.message == {"role": "assistant", "content": "ANSWER: B"}
    assert result.content == "ANSWER: B"
    assert result.finish_reason == "stop"
    assert result.tokens_in > 0 and result.tokens_out > 0
    assert not result.cached and result.latency_s > 0
    assert server.requests[0]["model"] == "test-model" and server.requests[0]["temperature"] == 0


def test_tool_calls_come_back_in_the_chat_format_ready_to_send_again() -> None:
    step = {"tool_calls": [{"name": "list_storeys", "arguments": {}}]}
    with ScriptedServer([step]) as server:
        result = client_for(server).complete(MESSAGES, tools=[TOOL], tool_choice="auto")
    assert result.finish_reason == "tool_calls"
    (call,) = result.tool_calls
    assert call["type"] == "function" and call["function"] == {"name": "list_storeys", "arguments": "{}"}
    assert result.message["tool_calls"] == [call]
    assert server.requests[0]["tools"] == [TOOL] and server.requests[0]["tool_choice"] == "auto"


def test_extra_parameters_are_sent_in_the_request_body() -> None:
    with ScriptedServer([{"content": "ok"}]) as server:
        client_for(server).complete(MESSAGES, max_tokens=50, seed=7, temperature=None)
    sent = server.requests[0]
    assert sent["seed"] == 7 and sent["max_tokens"] == 50
    assert "temperature" not in sent and "tools" not in sent


def test_server_errors_are_retried_until_a_success() -> None:
    with ScriptedServer([{"status": 500}, {"status": 503}, {"content": "ANSWER: A"}]) as server:
        client = client_for(server)
        result = client.complete(MESSAGES)
    assert result.content == "ANSWER: A"
    assert len(server.requests) == 3
    assert client.usage.retries == 2 and client.usage.http_requests == 3


def test_a_rate_limit_is_waited_out_for_its_retry_after() -> None:
    with ScriptedServer([{"status": 429, "retry_after": 1}, {"content": "ok"}]) as server:
        started = time.perf_counter()
        result = client_for(server).complete(MESSAGES)
        elapsed = time.perf_counter() - started
    assert result.content == "ok"
    assert elapsed >= 0.95  # the backoff alone would be ~0.01 s


def test_a_timeout_is_retried_until_a_success() -> None:
    with ScriptedServer([{"delay_s": 3, "content": "late"}, {"content": "on time"}]) as server:
        result = client_for(server, timeout_s=0.5).complete(MESSAGES)
    assert result.content == "on time"
    assert len(server.requests) == 2


def test_a_client_error_fails_at_once_naming_the_status_and_the_message() -> None:
    script = [{"status": 400, "body": "model 'nope' does not exist"}, {"content": "never"}]
    with ScriptedServer(script) as server, pytest.raises(LLMError) as raised:
        client_for(server).complete(MESSAGES)
    assert len(server.requests) == 1
    assert raised.value.status == 400
    assert "HTTP 400" in str(raised.value) and "model 'nope' does not exist" in str(raised.value)


def test_retries_give_up_after_max_retries_with_a_clear_error() -> None:
    with ScriptedServer([{"status": 500, "body": "overloaded"}] * 5) as server, pytest.raises(LLMError) as raised:
        client_for(server, max_retries=2).complete(MESSAGES)
    assert len(server.requests) == 3
    message = str(raised.value)
    assert "failed on every one of 3 attempts (HTTP 500: overloaded)" in message and "--timeout" not in message
    assert raised.value.kind == "server" and raised.value.attempts == 3
    assert raised.value.body is not None and "overloaded" in raised.value.body


def test_an_unreachable_server_is_a_clear_error_at_once() -> None:
    client = ChatClient("m", unused_port_url(), timeout_s=2, max_retries=1, backoff_s=0.01)
    with pytest.raises(LLMError) as raised:
        client.complete(MESSAGES)
    message = str(raised.value)
    assert "cannot connect (connection refused; 1 attempt)" in message and "--base-url" in message
    assert "--timeout" not in message and raised.value.kind == "connection" and raised.value.status is None
    assert client.usage.retries == 0  # nothing listens there: a retry cannot change that


@pytest.mark.parametrize(
    "body",
    [
        "model produced output that does not match the expected format",
        "Failed to parse tool call arguments as JSON",
        "the request exceeds the available context size, try increasing it",
    ],
)
def test_a_500_saying_the_request_itself_failed_is_not_retried(body: str) -> None:
    with (
        ScriptedServer([{"status": 500, "body": body}, {"content": "never"}]) as server,
        pytest.raises(LLMError) as raised,
    ):
        client_for(server).complete(MESSAGES)
    assert len(server.requests) == 1
    error = raised.value
    assert error.kind == "request" and error.status == 500 and error.attempts == 1
    assert body in str(error) and "not retried" in str(error) and "--timeout" not in str(error)
    assert error.body is not None and body in error.body  # the server's body is kept as sent


@pytest.mark.parametrize("status", [502, 503, 504, 429, 408])
def test_gateway_errors_and_rate_limits_are_retried(status: int) -> None:
    with ScriptedServer([{"status": status}, {"content": "ok"}]) as server:
        client = client_for(server)
        result = client.complete(MESSAGES)
    assert result.content == "ok" and result.retries == 1 and len(server.requests) == 2


@pytest.mark.parametrize("status", [400, 404, 422, 501])
def test_errors_a_retry_cannot_change_fail_at_once(status: int) -> None:
    with ScriptedServer([{"status": status, "body": "no"}, {"content": "ok"}]) as server, pytest.raises(LLMError):
        client_for(server).complete(MESSAGES)
    assert len(server.requests) == 1


def test_a_refused_key_names_the_variable_and_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("IFCQA_NO_SUCH_KEY", raising=False)
    monkeypatch.setenv("IFCQA_TEST_KEY", "sk-wrong")
    for variable, says in (
        ("IFCQA_NO_SUCH_KEY", "no key was sent ($IFCQA_NO_SUCH_KEY is not set)"),
        ("IFCQA_TEST_KEY", "the key in $IFCQA_TEST_KEY was refused"),
    ):
        with ScriptedServer([{"status": 401, "body": "invalid api key"}]) as server, pytest.raises(LLMError) as raised:
            client_for(server, api_key_env=variable).complete(MESSAGES)
        assert len(server.requests) == 1
        message = str(raised.value)
        assert raised.value.kind == "auth" and "HTTP 401: invalid api key" in message
        assert says in message and "--api-key-env" in message


def test_a_timeout_that_persists_says_so_and_names_the_timeout_option() -> None:
    with ScriptedServer([{"delay_s": 2, "content": "late"}] * 2) as server, pytest.raises(LLMError) as raised:
        client_for(server, timeout_s=0.3, max_retries=1).complete(MESSAGES)
    message = str(raised.value)
    assert raised.value.kind == "timeout" and "no answer within 0.3 s (2 attempts)" in message
    assert "--timeout" in message


def test_a_reset_connection_is_retried() -> None:
    with ScriptedServer([{"drop": True}, {"content": "ok"}]) as server:
        result = client_for(server).complete(MESSAGES)
    assert result.content == "ok" and result.retries == 1 and len(server.requests) == 2


def test_a_cache_salt_asks_again_and_is_then_cached(tmp_path: Path) -> None:
    with ScriptedServer([{"content": "old"}, {"content": "new"}]) as server:
        assert client_for(server, cache=ResponseCache(tmp_path)).complete(MESSAGES).content == "old"
        assert client_for(server, cache=ResponseCache(tmp_path)).complete(MESSAGES).cached
        salted = client_for(server, cache=ResponseCache(tmp_path), cache_salt="q4_k_m")
        fresh = salted.complete(MESSAGES)
        again = client_for(server, cache=ResponseCache(tmp_path), cache_salt="q4_k_m").complete(MESSAGES)
    assert (fresh.content, fresh.cached) == ("new", False)
    assert (again.content, again.cached) == ("new", True)
    assert len(server.requests) == 2
    assert "cache_salt" not in server.requests[1]  # the salt is only part of the key, never sent


def test_an_identical_request_is_answered_from_the_cache_without_any_http(tmp_path: Path) -> None:
    with ScriptedServer([{"content": "ANSWER: C"}]) as server:
        first = client_for(server, cache=ResponseCache(tmp_path)).complete(MESSAGES, tools=[TOOL])
        again_client = client_for(server, cache=ResponseCache(tmp_path))
        again = again_client.complete(MESSAGES, tools=[TOOL])
    assert len(server.requests) == 1
    assert again.cached and not first.cached
    assert again.message == first.message and again.tokens_in == first.tokens_in
    assert again_client.usage.http_requests == 0 and again_client.usage.tokens_in == 0
    assert again_client.usage.cache_hits == 1


def test_a_changed_parameter_or_message_is_asked_again(tmp_path: Path) -> None:
    with ScriptedServer([{"content": "1"}, {"content": "2"}, {"content": "3"}]) as server:
        client = client_for(server, cache=ResponseCache(tmp_path))
        client.complete(MESSAGES)
        client.complete(MESSAGES, seed=1)
        client.complete([{"role": "user", "content": "How many doors?"}])
    assert len(server.requests) == 3


def test_a_damaged_cache_entry_is_dropped_and_asked_again(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    with ScriptedServer([{"content": "first"}, {"content": "second"}]) as server:
        client = client_for(server, cache=cache)
        client.complete(MESSAGES)
        (entry,) = tmp_path.glob("*/*.json")
        entry.write_text("{not json")
        result = client.complete(MESSAGES)
    assert result.content == "second" and not result.cached


def test_the_cache_key_covers_the_endpoint_and_the_model() -> None:
    request = {"model": "a", "base_url": "http://x/v1", "messages": MESSAGES, "tools": None}
    assert request_key(request) == request_key(dict(reversed(list(request.items()))))
    assert request_key(request) != request_key({**request, "model": "b"})
    assert request_key(request) != request_key({**request, "base_url": "http://y/v1"})


def test_the_concurrency_limit_bounds_the_requests_in_flight() -> None:
    arrivals: list[float] = []

    def script(request: dict[str, Any]) -> dict[str, Any]:
        arrivals.append(time.perf_counter())
        return {"delay_s": 0.4, "content": "ok"}

    with ScriptedServer(script) as server:
        client = client_for(server, concurrency=2)
        threads = [threading.Thread(target=client.complete, args=(MESSAGES,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    arrivals.sort()
    assert len(arrivals) == 4
    assert arrivals[2] - arrivals[0] >= 0.3  # the third request waited for a free slot


def test_the_api_key_comes_from_the_named_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_TEST_KEY", "sk-test-123")
    monkeypatch.delenv("IFCQA_NO_SUCH_KEY", raising=False)
    with ScriptedServer([{"content": "a"}, {"content": "b"}]) as server:
        client_for(server, api_key_env="IFCQA_TEST_KEY").complete(MESSAGES)
        client_for(server, api_key_env="IFCQA_NO_SUCH_KEY").complete(MESSAGES)
    assert server.headers[0]["authorization"] == "Bearer sk-test-123"
    assert server.headers[1]["authorization"] == "Bearer not-needed"


def test_a_client_without_a_model_is_an_error_naming_the_option() -> None:
    with pytest.raises(IfcqaError, match="--model"):
        ChatClient("", "http://127.0.0.1:1/v1")
