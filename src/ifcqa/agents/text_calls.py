"""Tool calls a model wrote as text: the fallback when a server sends ``tool_calls: null``.

Servers without a tool-call parser for the model (llama.cpp with a generic template, Ollama, vLLM
without ``--tool-call-parser``, many hosted endpoints) pass the model's own call syntax through as
``content``. :func:`parse_text_calls` reads the common forms:

* ``hermes``: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (Qwen, Hermes, many
  fine-tunes; the closing tag may be missing);
* ``function_tag``: ``<function=name>{...}</function>`` (Llama 3.1's custom-tool form);
* ``python_tag``: ``<|python_tag|>{"name": ..., "parameters": {...}}`` (Llama 3.x), several joined by ``;``;
* ``mistral``: ``[TOOL_CALLS] [{"name": ..., "arguments": {...}}]`` and ``[TOOL_CALLS]name[ARGS]{...}``;
* ``fenced``: a Markdown code block (```` ```json ````, ```` ```tool_call ```` or none) holding a call;
* ``json``: a bare JSON object or list of calls anywhere in the text;
* ``pythonic``: ``[name(arg="value", n=3)]`` (Llama 3.2's pythonic form), literal arguments only.

A JSON call may name its function ``name``, ``function``, ``tool`` or ``tool_name`` (or nest the
OpenAI shape ``{"function": {"name", "arguments"}}``) and its arguments ``arguments``, ``parameters``,
``args``, ``input`` or ``tool_input`` (an object, or JSON text). Only names of the functions offered
count, so prose or JSON that merely looks like a call is never run.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

NAME_KEYS = ("name", "function", "tool", "tool_name", "function_name")
ARGUMENT_KEYS = ("arguments", "parameters", "args", "input", "tool_input", "params")
MAX_TEXT = 50_000  # longer replies are not scanned for bare JSON (the tagged forms still are)

_HERMES = re.compile(r"<(tool_call|function_call|functioncall)>\s*(.*?)\s*(?:</\1>|(?=<\1>)|$)", re.S)
_FUNCTION_TAG = re.compile(r"<function=([A-Za-z0-9_.-]+)>\s*(.*?)\s*(?:</function>|$)", re.S)
_PYTHON_TAG = re.compile(r"<\|python_tag\|>\s*(.*?)\s*(?:<\|eom_id\|>|<\|eot_id\|>|$)", re.S)
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*(.*?)\s*(?:</s>|$)", re.S)
_MISTRAL_ARGS = re.compile(r"([A-Za-z0-9_.-]+)\[ARGS\]\s*")
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\n(.*?)```", re.S)
_DECODER = json.JSONDecoder()


@dataclass
class TextCalls:
    """The calls found in a reply, their form, and the reply's text without them."""

    calls: list[dict[str, Any]]  # chat-format tool calls (id, type, function.name/arguments)
    form: str
    rest: str = ""
    spans: list[tuple[int, int]] = field(default_factory=list, repr=False)


def parse_text_calls(text: str | None, names: Collection[str]) -> TextCalls | None:
    """The tool calls written as text in ``text``, or ``None`` when there is none.

    Args:
        text: the assistant message's ``content``.
        names: the functions offered; a call to any other name is not a call.
    """
    if not text or not names:
        return None
    for form, finder in _FINDERS:
        found = [(span, call) for span, call in finder(text, names)]
        if found:
            calls = [_chat_call(name, arguments, n) for n, (_, (name, arguments)) in enumerate(found, start=1)]
            spans = [span for span, _ in found]
            return TextCalls(calls, form, _rest(text, spans), spans)
    return None


Call = tuple[str, dict[str, Any]]
Found = Iterator[tuple[tuple[int, int], Call]]


def as_call(value: Any, names: Collection[str]) -> Call | None:
    """``(name, arguments)`` when ``value`` is a call of one of ``names`` in any of the JSON shapes."""
    if not isinstance(value, dict):
        return None
    nested = value.get("function")
    if isinstance(nested, dict):
        return as_call(nested, names)
    name = next((value[key] for key in NAME_KEYS if isinstance(value.get(key), str)), None)
    if name not in names:
        return None
    raw: Any = next((value[key] for key in ARGUMENT_KEYS if key in value), {})
    if isinstance(raw, str):
        try:
            raw = json.loads(raw) if raw.strip() else {}
        except json.JSONDecodeError:
            return None
    if raw is None:
        raw = {}
    return (str(name), raw) if isinstance(raw, dict) else None


def _calls_in(value: Any, names: Collection[str]) -> list[Call]:
    """The calls of a decoded JSON value: one call, or a list made only of calls."""
    if isinstance(value, list):
        calls = [as_call(entry, names) for entry in value]
        return [c for c in calls if c is not None] if value and all(calls) else []
    call = as_call(value, names)
    return [call] if call else []


