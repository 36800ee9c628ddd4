"""The answering protocol shared by the LLM agents: prompts, answer parsing, and the client.

Every LLM agent (tool, code, no-access) puts the same question the same way and reads the answer
the same way, so that only the retrieval interface differs between them (the IFC-MCQ protocol holds
prompts and scoring constant). Prompts are built from :func:`ifcqa.agents.base.public_view` only:
an agent's request can never contain an item's key or provenance.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from ifcqa.agents.base import AgentConfig, AgentResult
from ifcqa.errors import IfcqaError
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.client import ChatClient, ChatResult
from ifcqa.llm.local import LocalChatClient, is_local_model

ParseKind = Literal["strict", "lenient", "none"]

ANSWER_FORMAT = (
    "End your reply with a final line of the form `ANSWER: B`, or `ANSWER: A,C` when you choose several "
    "options: the word ANSWER, a colon, and the option labels separated by commas, nothing else on that line."
)
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

_STRICT = re.compile(r"^ANSWER:\s*([A-E](?:\s*,\s*[A-E])*)\s*$")
_LABELS = r"\(?[A-E]\)?(?:\s*(?:,|&|/|\band\b)\s*\(?[A-E]\)?)*"
_LENIENT_PHRASE = re.compile(rf"\b(?i:answers?)\b(?:\s+(?i:is|are))?\s*[:=-]?\s*({_LABELS})(?![A-Za-z0-9])")
_LENIENT_LINE = re.compile(rf"^({_LABELS})\.?$")


def system_prompt(access: str) -> str:
    """The system prompt of an agent whose way to the model is described by ``access``.

    Args:
        access: :data:`TOOLS_ACCESS`, :data:`NO_ACCESS`, or an agent's own sentence (the code agent).
    """
    return SYSTEM_TEMPLATE.format(access=access, answer_format=ANSWER_FORMAT)


def user_prompt(view: dict[str, Any]) -> str:
    """The question put to an agent, from an item's :func:`~ifcqa.agents.base.public_view`."""
    options = "\n".join(f"{o['label']}. {o['text']}" for o in view["options"])
    kind = TYPE_INSTRUCTIONS.get(str(view.get("question_type")), TYPE_INSTRUCTIONS["single"])
    return f"Question: {view['question']}\n\nOptions:\n{options}\n\n{kind}\n{ANSWER_FORMAT}"


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
    """Parse ``text`` into ``result`` (selected, raw_answer, parse); ``True`` when an answer was read."""
    chosen, kind = parse_answer(text, labels)
    result.raw_answer = text
    result.selected = chosen or []
    result.parse = kind
    return chosen is not None


def record_usage(result: AgentResult, reply: ChatResult) -> None:
    """Add one model call to ``result``: a step and its tokens."""
    result.steps += 1
    result.tokens_in += reply.tokens_in
    result.tokens_out += reply.tokens_out


SAMPLING_KEYS = ("temperature", "max_tokens", "seed", "top_p", "reasoning_effort")


def sampling_params(config: AgentConfig) -> dict[str, Any]:
    """The sampling parameters an agent passes on from ``config.extra`` (:data:`SAMPLING_KEYS`)."""
    return {key: config.extra[key] for key in SAMPLING_KEYS if key in config.extra}


def client_for(config: AgentConfig) -> ChatClient | LocalChatClient:
    """The chat client of an LLM agent, from its config.

    ``config.cache_dir`` roots the response cache (``<cache_dir>/llm``; the default ifcqa cache
    folder when ``None``). Read from ``config.extra``: ``no_cache`` (bool), ``max_retries`` (4),
    ``concurrency`` (4), ``backoff_s`` (1.0). The model ``local`` (or ``local:PATH.gguf``) runs in
    process (:class:`~ifcqa.llm.local.LocalChatClient`; ``n_threads`` 2, ``n_ctx`` 8192 from ``extra``).

    Raises:
        IfcqaError: No model is configured, or the local model is not installed.
    """
    if not config.model:
        raise IfcqaError("An LLM agent needs a model. Pass --model NAME (and --base-url URL for a local server).")
    extra = config.extra
    cache = None
    if not extra.get("no_cache"):
        cache = ResponseCache(config.cache_dir / "llm" if config.cache_dir is not None else None)
    if is_local_model(config.model):
        return LocalChatClient(
            config.model,
            cache=cache,
            seed=config.seed,
            n_threads=int(extra.get("n_threads", 2)),
            n_ctx=int(extra.get("n_ctx", 8192)),
        )
    return ChatClient(
        model=config.model,
        base_url=config.base_url,
        api_key_env=config.api_key_env,
        timeout_s=config.timeout_s,
        max_retries=int(extra.get("max_retries", 4)),
        cache=cache,
        concurrency=int(extra.get("concurrency", 4)),
        backoff_s=float(extra.get("backoff_s", 1.0)),
    )
