"""The answering protocol shared by the LLM agents: prompts, answer parsing, and the client.

Every LLM agent (tool, code, no-access) puts the same question the same way and reads the answer
the same way, so that only the retrieval interface differs between them (the IFC-MCQ protocol holds
prompts and scoring constant). Prompts are built from :func:`ifcqa.agents.base.public_view` only:
an agent's request can never contain an item's key or provenance.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from ifcqa.agents.base import DEFAULT_MAX_TOKENS, AgentConfig, AgentResult, StepRecord
from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.client import ChatClient, ChatResult
from ifcqa.llm.local import LocalChatClient, is_local_model

ParseKind = Literal["strict", "lenient", "none"]

ANSWER_FORMAT = (
    "End your reply with one final line `ANSWER: <label>` (`ANSWER: <label>,<label>` when you choose several "
    "options): the word ANSWER, a colon, then the label of each option you choose, nothing else on that line."
)
# The per-type example: placeholders, never real labels, so a copied example cannot pass for an answer.
EXAMPLES = {
    "single": "Your last line: ANSWER: <label>, where <label> is one of {letters}.",
    "boolean": "Your last line: ANSWER: <label>, where <label> is one of {letters}.",
    "multi": (
        "Your last line: ANSWER: <label>,<label>,... listing every option you choose, each <label> one of {letters}."
    ),
}
TOOLS_ACCESS = (
    "You can read the model only through the tools offered. Inspect the model with them before answering; "
    "do not guess names, values or counts a tool can give you. A tool error tells you how to fix the call."
)
NO_ACCESS = "You cannot see the model. Answer from the question and the options alone, as well as you can."
SYSTEM_TEMPLATE = "You answer multiple-choice questions about one IFC building model. {access}\n{answer_format}"

TYPE_INSTRUCTIONS = {
    "single": "Exactly one option is correct: choose it.",
    "multi": "One or more options are correct: choose all that apply, and only those.",
    "boolean": "Exactly one option is correct: pick one.",
}
FALLBACK_PROMPT = "No more tool calls or code are allowed. Answer now from what you have seen. " + ANSWER_FORMAT
_COPIED = re.compile(r"ANSWER\s*:\s*(?:<[^>]*>|\$?LETTERS?\b|X\b(?:\s*,\s*Y\b)?)", re.IGNORECASE)

_STRICT = re.compile(r"^ANSWER:\s*([A-E](?:\s*,\s*[A-E])*)\s*$")
_LABELS = r"\(?[A-E]\)?(?:\s*(?:,|&|/|\band\b)\s*\(?[A-E]\)?)*"
_LENIENT_PHRASE = re.compile(rf"\b(?i:answers?)\b(?:\s+(?i:is|are))?\s*[:=-]?\s*({_LABELS})(?![A-Za-z0-9])")
_LENIENT_LINE = re.compile(rf"^({_LABELS})\.?$")


def system_prompt(access: str) -> str:
    """The system prompt of an agent whose way to the model is described by ``access``.

    The same for every item of a run (nothing item-specific, no labels), so that a server can reuse
    the evaluated prefix (system prompt, then the tool schemas) from one request to the next.

    Args:
        access: :data:`TOOLS_ACCESS`, :data:`NO_ACCESS`, or an agent's own sentence (the code agent).
    """
    return SYSTEM_TEMPLATE.format(access=access, answer_format=ANSWER_FORMAT)


def letters_text(labels: list[str]) -> str:
    """``["A", "B", "C"]`` -> ``A, B or C``."""
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} or {labels[-1]}"


def answer_example(question_type: str, labels: list[str]) -> str:
    """The answer-line example fitted to the question type, with a placeholder in place of labels."""
    template = EXAMPLES.get(question_type, EXAMPLES["single"])
    return template.format(letters=letters_text(labels))


def user_prompt(view: dict[str, Any]) -> str:
    """The question put to an agent, from an item's :func:`~ifcqa.agents.base.public_view`."""
    options = "\n".join(f"{o['label']}. {o['text']}" for o in view["options"])
    kind_name = str(view.get("question_type"))
    kind = TYPE_INSTRUCTIONS.get(kind_name, TYPE_INSTRUCTIONS["single"])
    example = answer_example(kind_name, [o["label"] for o in view["options"]])
    return f"Question: {view['question']}\n\nOptions:\n{options}\n\n{kind}\n{example}"


def fallback_prompt(view: dict[str, Any]) -> str:
    """The answer-only turn: :data:`FALLBACK_PROMPT` and the item's answer-line example."""
    labels = [o["label"] for o in view["options"]]
    return f"{FALLBACK_PROMPT}\n{answer_example(str(view.get('question_type')), labels)}"


def copies_example(text: str | None) -> bool:
    """``True`` when the reply's answer line is a format example (``ANSWER: <label>``), not an answer."""
    lines = [line.strip().strip("*`") for line in (text or "").splitlines() if "ANSWER" in line.upper()]
    return bool(lines) and bool(_COPIED.search(lines[-1]))