def _json_values(text: str, offset: int = 0) -> Iterator[tuple[tuple[int, int], Any]]:
    """Every JSON object or array that starts at a ``{`` or ``[`` of ``text`` (outermost first)."""
    position = 0
    while position < len(text):
        starts = [i for i in (text.find("{", position), text.find("[", position)) if i >= 0]
        if not starts:
            return
        start = min(starts)
        try:
            value, end = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            position = start + 1
            continue
        yield (offset + start, offset + end), value
        position = end


def _from_json_text(text: str, names: Collection[str], span: tuple[int, int]) -> list[tuple[tuple[int, int], Call]]:
    """The calls of a block whose content is JSON (one value, or several separated by ``;`` or lines)."""
    found = []
    for _, value in _json_values(text):
        found += [(span, call) for call in _calls_in(value, names)]
    return found


def _hermes(text: str, names: Collection[str]) -> Found:
    for match in _HERMES.finditer(text):
        body = _unfence(match.group(2))
        yield from _from_json_text(body, names, match.span())


def _function_tag(text: str, names: Collection[str]) -> Found:
    for match in _FUNCTION_TAG.finditer(text):
        name = match.group(1)
        try:
            arguments = json.loads(match.group(2) or "{}")
        except json.JSONDecodeError:
            continue
        if name in names and isinstance(arguments, dict):
            yield match.span(), (name, arguments)


def _python_tag(text: str, names: Collection[str]) -> Found:
    for match in _PYTHON_TAG.finditer(text):
        body = match.group(1)
        found = _from_json_text(body, names, match.span())
        yield from found or [(match.span(), call) for call in _pythonic_calls(body, names)]


def _mistral(text: str, names: Collection[str]) -> Found:
    for match in _MISTRAL.finditer(text):
        body = match.group(1)
        named = list(_MISTRAL_ARGS.finditer(body))
        if named:  # [TOOL_CALLS]name[ARGS]{...}[TOOL_CALLS]name2[ARGS]{...}
            for entry in named:
                try:
                    arguments, _ = _DECODER.raw_decode(body, entry.end())
                except json.JSONDecodeError:
                    continue
                if entry.group(1) in names and isinstance(arguments, dict):
                    yield match.span(), (entry.group(1), arguments)
        else:
            yield from _from_json_text(body, names, match.span())


def _fenced(text: str, names: Collection[str]) -> Found:
    for match in _FENCE.finditer(text):
        if match.group(1).lower() in ("", "json", "tool_call", "tool_calls", "javascript", "json5"):
            yield from _from_json_text(match.group(2), names, match.span())


def _bare_json(text: str, names: Collection[str]) -> Found:
    if len(text) > MAX_TEXT:
        return
    for span, value in _json_values(text):
        for call in _calls_in(value, names):
            yield span, call


_PYTHONIC_LINE = re.compile(r"^\s*\[?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(.*\)\s*\]?\s*$", re.S)


def _pythonic(text: str, names: Collection[str]) -> Found:
    offset = 0
    for line in text.splitlines(keepends=True):
        match = _PYTHONIC_LINE.match(line)
        if match and match.group(1) in names:
            for call in _pythonic_calls(line, names):
                yield (offset, offset + len(line)), call
        offset += len(line)


def _pythonic_calls(source: str, names: Collection[str]) -> list[Call]:
    """``[f(a=1), g(b="x")]`` or ``f(a=1)``: calls of known names with literal keyword arguments."""
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError:
        return []
    nodes = tree.body.elts if isinstance(tree.body, ast.List | ast.Tuple) else [tree.body]
    calls: list[Call] = []
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names):
            return []
        if node.args:
            return []
        try:
            arguments = {str(k.arg): ast.literal_eval(k.value) for k in node.keywords if k.arg}
        except ValueError:
            return []
        calls.append((node.func.id, arguments))
    return calls


def _unfence(text: str) -> str:
    match = _FENCE.search(text)
    return match.group(2) if match else text


_FINDERS = (
    ("hermes", _hermes),
    ("function_tag", _function_tag),
    ("python_tag", _python_tag),
    ("mistral", _mistral),
    ("fenced", _fenced),
    ("json", _bare_json),
    ("pythonic", _pythonic),
)
TEXT_CALL_FORMS = tuple(form for form, _ in _FINDERS)


def _chat_call(name: str, arguments: dict[str, Any], number: int) -> dict[str, Any]:
    return {
        "id": f"text_call_{number}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)},
    }


def _rest(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without the spans of the calls (what the model said besides them)."""
    kept, position = [], 0
    for start, end in sorted(set(spans)):
        if start >= position:
            kept.append(text[position:start])
            position = end
    kept.append(text[position:])
    return "".join(kept).strip()
