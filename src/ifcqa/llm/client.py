"""A chat-completions client for any OpenAI-compatible endpoint, with our own retries and a cache.

The ``openai`` SDK does the HTTP; its own retries are off so that one policy applies everywhere:
timeouts, connection errors, 408, 429 and 5xx are retried with exponential backoff and jitter (a
``Retry-After`` header is honoured); any other 4xx fails at once with an :class:`LLMError` naming the
status and the server's message. A semaphore shared by all threads using one client bounds the
requests in flight. With a :class:`~ifcqa.llm.cache.ResponseCache`, an identical request is answered
from disk without any HTTP traffic.
"""

from __future__ import annotations

import email.utils
import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import openai

from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache

RETRY_STATUSES = frozenset({408, 429})
MAX_BACKOFF_S = 60.0


class LLMError(IfcqaError):
    """An LLM request failed for good (after retries, or at once for a non-retryable 4xx)."""

    code = "llm_error"

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class ChatResult:
    """One completion: the assistant message as a chat message dict, and what it cost."""

    message: dict[str, Any]  # {"role": "assistant", "content": str | None, "tool_calls": [...]?}
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    cached: bool = False
    finish_reason: str | None = None

    @property
    def content(self) -> str:
        """The text of the message ('' when there is none)."""
        return str(self.message.get("content") or "")

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        """The tool calls of the message, in the chat format (``id``, ``function.name/arguments``)."""
        return list(self.message.get("tool_calls") or [])


@dataclass
class ClientUsage:
    """What a client really spent: HTTP attempts and billed tokens (cache hits cost nothing)."""

    calls: int = 0  # complete() calls
    http_requests: int = 0  # attempts sent, retries included
    retries: int = 0
    cache_hits: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, **counts: int) -> None:
        with self._lock:
            for name, value in counts.items():
                setattr(self, name, getattr(self, name) + value)


