"""A chat-completions client for any OpenAI-compatible endpoint, with our own retries and a cache.

The ``openai`` SDK does the HTTP; its own retries are off so that one policy applies everywhere:
only what can change on a second try is retried (timeouts, connection resets, 408, 429, 502-504
and a 500 whose body does not say the request itself failed; a refused connection, where nothing
listens, is not), with exponential backoff and jitter (a
``Retry-After`` header is honoured). A 500 whose body says the model's output was malformed (a tool
call parser failing at temperature 0, say) fails the same way every time, so it fails at once, as
every other 4xx/5xx does. The :class:`LLMError` says what happened (:attr:`LLMError.kind`), keeps the
server's response body, and names a fix only where there is one. A semaphore shared by all threads
using one client bounds the requests in flight. With a :class:`~ifcqa.llm.cache.ResponseCache`, an
identical request (plus the optional ``cache_salt``) is answered from disk without any HTTP traffic,
and the result says so (:attr:`ChatResult.cached`).
"""

from __future__ import annotations

import email.utils
import os
import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Literal

import openai

from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache

RETRY_STATUSES = frozenset({408, 429, 502, 503, 504})
MAX_BACKOFF_S = 60.0
BODY_CHARS = 2000  # the server's response body kept with an error
# A 500 whose body says this is the request's own fault: the same request fails the same way again.
DETERMINISTIC_500 = re.compile(
    r"malformed|does not match|doesn't match|failed to parse|parse error|could not parse|cannot parse|"
    r"unable to parse|invalid (?:json|tool|function|format|grammar|schema)|grammar|template|"
    r"context (?:length|size|window)|exceeds? the (?:context|maximum)|too (?:long|many tokens)",
    re.IGNORECASE,
)
ErrorKind = Literal["connection", "auth", "timeout", "rate_limit", "server", "request", "protocol"]
# kinds that no later item can get past: a run whose first items all fail with one of these stops
FATAL_KINDS = frozenset({"connection", "auth"})