def parse_answer(text: str | None, labels: list[str]) -> tuple[list[str] | None, ParseKind]:
    """Read the chosen option labels from a reply.

    * **strict**: the last line (surrounding spaces ignored) that matches
      ``^ANSWER:\\s*([A-E](\\s*,\\s*[A-E])*)\\s*$``, e.g. ``ANSWER: A, C``.
    * **lenient** (tried only when no strict line exists; Markdown ``*`` and backticks are removed
      first): the last phrase "answer"/"answers" optionally followed by "is"/"are" and one of ``:``, ``=``, ``-``,
      then uppercase labels, each optionally in parentheses, joined by ``,``, ``&``, ``/`` or "and"
      and not followed by a letter or digit (``The answer is B``, ``Answer: (B)``, ``**ANSWER:** A and
      C``); else a last non-empty line made only of such labels (``B``, ``A, C``, ``(B).``).
    * **none**: neither applies.

    Every label must be one of ``labels``, otherwise the match does not count.

    Returns:
        The chosen labels (sorted, without repeats) and how they were found; ``(None, "none")``
        when no answer could be read.
    """
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    for line in reversed(lines):
        match = _STRICT.match(line)
        if match:
            chosen = _valid(match.group(1), labels)
            return (chosen, "strict") if chosen else (None, "none")
    plain = re.sub(r"[*`]", "", text or "")
    phrases = list(_LENIENT_PHRASE.finditer(plain))
    if phrases:
        chosen = _valid(phrases[-1].group(1), labels)
        if chosen:
            return chosen, "lenient"
    plain_lines = [line.strip() for line in plain.splitlines() if line.strip()]
    last = _LENIENT_LINE.match(plain_lines[-1]) if plain_lines else None
    if last:
        chosen = _valid(last.group(1), labels)
        if chosen:
            return chosen, "lenient"
    return None, "none"


def _valid(found: str, labels: list[str]) -> list[str] | None:
    chosen = sorted(set(re.findall(r"[A-E]", found)))
    return chosen if chosen and all(label in labels for label in chosen) else None


def record_answer(result: AgentResult, text: str | None, labels: list[str]) -> bool:
    """Parse ``text`` into ``result`` (selected, raw_answer, parse, example_copied); ``True`` when read."""
    chosen, kind = parse_answer(text, labels)
    result.raw_answer = text
    result.selected = chosen or []
    result.parse = kind
    result.example_copied = copies_example(text)
    return chosen is not None


def record_usage(result: AgentResult, reply: ChatResult, fallback: bool = False) -> StepRecord:
    """Add one model call to ``result``: a step, its tokens, and its :class:`StepRecord`."""
    result.steps += 1
    result.tokens_in += reply.tokens_in
    result.tokens_out += reply.tokens_out
    step = StepRecord(
        cached=reply.cached,
        retries=getattr(reply, "retries", 0),
        tokens_in=reply.tokens_in,
        tokens_out=reply.tokens_out,
        latency_s=round(reply.latency_s, 4),
        finish_reason=reply.finish_reason,
        native_calls=len(reply.tool_calls),
        fallback=fallback,
    )
    result.steps_log.append(step)
    return step


SAMPLING_KEYS = ("temperature", "max_tokens", "seed", "top_p", "reasoning_effort")


def sampling_params(config: AgentConfig) -> dict[str, Any]:
    """The sampling parameters of a request: ``config.temperature`` (``None`` leaves it out, for models
    that fix it) and ``config.max_tokens`` (never unbounded: ``None`` is :data:`DEFAULT_MAX_TOKENS`), then
    :data:`SAMPLING_KEYS` from ``config.extra`` (which win)."""
    max_tokens = config.max_tokens if config.max_tokens is not None else DEFAULT_MAX_TOKENS
    params: dict[str, Any] = {"temperature": config.temperature, "max_tokens": max_tokens}
    params.update({key: config.extra[key] for key in SAMPLING_KEYS if key in config.extra})
    return params


def client_for(config: AgentConfig) -> ChatClient | LocalChatClient:
    """The chat client of an LLM agent, from its config.

    ``config.cache_dir`` roots the response cache (``<cache_dir>/llm``; the default ifcqa cache
    folder when ``None``); ``config.no_cache`` turns it off, ``config.cache_salt`` is added to its keys.
    Read from ``config.extra``: ``no_cache`` (bool, as ``config.no_cache``), ``max_retries`` (over
    ``config.max_retries``), ``concurrency`` (4), ``backoff_s`` (1.0). The model ``local`` (or
    ``local:PATH.gguf``) runs in process (:class:`~ifcqa.llm.local.LocalChatClient`; ``n_threads`` 2,
    ``n_ctx`` 8192, ``grammar`` and ``chat_template`` from ``extra``).

    Raises:
        IfcqaError: No model is configured, or the local model is not installed.
    """
    if not config.model:
        raise IfcqaError("An LLM agent needs a model. Pass --model NAME (and --base-url URL for a local server).")
    extra = config.extra
    cache = None
    if not (config.no_cache or extra.get("no_cache")):
        cache = ResponseCache(config.cache_dir / "llm" if config.cache_dir is not None else None)
    if is_local_model(config.model):
        return LocalChatClient(
            config.model,
            cache=cache,
            seed=config.seed,
            n_threads=int(extra.get("n_threads", 2)),
            n_ctx=int(extra.get("n_ctx", 8192)),
            timeout_s=config.timeout_s,
            max_retries=int(extra.get("max_retries", config.max_retries)),
            backoff_s=float(extra.get("backoff_s", 1.0)),
            cache_salt=config.cache_salt,
            grammar=extra.get("grammar"),
            chat_template=extra.get("chat_template"),
        )
    return ChatClient(
        model=config.model,
        base_url=config.base_url,
        api_key_env=config.api_key_env,
        timeout_s=config.timeout_s,
        max_retries=int(extra.get("max_retries", config.max_retries)),
        cache=cache,
        concurrency=int(extra.get("concurrency", 4)),
        backoff_s=float(extra.get("backoff_s", 1.0)),
        cache_salt=config.cache_salt,
    )