class ChatClient:
    """Chat completions against one model on one endpoint.

    Args:
        model: The model name the endpoint knows.
        base_url: The endpoint (``http://host:port/v1``); ``None`` for the SDK default.
        api_key_env: The environment variable holding the key; a local server needs none.
        timeout_s: Seconds before one attempt times out.
        max_retries: Retries after the first attempt for retryable failures.
        cache: The response cache, or ``None`` to always ask.
        concurrency: Requests in flight at most, across all threads using this client.
        backoff_s: The first backoff delay; it doubles per retry (with jitter), up to 60 s.
    """

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        timeout_s: float = 120.0,
        max_retries: int = 4,
        cache: ResponseCache | None = None,
        concurrency: int = 4,
        backoff_s: float = 1.0,
    ) -> None:
        if not model:
            raise IfcqaError("No LLM model given. Pass --model NAME (and --base-url URL for a local server).")
        self.model = model
        self.base_url = base_url
        self.timeout_s = timeout_s
        self.max_retries = max(0, max_retries)
        self.cache = cache
        self.backoff_s = backoff_s
        self.usage = ClientUsage()
        self._slots = threading.Semaphore(max(1, concurrency))
        self._sdk = openai.OpenAI(
            base_url=base_url,
            api_key=os.environ.get(api_key_env) or "not-needed",
            timeout=timeout_s,
            max_retries=0,
        )

    def complete(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
        temperature: float | None = 0,
        max_tokens: int | None = None,
        **extra: Any,
    ) -> ChatResult:
        """One chat completion (from the cache when the identical request was made before).

        Args:
            messages: The chat messages.
            tools: OpenAI ``tools`` entries, or ``None`` to offer none.
            tool_choice: ``"auto"``, ``"none"``, ``"required"`` or a named function; ``None`` to omit.
            temperature: The sampling temperature; ``None`` to omit (models that fix it).
            max_tokens: The completion limit; ``None`` to omit.
            **extra: Further body parameters sent as they are (``seed``, ``top_p``, ...).

        Raises:
            LLMError: The request failed after the retries, or the server refused it (4xx).
        """
        params = {"temperature": temperature, "max_tokens": max_tokens, "tool_choice": tool_choice, **extra}
        params = {k: v for k, v in params.items() if v is not None}
        request = {"model": self.model, "base_url": self.base_url, "messages": messages, "tools": tools, **params}
        self.usage.add(calls=1)
        started = time.perf_counter()
        if self.cache is not None:
            hit = self.cache.get(request)
            if hit is not None:
                self.usage.add(cache_hits=1)
                return _result(hit, time.perf_counter() - started, cached=True)
        response = self._with_retries(messages, tools, params)
        self.usage.add(tokens_in=response["tokens_in"], tokens_out=response["tokens_out"])
        if self.cache is not None:
            self.cache.put(request, response)
        return _result(response, time.perf_counter() - started, cached=False)

    def _with_retries(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, params: dict[str, Any]
    ) -> dict[str, Any]:
        attempt = 0
        while True:
            try:
                return self._send(messages, tools, params)
            except openai.APIStatusError as exc:
                failure = _describe_status(exc)
                if not (exc.status_code in RETRY_STATUSES or exc.status_code >= 500):
                    raise LLMError(f"{self._where()} refused the request: {failure}.", exc.status_code) from None
                wait, status = _retry_after(exc), exc.status_code
            except openai.APITimeoutError:
                failure, wait, status = f"timed out after {self.timeout_s:g} s", None, None
            except openai.APIConnectionError as exc:
                failure, wait, status = f"connection failed ({exc.__cause__ or exc})", None, None
            if attempt >= self.max_retries:
                raise LLMError(
                    f"{self._where()} failed after {attempt + 1} attempts: {failure}. "
                    "Check that the server is up and the model is served, or raise --timeout.",
                    status,
                )
            self.usage.add(retries=1)
            time.sleep(self._backoff(attempt) if wait is None else min(wait, MAX_BACKOFF_S))
            attempt += 1

    def _send(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, params: dict[str, Any]
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if tools:
            body["tools"] = tools
        body.update({k: params[k] for k in ("temperature", "max_tokens", "tool_choice") if k in params})
        extra_body = {k: v for k, v in params.items() if k not in body}
        with self._slots:
            self.usage.add(http_requests=1)
            started = time.perf_counter()
            completion = self._sdk.chat.completions.create(**body, extra_body=extra_body or None)
            latency = time.perf_counter() - started
        if not completion.choices:
            raise LLMError(f"{self._where()} returned no choices. Check that the endpoint speaks chat completions.")
        choice = completion.choices[0]
        usage = completion.usage
        return {
            "message": _message_dict(choice.message),
            "finish_reason": choice.finish_reason,
            "tokens_in": usage.prompt_tokens if usage else 0,
            "tokens_out": usage.completion_tokens if usage else 0,
            "latency_s": round(latency, 4),
        }

    def _backoff(self, attempt: int) -> float:
        return float(min(MAX_BACKOFF_S, self.backoff_s * 2**attempt) * (0.5 + random.random()))

    def _where(self) -> str:
        return f"LLM {self.model!r} at {self.base_url or 'the default OpenAI endpoint'}"


def _message_dict(message: Any) -> dict[str, Any]:
    """The assistant message as a plain chat message, ready to send back in the next request."""
    out: dict[str, Any] = {"role": "assistant", "content": message.content}
    calls = [
        {"id": c.id, "type": "function", "function": {"name": c.function.name, "arguments": c.function.arguments}}
        for c in message.tool_calls or []
        if getattr(c, "function", None) is not None
    ]
    if calls:
        out["tool_calls"] = calls
    return out


def _result(response: dict[str, Any], latency_s: float, *, cached: bool) -> ChatResult:
    return ChatResult(
        message=response["message"],
        tokens_in=int(response.get("tokens_in") or 0),
        tokens_out=int(response.get("tokens_out") or 0),
        latency_s=latency_s,
        cached=cached,
        finish_reason=response.get("finish_reason"),
    )


def _describe_status(exc: openai.APIStatusError) -> str:
    body = exc.body
    message = None
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
    return f"HTTP {exc.status_code}: {message or exc.message}"


def _retry_after(exc: openai.APIStatusError) -> float | None:
    """Seconds from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date), if given."""
    headers = exc.response.headers
    if headers.get("retry-after-ms"):
        try:
            return max(0.0, float(headers["retry-after-ms"]) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