class LLMError(IfcqaError):
    """An LLM request failed for good (after retries, or at once when a retry cannot change it).

    Attributes:
        status: The HTTP status, when the server answered.
        kind: What happened: ``connection`` (nothing answered), ``auth`` (401/403), ``timeout``,
            ``rate_limit`` (429 to the end), ``server`` (5xx), ``request`` (another 4xx, or a 500 the
            request itself caused), ``protocol`` (an answer that is not a chat completion).
        body: The server's response body (cut at :data:`BODY_CHARS`), when there was one.
        attempts: HTTP attempts made.
    """

    code = "llm_error"

    def __init__(
        self,
        message: str,
        status: int | None = None,
        kind: ErrorKind = "request",
        body: str | None = None,
        attempts: int = 1,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.kind: ErrorKind = kind
        self.body = body
        self.attempts = attempts


@dataclass
class ChatResult:
    """One completion: the assistant message as a chat message dict, and what it cost."""

    message: dict[str, Any]  # {"role": "assistant", "content": str | None, "tool_calls": [...]?}
    tokens_in: int = 0
    tokens_out: int = 0
    latency_s: float = 0.0
    cached: bool = False
    finish_reason: str | None = None
    retries: int = 0  # attempts that failed before this answer came

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
        cache_salt: Text added to every cache key: a new salt asks every request again (after a change
            on the server that the request does not show: another template, quantisation or model).
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
        cache_salt: str | None = None,
    ) -> None:
        if not model:
            raise IfcqaError("No LLM model given. Pass --model NAME (and --base-url URL for a local server).")
        self.model = model
        self.base_url = base_url
        self.timeout_s = timeout_s
        self.max_retries = max(0, max_retries)
        self.cache = cache
        self.backoff_s = backoff_s
        self.cache_salt = cache_salt or None
        self.api_key_env = api_key_env
        self._has_key = bool(os.environ.get(api_key_env))
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
        if self.cache_salt:
            request["cache_salt"] = self.cache_salt
        self.usage.add(calls=1)
        started = time.perf_counter()
        if self.cache is not None:
            hit = self.cache.get(request)
            if hit is not None:
                self.usage.add(cache_hits=1)
                return _result(hit, time.perf_counter() - started, cached=True)
        response, retries = self._with_retries(messages, tools, params)
        self.usage.add(tokens_in=response["tokens_in"], tokens_out=response["tokens_out"])
        if self.cache is not None:
            self.cache.put(request, response)
        result = _result(response, time.perf_counter() - started, cached=False)
        result.retries = retries
        return result

    def _with_retries(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, params: dict[str, Any]
    ) -> tuple[dict[str, Any], int]:
        """The response and the number of retries it took."""
        attempt = 0
        while True:
            try:
                return self._send(messages, tools, params), attempt
            except openai.APIStatusError as exc:
                status, body = exc.status_code, _body_text(exc)
                kind, retry = _classify(status, body)
                failure, wait = _describe_status(exc), _retry_after(exc)
                if not retry:
                    raise LLMError(self._refused(status, kind, failure), status, kind, body, attempt + 1) from None
            except openai.APITimeoutError:
                failure, kind = f"no answer within {self.timeout_s:g} s", "timeout"
                wait, status, body = None, None, None
            except openai.APIConnectionError as exc:
                failure, kind = _connection_failure(exc), "connection"
                wait, status, body = None, None, None
            if attempt >= self.max_retries or failure == "connection refused":  # nothing listens: no retry
                raise LLMError(self._gave_up(kind, failure, attempt + 1), status, kind, body, attempt + 1)
            self.usage.add(retries=1)
            time.sleep(self._backoff(attempt) if wait is None else min(wait, MAX_BACKOFF_S))
            attempt += 1

    def _refused(self, status: int, kind: ErrorKind, failure: str) -> str:
        """The message of a request that fails at once (a retry would fail the same way)."""
        where = self._where()
        if kind == "auth":
            key = (
                f"the key in ${self.api_key_env} was refused"
                if self._has_key
                else f"no key was sent (${self.api_key_env} is not set)"
            )
            return (
                f"{where} refused the request: {failure}; {key}. Set the key in that variable, "
                "or name the variable holding it with --api-key-env."
            )
        if status >= 500:
            return (
                f"{where} failed on this request: {failure}. The server says the request itself failed, so "
                "the same request would fail again and it was not retried."
            )
        return f"{where} refused the request: {failure}."

    def _gave_up(self, kind: ErrorKind, failure: str, attempts: int) -> str:
        """The message of a failure that persisted through every retry."""
        where = self._where()
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        if kind == "connection":
            return (
                f"{where}: cannot connect ({failure}; {tries}). Check that the server is running at that "
                "address, or pass the right one with --base-url."
            )
        if kind == "timeout":
            return (
                f"{where}: {failure} ({tries}). A slow or cold server (a long prompt on a CPU) may need a "
                "longer --timeout; fewer tools (--tools core) make the prompt shorter."
            )
        if kind == "rate_limit":
            return f"{where}: still rate-limited after {tries} ({failure}). Lower --concurrency, or try later."
        return f"{where}: the server failed on every one of {tries} ({failure})."

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
            raise LLMError(
                f"{self._where()} returned no choices. Check that the endpoint speaks chat completions.",
                kind="protocol",
            )
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


def _body_text(exc: openai.APIStatusError) -> str | None:
    """The response body as text (cut at :data:`BODY_CHARS`), for the record."""
    try:
        text = exc.response.text
    except Exception:  # a streamed or closed response: fall back to what the SDK parsed
        text = str(exc.body) if exc.body is not None else ""
    return text[:BODY_CHARS] if text else None


def _classify(status: int, body: str | None) -> tuple[ErrorKind, bool]:
    """What an HTTP error status means, and whether a retry can change it."""
    if status in (401, 403):
        return "auth", False
    if status == 429:
        return "rate_limit", True
    if status in RETRY_STATUSES:
        return "server", True
    if status == 500:
        deterministic = bool(body and DETERMINISTIC_500.search(body))
        return ("request", False) if deterministic else ("server", True)
    if status >= 500:
        return "server", status not in (501, 505)
    return "request", False


def _connection_failure(exc: openai.APIConnectionError) -> str:
    """The cause of a connection failure in a few words (``connection refused``...)."""
    cause: BaseException | None = exc
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    text = str(cause or exc)
    lowered = text.lower()
    for words in ("connection refused", "connection reset", "name or service not known", "no route to host"):
        if words in lowered:
            return words
    return text or "connection failed"


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
