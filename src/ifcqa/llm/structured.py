"""One JSON object from a chat model: structured output where the server has it, JSON in text where it refuses.

``response_format`` ``json_schema`` (llama.cpp, vLLM, OpenAI) makes the server constrain the reply to the schema.
A server without it answers HTTP 400; the same request is then sent once more without ``response_format`` (the
schema stays in the prompt) and the text must be one JSON object. Callers validate the object themselves (a
server may accept ``json_schema`` and still not enforce it).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from ifcqa.llm.client import ChatClient, ChatResult, LLMError

_FENCE = re.compile(r"^```(?:json)?\s*\n?(?P<body>.*?)\n?```$", re.S)


@dataclass
class JsonReply:
    """The reply, and how it was asked for: ``json_schema`` (structured output) or ``text`` (the server refused it)."""

    result: ChatResult
    mode: str


def complete_json(
    client: ChatClient, messages: list[dict[str, Any]], schema: dict[str, Any], name: str, *,
    structured: bool = True, **params: Any,
) -> JsonReply:
    """A completion constrained to ``schema`` when the server supports ``json_schema``, else a plain one.

    Args:
        client: the chat client.
        messages: the chat messages (the prompt should state the schema too, for servers that refuse it).
        schema: the JSON schema of the object wanted.
        name: the schema's name (``[a-zA-Z0-9_-]``).
        structured: ``False`` skips ``json_schema`` (a server known to refuse it).
        **params: further parameters of :meth:`ChatClient.complete` (``temperature``, ``max_tokens`` ...).

    Raises:
        LLMError: the request failed (other than a 400 refusing ``json_schema``).
    """
    if structured:
        wanted = {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}
        try:
            return JsonReply(client.complete(messages, response_format=wanted, **params), "json_schema")
        except LLMError as exc:
            if exc.status != 400:
                raise
    return JsonReply(client.complete(messages, **params), "text")  # a server without structured output


def strict_json_object(text: str) -> dict[str, Any]:
    """The reply as one JSON object: the whole text (or a fenced ```json block that is the whole text).

    Raises:
        ValueError: the text is not exactly one JSON object (the message says what is wrong).
    """
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group("body").strip()
    if not body:
        raise ValueError("the reply is empty")
    try:
        value = json.loads(body)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the reply is not one JSON object ({exc.msg} at character {exc.pos})") from None
    if not isinstance(value, dict):
        raise ValueError(f"the reply is JSON but not an object (a {type(value).__name__})")
    return value
